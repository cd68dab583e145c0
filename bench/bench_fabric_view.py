"""Benchmark: build the fabric view (dock fabricDock) and the cable list for a
rail-optimised fat tree of 2,048 eight-GPU nodes (16,384 GPUs, 49,152 links), and
cancel the auto-wire dialog on that size.

Prints, per size: the pure graph build (planner.fabric.graph.fabric_graph), the
whole view rebuild (graph + scene items + fit + figures), the cable list refresh
(cable_schedule + model + filters; first build of the widget, then a full refresh), the
list catching up with one edit (disconnect a spine-core cable and undo it: only the
rows of the two switches are redone), a click on a column header (sort 49k rows) and a
search. Then, for the
largest size, the Auto-wire dialog: Wire (the plan snapshot is taken on the GUI
thread), Cancel at ~40 %, the time from Cancel to the worker leaving the design and to
the dialog closing, and the longest the GUI thread went without running its event loop
while the design ran (a 10 ms timer). Uses the
test fixture catalog so the figures do not move with the shipped catalog. Each time is
the best of --repeat runs.

Cable list at 49,152 links, before the lazy model (QSortFilterProxyModel over the
schedule rows, commit 3ee7cd3) and after, measured side by side in one process: full
refresh 470-510 ms / 240-260 ms, catching up with one edit the same full refresh /
~100 ms, sort by a column 3,600-3,900 ms / 12-22 ms, a refresh while sorted
4,200-4,900 ms / ~250 ms.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_fabric_view.py [--nodes 2048 256 32]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def best(fn, repeat: int) -> float:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return min(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, nargs="+", default=[32, 256, 2048])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtWidgets import QApplication

    from planner.catalog import load_catalog
    from planner.fabric.autowire import autowire
    from planner.fabric.graph import fabric_graph
    from planner.fabric.wiring import Disconnect
    from tests.test_fabric import FIXTURE, make_plan, servers
    from ui.document import Document
    from ui.panels.cables import CableList
    from ui.scenes.fabric import FabricView

    app = QApplication.instance() or QApplication([])
    cat = load_catalog([FIXTURE])
    print(f"{'nodes':>6} {'links':>7} {'boxes':>6} {'graph ms':>9} {'view ms':>8} {'cables ms':>10} "
          f"{'refresh ms':>11} {'edit ms':>8} {'sort ms':>8} {'search ms':>10}")
    for n in args.nodes:
        plan = make_plan(n, spare_racks=0)
        res = autowire(plan, cat, servers(plan), "test-ib-64x400")
        res.edit.apply(plan)
        t0 = time.perf_counter()
        g = fabric_graph(plan, cat, res.fabric_id)
        t_graph = time.perf_counter() - t0
        doc = Document(plan, cat, engine=None)
        view = FabricView(doc)
        view.resize(1600, 900)
        t0 = time.perf_counter()
        view.rebuild()
        app.processEvents()
        t_view = time.perf_counter() - t0
        t0 = time.perf_counter()
        cl = CableList(doc)
        cl.resize(1200, 500)
        cl.show()
        app.processEvents()
        t_cables = time.perf_counter() - t0

        def refresh(cl=cl) -> None:
            cl.refresh()
            app.processEvents()

        def sort(cl=cl) -> None:
            for order in (Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder):
                cl.table.sortByColumn(8, order)  # Length: numeric keys
                app.processEvents()

        def search(cl=cl) -> None:
            cl.set_filter(text="leaf r3")
            app.processEvents()
            cl.set_filter(text="")
            app.processEvents()

        t_refresh = best(refresh, args.repeat)
        last = plan.links[-1].id

        def edit(cl=cl, doc=doc, last=last) -> None:
            doc.push(Disconnect(last))
            cl.update_rows()
            doc.undo_stack.undo()
            cl.update_rows()
            app.processEvents()

        t_edit = best(edit, args.repeat) / 2
        t_sort = best(sort, args.repeat) / 2
        cl.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        t_search = best(search, args.repeat) / 2
        boxes = sum(len(b) for b in g.tiers.values())
        print(f"{n:>6} {len(plan.links):>7} {boxes:>6} {t_graph * 1000:>9.0f} {t_view * 1000:>8.0f} "
              f"{t_cables * 1000:>10.0f} {t_refresh * 1000:>11.0f} {t_edit * 1000:>8.0f} {t_sort * 1000:>8.0f} "
              f"{t_search * 1000:>10.0f}")
        view.deleteLater()
        cl.deleteLater()
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # not inside the next measurement
    gc.collect()
    cancel_dialog(app, cat, max(args.nodes))
    return 0


def cancel_dialog(app, cat, nodes: int, at: float = 0.4) -> None:
    """Wire in the Auto-wire dialog, Cancel at ``at``: latency and GUI responsiveness."""
    from PySide6.QtCore import QTimer

    from tests.test_fabric import make_plan, servers
    from ui.dialogs.wiring import AutowireDialog
    from ui.document import Document

    plan = make_plan(nodes, spare_racks=0)
    doc = Document(plan, cat, engine=None)
    dlg = AutowireDialog(doc)
    dlg.show()
    dlg.set_values(servers=servers(plan), kind="compute", switch="test-ib-64x400", racks=[])
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    t0 = time.perf_counter()
    dlg.run()  # takes the plan snapshot on the GUI thread, then starts the worker
    t_start = time.perf_counter() - t0
    timer.start()
    job = dlg._job
    while dlg.progress.value() < at * 1000 and dlg.running:
        app.processEvents()
    if not dlg.running:
        print(f"auto-wire dialog, {nodes} nodes: the design finished before {at:.0%}")
        return
    t_cancel = time.perf_counter()
    dlg.cancel_button.click()
    while dlg.running:
        app.processEvents()
    t_closed = time.perf_counter()
    timer.stop()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    print(f"auto-wire dialog, {nodes} nodes, Cancel at {dlg.progress.value() / 10:.0f} %: worker left the design "
          f"{job.cancel_latency_s * 1000:.0f} ms after Cancel ({job.outcome}), dialog closed after "
          f"{(t_closed - t_cancel) * 1000:.0f} ms, visible={dlg.isVisible()}; Wire took {t_start * 1000:.0f} ms "
          f"on the GUI thread (plan snapshot), then while designing the GUI thread ran its 10 ms timer "
          f"{len(ticks)} times, longest gap {max(gaps) * 1000:.0f} ms")
    dlg.wait()
    dlg.deleteLater()


if __name__ == "__main__":
    sys.exit(main())
