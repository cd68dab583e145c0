"""The power-chain gestures, headless: feeds and sources added and deleted (with what hangs
on them), A+B feeds for racks in one step, cords pinned to outlets; each undoes exactly."""

from __future__ import annotations

import pytest

from planner.engine import Engine
from planner.files.plan_io import plan_to_dict
from planner.gestures.power_edits import (
    ab_feeds_edit,
    add_feed_edit,
    add_source_edit,
    delete_feed_edit,
    delete_source_edit,
    phase_name,
    pin_cord_edit,
    spread_cords_edit,
)
from planner.model.edits import EditRefused
from planner.model.plan import Placement, PowerConnection, PowerFeed, PowerSource
from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan


@pytest.fixture()
def plan():
    return two_rack_plan()


def roundtrip(plan, edit):
    """Apply, check, revert: the plan is back as it was."""
    before = plan_to_dict(plan)
    edit.apply(plan)
    after = plan_to_dict(plan)
    edit.revert(plan)
    assert plan_to_dict(plan) == before
    edit.apply(plan)
    assert plan_to_dict(plan) == after


def test_add_feed_and_source_get_fresh_ids_and_names(plan):
    e = add_source_edit(plan, "ups", capacity_kw=250.0, side="A")
    e.apply(plan)
    ups = plan.power_sources[0]
    assert (ups.name, ups.kind, ups.capacity_kw, ups.side) == ("UPS 1", "ups", 250.0, "A")
    f = add_feed_edit(plan, side="B", upstream=ups.id)
    f.apply(plan)
    feed = plan.feeds[-1]
    assert feed.name == "Feed B1" and feed.upstream == ups.id and feed.id not in ("feed-a", "feed-b")
    g = add_feed_edit(plan, side="B")
    g.apply(plan)
    assert plan.feeds[-1].name == "Feed B2" and plan.feeds[-1].id != feed.id


def test_delete_feed_in_use_is_refused_with_the_pdus_or_disconnects_them(plan):
    with pytest.raises(EditRefused, match="pdu-a1"):
        delete_feed_edit(plan, "feed-a")
    e = delete_feed_edit(plan, "feed-a", disconnect=True)
    before = plan_to_dict(plan)
    e.apply(plan)
    assert plan.placement("pdu-a1").feed is None
    assert "feed-a" not in {f.id for f in plan.feeds}
    e.revert(plan)
    assert plan_to_dict(plan) == before
    # an unused feed goes without asking
    add_feed_edit(plan).apply(plan)
    delete_feed_edit(plan, plan.feeds[-1].id).apply(plan)
    assert len(plan.feeds) == 2


def test_delete_source_hangs_its_feeds_on_its_upstream(plan):
    add_source_edit(plan, "ups").apply(plan)
    add_source_edit(plan, "panel", upstream="ups-1").apply(plan)
    from planner.model.edits import SetProperty

    SetProperty("feed", "feed-a", "upstream", "panel-1").apply(plan)
    with pytest.raises(EditRefused, match="Feed A"):
        delete_source_edit(plan, "panel-1")
    with pytest.raises(EditRefused, match="Panel 1"):
        delete_source_edit(plan, "ups-1")
    roundtrip(plan, delete_source_edit(plan, "panel-1", detach=True))
    assert plan.feed("feed-a").upstream == "ups-1"


def test_ab_feeds_for_racks_in_one_step(plan):
    from planner.model.edits import AddPlacement

    cat = fixture_catalog()
    # R02 gets two PDUs on no feed, R01's are connected already
    AddPlacement("rack-2", Placement(id="p2l", device="vertiv-pdu-test", side="left", face="rear")).apply(plan)
    AddPlacement("rack-2", Placement(id="p2r", device="vertiv-pdu-test", side="right", face="rear")).apply(plan)
    plan.power_sources.append(PowerSource(id="ups-a", name="UPS A", side="A"))
    plan.reindex()
    e = ab_feeds_edit(plan, cat, ["rack-1", "rack-2"], upstream_a="ups-a")
    roundtrip(plan, e)
    names = {f.name: f for f in plan.feeds}
    assert {"R01 A", "R01 B", "R02 A", "R02 B"} <= set(names)
    assert names["R02 A"].side == "A" and names["R02 B"].side == "B"
    assert names["R02 A"].upstream == "ups-a" and names["R02 B"].upstream is None
    assert plan.placement("p2l").feed == names["R02 A"].id
    assert plan.placement("p2r").feed == names["R02 B"].id
    assert plan.placement("pdu-a1").feed == "feed-a"  # connected PDUs stay
    assert e.text == "Add A+B feeds for 2 racks"
    # again: names stay unique
    ab_feeds_edit(plan, cat, ["rack-2"]).apply(plan)
    assert "R02 A 2" in {f.name for f in plan.feeds}
    with pytest.raises(EditRefused):
        ab_feeds_edit(plan, cat, [])


def test_pin_cord_validates_and_keeps_the_other_cords(plan):
    cat = fixture_catalog()
    eng = Engine(cat)
    r = eng.compute(plan)
    spread = r.racks["rack-1"].cords["srv-1"]
    assert len(spread) >= 2 and not any(c.pinned for c in spread)
    from planner.gestures.power_edits import pdu_info

    outlets = pdu_info(cat, plan, "pdu-a1").outlets
    with pytest.raises(EditRefused, match=f"1 to {outlets}"):
        pin_cord_edit(plan, cat, r, "srv-1", 0, "pdu-a1", outlets + 1)
    with pytest.raises(EditRefused, match="not a PDU"):
        pin_cord_edit(plan, cat, r, "srv-1", 0, "srv-1", 1)
    with pytest.raises(EditRefused, match="no cord"):
        pin_cord_edit(plan, cat, r, "srv-1", len(spread), "pdu-a1", 1)
    # the cord on the same PDU as another of this device's cords: refused
    other = spread[2]  # spread A, B, A, ...: the third cord is on the first one's PDU
    assert other.pdu == spread[0].pdu
    with pytest.raises(EditRefused, match="already takes cord 3"):
        pin_cord_edit(plan, cat, r, "srv-1", 0, other.pdu, other.outlet)
    e = pin_cord_edit(plan, cat, r, "srv-1", 0, "pdu-a1", outlets)
    roundtrip(plan, e)
    power = plan.placement("srv-1").power
    assert power[0] == PowerConnection(pdu="pdu-a1", outlet=outlets)
    assert [(c.pdu, c.outlet) for c in power[1:]] == [(c.pdu, c.outlet) for c in spread[1:]]
    r = eng.compute(plan)
    cords = r.racks["rack-1"].cords["srv-1"]
    assert (cords[0].pdu, cords[0].outlet, cords[0].pinned) == ("pdu-a1", outlets, True)
    assert "POWER_OUTLET_CONFLICT" not in {f.code for f in r.findings}
    # another device may not take a pinned outlet
    from planner.model.edits import AddPlacement

    AddPlacement("rack-1", Placement(id="srv-2", device="dell-poweredge-xe9680", u=10)).apply(plan)
    r = eng.compute(plan)
    with pytest.raises(EditRefused, match="taken by gpu01"):
        pin_cord_edit(plan, cat, r, "srv-2", 0, "pdu-a1", outlets)
    # back to automatic
    roundtrip(plan, spread_cords_edit(plan, "srv-1"))
    assert plan.placement("srv-1").power == []
    with pytest.raises(EditRefused):
        spread_cords_edit(plan, "srv-1")


def test_phase_names():
    assert [phase_name("wye", 3, k) for k in range(3)] == ["L1", "L2", "L3"]
    assert phase_name("delta", 3, 2) == "L3-L1"
    assert phase_name("single", 1, 0) == "L"


def test_ab_feeds_are_sized_for_the_pdus_they_carry(plan):
    """A+B feeds for a rack of 60 A PDUs get 60 A breakers at the PDUs' voltage and phases
    (the model's default is 32 A: six feeds to retype by hand in the workshop)."""
    from planner.catalog import load_catalog
    from planner.model.edits import AddPlacement

    cat = load_catalog()
    pdu = cat.get("device-types", "raritan-px3-415v-60a").planning.pdu
    AddPlacement("rack-2", Placement(id="p2l", device="raritan-px3-415v-60a", side="left", face="rear")).apply(plan)
    AddPlacement("rack-2", Placement(id="p2r", device="raritan-px3-415v-60a", side="right", face="rear")).apply(plan)
    e = ab_feeds_edit(plan, cat, ["rack-2"])
    roundtrip(plan, e)
    fed = {f.side: f for f in plan.feeds if f.name.startswith("R02")}
    for side in "AB":
        assert (fed[side].breaker_a, fed[side].voltage_v, fed[side].phases) == (pdu.amps, pdu.voltage_v, pdu.phases)
    assert pdu.amps != PowerFeed.model_fields["breaker_a"].default  # the test would pass on defaults otherwise
    # the caller's own figures win
    more = ab_feeds_edit(plan, cat, ["rack-2"], breaker_a=40.0)
    more.apply(plan)
    assert {f.breaker_a for f in plan.feeds if f.name.startswith("R02 A ")} == {40.0}
