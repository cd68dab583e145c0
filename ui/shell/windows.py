"""The windows and dialogs the main window's menus open: auto-wiring, power feeds, cooling
loops, plan settings, rename, reference designs, workload sizing and help.

Each opens window-modal with ``open()`` (no nested event loop) or, for the power and
cooling windows, once beside the plan and raised when asked again. The window keeps the
last dialog of each kind in its own attribute (``win.cooling_dialog``, ``win.design_dialog``,
...): tests and the translation walk read them there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QWidget

from ui import units as uunits
from ui.dialogs.wiring import NvlinkAutowirer

if TYPE_CHECKING:
    from collections.abc import Callable

    from planner.fabric.autowire_base import AutowireResult
    from ui.design.templates import NewFromTemplateDialog
    from ui.design.wizard import SizingWizard
    from ui.dialogs.cooling_loops import CoolingLoopsDialog
    from ui.dialogs.phases import PhasesDialog
    from ui.dialogs.plan_settings import PlanSettingsDialog
    from ui.dialogs.power import PowerDialog
    from ui.dialogs.rename import RenameDialog
    from ui.dialogs.wiring import AutowireDialog
    from ui.shell.help import HelpWindow
    from ui.shell.mainwindow import MainWindow


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


def _links(n: int) -> str:
    return QCoreApplication.translate("MainWindow", "%n link(s)", "", n)


def _switches(n: int) -> str:
    return QCoreApplication.translate("MainWindow", "%n switch(es)", "", n)


def selected_racks(win: MainWindow) -> list[str]:
    """Racks selected, holding the selected devices, or in the selected rows (in selection
    order, once each), as Cooling Loops > Assign takes them."""
    idx = win.doc.plan.index
    out: list[str] = []
    for kind, eid in win.doc.selection:
        if kind == "row" and eid in idx.rows:
            rids = [r.id for r in idx.rows[eid].racks]
        else:
            rid = eid if kind == "rack" else idx.placement_rack.get(eid) if kind == "placement" else None
            rids = [rid] if rid is not None else []
        for rid in rids:
            if rid in idx.racks and rid not in out:
                out.append(rid)
    return out


class PlanWindows(QObject):
    """Opens the main window's dialogs (see the module docstring)."""

    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.win = win
        self.nvlink_wirer = NvlinkAutowirer(win.doc, win)
        self.nvlink_wirer.wired.connect(self._nvlink_wired)

    def _status(self, text: str, timeout: int = 10000) -> None:
        self.win.statusBar().showMessage(text, timeout)

    @staticmethod
    def _open_modal(dlg: QWidget) -> None:
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dlg.open()  # type: ignore[attr-defined]  # every one of them is a QDialog

    def _raise_beside(self, dlg: QWidget) -> None:
        dlg.show()
        dlg.raise_()
        dlg.activateWindow()

    def share_undo(self, window: QWidget) -> None:
        """Edit > Undo / Redo (Ctrl+Z, Ctrl+Shift+Z) also work while a non-modal plan window
        has the focus: a window shortcut only fires in its own window (Ctrl+Z did nothing in
        the power feeds window)."""
        window.addActions([self.win.act_undo, self.win.act_redo])

    # -- fabrics ----------------------------------------------------------------------------
    def show_autowire(self) -> AutowireDialog:
        """Plan > Auto-wire Fabric...: the dialog (window-modal, not blocking the loop)."""
        from ui.dialogs.wiring import AutowireDialog

        dlg = AutowireDialog(self.win.doc, self.win)
        # the plurals follow the counts ("1 switch", not "1 switches")
        dlg.wired.connect(lambda res: self._status(_tr("Auto-wired {links}, {switches}").format(
            links=_links(res.links), switches=_switches(res.design.switches))))
        dlg.extended.connect(lambda res: self._status(_tr("Extended the fabric: {links}, {switches} added").format(
            links=_links(len(res.links)), switches=_switches(len(res.switches)))))
        self.win.autowire_dialog = dlg
        self._open_modal(dlg)
        return dlg

    def autowire_nvlink(self, rack_id: str | None = None) -> bool:
        """Plan > Auto-wire NVLink Domain for the selected rack (off the GUI thread)."""
        rack = rack_id or self.nvlink_wirer.target_rack()
        plan = self.win.doc.plan
        name = plan.rack(rack).name if rack in plan.index.racks else ""
        if self.nvlink_wirer.run(rack):
            self._status(_tr("Wiring the NVLink domain of {name}\u2026").format(name=name), 0)
            return True
        return False

    def _nvlink_wired(self, res: AutowireResult) -> None:
        self._status(_tr("Auto-wired {links} NVLink links to {trays} switch trays").format(
            links=uunits.fmt_int(res.links), trays=len(res.switches.get("leaf", []))))
        self.win.fabric_view.set_fabric(res.fabric_id)

    # -- power and cooling (beside the plan, one each) ----------------------------------------
    def show_power(self) -> PowerDialog:
        """Plan > Power Feeds and Sources...: the non-modal power chain window (ui.dialogs.power)."""
        from ui.dialogs.power import PowerDialog

        dlg = self.win.power_dialog
        if dlg is None:
            dlg = PowerDialog(self.win.doc, self.win, racks=lambda: selected_racks(self.win))
            self.win.power_dialog = dlg
            self.share_undo(dlg)
        self._raise_beside(dlg)
        return dlg

    def show_cooling_loops(self) -> CoolingLoopsDialog:
        """Plan > Cooling Loops...: one window beside the plan (not modal), raised if open."""
        from ui.dialogs.cooling_loops import CoolingLoopsDialog

        dlg = self.win.cooling_dialog
        if dlg is None:
            dlg = CoolingLoopsDialog(self.win.doc, self.win)
            self.win.cooling_dialog = dlg
            self.share_undo(dlg)
        self._raise_beside(dlg)
        return dlg

    def show_phases(self) -> PhasesDialog:
        """Plan > Growth Phases...: one window beside the plan (not modal), raised if open."""
        from ui.dialogs.phases import PhasesDialog

        dlg = self.win.phases_dialog
        if dlg is None:
            dlg = PhasesDialog(self.win.doc, self.win)
            self.win.phases_dialog = dlg
            self.share_undo(dlg)
            dlg.findingsRequested.connect(self.show_phase_findings)
        self._raise_beside(dlg)
        return dlg

    def show_phase_findings(self, phase_id: str) -> None:
        """The Findings panel lists growth phase ``phase_id``'s findings, raised in front."""
        from ui.panels.findings import FindingsPanel

        panel = self.win.panels.get("findingsDock")
        if isinstance(panel, FindingsPanel):
            panel.show_phase(phase_id)
            dock = self.win.docks["findingsDock"]
            dock.show()
            dock.raise_()

    # -- plan settings and names ---------------------------------------------------------------
    def show_plan_settings(self) -> PlanSettingsDialog:
        """Plan > Plan Settings...: the dialog, window-modal (not blocking the loop)."""
        from ui.dialogs.plan_settings import PlanSettingsDialog

        dlg = PlanSettingsDialog(self.win.doc, self.win)
        self.win.plan_settings_dialog = dlg
        self._open_modal(dlg)
        return dlg

    def show_compare(self) -> None:
        """File > Compare With...: this plan beside a chosen plan file (ui.dialogs.compare)."""
        from ui.dialogs.compare import open_compare_dialog

        open_compare_dialog(self.win.doc, self.win)

    def show_rename(self) -> RenameDialog | None:
        """Edit > Rename Selection...: pattern, preview, one undo step."""
        from ui.dialogs.rename import RenameDialog

        doc = self.win.doc
        if not any(k in ("rack", "placement") for k, _ in doc.selection):
            doc.refuse(_tr("Select racks or devices to rename"))
            return None
        dlg = RenameDialog(doc, self.win)
        self.win.rename_dialog = dlg
        self._open_modal(dlg)
        return dlg

    # -- reference designs and workload sizing (ui.design) ----------------------------------------
    def show_new_from_template(self) -> NewFromTemplateDialog:
        """File > New from Template...: the reference designs (window-modal, not blocking)."""
        from ui.design.templates import NewFromTemplateDialog

        dlg = NewFromTemplateDialog(self.win.doc.catalog, self.win, open_plan=self.win.files.new_from)
        self.win.design_dialog = dlg
        self._open_modal(dlg)
        return dlg

    def show_size_workload(self, workload_id: str | None = "") -> SizingWizard:
        """File > New from Workload... (``workload_id`` None: start empty) and Plan > Size This
        Workload... ("": the workload selected in the Workloads panel, else the plan's first)."""
        from ui.design.wizard import SizingWizard
        from ui.exports.export import ComparisonExporter

        doc = self.win.doc
        workloads = []
        if workload_id is not None:
            wl = {w.id: w for w in doc.plan.workloads}
            wid = workload_id or self.win.workloads_panel.current_id()
            if wid not in wl and doc.plan.workloads:
                wid = doc.plan.workloads[0].id
            workloads = [wl[wid]] if wid in wl else []
        # a new plan (File > New from Workload) starts in the open plan's currency and its rates
        dlg = SizingWizard(doc.catalog, self.win, workloads=workloads, metadata=doc.plan.metadata
                           if workload_id is not None else None, open_plan=self.win.files.new_from,
                           money_from=doc.plan.metadata, engine_settings=doc.engine_settings,
                           app_settings=self.win.settings, make_exporter=ComparisonExporter)
        self.win.design_dialog = dlg
        self._open_modal(dlg)
        return dlg

    # -- help --------------------------------------------------------------------------------
    def _show_help(self, opener: Callable[[MainWindow], HelpWindow]) -> HelpWindow:
        win = opener(self.win)
        win.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.win.help_window = win
        return win

    def show_guide(self) -> HelpWindow:
        from ui.shell import help as uhelp

        return self._show_help(uhelp.open_guide)

    def show_shortcuts(self) -> HelpWindow:
        from ui.shell import help as uhelp

        return self._show_help(uhelp.open_shortcuts)

    def show_about(self) -> HelpWindow:
        from ui.shell import help as uhelp

        return self._show_help(uhelp.open_about)
