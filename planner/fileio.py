"""File helpers shared by every format: atomic writes and field paths in error messages.

Atomic writes: readers, and a crash or kill at any moment, see either the old file or the new one,
never a mix: the data goes to a temporary file in the same folder, is flushed and
fsynced, gets the old file's permission bits (or the umask's default for a new
file, not mkstemp's owner-only 0600), and is renamed over the target; then the
folder is fsynced so the rename itself survives a power cut.

Leftover temp files: a process killed mid-save (SIGKILL, power cut) leaves its hidden
``.<name>.<8 random chars>.tmp`` beside the target forever. After each successful save,
:func:`remove_stale_temp_files` deletes those of *that target only* (exact name pattern,
regular files) whose last write is older than :data:`STALE_TEMP_AGE_S`. Age is the only
test: a save in flight rewrites its temp file within seconds, and no lock tells us
whether another process is still writing (the plan lock file is advice for the app, and
scripts save without it), so a young temp file is always left alone.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path


def field_path(loc: Iterable[str | int]) -> str:
    """A validation error location as users read it: ``site.rooms[0].rows[2].x_m``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


# mkstemp's names: prefix + 8 characters of "abcdefghijklmnopqrstuvwxyz0123456789_" + suffix
_TEMP_RANDOM = r"[a-z0-9_]{8}"
STALE_TEMP_AGE_S = 600.0  # ten minutes: far longer than any save writes its temp file


def temp_name_pattern(target: str | os.PathLike[str]) -> re.Pattern[str]:
    """The names :func:`atomic_write_bytes` gives its temp files for ``target`` (and no other target's)."""
    return re.compile(rf"\.{re.escape(Path(target).name)}\.{_TEMP_RANDOM}\.tmp")


def remove_stale_temp_files(target: str | os.PathLike[str], *, max_age_s: float = STALE_TEMP_AGE_S,
                            now: float | None = None) -> list[Path]:
    """Delete the temp files a killed save of ``target`` left beside it, if older than ``max_age_s``.

    Only regular files whose whole name matches :func:`temp_name_pattern` are touched; a
    younger one may be another process's save in flight and is kept; any error (a file
    gone meanwhile, no permission, open on Windows) leaves that file alone. Returns what
    was removed."""
    path = Path(target)
    pattern = temp_name_pattern(path)
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    for name in names:
        if not pattern.fullmatch(name):
            continue
        leftover = path.parent / name
        try:
            st = leftover.lstat()
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime <= max_age_s:
                continue  # not a plain file, or young (maybe in flight), or dated in the future
            leftover.unlink()
        except OSError:
            continue
        removed.append(leftover)
    return removed


def _new_file_mode(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def regular_file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be read as a plan file without blocking (a FIFO waits forever for
    a writer, a device never ends), or None for a regular file (or a link to one) or a
    path that does not exist (the caller's open reports that)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if stat.S_ISDIR(st.st_mode):
        return "is a folder, not a plan file"
    if not stat.S_ISREG(st.st_mode):
        kind = ("a named pipe (FIFO)" if stat.S_ISFIFO(st.st_mode) else "a socket" if stat.S_ISSOCK(st.st_mode)
                else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "a special file")
        return f"not a regular file ({kind})"
    return None


def write_target(path: str | os.PathLike[str]) -> Path:
    """Where a save of ``path`` goes: through symbolic links to the file they name, so a link
    (a plan shared from another folder) stays a link and its target gets the new content."""
    p = Path(path)
    return Path(os.path.realpath(p)) if p.is_symlink() else p


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    target = write_target(path)
    mode = _new_file_mode(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.chmod(tmp, mode)
        except OSError:
            pass
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    remove_stale_temp_files(target)
    if os.name == "posix":
        try:
            dfd = os.open(target.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
