"""Geometry computed once, used by both the scene and the PDF.

Floor coordinates are metres in the room's frame: origin at the room's top-left
corner as drawn, x to the right, y downward (the drawing convention of both Qt
and our PDF pages after their flip). A row starts at (x_m, y_m); with
``orientation_deg`` 0 its racks extend along +x and their fronts face -y (up on
the drawing), their depth extending along +y. Other orientations turn the row
clockwise about its start point.

Rack elevations: U1 is at the bottom. ``u_bottom_mm(u)`` is the height of the
bottom edge of U ``u`` above the rack's first unit. A face is seen from the outside: the
19-inch rails in the middle, a side channel left and right of them (between the rails and
the outer frame) where 0U devices (PDUs) hang; several on one side stand side by side in
their channel (:func:`zero_u_slots`), so none hides another.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from planner.base.units import INCH_MM, U_MM
from planner.model.plan import Plan, Rack, Row

if TYPE_CHECKING:
    from planner.catalog import Catalog

DEFAULT_RACK_MM = (600.0, 1200.0)
RAIL_MM = 19 * INCH_MM  # 482.6 mm between the rails' outer edges (EIA-310)
RAIL_MIN_MARGIN_MM = 10.0  # a rack narrower than the rails plus this each side still shows a channel
ZERO_U_GAP_MM = 3.0  # between a 0U device and the channel's edges, and between two side by side
ZERO_U_END_MM = 20.0  # a 0U device stops this short of the rack's first and last unit


@dataclass(frozen=True)
class RackFootprint:
    rack_id: str
    row_id: str
    x_m: float  # front-left corner as seen from the front (cold aisle)
    y_m: float
    width_m: float
    depth_m: float
    rotation_deg: int  # row orientation
    corners: tuple[tuple[float, float], ...]  # 4 corners (front-left, front-right, rear-right, rear-left)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        xs = [c[0] for c in self.corners]
        ys = [c[1] for c in self.corners]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def center(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bounds
        return (x0 + x1) / 2, (y0 + y1) / 2

    @property
    def area_m2(self) -> float:
        return self.width_m * self.depth_m


def rack_outer_mm(catalog: Catalog | None, slug: str) -> tuple[float, float]:
    rt = catalog.get("rack-types", slug) if catalog is not None else None
    if rt is None:
        return DEFAULT_RACK_MM
    w = getattr(rt, "outer_width_mm", None) or DEFAULT_RACK_MM[0]
    d = getattr(rt, "outer_depth_mm", None) or DEFAULT_RACK_MM[1]
    return float(w), float(d)


def _rotate(x: float, y: float, deg: int) -> tuple[float, float]:
    r = math.radians(deg)
    c, s = round(math.cos(r), 12), round(math.sin(r), 12)
    return x * c - y * s, x * s + y * c


def row_footprints(row: Row, catalog: Catalog | None) -> list[RackFootprint]:
    out: list[RackFootprint] = []
    along = 0.0
    for rack in sorted(row.racks, key=lambda r: r.position):
        along += rack.gap_before_m
        w_mm, d_mm = rack_outer_mm(catalog, rack.rack_type)
        w, d = w_mm / 1000.0, d_mm / 1000.0
        local = ((along, 0.0), (along + w, 0.0), (along + w, d), (along, d))
        corners = tuple(
            (row.x_m + rx, row.y_m + ry) for rx, ry in (_rotate(x, y, row.orientation_deg) for x, y in local)
        )
        out.append(RackFootprint(rack.id, row.id, corners[0][0], corners[0][1], w, d, row.orientation_deg, corners))
        along += w
    return out


def plan_footprints(plan: Plan, catalog: Catalog | None) -> dict[str, RackFootprint]:
    """Footprint of every rack, by rack id."""
    out: dict[str, RackFootprint] = {}
    for room in plan.site.rooms:
        for row in room.rows:
            for fp in row_footprints(row, catalog):
                out[fp.rack_id] = fp
    return out


def row_length_m(row: Row, catalog: Catalog | None) -> float:
    fps = row_footprints(row, catalog)
    return sum(f.width_m for f in fps) + sum(r.gap_before_m for r in row.racks)


def u_bottom_mm(u: int) -> float:
    return (u - 1) * U_MM


def u_span_mm(u: int, u_height: float) -> tuple[float, float]:
    """(bottom, top) of a device in mm above the rack's U1 bottom edge."""
    return u_bottom_mm(u), u_bottom_mm(u) + max(u_height, 0.0) * U_MM


def rail_width_mm(outer_width_mm: float) -> float:
    """Width of the rails' opening drawn on a face ``outer_width_mm`` wide."""
    return max(0.0, min(RAIL_MM, outer_width_mm - 2 * RAIL_MIN_MARGIN_MM))


def side_channel_mm(outer_width_mm: float, side: str) -> tuple[float, float]:
    """(left, right) of a face's side channel, in mm from the face's outer left edge."""
    chan = (outer_width_mm - rail_width_mm(outer_width_mm)) / 2
    return (0.0, chan) if side == "left" else (outer_width_mm - chan, outer_width_mm)


@dataclass(frozen=True)
class SideSlot:
    """Where a 0U device hangs: its ``side`` channel of its ``face``, lane ``lane`` of
    ``lanes`` (0 nearest the outer frame), ``x0_mm``..``x1_mm`` from the face's outer left
    edge and ``bottom_mm``..``top_mm`` above the bottom edge of U1."""

    placement_id: str
    face: str
    side: str
    lane: int
    lanes: int
    x0_mm: float
    x1_mm: float
    bottom_mm: float
    top_mm: float

    @property
    def width_mm(self) -> float:
        return self.x1_mm - self.x0_mm


def zero_u_slots(rack: Rack, outer_width_mm: float, u_height: int) -> dict[str, SideSlot]:
    """The slot of every 0U device of ``rack``, by placement id: the devices on one side of
    one face share its channel in equal lanes side by side, in the rack's placement order,
    the first nearest the outer frame. Used by the rack scene (drawing and hit-testing) and
    the PDF elevations alike."""
    groups: dict[tuple[str, str], list[str]] = {}
    for p in rack.placements:
        if p.u is None:
            groups.setdefault((p.face, p.side or "left"), []).append(p.id)
    bottom = min(ZERO_U_END_MM, u_height * U_MM / 4)
    top = u_height * U_MM - bottom
    out: dict[str, SideSlot] = {}
    for (face, side), ids in groups.items():
        c0, c1 = side_channel_mm(outer_width_mm, side)
        n = len(ids)
        gap = min(ZERO_U_GAP_MM, (c1 - c0) / (2 * n + 1))
        lane_w = max(0.0, (c1 - c0 - (n + 1) * gap) / n)
        for i, pid in enumerate(ids):
            lane = i
            # lane 0 at the outside: from the left edge on the left, from the right on the right
            k = i if side == "left" else n - 1 - i
            x0 = c0 + gap + k * (lane_w + gap)
            out[pid] = SideSlot(pid, face, side, lane, n, x0, x0 + lane_w, bottom, top)
    return out


def rack_distance_m(a: RackFootprint, b: RackFootprint) -> float:
    """Manhattan distance between rack centres (cable trays run along and across rows)."""
    ax, ay = a.center
    bx, by = b.center
    return abs(ax - bx) + abs(ay - by)


ROOM_EPS_M = 1e-9  # a footprint this close to a wall counts as inside (float noise of rotations)


def room_overhang_m(fp: RackFootprint, width_m: float, depth_m: float) -> float:
    """How far the footprint ``fp`` reaches past the walls of a room of ``width_m`` x
    ``depth_m`` (the room's frame: x across its width, y down its depth): the largest of
    its overhangs on the four sides, 0.0 when it stands inside (walls included)."""
    x0, y0, x1, y1 = fp.bounds
    over = max(-x0, -y0, x1 - width_m, y1 - depth_m)
    return over if over > ROOM_EPS_M else 0.0


def rack_in_room(rack: Rack, fp: RackFootprint, width_m: float, depth_m: float) -> bool:
    return room_overhang_m(fp, width_m, depth_m) == 0.0
