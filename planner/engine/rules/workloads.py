"""Rule family "workloads": the finding and the level of each workload's verdict (its target
met, met within the model's uncertainty, not met, not evaluated) and the plan's largest
GPU and GPU-memory need against what it has (docs/engine.md, Workloads). The verdicts
themselves come from planner.workloads, kept incrementally by planner.engine.workloads.
Pure functions."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from planner.engine import levels
from planner.engine.findings import Finding, make
from planner.engine.levels import Level
from planner.engine.results import WorkloadNeed
from planner.fabric.names import bottleneck_text, workload_kind_text
from planner.i18n import tmsg
from planner.workloads.specs import has_target

if TYPE_CHECKING:
    from planner.engine.results import Results
    from planner.engine.settings import EngineSettings
    from planner.model.plan import Workload
    from planner.workloads.evaluate import WorkloadVerdict

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings)
CODES: tuple[str, ...] = (
    "WORKLOAD_UNMET", "WORKLOAD_LOW_MARGIN", "WORKLOAD_NOT_EVALUATED",
)


def spec_key(w: Workload) -> str:
    """What a workload's memoised verdict depends on of the workload itself."""
    return json.dumps([w.id, w.name, w.kind, w.group, w.spec], sort_keys=True, default=str)


def make_workload_finding(v: WorkloadVerdict, spec: dict[str, Any], margin_warn: float) -> Finding | None:
    label = tmsg("workload {name}", name=v.name)
    kind = workload_kind_text(v.kind)
    if v.met is None:
        return make("WORKLOAD_NOT_EVALUATED", "{label}: {v_error}", "workload", v.id, label=label, v_error=v.error)
    if not v.met:
        why: str
        if v.bottleneck == "power":
            why = tmsg("the power of its servers fails (see the power findings)")
        elif v.bottleneck == "cooling":
            why = tmsg("the cooling of its servers fails (see the cooling findings)")
        else:
            short = (tmsg("{pct:.0f} % short", pct=-v.margin * 100) if v.margin is not None and v.margin < 0
                     else tmsg("not met"))
            why = tmsg("{short}, limited by {bottleneck}", short=short, bottleneck=bottleneck_text(v.bottleneck))
            need = v.figures.get("gpus_needed")
            if need:
                why = tmsg("{why}; about {n:,} GPUs would meet it", why=why, n=need)
        return make("WORKLOAD_UNMET", "{label} ({v_kind}): target not met: {why}", "workload", v.id, label=label, v_kind=kind, why=why)
    # One uncertainty per workload: a figure with a validated error band (its stack and GPU
    # vendor's leave-one-source-out error, docs/validation.md) is judged against that band,
    # the figure the app, the PDF and the CLI print next to it; the plan's margin setting
    # applies only to kinds without a band (storage).
    band = (v.figures or {}).get("error_band") if isinstance(getattr(v, "figures", None), dict) else None
    if not has_target(v.kind, spec) or v.margin is None:
        return None
    if band:
        if v.margin < float(band):
            return make("WORKLOAD_LOW_MARGIN", "{label} ({v_kind}): met with {v3:.0f} % margin, within the model's uncertainty (±{v4:.0f} %)", "workload", v.id, label=label, v_kind=kind, v3=v.margin * 100, v4=float(band) * 100)
    elif v.margin < margin_warn:
        return make("WORKLOAD_LOW_MARGIN", "{label} ({v_kind}): met with {v3:.0f} % margin, less than the plan's warning margin ({v4:.0f} %)", "workload", v.id, label=label, v_kind=kind, v3=v.margin * 100, v4=margin_warn * 100)
    return None


def verdict_level(v: WorkloadVerdict, finding: Finding | None) -> Level:
    """The level of a verdict with its finding (:func:`make_workload_finding`): over when
    the target is not met, warn when it is met within the model's uncertainty, none when
    the workload could not be evaluated."""
    if v.met is None:
        return levels.NONE
    if not v.met or (finding is not None and finding.severity == "error"):
        return levels.OVER
    if finding is not None and finding.severity == "warning":
        return levels.WARN
    return levels.OK


def workload_needs(res: Results, s: EngineSettings) -> dict[str, WorkloadNeed]:
    """The largest GPU and GPU-memory need of any workload against the plan's
    (``WorkloadVerdict.figures``: gpus_needed, gpu_memory_gb_needed)."""
    out: dict[str, WorkloadNeed] = {}
    if not res.workloads:
        return out
    warn = 1.0 / (1.0 + s.workload_margin_warn)
    have = {"gpus": float(res.totals.agg.ints.get("gpu_count", 0)),
            "gpu_memory_gb": res.totals.agg.sums.get("gpu_memory_gb", 0.0)}
    for what, h in have.items():
        needs = [float(n) for v in res.workloads.values() if (n := v.figures.get(f"{what}_needed"))]
        if needs:
            need = max(needs)
            out[what] = WorkloadNeed(need, h, levels.utilisation(need, h), levels.classify(need, h, warn))
    return out
