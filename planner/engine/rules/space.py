"""Rule family "space and weight": rack units (overlaps, devices above the top, the largest
free block), the rack type's data, equipment and cable mass against the rack's load rating
and the room's floor, racks past their room's walls, and capacity stranded by space or by
headroom (docs/engine.md, Space and weight; Stranded capacity). Pure functions."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Any

from planner.engine.findings import Finding, make
from planner.engine.rackdata import RackContext
from planner.i18n import Np_
from planner.model.geometry import room_overhang_m, row_footprints
from planner.model.naming import display_name
from planner.model.placement import free_blocks

if TYPE_CHECKING:
    from collections.abc import Callable

    from planner.catalog import Catalog
    from planner.engine.settings import EngineSettings
    from planner.engine.specs import DeviceSpec, RackTypeSpec
    from planner.model.plan import Placement, Rack, Room, Row

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings)
CODES: tuple[str, ...] = (
    "UNKNOWN_RACK_TYPE", "NO_MASS_DATA", "PLACEMENT_OVERLAP", "PLACEMENT_OUT_OF_RACK", "RACK_OVERWEIGHT",
    "FLOOR_OVERLOAD", "RACK_OUTSIDE_ROOM", "STRANDED_SPACE", "STRANDED_POWER",
)


def rack_type_findings(rack: Rack, rt: RackTypeSpec) -> list[Finding]:
    """UNKNOWN_RACK_TYPE, or NO_MASS_DATA for a rack type without a weight."""
    if not rt.known:
        return [make("UNKNOWN_RACK_TYPE", "{rack_name}: rack type {rack_rack_type!r} is not in the catalog; assuming {rt_u_height}U, {rt_width_mm:.0f} x {rt_depth_mm:.0f} mm, 0 kg", "rack", rack.id, rack_name=rack.name, rack_rack_type=rack.rack_type, rt_u_height=rt.u_height, rt_width_mm=rt.width_mm, rt_depth_mm=rt.depth_mm)]
    if not rt.mass_kg:
        return [make("NO_MASS_DATA", "{rack_name}: rack type {rack_rack_type} gives no weight", "rack", rack.id, rack_name=rack.name, rack_rack_type=rack.rack_type)]
    return []


def occupancy(ctx: RackContext, rack: Rack, rt: RackTypeSpec) -> tuple[int, int, list[Finding]]:
    """The rack units used (front or rear), the largest free block, and PLACEMENT_OUT_OF_RACK /
    PLACEMENT_OVERLAP. Racks of one layout (rack type; each placement's device, U, face and
    depth, in order) give the same two numbers: kept by layout in ``ctx.layout_memo`` when
    the layout has no findings (they name the rack and devices) and its placement ids are
    distinct (an overlap is told by id)."""
    memo = ctx.layout_memo
    key: tuple[Any, ...] | None = None
    if memo is not None:
        key = ("occupancy", rack.rack_type, rt.u_height, rt.known,
               tuple([(p.u, p.device, p.face, p.full_depth) for p in rack.placements]))
        got = memo.get(key)
        if got is not None:
            return got[0], got[1], []
    u_used, largest, findings = _occupancy(ctx, rack, rt)
    if key is not None and not findings and len({p.id for p in rack.placements}) == len(rack.placements):
        assert memo is not None
        if len(memo) > 4096:
            memo.clear()
        memo[key] = (u_used, largest)
    return u_used, largest, findings


def _occupancy(ctx: RackContext, rack: Rack, rt: RackTypeSpec) -> tuple[int, int, list[Finding]]:
    findings: list[Finding] = []
    front: dict[int, str] = {}
    rear: dict[int, str] = {}
    u_used_set: set[int] = set()
    by_id: dict[str, Any] = {}
    for p in rack.placements:
        by_id[p.id] = p
        fp = ctx.checker.footprint(p)
        if fp is None:
            continue
        spec = ctx.specs.device(p.device)
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
    blocks = ctx.checker.free_blocks(rack) if rt.known else free_blocks(front, rear, rt.u_height)
    largest = max((n for _, n in blocks), default=0)
    return len(u_used_set), largest, findings


def mass_data_findings(rack: Rack, no_mass: Counter[str], names: Callable[[str], str] | None = None) -> list[Finding]:
    """NO_MASS_DATA for devices without a weight, each named as the catalog names it
    (``names``: slug -> name; "1 x ddn-ai400x2 have no weight" read in the findings)."""
    return [make("NO_MASS_DATA", Np_("{rack_name}: {n} x {device} has no weight (counted as 0 kg)",
                                     "{rack_name}: {n} x {device} have no weight (counted as 0 kg)"),
                 "rack", rack.id, rack_name=rack.name, n=n, device=names(slug) if names is not None else slug)
            for slug, n in sorted(no_mass.items())]


@dataclass(slots=True)
class RackMass:
    """A rack's mass (kg) and floor load (kg/m2)."""

    cable_mass_kg: float
    load_kg: float  # equipment and cables: what the rack's load rating carries
    total_mass_kg: float
    footprint_m2: float
    floor_load_kg_per_m2: float
    findings: list[Finding]


def mass_and_floor(ctx: RackContext, rack: Rack, room: Room, rt: RackTypeSpec, equip_mass: float) -> RackMass:
    """Equipment and half of each cable at the rack (planner.fabric link_media; default length
    when none) against the rack's load rating (RACK_OVERWEIGHT) and, with the rack's own
    mass, over its footprint against the room's floor (FLOOR_OVERLOAD)."""
    end_sums = ctx.end_sums
    if end_sums is not None:
        cable_mass = math.fsum(chain.from_iterable(end_sums(p.id)[1] for p in rack.placements))
    else:
        links_at = ctx.links_by_placement
        cable_mass = math.fsum(lk.mass_kg / 2 for p in rack.placements for lk in links_at.get(p.id, ()))
    load = equip_mass + cable_mass
    total_mass = rt.mass_kg + load
    area = rt.width_mm * rt.depth_mm / 1e6
    floor = total_mass / area
    findings: list[Finding] = []
    rid = rack.id
    if rt.max_load_kg is not None and load > rt.max_load_kg:
        findings.append(make("RACK_OVERWEIGHT", "{rack_name}: {load:.0f} kg of equipment exceeds the rack's {rt_max_load_kg:.0f} kg load rating", "rack", rid, rack_name=rack.name, load=load, rt_max_load_kg=rt.max_load_kg))
    if floor > room.floor_load_limit_kg_per_m2:
        findings.append(make("FLOOR_OVERLOAD", "{rack_name}: {total_mass:.0f} kg on {area:.2f} m2 is {floor:.0f} kg/m2, above the {room_name} limit of {room_floor_load_limit_kg_per_m2:.0f} kg/m2", "rack", rid, rack_name=rack.name, total_mass=total_mass, area=area, floor=floor, room_name=room.name, room_floor_load_limit_kg_per_m2=room.floor_load_limit_kg_per_m2))
    return RackMass(cable_mass, load, total_mass, area, floor, findings)


def row_overhangs(row: Row, room: Room, catalog: Catalog) -> dict[str, float]:
    """The racks of ``row`` whose footprint (:func:`planner.model.geometry.row_footprints`, the
    floor plan's own) reaches past its room's walls: rack id -> overhang in m."""
    w, d = room.width_m, room.depth_m
    out: dict[str, float] = {}
    for fp in row_footprints(row, catalog):
        over = room_overhang_m(fp, w, d)
        if over:
            out[fp.rack_id] = over
    return out


def outside_findings(ctx: RackContext, rack: Rack, room: Room) -> list[Finding]:
    """RACK_OUTSIDE_ROOM, from the overhangs the engine keeps per row (:func:`row_overhangs`)."""
    over = ctx.outside_m.get(rack.id) if ctx.outside_m else None
    if over:
        return [make("RACK_OUTSIDE_ROOM", "{rack_name} reaches {over:.2f} m past the walls of room {room_name} ({room_width_m:.2f} x {room_depth_m:.2f} m): move its row or make the room larger", "rack", rack.id, rack_name=rack.name, over=over, room_name=room.name, room_width_m=room.width_m, room_depth_m=room.depth_m)]
    return []


def stranded_findings(rack: Rack, unit_dev: DeviceSpec | None, own_pdus: list[Placement], largest: int,
                      power_head: float, cool_head: float, s: EngineSettings) -> list[Finding]:
    """STRANDED_SPACE (free units, no headroom for another of the rack's largest device) or
    STRANDED_POWER (headroom, no units), for racks with PDUs of their own."""
    if unit_dev is None or not own_pdus:
        return []
    head = min(power_head, cool_head)
    unit_u = max(1, -(-int(unit_dev.u_height * 2) // 2))
    if largest >= unit_u and head < unit_dev.max_w:
        return [make("STRANDED_SPACE", "{rack_name}: {largest}U free in one block but only {v3:.1f} kW of power/cooling headroom; another {unit_dev_name} ({v5:.1f} kW) would not fit", "rack", rack.id, rack_name=rack.name, largest=largest, v3=max(head, 0) / 1000, unit_dev_name=unit_dev.name, v5=unit_dev.max_w / 1000)]
    if largest < unit_u and head >= max(unit_dev.max_w, s.stranded_min_power_kw * 1000):
        return [make("STRANDED_POWER", "{rack_name}: {v2:.1f} kW of power and cooling headroom but only {largest}U free in one block", "rack", rack.id, rack_name=rack.name, v2=head / 1000, largest=largest)]
    return []
