"""Catalog entries embedded in a project file, used as a catalog layer.

A plan stores the validated data of every catalog entry it uses (device types,
rack types, and the GPU, NIC, cable, cooling and LLM entries they or the plan
refer to), so it gives the same numbers on a laptop with another catalog. On
open, the entries come back as a :class:`planner.catalog.Catalog` (layer
``plan-file``); :func:`catalog_differences` lists where the local catalog
disagrees, and :func:`merge_catalogs` layers the file's entries over or under the
local catalog as the user chooses.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from planner.catalog import Catalog, DeviceType, Layer, Origin, RackType
from planner.catalog.models import TABLE_MODELS, CatalogEntry
from planner.model.plan import Plan

DEVICE_TABLE = "device-types"
RACK_TABLE = "rack-types"
FILE_LAYER = "plan-file"
MODELS: dict[str, type[BaseModel]] = {DEVICE_TABLE: DeviceType, RACK_TABLE: RackType, **TABLE_MODELS}
Prefer = Literal["local", "file"]


@dataclass(frozen=True)
class Difference:
    """One field of one entry where the plan file and the local catalog disagree.

    ``field`` is a dotted path (``planning.power.max_w``, ``power-ports[0].maximum_draw``);
    ``stored``/``local`` are the JSON values (None where one side lacks the field).
    """

    slug: str
    field: str
    stored: Any
    local: Any
    table: str = DEVICE_TABLE

    def __str__(self) -> str:
        return f"{self.table}/{self.slug}: {self.field}: plan file {self.stored!r}, local catalog {self.local!r}"


@dataclass(frozen=True)
class InvalidEntry:
    """An embedded entry this build's catalog models reject (e.g. from a newer build).

    Its data is kept and written back on save, never dropped.
    """

    table: str
    slug: str
    data: dict[str, Any]
    message: str


@dataclass(frozen=True)
class UnknownRef:
    """Hardware the plan refers to that no catalog in use has; ``used_by`` lists plan ids."""

    table: str
    slug: str
    used_by: tuple[str, ...]

    def __str__(self) -> str:
        more = f" and {len(self.used_by) - 3} more" if len(self.used_by) > 3 else ""
        return f"unknown {self.table} entry {self.slug!r} (used by {', '.join(self.used_by[:3])}{more})"


@dataclass
class EmbeddedCatalog:
    """The catalog entries stored in one project file."""

    catalog: Catalog
    invalid: list[InvalidEntry] = field(default_factory=list)
    layer_of: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)  # -> (layer, file) at save

    def __len__(self) -> int:
        return len(self.catalog) + len(self.invalid)


def entry_data(entry: BaseModel) -> dict[str, Any]:
    """The JSON data of a validated catalog entry (NetBox key spelling, extras kept)."""
    return entry.model_dump(mode="json", by_alias=True, exclude_none=True)


def empty_catalog(path: str | os.PathLike[str] | None = None) -> Catalog:
    root = Path(path) if path is not None else Path("<plan>")
    return Catalog(layers=[Layer(FILE_LAYER, root)])


def catalog_from_rows(rows: Iterable[Mapping[str, Any]], path: str | os.PathLike[str]) -> EmbeddedCatalog:
    """Validate stored entries with this build's models; the ones that fail are kept as InvalidEntry."""
    cat = empty_catalog(path)
    out = EmbeddedCatalog(cat)
    name = Path(path).name
    for r in rows:
        table, slug, data = r["table_name"], r["slug"], r["data"]
        model = MODELS.get(table)
        if model is None:
            out.invalid.append(InvalidEntry(table, slug, data, f"unknown catalog table {table!r}"))
            continue
        try:
            entry = model.model_validate(data)
        except (ValidationError, ValueError, TypeError) as e:
            msg = e.errors()[0]["msg"] if isinstance(e, ValidationError) else str(e)
            out.invalid.append(InvalidEntry(table, slug, data, msg))
            continue
        if getattr(entry, "slug", None) != slug:
            out.invalid.append(InvalidEntry(table, slug, data, f"stored slug {getattr(entry, 'slug', None)!r}"))
            continue
        cat.tables[table][slug] = entry
        cat.origins[(table, slug)] = Origin(FILE_LAYER, f"{name} (embedded)", None, Path(path))
        out.layer_of[(table, slug)] = (r.get("layer") or "", r.get("source_file") or "")
    return out


# --------------------------------------------------------------------------- what a plan uses


SPEC_REF_KEYS = {"model": "llms", "llm": "llms", "gpu": "gpus", "gpu_model": "gpus"}


def _spec_strings(v: Any, key: str = "") -> Iterable[tuple[str, str]]:
    """(key, string) for every string in a workload spec."""
    if isinstance(v, str):
        yield key, v
    elif isinstance(v, dict):
        for k, x in v.items():
            yield from _spec_strings(x, str(k))
    elif isinstance(v, list):
        for x in v:
            yield from _spec_strings(x, key)


def direct_references(plan: Plan) -> dict[tuple[str, str], list[str]]:
    """(table, slug) -> ids of the plan entities that use it, for the plan's own references.

    Cooling slugs (a rack's or row's ``cooling.unit``, a loop's ``cdu``) are looked up in
    the cooling table and in device types. In a workload spec, the values of keys
    ``model``/``llm`` name an LLM and ``gpu``/``gpu_model`` a GPU; any other string that
    happens to be an LLM or GPU slug is embedded too (table ``llms?``/``gpus?``: optional,
    never reported unknown).
    """
    refs: dict[tuple[str, str], list[str]] = {}

    def add(table: str, slug: str | None, who: str) -> None:
        if slug:
            refs.setdefault((table, slug), []).append(who)

    for room in plan.site.rooms:
        for row in room.rows:
            if row.cooling and row.cooling.unit:
                add("cooling", row.cooling.unit, row.id)
            for rack in row.racks:
                add(RACK_TABLE, rack.rack_type, rack.id)
                if rack.cooling and rack.cooling.unit:
                    add("cooling", rack.cooling.unit, rack.id)
                for p in rack.placements:
                    add(DEVICE_TABLE, p.device, p.id)
    for loop in plan.cooling_loops:
        add("cooling", loop.cdu, loop.id)
    for link in plan.links:
        add("cables", link.cable, link.id)
    for w in plan.workloads:
        for key, s in _spec_strings(w.spec):
            table = SPEC_REF_KEYS.get(key)
            if table is not None:
                add(table, s, w.id)
            else:
                add("llms?", s, w.id)
                add("gpus?", s, w.id)
    return refs


def _lookup(catalogs: list[Catalog], table: str, slug: str) -> tuple[CatalogEntry, Catalog] | None:
    for cat in catalogs:
        e = cat.get(table, slug)
        if e is not None:
            return e, cat
    return None


def used_entries(plan: Plan, catalogs: list[Catalog]) -> tuple[dict[tuple[str, str], tuple[CatalogEntry, Catalog]],
                                                                list[UnknownRef]]:
    """Entries the plan uses, each from the first catalog that has it, and what none has.

    Spec strings that name no LLM or GPU are ordinary text, not unknown hardware.
    """
    found: dict[tuple[str, str], tuple[CatalogEntry, Catalog]] = {}
    unknown: dict[tuple[str, str], list[str]] = {}
    pending = list(direct_references(plan).items())
    while pending:
        (table, slug), users = pending.pop(0)
        optional = table.endswith("?")
        table = table.rstrip("?")
        if (table, slug) in found:
            continue
        hit = _lookup(catalogs, table, slug)
        if hit is None and table == "cooling":
            hit = _lookup(catalogs, DEVICE_TABLE, slug)
            if hit is not None:
                table = DEVICE_TABLE
        if hit is None:
            if not optional:
                seen = unknown.setdefault((table, slug), [])
                seen.extend(u for u in users if u not in seen)
            continue
        found[(table, slug)] = hit
        entry = hit[0]
        if isinstance(entry, DeviceType) and entry.planning is not None:
            if entry.planning.accelerators is not None:
                pending.append((("gpus", entry.planning.accelerators.model), [slug]))
            for n in entry.planning.nics:
                pending.append((("nics", n.model), [slug]))
    return found, [UnknownRef(t, s, tuple(u)) for (t, s), u in unknown.items()]


def unknown_hardware(plan: Plan, catalog: Catalog) -> list[UnknownRef]:
    """Hardware the plan refers to that ``catalog`` lacks (placements keep their place)."""
    return used_entries(plan, [catalog])[1]


# --------------------------------------------------------------------------- differences and merging


def _flatten(v: Any, prefix: str, out: dict[str, Any]) -> None:
    if isinstance(v, dict) and v:
        for k, x in v.items():
            _flatten(x, f"{prefix}.{k}" if prefix else str(k), out)
    elif isinstance(v, list) and v:
        for i, x in enumerate(v):
            _flatten(x, f"{prefix}[{i}]", out)
    else:
        out[prefix] = v


def _as_catalog(c: Catalog | EmbeddedCatalog) -> Catalog:
    return c.catalog if isinstance(c, EmbeddedCatalog) else c


def catalog_differences(plan_file_catalog: Catalog | EmbeddedCatalog, local_catalog: Catalog) -> list[Difference]:
    """Every field where an entry stored in the plan differs from the local entry of the same slug.

    Entries the local catalog lacks are not differences: see :func:`missing_locally`.
    """
    stored_cat = _as_catalog(plan_file_catalog)
    out: list[Difference] = []
    for table, slug, entry in stored_cat.items():
        local = local_catalog.get(table, slug)
        if local is None:
            continue
        a: dict[str, Any] = {}
        b: dict[str, Any] = {}
        _flatten(entry_data(entry), "", a)
        _flatten(entry_data(local), "", b)
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                out.append(Difference(slug, key, a.get(key), b.get(key), table))
    return out


def missing_locally(plan_file_catalog: Catalog | EmbeddedCatalog, local_catalog: Catalog) -> list[tuple[str, str]]:
    """(table, slug) of stored entries the local catalog does not have."""
    return [(t, s) for t, s, _ in _as_catalog(plan_file_catalog).items() if local_catalog.get(t, s) is None]


def merge_catalogs(local: Catalog, plan_file: Catalog | EmbeddedCatalog, prefer: Prefer = "local",
                   choices: Mapping[tuple[str, str], Prefer] | None = None) -> Catalog:
    """A new catalog of the local entries plus the plan file's.

    Where both have a slug, ``prefer`` decides ("local": this laptop's figures;
    "file": the figures the plan was made with); ``choices`` overrides that per
    ``(table, slug)``. Entries only one side has are always included, so a plan's
    unknown devices keep their stored figures. The loser is listed in ``overridden``.
    Neither input is changed.
    """
    if prefer not in ("local", "file"):
        raise ValueError(f"prefer must be 'local' or 'file' (got {prefer!r})")
    stored = _as_catalog(plan_file)
    choices = choices or {}
    file_layers = [ly for ly in stored.layers if ly not in local.layers]
    merged = Catalog(layers=[*local.layers, *file_layers], errors=list(local.errors))
    merged.load_seconds = local.load_seconds
    for t in set(local.tables) | set(stored.tables):
        merged.tables[t] = dict(local.tables.get(t, {}))
    merged.origins = dict(local.origins)
    merged.overridden = {k: list(v) for k, v in local.overridden.items()}
    for table, slug, entry in stored.items():
        key = (table, slug)
        origin = stored.origins.get(key)
        if slug not in merged.tables[table]:
            merged.tables[table][slug] = entry
            if origin is not None:
                merged.origins[key] = origin
            continue
        if choices.get(key, prefer) == "file":
            loser = merged.origins.get(key)
            merged.tables[table][slug] = entry
            if origin is not None:
                merged.origins[key] = origin
        else:
            loser = origin
        if loser is not None:
            merged.overridden.setdefault(key, []).append(loser)
    return merged
