"""Charts panel (pyqtgraph): power per rack against its limit, heat per rack against
its cooling capacity, workload margins.

Every figure plotted is an engine figure from ``Document.results``; bars are
coloured with the shared utilisation scale (:mod:`ui.style`). Clicking a bar selects
the rack in the Document; the Document's selection outlines the rack's bar.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from ui import style
from ui.floor_view import rack_load_limit

pg.setConfigOptions(antialias=True, background="w", foreground="#1f2328")


def _rack_results(results: Any) -> dict[str, Any]:
    racks = getattr(results, "racks", None) if results is not None else None
    return dict(racks) if racks else {}


def power_load_limit(rr: Any) -> tuple[float, float]:
    return rack_load_limit(rr, "power")


def cooling_load_limit(rr: Any) -> tuple[float, float]:
    return rack_load_limit(rr, "cooling")


def workload_margins(results: Any) -> list[tuple[str, float, str]]:
    """(workload name, margin fraction, detail) from engine results, if any.
    Margin = achieved / target - 1 (positive: the build beats the target)."""
    out: list[tuple[str, float, str]] = []
    wls = getattr(results, "workloads", None) if results is not None else None
    if not wls:
        return out
    items = wls.values() if isinstance(wls, dict) else wls
    for w in items:
        margin = getattr(w, "margin", None)
        if margin is None:
            continue
        name = str(getattr(w, "name", "") or getattr(w, "id", "workload"))
        detail = str(getattr(w, "summary", "") or getattr(w, "detail", "") or "")
        out.append((name, float(margin), detail))
    return out


class _RackBars(QWidget):
    """One bar per rack (load, kW) with the rack's limit as a tick above/below it."""

    def __init__(self, doc: Any, title: str, unit_label: str, getter: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.getter = getter
        self.rack_ids: list[str] = []
        self.plot = pg.PlotWidget(self)
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=True, y=False)
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.plot.setLabel("left", unit_label)
        self.plot.setTitle(title, size="10pt")
        self.plot.getPlotItem().getViewBox().setDefaultPadding(0.01)
        self.bars = pg.BarGraphItem(x=np.zeros(0), height=np.zeros(0), width=0.8)
        self.limits = pg.PlotDataItem(pen=pg.mkPen("#1f2328", width=2), connect="pairs")
        self.sel = pg.BarGraphItem(x=np.zeros(0), height=np.zeros(0), width=0.8, brush=None,
                                   pen=pg.mkPen(style.SELECTION, width=2.5))
        self.plot.addItem(self.bars)
        self.plot.addItem(self.limits)
        self.plot.addItem(self.sel)
        self.empty = QLabel("No rack figures yet", self)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: #5b6570;")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.plot, 1)
        lay.addWidget(self.empty)
        self.plot.scene().sigMouseClicked.connect(self._clicked)
        self.heights = np.zeros(0)

    def set_results(self, results: Any) -> None:
        rr = _rack_results(results)
        plan = self.doc.plan
        ids = [r.id for r in plan.racks() if r.id in rr]
        names = [plan.index.racks[i].name for i in ids]
        loads = np.array([self.getter(rr[i])[0] for i in ids], dtype=float) / 1000.0
        limits = np.array([self.getter(rr[i])[1] for i in ids], dtype=float) / 1000.0
        x = np.arange(len(ids), dtype=float)
        brushes = []
        for load, lim in zip(loads, limits):
            util = load / lim if lim > 0 else (None if load == 0 else float("inf"))
            brushes.append(pg.mkBrush(style.util_color(util)))
        pen = pg.mkPen(QColor(0, 0, 0, 60), width=0.5) if len(ids) <= 120 else pg.mkPen(None)
        self.bars.setOpts(x=x, height=loads, width=0.8, brushes=brushes, pen=pen)
        # limit ticks: one short horizontal segment per rack
        if len(ids):
            xs = np.repeat(x, 2) + np.tile([-0.45, 0.45], len(ids))
            ys = np.repeat(limits, 2)
            self.limits.setData(xs, ys)
        else:
            self.limits.setData([], [])
        self.rack_ids = ids
        self.heights = loads
        axis = self.plot.getAxis("bottom")
        # label every rack when they fit (~75 px a name), else a readable subset
        fit = max(4, int(self.plot.width() / 75)) if self.plot.width() > 100 else 12
        step = 1 if len(ids) <= fit else int(np.ceil(len(ids) / fit))
        axis.setTicks([[(i, names[i]) for i in range(0, len(ids), step)], []])
        font = QFont()
        font.setPointSize(7)
        axis.setStyle(tickFont=font)
        self.plot.setXRange(-0.6, max(len(ids), 1) - 0.4, padding=0)
        top = max(float(loads.max()) if len(loads) else 0.0, float(limits.max()) if len(limits) else 0.0)
        self.plot.setYRange(0, top * 1.08 if top > 0 else 1, padding=0)
        self.empty.setVisible(not ids)
        self.plot.setVisible(bool(ids))
        self.set_selection(self.doc.selection)

    def set_selection(self, selection: Any) -> None:
        want = [i for i, rid in enumerate(self.rack_ids) if ("rack", rid) in set(selection or ())]
        self.sel.setOpts(x=np.array(want, dtype=float), height=self.heights[want] if want else np.zeros(0), width=0.8)

    def bar_count(self) -> int:
        return len(self.bars.opts["height"])

    def _clicked(self, ev: Any) -> None:
        vb = self.plot.getPlotItem().getViewBox()
        p = vb.mapSceneToView(ev.scenePos())
        i = int(round(p.x()))
        if 0 <= i < len(self.rack_ids) and abs(p.x() - i) <= 0.45 and p.y() >= 0:
            self.doc.select([("rack", self.rack_ids[i])])


class _WorkloadMargins(QWidget):
    """Horizontal bars: how far each workload's achieved figure beats (or misses) its
    target, in percent."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = pg.PlotWidget(self)
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.showGrid(x=True, y=False, alpha=0.25)
        self.plot.setLabel("bottom", "margin against target (%)")
        self.plot.setTitle("Workload margins", size="10pt")
        self.bars = pg.BarGraphItem(x0=np.zeros(0), y=np.zeros(0), height=0.6, width=np.zeros(0))
        self.plot.addItem(self.bars)
        self.zero = pg.InfiniteLine(pos=0, angle=90, pen=pg.mkPen("#1f2328", width=1.5))
        self.plot.addItem(self.zero)
        self.empty = QLabel("No workload targets in this plan (add one to see margins)", self)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: #5b6570;")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.plot, 1)
        lay.addWidget(self.empty)
        self.names: list[str] = []

    def set_results(self, results: Any) -> None:
        rows = workload_margins(results)
        self.names = [n for n, _, _ in rows]
        m = np.array([mg * 100 for _, mg, _ in rows], dtype=float)
        y = np.arange(len(rows), dtype=float)
        brushes = [pg.mkBrush(style.OK if v >= 10 else style.WARN if v >= 0 else style.BAD) for v in m]
        self.bars.setOpts(x0=np.minimum(m, 0), y=y, width=np.abs(m), height=0.6, brushes=brushes)
        self.plot.getAxis("left").setTicks([[(i, n) for i, n in enumerate(self.names)], []])
        if len(m):
            lo, hi = min(float(m.min()), 0.0), max(float(m.max()), 0.0)
            span = max(hi - lo, 10.0)
            self.plot.setXRange(lo - span * 0.08, hi + span * 0.08, padding=0)
            self.plot.setYRange(-0.6, len(rows) - 0.4, padding=0)
        self.empty.setVisible(not rows)
        self.plot.setVisible(bool(rows))


class ChartsPanel(QWidget):
    """``ChartsPanel(doc)``: tabs Power / Cooling / Workloads, following
    ``doc.resultsChanged`` (slot ``on_results``) and ``doc.selectionChanged``."""

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.power = _RackBars(doc, "Power per rack (bars) against its limit (black ticks)", "kW", power_load_limit, self)
        self.cooling = _RackBars(doc, "Heat per rack (bars) against its cooling capacity (black ticks)", "kW", cooling_load_limit, self)
        self.workloads = _WorkloadMargins(self)
        self.tabs.addTab(self.power, "Power")
        self.tabs.addTab(self.cooling, "Cooling")
        self.tabs.addTab(self.workloads, "Workloads")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tabs)
        doc.resultsChanged.connect(self.on_results)
        doc.selectionChanged.connect(self.on_selection)
        self.on_results(doc.results)

    def on_results(self, results: Any) -> None:
        self.power.set_results(results)
        self.cooling.set_results(results)
        self.workloads.set_results(results)

    def on_selection(self, selection: Any) -> None:
        self.power.set_selection(selection)
        self.cooling.set_selection(selection)


__all__ = ["ChartsPanel", "power_load_limit", "cooling_load_limit", "workload_margins"]
