"""The workload model's validated error band for a figure (docs/validation.md, "Error
bands"): the median absolute leave-one-source-out error of the published measurements of
its class (stack and GPU vendor), from the generated :mod:`.bands`. Shown with every
workload figure ("~ 2,570 tok/s (±13 %)") and used for "met within the model's
uncertainty"."""

from __future__ import annotations

from .bands import BANDS


def vendor_of(family: str | None) -> str | None:
    """GPU vendor of a catalog family (the bands are per vendor); None when unknown."""
    if not family:
        return None
    return "amd" if family.startswith("cdna") else "nvidia"


def stack_class(stack: str | None) -> str:
    """The serving stack a band is kept for (legacy TensorRT-LLM releases count as it)."""
    st = stack or "trtllm"
    return "trtllm" if st.startswith("trtllm") else st


def band_classes(kind: str, stack: str | None = None, family: str | None = None) -> list[str]:
    """Band classes of a workload kind, most specific first: per stack and vendor, then
    pooled over vendors (pretrain, finetune and training share one model; storage has
    no validated band)."""
    vendor = vendor_of(family)
    if kind in ("pretrain", "finetune", "training"):
        return ([f"training-{vendor}"] if vendor else []) + ["training"]
    if kind == "inference":
        st = stack_class(stack)
        # SGLang falls back to vLLM's classes (paged KV, open-source kernels) while it has too
        # few cases for a band of its own
        fallback = [f"inference-vllm-{vendor}"] if st == "sglang" and vendor else []
        fallback += ["inference-vllm"] if st == "sglang" else []
        return ([f"inference-{st}-{vendor}"] if vendor else []) + [f"inference-{st}"] + fallback + ["inference"]
    return []  # storage: catalog throughput arithmetic, no validated band


def band_class(kind: str, stack: str | None = None, family: str | None = None) -> str | None:
    """The class whose band a figure carries: the most specific one with a band."""
    for cls in band_classes(kind, stack, family):
        if cls in BANDS:
            return cls
    return None


def error_band(kind: str, stack: str | None = None, family: str | None = None) -> float | None:
    """Relative band (0.13 = ±13 %) or None when the kind has no validated band."""
    cls = band_class(kind, stack, family)
    return float(BANDS[cls]["median"]) if cls else None
