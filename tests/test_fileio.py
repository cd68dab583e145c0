"""Atomic writes clean up after killed saves: stale temp files of the same target only."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest

from planner.base.fileio import (
    STALE_TEMP_AGE_S,
    atomic_write_bytes,
    remove_stale_temp_files,
    temp_name_pattern,
)
from planner.files.plan_io import save_plan_json
from planner.model.plan import Metadata, Plan

OLD = time.time() - STALE_TEMP_AGE_S - 120  # a save killed twelve minutes ago


def _temp_like_mkstemp(folder: Path, target: str, *, age_s: float | None = None) -> Path:
    """A leftover exactly as a killed ``atomic_write_bytes`` leaves it (same mkstemp call)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target}.", suffix=".tmp", dir=folder)
    os.write(fd, b"half a plan")
    os.close(fd)
    if age_s is not None:
        t = time.time() - age_s
        os.utime(tmp, (t, t))
    return Path(tmp)


def _aged(path: Path, data: bytes = b"x", mtime: float = OLD) -> Path:
    path.write_bytes(data)
    os.utime(path, (mtime, mtime))
    return path


def test_the_pattern_matches_our_temp_names_for_that_target_only(tmp_path):
    for _ in range(20):  # mkstemp's own names
        assert temp_name_pattern(tmp_path / "pod.rackplan").fullmatch(
            _temp_like_mkstemp(tmp_path, "pod.rackplan").name)
    pat = temp_name_pattern("pod.rackplan")
    for other in (".pod.rackplan.abcd1234.tmp.x", ".pod.rackplan.abc.tmp", ".pod.rackplan.ABCD1234.tmp",
                  ".pod.rackplan.abcd-234.tmp", "pod.rackplan.abcd1234.tmp", ".~pod.rackplan.lock",
                  ".pod.rackplanX.abcd1234.tmp", ".podXrackplan.abcd1234.tmp", ".pod.rackplan.abcd12345.tmp",
                  ".pod.rackplan.abcd1234.tmp.abcd1234.tmp"):
        assert not pat.fullmatch(other), other
    # a target whose name holds regex characters is matched literally
    assert temp_name_pattern("a+b (1).json").fullmatch(".a+b (1).json.q_9z0000.tmp")
    assert not temp_name_pattern("a+b (1).json").fullmatch(".aab (1).json.q_9z0000.tmp")


def test_a_save_removes_only_stale_temp_files_of_its_target(tmp_path):
    target = tmp_path / "pod.rackplan"
    target.write_bytes(b"old")
    stale = [_temp_like_mkstemp(tmp_path, "pod.rackplan", age_s=STALE_TEMP_AGE_S + 60) for _ in range(3)]
    fresh = _temp_like_mkstemp(tmp_path, "pod.rackplan", age_s=30)  # maybe another process's save in flight
    future = _temp_like_mkstemp(tmp_path, "pod.rackplan", age_s=-3600)  # clock skew on a share: keep
    other_target = _temp_like_mkstemp(tmp_path, "other.rackplan", age_s=STALE_TEMP_AGE_S + 60)
    similar = _temp_like_mkstemp(tmp_path, "pod.rackplan.bak", age_s=STALE_TEMP_AGE_S + 60)
    dotfile = _aged(tmp_path / ".pod.rackplan.notes")
    lock = _aged(tmp_path / ".~pod.rackplan.lock", b'{"pid": 1}')
    user_file = _aged(tmp_path / ".pod.rackplan.abcd1234.tmp.keep")
    folder = tmp_path / ".pod.rackplan.dir_0000.tmp"  # the right name but a folder: not ours
    folder.mkdir()
    os.utime(folder, (OLD, OLD))

    atomic_write_bytes(target, b"new")

    assert target.read_bytes() == b"new"
    assert not any(p.exists() for p in stale)
    for kept in (fresh, future, other_target, similar, dotfile, lock, user_file, folder):
        assert kept.exists(), kept.name
    assert fresh.read_bytes() == b"half a plan"


def test_a_failed_save_removes_nothing(tmp_path, monkeypatch):
    target = tmp_path / "pod.json"
    stale = _temp_like_mkstemp(tmp_path, "pod.json", age_s=STALE_TEMP_AGE_S + 60)

    def disk_full(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(OSError, match="No space"):
        atomic_write_bytes(target, b"new")
    assert stale.exists() and not target.exists()


@pytest.mark.skipif(os.name != "posix", reason="symlinks need privileges on Windows")
def test_a_symlink_with_our_name_is_left_alone(tmp_path):
    victim = _aged(tmp_path / "important.txt", b"keep me")
    link = tmp_path / ".pod.json.abcd1234.tmp"
    link.symlink_to(victim)
    os.utime(link, (OLD, OLD), follow_symlinks=False)
    assert remove_stale_temp_files(tmp_path / "pod.json") == []
    assert link.is_symlink() and victim.read_bytes() == b"keep me"


def test_age_threshold_and_what_is_reported(tmp_path):
    target = tmp_path / "pod.json"
    a = _temp_like_mkstemp(tmp_path, "pod.json", age_s=100)
    b = _temp_like_mkstemp(tmp_path, "pod.json", age_s=10)
    assert remove_stale_temp_files(target, max_age_s=50) == [a]
    assert not a.exists() and b.exists()
    assert remove_stale_temp_files(target) == []  # the default (ten minutes) keeps b
    assert remove_stale_temp_files(tmp_path / "missing-folder" / "x.json") == []


def test_saving_a_plan_as_json_cleans_up_too(tmp_path):
    target = tmp_path / "pod.json"
    stale = _temp_like_mkstemp(tmp_path, "pod.json", age_s=STALE_TEMP_AGE_S + 60)
    save_plan_json(Plan(metadata=Metadata(project="p")), target)
    assert target.exists() and not stale.exists()


# -- permissions of written documents, and several files as one (issue 14) ------------------------------


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
@pytest.mark.parametrize("mask", [0o022, 0o002, 0o077])
def test_new_documents_get_the_umask_default_not_owner_only(tmp_path, mask):
    from planner.fabric.schedule import write_schedule_csv

    old = os.umask(mask)
    try:
        atomic_write_bytes(tmp_path / "a.bin", b"x")
        write_schedule_csv([], tmp_path / "cables.csv")  # the cable CSV was written 0600 by its own mkstemp
    finally:
        os.umask(old)
    for name in ("a.bin", "cables.csv"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o666 & ~mask, name


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_an_existing_document_keeps_its_mode(tmp_path):
    target = tmp_path / "kept.csv"
    target.write_bytes(b"old")
    target.chmod(0o640)
    atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"new" and target.stat().st_mode & 0o777 == 0o640


def test_current_umask_matches_the_process_umask():
    from planner.base.fileio import current_umask

    old = os.umask(0o027)
    try:
        assert current_umask() == 0o027
    finally:
        os.umask(old)


def test_atomic_write_files_writes_all_or_none(tmp_path, monkeypatch):
    from planner.base import fileio

    a, b, c = tmp_path / "a.csv", tmp_path / "b.csv", tmp_path / "c.csv"
    a.write_bytes(b"old a")
    written = fileio.atomic_write_files([(a, b"new a"), (b, b"new b")])
    assert written == [a, b] and a.read_bytes() == b"new a" and b.read_bytes() == b"new b"

    # the third file cannot be written: the first two keep their old content, no temp files remain
    real = fileio._write_temp
    calls = []

    def failing(target, data):
        calls.append(target)
        if target.name == "c.csv":
            raise OSError(28, "No space left on device")
        return real(target, data)

    monkeypatch.setattr(fileio, "_write_temp", failing)
    with pytest.raises(OSError):
        fileio.atomic_write_files([(a, b"newer a"), (b, b"newer b"), (c, b"c")])
    assert len(calls) == 3
    assert a.read_bytes() == b"new a" and b.read_bytes() == b"new b" and not c.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv", "b.csv"]


def test_names_of_242_to_255_bytes_can_be_saved(tmp_path):
    """issue 29 item 10: the temp file beside the target added 14 bytes, so a name of 242-255
    bytes could be opened but never saved. A killed save's leftover still matches only its own
    target's pattern."""
    from planner.base.fileio import atomic_write_bytes, temp_name_pattern

    for n in (242, 250, 255):
        target = tmp_path / ("p" * (n - 5) + ".json")
        assert len(target.name.encode()) == n
        atomic_write_bytes(target, b"{}")
        assert target.read_bytes() == b"{}"
        assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    long_a, long_b = "a" * 250 + ".json", "a" * 249 + "b.json"
    pat = temp_name_pattern(tmp_path / long_a)
    import tempfile

    from planner.base.fileio import _temp_prefix

    fd, name = tempfile.mkstemp(prefix=_temp_prefix(long_a), suffix=".tmp", dir=tmp_path)
    os.close(fd)
    assert pat.fullmatch(os.path.basename(name)) and not temp_name_pattern(tmp_path / long_b).fullmatch(
        os.path.basename(name))
    umlauts = tmp_path / ("ü" * 124 + ".json")  # 253 bytes, 129 characters
    atomic_write_bytes(umlauts, b"[]")
    assert umlauts.read_bytes() == b"[]"


@pytest.mark.parametrize("argv", [
    ["report", "EXAMPLE", "-o", "LONG.pdf"], ["convert", "EXAMPLE", "LONG.rackplan"],
    ["export", "EXAMPLE", "--format", "xlsx", "-o", "LONG.xlsx"], ["export", "EXAMPLE", "--format", "csv", "-o", "LONG"],
    ["new", "--template", "gb200-nvl72", "-o", "LONG.json"], ["check", "LONG.json"], ["validate", "LONG.json"],
    ["convert", "EXAMPLE", "LOOP/x.json"], ["report", "EXAMPLE", "-o", "LOOP/x.pdf"],
])
def test_a_name_too_long_or_a_symlink_loop_is_one_line(tmp_path, capsys, argv):
    """issue 29 item 7: file names over 255 bytes and symlink loops in an output path gave
    tracebacks in ten commands."""
    from planner.commands.cli import main

    example = Path(__file__).resolve().parents[1] / "examples" / "xe9680-h100-pod.json"
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    subs = {"EXAMPLE": str(example), "LONG": str(tmp_path / ("x" * 300)), "LOOP": str(tmp_path / "loop1")}
    args = [a for a in argv]
    for key, value in subs.items():
        args = [a.replace(key, value) for a in args]
    capsys.readouterr()
    assert main(args) == 2
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert len(err) == 1 and "Traceback" not in err[0], err
    assert "too long" in err[0] or "loop" in err[0] or "does not exist" in err[0], err
