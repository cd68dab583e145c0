"""Workload targets, sizing and bottleneck verdicts.

Public API::

    from planner.workloads import (ModelArch, GpuHw, ClusterSpec, cluster_from_catalog,
                                   cluster_from_plan, infer, train, gpus_for_targets,
                                   gpus_for_days, parse_spec, evaluate_plan)

    model = ModelArch.from_llm(catalog.llm("llama-3-70b"))
    cl = cluster_from_catalog(catalog, "h200", 8)
    infer(model, cl, precision="fp8", users=500).tokens_per_s
    train(model, cluster_from_catalog(catalog, "h100-sxm", 1024), 2e12).days
    sweep(parse_spec("pretrain", {...}), model, cl, sweep_counts(8, 4096, 24)).min_gpus_met

Formulas and sources: docs/workloads.md. Calibration: docs/validation.md.
"""

from typing import TYPE_CHECKING

from planner.base.lazy import install as install_lazy

# Public names -> the submodule that defines them, imported on first use (PEP 562): the
# engine needs the evaluation (planner.engine.workloads), and importing that runs this
# file; eager imports here made every `rackwright check` and app start pay for the
# scaling sweep as well.
_EXPORTS = {
    "BOTTLENECKS": "evaluate",
    "cluster_from_catalog": "cluster",
    "cluster_from_plan": "cluster",
    "ClusterSpec": "cluster",
    "evaluate_plan": "evaluate",
    "evaluate_workload": "evaluate",
    "GpuHw": "arch",
    "gpus_for_days": "training",
    "gpus_for_targets": "inference",
    "infer": "inference",
    "InferenceResult": "inference",
    "Layout": "training",
    "ModelArch": "arch",
    "parse_spec": "specs",
    "parse_sweep": "sweep",
    "PlanHardwareError": "cluster",
    "precision_bytes": "arch",
    "SpecError": "specs",
    "sweep": "sweep",
    "sweep_counts": "sweep",
    "sweep_step": "sweep",
    "sweep_workload": "sweep",
    "SweepPoint": "sweep",
    "SweepResult": "sweep",
    "train": "training",
    "TrainingResult": "training",
    "workload_cluster": "sweep",
    "WorkloadVerdict": "evaluate",
}

if TYPE_CHECKING:
    from .arch import GpuHw, ModelArch, precision_bytes
    from .cluster import ClusterSpec, PlanHardwareError, cluster_from_catalog, cluster_from_plan
    from .evaluate import BOTTLENECKS, WorkloadVerdict, evaluate_plan, evaluate_workload
    from .inference import InferenceResult, gpus_for_targets, infer
    from .specs import SpecError, parse_spec
    from .sweep import (
        SweepPoint,
        SweepResult,
        parse_sweep,
        sweep,
        sweep_counts,
        sweep_step,
        sweep_workload,
        workload_cluster,
    )
    from .training import Layout, TrainingResult, gpus_for_days, train


install_lazy(__name__, _EXPORTS)

__all__ = [
    "BOTTLENECKS",
    "ClusterSpec",
    "GpuHw",
    "InferenceResult",
    "Layout",
    "ModelArch",
    "PlanHardwareError",
    "SpecError",
    "SweepPoint",
    "SweepResult",
    "TrainingResult",
    "WorkloadVerdict",
    "cluster_from_catalog",
    "cluster_from_plan",
    "evaluate_plan",
    "evaluate_workload",
    "gpus_for_days",
    "gpus_for_targets",
    "infer",
    "parse_spec",
    "parse_sweep",
    "precision_bytes",
    "sweep",
    "sweep_counts",
    "sweep_step",
    "sweep_workload",
    "train",
    "workload_cluster",
]
