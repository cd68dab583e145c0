"""What-if sweep speed: one training and one inference workload over 1,000 GPU counts
between 8 and 16,384. Prints the time per sweep and per point.

    python bench/bench_workloads.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from planner.catalog import load_catalog  # noqa: E402
from planner.workloads import ModelArch, cluster_from_catalog, infer, train  # noqa: E402


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
    return 0


if __name__ == "__main__":
    sys.exit(main())
