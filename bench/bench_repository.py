"""Push and pull times of the team repository on a local PostgreSQL server.

    python bench/bench_repository.py [--sizes 1024,16384] [--repeat 3] [--plans 1000] [--url URL]

Without ``--url`` (or ``$RACKWRIGHT_TEST_PG``) it starts a throwaway server like the tests
(tests/pgserver.py: Debian's postgresql programs). Prints the best of ``--repeat`` runs:

- first push of a synthetic plan (new plan), a push of an edit from the head, a push from
  an old base that is merged with the head, a pull of the head to a file (what ``repo pull``
  and Open from Repository do) and a pull opened as a plan (read and validated); each
  from a fresh connection, as a command is;
- ``repo list`` over ``--plans`` plans.

Targets: 16k GPUs push and pull within 3 s each; list of 1,000 plans within 0.5 s.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def best(fn, repeat: int) -> tuple[float, float, object]:
    """The best wall time and client CPU time of ``repeat`` runs (CPU: this process only, so
    a loaded machine shows in the first figure more than in the second)."""
    walls, cpus, out = [], [], None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        out = fn()
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return min(walls), min(cpus), out


def one_size(url: str, gpus: int, catalog, repeat: int, tmp: Path) -> str:
    """Every push and pull from a fresh connection, as a ``rackwright repo`` command is: no
    revision is in the client's cache."""
    from planner.design.synthetic import synthetic_plan
    from planner.files.repository import Repository, origin_meta
    from planner.files.storage.project import write_rackplan_bytes

    plan = synthetic_plan(gpus, catalog)
    names = iter(f"bench-{gpus}-{i}" for i in range(100))

    def fresh(fn):
        def run():
            with Repository(url) as repo:
                return fn(repo)
        return run

    t_new, c_new, res = best(fresh(lambda r: r.push(next(names), plan, base=None, message="", catalog=catalog)),
                             repeat)
    name = res.name  # type: ignore[attr-defined]
    rev = [res.revision]  # type: ignore[attr-defined]

    def edit(repo):
        plan.metadata.notes = f"edit {time.perf_counter()}"
        r = repo.push(name, plan, base=rev[0], message="edit", catalog=catalog)
        rev[0] = r.revision
        return r

    t_edit, c_edit, _ = best(fresh(edit), repeat)

    def merged() -> tuple[float, float]:  # another user pushed meanwhile: a base behind the head, merged
        base = rev[0]
        with Repository(url) as other:
            theirs = other.pull(name, base).opened.plan
            mine = other.pull(name, base).opened.plan  # both pulled the same revision
            theirs.metadata.notes = f"theirs {time.perf_counter()}"
            r = other.push(name, theirs, base=base, message="theirs", catalog=catalog)
        mine.metadata.customer = f"mine {time.perf_counter()}"
        mine.site.rooms[0].rows[0].racks[0].name = f"mine {time.perf_counter()}"
        t0, c0 = time.perf_counter(), time.process_time()
        with Repository(url) as repo:
            r2 = repo.push(name, mine, base=base, message="mine", catalog=catalog)
        t, c = time.perf_counter() - t0, time.process_time() - c0
        assert r2.merged_with == r.revision
        rev[0] = r2.revision
        return t, c

    runs = [merged() for _ in range(repeat)]
    t_merge, c_merge = min(x[0] for x in runs), min(x[1] for x in runs)
    out = tmp / f"pulled-{gpus}.rackplan"

    def to_file(repo):  # what `rackwright repo pull` and Open from Repository do
        info, content = repo.fetch(name)
        write_rackplan_bytes(content, out, origin_meta(url, name, info.number))
        return info

    t_pull, c_pull, info = best(fresh(to_file), repeat)
    t_open, c_open, _ = best(fresh(lambda r: r.pull(name)), repeat)
    size = info.size_bytes / 2**20  # type: ignore[attr-defined]
    return (f"{gpus:>6} {size:>9.1f} {t_new:>6.2f}/{c_new:.2f}s {t_edit:>6.2f}/{c_edit:.2f}s "
            f"{t_merge:>6.2f}/{c_merge:.2f}s {t_pull:>6.2f}/{c_pull:.2f}s {t_open:>6.2f}/{c_open:.2f}s")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1024,16384")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--plans", type=int, default=1000)
    ap.add_argument("--url", default=os.environ.get("RACKWRIGHT_TEST_PG"))
    args = ap.parse_args()

    from planner.catalog import load_catalog
    from planner.design.synthetic import synthetic_plan
    from planner.files.repository import Repository
    from tests.pgserver import server_from_env, start_server

    catalog = load_catalog()
    with contextlib.ExitStack() as stack:
        srv = server_from_env(args.url) if args.url else stack.enter_context(start_server())
        url = srv.url(srv.new_database())
        repo = stack.enter_context(Repository(url))
        repo.init()
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        print("wall/CPU seconds (CPU: the client process), best of", args.repeat)
        print(f"{'GPUs':>6} {'size MiB':>9} {'push new':>12} {'push edit':>12} {'push merged':>12} "
              f"{'pull (file)':>12} {'pull+open':>12}")
        for gpus in (int(s) for s in args.sizes.split(",")):
            print(one_size(url, gpus, catalog, args.repeat, tmp), flush=True)
        small = synthetic_plan(8, catalog)
        have = len(repo.list())
        t0 = time.perf_counter()
        for i in range(max(0, args.plans - have)):
            repo.push(f"plan-{i:05d}", small, base=None, message=f"plan {i}", catalog=catalog)
        t_fill = time.perf_counter() - t0
        t_list, _, plans = best(lambda: repo.list(), args.repeat)
        t_search, _, found = best(lambda: repo.list(search="plan-009"), args.repeat)
        print(f"repo list: {len(plans):,} plans in {t_list:.3f}s; search 'plan-009': {len(found)} "  # type: ignore[arg-type]
              f"in {t_search:.3f}s (filling took {t_fill:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
