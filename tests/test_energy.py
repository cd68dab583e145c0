"""Energy figures and the Energy Efficiency Act checks (issue 32, docs/energy.md): the figures
of the bundled example against a hand calculation from the plan's own figures, the EnEfG
findings on either side of every threshold, the plan's new energy settings through an edit,
JSON and the project file, and their German texts."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.engine.energy import GRID_FACTORS, grid_factor
from planner.engine.rules import PROVIDERS
from planner.files.documents import load_plan
from planner.files.plan_io import plan_from_dict, plan_to_dict
from planner.gestures.plan_settings import SettingsInvalid, plan_settings_edit
from planner.i18n import use_language

ROOT = Path(__file__).resolve().parents[1]
POD = ROOT / "examples" / "xe9680-h100-pod.json"
GB200 = ROOT / "examples" / "gb200-nvl72.json"
ENERGY_CODES = {"ENERGY_NO_GRID_FACTOR", "ENEFG_OUT_OF_SCOPE", "ENEFG_PUE", "ENEFG_ENERGY_REUSE", "ENEFG_RENEWABLE"}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _run(catalog, path: Path, **metadata):
    plan = load_plan(path)
    for k, v in metadata.items():
        setattr(plan.metadata, k, v)
    return plan, Engine(catalog).compute(plan)


def _codes(results) -> list[str]:
    return sorted(f.code for f in results.findings if f.code in ENERGY_CODES)


# -- the example against a hand calculation ------------------------------------------------------


def test_pod_energy_figures_by_hand(catalog):
    """examples/xe9680-h100-pod.json: 4 Dell XE9680, 2 Quantum-2 QM9700, 1 SN2201, 1 DDN AI400X2,
    6 rack PDUs (no draw of their own); PUE 1.3, utilisation 1.0; two racks on passive rear
    doors on chilled water (their heat reaches the water at its low temperature), one on air. Site in Germany (UBA factor), a heat customer taking
    50 MWh a year, 80 % renewable, WUE 0.3 l/kWh."""
    plan, r = _run(catalog, POD, site_country="DE", heat_customer="Nahwärme Süd", heat_reuse_mwh_per_year=50.0,
                   renewable_share=0.8, wue_l_per_kwh=0.3)
    md = plan.metadata
    assert (md.pue, md.utilisation) == (1.3, 1.0)
    # typical draw of each device type (catalog typical_w): 9,000 W XE9680, 1,100 W QM9700, 98 W
    # SN2201, 2,200 W AI400X2
    devices_w = 4 * 9000 + 2 * 1100 + 98 + 2200  # 40,498 W
    # optics the links draw from their ends (catalog cables.yaml power_w per end): 32 compute AOCs
    # (400G, 8 W each end); 2 storage AOCs at 200G (8 W at the storage, half of it, 4 W, on the
    # switch's split cage); 8 DACs (0.1 W each end); 6 ACCs (800G part at 200G: 1.5 W at the
    # storage, a quarter, 0.375 W, on the switch)
    optics_w = 32 * 2 * 8 + 2 * (8 + 4) + 8 * 2 * 0.1 + 6 * (1.5 + 0.375)  # 548.85 W
    it_w = devices_w + optics_w  # 41,046.85 W
    it_kwh = it_w / 1000 * 8760 * 1.0  # 359,570.406 kWh
    facility_kwh = it_kwh * 1.3  # 467,441.5278 kWh
    e = r.energy
    assert e is not None
    assert e.it_kwh_per_year == pytest.approx(it_kwh, rel=1e-12)
    assert e.facility_kwh_per_year == pytest.approx(facility_kwh, rel=1e-12)
    assert e.pue == 1.3
    # R01 and R02 sit behind rear doors on the building's chilled water: all their heat goes into
    # that loop, at its temperatures; R03 (switches, storage) is on air
    racks = {x.name: r.racks[x.id] for room in plan.site.rooms for row in room.rows for x in row.racks}
    assert racks["R01"].air_heat_w == racks["R02"].air_heat_w == 0.0 and racks["R03"].liquid_heat_w == 0.0
    door_heat_w = racks["R01"].heat_w + racks["R02"].heat_w
    all_heat_w = door_heat_w + racks["R03"].heat_w
    assert e.reusable_heat_w == pytest.approx(door_heat_w)
    assert e.reusable_kwh_per_year == pytest.approx(it_kwh * door_heat_w / all_heat_w)
    (loop,) = e.heat_loops
    assert loop.heat_w == pytest.approx(door_heat_w) and loop.supply_temp_c < loop.return_temp_c <= 25
    # ERF = reused / facility energy = 50,000 / 467,441.5278 = 10.70 %
    assert e.reuse_basis == "mwh" and e.reused_kwh_per_year == 50_000.0
    assert e.erf == pytest.approx(50_000 / facility_kwh) and round(e.erf * 100, 2) == 10.70
    # water: 0.3 l per kWh of IT energy = 107.871 m³ a year
    assert e.water_m3_per_year == pytest.approx(0.3 * it_kwh / 1000)
    # CO2: 363 g/kWh (Umweltbundesamt, 2024) x facility energy = 169.681 t, 20 % of it not renewable
    assert (e.grid_g_per_kwh, e.grid_source, e.grid_year) == (363.0, "default", 2024)
    assert e.co2_location_t_per_year == pytest.approx(facility_kwh * 363 / 1e6)
    assert round(e.co2_location_t_per_year, 1) == 169.7
    assert e.co2_t_per_year == pytest.approx(facility_kwh * 363 / 1e6 * 0.2)
    # per million output tokens of the serving workload: its sized energy per token (server
    # power x PUE / tokens per second) x 1e6 J, in kWh (/ 3.6e6 J), x 363 g x 20 %
    v = r.workloads["wl-serve"]
    j = v.figures["energy_j_per_token"]
    assert [t.workload for t in e.tokens] == ["wl-serve"]  # the fine-tuning workload serves no tokens
    assert e.tokens[0].kwh_per_million_tokens == pytest.approx(j * 1e6 / 3.6e6)
    assert e.tokens[0].g_co2_per_million_tokens == pytest.approx(j * 1e6 / 3.6e6 * 363 * 0.2)
    # the facility's maximum draw is 49.75 kW x 1.3 = 64.7 kW: below the EnEfG's 300 kW, said as a note
    assert e.enefg is not None and not e.enefg.in_scope
    assert e.enefg.connected_kw == pytest.approx(r.totals.agg.sums["max_w"] * 1.3 / 1000)
    assert _codes(r) == ["ENEFG_OUT_OF_SCOPE"]
    assert [f.severity for f in r.findings if f.code == "ENEFG_OUT_OF_SCOPE"] == ["info"]


def test_liquid_heat_share_and_loop_temperatures(catalog):
    """examples/gb200-nvl72.json: the NVL72 racks' cold plates put their heat on one CDU loop
    (30 °C supply, 10 K): the reusable heat is that loop's, at 30/40 °C; a heat customer taking
    half of it gives half its energy to the ERF."""
    plan, r = _run(catalog, GB200, heat_reuse_share=0.5)
    e = r.energy
    s = r.totals.agg.sums
    loop = plan.cooling_loops[0]
    assert e.reusable_heat_w == s["liquid_heat_w"] > 0
    assert [(h.id, h.supply_temp_c, h.return_temp_c) for h in e.heat_loops] == [
        (loop.id, loop.supply_temp_c, loop.supply_temp_c + loop.delta_t_k)]
    assert (loop.supply_temp_c, loop.delta_t_k) == (30.0, 10.0)
    it_kwh = s["typical_w"] / 1000 * 8760 * plan.metadata.utilisation
    assert e.reusable_kwh_per_year == pytest.approx(it_kwh * s["liquid_heat_w"] / s["heat_w"])
    assert e.reused_kwh_per_year == pytest.approx(0.5 * e.reusable_kwh_per_year)
    assert e.erf == pytest.approx(0.5 * e.reusable_kwh_per_year / (it_kwh * plan.metadata.pue))
    # no country, no factor: no CO2 and nothing invented for it; no water figure without a WUE
    assert (e.grid_g_per_kwh, e.co2_t_per_year, e.water_m3_per_year) == (None, None, None)
    assert _codes(r) == []


def test_plan_factor_wins_and_unknown_country_says_so(catalog):
    _p, r = _run(catalog, POD, site_country="DE", grid_co2_g_per_kwh=100.0)
    assert (r.energy.grid_g_per_kwh, r.energy.grid_source) == (100.0, "plan")
    _p, r = _run(catalog, POD, site_country="JP")
    assert r.energy.co2_t_per_year is None and _codes(r) == ["ENERGY_NO_GRID_FACTOR"]
    _p, r = _run(catalog, POD, site_country="AT")  # not Germany: no EnEfG
    assert r.energy.enefg is None and _codes(r) == []
    assert r.energy.grid_g_per_kwh == GRID_FACTORS["AT"].g_per_kwh


def test_shipped_grid_factors_are_sourced():
    for code in ("DE", "AT", "CH", "FR", "NL", "US"):
        f = grid_factor(code)
        assert f is not None and 0 < f.g_per_kwh < 1000 and 2020 <= f.year <= 2026 and f.source and f.basis
    assert "Umweltbundesamt" in GRID_FACTORS["DE"].source
    assert grid_factor("") is None and grid_factor("de") is GRID_FACTORS["DE"]


# -- the EnEfG thresholds ---------------------------------------------------------------------------


def _gb200_de(catalog, **md):
    """The GB200 example in Germany, in scope (262 kW IT maximum x PUE 1.3 = 341 kW), everything
    met unless overridden: PUE 1.2, 100 % renewable, a heat customer for 25 % of the energy."""
    settings = {"site_country": "DE", "pue": 1.2, "renewable_share": 1.0, "operation_start": "2028-09",
                "heat_reuse_share": None, "heat_reuse_mwh_per_year": None}
    settings.update(md)
    plan, r = _run(catalog, GB200, **settings)
    return plan, r


def _erf_mwh(catalog, erf: float, **md) -> float:
    """The heat reuse in MWh/year that gives ``erf`` of the facility energy of the GB200 plan."""
    _p, r = _gb200_de(catalog, **md)
    return erf * r.energy.facility_kwh_per_year / 1000


def test_everything_met_gives_no_finding(catalog):
    mwh = _erf_mwh(catalog, 0.25)
    _p, r = _gb200_de(catalog, heat_reuse_mwh_per_year=mwh)
    a = r.energy.enefg
    assert a.in_scope and a.new_data_centre and a.level == "ok"
    assert [(c.key, c.met) for c in a.checks] == [("pue", True), ("energy_reuse", True), ("renewable", True)]
    assert _codes(r) == []


@pytest.mark.parametrize(("pue", "fires"), [(1.2, False), (1.21, True)])
def test_pue_new_data_centre(catalog, pue, fires):
    mwh = _erf_mwh(catalog, 0.25, pue=pue)
    _p, r = _gb200_de(catalog, pue=pue, heat_reuse_mwh_per_year=mwh)
    assert _codes(r) == (["ENEFG_PUE"] if fires else [])
    if fires:
        f = next(f for f in r.findings if f.code == "ENEFG_PUE")
        assert f.severity == "warning" and "§ 11 Abs. 2 Satz 1 Nr. 1 EnEfG" in f.message and "1.2" in f.message


@pytest.mark.parametrize(("pue", "limits"), [(1.3, []), (1.31, [1.3]), (1.5, [1.3]), (1.51, [1.5, 1.3])])
def test_pue_existing_data_centre(catalog, pue, limits):
    """Started before 1 July 2026: 1.5 from 1 July 2027, 1.3 from 1 July 2030 (§ 11 Abs. 1); no
    energy reuse duty (Abs. 2 is for new ones)."""
    _p, r = _gb200_de(catalog, pue=pue, operation_start="2025-03-01")
    a = r.energy.enefg
    assert not a.new_data_centre and [c.key for c in a.checks] == ["pue", "pue", "renewable"]
    assert [c.limit for c in a.checks if c.key == "pue" and not c.met] == limits
    found = [f for f in r.findings if f.code == "ENEFG_PUE"]
    assert len(found) == len(limits)
    for f, limit in zip(found, sorted(limits), strict=True):
        assert f"above the {limit:.1f}" in f.message


@pytest.mark.parametrize(("start", "limit"), [("2026-07-01", 0.10), ("2027-06", 0.10), ("2027-07", 0.15),
                                              ("2028-06-30", 0.15), ("2028-07-01", 0.20), ("", 0.20)])
def test_energy_reuse_tiers(catalog, start, limit):
    """§ 11 Abs. 2 Satz 1 Nr. 2: 10 % from 1 July 2026, 15 % from 1 July 2027, 20 % from 1 July
    2028 by start of operation; not stated: the strictest tier. At the threshold: met; just below: not."""
    at = _erf_mwh(catalog, limit, operation_start=start)
    _p, r = _gb200_de(catalog, operation_start=start, heat_reuse_mwh_per_year=at)
    check = next(c for c in r.energy.enefg.checks if c.key == "energy_reuse")
    assert check.limit == limit and check.met and _codes(r) == []
    _p, r = _gb200_de(catalog, operation_start=start, heat_reuse_mwh_per_year=at * 0.99)
    assert _codes(r) == ["ENEFG_ENERGY_REUSE"]
    f = next(f for f in r.findings if f.code == "ENEFG_ENERGY_REUSE")
    assert f"{limit:.0%}" in f.message and "§ 11 Abs. 2 Satz 1 Nr. 2 EnEfG" in f.message
    assert ("start of operation not stated" in f.message) == (start == "")


def test_no_heat_reuse_and_no_renewable_share_stated(catalog):
    _p, r = _gb200_de(catalog, renewable_share=None)
    assert _codes(r) == ["ENEFG_ENERGY_REUSE", "ENEFG_RENEWABLE"]
    assert all("not stated" not in f.message or "No " in f.message for f in r.findings if f.code in ENERGY_CODES)
    assert r.energy.enefg.level == "warn"


@pytest.mark.parametrize(("share", "fires"), [(1.0, False), (0.99, True), (0.5, True)])
def test_renewable_share(catalog, share, fires):
    mwh = _erf_mwh(catalog, 0.25)
    _p, r = _gb200_de(catalog, renewable_share=share, heat_reuse_mwh_per_year=mwh)
    assert _codes(r) == (["ENEFG_RENEWABLE"] if fires else [])
    if fires:
        assert "§ 11 Abs. 5 EnEfG" in next(f.message for f in r.findings if f.code == "ENEFG_RENEWABLE")


def test_scope_threshold_300_kw(catalog):
    """§ 11 applies from 300 kW non-redundant connected load, estimated as IT maximum x PUE: just
    below it a note and no threshold checked; at it the checks."""
    _p, r = _gb200_de(catalog)
    max_w = r.totals.agg.sums["max_w"]
    at = 300_000 / max_w
    _p, below = _gb200_de(catalog, pue=at * 0.999, renewable_share=None)
    assert _codes(below) == ["ENEFG_OUT_OF_SCOPE"] and not below.energy.enefg.in_scope
    _p, above = _gb200_de(catalog, pue=at * 1.0001, renewable_share=None)
    assert above.energy.enefg.in_scope and "ENEFG_RENEWABLE" in _codes(above)


def test_no_site_country_means_no_energy_finding(catalog):
    """The bundled examples and generated plans state no country: no new finding of any kind."""
    for path in (POD, GB200):
        _p, r = _run(catalog, path)
        assert r.energy is not None and r.energy.enefg is None and _codes(r) == []


def test_generated_plan_has_no_energy_finding(catalog):
    from planner.design.templates import build_template

    with use_language("de"):  # a German user's plan: EU power, still no country stated
        plan = build_template("inference-small-enterprise", catalog, region="eu")
    assert plan.metadata.site_region == "eu" and plan.metadata.site_country == ""
    assert _codes(Engine(catalog).compute(plan)) == []


def test_provider_registered():
    p = next(p for p in PROVIDERS if p.family == "energy")
    assert set(p.codes) == ENERGY_CODES


# -- the plan's energy settings: edit, JSON, project file --------------------------------------------


def test_settings_edit_round_trips_through_json_and_rackplan(tmp_path, catalog):
    from planner.files.storage import open_rackplan, save_rackplan

    plan = load_plan(POD)
    with use_language("de"):  # typed as a German user types: 0,3 and 12.500
        edit = plan_settings_edit(plan, {"site_country": "de", "operation_start": "09.2027", "renewable_share": "80",
                                         "grid_co2_g_per_kwh": "", "heat_customer": " Stadtwerke Süd ",
                                         "heat_reuse_mwh_per_year": "12.500", "wue_l_per_kwh": "0,3"})
    assert edit is not None
    edit.apply(plan)
    md = plan.metadata
    assert (md.site_country, md.operation_start, md.renewable_share, md.grid_co2_g_per_kwh) == ("DE", "2027-09", 0.8, None)
    assert (md.heat_customer, md.heat_reuse_mwh_per_year, md.heat_reuse_share, md.wue_l_per_kwh) == (
        "Stadtwerke Süd", 12500.0, None, 0.3)
    again = plan_from_dict(json.loads(json.dumps(plan_to_dict(plan))))
    assert again.metadata == md
    out = tmp_path / "pod.rackplan"
    save_rackplan(plan, out, catalog)
    assert open_rackplan(out).plan.metadata == md
    # switching from an amount to a share is one step, whatever the order of the fields
    switch = plan_settings_edit(plan, {"heat_reuse_share": "40", "heat_reuse_mwh_per_year": ""})
    switch.apply(plan)
    assert (plan.metadata.heat_reuse_share, plan.metadata.heat_reuse_mwh_per_year) == (0.4, None)
    switch.revert(plan)
    assert plan.metadata == md
    edit.revert(plan)
    assert plan.metadata.site_country == "" and plan.metadata.heat_reuse_mwh_per_year is None


@pytest.mark.parametrize(("values", "field"), [
    ({"site_country": "Deutschland"}, "site_country"),
    ({"operation_start": "2027-13"}, "operation_start"),
    ({"renewable_share": "120"}, "renewable_share"),
    ({"grid_co2_g_per_kwh": "viel"}, "grid_co2_g_per_kwh"),
    ({"heat_reuse_share": "10", "heat_reuse_mwh_per_year": "100"}, "heat_reuse_share"),
    ({"wue_l_per_kwh": "-1"}, "wue_l_per_kwh"),
])
def test_bad_settings_name_their_field(values, field):
    plan = load_plan(POD)
    with pytest.raises(SettingsInvalid) as e:
        plan_settings_edit(plan, values)
    assert e.value.field == field


def test_both_heat_reuse_figures_refused_by_the_model():
    d = json.loads(POD.read_text(encoding="utf-8"))
    d["metadata"].update(heat_reuse_share=0.5, heat_reuse_mwh_per_year=10.0)
    with pytest.raises(ValueError, match="heat_reuse_share or heat_reuse_mwh_per_year"):
        plan_from_dict(d)


# -- German texts --------------------------------------------------------------------------------------


def test_findings_and_report_in_german(catalog):
    from planner.engine.report import text_report

    _p, r = _gb200_de(catalog, pue=1.3, renewable_share=0.6)
    texts = {f.code: f.text("de").replace("\u00a0", " ") for f in r.findings if f.code in ENERGY_CODES}
    assert "Energieeffizienzgesetz im Jahresdurchschnitt" in texts["ENEFG_PUE"]
    assert "1. Juli 2026" in texts["ENEFG_PUE"] and "PUE 1,30" in texts["ENEFG_PUE"]
    assert "Anteil wiederverwendeter Energie" in texts["ENEFG_ENERGY_REUSE"] and "20 %" in texts["ENEFG_ENERGY_REUSE"]
    assert "60 %" in texts["ENEFG_RENEWABLE"] and "1. Januar 2027" in texts["ENEFG_RENEWABLE"]
    report = text_report(r, lang="de")
    assert "Energieeffizienz" in report and "Nutzbare Abwärme" in report and "MWh/Jahr" in report
    _p, small = _run(catalog, POD, site_country="DE")
    note = next(f for f in small.findings if f.code == "ENEFG_OUT_OF_SCOPE").text("de")
    assert "nicht redundante Nennanschlussleistung" in note and "65 kW" in note


def test_pdf_section_in_both_languages(tmp_path, catalog):
    from planner.reports import ReportOptions, build_plan_pdf
    from tests.test_report import pdf_text

    plan, r = _gb200_de(catalog, pue=1.3, renewable_share=0.6, heat_customer="Stadtwerke Süd",
                        heat_reuse_share=0.5)
    for lang, words in (("de", ("Energieeffizienz", "Energieeffizienzgesetz (EnEfG)", "Nutzbare Abwärme",
                                "Vorlauf 30 °C", "NICHT ERFÜLLT", "Umweltbundesamt")),
                        ("en", ("Energy efficiency", "Energy Efficiency Act (EnEfG)", "Reusable waste heat",
                                "supply 30 °C", "NOT MET", "Umweltbundesamt"))):
        out = tmp_path / f"energy-{lang}.pdf"
        build_plan_pdf(plan, catalog, r, out, ReportOptions(sections=("energy",), lang=lang, toc=False))
        text = " ".join(pdf_text(out).split())
        for w in words:
            assert w in text, (lang, w)
        assert "§ 11 Abs. 5 EnEfG" in text.replace("\u00a0", " ")


def test_energy_in_check_json(catalog):
    _p, r = _run(catalog, POD, site_country="DE")
    d = r.to_json(_p, catalog)
    assert d["energy"]["facility_mwh_per_year"] == pytest.approx(r.totals.energy_kwh_per_year / 1000)
    assert d["energy"]["enefg"]["in_scope"] is False and d["energy"]["grid_co2_g_per_kwh"] == 363.0
    assert math.isfinite(d["energy"]["co2_t_per_year"])
    json.dumps(d)  # plain JSON: no Message or dataclass left in it
