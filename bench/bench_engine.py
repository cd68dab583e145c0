"""Engine speed on synthetic plans: full recompute, one incremental move, peak memory.

    python bench/bench_engine.py [--sizes 1024,4096,16384,65536] [--catalog DIR] [--repeat 5]

For each size prints: plan size, full recompute time, the time of one incremental
MovePlacement between racks (median of --repeat moves, each followed by its undo,
both timed through ``Engine.update``), that time as a share of the full recompute,
the time to materialise the sorted findings list after an update, peak traced memory
of a full compute (tracemalloc), and as a floor the time of a bare Python loop
summing one attribute over the same placements. Then the cost of a link edit (a cable
length change on one compute link, and its undo: the compute fabric is re-analysed)
against the move (the fabric result is reused), and of the plan's one pretraining
workload's re-evaluation inside each (the synthetic plan gets a workload for this).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planner.catalog import load_catalog  # noqa: E402
from planner.edits import AddItem, MovePlacement, SetProperty  # noqa: E402
from planner.engine import Engine  # noqa: E402
from planner.placement import PlacementChecker  # noqa: E402
from planner.plan import Workload  # noqa: E402
from planner.synthetic import synthetic_plan  # noqa: E402


def _time(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def bench(gpus: int, catalog, repeat: int) -> dict[str, float]:
    plan = synthetic_plan(gpus, catalog)
    AddItem(Workload(id="wl-train", name="train", kind="pretrain",
                     spec={"model": "llama-3.1-70b", "tokens": 1.5e9 * gpus, "target_days": 30})).apply(plan)
    placements = list(plan.index.placements.values())
    engine = Engine(catalog)
    full = min(_time(lambda: Engine(catalog).compute(plan)) for _ in range(2))
    engine.compute(plan)
    # a server moves from the last GPU rack to the first rack with room
    checker = PlacementChecker(catalog)
    gpu_racks = [r for r in plan.racks() if "gpu" in r.tags]
    src = gpu_racks[-1]
    server = next(p for p in src.placements if p.id.startswith("srv-"))
    dst = next(r for r in plan.racks() if r.id != src.id and checker.first_fit(plan, r.id, server.device))
    u = checker.first_fit(plan, dst.id, server.device)
    moves, finds = [], []
    for _ in range(repeat):
        edit = MovePlacement(server.id, dst.id, u)
        t = time.perf_counter()
        res = engine.update(plan, edit.apply(plan))
        moves.append(time.perf_counter() - t)
        finds.append(_time(lambda res=res: res.findings))
        t = time.perf_counter()
        engine.update(plan, edit.revert(plan))
        moves.append(time.perf_counter() - t)
    # a link edit: the compute fabric is analysed again
    lk = next(x for x in plan.links if x.a.placement.startswith("srv-"))
    link_edits, work = [], []
    for _ in range(max(1, repeat // 2)):
        edit = SetProperty("link", lk.id, "length_m", (lk.length_m or 3.0) + 1.0)
        t = time.perf_counter()
        engine.update(plan, edit.apply(plan))
        link_edits.append(time.perf_counter() - t)
        engine.update(plan, edit.revert(plan))
    # the workload alone (memo cleared so it is evaluated, as after an edit that changes what it sees)
    for _ in range(3):
        engine.work.reset()
        t = time.perf_counter()
        engine.work.evaluate(plan, engine.results, engine.net)
        work.append(time.perf_counter() - t)
    floor = _time(lambda: sum(1.0 for p in placements if p.u))
    gc.collect()
    tracemalloc.start()
    Engine(catalog).compute(plan)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    move = statistics.median(moves)
    return {"gpus": gpus, "racks": len(plan.index.racks), "devices": len(placements), "links": len(plan.links),
            "full_ms": full * 1000, "move_ms": move * 1000, "move_pct": move / full * 100,
            "findings_ms": statistics.median(finds) * 1000, "peak_mb": peak / 1e6, "floor_ms": floor * 1000,
            "link_ms": statistics.median(link_edits) * 1000, "work_ms": statistics.median(work) * 1000}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1024,4096,16384,65536")
    ap.add_argument("--catalog", action="append", help="catalog folder(s); default: shipped + user")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    catalog = load_catalog(args.catalog) if args.catalog else load_catalog()
    head = (f"{'GPUs':>6} {'racks':>6} {'devices':>7} {'links':>7} {'full ms':>9} {'move ms':>8} {'move %':>7} "
            f"{'findings ms':>11} {'peak MB':>8} {'floor ms':>8} {'link ms':>9} {'workload ms':>11}")
    print(head)
    print("-" * len(head))
    for g in (int(x) for x in args.sizes.split(",")):
        r = bench(g, catalog, args.repeat)
        print(f"{r['gpus']:>6} {r['racks']:>6} {r['devices']:>7} {r['links']:>7} {r['full_ms']:>9.1f} "
              f"{r['move_ms']:>8.2f} {r['move_pct']:>6.2f}% {r['findings_ms']:>11.2f} {r['peak_mb']:>8.1f} "
              f"{r['floor_ms']:>8.2f} {r['link_ms']:>9.1f} {r['work_ms']:>11.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
