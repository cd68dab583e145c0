"""Per-rack and floor rules shared by the workload search and the plan generator.

The search (:mod:`planner.design.search`) counts racks and floor area with these
functions and the generator (:mod:`planner.design.generate`) should place by them, so
a candidate's rack count is the plan's. Everything is measured the way the engine
checks it (docs/engine.md): a rack's load is its devices' **maximum** draw (the
engine's default load basis), its heat limit is the cooling method's capacity
(:func:`cooling_capacity_kw`), its weight limit the rack type's static load rating.

* :func:`cooling_capacity_kw` -- kW one rack may reject with a cooling option (``air``
  is air with hot/cold-aisle containment, the plan method ``air`` maps to).
* :func:`devices_per_rack` -- how many of one device type a rack holds and what
  stops it there (space, ``max_rack_kw``, cooling, weight).
* :func:`racks_needed` -- compute racks for N servers plus network and storage racks.
* :func:`floor_layout` / :func:`floor_m2_needed` / :func:`racks_on_floor` -- the room
  a set of racks needs: rows of at most :data:`ROW_MAX_RACKS`, hot/cold aisles of
  :data:`AISLE_M` between rows and along the walls, :data:`END_CLEARANCE_M` at each row
  end (TIA-942 / ASHRAE TC9.9: cold aisles at least 1.2 m, 4 ft; hot aisles 0.9-1.2 m).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

# space in a compute rack kept for its management (BMC) switch
MGMT_SWITCH_U = 1
# aisle width between rows (cold and hot alike) and along the walls, metres
AISLE_M = 1.2
# clearance at each end of a row, metres
END_CLEARANCE_M = 1.2
ROW_MAX_RACKS = 10
# U kept free at the top of a network or storage rack (patch panels, cable managers)
NETWORK_RACK_RESERVED_U = 4
# GPUs per GB200 NVL72 rack: 18 compute trays of 4 (NVIDIA GB200 NVL72 datasheet)
NVL72_TRAYS_PER_RACK = 18
NVL72_SWITCH_TRAYS = 9
PREFERRED_RACK = "rack-48u-600x1200"
PREFERRED_NETWORK_RACK = "rack-48u-800x1200"

LIMITERS = ("space", "max_rack_kw", "cooling", "weight")


def _settings(settings: Any) -> Any:
    if settings is None:
        from planner.engine.settings import DEFAULT_SETTINGS

        return DEFAULT_SETTINGS
    return settings


def cooling_unit(catalog: Any, cooling: str) -> Any | None:
    """The catalog cooling unit a rack gets with this option: the largest rear door for
    ``rdhx``, the largest tank for ``immersion``; None for air and direct liquid (the
    engine uses its method limits for those)."""
    prefix = {"rdhx": "rdhx", "immersion": "immersion"}.get(cooling)
    if prefix is None:
        return None
    units = [u for u in catalog.cooling_units.values() if u.kind.startswith(prefix)]
    if not units:
        return None
    return max(units, key=lambda u: (u.capacity_kw, u.slug))


def cooling_capacity_kw(catalog: Any, cooling: str, settings: Any = None) -> float:
    """kW of heat one rack may reject with ``cooling`` (a :data:`COOLING_OPTIONS` name),
    as the engine rates it (planner.engine.rack): contained air
    ``air_containment_limit_kw``, direct liquid ``direct_liquid_limit_kw``, a rear door
    or tank its catalog capacity (else the engine's default for the method)."""
    s = _settings(settings)
    if cooling == "air":
        return float(s.air_containment_limit_kw)
    if cooling == "dlc":
        return float(s.direct_liquid_limit_kw)
    unit = cooling_unit(catalog, cooling)
    if unit is not None:
        return float(unit.capacity_kw)
    return float(s.rdhx_default_kw if cooling == "rdhx" else s.immersion_default_kw)


def device_max_w(device: Any) -> float:
    """The draw the engine checks a rack against (its default load basis, ``max``)."""
    return float(device.max_power_w or device.typical_power_w or 0.0)


def liquid_fraction(device: Any) -> float:
    c = device.planning.cooling if device.planning is not None else None
    return float(getattr(c, "liquid_fraction", 0.0) or 0.0) if c is not None else 0.0


@dataclass(frozen=True, slots=True)
class RackFit:
    """How many of one device type a rack holds, and what stops it there."""

    per_rack: int  # 0: not even one fits (``limiter`` says why)
    limiter: str  # one of LIMITERS
    rack_kw_limit: float  # the per-rack kW that applies: min(max_rack_kw, cooling capacity)
    cooling_kw: float
    by_space: int
    by_power: int  # by min(max_rack_kw, cooling)
    by_weight: int
    rack_u: int = 48


def devices_per_rack(device: Any, rack_type: Any, *, cooling_kw: float, max_rack_kw: float | None = None,
                     reserved_u: int = MGMT_SWITCH_U, reserved_w: float = 0.0, reserved_kg: float = 0.0,
                     residual_air_kw: float | None = None) -> RackFit:
    """Devices of ``device`` one ``rack_type`` holds: by its U (less ``reserved_u``), by
    the per-rack kW (``max_rack_kw`` and ``cooling_kw``, less ``reserved_w``), by the
    rack's load rating (less ``reserved_kg``) and, on direct liquid cooling, by the heat
    the devices still give to room air (``residual_air_kw``)."""
    u = max(1, math.ceil(float(device.u_height))) if device.u_height else 1
    by_space = max(0, (int(rack_type.u_height) - reserved_u) // u)
    w = device_max_w(device)
    limit_kw = cooling_kw if max_rack_kw is None else min(cooling_kw, max_rack_kw)
    by_power = by_space if w <= 0 else max(0, int((limit_kw * 1000.0 - reserved_w + 1e-6) // w))
    if residual_air_kw is not None and w > 0:
        air_w = w * (1.0 - liquid_fraction(device))
        if air_w > 0:
            by_power = min(by_power, max(0, int((residual_air_kw * 1000.0 + 1e-6) // air_w)))
    kg = device.mass_kg
    cap_kg = rack_type.max_load_kg
    by_weight = by_space if not kg or cap_kg is None else max(0, int((cap_kg - reserved_kg) // kg))
    per = min(by_space, by_power, by_weight)
    if per == by_space:
        limiter = "space"
    elif per == by_power:
        limiter = "max_rack_kw" if max_rack_kw is not None and max_rack_kw < cooling_kw else "cooling"
    else:
        limiter = "weight"
    return RackFit(per, limiter, limit_kw, cooling_kw, by_space, by_power, by_weight, int(rack_type.u_height))


def pick_rack_type(catalog: Any, network: bool = False) -> Any:
    """The rack type for compute (or network/storage) racks: the preferred 48U cabinet
    (800 mm wide for network racks, room for cable management), else the tallest
    standard cabinet in the catalog."""
    want = PREFERRED_NETWORK_RACK if network else PREFERRED_RACK
    rt = catalog.get("rack-types", want)
    if rt is None and network:
        rt = catalog.get("rack-types", PREFERRED_RACK)
    if rt is not None:
        return rt
    racks = [r for r in catalog.rack_types.values() if "nvl72" not in r.slug]
    if not racks:
        raise ValueError("the catalog has no rack types")
    return max(racks, key=lambda r: (r.u_height, r.slug))


@dataclass(frozen=True, slots=True)
class RackCount:
    compute: int
    network: int
    storage: int
    compute_fit: RackFit

    @property
    def total(self) -> int:
        return self.compute + self.network + self.storage


def _fill(items: list[tuple[int, float]], u_per_rack: int, kw_per_rack: float) -> list[int]:
    """First fit in order: the rack (0-based) each of ``items`` ((U, W) each) goes in."""
    where: list[int] = []
    racks = 0
    u_left, w_left = 0, 0.0
    for u, w in items:
        if racks == 0 or u > u_left or w > w_left + 1e-6:
            racks += 1
            u_left, w_left = u_per_rack, kw_per_rack * 1000.0
        u_left -= u
        w_left -= w
        where.append(racks - 1)
    return where


def racks_needed(server: Any, servers: int, fit: RackFit, *, switches: Any = (), storage: Any = (),
                 network_rack_type: Any = None, reserved_u: int = MGMT_SWITCH_U) -> RackCount:
    """Compute racks for ``servers`` of ``server`` at ``fit.per_rack`` each, plus racks
    for the fabric ``switches`` and ``storage`` devices (device types, one entry per
    unit): switches, then storage, fill shared network racks (``network_rack_type``
    less :data:`NETWORK_RACK_RESERVED_U`, up to ``fit.rack_kw_limit``; a rack holding
    only storage counts as a storage rack) -- unless the whole build fits one compute
    rack, where they go in beside the servers."""
    if fit.per_rack < 1:
        raise ValueError("not even one server fits a rack")
    compute = math.ceil(servers / fit.per_rack)
    limit = fit.rack_kw_limit
    net = [_item(d) for d in switches]
    sto = [_item(d) for d in storage]
    if compute == 1 and (net or sto):
        su, sw = _item(server)
        used_u = servers * su + sum(u for u, _w in net + sto)
        used_w = servers * sw + sum(w for _u, w in net + sto)
        if used_u <= fit.rack_u - reserved_u and used_w <= limit * 1000.0 + 1e-6:
            return RackCount(1, 0, 0, fit)
    where = _extra(net + sto, network_rack_type, limit)
    racks = max(where) + 1 if where else 0
    with_switch = len(set(where[:len(net)]))
    return RackCount(compute, with_switch, racks - with_switch, fit)


def _item(device: Any) -> tuple[int, float]:
    return max(1, math.ceil(float(device.u_height or 1))), device_max_w(device)


def _extra(items: list[tuple[int, float]], rack_type: Any, limit_kw: float) -> list[int]:
    if not items:
        return []
    u = int(rack_type.u_height) - NETWORK_RACK_RESERVED_U if rack_type is not None else 44
    return _fill(items, max(1, u), limit_kw)


@dataclass(frozen=True, slots=True)
class FloorLayout:
    rows: int
    per_row: int
    width_m: float
    depth_m: float

    @property
    def area_m2(self) -> float:
        return self.width_m * self.depth_m


def floor_layout(racks: int, rack_type: Any) -> FloorLayout:
    """The room for ``racks`` racks of ``rack_type``: rows of at most
    :data:`ROW_MAX_RACKS` (the racks spread evenly over the rows), an aisle of
    :data:`AISLE_M` in front of and behind every row (rows face each other across cold
    aisles and share hot aisles: rows + 1 aisles), :data:`END_CLEARANCE_M` at each row end."""
    racks = max(1, int(racks))
    rows = math.ceil(racks / ROW_MAX_RACKS)
    per_row = math.ceil(racks / rows)
    w = (rack_type.outer_width_mm or 600.0) / 1000.0
    d = (rack_type.outer_depth_mm or 1200.0) / 1000.0
    width = per_row * w + 2 * END_CLEARANCE_M
    depth = rows * d + (rows + 1) * AISLE_M
    return FloorLayout(rows, per_row, round(width, 3), round(depth, 3))


def floor_m2_needed(racks: int, rack_type: Any) -> float:
    return floor_layout(racks, rack_type).area_m2


def racks_on_floor(floor_m2: float, rack_type: Any, limit: int = 100_000) -> int:
    """The most racks of ``rack_type`` whose :func:`floor_layout` fits ``floor_m2``."""
    if floor_m2_needed(1, rack_type) > floor_m2:
        return 0
    lo, hi = 1, 2
    while hi < limit and floor_m2_needed(hi, rack_type) <= floor_m2:
        lo, hi = hi, hi * 2
    hi = min(hi, limit)
    # the area grows with the count except where a new row evens out: scan the last span
    best = lo
    for n in range(lo, hi + 1):
        if floor_m2_needed(n, rack_type) <= floor_m2:
            best = n
    return best
