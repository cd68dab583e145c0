"""Racks of one layout share their cord spreading and U occupancy (kept by layout:
planner.engine.rules.rack_power.distribute, planner.engine.rules.space.occupancy): figures
are exactly those worked out rack by rack, and an edit of one rack of a shared layout
changes that rack's figures and leaves its twin's."""

from __future__ import annotations

import json

import pytest

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine, EngineSettings
from planner.model.edits import RemovePlacement, SetProperty
from planner.model.plan import PowerConnection
from tests.fixtures.incremental import reference_engine

CATALOG = load_catalog()
EDITED, TWIN = "rack-00001", "rack-00002"  # the two GPU racks of a 64-GPU plan: one layout


def _power(rr):
    """What the cord spreading decides for a rack, comparable across racks (placement ids
    by position)."""
    return (repr(sorted((pid, c.typical_w, c.max_w, c.fail_w, c.cords, c.outlets) for pid, c in rr.pdu_contrib.items())),
            repr(sorted(rr.cords.items())), repr(sorted(rr.device_power.items())), rr.findings)


def _canon(res, plan):
    return json.dumps(res.to_json(plan), sort_keys=True)


def test_racks_of_one_layout_share_it_and_match_the_rack_by_rack_figures():
    plan = synthetic_plan(64, CATALOG)
    engine = Engine(CATALOG)
    res = engine.compute(plan)
    assert len(engine._spread_memo) < len(res.racks)  # the two GPU racks share a layout
    assert len(engine._layout_memo) < len(res.racks)
    assert _canon(res, plan) == _canon(reference_engine(CATALOG, EngineSettings()).compute(plan), plan)
    # PDUs on no known feed: their sides are named after them; still the same figures
    bare = synthetic_plan(64, CATALOG)
    for p in bare.index.placements.values():
        p.feed = None
    assert _canon(Engine(CATALOG).compute(bare), bare) == _canon(
        reference_engine(CATALOG, EngineSettings()).compute(bare), bare)


@pytest.mark.parametrize("edit", [
    pytest.param(lambda: SetProperty("feed", "feed-00001a", "side", "B"), id="feed side"),
    pytest.param(lambda: SetProperty("placement", "pdu-00001b", "feed", "feed-00001a"), id="pdu feed"),
    pytest.param(lambda: SetProperty("placement", "srv-000001", "power", [
        PowerConnection(pdu="pdu-00001a", outlet=9), PowerConnection(pdu="pdu-00001b", outlet=9),
        PowerConnection(pdu="pdu-00001c", outlet=9), PowerConnection(pdu="pdu-00001d", outlet=9)]), id="pinned cords"),
    pytest.param(lambda: SetProperty("placement", "srv-000001", "power", []), id="cords spread"),
    pytest.param(lambda: SetProperty("placement", "srv-000002", "power", [
        PowerConnection(pdu="pdu-00002a", outlet=20)]), id="cord to another rack"),
    pytest.param(lambda: RemovePlacement("srv-000002"), id="server removed"),
    pytest.param(lambda: RemovePlacement("pdu-00001d"), id="pdu removed"),
    pytest.param(lambda: SetProperty("placement", "pdu-00001c", "feed", None), id="pdu on no feed"),
    pytest.param(lambda: SetProperty("placement", "mgmt-00001", "u", 40), id="switch moved down"),
    pytest.param(lambda: SetProperty("placement", "mgmt-00001", "u", 2), id="overlap"),
])
def test_an_edit_of_a_shared_layout_changes_that_rack_only(edit):
    plan = synthetic_plan(64, CATALOG)
    engine = Engine(CATALOG)
    before = engine.compute(plan)
    twin_before = before.racks[TWIN]
    step = edit()
    after = engine.update(plan, step.apply(plan))
    assert after.racks[TWIN] == twin_before
    assert after.racks[EDITED] != before.racks[EDITED]
    assert _canon(after, plan) == _canon(reference_engine(CATALOG, EngineSettings()).compute(plan), plan)
    back = engine.update(plan, step.revert(plan))  # and back: the layout kept is the rack's again
    assert back.racks[EDITED] == before.racks[EDITED]
    assert _canon(back, plan) == _canon(before, plan)
