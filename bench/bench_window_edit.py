"""A rack rename, a device move and an undo in the real main window with a synthetic
AI-factory plan (offscreen).

    QT_QPA_PLATFORM=offscreen python bench/bench_window_edit.py [--gpus 16384] [--edits 15]
        [--platform hgx-8gpu|gb200-nvl72] [--profile]

The window is shown at 1600x960 with every dock, the plan opened as File > Open does
(``Document.replace_plan``: the full compute off the GUI thread), then racks are renamed
one by one, servers moved by one U and the moves undone: each gesture is timed from ``Document.push`` until the window is idle again (the
engine update, every panel's and scene's update, and the queued events they post),
wall clock and GUI-thread CPU. ``--profile`` prints where the GUI thread spent the time
of the timed edits (cProfile, by cumulative time).

Targets (issue 30): a rename within 16 ms on the GUI thread at 16,384 GPUs, 33 ms at 65,536.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QCoreApplication, QEventLoop, QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from planner.catalog import load_catalog  # noqa: E402
from planner.design.synthetic import synthetic_plan  # noqa: E402
from planner.model.edits import MovePlacement, SetProperty  # noqa: E402
from planner.model.plan import Plan  # noqa: E402
from ui.document import Document, make_engine  # noqa: E402
from ui.settings import AppSettings  # noqa: E402
from ui.shell.mainwindow import MainWindow  # noqa: E402


def _settle(app: QApplication) -> None:
    for _ in range(3):
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
    app.sendPostedEvents()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpus", type=int, default=16384)
    ap.add_argument("--edits", type=int, default=15)
    ap.add_argument("--platform", default="hgx-8gpu", choices=("hgx-8gpu", "gb200-nvl72"))
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--callers", metavar="FUNCTION", help="with --profile: who called FUNCTION")
    ap.add_argument("--only", choices=("rename", "move", "undo"), action="append", help="these gestures only")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    store = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    settings = AppSettings(store)
    cat = load_catalog()
    plan = synthetic_plan(args.gpus, cat, platform=args.platform)
    doc = Document(Plan(), cat, engine=make_engine(cat, settings.engine_settings()))
    win = MainWindow(doc, settings)
    win.resize(1600, 960)
    win.show()
    _settle(app)
    t = time.perf_counter()
    doc.replace_plan(plan, None)
    while doc.busy or doc.results is None:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    _settle(app)
    t_open = time.perf_counter() - t
    n_findings = len(doc.results.findings) if doc.results is not None else 0
    racks = list(doc.plan.index.racks)
    prof = cProfile.Profile() if args.profile else None
    idx = doc.plan.index

    def timed(gesture) -> tuple[float, float] | None:
        if prof is not None:
            prof.enable()
        t, c = time.perf_counter(), time.thread_time()
        done = gesture()
        doc.flush()
        _settle(app)
        out = (time.perf_counter() - t, time.thread_time() - c)
        if prof is not None:
            prof.disable()
        return out if done is not False else None

    def move(i: int):
        # a server one U up or down in its rack, where the plan takes it
        rid = racks[(i * 11) % len(racks)]
        p = next(p for p in idx.racks[rid].placements if p.u is not None)
        return doc.push(MovePlacement(p.id, rid, p.u + 1)) or doc.push(MovePlacement(p.id, rid, p.u - 1))

    ops = {"rename": lambda i: doc.push(SetProperty("rack", racks[(i * 7) % len(racks)], "name", f"Rack {i:04d}")),
           "move": move,
           "undo": lambda i: doc.undo_stack.undo()}
    print(f"{args.gpus:,} GPUs ({args.platform}): {len(racks):,} racks, {n_findings:,} findings; "
          f"opened in {t_open:.1f} s; {args.edits} gestures each after a first one, in the main window")
    print("| gesture | median ms wall | median ms GUI-thread CPU | worst ms wall | first ms |")
    print("|---|--:|--:|--:|--:|")
    for name, gesture in ops.items():
        if args.only and name not in args.only:
            continue
        got = [timed(lambda g=gesture, k=i: g(k)) for i in range(args.edits + 1)]
        samples = [g for g in got if g is not None]
        if len(samples) < 2:
            print(f"| {name} | refused | | | |")
            continue
        wall = [w for w, _c in samples[1:]]
        cpu = [c for _w, c in samples[1:]]
        print(f"| {name} | {statistics.median(wall) * 1000:.1f} | {statistics.median(cpu) * 1000:.1f} | "
              f"{max(wall) * 1000:.1f} | {samples[0][0] * 1000:.1f} |")
    if prof is not None:
        stats = pstats.Stats(prof).sort_stats("cumulative")
        stats.print_stats(30)
        if args.callers:
            stats.print_callers(args.callers)
    doc.undo_stack.setClean()
    win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
