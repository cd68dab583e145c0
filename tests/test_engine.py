"""Engine figures pinned to published numbers and hand calculations, and the findings
each rule raises. Controlled scenarios use the small fixture catalog; figures that
come from vendor documents use the shipped catalog."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import CODES, Engine, EngineSettings, physics
from planner.model.edits import MovePlacement
from planner.model.plan import (
    CoolingChoice,
    CoolingLoop,
    Metadata,
    Placement,
    Plan,
    PowerConnection,
    PowerFeed,
    Rack,
    Room,
    Row,
    Site,
)

FIXTURE = Path(__file__).parent / "fixtures" / "engine_catalog"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "engine.md"


@pytest.fixture(scope="module")
def cat():
    c = load_catalog([FIXTURE])
    assert not c.errors
    return c


@pytest.fixture(scope="module")
def shipped():
    return load_catalog()


def make_plan(devices, *, pdus=(("test-pdu-3ph-80a", "A"), ("test-pdu-3ph-80a", "B")), cooling=None,
              rack_type="rack-48u-600x1200", feed_kw=None, loops=(), floor_limit=1500.0, metadata=None):
    """One rack. devices: (slug, u) or (slug, u, [PowerConnection...])."""
    feeds, placements = [], []
    for i, (slug, side) in enumerate(pdus):
        fid = f"feed-{i}"
        feeds.append(PowerFeed(id=fid, name=f"F{i}", side=side, breaker_a=80.0, **(feed_kw or {})))
        placements.append(Placement(id=f"pdu-{i}", device=slug, u=None, side="left" if i % 2 == 0 else "right",
                                    face="rear" if i < 2 else "front", feed=fid))
    for n, d in enumerate(devices):
        slug, u = d[0], d[1]
        power = d[2] if len(d) > 2 else []
        placements.append(Placement(id=f"dev-{n}", device=slug, u=u, power=power))
    rack = Rack(id="r1", name="R1", rack_type=rack_type, placements=placements, cooling=cooling)
    return Plan(metadata=metadata or Metadata(), feeds=feeds, cooling_loops=list(loops),
                site=Site(rooms=[Room(id="room", name="Hall", floor_load_limit_kg_per_m2=floor_limit,
                                      rows=[Row(id="row", name="Row", racks=[rack])])]))


def codes(results):
    return {f.code for f in results.findings}


# -- formulas against published figures --------------------------------------------------------


def test_heat_conversions_schneider_wp25():
    assert physics.btu_per_h(10_200) == pytest.approx(34_804, abs=1)  # DGX H100 max, 10.2 kW
    assert physics.refrigeration_tons(3516.85) == pytest.approx(1.0, rel=1e-4)
    assert physics.btu_per_h(3516.852842) == pytest.approx(12_000, rel=1e-6)


def test_airflow_rule_of_thumb():
    # CFM = 3.16 x W / dT(degF): 1 kW at 20 degF -> 158 CFM; metric 2.99 x W / dT(K)
    dt_k = 20 / 1.8
    assert physics.airflow_cfm(1000, dt_k) == pytest.approx(3.16 * 1000 / 20, rel=0.005)
    assert physics.airflow_m3_per_h(1000, dt_k) == pytest.approx(2.99 * 1000 / dt_k, rel=0.01)


def test_liquid_flow_water_and_pg25():
    # water ~14.3-14.4 x kW / dT; US rule GPM = BTU/h / (500 x dT degF)
    w = physics.liquid_flow_l_per_min(100_000, 10, "water")
    assert w == pytest.approx(144.2, rel=0.01)
    gpm = physics.btu_per_h(100_000) / (500 * 18)
    assert w == pytest.approx(gpm * 3.78541, rel=0.01)
    pg = physics.liquid_flow_l_per_min(100_000, 10, "pg25")
    assert pg == pytest.approx(150, rel=0.02)
    assert pg > w  # glycol carries less heat per litre
    with pytest.raises(ValueError):
        physics.liquid_flow_l_per_min(1000, 0)


def test_three_phase_currents_and_neutral():
    v = 415.0
    balanced = physics.wye_phase_currents((7200.0, 7200.0, 7200.0), v, 1.0)
    assert balanced[0] == pytest.approx(7200 / (415 / math.sqrt(3)))  # 30.05 A at 240 V
    assert physics.wye_neutral_current(*balanced) == pytest.approx(0.0, abs=1e-9)
    one = physics.wye_phase_currents((7200.0, 0.0, 0.0), v, 1.0)
    assert physics.wye_neutral_current(*one) == pytest.approx(one[0])
    assert physics.imbalance_percent(balanced) == 0.0
    assert physics.imbalance_percent(one) == pytest.approx(200.0)
    # delta: balanced branches -> line = sqrt(3) x branch; one branch -> two lines carry it
    d = physics.delta_line_currents((2080.0, 2080.0, 2080.0), 208.0, 1.0)
    assert d == pytest.approx((10 * math.sqrt(3),) * 3)
    d1 = physics.delta_line_currents((2080.0, 0.0, 0.0), 208.0, 1.0)
    assert d1 == pytest.approx((10.0, 10.0, 0.0), abs=1e-9)


def test_feed_capacity_and_nec_derating():
    full = physics.feed_capacity_w(415, 32, 3, 1.0, 1.0)
    assert full == pytest.approx(23_002, rel=1e-3)  # sqrt(3) x 415 x 32
    assert physics.feed_capacity_w(415, 32, 3, 1.0, 0.8) == pytest.approx(0.8 * full)
    assert physics.feed_capacity_w(230, 16, 1, 1.0, 1.0) == pytest.approx(3680)


# -- shipped catalog: vendor figures ----------------------------------------------------------------


def _need(catalog, *slugs):
    for s in slugs:
        if catalog.get("device-types", s) is None and catalog.get("rack-types", s) is None:
            pytest.skip(f"{s} not in the shipped catalog yet")


def test_8gpu_h100_server_at_full_load_is_10_to_12_kw(shipped):
    _need(shipped, "nvidia-dgx-h100", "dell-poweredge-xe9680")
    for slug in ("nvidia-dgx-h100", "dell-poweredge-xe9680"):
        plan = make_plan([(slug, 2)], pdus=(), rack_type="rack-48u-800x1200")
        r = Engine(shipped).compute(plan)
        assert 10_000 <= r.racks["r1"].max_w <= 12_000, slug
        assert r.totals.to_dict()["gpus"] == 8


def test_rack_of_eight_h100_servers_is_80_to_100_kw_and_flagged_on_air(shipped):
    _need(shipped, "dell-poweredge-xe9680", "rack-48u-800x1200")
    plan = make_plan([("dell-poweredge-xe9680", 1 + 6 * i) for i in range(8)], pdus=(),
                     rack_type="rack-48u-800x1200")
    r = Engine(shipped).compute(plan)
    rack = r.racks["r1"]
    assert 80_000 <= rack.max_w <= 100_000
    assert rack.u_free == 0 and rack.gpu_count == 64
    f = [f for f in r.findings if f.code == "COOLING_OVER_CAPACITY"]
    assert f and f[0].severity == "error" and "needs direct liquid cooling" in f[0].message
    assert f[0].where == {"kind": "rack", "id": "r1"}


# -- power -------------------------------------------------------------------------------------------


def test_2n_feed_failover(cat):
    # 3 x 11 kW on two 80 A feeds: 16.5 kW each normally, 33 kW each after the other side fails
    plan = make_plan([("dell-poweredge-xe9680", 2 + 6 * i) for i in range(3)])
    r = Engine(cat).compute(plan)
    a, b = r.feeds["feed-0"], r.feeds["feed-1"]
    assert a.max_w == pytest.approx(16_500) and b.max_w == pytest.approx(16_500)
    assert a.failover_w == pytest.approx(33_000) and a.failover_side == "B"
    assert a.utilisation == pytest.approx(33_000 / physics.feed_capacity_w(415, 80, 3, 0.95, 0.8))
    assert not codes(r) & {"POWER_FEED_OVERLOAD", "POWER_FEED_FAILOVER_OVERLOAD"}
    # a fourth server: 44 kW must fit on one feed after failover -> error, normal load still fine
    plan = make_plan([("dell-poweredge-xe9680", 2 + 6 * i) for i in range(4)])
    r = Engine(cat).compute(plan)
    assert "POWER_FEED_FAILOVER_OVERLOAD" in codes(r)
    assert "POWER_FEED_OVERLOAD" not in codes(r)


def test_derating_is_configurable_and_feed_can_override(cat):
    devices = [("dell-poweredge-xe9680", 2 + 6 * i) for i in range(4)]
    assert "POWER_FEED_FAILOVER_OVERLOAD" in codes(Engine(cat).compute(make_plan(devices)))
    # listed for 100 %: 57.5 kW capacity carries 44 kW
    r = Engine(cat, EngineSettings(continuous_derating=1.0)).compute(make_plan(devices))
    assert "POWER_FEED_FAILOVER_OVERLOAD" not in codes(r)
    r = Engine(cat).compute(make_plan(devices, feed_kw={"continuous_derating": 1.0}))
    assert "POWER_FEED_FAILOVER_OVERLOAD" not in codes(r)
    assert r.feeds["feed-0"].derating == 1.0
    with pytest.raises(ValueError):
        EngineSettings(continuous_derating=1.5)


def test_per_phase_currents_from_outlets(cat):
    # one server, 6 cords: outlets 1-3 on PDU A (phases A, B, C), 1-3 on PDU B
    cords = [PowerConnection(pdu=f"pdu-{c % 2}", outlet=c // 2 + 1) for c in range(6)]
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2, cords)]))
    pdu = r.pdus["pdu-0"]
    per_phase = 11_000 / 6
    expect = per_phase / (415 / math.sqrt(3) * 0.95)
    assert pdu.phase_a == pytest.approx((expect,) * 3)
    assert pdu.neutral_a == pytest.approx(0.0, abs=1e-9)
    assert pdu.imbalance_percent == pytest.approx(0.0, abs=1e-9)
    # failover: all 6 cords' load on PDU A alone, still balanced
    assert pdu.failover_phase_a == pytest.approx((2 * expect,) * 3)
    # all cords on phase A of each PDU (outlets 1, 4, 7): neutral = phase current
    cords = [PowerConnection(pdu=f"pdu-{c % 2}", outlet=1 + 3 * (c // 2)) for c in range(6)]
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2, cords)]))
    pdu = r.pdus["pdu-0"]
    assert pdu.phase_a[1] == pdu.phase_a[2] == 0.0
    assert pdu.neutral_a == pytest.approx(pdu.phase_a[0])
    assert "PDU_PHASE_IMBALANCE" in codes(r)


def test_delta_pdu_line_currents(cat):
    cords = [PowerConnection(pdu="pdu-0", outlet=k) for k in (1, 2, 3)]
    r = Engine(cat).compute(make_plan([("test-storage", 2, cords[:2])], pdus=(("test-pdu-delta-208", "A"),)))
    pdu = r.pdus["pdu-0"]
    branch = 1600 / 2 / (208 * 0.95)
    # load on branches AB and BC only: line B carries the phasor difference
    expect = physics.delta_line_currents((1600 / 2, 1600 / 2, 0.0), 208, 0.95)
    assert pdu.phase_a == pytest.approx(expect)
    assert pdu.phase_a[0] == pytest.approx(branch)
    assert pdu.neutral_a == 0.0


def test_cords_spread_when_not_connected(cat):
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)]))
    assert "POWER_CORDS_SPREAD" in codes(r)
    a, b = r.pdus["pdu-0"], r.pdus["pdu-1"]
    assert a.cords == b.cords == 3
    assert a.max_w == pytest.approx(5500) and b.max_w == pytest.approx(5500)
    assert a.imbalance_percent == pytest.approx(0.0, abs=1e-9)


def test_no_pdu_and_bad_outlets(cat):
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)], pdus=()))
    assert "POWER_NO_PDU" in codes(r)
    cords = [PowerConnection(pdu="pdu-0", outlet=99), PowerConnection(pdu="pdu-1", outlet=1)]
    cords2 = [PowerConnection(pdu="pdu-1", outlet=1)]
    r = Engine(cat).compute(make_plan([("test-storage", 2, cords), ("test-storage", 4, cords2)]))
    assert {"POWER_OUTLET_INVALID", "POWER_OUTLET_CONFLICT"} <= codes(r)
    single = [PowerConnection(pdu="pdu-0", outlet=1), PowerConnection(pdu="pdu-0", outlet=2)]
    r = Engine(cat).compute(make_plan([("test-storage", 2, single)]))
    assert "POWER_SINGLE_CORDED" in codes(r)


def test_phase_overload_on_small_pdu(cat):
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2 + 6 * i) for i in range(4)],
                                      pdus=(("test-pdu-3ph-32a", "A"), ("test-pdu-3ph-32a", "B"))))
    assert "PDU_PHASE_OVERLOAD" in codes(r)


# -- cooling -------------------------------------------------------------------------------------------


def test_direct_liquid_flow_residual_and_loop(cat):
    loop = CoolingLoop(id="L", name="L", cdu="test-cdu-600", cdu_count=2, coolant="water", delta_t_k=10)
    plan = make_plan([("test-liquid-8gpu", 2 + 4 * i) for i in range(4)],
                     cooling=CoolingChoice(method="direct-liquid", loop="L"), loops=[loop])
    r = Engine(cat).compute(plan)
    rack = r.racks["r1"]
    assert rack.liquid_heat_w == pytest.approx(0.8 * 40_000)
    assert rack.air_heat_w == pytest.approx(8_000)
    assert rack.liquid_flow_l_per_min == pytest.approx(physics.liquid_flow_l_per_min(32_000, 10))
    assert rack.airflow_cfm == pytest.approx(physics.airflow_cfm(8_000, 11.0))
    lp = r.loops["L"]
    assert lp.heat_w == pytest.approx(32_000) and lp.capacity_w == 1_200_000
    assert not codes(r) & {"COOLING_OVER_CAPACITY", "LOOP_OVER_CAPACITY", "COOLING_NO_LOOP"}
    # PG25 needs more flow for the same heat
    plan.cooling_loops[0].coolant = "pg25"
    r2 = Engine(cat).compute(plan)
    assert r2.racks["r1"].liquid_flow_l_per_min > rack.liquid_flow_l_per_min
    # liquid-cooled servers on air: error, and no loop at all: error
    r3 = Engine(cat).compute(make_plan([("test-liquid-8gpu", 2)]))
    assert "COOLING_LIQUID_DEVICE_ON_AIR" in codes(r3)
    r4 = Engine(cat).compute(make_plan([("test-liquid-8gpu", 2)], cooling=CoolingChoice(method="direct-liquid")))
    assert "COOLING_NO_LOOP" in codes(r4)


def test_loop_capacity_and_redundancy(cat):
    loop = CoolingLoop(id="L", name="L", cdu="test-cdu-600", cdu_count=1)
    devices = [("test-liquid-8gpu", 2 + 4 * i) for i in range(11)]
    plan = make_plan(devices, cooling=CoolingChoice(method="direct-liquid", loop="L"), loops=[loop],
                     pdus=(("test-pdu-3ph-80a", "A"), ("test-pdu-3ph-80a", "B")))
    r = Engine(cat, EngineSettings(direct_liquid_limit_kw=200)).compute(plan)
    assert r.loops["L"].heat_w == pytest.approx(88_000)
    assert "LOOP_OVER_CAPACITY" not in codes(r)
    plan.cooling_loops[0].cdu = "no-such-cdu"
    assert "LOOP_UNKNOWN_CDU" in codes(Engine(cat).compute(plan))


def test_rdhx_unit_capacity_and_assumed(cat):
    devices = [("dell-poweredge-xe9680", 2 + 6 * i) for i in range(4)]  # 44 kW
    door = CoolingChoice(method="rdhx", unit="test-rdhx-active-50")
    r = Engine(cat).compute(make_plan(devices, cooling=door))
    assert r.racks["r1"].cooling_capacity_w == 50_000
    assert not codes(r) & {"COOLING_OVER_CAPACITY", "COOLING_NEAR_CAPACITY"}  # 88 %
    r = Engine(cat, EngineSettings(cooling_warn_fraction=0.85)).compute(make_plan(devices, cooling=door))
    assert "COOLING_OVER_CAPACITY" not in codes(r) and "COOLING_NEAR_CAPACITY" in codes(r)
    r = Engine(cat).compute(make_plan(devices, cooling=CoolingChoice(method="rdhx")))
    assert {"COOLING_UNIT_ASSUMED", "COOLING_OVER_CAPACITY"} <= codes(r)


def test_air_limits_are_configurable(cat):
    devices = [("dell-poweredge-xe9680", 2 + 6 * i) for i in range(2)]  # 22 kW
    assert "COOLING_OVER_CAPACITY" not in codes(Engine(cat).compute(make_plan(devices)))
    assert "COOLING_OVER_CAPACITY" in codes(Engine(cat, EngineSettings(air_limit_kw=20)).compute(make_plan(devices)))


# -- space and weight ---------------------------------------------------------------------------------


def test_u_used_free_and_largest_block(cat):
    # 6U at U1-6, 6U at U20-25; 1U rear half-depth switch at U48
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 1), ("dell-poweredge-xe9680", 20),
                                       ("test-mgmt-switch", 48)]))
    rack = r.racks["r1"]
    assert rack.u_used == 13 and rack.u_free == 35
    assert rack.largest_free_block_u == 22  # U26-47
    plan = make_plan([("dell-poweredge-xe9680", 1), ("dell-poweredge-xe9680", 4)])
    assert "PLACEMENT_OVERLAP" in codes(Engine(cat).compute(plan))
    assert "PLACEMENT_OUT_OF_RACK" in codes(Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 45)])))


def test_mass_and_floor_load(cat):
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2 + 6 * i) for i in range(4)]))
    rack = r.racks["r1"]
    expect = 160 + 4 * 107 + 2 * 18
    assert rack.mass_kg == pytest.approx(expect)
    assert rack.floor_load_kg_per_m2 == pytest.approx(expect / (0.6 * 1.2))
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2 + 6 * i) for i in range(4)], floor_limit=500))
    f = [f for f in r.findings if f.code == "FLOOR_OVERLOAD"]
    assert f and f[0].severity == "error"
    heavy = make_plan([("dell-poweredge-xe9680", 1 + 6 * i) for i in range(8)] * 2)  # overlapping, 16 x 107 kg
    assert "RACK_OVERWEIGHT" in codes(Engine(cat).compute(heavy))


# -- compute, balance, cost, unknowns ------------------------------------------------------------------


def test_gpu_totals(cat):
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2), ("nvidia-dgx-h100", 10)]))
    t = r.totals.to_dict()
    assert t["gpus"] == 16 and t["gpus_by_model"] == {"h100-sxm": 16}
    assert t["gpu_memory_gb"] == 16 * 80
    assert t["bf16_pflops_dense"] == pytest.approx(16 * 989 / 1000)
    assert t["gpu_memory_bandwidth_tb_per_s"] == pytest.approx(16 * 3.35)
    assert t["cpu_cores"] == 224 and t["ram_gb"] == 4096


def test_balance_checks(cat):
    plan = make_plan([("test-liquid-8gpu", 2)])
    r = Engine(cat).compute(plan)
    assert "BALANCE_NO_STORAGE" in codes(r)
    assert "BALANCE_CPU_CORES" not in codes(r)  # 64 cores / 8 GPUs = 8
    r = Engine(cat, EngineSettings(min_cpu_cores_per_gpu=10, min_ram_to_gpu_memory=4,
                                   min_compute_gbps_per_gpu=800)).compute(plan)
    assert {"BALANCE_CPU_CORES", "BALANCE_RAM"} <= codes(r)
    two = make_plan([("test-liquid-8gpu", 2), ("test-liquid-8gpu", 20)])
    assert "BALANCE_NETWORK" in codes(Engine(cat, EngineSettings(min_compute_gbps_per_gpu=800)).compute(two))
    f = next(f for f in r.findings if f.code == "BALANCE_CPU_CORES")
    assert f.where == {"kind": "device-type", "id": "test-liquid-8gpu"}
    # one GPU server talks to no other: no compute-fabric balance finding for it
    one = Engine(cat, EngineSettings(min_compute_gbps_per_gpu=800)).compute(plan)
    assert "BALANCE_NETWORK" not in codes(one)
    r = Engine(cat).compute(make_plan([("test-liquid-8gpu", 2), ("test-storage", 20)]))
    assert "BALANCE_STORAGE" not in codes(r)  # 40 GB/s for 8 GPUs
    r = Engine(cat, EngineSettings(min_storage_gb_per_s_per_gpu=10)).compute(
        make_plan([("test-liquid-8gpu", 2), ("test-storage", 20)]))
    assert "BALANCE_STORAGE" in codes(r)


def test_cost_bom_and_missing_prices(cat):
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2), ("nvidia-dgx-h100", 10)]))
    lines = {(b.table, b.slug): b for b in r.bom}
    assert lines[("device-types", "dell-poweredge-xe9680")].quantity == 1
    assert lines[("device-types", "test-pdu-3ph-80a")].quantity == 2
    assert r.totals.capex == pytest.approx(300_000 + 2 * 3_500 + 2_500)
    assert not r.totals.capex_complete and "COST_NO_PRICE" in codes(r)  # the DGX has no price
    t = r.totals.to_dict()
    assert t["cost_usd"] == r.totals.capex
    # energy: typical IT x PUE x 8760 h x price
    typ = 8500 + 8500
    assert t["energy_mwh_per_year"] == pytest.approx(typ * 1.3 * 8760 / 1e6)
    assert t[f"opex_per_year_{'usd'}"] == pytest.approx(typ * 1.3 * 8760 / 1000 * 0.12)
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)], metadata=Metadata(currency="EUR")))
    assert "PRICE_NO_EXCHANGE_RATE" in codes(r) and r.totals.capex == 0 and "cost_eur" in r.totals.to_dict()
    f = next(f for f in r.findings if f.code == "PRICE_NO_EXCHANGE_RATE")
    assert "USD" in f.message and "EUR" in f.message
    assert not r.totals.capex_complete and r.totals.unconverted == ("USD",)


def test_prices_in_another_currency_convert_at_the_plans_rate(cat):
    usd = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)]))
    assert usd.totals.capex_complete
    eur = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)],
                                        metadata=Metadata(currency="EUR", exchange_rates={"USD": 0.92})))
    assert eur.totals.capex_complete and "PRICE_NO_EXCHANGE_RATE" not in codes(eur)
    # every line converts at the rate: the sum of the catalog prices x quantity x 0.92
    expect = sum(cat_price * q * 0.92 for cat_price, q in ((b.unit_price, b.quantity) for b in eur.bom))
    assert eur.totals.capex == pytest.approx(expect)
    assert eur.totals.capex == pytest.approx(usd.totals.capex * 0.92)
    assert all(b.rate == 0.92 and b.extended_plan == pytest.approx(b.extended * 0.92) for b in eur.bom)
    assert eur.totals.to_dict()["cost_eur"] == eur.totals.capex
    # a rate for another currency does not help USD prices
    gbp = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)],
                                        metadata=Metadata(currency="EUR", exchange_rates={"GBP": 1.17})))
    assert "PRICE_NO_EXCHANGE_RATE" in codes(gbp) and gbp.totals.capex == 0


def test_opex_uses_utilisation(cat):
    full = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)]))
    part = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)], metadata=Metadata(utilisation=0.6)))
    typ = full.totals.agg.sums["typical_w"]
    assert part.totals.energy_kwh_per_year == pytest.approx(typ / 1000 * 1.3 * 8760 * 0.6)
    assert part.totals.opex_per_year == pytest.approx(full.totals.opex_per_year * 0.6)
    assert part.totals.to_dict()["utilisation"] == 0.6


def test_unknown_hardware_is_a_finding_not_a_crash(cat):
    plan = make_plan([("mystery-box-9000", 3), ("dell-poweredge-xe9680", 10)], rack_type="odd-rack")
    r = Engine(cat).compute(plan)
    assert {"UNKNOWN_DEVICE", "UNKNOWN_RACK_TYPE"} <= codes(r)
    assert r.racks["r1"].u_used == 6 + 1  # the unknown box still takes its U
    assert r.totals.gpus == 8


def test_stranded_capacity(cat):
    # one 11 kW server on 32 A PDUs: 40 U free but headroom < 11 kW -> stranded space
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2), ("dell-poweredge-xe9680", 8)],
                                      pdus=(("test-pdu-3ph-32a", "A"), ("test-pdu-3ph-32a", "B"))))
    assert "STRANDED_SPACE" in codes(r)
    # full rack on big liquid limits: power left but no U -> stranded power
    loop = CoolingLoop(id="L", name="L", cdu="test-cdu-600", cdu_count=2)
    devices = [("test-liquid-8gpu", 1 + 4 * i) for i in range(2)] + [("test-storage", 9 + 2 * i) for i in range(20)]
    plan = make_plan(devices, cooling=CoolingChoice(method="direct-liquid", loop="L"), loops=[loop],
                     pdus=(("test-pdu-3ph-80a", "A"), ("test-pdu-3ph-80a", "B"), ("test-pdu-3ph-80a", "A"),
                           ("test-pdu-3ph-80a", "B")))
    r = Engine(cat, EngineSettings(residual_air_limit_kw=100)).compute(plan)
    assert r.racks["r1"].largest_free_block_u == 0
    assert "STRANDED_POWER" in codes(r)


def test_incremental_move_matches_full(cat):
    plan = make_plan([("dell-poweredge-xe9680", 2), ("nvidia-dgx-h100", 10)])
    e = Engine(cat)
    e.compute(plan)
    r = e.update(plan, MovePlacement("dev-0", "r1", 30).apply(plan))
    assert r.to_json(plan) == Engine(cat).compute(plan).to_json(plan)


# -- findings catalogue ----------------------------------------------------------------------------------


def test_every_code_is_documented():
    text = DOCS.read_text(encoding="utf-8")
    missing = [c for c in CODES if f"`{c}`" not in text]
    assert not missing, f"codes not in docs/engine.md: {missing}"


def test_findings_have_where_and_known_codes(cat):
    r = Engine(cat).compute(make_plan([("mystery-box-9000", 3), ("dell-poweredge-xe9680", 10)] * 1))
    for f in r.findings:
        assert f.code in CODES and f.severity == CODES[f.code][0]
        assert f.message and f.where["kind"]


def test_spread_cords_balance_the_phases(shipped):
    """Unconnected cords go to the least-loaded phase of their PDU, as an installer would
    balance them: a 2.7 kW appliance and three 0.9 kW servers (two cords each) on a pair
    of three-phase PDUs put the big cord alone on one phase instead of stacking a small one
    on top of it (taking outlets in order would load one phase with 1,800 W)."""
    _need(shipped, "raritan-px3-415v-60a", "ddn-ai400x2", "dell-poweredge-r660")
    pdus = (("raritan-px3-415v-60a", "A"), ("raritan-px3-415v-60a", "B"))
    devices = [("ddn-ai400x2", 2)] + [("dell-poweredge-r660", 10 + i) for i in range(3)]
    r = Engine(shipped, EngineSettings(load_basis="max")).compute(make_plan(devices, pdus=pdus))
    big = shipped.device("ddn-ai400x2").max_power_w / 2
    small = shipped.device("dell-poweredge-r660").max_power_w / 2
    for pid in ("pdu-0", "pdu-1"):
        phases = sorted(r.pdus[pid].phase_w)
        assert phases == pytest.approx(sorted([big, 2 * small, small]))


def test_direct_liquid_rack_without_liquid_devices_is_flagged(cat):
    loop = CoolingLoop(id="L", name="L", cdu="test-cdu-600", cdu_count=2)
    dlc = CoolingChoice(method="direct-liquid", loop="L")
    r = Engine(cat).compute(make_plan([("dell-poweredge-xe9680", 2)], cooling=dlc, loops=[loop]))
    assert "COOLING_NO_LIQUID_DEVICES" in codes(r)
    assert r.racks["r1"].liquid_heat_w == 0
    r = Engine(cat).compute(make_plan([("test-liquid-8gpu", 2)], cooling=dlc, loops=[loop]))
    assert "COOLING_NO_LIQUID_DEVICES" not in codes(r)


def test_findings_call_an_unnamed_device_by_its_model_never_its_id():
    """Issue #11: a device never shows its internal id as its name (plans made elsewhere
    may carry unnamed devices; the app names every device it adds)."""
    import copy

    from planner.catalog import load_catalog
    from planner.files.documents import load_plan

    shipped = load_catalog()
    # a finding about one device: the storage appliance on PSUs too small for it (the shipped
    # catalog gives the AI400X2 no PSU rating; a copy of the catalog gets one of 1200 W)
    ddn = shipped.device("ddn-ai400x2").model_copy(deep=True)
    ddn.planning.power.psu_rating_w = 1200.0
    cat = copy.copy(shipped)
    cat.tables = {**shipped.tables, "device-types": {**shipped.tables["device-types"], "ddn-ai400x2": ddn}}
    plan = load_plan(Path(__file__).resolve().parents[1] / "examples" / "xe9680-h100-pod.json")
    for p in plan.index.placements.values():
        p.name = ""
    findings = Engine(cat).compute(plan).findings
    psu = [f for f in findings if f.code == "PSU_OVERLOAD"]
    assert psu, "the storage appliance overloads a PSU"
    for f in findings:
        for pid in plan.index.placements:
            assert not re.search(rf"(?<![\w-]){re.escape(pid)}(?![\w-])", f.message), (pid, f.message)
    assert "AI400X2" in psu[0].message


def test_no_storage_finding_counts_in_the_right_plural():
    """Issue 32 walk-through: the one-L40S template read "1 GPUs but no storage system"."""
    from planner.base.findings import finding_text
    from planner.design.templates import build_template
    from planner.i18n import use_language

    shipped = load_catalog()
    r = Engine(shipped).compute(build_template("inference-small-enterprise", shipped))
    f = next(f for f in r.findings if f.code == "BALANCE_NO_STORAGE")
    assert r.totals.gpus == 1 and str(f.message) == "1 GPU but no storage system in the plan"
    with use_language("de"):
        assert finding_text(f) == "1 GPU, aber kein Speichersystem im Plan"


def test_unwired_ports_count_in_the_right_plural():
    """Issue 32 walk-through (a pilot's findings): "Management (1 GbE): 1 management ports on
    1 devices are not wired"."""
    from planner.base.findings import finding_text
    from planner.files.documents import load_plan
    from planner.i18n import use_language

    shipped = load_catalog()
    plan = load_plan(Path(__file__).resolve().parents[1] / "examples" / "xe9680-h100-pod.json")
    mgmt = next(lk for lk in plan.links if lk.fabric == "fab-mgmt")
    plan.links = [lk for lk in plan.links if lk.id != mgmt.id]
    (f,) = [f for f in Engine(shipped).compute(plan).findings if f.code == "FABRIC_UNCONNECTED_PORTS"]
    assert str(f.message) == "Management (1 GbE): 1 management port on 1 device is not wired"
    with use_language("de"):
        # the role and the port one German word ("management-Port" put the role code before "-Port")
        assert finding_text(f) == "Management (1 GbE): 1 Management-Port an 1 Gerät ist nicht verkabelt"


def test_equipment_without_a_weight_is_named_as_the_catalog_names_it():
    """Issue 32 walk-through: "R03: 1 x ddn-ai400x2 have no weight" in the findings of the
    build plan (a slug, and the plural for one)."""
    from planner.base.findings import finding_text
    from planner.files.documents import load_plan
    from planner.i18n import use_language

    shipped = load_catalog()
    plan = load_plan(Path(__file__).resolve().parents[1] / "examples" / "xe9680-h100-pod.json")
    (f,) = [f for f in Engine(shipped).compute(plan).findings if f.code == "NO_MASS_DATA"]
    dev = shipped.device("ddn-ai400x2")
    name = f"{dev.manufacturer} {dev.model}"
    assert str(f.message) == f"R03: 1 x {name} has no weight (counted as 0 kg)"
    with use_language("de"):
        assert finding_text(f) == f"R03: 1 × {name} ohne Gewicht (gezählt als 0 kg)"
