"""Cooling gestures on big synthetic plans: the engine's incremental update after a loop's
design capacity changes (the loop alone is recomputed: its racks read only its name,
coolant, delta-T and supply), after its coolant changes (its racks too), and after a
row's cooling is set for every rack of the row in one step. Prints milliseconds (median
of a few edits) next to a full compute.

    python bench/bench_cooling_loops.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from planner.catalog import load_catalog  # noqa: E402
from planner.design.synthetic import synthetic_plan  # noqa: E402
from planner.engine import Engine  # noqa: E402
from planner.gestures import cooling  # noqa: E402
from planner.model.plan import CoolingChoice  # noqa: E402


def timed(engine, plan, edit) -> float:
    t = time.perf_counter()
    engine.update(plan, edit.apply(plan))
    return (time.perf_counter() - t) * 1000


def main() -> None:
    cat = load_catalog()
    for gpus, platform in ((4096, "hgx"), (16384, "gb200-nvl72")):
        plan = synthetic_plan(gpus, cat, **({} if platform == "hgx" else {"platform": platform}))
        engine = Engine(cat)
        t = time.perf_counter()
        engine.compute(plan)
        full = time.perf_counter() - t
        lp = plan.cooling_loops[0]
        on_loop = len(cooling.racks_on_loop(plan, lp.id))
        cap = [timed(engine, plan, cooling.edit_loop_edit(plan, lp.id, {"capacity_kw": v}))
               for v in (500.0, None, 600.0, None)]
        coolant = [timed(engine, plan, cooling.edit_loop_edit(plan, lp.id, {"coolant": v}))
                   for v in ("pg25", "water", "pg25", "water")]
        row = plan.row_of(cooling.racks_on_loop(plan, lp.id)[0])
        rows = []
        for method in ("direct-liquid", "rdhx", "direct-liquid"):
            edit = cooling.set_row_cooling_edit(plan, row.id, CoolingChoice(method=method, loop=lp.id),
                                                apply_to_racks=True)
            rows.append(timed(engine, plan, edit))
        print(f"{platform} {gpus:,} GPUs ({len(plan.index.racks)} racks, {len(plan.cooling_loops)} loops, "
              f"{on_loop} racks on the first): full compute {full:.2f} s; loop capacity "
              f"{statistics.median(cap):.1f} ms, loop coolant {statistics.median(coolant):.1f} ms, "
              f"row cooling for its {len(row.racks)} racks {statistics.median(rows):.1f} ms")


if __name__ == "__main__":
    main()
