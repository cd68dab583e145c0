"""A growth phase's start as an architect writes it (issue 32: "Q3 2027" was refused with
pydantic's pattern text, ``String should match pattern '^(\\d{4}-...'``). The forms taken, and
one translated line naming the field and the forms for anything else: in the edit the app
pushes, in a JSON plan and in a .rackplan project file."""

from __future__ import annotations

import json
import sqlite3

import pytest

from planner.files.documents import load_plan
from planner.files.plan_io import PlanFormatError, plan_from_dict, save_plan_json
from planner.files.storage import save_rackplan
from planner.gestures import phases as gp
from planner.i18n import message_text
from planner.model.edits import EditRefused
from planner.model.plan import phase_start
from tests.test_phases import content


@pytest.mark.parametrize("typed, stored", [
    ("2027-07", "2027-07"), ("2027-7", "2027-07"), ("2027-07-15", "2027-07-15"),
    ("Q3 2027", "2027-07"), ("q3/2027", "2027-07"), ("Q1-2028", "2028-01"), ("2027-Q4", "2027-10"),
    ("2027 Q2", "2027-04"), ("3. Quartal 2027", "2027-07"), ("H2 2027", "2027-07"), ("2028 H1", "2028-01"),
    ("07.2027", "2027-07"), ("7/2027", "2027-07"), ("15.07.2027", "2027-07-15"),
    ("Juli 2027", "2027-07"), ("July 2027", "2027-07"), ("Jul. 2027", "2027-07"), ("März 2028", "2028-03"),
    ("  Okt 2027 ", "2027-10"), ("", ""), ("   ", ""),
])
def test_the_forms_a_phase_start_is_written_in(typed, stored):
    assert phase_start(typed) == stored


@pytest.mark.parametrize("typed", ["2027", "Q5 2027", "Q3", "Q3 27", "2027-13", "2027-02-30", "31.02.2027",
                                   "07/15/2027", "Sommer 2027", "13.2027", "next year"])
def test_anything_else_is_one_line_saying_which_forms(typed):
    with pytest.raises(ValueError) as e:
        phase_start(typed)
    msg = e.value.args[0]
    assert msg == (f"{typed.strip()!r} is not a month or a date: write 2027-07, 2027-07-15, Q3 2027, 07.2027 "
                   "or July 2027")
    de = message_text(msg, "de")
    assert de != msg and "Q3 2027" in de and "Juli 2027" in de and "\n" not in de


def test_the_edit_stores_a_quarter_as_its_first_month_and_refuses_a_year_alone():
    plan = plan_from_dict(content(2, tagged=True))
    edit = gp.set_phase_start(plan, "ph-exp", "Q1 2028")
    edit.apply(plan)
    assert plan.growth_phases[2].start == "2028-01"
    edit.revert(plan)
    assert plan.growth_phases[2].start == ""
    with pytest.raises(EditRefused) as e:
        gp.set_phase_start(plan, "ph-exp", "2028")
    assert str(e.value.args[0]) == ("start of growth phase 'Expansion 2028': '2028' is not a month or a date: "
                                    "write 2027-07, 2027-07-15, Q3 2027, 07.2027 or July 2027")
    assert message_text(e.value.args[0], "de") == (
        "Start der Ausbaustufe 'Expansion 2028': '2028' ist kein Monat und kein Datum: bitte 2027-07, "
        "2027-07-15, 15.07.2027, Q3 2027, 07.2027 oder Juli 2027 schreiben")
    assert plan.growth_phases[2].start == ""
    with pytest.raises(EditRefused):
        gp.add_phase(plan, "Expansion 2029", "irgendwann")


def test_a_json_plan_with_a_quarter_opens_and_a_bad_start_names_its_field(tmp_path):
    d = content(2, tagged=True)
    d["growth_phases"][2]["start"] = "Q1 2028"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(d), encoding="utf-8")
    assert load_plan(good).growth_phases[2].start == "2028-01"
    d["growth_phases"][2]["start"] = "Q5 2028"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(PlanFormatError) as e:
        load_plan(bad)
    text = str(e.value)
    assert "growth_phases[2].start" in text and "'Q5 2028' is not a month or a date" in text, text
    assert "pattern" not in text and len(text.splitlines()) == 1


def test_a_rackplan_with_a_quarter_opens_and_a_bad_start_names_its_field(tmp_path):
    plan = plan_from_dict(content(2, tagged=True))
    path = tmp_path / "p.rackplan"
    save_rackplan(plan, path)

    def set_start(value: str) -> None:  # the file edited by another tool
        with sqlite3.connect(path) as db:
            tables = [r[0] for r in db.execute("select name from sqlite_master where type='table'")]
            table = next(t for t in tables if "phase" in t)
            db.execute(f"update {table} set start = ? where id = 'ph-exp'", (value,))

    set_start("2028-Q1")
    assert load_plan(path).growth_phases[2].start == "2028-01"
    set_start("Sommer 2028")
    with pytest.raises(PlanFormatError) as e:
        load_plan(path)
    text = str(e.value)
    assert "start" in text and "'Sommer 2028' is not a month or a date" in text and "pattern" not in text, text


def test_the_stored_form_is_what_is_written(tmp_path):
    plan = plan_from_dict(content(2, tagged=True))
    gp.set_phase_start(plan, "ph-exp", "Juli 2028").apply(plan)
    out = tmp_path / "w.json"
    save_plan_json(plan, out)
    assert json.loads(out.read_text(encoding="utf-8"))["growth_phases"][2]["start"] == "2028-07"
