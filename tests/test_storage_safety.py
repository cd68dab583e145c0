"""Never lose work: atomic saves under SIGKILL, lock files, recovery files and autosave."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from planner.base.fileio import STALE_TEMP_AGE_S
from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.files.filelock import pid_alive
from planner.files.plan_io import PlanFormatError
from planner.files.storage import (
    Autosaver,
    FileLock,
    RecoveryStore,
    autosave,
    load_rackplan,
    lock_path_for,
    save_rackplan,
)
from planner.files.storage import sqlite as sq

posix_only = pytest.mark.skipif(os.name != "posix", reason="fork and SIGKILL are POSIX")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def plans(catalog):
    return synthetic_plan(256, catalog, name="old"), synthetic_plan(512, catalog, name="new")


# --------------------------------------------------------------------------- atomic save


@posix_only
def test_sigkill_during_save_leaves_old_or_new_plan(tmp_path, catalog, plans):
    old, new = plans
    path = tmp_path / "pod.rackplan"
    save_rackplan(old, path, catalog)
    t0 = time.perf_counter()
    save_rackplan(new, tmp_path / "timing.rackplan", catalog)
    one_save = time.perf_counter() - t0
    (tmp_path / "timing.rackplan").unlink()
    expected = {old.metadata.project: old.model_dump(), new.metadata.project: new.model_dump()}
    rng = random.Random(20240611)
    seen: set[str] = set()
    for _ in range(25):
        pid = os.fork()
        if pid == 0:  # child: save new and old alternately until killed
            try:
                while True:
                    save_rackplan(new, path, catalog)
                    save_rackplan(old, path, catalog)
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0, 3 * one_save))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        plan = load_rackplan(path)  # never raises: the file is whole
        assert plan.model_dump() == expected[plan.metadata.project]
        seen.add(plan.metadata.project)
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != path.name]
    assert all(n.startswith(".pod.rackplan.") and n.endswith(".tmp") for n in leftovers)
    assert seen  # at least one outcome was checked; usually both
    print("outcomes", sorted(seen), "kills that left a temp file", len(leftovers))
    # the next save of the same plan removes the leftovers once they are stale (never young
    # ones: another process's save may be in flight); the lock file and other files stay
    lock = lock_path_for(path)
    lock.write_text("{}")
    leftovers = [tmp_path / n for n in leftovers]
    save_rackplan(old, path, catalog)
    assert all(p.exists() for p in leftovers)  # young
    aged = time.time() - STALE_TEMP_AGE_S - 60
    for p in leftovers:
        os.utime(p, (aged, aged))
    save_rackplan(new, path, catalog)
    assert sorted(os.listdir(tmp_path)) == sorted([path.name, lock.name])


def test_failed_write_keeps_the_old_file_and_leaves_no_temp(tmp_path, catalog, plans, monkeypatch):
    old, new = plans
    path = tmp_path / "pod.rackplan"
    save_rackplan(old, path, catalog)
    before = path.read_bytes()

    def disk_full(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sq.os, "replace", disk_full)
    with pytest.raises(OSError, match="No space"):
        save_rackplan(new, path, catalog)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["pod.rackplan"]


@posix_only
def test_saved_file_keeps_permissions(tmp_path, catalog, plans):
    path = tmp_path / "pod.rackplan"
    save_rackplan(plans[0], path, catalog)
    os.chmod(path, 0o640)
    save_rackplan(plans[1], path, catalog)
    assert path.stat().st_mode & 0o777 == 0o640


# --------------------------------------------------------------------------- lock files


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def _write_lock(path: Path, pid: int, host: str, user: str = "alice") -> None:
    lock_path_for(path).write_text(json.dumps({"pid": pid, "host": host, "user": user,
                                               "time": "2024-06-01T09:00:00+00:00"}))


def test_lock_beside_the_plan_records_who(tmp_path):
    plan = tmp_path / "pod.rackplan"
    lock = FileLock(plan)
    assert lock.acquire().acquired
    assert lock.lock_path == tmp_path / ".~pod.rackplan.lock"
    info = json.loads(lock.lock_path.read_text())
    assert info["pid"] == os.getpid() and info["host"] == socket.gethostname() and info["time"]
    lock.release()
    assert not lock.lock_path.exists()


def test_same_file_opened_twice_is_detected(tmp_path):
    plan = tmp_path / "pod.rackplan"
    first, second = FileLock(plan), FileLock(plan)
    assert first.acquire()
    res = second.acquire()
    assert not res.acquired
    assert res.holder is not None and res.holder.pid == os.getpid()
    assert "already open" in res.reason
    second.release()  # not the holder: must not remove the first one's lock
    assert first.lock_path.exists()
    first.release()
    assert second.acquire()
    second.release()


def test_lock_of_a_live_program_holds_then_goes_stale_when_it_dies(tmp_path):
    plan = tmp_path / "pod.rackplan"
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        _write_lock(plan, proc.pid, socket.gethostname(), "bob")
        res = FileLock(plan).acquire()
        assert not res.acquired and res.holder.user == "bob" and res.holder.pid == proc.pid
        assert "bob" in res.reason
    finally:
        proc.kill()
        proc.wait()
    lock = FileLock(plan)
    res = lock.acquire()
    assert res.acquired and "took over" in res.reason
    assert json.loads(lock.lock_path.read_text())["pid"] == os.getpid()
    lock.release()


def test_stale_lock_only_on_this_host(tmp_path):
    plan = tmp_path / "pod.rackplan"
    dead = _dead_pid()
    assert not pid_alive(dead)
    _write_lock(plan, dead, "some-other-laptop")
    res = FileLock(plan).acquire()
    assert not res.acquired and res.holder.host == "some-other-laptop"
    forced = FileLock(plan)
    assert forced.acquire(force=True).acquired
    forced.release()


def test_damaged_lock_file_is_reported_and_can_be_forced(tmp_path):
    plan = tmp_path / "pod.rackplan"
    lock_path_for(plan).write_bytes(b"\x00garbage")
    res = FileLock(plan).acquire()
    assert not res.acquired and res.holder is not None and res.holder.pid == 0
    assert FileLock(plan).acquire(force=True).acquired


# --------------------------------------------------------------------------- recovery and autosave


def test_recovery_store_lives_in_the_user_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("RACKWRIGHT_USER_DATA", str(tmp_path / "data"))
    assert RecoveryStore().root == tmp_path / "data" / "recovery"


def test_autosave_list_and_discard(tmp_path, catalog, plans):
    store = RecoveryStore(tmp_path / "rec")
    doc = tmp_path / "work" / "pod.rackplan"
    e1 = autosave(plans[0], document_path=doc, store=store, catalog=catalog)
    e2 = autosave(plans[1], untitled_id="Untitled 1", store=store, title="Untitled 1")
    assert store.list() == []  # written by this live process: not a crash
    listed = {e.key: e for e in store.list(include_live=True)}
    assert set(listed) == {e1.key, e2.key}
    assert listed[e1.key].original_path == str(doc.resolve()) and listed[e2.key].untitled_id == "Untitled 1"
    assert store.key_for(os.path.relpath(doc)) == e1.key
    opened = store.open(listed[e1.key])
    assert opened.plan.model_dump() == plans[0].model_dump()
    assert set(opened.catalog.devices) == {p.device for r in plans[0].racks() for p in r.placements}
    store.discard(e1)
    assert [e.key for e in store.list(include_live=True)] == [e2.key]
    assert not (store.root / f"{e1.key}.rackplan").exists()


@posix_only
def test_after_a_crash_the_autosave_is_offered(tmp_path, plans):
    store = RecoveryStore(tmp_path / "rec")
    doc = tmp_path / "pod.rackplan"
    pid = os.fork()
    if pid == 0:
        try:
            autosave(plans[1], document_path=doc, store=store)
            os.kill(os.getpid(), signal.SIGKILL)  # crash: nobody discards the slot
        finally:
            os._exit(1)
    os.waitpid(pid, 0)
    offered = store.list()
    assert [(e.original_path, e.pid) for e in offered] == [(str(doc), pid)]
    assert store.open(offered[0]).plan.model_dump() == plans[1].model_dump()


def test_autosaver_saves_only_changes_at_the_interval(tmp_path, plans):
    now = [1000.0]
    saver = Autosaver(RecoveryStore(tmp_path / "rec"), interval_s=60, clock=lambda: now[0])
    assert saver.maybe_save(plans[0], generation=1, untitled_id="u1") is not None
    now[0] += 10
    assert saver.maybe_save(plans[0], generation=2, untitled_id="u1") is None  # too soon
    now[0] += 60
    assert saver.maybe_save(plans[0], generation=2, untitled_id="u1") is not None
    now[0] += 600
    assert saver.maybe_save(plans[0], generation=2, untitled_id="u1") is None  # nothing changed
    saver.saved(generation=3)
    assert not saver.due(3)
    assert not Autosaver(RecoveryStore(tmp_path / "rec"), interval_s=0).due(1)


def test_autosave_errors_are_kept_not_raised(tmp_path, plans):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    saver = Autosaver(RecoveryStore(blocker / "rec"), interval_s=1)
    assert saver.maybe_save(plans[0], generation=1, untitled_id="u") is None
    assert isinstance(saver.last_error, OSError)


def test_autosave_interval_from_environment(monkeypatch):
    monkeypatch.setenv("RACKWRIGHT_AUTOSAVE_SECONDS", "15")
    assert Autosaver().interval_s == 15
    monkeypatch.setenv("RACKWRIGHT_AUTOSAVE_SECONDS", "soon")
    assert Autosaver().interval_s == 120


def test_recovery_file_that_is_damaged_is_a_clear_error(tmp_path, plans):
    store = RecoveryStore(tmp_path / "rec")
    e = autosave(plans[0], untitled_id="u", store=store)
    e.file.write_bytes(e.file.read_bytes()[:1000])
    with pytest.raises(PlanFormatError, match="truncated"):
        store.open(e)


def test_snapshot_saves_the_plan_as_it_was_when_taken(tmp_path, catalog):
    from planner.files.plan_io import plan_to_dict
    from planner.files.storage import snapshot
    from planner.model.plan import Plan

    plan = Plan.model_validate({**plan_to_dict(synthetic_plan(16, catalog)),
                                "workloads": [{"id": "wl-1", "name": "w", "kind": "inference",
                                               "spec": {"model": "llama-3.1-8b", "users": 10}}]})
    before = plan.model_dump()
    snap = snapshot(plan, catalog)
    # the user goes on editing while the autosave thread writes
    plan.metadata.customer = "changed"
    plan.workloads[0].spec["users"] = 999
    plan.site.rooms[0].rows[0].racks[0].tags.append("late")
    entry = autosave(snap, untitled_id="snap", store=RecoveryStore(tmp_path / "rec"))
    opened = RecoveryStore(tmp_path / "rec").open(entry)
    assert opened.plan.model_dump() == before
    assert "llama-3.1-8b" in opened.catalog.llms
