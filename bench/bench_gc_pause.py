"""The stall of the first edits after a full compute of a big plan, with and without
planner.base.gcpause.freeze_long_lived (what the app does after each full compute of a plan
with >= ui.document.FREEZE_GC_AT placements + links).

Each run: build a synthetic plan, compute it, then 40 small edits with their incremental
updates and the garbage a GUI makes meanwhile; prints the longest and the total time.

    python bench/bench_gc_pause.py [--gpus 16384] [--platform hgx-8gpu|gb200-nvl72]
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def run(gpus: int, platform: str, freeze: bool) -> tuple[float, float]:
    from planner.base.gcpause import freeze_long_lived
    from planner.catalog import load_catalog
    from planner.design.synthetic import synthetic_plan
    from planner.engine import Engine
    from planner.model.edits import MovePlacement

    cat = load_catalog()
    plan = synthetic_plan(gpus, cat, platform=platform)
    eng = Engine(cat)
    eng.compute(plan)
    if freeze:
        freeze_long_lived()
    racks = list(plan.racks())
    times = []
    for i in range(40):
        t0 = time.perf_counter()
        r = racks[i % len(racks)]
        p = next((q for q in reversed(r.placements) if q.u is not None), None)
        if p is not None:
            eng.update(plan, MovePlacement(p.id, r.id, p.u).apply(plan))  # a no-op move: its update runs
        _garbage = [{} for _ in range(20_000)]  # what repainting and events allocate meanwhile
        times.append(time.perf_counter() - t0)
    gc.unfreeze()
    return max(times), sum(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpus", type=int, default=16384)
    ap.add_argument("--platform", default="hgx-8gpu")
    ap.add_argument("--child", choices=("0", "1"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:  # one measurement per process: a clean heap each time
        worst, total = run(args.gpus, args.platform, args.child == "1")
        print(f"{worst * 1000:.0f} {total * 1000:.0f}")
        return 0
    print(f"{args.gpus:,} GPUs, {args.platform}: 40 edits after a full compute")
    print("| GC | worst edit ms | 40 edits ms |")
    print("|---|--:|--:|")
    for freeze in (False, True):
        out = subprocess.run([sys.executable, __file__, "--gpus", str(args.gpus), "--platform", args.platform,
                              "--child", "1" if freeze else "0"], capture_output=True, text=True, check=True)
        worst, total = out.stdout.split()
        print(f"| {'frozen after compute' if freeze else 'as is'} | {worst} | {total} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
