"""Power sources (UPS, panels) the feeds roll up to, and the cord assignments the engine
reports per device. Expected figures are worked out by hand from the fixture catalog:
the Dell XE9680 draws 8.5 kW typical and 11 kW maximum over 6 PSU cords."""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine, EngineSettings
from planner.model.edits import AddItem, RemoveItem, SetProperty
from planner.model.plan import PowerConnection, PowerSource
from tests.test_engine import make_plan

FIXTURE = Path(__file__).parent / "fixtures" / "engine_catalog"
XE_MAX, XE_TYP = 11_000.0, 8_500.0


@pytest.fixture(scope="module")
def cat():
    c = load_catalog([FIXTURE])
    assert not c.errors
    return c


def three_servers(sources, feed_upstream):
    """3 x XE9680 on PDUs pdu-0 (feed-0, side A) and pdu-1 (feed-1, side B), the feeds hanging
    off the given sources."""
    plan = make_plan([("dell-poweredge-xe9680", 2 + 6 * i) for i in range(3)])
    plan.power_sources.extend(sources)
    for f in plan.feeds:
        f.upstream = feed_upstream.get(f.id)
    plan.reindex()
    return plan


def source_codes(results, sid):
    return {f.code for f in results.sources[sid].findings}


def two_ups(cap_kw):
    return three_servers([PowerSource(id="ups-a", name="A", capacity_kw=cap_kw, side="A"),
                          PowerSource(id="ups-b", name="B", capacity_kw=cap_kw, side="B")],
                         {"feed-0": "ups-a", "feed-1": "ups-b"})


def test_2n_ups_pair_carries_half_normally_and_all_after_failover(cat):
    r = Engine(cat).compute(two_ups(40.0))
    a = r.sources["ups-a"]
    # 3 x 11 kW spread evenly over A and B: 16.5 kW per side; side B lost: all 33 kW on A
    assert a.load_w == pytest.approx(3 * XE_MAX / 2)
    assert a.max_w == pytest.approx(3 * XE_MAX / 2)
    assert a.typical_w == pytest.approx(3 * XE_TYP / 2)
    assert a.failover_w == pytest.approx(3 * XE_MAX)
    assert a.failover_side == "B"
    assert a.capacity_w == 40_000.0
    assert a.utilisation == pytest.approx(33.0 / 40.0)
    assert a.feeds == ("feed-0",) and a.sources == ()
    assert a.fail_w["A"] == 0.0  # its own side failed: it carries nothing
    assert not source_codes(r, "ups-a")  # 82.5 % < the 90 % warning


@pytest.mark.parametrize(("cap_kw", "code"), [
    (35.0, "POWER_SOURCE_HIGH"),  # 33 / 35 = 94 % > 90 %
    (30.0, "POWER_SOURCE_FAILOVER_OVERLOAD"),  # 33 > 30, but 16.5 normal fits
    (15.0, "POWER_SOURCE_OVER_CAPACITY"),  # 16.5 > 15 already in normal operation
])
def test_source_findings_by_capacity(cat, cap_kw, code):
    r = Engine(cat).compute(two_ups(cap_kw))
    assert source_codes(r, "ups-a") == {code}
    assert source_codes(r, "ups-b") == {code}
    sev = {"POWER_SOURCE_HIGH": "warning"}.get(code, "error")
    assert all(f.severity == sev for f in r.sources["ups-a"].findings)


def test_warn_fraction_comes_from_settings(cat):
    plan = two_ups(35.0)
    assert source_codes(Engine(cat, EngineSettings(feed_warn_fraction=0.95)).compute(plan), "ups-a") == set()


def test_one_source_under_both_sides_carries_the_survivors(cat):
    plan = three_servers([PowerSource(id="ups", name="UPS 1", capacity_kw=30.0)],
                         {"feed-0": "ups", "feed-1": "ups"})
    r = Engine(cat).compute(plan)
    u = r.sources["ups"]
    # both feeds on one UPS: 33 kW normally; with a side lost the other feed carries all 33 kW
    assert u.load_w == pytest.approx(3 * XE_MAX)
    assert u.fail_w["A"] == pytest.approx(3 * XE_MAX) and u.fail_w["B"] == pytest.approx(3 * XE_MAX)
    assert u.failover_w == pytest.approx(3 * XE_MAX)
    assert source_codes(r, "ups") == {"POWER_SOURCE_OVER_CAPACITY"}
    # "UPS 1" is not called "UPS UPS 1"
    assert r.sources["ups"].findings[0].message.startswith("UPS 1:")


def test_panels_roll_up_to_their_ups(cat):
    plan = three_servers([PowerSource(id="ups", name="Main", capacity_kw=100.0),
                          PowerSource(id="pa", name="PA", kind="panel", capacity_kw=25.0, side="A", upstream="ups"),
                          PowerSource(id="pb", name="PB", kind="panel", capacity_kw=40.0, side="B", upstream="ups")],
                         {"feed-0": "pa", "feed-1": "pb"})
    r = Engine(cat).compute(plan)
    ups, pa, pb = r.sources["ups"], r.sources["pa"], r.sources["pb"]
    assert pb.load_w == pytest.approx(3 * XE_MAX / 2)
    assert ups.sources == ("pa", "pb") and ups.feeds == ()
    assert ups.load_w == pytest.approx(3 * XE_MAX)
    assert ups.typical_w == pytest.approx(3 * XE_TYP)
    # side A lost: panel A dead, panel B carries everything; the UPS still 33 kW
    assert ups.fail_w["A"] == pytest.approx(3 * XE_MAX)
    assert pa.failover_w == pytest.approx(3 * XE_MAX) and pa.failover_side == "B"
    assert source_codes(r, "pa") == {"POWER_SOURCE_FAILOVER_OVERLOAD"}  # 33 > 25
    assert source_codes(r, "pb") == set()  # 33 / 40 = 82.5 %
    assert source_codes(r, "ups") == set()
    assert r.to_json(plan)["power_sources"][0]["sources"] == ["pa", "pb"]


def test_typical_load_basis(cat):
    r = Engine(cat, EngineSettings(load_basis="typical")).compute(two_ups(40.0))
    assert r.sources["ups-a"].load_w == pytest.approx(3 * XE_TYP / 2)
    assert r.sources["ups-a"].failover_w == pytest.approx(3 * XE_TYP)


def test_unused_source_is_info(cat):
    plan = three_servers([PowerSource(id="gen", name="G1", kind="generator", capacity_kw=500.0)], {})
    r = Engine(cat).compute(plan)
    assert source_codes(r, "gen") == {"POWER_SOURCE_UNUSED"}
    assert r.sources["gen"].load_w == 0.0
    assert r.findings_for("source", "gen")[0].severity == "info"


def test_source_edits_update_incrementally(cat):
    plan = two_ups(40.0)
    eng = Engine(cat)
    eng.compute(plan)

    def same():
        assert eng.results.to_json(plan) == Engine(cat).compute(plan).to_json(plan)

    edits = [AddItem(PowerSource(id="sw", name="SWB", kind="switchboard", capacity_kw=50.0)),
             SetProperty("source", "ups-a", "upstream", "sw"), SetProperty("source", "ups-b", "upstream", "sw"),
             SetProperty("feed", "feed-1", "upstream", "ups-a"), SetProperty("source", "ups-a", "capacity_kw", 20.0),
             SetProperty("feed", "feed-0", "side", "B"), SetProperty("source", "ups-b", "upstream", None),
             RemoveItem("source", "ups-b")]
    done = []
    for e in edits:
        eng.update(plan, e.apply(plan))
        done.append(e)
        same()
    sw = eng.results.sources["sw"]
    # both feeds on ups-a under the switchboard: 33 kW over 50 kW
    assert sw.load_w == pytest.approx(3 * XE_MAX) and sw.sources == ("ups-a",)
    assert "POWER_SOURCE_FAILOVER_OVERLOAD" in source_codes(eng.results, "ups-a") or \
        "POWER_SOURCE_OVER_CAPACITY" in source_codes(eng.results, "ups-a")
    while done:
        eng.update(plan, done.pop().revert(plan))
        same()
    assert set(eng.results.sources) == {"ups-a", "ups-b"}


# -- cords ---------------------------------------------------------------------------------------


def test_spread_cords_are_reported_per_device(cat):
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)]))
    cords = r.racks["r1"].cords["dev-0"]
    # 6 PSUs, alternating A, B; each PDU's three cords on its three phases (outlets 1-3:
    # the fixture PDU lists no feed legs, so outlets cycle L1, L2, L3)
    assert [c.pdu for c in cords] == ["pdu-0", "pdu-1"] * 3
    assert sorted(c.phase for c in cords if c.pdu == "pdu-0") == [0, 1, 2]
    for c in cords:
        assert c.phase == (c.outlet - 1) % 3
        assert not c.pinned
    assert len({(c.pdu, c.outlet) for c in cords}) == 6


def test_pinned_cords_keep_their_outlets(cat):
    power = [PowerConnection(pdu="pdu-0", outlet=5), PowerConnection(pdu="pdu-1", outlet=None)]
    r = Engine(cat).compute(make_plan([("test-storage", 2, power), ("dell-poweredge-xe9680", 10)]))
    cords = r.racks["r1"].cords["dev-0"]
    assert (cords[0].pdu, cords[0].outlet, cords[0].phase, cords[0].pinned) == ("pdu-0", 5, 1, True)
    assert cords[1].pdu == "pdu-1" and not cords[1].pinned and cords[1].outlet >= 1
    # the spread server never lands on the pinned outlet
    assert ("pdu-0", 5) not in {(c.pdu, c.outlet) for c in r.racks["r1"].cords["dev-1"]}
