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
