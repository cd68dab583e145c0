"""Time to load the shipped catalog (what every app start and every CLI command pays).

    python bench/bench_catalog.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from planner.catalog import load_catalog, shipped_catalog_dir  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        cat = load_catalog([shipped_catalog_dir()])
        times.append(time.perf_counter() - t0)
    print(f"shipped catalog: {len(cat.devices)} device types; load median {statistics.median(times) * 1000:.0f} ms, "
          f"min {min(times) * 1000:.0f} ms over {args.repeat} runs")


if __name__ == "__main__":
    main()
