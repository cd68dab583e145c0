"""Inference serving: memory, decode step time, throughput, time to first token,
replicas, cost and energy per token.

One replica is ``tp`` GPUs holding the weights (split by tensor parallelism) and the
KV cache of ``batch`` sequences. A decode step produces one token for each sequence
and takes

    t_step = max(bytes read / (HBM bandwidth x eff), FLOPs / (peak x eff))
             + tensor-parallel all-reduces + per-step overhead

where bytes read are the weights (MoE: only the experts the batch touches) plus every
sequence's KV cache at its average length. Prefill is compute bound. Under continuous
batching a replica spends r x t_prefill of each second on prefills (r requests/s), so
with ``osl`` output tokens per request

    r = batch / (batch x t_prefill + osl x t_step)

System throughput = replicas x r x osl; per-user speed = r x osl / batch. Formulas and
sources: ``docs/workloads.md``; constants: :mod:`.calibration`.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from typing import Any

from planner.i18n import Np_, tmsg

from . import calibration as cal
from .arch import GB, ModelArch, math_precision, precision_bytes
from .cluster import ClusterSpec
from .uncertainty import error_band


@dataclass(slots=True)
class InferenceResult:
    model: str
    gpu: str
    gpus: int
    tp: int
    replicas: int
    precision: str
    kv_precision: str
    input_tokens: int
    output_tokens: int
    batch_per_replica: int
    max_concurrent_sequences: int  # per replica, by KV-cache memory
    fits: bool
    weights_gb: float
    weights_per_gpu_gb: float
    kv_cache_bytes_per_token: float
    kv_capacity_gb_per_gpu: float
    step_s: float
    prefill_s: float
    ttft_s: float
    tokens_per_s: float  # generated tokens, whole system
    tokens_per_s_per_user: float
    requests_per_s: float
    bottleneck: str
    decode_memory_s: float
    decode_compute_s: float
    decode_comm_s: float
    energy_j_per_token: float
    cost_per_million_tokens: float | None  # in ``currency``; a lower bound when not ``cost_complete``
    energy_cost_per_million_tokens: float
    notes: list[str] = field(default_factory=list)
    nvlink_domain_gpus: int = 8
    tp_in_nvlink_domain: bool = True
    stack: str = cal.DEFAULT_STACK
    pp: int = 1  # pipeline stages per replica (a replica is tp x pp GPUs)
    software: str = cal.DEFAULT_INFERENCE_SOFTWARE  # software generation (MLPerf round year)
    software_speedup: float = 1.0  # its factor on the stack's math speed (1.0: not scaled)
    scale_up: str = "nvlink"  # the tensor-parallel link: nvlink | pcie | network
    max_batch: int = 0  # the scheduler's sequence limit per replica (max_num_seqs, max_batch_size)
    length_spread: float = 0.0  # coefficient of variation of the output length
    ep: bool = False  # expert parallel MoE layers
    attention_dp: bool = False  # attention data parallel
    stages_in_nvlink_domain: bool = True
    prefill_share_s: float = 0.0  # replica time per request's prefill under load (throughput)
    currency: str = "USD"  # of the costs per token (the plan's)
    cost_complete: bool = True  # False: the capex share leaves the servers' price out (GPU only, or none)
    cost_basis: str = ""  # what the capex share is from ("server prices", "h100-sxm GPU price (GPU only)")
    gpu_family: str = ""  # catalog family of the GPU (its vendor picks the error band)

    @property
    def error_band(self) -> float | None:
        """The model's validated relative error for this stack's figures on this GPU
        vendor (docs/validation.md)."""
        return error_band("inference", self.stack, self.gpu_family)

    def to_dict(self) -> dict:
        return {
            "model": self.model, "gpu": self.gpu, "gpus": self.gpus, "tp": self.tp, "pp": self.pp,
            "nvlink_domain_gpus": self.nvlink_domain_gpus,
            "tp_in_nvlink_domain": self.tp_in_nvlink_domain, "scale_up": self.scale_up,
            "replicas": self.replicas, "precision": self.precision,
            "kv_precision": self.kv_precision, "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens, "batch_per_replica": self.batch_per_replica,
            "max_concurrent_sequences": self.max_concurrent_sequences * self.replicas,
            "max_concurrent_sequences_per_replica": self.max_concurrent_sequences,
            "fits": self.fits, "weights_gb": round(self.weights_gb, 3),
            "weights_per_gpu_gb": round(self.weights_per_gpu_gb, 3),
            "kv_cache_bytes_per_token": self.kv_cache_bytes_per_token,
            "kv_capacity_gb_per_gpu": round(self.kv_capacity_gb_per_gpu, 3),
            "step_s": self.step_s, "prefill_s": self.prefill_s, "ttft_s": self.ttft_s,
            "tokens_per_s": self.tokens_per_s, "tokens_per_s_per_user": self.tokens_per_s_per_user,
            "requests_per_s": self.requests_per_s, "bottleneck": self.bottleneck,
            "decode_breakdown_s": {"memory": self.decode_memory_s, "compute": self.decode_compute_s,
                                   "communication": self.decode_comm_s},
            "energy_j_per_token": self.energy_j_per_token,
            "cost_per_million_tokens": self.cost_per_million_tokens,
            "energy_cost_per_million_tokens": self.energy_cost_per_million_tokens,
            "currency": self.currency, "cost_complete": self.cost_complete, "cost_basis": self.cost_basis,
            "stack": self.stack, "software": self.software, "software_speedup": self.software_speedup,
            "max_seqs": self.max_batch, "length_spread": self.length_spread, "ep": self.ep,
            "attention_dp": self.attention_dp, "stages_in_nvlink_domain": self.stages_in_nvlink_domain,
            "error_band": self.error_band,
            "notes": list(self.notes),
        }


@dataclass(frozen=True, slots=True)
class _Replica:
    """Per-replica constants shared by every batch size (hoisted for sweeps)."""

    weights_per_gpu: float
    kv_tok_gpu: float  # KV bytes per token of one sequence on each GPU that holds it
    kv_cap_gpu: float
    max_seqs: int
    bw: float
    peak: float
    link_bw: float
    link_lat: float
    in_domain: bool  # the tensor-parallel group fits one NVLink domain
    kv_read_factor: float  # KV cache reads per step / KV cache size (pre-XQA GQA: heads/kv_heads)
    pp: int = 1  # pipeline stages
    stage_link_bw: float = 0.0  # B/s between pipeline stages
    stage_link_lat: float = 0.0
    scale_up: str = "nvlink"  # nvlink | pcie | network (the tensor-parallel group's link)
    stages_in_domain: bool = True  # every pipeline stage inside one NVLink domain
    stage_link: str = "nvlink"  # nvlink | pcie | network (between pipeline stages)
    dp: int = 1  # attention data-parallel ranks (each GPU of a stage holds its own sequences)
    ep: bool = False  # routed experts split whole over the stage's GPUs (all-to-all)
    a2a_bw: float = 0.0  # B/s per GPU of the expert-parallel all-to-all (NVLink and network mixed)
    a2a_lat: float = 0.0
    dispatch_bytes: float = 2.0  # bytes per hidden value sent to the experts (combine: 2, BF16)
    measured_allreduce: bool = False  # Infinity Fabric group: all-reduces by calibration.IF_ALLREDUCE_US
    nccl_large: bool = False  # NVLink all-reduces above the custom kernel's limit run in NCCL (stack)


def resident_tokens(isl: int, osl: int, reservation: str, spread: float = 0.0) -> float:
    """KV tokens one sequence holds, on average over its life in the batch.

    "full" reservation (TensorRT-LLM GUARANTEED_NO_EVICT): ISL + OSL from admission. "paged":
    the tokens written so far. A sequence of output length L holds ISL + t tokens at
    decode step t, so a request lives L steps and holds ISL + L/2 on average; requests
    with longer outputs also stay longer in the batch (length-biased sampling), so over
    the running batch the mean is ISL + E[L^2] / (2 E[L]) = ISL + OSL (1 + cv^2) / 2,
    cv = ``spread``, the coefficient of variation of the output length (0: every request
    the same length, as in trtllm-bench's token-norm-dist with stdev 0)."""
    if reservation != "paged":
        return float(isl + osl)
    return isl + osl * (1.0 + spread * spread) / 2.0


def software_speedup(stack: str, software: str) -> float:
    """The software generation's factor on ``stack``'s math speed (calibration
    INFERENCE_SOFTWARE_SPEEDUP; 1.0 for stacks without a published like-for-like pair)."""
    if software not in cal.INFERENCE_SOFTWARE_SPEEDUP:
        raise ValueError(tmsg("unknown inference software generation {software!r} (use one of {known})",
                              software=software, known=", ".join(cal.INFERENCE_SOFTWARE_SPEEDUP)))
    if stack not in cal.INFERENCE_SOFTWARE_STACKS:
        return 1.0
    return cal.INFERENCE_SOFTWARE_SPEEDUP[software] / cal.INFERENCE_SOFTWARE_SPEEDUP[cal.INFERENCE_SOFTWARE_REFERENCE]


def family_software_speedup(family: str, stack: str, software: str) -> float:
    """The software generation's factor on a GPU family's math speed for stacks without
    a stack-wide factor (calibration.FAMILY_SOFTWARE_SPEEDUP: ROCm vLLM on CDNA3); 1.0
    where no like-for-like pair is published."""
    table = cal.FAMILY_SOFTWARE_SPEEDUP.get((family, stack))
    if not table or software not in table:
        return 1.0
    return table[software] / table[cal.FAMILY_SOFTWARE_REFERENCE[(family, stack)]]


def allreduce_s(size_bytes: float, gpus: int, link_bw: float) -> float:
    """One all-reduce of ``size_bytes`` over ``gpus`` Infinity Fabric GPUs of ``link_bw``
    B/s each: the measured 8x MI300X time (calibration.IF_ALLREDUCE_US, interpolated in
    log-log) of the message with the same bus traffic per unit of link rate, so a group
    of other size or link speed moves along the same curve."""
    ref_n = cal.IF_ALLREDUCE_REFERENCE_GPUS
    ref_bw = cal.IF_ALLREDUCE_REFERENCE_GB_PER_S * GB
    bus = 2.0 * (gpus - 1) / gpus * size_bytes
    eq = bus / (2.0 * (ref_n - 1) / ref_n) * ref_bw / link_bw  # the reference message of equal cost
    pts = cal.IF_ALLREDUCE_US
    if eq <= pts[0][0]:
        return pts[0][1] * 1e-6
    if eq >= pts[-1][0]:  # beyond the table: its last bus bandwidth
        return pts[-1][1] * 1e-6 * eq / pts[-1][0]
    k = bisect.bisect_left(pts, (eq, -1.0))  # pts[k - 1][0] < eq <= pts[k][0]
    (s0, t0), (s1, t1) = pts[k - 1], pts[k]
    f = math.log(eq / s0) / math.log(s1 / s0)
    return t0 * (t1 / t0) ** f * 1e-6


def _ar_s(rep: _Replica, tp: int, size_bytes: float) -> float:
    """One tensor-parallel all-reduce of ``size_bytes``: bandwidth and latency terms, or
    the measured curve on Infinity Fabric."""
    if rep.measured_allreduce:
        return allreduce_s(size_bytes, tp, rep.link_bw)
    return 2.0 * (tp - 1) / tp * size_bytes / _ar_bw(rep, size_bytes) + rep.link_lat


def _ar_bw(rep: _Replica, size_bytes: float) -> float:
    """Link rate an all-reduce of ``size_bytes`` moves data at: NCCL's share of NVLink for the
    messages vLLM and SGLang hand to NCCL (calibration.NCCL_NVLINK_DATA_SHARE), else the link's."""
    if rep.nccl_large and size_bytes > cal.CUSTOM_ALLREDUCE_MAX_BYTES:
        return rep.link_bw * cal.NCCL_NVLINK_DATA_SHARE
    return rep.link_bw


def _link(cl: ClusterSpec, size: int) -> tuple[float, float, bool, str]:
    """(B/s, latency s, inside one NVLink domain or server, kind) of a collective among
    ``size`` GPUs: NVLink inside the domain; PCIe inside a server of GPUs without NVLink
    (switch or CPU root complex, :meth:`ClusterSpec.pcie_collective`); else the
    inter-node fabric."""
    link_gb, in_domain = cl.group_link(size)
    if not in_domain:
        return link_gb * GB, cal.NETWORK_HOP_LATENCY_S, False, "network"
    if not cl.has_nvlink:
        bw, lat = cl.pcie_collective(size)
        return bw * GB, lat, True, "pcie"
    return link_gb * GB, cal.NVLINK_COLLECTIVE_LATENCY_S, True, "nvlink"


def _stage_link(cl: ClusterSpec, tp: int, pp: int) -> tuple[float, float, bool, str]:
    """(B/s, latency s, inside one domain, kind) of the point-to-point hand-off between
    pipeline stages of ``tp`` GPUs each: NVLink inside the domain (one send,
    calibration.NVLINK_P2P_LATENCY_S), PCIe (one ring step of the PCIe collective), or
    the inter-node fabric (calibration.NETWORK_HOP_LATENCY_S per hop)."""
    bw, _lat, in_domain, kind = _link(cl, tp * pp)
    if kind == "nvlink":
        return bw, cal.NVLINK_P2P_LATENCY_S, in_domain, kind
    if kind == "pcie":
        return bw, cal.PCIE_RING_STEP_LATENCY_S, in_domain, kind
    return bw, cal.NETWORK_HOP_LATENCY_S, in_domain, kind


def _replica(model: ModelArch, cl: ClusterSpec, tp: int, precision: str, kv_precision: str,
             isl: int, osl: int, stack: cal.ServingStack, pp: int = 1,
             speedup: float = 1.0, spread: float = 0.0, ep: bool = False,
             attention_dp: bool = False) -> _Replica:
    """Per-GPU figures of a replica of ``tp`` x ``pp`` GPUs. Pipeline stages hold
    layers / pp layers each: weights and KV cache per GPU shrink by pp.

    ``attention_dp`` (MoE): each of a stage's ``tp`` GPUs runs attention for its own
    sequences (SGLang --enable-dp-attention, TensorRT-LLM enable_attention_dp): the
    attention and dense weights are replicated on every GPU, the routed experts split
    over them (expert parallel), and a sequence's KV cache lives whole on one GPU (an MLA
    latent is then stored once instead of on every TP rank)."""
    gpu = cl.gpu
    fam = cal.FAMILY_INFERENCE_FACTOR.get(gpu.family, 0.8)
    # math speed: the family's factor times the GPU's sustained-clock ratio to the family's
    # calibration reference (MI325X at 1,000 W holds 1,447 MHz in a BF16 GEMM, MI300X at
    # 750 W 1,207 MHz; calibration.FAMILY_GEMM_CLOCK_REFERENCE)
    fam_math = fam * cal.FAMILY_INFERENCE_COMPUTE_FACTOR.get(gpu.family, 1.0) \
        * gpu.compute_clock_factor(cal.FAMILY_GEMM_CLOCK_REFERENCE)
    b = precision_bytes(precision)
    dp = tp if attention_dp else 1
    if attention_dp:
        dense, routed = model.moe_split()
        wpg = (dense + routed / tp) * b / pp
        kv_tok_gpu = model.kv_bytes_per_token(kv_precision, context=isl + osl) / pp
    else:
        wpg = model.weights_bytes(precision) / tp / pp
        # local-attention layers (sliding window, chunks) cache only their window
        kv_tok_gpu = model.kv_bytes_per_token_per_gpu(kv_precision, tp, context=isl + osl) / pp
    kv_cap = stack.kv_capacity_bytes(gpu.capacity_bytes, wpg, tp)
    usable = kv_cap
    if stack.kv_reservation == "paged":
        usable = kv_cap * (1.0 - cal.PAGED_KV_WATERMARK)
    per_seq = kv_tok_gpu * resident_tokens(isl, osl, stack.kv_reservation, spread)
    max_seqs = int(usable // per_seq) * dp
    if kv_tok_gpu * (isl + osl) > usable:  # the longest sequence must fit on its own
        max_seqs = 0
    bw = gpu.hbm_gb_per_s * GB * stack.bandwidth_efficiency * fam
    mp = math_precision(precision)
    peak = gpu.peak_tflops(mp) * 1e12 * stack.compute_efficiency * fam_math * speedup
    if mp != "bf16" and gpu.peak_tflops(mp) > gpu.bf16_tflops:
        # low-precision math reaches less of its peak (calibration.INFERENCE_PRECISION_EFFICIENCY)
        peak *= cal.INFERENCE_PRECISION_EFFICIENCY.get(mp, cal.FP8_GEMM_RELATIVE_EFFICIENCY)
    link_bw, lat, in_domain, kind = _link(cl, tp)
    st_bw, st_lat, st_in, st_kind = 0.0, 0.0, True, kind
    if pp > 1:
        st_bw, st_lat, st_in, st_kind = _stage_link(cl, tp, pp)
    kv_read = 1.0
    if not stack.gqa_shared_kv and model.attention != "mla":
        # query heads per GPU / KV heads per GPU
        kv_read = (model.heads / tp) / max(1.0, model.kv_heads / tp)
        kv_read = max(1.0, kv_read)
    a2a_bw, a2a_lat = link_bw, lat
    if (ep or attention_dp) and tp > 1 and not in_domain:
        # the share of a token's experts outside its NVLink domain goes over the network
        # (as training's expert-parallel all-to-all: training.step_times)
        cross = max(0.0, 1.0 - cl.domain_gpus / tp)
        near = cl.scale_up_gb_per_s() * GB if cl.has_nvlink else link_bw
        a2a_bw = 1.0 / ((1.0 - cross) / near + cross / link_bw)
    dispatch = 1.0 if mp in ("fp8", "fp4") else 2.0
    measured = kind == "nvlink" and gpu.interconnect == "infinity-fabric"
    nccl_large = stack.nccl_large_allreduce and kind == "nvlink" and not measured
    return _Replica(wpg, kv_tok_gpu, kv_cap, max_seqs, bw, peak, link_bw, lat, in_domain, kv_read,
                    pp, st_bw, st_lat, kind, st_in, st_kind, dp, ep or attention_dp, a2a_bw, a2a_lat, dispatch,
                    measured, nccl_large)


def _moe_comm_s(model: ModelArch, rep: _Replica, tp: int, tokens: float) -> float:
    """Expert-parallel all-to-all of ``tokens`` tokens (those of one GPU) on one stage,
    as much of it as is not hidden under compute: each token goes to its k experts and
    comes back (dispatch in the weights' 8-bit format where they have one, combine in
    BF16), (tp - 1) / tp of the copies to another GPU, two latencies per MoE layer. The
    share hidden under compute is training's EP_COMM_OVERLAP (two micro-batches in flight:
    SGLang's two-batch overlap, vLLM's dual-batch overlap, DeepSeek's DualPipe)."""
    layers = model.moe_layers / rep.pp
    size = tokens * model.experts_per_token * model.hidden * (rep.dispatch_bytes + 2.0) * (tp - 1) / tp
    t = layers * (size / rep.a2a_bw + 2 * rep.a2a_lat)
    return t * (1.0 - cal.EP_COMM_OVERLAP)


def _decode_times(model: ModelArch, rep: _Replica, tp: int, batch: int,
                  ctx: float) -> tuple[float, float, float, float]:
    """One decode step at ``batch``: (memory-side s, compute-side s, communication s,
    total s without the fixed overhead).

    The step runs two kinds of kernels one after the other, each under its own
    roofline: the weight matmuls (weights read once for the batch vs matmul FLOPs) and
    attention (every sequence's KV cache read vs the score FLOPs).
    """
    pp = rep.pp
    # With pp stages, in-flight batching keeps pp micro-batches of batch/pp sequences in the
    # pipeline: a step of every sequence is pp micro-batch passes on each GPU, each
    # reading the stage's weights once (pp x the per-GPU weights), so pipeline stages trade
    # weight reads for the tensor-parallel all-reduces they avoid.
    micro = max(batch / pp, 1.0)
    if rep.dp > 1:
        # attention data parallel: each GPU reads the replicated dense weights for its own
        # sequences and its share of the routed experts for the tokens routed to them
        dense, routed = model.moe_split()
        bpp = rep.weights_per_gpu / (dense + routed / tp)  # bytes per parameter per stage
        frac = model.experts_per_token / model.experts
        touched = 1.0 - (1.0 - frac) ** micro
        w_read = pp * (dense + routed / tp * touched) * bpp
        seqs = batch / rep.dp
        # active = dense + routed x k / E (ModelArch.moe_split)
        gemm_comp = (2.0 * dense * seqs + 2.0 * routed * frac * batch / tp) / pp / rep.peak
        attn_mem = seqs * ctx * rep.kv_tok_gpu * rep.kv_read_factor / rep.bw
        attn_comp = seqs * model.attention_span(ctx) / pp * model.decode_attention_flops_per_pair / rep.peak
        comm = _moe_comm_s(model, rep, tp, seqs) if tp > 1 else 0.0
    else:
        w_read = pp * model.weights_read_params(micro) / model.params * rep.weights_per_gpu
        gemm_comp = batch * 2.0 * model.active_params / tp / pp / rep.peak
        attn_mem = batch * ctx * rep.kv_tok_gpu * rep.kv_read_factor / rep.bw
        attn_comp = batch * model.attention_span(ctx) / pp * model.decode_attention_flops_per_pair / tp / rep.peak
        comm = 0.0
        if tp > 1:
            size = batch * model.hidden * 2.0
            # two all-reduces per layer (after attention and after the MLP); with expert
            # parallelism the MoE layers' MLP all-reduce becomes an all-to-all
            n_ar = 2 * model.layers - (model.moe_layers if rep.ep else 0)
            if rep.measured_allreduce:
                comm = n_ar / pp * allreduce_s(size, tp, rep.link_bw)
            else:
                comm = n_ar / pp * (2.0 * (tp - 1) / tp * size / _ar_bw(rep, size)) + n_ar * rep.link_lat
            if rep.ep:
                comm += _moe_comm_s(model, rep, tp, batch)
    gemm_mem = w_read / rep.bw
    if pp > 1:  # each micro-batch's activations go to the next stage once per step
        comm += batch * model.hidden * 2.0 / tp / rep.stage_link_bw + pp * rep.stage_link_lat
    gemm = max(gemm_mem, gemm_comp)
    attn = max(attn_mem, attn_comp)
    mem_side = (gemm_mem if gemm_mem >= gemm_comp else 0.0) + (attn_mem if attn_mem >= attn_comp else 0.0)
    comp_side = (gemm_comp if gemm_comp > gemm_mem else 0.0) + (attn_comp if attn_comp > attn_mem else 0.0)
    total = gemm + attn + comm
    if pp > 1:  # unbalanced micro-batches: each further stage idles a share of the step
        total *= 1.0 + cal.PP_STAGE_BUBBLE * (pp - 1)
    return mem_side, comp_side, comm, total


def _prefill_s(model: ModelArch, rep: _Replica, tp: int, isl: int, single: bool,
               overhead_s: float = 0.0) -> float:
    """Prefill of one request: compute bound (causal attention counts half the scores).

    A lone request (``single``, the time to first token) also streams the weights once
    and pays one step overhead. Its matmuls have M = prompt tokens, near the ridge point
    where a roofline's max(memory, math) is only the optimistic bound: each layer's
    weight tiles are loaded and multiplied in turn, so the weight read is charged in
    series with the math (no overlap). With one request that is what TensorRT-LLM's
    first-token tables show: 7 ms for Llama-2-7B at 128 tokens on H100, where the
    overlapped bound is 5 ms (docs/validation.md)."""
    flops = 2.0 * model.active_params * isl + 4.0 * model.prefill_attention_pairs(isl) * model.attn_dim
    pp = rep.pp
    if single:
        # a lone request passes the stages one after the other
        t = flops / tp / rep.peak + pp * rep.weights_per_gpu / rep.bw + overhead_s
        return t + pp * _prefill_comm_s(model, rep, tp, isl) + _stage_hops_s(model, rep, tp, isl)
    # throughput: the stages work on different requests at once
    if rep.dp > 1:  # attention data parallel: each GPU prefills its own requests
        return flops / tp / pp / rep.peak + _moe_comm_s(model, rep, tp, isl) / tp \
            + _stage_hops_s(model, rep, tp, isl) / pp
    comm = _prefill_comm_s(model, rep, tp, isl)
    if rep.ep and tp > 1:  # the MoE layers' all-reduce becomes an all-to-all
        comm = comm * (1.0 - model.moe_layers / (2.0 * model.layers)) + _moe_comm_s(model, rep, tp, isl)
    return flops / tp / pp / rep.peak + comm + _stage_hops_s(model, rep, tp, isl) / pp


def _prefill_comm_s(model: ModelArch, rep: _Replica, tp: int, isl: int) -> float:
    """Tensor-parallel all-reduces of one request's prefill on one stage (2 per layer)."""
    if tp <= 1:
        return 0.0
    size = isl * model.hidden * 2.0
    return 2 * model.layers / rep.pp * _ar_s(rep, tp, size)


def _stage_hops_s(model: ModelArch, rep: _Replica, tp: int, isl: int) -> float:
    """One request's activations handed from stage to stage (pp - 1 hops)."""
    if rep.pp <= 1:
        return 0.0
    return (rep.pp - 1) * (isl * model.hidden * 2.0 / tp / rep.stage_link_bw + rep.stage_link_lat)


def infer(model: ModelArch, cl: ClusterSpec, *, precision: str = "bf16",
          kv_precision: str | None = None, input_tokens: int = 1024, output_tokens: int = 256,
          tp: int | None = None, batch: int | None = None, users: int | None = None,
          stack: str = cal.DEFAULT_STACK, pp: int | None = None, software: str | None = None,
          max_batch: int | None = None, length_spread: float = 0.0, ep: bool = False,
          attention_dp: bool = False, target_tokens_per_s_per_user: float | None = None,
          target_ttft_s: float | None = None, whole_replicas: bool = False) -> InferenceResult:
    """Size a serving deployment on ``cl``.

    ``batch``: sequences per replica. ``users``: concurrent users over the whole system
    (batch = ceil(users / replicas)). Neither: the largest batch that fits (maximum
    sustained throughput), at most ``max_batch`` (the engine's scheduler limit: vLLM
    --max-num-seqs, TensorRT-LLM max_batch_size; default the stack's). A replica is
    ``tp`` x ``pp`` GPUs (tensor x pipeline parallel). Without ``tp``: the smallest
    power-of-two replica that holds the weights and at least ~8 sequences (or the users),
    laid out as the TP x PP split of that size with the highest throughput
    (:func:`auto_layout`). ``software``: the serving software's generation (year of its
    MLPerf Inference round, calibration.INFERENCE_SOFTWARE_SPEEDUP; a stack generation
    with its own constants, calibration.STACK_GENERATIONS; default current).
    ``length_spread``: coefficient of variation of the output length (paged KV caches
    hold the tokens written, :func:`resident_tokens`). ``ep``: MoE experts split whole
    over the tensor-parallel GPUs (all-to-all instead of the MLP all-reduce);
    ``attention_dp``: attention data parallel with expert-parallel MoE layers.
    ``target_tokens_per_s_per_user`` / ``target_ttft_s`` with ``users`` and no ``tp``: the
    layout is the one with the best margin on those targets (:func:`target_layout`, the
    choice a plan's workload verdict makes too). ``whole_replicas``: a replica size that
    does not divide the GPUs runs as many whole replicas as they hold and leaves the rest
    idle (the automatic layout's choice may; a TP given by the user must divide them).
    """
    if cl.gpus < 1:
        raise ValueError(tmsg("the cluster needs at least one GPU"))
    if input_tokens < 1 or output_tokens < 1:
        raise ValueError(tmsg("input and output tokens must be >= 1"))
    precision_bytes(precision)
    kv_precision = kv_precision or ("fp8" if precision in ("fp8", "fp4") else "bf16")
    precision_bytes(kv_precision)
    if stack not in cal.STACKS:
        raise ValueError(tmsg("unknown serving stack {stack!r} (use one of {stacks})", stack=stack,
                              stacks=", ".join(cal.STACKS)))
    isl, osl = int(input_tokens), int(output_tokens)
    software = software or cal.DEFAULT_INFERENCE_SOFTWARE
    speedup = software_speedup(stack, software)
    family_speedup = family_software_speedup(cl.gpu.family, stack, software)
    speedup *= family_speedup
    # a family whose constants were calibrated on one generation of the stack, with a published
    # like-for-like gain to the next (ROCm vLLM on CDNA3: calibration.FAMILY_SOFTWARE_SPEEDUP),
    # keeps that generation's engine constants and takes the published gain, instead of the
    # next engine's constants fitted on other GPUs (which would count the gain twice)
    engine_software = cal.FAMILY_SOFTWARE_REFERENCE.get((cl.gpu.family, stack), software)
    st = cal.STACKS[cal.stack_for(stack, engine_software)]
    if max_batch is not None and max_batch < 1:
        raise ValueError(tmsg("the scheduler's batch limit must be >= 1"))
    if not 0.0 <= length_spread <= 10.0:
        raise ValueError(tmsg("the output-length spread must be between 0 and 10 (coefficient of variation)"))
    if (ep or attention_dp) and not model.is_moe:
        raise ValueError(tmsg("expert parallelism and attention data parallelism need a mixture-of-experts "
                              "model; {model} is dense", model=model.slug))
    cap = int(max_batch) if max_batch is not None else st.scheduler_cap(cl.gpu.capacity_bytes, cl.gpu.slug)
    notes: list[str] = []
    if isl + osl > model.max_context:
        notes.append(tmsg("input + output ({tokens}) exceeds the model's context ({context})", tokens=isl + osl,
                          context=model.max_context))
    if pp is not None and (pp < 1 or model.layers < pp):
        raise ValueError(tmsg("pipeline-parallel degree {pp} must be between 1 and the model's {layers} layers",
                              pp=pp, layers=model.layers))
    auto = tp is None
    if tp is None:
        if users is not None and batch is None and (target_tokens_per_s_per_user is not None
                                                    or target_ttft_s is not None):
            tp, pp = target_layout(model, cl, precision, kv_precision, isl, osl, stack, users=users,
                                   tokens_per_s_per_user=target_tokens_per_s_per_user, ttft_s=target_ttft_s,
                                   pp=pp, software=software, max_batch=max_batch, length_spread=length_spread,
                                   ep=ep, attention_dp=attention_dp)
            whole_replicas = True
        else:
            tp, pp = auto_layout(model, cl, precision, kv_precision, isl, osl, stack, users=users, batch=batch,
                                 pp=pp, software=software, max_batch=cap, length_spread=length_spread, ep=ep,
                                 attention_dp=attention_dp)
    pp = pp or 1
    if tp < 1 or tp * pp > cl.gpus or (cl.gpus % (tp * pp) and not whole_replicas):
        raise ValueError(tmsg("a replica of TP{tp} x PP{pp} = {n} GPUs does not divide {gpus} GPUs",
                              tp=tp, pp=pp, n=tp * pp, gpus=cl.gpus))
    replicas = cl.gpus // (tp * pp)
    if cl.gpus % (tp * pp):
        notes.append(tmsg(Np_("{n} replica of TP{tp} x PP{pp} uses {used} of the {gpus} GPUs; {idle} stay idle",
                              "{n} replicas of TP{tp} x PP{pp} use {used} of the {gpus} GPUs; {idle} stay idle"),
                          n=replicas, tp=tp, pp=pp, used=replicas * tp * pp, gpus=cl.gpus,
                          idle=cl.gpus - replicas * tp * pp))
    rep = _replica(model, cl, tp, precision, kv_precision, isl, osl, st, pp, speedup, length_spread, ep,
                   attention_dp)
    if not rep.in_domain:
        notes.append(tmsg("TP{tp} spans more than one NVLink domain ({domain} GPUs): its all-reduces cross the "
                          "inter-node fabric at {gb_per_s:g} GB/s per GPU", tp=tp, domain=cl.domain_gpus,
                          gb_per_s=cl.internode_gb_per_s))
    elif not rep.stages_in_domain:
        notes.append(tmsg("the {pp} pipeline stages of TP{tp} span more than one NVLink domain ({domain} GPUs): "
                          "activations pass between stages over the inter-node fabric at {gb_per_s:g} GB/s per GPU",
                          pp=pp, tp=tp, domain=cl.domain_gpus, gb_per_s=cl.internode_gb_per_s))
    if stack in cal.INFERENCE_SOFTWARE_STACKS:
        notes.append(tmsg("assumes {stack} software of the {round} generation ({software})", stack=stack,
                          round=cal.INFERENCE_SOFTWARE_ROUND[software], software=software))
    elif (stack, software) in cal.STACK_ENGINE or (cl.gpu.family, stack) in cal.FAMILY_SOFTWARE_SPEEDUP:
        if (stack, software) in cal.STACK_ENGINE:
            notes.append(tmsg("assumes {stack} {engine} (the {software} generation) with its own efficiencies and "
                              "scheduler defaults", stack=stack, engine=cal.STACK_ENGINE[(stack, software)],
                              software=software))
        if (cl.gpu.family, stack) in cal.FAMILY_SOFTWARE_SPEEDUP:
            notes.append(tmsg("assumes {stack} software of {software} on this GPU family: {factor:.2f}x the math "
                              "speed of the {reference} software the family's constants were calibrated on",
                              stack=stack, software=software, factor=family_speedup,
                              reference=cal.FAMILY_SOFTWARE_REFERENCE[(cl.gpu.family, stack)]))
    else:
        notes.append(tmsg("{stack}: no software-generation factor (no published like-for-like pair); "
                          "the {software} generation is not applied", stack=stack, software=software))
    fits = rep.max_seqs >= 1
    if batch is None and users is not None:
        batch = max(1, math.ceil(users / replicas))
    if batch is None:  # maximum sustained throughput: the largest batch the engine schedules
        batch = max(1, min(rep.max_seqs, cap))
        if cap < rep.max_seqs:
            notes.append(tmsg("the scheduler's limit of {cap} sequences per replica binds (the KV cache holds "
                              "{max}); a higher max_seqs raises it", cap=cap, max=rep.max_seqs))
    if batch > rep.max_seqs:
        fits = False
        if rep.max_seqs < 1 and auto:
            notes.append(tmsg("no layout of up to {n} GPUs per replica holds the weights and the KV cache of one "
                              "sequence: even at TP{tp} x PP{pp} the weights need {gb:.1f} GB per GPU",
                              n=tp * pp, tp=tp, pp=pp, gb=rep.weights_per_gpu / GB))
        elif rep.max_seqs < 1:
            notes.append(tmsg("weights need {gb:.1f} GB per GPU at tp={tp}: no room for the KV cache of one "
                              "sequence", gb=rep.weights_per_gpu / GB, tp=tp))
        else:
            notes.append(tmsg("{batch} sequences per replica do not fit: the KV cache holds {max} at {tokens} "
                              "tokens", batch=batch, max=rep.max_seqs, tokens=isl + osl))
    ctx = isl + osl * (1.0 + length_spread * length_spread) / 2.0
    mem, comp, comm, t_kernels = _decode_times(model, rep, tp, batch, ctx)
    # one fixed overhead per forward pass; pp micro-batches are pp passes per step
    t_step = t_kernels + st.step_overhead_s * pp
    t_pf = _prefill_s(model, rep, tp, isl, single=False)
    t_pf1 = _prefill_s(model, rep, tp, isl, single=True, overhead_s=st.step_overhead_s)
    r = batch / (batch * t_pf + osl * t_step)  # requests per second per replica
    serving = replicas
    if users is not None and batch is not None:
        # fewer users than replicas x batch: the spare replicas idle (still drawing power and
        # costing money) and add no tokens
        serving = min(replicas, max(1, math.ceil(users / batch)))
        if serving < replicas:
            notes.append(tmsg("{users} users keep {serving} of {replicas} replicas busy; the others idle",
                              users=users, serving=serving, replicas=replicas))
    tps = r * osl * serving
    per_user = r * osl / batch
    ttft = t_pf1 + t_step * (batch - 1) / batch
    if not fits:
        bottleneck = "gpu_memory"
    else:
        # share of replica time in each kind of work (prefill is compute)
        decode_share = r * osl * t_step / batch
        pf_comm = _prefill_comm_s(model, rep, tp, isl)
        parts = {"memory_bandwidth": mem / t_step * decode_share,
                 "compute": comp / t_step * decode_share + r * (t_pf - pf_comm),
                 "interconnect": comm / t_step * decode_share + r * pf_comm}
        bottleneck = max(parts, key=lambda k: parts[k])
    power = cl.load_power_per_gpu_w() * cl.gpus
    energy_j = power * cl.pue / tps if tps > 0 else math.inf
    capex_h, energy_h = cl.cost_per_gpu_hour()
    tok_h = tps * 3600.0 / cl.gpus
    energy_cost = energy_h / tok_h * 1e6
    cost = (capex_h + energy_h) / tok_h * 1e6 if capex_h is not None else None
    if cost is None:
        notes.append(tmsg("no price in the catalog for this GPU or server: cost per token is energy only"))
    return InferenceResult(
        model=model.slug, gpu=cl.gpu.slug, gpu_family=cl.gpu.family, gpus=cl.gpus, tp=tp, replicas=replicas,
        precision=precision, kv_precision=kv_precision, input_tokens=isl, output_tokens=osl,
        batch_per_replica=batch, max_concurrent_sequences=max(rep.max_seqs, 0), fits=fits,
        weights_gb=model.weights_gb(precision), weights_per_gpu_gb=rep.weights_per_gpu / GB,
        kv_cache_bytes_per_token=model.kv_bytes_per_token(kv_precision, context=isl + osl),
        kv_capacity_gb_per_gpu=rep.kv_cap_gpu / GB, step_s=t_step, prefill_s=t_pf1,
        ttft_s=ttft, tokens_per_s=tps, tokens_per_s_per_user=per_user,
        requests_per_s=r * serving, bottleneck=bottleneck, decode_memory_s=mem,
        decode_compute_s=comp, decode_comm_s=comm, energy_j_per_token=energy_j,
        cost_per_million_tokens=cost, energy_cost_per_million_tokens=energy_cost,
        currency=cl.currency, cost_complete=cost is not None and cl.capex_complete, cost_basis=cl.capex_source,
        notes=notes + list(cl.notes), nvlink_domain_gpus=cl.domain_gpus,
        tp_in_nvlink_domain=rep.in_domain, stack=stack, pp=pp, software=software,
        software_speedup=speedup, scale_up=rep.scale_up, max_batch=cap, length_spread=length_spread,
        ep=rep.ep, attention_dp=attention_dp, stages_in_nvlink_domain=rep.stages_in_domain,
        prefill_share_s=t_pf,
    )


def tp_options(model: ModelArch, cl: ClusterSpec) -> list[int]:
    out, t = [], 1
    while t <= cl.gpus:
        if cl.gpus % t == 0:
            out.append(t)
        t *= 2
    return out


def auto_layout(model: ModelArch, cl: ClusterSpec, precision: str, kv_precision: str, isl: int,
                osl: int, stack: str = cal.DEFAULT_STACK, *, users: int | None = None,
                batch: int | None = None, pp: int | None = None, software: str | None = None,
                max_batch: int | None = None, length_spread: float = 0.0, ep: bool = False,
                attention_dp: bool = False) -> tuple[int, int]:
    """(TP, PP) of the replica :func:`infer` uses when none is given. From the smallest
    replica that holds the weights and the users (:func:`auto_tp`) up to one NVLink
    domain (or server), every power-of-two replica size split into TP x PP is sized, and
    the layout serving the most tokens per second wins (with ``users`` given, that is the
    fastest per user). NVIDIA's MLPerf Inference v5.0 H100 submission serves Llama 2 70B
    as TP1 PP2 replicas: the FP8 weights fit one GPU, but a second one buys KV room for a
    larger batch, and a pipeline stage costs no all-reduces. Pipeline stages are not
    free: each is a further forward pass per step with the stack's overhead and a share
    of idle time (calibration.PP_STAGE_BUBBLE), and a hand-off over PCIe or the network.
    ``pp`` given: only TP is chosen (the smallest replica, as :func:`auto_tp`). When no
    layout holds the weights and one sequence, the largest replica tried is returned (so
    the answer names the layout that came closest, not TP1)."""
    kw: dict[str, Any] = dict(length_spread=length_spread, ep=ep, attention_dp=attention_dp)
    size = auto_tp(model, cl, precision, kv_precision, isl, osl, stack, users=users, batch=batch,
                   pp=pp or 1, software=software, **kw)
    if pp is not None:
        return size, pp
    top = max(size, min(cl.gpus, cl.domain_gpus))
    best, best_tps = (size, 1), -1.0  # the fastest layout without pipeline stages
    best_pp, best_pp_tps = (size, 1), -1.0  # the fastest with
    largest = (size, 1)
    n = size
    while n <= top:
        if cl.gpus % n == 0:
            largest = (n, 1)
            p = 1
            while p <= n and p <= model.layers:
                t = n // p
                r = infer(model, cl, precision=precision, kv_precision=kv_precision, input_tokens=isl,
                          output_tokens=osl, tp=t, pp=p, batch=batch, users=users, stack=stack,
                          software=software, max_batch=max_batch, **kw)
                if p == 1 and r.fits and r.tokens_per_s > best_tps * (1.0 + 1e-9):
                    best, best_tps = (t, p), r.tokens_per_s
                if p > 1 and r.fits and r.tokens_per_s > best_pp_tps * (1.0 + 1e-9):
                    best_pp, best_pp_tps = (t, p), r.tokens_per_s
                p *= 2
        n *= 2
    if best_tps < 0 and best_pp_tps < 0:
        return largest
    # pipeline stages only where they buy more than the model can tell apart
    if best_pp_tps > max(best_tps, 0.0) * (1.0 + cal.PP_MIN_GAIN):
        return best_pp
    return best if best_tps >= 0 else best_pp


def auto_tp(model: ModelArch, cl: ClusterSpec, precision: str, kv_precision: str, isl: int,
            osl: int, stack: str = cal.DEFAULT_STACK, min_seqs: int = 8, users: int | None = None,
            batch: int | None = None, pp: int = 1, software: str | None = None,
            length_spread: float = 0.0, ep: bool = False, attention_dp: bool = False) -> int:
    """Smallest power-of-two TP whose replica holds the weights and ``min_seqs``
    sequences (else the one holding the most; the largest when none holds one). With
    ``users`` (or ``batch`` per replica) given, the smallest TP whose replicas hold them
    all: a 70B model in FP8 fits one 80 GB H100, but 500 users on 8 GPUs need the KV room
    of TP2 replicas."""
    st = cal.STACKS[cal.stack_for(stack, software or cal.DEFAULT_INFERENCE_SOFTWARE)]
    best, best_seqs = None, 0
    first_fit = None
    options = tp_options(model, cl.with_(gpus=cl.gpus // pp) if cl.gpus % pp == 0 else cl)
    for t in options:
        seqs = _replica(model, cl, t, precision, kv_precision, isl, osl, st, pp, spread=length_spread, ep=ep,
                        attention_dp=attention_dp).max_seqs
        if seqs >= min_seqs and first_fit is None:
            first_fit = t
        need = batch if batch is not None else (math.ceil(users / max(1, cl.gpus // (t * pp))) if users else None)
        if seqs >= min_seqs and (need is None or seqs >= need):
            return t
        if seqs > best_seqs:
            best, best_seqs = t, seqs
    if first_fit is not None:
        return first_fit
    if best is not None:
        return best
    return options[-1] if options else 1


def target_margin(r: InferenceResult, users: int, tokens_per_s_per_user: float | None,
                  ttft_s: float | None) -> tuple[float, str]:
    """The tightest target's margin (achieved / required - 1) of a sized deployment and what
    limits it: the users the KV cache holds, and where it runs, the per-user speed and the
    time to first token. A plan's workload verdict and :func:`target_layout` both judge by it."""
    margins: list[tuple[float, str]] = []
    # concurrency: sequences the KV cache holds vs users
    margins.append((r.max_concurrent_sequences * r.replicas / users - 1.0, "gpu_memory"))
    if tokens_per_s_per_user is not None and r.fits:
        limiter = "interconnect" if r.decode_comm_s > max(r.decode_memory_s, r.decode_compute_s) else (
            "memory_bandwidth" if r.decode_memory_s >= r.decode_compute_s else "compute")
        margins.append((r.tokens_per_s_per_user / tokens_per_s_per_user - 1.0, limiter))
    if ttft_s is not None and r.fits:
        margins.append((ttft_s / r.ttft_s - 1.0, "compute"))
    return min(margins)


def layout_runs(r: InferenceResult) -> bool:
    """Does a sized deployment run its users: the KV cache holds each replica's sequences and
    the scheduler takes them all at once (its ``max_seqs``; more users a replica would wait)."""
    return r.fits and r.batch_per_replica <= r.max_batch


def target_layout(model: ModelArch, cl: ClusterSpec, precision: str, kv_precision: str, isl: int,
                  osl: int, stack: str = cal.DEFAULT_STACK, *, users: int,
                  tokens_per_s_per_user: float | None = None, ttft_s: float | None = None,
                  pp: int | None = None, software: str | None = None, max_batch: int | None = None,
                  length_spread: float = 0.0, ep: bool = False, attention_dp: bool = False) -> tuple[int, int]:
    """(TP, PP) of the replica with the best margin on the targets (:func:`target_margin`;
    one that runs first (:func:`layout_runs`), then the margin), for ``users`` with a per-user speed or a
    first-token target. The plan's workload verdicts and ``rackwright size infer`` choose
    by it, so both name the same layout.

    Every power-of-two replica size up to one NVLink domain (or server), or up to the
    smallest that holds the weights when one domain cannot, and at most the GPUs there are,
    is split into TP x PP (``pp`` given: only that many stages); a size that does not
    divide the GPUs runs as many whole replicas as they hold (the rest idle). The sizes
    tried never shrink as GPUs are added, and each layout's margin only grows with more
    replicas (fewer users each), so more hardware never lowers the margin chosen. Ties go
    to the smaller replica, then to fewer stages."""
    software = software or cal.DEFAULT_INFERENCE_SOFTWARE
    st = cal.STACKS[cal.stack_for(stack, software)]
    kw: dict[str, Any] = dict(length_spread=length_spread, ep=ep, attention_dp=attention_dp)
    # the smallest power-of-two replica whose GPUs hold the weights and one sequence
    holds = 1
    while holds < cl.gpus and _replica(model, cl, holds, precision, kv_precision, isl, osl, st, 1,
                                       spread=length_spread, ep=ep, attention_dp=attention_dp).max_seqs < 1:
        holds *= 2
    top = min(cl.gpus, max(cl.domain_gpus, holds, pp or 1))
    best: tuple[tuple[bool, float], tuple[int, int]] | None = None
    largest: tuple[int, int] | None = None  # the largest layout tried, named when none holds a sequence
    any_holds = False
    n = 1
    while n <= top:
        stages = [pp] if pp else [p for p in (1 << k for k in range(n.bit_length())) if p <= model.layers]
        for p in stages:
            if n % p:
                continue
            r = infer(model, cl, precision=precision, kv_precision=kv_precision, input_tokens=isl,
                      output_tokens=osl, tp=n // p, pp=p, users=users, stack=stack, software=software,
                      max_batch=max_batch, whole_replicas=True, **kw)
            score = (layout_runs(r), target_margin(r, users, tokens_per_s_per_user, ttft_s)[0])
            if best is None or score > (best[0][0], best[0][1] + 1e-9):
                best = (score, (n // p, p))
            any_holds = any_holds or r.max_concurrent_sequences > 0
            if p == (pp or 1):
                largest = (n // p, p)
        n *= 2
    if best is None or largest is None:  # more stages than GPUs: the error names that layout
        return 1, pp or 1
    # no layout holds the weights and one sequence: the one that came closest, not TP1
    return best[1] if any_holds else largest


def gpus_for_targets(model: ModelArch, cl: ClusterSpec, *, users: int, tokens_per_s_per_user: float,
                     ttft_s: float | None = None, precision: str = "bf16",
                     kv_precision: str | None = None, input_tokens: int = 1024,
                     output_tokens: int = 256, stack: str = cal.DEFAULT_STACK,
                     max_tp: int = 64, software: str | None = None, max_batch: int | None = None,
                     length_spread: float = 0.0, ep: bool = False,
                     attention_dp: bool = False) -> tuple[int, int, int] | None:
    """The fewest GPUs serving ``users`` concurrent users, each at
    ``tokens_per_s_per_user`` or faster with time to first token within ``ttft_s``.

    Returns (gpus, tp, batch per replica), or None if no replica meets the per-user
    targets even with one user (then more GPUs cannot help: the model is too slow on
    this GPU). The per-user speed falls with the batch, so for each TP the largest batch
    that still meets the targets is found by bisection. ``software``: as :func:`infer`'s
    (the answer must assume the same serving software as the sizing it goes with).
    """
    kv_precision = kv_precision or ("fp8" if precision in ("fp8", "fp4") else "bf16")
    best = None
    t = 1
    while t <= max_tp:
        probe = cl.with_(gpus=t)

        def ok(b: int, t=t, probe=probe) -> bool:
            r = infer(model, probe, precision=precision, kv_precision=kv_precision,
                      input_tokens=input_tokens, output_tokens=output_tokens, tp=t,
                      batch=b, stack=stack, software=software, max_batch=max_batch,
                      length_spread=length_spread, ep=ep, attention_dp=attention_dp)
            return (r.fits and r.tokens_per_s_per_user >= tokens_per_s_per_user
                    and (ttft_s is None or r.ttft_s <= ttft_s))

        if ok(1):
            cap = cal.STACKS[cal.stack_for(stack, software or cal.DEFAULT_INFERENCE_SOFTWARE)].scheduler_cap(
                cl.gpu.capacity_bytes, cl.gpu.slug)
            if max_batch is not None:
                cap = min(cap, max_batch)
            lo, hi = 1, max(1, min(users, cap))
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if ok(mid):
                    lo = mid
                else:
                    hi = mid - 1
            replicas = math.ceil(users / lo)
            gpus = replicas * t
            if best is None or gpus < best[0]:
                best = (gpus, t, math.ceil(users / replicas))
        t *= 2
    return best
