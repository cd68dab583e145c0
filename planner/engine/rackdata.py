"""What one rack's computation reads and gives: the context (the plan, the catalog specs and
settings, the feeds, loops and links it refers to), its result and its contribution to its
PDUs. The rule providers (planner.engine.rules) and the rack pass (planner.engine.rack)
share these types; aggregates (PDUs, feeds, loops, rooms, totals) only sum the results."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from planner.engine import physics
from planner.engine.findings import Finding
from planner.engine.levels import Level
from planner.engine.settings import EngineSettings
from planner.engine.specs import DeviceSpec, SpecCache
from planner.model.placement import PlacementChecker
from planner.model.plan import CoolingLoop, Plan, PowerFeed

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
    # the load (load basis) the rack's cords put on PDUs that hang on no power feed: no feed
    # carries it (POWER_UNFED_LOAD), and those PDUs add nothing to power_capacity_w
    unfed_w: float = 0.0

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
            "unfed_power_kw": self.unfed_w / 1000,
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
    # rack power layout -> its cords and loads with placements by position
    # (planner.engine.rules.rack_power.distribute); None: not memoised
    spread_memo: dict[tuple[Any, ...], Any] | None = None
    # rack layout -> what space.occupancy found for it (None: not memoised)
    layout_memo: dict[tuple[Any, ...], Any] | None = None

    @classmethod
    def make_checker(cls, catalog: Catalog) -> PlacementChecker:
        return PlacementChecker(catalog)


def feed_side(ctx: RackContext, pdu_placement: Placement) -> str:
    """The feed side a PDU hangs on (the side of its feed), else a failure domain of its own."""
    fid = pdu_placement.feed
    feed = ctx.feeds.get(fid) if fid else None
    # a PDU on no feed is its own failure domain
    return feed.side if feed is not None else f"?{pdu_placement.id}"


@dataclass(slots=True)
class Busbar:
    """A rack's DC busbar: its power shelves (placement id -> catalog spec, output and
    efficiency) and the load it carries on the engine's load basis, in W."""

    shelves: dict[str, DeviceSpec]
    load_w: float
