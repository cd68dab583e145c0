"""Time to render the build plan PDF of synthetic plans (planner.design.synthetic).

    python bench/bench_report.py [--sizes 1024 4096 16384] [--imperial] [--plans examples/gb200-nvl72.json]
                                 [--sections cover racks cables ...]

Prints per size: racks, cables, pages, rack sheets (one per distinct layout above the
rack_sheet_limit, default 48 racks), PDF size and the seconds to lay out and write it
(the engine compute is timed separately), wall clock and CPU time of this process (the
CPU figure is the steadier one on a shared machine). ``--no-toc`` leaves out the
contents page, to see what it costs (its entries are drawn at save time, without a
second layout pass). Nothing is asserted: these are figures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planner.catalog import load_catalog  # noqa: E402
from planner.design.synthetic import synthetic_plan  # noqa: E402
from planner.engine import Engine  # noqa: E402
from planner.files.documents import load_plan  # noqa: E402
from planner.reports import ReportOptions, build_plan_pdf  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", type=int, nargs="*", default=[1024, 4096, 16384])
    ap.add_argument("--imperial", action="store_true")
    ap.add_argument("--rack-sheet-limit", type=int, default=48)
    ap.add_argument("--no-toc", action="store_true", help="without the contents page")
    ap.add_argument("--repeat", type=int, default=1, help="runs per size; the fastest is printed")
    ap.add_argument("--plans", nargs="*", default=[], help="plan files to time too (e.g. the examples)")
    ap.add_argument("--sections", nargs="+", default=None, help="only these sections (default: the report's)")
    args = ap.parse_args()
    catalog = load_catalog()
    print(f"{'GPUs':>6} {'racks':>6} {'cables':>7} {'pages':>6} {'sheets':>7} {'MiB':>6} "
          f"{'engine s':>9} {'report s':>9} {'cpu s':>7} {'pages/s':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [(str(n), lambda n=n: synthetic_plan(n, catalog)) for n in args.sizes]
        jobs += [(Path(p).stem[:6], lambda p=p: load_plan(p)) for p in args.plans]
        for name, make in jobs:
            plan = make()
            gpus = name if not name.isdigit() else int(name)
            t0 = time.perf_counter()
            results = Engine(catalog).compute(plan)
            engine_s = time.perf_counter() - t0
            out = Path(tmp) / f"plan-{name}.pdf"
            opts = dict(imperial=args.imperial, rack_sheet_limit=args.rack_sheet_limit)
            if args.no_toc:
                opts["toc"] = False
            if args.sections:
                opts["sections"] = tuple(args.sections)
            best = (float("inf"), float("inf"))
            for _ in range(max(1, args.repeat)):
                t1, c1 = time.perf_counter(), time.process_time()
                s = build_plan_pdf(plan, catalog, results, out, ReportOptions(**opts))
                best = min(best, (time.perf_counter() - t1, time.process_time() - c1))
            wall, cpu = best
            sheets = f"{s.rack_sheets}{'*' if s.summarised else ''}"
            print(f"{gpus:>6} {s.racks:>6} {s.cables:>7} {s.pages:>6} {sheets:>7} {s.bytes / 2**20:>6.1f} "
                  f"{engine_s:>9.2f} {wall:>9.2f} {cpu:>7.2f} {s.pages / wall:>8.1f}", flush=True)
    print("* rack sheets summarised: one elevation per distinct rack layout (more racks than the limit)")


if __name__ == "__main__":
    main()
