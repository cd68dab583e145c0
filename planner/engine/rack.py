"""Per-rack computation: a pure function of one rack (plus the feeds, loops and PDUs
it refers to). Everything the engine shows for a rack, and the rack's contribution to
its PDUs, comes from here; aggregates (PDUs, feeds, loops, rooms, totals) only sum
these results."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import TYPE_CHECKING, Any

from planner.engine import levels, physics
from planner.engine.findings import Finding, make
from planner.engine.levels import Level
from planner.engine.settings import EngineSettings
from planner.engine.specs import DeviceSpec, SpecCache
from planner.i18n import Np_
from planner.model.naming import display_name
from planner.model.placement import PlacementChecker, free_blocks
from planner.model.plan import CoolingLoop, Plan, PowerFeed, Rack, Room, cooling_method_name

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.fabric.analysis import LinkFacts
    from planner.model.plan import Placement

# cooling methods whose rack sits on a plan cooling loop (CoolingChoice.loop): a rear door's
# water, a cold-plate CDU loop, an immersion tank's heat exchanger
LOOP_METHODS = ("rdhx", "direct-liquid", "immersion")


@dataclass(slots=True)
class PduContribution:
    """Load one rack puts on one PDU: per phase (or branch, for delta), in W."""

    typical_w: list[float]
    max_w: list[float]
    fail_w: dict[str, list[float]]  # failed feed side -> per-phase W (load basis) on this PDU
    cords: int = 0
    outlets: dict[int, str] = field(default_factory=dict)  # explicit outlet -> device, for cross-rack conflicts


@dataclass(frozen=True, slots=True)
class DevicePower:
    """One device's draw as the engine counts it (optics plugged into it included) and where
    it comes from: the PDUs its cords go to, or the rack's DC busbar (power shelves)."""

    typical_w: float
    max_w: float
    pdus: tuple[str, ...] = ()
    busbar: bool = False


@dataclass(frozen=True, slots=True)
class CordResult:
    """Where one PSU cord of a device ends up: PDU placement, outlet (from 1), phase index
    (0..2: L1/L2/L3, for delta PDUs the branch L1-L2/L2-L3/L3-L1) and whether the plan pins
    the outlet (``Placement.power`` with an outlet) or the engine chose it."""

    pdu: str
    outlet: int
    phase: int
    pinned: bool


@dataclass(slots=True)
class RackResult:
    id: str
    name: str
    room_id: str
    row_id: str
    rack_type: str
    u_height: int
    u_used: int
    u_free: int
    largest_free_block_u: int
    devices: int
    idle_w: float
    typical_w: float
    max_w: float
    nameplate_w: float
    heat_w: float
    liquid_heat_w: float
    air_heat_w: float
    cooling: str
    cooling_unit: str | None
    loop: str | None
    cooling_capacity_w: float
    airflow_cfm: float
    airflow_m3_per_h: float
    liquid_flow_l_per_min: float
    mass_kg: float
    equipment_mass_kg: float
    cable_mass_kg: float
    max_load_kg: float | None
    footprint_m2: float
    floor_load_kg_per_m2: float
    power_capacity_w: float
    power_headroom_w: float
    cooling_headroom_w: float
    # load against limit, with the level from the settings' thresholds (planner.engine.levels):
    # power: the load basis against the rack's own PDUs' capacity with one feed side lost
    # (warn: feed_warn_fraction); cooling: heat against cooling_capacity_w
    # (cooling_warn_fraction); weight: equipment and cables against the rack type's load
    # rating; floor: floor_load_kg_per_m2 against the room's limit (no warning band: the
    # engine has no warning for them)
    power_load_w: float
    power_utilisation: float | None
    power_level: Level
    cooling_utilisation: float | None
    cooling_level: Level
    load_kg: float
    weight_utilisation: float | None
    weight_level: Level
    floor_limit_kg_per_m2: float
    floor_utilisation: float | None
    floor_level: Level
    level: Level  # the worst of the four
    gpus: dict[str, int]
    gpu_count: int
    gpu_memory_gb: float
    gpu_bw_tb_per_s: float
    bf16_pflops: float
    fp8_pflops: float
    cpu_cores: int
    ram_gb: float
    compute_gbps: float
    storage_read_gb_per_s: float
    bom: dict[tuple[str, str], int]
    findings: tuple[Finding, ...]
    pdu_contrib: dict[str, PduContribution] = field(default_factory=dict)
    pdus: tuple[str, ...] = ()
    feeds: frozenset[str] = frozenset()
    pdu_refs: frozenset[str] = frozenset()  # PDU ids this rack depends on (own and cords into others)
    device_types: dict[str, int] = field(default_factory=dict)  # slug -> count, for balance checks
    optics_power_w: float = 0.0  # transceivers and active cables plugged into the rack's devices (in max_w etc.)
    device_power: dict[str, DevicePower] = field(default_factory=dict)  # placement id -> its draw and cords
    # placement id -> its cords in order (explicit ones as listed in Placement.power, spread ones as assigned)
    cords: dict[str, tuple[CordResult, ...]] = field(default_factory=dict)
    # what the rack puts on its cooling loop (``loop``): the liquid heat of direct-liquid and
    # immersion racks, the heat a rear door takes into the loop's water; and that water's flow
    loop_heat_w: float = 0.0
    loop_flow_l_per_min: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "room": self.room_id, "row": self.row_id, "rack_type": self.rack_type,
            "power_kw": {"idle": self.idle_w / 1000, "typical": self.typical_w / 1000, "max": self.max_w / 1000,
                         "nameplate": self.nameplate_w / 1000},
            "heat_kw": self.heat_w / 1000, "liquid_heat_kw": self.liquid_heat_w / 1000,
            "air_heat_kw": self.air_heat_w / 1000,
            "heat_btu_per_h": physics.btu_per_h(self.heat_w),
            "cooling": self.cooling, "cooling_unit": self.cooling_unit, "loop": self.loop,
            "cooling_capacity_kw": self.cooling_capacity_w / 1000,
            "airflow_cfm": self.airflow_cfm, "airflow_m3_per_h": self.airflow_m3_per_h,
            "liquid_flow_l_per_min": self.liquid_flow_l_per_min,
            "loop_heat_kw": self.loop_heat_w / 1000, "loop_flow_l_per_min": self.loop_flow_l_per_min,
            "mass_kg": self.mass_kg, "equipment_mass_kg": self.equipment_mass_kg,
            "cable_mass_kg": self.cable_mass_kg, "optics_power_kw": self.optics_power_w / 1000,
            "max_load_kg": self.max_load_kg,
            "floor_load_kg_per_m2": self.floor_load_kg_per_m2,
            "u_height": self.u_height, "u_used": self.u_used, "u_free": self.u_free,
            "largest_free_block_u": self.largest_free_block_u, "devices": self.devices,
            "power_capacity_kw": self.power_capacity_w / 1000, "power_headroom_kw": self.power_headroom_w / 1000,
            "cooling_headroom_kw": self.cooling_headroom_w / 1000,
            "levels": {"power": {"load_kw": self.power_load_w / 1000, "limit_kw": self.power_capacity_w / 1000,
                                 "utilisation": _num(self.power_utilisation), "level": self.power_level},
                       "cooling": {"load_kw": self.heat_w / 1000, "limit_kw": self.cooling_capacity_w / 1000,
                                   "utilisation": _num(self.cooling_utilisation), "level": self.cooling_level},
                       "weight": {"load_kg": self.load_kg, "limit_kg": self.max_load_kg,
                                  "utilisation": _num(self.weight_utilisation), "level": self.weight_level},
                       "floor": {"load_kg_per_m2": self.floor_load_kg_per_m2,
                                 "limit_kg_per_m2": self.floor_limit_kg_per_m2,
                                 "utilisation": _num(self.floor_utilisation), "level": self.floor_level},
                       "rack": self.level},
            "gpus": self.gpu_count, "gpus_by_model": dict(sorted(self.gpus.items())),
            "gpu_memory_gb": self.gpu_memory_gb, "cpu_cores": self.cpu_cores, "ram_gb": self.ram_gb,
        }


def _num(x: float | None) -> float | str | None:
    """A utilisation for JSON: infinity (a load without a limit) as the string "inf"."""
    return "inf" if x is not None and math.isinf(x) else x


@dataclass
class RackContext:
    plan: Plan
    specs: SpecCache
    settings: EngineSettings
    feeds: dict[str, PowerFeed]
    loops: dict[str, CoolingLoop]
    links_by_placement: dict[str, list[LinkFacts]]  # placement -> its links (planner.engine.network)
    checker: PlacementChecker
    # placement -> (fsum of its links' media power per end, half of each link's cable mass),
    # cached per placement (planner.engine.network.Network.end_sums); None: summed here
    end_sums: Callable[[str], tuple[float, list[float]]] | None = None
    # rack -> how far its footprint reaches past its room's walls, in m (racks inside are
    # absent): planner.model.geometry.room_overhang_m, kept per row by the engine (core.Engine._check_rows)
    outside_m: dict[str, float] | None = None

    @classmethod
    def make_checker(cls, catalog: Catalog) -> PlacementChecker:
        return PlacementChecker(catalog)


def _feed_side(ctx: RackContext, pdu_placement: Placement) -> str:
    fid = pdu_placement.feed
    feed = ctx.feeds.get(fid) if fid else None
    # a PDU on no feed is its own failure domain
    return feed.side if feed is not None else f"?{pdu_placement.id}"


def compute_rack(ctx: RackContext, rack: Rack, room: Room, row_id: str) -> RackResult:
    s = ctx.settings
    specs = ctx.specs
    plan = ctx.plan
    rt = specs.rack_type(rack.rack_type)
    findings: list[Finding] = []
    rid = rack.id
    if not rt.known:
        findings.append(make("UNKNOWN_RACK_TYPE", "{rack_name}: rack type {rack_rack_type!r} is not in the catalog; assuming {rt_u_height}U, {rt_width_mm:.0f} x {rt_depth_mm:.0f} mm, 0 kg", "rack", rid, rack_name=rack.name, rack_rack_type=rack.rack_type, rt_u_height=rt.u_height, rt_width_mm=rt.width_mm, rt_depth_mm=rt.depth_mm))
    elif not rt.mass_kg:
        findings.append(make("NO_MASS_DATA", "{rack_name}: rack type {rack_rack_type} gives no weight", "rack", rid, rack_name=rack.name, rack_rack_type=rack.rack_type))

    # -- space ------------------------------------------------------------------------------
    front: dict[int, str] = {}
    rear: dict[int, str] = {}
    u_used_set: set[int] = set()
    by_id: dict[str, Any] = {}
    for p in rack.placements:
        by_id[p.id] = p
        fp = ctx.checker.footprint(p)
        if fp is None:
            continue
        spec = specs.device(p.device)
        top = p.u + max(1, -(-int(spec.u_height * 2) // 2)) - 1 if p.u is not None else 0
        if p.u is not None and top > rt.u_height:
            findings.append(make("PLACEMENT_OUT_OF_RACK", "{rack_name}: {v2} at U{p_u} reaches U{top}, above the top of the {rt_u_height}U rack", "placement", p.id, rack_name=rack.name, v2=p.name or spec.name, p_u=p.u, top=top, rt_u_height=rt.u_height))
        for face, units, occ in (("front", fp[0], front), ("rear", fp[1], rear)):
            for u in sorted(units):
                other = occ.get(u)
                if other is not None and other != p.id:
                    findings.append(make("PLACEMENT_OVERLAP", "{rack_name}: U{u} on the {face} is used by both {v4} and {v5}", "placement", p.id, rack_name=rack.name, u=u, face=face, v4=display_name(by_id[other], ctx.specs.catalog), v5=display_name(p, ctx.specs.catalog)))
                    break
            for u in units:
                occ.setdefault(u, p.id)
        u_used_set.update(u for u in fp[0] | fp[1] if 1 <= u <= rt.u_height)
    u_used = len(u_used_set)
    blocks = ctx.checker.free_blocks(rack) if rt.known else free_blocks(front, rear, rt.u_height)
    largest = max((n for _, n in blocks), default=0)

    # -- devices: power, mass, compute --------------------------------------------------------
    idle = typ = mx = nameplate = 0.0
    liquid = 0.0
    equip_mass = 0.0
    gpus: Counter[str] = Counter()
    device_types: Counter[str] = Counter()
    bom: Counter[tuple[str, str]] = Counter()
    bom[("rack-types", rack.rack_type)] += 1
    gpu_n = cpu = 0
    gpu_mem = gpu_bw = bf16 = fp8 = ram = gbps = stor = 0.0
    unknown: Counter[str] = Counter()
    no_power: Counter[str] = Counter()
    no_mass: Counter[str] = Counter()
    liquid_devices: list[str] = []
    powered: list[tuple[Placement, DeviceSpec]] = []
    own_pdus: list[Placement] = []
    unit_dev: DeviceSpec | None = None
    optics = 0.0
    device_power: dict[str, DevicePower] = {}
    links_at = ctx.links_by_placement
    end_sums = ctx.end_sums
    # busbar racks (GB200 NVL72, ORv3): power shelves feed a DC busbar; devices without AC
    # inlets (and without explicit cords) draw from it, not from PDU outlets
    has_busbar = any(specs.device(p.device).busbar_w > 0 for p in rack.placements)
    shelves: list[tuple[Placement, DeviceSpec]] = []
    bus_idle = bus_typ = bus_max = 0.0
    for p in rack.placements:
        spec = specs.device(p.device)
        bom[("device-types", p.device)] += 1
        device_types[p.device] += 1
        if not spec.known:
            unknown[p.device] += 1
            continue
        if spec.pdu is not None:
            own_pdus.append(p)
        equip_mass += spec.mass_kg
        if not spec.has_mass:
            no_mass[p.device] += 1
        if spec.busbar_w > 0:
            shelves.append((p, spec))
        elif spec.has_power:
            basis = spec.max_w if s.load_basis == "max" else spec.typical_w
            liquid += basis * spec.liquid_fraction  # optics stay in air
            if spec.liquid_fraction > 0:
                liquid_devices.append(display_name(p, ctx.specs.catalog))
            lks = links_at.get(p.id)
            if lks:
                # transceivers/active cables draw from the device they plug into (planner.fabric link_media)
                o = end_sums(p.id)[0] if end_sums is not None else math.fsum(lk.power_at(p.id) for lk in lks)
                if o:
                    optics += o
                    spec = specs.with_optics(spec, o)
            device_power[p.id] = DevicePower(spec.typical_w, spec.max_w)
            if has_busbar and spec.dc_input and spec.pdu is None and not p.power:
                device_power[p.id] = DevicePower(spec.typical_w, spec.max_w, busbar=True)
                bus_idle += spec.idle_w
                bus_typ += spec.typical_w
                bus_max += spec.max_w
            else:
                idle += spec.idle_w
                typ += spec.typical_w
                mx += spec.max_w
                if spec.nameplate_w:
                    nameplate += spec.nameplate_w
                powered.append((p, spec))
            if spec.kind != "pdu" and (unit_dev is None or spec.max_w > unit_dev.max_w):
                unit_dev = spec
            if spec.psus_needed and spec.psu_rating_w and spec.max_w > spec.psus_needed * spec.psu_rating_w:
                findings.append(make("PSU_OVERLOAD", "{v1}: {v2:.1f} kW maximum draw exceeds {spec_psus_needed} x {spec_psu_rating_w:.0f} W PSUs left after a PSU failure", "placement", p.id, v1=display_name(p, ctx.specs.catalog), v2=spec.max_w / 1000, spec_psus_needed=spec.psus_needed, spec_psu_rating_w=spec.psu_rating_w))
        elif spec.kind not in ("pdu", "patch"):
            no_power[p.device] += 1
        if spec.gpu_count:
            gpus[spec.gpu_slug or "?"] += spec.gpu_count
            gpu_n += spec.gpu_count
            gpu_mem += spec.gpu_memory_gb
            gpu_bw += spec.gpu_bw_tb_per_s
            bf16 += spec.bf16_tflops
            fp8 += spec.fp8_tflops
        cpu += spec.cpu_cores
        ram += spec.ram_gb
        gbps += spec.compute_gbps
        stor += spec.storage_read_gb_per_s
    # the shelves share the busbar load by output rating and draw it / efficiency from their cords
    bus_basis = bus_max if s.load_basis == "max" else bus_typ
    busbar: Busbar | None = None
    if shelves:
        out_w = math.fsum(sp.busbar_w for _p, sp in shelves)
        usable = math.fsum(sp.busbar_usable_w for _p, sp in shelves)
        for p, sp in shelves:
            k = sp.busbar_w / out_w / sp.busbar_efficiency
            sp = replace(sp, has_power=True, idle_w=bus_idle * k, typical_w=bus_typ * k, max_w=bus_max * k)
            device_power[p.id] = DevicePower(sp.typical_w, sp.max_w)
            idle += sp.idle_w
            typ += sp.typical_w
            mx += sp.max_w
            if sp.nameplate_w:
                nameplate += sp.nameplate_w
            powered.append((p, sp))
        busbar = Busbar({p.id: sp for p, sp in shelves}, bus_basis)
        what = f"{rack.name}: busbar load {bus_basis / 1000:.1f} kW"
        of = f"{len(shelves)} power shelves' {usable / 1000:.1f} kW"
        if bus_basis > usable:
            if usable < out_w:
                findings.append(make("BUSBAR_OVERLOAD", "{what} exceeds the {of} output with their redundant PSUs lost",
                                     "rack", rid, what=what, of=of))
            else:
                findings.append(make("BUSBAR_OVERLOAD", "{what} exceeds the {of} output", "rack", rid, what=what, of=of))
        elif bus_basis > usable * s.feed_warn_fraction:
            findings.append(make("BUSBAR_HIGH", "{what} is {v2:.0f} % of the {of} output",
                                 "rack", rid, what=what, v2=bus_basis / usable * 100, of=of))
    for slug, n in sorted(unknown.items()):
        findings.append(make("UNKNOWN_DEVICE", "{rack_name}: {n} x {slug!r} not in the catalog (counted as 1U, 0 W, 0 kg)", "rack", rid, rack_name=rack.name, n=n, slug=slug))
    for slug, n in sorted(no_power.items()):
        findings.append(make("NO_POWER_DATA", "{rack_name}: {n} x {slug} have no power figures (counted as 0 W)",
                             "rack", rid, rack_name=rack.name, n=n, slug=slug))
    for slug, n in sorted(no_mass.items()):
        findings.append(make("NO_MASS_DATA", "{rack_name}: {n} x {slug} have no weight (counted as 0 kg)",
                             "rack", rid, rack_name=rack.name, n=n, slug=slug))

    # -- cords, outlets and phases --------------------------------------------------------------
    cords_to: dict[str, tuple[str, ...]] = {}
    contrib, pdu_refs, spread, pfind, cord_map = _distribute(ctx, rack, own_pdus, powered, busbar, cords_to)
    for pid, pdus in cords_to.items():
        if pid in device_power:
            device_power[pid] = replace(device_power[pid], pdus=pdus)
    findings.extend(pfind)
    if spread:
        findings.append(make("POWER_CORDS_SPREAD", Np_("{rack_name}: {n} device has no power connections; its cords were spread over the rack's PDUs (A/B alternating, each on the least-loaded phase)", "{rack_name}: {n} devices have no power connections; their cords were spread over the rack's PDUs (A/B alternating, each on the least-loaded phase)"), "rack", rid, rack_name=rack.name, n=spread))
    pdu_feeds = frozenset(p.feed for p in own_pdus if p.feed)
    sides = {ctx.feeds[f].side for f in pdu_feeds if f in ctx.feeds}
    if len(own_pdus) >= 2 and len(sides) == 1:
        findings.append(make("POWER_FEED_NO_REDUNDANCY", "{rack_name}: all PDUs hang on feed side {v2}; a feed failure takes the rack down", "rack", rid, rack_name=rack.name, v2=next(iter(sides))))

    # power capacity of the rack's own PDUs, with one feed side lost
    cap_by_side: defaultdict[str, float] = defaultdict(float)
    for p in own_pdus:
        spec = specs.device(p.device)
        assert spec.pdu is not None
        feed = ctx.feeds.get(p.feed) if p.feed else None
        pf = feed.power_factor if feed else s.power_factor
        der = (feed.continuous_derating if feed and feed.continuous_derating else s.continuous_derating)
        cap = physics.feed_capacity_w(spec.pdu.voltage_v, spec.pdu.amps, spec.pdu.phases, pf, der)
        if feed is not None:
            cap = min(cap, physics.feed_capacity_w(feed.voltage_v, feed.breaker_a, feed.phases, pf, der))
        cap_by_side[_feed_side(ctx, p)] += cap
    total_cap = sum(cap_by_side.values())
    power_cap = total_cap - max(cap_by_side.values()) if len(cap_by_side) >= 2 else total_cap

    # -- cooling ----------------------------------------------------------------------------------
    choice = plan.effective_cooling(rack)
    method = choice.method
    basis_w = mx if s.load_basis == "max" else typ
    heat = basis_w
    unit = choice.unit
    loop_id = choice.loop
    coolant = "water"
    liquid_dt = 10.0
    air_dt = choice.delta_t_k if (choice.delta_t_k and method in ("air", "air-containment", "rdhx")) else s.air_delta_t_k
    if unit is not None:
        bom[("cooling", unit)] += 1
    label = cooling_method_name(method, lower=True)
    loop = ctx.loops.get(loop_id) if loop_id and method in LOOP_METHODS else None
    if method in ("direct-liquid", "immersion"):
        if method == "direct-liquid" and loop is None:
            if loop_id:
                findings.append(make("COOLING_NO_LOOP", "{rack_name}: direct liquid cooling needs a CDU loop (loop "
                                     "{loop_id!r} does not exist)", "rack", rid, rack_name=rack.name, loop_id=loop_id))
            else:
                findings.append(make("COOLING_NO_LOOP", "{rack_name}: direct liquid cooling needs a CDU loop", "rack",
                                     rid, rack_name=rack.name))
        if loop is not None:
            coolant = loop.coolant
            liquid_dt = loop.delta_t_k
        if choice.delta_t_k:
            liquid_dt = choice.delta_t_k
    if loop is not None and choice.supply_temp_c is not None and loop.supply_temp_c > choice.supply_temp_c:
        findings.append(make("COOLING_SUPPLY_TOO_WARM", "{rack_name}: loop {loop_name} supplies {loop_supply_temp_c:g} \u00b0C, warmer than the {choice_supply_temp_c:g} \u00b0C its {label} is designed for; its capacity falls with warmer water", "rack", rid, rack_name=rack.name, loop_name=loop.name, loop_supply_temp_c=loop.supply_temp_c, choice_supply_temp_c=choice.supply_temp_c, label=label))
    if method == "air":
        cap_w = s.air_limit_kw * 1000
    elif method == "air-containment":
        cap_w = s.air_containment_limit_kw * 1000
    elif method == "direct-liquid":
        cap_w = s.direct_liquid_limit_kw * 1000
    else:
        default = s.rdhx_default_kw if method == "rdhx" else s.immersion_default_kw
        cap_w = default * 1000
        if unit is None:
            findings.append(make("COOLING_UNIT_ASSUMED", "{rack_name}: no {label} unit chosen; assuming {default:g} kW", "rack", rid, rack_name=rack.name, label=label, default=default))
        else:
            cu = specs.cooling(unit)
            if cu.known:
                cap_w = cu.capacity_w
            else:
                findings.append(make("COOLING_UNKNOWN_UNIT", "{rack_name}: cooling unit {unit!r} is not in the catalog; assuming {default:g} kW", "rack", rid, rack_name=rack.name, unit=unit, default=default))
    if method == "direct-liquid":
        liquid_heat = liquid
    elif method == "immersion":
        liquid_heat = heat  # the tank takes all heat into its fluid
    else:
        liquid_heat = 0.0
        if liquid_devices:
            findings.append(make("COOLING_LIQUID_DEVICE_ON_AIR", Np_("{rack_name}: {n} liquid-cooled device ({v3}) but the rack is on {label}; choose direct liquid cooling and a CDU loop", "{rack_name}: {n} liquid-cooled devices ({v3}) but the rack is on {label}; choose direct liquid cooling and a CDU loop"), "rack", rid, rack_name=rack.name, n=len(liquid_devices), v3=', '.join(liquid_devices[:3]), label=label))
    air_heat = heat - liquid_heat
    airflow = physics.airflow_cfm(air_heat, air_dt)
    airflow_m3 = physics.airflow_m3_per_h(air_heat, air_dt)
    flow = physics.liquid_flow_l_per_min(liquid_heat, liquid_dt, coolant) if liquid_heat > 0 else 0.0
    loop_heat, loop_flow = liquid_heat, flow
    if method == "rdhx":
        # a rear door on a water loop takes the rack's exhaust heat into the loop's water, up to
        # its capacity; the water warms by the loop's delta-T (the rack's own delta_t_k is air's)
        loop_heat = min(heat, cap_w) if loop is not None else 0.0
        loop_flow = physics.liquid_flow_l_per_min(loop_heat, loop.delta_t_k, loop.coolant) \
            if loop is not None and loop_heat > 0 else 0.0
    if heat > cap_w:
        findings.append(make("COOLING_OVER_CAPACITY", "{rack_name}: {v2:.1f} kW exceeds the {v3:.0f} kW limit of {label}; {v5}", "rack", rid, rack_name=rack.name, v2=heat / 1000, v3=cap_w / 1000, label=label, v5=_suggest(heat, s)))
    elif heat > cap_w * s.cooling_warn_fraction:
        findings.append(make("COOLING_NEAR_CAPACITY", "{rack_name}: {v2:.1f} kW is {v3:.0f} % of the {v4:.0f} kW limit of {label}", "rack", rid, rack_name=rack.name, v2=heat / 1000, v3=heat / cap_w * 100, v4=cap_w / 1000, label=label))
    if method == "direct-liquid" and heat > 0 and liquid_heat == 0:
        findings.append(make("COOLING_NO_LIQUID_DEVICES", "{rack_name}: on direct liquid cooling but none of its devices has cold plates, so all of its heat goes to room air; choose air with containment or a rear-door heat exchanger, or liquid-cooled servers", "rack", rid, rack_name=rack.name))
    elif method == "direct-liquid" and air_heat > s.residual_air_limit_kw * 1000:
        findings.append(make("COOLING_RESIDUAL_AIR", "{rack_name}: {v2:.1f} kW still goes to room air (limit {s_residual_air_limit_kw:g} kW): devices capture only {v4:.0f} % of their heat in liquid; use liquid-cooled servers or add a rear-door heat exchanger", "rack", rid, rack_name=rack.name, v2=air_heat / 1000, s_residual_air_limit_kw=s.residual_air_limit_kw, v4=(liquid_heat / heat * 100) if heat else 0))

    # -- mass and floor -------------------------------------------------------------------------------
    # half of each cable to the rack at each end (planner.fabric link_media; default length when none)
    if end_sums is not None:
        cable_mass = math.fsum(chain.from_iterable(end_sums(p.id)[1] for p in rack.placements))
    else:
        cable_mass = math.fsum(lk.mass_kg / 2 for p in rack.placements for lk in links_at.get(p.id, ()))
    load = equip_mass + cable_mass
    total_mass = rt.mass_kg + load
    area = rt.width_mm * rt.depth_mm / 1e6
    floor = total_mass / area
    if rt.max_load_kg is not None and load > rt.max_load_kg:
        findings.append(make("RACK_OVERWEIGHT", "{rack_name}: {load:.0f} kg of equipment exceeds the rack's {rt_max_load_kg:.0f} kg load rating", "rack", rid, rack_name=rack.name, load=load, rt_max_load_kg=rt.max_load_kg))
    if floor > room.floor_load_limit_kg_per_m2:
        findings.append(make("FLOOR_OVERLOAD", "{rack_name}: {total_mass:.0f} kg on {area:.2f} m2 is {floor:.0f} kg/m2, above the {room_name} limit of {room_floor_load_limit_kg_per_m2:.0f} kg/m2", "rack", rid, rack_name=rack.name, total_mass=total_mass, area=area, floor=floor, room_name=room.name, room_floor_load_limit_kg_per_m2=room.floor_load_limit_kg_per_m2))

    over = ctx.outside_m.get(rid) if ctx.outside_m else None
    if over:
        findings.append(make("RACK_OUTSIDE_ROOM", "{rack_name} reaches {over:.2f} m past the walls of room {room_name} ({room_width_m:.2f} x {room_depth_m:.2f} m): move its row or make the room larger", "rack", rid, rack_name=rack.name, over=over, room_name=room.name, room_width_m=room.width_m, room_depth_m=room.depth_m))

    # -- stranded capacity ---------------------------------------------------------------------------
    power_head = power_cap - basis_w
    cool_head = cap_w - heat
    if unit_dev is not None and own_pdus:
        head = min(power_head, cool_head)
        unit_u = max(1, -(-int(unit_dev.u_height * 2) // 2))
        if largest >= unit_u and head < unit_dev.max_w:
            findings.append(make("STRANDED_SPACE", "{rack_name}: {largest}U free in one block but only {v3:.1f} kW of power/cooling headroom; another {unit_dev_name} ({v5:.1f} kW) would not fit", "rack", rid, rack_name=rack.name, largest=largest, v3=max(head, 0) / 1000, unit_dev_name=unit_dev.name, v5=unit_dev.max_w / 1000))
        elif largest < unit_u and head >= max(unit_dev.max_w, s.stranded_min_power_kw * 1000):
            findings.append(make("STRANDED_POWER", "{rack_name}: {v2:.1f} kW of power and cooling headroom but only {largest}U free in one block", "rack", rid, rack_name=rack.name, v2=head / 1000, largest=largest))

    power_level = levels.classify(basis_w, power_cap, s.feed_warn_fraction)
    cooling_level = levels.classify(heat, cap_w, s.cooling_warn_fraction)
    if rt.max_load_kg is not None:
        weight_util, weight_level = levels.utilisation(load, rt.max_load_kg), levels.classify(load, rt.max_load_kg, 1.0)
    else:
        weight_util, weight_level = None, levels.NONE
    floor_limit = room.floor_load_limit_kg_per_m2
    floor_level = levels.classify(floor, floor_limit, 1.0)
    return RackResult(
        id=rid, name=rack.name, room_id=room.id, row_id=row_id, rack_type=rack.rack_type, u_height=rt.u_height,
        u_used=u_used, u_free=rt.u_height - u_used, largest_free_block_u=largest,
        devices=len(rack.placements), idle_w=idle, typical_w=typ, max_w=mx, nameplate_w=nameplate,
        heat_w=heat, liquid_heat_w=liquid_heat, air_heat_w=air_heat, cooling=method, cooling_unit=unit,
        loop=loop_id if method in LOOP_METHODS else None, cooling_capacity_w=cap_w,
        airflow_cfm=airflow, airflow_m3_per_h=airflow_m3, liquid_flow_l_per_min=flow, mass_kg=total_mass,
        equipment_mass_kg=equip_mass, cable_mass_kg=cable_mass, max_load_kg=rt.max_load_kg, footprint_m2=area,
        floor_load_kg_per_m2=floor, power_capacity_w=power_cap, power_headroom_w=power_head,
        cooling_headroom_w=cool_head, power_load_w=basis_w,
        power_utilisation=levels.utilisation(basis_w, power_cap), power_level=power_level,
        cooling_utilisation=levels.utilisation(heat, cap_w), cooling_level=cooling_level, load_kg=load,
        weight_utilisation=weight_util, weight_level=weight_level, floor_limit_kg_per_m2=floor_limit,
        floor_utilisation=levels.utilisation(floor, floor_limit), floor_level=floor_level,
        level=levels.worst((power_level, cooling_level, weight_level, floor_level)), gpus=dict(gpus), gpu_count=gpu_n, gpu_memory_gb=gpu_mem,
        gpu_bw_tb_per_s=gpu_bw, bf16_pflops=bf16 / 1000, fp8_pflops=fp8 / 1000, cpu_cores=cpu, ram_gb=ram,
        compute_gbps=gbps, storage_read_gb_per_s=stor, bom=dict(bom), findings=tuple(findings),
        pdu_contrib=contrib, pdus=tuple(p.id for p in own_pdus), feeds=pdu_feeds, pdu_refs=frozenset(pdu_refs),
        device_types=dict(device_types), optics_power_w=optics, device_power=device_power, cords=cord_map,
        loop_heat_w=loop_heat, loop_flow_l_per_min=loop_flow)


def _suggest(heat_w: float, s: EngineSettings) -> str:
    kw = heat_w / 1000
    if kw <= s.air_containment_limit_kw:
        return "use hot/cold-aisle containment or a rear-door heat exchanger"
    if kw <= s.direct_liquid_limit_kw:
        return f"needs direct liquid cooling (racks up to ~{s.direct_liquid_limit_kw:g} kW) or fewer devices"
    return "split the load over more racks: this exceeds even direct liquid cooling"


@dataclass(slots=True)
class Busbar:
    """A rack's DC busbar: its power shelves (placement id -> catalog spec, output and
    efficiency) and the load it carries on the engine's load basis, in W."""

    shelves: dict[str, DeviceSpec]
    load_w: float


def _distribute(ctx: RackContext, rack: Rack, own_pdus: list[Placement], powered: list[tuple[Placement, DeviceSpec]],
                busbar: Busbar | None = None, cords_to: dict[str, tuple[str, ...]] | None = None,
                ) -> tuple[dict[str, PduContribution], set[str], int, list[Finding], dict[str, tuple[CordResult, ...]]]:
    """Cords to outlets to phases; each device's load split evenly over its live cords.
    Busbar shelves fail over as a group: with a feed side lost, the shelves with a live
    cord share the whole busbar load. ``cords_to`` receives each device's PDUs (one per cord)."""
    specs = ctx.specs
    plan = ctx.plan
    findings: list[Finding] = []
    pdu_refs = {p.id for p in own_pdus}
    pdu_placements = {p.id: p for p in own_pdus}
    # A, B, A, B, ...: the k-th PDU of each feed side in turn, so any two spread cords are on two sides
    by_side: dict[str, list[Placement]] = {}
    for p in sorted(own_pdus, key=lambda p: (_feed_side(ctx, p), p.id)):
        by_side.setdefault(_feed_side(ctx, p), []).append(p)
    order = [lst[k] for k in range(max((len(v) for v in by_side.values()), default=0))
             for _side, lst in sorted(by_side.items()) if k < len(lst)]
    used: dict[str, dict[int, str]] = {p.id: {} for p in own_pdus}
    next_free: dict[str, int] = {p.id: 1 for p in own_pdus}
    spread = 0
    cursor = 0
    explicit: dict[str, dict[int, str]] = {}
    # pass 1: explicit cords, with outlet numbers
    cords_of: list[tuple[Placement, DeviceSpec, list[list[Any]]]] = []  # [pdu_id, outlet|None]
    for p, spec in powered:
        if spec.pdu is not None:
            continue
        cords: list[list[Any]] = []
        if p.power:
            for c in p.power:
                pdu_refs.add(c.pdu)
                target = pdu_placements.get(c.pdu)
                if target is None:
                    target = plan.index.placements.get(c.pdu)
                    if target is not None:
                        pdu_placements[c.pdu] = target
                tspec = specs.device(target.device) if target is not None else None
                if target is None or tspec is None or tspec.pdu is None:
                    findings.append(make("POWER_UNKNOWN_PDU", "{v1}: power connection to {c_pdu!r}, which is not a known PDU", "placement", p.id, v1=display_name(p, ctx.specs.catalog), c_pdu=c.pdu))
                    continue
                if c.outlet is not None:
                    if c.outlet > tspec.pdu.outlets:
                        findings.append(make("POWER_OUTLET_INVALID", "{v1}: outlet {c_outlet} on {v3}, which has {pdu_outlets} outlets",
                                             "placement", p.id, v1=display_name(p, ctx.specs.catalog), c_outlet=c.outlet, v3=target.name or c.pdu, pdu_outlets=tspec.pdu.outlets))
                    taken = used.setdefault(c.pdu, {})
                    if c.outlet in taken and taken[c.outlet] != p.id:
                        findings.append(make("POWER_OUTLET_CONFLICT", "{v1} outlet {c_outlet} is used by both {v3} and {p_id}", "placement", p.id, v1=target.name or c.pdu, c_outlet=c.outlet, v3=taken[c.outlet], p_id=p.id))
                    taken.setdefault(c.outlet, p.id)
                    explicit.setdefault(c.pdu, {}).setdefault(c.outlet, p.id)
                cords.append([c.pdu, c.outlet])
        elif spec.cords and spec.max_w > 0:
            if not order:
                findings.append(make("POWER_NO_PDU", "{rack_name}: {v2} needs power but the rack has no PDU", "placement", p.id, rack_name=rack.name, v2=display_name(p, ctx.specs.catalog)))
                continue
            spread += 1
            # continue where the previous device stopped, so all PDUs share the spread cords
            cords = [[order[(cursor + i) % len(order)].id, None] for i in range(spec.cords)]
            cursor += spec.cords
        cords_of.append((p, spec, cords))
    if cords_to is not None:
        for p, _spec, cords in cords_of:
            cords_to[p.id] = tuple(c[0] for c in cords)
    # pass 2: give cords without an outlet a free outlet on the PDU's least-loaded phase, as an
    # installer balancing a 3-phase PDU would (taking outlets in order would load L1 first:
    # PDUs group their outlets by phase). Weights are the cords' share of maximum draw.
    exhausted: set[str] = set()
    free_by_phase: dict[str, dict[int, list[int]]] = {}
    phase_load: dict[str, list[float]] = {}
    for _p, _spec, cords in cords_of:
        for cord in cords:
            if cord[1] is not None:
                tspec = specs.device(pdu_placements[cord[0]].device)
                if tspec.pdu is not None:
                    phase_load.setdefault(cord[0], [0.0, 0.0, 0.0])[tspec.pdu.phase_of(cord[1])] += \
                        _spec.max_w / len(cords)
    for _p, _spec, cords in cords_of:
        for cord in cords:
            if cord[1] is not None:
                continue
            pid = cord[0]
            tspec = specs.device(pdu_placements[pid].device)
            taken = used.setdefault(pid, {})
            n = None
            if tspec.pdu is not None:
                load = phase_load.setdefault(pid, [0.0, 0.0, 0.0])
                by_phase = free_by_phase.get(pid)
                if by_phase is None:
                    # the PDU's free outlets per phase, highest first (only this pass takes outlets
                    # from now on): the least (phase load, outlet) is the least of each phase's
                    # lowest free outlet, not a scan of every outlet per cord
                    by_phase = free_by_phase[pid] = {}
                    for o in range(tspec.pdu.outlets, 0, -1):
                        if o not in taken:
                            by_phase.setdefault(tspec.pdu.phase_of(o), []).append(o)
                best = min(((load[ph], lst[-1]) for ph, lst in by_phase.items() if lst), default=None)
                if best is not None:
                    n = best[1]
                    ph = tspec.pdu.phase_of(n)
                    by_phase[ph].pop()
                    load[ph] += _spec.max_w / len(cords)
            if n is None:
                n = next_free.get(pid, 1)
                while n in taken:
                    n += 1
                next_free[pid] = n + 1
                if tspec.pdu is not None:
                    exhausted.add(pid)
            taken[n] = _p.id
            cord[1] = n
    cord_map: dict[str, tuple[CordResult, ...]] = {}
    for p, _spec, cords in cords_of:
        if cords:
            pinned = [c.outlet is not None for c in p.power if c.pdu in pdu_placements
                      and specs.device(pdu_placements[c.pdu].device).pdu is not None] if p.power else []
            out = []
            for k, (pid, outlet) in enumerate(cords):
                pspec = specs.device(pdu_placements[pid].device).pdu
                out.append(CordResult(pid, outlet, pspec.phase_of(outlet) if pspec is not None else 0,
                                      k < len(pinned) and pinned[k]))
            cord_map[p.id] = tuple(out)
    for pid in sorted(exhausted):
        findings.append(make("POWER_OUTLETS_EXHAUSTED", "{rack_name}: more cords than outlets on {v2}", "pdu", pid, rack_name=rack.name, v2=display_name(pdu_placements[pid], ctx.specs.catalog)))
    # pass 3: loads
    contrib: dict[str, PduContribution] = {}
    side_of = {pid: _feed_side(ctx, pl) for pid, pl in pdu_placements.items()}
    all_sides = sorted({side_of[c[0]] for _p, _s, cords in cords_of for c in cords}
                       | {side_of[p.id] for p in own_pdus})
    redundant = len({side_of[p.id] for p in own_pdus}) >= 2
    shelf_fail: dict[str, dict[str, float]] = {}  # failed side -> shelf -> basis W at its input
    if busbar is not None:
        shelf_cords = {p.id: cords for p, _s, cords in cords_of if p.id in busbar.shelves}
        for failed in all_sides:
            live = [sid for sid in sorted(busbar.shelves)
                    if not shelf_cords.get(sid) or any(side_of[c[0]] != failed for c in shelf_cords[sid])]
            out_w = math.fsum(busbar.shelves[sid].busbar_w for sid in live)
            shelf_fail[failed] = {sid: busbar.load_w * busbar.shelves[sid].busbar_w / out_w
                                  / busbar.shelves[sid].busbar_efficiency for sid in live} if out_w else {}
            if redundant and busbar.load_w > out_w:
                findings.append(make("BUSBAR_FAILOVER_OVERLOAD", "{rack_name}: when feed side {failed} fails, {v3} of {v4} power shelves are left with {v5:.1f} kW for the {v6:.1f} kW busbar load",
                                     "rack", rack.id, rack_name=rack.name, failed=failed, v3=len(live), v4=len(busbar.shelves), v5=out_w / 1000, v6=busbar.load_w / 1000))
    for p, spec, cords in cords_of:
        if not cords:
            continue
        n = len(cords)
        dev_sides = {side_of[c[0]] for c in cords}
        is_shelf = busbar is not None and p.id in busbar.shelves
        if redundant and len(dev_sides) == 1 and not is_shelf:
            findings.append(make("POWER_SINGLE_CORDED", Np_("{v1}: its {n} cord is on feed side {v3}; it goes down when that side fails", "{v1}: all {n} cords on feed side {v3}; it goes down when that side fails"), "placement", p.id, v1=display_name(p, ctx.specs.catalog), n=n, v3=next(iter(dev_sides))))
        for pid, outlet in cords:
            pspec = specs.device(pdu_placements[pid].device).pdu
            assert pspec is not None
            ph = pspec.phase_of(outlet)
            share = contrib.get(pid)
            if share is None:
                share = contrib[pid] = PduContribution([0.0, 0.0, 0.0], [0.0, 0.0, 0.0], {})
            share.typical_w[ph] += spec.typical_w / n
            share.max_w[ph] += spec.max_w / n
            share.cords += 1
        basis = spec.max_w if ctx.settings.load_basis == "max" else spec.typical_w
        for failed in all_sides:
            live_cords = [cd for cd in cords if side_of[cd[0]] != failed]
            if is_shelf:
                basis = shelf_fail[failed].get(p.id, 0.0)
            for pid, outlet in live_cords:
                pspec = specs.device(pdu_placements[pid].device).pdu
                assert pspec is not None
                share = contrib[pid]
                arr = share.fail_w.get(failed)
                if arr is None:
                    arr = share.fail_w[failed] = [0.0, 0.0, 0.0]
                arr[pspec.phase_of(outlet)] += basis / len(live_cords)
    for pid, outs in explicit.items():
        if pid in contrib:
            contrib[pid].outlets = outs
    return contrib, pdu_refs, spread, findings, cord_map
