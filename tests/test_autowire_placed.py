"""Auto-wire and the switches a user racked first (issue 31): a new fabric's design takes the
switches already racked for its network and places only what is missing; the management
network wires switches' own management ports; texts that said "rail" where there are none
or "no ports to wire" for a wired server. Headless: the planner's functions the dialog calls."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine, power_delta
from planner.fabric.autowire import autowire
from planner.fabric.extend import additions
from planner.files.documents import load_plan
from planner.i18n import message_text
from planner.model.plan import Placement, Plan
from tests.test_fabric import FIXTURE, make_plan, servers

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"
XE9680 = "dell-poweredge-xe9680"
QM9700 = "nvidia-quantum-2-qm9700"
SN2201 = "nvidia-sn2201"


@pytest.fixture(scope="module")
def shipped():
    c = load_catalog()
    assert not c.errors
    return c


@pytest.fixture(scope="module")
def cat():
    c = load_catalog([FIXTURE])
    assert not c.errors, c.errors
    return c


def racked_example() -> Plan:
    """The example as a user builds it from File > New: every device racked where the
    example has it, nothing wired yet."""
    plan = load_plan(EXAMPLE)
    plan.links.clear()
    plan.fabrics.clear()
    plan.reindex()
    return plan


def of(plan: Plan, *slugs: str) -> list[str]:
    return [p.id for p in plan.index.placements.values() if p.device in slugs]


def test_compute_design_takes_the_racked_leaf_and_adds_no_switch(shipped):
    plan = racked_example()
    n_placements = len(plan.index.placements)
    res = autowire(plan, shipped, of(plan, XE9680), QM9700, kind="compute")
    # one tier of 4 x 8 ports: the QM9700 racked as ib-leaf1 (the other is named for storage)
    assert res.reused == ["ib-leaf-1"] and res.added == [] and res.new_racks == []
    res.edit.apply(plan)
    assert len(plan.index.placements) == n_placements
    assert Counter(lk.b.placement for lk in plan.links) == {"ib-leaf-1": 32}
    res.edit.revert(plan)
    assert plan.model_dump(mode="json") == racked_example().model_dump(mode="json")


def test_the_example_rebuilt_by_auto_wire_uses_every_racked_switch_and_checks_clean(shipped):
    """Compute, storage and management wired as the dialog proposes them on the racked
    example: the three fabrics of the example on its own switches, 0 errors, 0 warnings."""
    from planner.fabric.autowire import autowire_members, placed_switch_models, proposed_leaf_layout

    plan = racked_example()
    every = list(plan.index.placements)
    before = set(every)
    for kind, over, links in (("compute", 1.0, 32), ("storage", 1.0, 16), ("management", 5.0, 7)):
        models = placed_switch_models(plan, shipped, kind)
        assert models == [SN2201 if kind == "management" else QM9700], kind
        members, wired = autowire_members(plan, shipped, every, kind, models[0])
        assert wired == []
        layout = proposed_leaf_layout(plan, shipped, kind, members, models[0])
        # the dialog's lists hold every device (a switch for its mgmt0): the same proposal
        assert proposed_leaf_layout(plan, shipped, kind, every, models[0]) == layout
        assert layout == {"compute": None, "storage": "row", "management": "row"}[kind]
        res = autowire(plan, shipped, members, models[0], kind=kind, oversubscription=over, leaf_per=layout,
                       rail_optimised=kind == "compute")
        assert res.added == [] and len(res.reused) == 1 and res.links == links, (kind, res.added, res.links)
        res.edit.apply(plan)
    assert set(plan.index.placements) == before  # not one switch added
    mgmt = next(f.id for f in plan.fabrics if f.kind == "management")
    wired_mgmt = {lk.a.placement: lk.a.port for lk in plan.links if lk.fabric == mgmt}
    assert wired_mgmt["ib-leaf-1"] == wired_mgmt["ib-stor-1"] == "mgmt0"  # the switches' own mgmt ports
    assert "mgmt-sw-1" not in wired_mgmt  # the management switch is the network, not a member
    findings = Engine(shipped).compute(plan).findings
    assert [f.code for f in findings if f.severity in ("error", "warning")] == []


def test_only_what_is_missing_is_added_and_only_fitting_switches_are_taken(cat):
    """16 DGX, rail-optimised: 8 leaves and 4 spines. Racked: a spine by name, two unnamed
    switches, one named for storage, one of another model and one already wired elsewhere."""
    from planner.fabric.wiring import connect_edit

    plan = make_plan(16, spare_racks=2)
    spare, other = plan.site.rooms[0].rows[0].racks[-2], plan.site.rooms[0].rows[0].racks[-1]
    spare.placements += [Placement(id="sw-spine", device="test-ib-64x400", name="Spine A", u=48),
                         Placement(id="sw-2", device="test-ib-64x400", name="sw 2", u=46),
                         Placement(id="sw-10", device="test-ib-64x400", name="sw 10", u=45),
                         Placement(id="sw-sto", device="test-ib-64x400", name="stor-leaf", u=44),
                         Placement(id="sw-eth", device="test-eth-64x800", name="eth", u=43)]
    other.placements += [Placement(id="sw-used", device="test-ib-64x400", name="used", u=48),
                         Placement(id="other-1", device="test-dgx", name="elsewhere", u=1)]
    plan.reindex()
    connect_edit(plan, cat, ("other-1", "ib0"), ("sw-used", "P0.0")).apply(plan)
    nodes = servers(plan)
    res = autowire(plan, cat, nodes, "test-ib-64x400", switch_racks=[spare.id])
    assert res.switches["spine"][0] == "sw-spine"
    assert res.switches["leaf"][:2] == ["sw-2", "sw-10"]  # by name: 2 before 10
    assert sorted(res.reused) == ["sw-10", "sw-2", "sw-spine"]
    assert Counter(s.tier for s in res.added) == {"leaf": 6, "spine": 3}
    assert not {"sw-sto", "sw-eth", "sw-used"} & {i for ids in res.switches.values() for i in ids}
    res.edit.apply(plan)
    assert len(plan.links) == 1 + 16 * 8 + 8 * 32
    ends = Counter(e.placement for lk in plan.links for e in (lk.a, lk.b))
    assert ends["sw-spine"] == 64 and ends["sw-2"] == ends["sw-10"] == 16 + 32  # a rail of 16 nodes, 32 up


def test_without_racked_switches_the_design_is_unchanged(cat):
    """What the generator relies on: no racked switch, the same edit with and without
    looking for one (ids, names, places and links)."""
    a, b = make_plan(16, spare_racks=1), make_plan(16, spare_racks=1)
    ra = autowire(a, cat, servers(a), "test-ib-64x400", switch_racks=["rack-5"])
    rb = autowire(b, cat, servers(b), "test-ib-64x400", switch_racks=["rack-5"], use_placed=False)
    ra.edit.apply(a)
    rb.edit.apply(b)
    assert ra.reused == [] and len(ra.added) == 12
    assert a.model_dump(mode="json") == b.model_dump(mode="json")


def test_top_of_rack_leaves_take_the_switch_racked_in_their_rack(cat):
    plan = make_plan(8, per_rack=4, spare_racks=1)
    r2 = plan.rack("rack-2")
    r2.placements.append(Placement(id="tor-2", device="test-ib-64x400", name="ToR R02", u=48))
    plan.reindex()
    res = autowire(plan, cat, servers(plan), "test-ib-64x400", kind="storage", leaf_per="rack",
                   rail_optimised=False)
    assert res.reused == ["tor-2"]
    res.edit.apply(plan)
    on_tor = {lk.a.placement for lk in plan.links if lk.b.placement == "tor-2"}
    assert on_tor and {plan.index.placement_rack[s] for s in on_tor} == {"rack-2"}


# -- management ports of switches ---------------------------------------------------------


def test_management_members_include_switches_mgmt_ports_but_not_the_management_switch(shipped):
    from planner.fabric.autowire import autowire_members

    plan = load_plan(EXAMPLE)
    plan.links[:] = [lk for lk in plan.links if lk.fabric != "fab-mgmt"]
    plan.fabrics[:] = [f for f in plan.fabrics if f.id != "fab-mgmt"]
    plan.reindex()
    todo, done = autowire_members(plan, shipped, list(plan.index.placements), "management", SN2201)
    assert set(todo) == {"gpu-1", "gpu-2", "gpu-3", "gpu-4", "stor-1", "ib-leaf-1", "ib-stor-1"} and done == []
    res = autowire(plan, shipped, todo, SN2201, kind="management", oversubscription=5.0, rail_optimised=False)
    assert res.reused == ["mgmt-sw-1"] and res.links == 7
    # the data fabrics' switches stay out of compute and storage designs
    assert autowire_members(plan, shipped, ["ib-leaf-1"], "compute")[0] == []


def test_extending_the_management_network_reads_switch_mgmt_links_as_members(shipped):
    """The example's management leaf has the two QM9700s' mgmt0 on it: members, not spines;
    a QM9700 racked later is offered for the management network and its mgmt0 wired."""
    from planner.fabric.extend import extend_fabric, fabric_shape, unwired_devices

    plan = load_plan(EXAMPLE)
    shape = fabric_shape(plan, shipped, "fab-mgmt")
    assert (shape.leaves, shape.spines, shape.tiers) == (["mgmt-sw-1"], [], 1)
    assert shape.down["mgmt-sw-1"] == 7
    plan.rack("rack-3").placements.append(Placement(id="ib-leaf-2", device=QM9700, name="ib-leaf2", u=36))
    plan.reindex()
    assert unwired_devices(plan, shipped, "fab-mgmt") == ["ib-leaf-2"]
    res = extend_fabric(plan, shipped, "fab-mgmt", ["ib-leaf-2"])
    assert [(lk.a.placement, lk.a.port, lk.b.placement) for lk in res.links] == [("ib-leaf-2", "mgmt0", "mgmt-sw-1")]
    assert res.switches == []


# -- texts --------------------------------------------------------------------------------


def test_an_already_wired_device_is_said_to_be_wired(shipped):
    from planner.fabric.autowire import autowire_members, nothing_to_wire

    plan = load_plan(EXAMPLE)
    todo, done = autowire_members(plan, shipped, ["gpu-1"], "compute")
    assert todo == [] and done == ["gpu-1"]
    text = nothing_to_wire(plan, "compute", done)
    assert text == "gpu01 is already wired: each of its compute ports has a link"
    assert "bereits verkabelt" in message_text(text, "de")
    # a device with no such ports at all is told so, not "already wired"
    assert "None of the chosen devices has" in nothing_to_wire(plan, "frontend", [])


def test_design_preview_lists_what_it_adds_and_leaves_the_plan_as_it_was(shipped):
    from planner.fabric.extend import preview_design

    plan = racked_example()
    autowire(plan, shipped, of(plan, XE9680), QM9700, kind="compute").edit.apply(plan)  # on ib-leaf1
    before = plan.model_dump(mode="json")
    said: list[str] = []
    pv = preview_design(plan, shipped, of(plan, XE9680, "ddn-ai400x2"), QM9700, kind="storage", leaf_per="rack",
                        rail_optimised=False, power_delta=power_delta(shipped),
                        progress=lambda f, text="": said.append(text))
    assert plan.model_dump(mode="json") == before  # a dry run
    add = pv.added
    # top-of-rack for R01 and R02 (new), the racked storage switch for R03's storage, and spines
    assert [(line.rack, line.tier) for line in add.reused] == [("R03", "leaf")]
    assert add.switch_count == len(pv.result.added) == 4
    assert add.cables_total == pv.result.links == add.server_links + add.uplinks
    assert add.uplinks > 0 and add.added_typical_kw > 0
    assert said[-1].endswith(" cables and 4 switches to add"), said[-1]


def test_extending_takes_the_switches_racked_for_it_first(shipped):
    """Five more XE9680 grow the example's compute fabric by two leaves and two spines; the
    user racked two QM9700 for it first (one named as a spine, one unnamed): those are wired,
    two more are placed."""
    from planner.fabric.extend import extend_fabric
    from tests.test_fabric_extend import add_server_where_room

    plan = load_plan(EXAMPLE)
    new = [add_server_where_room(plan, shipped, XE9680) for _ in range(5)]
    r3 = plan.rack("rack-3")
    r3.placements += [Placement(id="racked-spine", device=QM9700, name="ib-spine1", u=30),
                      Placement(id="racked-x", device=QM9700, name="ib-sw9", u=29)]
    plan.reindex()
    n = len(plan.index.placements)
    res = extend_fabric(plan, shipped, "fab-compute", new)
    assert [(s.placement_id, s.tier) for s in res.reused] == [("racked-x", "leaf"), ("racked-spine", "spine")]
    assert Counter(s.tier for s in res.switches) == {"leaf": 1, "spine": 1}
    assert not {"racked-x", "racked-spine"} & {s.placement_id for s in res.switches}
    added = additions(plan, shipped, res, power_delta(shipped))  # the preview's figures (a dry run)
    assert [(line.rack, line.units, line.tier) for line in added.reused] == [("R03", [29], "leaf"),
                                                                             ("R03", [30], "spine")]
    assert added.switch_count == 2
    res.edit.apply(plan)
    assert len(plan.index.placements) == n + 2  # only the two that were missing
    ends = Counter(e.placement for lk in res.links for e in (lk.a, lk.b))
    assert ends["racked-spine"] > 0 and ends["racked-x"] > 0


def test_a_switch_named_for_the_network_comes_before_one_named_for_a_tier(shipped):
    """Storage wired first on the racked example: ib-stor1 (named for storage) is its leaf,
    not ib-leaf1 (a leaf by name, for no network in particular), which compute then takes."""
    plan = racked_example()
    res = autowire(plan, shipped, of(plan, XE9680, "ddn-ai400x2"), QM9700, kind="storage", leaf_per="row",
                   rail_optimised=False)
    assert res.reused == ["ib-stor-1"] and res.added == []
    res.edit.apply(plan)
    res = autowire(plan, shipped, of(plan, XE9680), QM9700, kind="compute")
    assert res.reused == ["ib-leaf-1"] and res.added == []
