"""What-if sweep speed: one training and one inference workload over 1,000 GPU counts
between 8 and 16,384, first calling train()/infer() directly, then through the sweep API
(planner.workloads.sweep: the verdict's logic per point, the inverse search once), and a
plan workload's chart sweep (sweep_workload on the example pod, as the app runs it).
Prints the time per sweep and per point.

    python bench/bench_workloads.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from planner.catalog import load_catalog  # noqa: E402
from planner.files.documents import load_plan  # noqa: E402
from planner.workloads.arch import ModelArch  # noqa: E402
from planner.workloads.cluster import cluster_from_catalog  # noqa: E402
from planner.workloads.inference import infer  # noqa: E402
from planner.workloads.specs import parse_spec  # noqa: E402
from planner.workloads.sweep import sweep, sweep_counts, sweep_workload  # noqa: E402
from planner.workloads.training import train  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "xe9680-h100-pod.json"


def counts(n: int = 1000, lo: int = 8, hi: int = 16384) -> list[int]:
    """n GPU counts, geometrically spaced, rounded to whole 8-GPU nodes."""
    out = []
    for i in range(n):
        x = lo * (hi / lo) ** (i / (n - 1))
        out.append(max(lo, int(round(x / 8)) * 8))
    return out


def main() -> int:
    cat = load_catalog()
    model = ModelArch.from_llm(cat.llm("llama-3-70b"))
    base = cluster_from_catalog(cat, "h100-sxm", 8)
    pts = counts()
    for label, fn in (
        ("train llama-3-70b, 2T tokens (auto layout)",
         lambda n: train(model, base.with_(gpus=n), 2e12).days),
        ("infer llama-3-70b fp8, 1024/256, 500 users/8 GPUs",
         lambda n: infer(model, base.with_(gpus=n), precision="fp8", tp=8, users=500 * n // 8).tokens_per_s),
    ):
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            for n in pts:
                fn(n)
            best = min(best, time.perf_counter() - t0)
        print(f"{label}: {len(pts)} points in {best * 1000:.0f} ms ({best / len(pts) * 1e6:.0f} us/point)")

    api = sweep_counts(8, 16384, 1000)  # 1,000 distinct whole-node counts
    specs = (
        ("sweep API, pretrain llama-3-70b 2T tokens, target 30 days",
         parse_spec("pretrain", {"model": "llama-3-70b", "tokens": 2e12, "target_days": 30})),
        ("sweep API, infer llama-3-70b fp8, 500 users, 30 tok/s/user, TTFT 1 s",
         parse_spec("inference", {"model": "llama-3-70b", "precision": "fp8", "users": 500,
                                  "target_tokens_per_s_per_user": 30, "target_ttft_s": 1.0})),
    )
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for n in api:
            train(model, base.with_(gpus=n), 2e12)
        best = min(best, time.perf_counter() - t0)
    print(f"train() alone over the sweep API's {len(api)} distinct counts: {best * 1000:.0f} ms "
          f"({best / len(api) * 1e6:.0f} us/point)")
    for label, spec in specs:
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            res = sweep(spec, model, base, api)
            best = min(best, time.perf_counter() - t0)
        print(f"{label}: {len(res.points)} points in {best * 1000:.0f} ms "
              f"({best / len(res.points) * 1e6:.0f} us/point; min met {res.min_gpus_met}, needed {res.gpus_needed})")

    plan = load_plan(EXAMPLE)
    for w in plan.workloads:
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            res = sweep_workload(plan, cat, w)
            best = min(best, time.perf_counter() - t0)
        print(f"chart sweep of {EXAMPLE.name} {w.id}: {len(res.points)} points in {best * 1000:.1f} ms "
              "(cluster from the plan included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
