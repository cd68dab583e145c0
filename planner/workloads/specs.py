"""Per-kind specs of plan workloads (``Workload.spec``), validated with pydantic.

``parse_spec(kind, spec)`` returns the typed spec or raises :class:`SpecError` whose
message names the field, e.g. ``spec.users: Input should be greater than 0``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from planner.base.fileio import validation_message
from planner.i18n import N_, tmsg

PosF = Annotated[float, Field(gt=0)]
PosI = Annotated[int, Field(ge=1)]


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", protected_namespaces=())


class _TrainBase(_Spec):
    model: str = Field(min_length=1, description=N_("catalog LLM slug"))
    tokens: PosF = Field(description=N_("training tokens"))
    target_days: PosF | None = Field(default=None, description=N_("target wall-clock duration"))
    # number format of the linear-layer matmuls; fp4 is NVFP4 on Blackwell (FP8 elsewhere)
    precision: Literal["bf16", "fp16", "fp8", "fp4"] = "bf16"
    seq_len: Annotated[int, Field(ge=128, le=1_048_576)] = 4096
    global_batch_tokens: PosF = 4 * 1024 * 1024
    tp: PosI | None = None
    pp: PosI | None = None
    # context parallelism (sequence split across GPUs; long contexts); None: the layout search
    cp: PosI | None = Field(default=None, description=N_("context-parallel GPUs per replica (empty: automatic)"))
    zero: Literal[0, 1, 2, 3] = 1
    # activation recompute: none, selective (attention core), full (every layer); None: the
    # fastest that fits, recomputing only as many layers as memory needs (docs/workloads.md)
    recompute: Literal["none", "selective", "full"] | None = Field(
        default=None, description=N_("activation recompute (empty: automatic, the fastest that fits)"))
    # release year of the training software (FP8 speed; calibration.FP8_TRAINING_SOFTWARE_SPEEDUP)
    software: Literal["2023", "2024"] = "2024"


class PretrainSpec(_TrainBase):
    pass


class FinetuneSpec(_TrainBase):
    method: Literal["full", "lora", "qlora"] = "lora"
    lora_rank: Annotated[int, Field(ge=1, le=1024)] = 16
    global_batch_tokens: PosF = 512 * 1024


class InferenceSpec(_Spec):
    model: str = Field(min_length=1)
    precision: Literal["bf16", "fp16", "fp8", "int8", "int4", "fp4"] = "fp8"
    kv_precision: Literal["bf16", "fp16", "fp8", "int8"] | None = None
    input_tokens: Annotated[int, Field(ge=1, le=10_000_000)] = 1024
    output_tokens: Annotated[int, Field(ge=1, le=1_000_000)] = 256
    users: PosI = Field(description=N_("concurrent users (sequences in flight)"))
    target_tokens_per_s_per_user: PosF | None = None
    target_ttft_s: PosF | None = None
    tp: PosI | None = None
    # pipeline stages per replica (a replica is tp x pp GPUs); None: the automatic layout
    pp: PosI | None = Field(default=None, description=N_("pipeline stages per replica (empty: automatic)"))
    stack: Literal["trtllm", "vllm", "sglang"] = "trtllm"
    # the scheduler's sequence limit per replica (vLLM --max-num-seqs, SGLang
    # --max-running-requests, TensorRT-LLM max_batch_size); None: the stack's default
    max_seqs: PosI | None = Field(default=None, description=N_(
        "most sequences one replica schedules (empty: the serving stack's default)"))
    # coefficient of variation of the output length (paged KV caches hold what is written)
    length_spread: Annotated[float, Field(ge=0, le=10)] = Field(default=0.0, description=N_(
        "spread of the output length: standard deviation / mean (0: every request the same length)"))
    ep: bool = Field(default=False, description=N_("expert-parallel MoE layers (mixture-of-experts models only)"))
    attention_dp: bool = Field(default=False, description=N_(
        "attention data parallel: each GPU holds its own sequences (mixture-of-experts models only)"))
    # GPUs without NVLink share a PCIe switch (peer-to-peer all-reduce) instead of the CPU root complex
    pcie_switch: bool = Field(default=False, description=N_(
        "GPUs without NVLink share a PCIe switch (peer-to-peer); otherwise through the CPU root complex"))
    # serving software generation (calibration.INFERENCE_SOFTWARE_SPEEDUP: the year of its
    # MLPerf Inference round for TensorRT-LLM; vLLM: 2024 = V0 engine, 2025 = V1, calibration.STACK_GENERATIONS)
    software: Literal["2024", "2025"] = Field(
        default="2025", description=N_("serving software generation (year of its MLPerf Inference round)"))


class StorageWorkloadSpec(_Spec):
    """Checkpoint every ``checkpoint_every_min`` within ``checkpoint_within_s``; read the
    dataset at ``dataset_read_gb_per_s``. The checkpoint size comes from ``model``
    (14 B/param) or ``checkpoint_size_gb``."""

    model: str | None = None
    checkpoint_size_gb: PosF | None = None
    checkpoint_every_min: PosF | None = None
    checkpoint_within_s: PosF | None = None
    dataset_read_gb_per_s: PosF | None = None

    @model_validator(mode="after")
    def _something(self) -> StorageWorkloadSpec:
        if self.checkpoint_within_s is not None and self.model is None and self.checkpoint_size_gb is None:
            raise ValueError("a checkpoint target needs model or checkpoint_size_gb")
        if self.checkpoint_within_s is None and self.dataset_read_gb_per_s is None:
            raise ValueError("give checkpoint_within_s and/or dataset_read_gb_per_s")
        return self


class VisionSpec(_Spec):
    """Vision inference (``target_samples_per_s``) or training (``samples`` images seen, e.g.
    epochs x dataset, within ``target_hours``); planner.workloads.nonllm sizes it."""

    model: Literal["resnet-50", "vit-b-16", "retinanet", "ssd300", "3d-unet"] = "resnet-50"
    mode: Literal["infer", "train"] = "infer"
    target_samples_per_s: PosF | None = Field(default=None, description=N_("target: images per second"))
    samples: PosF | None = Field(default=None, description=N_("images to train on (epochs x dataset)"))
    target_hours: PosF | None = Field(default=None, description=N_("target training wall-clock hours"))

    @model_validator(mode="after")
    def _targets(self) -> VisionSpec:
        if self.mode == "infer" and self.target_samples_per_s is None:
            raise ValueError("inference needs target_samples_per_s")
        if self.mode == "train" and self.samples is None:
            raise ValueError("training needs samples")
        return self


class RecommendationSpec(_Spec):
    """DLRM-class inference: queries per second with the embedding tables in memory."""

    model: Literal["dlrm-dcnv2"] = "dlrm-dcnv2"
    mode: Literal["infer"] = "infer"
    target_samples_per_s: PosF = Field(description=N_("target: queries per second"))
    embedding_precision: Literal["fp32", "fp16", "int8"] = "fp16"
    # the tables' size (default: MLPerf's DLRM-dcnv2 on Criteo 1TB, 204.2M rows of 128)
    embedding_rows: Annotated[float, Field(gt=0, le=1e12)] | None = None
    embedding_dim: Annotated[int, Field(ge=1, le=65536)] | None = None


class AnalyticsSpec(_Spec):
    """Gradient-boosted trees (XGBoost hist) on tabular data, trained within ``target_minutes``."""

    algorithm: Literal["xgboost"] = "xgboost"
    rows: Annotated[float, Field(gt=0, le=1e12)] = Field(description=N_("training rows"))
    features: Annotated[int, Field(ge=1, le=100_000)] = 8
    trees: Annotated[int, Field(ge=1, le=100_000)] = 100
    depth: Annotated[int, Field(ge=1, le=64)] = 10
    target_minutes: PosF = Field(description=N_("target training wall-clock minutes"))


WorkloadSpec = (PretrainSpec | FinetuneSpec | InferenceSpec | StorageWorkloadSpec | VisionSpec
                | RecommendationSpec | AnalyticsSpec)
"""What :func:`parse_spec` returns: one model per workload kind."""

SPEC_MODELS: dict[str, type[WorkloadSpec]] = {
    "pretrain": PretrainSpec,
    "finetune": FinetuneSpec,
    "inference": InferenceSpec,
    "storage": StorageWorkloadSpec,
    "vision": VisionSpec,
    "recommendation": RecommendationSpec,
    "analytics": AnalyticsSpec,
}

# the kinds planner.workloads.nonllm sizes (GPUs or CPU servers, no LLM)
NONLLM_KINDS = ("vision", "recommendation", "analytics")


def has_target(kind: str, spec: dict) -> bool:
    """Does a workload have a target to meet? Training without ``target_days`` is sized
    only: it has no margin to compare (and no low-margin warning)."""
    if kind == "vision" and spec.get("mode") == "train":
        return spec.get("target_hours") is not None
    return kind not in ("pretrain", "finetune") or spec.get("target_days") is not None


class SpecError(ValueError):
    """A workload spec failed validation; the message names each bad field. ``problems``:
    (field, message) of each, the message a translatable planner Message."""

    problems: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        # the Message itself (a str), so ``str(e)`` where the engine keeps the error as a text
        # still translates where it is shown (``Input should be ...`` -> ``Der Wert muss ...``)
        first = self.args[0] if len(self.args) == 1 else None
        return first if isinstance(first, str) else super().__str__()

    @classmethod
    def of(cls, problems: list[tuple[str, str]]) -> SpecError:
        """One error for several bad fields: ``spec.a: ...; spec.b: ...`` (each part translated
        where it is shown)."""
        from planner.i18n import _message

        parts = [tmsg("{field}: {problem}", field=f, problem=p) for f, p in problems]
        joined: str = parts[-1]
        for part in reversed(parts[:-1]):  # a list of sentences, not a sentence: joined as is
            joined = _message(f"{part}; {joined}", "{first}; {rest}", (("first", part), ("rest", joined)))
        e = cls(joined)
        e.problems = tuple(problems)
        return e


def parse_spec(kind: str, spec: dict) -> WorkloadSpec:
    model = SPEC_MODELS.get(kind)
    if model is None:
        raise SpecError(tmsg("unknown workload kind {kind!r} (use one of {kinds})", kind=kind,
                             kinds=", ".join(SPEC_MODELS)))
    try:
        return model.model_validate(spec)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            loc = ".".join(str(x) for x in err["loc"])
            problems.append((f"spec.{loc}" if loc else "spec", validation_message(err)))
        raise SpecError.of(problems) from None
