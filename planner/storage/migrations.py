"""Schema versions of ``.rackplan`` files and the migrations between them.

The version lives in the ``rackwright_meta`` table (key ``schema_version``). A file
of an older version is migrated step by step (``MIGRATIONS[n]`` takes a database
at version n to n+1) on the private in-memory copy made when opening
(:mod:`planner.storage.sqlite`); the file on disk is never changed. The next save
writes the current version.

Each migration is frozen: it names the tables and columns of *its* two versions
and never uses :mod:`planner.storage.models`, which always describes the current
version. Every released version has a fixture file in ``tests/fixtures/rackplan/``
that the tests open through this chain.

History:

- **0** (pre-release layout, never shipped; kept to prove the path is real):
  ``placements.u_position`` instead of ``u``; tags as comma-separated text in
  ``tags_csv``; no embedded catalog entries.
- **1** (first release): the layout of :mod:`planner.storage.models`.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from sqlalchemy import (
    JSON,
    Column,
    Connection,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    inspect,
    select,
    text,
    update,
)

from planner.plan_io import PlanFormatError

FILE_FORMAT = "rackwright-project"
SCHEMA_VERSION = 1
OLDEST_SCHEMA = 0


def read_meta(conn: Connection, path: str | os.PathLike[str]) -> dict[str, str]:
    tables = set(inspect(conn).get_table_names())
    if "rackwright_meta" not in tables:
        shown = ", ".join(sorted(tables)[:8]) + (" ..." if len(tables) > 8 else "")
        raise PlanFormatError(
            path, "a SQLite database, but not a Rackwright project file (no rackwright_meta table; "
                  f"its tables: {shown or 'none'})")
    meta_t = Table("rackwright_meta", MetaData(), Column("key", String), Column("value", Text))
    meta = {str(k): str(v) for k, v in conn.execute(select(meta_t.c.key, meta_t.c.value))}
    if meta.get("format") != FILE_FORMAT:
        raise PlanFormatError(path, f"not a Rackwright project file (format is {meta.get('format')!r})",
                              "rackwright_meta.format")
    return meta


def schema_version(meta: dict[str, str], path: str | os.PathLike[str]) -> int:
    raw = meta.get("schema_version")
    try:
        version = int(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise PlanFormatError(path, f"schema_version must be a whole number (got {raw!r})",
                              "rackwright_meta.schema_version") from None
    if version > SCHEMA_VERSION:
        app = meta.get("app_version")
        by = f" by Rackwright {app}" if app else ""
        raise PlanFormatError(
            path, f"written{by} with project file schema {version}; this build reads up to schema "
                  f"{SCHEMA_VERSION}. Update Rackwright to open it.", "rackwright_meta.schema_version")
    if version < OLDEST_SCHEMA:
        raise PlanFormatError(path, f"unknown project file schema {version}", "rackwright_meta.schema_version")
    return version


def migrate(conn: Connection, version: int, path: str | os.PathLike[str]) -> list[str]:
    """Bring the database on ``conn`` from ``version`` to SCHEMA_VERSION. Returns notes."""
    notes: list[str] = []
    while version < SCHEMA_VERSION:
        step = MIGRATIONS[version]
        try:
            step(conn)
        except PlanFormatError:
            raise
        except Exception as e:  # a damaged old file: say which step failed
            raise PlanFormatError(path, f"cannot upgrade from schema {version} to {version + 1}: {e}") from None
        notes.append(f"upgraded from project file schema {version} to {version + 1}")
        version += 1
    conn.execute(text("UPDATE rackwright_meta SET value = :v WHERE key = 'schema_version'"),
                 {"v": str(SCHEMA_VERSION)})
    return notes


# --------------------------------------------------------------------------- 0 -> 1


def _v0_to_v1(conn: Connection) -> None:
    md = MetaData()
    # placements.u_position -> u (standard SQL; SQLite >= 3.25, PostgreSQL)
    conn.execute(text("ALTER TABLE placements RENAME COLUMN u_position TO u"))
    json_type = JSON().compile(dialect=conn.dialect)
    for table in ("racks", "placements"):
        conn.execute(text(f"ALTER TABLE {table} ADD COLUMN tags {json_type}"))
        t = Table(table, md, Column("id", String, primary_key=True), Column("tags_csv", Text),
                  Column("tags", JSON))
        rows = conn.execute(select(t.c.id, t.c.tags_csv)).all()
        updates = [{"_id": rid, "_tags": [s for s in (csv or "").split(",") if s]} for rid, csv in rows]
        if updates:
            conn.execute(update(t).where(t.c.id == bindparam("_id")).values(tags=bindparam("_tags")), updates)
        conn.execute(text(f"ALTER TABLE {table} DROP COLUMN tags_csv"))
    Table(
        "catalog_entries", md,
        Column("table_name", String(32), primary_key=True),
        Column("slug", String(100), primary_key=True),
        Column("data", JSON),
        Column("layer", String(100)),
        Column("source_file", Text),
    ).create(conn)


MIGRATIONS: dict[int, Callable[[Connection], None]] = {0: _v0_to_v1}
