"""Background tasks that report back on the GUI thread (the idea of Anki's
``aqt.operations``: one helper for every slow operation, instead of a QRunnable, a
signals object, a pool and a cancel flag written out for each).

    self.export_task = BackgroundTask(self, "build plan export")
    run = self.export_task.start(work, on_done=self._done, on_failed=self._failed,
                                 on_cancelled=self._cancelled, on_progress=self._progress)

- ``work(progress, cancelled)`` runs in the task's own one-thread ``QThreadPool`` (runs
  of one task never overlap: a second start waits for the first to finish). It gets the
  two callbacks of :mod:`planner.base.progress`: ``progress(fraction, stage)`` and
  ``cancelled() -> bool``; it stops by raising :class:`planner.base.progress.Cancelled` (or a
  subclass). It must work on its own data (a plan snapshot, copied rows): workers never
  touch widgets or the live plan.
- Every report comes back on the GUI thread through a queued signal, never inside
  ``start``: ``on_done(result)`` when ``work`` returned, ``on_cancelled()`` when it raised
  ``Cancelled``, ``on_failed(exc)`` when it raised anything else (the exception object,
  traceback attached; it is logged here, never raised in the pool), ``on_progress(fraction,
  stage)`` meanwhile (at most one every ``progress_interval_s``, except a new stage and
  the end; none after cancel was asked).
- A newer run supersedes an older one: ``start`` asks the previous run to stop and drops
  whatever it would still report (a stale result never overwrites a newer one);
  :meth:`BackgroundTask.discard` does the same without starting anything.
  :meth:`BackgroundTask.cancel` only asks the current run to stop: it still reports how
  it ended (``on_cancelled``, or ``on_done`` if it finished before it noticed).
- A task that is deleted (its owner closed) reports nothing more; its runs finish in
  the background and their results are dropped.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QDialog, QMainWindow, QProgressDialog, QWidget

from planner.base.progress import CancelFn, Cancelled, ProgressFn

log = logging.getLogger(__name__)

Work = Callable[[ProgressFn, CancelFn], object]
T = TypeVar("T")
D = TypeVar("D", bound=QDialog)
Callbacks = dict[str, Callable[..., object] | None]

_alive: set[Run] = set()  # runs whose end has not been handled on the GUI thread yet


class Run:
    """One start of a :class:`BackgroundTask`: its cancel flag and how it ended.

    ``outcome`` is "" while it runs, then "done", "failed" or "cancelled" (set by the
    worker); ``stale`` once a newer run or :meth:`BackgroundTask.discard` replaced it."""

    def __init__(self, task: BackgroundTask, number: int, work: Work, callbacks: Callbacks) -> None:
        self.task = task
        self.name = task.name
        self.number = number
        self.work: Work | None = work  # None once it ran (its snapshot may go)
        self.callbacks = callbacks
        self.stale = False
        self.outcome = ""
        self.thread_id: int | None = None  # the pool thread it ran in
        self.started_at: float | None = None  # perf_counter() when the worker began
        self.ended_at: float | None = None  # ... and when it left ``work``
        self.cancel_asked_at: float | None = None  # perf_counter() of the first cancel()
        self._event = threading.Event()
        self._last_emit = 0.0
        self._last_stage: str | None = None

    def __repr__(self) -> str:
        return f"<Run {self.name} #{self.number} {self.outcome or 'running'}{' stale' if self.stale else ''}>"

    # -- either thread --------------------------------------------------------------------
    def cancel(self) -> None:
        """Ask ``work`` to stop (its ``cancelled()`` returns True from now on)."""
        if not self._event.is_set():
            self.cancel_asked_at = time.perf_counter()
            self._event.set()

    def cancelled(self) -> bool:
        """True once cancel was asked (this is the check ``work`` gets)."""
        return self._event.is_set()

    @property
    def cancel_latency_s(self) -> float | None:
        """Seconds from the first :meth:`cancel` to the worker leaving ``work`` (None if not both)."""
        if self.cancel_asked_at is None or self.ended_at is None:
            return None
        return max(0.0, self.ended_at - self.cancel_asked_at)

    # -- the pool thread -----------------------------------------------------------------------
    def _progress(self, fraction: float, stage: str) -> None:
        if self._event.is_set():
            return
        interval = self.task.progress_interval_s
        now = time.perf_counter()
        if interval and now - self._last_emit < interval and stage == self._last_stage and fraction < 1.0:
            return
        self._last_emit, self._last_stage = now, stage
        try:
            _relay().progress.emit(self, float(fraction), stage)
        except RuntimeError:  # Qt's objects gone at interpreter exit
            if shiboken6.isValid(_relay()):
                raise

    def _execute(self) -> None:
        self.thread_id = threading.get_ident()
        self.started_at = time.perf_counter()
        kind: str
        payload: object = None
        work, self.work = self.work, None
        try:
            if work is None:  # a run is executed once
                raise RuntimeError(f"{self!r} executed twice")
            payload = work(self._progress, self.cancelled)
            kind = "done"
        except Cancelled:
            kind = "cancelled"
        except Exception as e:  # reported on the GUI thread, never raised in the pool
            if not isinstance(e, self.task.expected_errors):
                log.exception("%s failed", self.name)
            kind, payload = "failed", e
        finally:
            self.ended_at = time.perf_counter()
        self.outcome = kind
        del work  # its snapshot may go
        try:
            _relay().ended.emit(self, kind, payload)
        except RuntimeError:  # at interpreter exit Qt's objects go first: nobody is left to tell
            if shiboken6.isValid(_relay()):
                raise


class _Relay(QObject):
    """Carries reports from pool threads to the GUI thread (one for the application: it
    is never deleted, so a worker can always emit, whatever happened to its task)."""

    progress = Signal(object, float, str)  # run, fraction, stage
    ended = Signal(object, str, object)  # run, "done"/"failed"/"cancelled", result or exception

    def __init__(self) -> None:
        super().__init__()
        self.progress.connect(self._on_progress, Qt.ConnectionType.QueuedConnection)
        self.ended.connect(self._on_ended, Qt.ConnectionType.QueuedConnection)

    def _on_progress(self, run: Run, fraction: float, stage: str) -> None:
        if run.stale or run.cancelled() or not shiboken6.isValid(run.task):
            return
        cb = run.callbacks.get("on_progress")
        if cb is not None:
            cb(fraction, stage)

    def _on_ended(self, run: Run, kind: str, payload: object) -> None:
        _alive.discard(run)
        task = run.task
        if run.stale or not shiboken6.isValid(task):
            return
        task._ended(run)
        cb = run.callbacks.get(f"on_{kind}")
        if cb is None:
            return
        if kind == "done" or kind == "failed":
            cb(payload)
        else:
            cb()


class GuiThreadCollector(QObject):
    """Python's cyclic garbage collector, run on the GUI thread only.

    A collection frees whatever cyclic garbage there is, Qt wrappers among it, in the thread
    whose allocation triggered it; a wrapper whose C++ object lives on the GUI thread,
    destroyed from a worker, crashes the process (CI saw a segmentation fault in a
    collection at the end of a plan load in the background). As pyqtgraph's
    ``GarbageCollector`` does, the automatic collector is switched off for the application
    and this object collects on a timer in the GUI thread, by the thresholds the automatic
    collector would use. :mod:`planner.base.gcpause` sections find it off and leave it off.
    """

    INTERVAL_MS = 250
    FULL_EVERY_S = 10.0

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self.threshold = gc.get_threshold()
        gc.disable()
        self.collections = 0
        self._last_full = time.monotonic()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.collect)
        self.timer.start(self.INTERVAL_MS)

    def collect(self) -> None:
        """One collection of the generations that are due (none if nothing is)."""
        if threading.current_thread() is not threading.main_thread():
            return
        young, middle, old = gc.get_count()
        if young <= self.threshold[0]:
            return
        generation = 0
        if middle > self.threshold[1]:
            generation = 1
            # a full collection walks every unfrozen object of a big plan: the automatic
            # collector defers it until a quarter of them is new, this one to at most one
            # every FULL_EVERY_S seconds
            now = time.monotonic()
            if old > self.threshold[2] and now - self._last_full >= self.FULL_EVERY_S:
                generation, self._last_full = 2, now
        gc.collect(generation)
        self.collections += 1


_COLLECTOR: GuiThreadCollector | None = None


def collect_on_gui_thread() -> GuiThreadCollector | None:
    """Install the :class:`GuiThreadCollector` of the running application (once; called on
    the GUI thread before any worker starts). None without a Qt application."""
    global _COLLECTOR
    app = QCoreApplication.instance()
    if app is None:
        return None
    if _COLLECTOR is None or not shiboken6.isValid(_COLLECTOR):
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("the garbage collector's guard is installed from the GUI thread")
        _COLLECTOR = GuiThreadCollector(app)
    return _COLLECTOR


_RELAY: _Relay | None = None


def _relay() -> _Relay:
    global _RELAY
    if _RELAY is None:
        _RELAY = _Relay()
        app = QCoreApplication.instance()
        if app is not None and _RELAY.thread() is not app.thread():
            _RELAY.moveToThread(app.thread())
    return _RELAY


def reports() -> _Relay:
    """The object every run reports through: ``progress(run, fraction, stage)`` and
    ``ended(run, outcome, payload)``, emitted in the pool thread. A slot connected with
    ``Qt.DirectConnection`` runs there, in the worker (tests use it to hold a worker at a
    given point, as a slow machine would); the tasks' own delivery is queued."""
    return _relay()


class BackgroundTask(QObject):
    """One kind of background job of an owner (a document, a dialog, a panel): see the
    module docstring. ``expected_errors``: exception types that are ordinary outcomes
    (bad input, a refused edit, a file that cannot be written): reported through
    ``on_failed`` without a logged traceback."""

    def __init__(self, parent: QObject | None, name: str, *, progress_interval_s: float = 0.0,
                 expected_errors: tuple[type[BaseException], ...] = ()) -> None:
        super().__init__(parent)
        self.name = name
        self.progress_interval_s = progress_interval_s
        self.expected_errors = expected_errors
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.current: Run | None = None  # the latest run until its end is reported
        self.last: Run | None = None  # the latest run started
        self.runs = 0
        _relay()  # made on the GUI thread, before any worker needs it
        collect_on_gui_thread()  # no worker of this task ever runs a collection

    @property
    def running(self) -> bool:
        """A run was started and has not reported its end yet."""
        return self.current is not None

    def start(self, work: Callable[[ProgressFn, CancelFn], T], *, on_done: Callable[[T], object] | None = None,
              on_failed: Callable[[BaseException], object] | None = None,
              on_cancelled: Callable[[], object] | None = None,
              on_progress: Callable[[float, str], object] | None = None) -> Run:
        """Run ``work(progress, cancelled)`` in the pool; a previous run is superseded;
        ``on_done`` gets what ``work`` returned."""
        self.discard()
        self.runs += 1
        run = Run(self, self.runs, work, {"on_done": on_done, "on_failed": on_failed,
                                          "on_cancelled": on_cancelled, "on_progress": on_progress})
        self.current = self.last = run
        _alive.add(run)
        self.pool.start(run._execute)
        return run

    def cancel(self) -> None:
        """Ask the current run to stop; it still reports how it ended."""
        if self.current is not None:
            self.current.cancel()

    def discard(self) -> None:
        """Ask the current run to stop and drop everything it would still report."""
        run, self.current = self.current, None
        if run is not None:
            run.stale = True
            run.cancel()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until no run of this task is in the pool (tests, shutdown); its reports
        are still delivered through the event loop afterwards."""
        return self.pool.waitForDone(msecs)

    def _ended(self, run: Run) -> None:
        if run is self.current:
            self.current = None


class ProgressJob(QObject):
    """A :class:`BackgroundTask` a user waits for: the shape every export has (ui/exports/export.py,
    ui/exports/export_tables.py). An options dialog opened window-modal without a nested event loop
    (:meth:`ask`), then :meth:`start`: a window-modal ``QProgressDialog`` whose Cancel asks the
    run to stop, progress shown as it comes, the dialog closed before ``on_done``,
    ``on_failed`` or ``on_cancelled`` is called; :meth:`status` writes to the window's status
    bar. The texts are the caller's (translated in its own context)."""

    def __init__(self, window: QWidget, name: str, *, title: str, object_name: str, cancel_text: str,
                 cancelling_text: str, expected_errors: tuple[type[BaseException], ...] = ()) -> None:
        super().__init__(window)
        self.window = window
        self.task = BackgroundTask(self, name, expected_errors=expected_errors)
        self.title = title
        self.object_name = object_name
        self.cancel_text = cancel_text
        self.cancelling_text = cancelling_text
        self.run: Run | None = None  # the running export
        self.dialog: QProgressDialog | None = None
        self.options_dialog: QDialog | None = None  # while :meth:`ask` waits for an answer
        self.last_thread_id: int | None = None  # the thread the last run ran in
        self._stage_text: Callable[[str], str] | None = None
        self._in_progress = False  # inside the progress dialog's setValue
        self._dispose: QProgressDialog | None = None  # closed inside setValue, to delete after it

    @property
    def busy(self) -> bool:
        return self.run is not None

    def ask(self, make_dialog: Callable[[], D], on_accepted: Callable[[D], object]) -> None:
        """Open ``make_dialog()`` window-modal (``open()``, no nested event loop) and call
        ``on_accepted(dialog)`` on OK; while it is open, a second call raises it instead."""
        if self.options_dialog is not None:
            self.options_dialog.raise_()
            return
        dlg = make_dialog()
        dlg.setWindowModality(Qt.WindowModality.WindowModal)
        dlg.finished.connect(lambda result: self._answered(dlg, result, on_accepted))
        self.options_dialog = dlg
        dlg.open()

    def _answered(self, dlg: D, result: int, on_accepted: Callable[[D], object]) -> None:
        self.options_dialog = None
        dlg.deleteLater()
        if result == QDialog.DialogCode.Accepted:
            on_accepted(dlg)

    def start(self, work: Callable[[ProgressFn, CancelFn], T], *, label: str, on_done: Callable[[T], object],
              on_failed: Callable[[BaseException], object], on_cancelled: Callable[[], object],
              stage_text: Callable[[str], str] | None = None) -> Run:
        """Show the progress dialog (after 0.4 s) and run ``work``; ``stage_text(stage)`` is
        the dialog's label for a stage the work reports."""
        dlg = QProgressDialog(label, self.cancel_text, 0, 1000, self.window)
        dlg.setObjectName(self.object_name)
        dlg.setWindowTitle(self.title)
        dlg.setWindowModality(Qt.WindowModality.WindowModal)
        dlg.setMinimumDuration(400)
        dlg.setAutoClose(False)
        dlg.setAutoReset(False)
        dlg.setValue(0)
        dlg.canceled.connect(self.cancel)
        self.dialog = dlg
        self._stage_text = stage_text
        self.run = self.task.start(
            work, on_done=lambda result: self._ended(on_done, result), on_failed=lambda e: self._ended(on_failed, e),
            on_cancelled=lambda: self._ended(on_cancelled), on_progress=self._on_progress)
        return self.run

    def cancel(self) -> None:
        """Ask the running job to stop; it reports through ``on_cancelled`` when it has."""
        self.task.cancel()
        if self.dialog is not None:
            self.dialog.setLabelText(self.cancelling_text)

    def wait(self, msecs: int = 60_000) -> bool:
        return self.task.wait(msecs)

    def status(self, text: str, timeout: int = 0) -> None:
        if isinstance(self.window, QMainWindow):
            self.window.statusBar().showMessage(text, timeout)

    def _on_progress(self, fraction: float, stage: str) -> None:
        dlg = self.dialog
        if dlg is None or self.run is None or self.run.cancelled() or self._in_progress:
            return  # nested in our own setValue below: the next update will do
        if stage and self._stage_text is not None:
            dlg.setLabelText(self._stage_text(stage))
        # a shown modal QProgressDialog processes events in setValue, which may deliver the
        # job's result and close this very dialog; a deleteLater posted from there would be
        # run by that same processEvents, freeing the dialog under setValue (a crash seen
        # on a loaded machine), so _close_dialog leaves the deletion to us, after it
        self._in_progress = True
        try:
            dlg.setValue(int(max(0.0, min(1.0, fraction)) * 1000))
        finally:
            self._in_progress = False
            if self._dispose is not None:
                self._dispose.deleteLater()
                self._dispose = None

    def _ended(self, callback: Callable[..., object], *args: object) -> None:
        if self.run is not None:
            self.last_thread_id = self.run.thread_id
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.cancel)
            self.dialog.close()
            if self._in_progress:
                self._dispose = self.dialog  # deleted once setValue has returned
            else:
                self.dialog.deleteLater()
            self.dialog = None
        self.run = None
        callback(*args)


__all__ = ["BackgroundTask", "ProgressJob", "Run", "reports"]
