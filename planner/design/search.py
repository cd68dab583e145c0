"""New from workload: rank candidate builds for workloads under hard constraints.

`rackwright plan-for SPEC.json` and the app's New from Workload wizard call this module.
Qt-free; the wizard runs :func:`search` in a background task (``cancel`` is checked
between batches).

Input (docs/plan-for.md, docs/plan-for.schema.json)::

    spec = parse_plan_for_spec(json.load(f))   # PlanForSpecError names the field path
    result = search(spec, catalog, top=10)      # SearchResult, candidates ranked
    plan = generate_plan(result.best.design, catalog, workloads=spec.plan_workloads(),
                         metadata=spec.metadata())   # planner.design.generate

:class:`PlanForSpec`
    ``workloads`` (tuple of :class:`SpecWorkload`: ``name``, ``kind``, ``spec`` dict,
    ``parsed`` typed spec, ``id``; ``to_plan_workload()`` gives the plan's
    :class:`planner.model.plan.Workload`) and ``constraints`` (:class:`Constraints`: budget,
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
    ``storage_racks``), ``servers_per_rack``, ``rack_limiter`` (space, max_rack_kw,
    cooling, pdu, design: what stops a rack at that count) and ``rack_kw_limit`` (the kW
    that limiter allows), ``switches`` (fabric and management), ``floor_m2`` (the
    generated room), ``it_kw`` (maximum draw, what racks and feeds are
    sized for), ``it_kw_typical``, ``facility_kw`` (it_kw x PUE), ``capex``,
    ``capex_complete`` and ``unpriced`` (the BOM lines without a price in the spec's
    currency), ``opex_per_year`` (energy + support, planner.engine.economics), ``tco`` (years x
    own cost per year; None without ``years``), ``rent_vs_own`` (dict or None),
    ``workloads`` (one dict per workload: name, kind, met, margin, bottleneck, level (the
    engine's: warn when met within the model's uncertainty), days,
    tokens_per_s_per_user, ttft_s, cost_per_million_tokens (in ``currency``; ``cost_complete`` False: a
    lower bound, its ``cost_basis`` leaves the servers' price out), gpus_needed),
    ``workloads_met``, ``meets`` (every workload met and every constraint holds), ``level``
    (the worst of the workloads' levels),
    ``margin`` and ``bottleneck`` (of the tightest workload), ``binding_constraint``
    (the violated constraint, or for a meeting candidate the one with least slack, or
    None), ``violations`` (list of dicts: constraint, needed, limit, excess, message),
    ``design`` (:class:`planner.design.model.BuildDesign` for
    :func:`planner.design.generate.generate_plan`), ``to_dict()``.

How candidates are made (docs/plan-for.md): every catalog GPU server the vendors and
GPU models allow x cooling (the allowed options the server suits: air-cooled servers on
air, rear doors or immersion; liquid-cooled ones on direct liquid or immersion; GB200
NVL72 trays on direct liquid, whole racks of 18) x compute-fabric
oversubscription (1:1 and 2:1 for training on more than one leaf) x storage (none for
inference; each catalog storage system, sized for the dataset, checkpoints, storage
workloads and 0.5 GB/s per GPU, for training) x GPU count: the fewest servers meeting
every workload target (found by doubling and bisection on the workload code's own
verdicts) and 1.25x, 1.5x and 2x that. The workload figures come from
planner.workloads (evaluate_training/evaluate_inference/evaluate_storage on the cluster
the plan will have: :func:`planner.workloads.cluster.cluster_from_counts`, inter-node
bandwidth divided by the fabric's oversubscription as the engine does). Racks, floor,
PDUs, CDUs and management switches come from the generator's own rules
(:mod:`planner.design.sizing` calls into :mod:`planner.design.generate`), so the plan
written from a candidate has its racks, floor area and (within rounding) capex.
With a ``budget``, a candidate whose GPU servers have no price in the spec's currency
breaks it (its capex is unknown). Ranking: meeting candidates first, then those whose
workloads are met; within those, training builds with storage before those that leave
it out, then builds with a complete capex before builds whose capex leaves unpriced lines
out (a lower bound, marked ``capex_complete=False``), then by TCO (or capex). The full description: docs/plan-for.md.

Currency: every price converts to the spec's ``currency`` at its ``exchange_rates`` (units of
the currency per unit of another, as a plan's metadata has them), as the engine converts a
plan's; a price without a rate is unpriced. :meth:`PlanForSpec.metadata` writes currency,
rates and their date, running-cost figures, years and the requirements into the plan.

Options (what the wizard and the CLI's table show): :func:`select_options` (per GPU model and
cooling the best-ranked that meets, and about +25 % and +50 % margin), :func:`price_from_plans`
(each priced from the plan it writes, so its capex is the plan's to the cent; the search's own
estimate counts the same parts, within ~0.3 % where network racks or phase balancing differ),
:func:`options` (both, ranked again); :func:`filter_candidates`, :func:`sort_candidates`;
:func:`internal_notes` (the unpriced lines, for ``metadata.internal_notes``).
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from planner.base.fileio import ChoiceList, validation_message
from planner.design import generate as gen
from planner.design import sizing
from planner.design.model import COOLING_OPTIONS, BuildDesign, CoolingOption, FabricChoice, StorageChoice
from planner.i18n import N_, Message, Np_, tmsg

if TYPE_CHECKING:
    from planner.catalog import Catalog, DeviceType
    from planner.fabric.media import Media, MediaChooser
    from planner.fabric.topology import FatTree
    from planner.model.plan import Metadata, Requirements, Workload
    from planner.workloads.cluster import ClusterSpec
    from planner.workloads.specs import WorkloadSpec

CONSTRAINT_NAMES: tuple[str, ...] = ("budget", "currency", "exchange_rates", "exchange_rates_date", "max_rack_kw",
                                     "cooling", "max_racks", "floor_m2", "vendors", "gpu_models",
                                     "electricity_price_per_kwh", "pue", "years", "utilisation", "region")
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
IN_ROW_M = 3.0  # a run to a switch in a compute or storage rack of the same row (switch_homes)
# phrases inside the binding sentences (English catalog texts; the sentences translate them, _cooling_phrase)
COOLING_WORDS = {"air": N_("air"), "rdhx": N_("a rear-door heat exchanger"), "dlc": N_("direct liquid cooling"),
                 "immersion": N_("immersion")}
Platform = Literal["servers", "gb200-nvl72"]  # BuildDesign.platform
Technology = Literal["infiniband", "ethernet", "nvlink"]  # FabricChoice.technology
NUMBER_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
                N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"))


# ----------------------------------------------------------------------------- the spec


class PlanForSpecError(ValueError):
    """A SPEC that fails validation: ``path`` names the field, ``message`` what is wrong."""

    def __init__(self, path: str, message: str) -> None:
        from planner.base.fileio import printable

        self.path = printable(path, 200)  # a key of the spec may hold a line break
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)

    def __str__(self) -> str:  # the message in the active language (a planner Message is translated)
        from planner.i18n import message_text

        text = message_text(self.message)
        return f"{self.path}: {text}" if self.path else text


PosF = Annotated[float, Field(gt=0)]


class Constraints(BaseModel):
    """The hard limits of a search (every field optional)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)

    budget: Annotated[float, Field(gt=0, le=1e13, description="capex limit in `currency`")] | None = None
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$", description="ISO 4217 code of budget and prices")] = "USD"
    exchange_rates: Annotated[dict[Annotated[str, Field(pattern=r"^[A-Z]{3}$")],
                                   Annotated[float, Field(gt=0, le=1e6)]],
                              Field(description="how many units of `currency` one unit of another currency buys "
                                                "(currency EUR: {\"USD\": 0.92}); catalog prices in a currency "
                                                "without a rate are unpriced")] = Field(default_factory=dict)
    exchange_rates_date: Annotated[str, Field(pattern=r"^(\d{4}-\d{2}-\d{2})?$",
                                              description="the date the rates are from, YYYY-MM-DD")] = ""
    max_rack_kw: Annotated[float, Field(gt=0, le=1000, description="maximum draw per rack, kW")] | None = None
    cooling: Annotated[tuple[CoolingOption, ...],
                       Field(min_length=1, description="cooling available: air (with containment), rdhx "
                                                       "(rear-door heat exchanger), dlc (direct liquid), immersion")
                       ] = COOLING_OPTIONS
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
    region: Annotated[Literal["eu", "na"], Field(description="the site's power: eu (230/400 V, 50 Hz, IEC 60309 "
                                                           "16/32/63 A feeds) or na (208/415 V, 60 Hz); default: eu "
                                                           "in German or a European locale, else na")
                      ] | None = None

    def rate(self, currency: str) -> float | None:
        """Units of the spec's currency one unit of ``currency`` buys (1 for its own), None without a rate."""
        return 1.0 if currency == self.currency else self.exchange_rates.get(currency)

    def requirements(self, statement: str = "") -> Requirements:
        """The customer's ask as the plan keeps it (planner.model.plan.Requirements)."""
        from planner.model.plan import Requirements

        return Requirements(budget=self.budget, currency=self.currency, max_rack_kw=self.max_rack_kw,
                            cooling=[] if set(self.cooling) == set(COOLING_OPTIONS) else list(self.cooling),
                            max_racks=self.max_racks, floor_m2=self.floor_m2, vendors=list(self.vendors),
                            gpu_models=list(self.gpu_models), years=self.years, statement=statement)


@dataclass(frozen=True, slots=True)
class SpecWorkload:
    id: str
    name: str
    kind: str
    spec: dict[str, Any]
    parsed: WorkloadSpec

    def to_plan_workload(self) -> Workload:
        from planner.model.plan import Workload

        return Workload(id=self.id, name=self.name, kind=self.kind, spec=dict(self.spec))


@dataclass(frozen=True, slots=True)
class PlanForSpec:
    workloads: tuple[SpecWorkload, ...]
    constraints: Constraints = field(default_factory=Constraints)

    def plan_workloads(self) -> list[Workload]:
        return [w.to_plan_workload() for w in self.workloads]

    def metadata(self, **extra: Any) -> Metadata:
        """The plan metadata a generated plan carries: currency, exchange rates and their
        date, electricity price, PUE, utilisation, years of use (with ``years``) and the
        customer's requirements from the constraints; ``extra`` (other Metadata fields) wins."""
        from planner.model.plan import Metadata

        c = self.constraints
        values: dict[str, Any] = dict(currency=c.currency, exchange_rates=dict(c.exchange_rates),
                                      exchange_rates_date=c.exchange_rates_date,
                                      electricity_price_per_kwh=c.electricity_price_per_kwh, pue=c.pue,
                                      utilisation=c.utilisation, requirements=c.requirements())
        if c.years is not None:
            values["years_of_use"] = c.years
        values.update(extra)
        return Metadata(**values)


def _loc(prefix: str, loc: tuple[int | str, ...]) -> str:
    out = prefix
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _suggest(word: str, names: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(str(word), names, n=1, cutoff=0.5)
    hint = f"did you mean {close[0]}? " if close else ""
    return f"{hint}known: {', '.join(names)}"


def _type_name(v: object) -> str:
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
    from planner.model.plan import Workload
    from planner.workloads.specs import NONLLM_KINDS, SpecError, parse_spec

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
            raise PlanForSpecError(_loc(where, tuple(err["loc"])), validation_message(err)) from None
        try:
            parsed = parse_spec(pw.kind, pw.spec)
        except SpecError as e:
            if e.problems:
                path, msg = e.problems[0]
            else:  # a spec the models accept but the planner does not (an unknown kind)
                path, msg = "spec", (e.args[0] if len(e.args) == 1 and isinstance(e.args[0], str) else str(e))
            raise PlanForSpecError(f"{where}.{path}", msg) from None
        if pw.kind in NONLLM_KINDS:
            raise PlanForSpecError(f"{where}.kind", f"plan-for sizes GPU builds for LLM and storage workloads; "
                                                    f"size a {pw.kind} workload with `rackwright size {pw.kind}`")
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
        if err.get("type") == "tuple_type":  # JSON has lists; the model keeps tuples
            err = {**err, "type": "list_type", "msg": err["msg"].replace("a valid tuple", "a list")}
        msg = validation_message(err)
        raise PlanForSpecError(_loc("constraints", tuple(err["loc"])), msg) from None
    if len(set(c.cooling)) != len(c.cooling):
        dup = next(x for i, x in enumerate(c.cooling) if x in c.cooling[:i])
        raise PlanForSpecError(f"constraints.cooling[{c.cooling.index(dup, c.cooling.index(dup) + 1)}]",
                               f"{dup!r} is listed twice")
    if c.currency in c.exchange_rates:
        raise PlanForSpecError(f"constraints.exchange_rates.{c.currency}",
                               f"{c.currency} is the spec's currency (its rate is 1)")
    if c.exchange_rates_date:
        import datetime as dt

        try:
            dt.date.fromisoformat(c.exchange_rates_date)
        except ValueError:
            raise PlanForSpecError("constraints.exchange_rates_date",
                                   f"{c.exchange_rates_date!r} is not a date (YYYY-MM-DD)") from None
    return PlanForSpec(tuple(out), c)


def check_against_catalog(spec: PlanForSpec, catalog: Catalog) -> None:
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
    rack_u: int
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
    storage_note: str | None = None  # without storage: why (one of the notes, a Message)
    bom: tuple[tuple[str, str, int], ...] = ()  # (catalog table, slug, quantity) the capex prices
    rank: int = 0
    # True once priced from the plan it writes (price_from_plans): capex, opex, TCO and rent
    # or own are then the written plan's to the cent; False: the search's estimate
    capex_exact: bool = False
    slack: tuple[tuple[float, str], ...] = ()  # (slack, constraint) of the limits other than the budget

    @property
    def server_unpriced(self) -> bool:
        return any(u.split(" x ", 1)[-1].split(" ")[0] == self.server for u in self.unpriced)

    @property
    def level(self) -> str:
        """The engine's level of the workloads (planner.engine.levels): over when one is not
        met, warn when one is met only within the model's uncertainty (the plan will carry
        WORKLOAD_LOW_MARGIN), ok, none without workloads that have a level."""
        from planner.engine import levels

        return levels.worst(str(w.get("level") or levels.NONE) for w in self.workloads)

    @property
    def storage_left_out(self) -> bool:
        # every build gets storage (weights, checkpoints, logs: docs/plan-for.md, "Right-sizing rules")
        return self.storage is None

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
            "rack_limiter": self.rack_limiter, "rack_kw_limit": self.rack_kw_limit, "rack_u": self.rack_u, "switches": self.switches, "floor_m2": round(self.floor_m2, 2),
            "it_kw": round(self.it_kw, 3), "it_kw_typical": round(self.it_kw_typical, 3),
            "facility_kw": round(self.facility_kw, 3), "currency": self.currency, "capex": round(self.capex, 2),
            "capex_complete": self.capex_complete, "capex_exact": self.capex_exact, "unpriced": list(self.unpriced),
            "opex_per_year": round(self.opex_per_year, 2), "tco": None if self.tco is None else round(self.tco, 2),
            "years": self.years, "rent_vs_own": self.rent_vs_own, "workloads": [dict(w) for w in self.workloads],
            "workloads_met": self.workloads_met, "meets": self.meets, "level": self.level,
            "margin": None if self.margin is None else round(self.margin, 4), "bottleneck": self.bottleneck,
            "binding_constraint": self.binding_constraint,
            "violations": [{**v, "excess": v["excess"] if math.isfinite(v["excess"]) else None}
                           for v in self.violations],
            "notes": list(self.notes), "storage_note": self.storage_note,
            "bom": [{"table": t, "slug": slug, "quantity": q} for t, slug, q in self.bom],
            "design": {"server": d.server, "servers": d.servers, "cooling": d.cooling, "platform": d.platform,
                       "max_rack_kw": d.max_rack_kw, "servers_per_rack": d.servers_per_rack,
                       "rack_type": d.rack_type, "pdu": d.pdu, "cooling_unit": d.cooling_unit,
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

    switch: DeviceType
    technology: Technology
    link_gbps: float
    rails: int
    leaves: int
    spines: int
    cores: int
    oversubscription: float  # achieved at the leaves
    cables: dict[str, int]  # cable / transceiver slug -> count
    optics_w: float = 0.0  # transceivers and active cables, both ends of every link

    @property
    def switches(self) -> int:
        return self.leaves + self.spines + self.cores


class _Search:
    def __init__(self, spec: PlanForSpec, catalog: Catalog, cancel: Callable[[], bool] | None) -> None:
        from planner.engine.settings import DEFAULT_SETTINGS
        from planner.engine.specs import SpecCache
        from planner.workloads.arch import ModelArch

        self.spec = spec
        self.c = spec.constraints
        self.catalog = catalog
        self.cancel = cancel
        self.settings = DEFAULT_SETTINGS
        self.specs = SpecCache(catalog)
        self.metadata = spec.metadata()
        self.models = {w.id: ModelArch.from_llm(catalog.llm(m))
                       for w in spec.workloads if (m := getattr(w.parsed, "model", None))}
        self.training = [w for w in spec.workloads if w.kind in ("pretrain", "finetune")]
        self.storage_wl = [w for w in spec.workloads if w.kind == "storage"]
        self.gpu_wl = [w for w in spec.workloads if w.kind in ("pretrain", "finetune", "inference")]
        self.notes: list[str] = []
        self.left_out: dict[tuple[str, ...], list[str]] = {}
        self.infeasible: list[tuple[str, float, str]] = []  # (constraint, excess, sentence)
        # (server, count, (oversubscription, rails, link) of the fabric, storage, kinds) -> workload rows
        self._eval_cache: dict[tuple[object, ...], list[dict[str, Any]]] = {}
        self._fabric_cache: dict[tuple[str, int, float], _Fabric | None] = {}
        self._choices: dict[Any, Any] = {}
        self._media: MediaChooser | None = None
        self._media_cache: dict[tuple[float, float], Media | None] = {}
        self._floor_racks: dict[tuple[str, str, int], int] = {}
        self._pdu_cache: dict[tuple[str, tuple[tuple[str, float, int], ...]], int] = {}
        self._memo: dict[Any, Any] = {}

    # -- catalog choices
    def servers(self) -> list[DeviceType]:
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

    def coolings(self, server: DeviceType) -> list[CoolingOption]:
        """The allowed cooling options the server suits (as the generator accepts them):
        air-cooled servers on air, rear doors or immersion; liquid-cooled ones on direct
        liquid or immersion; GB200 NVL72 on direct liquid only."""
        liquid = self.specs.device(server.slug).liquid_fraction > 0
        if self.platform(server) == "gb200-nvl72":
            suits: tuple[CoolingOption, ...] = ("dlc",)
        else:
            suits = ("dlc", "immersion") if liquid else ("air", "rdhx", "immersion")
        got = [c for c in self.c.cooling if c in suits]
        if not got:
            self.left_out.setdefault(suits, []).append(server.slug)
        return got

    def finish_notes(self) -> None:
        for suits, slugs in self.left_out.items():
            # "dlc or immersion": joined with the language's "or" where the note is shown
            either = ChoiceList(list(suits), " or ".join(suits)) if len(suits) > 1 else suits[0]
            self.notes.append(tmsg("left out, they need {suits} cooling and the constraints allow {allowed}: "
                                   "{servers}", suits=either, allowed=", ".join(self.c.cooling),
                                   servers=", ".join(slugs)))

    @staticmethod
    def platform(server: DeviceType) -> Platform:
        return "gb200-nvl72" if server.slug == gen.NVL_TRAY else "servers"

    # -- fabric
    def fabric(self, server: DeviceType, nodes: int, oversub: float) -> _Fabric | None:
        key = (server.slug, nodes, oversub)
        if key not in self._fabric_cache:
            self._fabric_cache[key] = self._design_fabric(server, nodes, oversub)
        return self._fabric_cache[key]

    def _design_fabric(self, server: DeviceType, nodes: int, oversub: float) -> _Fabric | None:
        """The compute fabric auto-wire builds: a rail-optimised fat tree of the switch the
        generator picks (InfiniBand where the NICs speak it, else Ethernet)."""
        from planner.fabric.topology import FabricDesignError, design_fat_tree

        ports = sizing._ports(self.catalog, server.slug, "compute", self._memo)
        if not ports:
            return None
        nic = min(p.speed_gbps for p in ports)
        sw: str | None = None
        tech: Technology | None = None
        techs: tuple[Technology, ...] = ("infiniband", "ethernet")
        for tech in techs:
            key = ("pick_switch", tech, nic)
            if key not in self._memo:
                self._memo[key] = gen.pick_switch(self.catalog, tech, nic, "compute")
            sw = self._memo[key]
            if sw is not None:
                break
        if sw is None or tech is None:
            return None
        link, radix = sizing.link_and_radix(self.catalog, nic, sw, self._memo)
        if not radix:
            return None
        try:
            t = design_fat_tree(nodes, len(ports), radix, link, oversub, True)
        except FabricDesignError:
            return None
        cables: dict[str, int] = {}
        optics = 0.0
        tiers = {"node_leaf": t.cables_node_leaf, "leaf_spine": t.cables_leaf_spine,
                 "spine_core": t.cables_spine_core}
        for tier, n in tiers.items():
            if n:
                m = self._medium(link, DEFAULT_LENGTHS_M[tier])
                if m is not None:
                    cables[m.cable] = cables.get(m.cable, 0) + n
                    optics += 2 * n * m.power_w_per_end
                    if m.transceiver:
                        cables[m.transceiver] = cables.get(m.transceiver, 0) + 2 * n
        return _Fabric(self.catalog.device(sw), tech, link, len(ports), t.leaves, t.spines, t.cores,
                       t.leaf_oversubscription, cables, optics)

    def _homed_cables(self, fab: _Fabric, n: int, oversub: float, rc: sizing.RackCount, ch: gen.Choices,
                      home: int) -> tuple[dict[str, int], float]:
        """Cables of a compute fabric whose switches sit in compute rack ``home``
        (generate.switch_homes), as :meth:`_runs_to` counts them; and the optics' draw this
        changes."""
        from planner.fabric.topology import design_fat_tree

        link, radix = sizing.link_and_radix(self.catalog, fab.link_gbps, fab.switch.slug, self._memo)
        t = design_fat_tree(n, fab.rails, radix, link, oversub, True)
        out, optics = self._runs_to(fab.link_gbps, self._server_runs(rc, n, fab.rails, fab.link_gbps), t, ch, home)
        return out, optics - fab.optics_w

    @staticmethod
    def _server_runs(rc: sizing.RackCount, n: int, ports: int, speed: float) -> list[tuple[int, int, float]]:
        """(links, compute rack, speed) of ``ports`` links per server, the servers filled rack by rack."""
        out = []
        left = n
        for i in range(rc.compute):
            k = min(rc.servers_per_rack, left)
            left -= k
            if k:
                out.append((k * ports, i, speed))
        return out

    def _port_speed(self, slug: str, role: str, sw: str) -> float:
        """The speed a device's ``role`` ports link at to switch ``sw``: their own, at most the
        switch's fastest port (per-device link speeds, docs/plan-for.md "Right-sizing rules")."""
        def make() -> float:
            mine = sizing._ports(self.catalog, slug, role, self._memo)
            theirs = sizing._ports(self.catalog, sw, "fabric", self._memo)
            top = max((p.speed_gbps for p in theirs), default=math.inf)
            return min(min((p.speed_gbps for p in mine), default=top), top)

        return _memo_get(self._memo, ("port_speed", slug, role, sw), make)

    def _runs_to(self, link_gbps: float, runs: list[tuple[int, int, float]], t: FatTree, ch: gen.Choices,
                 home: int) -> tuple[dict[str, int], float]:
        """Cables and transceivers of a fabric whose switches sit in compute rack ``home``:
        each (links, rack, speed) run by its rack distance (in the rack: half its height and
        the slack; to another rack: over the tray, planner.fabric.cabling's route), the
        switch-to-switch links (at ``link_gbps``) inside the rack; and the optics' draw, both
        ends."""
        from planner.fabric.cabling import CableRules

        rules = CableRules()
        rack_w, _d = gen._rack_dims(self.catalog, ch.rack_type)
        height_m = self.catalog.rack_type(ch.rack_type).u_height * 0.04445
        out: dict[str, int] = {}
        optics = 0.0

        def put(count: int, length: float, speed: float) -> None:
            nonlocal optics
            m = self._medium(speed, round(length, 1))
            if m is None or not count:
                return
            out[m.cable] = out.get(m.cable, 0) + count
            optics += 2 * count * m.power_w_per_end
            if m.transceiver:
                out[m.transceiver] = out.get(m.transceiver, 0) + 2 * count

        for count, i, speed in runs:
            far = abs(i - home) * rack_w
            put(count, height_m / 2 + rules.slack_m if not far
                else far + 2 * (height_m / 2 + rules.tray_clearance_m) + rules.slack_m, speed)
        put(t.cables_leaf_spine + t.cables_spine_core, 1.0 + rules.slack_m, link_gbps)
        return out, optics

    def _cables(self, t: FatTree, length_m: float | None = None) -> dict[str, int]:
        """Cables and transceivers of a fat tree at the default lengths per tier (or ``length_m``)."""
        out: dict[str, int] = {}
        for tier, n in (("node_leaf", t.cables_node_leaf), ("leaf_spine", t.cables_leaf_spine),
                        ("spine_core", t.cables_spine_core)):
            m = self._medium(t.link_gbps, length_m or DEFAULT_LENGTHS_M[tier]) if n else None
            if m is not None:
                out[m.cable] = out.get(m.cable, 0) + n
                if m.transceiver:
                    out[m.transceiver] = out.get(m.transceiver, 0) + 2 * n
        return out

    def _nvlink_cable(self) -> str | None:
        """The NVLink spine cable the wiring picks (planner.fabric.media.nvlink_media), None without one."""
        if self._media is None:
            from planner.fabric.media import MediaChooser

            self._media = MediaChooser(self.catalog)
        return self._media.nvlink[0].slug if self._media.nvlink else None

    def _medium(self, speed: float, length: float) -> Media | None:
        key = (speed, length)
        if key not in self._media_cache:
            if self._media is None:
                from planner.fabric.media import MediaChooser

                self._media = MediaChooser(self.catalog)
            self._media_cache[key] = self._media.choose(speed, length)
        return self._media_cache[key]

    # -- workloads
    def cluster(self, server: DeviceType, n: int, fab: _Fabric | None, storage: tuple[str, int] | None) -> ClusterSpec:
        """The cluster the plan's verdicts will size on (planner.workloads.sweep.workload_cluster):
        cluster_from_counts of the servers and storage, inter-node bandwidth from the
        wired compute fabric divided by its oversubscription."""
        from planner.workloads.cluster import cluster_from_counts

        st = {storage[0]: storage[1]} if storage else {}
        cl = cluster_from_counts(self.catalog, {server.slug: n}, st, self.metadata)
        if fab is not None and n > 1:
            inter = fab.rails * fab.link_gbps / server.gpu_count / max(1.0, fab.oversubscription)
            cl = cl.with_(internode_gb_per_s=round(inter, 3) / 8.0)
        return cl

    def evaluate(self, server: DeviceType, n: int, fab: _Fabric | None, storage: tuple[str, int] | None,
                 kinds: tuple[str, ...] = ("pretrain", "finetune", "inference", "storage")) -> list[dict[str, Any]]:
        key = (server.slug, n, None if fab is None else (fab.oversubscription, fab.rails, fab.link_gbps),
               storage, kinds)
        got = self._eval_cache.get(key)
        if got is None:
            cl = self.cluster(server, n, fab, storage)
            got = []
            for w in self.spec.workloads:
                if w.kind not in kinds:
                    continue
                if storage is not None and w.kind in ("pretrain", "finetune"):
                    # train() reads the storage only for the checkpoint write time: size it
                    # once without storage and take that figure from this cluster
                    base = self.evaluate(server, n, fab, None, (w.kind,))
                    r = dict(next(x for x in base if x["name"] == w.name))
                    size = r.get("checkpoint_size_gb")
                    r["checkpoint_write_s"] = (size / cl.storage_write_gb_per_s
                                               if size and cl.storage_write_gb_per_s else None)
                    r["storage_read_gb_per_s"] = cl.storage_read_gb_per_s
                    got.append(r)
                else:
                    got.append(self._one(w, cl))
            self._eval_cache[key] = got
        return got

    def _one(self, w: SpecWorkload, cl: ClusterSpec) -> dict[str, Any]:
        from planner.workloads.evaluate import evaluate_inference, evaluate_storage, evaluate_training
        from planner.workloads.specs import FinetuneSpec, InferenceSpec, PretrainSpec, StorageWorkloadSpec

        out: dict[str, Any] = {"name": w.name, "kind": w.kind}
        spec = w.parsed  # the model parse_spec picked by the workload's kind
        try:
            if isinstance(spec, InferenceSpec):
                met, margin, bn, fig = evaluate_inference(spec, self.models[w.id], cl, need=False)
            elif isinstance(spec, StorageWorkloadSpec):
                met, margin, bn, fig = evaluate_storage(spec, self.catalog, cl)
            elif isinstance(spec, (PretrainSpec, FinetuneSpec)):
                met, margin, bn, fig = evaluate_training(spec, self.models[w.id], cl)
            else:  # parse_plan_for refuses the other kinds
                raise ValueError(f"plan-for does not size {w.kind} workloads")
        except ValueError as e:
            out.update(met=False, margin=None, bottleneck=None, error=str(e))
            return out
        out.update(level=self._level(w, bool(met), margin, bn, fig))
        out.update(met=bool(met), margin=round(margin, 4), bottleneck=bn, fits=fig.get("fits"),
                   days=fig.get("days"), tokens_per_s=fig.get("tokens_per_s"),
                   tokens_per_s_per_user=fig.get("tokens_per_s_per_user"), ttft_s=fig.get("ttft_s"),
                   cost_per_million_tokens=fig.get("cost_per_million_tokens"), currency=fig.get("currency"),
                   cost_complete=fig.get("cost_complete"), cost_basis=fig.get("cost_basis"),
                   gpus_needed=fig.get("gpus_needed"), checkpoint_size_gb=fig.get("checkpoint_size_gb"),
                   checkpoint_write_s=fig.get("checkpoint_write_s"),
                   storage_read_gb_per_s=fig.get("storage_read_gb_per_s", cl.storage_read_gb_per_s))
        return out

    def _level(self, w: SpecWorkload, met: bool, margin: float, bottleneck: str | None,
               figures: dict[str, Any]) -> str:
        """The engine's level of this verdict (planner.engine.levels: over when not met, warn
        when met within the model's uncertainty, WORKLOAD_LOW_MARGIN), by the engine's own
        rule, so the wizard shows what the plan's Workloads panel will show."""
        from planner.engine.network import make_workload_finding
        from planner.engine.workloads import verdict_level
        from planner.workloads.evaluate import WorkloadVerdict

        v = WorkloadVerdict(id=w.id, name=w.name, kind=w.kind, group=None, met=met, margin=margin,
                            bottleneck=bottleneck, figures=dict(figures))
        return verdict_level(v, make_workload_finding(v, w.spec, self.settings.workload_margin_warn))

    def _gpu_met(self, server: DeviceType, n: int, oversub: float | None) -> bool:
        fab = self.fabric(server, n, oversub) if oversub is not None else None
        return all(r["met"] for r in self.evaluate(server, n, fab, None, ("pretrain", "finetune", "inference")))

    def min_servers(self, server: DeviceType, oversub: float | None, step: int) -> int | None:
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
    def storage_options(self, server: DeviceType, n: int) -> list[tuple[str, int] | None]:
        """None for inference only; for training (or storage workloads) each catalog
        storage system, as many as the dataset and checkpoints, 0.5 GB/s per GPU
        (the engine's balance rule) and the storage workloads need. A server without
        storage-network ports gets none (the generator cannot attach storage to it; the
        candidate says so)."""
        # every build gets storage (docs/plan-for.md, "Right-sizing rules"): for training the
        # dataset and checkpoints, for serving the model weights and logs (one appliance at least)
        if not sizing._ports(self.catalog, server.slug, "storage", self._memo):
            return [None]
        if self.platform(server) == "gb200-nvl72" and not self.training and not self.storage_wl:
            # serving on NVL72: its eight 60 A feeds are at ~95 % on failover already; the storage
            # ports' optics would overload them (left until the feeds are sized for the rack)
            return [None]
        devs = [(d, d.planning.storage) for d in sorted(self.catalog.storage(), key=lambda d: d.slug)
                if d.planning is not None and d.planning.storage is not None]
        vendors = {v.casefold() for v in self.c.vendors}
        if vendors and any(d.manufacturer.casefold() in vendors for d, _s in devs):
            devs = [(d, s) for d, s in devs if d.manufacturer.casefold() in vendors]
        gpus = n * server.gpu_count
        out: list[tuple[str, int] | None] = []
        cap_tb = self._storage_tb()
        # the engine's read rate per GPU for every build (BALANCE_STORAGE): checkpoints or the model loading
        read_need = self.settings.min_storage_gb_per_s_per_gpu * gpus
        for d, s in devs:
            usable = s.usable_capacity_tb or s.raw_capacity_tb or 0.0
            k = 1
            if usable > 0:
                k = max(k, math.ceil(cap_tb / usable - 1e-9))
            if s.read_gb_per_s:
                k = max(k, math.ceil(read_need / s.read_gb_per_s - 1e-9))
            k = min(k, 1000)
            # storage workloads: double the appliances until met (or no better: the servers' NICs bind)
            for _ in range(10):
                if not self.storage_wl:
                    break
                now = self.evaluate(server, n, None, (d.slug, k), ("storage",))
                if all(r["met"] for r in now):
                    break
                more = self.evaluate(server, n, None, (d.slug, 2 * k), ("storage",))
                if [r.get("margin") for r in more] == [r.get("margin") for r in now]:
                    break
                k *= 2
            out.append((d.slug, k))
        return out or [None]

    def _storage_tb(self) -> float:
        from planner.workloads.specs import FinetuneSpec, PretrainSpec
        from planner.workloads.training import checkpoint_size_gb

        tb = 0.0
        for w in self.spec.workloads:  # the training workloads
            if not isinstance(w.parsed, PretrainSpec | FinetuneSpec):
                continue
            tb += w.parsed.tokens * BYTES_PER_TOKEN / 1e12
            tb += CHECKPOINTS_KEPT * checkpoint_size_gb(self.models[w.id]) / 1000.0
        return tb

    # -- one candidate
    def design(self, server: DeviceType, n: int, fab: _Fabric | None, oversub: float | None,
               storage: tuple[str, int] | None, cooling: CoolingOption) -> BuildDesign:
        platform = self.platform(server)
        return BuildDesign(
            server=server.slug, servers=n, cooling=cooling,
            name=f"{n} x {server.manufacturer} {server.model}", platform=platform,
            max_rack_kw=self.c.max_rack_kw,
            compute=None if fab is None else FabricChoice(
                kind="compute", technology=fab.technology, speed_gbps=fab.link_gbps,
                oversubscription=oversub or 1.0, rail_optimised=True, switch=fab.switch.slug),
            storage=StorageChoice(storage[0], storage[1]) if storage else None,
            frontend=self._frontend(server), management=True, region=self.region)

    @property
    def region(self) -> Literal["eu", "na"]:
        """The constraints' region, else the language's and locale's (planner.model.regions)."""
        if self.c.region is not None:
            return self.c.region
        from planner.i18n import active_language
        from planner.model.regions import default_region

        return default_region(active_language())

    def _frontend(self, server: DeviceType) -> FabricChoice | None:
        """The front-end (user-facing) network of every build whose server has front-end
        ports (docs/plan-for.md, "Right-sizing rules"): Ethernet at the ports' speed,
        non-blocking, so user traffic and model loading meet no oversubscription. A server
        without them reaches users over its storage/in-band ports (the storage fabric)."""
        key = ("frontend", server.slug)
        if key not in self._memo:
            ports = sizing._ports(self.catalog, server.slug, "frontend", self._memo)
            self._memo[key] = None if not ports else FabricChoice(
                kind="frontend", technology="ethernet", speed_gbps=min(p.speed_gbps for p in ports),
                oversubscription=1.0, rail_optimised=False)
        return self._memo[key]

    def candidate(self, server: DeviceType, n: int, oversub: float | None, storage: tuple[str, int] | None,
                  cooling: CoolingOption) -> Candidate | None:
        from planner.engine.economics import DEFAULT_YEARS, OwnInputs, rent_vs_own

        c = self.c
        cat = self.catalog
        platform = self.platform(server)
        fab = self.fabric(server, n, oversub) if oversub is not None else None
        design = self.design(server, n, fab, oversub, storage, cooling)
        try:
            ch = sizing.build_choices(design, cat, self._choices)
            switches = sizing.fabric_switches(design, cat, ch, n, self._memo)
            rc = sizing.rack_counts(design, cat, ch, switches, self._memo)
        except gen.DesignError as e:
            self._infeasible(design, server, cooling, e)
            return None
        # the rack type stays the generator's choice: a design's rack_type is also its network
        # and storage racks' (a GB200 NVL72 rack type there would leave them without PDUs)
        design = replace(design, servers_per_rack=rc.servers_per_rack, pdu=ch.pdu)
        racks = rc.total
        mgmt = cat.get("device-types", ch.mgmt_switch) if ch.mgmt_switch else None
        nvl_ports = (len(gen.NVL_SWITCH_US) * self._mgmt_ports(gen.NVL_SWITCH)
                     + len(gen.NVL_SHELF_US) * self._mgmt_ports(gen.NVL_SHELF)) if platform == "gb200-nvl72" else 0
        mgmt_n = self._mgmt_switches(rc, mgmt.slug, server.slug, n, storage, switches, nvl_ports) \
            if mgmt is not None else 0
        sto_dev = cat.device(storage[0]) if storage else None
        n_sto = storage[1] if storage else 0
        sp = self.specs.device
        optics = gen.OPTICS_W
        # a server's draw with its optics, as the generator fills racks and PDUs
        s_ends = self._ends(server.slug, design)
        server_w = sp(server.slug).max_w + optics * s_ends
        nvl_w = 0.0
        if platform == "gb200-nvl72":
            racks_nvl = rc.compute
            nvl_w = racks_nvl * len(gen.NVL_SWITCH_US) * sp(gen.NVL_SWITCH).max_w
        # IT draw as the engine totals it: the devices' maximum and the compute fabric's optics
        it_w = ((fab.optics_w if fab is not None else 0.0) + n * sp(server.slug).max_w + sum(k * sp(sw).max_w for sw, k in switches)
                + n_sto * (sp(sto_dev.slug).max_w if sto_dev is not None else 0.0)
                + mgmt_n * (sp(mgmt.slug).max_w if mgmt is not None else 0.0) + nvl_w)
        it_typ = ((fab.optics_w if fab is not None else 0.0) + n * _typ(server) + sum(k * _typ(cat.device(sw)) for sw, k in switches)
                  + n_sto * (_typ(sto_dev) if sto_dev is not None else 0.0)
                  + mgmt_n * (_typ(mgmt) if mgmt is not None else 0.0) + nvl_w)
        # capex: the BOM the generated plan will carry, priced from the catalog
        bom: dict[tuple[str, str], int] = {}

        def add(table: str, slug: str | None, qty: int) -> None:
            if slug and qty > 0:
                bom[(table, slug)] = bom.get((table, slug), 0) + qty

        add("device-types", server.slug, n if platform != "gb200-nvl72" else rc.compute * rc.servers_per_rack)
        if sto_dev is not None:
            add("device-types", sto_dev.slug, n_sto)
        for sw, k in switches:
            add("device-types", sw, k)
        if fab is not None:
            fab_cables = fab.cables
            if rc.homes and rc.homes[0] is not None and design.compute is not None:
                fab_cables, it_extra = self._homed_cables(fab, n, oversub or 1.0, rc, ch, rc.homes[0])
                it_w += it_extra
                it_typ += it_extra
            for slug, k in fab_cables.items():
                add("cables", slug, k)
        sfc = sizing.storage_fabric_choice(design, cat, self._memo)
        if sfc is not None and ch.storage_switch is not None:
            st_tree = sizing.fabric_tree(cat, design, ch.storage_switch, "storage", n, sfc, self._memo)
            # a storage fabric whose switches sit in a compute or storage rack (switch_homes):
            # runs of a few metres, not the network row's
            # (in a storage rack, in the network row, the servers' runs are the default's)
            st_home = rc.homes[int(design.compute is not None)] if len(rc.homes) > int(design.compute is not None) \
                else None
            homed = st_home is not None and st_home < rc.compute
            if st_tree is not None and homed and st_home is not None and storage is not None \
                    and (rc.storage_home is not None or not n_sto):
                # the servers' storage ports and the appliances' (in their compute rack) by rack
                # distance to the switches, as the written plan routes them
                sw_s = ch.storage_switch
                runs = self._server_runs(rc, n, len(sizing._ports(cat, server.slug, "storage", self._memo)),
                                         self._port_speed(server.slug, "storage", sw_s))
                if n_sto and rc.storage_home is not None:
                    runs.append((n_sto * len(sizing._ports(cat, storage[0], "storage", self._memo)), rc.storage_home,
                                 self._port_speed(storage[0], "storage", sw_s)))
                st_cables, _w = self._runs_to(st_tree.link_gbps, runs, st_tree, ch, st_home)
                for slug, k in st_cables.items():
                    add("cables", slug, k)
            elif st_tree is not None:
                for slug, k in self._cables(st_tree, IN_ROW_M if homed else None).items():
                    add("cables", slug, k)
        if design.frontend is not None and ch.frontend_switch is not None:
            fe_tree = sizing.fabric_tree(cat, design, ch.frontend_switch, "frontend", n, design.frontend, self._memo)
            fe_home = rc.homes[-1] if rc.homes else None  # the front-end is the last fabric listed
            if fe_tree is not None and fe_home is not None and fe_home < rc.compute:
                runs = self._server_runs(rc, n, len(sizing._ports(cat, server.slug, "frontend", self._memo)),
                                         self._port_speed(server.slug, "frontend", ch.frontend_switch))
                fe_cables, _w = self._runs_to(fe_tree.link_gbps, runs, fe_tree, ch, fe_home)
                for slug, k in fe_cables.items():
                    add("cables", slug, k)
            elif fe_tree is not None:
                for slug, k in self._cables(fe_tree, IN_ROW_M if fe_home is not None else None).items():
                    add("cables", slug, k)
        add("device-types", ch.mgmt_switch, mgmt_n)
        add("rack-types", ch.rack_type, rc.compute)
        add("rack-types", ch.network_rack_type, rc.network + rc.storage)
        if platform == "gb200-nvl72":
            add("device-types", gen.NVL_SWITCH, rc.compute * len(gen.NVL_SWITCH_US))
            add("device-types", gen.NVL_SHELF, rc.compute * len(gen.NVL_SHELF_US))
            # the NVLink spine: every NVLink port of the rack's trays (planner.fabric.nvlink_wire)
            add("cables", self._nvlink_cable(), rc.compute * rc.servers_per_rack
                * len(sizing._ports(cat, server.slug, "nvlink", self._memo)))
            other_w = it_w - nvl_w - n * sp(server.slug).max_w
            n_pdu = rc.compute * len(gen.NVL_PDU_SLOTS) + self._other_pdus(ch, rc, other_w)
            add("device-types", ch.pdu, n_pdu)
        else:
            n_pdu = self._pdus(ch, rc, server, n, server_w, it_w, mgmt, self._homed_loads(rc, switches, design))
            add("device-types", ch.pdu, n_pdu)
        # management: every management (BMC) port the generator wires on a 1 GbE patch cord
        # (generate.mgmt_ports: the PDUs and management switches have none it wires)
        cat6 = "cat6a-10g" if cat.get("cables", "cat6a-10g") is not None else None
        n_srv = n if platform != "gb200-nvl72" else rc.compute * rc.servers_per_rack
        add("cables", cat6, n_srv * self._mgmt_ports(server.slug) + rc.compute * nvl_ports
            + (n_sto * self._mgmt_ports(sto_dev.slug) if sto_dev is not None else 0)
            + sum(k * self._mgmt_ports(sw) for sw, k in switches) + n_pdu * self._mgmt_ports(ch.pdu))
        if cooling == "dlc":
            liquid_kw = n * sp(server.slug).max_w * sp(server.slug).liquid_fraction / 1000.0
            rows = [min(gen.RACKS_PER_ROW, rc.compute - k) for k in range(0, rc.compute, gen.RACKS_PER_ROW)]
            for r in rows:
                need = liquid_kw * r / rc.compute * self.settings.loop_margin
                cdu, k = gen._pick_cdu(cat, need, ch.cooling_unit)
                add("cooling", cdu, k)
        elif cooling in ("rdhx", "immersion") and ch.cooling_unit:
            add("cooling", ch.cooling_unit, rc.compute)
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
        layout = sizing.floor_layout(rc.compute, rc.network + rc.storage, cat, ch.rack_type, ch.network_rack_type)
        floor = layout.area_m2
        violations = self._violations(capex, racks, floor, rc, ch, server, unpriced)
        meets = wl_met and not violations
        slack = self._slack(racks, floor, rc)
        binding = (max(violations, key=lambda v: v["excess"])["constraint"] if violations
                   else _least_slack(c, capex, slack))
        gpu_slug = server.gpu_slug
        assert gpu_slug is not None  # servers() offers only servers whose GPU the catalog has
        gpu = cat.gpu(gpu_slug)
        notes = list(ch.notes)
        storage_note: str | None = None  # why the build has no storage system
        if storage is None and platform == "gb200-nvl72" and sizing._ports(cat, server.slug, "storage", self._memo):
            storage_note = tmsg("no storage system in this build: the NVL72 rack's feeds carry no more when a side "
                                "fails, and its storage ports' optics would overload them")
        elif storage is None:
            model = server.manufacturer + " " + server.model
            storage_note = tmsg("{server} has no storage-network ports: no storage system in this build (attach one "
                                "through another network)", server=model)
        if storage_note is not None:
            notes.append(storage_note)
        if cooling == "immersion":
            notes.append(tmsg("immersion assumes an immersion-ready variant of the server"))
        return Candidate(
            gpu=gpu_slug, gpu_name=f"{gpu.vendor} {gpu.model}", server=server.slug,
            server_name=f"{server.manufacturer} {server.model}", vendor=server.manufacturer, platform=platform,
            gpus=n * server.gpu_count, servers=n, cooling=cooling,
            oversubscription=None if fab is None else round(fab.oversubscription, 4),
            storage=storage[0] if storage else None, storage_count=n_sto,
            racks=racks, compute_racks=rc.compute, network_racks=rc.network, storage_racks=rc.storage,
            servers_per_rack=rc.servers_per_rack, rack_limiter=rc.limiter, rack_kw_limit=rc.rack_kw_limit,
            rack_u=int(cat.rack_type(ch.rack_type).u_height),
            floor_m2=floor, it_kw=it_w / 1000.0, it_kw_typical=it_typ / 1000.0, facility_kw=it_w / 1000.0 * c.pue,
            currency=c.currency, capex=capex, capex_complete=not unpriced, unpriced=tuple(unpriced),
            opex_per_year=opex, tco=tco, years=years, rent_vs_own=ro.to_dict() if ro.cloud_cost_per_year else None,
            workloads=results, workloads_met=wl_met, meets=meets,
            margin=tight["margin"] if tight else None, bottleneck=tight["bottleneck"] if tight else None,
            binding_constraint=binding, violations=violations, design=design,
            switches=sum(k for _sw, k in switches) + mgmt_n, notes=tuple(notes), storage_note=storage_note,
            bom=tuple((t, slug, q) for (t, slug), q in sorted(bom.items())), slack=tuple(slack))

    def _mgmt_ports(self, slug: str) -> int:
        return _memo_get(self._memo, ("mgmt_ports", slug), lambda: gen.mgmt_ports(self.catalog, slug))

    def _mgmt_switches(self, rc: sizing.RackCount, mgmt: str, server: str, n: int, storage: tuple[str, int] | None,
                       switches: list[tuple[str, int]], rack_ports: int = 0) -> int:
        """Management switches as the generator wires them (generate.mgmt_switch_count: one
        switch when every management port fits it, else end-of-row leaves at 8:1 and spines):
        the servers' ports by compute row, the storage appliances' and the fabric switches'
        in the network/storage row (or the first compute row when there is none); ``rack_ports``:
        the other management ports of each compute rack (a GB200 NVL72 rack's switch trays and
        power shelves)."""
        ports = self._mgmt_ports
        per = rc.servers_per_rack
        rows = []
        left = n
        for k in range(0, rc.compute, gen.RACKS_PER_ROW):
            racks_in_row = min(gen.RACKS_PER_ROW, rc.compute - k)
            in_row = min(left, racks_in_row * per)
            rows.append(in_row * ports(server) + racks_in_row * rack_ports)
            left -= in_row
        other = (storage[1] * ports(storage[0]) if storage else 0) + sum(k * ports(sw) for sw, k in switches)
        if rc.network + rc.storage:
            rows.append(other)
        elif rows:
            rows[0] += other
        key = ("mgmt_count", mgmt, tuple(rows))
        return _memo_get(self._memo, key, lambda: gen.mgmt_switch_count(self.catalog, mgmt, rows))

    def _ends(self, slug: str, design: BuildDesign) -> int:
        return gen._link_ends(self.catalog, slug, design)

    def _switch_ports(self, sw: str) -> int:
        from planner.fabric.ports import device_ports

        dp = device_ports(self.catalog, sw)
        return len([p for p in dp.ports if p.role == "fabric"]) if dp is not None else 0

    def _homed_loads(self, rc: sizing.RackCount, switches: list[tuple[str, int]], design: BuildDesign
                     ) -> dict[int, tuple[tuple[str, float, int], ...]]:
        """The loads (id, W with optics, cords) each compute rack holds besides its servers:
        the fabric switches homed there (generate.switch_homes) and the storage appliances
        (generate.storage_home), as the generator cords them."""
        sp = self.specs.device
        out: dict[int, list[tuple[str, float, int]]] = {}
        for (sw, k), home in zip(switches, rc.homes):
            if home is not None and home < rc.compute and k:
                w = sp(sw).max_w + gen.OPTICS_W * self._switch_ports(sw)
                out.setdefault(home, []).extend((f"{sw}{j}", w, sp(sw).cords or 1) for j in range(k))
        if rc.storage_home is not None and design.storage is not None and design.storage.count:
            _u, w = gen._storage_unit(self.catalog, design)
            cords = sp(design.storage.device).cords or 1
            out.setdefault(rc.storage_home, []).extend(
                (f"sto{j}", w, cords) for j in range(design.storage.count))
        return {i: tuple(v) for i, v in out.items()}

    def _pdus(self, ch: gen.Choices, rc: sizing.RackCount, server: DeviceType, n: int, server_w: float, it_w: float,
              mgmt: DeviceType | None, homed: dict[int, tuple[tuple[str, float, int], ...]] | None = None) -> int:
        """2N PDUs as the generator powers racks: per rack and side the fewest (up to four)
        whose phases carry the rack's cords after losing a side (its own cord assignment,
        planner.design.generate.choose_cords), with the switches and storage ``homed`` in it;
        network and storage racks by their share of the rest of the draw."""
        pdu = self._memo.get(("pdu", ch.pdu))
        if pdu is None:
            pdu = self._memo[("pdu", ch.pdu)] = gen._pdu_model(self.catalog, ch.pdu)
        homed = homed or {}
        cords = self.specs.device(server.slug).cords or 2
        extra = (("mgmt", self.specs.device(mgmt.slug).max_w, self.specs.device(mgmt.slug).cords or 1),) \
            if mgmt is not None else ()
        total = 0
        left = n
        for i in range(rc.compute):
            k = min(rc.servers_per_rack, left)
            left -= k
            if k and i in homed:
                # a rack's own mix of switches and storage: the fewest PDUs that carry it (the
                # phase balancing choose_cords adds costs ~40 ms a rack, once per candidate)
                total += self._rack_pdus_carry(pdu, tuple((f"s{j}", server_w, cords) for j in range(k)) + extra
                                               + homed[i])
            elif k:
                total += self._rack_pdus(pdu, tuple((f"s{j}", server_w, cords) for j in range(k)) + extra)
        homed_w = sum(w for loads in homed.values() for _id, w, _c in loads)
        return total + self._other_pdus(ch, rc, max(0.0, it_w - n * server_w - homed_w))

    def _other_pdus(self, ch: gen.Choices, rc: sizing.RackCount, other_w: float) -> int:
        """2N PDUs of the network and storage racks, by their share of ``other_w``."""
        others = rc.network + rc.storage
        if not others:
            return 0
        pdu = self._memo.get(("pdu", ch.pdu))
        if pdu is None:
            pdu = self._memo[("pdu", ch.pdu)] = gen._pdu_model(self.catalog, ch.pdu)
        side_w = pdu.phase_cap_w * (3 if pdu.phases == 3 else 1) * gen.FILL
        return others * 2 * min(gen.MAX_PDUS_PER_SIDE, max(1, math.ceil(other_w / others / side_w)))

    def _rack_pdus_carry(self, pdu: gen._PduModel, loads: tuple[tuple[str, float, int], ...]) -> int:
        """2 x the fewest PDUs per side whose phases carry ``loads`` after losing a side
        (generate._assign_cords either way of spreading cords), without the balancing."""
        key = ("carry " + pdu.slug, loads)  # beside _rack_pdus' (slug, loads) keys
        got = self._pdu_cache.get(key)
        if got is None:
            got = 2 * gen.MAX_PDUS_PER_SIDE
            cap = pdu.phase_cap_w * gen.FILL
            total_w = sum(w for _, w, _ in loads)
            for per_side in range(1, gen.MAX_PDUS_PER_SIDE + 1):
                if sum(c for _, _, c in loads) > pdu.outlets * per_side * 2:
                    continue
                if total_w > cap * per_side * (3 if pdu.phases == 3 else 1):
                    continue  # one side's PDUs cannot carry the rack whatever the cords
                sides = [[s + 2 * k for k in range(per_side)] for s in range(2)]
                if any(gen._assign_cords(list(loads), sides, pdu, mode)[1] <= cap for mode in ("phase", "triples")):
                    got = 2 * per_side
                    break
            self._pdu_cache[key] = got
        return got

    def _rack_pdus(self, pdu: gen._PduModel, loads: tuple[tuple[str, float, int], ...]) -> int:
        key = (pdu.slug, loads)
        got = self._pdu_cache.get(key)
        if got is None:
            chosen = gen.choose_cords(list(loads), 2, pdu)
            got = 2 * (chosen[0] if chosen is not None else gen.MAX_PDUS_PER_SIDE)
            self._pdu_cache[key] = got
        return got

    def _cloud(self, server: DeviceType) -> float | None:
        """The catalog's cloud price per GPU-hour of the server's GPU in the spec's currency, else None."""
        got = self.catalog.cloud_price(server.gpu_slug) if server.gpu_slug else None
        rate = None if got is None else self.c.rate(got.currency)
        if got is None or rate is None:
            return None
        return float(got.price_per_gpu_hour) * rate

    def _price(self, bom: dict[tuple[str, str], int]) -> tuple[float, list[str]]:
        terms: list[float] = []
        missing: list[str] = []
        for (table, slug), qty in sorted(bom.items()):
            item = self.catalog.get(table, slug)
            price = getattr(item, "price", None) if item is not None else None
            rate = None if price is None else self.c.rate(price.currency)
            if price is None:
                missing.append(f"{qty} x {slug}")
            elif rate is None:  # the engine's rule: a price without an exchange rate is not in the capex
                missing.append(f"{qty} x {slug} (priced in {price.currency}, no exchange rate)")
            else:
                terms.append(price.amount * qty * rate)
        return math.fsum(terms), missing

    def floor_racks(self, rc: sizing.RackCount, ch: gen.Choices) -> int | None:
        """Compute racks the floor holds beside the network and storage racks."""
        if self.c.floor_m2 is None:
            return None
        key = (ch.rack_type, ch.network_rack_type, rc.network + rc.storage)
        if key not in self._floor_racks:
            self._floor_racks[key] = sizing.racks_on_floor(self.c.floor_m2, self.catalog, ch.rack_type,
                                                           ch.network_rack_type, rc.network + rc.storage)
        return self._floor_racks[key]

    def _violations(self, capex: float, racks: int, floor: float, rc: sizing.RackCount, ch: gen.Choices, server: DeviceType,
                    unpriced: list[str]) -> list[dict[str, Any]]:
        c = self.c
        out: list[dict[str, Any]] = []
        over = _budget_violation(c, capex, any(u.split(" x ", 1)[-1].split(" ")[0] == server.slug for u in unpriced),
                                 server.manufacturer + " " + server.model)
        if over is not None:
            out.append(over)
        if c.max_racks is not None and racks > c.max_racks:
            out.append({"constraint": "max_racks", "needed": racks, "limit": c.max_racks,
                        "excess": racks / c.max_racks - 1.0,
                        "message": tmsg("{racks} racks needed, the limit is {limit}", racks=racks,
                                        limit=c.max_racks)})
        if c.floor_m2 is not None and floor > c.floor_m2:
            holds = self.floor_racks(rc, ch)
            out.append({"constraint": "floor_m2", "needed": round(floor, 2), "limit": c.floor_m2,
                        "excess": floor / c.floor_m2 - 1.0, "floor_holds": holds,
                        "message": tmsg("{racks} racks need {floor:,.0f} m2 with their aisles, the floor has "
                                        "{limit:,.0f} m2", racks=racks, floor=floor, limit=c.floor_m2)})
        return out

    def _slack(self, racks: int, floor: float, rc: sizing.RackCount) -> list[tuple[float, str]]:
        """(slack, constraint) of the limits other than the budget (a share of the limit left)."""
        c = self.c
        slack: list[tuple[float, str]] = []
        if c.max_racks is not None:
            slack.append((1.0 - racks / c.max_racks, "max_racks"))
        if c.floor_m2 is not None:
            slack.append((1.0 - floor / c.floor_m2, "floor_m2"))
        if rc.limiter == "max_rack_kw":
            slack.append((0.0, "max_rack_kw"))
        return slack

    def _infeasible(self, design: BuildDesign, server: DeviceType, cooling: str, err: Exception) -> None:
        """Why a server cannot be built at all under the constraints (for the binding sentence)."""
        what = f"{server.manufacturer} {server.model}"
        try:
            fit = gen.rack_fit(design, self.catalog, cooling_unit=sizing.largest_unit(self.catalog, cooling))
        except (gen.DesignError, KeyError, ValueError, AttributeError):
            fit = None
        if fit is not None and fit.servers_per_rack < 1:
            if fit.by_power < 1 and self.c.max_rack_kw is not None:
                self.infeasible.append(("max_rack_kw", fit.server_kw / self.c.max_rack_kw - 1.0,
                                        tmsg("one {server} draws up to {kw:,.1f} kW with its optics, more than the "
                                             "{limit:g} kW per rack limit", server=what, kw=fit.server_kw,
                                             limit=self.c.max_rack_kw)))
                return
            if fit.by_cooling < 1:
                self.infeasible.append(("cooling", fit.server_kw / (fit.cooling_kw * gen.FILL) - 1.0,
                                        tmsg("one {server} draws up to {kw:,.1f} kW with its optics, more than "
                                             "{cooling} removes from one rack at 90 % ({limit:g} kW)", server=what,
                                             kw=fit.server_kw, cooling=_cooling_phrase(cooling),
                                             limit=fit.cooling_kw * gen.FILL)))
                return
        self.infeasible.append(("design", math.inf, tmsg("{server} on {cooling}: {error}", server=server.slug,
                                                         cooling=cooling, error=gen.reason_of(err))))


def _budget_violation(c: Constraints, capex: float, server_unpriced: bool, server_name: str) -> dict[str, Any] | None:
    """The budget broken: by the capex, or because the GPU servers have no price (the capex is then unknown)."""
    if c.budget is None:
        return None
    if server_unpriced:
        # most of the cost is unknown: the budget cannot be shown to hold
        return {"constraint": "budget", "needed": None, "limit": c.budget, "excess": math.inf,
                "message": tmsg("{server} has no price in {currency}: the capex is unknown, so it cannot "
                                "be shown to fit the budget", server=server_name, currency=c.currency)}
    if capex > c.budget:
        return {"constraint": "budget", "needed": round(capex, 2), "limit": c.budget,
                "excess": capex / c.budget - 1.0,
                "message": tmsg("capex {capex:,.0f} {currency} is over the budget of {budget:,.0f} "
                                "{currency}", capex=capex, budget=c.budget, currency=c.currency)}
    return None


def _least_slack(c: Constraints, capex: float, slack: list[tuple[float, str]] | tuple[tuple[float, str], ...]
                 ) -> str | None:
    """The constraint a meeting candidate has least room under (the budget's share left beside the others')."""
    both = list(slack) + ([(1.0 - capex / c.budget, "budget")] if c.budget is not None else [])
    return min(both)[1] if both else None


def _typ(device: DeviceType) -> float:
    return float(device.typical_power_w or device.max_power_w or 0.0)


def _count_word(n: int) -> Message:
    """``n`` as a word (one .. twelve), else in figures; a Message, so a sentence holding it
    says it in its own language."""
    return tmsg(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else tmsg("{n:,}", n=n)


def _cooling_phrase(cooling: str) -> Message:
    return tmsg(COOLING_WORDS[cooling]) if cooling in COOLING_WORDS else tmsg("{cooling}", cooling=cooling)


def _server_phrase(cand: Candidate, n: int) -> Message:
    gpu = cand.gpu_name.split(" ", 1)[1] if " " in cand.gpu_name else cand.gpu_name
    gpu = gpu.split()[0]
    per = cand.gpus // max(1, cand.servers)
    if n == 0:  # "no" as a count reads differently from the answer "no" in other languages
        return tmsg("no {per}-GPU {gpu} servers", per=per, gpu=gpu)
    return tmsg(Np_("{count} {per}-GPU {gpu} server", "{count} {per}-GPU {gpu} servers"), n=n, count=_count_word(n),
                per=per, gpu=gpu)


def binding_sentence(cand: Candidate, violation: dict[str, Any], spec: PlanForSpec) -> str:
    """The sentence that says why the closest candidate misses: the constraint, the
    figure needed and the limit."""
    c = spec.constraints
    v = violation
    if v["constraint"] in ("max_racks", "floor_m2"):
        # two clauses joined by a colon: why a rack holds so few servers, and what that costs
        servers = _server_phrase(cand, cand.servers_per_rack)
        if cand.rack_limiter in ("max_rack_kw", "cooling"):
            head = tmsg("{cooling} at {kw:g} kW per rack holds {servers} per rack",
                        cooling=_cooling_phrase(cand.cooling), kw=cand.rack_kw_limit, servers=servers)
        elif cand.rack_limiter == "space":
            head = tmsg("a {u}U rack holds {servers}", u=cand.rack_u, servers=servers)
        elif cand.rack_limiter == "pdu":
            head = tmsg("four PDUs per feed side carry {servers} per rack", servers=servers)
        else:
            head = tmsg("a rack holds {servers}", servers=servers)
        holds = v.get("floor_holds")
        if v["constraint"] == "floor_m2" and (cand.network_racks or cand.storage_racks):
            holds = (holds or 0) + cand.network_racks + cand.storage_racks
        split = dict(racks=cand.racks, compute=cand.compute_racks, network=cand.network_racks,
                     storage=cand.storage_racks)
        if v["constraint"] == "floor_m2":
            tail = (tmsg("{racks} racks needed, the floor holds {holds} ({compute} for servers, {network} for the "
                         "fabric, {storage} for storage)", holds=holds, **split)
                    if cand.network_racks or cand.storage_racks
                    else tmsg("{racks} racks needed, the floor holds {holds}", racks=cand.racks, holds=holds))
        else:
            tail = (tmsg("{racks} racks needed, the limit is {limit} ({compute} for servers, {network} for the "
                         "fabric, {storage} for storage)", limit=c.max_racks, **split)
                    if cand.network_racks or cand.storage_racks
                    else tmsg("{racks} racks needed, the limit is {limit}", racks=cand.racks, limit=c.max_racks))
        return tmsg("{reason}: {consequence}", reason=head, consequence=tail)
    if v["constraint"] == "budget":
        over = cand.capex - (c.budget or 0.0)
        return tmsg("the cheapest build that meets the targets, {servers} x {server} ({gpus} GPUs, {cooling}), costs "
                    "{capex:,.0f} {currency}: {over:,.0f} {currency} ({pct:.0f} %) over the budget of {budget:,.0f} "
                    "{currency}", servers=cand.servers, server=cand.server_name, gpus=cand.gpus,
                    cooling=cand.cooling, capex=cand.capex, currency=c.currency, over=over, pct=v["excess"] * 100,
                    budget=c.budget)
    return v["message"] if isinstance(v["message"], Message) else str(v["message"])


def _rank_key(c: Candidate) -> tuple[Any, ...]:
    # a training build without a storage system (its server has no storage ports) after
    # those with one: cheaper only because it leaves storage out
    # a capex with unpriced parts is a lower bound, not a price: then builds with an
    # incomplete capex after every build whose capex is complete (an unpriced rear door made
    # a build look cheapest), and among them those whose GPU servers have no price (most of
    # the cost unknown) last
    # a build that meets its targets only within the model's uncertainty (WORKLOAD_LOW_MARGIN)
    # after those that clear it: an architect signs the one the figures hold for
    return (not c.meets, not c.workloads_met, c.level == "warn", c.storage_left_out, not c.capex_complete,
            c.server_unpriced, c.cost,
            c.capex, c.gpus, c.server,
            COOLING_OPTIONS.index(c.cooling), c.oversubscription or 0.0, c.storage or "", c.storage_count)


def search(spec: PlanForSpec, catalog: Catalog, *, top: int | None = None,
           cancel: Callable[[], bool] | None = None,
           progress: Callable[[float, str], object] | None = None,
           count_factors: tuple[float, ...] = COUNT_FACTORS) -> SearchResult:
    """Rank candidate builds for ``spec`` (see the module docstring). Raises
    :class:`PlanForSpecError` for what only the catalog can tell (unknown model, GPU or
    vendor). ``cancel`` is called between batches (a server platform, a fabric, a GPU
    count); a cancelled search returns what it ranked so far with ``cancelled=True``.
    ``progress(fraction, stage)`` after each server platform (planner.base.progress).
    ``count_factors``: the GPU counts tried per platform, as multiples of the fewest that
    meet the targets (more factors, more candidates)."""
    if not count_factors or min(count_factors) < 1.0:
        raise ValueError("count_factors must be at least 1 each")
    if top is not None and top < 1:
        raise ValueError("top must be at least 1")
    check_against_catalog(spec, catalog)
    s = _Search(spec, catalog, cancel)
    cands: list[Candidate] = []
    seen: set[Any] = set()
    cancelled = False
    servers = s.servers()
    if not servers:
        s.notes.append(tmsg("no catalog GPU server matches the vendors and GPU models"))
    try:
        for i, server in enumerate(servers):
            if progress is not None:
                progress(i / len(servers), f"{server.manufacturer} {server.model}")
            coolings = s.coolings(server)
            if not coolings:
                continue
            step = len(gen.NVL_TRAY_US) if s.platform(server) == "gb200-nvl72" else 1
            oversubs: tuple[float | None, ...] = (None,)
            if s.training and s.fabric(server, 2 * step, 1.0) is not None:
                oversubs = TRAINING_OVERSUBSCRIPTION
            for ov in oversubs:
                s._check()
                need = s.min_servers(server, ov, step)
                cap = max(step, (MAX_GPUS // server.gpu_count) // step * step)
                if need is None:
                    counts = {cap}
                    note = tmsg("{server}: the targets are out of reach up to {max:,} GPUs", server=server.slug,
                                max=MAX_GPUS)
                    if note not in s.notes:
                        s.notes.append(note)
                else:
                    counts = {min(cap, max(step, math.ceil(need * f / step) * step)) for f in count_factors}
                for n in sorted(counts):
                    s._check()
                    # one server has no server to talk to: no compute fabric (right-sizing rules)
                    n_ov = ov if n > 1 or step > 1 else None
                    fab = s.fabric(server, n, n_ov) if n_ov is not None else None
                    if n_ov is not None and fab is not None and n_ov > 1.0 and fab.oversubscription <= 1.0:
                        continue  # a single-leaf fabric: 2:1 would be the 1:1 candidate again
                    for st in s.storage_options(server, n):
                        for cool in coolings:
                            key = (server.slug, n, None if fab is None else round(fab.oversubscription, 4), st, cool)
                            if key in seen:
                                continue
                            seen.add(key)
                            cand = s.candidate(server, n, n_ov, st, cool)
                            if cand is not None:
                                cands.append(cand)
    except SearchCancelled:
        cancelled = True
    s.finish_notes()
    if progress is not None and not cancelled:
        progress(1.0, "ranked")
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
        if not math.isfinite(worst["excess"]):
            c = spec.constraints
            return worst["constraint"], tmsg("no GPU server that meets the targets has a price in {currency}, so no "
                                             "build can be shown to fit the budget of {budget:,.0f} {currency}",
                                             currency=c.currency, budget=c.budget)
        return worst["constraint"], binding_sentence(best, worst, spec)
    if s.infeasible and not cands:
        name, _x, msg = min(s.infeasible, key=lambda t: t[1])
        return name, msg
    if not cands:
        return None, (tmsg("no catalog server can be used: {reasons}", reasons="; ".join(s.notes))
                      if s.notes else None)
    # no candidate meets the workloads: the closest one
    best = max(cands, key=lambda c: (c.margin if c.margin is not None else -math.inf, -c.rank))
    short = [w for w in best.workloads if not w["met"]]
    w = min(short, key=lambda r: r["margin"] if r["margin"] is not None else -math.inf)
    m = w.get("margin")
    closest = dict(name=w["name"], servers=best.servers, server=best.server_name, gpus=best.gpus)
    if m is None:
        return "workloads", tmsg("no build reaches the target of {name!r}: the closest, {servers} x {server} ({gpus} "
                                 "GPUs), misses it", **closest)
    return "workloads", tmsg("no build reaches the target of {name!r}: the closest, {servers} x {server} ({gpus} GPUs), "
                             "misses it (short by {pct:.0f} %, bottleneck {bottleneck})", pct=-m * 100,
                             bottleneck=w.get("bottleneck"), **closest)


# ----------------------------------------------------------------------------- options

# margin steps an architect quotes: the fewest GPUs that meet, about a quarter and about half more
MARGIN_STEPS: tuple[float, ...] = (0.0, 0.25, 0.5)
MARGIN_TOLERANCE = 0.05  # "about +25 %": a margin from +20 % counts
# what the comparison sorts by: name -> (key, largest first)
SORT_KEYS: dict[str, tuple[Callable[[Candidate], Any], bool]] = {
    "rank": (lambda c: c.rank, False),
    "capex": (lambda c: (not c.capex_complete, c.capex), False),
    "tco": (lambda c: (not c.capex_complete, c.cost), False),
    "it_kw": (lambda c: c.it_kw, False),
    "racks": (lambda c: (c.racks, c.floor_m2), False),
    "margin": (lambda c: -math.inf if c.margin is None else c.margin, True),
}


def select_options(cands: list[Candidate], steps: tuple[float, ...] = MARGIN_STEPS) -> list[Candidate]:
    """The distinct options of a ranking, as an architect quotes them: for each GPU model
    and cooling, the best-ranked candidate that meets (the cheapest by the ranking), and
    the best-ranked one with about +25 % and about +50 % margin (``steps``, within
    MARGIN_TOLERANCE below). Without a meeting candidate, those whose workloads are met;
    without those, every candidate. In ranking order, each candidate once."""
    pool = [c for c in cands if c.meets] or [c for c in cands if c.workloads_met] or list(cands)
    groups: dict[tuple[str, str], list[Candidate]] = {}
    for c in sorted(pool, key=lambda x: x.rank):
        groups.setdefault((c.gpu, c.cooling), []).append(c)
    out: list[Candidate] = []
    for group in groups.values():
        for step in steps:
            pick = next((c for c in group if (c.margin or 0.0) >= step - (MARGIN_TOLERANCE if step else 0.0)), None)
            if pick is None and step == 0.0:
                pick = group[0]
            if pick is not None and all(pick is not o for o in out):
                out.append(pick)
    return sorted(out, key=_rank_key)


def filter_candidates(cands: list[Candidate], *, gpu: str | None = None, cooling: str | None = None,
                      meets_only: bool = False) -> list[Candidate]:
    """The candidates of one GPU model and/or cooling option (None: any), only those that meet if asked."""
    return [c for c in cands if (gpu is None or c.gpu == gpu) and (cooling is None or c.cooling == cooling)
            and (c.meets or not meets_only)]


def sort_candidates(cands: list[Candidate], key: str = "rank") -> list[Candidate]:
    """``cands`` sorted by one of SORT_KEYS (capex and TCO: complete ones first; margin: largest first);
    ties in ranking order."""
    if key not in SORT_KEYS:
        raise ValueError(f"unknown sort key {key!r} (one of {', '.join(SORT_KEYS)})")
    fn, desc = SORT_KEYS[key]
    return sorted(sorted(cands, key=lambda c: c.rank), key=fn, reverse=desc)  # stable: ties stay in rank order


def internal_notes(cand: Candidate) -> str:
    """The notes for the planner only (metadata.internal_notes) a written candidate carries:
    the BOM lines without a price in the plan currency."""
    from planner.i18n import tf

    if not cand.unpriced:
        return ""
    return tf("Price these before the customer sees this plan (they are not in the capex of {capex:,.2f} "
              "{currency}): {items}", capex=cand.capex, currency=cand.currency, items=", ".join(cand.unpriced))


def price_from_plans(cands: list[Candidate], spec: PlanForSpec, catalog: Catalog, *,
                     metadata: Metadata | None = None, cancel: Callable[[], bool] | None = None,
                     progress: Callable[[float, str], object] | None = None) -> None:
    """Price candidates from the plan each writes (planner.design.generate, then the
    engine): capex, its completeness and unpriced lines, opex, TCO and rent or own become
    the written plan's (``rackwright check --json``), to the cent; the budget is checked
    again on that capex. ``metadata``: the written plan's (default ``spec.metadata()``).
    In place; ``capex_exact`` is set. ``cancel`` between candidates (SearchCancelled)."""
    from planner.engine import Engine

    md = metadata if metadata is not None else spec.metadata()
    c = spec.constraints
    workloads = spec.plan_workloads()
    for i, cand in enumerate(cands):
        if cancel is not None and cancel():
            raise SearchCancelled
        if cand.capex_exact:
            continue
        if progress is not None:
            progress(i / max(1, len(cands)), cand.server_name)
        try:
            plan = gen.generate_plan(cand.design, catalog, workloads=workloads, metadata=md)
        except (gen.DesignError, ValueError):
            continue  # the estimate stays (capex_exact False)
        r = Engine(catalog).compute(plan)
        t, lines = r.totals, r.bom
        cand.capex = t.capex
        cand.capex_complete = t.capex_complete
        cand.unpriced = tuple(f"{b.quantity} x {b.slug}" if b.unit_price is None
                              else f"{b.quantity} x {b.slug} (priced in {b.currency}, no exchange rate)"
                              for b in lines if b.extended_plan is None)
        cand.bom = tuple((b.table, b.slug, b.quantity) for b in lines)
        ro = t.rent_vs_own
        if ro is not None:
            own = ro.own_only
            cand.opex_per_year = own.energy_per_year + own.support_per_year + own.colocation_per_year
            cand.tco = own.years * own.own_cost_per_year if c.years else None
            cand.rent_vs_own = ro.figures.to_dict() if ro.figures is not None and ro.figures.cloud_cost_per_year \
                else None
        cand.violations = [v for v in cand.violations if v["constraint"] != "budget"]
        over = _budget_violation(c, cand.capex, cand.server_unpriced, cand.server_name)
        if over is not None:
            cand.violations.insert(0, over)
        cand.meets = cand.workloads_met and not cand.violations
        cand.binding_constraint = (max(cand.violations, key=lambda v: v["excess"])["constraint"] if cand.violations
                                   else _least_slack(c, cand.capex, cand.slack))
        cand.capex_exact = True
    if progress is not None:
        progress(1.0, "")


def options(result: SearchResult, spec: PlanForSpec, catalog: Catalog, *, metadata: Metadata | None = None,
            cancel: Callable[[], bool] | None = None,
            progress: Callable[[float, str], object] | None = None) -> list[Candidate]:
    """The distinct options of a search (:func:`select_options`), priced from their plans
    (:func:`price_from_plans`) and ranked again on that capex."""
    picked = select_options(result.candidates)
    price_from_plans(picked, spec, catalog, metadata=metadata, cancel=cancel, progress=progress)
    # the plan's capex can move a build across the budget: the counts and the budget sentence
    # follow the priced options (they are the result's own candidates)
    result.meeting = sum(1 for c in result.candidates if c.meets)
    if result.meeting:
        result.binding = result.binding_constraint = None
    elif result.binding_constraint == "budget":
        over = [(v["excess"], c.cost, c.rank, c, v) for c in picked if c.workloads_met for v in c.violations
                if v["constraint"] == "budget" and math.isfinite(v["excess"])]
        if over and all(len(o[3].violations) == 1 for o in over):
            _x, _cost, _rank, cand, v = min(over, key=lambda o: o[:3])
            result.binding = binding_sentence(cand, v, spec)
    return sorted(picked, key=_rank_key)


# ----------------------------------------------------------------------------- JSON Schema


def plan_for_json_schema() -> dict[str, Any]:
    """The JSON Schema of SPEC.json (docs/plan-for.schema.json, `rackwright schema
    --plan-for`): built from :class:`Constraints` and the workload spec models, so it
    cannot drift from the parser."""
    from planner.workloads.specs import SPEC_MODELS

    defs: dict[str, Any] = {}

    def take(model: type[BaseModel]) -> dict[str, Any]:
        sch = model.model_json_schema(ref_template="#/$defs/{model}")
        defs.update(sch.pop("$defs", {}))
        defs[model.__name__] = sch
        return {"$ref": f"#/$defs/{model.__name__}"}

    from planner.workloads.specs import NONLLM_KINDS

    models = {k: m for k, m in SPEC_MODELS.items() if k not in NONLLM_KINDS}  # plan-for refuses those
    for model in models.values():
        take(model)
    cons = take(Constraints)
    kinds = list(models)
    workload = {
        "type": "object", "title": "Workload", "additionalProperties": False,
        "required": list(WORKLOAD_KEYS),
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 200, "description": "unique in the spec"},
            "kind": {"enum": kinds, "description": "a plan workload's kind"},
            "spec": {"type": "object", "description": "a plan workload's spec (docs/workloads.md)"},
        },
        "allOf": [{"if": {"properties": {"kind": {"const": k}}, "required": ["kind"]},
                   "then": {"properties": {"spec": {"$ref": f"#/$defs/{m.__name__}"}}}}
                  for k, m in models.items()],
    }
    defs["Workload"] = workload
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Rackwright plan-for SPEC",
        "description": "Workloads and constraints for `rackwright plan-for` (docs/plan-for.md).",
        "type": "object", "additionalProperties": False, "required": ["workloads"],
        "properties": {
            "workloads": {"type": "array", "minItems": 1, "maxItems": MAX_WORKLOADS,
                          "items": {"$ref": "#/$defs/Workload"}},
            "constraints": cons,
        },
        "$defs": dict(sorted(defs.items())),
    }


def _memo_get(memo: dict, key: Any, make: Callable[[], Any]) -> Any:
    if key not in memo:
        memo[key] = make()
    return memo[key]
