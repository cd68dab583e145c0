"""NVLink domains as a sizing input: tensor (and expert) parallelism inside a domain
runs at NVLink speed, beyond it over the inter-node fabric; GB200 defaults to its
72-GPU NVL72 domain with the compute tray as the node."""

from __future__ import annotations

import json

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.workloads.arch import ModelArch
from planner.workloads.cluster import cluster_from_catalog
from planner.workloads.inference import infer
from planner.workloads.training import candidate_layouts, train


@pytest.fixture(scope="module")
def cat():
    c = load_catalog()
    assert not c.errors
    return c


def arch(cat, slug):
    return ModelArch.from_llm(cat.llm(slug))


def test_gb200_node_is_the_tray_and_domain_is_72(cat):
    cl = cluster_from_catalog(cat, "gb200", 72)
    assert cl.gpus_per_node == 4  # NVL72 compute tray: 2 superchips x 2 GPUs
    assert cl.domain_gpus == 72
    assert cl.nodes == 18
    # H100 servers: the domain is the server
    h = cluster_from_catalog(cat, "h100-sxm", 64)
    assert h.domain_gpus == h.gpus_per_node == 8


def test_tp64_inside_a_72_gpu_domain_runs_at_nvlink_speed(cat):
    m = arch(cat, "llama-3.1-405b")
    big = cluster_from_catalog(cat, "gb200", 64)  # 72-GPU domain by default
    small = big.with_(nvlink_domain_gpus=8)
    a = infer(m, big, precision="fp8", tp=64, batch=64)
    b = infer(m, small, precision="fp8", tp=64, batch=64)
    assert a.tp_in_nvlink_domain and not b.tp_in_nvlink_domain
    assert b.decode_comm_s > 2 * a.decode_comm_s  # fabric 50 GB/s vs NVLink 900 GB/s per direction
    assert a.tokens_per_s > b.tokens_per_s
    assert a.ttft_s < b.ttft_s


def test_tp16_across_8_gpu_domains_is_slower_than_inside_one(cat):
    m = arch(cat, "llama-3.1-405b")
    h = cluster_from_catalog(cat, "h100-sxm", 16)  # HGX: 8-GPU domains
    wide = h.with_(nvlink_domain_gpus=16)  # e.g. an NVLink switch joining two HGX boards
    crossing = infer(m, h, precision="fp8", tp=16, batch=32)
    inside = infer(m, wide, precision="fp8", tp=16, batch=32)
    assert not crossing.tp_in_nvlink_domain and inside.tp_in_nvlink_domain
    assert crossing.tokens_per_s < inside.tokens_per_s
    assert crossing.decode_comm_s > inside.decode_comm_s
    assert any("NVLink domain" in n for n in crossing.notes)
    # a faster fabric narrows the gap: the crossing runs at the inter-node figure
    faster = infer(m, h.with_(internode_gb_per_s=100.0), precision="fp8", tp=16, batch=32)
    assert crossing.decode_comm_s > faster.decode_comm_s > inside.decode_comm_s


def test_domain_bandwidth_is_an_input(cat):
    m = arch(cat, "llama-3-70b")
    cl = cluster_from_catalog(cat, "h100-sxm", 8)
    slow = cl.with_(nvlink_gb_per_s=400.0)  # e.g. H800: NVLink cut to 400 GB/s
    a = infer(m, cl, precision="fp8", tp=8, batch=64)
    b = infer(m, slow, precision="fp8", tp=8, batch=64)
    assert b.decode_comm_s > a.decode_comm_s


def test_training_tp_may_span_the_domain(cat):
    m = arch(cat, "llama-3.1-405b")
    gb = cluster_from_catalog(cat, "gb200", 128)
    tps = {lay.tp for lay in candidate_layouts(m, gb)}
    assert max(tps) == 64  # powers of two up to the 72-GPU domain
    h = cluster_from_catalog(cat, "h100-sxm", 128)
    assert max(lay.tp for lay in candidate_layouts(m, h)) == 8
    # the same TP16 layout: inside a domain its all-reduces are cheaper than across one
    inside = train(m, gb, 1e9, tp=16, precision="bf16")
    across = train(m, gb.with_(nvlink_domain_gpus=8), 1e9, tp=16, precision="bf16")
    assert inside.times.tp_comm_s < across.times.tp_comm_s


def test_moe_expert_parallel_inside_the_domain_is_cheaper(cat):
    m = arch(cat, "deepseek-v3")
    gb = cluster_from_catalog(cat, "gb200", 256)  # pp4 x dp64: EP64 fits the 72-GPU domain
    a = train(m, gb, 1e9, tp=1, pp=4, precision="fp8")
    b = train(m, gb.with_(nvlink_domain_gpus=8), 1e9, tp=1, pp=4, precision="fp8")
    assert a.layout.ep == b.layout.ep and a.layout.ep > 8
    assert a.times.ep_comm_s < b.times.ep_comm_s


def test_cli_gb200_tp72(capsys):
    code = main(["size", "infer", "--model", "llama-3.1-405b", "--gpu", "gb200", "--gpus", "72", "--tp", "72",
                 "--precision", "fp8", "--users", "200", "--json"])
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["fits"] is True
    assert d["nvlink_domain_gpus"] == 72 and d["tp_in_nvlink_domain"] is True
    code = main(["size", "infer", "--model", "llama-3.1-405b", "--gpu", "gb200", "--gpus", "72", "--tp", "72",
                 "--precision", "fp8", "--users", "200", "--nvlink-domain", "8", "--json"])
    e = json.loads(capsys.readouterr().out)
    assert code == 0 and e["tp_in_nvlink_domain"] is False
    assert e["tokens_per_s"] < d["tokens_per_s"] and e["bottleneck"] == "interconnect"


def test_cli_bad_domain_exit_2(capsys):
    code = main(["size", "infer", "--model", "llama-3-70b", "--gpu", "h200", "--nvlink-domain", "0"])
    err = capsys.readouterr().err
    assert code == 2 and "--nvlink-domain" in err and "Traceback" not in err


def test_infinity_fabric_allreduce_follows_the_measured_rccl_curve():
    # the reference node (8 GPUs at 7 x 48 GB/s): the published times themselves, and
    # log-log interpolation between them (AMD ROCm blog, rccl-tests on 8x MI300X)
    from planner.workloads import calibration as cal
    from planner.workloads.inference import allreduce_s

    ref = cal.IF_ALLREDUCE_REFERENCE_GB_PER_S * 1e9
    for size, us in cal.IF_ALLREDUCE_US:
        assert allreduce_s(size, 8, ref) == pytest.approx(us * 1e-6, rel=1e-9)
    mid = allreduce_s(24 * 2**20, 8, ref)  # between 16 MB (149.1 us) and 32 MB (243.4 us)
    assert 149.1e-6 < mid < 243.4e-6
    # a 52 MB message (70B decode at batch 3,200) runs well below the link rate
    t = allreduce_s(52.4e6, 8, ref)
    assert 2 * 7 / 8 * 52.4e6 / t < 0.85 * ref
    # a smaller message never costs more; a faster link costs less; beyond the table: its last rate
    sizes = [2.0 ** k for k in range(4, 36)]
    times = [allreduce_s(s, 8, ref) for s in sizes]
    assert all(b >= a * 0.95 for a, b in zip(times, times[1:]))
    assert allreduce_s(64e6, 8, 2 * ref) < allreduce_s(64e6, 8, ref)
    assert allreduce_s(2 ** 35, 8, ref) == pytest.approx(2 * allreduce_s(2 ** 34, 8, ref), rel=1e-6)


def test_tensor_parallel_decode_on_infinity_fabric_uses_the_measured_allreduce(cat):
    # batch 1, Llama 3.1 70B TP8: 160 all-reduces of 16 KB take ~8.7 us each on 8x MI300X,
    # not the 20 us latency the link formula charges NVLink
    from planner.workloads import calibration as cal
    from planner.workloads.inference import allreduce_s

    m = arch(cat, "llama-3.1-70b")
    r = infer(m, cluster_from_catalog(cat, "mi300x", 8), precision="fp8", tp=8, batch=1, stack="vllm",
              input_tokens=128, output_tokens=2048)
    size = m.hidden * 2.0
    assert r.decode_comm_s == pytest.approx(2 * m.layers * allreduce_s(size, 8, 336e9), rel=1e-6)
    assert r.decode_comm_s < 2 * m.layers * cal.NVLINK_COLLECTIVE_LATENCY_S * 0.6
    # NVIDIA keeps the link formula
    h = infer(m, cluster_from_catalog(cat, "h100-sxm", 8), precision="fp8", tp=8, batch=1, stack="vllm",
              input_tokens=128, output_tokens=2048)
    assert h.decode_comm_s > 2 * m.layers * cal.NVLINK_COLLECTIVE_LATENCY_S
