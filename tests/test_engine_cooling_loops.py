"""Facility and in-row cooling loops in the engine, against hand-computed figures:
design capacity and flow, catalog CDUs, flow derived from capacity and delta-T, rear
doors' heat on a facility chilled-water loop, and the cooling gestures of
planner.gestures.cooling (one edit each, refused with a reason where they must be)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.gestures import cooling
from planner.model.edits import EditRefused, SetProperty
from planner.model.plan import (
    CoolingChoice,
    CoolingLoop,
    Placement,
    Plan,
    PowerFeed,
    Rack,
    Room,
    Row,
    Site,
)

FIXTURE = Path(__file__).parent / "fixtures" / "engine_catalog"
XE = "dell-poweredge-xe9680"  # fixture: max 11,000 W, air-cooled
LIQ = "test-liquid-8gpu"  # fixture: max 10,000 W, 80 % of it to liquid
# water at 30 C (NIST WebBook): rho 0.9957 kg/L, cp 4.178 kJ/(kg K); Q = kW x 60 / (rho cp dT)
WATER = 0.9957 * 4.178


@pytest.fixture(scope="module")
def cat():
    c = load_catalog([FIXTURE])
    assert not c.errors
    return c


def rack(rid: str, devices: list[str], cooling_choice: CoolingChoice | None) -> Rack:
    placements = [Placement(id=f"{rid}-pdu-a", device="test-pdu-3ph-80a", side="left", face="rear", feed="fa"),
                  Placement(id=f"{rid}-pdu-b", device="test-pdu-3ph-80a", side="right", face="rear", feed="fb")]
    placements += [Placement(id=f"{rid}-d{n}", device=d, u=1 + 8 * n) for n, d in enumerate(devices)]
    return Rack(id=rid, name=rid.upper(), rack_type="rack-48u-600x1200", placements=placements,
                cooling=cooling_choice)


def plan_of(racks: list[Rack], loops: list[CoolingLoop], row_cooling: CoolingChoice | None = None) -> Plan:
    return Plan(feeds=[PowerFeed(id="fa", name="A", side="A", breaker_a=125.0),
                       PowerFeed(id="fb", name="B", side="B", breaker_a=125.0)],
                cooling_loops=loops,
                site=Site(rooms=[Room(id="room", name="Hall", floor_load_limit_kg_per_m2=5000,
                                      rows=[Row(id="row", name="A", racks=racks, cooling=row_cooling)])]))


def codes(findings) -> set[str]:
    return {f.code for f in findings}


def test_facility_loop_carries_two_rear_doors_heat(cat):
    """A 100 kW chilled-water loop at 18/24 C with two rear-door racks of 22 kW each
    (2 x XE9680 at 11 kW max): 44 kW on the loop; flow at 6 K = 44 x 60 / (rho cp 6)."""
    door = CoolingChoice(method="rdhx", unit="test-rdhx-active-50", loop="chw")
    loop = CoolingLoop(id="chw", name="CHW", kind="facility", capacity_kw=100, supply_temp_c=18, delta_t_k=6)
    plan = plan_of([rack("r1", [XE, XE], door), rack("r2", [XE, XE], door)], [loop])
    res = Engine(cat).compute(plan)
    lr = res.loops["chw"]
    assert lr.heat_w == pytest.approx(44_000)
    assert lr.racks == 2
    assert lr.capacity_w == pytest.approx(100_000) and lr.capacity_basis == "design"
    assert lr.capacity_n_minus_1_w == pytest.approx(100_000)  # no CDUs to lose
    assert lr.flow_l_per_min == pytest.approx(44 * 60 / (WATER * 6))  # ~105.7 L/min
    # rated flow derived from the capacity at the loop's delta-T: 100 x 60 / (rho cp 6) ~ 240.4 L/min
    assert lr.flow_basis == "derived"
    assert lr.rated_flow_l_per_min == pytest.approx(100 * 60 / (WATER * 6))
    assert lr.return_temp_c == 24.0 and lr.kind == "facility" and lr.cdu is None
    assert lr.utilisation == pytest.approx(0.44)
    assert not codes(lr.findings)
    assert lr.level == "ok"  # 44 kW x 1.1 = 48.4 kW, below the 90 % warning fraction of 100 kW
    rr = res.racks["r1"]
    # the door's heat goes to the loop's water: it is the rack's heat to liquid (issue 31: it was
    # 0, so the Totals said "0.0 kW to liquid" beside a 44 kW loop); the servers' fans still
    # move the air of all 22 kW through the door, none of it reaches the room
    assert rr.loop == "chw" and rr.loop_heat_w == pytest.approx(22_000) and rr.liquid_heat_w == pytest.approx(22_000)
    assert rr.air_heat_w == pytest.approx(0) and rr.liquid_flow_l_per_min == pytest.approx(rr.loop_flow_l_per_min)
    assert rr.airflow_m3_per_h == pytest.approx(Engine(cat).compute(plan_of([rack("r1", [XE, XE], None)], []))
                                               .racks["r1"].airflow_m3_per_h)
    # no CDU in the bill of materials for building water
    assert not [b for b in res.bom if b.table == "cooling" and b.slug != "test-rdhx-active-50"]
    # check --json lists it
    doc = res.to_json(plan, cat)
    entry = doc["cooling_loops"][0]
    assert entry["name"] == "CHW" and entry["capacity_kw"] == pytest.approx(100)
    assert entry["load_kw"] == pytest.approx(44) and entry["flow_l_per_min"] == pytest.approx(lr.flow_l_per_min)


def test_rear_door_puts_at_most_its_capacity_on_the_loop(cat):
    """Four XE9680 (44 kW) behind a 35 kW default door (no unit chosen): the door takes
    35 kW into the water, the rest is the rack's cooling overload."""
    door = CoolingChoice(method="rdhx", loop="chw")
    loop = CoolingLoop(id="chw", name="CHW", kind="facility", capacity_kw=30, delta_t_k=6)
    res = Engine(cat).compute(plan_of([rack("r1", [XE, XE, XE, XE], door)], [loop]))
    assert res.racks["r1"].loop_heat_w == pytest.approx(35_000)
    assert "COOLING_OVER_CAPACITY" in codes(res.racks["r1"].findings)
    # 35 kW x 1.1 margin > 30 kW design capacity
    assert "LOOP_OVER_CAPACITY" in codes(res.loops["chw"].findings) and res.loops["chw"].level == "over"


def test_rear_door_without_a_loop_works_as_before(cat):
    res = Engine(cat).compute(plan_of([rack("r1", [XE, XE], CoolingChoice(method="rdhx"))], []))
    rr = res.racks["r1"]
    assert rr.loop is None and rr.loop_heat_w == 0 and rr.cooling_capacity_w == pytest.approx(35_000)
    assert "COOLING_NO_LOOP" not in codes(rr.findings)
    assert rr.liquid_heat_w == 0 and rr.air_heat_w == pytest.approx(22_000)  # its water is not in the plan


def test_totals_liquid_heat_is_what_the_loops_carry(cat):
    """Issue 31: with racks on a chilled-water loop, `check` listed the loop's load while the
    Totals said 0.0 kW to liquid. Two rear-door racks (2 x 22 kW) and a direct-liquid rack
    (2 x 10 kW x 0.8) on two loops: 60 kW to liquid = both loops' load, the rest of the heat
    to air, and the liquid flow is the loops' flow."""
    door = CoolingChoice(method="rdhx", loop="chw")
    plan = plan_of([rack("r1", [XE, XE], door), rack("r2", [XE, XE], door),
                    rack("r3", [LIQ, LIQ], CoolingChoice(method="direct-liquid", loop="cdu")),
                    rack("r4", [XE], None)],
                   [CoolingLoop(id="chw", name="Chilled water", kind="facility", capacity_kw=100, delta_t_k=6),
                    CoolingLoop(id="cdu", name="CDU row A", cdu="test-cdu-600", cdu_count=2, delta_t_k=8)])
    res = Engine(cat).compute(plan)
    t = res.totals.to_dict()
    loops = res.loops.values()
    assert t["liquid_heat_kw"] == pytest.approx(sum(lp.heat_w for lp in loops) / 1000) == pytest.approx(60)
    assert t["air_heat_kw"] == pytest.approx(t["heat_kw"] - 60) == pytest.approx(4 + 11)  # r3's 20 % and r4
    assert t["liquid_flow_l_per_min"] == pytest.approx(sum(lp.flow_l_per_min for lp in loops))
    from planner.engine.report import text_report

    line = next(ln for ln in text_report(res, plan).splitlines() if ln.strip().startswith("Heat"))
    assert "60.0 kW to liquid" in line


def test_in_row_loop_catalog_design_override_and_flow(cat):
    """test-cdu-600: 600 kW, 900 L/min per CDU (fixture). Two direct-liquid racks of
    2 x 10 kW liquid servers: 0.8 x 20 kW = 16 kW each to liquid."""
    dlc = CoolingChoice(method="direct-liquid", loop="cdu")
    loop = CoolingLoop(id="cdu", name="CDU", cdu="test-cdu-600", cdu_count=2, delta_t_k=10)
    plan = plan_of([rack("r1", [LIQ, LIQ], dlc), rack("r2", [LIQ, LIQ], dlc)], [loop])
    engine = Engine(cat)
    res = engine.compute(plan)
    lr = res.loops["cdu"]
    assert lr.heat_w == pytest.approx(32_000)
    assert lr.capacity_w == pytest.approx(1_200_000) and lr.capacity_basis == "catalog"
    assert lr.capacity_n_minus_1_w == pytest.approx(600_000)
    assert lr.rated_flow_l_per_min == pytest.approx(1800) and lr.flow_basis == "catalog"
    assert lr.flow_l_per_min == pytest.approx(32 * 60 / (WATER * 10))
    # a design capacity overrides the catalog: 30 kW for 32 kW x 1.1 is over
    res = engine.update(plan, SetProperty("loop", "cdu", "capacity_kw", 30.0).apply(plan))
    lr = res.loops["cdu"]
    assert lr.capacity_w == pytest.approx(30_000) and lr.capacity_basis == "design"
    assert lr.capacity_n_minus_1_w == pytest.approx(15_000)  # two CDUs share it
    assert "LOOP_OVER_CAPACITY" in codes(lr.findings)
    assert lr.rated_flow_l_per_min == pytest.approx(1800)  # still the CDUs' catalog flow
    # a design flow below what the racks need: a warning naming the design flow
    res = engine.update(plan, SetProperty("loop", "cdu", "flow_l_per_min", 40.0).apply(plan))
    lr = res.loops["cdu"]
    assert lr.flow_basis == "design" and lr.rated_flow_l_per_min == 40.0
    flow = next(f for f in lr.findings if f.code == "LOOP_FLOW_OVER_CAPACITY")
    assert "design flow" in flow.message and "46 L/min needed" in flow.message  # 32 x 60 / 41.6 = 46.2


def test_cdu_not_in_catalog_with_a_design_capacity_is_known(cat):
    loop = CoolingLoop(id="cdu", name="CDU", cdu="mystery-cdu", cdu_count=1)
    dlc = CoolingChoice(method="direct-liquid", loop="cdu")
    res = Engine(cat).compute(plan_of([rack("r1", [LIQ], dlc)], [loop]))
    assert "LOOP_UNKNOWN_CDU" in codes(res.loops["cdu"].findings) and res.loops["cdu"].level == "none"
    assert res.to_json()["cooling_loops"][0]["capacity_kw"] is None
    loop2 = loop.model_copy(update={"capacity_kw": 50.0})
    res = Engine(cat).compute(plan_of([rack("r1", [LIQ], dlc)], [loop2]))
    assert "LOOP_UNKNOWN_CDU" not in codes(res.loops["cdu"].findings) and res.loops["cdu"].level == "ok"
    assert res.loops["cdu"].capacity_w == pytest.approx(50_000)


def test_rack_designed_for_colder_water_than_its_loop(cat):
    door = CoolingChoice(method="rdhx", loop="w32", supply_temp_c=18)
    loop = CoolingLoop(id="w32", name="W32", kind="facility", capacity_kw=200, supply_temp_c=32)
    res = Engine(cat).compute(plan_of([rack("r1", [XE], door)], [loop]))
    f = next(f for f in res.racks["r1"].findings if f.code == "COOLING_SUPPLY_TOO_WARM")
    assert f.severity == "warning" and "32" in f.message and "18" in f.message


def test_row_default_puts_its_racks_on_the_loop(cat):
    loop = CoolingLoop(id="cdu", name="CDU", cdu="test-cdu-600")
    plan = plan_of([rack("r1", [LIQ], None), rack("r2", [LIQ], None)], [loop],
                   row_cooling=CoolingChoice(method="direct-liquid", loop="cdu"))
    res = Engine(cat).compute(plan)
    assert res.loops["cdu"].racks == 2 and res.loops["cdu"].heat_w == pytest.approx(16_000)


# -- gestures (planner.gestures.cooling) ------------------------------------------------------------------------


def test_new_loop_and_assign_clears_cooling_no_loop_in_one_step(cat):
    plan = plan_of([rack("r1", [LIQ], CoolingChoice(method="direct-liquid")),
                    rack("r2", [XE], CoolingChoice(method="rdhx"))], [])
    engine = Engine(cat)
    assert "COOLING_NO_LOOP" in codes(engine.compute(plan).racks["r1"].findings)
    loop = cooling.new_loop(plan, "in-row", cdu="test-cdu-600")
    assert loop.name == "CDU loop 1" and loop.id not in {"r1", "r2"}
    edit = cooling.add_loop_edit(plan, loop, ["r1"])
    res = engine.update(plan, edit.apply(plan))
    assert "COOLING_NO_LOOP" not in codes(res.racks["r1"].findings)
    assert res.loops[loop.id].racks == 1
    res = engine.update(plan, edit.revert(plan))  # one undo step takes loop and assignment back
    assert not plan.cooling_loops and "COOLING_NO_LOOP" in codes(res.racks["r1"].findings)
    with pytest.raises(EditRefused, match="capacity_kw"):
        cooling.new_loop(plan, "facility")  # building water needs its design capacity


def test_assign_switches_air_racks_to_the_loops_method(cat):
    plan = plan_of([rack("r1", [XE], None), rack("r2", [LIQ], CoolingChoice(method="immersion"))],
                   [CoolingLoop(id="chw", name="CHW", kind="facility", capacity_kw=100),
                    CoolingLoop(id="cdu", name="CDU", cdu="test-cdu-600")])
    cooling.assign_loop_edit(plan, "chw", ["r1", "r2"]).apply(plan)
    assert plan.rack("r1").cooling == CoolingChoice(method="rdhx", loop="chw")
    assert plan.rack("r2").cooling == CoolingChoice(method="immersion", loop="chw")
    assert cooling.assign_loop_edit(plan, "chw", ["r1", "r2"]) is None  # nothing left to do


def test_delete_used_loop_is_refused_or_unassigns_in_the_same_step(cat):
    plan = plan_of([rack("r1", [LIQ], CoolingChoice(method="direct-liquid", loop="cdu"))],
                   [CoolingLoop(id="cdu", name="CDU", cdu="test-cdu-600")],
                   row_cooling=CoolingChoice(method="direct-liquid", loop="cdu"))
    before = json.dumps(plan.model_dump(), sort_keys=True)
    with pytest.raises(EditRefused, match="CDU is used by R1, row A; unassign them"):
        cooling.remove_loop_edit(plan, "cdu").apply(plan)
    edit = cooling.remove_loop_edit(plan, "cdu", unassign=True)
    edit.apply(plan)
    assert not plan.cooling_loops and plan.rack("r1").cooling.loop is None
    assert plan.index.rows["row"].cooling.loop is None
    Plan.model_validate(plan.model_dump())  # still a plan that loads
    edit.revert(plan)
    assert json.dumps(plan.model_dump(), sort_keys=True) == before


def test_edit_loop_switches_to_facility_in_one_step(cat):
    plan = plan_of([], [CoolingLoop(id="cdu", name="CDU", cdu="test-cdu-600", cdu_count=2)])
    values = cooling.loop_kind_values(plan, cat, "cdu", "facility")
    assert values == {"kind": "facility", "cdu": None, "cdu_count": 1, "capacity_kw": 1200.0}
    edit = cooling.edit_loop_edit(plan, "cdu", values)
    edit.apply(plan)
    assert plan.cooling_loop("cdu").kind == "facility" and plan.cooling_loop("cdu").cdu is None
    edit.revert(plan)
    assert plan.cooling_loop("cdu").cdu == "test-cdu-600" and plan.cooling_loop("cdu").capacity_kw is None
    with pytest.raises(EditRefused, match="capacity_kw"):
        cooling.edit_loop_edit(plan, "cdu", {"kind": "facility", "cdu": None})
    assert cooling.edit_loop_edit(plan, "cdu", {"name": "CDU"}) is None
    with pytest.raises(EditRefused, match="name"):
        cooling.edit_loop_edit(plan, "cdu", {"name": "  "})


def test_rack_and_row_cooling_may_only_name_an_existing_loop(cat):
    plan = plan_of([rack("r1", [XE], None)], [])
    with pytest.raises(EditRefused, match="no loop 'ghost'"):
        cooling.rack_cooling_edit(plan, cat, "r1", method="direct-liquid", loop="ghost").apply(plan)
    with pytest.raises(EditRefused, match="no loop 'ghost'"):
        cooling.set_row_cooling_edit(plan, "row", CoolingChoice(method="rdhx", loop="ghost")).apply(plan)


def test_row_cooling_apply_to_all_racks_is_one_step(cat):
    plan = plan_of([rack("r1", [LIQ], CoolingChoice(method="air")), rack("r2", [LIQ], None),
                    rack("r3", [LIQ], CoolingChoice(method="immersion"))],
                   [CoolingLoop(id="cdu", name="CDU", cdu="test-cdu-600")])
    engine = Engine(cat)
    engine.compute(plan)
    assert cooling.row_overrides(plan, "row") == ["r1", "r3"]
    choice = cooling.row_cooling_choice(plan, cat, "row", method="direct-liquid", loop="cdu")
    edit = cooling.set_row_cooling_edit(plan, "row", choice, apply_to_racks=True)
    res = engine.update(plan, edit.apply(plan))
    assert all(plan.rack(r).cooling is None for r in ("r1", "r2", "r3"))
    assert res.loops["cdu"].racks == 3 and res.loops["cdu"].heat_w == pytest.approx(24_000)
    res = engine.update(plan, edit.revert(plan))
    assert plan.rack("r1").cooling.method == "air" and plan.index.rows["row"].cooling is None
    assert res.loops["cdu"].racks == 0


def test_changing_a_racks_method_drops_a_unit_and_loop_it_no_longer_uses(cat):
    plan = plan_of([rack("r1", [XE], CoolingChoice(method="rdhx", unit="test-rdhx-active-50"))],
                   [CoolingLoop(id="chw", name="CHW", kind="facility", capacity_kw=100)])
    cooling.rack_cooling_edit(plan, cat, "r1", loop="chw").apply(plan)
    assert plan.rack("r1").cooling.unit == "test-rdhx-active-50" and plan.rack("r1").cooling.loop == "chw"
    cooling.rack_cooling_edit(plan, cat, "r1", method="air-containment").apply(plan)
    assert plan.rack("r1").cooling == CoolingChoice(method="air-containment")
    assert cooling.rack_cooling_edit(plan, cat, "r1", method=None).apply(plan).racks == {"r1"}
    assert plan.rack("r1").cooling is None


# -- rackwright check --json --------------------------------------------------------------------------


def test_check_json_lists_cooling_loops(tmp_path, capsys):
    """In plan order: a facility loop with two rear-door racks (2 x 11 kW each) and an
    in-row loop with one direct-liquid rack (2 x 10 kW x 0.8 to liquid)."""
    from planner.commands.cli import main
    from planner.files.plan_io import save_plan_json

    door = CoolingChoice(method="rdhx", loop="chw")
    plan = plan_of([rack("r1", [XE, XE], door), rack("r2", [XE, XE], door),
                    rack("r3", [LIQ, LIQ], CoolingChoice(method="direct-liquid", loop="cdu"))],
                   [CoolingLoop(id="chw", name="Chilled water", kind="facility", capacity_kw=100, supply_temp_c=16,
                                delta_t_k=6),
                    CoolingLoop(id="cdu", name="CDU row A", cdu="test-cdu-600", cdu_count=2, supply_temp_c=32,
                                delta_t_k=8)])
    path = tmp_path / "loops.json"
    save_plan_json(plan, path)
    main(["check", str(path), "--json", "--catalog", str(FIXTURE)])
    doc = json.loads(capsys.readouterr().out)
    chw, cdu = doc["cooling_loops"]
    assert (chw["name"], cdu["name"]) == ("Chilled water", "CDU row A")
    assert chw["capacity_kw"] == pytest.approx(100) and chw["load_kw"] == pytest.approx(44)
    assert chw["flow_l_per_min"] == pytest.approx(44 * 60 / (WATER * 6))
    assert chw["rated_flow_l_per_min"] == pytest.approx(100 * 60 / (WATER * 6)) and chw["flow_basis"] == "derived"
    assert chw["kind"] == "facility" and chw["cdu"] is None and chw["cdu_count"] == 0
    assert (chw["supply_temp_c"], chw["return_temp_c"]) == (16, 22)
    assert cdu["capacity_kw"] == pytest.approx(1200) and cdu["load_kw"] == pytest.approx(16)
    assert cdu["flow_l_per_min"] == pytest.approx(16 * 60 / (WATER * 8))
    assert cdu["rated_flow_l_per_min"] == pytest.approx(1800) and cdu["capacity_basis"] == "catalog"
    assert cdu["racks"] == 1 and cdu["return_temp_c"] == 40
    assert [r["loop_heat_kw"] for r in doc["racks"]] == pytest.approx([22, 22, 16])
    main(["check", str(path), "--catalog", str(FIXTURE)])
    text = capsys.readouterr().out
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("Chilled water"))
    assert line.split()[2:7] == ["facility", "water", "16/22", "44.0", "100"]  # the kind in words


def test_cdu_choices_include_in_rack_cdu_devices():
    """The shipped catalog: CDU cooling units and device types with a cdu block (an in-rack
    CDU that takes rack units) can both serve a loop; a new in-row loop starts on an in-row CDU."""
    shipped = load_catalog()
    opts = {c.slug: c for c in cooling.cdu_options(shipped)}
    devices = [d.slug for d in shipped.tables["device-types"].values() if d.planning and d.planning.cdu]
    assert devices and set(devices) <= set(opts)
    assert all(opts[d].capacity_kw == shipped.get("device-types", d).planning.cdu.capacity_kw for d in devices)
    assert opts[cooling.default_cdu(shipped)].kind == "cdu-in-row"


def test_new_loop_cdu_is_sized_for_the_heat():
    """A new loop's CDU: the smallest catalog CDU covering the racks' liquid heat x margin (a
    24 kW rack started on the 1,350 kW unit with its 200,000 $ placeholder); past the largest,
    that one as many times as needed."""
    shipped = load_catalog()
    units = [c for c in cooling.cdu_options(shipped) if c.kind != "cdu-device"]
    for heat_kw, margin in ((24, 1.0), (24, 1.2), (500, 1.0), (1000, 1.1)):
        slug, count = cooling.sized_cdu(shipped, heat_kw * 1000, margin)
        cap = cooling.cdu_capacity_kw(shipped, slug)
        assert count == 1 and cap >= heat_kw * margin
        assert not any(heat_kw * margin <= c.capacity_kw < cap for c in units)  # none smaller covers
    assert cooling.sized_cdu(shipped, 24_000)[0] != "cdu-in-row-1350kw"
    biggest = max(units, key=lambda c: c.capacity_kw)
    assert cooling.sized_cdu(shipped, 2.5 * biggest.capacity_kw * 1000) == (biggest.slug, 3)
    assert cooling.sized_cdu(load_catalog([]), 1000) is None
