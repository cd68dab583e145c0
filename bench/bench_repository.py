"""Push and pull times of the team repository on a local PostgreSQL server.

    python bench/bench_repository.py [--sizes 1024,16384] [--repeat 3] [--plans 1000] [--url URL]

Without ``--url`` (or ``$RACKWRIGHT_TEST_PG``) it starts a throwaway server like the tests
(tests/pgserver.py: Debian's postgresql programs). Prints the best of ``--repeat`` runs:

- first push of a synthetic plan (new plan), a push of an edit from the head, a push from
  an old base that is merged with the head, and a pull of the head;
- ``repo list`` over ``--plans`` plans.

Targets: 16k GPUs push and pull within 3 s each; list of 1,000 plans within 0.5 s.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def best(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def one_size(repo, gpus: int, catalog, repeat: int) -> str:
    from planner.synthetic import synthetic_plan

    plan = synthetic_plan(gpus, catalog)
    names = iter(f"bench-{gpus}-{i}" for i in range(100))
    t_new, res = best(lambda: repo.push(next(names), plan, base=None, message="", catalog=catalog), repeat)
    name = res.name  # type: ignore[attr-defined]
    rev = [res.revision]  # type: ignore[attr-defined]

    def edit():
        plan.metadata.notes = f"edit {time.perf_counter()}"
        r = repo.push(name, plan, base=rev[0], message="edit", catalog=catalog)
        rev[0] = r.revision
        return r

    t_edit, _ = best(edit, repeat)

    def merged() -> float:  # another user pushed meanwhile: a base behind the head, merged
        base = rev[0]
        theirs = repo.pull(name, base).opened.plan
        mine = repo.pull(name, base).opened.plan  # both pulled the same revision
        theirs.metadata.notes = f"theirs {time.perf_counter()}"
        r = repo.push(name, theirs, base=base, message="theirs", catalog=catalog)
        mine.metadata.customer = f"mine {time.perf_counter()}"
        t0 = time.perf_counter()
        r2 = repo.push(name, mine, base=base, message="mine", catalog=catalog)
        assert r2.merged_with == r.revision
        rev[0] = r2.revision
        return time.perf_counter() - t0

    t_merge = min(merged() for _ in range(repeat))
    t_pull, pulled = best(lambda: repo.pull(name), repeat)
    size = pulled.revision.size_bytes / 2**20  # type: ignore[attr-defined]
    return f"{gpus:>6} {size:>9.1f} {t_new:>8.2f}s {t_edit:>9.2f}s {t_merge:>10.2f}s {t_pull:>6.2f}s"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1024,16384")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--plans", type=int, default=1000)
    ap.add_argument("--url", default=os.environ.get("RACKWRIGHT_TEST_PG"))
    args = ap.parse_args()

    from planner.catalog import load_catalog
    from planner.repository import Repository
    from planner.synthetic import synthetic_plan
    from tests.pgserver import server_from_env, start_server

    catalog = load_catalog()
    with contextlib.ExitStack() as stack:
        srv = server_from_env(args.url) if args.url else stack.enter_context(start_server())
        repo = stack.enter_context(Repository(srv.url(srv.new_database())))
        repo.init()
        print(f"{'GPUs':>6} {'size MiB':>9} {'push new':>9} {'push edit':>10} {'push merge':>11} {'pull':>7}")
        for gpus in (int(s) for s in args.sizes.split(",")):
            print(one_size(repo, gpus, catalog, args.repeat), flush=True)
        small = synthetic_plan(8, catalog)
        have = len(repo.list())
        t0 = time.perf_counter()
        for i in range(max(0, args.plans - have)):
            repo.push(f"plan-{i:05d}", small, base=None, message=f"plan {i}", catalog=catalog)
        t_fill = time.perf_counter() - t0
        t_list, plans = best(lambda: repo.list(), args.repeat)
        t_search, found = best(lambda: repo.list(search="plan-009"), args.repeat)
        print(f"repo list: {len(plans):,} plans in {t_list:.3f}s; search 'plan-009': {len(found)} "  # type: ignore[arg-type]
              f"in {t_search:.3f}s (filling took {t_fill:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
