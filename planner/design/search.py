"""New from workload: rank candidate builds for workloads under hard constraints.

`rackwright plan-for SPEC.json` and the app's New from Workload wizard call this module.
Qt-free; the wizard runs :func:`search` in a background task (``cancel`` is checked
between batches).

Input (docs/plan-for.md, docs/plan-for.schema.json)::

    spec = parse_plan_for_spec(json.load(f))   # PlanForSpecError names the field path
    result = search(spec, catalog, top=10)      # SearchResult, candidates ranked

:class:`PlanForSpec`
    ``workloads`` (tuple of :class:`SpecWorkload`: ``name``, ``kind``, ``spec`` dict,
    ``parsed`` typed spec, ``id``; ``to_plan_workload()`` gives the plan's
    :class:`planner.plan.Workload`) and ``constraints`` (:class:`Constraints`: budget,
    currency, max_rack_kw, cooling, max_racks, floor_m2, vendors, gpu_models,
    electricity_price_per_kwh, pue, years, utilisation). ``metadata()`` gives the plan
    metadata (currency, electricity price, PUE, utilisation) for the generator.

:class:`PlanForSpecError` (a ``ValueError``)
    ``path`` (``workloads[0].spec.users``, ``constraints.cooling[1]``), ``message``;
    ``str(e)`` is ``"path: message"``.

:class:`SearchResult`
    ``candidates``: ranked :class:`Candidate` list (at most ``top``); ``considered``:
    how many were ranked; ``meeting``: how many meet everything; ``binding`` (a
    sentence, only when nothing meets: which constraint binds and by how much),
    ``binding_constraint`` (its name), ``notes`` (servers left out and why),
    ``cancelled``; ``best`` (the first candidate or None); ``to_dict()``.

:class:`Candidate`
    ``rank`` (1-based), ``gpu``/``gpu_name``, ``server``/``server_name``/``vendor``,
    ``platform``, ``gpus``, ``servers``, ``cooling`` (air, rdhx, dlc, immersion),
    ``oversubscription`` (compute fabric, None without one), ``storage`` /
    ``storage_count``, ``racks`` (= ``compute_racks`` + ``network_racks`` +
    ``storage_racks``), ``servers_per_rack`` and ``rack_limiter`` (space, max_rack_kw,
    cooling, weight), ``floor_m2``, ``it_kw`` (maximum draw, what racks and feeds are
    sized for), ``it_kw_typical``, ``facility_kw`` (it_kw x PUE), ``capex``,
    ``capex_complete`` and ``unpriced`` (the BOM lines without a price in the spec's
    currency), ``opex_per_year`` (energy + support, planner.economics), ``tco`` (years x
    own cost per year; None without ``years``), ``rent_vs_own`` (dict or None),
    ``workloads`` (one dict per workload: name, kind, met, margin, bottleneck, days,
    tokens_per_s_per_user, ttft_s, cost_per_million_tokens_usd, gpus_needed),
    ``workloads_met``, ``meets`` (every workload met and every constraint holds),
    ``margin`` and ``bottleneck`` (of the tightest workload), ``binding_constraint``
    (the violated constraint, or for a meeting candidate the one with least slack, or
    None), ``violations`` (list of dicts: constraint, needed, limit, excess, message),
    ``design`` (:class:`planner.design.model.BuildDesign` for
    :func:`planner.design.generate.generate_plan`), ``to_dict()``.

How candidates are made (docs/plan-for.md): every catalog GPU server the vendors and
GPU models allow x cooling (the allowed options the server suits: air-cooled servers on
air, rear doors or immersion; liquid-cooled ones on direct liquid) x compute-fabric
oversubscription (1:1 and 2:1 for training on more than one leaf) x storage (none for
inference; each catalog storage system, sized for the dataset, checkpoints, storage
workloads and 0.5 GB/s per GPU, for training) x GPU count: the fewest servers meeting
every workload target (found by doubling and bisection on the workload code's own
verdicts) and 1.25x, 1.5x and 2x that. The workload figures come from
planner.workloads (evaluate_training/evaluate_inference/evaluate_storage on the cluster
the plan will have: :func:`planner.workloads.cluster.cluster_from_counts`, inter-node
bandwidth divided by the fabric's oversubscription as the engine does). Racks and floor
come from :mod:`planner.design.sizing`, the rules the generator places by.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from planner.design import sizing
from planner.design.model import COOLING_OPTIONS, BuildDesign, FabricChoice, StorageChoice

CONSTRAINT_NAMES: tuple[str, ...] = ("budget", "currency", "max_rack_kw", "cooling", "max_racks", "floor_m2",
                                     "vendors", "gpu_models", "electricity_price_per_kwh", "pue", "years",
                                     "utilisation")
WORKLOAD_KEYS = ("name", "kind", "spec")
TOP_KEYS = ("workloads", "constraints")
MAX_WORKLOADS = 32
MAX_GPUS = 32_768  # the largest build the search tries
COUNT_FACTORS = (1.0, 1.25, 1.5, 2.0)
TRAINING_OVERSUBSCRIPTION = (1.0, 2.0)
# tokenised training data: 32-bit token ids (docs/plan-for.md)
BYTES_PER_TOKEN = 4.0
CHECKPOINTS_KEPT = 5
DEFAULT_LENGTHS_M = {"node_leaf": 10.0, "leaf_spine": 30.0, "spine_core": 60.0}
COOLING_WORDS = {"air": "air", "rdhx": "a rear-door heat exchanger", "dlc": "direct liquid cooling",
                 "immersion": "immersion"}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")


# ----------------------------------------------------------------------------- the spec


class PlanForSpecError(ValueError):
    """A SPEC that fails validation: ``path`` names the field, ``message`` what is wrong."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


PosF = Annotated[float, Field(gt=0)]


class Constraints(BaseModel):
    """The hard limits of a search (every field optional)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)

    budget: Annotated[float, Field(gt=0, le=1e13, description="capex limit in `currency`")] | None = None
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$", description="ISO 4217 code of budget and prices")] = "USD"
    max_rack_kw: Annotated[float, Field(gt=0, le=1000, description="maximum draw per rack, kW")] | None = None
    cooling: Annotated[tuple[Literal["air", "rdhx", "dlc", "immersion"], ...],
                       Field(min_length=1, description="cooling available: air (with containment), rdhx "
                                                       "(rear-door heat exchanger), dlc (direct liquid), immersion")
                       ] = COOLING_OPTIONS  # type: ignore[assignment]
    max_racks: Annotated[int, Field(ge=1, le=100_000, description="racks available (compute, network, storage)")
                         ] | None = None
    floor_m2: Annotated[float, Field(gt=0, le=1e6, description="floor area available, m2 (racks, aisles, "
                                                               "clearances)")] | None = None
    vendors: Annotated[tuple[Annotated[str, Field(min_length=1, max_length=100)], ...],
                       Field(description="server manufacturers to choose from (catalog names, any case); "
                                         "empty: all")] = ()
    gpu_models: Annotated[tuple[Annotated[str, Field(min_length=1, max_length=100)], ...],
                          Field(description="catalog GPU slugs to choose from; empty: all")] = ()
    electricity_price_per_kwh: Annotated[float, Field(ge=0, le=100)] = 0.12
    pue: Annotated[float, Field(ge=1.0, le=5.0)] = 1.3
    years: Annotated[float, Field(gt=0, le=50, description="years of use: rank by total cost over them "
                                                          "(else by capex)")] | None = None
    utilisation: Annotated[float, Field(ge=0, le=1, description="share of the year the IT load runs")] = 1.0


@dataclass(frozen=True, slots=True)
class SpecWorkload:
    id: str
    name: str
    kind: str
    spec: dict[str, Any]
    parsed: Any

    def to_plan_workload(self) -> Any:
        from planner.plan import Workload

        return Workload(id=self.id, name=self.name, kind=self.kind, spec=dict(self.spec))


@dataclass(frozen=True, slots=True)
class PlanForSpec:
    workloads: tuple[SpecWorkload, ...]
    constraints: Constraints = field(default_factory=Constraints)

    def plan_workloads(self) -> list[Any]:
        return [w.to_plan_workload() for w in self.workloads]

    def metadata(self, **extra: Any) -> Any:
        """The plan metadata a generated plan carries: currency, electricity price, PUE,
        utilisation from the constraints."""
        from planner.plan import Metadata

        c = self.constraints
        return Metadata(currency=c.currency, electricity_price_per_kwh=c.electricity_price_per_kwh, pue=c.pue,
                        utilisation=c.utilisation, **extra)


def _loc(prefix: str, loc: tuple[Any, ...]) -> str:
    out = prefix
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _suggest(word: str, names: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(str(word), names, n=1, cutoff=0.5)
    hint = f"did you mean {close[0]}? " if close else ""
    return f"{hint}known: {', '.join(names)}"


def _type_name(v: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null"}.get(
        type(v), "a number" if isinstance(v, (int, float)) else type(v).__name__)


def _slug_id(name: str, i: int, seen: set[str]) -> str:
    base = re.sub(r"[^A-Za-z0-9_.:-]+", "-", name).strip("-.:_")[:40] or f"w{i + 1}"
    if not base[0].isalnum():
        base = f"w{base}"
    wid, k = base, 2
    while wid in seen:
        wid, k = f"{base}-{k}", k + 1
    seen.add(wid)
    return wid


def parse_plan_for_spec(data: Any) -> PlanForSpec:
    """Validate a SPEC.json document. Raises :class:`PlanForSpecError` naming the first
    bad field (``workloads[0].spec.users: Input should be greater than 0``)."""
    from planner.plan import Workload
    from planner.workloads.specs import SpecError, parse_spec

    if not isinstance(data, dict):
        raise PlanForSpecError("", f"the spec must be a JSON object with workloads and constraints, not "
                                   f"{_type_name(data)}")
    for key in data:
        if key not in TOP_KEYS:
            raise PlanForSpecError(str(key), f"unknown key ({_suggest(key, TOP_KEYS)})")
    wl = data.get("workloads")
    if wl is None:
        raise PlanForSpecError("workloads", "missing: give at least one workload")
    if not isinstance(wl, list):
        raise PlanForSpecError("workloads", f"must be a list, not {_type_name(wl)}")
    if not wl:
        raise PlanForSpecError("workloads", "give at least one workload")
    if len(wl) > MAX_WORKLOADS:
        raise PlanForSpecError("workloads", f"at most {MAX_WORKLOADS} workloads (got {len(wl)})")
    seen: set[str] = set()
    names: set[str] = set()
    out: list[SpecWorkload] = []
    for i, w in enumerate(wl):
        where = f"workloads[{i}]"
        if not isinstance(w, dict):
            raise PlanForSpecError(where, f"must be an object with name, kind and spec, not {_type_name(w)}")
        for key in w:
            if key not in WORKLOAD_KEYS:
                raise PlanForSpecError(f"{where}.{key}", f"unknown key ({_suggest(key, WORKLOAD_KEYS)})")
        for key in WORKLOAD_KEYS:
            if key not in w:
                raise PlanForSpecError(f"{where}.{key}", "missing")
        name, kind, spec = w["name"], w["kind"], w["spec"]
        if not isinstance(name, str) or not name.strip():
            raise PlanForSpecError(f"{where}.name", "must be a non-empty string")
        if name.strip() in names:
            raise PlanForSpecError(f"{where}.name", f"{name.strip()!r} is used by an earlier workload")
        if not isinstance(spec, dict):
            raise PlanForSpecError(f"{where}.spec", f"must be an object, not {_type_name(spec)}")
        try:
            pw = Workload(id="w", name=name, kind=kind, spec=spec)
        except ValidationError as e:
            err = e.errors()[0]
            raise PlanForSpecError(_loc(where, tuple(err["loc"])), err["msg"]) from None
        try:
            parsed = parse_spec(pw.kind, pw.spec)
        except SpecError as e:
            first = str(e).split("; ")[0]
            path, _sep, msg = first.partition(": ")
            raise PlanForSpecError(f"{where}.{path}", msg) from None
        names.add(pw.name)
        out.append(SpecWorkload(_slug_id(pw.name, i, seen), pw.name, pw.kind, dict(pw.spec), parsed))
    cons = data.get("constraints", {})
    if cons is None:
        cons = {}
    if not isinstance(cons, dict):
        raise PlanForSpecError("constraints", f"must be an object, not {_type_name(cons)}")
    for key in cons:
        if key not in CONSTRAINT_NAMES:
            raise PlanForSpecError(f"constraints.{key}", f"unknown constraint ({_suggest(key, CONSTRAINT_NAMES)})")
    values = dict(cons)
    for key in ("cooling", "vendors", "gpu_models"):  # JSON lists -> tuples (strict mode)
        if isinstance(values.get(key), list):
            values[key] = tuple(values[key])
    try:
        c = Constraints(**values)
    except ValidationError as e:
        err = e.errors()[0]
        raise PlanForSpecError(_loc("constraints", tuple(err["loc"])), err["msg"]) from None
    if len(set(c.cooling)) != len(c.cooling):
        dup = next(x for i, x in enumerate(c.cooling) if x in c.cooling[:i])
        raise PlanForSpecError(f"constraints.cooling[{c.cooling.index(dup, c.cooling.index(dup) + 1)}]",
                               f"{dup!r} is listed twice")
    return PlanForSpec(tuple(out), c)


def check_against_catalog(spec: PlanForSpec, catalog: Any) -> None:
    """What only the catalog can tell: unknown models, GPUs and vendors
    (:class:`PlanForSpecError` with the field path)."""
    for i, w in enumerate(spec.workloads):
        model = getattr(w.parsed, "model", None)
        if model is not None and catalog.get("llms", model) is None:
            raise PlanForSpecError(f"workloads[{i}].spec.model",
                                   f"unknown model {model!r} ({_suggest(model, tuple(sorted(catalog.llms)))})")
    gpus = tuple(sorted(catalog.gpus))
    for i, g in enumerate(spec.constraints.gpu_models):
        if catalog.get("gpus", g) is None:
            raise PlanForSpecError(f"constraints.gpu_models[{i}]", f"unknown GPU {g!r} ({_suggest(g, gpus)})")
    makers = tuple(sorted({d.manufacturer for d in catalog.servers() if d.gpu_count > 0}))
    lower = {m.casefold() for m in makers}
    for i, v in enumerate(spec.constraints.vendors):
        if v.casefold() not in lower:
            raise PlanForSpecError(f"constraints.vendors[{i}]",
                                   f"no GPU server of vendor {v!r} in the catalog ({_suggest(v, makers)})")


# ----------------------------------------------------------------------------- results


@dataclass(slots=True)
class Candidate:
    gpu: str
    gpu_name: str
    server: str
    server_name: str
    vendor: str
    platform: str
    gpus: int
    servers: int
    cooling: str
    oversubscription: float | None
    storage: str | None
    storage_count: int
    racks: int
    compute_racks: int
    network_racks: int
    storage_racks: int
    servers_per_rack: int
    rack_limiter: str
    rack_kw_limit: float
    floor_m2: float
    it_kw: float
    it_kw_typical: float
    facility_kw: float
    currency: str
    capex: float
    capex_complete: bool
    unpriced: tuple[str, ...]
    opex_per_year: float
    tco: float | None
    years: float | None
    rent_vs_own: dict[str, Any] | None
    workloads: list[dict[str, Any]]
    workloads_met: bool
    meets: bool
    margin: float | None
    bottleneck: str | None
    binding_constraint: str | None
    violations: list[dict[str, Any]]
    design: BuildDesign
    switches: int = 0
    notes: tuple[str, ...] = ()
    rank: int = 0

    @property
    def server_unpriced(self) -> bool:
        return any(u.split(" x ", 1)[-1].split(" ")[0] == self.server for u in self.unpriced)

    @property
    def cost(self) -> float:
        """What the ranking compares: TCO over the years, else capex."""
        return self.tco if self.tco is not None else self.capex

    def to_dict(self) -> dict[str, Any]:
        d = self.design
        return {
            "rank": self.rank, "gpu": self.gpu, "gpu_name": self.gpu_name, "server": self.server,
            "server_name": self.server_name, "vendor": self.vendor, "platform": self.platform,
            "gpus": self.gpus, "servers": self.servers, "cooling": self.cooling,
            "oversubscription": self.oversubscription, "storage": self.storage, "storage_count": self.storage_count,
            "racks": self.racks, "compute_racks": self.compute_racks, "network_racks": self.network_racks,
            "storage_racks": self.storage_racks, "servers_per_rack": self.servers_per_rack,
            "rack_limiter": self.rack_limiter, "rack_kw_limit": self.rack_kw_limit, "switches": self.switches, "floor_m2": round(self.floor_m2, 2),
            "it_kw": round(self.it_kw, 3), "it_kw_typical": round(self.it_kw_typical, 3),
            "facility_kw": round(self.facility_kw, 3), "currency": self.currency, "capex": round(self.capex, 2),
            "capex_complete": self.capex_complete, "unpriced": list(self.unpriced),
            "opex_per_year": round(self.opex_per_year, 2), "tco": None if self.tco is None else round(self.tco, 2),
            "years": self.years, "rent_vs_own": self.rent_vs_own, "workloads": [dict(w) for w in self.workloads],
            "workloads_met": self.workloads_met, "meets": self.meets,
            "margin": None if self.margin is None else round(self.margin, 4), "bottleneck": self.bottleneck,
            "binding_constraint": self.binding_constraint, "violations": [dict(v) for v in self.violations],
            "notes": list(self.notes),
            "design": {"server": d.server, "servers": d.servers, "cooling": d.cooling, "platform": d.platform,
                       "max_rack_kw": d.max_rack_kw, "servers_per_rack": d.servers_per_rack,
                       "rack_type": d.rack_type, "pdu": d.pdu,
                       "compute": None if d.compute is None else {
                           "technology": d.compute.technology, "speed_gbps": d.compute.speed_gbps,
                           "oversubscription": d.compute.oversubscription, "switch": d.compute.switch,
                           "rail_optimised": d.compute.rail_optimised},
                       "storage": None if d.storage is None else {"device": d.storage.device,
                                                                   "count": d.storage.count}},
        }


@dataclass(slots=True)
class SearchResult:
    candidates: list[Candidate]
    considered: int
    meeting: int
    binding: str | None = None
    binding_constraint: str | None = None
    notes: list[str] = field(default_factory=list)
    cancelled: bool = False

    @property
    def best(self) -> Candidate | None:
        return self.candidates[0] if self.candidates else None

    def to_dict(self) -> dict[str, Any]:
        return {"candidates": [c.to_dict() for c in self.candidates], "considered": self.considered,
                "meeting": self.meeting, "binding": self.binding, "binding_constraint": self.binding_constraint,
                "notes": list(self.notes), "cancelled": self.cancelled}


class SearchCancelled(Exception):
    pass


# ----------------------------------------------------------------------------- the search


@dataclass(slots=True)
class _Fabric:
    """A compute (or storage) fabric sized by the fat-tree rules (planner.fabric.topology)."""

    switch: Any
    technology: str
    link_gbps: float
    rails: int
    leaves: int
    spines: int
    cores: int
    oversubscription: float  # achieved at the leaves
    cables: dict[str, int]  # cable / transceiver slug -> count

    @property
    def switches(self) -> int:
        return self.leaves + self.spines + self.cores


class _Search:
    def __init__(self, spec: PlanForSpec, catalog: Any, cancel: Callable[[], bool] | None) -> None:
        from planner.engine.settings import DEFAULT_SETTINGS
        from planner.workloads.arch import ModelArch

        self.spec = spec
        self.c = spec.constraints
        self.catalog = catalog
        self.cancel = cancel
        self.settings = DEFAULT_SETTINGS
        self.metadata = spec.metadata()
        self.models = {w.id: ModelArch.from_llm(catalog.llm(w.parsed.model))
                       for w in spec.workloads if getattr(w.parsed, "model", None)}
        self.training = [w for w in spec.workloads if w.kind in ("pretrain", "finetune")]
        self.storage_wl = [w for w in spec.workloads if w.kind == "storage"]
        self.gpu_wl = [w for w in spec.workloads if w.kind in ("pretrain", "finetune", "inference")]
        self.rack_type = sizing.pick_rack_type(catalog)
        self.net_rack_type = sizing.pick_rack_type(catalog, network=True)
        self.mgmt = self._pick_switch("management")
        self.pdu = self._pick_pdu()
        self.notes: list[str] = []
        self.infeasible: list[tuple[str, float, str]] = []  # (constraint, excess, sentence)
        self._eval_cache: dict[Any, Any] = {}
        self._fabric_cache: dict[Any, _Fabric | None] = {}
        self._media: Any = None
        self._media_cache: dict[Any, Any] = {}
        self._floor_racks = (sizing.racks_on_floor(self.c.floor_m2, self.rack_type)
                             if self.c.floor_m2 is not None else None)

    # -- catalog choices
    def _pick_switch(self, fabric: str, speed: float | None = None) -> Any | None:
        sws = [d for d in self.catalog.switches() if d.planning and d.planning.switch
               and d.planning.switch.fabric == fabric]
        if speed is not None:
            sws = [d for d in sws if max(p.speed_gbps for p in d.planning.switch.ports) >= speed] or sws
        if not sws:
            return None
        return min(sws, key=lambda d: (d.price is None, -d.planning.switch.total_ports, d.slug))

    def _pick_pdu(self) -> Any | None:
        from planner.engine import physics

        pdus = [d for d in self.catalog.pdus() if d.planning and d.planning.pdu]
        if not pdus:
            return None

        def cap(d: Any) -> float:
            p = d.planning.pdu
            return physics.feed_capacity_w(p.voltage_v, p.amps, p.phases, self.settings.power_factor,
                                           self.settings.continuous_derating)
        best = max(pdus, key=lambda d: (d.price is not None, cap(d), d.slug))
        self._pdu_w = cap(best)
        return best

    def servers(self) -> list[Any]:
        vendors = {v.casefold() for v in self.c.vendors}
        out = []
        for d in sorted(self.catalog.servers(), key=lambda d: d.slug):
            if d.gpu_count <= 0 or d.gpu_slug is None or self.catalog.get("gpus", d.gpu_slug) is None:
                continue
            if vendors and d.manufacturer.casefold() not in vendors:
                continue
            if self.c.gpu_models and d.gpu_slug not in self.c.gpu_models:
                continue
            out.append(d)
        return out

    def coolings(self, server: Any) -> list[str]:
        liquid = sizing.liquid_fraction(server) > 0
        suits = ("dlc",) if liquid else ("air", "rdhx", "immersion")
        got = [c for c in self.c.cooling if c in suits]
        if not got:
            need = "direct liquid cooling (dlc)" if liquid else "air, a rear door (rdhx) or immersion"
            self.notes.append(f"{server.slug} left out: it needs {need}, and the constraints allow "
                              f"{', '.join(self.c.cooling)}")
        return got

    @staticmethod
    def platform(server: Any) -> str:
        return "gb200-nvl72" if server.gpu_slug == "gb200" else "servers"

    # -- fabric
    def fabric(self, server: Any, nodes: int, oversub: float) -> _Fabric | None:
        key = (server.slug, nodes, oversub)
        if key in self._fabric_cache:
            return self._fabric_cache[key]
        self._fabric_cache[key] = fab = self._design_fabric(server, nodes, oversub, "compute")
        return fab

    def _design_fabric(self, server: Any, nodes: int, oversub: float, role: str,
                       extra_endpoints: int = 0) -> _Fabric | None:
        from planner.fabric.ports import device_ports, link_and_radix
        from planner.fabric.topology import FabricDesignError, design_fat_tree

        dp = device_ports(self.catalog, server.slug)
        ports = dp.role(role) if dp is not None else []
        if not ports:
            return None
        nic = min(p.speed_gbps for p in ports)
        tech = "infiniband" if any("infiniband" in (p.connector or "") or "osfp" in (p.connector or "")
                                   for p in ports) else "ethernet"
        sw = self._pick_switch(tech, nic) or self._pick_switch("ethernet" if tech == "infiniband" else "infiniband",
                                                               nic)
        if sw is None:
            return None
        tech = sw.planning.switch.fabric
        link, sw_ports = link_and_radix(self.catalog, nic, sw.slug)
        if not sw_ports:
            return None
        rails = len(ports)
        try:
            if extra_endpoints:
                t = design_fat_tree(nodes * rails + extra_endpoints, 1, len(sw_ports), link, oversub, False)
            else:
                t = design_fat_tree(nodes, rails, len(sw_ports), link, oversub, True)
        except FabricDesignError:
            return None
        cables: dict[str, int] = {}
        tiers = {"node_leaf": t.cables_node_leaf, "leaf_spine": t.cables_leaf_spine,
                 "spine_core": t.cables_spine_core}
        for tier, n in tiers.items():
            if n:
                m = self._medium(link, DEFAULT_LENGTHS_M[tier])
                if m is not None:
                    cables[m.cable] = cables.get(m.cable, 0) + n
                    if m.transceiver:
                        cables[m.transceiver] = cables.get(m.transceiver, 0) + 2 * n
        return _Fabric(sw, tech, link, rails, t.leaves, t.spines, t.cores, t.leaf_oversubscription, cables)

    def _medium(self, speed: float, length: float) -> Any:
        key = (speed, length)
        if key not in self._media_cache:
            if self._media is None:
                from planner.fabric.media import MediaChooser

                self._media = MediaChooser(self.catalog)
            self._media_cache[key] = self._media.choose(speed, length)
        return self._media_cache[key]

    # -- workloads
    def cluster(self, server: Any, n: int, fab: _Fabric | None, storage: tuple[str, int] | None) -> Any:
        from planner.workloads.cluster import cluster_from_counts

        st = {storage[0]: storage[1]} if storage else {}
        cl = cluster_from_counts(self.catalog, {server.slug: n}, st, self.metadata)
        if fab is not None and n > 1:
            inter = fab.rails * fab.link_gbps / server.gpu_count / max(1.0, fab.oversubscription)
            cl = cl.with_(internode_gb_per_s=round(inter, 3) / 8.0)
        return cl

    def evaluate(self, server: Any, n: int, fab: _Fabric | None, storage: tuple[str, int] | None,
                 kinds: tuple[str, ...] = ("pretrain", "finetune", "inference", "storage")) -> list[dict]:
        key = (server.slug, n, None if fab is None else (fab.oversubscription, fab.rails, fab.link_gbps),
               storage, kinds)
        got = self._eval_cache.get(key)
        if got is None:
            cl = self.cluster(server, n, fab, storage)
            got = [self._one(w, cl) for w in self.spec.workloads if w.kind in kinds]
            self._eval_cache[key] = got
        return got

    def _one(self, w: SpecWorkload, cl: Any) -> dict[str, Any]:
        from planner.workloads.evaluate import evaluate_inference, evaluate_storage, evaluate_training

        out: dict[str, Any] = {"name": w.name, "kind": w.kind}
        try:
            if w.kind == "inference":
                met, margin, bn, fig = evaluate_inference(w.parsed, self.models[w.id], cl, need=False)
            elif w.kind in ("pretrain", "finetune"):
                met, margin, bn, fig = evaluate_training(w.parsed, self.models[w.id], cl)
            else:
                met, margin, bn, fig = evaluate_storage(w.parsed, self.catalog, cl)
        except ValueError as e:
            out.update(met=False, margin=None, bottleneck=None, error=str(e))
            return out
        out.update(met=bool(met), margin=round(margin, 4), bottleneck=bn, fits=fig.get("fits"),
                   days=fig.get("days"), tokens_per_s=fig.get("tokens_per_s"),
                   tokens_per_s_per_user=fig.get("tokens_per_s_per_user"), ttft_s=fig.get("ttft_s"),
                   cost_per_million_tokens_usd=fig.get("cost_per_million_tokens_usd"),
                   gpus_needed=fig.get("gpus_needed"), checkpoint_write_s=fig.get("checkpoint_write_s"),
                   storage_read_gb_per_s=fig.get("storage_read_gb_per_s", cl.storage_read_gb_per_s))
        return out

    def _gpu_met(self, server: Any, n: int, oversub: float | None) -> bool:
        fab = self.fabric(server, n, oversub) if oversub is not None else None
        return all(r["met"] for r in self.evaluate(server, n, fab, None, ("pretrain", "finetune", "inference")))

    def min_servers(self, server: Any, oversub: float | None, step: int) -> int | None:
        """The fewest servers (a multiple of ``step``) meeting every training and
        inference workload, by doubling then bisection; None: not within MAX_GPUS."""
        cap = max(step, (MAX_GPUS // server.gpu_count) // step * step)
        if not self.gpu_wl:
            return step
        n = step
        prev = 0
        while True:
            self._check()
            if self._gpu_met(server, n, oversub):
                break
            if n >= cap:
                return None
            prev, n = n, min(cap, n * 2)
        lo, hi = prev // step, n // step  # lo fails (or 0), hi meets
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self._gpu_met(server, mid * step, oversub):
                hi = mid
            else:
                lo = mid
        return hi * step

    def _check(self) -> None:
        if self.cancel is not None and self.cancel():
            raise SearchCancelled

    # -- storage
    def storage_options(self, server: Any, n: int) -> list[tuple[str, int] | None]:
        if not self.training and not self.storage_wl:
            return [None]
        devs = [d for d in sorted(self.catalog.storage(), key=lambda d: d.slug)
                if d.planning and d.planning.storage]
        vendors = {v.casefold() for v in self.c.vendors}
        if vendors and any(d.manufacturer.casefold() in vendors for d in devs):
            devs = [d for d in devs if d.manufacturer.casefold() in vendors]
        gpus = n * server.gpu_count
        out: list[tuple[str, int] | None] = []
        cap_tb = self._storage_tb()
        read_need = self.settings.min_storage_gb_per_s_per_gpu * gpus if self.training else 0.0
        for d in devs:
            s = d.planning.storage
            usable = s.usable_capacity_tb or s.raw_capacity_tb or 0.0
            k = 1
            if usable > 0:
                k = max(k, math.ceil(cap_tb / usable - 1e-9))
            if s.read_gb_per_s:
                k = max(k, math.ceil(read_need / s.read_gb_per_s - 1e-9))
            k = min(k, 1000)
            # storage workloads: the fewest more appliances meeting them (capped by the servers' NICs)
            for _ in range(64):
                if not self.storage_wl or all(r["met"] for r in self.evaluate(server, n, None, (d.slug, k),
                                                                                ("storage",))):
                    break
                k2 = k * 2
                got = self.evaluate(server, n, None, (d.slug, k2), ("storage",))
                before = self.evaluate(server, n, None, (d.slug, k), ("storage",))
                if [r.get("margin") for r in got] == [r.get("margin") for r in before]:
                    break  # more appliances do not help: the servers' storage NICs bind
                k = k2
            out.append((d.slug, k))
        return out or [None]

    def _storage_tb(self) -> float:
        from planner.workloads.training import checkpoint_size_gb

        tb = 0.0
        for w in self.training:
            tb += w.parsed.tokens * BYTES_PER_TOKEN / 1e12
            tb += CHECKPOINTS_KEPT * checkpoint_size_gb(self.models[w.id]) / 1000.0
        return tb

    # -- one candidate
    def candidate(self, server: Any, n: int, oversub: float | None, storage: tuple[str, int] | None,
                  cooling: str) -> Candidate | None:
        from planner.economics import DEFAULT_YEARS, OwnInputs, rent_vs_own

        c = self.c
        cat = self.catalog
        platform = self.platform(server)
        fab = self.fabric(server, n, oversub) if oversub is not None else None
        sto_dev = cat.device(storage[0]) if storage else None
        mgmt_w = sizing.device_max_w(self.mgmt) if self.mgmt is not None else 0.0
        cooling_kw = sizing.cooling_capacity_kw(cat, cooling, self.settings)
        if platform == "gb200-nvl72":
            fit = self._nvl72_fit(server, cooling_kw)
        else:
            fit = sizing.devices_per_rack(
                server, self.rack_type, cooling_kw=cooling_kw, max_rack_kw=c.max_rack_kw,
                reserved_u=sizing.MGMT_SWITCH_U if self.mgmt is not None else 0, reserved_w=mgmt_w,
                residual_air_kw=self.settings.residual_air_limit_kw if cooling == "dlc" else None)
        if fit.per_rack < 1:
            self._infeasible(server, cooling, fit)
            return None
        switches = [fab.switch] * fab.switches if fab is not None else []
        sfab = None
        if sto_dev is not None:
            sports = len(self._ports(sto_dev, "storage"))
            sfab = self._design_fabric(server, n, 1.0, "storage", extra_endpoints=storage[1] * sports)
            if sfab is not None:
                switches += [sfab.switch] * sfab.switches
        storage_devs = [sto_dev] * storage[1] if sto_dev is not None else []
        rc = sizing.racks_needed(server, n, fit, switches=switches, storage=storage_devs,
                                 network_rack_type=self.net_rack_type)
        racks = rc.total
        mgmt_n = racks if self.mgmt is not None else 0
        # power
        nvl_extra_w = 0.0
        if platform == "gb200-nvl72":
            nvs = cat.get("device-types", "nvidia-nvlink-switch")
            nvl_extra_w = rc.compute * sizing.NVL72_SWITCH_TRAYS * (sizing.device_max_w(nvs) if nvs else 0.0)
        it_w = (n * sizing.device_max_w(server) + sum(sizing.device_max_w(d) for d in switches)
                + sum(sizing.device_max_w(d) for d in storage_devs) + mgmt_n * mgmt_w + nvl_extra_w)
        it_typ = (n * _typ(server) + sum(_typ(d) for d in switches) + sum(_typ(d) for d in storage_devs)
                  + mgmt_n * (_typ(self.mgmt) if self.mgmt is not None else 0.0) + nvl_extra_w)
        # capex
        bom: dict[tuple[str, str], int] = {}

        def add(table: str, slug: str | None, qty: int) -> None:
            if slug and qty > 0:
                bom[(table, slug)] = bom.get((table, slug), 0) + qty

        add("device-types", server.slug, n)
        if sto_dev is not None:
            add("device-types", sto_dev.slug, storage[1])
        for f in (fab, sfab):
            if f is not None:
                add("device-types", f.switch.slug, f.switches)
                for slug, k in f.cables.items():
                    add("cables", slug, k)
        if self.mgmt is not None:
            add("device-types", self.mgmt.slug, mgmt_n)
            cat6 = "cat6a-10g" if cat.get("cables", "cat6a-10g") is not None else None
            add("cables", cat6, n + len(storage_devs) + len(switches))
        rack_slug = "nvidia-gb200-nvl72-rack" if platform == "gb200-nvl72" else self.rack_type.slug
        add("rack-types", rack_slug, rc.compute)
        add("rack-types", self.net_rack_type.slug, rc.network + rc.storage)
        if platform == "gb200-nvl72" and cat.get("device-types", "nvidia-nvlink-switch") is not None:
            add("device-types", "nvidia-nvlink-switch", rc.compute * sizing.NVL72_SWITCH_TRAYS)
        if self.pdu is not None:
            add("device-types", self.pdu.slug, self._pdus(rc, fit, server, n, it_w))
        liquid_kw = n * sizing.device_max_w(server) * sizing.liquid_fraction(server) / 1000.0
        if cooling == "dlc":
            cdu = self._cdu()
            if cdu is not None:
                add("cooling", cdu.slug, max(1, math.ceil(liquid_kw * self.settings.loop_margin / cdu.capacity_kw)))
        elif cooling in ("rdhx", "immersion"):
            unit = sizing.cooling_unit(cat, cooling)
            if unit is not None:
                add("cooling", unit.slug, rc.compute if cooling == "immersion" else racks)
        capex, unpriced = self._price(bom)
        years = c.years
        ro = rent_vs_own(OwnInputs(capex=capex, it_kw_typical=it_typ / 1000.0, it_kw_committed=it_w / 1000.0,
                                   gpus=n * server.gpu_count, years=years or DEFAULT_YEARS, pue=c.pue,
                                   electricity_price_per_kwh=c.electricity_price_per_kwh,
                                   utilisation=c.utilisation, cloud_price_per_gpu_hour=self._cloud(server)))
        opex = ro.energy_per_year + ro.support_per_year + ro.colocation_per_year
        tco = years * ro.own_cost_per_year if years else None
        # workloads
        results = self.evaluate(server, n, fab, storage)
        wl_met = all(r["met"] for r in results)
        tight = min((r for r in results if r.get("margin") is not None), key=lambda r: r["margin"], default=None)
        floor = sizing.floor_m2_needed(racks, self.rack_type)
        violations = self._violations(capex, racks, floor, fit, server, n, cooling)
        meets = wl_met and not violations
        binding = max(violations, key=lambda v: v["excess"])["constraint"] if violations else self._least_slack(
            capex, racks, floor, fit)
        design = BuildDesign(
            server=server.slug, servers=n, cooling=cooling,  # type: ignore[arg-type]
            name=f"{n} x {server.manufacturer} {server.model}", platform=platform,  # type: ignore[arg-type]
            max_rack_kw=c.max_rack_kw, servers_per_rack=fit.per_rack,
            rack_type=None if platform == "gb200-nvl72" else self.rack_type.slug,
            pdu=self.pdu.slug if self.pdu is not None else None,
            compute=None if fab is None else FabricChoice(
                kind="compute", technology=fab.technology, speed_gbps=fab.link_gbps,  # type: ignore[arg-type]
                oversubscription=oversub or 1.0, rail_optimised=True, switch=fab.switch.slug),
            storage=StorageChoice(storage[0], storage[1]) if storage else None,
            storage_fabric=None if sfab is None else FabricChoice(
                kind="storage", technology=sfab.technology, speed_gbps=sfab.link_gbps,  # type: ignore[arg-type]
                oversubscription=1.0, rail_optimised=False, switch=sfab.switch.slug),
            frontend=None, management=self.mgmt is not None)
        gpu = cat.gpu(server.gpu_slug)
        notes = []
        if cooling == "immersion":
            notes.append("immersion assumes an immersion-ready variant of the server (no fans)")
        return Candidate(
            gpu=server.gpu_slug, gpu_name=f"{gpu.vendor} {gpu.model}", server=server.slug,
            server_name=f"{server.manufacturer} {server.model}", vendor=server.manufacturer, platform=platform,
            gpus=n * server.gpu_count, servers=n, cooling=cooling,
            oversubscription=None if fab is None else round(fab.oversubscription, 4),
            storage=storage[0] if storage else None, storage_count=storage[1] if storage else 0,
            racks=racks, compute_racks=rc.compute, network_racks=rc.network, storage_racks=rc.storage,
            servers_per_rack=fit.per_rack, rack_limiter=fit.limiter, rack_kw_limit=fit.rack_kw_limit,
            floor_m2=floor,
            it_kw=it_w / 1000.0, it_kw_typical=it_typ / 1000.0, facility_kw=it_w / 1000.0 * c.pue,
            currency=c.currency, capex=capex, capex_complete=not unpriced, unpriced=tuple(unpriced),
            opex_per_year=opex, tco=tco, years=years, rent_vs_own=ro.to_dict() if ro.cloud_cost_per_year else None,
            workloads=results, workloads_met=wl_met, meets=meets,
            margin=tight["margin"] if tight else None, bottleneck=tight["bottleneck"] if tight else None,
            binding_constraint=binding, violations=violations, design=design,
            switches=len(switches) + mgmt_n, notes=tuple(notes))

    def _ports(self, device: Any, role: str) -> list[Any]:
        from planner.fabric.ports import device_ports

        dp = device_ports(self.catalog, device.slug)
        return dp.role(role) if dp is not None else []

    def _nvl72_fit(self, server: Any, cooling_kw: float) -> sizing.RackFit:
        nvs = self.catalog.get("device-types", "nvidia-nvlink-switch")
        rack_w = sizing.NVL72_TRAYS_PER_RACK * sizing.device_max_w(server) + (
            sizing.NVL72_SWITCH_TRAYS * sizing.device_max_w(nvs) if nvs else 0.0)
        limit = cooling_kw if self.c.max_rack_kw is None else min(cooling_kw, self.c.max_rack_kw)
        ok = rack_w <= limit * 1000.0 + 1e-6
        limiter = "space" if ok else ("max_rack_kw" if self.c.max_rack_kw is not None
                                      and self.c.max_rack_kw < cooling_kw else "cooling")
        per = sizing.NVL72_TRAYS_PER_RACK if ok else 0
        return sizing.RackFit(per, limiter, limit, cooling_kw, sizing.NVL72_TRAYS_PER_RACK, per,
                              sizing.NVL72_TRAYS_PER_RACK, 48)

    def _pdus(self, rc: sizing.RackCount, fit: sizing.RackFit, server: Any, n: int, it_w: float) -> int:
        """A+B PDUs: per rack, two per side-set needed for its load (2N)."""
        cap = getattr(self, "_pdu_w", 0.0)
        if cap <= 0:
            return 2 * rc.total
        per_rack_w = min(fit.per_rack, n) * sizing.device_max_w(server)
        compute = rc.compute * math.ceil(per_rack_w / cap)
        other_racks = rc.network + rc.storage
        other_w = max(0.0, it_w - n * sizing.device_max_w(server))
        other = other_racks * math.ceil((other_w / other_racks) / cap) if other_racks else 0
        return 2 * (max(compute, rc.compute) + max(other, other_racks))

    def _cdu(self) -> Any | None:
        cdus = [u for u in self.catalog.cooling_units.values() if u.kind == "cdu-in-row"]
        if not cdus:
            return None
        return max(cdus, key=lambda u: (u.price is not None, u.capacity_kw, u.slug))

    def _cloud(self, server: Any) -> float | None:
        fn = getattr(self.catalog, "cloud_price", None)
        if fn is None:
            return None
        try:
            got = fn(server.gpu_slug)
        except (KeyError, ValueError):
            return None
        if got is None:
            return None
        amount = getattr(got, "amount", got)
        cur = getattr(got, "currency", "USD")
        return float(amount) if cur == self.c.currency else None

    def _price(self, bom: dict[tuple[str, str], int]) -> tuple[float, list[str]]:
        total = 0.0
        missing: list[str] = []
        for (table, slug), qty in sorted(bom.items()):
            item = self.catalog.get(table, slug)
            price = getattr(item, "price", None) if item is not None else None
            if price is None:
                missing.append(f"{qty} x {slug}")
            elif price.currency != self.c.currency:
                missing.append(f"{qty} x {slug} (priced in {price.currency})")
            else:
                total += price.amount * qty
        return total, missing

    def _violations(self, capex: float, racks: int, floor: float, fit: sizing.RackFit, server: Any, n: int,
                    cooling: str) -> list[dict[str, Any]]:
        c = self.c
        out: list[dict[str, Any]] = []
        if c.budget is not None and capex > c.budget:
            out.append({"constraint": "budget", "needed": round(capex, 2), "limit": c.budget,
                        "excess": capex / c.budget - 1.0,
                        "message": f"capex {capex:,.0f} {c.currency} is over the budget of {c.budget:,.0f} "
                                   f"{c.currency}"})
        if c.max_racks is not None and racks > c.max_racks:
            out.append({"constraint": "max_racks", "needed": racks, "limit": c.max_racks,
                        "excess": racks / c.max_racks - 1.0,
                        "message": f"{racks} racks needed, the limit is {c.max_racks}"})
        if c.floor_m2 is not None and floor > c.floor_m2:
            out.append({"constraint": "floor_m2", "needed": round(floor, 2), "limit": c.floor_m2,
                        "excess": floor / c.floor_m2 - 1.0,
                        "message": f"{racks} racks need {floor:,.0f} m2, the floor has {c.floor_m2:,.0f} m2 "
                                   f"(it holds {self._floor_racks})"})
        return out

    def _least_slack(self, capex: float, racks: int, floor: float, fit: sizing.RackFit) -> str | None:
        c = self.c
        slack: list[tuple[float, str]] = []
        if c.budget is not None:
            slack.append((1.0 - capex / c.budget, "budget"))
        if c.max_racks is not None:
            slack.append((1.0 - racks / c.max_racks, "max_racks"))
        if c.floor_m2 is not None:
            slack.append((1.0 - floor / c.floor_m2, "floor_m2"))
        if fit.limiter == "max_rack_kw":
            slack.append((0.0, "max_rack_kw"))
        return min(slack)[1] if slack else None

    def _infeasible(self, server: Any, cooling: str, fit: sizing.RackFit) -> None:
        w = sizing.device_max_w(server) / 1000.0
        if self.platform(server) == "gb200-nvl72":
            what = f"a {server.manufacturer} GB200 NVL72 rack"
            nvs = self.catalog.get("device-types", "nvidia-nvlink-switch")
            w = (sizing.NVL72_TRAYS_PER_RACK * sizing.device_max_w(server)
                 + (sizing.NVL72_SWITCH_TRAYS * sizing.device_max_w(nvs) if nvs else 0.0)) / 1000.0
        else:
            what = f"one {server.manufacturer} {server.model}"
        if fit.limiter == "max_rack_kw":
            msg = (f"{what} draws up to {w:,.1f} kW, more than the {self.c.max_rack_kw:g} kW per rack limit")
            self.infeasible.append(("max_rack_kw", w / self.c.max_rack_kw - 1.0, msg))
        elif fit.limiter == "cooling":
            msg = f"{what} draws up to {w:,.1f} kW, more than {COOLING_WORDS[cooling]} removes from one rack " \
                  f"({fit.cooling_kw:g} kW)"
            self.infeasible.append(("cooling", w / fit.cooling_kw - 1.0, msg))
        else:
            msg = f"{what} does not fit a {self.rack_type.u_height:g}U rack ({fit.limiter})"
            self.infeasible.append(("space", 1.0, msg))


def _typ(device: Any) -> float:
    return float(device.typical_power_w or device.max_power_w or 0.0)


def _count_word(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else f"{n:,}"


def _server_phrase(cand: Candidate, n: int) -> str:
    gpu = cand.gpu_name.split(" ", 1)[1] if " " in cand.gpu_name else cand.gpu_name
    gpu = gpu.split()[0]
    per = cand.gpus // max(1, cand.servers)
    return f"{_count_word(n)} {per}-GPU {gpu} server{'s' if n != 1 else ''}"


def binding_sentence(cand: Candidate, violation: dict[str, Any], spec: PlanForSpec, floor_racks: int | None) -> str:
    """The sentence that says why the closest candidate misses: the constraint, the
    figure needed and the limit."""
    c = spec.constraints
    v = violation
    if v["constraint"] in ("max_racks", "floor_m2"):
        if cand.rack_limiter in ("max_rack_kw", "cooling"):
            head = (f"{COOLING_WORDS[cand.cooling]} at {cand.rack_kw_limit:g} kW per rack holds "
                    f"{_server_phrase(cand, cand.servers_per_rack)} per rack")
        else:
            head = f"a rack holds {_server_phrase(cand, cand.servers_per_rack)} ({cand.rack_limiter})"
        tail = (f"{cand.racks} racks needed, the floor holds {floor_racks}" if v["constraint"] == "floor_m2"
                else f"{cand.racks} racks needed, the limit is {c.max_racks}")
        extra = ""
        if cand.network_racks or cand.storage_racks:
            extra = (f" ({cand.compute_racks} for servers, {cand.network_racks} for the fabric, "
                     f"{cand.storage_racks} for storage)")
        return f"{head}: {tail}{extra}"
    if v["constraint"] == "budget":
        over = cand.capex - (c.budget or 0.0)
        return (f"the cheapest build that meets the targets, {cand.servers} x {cand.server_name} "
                f"({cand.gpus} GPUs, {cand.cooling}), costs {cand.capex:,.0f} {c.currency}: {over:,.0f} "
                f"{c.currency} ({v['excess'] * 100:.0f} %) over the budget of {c.budget:,.0f} {c.currency}")
    return str(v["message"])


def _rank_key(c: Candidate) -> tuple[Any, ...]:
    # a capex with unpriced parts is a lower bound: builds whose GPU servers have no price
    # (most of the cost unknown) rank after those whose servers are priced
    return (not c.meets, not c.workloads_met, c.server_unpriced, c.cost, c.capex, c.gpus, c.server,
            COOLING_OPTIONS.index(c.cooling), c.oversubscription or 0.0, c.storage or "", c.storage_count)


def search(spec: PlanForSpec, catalog: Any, *, top: int | None = None,
           cancel: Callable[[], bool] | None = None) -> SearchResult:
    """Rank candidate builds for ``spec`` (see the module docstring). Raises
    :class:`PlanForSpecError` for what only the catalog can tell (unknown model, GPU or
    vendor). ``cancel`` is called between batches (one server platform and fabric
    each); a cancelled search returns what it ranked so far with ``cancelled=True``."""
    if top is not None and top < 1:
        raise ValueError("top must be at least 1")
    check_against_catalog(spec, catalog)
    s = _Search(spec, catalog, cancel)
    cands: list[Candidate] = []
    seen: set[Any] = set()
    cancelled = False
    servers = s.servers()
    if not servers:
        s.notes.append("no catalog GPU server matches the vendors and GPU models")
    try:
        for server in servers:
            coolings = s.coolings(server)
            if not coolings:
                continue
            step = sizing.NVL72_TRAYS_PER_RACK if s.platform(server) == "gb200-nvl72" else 1
            oversubs: tuple[float | None, ...] = (None,)
            if s.training and s.fabric(server, 2 * step, 1.0) is not None:
                oversubs = TRAINING_OVERSUBSCRIPTION
            for ov in oversubs:
                s._check()
                need = s.min_servers(server, ov, step)
                cap = max(step, (MAX_GPUS // server.gpu_count) // step * step)
                if need is None:
                    counts = {cap}
                    s.notes.append(f"{server.slug}: the targets are out of reach up to {MAX_GPUS:,} GPUs")
                else:
                    counts = {min(cap, max(step, math.ceil(need * f / step) * step)) for f in COUNT_FACTORS}
                for n in sorted(counts):
                    fab = s.fabric(server, n, ov) if ov is not None else None
                    if ov is not None and fab is not None and ov > 1.0 and fab.oversubscription <= 1.0:
                        continue  # a single-leaf fabric: 2:1 would be the 1:1 candidate again
                    for st in s.storage_options(server, n):
                        for cool in coolings:
                            key = (server.slug, n, None if fab is None else round(fab.oversubscription, 4), st, cool)
                            if key in seen:
                                continue
                            seen.add(key)
                            cand = s.candidate(server, n, ov, st, cool)
                            if cand is not None:
                                cands.append(cand)
    except SearchCancelled:
        cancelled = True
    cands.sort(key=_rank_key)
    for i, cand in enumerate(cands):
        cand.rank = i + 1
    meeting = sum(1 for x in cands if x.meets)
    res = SearchResult(cands[:top] if top else cands, len(cands), meeting, notes=s.notes, cancelled=cancelled)
    if meeting == 0:
        res.binding_constraint, res.binding = _binding(cands, s)
    return res


def _binding(cands: list[Candidate], s: _Search) -> tuple[str | None, str | None]:
    spec = s.spec
    met = [c for c in cands if c.workloads_met]
    if met:
        best = min(met, key=lambda c: (max(v["excess"] for v in c.violations), c.cost, c.rank))
        worst = max(best.violations, key=lambda v: v["excess"])
        return worst["constraint"], binding_sentence(best, worst, spec, s._floor_racks)
    if s.infeasible and not cands:
        name, _x, msg = min(s.infeasible, key=lambda t: t[1])
        return name, msg
    if not cands:
        return None, "no catalog server can be used: " + "; ".join(s.notes) if s.notes else None
    # no candidate meets the workloads: the closest one
    best = max(cands, key=lambda c: (c.margin if c.margin is not None else -math.inf, -c.rank))
    short = [w for w in best.workloads if not w["met"]]
    w = min(short, key=lambda r: r["margin"] if r["margin"] is not None else -math.inf)
    m = w.get("margin")
    by = f" (short by {-m * 100:.0f} %, bottleneck {w.get('bottleneck')})" if m is not None else ""
    return "workloads", (f"no build reaches the target of {w['name']!r}: the closest, {best.servers} x "
                         f"{best.server_name} ({best.gpus} GPUs), misses it{by}")
