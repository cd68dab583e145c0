"""A chart whose pyqtgraph plot is made when the chart is first on screen (issue 30: start
to first window <= 1.5 s). pyqtgraph and numpy take ~0.4 s of CPU to import and every
plot more to build, yet the window's first frame shows at most the Totals' rent chart and
the Charts dock's first tab, with no results yet. Until then an empty :class:`PlotSlot`
holds the plot's place in the layout; its first paint (the chart is on screen and the
window is drawing) asks for the plot from the event loop, so the first frame comes first.
Anything that needs the plot sooner (a test reading it, the i18n walk) gets it built on
the spot through :attr:`PlotHost.plot`.

A chart keeps what it shows as plain state (figures from the engine, lists) and draws it
into the plot when the plot exists: on building it and on every update after."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

if TYPE_CHECKING:
    from types import ModuleType

_configured = False


def pyqtgraph() -> ModuleType:
    """The pyqtgraph module, imported (and its defaults set) on first use."""
    global _configured
    import pyqtgraph as pg

    if not _configured:
        _configured = True
        pg.setConfigOptions(antialias=True, background="w", foreground="#1f2328")
    return pg


def pyqtgraph_loaded() -> bool:
    return _configured


def set_axis_label(plot: Any, side: str, text: str) -> None:
    """An axis's label, centred along the axis: pyqtgraph places the label only when the axis
    is resized, so a label changed later (the scaling chart's metric, the money axis's
    scale) sat where the old text's centre had put it."""
    plot.setLabel(side, text)
    plot.getAxis(side).resizeEvent()


class PlotSlot(QWidget):
    """Stands in the layout where the plot will be, asking for the room a pyqtgraph
    PlotWidget asks for (so the docks lay out alike before and after); on its first paint
    it asks for the plot."""

    def __init__(self, host: PlotHost) -> None:
        super().__init__(host)
        self._host = host
        self._asked = False
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(100, 30)  # a PlotWidget made in a parent widget asks for its first size

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(68, 68)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        super().paintEvent(event)
        if not self._asked:
            self._asked = True
            QTimer.singleShot(0, self._host, self._host.build_plot)  # after this frame; not if the chart is gone


class PlotHost(QWidget):
    """Base of the charts: ``plot_area`` is the widget to put in the layout (the slot, then
    the plot); :meth:`set_plot_visible` shows or hides whichever it is; :meth:`_setup_plot`
    (the subclass) makes the plot's items and draws the chart's state into them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._plot: Any = None  # pyqtgraph's PlotWidget (pyqtgraph has no types)
        self.plot_area: QWidget = PlotSlot(self)

    @property
    def plot(self) -> Any:
        """The chart's pyqtgraph PlotWidget, made now if it is not yet."""
        return self.build_plot()

    def plot_built(self) -> bool:
        return self._plot is not None

    def set_plot_visible(self, on: bool) -> None:
        self.plot_area.setVisible(on)

    def build_plot(self) -> Any:
        if self._plot is not None:
            return self._plot
        pg = pyqtgraph()
        slot = self.plot_area
        plot = pg.PlotWidget(self, enableMenu=False)  # no context menu: its ViewBox menu is never built
        plot.setSizePolicy(slot.sizePolicy())
        plot.setMinimumSize(slot.minimumSize())
        plot.setMaximumSize(slot.maximumSize())
        plot.setGeometry(slot.geometry())
        plot.setVisible(not slot.isHidden())
        lay = self.layout()
        if lay is not None:
            lay.replaceWidget(slot, plot)
            lay.activate()  # the plot's size now: what is drawn next (ticks, titles) fits it
        slot.hide()
        slot.deleteLater()
        self._plot = self.plot_area = plot
        self._setup_plot(pg, plot)
        return plot

    def _setup_plot(self, pg: ModuleType, plot: Any) -> None:
        raise NotImplementedError


__all__ = ["PlotHost", "PlotSlot", "pyqtgraph", "pyqtgraph_loaded", "set_axis_label"]
