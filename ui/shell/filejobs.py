"""Open and Save off the GUI thread, with the window usable meanwhile.

The file is read or written by a :class:`ui.tasks.BackgroundTask` (one task for the
window's plan files: an open and a save never run at once). The caller waits for it with
the event loop running (a local ``QEventLoop``, as a dialog's ``exec()`` does): the window
repaints, timers run, the user can scroll, select and edit. So the controllers keep their
plain "did it work?" answers (Quit's save prompt, the repository's save-then-push) while no
file work runs on the GUI thread.

What the user sees: after :data:`SHOW_AFTER_MS` a busy bar in the status bar with what
runs ("Saving plan.rackplan…"). Not a modal progress dialog (``ProgressJob``'s): that
would block the very window the user should be able to keep working in. The file formats
report no fractions, so the bar is a busy indicator.

What the work gets is its own data: a save writes a snapshot of the plan taken when Save
was chosen (edits made meanwhile stay in the window, unsaved); an open reads into a new
plan that replaces the old one only when it has landed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEventLoop, QObject, QTimer
from PySide6.QtWidgets import QMainWindow, QProgressBar, QWidget

from planner.base.progress import ProgressFn
from planner.files.plan_io import PlanFormatError
from ui.tasks import BackgroundTask

T = TypeVar("T")
SHOW_AFTER_MS = 400  # quicker jobs show nothing (as QProgressDialog's minimumDuration)
TASK_NAME = "plan file"  # the task's name: tests hold its runs by it (ui.tasks.reports)


class FileJobs(QObject):
    """Runs one open or save at a time for ``window`` (see the module docstring)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        # a file that cannot be read or written is an ordinary outcome (its dialog says why)
        self.task = BackgroundTask(self, TASK_NAME, expected_errors=(PlanFormatError, OSError, ValueError))
        self.label = ""  # what runs now ("Saving plan.json…"), "" when idle
        self._loop: QEventLoop | None = None
        self._bar: QProgressBar | None = None
        self._show = QTimer(self)
        self._show.setSingleShot(True)
        self._show.setInterval(SHOW_AFTER_MS)
        self._show.timeout.connect(self._show_bar)

    @property
    def busy(self) -> bool:
        """An open or save is running (its caller is waiting for it)."""
        return self._loop is not None

    def run(self, work: Callable[[ProgressFn], T], label: str) -> tuple[str, T | BaseException | None]:
        """Run ``work(progress)`` off the GUI thread and wait for it with the event loop
        running: ("done", result), ("failed", exception), or ("stopped", None) when the
        application quit before the work ended. Never nested: call it only when not busy."""
        if self._loop is not None:
            raise RuntimeError(f"{TASK_NAME}: {label!r} started while {self.label!r} runs")
        loop = QEventLoop(self)
        ended: dict[str, object] = {}

        def finish(kind: str, value: object = None) -> None:
            ended["kind"], ended["value"] = kind, value
            loop.quit()

        self._loop, self.label = loop, label
        self.task.start(lambda progress, _cancelled: work(progress), on_done=lambda r: finish("done", r),
                        on_failed=lambda e: finish("failed", e), on_cancelled=lambda: finish("stopped"))
        self._show.start()
        try:
            loop.exec()  # reports arrive queued, never inside start: the loop is running by then
        finally:
            self._loop, self.label = None, ""
            self._show.stop()
            self._hide_bar()
        kind = str(ended.get("kind", "stopped"))  # no end reported: the application is quitting
        return kind, ended.get("value")  # type: ignore[return-value]

    # -- the status bar's busy bar -------------------------------------------------------------
    def _show_bar(self) -> None:
        if not self.busy or not isinstance(self.window, QMainWindow):
            return
        sb = self.window.statusBar()
        if self._bar is None:
            self._bar = QProgressBar(sb)
            self._bar.setObjectName("fileProgress")
            self._bar.setRange(0, 0)  # busy: the file formats give no fractions
            self._bar.setMaximumWidth(160)
            self._bar.setTextVisible(False)
            sb.addPermanentWidget(self._bar)
        self._bar.setToolTip(self.label)
        self._bar.show()
        sb.showMessage(self.label)

    def _hide_bar(self) -> None:
        if self._bar is not None and self._bar.isVisible():
            self._bar.hide()
            if isinstance(self.window, QMainWindow) and self.window.statusBar().currentMessage() == self._bar.toolTip():
                self.window.statusBar().clearMessage()
