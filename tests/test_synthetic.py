"""Synthetic plans: structure, determinism, validity (they feed every benchmark)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.fabric.ports import device_ports
from planner.files.plan_io import plan_from_dict, plan_to_json
from planner.model.placement import PlacementChecker

FIXTURE = Path(__file__).parent / "fixtures" / "engine_catalog"


@pytest.fixture(scope="module")
def catalog():
    cat = load_catalog([FIXTURE])
    assert not cat.errors, cat.errors
    return cat


@pytest.mark.parametrize("gpus", [8, 100, 1024])
def test_gpu_count_and_layout(catalog, gpus):
    plan = synthetic_plan(gpus, catalog)
    devices = Counter(p.device for p, _ in plan.index.iter_placements())
    servers = devices["test-liquid-8gpu"]  # the fixture's liquid-cooled 8-GPU server
    assert servers == -(-gpus // 8)
    for rack in plan.racks():
        kinds = Counter(catalog.device(p.device).kind for p in rack.placements)
        assert kinds["server"] <= 4
        assert len(rack.placements) == len({p.id for p in rack.placements})
        # every PDU hangs on its own feed, as many on side A as on B (2N)
        sides = Counter(plan.feed(p.feed).side for p in rack.placements if p.feed)
        assert kinds["pdu"] == sum(sides.values()) >= 2 and sides["A"] == sides["B"]
        assert len({p.feed for p in rack.placements if p.feed}) == kinds["pdu"]
    rows = [row for room in plan.site.rooms for row in room.rows]
    assert all(len(r.racks) <= 20 for r in rows)


def test_rail_optimised_links(catalog):
    plan = synthetic_plan(512, catalog)  # 64 servers = 2 SUs
    by_server: dict[str, dict[str, str]] = {}
    for lk in plan.links:
        if lk.a.placement.startswith("srv-"):
            by_server.setdefault(lk.a.placement, {})[lk.a.port] = lk.b.placement
    assert len(by_server) == 64
    names = [p.name for p in device_ports(catalog, "test-liquid-8gpu").role("compute")]
    for ports in by_server.values():
        assert len(ports) == 8
        for k in range(8):
            assert ports[names[k]].endswith(f"-{k}")  # the k-th compute port goes to the leaf of rail k
    # spine port usage never exceeds the switch radix
    spine_ports = Counter(lk.b.placement for lk in plan.links if lk.b.placement.startswith("spine-"))
    assert max(spine_ports.values()) <= 64


def test_placements_obey_rack_rules(catalog):
    plan = synthetic_plan(256, catalog)
    checker = PlacementChecker(catalog)
    for rack in plan.racks():
        for p in rack.placements:
            assert checker.check(plan, rack.id, p, ignore=p.id) is None, (rack.id, p.id)


def test_deterministic_and_round_trips(catalog):
    a = synthetic_plan(300, catalog)
    b = synthetic_plan(300, catalog)
    assert plan_to_json(a) == plan_to_json(b)
    assert plan_from_dict(json.loads(plan_to_json(a))) == a


def test_liquid_loops_cover_server_racks(catalog):
    plan = synthetic_plan(2048, catalog)
    loops = {lp.id for lp in plan.cooling_loops}
    for rack in plan.racks():
        c = plan.effective_cooling(rack)
        if "gpu" in rack.tags:
            assert c.method == "direct-liquid" and c.loop in loops  # liquid-cooled servers
        else:
            assert c.method == "air-containment"


def test_without_catalog_still_builds():
    plan = synthetic_plan(16, None)
    assert sum(1 for p, _ in plan.index.iter_placements() if p.device == "dell-poweredge-xe9680") == 2


def test_rejects_nonsense():
    with pytest.raises(ValueError):
        synthetic_plan(0, None)


# --------------------------------------------------------------------------- GB200 NVL72


@pytest.fixture(scope="module")
def shipped():
    cat = load_catalog()  # the GB200 trays, NVLink switch trays and power shelves ship in the catalog
    assert not cat.errors, cat.errors
    return cat


@pytest.fixture(scope="module")
def nvl(shipped):
    return synthetic_plan(200, shipped, platform="gb200-nvl72")  # rounds up to 3 racks, 216 GPUs


def test_gb200_racks_as_nvidia_builds_them(shipped, nvl):
    nvl_racks = [r for r in nvl.racks() if r.rack_type == "nvidia-gb200-nvl72-rack"]
    assert len(nvl_racks) == 3
    assert sum(shipped.device(p.device).gpu_count or 0 for p, _ in nvl.index.iter_placements()
               if p.device == "nvidia-gb200-nvl72-compute-tray") == 216
    checker = PlacementChecker(shipped)
    for rack in nvl_racks:
        devices = Counter(p.device for p in rack.placements)
        assert devices == {"nvidia-gb200-nvl72-compute-tray": 18, "nvidia-nvlink-switch": 9,
                           "nvidia-gb200-power-shelf": 8, "raritan-px3-415v-60a": 8}
        for p in rack.placements:
            assert checker.check(nvl, rack.id, p, ignore=p.id) is None, (rack.id, p.id)
        pdus = {p.id: p for p in rack.placements if p.feed}
        assert len({p.feed for p in pdus.values()}) == 8  # one feed per PDU
        assert Counter(nvl.feed(p.feed).side for p in pdus.values()) == {"A": 4, "B": 4}
        shelves = sorted((p for p in rack.placements if p.device == "nvidia-gb200-power-shelf"), key=lambda p: p.u)
        used = set()
        for k, s in enumerate(shelves):
            targets = {c.pdu for c in s.power}
            assert len(targets) == 1 and sorted(c.outlet for c in s.power) == [1, 2, 3, 4, 5, 6]
            pdu = targets.pop()
            assert nvl.feed(pdus[pdu].feed).side == "AB"[k % 2]  # shelves alternate A, B
            used.add(pdu)
        assert used == set(pdus)  # each shelf on its own PDU
        for p in rack.placements:  # trays and switch trays draw from the busbar: no cords
            if p.device in ("nvidia-gb200-nvl72-compute-tray", "nvidia-nvlink-switch"):
                assert p.power == []
        c = nvl.effective_cooling(rack)
        assert c.method == "direct-liquid" and c.loop in {lp.id for lp in nvl.cooling_loops}


def test_gb200_nvlink_spine_is_what_autowire_makes(shipped):
    from planner.fabric.nvlink_wire import autowire_nvlink_rack
    from planner.model.edits import Compound, RemoveItem

    plan = synthetic_plan(144, shipped, platform="gb200-nvl72")
    nvl_racks = [r.id for r in plan.racks() if r.rack_type == "nvidia-gb200-nvl72-rack"]

    def spine(fid):
        return sorted((lk.a.placement, lk.a.port, lk.b.placement, lk.b.port, lk.cable, lk.length_m, lk.label)
                      for lk in plan.links if lk.fabric == fid)

    for rid in nvl_racks:
        fid = next(f.id for f in plan.fabrics if f.kind == "nvlink" and
                   {plan.index.placement_rack[lk.a.placement] for lk in plan.links if lk.fabric == f.id} == {rid})
        ours = spine(fid)
        assert len(ours) == 72 * 18 and all(x[4] for x in ours)  # every link has its cartridge
        Compound([RemoveItem("link", lk.id) for lk in plan.links if lk.fabric == fid]).apply(plan)
        autowire_nvlink_rack(plan, shipped, rid, fabric_id=fid).edit.apply(plan)
        assert spine(fid) == ours


def test_gb200_compute_fabric_rail_optimised(shipped):
    plan = synthetic_plan(1152, shipped, platform="gb200-nvl72")  # 16 racks, 288 trays = 9 SUs: one row
    compute = [lk for lk in plan.links if lk.fabric == "fab-compute"]
    by_tray: dict[str, dict[str, str]] = {}
    for lk in compute:
        if lk.a.placement.startswith("tray-"):
            by_tray.setdefault(lk.a.placement, {})[lk.a.port] = lk.b.placement
    assert len(by_tray) == 288
    names = [p.name for p in device_ports(shipped, "nvidia-gb200-nvl72-compute-tray").role("compute")]
    for tray, ports in by_tray.items():
        assert sorted(ports) == sorted(names)
        su = (int(tray.split("-")[1]) - 1) // 32
        for k, port in enumerate(names):
            assert ports[port] == f"leaf-{su:04d}-{k}"
    per_switch = Counter(e.placement for lk in compute for e in (lk.a, lk.b) if not e.placement.startswith("tray-"))
    assert max(per_switch.values()) <= 64
    ports = Counter((e.placement, e.port) for lk in plan.links for e in (lk.a, lk.b))
    assert max(ports.values()) == 1  # no port wired twice
    rows = [row for room in plan.site.rooms for row in room.rows]
    assert len(rows[0].racks) == 16 + 3 and all(len(r.racks) <= 20 for r in rows)  # 36 leaves in 3 racks


def test_gb200_engine_sees_the_domains_and_no_errors(shipped, nvl):
    from planner.engine import Engine

    res = Engine(shipped).compute(nvl)
    assert res.totals.agg.ints["gpu_count"] == 216
    assert [f for f in res.findings if f.severity == "error"] == []
    assert not [f for f in res.findings if f.code.startswith("NVLINK")]
    domains = [r.nvlink for r in res.fabrics.values() if r.nvlink]
    assert len(domains) == 3 and {d["domain_gpus"] for d in domains} == {72}


def test_gb200_deterministic_round_trips_and_default_unchanged(shipped, nvl):
    assert plan_to_json(synthetic_plan(200, shipped, platform="gb200-nvl72")) == plan_to_json(nvl)
    assert plan_from_dict(json.loads(plan_to_json(nvl))) == nvl
    assert plan_to_json(synthetic_plan(64, shipped)) == plan_to_json(synthetic_plan(64, shipped, platform="hgx-8gpu"))


def test_gb200_needs_its_parts(catalog):
    with pytest.raises(ValueError, match="nvidia-gb200-nvl72-compute-tray"):
        synthetic_plan(72, catalog, platform="gb200-nvl72")  # the fixture catalog has no GB200
    with pytest.raises(ValueError, match="platform"):
        synthetic_plan(72, catalog, platform="gb300")
