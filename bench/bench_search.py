"""Time to rank the candidate builds of `rackwright plan-for` (planner.design.search).

    python bench/bench_search.py [--repeat 3]

Two specs with every cooling option and no other limits, so the search ranks everything
it makes: pretraining a 70B model in 60 days, and serving a 70B model to 2,000 users
beside a LoRA fine-tune of an 8B model, each at eight GPU counts per platform (the CLI
tries four) so that each ranks over 1,000 candidates. Prints candidates ranked and the time (first
run: cold caches; median of the repeats; the process's CPU time beside it, which a
machine shared with other jobs inflates less than the wall clock). Target (issue #12): 1,000 candidates within 2 s.
The training spec runs again in EUR with a USD rate (every price converted), and for each
the distinct options are priced from the plans they write (issue #25: generate and price
each option), timed separately.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from planner.catalog import load_catalog  # noqa: E402
from planner.design.search import options, parse_plan_for_spec, search  # noqa: E402

# GPU counts per platform as multiples of the fewest that meet (the CLI tries 1, 1.25, 1.5
# and 2): more of them so that each spec ranks over 1,000 candidates
FACTORS = (1.0, 1.125, 1.25, 1.375, 1.5, 1.75, 2.0, 2.5)

SPECS = {
    "training": {
        "workloads": [{"name": "pretrain 70B", "kind": "pretrain",
                       "spec": {"model": "llama-3-70b", "tokens": 2e12, "target_days": 60}}],
        "constraints": {"years": 4},
    },
    "inference": {
        "workloads": [{"name": "chat 70B", "kind": "inference",
                       "spec": {"model": "llama-3-70b", "users": 2000, "target_tokens_per_s_per_user": 20,
                                "target_ttft_s": 2}},
                      {"name": "tune 8B", "kind": "finetune",
                       "spec": {"model": "llama-3.1-8b", "tokens": 2e9, "target_days": 2, "method": "lora"}}],
        "constraints": {"years": 3},
    },
    "train EUR": {
        "workloads": [{"name": "pretrain 70B", "kind": "pretrain",
                       "spec": {"model": "llama-3-70b", "tokens": 2e12, "target_days": 60}}],
        "constraints": {"years": 4, "currency": "EUR", "exchange_rates": {"USD": 0.9605}, "budget": 60_000_000},
    },
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    catalog = load_catalog()
    total_n = 0
    total_t = 0.0
    for name, data in SPECS.items():
        spec = parse_plan_for_spec(data)
        times = []
        cpu = []
        n = 0
        for _ in range(max(1, args.repeat)):
            t0, c0 = time.perf_counter(), time.process_time()
            res = search(spec, catalog, count_factors=FACTORS)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            n = res.considered
        first, med = times[0], statistics.median(times)
        total_n += n
        total_t += med
        print(f"{name:9}: {n:5,} candidates ranked ({res.meeting:,} meet), first {first:.2f} s, median "
              f"{med:.2f} s (CPU {statistics.median(cpu):.2f} s) = {med / max(n, 1) * 1000:.2f} s per 1,000")
        t0 = time.perf_counter()
        opts = options(res, spec, catalog)
        print(f"{'':9}  {len(opts):5,} distinct options priced from their plans in {time.perf_counter() - t0:.2f} s")
    print(f"both     : {total_n:5,} candidates in {total_t:.2f} s (target: 1,000 within 2 s)")


if __name__ == "__main__":
    main()
