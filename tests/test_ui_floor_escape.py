"""Esc cancels a drag on the floor plan (issue 31): a row dragged live goes back where it was
and leaves nothing on the undo stack (no Undo, no Redo of it); a rack dragged along its row
goes back to its slot and no reorder is pushed when the button comes up."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from planner.model.geometry import plan_footprints
from tests.test_ui_floor import catalog, floor, rack_centre_vp, vp_point  # noqa: F401 - fixtures
from ui.scenes.floor import SCALE

pytestmark = pytest.mark.gui


def test_escape_cancels_a_row_drag_and_leaves_no_undo_step(qtbot, floor):  # noqa: F811
    doc, w = floor
    row = doc.plan.index.rows["row-0"]
    x0, y0 = row.x_m, row.y_m
    depth = doc.undo_stack.count()
    vp = w.view.viewport()
    a = vp_point(w, w.scene.rows["row-0"]._cold.boundingRect().center())
    ppm = w.view.zoom() * SCALE
    b = a + QPoint(round(1.2 * ppm), round(1.8 * ppm))
    w.activateWindow()  # the press gives the view the keyboard, as a click does
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, 9):
        QTest.mouseMove(vp, a + (b - a) * (i / 8))
    assert (row.x_m, row.y_m) != (x0, y0)  # the row moved live
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.view)  # the press gave it the keyboard
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert (row.x_m, row.y_m) == (x0, y0)
    QTest.mouseMove(vp, b + QPoint(30, 30))  # the button still down: nothing follows
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b + QPoint(30, 30))
    assert (row.x_m, row.y_m) == (x0, y0)
    assert doc.undo_stack.count() == depth and not doc.undo_stack.canRedo()
    fp = plan_footprints(doc.plan, doc.catalog)["rack-00"]
    assert w.scene.racks["rack-00"].scenePos().x() == pytest.approx(w.scene.origins["hall"].x() + fp.x_m * SCALE)


def test_escape_cancels_a_rack_reorder_drag(qtbot, floor):  # noqa: F811
    doc, w = floor
    row = doc.plan.index.rows["row-0"]
    order0 = [r.id for r in sorted(row.racks, key=lambda r: r.position)]
    item = w.scene.racks["rack-00"]
    pos0 = item.pos()
    depth = doc.undo_stack.count()
    vp = w.view.viewport()
    a = rack_centre_vp(w, "rack-00")
    b = rack_centre_vp(w, "rack-02") + QPoint(round(0.15 * w.view.zoom() * SCALE), 0)
    w.activateWindow()  # the press gives the view the keyboard, as a click does
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, 9):
        QTest.mouseMove(vp, a + (b - a) * (i / 8))
    assert item.pos() != pos0 and w.scene.hint.isVisible()  # dragged, the drop hint shown
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.view)  # the press gave it the keyboard
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert item.pos() == pos0 and not w.scene.hint.isVisible() and item.opacity() == 1.0
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    assert [r.id for r in sorted(row.racks, key=lambda r: r.position)] == order0
    assert doc.undo_stack.count() == depth and item.pos() == pos0
