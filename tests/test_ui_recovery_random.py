"""Random sequences of runs that crash, recover, discard, put off and close (issue 29: the
app's recovery attacked at random). A model says which copies a start must offer: a run
that crashes after an autosave leaves its plan; Recover moves the copy into the new run
(offered again if that run crashes too, gone if it closes cleanly); Discard drops only the
copy picked; Later keeps everything. After every step the store offers exactly the model's
copies, each with the plan as it was last autosaved."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.files.storage import RecoveryStore
from planner.model.edits import SetProperty
from tests.test_ui_app_recovery import window
from ui import dialogs

pytestmark = pytest.mark.gui

_names = itertools.count(1)
STEP = st.sampled_from(["crash", "recover-crash", "recover-close", "discard", "later"])


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def _crash(store: RecoveryStore, win) -> None:
    """The run of ``win`` dies: its slot's program is gone (the window is left unclosed)."""
    mine = [e for e in store.list(include_live=True) if e.untitled_id == win.recovery.untitled_id]
    assert len(mine) == 1, "the run had no autosaved copy"
    meta = mine[0].file.with_suffix(".json")
    info = json.loads(meta.read_text())
    info["pid"] = _dead_pid()
    meta.write_text(json.dumps(info))
    win.recovery.enabled = False  # its teardown close must not tidy the slot a dead run would leave


def _offered(store: RecoveryStore) -> list[str]:
    return sorted(store.open(e).plan.rack("rack-2").name for e in store.list())


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, min_size=2, max_size=5))
def test_random_runs_offer_exactly_what_a_crash_left(qtbot, monkeypatch, steps):
    tmp = Path(tempfile.mkdtemp(prefix="rw-recovery-"))
    store = RecoveryStore(tmp / "recovery")
    pending: list[str] = []  # the model: names of the plans a start must offer
    for step in steps:
        answers: list = []
        target = pending[0] if pending else None
        if step.startswith("recover") and target is not None:
            answers.append("recover")
        elif step == "discard" and target is not None:
            answers.append("discard")
        shown: list[list[str]] = []

        def ask(parent, descriptions, answers=answers, target=target, shown=shown):
            shown.append(descriptions)
            if not answers:
                return None  # Later
            action = answers.pop(0)
            names = [store.open(e).plan.rack("rack-2").name for e in store.list()]
            return (action, names.index(target))

        monkeypatch.setattr(dialogs, "ask_recover", ask)
        win = window(qtbot, tmp, store)
        got = win.recovery.offer_recovery(win)
        assert bool(shown) == bool(pending), "offered copies the model does not have, or none it has"
        if got is not None:
            plan, _original = got
            assert plan.rack("rack-2").name == target
            pending.remove(target)
            if step == "recover-crash":
                _crash(store, win)
                pending.append(target)
            else:  # the recovered plan closed cleanly (the user chose not to keep it)
                win.recovery.closed()
        elif step == "discard" and target is not None:
            pending.remove(target)
            win.recovery.closed()
        elif step == "crash" or (step.startswith("recover") and target is None):
            name = f"R02-run{next(_names)}"
            assert win.doc.push(SetProperty("rack", "rack-2", "name", name))
            win.recovery.tick(wait=True)
            _crash(store, win)
            pending.append(name)
        else:  # Later, then a clean close of an unedited plan
            win.recovery.closed()
        assert _offered(store) == sorted(pending), (steps, step)
