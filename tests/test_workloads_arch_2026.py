"""The hardware and models of 2026 in the workload model: MoE, MLA and local attention
counted from the configurations (checked against the published figures and against hand
sums), GPU clocks under the power limit, and size answers for the new catalog entries."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from pydantic import ValidationError

from planner.catalog import load_catalog
from planner.catalog.models import Gpu, Llm
from planner.commands.cli import main
from planner.workloads import calibration as cal
from planner.workloads.arch import ModelArch
from planner.workloads.cluster import cluster_from_catalog
from planner.workloads.inference import infer
from planner.workloads.training import train

NEW_LLMS = ("deepseek-r1", "llama-4-scout", "llama-4-maverick", "qwen3-8b", "qwen3-32b", "qwen3-30b-a3b",
            "qwen3-235b-a22b", "gpt-oss-20b", "gpt-oss-120b")
NEW_GPUS = ("h200-nvl", "b300", "gb300", "mi355x", "mi350x")


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def arch(cat, slug: str) -> ModelArch:
    return ModelArch.from_llm(cat.llm(slug))


# ------------------------------------------------------------------ parameters


@pytest.mark.parametrize(("slug", "total_b", "active_b"), [
    # published totals and actives (model cards, DeepSeek, OpenAI, Mistral): the count from
    # the configuration must land on them
    ("deepseek-r1", 671, 37), ("deepseek-v3", 671, 37), ("gpt-oss-120b", 116.8, 5.1), ("gpt-oss-20b", 20.9, 3.6),
    ("qwen3-235b-a22b", 235, 22), ("qwen3-30b-a3b", 30, 3), ("mixtral-8x7b", 46.7, 12.9),
])
def test_moe_parameter_counts_match_the_published_figures(cat, slug, total_b, active_b):
    total, active = arch(cat, slug).param_counts()
    assert total / 1e9 == pytest.approx(total_b, rel=0.02)
    assert active / 1e9 == pytest.approx(active_b, rel=0.03)


def test_llama_4_maverick_counts(cat):
    m = arch(cat, "llama-4-maverick")
    total, active = m.param_counts()
    assert total / 1e9 == pytest.approx(400, rel=0.02)
    # Meta's "17B active" also counts the input embedding (202,048 x 5,120 = 1.03B), which the
    # count leaves out (a lookup, no matmul)
    assert (active + m.vocab * m.hidden) / 1e9 == pytest.approx(17, rel=0.02)


def test_llama_4_scout_count_is_the_text_model(cat):
    # the published ~109B includes the vision encoder; 17B active
    total, active = arch(cat, "llama-4-scout").param_counts()
    assert 105e9 < total < 109e9
    assert (active + 202048 * 5120) / 1e9 == pytest.approx(17, rel=0.02)


def test_deepseek_r1_count_by_hand(cat):
    m = arch(cat, "deepseek-r1")
    h = 7168
    attn = (h * 1536 + 1536 * 128 * 192            # Q down / up (q_lora_rank 1536, 128 + 64 per head)
            + h * (512 + 64) + 512 * 128 * (128 + 128)  # joint KV down (latent + RoPE key), K/V up
            + 128 * 128 * h)                       # O from 128 heads x v_head_dim 128
    expert = 3 * h * 2048
    dense = 3 * h * 18432
    norms = 2 * h
    total = 61 * (attn + norms) + 3 * dense + 58 * (257 * expert + h * 256) + 2 * 129280 * h
    active = 61 * (attn + norms) + 3 * dense + 58 * (9 * expert + h * 256) + 129280 * h
    assert m.moe_layers == 58
    assert m.param_counts() == pytest.approx((total, active))


def test_maverick_alternates_moe_and_dense_layers(cat):
    m = arch(cat, "llama-4-maverick")
    assert m.moe_layers == 24  # interleave_moe_layer_step 2 over 48 layers
    scout = arch(cat, "llama-4-scout")
    assert scout.moe_layers == 48
    # 24 dense FFNs of 16,384 make Maverick's active count exceed Scout's by their
    # difference to a routed+shared pair of 8,192 (3 x 5120 x (16384 - 2 x 8192) = 0)
    assert m.param_counts()[1] == pytest.approx(scout.param_counts()[1], rel=0.01)


# ------------------------------------------------------------------ KV cache


def test_mla_kv_cache_is_latent_plus_rope_key(cat):
    m = arch(cat, "deepseek-r1")
    assert m.kv_bytes_per_token("bf16") == 61 * (512 + 64) * 2
    assert m.kv_bytes_per_token("fp8", context=100_000) == 61 * 576
    # the latent is shared by the heads: tensor parallelism does not split it
    assert m.kv_bytes_per_token_per_gpu("bf16", 8) == m.kv_bytes_per_token("bf16")


def test_sliding_window_layers_cache_only_the_window(cat):
    m = arch(cat, "gpt-oss-120b")
    per_layer = 2 * 8 * 64 * 2  # K and V, 8 KV heads x 64, BF16
    assert m.kv_bytes_per_token("bf16", context=128) == 36 * per_layer
    # at 131,072 tokens the 18 sliding layers hold 128 tokens each
    assert m.kv_bytes_per_token("bf16", context=131072) == pytest.approx((18 + 18 * 128 / 131072) * per_layer)
    # without a context: every layer, the per-token upper bound
    assert m.kv_bytes_per_token("bf16") == 36 * per_layer


def test_chunked_attention_layers_cache_one_chunk(cat):
    m = arch(cat, "llama-4-scout")
    per_layer = 2 * 8 * 128 * 2
    assert m.kv_bytes_per_token("bf16", context=8192) == 48 * per_layer
    assert m.kv_bytes_per_token("bf16", context=32768) == pytest.approx((12 + 36 / 4) * per_layer)


def test_models_without_local_attention_are_unchanged(cat):
    m = arch(cat, "llama-3.1-70b")
    assert m.kv_bytes_per_token("bf16", context=100_000) == m.kv_bytes_per_token("bf16") == 2 * 80 * 8 * 128 * 2
    assert m.attention_span(4096) == 80 * 4096
    assert m.prefill_attention_pairs(1000) == 80 * 1000 * 1000 / 2


# ------------------------------------------------------------------ attention FLOPs


def test_attention_span_caps_local_layers_at_the_window(cat):
    m = arch(cat, "gpt-oss-120b")
    assert m.attention_span(64) == 36 * 64
    assert m.attention_span(4096) == 18 * 4096 + 18 * 128
    fwd = m.flops_per_token_forward(4096)
    assert fwd == pytest.approx(2 * m.active_params + 4 * (18 * 4096 + 18 * 128) * 64 * 64)


def test_prefill_pairs_match_a_brute_force_sum(cat):
    m = arch(cat, "gpt-oss-20b")  # 12 sliding (128) + 12 full layers
    t, w = 3000, 128
    full = sum(range(1, t + 1))
    local = sum(min(p, w) for p in range(1, t + 1))
    assert m.prefill_attention_pairs(t) == pytest.approx(12 * full + 12 * local, rel=0.01)


def test_local_attention_makes_long_prefill_cheaper(cat):
    gpu = cluster_from_catalog(cat, "h200", 8)
    base = arch(cat, "gpt-oss-120b")
    full = replace(base, local_attention=None, local_layers=0)
    a = infer(base, gpu, precision="fp8", input_tokens=32000, output_tokens=256, tp=8, batch=1)
    b = infer(full, gpu, precision="fp8", input_tokens=32000, output_tokens=256, tp=8, batch=1)
    assert a.prefill_s < b.prefill_s
    assert a.kv_cache_bytes_per_token < b.kv_cache_bytes_per_token


# ------------------------------------------------------------------ schema


def test_local_attention_needs_its_window():
    base = dict(slug="x", vendor="v", model="m", family="f", params_b=1, layers=4, hidden_size=64, heads=4,
                kv_heads=2, head_dim=16, ffn_size=128, vocab_size=100, attention="gqa", max_context=4096,
                license="l", sources=[{"title": "t", "covers": ["layers"]}])
    with pytest.raises(ValidationError, match="sliding_window"):
        Llm(**base, local_attention="sliding", local_attention_layers=2)
    with pytest.raises(ValidationError, match="local_attention_layers 5 > layers 4"):
        Llm(**base, local_attention="sliding", sliding_window=8, local_attention_layers=5)
    with pytest.raises(ValidationError, match="need local_attention"):
        Llm(**base, sliding_window=8)


def test_gemm_clock_cannot_exceed_the_peak_clock():
    base = dict(slug="x", vendor="v", model="m", family="cdna3", form_factor="OAM", memory_gb=1, memory_type="H",
                hbm_bandwidth_tb_per_s=1, bf16_tflops_dense=1, fp16_tflops_dense=1, tdp_w=1,
                sources=[{"title": "t", "covers": ["memory_gb"]}])
    with pytest.raises(ValidationError, match="gemm_clock_mhz 2200 > peak_clock_mhz 2100"):
        Gpu(**base, peak_clock_mhz=2100, gemm_clock_mhz=2200)
    with pytest.raises(ValidationError, match="needs peak_clock_mhz"):
        Gpu(**base, gemm_clock_mhz=1000)


# ------------------------------------------------------------------ power limit and clocks


def test_mi325x_math_follows_its_sustained_clock(cat):
    mi300 = cluster_from_catalog(cat, "mi300x", 1).gpu
    mi325 = cluster_from_catalog(cat, "mi325x", 1).gpu
    assert mi300.compute_clock_factor(cal.FAMILY_GEMM_CLOCK_REFERENCE) == pytest.approx(1.0)
    assert mi325.compute_clock_factor(cal.FAMILY_GEMM_CLOCK_REFERENCE) == pytest.approx(1447 / 1207)
    # a GPU without published clocks keeps its family constants
    assert cluster_from_catalog(cat, "h100-sxm", 1).gpu.compute_clock_factor(cal.FAMILY_GEMM_CLOCK_REFERENCE) == 1.0


def test_mi325x_prefill_is_faster_than_mi300x_at_the_same_peak(cat):
    # same 1,307.4 TFLOPS datasheet peak; 1,000 W vs 750 W: the compute-bound prefill runs faster
    m = arch(cat, "llama-3.1-70b")
    a = infer(m, cluster_from_catalog(cat, "mi300x", 1), precision="fp8", input_tokens=8000, output_tokens=16,
              tp=1, batch=1, stack="vllm")
    b = infer(m, cluster_from_catalog(cat, "mi325x", 1), precision="fp8", input_tokens=8000, output_tokens=16,
              tp=1, batch=1, stack="vllm")
    assert a.prefill_s / b.prefill_s > 1.15
    t300 = train(m, cluster_from_catalog(cat, "mi300x", 64), 1e11)
    t325 = train(m, cluster_from_catalog(cat, "mi325x", 64), 1e11)
    assert t325.tokens_per_s_per_gpu > 1.1 * t300.tokens_per_s_per_gpu


def test_scale_up_domains_of_the_new_gpus(cat):
    assert cluster_from_catalog(cat, "gb300", 144).domain_gpus == 72
    assert cluster_from_catalog(cat, "h200-nvl", 8).domain_gpus == 4  # 4-way NVLink bridges
    assert cluster_from_catalog(cat, "mi355x", 16).domain_gpus == 8


# ------------------------------------------------------------------ size answers


def size(capsys, *argv):
    code = main(["size", *argv, "--json"])
    out = capsys.readouterr()
    return code, json.loads(out.out)


@pytest.mark.parametrize("gpu", NEW_GPUS)
def test_size_infer_on_the_new_gpus(capsys, cat, gpu):
    code, d = size(capsys, "infer", "--model", "llama-3.1-70b", "--gpu", gpu, "--gpus", "8", "--precision", "fp8")
    assert code == 0 and d["fits"] is True
    # more bandwidth, more tokens: the 8 TB/s parts beat the 4.8 TB/s H200 NVL
    assert d["tokens_per_s"] > 0


def test_size_answers_rank_the_new_gpus_by_their_figures(capsys):
    tps = {}
    for gpu in ("h200-nvl", "mi350x", "mi355x", "b300"):
        _, d = size(capsys, "infer", "--model", "llama-3.1-70b", "--gpu", gpu, "--gpus", "8", "--precision", "fp8",
                    "--stack", "vllm")
        tps[gpu] = d["tokens_per_s"]
    assert tps["h200-nvl"] < tps["mi350x"] < tps["mi355x"]
    assert tps["h200-nvl"] < tps["b300"]


@pytest.mark.parametrize("model", NEW_LLMS)
def test_size_infer_for_the_new_models(capsys, model):
    code, d = size(capsys, "infer", "--model", model, "--gpu", "mi355x", "--gpus", "8", "--precision", "fp8",
                   "--input-tokens", "2048", "--output-tokens", "1024")
    assert code == 0 and d["fits"] is True and d["tokens_per_s"] > 0


def test_size_infer_reports_the_mla_and_window_caches(capsys):
    _, d = size(capsys, "infer", "--model", "deepseek-r1", "--gpu", "mi355x", "--gpus", "8", "--precision", "fp8",
                "--kv-precision", "bf16")
    assert d["kv_cache_bytes_per_token"] == 61 * 576 * 2
    _, d = size(capsys, "infer", "--model", "gpt-oss-120b", "--gpu", "b300", "--gpus", "1", "--precision", "fp4",
                "--kv-precision", "bf16", "--input-tokens", "2048", "--output-tokens", "2048")
    assert d["kv_cache_bytes_per_token"] == pytest.approx((18 + 18 * 128 / 4096) * 2 * 8 * 64 * 2)


@pytest.mark.parametrize(("model", "gpu", "gpus"), [
    ("qwen3-30b-a3b", "mi355x", "64"), ("llama-4-scout", "gb300", "72"), ("qwen3-32b", "b300", "16"),
    ("gpt-oss-120b", "mi325x", "32"),
])
def test_size_train_for_the_new_models_and_gpus(capsys, model, gpu, gpus):
    code, d = size(capsys, "train", "--model", model, "--gpu", gpu, "--gpus", gpus, "--tokens", "1e11")
    assert code == 0 and d["fits"] is True and d["days"] > 0


def test_gb300_nvl72_tray_places_and_sizes(cat):
    tray = cat.device("nvidia-gb300-nvl72-compute-tray")
    assert tray.gpu_slug == "gb300" and tray.gpu_count == 4 and tray.u_height == 1
    # the estimated draw (GB200 tray + 4 x 200 W more GPU power limit) sizes the cluster's power
    assert tray.planning.power.max_w == 5900 + 4 * (1400 - 1200)
    cl = cluster_from_catalog(cat, "gb300", 72)
    assert cl.gpus_per_node == 4 and cl.domain_gpus == 72
    assert cl.load_power_per_gpu_w() == pytest.approx(6200 / 4)
    # 4 GPUs x 18 NVLink 5 links, like the GB200 tray the fabric code wires
    assert sum(1 for i in tray.interfaces if i.name.startswith("gpu") and "-nvl" in i.name) == 72


def test_hgx_b300_server_sizes_b300_clusters(cat):
    srv = cat.device("asus-xa-nb3i-e12")
    assert srv.gpu_slug == "b300" and srv.gpu_count == 8 and srv.u_height == 9
    cl = cluster_from_catalog(cat, "b300", 16)
    assert cl.gpus_per_node == 8 and cl.nodes == 2
    # 8 ConnectX-8 at 800 Gb/s = 100 GB/s per GPU, and the server's draw per GPU
    assert cl.internode_gb_per_s == pytest.approx(100.0)
    assert cl.load_power_per_gpu_w() == pytest.approx(14500 / 8)


def test_rocm_vllm_software_generation_and_fabric_share(cat):
    from planner.workloads.inference import family_software_speedup

    # AMD's like-for-like MLPerf pair: 8x MI300X llama2-70b Offline, v4.1 (2024) vs v5.1 (2025)
    assert family_software_speedup("cdna3", "vllm", "2025") == pytest.approx(27803.9 / 23514.8)
    assert family_software_speedup("cdna3", "vllm", "2024") == 1.0
    assert family_software_speedup("hopper", "vllm", "2025") == 1.0  # no pair on NVIDIA
    m = arch(cat, "llama-2-70b")
    cl = cluster_from_catalog(cat, "mi300x", 8)
    new = infer(m, cl, precision="fp8", input_tokens=222, output_tokens=265, tp=1, stack="vllm", software="2025")
    old = infer(m, cl, precision="fp8", input_tokens=222, output_tokens=265, tp=1, stack="vllm", software="2024")
    assert new.software_speedup == pytest.approx(1.182, abs=1e-3) and old.software_speedup == 1.0
    assert new.tokens_per_s > 1.1 * old.tokens_per_s  # compute-bound: the math speed shows
    assert any("1.18x" in n for n in new.notes)
    # Infinity Fabric: RCCL's 48 of 64 GB/s per link and direction, 7 links
    assert cl.scale_up_gb_per_s() == pytest.approx(896 / 2 * 48 / 64)
    assert cluster_from_catalog(cat, "h200", 8).scale_up_gb_per_s() == pytest.approx(450)
