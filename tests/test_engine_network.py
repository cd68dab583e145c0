"""The engine as one design-rule check: fabric and workload results and findings join the
engine's, link media count once in device/rack power and mass, cross-rack outlet
conflicts, the check JSON sections, and what an edit recomputes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import CODES, Engine
from planner.fabric.analysis import analyse_fabrics
from planner.model.edits import AddItem, MovePlacement, SetProperty
from planner.model.placement import PlacementChecker
from planner.model.plan import Endpoint, Link, PowerConnection, Workload

FIXTURE = Path(__file__).parent / "fixtures" / "engine_catalog"
CAT = load_catalog([FIXTURE])


@pytest.fixture
def plan():
    return synthetic_plan(72, CAT)  # 9 servers, 3 GPU racks, a leaf rack, a spine rack


def codes(results):
    return {f.code for f in results.findings}


def test_fabric_results_equal_the_fabric_module(plan):
    res = Engine(CAT).compute(plan)
    ref = {r.id: r.as_dict() for r in analyse_fabrics(plan, CAT, default_length_m=3.0)}
    assert {k: v.as_dict() for k, v in res.fabrics.items()} == ref
    fr = res.fabrics["fab-compute"]
    assert fr.servers == 9 and fr.gpus == 72 and fr.per_gpu_gbps == 400


def test_cable_too_long_is_an_error_and_fails_the_check(plan):
    engine = Engine(CAT)
    assert not engine.compute(plan).has_errors
    lk = plan.links[0]
    res = engine.update(plan, SetProperty("link", lk.id, "cable", "test-dac-400g-3m").apply(plan))
    assert not res.has_errors
    res = engine.update(plan, SetProperty("link", lk.id, "length_m", 7.0).apply(plan))  # DAC reaches 3 m
    found = [f for f in res.findings if f.code == "FABRIC_CABLE_TOO_LONG"]
    assert len(found) == 1 and found[0].severity == "error" and found[0].kind == "link" and found[0].id == lk.id
    assert res.has_errors and res.counts()["error"] == 1
    assert res.findings_for("link", lk.id) == found
    # and the JSON carries it with the fabric's related entities
    doc = res.to_json(plan, CAT)
    assert any(f["code"] == "FABRIC_CABLE_TOO_LONG" for f in doc["findings"])


def test_unconnected_required_port_appears_and_goes(plan):
    engine = Engine(CAT)
    engine.compute(plan)
    srv_link = next(lk for lk in plan.links if lk.a.placement == "srv-000003")
    from planner.model.edits import RemoveItem

    edit = RemoveItem("link", srv_link.id)
    res = engine.update(plan, edit.apply(plan))
    f = next(f for f in res.findings if f.code == "FABRIC_UNCONNECTED_PORTS")
    assert f.severity == "warning" and f.kind == "fabric" and "srv-000003" in f.related
    assert res.fabrics["fab-compute"].unconnected_ports == [("srv-000003", srv_link.a.port)]
    res = engine.update(plan, edit.revert(plan))
    assert "FABRIC_UNCONNECTED_PORTS" not in codes(res)


def test_optics_power_counts_once_in_device_rack_pdu_and_totals(plan):
    base = Engine(CAT).compute(plan)
    cable = CAT.get("cables", "test-dac-400g-3m")
    # an active cable: give the fixture cable 5 W per end through a copy of the catalog entry
    lk = plan.links[0]
    a_rack = plan.index.placement_rack[lk.a.placement]
    b_rack = plan.index.placement_rack[lk.b.placement]
    engine = Engine(CAT)
    engine.compute(plan)
    object.__setattr__(cable, "power_w", 5.0)
    try:
        res = engine.update(plan, SetProperty("link", lk.id, "cable", "test-dac-400g-3m").apply(plan))
        full = Engine(CAT).compute(plan)
    finally:
        object.__setattr__(cable, "power_w", 0.0)
    assert res.racks[a_rack].optics_power_w == pytest.approx(base.racks[a_rack].optics_power_w + 5.0)
    assert res.racks[b_rack].optics_power_w == pytest.approx(base.racks[b_rack].optics_power_w + 5.0)
    assert res.racks[a_rack].max_w == pytest.approx(base.racks[a_rack].max_w + 5.0)
    assert res.totals.agg.sums["max_w"] == pytest.approx(base.totals.agg.sums["max_w"] + 10.0)
    assert res.totals.to_dict()["optics_power_kw"] == pytest.approx(base.totals.to_dict()["optics_power_kw"] + 0.01)
    # the fabric's own figure is the same media summed, not added a second time
    assert res.fabrics["fab-compute"].optics_power_w == pytest.approx(
        sum(r.optics_power_w for r in res.racks.values()), abs=0.1)
    # the PDUs carry it too: the device's cords feed its optics
    pdus_of = [p for p in res.pdus.values() if p.rack_id == a_rack]
    pdus_before = [base.pdus[p.id] for p in pdus_of]
    assert sum(p.max_w for p in pdus_of) == pytest.approx(sum(p.max_w for p in pdus_before) + 5.0)
    assert json.dumps(res.to_json(plan), sort_keys=True) == json.dumps(full.to_json(plan), sort_keys=True)


def test_cable_mass_half_to_each_rack(plan):
    lk = plan.links[0]
    plan.links[0].cable, plan.links[0].length_m = "test-dac-400g-3m", 2.0
    res = Engine(CAT).compute(plan)
    a_rack = plan.index.placement_rack[lk.a.placement]
    b_rack = plan.index.placement_rack[lk.b.placement]
    half = 0.045 * 2.0 / 2
    assert res.racks[a_rack].cable_mass_kg == pytest.approx(half)
    assert res.racks[b_rack].cable_mass_kg == pytest.approx(half)
    assert sum(r.cable_mass_kg for r in res.racks.values()) == pytest.approx(res.fabrics["fab-compute"].cable_mass_kg)
    assert res.totals.to_dict()["cable_mass_kg"] == pytest.approx(2 * half)


def test_cross_rack_cord_on_a_taken_outlet_conflicts(plan):
    engine = Engine(CAT)
    res = engine.compute(plan)
    assert "POWER_OUTLET_CONFLICT" not in codes(res)
    # srv-000001 (rack 1) also plugs into rack 2's PDU A1 at outlet 1, which srv-000005 (rack 2) uses
    taken = plan.placement("srv-000005").power[0]
    srv = plan.placement("srv-000001")
    cords = list(srv.power) + [PowerConnection(pdu=taken.pdu, outlet=taken.outlet)]
    res = engine.update(plan, SetProperty("placement", "srv-000001", "power", cords).apply(plan))
    conflict = [f for f in res.findings if f.code == "POWER_OUTLET_CONFLICT"]
    assert len(conflict) == 1 and conflict[0].kind == "pdu" and conflict[0].id == taken.pdu
    assert "srv-000001" in conflict[0].message and "srv-000005" in conflict[0].message
    assert res.has_errors


def test_workload_verdicts_findings_and_severity(plan):
    plan.workloads.append(Workload(id="w-ok", name="chat", kind="inference",
                                   spec={"model": "llama-3.1-8b", "precision": "fp8", "users": 32}))
    plan.workloads.append(Workload(id="w-big", name="405b for everyone", kind="inference",
                                   spec={"model": "llama-3.1-405b", "users": 100000}))
    plan.workloads.append(Workload(id="w-bad", name="typo", kind="inference", spec={"model": "lama", "users": 1}))
    plan.reindex()
    res = Engine(CAT).compute(plan)
    assert set(res.workloads) == {"w-ok", "w-big", "w-bad"}
    assert res.workloads["w-ok"].met is True and res.workloads["w-big"].met is False
    by_id = {f.id: f for f in res.findings if f.kind == "workload"}
    assert "w-ok" not in by_id
    assert by_id["w-big"].code == "WORKLOAD_UNMET" and by_id["w-big"].severity == "error"
    assert by_id["w-bad"].code == "WORKLOAD_NOT_EVALUATED" and by_id["w-bad"].severity == "warning"
    assert res.has_errors
    doc = res.to_json(plan, CAT)
    ws = {w["id"]: w for w in doc["workloads"]}
    for k in ("name", "kind", "met", "margin", "bottleneck", "tokens_per_s"):
        assert k in ws["w-ok"]


def test_workload_uses_the_fabric_bandwidth(plan):
    plan.workloads.append(Workload(id="w", name="train", kind="pretrain",
                                   spec={"model": "llama-3.1-8b", "tokens": 1e11, "target_days": 30}))
    plan.reindex()
    engine = Engine(CAT)
    res = engine.compute(plan)
    notes = res.workloads["w"].figures.get("notes", [])
    assert any("400 Gb/s per GPU" in n for n in notes), notes
    # unwire half of one server's NICs: the fabric (not the NICs) now gives that server, and so the
    # workload, 200 Gb/s per GPU
    from planner.model.edits import Compound, RemoveItem

    half = [lk.id for lk in plan.links if lk.a.placement == "srv-000001"][:4]
    res = engine.update(plan, Compound([RemoveItem("link", x) for x in half]).apply(plan))
    notes = res.workloads["w"].figures.get("notes", [])
    assert any("200 Gb/s per GPU" in n for n in notes), notes


def test_power_failure_only_fails_workloads_on_those_servers(plan):
    plan.groups.append(__import__("planner.model.plan", fromlist=["ServerGroup"]).ServerGroup(
        id="g1", name="rack 1", members=["srv-000001", "srv-000002"]))
    plan.groups.append(__import__("planner.model.plan", fromlist=["ServerGroup"]).ServerGroup(
        id="g3", name="rack 3", members=["srv-000009"]))
    for gid in ("g1", "g3"):
        plan.workloads.append(Workload(id=f"w-{gid}", name=gid, kind="inference", group=gid,
                                       spec={"model": "llama-3.1-8b", "precision": "fp8", "users": 8}))
    plan.reindex()
    engine = Engine(CAT)
    res = engine.compute(plan)
    assert res.workloads["w-g1"].met and res.workloads["w-g3"].met
    # rack 1's feeds get a tiny breaker: its power fails, rack 3's does not
    change = SetProperty("feed", "feed-00001a", "breaker_a", 1.0).apply(plan)
    res = engine.update(plan, change)
    assert res.workloads["w-g1"].met is False and res.workloads["w-g1"].bottleneck == "power"
    assert res.workloads["w-g3"].met is True


def test_move_does_not_recompute_the_fabric_but_a_link_edit_does(plan):
    engine = Engine(CAT)
    before = engine.compute(plan)
    checker = PlacementChecker(CAT)
    u = checker.first_fit(plan, "rack-00003", plan.placement("srv-000001").device)
    after = engine.update(plan, MovePlacement("srv-000001", "rack-00003", u, checker=checker).apply(plan))
    assert after.fabrics["fab-compute"] is before.fabrics["fab-compute"]
    leaf = next(p.id for p, _ in plan.index.iter_placements() if p.device == "nvidia-quantum-2-qm9700")
    lk = Link(id="lk-extra", fabric="fab-compute", a=Endpoint(placement="srv-000002", port="compute0"),
              b=Endpoint(placement=leaf, port="p64"))
    again = engine.update(plan, AddItem(lk).apply(plan))
    assert again.fabrics["fab-compute"] is not after.fabrics["fab-compute"]
    assert "FABRIC_PORT_REUSED" in codes(again)  # compute0 of srv-000002 was wired already


def test_codes_agree_with_the_fabric_module():
    import planner.fabric.findings as ff

    doc = ff.__doc__ or ""
    for code, (sev, _) in CODES.items():
        if code.startswith("FABRIC_"):
            assert f"{code} ({sev})" in doc.replace("\n", " "), code


def test_no_import_side_effect_needed_for_sections(plan):
    """The app builds check JSON without the CLI: the sections are there."""
    doc = Engine(CAT).compute(plan).to_json(plan, CAT)
    assert [f["name"] for f in doc["fabrics"]] == ["Compute fabric"]
    assert {"name", "kind", "per_gpu_gbps", "oversubscription", "bisection_tbps", "cables", "switches"} <= set(
        doc["fabrics"][0])
    assert doc["workloads"] == []
    assert "optics_power_kw" in doc["racks"][0] and "cable_mass_kg" in doc["racks"][0]


FIBRE = load_catalog([FIXTURE, Path(__file__).parent / "fixtures" / "engine_fibre"])


def test_fibre_transceivers_are_bom_lines_with_prices():
    plan = synthetic_plan(72, CAT)  # links without media
    engine = Engine(FIBRE)
    base = engine.compute(plan)
    assert not any(b.slug == "test-xcvr-400g-sr4" for b in base.bom)
    res = base
    for lk in plan.links[:3]:  # three links become 20 m of OM4: an SR4 optic at each end
        res = engine.update(plan, SetProperty("link", lk.id, "length_m", 20.0).apply(plan))
        res = engine.update(plan, SetProperty("link", lk.id, "cable", "test-mmf-om4").apply(plan))
    line = next(b for b in res.bom if b.slug == "test-xcvr-400g-sr4")
    price = FIBRE.get("cables", "test-xcvr-400g-sr4").price.amount
    assert (line.table, line.quantity, line.unit_price, line.currency) == ("cables", 6, price, "USD")
    assert line.extended == 6 * price
    fibre = next(b for b in res.bom if b.slug == "test-mmf-om4")
    assert fibre.quantity == 3
    assert res.totals.capex == pytest.approx(base.totals.capex + 6 * price + 3 * fibre.unit_price)
    assert res.fabrics["fab-compute"].transceivers == 6
    full = Engine(FIBRE).compute(plan)
    assert [b.to_dict() for b in full.bom] == [b.to_dict() for b in res.bom]
    # undo one: its two optics leave the BOM
    res = engine.update(plan, SetProperty("link", plan.links[0].id, "cable", None).apply(plan))
    assert next(b for b in res.bom if b.slug == "test-xcvr-400g-sr4").quantity == 4


def test_port_wired_in_two_fabrics_is_an_engine_error(plan):
    from planner.model.plan import Fabric

    engine = Engine(CAT)
    engine.compute(plan)
    engine.update(plan, AddItem(Fabric(id="fab-st", name="Storage", kind="storage")).apply(plan))
    used = plan.links[0]
    other = next(p for p in plan.index.placements if p.startswith("srv-") and p != used.a.placement)
    lk = Link(id="lk-zz", fabric="fab-st", a=Endpoint(placement=used.a.placement, port=used.a.port),
              b=Endpoint(placement=other, port="bmc"))
    res = engine.update(plan, AddItem(lk).apply(plan))
    found = [f for f in res.findings if f.code == "FABRIC_PORT_CROSS_FABRIC"]
    assert len(found) == 1 and found[0].severity == "error" and found[0].kind == "link" and found[0].id == "lk-zz"
    assert used.id in found[0].related and res.has_errors
    res = engine.update(plan, SetProperty("link", "lk-zz", "fabric", "fab-compute").apply(plan))
    assert "FABRIC_PORT_CROSS_FABRIC" not in codes(res) and "FABRIC_PORT_REUSED" in codes(res)


def test_an_overloaded_ups_fails_the_workloads_on_its_feeds(plan):
    """A UPS over its capacity takes its feeds down: the workload on servers behind it is unmet
    (incrementally, when only the UPS changes), the one elsewhere is not."""
    from planner.model.edits import AddItem
    from planner.model.plan import PowerSource, ServerGroup

    plan.groups.append(ServerGroup(id="g1", name="rack 1", members=["srv-000001", "srv-000002"]))
    plan.groups.append(ServerGroup(id="g3", name="rack 3", members=["srv-000009"]))
    for gid in ("g1", "g3"):
        plan.workloads.append(Workload(id=f"w-{gid}", name=gid, kind="inference", group=gid,
                                       spec={"model": "llama-3.1-8b", "precision": "fp8", "users": 8}))
    plan.reindex()
    engine = Engine(CAT)
    engine.compute(plan)
    engine.update(plan, AddItem(PowerSource(id="ups", name="UPS", capacity_kw=1000.0)).apply(plan))
    engine.update(plan, SetProperty("feed", "feed-00001a", "upstream", "ups").apply(plan))
    res = engine.update(plan, SetProperty("feed", "feed-00001b", "upstream", "ups").apply(plan))
    assert res.workloads["w-g1"].met and res.workloads["w-g3"].met
    res = engine.update(plan, SetProperty("source", "ups", "capacity_kw", 1.0).apply(plan))
    assert "POWER_SOURCE_OVER_CAPACITY" in {f.code for f in res.sources["ups"].findings}
    assert res.workloads["w-g1"].met is False and res.workloads["w-g1"].bottleneck == "power"
    assert res.workloads["w-g3"].met is True
    assert res.to_json(plan) == Engine(CAT).compute(plan).to_json(plan)
    res = engine.update(plan, SetProperty("source", "ups", "capacity_kw", 1000.0).apply(plan))
    assert res.workloads["w-g1"].met is True


def test_plan_workloads_carry_the_sizings_layout_and_software_choices(plan):
    """A plan workload sets what `rackwright size` can: the serving software generation and
    pipeline stages of inference, the context-parallel degree of training; the engine's
    verdict is sized with them (they were CLI-only, so a plan could not say them)."""
    from planner.workloads import calibration as cal
    from planner.workloads.specs import InferenceSpec, SpecError, parse_spec

    base = {"model": "llama-3.1-70b", "precision": "fp8", "users": 2000, "tp": 2}  # compute-bound batches
    plan.workloads.append(Workload(id="w-old", name="old", kind="inference", spec={**base, "software": "2024"}))
    plan.workloads.append(Workload(id="w-new", name="new", kind="inference", spec={**base, "software": "2025"}))
    plan.workloads.append(Workload(id="w-pp", name="pp", kind="inference", spec={**base, "tp": 1, "pp": 2}))
    plan.workloads.append(Workload(id="w-cp", name="cp", kind="pretrain",
                                   spec={"model": "llama-3.1-8b", "tokens": 1e10, "seq_len": 32768, "cp": 2}))
    plan.reindex()
    res = Engine(CAT).compute(plan)
    old, new = res.workloads["w-old"].figures, res.workloads["w-new"].figures
    assert (old["software"], new["software"]) == ("2024", "2025")
    ratio = cal.INFERENCE_SOFTWARE_SPEEDUP["2025"] / cal.INFERENCE_SOFTWARE_SPEEDUP["2024"]
    assert old["software_speedup"] == pytest.approx(1 / ratio)  # the generation the verdict assumed
    assert 1.01 < new["tokens_per_s"] / old["tokens_per_s"] <= ratio + 1e-9
    pp = res.workloads["w-pp"].figures
    assert (pp["tp"], pp["pp"]) == (1, 2)
    assert res.workloads["w-cp"].figures["layout"]["cp"] == 2
    # the spec offers exactly the generations the calibration knows, and refuses others by name
    assert set(get_args(InferenceSpec.model_fields["software"].annotation)) == set(cal.INFERENCE_SOFTWARE_SPEEDUP)
    assert InferenceSpec.model_fields["software"].default == cal.DEFAULT_INFERENCE_SOFTWARE
    with pytest.raises(SpecError, match="spec.software"):
        parse_spec("inference", {**base, "software": "2019"})
    with pytest.raises(SpecError, match="spec.cp"):
        parse_spec("pretrain", {"model": "x", "tokens": 1e9, "cp": 0})
