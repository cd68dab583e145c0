"""Benchmark: build the fabric view (dock fabricDock) and the cable list for a
rail-optimised fat tree of 2,048 eight-GPU nodes (16,384 GPUs, 49,152 links).

Prints, per size: the pure graph build (planner.fabric.graph.fabric_graph), the
whole view rebuild (graph + scene items + fit + figures) and the cable list refresh
(cable_schedule + model + filters). Uses the test fixture catalog so the figures do
not move with the shipped catalog.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_fabric_view.py [--nodes 2048 256 32]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, nargs="+", default=[32, 256, 2048])
    args = ap.parse_args()
    from PySide6.QtWidgets import QApplication

    from planner.catalog import load_catalog
    from planner.fabric import autowire
    from planner.fabric.graph import fabric_graph
    from tests.test_fabric import FIXTURE, make_plan, servers
    from ui.cable_list import CableList
    from ui.document import Document
    from ui.fabric_view import FabricView

    app = QApplication.instance() or QApplication([])
    cat = load_catalog([FIXTURE])
    print(f"{'nodes':>6} {'links':>7} {'boxes':>6} {'graph ms':>9} {'view ms':>8} {'cables ms':>10}")
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
        cl = CableList(doc)
        t0 = time.perf_counter()
        cl.refresh()
        t_cables = time.perf_counter() - t0
        boxes = sum(len(b) for b in g.tiers.values())
        print(f"{n:>6} {len(plan.links):>7} {boxes:>6} {t_graph * 1000:>9.0f} {t_view * 1000:>8.0f} "
              f"{t_cables * 1000:>10.0f}")
        view.deleteLater()
        cl.deleteLater()
    return 0


if __name__ == "__main__":
    sys.exit(main())
