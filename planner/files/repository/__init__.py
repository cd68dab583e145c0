"""The team repository: plans with revision history and a shared catalog layer on PostgreSQL.

    from planner.files.repository import Repository
    with Repository("postgresql+psycopg://alice@db.example:5432/plans") as repo:
        repo.init()
        repo.push("acme-pod", plan, base=None, message="first cut", catalog=catalog)
        repo.list(); repo.log("acme-pod"); repo.pull("acme-pod", revision=1)

See docs/repository.md. Needs the PostgreSQL driver (``pip install 'rackwright[postgres]'``);
importing this package does not.
"""

from __future__ import annotations

from .merge import MergeResult, PlanDiff, diff_plans, merge_plans
from .repo import (
    ORIGIN_KEYS,
    REPO_SCHEMA_VERSION,
    NeedPassword,
    PlanInfo,
    Pulled,
    PushResult,
    RepoConflict,
    RepoError,
    Repository,
    RevisionInfo,
    origin_meta,
    origin_of,
    safe_url,
    same_database,
)

__all__ = [
    "ORIGIN_KEYS",
    "REPO_SCHEMA_VERSION",
    "MergeResult",
    "NeedPassword",
    "PlanDiff",
    "PlanInfo",
    "Pulled",
    "PushResult",
    "RepoConflict",
    "RepoError",
    "Repository",
    "RevisionInfo",
    "diff_plans",
    "merge_plans",
    "origin_meta",
    "origin_of",
    "safe_url",
    "same_database",
]
