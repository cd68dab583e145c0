"""The main window's docks: which panel sits where, the default arrangement, and the
narrow-window rule that moves Charts into the Findings tab group.

Dock object names (stable; the layout is saved with them): ``catalogDock``,
``inspectorDock``, ``floorDock``, ``totalsDock``, ``findingsDock``, ``chartsDock``,
``workloadsDock``, ``fabricDock``, ``cablesDock``. The panels are imported here directly:
a panel that fails to import or to start is a bug the tests see, not a dock that quietly
goes missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import shiboken6
from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QObject, QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QTabWidget, QWidget

from ui.i18n import QT_TRANSLATE_NOOP
from ui.panels.cables import CableList
from ui.panels.catalog import CatalogPanel
from ui.panels.charts import ChartsPanel
from ui.panels.findings import FindingsPanel
from ui.panels.inspector import Inspector
from ui.panels.totals import TotalsPanel
from ui.panels.workloads import WorkloadsPanel
from ui.scenes.fabric import FabricView
from ui.scenes.floor import FloorView

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtCore import QSettings

    from ui.document import Document

W = TypeVar("W", bound=QWidget)
A = Qt.DockWidgetArea
# (dock object name, title, panel class, area) in the order the docks are added (the View
# menu lists them so); the panel is made as ``cls(doc)``
DOCKS: list[tuple[str, str, Callable[[Document], QWidget], Qt.DockWidgetArea]] = [
    ("catalogDock", QT_TRANSLATE_NOOP("MainWindow", "Catalog"), CatalogPanel, A.LeftDockWidgetArea),
    ("floorDock", QT_TRANSLATE_NOOP("MainWindow", "Floor plan"), FloorView, A.RightDockWidgetArea),
    ("totalsDock", QT_TRANSLATE_NOOP("MainWindow", "Totals"), TotalsPanel, A.LeftDockWidgetArea),
    ("findingsDock", QT_TRANSLATE_NOOP("MainWindow", "Findings"), FindingsPanel, A.BottomDockWidgetArea),
    ("chartsDock", QT_TRANSLATE_NOOP("MainWindow", "Charts"), ChartsPanel, A.BottomDockWidgetArea),
    ("workloadsDock", QT_TRANSLATE_NOOP("MainWindow", "Workloads"), WorkloadsPanel, A.RightDockWidgetArea),
    ("inspectorDock", QT_TRANSLATE_NOOP("MainWindow", "Inspector"), Inspector, A.RightDockWidgetArea),
    ("fabricDock", QT_TRANSLATE_NOOP("MainWindow", "Fabric"), FabricView, A.BottomDockWidgetArea),
    ("cablesDock", QT_TRANSLATE_NOOP("MainWindow", "Cables"), CableList, A.BottomDockWidgetArea),
]
# tab groups of the default layout: anchor dock -> the docks tabbed behind it
TAB_GROUPS = [("findingsDock", ("fabricDock", "cablesDock")), ("inspectorDock", ("workloadsDock",))]
STATE_VERSION = 1
# Below this window width (a 1366, 1440 or 1600 px laptop) the bottom dock area is too narrow to
# split between Findings and Charts (Charts was left ~120 px wide, its tabs and titles cut
# off): Charts joins the Findings | Fabric | Cables tab group instead, and leaves it again
# when the window is widened past the width.
NARROW_WINDOW_W = 1700
# First start (no remembered geometry): this share of the screen's available area, centred,
# from a 1366x768 laptop to a 4K monitor (available geometry is in device-independent pixels,
# so a high-DPI screen at 200 % counts as half its pixels). Never below MIN_WINDOW unless the
# screen itself is smaller.
FIRST_START_SHARE = 0.9
MIN_WINDOW = QSize(1024, 640)


def first_start_geometry(available: QRect) -> QRect:
    """The window's rectangle on a screen whose available area is ``available``."""
    w = min(available.width(), max(MIN_WINDOW.width(), round(available.width() * FIRST_START_SHARE)))
    h = min(available.height(), max(MIN_WINDOW.height(), round(available.height() * FIRST_START_SHARE)))
    rect = QRect(0, 0, w, h)
    rect.moveCenter(available.center())
    return rect


def make_docks(win: QMainWindow, doc: Document) -> tuple[dict[str, QDockWidget], dict[str, QWidget]]:
    """Every panel of :data:`DOCKS` in its dock on ``win``, arranged as the default layout
    (Charts beside Findings, the tab groups last). Returns (docks, panels) by dock name."""
    docks: dict[str, QDockWidget] = {}
    panels: dict[str, QWidget] = {}
    features = (QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                | QDockWidget.DockWidgetFeature.DockWidgetClosable)
    for name, title, cls, area in DOCKS:
        if name == "fabricDock":  # the bottom pair is split before the fabric docks join the area
            win.splitDockWidget(docks["findingsDock"], docks["chartsDock"], Qt.Orientation.Horizontal)
        panel = cls(doc)
        dock = QDockWidget(QCoreApplication.translate("MainWindow", title), win)
        dock.setObjectName(name)
        dock.setWidget(panel)
        dock.setFeatures(features)
        win.addDockWidget(area, dock)
        docks[name], panels[name] = dock, panel
    docks["cablesDock"].visibilityChanged.connect(panel_of(panels, "cablesDock", CableList).set_shown)
    TabsFloor(win, docks["chartsDock"], docks["findingsDock"])  # kept alive as the dock's child
    win.resizeDocks([docks["catalogDock"], docks["inspectorDock"]], [440, 420], Qt.Orientation.Horizontal)
    win.resizeDocks([docks["floorDock"], docks["inspectorDock"]], [380, 600], Qt.Orientation.Vertical)
    # Tab groups last: when the frame around a tab group changes after it formed (a resize of
    # its area, the status bar arriving), Qt 6.11 lays out a new tab bar and leaves the old
    # one visible over whatever dock is there now.
    for anchor_name, names in TAB_GROUPS:
        anchor = docks[anchor_name]
        for name in names:
            win.tabifyDockWidget(anchor, docks[name])
        anchor.raise_()
    return docks, panels


class TabsFloor(QObject):
    """Charts beside Findings is kept at least as wide as its tabs need, in the language
    shown: the window's width, a saved layout or the separator made it narrower, and German's
    "Arbeitslasten" read "Arbeitsla..." (issue 31, seen on X). Not a minimum width (that
    would hold a window being narrowed at its wide layout's width): the separator is moved
    back after the dock became too narrow, when Findings has the room to give."""

    def __init__(self, win: QMainWindow, charts: QDockWidget, findings: QDockWidget) -> None:
        super().__init__(charts)
        self.win, self.charts, self.findings = win, charts, findings
        self.tabs = charts.widget().findChild(QTabWidget) if charts.widget() is not None else None
        self._pending = False
        charts.installEventFilter(self)
        if charts.widget() is not None:
            charts.widget().installEventFilter(self)

    def need(self) -> int:
        if self.tabs is None:
            return 0
        bar = self.tabs.tabBar()
        return sum(bar.tabSizeHint(i).width() for i in range(bar.count())) + 4

    def fit(self) -> None:
        self._pending = False
        charts, findings, win = self.charts, self.findings, self.win
        if not shiboken6.isValid(charts) or not shiboken6.isValid(findings):
            return
        need = self.need()
        if (charts.width() >= need or charts.isFloating() or findings.isFloating() or not charts.isVisible()
                or charts in win.tabifiedDockWidgets(findings)
                or win.dockWidgetArea(charts) != win.dockWidgetArea(findings)
                or abs(charts.y() - findings.y()) > 4):  # side by side, not one above the other
            return
        total = findings.width() + charts.width()
        if total - need < findings.minimumSizeHint().width():
            return  # no room: the tabs stay cut rather than Findings
        win.resizeDocks([findings, charts], [total - need, need], Qt.Orientation.Horizontal)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LanguageChange, QEvent.Type.FontChange,
                            QEvent.Type.Show) and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.fit)  # after the layout (and the panel's new texts) settled
        return False


def panel_of(panels: dict[str, QWidget], name: str, cls: type[W]) -> W:
    """The panel of dock ``name``, as the class :data:`DOCKS` makes it."""
    panel = panels[name]
    if not isinstance(panel, cls):
        raise TypeError(f"{name} holds a {type(panel).__name__}, not a {cls.__name__}")
    return panel


def raise_dock(dock: QDockWidget) -> None:
    dock.show()
    dock.raise_()


def _size(value: object) -> QSize | None:
    """'1366x768' from the settings, or None."""
    if not isinstance(value, str) or "x" not in value:
        return None
    w, _, h = value.partition("x")
    return QSize(int(w), int(h)) if w.isdigit() and h.isdigit() else None


class DockArrangement:
    """The window's layout over time: remembered and restored (with the window geometry),
    reset to the default, and Charts moved in and out of the Findings tab group as the
    window crosses :data:`NARROW_WINDOW_W`."""

    def __init__(self, win: QMainWindow, docks: dict[str, QDockWidget], store: QSettings) -> None:
        self.win = win
        self.docks = docks
        self.store = store
        self.default_state = win.saveState(STATE_VERSION)
        self.narrow = False  # the default layout is the wide one
        self.charts_tabbed = False  # True while Charts sits in the Findings group because of the width

    # -- remembered layout -----------------------------------------------------------------
    def restore(self) -> bool:
        """The remembered geometry and dock layout; True when a geometry was restored.

        A layout saved on another screen (a 1366x768 laptop, now on a 1920x1080 monitor or
        back) keeps its arrangement, but the window takes the first-start size of this
        screen and the docks grow or shrink with it: restored as saved it came back
        cramped in a corner of the big screen (issue 31)."""
        win, store = self.win, self.store
        geo = store.value("window/geometry")
        state = store.value("window/state")
        saved_screen, saved_size = _size(store.value("window/screen")), _size(store.value("window/size"))
        screen = win.screen()
        here = screen.availableGeometry().size() if screen is not None else None
        moved = (saved_screen is not None and here is not None
                 and (abs(saved_screen.width() - here.width()) > 0.05 * here.width()
                      or abs(saved_screen.height() - here.height()) > 0.05 * here.height()))
        remembered = isinstance(geo, QByteArray | bytes) and not moved
        if remembered:
            win.restoreGeometry(QByteArray(geo))
        if moved and saved_size is not None and isinstance(state, QByteArray | bytes):
            QTimer.singleShot(0, self.win, lambda: self._scale_docks(saved_size))
        if isinstance(state, QByteArray | bytes) and win.restoreState(QByteArray(state), STATE_VERSION):
            # a remembered layout is taken as it is at the width it was saved at; Charts goes
            # back beside Findings on widening only if the width had put it in the group
            self.narrow = win.width() < NARROW_WINDOW_W
            self.charts_tabbed = (str(store.value("window/chartsTabbed", "false")).lower() == "true"
                                  and self.docks.get("chartsDock") in self.bottom_group())
        return remembered

    def _scale_docks(self, saved: QSize) -> None:
        """The docks' sizes in proportion to the window's, after a move to another screen."""
        win = self.win
        rx, ry = win.width() / max(1, saved.width()), win.height() / max(1, saved.height())
        sides = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
        docked = [d for d in self.docks.values() if d.isVisible() and not d.isFloating()]
        across = [d for d in docked if win.dockWidgetArea(d) in sides]
        down = [d for d in docked if win.dockWidgetArea(d) == Qt.DockWidgetArea.BottomDockWidgetArea]
        if across:
            win.resizeDocks(across, [round(d.width() * rx) for d in across], Qt.Orientation.Horizontal)
        if down:
            win.resizeDocks(down, [round(d.height() * ry) for d in down], Qt.Orientation.Vertical)

    def save(self) -> None:
        screen = self.win.screen()
        if screen is not None:
            avail = screen.availableGeometry()
            self.store.setValue("window/screen", f"{avail.width()}x{avail.height()}")
        self.store.setValue("window/size", f"{self.win.width()}x{self.win.height()}")
        self.store.setValue("window/geometry", self.win.saveGeometry())
        self.store.setValue("window/state", self.win.saveState(STATE_VERSION))
        self.store.setValue("window/chartsTabbed", self.charts_tabbed)

    def reset(self) -> None:
        self.win.restoreState(self.default_state, STATE_VERSION)
        for dock in self.docks.values():
            dock.show()
        self.narrow, self.charts_tabbed = False, False  # the default is the wide layout
        self.after_resize()

    # -- width ----------------------------------------------------------------------------
    def after_resize(self) -> None:
        self.adapt_to_width()
        self.hide_stale_tab_bars()

    def bottom_group(self) -> list[QDockWidget]:
        """The docks tabbed with Findings, Findings included (in tab order is not needed)."""
        findings = self.docks.get("findingsDock")
        if findings is None:
            return []
        return [findings, *self.win.tabifiedDockWidgets(findings)]

    def adapt_to_width(self) -> None:
        """Charts in the Findings tab group at narrow widths, beside it at wide ones. Acts only
        when the window crosses NARROW_WINDOW_W and only on the arrangement it made itself, so
        a layout the user arranged (or a remembered one) is left alone."""
        win = self.win
        charts, findings = self.docks.get("chartsDock"), self.docks.get("findingsDock")
        narrow = win.width() < NARROW_WINDOW_W
        if charts is None or findings is None or narrow == self.narrow:
            return
        self.narrow = narrow
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        docked = all(win.dockWidgetArea(d) == bottom and not d.isFloating() and d.toggleViewAction().isChecked()
                     for d in (charts, findings))
        if narrow and docked and charts not in self.bottom_group():
            raised = next((d for d in self.bottom_group() if not d.visibleRegion().isEmpty()), findings)
            win.tabifyDockWidget(findings, charts)
            raised.raise_()
            self.charts_tabbed = True
        elif not narrow and self.charts_tabbed:
            self.charts_tabbed = False
            if docked and charts in self.bottom_group():
                raised = next((d for d in self.bottom_group() if d is not charts
                               and not d.visibleRegion().isEmpty()), findings)
                win.removeDockWidget(charts)
                win.addDockWidget(bottom, charts, Qt.Orientation.Horizontal)
                charts.show()
                raised.raise_()
                QTimer.singleShot(0, self.win, self.share_bottom)

    def share_bottom(self) -> None:
        """Findings two thirds of the bottom area, Charts a third (as the default layout)."""
        findings, charts = self.docks["findingsDock"], self.docks["chartsDock"]
        total = findings.width() + charts.width()
        if charts not in self.bottom_group() and total > 0:
            self.win.resizeDocks([findings, charts], [total * 2 // 3, total - total * 2 // 3],
                                 Qt.Orientation.Horizontal)

    def hide_stale_tab_bars(self) -> None:
        """Qt 6.11 sometimes keeps a second tab bar for a dock tab group at an old place
        and shows it over another dock. The live bar sits right under its group's current
        dock; hide any bar of the window that does not."""
        titles = {d.windowTitle(): d for d in self.docks.values()}
        for bar in self.win.findChildren(QTabBar):
            if bar.parent() is not self.win or not bar.isVisible() or bar.count() == 0:
                continue
            dock = titles.get(bar.tabText(bar.currentIndex()))
            if dock is None or not dock.isVisible():
                continue
            g, b = dock.geometry(), bar.geometry()
            below = abs(b.top() - g.bottom()) <= 8 or abs(g.top() - b.bottom()) <= 8
            # the live bar starts where its dock does: a stale one 38 px to the left, still
            # overlapping the dock, was taken for live and showed "Insp" beside it (issue 32)
            if not (below and abs(b.left() - g.left()) <= 8):
                bar.hide()

    # -- screen ---------------------------------------------------------------------------
    def keep_on_screen(self) -> None:
        """After a first-start fit: the docks may need more than 90 % of a laptop screen
        (their minimum widths), so the window came out wider than asked; keep it centred on
        the screen and inside it rather than hanging over the right edge."""
        win = self.win
        screen = win.screen()
        if screen is None:
            return
        # the narrow arrangement first (Charts tabbed with Findings): with the charts beside the
        # findings the German docks need more than a 1366-pixel screen, and the window stayed wider
        self.adapt_to_width()
        lay = win.layout()
        if lay is not None:  # a QMainWindow always has its own layout
            lay.activate()  # the minimum size of the new arrangement, before sizing to it
        avail = screen.availableGeometry()
        frame, geo = win.frameGeometry(), win.geometry()
        if avail.contains(frame):
            return
        # the window frame (title bar, borders) counts: the whole window fits the screen
        fw, fh = frame.width() - geo.width(), frame.height() - geo.height()
        w, h = min(geo.width(), avail.width() - fw), min(geo.height(), avail.height() - fh)
        rect = QRect(0, 0, w + fw, h + fh)
        rect.moveCenter(avail.center())
        rect.moveLeft(max(avail.left(), rect.left()))
        rect.moveTop(max(avail.top(), rect.top()))
        win.resize(w, h)
        win.move(rect.topLeft())  # move() places the frame
