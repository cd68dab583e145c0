"""Open and save a plan in any format this build knows, chosen by content and suffix.

- ``.json``: the JSON form (planner.plan_io)
- ``.rackplan``: the project file (planner.storage), once available

Everything that opens a plan from a path (CLI, app) goes through here.
"""

from __future__ import annotations

import os
from pathlib import Path

from planner.plan import Plan
from planner.plan_io import PlanFormatError, load_plan_json, save_plan_json

SQLITE_MAGIC = b"SQLite format 3\x00"


def sniff(path: str | os.PathLike[str]) -> str:
    """'json', 'rackplan' or 'unknown' from the file's first bytes."""
    try:
        with open(path, "rb") as f:
            head = f.read(32)
    except OSError as e:
        raise PlanFormatError(path, f"cannot open: {e.strerror or e}") from None
    if head.startswith(SQLITE_MAGIC):
        return "rackplan"
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return "json"
    return "unknown"


def load_plan(path: str | os.PathLike[str]) -> Plan:
    kind = sniff(path)
    if kind == "json":
        return load_plan_json(path)
    if kind == "rackplan":
        try:
            from planner import storage  # noqa: F401  (added by the project-file work)
        except ImportError:
            raise PlanFormatError(path, "project files (.rackplan) are not supported by this build") from None
        return storage.load_rackplan(path)
    raise PlanFormatError(path, "neither a Rackwright JSON plan nor a .rackplan project file")


def save_plan(plan: Plan, path: str | os.PathLike[str]) -> None:
    suffix = Path(path).suffix.lower()
    if suffix == ".rackplan":
        from planner import storage

        storage.save_rackplan(plan, path)
    else:
        save_plan_json(plan, path)
