"""Open and Save run off the GUI thread (ui/shell/filejobs.py): the event loop keeps running
while a big plan is read, the plan shown stays until the new one has landed, a save writes
the plan as it was when Save was chosen, and a second file job (or closing the window)
waits its turn.

The worker is held at its start (a direct connection to ``ui.tasks.reports()`` runs in the
worker, as a slow disk would hold it) until the GUI thread has shown it is alive: a timer
on the GUI thread ticks and releases it. Were the file read on the GUI thread, the timer
could not tick, the worker would wait out its time and the test fail."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QProgressBar

from planner.files.documents import load_plan, save_plan
from planner.model.edits import SetProperty
from tests.fixtures.ui_app.support import make_window
from ui import dialogs, tasks
from ui.shell.filejobs import TASK_NAME

pytestmark = pytest.mark.gui


class Held:
    """Holds every run of the plan-file task at its first progress report until ``release``;
    ``on_tick`` runs on the GUI thread meanwhile, every 5 ms, while the run is held."""

    def __init__(self, on_tick=None) -> None:
        self.reached, self.gate = threading.Event(), threading.Event()
        self.timed_out = False
        self.ticks = 0
        self.on_tick = on_tick
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)

    def _hold(self, run, _fraction: float, _stage: str) -> None:  # in the worker
        if run.name == TASK_NAME and not self.gate.is_set():
            self.reached.set()
            self.timed_out = not self.gate.wait(60)

    def _tick(self) -> None:  # on the GUI thread
        if self.reached.is_set() and not self.gate.is_set():
            self.ticks += 1
            if self.on_tick is not None:
                self.on_tick(self)

    def release(self) -> None:
        self.gate.set()

    def __enter__(self) -> Held:
        tasks.reports().progress.connect(self._hold, Qt.ConnectionType.DirectConnection)
        self.timer.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.gate.set()
        self.timer.stop()
        tasks.reports().progress.disconnect(self._hold)


@pytest.fixture(scope="module")
def shipped():
    from planner.catalog import load_catalog

    return load_catalog()


def shipped_window(qtbot, tmp_path, catalog):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.controllers import new_plan
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(new_plan(catalog), catalog, None, engine=None)
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.mark_saved(w.doc.path))
    win.show()
    return win


def test_opening_a_big_plan_keeps_the_event_loop_running_and_the_old_plan_until_it_lands(qtbot, tmp_path, shipped):
    from planner.design.synthetic import synthetic_plan

    big = synthetic_plan(4096, shipped, name="big")
    path = tmp_path / "big.rackplan"
    save_plan(big, path, shipped)
    win = shipped_window(qtbot, tmp_path, shipped)
    old = win.doc.plan
    seen: list[tuple[bool, bool]] = []  # (busy, old plan still shown) at each tick

    def tick(held: Held) -> None:
        seen.append((win.files.jobs.busy, win.doc.plan is old))
        bar = win.findChild(QProgressBar, "fileProgress")
        # released once the loop has run a while and the busy bar came up (after 0.4 s)
        if held.ticks >= 3 and bar is not None and bar.isVisible():
            assert "big.rackplan" in win.statusBar().currentMessage()
            held.release()

    with Held(tick) as held:
        assert win.files.open(str(path)) is True
    assert not held.timed_out, "the GUI thread did not run while the plan was read"
    assert held.ticks >= 3 and seen and all(busy and kept for busy, kept in seen)
    assert win.doc.plan is not old and len(win.doc.plan.index.racks) == len(big.index.racks)
    assert win.doc.path == path and not win.doc.modified and not win.files.jobs.busy
    bar = win.findChild(QProgressBar, "fileProgress")
    assert bar is not None and not bar.isVisible()


def test_save_writes_the_plan_as_it_was_when_save_was_chosen(qtbot, tmp_path):
    target = tmp_path / "plan.rackplan"
    win = make_window(qtbot, tmp_path, path=target)
    doc = win.doc
    assert doc.push(SetProperty("rack", "rack-2", "name", "R02-chosen"))

    def edit_meanwhile(held: Held) -> None:
        if held.ticks == 2:  # a user edit while the file is written
            assert doc.push(SetProperty("rack", "rack-1", "name", "R01-meanwhile"))
            held.release()

    with Held(edit_meanwhile) as held:
        win.act_save.trigger()
    assert not held.timed_out and held.ticks >= 2
    saved = load_plan(target)
    assert saved.rack("rack-2").name == "R02-chosen"  # what Save was chosen for
    assert saved.rack("rack-1").name == "R01"  # not the edit made while it was written
    assert doc.plan.rack("rack-1").name == "R01-meanwhile"  # kept in the window...
    assert doc.modified and win.isWindowModified()  # ... as unsaved work
    win.act_save.trigger()  # nothing held: the next save takes it
    assert load_plan(target).rack("rack-1").name == "R01-meanwhile" and not doc.modified


def test_open_save_and_close_wait_while_a_save_runs(qtbot, tmp_path, monkeypatch):
    target = tmp_path / "plan.json"
    win = make_window(qtbot, tmp_path, path=target)
    assert win.doc.push(SetProperty("rack", "rack-2", "name", "R02-saved"))
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_open_path", lambda *_a: asked.append("open") or "")
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda *_a: asked.append("save?") or "cancel")
    closed: list[bool] = []

    def meanwhile(held: Held) -> None:
        if held.ticks == 2:
            win.act_open.trigger()
            win.act_save_as.trigger()
            closed.append(win.close())
            assert "plan.json" in win.statusBar().currentMessage()  # says what it waits for
            held.release()

    with Held(meanwhile) as held:
        assert win.files.save() is True
    assert not held.timed_out
    assert asked == [] and closed == [False] and win.isVisible()  # nothing asked, nothing closed
    assert load_plan(target).rack("rack-2").name == "R02-saved" and not win.doc.modified


def test_a_plan_edited_while_another_is_read_is_asked_about_again(qtbot, tmp_path, monkeypatch):
    other = tmp_path / "other.json"
    from tests.fixtures.ui_app.support import two_rack_plan

    plan = two_rack_plan()
    plan.site.name = "Other site"
    save_plan(plan, other)
    win = make_window(qtbot, tmp_path)
    win.doc.mark_saved(None)
    shown = win.doc.plan
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda *_a: asked.append("save?") or "cancel")

    def edit_meanwhile(held: Held) -> None:
        if held.ticks == 2:
            assert win.doc.push(SetProperty("rack", "rack-1", "name", "R01-edited"))
            held.release()

    with Held(edit_meanwhile) as held:
        assert win.files.open(str(other)) is False  # the user kept the edited plan
    assert not held.timed_out and asked == ["save?"]
    assert win.doc.plan is shown and shown.rack("rack-1").name == "R01-edited" and win.doc.modified


def test_a_file_that_fails_to_open_in_the_worker_ends_in_the_open_dialog(qtbot, tmp_path, monkeypatch):
    bad = tmp_path / "bad.json"
    bad.write_text('{"site": {"rooms": 7}}')
    win = make_window(qtbot, tmp_path)
    win.doc.mark_saved(None)
    shown = win.doc.plan
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda _p, title, text, **_k: errors.append((title, text)))
    assert win.files.open(str(bad)) is False
    assert win.doc.plan is shown and len(errors) == 1
    assert errors[0][0] == "Cannot open plan" and "bad.json" in errors[0][1]


def test_a_save_that_fails_in_the_worker_keeps_the_plan_unsaved(qtbot, tmp_path, monkeypatch):
    folder = tmp_path / "a-folder.json"
    folder.mkdir()  # a save over a folder fails in the worker
    win = make_window(qtbot, tmp_path, path=Path(folder))
    assert win.doc.push(SetProperty("rack", "rack-2", "name", "R02-unsaved"))
    errors: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda _p, title, _text, **_k: errors.append(title))
    assert win.files.save() is False
    assert errors == ["Cannot save plan"] and win.doc.modified
