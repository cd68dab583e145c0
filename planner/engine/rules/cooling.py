"""Rule family "cooling and loops": a rack's heat against its cooling method's capacity,
what goes to liquid and what to air (airflow, coolant flow), what it puts on its cooling
loop; and each loop's heat and flow against its CDUs or design figures (docs/engine.md,
Heat and cooling). Pure functions."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from planner.engine import levels, physics
from planner.engine.findings import Finding, make
from planner.engine.rackdata import LOOP_METHODS, RackContext
from planner.engine.results import LoopResult
from planner.engine.specs import LoopRating, loop_rating
from planner.i18n import Np_
from planner.model.plan import cooling_method_name

if TYPE_CHECKING:
    from planner.engine.rackdata import RackResult
    from planner.engine.settings import EngineSettings
    from planner.engine.specs import SpecCache
    from planner.model.plan import CoolingChoice, CoolingLoop, Rack

_fsum = math.fsum

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings)
CODES: tuple[str, ...] = (
    "COOLING_OVER_CAPACITY", "COOLING_NEAR_CAPACITY", "COOLING_RESIDUAL_AIR", "COOLING_NO_LIQUID_DEVICES",
    "COOLING_LIQUID_DEVICE_ON_AIR", "COOLING_NO_LOOP", "COOLING_SUPPLY_TOO_WARM", "COOLING_UNKNOWN_UNIT",
    "COOLING_UNIT_ASSUMED", "LOOP_UNKNOWN_CDU", "LOOP_OVER_CAPACITY", "LOOP_NO_REDUNDANCY",
    "LOOP_FLOW_OVER_CAPACITY", "LOOP_UNUSED",
)


@dataclass(slots=True)
class RackCooling:
    """How a rack is cooled and what that gives (W, CFM, m3/h, L/min)."""

    method: str
    unit: str | None
    loop_id: str | None
    capacity_w: float
    liquid_heat_w: float
    air_heat_w: float
    airflow_cfm: float
    airflow_m3_per_h: float
    liquid_flow_l_per_min: float
    loop_heat_w: float
    loop_flow_l_per_min: float
    findings: list[Finding]


def suggest(heat_w: float, s: EngineSettings) -> str:
    """What to do about a rack too hot for its cooling method."""
    kw = heat_w / 1000
    if kw <= s.air_containment_limit_kw:
        return "use hot/cold-aisle containment or a rear-door heat exchanger"
    if kw <= s.direct_liquid_limit_kw:
        return f"needs direct liquid cooling (racks up to ~{s.direct_liquid_limit_kw:g} kW) or fewer devices"
    return "split the load over more racks: this exceeds even direct liquid cooling"


def _capacity_w(ctx: RackContext, rack: Rack, method: str, unit: str | None, label: str,
                findings: list[Finding]) -> float:
    """The cooling capacity of the rack's method: the settings' limit, or its unit's catalog
    capacity for rear doors and immersion tanks (a default when none or an unknown one)."""
    s = ctx.settings
    if method == "air":
        return s.air_limit_kw * 1000
    if method == "air-containment":
        return s.air_containment_limit_kw * 1000
    if method == "direct-liquid":
        return s.direct_liquid_limit_kw * 1000
    default = s.rdhx_default_kw if method == "rdhx" else s.immersion_default_kw
    cap_w = default * 1000
    if unit is None:
        findings.append(make("COOLING_UNIT_ASSUMED", "{rack_name}: no {label} unit chosen; assuming {default:g} kW", "rack", rack.id, rack_name=rack.name, label=label, default=default))
    else:
        cu = ctx.specs.cooling(unit)
        if cu.known:
            cap_w = cu.capacity_w
        else:
            findings.append(make("COOLING_UNKNOWN_UNIT", "{rack_name}: cooling unit {unit!r} is not in the catalog; assuming {default:g} kW", "rack", rack.id, rack_name=rack.name, unit=unit, default=default))
    return cap_w


def _liquid_side(ctx: RackContext, rack: Rack, choice: CoolingChoice, loop: CoolingLoop | None,
                 findings: list[Finding]) -> tuple[str, float]:
    """The coolant and its delta-T of a liquid-cooled rack (water and 10 K unless its loop or
    its own choice says otherwise); COOLING_NO_LOOP and COOLING_SUPPLY_TOO_WARM."""
    method, loop_id = choice.method, choice.loop
    coolant = "water"
    liquid_dt = 10.0
    if method in ("direct-liquid", "immersion"):
        if method == "direct-liquid" and loop is None:
            if loop_id:
                findings.append(make("COOLING_NO_LOOP", "{rack_name}: direct liquid cooling needs a CDU loop (loop "
                                     "{loop_id!r} does not exist)", "rack", rack.id, rack_name=rack.name, loop_id=loop_id))
            else:
                findings.append(make("COOLING_NO_LOOP", "{rack_name}: direct liquid cooling needs a CDU loop", "rack",
                                     rack.id, rack_name=rack.name))
        if loop is not None:
            coolant = loop.coolant
            liquid_dt = loop.delta_t_k
        if choice.delta_t_k:
            liquid_dt = choice.delta_t_k
    if loop is not None and choice.supply_temp_c is not None and loop.supply_temp_c > choice.supply_temp_c:
        label = cooling_method_name(method, lower=True)
        findings.append(make("COOLING_SUPPLY_TOO_WARM", "{rack_name}: loop {loop_name} supplies {loop_supply_temp_c:g} \u00b0C, warmer than the {choice_supply_temp_c:g} \u00b0C its {label} is designed for; its capacity falls with warmer water", "rack", rack.id, rack_name=rack.name, loop_name=loop.name, loop_supply_temp_c=loop.supply_temp_c, choice_supply_temp_c=choice.supply_temp_c, label=label))
    return coolant, liquid_dt


def _heat_findings(rack: Rack, method: str, label: str, heat: float, cap_w: float, liquid_heat: float,
                   air_heat: float, s: EngineSettings) -> list[Finding]:
    """COOLING_OVER/NEAR_CAPACITY, and for direct liquid COOLING_NO_LIQUID_DEVICES or COOLING_RESIDUAL_AIR."""
    out: list[Finding] = []
    rid = rack.id
    if heat > cap_w:
        out.append(make("COOLING_OVER_CAPACITY", "{rack_name}: {v2:.1f} kW exceeds the {v3:.0f} kW limit of {label}; {v5}", "rack", rid, rack_name=rack.name, v2=heat / 1000, v3=cap_w / 1000, label=label, v5=suggest(heat, s)))
    elif heat > cap_w * s.cooling_warn_fraction:
        out.append(make("COOLING_NEAR_CAPACITY", "{rack_name}: {v2:.1f} kW is {v3:.0f} % of the {v4:.0f} kW limit of {label}", "rack", rid, rack_name=rack.name, v2=heat / 1000, v3=heat / cap_w * 100, v4=cap_w / 1000, label=label))
    if method == "direct-liquid" and heat > 0 and liquid_heat == 0:
        out.append(make("COOLING_NO_LIQUID_DEVICES", "{rack_name}: on direct liquid cooling but none of its devices has cold plates, so all of its heat goes to room air; choose air with containment or a rear-door heat exchanger, or liquid-cooled servers", "rack", rid, rack_name=rack.name))
    elif method == "direct-liquid" and air_heat > s.residual_air_limit_kw * 1000:
        out.append(make("COOLING_RESIDUAL_AIR", "{rack_name}: {v2:.1f} kW still goes to room air (limit {s_residual_air_limit_kw:g} kW): devices capture only {v4:.0f} % of their heat in liquid; use liquid-cooled servers or add a rear-door heat exchanger", "rack", rid, rack_name=rack.name, v2=air_heat / 1000, s_residual_air_limit_kw=s.residual_air_limit_kw, v4=(liquid_heat / heat * 100) if heat else 0))
    return out


def rack_cooling(ctx: RackContext, rack: Rack, heat: float, liquid: float, liquid_devices: list[str]) -> RackCooling:
    """A rack's cooling: ``heat`` (its load basis, all of it heat), ``liquid`` the part its
    devices' cold plates capture, ``liquid_devices`` the names of those devices."""
    s = ctx.settings
    choice = ctx.plan.effective_cooling(rack)
    method = choice.method
    unit = choice.unit
    loop_id = choice.loop
    findings: list[Finding] = []
    air_dt = choice.delta_t_k if (choice.delta_t_k and method in ("air", "air-containment", "rdhx")) else s.air_delta_t_k
    label = cooling_method_name(method, lower=True)
    loop = ctx.loops.get(loop_id) if loop_id and method in LOOP_METHODS else None
    coolant, liquid_dt = _liquid_side(ctx, rack, choice, loop, findings)
    cap_w = _capacity_w(ctx, rack, method, unit, label, findings)
    if method == "direct-liquid":
        liquid_heat = liquid
    elif method == "immersion":
        liquid_heat = heat  # the tank takes all heat into its fluid
    else:
        liquid_heat = 0.0
        if liquid_devices:
            findings.append(make("COOLING_LIQUID_DEVICE_ON_AIR", Np_("{rack_name}: {n} liquid-cooled device ({v3}) but the rack is on {label}; choose direct liquid cooling and a CDU loop", "{rack_name}: {n} liquid-cooled devices ({v3}) but the rack is on {label}; choose direct liquid cooling and a CDU loop"), "rack", rack.id, rack_name=rack.name, n=len(liquid_devices), v3=', '.join(liquid_devices[:3]), label=label))
    flow = physics.liquid_flow_l_per_min(liquid_heat, liquid_dt, coolant) if liquid_heat > 0 else 0.0
    # the air the rack's fans move: what its devices reject to air (a rear door cools that air
    # on its way out, it does not lessen it)
    exhaust = heat - liquid_heat
    if method == "rdhx" and loop is not None:
        # a rear door on a water loop takes the rack's exhaust heat into the loop's water, up to
        # its capacity: that heat goes to liquid, the rest (past the door's capacity) to room
        # air; the water warms by the loop's delta-T (the rack's own delta_t_k is air's). On no
        # loop the door is checked against its capacity alone and its water is not in the plan.
        liquid_heat = min(heat, cap_w)
        flow = physics.liquid_flow_l_per_min(liquid_heat, loop.delta_t_k, loop.coolant) if liquid_heat > 0 else 0.0
    air_heat = heat - liquid_heat
    findings.extend(_heat_findings(rack, method, label, heat, cap_w, liquid_heat, air_heat, s))
    return RackCooling(method, unit, loop_id, cap_w, liquid_heat, air_heat, physics.airflow_cfm(exhaust, air_dt),
                       physics.airflow_m3_per_h(exhaust, air_dt), flow, liquid_heat, flow, findings)


def _loop_findings(lp: CoolingLoop, s: EngineSettings, heat: float, flow: float, rating: LoopRating,
                   n_racks: int) -> list[Finding]:
    """LOOP_UNKNOWN_CDU, LOOP_OVER_CAPACITY, LOOP_NO_REDUNDANCY, LOOP_FLOW_OVER_CAPACITY, LOOP_UNUSED."""
    lid = lp.id
    cu = rating.cdu
    cap, cap_n1, rated_flow = rating.capacity_w, rating.capacity_n_minus_1_w, rating.flow_l_per_min
    findings: list[Finding] = []
    if cu is not None:
        of = f"{lp.cdu_count} x {cu.capacity_w / 1000:.0f} kW CDU capacity" if rating.capacity_basis == "catalog" \
            else f"{cap / 1000:.0f} kW design capacity ({lp.cdu_count} CDU(s))"
    else:
        of = f"{cap / 1000:.0f} kW design capacity"
    if not rating.capacity_known:
        findings.append(make("LOOP_UNKNOWN_CDU", "loop {lp_name}: CDU {lp_cdu!r} is not in the catalog; its capacity is unknown (give the loop a design capacity)", "loop", lid, lp_name=lp.name, lp_cdu=lp.cdu))
    else:
        need = heat * s.loop_margin
        if need > cap:
            findings.append(make("LOOP_OVER_CAPACITY", "loop {lp_name}: {v2:.0f} kW heat x {s_loop_margin:g} margin exceeds {of}", "loop", lid, lp_name=lp.name, v2=heat / 1000, s_loop_margin=s.loop_margin, of=of))
        elif cu is not None and heat > 0 and need > cap_n1 and (lp.cdu_count > 1 or cu.pump_redundancy != "N+1"):
            findings.append(make("LOOP_NO_REDUNDANCY", "loop {lp_name}: with one of {lp_cdu_count} CDU(s) out, {v3:.0f} kW is left for {v4:.0f} kW (N+1 not met)",
                                 "loop", lid, lp_name=lp.name, lp_cdu_count=lp.cdu_count, v3=cap_n1 / 1000, v4=need / 1000))
        if cu is not None and cu.known and cu.pump_redundancy == "N":
            findings.append(make("LOOP_NO_REDUNDANCY", "loop {lp_name}: CDU {lp_cdu} pumps are not redundant",
                                 "loop", lid, lp_name=lp.name, lp_cdu=lp.cdu))
        if rated_flow is not None and flow > rated_flow:
            if rating.flow_basis == "design":
                findings.append(make("LOOP_FLOW_OVER_CAPACITY", "loop {lp_name}: {flow:.0f} L/min needed, its design flow is {rated_flow:.0f} L/min", "loop", lid, lp_name=lp.name, flow=flow, rated_flow=rated_flow))
            elif rating.flow_basis == "catalog":
                findings.append(make("LOOP_FLOW_OVER_CAPACITY", "loop {lp_name}: {flow:.0f} L/min needed, its CDUs are rated {rated_flow:.0f} L/min", "loop", lid, lp_name=lp.name, flow=flow, rated_flow=rated_flow))
            else:
                findings.append(make("LOOP_FLOW_OVER_CAPACITY", "loop {lp_name}: {flow:.0f} L/min needed, its capacity at {dt:g} K carries {rated_flow:.0f} L/min", "loop", lid, lp_name=lp.name, flow=flow, dt=lp.delta_t_k, rated_flow=rated_flow))
    if not n_racks:
        findings.append(make("LOOP_UNUSED", "loop {lp_name} serves no rack", "loop", lid, lp_name=lp.name))
    return findings


def compute_loop(specs: SpecCache, s: EngineSettings, lp: CoolingLoop, racks: list[RackResult]) -> LoopResult:
    """One cooling loop: the heat its racks put on it (liquid heat of direct-liquid and
    immersion racks, rear doors' heat) against its capacity and rated flow
    (:func:`planner.engine.specs.loop_rating`: design figures, else catalog CDUs)."""
    heat = _fsum(r.loop_heat_w for r in racks)
    flow = _fsum(r.loop_flow_l_per_min for r in racks)
    rating = loop_rating(specs, lp)
    cap = rating.capacity_w
    findings = _loop_findings(lp, s, heat, flow, rating, len(racks))
    return LoopResult(id=lp.id, name=lp.name, cdu=lp.cdu, cdu_count=lp.cdu_count, coolant=lp.coolant,
                      capacity_w=cap, capacity_n_minus_1_w=rating.capacity_n_minus_1_w, heat_w=heat,
                      flow_l_per_min=flow, rated_flow_l_per_min=rating.flow_l_per_min, racks=len(racks),
                      utilisation=heat / cap if cap else 0.0, findings=tuple(findings),
                      kind=lp.kind, supply_temp_c=lp.supply_temp_c,
                      return_temp_c=lp.supply_temp_c + lp.delta_t_k, delta_t_k=lp.delta_t_k,
                      capacity_basis=rating.capacity_basis, flow_basis=rating.flow_basis,
                      liquid_heat_w=_fsum(r.liquid_heat_w for r in racks),
                      level=levels.classify(heat * s.loop_margin, cap, s.cooling_warn_fraction)
                      if rating.capacity_known else levels.NONE)
