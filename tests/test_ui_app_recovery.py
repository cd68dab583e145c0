"""Never lose work in the app: autosave to a recovery slot, recovery after a crash,
the slot dropped after a save, and the warning for a plan open in another program."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PySide6.QtCore import QSettings

from planner.documents import save_plan
from planner.edits import SetProperty
from planner.storage import RecoveryStore, lock_path_for
from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan
from ui import dialogs

pytestmark = pytest.mark.gui


def window(qtbot, tmp_path, store, plan=None, path=None):
    from ui.document import Document
    from ui.mainwindow import MainWindow
    from ui.settings import AppSettings

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(plan or two_rack_plan(), fixture_catalog(), path, engine=None)
    win = MainWindow(doc, settings, recovery_store=store)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.recovery.saver.interval_s = 1e-6  # autosave whenever asked
    return win


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_autosave_then_recover_after_crash(qtbot, tmp_path, monkeypatch):
    store = RecoveryStore(tmp_path / "recovery")
    win = window(qtbot, tmp_path, store)
    assert win.doc.push(SetProperty("rack", "rack-2", "name", "R02-autosaved"))
    win.recovery.tick(wait=True)
    entries = store.list(include_live=True)
    assert len(entries) == 1 and entries[0].original_path is None
    assert store.list() == []  # this program still runs: nothing to offer yet
    # simulate the crash: the slot's program is gone
    meta = entries[0].file.with_suffix(".json")
    info = json.loads(meta.read_text())
    info["pid"] = dead_pid()
    meta.write_text(json.dumps(info))
    asked: list[list[str]] = []
    monkeypatch.setattr(dialogs, "ask_recover", lambda parent, d: asked.append(d) or 0)
    win2 = window(qtbot, tmp_path, store)
    recovered = win2.recovery.offer_recovery(win2)
    assert asked and "untitled" in asked[0][0]
    plan, original = recovered
    assert plan.rack("rack-2").name == "R02-autosaved" and original is None
    assert store.list(include_live=True) == []  # taken out of the store once opened


def test_save_discards_the_recovery_slot(qtbot, tmp_path, monkeypatch):
    store = RecoveryStore(tmp_path / "recovery")
    target = tmp_path / "pod.json"
    monkeypatch.setattr(dialogs, "ask_save_path", lambda *a, **k: str(target))
    win = window(qtbot, tmp_path, store)
    assert win.doc.push(SetProperty("rack", "rack-2", "name", "R02-x"))
    win.recovery.tick(wait=True)
    assert len(store.list(include_live=True)) == 1
    assert win.files.save()
    assert store.list(include_live=True) == []
    assert lock_path_for(target).exists()  # the saved file is now ours
    win.recovery.closed()
    assert not lock_path_for(target).exists()


def test_plan_open_in_another_program_asks_before_opening(qtbot, tmp_path, monkeypatch):
    store = RecoveryStore(tmp_path / "recovery")
    path = tmp_path / "shared.json"
    save_plan(two_rack_plan(), path)
    lock_path_for(path).write_text(json.dumps({"pid": 4242, "host": "other-laptop", "user": "alice",
                                               "time": "2026-01-01T10:00:00+00:00", "app": "rackwright"}))
    reasons: list[str] = []
    answer = {"open": False}
    monkeypatch.setattr(dialogs, "ask_open_locked", lambda parent, name, reason: reasons.append(reason)
                        or answer["open"])
    win = window(qtbot, tmp_path, store)
    before = win.doc.plan
    assert win.files.open(str(path)) is False
    assert reasons and "alice" in reasons[0] and "other-laptop" in reasons[0]
    assert win.doc.plan is before
    answer["open"] = True
    assert win.files.open(str(path)) is True
    assert win.doc.path == path
    assert json.loads(lock_path_for(path).read_text())["host"] != "other-laptop"  # taken over by choice
