"""Result objects of the engine: per PDU, feed, loop and room, plan totals, the BOM, and
:class:`Results`, the snapshot handed to the UI, the CLI and reports.

Results are treated as immutable: ``Engine.update`` returns a new ``Results`` whose
dicts are fresh (shallow copies) while unchanged per-entity results are shared."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from planner.engine import physics
from planner.engine.findings import SEVERITY_RANK, Finding
from planner.engine.rack import RackResult


@dataclass(slots=True)
class PduResult:
    id: str
    name: str
    rack_id: str
    device: str
    feed: str | None
    side: str
    wiring: str
    voltage_v: float
    phases: int
    rating_a: float
    derated_a: float
    typical_w: float
    max_w: float
    phase_w: tuple[float, float, float]  # load basis, normal operation
    phase_a: tuple[float, float, float]  # line currents, normal operation
    neutral_a: float
    imbalance_percent: float
    failover_phase_a: tuple[float, float, float]  # worst case over failed sides
    fail_w: dict[str, float]  # failed side -> total W on this PDU
    cords: int
    findings: tuple[Finding, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "rack": self.rack_id, "device": self.device, "feed": self.feed,
                "side": self.side, "wiring": self.wiring, "voltage_v": self.voltage_v, "rating_a": self.rating_a,
                "derated_a": self.derated_a, "power_kw": {"typical": self.typical_w / 1000, "max": self.max_w / 1000},
                "phase_current_a": list(self.phase_a), "neutral_current_a": self.neutral_a,
                "imbalance_percent": self.imbalance_percent, "failover_phase_current_a": list(self.failover_phase_a),
                "cords": self.cords}


@dataclass(slots=True)
class FeedResult:
    id: str
    name: str
    side: str
    capacity_w: float  # derated, real power
    derating: float
    typical_w: float
    max_w: float
    failover_w: float  # load basis with the worst other side failed
    failover_side: str | None
    utilisation: float  # failover_w / capacity_w
    pdus: tuple[str, ...]
    findings: tuple[Finding, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "side": self.side, "capacity_kw": self.capacity_w / 1000,
                "derating": self.derating, "power_kw": {"typical": self.typical_w / 1000, "max": self.max_w / 1000},
                "failover_kw": self.failover_w / 1000, "failover_side": self.failover_side,
                "utilisation": self.utilisation, "pdus": list(self.pdus)}


@dataclass(slots=True)
class LoopResult:
    id: str
    name: str
    cdu: str | None  # None: a loop without CDUs (facility water)
    cdu_count: int
    coolant: str
    capacity_w: float
    capacity_n_minus_1_w: float
    heat_w: float
    flow_l_per_min: float
    rated_flow_l_per_min: float | None
    racks: int
    utilisation: float
    findings: tuple[Finding, ...]
    kind: str = "in-row"  # "in-row" (CDUs) or "facility" (building water)
    supply_temp_c: float = 32.0
    return_temp_c: float = 42.0  # supply + delta_t_k
    delta_t_k: float = 10.0
    # where capacity_w and rated_flow_l_per_min come from: "design" (the loop's own figure),
    # "catalog" (its CDUs x count), "derived" (flow: capacity at delta_t_k), "unknown"
    capacity_basis: str = "catalog"
    flow_basis: str = "catalog"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "cdu": self.cdu, "cdu_count": self.cdu_count,
                "coolant": self.coolant, "capacity_kw": self.capacity_w / 1000,
                "capacity_n_minus_1_kw": self.capacity_n_minus_1_w / 1000, "heat_kw": self.heat_w / 1000,
                "flow_l_per_min": self.flow_l_per_min, "rated_flow_l_per_min": self.rated_flow_l_per_min,
                "racks": self.racks, "utilisation": self.utilisation}

    def cooling_loop_dict(self) -> dict[str, Any]:
        """The entry of ``rackwright check --json`` ``cooling_loops[]`` (docs/engine.md)."""
        return {"id": self.id, "name": self.name, "kind": self.kind, "cdu": self.cdu,
                "cdu_count": self.cdu_count if self.cdu is not None else 0, "coolant": self.coolant,
                "supply_temp_c": self.supply_temp_c, "return_temp_c": self.return_temp_c,
                "capacity_kw": self.capacity_w / 1000 if self.capacity_basis != "unknown" else None,
                "capacity_basis": self.capacity_basis, "load_kw": self.heat_w / 1000,
                "flow_l_per_min": self.flow_l_per_min, "rated_flow_l_per_min": self.rated_flow_l_per_min,
                "flow_basis": self.flow_basis, "racks": self.racks, "utilisation": self.utilisation}


SUM_FIELDS = ("idle_w", "typical_w", "max_w", "nameplate_w", "heat_w", "liquid_heat_w", "air_heat_w",
              "airflow_cfm", "airflow_m3_per_h", "liquid_flow_l_per_min", "mass_kg", "cable_mass_kg",
              "optics_power_w", "gpu_memory_gb",
              "gpu_bw_tb_per_s", "bf16_pflops", "fp8_pflops", "ram_gb", "compute_gbps", "storage_read_gb_per_s")
INT_FIELDS = ("u_height", "u_used", "u_free", "devices", "gpu_count", "cpu_cores")


@dataclass(slots=True)
class Aggregate:
    """Sums over racks (a room) or rooms (the site)."""

    racks: int = 0
    sums: dict[str, float] = field(default_factory=dict)
    ints: dict[str, int] = field(default_factory=dict)
    gpus: dict[str, int] = field(default_factory=dict)
    bom: dict[tuple[str, str], int] = field(default_factory=dict)
    device_types: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class RoomResult:
    id: str
    name: str
    area_m2: float
    agg: Aggregate
    findings: tuple[Finding, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        s = self.agg.sums
        return {"id": self.id, "name": self.name, "racks": self.agg.racks, "area_m2": self.area_m2,
                "power_kw": {"typical": s["typical_w"] / 1000, "max": s["max_w"] / 1000},
                "heat_kw": s["heat_w"] / 1000, "gpus": self.agg.ints["gpu_count"],
                "power_density_kw_per_m2": s["max_w"] / 1000 / self.area_m2 if self.area_m2 else 0.0}


@dataclass(frozen=True, slots=True)
class BomLine:
    table: str
    slug: str
    name: str
    quantity: int
    unit_price: float | None
    currency: str | None
    known: bool

    @property
    def extended(self) -> float | None:
        return None if self.unit_price is None else self.unit_price * self.quantity

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "slug": self.slug, "name": self.name, "quantity": self.quantity,
                "unit_price": self.unit_price, "currency": self.currency, "extended": self.extended,
                "in_catalog": self.known}


@dataclass(slots=True)
class Totals:
    racks: int
    rooms: int
    agg: Aggregate
    pue: float
    facility_typical_w: float
    facility_max_w: float
    energy_kwh_per_year: float
    currency: str
    capex: float
    capex_complete: bool
    opex_per_year: float
    electricity_price_per_kwh: float

    @property
    def gpus(self) -> int:
        return self.agg.ints["gpu_count"]

    def to_dict(self) -> dict[str, Any]:
        s, i = self.agg.sums, self.agg.ints
        cur = self.currency.lower()
        return {
            "racks": self.racks, "rooms": self.rooms, "gpus": i["gpu_count"],
            "gpus_by_model": dict(sorted(self.agg.gpus.items())),
            "gpu_memory_gb": s["gpu_memory_gb"], "gpu_memory_bandwidth_tb_per_s": s["gpu_bw_tb_per_s"],
            "bf16_pflops_dense": s["bf16_pflops"], "fp8_pflops_dense": s["fp8_pflops"],
            "cpu_cores": i["cpu_cores"], "ram_gb": s["ram_gb"],
            "compute_network_gbps": s["compute_gbps"], "storage_read_gb_per_s": s["storage_read_gb_per_s"],
            "it_power_kw": {"idle": s["idle_w"] / 1000, "typical": s["typical_w"] / 1000, "max": s["max_w"] / 1000,
                            "nameplate": s["nameplate_w"] / 1000},
            "pue": self.pue,
            "facility_power_kw": self.facility_typical_w / 1000,
            "facility_power_max_kw": self.facility_max_w / 1000,
            "heat_kw": s["heat_w"] / 1000,
            "heat_btu_per_h": physics.btu_per_h(s["heat_w"]),
            "cooling_tons": physics.refrigeration_tons(s["heat_w"]),
            "liquid_heat_kw": s["liquid_heat_w"] / 1000, "air_heat_kw": s["air_heat_w"] / 1000,
            "airflow_cfm": s["airflow_cfm"], "liquid_flow_l_per_min": s["liquid_flow_l_per_min"],
            "mass_kg": s["mass_kg"], "cable_mass_kg": s["cable_mass_kg"],
            "optics_power_kw": s["optics_power_w"] / 1000, "u_used": i["u_used"], "u_free": i["u_free"], "devices": i["devices"],
            "energy_mwh_per_year": self.energy_kwh_per_year / 1000,
            "currency": self.currency,
            f"cost_{cur}": self.capex,
            "capex": self.capex, "capex_complete": self.capex_complete,
            f"opex_per_year_{cur}": self.opex_per_year,
            "electricity_price_per_kwh": self.electricity_price_per_kwh,
        }


@dataclass
class Results:
    """One snapshot of everything the engine computed for a plan."""

    totals: Totals
    racks: dict[str, RackResult]
    pdus: dict[str, PduResult]
    feeds: dict[str, FeedResult]
    loops: dict[str, LoopResult]
    rooms: dict[str, RoomResult]
    bom: list[BomLine]
    plan_findings: tuple[Finding, ...]
    # per fabric (planner.fabric.analysis.FabricResult, by fabric id) and per workload
    # (planner.workloads.WorkloadVerdict, by workload id); their findings, in the engine's shape,
    # are part of ``findings``/``counts``/``has_errors``
    fabrics: dict[str, Any] = field(default_factory=dict)
    fabric_findings: tuple[Finding, ...] = ()
    workloads: dict[str, Any] = field(default_factory=dict)
    workload_findings: tuple[Finding, ...] = ()
    _findings: list[Finding] | None = None

    def _all_findings(self):
        yield from self.plan_findings
        for coll in (self.rooms, self.racks, self.pdus, self.feeds, self.loops):
            for r in coll.values():
                yield from r.findings
        yield from self.fabric_findings
        yield from self.workload_findings

    @property
    def findings(self) -> list[Finding]:
        """All findings, errors first, then by where and code (built on first access)."""
        if self._findings is None:
            self._findings = sorted(self._all_findings(), key=lambda f: (SEVERITY_RANK[f.severity], f.kind,
                                                                          f.id or "", f.code, f.message))
        return self._findings

    def counts(self) -> dict[str, int]:
        out = {"error": 0, "warning": 0, "info": 0}
        for f in self._all_findings():
            out[f.severity] += 1
        return out

    @property
    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self._all_findings())

    def findings_for(self, kind: str, entity_id: str) -> list[Finding]:
        coll = {"rack": self.racks, "pdu": self.pdus, "feed": self.feeds, "loop": self.loops,
                "room": self.rooms}.get(kind)
        if coll is not None and entity_id in coll:
            return list(coll[entity_id].findings)
        return [f for f in self.findings if f.kind == kind and f.id == entity_id]

    def to_json(self, plan: Any = None, catalog: Any = None) -> dict[str, Any]:
        """The JSON document of ``rackwright check --json`` (see docs/engine.md). With a
        plan, racks come in plan order and registered section providers add theirs."""
        from planner.engine.report import build_json

        return build_json(self, plan, catalog)
