"""Workloads beyond LLMs: vision training and inference, recommendation (DLRM) inference and
gradient-boosted trees (XGBoost), on GPUs or CPU servers, and the "a CPU server is enough"
verdict with the cheapest fitting CPU build of the catalog.

The model is a throughput per unit of hardware peak, calibrated on published measurements
(``nonllm_cases.yaml``: MLPerf Inference v3.1/v4.0 Offline results, NVIDIA's
DeepLearningExamples training tables, the GBM-perf XGBoost benchmark):

* inference: samples/s = k(model, device class) x the unit's dense INT8 peak (TOPS), where k
  is the geometric mean of measured samples/s / peak over the published rows of that model on
  that device class (GPU: TensorRT; CPU: PyTorch/IPEX on AMX); a class with fewer than two
  rows shares the model's constant over both classes. Recommendation (DLRM-dcnv2) also needs
  its embedding tables in memory (GPU memory of all GPUs, or each CPU server's DRAM);
* training: images/s per GPU = k(model) x dense FP16 peak; n GPUs x n x the data-parallel
  efficiency measured on 8-GPU rows (:data:`DP_EFFICIENCY` from the cases);
* XGBoost (hist, 100 trees of depth 10 on the airline set as GBM-perf runs it): CPU time =
  rows x trees x depth x features/8 x c_cpu x (s + (1 - s) / cores), cores up to one socket
  (GBM-perf's c7i runs gain nothing beyond one NUMA node); GPU time = the same work x c_gpu /
  (SMs x GHz) + a fixed start-up, both fitted over the published rows.

Every constant is fitted on those cases (:func:`fit`); ``python -m planner.workloads.nonllm``
prints each case's error (in-sample and leave-one-out), ``--write`` stores the constants and
the error bands in :mod:`planner.workloads.nonllm_fit` and regenerates
docs/validation-nonllm.md (tests check both are current). Formulas and sources: docs/workloads-nonllm.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from planner.i18n import tmsg

if TYPE_CHECKING:
    from planner.catalog import Catalog, DeviceType
    from planner.model.plan import Plan

CASES_FILE = Path(__file__).with_name("nonllm_cases.yaml")
GB = 1e9

# --- hardware -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CpuFigures:
    """One CPU socket: cores, the all-core clock its matrix units run at, ops per cycle per
    core of the matrix units (INT8, BF16) and the theoretical memory bandwidth."""

    cores: int
    ghz: float
    int8_ops_per_cycle: float
    bf16_flops_per_cycle: float
    mem_gb_per_s: float
    source: str


# Intel AMX: 2,048 INT8 ops and 1,024 BF16 FLOPs per cycle per core (Intel 64 and IA-32
# Architectures Optimization Reference Manual, chapter "Intel AMX": TMUL 16x64 INT8 / 16x32
# BF16 per cycle); clock: the base frequency (Intel ARK), which AMX-heavy code runs at.
# Memory: channels x MT/s x 8 bytes (Intel ARK / AMD product pages).
# AMD Zen 4 (no AMX): AVX-512 VNNI on two 256-bit pipes, 128 INT8 ops and 64 BF16 FLOPs per
# cycle per core (AMD "Zen 4" software optimization guide, 57647); 12 channels of DDR5-4800.
_AMX = (2048.0, 1024.0)
CPUS: dict[str, CpuFigures] = {
    "Intel Xeon Platinum 8592+": CpuFigures(64, 1.9, *_AMX, 8 * 5.6 * 8,
                                            "Intel ARK: 64 cores, 1.9 GHz base, 8 x DDR5-5600"),
    "Intel Xeon Platinum 8480+": CpuFigures(56, 2.0, *_AMX, 8 * 4.8 * 8,
                                            "Intel ARK: 56 cores, 2.0 GHz base, 8 x DDR5-4800"),
    "Intel Xeon Platinum 8480C": CpuFigures(56, 2.0, *_AMX, 8 * 4.8 * 8,
                                            "NVIDIA DGX H100 user guide (8480C as 8480+): 56 cores, 2.0 GHz"),
    "Intel Xeon Platinum 8488C": CpuFigures(48, 2.4, *_AMX, 8 * 4.8 * 8,
                                            "AWS c7i/m7i: 48 cores per socket (lscpu in GBM-perf's hw.txt), 2.4 GHz"),
    "Intel Xeon Platinum 8570": CpuFigures(56, 2.1, *_AMX, 8 * 5.6 * 8,
                                           "Intel ARK: 56 cores, 2.1 GHz base, 8 x DDR5-5600"),
    "Intel Xeon Gold 6430": CpuFigures(32, 2.1, *_AMX, 8 * 4.4 * 8,
                                       "Intel ARK: 32 cores, 2.1 GHz base, 8 x DDR5-4400"),
    "Intel Xeon Gold 6448Y": CpuFigures(32, 2.1, *_AMX, 8 * 4.8 * 8,
                                        "Intel ARK: 32 cores, 2.1 GHz base, 8 x DDR5-4800"),
    "Intel Xeon 6776P": CpuFigures(64, 2.3, *_AMX, 8 * 6.4 * 8,
                                   "Intel ARK: 64 cores, 2.3 GHz base, 8 x DDR5-6400"),
    # older generation, for a published XGBoost row only: AVX2, 2 FMA units (Intel ARK: 18
    # cores, 2.3 GHz, 4 x DDR4-2400)
    "Intel Xeon E5-2686 v4": CpuFigures(18, 2.3, 64.0, 32.0, 4 * 2.4 * 8,
                                        "Intel ARK (E5-2686 v4 as E5-2697 v4 class): 18 cores, 2.3 GHz"),
    "AMD EPYC 9454": CpuFigures(48, 2.75, 128.0, 64.0, 12 * 4.8 * 8,
                                "AMD product page: 48 cores, 2.75 GHz base, 12 x DDR5-4800"),
}

# GPU streaming multiprocessors x boost clock (GHz): XGBoost's histogram kernels scale with
# them (NVIDIA datasheets and architecture whitepapers: H100 SXM 132 SMs 1.98 GHz, H100 PCIe
# 114 / 1.755, A100 108 / 1.41, L40S 142 / 2.52, L4 58 / 2.04, A10 72 / 1.695, A10G 80 /
# 1.71, V100 80 / 1.53).
GPU_SM_GHZ: dict[str, float] = {
    "h100-sxm": 132 * 1.98, "h200": 132 * 1.98, "h100-nvl": 132 * 1.785, "h100-pcie": 114 * 1.755,
    "a100-80gb": 108 * 1.41, "a100-40gb": 108 * 1.41, "l40s": 142 * 2.52, "l4": 58 * 2.04,
    "a10": 72 * 1.695, "a10g": 80 * 1.71, "v100": 80 * 1.53,
}


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of hardware as this model sees it: one GPU, or one CPU server (all sockets)."""

    name: str
    kind: Literal["gpu", "cpu"]
    int8_tops: float
    fp16_tflops: float
    mem_gb: float
    mem_gb_per_s: float
    cores_per_socket: int = 0
    sockets: int = 0
    sm_ghz: float = 0.0  # GPUs: SMs x GHz (XGBoost); 0 = unknown


def gpu_unit(catalog: Catalog, slug: str) -> Unit:
    g = catalog.get("gpus", slug)
    if g is None:
        raise ValueError(tmsg("unknown GPU {gpu!r}", gpu=slug))
    bf16 = float(g.bf16_tflops_dense)
    # INT8 tensor throughput: the FP8 figure on Hopper, Ada and Blackwell (NVIDIA datasheets
    # give both alike), twice BF16 before FP8 (A100: 624 dense INT8 TOPS, 312 BF16 TFLOPS)
    int8 = float(g.fp8_tflops_dense) if g.fp8_tflops_dense else 2.0 * bf16
    sm = GPU_SM_GHZ.get(slug) or bf16 / (989.5 / GPU_SM_GHZ["h100-sxm"])
    return Unit(slug, "gpu", int8, bf16, float(g.memory_gb), float(g.hbm_bandwidth_tb_per_s) * 1000.0, sm_ghz=sm)


def cpu_unit_of(model: str, sockets: int, memory_gb: float, name: str = "") -> Unit:
    c = CPUS.get(model)
    if c is None:
        raise ValueError(tmsg("no figures for the CPU {cpu!r} (known: {known})", cpu=model, known=", ".join(CPUS)))
    return Unit(name or model, "cpu", sockets * c.cores * c.ghz * c.int8_ops_per_cycle / 1000.0,
                sockets * c.cores * c.ghz * c.bf16_flops_per_cycle / 1000.0, memory_gb,
                sockets * c.mem_gb_per_s, cores_per_socket=c.cores, sockets=sockets)


def cpu_server_unit(dev: DeviceType) -> Unit | None:
    """The CPU figures of a catalog server, or None when its CPU is not in :data:`CPUS`."""
    cpu = dev.planning.cpu if dev.planning is not None else None
    if cpu is None or cpu.model not in CPUS:
        return None
    mem = float(dev.planning.memory_gb or 0.0) if dev.planning is not None else 0.0
    return cpu_unit_of(cpu.model, cpu.sockets, mem, dev.slug)


def model_name(model: str) -> str:
    """A vision or recommendation model as its paper or MLPerf writes it ("ResNet-50")."""
    m = MODELS.get(model)
    return m.name or m.slug if m is not None else str(model)


def device_name(dev: DeviceType) -> str:
    """A server as the catalog names it ("Dell PowerEdge R660"), for the verdicts' texts; the
    figures keep the slug (issue 32: the verdict read "1 × dell-poweredge-r660")."""
    return " ".join(x for x in (getattr(dev, "manufacturer", ""), getattr(dev, "model", "")) if x) or dev.slug


def hardware_name(catalog: Catalog, unit: Unit) -> str:
    """The catalog's name of a unit: the GPU ("NVIDIA H100 SXM5 80GB") or the CPU server."""
    if unit.kind == "gpu":
        g = catalog.get("gpus", unit.name)
        return " ".join(x for x in (getattr(g, "vendor", ""), getattr(g, "model", "")) if x) or unit.name
    dev = catalog.get("device-types", unit.name)
    return device_name(dev) if dev is not None else unit.name


# --- models ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NonLlmModel:
    slug: str
    task: Literal["vision", "recommendation"]
    gmacs: float | None  # multiply-accumulates per sample (forward), where published
    source: str
    modes: tuple[str, ...] = ("infer",)
    # recommendation: embedding rows and dimension (memory = rows x dim x bytes)
    embedding_rows: float = 0.0
    embedding_dim: int = 0
    # a model without cases of its own borrows another's constant scaled by the MACs ratio
    like: str | None = None
    # what its throughput scales with: the matrix peak, or the memory bandwidth (3D-UNet's
    # volumes and DLRM's embedding gathers do not fit in cache)
    bound: Literal["compute", "memory"] = "compute"
    name: str = ""  # as its paper or MLPerf writes it (the workload's name and the model choice)


MODELS: dict[str, NonLlmModel] = {
    "resnet-50": NonLlmModel("resnet-50", "vision", 4.09, "torchvision ResNet50_Weights: 4.09 GFLOPS (MACs), 224x224",
                             ("infer", "train"), name="ResNet-50"),
    "vit-b-16": NonLlmModel("vit-b-16", "vision", 17.56, "torchvision ViT_B_16_Weights: 17.56 GFLOPS (MACs), 224x224",
                            ("infer", "train"), like="resnet-50", name="ViT-B/16"),
    "retinanet": NonLlmModel("retinanet", "vision", None, "MLPerf Inference RetinaNet: ResNeXt50-32x4d FPN, 800x800", name="RetinaNet"),
    "ssd300": NonLlmModel("ssd300", "vision", None, "NVIDIA DeepLearningExamples SSD300 v1.1 (ResNet-50 backbone)",
                          ("train",), name="SSD300"),
    # 128^3-voxel patches with 32+ channels: each layer's activations are tens of MB, beyond
    # the GPUs' 40-50 MB L2, so the volume streams from memory (the published H100 and A100
    # rows agree per GB/s within 2 %, per TOPS they differ by 1.9x)
    "3d-unet": NonLlmModel("3d-unet", "vision", None, "MLPerf Inference 3D-UNet on KiTS19", bound="memory", name="3D-UNet"),
    # 26 tables capped at 40M rows (MLPerf DLRM-dcnv2 on Criteo 1TB multi-hot: 5 tables of
    # 40,000,000 rows and 21 smaller, 204.2M rows in all), dimension 128
    "dlrm-dcnv2": NonLlmModel("dlrm-dcnv2", "recommendation", None,
                              "MLCommons DLRM-dcnv2 reference (torchrec_dlrm): 26 tables, 204.2M rows, dim 128",
                              embedding_rows=204.2e6, embedding_dim=128, bound="memory", name="DLRM-dcnv2"),
}

EMBEDDING_BYTES = {"fp32": 4.0, "fp16": 2.0, "int8": 1.0}
# share of a CPU server's DRAM (or the GPUs' memory) the embedding tables may take: the rest
# holds the OS, the serving process and its batches (assumption, stated in the docs)
EMBEDDING_MEMORY_SHARE = 0.8

# XGBoost: GBM-perf's airline data has 8 raw columns (docs of szilard/GBM-perf); work scales
# with the columns per row (histogram updates per row)
XGB_REFERENCE_FEATURES = 8


# --- cases and calibration ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Case:
    id: str
    source: str
    url: str
    family: Literal["vision", "recommendation", "xgboost"]
    mode: str  # infer | train
    model: str
    unit: Unit
    units: int  # GPUs, or CPU servers
    measured: float  # samples/s (whole system), or seconds (xgboost)
    cores: int = 0  # xgboost on CPU: cores used
    rows: float = 0.0
    trees: int = 100
    depth: int = 10
    features: int = XGB_REFERENCE_FEATURES
    asserted: bool = True
    note: str = ""


def _unit_from_case(d: dict[str, Any]) -> Unit:
    hw = d["hardware"]
    if hw["kind"] == "cpu":
        return cpu_unit_of(hw["cpu"], int(hw.get("sockets", 2)), float(hw.get("memory_gb", 512)))
    return Unit(hw["name"], "gpu", float(hw["int8_tops"]), float(hw["fp16_tflops"]), float(hw["memory_gb"]),
                float(hw["mem_gb_per_s"]), sm_ghz=float(hw.get("sm_ghz", 0.0)))


@lru_cache(maxsize=1)
def load_cases() -> tuple[Case, ...]:
    import yaml

    raw = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))
    out = []
    for d in raw["cases"]:
        out.append(Case(id=d["id"], source=d["source"], url=d.get("url", ""), family=d["family"],
                        mode=d.get("mode", "infer"), model=d.get("model", "xgboost"), unit=_unit_from_case(d),
                        units=int(d.get("units", 1)), measured=float(d["measured"]), cores=int(d.get("cores", 0)),
                        rows=float(d.get("rows", 0.0)), trees=int(d.get("trees", 100)), depth=int(d.get("depth", 10)),
                        features=int(d.get("features", XGB_REFERENCE_FEATURES)),
                        asserted=bool(d.get("asserted", True)), note=d.get("note", "")))
    return tuple(out)


def _gm(xs: list[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


@dataclass(frozen=True)
class Constants:
    """What the cases give: per-(model, mode, class) throughput per peak, the data-parallel
    efficiency, and XGBoost's CPU and GPU costs. ``rows`` says how many cases set each."""

    k: dict[tuple[str, str, str], float]
    dp_efficiency: float
    xgb_cpu_ns: float  # ns per row x tree x level at one core (8 features)
    xgb_serial: float  # share of the work that does not parallelise
    xgb_gpu_ns: float  # ns x SM x GHz per row x tree x level
    xgb_gpu_fixed_s: float
    rows: dict[str, int] = field(default_factory=dict)


def _peak(c_unit: Unit, mode: str, model: str = "") -> float:
    """The resource a model's throughput scales with on ``c_unit``: memory bandwidth (GB/s)
    for memory-bound models, else the dense INT8 (inference) or FP16 (training) peak."""
    m = MODELS.get(model)
    if m is not None and m.bound == "memory":
        return c_unit.mem_gb_per_s
    return c_unit.int8_tops if mode == "infer" else c_unit.fp16_tflops


def _xgb_work(rows: float, trees: int, depth: int, features: int) -> float:
    return rows * trees * depth * features / XGB_REFERENCE_FEATURES


def fit(cases: tuple[Case, ...]) -> Constants:
    """The constants from ``cases`` (the geometric means and least-squares fits the module
    docstring names). Used on all cases, and without one case for its leave-one-out error."""
    per: dict[tuple[str, str, str], list[float]] = {}
    single = {(c.model, c.unit.name): c for c in cases if c.family == "vision" and c.mode == "train"
              and c.units == 1}
    dp: list[float] = []
    for c in cases:
        if c.family in ("vision", "recommendation"):
            if c.mode == "train" and c.units > 1:
                one = single.get((c.model, c.unit.name))
                if one is not None:
                    dp.append(c.measured / (c.units * one.measured))
                continue
            per.setdefault((c.model, c.mode, c.unit.kind), []).append(
                c.measured / c.units / _peak(c.unit, c.mode, c.model))
    k: dict[tuple[str, str, str], float] = {}
    rows: dict[str, int] = {}
    for model in {m for m, _, _ in per}:
        for mode in ("infer", "train"):
            both = [x for (m, md, _), xs in per.items() if m == model and md == mode for x in xs]
            if not both:
                continue
            for kind in ("gpu", "cpu"):
                own = per.get((model, mode, kind), [])
                if not own:
                    continue  # no published row on this class: not offered (e.g. CPU training)
                k[(model, mode, kind)] = _gm(own) if len(own) >= 2 else _gm(both)
                rows[f"{model}/{mode}/{kind}"] = len(own) if len(own) >= 2 else len(both)
    dp_eff = _gm(dp) if dp else 1.0
    # XGBoost on CPU: t = work x c x (s + (1 - s) / n); s on a grid, c the geometric mean
    cpu = [c for c in cases if c.family == "xgboost" and c.unit.kind == "cpu" and c.asserted]
    best = (math.inf, 0.0, 0.0)
    for i in range(0, 501):
        s = i / 1000.0
        shares = [c.measured / (_xgb_work(c.rows, c.trees, c.depth, c.features) * 1e-9
                                * (s + (1 - s) / _xgb_cores(c.unit, c.cores))) for c in cpu]
        if not shares:
            break
        cc = _gm(shares)
        err = sum(math.log(x / cc) ** 2 for x in shares)
        if err < best[0]:
            best = (err, s, cc)
    _, serial, cpu_ns = best
    # XGBoost on GPUs: the per-row slope from each GPU's two sizes, then the fixed start-up
    gpu = [c for c in cases if c.family == "xgboost" and c.unit.kind == "gpu" and c.asserted]
    by_gpu: dict[str, list[Case]] = {}
    for c in gpu:
        by_gpu.setdefault(c.unit.name, []).append(c)
    slopes = []
    for cs in by_gpu.values():
        if len(cs) >= 2:
            a, b = sorted(cs, key=lambda c: c.rows)[0], sorted(cs, key=lambda c: c.rows)[-1]
            dw = _xgb_work(b.rows, b.trees, b.depth, b.features) - _xgb_work(a.rows, a.trees, a.depth, a.features)
            if dw > 0 and b.measured > a.measured:
                slopes.append((b.measured - a.measured) / dw * 1e9 * a.unit.sm_ghz)
    gpu_ns = _gm(slopes) if slopes else 0.0
    fixed = [c.measured - _xgb_work(c.rows, c.trees, c.depth, c.features) * gpu_ns * 1e-9 / c.unit.sm_ghz
             for c in gpu]
    fixed_s = _gm([max(f, 1e-3) for f in fixed]) if fixed else 0.0
    rows["dp_efficiency"] = len(dp)
    rows["xgboost/cpu"] = len(cpu)
    rows["xgboost/gpu"] = len(gpu)
    return Constants(k, dp_eff, cpu_ns, serial, gpu_ns, fixed_s, rows)


def _xgb_cores(u: Unit, cores: int = 0) -> int:
    """Cores XGBoost gains from: those asked for, at most one socket's (GBM-perf on c7i:
    96 cores across both NUMA nodes no faster than 48 on one)."""
    have = u.cores_per_socket or 1
    return max(1, min(cores or have, have))


@lru_cache(maxsize=1)
def constants() -> Constants:
    """The fitted constants as ``python -m planner.workloads.nonllm --write`` stored them in
    :mod:`planner.workloads.nonllm_fit` (no YAML at run time, nothing to ship beside the code;
    a test checks they are what :func:`fit` gives on the cases)."""
    from . import nonllm_fit as f

    return Constants(dict(f.K), f.DP_EFFICIENCY, f.XGB_CPU_NS, f.XGB_SERIAL, f.XGB_GPU_NS, f.XGB_GPU_FIXED_S,
                     dict(f.ROWS))


def band_key(family: str, mode: str) -> str:
    return "xgboost" if family in ("xgboost", "analytics") else f"{family}/{mode}"


def bands_from(errs: list[CaseError]) -> dict[str, float]:
    """The model's uncertainty per family: the median absolute leave-one-out error of its
    asserted cases (as the LLM model's error bands, docs/validation.md)."""
    by: dict[str, list[float]] = {}
    for e in errs:
        if e.case.asserted and e.loo_error is not None:
            by.setdefault(band_key(e.case.family, e.case.mode), []).append(abs(e.loo_error))
    out = {}
    for k, xs in by.items():
        xs = sorted(xs)
        n = len(xs)
        out[k] = round(xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2, 4)
    return out


def error_band(family: str, mode: str) -> float | None:
    from . import nonllm_fit as f

    return f.BANDS.get(band_key(family, mode))


FIT_MODULE = Path(__file__).with_name("nonllm_fit.py")


def fit_module(cst: Constants, bands: dict[str, float]) -> str:
    """The source of :mod:`planner.workloads.nonllm_fit` for ``cst`` and ``bands``."""
    band_lines = "\n".join(f"    {key!r}: {v!r}," for key, v in sorted(bands.items()))
    k = "\n".join(f"    {key!r}: {v!r}," for key, v in sorted(cst.k.items()))
    rows = "\n".join(f"    {key!r}: {v!r}," for key, v in sorted(cst.rows.items()))
    return (
        '"""Constants of the non-LLM workload model, fitted on planner/workloads/nonllm_cases.yaml\n'
        'by ``python -m planner.workloads.nonllm --write`` (do not edit: a test checks they are\n'
        'current). Meaning and sources: planner/workloads/nonllm.py, docs/workloads-nonllm.md."""\n\n'
        "# (model, mode, device class) -> samples/s per peak INT8 TOPS (infer) or FP16 TFLOPS (train),\n"
        "# or per GB/s of memory bandwidth (memory-bound models)\n"
        f"K: dict[tuple[str, str, str], float] = {{\n{k}\n}}\n"
        f"DP_EFFICIENCY = {cst.dp_efficiency!r}\n"
        f"XGB_CPU_NS = {cst.xgb_cpu_ns!r}\n"
        f"XGB_SERIAL = {cst.xgb_serial!r}\n"
        f"XGB_GPU_NS = {cst.xgb_gpu_ns!r}\n"
        f"XGB_GPU_FIXED_S = {cst.xgb_gpu_fixed_s!r}\n"
        "# published rows behind each constant\n"
        f"ROWS: dict[str, int] = {{\n{rows}\n}}\n"
        "# the model's uncertainty per family: median absolute leave-one-out error of its cases\n"
        f"BANDS: dict[str, float] = {{\n{band_lines}\n}}\n"
    )


# --- throughput -----------------------------------------------------------------------------


def _k(model: str, mode: str, kind: str, cst: Constants) -> float:
    m = MODELS.get(model)
    if m is None:
        raise ValueError(tmsg("unknown model {model!r} (use one of {known})", model=model, known=", ".join(MODELS)))
    if mode not in m.modes:
        raise ValueError(tmsg("{model} has no {mode} figures (modes: {modes})", model=model, mode=mode,
                              modes=", ".join(m.modes)))
    got = cst.k.get((model, mode, kind))
    if got is None and m.like is not None:
        ref = MODELS[m.like]
        base = cst.k.get((m.like, mode, kind))
        if base is not None and ref.gmacs and m.gmacs:
            got = base * ref.gmacs / m.gmacs
    if got is None:
        raise ValueError(tmsg("no published {mode} figures for {model} on a {kind}", mode=mode, model=model, kind=kind))
    return got


def samples_per_s(model: str, mode: str, unit: Unit, units: int, cst: Constants | None = None) -> float:
    """Samples (images, or DLRM queries) per second of ``units`` x ``unit``."""
    cst = cst or constants()
    x = _k(model, mode, unit.kind, cst) * _peak(unit, mode, model) * units
    if mode == "train" and units > 1:
        x *= cst.dp_efficiency
    return x


def xgboost_seconds(unit: Unit, rows: float, trees: int = 100, depth: int = 10,
                    features: int = XGB_REFERENCE_FEATURES, cores: int = 0, cst: Constants | None = None) -> float:
    """Wall-clock seconds of XGBoost (hist) training on one unit (a CPU server or a GPU)."""
    cst = cst or constants()
    w = _xgb_work(rows, trees, depth, features)
    if unit.kind == "cpu":
        n = _xgb_cores(unit, cores)
        return w * cst.xgb_cpu_ns * 1e-9 * (cst.xgb_serial + (1 - cst.xgb_serial) / n)
    return w * cst.xgb_gpu_ns * 1e-9 / max(unit.sm_ghz, 1e-6) + cst.xgb_gpu_fixed_s


def embedding_gb(model: str, precision: str, rows: float | None = None, dim: int | None = None) -> float:
    m = MODELS[model]
    r = rows if rows is not None else m.embedding_rows
    d = dim if dim is not None else m.embedding_dim
    return r * d * EMBEDDING_BYTES[precision] / GB


def predict(c: Case, cst: Constants | None = None) -> float:
    if c.family == "xgboost":
        return xgboost_seconds(c.unit, c.rows, c.trees, c.depth, c.features, c.cores, cst)
    return samples_per_s(c.model, c.mode, c.unit, c.units, cst)


@dataclass(frozen=True, slots=True)
class CaseError:
    case: Case
    predicted: float
    error: float  # predicted / measured - 1
    loo_predicted: float | None
    loo_error: float | None


def validate() -> list[CaseError]:
    """Every case's error with the constants fitted on all cases, and leave-one-out (the
    constants fitted without it)."""
    cases = load_cases()
    cst = fit(cases)
    out = []
    for i, c in enumerate(cases):
        p = predict(c, cst)
        try:
            loo_c = fit(cases[:i] + cases[i + 1:])
            lp: float | None = predict(c, loo_c)
        except (ValueError, ZeroDivisionError, KeyError):
            lp = None
        out.append(CaseError(c, p, p / c.measured - 1.0, lp, (lp / c.measured - 1.0) if lp else None))
    return out


# --- sizing a spec on hardware ----------------------------------------------------------------


@dataclass(slots=True)
class Sizing:
    met: bool
    margin: float
    bottleneck: str
    figures: dict[str, Any]


def size_on(spec: Any, kind: str, unit: Unit, units: int) -> Sizing:
    """A vision, recommendation or analytics spec on ``units`` x ``unit`` (GPUs, or CPU servers)."""
    cst = constants()
    fig: dict[str, Any] = {"hardware": unit.name, "hardware_kind": unit.kind, "units": units}
    band = error_band(kind, getattr(spec, "mode", "infer"))
    if band is not None:
        fig["error_band"] = band
    if kind == "analytics":
        t = xgboost_seconds(unit, spec.rows, spec.trees, spec.depth, spec.features, cst=cst)
        fig.update(seconds=t, minutes=t / 60.0, cores_used=_xgb_cores(unit) if unit.kind == "cpu" else 0, units=1)
        if units > 1:
            fig["units_available"] = units
            fig["notes"] = [tmsg("XGBoost trains on one server or GPU here; more units run more models side by side")]
        margin = spec.target_minutes * 60.0 / t - 1.0
        return Sizing(margin >= 0, margin, "compute", fig)
    model = spec.model
    mode = getattr(spec, "mode", "infer")
    x = samples_per_s(model, mode, unit, units, cst)
    fig["samples_per_s"] = x
    margins: list[tuple[float, str]] = []
    if kind == "recommendation":
        need = embedding_gb(model, spec.embedding_precision, spec.embedding_rows, spec.embedding_dim)
        # GPUs shard the tables (their memory adds up); each CPU server holds them whole
        have = unit.mem_gb * EMBEDDING_MEMORY_SHARE * (units if unit.kind == "gpu" else 1)
        fig.update(embedding_gb=need, embedding_memory_gb=have)
        margins.append((have / need - 1.0 if need > 0 else math.inf, "gpu_memory" if unit.kind == "gpu" else "memory"))
    if mode == "infer":
        margins.append((x / spec.target_samples_per_s - 1.0, "compute"))
    else:
        hours = spec.samples / x / 3600.0
        fig["hours"] = hours
        if spec.target_hours is not None:
            margins.append((spec.target_hours / hours - 1.0, "compute"))
    if not margins:
        return Sizing(True, 0.0, "compute", fig)
    margin, bn = min(margins)
    if margin < 0 and bn == "compute" and mode == "infer":
        fig["units_needed"] = math.ceil(units * spec.target_samples_per_s / x)
    return Sizing(margin >= 0, margin, bn, fig)


# cap of the CPU build the verdict offers: beyond it a GPU server is the answer (assumption)
MAX_CPU_SERVERS = 8


def cpu_builds(catalog: Catalog) -> list[tuple[DeviceType, Unit]]:
    """The catalog's CPU-only servers whose CPU has figures here."""
    out = []
    for d in catalog.servers():
        if d.gpu_count:
            continue
        u = cpu_server_unit(d)
        if u is not None:
            out.append((d, u))
    return out


def cpu_verdict(spec: Any, kind: str, catalog: Catalog) -> dict[str, Any]:
    """Is a CPU server enough? The cheapest catalog CPU build (fewest servers up to
    :data:`MAX_CPU_SERVERS`, priced ones first, then by price) meeting every target, or why not."""
    if kind == "vision" and getattr(spec, "mode", "infer") == "train":
        return {"cpu_enough": False, "cpu_reason": tmsg("vision training on CPUs is not modelled (no published rows)")}
    best: tuple[tuple[int, float, int], dict[str, Any]] | None = None
    for dev, unit in cpu_builds(catalog):
        for n in (range(1, 2) if kind == "analytics" else range(1, MAX_CPU_SERVERS + 1)):
            try:
                s = size_on(spec, kind, unit, n)
            except ValueError:
                break
            if s.met:
                price = dev.price.amount if dev.price is not None else None
                key = (0 if price is not None else 1, (price or 0.0) * n, n)
                got = {"cpu_enough": True, "cpu_server": dev.slug, "cpu_server_name": device_name(dev), "cpu_servers": n,
                       "cpu_capex": price * n if price is not None else None,
                       "cpu_currency": dev.price.currency if dev.price is not None else None,
                       "cpu_margin": round(s.margin, 4)}
                if best is None or key < best[0]:
                    best = (key, got)
                break
            if s.bottleneck == "memory":
                break  # more servers do not add memory: each holds the tables whole
    if best is None:
        return {"cpu_enough": False, "cpu_reason": tmsg("no CPU build of up to {n} catalog servers meets the targets",
                                                        n=MAX_CPU_SERVERS)}
    return best[1]


# --- on a plan -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlanUnits:
    """What a non-LLM workload runs on in a plan: ``units`` x ``unit`` (GPUs of the plan's
    most common GPU model, or, without GPU servers, its most common CPU-only server)."""

    unit: Unit
    units: int
    note: str = ""


def is_cpu_server(dev: DeviceType | None) -> bool:
    return dev is not None and dev.kind == "server" and not dev.gpu_count and cpu_server_unit(dev) is not None


def plan_counts(plan: Plan, catalog: Catalog, group: str | None = None) -> tuple[dict[str, int], dict[str, int]]:
    """(GPU servers, CPU-only servers with known CPU figures) per device type of ``group``
    (GPU servers) or the plan; CPU servers count plan-wide unless the group names them."""
    from planner.workloads.cluster import group_members, is_gpu_server

    members = group_members(plan, group)
    gpu: dict[str, int] = {}
    cpu: dict[str, int] = {}
    cpu_in_group: dict[str, int] = {}
    for pid, p in plan.index.placements.items():
        dev = catalog.get("device-types", p.device)
        if is_gpu_server(dev):
            if members is None or pid in members:
                gpu[p.device] = gpu.get(p.device, 0) + 1
        elif is_cpu_server(dev):
            cpu[p.device] = cpu.get(p.device, 0) + 1
            if members is not None and pid in members:
                cpu_in_group[p.device] = cpu_in_group.get(p.device, 0) + 1
    return gpu, (cpu_in_group or cpu)


def plan_units(catalog: Catalog, gpu_servers: dict[str, int], cpu_servers: dict[str, int]) -> PlanUnits:
    from planner.workloads.cluster import PlanHardwareError

    gpus: dict[str, int] = {}
    for slug, n in gpu_servers.items():
        d = catalog.device(slug)
        if d.gpu_slug:
            gpus[d.gpu_slug] = gpus.get(d.gpu_slug, 0) + d.gpu_count * n
    if gpus:
        g, n = max(gpus.items(), key=lambda kv: (kv[1], kv[0]))
        unit = gpu_unit(catalog, g)
        name = hardware_name(catalog, unit)
        note = tmsg("on the plan's {n} x {gpu}", n=n, gpu=name) if len(gpus) == 1 else \
            tmsg("on the plan's {n} x {gpu} (the most common GPU model)", n=n, gpu=name)
        return PlanUnits(unit, n, note)
    if cpu_servers:
        slug, n = max(cpu_servers.items(), key=lambda kv: (kv[1], kv[0]))
        u = cpu_server_unit(catalog.device(slug))
        assert u is not None  # plan_counts keeps only servers with CPU figures
        return PlanUnits(u, n, tmsg("on the plan's {n} x {server} (CPU only)", n=n,
                                    server=device_name(catalog.device(slug))))
    raise PlanHardwareError(tmsg("the plan has no GPU server and no CPU server with known CPU figures"))


_CPU_MEMO: dict[str, dict[str, Any]] = {}


def evaluate_nonllm(spec: Any, kind: str, hw: PlanUnits, catalog: Catalog) -> tuple[bool, float, str, dict[str, Any]]:
    """(met, margin, bottleneck, figures) of a vision, recommendation or analytics spec on the
    plan's hardware, with the CPU verdict (``cpu_enough``, the cheapest CPU build) in the figures."""
    s = size_on(spec, kind, hw.unit, hw.units)
    fig = dict(s.figures)
    fig["hardware_name"] = hardware_name(catalog, hw.unit)
    if hw.note:
        fig["notes"] = [hw.note, *fig.get("notes", [])]
    key = kind + spec.model_dump_json()
    cpu = _CPU_MEMO.get(key)
    if cpu is None:
        if len(_CPU_MEMO) > 256:
            _CPU_MEMO.clear()
        cpu = _CPU_MEMO[key] = cpu_verdict(spec, kind, catalog)
    fig.update(cpu)
    return s.met, s.margin, s.bottleneck, fig


# --- a CPU-only path for small LLMs ---------------------------------------------------------

# Achievable share of a CPU server's theoretical DRAM bandwidth in streaming reads (estimate:
# about the STREAM Triad share of 2-socket DDR5 servers; not checked against a case here).
CPU_STREAM_SHARE = 0.75
# Share of the CPU's AMX peak that decode GEMMs reach (assumption: the vision CPU constants'
# order, ResNet-50 on Xeon reaches about 40 % of the INT8 peak in the cases here).
CPU_LLM_COMPUTE_SHARE = 0.35


def cpu_llm_serving(params: float, precision_bytes: float, users: int, unit: Unit, servers: int) -> dict[str, float]:
    """Decode speed per user of an LLM on CPU servers (each holds all weights; users spread
    over the servers): a step reads the weights once (bandwidth) and does 2 x params FLOPs
    per user (compute); the slower of the two sets the pace."""
    weights_gb = params * precision_bytes / GB
    per_server = math.ceil(users / servers)
    t_mem = weights_gb / (unit.mem_gb_per_s * CPU_STREAM_SHARE)
    peak = unit.int8_tops if precision_bytes <= 1 else unit.fp16_tflops
    t_cmp = per_server * 2 * params / (peak * 1e12 * CPU_LLM_COMPUTE_SHARE)
    step = max(t_mem, t_cmp)
    return {"weights_gb": weights_gb, "tokens_per_s_per_user": 1.0 / step, "fits": float(weights_gb <= unit.mem_gb * 0.9)}


def cpu_llm_verdict(params: float, precision_bytes: float, users: int, target_tps_per_user: float | None,
                    catalog: Catalog) -> dict[str, Any]:
    """The cheapest CPU build serving an LLM at the per-user target, or why not."""
    if target_tps_per_user is None:
        return {"cpu_enough": False, "cpu_reason": tmsg("no per-user speed target to judge a CPU build by")}
    best: tuple[tuple[int, float, int], dict[str, Any]] | None = None
    for dev, unit in cpu_builds(catalog):
        for n in range(1, MAX_CPU_SERVERS + 1):
            r = cpu_llm_serving(params, precision_bytes, users, unit, n)
            if not r["fits"]:
                break
            if r["tokens_per_s_per_user"] >= target_tps_per_user:
                price = dev.price.amount if dev.price is not None else None
                key = (0 if price is not None else 1, (price or 0.0) * n, n)
                got = {"cpu_enough": True, "cpu_server": dev.slug, "cpu_server_name": device_name(dev), "cpu_servers": n,
                       "cpu_capex": price * n if price is not None else None,
                       "cpu_tokens_per_s_per_user": r["tokens_per_s_per_user"]}
                if best is None or key < best[0]:
                    best = (key, got)
                break
    if best is None:
        return {"cpu_enough": False, "cpu_reason": tmsg("no CPU build of up to {n} catalog servers meets the targets",
                                                        n=MAX_CPU_SERVERS)}
    return best[1]


def evaluate_llm_on_cpu(spec: Any, params: float, hw: PlanUnits, catalog: Catalog) -> tuple[bool, float, str, dict[str, Any]]:
    """An LLM serving target on a plan whose servers are CPU-only (:func:`cpu_llm_serving`:
    decode at the DRAM bandwidth, prefill and the first token at the AMX share): met when the
    weights fit each server and every stated target holds."""
    from .arch import precision_bytes

    pb = precision_bytes(spec.precision)
    r = cpu_llm_serving(params, pb, spec.users, hw.unit, hw.units)
    peak = hw.unit.int8_tops if pb <= 1 else hw.unit.fp16_tflops
    ttft = spec.input_tokens * 2 * params / (peak * 1e12 * CPU_LLM_COMPUTE_SHARE)
    fig: dict[str, Any] = {"hardware": hw.unit.name, "hardware_name": hardware_name(catalog, hw.unit),
                           "hardware_kind": "cpu", "units": hw.units, "weights_gb": r["weights_gb"], "fits": bool(r["fits"]),
                           "tokens_per_s_per_user": r["tokens_per_s_per_user"],
                           "tokens_per_s": r["tokens_per_s_per_user"] * spec.users, "ttft_s": ttft,
                           "notes": [hw.note, tmsg("CPU-only serving: each server holds all weights; decode at "
                                                   "{share:.0f} % of the DRAM bandwidth, prefill at {cmp:.0f} % of the "
                                                   "matrix peak (estimates, docs/workloads-nonllm.md)",
                                                   share=CPU_STREAM_SHARE * 100, cmp=CPU_LLM_COMPUTE_SHARE * 100)]}
    if not r["fits"]:
        return False, -1.0, "memory", fig
    margins: list[tuple[float, str]] = []
    if spec.target_tokens_per_s_per_user is not None:
        margins.append((r["tokens_per_s_per_user"] / spec.target_tokens_per_s_per_user - 1.0, "memory_bandwidth"))
    if spec.target_ttft_s is not None:
        margins.append((spec.target_ttft_s / ttft - 1.0, "compute"))
    margin, bn = min(margins) if margins else (0.0, "memory_bandwidth")
    fig.update(cpu_enough=margin >= 0, cpu_server=hw.unit.name, cpu_server_name=fig["hardware_name"],
               cpu_servers=hw.units)
    return margin >= 0, margin, bn, fig


# --- the validation page --------------------------------------------------------------------


def _fmt(x: float) -> str:
    return f"{x:,.4g}" if x < 1000 else f"{x:,.0f}"


def report_markdown() -> str:
    errs = validate()
    cst = constants()
    within = sum(1 for e in errs if e.case.asserted and abs(e.error) <= 0.25)
    lines = [
        "# Validation of the non-LLM workloads",
        "",
        "Generated by `python -m planner.workloads.nonllm --write` from",
        "`planner/workloads/nonllm_cases.yaml`; the model is in `planner/workloads/nonllm.py` and",
        "[workloads-nonllm.md](workloads-nonllm.md). Error = predicted / measured - 1 (for XGBoost",
        "the measured figure is seconds, else samples/s). Leave-one-out (LOO): the constants fitted",
        "without that case.",
        "",
        f"{within} of {sum(1 for e in errs if e.case.asserted)} asserted cases within ±25 % "
        f"(median |error| {sorted(abs(e.error) for e in errs)[len(errs) // 2] * 100:.1f} %).",
        "",
        "| case | hardware | measured | predicted | error | LOO error | source |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for e in errs:
        c = e.case
        hw = f"{c.units} x {c.unit.name}" + (f", {c.cores} cores" if c.cores else "")
        loo = f"{e.loo_error * 100:+.1f} %" if e.loo_error is not None else "-"
        flag = "" if c.asserted else " (not asserted)"
        src = f"[{c.source}]({c.url})" if c.url else c.source
        lines.append(f"| {c.id}{flag} | {hw} | {_fmt(c.measured)} | {_fmt(e.predicted)} | {e.error * 100:+.1f} % "
                     f"| {loo} | {src} |")
    lines += ["", "## Constants (derived from the cases above)", "",
              "| constant | value | cases |", "|---|---:|---:|"]
    for (m, md, kd), v in sorted(cst.k.items()):
        unit = ("samples/s per GB/s of memory bandwidth" if MODELS[m].bound == "memory" else
                "samples/s per INT8 TOPS" if md == "infer" else "images/s per FP16 TFLOPS")
        lines.append(f"| {m} {md} on {kd} | {v:.4g} {unit} | {cst.rows.get(f'{m}/{md}/{kd}', 0)} |")
    lines += [f"| data-parallel efficiency (8 GPUs) | {cst.dp_efficiency:.3f} | {cst.rows.get('dp_efficiency', 0)} |",
              f"| XGBoost CPU: ns per row x tree x level, one core | {cst.xgb_cpu_ns:.3f} | {cst.rows.get('xgboost/cpu', 0)} |",
              f"| XGBoost CPU: serial share | {cst.xgb_serial:.3f} | {cst.rows.get('xgboost/cpu', 0)} |",
              f"| XGBoost GPU: ns x SM x GHz per row x tree x level | {cst.xgb_gpu_ns:.1f} | {cst.rows.get('xgboost/gpu', 0)} |",
              f"| XGBoost GPU: fixed start-up, s | {cst.xgb_gpu_fixed_s:.2f} | {cst.rows.get('xgboost/gpu', 0)} |",
              ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import sys

    args = sys.argv[1:] if argv is None else argv
    if "--write" in args:
        FIT_MODULE.write_text(fit_module(fit(load_cases()), bands_from(validate())), encoding="utf-8")
        constants.cache_clear()
        print(f"wrote {FIT_MODULE}")
        text = report_markdown()
        out = Path(__file__).resolve().parents[2] / "docs" / "validation-nonllm.md"
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out}")
    else:
        print(report_markdown())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
