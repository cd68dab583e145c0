"""Schema versions of ``.rackplan`` files and the migrations between them.

The version lives in the ``rackwright_meta`` table (key ``schema_version``). A file
of an older version is migrated step by step (``MIGRATIONS[n]`` takes a database
at version n to n+1) on the private in-memory copy made when opening
(:mod:`planner.files.storage.sqlite`); the file on disk is never changed. The next save
writes the current version.

Each migration is frozen: it names the tables and columns of *its* two versions
and never uses :mod:`planner.files.storage.models`, which always describes the current
version. Every released version has a fixture file in ``tests/fixtures/rackplan/``
that the tests open through this chain.

History:

- **0** (pre-release layout, never shipped; kept to prove the path is real):
  ``placements.u_position`` instead of ``u``; tags as comma-separated text in
  ``tags_csv``; no embedded catalog entries.
- **1** (first release).
- **2**: power sources (``power_sources`` table; ``power_feeds.upstream_id``), cooling
  loop kind, capacity and flow (``cooling_loops.cdu`` may be NULL for a facility loop),
  plan exchange rates, utilisation and naming patterns (``plan_metadata``), device asset
  tag and serial (``placements``).
- **3**: rent or own and per-plan prices (``plan_metadata``: ``years_of_use``,
  ``support_fraction_per_year``, ``colocation_price_per_kw_month``, and the JSON columns
  ``cloud_price_per_gpu_hour`` and ``price_overrides``); plan format 2.
- **4**: the customer's logo (``plan_metadata.logo``, a JSON column holding the plan's
  ``Logo``: media type, file name, base64 bytes; NULL for none); plan format 3.
- **5**: the site region, the customer's requirements and the planner's internal notes
  (``plan_metadata``: ``site_region``, ``requirements`` as JSON or NULL, ``internal_notes``);
  plan format 3.
- **6**: the energy settings (``plan_metadata``: ``site_country``, ``operation_start``,
  ``heat_customer`` as text, empty when not stated; ``grid_co2_g_per_kwh``,
  ``renewable_share``, ``heat_reuse_share``, ``heat_reuse_mwh_per_year``,
  ``wue_l_per_kwh`` as numbers, NULL when not stated; docs/energy.md); plan format 3.
- **7**: the growth phases (table ``growth_phases``: id, seq, name, start; a column
  ``growth_phase_id`` on ``racks``, ``placements``, ``links``, ``power_feeds`` and
  ``cooling_loops``, NULL: the first phase; docs/phases.md); plan format 4.
- **8**: the growth phase of a workload target (``workloads.growth_phase_id``, NULL: the
  first phase, so the target is checked in every phase as before; docs/phases.md); plan
  format 5. The layout of :mod:`planner.files.storage.models`.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from sqlalchemy import (
    JSON,
    Column,
    Connection,
    Float,
    ForeignKey,
    Integer,
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

from planner.files.plan_io import PlanFormatError
from planner.i18n import tmsg

FILE_FORMAT = "rackwright-project"
SCHEMA_VERSION = 8
OLDEST_SCHEMA = 0


def read_meta(conn: Connection, path: str | os.PathLike[str]) -> dict[str, str]:
    tables = set(inspect(conn).get_table_names())
    if "rackwright_meta" not in tables:
        shown = ", ".join(sorted(tables)[:8]) + (" ..." if len(tables) > 8 else "")
        raise PlanFormatError(
            path, tmsg("a SQLite database, but not a Rackwright project file (no rackwright_meta table; "
                       "its tables: {tables})", tables=shown) if shown else
            tmsg("a SQLite database, but not a Rackwright project file (no rackwright_meta table; "
                 "it has no tables)"))
    meta_t = Table("rackwright_meta", MetaData(), Column("key", String), Column("value", Text))
    meta = {str(k): str(v) for k, v in conn.execute(select(meta_t.c.key, meta_t.c.value))}
    if meta.get("format") != FILE_FORMAT:
        raise PlanFormatError(path, tmsg("not a Rackwright project file (format is {format})",
                                         format=repr(meta.get("format"))),
                              "rackwright_meta.format")
    return meta


def schema_version(meta: dict[str, str], path: str | os.PathLike[str]) -> int:
    raw = meta.get("schema_version")
    try:
        version = int(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise PlanFormatError(path, tmsg("schema_version must be a whole number (got {value})", value=repr(raw)),
                              "rackwright_meta.schema_version") from None
    if version > SCHEMA_VERSION:
        app = meta.get("app_version")
        newer = (tmsg("written by Rackwright {app} with project file schema {version}; this build reads up to "
                      "schema {reads}. Update Rackwright to open it.", app=app, version=version, reads=SCHEMA_VERSION)
                 if app else
                 tmsg("written with project file schema {version}; this build reads up to schema {reads}. "
                      "Update Rackwright to open it.", version=version, reads=SCHEMA_VERSION))
        raise PlanFormatError(path, newer, "rackwright_meta.schema_version")
    if version < OLDEST_SCHEMA:
        raise PlanFormatError(path, tmsg("unknown project file schema {version}", version=version),
                              "rackwright_meta.schema_version")
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
            raise PlanFormatError(path, tmsg("cannot upgrade from schema {version} to {next}: {error}",
                                             version=version, next=version + 1, error=str(e))) from None
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


# --------------------------------------------------------------------------- 1 -> 2


def _v1_to_v2(conn: Connection) -> None:
    json_type = JSON().compile(dialect=conn.dialect)
    add = [
        ("plan_metadata", "exchange_rates", json_type, "'{}'"),
        ("plan_metadata", "exchange_rates_date", "VARCHAR(10)", "''"),
        ("plan_metadata", "utilisation", "FLOAT", "1.0"),
        ("plan_metadata", "naming", json_type, "'{}'"),
        ("placements", "asset_tag", "VARCHAR(50)", "''"),
        ("placements", "serial", "VARCHAR(50)", "''"),
        ("cooling_loops", "kind", "VARCHAR(16)", "'in-row'"),
        ("cooling_loops", "capacity_kw", "FLOAT", None),
        ("cooling_loops", "flow_l_per_min", "FLOAT", None),
        ("power_feeds", "upstream_id", "VARCHAR(64)", None),
    ]
    for table, column, sql_type, default in add:
        conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {sql_type}"))
        if default is not None:
            conn.execute(text(f"UPDATE {table} SET {column} = {default}"))
    # a facility loop has no CDU: cooling_loops.cdu becomes nullable
    if conn.dialect.name == "sqlite":  # SQLite cannot drop NOT NULL: rebuild the table
        cols = ("id, seq, name, kind, cdu, cdu_count, coolant, supply_temp_c, delta_t_k, capacity_kw, "
                "flow_l_per_min")
        conn.execute(text(
            "CREATE TABLE cooling_loops_v2 (id VARCHAR(64) NOT NULL PRIMARY KEY, seq INTEGER NOT NULL, "
            "name VARCHAR(200) NOT NULL, kind VARCHAR(16) NOT NULL, cdu VARCHAR(100), cdu_count INTEGER NOT NULL, "
            "coolant VARCHAR(16) NOT NULL, supply_temp_c FLOAT NOT NULL, delta_t_k FLOAT NOT NULL, "
            "capacity_kw FLOAT, flow_l_per_min FLOAT)"))
        conn.execute(text(f"INSERT INTO cooling_loops_v2 ({cols}) SELECT {cols} FROM cooling_loops"))
        conn.execute(text("DROP TABLE cooling_loops"))
        conn.execute(text("ALTER TABLE cooling_loops_v2 RENAME TO cooling_loops"))
    else:
        conn.execute(text("ALTER TABLE cooling_loops ALTER COLUMN cdu DROP NOT NULL"))
    Table(
        "power_sources", MetaData(),
        Column("id", String(64), primary_key=True),
        Column("seq", Integer, nullable=False),
        Column("name", String(200), nullable=False),
        Column("kind", String(16), nullable=False),
        Column("capacity_kw", Float, nullable=False),
        Column("side", String(1)),
        Column("upstream_id", String(64), ForeignKey("power_sources.id")),
    ).create(conn)


# --------------------------------------------------------------------------- 2 -> 3


def _v2_to_v3(conn: Connection) -> None:
    json_type = JSON().compile(dialect=conn.dialect)
    add = [
        ("plan_metadata", "years_of_use", "FLOAT", "4.0"),
        ("plan_metadata", "support_fraction_per_year", "FLOAT", "0.1"),
        ("plan_metadata", "colocation_price_per_kw_month", "FLOAT", "0.0"),
        ("plan_metadata", "cloud_price_per_gpu_hour", json_type, "'{}'"),
        ("plan_metadata", "price_overrides", json_type, "'{}'"),
    ]
    for table, column, sql_type, default in add:
        conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {sql_type}"))
        conn.execute(text(f"UPDATE {table} SET {column} = {default}"))


# --------------------------------------------------------------------------- 3 -> 4


def _v3_to_v4(conn: Connection) -> None:
    json_type = JSON().compile(dialect=conn.dialect)
    conn.execute(text(f"ALTER TABLE plan_metadata ADD COLUMN logo {json_type}"))  # NULL: no logo


def _v4_to_v5(conn: Connection) -> None:
    json_type = JSON().compile(dialect=conn.dialect)
    conn.execute(text("ALTER TABLE plan_metadata ADD COLUMN internal_notes TEXT"))
    conn.execute(text("UPDATE plan_metadata SET internal_notes = ''"))
    conn.execute(text("ALTER TABLE plan_metadata ADD COLUMN site_region VARCHAR(2)"))
    conn.execute(text("UPDATE plan_metadata SET site_region = 'na'"))  # every plan before had North-American power
    conn.execute(text(f"ALTER TABLE plan_metadata ADD COLUMN requirements {json_type}"))  # NULL: none stated


def _v5_to_v6(conn: Connection) -> None:
    # every plan before stated none of them: empty texts, NULL numbers
    for column in ("site_country VARCHAR(2)", "operation_start VARCHAR(10)", "heat_customer VARCHAR(200)"):
        conn.execute(text(f"ALTER TABLE plan_metadata ADD COLUMN {column}"))
        conn.execute(text(f"UPDATE plan_metadata SET {column.split()[0]} = ''"))
    for column in ("grid_co2_g_per_kwh", "renewable_share", "heat_reuse_share", "heat_reuse_mwh_per_year",
                   "wue_l_per_kwh"):
        conn.execute(text(f"ALTER TABLE plan_metadata ADD COLUMN {column} FLOAT"))


def _v6_to_v7(conn: Connection) -> None:
    # no plan before had phases: an empty table, NULL (the first phase) everywhere
    Table(
        "growth_phases", MetaData(),
        Column("id", String(64), primary_key=True),
        Column("seq", Integer, nullable=False),
        Column("name", String(200), nullable=False),
        Column("start", String(10), nullable=False),
    ).create(conn)
    for table in ("racks", "placements", "links", "power_feeds", "cooling_loops"):
        conn.execute(text(f"ALTER TABLE {table} ADD COLUMN growth_phase_id VARCHAR(64) "
                          "REFERENCES growth_phases (id)"))


def _v7_to_v8(conn: Connection) -> None:
    # a workload of an older file names no phase: NULL, the first phase (checked in every phase)
    conn.execute(text("ALTER TABLE workloads ADD COLUMN growth_phase_id VARCHAR(64) REFERENCES growth_phases (id)"))


MIGRATIONS: dict[int, Callable[[Connection], None]] = {0: _v0_to_v1, 1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4,
                                                       4: _v4_to_v5, 5: _v5_to_v6, 6: _v6_to_v7, 7: _v7_to_v8}
