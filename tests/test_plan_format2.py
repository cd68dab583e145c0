"""Plan format 2 (project file schema 3): rent-or-own assumptions and per-plan prices in
the metadata; the frozen 1 -> 2 migration; JSON and .rackplan round trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.files.plan_io import PlanFormatError, load_plan_json, plan_from_dict, plan_to_dict, plan_to_json
from planner.files.storage import open_rackplan, save_rackplan
from planner.model.plan import FORMAT_VERSION, Metadata

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
FORMAT_1 = ROOT / "tests" / "fixtures" / "rackplan" / "v2" / "pod.json"  # written with plan format 1


def _with_prices(plan):
    d = plan_to_dict(plan)
    d["metadata"].update(years_of_use=6, support_fraction_per_year=0.15, colocation_price_per_kw_month=210.5,
                         cloud_price_per_gpu_hour={"h100-sxm": 2.49, "b200": 5.5},
                         price_overrides={"dell-poweredge-xe9680": {"amount": 289000, "currency": "EUR",
                                                                    "date": "2026-11", "source": "Quote Q-7 ✓",
                                                                    "note": "ünïcödé"}})
    return plan_from_dict(d)


def test_a_format_1_plan_is_migrated_to_the_documented_defaults():
    raw = json.loads(FORMAT_1.read_text(encoding="utf-8"))
    assert raw["format_version"] == 1 and "years_of_use" not in raw["metadata"]
    plan = load_plan_json(FORMAT_1)
    assert plan.format_version == FORMAT_VERSION == 5
    md = plan.metadata
    assert (md.years_of_use, md.support_fraction_per_year, md.colocation_price_per_kw_month) == (4.0, 0.10, 0.0)
    assert md.cloud_price_per_gpu_hour == {} and md.price_overrides == {}
    # the old file's own figures are kept
    assert md.currency == raw["metadata"].get("currency", "USD")
    assert plan_to_dict(plan)["format_version"] == 5


def test_a_newer_format_is_refused_with_a_message():
    with pytest.raises(PlanFormatError, match="newer Rackwright"):
        plan_from_dict({"format": "rackwright-plan", "format_version": FORMAT_VERSION + 1})


@pytest.mark.parametrize("bad, where", [
    ({"years_of_use": 0}, "metadata.years_of_use"),
    ({"years_of_use": 1e9}, "metadata.years_of_use"),
    ({"support_fraction_per_year": 1.5}, "metadata.support_fraction_per_year"),
    ({"colocation_price_per_kw_month": -1}, "metadata.colocation_price_per_kw_month"),
    ({"cloud_price_per_gpu_hour": {"h100-sxm": 0}}, "metadata.cloud_price_per_gpu_hour"),
    ({"cloud_price_per_gpu_hour": {"H100 SXM": 2.0}}, "metadata.cloud_price_per_gpu_hour"),
    ({"price_overrides": {"x": {"amount": -5, "currency": "USD"}}}, "metadata.price_overrides.x.amount"),
    ({"price_overrides": {"x": {"amount": 5, "currency": "dollars"}}}, "metadata.price_overrides.x.currency"),
    ({"price_overrides": {"x": {"amount": 5, "currency": "USD", "date": "2026-13-01"}}},
     "metadata.price_overrides.x.date"),
])
def test_impossible_values_name_the_field(bad, where):
    d = plan_to_dict(load_plan_json(EXAMPLE))
    d["metadata"].update(bad)
    with pytest.raises(PlanFormatError) as e:
        plan_from_dict(d)
    assert where in str(e.value)


def test_json_and_rackplan_round_trip_keep_every_new_field(tmp_path):
    plan = _with_prices(load_plan_json(EXAMPLE))
    again = plan_from_dict(json.loads(plan_to_json(plan)))
    assert again == plan
    assert again.metadata.price_overrides["dell-poweredge-xe9680"].source == "Quote Q-7 ✓"
    path = tmp_path / "p.rackplan"
    save_rackplan(plan, path, load_catalog())
    opened = open_rackplan(path)
    assert opened.plan == plan and opened.notes == []
    assert opened.plan.metadata.cloud_price_per_gpu_hour == {"h100-sxm": 2.49, "b200": 5.5}


def test_metadata_defaults_match_the_economics_defaults():
    from planner.engine import economics

    md = Metadata()
    assert md.years_of_use == economics.DEFAULT_YEARS
    assert md.support_fraction_per_year == economics.DEFAULT_SUPPORT_FRACTION
    assert md.colocation_price_per_kw_month == economics.DEFAULT_COLOCATION_PER_KW_MONTH
