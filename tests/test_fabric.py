"""Fabrics: sizing rules, media, lengths, wiring edits, auto-wire, analysis, calculator CLI."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

import pytest

from planner.base.units import U_MM
from planner.catalog import load_catalog
from planner.fabric.analysis import (
    analyse_fabrics,
    check_links,
    fabrics_json_section,
    inter_node_gbps_per_gpu,
)
from planner.fabric.autowire import autowire
from planner.fabric.cabling import CableGeometry, CableRules
from planner.fabric.calculator import calculate
from planner.fabric.media import MediaChooser
from planner.fabric.ports import device_ports, interface_speed_gbps, port_lookup
from planner.fabric.schedule import cable_schedule, schedule_csv
from planner.fabric.topology import design_fat_tree
from planner.fabric.wiring import Connect, Disconnect
from planner.model.edits import AddItem, EditRefused
from planner.model.plan import Fabric, Placement, Plan, Rack, Room, Row, ServerGroup, Site

FIXTURE = Path(__file__).parent / "fixtures" / "fabric_catalog"


@pytest.fixture(scope="module")
def cat():
    c = load_catalog([FIXTURE])
    assert not c.errors, c.errors
    return c


def make_plan(nodes: int, per_rack: int = 4, racks_per_row: int = 10, server: str = "test-dgx",
              spare_racks: int = 1) -> Plan:
    """Servers 8U each from U1 up, ``per_rack`` per rack; ``spare_racks`` empty racks at the end."""
    rows, racks = [], []
    n_racks = -(-nodes // per_rack) + spare_racks
    k = 0
    for r in range(n_racks):
        placements = []
        for j in range(per_rack):
            if k >= nodes or r >= n_racks - spare_racks:
                break
            placements.append(Placement(id=f"srv-{k + 1}", device=server, name=f"node{k + 1:04d}", u=1 + 8 * j))
            k += 1
        racks.append(Rack(id=f"rack-{r + 1}", name=f"R{r + 1:02d}", rack_type="test-rack-48u",
                          position=r % racks_per_row, placements=placements))
    for i in range(0, len(racks), racks_per_row):
        rows.append(Row(id=f"row-{i // racks_per_row + 1}", name=f"Row {i // racks_per_row + 1}", x_m=1.0,
                        y_m=1.0 + 3.6 * (i // racks_per_row), racks=racks[i:i + racks_per_row]))
    return Plan(site=Site(rooms=[Room(id="room-1", name="Hall", width_m=60, depth_m=60, rows=rows)]))


def servers(plan: Plan) -> list[str]:
    return sorted((p.id for p, _ in plan.index.iter_placements() if p.id.startswith("srv-")),
                  key=lambda s: int(s.split("-")[1]))


# -- sizing rules ----------------------------------------------------------------------------


def test_superpod_sizes_from_rules():
    # NVIDIA DGX SuperPOD H100 RA, table 4 (1-4 SU) and B200 RA (8-64 SU), 64-port NDR switches
    expect = {31: (8, 4, 0), 32: (8, 4, 0), 63: (16, 8, 0), 95: (24, 16, 0), 127: (32, 16, 0),
              256: (64, 32, 0), 512: (128, 128, 64), 1024: (256, 256, 128), 2048: (512, 512, 256)}
    for nodes, (leaves, spines, cores) in expect.items():
        t = design_fat_tree(nodes, 8, 64, 400.0)
        assert (t.leaves, t.spines, t.cores) == (leaves, spines, cores), nodes
    t = design_fat_tree(127, 8, 64, 400.0)
    assert (t.cables_node_leaf, t.cables_leaf_spine) == (1016, 1024)  # leaf-spine for the full SU
    assert t.bisection_gbps() == pytest.approx(1016 * 400 / 2)


@pytest.mark.parametrize("radix", [16, 32, 64])
def test_third_tier_starts_past_r_squared_over_two(radix):
    rails = 1
    limit = radix * radix // 2
    assert design_fat_tree(limit, rails, radix, 400.0, rail_optimised=False).tiers == 2
    assert design_fat_tree(limit + 1, rails, radix, 400.0, rail_optimised=False).tiers == 3
    assert design_fat_tree(radix, rails, radix, 400.0).tiers == 1


@pytest.mark.parametrize("nodes,rails,radix,r", [(33, 8, 64, 1.0), (257, 8, 64, 1.0), (100, 4, 32, 2.0),
                                                 (700, 8, 64, 3.0), (5, 8, 64, 1.0), (300, 2, 16, 1.0)])
def test_design_links_use_each_port_once_and_within_radix(nodes, rails, radix, r):
    t = design_fat_tree(nodes, rails, radix, 400.0, r)
    links = list(t.links())
    assert len(links) == t.cables
    ends = Counter((h.role, h.index, h.port) for lk in links for h in lk)
    assert max(ends.values()) == 1
    counts = {"leaf": t.leaves, "spine": t.spines, "core": t.cores}
    for (role, index, port) in ends:
        if role == "node":
            assert index < nodes and port < rails
        else:
            assert index < counts[role] and port < radix
    # every leaf reaches every spine (two tiers) with the same number of links
    if t.tiers == 2:
        pairs = Counter((a.index, b.index) for a, b in links if a.role == "leaf")
        assert len(pairs) == t.leaves * t.spines and set(pairs.values()) == {t.links_per_leaf_spine}
    # oversubscription at the leaf never exceeds the target
    assert t.leaf_oversubscription <= r + 1e-9


def test_oversubscription_changes_split():
    t = design_fat_tree(127, 8, 64, 400.0, 2.0)
    assert (t.down_per_leaf, t.up_per_leaf) == (42, 21)
    assert t.leaves == 8 * 4  # ceil(127 / 42) SUs
    assert 21 % t.spines == 0 and t.spines * 64 >= t.leaves * 21


# -- ports -------------------------------------------------------------------------------------


def test_interface_speeds_and_port_roles(cat):
    assert interface_speed_gbps("400gbase-x-osfp") == 400
    assert interface_speed_gbps("1000base-t") == 1
    assert interface_speed_gbps("infiniband-xdr") == 800
    assert interface_speed_gbps("virtual") is None
    dp = device_ports(cat, "test-dgx")
    assert [p.name for p in dp.role("compute")] == [f"ib{i}" for i in range(8)]
    assert len(dp.role("storage")) == 2 and len(dp.role("frontend")) == 2
    assert [p.name for p in dp.role("management")] == ["bmc"]
    synth = device_ports(cat, "test-hgx-noifs")
    assert [p.name for p in synth.role("compute")] == [f"compute{i}" for i in range(8)]
    assert not any(p.in_netbox for p in synth.role("compute"))
    assert port_lookup(cat, "test-eth-64x800", "swp3s1", 400).speed_gbps == 400
    # lane 2 exists only in a finer split: a 400G peer on it runs at that lane's 200G (a speed
    # finding), not on an unknown port; a lane beyond the largest split is no port
    assert port_lookup(cat, "test-eth-64x800", "swp3s2", 400).speed_gbps == 200
    assert port_lookup(cat, "test-eth-64x800", "swp3s5", 400).speed_gbps == 100
    assert port_lookup(cat, "test-eth-64x800", "swp3s8", 400) is None
    assert port_lookup(cat, "test-ib-64x400", "P99.0") is None


# -- media and lengths -----------------------------------------------------------------------------


@pytest.mark.parametrize("length,cable,xcvr", [(2.0, "t-dac-400", None), (4.2, "t-acc-400", None),
                                               (20.0, "t-mmf", "t-sr4"), (120.0, "t-smf", "t-dr4")])
def test_media_by_length(cat, length, cable, xcvr):
    m = MediaChooser(cat).choose(400.0, length)
    assert m is not None and m.cable == cable and m.transceiver == xcvr
    assert m.length_m >= length
    assert m.transceivers == (2 if xcvr else 0)


def test_media_none_beyond_reach_and_copper_for_mgmt(cat):
    ch = MediaChooser(cat)
    assert ch.choose(400.0, 600.0) is None
    assert ch.choose(1.0, 30.0).cable == "t-cat6a"
    assert ch.choose(400.0, 2.2).length_m == 2.5  # next orderable DAC length


def test_length_from_geometry(cat):
    plan = make_plan(8, per_rack=4, spare_racks=0)
    rules = CableRules(slack_m=1.0, tray_clearance_m=0.3, rack_base_m=0.1)
    geo = CableGeometry(plan, cat, rules)
    mid = lambda u: 0.1 + ((u - 1) * U_MM + 8 * U_MM / 2) / 1000  # noqa: E731
    # same rack: vertical only
    assert geo.route_m("srv-1", "srv-2") == pytest.approx(abs(mid(1) - mid(9)) + 1.0)
    # neighbouring racks: 0.8 m apart (800 mm wide racks), two drops from the tray
    tray = 0.1 + 48 * U_MM / 1000 + 0.3
    want = 0.8 + (tray - mid(1)) + (tray - mid(9)) + 1.0
    assert geo.route_m("srv-1", "srv-6") == pytest.approx(want)


# -- auto-wire -------------------------------------------------------------------------------------


def _wire(plan, cat, nodes_switch="test-ib-64x400", **kw):
    res = autowire(plan, cat, servers(plan), nodes_switch, **kw)
    before = plan.model_dump(mode="json")
    res.edit.apply(plan)
    return res, before


def test_autowire_32_nodes_ports_exist_unique_and_undo_exact(cat):
    plan = make_plan(32, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1].id
    res, before = _wire(plan, cat, switch_racks=[spare])
    calc = calculate(cat, 32, "test-dgx", "test-ib-64x400")
    assert (res.design.leaves, res.design.spines, res.design.cores) == (calc["leaves"], calc["spines"], calc["cores"])
    assert res.links == calc["cables"] == len(plan.links) == 32 * 8 + 8 * 32
    # switches placed in the chosen rack (12 x 1U fit in 48U)
    rack = plan.rack(spare)
    assert len(rack.placements) == 12 and not res.new_racks
    assert len(plan.site.rooms[0].rows) == 1  # no empty network row
    seen = set()
    for lk in plan.links:
        for end in (lk.a, lk.b):
            dev = plan.placement(end.placement).device
            assert port_lookup(cat, dev, end.port, 400) is not None, (dev, end.port)
            assert (end.placement, end.port) not in seen
            seen.add((end.placement, end.port))
    # rail-optimised: NIC k of every node goes to a rail-k leaf
    by_leaf = {}
    for lk in plan.links:
        if lk.a.placement.startswith("srv-"):
            by_leaf.setdefault(lk.b.placement, set()).add(lk.a.port)
    assert all(len(p) == 1 for p in by_leaf.values()) and len(by_leaf) == 8
    assert not [f for f in check_links(plan, cat) if f.severity == "error"]
    res.edit.revert(plan)
    assert plan.model_dump(mode="json") == before
    plan.reindex()  # the index kept in step: re-applying works and gives the same links
    res.edit.apply(plan)
    assert len(plan.links) == res.links


def test_autowire_proposes_network_rack_and_calculator_agrees_127(cat):
    plan = make_plan(127, spare_racks=0)
    res, before = _wire(plan, cat)
    calc = calculate(cat, 127, "test-dgx", "test-ib-64x400")
    assert (res.design.leaves, res.design.spines) == (32, 16) == (calc["leaves"], calc["spines"])
    assert res.links == calc["cables"] == 2040
    assert res.new_racks and all(plan.index.racks[r].tags == ["network"] for r in res.new_racks)
    results = analyse_fabrics(plan, cat)
    assert len(results) == 1
    r = results[0]
    assert r.switches == 48 and r.switches_by_tier == {"leaf": 32, "spine": 16}
    assert r.tiers == 2 and r.hops == 3
    assert r.per_gpu_gbps == 400 and r.oversubscription == 1
    assert r.bisection_tbps == pytest.approx(1016 * 0.4 / 2)
    assert r.cables == 2040 and r.unconnected_ports == []
    assert inter_node_gbps_per_gpu(plan, cat) == 400
    section = json.loads(json.dumps(fabrics_json_section(plan, cat)))
    assert {"name", "kind", "per_gpu_gbps", "oversubscription", "bisection_tbps", "cables", "switches"} <= set(section[0])
    # the engine counts the same media (planner.fabric.link_media) in rack power and mass: totals agree
    from planner.engine import Engine

    eng = Engine(cat).compute(plan)
    assert sum(x.optics_power_w for x in eng.racks.values()) == pytest.approx(r.optics_power_w, rel=1e-6)
    assert sum(x.cable_mass_kg for x in eng.racks.values()) == pytest.approx(r.cable_mass_kg, abs=0.05)
    assert eng.fabrics[r.id].cables == r.cables
    res.edit.revert(plan)
    assert plan.model_dump(mode="json") == before


def test_oversubscribed_fabric_halves_inter_node_bandwidth(cat):
    plan = make_plan(64, spare_racks=0)
    g = ServerGroup(id="grp-1", name="all", members=servers(plan))
    AddItem(g).apply(plan)
    res, _ = _wire(plan, cat, oversubscription=2.0)
    r = analyse_fabrics(plan, cat)[0]
    # the second SU is part-filled: measured down/up over all leaves is below the 2:1 design
    d = res.design
    assert r.oversubscription_by_tier["leaf"] == pytest.approx(d.endpoints / d.cables_leaf_spine, rel=1e-3)
    assert 1.0 < r.oversubscription <= 2.0
    assert inter_node_gbps_per_gpu(plan, cat, "grp-1") == pytest.approx(400 / r.oversubscription, rel=1e-3)


def test_autowire_refusals(cat):
    plan = make_plan(4)
    with pytest.raises(EditRefused, match="not a switch"):
        autowire(plan, cat, servers(plan), "test-pdu")
    with pytest.raises(EditRefused, match="not in the catalog"):
        autowire(plan, cat, servers(plan), "no-such-switch")
    with pytest.raises(EditRefused, match="does not exist"):
        autowire(plan, cat, ["srv-999"], "test-ib-64x400")


def test_access_networks_leaf_per_rack(cat):
    plan = make_plan(8, per_rack=4, spare_racks=1)
    res, before = _wire(plan, cat, "test-mgmt-48x1g", kind="management", leaf_per="rack")
    # one top-of-rack management leaf in each server rack, each node's BMC wired to its own rack's leaf
    leaves = res.switches["leaf"]
    assert len(leaves) == 2
    for lk in plan.links:
        if lk.a.placement.startswith("srv-"):
            assert plan.index.placement_rack[lk.a.placement] == plan.index.placement_rack[lk.b.placement]
            assert lk.cable == "t-cat6a"
    assert plan.fabrics[-1].kind == "management"
    res.edit.revert(plan)
    assert plan.model_dump(mode="json") == before


# -- wiring by hand, findings, schedule ---------------------------------------------------------------


def _two_racks_with_switch(cat):
    plan = make_plan(4, per_rack=4, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1]
    spare.placements.append(Placement(id="sw-1", device="test-ib-64x400", name="leaf", u=40))
    spare.placements.append(Placement(id="sw-2", device="test-eth-64x800", name="eth", u=30))
    plan.reindex()
    AddItem(Fabric(id="fab-1", name="Compute", speed_gbps=400)).apply(plan)
    return plan


def test_connect_validates_ports_and_disconnect_restores(cat):
    plan = _two_racks_with_switch(cat)
    before = plan.model_dump(mode="json")
    e = Connect.between(plan, cat, "fab-1", ("srv-1", "ib0"), ("sw-1", "P0.0"))
    e.apply(plan)
    with pytest.raises(EditRefused, match="already used"):
        Connect.between(plan, cat, "fab-1", ("srv-2", "ib0"), ("sw-1", "P0.0")).apply(plan)
    with pytest.raises(EditRefused, match="has no port"):
        Connect.between(plan, cat, "fab-1", ("srv-2", "ib9"), ("sw-1", "P1.0")).apply(plan)
    with pytest.raises(EditRefused, match="itself"):
        Connect.between(plan, cat, "fab-1", ("srv-2", "ib0"), ("srv-2", "ib1")).apply(plan)
    # breakout lanes of an 800G cage; the whole cage is then taken
    Connect.between(plan, cat, "fab-1", ("srv-2", "ib0"), ("sw-2", "swp1s0")).apply(plan)
    Connect.between(plan, cat, "fab-1", ("srv-2", "ib1"), ("sw-2", "swp1s1")).apply(plan)
    with pytest.raises(EditRefused, match="already used"):
        Connect.between(plan, cat, "fab-1", ("srv-3", "ib0"), ("sw-2", "swp1")).apply(plan)
    n = len(plan.links)
    d = Disconnect(plan.links[0].id)
    d.apply(plan)
    assert len(plan.links) == n - 1
    d.revert(plan)
    assert plan.links[0].id == e.link.id
    for lk in list(plan.links):
        Disconnect(lk.id).apply(plan)
    assert plan.model_dump(mode="json")["links"] == before["links"]


def test_findings_speed_mismatch_and_cable_too_long(cat):
    plan = _two_racks_with_switch(cat)
    Connect.between(plan, cat, "fab-1", ("srv-1", "enp0s0np0"), ("sw-1", "P0.0")).apply(plan)  # 200G NIC port
    Connect.between(plan, cat, "fab-1", ("srv-1", "ib0"), ("sw-1", "P1.0"), cable="t-dac-400",
                    length_m=7.0).apply(plan)
    Connect.between(plan, cat, "fab-1", ("srv-1", "ib1"), ("sw-1", "P2.0"), cable="t-cat6a",
                    length_m=5.0).apply(plan)
    codes = {f.code: f for f in check_links(plan, cat)}
    assert "FABRIC_SPEED_MISMATCH" in codes and "FABRIC_SLOW_LINK" in codes
    # the speed the link runs at carries its unit (issue 31: "the link runs at 200")
    assert re.search(r"the link runs at \d+ Gb/s$", codes["FABRIC_SPEED_MISMATCH"].message)
    assert codes["FABRIC_CABLE_TOO_LONG"].severity == "error"
    assert codes["FABRIC_MEDIA_MISMATCH"].severity == "error"
    r = analyse_fabrics(plan, cat)[0]
    assert any(f.code == "FABRIC_UNCONNECTED_PORTS" for f in r.findings)
    assert ("srv-1", "ib2") in r.unconnected_ports


def test_cable_schedule_rows(cat):
    plan = make_plan(32, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1].id
    _wire(plan, cat, switch_racks=[spare])
    rows = cable_schedule(plan, cat)
    assert len(rows) == len(plan.links)
    first = rows[0]
    assert first.from_device == "node0001" and first.from_port == "ib0"
    assert first.to_device.endswith("Leaf SU1 R1") and first.to_port == "P0.0"
    assert first.label == "CMP-00001" and first.cable and first.length_m and first.length_m > 0
    assert len({r.label for r in rows}) == len(rows)
    text = schedule_csv(rows)
    assert text.splitlines()[0].startswith("id,label,fabric,from_rack")
    assert len(text.splitlines()) == len(rows) + 1


# -- calculator command -----------------------------------------------------------------------------


@pytest.fixture
def shipped_fixture(monkeypatch):
    monkeypatch.setenv("RACKWRIGHT_SHIPPED_CATALOG", str(FIXTURE))


def test_calculator_json_and_exit_codes(shipped_fixture, capsys):
    from planner.commands.cli import main

    assert main(["fabric", "--nodes", "127", "--server", "test-dgx", "--switch", "test-ib-64x400", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("leaves", "spines", "cores", "cables", "transceivers", "per_gpu_gbps", "oversubscription",
                "bisection_tbps", "switch_power_kw"):
        assert key in out
    assert (out["leaves"], out["spines"], out["cores"]) == (32, 16, 0)
    assert out["switch_power_kw"] == pytest.approx(48 * 1720 / 1000)
    bad = [["--nodes", "0", "--server", "test-dgx", "--switch", "test-ib-64x400"],
           ["--nodes", "4", "--server", "nope", "--switch", "test-ib-64x400"],
           ["--nodes", "4", "--server", "test-cpu", "--switch", "test-ib-64x400"],
           ["--nodes", "4", "--server", "test-dgx", "--switch", "test-pdu"],
           ["--nodes", "4", "--server", "test-dgx", "--switch", "test-dgx"],
           ["--nodes", "4", "--server", "test-dgx"]]
    for args in bad:
        assert main(["fabric", *args]) == 2, args
        err = capsys.readouterr().err
        assert err.startswith("rackwright: error:") and "Traceback" not in err


def test_schedule_command_writes_csv(shipped_fixture, tmp_path, cat, capsys):
    from planner.commands.cli import main
    from planner.files.documents import save_plan

    plan = make_plan(4, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1].id
    _wire(plan, cat, switch_racks=[spare])
    path = tmp_path / "p.json"
    save_plan(plan, path)
    out = tmp_path / "cables.csv"
    assert main(["fabric", "--schedule", str(path), "--csv", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == len(plan.links) + 1


def test_autowire_names_racks_and_switches_by_the_plans_patterns(cat):
    plan = make_plan(32, spare_racks=0)
    plan.metadata.naming = {"rack": "NET{n:02}", "switch": "{rack}-sw{n:02}"}
    res, _before = _wire(plan, cat)
    racks = [plan.index.racks[r] for r in res.new_racks]
    assert racks and [r.name for r in racks] == [f"NET{i:02}" for i in range(1, len(racks) + 1)]
    switches = [plan.placement(p) for tier in res.switches.values() for p in tier]
    names = [p.name for p in switches]
    assert len(names) == len(set(names))
    assert all(p.name.startswith(plan.rack_of(p.id).name + "-sw") for p in switches)


def test_autowired_fabric_keeps_the_oversubscription_target_asked_for(cat):
    """A 4:1 access fabric is saved with the 4:1 target the user chose, not the ratio one
    design reached: the engine then judges the design against what was asked (a 1:1
    target made it warn FABRIC_OVERSUBSCRIBED about auto-wire's own 4:1 design)."""
    from planner.engine import Engine

    plan = make_plan(8, per_rack=4, spare_racks=1)
    res, _ = _wire(plan, cat, kind="management", oversubscription=4.0, leaf_per="rack")
    fabric = next(f for f in plan.fabrics if f.kind == "management")
    assert fabric.oversubscription == 4.0
    findings = Engine(cat).compute(plan).findings
    assert not [f for f in findings if f.code == "FABRIC_OVERSUBSCRIBED" and f.id == fabric.id]


def test_autowire_puts_switches_at_the_top_of_the_racks_it_is_given(cat):
    """Switches go top-of-rack in the racks named for them (an installer's habit, and where
    the example has them), not stacked from U1 under the servers' future space."""
    from planner.model.placement import rack_dims

    plan = make_plan(8, per_rack=4, spare_racks=1)
    spare = [r.id for r in plan.racks() if not r.placements][0]
    res, _ = _wire(plan, cat, kind="management", oversubscription=4.0, leaf_per="row", switch_racks=[spare])
    top = rack_dims(cat, plan.rack(spare).rack_type).u_height
    us = sorted((p.u for p in plan.rack(spare).placements), reverse=True)
    assert us and us[0] + math.ceil(cat.get("device-types", plan.rack(spare).placements[0].device).u_height) - 1 == top
    assert us == list(range(us[0], us[0] - len(us), -1))  # packed downward from the top


def test_autowire_undo_text_counts_with_plurals(cat):
    from planner.i18n import message_text

    plan = make_plan(2, per_rack=2, spare_racks=0)
    res = autowire(plan, cat, servers(plan), "test-ib-64x400")
    assert res.edit.text == "Auto-wire the compute fabric (2 servers, 1 switch)"
    assert message_text(res.edit.text, "de") == "Fabric „Rechenleistung“ automatisch verkabeln (2 Server, 1 Switch)"
