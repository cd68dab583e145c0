"""A target the site's power fails is NOT MET with the power as its reason, never beside the
sizing's margin: "NOT MET, margin +96 %" read as a contradiction in the comparison, the
build plan and ``rackwright check`` (a walk-through of issue 32)."""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.design.compare import compare_builds
from planner.engine import Engine
from planner.engine.report import text_report
from planner.files.documents import load_plan
from planner.reports.requirements import requirement_lines
from planner.workloads.evaluate import shown_margin

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _unpowered(catalog):
    """The example pod with the PDUs of its GPU racks taken out: power fails every target."""
    plan = load_plan(ROOT / "examples" / "xe9680-h100-pod.json")
    for rack in plan.racks():
        rack.placements = [p for p in rack.placements if catalog.device(p.device).kind != "pdu"]
    return plan, Engine(catalog).compute(plan)


def test_shown_margin_is_none_only_when_the_site_fails_the_target():
    assert shown_margin(False, 0.96, "power") is None and shown_margin(False, 0.5, "cooling") is None
    assert shown_margin(False, -0.2, "compute") == -0.2 and shown_margin(True, 0.3, "memory_bandwidth") == 0.3
    assert shown_margin(None, None, None) is None


def test_a_target_power_fails_shows_no_margin_in_compare_check_and_requirements(catalog):
    whole = load_plan(ROOT / "examples" / "xe9680-h100-pod.json")
    plan, res = _unpowered(catalog)
    failed = [v for v in res.workloads.values() if v.met is False]
    assert failed and all(v.bottleneck == "power" and v.margin is not None and v.margin > 0 for v in failed)
    rows = compare_builds([("A", whole, Engine(catalog).compute(whole)), ("B", plan, res)], catalog).rows()
    cells = [c for r in rows for c in r.cells if "NOT MET" in c]
    assert cells and all("margin" not in c and "limited by power" in c for c in cells), cells
    report = text_report(res, plan)
    for v in failed:
        line = next(ln for ln in report.splitlines() if ln.strip().startswith(v.name[:20]))
        assert "%" not in line and "NO" in line, line
    lines = [ln for ln in requirement_lines(plan, catalog, res) if ln.group == "workload" and ln.met is False]
    assert lines and all(ln.margin is None and ln.margin_text == "\u2013" for ln in lines)
