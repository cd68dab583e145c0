"""Cable route lengths from the plan's geometry.

Route (docs/fabrics.md, "Cable length"): between racks, a cable rises from the
device to an overhead tray, runs along and across rows (Manhattan distance
between the rack centres, :func:`planner.model.geometry.rack_distance_m`), and drops to
the other device; plus a fixed slack for service loops and dressing::

    length = |dx| + |dy|  +  (tray - h_a)  +  (tray - h_b)  +  slack

Inside one rack it runs in the rear cable manager: ``|h_a - h_b| + slack``.
``h`` is the height of the device's middle above the floor (rack base + U
position); the tray hangs ``tray_clearance_m`` above the top of the taller rack.
Racks in different rooms add ``inter_room_m`` (a guess the user can set).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from planner.base.units import U_MM
from planner.model.geometry import RackFootprint, plan_footprints, rack_distance_m, u_bottom_mm
from planner.model.plan import Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog

SPINE_STUB_M = 0.3  # planning assumption: 2 x ~0.15 m from the tray connectors to the spine


@dataclass(frozen=True)
class CableRules:
    slack_m: float = 1.0
    tray_clearance_m: float = 0.3
    rack_base_m: float = 0.1
    inter_room_m: float = 30.0
    default_rack_u: int = 42

    def __post_init__(self) -> None:
        for name in ("slack_m", "tray_clearance_m", "rack_base_m", "inter_room_m"):
            if getattr(self, name) < 0:
                raise ValueError(f"cable rule {name} must not be negative")


class CableGeometry:
    """Heights and footprints of a plan, computed once, for many length queries.

    ``add_rack``/``add_placement`` register racks and devices an edit is about to
    add (auto-wiring computes lengths before its edit is applied)."""

    def __init__(self, plan: Plan, catalog: Catalog | None, rules: CableRules | None = None) -> None:
        self.catalog = catalog
        self.rules = rules or CableRules()
        self.footprints: dict[str, RackFootprint] = plan_footprints(plan, catalog)
        idx = plan.index
        self._rack_top: dict[str, float] = {}
        self._room: dict[str, str] = {}
        self._place: dict[str, tuple[str, int | None, str]] = {}
        for rack_id, rack in idx.racks.items():
            self._room[rack_id] = idx.row_room.get(idx.rack_row.get(rack_id, ""), "")
            self._rack_top[rack_id] = self._top_of(rack.rack_type)
        for pid, p in idx.placements.items():
            self._place[pid] = (idx.placement_rack[pid], p.u, p.device)
        self._dev_u: dict[str, float] = {}

    def _top_of(self, rack_type: str) -> float:
        rt = self.catalog.get("rack-types", rack_type) if self.catalog is not None else None
        u = rt.u_height if rt is not None else self.rules.default_rack_u
        return self.rules.rack_base_m + u * U_MM / 1000.0

    def add_rack(self, rack_id: str, rack_type: str, room_id: str, footprint: RackFootprint) -> None:
        self.footprints[rack_id] = footprint
        self._room[rack_id] = room_id
        self._rack_top[rack_id] = self._top_of(rack_type)

    def add_placement(self, placement_id: str, rack_id: str, u: int | None, device: str) -> None:
        self._place[placement_id] = (rack_id, u, device)

    def rack_of(self, placement_id: str) -> str:
        return self._place[placement_id][0]

    def device_height_m(self, placement_id: str) -> float:
        rack_id, u, device = self._place[placement_id]
        if u is None:
            return (self.rules.rack_base_m + self._rack_top[rack_id]) / 2.0
        h_u = self._dev_u.get(device)
        if h_u is None:
            dev = self.catalog.get("device-types", device) if self.catalog is not None else None
            h_u = self._dev_u[device] = float(dev.u_height) if dev is not None else 1.0
        return self.rules.rack_base_m + (u_bottom_mm(u) + h_u * U_MM / 2.0) / 1000.0

    def route_m(self, a: str, b: str) -> float:
        """Route length between two placements (before rounding to an orderable length)."""
        ra, rb = self._place[a][0], self._place[b][0]
        ha, hb = self.device_height_m(a), self.device_height_m(b)
        if ra == rb:
            return abs(ha - hb) + self.rules.slack_m
        tray = max(self._rack_top[ra], self._rack_top[rb]) + self.rules.tray_clearance_m
        horizontal = rack_distance_m(self.footprints[ra], self.footprints[rb])
        if self._room.get(ra) != self._room.get(rb):
            horizontal += self.rules.inter_room_m
        return horizontal + (tray - ha) + (tray - hb) + self.rules.slack_m

    def spine_m(self, a: str, b: str) -> float:
        """Length of an NVLink spine run between two trays: the vertical distance plus
        ``SPINE_STUB_M`` (the rear stubs from each tray's blind-mate connector to the
        spine; no service loops, the cartridge is rigid). Trays in different racks get the
        ordinary route, which no spine reaches (a finding)."""
        if self._place[a][0] != self._place[b][0]:
            return self.route_m(a, b)
        return abs(self.device_height_m(a) - self.device_height_m(b)) + SPINE_STUB_M
