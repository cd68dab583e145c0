"""Rack elevations, the editor's second pass (issue 31), driven like a user with real events:
two 0U PDUs on one side stand side by side (each can be clicked), a PDU dropped into the side
channel lands there, a dropped device takes the keyboard (Up/Down nudge it, not the catalog's
selection), and Esc cancels a device drag without leaving an undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from planner.model.plan import Placement, Plan
from tests.fixtures.ui_app.support import make_window, two_rack_plan

pytestmark = pytest.mark.gui


def plan_with_two_pdus_left():
    data = two_rack_plan().model_dump()
    data["site"]["rooms"][0]["rows"][0]["racks"][0]["placements"].insert(1, Placement(
        id="pdu-a2", device="vertiv-pdu-test", side="left", face="rear", feed="feed-a").model_dump())
    return Plan.model_validate(data)


def drop_at(win, slug: str, scene_pt: QPointF) -> bool:
    """Drop what the catalog drags for ``slug`` at a scene point; True when accepted."""
    view = win.rack_view.view
    mime = win.catalog_panel.mime_for(slug)  # held: the event does not own it
    ev = QDropEvent(QPointF(view.mapFromScene(scene_pt)), Qt.DropAction.CopyAction, mime,
                    Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    view.dropEvent(ev)
    return ev.isAccepted()


def test_two_pdus_on_one_side_stand_side_by_side_and_each_can_be_clicked(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, plan_with_two_pdus_left())
    doc, view, scene = win.doc, win.rack_view.view, win.rack_view.scene
    a = scene.devices["pdu-a1"][0].sceneBoundingRect()
    b = scene.devices["pdu-a2"][0].sceneBoundingRect()
    assert not a.intersects(b)  # neither hides the other
    assert a.height() == pytest.approx(b.height()) and a.top() == pytest.approx(b.top())
    # both inside the rear face's left side channel, clear of the rails
    outer = scene.outers[("rack-1", "rear")].sceneBoundingRect()
    rails = scene.frames[("rack-1", "rear")].sceneBoundingRect()
    for r in (a, b):
        assert outer.left() < r.left() and r.right() < rails.left()
    for pid, r in (("pdu-a1", a), ("pdu-a2", b)):
        view.centerOn(r.center())
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         view.mapFromScene(r.center()))
        assert doc.selection == (("placement", pid),)


def test_a_pdu_dropped_into_the_side_channel_goes_on_that_side(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, scene = win.doc, win.rack_view.scene
    outer = scene.outers[("rack-2", "rear")].sceneBoundingRect()
    rails = scene.frames[("rack-2", "rear")].sceneBoundingRect()
    for side, x in (("right", (rails.right() + outer.right()) / 2), ("left", (outer.left() + rails.left()) / 2)):
        before = {p.id for p in doc.plan.rack("rack-2").placements}
        assert drop_at(win, "vertiv-pdu-test", QPointF(x, rails.center().y())), win.rack_view.view.overlay.text()
        (new,) = [p for p in doc.plan.rack("rack-2").placements if p.id not in before]
        assert new.u is None and new.side == side and new.face == "rear"


def test_a_dropped_device_takes_the_keyboard_up_nudges_it(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, view, table = win.doc, win.rack_view.view, win.catalog_panel.table
    win.activateWindow()
    table.setFocus()
    table.selectRow(2)
    qtbot.waitUntil(table.hasFocus)
    row0 = table.currentIndex().row()
    assert drop_at(win, "dell-poweredge-r760", win.rack_view.scene.point_for("rack-2", "front", 10))
    (pid,) = doc.selected("placement")
    assert doc.plan.placement(pid).u == 10
    qtbot.waitUntil(view.hasFocus)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up)
    assert doc.plan.placement(pid).u == 11
    assert table.currentIndex().row() == row0  # the catalog's selection stayed


def test_escape_cancels_a_device_drag_and_leaves_no_undo_step(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, view = win.doc, win.rack_view.view
    depth = doc.undo_stack.count()
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.viewport_point("rack-1", "front", 2))
    for rack, u in (("rack-1", 10), ("rack-2", 14), ("rack-2", 21)):
        QTest.mouseMove(vp, view.viewport_point(rack, "front", u))
    assert doc.plan.index.placement_rack["srv-1"] == "rack-2"  # moved live
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert doc.plan.index.placement_rack["srv-1"] == "rack-1" and doc.plan.placement("srv-1").u == 1
    assert "srv-1" in {it.placement_id for it in win.rack_view.scene.rack_items["rack-1"]}
    QTest.mouseMove(vp, view.viewport_point("rack-2", "front", 30))  # button still down: nothing follows
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       view.viewport_point("rack-2", "front", 30))
    assert doc.plan.placement("srv-1").u == 1 and doc.plan.index.placement_rack["srv-1"] == "rack-1"
    assert doc.undo_stack.count() == depth and not doc.undo_stack.canRedo()
    assert QPoint(0, 0) != view.viewport_point("rack-1", "front", 2)
