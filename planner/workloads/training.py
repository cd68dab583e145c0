"""Training and fine-tuning: memory per GPU, step time, time to train, scaling.

A training step on ``tp x cp x pp x dp`` GPUs (tensor, context, pipeline, data
parallel; experts split over ``ep`` data-parallel ranks) is charged:

* matmul time: tokens x FLOPs per token / (GPUs x peak x GEMM efficiency);
* memory-bound time: tokens x layers x 34 h x multiple / (tp x HBM bandwidth);
* tensor-parallel all-reduces over NVLink (ring 2(n-1)/n), partly overlapped;
* the pipeline bubble (p - 1) / (v m) and stage-to-stage sends;
* the data-parallel gradient reduction over the inter-node fabric (ring
  2(n-1)/n plus a latency per tree level), hidden only under the last micro-batch;
* the expert-parallel all-to-all for MoE models, partly overlapped;
* the context-parallel ring exchange of keys and values, hidden under the attention
  math of the chunk in hand (only the excess is charged).

Formulas and sources: ``docs/workloads.md``. Constants: :mod:`.calibration`.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace

from planner.i18n import tmsg

from . import calibration as cal
from .arch import GB, ModelArch
from .cluster import ClusterSpec
from .uncertainty import error_band

# Activation recompute modes a run can state (docs/workloads.md, "Activation recompute"):
# none (store every activation), selective (replay the attention core), full (keep only
# each layer's input; partial when only some layers of a stage are covered). "auto"
# (or None) picks the fastest that fits: none, else full on as few layers as memory needs.
RECOMPUTE = ("none", "selective", "full")
RECOMPUTE_MODES = ("auto", *RECOMPUTE)
# Binary gibibyte: memory per GPU is shown in GiB, the unit the driver counts in
# (nvidia-smi reports MiB), so an "80 GB" H100 (81,559 MiB) reads 79.6 GiB, not 85.5 GB
# (docs/workloads.md, "Memory").
GIB = float(2**30)
METHODS = ("pretrain", "full", "lora", "qlora")


@dataclass(frozen=True, slots=True)
class Layout:
    tp: int
    pp: int
    dp: int
    ep: int = 1
    zero: int = 1
    recompute: str = "none"
    # context parallel: each sequence split over cp GPUs (Megatron-Core / Transformer
    # Engine context parallelism; Llama 3 paper section 3.3.2)
    cp: int = 1
    # full recompute: layers per pipeline stage it covers (block method); None: all of them
    recompute_layers: int | None = None

    @property
    def gpus(self) -> int:
        return self.tp * self.cp * self.pp * self.dp

    def recomputed_layers(self, model: ModelArch) -> float:
        """Layers per pipeline stage whose forward is replayed in the backward pass."""
        here = model.layers / self.pp
        if self.recompute != "full":
            return 0.0
        return here if self.recompute_layers is None else min(here, float(self.recompute_layers))


@dataclass(slots=True)
class StepTimes:
    gemm_s: float
    memory_s: float
    tp_comm_s: float
    bubble_s: float
    pp_comm_s: float
    dp_comm_s: float
    ep_comm_s: float
    cp_comm_s: float = 0.0

    @property
    def total_s(self) -> float:
        return (self.gemm_s + self.memory_s + self.tp_comm_s + self.bubble_s + self.pp_comm_s
                + self.dp_comm_s + self.ep_comm_s + self.cp_comm_s)


@dataclass(slots=True)
class TrainingResult:
    model: str
    gpu: str
    gpus: int
    method: str
    precision: str
    layout: Layout
    fits: bool
    memory_per_gpu_gb: float
    memory_capacity_gb: float
    seq_len: int
    global_batch_tokens: float
    step_s: float
    tokens_per_s: float
    tokens_per_s_per_gpu: float
    mfu: float
    days: float
    gpu_hours: float
    bottleneck: str
    times: StepTimes
    checkpoint_size_gb: float
    checkpoint_write_s: float | None
    notes: list[str] = field(default_factory=list)
    nvlink_domain_gpus: int = 8
    gpu_family: str = ""  # catalog family of the GPU (its vendor picks the error band)
    model_layers: int = 0

    def to_dict(self) -> dict:
        d = {
            "model": self.model, "gpu": self.gpu, "gpus": self.gpus, "method": self.method,
            "nvlink_domain_gpus": self.nvlink_domain_gpus,
            "precision": self.precision, "fits": self.fits,
            "layout": asdict(self.layout),
            "memory_per_gpu_gb": round(self.memory_per_gpu_gb, 2),
            "memory_capacity_gb": round(self.memory_capacity_gb, 2),
            "memory_per_gpu_gib": round(self.memory_per_gpu_gib, 3),
            "memory_capacity_gib": round(self.memory_capacity_gib, 3),
            "seq_len": self.seq_len, "global_batch_tokens": self.global_batch_tokens,
            "step_s": self.step_s, "tokens_per_s": self.tokens_per_s,
            "tokens_per_s_per_gpu": self.tokens_per_s_per_gpu, "mfu": self.mfu,
            "days": self.days, "gpu_hours": self.gpu_hours, "bottleneck": self.bottleneck,
            "step_breakdown_s": asdict(self.times),
            "layers_per_stage": self.layers_per_stage,
            "checkpoint_size_gb": self.checkpoint_size_gb,
            "checkpoint_write_s": self.checkpoint_write_s,
            "error_band": self.error_band,
            "notes": list(self.notes),
        }
        return d

    @property
    def layers_per_stage(self) -> int:
        """Transformer layers one pipeline stage holds (rounded up)."""
        return math.ceil(self.model_layers / max(1, self.layout.pp))

    @property
    def memory_per_gpu_gib(self) -> float:
        return self.memory_per_gpu_gb * GB / GIB

    @property
    def memory_capacity_gib(self) -> float:
        """The GPU's memory as the driver reports it, in GiB (H100: 79.6)."""
        return self.memory_capacity_gb * GB / GIB

    @property
    def error_band(self) -> float | None:
        """The model's validated relative error for training figures on this GPU vendor
        (docs/validation.md)."""
        return error_band("training", None, self.gpu_family)


def checkpoint_size_gb(model: ModelArch, method: str = "pretrain") -> float:
    """Full training checkpoint: BF16 weights + FP32 master weights and Adam moments
    (14 B/param). LoRA checkpoints hold only the adapters and their optimizer state."""
    if method in ("lora", "qlora"):
        return lora_params(model, 16) * (cal.CHECKPOINT_BYTES_PER_PARAM + 2) / GB
    return model.params * cal.CHECKPOINT_BYTES_PER_PARAM / GB


def lora_params(model: ModelArch, rank: int) -> float:
    """Adapter parameters with rank r on every linear layer of every block:
    r x (in + out) summed over Q, K, V, O, gate, up and down projections."""
    h, d, kvd, f = model.hidden, model.attn_dim, model.kv_heads * model.head_dim, model.ffn
    per_layer = (h + d) + 2 * (h + kvd) + (d + h) + 2 * (h + f) + (f + h)
    return float(rank * per_layer * model.layers)


def model_flops_per_token(model: ModelArch, seq_len: int, method: str = "pretrain") -> float:
    """Model FLOPs per trained token, PaLM (Chowdhery et al. 2022, app. B):
    6 N + 12 L H Q T (N active parameters, L layers, H heads, Q head dim, T sequence).
    LoRA/QLoRA skip the weight gradients of frozen weights: 4 N + 12 L H Q T."""
    per_param = cal.LORA_FLOPS_PER_PARAM if method in ("lora", "qlora") else 6.0
    return per_param * model.active_params + 12.0 * model.layers * model.attn_dim * seq_len


def _pow2_upto(n: int) -> list[int]:
    out, v = [], 1
    while v <= n:
        out.append(v)
        v *= 2
    return out


def activation_bytes_per_token(model: ModelArch, precision: str = "bf16") -> float:
    """Bytes one layer stores per token for the backward pass (before the tensor-parallel
    split): Korthikanti et al.'s 34 x hidden, the linear-layer inputs in the cast format
    of FP8/FP4 training (calibration.CAST_ACTIVATION_BYTES)."""
    h = model.hidden
    b = cal.ACTIVATION_BYTES_PER_HIDDEN * h
    cast = cal.CAST_ACTIVATION_BYTES.get(precision)
    if cast is not None:
        b -= cal.LINEAR_INPUT_BYTES_PER_HIDDEN * h * (1.0 - cast / 2.0)
    return b


def _memory_parts(model: ModelArch, lay: Layout, seq_len: int, method: str, micro_batches: int,
                  lora_rank: int, precision: str) -> tuple[float, float, float, float]:
    """(everything but the stored activations, activations of one layer and micro-batch
    stored in full, the same under full recompute (the layer's input), micro-batches in
    flight on the first stage)."""
    dense, routed = model.moe_split()
    shard = lay.tp * lay.pp
    p_gpu = dense / shard + routed / (shard * max(1, lay.ep))
    dp = lay.dp * lay.cp
    seq_gpu = seq_len / lay.cp  # tokens of each sequence held by one GPU
    if method in ("lora", "qlora"):
        wbytes = 0.5 if method == "qlora" else cal.WEIGHT_BYTES_TRAIN
        states = p_gpu * wbytes + lora_params(model, lora_rank) / shard * 16.0
    else:
        w, g, o = cal.WEIGHT_BYTES_TRAIN, cal.GRAD_BYTES_TRAIN, cal.OPTIMIZER_BYTES
        if lay.zero >= 3:
            states = p_gpu * (w + g + o) / dp
        elif lay.zero == 2:
            states = p_gpu * (w + (g + o) / dp)
        elif lay.zero == 1:
            states = p_gpu * (w + g + o / dp)
        else:
            states = p_gpu * (w + g + o)
    in_flight = float(min(lay.pp, micro_batches))
    stored = seq_gpu * activation_bytes_per_token(model, precision) / lay.tp
    ckpt = seq_gpu * model.hidden * cal.FULL_RECOMPUTE_CHECKPOINT_BYTES_PER_HIDDEN
    logits = seq_gpu * model.vocab * 4.0 / lay.tp
    return states + logits + cal.TRAIN_WORKSPACE_GB * GB, stored, ckpt, in_flight


def min_recompute_layers(model: ModelArch, lay: Layout, seq_len: int, method: str, micro_batches: int,
                         cap_bytes: float, lora_rank: int = 16, precision: str = "bf16") -> int | None:
    """The fewest layers per pipeline stage full recompute must cover for ``lay`` to fit
    ``cap_bytes`` (block method); 0 when nothing needs recomputing, None when even all
    layers do not fit."""
    fixed, stored, ckpt, in_flight = _memory_parts(model, lay, seq_len, method, micro_batches, lora_rank, precision)
    here = model.layers / lay.pp
    none = fixed + here * in_flight * stored
    if none <= cap_bytes:
        return 0
    saving = in_flight * (stored - ckpt)  # per layer switched to recompute
    if saving <= 0:
        return None
    # the replayed layer's activations are live once during its backward (+ stored)
    k = math.ceil((none + stored - cap_bytes) / saving - 1e-9)
    whole = math.ceil(here)
    if k > whole:
        return None
    return max(1, k)


def memory_per_gpu_bytes(model: ModelArch, lay: Layout, seq_len: int, method: str,
                         micro_batches: int, lora_rank: int = 16, precision: str = "bf16") -> float:
    """Training memory per GPU (bytes): model states under ZeRO, activations, logits.

    Context parallelism splits every sequence over ``cp`` GPUs: activations and logits
    are those of ``seq_len / cp`` tokens, and the optimizer states are sharded over the
    data-parallel group that includes the context-parallel ranks (they hold the same
    weights; Megatron-Core's distributed optimizer uses the DP x CP group).

    Activations: the first pipeline stage holds ``min(pp, micro-batches)`` micro-batches
    in flight (1F1B). Without recompute (and with selective recompute, which under
    FlashAttention stores the same) each layer keeps :func:`activation_bytes_per_token`
    per token / tp; a layer under full recompute keeps only its input, and the layer
    being replayed needs its full activations once."""
    fixed, stored, ckpt, in_flight = _memory_parts(model, lay, seq_len, method, micro_batches, lora_rank, precision)
    here = model.layers / lay.pp
    k = lay.recomputed_layers(model)
    act = (here - k) * in_flight * stored + k * in_flight * ckpt + (stored if k > 0 else 0.0)
    return fixed + act


def step_times(model: ModelArch, cl: ClusterSpec, lay: Layout, seq_len: int, seqs: int,
               precision: str, method: str, software: str = cal.DEFAULT_TRAINING_SOFTWARE,
               fp4_bf16_share: float | None = None) -> StepTimes:
    """Times of one optimizer step over ``seqs`` sequences on ``lay``. ``fp4_bf16_share``:
    share of linear layers an NVFP4 recipe keeps in BF16 (default
    calibration.FP4_BF16_LINEAR_SHARE)."""
    gpu = cl.gpu
    tp, pp, dp, cp = lay.tp, lay.pp, lay.dp, lay.cp
    m = max(1, seqs // dp)  # micro-batches (one sequence each) per pipeline
    tokens = m * seq_len / cp  # tokens per GPU group (one tp x pp replica slice) per step
    full_seq = seq_len
    seq_gpu = seq_len / cp  # tokens of a sequence on one GPU
    # attention scores and values (12 L attn_dim T per token, PaLM) apart from the
    # weight matmuls: a causal kernel computes only the unmasked half, in BF16 even in
    # FP8 runs (docs/workloads.md, "Training")
    attn_tok = 12.0 * model.layers * model.attn_dim * full_seq
    flops_tok = model_flops_per_token(model, full_seq, method) - attn_tok
    # recompute: full replays the forward (2 N + 4 L attn_dim T) of the layers it covers,
    # selective the attention core's forward (calibration.SELECTIVE_REPLAY_ATTENTION_FLOPS)
    share = lay.recomputed_layers(model) / (model.layers / pp)
    if share > 0:
        flops_tok += 2.0 * model.active_params * share
        attn_tok += 4.0 * model.layers * model.attn_dim * full_seq * share
    elif lay.recompute == "selective":
        attn_tok += cal.SELECTIVE_REPLAY_ATTENTION_FLOPS * model.layers * model.attn_dim * full_seq
    if method == "qlora":
        flops_tok *= cal.QLORA_DEQUANT_OVERHEAD
    # the family's GEMM efficiency times the GPU's sustained-clock ratio to the family's
    # reference (calibration.FAMILY_GEMM_CLOCK_REFERENCE: MI325X at 1,000 W vs MI300X at 750 W)
    eff = cal.GEMM_EFFICIENCY.get(gpu.family, cal.DEFAULT_GEMM_EFFICIENCY) \
        * gpu.compute_clock_factor(cal.FAMILY_GEMM_CLOCK_REFERENCE)
    bf16 = gpu.bf16_tflops * 1e12 * eff
    peak_attn = bf16 / cal.ATTENTION_CAUSAL_SHARE
    fp8 = (gpu.fp8_tflops * 1e12 * eff * cal.FP8_GEMM_RELATIVE_EFFICIENCY
           * cal.FP8_TRAINING_SOFTWARE_SPEEDUP[software]) if gpu.fp8_tflops else bf16
    if precision == "fp4" and gpu.fp4_tflops:
        # NVFP4: the linear GEMMs at the FP4 rate but the recipe's BF16 share of layers
        fp4 = gpu.fp4_tflops * 1e12 * eff * cal.FP4_GEMM_RELATIVE_EFFICIENCY
        keep = cal.FP4_BF16_LINEAR_SHARE if fp4_bf16_share is None else fp4_bf16_share
        lin = flops_tok * ((1.0 - keep) / fp4 + keep / bf16)
    elif precision in ("fp8", "fp4"):  # FP4 without FP4 tensor cores runs the FP8 recipe
        lin = flops_tok / fp8
    else:
        lin = flops_tok / bf16
    gemm = tokens * (lin + attn_tok / peak_attn) / (tp * pp)
    h = model.hidden
    layers_here = model.layers / pp
    mem = (tokens * layers_here * cal.ACTIVATION_BYTES_PER_HIDDEN * cal.MEMORY_TRAFFIC_MULTIPLE
           * h / tp / (gpu.hbm_gb_per_s * GB))
    compute = gemm + mem

    nvl = cl.scale_up_gb_per_s() * GB
    net = max(cl.internode_gb_per_s, 1e-3) * GB
    domain = cl.domain_gpus
    in_node = tp * cp * pp * dp <= domain

    # tensor parallel: 2 all-reduces forward + 2 backward per layer (+2 with full recompute)
    tp_comm = 0.0
    if tp > 1:
        bw = nvl if tp <= domain else net
        size = seq_gpu * h * 2.0
        n_ar = 4 + 2 * share  # the replayed forward repeats its two all-reduces
        per_ar = 2.0 * (tp - 1) / tp * size / bw + (cal.NVLINK_COLLECTIVE_LATENCY_S if tp <= domain
                                                      else cal.NETWORK_HOP_LATENCY_S)
        tp_comm = m * layers_here * n_ar * per_ar * (1.0 - cal.TP_COMM_OVERLAP)

    # context parallel: ring exchange of K and V chunks (Transformer Engine's P2P ring;
    # the all-gather variant moves the same bytes). Per layer and micro-batch each GPU
    # sends (cp - 1) chunks of its K and V forward and (cp - 1) of K, V and their
    # gradients backward: 3 (cp - 1) chunks of seq/cp x 2 x kv_heads x head_dim / tp
    # x 2 bytes. Each ring step overlaps the attention of the chunk in hand, so only
    # what exceeds the attention math of the layer (12 x attn_dim x seq per token,
    # forward + backward, the PaLM count) is charged (docs/workloads.md).
    cp_comm = 0.0
    if cp > 1:
        bw = nvl if tp * cp <= domain else net
        lat = cal.NVLINK_COLLECTIVE_LATENCY_S if tp * cp <= domain else cal.NETWORK_HOP_LATENCY_S
        chunk = seq_gpu * 2.0 * model.kv_heads * model.head_dim * 2.0 / tp
        ring = 3.0 * (cp - 1) * (chunk / bw + lat)
        attn = 12.0 * model.attn_dim * full_seq * seq_gpu / tp / peak_attn
        cp_comm = m * layers_here * max(0.0, ring - attn)

    # pipeline: bubble and activation sends
    bubble = pp_comm = 0.0
    if pp > 1:
        v = max(1, min(cal.MAX_VIRTUAL_STAGES, int(layers_here)))
        bubble = (pp - 1) / (v * m) * (compute + tp_comm + cp_comm)
        bw = nvl if tp * cp * pp <= domain else net
        # each tensor-parallel rank sends its 1/tp slice (scatter/gather optimisation,
        # Narayanan et al. 2021, section 4.1; with sequence parallelism the activation
        # between stages is already split over the tp ranks)
        pp_comm = m * v * 2.0 * seq_gpu * h * 2.0 / tp / bw

    # data parallel gradient reduction over the DP x CP ranks (the context-parallel
    # ranks hold the same weights), hidden under the last micro-batch's backward
    dp_comm = 0.0
    dense, routed = model.moe_split()
    dp = dp * cp
    if dp > 1:
        trainable = (dense / (tp * pp) + routed / (tp * pp * max(1, lay.ep))
                     if method not in ("lora", "qlora") else lora_params(model, 16) / (tp * pp))
        nbytes = trainable * cal.GRAD_REDUCE_BYTES
        factor = 3.0 if lay.zero >= 3 else 2.0
        bw = nvl if in_node else net
        t = factor * (dp - 1) / dp * nbytes / bw
        t += 2.0 * math.ceil(math.log2(dp)) * (cal.NVLINK_COLLECTIVE_LATENCY_S if in_node
                                               else cal.NETWORK_HOP_LATENCY_S)
        window = cal.DP_OVERLAP_WINDOW * compute / m
        dp_comm = max(t - window, cal.DP_ALWAYS_EXPOSED * t)

    # expert parallel all-to-all: dispatch + combine of k copies of each token, fwd + bwd
    ep_comm = 0.0
    if model.is_moe and lay.ep > 1:
        moe_here = model.moe_layers / pp
        per_tok = 2.0 * 2.0 * model.experts_per_token * h * 2.0  # (disp+comb) x (fwd+bwd) x k h x 2 B
        cross = 0.0 if lay.ep * tp <= domain else 1.0 - domain / (lay.ep * tp)
        cross = max(0.0, cross)
        bw_eff = 1.0 / ((1.0 - cross) / nvl + cross / net)
        ep_comm = tokens / tp * moe_here * per_tok / bw_eff * (1.0 - cal.EP_COMM_OVERLAP)
    return StepTimes(gemm, mem, tp_comm, bubble, pp_comm, dp_comm, ep_comm, cp_comm)


def cp_options(n: int, seq_len: int, cp: int | None = None) -> list[int]:
    """Context-parallel sizes the search tries: powers of two that leave every GPU at
    least ``cal.CP_MIN_TOKENS_PER_GPU`` tokens of a sequence (and divide ``n``)."""
    if cp:
        return [cp]
    return [c for c in _pow2_upto(n) if n % c == 0 and seq_len / c >= cal.CP_MIN_TOKENS_PER_GPU or c == 1]


def candidate_layouts(model: ModelArch, cl: ClusterSpec, zero: int = 1,
                      tp: int | None = None, pp: int | None = None, cp: int | None = None,
                      seq_len: int = 4096, recompute: str | None = None) -> list[Layout]:
    """Every tp x cp x pp x dp split of the cluster's GPUs (powers of two for tp, cp and
    pp, tp inside an NVLink domain and not beyond the attention heads, cp only while
    each GPU keeps ``cal.CP_MIN_TOKENS_PER_GPU`` tokens of a sequence). Each split comes
    with the stated recompute mode, or for "auto" (None) with none and full (:func:`train`
    narrows full to the layers memory needs)."""
    modes = ("none", "full") if recompute in (None, "auto") else (recompute,)
    n = cl.gpus
    tps = [tp] if tp else [t for t in _pow2_upto(min(cl.domain_gpus, model.heads)) if n % t == 0]
    out = []
    for t in tps:
        for c in cp_options(n // t if n % t == 0 else 1, seq_len, cp):
            if n % (t * c):
                continue
            rest = n // (t * c)
            pps = [pp] if pp else [p for p in _pow2_upto(min(model.layers, rest)) if rest % p == 0]
            for p in pps:
                if rest % p:
                    continue
                d = rest // p
                ep = 1
                if model.is_moe:
                    ep = max(e for e in _pow2_upto(min(model.experts, d)) if d % e == 0)
                for rc in modes:
                    out.append(Layout(t, p, d, ep, zero, rc, c))
    return out


def train(model: ModelArch, cl: ClusterSpec, tokens: float, *, seq_len: int = 4096,
          global_batch_tokens: float = 4 * 1024 * 1024, precision: str = "bf16",
          method: str = "pretrain", zero: int = 1, tp: int | None = None,
          pp: int | None = None, recompute: str | None = None, goodput: float | None = None,
          lora_rank: int = 16, software: str = cal.DEFAULT_TRAINING_SOFTWARE,
          cp: int | None = None, fp4_bf16_share: float | None = None) -> TrainingResult:
    """Size a training run: the fastest layout that fits memory, its step time, MFU,
    days and GPU-hours (with goodput), memory per GPU, checkpoint size and write time."""
    if cl.gpus < 1:
        raise ValueError(tmsg("the cluster needs at least one GPU"))
    if tokens <= 0:
        raise ValueError(tmsg("tokens must be > 0"))
    if method not in METHODS:
        raise ValueError(tmsg("unknown method {method!r} (use one of {methods})", method=method,
                              methods=", ".join(METHODS)))
    if precision not in cal.TRAINING_PRECISIONS:
        raise ValueError(tmsg("unknown training precision {precision!r} (use one of {known})", precision=precision,
                              known=", ".join(cal.TRAINING_PRECISIONS)))
    if recompute is not None and recompute not in RECOMPUTE_MODES:
        raise ValueError(tmsg("unknown recompute mode {mode!r} (use one of {known})", mode=recompute,
                              known=", ".join(RECOMPUTE_MODES)))
    if software not in cal.FP8_TRAINING_SOFTWARE_SPEEDUP:
        raise ValueError(tmsg("unknown training software {software!r} (use one of {known})", software=software,
                              known=", ".join(cal.FP8_TRAINING_SOFTWARE_SPEEDUP)))
    notes: list[str] = []
    if precision == "fp4" and not cl.gpu.fp4_tflops:
        # no FP4 tensor cores (before Blackwell): the run can only use the FP8 recipe
        notes.append(tmsg("{gpu} has no FP4 tensor cores: sized with the FP8 recipe",
                          gpu=cl.gpu.model or cl.gpu.slug))
        precision = "fp8"
    seqs = max(1, int(global_batch_tokens // seq_len))
    cap = cl.gpu.capacity_bytes * cal.TRAIN_MEMORY_USABLE
    auto = recompute in (None, "auto")
    layouts = candidate_layouts(model, cl, zero, tp, pp, cp, seq_len, recompute)
    if not layouts:
        raise ValueError(tmsg("no tensor/context/pipeline split of {gpus} GPUs matches tp={tp}, cp={cp}, pp={pp}",
                              gpus=cl.gpus, tp=tp, cp=cp, pp=pp))
    best = None
    smallest: tuple[Layout, float, int] | None = None
    for lay in layouts:
        s = max(seqs, lay.dp)
        if auto and lay.recompute == "full":
            # partial recompute: only as many layers per stage as memory needs (block
            # method); a split that fits without recompute is tried as "none"
            k = min_recompute_layers(model, lay, seq_len, method, max(1, s // lay.dp), cap, lora_rank, precision)
            if k == 0:
                continue
            if k is not None:
                lay = replace(lay, recompute_layers=k if k < math.ceil(model.layers / lay.pp) else None)
        mem = memory_per_gpu_bytes(model, lay, seq_len, method, max(1, s // lay.dp), lora_rank, precision)
        if smallest is None or mem < smallest[1]:
            smallest = (lay, mem, s)
        if mem > cap:
            continue
        st = step_times(model, cl, lay, seq_len, s, precision, method, software, fp4_bf16_share)
        t = st.total_s / (s * seq_len)
        if best is None or t < best[0]:
            best = (t, lay, mem, st, s)
    fits = best is not None
    if best is None:
        assert smallest is not None  # layouts is not empty (refused above)
        lay, mem, s = smallest
        st = step_times(model, cl, lay, seq_len, s, precision, method, software, fp4_bf16_share)
        notes.append(tmsg("does not fit: needs {need:.1f} GiB per GPU in the leanest layout, {usable:.1f} GiB usable",
                          need=mem / GIB, usable=cap / GIB))
    else:
        _, lay, mem, st, s = best
    if s > seqs:
        notes.append(tmsg("global batch raised to {n} sequences (one per data-parallel rank)", n=s))
    batch_tokens = s * seq_len
    step = st.total_s
    tps = batch_tokens / step
    per_gpu = tps / cl.gpus
    mfu = per_gpu * model_flops_per_token(model, seq_len, method) / (cl.gpu.bf16_tflops * 1e12)
    gp = cal.GOODPUT if goodput is None else goodput
    seconds = tokens / (tps * gp)
    days = seconds / 86400.0
    ck = checkpoint_size_gb(model, method)
    ck_s = ck / cl.storage_write_gb_per_s if cl.storage_write_gb_per_s else None
    comm = st.tp_comm_s + st.pp_comm_s + st.dp_comm_s + st.ep_comm_s + st.cp_comm_s
    if not fits:
        bottleneck = "gpu_memory"
    elif comm > 0.5 * (st.gemm_s + st.memory_s):
        bottleneck = "interconnect"
    elif st.memory_s > st.gemm_s:
        bottleneck = "memory_bandwidth"
    else:
        bottleneck = "compute"
    return TrainingResult(
        model=model.slug, gpu=cl.gpu.slug, gpu_family=cl.gpu.family, model_layers=model.layers, gpus=cl.gpus,
        method=method, precision=precision,
        layout=lay, fits=fits, memory_per_gpu_gb=mem / GB, memory_capacity_gb=cl.gpu.capacity_bytes / GB,
        seq_len=seq_len, global_batch_tokens=float(batch_tokens), step_s=step,
        tokens_per_s=tps, tokens_per_s_per_gpu=per_gpu, mfu=mfu, days=days,
        gpu_hours=seconds / 3600.0 * cl.gpus, bottleneck=bottleneck, times=st,
        checkpoint_size_gb=ck, checkpoint_write_s=ck_s, nvlink_domain_gpus=cl.domain_gpus,
        notes=notes + list(cl.notes) + ([cl.storage_note] if cl.storage_note else []),
    )


def gpus_for_days(model: ModelArch, cl: ClusterSpec, tokens: float, target_days: float,
                  max_gpus: int = 1 << 20, **kw) -> int | None:
    """The fewest GPUs (whole nodes) that train ``tokens`` within ``target_days``,
    or None if even ``max_gpus`` cannot (scaling efficiency falls with size)."""
    step = cl.gpus_per_node if cl.gpus_per_node <= 8 else 8

    def ok(n: int) -> bool:
        r = train(model, cl.with_(gpus=n), tokens, **kw)
        return r.fits and r.days <= target_days

    # exponential search over powers of two, then bisection over whole nodes
    lo, hi = 0, step
    while not ok(hi):
        lo, hi = hi, hi * 2
        if hi > max_gpus:
            return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if mid <= lo:
            break
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi
