"""Scaling chart: how the selected workload's answer changes with the GPU count.

* :class:`ScalingChart` draws a :class:`planner.workloads.SweepResult` (pyqtgraph):
  GPUs on a log axis, the chosen headline metric (training: time to train, tokens/s per
  GPU, scaling efficiency; inference: tokens/s per user, system tokens/s, time to first
  token), the target as a horizontal dashed line, the plan's own GPU count as a vertical
  line with a diamond on the curve, and the bottleneck at each count as coloured bands
  behind the curve (with a legend of the GPU ranges under the plot). It shows; every
  figure comes from the planner's sweep.
* :class:`ScalingSection` runs :func:`planner.workloads.sweep_workload` for one workload
  of the Document off the GUI thread on a snapshot of the plan (a ``ui.tasks.BackgroundTask``:
  Anki's "background operation reports back on the main thread", as ``ui.document``
  does). A change of the workload's spec, the plan, or which workload is selected restarts
  a 250 ms debounce (an edit of the spec alone reuses the last sweep's hardware); a newer
  request cancels the running sweep (checked between points) and drops its result, so a
  stale sweep never overwrites a newer one. While the section is hidden nothing runs; it catches up
  when shown.

The plot is made when the chart is first on screen (:mod:`ui.panels.plothost`): the main
window comes up without pyqtgraph and numpy.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from planner.i18n import message_text
from ui import style
from ui.i18n import QT_TRANSLATE_NOOP, TrDict
from ui.panels.plothost import PlotHost, pyqtgraph, set_axis_label
from ui.tasks import BackgroundTask
from ui.units import fnum

if TYPE_CHECKING:
    from types import ModuleType

    import numpy as np

    from planner.catalog import Catalog
    from planner.model.edits import Change
    from planner.model.plan import Plan, Workload
    from planner.workloads.cluster import ClusterSpec
    from planner.workloads.sweep import SweepResult
    from ui.document import Document

    # what a sweep ran on: (workload id, its group, hardware generation)
    SweepKey = tuple[str, str | None, int]

log = logging.getLogger(__name__)

# (key, menu text, axis label, log y, target key) per sweep kind; the first is the headline
METRICS: dict[str, tuple[tuple[str, str, str, bool, str | None], ...]] = {
    "training": (
        ("days", QT_TRANSLATE_NOOP("ScalingChart", "Time to train"), QT_TRANSLATE_NOOP("ScalingChart", "days"), True, "days"),
        ("tokens_per_s_per_gpu", QT_TRANSLATE_NOOP("ScalingChart", "Tokens/s per GPU"), "tok/s/GPU", False, None),
        ("scaling_efficiency", QT_TRANSLATE_NOOP("ScalingChart", "Scaling efficiency"), "%", False, None),
    ),
    "inference": (
        ("tokens_per_s_per_user", QT_TRANSLATE_NOOP("ScalingChart", "Tokens/s per user"), QT_TRANSLATE_NOOP("ScalingChart", "tok/s/user"), False, "tokens_per_s_per_user"),
        ("tokens_per_s", QT_TRANSLATE_NOOP("ScalingChart", "System tokens/s"), "tok/s", True, None),
        ("ttft_s", QT_TRANSLATE_NOOP("ScalingChart", "Time to first token"), "s", False, "ttft_s"),
    ),
}

# Okabe-Ito colours (readable for colour-blind viewers), one per bottleneck
BOTTLENECK_COLORS = {
    "compute": QColor("#0072b2"),
    "memory_bandwidth": QColor("#cc79a7"),
    "interconnect": QColor("#e69f00"),
    "gpu_memory": QColor("#8c8c8c"),
    "storage": QColor("#009e73"),
    "power": QColor("#d55e00"),
    "cooling": QColor("#56b4e9"),
}
BOTTLENECK_WORDS = TrDict("ScalingChart", {
    "compute": QT_TRANSLATE_NOOP("ScalingChart", "compute"),
    "memory_bandwidth": QT_TRANSLATE_NOOP("ScalingChart", "memory bandwidth"),
    "interconnect": QT_TRANSLATE_NOOP("ScalingChart", "interconnect"),
    "gpu_memory": QT_TRANSLATE_NOOP("ScalingChart", "does not fit (GPU memory)"),
    "storage": QT_TRANSLATE_NOOP("ScalingChart", "storage"), "power": QT_TRANSLATE_NOOP("ScalingChart", "power"),
    "cooling": QT_TRANSLATE_NOOP("ScalingChart", "cooling")})
PLAN_COLOR = QColor("#1f6feb")
DEBOUNCE_MS = 250
PLOT_HEIGHT = 230


def gpus_text(n: float) -> str:
    """8 -> '8', 1024 -> '1k', 1536 -> '1.5k', 16384 -> '16k', 1048576 -> '1M'."""
    n = float(n)
    if n >= 1 << 20:
        return f"{n / (1 << 20):g}M"
    if n >= 1024:
        return f"{fnum(n / 1024, '.3g')}k"
    return f"{fnum(n, ',.0f')}"


def value_text(v: float) -> str:
    a = abs(v)
    if a >= 1e6:
        return f"{fnum(v / 1e6, '.3g')}M"
    if a >= 1e4:
        return f"{fnum(v / 1e3, '.3g')}k"
    if a >= 100:
        return f"{fnum(v, ',.0f')}"
    if a >= 1:
        return f"{fnum(v, '.3g')}"
    return f"{fnum(v, '.2g')}"


def _log_ticks(lo: float, hi: float) -> list[tuple[float, str]]:
    """1-2-5 ticks between two positive values, as (log10 value, text)."""
    out = []
    for k in range(math.floor(math.log10(lo)) - 1, math.ceil(math.log10(hi)) + 1):
        for m in (1, 2, 5):
            v = m * 10.0 ** k
            if lo <= v <= hi:
                out.append((math.log10(v), value_text(v)))
    if len(out) > 7:  # crowded: the decades only
        out = [t for t in out if abs(10 ** t[0] / 10 ** round(t[0]) - 1) < 1e-9]
    return out


def _gpu_ticks(lo: int, hi: int, width_px: float) -> list[tuple[float, str]]:
    """Powers of two between ``lo`` and ``hi`` (and the ends when they are not), thinned
    to fit about one label per 48 px."""
    pows = [1 << k for k in range(0, 21) if lo <= (1 << k) <= hi]
    room = max(2, int(width_px / 48))
    step = 1
    while len(pows[::step]) > room:
        step += 1
    return [(math.log10(v), gpus_text(v)) for v in pows[::step]]


class ScalingChart(PlotHost):
    """Shows one sweep. ``set_result(result)`` (a ``SweepResult`` or None) and
    ``set_message(text)``; ``metric_combo`` chooses the metric. For tests: ``result``,
    ``metric``, ``curve`` (x = log10 GPUs), ``target_line`` (None when the metric has no
    target), ``plan_line``, ``bands`` (bottleneck, first GPUs, last GPUs), ``legend``,
    ``summary``; reading the plot's items makes the plot if it is not yet."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: SweepResult | None = None
        self.metric_key: str | None = None
        self.colors = style.chart_colors(self.palette())
        self.metric_combo = QComboBox(self)
        self.metric_combo.setObjectName("scalingMetric")
        self.metric_combo.setToolTip(self.tr("The figure plotted against the GPU count"))
        self.metric_combo.activated.connect(lambda _i: self._metric_chosen())
        self.title = QLabel(self.tr("<b>Scaling</b>"), self)
        self.title.setToolTip(self.tr("What-if: this workload on more or fewer GPUs of the same servers, "
                              "sized by the planner at each count (power and cooling not included)"))
        head = QHBoxLayout()
        head.setContentsMargins(0, 0, 0, 0)
        head.addWidget(self.title)
        head.addStretch(1)
        head.addWidget(self.metric_combo)

        self.plot_area.setFixedHeight(PLOT_HEIGHT)
        self.plot_area.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._band_items: list[Any] = []  # pyqtgraph LinearRegionItems, one per bottleneck band
        self._target_line: Any = None  # pyqtgraph InfiniteLine, or None

        self.legend = QLabel(self)
        self.legend.setObjectName("scalingLegend")
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.summary = QLabel(self)
        self.summary.setObjectName("scalingSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.message = QLabel(self)
        self.message.setObjectName("scalingMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(3)
        lay.addLayout(head)
        lay.addWidget(self.plot_area, 1)
        lay.addWidget(self.legend)
        lay.addWidget(self.summary)
        lay.addWidget(self.message)
        self.bands: list[tuple[str, int, int]] = []
        self.set_colors(self.colors)
        self.set_result(None)

    def _setup_plot(self, pg: ModuleType, plot: Any) -> None:
        plot.setObjectName("scalingPlot")
        plot.setMouseEnabled(x=False, y=False)
        plot.hideButtons()
        plot.showGrid(x=True, y=True, alpha=0.18)
        plot.setLabel("bottom", self.tr("GPUs (log scale)"))
        plot.getAxis("left").setWidth(46)
        vb = plot.getPlotItem().getViewBox()
        vb.setDefaultPadding(0.0)
        self._curve = pg.PlotDataItem([], [], pen=pg.mkPen(self.colors.foreground, width=1.6))
        self._points = pg.ScatterPlotItem(size=6, pxMode=True)
        self._plan_line = pg.InfiniteLine(angle=90, movable=False,
                                          pen=pg.mkPen(PLAN_COLOR, width=1.5), label=self.tr("plan {value}"),
                                          labelOpts={"position": 0.93, "color": PLAN_COLOR, "anchors": [(0, 0), (0, 0)]})
        self._plan_dot = pg.ScatterPlotItem(size=13, symbol="d", pen=pg.mkPen("w", width=1.2),
                                            brush=pg.mkBrush(PLAN_COLOR))
        for item in (self._curve, self._points, self._plan_line, self._plan_dot):
            plot.addItem(item)
        self._plan_line.setZValue(5)
        self._plan_dot.setZValue(10)
        self._points.setZValue(6)
        self._style()
        self._draw()

    # the plot's items, for tests
    @property
    def curve(self) -> Any:
        self.build_plot()
        return self._curve

    @property
    def points(self) -> Any:
        self.build_plot()
        return self._points

    @property
    def plan_line(self) -> Any:
        self.build_plot()
        return self._plan_line

    @property
    def plan_dot(self) -> Any:
        self.build_plot()
        return self._plan_dot

    @property
    def target_line(self) -> Any:
        self.build_plot()
        return self._target_line

    @property
    def band_items(self) -> list[Any]:
        self.build_plot()
        return self._band_items

    # -- theme ----------------------------------------------------------------------------
    def set_colors(self, colors: style.ChartColors) -> None:
        self.colors = colors
        if self.plot_built():
            self._style()
        self.message.setStyleSheet(f"color: {colors.muted.name()};")
        self._draw()

    def _style(self) -> None:
        pg, plot, colors = pyqtgraph(), self._plot, self.colors
        plot.setBackground(colors.background)
        for name in ("left", "bottom"):
            ax = plot.getAxis(name)
            ax.setPen(pg.mkPen(colors.muted))
            ax.setTextPen(pg.mkPen(colors.foreground))
            if ax.label is not None:
                ax.label.setDefaultTextColor(colors.foreground)
        self._curve.setPen(pg.mkPen(colors.foreground, width=1.6))
        self._plan_dot.setPen(pg.mkPen(colors.background, width=1.2))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            colors = style.chart_colors(self.palette())
            if colors != self.colors:
                self.set_colors(colors)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.plot_built():
            self._x_ticks()

    # -- data -----------------------------------------------------------------------------
    def set_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def set_result(self, result: SweepResult | None) -> None:
        """Show ``result`` (None: nothing to show; the plot is hidden)."""
        self.result = result
        kind = result.kind if result is not None else None
        keys = [m[0] for m in METRICS.get(kind or "", ())]
        if [self.metric_combo.itemData(i) for i in range(self.metric_combo.count())] != keys:
            self.metric_combo.clear()
            for key, text, *_ in METRICS.get(kind or "", ()):
                self.metric_combo.addItem(QCoreApplication.translate("ScalingChart", text), key)
            if self.metric_key not in keys:
                self.metric_key = keys[0] if keys else None
            self.metric_combo.setCurrentIndex(max(0, self.metric_combo.findData(self.metric_key)))
        self._draw()

    def _metric_chosen(self) -> None:
        self.metric_key = self.metric_combo.currentData()
        self._draw()

    def set_metric(self, key: str) -> None:
        i = self.metric_combo.findData(key)
        if i >= 0:
            self.metric_combo.setCurrentIndex(i)
            self._metric_chosen()

    def _spec(self) -> tuple[str, str, str, bool, str | None] | None:
        if self.result is None:
            return None
        return next((m for m in METRICS.get(self.result.kind, ()) if m[0] == self.metric_key), None)

    def series(self) -> tuple[np.ndarray, np.ndarray]:
        """(GPUs, metric values) of the points that have the metric, in GPU order."""
        import numpy as np

        spec, res = self._spec(), self.result
        if spec is None or res is None:
            return np.zeros(0), np.zeros(0)
        scale = 100.0 if spec[0] == "scaling_efficiency" else 1.0
        pts = [(p.gpus, getattr(p, spec[0])) for p in res.points]
        pts = [(g, v * scale) for g, v in pts if v is not None and math.isfinite(v) and (not spec[3] or v > 0)]
        return np.array([g for g, _ in pts], dtype=float), np.array([v for _, v in pts], dtype=float)

    def _draw(self) -> None:
        res = self.result
        spec = self._spec()
        self.metric_combo.setVisible(res is not None)
        has = res is not None and spec is not None and bool(res.points)
        self.set_plot_visible(has)
        self.legend.setVisible(has)
        self.summary.setVisible(has)
        if not has or res is None or spec is None:
            self.bands = []
            if self.plot_built():
                self._draw_plot(None, None)
            return
        key, _text, _axis_label, _logy, target_key = spec
        self.bands = res.bottleneck_ranges()
        if self.plot_built():
            self._draw_plot(res, spec)
        self._legend(res)
        self._summary(res, key, target_key)

    def _draw_plot(self, res: SweepResult | None, spec: tuple[str, str, str, bool, str | None] | None) -> None:
        """The sweep into the plot (None: an empty plot)."""
        import numpy as np

        pg, plot = pyqtgraph(), self._plot
        for b in self._band_items:
            plot.removeItem(b)
        self._band_items = []
        if self._target_line is not None:
            plot.removeItem(self._target_line)
            self._target_line = None
        if res is None or spec is None:
            self._curve.setData([], [])
            self._points.setData([], [])
            self._plan_dot.setData([], [])
            return
        key, _text, axis_label, logy, target_key = spec
        gpus, vals = self.series()
        ty = (lambda v: np.log10(v)) if logy else (lambda v: v)
        x = np.log10(gpus) if len(gpus) else gpus
        y = ty(vals) if len(vals) else vals
        self._curve.setData(x, y)
        by_gpus = {p.gpus: p for p in res.points}
        # filled where the target is met (or there is none), hollow where it is missed
        brushes, pens = [], []
        edge = QColor(self.colors.foreground if self.colors.dark else self.colors.background)
        edge.setAlpha(170 if self.colors.dark else 255)
        for g in gpus:
            p = by_gpus[int(g)]
            c = BOTTLENECK_COLORS.get(p.bottleneck or "", self.colors.muted)
            missed = p.met is False
            brushes.append(pg.mkBrush(self.colors.background if missed else c))
            pens.append(pg.mkPen(c, width=1.4) if missed else pg.mkPen(edge, width=0.8))
        self._points.setData(x, y, brush=brushes, pen=pens)
        set_axis_label(plot, "left", QCoreApplication.translate("ScalingChart", axis_label))

        # x range: every swept count, half a step of margin each side
        all_g = [p.gpus for p in res.points]
        x0, x1 = math.log10(min(all_g)), math.log10(max(all_g))
        pad = max(0.04, (x1 - x0) * 0.03)
        plot.setXRange(x0 - pad, x1 + pad, padding=0)

        # bottleneck bands: each run of one bottleneck from half-way to its neighbours
        ranges = res.bottleneck_ranges()
        edges = []
        for i, (bn, a, z) in enumerate(ranges):
            left = x0 - pad if i == 0 else (math.log10(ranges[i - 1][2]) + math.log10(a)) / 2
            right = x1 + pad if i == len(ranges) - 1 else (math.log10(z) + math.log10(ranges[i + 1][1])) / 2
            edges.append((bn, left, right))
        alpha = 52 if self.colors.dark else 34
        for bn, left, right in edges:
            c = QColor(BOTTLENECK_COLORS.get(bn, self.colors.muted))
            c.setAlpha(alpha)
            band = pg.LinearRegionItem(values=(left, right), orientation="vertical", movable=False,
                                       brush=pg.mkBrush(c), pen=pg.mkPen(None))
            band.setZValue(-10)
            for ln in band.lines:
                ln.setPen(pg.mkPen(None))
                ln.setHoverPen(pg.mkPen(None))
            plot.addItem(band)
            self._band_items.append(band)

        # y range: the values and the target, with a little room
        target = res.targets.get(target_key) if target_key else None
        ys = list(vals) + ([target] if target else [])
        if ys:
            lo, hi = min(ys), max(ys)
            if logy:
                lo_l, hi_l = math.log10(lo), math.log10(hi)
                m = max(0.08, (hi_l - lo_l) * 0.08)
                plot.setYRange(lo_l - m, hi_l + m, padding=0)
                plot.getAxis("left").setTicks([_log_ticks(10 ** (lo_l - m), 10 ** (hi_l + m)), []])
            else:
                lo = min(0.0, lo)
                m = (hi - lo) * 0.08 or 1.0
                plot.setYRange(lo, hi + m, padding=0)
                plot.getAxis("left").setTicks(None)
        if target:
            # the label sits above the line where the curve is below it: on the left for a
            # figure that rises with GPUs (per-user speed), on the right for one that falls
            lower_better = key in ("days", "ttft_s")
            above = 0 if len(vals) and target >= float(vals.max()) else 1  # at the top: below the line
            self._target_line = pg.InfiniteLine(
                pos=float(ty(np.array([target]))[0]), angle=0, movable=False,
                pen=pg.mkPen(self.colors.reference, width=1.4, style=Qt.PenStyle.DashLine),
                label=self.tr("target {value}").format(value=value_text(target)),
                labelOpts={"position": 0.98 if lower_better else 0.02, "color": self.colors.foreground,
                           "anchors": [(1, above), (1, above)] if lower_better else [(0, above), (0, above)],
                           "fill": self._label_fill()})
            self._target_line.setZValue(4)
            plot.addItem(self._target_line)

        # the plan's own count
        plan = res.plan_gpus
        if plan:
            self._plan_line.setPos(math.log10(plan))
            self._plan_line.label.setFormat(self.tr("plan {value}").format(value=gpus_text(plan)))
            self._plan_line.label.fill = pg.mkBrush(self._label_fill())
            self._plan_line.setVisible(True)
            at = np.nonzero(gpus == plan)[0]
            if len(at):
                self._plan_dot.setData([x[at[0]]], [y[at[0]]])
            else:
                self._plan_dot.setData([], [])
        else:
            self._plan_line.setVisible(False)
            self._plan_dot.setData([], [])
        self._x_ticks()

    def _label_fill(self) -> QColor:
        c = QColor(self.colors.background)
        c.setAlpha(210)
        return c

    def _x_ticks(self) -> None:
        if self.result is None or not self.result.points:
            return
        all_g = [p.gpus for p in self.result.points]
        ticks = _gpu_ticks(min(all_g), max(all_g), self._plot.width() - 60)
        if len(ticks) < 2:  # a narrow range: its ends
            ticks = [(math.log10(v), gpus_text(v)) for v in sorted({min(all_g), max(all_g)})]
        self._plot.getAxis("bottom").setTicks([ticks, []])

    def _legend(self, res: SweepResult) -> None:
        parts = []
        for bn, a, z in res.bottleneck_ranges():
            c = BOTTLENECK_COLORS.get(bn, self.colors.muted).name()
            span = gpus_text(a) if a == z else f"{gpus_text(a)}–{gpus_text(z)}"
            parts.append(f"<span style='color:{c}'>&#9632;</span>&nbsp;{BOTTLENECK_WORDS.get(bn, bn)}"
                         f"&nbsp;<span style='color:{self.colors.muted.name()}'>{span}</span>")
        self.legend.setText(QCoreApplication.translate("ScalingChart", "Bottleneck: {parts}").format(
            parts=" &nbsp; ".join(parts)) if parts else "")

    def _summary(self, res: SweepResult, key: str, target_key: str | None) -> None:
        bits = []
        plan = res.point_at(res.plan_gpus) if res.plan_gpus else None
        if plan is not None:
            if not plan.fits:
                state = self.tr("does not fit")
            elif plan.met is None:
                state = self.tr("no target")
            else:
                state = self.tr("meets the target") if plan.met else self.tr("misses the target")
            bits.append(f"<span style='color:{PLAN_COLOR.name()}'>&#9670;</span> " + self.tr(
                "Plan: {gpus} GPUs, {state}").format(gpus=fnum(plan.gpus, ","), state=state))
        if res.targets:
            if res.min_gpus_met:
                bits.append(self.tr("met from {gpus} GPUs in this range (filled points)").format(
                    gpus=fnum(res.min_gpus_met, ",")))
            else:
                bits.append(self.tr("no count in this range meets it"))
            if res.gpus_needed:
                if res.gpus_needed_tp:
                    bits.append(self.tr("fewest by the inverse search: {gpus} at TP{tp}").format(
                        gpus=fnum(res.gpus_needed, ","), tp=res.gpus_needed_tp))
                else:
                    bits.append(self.tr("fewest by the inverse search: {gpus}").format(gpus=fnum(res.gpus_needed, ",")))
        notes = "".join(f"<br><span style='color:{self.colors.muted.name()}'>{_html(message_text(n))}</span>"
                        for n in res.notes)  # planner Messages, in the app's language
        self.summary.setText(" · ".join(bits) + notes)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ----------------------------------------------------------------------------- background sweep


def _sweep(snapshot: Plan | None, catalog: Catalog, workload: Workload, cluster: ClusterSpec | None,
           cancelled: Callable[[], bool]) -> SweepResult | None:
    """sweep_workload in a pool thread, on a plan snapshot or on the cluster of the last
    sweep (``cluster``, while only the spec changed); None if cancelled before the end."""
    from planner.workloads.sweep import sweep_workload

    if cancelled():
        return None
    res = sweep_workload(snapshot, catalog, workload, cancelled=cancelled, cluster=cluster)
    return None if res.cancelled else res


class ScalingSection(QWidget):
    """``ScalingSection(doc)``: the chart for one workload of ``doc``
    (:meth:`set_workload`), recomputed in the background when the workload, its spec or
    the plan change (module docstring). ``runs`` counts sweeps started (tests);
    ``resultReady`` fires when a current result is shown."""

    resultReady = Signal(object)

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.chart = ScalingChart(self)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.chart)
        self.workload_id: str | None = None
        self.runs = 0
        self._dirty = False
        # the hardware a sweep ran on, reused while only the workload's spec changes:
        # (workload id, group, hardware generation) -> ClusterSpec
        self._hw_generation = 0
        self._cluster: tuple[SweepKey, ClusterSpec] | None = None
        self._pending_key: SweepKey | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._start)
        from planner.workloads.cluster import PlanHardwareError
        from planner.workloads.specs import SpecError

        # a newer request supersedes the running sweep (asked to stop, its result dropped)
        self._task = BackgroundTask(self, "scaling sweep", expected_errors=(SpecError, PlanHardwareError, ValueError))
        self.pool = self._task.pool
        doc.changed.connect(self._on_changed)
        doc.planReset.connect(self._on_plan_reset)

    # -- inputs ---------------------------------------------------------------------------
    def _on_plan_reset(self) -> None:
        self._cluster = None
        self.set_workload(None)

    def set_workload(self, wid: str | None) -> None:
        """Chart workload ``wid`` (None: nothing). Storage targets have no GPU scaling."""
        if wid == self.workload_id:
            return
        self.workload_id = wid
        self.chart.set_result(None)
        self.schedule()

    def _workload(self) -> Workload | None:
        return next((w for w in self.doc.plan.workloads if w.id == self.workload_id), None)

    def _on_changed(self, change: Change) -> None:
        hardware = bool(change.placements or change.groups or change.links or change.fabrics
                        or change.metadata or change.structure)
        if hardware:
            self._hw_generation += 1
        if self.workload_id is not None and (hardware or self.workload_id in change.workloads):
            self.schedule()

    def schedule(self) -> None:
        """Inputs changed: any result in flight is stale from now; sweep again after the
        debounce (or when shown, while hidden)."""
        self._task.discard()
        w = self._workload()
        if w is None:
            self._timer.stop()
            self.chart.set_result(None)
            self.chart.set_message("")
            return
        if w.kind not in ("pretrain", "finetune", "inference"):
            self._timer.stop()
            self.chart.set_result(None)
            self.chart.set_message(self.tr("Storage targets do not scale with the GPU count: no scaling chart.")
                                   if w.kind == "storage" else
                                   self.tr("This kind has no scaling chart: its verdict names the GPUs or CPU "
                                           "servers that would meet it."))
            return
        if self.chart.result is not None:
            self.chart.set_message(self.tr("Updating…"))
        else:
            self.chart.set_message(self.tr("Sizing the workload at other GPU counts…"))
        if self.isVisible():
            self._timer.start()
        else:
            self._dirty = True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._dirty:
            self._dirty = False
            self._timer.start()

    def _start(self) -> None:
        w = self._workload()
        if w is None or w.kind not in ("pretrain", "finetune", "inference"):
            return
        key = (w.id, w.group, self._hw_generation)
        if self._cluster is not None and self._cluster[0] == key:
            snapshot, cluster = None, self._cluster[1]  # only the spec changed: no plan copy
        else:
            snapshot, cluster = self.doc.plan.snapshot(), None
        self.runs += 1
        catalog, workload = self.doc.catalog, w.model_copy(deep=True)
        self._task.start(lambda _progress, cancelled: _sweep(snapshot, catalog, workload, cluster, cancelled),
                         on_done=self._on_done, on_failed=self._on_failed)
        self._pending_key = key

    # -- results (GUI thread) --------------------------------------------------------------
    def _on_done(self, result: SweepResult | None) -> None:
        # (only the latest request reports: a newer one superseded older ones)
        if result is None:
            return  # stopped early
        if result.cluster is not None and self._pending_key is not None:
            self._cluster = (self._pending_key, result.cluster)
        self.chart.set_message("")
        self.chart.set_result(result)
        self.resultReady.emit(result)

    def _on_failed(self, error: BaseException) -> None:
        # the workload's own problems read as they are; a bug names its exception
        expected = isinstance(error, self._task.expected_errors)
        message = str(error) if expected else f"{type(error).__name__}: {error}"
        self.chart.set_result(None)
        self.chart.set_message(self.tr("No scaling chart: {reason}").format(reason=message))

    def cancel(self) -> None:
        """Stop the running sweep (it ends at the next point) and drop its result."""
        self._timer.stop()
        self._task.discard()

    def wait(self, msecs: int = 30000) -> bool:
        """Wait for the pool (tests, shutdown)."""
        return self._task.wait(msecs)


__all__ = ["BOTTLENECK_COLORS", "METRICS", "ScalingChart", "ScalingSection", "gpus_text"]
