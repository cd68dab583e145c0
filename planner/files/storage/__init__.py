"""Project files (``.rackplan``): one SQLite file per plan, read and written safely.

Public API::

    from planner.files.storage import open_rackplan, save_rackplan, load_rackplan
    opened = open_rackplan("pod.rackplan")          # plan + embedded catalog entries
    res = opened.resolve(local_catalog, prefer="local")   # or "file"
    res.differences, res.unknown, res.catalog
    save_rackplan(plan, "pod.rackplan", res.catalog, embedded=opened.embedded)

    catalog_differences(opened.catalog, local) -> [Difference(slug, field, stored, local)]
    merge_catalogs(local, opened.catalog, prefer="file")

    FileLock(path).acquire() -> LockResult(acquired, holder)   # "opened twice" warning
    RecoveryStore().write(...)/list()/discard(); autosave(snapshot(plan, catalog), ...)

See docs/project-file.md for the file layout, the guarantees and the migration rules.
"""

from __future__ import annotations

from planner.files.filelock import FileLock, LockInfo, LockResult, lock_path_for
from planner.files.plan_io import PlanFormatError

from .embedded import (
    Difference,
    EmbeddedCatalog,
    InvalidEntry,
    UnknownRef,
    catalog_differences,
    merge_catalogs,
    missing_locally,
    unknown_hardware,
)
from .migrations import SCHEMA_VERSION
from .project import (
    OpenedPlan,
    PlanSnapshot,
    Resolution,
    SaveInfo,
    load_rackplan,
    open_rackplan,
    open_rackplan_bytes,
    rackplan_bytes,
    save_rackplan,
    snapshot,
)
from .recovery import Autosaver, RecoveryEntry, RecoveryStore, autosave

__all__ = [
    "SCHEMA_VERSION",
    "Autosaver",
    "Difference",
    "EmbeddedCatalog",
    "FileLock",
    "InvalidEntry",
    "LockInfo",
    "LockResult",
    "OpenedPlan",
    "PlanSnapshot",
    "PlanFormatError",
    "RecoveryEntry",
    "RecoveryStore",
    "Resolution",
    "SaveInfo",
    "UnknownRef",
    "autosave",
    "catalog_differences",
    "load_rackplan",
    "lock_path_for",
    "merge_catalogs",
    "missing_locally",
    "open_rackplan",
    "open_rackplan_bytes",
    "rackplan_bytes",
    "save_rackplan",
    "snapshot",
    "unknown_hardware",
]
