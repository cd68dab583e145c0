"""The workloads' inter-node bandwidth and member index kept by delta (planner.engine.workloads:
``_inter_node``, ``_patch_members``; issue 30): after each edit that changes a server's links
or the set of servers, the incremental engine's verdicts equal a fresh engine's full compute,
and the edit really moved the figure the delta keeps (so a stale figure would show)."""

from __future__ import annotations

import pytest

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine
from planner.model.edits import AddItem, AddPlacement, RemoveItem, SetProperty
from planner.model.placement import PlacementChecker
from planner.model.plan import Placement, ServerGroup, Workload


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _plan(catalog):
    plan = synthetic_plan(256, catalog)
    srv = [p.id for r in plan.racks() for p in r.placements if p.id.startswith("srv-")]
    AddItem(Workload(id="wl-all", name="all", kind="pretrain",
                     spec={"model": "llama-3.1-70b", "tokens": 4e11, "target_days": 30})).apply(plan)
    AddItem(ServerGroup(id="grp-x", name="x", members=srv[:8])).apply(plan)
    AddItem(Workload(id="wl-grp", name="grp", kind="pretrain", group="grp-x",
                     spec={"model": "llama-3.1-8b", "tokens": 2e10, "target_days": 30})).apply(plan)
    return plan


def _same_as_full(plan, catalog, res):
    fresh = Engine(catalog).compute(plan)
    for wid, v in fresh.workloads.items():
        assert res.workloads[wid].to_dict() == v.to_dict(), wid
    return fresh


def _internode(res, wid):
    return res.workloads[wid].figures.get("internode_gb_per_s", res.workloads[wid].figures)


def test_link_edits_and_new_servers_keep_workload_figures_equal_to_a_full_compute(catalog):
    plan = _plan(catalog)
    engine = Engine(catalog)
    first = engine.compute(plan)
    srv_links = [lk for lk in plan.links if lk.a.placement.startswith("srv-")]
    # every compute link of the first group member: its inter-node bandwidth falls to 0
    member = plan.groups[0].members[0]
    gone = [lk for lk in srv_links if member in (lk.a.placement, lk.b.placement)]
    assert gone
    edits = []
    for lk in gone:
        e = RemoveItem("link", lk.id)
        res = engine.update(plan, e.apply(plan))
        edits.append(e)
        _same_as_full(plan, catalog, res)
    cut = res.workloads["wl-grp"].to_dict()
    assert cut != first.workloads["wl-grp"].to_dict()  # the edits mattered
    # the unwired member leaves the group (a group edit: the bases are rebuilt, their members
    # and bandwidths patched by the difference): the group's figure is whole again
    grp = plan.groups[0]
    shrink = SetProperty("group", grp.id, "members", [m for m in grp.members if m != member])
    res = engine.update(plan, shrink.apply(plan))
    _same_as_full(plan, catalog, res)
    assert res.workloads["wl-grp"].to_dict() != cut
    res = engine.update(plan, shrink.revert(plan))
    _same_as_full(plan, catalog, res)
    assert res.workloads["wl-grp"].to_dict() == cut
    for e in reversed(edits):
        res = engine.update(plan, e.revert(plan))
        _same_as_full(plan, catalog, res)
    assert res.workloads["wl-grp"].to_dict() == first.workloads["wl-grp"].to_dict()
    # a GPU server added unwired joins the plan-wide workload (its members change), then goes
    checker = PlacementChecker(catalog)
    server = next(p for r in plan.racks() for p in r.placements if p.id.startswith("srv-"))
    rack = next(r for r in plan.racks() if checker.first_fit(plan, r.id, server.device))
    add = AddPlacement(rack.id, Placement(id="srv-new", device=server.device, u=checker.first_fit(
        plan, rack.id, server.device)), checker=checker)
    res = engine.update(plan, add.apply(plan))
    _same_as_full(plan, catalog, res)
    assert res.workloads["wl-all"].to_dict() != first.workloads["wl-all"].to_dict()
    res = engine.update(plan, add.revert(plan))
    _same_as_full(plan, catalog, res)
    assert res.workloads["wl-all"].to_dict() == first.workloads["wl-all"].to_dict()


def test_a_server_added_to_a_rack_without_power_makes_the_workload_unmet_and_its_removal_met(catalog):
    """The member index patched by delta (``_patch_members``): a GPU server added to a rack
    whose power fails counts that rack for the plan-wide workload (unmet, power), and counts
    it no more once removed."""
    from planner.model.edits import RemovePlacement

    plan = _plan(catalog)
    engine = Engine(catalog)
    first = engine.compute(plan)
    assert first.workloads["wl-all"].met
    net = next(r for r in plan.racks() if "net" in r.tags)
    for pdu in [p.id for p in net.placements if catalog.device(p.device).kind == "pdu"]:
        res = engine.update(plan, RemovePlacement(pdu).apply(plan))
    assert res.workloads["wl-all"].met  # no member in that rack yet
    checker = PlacementChecker(catalog)
    server = next(p for r in plan.racks() for p in r.placements if p.id.startswith("srv-"))
    add = AddPlacement(net.id, Placement(id="srv-unpowered", device=server.device,
                                         u=checker.first_fit(plan, net.id, server.device)), checker=checker)
    res = engine.update(plan, add.apply(plan))
    _same_as_full(plan, catalog, res)
    assert not res.workloads["wl-all"].met and res.workloads["wl-all"].bottleneck == "power"
    res = engine.update(plan, add.revert(plan))
    _same_as_full(plan, catalog, res)
    assert res.workloads["wl-all"].met


def test_result_maps_keep_the_plan_index_order_through_removals_and_undos(catalog):
    """Result maps are the last ones patched where order and keys stay (planner.engine.core
    _Order): a PDU or a rack taken out and put back goes last in the plan's index, and the
    incremental results list it where a full compute of the same plan does."""
    from planner.model.edits import RemovePlacement, RemoveRack

    plan = _plan(catalog)
    engine = Engine(catalog)
    engine.compute(plan)
    pdu = next(p.id for r in plan.racks() for p in r.placements if catalog.device(p.device).kind == "pdu")
    rack = next(r.id for r in plan.racks() if "net" in r.tags)
    for edit in (RemovePlacement(pdu), RemoveRack(rack)):
        res = engine.update(plan, edit.apply(plan))
        res = engine.update(plan, edit.revert(plan))
        fresh = Engine(catalog).compute(plan)
        assert list(res.pdus) == list(fresh.pdus) and list(res.racks) == list(fresh.racks)
        assert list(res.pdus)[-1] == pdu or list(res.racks)[-1] == rack  # it did move to the end
        assert res.pdus == fresh.pdus
    # taken out and put back within one update (one Change for both, as a compound edit
    # gives): the keys are the same as before, only the index order tells
    pdu2 = next(p.id for r in plan.racks() for p in r.placements if catalog.device(p.device).kind == "pdu")
    rack2 = next(r.id for r in plan.racks() if "gpu" in r.tags)
    for edit in (RemovePlacement(pdu2), RemoveRack(rack2)):
        before = list(engine.results.pdus), list(engine.results.racks)
        change = edit.apply(plan)
        res = engine.update(plan, change.update(edit.revert(plan)))
        fresh = Engine(catalog).compute(plan)
        assert list(res.pdus) == list(fresh.pdus) and list(res.racks) == list(fresh.racks)
        assert (list(res.pdus), list(res.racks)) != before
