"""Placement rules against the shipped catalog: overlap per face (full depth blocks
both), beyond the rack's height, too deep for the rack, 0U side mounting."""

from __future__ import annotations

import pytest

from planner.catalog import load_catalog
from planner.files.plan_io import plan_to_dict
from planner.model.edits import AddPlacement, EditRefused, MovePlacement
from planner.model.placement import CABINET_CLEARANCE_MM, PlacementChecker
from planner.model.plan import Placement, Plan


@pytest.fixture(scope="module")
def catalog():
    cat = load_catalog()
    assert not cat.errors, cat.errors
    return cat


def rack_plan(rack_type="rack-48u-800x1200") -> Plan:
    return Plan.model_validate({"site": {"rooms": [{"id": "room-1", "name": "R", "rows": [
        {"id": "row-1", "name": "A", "racks": [
            {"id": "rack-1", "name": "A01", "rack_type": rack_type},
            {"id": "rack-2", "name": "A02", "rack_type": "rack-42u-600x1200", "position": 1},
        ]}]}]}})


def add(plan, checker, pid, device, u=None, face="front", side=None, rack="rack-1"):
    return AddPlacement(rack, Placement(id=pid, device=device, u=u, face=face, side=side), checker).apply(plan)


def test_full_depth_server_blocks_both_faces(catalog):
    plan, chk = rack_plan(), PlacementChecker(catalog)
    add(plan, chk, "s1", "dell-poweredge-xe9680", u=1)  # 6U, full depth: U1-U6 both faces
    with pytest.raises(EditRefused, match=r"U6 on the (front|rear) of A01 is taken by Dell PowerEdge XE9680"):
        add(plan, chk, "s2", "nvidia-sn2201", u=6, face="rear")
    with pytest.raises(EditRefused, match=r"U3 on the front"):
        add(plan, chk, "s2", "dell-poweredge-r660", u=3)
    add(plan, chk, "s2", "dell-poweredge-r660", u=7)  # just above fits
    assert sorted(plan.index.placements) == ["s1", "s2"]


def test_half_depth_devices_share_a_unit_front_and_rear(catalog):
    plan, chk = rack_plan(), PlacementChecker(catalog)
    # a short 1U switch mounted half depth (the placement overrides the type's full depth)
    for pid, face in (("a", "front"), ("b", "rear")):
        AddPlacement("rack-1", Placement(id=pid, device="nvidia-sn2201", u=20, face=face, full_depth=False),
                     chk).apply(plan)
    with pytest.raises(EditRefused, match="U20 on the front of A01 is taken"):
        add(plan, chk, "c", "nvidia-sn2201", u=20, face="front")
    with pytest.raises(EditRefused, match="taken"):  # a full-depth device needs both faces free
        add(plan, chk, "d", "dell-poweredge-r660", u=20, face="rear")


def test_beyond_the_top_is_refused_with_the_numbers(catalog):
    plan, chk = rack_plan(), PlacementChecker(catalog)
    with pytest.raises(EditRefused, match=r"at U44 it would reach U49, beyond the top of A01 \(48U\)"):
        add(plan, chk, "s1", "dell-poweredge-xe9680", u=44)
    add(plan, chk, "s1", "dell-poweredge-xe9680", u=43)  # U43..U48 fits exactly
    add(plan, chk, "s2", "dell-poweredge-r660", u=1)
    with pytest.raises(EditRefused, match="below the bottom of A01"):  # a move bypasses the model's u >= 1
        MovePlacement("s2", "rack-1", 0, checker=chk).apply(plan)


def test_device_deeper_than_the_rack_is_refused(catalog):
    plan, chk = rack_plan(), PlacementChecker(catalog)
    xe = catalog.device("dell-poweredge-xe9680")
    rt = catalog.rack_type("rack-42u-600x1200")
    assert xe.depth_mm <= rt.outer_depth_mm - CABINET_CLEARANCE_MM  # fits a 1200 mm cabinet
    shallow = catalog.rack_type("nvidia-gb200-nvl72-rack")
    limit = shallow.outer_depth_mm - CABINET_CLEARANCE_MM
    deep = [d for d in catalog.devices.values() if d.depth_mm and d.depth_mm > limit and d.u_height >= 1]
    assert deep, "expected a server deeper than a 1068 mm cabinet can take"
    plan = rack_plan("nvidia-gb200-nvl72-rack")
    with pytest.raises(EditRefused, match="mm deep; A01 takes devices up to"):
        add(plan, chk, "s1", deep[0].slug, u=1)


def test_zero_u_pdus_mount_on_sides_not_in_units(catalog):
    plan, chk = rack_plan(), PlacementChecker(catalog)
    pdu = catalog.pdus()[0].slug
    add(plan, chk, "pdu-a", pdu, side="left", face="rear")
    add(plan, chk, "pdu-b", pdu, side="right", face="rear")
    with pytest.raises(EditRefused, match="0U device"):
        add(plan, chk, "pdu-c", pdu, u=10)
    with pytest.raises(EditRefused, match="needs a U position"):
        add(plan, chk, "srv", "dell-poweredge-r660", side="left")
    add(plan, chk, "s1", "dell-poweredge-xe9680", u=1)  # 0U PDUs take no units


def test_move_refused_leaves_plan_unchanged_and_move_across_racks(catalog):
    plan, chk = rack_plan(), PlacementChecker(catalog)
    add(plan, chk, "s1", "dell-poweredge-xe9680", u=1)
    add(plan, chk, "s2", "dell-poweredge-xe9680", u=7)
    before = plan_to_dict(plan)
    with pytest.raises(EditRefused, match="taken by"):
        MovePlacement("s2", "rack-1", 4, checker=chk).apply(plan)
    assert plan_to_dict(plan) == before
    MovePlacement("s2", "rack-2", 37, checker=chk).apply(plan)  # 42U rack: U37..U42
    assert plan.rack_of("s2").id == "rack-2"
    # moving within its own span does not collide with itself
    MovePlacement("s1", "rack-1", 2, checker=chk).apply(plan)


def test_free_blocks_and_first_fit(catalog):
    plan, chk = rack_plan(), PlacementChecker(catalog)
    add(plan, chk, "s1", "dell-poweredge-xe9680", u=1)
    add(plan, chk, "s2", "dell-poweredge-xe9680", u=13)
    assert chk.free_blocks(plan.rack("rack-1")) == [(7, 6), (19, 30)]
    assert chk.first_fit(plan, "rack-1", "dell-poweredge-xe9680") == 7
