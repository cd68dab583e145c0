"""Bounded fuzzing of saving under failure (issue 29: the attack's "saving under failure" and
"app recovery" classes).

A random run of saves, each through the real write path (planner.files.documents.save_plan,
planner.files.storage.RecoveryStore.write for autosave) with a fault of the operating system
drawn at random: the file-size limit (RLIMIT_FSIZE: the disk is full after k bytes, at a
random byte of the file), fsync failing (EIO), the rename failing (ENOSPC), no temp file
allowed (EACCES: a read-only folder; root ignores a chmod, so it is raised at mkstemp), or
none. After every attempt the file is the last plan saved whole or the new one whole,
a failed save says so with an OSError and leaves no temp file, and an autosave slot
offers only a copy that opens. Then a real crash: a child process autosaving is killed at
a random moment, and the next start is offered a copy that opens, or nothing.

Fixed examples in the suite (derandomized); RACKWRIGHT_FUZZ_EXAMPLES=200 explores further.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import random
import signal
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.files.documents import load_plan, save_plan
from planner.files.storage import RecoveryStore
from planner.model.plan import Plan

N = int(os.environ.get("RACKWRIGHT_FUZZ_EXAMPLES", "12"))
FUZZ = settings(max_examples=N, derandomize="RACKWRIGHT_FUZZ_EXAMPLES" not in os.environ, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
posix_only = pytest.mark.skipif(os.name != "posix", reason="RLIMIT_FSIZE, fork and SIGKILL are POSIX")
FAULTS = ("none", "disk full", "fsync", "rename", "read-only")

notes = st.one_of(st.text(max_size=40), st.sampled_from(["", "\x00", "\u202e", "x" * 20_000, "'); --"]))
attempt = st.tuples(st.integers(0, 2), notes, st.sampled_from(FAULTS), st.floats(0, 1, exclude_max=True))


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def pool(catalog):
    return [synthetic_plan(n, catalog, name=f"p{n}") for n in (8, 16, 64)]


@contextlib.contextmanager
def _fault(kind: str, limit: int, monkeypatch):
    """The operating system failing as ``kind`` says, for the block."""
    import resource

    def refuse(code):
        def fail(*_a, **_k):
            raise OSError(code, os.strerror(code))
        return fail

    with monkeypatch.context() as m:
        if kind == "fsync":
            m.setattr(os, "fsync", refuse(errno.EIO))
        elif kind == "rename":
            m.setattr(os, "replace", refuse(errno.ENOSPC))
        elif kind == "read-only":
            m.setattr(tempfile, "mkstemp", refuse(errno.EACCES))
        if kind != "disk full":
            yield
            return
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        old = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
        try:
            yield
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            signal.signal(signal.SIGXFSZ, old)


def _plan(pool, which: int, text: str) -> Plan:
    """A pool plan with hostile notes, read as the app and the files read a plan (validated:
    text stripped, limits applied)."""
    data = pool[which].model_dump()
    data["metadata"]["notes"] = text
    return Plan.model_validate(data)


def _size(plan, suffix: str, catalog) -> int:
    with tempfile.TemporaryDirectory() as d:
        save_plan(plan, Path(d) / f"x{suffix}", catalog)
        return (Path(d) / f"x{suffix}").stat().st_size


@posix_only
@FUZZ
@given(attempts=st.lists(attempt, min_size=1, max_size=5), suffix=st.sampled_from([".rackplan", ".json"]))
def test_a_save_that_fails_keeps_the_last_saved_plan_whole(tmp_path, monkeypatch, catalog, pool, attempts, suffix):
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    path = folder / f"pod{suffix}"
    last = None  # the plan the file holds
    for which, text, kind, where in attempts:
        plan = _plan(pool, which, text)
        limit = int(where * _size(plan, suffix, catalog)) if kind == "disk full" else 0
        error = None
        with _fault(kind, limit, monkeypatch):
            try:
                save_plan(plan, path, catalog)
            except OSError as e:
                error = e
        assert (error is None) == (kind == "none"), (kind, limit, error)  # every fault is felt
        if error is None:
            last = plan
        else:
            assert error.errno in (errno.EFBIG, errno.EIO, errno.ENOSPC, errno.EACCES), error
        assert sorted(p.name for p in folder.iterdir()) == ([path.name] if last is not None else [])  # no temp file
        if last is not None:
            assert load_plan(path).model_dump() == last.model_dump()  # whole: the old plan or the new


@posix_only
@FUZZ
@given(attempts=st.lists(attempt, min_size=1, max_size=5))
def test_an_autosave_that_fails_keeps_the_last_copy_offered_whole(tmp_path, monkeypatch, catalog, pool, attempts):
    store = RecoveryStore(Path(tempfile.mkdtemp(dir=tmp_path)), session="s1")
    last = None
    for which, text, kind, where in attempts:
        plan = _plan(pool, which, text)
        limit = int(where * _size(plan, ".rackplan", catalog)) if kind == "disk full" else 0
        with _fault(kind, limit, monkeypatch):
            try:
                store.write(plan, document_path=tmp_path / "pod.rackplan", catalog=catalog, title="pod")
                assert kind == "none"
                last = plan
            except OSError:
                assert kind != "none"
        entries = store.list(include_live=True)
        if last is None:
            assert entries == []
            continue
        entry, = entries
        assert entry.original_path == str(tmp_path / "pod.rackplan")
        assert store.open(entry).plan.model_dump() == last.model_dump()
        assert sorted(p.name for p in store.root.iterdir()) == sorted([f"{entry.key}.rackplan", f"{entry.key}.json"])


@posix_only
def test_a_crash_during_autosave_leaves_a_copy_that_opens_or_none(tmp_path, catalog, pool):
    """The program killed (SIGKILL) at a random moment while it autosaves plans of different
    sizes one after another: the next start offers at most one copy, and it opens whole."""
    plans = {p.metadata.project: p.model_dump() for p in pool}
    one = time.perf_counter()
    RecoveryStore(tmp_path / "timing").write(pool[-1], document_path=tmp_path / "pod.rackplan", catalog=catalog)
    one = time.perf_counter() - one
    rng = random.Random(29)
    seen = []
    for k in range(10):
        root = tmp_path / f"recovery{k}"
        pid = os.fork()
        if pid == 0:  # the crashing program: autosave until killed
            try:
                store = RecoveryStore(root, session="crashed")
                for i in itertools.count():
                    store.write(pool[i % len(pool)], document_path=tmp_path / "pod.rackplan", catalog=catalog,
                                title="pod")
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0, 4 * one))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        entries = RecoveryStore(root).list()  # the next start: the slots of programs that no longer run
        assert len(entries) <= 1
        for e in entries:
            opened = RecoveryStore(root).open(e)  # never a damaged copy offered
            assert opened.plan.model_dump() == plans[opened.plan.metadata.project]
            assert e.original_path == str(tmp_path / "pod.rackplan")
            seen.append(opened.plan.metadata.project)
    assert seen  # at least one kill came after a first autosave
