"""A plan file dropped on the main window opens it, after the unsaved-changes question;
other files are refused at the drag (issue 31: desktop basics users try first)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from tests.fixtures.ui_app.support import make_window

pytestmark = pytest.mark.gui
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


def _mime(*paths: Path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def _send(event_type, target, mime) -> bool:
    """A drag event of ``event_type`` (QDragEnterEvent, QDropEvent) sent to ``target``: accepted?"""
    point = QPointF(20, 20) if event_type is QDropEvent else QPoint(20, 20)
    ev = event_type(point, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    ev.ignore()
    QApplication.sendEvent(target, ev)
    return ev.isAccepted()


def _enter(target, mime) -> bool:
    return _send(QDragEnterEvent, target, mime)


def _drop(target, mime) -> bool:
    return _send(QDropEvent, target, mime)


def test_dropping_a_plan_file_opens_it_after_asking_about_unsaved_changes(qtbot, tmp_path, monkeypatch):
    from ui import dialogs

    plan = tmp_path / "Kunde pod.json"
    shutil.copy(EXAMPLE, plan)
    other = tmp_path / "notes.txt"
    other.write_text("not a plan")
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda parent, name: asked.append(name) or "discard")
    win = make_window(qtbot, tmp_path)
    win.doc.plan.metadata.project = "edited"  # something to lose
    win.doc.undo_stack.resetClean()

    assert not _enter(win, _mime(other)), "a text file is not a plan"
    assert _enter(win, _mime(other, plan))
    assert _enter(win.docks["findingsDock"].widget(), _mime(plan)), "a drop on a panel reaches the window"
    assert _drop(win, _mime(plan))
    qtbot.waitUntil(lambda: win.doc.path is not None and win.doc.path.name == plan.name, timeout=30_000)
    assert asked, "the edited plan was replaced without the unsaved-changes question"
    assert sum(len(r.placements) for room in win.doc.plan.site.rooms for row in room.rows for r in row.racks) > 0
