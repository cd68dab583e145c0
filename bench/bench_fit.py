"""Cost of the constants fit (planner.workloads.fit): one predict() per validation case,
the groups (each constant set to both bounds over every case), one all-source fit, and
the estimated leave-one-source-out run (one fit per source). Prints the figures; the full
LOSO run is ``python -m planner.workloads.fit`` (add ``--write`` to store it).

    python bench/bench_fit.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from planner.workloads import fit  # noqa: E402


def main() -> None:
    t0 = time.perf_counter()
    problem = fit.validation_problem()
    t_groups = time.perf_counter() - t0
    n = len(problem.cases)
    t1 = time.perf_counter()
    for _ in range(5):
        problem.predict_all({}, range(n))
    per_predict = (time.perf_counter() - t1) / (5 * n)
    t2 = time.perf_counter()
    fit.fit(problem)
    t_fit = time.perf_counter() - t2
    sources = len({c.source for c in problem.cases})
    print(f"{n} cases, {sources} sources, {len(problem.registry)} constants")
    print(f"one predict():        {per_predict * 1e3:.3f} ms")
    print(f"groups (2 x constants x cases predictions, with loading): {t_groups:.1f} s")
    print(f"one fit (all sources): {t_fit:.1f} s")
    print(f"LOSO estimate ({sources} fits): {t_fit * sources:.0f} s")


if __name__ == "__main__":
    main()
