"""The floor plan, the editor's second pass (issue 31). Esc cancels a drag: a row dragged live
goes back where it was and leaves nothing on the undo stack (no Undo, no Redo of it); a rack
dragged along its row goes back to its slot and no reorder is pushed when the button comes up.
Rows close together keep their names apart."""

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


def test_row_names_of_close_rows_do_not_overlap(qtbot):
    """Rows 1.8 m apart (racks 1.2 m deep and their 0.6 m front band) at a laptop dock's zoom:
    each row's name goes at its best end unless another row's name is there, then at its
    other end (on X, "Row 2" lay over "Row 1" in the 4,096-GPU plan's floor dock)."""
    from planner.catalog import load_catalog
    from planner.model.plan import Plan, Rack, Room, Row, Site
    from ui.document import Document
    from ui.scenes.floor import FloorView

    cat = load_catalog()
    rows = [Row(id=f"row-{k}", name=f"Row {k + 1}", x_m=2.4, y_m=1.2 + 1.8 * k, racks=[
        Rack(id=f"r{k}-{i}", name=f"R{k}{i}", rack_type="rack-48u-600x1200", position=i) for i in range(8)])
        for k in range(4)]
    doc = Document(Plan(site=Site(rooms=[Room(id="hall", name="Hall", width_m=10.2, depth_m=9.0, rows=rows)])),
                   cat, engine=None)
    w = FloorView(doc)
    qtbot.addWidget(w)
    w.resize(900, 700)
    w.show()
    qtbot.waitExposed(w)
    for ppm in (7.0, 9.0, 11.0):
        w.view.resetTransform()
        w.view.scale(ppm / 1000, ppm / 1000)
        w.view.centerOn(w.scene.rooms["hall"].sceneBoundingRect().center())
        w.grab()
        boxes = {rid: item.last_label_box for rid, item in w.scene.rows.items()}
        assert len(boxes) == 4
        clashes = [(a, b) for a in boxes for b in boxes if a < b and boxes[a].intersects(boxes[b])]
        assert not clashes, (ppm, clashes)
