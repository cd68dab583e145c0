"""Plain inputs of the workload model: a model's architecture, a GPU's figures,
precisions and memory arithmetic (weights, KV cache).

These are frozen dataclasses built once from catalog entries
(:func:`ModelArch.from_llm`, :func:`GpuHw.from_catalog`) so the sizing functions are
fast pure arithmetic over floats. Formulas and sources: ``docs/workloads.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from planner.fabric.nvlink import scale_up_interconnect
from planner.i18n import tmsg

if TYPE_CHECKING:
    from planner.catalog import Gpu, Llm

GB = 1e9  # decimal gigabyte, as GPU datasheets quote memory capacity and bandwidth

# Bytes per element for weights / KV cache. INT4 and FP4 are 4 bits; the group scales
# of INT4/NVFP4 formats (~1 byte per 16-128 weights) are covered by the memory reserve.
PRECISION_BYTES: dict[str, float] = {
    "fp32": 4.0,
    "bf16": 2.0,
    "fp16": 2.0,
    "fp8": 1.0,
    "int8": 1.0,
    "int4": 0.5,
    "fp4": 0.5,
}
WEIGHT_PRECISIONS = ("bf16", "fp16", "fp8", "int8", "int4", "fp4")
KV_PRECISIONS = ("bf16", "fp16", "fp8", "int8")
TRAIN_PRECISIONS = ("bf16", "fp16", "fp8")


def precision_bytes(precision: str) -> float:
    try:
        return PRECISION_BYTES[precision]
    except KeyError:
        raise ValueError(tmsg("unknown precision {precision!r} (use one of {known})", precision=precision,
                              known=", ".join(PRECISION_BYTES))) from None


@dataclass(frozen=True, slots=True)
class GpuHw:
    """One GPU's figures (catalog GPU table). Bandwidths in GB/s, compute in TFLOP/s dense."""

    slug: str
    family: str
    memory_gb: float
    hbm_gb_per_s: float
    bf16_tflops: float
    fp8_tflops: float | None
    fp4_tflops: float | None
    nvlink_gb_per_s: float  # bidirectional per GPU, NVIDIA's convention; 0 = none
    tdp_w: float
    price_usd: float | None = None
    # Memory as the driver reports it, bytes (catalog memory_reported_mib); 0 = unknown,
    # then memory_gb x 1e9 (see capacity_bytes).
    memory_bytes: float = 0.0
    # what joins GPUs (planner.fabric.nvlink.scale_up_interconnect: "nvlink", "nvlink-bridge",
    # "infinity-fabric", "other", "none"), for naming the domain; the figures use nvlink_gb_per_s
    interconnect: str = "nvlink"
    # Sustained dense-GEMM clock under the power limit / the clock the peak TFLOPS assume
    # (catalog gemm_clock_mhz / peak_clock_mhz); 0 = not published. See compute_clock_factor.
    gemm_clock_share: float = 0.0
    # GPUs in one scale-up domain by design (catalog scale_up_domain_gpus); 0 = the server's
    scale_up_domain_gpus: int = 0
    # the catalog's model ("H100 SXM5 80GB"): what a note names the GPU by; empty: the slug
    model: str = ""

    @classmethod
    def from_catalog(cls, gpu: Gpu) -> GpuHw:

        price = None
        if gpu.price is not None and gpu.price.currency == "USD":
            price = float(gpu.price.amount)
        return cls(
            slug=gpu.slug,
            family=gpu.family,
            memory_gb=float(gpu.memory_gb),
            hbm_gb_per_s=float(gpu.hbm_bandwidth_tb_per_s) * 1000.0,
            bf16_tflops=float(gpu.bf16_tflops_dense),
            fp8_tflops=float(gpu.fp8_tflops_dense) if gpu.fp8_tflops_dense else None,
            fp4_tflops=float(gpu.fp4_tflops_dense) if gpu.fp4_tflops_dense else None,
            nvlink_gb_per_s=float(gpu.nvlink_bandwidth_gb_per_s or 0.0),
            tdp_w=float(gpu.tdp_w),
            price_usd=price,
            memory_bytes=float(getattr(gpu, "memory_bytes", 0.0) or 0.0),
            interconnect=scale_up_interconnect(gpu),
            gemm_clock_share=float(getattr(gpu, "gemm_clock_share", None) or 0.0),
            scale_up_domain_gpus=int(getattr(gpu, "scale_up_domain_gpus", None) or 0),
            model=str(getattr(gpu, "model", "") or ""),
        )

    def with_(self, **changes: Any) -> GpuHw:
        return replace(self, **changes)

    @property
    def capacity_bytes(self) -> float:
        """GPU memory the serving or training stack can allocate from: the driver's
        total (nvidia-smi, catalog ``memory_reported_mib``) when known, else the
        datasheet's decimal gigabytes. Marketing figures mix units: an "80 GB" H100
        reports 81,559 MiB = 85.5e9 B (docs/workloads.md, "Memory")."""
        return self.memory_bytes if self.memory_bytes > 0 else self.memory_gb * GB

    @property
    def nvlink_uni_gb_per_s(self) -> float:
        """One direction of the GPU-to-GPU link (half the bidirectional datasheet figure)."""
        return self.nvlink_gb_per_s / 2.0

    def compute_clock_factor(self, reference_share: dict[str, float]) -> float:
        """How much faster (or slower) this GPU's matrix math runs than its family's
        calibration reference, from the clocks it sustains under a dense GEMM at its power
        limit: (gemm clock / peak clock) / the reference GPU's same share
        (``reference_share[family]``, calibration.FAMILY_GEMM_CLOCK_REFERENCE). 1.0 where
        either is not published: the family constants then apply as calibrated."""
        ref = reference_share.get(self.family)
        if not ref or self.gemm_clock_share <= 0:
            return 1.0
        return self.gemm_clock_share / ref

    def peak_tflops(self, math: str) -> float:
        """Dense peak for the math precision of the matrix multiplies.

        ``fp4`` falls back to FP8 and ``fp8``/``int8`` to BF16 on GPUs without them
        (e.g. FP8 weights on an A100 run as weight-only quantisation with BF16 math).
        """
        if math == "fp4" and self.fp4_tflops:
            return self.fp4_tflops
        if math in ("fp4", "fp8", "int8") and self.fp8_tflops:
            return self.fp8_tflops
        return self.bf16_tflops


def math_precision(weights: str) -> str:
    """The precision the matrix multiplies run at for a weight format.

    INT4 is weight-only (W4A16, AWQ/GPTQ): the math is BF16. FP8/INT8 run W8A8, FP4
    runs NVFP4 W4A4 where the GPU has it (Blackwell).
    """
    return {"int4": "bf16", "fp16": "bf16"}.get(weights, weights)


@dataclass(frozen=True, slots=True)
class ModelArch:
    """A transformer's shape (catalog LLM table)."""

    slug: str
    params: float  # total parameters
    active_params: float  # per token (MoE); == params for dense models
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    head_dim: int
    ffn: int
    vocab: int
    attention: str  # mha | gqa | mqa | mla
    kv_lora_rank: int | None = None
    qk_rope_head_dim: int | None = None
    v_head_dim: int | None = None
    experts: int = 0
    experts_per_token: int = 0
    moe_layers: int = 0
    max_context: int = 4096
    # shape details for counting parameters (param_counts) and local attention
    shared_experts: int = 0
    expert_ffn: int = 0  # per expert (routed and shared); 0 = ffn
    q_lora_rank: int | None = None
    qk_nope_head_dim: int | None = None
    tie_embeddings: bool = False
    local_attention: str | None = None  # "sliding" | "chunked" | None
    window: int = 0  # tokens a local layer attends to (sliding window or chunk)
    local_layers: int = 0

    @classmethod
    def from_llm(cls, llm: Llm) -> ModelArch:
        moe = llm.moe
        moe_layers = 0
        if moe:
            # after the leading dense layers every interleave-th layer is MoE (Llama 4
            # Maverick: 1 in 2; DeepSeek: all after the first 3)
            moe_layers = (int(llm.layers) - moe.dense_layers) // max(1, moe.interleave)
        return cls(
            slug=llm.slug,
            params=float(llm.params_b) * 1e9,
            active_params=float(llm.active_b) * 1e9,
            layers=int(llm.layers),
            hidden=int(llm.hidden_size),
            heads=int(llm.heads),
            kv_heads=int(llm.kv_heads),
            head_dim=int(llm.head_dim),
            ffn=int(llm.ffn_size),
            vocab=int(llm.vocab_size),
            attention=llm.attention,
            kv_lora_rank=llm.kv_lora_rank,
            qk_rope_head_dim=llm.qk_rope_head_dim,
            v_head_dim=getattr(llm, "v_head_dim", None),
            experts=moe.experts if moe else 0,
            experts_per_token=moe.experts_per_token if moe else 0,
            moe_layers=moe_layers,
            max_context=int(llm.max_context),
            shared_experts=moe.shared_experts if moe else 0,
            expert_ffn=int(moe.expert_ffn_size or 0) if moe else 0,
            q_lora_rank=getattr(llm, "q_lora_rank", None),
            qk_nope_head_dim=getattr(llm, "qk_nope_head_dim", None),
            tie_embeddings=bool(getattr(llm, "tie_word_embeddings", False)),
            local_attention=getattr(llm, "local_attention", None),
            window=int(getattr(llm, "sliding_window", None) or 0),
            local_layers=int(getattr(llm, "local_attention_layers", 0) or 0),
        )

    # -- parameters --------------------------------------------------------------
    @property
    def is_moe(self) -> bool:
        return self.experts > 0 and self.active_params < self.params

    def moe_split(self) -> tuple[float, float]:
        """(always-read parameters, routed-expert parameters).

        From total P and active A with k of E routed experts active:
        A = N + X k/E and P = N + X, so X = (P - A) / (1 - k/E). Shared experts,
        attention and embeddings land in N.
        """
        if not self.is_moe:
            return self.params, 0.0
        frac = self.experts_per_token / self.experts
        routed = (self.params - self.active_params) / (1.0 - frac)
        return self.params - routed, routed

    def weights_read_params(self, tokens_in_step: float) -> float:
        """Parameters a decode step must read when it serves ``tokens_in_step`` tokens.

        Dense: all of them. MoE: the always-on part plus the routed experts that at least
        one token picks, assuming uniform routing: 1 - (1 - k/E)^B of them.
        """
        if not self.is_moe:
            return self.params
        dense, routed = self.moe_split()
        frac = self.experts_per_token / self.experts
        touched = 1.0 - (1.0 - frac) ** max(tokens_in_step, 1.0)
        return dense + routed * touched

    def param_counts(self) -> tuple[float, float]:
        """(total, active per token) parameters counted from the shape, for checking the
        published figures (tests) and for models without them.

        Per layer: attention (MHA/GQA: Q and O of heads x head_dim, K and V of kv_heads x
        head_dim; MLA: the Q low-rank pair when q_lora_rank is set, the joint KV down
        projection to kv_lora_rank + qk_rope_head_dim, its up projection to the heads'
        no-RoPE keys and values, O from heads x v_head_dim), a gated FFN of 3 x hidden x
        ffn (dense layers) or, on MoE layers, E routed + S shared experts of 3 x hidden x
        expert_ffn each plus the router (hidden x E), and two RMSNorm vectors. Embedding and
        output head: vocab x hidden each, once if tied. Active counts k routed + S shared
        experts and the output head but not the input embedding (a lookup, no matmul):
        OpenAI's 5.1B for gpt-oss-120b and DeepSeek's 37B are counted this way. Biases,
        attention sinks and MTP modules are left out (< 0.1 %)."""
        h = self.hidden
        if self.attention == "mla" and self.kv_lora_rank and self.qk_rope_head_dim:
            nope = self.qk_nope_head_dim or (self.head_dim - self.qk_rope_head_dim)
            qk = nope + self.qk_rope_head_dim
            v = self.v_head_dim or nope
            q = (h * self.q_lora_rank + self.q_lora_rank * self.heads * qk) if self.q_lora_rank \
                else h * self.heads * qk
            kv = h * (self.kv_lora_rank + self.qk_rope_head_dim) + self.kv_lora_rank * self.heads * (nope + v)
            attn = float(q + kv + self.heads * v * h)
        else:
            attn = float(2 * h * self.heads * self.head_dim + 2 * h * self.kv_heads * self.head_dim)
        norms = 2.0 * h
        dense_ffn = 3.0 * h * self.ffn
        moe_layers = self.moe_layers if self.experts else 0
        dense_layers = self.layers - moe_layers
        total = active = self.layers * (attn + norms) + dense_layers * dense_ffn
        if moe_layers:
            expert = 3.0 * h * (self.expert_ffn or self.ffn)
            router = float(h * self.experts)
            total += moe_layers * ((self.experts + self.shared_experts) * expert + router)
            active += moe_layers * ((self.experts_per_token + self.shared_experts) * expert + router)
        head = float(self.vocab * h)
        total += head if self.tie_embeddings else 2.0 * head
        active += head
        return total, active

    @property
    def attn_dim(self) -> int:
        """heads x head dim of the attention scores (the Q.K and A.V width)."""
        return self.heads * self.head_dim

    @property
    def decode_attention_flops_per_pair(self) -> float:
        """Attention FLOPs of one generated token against one cached token on one layer:
        2 x heads x (d_k + d_v), the Q.K scores and the weighted sum of V. MHA/GQA/MQA:
        d_k = d_v = head_dim (4 x attn_dim). MLA decodes in its absorbed form, attending
        over the cached latent: d_k = kv_lora_rank + qk_rope_head_dim (576 on
        DeepSeek-V3/R1), d_v = kv_lora_rank (512), 2.8x the 4 x 128 x 192 of the
        decompressed heads (FlashMLA, docs/20250422-new-kernel-deep-dive.md: FLOPs
        2 h_q s_q s_k (d_k + d_v), 64 x 576 K blocks, 64 x 512 output)."""
        if self.attention == "mla" and self.kv_lora_rank and self.qk_rope_head_dim:
            return 2.0 * self.heads * (2 * self.kv_lora_rank + self.qk_rope_head_dim)
        return 4.0 * self.attn_dim

    @property
    def full_attention_layers(self) -> int:
        """Layers attending to the whole context (all but the local ones)."""
        return self.layers - (self.local_layers if self.local_attention else 0)

    def attention_span(self, context: float) -> float:
        """Sum over layers of the tokens one new token attends to at ``context`` tokens of
        history: ``context`` on full-attention layers, at most the window on local ones
        (sliding: the last ``window`` tokens; chunked: the tokens of its chunk, at most
        ``window``, counted at the upper bound). Equals layers x context for a model
        without local attention."""
        span = self.full_attention_layers * context
        if self.local_attention and self.local_layers:
            span += self.local_layers * min(context, float(self.window))
        return span

    def prefill_attention_pairs(self, tokens: float) -> float:
        """Query-key pairs a causal prefill of ``tokens`` computes, summed over layers:
        tokens^2 / 2 per full layer (a causal kernel skips the masked half; FlashAttention-2
        section 3.1.1); on a local layer each token sees at most ``window`` earlier tokens,
        tokens x window - window^2 / 2 once tokens exceed it."""
        full = tokens * tokens / 2.0
        pairs = self.full_attention_layers * full
        if self.local_attention and self.local_layers:
            w = float(self.window)
            local = full if tokens <= w else tokens * w - w * w / 2.0
            pairs += self.local_layers * local
        return pairs

    def flops_per_token_forward(self, context: float) -> float:
        """Forward FLOPs for one token attending to ``context`` earlier tokens:
        2 x active parameters (matmuls) + 4 x context x heads x head dim per layer it
        attends on (attention scores and weighted sum; Kaplan et al. 2020, PaLM appendix
        B), local-attention layers capped at their window (:meth:`attention_span`)."""
        return 2.0 * self.active_params + 4.0 * self.attention_span(context) * self.attn_dim

    # -- KV cache ------------------------------------------------------------------
    def kv_layers(self, context: float | None = None) -> float:
        """Layers' worth of KV cache a sequence of ``context`` tokens holds per token: every
        full-attention layer, and a local layer for at most ``window`` of the tokens (it
        keeps only its window or chunk). ``None``: every layer (the per-token upper bound)."""
        if context is None or not (self.local_attention and self.local_layers) or context <= 0:
            return float(self.layers)
        return self.full_attention_layers + self.local_layers * min(1.0, self.window / context)

    def kv_bytes_per_token(self, kv_precision: str = "bf16", context: float | None = None) -> float:
        """KV cache per token over all layers, averaged over a sequence of ``context``
        tokens (local-attention layers cache only their window; :meth:`kv_layers`).

        MHA/GQA/MQA: 2 x layers x KV heads x head dim x bytes. MLA (DeepSeek-V2/V3/R1)
        caches the compressed latent plus the decoupled RoPE key, shared by all heads:
        (kv_lora_rank + qk_rope_head_dim) x layers x bytes.
        """
        b = precision_bytes(kv_precision)
        layers = self.kv_layers(context)
        if self.attention == "mla":
            if self.kv_lora_rank is None or self.qk_rope_head_dim is None:
                raise ValueError(f"{self.slug}: MLA needs kv_lora_rank and qk_rope_head_dim")
            return float((self.kv_lora_rank + self.qk_rope_head_dim) * layers * b)
        return float(2 * layers * self.kv_heads * self.head_dim * b)

    def kv_bytes_per_token_per_gpu(self, kv_precision: str, tp: int, context: float | None = None) -> float:
        """KV bytes per token held by each of ``tp`` tensor-parallel GPUs (averaged over a
        sequence of ``context`` tokens, see :meth:`kv_bytes_per_token`).

        KV heads are split over TP ranks; with more ranks than KV heads each rank keeps
        one head (replicated). The MLA latent is not split by heads: every rank holds it.
        """
        full = self.kv_bytes_per_token(kv_precision, context)
        if self.attention == "mla":
            return full
        heads_per_gpu = max(1.0, self.kv_heads / tp)
        return full * heads_per_gpu / self.kv_heads

    def weights_bytes(self, precision: str) -> float:
        return self.params * precision_bytes(precision)

    def weights_gb(self, precision: str) -> float:
        return self.weights_bytes(precision) / GB
