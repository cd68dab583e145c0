"""Main window: assembles panels, docks and actions. No logic of its own: actions call
the file and edit controllers, panels talk to the Document.

Dock object names (stable; the layout is saved with them): ``catalogDock``,
``inspectorDock``, ``floorDock``, ``totalsDock``, ``findingsDock``, ``chartsDock``,
``workloadsDock``.
The rack elevations are the central widget.
"""

from __future__ import annotations

import importlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QByteArray, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMenuBar,
    QTabBar,
    QWidget,
)

from ui import dialogs
from ui import units as uunits
from ui.document import Document, make_engine
from ui.exports.export import BuildPlanExporter
from ui.exports.export_netbox import NetboxExporter
from ui.exports.export_tables import TablesExporter
from ui.exports.netbox_push import NetboxPusher
from ui.i18n import QT_TRANSLATE_NOOP
from ui.panels.catalog import CatalogPanel
from ui.panels.inspector import Inspector
from ui.scenes.rack import RackView
from ui.settings import AppSettings, SettingsDialog, apply_theme
from ui.shell.controllers import EditController, FileController
from ui.shell.recovery import RecoveryController

if TYPE_CHECKING:
    from collections.abc import Callable

    from planner.catalog import Catalog
    from planner.fabric.autowire_base import AutowireResult
    from planner.files.storage import RecoveryStore
    from ui.design.templates import NewFromTemplateDialog
    from ui.design.wizard import SizingWizard
    from ui.dialogs.cooling_loops import CoolingLoopsDialog
    from ui.dialogs.plan_settings import PlanSettingsDialog
    from ui.dialogs.power import PowerDialog
    from ui.dialogs.rename import RenameDialog
    from ui.dialogs.wiring import AutowireDialog
    from ui.shell.help import HelpWindow

log = logging.getLogger(__name__)

# (module, class, dock object name, title, area) for the panels written alongside this window
OPTIONAL_PANELS = [
    ("ui.scenes.floor", "FloorView", "floorDock", QT_TRANSLATE_NOOP("MainWindow", "Floor plan"), Qt.DockWidgetArea.RightDockWidgetArea),
    ("ui.panels.totals", "TotalsPanel", "totalsDock", QT_TRANSLATE_NOOP("MainWindow", "Totals"), Qt.DockWidgetArea.LeftDockWidgetArea),
    ("ui.panels.findings", "FindingsPanel", "findingsDock", QT_TRANSLATE_NOOP("MainWindow", "Findings"), Qt.DockWidgetArea.BottomDockWidgetArea),
    ("ui.panels.charts", "ChartsPanel", "chartsDock", QT_TRANSLATE_NOOP("MainWindow", "Charts"), Qt.DockWidgetArea.BottomDockWidgetArea),
    ("ui.panels.workloads", "WorkloadsPanel", "workloadsDock", QT_TRANSLATE_NOOP("MainWindow", "Workloads"), Qt.DockWidgetArea.RightDockWidgetArea),
]
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


def _load_panel(module: str, cls: str, doc: Document) -> QWidget | None:
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return None
    try:
        return getattr(mod, cls)(doc)
    except Exception:  # a broken optional panel must not keep the app from opening
        log.exception("panel %s.%s failed to start", module, cls)
        return None


def _insert(menu: QMenu, before: QAction | None, action: QAction | None) -> None:
    """``action`` (a separator for None) before ``before``, at the end for None (Qt's null action)."""
    if before is None:
        menu.addSeparator() if action is None else menu.addAction(action)
    elif action is None:
        menu.insertSeparator(before)
    else:
        menu.insertAction(before, action)


class MainWindow(QMainWindow):
    def __init__(self, doc: Document, settings: AppSettings | None = None,
                 recovery_store: RecoveryStore | None = None) -> None:
        super().__init__()
        self.doc = doc
        self.settings = settings or AppSettings()
        self.setObjectName("RackwrightMainWindow")
        self.cooling_dialog: CoolingLoopsDialog | None = None  # non-modal, one each: raised when asked again
        self.power_dialog: PowerDialog | None = None
        self._refusal_message = ""  # the refusal the status bar shows
        self._fitted = False  # sized by fit_to_screen, not a remembered geometry
        # Window size, menu bar and status bar exist before any dock is tabbed: when the
        # frame around the docks changes after a tab group formed, Qt 6.11 lays out a new
        # tab bar and leaves the old one visible over whatever dock is there now.
        self.fit_to_screen()
        self.menuBar()
        self.statusBar()
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks
                            | QMainWindow.DockOption.AllowNestedDocks)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)

        self.rack_view = RackView(doc, self)
        self.setCentralWidget(self.rack_view)
        self.catalog_panel = CatalogPanel(doc, self)
        self.inspector = Inspector(doc, self)
        self.docks: dict[str, QDockWidget] = {}
        self._dock("catalogDock", QT_TRANSLATE_NOOP("MainWindow", "Catalog"), self.catalog_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.panels: dict[str, QWidget] = {}
        for module, cls, name, title, area in OPTIONAL_PANELS:
            w = _load_panel(module, cls, doc)
            if w is not None:
                self.panels[name] = w
                self._dock(name, title, w, area)
        self._dock("inspectorDock", QT_TRANSLATE_NOOP("MainWindow", "Inspector"), self.inspector, Qt.DockWidgetArea.RightDockWidgetArea)
        if "chartsDock" in self.docks and "findingsDock" in self.docks:
            self.splitDockWidget(self.docks["findingsDock"], self.docks["chartsDock"], Qt.Orientation.Horizontal)
        self._add_fabric_docks()
        self.resizeDocks([self.docks["catalogDock"], self.docks["inspectorDock"]], [440, 420],
                         Qt.Orientation.Horizontal)
        if "floorDock" in self.docks:
            self.resizeDocks([self.docks["floorDock"], self.docks["inspectorDock"]], [380, 600],
                             Qt.Orientation.Vertical)
        # Tab groups last: when the frame around a tab group changes after it formed (a
        # resize of its area, the status bar arriving), Qt 6.11 lays out a new tab bar and
        # leaves the old one visible over whatever dock is there now.
        self._tabify_groups()
        if "workloadsDock" in self.docks:  # a workload finding brings its tab up
            doc.selectionChanged.connect(self._show_workloads_for)

        self.recovery = RecoveryController(doc, self, recovery_store)
        self.recovery.autosaveFailed.connect(self._autosave_failed)
        self._autosave_warned = False
        self.files = FileController(doc, self.settings, self, self.recovery)
        self.edits = EditController(doc, self, self.rack_view.current_row)
        self.exporter = BuildPlanExporter(doc, self, self.settings)
        self.table_exporter = TablesExporter(doc, self, self.settings)
        self.netbox_exporter = NetboxExporter(doc, self, self.settings)
        self.netbox_pusher = NetboxPusher(doc, self, self.settings)
        self._build_actions()
        self._add_plan_actions()
        self._add_design_actions()
        self._build_status()

        doc.undo_stack.cleanChanged.connect(self._update_title)
        doc.pathChanged.connect(lambda _p: self._update_title())
        doc.selectionChanged.connect(lambda _s: self._update_actions())
        self.files.recentChanged.connect(self._fill_recent)
        self.rack_view.view.propertiesRequested.connect(self.show_inspector)
        self._update_title()
        self._update_actions()
        self._fill_recent(self.settings.recent_files)
        self.fit_to_screen()
        self._default_state = self.saveState(STATE_VERSION)
        self._narrow = False  # the layout above is the wide one
        self._charts_tabbed = False  # True while Charts sits in the Findings group because of the width
        self.restore_layout()
        self._applied = self._applied_state()  # what apply_settings compares against

    def fit_to_screen(self) -> None:
        """Size and centre the window on the screen it opens on (a remembered geometry,
        restored afterwards by restore_layout, wins)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        avail = screen.availableGeometry() if screen is not None else None
        if avail is None or avail.width() < MIN_WINDOW.width() or avail.height() < MIN_WINDOW.height():
            # a screen smaller than the minimum window (a test's 800x800 offscreen screen): the
            # nominal size, which the window manager clamps
            self.resize(1600, 960)
            return
        self.setGeometry(first_start_geometry(avail))
        self._fitted = True  # showEvent keeps the window on the screen once its real size is known

    # -- assembly --------------------------------------------------------------------
    def _dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(self.tr(title), self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, dock)
        self.docks[name] = dock
        return dock

    def _undo_text(self, text: str) -> None:
        if not shiboken6.isValid(self.act_undo):  # the document outlives a closed window
            return
        self.act_undo.setText(self.tr("&Undo {action}").format(action=text) if text else self.tr("&Undo"))

    def _redo_text(self, text: str) -> None:
        if not shiboken6.isValid(self.act_redo):
            return
        self.act_redo.setText(self.tr("&Redo {action}").format(action=text) if text else self.tr("&Redo"))

    def _action(self, text: str, slot: Callable[[], object],
                shortcut: QKeySequence | QKeySequence.StandardKey | list[QKeySequence] | None = None,
                tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list):
                a.setShortcuts(shortcut)
            else:
                a.setShortcut(shortcut)
        if tip:
            a.setStatusTip(tip)
        a.triggered.connect(lambda _checked=False: slot())
        self.addAction(a)
        return a

    def _build_actions(self) -> None:
        SK = QKeySequence.StandardKey
        f, e, d = self.files, self.edits, self.doc
        self.act_new = self._action(self.tr("&New"), f.new, SK.New, self.tr("Start a new plan"))
        self.act_open = self._action(self.tr("&Open\u2026"), lambda: f.open(), SK.Open, self.tr("Open a plan"))
        self.act_new_netbox = self._action(self.tr("New from NetBox &Site\u2026"), f.new_from_netbox, None,
                                           self.tr("Start a plan from a NetBox site export (racks, devices)"))
        from ui.shell.repository import RepositoryController

        self.repository = RepositoryController(f, self)
        self.act_open_repo = self._action(self.tr("Open from Re&pository…"), self.repository.open_from_repository,
                                          None, self.tr("Open a plan from the team repository (PostgreSQL)"))
        self.act_save_repo = self._action(self.tr("Save to Reposi&tory…"), self.repository.save_to_repository,
                                          None, self.tr("Save the plan as the next revision in the team repository"))
        self.act_save = self._action(self.tr("&Save"), f.save, SK.Save, self.tr("Save the plan"))
        self.act_save_as = self._action(self.tr("Save &As\u2026"), f.save_as, SK.SaveAs, self.tr("Save the plan under a new name"))
        self.act_export_pdf = self._action(self.tr("&Export Build Plan (PDF)\u2026"), lambda: self.exporter.export(),
                                           QKeySequence("Ctrl+E"), self.tr("Write the printed build plan as a PDF"))
        self.act_export_xlsx = self._action(self.tr("Export &Workbook (Excel)\u2026"),
                                            lambda: self.table_exporter.export_xlsx(), None,
                                            self.tr("Write the BOM, cable schedule, racks, power and workload "
                                                    "verdicts as an Excel workbook"))
        self.act_export_csv = self._action(self.tr("Export Tables (&CSV)\u2026"),
                                           lambda: self.table_exporter.export_csv(), None,
                                           self.tr("Write the BOM, cable schedule, racks, power and workload "
                                                   "verdicts as CSV files, one per table"))
        self.act_export_netbox = self._action(self.tr("Export &NetBox Import Files\u2026"),
                                              lambda: self.netbox_exporter.export(), None,
                                              self.tr("Write the site, racks, devices, power feeds and cables as "
                                                      "NetBox bulk-import files, with the device types"))
        self.act_push_netbox = self._action(self.tr("Push to Net&Box\u2026"), lambda: self.netbox_pusher.push(), None,
                                            self.tr("Create or update the plan's site, racks, devices, power and "
                                                    "cables in a live NetBox through its REST API"))
        self.act_settings = self._action(self.tr("Se&ttings\u2026"), self.show_settings, SK.Preferences)
        self.act_quit = self._action(self.tr("&Quit"), self.close, SK.Quit)
        self.act_undo = d.undo_stack.createUndoAction(self, self.tr("&Undo"))
        self.act_undo.setShortcuts(QKeySequence.keyBindings(SK.Undo))
        self.act_redo = d.undo_stack.createRedoAction(self, self.tr("&Redo"))
        redo_keys = QKeySequence.keyBindings(SK.Redo)
        for extra in (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")):
            if extra not in redo_keys:
                redo_keys.append(extra)
        self.act_redo.setShortcuts(redo_keys)
        # "Undo Move rack A01" is Qt's prefix + space + text: a German menu wants "Rückgängig: …"
        d.undo_stack.undoTextChanged.connect(self._undo_text)
        d.undo_stack.redoTextChanged.connect(self._redo_text)
        self.addAction(self.act_undo)
        self.addAction(self.act_redo)
        self.act_cut = self._action(self.tr("Cu&t"), e.cut, SK.Cut)
        self.act_copy = self._action(self.tr("&Copy"), e.copy, SK.Copy)
        self.act_paste = self._action(self.tr("&Paste"), e.paste, SK.Paste)
        self.act_delete = self._action(self.tr("&Delete"), e.delete, [QKeySequence(SK.Delete), QKeySequence(Qt.Key.Key_Backspace)])
        self.act_duplicate = self._action(self.tr("D&uplicate"), e.duplicate, QKeySequence("Ctrl+D"))
        self.act_dup_rack = self._action(self.tr("Duplicate Rack \u00d7 &N\u2026"), lambda: e.duplicate_rack_n(),
                                         QKeySequence("Ctrl+Shift+D"), self.tr("Copy the selected rack N times along its row"))
        self.act_select_all = self._action(self.tr("Select &All"), e.select_all, SK.SelectAll)
        self.act_move_up = self._action(self.tr("Move Up 1U"), lambda: self.rack_view.view.nudge(1), QKeySequence("Ctrl+Up"))
        self.act_move_down = self._action(self.tr("Move Down 1U"), lambda: self.rack_view.view.nudge(-1),
                                          QKeySequence("Ctrl+Down"))
        self.act_fit = self._action(self.tr("&Fit Elevations"), self.rack_view.view.fit, QKeySequence("Ctrl+0"))
        self.act_recompute = self._action(self.tr("&Recalculate"), lambda: d.recompute(), QKeySequence(SK.Refresh))
        self.act_reset_layout = self._action(self.tr("Reset &Layout"), self.reset_layout)

        mb = self.menuBar()
        m = self._menu(mb, self.tr("&File"), "menuFile")
        for a in (self.act_new, self.act_new_netbox, self.act_open):
            m.addAction(a)
        self.recent_menu = QMenu(self.tr("Open &Recent"), self)
        m.addMenu(self.recent_menu)
        m.addSeparator()
        for a in (self.act_save, self.act_save_as):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.act_open_repo)
        m.addAction(self.act_save_repo)
        m.addSeparator()
        m.addAction(self.act_export_pdf)
        m.addAction(self.act_export_xlsx)
        m.addAction(self.act_export_csv)
        m.addAction(self.act_export_netbox)
        m.addAction(self.act_push_netbox)
        m.addSeparator()
        self._build_price_import(m)
        m.addAction(self.act_settings)
        m.addSeparator()
        m.addAction(self.act_quit)
        m = self._menu(mb, self.tr("&Edit"), "menuEdit")
        for act in (self.act_undo, self.act_redo, None, self.act_cut, self.act_copy, self.act_paste, self.act_delete,
                    None, self.act_duplicate, self.act_dup_rack, None, self.act_move_up, self.act_move_down, None,
                    self.act_select_all):
            m.addSeparator() if act is None else m.addAction(act)
        m = self._menu(mb, self.tr("&View"), "menuView")
        for dock in self.docks.values():
            m.addAction(dock.toggleViewAction())
        m.addSeparator()
        m.addAction(self.act_fit)
        m.addAction(self.act_reset_layout)
        # Floor: rooms, rows and racks on the floor plan, so none of its actions hides in a toolbar overflow
        floor = self.panels.get("floorDock")
        if floor is not None:
            from ui.scenes.floor import FloorView  # imported already: the panel loaded

            if isinstance(floor, FloorView):
                self.floor_menu = floor.fill_menu(self._menu(mb, self.tr("F&loor"), "menuFloor"))
                floor.propertiesRequested.connect(self.show_inspector)
        m = self._menu(mb, self.tr("&Plan"), "menuPlan")
        m.addAction(self.act_recompute)
        self.act_autowire = self._action(self.tr("Auto-&wire Fabric\u2026"), self.show_autowire,
                                         tip=self.tr("Design and wire a leaf/spine fabric for servers (one undo step)"))
        m.addAction(self.act_autowire)
        self.act_autowire_nvlink = self._action(self.tr("Auto-wire &NVLink Domain"), self.autowire_nvlink,
                                                tip=self.tr("Wire the NVLink spine of the selected NVL72 rack: every GPU "
                                                    "to every switch chip (one undo step)"))
        m.addAction(self.act_autowire_nvlink)
        self.act_power = self._action(self.tr("&Power Feeds and Sources\u2026"), self.show_power,
                                      tip=self.tr("Add and edit UPSs, panels and the feeds that hang off them"))
        self.act_power.setObjectName("actPower")
        m.addAction(self.act_power)

        m.addSeparator()
        self.act_cooling_loops = self._action(self.tr("Cooling &Loops\u2026"), self.show_cooling_loops,
                                              tip=self.tr("Create, edit and delete CDU and facility water loops; "
                                                          "assign the selected racks"))
        m.addAction(self.act_cooling_loops)

        self._build_help_menu()

        tb = self.addToolBar("Main")
        tb.setObjectName("mainToolBar")
        tb.setMovable(False)
        for act in (self.act_new, self.act_open, self.act_save, None, self.act_undo, self.act_redo, None,
                    self.act_delete, self.act_duplicate, self.act_dup_rack, None, self.act_fit):
            tb.addSeparator() if act is None else tb.addAction(act)

    def _build_price_import(self, menu: QMenu) -> None:
        """File > Import Price List...: a distributor list into the user catalog; the capex follows."""
        from ui.dialogs.price_import import PriceListImporter

        def take(catalog: Catalog) -> None:
            self.doc.replace_catalog(catalog, make_engine(catalog, self.settings.engine_settings()))

        self.price_importer = PriceListImporter(self, self.doc, take)
        self.act_import_prices = self._action(
            self.tr("Import &Price List\u2026"), lambda: self.price_importer.start(),
            tip=self.tr("Read a distributor price list (XLSX or CSV) into your catalog; the capex uses its prices"))
        self.act_import_prices.setObjectName("actImportPrices")
        menu.addAction(self.act_import_prices)

    def _build_help_menu(self) -> None:
        """Help: the offline guide, the shortcuts (read from the actions when opened) and About."""
        from ui.shell import help as uhelp

        self.help_window: HelpWindow | None = None  # the last Help window opened (tests, and to keep it alive)
        self.act_guide = self._action(self.tr("Rackwright &Guide"), lambda: self._show_help(uhelp.open_guide),
                                      QKeySequence.StandardKey.HelpContents,
                                      self.tr("The user guide: catalog, racks, feeds, workloads, wiring, export"))
        self.act_shortcuts = self._action(self.tr("&Keyboard Shortcuts"),
                                          lambda: self._show_help(uhelp.open_shortcuts))
        self.act_about = self._action(self.tr("&About Rackwright"), lambda: self._show_help(uhelp.open_about))
        self.act_about.setMenuRole(QAction.MenuRole.AboutRole)
        m = self._menu(self.menuBar(), self.tr("&Help"), "menuHelp")
        m.addAction(self.act_guide)
        m.addAction(self.act_shortcuts)
        m.addSeparator()
        m.addAction(self.act_about)

    def _show_help(self, opener: Callable[[MainWindow], HelpWindow]) -> HelpWindow:
        win = opener(self)
        win.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.help_window = win
        return win

    def _build_status(self) -> None:
        sb = self.statusBar()
        self.engine_label = QLabel(self)
        self.engine_label.setObjectName("engineStatus")
        sb.addPermanentWidget(self.engine_label)
        self.doc.refused.connect(self.show_refusal)
        self.doc.changed.connect(lambda _c: self.clear_refusal())
        self.rack_view.view.refusalCleared.connect(self.clear_refusal)
        self.doc.engineFailed.connect(lambda msg: sb.showMessage(msg, 10000))
        self.doc.busyChanged.connect(self._update_engine_label)
        self.doc.resultsChanged.connect(lambda _r: self._update_engine_label(self.doc.busy))
        self._update_engine_label(False)

    def show_refusal(self, reason: str) -> None:
        self._refusal_message = self.tr("Refused: {reason}").format(reason=reason)
        self.statusBar().showMessage(self._refusal_message, 10000)

    def clear_refusal(self) -> None:
        """A later edit went through (or a drag ended well): the refusal is no longer news."""
        msg = self._refusal_message
        if msg and self.statusBar().currentMessage() == msg:
            self.statusBar().clearMessage()
        self._refusal_message = ""

    def _update_engine_label(self, busy: bool) -> None:
        if self.doc.engine is None:
            text = self.tr("Engine not available")
        elif busy:
            text = self.tr("Recalculating\u2026")
        elif self.doc.results is None:
            text = self.tr("No results yet")
        else:
            text = self.tr("Results up to date")
        self.engine_label.setText(text)

    # -- state -----------------------------------------------------------------------
    def _update_title(self, *_: object) -> None:
        try:
            modified = self.doc.modified
        except RuntimeError:  # the undo stack is gone (application shutting down)
            return
        self.setWindowTitle(f"{self.doc.display_name}[*] \u2014 Rackwright")
        self.setWindowModified(modified)

    def _update_actions(self) -> None:
        sel = self.doc.selection
        has = bool(sel)
        for a in (self.act_delete, self.act_copy, self.act_cut, self.act_duplicate):
            a.setEnabled(has)
        self.act_dup_rack.setEnabled(any(k in ("rack", "placement") for k, _ in sel))
        self.act_move_up.setEnabled(any(k == "placement" for k, _ in sel))
        self.act_move_down.setEnabled(any(k == "placement" for k, _ in sel))
        self.act_autowire_nvlink.setEnabled(any(k in ("rack", "placement") for k, _ in sel))

    def _fill_recent(self, files: list[str]) -> None:
        self.recent_menu.clear()
        for path in files:
            act = self.recent_menu.addAction(Path(path).name)
            act.setToolTip(path)
            act.setStatusTip(path)
            act.triggered.connect(lambda _c=False, p=path: self._open_recent(p))
        self.recent_menu.setEnabled(bool(files))

    def _open_recent(self, path: str) -> None:
        if not Path(path).exists():
            self.settings.remove_recent(path)
            self._fill_recent(self.settings.recent_files)
            self.statusBar().showMessage(self.tr("{path} no longer exists").format(path=path), 8000)
            return
        self.files.open(path)

    def _show_workloads_for(self, selection: tuple[tuple[str, str], ...]) -> None:
        if any(k == "workload" for k, _ in selection or ()):
            dock = self.docks["workloadsDock"]
            dock.show()
            dock.raise_()

    def _tabify_groups(self) -> None:
        """Fabric and Cables as tabs beside Findings; Workloads beside the Inspector."""
        groups = [("findingsDock", ("fabricDock", "cablesDock")), ("inspectorDock", ("workloadsDock",))]
        for anchor_name, names in groups:
            anchor = self.docks.get(anchor_name)
            if anchor is None:
                continue
            for name in names:
                if name in self.docks:
                    self.tabifyDockWidget(anchor, self.docks[name])
            anchor.raise_()

    def _bottom_group(self) -> list[QDockWidget]:
        """The docks tabbed with Findings, Findings included (in tab order is not needed)."""
        findings = self.docks.get("findingsDock")
        if findings is None:
            return []
        return [findings, *self.tabifiedDockWidgets(findings)]

    def _adapt_to_width(self) -> None:
        """Charts in the Findings tab group at narrow widths, beside it at wide ones. Acts only
        when the window crosses NARROW_WINDOW_W and only on the arrangement it made itself, so
        a layout the user arranged (or a remembered one) is left alone."""
        charts, findings = self.docks.get("chartsDock"), self.docks.get("findingsDock")
        narrow = self.width() < NARROW_WINDOW_W
        if charts is None or findings is None or narrow == self._narrow:
            return
        self._narrow = narrow
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        docked = all(self.dockWidgetArea(d) == bottom and not d.isFloating() and d.toggleViewAction().isChecked()
                     for d in (charts, findings))
        if narrow and docked and charts not in self._bottom_group():
            raised = next((d for d in self._bottom_group() if not d.visibleRegion().isEmpty()), findings)
            self.tabifyDockWidget(findings, charts)
            raised.raise_()
            self._charts_tabbed = True
        elif not narrow and self._charts_tabbed:
            self._charts_tabbed = False
            if docked and charts in self._bottom_group():
                raised = next((d for d in self._bottom_group() if d is not charts
                               and not d.visibleRegion().isEmpty()), findings)
                self.removeDockWidget(charts)
                self.addDockWidget(bottom, charts, Qt.Orientation.Horizontal)
                charts.show()
                raised.raise_()
                QTimer.singleShot(0, self._share_bottom)

    def _share_bottom(self) -> None:
        """Findings two thirds of the bottom area, Charts a third (as the default layout)."""
        findings, charts = self.docks["findingsDock"], self.docks["chartsDock"]
        total = findings.width() + charts.width()
        if charts not in self._bottom_group() and total > 0:
            self.resizeDocks([findings, charts], [total * 2 // 3, total - total * 2 // 3], Qt.Orientation.Horizontal)

    # -- fabrics (ui.scenes.fabric, ui.panels.cables, ui.dialogs.wiring) ------------------------------
    def _add_fabric_docks(self) -> None:
        from ui.panels.cables import CableList
        from ui.scenes.fabric import FabricView

        self.fabric_view = FabricView(self.doc, self)
        self.cable_list = CableList(self.doc, self)
        area = Qt.DockWidgetArea.BottomDockWidgetArea
        self._dock("fabricDock", QT_TRANSLATE_NOOP("MainWindow", "Fabric"), self.fabric_view, area)
        cables = self._dock("cablesDock", QT_TRANSLATE_NOOP("MainWindow", "Cables"), self.cable_list, area)
        cables.visibilityChanged.connect(self.cable_list.set_shown)
        self.autowire_dialog: AutowireDialog | None = None
        from ui.dialogs.wiring import NvlinkAutowirer

        self.nvlink_wirer = NvlinkAutowirer(self.doc, self)
        self.nvlink_wirer.wired.connect(self._nvlink_wired)

    def show_autowire(self) -> AutowireDialog:
        """Plan > Auto-wire Fabric...: the dialog (window-modal, not blocking the loop)."""
        from ui.dialogs.wiring import AutowireDialog

        dlg = AutowireDialog(self.doc, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dlg.wired.connect(lambda res: self.statusBar().showMessage(
            self.tr("Auto-wired {links} links, {switches} switches").format(
                links=uunits.fmt_int(res.links), switches=uunits.fmt_int(res.design.switches)), 10000))
        dlg.extended.connect(lambda res: self.statusBar().showMessage(self.tr(
            "Extended the fabric: {links} links, {switches} switches added").format(
                links=len(res.links), switches=len(res.switches)), 10000))
        self.autowire_dialog = dlg
        dlg.open()
        return dlg

    def autowire_nvlink(self, rack_id: str | None = None) -> bool:
        """Plan > Auto-wire NVLink Domain for the selected rack (off the GUI thread)."""
        rack = rack_id or self.nvlink_wirer.target_rack()
        name = self.doc.plan.rack(rack).name if rack in self.doc.plan.index.racks else ""
        if self.nvlink_wirer.run(rack):
            self.statusBar().showMessage(self.tr("Wiring the NVLink domain of {name}\u2026").format(name=name))
            return True
        return False

    def _nvlink_wired(self, res: AutowireResult) -> None:
        self.statusBar().showMessage(self.tr("Auto-wired {links} NVLink links to {trays} switch trays").format(
            links=uunits.fmt_int(res.links), trays=len(res.switches.get("leaf", []))), 10000)
        if hasattr(self, "fabric_view"):
            self.fabric_view.set_fabric(res.fabric_id)

    def show_cooling_loops(self) -> CoolingLoopsDialog:
        """Plan > Cooling Loops...: one window beside the plan (not modal), raised if open."""
        from ui.dialogs.cooling_loops import CoolingLoopsDialog

        dlg = self.cooling_dialog
        if dlg is None:
            dlg = CoolingLoopsDialog(self.doc, self)
            self.cooling_dialog = dlg
            self._share_undo(dlg)
        dlg.show()
        dlg.raise_()
        dlg.activateWindow()
        return dlg

    # -- plan settings and names (ui.dialogs.plan_settings, ui.dialogs.rename) ---------------------
    def _add_plan_actions(self) -> None:
        """Plan > Plan Settings... (first in the Plan menu) and Edit > Rename Selection...
        (after Duplicate Rack x N)."""
        self.act_plan_settings = self._action(self.tr("Plan &Settings…"), self.show_plan_settings,
                                              tip=self.tr("Site, customer, currency and exchange rates, energy "
                                                          "price, PUE, utilisation and naming patterns of this plan"))
        self.act_rename = self._action(self.tr("Re&name Selection…"), self.show_rename, QKeySequence("F2"),
                                       self.tr("Name the selected racks or devices from a pattern (one undo step)"))
        menus = self._menus()
        plan_menu, edit_menu = menus.get("menuPlan"), menus.get("menuEdit")
        if plan_menu is not None:
            first = plan_menu.actions()[0] if plan_menu.actions() else None
            _insert(plan_menu, first, self.act_plan_settings)
            _insert(plan_menu, first, None)
        if edit_menu is not None:
            acts = edit_menu.actions()
            i = acts.index(self.act_dup_rack) if self.act_dup_rack in acts else len(acts) - 1
            _insert(edit_menu, acts[i + 1] if i + 1 < len(acts) else None, self.act_rename)
        self.plan_settings_dialog: PlanSettingsDialog | None = None
        self.rename_dialog: RenameDialog | None = None
        self.doc.selectionChanged.connect(lambda _s: self.act_rename.setEnabled(
            any(k in ("rack", "placement") for k, _ in self.doc.selection)))
        self.act_rename.setEnabled(False)

    @staticmethod
    def _menu(bar: QMenuBar, title: str, name: str) -> QMenu:
        """A menu of the menu bar, named for :meth:`_menus` (its title is translated)."""
        menu = bar.addMenu(title)
        menu.setObjectName(name)
        return menu

    def _menus(self) -> dict[str, QMenu]:
        """The menu bar's menus by object name ("menuFile", "menuPlan", ...): never by their
        titles, which are translated (in German "&File" is "&Datei": looked up by title, the
        File menu's New from Template and New from Workload went missing)."""
        return {menu.objectName(): menu for a in self.menuBar().actions()
                if isinstance(menu := a.menu(), QMenu) and menu.objectName()}

    # -- reference designs and workload sizing (ui.design) ----------------------------------------
    def _add_design_actions(self) -> None:
        """File > New from Template... and New from Workload... (after New); Plan > Size This
        Workload... (after Plan Settings), also asked for by the Workloads panel."""
        self.act_new_template = self._action(self.tr("New from &Template\u2026"), self.show_new_from_template,
                                             tip=self.tr("Start from a reference design: racks placed, powered, "
                                                         "cooled and wired, with its workload"))
        self.act_new_workload = self._action(self.tr("New from &Workload\u2026"), lambda: self.show_size_workload(None),
                                             tip=self.tr("State the workloads and limits; compare the builds that "
                                                         "meet them and open the chosen one as a plan"))
        self.act_size_workload = self._action(self.tr("Si&ze This Workload\u2026"), self.show_size_workload,
                                              tip=self.tr("Search the builds that meet the selected workload of "
                                                          "this plan and open the chosen one as a new plan"))
        self.act_new_template.setObjectName("actNewFromTemplate")
        self.act_new_workload.setObjectName("actNewFromWorkload")
        self.act_size_workload.setObjectName("actSizeWorkload")
        menus = self._menus()
        file_menu, plan_menu = menus.get("menuFile"), menus.get("menuPlan")
        if file_menu is not None:
            acts = file_menu.actions()
            after = acts[acts.index(self.act_new) + 1] if self.act_new in acts else None
            _insert(file_menu, after, self.act_new_template)
            _insert(file_menu, after, self.act_new_workload)
        if plan_menu is not None:
            acts = plan_menu.actions()
            i = acts.index(self.act_plan_settings) if self.act_plan_settings in acts else -1
            _insert(plan_menu, acts[i + 1] if 0 <= i < len(acts) - 1 else None, self.act_size_workload)
        panel = self.panels.get("workloadsDock")
        if panel is not None and hasattr(panel, "sizeRequested"):
            panel.sizeRequested.connect(self.show_size_workload)
        self.design_dialog: NewFromTemplateDialog | SizingWizard | None = None

    def show_new_from_template(self) -> NewFromTemplateDialog:
        """File > New from Template...: the reference designs (window-modal, not blocking)."""
        from ui.design.templates import NewFromTemplateDialog

        dlg = NewFromTemplateDialog(self.doc.catalog, self, open_plan=self.files.new_from)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.design_dialog = dlg
        dlg.open()
        return dlg

    def show_size_workload(self, workload_id: str | None = "") -> SizingWizard:
        """File > New from Workload... (``workload_id`` None: start empty) and Plan > Size This
        Workload... ("": the workload selected in the Workloads panel, else the plan's first)."""
        from ui.design.wizard import SizingWizard

        workloads = []
        if workload_id is not None:
            wl = {w.id: w for w in self.doc.plan.workloads}
            panel = self.panels.get("workloadsDock")
            wid = workload_id or (panel.current_id() if panel is not None and hasattr(panel, "current_id") else None)
            if wid not in wl and self.doc.plan.workloads:
                wid = self.doc.plan.workloads[0].id
            workloads = [wl[wid]] if wid in wl else []
        dlg = SizingWizard(self.doc.catalog, self, workloads=workloads, metadata=self.doc.plan.metadata
                           if workload_id is not None else None, open_plan=self.files.new_from)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.design_dialog = dlg
        dlg.open()
        return dlg

    def show_plan_settings(self) -> PlanSettingsDialog:
        """Plan > Plan Settings...: the dialog, window-modal (not blocking the loop)."""
        from ui.dialogs.plan_settings import PlanSettingsDialog

        dlg = PlanSettingsDialog(self.doc, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.plan_settings_dialog = dlg
        dlg.open()
        return dlg

    def show_rename(self) -> RenameDialog | None:
        """Edit > Rename Selection...: pattern, preview, one undo step."""
        from ui.dialogs.rename import RenameDialog

        if not any(k in ("rack", "placement") for k, _ in self.doc.selection):
            self.doc.refuse(self.tr("Select racks or devices to rename"))
            return None
        dlg = RenameDialog(self.doc, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.rename_dialog = dlg
        dlg.open()
        return dlg

    def show_power(self) -> PowerDialog:
        """Plan > Power Feeds and Sources...: the non-modal power chain window (ui.dialogs.power)."""
        from ui.dialogs.power import PowerDialog

        dlg = self.power_dialog
        if dlg is None:
            dlg = PowerDialog(self.doc, self, racks=self._selected_racks)
            self.power_dialog = dlg
            self._share_undo(dlg)
        dlg.show()
        dlg.raise_()
        dlg.activateWindow()
        return dlg

    def _share_undo(self, window: QWidget) -> None:
        """Edit > Undo / Redo (Ctrl+Z, Ctrl+Shift+Z) also work while a non-modal plan window
        has the focus: a window shortcut only fires in its own window (Ctrl+Z did nothing in
        the power feeds window)."""
        window.addActions([self.act_undo, self.act_redo])

    def _selected_racks(self) -> list[str]:
        """Racks selected, holding the selected devices, or in the selected rows (in selection
        order, once each), as Cooling Loops > Assign takes them."""
        idx = self.doc.plan.index
        out: list[str] = []
        for kind, eid in self.doc.selection:
            if kind == "row" and eid in idx.rows:
                rids = [r.id for r in idx.rows[eid].racks]
            else:
                rid = eid if kind == "rack" else idx.placement_rack.get(eid) if kind == "placement" else None
                rids = [rid] if rid is not None else []
            for rid in rids:
                if rid in idx.racks and rid not in out:
                    out.append(rid)
        return out

    def show_inspector(self) -> None:
        dock = self.docks["inspectorDock"]
        dock.show()
        dock.raise_()

    def show_settings(self) -> None:
        dlg = SettingsDialog(self.settings, self)
        if dlg.exec():
            dlg.save()
            self.apply_settings()

    def _settings_state(self) -> tuple[str, str, dict[str, Any]]:
        """What the settings dialog decides: (units, theme, engine settings as a dict)."""
        eng = self.settings.engine_settings()
        return self.settings.units, self.settings.theme, eng.model_dump()

    def _applied_state(self) -> tuple[str, str, dict[str, Any] | None]:
        """What is in effect now: display units, the theme the launcher applied (from the
        settings), and the running engine's settings."""
        from ui import units

        eng = self.doc.engine_settings
        dump = eng.model_dump() if eng is not None else None
        return units.current(), self.settings.theme, dump

    def apply_settings(self, force: bool = False) -> None:
        """Make the stored settings take effect, redoing only what a changed setting
        touches: units -> unit-showing widgets (no engine run); theme -> palette and
        the scenes that paint with it; engine thresholds -> a new engine and a recompute."""
        from ui import units

        state = self._settings_state()
        prev = self._applied
        units_changed = force or state[0] != prev[0]
        theme_changed = force or state[1] != prev[1]
        engine_changed = force or state[2] != prev[2]
        self._applied = state
        if units_changed:
            units.set_current(self.settings.units)
        if theme_changed:
            app = QApplication.instance()
            if isinstance(app, QApplication):
                apply_theme(app, self.settings.theme)
            # the application palette is the new theme's now; widgets get theirs only when the
            # palette-change events are delivered, so scenes read the application's
            pal = QApplication.palette()
            self.rack_view.scene.palette = pal
            self.rack_view.rebuild_scene()
            if hasattr(self, "fabric_view"):
                self.fabric_view.scene.palette = pal
                self.fabric_view.rebuild()
            floor = self.panels.get("floorDock")
            if floor is not None and hasattr(floor, "follow_palette"):
                # under X11 the dock's palette event can arrive before its palette changed
                # (a switch back to light left the floor dark): take the application's
                floor.follow_palette(pal)
        if units_changed or theme_changed:
            self.inspector.rebuild()
        if engine_changed:
            engine = make_engine(self.doc.catalog, self.settings.engine_settings())
            if engine is not None:
                self.doc.set_engine(engine)
                return  # the recompute brings every results view up to date, units too
        if units_changed:
            for w in [*self.panels.values(), getattr(self, "cable_list", None)]:
                if w is not None and hasattr(w, "units_changed"):
                    w.units_changed()
            if self.doc.results is not None:  # figures shown in units, from the same results
                self.doc.resultsChanged.emit(self.doc.results)

    def restore_layout(self) -> None:
        store = self.settings.store
        geo = store.value("window/geometry")
        state = store.value("window/state")
        if isinstance(geo, QByteArray | bytes):
            self.restoreGeometry(QByteArray(geo))
            self._fitted = False  # the remembered geometry is the user's
        if isinstance(state, QByteArray | bytes) and self.restoreState(QByteArray(state), STATE_VERSION):
            # a remembered layout is taken as it is at the width it was saved at; Charts goes
            # back beside Findings on widening only if the width had put it in the group
            self._narrow = self.width() < NARROW_WINDOW_W
            self._charts_tabbed = (str(store.value("window/chartsTabbed", "false")).lower() == "true"
                                   and self.docks.get("chartsDock") in self._bottom_group())

    def save_layout(self) -> None:
        self.settings.store.setValue("window/geometry", self.saveGeometry())
        self.settings.store.setValue("window/state", self.saveState(STATE_VERSION))
        self.settings.store.setValue("window/chartsTabbed", self._charts_tabbed)

    def reset_layout(self) -> None:
        self.restoreState(self._default_state, STATE_VERSION)
        for dock in self.docks.values():
            dock.show()
        self._narrow, self._charts_tabbed = False, False  # the default is the wide layout
        self._after_resize()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._fitted:
            self._fitted = False
            QTimer.singleShot(0, self._keep_on_screen)
        QTimer.singleShot(0, self._after_resize)

    def _keep_on_screen(self) -> None:
        """After a first-start fit: the docks may need more than 90 % of a laptop screen
        (their minimum widths), so the window came out wider than asked; keep it centred on
        the screen and inside it rather than hanging over the right edge."""
        screen = self.screen()
        if screen is None:
            return
        # the narrow arrangement first (Charts tabbed with Findings): with the charts beside the
        # findings the German docks need more than a 1366-pixel screen, and the window stayed wider
        self._adapt_to_width()
        lay = self.layout()
        if lay is not None:  # a QMainWindow always has its own layout
            lay.activate()  # the minimum size of the new arrangement, before sizing to it
        avail = screen.availableGeometry()
        frame, geo = self.frameGeometry(), self.geometry()
        if avail.contains(frame):
            return
        # the window frame (title bar, borders) counts: the whole window fits the screen
        fw, fh = frame.width() - geo.width(), frame.height() - geo.height()
        w, h = min(geo.width(), avail.width() - fw), min(geo.height(), avail.height() - fh)
        rect = QRect(0, 0, w + fw, h + fh)
        rect.moveCenter(avail.center())
        rect.moveLeft(max(avail.left(), rect.left()))
        rect.moveTop(max(avail.top(), rect.top()))
        self.resize(w, h)
        self.move(rect.topLeft())  # move() places the frame

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self._after_resize)

    def _after_resize(self) -> None:
        self._adapt_to_width()
        self._hide_stale_tab_bars()

    def _hide_stale_tab_bars(self) -> None:
        """Qt 6.11 sometimes keeps a second tab bar for a dock tab group at an old place
        and shows it over another dock. The live bar sits right under its group's current
        dock; hide any bar of the window that does not."""
        titles = {d.windowTitle(): d for d in self.docks.values()}
        for bar in self.findChildren(QTabBar):
            if bar.parent() is not self or not bar.isVisible() or bar.count() == 0:
                continue
            dock = titles.get(bar.tabText(bar.currentIndex()))
            if dock is None or not dock.isVisible():
                continue
            g, b = dock.geometry(), bar.geometry()
            below = abs(b.top() - g.bottom()) <= 8 or abs(g.top() - b.bottom()) <= 8
            if not (below and b.left() < g.right() and g.left() < b.right()):
                bar.hide()

    def _autosave_failed(self, error: str) -> None:
        """An autosave failed (disk full, a figure the project file cannot hold): said in the
        status bar until one works again, and once in a dialog (never silent)."""
        if not error:
            if self.statusBar().currentMessage().startswith(self.tr("Autosave failed")):
                self.statusBar().clearMessage()
            return
        msg = self.tr("Autosave failed: {error}. Until a save works, a crash would lose the changes "
                      "since the last save.").format(error=error)
        self.statusBar().showMessage(msg)
        if not self._autosave_warned:
            self._autosave_warned = True
            dialogs.show_error(self, self.tr("Autosave failed"), msg)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        self.recovery.closed()
        self.save_layout()
        event.accept()
