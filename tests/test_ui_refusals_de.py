"""A refused gesture in the German app (issue 13): the reason in the status bar and at the
pointer is German (it was the planner's English text), driven like a user: a catalog drop
on an occupied slot and a mouse drag of a device onto another one."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtTest import QTest

from tests.fixtures.ui_app.support import make_window

pytestmark = pytest.mark.gui

TS_DIR = Path(__file__).resolve().parent.parent / "resources" / "translations"


@pytest.fixture
def german_app():
    from PySide6.QtWidgets import QApplication

    from ui import i18n

    assert i18n.install(QApplication.instance(), "de", TS_DIR) == "de"
    yield
    i18n.install(QApplication.instance(), "en", TS_DIR)


def _drop(win, slug: str, rack_id: str, face: str, u: int) -> QDropEvent:
    view = win.rack_view.view
    mime = win.catalog_panel.mime_for(slug)
    ev = QDropEvent(QPointF(view.viewport_point(rack_id, face, u)), Qt.DropAction.CopyAction, mime,
                    Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    view.dropEvent(ev)
    return ev


def test_refused_drop_and_drag_show_the_german_reason(qtbot, tmp_path, german_app):
    win = make_window(qtbot, tmp_path)
    doc, view = win.doc, win.rack_view.view
    n = len(doc.plan.index.placements)
    # a catalog drop onto U3, which gpu01 (U1-U6) holds
    assert not _drop(win, "nvidia-quantum-2-qm9700", "rack-1", "front", 3).isAccepted()
    assert len(doc.plan.index.placements) == n
    status = win.statusBar().currentMessage()
    assert "HE 3 vorne in R01 ist durch gpu01 belegt" in status, status
    assert status.startswith("Abgelehnt:")
    assert "taken by" not in status and "front" not in status
    assert "HE 3" in view.overlay.text() and "belegt" in view.overlay.text()
    assert doc.last_refusal.startswith("HE 3 vorne")

    # a device dragged with the mouse onto gpu01: refused, stays, German in the status bar
    assert _drop(win, "dell-poweredge-r760", "rack-1", "front", 20).isAccepted()
    r760 = next(p.id for p in doc.plan.rack("rack-1").placements if p.device == "dell-poweredge-r760")
    win.statusBar().clearMessage()
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.viewport_point("rack-1", "front", 20))
    QTest.mouseMove(view.viewport(), view.viewport_point("rack-1", "front", 4))
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       view.viewport_point("rack-1", "front", 4))
    assert doc.plan.placement(r760).u == 20
    assert "belegt" in view.overlay.text() and "taken by" not in view.overlay.text()
    status = win.statusBar().currentMessage()
    assert "ist durch gpu01 belegt" in status and "taken by" not in status, status
