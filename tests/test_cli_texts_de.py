"""The walk-through's CLI and export texts in German (a user walk-through, 2026-12-01): spec
errors, duplicate ids and placement clashes translated; table and check words translated;
CLI input errors as one translated line; plurals; the CSV default per language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.i18n import error_text, message_text
from tests.test_i18n_cli import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"


def example_dict() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def write(tmp_path: Path, name: str, data: dict) -> str:
    p = tmp_path / name
    p.write_text(json.dumps(data), encoding="utf-8")
    return str(p)


# ------------------------------------------------------------------ item 5: planner errors

def test_workload_spec_error_is_translated_through_the_engine(tmp_path):
    data = example_dict()
    wl = next(w for w in data["workloads"] if w["kind"] == "inference")
    wl["spec"]["users"] = 0
    code, out, _err = run("check", write(tmp_path, "wl.json", data), "--lang", "de")
    assert "spec.users: Der Wert muss mindestens 1 sein" in out
    assert "Input should be" not in out
    code, out, _err = run("check", write(tmp_path, "wl.json", data), "--lang", "en")
    assert "spec.users: Input should be greater than or equal to 1" in out


def test_spec_error_str_keeps_the_translatable_message():
    from planner.workloads.specs import SpecError, parse_spec

    with pytest.raises(SpecError) as e:
        parse_spec("inference", {"model": "llama-3-70b", "users": -3})
    assert message_text(str(e.value), "de") == "spec.users: Der Wert muss mindestens 1 sein"
    assert error_text(e.value, "de") == message_text(str(e.value), "de")


def test_duplicate_placement_id_names_the_field_in_german(tmp_path):
    data = example_dict()
    racks = data["site"]["rooms"][0]["rows"][0]["racks"]
    first = racks[0]["placements"][0]["id"]
    racks[1]["placements"][0]["id"] = first
    path = write(tmp_path, "dup.json", data)
    code, out, err = run("validate", path, "--lang", "de")
    assert code == 2
    line = err.strip()
    assert "\n" not in line and "Value error" not in line
    assert (f"site.rooms[0].rows[0].racks[1].placements[0].id: doppelte ID '{first}', schon vergeben an "
            "site.rooms[0].rows[0].racks[0].placements[0]") in line


def test_duplicate_feed_id_is_translated(tmp_path):
    data = example_dict()
    data["feeds"][1]["id"] = data["feeds"][0]["id"]
    code, _out, err = run("check", write(tmp_path, "dupfeed.json", data), "--lang", "de")
    assert code == 2
    assert "feeds: doppelte ID" in err and "[0] und [1]" in err and "Value error" not in err


def test_validate_says_placement_clashes_as_check_does(tmp_path):
    data = example_dict()
    rack = data["site"]["rooms"][0]["rows"][0]["racks"][0]
    a, b = [p for p in rack["placements"] if p.get("u")][:2]
    b["u"], b["face"] = a["u"], a.get("face", "front")
    code, out, _err = run("validate", write(tmp_path, "overlap.json", data), "--lang", "de")
    assert code == 1
    assert f"HE {a['u']} " in out and "belegt" in out and "is taken by" not in out


# ------------------------------------------------------------------ item 6: words in tables and check

def _sheet(sheets, key):
    s = next(s for s in sheets if s.key == key)
    return s, [c.title for c in s.columns]


def test_german_tables_name_codes_in_words():
    from planner.catalog import load_catalog
    from planner.engine import Engine
    from planner.files.documents import load_plan
    from planner.reports.tables import plan_tables

    catalog = load_catalog()
    plan = load_plan(EXAMPLE)
    results = Engine(catalog).compute(plan)
    de = plan_tables(plan, catalog, results, lang="de")
    en = plan_tables(plan, catalog, results, lang="en")

    wl, cols = _sheet(de, "Workloads")
    kinds = {r[cols.index("Art")] for r in wl.rows}
    assert kinds == {"Feintuning", "Inferenz"}
    assert {r[cols.index("Engpass")] for r in wl.rows} <= {"Rechenleistung", "Stromversorgung", "Kühlung",
                                                             "GPU-Speicher", "Speicherbandbreite", ""}
    racks, cols = _sheet(de, "Racks")
    levels = {r[cols.index("Stufe")] for r in racks.rows}
    assert levels and levels <= {"in Ordnung", "nahe der Grenze", "über der Grenze", ""}
    slugs = {rk.rack_type for rk in plan.racks()}
    types = {r[cols.index("Racktyp")] for r in racks.rows}
    assert not (types & slugs)
    rt = catalog.get("rack-types", next(iter(slugs)))
    assert f"{rt.manufacturer} {rt.model}" in types
    pdus, cols = _sheet(de, "PDUs")
    assert {r[cols.index("Anschluss")] for r in pdus.rows} <= {"Stern", "Dreieck", "einphasig"}
    feeds, cols = _sheet(de, "Power feeds")
    assert {r[cols.index("Stufe")] for r in feeds.rows} <= {"in Ordnung", "nahe der Grenze", "über der Grenze", ""}
    # English keeps plain English words
    wl_en, cols = _sheet(en, "Workloads")
    assert {r[cols.index("Kind")] for r in wl_en.rows} == {"finetune", "inference"}
    pd_en, cols = _sheet(en, "PDUs")
    assert {r[cols.index("Wiring")] for r in pd_en.rows} <= {"wye (star)", "delta", "single-phase"}


def test_check_text_names_cooling_fabric_and_workload_kinds_in_german():
    code, out, _err = run("check", str(EXAMPLE), "--lang", "de")
    racks = out[out.index("\nRacks\n"):out.index("Einspeisungen")]
    assert "Rückkühltür" in racks and "rdhx" not in racks and " air " not in racks
    fabrics = out[out.index("\nFabrics\n"):out.index("Arbeitslasten")]
    assert "Rechenleistung" in fabrics and "Speicher" in fabrics
    assert " compute " not in fabrics and " storage " not in fabrics and " management " not in fabrics
    workloads = out[out.index("Arbeitslasten"):out.index("Befunde:")]
    assert "Feintuning" in workloads and "Inferenz" in workloads and "finetune" not in workloads
    # --json keeps the codes
    code, out, _err = run("check", str(EXAMPLE), "--lang", "de", "--json")
    doc = json.loads(out)
    assert {w["kind"] for w in doc["workloads"]} == {"finetune", "inference"}
    assert {r["cooling"] for r in doc["racks"]} >= {"rdhx"}


# ------------------------------------------------------------------ item 5: undo labels

_NOT_SETTABLE = {"id", "placements", "racks", "rows", "rooms", "format", "format_version"}


def _settable_fields() -> set[tuple[str, str]]:
    """(kind, field) of every field SetProperty can set, read from the plan model itself."""
    from planner.model import plan as P

    classes = {"metadata": P.Plan.model_fields["metadata"].annotation, "plan": P.Plan,
               "site": P.Plan.model_fields["site"].annotation, "room": P.Room, "row": P.Row, "rack": P.Rack,
               "placement": P.Placement, "source": P.PowerSource, "feed": P.PowerFeed, "loop": P.CoolingLoop,
               "fabric": P.Fabric, "link": P.Link, "group": P.ServerGroup, "workload": P.Workload}
    return {(k, f) for k, c in classes.items() for f in c.model_fields if f not in _NOT_SETTABLE}


def test_every_settable_field_has_its_own_undo_label():
    from planner.model.edits import SetProperty

    fields = _settable_fields()
    assert ("feed", "breaker_a") in fields and len(fields) > 60
    generic = [(k, f) for k, f in fields if SetProperty(k, "x", f, None).text.template == "Set {field}"]
    assert not generic, f"fields without an undo label in planner/model/edits.py _FIELD_TEXTS: {sorted(generic)}"


def test_breaker_undo_label_in_german():
    from planner.files.documents import load_plan
    from planner.model.edits import SetProperty

    plan = load_plan(EXAMPLE)
    feed = plan.feeds[0]
    edit = SetProperty("feed", feed.id, "breaker_a", 40)
    edit.apply(plan)
    assert message_text(edit.text, "de") == "Sicherung festlegen"


# ------------------------------------------------------------------ item 15: CLI input

def test_bad_number_is_one_translated_line_with_exit_2():
    code, out, err = run("size", "infer", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--input-tokens", "abc",
                         "--lang", "de")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Aufruf" not in err and "usage" not in err
    assert "--input-tokens: 'abc' ist keine Zahl" in err and "is not a number" not in err


def test_size_help_has_text_for_every_option_and_local_defaults():
    code, out, _err = run("size", "infer", "--help", "--lang", "de")
    assert code == 0
    assert "(Standard 0,12)" in out and "(Standard 1,3)" in out
    for opt in ("--precision", "--stack", "--input-tokens", "--output-tokens", "--kv-precision",
                "--target-tokens-per-s-per-user", "--target-ttft-s"):
        block = out[out.index(opt + " "):]
        lines = block.splitlines()
        # the option's own line has its help, or the next (indented) line does
        same = lines[0].split(None, 2)
        has = len(same) > 2 or lines[1].startswith(" " * 10)
        assert has, opt
    code, out, _err = run("size", "train", "--help", "--lang", "de")
    for opt in ("--method", "--seq-len", "--global-batch-tokens", "--zero", "--recompute", "--target-days"):
        lines = out[out.index(opt + " "):].splitlines()
        assert len(lines[0].split(None, 2)) > 2 or lines[1].startswith(" " * 10), opt


def test_german_decimal_comma_is_read_and_an_ambiguous_one_refused():
    base = ["size", "infer", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--users", "8", "--json"]
    code, out, _err = run(*base, "--electricity", "0,15", "--lang", "de")
    assert code == 0
    code_en, out_en, _err = run(*base, "--electricity", "0.15", "--lang", "en")
    assert json.loads(out) == json.loads(out_en)
    code, _out, err = run(*base, "--electricity", "1,500", "--lang", "de")
    assert code == 2 and "mehrdeutig" in err


def test_json_and_file_errors_are_translated(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "rackwright-plan", "x": }', encoding="utf-8")
    code, _out, err = run("check", str(bad), "--lang", "de")
    assert code == 2 and "ein Wert fehlt oder ist falsch geschrieben" in err and "Expecting" not in err
    code, _out, err = run("check", str(tmp_path / "nosuch.json"), "--lang", "de")
    assert code == 2 and "No such file" not in err and "Datei" in err


def test_report_refuses_an_output_that_is_not_a_pdf(tmp_path):
    out = tmp_path / "x.txt"
    code, _out, err = run("report", str(EXAMPLE), "-o", str(out), "--lang", "de")
    assert code == 2 and not out.exists() and not (tmp_path / "x.pdf").exists()
    assert "x.pdf" in err and err.count("\n") == 1


def test_check_text_lists_a_missing_device_before_the_port_errors_it_causes(tmp_path):
    data = example_dict()
    rack = data["site"]["rooms"][0]["rows"][0]["racks"][0]
    wired = {lk["a"]["placement"] for lk in data["links"]} | {lk["b"]["placement"] for lk in data["links"]}
    victim = next(p for p in rack["placements"] if p["id"] in wired)
    victim["device"] = "no-such-device"
    path = write(tmp_path, "baddev.json", data)
    code, out, _err = run("check", path, "--lang", "en")
    lines = [ln for ln in out.splitlines() if "UNKNOWN_DEVICE" in ln or "FABRIC_UNKNOWN_PORT" in ln]
    assert "UNKNOWN_DEVICE" in lines[0] and any("FABRIC_UNKNOWN_PORT" in ln for ln in lines[1:])
    code, out, _err = run("check", path, "--json")
    codes = [f["code"] for f in json.loads(out)["findings"]]
    assert codes.index("FABRIC_UNKNOWN_PORT") < codes.index("UNKNOWN_DEVICE")  # --json: the engine's order
