"""The constants registry, the fit and leave-one-source-out (on small synthetic sets that
can fail; the full LOSO run over the published cases is `python -m planner.workloads.fit`,
never run here), and the training options of issue 26: recompute modes with partial
recompute, FP8/FP4 activation storage, NVFP4 training."""

from __future__ import annotations

import math

import pytest

from planner.catalog import load_catalog
from planner.workloads import calibration as cal
from planner.workloads import fit, validation
from planner.workloads.arch import ModelArch
from planner.workloads.cluster import cluster_from_catalog
from planner.workloads.training import (
    GIB,
    Layout,
    activation_bytes_per_token,
    memory_per_gpu_bytes,
    min_recompute_layers,
    step_times,
    train,
)


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


# ---------------------------------------------------------------- registry and fit


def test_every_registered_constant_is_in_calibration_and_restored():
    """Each registry path names a calibration constant; setting one (with its tied copies)
    inside ``constants`` changes what the model reads and is undone afterwards."""
    assert fit.present() == list(fit.REGISTRY)
    before = {c.path: fit.get_value(c.path) for c in fit.REGISTRY}
    legacy = cal.STACKS["trtllm-0.6"].compute_efficiency
    with fit.constants({"STACKS[trtllm].compute_efficiency": 0.5, "MEMORY_TRAFFIC_MULTIPLE": 2.5,
                        "GEMM_EFFICIENCY[hopper]": 0.4}):
        assert cal.STACKS["trtllm"].compute_efficiency == 0.5
        assert cal.STACKS["trtllm-0.6"].compute_efficiency == 0.5  # tied
        assert cal.MEMORY_TRAFFIC_MULTIPLE == 2.5 and cal.GEMM_EFFICIENCY["hopper"] == 0.4
    assert {c.path: fit.get_value(c.path) for c in fit.REGISTRY} == before
    assert cal.STACKS["trtllm-0.6"].compute_efficiency == legacy
    with pytest.raises(ValueError, match="constant path"):
        fit.get_value("not a path")


def _synthetic(rows: list[tuple[str, float, float]]) -> fit.Problem:
    """Cases (source, x, published) predicted as MEMORY_TRAFFIC_MULTIPLE * x; cases of
    source "only-c" also scale with TP_COMM_OVERLAP (a constant one source supports)."""
    cases = [fit.Case({"id": f"{s}-{i}", "published": pub, "x": x}, s, {}) for i, (s, x, pub) in enumerate(rows)]

    def predict(c: dict) -> float:
        y = cal.MEMORY_TRAFFIC_MULTIPLE * c["x"]
        if c["id"].startswith("only-c"):
            y *= 1.0 + cal.TP_COMM_OVERLAP
        return y

    reg = (fit.Constant("MEMORY_TRAFFIC_MULTIPLE", 1.0, 8.0, "synthetic"),
           fit.Constant("TP_COMM_OVERLAP", 0.0, 0.9, "synthetic, one source"),
           fit.Constant("DP_OVERLAP_WINDOW", 0.2, 1.0, "moves no case"))
    return fit.Problem(cases, predict, reg)


def test_fit_recovers_the_constant_the_cases_were_made_with():
    rows = [("a", 1.0, 5.0), ("a", 2.0, 10.0), ("b", 3.0, 15.0), ("b", 0.5, 2.5)]
    problem = _synthetic(rows)
    assert problem.groups["MEMORY_TRAFFIC_MULTIPLE"] == [0, 1, 2, 3]
    assert problem.groups["DP_OVERLAP_WINDOW"] == []  # measured, not declared
    values = fit.fit(problem)
    assert values["MEMORY_TRAFFIC_MULTIPLE"] == pytest.approx(5.0, rel=0.01)
    assert values["DP_OVERLAP_WINDOW"] == problem.shipped["DP_OVERLAP_WINDOW"]  # no case: shipped value
    assert cal.MEMORY_TRAFFIC_MULTIPLE == problem.shipped["MEMORY_TRAFFIC_MULTIPLE"]  # the fit edits nothing
    # deterministic: the same answer twice
    assert fit.fit(problem) == values


def test_leave_one_source_out_predicts_each_source_without_its_own_cases():
    """Sources a and b say 5, source c says 7: fitted to all, c pulls the constant; left
    out, c is predicted with 5 (-29 %) and a, b with a fit that still has the other 5."""
    rows = [("a", 1.0, 5.0), ("a", 2.0, 10.0), ("a", 3.0, 15.0), ("b", 1.0, 5.0), ("b", 2.0, 10.0),
            ("b", 4.0, 20.0), ("c", 1.0, 7.0), ("c", 2.0, 14.0)]
    problem = _synthetic(rows)
    rep = fit.run_fit(problem)
    assert rep.errors["c-6"]["loso"] == pytest.approx(5.0 / 7.0 - 1.0, abs=0.01)
    assert rep.errors["c-7"]["loso"] == pytest.approx(5.0 / 7.0 - 1.0, abs=0.01)
    assert abs(rep.errors["a-0"]["loso"]) < 0.01 and abs(rep.errors["b-3"]["loso"]) < 0.01
    assert rep.errors["c-6"]["fitted"] >= rep.errors["c-6"]["loso"]  # in-sample never looks worse
    # cases weigh 1 / sqrt(their source's count): two sources of one case each at 5 and 7
    # against one of three at 6 -> the fit follows the larger source
    one = fit.fit(_synthetic([("p", 1.0, 5.0), ("q", 1.0, 7.0), ("r", 1.0, 6.0), ("r", 2.0, 12.0),
                              ("r", 3.0, 18.0)]))
    assert one["MEMORY_TRAFFIC_MULTIPLE"] == pytest.approx(6.0, rel=0.01)
    assert rep.unsupported == ["TP_COMM_OVERLAP", "DP_OVERLAP_WINDOW"]  # no case moves them here
    assert "TP_COMM_OVERLAP" not in rep.one_source  # no case of source "only-c" here


def test_a_constant_only_one_source_moves_is_marked():
    rows = [("a", 1.0, 5.0), ("b", 1.0, 5.0), ("only-c", 1.0, 7.5)]
    problem = _synthetic(rows)
    rep = fit.run_fit(problem)
    assert rep.one_source == {"TP_COMM_OVERLAP": "only-c"}
    # left out, only-c keeps the shipped TP_COMM_OVERLAP (nothing else supports it)
    assert rep.errors["only-c-2"]["loso"] == pytest.approx(
        5.0 * (1.0 + problem.shipped["TP_COMM_OVERLAP"]) / 7.5 - 1.0, abs=0.01)
    table = fit.markdown(fit.report_dict(rep), {c.case["id"]: {"stack": "s", "vendor": "v", "precision": "p",
                                                              "phase": "training"} for c in problem.cases},
                         {c.case["id"]: c.source for c in problem.cases})
    assert "**one source only** (`only-c`)" in table and "no case (not fitted)" in table


def test_stale_fit_result_is_detected(cat):
    """The stored result matches today's model; a changed constant makes every case it
    moves stale (the lead reruns the fit after merging)."""
    result = fit.load_result()
    assert result is not None
    problem = fit.validation_problem(cat)
    assert fit.stale_cases(result, problem) == []
    with fit.constants({"GEMM_EFFICIENCY[hopper]": 0.4}):
        stale = fit.stale_cases(result, problem)
    assert stale and all(problem.cases[[str(c.case["id"]) for c in problem.cases].index(s)].facets["family"]
                         == "hopper" for s in stale)


def test_every_case_names_its_source_and_a_case_without_one_is_refused(tmp_path):
    doc = validation.load_cases()
    keys = {validation.source_key(c) for c in doc["cases"] + doc["out_of_scope"]}
    assert all(c.get("source_key") for c in doc["cases"] + doc["out_of_scope"])
    assert len(keys) >= 15
    f = tmp_path / "x.yaml"
    f.write_text("cases:\n- id: x1\n  url: https://example.org/perf/table/\n", encoding="utf-8")
    with pytest.raises(ValueError, match="x1.*no source_key.*example.org/perf/table"):
        validation.load_cases(f)
    assert validation.source_key({"url": "https://example.org/perf/table/"}) == "example.org/perf/table"


def test_fit_markdown_is_in_the_doc(cat):
    """docs/validation.md carries the fitted and LOSO tables of the stored result."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "validation.md").read_text(encoding="utf-8")
    assert validation.fit_tables(cat) in doc


def test_validation_command_prints_the_loso_table(capsys):
    assert validation.main([]) == 0
    out = capsys.readouterr().out
    assert "## Fitted and leave-one-source-out errors" in out and "LOSO median" in out


# ---------------------------------------------------------------- training options


def _setup(cat, model: str, gpu: str, gpus: int):
    return ModelArch.from_llm(cat.llm(model)), cluster_from_catalog(cat, gpu, gpus)


def test_fp8_and_fp4_store_the_linear_inputs_in_their_cast_format(cat):
    m, _cl = _setup(cat, "llama-3-70b", "h100-sxm", 8)
    h = m.hidden
    assert activation_bytes_per_token(m, "bf16") == pytest.approx(34 * h)
    assert activation_bytes_per_token(m, "fp8") == pytest.approx((34 - 7) * h)  # 14 of 34 bytes at 1 byte
    assert activation_bytes_per_token(m, "fp4") == pytest.approx((34 - 14 * (1 - 0.5625 / 2)) * h)
    lay = Layout(4, 4, 4)
    assert (memory_per_gpu_bytes(m, lay, 8192, "pretrain", 8, precision="fp8")
            < memory_per_gpu_bytes(m, lay, 8192, "pretrain", 8, precision="bf16"))


def test_partial_recompute_fits_where_storing_everything_does_not(cat):
    """Llama 3.1 405B, TP4 PP16 on 256 GB200 in BF16: all activations do not fit; auto
    recomputes only a few layers per stage, faster than full recompute, slower than none."""
    m, cl = _setup(cat, "llama-3.1-405b", "gb200", 256)
    cap = cl.gpu.capacity_bytes * cal.TRAIN_MEMORY_USABLE
    kw = dict(seq_len=8192, global_batch_tokens=1536 * 8192, tp=4, pp=16, cp=1, precision="bf16")
    auto = train(m, cl, 1e10, **kw)
    full = train(m, cl, 1e10, recompute="full", **kw)
    none = train(m, cl, 1e10, recompute="none", **kw)
    assert not none.fits and auto.fits and full.fits
    k = auto.layout.recompute_layers
    assert auto.layout.recompute == "full" and k is not None and 1 <= k < auto.layers_per_stage
    assert k == min_recompute_layers(m, auto.layout, 8192, "pretrain", 1536 // 4, cap)
    assert auto.memory_per_gpu_gb * 1e9 <= cap
    # one layer fewer would not fit
    fewer = memory_per_gpu_bytes(m, Layout(4, 16, 4, recompute="full", recompute_layers=k - 1), 8192,
                                 "pretrain", 1536 // 4) if k > 1 else math.inf
    assert fewer > cap
    assert full.step_s > auto.step_s > none.step_s
    # in FP8 the cast activations make it fit without any recompute (the published recipe)
    fp8 = train(m, cl, 1e10, **{**kw, "precision": "fp8"})
    assert fp8.fits and fp8.layout.recompute == "none"


def test_long_sequence_lora_recomputes_only_what_memory_needs(cat):
    """LoRA on Llama 3 70B at 32k on 8 H100 (TP8): before issue 26 the only choices were
    all activations (too much) or full recompute of every layer; now a part."""
    m, cl = _setup(cat, "llama-3-70b", "h100-sxm", 8)
    kw = dict(seq_len=32768, global_batch_tokens=8 * 32768, method="lora", precision="fp8", tp=8, pp=1)
    r = train(m, cl, 1e9, **kw)
    full = train(m, cl, 1e9, recompute="full", **kw)
    assert r.fits and r.layout.recompute == "full" and r.layout.recompute_layers is not None
    assert r.layout.recompute_layers < m.layers
    assert r.tokens_per_s_per_gpu > full.tokens_per_s_per_gpu * 1.05
    assert r.memory_per_gpu_gib <= r.memory_capacity_gib * cal.TRAIN_MEMORY_USABLE


def test_selective_recompute_costs_its_attention_replay_and_saves_nothing_under_flash(cat):
    m, cl = _setup(cat, "llama-3.1-8b", "h100-sxm", 8)
    none, sel = Layout(1, 1, 8, recompute="none"), Layout(1, 1, 8, recompute="selective")
    assert memory_per_gpu_bytes(m, none, 8192, "pretrain", 4) == memory_per_gpu_bytes(m, sel, 8192, "pretrain", 4)
    t_none = step_times(m, cl, none, 8192, 32, "bf16", "pretrain")
    t_sel = step_times(m, cl, sel, 8192, 32, "bf16", "pretrain")
    assert t_sel.gemm_s > t_none.gemm_s
    # the replay is the attention core's forward: a third of the attention term
    eff = cal.GEMM_EFFICIENCY["hopper"] * cl.gpu.bf16_tflops * 1e12 / cal.ATTENTION_CAUSAL_SHARE
    extra = 32 * 8192 / 8 * 4.0 * m.layers * m.attn_dim * 8192 / eff  # tokens per GPU x FLOPs / rate
    assert t_sel.gemm_s - t_none.gemm_s == pytest.approx(extra, rel=1e-6)
    assert train(m, cl, 1e10, seq_len=8192).layout.recompute == "none"  # auto never picks it


def test_fp4_training_runs_at_the_fp4_rate_on_blackwell_only(cat):
    m, gb = _setup(cat, "llama-3-70b", "gb200", 64)
    _m, h100 = _setup(cat, "llama-3-70b", "h100-sxm", 64)
    kw = dict(seq_len=8192, global_batch_tokens=256 * 8192, tp=2, pp=4)
    fp8, fp4 = train(m, gb, 1e10, precision="fp8", **kw), train(m, gb, 1e10, precision="fp4", **kw)
    bench = train(m, gb, 1e10, precision="fp4", fp4_bf16_share=0.0, **kw)
    assert bench.tokens_per_s_per_gpu > fp4.tokens_per_s_per_gpu > fp8.tokens_per_s_per_gpu
    # no FP4 tensor cores on H100: the FP8 recipe's speed
    assert (train(m, h100, 1e10, precision="fp4", **kw).tokens_per_s_per_gpu
            == pytest.approx(train(m, h100, 1e10, precision="fp8", **kw).tokens_per_s_per_gpu, rel=0.02))
    with pytest.raises(ValueError, match="unknown training precision"):
        train(m, gb, 1e10, precision="int4")
    with pytest.raises(ValueError, match="unknown recompute mode"):
        train(m, gb, 1e10, recompute="partial")


def test_size_train_and_plan_workloads_take_recompute_and_fp4(cat, capsys):
    from planner.commands import cli
    from planner.workloads.specs import parse_spec

    code = cli.main(["size", "train", "--model", "llama-3.1-405b", "--gpu", "gb200", "--gpus", "256",
                     "--tokens", "1e10", "--seq-len", "8192", "--global-batch-tokens", "12582912", "--tp", "4",
                     "--pp", "16", "--cp", "1", "--precision", "bf16"])
    out = capsys.readouterr().out
    assert code == 0 and "full recompute of " in out and " layers per stage" in out
    code = cli.main(["size", "train", "--model", "llama-3-70b", "--gpu", "gb200", "--gpus", "64",
                     "--tokens", "1e10", "--precision", "fp4", "--recompute", "none", "--json"])
    import json

    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["precision"] == "fp4" and d["layout"]["recompute"] == "none"
    with pytest.raises(SystemExit) as e:
        cli.main(["size", "train", "--model", "llama-3-70b", "--gpu", "gb200", "--gpus", "64",
                  "--tokens", "1e10", "--recompute", "partial"])
    assert e.value.code == 2
    spec = parse_spec("pretrain", {"model": "llama-3-70b", "tokens": 1e10, "precision": "fp4"})
    assert spec.precision == "fp4" and spec.recompute is None  # empty: automatic
    spec = parse_spec("finetune", {"model": "llama-3-70b", "tokens": 1e9, "recompute": "none"})
    assert spec.recompute == "none"


def test_the_gb200_405b_rows_fit_the_memory_rules_now(cat):
    """Issue 26's memory rules: the NeMo 25.11 / 26.02 GB200 Llama 3.1 405B TP4 PP16 FP8
    rows (out of scope before, -25..-27 %) fit without recompute and are asserted."""
    doc = validation.load_cases()
    rows = [c for c in doc["cases"] if c["id"] in ("nemo2602-gb200-llama-3.1-405b-256",
                                                   "nemo2511-gb200-llama-3.1-405b-256")]
    assert len(rows) == 2
    for c in rows:
        err = validation.predict(c, cat) / c["published"] - 1
        assert abs(err) < 0.10, (c["id"], err)
    m, cl = _setup(cat, "llama-3.1-405b", "gb200", 256)
    r = train(m, cl, 1e10, seq_len=8192, global_batch_tokens=1536 * 8192, tp=4, pp=16, precision="fp8")
    assert r.fits and r.layout.recompute == "none" and r.memory_per_gpu_gb * 1e9 / GIB < 160


def test_a_workload_states_one_uncertainty(cat):
    """Issue 26: the figure said '±5 %' and its finding '(10 %)' (the larger of band and
    setting). A banded workload is judged against its band and the finding prints it; the
    plan's margin setting applies only to a kind without a band (storage)."""
    from planner.base.findings import finding_text
    from planner.engine.network import make_workload_finding
    from planner.workloads.evaluate import WorkloadVerdict

    spec = {"model": "llama-3-70b", "tokens": 1e10, "target_days": 10}
    v = WorkloadVerdict("w", "train", "pretrain", None, True, 0.05, "compute", {"error_band": 0.03})
    assert make_workload_finding(v, spec, 0.10) is None  # 5 % margin > ±3 % band, though < 10 % setting
    v.margin = 0.02
    f = make_workload_finding(v, spec, 0.10)
    assert f is not None and f.code == "WORKLOAD_LOW_MARGIN"
    assert "(±3 %)" in f.message and "10 %" not in f.message
    assert "(±3 %)" in finding_text(f, "de") and "Modellunsicherheit" in finding_text(f, "de")
    store = {"checkpoint_size_gb": 100, "checkpoint_every_min": 30, "checkpoint_within_s": 60}
    s = WorkloadVerdict("s", "ckpt", "storage", None, True, 0.05, "storage", {})
    f = make_workload_finding(s, store, 0.10)
    assert f is not None and "plan's warning margin (10 %)" in f.message and "±" not in f.message


def test_leave_one_family_out_holds_out_every_release_of_a_series():
    """Two releases of one series (x-1, x-2) agree with each other and not with the rest:
    leaving one release out still leaves its sibling in (LOSO looks good), leaving the
    family out does not (LOFO shows the gap)."""
    assert fit.source_family("nemo-24.07-perf") == fit.source_family("nemo-26.06-perf") == "nemo"
    assert fit.source_family("mlperf-inf-v4.1") == "mlperf-inf" != fit.source_family("mlperf-train-v3.0-nvidia")
    rows = [("x-1", 1.0, 8.0)] + [("x-2", float(k), 8.0 * k) for k in range(1, 6)] + [("y", 1.0, 5.0), ("z", 3.0, 15.0)]
    rep = fit.run_fit(_synthetic(rows), families=True)
    assert abs(rep.errors["x-1-0"]["loso"]) < 0.01  # its sibling release carries it
    assert rep.errors["x-1-0"]["lofo"] == pytest.approx(5.0 / 8.0 - 1.0, abs=0.01)


def test_folds_in_worker_processes_give_the_serial_result():
    """The leave-one-source-out folds are fitted in forked workers (python -m
    planner.workloads.fit); each starts from the shipped constants, so the result equals the
    one-process run exactly."""
    rows = [("a", 1.0, 5.0), ("a", 2.0, 10.0), ("b", 1.0, 5.0), ("b", 4.0, 20.0), ("c", 1.0, 7.0), ("c", 2.0, 14.0)]
    serial = fit.run_fit(_synthetic(rows), families=True)
    parallel = fit.run_fit(_synthetic(rows), families=True, workers=2)
    assert parallel.errors == serial.errors and parallel.folds == serial.folds
