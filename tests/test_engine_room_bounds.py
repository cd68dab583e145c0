"""RACK_OUTSIDE_ROOM: racks whose floor-plan footprint (planner.model.geometry) reaches past their
room's walls are a build error, and the finding follows every edit that moves them."""

from __future__ import annotations

import json

import pytest

from planner.base.findings import finding_text
from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine
from planner.gestures.builders import duplicate_rack_edit
from planner.model.edits import AddRack, SetProperty
from planner.model.geometry import room_overhang_m, row_footprints
from planner.model.plan import Rack, Row

CAT = load_catalog()


def _outside(results) -> dict[str, float]:
    return {f.id: dict(f.params)["over"] for f in results.findings if f.code == "RACK_OUTSIDE_ROOM"}


def _full(plan):
    return Engine(CAT).compute(plan)


def _same(a, plan) -> None:
    assert json.dumps(a.to_json(plan), sort_keys=True) == json.dumps(_full(plan).to_json(plan), sort_keys=True)


@pytest.fixture
def setup():
    plan = synthetic_plan(64, CAT)
    engine = Engine(CAT)
    return plan, engine, engine.compute(plan)


def test_a_plan_that_fits_has_none(setup):
    _plan, _engine, res = setup
    assert _outside(res) == {}


def test_a_narrower_room_flags_the_racks_past_its_wall_by_their_overhang(setup):
    plan, engine, _ = setup
    room = plan.site.rooms[0]
    res = engine.update(plan, SetProperty("room", room.id, "width_m", 4.0).apply(plan))
    got = _outside(res)
    want = {}
    for row in room.rows:
        for fp in row_footprints(row, CAT):
            x0, y0, x1, y1 = fp.bounds
            over = max(-x0, -y0, x1 - 4.0, y1 - room.depth_m)
            if over > 1e-9:
                want[fp.rack_id] = over
    assert want and got == pytest.approx(want)
    f = next(f for f in res.findings if f.code == "RACK_OUTSIDE_ROOM")
    assert f.severity == "error" and f.kind == "rack" and f.id in plan.index.racks
    assert f in res.findings_for("rack", f.id)  # the rack's own findings: jump-to and the rack sheet
    assert res.has_errors
    de = finding_text(f, "de")
    assert "ragt" in de and "4,00" in de and "reaches" not in de
    _same(res, plan)


def test_one_rack_pushed_along_moves_the_racks_after_it_out(setup):
    """A gap before the first rack of a row moves every rack after it: those racks are not in
    the edit's Change, yet their finding comes and goes with it (and with its undo)."""
    plan, engine, before = setup
    room = plan.site.rooms[0]
    row = room.rows[0]
    first = sorted(row.racks, key=lambda r: r.position)[0]
    last = sorted(row.racks, key=lambda r: r.position)[-1]
    edit = SetProperty("rack", first.id, "gap_before_m", room.width_m)
    res = engine.update(plan, edit.apply(plan))
    out = _outside(res)
    assert last.id in out and out[last.id] == pytest.approx(
        room_overhang_m(next(fp for fp in row_footprints(row, CAT) if fp.rack_id == last.id),
                        room.width_m, room.depth_m))
    _same(res, plan)
    res = engine.update(plan, edit.revert(plan))
    assert _outside(res) == {}
    _same(res, plan)
    assert res.racks[last.id].findings == before.racks[last.id].findings


def _expected(plan) -> dict[str, float]:
    return {fp.rack_id: o for room in plan.site.rooms for row in room.rows for fp in row_footprints(row, CAT)
            if (o := room_overhang_m(fp, room.width_m, room.depth_m))}


def test_a_turned_row_uses_the_rotated_footprints(setup):
    plan, engine, _ = setup
    room = plan.site.rooms[0]
    row = room.rows[0]
    engine.update(plan, SetProperty("row", row.id, "x_m", 0.5).apply(plan))
    res = engine.update(plan, SetProperty("row", row.id, "orientation_deg", 90).apply(plan))
    # turned clockwise about its start, the row runs down the room's depth and its racks'
    # depth (1.2 m) points to -x: past the left wall from x = 0.5 m
    assert {fp.rack_id for fp in row_footprints(row, CAT)} <= set(_outside(res))
    assert _outside(res) == pytest.approx(_expected(plan))
    _same(res, plan)
    res = engine.update(plan, SetProperty("row", row.id, "orientation_deg", 0).apply(plan))
    assert _outside(res) == {}
    _same(res, plan)


def test_duplicated_and_added_racks_run_off_the_floor(setup):
    plan, engine, _ = setup
    rack_id = plan.site.rooms[0].rows[0].racks[-1].id
    res = engine.update(plan, duplicate_rack_edit(plan, rack_id, 20, CAT).apply(plan))
    assert len(_outside(res)) >= 3 and _outside(res) == pytest.approx(_expected(plan))
    _same(res, plan)
    # a new row with 4 racks at x = 1.2 m in a 2 m wide room (the walk-through's case)
    room = plan.site.rooms[0]
    engine.update(plan, SetProperty("room", room.id, "width_m", 2.0).apply(plan))
    from planner.model.edits import AddRow

    row = Row(id="row-new", name="new", x_m=1.2, y_m=0.0, racks=[])
    res = engine.update(plan, AddRow(room.id, row).apply(plan))
    for k in range(4):
        res = engine.update(plan, AddRack("row-new", Rack(id=f"rk-n{k}", name=f"N{k}",
                                                          rack_type="rack-48u-600x1200")).apply(plan))
    # the first (1.2 .. 1.8 m) still fits; the next three run off the floor
    assert "rk-n0" not in _outside(res) and {f"rk-n{k}" for k in range(1, 4)} <= set(_outside(res))
    assert _outside(res) == pytest.approx(_expected(plan))
    _same(res, plan)
