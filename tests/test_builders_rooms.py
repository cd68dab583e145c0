"""Room, row and rack gestures built headless (planner.gestures.builders): names and ids from one
generator, positions on the tile grid, one undo step per gesture, exact revert."""

from __future__ import annotations

import pytest

from planner.files.plan_io import plan_to_dict
from planner.gestures.builders import (
    add_rack_edit,
    add_racks_edit,
    add_room_edit,
    add_row_edit,
    default_rack_type,
    delete_edit,
    free_row_spot,
    new_rack_name,
    room_content,
)
from planner.model.edits import Compound, EditRefused
from planner.model.geometry import row_footprints
from planner.model.plan import Plan, Rack, Room, Row, Site
from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan


def gb200_like() -> Plan:
    """Racks named like the GB200 example: 'NVL72-1', 'NVL72-2', 'NET-1' in 'Row A'."""
    racks = [Rack(id=f"rk-{i}", name=n, rack_type="rack-48u-600x1200", position=i)
             for i, n in enumerate(("NVL72-1", "NVL72-2", "NET-1"))]
    return Plan(site=Site(rooms=[Room(id="room-1", name="Data hall 1", rows=[
        Row(id="row-a", name="Row A", x_m=1.2, y_m=1.8, racks=racks)])]))


def test_rack_names_follow_the_last_rack_of_the_row():
    plan = two_rack_plan()
    assert new_rack_name(plan, "row-1") == "R03"
    e = add_rack_edit(plan, fixture_catalog(), "row-1")
    assert (e.rack.name, e.rack.position, e.rack.rack_type) == ("R03", 2, "rack-48u-600x1200")
    assert not plan.index.id_exists(e.rack.id)
    plan2 = gb200_like()
    assert new_rack_name(plan2, "row-a") == "NET-2"


def test_several_racks_get_distinct_names_and_ids_in_one_undo_step():
    plan = two_rack_plan()
    before = plan_to_dict(plan)
    e = add_racks_edit(plan, fixture_catalog(), "row-1", 3)
    assert plan_to_dict(plan) == before, "building the edit leaves the plan alone"
    assert isinstance(e, Compound) and len(e.edits) == 3
    e.apply(plan)
    assert [r.name for r in plan.index.rows["row-1"].racks] == ["R01", "R02", "R03", "R04", "R05"]
    assert [r.position for r in plan.index.rows["row-1"].racks] == [0, 1, 2, 3, 4]
    e.revert(plan)
    assert plan_to_dict(plan) == before
    with pytest.raises(EditRefused, match="does not exist"):
        add_racks_edit(plan, fixture_catalog(), "row-x", 1)


def test_new_row_takes_a_free_letter_and_its_racks_are_named_after_it():
    plan = two_rack_plan()
    cat = fixture_catalog()
    e = add_row_edit(plan, cat, "room-1", 4)
    e.apply(plan)
    row = plan.site.rooms[0].rows[-1]
    assert row.name == "Row B"
    assert [r.name for r in row.racks] == ["B01", "B02", "B03", "B04"]
    assert {r.rack_type for r in row.racks} == {"rack-48u-600x1200"}
    # behind Row A with an aisle, on the 0.6 m tile grid
    a_bottom = max(c[1] for fp in row_footprints(plan.index.rows["row-1"], cat) for c in fp.corners)
    assert row.y_m >= a_bottom + 1.2 - 1e-9
    assert row.y_m / 0.6 == pytest.approx(round(row.y_m / 0.6))
    # a row at a pointed spot snaps to the tiles of its room
    e2 = add_row_edit(plan, cat, "room-1", 1, x_m=2.9, y_m=6.1)
    e2.apply(plan)
    new = plan.site.rooms[0].rows[-1]
    assert (new.x_m, new.y_m) == (pytest.approx(3.0), pytest.approx(6.0)) and new.name == "Row C"
    assert [r.name for r in new.racks] == ["C01"]


def test_empty_row_names_its_first_rack_after_the_row_without_clashing():
    plan = two_rack_plan()
    e = add_row_edit(plan, fixture_catalog(), "room-1", 0)
    e.apply(plan)
    row = plan.site.rooms[0].rows[-1]
    assert row.racks == [] and new_rack_name(plan, row.id) == "B01"
    plan.rack("rack-1").name = "B01"  # a rack elsewhere took that name
    assert new_rack_name(plan, row.id) == "B02"


def test_default_rack_type_comes_from_the_row_then_the_plan_then_the_catalog():
    cat = fixture_catalog()
    plan = two_rack_plan()
    plan.index.racks["rack-2"].rack_type = "odd-rack"
    assert default_rack_type(plan, cat, "row-1") == "odd-rack"  # the row's last rack
    empty = Plan()
    t = default_rack_type(empty, cat)
    assert t in cat.rack_types


def test_new_room_copies_the_room_in_view_and_gets_a_fresh_name():
    plan = two_rack_plan()
    plan.site.rooms[0].raised_floor = True
    plan.site.rooms[0].tile_m = 0.5
    e = add_room_edit(plan, like="room-1")
    e.apply(plan)
    room = plan.site.rooms[-1]
    assert (room.name, room.tile_m, room.raised_floor, room.rows) == ("Room 1", 0.5, True, [])
    e2 = add_room_edit(plan)
    e2.apply(plan)
    assert plan.site.rooms[-1].name == "Room 2" and plan.site.rooms[-1].tile_m == 0.6
    assert len({r.id for r in plan.site.rooms}) == 3


def test_free_row_spot_in_an_empty_room_is_inside_it():
    plan = two_rack_plan()
    add_room_edit(plan).apply(plan)
    x, y = free_row_spot(plan, fixture_catalog(), plan.site.rooms[-1].id)
    assert 0 < x < 10 and 0 < y < 8


def test_delete_selection_with_a_room_takes_its_content_once():
    plan = two_rack_plan()
    before = plan_to_dict(plan)
    assert room_content(plan, "room-1") == {"rows": 1, "racks": 2, "devices": 3, "links": 0}
    # the rack and the device inside the selected room are not deleted a second time
    sel = (("placement", "srv-1"), ("rack", "rack-2"), ("room", "room-1"))
    assert type(delete_edit(plan, sel)).__name__ == "Compound", "rooms only when asked for (after the user confirms)"
    e = delete_edit(plan, sel, rooms=True)
    assert type(e).__name__ == "RemoveRoom"
    e.apply(plan)
    assert plan.site.rooms == [] and not plan.index.placements
    e.revert(plan)
    assert plan_to_dict(plan) == before
    e = delete_edit(plan, (("row", "row-1"), ("rack", "rack-1")))
    assert type(e).__name__ == "RemoveRow"
