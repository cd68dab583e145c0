"""Result objects of the engine: per PDU, feed, loop and room, plan totals, the BOM, and
:class:`Results`, the snapshot handed to the UI, the CLI and reports.

Results are treated as immutable: ``Engine.update`` returns a new ``Results`` whose
dicts are fresh (shallow copies) while unchanged per-entity results are shared."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

from planner.engine import levels, physics
from planner.engine.economics import OwnInputs, RentVsOwn
from planner.engine.energy import EnergyResult
from planner.engine.findings import SEVERITY_RANK, Finding
from planner.engine.levels import Level
from planner.engine.rackdata import RackResult
from planner.engine.settings import EngineSettings
from planner.workloads.evaluate import WorkloadVerdict

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.fabric.analysis import FabricResult
    from planner.model.plan import Plan


# price bases that are planning estimates (docs/catalog.md, Prices), never quotes or list prices
ESTIMATE_BASES = frozenset({"estimate", "street-estimate"})

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
    level: Level = levels.NONE  # failover_w against capacity_w, warning above feed_warn_fraction
    # the power source the feed hangs off, and the load on the basis with each other side failed
    # (sides not listed: the normal load), for the source roll-up
    upstream: str | None = None
    load_w: float = 0.0  # normal operation, on the engine's load basis (max_w or typical_w)
    fail_w: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "side": self.side, "capacity_kw": self.capacity_w / 1000,
                "derating": self.derating, "power_kw": {"typical": self.typical_w / 1000, "max": self.max_w / 1000},
                "failover_kw": self.failover_w / 1000, "failover_side": self.failover_side,
                "utilisation": self.utilisation, "level": self.level, "pdus": list(self.pdus),
                "upstream": self.upstream, "load_kw": self.load_w / 1000, "failover_load_kw": self.failover_w / 1000}


@dataclass(slots=True)
class SourceResult:
    """A power source (UPS, panel, switchboard, generator) with the feeds and downstream
    sources under it: its load in normal operation and with the worst other feed side
    failed, against its capacity (docs/engine.md, "Power sources")."""

    id: str
    name: str
    kind: str
    side: str | None
    upstream: str | None
    capacity_w: float
    typical_w: float
    max_w: float
    load_w: float  # normal operation, on the engine's load basis
    failover_w: float  # the worst case over failed sides (>= load_w)
    failover_side: str | None
    utilisation: float  # failover_w / capacity_w
    feeds: tuple[str, ...]  # directly under it
    sources: tuple[str, ...]  # directly under it
    fail_w: dict[str, float]  # failed side -> load on this source (its own side: 0)
    findings: tuple[Finding, ...]
    level: Level = levels.NONE  # failover_w against capacity_w, warning above feed_warn_fraction

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "side": self.side, "upstream": self.upstream,
                "capacity_kw": self.capacity_w / 1000, "load_kw": self.load_w / 1000,
                "power_kw": {"typical": self.typical_w / 1000, "max": self.max_w / 1000},
                "failover_load_kw": self.failover_w / 1000, "failover_side": self.failover_side,
                "utilisation": self.utilisation, "level": self.level, "feeds": list(self.feeds),
                "sources": list(self.sources)}


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
    utilisation: float  # heat_w / capacity_w
    findings: tuple[Finding, ...]
    # liquid heat x loop_margin against capacity_w, warning above cooling_warn_fraction;
    # none when the capacity is unknown (a CDU not in the catalog, no design capacity)
    level: Level = levels.NONE
    kind: str = "in-row"  # "in-row" (CDUs) or "facility" (building water)
    supply_temp_c: float = 32.0
    return_temp_c: float = 42.0  # supply + delta_t_k
    delta_t_k: float = 10.0
    # where capacity_w and rated_flow_l_per_min come from: "design" (the loop's own figure),
    # "catalog" (its CDUs x count), "derived" (flow: capacity at delta_t_k), "unknown"
    capacity_basis: str = "catalog"
    flow_basis: str = "catalog"
    # the part of heat_w the liquid cooling captured (direct liquid, immersion racks; not rear
    # doors): the waste heat a heat customer could take at the loop's temperatures (docs/energy.md)
    liquid_heat_w: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "cdu": self.cdu, "cdu_count": self.cdu_count,
                "coolant": self.coolant, "capacity_kw": self.capacity_w / 1000,
                "capacity_n_minus_1_kw": self.capacity_n_minus_1_w / 1000, "heat_kw": self.heat_w / 1000,
                "flow_l_per_min": self.flow_l_per_min, "rated_flow_l_per_min": self.rated_flow_l_per_min,
                "racks": self.racks, "utilisation": self.utilisation, "level": self.level}

    def cooling_loop_dict(self) -> dict[str, Any]:
        """The entry of ``rackwright check --json`` ``cooling_loops[]`` (docs/engine.md)."""
        return {"id": self.id, "name": self.name, "kind": self.kind, "cdu": self.cdu,
                "cdu_count": self.cdu_count if self.cdu is not None else 0, "coolant": self.coolant,
                "supply_temp_c": self.supply_temp_c, "return_temp_c": self.return_temp_c,
                "capacity_kw": self.capacity_w / 1000 if self.capacity_basis != "unknown" else None,
                "capacity_basis": self.capacity_basis, "load_kw": self.heat_w / 1000,
                "flow_l_per_min": self.flow_l_per_min, "rated_flow_l_per_min": self.rated_flow_l_per_min,
                "flow_basis": self.flow_basis, "racks": self.racks, "utilisation": self.utilisation,
                "level": self.level}


# The names of Aggregate's sums and counts: each is also an attribute of RackResult, the
# engine adds them up by these names, and the type checker refuses a key that is not one.
SumField = Literal["idle_w", "typical_w", "max_w", "nameplate_w", "heat_w", "liquid_heat_w", "air_heat_w",
                   "airflow_cfm", "airflow_m3_per_h", "liquid_flow_l_per_min", "mass_kg", "cable_mass_kg",
                   "optics_power_w", "gpu_memory_gb",
                   "gpu_bw_tb_per_s", "bf16_pflops", "fp8_pflops", "ram_gb", "compute_gbps",
                   "storage_read_gb_per_s", "unfed_w"]
IntField = Literal["u_height", "u_used", "u_free", "devices", "gpu_count", "cpu_cores"]
SUM_FIELDS: tuple[SumField, ...] = get_args(SumField)
INT_FIELDS: tuple[IntField, ...] = get_args(IntField)


@dataclass(slots=True)
class Aggregate:
    """Sums over racks (a room) or rooms (the site)."""

    racks: int = 0
    sums: dict[SumField, float] = field(default_factory=dict)
    ints: dict[IntField, int] = field(default_factory=dict)
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
    # plan-currency units per unit of ``currency`` (1.0 in the plan currency; None without a
    # price or without an exchange rate in the plan: then the line is not in the capex)
    rate: float | None = None
    # where the unit price comes from: "plan" (metadata.price_overrides), "catalog", or None
    price_source: str | None = None
    # how far to trust the price (catalog ``price.basis``: list, street-estimate, estimate,
    # quote; "plan" for a price set for this plan); None without a price
    basis: str | None = None

    @property
    def estimated(self) -> bool:
        """A planning estimate, never a quote: basis ``estimate`` or ``street-estimate``."""
        return self.basis in ESTIMATE_BASES

    @property
    def extended(self) -> float | None:
        """Quantity x unit price, in the line's own ``currency``."""
        return None if self.unit_price is None else self.unit_price * self.quantity

    @property
    def extended_plan(self) -> float | None:
        """The extended price in the plan currency, or None when it cannot be converted."""
        return None if self.unit_price is None or self.rate is None else self.unit_price * self.quantity * self.rate

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "slug": self.slug, "name": self.name, "quantity": self.quantity,
                "unit_price": self.unit_price, "currency": self.currency, "extended": self.extended,
                "exchange_rate": self.rate, "extended_plan_currency": self.extended_plan,
                "in_catalog": self.known, "price_source": self.price_source, "price_basis": self.basis,
                "estimate": self.estimated}


@dataclass(frozen=True, slots=True)
class RentOwnResult:
    """Rent or own for the plan (docs/engine.md, "Rent or own"): the inputs the engine gave
    :func:`planner.engine.economics.rent_vs_own` and what it answered. ``figures`` is None when no
    cloud price could be used (``reason`` says why); owning is then still costed in
    ``own_only``. Money in the plan ``currency``."""

    inputs: OwnInputs
    own_only: RentVsOwn  # owning's cost per year and its parts (always known)
    figures: RentVsOwn | None  # with the cloud price; None: no usable cloud price
    gpu_model: str  # the GPU slug whose cloud price is used (the most numerous model)
    gpu_model_name: str
    gpus: int
    currency: str
    capex_complete: bool
    # the cloud price: "plan" (metadata.cloud_price_per_gpu_hour), "catalog" (table cloud), "none"
    price_source: str
    price_detail: dict[str, Any] = field(default_factory=dict)  # offer, date, basis, original currency
    reason: str = ""  # why there is no cloud figure

    @property
    def own_cost_per_year(self) -> float:
        return self.own_only.own_cost_per_year

    def horizon_months(self) -> int:
        """The months a cumulative-cost chart spans: the years of use, stretched to show a
        later break-even (up to 20 years)."""
        months = max(12, math.ceil(self.inputs.years * 12))
        f = self.figures
        if f is not None and f.break_even_months is not None and f.break_even_months > months * 0.9:
            months = min(240, math.ceil(f.break_even_months * 1.2))
        return months

    def cumulative(self, months: int) -> tuple[list[float], list[float] | None]:
        """Cumulative cost at the end of each month 0..months: (own, rent or None)."""
        if self.figures is None:
            return self.own_only.cumulative(months)[0], None
        return self.figures.cumulative(months)

    def to_dict(self) -> dict[str, Any]:
        f = self.figures
        d = self.own_only.to_dict()
        if f is not None:
            d = f.to_dict()
        i = self.inputs
        return {
            "currency": self.currency,
            "capex_complete": self.capex_complete,  # false: owning is understated
            "cloud_cost_per_year": d["cloud_cost_per_year"],
            "own_cost_per_year": d["own_cost_per_year"],
            "break_even_months": d["break_even_months"],
            "break_even_utilisation": d["break_even_utilisation"],
            "own_parts_per_year": {"capital": d["capital_per_year"], "energy": d["energy_per_year"],
                                   "support": d["support_per_year"], "colocation": d["colocation_per_year"]},
            "years": d["years"],
            "gpus": self.gpus, "gpu_model": self.gpu_model,
            "cloud_price_per_gpu_hour": i.cloud_price_per_gpu_hour,  # plan currency
            "price_source": self.price_source,  # plan | catalog | none
            "cloud_price": dict(self.price_detail),  # as given: amount, currency, date, basis, offer, reference
            "inputs": {"capex": i.capex, "capex_complete": self.capex_complete, "it_kw_typical": i.it_kw_typical,
                       "it_kw_committed": i.it_kw_committed, "pue": i.pue,
                       "electricity_price_per_kwh": i.electricity_price_per_kwh, "utilisation": i.utilisation,
                       "support_fraction_per_year": i.support_fraction_per_year,
                       "colocation_price_per_kw_month": i.colocation_per_kw_month},
            "computed": f is not None,
            "reason": self.reason or None,
        }


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
    utilisation: float = 1.0  # the plan's metadata.utilisation, in the energy figure
    # currencies of BOM prices the plan has no exchange rate for (lines left out of capex)
    unconverted: tuple[str, ...] = ()
    rent_vs_own: RentOwnResult | None = None  # None: the plan has no GPUs
    # the part of ``capex`` priced by planning estimates (basis estimate or street-estimate),
    # not lists or quotes: shown beside the capex wherever it is shown
    capex_estimated: float = 0.0

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
            "optics_power_kw": s["optics_power_w"] / 1000, "unfed_power_kw": s["unfed_w"] / 1000,
            "u_used": i["u_used"], "u_free": i["u_free"], "devices": i["devices"],
            "energy_mwh_per_year": self.energy_kwh_per_year / 1000,
            "currency": self.currency,
            f"cost_{cur}": self.capex,
            "capex": self.capex, "capex_complete": self.capex_complete, "capex_estimated": self.capex_estimated,
            "capex_unconverted_currencies": list(self.unconverted),
            f"opex_per_year_{cur}": self.opex_per_year,
            "electricity_price_per_kwh": self.electricity_price_per_kwh,
            "utilisation": self.utilisation,
        }


@dataclass(frozen=True, slots=True)
class NvlinkDomain:
    """One NVLink domain as ``rackwright check`` lists it (section ``nvlink_domains``):
    a multi-node domain (an ``nvlink`` fabric, e.g. a GB200 NVL72 rack) or the NVSwitch
    domain inside each server of a model (HGX/DGX; nothing cabled)."""

    domain: str  # "multi-node" or "node"
    name: str | None  # the fabric's name (multi-node)
    server_model: str | None  # device slug (node)
    servers: int  # node: servers of the model with this domain inside; multi-node: 0
    gpus: int  # GPUs in one domain
    per_gpu_gb_per_s: float  # bidirectional NVLink bandwidth per GPU, as wired
    nvlink: bool  # node: the GPU has NVLink at all (else each GPU is its own domain)
    complete: bool  # multi-node: wired as its design says; node: True
    level: Level  # multi-node: worst of its NVLINK_ findings, warn when incomplete; node: ok
    figures: dict[str, Any]  # the JSON entry
    # what joins the domain's GPUs (planner.fabric.nvlink.SCALE_UP_NAMES): "nvlink" (NVSwitch,
    # and every multi-node domain), "nvlink-bridge", "infinity-fabric", "other", "none"
    interconnect: str = "nvlink"

    def to_dict(self) -> dict[str, Any]:
        return dict(self.figures)


@dataclass(frozen=True, slots=True)
class NvlinkSummary:
    """The plan's NVLink domains and what the Totals show of them."""

    domains: tuple[NvlinkDomain, ...] = ()
    count: int = 0  # multi-node domains + servers with an in-server NVSwitch domain
    largest: NvlinkDomain | None = None
    multi_node: int = 0
    complete: int = 0  # multi-node domains wired as designed
    min_per_gpu_gb_per_s: float | None = None  # slowest multi-node domain
    in_server: int = 0  # servers with an in-server scale-up domain (NVSwitch, Infinity Fabric, bridged pairs)
    level: Level = levels.NONE
    # servers with an in-server domain per interconnect ("nvlink": NVSwitch, "infinity-fabric",
    # "nvlink-bridge", "other"), in that order; the node domains' own figures say their size
    in_server_by: tuple[tuple[str, int], ...] = ()
    # the interconnects of the domains counted (multi-node ones are "nvlink"), in that order
    interconnects: tuple[str, ...] = ()

    @classmethod
    def build(cls, fabrics: dict[str, FabricResult], device_types: dict[str, int], catalog: Catalog | None) -> NvlinkSummary:
        """From the fabric results (plan order) and the plan's device counts:
        O(fabrics + device types), nothing per placement."""
        from planner.fabric.nvlink import SCALE_UP_NAMES, node_domains

        doms: list[NvlinkDomain] = []
        for fr in fabrics.values():
            nv = fr.nvlink
            if not nv:
                continue
            sev = {f.severity for f in fr.findings if f.code.startswith("NVLINK_")}
            lvl = levels.OVER if "error" in sev else levels.WARN if ("warning" in sev or not nv.get("complete")) \
                else levels.OK
            doms.append(NvlinkDomain("multi-node", fr.name, None, 0, int(nv.get("domain_gpus", 0)),
                                     float(nv.get("per_gpu_gb_per_s", 0.0)), True, bool(nv.get("complete")), lvl,
                                     dict(nv, name=fr.name)))
        if catalog is not None:
            for d in node_domains(catalog, device_types):
                doms.append(NvlinkDomain("node", None, d["server_model"], int(d["servers"]), int(d["domain_gpus"]),
                                         float(d["per_gpu_gb_per_s"]), bool(d["nvlink"]), True,
                                         levels.OK if d["nvlink"] else levels.NONE, d, d["interconnect"]))
        multi = [d for d in doms if d.domain == "multi-node"]
        node = [d for d in doms if d.domain == "node" and d.nvlink]
        shown = multi + node
        if not shown:
            return cls(domains=tuple(doms))
        by = {k: sum(d.servers for d in node if d.interconnect == k) for k in SCALE_UP_NAMES if k != "none"}
        links = {d.interconnect for d in shown}
        return cls(domains=tuple(doms), count=len(multi) + sum(d.servers for d in node),
                   largest=max(shown, key=lambda d: d.gpus), multi_node=len(multi),
                   complete=sum(1 for d in multi if d.complete),
                   min_per_gpu_gb_per_s=min((d.per_gpu_gb_per_s for d in multi), default=None),
                   in_server=sum(d.servers for d in node), level=levels.worst(d.level for d in shown),
                   in_server_by=tuple((k, n) for k, n in by.items() if n),
                   interconnects=tuple(k for k in SCALE_UP_NAMES if k in links))


@dataclass(frozen=True, slots=True)
class RackSummary:
    """Over all racks, for one of a rack's figures (power, cooling, weight, floor): the
    rack with the highest utilisation and how many racks are over or near their limit."""

    worst: RackResult | None
    utilisation: float | None
    level: Level
    over: int
    warn: int


def feed_rank(f: FeedResult) -> tuple[int, float]:
    """How bad a feed is: its level's rank, then its utilisation (``Results.worst_feed``)."""
    return (levels.rank(f.level), f.utilisation)


RACK_FIGURES = {
    "power": ("power_utilisation", "power_level"),
    "cooling": ("cooling_utilisation", "cooling_level"),
    "weight": ("weight_utilisation", "weight_level"),
    "floor": ("floor_utilisation", "floor_level"),
}


@dataclass(frozen=True, slots=True)
class WorkloadNeed:
    """The largest need of any workload for one figure (GPUs, GPU memory) against what the
    plan has, with its level: over when the plan has less than the need, warn when it has
    less than ``1 + workload_margin_warn`` times it."""

    need: float
    have: float
    utilisation: float | None  # need / have
    level: Level


JsonBuilder = Callable[["Results", "Plan | None", "Catalog | None"], dict[str, Any]]
_json_builder: JsonBuilder | None = None


FindingKey = tuple[str, str, "str | None"]


def finding_key(f: Finding) -> FindingKey:
    """What a finding is about, without its figures: the same limit broken in two phases (a
    feed at 104 % and at 130 %) is one key (planner.engine.rules.phases)."""
    return (f.code, f.kind, f.id)


@dataclass
class PhaseFigures:
    """One growth phase (docs/phases.md): the results of the plan as it stands after it
    (everything of this phase and the ones before), what it adds, and what changes."""

    id: str
    name: str
    start: str  # YYYY-MM(-DD) or empty
    number: int  # 1-based, in build order
    results: Results  # cumulative: the plan of phases 1..number
    capex_added: float  # this phase's capex less the one before (the whole capex for the first)
    added: dict[str, int]  # what the phase adds: racks, devices, gpus, links, feeds, loops
    new_findings: tuple[Finding, ...] = ()  # findings not in the phase before (all of them for the first)
    resolved_findings: tuple[Finding, ...] = ()  # findings of the phase before that this one has not
    # capacity this phase's racks, feeds and loops keep free for the later phases (what those
    # phases add to them): u, power_kw (maximum draw), heat_kw, feed_kw (failover, on the
    # feeds this phase has), loop_kw (heat on the loops this phase has), ports (of its devices,
    # that later phases' cables take)
    reserved: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        t = self.results.totals
        s, i = t.agg.sums, t.agg.ints
        return {
            "id": self.id, "name": self.name, "start": self.start, "number": self.number,
            "totals": {"racks": t.racks, "devices": i["devices"], "gpus": t.gpus, "u_used": i["u_used"],
                       "it_power_kw": {"typical": s["typical_w"] / 1000, "max": s["max_w"] / 1000},
                       "facility_power_kw": t.facility_typical_w / 1000, "heat_kw": s["heat_w"] / 1000,
                       "energy_mwh_per_year": t.energy_kwh_per_year / 1000, "currency": t.currency,
                       "capex": t.capex, "capex_complete": t.capex_complete, "capex_added": self.capex_added,
                       "opex_per_year": t.opex_per_year},
            "rent_vs_own": None if t.rent_vs_own is None else t.rent_vs_own.to_dict(),
            # the energy figures of the build as it stands after the phase (issue 32: per plan and phase)
            "energy": None if self.results.energy is None else self.results.energy.to_dict(),
            "added": dict(self.added),
            "reserved": dict(self.reserved),
            "workloads": {wid: {"name": v.name, "met": v.met, "margin": v.margin}
                          for wid, v in self.results.workloads.items()},
            "summary": self.results.counts(),
            "new_findings": [f.to_dict() for f in self.new_findings],
            "resolved_findings": [f.to_dict() for f in self.resolved_findings],
        }


@dataclass
class CostTimeline:
    """Owning against renting across the growth phases over time (docs/phases.md, "Cost over
    time"; planner.engine.economics.cost_timeline): from the first phase's start over the plan's
    years of use (at least a year of the last phase), per calendar year. Money in ``currency``;
    ``complete`` is False when a phase's capex leaves unpriced items out (a lower bound)."""

    start: str  # YYYY-MM, the first phase's start
    end: str  # YYYY-MM, the month after the last one counted
    years: list[Any]  # planner.engine.economics.CostYear, in order
    break_even: str | None  # YYYY-MM from whose end owning stays at or below renting; None: never
    currency: str
    complete: bool
    years_of_use: float

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "years_of_use": self.years_of_use, "currency": self.currency,
                "complete": self.complete, "break_even": self.break_even,
                "years": [y.to_dict() for y in self.years]}


@dataclass
class PhasesResult:
    """The figures of every growth phase, in build order (the last is the whole plan), and for
    each finding of the whole plan the phase that first breaks its limit: the first of the
    unbroken run of phases up to the last that have it (planner.engine.rules.phases)."""

    phases: list[PhaseFigures]
    first_phase: dict[FindingKey, str] = field(default_factory=dict)
    timeline: CostTimeline | None = None  # None: timeline_reason says why
    timeline_reason: str = ""  # a Message (translated where shown)

    def phase_of(self, f: Finding) -> str | None:
        return self.first_phase.get(finding_key(f))

    def phase_name(self, phase_id: str | None) -> str:
        return next((p.name for p in self.phases if p.id == phase_id), phase_id or "")

    def to_dict(self) -> dict[str, Any]:
        return {"phases": [p.to_dict() for p in self.phases],
                "timeline": None if self.timeline is None else self.timeline.to_dict(),
                "timeline_reason": str(self.timeline_reason) if self.timeline is None else None}


def set_json_builder(builder: JsonBuilder) -> None:
    """Install the function behind :meth:`Results.to_json` (``planner.engine.report`` does,
    on import)."""
    global _json_builder
    _json_builder = builder


# the finding groups that are not one entity's: every update may redo them
PLAN_WIDE_GROUPS = (("plan", ""), ("fabric", ""), ("workload", ""), ("energy", ""), ("phase", ""))


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
    fabrics: dict[str, FabricResult] = field(default_factory=dict)
    fabric_findings: tuple[Finding, ...] = ()
    workloads: dict[str, WorkloadVerdict] = field(default_factory=dict)
    workload_findings: tuple[Finding, ...] = ()
    nvlink: NvlinkSummary = field(default_factory=NvlinkSummary)
    # the largest workload need against the plan: "gpus", "gpu_memory_gb" (absent: no need)
    workload_needs: dict[str, WorkloadNeed] = field(default_factory=dict)
    settings: EngineSettings | None = None  # the thresholds the levels were computed with
    # power sources (UPS, panels) by id, plan order (planner.engine.core: the roll-up of feeds)
    sources: dict[str, SourceResult] = field(default_factory=dict)
    # the energy figures and, for a site in Germany, the EnEfG checks (planner.engine.rules.energy;
    # docs/energy.md); None only for results made outside the engine
    energy: EnergyResult | None = None
    energy_findings: tuple[Finding, ...] = ()
    # the growth phases' figures (planner.engine.rules.phases; docs/phases.md): None for a plan
    # without phases; and its references to what a later phase adds (PHASE_NEEDS_LATER)
    phases: PhasesResult | None = None
    phase_findings: tuple[Finding, ...] = ()
    # set by the engine (planner.engine.core): a number of its own among every result set of
    # the process; for an incremental update, the number of the results it follows and the
    # finding groups it redid (``finding_groups`` keys): any other group but the plan-wide
    # ones (PLAN_WIDE_GROUPS) is the same tuple as in those results
    serial: int = 0
    follows: int | None = None
    redone: frozenset[tuple[str, str]] = frozenset()
    _findings: list[Finding] | None = None
    _counts: dict[str, int] | None = None
    _worst_feed: FeedResult | None = None
    _worst_feed_known: bool = False
    _rack_summaries: dict[str, RackSummary] = field(default_factory=dict)

    def rack_summary(self, figure: str) -> RackSummary:
        """The worst rack and the counts over/near the limit for ``figure`` (a key of
        :data:`RACK_FIGURES`), built on first access."""
        got = self._rack_summaries.get(figure)
        if got is None:
            util_attr, level_attr = RACK_FIGURES[figure]
            worst: RackResult | None = None
            best_key: tuple[int, float] | None = None
            over = warn = 0
            for rr in self.racks.values():
                lvl = getattr(rr, level_attr)
                u = getattr(rr, util_attr)
                if lvl == levels.OVER:
                    over += 1
                elif lvl == levels.WARN:
                    warn += 1
                if u is None:
                    continue
                key = (levels.rank(lvl), u)
                if best_key is None or key > best_key:
                    worst, best_key = rr, key
            got = RackSummary(worst, getattr(worst, util_attr) if worst is not None else None,
                              getattr(worst, level_attr) if worst is not None else levels.NONE, over, warn)
            self._rack_summaries[figure] = got
        return got

    def worst_feed(self) -> FeedResult | None:
        """The feed with the worst level, then the highest utilisation (plan order breaks ties;
        found on first access)."""
        if not self._worst_feed_known:
            self._worst_feed = max(self.feeds.values(), key=feed_rank, default=None)
            self._worst_feed_known = True
        return self._worst_feed

    def worst_loop(self) -> LoopResult | None:
        return max(self.loops.values(), key=lambda lp: (levels.rank(lp.level), lp.utilisation), default=None)

    def _all_findings(self):
        yield from self.plan_findings
        for coll in (self.rooms, self.racks, self.pdus, self.feeds, self.sources, self.loops):
            for r in coll.values():
                yield from r.findings
        yield from self.fabric_findings
        yield from self.workload_findings
        yield from self.energy_findings
        yield from self.phase_findings

    def finding_group(self, key: tuple[str, str]) -> tuple[Finding, ...]:
        """One group of :meth:`finding_groups` by its key (empty when there is none)."""
        part, ident = key
        colls: dict[str, dict[str, Any]] = {"room": self.rooms, "rack": self.racks, "pdu": self.pdus,
                                            "feed": self.feeds, "source": self.sources, "loop": self.loops}
        coll = colls.get(part)
        if coll is not None:
            r = coll.get(ident)
            return r.findings if r is not None else ()
        return {"plan": self.plan_findings, "fabric": self.fabric_findings, "workload": self.workload_findings,
                "energy": self.energy_findings, "phase": self.phase_findings}.get(part, ())

    def finding_groups(self) -> Iterator[tuple[tuple[str, str], tuple[Finding, ...]]]:
        """Every finding once, in groups: ``((part, id), findings)`` for the plan's own, each
        room's, rack's, PDU's, feed's, source's and loop's, the fabrics', workloads', energy
        figures' and growth phases'. An incremental update keeps a group that did not change
        as the same tuple, so a view can redo only the groups that did (the Findings panel)."""
        yield PLAN_WIDE_GROUPS[0], self.plan_findings
        for part, coll in (("room", self.rooms), ("rack", self.racks), ("pdu", self.pdus), ("feed", self.feeds),
                           ("source", self.sources), ("loop", self.loops)):
            for key, r in coll.items():
                if r.findings:
                    yield (part, key), r.findings
        yield ("fabric", ""), self.fabric_findings
        yield ("workload", ""), self.workload_findings
        yield ("energy", ""), self.energy_findings
        yield ("phase", ""), self.phase_findings

    @property
    def findings(self) -> list[Finding]:
        """All findings, errors first, then by where and code (built on first access)."""
        if self._findings is None:
            self._findings = sorted(self._all_findings(), key=lambda f: (SEVERITY_RANK[f.severity], f.kind,
                                                                          f.id or "", f.code, f.message))
        return self._findings

    def counts(self) -> dict[str, int]:
        """Findings by severity (counted on first access, as ``findings`` is sorted)."""
        if self._counts is None:
            out = {"error": 0, "warning": 0, "info": 0}
            for f in self._all_findings():
                out[f.severity] += 1
            self._counts = out
        return dict(self._counts)

    @property
    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self._all_findings())

    def findings_for(self, kind: str, entity_id: str) -> list[Finding]:
        colls: dict[str, dict[str, Any]] = {"rack": self.racks, "pdu": self.pdus, "feed": self.feeds,
                                            "source": self.sources, "loop": self.loops, "room": self.rooms}
        coll = colls.get(kind)
        if coll is not None and entity_id in coll:
            return list(coll[entity_id].findings)
        return [f for f in self.findings if f.kind == kind and f.id == entity_id]

    def to_json(self, plan: Plan | None = None, catalog: Catalog | None = None) -> dict[str, Any]:
        """The JSON document of ``rackwright check --json`` (see docs/engine.md). With a
        plan, racks come in plan order and registered section providers add theirs.
        Built by :func:`planner.engine.report.build_json`, which the report module hands
        down when it is imported (importing ``planner.engine`` does): this lower module
        takes it as a function instead of importing the module above it."""
        if _json_builder is None:  # only while planner.engine itself is being imported
            raise RuntimeError("planner.engine.report is not loaded yet")
        return _json_builder(self, plan, catalog)
