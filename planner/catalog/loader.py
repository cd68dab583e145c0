"""Load and validate the layered hardware catalog.

Layout of a catalog folder (the shipped ``catalogs/`` and the user folder alike)::

    device-types/<Manufacturer>/<slug>.yaml   one NetBox device type per file
    rack-types/<slug>.yaml                    one NetBox rack type per file
    components/<any>.yaml                     {table: gpus|nics|cables|cooling|llms|cloud, entries: [...]}
    prices/<list-name>.yaml                   a price layer: imported price list (planner.catalog.pricelist)

Layers are applied in order; an entry in a later layer with the same slug as an
earlier one overrides it, and the ``Catalog`` records the layer each entry came
from. A file that fails validation is reported in ``Catalog.errors`` as a
``CatalogError`` and skipped; everything else still loads.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, overload

from pydantic import BaseModel, ValidationError

from planner.base.fileio import field_path, validation_message
from planner.i18n import Np_, _, tf, tmsg

from .models import (
    PRICE_FOLDER,
    TABLE_MODELS,
    Cable,
    CatalogEntry,
    CloudPrice,
    CoolingUnit,
    DeviceType,
    Gpu,
    Llm,
    Nic,
    Price,
    RackType,
)
from .parsecache import ParseCache, cache_dir
from .yamlsafe import LineMap, YamlRefused, read_yaml_file

USER_CATALOG_ENV = "RACKWRIGHT_USER_CATALOG"
TEAM_CATALOG_ENV = "RACKWRIGHT_TEAM_CATALOG"
# the user data dir (planner.files.storage.recovery reads the same variable): the user and team catalog
# folders live under it, so one variable isolates a test run or a second profile completely
USER_DATA_ENV = "RACKWRIGHT_USER_DATA"


def _user_data_root() -> Path:
    env = os.environ.get(USER_DATA_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("Rackwright"))
SHIPPED_CATALOG_ENV = "RACKWRIGHT_SHIPPED_CATALOG"
MAX_ERRORS_PER_FILE = 20
MAX_FILES_PER_LAYER = 20_000

DEVICE_TABLE = "device-types"
RACK_TABLE = "rack-types"
ALL_TABLES = (DEVICE_TABLE, RACK_TABLE, *TABLE_MODELS)


# --------------------------------------------------------------------------- errors


class CatalogError(Exception):
    """One problem in one catalog file.

    ``str()`` reads ``catalogs/device-types/Dell/x.yaml:14: planning.power.max_w: must be >= typical_w (got 100)``.
    """

    def __init__(
        self, file: str, line: int | None, field: str | None, message: str, path: Path | None = None
    ) -> None:
        super().__init__(file, line, field, message)
        self.file = file
        self.line = line
        self.field = field
        self.message = message
        self.path = path

    def __str__(self) -> str:
        from planner.i18n import message_text

        loc = self.file if self.line is None else f"{self.file}:{self.line}"
        text = message_text(self.message)  # a planner Message in the active language
        return f"{loc}: {self.field}: {text}" if self.field else f"{loc}: {text}"

    def __repr__(self) -> str:
        return f"CatalogError({str(self)!r})"


# --------------------------------------------------------------------------- locations


def shipped_catalog_candidates() -> list[Path]:
    """Where the shipped catalog is looked for, in order (docs/packaging.md).

    1. ``$RACKWRIGHT_SHIPPED_CATALOG`` (tests, distro packages, a catalog elsewhere);
    2. ``sys._MEIPASS/catalogs`` in a PyInstaller bundle;
    3. ``planner/catalogs`` beside this package: an installed wheel carries the
       repository's ``catalogs/`` there (setup.py maps it);
    4. ``<repo>/catalogs``: the source tree and an editable install;
    5. ``<sys.prefix>/share/rackwright/catalogs``, for a system package that puts data there.
    """
    env = os.environ.get(SHIPPED_CATALOG_ENV)
    if env:
        return [Path(env)]
    out: list[Path] = []
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        out.append(Path(meipass) / "catalogs")
    here = Path(__file__).resolve()  # <planner>/catalog/loader.py
    out += [
        here.parents[1] / "catalogs",
        here.parents[2] / "catalogs",
        Path(sys.prefix) / "share" / "rackwright" / "catalogs",
    ]
    return out


def shipped_catalog_dir() -> Path:
    """The catalog shipped with Rackwright: the first of ``shipped_catalog_candidates()``
    that is a folder.

    ``$RACKWRIGHT_SHIPPED_CATALOG`` and a PyInstaller bundle's folder are taken as they
    are, existing or not. If no candidate exists the source-tree path is returned, so
    the missing catalog is reported under a path a developer recognises.
    """
    candidates = shipped_catalog_candidates()
    if os.environ.get(SHIPPED_CATALOG_ENV) or getattr(sys, "_MEIPASS", None):
        return candidates[0]
    for c in candidates:
        if c.is_dir():
            return c
    return candidates[1]


def user_catalog_dir() -> Path:
    """The user's catalog folder: ``platformdirs.user_data_dir("Rackwright")/catalog``.

    Linux ``~/.local/share/Rackwright/catalog``; macOS
    ``~/Library/Application Support/Rackwright/catalog``; Windows
    ``%LOCALAPPDATA%\\Rackwright\\Rackwright\\catalog``. ``$RACKWRIGHT_USER_CATALOG`` overrides it;
    else ``$RACKWRIGHT_USER_DATA/catalog`` when that is set.
    """
    env = os.environ.get(USER_CATALOG_ENV)
    if env:
        return Path(env)
    return _user_data_root() / "catalog"


def team_catalog_dir() -> Path:
    """The team's catalog layer as last pulled from a repository (``rackwright repo catalog-pull``):
    ``platformdirs.user_data_dir("Rackwright")/team-catalog``; ``$RACKWRIGHT_TEAM_CATALOG``
    overrides it (else ``$RACKWRIGHT_USER_DATA/team-catalog``). Loaded between the shipped catalog
    and the user's folder when it exists."""
    env = os.environ.get(TEAM_CATALOG_ENV)
    if env:
        return Path(env)
    return _user_data_root() / "team-catalog"


@dataclass(frozen=True)
class Layer:
    name: str
    root: Path


@dataclass(frozen=True)
class Origin:
    """Where an entry came from."""

    layer: str
    file: str  # display path, as in error messages
    line: int | None
    path: Path

    def __str__(self) -> str:
        return f"{self.file}:{self.line} ({self.layer})" if self.line else f"{self.file} ({self.layer})"


@dataclass
class _Candidate:
    table: str
    slug: str
    entry: CatalogEntry
    origin: Origin
    lines: LineMap
    prefix: tuple[str | int, ...]


# --------------------------------------------------------------------------- the catalog


@dataclass
class Catalog:
    """The merged catalog: entries by table and slug, their origins, and load errors."""

    layers: list[Layer] = field(default_factory=list)
    errors: list[CatalogError] = field(default_factory=list)
    tables: dict[str, dict[str, Any]] = field(default_factory=lambda: {t: {} for t in ALL_TABLES})
    origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    overridden: dict[tuple[str, str], list[Origin]] = field(default_factory=dict)
    # entries whose price came from a price layer (``prices/<list>.yaml``): where it was read
    price_origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    load_seconds: float = 0.0

    # ---- lookups
    def _get(self, table: str, slug: str) -> Any:
        try:
            return self.tables[table][slug]
        except KeyError:
            raise KeyError(f"no {table} entry with slug {slug!r} in the catalog") from None

    def device(self, slug: str) -> DeviceType:
        return self._get(DEVICE_TABLE, slug)

    def rack_type(self, slug: str) -> RackType:
        return self._get(RACK_TABLE, slug)

    def gpu(self, slug: str) -> Gpu:
        return self._get("gpus", slug)

    def nic(self, slug: str) -> Nic:
        return self._get("nics", slug)

    def cable(self, slug: str) -> Cable:
        return self._get("cables", slug)

    def cooling_unit(self, slug: str) -> CoolingUnit:
        return self._get("cooling", slug)

    def llm(self, slug: str) -> Llm:
        return self._get("llms", slug)

    def cloud_price(self, gpu_slug: str) -> CloudPrice | None:
        """The indicative cloud price per GPU-hour for a GPU model (``gpus`` slug), or None
        when the catalog has none (components ``table: cloud``; the user layer overrides it)."""
        return self.tables["cloud"].get(gpu_slug)

    # get: one type per table, so that a caller reads a checked field (issue 16)
    @overload
    def get(self, table: Literal["device-types"], slug: str) -> DeviceType | None: ...
    @overload
    def get(self, table: Literal["rack-types"], slug: str) -> RackType | None: ...
    @overload
    def get(self, table: Literal["gpus"], slug: str) -> Gpu | None: ...
    @overload
    def get(self, table: Literal["nics"], slug: str) -> Nic | None: ...
    @overload
    def get(self, table: Literal["cables"], slug: str) -> Cable | None: ...
    @overload
    def get(self, table: Literal["cooling"], slug: str) -> CoolingUnit | None: ...
    @overload
    def get(self, table: Literal["llms"], slug: str) -> Llm | None: ...
    @overload
    def get(self, table: Literal["cloud"], slug: str) -> CloudPrice | None: ...
    @overload
    def get(self, table: str, slug: str) -> CatalogEntry | None: ...

    def get(self, table: str, slug: str) -> CatalogEntry | None:
        """The entry of ``table`` with ``slug``, or None (also for a table the catalog lacks)."""
        return self.tables.get(table, {}).get(slug)

    def entry_name(self, table: str, slug: str) -> str:
        """How an entry is named to a user: "manufacturer model" (device and rack types),
        "vendor model" (components); the slug when the catalog does not have it."""
        e = self.get(table, slug)
        if isinstance(e, DeviceType | RackType):
            return f"{e.manufacturer} {e.model}"
        return f"{e.vendor} {e.model}" if e is not None else slug

    def origin(self, slug: str, table: str = DEVICE_TABLE) -> Origin:
        """Layer, file and line an entry was loaded from."""
        return self.origins[(table, slug)]

    def layer_of(self, slug: str, table: str = DEVICE_TABLE) -> str:
        return self.origins[(table, slug)].layer

    # ---- views
    @property
    def devices(self) -> dict[str, DeviceType]:
        return self.tables[DEVICE_TABLE]

    @property
    def rack_types(self) -> dict[str, RackType]:
        return self.tables[RACK_TABLE]

    @property
    def gpus(self) -> dict[str, Gpu]:
        return self.tables["gpus"]

    @property
    def nics(self) -> dict[str, Nic]:
        return self.tables["nics"]

    @property
    def cables(self) -> dict[str, Cable]:
        return self.tables["cables"]

    @property
    def cooling_units(self) -> dict[str, CoolingUnit]:
        return self.tables["cooling"]

    @property
    def llms(self) -> dict[str, Llm]:
        return self.tables["llms"]

    def devices_of_kind(self, kind: str) -> list[DeviceType]:
        return [d for d in self.devices.values() if d.kind == kind]

    def servers(self) -> list[DeviceType]:
        return self.devices_of_kind("server")

    def switches(self) -> list[DeviceType]:
        return self.devices_of_kind("switch")

    def storage(self) -> list[DeviceType]:
        return self.devices_of_kind("storage")

    def pdus(self) -> list[DeviceType]:
        return self.devices_of_kind("pdu")

    def cdus(self) -> list[DeviceType]:
        return self.devices_of_kind("cdu")

    # ---- iteration
    def __iter__(self) -> Iterator[Any]:
        for t in ALL_TABLES:
            yield from self.tables[t].values()

    def items(self) -> Iterator[tuple[str, str, Any]]:
        """(table, slug, entry) for every entry."""
        for t in ALL_TABLES:
            for slug, e in self.tables[t].items():
                yield t, slug, e

    def __len__(self) -> int:
        return sum(len(v) for v in self.tables.values())

    def __contains__(self, slug: object) -> bool:
        return any(slug in v for v in self.tables.values())

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def failed_files(self) -> list[str]:
        return sorted({e.file for e in self.errors})


# --------------------------------------------------------------------------- validation helpers


_loc_to_field = field_path  # one spelling of a field path for plans and catalogs


def _short(v: Any) -> str:
    r = repr(v)
    return r if len(r) <= 60 else r[:57] + "..."


def _pydantic_errors(
    exc: ValidationError, display: str, path: Path, lines: LineMap, prefix: tuple[str | int, ...]
) -> list[CatalogError]:
    out = []
    for err in exc.errors(include_url=False)[:MAX_ERRORS_PER_FILE]:
        loc = tuple(err["loc"])
        # drop pydantic's internal union/tag members from the path
        loc = tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
        msg: str = validation_message(err)
        if type(msg) is str and msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        if err["type"] == "missing":
            msg = tmsg("required field is missing")
        elif err["type"] == "extra_forbidden":
            msg = tmsg("unknown key (typo?)")
        elif "(got" not in msg and not isinstance(err.get("input"), dict | list):
            msg = tmsg("{problem} (got {value})", problem=msg, value=_short(err.get("input")))
        full = (*prefix, *loc)
        out.append(CatalogError(display, lines.line_for(full), _loc_to_field(full), msg, path))
    return out


def _covers_errors(
    entry: Any, display: str, path: Path, lines: LineMap, prefix: tuple[str | int, ...]
) -> list[CatalogError]:
    """The rule 'every figure carries its source'."""
    out: list[CatalogError] = []
    if isinstance(entry, DeviceType | RackType):
        block = entry.planning
        if block is None:
            return out
        bprefix = (*prefix, "planning")
        for key in entry.uncovered():
            p = (*prefix, *key.split("."))
            out.append(
                CatalogError(
                    display,
                    lines.line_for(p),
                    key,
                    f"figure has no source: name {key.split('.')[-1]!r} in the covers of a planning.sources entry",
                    path,
                )
            )
    else:
        block = entry
        bprefix = prefix
        for key in entry.uncovered():
            p = (*prefix, key)
            out.append(
                CatalogError(
                    display,
                    lines.line_for(p),
                    _loc_to_field(p),
                    f"figure has no source: name {key!r} in the covers of one of the entry's sources",
                    path,
                )
            )
    for i, j, c in block.unknown_covers():
        p = (*bprefix, "sources", i, "covers", j)
        out.append(
            CatalogError(display, lines.line_for(p), _loc_to_field(p), f"covers an unknown key {c!r}", path)
        )
    return out


# --------------------------------------------------------------------------- loading


def _display(layer: Layer, path: Path) -> str:
    try:
        rel = path.relative_to(layer.root)
    except ValueError:
        return str(path)
    if layer.name == "shipped":
        return (Path(layer.root.name) / rel).as_posix()
    return str(path)


def _yaml_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    files = [p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()]
    return sorted(files)[:MAX_FILES_PER_LAYER]


def _read(layer: Layer, path: Path, errors: list[CatalogError],
          cache: ParseCache | None = None) -> tuple[Any, LineMap] | None:
    display = _display(layer, path)
    try:
        data, lines = read_yaml_file(path, cache)
    except YamlRefused as exc:
        errors.append(CatalogError(display, exc.line, None, exc.message, path))
        return None
    if not isinstance(data, dict):
        errors.append(
            CatalogError(
                display,
                lines.line_for(()),
                None,
                f"expected a mapping at the top level (got {type(data).__name__})",
                path,
            )
        )
        return None
    return data, lines


def _validate_one(
    model: type[BaseModel],
    data: Any,
    layer: Layer,
    path: Path,
    lines: LineMap,
    prefix: tuple[str | int, ...],
    errors: list[CatalogError],
) -> Any | None:
    display = _display(layer, path)
    try:
        entry = model.model_validate(data)
    except ValidationError as exc:
        errors.extend(_pydantic_errors(exc, display, path, lines, prefix))
        return None
    except (RecursionError, TypeError, ValueError) as exc:  # pathological input
        errors.append(CatalogError(display, lines.line_for(prefix), None, f"invalid entry: {exc}", path))
        return None
    cov = _covers_errors(entry, display, path, lines, prefix)
    if cov:
        errors.extend(cov)
        return None
    return entry


def _load_layer(layer: Layer, errors: list[CatalogError], cache: ParseCache | None = None) -> list[_Candidate]:
    out: list[_Candidate] = []
    seen: dict[tuple[str, str], Origin] = {}

    def add(c: _Candidate) -> None:
        key = (c.table, c.slug)
        if key in seen:
            first = seen[key]
            errors.append(
                CatalogError(
                    c.origin.file,
                    c.origin.line,
                    _loc_to_field((*c.prefix, "slug")),
                    f"duplicate slug {c.slug!r} in this layer (first defined at {first.file}:{first.line})",
                    c.origin.path,
                )
            )
            return
        seen[key] = c.origin
        out.append(c)

    for table, model, folder in (
        (DEVICE_TABLE, DeviceType, layer.root / "device-types"),
        (RACK_TABLE, RackType, layer.root / "rack-types"),
    ):
        for path in _yaml_files(folder):
            got = _read(layer, path, errors, cache)
            if got is None:
                continue
            data, lines = got
            entry = _validate_one(model, data, layer, path, lines, (), errors)
            if entry is None:
                continue
            origin = Origin(layer.name, _display(layer, path), lines.line_for(("slug",)), path)
            add(_Candidate(table, entry.slug, entry, origin, lines, ()))

    for path in _yaml_files(layer.root / "components"):
        got = _read(layer, path, errors, cache)
        if got is None:
            continue
        data, lines = got
        display = _display(layer, path)
        table = data.get("table")
        if table not in TABLE_MODELS:
            errors.append(
                CatalogError(
                    display,
                    lines.line_for(("table",)),
                    "table",
                    f"must be one of {', '.join(TABLE_MODELS)} (got {_short(table)})",
                    path,
                )
            )
            continue
        extra = set(data) - {"table", "entries", "notes"}
        if extra:
            k = sorted(map(str, extra))[0]
            errors.append(CatalogError(display, lines.line_for((k,)), k, "unknown key (typo?)", path))
            continue
        entries = data.get("entries")
        if not isinstance(entries, list):
            errors.append(
                CatalogError(
                    display, lines.line_for(("entries",)), "entries", "must be a list of entries", path
                )
            )
            continue
        table_model = TABLE_MODELS[table]
        for i, raw in enumerate(entries):
            prefix = ("entries", i)
            entry = _validate_one(table_model, raw, layer, path, lines, prefix, errors)
            if entry is None:
                continue
            origin = Origin(layer.name, display, lines.line_for((*prefix, "slug")), path)
            add(_Candidate(table, entry.slug, entry, origin, lines, prefix))
    return out


def _cross_errors(c: _Candidate, tables: dict[str, dict[str, Any]]) -> list[CatalogError]:
    """Device references to the GPU and NIC tables."""
    out: list[CatalogError] = []
    dev = c.entry
    if c.table != DEVICE_TABLE or not isinstance(dev, DeviceType):
        return out
    pl = dev.planning
    if pl is None:
        return out
    if pl.accelerators is not None and pl.accelerators.model not in tables["gpus"]:
        p = (*c.prefix, "planning", "accelerators", "model")
        out.append(
            CatalogError(
                c.origin.file,
                c.lines.line_for(p),
                _loc_to_field(p),
                f"unknown GPU slug {pl.accelerators.model!r} (not in the gpus table)",
                c.origin.path,
            )
        )
    for i, n in enumerate(pl.nics):
        if n.model not in tables["nics"]:
            p = (*c.prefix, "planning", "nics", i, "model")
            out.append(
                CatalogError(
                    c.origin.file,
                    c.lines.line_for(p),
                    _loc_to_field(p),
                    f"unknown NIC slug {n.model!r} (not in the nics table)",
                    c.origin.path,
                )
            )
    return out


def default_layers() -> list[Layer]:
    """Shipped, then the team's layer (when pulled from a repository), then the user's folder."""
    team = team_catalog_dir()
    return [Layer("shipped", shipped_catalog_dir()), *([Layer("team", team)] if team.is_dir() else []),
            Layer("user", user_catalog_dir())]


def _as_layers(paths: Sequence[Path | str | Layer]) -> list[Layer]:
    shipped = shipped_catalog_dir().resolve()
    user = user_catalog_dir()
    out = []
    for i, p in enumerate(paths):
        if isinstance(p, Layer):
            out.append(p)
            continue
        p = Path(p)
        if p.resolve() == shipped:
            name = "shipped"
        elif p.resolve() == user.resolve():
            name = "user"
        elif p.resolve() == team_catalog_dir().resolve():
            name = "team"
        else:
            name = f"layer{i}:{p.name}"
        out.append(Layer(name, p))
    return out


def load_catalog(paths: Sequence[Path | str | Layer] | None = None) -> Catalog:
    """Load catalog layers (default: shipped, then the user folder) into a ``Catalog``.

    Never raises for bad files: problems are collected in ``Catalog.errors``.
    """
    t0 = time.perf_counter()
    layers = default_layers() if paths is None else _as_layers(paths)
    cat = Catalog(layers=layers)
    cache = ParseCache(cache_dir())
    per_table: dict[tuple[str, str], list[_Candidate]] = {}
    order: list[tuple[str, str]] = []
    for layer in layers:
        if not layer.root.exists():
            continue
        if not layer.root.is_dir():
            cat.errors.append(CatalogError(str(layer.root), None, None, "catalog path is not a folder"))
            continue
        for c in _load_layer(layer, cat.errors, cache):
            key = (c.table, c.slug)
            if key not in per_table:
                per_table[key] = []
                order.append(key)
            per_table[key].append(c)

    def settle(keys: list[tuple[str, str]]) -> None:
        for key in keys:
            cands = per_table[key]
            chosen: _Candidate | None = None
            for c in reversed(cands):  # last layer wins, if it is valid
                errs = _cross_errors(c, cat.tables)
                if errs:
                    cat.errors.extend(errs)
                    continue
                chosen = c
                break
            if chosen is None:
                continue
            cat.tables[key[0]][key[1]] = chosen.entry
            cat.origins[key] = chosen.origin
            earlier = [c.origin for c in cands if c is not chosen]
            if earlier:
                cat.overridden[key] = earlier

    # components first: devices refer to gpus and nics
    settle([k for k in order if k[0] != DEVICE_TABLE])
    settle([k for k in order if k[0] == DEVICE_TABLE])
    for layer in layers:
        if layer.root.is_dir():
            _apply_price_layer(layer, cat, cache)
    cache.save()
    cat.errors.sort(key=lambda e: (e.file, e.line or 0))
    cat.load_seconds = time.perf_counter() - t0
    return cat


def with_price(entry: CatalogEntry, price: Price | None) -> CatalogEntry | None:
    """A copy of ``entry`` with only its price replaced (None: a device or rack type without a
    ``planning`` block has nowhere to carry one)."""
    if isinstance(entry, DeviceType | RackType):
        if entry.planning is None:
            return None
        return entry.model_copy(update={"planning": entry.planning.model_copy(update={"price": price})})
    return entry.model_copy(update={"price": price})


def _apply_price_layer(layer: Layer, cat: Catalog, cache: ParseCache | None = None) -> None:
    """Apply ``<layer>/prices/*.yaml`` in name order; a later file's price for an entry wins."""
    files = _yaml_files(layer.root / PRICE_FOLDER)
    if not files:  # the price-list models are only built (imported) for a layer that has price lists
        return
    from .pricelist import PriceLayerFile, validation_messages

    for path in files:
        got = _read(layer, path, cat.errors, cache)
        if got is None:
            continue
        data, lines = got
        display = _display(layer, path)
        try:
            doc = PriceLayerFile.model_validate(data)
        except ValidationError as exc:
            for loc, msg in list(validation_messages(exc))[:MAX_ERRORS_PER_FILE]:
                cat.errors.append(CatalogError(display, lines.line_for(loc), _loc_to_field(loc), msg, path))
            continue
        for i, lp in enumerate(doc.prices):
            where = ("prices", i)
            entry = cat.tables[lp.table].get(lp.slug)
            if entry is None:
                cat.errors.append(CatalogError(
                    display, lines.line_for((*where, "slug")), _loc_to_field((*where, "slug")),
                    f"no {lp.table} entry {lp.slug!r} in the catalog (import the price list again)", path))
                continue
            try:
                price = lp.price()
            except ValidationError as exc:
                for loc, msg in validation_messages(exc):
                    full = (*where, *loc)
                    cat.errors.append(CatalogError(display, lines.line_for(full), _loc_to_field(full), msg, path))
                continue
            new = with_price(entry, price)
            if new is None:
                cat.errors.append(CatalogError(
                    display, lines.line_for(where), _loc_to_field(where),
                    f"{lp.table} entry {lp.slug!r} has no planning block to carry a price", path))
                continue
            cat.tables[lp.table][lp.slug] = new
            cat.price_origins[(lp.table, lp.slug)] = Origin(layer.name, display, lines.line_for(where), path)


# --------------------------------------------------------------------------- CLI hook


def catalog_summary(catalog: Catalog, verbose: bool = False) -> str:
    """Plain-text summary for ``rackwright catalog list`` / ``validate``.

    Lists counts per table and device kind, the layers, every error (one per
    line, ``file:line: field: message``) and, with ``verbose``, every slug with
    its layer.
    """
    lines = []
    lines.append(tf(Np_("Catalog: {n} entry loaded in {ms:.0f} ms", "Catalog: {n} entries loaded in {ms:.0f} ms"),
                    n=len(catalog), ms=catalog.load_seconds * 1000))
    for layer in catalog.layers:
        if layer.root.is_dir():
            lines.append(tf("  layer {name}: {root}", name=layer.name, root=layer.root))
        else:
            lines.append(tf("  layer {name}: {root} (not present)", name=layer.name, root=layer.root))
    kinds = Counter(d.kind for d in catalog.devices.values())
    kind_txt = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    lines.append(tf("  device types: {n} ({kinds})", n=len(catalog.devices), kinds=kind_txt))
    for t in (RACK_TABLE, *TABLE_MODELS):
        lines.append(f"  {t}: {len(catalog.tables[t])}")
    overrides = [k for k, o in catalog.origins.items() if o.layer != "shipped" and k in catalog.overridden]
    if overrides:
        names = ", ".join(f"{t}/{s}" for t, s in sorted(overrides))
        lines.append(tf("  overridden by later layers: {entries}", entries=names))
    if catalog.price_origins:
        files = sorted({o.file for o in catalog.price_origins.values()})
        lines.append(tf(Np_("  prices from price lists: {n} entry ({files})",
                            "  prices from price lists: {n} entries ({files})"),
                        n=len(catalog.price_origins), files=", ".join(files)))
    if verbose:
        for t, slug, e in catalog.items():
            extra = f" [{e.kind}]" if isinstance(e, DeviceType) else ""
            po = catalog.price_origins.get((t, slug))
            layer_name = catalog.origins[(t, slug)].layer
            if po is not None:
                entry = t + "/" + slug + extra
                lines.append(tf("    {entry}  ({layer}, price from {file})", entry=entry, layer=layer_name,
                                file=Path(po.file).name))
            else:
                lines.append(f"    {t}/{slug}{extra}  ({layer_name})")
    if catalog.errors:
        n_files = tf(Np_("{n} file", "{n} files"), n=len(catalog.failed_files))
        lines.append(tf(Np_("{n} error in {files}:", "{n} errors in {files}:"), n=len(catalog.errors), files=n_files))
        lines.extend(f"  {e}" for e in catalog.errors)
    else:
        lines.append(_("No errors."))
    return "\n".join(lines)
