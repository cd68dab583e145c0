"""Efficiency constants of the workload model: the only tuned numbers.

A handful of constants per GPU family and serving stack, each calibrated against the
published measurements listed in ``docs/validation.md`` (cases in
``validation_cases/*.yaml``); no case has its own factor. Change a value here and run
``python -m planner.workloads.validation`` to see every case move.
"""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------------------- training

# Fraction of dense peak the matrix multiplies of a training step reach on a family,
# before memory-bound work, communication, pipeline bubbles and failures are charged.
# Hopper/Blackwell reach a smaller share of their (much larger) peak than Ampere:
# cuBLAS BF16 GEMMs of LLM shapes run at ~75-80 % of peak on A100 and ~65-70 % on H100
# (Megatron-LM and NeMo measurements); fused kernels and the rest of the step lower it.
# Hopper 0.53 and Ampere 0.49 are the cross-source fit of issue 26 (python -m
# planner.workloads.fit; docs/validation.md), adopted together with the larger
# MEMORY_TRAFFIC_MULTIPLE below: both are supported by several sources and remove the
# small-model bias (7B-13B pre-training read 12-14 % fast with 0.56 / 0.52 and 4.0).
GEMM_EFFICIENCY: dict[str, float] = {
    "ampere": 0.49,
    "hopper": 0.53,
    "blackwell": 0.52,
    "ada": 0.50,
    "cdna3": 0.40,
    "cdna2": 0.40,
    "cdna4": 0.40,
    "volta": 0.55,
}
DEFAULT_GEMM_EFFICIENCY = 0.45

# FP8 training runs the GEMMs at the FP8 peak, but scaling/casting and the share of
# work that stays in BF16 (attention, norms, optimizer) keep the step speed-up to
# ~1.3-1.5x over BF16 (NVIDIA NeMo performance tables; DeepSeek-V3 report). Applied as
# a multiplier of GEMM_EFFICIENCY at the FP8 peak.
FP8_GEMM_RELATIVE_EFFICIENCY = 0.70

# FP8 training software generation: a multiplier of the FP8 matmul speed above for the
# year of the framework release a run uses. 2023 is the reference (MLPerf Training v3.0
# GPT-3 175B on H100, June 2023). NVIDIA's MLPerf Training v4.0 submissions (June 2024)
# ran GPT-3 175B on 512 H100 GPUs 27 % faster than the same number of GPUs a year before,
# sustaining ~900 TFLOP/s per GPU, from software alone: per-layer FP8 selection in
# Transformer Engine, an FP8-aware distributed optimizer, cuDNN FlashAttention (NVIDIA
# blog "Scaling to New Heights: NVIDIA MLPerf Training Results Showcase Unprecedented
# Performance and Elasticity", June 2024; Fierce Network "Software tweaks are Nvidia's
# secret AI sauce", June 2024). The figure is published, not fitted; NeMo 24.12 and
# DeepSeek-V3 (both 2024 software) are the cases that check it. BF16 runs are unchanged:
# no source gives a like-for-like BF16 software gain.
FP8_TRAINING_SOFTWARE_SPEEDUP: dict[str, float] = {"2023": 1.0, "2024": 1.27}
# Sizing assumes current software (2024 or later); a case states its own.
DEFAULT_TRAINING_SOFTWARE = "2024"

# Share of the attention score/value FLOPs (PaLM's 12 L attn_dim T per token counts the
# full T x T matrix) a causal kernel computes: FlashAttention skips the blocks above the
# diagonal (Dao 2023, FlashAttention-2, section 3.1.1 "Causal masking"). Attention runs
# in BF16 in FP8 training (Transformer Engine's FP8 recipes cast the linear layers; its
# FP8 attention is off by default), so it is charged at the BF16 rate.
ATTENTION_CAUSAL_SHARE = 0.5

# Memory-bound work per token and layer (norms, activations, residual adds, softmax,
# optimizer update amortised), as a multiple of the activation bytes Korthikanti et al.
# (2022) count per token and layer (34 x hidden bytes). Read at the HBM bandwidth.
# The multiple, 6.0, is the cross-source fit (issue 26; it was 4.0): memory-bound work
# scales with the hidden size and the matmuls with its square, so it is what sets small
# models apart (Llama 2 7B/13B, Llama 3.1 8B on NeMo 24.07, 24.12, 25.09, 25.11 and the
# long-sequence table); FP8 casts/transposes, RoPE and SwiGLU are all of this kind.
ACTIVATION_BYTES_PER_HIDDEN = 34.0
MEMORY_TRAFFIC_MULTIPLE = 6.0

# Collective latencies (NCCL): per all-reduce inside an NVLink domain and per step of a
# tree across nodes (nccl-tests doc/PERFORMANCE.md: ~10 us-scale small-message latency).
NVLINK_COLLECTIVE_LATENCY_S = 20e-6
NETWORK_HOP_LATENCY_S = 25e-6

# Tensor parallelism without NVLink: the all-reduces run over PCIe (inference).
# * Through a PCIe switch with peer-to-peer: NCCL's own PCIe figure, 12 GB/s for Gen3 x16
#   (src/graph/topo.h PCI_BW), which NCCL doubles for Gen4 x16 ("PCI[24.0]" in its
#   topology log): 24 GB/s per direction.
# * Through the CPU root complex (GPUs on the CPUs' root ports, as in 2-socket PCIe
#   servers such as the Dell R760xa; NCCL disables peer-to-peer across sockets and stages
#   through host memory): the measured host-staged GPU-to-GPU bandwidth of a PCIe Gen4
#   server, 19-21 GB/s bidirectional = ~10 GB/s per direction (p2pBandwidthLatencyTest,
#   8x A40, "Bidirectional P2P=Disabled Bandwidth Matrix", NVIDIA/nccl-tests issue 74).
# * Latency: 3 us per ring step, 2 (n - 1) steps per all-reduce of n GPUs: the
#   small-message all-reduce time NCCL reaches over PCIe-connected Ada GPUs
#   (all_reduce_perf, 8 bytes: 40-43 us on 8x RTX 4090 = 14 ring steps; NVIDIA/nccl
#   issue 1530), against ~20 us per all-reduce inside an NVLink domain.
PCIE_SWITCH_GB_PER_S = 24.0
PCIE_HOST_GB_PER_S = 10.0
PCIE_RING_STEP_LATENCY_S = 3e-6

# Share of tensor-parallel communication hidden under compute (Megatron-LM/TE
# userbuffers overlap). 0 means fully exposed. 0.6 is the cross-source fit (issue 26; it
# was 0.3): tensor-parallel runs of NeMo, Megatron Bridge, MLPerf Training and the Llama 3
# paper all support it.
TP_COMM_OVERLAP = 0.6
# Share of the backward pass the data-parallel gradient reduction can hide under
# (bucketed overlap; with pipeline parallelism only the last micro-batches' backward).
DP_OVERLAP_WINDOW = 0.8
# Even when the window is long enough, the last gradient bucket and SM contention keep
# this share of the reduction exposed.
DP_ALWAYS_EXPOSED = 0.1
# Share of the expert-parallel all-to-all hidden under compute (DeepSeek's DualPipe
# hides nearly all; plain implementations much less).
EP_COMM_OVERLAP = 0.6

# Context parallelism: the layout search splits a sequence over at most seq_len / 4,096
# GPUs. The smallest per-GPU chunk in the published recipes: NeMo runs Llama 3 8B and
# 70B at 8k sequence with CP2 (NeMo 24.07 performance summary) and Megatron Bridge's
# Llama 3.1 405B recipe at 8k with CP2; Llama 3 405B's 128k phase uses CP16 (8k per
# GPU; Llama 3 paper, Table 4). Not a tuned number: it bounds the search.
CP_MIN_TOKENS_PER_GPU = 4096

# Interleaved 1F1B pipeline: virtual stages per GPU, at most this many and at most the
# layers held per GPU (Narayanan et al. 2021, bubble = (p - 1) / (v m)).
MAX_VIRTUAL_STAGES = 4

# Activation memory by recompute mode (docs/workloads.md, "Activation recompute").
# Of Korthikanti et al.'s 34 bytes per token, layer and hidden unit (GPT layer, sequence
# parallel, 16-bit), 14 are the inputs of the four linear layers (QKV 2, attention
# projection 2, first MLP 2, second MLP 8; their section 4.1 breakdown). FP8 and FP4
# training keep those inputs in the cast format for the weight-gradient GEMM:
# Transformer Engine's Linear saves "the cast tensor" unless save_original_input is set
# (NVIDIA/TransformerEngine transformer_engine/pytorch/module/linear.py, Linear
# docstring; Megatron-Core sets save_original_input only for layers it recomputes).
# Bytes per element as stored: FP8 1; NVFP4 4 bits plus one E4M3 scale per 16 values =
# 0.5625 (NVFP4 format: 16-element blocks, E4M3 block scales; arXiv 2509.25149).
LINEAR_INPUT_BYTES_PER_HIDDEN = 14.0
CAST_ACTIVATION_BYTES: dict[str, float] = {"fp8": 1.0, "fp4": 0.5625}
# Selective recompute (Korthikanti et al. 2022, section 4.2; Megatron-Core
# recompute_modules=["core_attn"]) replays the attention core's forward in the backward
# pass: the score and value matmuls, 4 of PaLM's 12 L attn_dim T FLOPs per token. Under
# FlashAttention the scores are never stored, so it saves nothing over no recompute
# (Megatron Bridge, docs/training/activation-recomputation.md: "with TE fused or Flash
# Attention, compare core_attn against an empty selective module list"); the automatic
# choice therefore never picks it, a recipe that states it is charged the replay.
SELECTIVE_REPLAY_ATTENTION_FLOPS = 4.0
# Full recompute (granularity "full") keeps only each layer's input (2 bytes per token and
# hidden unit) and replays the whole forward pass of the layers it covers; the "block"
# method covers only as many layers per pipeline stage as memory needs (Megatron Bridge,
# activation-recomputation.md: "partial transformer layer recomputation, which is useful
# when recomputing only some layers is enough to make the model fit").
FULL_RECOMPUTE_CHECKPOINT_BYTES_PER_HIDDEN = 2.0

# NVFP4 training (Blackwell): the linear-layer GEMMs run at the FP4 peak, except the
# share of linear layers the recipe keeps in BF16 for stability: "selective BF16
# layers", about 16 % of the linear layers in NVIDIA's 12B / 10T-token NVFP4 run
# ("Pretraining Large Language Models with NVFP4", arXiv 2509.25149). Attention,
# norms and the optimizer stay in BF16 as in FP8 training. FP4_GEMM_RELATIVE_EFFICIENCY
# is the share of the FP4 peak the FP4 GEMMs reach relative to GEMM_EFFICIENCY (random
# Hadamard transforms and 2-D scaling cost extra work), set from the Megatron Bridge
# NVFP4 rows of Llama 3 70B and 405B on GB200 (docs/validation.md). Those benchmark runs
# keep no layer in BF16 (Megatron Bridge bf16_with_nvfp4_mixed leaves
# first_last_layers_bf16 False; training/mixed_precision.py), so their cases state
# fp4_bf16_share 0; sizing assumes the paper's production recipe.
FP4_BF16_LINEAR_SHARE = 0.16
FP4_GEMM_RELATIVE_EFFICIENCY = 0.60
# Training precisions: the number format of the linear-layer GEMMs.
TRAINING_PRECISIONS = ("bf16", "fp16", "fp8", "fp4")

# Bytes per gradient element in the data-parallel reduction (BF16 reduce).
GRAD_REDUCE_BYTES = 2.0
# Mixed-precision Adam: BF16 weights (2) + BF16 gradients (2) + FP32 master weights,
# momentum and variance (12) = 16 bytes/parameter (ZeRO paper, Rajbhandari et al. 2020).
WEIGHT_BYTES_TRAIN = 2.0
GRAD_BYTES_TRAIN = 2.0
OPTIMIZER_BYTES = 12.0
# A training checkpoint: BF16 weights + FP32 master + two Adam moments = 14 B/param.
CHECKPOINT_BYTES_PER_PARAM = 14.0

# Usable share of GPU memory for training state (CUDA context, NCCL buffers,
# allocator fragmentation take the rest) and a fixed workspace.
TRAIN_MEMORY_USABLE = 0.92
TRAIN_WORKSPACE_GB = 3.0

# Goodput: share of wall-clock time that advances training at full speed (failures,
# restarts, checkpoints, evaluation). Llama 3: "more than 90 % effective training
# time" on 16k H100 (Llama 3 paper, section 3.3.4).
GOODPUT = 0.90

# LoRA/QLoRA fine-tuning: no weight gradients for frozen weights, so ~4N instead of 6N
# FLOPs per token; QLoRA also dequantises the NF4 weights on every use.
LORA_FLOPS_PER_PARAM = 4.0
QLORA_DEQUANT_OVERHEAD = 1.25

# ---------------------------------------------------------------------------- inference


@dataclass(frozen=True, slots=True)
class ServingStack:
    """Efficiencies and scheduler defaults of an inference engine on NVIDIA Hopper-class GPUs."""

    name: str
    bandwidth_efficiency: float  # achieved share of HBM bandwidth in decode
    compute_efficiency: float  # share of dense peak reached by prefill and batched decode math
    step_overhead_s: float  # per forward pass: scheduling, sampling, kernel launch gaps
    memory_utilisation: float  # the stack's memory fraction (see kv_budget)
    activation_reserve_gb: float  # per GPU: runtime buffers, activations, CUDA context/graphs
    max_batch: int  # largest number of sequences one replica schedules
    # Whether the decode attention kernel reads a KV head once for all the query heads
    # that share it (GQA/MQA). TensorRT-LLM before its XQA kernel (v0.8, Jan 2024) ran
    # the masked multi-head attention kernel once per query head, so a GQA model read
    # its KV cache heads/kv_heads times per step ("New XQA-kernel provides 2.4x more
    # Llama-70B throughput within the same latency budget", TensorRT-LLM blog). MHA
    # models are unaffected (one query head per KV head).
    gqa_shared_kv: bool = True
    # How the stack sizes its KV cache from the GPU's memory (capacity C as the driver
    # reports it, weights W per GPU, runtime reserve R, fraction f = memory_utilisation):
    # "free_fraction" (TensorRT-LLM): KV = f x (C - W - R). The engine loads weights and
    #   allocates its runtime buffers, then takes free_gpu_memory_fraction (default 0.9)
    #   of the memory still free ("How to Change KV Cache Behavior", TensorRT-LLM docs:
    #   "TensorRT LLM will try to allocate 90% of free GPU memory for KV cache";
    #   KvCacheConfig.free_gpu_memory_fraction = 0.9).
    # "total_fraction" (vLLM, SGLang): KV = f x C - W - R. The engine may use
    #   gpu_memory_utilization (default 0.9) of the GPU's total memory; weights and the
    #   profiled activation peak (plus non-torch memory: CUDA graphs, NCCL) are subtracted
    #   from that budget (vLLM CacheConfig.gpu_memory_utilization; vLLM worker
    #   determine_num_available_blocks). SGLang's mem_fraction_static is the same kind
    #   of share (weights and KV pool) and depends on TP (mem_fraction_by_tp).
    kv_budget: str = "free_fraction"
    # How the scheduler reserves KV cache for a sequence it admits:
    # "full" (TensorRT-LLM): the default capacity scheduler policy GUARANTEED_NO_EVICT
    #   (tensorrt_llm/llmapi SchedulerConfig.capacity_scheduler_policy default) admits a
    #   request only when blocks for its whole input + maximum output can be guaranteed,
    #   so every sequence holds ISL + OSL tokens.
    # "paged" (vLLM, SGLang): blocks are allocated as tokens are written (PagedAttention,
    #   Kwon et al. 2023; SGLang's token-level pool), and a sequence that cannot grow is
    #   preempted: the cache holds the tokens actually written, on average
    #   ISL + OSL (1 + cv^2) / 2 per sequence (see inference.resident_tokens).
    kv_reservation: str = "full"
    # The scheduler limit on GPUs with at least LARGE_GPU_GIB of memory (0: max_batch
    # everywhere). vLLM's engine arguments (get_batch_defaults in vllm/engine/arg_utils.py,
    # V1 engine, 2025): max_num_seqs = 1024 "for GPUs like H100 and MI300x" (device
    # memory >= 70 GiB and not an A100), 256 otherwise.
    large_gpu_max_batch: int = 0
    # SGLang mem_fraction_static by TP size: ((min TP, fraction), ...) descending
    # (python/sglang/srt/server_args.py __post_init__: TP >= 16: 0.79, >= 8: 0.81,
    # >= 4: 0.85, >= 2: 0.87, else 0.88). Empty: memory_utilisation for every TP.
    mem_fraction_by_tp: tuple[tuple[int, float], ...] = ()
    # Whether the stack's tensor-parallel all-reduces of more than CUSTOM_ALLREDUCE_MAX_BYTES
    # go through NCCL on NVLink (vLLM, SGLang: their custom one-/two-shot all-reduce kernel
    # takes smaller messages only), at NCCL's data share of the link (NCCL_NVLINK_DATA_SHARE).
    # TensorRT-LLM runs its own AllReduce plugin; its constants were calibrated with the
    # link at its full rate and stay so.
    nccl_large_allreduce: bool = False

    def utilisation(self, tp: int) -> float:
        for min_tp, frac in self.mem_fraction_by_tp:
            if tp >= min_tp:
                return frac
        return self.memory_utilisation

    def kv_capacity_bytes(self, capacity_bytes: float, weights_per_gpu: float, tp: int = 1) -> float:
        """KV-cache bytes per GPU this stack allocates (0 when nothing is left)."""
        reserve = self.activation_reserve_gb * 1e9
        f = self.utilisation(tp)
        if self.kv_budget == "total_fraction":
            kv = f * capacity_bytes - weights_per_gpu - reserve
        else:
            kv = f * (capacity_bytes - weights_per_gpu - reserve)
        return max(0.0, kv)

    def scheduler_cap(self, capacity_bytes: float, gpu_slug: str = "") -> int:
        """Sequences one replica schedules by default on a GPU of ``capacity_bytes``."""
        if self.large_gpu_max_batch and capacity_bytes >= LARGE_GPU_GIB * 2**30 and "a100" not in gpu_slug:
            return self.large_gpu_max_batch
        return self.max_batch


# NCCL on NVLink moves data at about 370 of the 450 GB/s per direction of an H100's links:
# "450GB/s is the line rate. With the protocol overhead (~20%) NCCL can get an effective
# NVLink bandwidth of 370GB/s" (NCCL maintainer S. Jeaugey, NVIDIA/nccl-tests issue 212, May
# 2024); an independent nccl-tests sweep on 4x H100 tops out at 366 GB/s all-reduce bus
# bandwidth (waynehacking8.github.io, "Where tensor-parallel inference hits the NVLink wall",
# May 2026). Applied to the NVLink all-reduces vLLM and SGLang hand to NCCL
# (ServingStack.nccl_large_allreduce).
NCCL_NVLINK_DATA_SHARE = 370.0 / 450.0
# Largest message vLLM's custom all-reduce kernel takes (CustomAllreduce max_size = 8192 * 1024
# in vllm/distributed/device_communicators/custom_all_reduce.py; SGLang ships the same class
# with the same default): larger ones go to NCCL.
CUSTOM_ALLREDUCE_MAX_BYTES = 8192 * 1024

# vLLM's threshold for its larger scheduler defaults: 70 GiB of device memory
# (vllm/engine/arg_utils.py get_batch_defaults: "device_memory >= 70 * GiB_bytes and
# 'a100' not in device_name"; A100 is excluded after a throughput regression, PR #17885).
LARGE_GPU_GIB = 70.0

STACKS: dict[str, ServingStack] = {
    # TensorRT-LLM: free_gpu_memory_fraction 0.9 of the memory left after weights and
    # runtime buffers (KvCacheConfig default).
    "trtllm": ServingStack("trtllm", 0.80, 0.66, 0.0025, 0.90, 4.0, 2048),
    # vLLM V1 engine (default from v0.8.0, March 2025: release notes, 'We have now enabled
    # V1 engine by default (#13726)'; V0 removed in v0.11.0): gpu_memory_utilization 0.9 of total memory;
    # max_num_seqs 1024 on GPUs of 70 GiB or more (not A100), 256 otherwise; paged KV.
    # Bandwidth share 0.80 and 1.0 ms per forward pass: set on the vLLM blog's FP8
    # KV-cache study (Apr 2026, v0.19.1; validation_cases/vllm-nvidia.yaml): its
    # single-request fits on H100 (ITL 6.44 ms + 4.37e-5 ms per context token for
    # Llama 3.1 8B in BF16) read 16 GB of weights at ~2.5 TB/s and the KV cache at ~3 TB/s
    # with almost no fixed cost (CUDA graphs; the V1 EngineCore overlaps scheduling), where
    # the V0-era 4.5 ms per step read every case 35-50 % slow. The compute share (0.58,
    # between V0's 0.50 and TensorRT-LLM's 0.66) has no large-batch NVIDIA V1 case yet.
    "vllm": ServingStack("vllm", 0.80, 0.58, 0.0010, 0.90, 4.0, 256, kv_budget="total_fraction",
                         kv_reservation="paged", large_gpu_max_batch=1024, nccl_large_allreduce=True),
    # vLLM 0.5-0.7 (2024, V0 engine): max_num_seqs 256 on every GPU (vLLM engine
    # arguments of that generation, --max-num-seqs default 256); the efficiencies the
    # 2024 AMD runs set (MLPerf Inference v4.1 MI300X, Oracle's MI300X blog).
    "vllm-2024": ServingStack("vllm-2024", 0.70, 0.50, 0.0045, 0.90, 4.0, 256, kv_budget="total_fraction",
                              kv_reservation="paged", nccl_large_allreduce=True),
    # SGLang: mem_fraction_static by TP (0.88 at TP1 down to 0.79 at TP16) of total
    # memory for weights and the KV pool; max_running_requests defaults to
    # max_total_num_tokens // 2 (python/sglang/srt/managers/tp_worker.py), so the token
    # pool, not a sequence count, is the limit; the request pool it allocates holds at
    # most 4,096 requests (model_runner.init_memory_pool: max_num_reqs =
    # min(max(tokens / context_len x 512, 2048), 4096)).
    # The 2025 generation (the default, software "2025"): FP8 block-wise GEMMs in DeepGEMM
    # (sgl-project/sglang PR 3893, 26 Feb 2025: "The FP8 block-wise GEMM of DeepGEMM
    # consistently outperforms the SGLang/vLLM implementation" on H200), DeepEP all-to-all
    # and two-batch overlap, as the LMSYS large-scale-EP blog (May 2025) states for its runs.
    # Its efficiencies are the shipped SGLang figures; one source (the LMSYS DeepSeek rows)
    # checks them (docs/validation.md).
    "sglang": ServingStack("sglang", 0.75, 0.60, 0.0025, 0.88, 2.0, 4096,
                           kv_budget="total_fraction", kv_reservation="paged",
                           mem_fraction_by_tp=((16, 0.79), (8, 0.81), (4, 0.85), (2, 0.87)),
                           nccl_large_allreduce=True),
    # SGLang v0.3-v0.4 (Sept-Dec 2024, software "2024"): the same scheduler and memory rules,
    # none of the 2025 kernels above. Its matmuls are vLLM's: SGLang v0.3.0 pins vllm==0.5.5
    # and v0.4.0 vllm>=0.6.3.post1 (python/pyproject.toml) and builds its models' linear
    # layers from vllm.model_executor.layers and its tensor-parallel group (custom
    # all-reduce, NCCL) from vllm.distributed; attention is its own (FlashInfer). So its
    # compute share is vLLM 2024's (0.50, tied in the fit: fit.REGISTRY), and only the
    # decode bandwidth share and the scheduler are SGLang's. The same README that
    # benchmarks SGLang v0.3.0 against vLLM v0.6.0 on identical GPUs and prompts finds them
    # within 4 % (A100 8B: 4,281.5 vs 4,132.4 output tok/s; H100 70B TP4: 3,856.0 vs 3,700.6).
    "sglang-2024": ServingStack("sglang-2024", 0.75, 0.50, 0.0025, 0.88, 2.0, 4096,
                                kv_budget="total_fraction", kv_reservation="paged",
                                mem_fraction_by_tp=((16, 0.79), (8, 0.81), (4, 0.85), (2, 0.87)),
                                nccl_large_allreduce=True),
    # TensorRT-LLM 0.5-0.7 (static batching benchmarks, pre-XQA generation attention):
    # the same kernels' efficiencies, the KV cache read once per query head. Kept to
    # reproduce that release's published tables; not offered for sizing.
    "trtllm-0.6": ServingStack("trtllm-0.6", 0.80, 0.66, 0.0025, 0.90, 4.0, 2048, gqa_shared_kv=False),
}
DEFAULT_STACK = "trtllm"
# Stacks a user can choose for sizing (legacy stacks exist only for validation).
USER_STACKS = ("trtllm", "vllm", "sglang")
# A stack's software generations with their own constants: (stack, generation) -> the
# STACKS entry that describes it. vLLM's V1 engine (2025) replaced the V0 scheduler
# (vLLM blog "vLLM V1: A Major Upgrade to vLLM's Core Architecture", 27 Jan 2025:
# persistent batch, isolated EngineCore loop, up to 1.7x the throughput of V0).
STACK_GENERATIONS: dict[tuple[str, str], str] = {("vllm", "2024"): "vllm-2024", ("sglang", "2024"): "sglang-2024"}


# The engine each of those generations is (shown in the result's notes).
STACK_ENGINE: dict[tuple[str, str], str] = {("vllm", "2024"): "V0", ("vllm", "2025"): "V1",
                                            ("sglang", "2024"): "v0.3-v0.4", ("sglang", "2025"): "with DeepGEMM and DeepEP"}


def stack_for(stack: str, software: str) -> str:
    """The STACKS entry of ``stack`` in software generation ``software``."""
    return STACK_GENERATIONS.get((stack, software), stack)


# Inference software generation: a multiplier of the serving stack's matmul and attention
# math speed (compute efficiency) for the MLPerf Inference round whose software a run
# uses. Published, not fitted: NVIDIA's 8x H200-SXM-141GB TensorRT-LLM system ran
# MLPerf Inference llama2-70b Offline (99 % accuracy target, FP8, TP1 replicas on both
# rounds) at 31,302.7 tokens/s in v4.1 (August 2024) and 34,988.2 tokens/s in v5.0
# (April 2025), same hardware, same submitter: 1.118x from software alone
# (mlperf_log_summary.txt of closed/NVIDIA/results/H200-SXM-141GBx8_TRT in the v4.1 and
# v5.0 results repositories). That run is compute-bound (batch ~800-2048 sequences of
# ~510 tokens: the batched matmuls, not the weight reads, set the step), so the measured
# gain is the math's and is applied to compute_efficiency. The DGX H100 pair of the same
# rounds (24,524.9 -> 31,306.8, 1.28x) also changed its layout (TP2 -> TP1 PP2), so it
# checks the factor together with pipeline-parallel serving instead of setting it.
# The factor scales TensorRT-LLM only (the pair is TensorRT-LLM); other stacks have no
# like-for-like pair and stay at 1.0. Keys are the year of the round's software.
# The stack constants above describe 2025 software: most of the TensorRT-LLM cases they
# are checked against are 2025 releases (0.19, 1.0; docs/validation.md), so a 2024 run
# is charged 1 / 1.118 of their math speed rather than 2025 runs 1.118 x.
INFERENCE_SOFTWARE_SPEEDUP: dict[str, float] = {"2024": 1.0, "2025": 1.118}
INFERENCE_SOFTWARE_REFERENCE = "2025"
# The MLPerf Inference round whose software each generation stands for (shown with results).
INFERENCE_SOFTWARE_ROUND: dict[str, str] = {"2024": "MLPerf Inference v4.1", "2025": "MLPerf Inference v5.0"}
INFERENCE_SOFTWARE_STACKS = ("trtllm",)
# Sizing assumes current software (the MLPerf Inference v5.0 generation); a case states its own.
DEFAULT_INFERENCE_SOFTWARE = "2025"

# Low-precision matmuls in serving: share of the precision's own dense peak that the
# batched matmuls reach, relative to the stack's compute_efficiency at BF16 (applied
# where the precision's peak exceeds BF16's). FP8 keeps the training figure (scaling
# and casting, BF16 attention). FP4 on Blackwell was given FP8's 0.70 and so priced at
# 2x FP8; NVFP4 adds block scales (one FP8 scale per 16 values) and the rest of the
# layer (attention, norms, activations quantised on the fly) stays at FP8/BF16. 0.55 is
# fitted on the 22 FP4 rows of one source, TensorRT-LLM 1.0's perf-overview (B200 and
# GB200, Llama 3.3 70B TP1 and Llama 3.1 405B TP4; validation_cases/trtllm-blackwell.yaml):
# at 0.70 they read +15 % (median), at 0.55 -2 %, so FP4 math runs ~1.6x FP8 on the same
# silicon instead of 2x. Hopper FP8: the compute-bound H100/H200 rows read low (median
# -9 %); 0.75-0.80 would centre them but pushes three more cases past ±25 %, so FP8
# stays at 0.70 until a per-family split is sourced (docs/workloads.md).
INFERENCE_PRECISION_EFFICIENCY: dict[str, float] = {"fp8": 0.70, "fp4": 0.55}

# Pipeline-parallel serving. A step of every sequence is pp micro-batch forward passes
# on each GPU (in-flight batching keeps pp micro-batches in the pipeline), and each
# pass carries the stack's fixed per-pass overhead (scheduling, sampling, launches):
# TensorRT-LLM and vLLM schedule every micro-batch separately. A stage's activations
# go point to point to the next stage: over NVLink inside a domain, over PCIe (through
# the host where GPUs have no peer-to-peer path, cluster.pcie_collective), or over the
# inter-node fabric with its per-hop latency. Micro-batches are never perfectly
# balanced (prefill chunks land in one of them and the pipeline waits for the slowest
# stage), so each stage beyond the first idles this share of the step. An assumed 6 %:
# TensorRT-LLM 1.0's perf-overview RTX 6000 Pro tables show pipeline scaling well below
# linear (Llama 3.3 70B FP4 at 128/128: PP2/PP4/PP8 reach 1.89x/2.95x/3.64x one GPU,
# although each stage adds KV room), but the catalog has no RTX 6000 Pro to fit it on.
PP_STAGE_BUBBLE = 0.06
# The automatic layout adds pipeline stages only when they are predicted to serve more
# than this share faster than the best layout without: within the model's median error
# on serving (docs/validation.md, ~12 %) the two cannot be told apart, and the publishers
# then run tensor parallelism inside the NVLink domain (TensorRT-LLM 1.0 perf-overview:
# Llama 3.1 405B at TP8 on H100/H200 and TP4 on B200, Llama 3.3 70B at TP2 on H100), while
# they do publish pipeline layouts where PP wins clearly (MLPerf Inference v5.0 DGX H100:
# Llama 2 70B at TP1 PP2; RTX 6000 Pro on PCIe: TP1 PP2-PP8). A decision rule, not fitted.
PP_MIN_GAIN = 0.10
# Point-to-point latency of a stage hand-off inside an NVLink domain: assumed half the
# NVLink all-reduce latency above (one send, no reduction steps); across nodes a hop
# costs NETWORK_HOP_LATENCY_S, over PCIe one PCIE_RING_STEP_LATENCY_S.
NVLINK_P2P_LATENCY_S = 10e-6

# Paged KV cache: the share of blocks a paged scheduler keeps free so running
# sequences can grow without an immediate preemption (vLLM V0 BlockSpaceManager
# watermark = 0.01).
PAGED_KV_WATERMARK = 0.01

# Software maturity of a GPU family relative to Hopper for the same stack (kernels
# reach a smaller share of the datasheet figures on younger software stacks). Applied to
# the achieved HBM bandwidth and, times FAMILY_INFERENCE_COMPUTE_FACTOR and the GPU's
# sustained-clock ratio (FAMILY_GEMM_CLOCK_REFERENCE), to the math speed.
FAMILY_INFERENCE_FACTOR: dict[str, float] = {
    "hopper": 1.0,
    "ampere": 1.0,
    "ada": 1.0,
    "blackwell": 0.9,
    "cdna3": 0.75,
    "cdna2": 0.7,
    "cdna4": 0.75,
    "volta": 0.9,
}
# Extra factor on the math side only (1.0 where not listed), for a family whose decode
# bandwidth and batched matmuls sit at different distances from the NVIDIA-calibrated
# stack constants. None is set: no source separates the two for AMD (docs/workloads.md,
# "AMD: power limit, clocks and software"). A named constant for the leave-one-source-out fit.
FAMILY_INFERENCE_COMPUTE_FACTOR: dict[str, float] = {}

# Data share of an AMD Infinity Fabric (xGMI) link's datasheet rate: "After protocol and
# error correction overheads, the max theoretical per-direction bandwidth for gfx94
# devices is 48GB/s" against the 64 GB/s per direction of the datasheet's 128 GB/s link
# (AMD's RCCL maintainer in ROCm/rccl issue 1210, Jul 2024; RCCL's topology code uses
# 48 GB/s per XGMI link for gfx94). Applied to the scale-up bandwidth of Infinity Fabric
# GPUs (cluster.ClusterSpec.scale_up_gb_per_s); the NVLink figures stay as NVIDIA quotes
# them (their constants were calibrated that way). CDNA4 links are assumed to keep the
# same share (no published figure).
INFINITY_FABRIC_DATA_SHARE = 48.0 / 64.0

# Measured all-reduce time on Infinity Fabric by message size. The model's collective cost
# (2 (n-1)/n x bytes / link bandwidth + one latency) reaches the link's data rate at every
# size; RCCL on 8x MI300X does not: its bus bandwidth climbs from 105 GB/s at 2 MB to 241
# at 32 MB and 295 at 128 MB, and only GB-sized messages reach the 315-319 GB/s ceiling,
# while small messages take 6-10 us instead of the model's 20 us (AMD ROCm blog
# "Understanding RCCL Bandwidth and xGMI Performance on AMD Instinct MI300X", Kolla,
# Alizadeh and Lee, 2 Mar 2025: rccl-tests all_reduce_perf, 8 processes, one per GPU,
# graph mode -G 1, RCCL 2.22.3, ROCm 6.3; out-of-place time in microseconds by message
# size in bytes). A decode step's all-reduces are 16 KB (batch 1, hidden 8,192, BF16) to
# 52 MB (batch 3,200), exactly the range where the two differ. Tensor-parallel
# all-reduces on Infinity Fabric GPUs take this curve (inference.allreduce_s), mapped to
# the group's bus bytes and link rate where they are not 8 GPUs at 7 x 48 GB/s. Graph
# mode: vLLM replays decode steps as HIP graphs (eager launches add ~7 us below 1 MB).
IF_ALLREDUCE_REFERENCE_GPUS = 8
IF_ALLREDUCE_REFERENCE_GB_PER_S = 7 * 48.0  # the reference node's per-GPU link rate (scale_up_gb_per_s)
IF_ALLREDUCE_US: tuple[tuple[float, float], ...] = (
    (64, 6.00), (128, 6.53), (256, 6.77), (512, 7.44), (1024, 7.47), (2048, 7.46), (4096, 7.61),
    (8192, 7.64), (16384, 8.71), (32768, 9.05), (65536, 9.14), (131072, 9.51), (262144, 10.26),
    (524288, 14.26), (1048576, 19.40), (2097152, 35.03), (4194304, 51.83), (8388608, 83.74),
    (16777216, 149.1), (33554432, 243.4), (67108864, 427.9), (134217728, 795.3),
    (268435456, 1534.4), (536870912, 3024.0), (1073741824, 5961.9), (2147483648, 11880.0),
    (4294967296, 23658.0), (8589934592, 47244.0), (17179869184, 94182.0),
)

# Serving-software generation of a (family, stack) pair without the stack-wide factor
# above (INFERENCE_SOFTWARE_SPEEDUP is TensorRT-LLM's): a multiplier of the math speed by
# the year of the software a run uses, relative to FAMILY_SOFTWARE_REFERENCE. Published,
# not fitted: AMD's 8x MI300X llama2-70b Offline (99 % accuracy, FP8, eight TP1 vLLM
# replicas) ran 23,514.8 tokens/s in MLPerf Inference v4.1 (Aug 2024; vLLM 0.4.3, ROCm
# 6.1.2; closed/AMD/results/8xMI300X_2xEPYC-9374F) and 27,803.9 tokens/s in v5.1 (Aug 2025;
# vLLM 0.9.0.2, ROCm 6.4.1; closed/AMD/results/8xMI300X_2xEPYC_9575F): 1.182x, same GPUs,
# same submitter, same task, compute-bound (batches of 1,250+ sequences). The cdna3
# constants (FAMILY_INFERENCE_FACTOR 0.75) were calibrated on 2024 ROCm vLLM runs (MLPerf
# v4.1, OCI's Oct 2024 blog), so 2025 runs are charged 1.182x their math speed.
# CDNA4 (MI350X/MI355X) has no such pair of its own; it runs the same ROCm vLLM, so it takes
# CDNA3's (an assumption, stated in docs/workloads.md): with vLLM V1's constants, fitted on
# NVIDIA (1 ms per forward pass), the llm-d MI355X runs at 16-32 users read +52..+79 %.
FAMILY_SOFTWARE_SPEEDUP: dict[tuple[str, str], dict[str, float]] = {
    ("cdna3", "vllm"): {"2024": 1.0, "2025": 27803.9 / 23514.8},
    ("cdna4", "vllm"): {"2024": 1.0, "2025": 27803.9 / 23514.8},
}
FAMILY_SOFTWARE_REFERENCE: dict[tuple[str, str], str] = {("cdna3", "vllm"): "2024", ("cdna4", "vllm"): "2024"}

# Sustained dense-GEMM clock share (clock under a long BF16 GEMM at the power limit / the
# clock the datasheet peak assumes) of the GPU each family's constants are calibrated on.
# A GPU of the family whose catalog entry publishes its own share (gemm_clock_mhz /
# peak_clock_mhz) runs its matrix math faster or slower by the ratio of the two shares
# (arch.GpuHw.compute_clock_factor); families without a published reference stay as
# calibrated. cdna3: MI300X, 1,207 MHz median in AMD's BF16 max-achievable-FLOPs GEMM
# (hipBLASLt, 4096 x 4864 x 32896) against the 2,100 MHz its 1,307.4 TFLOPS assume
# (304 CUs x 2,048 BF16 FLOP/clock x 2.1 GHz); MI325X at 1,000 W holds 1,447 MHz, 1.20x
# (ROCm blog "Measuring Max-Achievable FLOPs - Part 2", Feb 2025, Table 1).
FAMILY_GEMM_CLOCK_REFERENCE: dict[str, float] = {"cdna3": 1207.0 / 2100.0}

# ---------------------------------------------------------------------------- cost

AMORTISATION_YEARS = 4.0
HOURS_PER_YEAR = 8760.0
# Server power per GPU when no server is known: DGX H100 10.2 kW max / 8 GPUs over a
# 700 W GPU = 1.82 (NVIDIA DGX H100 user guide).
SERVER_POWER_PER_GPU_TDP = 1.82
# Share of maximum draw a server pulls under sustained AI load when the catalog gives
# no typical figure.
LOAD_POWER_SHARE = 0.85
