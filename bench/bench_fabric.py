"""Benchmark: auto-wire a rail-optimised fat tree for 2,048 eight-GPU nodes (16,384 GPUs).

Prints the time to plan the auto-wire edit, to apply it, to revert it, and to
analyse the wired fabric, with the switch and cable counts. Target: plan + apply
within 5 s. Then the cost of progress reporting (a design with both callbacks) and the
cancel latency: a design running in a thread is cancelled once its progress passes
25, 50 or 90 %; the figures are the time from setting the event to ``Cancelled``
reaching the thread's caller (the half-built design freed) and to the thread ending. Uses the test fixture catalog (a DGX-like server, 64-port 400G switch)
so the figures do not move when the shipped catalog changes; pass --shipped to use
nvidia-dgx-h100 and nvidia-quantum-2-qm9700 from catalogs/.

    .venv/bin/python bench/bench_fabric.py [--nodes 2048] [--shipped]
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, default=2048)
    ap.add_argument("--shipped", action="store_true")
    args = ap.parse_args()
    from test_fabric import FIXTURE, make_plan, servers

    from planner.catalog import load_catalog
    from planner.fabric.analysis import analyse_fabrics
    from planner.fabric.autowire import autowire

    if args.shipped:
        cat = load_catalog()
        server, switch, rack_type = "nvidia-dgx-h100", "nvidia-quantum-2-qm9700", "rack-48u-800x1200"
    else:
        cat = load_catalog([FIXTURE])
        server, switch, rack_type = "test-dgx", "test-ib-64x400", None
    plan = make_plan(args.nodes, per_rack=4, racks_per_row=16, server=server, spare_racks=0)
    if rack_type:
        for r in plan.racks():
            r.rack_type = rack_type
    srv = servers(plan)
    t0 = time.perf_counter()
    res = autowire(plan, cat, srv, switch)
    t1 = time.perf_counter()
    res.edit.apply(plan)
    t2 = time.perf_counter()
    fr = analyse_fabrics(plan, cat)[0]
    t3 = time.perf_counter()
    res.edit.revert(plan)
    t4 = time.perf_counter()
    d = res.design
    gpus = sum(cat.get("device-types", plan.placement(s).device).gpu_count for s in srv)
    print(f"auto-wire {args.nodes} nodes ({gpus} GPUs) on {switch}: {d.tiers} tiers")
    print(f"  switches: {d.leaves} leaves + {d.spines} spines + {d.cores} cores = {d.switches} "
          f"(in {len(res.new_racks)} new network racks)")
    print(f"  cables: {res.links} ({', '.join(f'{k} {v}' for k, v in sorted(res.cables.items()))}), "
          f"transceivers {res.transceivers}, without media {res.unrouted}")
    print(f"  plan edit   {t1 - t0:7.3f} s")
    print(f"  apply       {t2 - t1:7.3f} s")
    print(f"  plan+apply  {t2 - t0:7.3f} s  (target < 5 s)")
    print(f"  analyse     {t3 - t2:7.3f} s  (per GPU {fr.per_gpu_gbps:g} Gb/s, {fr.oversubscription:g}:1, "
          f"bisection {fr.bisection_tbps:g} Tb/s, {fr.hops} hops)")
    print(f"  undo        {t4 - t3:7.3f} s")
    cancel_figures(plan, cat, srv, switch)
    return 0


def cancel_figures(plan, cat, srv, switch) -> None:
    from planner.fabric.autowire import autowire
    from planner.fabric.progress import Cancelled

    seen: list[float] = []
    t0 = time.perf_counter()
    autowire(plan, cat, srv, switch, progress=lambda f, _s: seen.append(f), cancel=lambda: False)
    print(f"  plan edit with progress+cancel {time.perf_counter() - t0:7.3f} s ({len(seen)} progress reports)")
    for at in (0.25, 0.5, 0.9):
        event = threading.Event()
        reached = threading.Event()
        out: dict[str, float] = {}

        def progress(f: float, _stage: str, at: float = at, reached: threading.Event = reached) -> None:
            if f >= at:
                reached.set()

        def run(event: threading.Event = event, progress=progress, out: dict = out) -> None:
            try:
                autowire(plan, cat, srv, switch, progress=progress, cancel=event.is_set)
            except Cancelled:
                out["left"] = time.perf_counter()

        th = threading.Thread(target=run)
        th.start()
        reached.wait()
        t_cancel = time.perf_counter()
        event.set()
        th.join()
        t_exit = time.perf_counter()
        if "left" in out:
            print(f"  cancel at {at:4.0%}: Cancelled reached the caller {(out['left'] - t_cancel) * 1000:6.1f} ms "
                  f"after cancel, the thread ended after {(t_exit - t_cancel) * 1000:6.1f} ms")
        else:
            print(f"  cancel at {at:4.0%}: the design finished first")


if __name__ == "__main__":
    sys.exit(main())
