"""Synthetic plans: structure, determinism, validity (they feed every benchmark)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.fabric import device_ports
from planner.placement import PlacementChecker
from planner.plan_io import plan_from_dict, plan_to_json
from planner.synthetic import synthetic_plan

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
