"""The published measurements in ``validation_cases/*.yaml`` and the model's prediction of
each: what the fit (:mod:`planner.workloads.fit`) and the tables
(:mod:`planner.workloads.validation`) both read, below both (issue 27: the two imported each
other)."""

from __future__ import annotations

import re
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
            # our own shipped data: libyaml's safe loader (the same tags as yaml.safe_load),
            # ten times faster than the pure-Python one on the 20 case files
            doc = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}  # noqa: S506
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
