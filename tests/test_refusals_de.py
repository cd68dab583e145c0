"""Refusal reasons in German (issue 13): every reason a refused edit gives (``EditRefused``
and the placement checker's) is a ``Message`` whose ``str`` stays the English text while
``message_text(reason, "de")`` is German. Provoked through the real edits on the fixture plan."""

from __future__ import annotations

import re

import pytest

from planner.engine import Engine
from planner.fabric.wiring import connect_edit
from planner.gestures import cooling
from planner.gestures.builders import nudge_edit
from planner.gestures.power_edits import delete_feed_edit, pin_cord_edit
from planner.i18n import Message, error_text, message_text
from planner.model.edits import AddPlacement, EditRefused, RemoveRoom
from planner.model.placement import PlacementChecker
from planner.model.plan import CoolingChoice, CoolingLoop, Placement
from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan

# technical words both languages use as they are (docs/glossary-de.md), and unit symbols
SHARED = {"pdu", "pdus", "rack", "racks", "port", "ports", "fabric", "id", "gb", "mm", "u", "capacity_kw", "name"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß_][A-Za-zÄÖÜäöüß_0-9\-]*", text)}


def _param_words(message: Message) -> set[str]:
    """Words of the names and ids filled into a reason (R01, gpu01, 'feed-a'), nested ones too."""
    out: set[str] = set()
    for _k, v in message.params:
        if isinstance(v, Message):
            out |= _param_words(v)
        else:
            out |= _words(str(v))
    return out


def assert_german(reason: str, *, english: str) -> str:
    """``reason`` keeps ``english`` as its text and reads in German with no English word left
    (beyond the names in it and the shared technical words)."""
    assert isinstance(reason, Message), f"not translatable: {reason!r}"
    assert str(reason) == english
    de = message_text(reason, "de")
    assert de != english
    left = (_words(de) & _words(english)) - _param_words(reason) - SHARED
    assert not left, f"English left in {de!r}: {sorted(left)}"
    assert message_text(reason, "en") == english
    return de


def refusal(edit_or_call, plan=None) -> EditRefused:
    with pytest.raises(EditRefused) as info:
        if plan is None:
            edit_or_call()
        else:
            edit_or_call.apply(plan)
    return info.value


@pytest.fixture
def plan():
    return two_rack_plan()


def test_placement_reasons_are_german(plan):
    cat = fixture_catalog()
    checker = PlacementChecker(cat)
    # srv-1 (gpu01, an XE9680) covers U1-U6 of R01
    e = refusal(AddPlacement("rack-1", Placement(id="new", device="dell-poweredge-r760", u=3), checker), plan)
    de = assert_german(e.reason, english=str(e))
    assert "HE 3" in de and "R01" in de and "gpu01" in de and "belegt" in de
    assert "U3 on the front of R01 is taken by gpu01" in str(e)  # the English text is unchanged
    below = Placement(id="new", device="dell-poweredge-r760", u=1).model_copy(update={"u": 0})  # as a drag makes it
    e = refusal(AddPlacement("rack-2", below, checker), plan)
    assert str(e) == "U0 is below the bottom of R02: the lowest unit is U1"
    assert_german(e.reason, english=str(e))
    e = refusal(AddPlacement("rack-2", Placement(id="new", device="dell-poweredge-xe9680", u=46), checker), plan)
    assert "beyond the top of R02" in str(e)
    assert "HE" in assert_german(e.reason, english=str(e))
    e = refusal(lambda: nudge_edit(plan, checker, ["srv-1"], -1))  # already at U1
    assert_german(e.reason, english=str(e))


def test_wiring_a_used_port_is_refused_in_german(plan):
    cat = fixture_catalog()
    plan.rack("rack-2").placements.append(Placement(id="srv-2", device="dell-poweredge-xe9680", u=1, name="gpu02"))
    plan.reindex()
    connect_edit(plan, cat, ("srv-1", "compute0"), ("srv-2", "compute0")).apply(plan)
    e = refusal(lambda: connect_edit(plan, cat, ("srv-1", "compute0"), ("srv-2", "compute1")).apply(plan))
    de = assert_german(e.reason, english=str(e))
    assert "already used by link" in str(e) and "Verbindung" in de
    e = refusal(lambda: connect_edit(plan, cat, ("srv-1", "compute2"), ("srv-1", "compute3")))
    assert_german(e.reason, english="a cable cannot connect a device to itself")


def test_removing_a_room_with_content_is_refused_in_german(plan):
    e = refusal(RemoveRoom("room-1"), plan)
    de = assert_german(e.reason, english=str(e))
    assert "'Hall 1'" in de and "Reihe" in de and "Rack" in de  # the nested "{n} racks" too


def test_power_refusals_are_german(plan):
    cat = fixture_catalog()
    e = refusal(lambda: delete_feed_edit(plan, "feed-a"))
    de = assert_german(e.reason, english=str(e))
    assert "Einspeisung" in de and "pdu-a1" in de
    results = Engine(cat).compute(plan)
    e = refusal(lambda: pin_cord_edit(plan, cat, results, "srv-1", 0, "pdu-a1", 10_000))
    de = assert_german(e.reason, english=str(e))
    assert "Steckplatz" in de and "10.000" in de  # the language's number format too
    assert "10000" in str(e)


def test_cooling_refusals_are_german(plan):
    plan.cooling_loops.append(CoolingLoop(id="cdu", name="CDU-1", kind="in-row", capacity_kw=100))
    plan.rack("rack-1").cooling = CoolingChoice(method="direct-liquid", loop="cdu")
    plan.index.rows["row-1"].cooling = CoolingChoice(method="direct-liquid", loop="cdu")
    plan.reindex()
    e = refusal(cooling.remove_loop_edit(plan, "cdu"), plan)
    assert str(e) == "CDU-1 is used by R01, row Row A; unassign them to delete it"
    de = assert_german(e.reason, english=str(e))
    assert "Reihe Row A" in de  # the nested "row {name}" is German inside the list
    e = refusal(lambda: cooling.new_loop(plan, "facility", name="CHW"))
    de = assert_german(e.reason, english=str(e))
    assert de.startswith("capacity_kw: ")  # the field stays named for the form


def test_error_text_translates_what_the_app_catches(plan):
    """The app shows ``error_text(e)``: the German reason, where ``str(e)`` is English."""
    from planner.i18n import use_language

    e = refusal(RemoveRoom("room-1"), plan)
    with use_language("de"):
        assert error_text(e) == message_text(e.reason, "de") != str(e)
    with use_language("en"):
        assert error_text(e) == str(e)
    assert error_text(ValueError("plain")) == "plain"  # any other error as it is
