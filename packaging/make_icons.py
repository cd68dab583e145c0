#!/usr/bin/env python3
"""Render every icon file the packages need from the one source, resources/icons/rackwright.svg.

    .venv/bin/python packaging/make_icons.py          # rewrite them (after editing the SVG)
    .venv/bin/python packaging/make_icons.py --check  # exit 1 if they are stale (tests do this)

Writes, next to the SVG:
- ``rackwright.ico``: Windows (executable, installer, .rackplan files), one PNG-compressed
  image per size Windows picks from (16, 20, 24, 32, 40, 48, 64 at 100-200 % scaling,
  256 for large icons and Explorer's tiles);
- ``rackwright.icns``: macOS (Rackwright.app and its documents), 16 to 1024 px including the
  @2x variants;
- ``hicolor/NxN/apps/rackwright.png``: Linux, the freedesktop icon theme sizes beside the
  scalable SVG (packaging/install-linux.sh copies the tree into PREFIX/share/icons/hicolor);
- ``icons.sha256``: the SVG's hash, so a test can tell when the SVG changed and these did not.

Needs PySide6 (QtSvg renders) and Pillow (writes .ico/.icns; a reportlab dependency).
The files are committed: the Windows and macOS builds need no rendering step.
"""

from __future__ import annotations

import hashlib
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "rackwright.svg"
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
STAMP = ICONS / "icons.sha256"


def svg_hash() -> str:
    return hashlib.sha256(SVG.read_bytes()).hexdigest()


def render(size: int):
    """The SVG at size x size pixels, as a Pillow RGBA image."""
    from PIL import Image
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: cannot read {SVG}")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")
    buf.close()
    return Image.open(io.BytesIO(bytes(data))).convert("RGBA")


def outputs() -> dict[Path, bytes]:
    """Every file this script writes and its content."""
    sizes = sorted(set(ICO_SIZES) | set(ICNS_SIZES) | set(HICOLOR_SIZES))
    images = {s: render(s) for s in sizes}
    out: dict[Path, bytes] = {}
    for s in HICOLOR_SIZES:
        buf = io.BytesIO()
        images[s].save(buf, "PNG", optimize=True)
        out[ICONS / "hicolor" / f"{s}x{s}" / "apps" / "rackwright.png"] = buf.getvalue()
    buf = io.BytesIO()
    big = images[max(ICO_SIZES)]
    big.save(buf, "ICO", sizes=[(s, s) for s in ICO_SIZES],
             append_images=[images[s] for s in ICO_SIZES if s != max(ICO_SIZES)])
    out[ICONS / "rackwright.ico"] = buf.getvalue()
    buf = io.BytesIO()
    images[1024].save(buf, "ICNS", append_images=[images[s] for s in ICNS_SIZES if s != 1024])
    out[ICONS / "rackwright.icns"] = buf.getvalue()
    out[STAMP] = f"{svg_hash()}  rackwright.svg\n".encode()
    return out


def stale() -> list[str]:
    """What is missing or older than the SVG (by the recorded hash)."""
    names = [ICONS / "rackwright.ico", ICONS / "rackwright.icns"]
    names += [ICONS / "hicolor" / f"{s}x{s}" / "apps" / "rackwright.png" for s in HICOLOR_SIZES]
    problems = [str(p.relative_to(ROOT)) + " is missing" for p in names if not p.is_file()]
    if not STAMP.is_file() or STAMP.read_text().split()[0] != svg_hash():
        problems.append("resources/icons/rackwright.svg changed since the icons were rendered")
    return problems


def main(argv: list[str]) -> int:
    if "--check" in argv:
        problems = stale()
        for p in problems:
            print(f"make_icons: {p}; run packaging/make_icons.py", file=sys.stderr)
        return 1 if problems else 0
    for path, data in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
