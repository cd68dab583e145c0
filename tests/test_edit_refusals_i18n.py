"""A refused property edit or cooling loop says pydantic's problem in the app's language:
the English text is pydantic's own message, the German comes by the error's type."""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.files.documents import load_plan
from planner.gestures.cooling import new_loop
from planner.i18n import message_text
from planner.model.edits import EditRefused, SetProperty

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


def test_refused_property_edit_in_german_and_english():
    plan = load_plan(EXAMPLE)
    rack = plan.site.rooms[0].rows[0].racks[0]
    with pytest.raises(EditRefused) as info:
        SetProperty("rack", rack.id, "gap_before_m", -1.0).apply(plan)
    reason = info.value.reason
    assert str(reason) == "gap_before_m: Input should be greater than or equal to 0"
    de = message_text(reason, "de")
    assert de.startswith("gap_before_m: ") and "Input should" not in de and "0" in de
    assert rack.gap_before_m != -1.0  # nothing changed


def test_refused_cooling_loop_in_german_and_english():
    plan = load_plan(EXAMPLE)
    with pytest.raises(EditRefused) as info:
        new_loop(plan, kind="facility", name="CHW", capacity_kw=-5.0)
    reason = info.value.reason
    assert str(reason) == "capacity_kw: Input should be greater than 0"
    de = message_text(reason, "de")
    assert de.startswith("capacity_kw: ") and "Input should" not in de
