"""File > Export Workbook (Excel)... and File > Export Tables (CSV)...: the plan's
hand-off tables (BOM, cable schedule, racks, power sources and feeds, PDUs, workload verdicts),
written off the GUI thread.

Excel: the file dialog, then the export. CSV: the options dialog
(``ui.dialogs.table_export.CsvOptionsDialog``: which spreadsheet settings, opened
window-modal without a nested event loop), then a folder, then the export. What every
export does (``ui.exports.exporting.PlanExporter``, shared with the PDF export): the plan is copied
on the GUI thread; the engine runs on the snapshot, the tables are made
(``planner.reports.tables``) and written (``planner.reports.xlsx`` /
``planner.reports.csvout``, atomically; CSV all files or none) in a pool thread; progress
with Cancel, the status bar and an error dialog on the GUI thread. A cancelled export
writes nothing.
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
    from ui.dialogs.table_export import CsvOptionsDialog
    from ui.document import Document
    from ui.settings import AppSettings


def _tr(text: str) -> str:
    return QCoreApplication.translate("TablesExporter", text)


def ask_xlsx_path(parent: QWidget | None, suggested: str) -> str | None:
    """Where to write the workbook (tests replace this function)."""
    path, _ = QFileDialog.getSaveFileName(parent, _tr("Export workbook (Excel)"), suggested,
                                          _tr("Excel workbooks (*.xlsx);;All files (*)"))
    if path and Path(path).suffix.lower() != ".xlsx":
        path += ".xlsx"
    return path or None


def ask_csv_folder(parent: QWidget | None, suggested: str) -> str | None:
    """The folder for the CSV files (tests replace this function)."""
    path = QFileDialog.getExistingDirectory(parent, _tr("Export tables (CSV): choose a folder"), suggested)
    return path or None


def _write(plan: Plan, catalog: Catalog, results: Results, fmt: str, target: Path, locale: str, imperial: bool,
           progress: ProgressFn, cancelled: CancelFn) -> list[Path]:
    """The tables and files of one export (a pool thread, on its own snapshot and its results)."""
    from planner.reports.tables import document_info, plan_tables

    sheets = plan_tables(plan, catalog, results, imperial=imperial, progress=lambda f, stage: progress(0.3 * f, stage))
    if cancelled():
        raise Cancelled("cancelled")

    def later(f: float, stage: str) -> None:
        progress(0.3 + 0.7 * f, stage)

    if fmt == "xlsx":
        from planner.reports.xlsx import write_workbook

        return [write_workbook(sheets, target, progress=later, cancel=cancelled, info=document_info(plan))]
    from planner.reports.csvout import write_csv_files

    return write_csv_files(sheets, target, locale, progress=later, cancel=cancelled)


class TablesExporter(PlanExporter):
    """Runs table exports for one main window (``ui.exports.exporting.PlanExporter``); ``finished``
    carries the paths written."""

    def __init__(self, doc: Document, window: QWidget, settings: AppSettings | None = None) -> None:
        super().__init__(doc, window, settings, name="table export", object_name="tablesExportProgress")
        self.last_paths: list[Path] = []

    def _texts(self) -> ExportTexts:
        return ExportTexts(
            title=_tr("Export tables"), failed_title=_tr("Cannot export tables"),
            already_running=_tr("An export is already running."), working=_tr("Writing the tables\u2026"),
            stage=_tr("Writing the tables: {stage}\u2026"), started=_tr("Exporting the tables to {name}\u2026"),
            failed=_tr("Table export failed"), cancelled=_tr("Table export cancelled; nothing was written"),
            cancel=_tr("Cancel"), cancelling=_tr("Cancelling\u2026"))

    # -- Excel -------------------------------------------------------------------------------------
    def export_xlsx(self, path: str | None = None) -> bool:
        """Ask for the workbook's file (unless ``path``) and start. False if nothing started."""
        if self.refuse_if_busy():
            return False
        if path is None:
            path = ask_xlsx_path(self.window, str(self._folder() / f"{self._stem('plan')}.xlsx"))
            if not path:
                return False
            self._chosen(path)
        return self._start("xlsx", Path(path), "en")

    # -- CSV ---------------------------------------------------------------------------------------
    def export_csv(self, folder: str | None = None, locale: str | None = None) -> bool:
        """Without a folder: open the options dialog; on OK ask for the folder and start
        (True: the dialog is open). With a folder: start at once (``locale`` or the
        remembered or system one)."""
        if self.refuse_if_busy():
            return False
        if folder is not None:
            from ui.dialogs.table_export import system_csv_locale

            chosen = locale or (self.settings.csv_locale if self.settings is not None else None) or system_csv_locale()
            return self._start("csv", Path(folder), chosen)
        from ui.dialogs.table_export import CsvOptionsDialog

        self.job.ask(lambda: CsvOptionsDialog(self.settings, self.window), self._csv_options_chosen)
        return True

    def _csv_options_chosen(self, dlg: CsvOptionsDialog) -> None:
        dlg.remember()
        locale = dlg.csv_locale()
        folder = ask_csv_folder(self.window, str(self._folder() / f"{self._stem('plan')}-tables"))
        if folder:
            self._chosen(Path(folder).parent)
            self._start("csv", Path(folder), locale)

    # -- the run -----------------------------------------------------------------------------------
    def _start(self, fmt: str, target: Path, locale: str) -> bool:
        if fmt == "csv" and target.exists() and not target.is_dir():
            dialogs.show_error(self.window, _tr("Cannot export tables"),
                               _tr("{path} is a file; the CSV tables are written into a folder.").format(
                                   path=target))
            return False
        imperial = self.imperial
        return self.run(
            target, lambda plan, catalog, results, progress, cancelled: _write(plan, catalog, results, fmt, target,
                                                                               locale, imperial, progress, cancelled),
            written=self._written, failure=lambda e: self._failure(e, target))

    # -- GUI thread: how the worker ended ----------------------------------------------------------
    def _written(self, paths: list[Path]) -> str:
        self.last_paths = list(paths)
        if len(paths) == 1:
            return _tr("Workbook written: {path}").format(path=paths[0])
        return _tr("{count} CSV files written to {folder}").format(count=len(paths),
                                                                  folder=paths[0].parent if paths else "")

    def _failure(self, e: BaseException, target: Path) -> str:
        """The error dialog's message for a failed export."""
        if isinstance(e, OSError):
            return self.write_error_text(e, target)
        return _tr("The tables could not be made.\n\n{error}").format(error=f"{type(e).__name__}: {e}")
