"""Everything SQLite-specific about ``.rackplan`` files, in one module.

A project file is a SQLite 3 database. This module turns file bytes into an
in-memory database and back:

- **Opening** reads the file's bytes once and deserializes them into a private
  in-memory database. The file itself is never opened by SQLite, so nothing can
  be written to it (no journal, no WAL, no hot-journal rollback, no lock); a bad
  file is left byte-for-byte as it was. Migrations of older files run on that
  in-memory copy too. (This is a stronger form of ``?mode=ro&uri=true``.)
- **Saving** builds the new database in memory, serializes it and writes the bytes
  with :func:`atomic_write` (as :func:`planner.files.plan_io.atomic_write_bytes`:
  temporary file in the same folder, fsync, rename over the old file, fsync the
  folder; plus: the new file keeps the old one's permission bits, or gets the
  umask's, instead of mkstemp's owner-only 0600). A crash or kill at any moment
  leaves either the old or the new file.

The rest of :mod:`planner.files.storage` speaks SQLAlchemy Core/ORM only.
"""

from __future__ import annotations

import os
import sqlite3
import struct
import time
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.pool import StaticPool

from planner.base.fileio import atomic_write_bytes, os_error_text, regular_file_problem
from planner.files.plan_io import MAX_PLAN_BYTES, PlanFormatError
from planner.i18n import tmsg

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
# Reading an opened project file may take at most this long (a 64k-GPU plan reads in a few
# seconds); past it SQLite interrupts the query.
OPEN_TIME_LIMIT_S = 120.0


def _engine_for(conn: sqlite3.Connection) -> Engine:
    engine = create_engine("sqlite://", creator=lambda: conn, poolclass=StaticPool)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record) -> None:  # pragma: no cover - trivial
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA foreign_keys=OFF")  # order of inserts is ours; checks are in the plan model
        cur.close()

    return engine


def new_memory_engine() -> Engine:
    """An empty in-memory database to build a project file in."""
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    return _engine_for(conn)


def memory_engine_from(data: bytes) -> Engine:
    """A writable in-memory database starting as a copy of ``data`` (trusted bytes we made,
    e.g. an empty schema: creating 17 tables costs ~40 ms of SQL compiling on every save)."""
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.deserialize(data)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    return _engine_for(conn)


def read_file_bytes(path: str | os.PathLike[str]) -> bytes:
    p = Path(path)
    problem = regular_file_problem(p)
    if problem:
        raise PlanFormatError(p, problem)
    try:
        size = p.stat().st_size
        if size > MAX_PLAN_BYTES:
            raise PlanFormatError(p, tmsg("file is {mb:.0f} MB, larger than any plan this build opens", mb=size / 1e6))
        return p.read_bytes()
    except IsADirectoryError:
        raise PlanFormatError(p, tmsg("is a folder, not a project file")) from None
    except OSError as e:
        raise PlanFormatError(p, tmsg("cannot open: {error}", error=os_error_text(e))) from None


def check_header(data: bytes, path: str | os.PathLike[str]) -> None:
    """Reject what is plainly not a complete SQLite file before SQLite sees it."""
    if len(data) == 0:
        raise PlanFormatError(path, tmsg("the file is empty (0 bytes)"))
    if not data.startswith(SQLITE_MAGIC):
        raise PlanFormatError(path, tmsg("not a project file (it is not a SQLite database)"))
    if len(data) < HEADER_SIZE:
        raise PlanFormatError(path, tmsg("the file is truncated ({size} bytes, shorter than a SQLite header)",
                                         size=len(data)))
    page_size = struct.unpack(">H", data[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        raise PlanFormatError(path, tmsg("damaged SQLite header (page size {page_size})", page_size=page_size))
    change_counter, page_count = struct.unpack(">II", data[24:32])
    valid_for = struct.unpack(">I", data[92:96])[0]
    if page_count and valid_for == change_counter:
        expected = page_count * page_size
        if len(data) < expected:
            raise PlanFormatError(
                path, tmsg("the file is truncated ({size} of {expected} bytes); it was cut off while "
                           "being copied or written. Look for the previous version or a recovery file.",
                           size=len(data), expected=expected))
    if len(data) % page_size:
        raise PlanFormatError(path, tmsg("the file is truncated or damaged ({size} bytes is not a whole "
                                         "number of {page_size}-byte pages)", size=len(data), page_size=page_size))


def open_bytes(data: bytes, path: str | os.PathLike[str]) -> Engine:
    """A private in-memory database holding a copy of ``data``."""
    check_header(data, path)
    buf = bytearray(data)
    # A database last written in WAL mode (another application's, typically): read
    # the main file as a rollback-journal database; there is no WAL beside a copy.
    if buf[18] == 2 or buf[19] == 2:
        buf[18] = buf[19] = 1
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    try:
        conn.deserialize(bytes(buf))
        # A project file holds tables and indexes only. A view or trigger in it (a recursive
        # view in place of a table made every command hang, writing temporary files at
        # 110 MB/s: issue 29) is refused before any query touches it.
        odd = conn.execute("SELECT type, name FROM sqlite_master WHERE type NOT IN ('table', 'index') "
                           "ORDER BY name LIMIT 5").fetchall()
        if odd:
            conn.close()
            raise PlanFormatError(path, tmsg("not a Rackwright project file: it holds {what} (a project file has "
                                             "tables only)", what=", ".join(f"{t} {n!r}" for t, n in odd)))
        row = conn.execute("PRAGMA quick_check(1)").fetchone()
    except sqlite3.DatabaseError as e:
        conn.close()
        raise PlanFormatError(path, tmsg("damaged SQLite database: {error}", error=str(e))) from None
    if not row or row[0] != "ok":
        conn.close()
        raise PlanFormatError(path, tmsg("damaged SQLite database: {error}", error=row[0]) if row else
                              tmsg("damaged SQLite database: integrity check failed"))
    # bounded work and temporary space for everything read from it: temporary tables and
    # sorts stay in memory (no temporary files), and a query past the time limit is
    # interrupted (an OperationalError the callers report as a damaged file)
    conn.execute("PRAGMA temp_store=MEMORY")
    deadline = time.monotonic() + OPEN_TIME_LIMIT_S
    conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 100_000)
    return _engine_for(conn)


def to_bytes(engine: Engine) -> bytes:
    """The database of a :func:`new_memory_engine` as file bytes."""
    with engine.connect() as c:
        raw = c.connection.dbapi_connection
        assert raw is not None
        return raw.serialize()


atomic_write = atomic_write_bytes  # one implementation for every format (planner.base.fileio)


def write_file(engine: Engine, path: str | os.PathLike[str]) -> int:
    """Write the in-memory database to ``path`` atomically; returns the file size."""
    data = to_bytes(engine)
    atomic_write(path, data)
    return len(data)


def close(engine: Engine) -> None:
    with engine.connect() as c:
        raw = c.connection.dbapi_connection
    engine.dispose()
    if raw is not None:
        raw.close()


def is_database_error(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.Error)
