"""Plan.snapshot(): the deep copy background jobs work on (engine, export, auto-wire,
scaling sweeps). It must equal pydantic's deep copy and share nothing mutable."""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.files.documents import load_plan
from planner.model.edits import MovePlacement, SetProperty
from planner.model.plan import Placement

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def _plans(cat):
    yield load_plan(ROOT / "examples" / "xe9680-h100-pod.json")
    yield load_plan(ROOT / "examples" / "gb200-nvl72.json")
    yield synthetic_plan(256, cat)


def _objects(x, out):
    """Every mutable object reachable from x (models, lists, dicts), by id."""
    from pydantic import BaseModel

    if isinstance(x, BaseModel):
        out[id(x)] = x
        for v in x.__dict__.values():
            _objects(v, out)
    elif isinstance(x, (list, dict)):
        out[id(x)] = x
        for v in (x.values() if isinstance(x, dict) else x):
            _objects(v, out)
    return out


def test_snapshot_equals_deep_copy_and_shares_nothing(cat):
    for plan in _plans(cat):
        snap = plan.snapshot()
        ref = plan.model_copy(deep=True)
        assert snap == ref == plan
        assert snap.model_dump(mode="json") == plan.model_dump(mode="json")
        assert snap.model_dump(exclude_unset=True) == plan.model_dump(exclude_unset=True)  # fields set kept
        shared = _objects(plan, {}).keys() & _objects(snap, {}).keys()
        assert not shared, f"{len(shared)} mutable objects shared with the live plan"
        assert snap.index is not plan.index
        assert list(snap.index.placements) == list(plan.index.placements)
        assert all(snap.index.placements[k] is not v for k, v in plan.index.placements.items())


def test_edits_on_a_snapshot_leave_the_plan_alone(cat):
    plan = load_plan(ROOT / "examples" / "xe9680-h100-pod.json")
    before = plan.model_dump(mode="json")
    snap = plan.snapshot()
    rack = snap.rack("rack-3")
    MovePlacement("gpu-1", rack.id, 30).apply(snap)
    SetProperty("metadata", None, "customer", "Someone else").apply(snap)
    snap.workloads[0].spec["tokens"] = 1.0
    snap.links[0].a.port = "changed"
    snap.rack("rack-1").tags.append("x")
    snap.rack("rack-1").placements.append(Placement(id="new-1", device="dell-poweredge-r660", u=40))
    snap.reindex()
    assert plan.model_dump(mode="json") == before
    assert plan.index.placement_rack["gpu-1"] != "rack-3" and snap.index.placement_rack["gpu-1"] == "rack-3"
    assert "new-1" not in plan.index.placements
    assert snap.metadata.customer == "Someone else" != plan.metadata.customer
