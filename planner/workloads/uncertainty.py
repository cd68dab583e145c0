"""The workload model's validated error band for a figure (docs/validation.md, "Error
bands"): the median absolute error of the published measurements of its class, from the
generated :mod:`.bands`. Shown with every workload figure ("~ 2,570 tok/s (+/-13 %)") and used
for "met within the model's uncertainty"."""

from __future__ import annotations

from .bands import BANDS


def band_class(kind: str, stack: str | None = None) -> str | None:
    """The band class of a workload kind (pretrain, finetune, training, inference, storage)."""
    if kind in ("pretrain", "finetune", "training"):
        return "training"
    if kind == "inference":
        # SGLang shares vLLM's class (paged KV, open-source kernels) until it has cases enough for its own
        return "inference-vllm" if stack in ("vllm", "sglang") else "inference-trtllm"
    return None  # storage: catalog throughput arithmetic, no validated band


def error_band(kind: str, stack: str | None = None) -> float | None:
    """Relative band (0.13 = +/-13 %) or None when the kind has no validated band."""
    cls = band_class(kind, stack)
    b = BANDS.get(cls) if cls else None
    return float(b["median"]) if b else None
