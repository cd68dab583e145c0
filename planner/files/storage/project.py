"""Open and save ``.rackplan`` project files (see docs/project-file.md)."""

from __future__ import annotations

import datetime as _dt
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, delete, insert, select
from sqlalchemy.exc import SQLAlchemyError

import planner
from planner.catalog import Catalog
from planner.files.plan_io import PlanFormatError, no_gc
from planner.i18n import tmsg
from planner.model.plan import FORMAT_VERSION, Plan

from . import models as m
from . import sqlite as sq
from .convert import NotFinite, plan_to_rows, read_rows, rows_to_plan
from .embedded import (
    Difference,
    EmbeddedCatalog,
    Prefer,
    UnknownRef,
    catalog_differences,
    catalog_from_rows,
    entry_data,
    merge_catalogs,
    missing_locally,
    used_entries,
)
from .migrations import FILE_FORMAT, SCHEMA_VERSION, migrate, read_meta, schema_version


@dataclass
class Resolution:
    """The catalog to work with after opening, and what the user should be told."""

    catalog: Catalog
    differences: list[Difference]
    missing_locally: list[tuple[str, str]]
    unknown: list[UnknownRef]


@dataclass
class OpenedPlan:
    """A plan read from a project file, with the catalog entries stored in it."""

    plan: Plan
    embedded: EmbeddedCatalog
    path: Path
    schema_version: int
    meta: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    kind: str = "rackplan"  # or "json" (from planner.files.documents.open_document; schema_version 0, no entries)

    @property
    def catalog(self) -> Catalog:
        """The stored entries as a catalog layer (layer name ``plan-file``)."""
        return self.embedded.catalog

    def differences(self, local: Catalog) -> list[Difference]:
        return catalog_differences(self.embedded, local)

    def resolve(self, local: Catalog, prefer: Prefer = "local",
                choices: dict[tuple[str, str], Prefer] | None = None) -> Resolution:
        """Merge the stored entries with ``local`` as chosen; list differences and unknown hardware."""
        merged = merge_catalogs(local, self.embedded, prefer, choices)
        _, unknown = used_entries(self.plan, [merged])
        return Resolution(merged, catalog_differences(self.embedded, local),
                          missing_locally(self.embedded, local), unknown)


@dataclass
class SaveInfo:
    path: Path
    size_bytes: int
    embedded: int
    unknown: list[UnknownRef]


_no_gc = no_gc  # shared with the JSON reader (planner.files.plan_io)

# rackwright_meta keys a re-save of a file keeps (the repository a pulled plan came from:
# planner.files.repository), unless the caller gives its own extra_meta
KEPT_META_KEYS = ("repo_url", "repo_plan", "repo_revision")


# --------------------------------------------------------------------------- saving


def _meta_rows(extra: dict[str, str] | None = None) -> list[dict[str, str]]:
    meta = {
        "format": FILE_FORMAT,
        "schema_version": str(SCHEMA_VERSION),
        "plan_format_version": str(FORMAT_VERSION),
        "app_version": planner.__version__,
        "saved_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
    }
    meta.update(extra or {})
    return [{"key": k, "value": v} for k, v in meta.items()]


def catalog_rows(plan: Plan, catalogs: list[Catalog], embedded: EmbeddedCatalog | None
                 ) -> tuple[list[dict[str, Any]], list[UnknownRef]]:
    sources = list(catalogs) + ([embedded.catalog] if embedded is not None else [])
    found, unknown = used_entries(plan, sources)
    rows = []
    for (table, slug), (entry, cat) in sorted(found.items()):
        origin = cat.origins.get((table, slug))
        layer, file = (origin.layer, origin.file) if origin else ("", "")
        if embedded is not None and cat is embedded.catalog:
            layer, file = embedded.layer_of.get((table, slug), (layer, file))
        rows.append({"table_name": table, "slug": slug, "data": entry_data(entry), "layer": layer,
                     "source_file": file})
    if embedded is not None:  # entries this build cannot read are carried along, never dropped
        still = {(u.table, u.slug) for u in unknown}
        for inv in embedded.invalid:
            if (inv.table, inv.slug) in still or (inv.table == "device-types" and ("cooling", inv.slug) in still):
                rows.append({"table_name": inv.table, "slug": inv.slug, "data": inv.data, "layer": "",
                             "source_file": ""})
                unknown = [u for u in unknown if u.slug != inv.slug]
    return rows, unknown


@dataclass(frozen=True)
class PlanSnapshot:
    """Everything a save writes, copied out of a plan: safe to write from another thread
    while the plan goes on being edited. ~0.1 s for a 16k-GPU plan."""

    rows: dict[str, list[dict[str, Any]]]
    catalog_rows: list[dict[str, Any]]
    unknown: list[UnknownRef]
    # tables whose rows have no "seq" yet: it is their position, added by table_rows() where
    # the snapshot is written (off the GUI thread; the autosave's row cache reuses rows whose
    # position moved: planner.files.storage.rowcache)
    unnumbered: frozenset[str] = frozenset()

    def table_rows(self, table: str) -> list[dict[str, Any]]:
        rows = self.rows.get(table) or []
        if table in self.unnumbered:
            return [{**r, "seq": i} for i, r in enumerate(rows)]
        return rows

    def numbered(self) -> PlanSnapshot:
        """The same snapshot with every row's ``seq``: what :func:`snapshot` gives."""
        if not self.unnumbered:
            return self
        return PlanSnapshot({t: self.table_rows(t) for t in self.rows}, self.catalog_rows, self.unknown)


def snapshot(plan: Plan, catalog: Catalog | None = None, embedded: EmbeddedCatalog | None = None) -> PlanSnapshot:
    """Take on the thread that owns the plan; pass to ``save_rackplan``/``autosave`` anywhere."""
    with _no_gc():
        try:
            rows = plan_to_rows(plan)
        except NotFinite as e:
            raise ValueError(f"cannot save the plan: {e}") from None
        cat_rows, unknown = catalog_rows(plan, [catalog] if catalog is not None else [], embedded)
    return PlanSnapshot(rows, cat_rows, unknown)


_EMPTY_SCHEMA: list[bytes] = []


def _empty_schema() -> bytes:
    """The current schema's tables, no rows, as SQLite bytes (made once per process)."""
    if not _EMPTY_SCHEMA:
        engine = sq.new_memory_engine()
        try:
            with engine.begin() as conn:
                m.Base.metadata.create_all(conn)
            _EMPTY_SCHEMA.append(sq.to_bytes(engine))
        finally:
            sq.close(engine)
    return _EMPTY_SCHEMA[0]


def build_database(plan: Plan | PlanSnapshot, catalog: Catalog | None, embedded: EmbeddedCatalog | None,
                   extra_meta: dict[str, str] | None = None):
    """The project file as an in-memory database (engine); caller closes it."""
    snap = plan if isinstance(plan, PlanSnapshot) else snapshot(plan, catalog, embedded)
    cat_rows, unknown = snap.catalog_rows, snap.unknown
    engine = sq.memory_engine_from(_empty_schema())
    try:
        with engine.begin() as conn:
            conn.execute(insert(m.table_of(m.Meta)), _meta_rows(extra_meta))
            for table in m.TABLES_IN_ORDER:
                data = snap.table_rows(table.name)
                if data:
                    conn.execute(insert(table), data)
            if cat_rows:
                conn.execute(insert(m.table_of(m.CatalogEntryRow)), cat_rows)
    except BaseException:
        sq.close(engine)
        raise
    return engine, len(cat_rows), unknown


def rackplan_bytes(plan: Plan | PlanSnapshot, catalog: Catalog | None = None, embedded: EmbeddedCatalog | None = None,
                   extra_meta: dict[str, str] | None = None) -> bytes:
    with _no_gc():
        engine, _, _ = build_database(plan, catalog, embedded, extra_meta)
    try:
        return sq.to_bytes(engine)
    finally:
        sq.close(engine)


def save_rackplan(plan: Plan | PlanSnapshot, path: str | os.PathLike[str], catalog: Catalog | None = None, *,
                  embedded: EmbeddedCatalog | None = None, extra_meta: dict[str, str] | None = None) -> SaveInfo:
    """Save ``plan`` to ``path`` atomically (old or new file, never a mix).

    Catalog entries the plan uses are embedded, taken from ``catalog`` first, then from
    ``embedded`` (the entries of the file the plan was opened from). With neither
    given, the local catalog is loaded and the entries already in ``path`` (if it is
    a readable project file) are the fallback, so re-saving never drops the stored
    figures of hardware the local catalog lacks. A :class:`PlanSnapshot` already holds
    its entries (``catalog``/``embedded`` are then ignored).
    """
    target = Path(path)
    if catalog is None and embedded is None and not isinstance(plan, PlanSnapshot):
        from planner.catalog import load_catalog

        catalog = load_catalog()
        existing = _existing(target)
        embedded = existing.embedded if existing is not None else None
        if existing is not None and extra_meta is None:  # a pulled plan stays linked to its repository
            extra_meta = {k: existing.meta[k] for k in KEPT_META_KEYS if k in existing.meta} or None
    elif extra_meta is None and not isinstance(plan, PlanSnapshot) and target.is_file():
        try:  # saved over with the caller's catalog (the app's): the file's repository link stays too
            meta = read_file_meta(target)
        except Exception:  # noqa: BLE001 - not a readable project file: nothing to keep
            meta = {}
        extra_meta = {k: meta[k] for k in KEPT_META_KEYS if k in meta} or None
    with _no_gc():
        engine, n, unknown = build_database(plan, catalog, embedded, extra_meta)
    try:
        size = sq.write_file(engine, target)
    finally:
        sq.close(engine)
    return SaveInfo(target, size, n, unknown)


def _existing(path: Path) -> OpenedPlan | None:
    if not path.is_file():
        return None
    try:
        return open_rackplan(path)
    except (PlanFormatError, OSError):
        return None


# --------------------------------------------------------------------------- opening


def _read_catalog_rows(conn: Connection) -> list[dict[str, Any]]:
    t = m.table_of(m.CatalogEntryRow)
    names = [c.name for c in t.columns]
    return [dict(zip(names, r)) for r in conn.execute(select(*t.columns).order_by(t.c.table_name, t.c.slug))]


def open_rackplan(path: str | os.PathLike[str]) -> OpenedPlan:
    """Read a project file. Raises :class:`PlanFormatError` (file + what) for a bad file.

    The file is read once into memory and never written (see planner.files.storage.sqlite).
    """
    with _no_gc():
        return _open(Path(path))


def open_rackplan_bytes(data: bytes, name: str | os.PathLike[str]) -> OpenedPlan:
    """Read a project file held in memory (e.g. a repository revision); ``name`` is used in messages."""
    with _no_gc():
        return _open(Path(name), data)


def _open(p: Path, data: bytes | None = None) -> OpenedPlan:
    if data is None:
        data = sq.read_file_bytes(p)
    engine = sq.open_bytes(data, p)
    try:
        with engine.connect() as conn:  # a private copy: nothing to commit
            meta = read_meta(conn, p)
            version = schema_version(meta, p)
            notes = migrate(conn, version, p) if version < SCHEMA_VERSION else []
            pfv = meta.get("plan_format_version", str(FORMAT_VERSION))
            if not pfv.isdigit() or int(pfv) > FORMAT_VERSION:
                raise PlanFormatError(p, tmsg("plan format {found} is newer than this build reads ({reads}); "
                                              "update Rackwright to open it", found=pfv, reads=FORMAT_VERSION),
                                     "rackwright_meta.plan_format_version")
            rows = read_rows(conn)
            cat_rows = _read_catalog_rows(conn)
    except SQLAlchemyError as e:
        orig = getattr(e, "orig", None) or e
        raise PlanFormatError(p, tmsg("damaged or incomplete project file: {error}", error=str(orig))) from None
    except (ValueError, TypeError) as e:  # e.g. a JSON column holding something else
        if isinstance(e, PlanFormatError):
            raise
        raise PlanFormatError(p, tmsg("damaged project file: {error}", error=str(e))) from None
    except RecursionError:  # a stored JSON value (a catalog entry) nested thousands deep
        raise PlanFormatError(p, tmsg("damaged project file: a stored value is nested too deeply")) from None
    finally:
        sq.close(engine)
    plan = rows_to_plan(rows, p)
    try:
        embedded = catalog_from_rows(cat_rows, p)
    except RecursionError:
        raise PlanFormatError(p, tmsg("damaged project file: a stored value is nested too deeply")) from None
    for inv in embedded.invalid:
        notes.append(f"stored catalog entry {inv.table}/{inv.slug} is not readable by this build "
                     f"({inv.message}); it is kept and saved back unchanged")
    return OpenedPlan(plan, embedded, p, version, meta, notes)


def read_project_rows(data: bytes, name: str | os.PathLike[str]
                      ) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, Any]], dict[str, str]] | None:
    """A project file's plan rows, stored catalog entries and ``rackwright_meta`` as they are
    in the file, without building (and validating) the plan: a third of the time of opening
    it. The rows equal what :func:`plan_to_rows` gives of the plan the file holds, for a file
    of this build's schema and plan format; older files give None (open them: that migrates).
    Used where only the rows are needed (a repository's differences and merges)."""
    p = Path(name)
    engine = sq.open_bytes(data, p)
    try:
        with engine.connect() as conn:
            meta = read_meta(conn, p)
            if (schema_version(meta, p) != SCHEMA_VERSION
                    or meta.get("plan_format_version", "") != str(FORMAT_VERSION)):
                return None
            return read_rows(conn), _read_catalog_rows(conn), meta
    except SQLAlchemyError as e:
        raise PlanFormatError(p, tmsg("damaged or incomplete project file: {error}",
                                       error=str(getattr(e, "orig", None) or e))) from None
    except (ValueError, TypeError) as e:
        if isinstance(e, PlanFormatError):
            raise
        raise PlanFormatError(p, tmsg("damaged project file: {error}", error=str(e))) from None
    finally:
        sq.close(engine)


# key column of each plan table whose rows :func:`patch_rackplan_bytes` replaces as a group
_LIST_PARENT = {"power_connections": "placement_id", "group_members": "group_id"}


def patch_rackplan_bytes(data: bytes, name: str | os.PathLike[str],
                         replace: dict[str, tuple[list[Any], list[dict[str, Any]]]] | None = None,
                         catalog_rows: list[dict[str, Any]] | None = None,
                         extra_meta: dict[str, str] | None = None) -> bytes:
    """A copy of the project file ``data`` (this build's schema) with some rows replaced,
    instead of writing every row again: for a new revision that differs from the stored one
    in a few entities, or a pulled revision that only gets its origin recorded.

    ``replace``: {table: (keys, rows)}: the rows whose key (``id``; the parent placement or
    group for ``power_connections`` and ``group_members``) is in ``keys`` are deleted, then
    ``rows`` inserted. ``catalog_rows`` (when given) replace the stored catalog entries.
    ``rackwright_meta`` is written as a save writes it, with ``extra_meta`` (None: the keys
    already there that a re-save keeps, :data:`KEPT_META_KEYS`, stay)."""
    p = Path(name)
    engine = sq.open_bytes(data, p)
    try:
        with engine.connect() as conn:  # committed by _serialized
            old = read_meta(conn, p)
            meta_t = m.table_of(m.Meta)
            if schema_version(old, p) != SCHEMA_VERSION:
                # an older file: its tables are the old ones; only the given keys are set (opening migrates)
                if replace or catalog_rows is not None:
                    raise ValueError(f"{p}: cannot change rows of a schema-{old.get('schema_version')} file")
                if extra_meta:
                    conn.execute(delete(meta_t).where(meta_t.c.key.in_(list(extra_meta))))
                    conn.execute(insert(meta_t), [{"key": k, "value": v} for k, v in extra_meta.items()])
                return _serialized(conn)
            kept = {k: old[k] for k in KEPT_META_KEYS if k in old}
            conn.execute(delete(meta_t))
            conn.execute(insert(meta_t), _meta_rows(extra_meta if extra_meta is not None else kept))
            tables = {t.name: t for t in m.TABLES_IN_ORDER}
            for table_name, (keys, rows) in (replace or {}).items():
                table = tables[table_name]
                col = table.c[_LIST_PARENT.get(table_name, "id")]
                keys = list(keys)
                for i in range(0, len(keys), 500):
                    conn.execute(delete(table).where(col.in_(keys[i:i + 500])))
                if rows:
                    conn.execute(insert(table), rows)
            if catalog_rows is not None:
                conn.execute(delete(m.table_of(m.CatalogEntryRow)))
                if catalog_rows:
                    conn.execute(insert(m.table_of(m.CatalogEntryRow)), catalog_rows)
            return _serialized(conn)
    finally:
        sq.close(engine)


def _serialized(conn: Connection) -> bytes:
    conn.commit()
    raw = conn.connection.dbapi_connection
    assert raw is not None
    return raw.serialize()


def write_rackplan_bytes(data: bytes, path: str | os.PathLike[str], extra_meta: dict[str, str] | None = None) -> int:
    """Write a project file held in memory (e.g. a repository revision) to ``path``
    atomically, with ``extra_meta`` recorded in it (e.g. where it came from). Returns the size."""
    if extra_meta is not None:
        data = patch_rackplan_bytes(data, path, extra_meta=extra_meta)
    sq.atomic_write(path, data)
    return len(data)


def read_file_meta(path: str | os.PathLike[str]) -> dict[str, str]:
    """Only the ``rackwright_meta`` table of a project file (e.g. the repository a pulled plan
    came from), without reading the plan."""
    p = Path(path)
    engine = sq.open_bytes(sq.read_file_bytes(p), p)
    try:
        with engine.connect() as conn:
            return read_meta(conn, p)
    except SQLAlchemyError as e:
        raise PlanFormatError(p, tmsg("damaged or incomplete project file: {error}",
                                       error=str(getattr(e, "orig", None) or e))) from None
    finally:
        sq.close(engine)


def load_rackplan(path: str | os.PathLike[str]) -> Plan:
    return open_rackplan(path).plan
