"""File > Export Build Plan (PDF)...: the printed build plan, written off the GUI thread.

First the options dialog (``ui.dialogs.export_options.ExportOptionsDialog``: sections, contents,
paper; remembered in the settings), opened window-modal without a nested event loop;
on OK the file dialog, then the export.

The plan is copied on the GUI thread (a snapshot, so edits made meanwhile cannot race
the writer); a ``ui.tasks.BackgroundTask`` runs the engine on the snapshot and
``planner.reports.build_plan_pdf`` (which writes atomically) off the GUI thread.
Progress, success, failure and cancellation come back on the GUI thread and are shown
there (``ui.tasks.ProgressJob``, shared with the table exports): a ``QProgressDialog``
with Cancel, the status bar, an error dialog. The worker
never touches a widget; Cancel sets the run's cancel flag, which the writer polls, and a
cancelled export writes nothing (an existing file stays as it was).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from ui import dialogs
from ui.tasks import ProgressJob

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from ui.document import Document

log = logging.getLogger(__name__)

PDF_FILTER = "PDF documents (*.pdf);;All files (*)"


def ask_pdf_path(parent: QWidget | None, suggested: str) -> str | None:
    """Where to write the PDF (tests replace this function)."""
    path, _ = QFileDialog.getSaveFileName(parent, QCoreApplication.translate("Export", "Export build plan (PDF)"), suggested, PDF_FILTER)
    if path and not Path(path).suffix:
        path += ".pdf"
    return path or None


def _export(snapshot: Any, catalog: Catalog, engine_settings: Any, path: Path, options: Any,
            progress: Any, cancelled: Any) -> Any:
    """The work of one export (a pool thread, on its own snapshot): engine, then the PDF."""
    from planner.engine import Engine
    from planner.reports import ReportCancelled, build_plan_pdf

    results = Engine(catalog, engine_settings).compute(snapshot)
    if cancelled():
        raise ReportCancelled("cancelled")
    return build_plan_pdf(snapshot, catalog, results, path, options, progress=progress, cancel=cancelled)


def _failure_text(e: BaseException, path: Path) -> tuple[str, str]:
    """(message, details) for the error dialog of a failed export."""
    if isinstance(e, OSError):
        return f"{path.name} could not be written.\n\n{e.strerror or e}", str(e)
    return f"The build plan could not be made.\n\n{type(e).__name__}: {e}", f"{type(e).__name__}: {e}"


class BuildPlanExporter(QObject):
    """Runs exports for one main window. ``finished(summary)``, ``failed(message)`` and
    ``cancelled()`` are emitted on the GUI thread after the user has been told."""

    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, doc: Document, window: QWidget, settings: Any = None) -> None:
        super().__init__(window)
        self.doc = doc
        self.window = window
        self.settings = settings
        self.job = ProgressJob(window, "build plan export", title=self.tr("Export build plan"),
                               object_name="exportProgress", cancel_text=self.tr("Cancel"),
                               cancelling_text=self.tr("Cancelling\u2026"), expected_errors=(OSError,))
        self.last_path: Path | None = None

    @property
    def busy(self) -> bool:
        return self.job.busy

    @property
    def dialog(self) -> Any:
        """The progress dialog while an export runs."""
        return self.job.dialog

    @property
    def options_dialog(self) -> Any:
        """ui.dialogs.export_options.ExportOptionsDialog while it is open."""
        return self.job.options_dialog

    @property
    def last_thread_id(self) -> int | None:
        """The thread the last export ran in."""
        return self.job.last_thread_id

    def _suggested(self) -> str:
        if self.last_path is not None:
            return str(self.last_path)
        if self.doc.path is not None:
            return str(self.doc.path.with_suffix(".pdf"))
        stem = "".join(c if c.isalnum() or c in "-_ " else "_" for c in (self.doc.plan.metadata.project or ""))
        return (stem.strip() or "build-plan") + ".pdf"

    def _options(self) -> Any:
        """The remembered choices (sections, contents, paper) with the app's units."""
        from planner.reports import ReportOptions

        s = self.settings
        units = getattr(s, "units", "metric") if s is not None else "metric"
        if s is None or not hasattr(s, "report_sections"):
            return ReportOptions(imperial=units == "imperial")
        return ReportOptions(imperial=units == "imperial", sections=s.report_sections or ReportOptions().sections,
                             page_size=s.report_page_size, toc=s.report_toc)

    def export(self, path: str | None = None, options: Any = None) -> bool:
        """Without a path: open the options dialog; on OK, ask for the file and start
        (True: the dialog is open). With a path: start at once with ``options`` or the
        remembered ones. False if nothing started."""
        if self.busy:
            dialogs.show_info(self.window, self.tr("Export build plan"), self.tr("An export is already running."))
            return False
        if path is not None:
            return self._start(Path(path), options or self._options())
        from ui.dialogs.export_options import ExportOptionsDialog

        self.job.ask(lambda: ExportOptionsDialog(self.settings, self.window), self._options_chosen)
        return True

    def _options_chosen(self, dlg: Any) -> None:
        dlg.remember()
        options = dlg.options()
        path = ask_pdf_path(self.window, self._suggested())
        if path:
            self._start(Path(path), options)

    def _start(self, target: Path, options: Any) -> bool:
        snapshot = self.doc.plan.snapshot()  # deep copy + own index, off-thread work reads it
        engine = getattr(self.doc, "engine", None)
        engine_settings = getattr(engine, "settings", None)
        if engine_settings is None and self.settings is not None:
            try:
                engine_settings = self.settings.engine_settings()
            except Exception:
                engine_settings = None
        catalog = self.doc.catalog
        self.last_path = target
        self.job.start(
            lambda progress, cancelled: _export(snapshot, catalog, engine_settings, target, options, progress,
                                                cancelled),
            label=self.tr("Writing the build plan\u2026"),
            stage_text=lambda stage: self.tr("Writing the build plan: {stage}\u2026").format(stage=stage),
            on_done=self._on_done, on_failed=lambda e: self._on_failed(*_failure_text(e, target)),
            on_cancelled=self._on_cancelled)
        self._status(self.tr("Exporting the build plan to {file}\u2026").format(file=target.name))
        return True

    def cancel(self) -> None:
        """Ask the running export to stop; it reports ``cancelled`` when it has."""
        self.job.cancel()

    def wait(self, msecs: int = 60_000) -> bool:
        return self.job.wait(msecs)

    # -- GUI thread: how the worker ended (the progress dialog is closed by then) -----------------
    def _on_done(self, summary: Any) -> None:
        extra = self.tr("; rack sheets one per layout ({n})").format(n=summary.rack_sheets) if summary.summarised \
            else ""
        extra += "".join(f"; {n}" for n in getattr(summary, "notes", []) if "no glyph" in n)
        self._status(self.tr("Build plan written: {path} (%n page(s){extra})", "", summary.pages).format(
            path=summary.path, extra=extra), 10_000)
        self.finished.emit(summary)

    def _on_failed(self, message: str, details: str) -> None:
        self._status(self.tr("Build plan export failed"), 10_000)
        dialogs.show_error(self.window, self.tr("Cannot export build plan"), message, details=details)
        self.failed.emit(message)

    def _on_cancelled(self) -> None:
        self._status(self.tr("Build plan export cancelled; nothing was written"), 8000)
        self.cancelled.emit()

    def _status(self, text: str, timeout: int = 0) -> None:
        self.job.status(text, timeout)
