"""Generating plans from build designs (planner.design.generate): seconds to turn a
BuildDesign into a complete plan (placed, powered, cooled, fabrics and management wired,
validated), for 1,024 GPUs (the issue's target: within 3 s) and a few other sizes, plus
every reference design (planner.design.templates). Median of a few runs; the engine's
full check of the result is timed separately.

    python bench/bench_generate.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from planner.catalog import load_catalog  # noqa: E402
from planner.design.generate import generate_plan, gpu_count  # noqa: E402
from planner.design.model import BuildDesign, StorageChoice  # noqa: E402
from planner.design.templates import TEMPLATES, build_template  # noqa: E402
from planner.engine import Engine  # noqa: E402

RUNS = 3


def timed(fn) -> tuple[float, object]:
    times, out = [], None
    for _ in range(RUNS):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main() -> None:
    cat = load_catalog()
    print(f"{'design':<44} {'GPUs':>6} {'racks':>6} {'links':>7} {'generate s':>11} {'check s':>8} {'errors':>7}")
    cases = [
        (f"{n} x XE9680, rear doors, DDN storage", BuildDesign(
            server="dell-poweredge-xe9680", servers=n, cooling="rdhx",
            storage=StorageChoice("ddn-ai400x2", max(1, n // 16))))
        for n in (16, 128, 512)
    ] + [
        (f"{n} x SYS-421GE-TNHR2-LCC, direct liquid", BuildDesign(
            server="supermicro-sys-421ge-tnhr2-lcc", servers=n, cooling="dlc"))
        for n in (128, 256)
    ] + [
        ("GB200 NVL72, 16 racks", BuildDesign(server="nvidia-gb200-nvl72-compute-tray", servers=16 * 18,
                                              cooling="dlc", platform="gb200-nvl72")),
    ]
    for label, design in cases:
        secs, plan = timed(lambda d=design: generate_plan(d, cat))
        t = time.perf_counter()
        res = Engine(cat).compute(plan)
        check = time.perf_counter() - t
        errors = sum(1 for f in res.findings if f.severity == "error")
        print(f"{label:<44} {gpu_count(plan, cat):>6} {len(list(plan.racks())):>6} {len(plan.links):>7} "
              f"{secs:>11.2f} {check:>8.2f} {errors:>7}")
    for name in TEMPLATES:
        secs, plan = timed(lambda n=name: build_template(n, cat))
        t = time.perf_counter()
        res = Engine(cat).compute(plan)
        check = time.perf_counter() - t
        errors = sum(1 for f in res.findings if f.severity == "error")
        print(f"{'template ' + name:<44} {gpu_count(plan, cat):>6} {len(list(plan.racks())):>6} "
              f"{len(plan.links):>7} {secs:>11.2f} {check:>8.2f} {errors:>7}")


if __name__ == "__main__":
    main()
