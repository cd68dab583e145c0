"""A PDU on no power feed (issue 31, "An unpowered PDU still counts"). On main a third PDU
in the example's rack R01, connected to no feed, doubled the rack's power capacity
(32.8 -> 65.6 kW) and took a third of its cords, whose 7.4 kW then sat on no feed: the feed
table understated the load and nothing said by how much. A PDU without a feed gives no
capacity; what is corded to it is the rack's unfed load, with a finding naming rack and PDU."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.model.edits import AddPlacement, SetProperty
from planner.model.placement import PlacementChecker
from planner.model.plan import Placement, PowerConnection

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"
PDU = "raritan-px3-415v-60a"


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def _with_unfed_pdu(cat, feed: str | None = None):
    plan = load_plan(EXAMPLE)
    AddPlacement("rack-1", Placement(id="pdu-1c", device=PDU, name="PDU R01-C", side="left", face="front", feed=feed),
                 PlacementChecker(cat)).apply(plan)
    return plan


def _unfed(res, rack_id: str):
    return [f for f in res.findings if f.code == "POWER_UNFED_LOAD" and f.message.startswith(res.racks[rack_id].name)]


def test_an_unfed_pdu_adds_no_capacity_and_its_load_is_shown_unfed(cat):
    before = Engine(cat).compute(load_plan(EXAMPLE))
    plan = _with_unfed_pdu(cat)
    res = Engine(cat).compute(plan)
    r = res.racks["rack-1"]
    assert r.power_capacity_w == pytest.approx(before.racks["rack-1"].power_capacity_w)  # 32.8 kW, not 65.6
    assert r.power_capacity_w == pytest.approx(32_777, abs=1)
    on_c = math.fsum(r.pdu_contrib["pdu-1c"].max_w)  # the example's load basis is max
    assert on_c > 5_000 and r.unfed_w == pytest.approx(on_c)
    [f] = _unfed(res, "rack-1")
    assert f.severity == "warning" and f.id == "pdu-1c"
    assert "R01" in f.message and "PDU R01-C" in f.message and f"{on_c / 1000:.1f} kW" in f.message
    # what the feeds carry plus what no feed carries is the whole load: nothing vanishes
    fed = math.fsum(fr.load_w for fr in res.feeds.values())
    total = math.fsum(rr.power_load_w for rr in res.racks.values())
    assert fed + res.totals.to_dict()["unfed_power_kw"] * 1000 == pytest.approx(total)
    assert res.racks["rack-1"].to_dict()["unfed_power_kw"] == pytest.approx(on_c / 1000)
    assert not _unfed(res, "rack-2") and res.racks["rack-2"].unfed_w == 0
    # a failover never counts on it: with side A lost, B carries all of R01 (main: B 11.1 kW,
    # the unfed PDU the rest)
    for fid, f in res.feeds.items():
        assert f.failover_w == pytest.approx(before.feeds[fid].failover_w), fid
    assert res.feeds["feed-1b"].failover_w == pytest.approx(r.power_load_w)
    # the check's feed table shows it on a line of its own
    from planner.engine.report import text_report

    line = next(ln for ln in text_report(res, plan).splitlines() if ln.strip().startswith("(no feed)"))
    assert f"{on_c / 1000:.1f}" in line


def test_a_feed_the_plan_does_not_have_is_no_feed(cat):
    res = Engine(cat).compute(_with_unfed_pdu(cat, feed="feed-9z"))
    r = res.racks["rack-1"]
    assert r.power_capacity_w == pytest.approx(32_777, abs=1) and r.unfed_w > 5_000 and _unfed(res, "rack-1")


def test_connecting_the_pdu_to_a_feed_takes_the_unfed_load_onto_it(cat):
    """Incrementally, as the Inspector's feed field does it: the finding goes, the load is on
    the feed, the capacity is the PDU's."""
    plan = _with_unfed_pdu(cat)
    eng = Engine(cat)
    eng.compute(plan)
    res = eng.update(plan, SetProperty("placement", "pdu-1c", "feed", "feed-1a").apply(plan))
    r = res.racks["rack-1"]
    assert r.unfed_w == 0 and not _unfed(res, "rack-1")
    assert res.feeds["feed-1a"].load_w == pytest.approx(2 * math.fsum(r.pdu_contrib["pdu-1a"].max_w))
    assert r.power_capacity_w == pytest.approx(32_777, abs=1)  # side A now has two PDUs; B still one is lost
    full = Engine(cat).compute(plan)
    assert full.racks["rack-1"] == r


def test_a_cord_from_another_rack_into_an_unfed_pdu_is_that_racks_unfed_load(cat):
    plan = _with_unfed_pdu(cat)
    SetProperty("placement", "gpu-3", "power", [PowerConnection(pdu="pdu-2a"), PowerConnection(pdu="pdu-1c")]).apply(plan)
    res = Engine(cat).compute(plan)
    r2 = res.racks["rack-2"]
    assert r2.unfed_w == pytest.approx(math.fsum(r2.pdu_contrib["pdu-1c"].max_w)) and r2.unfed_w > 0
    [f] = _unfed(res, "rack-2")
    assert "R02" in f.message and "PDU R01-C" in f.message
    # its only fed cord is on side A: single-corded in a redundant rack
    assert any(x.code == "POWER_SINGLE_CORDED" and x.id == "gpu-3" for x in res.findings)
