"""Settings > OK: time for MainWindow.apply_settings to take effect (offscreen).

    QT_QPA_PLATFORM=offscreen python bench/bench_settings_apply.py [plan.json] [--repeat 7]

Each case changes one setting (or none: OK without changes) and times the apply call
plus what it sets off until the window is quiet again: queued palette and polish
events, and the engine recompute the document runs in its worker thread (waited for,
then its results delivered). "everything" is the apply that redoes all of it
(``apply_settings(force=True)``), close to what every apply did before it told the
settings apart (that one also re-set the Qt style each time). Prints the median and
min/max per case.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from planner.catalog import load_catalog  # noqa: E402
from planner.files.documents import load_plan  # noqa: E402
from ui.document import Document, make_engine  # noqa: E402
from ui.settings import AppSettings, apply_theme  # noqa: E402
from ui.shell.mainwindow import MainWindow  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("plan", nargs="?", default=str(EXAMPLE))
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    store = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    settings = AppSettings(store)
    settings.theme = "light"
    apply_theme(app, "light")
    cat = load_catalog()
    doc = Document(load_plan(args.plan), cat, engine=make_engine(cat, settings.engine_settings()))
    win = MainWindow(doc, settings)
    win.resize(1600, 960)
    win.show()
    doc.recompute(background=False)
    app.processEvents()

    def timed(change, force: bool = False) -> float:
        change()
        t = time.perf_counter()
        win.apply_settings(force=True) if force else win.apply_settings()
        doc._pool.waitForDone()
        app.processEvents()
        app.processEvents()
        return time.perf_counter() - t

    def flip_theme() -> None:
        settings.theme = "dark" if settings.theme == "light" else "light"

    def flip_units() -> None:
        settings.units = "imperial" if settings.units == "metric" else "metric"

    def flip_engine() -> None:
        o = settings.engine_overrides
        o["continuous_derating"] = 1.0 if o.get("continuous_derating") != 1.0 else 0.8
        settings.engine_overrides = o

    cases = [("no change (OK)", lambda: None, False), ("theme", flip_theme, False), ("units", flip_units, False),
             ("engine thresholds", flip_engine, False), ("everything (force=True)", lambda: None, True)]
    print(f"plan: {Path(args.plan).name}, {len(doc.plan.index.placements)} devices, {len(doc.plan.links)} links")
    for name, change, force in cases:
        timed(change, force)  # warm-up
        samples = [timed(change, force) for _ in range(args.repeat)]
        print(f"{name:24s} median {statistics.median(samples) * 1000:6.1f} ms  "
              f"(min {min(samples) * 1000:.1f}, max {max(samples) * 1000:.1f})")
    settings.theme = "light"
    apply_theme(app, "light")
    doc.undo_stack.setClean()
    win.close()


if __name__ == "__main__":
    main()
