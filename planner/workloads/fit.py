"""Fit the workload model's tunable constants to the published cases, and measure how
well the model generalises: leave-one-source-out (LOSO) cross-validation.

* :data:`REGISTRY` names every tunable constant of :mod:`.calibration` (a module-level
  constant, an entry of one of its dicts, or a field of a ``ServingStack``), with the
  bounds a fit may move it within and, in words, the cases it applies to. Which cases
  a constant actually moves is measured, not declared: each constant is set to both
  bounds and every case whose prediction changes belongs to its group.
* :func:`fit` is deterministic coordinate descent: one constant at a time, a log-spaced
  grid over its bounds refined twice around the best point, minimising the mean
  absolute log error of the cases in its group, each case weighted 1 / sqrt(cases of
  its source) so no one table outweighs the others. Sweeps (at most 4) repeat until no constant
  moves by more than 0.5 %.
* :func:`run_fit` refits, for each ``source_key``, on all other sources (starting from the
  shipped constants) and predicts that source's cases with the result. A constant whose
  group comes from the left-out source alone keeps its shipped value in that fold and is
  marked "one source".

``python -m planner.workloads.fit --write`` runs it all (a few minutes on one core; add
``--families`` for leave-one-family-out as well, a few minutes more) and
stores the result in ``fit_result.json``; ``python -m planner.workloads.validation``
prints its tables (docs/validation.md, "Fitted and leave-one-source-out errors"). The
shipped constants stay what calibration.py says: the fit reports, it does not edit.

To register a constant: add a :class:`Constant` to :data:`REGISTRY` with its path
(``"NAME"``, ``"NAME[key]"`` or ``"STACKS[stack].field"``; ``tied`` for copies that must
move with it), bounds and a short ``applies`` text, then rerun the command above.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import calibration as cal

if TYPE_CHECKING:
    from planner.catalog import Catalog

RESULT_PATH = Path(__file__).with_name("fit_result.json")


@dataclass(frozen=True, slots=True)
class Constant:
    """A tunable constant of :mod:`.calibration` and the range a fit may move it in."""

    path: str  # "NAME", "NAME[key]" or "STACKS[name].field"
    lo: float
    hi: float
    applies: str  # the cases it applies to, in words (docs/validation.md)
    tied: tuple[str, ...] = ()  # paths that always hold the same value (legacy copies)


REGISTRY: tuple[Constant, ...] = (
    # training
    Constant("GEMM_EFFICIENCY[hopper]", 0.35, 0.80, "training on Hopper (H100, H200, H800)"),
    Constant("GEMM_EFFICIENCY[ampere]", 0.35, 0.80, "training on Ampere (A100)"),
    Constant("GEMM_EFFICIENCY[blackwell]", 0.30, 0.80, "training on Blackwell (B200, GB200)"),
    Constant("GEMM_EFFICIENCY[cdna3]", 0.20, 0.70, "training on AMD CDNA3 (MI300X, MI325X)"),
    Constant("FP8_GEMM_RELATIVE_EFFICIENCY", 0.45, 1.0, "FP8 training math"),
    Constant("MEMORY_TRAFFIC_MULTIPLE", 1.0, 8.0, "training: memory-bound work per layer and token"),
    Constant("TP_COMM_OVERLAP", 0.0, 0.9, "training with tensor parallelism"),
    Constant("DP_OVERLAP_WINDOW", 0.2, 1.0, "training with data parallelism"),
    Constant("EP_COMM_OVERLAP", 0.0, 0.95, "MoE training with expert parallelism"),
    Constant("FP4_GEMM_RELATIVE_EFFICIENCY", 0.3, 1.2, "NVFP4 training on Blackwell"),
    # inference
    Constant("STACKS[trtllm].bandwidth_efficiency", 0.5, 0.95, "TensorRT-LLM decode",
             tied=("STACKS[trtllm-0.6].bandwidth_efficiency",)),
    Constant("STACKS[trtllm].compute_efficiency", 0.3, 0.9, "TensorRT-LLM prefill and batched decode",
             tied=("STACKS[trtllm-0.6].compute_efficiency",)),
    Constant("STACKS[trtllm].step_overhead_s", 0.0005, 0.01, "TensorRT-LLM per-step overhead",
             tied=("STACKS[trtllm-0.6].step_overhead_s",)),
    Constant("STACKS[vllm].bandwidth_efficiency", 0.4, 0.95, "vLLM V1 (2025) decode"),
    Constant("STACKS[vllm].compute_efficiency", 0.25, 0.9, "vLLM V1 (2025) prefill and batched decode"),
    Constant("STACKS[vllm].step_overhead_s", 0.0005, 0.02, "vLLM V1 (2025) per-step overhead"),
    Constant("STACKS[vllm-2024].bandwidth_efficiency", 0.4, 0.95, "vLLM V0 (2024) decode; ROCm vLLM"),
    Constant("STACKS[vllm-2024].compute_efficiency", 0.25, 0.9,
             "vLLM V0 (2024) prefill and batched decode; ROCm vLLM; SGLang 2024 (vLLM's linear layers)",
             tied=("STACKS[sglang-2024].compute_efficiency",)),
    Constant("STACKS[vllm-2024].step_overhead_s", 0.0005, 0.02, "vLLM V0 (2024) per-step overhead; ROCm vLLM"),
    Constant("STACKS[sglang].bandwidth_efficiency", 0.4, 0.95, "SGLang 2025 decode"),
    Constant("STACKS[sglang].compute_efficiency", 0.25, 0.9, "SGLang 2025 (DeepGEMM) prefill and batched decode"),
    Constant("STACKS[sglang-2024].bandwidth_efficiency", 0.4, 0.95, "SGLang v0.3-v0.4 (2024) decode"),
    Constant("INFERENCE_PRECISION_EFFICIENCY[fp8]", 0.45, 1.0, "FP8 inference math (Hopper, Blackwell)"),
    Constant("INFERENCE_PRECISION_EFFICIENCY[fp4]", 0.3, 1.0, "FP4 inference math (Blackwell)"),
    Constant("FAMILY_INFERENCE_FACTOR[blackwell]", 0.6, 1.2, "inference on Blackwell"),
    Constant("FAMILY_INFERENCE_FACTOR[ampere]", 0.6, 1.2, "inference on Ampere"),
    Constant("FAMILY_INFERENCE_FACTOR[ada]", 0.6, 1.2, "inference on Ada (L40S, L4)"),
    Constant("FAMILY_INFERENCE_FACTOR[cdna3]", 0.4, 1.2, "inference on AMD CDNA3"),
)

_PATH = re.compile(r"^([A-Z_0-9]+)(?:\[([^\]]+)\])?(?:\.([a-z_]+))?$")


def _parse(path: str) -> tuple[str, str | None, str | None]:
    m = _PATH.match(path)
    if not m:
        raise ValueError(f"constant path {path!r}: use NAME, NAME[key] or NAME[key].field")
    return m.group(1), m.group(2), m.group(3)


def get_value(path: str) -> float:
    name, key, field = _parse(path)
    obj = getattr(cal, name)
    if key is not None:
        obj = obj[key]
    if field is not None:
        obj = getattr(obj, field)
    return float(obj)


def _set_value(path: str, value: float) -> None:
    name, key, field = _parse(path)
    if key is None:
        setattr(cal, name, value)
        return
    table = getattr(cal, name)
    if field is None:
        table[key] = value
    else:
        table[key] = dataclasses.replace(table[key], **{field: value})


def present(registry: Iterable[Constant] = REGISTRY) -> list[Constant]:
    """The registered constants calibration.py has (a family or stack may be absent)."""
    out = []
    for c in registry:
        try:
            get_value(c.path)
        except (AttributeError, KeyError):
            continue
        out.append(c)
    return out


@contextmanager
def constants(values: dict[str, float], registry: Iterable[Constant] = REGISTRY) -> Iterator[None]:
    """Set constants (by path, with their tied copies) for the duration of a block."""
    tied = {c.path: c.tied for c in registry}
    paths = [p for path in values for p in (path, *tied.get(path, ()))]
    saved = {p: _raw(p) for p in paths}
    try:
        for path, v in values.items():
            for p in (path, *tied.get(path, ())):
                _set_value(p, v)
        yield
    finally:
        for p, raw in saved.items():
            _restore(p, raw)


def _raw(path: str) -> Any:
    name, key, _field = _parse(path)
    table = getattr(cal, name)
    return table if key is None else table[key]


def _restore(path: str, raw: Any) -> None:
    name, key, _field = _parse(path)
    if key is None:
        setattr(cal, name, raw)
    else:
        getattr(cal, name)[key] = raw


# ---------------------------------------------------------------------------- cases


@dataclass(slots=True)
class Case:
    case: dict[str, Any]
    source: str
    facets: dict[str, str]


Predictor = Callable[[dict[str, Any]], float]


def _loss(pred: float, pub: float) -> float:
    if not (pred > 0 and math.isfinite(pred)):
        return 10.0
    return abs(math.log(pred / pub))


class Problem:
    """Cases, a predictor and the constants; caches what does not depend on them."""

    def __init__(self, cases: list[Case], predictor: Predictor, registry: Iterable[Constant] = REGISTRY) -> None:
        self.cases = cases
        self.predictor = predictor
        self.registry = present(registry)
        self.shipped = {c.path: get_value(c.path) for c in self.registry}

    @cached_property
    def groups(self) -> dict[str, list[int]]:
        """Per constant, the cases its bounds move: found on first use (the fit's), as it
        predicts every case twice per constant; checks that only predict never pay for it."""
        return self._groups()

    def predict_all(self, values: dict[str, float], idx: Iterable[int]) -> dict[int, float]:
        with constants(values, self.registry):
            return {i: self._predict(i) for i in idx}

    def _predict(self, i: int) -> float:
        try:
            return float(self.predictor(self.cases[i].case))
        except (ValueError, ZeroDivisionError, OverflowError):
            return float("nan")

    def _groups(self) -> dict[str, list[int]]:
        """Per constant, the cases whose prediction moves when it is set to either bound."""
        everything = range(len(self.cases))
        # against the shipped values, whatever constants are set when this runs
        base = self.predict_all(self.shipped, everything)
        out = {}
        for c in self.registry:
            moved: set[int] = set()
            for v in (c.lo, c.hi):
                p = self.predict_all({**self.shipped, c.path: v}, everything)
                moved |= {i for i in everything if not _same(p[i], base[i])}
            out[c.path] = sorted(moved)
        return out

    def sources_of(self, path: str, among: set[int] | None = None) -> set[str]:
        return {self.cases[i].source for i in self.groups[path] if among is None or i in among}


def _same(a: float, b: float) -> bool:
    if math.isnan(a) and math.isnan(b):
        return True
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-30)


def _grid(lo: float, hi: float, n: int) -> list[float]:
    if lo > 0:
        a, b = math.log(lo), math.log(hi)
        return [math.exp(a + (b - a) * k / (n - 1)) for k in range(n)]
    return [lo + (hi - lo) * k / (n - 1) for k in range(n)]


def fit(problem: Problem, train: set[int] | None = None, sweeps: int = 4) -> dict[str, float]:
    """Coordinate descent over the registered constants on the cases ``train`` (all by
    default); constants with no case in ``train`` keep their shipped value."""
    train = set(range(len(problem.cases))) if train is None else train
    per_source: dict[str, int] = {}
    for i in train:
        per_source[problem.cases[i].source] = per_source.get(problem.cases[i].source, 0) + 1
    weight = {i: 1.0 / math.sqrt(per_source[problem.cases[i].source]) for i in train}
    values = dict(problem.shipped)
    for _ in range(sweeps):
        moved = False
        for c in problem.registry:
            idx = [i for i in problem.groups[c.path] if i in train]
            if not idx:
                continue
            pub = {i: float(problem.cases[i].case["published"]) for i in idx}

            def cost(v: float, c: Constant = c, idx: list[int] = idx, pub: dict[int, float] = pub) -> float:
                p = problem.predict_all({**values, c.path: v}, idx)
                return sum(weight[i] * _loss(p[i], pub[i]) for i in idx)

            cur = values[c.path]
            best_v, best = cur, cost(cur)
            lo, hi = c.lo, c.hi
            for n in (13, 7, 7):
                pts = _grid(lo, hi, n)
                for v in pts:
                    f = cost(v)
                    # ties keep the point nearer the current value (deterministic, stable)
                    if f < best - 1e-12 or (abs(f - best) <= 1e-12 and abs(v - cur) < abs(best_v - cur)):
                        best_v, best = v, f
                k = min(range(n), key=lambda j: abs(pts[j] - best_v))
                lo, hi = pts[max(0, k - 1)], pts[min(n - 1, k + 1)]
            if abs(best_v - cur) > 0.005 * max(abs(cur), 1e-12):
                moved = True
            values[c.path] = best_v
        if not moved:
            break
    return values


@dataclass(slots=True)
class FitReport:
    shipped: dict[str, float]
    fitted: dict[str, float]
    errors: dict[str, dict[str, float]]  # case id -> {"shipped", "fitted", "loso"}
    one_source: dict[str, str]  # constant -> the only source its group comes from
    unsupported: list[str]  # constants no case moves
    folds: dict[str, dict[str, float]]  # source -> constants fitted without it
    seconds: float
    predict_ms: float


def source_family(key: str) -> str:
    """The family of publications a source key belongs to (one publisher's series: every
    NeMo / Megatron Bridge release, every TensorRT-LLM release, one MLPerf benchmark): the
    key's first word, two for MLPerf ("mlperf-inf", "mlperf-train")."""
    words = key.split("-")
    return "-".join(words[:2]) if words[0] == "mlperf" and len(words) > 1 else words[0]


_FOLD_PROBLEM: list[Any] = []  # the problem a forked worker fits (inherited, never pickled)


def _fold_worker(job: tuple[frozenset[int], int]) -> dict[str, float]:
    train, sweeps = job
    return fit(_FOLD_PROBLEM[0], set(train), sweeps)


def _folds(problem: Problem, everything: set[int], helds: list[set[int]], sweeps: int,
           workers: int) -> list[dict[str, float]]:
    """The constants fitted without each held-out set, in order; the folds are independent,
    so ``workers`` > 1 fits them in that many forked processes (POSIX; one process elsewhere).
    The result is the same either way: every fold starts from the shipped constants."""
    jobs = [(frozenset(everything - held), sweeps) for held in helds]
    import multiprocessing

    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        _FOLD_PROBLEM[:] = [problem]
        try:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                return pool.map(_fold_worker, jobs, chunksize=1)
        finally:
            _FOLD_PROBLEM.clear()
    return [fit(problem, set(train), sw) for train, sw in jobs]


def run_fit(problem: Problem, *, loso: bool = True, sweeps: int = 4, families: bool = False,
            workers: int = 1) -> FitReport:
    """The all-source fit, and per case its shipped, fitted and leave-one-source-out error;
    with ``families`` also leave-one-family-out ("lofo": a whole series of releases held
    out at once, the stricter test where releases of one suite are correlated)."""
    t0 = time.perf_counter()
    everything = set(range(len(problem.cases)))
    t_pred = time.perf_counter()
    base = problem.predict_all({}, everything)
    predict_ms = (time.perf_counter() - t_pred) * 1000.0 / max(1, len(everything))
    fitted = fit(problem, everything, sweeps)
    fit_pred = problem.predict_all(fitted, everything)
    loso_pred: dict[int, float] = {}
    folds: dict[str, dict[str, float]] = {}
    if loso:
        sources = sorted({c.source for c in problem.cases})
        helds = [{i for i in everything if problem.cases[i].source == src} for src in sources]
        for src, held, vals in zip(sources, helds, _folds(problem, everything, helds, sweeps, workers)):
            folds[src] = {k: v for k, v in vals.items() if not _same(v, problem.shipped[k])}
            loso_pred.update(problem.predict_all(vals, held))
    lofo_pred: dict[int, float] = {}
    if families:
        fams = sorted({source_family(c.source) for c in problem.cases})
        helds = [{i for i in everything if source_family(problem.cases[i].source) == fam} for fam in fams]
        for held, vals in zip(helds, _folds(problem, everything, helds, sweeps, workers)):
            lofo_pred.update(problem.predict_all(vals, held))
    errors = {}
    for i in sorted(everything):
        case = problem.cases[i].case
        pub = float(case["published"])
        e = {"shipped": base[i] / pub - 1.0, "fitted": fit_pred[i] / pub - 1.0}
        if loso:
            e["loso"] = loso_pred[i] / pub - 1.0
        if families:
            e["lofo"] = lofo_pred[i] / pub - 1.0
        errors[str(case["id"])] = {k: round(v, 5) for k, v in e.items()}
    one = {}
    for const in problem.registry:
        s = problem.sources_of(const.path)
        if len(s) == 1:
            one[const.path] = next(iter(s))
    unsupported = [c.path for c in problem.registry if not problem.groups[c.path]]
    return FitReport(problem.shipped, fitted, errors, one, unsupported, folds,
                     time.perf_counter() - t0, predict_ms)


# ---------------------------------------------------------------------------- validation cases


def validation_problem(catalog: Catalog | None = None) -> Problem:
    """The in-scope validation cases with their source and facets, and the model."""
    from . import cases as case_data

    if catalog is None:
        from planner.catalog import load_catalog

        catalog = load_catalog()
    doc = case_data.load_cases()
    cases = [Case(c, case_data.source_key(c), case_data.facets(c, catalog)) for c in doc["cases"]]
    return Problem(cases, lambda c: case_data.predict(c, catalog))


def report_dict(rep: FitReport) -> dict[str, Any]:
    return {
        "shipped": {k: round(v, 6) for k, v in rep.shipped.items()},
        "fitted": {k: round(v, 6) for k, v in rep.fitted.items()},
        "one_source": rep.one_source,
        "unsupported": rep.unsupported,
        "folds": {s: {k: round(v, 6) for k, v in f.items()} for s, f in rep.folds.items()},
        "errors": rep.errors,
    }


def load_result(path: Path = RESULT_PATH) -> dict[str, Any] | None:
    if not path.exists():
        return None
    with open(path, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


GROUP_KEYS = ("stack", "vendor", "precision", "phase")


def group_rows(errors: dict[str, dict[str, float]], facets: dict[str, dict[str, str]],
               keys: tuple[str, ...] = GROUP_KEYS) -> list[tuple[tuple[str, ...], dict[str, list[float]]]]:
    """Per combination of ``keys`` facets: the cases' errors by column, largest group first."""
    groups: dict[tuple[str, ...], dict[str, list[float]]] = {}
    for cid, e in errors.items():
        if cid not in facets:
            continue
        g = tuple(facets[cid][k] for k in keys)
        cols = groups.setdefault(g, {})
        for k, v in e.items():
            cols.setdefault(k, []).append(v)
    return sorted(groups.items(), key=lambda kv: (-len(next(iter(kv[1].values()))), kv[0]))


def _pct(v: float, signed: bool = False) -> str:
    return f"{v * 100:+.1f} %" if signed else f"{v * 100:.1f} %"


def markdown(result: dict[str, Any], facets: dict[str, dict[str, str]], sources: dict[str, str]) -> str:
    """The tables of docs/validation.md's "Fitted and leave-one-source-out errors"."""
    errors = result["errors"]
    lines = ["| Stack | Vendor | Precision | Phase | n | Shipped median | Fitted median | Fitted signed | "
             "Fitted worst | LOSO median | LOSO signed | LOSO worst |",
             "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for g, cols in group_rows(errors, facets):
        cells = [*g, str(len(cols["fitted"]))]
        cells.append(_pct(statistics.median(abs(v) for v in cols["shipped"])))
        for k in ("fitted", "loso"):
            vals = cols.get(k, [])
            cells += ([_pct(statistics.median(abs(v) for v in vals)), _pct(statistics.median(vals), True),
                       _pct(max(vals, key=abs), True)] if vals else ["–"] * 3)
        lines.append("| " + " | ".join(cells) + " |")
    allcols = {k: [e[k] for e in errors.values() if k in e] for k in ("shipped", "fitted", "loso", "lofo")}
    lines.append("")
    lines.append(f"All {len(errors)} cases from {len(set(sources.values()))} sources: median absolute error "
                 f"shipped {_pct(statistics.median(abs(v) for v in allcols['shipped']))}, fitted "
                 f"{_pct(statistics.median(abs(v) for v in allcols['fitted']))}, leave-one-source-out "
                 + (_pct(statistics.median(abs(v) for v in allcols["loso"])) if allcols["loso"] else "–") + ".")
    if allcols["lofo"]:
        fams = {source_family(s) for s in sources.values()}
        lines.append("")
        lines.append(f"Leave-one-family-out (each of {len(fams)} publication families held out whole, e.g. every "
                     f"NeMo / Megatron Bridge release at once): median absolute error "
                     f"{_pct(statistics.median(abs(v) for v in allcols['lofo']))}; per family:")
        lines += ["", "| Family | n | LOFO median | LOFO signed | LOFO worst |", "|---|---:|---:|---:|---:|"]
        per_fam: dict[str, list[float]] = {}
        for cid, e in errors.items():
            if cid in sources and "lofo" in e:
                per_fam.setdefault(source_family(sources[cid]), []).append(e["lofo"])
        for fam, vals in sorted(per_fam.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            lines.append(f"| `{fam}` | {len(vals)} | {_pct(statistics.median(abs(v) for v in vals))} | "
                         f"{_pct(statistics.median(vals), True)} | {_pct(max(vals, key=abs), True)} |")
    per_src: dict[str, list[float]] = {}
    for cid, e in errors.items():
        if cid in sources and "loso" in e:
            per_src.setdefault(sources[cid], []).append(e["loso"])
    if per_src:
        lines += ["", "| Source (`source_key`) | n | LOSO median | LOSO signed | LOSO worst | Constants fitted without it (if > 10 % off the all-source fit) |",
                  "|---|---:|---:|---:|---:|---|"]
        for s, vals in sorted(per_src.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            # the constants this source pulls: refitted without it, > 10 % from the all-source fit
            fold = result["folds"].get(s, {})
            moved = ", ".join(f"`{k}` {v:.3g}" for k, v in sorted(fold.items())
                              if abs(v / result["fitted"][k] - 1.0) > 0.10) or "none by more than 10 %"
            lines.append(f"| `{s}` | {len(vals)} | {_pct(statistics.median(abs(v) for v in vals))} | "
                         f"{_pct(statistics.median(vals), True)} | {_pct(max(vals, key=abs), True)} | {moved} |")
    lines += ["", "| Constant | Shipped | Fitted (all sources) | Supported by |", "|---|---:|---:|---|"]
    for k, v in result["shipped"].items():
        if k in result["unsupported"]:
            sup = "no case (not fitted)"
        elif k in result["one_source"]:
            sup = f"**one source only** (`{result['one_source'][k]}`)"
        else:
            sup = "several sources"
        lines.append(f"| `{k}` | {v:.4g} | {result['fitted'][k]:.4g} | {sup} |")
    return "\n".join(lines)


# A stack-and-vendor class needs this many cases for a band of its own; fewer fall back
# to the class pooled over vendors (and stacks).
MIN_BAND_CASES = 8  # fewer cases give no median worth showing (4 SGLang cases gave ±3 %)
# A class whose cases come from fewer sources than this is a few deployments, not the stack:
# its band is never narrower than its kind's pooled band (8 SGLang cases from 3 sources gave
# ±3 % where the model's inference band is ±8 %; AMD training, 2 sources, keeps its wider ±13 %)
MIN_BAND_SOURCES = 5
BANDS_PATH = Path(__file__).with_name("bands.py")


def bands_from(result: dict[str, Any], facets: dict[str, dict[str, str]],
               sources: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Per band class (:func:`.uncertainty.band_classes`): the median absolute
    leave-one-source-out error of its cases (``own_median``) and the band every workload
    figure carries (``median``, the "±"), the worst error, the case and source counts. A class needs MIN_BAND_CASES cases for a
    band of its own; one from fewer than MIN_BAND_SOURCES sources shows at least its
    kind's pooled band."""
    from .uncertainty import band_classes

    groups: dict[str, list[float]] = {}
    group_sources: dict[str, set[str]] = {}
    kind_of: dict[str, str] = {}
    for cid, e in result["errors"].items():
        f = facets.get(cid)
        if f is None or "loso" not in e:
            continue
        classes = band_classes(f["kind"], f["stack"], f["family"])
        for cls in classes:
            groups.setdefault(cls, []).append(abs(e["loso"]))
            group_sources.setdefault(cls, set()).add(sources.get(cid, cid))
            kind_of[cls] = classes[-1]
    out: dict[str, dict[str, Any]] = {}
    for k, v in sorted(groups.items()):
        pooled = k in ("inference", "training")
        # a class with too few cases for a median of its own falls back to the broader one
        # (4 SGLang cases gave ±3 %); the pooled kinds always have one
        if not pooled and len(v) < MIN_BAND_CASES:
            continue
        own = round(statistics.median(v), 3)
        n_src = len(group_sources[k])
        median = own
        if not pooled and n_src < MIN_BAND_SOURCES:
            median = max(own, round(statistics.median(groups[kind_of[k]]), 3))
        out[k] = {"median": median, "own_median": own, "worst": round(max(v), 3), "cases": len(v),
                  "sources": n_src}
    return out


def bands_module(bands: dict[str, dict[str, Any]]) -> str:
    """The text of ``planner/workloads/bands.py`` (a module, so installed and bundled
    copies carry it without data-file rules)."""
    body = json.dumps(bands, indent=4)
    return ('"""Validated error bands of the workload model, per class: the median absolute\n'
            'leave-one-source-out error (generated by ``python -m planner.workloads.fit --write``\n'
            'or ``python -m planner.workloads.validation --write-bands`` from fit_result.json;\n'
            'docs/validation.md; do not edit: a test checks it is current)."""\n\n'
            f"BANDS = {body}\n")


def stale_cases(result: dict[str, Any], problem: Problem) -> list[str]:
    """Case ids whose stored shipped error differs from what the model gives today, or
    that the stored result lacks or has in excess: a non-empty list means rerun the fit."""
    now = problem.predict_all({}, range(len(problem.cases)))
    ids = set()
    out = []
    for i, c in enumerate(problem.cases):
        cid = str(c.case["id"])
        ids.add(cid)
        e = result["errors"].get(cid)
        err = now[i] / float(c.case["published"]) - 1.0
        if e is None or abs(e["shipped"] - err) > 5e-5:
            out.append(cid)
    out += sorted(set(result["errors"]) - ids)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    problem = validation_problem()
    import os

    # the folds are independent: one process per core (at most 2 by default; --workers N)
    workers = int(argv[argv.index("--workers") + 1]) if "--workers" in argv else min(2, os.cpu_count() or 1)
    rep = run_fit(problem, loso="--no-loso" not in argv, families="--families" in argv, workers=workers)
    data = report_dict(rep)
    facets = {str(c.case["id"]): c.facets for c in problem.cases}
    sources = {str(c.case["id"]): c.source for c in problem.cases}
    if "--write" in argv:
        if "--no-loso" in argv:
            print("--write needs the leave-one-source-out run (drop --no-loso)", file=sys.stderr)
            return 2
        RESULT_PATH.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        BANDS_PATH.write_text(bands_module(bands_from(data, facets, sources)), encoding="utf-8")
    print(markdown(data, facets, sources))
    print(f"\n{len(problem.cases)} cases, {len(problem.registry)} constants; one predict() "
          f"{rep.predict_ms:.2f} ms; fit and LOSO {rep.seconds:.0f} s.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
