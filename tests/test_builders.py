"""planner.gestures.builders headless: drops get names, copies get unique names, plug into the
target rack's own PDUs, duplicated racks get feeds of their own; Rename Selection is one
undo step; every builder's edit reverts to the original plan."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.files.plan_io import plan_to_dict
from planner.gestures.builders import (
    add_device_edit,
    add_rack_edit,
    copy_payload,
    duplicate_device_edit,
    duplicate_rack_edit,
    paste_edit,
    rename_edit,
    rename_preview,
    rename_targets,
)
from planner.model.edits import EditRefused, RemoveRack, SetProperty
from planner.model.naming import PatternError
from planner.model.placement import PlacementChecker
from planner.model.plan import PowerConnection

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


@pytest.fixture
def pod():
    return load_plan(EXAMPLES / "xe9680-h100-pod.json")


@pytest.fixture
def gb200():
    return load_plan(EXAMPLES / "gb200-nvl72.json")


def plug(plan):
    """The example's servers leave their cords to the engine; give R01's two explicit
    cords, one on each side, on outlets 1 and 2."""
    for i, pid in enumerate(("gpu-1", "gpu-2")):
        plan.placement(pid).power = [PowerConnection(pdu="pdu-1a", outlet=i + 1),
                                     PowerConnection(pdu="pdu-1b", outlet=i + 1)]


def is_pdu(cat, p):
    d = cat.get("device-types", p.device)
    return d is not None and d.kind == "pdu"


def roundtrip(plan, edit):
    """Apply, check the plan still loads (references intact), revert, check it is the original."""
    before = json.dumps(plan_to_dict(plan), sort_keys=True)
    edit.apply(plan)
    type(plan).model_validate(plan_to_dict(plan))  # raises on a dangling feed / PDU reference
    after = json.loads(json.dumps(plan_to_dict(plan)))
    edit.revert(plan)
    assert json.dumps(plan_to_dict(plan), sort_keys=True) == before
    return after


def test_a_dropped_device_gets_a_name_from_the_pattern_or_a_readable_default(pod, cat):
    checker = PlacementChecker(cat)
    e = add_device_edit(pod, checker, "rack-1", "nvidia-sn2201", 40)
    assert e.placement.name == "SN2201-01" and e.placement.name != e.placement.id
    pod.metadata.naming = {"switch": "{rack}-mgmt{n}"}
    e = add_device_edit(pod, checker, "rack-1", "nvidia-sn2201", 40)
    assert e.placement.name == "R01-mgmt1"
    e.apply(pod)
    assert add_device_edit(pod, checker, "rack-2", "nvidia-sn2201", 40).placement.name == "R02-mgmt1"
    assert add_device_edit(pod, checker, "rack-1", "nvidia-sn2201", 41).placement.name == "R01-mgmt2"


def test_new_rack_follows_the_rack_pattern(pod, cat):
    row = next(iter(pod.index.rows))
    assert add_rack_edit(pod, cat, row).rack.name == "R04"
    pod.metadata.naming = {"rack": "{row}-{n:03}"}
    row_name = pod.index.rows[row].name
    assert add_rack_edit(pod, cat, row).rack.name == f"{row_name}-001"


def test_duplicate_rack_copies_get_unique_names_and_their_own_feeds(gb200, cat):
    plan = gb200
    src = plan.rack("nvl-1")
    src_feeds = {p.feed for p in src.placements if p.feed}
    feeds_before = len(plan.feeds)
    edit = duplicate_rack_edit(plan, "nvl-1", 3, cat)
    after = roundtrip(plan, edit)
    edit.apply(plan)
    copies = [r for r in plan.racks() if r.id not in {"nvl-1", "nvl-2", "net-1"}]
    names = [r.name for r in plan.racks()]
    assert len(names) == len(set(names))
    assert [r.name for r in copies] == ["NVL72-3", "NVL72-4", "NVL72-5"]
    feeds = {f.id: f for f in plan.feeds}
    all_dev_names = [p.name for p, _ in plan.index.iter_placements()]
    assert len(all_dev_names) == len(set(all_dev_names)), "device names must stay unique"
    for copy in copies:
        pdus = [p for p in copy.placements if is_pdu(cat, p)]
        assert len(pdus) == sum(is_pdu(cat, p) for p in src.placements)
        for p in pdus:
            assert p.feed not in src_feeds, "a copy's PDU must not hang on the source rack's feed"
            assert copy.name in feeds[p.feed].name  # 'NVL72-3 A1' after 'NVL72-1 A1'
            assert copy.name in p.name  # 'PDU NVL72-3 A1'
        own = {p.id for p in pdus}
        for p in copy.placements:
            assert all(c.pdu in own for c in p.power), f"{p.name} plugs into another rack's PDU"
        # the same number of feeds per side as the source
        sides = sorted(feeds[p.feed].side for p in pdus)
        assert sides == sorted(feeds[p.feed].side for p in src.placements if is_pdu(cat, p))
    assert len(after["feeds"]) == len(plan.feeds) == feeds_before + 3 * len(src_feeds)
    # the engine finds no PDU without feed and no cords to other racks' PDUs in the copies
    res = Engine(cat).compute(plan)
    codes = {(f.code, f.id) for f in res.findings}
    for copy in copies:
        for p in copy.placements:
            assert ("PDU_NO_FEED", p.id) not in codes


def test_a_feed_shared_with_other_racks_stays_shared(pod, cat):
    plan = pod
    pdu_r2 = next(p for p in plan.rack("rack-2").placements if is_pdu(cat, p))
    shared = next(p.feed for p in plan.rack("rack-1").placements if is_pdu(cat, p))
    SetProperty("placement", pdu_r2.id, "feed", shared).apply(plan)  # a row feed used by R01 and R02
    edit = duplicate_rack_edit(plan, "rack-1", 1, cat)
    edit.apply(plan)
    copy = next(r for r in plan.racks() if r.name == "R04")
    feeds_of_copy = {p.feed for p in copy.placements if is_pdu(cat, p)}
    assert shared in feeds_of_copy
    assert len(feeds_of_copy) == 2  # the other, dedicated feed got a copy
    new = [f for f in plan.feeds if f.id in feeds_of_copy and f.id != shared]
    assert new and new[0].name == "Feed B4"  # 'Feed B1' -> after the highest, 'Feed B3'


def test_cut_and_paste_a_rack_takes_its_feeds_along(pod, cat):
    plan = pod
    checker = PlacementChecker(cat)
    payload = copy_payload(plan, (("rack", "rack-2"),), cat)
    feeds = {p.feed for p in plan.rack("rack-2").placements if p.feed}
    RemoveRack("rack-2").apply(plan)
    edit = paste_edit(plan, checker, json.loads(json.dumps(payload)), None, next(iter(plan.index.rows)))
    edit.apply(plan)
    pasted = [r for r in plan.racks() if r.id not in ("rack-1", "rack-3")][0]
    assert pasted.name == "R02"  # its name was free again
    assert {p.feed for p in pasted.placements if p.feed} == feeds
    assert len(plan.feeds) == len(pod.feeds)


def test_a_device_pasted_alone_plugs_into_the_target_racks_pdus(pod, cat):
    plan = pod
    plug(plan)
    checker = PlacementChecker(cat)
    src = plan.placement("gpu-1")
    src_pdus = {c.pdu for c in src.power}
    assert src.power and all(plan.index.placement_rack[c] == "rack-1" for c in src_pdus)
    payload = json.loads(json.dumps(copy_payload(plan, (("placement", "gpu-1"),), cat)))
    edit = paste_edit(plan, checker, payload, "rack-3", None)
    roundtrip(plan, edit)
    edit.apply(plan)
    new = edit.edits[0].placement
    r3_pdus = {p.id: p for p in plan.rack("rack-3").placements if is_pdu(cat, p)}
    assert new.name not in ("", new.id) and new.name != src.name
    assert len(new.power) == len(src.power)
    assert all(c.pdu in r3_pdus for c in new.power), "pasted cords must go to the target rack's PDUs"
    side = {f.id: f.side for f in plan.feeds}
    src_sides = sorted(side[plan.placement(c.pdu).feed] for c in src.power)
    assert sorted(side[r3_pdus[c.pdu].feed] for c in new.power) == src_sides  # A/B stays A/B
    res = Engine(cat).compute(plan)
    bad = [f for f in res.findings if f.code in ("POWER_OUTLET_CONFLICT", "POWER_UNKNOWN_PDU")]
    assert not bad, bad


def test_a_device_pasted_into_a_rack_without_pdus_has_no_cords(pod, cat):
    plan = pod
    plug(plan)
    checker = PlacementChecker(cat)
    for p in [p for p in plan.rack("rack-3").placements if is_pdu(cat, p)]:
        from planner.model.edits import RemovePlacement

        RemovePlacement(p.id).apply(plan)
    payload = copy_payload(plan, (("placement", "gpu-1"),), cat)
    edit = paste_edit(plan, checker, payload, "rack-3", None)
    edit.apply(plan)
    assert edit.edits[0].placement.power == []
    res = Engine(cat).compute(plan)
    assert any(f.code == "POWER_NO_PDU" and f.id == edit.edits[0].placement.id for f in res.findings)


def test_duplicate_device_names_and_plugs_the_copy_without_outlet_conflicts(pod, cat):
    plan = pod
    plug(plan)
    checker = PlacementChecker(cat)
    rack = plan.rack("rack-1")
    before = {p.id for p in rack.placements}
    srv = next(p for p in rack.placements if p.power)
    edit = duplicate_device_edit(plan, checker, [srv.id])
    roundtrip(plan, edit)
    edit.apply(plan)
    new = next(p for p in plan.rack("rack-1").placements if p.id not in before)
    assert new.name and new.name != srv.name and new.name != new.id
    assert {c.pdu for c in new.power} == {c.pdu for c in srv.power}
    used = [(c.pdu, c.outlet) for p in rack.placements for c in p.power if c.outlet is not None]
    assert len(used) == len(set(used))


def test_rename_selection_in_order_one_step_and_refuses_clashes(pod, cat):
    plan = pod
    sel = (("placement", "gpu-2"), ("rack", "rack-1"), ("placement", "gpu-1"))
    targets = rename_targets(plan, sel)
    rows = rename_preview(plan, targets, "{rack}-x{n:02}", start=3)
    assert [r[3] for r in rows] == ["R01-x03", "R01-x04", "R01-x05"]
    edit = rename_edit(plan, targets, "{rack}-x{n:02}", start=3)
    assert edit is not None and len(edit.edits) == 3
    roundtrip(plan, edit)
    with pytest.raises(PatternError, match="needs"):
        rename_preview(plan, targets, "same")
    with pytest.raises(PatternError, match="already the name"):
        rename_preview(plan, [("rack", "rack-1")], "R02")
    with pytest.raises(PatternError, match="unknown placeholder"):
        rename_preview(plan, targets, "{nope}{n}")
    # the names they already have: nothing to do
    assert rename_edit(plan, [("rack", "rack-1")], "R01") is None


def test_paste_refuses_without_a_target_rack(pod, cat):
    payload = copy_payload(pod, (("placement", "gpu-1"),), cat)
    with pytest.raises(EditRefused, match="select a rack"):
        paste_edit(pod, PlacementChecker(cat), payload, None, None)


def test_new_rows_and_racks_follow_the_patterns_or_continue_the_names(pod, cat):
    from planner.gestures.builders import add_racks_edit, add_row_edit
    from planner.model.edits import AddRack, AddRow, Compound

    def row_and_racks(edit):
        parts = edit.edits if isinstance(edit, Compound) else [edit]
        row = next(e.row for e in parts if isinstance(e, AddRow))
        return row, [e.rack.name for e in parts if isinstance(e, AddRack)]

    room = next(iter(pod.index.rooms))
    row_edit = add_row_edit(pod, cat, room, 3, x_m=1.2, y_m=6.0)
    row, racks = row_and_racks(row_edit)
    assert row.name == "Row B" and racks == ["B01", "B02", "B03"]
    roundtrip(pod, row_edit)
    first_row = next(iter(pod.index.rows))
    two = add_racks_edit(pod, cat, first_row, 2)
    assert [e.rack.name for e in two.edits] == ["R04", "R05"]
    pod.metadata.naming = {"row": "Pod {n}", "rack": "{row}-R{n:02}"}
    row_edit = add_row_edit(pod, cat, room, 2, x_m=1.2, y_m=6.0)
    row, racks = row_and_racks(row_edit)
    assert row.name == "Pod 1" and racks == ["Pod 1-R01", "Pod 1-R02"]
    row_edit.apply(pod)
    more = add_racks_edit(pod, cat, row.id, 1)
    assert more.rack.name == "Pod 1-R03"
