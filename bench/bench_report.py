"""Time to render the build plan PDF of synthetic plans (planner.synthetic).

    python bench/bench_report.py [--sizes 1024 4096 16384] [--imperial]

Prints per size: racks, cables, pages, rack sheets (one per distinct layout above the
rack_sheet_limit, default 48 racks), PDF size and the seconds to lay out and write it
(the engine compute is timed separately). Nothing is asserted: these are figures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planner.catalog import load_catalog  # noqa: E402
from planner.engine import Engine  # noqa: E402
from planner.reports import ReportOptions, build_plan_pdf  # noqa: E402
from planner.synthetic import synthetic_plan  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1024, 4096, 16384])
    ap.add_argument("--imperial", action="store_true")
    ap.add_argument("--rack-sheet-limit", type=int, default=48)
    args = ap.parse_args()
    catalog = load_catalog()
    print(f"{'GPUs':>6} {'racks':>6} {'cables':>7} {'pages':>6} {'sheets':>7} {'MiB':>6} "
          f"{'engine s':>9} {'report s':>9} {'pages/s':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            plan = synthetic_plan(n, catalog)
            t0 = time.perf_counter()
            results = Engine(catalog).compute(plan)
            t1 = time.perf_counter()
            out = Path(tmp) / f"plan-{n}.pdf"
            s = build_plan_pdf(plan, catalog, results, out, ReportOptions(imperial=args.imperial,
                                                                          rack_sheet_limit=args.rack_sheet_limit))
            t2 = time.perf_counter()
            sheets = f"{s.rack_sheets}{'*' if s.summarised else ''}"
            print(f"{n:>6} {s.racks:>6} {s.cables:>7} {s.pages:>6} {sheets:>7} {s.bytes / 2**20:>6.1f} "
                  f"{t1 - t0:>9.2f} {t2 - t1:>9.2f} {s.pages / (t2 - t1):>8.1f}", flush=True)
    print("* rack sheets summarised: one elevation per distinct rack layout (more racks than the limit)")


if __name__ == "__main__":
    main()
