"""Busbar racks (GB200 NVL72, ORv3): power shelves feed a DC busbar; trays without AC
inlets draw from it; the shelves share the busbar load, take it / efficiency from their
AC cords, and fail over as a group when a feed side is lost (docs/engine.md "Busbar")."""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import CODES, Engine
from planner.model.edits import AddPlacement, RemovePlacement
from planner.model.plan import Metadata, Placement, Plan, PowerConnection, PowerFeed, Rack, Room, Row, Site

FIX = Path(__file__).parent / "fixtures"
SHELF_OUT_W = 15_000.0  # test-busbar-shelf: 3 x 5 kW, N+1 -> 10 kW usable
SHELF_USABLE_W = 10_000.0
EFF = 0.96
TRAY_MAX_W, TRAY_TYP_W = 4800.0, 4000.0


@pytest.fixture(scope="module")
def cat():
    c = load_catalog([FIX / "engine_catalog", FIX / "engine_busbar"])
    assert not c.errors
    return c


def busbar_plan(trays: int, *, shelves=(("A", 0), ("B", 1)), extra=()) -> Plan:
    """One rack: PDU pdu-0 on side A, pdu-1 on side B; shelf k corded (3 PSUs, outlets
    3k+1..3k+3) to the PDU given; ``trays`` DC trays with no cords; ``extra`` further placements."""
    feeds = [PowerFeed(id=f"feed-{i}", name=f"F{i}", side=s, breaker_a=80.0) for i, s in enumerate("AB")]
    pl = [Placement(id=f"pdu-{i}", device="test-pdu-3ph-80a", u=None, side="left" if i == 0 else "right",
                    face="rear", feed=f"feed-{i}") for i in range(2)]
    for k, (_side, pdu) in enumerate(shelves):
        first = 1 + 3 * k
        pl.append(Placement(id=f"shelf-{k}", device="test-busbar-shelf", u=1 + k,
                            power=[PowerConnection(pdu=f"pdu-{pdu}", outlet=o) for o in range(first, first + 3)]))
    for t in range(trays):
        pl.append(Placement(id=f"tray-{t}", device="test-dc-tray", u=10 + t))
    pl.extend(extra)
    rack = Rack(id="r1", name="R1", rack_type="rack-48u-600x1200", placements=pl)
    return Plan(metadata=Metadata(), feeds=feeds,
                site=Site(rooms=[Room(id="room", name="Hall", rows=[Row(id="row", name="Row", racks=[rack])])]))


def codes(res, rid="r1"):
    return [f.code for f in res.racks[rid].findings]


def test_trays_draw_from_the_busbar_and_shelves_take_it_over_efficiency(cat):
    res = Engine(cat).compute(busbar_plan(3))
    r = res.racks["r1"]
    bus_max, bus_typ = 3 * TRAY_MAX_W, 3 * TRAY_TYP_W
    # the wall sees the busbar load divided by the shelves' efficiency, nothing else
    assert r.max_w == pytest.approx(bus_max / EFF)
    assert r.typical_w == pytest.approx(bus_typ / EFF)
    assert r.heat_w == pytest.approx(bus_max / EFF)  # conversion losses are heat too
    assert r.nameplate_w == pytest.approx(2 * 3 * 5000)
    # two equal shelves share it: each PDU carries one shelf, its three PSU cords on three phases
    for pid in ("pdu-0", "pdu-1"):
        p = res.pdus[pid]
        assert p.max_w == pytest.approx(bus_max / 2 / EFF)
        assert p.cords == 3
        assert p.phase_w[0] == pytest.approx(p.phase_w[1]) == pytest.approx(p.phase_w[2])
    # side B lost: the shelf on A carries the whole busbar
    assert res.pdus["pdu-0"].fail_w["B"] == pytest.approx(bus_max / EFF)
    assert res.pdus["pdu-1"].fail_w["A"] == pytest.approx(bus_max / EFF)
    found = codes(res)
    for code in ("NO_POWER_DATA", "POWER_CORDS_SPREAD", "POWER_SINGLE_CORDED", "POWER_NO_PDU", "BUSBAR_OVERLOAD",
                 "BUSBAR_HIGH", "BUSBAR_FAILOVER_OVERLOAD"):
        assert code not in found, found


def test_without_shelves_dc_trays_are_corded_to_pdus_as_before(cat):
    res = Engine(cat).compute(busbar_plan(3, shelves=()))
    r = res.racks["r1"]
    assert r.max_w == pytest.approx(3 * TRAY_MAX_W)
    assert "POWER_CORDS_SPREAD" in codes(res)
    assert res.pdus["pdu-0"].cords + res.pdus["pdu-1"].cords > 0


def test_ac_devices_and_explicit_cords_stay_on_the_pdus(cat):
    extra = [Placement(id="sw-ac", device="test-ac-switch", u=40),
             Placement(id="tray-corded", device="test-dc-tray", u=41,
                       power=[PowerConnection(pdu="pdu-1", outlet=20)])]
    res = Engine(cat).compute(busbar_plan(2, extra=extra))
    r = res.racks["r1"]
    bus = 2 * TRAY_MAX_W
    assert r.max_w == pytest.approx(bus / EFF + 400 + TRAY_MAX_W)
    # the AC switch's two cords were spread (A and B); the corded tray sits on pdu-1 alone
    assert "POWER_CORDS_SPREAD" in codes(res)
    assert res.pdus["pdu-1"].max_w == pytest.approx(bus / 2 / EFF + 200 + TRAY_MAX_W)
    assert res.pdus["pdu-0"].max_w == pytest.approx(bus / 2 / EFF + 200)


def test_busbar_findings_against_shelf_capacity_and_redundancy(cat):
    # 4 trays = 19.2 kW: under the 20 kW usable (N+1 in each shelf) but above 90 % of it,
    # and more than the 15 kW one shelf gives when the other side fails
    res = Engine(cat).compute(busbar_plan(4))
    found = codes(res)
    assert "BUSBAR_HIGH" in found and "BUSBAR_OVERLOAD" not in found
    assert found.count("BUSBAR_FAILOVER_OVERLOAD") == 2  # either side
    # 5 trays = 24 kW: above the usable 20 kW although below the 30 kW of all PSUs
    res = Engine(cat).compute(busbar_plan(5))
    assert "BUSBAR_OVERLOAD" in codes(res)
    msg = next(f.message for f in res.racks["r1"].findings if f.code == "BUSBAR_OVERLOAD")
    assert "redundant PSUs" in msg and "24.0 kW" in msg
    # four shelves, two per side: 2 x 15 kW per side carries 24 kW, 4 x 10 kW usable too
    res = Engine(cat).compute(busbar_plan(5, shelves=(("A", 0), ("B", 1), ("A", 0), ("B", 1))))
    assert not [c for c in codes(res) if c.startswith("BUSBAR_")]
    # all shelves on side A of an A/B rack: losing A leaves nothing for the busbar
    res = Engine(cat).compute(busbar_plan(2, shelves=(("A", 0), ("A", 0))))
    msgs = [f.message for f in res.racks["r1"].findings if f.code == "BUSBAR_FAILOVER_OVERLOAD"]
    assert len(msgs) == 1 and "side A" in msgs[0] and "0 of 2" in msgs[0]
    assert all(CODES[c][0] == "error" for c in ("BUSBAR_OVERLOAD", "BUSBAR_FAILOVER_OVERLOAD"))


def test_busbar_incremental_equals_full(cat):
    plan = busbar_plan(3)
    eng = Engine(cat)
    eng.compute(plan)
    for edit in (AddPlacement("r1", Placement(id="tray-new", device="test-dc-tray", u=30)),
                 RemovePlacement("shelf-1"),
                 AddPlacement("r1", Placement(id="shelf-new", device="test-busbar-shelf", u=31,
                                              power=[PowerConnection(pdu="pdu-1", outlet=10)]))):
        inc = eng.update(plan, edit.apply(plan))
        full = Engine(cat).compute(plan)
        assert inc.racks["r1"].max_w == full.racks["r1"].max_w
        assert {k: (p.max_w, p.fail_w) for k, p in inc.pdus.items()} == \
            {k: (p.max_w, p.fail_w) for k, p in full.pdus.items()}
        assert sorted(f.code for f in inc.findings) == sorted(f.code for f in full.findings)
    # shelf-1 (B) replaced by shelf-new (B): the two shelves share the four trays again
    r = eng.results.racks["r1"]
    assert r.max_w == pytest.approx(4 * TRAY_MAX_W / EFF)
    assert eng.results.pdus["pdu-1"].max_w == pytest.approx(4 * TRAY_MAX_W / EFF / 2)
