"""Multi-node NVLink domains (GB200 NVL72): ports from the catalog, the rack auto-wired
as one undo step, the domain analysis (size, per-GPU NVLink, switch trays, findings),
the engine's incremental result equal to a fresh one, and workloads sizing TP inside
the wired domain at NVLink speed vs an 8-GPU HGX plan."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.fabric.analysis import analyse_fabrics
from planner.fabric.autowire import autowire
from planner.fabric.media import MediaChooser
from planner.fabric.nvlink import node_domains
from planner.fabric.nvlink_wire import autowire_nvlink_rack
from planner.fabric.ports import NVLINK_ROLE, device_ports
from planner.files.documents import load_plan
from planner.files.plan_io import plan_to_json
from planner.model.edits import AddItem, AddPlacement, AddRack, RemoveItem, RemovePlacement
from planner.model.placement import PlacementChecker
from planner.model.plan import CoolingChoice, CoolingLoop, Placement, Plan, Rack, Room, Row, Site, Workload
from planner.workloads.arch import ModelArch
from planner.workloads.cluster import cluster_from_plan
from planner.workloads.inference import infer

ROOT = Path(__file__).resolve().parent.parent
TRAY, SW = "nvidia-gb200-nvl72-compute-tray", "nvidia-nvlink-switch"


@pytest.fixture(scope="module")
def cat():
    c = load_catalog()
    assert not c.errors
    return c


def nvl72(cat, trays: int = 18, switches: int = 9) -> Plan:
    rack = Rack(id="r1", name="NVL72-1", rack_type="nvidia-gb200-nvl72-rack", position=0,
                cooling=CoolingChoice(method="direct-liquid", loop="loop-1"))
    plan = Plan(site=Site(name="s", rooms=[Room(id="room", name="Hall", width_m=6, depth_m=6,
                                                rows=[Row(id="row", name="A", racks=[rack])])]),
                cooling_loops=[CoolingLoop(id="loop-1", name="L", cdu="cdu-in-row-700kw")])
    chk = PlacementChecker(cat)
    us = list(range(6, 16)) + list(range(27, 35))
    for k in range(trays):
        AddPlacement("r1", Placement(id=f"t{k + 1:02d}", device=TRAY, name=f"ct{k + 1}", u=us[k]), chk).apply(plan)
    for k in range(switches):
        AddPlacement("r1", Placement(id=f"s{k + 1}", device=SW, name=f"sw{k + 1}", u=17 + k), chk).apply(plan)
    return plan


def wired(cat, **kw) -> Plan:
    plan = nvl72(cat, **kw)
    autowire_nvlink_rack(plan, cat, "r1", fabric_id="nvl").edit.apply(plan)
    return plan


def result(plan, cat):
    return next(r for r in analyse_fabrics(plan, cat) if r.kind == "nvlink")


def test_ports_come_from_the_catalog_interfaces(cat):
    tray = device_ports(cat, TRAY)
    nvl = tray.role(NVLINK_ROLE)
    assert len(nvl) == 72 and nvl[0].name == "gpu0-nvl0" and nvl[-1].name == "gpu3-nvl17"
    assert {p.speed_gbps for p in nvl} == {400.0}  # 1,800 GB/s / 18 links / 2 directions x 8
    sw = device_ports(cat, SW)
    assert [p.name for p in sw.role("fabric")][:2] == ["acp1", "acp2"] and len(sw.role("fabric")) == 144
    # the spine cartridge is never offered for a network link
    ch = MediaChooser(cat)
    assert ch.choose(400, 1.0).cable != "nvlink-spine-cartridge"
    assert [c.slug for c in ch.nvlink] == ["nvlink-spine-cartridge"]


def test_full_rack_is_one_72_gpu_domain_at_1800_gb_per_s(cat):
    plan = wired(cat)
    assert len(plan.links) == 72 * 18
    assert all(lk.cable == "nvlink-spine-cartridge" and 0.3 <= lk.length_m <= 2.0 for lk in plan.links)
    # every GPU reaches every one of the 18 switch chips exactly once
    chips: dict[tuple[str, str], set] = {}
    for lk in plan.links:
        gpu = (lk.a.placement, lk.a.port.split("-")[0])
        n = int(lk.b.port[3:]) - 1
        chips.setdefault(gpu, set()).add((lk.b.placement, n // 72))
    assert len(chips) == 72 and all(len(v) == 18 for v in chips.values())
    r = result(plan, cat)
    assert r.nvlink["domain_gpus"] == 72 and r.nvlink["design_gpus"] == 72
    assert r.nvlink["per_gpu_gb_per_s"] == 1800.0 == r.nvlink["catalog_per_gpu_gb_per_s"]
    assert r.per_gpu_gbps == 7200.0
    assert (r.nvlink["switch_trays"], r.nvlink["switch_trays_required"]) == (9, 9)
    assert r.nvlink["complete"] and r.nvlink["unconnected_nvlink_ports"] == 0
    assert r.optics_power_w == 0 and r.cable_mass_kg > 0
    assert not [f for f in r.findings if f.severity != "info"], r.findings


def test_a_missing_switch_tray_is_an_error_and_costs_bandwidth(cat):
    r = result(wired(cat, switches=8), cat)
    codes = {f.code for f in r.findings}
    assert "NVLINK_SWITCH_TRAYS_MISSING" in codes and "NVLINK_BANDWIDTH_LOW" in codes
    assert r.nvlink["switch_trays"] == 8 and r.nvlink["switch_trays_required"] == 9
    assert r.nvlink["per_gpu_gb_per_s"] == pytest.approx(1600.0)  # 16 of 18 links
    assert not r.nvlink["complete"]


def test_a_missing_compute_tray_is_a_smaller_domain(cat):
    r = result(wired(cat, trays=17), cat)
    assert r.nvlink["domain_gpus"] == 68
    assert [f.code for f in r.findings if f.code.startswith("NVLINK_")] == ["NVLINK_DOMAIN_INCOMPLETE"]
    assert r.nvlink["per_gpu_gb_per_s"] == 1800.0


def test_autowire_undo_restores_exactly_and_engine_follows(cat):
    plan = nvl72(cat)
    before = plan_to_json(plan)
    eng = Engine(cat)
    eng.compute(plan)
    res = autowire(plan, cat, [p.id for p in plan.rack("r1").placements if p.device == TRAY], SW, kind="nvlink")
    edit = res.edit
    assert res.links == 1296 and res.cables == {"nvlink-spine-cartridge": 1296}
    got = eng.update(plan, edit.apply(plan))
    assert got.to_json(plan, cat) == Engine(cat).compute(plan).to_json(plan, cat)
    assert got.fabrics[res.fabric_id].nvlink["domain_gpus"] == 72
    back = eng.update(plan, edit.revert(plan))
    assert plan_to_json(plan) == before
    assert back.to_json(plan, cat) == Engine(cat).compute(plan).to_json(plan, cat)


def test_autowire_of_trays_in_two_racks_is_one_undo_step_with_a_domain_per_rack(cat):
    # the summed design used to be assigned into the frozen FatTree (FrozenInstanceError)
    plan = nvl72(cat)
    AddRack("row", plan.rack("r1").model_copy(update={"id": "r2", "name": "NVL72-2", "position": 1,
                                                      "placements": []})).apply(plan)
    chk = PlacementChecker(cat)
    for p in list(plan.rack("r1").placements):
        AddPlacement("r2", p.model_copy(update={"id": "b-" + p.id, "name": "b-" + (p.name or "")}), chk).apply(plan)
    trays = [p.id for r in ("r1", "r2") for p in plan.rack(r).placements if p.device == TRAY]
    before = plan_to_json(plan)
    res = autowire(plan, cat, trays, SW, kind="nvlink")
    assert res.links == 2 * 1296 == res.design.cables
    assert (res.design.nodes, res.design.leaves, res.design.switches) == (36, 18, 18)
    assert len(res.switches["leaf"]) == 18
    res.edit.apply(plan)
    nvl = [r for r in analyse_fabrics(plan, cat) if r.kind == "nvlink"]
    assert sorted(r.nvlink["domain_gpus"] for r in nvl) == [72, 72]
    res.edit.revert(plan)
    assert plan_to_json(plan) == before


def test_engine_incremental_equals_full_when_nvlink_breaks(cat):
    plan = wired(cat)
    AddItem(Workload(id="w", name="serve", kind="inference",
                     spec={"model": "llama-3.1-405b", "precision": "fp8", "users": 64, "tp": 8})).apply(plan)
    eng = Engine(cat)
    eng.compute(plan)
    for edit in (RemovePlacement("s9"), RemovePlacement("t18"), RemoveItem("link", plan.links[5].id)):
        res = eng.update(plan, edit.apply(plan))
        assert json.dumps(res.to_json(plan, cat), sort_keys=True) == \
            json.dumps(Engine(cat).compute(plan).to_json(plan, cat), sort_keys=True)
    r = res.fabrics["nvl"]
    assert r.nvlink["domain_gpus"] == 68 and r.nvlink["switch_trays"] == 8
    assert {"NVLINK_SWITCH_TRAYS_MISSING", "NVLINK_DOMAIN_INCOMPLETE"} <= {f.code for f in res.findings}


def test_workload_tp_runs_at_nvlink_speed_in_the_nvl72_not_across_hgx(cat):
    m = ModelArch.from_llm(cat.llm("llama-3.1-405b"))
    nvl = cluster_from_plan(wired(cat), cat)
    assert nvl.nvlink_domain_gpus == 72 and nvl.nvlink_gb_per_s == 1800.0
    assert any("NVLink wiring: 72 GPUs" in n for n in nvl.notes)
    # a missing switch tray: same domain, less NVLink per GPU
    short = cluster_from_plan(wired(cat, switches=8), cat)
    assert short.nvlink_gb_per_s == pytest.approx(1600.0)
    # unwired trays: each tray is its own domain
    loose = cluster_from_plan(nvl72(cat), cat)
    assert loose.nvlink_domain_gpus == 4
    hgx = cluster_from_plan(load_plan(ROOT / "examples" / "xe9680-h100-pod.json"), cat)
    assert hgx.domain_gpus == 8
    # the same 64 GPUs' worth of each (72 in the rack; the HGX pod has 32)
    a = infer(m, nvl.with_(gpus=64), precision="fp8", tp=16, batch=16)
    b = infer(m, hgx.with_(gpus=64), precision="fp8", tp=16, batch=16)
    c = infer(m, loose.with_(gpus=64), precision="fp8", tp=16, batch=16)
    assert a.tp_in_nvlink_domain and not b.tp_in_nvlink_domain and not c.tp_in_nvlink_domain
    assert a.decode_comm_s < c.decode_comm_s  # same GPUs, NVLink vs the compute NICs
    # the engine gives the workload the same domain
    plan = wired(cat)
    AddItem(Workload(id="w", name="serve", kind="inference",
                     spec={"model": "llama-3.1-405b", "precision": "fp8", "users": 64, "tp": 8})).apply(plan)
    v = Engine(cat).compute(plan).workloads["w"]
    assert v.figures["tp_in_nvlink_domain"] is True


def test_node_domains_per_server_model(cat):
    plan = load_plan(ROOT / "examples" / "xe9680-h100-pod.json")
    counts: dict[str, int] = {}
    for p, _ in plan.index.iter_placements():
        counts[p.device] = counts.get(p.device, 0) + 1
    doms = node_domains(cat, counts)
    assert [(d["server_model"], d["servers"], d["domain_gpus"], d["per_gpu_gb_per_s"]) for d in doms] == \
        [("dell-poweredge-xe9680", 4, 8, cat.gpu("h100-sxm").nvlink_bandwidth_gb_per_s)]
    assert node_domains(cat, {TRAY: 18}) == []  # GB200 trays form multi-node domains
