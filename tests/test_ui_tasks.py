"""ui.tasks.BackgroundTask, the one helper behind every background job of the app: work
runs in a pool thread, progress and outcomes arrive on the GUI thread, cancel stops the
worker, a newer run's start drops an older run's result, an exception is reported (not
raised), a task that is gone reports nothing."""

from __future__ import annotations

import logging
import threading
import time

import pytest
import shiboken6
from PySide6.QtCore import QObject

from planner.base.progress import Cancelled
from ui.tasks import BackgroundTask

pytestmark = pytest.mark.gui


class Seen:
    """What the callbacks saw, with the thread each ran in."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object, int]] = []

    def cb(self, kind: str):
        def record(*args):
            self.events.append((kind, args[0] if len(args) == 1 else args, threading.get_ident()))
        return record

    def callbacks(self) -> dict:
        return {"on_done": self.cb("done"), "on_failed": self.cb("failed"), "on_cancelled": self.cb("cancelled"),
                "on_progress": self.cb("progress")}

    def kinds(self) -> list[str]:
        return [k for k, _, _ in self.events]

    def ended(self) -> bool:
        return any(k in ("done", "failed", "cancelled") for k in self.kinds())


@pytest.fixture
def owner(qtbot):
    obj = QObject()
    yield obj
    obj.deleteLater()


def test_work_runs_off_the_gui_thread_and_reports_on_it_in_order(qtbot, owner):
    task = BackgroundTask(owner, "test")
    seen = Seen()
    worker: list[int] = []

    def work(progress, cancelled):
        worker.append(threading.get_ident())
        for i in range(5):
            progress(i / 4, f"step {i}")
        return "result"

    run = task.start(work, **seen.callbacks())
    assert task.running and seen.events == []  # never reported inside start
    qtbot.waitUntil(seen.ended, timeout=10000)
    gui = threading.get_ident()
    assert worker and worker[0] != gui and run.thread_id == worker[0]
    assert seen.kinds() == ["progress"] * 5 + ["done"]
    assert [args for k, args, _ in seen.events if k == "progress"] == [(i / 4, f"step {i}") for i in range(5)]
    assert seen.events[-1][1] == "result"
    assert {t for _, _, t in seen.events} == {gui}
    assert not task.running and run.outcome == "done"


def test_cancel_stops_the_worker_and_reports_cancelled(qtbot, owner):
    task = BackgroundTask(owner, "test")
    seen = Seen()
    steps: list[int] = []

    def work(progress, cancelled):
        for i in range(2000):  # 20 s if nobody stops it
            if cancelled():
                raise Cancelled()
            steps.append(i)
            progress(i / 2000, "looping")
            time.sleep(0.01)
        return "ran to the end"

    run = task.start(work, **seen.callbacks())
    qtbot.waitUntil(lambda: "progress" in seen.kinds(), timeout=10000)
    task.cancel()
    assert run.cancelled()
    qtbot.waitUntil(seen.ended, timeout=10000)
    assert seen.kinds()[-1] == "cancelled" and "done" not in seen.kinds()
    assert run.outcome == "cancelled" and len(steps) < 2000
    assert run.cancel_latency_s is not None and run.cancel_latency_s < 5
    n = len(seen.events)
    qtbot.wait(50)
    assert len(seen.events) == n  # no progress after the end


def test_a_superseded_runs_result_is_dropped(qtbot, owner):
    task = BackgroundTask(owner, "test")
    seen = Seen()
    first = task.start(lambda progress, cancelled: "old", **seen.callbacks())
    assert task.wait(10000)  # it has finished: its result waits in the event queue, undelivered
    second = task.start(lambda progress, cancelled: "new", **seen.callbacks())
    assert first.stale and first.cancelled() and not second.stale
    qtbot.waitUntil(seen.ended, timeout=10000)
    qtbot.wait(50)
    assert [(k, v) for k, v, _ in seen.events] == [("done", "new")]
    assert first.outcome == "done"  # it did finish; nobody hears about it


def test_a_running_older_run_is_asked_to_stop_and_never_reports(qtbot, owner):
    task = BackgroundTask(owner, "test")
    seen = Seen()
    release = threading.Event()

    def slow(progress, cancelled):
        progress(0.5, "waiting")
        release.wait(10)
        if cancelled():
            raise Cancelled()
        return "old"

    first = task.start(slow, **seen.callbacks())
    qtbot.waitUntil(lambda: first.thread_id is not None, timeout=10000)
    task.start(lambda progress, cancelled: "new", **seen.callbacks())  # queued behind the first
    release.set()
    qtbot.waitUntil(seen.ended, timeout=10000)
    qtbot.wait(50)
    assert first.outcome == "cancelled"
    assert [(k, v) for k, v, _ in seen.events if k != "progress"] == [("done", "new")]


def test_discard_drops_the_result_without_starting_another(qtbot, owner):
    task = BackgroundTask(owner, "test")
    seen = Seen()
    run = task.start(lambda progress, cancelled: 1, **seen.callbacks())
    task.discard()
    assert not task.running and run.stale
    assert task.wait(10000)
    qtbot.wait(50)
    assert seen.events == []


def test_an_exception_is_reported_not_raised_and_the_task_goes_on(qtbot, owner, caplog):
    task = BackgroundTask(owner, "test", expected_errors=(KeyError,))
    seen = Seen()

    def broken(progress, cancelled):
        raise ValueError("bad input in the worker")

    with caplog.at_level(logging.ERROR, logger="ui.tasks"):
        task.start(broken, **seen.callbacks())
        qtbot.waitUntil(seen.ended, timeout=10000)
    kind, error, thread = seen.events[-1]
    assert kind == "failed" and isinstance(error, ValueError) and str(error) == "bad input in the worker"
    assert error.__traceback__ is not None and thread == threading.get_ident()
    assert "test failed" in caplog.text  # an unexpected error is logged with its traceback
    caplog.clear()

    def refused(progress, cancelled):
        raise KeyError("expected")

    seen2 = Seen()
    with caplog.at_level(logging.ERROR, logger="ui.tasks"):
        task.start(refused, **seen2.callbacks())
        qtbot.waitUntil(seen2.ended, timeout=10000)
    assert seen2.kinds() == ["failed"] and isinstance(seen2.events[0][1], KeyError)
    assert caplog.text == ""  # an expected one is not
    seen3 = Seen()
    task.start(lambda progress, cancelled: "still works", **seen3.callbacks())
    qtbot.waitUntil(seen3.ended, timeout=10000)
    assert seen3.events[0][:2] == ("done", "still works")


def test_progress_is_throttled_but_keeps_new_stages_and_the_end(qtbot, owner):
    task = BackgroundTask(owner, "test", progress_interval_s=60.0)
    seen = Seen()

    def work(progress, cancelled):
        for i in range(100):
            progress(i / 200, "one")
        progress(0.6, "two")
        progress(0.7, "two")
        progress(1.0, "two")

    task.start(work, **seen.callbacks())
    qtbot.waitUntil(seen.ended, timeout=10000)
    assert [args for k, args, _ in seen.events if k == "progress"] == [(0.0, "one"), (0.6, "two"), (1.0, "two")]


def test_a_task_whose_owner_is_gone_reports_nothing(qtbot):
    owner = QObject()
    task = BackgroundTask(owner, "test")
    seen = Seen()
    run = task.start(lambda progress, cancelled: progress(1.0, "late") or "late", **seen.callbacks())
    assert task.wait(10000)  # finished; its progress and result wait in the event queue
    shiboken6.delete(owner)  # the owner (a closed dialog) goes, and its task with it
    assert not shiboken6.isValid(task)
    qtbot.wait(100)
    assert run.outcome == "done" and seen.events == []


# -- ProgressJob: the progress dialog and options dialog around a task (the exports) -------------
def test_progress_job_shows_progress_cancels_and_closes_its_dialog_first(qtbot):
    from PySide6.QtWidgets import QDialog, QMainWindow, QPushButton

    from ui.tasks import ProgressJob

    win = QMainWindow()
    qtbot.addWidget(win)
    win.show()
    job = ProgressJob(win, "test job", title="Job", object_name="jobProgress", cancel_text="Stop",
                      cancelling_text="Stopping...")
    started, seen = threading.Event(), []

    def work(progress, cancelled):
        progress(0.5, "half")
        started.set()
        while not cancelled():
            time.sleep(0.01)
        raise Cancelled("stopped")

    def on_cancelled():  # the dialog is gone before the owner is told
        seen.append(("cancelled", job.dialog, job.busy))
        job.status("stopped", 1000)

    job.start(work, label="Working", stage_text=lambda stage: f"Working: {stage}", on_done=seen.append,
              on_failed=seen.append, on_cancelled=on_cancelled)
    dlg = job.dialog
    assert job.busy and dlg.objectName() == "jobProgress" and dlg.windowTitle() == "Job"
    assert started.wait(10)
    qtbot.waitUntil(lambda: dlg.value() == 500, timeout=10_000)
    assert dlg.labelText() == "Working: half"
    dlg.findChild(QPushButton).click()  # the dialog's Cancel button asks the run to stop
    assert dlg.labelText() == "Stopping..."
    qtbot.waitUntil(lambda: bool(seen), timeout=10_000)
    assert seen == [("cancelled", None, False)]
    assert job.last_thread_id not in (None, threading.get_ident())
    assert win.statusBar().currentMessage() == "stopped"

    # options first: a second ask raises the open dialog, OK hands it over, Cancel does not
    made, accepted = [], []

    def make():
        made.append(QDialog(win))
        return made[-1]

    job.ask(make, accepted.append)
    job.ask(make, accepted.append)
    assert len(made) == 1 and job.options_dialog is made[0] and made[0].isModal()
    made[0].reject()
    assert job.options_dialog is None and accepted == []
    job.ask(make, accepted.append)
    made[1].accept()
    assert accepted == [made[1]]


def test_cyclic_garbage_is_collected_on_the_gui_thread_never_in_a_worker(qtbot):
    """A collection frees Qt wrappers in the thread that triggered it; from a worker that
    crashed the process (CI: a segfault in a collection at the end of a background plan
    load). Workers make cyclic garbage; every collection runs on the GUI thread."""
    import gc
    import threading

    from ui.tasks import BackgroundTask

    task = BackgroundTask(None, "garbage maker")
    seen: list[int] = []

    def note(phase, info):
        if phase == "start":
            seen.append(threading.get_ident())

    gc.callbacks.append(note)
    try:
        done: list[int] = []

        def work(progress, cancelled):
            for _ in range(50_000):  # far above the young generation's threshold
                loop: list = []
                loop.append(loop)
            return threading.get_ident()

        task.start(work, on_done=done.append)
        qtbot.waitUntil(lambda: bool(done), timeout=10_000)
        main = threading.main_thread().ident
        qtbot.waitUntil(lambda: main in seen, timeout=5_000)
    finally:
        gc.callbacks.remove(note)
    assert done[0] != main
    assert done[0] not in seen, "a collection ran in the worker thread"
    assert not gc.isenabled()
