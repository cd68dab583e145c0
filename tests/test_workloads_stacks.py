"""Issue 26, inference side: what the serving stacks do (scheduler limits, software
generations, paged KV cache), FP4 efficiency, pipeline stages that cost something, MoE
expert/attention-data parallel serving, and the options a plan workload and
`rackwright size infer` now both take (docs/workloads.md, docs/validation.md)."""

from __future__ import annotations

import json

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.workloads import calibration as cal
from planner.workloads.arch import ModelArch
from planner.workloads.cluster import cluster_from_catalog
from planner.workloads.evaluate import evaluate_inference
from planner.workloads.inference import infer, resident_tokens
from planner.workloads.specs import SpecError, parse_spec


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def _m(cat, slug):
    return ModelArch.from_llm(cat.llm(slug))


def size(capsys, *argv):
    code = main(["size", "infer", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


# ------------------------------------------------------------------ bugs of the second pass

def test_no_layout_fits_prints_no_throughput_and_names_the_largest_layout(capsys):
    """405B in BF16 (812 GB) cannot fit eight 80 GB GPUs in any layout: the JSON gives no
    speeds, and the answer names the largest replica tried instead of blaming tp=1."""
    code, out, _ = size(capsys, "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--gpus", "8",
                        "--precision", "bf16", "--json")
    d = json.loads(out)
    assert code == 0 and d["fits"] is False
    for key in ("tokens_per_s", "tokens_per_s_per_user", "ttft_s", "energy_j_per_token"):
        assert d[key] is None, key
    assert d["tp"] * d["pp"] == 8
    assert not any("tp=1" in n for n in d["notes"])
    assert any("no layout of up to 8 GPUs" in n for n in d["notes"])


def test_tp8_pp2_over_two_nodes_is_not_called_a_tp_domain_overrun(cat):
    """TP8 PP2 on two 8-GPU nodes keeps each TP group inside its NVLink domain; only the
    pipeline hand-off crosses the fabric, and the note says so."""
    r = infer(_m(cat, "llama-3.1-405b"), cluster_from_catalog(cat, "h100-sxm", 16), precision="bf16",
              tp=8, pp=2)
    assert r.tp_in_nvlink_domain and not r.stages_in_nvlink_domain
    assert not any("TP8 spans" in n for n in r.notes)
    assert any("pipeline stages of TP8" in n for n in r.notes)


# ------------------------------------------------------------------ stacks

def test_vllm_v1_schedules_1024_sequences_on_large_gpus_but_not_on_a100(cat):
    m = _m(cat, "llama-3.1-8b")
    kw = dict(precision="fp8", input_tokens=128, output_tokens=128, tp=1, stack="vllm")
    h100 = infer(m, cluster_from_catalog(cat, "h100-sxm", 1), **kw)
    a100 = infer(m, cluster_from_catalog(cat, "a100-80gb", 1), precision="bf16", input_tokens=128,
                 output_tokens=128, tp=1, stack="vllm")
    old = infer(m, cluster_from_catalog(cat, "h100-sxm", 1), software="2024", **kw)
    assert h100.max_batch == 1024 and h100.batch_per_replica > 256
    assert a100.max_batch == 256 and old.max_batch == 256 and old.batch_per_replica == 256
    # the scheduler limit is an option apart from a fixed batch
    capped = infer(m, cluster_from_catalog(cat, "h100-sxm", 1), max_batch=64, **kw)
    assert capped.batch_per_replica == 64 and capped.tokens_per_s < h100.tokens_per_s


def test_sglang_memory_share_falls_with_tp(cat):
    st = cal.STACKS["sglang"]
    assert [st.utilisation(t) for t in (1, 2, 4, 8, 16)] == [0.88, 0.87, 0.85, 0.81, 0.79]
    r = infer(_m(cat, "llama-3.1-70b"), cluster_from_catalog(cat, "h100-sxm", 4), precision="bf16", tp=4,
              stack="sglang")
    assert r.fits and r.stack == "sglang" and r.max_batch == 4096


def test_paged_kv_holds_written_tokens_and_the_spread_matters(cat):
    assert resident_tokens(1000, 1000, "full") == 2000
    assert resident_tokens(1000, 1000, "paged") == 1500
    assert resident_tokens(1000, 1000, "paged", spread=1.0) == 2000  # length-biased: E[L^2] / 2 E[L]
    m = _m(cat, "llama-3.1-70b")
    cl = cluster_from_catalog(cat, "h100-sxm", 2)
    kw = dict(precision="fp8", input_tokens=1000, output_tokens=1000, tp=2, stack="vllm", max_batch=100000)
    even = infer(m, cl, **kw)
    spread = infer(m, cl, length_spread=1.5, **kw)
    assert spread.max_concurrent_sequences < even.max_concurrent_sequences
    # TensorRT-LLM reserves the full length whatever the spread (GUARANTEED_NO_EVICT)
    t0 = infer(m, cl, precision="fp8", input_tokens=1000, output_tokens=1000, tp=2)
    t1 = infer(m, cl, precision="fp8", input_tokens=1000, output_tokens=1000, tp=2, length_spread=1.5)
    assert t0.max_concurrent_sequences == t1.max_concurrent_sequences


def test_fp4_is_not_priced_at_twice_fp8(cat):
    """Compute-bound serving (long prompts, short answers) on B200 at the same batch:
    FP4 math is ~1.6x FP8, not the 2x of the datasheet peaks."""
    m = _m(cat, "llama-3.1-70b")
    cl = cluster_from_catalog(cat, "b200", 1)
    kw = dict(input_tokens=2048, output_tokens=128, tp=1, batch=64, kv_precision="fp8")
    fp4 = infer(m, cl, precision="fp4", **kw)
    fp8 = infer(m, cl, precision="fp8", **kw)
    assert fp4.bottleneck == "compute"
    assert 1.3 < fp4.tokens_per_s / fp8.tokens_per_s < 1.7


def test_pipeline_stages_are_not_free(cat):
    """Each stage adds a forward pass with the stack's overhead and a bubble: at the same
    batch, PP2 serves fewer tokens than the per-GPU work alone would give."""
    m = _m(cat, "llama-3.1-70b")
    cl = cluster_from_catalog(cat, "h100-sxm", 2)
    pp = infer(m, cl, precision="fp8", tp=1, pp=2, batch=128)
    assert pp.step_s > pp.decode_memory_s + pp.decode_compute_s + cal.STACKS["trtllm"].step_overhead_s * 2 - 1e-12


def test_attention_dp_keeps_one_mla_latent_per_sequence(cat):
    """DeepSeek-V3 at TP8 stores its MLA latent on every rank; attention data parallel
    stores it once, so the same eight GPUs hold several times the sequences."""
    m = _m(cat, "deepseek-v3")
    cl = cluster_from_catalog(cat, "h200", 8)
    kw = dict(precision="fp8", input_tokens=2000, output_tokens=1000, tp=8, stack="sglang")
    tp = infer(m, cl, **kw)
    dp = infer(m, cl, attention_dp=True, **kw)
    assert dp.attention_dp and dp.ep
    assert dp.max_concurrent_sequences > 3 * tp.max_concurrent_sequences
    assert dp.weights_per_gpu_gb > tp.weights_per_gpu_gb  # attention and dense layers replicated
    with pytest.raises(ValueError, match="mixture-of-experts"):
        infer(_m(cat, "llama-3.1-70b"), cl, precision="fp8", ep=True)


# ------------------------------------------------------------------ options: plan workloads and size

def test_inference_spec_takes_every_serving_option_size_has(cat):
    spec = parse_spec("inference", {"model": "llama-3.1-70b", "users": 200, "stack": "sglang", "max_seqs": 32,
                                    "length_spread": 0.8, "precision": "fp8"})
    assert spec.stack == "sglang" and spec.max_seqs == 32 and spec.length_spread == 0.8
    cl = cluster_from_catalog(cat, "h100-sxm", 8)
    _met, _margin, _bn, fig = evaluate_inference(spec, _m(cat, "llama-3.1-70b"), cl)
    assert fig["max_seqs"] == 32 and fig["stack"] == "sglang" and fig["length_spread"] == 0.8
    moe = parse_spec("inference", {"model": "deepseek-v3", "users": 100, "ep": True, "attention_dp": True})
    assert moe.ep and moe.attention_dp
    with pytest.raises(SpecError, match="spec.length_spread"):
        parse_spec("inference", {"model": "llama-3.1-70b", "users": 1, "length_spread": -1})


def test_size_infer_takes_the_new_options(capsys):
    code, out, _ = size(capsys, "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "1", "--stack", "sglang",
                        "--max-seqs", "48", "--length-spread", "0.5", "--json")
    d = json.loads(out)
    assert code == 0 and d["stack"] == "sglang" and d["batch_per_replica"] == 48 and d["length_spread"] == 0.5
    code, out, _ = size(capsys, "--model", "deepseek-v3", "--gpu", "h200", "--gpus", "8", "--precision", "fp8",
                        "--tp", "8", "--attention-dp", "--ep", "--json")
    d = json.loads(out)
    assert code == 0 and d["attention_dp"] and d["ep"]
    code, _, err = size(capsys, "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--length-spread", "-2")
    assert code == 2 and "--length-spread" in err
    code, _, err = size(capsys, "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--ep")
    assert code == 2 and "mixture-of-experts" in err


@pytest.mark.parametrize("model,gpu,gpus,precision,isl,osl,tp,pp", [
    # MLPerf Inference v5.0: DGX H100 serves Llama 2 70B as TP1 PP2, the H200 system as TP1
    ("llama-2-70b", "h100-sxm", 8, "fp8", 222, 292, 1, 2),
    ("llama-2-70b", "h200", 8, "fp8", 222, 292, 1, 1),
    # TensorRT-LLM 1.0 perf-overview: Llama 3.3 70B at TP2 on H100, TP1 on H200 and B200 (FP4);
    # Llama 3.1 405B at TP8 on H100
    ("llama-3.1-70b", "h100-sxm", 2, "fp8", 1000, 1000, 2, 1),
    ("llama-3.1-70b", "h200", 1, "fp8", 1000, 1000, 1, 1),
    ("llama-3.1-70b", "b200", 1, "fp4", 1000, 1000, 1, 1),
    ("llama-3.1-405b", "h100-sxm", 8, "fp8", 1000, 1000, 8, 1),
])
def test_automatic_layout_chooses_what_the_publishers_run(cat, model, gpu, gpus, precision, isl, osl, tp, pp):
    """Pipeline stages cost a pass overhead and a bubble, and are chosen only when they buy
    more than the model's error (calibration.PP_MIN_GAIN): the layouts NVIDIA publishes
    for these configurations come out (before, PP won every near tie)."""
    r = infer(_m(cat, model), cluster_from_catalog(cat, gpu, gpus), precision=precision, input_tokens=isl,
              output_tokens=osl)
    assert (r.tp, r.pp) == (tp, pp)


def test_the_new_case_files_name_their_sources():
    """Every case of this pass carries a source_key (the leave-one-source-out fit groups
    by it), its source and URL; an out-of-scope case says why."""
    from pathlib import Path

    import yaml

    from planner.workloads.validation import CASES_PATH

    keys = set()
    for name in ("trtllm-blackwell.yaml", "vllm-nvidia.yaml", "sglang.yaml"):
        doc = yaml.safe_load(Path(CASES_PATH, name).read_text(encoding="utf-8"))
        for c in doc["cases"] + doc.get("out_of_scope", []):
            assert c.get("source_key") and c.get("source") and c.get("url", "").startswith("https://"), c["id"]
            keys.add(c["source_key"])
        for c in doc.get("out_of_scope", []):
            assert len(c.get("reason", "")) > 40, c["id"]
    assert len(keys) >= 5


# ------------------------------------------------------------------ val26c: SGLang generations, NCCL share

def test_sglang_2024_runs_vllm_2024_matmuls_and_2025_keeps_its_own(cat):
    """SGLang v0.3-v0.4 (2024) builds its linear layers from vLLM's (it pins vllm 0.5.5 /
    0.6.3): its compute share is vLLM 2024's and moves with it in the fit; the 2025 SGLang
    (DeepGEMM, DeepEP) keeps its own. The same BF16 run is slower as 2024 software."""
    from planner.workloads import fit

    assert cal.stack_for("sglang", "2024") == "sglang-2024" and cal.stack_for("sglang", "2025") == "sglang"
    old, new = cal.STACKS["sglang-2024"], cal.STACKS["sglang"]
    assert old.compute_efficiency == cal.STACKS["vllm-2024"].compute_efficiency < new.compute_efficiency
    tied = {c.path: c.tied for c in fit.REGISTRY}
    assert "STACKS[sglang-2024].compute_efficiency" in tied["STACKS[vllm-2024].compute_efficiency"]
    with fit.constants({"STACKS[vllm-2024].compute_efficiency": 0.3}):
        assert cal.STACKS["sglang-2024"].compute_efficiency == 0.3
    m, cl = _m(cat, "llama-3.1-70b"), cluster_from_catalog(cat, "h200", 4)
    kw = dict(precision="bf16", input_tokens=227, output_tokens=194, tp=4, stack="sglang", length_spread=1.0)
    r24, r25 = infer(m, cl, software="2024", **kw), infer(m, cl, software="2025", **kw)
    assert r24.tokens_per_s < 0.9 * r25.tokens_per_s
    assert any("v0.3-v0.4" in n for n in r24.notes)


def test_vllm_and_sglang_large_allreduces_run_at_nccl_share_of_nvlink(cat):
    """Above vLLM's custom all-reduce limit (8 MiB) vLLM and SGLang hand the TP all-reduce to
    NCCL, which moves ~370 of NVLink's 450 GB/s; TensorRT-LLM's own plugin keeps the link
    rate. Below the limit (small batches) nothing changes."""
    m, cl = _m(cat, "llama-3.1-70b"), cluster_from_catalog(cat, "h200", 8)
    kw = dict(precision="bf16", input_tokens=256, output_tokens=256, tp=8)
    big = infer(m, cl, batch=1024, stack="vllm", **kw)  # 1024 x 8192 x 2 B = 16 MiB per all-reduce
    ref = infer(m, cl, batch=1024, stack="trtllm", **kw)
    n_ar = 2 * m.layers
    size_b = 1024 * m.hidden * 2.0
    link = cl.scale_up_gb_per_s() * 1e9
    want = n_ar * (2 * 7 / 8 * size_b / (link * cal.NCCL_NVLINK_DATA_SHARE) + cal.NVLINK_COLLECTIVE_LATENCY_S)
    assert big.decode_comm_s == pytest.approx(want, rel=1e-9)
    assert ref.decode_comm_s == pytest.approx(n_ar * (2 * 7 / 8 * size_b / link + cal.NVLINK_COLLECTIVE_LATENCY_S),
                                              rel=1e-9)
    small = infer(m, cl, batch=64, stack="vllm", **kw)  # 1 MiB: vLLM's custom kernel
    small_t = infer(m, cl, batch=64, stack="trtllm", **kw)
    assert small.decode_comm_s == pytest.approx(small_t.decode_comm_s, rel=1e-12)
