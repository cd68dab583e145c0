"""Screenshots of the app in one language at one window size: the main window, every dock
on its own, every dialog a menu action opens (shown non-blocking, grabbed, closed) and the
message boxes' texts. Not a test: for looking at the pictures (German is longer: clipped,
overlapping or untranslated text is a bug).

    python bench/screens_de.py --lang de --size 1366x768 --out /tmp/shots-de-1366
    # under a real X server (what users see; offscreen grabs repaint everything):
    Xvfb :62 -screen 0 1366x768x24 &
    DISPLAY=:62 QT_QPA_PLATFORM=xcb python bench/screens_de.py --size 1366x768 --out /tmp/shots

Writes ``main.png``, ``dock-<name>.png``, ``dialog-<menu path>.png`` and ``texts.txt`` (every
message box, input and file dialog text the walk met) to ``--out``; prints one line a picture.
Opens a copy of ``examples/xe9680-h100-pod.json`` (or ``--plan``); user data and settings go
to a temporary directory, so a real installation is not touched.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9ÄÖÜäöüß]+", "-", text.replace("&", "")).strip("-")[:60] or "x"


class _Patch:
    """monkeypatch's setattr, for tests.i18n_walk.Patches outside pytest."""

    def __init__(self) -> None:
        self.saved: list[tuple[Any, str, Any]] = []

    def setattr(self, obj: Any, name: str, value: Any) -> None:
        self.saved.append((obj, name, obj.__dict__.get(name)))
        setattr(obj, name, value)

    def setenv(self, key: str, value: str) -> None:
        os.environ[key] = value

    def undo(self) -> None:
        for obj, name, old in reversed(self.saved):
            if old is not None:
                setattr(obj, name, old)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", default="de", choices=("de", "en"))
    ap.add_argument("--size", default="1366x768", help="window size, WxH")
    ap.add_argument("--out", default=None, help="folder for the pictures (default: a new temporary one)")
    ap.add_argument("--plan", default=str(ROOT / "examples" / "xe9680-h100-pod.json"))
    args = ap.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    out = Path(args.out or tempfile.mkdtemp(prefix=f"rackwright-shots-{args.lang}-"))
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="rackwright-shots-work-"))
    os.environ["RACKWRIGHT_LANG"] = args.lang
    os.environ["RACKWRIGHT_USER_DATA"] = str(work / "data")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QDialog, QDockWidget

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from tests import i18n_walk as walk
    from ui.settings import AppSettings
    from ui.shell.app import open_window

    plan = work / Path(args.plan).name
    shutil.copy(args.plan, plan)
    settings = AppSettings(QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat))
    win = open_window(str(plan), None, settings, background=False)
    win.show()
    win.resize(width, height)
    for _ in range(20):
        app.processEvents()

    def save(widget: Any, name: str) -> None:
        app.processEvents()
        path = out / f"{name}.png"
        widget.grab().save(str(path))
        print(f"{path}  {widget.width()}x{widget.height()}")

    save(win, "main")
    for dock in win.findChildren(QDockWidget):
        if dock.isVisible() or dock.isVisibleTo(win):
            dock.raise_()
            save(dock, f"dock-{dock.objectName()}")

    texts = walk.Texts()
    mp = _Patch()
    patches = walk.Patches(mp, texts)
    current = {"path": "?"}

    def grab_exec(dlg: QDialog) -> int:  # a modal dialog: shown, grabbed, rejected
        dlg.show()
        for _ in range(5):
            app.processEvents()
        save(dlg, "dialog-" + _slug(current["path"]))
        dlg.reject()
        return 0

    mp.setattr(QDialog, "exec", grab_exec)
    before = set(QApplication.topLevelWidgets())
    try:
        for path, act in list(walk.menu_actions(win)):
            if any(getattr(win, n, None) is act for n in walk.SKIP_ACTIONS) or not act.isEnabled():
                continue
            current["path"] = patches.where = path
            act.trigger()
            for _ in range(5):
                app.processEvents()
            for w in QApplication.topLevelWidgets():
                if w not in before and w.isVisible():  # a non-modal dialog or window
                    save(w, "window-" + _slug(path))
                    w.close()
            app.processEvents()
            win.doc.undo_stack.setClean()
    finally:
        mp.undo()
    (out / "texts.txt").write_text("".join(f"{where}: {t}\n" for t, where in texts.items.items()
                                           if "message box" in where or "input dialog" in where
                                           or "file dialog" in where), encoding="utf-8")
    print(out / "texts.txt")
    win.doc.undo_stack.setClean()
    win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
