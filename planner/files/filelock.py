"""Detect a plan opened twice: a lock file beside it.

``pod.rackplan`` gets ``.~pod.rackplan.lock`` (the LibreOffice convention) holding
JSON ``{pid, host, user, time, app}``. It is created atomically (``O_CREAT|O_EXCL``),
so of two programs opening the file at once exactly one gets it. A lock left by a
crashed program on this computer (its pid is no longer running, or now belongs to a
process started at another time: pids are reused) is stale and is taken over silently;
a lock file that cannot be read (a crash between creating and writing it) counts as held
for :data:`UNREADABLE_GRACE_S` after its last write, then as stale; a lock from another computer, or from a live program, is
reported with who holds it and since when, and the app asks the user whether to
open read-only or anyway (``acquire(force=True)``).

The lock is advice between Rackwright instances, not an OS lock: a folder that
cannot hold it (read-only share) gives ``LockResult(acquired=False, holder=None,
reason=...)`` and the app may still open the plan.
"""

from __future__ import annotations

import datetime as _dt
import getpass
import json
import os
import socket
import time
from dataclasses import asdict, dataclass
from pathlib import Path

MAX_LOCK_BYTES = 4096
UNREADABLE_GRACE_S = 30.0  # a lock is written within milliseconds of its creation


def process_start_time(pid: int) -> float | None:
    """When process ``pid`` started (seconds since the epoch), where the system tells
    (Linux: /proc); None elsewhere or when it does not run."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read().decode("ascii", "replace")
        ticks = int(stat.rsplit(")", 1)[1].split()[19])  # field 22, starttime, in clock ticks since boot
        with open("/proc/stat", "rb") as f:
            btime = next(int(ln.split()[1]) for ln in f.read().decode("ascii", "replace").splitlines()
                         if ln.startswith("btime "))
        return btime + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def lock_path_for(path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    return p.with_name(f".~{p.name}.lock")


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name (containers, services)
        return ""


@dataclass(frozen=True)
class LockInfo:
    pid: int
    host: str
    user: str
    time: str  # ISO 8601, UTC
    app: str = "rackwright"
    started: float | None = None  # the holder process's start time, where the system tells
    readable: bool = True  # False: the lock file could not be read (see read_lock)

    @classmethod
    def mine(cls) -> LockInfo:
        return cls(os.getpid(), socket.gethostname(), _user(),
                   _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"), started=process_start_time(os.getpid()))

    def describe(self) -> str:
        if not self.readable:
            return "another program (its lock file is being written or is damaged)"
        who = self.user or "someone"
        return f"{who} on {self.host or 'an unknown computer'} (process {self.pid}) since {self.time}"

    def is_this_process(self) -> bool:
        return self.host == socket.gethostname() and self.pid == os.getpid()


@dataclass(frozen=True)
class LockResult:
    acquired: bool
    holder: LockInfo | None = None  # who holds it, when not acquired
    reason: str = ""  # for the user: why not acquired, or what was taken over

    def __bool__(self) -> bool:
        return self.acquired


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this computer."""
    if pid <= 0:
        return False
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return bool(ok) and code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def read_lock(lock: Path) -> LockInfo | None:
    """The holder recorded in a lock file; None if missing. A damaged lock reads as unknown holder."""
    try:
        raw = lock.read_bytes()[:MAX_LOCK_BYTES]
    except FileNotFoundError:
        return None
    except OSError:
        return LockInfo(0, "", "", "", readable=False)
    try:
        d = json.loads(raw.decode("utf-8"))
        started = d.get("started")
        return LockInfo(int(d["pid"]), str(d["host"]), str(d.get("user", "")), str(d.get("time", "")),
                        str(d.get("app", "rackwright")),
                        float(started) if isinstance(started, int | float) else None)
    except (ValueError, KeyError, TypeError, UnicodeDecodeError, AttributeError):
        return LockInfo(0, "", "", "", readable=False)


class FileLock:
    """The lock of one plan file. ``acquire()`` then ``release()``; also a context manager."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.lock_path = lock_path_for(self.path)
        self.info: LockInfo | None = None  # ours, while held

    @property
    def held(self) -> bool:
        return self.info is not None

    def holder(self) -> LockInfo | None:
        return read_lock(self.lock_path)

    def is_stale(self, info: LockInfo) -> bool:
        """A lock from a program on this computer that no longer runs (its pid is gone or
        belongs to a process started at another time), or a lock file nobody has written
        for :data:`UNREADABLE_GRACE_S` that cannot be read."""
        if not info.readable:
            try:
                age = time.time() - self.lock_path.stat().st_mtime
            except OSError:
                return True
            return age > UNREADABLE_GRACE_S
        if info.host != socket.gethostname() or info.pid <= 0:
            return False
        if not pid_alive(info.pid):
            return True
        if info.started is not None:
            now = process_start_time(info.pid)
            if now is not None and abs(now - info.started) > 2.0:
                return True  # the pid was reused by a later process
        return False

    def _create(self, info: LockInfo) -> None:
        fd = os.open(self.lock_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(asdict(info), f)
            f.flush()
            os.fsync(f.fileno())

    def acquire(self, force: bool = False) -> LockResult:
        """Take the lock. Not acquired when another live program holds it (``holder`` says who).

        A stale lock (dead pid, same host) is replaced. ``force`` replaces any lock (the
        user chose to open anyway).
        """
        if self.held:
            return LockResult(True)
        info = LockInfo.mine()
        taken_over = ""
        for _ in range(3):
            try:
                self._create(info)
                self.info = info
                return LockResult(True, reason=taken_over)
            except FileExistsError:
                pass
            except OSError as e:
                return LockResult(False, None, f"cannot create the lock file {self.lock_path}: "
                                               f"{e.strerror or e}")
            current = read_lock(self.lock_path)
            if current is None:
                continue  # released meanwhile; try again
            if not force and not self.is_stale(current):
                return LockResult(False, current, f"{self.path.name} is already open by {current.describe()}")
            taken_over = (f"took over the lock of {current.describe()}" +
                          (" (that program no longer runs)" if not force else ""))
            try:
                self.lock_path.unlink()
            except FileNotFoundError:
                pass
            except OSError as e:
                return LockResult(False, current, f"cannot remove the lock file {self.lock_path}: "
                                                  f"{e.strerror or e}")
        current = read_lock(self.lock_path)
        return LockResult(False, current, f"{self.path.name} is being opened by another program")

    def release(self) -> None:
        """Remove the lock file if it is still ours (never someone else's)."""
        if self.info is None:
            return
        current = read_lock(self.lock_path)
        if current == self.info:
            try:
                self.lock_path.unlink()
            except OSError:
                pass
        self.info = None

    def __enter__(self) -> LockResult:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
