"""The engine's levels (planner.engine.levels): computed from the user's thresholds and
in step with the findings -- a rack, feed or loop is at warn or over exactly when the
engine's findings say so, whatever the thresholds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine, EngineSettings, levels
from planner.fabric.nvlink import node_domains
from planner.files.documents import load_plan

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_classify_boundaries():
    assert levels.classify(90.0, 100.0, 0.9) == levels.OK  # the findings warn strictly above
    assert levels.classify(90.1, 100.0, 0.9) == levels.WARN
    assert levels.classify(100.0, 100.0, 0.9) == levels.WARN
    assert levels.classify(100.1, 100.0, 0.9) == levels.OVER
    assert levels.classify(5.0, 0.0, 0.9) == levels.OVER  # a load without a limit
    assert levels.classify(0.0, 0.0, 0.9) == levels.NONE
    assert levels.utilisation(5.0, 0.0) == float("inf") and levels.utilisation(0.0, 0.0) is None
    assert levels.worst([levels.OK, levels.OVER, levels.WARN]) == levels.OVER
    assert levels.worst([]) == levels.NONE


@pytest.mark.parametrize("example", ["xe9680-h100-pod.json", "gb200-nvl72.json"])
@pytest.mark.parametrize("fraction", [0.3, 0.58, 0.9, 1.0])
def test_levels_follow_the_findings_at_any_threshold(catalog, example, fraction):
    plan = load_plan(EXAMPLES / example)
    res = Engine(catalog, EngineSettings(cooling_warn_fraction=fraction, feed_warn_fraction=fraction)).compute(plan)
    codes: dict[str, set[str]] = {}
    for f in res.findings:
        codes.setdefault(f.code, set()).add(f.id or "")
    racks = res.racks.values()
    assert {r.id for r in racks if r.cooling_level == levels.WARN} == codes.get("COOLING_NEAR_CAPACITY", set())
    assert {r.id for r in racks if r.cooling_level == levels.OVER} == codes.get("COOLING_OVER_CAPACITY", set())
    feed_warned = codes.get("POWER_FEED_HIGH", set())
    feed_over = codes.get("POWER_FEED_OVERLOAD", set()) | codes.get("POWER_FEED_FAILOVER_OVERLOAD", set())
    assert {f.id for f in res.feeds.values() if f.level == levels.WARN} == feed_warned
    assert {f.id for f in res.feeds.values() if f.level == levels.OVER} == feed_over
    for r in racks:
        assert r.level == levels.worst((r.power_level, r.cooling_level, r.weight_level, r.floor_level))
        assert r.cooling_utilisation == pytest.approx(r.heat_w / r.cooling_capacity_w)
    # the summary the Totals show is the worst rack and the counts
    summ = res.rack_summary("cooling")
    assert summ.warn == len(codes.get("COOLING_NEAR_CAPACITY", ()))
    assert summ.over == len(codes.get("COOLING_OVER_CAPACITY", ()))
    assert summ.utilisation == max(r.cooling_utilisation for r in racks)


def test_lower_threshold_moves_racks_into_the_warn_band(catalog):
    plan = load_plan(EXAMPLES / "xe9680-h100-pod.json")
    default = Engine(catalog).compute(plan)
    low = Engine(catalog, EngineSettings(cooling_warn_fraction=0.58)).compute(plan)
    assert all(r.cooling_level == levels.OK for r in default.racks.values())
    warned = [r.id for r in low.racks.values() if r.cooling_level == levels.WARN]
    assert warned and all(0.58 < low.racks[rid].cooling_utilisation for rid in warned)
    assert low.settings is not None and low.settings.cooling_warn_fraction == 0.58


@pytest.mark.parametrize("example", ["xe9680-h100-pod.json", "gb200-nvl72.json"])
def test_nvlink_domains_from_the_engine_equal_a_pass_over_the_placements(catalog, example):
    plan = load_plan(EXAMPLES / example)
    res = Engine(catalog).compute(plan)
    counts: dict[str, int] = {}
    for p in plan.index.placements.values():
        counts[p.device] = counts.get(p.device, 0) + 1
    want = [dict(res.fabrics[f.id].nvlink, name=f.name) for f in plan.fabrics
            if f.id in res.fabrics and res.fabrics[f.id].nvlink] + node_domains(catalog, counts)
    assert [d.to_dict() for d in res.nvlink.domains] == want
    assert res.to_json(plan, catalog)["nvlink_domains"] == want
    assert res.nvlink.count > 0 and res.nvlink.level == levels.OK


def test_json_carries_the_levels(catalog):
    plan = load_plan(EXAMPLES / "xe9680-h100-pod.json")
    doc = json.loads(json.dumps(Engine(catalog).compute(plan).to_json(plan, catalog)))
    rack = doc["racks"][0]
    assert set(rack["levels"]) == {"power", "cooling", "weight", "floor", "rack"}
    assert rack["levels"]["cooling"]["level"] in levels.LEVELS
    assert all(f["level"] in levels.LEVELS for f in doc["feeds"])
    assert all(w["level"] in levels.LEVELS for w in doc["workloads"])
