"""Time of each hand-off export for synthetic plans (planner.design.synthetic): the Excel
workbook, the CSV files (English and German) and, when the NetBox export is present,
the NetBox files.

    python bench/bench_export.py [--sizes 1024 16384] [--repeat 1]

Prints per size: racks, cables, the seconds to make the tables from the engine's
results (shared by XLSX and CSV), then per export wall clock and CPU time of this
process (the CPU figure is the steadier one on a shared machine) and the size written.
The XLSX and CSV figures include making the tables, as `rackwright export` does; the
engine compute is timed separately. Target (issue 14): the XLSX of the 16k-GPU plan
within 5 s. Nothing is asserted: these are figures.
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
from planner.reports.csvout import write_csv_files  # noqa: E402
from planner.reports.tables import plan_tables  # noqa: E402
from planner.reports.xlsx import write_workbook  # noqa: E402


def _size(paths: list[Path]) -> float:
    return sum(p.stat().st_size for p in paths if p.is_file()) / 2**20


def _timed(fn, repeat: int) -> tuple[float, float, object]:
    best = (float("inf"), float("inf"), None)
    for _ in range(max(1, repeat)):
        t, c = time.perf_counter(), time.process_time()
        out = fn()
        best = min(best, (time.perf_counter() - t, time.process_time() - c, out), key=lambda x: x[0])
    return best


def _one_size(n: int, catalog: object, export_netbox: object, out: Path, repeat: int) -> None:
    plan = synthetic_plan(n, catalog)
    t0 = time.perf_counter()
    results = Engine(catalog).compute(plan)
    engine_s = time.perf_counter() - t0
    tables_s, _c, sheets = _timed(lambda: plan_tables(plan, catalog, results), repeat)
    out.mkdir()
    runs = {
        "xlsx": lambda: [write_workbook(plan_tables(plan, catalog, results), out / "plan.xlsx")],
        "csv en": lambda: write_csv_files(plan_tables(plan, catalog, results), out / "csv-en", "en"),
        "csv de": lambda: write_csv_files(plan_tables(plan, catalog, results), out / "csv-de", "de"),
    }
    if export_netbox is not None:
        runs["netbox"] = lambda: list(export_netbox(plan, catalog, out / "netbox"))
    head = f"{n:>6} {len(results.racks):>6} {len(sheets[1].rows):>7} {engine_s:>9.2f} {tables_s:>9.2f}"
    for name, fn in runs.items():
        wall, cpu, paths = _timed(fn, repeat)
        print(f"{head}  {name:<8} {wall:>7.2f} {cpu:>7.2f} {_size([Path(p) for p in paths]):>6.1f}", flush=True)
        head = " " * len(head)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1024, 16384])
    ap.add_argument("--repeat", type=int, default=1, help="runs per export; the fastest is printed")
    args = ap.parse_args()
    catalog = load_catalog()
    try:
        from planner.netbox.export import export_netbox
    except ImportError:
        export_netbox = None
    print(f"{'GPUs':>6} {'racks':>6} {'cables':>7} {'engine s':>9} {'tables s':>9}  "
          f"{'export':<8} {'wall s':>7} {'cpu s':>7} {'MiB':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            _one_size(n, catalog, export_netbox, Path(tmp) / str(n), args.repeat)
    if export_netbox is None:
        print("(netbox: planner.netbox.export not present in this tree)")


if __name__ == "__main__":
    main()
