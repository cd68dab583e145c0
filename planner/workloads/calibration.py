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
    """Efficiencies of an inference engine on NVIDIA Hopper-class GPUs."""

    name: str
    bandwidth_efficiency: float  # achieved share of HBM bandwidth in decode
    compute_efficiency: float  # share of dense peak reached by prefill and batched decode math
    step_overhead_s: float  # per decode step: scheduling, sampling, kernel launch gaps
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
    # "total_fraction" (vLLM): KV = f x C - W - R. The engine may use
    #   gpu_memory_utilization (default 0.9) of the GPU's total memory; weights and the
    #   profiled activation peak (plus non-torch memory: CUDA graphs, NCCL) are subtracted
    #   from that budget (vLLM CacheConfig.gpu_memory_utilization; vLLM worker
    #   determine_num_available_blocks). Newer vLLM releases default to 0.92.
    kv_budget: str = "free_fraction"

    def kv_capacity_bytes(self, capacity_bytes: float, weights_per_gpu: float) -> float:
        """KV-cache bytes per GPU this stack allocates (0 when nothing is left)."""
        reserve = self.activation_reserve_gb * 1e9
        if self.kv_budget == "total_fraction":
            kv = self.memory_utilisation * capacity_bytes - weights_per_gpu - reserve
        else:
            kv = self.memory_utilisation * (capacity_bytes - weights_per_gpu - reserve)
        return max(0.0, kv)


STACKS: dict[str, ServingStack] = {
    # TensorRT-LLM: free_gpu_memory_fraction 0.9 of the memory left after weights and
    # runtime buffers (KvCacheConfig default).
    "trtllm": ServingStack("trtllm", 0.80, 0.66, 0.0025, 0.90, 4.0, 2048),
    # vLLM: gpu_memory_utilization 0.9 of total memory; schedules at most max_num_seqs =
    # 256 sequences per engine by default (vLLM engine arguments, --max-num-seqs).
    "vllm": ServingStack("vllm", 0.70, 0.50, 0.0045, 0.90, 4.0, 256, kv_budget="total_fraction"),
    # TensorRT-LLM 0.5-0.7 (static batching benchmarks, pre-XQA generation attention):
    # the same kernels' efficiencies, the KV cache read once per query head. Kept to
    # reproduce that release's published tables; not offered for sizing.
    "trtllm-0.6": ServingStack("trtllm-0.6", 0.80, 0.66, 0.0025, 0.90, 4.0, 2048, gqa_shared_kv=False),
}
DEFAULT_STACK = "trtllm"
# Stacks a user can choose for sizing (legacy stacks exist only for validation).
USER_STACKS = ("trtllm", "vllm")

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

# Software maturity of a GPU family relative to Hopper for the same stack (kernels
# reach a smaller share of the datasheet figures on younger software stacks).
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

# ---------------------------------------------------------------------------- cost

AMORTISATION_YEARS = 4.0
HOURS_PER_YEAR = 8760.0
# Server power per GPU when no server is known: DGX H100 10.2 kW max / 8 GPUs over a
# 700 W GPU = 1.82 (NVIDIA DGX H100 user guide).
SERVER_POWER_PER_GPU_TDP = 1.82
# Share of maximum draw a server pulls under sustained AI load when the catalog gives
# no typical figure.
LOAD_POWER_SHARE = 0.85
