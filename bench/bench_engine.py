"""Engine speed on synthetic plans: full recompute and single edits, peak memory.

    python bench/bench_engine.py [--sizes 1024,4096,16384,65536] [--gb200-sizes 1024,4096,16384]
                                 [--catalog DIR] [--repeat 5]

For each size prints: plan size, full recompute time, and the time of one incremental
``Engine.update`` after each kind of single edit (median of --repeat edits, each timed
together with its undo, which is the same kind of edit the other way round):

* move: a GPU server moved between racks (MovePlacement) and back;
* add dev: a GPU server added to a rack with room (AddPlacement) and removed (its undo);
* link add / link rm: one compute link removed (RemoveItem) and put back (its undo);
* prop: one compute link's length changed (SetProperty) and changed back;

each also as a share of the full recompute; then the time to materialise the sorted
findings list after an update, peak traced memory of a full compute (tracemalloc), as a
floor the time of a bare Python loop summing one attribute over the placements, and the
plan's one pretraining workload evaluated from scratch (memo cleared: what an edit costs
when it changes the workload's cluster).

Then the same for GB200 NVL72 plans (``synthetic_plan(..., platform="gb200-nvl72")``:
1,296 NVLink links per rack, trays on the busbar, power shelves on 415 V PDUs): full
recompute, a compute tray moved to another NVL72 rack and back (it leaves one NVLink
domain's links dangling and changes two busbars), one NVLink link removed and put back,
one compute-fabric link's length changed, one power shelf's PDU moved to the other feed
side and back, peak memory. An empty size list skips a table.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planner.catalog import load_catalog  # noqa: E402
from planner.design.synthetic import synthetic_plan  # noqa: E402
from planner.engine import Engine  # noqa: E402
from planner.model.edits import AddItem, AddPlacement, MovePlacement, RemoveItem, SetProperty  # noqa: E402
from planner.model.placement import PlacementChecker  # noqa: E402
from planner.model.plan import Placement, Workload  # noqa: E402


def _time(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def bench(gpus: int, catalog, repeat: int) -> dict[str, float]:
    plan = synthetic_plan(gpus, catalog)
    AddItem(Workload(id="wl-train", name="train", kind="pretrain",
                     spec={"model": "llama-3.1-70b", "tokens": 1.5e9 * gpus, "target_days": 30})).apply(plan)
    placements = list(plan.index.placements.values())
    engine = Engine(catalog)
    full = min(_time(lambda: Engine(catalog).compute(plan)) for _ in range(2))
    engine.compute(plan)
    # a server moves from the last GPU rack to the first rack with room
    checker = PlacementChecker(catalog)
    gpu_racks = [r for r in plan.racks() if "gpu" in r.tags]
    src = gpu_racks[-1]
    server = next(p for p in src.placements if p.id.startswith("srv-"))
    dst = next(r for r in plan.racks() if r.id != src.id and checker.first_fit(plan, r.id, server.device))
    u = checker.first_fit(plan, dst.id, server.device)
    moves, finds = [], []
    for _ in range(repeat):
        edit = MovePlacement(server.id, dst.id, u)
        t = time.perf_counter()
        res = engine.update(plan, edit.apply(plan))
        moves.append(time.perf_counter() - t)
        finds.append(_time(lambda res=res: res.findings))
        t = time.perf_counter()
        engine.update(plan, edit.revert(plan))
        moves.append(time.perf_counter() - t)

    def timed(make_edit) -> list[float]:
        out = []
        for k in range(repeat):
            edit = make_edit(k)
            t = time.perf_counter()
            engine.update(plan, edit.apply(plan))
            out.append(time.perf_counter() - t)
            t = time.perf_counter()
            engine.update(plan, edit.revert(plan))
            out.append(time.perf_counter() - t)
        return out

    # a GPU server added where there is room (and removed again: its undo)
    add_rack = next(r for r in plan.racks() if checker.first_fit(plan, r.id, server.device))
    add_u = checker.first_fit(plan, add_rack.id, server.device)
    adds = timed(lambda k: AddPlacement(add_rack.id, Placement(id=f"bench-new-{k}", device=server.device, u=add_u),
                                        checker=checker))
    # one compute link removed and put back (undo = add), and one link's length edited
    srv_links = [x for x in plan.links if x.a.placement.startswith("srv-")]
    rm, add = [], []
    for k in range(repeat):
        edit = RemoveItem("link", srv_links[k * 7].id)
        t = time.perf_counter()
        engine.update(plan, edit.apply(plan))
        rm.append(time.perf_counter() - t)
        t = time.perf_counter()
        engine.update(plan, edit.revert(plan))
        add.append(time.perf_counter() - t)
    lk = srv_links[3]
    props = timed(lambda k: SetProperty("link", lk.id, "length_m", (lk.length_m or 3.0) + 1.0))
    work = []
    # the workload alone (memo cleared so it is evaluated, as after an edit that changes what it sees)
    for _ in range(3):
        engine.work.reset()
        t = time.perf_counter()
        engine.work.evaluate(plan, engine.results, engine.net)
        work.append(time.perf_counter() - t)
    floor = _time(lambda: sum(1.0 for p in placements if p.u))
    gc.collect()
    tracemalloc.start()
    Engine(catalog).compute(plan)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    move = statistics.median(moves)
    return {"gpus": gpus, "racks": len(plan.index.racks), "devices": len(placements), "links": len(plan.links),
            "full_ms": full * 1000, "move_ms": move * 1000, "move_pct": move / full * 100,
            "findings_ms": statistics.median(finds) * 1000, "peak_mb": peak / 1e6, "floor_ms": floor * 1000,
            "add_ms": statistics.median(adds) * 1000, "link_add_ms": statistics.median(add) * 1000,
            "link_rm_ms": statistics.median(rm) * 1000, "prop_ms": statistics.median(props) * 1000,
            "work_ms": statistics.median(work) * 1000}


def bench_gb200(gpus: int, catalog, repeat: int) -> dict[str, float]:
    plan = synthetic_plan(gpus, catalog, platform="gb200-nvl72")
    engine = Engine(catalog)
    full = min(_time(lambda: Engine(catalog).compute(plan)) for _ in range(2))
    engine.compute(plan)
    checker = PlacementChecker(catalog)
    nvl = [r for r in plan.racks() if "nvl72" in r.tags]
    tray = next(p for p in nvl[-1].placements if p.device == "nvidia-gb200-nvl72-compute-tray")
    dst = nvl[0]
    u = checker.first_fit(plan, dst.id, tray.device)

    def timed(make_edit) -> tuple[list[float], list[float]]:
        do, undo = [], []
        for k in range(repeat):
            edit = make_edit(k)
            t = time.perf_counter()
            engine.update(plan, edit.apply(plan))
            do.append(time.perf_counter() - t)
            t = time.perf_counter()
            engine.update(plan, edit.revert(plan))
            undo.append(time.perf_counter() - t)
        return do, undo

    moves = sum(timed(lambda k: MovePlacement(tray.id, dst.id, u, checker=checker)), [])
    nvl_links = [lk for lk in plan.links if lk.fabric != "fab-compute"]
    rm, add = timed(lambda k: RemoveItem("link", nvl_links[k * 101].id))
    cmp_links = [lk for lk in plan.links if lk.fabric == "fab-compute"]
    lk = cmp_links[3]
    props = sum(timed(lambda k: SetProperty("link", lk.id, "length_m", (lk.length_m or 3.0) + 1.0)), [])
    pdu = next(p for p in nvl[len(nvl) // 2].placements if p.feed)
    other = next(f.id for f in plan.feeds if f.side != plan.feed(pdu.feed).side)
    feeds = sum(timed(lambda k: SetProperty("placement", pdu.id, "feed", other)), [])
    gc.collect()
    tracemalloc.start()
    Engine(catalog).compute(plan)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"gpus": gpus, "racks": len(plan.index.racks), "devices": len(plan.index.placements),
            "links": len(plan.links), "full_ms": full * 1000, "move_ms": statistics.median(moves) * 1000,
            "nvl_rm_ms": statistics.median(rm) * 1000, "nvl_add_ms": statistics.median(add) * 1000,
            "prop_ms": statistics.median(props) * 1000, "feed_ms": statistics.median(feeds) * 1000,
            "peak_mb": peak / 1e6}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1024,4096,16384,65536")
    ap.add_argument("--gb200-sizes", default="1024,4096,16384", help="GPU counts of the GB200 NVL72 table")
    ap.add_argument("--catalog", action="append", help="catalog folder(s); default: shipped + user")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    catalog = load_catalog(args.catalog) if args.catalog else load_catalog()
    cols = [("GPUs", "gpus", "d"), ("racks", "racks", "d"), ("devices", "devices", "d"), ("links", "links", "d"),
            ("full ms", "full_ms", ".1f"), ("move ms", "move_ms", ".2f"), ("add dev ms", "add_ms", ".2f"),
            ("link add ms", "link_add_ms", ".2f"), ("link rm ms", "link_rm_ms", ".2f"), ("prop ms", "prop_ms", ".2f"),
            ("worst % of full", "worst_pct", ".2f"), ("findings ms", "findings_ms", ".2f"), ("peak MB", "peak_mb", ".1f"),
            ("floor ms", "floor_ms", ".2f"), ("workload ms", "work_ms", ".1f")]
    sizes = [int(x) for x in args.sizes.split(",") if x]
    if sizes:
        print("| " + " | ".join(c[0] for c in cols) + " |")
        print("|" + "|".join("---:" for _ in cols) + "|")
    for g in sizes:
        r = bench(g, catalog, args.repeat)
        r["worst_pct"] = max(r[k] for k in ("move_ms", "add_ms", "link_add_ms", "link_rm_ms", "prop_ms")) / r["full_ms"] * 100
        print("| " + " | ".join(f"{r[k]:,{f}}" if f == "d" else f"{r[k]:{f}}" for _, k, f in cols) + " |", flush=True)
    gb_sizes = [int(x) for x in args.gb200_sizes.split(",") if x]
    if gb_sizes:
        cols = [("GB200 GPUs", "gpus", "d"), ("racks", "racks", "d"), ("devices", "devices", "d"),
                ("links", "links", "d"), ("full ms", "full_ms", ".1f"), ("tray move ms", "move_ms", ".2f"),
                ("NVLink rm ms", "nvl_rm_ms", ".2f"), ("NVLink add ms", "nvl_add_ms", ".2f"),
                ("link prop ms", "prop_ms", ".2f"), ("PDU feed ms", "feed_ms", ".2f"),
                ("worst % of full", "worst_pct", ".2f"), ("peak MB", "peak_mb", ".1f")]
        if sizes:
            print()
        print("| " + " | ".join(c[0] for c in cols) + " |")
        print("|" + "|".join("---:" for _ in cols) + "|")
    for g in gb_sizes:
        r = bench_gb200(g, catalog, args.repeat)
        r["worst_pct"] = max(r[k] for k in ("move_ms", "nvl_rm_ms", "nvl_add_ms", "prop_ms", "feed_ms")) / r["full_ms"] * 100
        print("| " + " | ".join(f"{r[k]:,{f}}" if f == "d" else f"{r[k]:{f}}" for _, k, f in cols) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
