"""Placement rules: where a device may go in a rack.

A device occupies ``ceil(u_height)`` units from its lowest U upward on its face;
a full-depth device blocks both faces. A placement is refused, with a reason a user
understands, when it overlaps another device on a face, extends beyond the rack's
height or below U1, or is deeper than the rack can take (see CABINET_CLEARANCE_MM). 0U devices (side
PDUs) take no U but need a free side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from planner.i18n import N_, tmsg
from planner.model.plan import Placement, Plan, Rack

if TYPE_CHECKING:
    from planner.catalog import Catalog

# whole sentences per side and face, so a translation can say "links"/"vorne" in its own order
_ZERO_U_FULL = {
    ("left", "front"): N_("{rack}: the left side already holds two 0U devices on the front"),
    ("left", "rear"): N_("{rack}: the left side already holds two 0U devices on the rear"),
    ("right", "front"): N_("{rack}: the right side already holds two 0U devices on the front"),
    ("right", "rear"): N_("{rack}: the right side already holds two 0U devices on the rear"),
}
_TAKEN = {
    ("front", False): N_("U{u} on the front of {rack} is taken by {other}"),
    ("rear", False): N_("U{u} on the rear of {rack} is taken by {other}"),
    ("front", True): N_("U{u} on the front of {rack} is taken by {other} (full depth)"),
    ("rear", True): N_("U{u} on the rear of {rack} is taken by {other} (full depth)"),
}


@dataclass(frozen=True)
class DeviceDims:
    u_height: float
    full_depth: bool
    depth_mm: float | None
    name: str


# Devices extend behind the rear rails, so a cabinet's limit on device depth is not the
# rail-to-rail distance (NetBox ``mounting_depth``) but its outer depth less the room the
# doors, front flange and rear cabling need. 150 mm is our assumption (a 1200 mm cabinet
# then takes 1050 mm devices, enough for an XE9680 at 1009 mm, which vendors place in
# 1200 mm cabinets); a rack type can state its own ``planning.max_device_depth_mm``.
CABINET_CLEARANCE_MM = 150.0


@dataclass(frozen=True)
class RackDims:
    u_height: int
    max_device_depth_mm: float | None
    name: str


def device_dims(catalog: Catalog | None, slug: str) -> DeviceDims | None:
    dev = catalog.get("device-types", slug) if catalog is not None else None
    if dev is None:
        return None
    depth = dev.planning.depth_mm if dev.planning is not None else None
    return DeviceDims(
        u_height=float(dev.u_height),
        full_depth=dev.is_full_depth,
        depth_mm=float(depth) if depth else None,
        name=f"{dev.manufacturer} {dev.model}",
    )


def rack_dims(catalog: Catalog | None, slug: str) -> RackDims | None:
    rt = catalog.get("rack-types", slug) if catalog is not None else None
    if rt is None:
        return None
    planning = getattr(rt, "planning", None)
    depth = getattr(planning, "max_device_depth_mm", None) if planning is not None else None
    if not depth:
        outer = getattr(rt, "outer_depth_mm", None)
        depth = outer - CABINET_CLEARANCE_MM if outer else getattr(rt, "mounting_depth_mm", None)
    return RackDims(u_height=int(rt.u_height), max_device_depth_mm=float(depth) if depth else None,
                    name=f"{rt.manufacturer} {rt.model}")


def free_blocks(front: dict[int, str], rear: dict[int, str], height: int) -> list[tuple[int, int]]:
    """(start U, length) of the runs of units free on both faces, from occupancy maps."""
    blocks: list[tuple[int, int]] = []
    start = None
    for u in range(1, height + 2):
        free = u <= height and u not in front and u not in rear
        if free and start is None:
            start = u
        elif not free and start is not None:
            blocks.append((start, u - start))
            start = None
    return blocks


def units_of(u: int, u_height: float) -> range:
    return range(u, u + max(1, math.ceil(u_height)))


# the catalog a checker was made with (None: no catalog, nothing known of the hardware)
C = TypeVar("C", bound="Catalog | None", covariant=True)


class PlacementChecker(Generic[C]):
    """Checks placements against a catalog. Unknown hardware is not refused here
    (the plan keeps it, marked unknown, and the engine reports it)."""

    def __init__(self, catalog: C) -> None:
        self.catalog = catalog

    def footprint(self, p: Placement) -> tuple[set[int], set[int]] | None:
        """(front units, rear units) a placement occupies, or None if not in U space."""
        if p.u is None:
            return None
        dims = device_dims(self.catalog, p.device)
        height = dims.u_height if dims else 1.0
        if height <= 0:
            return None
        full = p.full_depth if p.full_depth is not None else (dims.full_depth if dims else True)
        units = set(units_of(p.u, height))
        if full:
            return units, set(units)
        return (units, set()) if p.face == "front" else (set(), units)

    def occupancy(self, rack: Rack, ignore: str | None = None) -> tuple[dict[int, str], dict[int, str]]:
        """Maps of U -> placement id for the front and rear faces."""
        front: dict[int, str] = {}
        rear: dict[int, str] = {}
        for q in rack.placements:
            if q.id == ignore:
                continue
            fp = self.footprint(q)
            if fp is None:
                continue
            for u in fp[0]:
                front[u] = q.id
            for u in fp[1]:
                rear[u] = q.id
        return front, rear

    def check(self, plan: Plan, rack_id: str, p: Placement, ignore: str | None = None) -> str | None:
        rack = plan.rack(rack_id)
        rdims = rack_dims(self.catalog, rack.rack_type)
        dims = device_dims(self.catalog, p.device)
        dev_name = dims.name if dims else p.device
        if p.u is None:
            if dims is not None and dims.u_height > 0:
                return tmsg("{device} is {height:g}U and needs a U position", device=dev_name, height=dims.u_height)
            taken = [q for q in rack.placements if q.id != ignore and q.u is None and q.side == p.side
                     and q.face == p.face]
            if len(taken) >= 2:
                template = _ZERO_U_FULL.get((str(p.side), str(p.face)))
                if template is None:
                    return f"{rack.name}: the {p.side} side already holds two 0U devices on the {p.face}"
                return tmsg(template, rack=rack.name)
            return None
        if p.u < 1:
            return tmsg("U{u} is below the bottom of {rack}: the lowest unit is U1", u=p.u, rack=rack.name)
        if dims is not None and dims.u_height <= 0:
            return tmsg("{device} is a 0U device: mount it on a side, not at a U position", device=dev_name)
        height = dims.u_height if dims else 1.0
        top = p.u + max(1, math.ceil(height)) - 1
        if rdims is not None and top > rdims.u_height:
            return tmsg("{device} is {height:g}U: at U{u} it would reach U{top}, beyond the top of {rack} "
                        "({rack_height}U)", device=dev_name, height=height, u=p.u, top=top, rack=rack.name,
                        rack_height=rdims.u_height)
        if rdims is not None and dims is not None and dims.depth_mm and rdims.max_device_depth_mm \
                and dims.depth_mm > rdims.max_device_depth_mm:
            return tmsg("{device} is {depth:.0f} mm deep; {rack} takes devices up to {max_depth:.0f} mm deep",
                        device=dev_name, depth=dims.depth_mm, rack=rack.name, max_depth=rdims.max_device_depth_mm)
        fp = self.footprint(p)
        assert fp is not None
        front, rear = self.occupancy(rack, ignore=ignore if ignore is not None else p.id)
        for face, units, occ in (("front", fp[0], front), ("rear", fp[1], rear)):
            clash = sorted(u for u in units if u in occ)
            if clash:
                other = plan.placement(occ[clash[0]])
                odims = device_dims(self.catalog, other.device)
                oname = other.name or (odims.name if odims else other.device)
                full = bool(odims and odims.full_depth and other.face != face)
                return tmsg(_TAKEN[(face, full)], u=clash[0], rack=rack.name, other=oname)
        return None

    def free_blocks(self, rack: Rack) -> list[tuple[int, int]]:
        """Free (start U, length) blocks where a full-depth device would fit."""
        rdims = rack_dims(self.catalog, rack.rack_type)
        height = rdims.u_height if rdims else 42
        front, rear = self.occupancy(rack)
        return free_blocks(front, rear, height)

    def first_fit(self, plan: Plan, rack_id: str, device: str, face: str = "front") -> int | None:
        """Lowest U where ``device`` fits in the rack, or None."""
        rack = plan.rack(rack_id)
        rdims = rack_dims(self.catalog, rack.rack_type)
        height = rdims.u_height if rdims else 42
        for u in range(1, height + 1):
            probe = Placement(id="probe", device=device, u=u, face=face)
            if self.check(plan, rack_id, probe, ignore="probe") is None:
                return u
        return None
