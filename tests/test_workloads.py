"""Workload model: memory arithmetic, scaling, inverse questions, specs, plan verdicts,
and every published validation case within tolerance."""

from __future__ import annotations

import math

import pytest

from planner.catalog import load_catalog
from planner.workloads import validation
from planner.workloads.arch import ModelArch
from planner.workloads.cluster import cluster_from_catalog
from planner.workloads.evaluate import evaluate_plan
from planner.workloads.inference import gpus_for_targets, infer
from planner.workloads.specs import SpecError, parse_spec
from planner.workloads.training import gpus_for_days, train


@pytest.fixture(scope="module")
def cat():
    c = load_catalog()
    assert not c.errors
    return c


def arch(cat, slug):
    return ModelArch.from_llm(cat.llm(slug))


# ---------------------------------------------------------------- memory


def test_kv_cache_gqa_llama3_70b(cat):
    m = arch(cat, "llama-3-70b")
    # 2 x 80 layers x 8 KV heads x 128 head dim x 2 bytes
    assert m.kv_bytes_per_token("bf16") == 2 * 80 * 8 * 128 * 2 == 327_680
    assert m.kv_bytes_per_token("fp8") == 163_840


def test_kv_cache_mha_llama2_7b(cat):
    m = arch(cat, "llama-2-7b")
    assert m.attention == "mha"
    assert m.kv_bytes_per_token("bf16") == 2 * 32 * 32 * 128 * 2 == 524_288


def test_kv_cache_mla_deepseek_v3(cat):
    m = arch(cat, "deepseek-v3")
    # (kv_lora_rank 512 + qk_rope_head_dim 64) x 61 layers x 2 bytes
    assert m.kv_bytes_per_token("bf16") == (512 + 64) * 61 * 2 == 70_272
    # the latent is not split by heads: every TP rank holds all of it
    assert m.kv_bytes_per_token_per_gpu("bf16", 8) == 70_272


def test_kv_per_gpu_splits_heads_then_replicates(cat):
    m = arch(cat, "llama-3-70b")  # 8 KV heads
    full = m.kv_bytes_per_token("bf16")
    assert m.kv_bytes_per_token_per_gpu("bf16", 4) == full / 4
    assert m.kv_bytes_per_token_per_gpu("bf16", 8) == full / 8
    assert m.kv_bytes_per_token_per_gpu("bf16", 16) == full / 8  # one head each, replicated


def test_weights_by_precision(cat):
    m = arch(cat, "llama-3-70b")  # 70.6B parameters
    assert m.weights_gb("bf16") == pytest.approx(141.2)
    assert m.weights_gb("fp8") == pytest.approx(70.6)
    assert m.weights_gb("int4") == pytest.approx(35.3)
    with pytest.raises(ValueError, match="unknown precision"):
        m.weights_gb("fp12")


def test_moe_reads_only_touched_experts(cat):
    m = arch(cat, "mixtral-8x7b")
    dense, routed = m.moe_split()
    assert dense + routed == pytest.approx(m.params)
    # one token reads the active parameters; a big batch touches every expert
    assert m.weights_read_params(1) == pytest.approx(m.active_params, rel=1e-9)
    assert m.weights_read_params(512) == pytest.approx(m.params, rel=1e-6)
    assert m.weights_read_params(1) < m.weights_read_params(4) < m.weights_read_params(64)


def test_max_sequences_follow_memory(cat):
    m = arch(cat, "llama-3-70b")
    a = infer(m, cluster_from_catalog(cat, "h100-sxm", 8), precision="fp8", tp=8)
    b = infer(m, cluster_from_catalog(cat, "h200", 8), precision="fp8", tp=8)
    assert b.max_concurrent_sequences > a.max_concurrent_sequences  # 141 GB vs 80 GB
    short = infer(m, cluster_from_catalog(cat, "h200", 8), precision="fp8", tp=8,
                  input_tokens=512, output_tokens=128)
    assert short.max_concurrent_sequences >= b.max_concurrent_sequences


def test_model_that_cannot_fit(cat):
    m = arch(cat, "llama-3.1-405b")
    r = infer(m, cluster_from_catalog(cat, "h100-sxm", 1), precision="bf16", tp=1, batch=1)
    assert not r.fits and r.bottleneck == "gpu_memory"


# ---------------------------------------------------------------- inference behaviour


def test_decode_slows_with_batch_and_throughput_rises(cat):
    m = arch(cat, "llama-3.1-8b")
    cl = cluster_from_catalog(cat, "h100-sxm", 1)
    r1 = infer(m, cl, precision="fp8", batch=1)
    r64 = infer(m, cl, precision="fp8", batch=64)
    assert r64.tokens_per_s_per_user < r1.tokens_per_s_per_user
    assert r64.tokens_per_s > 10 * r1.tokens_per_s
    assert r1.bottleneck == "memory_bandwidth"


def test_inverse_inference_meets_targets(cat):
    m = arch(cat, "llama-3-70b")
    cl = cluster_from_catalog(cat, "h200", 8)
    need = gpus_for_targets(m, cl, users=500, tokens_per_s_per_user=30, ttft_s=1.0,
                            precision="fp8", input_tokens=1024, output_tokens=256)
    assert need is not None
    gpus, tp, batch = need
    r = infer(m, cl.with_(gpus=gpus), precision="fp8", tp=tp, users=500,
              input_tokens=1024, output_tokens=256)
    assert r.fits and r.tokens_per_s_per_user >= 30 and r.ttft_s <= 1.0
    # and one replica fewer does not serve the same users at that speed
    if gpus > tp:
        fewer = infer(m, cl.with_(gpus=gpus - tp), precision="fp8", tp=tp, users=500,
                      input_tokens=1024, output_tokens=256)
        assert not (fewer.fits and fewer.tokens_per_s_per_user >= 30 and fewer.ttft_s <= 1.0)


def test_idle_replicas_add_no_tokens(cat):
    """Fewer users than replicas: system tokens/s is what the users get, not every
    replica's capacity; the idle replicas still cost money per token."""
    m = arch(cat, "llama-3.1-8b")
    cl = cluster_from_catalog(cat, "h200", 8)
    two = infer(m, cl, precision="fp8", tp=1, users=2)
    eight = infer(m, cl, precision="fp8", tp=1, users=8)
    assert two.replicas == eight.replicas == 8
    assert two.tokens_per_s == pytest.approx(2 * two.tokens_per_s_per_user)
    assert eight.tokens_per_s == pytest.approx(8 * eight.tokens_per_s_per_user)
    assert two.tokens_per_s == pytest.approx(eight.tokens_per_s / 4)
    assert any("2 of 8 replicas" in n for n in two.notes)
    assert two.energy_cost_per_million_tokens == pytest.approx(4 * eight.energy_cost_per_million_tokens)


def test_unreachable_per_user_speed(cat):
    m = arch(cat, "llama-3.1-405b")
    cl = cluster_from_catalog(cat, "l40s", 8)
    assert gpus_for_targets(m, cl, users=10, tokens_per_s_per_user=5000, precision="fp8") is None


def test_cost_and_energy(cat):
    m = arch(cat, "llama-3.1-8b")
    cl = cluster_from_catalog(cat, "h100-sxm", 8)
    r = infer(m, cl, precision="fp8")
    assert r.cost_per_million_tokens is not None and r.cost_per_million_tokens > r.energy_cost_per_million_tokens
    dear = infer(m, cl.with_(pue=2.0), precision="fp8")
    assert dear.energy_j_per_token == pytest.approx(r.energy_j_per_token * 2.0 / 1.3)


# ---------------------------------------------------------------- training


def test_scaling_efficiency_strictly_falls(cat):
    m = arch(cat, "llama-3-70b")
    per_gpu = []
    # from 256 GPUs, where memory no longer forces the layout, to 16k
    for n in [256, 512, 1024, 2048, 4096, 8192, 16384]:
        r = train(m, cluster_from_catalog(cat, "h100-sxm", n), 2e12, seq_len=8192,
                  global_batch_tokens=16 * 2**20)
        assert r.fits
        per_gpu.append(r.tokens_per_s_per_gpu)
    for a, b in zip(per_gpu, per_gpu[1:]):
        assert b < a  # doubling GPUs never doubles speed
    assert per_gpu[-1] < 0.95 * per_gpu[0]


def test_training_memory_zero_and_recompute(cat):
    from planner.workloads.training import Layout, memory_per_gpu_bytes

    m = arch(cat, "llama-3-70b")
    z0 = memory_per_gpu_bytes(m, Layout(8, 1, 64, zero=0), 4096, "pretrain", 8)
    z1 = memory_per_gpu_bytes(m, Layout(8, 1, 64, zero=1), 4096, "pretrain", 8)
    z3 = memory_per_gpu_bytes(m, Layout(8, 1, 64, zero=3), 4096, "pretrain", 8)
    full = memory_per_gpu_bytes(m, Layout(8, 1, 64, zero=1, recompute="full"), 4096, "pretrain", 8)
    assert z0 > z1 > z3
    assert full < z1
    # ZeRO-0 model states alone are 16 bytes per parameter over TP ranks
    assert z0 > 16 * m.params / 8


def test_inverse_training_meets_target(cat):
    m = arch(cat, "llama-3-70b")
    cl = cluster_from_catalog(cat, "h100-sxm", 8)
    n = gpus_for_days(m, cl, 2e12, 30)
    assert n is not None
    assert train(m, cl.with_(gpus=n), 2e12).days <= 30
    assert train(m, cl.with_(gpus=n - 8), 2e12).days > 30


def test_training_software_generation_speeds_fp8_only(cat):
    """2024 training software runs FP8 matmuls 27 % faster than 2023 software (NVIDIA's
    MLPerf Training v4.0 figure); BF16 runs do not change; an unknown year is refused."""
    from planner.workloads import calibration as cal

    m = arch(cat, "llama-3-70b")
    cl = cluster_from_catalog(cat, "h100-sxm", 64)
    kw = dict(seq_len=4096, global_batch_tokens=4 * 2**20, tp=8, pp=1)
    old = train(m, cl, 1e10, precision="fp8", software="2023", **kw)
    new = train(m, cl, 1e10, precision="fp8", software="2024", **kw)
    assert new.layout == old.layout
    speed = cal.FP8_TRAINING_SOFTWARE_SPEEDUP["2024"] / cal.FP8_TRAINING_SOFTWARE_SPEEDUP["2023"]
    # the weight matmuls gain the full factor; attention runs in BF16 and gains nothing
    attn = (speed * new.times.gemm_s - old.times.gemm_s) / (speed - 1.0)
    bf16 = train(m, cl, 1e10, precision="bf16", **kw).times.gemm_s
    assert 0.0 < attn < 0.2 * new.times.gemm_s
    assert 1.0 < old.times.gemm_s / new.times.gemm_s < speed
    # the same attention time in the BF16 run: what remains scales by the FP8 matmul rate
    g = cl.gpu
    fp8_rate = g.fp8_tflops / g.bf16_tflops * cal.FP8_GEMM_RELATIVE_EFFICIENCY * speed
    assert (bf16 - attn) / (new.times.gemm_s - attn) == pytest.approx(fp8_rate)
    # communication and memory-bound work are not software-scaled, so the step gains less
    assert 1.0 < old.step_s / new.step_s < speed
    b_old = train(m, cl, 1e10, precision="bf16", software="2023", **kw)
    b_new = train(m, cl, 1e10, precision="bf16", software="2024", **kw)
    assert b_old.step_s == b_new.step_s
    assert train(m, cl, 1e10, precision="fp8", **kw).step_s == new.step_s  # sizing assumes current software
    with pytest.raises(ValueError, match="unknown training software"):
        train(m, cl, 1e10, software="2019")
    assert parse_spec("pretrain", {"model": "x", "tokens": 1e9}).software == cal.DEFAULT_TRAINING_SOFTWARE
    from typing import get_args

    from planner.workloads.specs import PretrainSpec

    # the spec offers exactly the years the calibration knows
    assert set(get_args(PretrainSpec.model_fields["software"].annotation)) == set(cal.FP8_TRAINING_SOFTWARE_SPEEDUP)
    with pytest.raises(SpecError, match="spec.software"):
        parse_spec("pretrain", {"model": "x", "tokens": 1e9, "software": "2019"})


def test_lora_cheaper_than_full(cat):
    m = arch(cat, "llama-3-70b")
    cl = cluster_from_catalog(cat, "h100-sxm", 8)
    full = train(m, cl, 1e9, method="full", global_batch_tokens=512 * 1024)
    lora = train(m, cl, 1e9, method="lora", global_batch_tokens=512 * 1024)
    qlora = train(m, cluster_from_catalog(cat, "h100-sxm", 1), 1e8, method="qlora",
                  global_batch_tokens=64 * 1024)
    assert lora.memory_per_gpu_gb < full.memory_per_gpu_gb
    assert lora.days < full.days
    assert qlora.fits  # 70B in 4 bits fits one 80 GB GPU
    assert lora.checkpoint_size_gb < full.checkpoint_size_gb / 100


def test_checkpoint_write_from_storage(cat):
    m = arch(cat, "llama-3-70b")
    cl = cluster_from_catalog(cat, "h100-sxm", 64, storage_write_gb_per_s=100.0)
    r = train(m, cl, 1e12)
    assert r.checkpoint_size_gb == pytest.approx(70.6 * 14)
    assert r.checkpoint_write_s == pytest.approx(r.checkpoint_size_gb / 100.0)


# ---------------------------------------------------------------- specs


def test_spec_errors_name_the_field():
    with pytest.raises(SpecError, match=r"spec\.users"):
        parse_spec("inference", {"model": "llama-3-70b", "users": 0})
    with pytest.raises(SpecError, match=r"spec\.tokens"):
        parse_spec("pretrain", {"model": "llama-3-70b"})
    with pytest.raises(SpecError, match=r"spec\.bogus"):
        parse_spec("finetune", {"model": "x", "tokens": 1e9, "bogus": 1})
    with pytest.raises(SpecError, match="unknown workload kind"):
        parse_spec("mining", {})
    s = parse_spec("finetune", {"model": "llama-3-70b", "tokens": 1e9, "method": "qlora"})
    assert s.method == "qlora"


# ---------------------------------------------------------------- plan verdicts


def _plan(servers: int, workloads: list[dict], device="nvidia-dgx-h100"):
    from planner.model.plan import Plan

    rack = {"id": "r1", "name": "R1", "rack_type": "rack-48u-800x1200",
            "placements": [{"id": f"s{i}", "device": device, "u": 1 + 10 * i} for i in range(servers)]}
    return Plan.model_validate({
        "site": {"rooms": [{"id": "room", "name": "Room", "rows": [{"id": "row", "name": "Row", "racks": [rack]}]}]},
        "groups": [{"id": "g1", "name": "first", "members": ["s0"]}],
        "workloads": workloads,
    })


def test_plan_verdicts(cat):
    plan = _plan(4, [
        {"id": "w1", "name": "chat", "kind": "inference",
         "spec": {"model": "llama-3-70b", "precision": "fp8", "users": 200,
                  "target_tokens_per_s_per_user": 20, "target_ttft_s": 2}},
        {"id": "w2", "name": "too many users", "kind": "inference", "group": "g1",
         "spec": {"model": "llama-3.1-405b", "precision": "fp8", "users": 5000, "input_tokens": 8000}},
        {"id": "w3", "name": "pretrain", "kind": "pretrain",
         "spec": {"model": "llama-3-70b", "tokens": 1e12, "target_days": 30}},
        {"id": "w4", "name": "bad", "kind": "inference", "spec": {"model": "nope", "users": 1}},
        {"id": "w5", "name": "ckpt", "kind": "storage",
         "spec": {"model": "llama-3-70b", "checkpoint_every_min": 30, "checkpoint_within_s": 60}},
    ])
    v = {x.id: x for x in evaluate_plan(plan, cat)}
    assert v["w1"].met is True and v["w1"].margin >= 0
    assert v["w1"].figures["tokens_per_s"] > 0 and "gpus_needed" in v["w1"].figures
    assert v["w2"].met is False and v["w2"].bottleneck == "gpu_memory" and v["w2"].margin < 0
    assert v["w2"].figures["gpus"] == 8  # the group's one server
    assert v["w3"].met is False and v["w3"].margin < 0
    assert v["w3"].figures["gpus_needed"] > 32
    assert v["w4"].met is None and "unknown model" in v["w4"].error
    assert v["w5"].met is False and v["w5"].bottleneck == "storage"  # no storage devices
    d = v["w1"].to_dict()
    for k in ("name", "kind", "met", "margin", "bottleneck", "tokens_per_s", "ttft_s"):
        assert k in d
    assert all(x.bottleneck == "power" for x in evaluate_plan(plan, cat, power_ok=False) if x.met is not None)


# ---------------------------------------------------------------- validation table


def test_validation_cases_within_tolerance(cat):
    results, tol = validation.run(cat)
    asserted = [r for r in results if not r.excluded]
    assert len(asserted) >= 67
    kinds = {validation.source_type(r.case) for r in asserted}
    # the issue names these publication kinds; each must have asserted cases
    assert {"MLPerf Inference", "MLPerf Training", "TensorRT-LLM tables", "vLLM tables",
            "model cards and papers"} <= kinds
    bad = [(r.case["id"], round(r.error * 100, 1)) for r in asserted if abs(r.error) > tol]
    assert not bad, f"cases beyond ±{tol:.0%}: {bad}"
    for r in results:
        assert math.isfinite(r.predicted) and r.predicted > 0
        assert r.case["source"] and r.case["url"].startswith("https://")
    assert all(r.case.get("reason") for r in results if r.excluded)
    # an FP8 training case must say which software generation ran it (it changes the answer)
    assert all(r.case.get("software") in ("2023", "2024") for r in results
               if r.case["kind"] == "training" and r.case.get("precision") == "fp8")


def test_check_section_built_from_engine_results(cat):
    """The workloads[] section comes from Results (no import side effect); a cooling error on the
    workload's racks makes it unmet with bottleneck cooling."""
    from planner.engine import Engine, EngineSettings
    from planner.model.plan import Placement, PowerFeed

    plan = _plan(2, [{"id": "w1", "name": "chat", "kind": "inference",
                      "spec": {"model": "llama-3.1-8b", "precision": "fp8", "users": 50}}])
    for side, where in (("A", "left"), ("B", "right")):  # 2N power so only cooling can fail
        plan.feeds.append(PowerFeed(id=f"f{side}", name=side, side=side, breaker_a=60.0))
        plan.rack("r1").placements.append(Placement(id=f"pdu{side}", device="raritan-px3-415v-60a", side=where,
                                                   feed=f"f{side}"))
    plan.reindex()
    doc = Engine(cat).compute(plan).to_json(plan, cat)
    assert doc["workloads"][0]["name"] == "chat"
    ok = doc["workloads"][0]["met"]
    hot = Engine(cat, EngineSettings(air_limit_kw=1)).compute(plan)
    assert any(f.code == "COOLING_OVER_CAPACITY" for f in hot.findings)
    bad = hot.to_json(plan, cat)["workloads"][0]
    assert ok is not False and bad["met"] is False and bad["bottleneck"] == "cooling"


def test_validation_doc_is_regenerated(cat):
    """docs/validation.md carries the table the cases produce today."""
    from pathlib import Path

    results, tol = validation.run(cat)
    doc = (Path(__file__).resolve().parents[1] / "docs" / "validation.md").read_text(encoding="utf-8")
    assert validation.markdown(results, tol) in doc
