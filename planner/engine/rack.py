"""Per-rack computation: a pure function of one rack (plus the feeds, loops and PDUs
it refers to). Everything the engine shows for a rack, and the rack's contribution to
its PDUs, comes from here; aggregates (PDUs, feeds, loops, rooms, totals) only sum
these results. :func:`compute_rack` tallies the rack's devices once and hands the tally
to the rule providers (planner.engine.rules: space, rack power, feeds, cooling), in the
order their findings are listed."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from planner.engine import levels
from planner.engine.findings import Finding
from planner.engine.rackdata import (
    LOOP_METHODS,
    Busbar,
    CordResult,
    DevicePower,
    PduContribution,
    RackContext,
    RackResult,
)
from planner.engine.rules import cooling, feeds, rack_power, space
from planner.engine.specs import DeviceSpec
from planner.model.naming import display_name

if TYPE_CHECKING:
    from planner.model.plan import Placement, Rack, Room

# the names this module has always given (callers import them from here)
__all__ = ["LOOP_METHODS", "Busbar", "CordResult", "DevicePower", "PduContribution", "RackContext", "RackResult",
           "compute_rack"]


@dataclass(slots=True)
class _Tally:
    """A rack's devices summed in one pass: power (W; busbar devices apart), mass (kg),
    compute, the BOM, and what the rule providers check them for."""

    idle: float = 0.0
    typ: float = 0.0
    mx: float = 0.0
    nameplate: float = 0.0
    liquid: float = 0.0  # the part of the load basis the devices' cold plates capture
    equip_mass: float = 0.0
    optics: float = 0.0
    gpu_n: int = 0
    cpu: int = 0
    gpu_mem: float = 0.0
    gpu_bw: float = 0.0
    bf16: float = 0.0
    fp8: float = 0.0
    ram: float = 0.0
    gbps: float = 0.0
    stor: float = 0.0
    gpus: Counter[str] = field(default_factory=Counter)
    device_types: Counter[str] = field(default_factory=Counter)
    bom: Counter[tuple[str, str]] = field(default_factory=Counter)
    unknown: Counter[str] = field(default_factory=Counter)
    no_power: Counter[str] = field(default_factory=Counter)
    no_mass: Counter[str] = field(default_factory=Counter)
    liquid_devices: list[str] = field(default_factory=list)
    powered: list[tuple[Placement, DeviceSpec]] = field(default_factory=list)  # on PDU outlets, in order
    checked_psus: list[tuple[Placement, DeviceSpec]] = field(default_factory=list)  # with their optics
    own_pdus: list[Placement] = field(default_factory=list)
    unit_dev: DeviceSpec | None = None  # the rack's largest-draw device (not a PDU)
    device_power: dict[str, DevicePower] = field(default_factory=dict)
    shelves: list[tuple[Placement, DeviceSpec]] = field(default_factory=list)
    bus_idle: float = 0.0
    bus_typ: float = 0.0
    bus_max: float = 0.0


def _tally(ctx: RackContext, rack: Rack) -> _Tally:
    """One pass over the rack's placements. Busbar racks (GB200 NVL72, ORv3): power shelves
    feed a DC busbar; devices without AC inlets (and without explicit cords) draw from it,
    not from PDU outlets."""
    specs = ctx.specs
    s = ctx.settings
    t = _Tally()
    t.bom[("rack-types", rack.rack_type)] += 1
    links_at = ctx.links_by_placement
    end_sums = ctx.end_sums
    has_busbar = any(specs.device(p.device).busbar_w > 0 for p in rack.placements)
    idle = typ = mx = nameplate = liquid = equip_mass = optics = 0.0
    bus_idle = bus_typ = bus_max = 0.0
    gpu_n = cpu = 0
    gpu_mem = gpu_bw = bf16 = fp8 = ram = gbps = stor = 0.0
    gpus, device_types, bom = t.gpus, t.device_types, t.bom
    device_power, powered = t.device_power, t.powered
    unit_dev: DeviceSpec | None = None
    for p in rack.placements:
        spec = specs.device(p.device)
        bom[("device-types", p.device)] += 1
        device_types[p.device] += 1
        if not spec.known:
            t.unknown[p.device] += 1
            continue
        if spec.pdu is not None:
            t.own_pdus.append(p)
        equip_mass += spec.mass_kg
        if not spec.has_mass:
            t.no_mass[p.device] += 1
        if spec.busbar_w > 0:
            t.shelves.append((p, spec))
        elif spec.has_power:
            basis = spec.max_w if s.load_basis == "max" else spec.typical_w
            liquid += basis * spec.liquid_fraction  # optics stay in air
            if spec.liquid_fraction > 0:
                t.liquid_devices.append(display_name(p, ctx.specs.catalog))
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
            t.checked_psus.append((p, spec))
        elif spec.kind not in ("pdu", "patch"):
            t.no_power[p.device] += 1
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
    t.idle, t.typ, t.mx, t.nameplate, t.liquid, t.equip_mass, t.optics = idle, typ, mx, nameplate, liquid, equip_mass, optics
    t.bus_idle, t.bus_typ, t.bus_max = bus_idle, bus_typ, bus_max
    t.gpu_n, t.cpu, t.gpu_mem, t.gpu_bw, t.bf16, t.fp8, t.ram, t.gbps, t.stor = \
        gpu_n, cpu, gpu_mem, gpu_bw, bf16, fp8, ram, gbps, stor
    t.unit_dev = unit_dev
    return t


def _share_busbar(ctx: RackContext, rack: Rack, t: _Tally) -> tuple[Busbar | None, list[Finding]]:
    """The shelves share the busbar load by output rating and draw it / efficiency from their
    cords: each shelf joins the tally's PDU-fed devices with its share. The busbar and its
    findings (planner.engine.rules.rack_power.busbar_findings)."""
    if not t.shelves:
        return None, []
    s = ctx.settings
    bus_basis = t.bus_max if s.load_basis == "max" else t.bus_typ
    out_w = math.fsum(sp.busbar_w for _p, sp in t.shelves)
    usable = math.fsum(sp.busbar_usable_w for _p, sp in t.shelves)
    for p, sp in t.shelves:
        k = sp.busbar_w / out_w / sp.busbar_efficiency
        sp = replace(sp, has_power=True, idle_w=t.bus_idle * k, typical_w=t.bus_typ * k, max_w=t.bus_max * k)
        t.device_power[p.id] = DevicePower(sp.typical_w, sp.max_w)
        t.idle += sp.idle_w
        t.typ += sp.typical_w
        t.mx += sp.max_w
        if sp.nameplate_w:
            t.nameplate += sp.nameplate_w
        t.powered.append((p, sp))
    busbar = Busbar({p.id: sp for p, sp in t.shelves}, bus_basis)
    return busbar, rack_power.busbar_findings(rack, len(t.shelves), bus_basis, out_w, usable, s)


def compute_rack(ctx: RackContext, rack: Rack, room: Room, row_id: str) -> RackResult:
    s = ctx.settings
    rt = ctx.specs.rack_type(rack.rack_type)
    rid = rack.id
    findings = space.rack_type_findings(rack, rt)
    u_used, largest, found = space.occupancy(ctx, rack, rt)
    findings.extend(found)
    t = _tally(ctx, rack)
    findings.extend(rack_power.psu_findings(ctx, t.checked_psus))
    busbar, found = _share_busbar(ctx, rack, t)
    findings.extend(found)
    findings.extend(rack_power.data_findings(rack, t.unknown, t.no_power))
    findings.extend(space.mass_data_findings(rack, t.no_mass, lambda slug: ctx.specs.device(slug).name))

    # cords, outlets and phases
    own_pdus, device_power = t.own_pdus, t.device_power
    cords_to: dict[str, tuple[str, ...]] = {}
    contrib, pdu_refs, spread, found, cord_map = rack_power.distribute(ctx, rack, own_pdus, t.powered, busbar,
                                                                       cords_to)
    for pid, pdus in cords_to.items():
        if pid in device_power:
            device_power[pid] = replace(device_power[pid], pdus=pdus)
    findings.extend(found)
    findings.extend(rack_power.spread_findings(rack, spread))
    pdu_feeds = frozenset(p.feed for p in own_pdus if p.feed)
    findings.extend(feeds.rack_redundancy_findings(ctx, rack, own_pdus, pdu_feeds))
    power_cap = rack_power.rack_capacity_w(ctx, own_pdus)
    unfed_w, found = rack_power.unfed_load(ctx, rack, contrib)
    findings.extend(found)

    # cooling: all of the load basis is heat
    basis_w = t.mx if s.load_basis == "max" else t.typ
    heat = basis_w
    cool = cooling.rack_cooling(ctx, rack, heat, t.liquid, t.liquid_devices)
    if cool.unit is not None:
        t.bom[("cooling", cool.unit)] += 1
    findings.extend(cool.findings)
    cap_w = cool.capacity_w

    # mass and floor, walls, stranded capacity
    mass = space.mass_and_floor(ctx, rack, room, rt, t.equip_mass)
    findings.extend(mass.findings)
    findings.extend(space.outside_findings(ctx, rack, room))
    power_head = power_cap - basis_w
    cool_head = cap_w - heat
    findings.extend(space.stranded_findings(rack, t.unit_dev, own_pdus, largest, power_head, cool_head, s))

    load, floor = mass.load_kg, mass.floor_load_kg_per_m2
    power_level = levels.classify(basis_w, power_cap, s.feed_warn_fraction)
    cooling_level = levels.classify(heat, cap_w, s.cooling_warn_fraction)
    if rt.max_load_kg is not None:
        weight_util, weight_level = levels.utilisation(load, rt.max_load_kg), levels.classify(load, rt.max_load_kg, 1.0)
    else:
        weight_util, weight_level = None, levels.NONE
    floor_limit = room.floor_load_limit_kg_per_m2
    floor_level = levels.classify(floor, floor_limit, 1.0)
    method = cool.method
    return RackResult(
        id=rid, name=rack.name, room_id=room.id, row_id=row_id, rack_type=rack.rack_type, u_height=rt.u_height,
        u_used=u_used, u_free=rt.u_height - u_used, largest_free_block_u=largest,
        devices=len(rack.placements), idle_w=t.idle, typical_w=t.typ, max_w=t.mx, nameplate_w=t.nameplate,
        heat_w=heat, liquid_heat_w=cool.liquid_heat_w, air_heat_w=cool.air_heat_w, cooling=method,
        cooling_unit=cool.unit, loop=cool.loop_id if method in LOOP_METHODS else None, cooling_capacity_w=cap_w,
        airflow_cfm=cool.airflow_cfm, airflow_m3_per_h=cool.airflow_m3_per_h,
        liquid_flow_l_per_min=cool.liquid_flow_l_per_min, mass_kg=mass.total_mass_kg,
        equipment_mass_kg=t.equip_mass, cable_mass_kg=mass.cable_mass_kg, max_load_kg=rt.max_load_kg,
        footprint_m2=mass.footprint_m2, floor_load_kg_per_m2=floor, power_capacity_w=power_cap,
        power_headroom_w=power_head, cooling_headroom_w=cool_head, power_load_w=basis_w,
        power_utilisation=levels.utilisation(basis_w, power_cap), power_level=power_level,
        cooling_utilisation=levels.utilisation(heat, cap_w), cooling_level=cooling_level, load_kg=load,
        weight_utilisation=weight_util, weight_level=weight_level, floor_limit_kg_per_m2=floor_limit,
        floor_utilisation=levels.utilisation(floor, floor_limit), floor_level=floor_level,
        level=levels.worst((power_level, cooling_level, weight_level, floor_level)), gpus=dict(t.gpus),
        gpu_count=t.gpu_n, gpu_memory_gb=t.gpu_mem, gpu_bw_tb_per_s=t.gpu_bw, bf16_pflops=t.bf16 / 1000,
        fp8_pflops=t.fp8 / 1000, cpu_cores=t.cpu, ram_gb=t.ram, compute_gbps=t.gbps,
        storage_read_gb_per_s=t.stor, bom=dict(t.bom), findings=tuple(findings),
        pdu_contrib=contrib, pdus=tuple(p.id for p in own_pdus), feeds=pdu_feeds, pdu_refs=frozenset(pdu_refs),
        device_types=dict(t.device_types), optics_power_w=t.optics, device_power=device_power, cords=cord_map,
        loop_heat_w=cool.loop_heat_w, loop_flow_l_per_min=cool.loop_flow_l_per_min, unfed_w=unfed_w)
