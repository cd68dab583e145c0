"""File > Export Build Plan (PDF)...: the printed build plan, written off the GUI thread.

First the options dialog (``ui.dialogs.export_options.ExportOptionsDialog``: sections, contents,
paper; remembered in the settings), opened window-modal without a nested event loop;
on OK the file dialog, then the export.

What every export does (``ui.exports.exporting.PlanExporter``, shared with the table exports): the
plan is copied on the GUI thread; the engine runs on the snapshot and
``planner.reports.build_plan_pdf`` (which writes atomically) off the GUI thread; progress
with Cancel, the status bar and an error dialog on the GUI thread. The worker never touches
a widget; Cancel sets the run's cancel flag, which the writer polls, and a cancelled export
writes nothing (an existing file stays as it was).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from ui.exports.exporting import ExportTexts, PlanExporter
from ui.i18n import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.engine.results import Results
    from planner.model.plan import Plan
    from planner.reports import ReportOptions, ReportSummary
    from ui.dialogs.export_options import ExportOptionsDialog
    from ui.document import Document
    from ui.settings import AppSettings

log = logging.getLogger(__name__)

PDF_FILTER = QT_TRANSLATE_NOOP("Export", "PDF documents (*.pdf);;All files (*)")


def ask_pdf_path(parent: QWidget | None, suggested: str) -> str | None:
    """Where to write the PDF (tests replace this function)."""
    path, _ = QFileDialog.getSaveFileName(parent, QCoreApplication.translate("Export", "Export build plan (PDF)"), suggested,
                                          QCoreApplication.translate("Export", PDF_FILTER))
    if path and not Path(path).suffix:
        path += ".pdf"
    return path or None


def _write(plan: Plan, catalog: Catalog, results: Results, path: Path, options: ReportOptions,
           progress: ProgressFn, cancelled: CancelFn) -> ReportSummary:
    """The PDF of one export (a pool thread, on its own snapshot and its results)."""
    from planner.reports import build_plan_pdf

    return build_plan_pdf(plan, catalog, results, path, options, progress=progress, cancel=cancelled)


class BuildPlanExporter(PlanExporter):
    """Runs build plan exports for one main window (``ui.exports.exporting.PlanExporter``)."""

    def __init__(self, doc: Document, window: QWidget, settings: AppSettings | None = None) -> None:
        super().__init__(doc, window, settings, name="build plan export", object_name="exportProgress")
        self.last_path: Path | None = None

    def _texts(self) -> ExportTexts:
        return ExportTexts(
            title=self.tr("Export build plan"), failed_title=self.tr("Cannot export build plan"),
            already_running=self.tr("An export is already running."),
            working=self.tr("Writing the build plan\u2026"),
            stage=self.tr("Writing the build plan: {stage}\u2026"),
            started=self.tr("Exporting the build plan to {file}\u2026"),
            failed=self.tr("Build plan export failed"),
            cancelled=self.tr("Build plan export cancelled; nothing was written"),
            cancel=self.tr("Cancel"), cancelling=self.tr("Cancelling\u2026"))

    def _suggested(self) -> str:
        if self.last_path is not None:
            return str(self.last_path)
        if self.doc.path is not None:
            return str(self.doc.path.with_suffix(".pdf"))
        return str(self._folder() / (self._stem("build-plan") + ".pdf"))

    def _options(self) -> ReportOptions:
        """The remembered choices (sections, contents, paper) with the app's units."""
        from planner.reports import ReportOptions

        s = self.settings
        if s is None:
            return ReportOptions(imperial=self.imperial)
        return ReportOptions(imperial=self.imperial, sections=s.report_sections or ReportOptions().sections,
                             page_size=s.report_page_size, toc=s.report_toc)

    def export(self, path: str | None = None, options: ReportOptions | None = None) -> bool:
        """Without a path: open the options dialog; on OK, ask for the file and start
        (True: the dialog is open). With a path: start at once with ``options`` or the
        remembered ones. False if nothing started."""
        if self.refuse_if_busy():
            return False
        if path is not None:
            return self._start(Path(path), options or self._options())
        from ui.dialogs.export_options import ExportOptionsDialog

        self.job.ask(lambda: ExportOptionsDialog(self.settings, self.window), self._options_chosen)
        return True

    def _options_chosen(self, dlg: ExportOptionsDialog) -> None:
        dlg.remember()
        options = dlg.options()
        path = ask_pdf_path(self.window, self._suggested())
        if path:
            self._chosen(path)
            self._start(Path(path), options)

    def _start(self, target: Path, options: ReportOptions) -> bool:
        self.last_path = target
        return self.run(
            target, lambda plan, catalog, results, progress, cancelled: _write(plan, catalog, results, target, options,
                                                                               progress, cancelled),
            written=self._written, failure=lambda e: self._failure(e, target))

    # -- GUI thread: how the worker ended ----------------------------------------------------------
    def _written(self, summary: ReportSummary) -> str:
        extra = self.tr("; rack sheets one per layout ({n})").format(n=summary.rack_sheets) if summary.summarised \
            else ""
        extra += "".join(f"; {n}" for n in summary.notes if "no glyph" in n)
        return self.tr("Build plan written: {path} (%n page(s){extra})", "", summary.pages).format(
            path=summary.path, extra=extra)

    def _failure(self, e: BaseException, path: Path) -> str:
        """The error dialog's message for a failed export."""
        if isinstance(e, OSError):
            return self.write_error_text(e, path)
        return self.tr("The build plan could not be made.\n\n{error}").format(error=f"{type(e).__name__}: {e}")
