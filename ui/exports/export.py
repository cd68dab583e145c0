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

A comparison page (issue 32): the options dialog lists one to three other plan files; the
worker loads and computes each (:func:`planner.design.compare.load_build`), compares them with
the snapshot (:func:`planner.design.compare.compare_builds`, A the open plan) and hands the
comparison to the build plan as the CLI's ``report --compare`` does. A file that cannot be
read fails the export with a dialog naming it; nothing is written. :class:`ComparisonExporter`
does the same for the wizard's Compare: option A's generated plan with the candidates' page.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from ui.exports.exporting import ExportTexts, PlanExporter
from ui.i18n import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.design.compare import ComparedBuilds
    from planner.engine import EngineSettings
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
           progress: ProgressFn, cancelled: CancelFn, *, name: str = "", compare: tuple[str, ...] = (),
           settings: EngineSettings | None = None) -> ReportSummary:
    """The PDF of one export (a pool thread, on its own snapshot and its results);
    ``compare``: plan files for the comparison page (this plan, called ``name``, is A)."""
    from dataclasses import replace

    from planner.reports import build_plan_pdf

    if compare:
        from planner.base.progress import Cancelled
        from planner.design.compare import compare_builds, load_build

        others = []
        for path_b in compare:
            if cancelled():
                raise Cancelled("cancelled")
            others.append(load_build(path_b, catalog, settings))
        options = replace(options, comparison=compare_builds([(name, plan, results), *others], catalog))
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
        compare = tuple(dlg.compare_paths())
        path = ask_pdf_path(self.window, self._suggested())
        if path:
            self._chosen(path)
            self._start(Path(path), options, compare)

    def _start(self, target: Path, options: ReportOptions, compare: tuple[str, ...] = ()) -> bool:
        """Export to ``target``; ``compare``: plan files for a comparison page."""
        self.last_path = target
        name = self.doc.path.name if self.doc.path is not None else self.doc.display_name
        engine_settings = self._engine_settings()
        return self.run(
            target, lambda plan, catalog, results, progress, cancelled: _write(
                plan, catalog, results, target, options, progress, cancelled, name=name, compare=compare,
                settings=engine_settings),
            written=self._written, failure=lambda e: self._failure(e, target))

    # -- GUI thread: how the worker ended ----------------------------------------------------------
    def _written(self, summary: ReportSummary) -> str:
        extra = self.tr("; rack sheets one per layout ({n})").format(n=summary.rack_sheets) if summary.summarised \
            else ""
        if summary.cables_summarised:
            extra += self.tr("; cable schedule and pull list per pair of racks (%n cable(s): every one is in "
                             "Export Tables)", "", summary.cables)
        extra += "".join(f"; {n}" for n in summary.notes if "no glyph" in n)
        return self.tr("Build plan written: {path} (%n page(s){extra})", "", summary.pages).format(
            path=summary.path, extra=extra)

    def _failure(self, e: BaseException, path: Path) -> str:
        """The error dialog's message for a failed export."""
        from planner.files.plan_io import PlanFormatError

        if isinstance(e, PlanFormatError):  # a plan file of the comparison page (it names the file)
            return self.tr("The comparison page could not be made: {error}\n\nNothing was written.").format(
                error=str(e))
        if isinstance(e, OSError):
            return self.write_error_text(e, path)
        return self.tr("The build plan could not be made.\n\n{error}").format(error=f"{type(e).__name__}: {e}")


class ComparisonExporter(QObject):
    """The wizard's Compare > Export Build Plan (PDF)...: option A's generated plan with the
    comparison page of the candidates, through the options dialog (sections, paper; the
    page on or off), the file dialog and a :class:`ui.tasks.ProgressJob` (progress, Cancel).
    ``finished(summary)``, ``failed(message)``, ``cancelled()`` on the GUI thread."""

    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, compared: ComparedBuilds, catalog: Catalog, window: QWidget,
                 settings: AppSettings | None = None) -> None:
        from ui.tasks import ProgressJob

        super().__init__(window)
        self.compared = compared
        self.catalog = catalog
        self.window = window
        self.settings = settings
        self.last_path: Path | None = None
        self.job = ProgressJob(window, "comparison build plan export", title=self.tr("Export build plan"),
                               object_name="exportProgress", cancel_text=self.tr("Cancel"),
                               cancelling_text=self.tr("Cancelling\u2026"), expected_errors=(OSError,))

    @property
    def busy(self) -> bool:
        return self.job.busy

    @property
    def options_dialog(self):  # noqa: ANN201 - the open ExportOptionsDialog or None
        return self.job.options_dialog

    def _options(self, with_comparison: bool = True) -> ReportOptions:
        from planner.reports import ReportOptions

        s = self.settings
        imperial = s is not None and s.units == "imperial"
        cmp = self.compared.comparison if with_comparison else None
        if s is None:
            return ReportOptions(imperial=imperial, comparison=cmp)
        return ReportOptions(imperial=imperial, sections=s.report_sections or ReportOptions().sections,
                             page_size=s.report_page_size, toc=s.report_toc, comparison=cmp)

    def _suggested(self) -> str:
        from ui.settings import documents_folder, file_stem

        if self.last_path is not None:
            return str(self.last_path)
        folder = self.settings.start_folder() if self.settings is not None else documents_folder()
        return str(folder / (file_stem(self.compared.builds[0][1].metadata.project, "build-plan") + ".pdf"))

    def export(self, path: str | None = None) -> bool:
        """Without a path: the options dialog, then the file; with one: at once."""
        if self.busy:
            return False
        if path is not None:
            return self._start(Path(path), self._options())
        from ui.dialogs.export_options import ExportOptionsDialog

        names = [o.name for o in self.compared.comparison.options[1:]]
        self.job.ask(lambda: ExportOptionsDialog(self.settings, self.window, compared=names), self._options_chosen)
        return True

    def _options_chosen(self, dlg: ExportOptionsDialog) -> None:
        from dataclasses import replace

        dlg.remember()
        options = replace(dlg.options(), comparison=self.compared.comparison if dlg.with_comparison() else None)
        path = ask_pdf_path(self.window, self._suggested())
        if path:
            if self.settings is not None:
                self.settings.remember_folder(path)
            self._start(Path(path), options)

    def _start(self, target: Path, options: ReportOptions) -> bool:
        from planner.reports import build_plan_pdf

        self.last_path = target
        _name, plan, results = self.compared.builds[0]
        catalog = self.catalog

        def work(progress: ProgressFn, cancelled: CancelFn) -> ReportSummary:
            return build_plan_pdf(plan, catalog, results, target, options, progress=progress, cancel=cancelled)

        self.job.start(work, label=self.tr("Writing the build plan\u2026"),
                       stage_text=lambda stage: self.tr("Writing the build plan: {stage}\u2026").format(stage=stage),
                       on_done=self.finished.emit, on_failed=self._failed, on_cancelled=self.cancelled.emit)
        return True

    def _failed(self, e: BaseException) -> None:
        from ui import dialogs
        from ui.exports.exporting import PlanExporter

        message = (PlanExporter.write_error_text(e, self.last_path or Path()) if isinstance(e, OSError)
                   else self.tr("The build plan could not be made.\n\n{error}").format(error=f"{type(e).__name__}: {e}"))
        dialogs.show_error(self.window, self.tr("Cannot export build plan"), message,
                           details=f"{type(e).__name__}: {e}")
        self.failed.emit(message)

    def wait(self, msecs: int = 60_000) -> bool:
        return self.job.wait(msecs)
