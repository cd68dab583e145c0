"""What an autosave costs the GUI thread after a gesture (issue 30): the snapshot of the plan
taken before the write goes off the thread. A full ``snapshot(plan, catalog)`` against the
app's row cache (``planner.files.storage.rowcache.RowCache``, marked with each edit's
Change), on synthetic plans.

    python bench/bench_autosave_snapshot.py [--sizes 16384,65536] [--platform hgx|gb200-nvl72] [--repeat 5]

For each size: the full snapshot, the cache's first snapshot (it makes every row), and
after each kind of gesture (and its undo, each followed by a snapshot) the cached
snapshot's median and worst ms: a rack renamed, a GPU server moved to another rack, a
link's length changed, a link in the middle of the list removed (the links after it
shift), nothing changed. Every cached snapshot is checked against a full one first
(``--no-check`` skips that).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from planner.catalog import load_catalog  # noqa: E402
from planner.design.synthetic import synthetic_plan  # noqa: E402
from planner.files.storage import snapshot  # noqa: E402
from planner.files.storage.rowcache import RowCache  # noqa: E402
from planner.model.edits import MovePlacement, RemoveItem, SetProperty  # noqa: E402
from planner.model.placement import PlacementChecker  # noqa: E402


def ms(fn) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def bench_size(n: int, cat, args) -> None:
    plan = (synthetic_plan(n, cat) if args.platform == "hgx"
            else synthetic_plan(n, cat, platform=args.platform))
    full = min(ms(lambda: snapshot(plan, cat)) for _ in range(2))
    cache = RowCache()
    first = ms(lambda: cache.snapshot(plan, cat))
    racks = list(plan.racks())
    checker = PlacementChecker(cat)
    gpu_racks = [r for r in racks if "gpu" in r.tags] or racks
    src = gpu_racks[-1]
    server = next(p for p in src.placements if p.id.startswith("srv-"))
    dst = next((r for r in racks if r.id != src.id and checker.first_fit(plan, r.id, server.device)), None)

    def gestures(i: int):
        yield "rack renamed", SetProperty("rack", racks[i % len(racks)].id, "name", f"renamed {i}")
        if dst is not None:
            yield "server moved", MovePlacement(server.id, dst.id, checker.first_fit(plan, dst.id, server.device))
        yield "link length", SetProperty("link", plan.links[(i * 7919) % len(plan.links)].id, "length_m", 3.0 + i)
        yield "link removed (middle)", RemoveItem("link", plan.links[len(plan.links) // 2].id)

    times: dict[str, list[float]] = {}
    for i in range(args.repeat):
        for name, edit in list(gestures(i)):
            for step in (edit.apply, edit.revert):
                cache.mark(step(plan))
                t = ms(lambda: cache.snapshot(plan, cat))
                times.setdefault(name, []).append(t)
                if not args.no_check and i == 0:
                    got, want = cache.snapshot(plan, cat).numbered(), snapshot(plan, cat)
                    assert got.rows == want.rows and got.catalog_rows == want.catalog_rows, name
        times.setdefault("nothing changed", []).append(ms(lambda: cache.snapshot(plan, cat)))
    for k, (name, ts) in enumerate(times.items()):
        head = (f"| {n:,} | {len(plan.links):,} | {full:.0f} | {first:.0f} |" if k == 0 else "| | | | |")
        print(f"{head} {name} | {statistics.median(ts):.1f} | {max(ts):.1f} |", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="16384,65536")
    ap.add_argument("--platform", default="hgx")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--no-check", action="store_true")
    args = ap.parse_args()
    cat = load_catalog()
    print("| GPUs | links | full snapshot ms | first cached ms | gesture | cached median ms | cached worst ms |")
    print("|--:|--:|--:|--:|---|--:|--:|")
    for n in (int(x) for x in args.sizes.split(",")):
        bench_size(n, cat, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
