"""Cost over time across growth phases (issue 32, docs/phases.md "Cost over time"): the
month-by-month sum against a hand count, and the engine's timeline of the three-phase test plan
(tests/test_phases.py) in check --json, the text report and the build plan in both languages."""

from __future__ import annotations

import copy
import json

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.engine.economics import PhaseCost, cost_timeline, month_index
from planner.files.plan_io import plan_from_dict, save_plan_json
from tests.test_phases import content


def test_cost_timeline_by_hand():
    # phase a from 2027-01: capex 100, running 12/year (1 a month), rent 240/year (20 a month);
    # phase b from 2027-07: capex 50 more, the build after it runs at 24/year (2) and rents at 480 (40)
    a = PhaseCost("a", month_index("2027-01"), 100.0, 12.0, 240.0)
    b = PhaseCost("b", month_index("2027-07-15"), 50.0, 24.0, 480.0)
    years, be = cost_timeline([b, a], month_index("2029-01"))
    assert [y.year for y in years] == [2027, 2028]
    y27, y28 = years
    assert y27.months == {"a": 6, "b": 6} and y28.months == {"b": 12}
    assert y27.capex == 150.0 and y28.capex == 0.0
    assert y27.running == pytest.approx(6 * 1 + 6 * 2) and y28.running == pytest.approx(24.0)
    assert y27.own_cumulative == pytest.approx(168.0) and y28.own_cumulative == pytest.approx(192.0)
    assert y27.rent == pytest.approx(6 * 20 + 6 * 40) and y28.rent_cumulative == pytest.approx(360 + 480)
    # owning after month k of 2027: 100 + k; renting 20 k: from the end of month 5 (2027-05) owning
    # is at 105 against 100, month 6 (2027-06) 106 against 120, and with b's capex 158 against 160
    assert be == month_index("2027-06")
    # no rent for one phase: nothing to compare
    years, be = cost_timeline([a, PhaseCost("b", b.start_month, 50.0, 24.0, None)], month_index("2029-01"))
    assert be is None and years[0].rent is None and years[0].own_cumulative == pytest.approx(168.0)
    # renting cheaper than running: never
    years, be = cost_timeline([PhaseCost("a", a.start_month, 100.0, 120.0, 60.0)], month_index("2030-01"))
    assert be is None and years[-1].own_cumulative > years[-1].rent_cumulative


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def dated(expansion_start: str = "2028-01") -> dict:
    d = content(2, tagged=True)
    d["growth_phases"] = copy.deepcopy(d["growth_phases"])
    d["growth_phases"][2]["start"] = expansion_start
    d.setdefault("metadata", {})["years_of_use"] = 4
    return d


def test_engine_timeline_of_three_phases(catalog):
    plan = plan_from_dict(dated())
    ph = Engine(catalog).compute(plan).phases
    assert ph is not None and ph.timeline is not None
    tl = ph.timeline
    assert (tl.start, tl.end) == ("2027-01", "2031-01")  # four years of use from the pilot's start
    assert [y.year for y in tl.years] == [2027, 2028, 2029, 2030]
    ids = [p.id for p in ph.phases]
    assert tl.years[0].months == {ids[0]: 6, ids[1]: 6}
    assert all(y.months == {ids[2]: 12} for y in tl.years[1:])
    # the capex is each phase's capex added, in the year it starts: the whole plan's in all
    assert tl.years[0].capex == pytest.approx(ph.phases[0].capex_added + ph.phases[1].capex_added)
    assert tl.years[1].capex == pytest.approx(ph.phases[2].capex_added)
    assert sum(y.capex for y in tl.years) == pytest.approx(ph.phases[-1].results.totals.capex)
    # running and rent: each phase's own rent-or-own figures for the months its build runs
    months = {ids[0]: 6, ids[1]: 6, ids[2]: 36}
    running = rent = 0.0
    for p in ph.phases:
        rvo = p.results.totals.rent_vs_own
        own = rvo.own_only
        running += (own.energy_per_year + own.support_per_year + own.colocation_per_year) * months[p.id] / 12
        rent += rvo.figures.cloud_cost_per_year * months[p.id] / 12
    assert tl.years[-1].own_cumulative == pytest.approx(ph.phases[-1].results.totals.capex + running)
    assert tl.years[-1].rent_cumulative == pytest.approx(rent)
    if tl.break_even is not None:  # from then on owning stays at or below renting: so at each year's end
        year = int(tl.break_even[:4])
        assert all(y.own_cumulative <= y.rent_cumulative + 1e-6 for y in tl.years if y.year >= year)


def test_timeline_needs_every_start(catalog):
    plan = plan_from_dict(dated(expansion_start=""))
    ph = Engine(catalog).compute(plan).phases
    assert ph.timeline is None and "Expansion 2028" in ph.timeline_reason
    d = dated(expansion_start="2026-01")
    ph = Engine(catalog).compute(plan_from_dict(d)).phases
    assert ph.timeline is None and "starts before" in ph.timeline_reason
    # the first phase may take the plan's operation start
    d = dated()
    d["growth_phases"][0]["start"] = ""
    d["metadata"]["operation_start"] = "2026-10"
    ph = Engine(catalog).compute(plan_from_dict(d)).phases
    assert ph.timeline is not None and ph.timeline.start == "2026-10"


def test_check_and_build_plan_show_the_timeline(tmp_path, capsys, catalog):
    from planner.commands import cli
    from planner.reports import ReportOptions, build_plan_pdf
    from tests.test_report import pdf_text

    plan = plan_from_dict(dated())
    path = tmp_path / "dated.json"
    save_plan_json(plan, path)
    cli.main(["check", str(path), "--json"])
    js = json.loads(capsys.readouterr().out)
    tl = js["phases"]["timeline"]
    assert [y["year"] for y in tl["years"]] == [2027, 2028, 2029, 2030] and tl["currency"]
    assert js["phases"]["timeline_reason"] is None
    cli.main(["check", str(path), "--lang", "en"])
    out = capsys.readouterr().out
    assert "Cost over time, 2027-01 to 2031-01" in out and "phases in operation" in out
    cli.main(["check", str(path), "--lang", "de"])
    assert "Kosten über die Zeit, 2027-01 bis 2031-01" in capsys.readouterr().out
    results = Engine(catalog).compute(plan)
    for lang, words in (("en", ("Cost over time", "Phases in operation", "Own, summed", "Rent, summed",
                                "1. Pilot Q1: 6 mo., 2. Production Q3: 6 mo.")),
                        ("de", ("Kosten über die Zeit", "Ausbaustufen in Betrieb", "Kaufen, kumuliert",
                                "Mieten, kumuliert", "1. Pilot Q1: 6 Mon., 2. Production Q3: 6 Mon."))):
        pdf = tmp_path / f"t-{lang}.pdf"
        build_plan_pdf(plan, catalog, results, pdf, ReportOptions(sections=("phases",), lang=lang, toc=False))
        text = " ".join(pdf_text(pdf).split())
        for w in words:
            assert w in text, (lang, w)
