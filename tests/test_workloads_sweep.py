"""What-if GPU scaling sweeps (planner.workloads.sweep) and `rackwright size ... --sweep`."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.workloads.arch import ModelArch
from planner.workloads.cluster import cluster_from_catalog
from planner.workloads.inference import gpus_for_targets, infer
from planner.workloads.specs import SpecError, parse_spec
from planner.workloads.sweep import parse_sweep, sweep, sweep_counts, sweep_workload
from planner.workloads.training import gpus_for_days, train

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def arch(catalog, slug):
    return ModelArch.from_llm(catalog.llm(slug))


# ----------------------------------------------------------------------------- counts


def test_counts_are_whole_nodes_geometric_and_distinct():
    c = sweep_counts(8, 16384, 12)
    assert c == [8 * 2 ** k for k in range(12)]  # geometric: a doubling per step here
    wide = sweep_counts(8, 16384, 1000)
    assert len(wide) == 1000 and wide == sorted(set(wide))
    assert wide[0] == 8 and wide[-1] == 16384 and all(n % 8 == 0 for n in wide)
    # ratios grow no faster than geometric spacing at the top end
    assert wide[-1] / wide[-2] == pytest.approx((16384 / 8) ** (1 / 999), rel=0.01)
    assert sweep_counts(8, 64, 100) == [8, 16, 24, 32, 40, 48, 56, 64]  # every node, no repeats
    assert sweep_counts(4, 72, 3, step=4) == [4, 16, 72]  # 4-GPU GB200 trays
    assert sweep_counts(1, 5, 4) == [8]  # at least one node


@pytest.mark.parametrize("text, word", [
    ("abc", "LO:HI"), ("8", "LO:HI"), ("8:4", "HI (4) must be at least LO (8)"), ("0:64", "LO must be"),
    ("8:64:0", "N must be"), ("8:64:x", "N 'x' is not a number"), ("8.5:64", "whole number"),
    ("8:64:2:3", "LO:HI"), (":64", "LO:HI"), ("8:9e9", "HI must be at most"), ("8:inf", "whole number"),
])
def test_bad_sweep_strings_say_what_is_wrong(text, word):
    with pytest.raises(ValueError, match=word.replace("(", r"\(").replace(")", r"\)")):
        parse_sweep(text)


def test_sweep_strings():
    assert parse_sweep("8:4096") == (8, 4096, 16)
    assert parse_sweep(" 8:1_024:5 ") == (8, 1024, 5)
    assert parse_sweep("64:1e3:3") == (64, 1000, 3)


# ----------------------------------------------------------------------------- training


def test_training_points_are_the_planner_answers_and_per_gpu_throughput_falls(catalog):
    model = arch(catalog, "llama-3.1-8b")
    base = cluster_from_catalog(catalog, "h100-sxm", 8)
    spec = parse_spec("pretrain", {"model": "llama-3.1-8b", "tokens": 1e12, "target_days": 10})
    counts = [8 * 2 ** k for k in range(12)]  # 8 .. 16,384
    res = sweep(spec, model, base, counts)
    assert res.kind == "training" and res.gpus == counts and not res.cancelled
    for p in res.points:
        r = train(model, base.with_(gpus=p.gpus), 1e12)
        assert p.fits and p.days == pytest.approx(r.days) and p.bottleneck == r.bottleneck
        assert p.met == (r.days <= 10)
    per_gpu = [p.tokens_per_s_per_gpu for p in res.points]
    # more GPUs never make a GPU faster, and doubling the GPUs never doubles the speed
    assert all(b <= a for a, b in zip(per_gpu, per_gpu[1:]))
    assert per_gpu[-1] < 0.8 * per_gpu[0]
    assert all(b.tokens_per_s < 2 * a.tokens_per_s for a, b in zip(res.points, res.points[1:]))
    eff = [p.scaling_efficiency for p in res.points]
    assert eff[0] == 1.0 and eff[-1] == pytest.approx(per_gpu[-1] / per_gpu[0]) and eff[-1] < 0.8


def test_training_scaling_relative_to_the_smallest_fitting_count(catalog):
    model = arch(catalog, "llama-3-70b")
    base = cluster_from_catalog(catalog, "h100-sxm", 8)
    spec = parse_spec("pretrain", {"model": "llama-3-70b", "tokens": 2e12})
    res = sweep(spec, model, base, [8, 16, 32, 64, 256, 1024, 4096, 16384])
    small = [p for p in res.points if not p.fits]
    assert small and all(p.bottleneck == "gpu_memory" and p.days is None and p.met is None for p in small)
    fit = [p for p in res.points if p.fits]
    assert fit[0].scaling_efficiency == 1.0
    assert res.targets == {} and res.min_gpus_met is None and res.gpus_needed is None
    # from where the layout no longer changes for memory, per-GPU throughput falls
    big = [p.tokens_per_s_per_gpu for p in fit if p.gpus >= 256]
    assert all(b < a for a, b in zip(big, big[1:]))
    assert res.bottleneck_ranges()[0] == ("gpu_memory", 8, small[-1].gpus)


def test_smallest_training_count_matches_gpus_for_days(catalog):
    model = arch(catalog, "llama-3-70b")
    base = cluster_from_catalog(catalog, "h100-sxm", 8)
    spec = parse_spec("pretrain", {"model": "llama-3-70b", "tokens": 2e12, "target_days": 30})
    need = gpus_for_days(model, base, 2e12, 30, seq_len=4096, global_batch_tokens=4 * 1024 * 1024,
                         precision="bf16", method="pretrain", zero=1, tp=None, pp=None, recompute=None,
                         software="2024")
    assert need is not None and need % 8 == 0
    res = sweep(spec, model, base, range(need - 5 * 8, need + 5 * 8 + 1, 8))
    assert res.gpus_needed == need
    assert res.min_gpus_met == need  # the node below misses, the search's answer meets
    assert res.point_at(need).met and not res.point_at(need - 8).met
    # a coarse sweep finds a count at or above it
    coarse = sweep(spec, model, base, sweep_counts(8, 16384, 12))
    assert coarse.gpus_needed == need and coarse.min_gpus_met >= need


# ----------------------------------------------------------------------------- inference


def test_inference_points_and_smallest_count_match_gpus_for_targets(catalog):
    model = arch(catalog, "llama-3-70b")
    base = cluster_from_catalog(catalog, "h200", 8)
    raw = {"model": "llama-3-70b", "precision": "fp8", "users": 500, "target_tokens_per_s_per_user": 30,
           "target_ttft_s": 1.0}
    need = gpus_for_targets(model, base, users=500, tokens_per_s_per_user=30, ttft_s=1.0, precision="fp8")
    assert need is not None
    gpus, tp, _batch = need
    # with the search's TP fixed, the sweep over its multiples crosses the target exactly there
    spec = parse_spec("inference", {**raw, "tp": tp})
    res = sweep(spec, model, base, range(tp, 4 * gpus + 1, tp))
    assert res.gpus_needed == gpus and res.gpus_needed_tp == tp
    assert res.min_gpus_met == gpus
    for p in res.points[::7]:
        r = infer(model, base.with_(gpus=p.gpus), precision="fp8", tp=tp, users=500)
        assert p.tokens_per_s == pytest.approx(r.tokens_per_s)
        assert p.tokens_per_s_per_user == pytest.approx(r.tokens_per_s_per_user)
        assert p.ttft_s == pytest.approx(r.ttft_s)
        assert p.met == (r.fits and r.tokens_per_s_per_user >= 30 and r.ttft_s <= 1.0)
    # with the TP left to the planner the sweep cannot beat the search (it tries every TP)
    auto = sweep(parse_spec("inference", raw), model, base, sweep_counts(8, 512, 40))
    assert auto.gpus_needed == gpus and auto.min_gpus_met >= gpus
    assert res.targets == {"tokens_per_s_per_user": 30, "ttft_s": 1.0}


def test_inference_per_gpu_throughput_falls_and_per_user_speed_rises(catalog):
    model = arch(catalog, "llama-3-70b")
    base = cluster_from_catalog(catalog, "h100-sxm", 8)
    spec = parse_spec("inference", {"model": "llama-3-70b", "precision": "fp8", "users": 500})
    res = sweep(spec, model, base, [8, 16, 32, 64, 128, 256, 512])
    per_gpu = [p.tokens_per_s_per_gpu for p in res.points]
    per_user = [p.tokens_per_s_per_user for p in res.points]
    assert all(b < a for a, b in zip(per_gpu, per_gpu[1:]))
    assert all(b > a for a, b in zip(per_user, per_user[1:]))
    assert all(p.met is None for p in res.points)  # no target: nothing to meet
    assert res.min_gpus_met is None and res.gpus_needed is None


def test_a_count_the_fixed_tp_does_not_divide_is_an_error_point(catalog):
    model = arch(catalog, "llama-3-70b")
    base = cluster_from_catalog(catalog, "gb200", 8)
    spec = parse_spec("inference", {"model": "llama-3-70b", "precision": "fp8", "users": 100, "tp": 8})
    res = sweep(spec, model, base, [4, 8, 12, 16])
    bad = [p for p in res.points if p.error]
    assert [p.gpus for p in bad] == [4, 12] and all("does not divide" in p.error for p in bad)
    assert all(p.fits for p in res.points if not p.error)


def test_storage_workloads_are_not_swept(catalog):
    spec = parse_spec("storage", {"model": "llama-3-70b", "checkpoint_within_s": 60})
    with pytest.raises(SpecError, match="training or inference"):
        sweep(spec, arch(catalog, "llama-3-70b"), cluster_from_catalog(catalog, "h100-sxm", 8), [8])


# ----------------------------------------------------------------------------- cancel


def test_cancel_stops_between_points(catalog):
    model = arch(catalog, "llama-3-70b")
    base = cluster_from_catalog(catalog, "h100-sxm", 8)
    spec = parse_spec("pretrain", {"model": "llama-3-70b", "tokens": 2e12, "target_days": 30})
    asked = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 5

    res = sweep(spec, model, base, sweep_counts(8, 16384, 200), cancelled=cancelled)
    assert res.cancelled and len(res.points) == 5
    assert len(asked) == 6  # asked before each point, not again after stopping
    assert res.gpus_needed is None  # the inverse search is skipped too
    assert any("cancelled" in n for n in res.notes)
    whole = sweep(spec, model, base, sweep_counts(8, 16384, 200), cancelled=lambda: False)
    assert not whole.cancelled and len(whole.points) == 200
    assert [p.to_dict() for p in whole.points[:5]] == [p.to_dict() for p in res.points]


# ----------------------------------------------------------------------------- plan workloads


def test_plan_workload_sweep_agrees_with_the_engine_verdict(catalog):
    plan = load_plan(EXAMPLE)
    results = Engine(catalog).compute(plan)
    for w in plan.workloads:
        v = results.workloads[w.id]
        res = sweep_workload(plan, catalog, w)
        assert res.plan_gpus == v.figures["gpus"]
        p = res.point_at(res.plan_gpus)
        assert p is not None and p.met == v.met and p.verdict_bottleneck == v.bottleneck
        assert p.margin == pytest.approx(v.margin, abs=1e-4)
        if w.kind == "inference":
            assert p.tokens_per_s_per_user == pytest.approx(v.figures["tokens_per_s_per_user"])
            assert p.ttft_s == pytest.approx(v.figures["ttft_s"])
        else:
            assert p.days == pytest.approx(v.figures["days"])
        # the chart's range reaches below and above the plan, and the inverse answer is in it
        assert res.gpus[0] < res.plan_gpus < res.gpus[-1]
        if res.gpus_needed:
            assert res.point_at(res.gpus_needed) is not None
        # the same hardware handed back gives the same sweep without reading the plan
        again = sweep_workload(None, catalog, w, cluster=res.cluster)
        assert [q.to_dict() for q in again.points] == [q.to_dict() for q in res.points]


# ----------------------------------------------------------------------------- CLI


def run(capsys, *argv):
    code = main(["size", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


TRAIN = ("train", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--tokens", "2e12", "--target-days", "30")
INFER = ("infer", "--model", "llama-3-70b", "--gpu", "h200", "--precision", "fp8", "--users", "500",
         "--target-tokens-per-s-per-user", "30", "--target-ttft-s", "1")


def test_cli_train_sweep_table(capsys, catalog):
    code, out, _ = run(capsys, *TRAIN, "--sweep", "8:16384:12")
    assert code == 0
    lines = out.splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.split()[:2] == ["GPUs", "fits"])
    rows = lines[head + 1:head + 13]
    assert [int(r.split()[0].replace(",", "")) for r in rows] == sweep_counts(8, 16384, 12)
    need = gpus_for_days(arch(catalog, "llama-3-70b"), cluster_from_catalog(catalog, "h100-sxm", 8), 2e12, 30)
    assert f"(gpus_for_days): {need:,} GPUs" in out
    assert "smallest swept count meeting the target: 1,024 GPUs" in out
    assert "bottleneck: gpu_memory 8-16, compute" in out


def test_cli_infer_sweep_json(capsys):
    code, out, _ = run(capsys, *INFER, "--sweep", "8:256:10", "--json")
    assert code == 0
    pts = json.loads(out)
    assert isinstance(pts, list) and [p["gpus"] for p in pts] == sweep_counts(8, 256, 10)
    assert {"gpus", "fits", "met", "bottleneck", "tokens_per_s", "tokens_per_s_per_user", "ttft_s"} <= pts[0].keys()
    assert all(math.isfinite(p["tokens_per_s"]) for p in pts if p["fits"])
    met = [p["gpus"] for p in pts if p["met"]]
    assert met and all(p["met"] for p in pts if p["gpus"] >= met[0])


@pytest.mark.parametrize("argv, message", [
    (TRAIN + ("--sweep", "8:4"), "--sweep '8:4': HI (4) must be at least LO (8)"),
    (TRAIN + ("--sweep", "lots"), "--sweep 'lots' is not LO:HI"),
    (TRAIN + ("--sweep", "8:64:0"), "N must be between"),
    (TRAIN + ("--sweep", "8:64", "--gpus", "16"), "leave out --gpus"),
    (TRAIN + ("--sweep", "8:64", "--seq-len", "64"), "--seq-len: Input should be greater than or equal to 128"),
    (("infer", "--model", "llama-3-70b", "--gpu", "h200", "--sweep", "8:64"), "--sweep needs --users"),
    (INFER + ("--sweep", "8:64", "--batch", "4"), "not --batch"),
])
def test_cli_bad_sweep_exits_2_with_a_message(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
