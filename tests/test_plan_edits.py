"""Plan model, edits and JSON form: apply/revert restore the plan exactly, the index
stays consistent, refused edits change nothing, and JSON round-trips."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.files.plan_io import (
    PlanFormatError,
    load_plan_json,
    plan_from_dict,
    plan_to_dict,
    save_plan_json,
)
from planner.model.edits import (
    AddItem,
    AddPlacement,
    AddRack,
    AddRoom,
    AddRow,
    Compound,
    EditRefused,
    MovePlacement,
    RemoveItem,
    RemovePlacement,
    RemoveRack,
    RemoveRoom,
    RemoveRow,
    SetProperty,
)
from planner.model.placement import PlacementChecker
from planner.model.plan import (
    Endpoint,
    Link,
    Placement,
    Plan,
    PowerConnection,
    PowerFeed,
    PowerSource,
    Rack,
    Room,
    Row,
    ServerGroup,
)


def small_plan() -> Plan:
    return Plan.model_validate({
        "metadata": {"customer": "ACME", "project": "Pod 1"},
        "feeds": [{"id": "feed-a", "name": "A", "side": "A"}, {"id": "feed-b", "name": "B", "side": "B"}],
        "fabrics": [{"id": "fab-1", "name": "Compute"}],
        "site": {"rooms": [{"id": "room-1", "name": "Hall 1", "rows": [
            {"id": "row-1", "name": "A", "racks": [
                {"id": "rack-1", "name": "A01", "rack_type": "rack-48u-800x1200", "placements": [
                    {"id": "dev-1", "device": "dell-poweredge-xe9680", "u": 2},
                    {"id": "pdu-1", "device": "some-pdu", "side": "left", "feed": "feed-a"},
                ]},
                {"id": "rack-2", "name": "A02", "rack_type": "rack-48u-800x1200", "position": 1},
            ]},
        ]}]},
    })


def snapshot(plan: Plan) -> dict:
    return plan_to_dict(plan)


def index_consistent(plan: Plan) -> None:
    fresh = Plan.model_validate(plan_to_dict(plan))
    assert set(fresh.index.placements) == set(plan.index.placements)
    assert fresh.index.placement_rack == plan.index.placement_rack
    assert set(fresh.index.racks) == set(plan.index.racks)
    assert fresh.index.rack_row == plan.index.rack_row
    assert fresh.index.row_room == plan.index.row_room
    assert set(fresh.index.rooms) == set(plan.index.rooms)
    assert all(plan.index.id_exists(i) for i in (*fresh.index.rooms, *fresh.index.rows, *fresh.index.racks))


def test_ids_must_be_unique_across_the_site():
    data = plan_to_dict(small_plan())
    data["site"]["rooms"][0]["rows"][0]["racks"][1]["placements"] = [{"id": "dev-1", "device": "x", "u": 1}]
    with pytest.raises(PlanFormatError, match="duplicate id 'dev-1'"):
        plan_from_dict(data, "p.json")


def test_references_are_checked():
    data = plan_to_dict(small_plan())
    data["links"] = [{"id": "l1", "fabric": "nope", "a": {"placement": "dev-1", "port": "p1"},
                      "b": {"placement": "dev-1", "port": "p2"}}]
    with pytest.raises(PlanFormatError, match="unknown fabric 'nope'"):
        plan_from_dict(data, "p.json")


def test_json_round_trip(tmp_path):
    plan = small_plan()
    path = tmp_path / "p.json"
    save_plan_json(plan, path)
    again = load_plan_json(path)
    assert plan_to_dict(again) == plan_to_dict(plan)
    assert again == plan


@pytest.mark.parametrize("text, where", [
    ("{", "not valid JSON"),
    ('{"format": "other"}', "not a Rackwright plan"),
    ('{"format": "rackwright-plan", "format_version": 99}', "newer Rackwright"),
    ('{"format": "rackwright-plan", "format_version": 1, "metadata": {"pue": 0.5}}', "metadata.pue"),
    ('[1, 2]', "JSON object"),
])
def test_bad_json_plans_name_the_problem(tmp_path, text, where):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(PlanFormatError) as e:
        load_plan_json(path)
    assert where in str(e.value)
    assert str(path) in str(e.value)


def test_binary_garbage_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(bytes(range(256)) * 10)
    with pytest.raises(PlanFormatError, match="not a text file|not valid JSON"):
        load_plan_json(path)


def test_remove_placement_takes_links_and_restores_them():
    plan = small_plan()
    link = Link(id="link-1", fabric="fab-1", a=Endpoint(placement="dev-1", port="p1"),
                b=Endpoint(placement="pdu-1", port="x"))
    AddItem(link).apply(plan)
    before = snapshot(plan)
    e = RemovePlacement("dev-1")
    ch = e.apply(plan)
    assert "dev-1" not in plan.index.placements and plan.links == []
    assert "rack-1" in ch.racks and "link-1" in ch.links
    e.revert(plan)
    assert snapshot(plan) == before
    index_consistent(plan)


def test_refused_edits_change_nothing():
    plan = small_plan()
    before = snapshot(plan)
    with pytest.raises(EditRefused, match="still used"):
        RemoveItem("feed", "feed-a").apply(plan)
    with pytest.raises(EditRefused, match="pue"):
        SetProperty("metadata", None, "pue", 0.2).apply(plan)
    with pytest.raises(EditRefused, match="already used"):
        AddPlacement("rack-2", Placement(id="dev-1", device="x", u=5)).apply(plan)
    bad = Compound([AddPlacement("rack-2", Placement(id="dev-9", device="x", u=5)),
                    MovePlacement("nope", "rack-1", 3)])
    with pytest.raises(EditRefused):
        bad.apply(plan)
    assert snapshot(plan) == before
    index_consistent(plan)


def test_move_merge_is_one_step_and_reverts_to_the_origin():
    plan = small_plan()
    before = snapshot(plan)
    first = MovePlacement("dev-1", "rack-2", 10, gesture="drag-1")
    first.apply(plan)
    second = MovePlacement("dev-1", "rack-1", 20, gesture="drag-1")
    second.apply(plan)
    assert first.merge(second)
    assert plan.placement("dev-1").u == 20 and plan.rack_of("dev-1").id == "rack-1"
    first.revert(plan)
    assert snapshot(plan) == before
    other = MovePlacement("dev-1", "rack-1", 3, gesture="drag-2")
    assert not first.merge(other)


@pytest.mark.parametrize("kw, field", [({"face": "top"}, "face"), ({"side": "middle"}, "side")])
def test_move_refuses_a_face_or_side_the_model_does_not_have(kw, field):
    # MovePlacement used to set any string, with or without a checker: the saved plan then
    # failed to load ("face: Input should be 'front' or 'rear'")
    plan = small_plan()
    before = snapshot(plan)
    with pytest.raises(EditRefused, match=field):
        MovePlacement("dev-1", "rack-2", 10, **kw).apply(plan)
    with pytest.raises(EditRefused, match=field):
        MovePlacement("dev-1", "rack-2", 10, checker=PlacementChecker(None), **kw).apply(plan)
    assert snapshot(plan) == before
    edit = MovePlacement("dev-1", "rack-2", 10, face="rear")
    edit.apply(plan)
    assert plan.placement("dev-1").face == "rear"
    plan_from_dict(plan_to_dict(plan), "p.json")
    edit.revert(plan)
    assert snapshot(plan) == before


def test_new_ids_never_collide():
    plan = small_plan()
    ids = {plan.new_id("rack") for _ in range(5)}
    assert len(ids) == 5 and not ids & set(plan.index.racks)


# -- property test: any sequence of edits, then reverting them all, gives the original ---------

@st.composite
def edit_scripts(draw):
    return draw(st.lists(st.tuples(st.sampled_from(
        ["add_dev", "move", "remove_dev", "add_rack", "remove_rack", "set", "add_row", "add_feed", "link",
         "add_room", "remove_room", "remove_row", "set_room"]),
        st.integers(0, 1000), st.integers(1, 48)), min_size=1, max_size=25))


def _make_edit(plan: Plan, op: str, n: int, u: int):
    racks = sorted(plan.index.racks)
    devs = sorted(plan.index.placements)
    if op == "add_dev" and racks:
        return AddPlacement(racks[n % len(racks)], Placement(id=plan.new_id("dev"), device="x", u=u))
    if op == "move" and devs and racks:
        p = plan.placement(devs[n % len(devs)])
        if p.u is None:
            return None
        return MovePlacement(p.id, racks[(n // 7) % len(racks)], u, face="rear" if n % 2 else "front")
    if op == "remove_dev" and devs:
        return RemovePlacement(devs[n % len(devs)])
    if op == "add_rack" and plan.index.rows:
        rows = sorted(plan.index.rows)
        rid = plan.new_id("rack")
        return AddRack(rows[n % len(rows)], Rack(id=rid, name=rid, rack_type="rack-42u-600x1200",
                                                placements=[Placement(id=plan.new_id("dev"), device="y", u=1)]))
    if op == "remove_rack" and racks:
        return RemoveRack(racks[n % len(racks)])
    if op == "set" and racks:
        return SetProperty("rack", racks[n % len(racks)], "name", f"R{n}")
    rooms = sorted(plan.index.rooms)
    if op == "add_row" and rooms:
        rid = plan.new_id("row")
        return AddRow(rooms[n % len(rooms)], Row(id=rid, name=rid, y_m=float(n % 9)))
    if op == "add_room":  # sometimes with a row and a rack already in it
        room = Room(id=plan.new_id("room"), name=f"Room {n}", width_m=float(u))
        if n % 2:
            rid = plan.new_id("row")
            room.rows.append(Row(id=rid, name=rid, racks=[Rack(id=plan.new_id("rack"), name="X",
                                                                rack_type="rack-42u-600x1200")]))
        return AddRoom(room, index=n % (len(rooms) + 1))
    if op == "remove_room" and rooms:
        return RemoveRoom(rooms[n % len(rooms)], with_content=bool(n % 3))
    if op == "remove_row" and plan.index.rows:
        rows = sorted(plan.index.rows)
        return RemoveRow(rows[n % len(rows)])
    if op == "set_room" and rooms:
        return SetProperty("room", rooms[n % len(rooms)], "width_m", float(u))
    if op == "add_feed":
        return AddItem(PowerFeed(id=plan.new_id("feed"), name="F", side="C"))
    if op == "link" and len(devs) >= 2:
        return AddItem(Link(id=plan.new_id("link"), fabric="fab-1",
                            a=Endpoint(placement=devs[n % len(devs)], port="p1"),
                            b=Endpoint(placement=devs[(n + 1) % len(devs)], port="p2")))
    return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edit_scripts())
def test_any_edit_sequence_reverts_exactly(script):
    plan = small_plan()
    states = [snapshot(plan)]
    applied = []
    for op, n, u in script:
        e = _make_edit(plan, op, n, u)
        if e is None:
            continue
        try:
            e.apply(plan)
        except EditRefused:
            assert snapshot(plan) == states[-1]
            continue
        applied.append(e)
        states.append(snapshot(plan))
        index_consistent(plan)
    for e in reversed(applied):
        e.revert(plan)
        states.pop()
        assert snapshot(plan) == states[-1]
    index_consistent(plan)
    # and the plan is still valid JSON of the documented form
    assert json.loads(json.dumps(plan_to_dict(plan)))["format"] == "rackwright-plan"


# --------------------------------------------------------------------------- power chain, loops, metadata


def test_power_sources_chain_and_refuse_loops():
    plan = small_plan()
    ups = PowerSource(id="ups-a", name="UPS A", capacity_kw=400)
    panel = PowerSource(id="pnl-a", name="Panel A", kind="panel", capacity_kw=200, upstream="ups-a")
    AddItem(ups).apply(plan)
    AddItem(panel).apply(plan)
    feed = plan.feeds[0]
    SetProperty("feed", feed.id, "upstream", "pnl-a").apply(plan)
    assert feed.upstream == "pnl-a"
    with pytest.raises(EditRefused, match="no source 'nope'"):
        SetProperty("feed", feed.id, "upstream", "nope").apply(plan)
    with pytest.raises(EditRefused, match="feed itself"):
        SetProperty("source", "ups-a", "upstream", "pnl-a").apply(plan)
    with pytest.raises(EditRefused, match="still used"):
        RemoveItem("source", "pnl-a").apply(plan)
    assert plan.power_source("ups-a").upstream is None
    # the whole plan still validates, and loads back the same from JSON
    again = plan_from_dict(json.loads(json.dumps(plan_to_dict(plan))))
    assert plan_to_dict(again) == plan_to_dict(plan)


def test_plan_model_refuses_a_source_loop_and_unknown_upstream():
    d = plan_to_dict(small_plan())
    d["power_sources"] = [{"id": "a", "name": "A", "upstream": "b"}, {"id": "b", "name": "B", "upstream": "a"}]
    with pytest.raises(PlanFormatError, match="loops back"):
        plan_from_dict(d)
    d["power_sources"] = []
    d["feeds"][0]["upstream"] = "ups-x"
    with pytest.raises(PlanFormatError, match="unknown power source"):
        plan_from_dict(d)


def test_facility_loop_needs_a_capacity_and_naming_patterns_are_checked():
    d = plan_to_dict(small_plan())
    d["cooling_loops"] = [{"id": "chw", "name": "CHW", "kind": "facility"}]
    with pytest.raises(PlanFormatError, match="capacity"):
        plan_from_dict(d)
    d["cooling_loops"][0]["capacity_kw"] = 300
    assert plan_from_dict(d).cooling_loop("chw").cdu is None
    plan = small_plan()
    with pytest.raises(EditRefused, match="naming"):
        SetProperty("metadata", None, "naming", {"rack": "R{row}{nn}"}).apply(plan)
    with pytest.raises(EditRefused, match="unknown naming kind"):
        SetProperty("metadata", None, "naming", {"rocket": "X{n}"}).apply(plan)
    SetProperty("metadata", None, "exchange_rates", {"EUR": 1.08}).apply(plan)
    with pytest.raises(EditRefused):
        SetProperty("metadata", None, "exchange_rates", {"eur": 1.08}).apply(plan)
    with pytest.raises(EditRefused):
        SetProperty("metadata", None, "exchange_rates", {"EUR": -1}).apply(plan)
    assert plan.metadata.exchange_rates == {"EUR": 1.08}


# -- rooms -------------------------------------------------------------------------------


def _plan_with_two_rooms() -> Plan:
    """small_plan plus a second room whose rack holds a server linked to dev-1, plugged into
    pdu-1 of room 1, and in a server group with dev-1: deleting that room must take the
    link, the cord and the membership along, and undo must bring them back."""
    plan = small_plan()
    rack = Rack(id="rack-9", name="B01", rack_type="rack-48u-800x1200", placements=[
        Placement(id="dev-9", device="dell-poweredge-xe9680", u=2, power=[PowerConnection(pdu="pdu-1", outlet=3)]),
        Placement(id="pdu-9", device="some-pdu", side="left", feed="feed-b")])
    room = Room(id="room-2", name="Hall 2", rows=[Row(id="row-9", name="B", racks=[rack])])
    AddRoom(room).apply(plan)
    plan.placement("dev-1").power.append(PowerConnection(pdu="pdu-9", outlet=1))
    AddItem(Link(id="link-9", fabric="fab-1", a=Endpoint(placement="dev-1", port="p1"),
                 b=Endpoint(placement="dev-9", port="p1"))).apply(plan)
    AddItem(ServerGroup(id="grp-1", name="pair", members=["dev-9", "dev-1"])).apply(plan)
    return plan


def test_add_room_claims_its_ids_and_refuses_used_ones():
    plan = small_plan()
    with pytest.raises(EditRefused, match="'rack-1' is already used"):
        AddRoom(Room(id="room-2", name="x", rows=[Row(id="row-2", name="r", racks=[
            Rack(id="rack-1", name="dup", rack_type="t")])])).apply(plan)
    assert [r.id for r in plan.site.rooms] == ["room-1"] and not plan.index.id_exists("room-2")
    AddRoom(Room(id="room-2", name="Hall 2"), index=0).apply(plan)
    assert [r.id for r in plan.site.rooms] == ["room-2", "room-1"]
    assert plan.new_id("room") == "room-3"
    index_consistent(plan)


def test_remove_room_is_refused_while_it_holds_rows():
    plan = _plan_with_two_rooms()
    before = snapshot(plan)
    with pytest.raises(EditRefused, match="still holds 1 row"):
        RemoveRoom("room-2").apply(plan)
    assert snapshot(plan) == before
    empty = Room(id="room-3", name="Empty")
    AddRoom(empty).apply(plan)
    ch = RemoveRoom("room-3").apply(plan)
    assert "room-3" not in plan.index.rooms and ch.rooms == {"room-3"} and ch.structure


def test_remove_room_with_content_takes_links_cords_and_groups_and_revert_restores_all():
    plan = _plan_with_two_rooms()
    before = snapshot(plan)
    e = RemoveRoom("room-2", with_content=True)
    ch = e.apply(plan)
    assert [r.id for r in plan.site.rooms] == ["room-1"]
    for gone in ("room-2", "row-9", "rack-9", "dev-9", "pdu-9", "link-9"):
        assert not plan.index.id_exists(gone)
    assert plan.links == []
    assert plan.placement("dev-1").power == []  # its cord into pdu-9 went with the PDU
    assert plan.groups[0].members == ["dev-1"]
    assert {"room-2"} <= ch.rooms and {"row-9"} <= ch.rows and {"rack-9"} <= ch.racks
    assert {"dev-9", "pdu-9", "dev-1"} <= ch.placements and ch.links == {"link-9"} and ch.groups == {"grp-1"}
    index_consistent(plan)
    e.revert(plan)
    assert snapshot(plan) == before
    assert plan == Plan.model_validate(before)
    index_consistent(plan)


def test_remove_row_takes_its_racks_and_reverts_in_place():
    plan = small_plan()
    AddRow("room-1", Row(id="row-2", name="B")).apply(plan)
    before = snapshot(plan)
    e = RemoveRow("row-1")
    e.apply(plan)
    assert [r.id for r in plan.site.rooms[0].rows] == ["row-2"] and not plan.index.racks
    e.revert(plan)
    assert snapshot(plan) == before
    index_consistent(plan)


def test_site_name_is_a_set_property_edit_that_reverts():
    plan = small_plan()
    e = SetProperty("site", None, "name", "Frankfurt DC2")
    ch = e.apply(plan)
    assert plan.site.name == "Frankfurt DC2" and ch.metadata
    e.revert(plan)
    assert plan.site.name == "Site"
    with pytest.raises(EditRefused):
        SetProperty("site", None, "rooms", []).apply(plan)
    with pytest.raises(EditRefused):
        SetProperty("site", None, "name", "x" * 201).apply(plan)
