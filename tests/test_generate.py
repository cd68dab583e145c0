"""generate_plan: a BuildDesign becomes a complete plan with no error findings, whatever the
cooling, redundancy and limits; impossible designs are refused naming the field; progress,
cancel and determinism; the plan is editable with the app's edits."""

from __future__ import annotations

from collections import Counter

import pytest

from planner.base.progress import Cancelled
from planner.catalog import load_catalog
from planner.design.generate import DesignError, choices, generate_plan, rack_fit
from planner.design.model import BuildDesign, FabricChoice, StorageChoice
from planner.engine import Engine
from planner.model.edits import MovePlacement, RemovePlacement


@pytest.fixture(scope="module")
def catalog():
    cat = load_catalog()
    assert not cat.errors, cat.errors
    return cat


def _errors(res):
    return [f"{f.code}: {f.message}" for f in res.findings if f.severity == "error"]


DESIGNS = {
    "air-xe9680": BuildDesign(server="dell-poweredge-xe9680", servers=10, cooling="air"),
    "rdhx-xe9680-storage": BuildDesign(server="dell-poweredge-xe9680", servers=6, cooling="rdhx",
                                       storage=StorageChoice("vast-ceres-dbox", 3)),
    "dlc-lcc-40": BuildDesign(server="supermicro-sys-421ge-tnhr2-lcc", servers=40, cooling="dlc"),
    "immersion-r760xa": BuildDesign(server="dell-poweredge-r760xa-l40s", servers=12, cooling="immersion",
                                    compute=FabricChoice(technology="ethernet", speed_gbps=200.0,
                                                         rail_optimised=False)),
    "n-feeds-15kw": BuildDesign(server="dell-poweredge-r760xa-l40s", servers=9, cooling="air", max_rack_kw=15.0,
                                redundancy="N", compute=None),
    "dgx-ethernet-oversub": BuildDesign(server="nvidia-dgx-h100", servers=8, cooling="air",
                                        compute=FabricChoice(technology="ethernet", speed_gbps=400.0,
                                                             oversubscription=2.0)),
    # more than 48 racks: management spines take 100G uplinks on their 100G ports (media for 100G)
    "dlc-lcc-256": BuildDesign(server="supermicro-sys-421ge-tnhr2-lcc", servers=256, cooling="dlc"),
    # 100G storage ports and 200G clients on one storage leaf: cages split 4-way for the
    # appliance, the clients' links on those lanes run at 100G (a warning, not unknown ports)
    "xe9680-powerscale": BuildDesign(server="dell-poweredge-xe9680", servers=4, cooling="air",
                                     storage=StorageChoice("dell-powerscale-f710", 2)),
    "gb200-2-racks": BuildDesign(server="nvidia-gb200-nvl72-compute-tray", servers=20, cooling="dlc",
                                 platform="gb200-nvl72"),
}


@pytest.mark.parametrize("name", list(DESIGNS))
def test_design_becomes_a_plan_without_error_findings(catalog, name):
    design = DESIGNS[name]
    plan = generate_plan(design, catalog)
    res = Engine(catalog).compute(plan)
    assert _errors(res) == []
    fit = choices(design, catalog).fit
    servers = [p for p, _ in plan.index.iter_placements() if p.device == design.server]
    expected = design.servers if design.platform == "servers" else -(-design.servers // 18) * 18
    assert len(servers) == expected
    sides = {"2N": {"A", "B"}, "N": {"A"}}[design.redundancy]
    for rack in plan.racks():
        here = [p for p in rack.placements if p.device == design.server]
        assert len(here) <= fit.servers_per_rack
        r = res.racks[rack.id]
        if design.max_rack_kw is not None:
            assert r.max_w <= design.max_rack_kw * 1000
        # cooling never over its limit; PDUs on the design's feed sides
        assert r.heat_w <= r.cooling_capacity_w
        if rack.rack_type != "nvidia-gb200-nvl72-rack":
            assert {plan.feed(p.feed).side for p in rack.placements if p.feed} == sides
    if design.cooling == "dlc":
        assert all(lp.cdu and lp.cdu_count >= 2 for lp in plan.cooling_loops)
    if design.cooling in ("rdhx", "immersion"):
        (loop,) = plan.cooling_loops
        assert loop.kind == "facility" and res.loops[loop.id].heat_w * 1.1 <= loop.capacity_kw * 1000
    if design.storage is not None:
        assert Counter(p.device for p, _ in plan.index.iter_placements())[design.storage.device] == \
            design.storage.count
        assert any(f.kind == "storage" for f in plan.fabrics)
    if design.compute is not None:
        compute = next(f for f in plan.fabrics if f.kind == "compute")
        assert compute.rail_optimised == design.compute.rail_optimised
        assert compute.oversubscription == design.compute.oversubscription
        wired = {e.placement for lk in plan.links if lk.fabric == compute.id for e in (lk.a, lk.b)}
        assert all(s.id in wired for s in servers)
    assert any(f.kind == "management" for f in plan.fabrics)


def test_rack_fit_follows_the_binding_limit(catalog):
    base = BuildDesign(server="dell-poweredge-xe9680", servers=8, cooling="air")
    air = rack_fit(base, catalog)
    assert (air.servers_per_rack, air.binding) == (3, "cooling")  # 3 x 11.2 kW under 90 % of 40 kW
    tight = rack_fit(BuildDesign(server="dell-poweredge-xe9680", servers=8, cooling="air", max_rack_kw=15.0),
                     catalog)
    assert (tight.servers_per_rack, tight.binding) == (1, "max_rack_kw")
    lcc = rack_fit(BuildDesign(server="supermicro-sys-421ge-tnhr2-lcc", servers=8, cooling="dlc"), catalog)
    assert lcc.binding in ("u", "pdu") and lcc.servers_per_rack * lcc.server_kw <= 140 * 0.9



def test_rack_fit_refuses_a_pdu_that_is_not_one(catalog):
    """rack_fit (the workload search calls it before choices() has checked the design) names
    the field for a PDU slug that is a switch or unknown, instead of failing on the missing
    PDU figures with an AttributeError."""
    for slug in ("nvidia-sn2201", "no-such-pdu"):
        with pytest.raises(DesignError) as e:
            rack_fit(BuildDesign(server="dell-poweredge-xe9680", servers=2, pdu=slug), catalog)
        assert str(e.value).startswith("pdu:")


@pytest.mark.parametrize("design, field", [
    (BuildDesign(server="no-such-server", servers=1), "server"),
    (BuildDesign(server="supermicro-sys-421ge-tnhr2-lcc", servers=1, cooling="air"), "cooling"),
    (BuildDesign(server="dell-poweredge-xe9680", servers=1, cooling="dlc"), "cooling"),
    (BuildDesign(server="dell-poweredge-xe9680", servers=2, max_rack_kw=5.0), "max_rack_kw"),
    (BuildDesign(server="dell-poweredge-xe9680", servers=2, servers_per_rack=5), "servers_per_rack"),
    (BuildDesign(server="dell-poweredge-xe9680", servers=2, pdu="nvidia-sn2201"), "pdu"),
    (BuildDesign(server="dell-poweredge-xe9680", servers=2, cooling="rdhx", cooling_unit="cdu-in-row-700kw"),
     "cooling_unit"),
    (BuildDesign(server="dell-poweredge-xe9680", servers=2, storage=StorageChoice("nope")), "storage.device"),
    (BuildDesign(server="dell-poweredge-xe9680", servers=2, compute=FabricChoice(switch="raritan-px3-415v-60a")),
     "compute.switch"),
    (BuildDesign(server="dell-poweredge-xe9680", servers=2, compute=FabricChoice(technology="nvlink")), "compute"),
    (BuildDesign(server="supermicro-sys-421ge-tnhr2-lcc", servers=2, cooling="dlc",
                 storage=StorageChoice("ddn-ai400x2")), "storage"),
    (BuildDesign(server="dell-poweredge-r760-l40s", servers=2, compute=FabricChoice(speed_gbps=100.0)), "compute"),
    (BuildDesign(server="nvidia-gb200-nvl72-compute-tray", servers=18, cooling="dlc", platform="gb200-nvl72",
                 max_rack_kw=100.0), "max_rack_kw"),
    (BuildDesign(server="nvidia-gb200-nvl72-compute-tray", servers=18, cooling="air", platform="gb200-nvl72"),
     "cooling"),
    (BuildDesign(server="dell-poweredge-xe9680", servers=18, platform="gb200-nvl72", cooling="dlc"), "server"),
])
def test_impossible_designs_are_refused_naming_the_field(catalog, design, field):
    with pytest.raises(DesignError) as e:
        generate_plan(design, catalog)
    assert str(e.value).startswith(f"{field}:")


def test_same_design_same_plan_and_progress_rises(catalog):
    design = DESIGNS["rdhx-xe9680-storage"]
    seen = []
    a = generate_plan(design, catalog, progress=lambda f, stage: seen.append((f, stage)))
    b = generate_plan(design, catalog)
    assert a == b
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and len({s for _, s in seen}) >= 4


def test_cancel_stops_generation(catalog):
    calls = []

    def cancel():
        calls.append(1)
        return len(calls) > 3

    with pytest.raises(Cancelled):
        generate_plan(DESIGNS["dlc-lcc-40"], catalog, cancel=cancel)


def test_a_server_without_compute_ports_gets_no_default_compute_fabric(catalog):
    plan = generate_plan(BuildDesign(server="dell-poweredge-r760-l40s", servers=3), catalog)
    assert [f.kind for f in plan.fabrics] == ["management"]
    assert _errors(Engine(catalog).compute(plan)) == []


def test_workloads_attach_to_the_servers_group(catalog):
    wl = [{"name": "Serve", "kind": "inference", "spec": {"model": "llama-3.1-8b", "users": 8}}]
    plan = generate_plan(BuildDesign(server="dell-poweredge-r760-l40s", servers=2, compute=None), catalog,
                         workloads=wl)
    (w,) = plan.workloads
    group = next(g for g in plan.groups if g.id == w.group)
    assert sorted(group.members) == sorted(p.id for p, _ in plan.index.iter_placements()
                                           if p.device == "dell-poweredge-r760-l40s")
    assert Engine(catalog).compute(plan).workloads[w.id].met is not None
    small = BuildDesign(server="dell-poweredge-r760-l40s", servers=1, compute=None)
    for bad, field in (({"name": "x", "kind": "nonsense", "spec": {}}, "workloads[1].kind:"),
                       ({"name": "x", "kind": "inference", "spec": {"model": "llama-3.1-8b", "users": 0}},
                        "workloads[1].spec.users:"),
                       ({"name": "x", "kind": "inference", "group": "grp-other",
                         "spec": {"model": "llama-3.1-8b", "users": 1}}, "workloads[1].group:")):
        with pytest.raises(DesignError) as e:
            generate_plan(small, catalog, workloads=[wl[0], bad])
        assert str(e.value).startswith(field), str(e.value)


def test_generated_plan_is_editable_and_the_engine_follows(catalog):
    plan = generate_plan(DESIGNS["air-xe9680"], catalog)
    engine = Engine(catalog)
    engine.compute(plan)
    rack = next(plan.racks())
    server = max((p for p in rack.placements if p.device == "dell-poweredge-xe9680"), key=lambda p: p.u)
    # move the top server of its rack up by one U (free: the management switch sits at the top)
    edit = MovePlacement(server.id, rack.id, server.u + 1)
    change = edit.apply(plan)
    assert _errors(engine.update(plan, change)) == []
    edit.revert(plan)
    removed = RemovePlacement(server.id)
    removed.apply(plan)
    after = Engine(catalog).compute(plan)
    assert after.totals.agg.ints["gpu_count"] == 8 * 9
    removed.revert(plan)
    assert Engine(catalog).compute(plan).totals.agg.ints["gpu_count"] == 80


def test_refusals_are_english_as_str_and_german_through_error_text(catalog):
    from planner.i18n import error_text

    cases = [(BuildDesign(server="dell-poweredge-xe9680", servers=2, cooling="air", max_rack_kw=5.0),
              "max_rack_kw: one dell-poweredge-xe9680 draws ", " kW with its optics; 5 kW per rack holds 0 at ",
              "max_rack_kw: ein dell-poweredge-xe9680 nimmt mit seinen Transceivern ", " kW je Rack fassen 0 bei je "),
             (BuildDesign(server="no-such-server", servers=2), "server: 'no-such-server' is not in the catalog", "",
              "server: 'no-such-server' ist nicht im Katalog", "")]
    for design, en_start, en_part, de_start, de_part in cases:
        with pytest.raises(DesignError) as e:
            generate_plan(design, catalog)
        en, de = str(e.value), error_text(e.value, "de")
        assert en.startswith(en_start) and en_part in en, en
        assert error_text(e.value, "en") == en
        assert de.startswith(de_start) and de_part in de, de
    # the figures in the German sentence are German numbers (a decimal comma)
    assert "," in de_figure(catalog) and "." not in de_figure(catalog)


def de_figure(catalog):
    from planner.i18n import error_text

    with pytest.raises(DesignError) as e:
        generate_plan(BuildDesign(server="dell-poweredge-xe9680", servers=2, cooling="air", max_rack_kw=5.0), catalog)
    return error_text(e.value, "de").split("Transceivern ")[1].split(" kW")[0]
