"""`rackwright size infer|train`: keys, exit codes, number forms, inverse answers."""

from __future__ import annotations

import json

import pytest

from planner.commands.cli import main

INFER_KEYS = {"tokens_per_s", "tokens_per_s_per_user", "ttft_s", "weights_gb", "kv_cache_bytes_per_token",
              "max_concurrent_sequences", "fits", "bottleneck", "gpus_needed", "cost_per_million_tokens"}
TRAIN_KEYS = {"days", "gpu_hours", "mfu", "tokens_per_s_per_gpu", "memory_per_gpu_gb", "fits", "bottleneck",
              "gpus_needed", "checkpoint_size_gb", "checkpoint_write_s"}


def run(capsys, *argv):
    code = main(["size", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_infer_json_keys(capsys):
    code, out, _ = run(capsys, "infer", "--model", "llama-3-70b", "--gpu", "h200", "--gpus", "8",
                       "--precision", "fp8", "--input-tokens", "1024", "--output-tokens", "256",
                       "--users", "500", "--json")
    assert code == 0
    d = json.loads(out)
    assert INFER_KEYS <= d.keys()
    assert d["fits"] is True and d["kv_cache_bytes_per_token"] == 163840
    assert d["tokens_per_s"] == pytest.approx(d["tokens_per_s_per_user"] * 500, rel=0.02)


def test_infer_max_throughput_without_users(capsys):
    _, out, _ = run(capsys, "infer", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "1",
                    "--precision", "fp8", "--json")
    d = json.loads(out)
    _, out2, _ = run(capsys, "infer", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--gpus", "1",
                     "--precision", "fp8", "--batch", "8", "--json")
    assert d["batch_per_replica"] == d["max_concurrent_sequences_per_replica"]
    assert d["tokens_per_s"] > json.loads(out2)["tokens_per_s"]


def test_infer_inverse(capsys):
    code, out, _ = run(capsys, "infer", "--model", "llama-3-70b", "--gpu", "h200", "--precision", "fp8",
                       "--users", "500", "--target-tokens-per-s-per-user", "30", "--target-ttft-s", "1",
                       "--json")
    d = json.loads(out)
    assert code == 0 and d["gpus_needed"] >= 8
    code, out, _ = run(capsys, "infer", "--model", "llama-3-70b", "--gpu", "h200", "--precision", "fp8",
                       "--gpus", str(d["gpus_needed"]), "--tp", str(d["gpus_needed_tp"]), "--users", "500",
                       "--json")
    again = json.loads(out)
    assert again["tokens_per_s_per_user"] >= 30 and again["ttft_s"] <= 1


def test_train_json_keys_and_number_forms(capsys):
    code, out, _ = run(capsys, "train", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--gpus", "1_024",
                       "--tokens", "2e12", "--target-days", "20", "--json")
    assert code == 0
    d = json.loads(out)
    assert TRAIN_KEYS <= d.keys()
    assert d["gpus"] == 1024 and d["days"] > 20 and d["gpus_needed"] > 1024


@pytest.mark.parametrize("argv, needle", [
    (["infer", "--model", "llama-9", "--gpu", "h200"], "unknown model"),
    (["infer", "--model", "llama-3-70b", "--gpu", "tpu"], "unknown GPU"),
    (["infer", "--model", "llama-3-70b", "--gpu", "h200", "--gpus", "0"], "at least 1"),
    (["infer", "--model", "llama-3-70b", "--gpu", "h200", "--gpus", "8", "--tp", "3"], "divide"),
    (["train", "--model", "llama-3-70b", "--gpu", "h200", "--tokens", "-5"], "tokens"),
])
def test_bad_input_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and needle in err and "Traceback" not in err


def test_unparseable_number_exit_2(capsys):
    with pytest.raises(SystemExit) as e:
        main(["size", "train", "--model", "llama-3-70b", "--gpu", "h200", "--tokens", "lots"])
    assert e.value.code == 2
    assert "not a number" in capsys.readouterr().err


def test_cannot_fit_is_an_answer(capsys):
    code, out, _ = run(capsys, "infer", "--model", "llama-3.1-405b", "--gpu", "l40s", "--gpus", "1",
                       "--json")
    d = json.loads(out)
    assert code == 0 and d["fits"] is False and d["bottleneck"] == "gpu_memory"
    # the human answer does not print speeds for a deployment that cannot run
    code, out, _ = run(capsys, "infer", "--model", "llama-3.1-405b", "--gpu", "l40s", "--gpus", "1")
    assert code == 0 and "fits: NO" in out and "does not fit" in out
    assert "tokens/s per user" not in out and "per million tokens" not in out


def test_human_output(capsys):
    code, out, _ = run(capsys, "train", "--model", "llama-2-7b", "--gpu", "a100-80gb", "--gpus", "64",
                       "--tokens", "1e11")
    assert code == 0 and "GPU-hours" in out and "MFU" in out


def test_train_software_year(capsys):
    """--software picks the training software generation: FP8 on 2023 releases is slower."""
    base = ["train", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--gpus", "64", "--tokens", "1e10",
            "--precision", "fp8", "--json"]
    days = {}
    for year in ("2023", "2024"):
        code, out, _ = run(capsys, *base, "--software", year)
        assert code == 0
        days[year] = json.loads(out)["days"]
    code, out, _ = run(capsys, *base)
    assert json.loads(out)["days"] == days["2024"]
    assert days["2023"] > days["2024"] * 1.05
    with pytest.raises(SystemExit) as e:
        main(["size", *base, "--software", "2019"])
    assert e.value.code == 2


def test_numbers_as_people_type_them(capsys):
    """The CLI reads numbers like the app's fields: grouped thousands and suffixes; a
    decimal comma is refused with a hint instead of being read as a different number."""
    base = ["train", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--json"]
    days = set()
    for gpus, tokens in (("1024", "2e12"), ("1,024", "2,000,000,000,000"), ("1_024", "2T")):
        code, out, _ = run(capsys, *base, "--gpus", gpus, "--tokens", tokens)
        assert code == 0
        days.add(json.loads(out)["days"])
    assert len(days) == 1
    with pytest.raises(SystemExit) as e:
        main(["size", *base, "--gpus", "8", "--tokens", "1,5"])
    assert e.value.code == 2
    assert "use a point for decimals" in capsys.readouterr().err


def test_infer_software_generation_and_pipeline_layout(capsys):
    """The output says which serving-software generation is assumed (text and --json),
    --software changes it, and --pp lays replicas out as TP x PP."""
    base = ("infer", "--model", "llama-2-70b", "--gpu", "h100-sxm", "--gpus", "8", "--precision", "fp8",
            "--input-tokens", "222", "--output-tokens", "290")
    code, out, _ = run(capsys, *base)
    assert code == 0 and "MLPerf Inference v5.0 generation (2025)" in out
    _, out, _ = run(capsys, *base, "--json")
    new = json.loads(out)
    assert new["software"] == "2025" and new["pp"] >= 1 and new["tp"] * new["pp"] * new["replicas"] == 8
    _, out, _ = run(capsys, *base, "--software", "2024", "--tp", "2", "--json")
    old = json.loads(out)
    assert old["software"] == "2024" and old["software_speedup"] < 1.0
    _, out, _ = run(capsys, *base, "--tp", "1", "--pp", "2", "--json")
    pp = json.loads(out)
    assert (pp["tp"], pp["pp"], pp["replicas"]) == (1, 2, 4)
    code, _, err = run(capsys, *base, "--tp", "4", "--pp", "4")
    assert code == 2 and "does not divide" in err


def test_infer_pcie_switch_option(capsys):
    """L40S TP4: the all-reduce through a PCIe switch is faster than through the CPU root
    complex, and the result says the link is PCIe."""
    base = ("infer", "--model", "llama-3-70b", "--gpu", "l40s", "--gpus", "4", "--tp", "4", "--precision", "fp8",
            "--batch", "64", "--json")
    _, out, _ = run(capsys, *base)
    host = json.loads(out)
    _, out, _ = run(capsys, *base, "--pcie-switch")
    switch = json.loads(out)
    assert host["scale_up"] == switch["scale_up"] == "pcie"
    assert switch["decode_breakdown_s"]["communication"] < host["decode_breakdown_s"]["communication"]
    assert switch["tokens_per_s"] > host["tokens_per_s"]


def test_train_memory_in_gib_and_context_parallel(capsys):
    """An H100 reads 79.6 GiB (81,559 MiB as the driver reports it), not "86 GB"; the search
    picks CP2 for 405B at 8k on 16,384 GPUs and shows it; --cp pins it (Meta's CP1 does not
    fit the memory rules, and the note says so in GiB); an impossible --cp is bad input."""
    base = ("train", "--model", "llama-3.1-405b", "--gpu", "h100-sxm", "--gpus", "16384", "--tokens", "15.6e12",
            "--seq-len", "8192", "--global-batch-tokens", "16777216")
    code, out, _ = run(capsys, *base)
    assert code == 0
    assert "of 79.6 GiB per GPU" in out and "GB per GPU" not in out
    assert " CP2 " in out
    code, out, _ = run(capsys, *base, "--json")
    d = json.loads(out)
    assert d["memory_capacity_gib"] == pytest.approx(81559 / 1024, abs=0.01)
    assert d["memory_per_gpu_gib"] == pytest.approx(d["memory_per_gpu_gb"] * 1e9 / 2**30, abs=0.01)
    assert d["layout"]["cp"] == 2 and d["fits"] is True
    code, out, _ = run(capsys, *base, "--tp", "8", "--pp", "16", "--cp", "1", "--recompute", "selective", "--json")
    d = json.loads(out)
    assert d["fits"] is False and d["layout"]["cp"] == 1
    assert any("GiB per GPU" in n and "GiB usable" in n for n in d["notes"])
    code, _, err = run(capsys, *base, "--cp", "3")
    assert code == 2 and "cp=3" in err
    # a sweep keeps the context-parallel degree at every point, as a single run with it
    sweep = ("train", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--tokens", "1e12", "--json")
    code, out, _ = run(capsys, *sweep, "--sweep", "8:64", "--cp", "2")
    assert code == 0
    points = {p["gpus"]: p for p in json.loads(out)}
    code, out, _ = run(capsys, *sweep, "--gpus", "32", "--cp", "2")
    one = json.loads(out)
    assert one["layout"]["cp"] == 2 and points[32]["days"] == pytest.approx(one["days"])
    code, out, _ = run(capsys, *sweep, "--sweep", "8:64")
    assert {p["gpus"]: p["days"] for p in json.loads(out)} != {g: p["days"] for g, p in points.items()}
