#!/usr/bin/env python3
"""Grab docs/screenshots/main-window.png: the main window at 1920x1080 with the example
plan loaded, rendered offscreen (no display needed); with ``--gb200`` also
docs/screenshots/gb200-rack-view.png and gb200-fabric-view.png (examples/gb200-nvl72.json:
the NVL72 racks' elevations and the first rack's NVLink domain).

    QT_QPA_PLATFORM=offscreen .venv/bin/python examples/screenshot.py [OUT.png] [--gb200]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QSettings

    from ui.settings import AppSettings
    from ui.shell.app import application, open_window

    gb200 = "--gb200" in argv
    argv = [a for a in argv if a != "--gb200"]
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots" / "main-window.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    app = application()
    with tempfile.TemporaryDirectory() as tmp:  # default layout, light theme, metric
        settings = AppSettings(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
        settings.theme = "light"
        win = open_window(str(ROOT / "examples" / "xe9680-h100-pod.json"), None, settings, background=False)
        win.resize(1920, 1080)
        win.doc.select([("placement", "gpu-1")])
        for _ in range(5):
            app.processEvents()
        win.rack_view.view.fit()
        app.processEvents()
        ok = win.grab().save(str(out))
        win.doc.undo_stack.setClean()
        win.close()
        print(f"{'wrote' if ok else 'FAILED to write'} {out}")
        if gb200:
            ok = grab_gb200(app, settings, out.parent) and ok
    return 0 if ok else 1


def grab_gb200(app: object, settings: object, folder: Path) -> bool:
    """The GB200 NVL72 example: rack elevations (48U racks of 1U trays, power shelves and
    NVLink switch trays) and the NVLink fabric view of the first rack."""
    from ui.shell.app import open_window

    win = open_window(str(ROOT / "examples" / "gb200-nvl72.json"), None, settings, background=False)
    win.resize(1920, 1080)
    tray = next(p.id for r in win.doc.plan.racks() for p in r.placements if p.name and "ct01" in p.name)
    win.doc.select([("placement", tray)])
    for _ in range(5):
        app.processEvents()  # type: ignore[attr-defined]
    win.rack_view.view.fit()
    app.processEvents()  # type: ignore[attr-defined]
    ok = True
    for name, widget in (("gb200-rack-view.png", win), ("gb200-fabric-view.png", None)):
        if widget is None:
            fv = win.fabric_view
            fv.set_fabric(win.doc.plan.fabrics[0].id)
            fv.setParent(None)  # grab it at a readable size, outside its dock
            fv.resize(1600, 900)
            fv.show()
            for _ in range(5):
                app.processEvents()  # type: ignore[attr-defined]
            fv.view.fit()
            widget = fv
        path = folder / name
        saved = widget.grab().save(str(path))
        print(f"{'wrote' if saved else 'FAILED to write'} {path}")
        ok = ok and saved
    win.doc.undo_stack.setClean()
    win.close()
    return ok


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
