"""MLA decode attention in the serving model: the absorbed form attends over the cached
latent, 2 x heads x (d_k + d_v) FLOPs per cached token and layer with d_k = 576 and
d_v = 512 on DeepSeek-V3/R1 (FlashMLA, docs/20250422-new-kernel-deep-dive.md,
https://github.com/deepseek-ai/FlashMLA/blob/12cfd32b5d847b8ccb4b183abe90e73d084e3615/docs/20250422-new-kernel-deep-dive.md)."""

from __future__ import annotations

import pytest

from planner.catalog import load_catalog
from planner.workloads import calibration as cal
from planner.workloads.arch import ModelArch
from planner.workloads.cluster import cluster_from_catalog
from planner.workloads.inference import _decode_times, _replica


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def test_decode_attention_flops_per_pair(cat):
    r1 = ModelArch.from_llm(cat.llm("deepseek-r1"))
    # 128 heads x 2 x (576 + 512): the latent (512) plus the decoupled RoPE key (64) for
    # Q.K, the latent again for the weighted sum
    assert r1.decode_attention_flops_per_pair == 2 * 128 * (576 + 512)
    # 2.8x the decompressed heads' 4 x 128 x 192 (what prefill and training count)
    assert r1.decode_attention_flops_per_pair / (4 * r1.attn_dim) == pytest.approx(2.83, abs=0.01)
    for slug in ("llama-3.1-70b", "mixtral-8x7b", "qwen3-235b-a22b"):
        m = ModelArch.from_llm(cat.llm(slug))
        assert m.decode_attention_flops_per_pair == 4 * m.attn_dim


def test_mla_decode_step_charges_the_latent_attention(cat):
    """With attention data parallel each H200 runs all 128 heads of its own sequences:
    a step grows with the context by at least the absorbed MLA FLOPs at the replica's
    math rate (FlashMLA: compute bound at 128 query heads on an H800)."""
    model = ModelArch.from_llm(cat.llm("deepseek-r1"))
    cl = cluster_from_catalog(cat, "h200", 8)
    st = cal.STACKS[cal.stack_for("trtllm", cal.DEFAULT_INFERENCE_SOFTWARE)]
    rep = _replica(model, cl, 8, "fp8", "fp8", 1024, 4096, st, ep=True, attention_dp=True)
    batch = 512
    short = _decode_times(model, rep, 8, batch, 2000.0)[3]
    long = _decode_times(model, rep, 8, batch, 6000.0)[3]
    seqs = batch / 8
    latent_math = seqs * model.layers * 4000.0 * 2 * 128 * (576 + 512) / rep.peak
    assert long - short >= latent_math * (1 - 1e-9)
    # the decompressed count alone would charge ~0.35x of it
    assert latent_math > 2.5 * seqs * model.layers * 4000.0 * 4 * model.attn_dim / rep.peak
