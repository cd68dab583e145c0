"""What the plan exports share (File > Export Build Plan, Export Workbook, Export Tables,
Export NetBox Import Files): one :class:`PlanExporter` per main window and kind of export, built on ``ui.tasks.ProgressJob``.

An export copies the plan on the GUI thread (a snapshot, so edits made meanwhile cannot
race the writer); the pool thread runs the engine on the snapshot and then the export's own
``write(plan, catalog, results, progress, cancelled)``, which writes atomically. Progress
with Cancel, the status bar and an error dialog are shown on the GUI thread; a cancelled
export writes nothing. A subclass says only what differs: its texts (translated in its own
context), what it writes, what the status bar says when it is written and how a failure
reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QDialog, QProgressDialog, QWidget

from planner.base.progress import CancelFn, Cancelled, ProgressFn
from ui import dialogs
from ui.tasks import ProgressJob

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.engine import EngineSettings
    from planner.engine.results import Results
    from planner.model.plan import Plan
    from ui.document import Document
    from ui.settings import AppSettings

T = TypeVar("T")


@dataclass(frozen=True)
class ExportTexts:
    """The words of one kind of export, translated in the exporter's context."""

    title: str  # the progress dialog's title, and the "already running" note's
    failed_title: str  # the error dialog's title
    already_running: str
    working: str  # the progress dialog's label until the first stage
    stage: str  # ... for a stage the writer reports: "{stage}"
    started: str  # the status bar when it starts: "{file}" or "{name}" (the file or folder's name)
    failed: str  # the status bar after a failure
    cancelled: str  # the status bar after Cancel (nothing was written)
    cancel: str  # the progress dialog's button
    cancelling: str  # its label once Cancel was pressed


class PlanExporter(QObject):
    """Runs one kind of export for one main window. ``finished(result)`` (what ``write``
    returned), ``failed(message)`` and ``cancelled()`` are emitted on the GUI thread after
    the user has been told."""

    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, doc: Document, window: QWidget, settings: AppSettings | None, *, name: str,
                 object_name: str) -> None:
        super().__init__(window)
        self.doc = doc
        self.window = window
        self.settings = settings
        self.texts = self._texts()
        self.job = ProgressJob(window, name, title=self.texts.title, object_name=object_name,
                               cancel_text=self.texts.cancel, cancelling_text=self.texts.cancelling,
                               expected_errors=(OSError,))

    def _texts(self) -> ExportTexts:
        """The export's words (a subclass's, so that they are translated in its context)."""
        raise NotImplementedError

    @property
    def busy(self) -> bool:
        return self.job.busy

    @property
    def dialog(self) -> QProgressDialog | None:
        """The progress dialog while an export runs."""
        return self.job.dialog

    @property
    def options_dialog(self) -> QDialog | None:
        """The export's options dialog while it is open."""
        return self.job.options_dialog

    @property
    def last_thread_id(self) -> int | None:
        """The thread the last export ran in."""
        return self.job.last_thread_id

    @property
    def imperial(self) -> bool:
        """The app's display units are imperial (the export shows them too)."""
        return self.settings is not None and self.settings.units == "imperial"

    def _stem(self, default: str) -> str:
        """A file name for the export: the plan file's, else the project's (safe characters only)."""
        from ui.settings import file_stem

        if self.doc.path is not None:
            return self.doc.path.stem
        return file_stem(self.doc.plan.metadata.project, default)

    def _folder(self) -> Path:
        """Where the export's file dialog opens: the plan file's folder, else the folder
        last used, else the user's documents folder (never the working folder)."""
        from ui.settings import documents_folder

        if self.doc.path is not None:
            return self.doc.path.parent
        return self.settings.start_folder() if self.settings is not None else documents_folder()

    def _chosen(self, path: str | Path) -> None:
        """Remember the folder the user chose for the next dialog."""
        if self.settings is not None:
            self.settings.remember_folder(path)

    def _engine_settings(self) -> EngineSettings | None:
        """The running engine's thresholds, else the app's (a document without an engine)."""
        engine_settings = self.doc.engine_settings
        if engine_settings is None and self.settings is not None:
            engine_settings = self.settings.engine_settings()
        return engine_settings

    def refuse_if_busy(self) -> bool:
        """True (and the user told so) while an export runs."""
        if self.busy:
            dialogs.show_info(self.window, self.texts.title, self.texts.already_running)
            return True
        return False

    def run(self, target: Path, write: Callable[[Plan, Catalog, Results, ProgressFn, CancelFn], T], *,
            written: Callable[[T], str], failure: Callable[[BaseException], str]) -> bool:
        """Start the export to ``target`` (a file or folder). ``write`` runs in the pool on
        the snapshot and its results and returns what ``finished`` carries; ``written(result)``
        is the status bar's text then, ``failure(exception)`` the error dialog's message."""
        snapshot = self.doc.plan.snapshot()  # deep copy + own index, off-thread work reads it
        catalog = self.doc.catalog
        engine_settings = self._engine_settings()

        def work(progress: ProgressFn, cancelled: CancelFn) -> T:
            from planner.engine import Engine

            results = Engine(catalog, engine_settings).compute(snapshot)
            if cancelled():
                raise Cancelled("cancelled")
            return write(snapshot, catalog, results, progress, cancelled)

        def done(result: T) -> None:
            self.status(written(result), 10_000)
            self.finished.emit(result)

        self.job.start(work, label=self.texts.working, stage_text=lambda stage: self.texts.stage.format(stage=stage),
                       on_done=done, on_failed=lambda e: self._failed(failure(e), e),
                       on_cancelled=self._cancelled)
        self.status(self.texts.started.format(file=target.name, name=target.name))
        return True

    @staticmethod
    def write_error_text(e: OSError, target: Path) -> str:
        """The error dialog's message when the export's file could not be written (every
        export says it alike): the file's name, the system's reason and, when access was
        refused, the likely cause."""
        name = Path(e.filename).name if e.filename else target.name
        if isinstance(e, PermissionError):
            return QCoreApplication.translate(
                "PlanExporter", "{name} could not be written.\n\n{reason}\n\nIf the file is open in another program "
                "(Excel and PDF viewers lock the files they have open), close it there and export again.").format(
                name=name, reason=e.strerror or e)
        return QCoreApplication.translate("PlanExporter", "{name} could not be written.\n\n{reason}").format(
            name=name, reason=e.strerror or e)

    def cancel(self) -> None:
        """Ask the running export to stop; it reports ``cancelled`` when it has."""
        self.job.cancel()

    def wait(self, msecs: int = 60_000) -> bool:
        return self.job.wait(msecs)

    def status(self, text: str, timeout: int = 0) -> None:
        self.job.status(text, timeout)

    # -- GUI thread: how the worker ended (the progress dialog is closed by then) -----------------
    def _failed(self, message: str, e: BaseException) -> None:
        self.status(self.texts.failed, 10_000)
        dialogs.show_error(self.window, self.texts.failed_title, message, details=f"{type(e).__name__}: {e}")
        self.failed.emit(message)

    def _cancelled(self) -> None:
        self.status(self.texts.cancelled, 8000)
        self.cancelled.emit()


__all__ = ["ExportTexts", "PlanExporter"]
