"""Atomic file writes, shared by every format that saves a file.

Readers, and a crash or kill at any moment, see either the old file or the new one,
never a mix: the data goes to a temporary file in the same folder, is flushed and
fsynced, gets the old file's permission bits (or the umask's default for a new
file, not mkstemp's owner-only 0600), and is renamed over the target; then the
folder is fsynced so the rename itself survives a power cut.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def _new_file_mode(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    target = Path(path)
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
    if os.name == "posix":
        try:
            dfd = os.open(target.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
