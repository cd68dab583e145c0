"""Feed names follow rack renames when they were made from them (issue 31): plan-for and the
templates name a rack's feeds after it ("NVL72-1 A1"); renaming the rack in the Inspector or
with Rename Selection renamed the rack only, so the feed table and the PDF kept the old
name. A feed named otherwise, or powering PDUs of two racks, keeps its name. One undo step."""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.files.documents import load_plan
from planner.gestures.builders import rename_edit, set_name_edit

GB200 = Path(__file__).resolve().parent.parent / "examples" / "gb200-nvl72.json"


def _feeds_of(plan, rack_name):
    rack = next(r for room in plan.site.rooms for row in room.rows for r in row.racks if r.name == rack_name)
    ids = {p.feed for p in rack.placements if p.feed}
    return rack, sorted(f.name for f in plan.feeds if f.id in ids)


def test_a_rack_rename_renames_its_feeds_and_undoes_in_one_step():
    plan = load_plan(GB200)
    rack, before = _feeds_of(plan, "NVL72-1")
    assert before and all(n.startswith("NVL72-1 ") for n in before)
    others = sorted(f.name for f in plan.feeds if f.name not in before)
    edit = set_name_edit(plan, "rack", rack.id, "Halle2-R07")
    edit.apply(plan)
    _, after = _feeds_of(plan, "Halle2-R07")
    assert after == sorted("Halle2-R07 " + n[len("NVL72-1 "):] for n in before)
    assert sorted(f.name for f in plan.feeds if f.name not in after) == others  # the other racks' feeds kept
    edit.revert(plan)
    assert _feeds_of(plan, "NVL72-1")[1] == before


def test_rename_selection_swapping_two_racks_swaps_their_feeds():
    plan = load_plan(GB200)
    _, one = _feeds_of(plan, "NVL72-1")
    _, two = _feeds_of(plan, "NVL72-2")
    r1 = next(r for room in plan.site.rooms for row in room.rows for r in row.racks if r.name == "NVL72-1")
    r2 = next(r for room in plan.site.rooms for row in room.rows for r in row.racks if r.name == "NVL72-2")
    edit = rename_edit(plan, [("rack", r2.id), ("rack", r1.id)], "NVL72-{n}")
    assert edit is not None
    edit.apply(plan)
    assert plan.rack(r2.id).name == "NVL72-1" and plan.rack(r1.id).name == "NVL72-2"
    assert _feeds_of(plan, "NVL72-1")[1] == one and _feeds_of(plan, "NVL72-2")[1] == two  # names moved with the racks
    assert len({f.name for f in plan.feeds}) == len(plan.feeds)


@pytest.mark.parametrize("example", ["xe9680-h100-pod.json"])
def test_feeds_named_otherwise_keep_their_names(example):
    plan = load_plan(GB200.parent / example)
    names = [f.name for f in plan.feeds]
    rack = next(r for room in plan.site.rooms for row in room.rows for r in row.racks)
    set_name_edit(plan, "rack", rack.id, "Z99").apply(plan)
    assert [f.name for f in plan.feeds] == names  # "Feed A1" was not made from the rack's name


def test_the_inspector_renames_a_rack_with_its_feeds(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from planner.catalog import load_catalog
    from ui.document import Document
    from ui.panels.inspector import Inspector

    doc = Document(load_plan(GB200), load_catalog())
    ins = Inspector(doc)
    qtbot.addWidget(ins)
    ins.show()
    rack, before = _feeds_of(doc.plan, "NVL72-1")
    doc.select([("rack", rack.id)])
    field = ins.fields["name"]
    field.selectAll()
    QTest.keyClicks(field, "R07")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert doc.plan.rack(rack.id).name == "R07"
    assert _feeds_of(doc.plan, "R07")[1] == sorted("R07 " + n[len("NVL72-1 "):] for n in before)
    doc.undo_stack.undo()
    assert _feeds_of(doc.plan, "NVL72-1")[1] == before
