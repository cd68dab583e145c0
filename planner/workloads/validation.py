"""Recompute the published measurements in ``validation_cases/*.yaml`` with the model.

``python -m planner.workloads.validation`` prints the tables of docs/validation.md: the
fitted and leave-one-source-out errors from the stored fit result (``python -m
planner.workloads.fit --write --families``), then per case configuration, source,
published figure, prediction and error. ``--write-doc`` writes them into the doc,
``--write-bands`` rewrites bands.py from the stored fit result.
"""

from __future__ import annotations

import re
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from . import calibration as cal
from .arch import ModelArch
from .cluster import cluster_from_catalog
from .inference import infer
from .training import model_flops_per_token, train
from .uncertainty import stack_class, vendor_of

if TYPE_CHECKING:
    from planner.catalog import Catalog

# One file per family of sources (TensorRT-LLM tables, NeMo, MLPerf, ...); all are read.
CASES_PATH = Path(__file__).with_name("validation_cases")
# Largest error of an in-scope case the tests accept.
TOLERANCE = 0.25


@dataclass(slots=True)
class CaseResult:
    case: dict[str, Any]
    predicted: float
    excluded: bool  # out of scope: computed and listed with its reason, not asserted

    @property
    def published(self) -> float:
        return float(self.case["published"])

    @property
    def error(self) -> float:
        return self.predicted / self.published - 1.0


def load_cases(path: Path = CASES_PATH) -> dict[str, Any]:
    """``{"tolerance", "cases", "out_of_scope"}`` from one case file or every ``*.yaml`` of a
    folder (in name order; a case id used twice is refused with both files named)."""
    files = sorted(path.glob("*.yaml")) if path.is_dir() else [path]
    out: dict[str, Any] = {"tolerance": TOLERANCE, "cases": [], "out_of_scope": []}
    seen: dict[str, Path] = {}
    for file in files:
        with open(file, encoding="utf-8") as f:
            doc = yaml.safe_load(f) or {}
        if "tolerance" in doc:
            out["tolerance"] = float(doc["tolerance"])
        for key in ("cases", "out_of_scope"):
            for case in doc.get(key) or []:
                cid = str(case.get("id"))
                if not case.get("source_key"):
                    # the leave-one-source-out fit groups by it: a case without one is refused
                    raise ValueError(f"{file.name}: case {cid!r} has no source_key (one short id per "
                                     f"publication, e.g. {source_key(case)!r})")
                if cid in seen:
                    raise ValueError(f"{file.name}: case id {cid!r} is already used in {seen[cid].name}")
                seen[cid] = file
                out[key].append(case)
    return out


def source_key(case: dict[str, Any]) -> str:
    """The publication a case comes from (``source_key``; leave-one-source-out leaves
    out all cases of one key together). A case without one gets a key derived from its
    ``url`` (host and path, without the scheme) and :func:`load_cases` warns."""
    key = case.get("source_key")
    if key:
        return str(key)
    url = str(case.get("url", ""))
    return re.sub(r"^[a-z]+://(www\.)?", "", url).rstrip("/") or str(case.get("source", "unknown"))


def phase(case: dict[str, Any]) -> str:
    """training, prefill-heavy (time to first token, or more input than output tokens)
    or decode-heavy."""
    if case["kind"] != "inference":
        return "training"
    if case["metric"] == "first_token_s" or int(case["input_tokens"]) > int(case["output_tokens"]):
        return "prefill-heavy"
    return "decode-heavy"


def stack_of(case: dict[str, Any]) -> str:
    """The serving stack of an inference case (legacy TensorRT-LLM releases count as
    TensorRT-LLM), or the training framework (``stack`` if the case names one, else
    the Megatron-LM family: NeMo, Megatron-LM, Megatron Bridge and the papers' own)."""
    if case["kind"] == "inference":
        return stack_class(case.get("stack"))
    return str(case.get("stack", "megatron"))


def facets(case: dict[str, Any], catalog: Catalog) -> dict[str, str]:
    """What the fitted and cross-validated tables group a case by."""
    fam = catalog.gpu(case["gpu"]).family
    return {"stack": stack_of(case), "vendor": vendor_of(fam) or "", "family": fam,
            "precision": str(case.get("precision", "bf16")), "phase": phase(case), "kind": case["kind"]}


def predict(case: dict[str, Any], catalog: Catalog) -> float:
    """The model's figure for one case, in the unit of its ``metric``."""
    model = ModelArch.from_llm(catalog.llm(case["model"]))
    cl = cluster_from_catalog(catalog, case["gpu"], int(case["gpus"]))
    if case.get("gpu_overrides"):
        cl = cl.with_(gpu=cl.gpu.with_(**case["gpu_overrides"]))
    if "pcie_switch" in case:
        cl = cl.with_(pcie_switch=bool(case["pcie_switch"]))
    metric = case["metric"]
    if case["kind"] == "inference":
        r = infer(model, cl, precision=case["precision"], kv_precision=case.get("kv_precision"),
                  input_tokens=int(case["input_tokens"]), output_tokens=int(case["output_tokens"]),
                  tp=case.get("tp"), batch=case.get("batch"), stack=case.get("stack", "trtllm"),
                  pp=case.get("pp"), software=str(case.get("software", cal.DEFAULT_INFERENCE_SOFTWARE)),
                  max_batch=case.get("max_seqs", case.get("max_batch")),
                  length_spread=float(case.get("length_spread", 0.0)), ep=bool(case.get("ep", False)),
                  attention_dp=bool(case.get("attention_dp", False)))
        if metric == "tokens_per_s":
            return r.tokens_per_s
        if metric == "tokens_per_s_per_gpu":
            return r.tokens_per_s / r.gpus
        if metric == "first_token_s":
            return r.prefill_s
        if metric == "tokens_per_s_per_user":
            return r.tokens_per_s_per_user
        if metric == "requests_per_s":
            return r.requests_per_s
        if metric == "itl_s":  # inter-token latency: one decode step
            return r.step_s
        if metric == "decode_tokens_per_s_per_gpu":  # a decode-only instance (disaggregated serving)
            return r.batch_per_replica / r.step_s / (r.tp * r.pp)
        if metric == "prefill_tokens_per_s_per_gpu":  # a prefill-only instance
            return r.input_tokens / r.prefill_share_s / (r.tp * r.pp)
    else:
        t = train(model, cl, float(case["tokens"]), seq_len=int(case.get("seq_len", 4096)),
                  global_batch_tokens=float(case.get("global_batch_tokens", 4 * 2**20)),
                  precision=case.get("precision", "bf16"), method=case.get("method", "pretrain"),
                  tp=case.get("tp"), pp=case.get("pp"), cp=case.get("cp"), recompute=case.get("recompute"),
                  zero=int(case.get("zero", 1)), fp4_bf16_share=case.get("fp4_bf16_share"),
                  goodput=case.get("goodput"), software=str(case.get("software", cal.DEFAULT_TRAINING_SOFTWARE)))
        if metric == "gpu_hours":
            return t.gpu_hours
        if metric == "days":
            return t.days
        if metric == "minutes":
            return t.days * 1440.0
        if metric == "tokens_per_s_per_gpu":
            return t.tokens_per_s_per_gpu
        if metric == "tflops_per_gpu":
            flops = model_flops_per_token(model, t.seq_len)
            if case.get("flops_count") == "causal":
                # the source counts half the attention score/value FLOPs (causal mask)
                flops -= 6.0 * model.layers * model.attn_dim * t.seq_len
            return t.tokens_per_s_per_gpu * flops / 1e12
        if metric == "mfu":
            return t.mfu
    raise ValueError(f"case {case.get('id')}: unknown metric {metric!r}")


def run(catalog: Catalog | None = None, path: Path = CASES_PATH) -> tuple[list[CaseResult], float]:
    """All cases (in scope, then out of scope) with predictions; and the tolerance."""
    if catalog is None:
        from planner.catalog import load_catalog

        catalog = load_catalog()
    doc = load_cases(path)
    out = [CaseResult(c, predict(c, catalog), False) for c in doc["cases"]]
    out += [CaseResult(c, predict(c, catalog), True) for c in doc.get("out_of_scope", [])]
    return out, float(doc["tolerance"])


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
             f"a class has fewer than {fit.MIN_BAND_CASES} cases; `planner/workloads/bands.py`):", "",
             "| Class | Cases | Band (median LOSO) | Worst LOSO |", "|---|---:|---:|---:|"]
    for k, b in fit.bands_from(result, facets).items():
        lines.append(f"| {k} | {b['cases']} | ±{b['median'] * 100:.0f} % | {b['worst'] * 100:.1f} % |")
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
        fit.BANDS_PATH.write_text(fit.bands_module(fit.bands_from(result, {str(c.case["id"]): c.facets
                                                                             for c in problem.cases})),
                                  encoding="utf-8")
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
