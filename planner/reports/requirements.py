"""The customer's requirements line by line, each with the build's result against it: what
the build plan's first section (``Requirements``) prints and its sign-off signs against,
and what the internal checklist starts from.

``requirement_lines(plan, catalog, results)`` returns one :class:`RequirementLine` per
workload target (as the customer stated it: model, users, context, time to first token,
tokens/s per user, tokens, days, method ...) with the engine's verdict and margin
(``Results.workloads``), then one per stated constraint of ``plan.metadata.requirements``
(budget, kW per rack, cooling, racks, floor area, vendors, GPU models, years) with the
result the engine computed for the plan and whether it is met. Nothing is estimated here:
every result is an engine figure (totals, rack draws, verdicts) or the plan itself (room
sizes, the devices placed); the comparison with the stated limit is the only step.

Texts are in the active language (:func:`planner.i18n.use_language`); ``met`` is True,
False or None (not determined: the capex is incomplete, a currency has no rate, a workload
could not be evaluated).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from planner.i18n import (
    N_,
    _,
    format_count,
    format_list,
    format_margin,
    format_money,
    format_number,
    message_text,
    ngettext,
)
from planner.model.plan import COOLING_OPTION_METHODS

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.engine.results import Results
    from planner.model.plan import Plan, Workload

# a requirement's cooling choice -> the plan's cooling methods it allows
COOLING_ALLOWS = COOLING_OPTION_METHODS  # (planner.model.plan: the one table)
REQUIREMENT_COOLING_NAMES = {"air": N_("air (hot/cold aisle)"), "rdhx": N_("rear-door heat exchanger"),
                             "dlc": N_("direct liquid"), "immersion": N_("immersion")}
PRECISION_NAMES = {"bf16": "BF16", "fp16": "FP16", "fp8": "FP8", "int8": "INT8", "int4": "INT4", "fp4": "FP4"}
FINETUNE_METHOD_NAMES = {"full": N_("full fine-tuning"), "lora": N_("LoRA"), "qlora": N_("QLoRA")}
KIND_NAMES = {"pretrain": N_("Pre-training"), "finetune": N_("Fine-tuning"), "inference": N_("Inference"),
              "storage": N_("Storage"), "vision": N_("Vision"), "recommendation": N_("Recommendation"),
              "analytics": N_("Analytics")}
# the non-LLM models (planner.workloads.nonllm.MODELS) as their papers name them
NONLLM_MODEL_NAMES = {"resnet-50": "ResNet-50", "vit-b-16": "ViT-B/16", "retinanet": "RetinaNet", "ssd300": "SSD300",
                      "3d-unet": "3D-UNet", "dlrm-dcnv2": "DLRM-dcnv2"}
CONSTRAINT_TITLES = {"budget": N_("Budget"), "max_rack_kw": N_("Power per rack"), "cooling": N_("Cooling"),
                     "max_racks": N_("Racks"), "floor_m2": N_("Floor area"), "vendors": N_("Server vendors"),
                     "gpu_models": N_("GPU models"), "years": N_("Years of use")}


@dataclass(frozen=True)
class RequirementLine:
    """One line of the requirements list. ``number`` counts from 1 over all lines (the
    sign-off names them); ``key`` is the workload id or the constraint's field name."""

    number: int
    group: str  # "workload" or "constraint"
    key: str
    title: str  # the workload's name or the constraint's name
    asked: str  # the requirement as stated
    result: str  # what the build achieves
    met: bool | None
    margin: float | None = None  # workloads: achieved / required - 1 (the engine's)
    note: str = ""  # why not determined, or what limits it

    @property
    def verdict(self) -> str:
        from planner.fabric.names import NOT_DETERMINED, verdict_text

        return message_text(verdict_text(self.met, unknown=NOT_DETERMINED))

    @property
    def margin_text(self) -> str:
        return "\u2013" if self.margin is None else format_margin(self.margin)


def line_ref(number: int) -> str:
    """How a line is referred to (the sign-off): "R3" / "A3"."""
    return _("R{n}").format(n=number)


def _n(v: Any, d: int | None = None) -> str:
    """A number in the active language; anything else (a spec the engine refused) as written."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        return str(v)
    return format_number(v, None, d)


def _count(v: Any) -> int:
    """The plural a measured value takes: 1 for exactly one, else many (0,5 Tage, 1,5 days)."""
    return 1 if isinstance(v, int | float) and v == 1 else 2


def _model_name(catalog: Catalog | None, slug: str | None) -> str:
    if not slug:
        return "\u2013"
    return catalog.entry_name("llms", slug) if catalog is not None else slug


def workload_asked(w: Workload, catalog: Catalog | None) -> str:
    """The workload's target as the customer stated it, one item per stated figure."""
    s: dict[str, Any] = w.spec or {}
    items: list[str] = []
    if w.kind == "inference":
        items.append(_("model {model}").format(model=_model_name(catalog, s.get("model"))))
        if s.get("users") is not None:
            items.append(ngettext("{users} concurrent user", "{users} concurrent users", _count(s["users"]))
                         .format(users=_n(s["users"])))
        items.append(_("context {input} input + {output} output tokens").format(
            input=_n(s.get("input_tokens", 1024)), output=_n(s.get("output_tokens", 256))))
        if s.get("target_ttft_s") is not None:
            items.append(_("time to first token at most {s} s").format(s=_n(s["target_ttft_s"], None)))
        if s.get("target_tokens_per_s_per_user") is not None:
            items.append(_("at least {tps} tokens/s per user").format(tps=_n(s["target_tokens_per_s_per_user"], None)))
        items.append(_("precision {precision}").format(
            precision=PRECISION_NAMES.get(s.get("precision", "fp8"), str(s.get("precision")))))
    elif w.kind in ("pretrain", "finetune"):
        items.append(_("model {model}").format(model=_model_name(catalog, s.get("model"))))
        if s.get("tokens") is not None:
            tokens = s["tokens"]
            # in the language's words: German "1 Milliarde Tokens", "1 Billion Tokens" (10^12)
            items.append(_("{count} tokens").format(
                count=format_count(tokens) if isinstance(tokens, int | float) and not isinstance(tokens, bool)
                else str(tokens)))
        if s.get("target_days") is not None:
            items.append(ngettext("within {days} day", "within {days} days", _count(s["target_days"]))
                         .format(days=_n(s["target_days"], None)))
        else:
            items.append(_("no duration stated (sized only)"))
        if w.kind == "finetune":
            m = s.get("method", "lora")
            items.append(_("method {method}").format(method=_(FINETUNE_METHOD_NAMES[m]) if m in FINETUNE_METHOD_NAMES
                                                     else str(m)))
        items.append(_("sequence length {n} tokens").format(n=_n(s.get("seq_len", 4096))))
        items.append(_("precision {precision}").format(
            precision=PRECISION_NAMES.get(s.get("precision", "bf16"), str(s.get("precision")))))
    elif w.kind in ("vision", "recommendation"):
        m = s.get("model", "resnet-50" if w.kind == "vision" else "dlrm-dcnv2")
        items.append(_("model {model}").format(model=NONLLM_MODEL_NAMES.get(m, str(m))))
        if s.get("mode") == "train":
            if s.get("samples") is not None:
                items.append(_("{count} images").format(count=format_count(s["samples"])
                                                        if isinstance(s["samples"], int | float) else str(s["samples"])))
            if s.get("target_hours") is not None:
                items.append(ngettext("within {hours} hour", "within {hours} hours", _count(s["target_hours"]))
                             .format(hours=_n(s["target_hours"], None)))
            else:
                items.append(_("no duration stated (sized only)"))
        elif s.get("target_samples_per_s") is not None:
            items.append((_("at least {n} images/s") if w.kind == "vision" else _("at least {n} queries/s"))
                         .format(n=_n(s["target_samples_per_s"], None)))
        if w.kind == "recommendation":
            items.append(_("embedding tables in {precision}").format(
                precision=PRECISION_NAMES.get(s.get("embedding_precision", "fp16"), "FP32")))
    elif w.kind == "analytics":
        items.append(_("gradient-boosted trees (XGBoost) on {rows} rows of {features} columns, {trees} trees of "
                       "depth {depth}").format(rows=format_count(s.get("rows", 0)), features=_n(s.get("features", 8)),
                                               trees=_n(s.get("trees", 100)), depth=_n(s.get("depth", 10))))
        if s.get("target_minutes") is not None:
            items.append(ngettext("within {min} minute", "within {min} minutes", _count(s["target_minutes"]))
                         .format(min=_n(s["target_minutes"], None)))
    elif w.kind == "storage":
        if s.get("checkpoint_within_s") is not None:
            items.append(_("checkpoint written within {s} s").format(s=_n(s["checkpoint_within_s"], None)))
        if s.get("checkpoint_every_min") is not None:
            items.append(_("a checkpoint every {min} min").format(min=_n(s["checkpoint_every_min"], None)))
        if s.get("dataset_read_gb_per_s") is not None:
            items.append(_("dataset read at {gbs} GB/s").format(gbs=_n(s["dataset_read_gb_per_s"], None)))
    return "; ".join(items)


def workload_result(kind: str, figs: dict[str, Any]) -> str:
    """What the engine's sizing achieves for the figures the customer stated."""
    items: list[str] = []
    if kind == "inference":
        if figs.get("ttft_s") is not None:
            items.append(_("time to first token {s} s").format(s=_n(figs["ttft_s"], 2)))
        if figs.get("tokens_per_s_per_user") is not None:
            items.append(_("{tps} tokens/s per user").format(tps=_n(figs["tokens_per_s_per_user"], 1)))
        if figs.get("max_concurrent_sequences") is not None:
            n = figs["max_concurrent_sequences"]
            items.append(ngettext("room for {n} concurrent user", "room for {n} concurrent users", _count(n))
                         .format(n=_n(n, 0)))
    elif kind in ("pretrain", "finetune"):
        if figs.get("days") is not None:
            items.append(ngettext("{days} day", "{days} days", _count(round(figs["days"], 1)))
                         .format(days=_n(figs["days"], 1)))
        if isinstance(figs.get("mfu"), int | float):
            items.append(_("MFU {pct} %").format(pct=_n(figs["mfu"] * 100, 0)))
    elif kind in ("vision", "recommendation", "analytics"):
        if figs.get("minutes") is not None:
            items.append(_("{min} min of training").format(min=_n(figs["minutes"], 1 if figs["minutes"] >= 1 else 2)))
        elif figs.get("hours") is not None:
            items.append(_("{hours} h of training").format(hours=_n(figs["hours"], 1 if figs["hours"] >= 1 else 2)))
        elif figs.get("samples_per_s") is not None:
            items.append((_("{n} images/s") if kind == "vision" else _("{n} queries/s"))
                         .format(n=_n(figs["samples_per_s"], 0)))
        if figs.get("units") is not None:
            items.append(_("on {n} x {hardware}").format(n=_n(figs["units"], 0), hardware=figs.get("hardware_name") or figs.get("hardware", "")))
        if figs.get("cpu_enough"):
            items.append(ngettext("a CPU server is enough: {n} x {server}", "CPU servers are enough: {n} x {server}",
                                  figs.get("cpu_servers", 1)).format(n=figs.get("cpu_servers"),
                                                                    server=figs.get("cpu_server_name") or figs.get("cpu_server")))
    elif kind == "storage":
        if figs.get("checkpoint_write_s") is not None:
            items.append(_("checkpoint written in {s} s").format(s=_n(figs["checkpoint_write_s"], 1)))
        if figs.get("storage_read_gb_per_s") is not None:
            items.append(_("storage reads at {gbs} GB/s").format(gbs=_n(figs["storage_read_gb_per_s"], 1)))
    if figs.get("gpus") is not None:
        items.append(ngettext("on {n} GPU", "on {n} GPUs", _count(figs["gpus"])).format(n=_n(figs["gpus"], 0)))
    return "; ".join(items)


def requirement_lines(plan: Plan, catalog: Catalog | None, results: Results) -> list[RequirementLine]:
    """Every requirement of ``plan`` with the result against it, numbered from 1."""
    from planner.fabric.names import bottleneck_text

    def bottleneck_note(code: str | None) -> str:
        text = message_text(bottleneck_text(code))
        return _("limited by {what}").format(what=text) if text else ""

    lines: list[RequirementLine] = []

    def add(group: str, key: str, title: str, asked: str, result: str, met: bool | None,
            margin: float | None = None, note: str = "") -> None:
        lines.append(RequirementLine(len(lines) + 1, group, key, title, asked, result, met, margin, note))

    for w in plan.workloads:
        v = results.workloads.get(w.id)
        kind = _(KIND_NAMES.get(w.kind, w.kind))
        if v is None:
            add("workload", w.id, w.name, kind + ": " + workload_asked(w, catalog), "\u2013", None,
                note=_("not evaluated"))
            continue
        result = message_text(v.error) if v.error else workload_result(w.kind, v.figures)
        note = "" if v.met is None or v.met else bottleneck_note(v.bottleneck)
        if v.met is None and not v.error:
            note = _("not evaluated")
        add("workload", w.id, w.name, kind + ": " + workload_asked(w, catalog), result or "\u2013", v.met,
            v.shown_margin, note)

    req = plan.metadata.requirements
    if req is None:
        return lines
    t = results.totals
    if req.budget is not None:
        asked = _("capex at most {budget}").format(budget=format_money(req.budget, req.currency))
        budget = req.budget
        if req.currency != t.currency:
            rate = plan.metadata.exchange_rates.get(req.currency)
            budget = budget * rate if rate else None  # type: ignore[assignment]
        capex = format_money(t.capex, t.currency)
        if budget is None:
            add("constraint", "budget", _(CONSTRAINT_TITLES["budget"]), asked, _("capex {capex}").format(capex=capex),
                None, note=_("no exchange rate from {currency} to {plan} in the plan").format(
                    currency=req.currency, plan=t.currency))
        elif t.capex > budget:
            add("constraint", "budget", _(CONSTRAINT_TITLES["budget"]), asked,
                _("capex {capex}").format(capex=capex), False,
                note=_("{over} over the budget").format(over=format_money(t.capex - budget, t.currency)))
        elif not t.capex_complete:
            add("constraint", "budget", _(CONSTRAINT_TITLES["budget"]), asked,
                _("capex at least {capex} (incomplete)").format(capex=capex), None,
                note=_("the capex is incomplete: BOM lines without a price or an exchange rate are left out"))
        else:
            add("constraint", "budget", _(CONSTRAINT_TITLES["budget"]), asked,
                _("capex {capex}").format(capex=capex), True,
                note=_("{left} under the budget").format(left=format_money(budget - t.capex, t.currency)))
    if req.max_rack_kw is not None:
        racks = list(results.racks.values())
        top = max(racks, key=lambda r: r.max_w, default=None)
        asked = _("at most {kw} kW per rack").format(kw=_n(req.max_rack_kw, None))
        if top is None:
            add("constraint", "max_rack_kw", _(CONSTRAINT_TITLES["max_rack_kw"]), asked, _("no racks"), None)
        else:
            over = sum(1 for r in racks if r.max_w > req.max_rack_kw * 1000)
            result = _("highest maximum draw {kw} kW ({rack})").format(kw=_n(top.max_w / 1000, 1), rack=top.name)
            add("constraint", "max_rack_kw", _(CONSTRAINT_TITLES["max_rack_kw"]), asked, result, over == 0,
                note=ngettext("{n} rack above the limit", "{n} racks above the limit", over).format(n=over)
                if over else "")
    if req.cooling:
        allowed = {m for c in req.cooling for m in COOLING_ALLOWS.get(c, (c,))}
        from planner.model.plan import cooling_method_name

        used = sorted({r.cooling for r in results.racks.values() if r.devices})
        asked = _("only {methods}").format(methods=format_list([_(REQUIREMENT_COOLING_NAMES.get(c, c))
                                                                for c in req.cooling], "or"))
        bad = [m for m in used if m not in allowed]
        result = format_list([cooling_method_name(m, lower=True, translate=True) for m in used]) if used else _("no racks")
        add("constraint", "cooling", _(CONSTRAINT_TITLES["cooling"]), asked, result, not bad if used else None,
            note=_("not allowed: {methods}").format(methods=format_list(
                [cooling_method_name(m, lower=True, translate=True) for m in bad])) if bad else "")
    if req.max_racks is not None:
        asked = ngettext("at most {n} rack", "at most {n} racks", _count(req.max_racks)).format(n=_n(req.max_racks))
        add("constraint", "max_racks", _(CONSTRAINT_TITLES["max_racks"]), asked,
            ngettext("{n} rack", "{n} racks", t.racks).format(n=_n(t.racks)), t.racks <= req.max_racks)
    if req.floor_m2 is not None:
        area = sum(r.width_m * r.depth_m for r in plan.site.rooms)
        asked = _("at most {m2} m\u00b2").format(m2=_n(req.floor_m2, None))
        add("constraint", "floor_m2", _(CONSTRAINT_TITLES["floor_m2"]), asked,
            ngettext("{m2} m\u00b2 in {n} room", "{m2} m\u00b2 in {n} rooms", len(plan.site.rooms)).format(
                m2=_n(area, 1), n=len(plan.site.rooms)), area <= req.floor_m2 + 1e-9)
    if req.vendors:
        wanted = {v.casefold() for v in req.vendors}
        makers: set[str] = set()
        for rack in plan.racks():
            for p in rack.placements:
                dt = catalog.get("device-types", p.device) if catalog is not None else None
                if dt is not None and dt.kind == "server":
                    makers.add(dt.manufacturer)
        bad = sorted(m for m in makers if m.casefold() not in wanted)
        add("constraint", "vendors", _(CONSTRAINT_TITLES["vendors"]),
            _("only {vendors}").format(vendors=format_list(list(req.vendors), "or")),
            format_list(sorted(makers)) if makers else _("no servers"), not bad if makers else None,
            note=_("not allowed: {vendors}").format(vendors=format_list(bad)) if bad else "")
    if req.gpu_models:
        used_gpus = sorted(t.agg.gpus)

        def gname(slug: str) -> str:
            g = catalog.get("gpus", slug) if catalog is not None else None
            return g.model if g is not None else slug

        bad = [g for g in used_gpus if g not in req.gpu_models]
        add("constraint", "gpu_models", _(CONSTRAINT_TITLES["gpu_models"]),
            _("only {gpus}").format(gpus=format_list([gname(g) for g in req.gpu_models], "or")),
            format_list([gname(g) for g in used_gpus]) if used_gpus else _("no GPUs"),
            not bad if used_gpus else None,
            note=_("not allowed: {gpus}").format(gpus=format_list([gname(g) for g in bad])) if bad else "")
    if req.years is not None:
        years = plan.metadata.years_of_use
        add("constraint", "years", _(CONSTRAINT_TITLES["years"]), ngettext("{n} year", "{n} years", _count(req.years)).format(n=_n(req.years, None)),
            ngettext("rent or own figured over {n} year", "rent or own figured over {n} years", _count(years))
            .format(n=_n(years, None)), abs(years - req.years) < 1e-9,
            note="" if abs(years - req.years) < 1e-9 else _("the rent-or-own figures use a different period"))
    return lines


def statement(plan: Plan) -> str:
    req = plan.metadata.requirements
    return req.statement.strip() if req is not None else ""


__all__ = ["RequirementLine", "line_ref", "requirement_lines", "statement", "workload_asked", "workload_result"]
