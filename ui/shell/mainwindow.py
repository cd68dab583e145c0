"""Main window: assembles panels, docks and actions. No logic of its own: the actions
(a table in :mod:`ui.shell.actions`) call the file and edit controllers and the dialog
openers (:mod:`ui.shell.windows`), the docks are made and arranged by :mod:`ui.shell.docks`,
panels talk to the Document. The rack elevations are the central widget.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMenu

from ui import dialogs
from ui.document import Document, make_engine
from ui.exports.export import BuildPlanExporter
from ui.exports.export_netbox import NetboxExporter
from ui.exports.export_tables import TablesExporter
from ui.exports.netbox_push import NetboxPusher
from ui.panels.cables import CableList
from ui.panels.catalog import CatalogPanel
from ui.panels.findings import FindingsPanel
from ui.panels.inspector import Inspector
from ui.panels.workloads import WorkloadsPanel
from ui.scenes.fabric import FabricView
from ui.scenes.floor import FloorView
from ui.scenes.rack import RackView
from ui.settings import AppSettings, SettingsDialog, apply_theme
from ui.shell import actions as shell_actions
from ui.shell.controllers import EditController, FileController
from ui.shell.docks import (
    MIN_WINDOW,
    NARROW_WINDOW_W,
    STATE_VERSION,
    DockArrangement,
    first_start_geometry,
    make_docks,
    panel_of,
    raise_dock,
)
from ui.shell.field_undo import PlanUndoKeys
from ui.shell.filedrop import FileDrop
from ui.shell.recovery import RecoveryController
from ui.shell.repository import RepositoryController
from ui.shell.windows import PlanWindows

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from planner.catalog import Catalog
    from planner.files.storage import RecoveryStore
    from ui.design.templates import NewFromTemplateDialog
    from ui.design.wizard import SizingWizard
    from ui.dialogs.cooling_loops import CoolingLoopsDialog
    from ui.dialogs.phases import PhasesDialog
    from ui.dialogs.plan_settings import PlanSettingsDialog
    from ui.dialogs.power import PowerDialog
    from ui.dialogs.rename import RenameDialog
    from ui.dialogs.wiring import AutowireDialog
    from ui.shell.help import HelpWindow

__all__ = ["MIN_WINDOW", "NARROW_WINDOW_W", "STATE_VERSION", "MainWindow", "first_start_geometry"]


class MainWindow(QMainWindow):
    act_undo: QAction  # and every other ``act_*`` of ui.shell.actions.ACTIONS, set by build_actions
    act_redo: QAction

    def __init__(self, doc: Document, settings: AppSettings | None = None,
                 recovery_store: RecoveryStore | None = None) -> None:
        super().__init__()
        self.doc = doc
        self.settings = settings or AppSettings()
        self.setObjectName("RackwrightMainWindow")
        # the last dialog of each kind (ui.shell.windows opens them); power and cooling are one each
        self.cooling_dialog: CoolingLoopsDialog | None = None
        self.phases_dialog: PhasesDialog | None = None
        self.power_dialog: PowerDialog | None = None
        self.autowire_dialog: AutowireDialog | None = None
        self.plan_settings_dialog: PlanSettingsDialog | None = None
        self.rename_dialog: RenameDialog | None = None
        self.design_dialog: NewFromTemplateDialog | SizingWizard | None = None
        self.help_window: HelpWindow | None = None
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
        self.docks, self.panels = make_docks(self, doc)
        p = self.panels
        self.catalog_panel = panel_of(p, "catalogDock", CatalogPanel)
        self.inspector = panel_of(p, "inspectorDock", Inspector)
        self.floor_view = panel_of(p, "floorDock", FloorView)
        self.workloads_panel = panel_of(p, "workloadsDock", WorkloadsPanel)
        self.fabric_view = panel_of(p, "fabricDock", FabricView)
        self.cable_list = panel_of(p, "cablesDock", CableList)

        self.recovery = RecoveryController(doc, self, recovery_store)
        self.recovery.autosaveFailed.connect(self._autosave_failed)
        self._autosave_warned = False
        self.files = FileController(doc, self.settings, self, self.recovery)
        self.edits = EditController(doc, self, self.rack_view.current_row)
        self.exporter = BuildPlanExporter(doc, self, self.settings)
        self.table_exporter = TablesExporter(doc, self, self.settings)
        self.netbox_exporter = NetboxExporter(doc, self, self.settings)
        self.netbox_pusher = NetboxPusher(doc, self, self.settings)
        self.repository = RepositoryController(self.files, self)
        self.windows = PlanWindows(self)
        self.nvlink_wirer = self.windows.nvlink_wirer
        self._build_actions()
        self._build_status()

        doc.undo_stack.cleanChanged.connect(self._update_title)
        doc.pathChanged.connect(lambda _p: self._update_title())
        doc.selectionChanged.connect(lambda _s: self._update_actions())
        doc.selectionChanged.connect(self._show_workloads_for)  # a workload finding brings its tab up
        self.files.recentChanged.connect(self._fill_recent)
        self.file_drop = FileDrop(self, self.files.open)  # a plan file dropped on the window opens
        self.plan_undo_keys = PlanUndoKeys(self)  # Ctrl+Z in a committed field undoes the plan
        self.rack_view.view.propertiesRequested.connect(self.show_inspector)
        self.floor_view.propertiesRequested.connect(self.show_inspector)
        self.workloads_panel.sizeRequested.connect(self.windows.show_size_workload)
        # the Findings dock's phase chooser changes its least width: the dock tab groups are
        # laid out anew, and Qt can leave a stale tab bar over another dock (seen on X11)
        panel_of(p, "findingsDock", FindingsPanel).phaseChooserShown.connect(lambda _shown: self._docks_relaid())
        self._update_title()
        self._update_actions()
        self._fill_recent(self.settings.recent_files)
        self.fit_to_screen()
        self.arrangement = DockArrangement(self, self.docks, self.settings.store)
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

    # -- actions (ui.shell.actions) --------------------------------------------------------
    def _build_actions(self) -> None:
        """The action table's actions, Undo and Redo from the undo stack, then the menus."""
        from ui.dialogs.price_import import PriceListImporter

        def take(catalog: Catalog) -> None:  # File > Import Price List...: the capex follows
            self.doc.replace_catalog(catalog, make_engine(catalog, self.settings.engine_settings()))

        self.price_importer = PriceListImporter(self, self.doc, take)
        self.act_undo, self.act_redo = shell_actions.make_undo_redo(self, self.doc.undo_stack)
        self.actions_by_id = {"act_undo": self.act_undo, "act_redo": self.act_redo,
                              **shell_actions.build_actions(self)}
        self.recent_menu = QMenu(self.tr("Open &Recent"), self)

        def docks_place(menu: QMenu) -> None:
            for dock in self.docks.values():
                menu.addAction(dock.toggleViewAction())

        # Floor: rooms, rows and racks on the floor plan, so none of its actions hides in a toolbar
        # overflow; filled once every window action exists (it leaves their keys to them)
        places = {"@recent": lambda m: m.addMenu(self.recent_menu), "@docks": docks_place,
                  "@floor": self.floor_view.fill_menu}
        self.menus = shell_actions.build_menus(self, self.actions_by_id, places)
        self.floor_menu = self.menus["menuFloor"]

    def _menus(self) -> dict[str, QMenu]:
        """The menu bar's menus by object name ("menuFile", "menuPlan", ...): never by their
        titles, which are translated."""
        return dict(self.menus)

    def show_autowire(self) -> AutowireDialog:
        return self.windows.show_autowire()

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
        shell_actions.update_enabled(self.actions_by_id, self.doc.selection)

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
            raise_dock(self.docks["workloadsDock"])

    def show_inspector(self) -> None:
        raise_dock(self.docks["inspectorDock"])

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
            self.fabric_view.scene.palette = pal
            self.fabric_view.rebuild()
            # under X11 the dock's palette event can arrive before its palette changed
            # (a switch back to light left the floor dark): take the application's
            self.floor_view.follow_palette(pal)
        if units_changed or theme_changed:
            self.inspector.rebuild()
        if engine_changed:
            engine = make_engine(self.doc.catalog, self.settings.engine_settings())
            if engine is not None:
                self.doc.set_engine(engine)
                return  # the recompute brings every results view up to date, units too
        if units_changed:
            for w in self.panels.values():
                if hasattr(w, "units_changed"):
                    w.units_changed()
            if self.doc.results is not None:  # figures shown in units, from the same results
                self.doc.resultsChanged.emit(self.doc.results)

    # -- layout (ui.shell.docks) -------------------------------------------------------
    @property
    def _narrow(self) -> bool:
        return self.arrangement.narrow

    def restore_layout(self) -> None:
        if self.arrangement.restore():
            self._fitted = False  # the remembered geometry is the user's

    def save_layout(self) -> None:
        self.arrangement.save()

    def reset_layout(self) -> None:
        self.arrangement.reset()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._fitted:
            self._fitted = False
            QTimer.singleShot(0, self, self.arrangement.keep_on_screen)
        QTimer.singleShot(0, self, self.arrangement.after_resize)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self._after_resize)  # also while the window is being put together

    def _after_resize(self) -> None:
        self.arrangement.after_resize()

    def _docks_relaid(self) -> None:
        """A dock's least width changed without the window resizing: look for stale tab bars
        once the dock layout has settled (on the next turn it has not always: X11, issue 32)."""
        # the window as the timers' context: a window closed meanwhile cancels them (a 250 ms
        # one fired into a deleted MainWindow at the end of a test)
        QTimer.singleShot(0, self, self.arrangement.after_resize)
        QTimer.singleShot(250, self, self.arrangement.after_resize)

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
        if self.files.refuse_while_busy() or not self.files.maybe_save():  # an open or save runs: wait for it
            event.ignore()
            return
        self.recovery.closed()
        self.save_layout()
        event.accept()
