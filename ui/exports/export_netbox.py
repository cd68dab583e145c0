"""File > Export NetBox Import Files...: the plan as NetBox bulk-import files (CSV for
manufacturers, roles, site, locations, racks, power panels and feeds, devices, cables and
power cables, in import order, plus the device types as YAML), what
``rackwright export --format netbox`` writes (``planner.netbox.export``; docs/netbox.md).

A folder is asked for, then the export runs as every plan export does
(``ui.exports.exporting.PlanExporter``): the plan copied on the GUI thread, the files written in a
pool thread all at once or not at all, the status bar and an error dialog on the GUI thread.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from planner.base.progress import Cancelled
from ui import dialogs
from ui.exports.exporting import ExportTexts, PlanExporter

if TYPE_CHECKING:
    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.engine.results import Results
    from planner.model.plan import Plan
    from ui.document import Document
    from ui.settings import AppSettings


def _tr(text: str) -> str:
    return QCoreApplication.translate("NetboxExporter", text)


def ask_netbox_folder(parent: QWidget | None, suggested: str) -> str | None:
    """The folder for the NetBox files (tests replace this function)."""
    path = QFileDialog.getExistingDirectory(parent, _tr("Export NetBox import files: choose a folder"), suggested)
    return path or None


def _write(plan: Plan, catalog: Catalog, _results: Results, target: Path, progress: ProgressFn,
           cancelled: CancelFn) -> list[Path]:
    from planner.netbox.export import export_netbox

    if cancelled():
        raise Cancelled("cancelled")
    return export_netbox(plan, catalog, target, result=_results)


class NetboxExporter(PlanExporter):
    """Runs NetBox exports for one main window; ``finished`` carries the paths written."""

    def __init__(self, doc: Document, window: QWidget, settings: AppSettings | None = None) -> None:
        super().__init__(doc, window, settings, name="NetBox export", object_name="netboxExportProgress")
        self.last_paths: list[Path] = []

    def _texts(self) -> ExportTexts:
        return ExportTexts(
            title=_tr("Export NetBox import files"), failed_title=_tr("Cannot export the NetBox files"),
            already_running=_tr("An export is already running."), working=_tr("Writing the NetBox files\u2026"),
            stage=_tr("Writing the NetBox files: {stage}\u2026"),
            started=_tr("Exporting the NetBox files to {name}\u2026"), failed=_tr("NetBox export failed"),
            cancelled=_tr("NetBox export cancelled; nothing was written"), cancel=_tr("Cancel"),
            cancelling=_tr("Cancelling\u2026"))

    def export(self, folder: str | None = None) -> bool:
        """Ask for the folder (unless ``folder``) and start. False if nothing started."""
        if self.refuse_if_busy():
            return False
        if folder is None:
            folder = ask_netbox_folder(self.window, str(self._folder() / f"{self._stem('plan')}-netbox"))
            if not folder:
                return False
            self._chosen(Path(folder).parent)
        target = Path(folder)
        if target.exists() and not target.is_dir():
            dialogs.show_error(self.window, self.texts.failed_title,
                               _tr("{path} is a file; the NetBox files are written into a folder.").format(path=target))
            return False
        return self.run(target, lambda plan, catalog, results, progress, cancelled: _write(
            plan, catalog, results, target, progress, cancelled), written=self._written,
            failure=lambda e: self._failure(e, target))

    def _written(self, paths: list[Path]) -> str:
        self.last_paths = list(paths)
        return _tr("{count} NetBox files written to {folder} (import them in the order of their numbers)").format(
            count=len(paths), folder=paths[0].parent if paths else "")

    def _failure(self, e: BaseException, target: Path) -> str:
        if isinstance(e, OSError):
            return self.write_error_text(e, target)
        return _tr("The NetBox files could not be made.\n\n{error}").format(error=f"{type(e).__name__}: {e}")
