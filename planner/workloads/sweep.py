"""What-if scaling sweeps: how a workload's answer changes with the GPU count.

``sweep(spec, model, cluster, counts)`` sizes a parsed workload spec
(:class:`~.specs.PretrainSpec`, :class:`~.specs.FinetuneSpec`,
:class:`~.specs.InferenceSpec`) on ``cluster.with_(gpus=n)`` for each ``n`` with the
verdict logic of :mod:`.evaluate` (the same figures, margin and bottleneck the plan's
verdict shows at that count) and returns a :class:`SweepResult`:

* training: days, tokens/s per GPU and scaling efficiency (tokens/s per GPU relative to
  the smallest count that fits);
* inference: system tokens/s, tokens/s per user and time to first token, for the
  spec's concurrent users spread over the replicas;
* per point: fits, target met (None without a target), margin, bottleneck;
* ``min_gpus_met``: the smallest swept count meeting the target, and ``gpus_needed``:
  the inverse search's answer (:func:`~.training.gpus_for_days`,
  :func:`~.inference.gpus_for_targets`, as the verdict reports it).

``sweep_counts(lo, hi, n, step)`` makes geometric counts rounded to whole nodes;
``sweep_workload(plan, catalog, workload)`` sweeps a plan workload around the plan's
own GPU count on the cluster its verdict uses (:func:`workload_cluster`).
``cancelled`` (a callable) is checked between points: a sweep stops early and says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from planner.i18n import Np_, parse_number, tmsg

from .arch import ModelArch
from .cluster import NVLINK_DOMAIN_OVERRIDE, ClusterSpec, cluster_from_plan
from .evaluate import (
    _llm,
    evaluate_inference,
    evaluate_training,
    inference_gpus_needed,
    training_gpus_needed,
)
from .specs import FinetuneSpec, InferenceSpec, PretrainSpec, SpecError, parse_spec

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.plan import Plan, Workload
    from planner.workloads.specs import WorkloadSpec

MAX_SWEEP_POINTS = 10_000
MAX_SWEEP_GPUS = 1 << 20
DEFAULT_POINTS = 16

TrainSpec = PretrainSpec | FinetuneSpec


@dataclass(frozen=True, slots=True)
class SweepPoint:
    """One GPU count of a sweep. Figures are None where they do not apply (the other
    kind of workload) or mean nothing (a deployment that does not fit)."""

    gpus: int
    fits: bool
    met: bool | None  # None: no target to meet, or the point could not be sized (error)
    margin: float | None  # achieved / required - 1 of the tightest target
    # what dominates the time at this count (the sizing's own: gpu_memory when it does not
    # fit); one of planner.workloads.BOTTLENECKS
    bottleneck: str | None
    days: float | None = None
    tokens_per_s_per_gpu: float | None = None
    scaling_efficiency: float | None = None
    tokens_per_s: float | None = None
    tokens_per_s_per_user: float | None = None
    ttft_s: float | None = None
    # the verdict's bottleneck: when the target is missed, what keeps it from being met
    # (the tightest target's limiter); else the sizing's own, as the workloads panel shows it
    verdict_bottleneck: str | None = None
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class SweepResult:
    kind: str  # "training" or "inference"
    model: str
    gpu: str
    points: list[SweepPoint]
    targets: dict[str, float]  # point field -> target (days, tokens_per_s_per_user, ttft_s)
    min_gpus_met: int | None  # smallest swept count that meets the target
    gpus_needed: int | None  # the inverse search's answer (gpus_for_days / gpus_for_targets)
    gpus_needed_tp: int | None = None  # inference: the TP of that answer
    plan_gpus: int | None = None  # the plan's own count (sweep_workload)
    cancelled: bool = False
    notes: list[str] = field(default_factory=list)
    cluster: ClusterSpec | None = None  # the base cluster swept (sweep_workload), for reuse

    @property
    def gpus(self) -> list[int]:
        return [p.gpus for p in self.points]

    def point_at(self, gpus: int) -> SweepPoint | None:
        return next((p for p in self.points if p.gpus == gpus), None)

    def bottleneck_ranges(self) -> list[tuple[str, int, int]]:
        """(bottleneck, first GPUs, last GPUs) of each run of consecutive points with the
        same bottleneck, in GPU order (points that could not be sized are skipped)."""
        out: list[tuple[str, int, int]] = []
        for p in self.points:
            if p.bottleneck is None:
                continue
            if out and out[-1][0] == p.bottleneck:
                out[-1] = (p.bottleneck, out[-1][1], p.gpus)
            else:
                out.append((p.bottleneck, p.gpus, p.gpus))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "model": self.model, "gpu": self.gpu, "targets": dict(self.targets),
                "min_gpus_met": self.min_gpus_met, "gpus_needed": self.gpus_needed,
                "gpus_needed_tp": self.gpus_needed_tp, "plan_gpus": self.plan_gpus,
                "cancelled": self.cancelled, "notes": list(self.notes),
                "bottleneck_ranges": [list(r) for r in self.bottleneck_ranges()],
                "points": [p.to_dict() for p in self.points]}


# ----------------------------------------------------------------------------- counts


def parse_sweep(text: str) -> tuple[int, int, int]:
    """'LO:HI[:N]' -> (lo, hi, n); numbers as planner.i18n.parse_number reads them in the
    active language (1_024, 1e3, 4k; German 1.024, English 1,024). Raises ValueError
    with a message saying what is wrong."""
    parts = str(text).strip().split(":")
    if len(parts) not in (2, 3) or not all(p.strip() for p in parts):
        raise ValueError(tmsg("{text!r} is not LO:HI or LO:HI:N (e.g. 8:4096 or 8:4096:12)", text=text))
    vals = []
    for name, p in zip(("LO", "HI", "N"), parts):
        try:
            if p.strip().lower().lstrip("+-") in ("inf", "infinity", "nan"):
                v = math.inf  # not a count (said as such below), though no typed number either
            else:
                v = float(parse_number(p))  # the one parser: German 1.024 is 1024, English 1,024
        except ValueError:
            raise ValueError(tmsg("{text!r}: {name} {value!r} is not a number", text=text, name=name,
                                  value=p.strip())) from None
        if not math.isfinite(v) or v != int(v):
            raise ValueError(tmsg("{text!r}: {name} {value!r} is not a whole number", text=text, name=name,
                                  value=p.strip()))
        vals.append(int(v))
    lo, hi = vals[0], vals[1]
    n = vals[2] if len(vals) == 3 else DEFAULT_POINTS
    if lo < 1:
        raise ValueError(tmsg("{text!r}: LO must be at least 1 GPU (got {lo})", text=text, lo=lo))
    if hi < lo:
        raise ValueError(tmsg("{text!r}: HI ({hi}) must be at least LO ({lo})", text=text, hi=hi, lo=lo))
    if hi > MAX_SWEEP_GPUS:
        raise ValueError(tmsg("{text!r}: HI must be at most {max:,} GPUs (got {hi:,})", text=text, max=MAX_SWEEP_GPUS,
                              hi=hi))
    if not 1 <= n <= MAX_SWEEP_POINTS:
        raise ValueError(tmsg("{text!r}: N must be between 1 and {max:,} points (got {n})", text=text,
                              max=MAX_SWEEP_POINTS, n=n))
    return lo, hi, n


def sweep_counts(lo: int, hi: int, n: int, step: int = 8) -> list[int]:
    """``n`` GPU counts spaced geometrically from ``lo`` to ``hi``, each a whole number
    of ``step``-GPU nodes (at least one node), strictly increasing: where rounding would
    repeat a count (the low end of a wide range) the next node is taken instead, so the
    list has ``n`` counts whenever the range holds that many whole nodes (else every
    node in it)."""
    if step < 1:
        raise ValueError("step must be at least 1 GPU")
    if lo < 1 or hi < lo:
        raise ValueError(f"need 1 <= lo <= hi (got {lo}, {hi})")
    if n < 1:
        raise ValueError("need at least one point")
    first = max(1, math.ceil(lo / step))  # in nodes
    last = max(first, hi // step)
    n = min(n, last - first + 1)
    if n == 1:
        return [first * step]
    out: list[int] = []
    for i in range(n):
        x = round(first * (last / first) ** (i / (n - 1)))
        if out:
            x = max(x, out[-1] + 1)
        out.append(min(x, last - (n - 1 - i)))  # leave room for the points still to come
    return [k * step for k in out]


def sweep_step(spec: WorkloadSpec, cluster: ClusterSpec) -> int:
    """GPUs per step of a sweep: whole nodes (as :func:`gpus_for_days` steps: the node,
    at most 8), also a multiple of the spec's fixed tensor x pipeline (x context) degree."""
    step = cluster.gpus_per_node if cluster.gpus_per_node <= 8 else 8
    fixed = ((getattr(spec, "tp", None) or 1) * (getattr(spec, "pp", None) or 1)
             * (getattr(spec, "cp", None) or 1))
    return math.lcm(max(1, step), max(1, fixed))


# ----------------------------------------------------------------------------- sweep


def scaled_cluster(base: ClusterSpec, gpus: int) -> ClusterSpec:
    """``base`` with ``gpus`` GPUs. An NVLink domain that the base's own size capped
    (a plan with fewer GB200 GPUs than the 72-GPU design) grows with the count up to the
    design; every domain is capped at the GPUs there are (as :func:`cluster_from_counts`)."""
    cl = base.with_(gpus=gpus)
    d = base.nvlink_domain_gpus
    if d is not None:
        if d >= base.gpus:
            d = max(d, NVLINK_DOMAIN_OVERRIDE.get(base.gpu.slug, d))
        cl = cl.with_(nvlink_domain_gpus=min(d, gpus))
    return cl


def _stop(cancelled: Callable[[], bool] | None) -> bool:
    return cancelled is not None and bool(cancelled())


def sweep(spec: PretrainSpec | FinetuneSpec | InferenceSpec, model: ModelArch, cluster: ClusterSpec,
          gpus: Iterable[int], *, cancelled: Callable[[], bool] | None = None,
          need: bool = True) -> SweepResult:
    """Size ``spec`` on ``cluster`` at each GPU count of ``gpus`` (sorted, repeats
    dropped). ``cancelled`` is called before each point; when it returns True the sweep
    stops and returns the points so far with ``cancelled=True``. ``need=False`` skips the
    inverse search (``gpus_needed`` None)."""
    counts = sorted({int(n) for n in gpus})
    if not counts:
        raise ValueError("a sweep needs at least one GPU count")
    if counts[0] < 1:
        raise ValueError(f"GPU counts must be at least 1 (got {counts[0]})")
    if isinstance(spec, InferenceSpec):
        return _sweep_inference(spec, model, cluster, counts, cancelled, need)
    if isinstance(spec, (PretrainSpec, FinetuneSpec)):
        return _sweep_training(spec, model, cluster, counts, cancelled, need)
    raise SpecError(tmsg("a sweep sizes training or inference workloads, not {kind}", kind=type(spec).__name__))


def _sweep_training(spec: TrainSpec, model: ModelArch, base: ClusterSpec, counts: list[int],
                    cancelled: Callable[[], bool] | None, need: bool) -> SweepResult:
    targets = {"days": spec.target_days} if spec.target_days is not None else {}
    res = SweepResult("training", model.slug, base.gpu.slug, [], targets, None, None)
    rows: list[tuple[int, Any]] = []
    for n in counts:
        if _stop(cancelled):
            res.cancelled = True
            break
        try:
            met, margin, bn, fig = evaluate_training(spec, model, scaled_cluster(base, n))
        except ValueError as e:
            rows.append((n, str(e)))
            continue
        rows.append((n, (met, margin, bn, fig)))
    ref = next((fig["tokens_per_s_per_gpu"] for _n, r in rows if not isinstance(r, str)
                for _m, _g, _b, fig in [r] if fig["fits"]), None)
    for n, r in rows:
        if isinstance(r, str):
            res.points.append(SweepPoint(n, False, None, None, None, error=r))
            continue
        met, margin, bn, fig = r
        if not fig["fits"]:
            res.points.append(SweepPoint(n, False, False if targets else None, None, fig["bottleneck"],
                                         verdict_bottleneck=bn))
            continue
        per_gpu = fig["tokens_per_s_per_gpu"]
        res.points.append(SweepPoint(
            n, True, met if targets else None, margin if targets else None, fig["bottleneck"],
            days=fig["days"], tokens_per_s_per_gpu=per_gpu,
            scaling_efficiency=per_gpu / ref if ref else None, tokens_per_s=fig["tokens_per_s"],
            verdict_bottleneck=bn))
    if need and targets and not res.cancelled and not _stop(cancelled):
        res.gpus_needed = training_gpus_needed(spec, model, base)
        if res.gpus_needed is None:
            res.notes.append(tmsg("the target is out of reach: scaling efficiency falls too far"))
    _finish(res)
    return res


def _sweep_inference(spec: InferenceSpec, model: ModelArch, base: ClusterSpec, counts: list[int],
                     cancelled: Callable[[], bool] | None, need: bool) -> SweepResult:
    targets: dict[str, float] = {}
    if spec.target_tokens_per_s_per_user is not None:
        targets["tokens_per_s_per_user"] = spec.target_tokens_per_s_per_user
    if spec.target_ttft_s is not None:
        targets["ttft_s"] = spec.target_ttft_s
    res = SweepResult("inference", model.slug, base.gpu.slug, [], targets, None, None)
    idle_from = None
    for n in counts:
        if _stop(cancelled):
            res.cancelled = True
            break
        try:
            met, margin, bn, fig = evaluate_inference(spec, model, scaled_cluster(base, n), need=False)
        except ValueError as e:
            res.points.append(SweepPoint(n, False, None, None, None, error=str(e)))
            continue
        if not fig["fits"]:
            # the users do not fit: speeds of a deployment that cannot run would read as a promise
            res.points.append(SweepPoint(n, False, False, margin, fig["bottleneck"], verdict_bottleneck=bn))
            continue
        if idle_from is None and fig["replicas"] > spec.users:
            idle_from = n
        res.points.append(SweepPoint(
            n, True, met if targets else None, margin if targets else None, fig["bottleneck"],
            tokens_per_s_per_gpu=fig["tokens_per_s"] / n, tokens_per_s=fig["tokens_per_s"],
            tokens_per_s_per_user=fig["tokens_per_s_per_user"], ttft_s=fig["ttft_s"],
            verdict_bottleneck=bn))
    if idle_from is not None:
        res.notes.append(tmsg("from {gpus:,} GPUs there are more replicas than the {users:,} users: the spare "
                              "replicas idle, so system tokens/s stops growing", gpus=idle_from, users=spec.users))
    if need and "tokens_per_s_per_user" in targets and not res.cancelled and not _stop(cancelled):
        got = inference_gpus_needed(spec, model, base)
        if got is None:
            res.notes.append(tmsg("no replica meets the per-user targets even with one user on this GPU"))
        else:
            res.gpus_needed, res.gpus_needed_tp = got[0], got[1]
    _finish(res)
    return res


def _finish(res: SweepResult) -> None:
    res.min_gpus_met = next((p.gpus for p in res.points if p.met), None)
    if res.cancelled:
        res.notes.append(tmsg(Np_("cancelled after {n} point", "cancelled after {n} points"), n=len(res.points)))


# ----------------------------------------------------------------------------- plan workloads


def workload_cluster(plan: Plan, catalog: Catalog, workload: Workload) -> ClusterSpec:
    """The cluster a plan workload's verdict is sized on: :func:`cluster_from_plan` of
    its group, with the compute fabric's routed inter-node bandwidth per GPU where the
    plan wires one (as the engine does, docs/engine.md "Workloads")."""
    from planner.fabric.analysis import inter_node_gbps_per_gpu

    cl = cluster_from_plan(plan, catalog, workload.group)
    compute = {f.id for f in plan.fabrics if f.kind == "compute"}
    if compute and any(lk.fabric in compute for lk in plan.links):
        inter = inter_node_gbps_per_gpu(plan, catalog, workload.group)
        if inter > 0:
            cl = cl.with_(internode_gb_per_s=inter / 8.0,
                          notes=cl.notes + (tmsg("inter-node bandwidth from the compute fabric: {gbps:g} Gb/s per GPU",
                                                 gbps=inter),))
    return cl


def default_counts(plan_gpus: int, step: int, need: int | None = None, n: int = 40) -> list[int]:
    """Counts for a plan workload's chart: from an eighth of the smaller of the plan's
    count and the inverse answer to eight times the larger, plus both themselves."""
    ref = [max(1, plan_gpus)] + ([need] if need else [])
    lo = max(step, min(ref) // 8)
    hi = min(MAX_SWEEP_GPUS, max(max(ref) * 8, lo + step))
    return sorted(set(sweep_counts(lo, hi, n, step)) | set(ref))


def sweep_workload(plan: Plan | None, catalog: Catalog, workload: Workload, gpus: Iterable[int] | None = None, *,
                   points: int = 40, cancelled: Callable[[], bool] | None = None,
                   cluster: ClusterSpec | None = None) -> SweepResult:
    """Sweep a plan workload (``plan.workloads`` entry) on the hardware its verdict uses,
    around the plan's own GPU count (``plan_gpus``; the sweep includes it, and the inverse
    answer). ``cluster``: that hardware when already known (a result's ``cluster``, while
    only the spec changed); ``plan`` is then not read. Raises :class:`SpecError` (bad spec,
    unknown model, storage workload) or ``PlanHardwareError`` (no GPU servers)."""
    spec = parse_spec(workload.kind, workload.spec)
    if not isinstance(spec, (PretrainSpec, FinetuneSpec, InferenceSpec)):
        raise SpecError(tmsg("a {kind} workload has no GPU scaling to sweep", kind=workload.kind))
    model = _llm(catalog, spec.model)
    if cluster is None:
        if plan is None:
            raise ValueError("sweep_workload needs the plan or the cluster of its last sweep")
        cluster = workload_cluster(plan, catalog, workload)
    base = cluster
    if gpus is None:
        if _stop(cancelled):
            return SweepResult("training" if not isinstance(spec, InferenceSpec) else "inference",
                               model.slug, base.gpu.slug, [], {}, None, None, plan_gpus=base.gpus,
                               cancelled=True, cluster=base)
        if isinstance(spec, InferenceSpec):
            got = inference_gpus_needed(spec, model, base)
            need_n = got[0] if got else None
        else:
            need_n = training_gpus_needed(spec, model, base)
        gpus = default_counts(base.gpus, sweep_step(spec, base), need_n, points)
    res = sweep(spec, model, base, list(gpus) + [base.gpus], cancelled=cancelled)
    res.plan_gpus = base.gpus
    res.cluster = base
    return res


__all__ = ["SweepPoint", "SweepResult", "default_counts", "parse_sweep", "scaled_cluster", "sweep",
           "sweep_counts", "sweep_step", "sweep_workload", "workload_cluster"]
