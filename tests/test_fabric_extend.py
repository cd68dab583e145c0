"""Extending a wired fabric (planner.fabric.extend), headless: new servers on free leaf
ports, the rail pattern kept, leaves and spines added only when needed, nothing that
was wired changed, the preview's figures, refusals, progress and cancel. The issue's
acceptance scenario runs on the bundled example (a fifth XE9680 on the compute fabric)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine, power_delta
from planner.fabric.analysis import analyse_fabrics, check_links
from planner.fabric.autowire import autowire
from planner.fabric.extend import (
    additions,
    extend_fabric,
    fabric_shape,
    preview_extension,
    switch_rack_order,
    unwired_devices,
)
from planner.fabric.ports import device_ports
from planner.fabric.progress import Cancelled
from planner.files.documents import load_plan
from planner.gestures.builders import add_device_edit, add_rack_edit
from planner.i18n import message_text
from planner.model.edits import AddRack, EditRefused
from planner.model.placement import PlacementChecker
from planner.model.plan import Plan, Rack
from tests.test_fabric import FIXTURE, make_plan, servers

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
XE9680 = "dell-poweredge-xe9680"


@pytest.fixture(scope="module")
def cat():
    c = load_catalog([FIXTURE])
    assert not c.errors, c.errors
    return c


@pytest.fixture(scope="module")
def shipped():
    c = load_catalog()
    assert not c.errors
    return c


def links_by_id(plan: Plan) -> dict[str, dict]:
    return {lk.id: lk.model_dump(mode="json") for lk in plan.links}


def add_server_where_room(plan: Plan, catalog, slug: str) -> str:
    """The gesture of dropping a server into the first rack with room (a new rack at the
    end of the first row when none has), through the app's edit builders."""
    checker = PlacementChecker(catalog)
    for rack in plan.racks():
        u = checker.first_fit(plan, rack.id, slug)
        if u is not None:
            edit = add_device_edit(plan, checker, rack.id, slug, u)
            edit.apply(plan)
            return edit.placement.id
    row = plan.site.rooms[0].rows[0].id
    rack_edit = add_rack_edit(plan, catalog, row)
    rack_edit.apply(plan)
    edit = add_device_edit(plan, checker, rack_edit.rack.id, slug, 1)
    edit.apply(plan)
    return edit.placement.id


def unwired_in(findings, fabric_id: str, placement: str) -> bool:
    """The engine reports ports of ``placement`` unwired in ``fabric_id`` (any severity)."""
    return any(f.code == "FABRIC_UNCONNECTED_PORTS" and f.id == fabric_id and placement in f.related
               for f in findings)


def designed(total: int, wired: int, **kw) -> tuple[Plan, str, str]:
    """``total`` test DGX servers, the first ``wired`` auto-wired into a new fabric whose
    switches go to the spare rack at the end."""
    cat = load_catalog([FIXTURE])
    plan = make_plan(total, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1].id
    res = autowire(plan, cat, servers(plan)[:wired], "test-ib-64x400", switch_racks=[spare], **kw)
    res.edit.apply(plan)
    return plan, res.fabric_id, spare


# -- the acceptance scenario -------------------------------------------------------


def test_fifth_xe9680_joins_the_example_compute_fabric(shipped, tmp_path):
    path = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, path)
    plan = load_plan(path)
    new = add_server_where_room(plan, shipped, XE9680)
    engine = Engine(shipped)
    before_results = engine.compute(plan)
    assert unwired_in(before_results.findings, "fab-compute", new)  # the test can fail
    errors_before = {(f.code, f.id) for f in before_results.findings if f.severity == "error"}
    before_links = links_by_id(plan)
    before_plan = plan.model_dump(mode="json")

    assert unwired_devices(plan, shipped, "fab-compute") == [new]
    res = extend_fabric(plan, shipped, "fab-compute", [new])
    assert res.switches == [] and res.new_racks == []  # ib-leaf-1 has 32 free NDR ports
    change = res.edit.apply(plan)
    after = engine.update(plan, change)

    # every link that was there is still there, unchanged
    now = links_by_id(plan)
    assert all(now[i] == v for i, v in before_links.items())
    # all eight compute NICs of the new server are linked, to the fabric's leaf
    compute = [p.name for p in device_ports(shipped, XE9680).role("compute")]
    mine = [lk for lk in plan.links if new in (lk.a.placement, lk.b.placement)]
    assert sorted(lk.a.port for lk in mine) == sorted(compute)
    assert all(lk.fabric == "fab-compute" and lk.b.placement == "ib-leaf-1" for lk in mine)
    assert len({lk.b.port for lk in plan.links if lk.b.placement == "ib-leaf-1"}) == 40
    assert all(lk.cable for lk in mine)
    # the engine's findings: no unwired compute ports for it, no new errors
    assert not unwired_in(after.findings, "fab-compute", new)
    assert unwired_devices(plan, shipped, "fab-compute") == []
    assert {(f.code, f.id) for f in after.findings if f.severity == "error"} <= errors_before
    assert unwired_in(after.findings, "fab-storage", new)  # other fabrics are not this extension's
    assert not [f for f in check_links(plan, shipped) if f.severity == "error"]
    # incremental results equal a full compute
    full = Engine(shipped).compute(plan)
    assert full.fabrics["fab-compute"].cables == after.fabrics["fab-compute"].cables == 40
    # one undo step restores the plan exactly
    res.edit.revert(plan)
    assert plan.model_dump(mode="json") == before_plan


def test_example_grows_a_spine_tier_when_the_leaf_is_full(shipped, tmp_path):
    """Five more XE9680 (40 NICs) do not fit the 32 free ports of the one leaf at 1:1:
    the leaf's free ports become uplinks, two new leaves and two spines go next to it."""
    path = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, path)
    plan = load_plan(path)
    new = [add_server_where_room(plan, shipped, XE9680) for _ in range(5)]
    before_links = links_by_id(plan)
    res = extend_fabric(plan, shipped, "fab-compute", new)
    tiers = Counter(s.tier for s in res.switches)
    assert tiers == {"leaf": 2, "spine": 2} and res.tiers_before == 1 and res.tiers_after == 2
    assert res.server_links == 40 and res.uplinks == 32 + 2 * 32
    # the racks that already hold the fabric's switches come first (R03 has room)
    assert {s.rack_id for s in res.switches} == {"rack-3"}
    engine = Engine(shipped)
    engine.compute(plan)
    incremental = engine.update(plan, res.edit.apply(plan))
    # the engine's incremental update after the whole Compound equals a full compute
    assert json.dumps(incremental.to_json(plan), sort_keys=True) == json.dumps(
        Engine(shipped).compute(plan).to_json(plan), sort_keys=True)
    assert all(links_by_id(plan)[i] == v for i, v in before_links.items())
    fr = next(r for r in analyse_fabrics(plan, shipped) if r.id == "fab-compute")
    assert fr.tiers == 2 and fr.switches_by_tier == {"leaf": 3, "spine": 2}
    assert fr.oversubscription == pytest.approx(1.0)
    assert not [f for f in fr.findings if f.severity == "error"]
    assert not any(n in {p for p, _ in fr.unconnected_ports} for n in new)


# -- rails, capacity, new switches --------------------------------------------------------------------


def test_rail_pattern_kept_on_free_leaf_ports(cat):
    plan, fid, spare = designed(24, 16)
    assert fabric_shape(plan, cat, fid).rail_pattern
    before = links_by_id(plan)
    res = extend_fabric(plan, cat, fid, servers(plan)[16:])
    assert res.switches == [] and res.server_links == 64 and res.rail_pattern
    res.edit.apply(plan)
    assert all(links_by_id(plan)[i] == v for i, v in before.items())
    # NIC k of every server, old and new, is on a rail-k leaf: one NIC position per leaf
    by_leaf: dict[str, set[str]] = {}
    for lk in plan.links:
        if lk.a.placement.startswith("srv-"):
            by_leaf.setdefault(lk.b.placement, set()).add(lk.a.port)
    assert len(by_leaf) == 8 and all(len(p) == 1 for p in by_leaf.values())
    assert not [f for f in check_links(plan, cat) if f.severity == "error"]


def test_new_leaf_uplinks_to_free_spine_ports(cat):
    """Ten servers without rails: three leaves (32 + 32 + 16 down) and two spines with 32
    free ports. Four more servers: 16 fit the third leaf at 1:1, 16 go to a new leaf
    whose 32 uplinks take the spines' free ports."""
    plan, fid, spare = designed(14, 10, rail_optimised=False)
    shape = fabric_shape(plan, cat, fid)
    assert (len(shape.leaves), len(shape.spines), shape.rail_pattern) == (3, 2, False)
    before = links_by_id(plan)
    res = extend_fabric(plan, cat, fid, servers(plan)[10:])
    assert [s.tier for s in res.switches] == ["leaf"] and res.uplinks == 32
    assert res.switches[0].rack_id == spare  # beside the fabric's switches
    res.edit.apply(plan)
    assert all(links_by_id(plan)[i] == v for i, v in before.items())
    fr = next(r for r in analyse_fabrics(plan, cat) if r.id == fid)
    assert fr.switches_by_tier == {"leaf": 4, "spine": 2} and fr.unconnected_ports == []
    assert fr.oversubscription == pytest.approx(1.0)
    per_spine = Counter(lk.b.placement for lk in res.links if lk.a.placement == res.switches[0].placement_id)
    assert sorted(per_spine.values()) == [16, 16]


def test_new_switches_go_to_a_new_network_rack_when_no_rack_may_take_them(cat):
    plan, fid, spare = designed(9, 4)
    res = extend_fabric(plan, cat, fid, servers(plan)[4:], switch_racks=[])
    assert len(res.new_racks) == 1 and res.new_racks[0].tags == ["network"]
    assert {s.rack_id for s in res.switches} == {res.new_racks[0].id}
    n_racks = len(list(plan.racks()))
    res.edit.apply(plan)
    assert len(list(plan.racks())) == n_racks + 1
    # at the end of the row that holds the fabric's switches
    assert plan.index.rack_row[res.new_racks[0].id] == plan.index.rack_row[spare]
    assert not [f for f in check_links(plan, cat) if f.severity == "error"]
    res.edit.revert(plan)
    assert len(list(plan.racks())) == n_racks


def test_switch_racks_fabric_racks_first_then_network_racks_then_the_rest(shipped):
    plan = load_plan(EXAMPLE)
    AddRack("row-a", Rack(id="rack-net", name="N01", rack_type="rack-48u-600x1200", position=3,
                          tags=["network"])).apply(plan)
    shape = fabric_shape(plan, shipped, "fab-compute")
    assert switch_rack_order(plan, shape) == ["rack-3", "rack-net", "rack-1", "rack-2"]
    assert switch_rack_order(plan, shape, ["rack-2", "rack-net"]) == ["rack-net", "rack-2"]
    with pytest.raises(EditRefused, match="does not exist"):
        switch_rack_order(plan, shape, ["rack-9"])
    # R03 left out of the allowed racks: the network rack comes before the server racks
    new = [add_server_where_room(plan, shipped, XE9680) for _ in range(5)]
    res = extend_fabric(plan, shipped, "fab-compute", new, switch_racks=["rack-1", "rack-2", "rack-net"])
    assert {s.rack_id for s in res.switches} == {"rack-net"}


def test_refusals_name_the_reason_and_change_nothing(cat):
    plan, fid, _ = designed(33, 16)
    before = plan.model_dump(mode="json")
    # a second scalable unit needs 256 uplinks; the 4 spines are full at 1:1
    with pytest.raises(EditRefused, match="spines have 0 free ports"):
        extend_fabric(plan, cat, fid, servers(plan)[16:])
    # already wired: said so (issue 31: it read "no free compute ports", as if they had none)
    with pytest.raises(EditRefused, match="The 2 chosen devices are already wired: each of their compute ports") as info:
        extend_fabric(plan, cat, fid, servers(plan)[:2])
    assert "bereits verkabelt" in message_text(info.value.reason, "de")
    assert "Compute-Ports" in message_text(info.value.reason, "de")  # the role named in German
    with pytest.raises(EditRefused, match="does not exist"):
        extend_fabric(plan, cat, "no-such-fabric", servers(plan)[16:17])
    # a fabric of switches only has no leaf to extend
    spine_links = [lk for lk in plan.links if not lk.a.placement.startswith("srv-")]
    bare = plan.model_copy(update={"links": spine_links})
    bare.reindex()
    with pytest.raises(EditRefused, match="has no leaf"):
        extend_fabric(bare, cat, fid, servers(plan)[16:17])
    # new switches must be of the fabric's technology
    eth = next(d.slug for d in cat.devices_of_kind("switch") if d.planning and d.planning.switch
               and d.planning.switch.fabric == "ethernet")
    with pytest.raises(EditRefused, match="ethernet switch"):
        extend_fabric(plan, cat, fid, servers(plan)[16:17], switch=eth)
    plan2, fid2, _ = designed(10, 6)  # one tier, 48 of 64 ports used
    with pytest.raises(EditRefused, match="would need 48 free ports for uplinks"):
        extend_fabric(plan2, cat, fid2, servers(plan2)[6:])
    assert plan.model_dump(mode="json") == before


def test_progress_rises_to_one_and_cancel_adds_nothing(cat):
    plan, fid, _ = designed(14, 10, rail_optimised=False)
    seen: list[float] = []
    res = extend_fabric(plan, cat, fid, servers(plan)[10:], progress=lambda f, _s: seen.append(f))
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen) and res.server_links == 32
    before = plan.model_dump(mode="json")
    with pytest.raises(Cancelled):
        extend_fabric(plan, cat, fid, servers(plan)[10:], progress=lambda f, _s: None, cancel=lambda: True)
    assert plan.model_dump(mode="json") == before
    # the preview (design + the engine's dry run) stops too, between its stages
    calls = []

    def cancel_in_power() -> bool:
        return bool(calls) and calls[-1][1] == "Measuring the added power"

    with pytest.raises(Cancelled):
        preview_extension(plan, cat, fid, servers(plan)[10:], power_delta=power_delta(cat),
                          progress=lambda f, s: calls.append((f, s)), cancel=cancel_in_power)
    assert plan.model_dump(mode="json") == before


# -- preview -------------------------------------------------------------------------------------


def test_preview_lists_what_apply_adds(shipped, tmp_path):
    path = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, path)
    plan = load_plan(path)
    new = [add_server_where_room(plan, shipped, XE9680) for _ in range(5)]
    res = extend_fabric(plan, shipped, "fab-compute", new)
    before = plan.model_dump(mode="json")
    add = additions(plan, shipped, res, power_delta(shipped))
    assert plan.model_dump(mode="json") == before  # the dry run left nothing behind
    assert add.switch_count == len(res.switches) == 4
    assert add.racks_with_switches == ["R03"] and add.new_racks == []
    assert all(line.model == "NVIDIA Quantum-2 QM9700" or "QM9700" in line.model for line in add.switches)
    units = sorted(u for line in add.switches for u in line.units)
    assert units == sorted(s.u for s in res.switches)
    assert sum(n for *_x, n in add.cables) == len(res.links) == add.server_links + add.uplinks
    assert sum(n for *_x, n in add.optics) == 2 * sum(
        1 for lk in res.links if (c := shipped.get("cables", lk.cable)) is not None and c.kind in ("mmf", "smf"))
    # added kW is the engine's: apply the edit and compare full computes
    e = Engine(shipped)
    t0 = e.compute(plan).totals.agg.sums["typical_w"]
    res.edit.apply(plan)
    t1 = Engine(shipped).compute(plan).totals.agg.sums["typical_w"]
    assert add.added_typical_kw == pytest.approx((t1 - t0) / 1000)
    qm = shipped.get("device-types", "nvidia-quantum-2-qm9700")
    assert add.added_typical_kw > 4 * 0.2 and qm is not None  # four switches of several hundred W


def test_every_fabric_of_the_example_takes_the_new_server(shipped, tmp_path):
    """Compute (NDR ports), storage (200G lanes of split cages beside used ones) and
    management (1 GbE): the new server ends with no fabric or link finding at all."""
    path = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, path)
    plan = load_plan(path)
    new = add_server_where_room(plan, shipped, XE9680)
    assert {f.code for f in Engine(shipped).compute(plan).findings if f.code.startswith("FABRIC")} == {
        "FABRIC_UNCONNECTED_PORTS"}
    ports = {}
    for fid in ("fab-compute", "fab-storage", "fab-mgmt"):
        res = extend_fabric(plan, shipped, fid, [new])
        res.edit.apply(plan)
        ports[fid] = sorted((lk.b.placement, lk.b.port) for lk in res.links)
    assert ports["fab-storage"] == [("ib-stor-1", "ib13s0"), ("ib-stor-1", "ib13s1")]  # next free cage, split
    assert ports["fab-mgmt"] == [("mgmt-sw-1", "swp8")]
    assert not [f for f in Engine(shipped).compute(plan).findings if f.code.startswith(("FABRIC", "LINK"))]


def test_an_appliance_joins_a_storage_fabric_at_its_own_speed(cat):
    """Per-device link speeds when extending (as auto-wire): with two new servers' 200G
    NICs in the same extension, the 400G appliance ports take whole free 400G cages of the
    existing leaf, not 200G lanes beside the NICs."""
    from planner.fabric.ports import port_lookup
    from planner.model.plan import Placement

    plan = make_plan(6, per_rack=6, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1]
    spare.placements.append(Placement(id="sto-1", device="test-storage-8x400", name="flash1", u=10))
    plan.reindex()
    first, later = servers(plan)[:4], servers(plan)[4:]
    autowire(plan, cat, first, "test-ib-64x400", kind="storage", switch_racks=[spare.id]).edit.apply(plan)
    fid = plan.fabrics[-1].id
    assert plan.fabrics[-1].speed_gbps == 200
    before = len(plan.links)
    res = extend_fabric(plan, cat, fid, later + ["sto-1"])
    res.edit.apply(plan)
    new = plan.links[before:]
    assert len(new) == 8 + 2 * len(later) and not res.switches
    for lk in new:
        dev, sw = (lk.a, lk.b) if lk.a.placement in later + ["sto-1"] else (lk.b, lk.a)
        a = port_lookup(cat, plan.placement(dev.placement).device, dev.port, 200)
        b = port_lookup(cat, plan.placement(sw.placement).device, sw.port, 200)
        assert a.speed_gbps == b.speed_gbps, (dev.port, sw.port)
        if dev.placement == "sto-1":
            assert a.speed_gbps == 400 and b.parent is None, (dev.port, sw.port)
    assert not [f for f in check_links(plan, cat) if f.code in ("FABRIC_SPEED_MISMATCH", "FABRIC_SLOW_LINK")
                or f.severity == "error"]


def test_preview_counts_one_switch_in_the_singular(shipped):
    """Issue 31: "1 switches" in the extend preview's status."""
    from planner.fabric.extend import preview_extension

    # one new leaf whose uplinks take the spines' free ports (as test_new_leaf_uplinks_to_free_spine_ports);
    # the example's management leaf once took this part, when its switches' mgmt0 links read as uplinks
    plan, fid, _spare = designed(14, 10, rail_optimised=False)
    cat = load_catalog([FIXTURE])
    said: list[str] = []
    prev = preview_extension(plan, cat, fid, servers(plan)[10:], power_delta=power_delta(cat),
                             progress=lambda f, text="": said.append(text))
    assert len(prev.result.switches) == 1
    assert said[-1].endswith(" cables and 1 switch to add"), said[-1]
