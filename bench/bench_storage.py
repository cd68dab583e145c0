"""Open/save times and file size of .rackplan project files for synthetic plans.

    python bench/bench_storage.py [--sizes 1024,4096,16384] [--repeat 3]

Prints the best of ``--repeat`` runs (the machine may be shared), plus the JSON
form for comparison. Target at 16,384 GPUs: open and save each within 2 s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def one_size(gpus: int, catalog, tmp: Path, repeat: int) -> str:
    from planner.design.synthetic import synthetic_plan
    from planner.files.plan_io import load_plan_json, save_plan_json
    from planner.files.storage import open_rackplan, save_rackplan

    plan = synthetic_plan(gpus, catalog)
    path = tmp / f"p{gpus}.rackplan"
    jpath = tmp / f"p{gpus}.json"
    t_save = best(lambda: save_rackplan(plan, path, catalog), repeat)
    t_open = best(lambda: open_rackplan(path), repeat)
    t_jsave = best(lambda: save_plan_json(plan, jpath), repeat)
    t_jopen = best(lambda: load_plan_json(jpath), repeat)
    opened = open_rackplan(path)
    assert opened.plan.model_dump() == plan.model_dump(), "round trip changed the plan"
    entries = len(opened.embedded)
    return (f"{gpus:>7} {len(plan.index.racks):>6} {len(plan.index.placements):>8} {len(plan.links):>7} | "
            f"{t_save:>7.3f} {t_open:>7.3f} {path.stat().st_size / 1e6:>8.2f} {entries:>7} | "
            f"{t_jsave:>11.3f} {t_jopen:>11.3f} {jpath.stat().st_size / 1e6:>8.2f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1024,4096,16384")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    from planner.catalog import load_catalog

    catalog = load_catalog()
    print(f"{'GPUs':>7} {'racks':>6} {'devices':>8} {'links':>7} | {'save s':>7} {'open s':>7} "
          f"{'file MB':>8} {'entries':>7} | {'JSON save s':>11} {'JSON open s':>11} {'JSON MB':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for gpus in (int(s) for s in args.sizes.split(",")):
            print(one_size(gpus, catalog, Path(tmp), args.repeat), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
