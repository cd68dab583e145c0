"""Verdicts for a plan's workloads: met or not, by what margin, and what limits it.

``evaluate_plan(plan, catalog)`` sizes every ``plan.workloads`` entry on the servers
of its group (or the whole plan) and returns one :class:`WorkloadVerdict` each. The
margin is achieved / required - 1 for the tightest target (positive: met with room;
negative: short by that share). Bottlenecks are one of :data:`BOTTLENECKS`.

Power and cooling verdicts come from the engine: pass ``power_ok`` / ``cooling_ok``
(False makes every workload on the plan unmet with that bottleneck).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from planner.i18n import tmsg

from .arch import ModelArch
from .cluster import ClusterSpec, PlanHardwareError, cluster_from_plan
from .inference import InferenceResult, gpus_for_targets, infer, target_margin
from .specs import (
    NONLLM_KINDS,
    FinetuneSpec,
    InferenceSpec,
    PretrainSpec,
    SpecError,
    StorageWorkloadSpec,
    parse_spec,
)
from .training import checkpoint_size_gb, gpus_for_days, train

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.plan import Plan, Workload

BOTTLENECKS = ("gpu_memory", "memory_bandwidth", "compute", "interconnect", "storage", "power", "cooling")


@dataclass(slots=True)
class WorkloadVerdict:
    id: str
    name: str
    kind: str
    group: str | None
    met: bool | None  # None: the workload could not be evaluated (see error)
    margin: float | None
    bottleneck: str | None
    figures: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    # the engine's level of the verdict (planner.engine.levels): over when not met, warn when
    # met within the model's uncertainty, ok, none when not evaluated (outside the engine)
    level: str = "none"

    @property
    def shown_margin(self) -> float | None:
        """The margin a reader may take as the verdict's (see :func:`shown_margin`)."""
        return shown_margin(self.met, self.margin, self.bottleneck)

    def to_dict(self) -> dict[str, Any]:
        d = {"id": self.id, "name": self.name, "kind": self.kind, "group": self.group,
             "met": self.met, "margin": self.margin, "bottleneck": self.bottleneck, "level": self.level}
        # the sizing's own figures; the verdict's keys win (e.g. the sizing's bottleneck
        # is kept as `sizing_bottleneck` when power or cooling binds)
        for k, v in self.figures.items():
            if k in d:
                if k == "bottleneck" and v != self.bottleneck:
                    d["sizing_bottleneck"] = v
                continue
            d[k] = v
        if self.error:
            d["error"] = self.error
        return d


def _llm(catalog: Catalog, slug: str) -> ModelArch:
    llm = catalog.get("llms", slug)
    if llm is None:
        raise SpecError(tmsg("spec.model: unknown model {model!r}", model=slug))
    return ModelArch.from_llm(llm)


def evaluate_inference(spec: InferenceSpec, model: ModelArch, cl: ClusterSpec, *,
                       need: bool = True) -> tuple[bool, float, str, dict]:
    """(met, margin, bottleneck, figures) of an inference spec on ``cl``. ``need=False``
    skips the inverse search (``gpus_needed``), which does not depend on ``cl.gpus``
    (a what-if sweep asks it once: :func:`inference_gpus_needed`)."""
    # Without a TP in the spec but with a speed or first-token target, the layout with the
    # best margin on the targets (inference.target_layout): `rackwright size infer` chooses
    # by the same function, and more GPUs never lower it. A 70B model in FP8 fits one H100,
    # yet TP2-TP4 replicas serve each user faster. Without such targets, infer's automatic layout.
    if spec.pcie_switch:
        cl = cl.with_(pcie_switch=True)
    r = infer(model, cl, precision=spec.precision, kv_precision=spec.kv_precision,
              input_tokens=spec.input_tokens, output_tokens=spec.output_tokens, tp=spec.tp,
              users=spec.users, stack=spec.stack, pp=spec.pp, software=spec.software,
              target_tokens_per_s_per_user=spec.target_tokens_per_s_per_user, target_ttft_s=spec.target_ttft_s,
              **serving_kwargs(spec))
    margin, limiter = _inference_margin(spec, r)
    fig = r.to_dict()
    met = margin >= 0
    bottleneck = limiter if not met else r.bottleneck
    if need and spec.target_tokens_per_s_per_user is not None:
        got = inference_gpus_needed(spec, model, cl)
        fig["gpus_needed"] = got[0] if got else None
    return met, margin, bottleneck, fig


def _inference_margin(spec: InferenceSpec, r: InferenceResult) -> tuple[float, str]:
    """The tightest target's margin (achieved/required - 1) and what limits it."""
    return target_margin(r, spec.users, spec.target_tokens_per_s_per_user, spec.target_ttft_s)


def inference_gpus_needed(spec: InferenceSpec, model: ModelArch, cl: ClusterSpec) -> tuple[int, int, int] | None:
    """:func:`gpus_for_targets` for the spec's users and targets: (GPUs, TP, batch per
    replica), or None when unreachable or the spec has no per-user speed target."""
    if spec.target_tokens_per_s_per_user is None:
        return None
    if spec.pcie_switch:
        cl = cl.with_(pcie_switch=True)
    return gpus_for_targets(model, cl, users=spec.users,
                            tokens_per_s_per_user=spec.target_tokens_per_s_per_user,
                            ttft_s=spec.target_ttft_s, precision=spec.precision,
                            kv_precision=spec.kv_precision, input_tokens=spec.input_tokens,
                            output_tokens=spec.output_tokens, stack=spec.stack,
                            software=spec.software, **serving_kwargs(spec))


def serving_kwargs(spec: InferenceSpec) -> dict:
    """The scheduler and parallelism options of an inference spec, as :func:`infer` and
    :func:`gpus_for_targets` take them."""
    return dict(max_batch=spec.max_seqs, length_spread=spec.length_spread, ep=spec.ep,
                attention_dp=spec.attention_dp)


def training_kwargs(spec: PretrainSpec | FinetuneSpec) -> dict:
    """The :func:`train` / :func:`gpus_for_days` keyword arguments of a training spec."""
    kw = dict(seq_len=spec.seq_len, global_batch_tokens=spec.global_batch_tokens,
              precision=spec.precision, method=getattr(spec, "method", "pretrain"), zero=spec.zero,
              tp=spec.tp, pp=spec.pp, cp=spec.cp, recompute=spec.recompute, software=spec.software)
    if isinstance(spec, FinetuneSpec):
        kw["lora_rank"] = spec.lora_rank
    return kw


def training_gpus_needed(spec: PretrainSpec | FinetuneSpec, model: ModelArch, cl: ClusterSpec) -> int | None:
    """The fewest GPUs meeting ``target_days`` (memoised :func:`gpus_for_days`), None
    without a target or when out of reach."""
    if spec.target_days is None:
        return None
    return _gpus_for_days(model, cl, spec.tokens, spec.target_days, training_kwargs(spec))


def evaluate_training(spec: PretrainSpec | FinetuneSpec, model: ModelArch, cl: ClusterSpec) -> tuple[bool, float, str, dict]:
    kw = training_kwargs(spec)
    r = train(model, cl, spec.tokens, **kw)
    fig = r.to_dict()
    if not r.fits:
        return False, -1.0, "gpu_memory", fig
    if spec.target_days is None:
        return True, 0.0, r.bottleneck, fig
    margin = spec.target_days / r.days - 1.0
    if margin < 0:
        fig["gpus_needed"] = _gpus_for_days(model, cl, spec.tokens, spec.target_days, kw)
    else:
        fig["gpus_needed"] = None
    return margin >= 0, margin, r.bottleneck, fig


# The inverse search (~40 trainings) depends on the cluster's per-GPU hardware, not on how
# many GPUs the plan has now (it tries its own counts): memoised on the cluster with its
# GPU count and notes blanked, so adding or removing a server re-runs one training, not
# the search (docs/engine.md, "Workloads").
_NEED_MEMO: dict[Any, int | None] = {}


def _gpus_for_days(model: ModelArch, cl: ClusterSpec, tokens: float, target_days: float, kw: dict) -> int | None:
    try:
        key = (model, cl.with_(gpus=0, notes=()), tokens, target_days, tuple(sorted(kw.items())))
        hash(key)
    except TypeError:  # pragma: no cover - an unhashable input: no memo
        return gpus_for_days(model, cl, tokens, target_days, **kw)
    if key not in _NEED_MEMO:
        if len(_NEED_MEMO) > 256:
            _NEED_MEMO.clear()
        _NEED_MEMO[key] = gpus_for_days(model, cl, tokens, target_days, **kw)
    return _NEED_MEMO[key]


def evaluate_storage(spec: StorageWorkloadSpec, catalog: Catalog, cl: ClusterSpec) -> tuple[bool, float, str, dict]:
    fig: dict[str, Any] = {"storage_write_gb_per_s": cl.storage_write_gb_per_s,
                           "storage_read_gb_per_s": cl.storage_read_gb_per_s}
    margins = []
    if spec.checkpoint_within_s is not None:
        if spec.checkpoint_size_gb:
            size = spec.checkpoint_size_gb
        else:
            assert spec.model is not None  # the spec's validator wants a model or a checkpoint size
            size = checkpoint_size_gb(_llm(catalog, spec.model))
        fig["checkpoint_size_gb"] = size
        if not cl.storage_write_gb_per_s:
            fig["checkpoint_write_s"] = None
            margins.append(-1.0)
        else:
            t = size / cl.storage_write_gb_per_s
            fig["checkpoint_write_s"] = t
            margins.append(spec.checkpoint_within_s / t - 1.0)
            if spec.checkpoint_every_min:
                fig["checkpoint_time_share"] = t / (spec.checkpoint_every_min * 60.0)
    if spec.dataset_read_gb_per_s is not None:
        have = cl.storage_read_gb_per_s or 0.0
        margins.append(have / spec.dataset_read_gb_per_s - 1.0)
    margin = min(margins)
    return margin >= 0, margin, "storage", fig


def evaluate_workload(w: Workload, plan: Plan, catalog: Catalog, *, power_ok: bool = True,
                      cooling_ok: bool = True) -> WorkloadVerdict:
    v = WorkloadVerdict(w.id, w.name, w.kind, w.group, None, None, None)
    try:
        spec = parse_spec(w.kind, w.spec)
        if w.kind in NONLLM_KINDS:
            from .nonllm import evaluate_nonllm, plan_counts, plan_units

            met, margin, bn, fig = evaluate_nonllm(spec, w.kind, plan_units(catalog, *plan_counts(plan, catalog, w.group)),
                                                   catalog)
            return _finish(v, met, margin, bn, fig, power_ok, cooling_ok)
        if isinstance(spec, InferenceSpec):
            from .nonllm import evaluate_llm_on_cpu, plan_counts, plan_units

            gpus, cpus = plan_counts(plan, catalog, w.group)
            if not gpus and cpus:  # a CPU-only plan: the CPU serving path for small models
                met, margin, bn, fig = evaluate_llm_on_cpu(spec, _llm(catalog, spec.model).params,
                                                           plan_units(catalog, {}, cpus), catalog)
                return _finish(v, met, margin, bn, fig, power_ok, cooling_ok)
        cl = cluster_from_plan(plan, catalog, w.group)
        if isinstance(spec, InferenceSpec):
            met, margin, bn, fig = evaluate_inference(spec, _llm(catalog, spec.model), cl)
        elif isinstance(spec, (PretrainSpec, FinetuneSpec)):
            met, margin, bn, fig = evaluate_training(spec, _llm(catalog, spec.model), cl)
        elif isinstance(spec, StorageWorkloadSpec):
            met, margin, bn, fig = evaluate_storage(spec, catalog, cl)
        else:  # pragma: no cover - every kind is handled above
            raise SpecError(tmsg("unknown workload kind {kind!r} (use one of {kinds})", kind=w.kind, kinds=w.kind))
    except (SpecError, PlanHardwareError, ValueError) as e:
        # the message itself when it is a planner Message (translated where it is shown)
        v.error = e.args[0] if len(e.args) == 1 and isinstance(e.args[0], str) else str(e)
        return v
    return _finish(v, met, margin, bn, fig, power_ok, cooling_ok)


SITE_LIMITS = ("power", "cooling")  # bottlenecks of the site, not of the sizing


def shown_margin(met: bool | None, margin: float | None, bottleneck: str | None) -> float | None:
    """The margin to print beside a verdict: the engine's, except when the site's power or
    cooling fails the target (``met`` False with a bottleneck of :data:`SITE_LIMITS`): the
    margin is then the sizing's and says nothing of why, and "NOT MET, margin +96 %" read as a
    contradiction (issue 32 walk-through). None: print the bottleneck instead."""
    if met is False and bottleneck in SITE_LIMITS:
        return None
    return margin


def _finish(v: WorkloadVerdict, met: bool, margin: float, bn: str, fig: dict, power_ok: bool,
            cooling_ok: bool) -> WorkloadVerdict:
    if not power_ok:
        met, bn = False, "power"
    elif not cooling_ok:
        met, bn = False, "cooling"
    v.met, v.margin, v.bottleneck, v.figures = met, round(margin, 4), bn, fig
    return v


def evaluate_plan(plan: Plan, catalog: Catalog, *, power_ok: bool = True,
                  cooling_ok: bool = True) -> list[WorkloadVerdict]:
    """One verdict per workload of the plan, in plan order."""
    return [evaluate_workload(w, plan, catalog, power_ok=power_ok, cooling_ok=cooling_ok)
            for w in plan.workloads]
