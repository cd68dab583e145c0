"""File > Open and File > Save of a big plan in the app: how long each takes and how long
the GUI thread stood still meanwhile (offscreen).

    QT_QPA_PLATFORM=offscreen python bench/bench_file_jobs.py [--gpus 8192] [--format rackplan]

A 5 ms timer runs on the GUI thread; the longest gap between its ticks during the call is
the longest the window could not repaint or take input. The file is read or written off
the GUI thread (ui/shell/filejobs.py); what is left on it is the plan snapshot a save takes
and, after an open, replacing the plan (scenes rebuilt). "read/write alone" is the same
file work done directly: what the GUI thread stood still for when Open and Save ran on it.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from planner.catalog import load_catalog  # noqa: E402
from planner.design.synthetic import synthetic_plan  # noqa: E402
from planner.files.documents import save_plan  # noqa: E402
from ui.document import Document  # noqa: E402
from ui.settings import AppSettings  # noqa: E402
from ui.shell.controllers import load_document, new_plan  # noqa: E402
from ui.shell.mainwindow import MainWindow  # noqa: E402


class Gaps:
    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)
        self.last = 0.0
        self.longest = 0.0

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def __enter__(self) -> Gaps:
        self.last, self.longest = time.perf_counter(), 0.0
        self.timer.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._tick()  # the stretch from the last tick to the end counts too
        self.timer.stop()


def settle(app: QApplication, quiet_s: float = 1.0) -> None:
    """Run the event loop until nothing happened for ``quiet_s`` (deferred rebuilds done)."""
    end = time.perf_counter() + quiet_s
    while time.perf_counter() < end:
        t = time.perf_counter()
        app.processEvents()
        if time.perf_counter() - t > 0.05:
            end = time.perf_counter() + quiet_s
        time.sleep(0.01)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpus", type=int, default=8192)
    ap.add_argument("--format", choices=("rackplan", "json"), default="rackplan")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    catalog = load_catalog()
    big = synthetic_plan(args.gpus, catalog, name="bench")
    tmp = Path(tempfile.mkdtemp())
    path = tmp / f"big.{args.format}"
    t = time.perf_counter()
    save_plan(big, path, catalog)
    write_alone = time.perf_counter() - t
    t = time.perf_counter()
    load_document(str(path))
    read_alone = time.perf_counter() - t
    settings = AppSettings(QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(Document(new_plan(catalog), catalog, None, engine=None), settings)
    win.show()
    app.processEvents()
    print(f"{args.gpus} GPUs, {len(big.index.racks)} racks, {path.stat().st_size // 1024} KiB .{args.format}")
    with Gaps() as gaps:
        t = time.perf_counter()
        assert win.files.open(str(path))
        took = time.perf_counter() - t
    print(f"open:  {took:6.2f} s, GUI thread still for at most {gaps.longest:5.2f} s "
          f"(read alone {read_alone:.2f} s)")
    settle(app)  # the views' deferred rebuilds after the open run here, not in the save below
    again = load_document(str(path))[0]
    t = time.perf_counter()
    win.doc.replace_plan(again, path)
    settle(app, 0.3)
    print(f"       of which the window's views take {time.perf_counter() - t - 0.3:.2f} s on the GUI thread "
          f"(replace_plan and the rebuilds it sets off)")
    out = tmp / f"saved.{args.format}"
    win.doc.set_path(out)
    t = time.perf_counter()
    win.doc.plan.snapshot()
    snapshot_s = time.perf_counter() - t
    with Gaps() as gaps:
        t = time.perf_counter()
        assert win.files.save()
        took = time.perf_counter() - t
    print(f"save:  {took:6.2f} s, GUI thread still for at most {gaps.longest:5.2f} s "
          f"(write alone {write_alone:.2f} s; the snapshot on the GUI thread {snapshot_s:.2f} s)")
    win.doc.mark_saved(out)
    win.close()


if __name__ == "__main__":
    main()
