"""Power figures the generator and the engine must agree on (issue 25): a breakout lane's
optics are its share of the one module its cage holds (not a module per lane), the
generator spreads cords on the engine's own per-device draw (optics included), and an
imbalance exactly at the warning limit is not "above" it."""

from __future__ import annotations

import math

import pytest

from planner.catalog import load_catalog
from planner.design import generate as gen
from planner.design.model import BuildDesign, FabricChoice
from planner.engine import Engine, physics
from planner.model.plan import Endpoint, Fabric, Link, Metadata, Placement, Plan, Rack, Room, Row, Site

AOC = "aoc-400g-qsfp112"  # one 400G active optical cable end per link end, catalog power_w


@pytest.fixture(scope="module")
def cat():
    c = load_catalog()
    assert not c.errors, c.errors
    return c


def _split_plan(lanes: tuple[str, ...]) -> Plan:
    """One rack: a QM9700 and one DGX H100 per lane, each DGX's 200G storage port to a lane
    of the switch's 400G port ib1 (or to the whole ports named), on 400G AOCs."""
    pl = [Placement(id="sw", device="nvidia-quantum-2-qm9700", u=40)]
    links = []
    for k, port in enumerate(lanes):
        pl.append(Placement(id=f"dgx-{k}", device="nvidia-dgx-h100", u=1 + 8 * k))
        links.append(Link(id=f"lk-{k}", fabric="fab-st", a=Endpoint(placement=f"dgx-{k}", port="storage0"),
                          b=Endpoint(placement="sw", port=port), cable=AOC, length_m=2.0))
    rack = Rack(id="r1", name="R1", rack_type="rack-48u-600x1200", placements=pl)
    return Plan(metadata=Metadata(), links=links,
                fabrics=[Fabric(id="fab-st", name="Storage", kind="storage", technology="infiniband",
                                speed_gbps=200.0)],
                site=Site(rooms=[Room(id="room", name="Hall", rows=[Row(id="row", name="Row", racks=[rack])])]))


def test_a_split_cage_holds_one_module_for_its_lanes(cat):
    module_w = cat.cables[AOC].power_w
    assert module_w > 0
    # two DGX on the two 200G lanes of one 400G port: one module at the switch, one at each DGX
    res = Engine(cat).compute(_split_plan(("ib1s0", "ib1s1")))
    rack = res.racks["r1"]
    sw_max = cat.device("nvidia-quantum-2-qm9700").max_power_w
    dgx_max = cat.device("nvidia-dgx-h100").max_power_w
    assert rack.device_power["sw"].max_w == pytest.approx(sw_max + module_w)
    for k in range(2):
        assert rack.device_power[f"dgx-{k}"].max_w == pytest.approx(dgx_max + module_w)
    assert rack.optics_power_w == pytest.approx(3 * module_w)
    assert res.fabrics["fab-st"].optics_power_w == pytest.approx(3 * module_w)
    # two DGX on two whole ports (each link alone in its cage): a module per port at the switch
    whole = Engine(cat).compute(_split_plan(("ib1", "ib2")))
    assert whole.racks["r1"].device_power["sw"].max_w == pytest.approx(sw_max + 2 * module_w)
    assert whole.fabrics["fab-st"].optics_power_w == pytest.approx(4 * module_w)


def test_the_generator_spreads_cords_on_the_engines_draw(cat):
    """The loads the generator balanced are the ones the engine checks: each device's maximum
    draw with its links' media as the engine counts them."""
    design = BuildDesign(server="supermicro-sys-421ge-tnhr2-lcc", servers=8, cooling="dlc", region="eu",
                         compute=FabricChoice(kind="compute", technology="infiniband", speed_gbps=400.0,
                                              rail_optimised=True))
    plan = gen.generate_plan(design, cat)
    res = Engine(cat).compute(plan)
    optics = gen._optics_w(plan, cat)
    specs = gen._specs(cat)
    n = 0
    for rack in plan.racks():
        for p in rack.placements:
            sp = specs.device(p.device)
            if sp.pdu is not None or not sp.cords:
                continue
            n += 1
            assert sp.max_w + optics.get(p.id, 0.0) == pytest.approx(res.racks[rack.id].device_power[p.id].max_w), p.id
    assert n
    # and with the same loads, phases the generator balanced are balanced to the engine: no
    # PDU_PHASE_IMBALANCE (eight 10 kW nodes per rack: 6, 6, 3 and 1 cords on four 63 A PDUs a side)
    assert [f.message for f in res.findings if f.code == "PDU_PHASE_IMBALANCE"] == []
    assert "PDU_PHASE_IMBALANCE" not in plan.metadata.notes


def test_an_imbalance_exactly_at_the_limit_is_not_above_it():
    # ten equal switch cords on one three-phase PDU: 4/3/3, (4 - 10/3) / (10/3) = 20 % exactly
    v_ln, pf = 415 / math.sqrt(3), 0.95
    currents = tuple(w / (v_ln * pf) for w in (4 * 780.0, 3 * 780.0, 3 * 780.0))
    assert physics.imbalance_percent(currents) == 20.0
    assert physics.imbalance_percent((13.0, 10.0, 10.0)) == pytest.approx(200 / 11)
    assert physics.imbalance_percent((0.0, 0.0, 0.0)) == 0.0


def _generator_count(cat, plan, rack) -> int:
    """The generator's count of imbalanced PDUs (generate._imbalanced_count, what a plan's
    notes name) for the cords ``rack`` has now."""
    specs = gen._specs(cat)
    pdus = sorted((p for p in rack.placements if specs.device(p.device).pdu is not None), key=lambda p: p.id)
    if not pdus:
        return 0
    model = gen._pdu_model(cat, pdus[0].device)
    index = {p.id: k for k, p in enumerate(pdus)}
    by_side: dict[str, list[int]] = {}
    for p in pdus:
        by_side.setdefault(plan.feed(p.feed).side, []).append(index[p.id])
    optics = gen._optics_w(plan, cat)
    loads, cords = [], []
    for p in rack.placements:
        sp = specs.device(p.device)
        if sp.pdu is None and p.power:
            loads.append((p.id, sp.max_w + optics.get(p.id, 0.0), len(p.power)))
            cords.append([(index[c.pdu], c.outlet) for c in p.power])
    return gen._imbalanced_count(loads, cords, [by_side[s] for s in sorted(by_side)], model)


def test_the_generators_count_of_imbalanced_pdus_is_the_engines(cat):
    """Rack by rack, as built and with one PDU pair's cords crowded onto one phase."""
    from planner.design.templates import build_template

    plan = build_template("training-cluster", cat, region="eu")
    engine = Engine(cat)

    def engine_count(res, rack) -> int:
        ids = {p.id for p in rack.placements}
        return sum(1 for f in res.findings if f.code == "PDU_PHASE_IMBALANCE" and f.id in ids)

    res = engine.compute(plan)
    for rack in plan.racks():
        assert _generator_count(cat, plan, rack) == engine_count(res, rack) == 0, rack.name
    # every cord of the first PDU pair on that PDU's first phase (free outlets of it, in order)
    rack = next(r for r in plan.racks() if any(p.power for p in r.placements))
    specs = gen._specs(cat)
    first = sorted(p.id for p in rack.placements if specs.device(p.device).pdu is not None)[:2]
    for pid in first:
        info = specs.device(plan.placement(pid).device).pdu
        phase0 = [o for o in range(1, info.outlets + 1) if info.phase_of(o) == 0]
        used = [c for p in rack.placements for c in p.power if c.pdu == pid]
        assert 1 < len(used) <= len(phase0)
        for c, o in zip(used, phase0, strict=False):
            c.outlet = o
    res = engine.compute(plan)
    got = engine_count(res, rack)
    assert got == 2
    assert _generator_count(cat, plan, rack) == got
