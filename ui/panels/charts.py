"""Charts panel (pyqtgraph): power per rack against its limit, heat per rack against
its cooling capacity, and each workload's achieved figure against its target (100 %).
The charts follow the app's theme (light or dark palette), live.

Every figure plotted is an engine figure from ``Document.results``; bars are
coloured by the engine's level of each figure (:mod:`ui.style` maps level to colour). Clicking a bar selects
the rack in the Document; the Document's selection outlines the rack's bar.

Each chart makes its plot (and imports pyqtgraph and numpy) when it is first on screen
(:mod:`ui.panels.plothost`): the main window comes up without them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QTabWidget, QVBoxLayout, QWidget

from planner.engine import RackResult, Results
from planner.workloads.specs import has_target
from ui import style
from ui.i18n import QT_TRANSLATE_NOOP, tr_table
from ui.panels.plothost import PlotHost, pyqtgraph, pyqtgraph_loaded
from ui.panels.workloads import BOTTLENECK_TEXT
from ui.units import fnum

if TYPE_CHECKING:
    from types import ModuleType

    from planner.model.edits import Change
    from planner.model.plan import Plan
    from ui.document import Document

# (load W, limit W, utilisation, level) of a rack, from the engine's result
Gauge = tuple[float, float, float | None, str]


def style_plot(plot: Any, colors: style.ChartColors, title: str) -> None:
    """Background, axes and title of a pyqtgraph plot in a theme's colours."""
    pg = pyqtgraph()
    plot.setBackground(colors.background)
    for name in ("left", "bottom"):
        ax = plot.getAxis(name)
        ax.setPen(pg.mkPen(colors.muted))
        ax.setTextPen(pg.mkPen(colors.foreground))
        if ax.label is not None:
            ax.label.setDefaultTextColor(colors.foreground)
    plot.setTitle(title, size="10pt", color=colors.foreground.name())
    # room right of the plot: without a right axis its frame, bars and curves ran to the
    # dock's edge (seen at 1366x768 in German)
    plot.getPlotItem().setContentsMargins(2, 2, 12, 2)


def power_gauge(rr: RackResult) -> Gauge:
    """(load W, limit W, utilisation, level) of a rack's power, from the engine's result."""
    return rr.power_load_w, rr.power_capacity_w, rr.power_utilisation, rr.power_level


def cooling_gauge(rr: RackResult) -> Gauge:
    """(heat W, cooling capacity W, utilisation, level) of a rack, from the engine's result."""
    return rr.heat_w, rr.cooling_capacity_w, rr.cooling_utilisation, rr.cooling_level


def workload_margins(results: Results | None, plan: Plan | None = None) -> list[tuple[str, str, float, str, str]]:
    """(workload id, name, margin, bottleneck, level) for every evaluated workload with a
    target, in plan order, from the engine's verdicts (``Results.workloads``, a
    ``WorkloadVerdict`` per workload id, with its level). Margin = achieved / required - 1
    of the tightest target. Training sized without a target duration has no margin and is
    left out."""
    out: list[tuple[str, str, float, str, str]] = []
    wls = results.workloads if results is not None else None
    if not wls:
        return out
    order = [w.id for w in plan.workloads] if plan is not None else list(wls)
    specs = {w.id: w.spec for w in plan.workloads} if plan is not None else {}
    names = {w.id: w.name for w in plan.workloads} if plan is not None else {}
    for wid in order:
        v = wls.get(wid)
        if v is None or v.met is None or v.margin is None:
            continue
        if not has_target(v.kind, specs.get(wid, {"target_days": True})):
            continue
        out.append((wid, str(names.get(wid) or v.name or wid), float(v.margin), str(v.bottleneck or ""), v.level))
    return out


def fit_title(plot: Any, colors: style.ChartColors, titles: tuple[str, ...], width: float) -> str:
    """Show the longest of ``titles`` (longest first) whose rendered title fits ``width``
    pixels: a narrow Charts dock gets 'Rack power vs. limit' instead of a clipped
    'Rack power (bars) vs. limi'. Measured on the plot's own title label."""
    item = plot.getPlotItem()
    label = item.titleLabel
    # the title sits above the plotting area only: the left axis column is not its room
    room = width - item.getAxis("left").width() - 12
    for t in titles:
        style_plot(plot, colors, t)
        if label.item.boundingRect().width() <= room:
            return t
    return titles[-1]


class _RackBars(PlotHost):
    """One bar per rack (load, kW) with the rack's limit as a tick above/below it. What the
    bars show (``rack_ids``, ``heights`` in kW, ``levels``, ``names``) is kept without the
    plot, which is made when the chart is first on screen (:mod:`ui.panels.plothost`)."""

    def __init__(self, doc: Document, titles: tuple[str, ...], unit_label: str, getter: Callable[[RackResult], Gauge],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.getter = getter
        self.unit_label = unit_label
        self.rack_ids: list[str] = []
        self._gauges: list[Gauge] | None = None  # what the bars show, to skip redrawing the same
        self._brushes: dict[int, QBrush] = {}
        self._name_px: dict[str, float] = {}  # each rack name's width in the 7 pt tick font
        self.titles = tuple(tr_table("Charts", titles))  # longest first; the one that fits the width is shown
        self.title = self.titles[0]
        self.empty = QLabel(self.tr("No rack figures yet"), self)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        style.mute(self.empty)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.plot_area, 1)
        lay.addWidget(self.empty)
        self.heights: list[float] = []  # kW, in rack order
        self.limits: list[float] = []  # kW, in rack order
        self.levels: list[str] = []  # the engine's level of each bar, in rack order
        self.utils: list[float | None] = []
        self.names: list[str] = []  # the racks' names, in bar order
        self.tick_step = 1
        self.colors = style.LIGHT_CHART

    def _setup_plot(self, pg: ModuleType, plot: Any) -> None:
        import numpy as np

        plot.setMouseEnabled(x=True, y=False)
        plot.showGrid(x=False, y=True, alpha=0.25)
        plot.setLabel("left", self.unit_label)
        plot.setTitle(self.title, size="10pt")
        plot.getPlotItem().getViewBox().setDefaultPadding(0.01)
        self.bars = pg.BarGraphItem(x=np.zeros(0), height=np.zeros(0), width=0.8)
        self.limit_ticks = pg.PlotDataItem(pen=pg.mkPen("#1f2328", width=2), connect="pairs")
        self.sel = pg.BarGraphItem(x=np.zeros(0), height=np.zeros(0), width=0.8, brush=None,
                                   pen=pg.mkPen(style.SELECTION, width=2.5))
        plot.addItem(self.bars)
        plot.addItem(self.limit_ticks)
        plot.addItem(self.sel)
        plot.scene().sigMouseClicked.connect(self._clicked)
        self._style()
        self.title = fit_title(plot, self.colors, self.titles, self.width())
        self._draw_bars()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self.plot_built():
            self.title = fit_title(self._plot, self.colors, self.titles, self.width())
            self._set_ticks()  # the subset of names that fits follows the width

    def _set_ticks(self) -> None:
        """Label every rack when the names fit side by side, else every n-th: as many as fit
        the axis's width at their own width (148 racks in a laptop's dock overlapped)."""
        font = QFont()
        font.setPointSize(7)
        axis = self._plot.getAxis("bottom")
        axis.setStyle(tickFont=font)
        n = len(self.names)
        if not n:
            axis.setTicks([[], []])
            return
        fm = QFontMetricsF(font)
        widths = self._name_px
        if len(widths) > 2 * n + 256:
            widths.clear()
        for t in self.names:
            if t not in widths:
                widths[t] = fm.horizontalAdvance(t)
        name_px = max(widths[t] for t in self.names) + 12
        width = self._plot.width() - self._plot.getAxis("left").width() - 16  # the bars' width in the widget
        fit = max(1, int(width / name_px)) if width > 40 else 12
        step = 1 if n <= fit else -(-n // fit)
        self.tick_step = step  # (tests read it)
        axis.setTicks([[(i, self.names[i]) for i in range(0, n, step)], []])

    def set_colors(self, colors: style.ChartColors) -> None:
        self.colors = colors
        self._gauges = None  # the bars are drawn again in the new colours
        if self.plot_built():
            self._style()

    def _style(self) -> None:
        style_plot(self._plot, self.colors, self.title)
        self.limit_ticks.setPen(pyqtgraph().mkPen(self.colors.reference, width=2))

    def _brush(self, color: QColor) -> QBrush:
        """One brush per colour (a 600-rack chart otherwise makes 600 brushes per edit)."""
        key = color.rgba()
        got = self._brushes.get(key)
        if got is None:
            if len(self._brushes) > 4096:
                self._brushes.clear()
            got = self._brushes[key] = pyqtgraph().mkBrush(color)
        return got

    def set_results(self, results: Results | None) -> None:
        rr = results.racks if results is not None else {}
        plan = self.doc.plan
        racks = [r for r in plan.racks() if r.id in rr]
        ids = [r.id for r in racks]
        names = [r.name for r in racks]
        # with a growth phase shown, each rack's bar is its figure in that phase (a rack a
        # later phase adds keeps the whole plan's), as the rack view and the floor plan draw it
        gauges = [self.getter(self._shown(i, rr)) for i in ids]
        if ids == self.rack_ids and gauges == self._gauges:
            # the same bars (an edit elsewhere, a rename): at most the names under them change
            if names != self.names:
                self.names = names
                if self.plot_built():
                    self._set_ticks()
            return
        self._gauges = gauges
        self.heights = [g[0] / 1000.0 for g in gauges]
        self.limits = [g[1] / 1000.0 for g in gauges]
        self.levels = [g[3] for g in gauges]
        self.utils = [g[2] for g in gauges]
        self.rack_ids = ids
        self.names = names
        self.empty.setVisible(not ids)
        self.set_plot_visible(bool(ids))
        if self.plot_built():
            self._draw_bars()

    def _shown(self, rack_id: str, whole: dict[str, RackResult]) -> RackResult:
        shown = self.doc.rack_results(rack_id)
        rr = shown.racks.get(rack_id) if shown is not None else None
        return rr if rr is not None else whole[rack_id]

    def _draw_bars(self) -> None:
        """The kept figures into the plot."""
        import numpy as np

        pg = pyqtgraph()
        n = len(self.rack_ids)
        loads = np.array(self.heights, dtype=float)
        limits = np.array(self.limits, dtype=float)
        x = np.arange(n, dtype=float)
        brushes = [self._brush(style.level_fill(lvl, u)) for lvl, u in zip(self.levels, self.utils)]
        pen = pg.mkPen(self.colors.bar_edge, width=0.5) if n <= 120 else pg.mkPen(None)
        self.bars.setOpts(x=x, height=loads, width=0.8, brushes=brushes, pen=pen)
        # limit ticks: one short horizontal segment per rack
        if n:
            xs = np.repeat(x, 2) + np.tile([-0.45, 0.45], n)
            ys = np.repeat(limits, 2)
            self.limit_ticks.setData(xs, ys)
        else:
            self.limit_ticks.setData([], [])
        self._set_ticks()
        self._plot.setXRange(-0.6, max(n, 1) - 0.4, padding=0)
        top = max(float(loads.max()) if n else 0.0, float(limits.max()) if n else 0.0)
        self._plot.setYRange(0, top * 1.08 if top > 0 else 1, padding=0)
        self.set_selection(self.doc.selection)

    def set_selection(self, selection: tuple[tuple[str, str], ...]) -> None:
        if not self.plot_built():
            return  # drawn with the bars
        import numpy as np

        chosen = set(selection or ())
        want = [i for i, rid in enumerate(self.rack_ids) if ("rack", rid) in chosen]
        self.sel.setOpts(x=np.array(want, dtype=float), height=np.array([self.heights[i] for i in want], dtype=float),
                         width=0.8)

    def bar_count(self) -> int:
        """Bars drawn in the plot (made now if it is not yet)."""
        self.build_plot()
        return len(self.bars.opts["height"])

    def _clicked(self, ev: Any) -> None:  # pyqtgraph's MouseClickEvent (pyqtgraph has no types)
        vb = self._plot.getPlotItem().getViewBox()
        p = vb.mapSceneToView(ev.scenePos())
        i = int(round(p.x()))
        if 0 <= i < len(self.rack_ids) and abs(p.x() - i) <= 0.45 and p.y() >= 0:
            self.doc.select([("rack", self.rack_ids[i])])


class _WorkloadMargins(PlotHost):
    """Horizontal bars, one per workload target: the achieved figure as a percentage of
    its target (the tightest of the workload's targets), the target at 100 % drawn as a
    line. Colour: the workload's verdict level (met, met within the model's uncertainty,
    not met). Each bar is labelled with its percentage and bottleneck."""

    TITLES = (QT_TRANSLATE_NOOP("Charts", "Workloads: achieved vs target (100 %)"),
              QT_TRANSLATE_NOOP("Charts", "Achieved vs target (100 %)"), QT_TRANSLATE_NOOP("Charts", "Workloads"))

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.titles = tuple(tr_table("Charts", self.TITLES))  # longest first
        self.title = self.titles[0]
        self.empty = QLabel(self.tr("No workload targets in this plan (add one in the Workloads panel to see margins)"), self)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        style.mute(self.empty)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.plot_area, 1)
        lay.addWidget(self.empty)
        self.ids: list[str] = []
        self.names: list[str] = []
        self.percents: list[float] = []
        self.levels: list[str] = []
        self.bottlenecks: list[str] = []
        self.labels: list[Any] = []  # pyqtgraph TextItems, one a bar
        self.colors = style.LIGHT_CHART

    def _setup_plot(self, pg: ModuleType, plot: Any) -> None:
        import numpy as np

        plot.setMouseEnabled(x=False, y=False)
        plot.showGrid(x=True, y=False, alpha=0.25)
        plot.setLabel("bottom", self.tr("achieved / target (%)"))
        plot.setTitle(self.title, size="10pt")
        plot.hideButtons()
        self.bars = pg.BarGraphItem(x0=np.zeros(0), y=np.zeros(0), height=0.6, width=np.zeros(0))
        plot.addItem(self.bars)
        self.target = pg.InfiniteLine(pos=100, angle=90, pen=pg.mkPen("#1f2328", width=1.5,
                                                                      style=Qt.PenStyle.DashLine))
        plot.addItem(self.target)
        self._style()
        self.title = fit_title(plot, self.colors, self.titles, self.width())
        self._draw_bars()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self.plot_built():
            self.title = fit_title(self._plot, self.colors, self.titles, self.width())

    def set_colors(self, colors: style.ChartColors) -> None:
        self.colors = colors
        if self.plot_built():
            self._style()

    def _style(self) -> None:
        style_plot(self._plot, self.colors, self.title)
        self.target.setPen(pyqtgraph().mkPen(self.colors.reference, width=1.5, style=Qt.PenStyle.DashLine))
        for t in self.labels:
            t.setColor(self.colors.foreground)

    def set_results(self, results: Results | None, plan: Plan | None = None) -> None:
        rows = workload_margins(results, plan)
        self.ids = [r[0] for r in rows]
        self.names = [r[1] for r in rows]
        self.levels = [r[4] for r in rows]
        self.bottlenecks = [r[3] for r in rows]
        self.percents = [max(0.0, (1.0 + r[2]) * 100.0) for r in rows]
        self.empty.setVisible(not rows)
        self.set_plot_visible(bool(rows))
        if self.plot_built():
            self._draw_bars()

    def _draw_bars(self) -> None:
        """The kept figures into the plot."""
        import numpy as np

        pg, plot = pyqtgraph(), self._plot
        n = len(self.ids)
        pct = np.array(self.percents, dtype=float)
        y = np.arange(n, dtype=float)[::-1]  # first workload at the top
        brushes = [pg.mkBrush(style.level_color(lvl)) for lvl in self.levels]
        # each bar sits in the lower part of its slot; the workload's name is written above it
        # (inside the plot, so a narrow dock never squeezes the bars out for an axis of names)
        self.bars.setOpts(x0=np.zeros(n), y=y - 0.12, width=pct, height=0.42, brushes=brushes,
                          pen=pg.mkPen(self.colors.bar_edge, width=0.5))
        for t in self.labels:
            plot.removeItem(t)
        self.labels = []
        font = QFont()
        font.setPointSize(8)
        for yi, p, name, bottleneck in zip(y, self.percents, self.names, self.bottlenecks):
            bn = BOTTLENECK_TEXT.get(bottleneck, bottleneck)
            name = name if len(name) <= 70 else name[:68] + "…"
            t = pg.TextItem(f"{name}  —  {fnum(p, ',.0f')} %" + (f", {bn}" if bn else ""), color=self.colors.foreground,
                            anchor=(0, 1))
            t.setFont(font)
            t.setPos(0.0, float(yi) + 0.11)
            plot.addItem(t)
            self.labels.append(t)
        plot.getAxis("left").setTicks([[], []])
        plot.getAxis("left").setWidth(8)
        if n:
            hi = max(float(pct.max()), 100.0)
            plot.setXRange(0, hi * 1.08, padding=0)
            plot.setYRange(-0.45, n - 0.45, padding=0)


class ChartsPanel(QWidget):
    """``ChartsPanel(doc)``: tabs Power / Cooling / Workloads, following
    ``doc.resultsChanged`` (slot ``on_results``) and ``doc.selectionChanged``."""

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.power = _RackBars(doc, (QT_TRANSLATE_NOOP("Charts", "Rack power (bars) vs. limit (ticks)"),
                                     QT_TRANSLATE_NOOP("Charts", "Rack power vs. limit"), QT_TRANSLATE_NOOP("Charts", "Power")),
                               "kW", power_gauge, self)
        self.cooling = _RackBars(doc, (QT_TRANSLATE_NOOP("Charts", "Rack heat (bars) vs. cooling (ticks)"),
                                       QT_TRANSLATE_NOOP("Charts", "Rack heat vs. cooling"), QT_TRANSLATE_NOOP("Charts", "Heat")),
                                 "kW", cooling_gauge, self)
        self.workloads = _WorkloadMargins(self)
        self.tabs.addTab(self.power, self.tr("Power"))
        self.tabs.addTab(self.cooling, self.tr("Cooling"))
        self.tabs.addTab(self.workloads, self.tr("Workloads"))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tabs)
        # the charts of the tabs not in view are drawn when their tab is chosen: each update
        # redrew all three (two bars a rack: 1,184 at 16,384 GPUs) though one is seen
        self._stale: set[QWidget] = set()
        self._results: Results | None = None
        self.tabs.currentChanged.connect(self._show_tab)
        doc.resultsChanged.connect(self.on_results)
        doc.phaseViewChanged.connect(self._phase_view_changed)
        doc.selectionChanged.connect(self.on_selection)
        doc.changed.connect(self._on_changed)
        self.colors: style.ChartColors | None = None
        self.follow_palette()
        self.on_results(doc.results)

    def follow_palette(self) -> None:
        """Chart colours for the current theme (again on every palette change)."""
        colors = style.chart_colors(self.palette())
        if colors == self.colors:
            return
        self.colors = colors
        if pyqtgraph_loaded():  # the plots made from now on (all of them take the colours below)
            pyqtgraph().setConfigOptions(background=colors.background, foreground=colors.foreground)
        for chart in (self.power, self.cooling, self.workloads):
            chart.set_colors(colors)
        self.on_results(self.doc.results)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.follow_palette()

    def _on_changed(self, change: Change) -> None:
        # a renamed workload or a changed target shows before the engine's next results
        if change.workloads and self.doc.results is not None:
            self._results = self.doc.results
            if self.isVisible() and self.tabs.currentWidget() is self.workloads:
                self._draw(self.workloads)
            else:
                self._stale.add(self.workloads)

    def _phase_view_changed(self, _phase: object) -> None:
        self.on_results(self.doc.results)  # the rack bars are those of the phase shown

    def on_results(self, results: Results | None) -> None:
        self._results = results
        # a panel not on screen (its dock behind the Findings tab, as at 1366x768) draws
        # nothing until it is shown
        shown = self.tabs.currentWidget() if self.isVisible() else None
        for chart in (self.power, self.cooling, self.workloads):
            if chart is shown:
                self._draw(chart)
            else:
                self._stale.add(chart)

    def _draw(self, chart: QWidget) -> None:
        self._stale.discard(chart)
        if chart is self.workloads:
            self.workloads.set_results(self._results, self.doc.plan)
        elif isinstance(chart, _RackBars):
            chart.set_results(self._results)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self._show_tab(self.tabs.currentIndex())

    def _show_tab(self, _index: int) -> None:
        chart = self.tabs.currentWidget()
        if chart in self._stale:
            self._draw(chart)

    def on_selection(self, selection: tuple[tuple[str, str], ...]) -> None:
        self.power.set_selection(selection)
        self.cooling.set_selection(selection)


__all__ = ["ChartsPanel", "cooling_gauge", "power_gauge", "workload_margins"]
