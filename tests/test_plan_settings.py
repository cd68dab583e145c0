"""planner.gestures.plan_settings: the Plan Settings dialog's checks and its one-step edit, headless."""

from __future__ import annotations

import json

import pytest

from planner.files.plan_io import plan_to_dict
from planner.gestures.plan_settings import SettingsInvalid, plan_settings_edit
from planner.model.plan import Plan, Room, Site


def plan() -> Plan:
    return Plan(site=Site(name="Site", rooms=[Room(id="room-1", name="Hall")]))


def test_all_changes_are_one_undo_step_and_revert_exactly():
    p = plan()
    before = json.dumps(plan_to_dict(p), sort_keys=True)
    edit = plan_settings_edit(p, {
        "site": "FRA2", "customer": "ACME", "currency": "eur", "exchange_rates": [("usd", "0,92"), ("", "")],
        "exchange_rates_date": "2026-11-30", "electricity_price_per_kwh": 0.21, "pue": 1.25, "utilisation": 0.8,
        "naming": {"rack": "R{row}{n:02}", "server": "gpu{n:03}", "switch": ""}, "notes": "two halls"})
    assert edit is not None and len(edit.edits) == 10
    ch = edit.apply(p)
    assert ch.metadata
    md = p.metadata
    assert (p.site.name, md.currency, md.exchange_rates, md.utilisation) == ("FRA2", "EUR", {"USD": 0.92}, 0.8)
    assert md.naming == {"rack": "R{row}{n:02}", "server": "gpu{n:03}"}
    edit.revert(p)
    assert json.dumps(plan_to_dict(p), sort_keys=True) == before


def test_nothing_changed_is_no_edit():
    p = plan()
    md = p.metadata
    assert plan_settings_edit(p, {"site": "Site", "currency": "USD", "pue": md.pue, "naming": {"rack": " "},
                                  "exchange_rates": []}) is None


@pytest.mark.parametrize("values, field, fragment", [
    ({"currency": "EU"}, "currency", "Currency: 'EU'"),
    ({"exchange_rates": [("GBP", "-1")]}, "exchange_rates", "Exchange rate for GBP: must be above 0"),
    ({"exchange_rates": [("GBP", "abc")]}, "exchange_rates", "'abc' is not a number"),
    ({"exchange_rates": [("US", "1")]}, "exchange_rates", "row 1: 'US'"),
    ({"exchange_rates": [("GBP", "1"), ("gbp", "2")]}, "exchange_rates", "GBP is listed twice"),
    ({"currency": "EUR", "exchange_rates": [("EUR", "1")]}, "exchange_rates", "is the plan currency"),
    ({"exchange_rates_date": "30.11.2026"}, "exchange_rates_date", "Rates as of"),
    ({"pue": 0.9}, "pue", "PUE: 0.9"),
    ({"utilisation": 1.5}, "utilisation", "Utilisation"),
    ({"naming": {"server": "gpu{x}"}}, "naming", "Name pattern for servers: unknown placeholder {x}"),
    ({"naming": {"rack": "R{row}"}}, "naming", "needs {n}"),
    ({"site": " "}, "site", "Site"),
    ({"customer": "x" * 201}, "customer", "Customer"),
])
def test_bad_input_names_the_field_and_applies_nothing(values, field, fragment):
    p = plan()
    before = json.dumps(plan_to_dict(p), sort_keys=True)
    good = {"site": "Elsewhere", "project": "P"}  # valid changes alongside: not applied either
    with pytest.raises(SettingsInvalid) as e:
        plan_settings_edit(p, {**good, **values})
    assert e.value.field == field and fragment in str(e.value)
    assert json.dumps(plan_to_dict(p), sort_keys=True) == before


def test_rent_or_own_settings_are_checked_and_one_edit():
    from planner.gestures.plan_settings import SettingsInvalid, check_values, plan_settings_edit
    from planner.model.plan import Plan

    plan = Plan()
    got = check_values(plan, {"years_of_use": "5,5", "support_fraction_per_year": 0.08,
                              "colocation_price_per_kw_month": "150",
                              "cloud_price_per_gpu_hour": [("h100-sxm", "2.4"), ("b200", "")]})
    assert got == {"years_of_use": 5.5, "support_fraction_per_year": 0.08, "colocation_price_per_kw_month": 150.0,
                   "cloud_price_per_gpu_hour": {"h100-sxm": 2.4}}
    edit = plan_settings_edit(plan, got)
    edit.apply(plan)
    assert plan.metadata.years_of_use == 5.5 and plan.metadata.cloud_price_per_gpu_hour == {"h100-sxm": 2.4}
    edit.revert(plan)
    assert plan.metadata.years_of_use == 4.0 and plan.metadata.cloud_price_per_gpu_hour == {}
    for values, field in (({"years_of_use": 0}, "years_of_use"), ({"years_of_use": "many"}, "years_of_use"),
                          ({"support_fraction_per_year": 1.5}, "support_fraction_per_year"),
                          ({"colocation_price_per_kw_month": -3}, "colocation_price_per_kw_month"),
                          ({"cloud_price_per_gpu_hour": [("h100-sxm", "0")]}, "cloud_price_per_gpu_hour"),
                          ({"cloud_price_per_gpu_hour": [("H100 SXM", "2")]}, "cloud_price_per_gpu_hour")):
        try:
            check_values(plan, values)
        except SettingsInvalid as e:
            assert e.field == field, (values, e.field)
            assert str(e).split(":")[0] in ("Years of use", "Support and maintenance per year", "Colocation price") \
                or str(e).startswith("Cloud price per GPU-hour")
        else:
            raise AssertionError(f"{values} accepted")


def test_settings_messages_in_german():
    """The dialog shows SettingsInvalid.text(): German in German, the English text unchanged."""
    from pathlib import Path

    from planner.files.documents import load_plan
    from planner.gestures.plan_settings import SettingsInvalid, check_values
    from planner.i18n import use_language

    plan = load_plan(Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json")
    cases = [({"pue": "7"}, "PUE: 7 is not a PUE between 1 and 5", "PUE: 7 muss zwischen 1 und 5 liegen (ein PUE)"),
             ({"years_of_use": "viele"}, "Years of use: 'viele' is not a number",
              "Nutzungsjahre: 'viele' ist keine Zahl"),
             ({"exchange_rates": [("EURO", "1.1")]},
              "Exchange rates, row 1: 'EURO' is not a three-letter currency code (ISO 4217, e.g. USD)",
              "Wechselkurse, Zeile 1: 'EURO' ist kein dreibuchstabiger Währungscode (ISO 4217, z. B. USD)"),
             ({"customer": "x" * 500}, None, "Kunde: Der Text darf höchstens ")]
    for values, english, german in cases:
        with pytest.raises(SettingsInvalid) as info:
            check_values(plan, values)
        if english is not None:
            assert str(info.value) == english and info.value.text() == english
        with use_language("de"):
            assert info.value.text().startswith(german), info.value.text()


def test_requirements_and_internal_notes_are_one_undo_step_in_german():
    """The Requirements tab's fields as typed in German (2.000.000, 40,5, lists with
    commas) become metadata.requirements; internal notes beside them; one undo step."""
    from planner.i18n import use_language

    p = plan()
    before = json.dumps(plan_to_dict(p), sort_keys=True)
    with use_language("de"):
        edit = plan_settings_edit(p, {"requirements": {
            "statement": " 500 Nutzer, Antwort in 2 s ", "budget": "2.000.000", "currency": "eur", "max_rack_kw": "40,5",
            "cooling": ["air", "dlc"], "max_racks": "12", "floor_m2": "", "vendors": "Dell; Supermicro, ",
            "gpu_models": "H100-SXM, h200", "years": "4"}, "internal_notes": "Preise einholen"})
    assert edit is not None and len(edit.edits) == 2
    edit.apply(p)
    r = p.metadata.requirements
    assert (r.budget, r.currency, r.max_rack_kw, r.cooling, r.max_racks, r.floor_m2) == (
        2_000_000, "EUR", 40.5, ["air", "dlc"], 12, None)
    assert r.vendors == ["Dell", "Supermicro"] and r.gpu_models == ["h100-sxm", "h200"] and r.years == 4
    assert r.statement == "500 Nutzer, Antwort in 2 s" and p.metadata.internal_notes == "Preise einholen"
    # the same values again: nothing changed, no step; everything empty: no requirements
    with use_language("de"):
        assert plan_settings_edit(p, {"requirements": {
            "statement": "500 Nutzer, Antwort in 2 s", "budget": "2.000.000", "currency": "EUR", "max_rack_kw": "40,5",
            "cooling": ["air", "dlc"], "max_racks": "12", "vendors": "Dell, Supermicro", "gpu_models": "h100-sxm, h200",
            "years": "4"}}) is None
        clear = plan_settings_edit(p, {"requirements": {"currency": "EUR"}})
    clear.apply(p)
    assert p.metadata.requirements is None
    clear.revert(p)
    edit.revert(p)
    assert json.dumps(plan_to_dict(p), sort_keys=True) == before


@pytest.mark.parametrize("req, kind, fragment", [
    ({"budget": "zwei"}, "budget", "Requirements, Budget:"),
    ({"budget": "-5"}, "budget", "is not above 0"),
    ({"max_racks": "2,5"}, "max_racks", "Racks at most"),
    ({"currency": "EU"}, "currency", "'EU' is not a three-letter"),
    ({"gpu_models": "H 100"}, "gpu_models", "is not a GPU slug"),
    ({"statement": "x" * 5001}, "statement", "Request in the customer's words"),
])
def test_bad_requirements_name_the_field(req, kind, fragment):
    p = plan()
    with pytest.raises(SettingsInvalid) as e:
        plan_settings_edit(p, {"requirements": req, "project": "P"})
    assert e.value.field == "requirements" and e.value.kind == kind
    assert fragment in str(e.value)
    assert p.metadata.requirements is None and p.metadata.project == ""


def test_dates_are_typed_as_the_language_writes_them_and_stored_as_iso():
    from planner.gestures.plan_settings import date_text, parse_date, price_override_edit
    from planner.i18n import use_language

    with use_language("de"):
        assert parse_date("28.11.2026") == parse_date("28.11.26") == parse_date("2026-11-28") == "2026-11-28"
        assert parse_date("11.2026", months=True) == "2026-11"
        for bad in ("30.02.2026", "11/28/2026", "28.11", "morgen"):
            with pytest.raises(ValueError):
                parse_date(bad)
        assert date_text("2026-11-28") == "28.11.2026" and date_text("2026-11") == "11.2026"
        p = plan()
        edit = plan_settings_edit(p, {"exchange_rates_date": "28.11.2026"})
        edit.apply(p)
        assert p.metadata.exchange_rates_date == "2026-11-28"
        ov = price_override_edit(p, "dell-poweredge-xe9680", "250.000,50", "EUR", "01.12.2026")
        ov.apply(p)
        assert p.metadata.price_overrides["dell-poweredge-xe9680"].date == "2026-12-01"
        assert p.metadata.price_overrides["dell-poweredge-xe9680"].amount == 250000.5  # not 250
        with pytest.raises(SettingsInvalid) as e:
            plan_settings_edit(p, {"exchange_rates_date": "31.11.2026"})
        assert "28.11.2026" in e.value.text()  # the example in the language's form
    with use_language("en"):
        assert parse_date("11/28/2026") == "2026-11-28" and date_text("2026-11-28") == "2026-11-28"
        with pytest.raises(ValueError):
            parse_date("28.11.2026")  # not the English form: refused, not guessed
