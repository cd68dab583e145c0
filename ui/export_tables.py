"""File > Export Workbook (Excel)... and File > Export Tables (CSV)...: the plan's
hand-off tables (BOM, cable schedule, racks, power sources and feeds, PDUs, workload verdicts),
written off the GUI thread.

Excel: the file dialog, then the export. CSV: the options dialog
(``ui.dialogs.table_export.CsvOptionsDialog``: which spreadsheet settings, opened
window-modal without a nested event loop), then a folder, then the export. As the PDF
export does (ui/export.py): the plan is copied on the GUI thread; a
``ui.tasks.BackgroundTask`` runs the engine on the snapshot, makes the tables
(``planner.reports.tables``) and writes them (``planner.reports.xlsx`` /
``planner.reports.csvout``, atomically; CSV all files or none) in a pool thread; progress
with Cancel, the status bar and an error dialog on the GUI thread (``ui.tasks.ProgressJob``). A cancelled export
writes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from ui import dialogs
from ui.tasks import ProgressJob

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from ui.document import Document


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


def _export(snapshot: Any, catalog: Catalog, engine_settings: Any, fmt: str, target: Path, locale: str, imperial: bool,
            progress: Any, cancelled: Any) -> list[Path]:
    """The work of one export (a pool thread, on its own snapshot): engine, tables, files."""
    from planner.engine import Engine
    from planner.reports.tables import document_info, plan_tables
    from planner.reports.xlsx import ExportCancelled

    results = Engine(catalog, engine_settings).compute(snapshot)
    if cancelled():
        raise ExportCancelled("cancelled")
    sheets = plan_tables(snapshot, catalog, results, imperial=imperial,
                         progress=lambda f, stage: progress(0.3 * f, stage))
    if cancelled():
        raise ExportCancelled("cancelled")

    def later(f: float, stage: str) -> None:
        progress(0.3 + 0.7 * f, stage)

    if fmt == "xlsx":
        from planner.reports.xlsx import write_workbook

        return [write_workbook(sheets, target, progress=later, cancel=cancelled, info=document_info(snapshot))]
    from planner.reports.csvout import write_csv_files

    return write_csv_files(sheets, target, locale, progress=later, cancel=cancelled)


class TablesExporter(QObject):
    """Runs table exports for one main window. ``finished(paths)``, ``failed(message)``
    and ``cancelled()`` are emitted on the GUI thread after the user has been told."""

    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, doc: Document, window: QWidget, settings: Any = None) -> None:
        super().__init__(window)
        self.doc = doc
        self.window = window
        self.settings = settings
        self.job = ProgressJob(window, "table export", title=_tr("Export tables"), object_name="tablesExportProgress",
                               cancel_text=_tr("Cancel"), cancelling_text=_tr("Cancelling\u2026"),
                               expected_errors=(OSError,))
        self.last_paths: list[Path] = []

    @property
    def busy(self) -> bool:
        return self.job.busy

    @property
    def dialog(self) -> Any:
        """The progress dialog while an export runs."""
        return self.job.dialog

    @property
    def options_dialog(self) -> Any:
        """The CSV options dialog while it is open."""
        return self.job.options_dialog

    @property
    def last_thread_id(self) -> int | None:
        """The thread the last export ran in."""
        return self.job.last_thread_id

    def _stem(self) -> str:
        if self.doc.path is not None:
            return self.doc.path.stem
        stem = "".join(c if c.isalnum() or c in "-_ " else "_" for c in (self.doc.plan.metadata.project or ""))
        return stem.strip() or "plan"

    def _folder(self) -> Path:
        return self.doc.path.parent if self.doc.path is not None else Path.home()

    def _imperial(self) -> bool:
        return getattr(self.settings, "units", "metric") == "imperial" if self.settings is not None else False

    def _refuse_if_busy(self) -> bool:
        if self.busy:
            dialogs.show_info(self.window, _tr("Export tables"), _tr("An export is already running."))
            return True
        return False

    # -- Excel -------------------------------------------------------------------------------------
    def export_xlsx(self, path: str | None = None) -> bool:
        """Ask for the workbook's file (unless ``path``) and start. False if nothing started."""
        if self._refuse_if_busy():
            return False
        if path is None:
            path = ask_xlsx_path(self.window, str(self._folder() / f"{self._stem()}.xlsx"))
            if not path:
                return False
        return self._start("xlsx", Path(path), "en")

    # -- CSV ---------------------------------------------------------------------------------------
    def export_csv(self, folder: str | None = None, locale: str | None = None) -> bool:
        """Without a folder: open the options dialog; on OK ask for the folder and start
        (True: the dialog is open). With a folder: start at once (``locale`` or the
        remembered or system one)."""
        if self._refuse_if_busy():
            return False
        if folder is not None:
            from ui.dialogs.table_export import system_csv_locale

            chosen = locale or getattr(self.settings, "csv_locale", None) or system_csv_locale()
            return self._start("csv", Path(folder), chosen)
        from ui.dialogs.table_export import CsvOptionsDialog

        self.job.ask(lambda: CsvOptionsDialog(self.settings, self.window), self._csv_options_chosen)
        return True

    def _csv_options_chosen(self, dlg: Any) -> None:
        dlg.remember()
        locale = dlg.csv_locale()
        folder = ask_csv_folder(self.window, str(self._folder() / f"{self._stem()}-tables"))
        if folder:
            self._start("csv", Path(folder), locale)

    # -- the run -----------------------------------------------------------------------------------
    def _start(self, fmt: str, target: Path, locale: str) -> bool:
        if fmt == "csv" and target.exists() and not target.is_dir():
            dialogs.show_error(self.window, _tr("Cannot export tables"),
                               _tr("{path} is a file; the CSV tables are written into a folder.").format(
                                   path=target))
            return False
        snapshot = self.doc.plan.snapshot()
        engine_settings = self.doc.engine_settings
        catalog = self.doc.catalog
        imperial = self._imperial()
        self.job.start(
            lambda progress, cancelled: _export(snapshot, catalog, engine_settings, fmt, target, locale, imperial,
                                                progress, cancelled),
            label=_tr("Writing the tables\u2026"),
            stage_text=lambda stage: _tr("Writing the tables: {stage}\u2026").format(stage=stage),
            on_done=self._on_done, on_failed=lambda e: self._on_failed(e, target), on_cancelled=self._on_cancelled)
        self._status(_tr("Exporting the tables to {name}\u2026").format(name=target.name))
        return True

    def cancel(self) -> None:
        self.job.cancel()

    def wait(self, msecs: int = 60_000) -> bool:
        return self.job.wait(msecs)

    # -- GUI thread: how the worker ended (the progress dialog is closed by then) -----------------
    def _on_done(self, paths: list[Path]) -> None:
        self.last_paths = list(paths)
        if len(paths) == 1:
            text = _tr("Workbook written: {path}").format(path=paths[0])
        else:
            text = _tr("{count} CSV files written to {folder}").format(count=len(paths),
                                                                       folder=paths[0].parent if paths else "")
        self._status(text, 10_000)
        self.finished.emit(list(paths))

    def _on_failed(self, e: BaseException, target: Path) -> None:
        if isinstance(e, PermissionError):
            message = _tr("{name} could not be written.\n\n{reason}\n\nIf the file is open in another program "
                          "(Excel locks the files it has open), close it there and export again.").format(
                name=Path(e.filename).name if e.filename else target.name, reason=e.strerror or e)
        elif isinstance(e, OSError):
            message = _tr("{name} could not be written.\n\n{reason}").format(
                name=Path(e.filename).name if e.filename else target.name, reason=e.strerror or e)
        else:
            message = _tr("The tables could not be made.\n\n{error}").format(error=f"{type(e).__name__}: {e}")
        self._status(_tr("Table export failed"), 10_000)
        dialogs.show_error(self.window, _tr("Cannot export tables"), message, details=f"{type(e).__name__}: {e}")
        self.failed.emit(message)

    def _on_cancelled(self) -> None:
        self._status(_tr("Table export cancelled; nothing was written"), 8000)
        self.cancelled.emit()

    def _status(self, text: str, timeout: int = 0) -> None:
        self.job.status(text, timeout)
