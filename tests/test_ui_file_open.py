"""macOS hands a double-clicked .rackplan to the app as a QFileOpenEvent (not argv): the app
opens it, whether the event comes before the main window exists or after."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from planner.files.documents import load_plan
from tests.fixtures.ui_app.support import fixture_catalog

pytestmark = pytest.mark.gui
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "xe9680-h100-pod.json"


def _rackplan(tmp_path: Path, name: str) -> Path:
    """A .rackplan (SQLite project file) of the example, as Finder would hand it over."""
    from planner.files.documents import save_plan

    src = tmp_path / f"{name}.json"
    shutil.copy(EXAMPLE, src)
    out = tmp_path / f"{name}.rackplan"
    save_plan(load_plan(src), out)
    return out


def _open(qtbot, tmp_path, path=None):
    from ui.settings import AppSettings
    from ui.shell.app import application, open_window

    application()
    settings = AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win = open_window(path, fixture_catalog(), settings, background=False)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    return win


def _send(path: Path) -> None:
    QCoreApplication.sendEvent(QApplication.instance(), QFileOpenEvent(str(path)))


def test_file_open_event_after_start_opens_the_plan(qtbot, tmp_path):
    win = _open(qtbot, tmp_path)
    assert win.doc.path is None  # started without a plan (a new one)
    plan = _rackplan(tmp_path, "pod")
    _send(plan)
    assert win.doc.path == plan
    assert len(list(win.doc.plan.racks())) == len(list(load_plan(plan).racks()))
    assert win.windowTitle().startswith("pod") or "pod" in win.windowTitle()


def test_file_open_event_before_the_window_is_the_plan_it_opens(qtbot, tmp_path):
    from ui.shell.app import application, file_open_handler

    plan = _rackplan(tmp_path, "early")
    handler = file_open_handler(application())
    handler.window = None  # as at launch: no window yet
    _send(plan)
    assert handler.pending == str(plan)
    win = _open(qtbot, tmp_path)  # `rackwright` started without a path, as Finder does
    assert win.doc.path == plan and handler.pending is None
