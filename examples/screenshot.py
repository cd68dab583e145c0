#!/usr/bin/env python3
"""Grab docs/screenshots/main-window.png: the main window at 1920x1080 with the example
plan loaded, rendered offscreen (no display needed).

    QT_QPA_PLATFORM=offscreen .venv/bin/python examples/screenshot.py [OUT.png]
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

    from ui.app import application, open_window
    from ui.settings import AppSettings

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
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
