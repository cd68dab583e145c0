"""CPU time of building one main window with the example plan (offscreen), as every UI test
does: ``MainWindow(doc, settings)`` on a computed Document, then shown and one round of
events (its first paint), then closed. The first build (imports, the catalog's widgets'
first use) is printed apart from the rest.

    QT_QPA_PLATFORM=offscreen python bench/bench_window_build.py [--repeat 10] [--show]

Prints the median and worst of ``time.process_time`` (this process's CPU, so a loaded
machine changes it less than the wall time), and which of the chart libraries the built
windows had imported.
"""

from __future__ import annotations

import argparse
import gc
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

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("plan", nargs="?", default=str(EXAMPLE))
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--show", action="store_true", help="also show each window and let it paint once")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    settings = AppSettings(QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat))
    apply_theme(app, "light")
    cat = load_catalog()
    plan = load_plan(args.plan)
    t0 = time.process_time()
    from ui.shell.mainwindow import MainWindow
    imports = time.process_time() - t0

    def build() -> float:
        doc = Document(plan.snapshot(), cat, engine=make_engine(cat, settings.engine_settings()))
        doc.recompute(background=False)
        gc.collect()
        t = time.process_time()
        win = MainWindow(doc, settings)
        if args.show:
            win.show()
            app.processEvents()
        took = time.process_time() - t
        win.close()
        win.deleteLater()
        app.processEvents()
        return took

    first = build()
    runs = [build() for _ in range(args.repeat)]
    loaded = [m for m in ("pyqtgraph", "numpy") if m in sys.modules]
    print(f"plan {Path(args.plan).name}: importing ui.shell.mainwindow {imports * 1000:.0f} ms CPU; "
          f"first window {first * 1000:.0f} ms CPU; then median {statistics.median(runs) * 1000:.0f} ms, "
          f"worst {max(runs) * 1000:.0f} ms CPU over {args.repeat} windows{' (shown)' if args.show else ''}; "
          f"loaded: {', '.join(loaded) or 'neither pyqtgraph nor numpy'}; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
