"""The JSON form of a plan (see docs/plan-format.md).

Reading never evals or unpickles anything: ``json.loads`` then pydantic
validation. Errors name the file and the JSON path of the offending field (and the
line, for JSON syntax errors). Writing is atomic: a temporary file in the same
folder, flushed and fsynced, then renamed over the target, so a crash leaves the
previous file intact.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from planner.base.fileio import (
    atomic_write_bytes,
    field_path,
    first_validation_problem,
    json_error_text,
    os_error_text,
    regular_file_problem,
)
from planner.base.gcpause import no_gc
from planner.i18n import tmsg
from planner.model.plan import FORMAT_VERSION, Plan

__all__ = ["PlanFormatError", "atomic_write_bytes", "load_plan_json", "plan_from_dict", "plan_to_dict",
           "plan_to_json", "save_plan_json", "plan_json_schema", "no_gc"]

MAX_PLAN_BYTES = 512 * 1024 * 1024


class PlanFormatError(ValueError):
    """A plan file could not be read. ``str()`` is meant for the user."""

    def __init__(self, file: str | os.PathLike[str] | None, message: str, where: str = "",
                 line: int | None = None) -> None:
        self.file = str(file) if file is not None else "<plan>"
        self.where = where
        self.line = line
        self.message = message
        loc = self.file + (f":{line}" if line else "")
        super().__init__(f"{loc}: {where + ': ' if where else ''}{message}")

    def __str__(self) -> str:  # the message in the active language (a planner Message is translated)
        from planner.i18n import message_text

        loc = self.file + (f":{self.line}" if self.line else "")
        return f"{loc}: {self.where + ': ' if self.where else ''}{message_text(self.message)}"


def plan_from_dict(data: Any, file: str | os.PathLike[str] | None = None) -> Plan:
    if not isinstance(data, dict):
        raise PlanFormatError(file, tmsg("a plan is a JSON object at the top level"))
    if data.get("format") != "rackwright-plan":
        raise PlanFormatError(file, tmsg("not a Rackwright plan (missing \"format\": \"rackwright-plan\")"), "format")
    version = data.get("format_version")
    if not isinstance(version, int):
        raise PlanFormatError(file, tmsg("format_version must be a whole number"), "format_version")
    if version > FORMAT_VERSION:
        raise PlanFormatError(
            file, tmsg("written by a newer Rackwright (plan format {version}; this build reads up to {newest}). "
                       "Update Rackwright to open it.", version=version, newest=FORMAT_VERSION), "format_version")
    data = migrate(data)
    try:
        with no_gc():
            return Plan.model_validate(data)
    except ValidationError as e:
        errors = e.errors()
        raise PlanFormatError(file, first_validation_problem(errors), field_path(errors[0]["loc"])) from None


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Format 2 added the rent-or-own assumptions and per-plan prices to ``metadata``
    (years_of_use, support_fraction_per_year, colocation_price_per_kw_month,
    cloud_price_per_gpu_hour, price_overrides). All have defaults that mean what a
    version-1 plan meant (no overrides, the documented defaults), so only the version
    changes. Frozen: it names the fields of its own two versions, never the live model."""
    return {**data, "format_version": 2}


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Format 3 added ``metadata.logo`` (the customer's logo for the cover, embedded);
    absent means no logo, as before. Only the version changes. Frozen."""
    return {**data, "format_version": 3}


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Format 4 added the growth phases (``growth_phases``; ``growth_phase`` on racks,
    placements, links, feeds and cooling loops; docs/phases.md); absent means one build, as
    before. Only the version changes. Frozen."""
    return {**data, "format_version": 4}


def _v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    """Format 5 added ``growth_phase`` to workloads (the phase whose target it is;
    docs/phases.md); absent means the first phase, which with every phase checked
    cumulatively is what a format-4 plan meant: its targets applied to every phase. Only the
    version changes. Frozen. (A format-4 reader refuses a format-5 file as written by a
    newer Rackwright instead of with an 'extra field' error on a workload.)"""
    return {**data, "format_version": 5}


# MIGRATIONS[n] takes a plan dict of format n to n+1 (docs/plan-format.md, "Versions").
MIGRATIONS = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older plan dict up to FORMAT_VERSION, step by step. Version 1 is the first."""
    version = data.get("format_version")
    while isinstance(version, int) and version < FORMAT_VERSION and version in MIGRATIONS:
        data = MIGRATIONS[version](data)
        version = data["format_version"]
    return data


def plan_to_dict(plan: Plan) -> dict[str, Any]:
    return plan.model_dump(mode="json", exclude_none=True)


def plan_to_json(plan: Plan) -> str:
    return json.dumps(plan_to_dict(plan), indent=1, ensure_ascii=False) + "\n"


def load_plan_json(path: str | os.PathLike[str]) -> Plan:
    p = Path(path)
    problem = regular_file_problem(p)
    if problem:
        raise PlanFormatError(p, problem)
    try:
        size = p.stat().st_size
    except OSError as e:
        raise PlanFormatError(p, tmsg("cannot open: {error}", error=os_error_text(e))) from None
    if size > MAX_PLAN_BYTES:
        raise PlanFormatError(p, tmsg("file is {mb:.0f} MB, larger than any plan this build opens", mb=size / 1e6))
    raw = p.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise PlanFormatError(p, tmsg("not a text file (invalid UTF-8 at byte {byte})", byte=e.start)) from None
    try:
        with no_gc():
            data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PlanFormatError(p, tmsg("not valid JSON: {error} (column {column})", error=json_error_text(e), column=e.colno),
                              line=e.lineno) from None
    except RecursionError:
        raise PlanFormatError(p, tmsg("JSON nested too deeply")) from None
    return plan_from_dict(data, p)


def save_plan_json(plan: Plan, path: str | os.PathLike[str]) -> None:
    atomic_write_bytes(path, plan_to_json(plan).encode("utf-8"))


def plan_json_schema() -> dict[str, Any]:
    schema = Plan.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://rackwright.invalid/schema/plan-v{FORMAT_VERSION}.json"
    schema["title"] = f"Rackwright plan, format version {FORMAT_VERSION}"
    return schema
