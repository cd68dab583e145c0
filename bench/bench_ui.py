"""UI speed with the 16k-GPU synthetic plan (offscreen).

    QT_QPA_PLATFORM=offscreen python bench/bench_ui.py [--gpus 16384] [--repeat 5]

Prints: scene build time; one frame of the whole floor (fit to view, the view
rendered into a 1920x1080 QImage); one frame zoomed in on one rack row; the time
to mirror one row-move edit; and, when the engine is available, the panels'
update time for a full result set. Target: a frame within 50 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QRect, QRectF  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from planner.catalog import load_catalog  # noqa: E402
from planner.design.synthetic import synthetic_plan  # noqa: E402
from planner.model.edits import SetProperty  # noqa: E402
from ui.document import Document  # noqa: E402
from ui.scenes.floor import FloorView  # noqa: E402


def _ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:7.1f} ms  (min {min(samples) * 1000:.1f}, max {max(samples) * 1000:.1f})"


def render_frame(w: FloorView, image: QImage) -> float:
    image.fill(0)
    p = QPainter(image)
    p.setRenderHints(w.view.renderHints())
    t = time.perf_counter()
    w.view.render(p, QRectF(image.rect()), QRect(w.view.viewport().rect()))
    p.end()
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpus", type=int, default=16384)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    catalog = load_catalog()
    t = time.perf_counter()
    plan = synthetic_plan(args.gpus, catalog)
    t_plan = time.perf_counter() - t
    print(f"plan: {args.gpus} GPUs, {len(plan.index.racks)} racks, {len(plan.index.rows)} rows, "
          f"{len(plan.site.rooms)} rooms (synthetic_plan {t_plan:.2f} s)")
    doc = Document(plan, catalog, engine=None)  # results set below; no background recomputes in the timings

    try:  # colour by real results when the engine exists
        from planner.engine import Engine  # type: ignore[attr-defined]

        t = time.perf_counter()
        engine = Engine(catalog)
        doc.results = engine.compute(plan)
        print(f"engine compute: {(time.perf_counter() - t) * 1000:.0f} ms")
    except Exception as e:  # engine not available yet
        engine = None
        print(f"engine: not used ({type(e).__name__}: {e})")

    builds = []
    w = None
    for _ in range(args.repeat):
        t = time.perf_counter()
        w = FloorView(doc)
        builds.append(time.perf_counter() - t)
        w.deleteLater()
    app.processEvents()
    w = FloorView(doc)
    print(f"scene build ({len(w.scene.racks)} rack items):  {_ms(builds)}")
    w.resize(1920, 1080 + w.toolbar.sizeHint().height())
    w.show()
    app.processEvents()
    vp = w.view.viewport()
    image = QImage(1920, 1080, QImage.Format.Format_ARGB32_Premultiplied)
    print(f"viewport {vp.width()}x{vp.height()} rendered into {image.width()}x{image.height()}")

    w.view.fit()
    frames = [render_frame(w, image) for _ in range(args.repeat)]
    print(f"frame, whole floor (fit, {w.view.zoom() * 1000:.1f} px/m):  {_ms(frames)}")
    image.save(str(Path(os.environ.get("BENCH_UI_OUT", "/tmp")) / "bench_ui_fit.png"))

    row = next(iter(plan.index.rows.values()))
    item = w.scene.rows[row.id]
    w.view.fitInView(item.sceneBoundingRect())
    frames = [render_frame(w, image) for _ in range(args.repeat)]
    print(f"frame, one row zoomed in ({w.view.zoom() * 1000:.0f} px/m):  {_ms(frames)}")
    image.save(str(Path(os.environ.get("BENCH_UI_OUT", "/tmp")) / "bench_ui_row.png"))

    moves = []
    for i in range(args.repeat):
        t = time.perf_counter()
        doc.push(SetProperty("row", row.id, "x_m", row.x_m + (0.6 if i % 2 == 0 else -0.6)))
        moves.append(time.perf_counter() - t)
    print(f"row move edit mirrored by the scene (no engine):  {_ms(moves)}")

    if doc.results is not None:
        t = time.perf_counter()
        w.scene.on_results(doc.results)
        print(f"recolour all racks from results:  {(time.perf_counter() - t) * 1000:.1f} ms")
        try:
            from ui.panels.charts import ChartsPanel
            from ui.panels.findings import FindingsPanel
            from ui.panels.totals import TotalsPanel

            for cls in (TotalsPanel, FindingsPanel, ChartsPanel):
                panel = cls(doc)
                t = time.perf_counter()
                panel.on_results(doc.results)
                app.processEvents()
                print(f"{cls.__name__} update with full results:  {(time.perf_counter() - t) * 1000:.1f} ms")
        except ImportError as e:
            print(f"panels: not measured ({e})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
