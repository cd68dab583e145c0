"""A room's float sums are made from its rows' exact integer sums (planner.engine.core
``_exact_sums``; issue 30): the same bits as ``math.fsum`` over every rack of the room, for
any finite values, and a room whose racks hold a non-finite value falls back to fsum."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine
from planner.engine.core import _EXACT_ONE, _exact_sums
from planner.engine.results import SUM_FIELDS
from planner.model.edits import MovePlacement
from planner.model.placement import PlacementChecker


class _R:
    def __init__(self, v: float) -> None:
        for f in SUM_FIELDS:
            setattr(self, f, v)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.floats(allow_nan=False, allow_infinity=False, width=64), max_size=12), max_size=8))
def test_row_parts_add_up_to_fsum_of_all_bit_for_bit(rows):
    parts = [_exact_sums([_R(v) for v in row]) for row in rows]
    flat = [v for row in rows for v in row]
    try:
        want = math.fsum(flat)
    except OverflowError:
        return  # fsum cannot add these either
    got = sum(p["typical_w"] for p in parts if p is not None) / _EXACT_ONE
    assert got == want and math.copysign(1.0, got) == math.copysign(1.0, want)


def test_a_non_finite_value_is_not_summed_exactly():
    assert _exact_sums([_R(1.0), _R(math.inf)]) is None
    assert _exact_sums([_R(math.nan)]) is None


def test_room_sums_equal_fsum_over_its_racks_after_edits():
    catalog = load_catalog()
    plan = synthetic_plan(1024, catalog)
    engine = Engine(catalog)
    res = engine.compute(plan)
    checker = PlacementChecker(catalog)
    server = next(p for r in plan.racks() for p in r.placements if p.id.startswith("srv-"))
    dst = next(r for r in plan.racks() if r.id != plan.rack_of(server.id).id
               and checker.first_fit(plan, r.id, server.device))
    for _ in range(2):
        res = engine.update(plan, MovePlacement(server.id, dst.id, checker.first_fit(plan, dst.id, server.device))
                            .apply(plan))
        for room in plan.site.rooms:
            racks = [res.racks[rk.id] for row in room.rows for rk in row.racks]
            agg = res.rooms[room.id].agg
            for f in SUM_FIELDS:
                assert agg.sums[f] == math.fsum(getattr(r, f) for r in racks), f
        dst = next(r for r in plan.racks() if r.id != plan.rack_of(server.id).id
                   and checker.first_fit(plan, r.id, server.device))
