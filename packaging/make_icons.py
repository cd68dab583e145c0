#!/usr/bin/env python3
"""Render every icon file the packages need from the one source, resources/icons/rackwright.svg.

    .venv/bin/python packaging/make_icons.py          # rewrite them (after editing the SVG)
    .venv/bin/python packaging/make_icons.py --check  # exit 1 if they are stale (tests do this)

Writes, next to the SVG:
- ``rackwright.ico``: Windows (executable, installer, .rackplan files), one PNG-compressed
  image per size Windows picks from (16, 20, 24, 32, 40, 48, 64 at 100-200 % scaling,
  256 for large icons and Explorer's tiles);
- ``rackwright.icns``: macOS (Rackwright.app and its documents): the ten images of an
  iconset (16, 32, 128, 256 and 512 pt, each at 1x and @2x: 16 to 1024 px), PNG each,
  written here because Pillow's writer leaves out 16 and 32 px at 1x;
- ``hicolor/NxN/apps/rackwright.png``: Linux, the freedesktop icon theme sizes beside the
  scalable SVG (packaging/install-linux.sh copies the tree into PREFIX/share/icons/hicolor);
- ``icons.sha256``: the SVG's hash, so a test can tell when the SVG changed and these did not.

Needs PySide6 (QtSvg renders) and Pillow (writes .ico and PNGs; a reportlab dependency).
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
# macOS iconset: (OSType, points, scale), as iconutil names them (icon_16x16.png,
# icon_16x16@2x.png, ...); every entry holds a PNG of points * scale pixels
ICNS_TYPES = (
    ("icp4", 16, 1), ("ic11", 16, 2), ("icp5", 32, 1), ("ic12", 32, 2), ("ic07", 128, 1),
    ("ic13", 128, 2), ("ic08", 256, 1), ("ic14", 256, 2), ("ic09", 512, 1), ("ic10", 512, 2),
)
ICNS_SIZES = tuple(sorted({pt * scale for _, pt, scale in ICNS_TYPES}))
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


def _png(image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def icns(images: dict) -> bytes:
    """An .icns container: 'icns', total length, then (OSType, length, PNG) per ICNS_TYPES
    entry, lengths big-endian and counting their 8-byte headers (Apple's icns format)."""
    import struct

    body = b"".join(struct.pack(">4sI", t.encode(), 8 + len(png)) + png
                    for t, png in ((t, _png(images[pt * scale])) for t, pt, scale in ICNS_TYPES))
    return struct.pack(">4sI", b"icns", 8 + len(body)) + body


def read_icns(data: bytes) -> dict[str, bytes]:
    """OSType -> data of each entry of an .icns file; ValueError if the lengths do not add up."""
    import struct

    magic, total = struct.unpack(">4sI", data[:8])
    if magic != b"icns" or total != len(data):
        raise ValueError(f"not an icns file or wrong length ({magic!r}, {total} != {len(data)})")
    out, at = {}, 8
    while at < total:
        kind, length = struct.unpack(">4sI", data[at:at + 8])
        if length < 8 or at + length > total:
            raise ValueError(f"entry {kind!r} at {at} runs past the end")
        out[kind.decode("latin-1")] = data[at + 8:at + length]
        at += length
    return out


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
    out[ICONS / "rackwright.icns"] = icns(images)
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
