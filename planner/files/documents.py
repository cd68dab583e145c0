"""Open and save a plan in any format this build knows, chosen by content and suffix.

- ``.json``: the JSON form (planner.files.plan_io)
- ``.rackplan``: the project file (planner.files.storage): SQLite, with the catalog
  entries the plan uses embedded

Everything that opens a plan from a path (CLI, app) goes through here:
``load_plan`` for just the plan, ``open_document`` for the plan plus the catalog
entries stored with it (empty for JSON) and any notes (migrations, unreadable
stored entries).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from planner.base.fileio import os_error_text, regular_file_problem
from planner.files.plan_io import PlanFormatError, load_plan_json, save_plan_json
from planner.i18n import tmsg
from planner.model.plan import Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.files.storage import EmbeddedCatalog, OpenedPlan

SQLITE_MAGIC = b"SQLite format 3\x00"
SUFFIXES = {".json": "json", ".rackplan": "rackplan"}


def sniff(path: str | os.PathLike[str]) -> str:
    """'json', 'rackplan' or 'unknown' from the file's first bytes."""
    problem = regular_file_problem(path)
    if problem:
        raise PlanFormatError(path, problem)
    try:
        with open(path, "rb") as f:
            head = f.read(32)
    except IsADirectoryError:
        raise PlanFormatError(path, tmsg("is a folder, not a plan file")) from None
    except OSError as e:
        raise PlanFormatError(path, tmsg("cannot open: {error}", error=os_error_text(e))) from None
    if head.startswith(SQLITE_MAGIC):
        return "rackplan"
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return "json"
    if not head:
        return "empty"
    return "unknown"


def format_for_suffix(path: str | os.PathLike[str]) -> str | None:
    """'json' or 'rackplan' from the file name, None for another suffix."""
    return SUFFIXES.get(Path(path).suffix.lower())


def open_document(path: str | os.PathLike[str]) -> OpenedPlan:
    """The plan at ``path`` with the catalog entries stored in it (none for JSON)."""
    from planner.files import storage
    from planner.files.storage.embedded import EmbeddedCatalog, empty_catalog

    kind = sniff(path)
    if kind == "json":
        return storage.OpenedPlan(load_plan_json(path), EmbeddedCatalog(empty_catalog(path)), Path(path), 0,
                                  kind="json")
    if kind == "rackplan":
        return storage.open_rackplan(path)
    if kind == "empty":
        raise PlanFormatError(path, tmsg("the file is empty (0 bytes)"))
    raise PlanFormatError(path, tmsg("neither a Rackwright JSON plan nor a .rackplan project file"))


def load_plan(path: str | os.PathLike[str]) -> Plan:
    """The plan at ``path``. A JSON plan is read without the project-file machinery
    (planner.files.storage imports SQLAlchemy, ~0.2 s of `rackwright check plan.json`)."""
    if sniff(path) == "json":
        return load_plan_json(path)
    return open_document(path).plan


def load_plan_with_catalog(path: str | os.PathLike[str], catalog_dirs: list[str] | None = None
                           ) -> tuple[Plan, Catalog]:
    """The plan at ``path`` and the catalog to compute it with: this machine's catalog
    (``catalog_dirs``, else the shipped and user catalogs) plus the entries a ``.rackplan``
    carries that this machine lacks (a colleague's own server keeps its GPUs, watts and
    mass: issue 29). Where both have an entry, this machine's figures win, as in the app."""
    from planner.catalog import load_catalog

    catalog = load_catalog(catalog_dirs) if catalog_dirs else load_catalog()
    if sniff(path) == "json":
        return load_plan_json(path), catalog
    opened = open_document(path)
    return opened.plan, with_embedded(catalog, opened.embedded)


def with_embedded(catalog: Catalog, embedded: EmbeddedCatalog | None) -> Catalog:
    """``catalog`` plus the entries a project file carries that it lacks (a colleague's own
    server keeps its figures, and Save As embeds them again: issue 29); ``catalog`` itself
    when the file adds nothing. Where both have an entry, ``catalog``'s figures win."""
    if embedded is None or not len(embedded):
        return catalog
    from planner.files.storage import merge_catalogs

    merged = merge_catalogs(catalog, embedded, prefer="local")
    known = {(t, slug) for t, entries in catalog.tables.items() for slug in entries}
    return merged if any((t, slug) not in known for t, entries in merged.tables.items() for slug in entries) \
        else catalog


def save_plan(plan: Plan, path: str | os.PathLike[str], catalog: Catalog | None = None, *,
              embedded: EmbeddedCatalog | None = None, link: dict[str, str] | None = None) -> None:
    """Save atomically in the format of the suffix (``.rackplan``, else JSON).

    For a project file, ``catalog``/``embedded`` supply the entries to embed (see
    :func:`planner.files.storage.save_rackplan`); the JSON form holds the plan only. ``link``:
    the team repository the plan belongs to (:func:`repository_link`; ``{}``: none); None
    keeps the link ``path`` already has (a re-save of a pulled plan).
    """
    if format_for_suffix(path) == "rackplan":
        from planner.files import storage

        storage.save_rackplan(plan, path, catalog, embedded=embedded, extra_meta=link)
    else:
        save_plan_json(plan, path)


def repository_link(path: str | os.PathLike[str] | None) -> dict[str, str]:
    """Where a pulled project file came from (repository URL without password, plan name,
    base revision: the ``rackwright_meta`` keys a copy carries over), or {} (not pulled, JSON,
    unreadable). Save As and ``rackwright convert`` to another ``.rackplan`` keep it, so the
    copy can be pushed later as the same plan."""
    if path is None or sniff(path) != "rackplan":
        return {}
    from planner.files.storage.project import KEPT_META_KEYS, read_file_meta

    try:
        meta = read_file_meta(path)
    except (PlanFormatError, OSError):
        return {}
    link = {k: meta[k] for k in KEPT_META_KEYS if k in meta}
    return link if len(link) == len(KEPT_META_KEYS) else {}
