"""Rent or own in the engine's totals: figures against planner.engine.economics on the example
plan, the cloud price's source (catalog, plan override, none), currency conversion, and
per-plan price overrides in the BOM and the capex."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.engine.economics import HOURS_PER_YEAR, OwnInputs, rent_vs_own
from planner.files.documents import load_plan
from planner.gestures.plan_settings import price_override_edit
from planner.model.edits import SetProperty

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


@pytest.fixture(scope="module")
def unpriced_cat(unpriced_catalog):
    return unpriced_catalog  # tests/conftest.py: the example's rear door and active copper unpriced


@pytest.fixture
def plan():
    return load_plan(EXAMPLE)


def _set(plan, engine, field, value):
    change = SetProperty("metadata", None, field, value).apply(plan)
    return engine.update(plan, change)


def test_example_figures_are_planner_economics_on_the_totals(cat, plan):
    res = Engine(cat).compute(plan)
    t = res.totals
    rvo = t.rent_vs_own
    assert rvo is not None and rvo.gpu_model == "h100-sxm" and rvo.gpus == 32 == t.gpus
    cloud = cat.cloud_price("h100-sxm")
    md = plan.metadata
    expected = rent_vs_own(OwnInputs(
        capex=t.capex, it_kw_typical=t.agg.sums["typical_w"] / 1000, it_kw_committed=t.agg.sums["max_w"] / 1000,
        gpus=32, years=md.years_of_use, pue=md.pue, electricity_price_per_kwh=md.electricity_price_per_kwh,
        utilisation=md.utilisation, support_fraction_per_year=md.support_fraction_per_year,
        colocation_per_kw_month=md.colocation_price_per_kw_month, cloud_price_per_gpu_hour=cloud.price_per_gpu_hour))
    assert rvo.figures == expected
    d = res.to_json(plan, cat)["rent_vs_own"]
    assert d["cloud_cost_per_year"] == pytest.approx(32 * cloud.price_per_gpu_hour * HOURS_PER_YEAR * md.utilisation)
    assert d["own_cost_per_year"] == pytest.approx(sum(d["own_parts_per_year"].values()))
    assert d["own_parts_per_year"]["capital"] == pytest.approx(t.capex / md.years_of_use)
    assert d["own_parts_per_year"]["energy"] == pytest.approx(t.opex_per_year)  # the same energy as the totals
    # at the break-even month both cumulative costs are equal
    m = d["break_even_months"]
    running = (d["own_parts_per_year"]["energy"] + d["own_parts_per_year"]["support"]) / 12
    assert t.capex + running * m == pytest.approx(d["cloud_cost_per_year"] / 12 * m)
    assert 0 < d["break_even_utilisation"] < 1
    assert d["price_source"] == "catalog" and d["cloud_price"]["basis"] == "indicative"
    assert d["inputs"]["capex_complete"] is t.capex_complete


def test_plan_cloud_price_wins_and_is_in_the_plan_currency(cat, plan):
    eng = Engine(cat)
    eng.compute(plan)
    res = _set(plan, eng, "cloud_price_per_gpu_hour", {"h100-sxm": 2.0})
    rvo = res.totals.rent_vs_own
    assert rvo.price_source == "plan" and rvo.inputs.cloud_price_per_gpu_hour == 2.0
    assert rvo.figures.cloud_cost_per_year == pytest.approx(32 * 2.0 * HOURS_PER_YEAR * plan.metadata.utilisation)
    # incremental update gives what a full recompute gives
    assert json.dumps(res.to_json(plan, cat), sort_keys=True) == json.dumps(
        Engine(cat).compute(plan).to_json(plan, cat), sort_keys=True)


def test_catalog_cloud_price_converts_at_the_plan_rate_or_says_why_not(cat, plan):
    eng = Engine(cat)
    eng.compute(plan)
    res = _set(plan, eng, "currency", "EUR")
    rvo = res.totals.rent_vs_own
    assert rvo.figures is None and "exchange rate" in rvo.reason
    assert "RENT_NO_EXCHANGE_RATE" in {f.code for f in res.findings}
    assert res.to_json(plan, cat)["rent_vs_own"]["cloud_cost_per_year"] is None
    res = _set(plan, eng, "exchange_rates", {"USD": 0.9})
    rvo = res.totals.rent_vs_own
    assert rvo.inputs.cloud_price_per_gpu_hour == pytest.approx(cat.cloud_price("h100-sxm").price_per_gpu_hour * 0.9)
    assert "RENT_NO_EXCHANGE_RATE" not in {f.code for f in res.findings}


def test_no_cloud_price_gives_a_finding_and_owning_alone(plan):
    cat = load_catalog([ROOT / "catalogs"])
    del cat.tables["cloud"]["h100-sxm"]
    res = Engine(cat).compute(plan)
    rvo = res.totals.rent_vs_own
    assert rvo.figures is None and rvo.price_source == "none"
    assert rvo.own_cost_per_year > 0
    assert [f for f in res.findings if f.code == "RENT_NO_CLOUD_PRICE" and "h100-sxm" in f.message]
    own, rent = rvo.cumulative(12)
    assert rent is None and own[0] == pytest.approx(res.totals.capex)


def test_a_plan_without_gpus_has_no_rent_vs_own(cat):
    from planner.model.plan import Plan

    res = Engine(cat).compute(Plan())
    assert res.totals.rent_vs_own is None and "rent_vs_own" not in res.to_json(Plan(), cat)


def test_price_override_changes_capex_and_the_bom_says_so(unpriced_cat, plan):
    cat = unpriced_cat
    eng = Engine(cat)
    before = eng.compute(plan)
    line = next(b for b in before.bom if b.slug == "dell-poweredge-xe9680")
    assert line.price_source == "catalog"
    edit = price_override_edit(plan, "dell-poweredge-xe9680", amount="250000", currency="USD",
                               date="2026-11-20", source="Quote Q-1")
    after = eng.update(plan, edit.apply(plan))
    new = next(b for b in after.bom if b.slug == "dell-poweredge-xe9680")
    assert (new.unit_price, new.price_source) == (250000.0, "plan")
    assert after.totals.capex == pytest.approx(before.totals.capex + (250000.0 - line.unit_price) * line.quantity)
    assert after.totals.rent_vs_own.inputs.capex == after.totals.capex
    assert after.to_json(plan, cat)["bom"][[b.slug for b in after.bom].index("dell-poweredge-xe9680")][
        "price_source"] == "plan"
    # an unpriced item priced for this plan leaves the COST_NO_PRICE list
    missing = [f.message for f in before.findings if f.code == "COST_NO_PRICE"]
    # (every line of the shipped example is priced since 2026-12-02: this catalog leaves the rear door out)
    assert missing and "rdhx-passive-35kw" in missing[0]
    res = eng.update(plan, price_override_edit(plan, "rdhx-passive-35kw", amount=18000, currency="USD").apply(plan))
    assert all("rdhx-passive-35kw" not in f.message for f in res.findings if f.code == "COST_NO_PRICE")
    # undo restores the catalog price
    edit.revert(plan)
    res = Engine(cat).compute(plan)
    assert next(b for b in res.bom if b.slug == "dell-poweredge-xe9680").price_source == "catalog"


def test_price_override_in_another_currency_needs_a_rate(cat, plan):
    eng = Engine(cat)
    eng.compute(plan)
    res = eng.update(plan, price_override_edit(plan, "dell-poweredge-xe9680", amount=240000, currency="EUR")
                     .apply(plan))
    assert not res.totals.capex_complete and "EUR" in res.totals.unconverted
    res = _set(plan, eng, "exchange_rates", {"EUR": 1.1})
    line = next(b for b in res.bom if b.slug == "dell-poweredge-xe9680")
    assert line.extended_plan == pytest.approx(240000 * 1.1 * line.quantity)


@pytest.mark.parametrize("kwargs, field", [
    (dict(amount="lots", currency="USD"), "amount"),
    (dict(amount=-1, currency="USD"), "amount"),
    (dict(amount=math.inf, currency="USD"), "amount"),
    (dict(amount=5, currency="US"), "currency"),
    (dict(amount=5, currency="USD", date="30.11.2026"), "date"),
])
def test_bad_override_values_name_the_field(plan, kwargs, field):
    from planner.gestures.plan_settings import SettingsInvalid

    with pytest.raises(SettingsInvalid) as e:
        price_override_edit(plan, "dell-poweredge-xe9680", **kwargs)
    assert e.value.field == field


def test_check_json_has_rent_vs_own(tmp_path):
    out = subprocess.run([sys.executable, "-m", "planner", "check", "--json", str(EXAMPLE)], capture_output=True,
                         text=True, cwd=ROOT)
    d = json.loads(out.stdout)["rent_vs_own"]
    for key in ("cloud_cost_per_year", "own_cost_per_year", "break_even_months", "break_even_utilisation",
                "own_parts_per_year", "price_source", "cloud_price"):
        assert key in d
    text = subprocess.run([sys.executable, "-m", "planner", "check", str(EXAMPLE)], capture_output=True,
                          text=True, cwd=ROOT).stdout
    assert "Rent or own" in text and "Break-even" in text


def test_an_incomplete_capex_is_said_with_the_figures(unpriced_cat, plan):
    cat = unpriced_cat
    res = Engine(cat).compute(plan)
    assert not res.totals.capex_complete
    warn = [f for f in res.findings if f.code == "RENT_CAPEX_INCOMPLETE"]
    assert warn and f"{res.totals.rent_vs_own.figures.break_even_months:,.1f} months" in warn[0].message
    assert res.to_json(plan, cat)["rent_vs_own"]["capex_complete"] is False
    eng = Engine(cat)
    eng.compute(plan)
    for b in [b for b in res.bom if b.unit_price is None]:
        r2 = eng.update(plan, price_override_edit(plan, b.slug, amount=500, currency="USD").apply(plan))
    assert r2.totals.capex_complete and "RENT_CAPEX_INCOMPLETE" not in {f.code for f in r2.findings}


def _strings(drawing) -> list[str]:
    from reportlab.graphics.shapes import Group, String

    out: list[str] = []
    for item in drawing.contents:
        if isinstance(item, String):
            out.append(item.text)
        elif isinstance(item, Group):
            out += _strings(item)
    return out


def test_break_even_from_an_incomplete_capex_carries_the_warning_everywhere(unpriced_cat, plan):
    """Break-even from a capex that leaves unpriced items out is too early: the check text, the
    workbook's Rent or own sheet and the PDF's chart say so beside the figure, and stop saying
    it once every item is priced."""
    from planner.engine.report import rent_vs_own_lines
    from planner.reports.drawings import rent_own_chart
    from planner.reports.tables import plan_tables

    cat = unpriced_cat

    def said(res) -> tuple[bool, bool, bool]:
        text = "\n".join(rent_vs_own_lines(res))
        sheet = next(s for s in plan_tables(plan, cat, res) if s.key == "Rent or own")
        unit = next(row[2] for row in sheet.rows if row[0] == "Break-even")
        chart = " ".join(_strings(rent_own_chart(res.totals.rent_vs_own, 500, 230, "Helvetica", "Helvetica-Bold")))
        return "INCOMPLETE: too early" in text, "capex incomplete" in unit, "capex incomplete" in chart

    eng = Engine(cat)
    res = eng.compute(plan)
    assert not res.totals.capex_complete and res.totals.rent_vs_own.figures.break_even_months is not None
    assert said(res) == (True, True, True)
    for b in [b for b in res.bom if b.unit_price is None]:
        res = eng.update(plan, price_override_edit(plan, b.slug, amount=500, currency="USD").apply(plan))
    assert res.totals.capex_complete and said(res) == (False, False, False)


def test_cost_per_token_is_in_the_plan_currency_and_marked_when_the_servers_have_no_price(cat, plan):
    """A plan in EUR with a USD rate: the inference cost per token is in EUR at the plan's
    electricity price; without the rate the servers' USD price cannot count, and the cost per
    token says its capex is incomplete (the workbook's note too)."""
    from planner.reports.tables import plan_tables

    inference = [w for w in plan.workloads if w.kind == "inference"]
    assert inference, "the example has an inference workload"
    eng = Engine(cat)
    usd = eng.compute(plan).workloads[inference[0].id].figures
    assert usd["currency"] == "USD" and usd["cost_complete"] is True
    _set(plan, eng, "currency", "EUR")
    _set(plan, eng, "exchange_rates", {"USD": 0.9})
    res = _set(plan, eng, "electricity_price_per_kwh", plan.metadata.electricity_price_per_kwh * 0.9)
    eur = res.workloads[inference[0].id].figures
    assert eur["currency"] == "EUR" and eur["cost_complete"] is True
    assert eur["cost_per_million_tokens"] == pytest.approx(usd["cost_per_million_tokens"] * 0.9, rel=1e-9)
    sheet = next(s for s in plan_tables(plan, cat, res) if s.key == "Workloads")
    assert any("in EUR" in n for n in sheet.notes)
    assert not any("Capex incomplete for the cost per token" in n for n in sheet.notes)
    # the server priced (for this plan) in a currency without a rate: only the GPUs' price counts
    server = next(b.slug for b in res.bom if b.table == "device-types" and cat.device(b.slug).gpu_count)
    res = eng.update(plan, price_override_edit(plan, server, amount=300_000, currency="GBP").apply(plan))
    part = res.workloads[inference[0].id].figures
    assert part["cost_complete"] is False and part["cost_per_million_tokens"] is not None
    assert part["cost_per_million_tokens"] < eur["cost_per_million_tokens"]  # a lower bound
    sheet = next(s for s in plan_tables(plan, cat, res) if s.key == "Workloads")
    assert any("Capex incomplete for the cost per token" in n for n in sheet.notes)
    # priced for this plan in EUR: the override counts, as in the BOM
    res = eng.update(plan, price_override_edit(plan, server, amount=300_000, currency="EUR").apply(plan))
    assert res.workloads[inference[0].id].figures["cost_complete"] is True
