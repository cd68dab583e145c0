"""Two to four builds side by side (issue 32, "Compare two builds").

:func:`compare_builds` takes each option's plan and the engine's :class:`Results` for it
and gathers, per option, the figures an architect weighs: GPUs, racks, IT and facility
power, capex (complete or not), opex, the total cost of owning over the plan's years of use,
rent or own, each workload's verdict, margin, bottleneck and figures, and the findings'
counts. Every figure is read from the engine's results; nothing is computed here but the
differences between options (counts minus counts).

What differs is given against the first option (A): devices by model (the engine's device
counts, by catalog slug), and racks, links, feeds and cooling loops, counted and matched by
id through the team repository's difference report
(:func:`planner.files.repository.merge.diff_plans`): a copy saved as a variant keeps its
ids, so "added", "removed" and "changed" name the same rack in both.

It sits in ``planner.design`` (weighing build options), the layer above the engine and the
files: the build plan's comparison page (``planner.reports``) and the app's dialog get the
:class:`Comparison` as data and show its :meth:`Comparison.rows`, in the active language.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from planner.fabric.names import bottleneck_text, verdict_text
from planner.i18n import N_, _, format_margin, format_money, format_number, message_text, ngettext
from planner.workloads.evaluate import shown_margin

if TYPE_CHECKING:
    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.design.search import Candidate, PlanForSpec
    from planner.engine.results import Results
    from planner.engine.settings import EngineSettings
    from planner.model.plan import Metadata, Plan

LABELS = ("A", "B", "C", "D")
MAX_OPTIONS = len(LABELS)

# the plan's entities whose counts and identities are compared: key -> the repository's table
ENTITIES: dict[str, str] = {"racks": "racks", "links": "links", "feeds": "power_feeds", "loops": "cooling_loops"}
ENTITY_NAMES = {"racks": N_("Racks"), "links": N_("Links (cables)"), "feeds": N_("Power feeds"),
                "loops": N_("Cooling loops")}

# a workload's figures as the comparison shows them: key, label (N_), decimals
# (vision, recommendation and analytics: samples/s, hours or minutes of training, the units an
# unmet inference target needs and the CPU build that is enough; docs/workloads-nonllm.md)
WORKLOAD_FIGURES = (("days", N_("{value} days"), 2), ("tokens_per_s_per_user", N_("{value} tokens/s per user"), 1),
                    ("ttft_s", N_("TTFT {value} s"), 2), ("gpus_needed", N_("GPUs needed: {value}"), 0),
                    ("samples_per_s", N_("{value} samples/s"), 0), ("hours", N_("{value} h of training"), 2),
                    ("minutes", N_("{value} min of training"), 1), ("units_needed", N_("units needed: {value}"), 0),
                    ("cpu_servers", N_("CPU servers enough: {value}"), 0))


class CompareError(ValueError):
    """Fewer than two or more than four options."""


@dataclass(frozen=True)
class WorkloadSide:
    """One workload's verdict in one option (the engine's ``WorkloadVerdict``)."""

    id: str
    name: str
    kind: str
    met: bool | None
    level: str
    margin: float | None
    bottleneck: str | None
    figures: dict[str, float]  # the WORKLOAD_FIGURES keys the verdict has
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "met": self.met, "level": self.level,
                "margin": self.margin, "bottleneck": self.bottleneck, "figures": dict(self.figures),
                "error": self.error}


@dataclass(frozen=True)
class Option:
    """One build's figures, all from the engine's results for its plan."""

    label: str  # A, B, C, D
    name: str  # the plan's project name, else what the caller calls it (its file name)
    gpus: int
    gpus_by_model: dict[str, int]  # by GPU slug
    gpu_names: dict[str, str]
    racks: int
    it_typical_w: float
    it_max_w: float
    facility_typical_w: float
    facility_max_w: float
    pue: float
    currency: str
    capex: float
    capex_complete: bool
    capex_estimated: float
    opex_per_year: float  # energy (the engine's Totals.opex_per_year)
    years: float | None  # years of use in the rent-or-own figures (None: no GPUs, not costed)
    own_per_year: float | None
    tco: float | None  # owning over the years: capex plus running costs (the engine's cumulative own cost)
    rent_per_year: float | None  # None: renting not costed (no cloud price, or no GPUs)
    rent_total: float | None  # renting over the same years
    break_even_months: float | None
    rent_reason: str
    workloads: tuple[WorkloadSide, ...]
    findings: dict[str, int]  # error, warning, info
    devices: dict[str, int]  # placements by device model (catalog slug)
    device_names: dict[str, str]
    entities: dict[str, int]  # ENTITIES keys -> count

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label, "name": self.name, "gpus": self.gpus, "gpus_by_model": dict(self.gpus_by_model),
            "racks": self.racks,
            "it_power_kw": {"typical": self.it_typical_w / 1000, "max": self.it_max_w / 1000},
            "facility_power_kw": {"typical": self.facility_typical_w / 1000, "max": self.facility_max_w / 1000},
            "pue": self.pue, "currency": self.currency, "capex": self.capex, "capex_complete": self.capex_complete,
            "capex_estimated": self.capex_estimated, "opex_per_year": self.opex_per_year,
            "rent_or_own": {"years": self.years, "own_per_year": self.own_per_year, "tco": self.tco,
                            "rent_per_year": self.rent_per_year, "rent_total": self.rent_total,
                            "break_even_months": self.break_even_months, "reason": self.rent_reason or None},
            "workloads": [w.to_json() for w in self.workloads],
            "findings": dict(self.findings),
            "devices": dict(sorted(self.devices.items())),
            "entities": dict(self.entities),
        }


@dataclass(frozen=True)
class ModelDelta:
    slug: str
    name: str
    a: int
    b: int

    @property
    def delta(self) -> int:
        return self.b - self.a


@dataclass(frozen=True)
class EntityDelta:
    """One kind of entity: counts in A and the other option, and by id (the repository's report)."""

    kind: str  # an ENTITIES key
    a: int
    b: int
    added: int
    removed: int
    changed: int

    @property
    def same(self) -> bool:
        return not (self.added or self.removed or self.changed) and self.a == self.b


@dataclass(frozen=True)
class Difference:
    """What differs from option A to another option."""

    base: str  # "A"
    other: str  # "B", ...
    devices: tuple[ModelDelta, ...]  # only the models whose count differs, by slug
    entities: tuple[EntityDelta, ...]  # every ENTITIES kind, in its order
    added: dict[str, int] = field(default_factory=dict)  # the repository's report, by table
    removed: dict[str, int] = field(default_factory=dict)
    changed: dict[str, int] = field(default_factory=dict)

    @property
    def lines(self) -> int:
        """How many differences the comparison lists: device models, then entity kinds that differ."""
        return len(self.devices) + sum(1 for e in self.entities if not e.same)

    def to_json(self) -> dict[str, Any]:
        return {"from": self.base, "to": self.other,
                "devices": [{"model": d.slug, "name": d.name, "a": d.a, "b": d.b, "delta": d.delta}
                            for d in self.devices],
                **{e.kind: {"a": e.a, "b": e.b, "added": e.added, "removed": e.removed, "changed": e.changed}
                   for e in self.entities},
                "by_id": {"added": dict(sorted(self.added.items())), "removed": dict(sorted(self.removed.items())),
                          "changed": dict(sorted(self.changed.items()))}}


@dataclass(frozen=True)
class Row:
    """One line of the comparison table, in the active language: a group heading when
    ``cells`` is empty. ``warn[i]``: cell i is marked (an incomplete capex, an unmet
    workload, error findings); ``differs``: the options' cells are not all equal."""

    label: str
    cells: tuple[str, ...] = ()
    warn: tuple[bool, ...] = ()
    differs: bool = False

    @property
    def heading(self) -> bool:
        return not self.cells


@dataclass(frozen=True)
class Comparison:
    options: tuple[Option, ...]
    differences: tuple[Difference, ...]  # A to B, A to C, ...

    def to_json(self) -> dict[str, Any]:
        return {"options": [o.to_json() for o in self.options],
                "differences": [d.to_json() for d in self.differences]}

    def rows(self) -> list[Row]:
        """The table every output shows (CLI, PDF page, app dialog), in the active language."""
        return _rows(self)


# --------------------------------------------------------------------------- gathering


def option_figures(label: str, name: str, plan: Plan, results: Results, catalog: Catalog | None = None) -> Option:
    """Option ``label``'s figures from the engine's ``results`` for ``plan`` (``catalog``
    names the GPU models; without it they go by slug)."""
    t = results.totals
    s = t.agg.sums
    rvo = t.rent_vs_own
    years = own = tco = rent = rent_total = be = None
    reason = ""
    if rvo is not None:
        months = round(rvo.own_only.years * 12)
        years = rvo.own_only.years
        own = rvo.own_cost_per_year
        own_cum, rent_cum = rvo.cumulative(months)
        tco = own_cum[-1]
        if rvo.figures is not None and rvo.figures.cloud_cost_per_year is not None and rent_cum is not None:
            rent, rent_total, be = rvo.figures.cloud_cost_per_year, rent_cum[-1], rvo.figures.break_even_months
        else:
            reason = rvo.reason
    names = {b.slug: b.name for b in results.bom if b.table == "device-types"}
    gpu_names = {}
    for slug in t.agg.gpus:
        g = catalog.get("gpus", slug) if catalog is not None else None
        gpu_names[slug] = str(getattr(g, "model", None) or slug)
    verdicts = [results.workloads[w.id] for w in plan.workloads if w.id in results.workloads]
    workloads = tuple(WorkloadSide(v.id, v.name, v.kind, v.met, v.level, v.margin, v.bottleneck,
                                   {k: float(v.figures[k]) for k, _l, _d in WORKLOAD_FIGURES
                                    if isinstance(v.figures.get(k), int | float)
                                    and not isinstance(v.figures.get(k), bool)}, v.error)
                      for v in verdicts)
    entities = {"racks": t.racks, "links": len(plan.links), "feeds": len(results.feeds),
                "loops": len(results.loops)}
    return Option(label=label, name=plan.metadata.project or name, gpus=t.gpus,
                  gpus_by_model=dict(sorted(t.agg.gpus.items())), gpu_names=gpu_names, racks=t.racks,
                  it_typical_w=s["typical_w"], it_max_w=s["max_w"], facility_typical_w=t.facility_typical_w,
                  facility_max_w=t.facility_max_w, pue=t.pue, currency=t.currency, capex=t.capex,
                  capex_complete=t.capex_complete, capex_estimated=t.capex_estimated,
                  opex_per_year=t.opex_per_year, years=years, own_per_year=own, tco=tco, rent_per_year=rent,
                  rent_total=rent_total, break_even_months=be, rent_reason=reason, workloads=workloads,
                  findings=results.counts(), devices=dict(t.agg.device_types),
                  device_names={k: names.get(k, k) for k in t.agg.device_types}, entities=entities)


def difference(a: Option, b: Option, plan_a: Plan, plan_b: Plan) -> Difference:
    """What differs from option ``a`` to ``b``: models by count, entities by count and id."""
    from planner.files.repository.merge import diff_plans

    devices = tuple(ModelDelta(slug, b.device_names.get(slug) or a.device_names.get(slug) or slug,
                               a.devices.get(slug, 0), b.devices.get(slug, 0))
                    for slug in sorted(a.devices.keys() | b.devices.keys())
                    if a.devices.get(slug, 0) != b.devices.get(slug, 0))
    report = diff_plans(plan_a, plan_b, max_lines=0)
    entities = tuple(EntityDelta(kind, a.entities[kind], b.entities[kind], report.added.get(table, 0),
                                 report.removed.get(table, 0), report.changed.get(table, 0))
                     for kind, table in ENTITIES.items())
    return Difference(a.label, b.label, devices, entities, dict(report.added), dict(report.removed),
                      dict(report.changed))


def compare_builds(builds: list[tuple[str, Plan, Results]], catalog: Catalog | None = None, *,
                   given_names: bool = False) -> Comparison:
    """Compare 2 to 4 builds, each ``(name, plan, results)`` with ``results`` the engine's
    for that plan; the first is option A, which the others' differences are taken against.
    An option is called by its plan's project name, else ``name``; ``given_names``: by
    ``name`` always (the wizard's candidates, whose plans may share one project name)."""
    if not 2 <= len(builds) <= MAX_OPTIONS:
        raise CompareError(_("a comparison takes 2 to {n} builds, not {got}").format(n=MAX_OPTIONS, got=len(builds)))
    options = tuple(option_figures(LABELS[i], name, plan, res, catalog) for i, (name, plan, res) in enumerate(builds))
    if given_names:
        from dataclasses import replace

        options = tuple(replace(o, name=builds[i][0]) for i, o in enumerate(options))
    diffs = tuple(difference(options[0], o, builds[0][1], builds[i][1])
                  for i, o in enumerate(options) if i)
    return Comparison(options, diffs)


def load_build(path: str | os.PathLike[str], catalog: Catalog, settings: EngineSettings | None = None
               ) -> tuple[str, Plan, Results]:
    """A plan file as one option, ``(file name, plan, results)``: the plan computed by the
    engine with ``catalog`` (plus the entries a ``.rackplan`` carries, as when it is opened)
    and ``settings``. A file that cannot be read raises the loader's error, which names it."""
    from pathlib import Path

    from planner.engine import Engine
    from planner.files.documents import open_document, sniff, with_embedded
    from planner.files.plan_io import load_plan_json

    if sniff(path) == "json":
        plan, own = load_plan_json(path), catalog
    else:
        opened = open_document(path)
        plan, own = opened.plan, with_embedded(catalog, opened.embedded)
    return Path(path).name, plan, Engine(own, settings).compute(plan)


@dataclass(frozen=True)
class ComparedBuilds:
    """A comparison with the builds it was made of (``(name, plan, results)``, A first), so
    that option A's build plan can be printed with the comparison page."""

    builds: tuple[tuple[str, Plan, Results], ...]
    comparison: Comparison


def compare_candidates(cands: Sequence[Candidate], numbers: Sequence[int], spec: PlanForSpec, catalog: Catalog, *,
                       metadata: Metadata | None = None, settings: EngineSettings | None = None,
                       progress: ProgressFn | None = None, cancel: CancelFn | None = None) -> ComparedBuilds:
    """Two to four of the sizing search's candidates side by side, each from the plan it
    writes as the wizard's Create Plan writes it (priced from its plan, then
    :func:`planner.design.generate.generate_plan` with the workloads and ``metadata``), computed
    by the engine with ``settings``. ``numbers``: how the caller numbers them (the wizard's
    rows): option names are "Build 3: <the plan's project>, <its cooling>" (two builds
    of one server may differ only in their cooling). Cancelled: raises
    :class:`planner.base.progress.Cancelled`."""
    from planner.base.progress import Cancelled
    from planner.design import generate as design_generate
    from planner.design import search as design_search
    from planner.design.model import COOLING_METHODS
    from planner.engine import Engine
    from planner.model.plan import cooling_method_name

    if not 2 <= len(cands) <= MAX_OPTIONS:
        raise CompareError(_("a comparison takes 2 to {n} builds, not {got}").format(n=MAX_OPTIONS, got=len(cands)))
    md = metadata if metadata is not None else spec.metadata()
    workloads = spec.plan_workloads()
    builds: list[tuple[str, Plan, Results]] = []
    n = len(cands)
    for i, (cand, number) in enumerate(zip(cands, numbers, strict=True)):
        if cancel is not None and cancel():
            raise Cancelled("cancelled")

        def step(f: float, stage: str, i: int = i) -> None:
            if progress is not None:
                progress((i + f) / n, stage)

        try:
            design_search.price_from_plans([cand], spec, catalog, metadata=md, cancel=cancel)
        except design_search.SearchCancelled:
            raise Cancelled("cancelled") from None
        plan = design_generate.generate_plan(
            cand.design, catalog, workloads=workloads,
            metadata=md.model_copy(update={"internal_notes": design_search.internal_notes(cand)}),
            progress=lambda f, stage: step(0.9 * f, stage), cancel=cancel)
        step(0.9, "")
        results = Engine(catalog, settings).compute(plan)
        cooling = cooling_method_name(COOLING_METHODS.get(cand.cooling, cand.cooling), lower=True, translate=True)
        name = _("Build {k}: {title}, {cooling}").format(k=number, title=plan.metadata.project or cand.server_name,
                                                        cooling=cooling)
        builds.append((name, plan, results))
    if progress is not None:
        progress(1.0, "")
    return ComparedBuilds(tuple(builds), compare_builds(builds, catalog, given_names=True))


# --------------------------------------------------------------------------- the table


def _kw(w: float) -> str:
    return format_number(w / 1000, None, 1)


def _money(v: float | None, cur: str) -> str:
    return "\u2013" if v is None else format_money(v, cur)


def _capex(o: Option) -> str:
    text = format_money(o.capex, o.currency)
    if not o.capex_complete:  # as the cover and `rackwright check` mark it
        return _("{capex} INCOMPLETE").format(capex=text)
    return text


def _with_delta(value: float, base: float, text: str, digits: int = 0) -> str:
    """``text`` with its difference from A, ``33 (+32)``; just ``text`` when equal."""
    d = value - base
    if abs(d) < 0.5 * 10 ** -digits:
        return text
    sign = "+" if d > 0 else "\u2212"
    return f"{text} ({sign}{format_number(abs(d), None, digits)})"


def _verdict(w: WorkloadSide | None) -> str:
    if w is None:
        return "\u2013"
    word = message_text(verdict_text(w.met, w.level))  # a Message: in the active language
    if w.met is None:
        return word
    margin = shown_margin(w.met, w.margin, w.bottleneck)
    if margin is None:
        if w.met is False and w.bottleneck:  # the site fails it, not the sizing
            return _("{verdict}, limited by {bottleneck}").format(
                verdict=word, bottleneck=message_text(bottleneck_text(w.bottleneck)))
        return word
    return _("{verdict}, margin {margin}").format(verdict=word, margin=format_margin(margin))


def _workload_figures(w: WorkloadSide | None) -> str:
    if w is None:
        return "\u2013"
    if w.error:
        return message_text(w.error)
    parts = [_(label).format(value=format_number(w.figures[k], None, d))
             for k, label, d in WORKLOAD_FIGURES if k in w.figures]
    return "; ".join(parts) or "\u2013"


def _rows(c: Comparison) -> list[Row]:
    opts = c.options
    a = opts[0]
    rows: list[Row] = []

    def add(label: str, cells: list[str], warn: list[bool] | None = None, differs: bool | None = None) -> None:
        rows.append(Row(label, tuple(cells), tuple(warn or [False] * len(cells)),
                        len(set(cells)) > 1 if differs is None else differs))

    def gpus(o: Option) -> str:
        models = ", ".join(f"{format_number(n)} \u00d7 {o.gpu_names.get(m, m)}" for m, n in o.gpus_by_model.items())
        return f"{format_number(o.gpus)} ({models})" if models else format_number(o.gpus)

    add(_("Build"), [o.name for o in opts], differs=True)
    rows.append(Row(_("Build figures")))
    add(_("GPUs"), [gpus(o) for o in opts])
    add(_("Racks"), [_with_delta(o.racks, a.racks, format_number(o.racks)) for o in opts])
    add(_("IT power, typical / max (kW)"), [f"{_kw(o.it_typical_w)} / {_kw(o.it_max_w)}" for o in opts])
    add(_("Facility power, typical / max (kW)"), [f"{_kw(o.facility_typical_w)} / {_kw(o.facility_max_w)}"
                                                  for o in opts])
    rows.append(Row(_("Cost")))
    add(_("Capex"), [_capex(o) for o in opts], [not o.capex_complete for o in opts])
    add(_("Energy per year (opex)"), [format_money(o.opex_per_year, o.currency) for o in opts])
    add(_("Owning per year"), [_money(o.own_per_year, o.currency) for o in opts])
    add(_("TCO over the years of use (own)"),
        [("\u2013" if o.tco is None else _("{money} over {years} years").format(
            money=format_money(o.tco, o.currency), years=format_number(o.years)))
         + ("" if o.capex_complete or o.tco is None else " \u26a0") for o in opts],
        [not o.capex_complete and o.tco is not None for o in opts])
    add(_("Renting per year"), [_money(o.rent_per_year, o.currency) if o.rent_per_year is not None
                                else (_("not costed") if o.years is not None else "\u2013") for o in opts])
    add(_("Renting over the years of use"), [_money(o.rent_total, o.currency) for o in opts])

    def break_even(o: Option) -> str:
        if o.rent_per_year is None:
            return "\u2013"
        if o.break_even_months is None:
            return _("never")
        text = ngettext("{months} month", "{months} months", round(o.break_even_months)).format(
            months=format_number(o.break_even_months, None, 1))
        return text if o.capex_complete else _("{when} (capex INCOMPLETE: too early)").format(when=text)

    add(_("Rent or own: break-even"), [break_even(o) for o in opts],
        [o.rent_per_year is not None and o.break_even_months is not None and not o.capex_complete for o in opts])

    ids: list[str] = []
    for o in opts:
        ids += [w.id for w in o.workloads if w.id not in ids]
    if ids:
        rows.append(Row(_("Workloads")))
    for wid in ids:
        sides = [next((w for w in o.workloads if w.id == wid), None) for o in opts]
        name = next(w.name for w in sides if w is not None)
        add(name, [_verdict(w) for w in sides], [w is not None and w.met is False for w in sides])
        add("    " + _("bottleneck"), [("\u2013" if w is None else message_text(bottleneck_text(w.bottleneck))
                                         or "\u2013") for w in sides])
        add("    " + _("figures"), [_workload_figures(w) for w in sides])

    rows.append(Row(_("Findings")))
    add(_("Errors"), [format_number(o.findings["error"]) for o in opts], [o.findings["error"] > 0 for o in opts])
    add(_("Warnings"), [format_number(o.findings["warning"]) for o in opts])

    rows.append(Row(_("Devices by model: what differs from A")))
    models: list[str] = []
    for d in c.differences:
        models += [m.slug for m in d.devices if m.slug not in models]
    for slug in sorted(models):
        name = next((o.device_names[slug] for o in opts if slug in o.device_names), slug)
        cells = [format_number(a.devices.get(slug, 0))]
        for o in opts[1:]:
            n = o.devices.get(slug, 0)
            cells.append(_with_delta(n, a.devices.get(slug, 0), format_number(n)))
        add(name, cells, differs=True)
    if not models:
        add(_("every model"), [_("same")] * len(opts))
    rows.append(Row(_("Racks, links, feeds and loops: what differs from A, by id")))
    for kind in ENTITIES:
        cells = [format_number(a.entities[kind])]
        same = True
        for d in c.differences:
            e = next(x for x in d.entities if x.kind == kind)
            same = same and e.same
            if e.same:
                cells.append(_("{n}, same").format(n=format_number(e.b)))
            else:
                cells.append(_("{n}: {added} added, {removed} removed, {changed} changed").format(
                    n=format_number(e.b), added=format_number(e.added), removed=format_number(e.removed),
                    changed=format_number(e.changed)))
        add(_(ENTITY_NAMES[kind]), cells, differs=not same)
    return rows


__all__ = ["LABELS", "MAX_OPTIONS", "CompareError", "ComparedBuilds", "Comparison", "Difference", "EntityDelta", "ModelDelta", "Option",
           "Row", "WorkloadSide", "compare_builds", "compare_candidates", "difference", "load_build",
           "option_figures"]
