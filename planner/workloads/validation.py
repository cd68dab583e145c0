"""Recompute the published measurements in ``validation_cases/*.yaml`` with the model.

``python -m planner.workloads.validation`` prints the tables of docs/validation.md: the
fitted and leave-one-source-out errors from the stored fit result (``python -m
planner.workloads.fit --write --families``), then per case configuration, source,
published figure, prediction and error. ``--write-doc`` writes them into the doc,
``--write-bands`` rewrites bands.py from the stored fit result.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cases import (
    CASES_PATH,
    TOLERANCE,
    CaseResult,
    facets,
    load_cases,
    phase,
    predict,
    run,
    source_key,
    stack_of,
)

if TYPE_CHECKING:
    from planner.catalog import Catalog

__all__ = ["CASES_PATH", "TOLERANCE", "CaseResult", "facets", "fit_tables", "load_cases", "main", "markdown",
           "phase", "predict", "run", "source_key", "source_type", "stack_of", "summary"]


def _config(c: dict[str, Any]) -> str:
    if c["kind"] == "inference":
        s = f"{c['model']} on {c['gpus']}x {c['gpu']}" + (f" TP{c['tp']}" if c.get("tp") else " (layout by the model)")
        if c.get("pp", 1) != 1:
            s += f" PP{c['pp']}"
        s += f", {c['precision'].upper()}, {c['input_tokens']}/{c['output_tokens']} tokens"
        if c.get("batch"):
            s += f", batch {c['batch']}"
        if c.get("stack", "trtllm") != "trtllm":
            s += f", {c['stack']}"
        return s
    s = f"{c['model']} on {c['gpus']:,}x {c['gpu']}, {c['tokens']:.3g} tokens, seq {c['seq_len']}"
    if c.get("method", "pretrain") != "pretrain":
        s += f", {c['method'].upper() if c['method'] != 'full' else 'full fine-tune'}"
    if c.get("tp"):
        s += f", TP{c['tp']} PP{c.get('pp', 1)}" + (f" CP{c['cp']}" if c.get("cp", 1) > 1 else "")
    if c.get("precision", "bf16") != "bf16":
        s += f", {c['precision'].upper()}"
    return s


def _fmt(v: float) -> str:
    if v >= 1e5:
        return f"{v:,.3g}" if v < 1e6 else f"{v / 1e6:.3g}M"
    if v >= 100:
        return f"{v:,.0f}"
    return f"{v:.3g}"


SOURCE_TYPES = (("mlperf-inf", "MLPerf Inference"), ("mlperf-train", "MLPerf Training"), ("trtllm", "TensorRT-LLM tables"),
                ("vllm", "vLLM tables"), ("sglang", "SGLang tables"), ("nemo", "NVIDIA NeMo tables"),
                ("mbridge", "NVIDIA NeMo tables"))


def source_type(case: dict[str, Any]) -> str:
    """The kind of publication a case comes from (for the summary by source type)."""
    for prefix, name in SOURCE_TYPES:
        if case["id"].startswith(prefix):
            return name
    return "model cards and papers"


def summary(results: list[CaseResult]) -> list[str]:
    """One line per source type: in-scope count, median and worst absolute error."""
    groups: dict[str, list[float]] = {}
    for r in results:
        if not r.excluded:
            groups.setdefault(source_type(r.case), []).append(abs(r.error))
    out = ["| Source type | Cases | Median error | Worst error |", "|---|---:|---:|---:|"]
    for name, errs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        out.append(f"| {name} | {len(errs)} | {statistics.median(errs) * 100:.1f} % | {max(errs) * 100:.1f} % |")
    return out


def markdown(results: list[CaseResult], tolerance: float) -> str:
    lines = ["| # | Case | Configuration | Metric | Published | Predicted | Error |",
             "|---|---|---|---|---:|---:|---:|"]
    n = 0
    for r in results:
        if r.excluded:
            continue
        n += 1
        c = r.case
        lines.append(f"| {n} | `{c['id']}` | {_config(c)} | {c['metric']} | {_fmt(r.published)} | "
                     f"{_fmt(r.predicted)} | {r.error * 100:+.1f} % |")
    errs = [abs(r.error) for r in results if not r.excluded]
    lines.append("")
    lines.append(f"Cases: {len(errs)}. Median absolute error: {statistics.median(errs) * 100:.1f} %. "
                 f"Largest: {max(errs) * 100:.1f} % (tolerance ±{tolerance * 100:.0f} %).")
    lines += [""] + summary(results)
    ex = [r for r in results if r.excluded]
    if ex:
        lines += ["", "## Out of scope (computed every run, not asserted)", "",
                  "| Case | Configuration | Published | Predicted | Error | Why not asserted |",
                  "|---|---|---:|---:|---:|---|"]
        for r in ex:
            c = r.case
            lines.append(f"| `{c['id']}` | {_config(c)} | {_fmt(r.published)} | {_fmt(r.predicted)} | "
                         f"{r.error * 100:+.1f} % | {c['reason']} |")
    sources: dict[str, str] = {}
    for r in results:
        sources.setdefault(r.case["source"], r.case["url"])
    lines += ["", "Sources:", ""] + [f"- {t} — <{u}>" for t, u in sources.items()]
    return "\n".join(lines)


DOC_PATH = Path(__file__).resolve().parents[2] / "docs" / "validation.md"
FIT_HEADING = "## Fitted and leave-one-source-out errors"


def fit_tables(catalog: Catalog | None = None) -> str:
    """The fitted and leave-one-source-out tables and the error bands from the stored
    result of ``python -m planner.workloads.fit --write`` (docs/validation.md)."""
    from . import fit

    result = fit.load_result()
    if result is None:
        return "No stored fit result: run `python -m planner.workloads.fit --write`."
    problem = fit.validation_problem(catalog)
    facets = {str(c.case["id"]): c.facets for c in problem.cases}
    sources = {str(c.case["id"]): c.source for c in problem.cases}
    lines = [FIT_HEADING, "",
             "Per stack, GPU vendor, precision and phase: the shipped constants' error, the error with the constants "
             "fitted to all sources, and the leave-one-source-out (LOSO) error: each source's cases predicted with the "
             "constants fitted without that source. Signed median and worst keep their sign.", "",
             fit.markdown(result, facets, sources), "",
             "Error bands shown with the figures (median absolute LOSO error per stack and GPU vendor, pooled where "
             f"a class has fewer than {fit.MIN_BAND_CASES} cases; a class from fewer than {fit.MIN_BAND_SOURCES} "
             "sources shows at least its kind's pooled band, since a few deployments are not the stack; "
             "`planner/workloads/bands.py`):", "",
             "| Class | Cases | Sources | Band | Median LOSO | Worst LOSO |", "|---|---:|---:|---:|---:|---:|"]
    for k, b in fit.bands_from(result, facets, sources).items():
        lines.append(f"| {k} | {b['cases']} | {b['sources']} | ±{b['median'] * 100:.0f} % "
                     f"| {b['own_median'] * 100:.1f} % "
                     f"| {b['worst'] * 100:.1f} % |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from planner.catalog import load_catalog

    from . import fit

    catalog = load_catalog()
    results, tol = run(catalog)
    if "--write-bands" in argv:
        result = fit.load_result()
        if result is None:
            print("no stored fit result: run python -m planner.workloads.fit --write", file=sys.stderr)
            return 2
        problem = fit.validation_problem(catalog)
        fit.BANDS_PATH.write_text(fit.bands_module(fit.bands_from(
            result, {str(c.case["id"]): c.facets for c in problem.cases},
            {str(c.case["id"]): c.source for c in problem.cases})), encoding="utf-8")
    text = fit_tables(catalog) + "\n\n## In-scope cases\n\n" + markdown(results, tol) + "\n"
    if "--write-doc" in argv:
        # the generated part of docs/validation.md: from the fit tables to the end
        doc = DOC_PATH.read_text(encoding="utf-8")
        head = doc.find(FIT_HEADING)
        if head < 0:
            print(f"{DOC_PATH}: no {FIT_HEADING!r} heading to replace from", file=sys.stderr)
            return 2
        DOC_PATH.write_text(doc[:head] + text, encoding="utf-8")
    print(text, end="")
    bad = [r for r in results if not r.excluded and abs(r.error) > tol]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
