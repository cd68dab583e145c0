"""Plan snapshot cost: what the GUI thread pays before every background job (full engine
compute, PDF export, auto-wire, scaling sweep). Plan.snapshot() against pydantic's deep
copy + reindex, on synthetic plans.

    python bench/bench_snapshot.py [--sizes 1024,4096,16384] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from planner.catalog import load_catalog  # noqa: E402
from planner.design.synthetic import synthetic_plan  # noqa: E402


def best(fn, repeat: int) -> float:
    out = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t0)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1024,4096,16384")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cat = load_catalog()
    print("| GPUs | links | snapshot ms | deep copy + reindex ms |")
    print("|--:|--:|--:|--:|")
    for n in (int(x) for x in args.sizes.split(",")):
        plan = synthetic_plan(n, cat)

        def deep(plan=plan) -> None:
            q = plan.model_copy(deep=True)
            q.reindex()

        a = best(plan.snapshot, args.repeat)
        b = best(deep, args.repeat)
        print(f"| {n:,} | {len(plan.links):,} | {a * 1000:.0f} | {b * 1000:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
