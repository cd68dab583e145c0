"""Rooms in the app, as a new user builds them: the Floor menu creates a room, the
Inspector sizes it, rows and racks go into it, the floor plan switches between rooms, a
room with content is deleted after a confirmation and undo brings it all back. Plus the
floor plan's defects of issue #11: no traceback when the plan is replaced, rack labels
that tell racks apart, and every floor action in a menu at 1366 px."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu

from planner.files.plan_io import plan_to_dict
from planner.model.plan import Placement, Plan, Rack, Room, Row, Site
from tests.fixtures.ui_app.support import make_window, two_rack_plan
from ui import dialogs
from ui.scenes.floor import SCALE, FloorView

pytestmark = pytest.mark.gui

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def menu_action(win, menu_title: str, text: str) -> QAction:
    """An action of a menu bar menu, by its text without '&' (submenus searched too)."""
    def find(menu: QMenu):
        for a in menu.actions():
            if a.text().replace("&", "") == text:
                return a
            if a.menu() is not None:
                hit = find(a.menu())
                if hit is not None:
                    return hit
        return None

    for a in win.menuBar().actions():
        if a.text().replace("&", "") == menu_title:
            a.menu().aboutToShow.emit()  # enable/disable as when the user opens it
            hit = find(a.menu())
            assert hit is not None, f"{menu_title} > {text} not found"
            return hit
    raise AssertionError(f"no {menu_title} menu")


def floor_of(win) -> FloorView:
    return win.panels["floorDock"]


def set_spin(qtbot, spin, text: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)
    qtbot.keyClick(spin, Qt.Key.Key_Return)


# -- issue #11, part 4: a whole room built in the app ------------------------------------------------


def test_build_a_room_switch_rooms_delete_it_and_undo(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path)
    doc, floor = win.doc, floor_of(win)
    asked: list[tuple[str, dict]] = []
    monkeypatch.setattr(dialogs, "ask_int", lambda *a, **k: 3)
    monkeypatch.setattr(dialogs, "confirm_delete_room", lambda parent, name, content: asked.append(
        (name, content)) or True)
    original = plan_to_dict(doc.plan)

    # Floor > Add Room: a new room, shown on the floor and in the Inspector
    menu_action(win, "Floor", "Add Room").trigger()
    assert [r.name for r in doc.plan.site.rooms] == ["Hall 1", "Room 1"]
    room = doc.plan.site.rooms[1]
    assert floor.scene.room_id == room.id and set(floor.scene.rooms) == {room.id}
    assert not floor.scene.rows and not floor.scene.racks, "the first room's rows are not drawn over the new one"
    assert floor.room_box.currentData() == room.id
    assert doc.selection == (("room", room.id),)

    # the Inspector sizes it (real spin boxes, typed), each field one undo step
    insp = win.inspector
    depth_before = doc.undo_stack.count()
    set_spin(qtbot, insp.fields["width_m"], "40")
    assert room.width_m == pytest.approx(40)
    assert floor.scene.rooms[room.id].w == pytest.approx(40 * SCALE)
    # the floor refits to the new size: the whole room stays in view
    vis = floor.view.mapToScene(floor.view.viewport().rect()).boundingRect()
    assert vis.contains(floor.scene.rooms[room.id].floor_rect().adjusted(1, 1, -1, -1))
    set_spin(qtbot, insp.fields["depth_m"], "9.6")
    set_spin(qtbot, insp.fields["floor_load_limit_kg_per_m2"], "1500")
    insp.fields["raised_floor"].click()
    qtbot.keyClicks(insp.fields["name"], " east")
    qtbot.keyClick(insp.fields["name"], Qt.Key.Key_Return)
    assert (room.depth_m, room.floor_load_limit_kg_per_m2, room.raised_floor) == (9.6, 1500.0, True)
    assert room.name == "Room 1 east" and floor.room_box.currentText() == "Room 1 east"
    assert doc.undo_stack.count() == depth_before + 5
    # an impossible value is refused with the field named, the room unchanged
    insp.fields["tile_m"].setMaximum(5)
    set_spin(qtbot, insp.fields["tile_m"], "3")
    assert room.tile_m == 0.6 and "tile_m" in insp.error.text() and insp.error.isVisible()

    # Floor > Add Row...: a row of three racks in the room shown, selected
    menu_action(win, "Floor", "Add Row\u2026").trigger()
    assert len(room.rows) == 1
    row = room.rows[0]
    assert [r.name for r in row.racks] == ["B01", "B02", "B03"] and row.name == "Row B"
    assert doc.selection == (("row", row.id),) and set(floor.scene.rows) == {row.id}
    # Floor > Add rack on the selected row: named as the rack view's Add rack would
    menu_action(win, "Floor", "Add Rack").trigger()
    assert [r.name for r in row.racks] == ["B01", "B02", "B03", "B04"]
    assert set(floor.scene.racks) == {r.id for r in row.racks}
    doc.recompute(background=False)
    assert doc.results.rooms[room.id].agg.racks == 4

    # switch rooms in the floor plan: the room chooser, then Floor > Show Room
    floor.room_box.setCurrentIndex(floor.room_box.findData("room-1"))
    assert floor.scene.room_id == "room-1" and set(floor.scene.racks) == {"rack-1", "rack-2"}
    assert doc.selection == (), "a selection left in the other room is dropped"
    menu_action(win, "Floor", "Show Room").menu().aboutToShow.emit()
    menu_action(win, "Floor", "Room 1 east").trigger()
    assert floor.scene.room_id == room.id and len(floor.scene.racks) == 4
    # selecting a rack of the other room elsewhere (the rack view, a finding) brings that room up
    doc.select([("rack", "rack-2")])
    assert floor.scene.room_id == "room-1" and floor.scene.racks["rack-2"].isSelected()
    floor.switch_room(room.id)

    # Floor > Delete Room...: asks (rows, racks), deletes everything as one undo step
    after_build = plan_to_dict(doc.plan)
    depth = doc.undo_stack.count()
    menu_action(win, "Floor", "Delete Room\u2026").trigger()
    assert asked == [("Room 1 east", {"rows": 1, "racks": 4, "devices": 0, "links": 0})]
    assert [r.id for r in doc.plan.site.rooms] == ["room-1"] and doc.undo_stack.count() == depth + 1
    assert floor.scene.room_id == "room-1" and floor.room_box.count() == 1
    doc.undo_stack.undo()
    assert plan_to_dict(doc.plan) == after_build
    assert floor.room_box.count() == 2
    # undo everything: the plan is the one we started from
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert plan_to_dict(doc.plan) == original
    assert floor.scene.room_id == "room-1"


def test_deleting_a_room_with_content_is_cancelled_when_the_user_says_no(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    asked = []
    monkeypatch.setattr(dialogs, "confirm_delete_room", lambda parent, name, content: asked.append(content) or False)
    before = plan_to_dict(doc.plan)
    doc.select([("room", "room-1")])
    win.act_delete.trigger()  # Edit > Delete with the room selected
    assert asked == [{"rows": 1, "racks": 2, "devices": 3, "links": 0}]
    assert plan_to_dict(doc.plan) == before and doc.undo_stack.count() == 0
    # an empty room goes without a question
    menu_action(win, "Floor", "Add Room").trigger()
    asked.clear()
    menu_action(win, "Floor", "Delete Room\u2026").trigger()
    assert asked == [] and [r.id for r in doc.plan.site.rooms] == ["room-1"]


def test_floor_context_menu_adds_a_row_where_clicked_and_rooms(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path)
    doc, floor = win.doc, floor_of(win)
    spot = QPointF(3.0 * SCALE, 6.0 * SCALE)  # on Hall 1's floor, clear of Row A
    menu = floor.context_menu(spot, None)
    texts = [a.text() for a in menu.actions()]
    assert "Add row of 4 racks here" in texts and "Add Room" in texts and "Delete Hall 1\u2026" in texts
    next(a for a in menu.actions() if a.text() == "Add row of 4 racks here").trigger()
    row = doc.plan.site.rooms[0].rows[-1]
    assert (row.x_m, row.y_m) == (pytest.approx(3.0), pytest.approx(6.0)) and len(row.racks) == 4
    assert row.id in floor.scene.rows
    # on a rack: its row's actions, its properties in the Inspector
    item = floor.scene.racks[row.racks[0].id]
    menu = floor.context_menu(item.sceneBoundingRect().center(), item)
    next(a for a in menu.actions() if a.text() == f"Properties of {item.name}").trigger()
    assert doc.selection == (("rack", row.racks[0].id),) and win.inspector.fields["name"].text() == item.name
    next(a for a in menu.actions() if a.text() == f"Delete {row.name} with its racks").trigger()
    assert row.id not in doc.plan.index.rows and row.id not in floor.scene.rows
    # a double-click on the bare floor shows the room in the Inspector
    QTest.mouseDClick(floor.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                      floor.view.mapFromScene(spot))
    assert doc.selection == (("room", "room-1"),) and win.inspector.fields["name"].text() == "Hall 1"
    assert floor.scene.rooms["room-1"].highlighted


# -- issue #11, part 2: floor plan defects -------------------------------------------------------------


def test_new_open_and_replace_print_no_traceback(qtbot, tmp_path, monkeypatch):
    """File > New, Open and Recover replace the plan; the Change that follows names the old
    plan's rows ('row-a' of the GB200 example), which the floor plan looked up: KeyError."""
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda parent, name: "discard")
    example = tmp_path / "gb200.json"
    shutil.copy(EXAMPLES / "gb200-nvl72.json", example)
    win = make_window(qtbot, tmp_path)
    floor = floor_of(win)
    with qtbot.captureExceptions() as errors:
        assert win.files.open(str(example))
        assert set(floor.scene.rows) == {"row-a"}
        win.act_new.trigger()
        assert set(floor.scene.rows) == set(win.doc.plan.index.rows) and "row-a" not in floor.scene.rows
        assert win.files.open(str(example))
        win.doc.replace_plan(two_rack_plan(), None)  # what Recover does with the recovered plan
    assert errors == [], "".join(str(e[1]) for e in errors)
    assert set(floor.scene.racks) == {"rack-1", "rack-2"} and floor.room_box.currentText() == "Hall 1"


def test_file_new_gives_a_room_a_row_and_a_rack_to_start_from(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path)
    win.act_new.trigger()
    plan = win.doc.plan
    assert [r.name for r in plan.site.rooms] == ["Room 1"]
    row = plan.site.rooms[0].rows[0]
    assert row.name == "Row A" and [r.name for r in row.racks] == ["A01"]
    assert row.racks[0].rack_type in win.doc.catalog.rack_types
    floor = floor_of(win)
    assert set(floor.scene.racks) == {row.racks[0].id}
    # the rack view's Add rack and the floor's name the next rack alike
    assert win.rack_view.add_rack()
    floor.scene.add_racks_to_row(row.id, 1)
    assert [r.name for r in row.racks] == ["A01", "A02", "A03"]


def test_rack_labels_tell_racks_apart(qtbot):
    """'NVL72-1' and 'NET-1' were both labelled '1' when the full name did not fit."""
    racks = [Rack(id=f"rk-{i}", name=n, rack_type="rack-48u-600x1200", position=i,
                  placements=[Placement(id=f"d-{i}", device="dell-poweredge-xe9680", u=2)])
             for i, n in enumerate(("NVL72-1", "NVL72-2", "NET-1", "Rack A-12"))]
    plan = Plan(site=Site(rooms=[Room(id="hall", name="Hall", rows=[Row(id="row-a", name="Row A", racks=racks)])]))
    from tests.fixtures.ui_app.support import fixture_catalog
    from ui.document import Document

    doc = Document(plan, fixture_catalog(), engine=None)
    w = FloorView(doc)
    qtbot.addWidget(w)
    items = w.scene.racks
    shorts = {it.name: it.short for it in items.values()}
    assert shorts == {"NVL72-1": "NV-1", "NVL72-2": "2", "NET-1": "NE-1", "Rack A-12": "12"}
    # in a rack too small for the names, no two labels are the same text
    labels = [it.label_layout(30, 60) for it in items.values()]
    texts = [lab[0] for lab in labels if lab is not None]
    assert len(texts) == len(set(texts)) == 4 and "1" not in texts
    # renaming one rack changes what the others may be shortened to
    from planner.model.edits import SetProperty

    doc.push(SetProperty("rack", "rk-2", "name", "NET-9"))
    assert items["rk-0"].short == "1" and items["rk-2"].short == "9"


def test_every_floor_action_is_in_the_floor_menu_at_1366_px(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    win.resize(1366, 768)
    qtbot.wait(20)
    floor = floor_of(win)
    in_menu: set[QAction] = set()

    def walk(menu: QMenu) -> None:
        for a in menu.actions():
            in_menu.add(a)
            if a.menu() is not None:
                walk(a.menu())

    menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "Floor")
    walk(menu)
    toolbar = [a for a in floor.toolbar.actions() if not a.isSeparator() and a.text()]
    missing = [a.text() for a in toolbar if a not in in_menu]
    assert not missing, f"only in the floor toolbar: {missing}"
    # the room chooser (a toolbar widget) has its menu twin, and the room actions are there
    texts = {a.text() for a in in_menu}
    assert {"Show Room", "Add Room", "Room Properties", "Delete Room\u2026", "Add Row\u2026"} <= texts


def test_delete_key_on_the_floor_works_in_the_main_window(qtbot, tmp_path):
    """The floor's Delete and the window's Edit > Delete had the same key: Qt reported an
    ambiguous shortcut and deleted nothing."""
    win = make_window(qtbot, tmp_path)
    floor = floor_of(win)
    QTest.mouseClick(floor.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     floor.view.mapFromScene(floor.scene.racks["rack-2"].sceneBoundingRect().center()))
    assert win.doc.selection == (("rack", "rack-2"),)
    win.activateWindow()
    floor.view.setFocus()
    qtbot.waitUntil(floor.view.hasFocus, timeout=2000)
    QTest.keyClick(floor.view, Qt.Key.Key_Delete)
    assert "rack-2" not in win.doc.plan.index.racks and "rack-2" not in floor.scene.racks
    win.doc.select([("row", "row-1")])
    floor.view.setFocus()
    QTest.keyClick(floor.view, Qt.Key.Key_Delete)
    assert not win.doc.plan.index.rows and not floor.scene.rows
    win.doc.undo_stack.undo()
    win.doc.undo_stack.undo()
    assert set(floor.scene.racks) == {"rack-1", "rack-2"}


def test_floor_load_limit_shows_in_lb_per_ft2_in_imperial():
    from ui import units

    to, back, suffix = units.converters("load_kg_per_m2", "imperial")
    assert suffix == "lb/ft\u00b2" and to(1000.0) == pytest.approx(204.816, abs=1e-3)  # 1 lb/ft2 = 4.8824 kg/m2
    assert back(to(1234.0)) == pytest.approx(1234.0)
    assert units.converters("load_kg_per_m2", "metric")[2] == "kg/m\u00b2"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.from_regex(r"[A-Z]{0,3}[0-9]{0,2}([- ][A-Z0-9]{1,3}){0,2}", fullmatch=True).map(str.strip)
                .filter(bool), min_size=1, max_size=12, unique=True))  # names as the plan holds them: stripped
def test_short_labels_never_repeat_and_are_never_another_racks_name(names):
    from ui.scenes.floor import short_names

    shorts = short_names(names)
    labels = [shorts[n] for n in names]
    assert len(set(labels)) == len(labels), shorts
    stripped = {n.strip() for n in names}
    for n in names:
        assert len(shorts[n]) <= len(n.strip())
        assert shorts[n] == n.strip() or shorts[n] not in stripped, shorts
