"""Issue 15, inference side: software generation, pipeline-parallel serving, tensor
parallelism over PCIe, MI325X (docs/workloads.md, docs/validation.md)."""

from __future__ import annotations

import math

import pytest

from planner.catalog import load_catalog
from planner.workloads import calibration as cal
from planner.workloads import validation
from planner.workloads.arch import ModelArch
from planner.workloads.cluster import cluster_from_catalog
from planner.workloads.inference import infer


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def _model(cat, slug):
    return ModelArch.from_llm(cat.llm(slug))


def _case(case_id):
    doc = validation.load_cases()
    for c in doc["cases"] + doc.get("out_of_scope", []):
        if c["id"] == case_id:
            return c
    raise AssertionError(f"no validation case {case_id}")


# ------------------------------------------------------------------ software generation

def test_inference_software_factor_is_the_published_same_system_pair():
    """The factor is the ratio of the two MLPerf rounds' published figures on the same
    8x H200 system (not a fitted number): both cases are in the validation table."""
    v41 = _case("mlperf-inf-v4.1-llama2-70b-offline-8xh200")
    v50 = _case("mlperf-inf-v5.0-llama2-70b-offline-8xh200")
    assert v41["gpu"] == v50["gpu"] and v41["gpus"] == v50["gpus"] and v41["tp"] == v50["tp"]
    ratio = v50["published"] / v41["published"]
    f = cal.INFERENCE_SOFTWARE_SPEEDUP
    assert f[str(v50["software"])] / f[str(v41["software"])] == pytest.approx(ratio, abs=0.0005)


def test_software_generation_scales_compute_bound_tensorrt_llm_only(cat):
    m = _model(cat, "llama-2-70b")
    cl = cluster_from_catalog(cat, "h200", 8)
    kw = dict(precision="fp8", input_tokens=222, output_tokens=292, tp=1)
    new = infer(m, cl, software="2025", **kw)
    old = infer(m, cl, software="2024", **kw)
    assert new.bottleneck == "compute"
    gain = new.tokens_per_s / old.tokens_per_s
    assert 1.08 < gain <= 1.118 + 1e-9  # the math speeds up; the fixed step overhead does not
    assert new.to_dict()["software"] == "2025" and old.to_dict()["software"] == "2024"
    assert any("MLPerf Inference v5.0" in n for n in new.notes)
    # vLLM has no published like-for-like pair, so no speed-up factor: its generations are
    # engines with their own constants instead (V0 of 2024, V1 of 2025; calibration.STACK_GENERATIONS)
    v_new = infer(m, cl, software="2025", stack="vllm", **kw)
    v_old = infer(m, cl, software="2024", stack="vllm", **kw)
    assert v_new.software_speedup == v_old.software_speedup == 1.0
    assert cal.stack_for("vllm", "2024") == "vllm-2024" and cal.stack_for("vllm", "2025") == "vllm"
    with pytest.raises(ValueError, match="software generation"):
        infer(m, cl, software="2019", **kw)


def test_sizing_defaults_to_the_current_generation(cat):
    m = _model(cat, "llama-3.1-8b")
    r = infer(m, cluster_from_catalog(cat, "h100-sxm", 1), precision="fp8")
    assert r.software == cal.DEFAULT_INFERENCE_SOFTWARE == max(cal.INFERENCE_SOFTWARE_SPEEDUP)


# ------------------------------------------------------------------ pipeline parallelism

def test_pp_serving_is_chosen_where_the_published_run_used_it(cat):
    """Every validation case that states a pipeline-parallel layout: the automatic layout
    (no tp, no pp) picks the published one."""
    doc = validation.load_cases()
    cases = [c for c in doc["cases"] if c["kind"] == "inference" and int(c.get("pp", 1)) > 1]
    assert cases
    for c in cases:
        m = _model(cat, c["model"])
        cl = cluster_from_catalog(cat, c["gpu"], int(c["gpus"]))
        r = infer(m, cl, precision=c["precision"], input_tokens=int(c["input_tokens"]),
                  output_tokens=int(c["output_tokens"]), stack=c.get("stack", "trtllm"),
                  software=str(c.get("software", cal.DEFAULT_INFERENCE_SOFTWARE)), max_batch=c.get("max_batch"))
        assert (r.tp, r.pp) == (c["tp"], c["pp"]), c["id"]


def test_pipeline_stage_splits_memory_and_avoids_all_reduces(cat):
    m = _model(cat, "llama-2-70b")
    cl = cluster_from_catalog(cat, "h100-sxm", 8)
    kw = dict(precision="fp8", input_tokens=222, output_tokens=292, batch=512)
    pp2 = infer(m, cl, tp=1, pp=2, **kw)
    tp2 = infer(m, cl, tp=2, pp=1, **kw)
    tp1 = infer(m, cl, tp=1, pp=1, **kw)
    assert pp2.replicas == tp2.replicas == 4 and tp1.replicas == 8
    assert pp2.weights_per_gpu_gb == pytest.approx(tp1.weights_per_gpu_gb / 2)
    # a stage holds half the layers: the KV room per replica is the TP2 replica's
    assert pp2.max_concurrent_sequences == pytest.approx(tp2.max_concurrent_sequences, rel=0.01)
    assert pp2.max_concurrent_sequences > 4 * tp1.max_concurrent_sequences
    # no tensor-parallel all-reduces, only the stage hand-over
    assert 0 < pp2.decode_comm_s < tp2.decode_comm_s / 5
    # but each GPU reads its stage's weights once per micro-batch
    assert pp2.decode_memory_s > 0 or pp2.decode_compute_s > 0
    assert pp2.to_dict()["pp"] == 2
    with pytest.raises(ValueError, match="does not divide"):
        infer(m, cl, tp=4, pp=4, **kw)


# ------------------------------------------------------------------ PCIe tensor parallelism

def test_l40s_tensor_parallel_pays_the_pcie_all_reduce(cat):
    """L40S has no NVLink: TP4's all-reduces run at the host-staged PCIe figure, and the
    same replica with NVLink (a what-if) is faster by exactly that communication."""
    m = _model(cat, "llama-3-70b")
    kw = dict(precision="fp8", input_tokens=1000, output_tokens=1000, tp=4, batch=128, software="2024")
    pcie = cluster_from_catalog(cat, "l40s", 4)
    r = infer(m, pcie, **kw)
    assert r.scale_up == "pcie" and r.tp_in_nvlink_domain
    n = 4
    size = 128 * m.hidden * 2.0
    expect = 2 * m.layers * (2.0 * (n - 1) / n * size / (cal.PCIE_HOST_GB_PER_S * 1e9)) \
        + 2 * m.layers * 2 * (n - 1) * cal.PCIE_RING_STEP_LATENCY_S
    assert r.decode_comm_s == pytest.approx(expect, rel=1e-9)
    nvl = infer(m, pcie.with_(nvlink_gb_per_s=900.0), **kw)
    assert nvl.scale_up == "nvlink"
    assert r.tokens_per_s < nvl.tokens_per_s * 0.8
    assert r.step_s - nvl.step_s == pytest.approx(r.decode_comm_s - nvl.decode_comm_s, rel=1e-9)
    # through a PCIe switch (peer-to-peer at NCCL's Gen4 figure) it is faster than host-staged
    sw = infer(m, pcie.with_(pcie_switch=True), **kw)
    assert r.tokens_per_s < sw.tokens_per_s < nvl.tokens_per_s
    # one GPU has no all-reduce: TP1 on L40S is unaffected by the PCIe figures
    one = infer(_model(cat, "llama-2-7b"), cluster_from_catalog(cat, "l40s", 1), precision="fp8", tp=1)
    assert one.decode_comm_s == 0.0


# ------------------------------------------------------------------ MI325X

def test_mi325x_catalog_figures_and_its_memory_answer(cat):
    g = cat.gpu("mi325x")
    assert float(g.memory_gb) == 256 and float(g.hbm_bandwidth_tb_per_s) == pytest.approx(6.0)
    m = _model(cat, "llama-3.1-70b")
    kw = dict(precision="fp8", input_tokens=4096, output_tokens=1024, tp=1, stack="vllm")
    a = infer(m, cluster_from_catalog(cat, "mi300x", 8), users=1200, **kw)
    b = infer(m, cluster_from_catalog(cat, "mi325x", 8), users=1200, **kw)
    # more HBM: many more long-context sequences per GPU
    assert b.max_concurrent_sequences > 1.5 * a.max_concurrent_sequences
    assert not a.fits and b.fits
    # memory-bound decode (a few users): the bandwidth ratio
    a1 = infer(m, cluster_from_catalog(cat, "mi300x", 1), batch=4, **kw)
    b1 = infer(m, cluster_from_catalog(cat, "mi325x", 1), batch=4, **kw)
    assert b1.decode_memory_s < a1.decode_memory_s
    assert math.isclose(a1.decode_memory_s / b1.decode_memory_s, 6.0 / 5.3, rel_tol=0.02)


def test_gpus_needed_assumes_the_same_software_as_the_sizing():
    """The inverse search (GPUs needed for a speed target) sizes with the spec's serving
    software, as the forward sizing does: older software needs more GPUs for the same
    target (it used the default generation whatever the spec or `--software` said)."""
    from planner.workloads.evaluate import _llm, inference_gpus_needed
    from planner.workloads.specs import parse_spec

    cat = load_catalog()
    cl = cluster_from_catalog(cat, "h100-sxm", 8)
    need = {}
    for sw in ("2024", "2025"):
        spec = parse_spec("inference", {"model": "llama-3.1-70b", "precision": "fp8", "users": 2000,
                                        "target_tokens_per_s_per_user": 20, "software": sw})
        need[sw] = inference_gpus_needed(spec, _llm(cat, spec.model), cl)
    assert need["2024"] is not None and need["2025"] is not None
    assert need["2024"][0] > need["2025"][0]
