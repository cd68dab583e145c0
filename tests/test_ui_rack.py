"""Rack elevations driven like a user: catalog drops (real QDropEvent with the catalog
table's own QMimeData), refused drops, mouse drags between racks, keyboard moves,
undo/redo, with the figures read from the engine results the Document holds."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtTest import QTest

from tests.fixtures.ui_app.support import make_window

pytestmark = pytest.mark.gui


def drop(win, slug: str, rack_id: str, face: str, u: int) -> QDropEvent:
    """Drop what the catalog table would drag for ``slug`` at U ``u`` of a rack face."""
    view = win.rack_view.view
    mime = win.catalog_panel.mime_for(slug)
    pos = QPointF(view.viewport_point(rack_id, face, u))
    ev = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    view.dropEvent(ev)
    return ev


def rack_of(doc, pid):
    return doc.plan.index.placement_rack[pid]


def test_catalog_mime_carries_the_slug(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    md = win.catalog_panel.mime_for("nvidia-dgx-h100")
    assert bytes(md.data("application/x-rackwright-device").data()) == b"nvidia-dgx-h100"


def test_drop_places_device_at_pointer_and_undo_redo(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    before = {p.id for p in doc.plan.rack("rack-2").placements}
    ev = drop(win, "dell-poweredge-xe9680", "rack-2", "front", 10)
    assert ev.isAccepted()
    added = [p for p in doc.plan.rack("rack-2").placements if p.id not in before]
    assert len(added) == 1 and added[0].device == "dell-poweredge-xe9680" and added[0].u == 10
    # the scene mirrors the model: both faces of the full-depth server are drawn
    assert {it.face for it in win.rack_view.scene.devices[added[0].id]} == {"front", "rear"}
    assert doc.selection == (("placement", added[0].id),)
    doc.undo_stack.undo()
    assert added[0].id not in doc.plan.index.placements
    assert added[0].id not in win.rack_view.scene.devices
    doc.undo_stack.redo()
    assert doc.plan.placement(added[0].id).u == 10


def test_drop_changes_rack_power_and_gpu_total_and_undo_restores_exactly(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    r0 = doc.results
    power0 = r0.racks["rack-2"].max_w
    gpus0 = r0.totals.gpus
    total0 = r0.totals.to_dict()
    with qtbot.waitSignal(doc.resultsChanged, timeout=5000):
        drop(win, "dell-poweredge-xe9680", "rack-2", "front", 20)
    r1 = doc.results
    xe = doc.catalog.device("dell-poweredge-xe9680")
    assert r1.racks["rack-2"].max_w > power0
    assert r1.totals.gpus == gpus0 + xe.gpu_count
    assert "GPUs" in win.rack_view.scene.figures["rack-2"].text()
    with qtbot.waitSignal(doc.resultsChanged, timeout=5000):
        doc.undo_stack.undo()
    assert doc.results.racks["rack-2"].max_w == power0
    assert doc.results.totals.to_dict() == total0
    with qtbot.waitSignal(doc.resultsChanged, timeout=5000):
        doc.undo_stack.redo()
    assert doc.results.racks["rack-2"].max_w == r1.racks["rack-2"].max_w
    assert doc.results.totals.to_dict() == r1.totals.to_dict()


def test_drop_on_occupied_slot_is_refused_with_visible_reason(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    n = len(doc.plan.index.placements)
    depth = doc.undo_stack.count()
    ev = drop(win, "nvidia-quantum-2-qm9700", "rack-1", "front", 3)  # srv-1 covers U1-U6
    assert not ev.isAccepted()
    assert len(doc.plan.index.placements) == n and doc.undo_stack.count() == depth
    overlay = win.rack_view.view.overlay
    assert overlay.isVisible()
    assert "U3" in overlay.text() and "taken by gpu01" in overlay.text()
    assert "taken by gpu01" in win.statusBar().currentMessage()


def test_drop_beyond_the_top_is_refused(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    drop(win, "dell-poweredge-xe9680", "rack-2", "front", 46)
    assert "beyond the top" in win.rack_view.view.overlay.text()
    assert not win.doc.plan.rack("rack-2").placements


def test_drop_too_deep_for_rack_is_refused(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    from planner.model.edits import SetProperty

    assert doc.push(SetProperty("rack", "rack-2", "rack_type", "rack-42u-short"))
    drop(win, "dell-poweredge-xe9680", "rack-2", "front", 5)
    assert "deep" in win.rack_view.view.overlay.text()


def test_mouse_drag_moves_device_to_other_rack_as_one_undo_step(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, view = win.doc, win.rack_view.view
    depth = doc.undo_stack.count()
    start = view.viewport_point("rack-1", "front", 2)
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    assert doc.selection == (("placement", "srv-1"),)
    # grabbed at U2 of a device whose lowest U is 1: the device keeps that offset
    for rack, u in (("rack-1", 8), ("rack-1", 14), ("rack-2", 14), ("rack-2", 21)):
        QTest.mouseMove(view.viewport(), view.viewport_point(rack, "front", u))
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       view.viewport_point("rack-2", "front", 21))
    p = doc.plan.placement("srv-1")
    assert rack_of(doc, "srv-1") == "rack-2" and p.u == 20
    assert doc.undo_stack.count() == depth + 1  # the whole drag is one step
    doc.undo_stack.undo()
    assert rack_of(doc, "srv-1") == "rack-1" and doc.plan.placement("srv-1").u == 1
    assert "srv-1" in {it.placement_id for it in win.rack_view.scene.rack_items["rack-1"]}


def test_drag_onto_occupied_spot_shows_reason_and_keeps_device(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, view = win.doc, win.rack_view.view
    assert drop(win, "dell-poweredge-r760", "rack-1", "front", 20).isAccepted()
    r760 = next(p.id for p in doc.plan.rack("rack-1").placements if p.device == "dell-poweredge-r760")
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.viewport_point("rack-1", "front", 20))
    QTest.mouseMove(view.viewport(), view.viewport_point("rack-1", "front", 3))
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       view.viewport_point("rack-1", "front", 3))
    assert doc.plan.placement(r760).u == 20
    assert view.overlay.isVisible() and "taken by gpu01" in view.overlay.text()


def test_keyboard_moves_selected_device_and_delete_removes(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, view = win.doc, win.rack_view.view
    doc.select([("placement", "srv-1")])
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Up)
    QTest.keyClick(view, Qt.Key.Key_Up)
    assert doc.plan.placement("srv-1").u == 3
    QTest.keyClick(view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert doc.plan.placement("srv-1").u == 2
    QTest.keyClick(view, Qt.Key.Key_Down)
    QTest.keyClick(view, Qt.Key.Key_Down)  # U1 is the floor: refused, reason shown
    assert doc.plan.placement("srv-1").u == 1
    assert view.overlay.isVisible() and "bottom of the rack" in view.overlay.text()
    doc.undo_stack.undo()
    assert doc.plan.placement("srv-1").u == 2
    QTest.keyClick(view, Qt.Key.Key_Delete)
    assert "srv-1" not in doc.plan.index.placements
    doc.undo_stack.undo()
    assert doc.plan.placement("srv-1").u == 2


def test_pdu_drop_goes_on_a_free_side(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    drop(win, "vertiv-pdu-test", "rack-2", "rear", 24)
    pdus = [p for p in doc.plan.rack("rack-2").placements if p.device == "vertiv-pdu-test"]
    assert len(pdus) == 1 and pdus[0].u is None and pdus[0].side in ("left", "right") and pdus[0].face == "rear"


def test_scene_updates_only_changed_racks(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    scene = win.rack_view.scene
    untouched = list(scene.rack_items["rack-1"])
    drop(win, "dell-poweredge-r760", "rack-2", "front", 5)
    assert scene.rack_items["rack-1"] == untouched  # same item objects: rack-1 was not redrawn
    assert any(it.scene() is scene for it in scene.rack_items["rack-2"])


def test_click_selects_rack_and_ctrl_click_multi_selects(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, view = win.doc, win.rack_view.view
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.viewport_point("rack-2", "front", 30))
    assert doc.selection == (("rack", "rack-2"),)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                     view.viewport_point("rack-1", "front", 2))
    assert set(doc.selection) == {("rack", "rack-2"), ("placement", "srv-1")}
    assert QPoint(0, 0) != view.viewport_point("rack-2", "front", 30)


def test_click_on_a_rack_name_or_header_selects_the_rack(qtbot, tmp_path):
    """The rack's name, its type line and its FRONT/REAR words above the faces select the rack
    as a click inside its frame does (only the frame did)."""
    win = make_window(qtbot, tmp_path)
    doc, view = win.doc, win.rack_view.view
    scene = view.rack_scene
    doc.select([])
    name = scene.names["rack-2"]
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.mapFromScene(name.sceneBoundingRect().center()))
    assert doc.selection == (("rack", "rack-2"),)
    doc.select([])
    rear_top = scene.outers[("rack-2", "rear")].sceneBoundingRect()
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.mapFromScene(QPointF(rear_top.center().x(), rear_top.top() - 30)))  # over REAR
    assert doc.selection == (("rack", "rack-2"),)
    # the empty canvas beside the racks still clears the selection
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(2, 2))
    assert doc.selection == ()


def test_add_rack_button_appends_an_empty_rack(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    from PySide6.QtWidgets import QToolButton

    btn = win.rack_view.findChild(QToolButton, "addRackButton")
    QTest.mouseClick(btn, Qt.MouseButton.LeftButton)
    racks = list(doc.plan.racks())
    assert [r.name for r in racks] == ["R01", "R02", "R03"] and not racks[-1].placements
    assert doc.selection == (("rack", racks[-1].id),)
    assert (racks[-1].id, "front") in win.rack_view.scene.frames
    doc.undo_stack.undo()
    assert len(list(doc.plan.racks())) == 2
