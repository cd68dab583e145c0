"""Rent or own chart (pyqtgraph): the cumulative cost of owning the build and of renting
its GPUs over the years of use, with the break-even month marked. Every point is the
engine's (``Results.totals.rent_vs_own.cumulative``); nothing is computed here. The plot
is made when the chart is first on screen (:mod:`ui.panels.plothost`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from planner.engine import Results
from ui import style
from ui.panels.plothost import PlotHost, set_axis_label
from ui.units import fnum

if TYPE_CHECKING:
    from types import ModuleType

OWN_COLOR = "#2f6db5"
RENT_COLOR = "#d9822b"


class RentOwnChart(PlotHost):
    """``set_results(results)``; ``own`` and ``rent`` are the plotted curves, ``break_even``
    the vertical marker (hidden when the lines do not cross within the chart); reading
    them makes the plot if it is not yet."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # short texts: in the Totals dock (~270 px on a 1366-px laptop) the long title, the
        # break-even words and "cumulative cost (M USD)" up the axis were cut off; the entry
        # above the chart already says "Rent or own"
        self.title = self.tr("Cumulative cost")
        self.scale = 1.0  # money shown in units of this (1e3: k, 1e6: M), a display unit only
        self.prefix = ""  # the scale's word before the currency on the money axis
        self.empty = QLabel(self.tr("No GPUs in this plan: nothing to rent."), self)
        self.empty.setObjectName("rentOwnEmpty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        style.mute(self.empty)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.plot_area, 1)
        lay.addWidget(self.empty)
        self.colors = style.LIGHT_CHART
        self._drawn: tuple[object, ...] | None = None  # what the curves show: (figures, colours, language)
        self._rvo: Any = None  # the engine's rent-vs-own figures shown (None: none)
        self._curves: tuple[list[float], list[float] | None, float] = ([], None, 1.0)  # own, rent, top
        self.months = 0
        self.set_plot_visible(False)  # until there are figures
        self.empty.setVisible(True)

    def _setup_plot(self, pg: ModuleType, plot: Any) -> None:
        plot.setObjectName("rentOwnPlot")
        plot.setMouseEnabled(x=False, y=False)
        plot.hideButtons()
        plot.showGrid(x=False, y=True, alpha=0.25)
        plot.setLabel("bottom", self.tr("months"))
        plot.setTitle(self.title, size="10pt")
        self.legend = plot.addLegend(offset=(10, 10))
        self._own = plot.plot([], [], pen=pg.mkPen(OWN_COLOR, width=2.5), name=self.tr("Own"))
        self._rent = plot.plot([], [], pen=pg.mkPen(RENT_COLOR, width=2.5), name=self.tr("Rent"))
        self._break_even = pg.InfiniteLine(angle=90, pen=pg.mkPen("#5b6570", width=1.2, style=Qt.PenStyle.DashLine))
        plot.addItem(self._break_even)
        self._break_even.hide()
        self._break_even_label = pg.TextItem("", color="#1f2328", anchor=(0, 0))
        plot.addItem(self._break_even_label)
        self._break_even_label.hide()
        plot.getViewBox().sigResized.connect(lambda _vb: self._place_break_even())
        self._style()
        self._draw_curves()

    # the plot's items, for tests and the i18n walk
    @property
    def own(self) -> Any:
        self.build_plot()
        return self._own

    @property
    def rent(self) -> Any:
        self.build_plot()
        return self._rent

    @property
    def break_even(self) -> Any:
        self.build_plot()
        return self._break_even

    @property
    def break_even_label(self) -> Any:
        self.build_plot()
        return self._break_even_label

    def _place_break_even(self) -> None:
        """The break-even words on the wider side of the line, wrapped to the room there (in
        a narrow dock "Amortisation nach 18,2 Monaten" ran off the chart's right edge)."""
        if not self.months or not self.plot_built():
            return
        x = self._break_even.value()
        frac = min(max(float(x) / self.months, 0.0), 1.0)
        right = frac < 0.5
        self._break_even_label.setAnchor((0, 0) if right else (1, 0))
        plot_w = self._plot.getViewBox().width() or self._plot.width()
        room = max(plot_w * ((1 - frac) if right else frac) - 10, 40.0)
        item = self._break_even_label.textItem
        item.setTextWidth(-1)
        if item.boundingRect().width() > room:
            item.setTextWidth(room)
        self._break_even_label.updateTextPos()

    def set_colors(self, colors: style.ChartColors) -> None:
        self.colors = colors
        if self.plot_built():
            self._style()

    def _style(self) -> None:
        from ui.panels.charts import style_plot

        style_plot(self._plot, self.colors, self.title)
        self._break_even_label.setColor(self.colors.foreground)
        self.legend.setLabelTextColor(self.colors.foreground)
        # pyqtgraph's setLabelTextColor only stores the colour for the labels' next text: the
        # legend's "Own" and "Rent" stayed in the default dark grey, unreadable on the dark theme
        for _sample, label in self.legend.items:
            label.setText(label.text, color=self.colors.foreground)

    def set_results(self, results: Results | None) -> None:
        rvo = results.totals.rent_vs_own if results is not None else None
        # the same figures as drawn (a rename, a move: the engine's result is equal, frozen):
        # nothing to redraw (the curves, axes and labels cost ~1.5 ms an edit at 16,384 GPUs)
        drawn = (rvo, self.colors, self.tr("break-even {months} months"))
        if rvo is not None and drawn == self._drawn:
            return
        self._drawn = drawn if rvo is not None else None
        self._rvo = rvo
        if rvo is None:
            self.months = 0
            self.set_plot_visible(False)
            self.empty.setVisible(True)
        else:
            self.months = months = rvo.horizon_months()
            own, rent = rvo.cumulative(months)
            top = max([*own, *(rent or [])]) or 1.0
            self._curves = (own, rent, top)
            # the scale's word: "M" is "Mio." to a German reader, "bn" "Mrd."
            self.scale, self.prefix = (1e9, self.tr("bn") + " ") if top >= 1e9 else \
                (1e6, self.tr("M") + " ") if top >= 1e6 else (1e3, self.tr("k") + " ") if top >= 1e4 else (1.0, "")
            f = rvo.figures
            if f is not None and f.break_even_months is not None and f.break_even_months <= months:
                self.setToolTip("" if rvo.capex_complete else self.tr(
                    "\u26a0 capex incomplete: owning is understated and the break-even too early"))
            if rent is None:
                self.empty.setText(self.tr("Renting is not costed: {reason}").replace("{reason}", rvo.reason))
            self.set_plot_visible(True)
            self.empty.setVisible(rent is None)
        if self.plot_built():
            self._draw_curves()

    def _draw_curves(self) -> None:
        """The engine's figures kept by :meth:`set_results` into the plot."""
        import numpy as np

        rvo = self._rvo
        if rvo is None:
            self._own.setData([], [])
            self._rent.setData([], [])
            self._break_even.hide()
            self._break_even_label.hide()
            return
        months = self.months
        own, rent, top = self._curves
        x = np.arange(months + 1, dtype=float)
        self._own.setData(x, np.array(own, dtype=float) / self.scale)
        if rent is not None:
            self._rent.setData(x, np.array(rent, dtype=float) / self.scale)
        else:
            self._rent.setData([], [])
        set_axis_label(self._plot, "left", self.prefix + rvo.currency)
        f = rvo.figures
        if f is not None and f.break_even_months is not None and f.break_even_months <= months:
            self._break_even.setValue(f.break_even_months)
            months_text = f"{fnum(f.break_even_months, ',.1f')}"
            # from an incomplete capex: the mark on the chart (its words would cover the legend), the
            # words in the chart's tooltip and in the Totals line above it
            self._break_even_label.setText(
                self.tr("break-even {months} months").replace("{months}", months_text) if rvo.capex_complete
                else self.tr("break-even {months} months \u26a0").replace("{months}", months_text))
            self._break_even_label.setPos(f.break_even_months, top * 1.04 / self.scale)
            self._place_break_even()
            self._break_even.show()
            self._break_even_label.show()
        else:
            self._break_even.hide()
            self._break_even_label.hide()
        self._plot.setXRange(0, months, padding=0.02)
        self._plot.setYRange(0, top * 1.06 / self.scale, padding=0)


__all__ = ["RentOwnChart"]
