"""Import NetBox device-, module- and rack-type YAML into the user catalog.

``rackwright catalog import-netbox PATH...`` and the Catalog panel's "Import NetBox
Device Types..." call :func:`import_netbox`. Each file is read with the catalog's safe
YAML reader, checked against NetBox's rules (:mod:`planner.netbox.schema`) and then
against the catalog's own models; a file that fails is reported with the field at fault
and the others still import. Each entry is written atomically
(:func:`planner.base.fileio.atomic_write_bytes`) to the user catalog folder, where
:func:`planner.catalog.load_catalog` picks it up:

- a **device type** keeps its NetBox fields and gets a ``planning`` block with what
  NetBox says about planning (docs/netbox.md): the kind (a switch when it has 16 or
  more data interfaces, a server when it has module bays (PCIe, PSU),
  else ``other`` with "kind" in ``needs_data``), the PSU
  nameplate from the power ports' ``maximum_draw`` (``psu_count`` x ``psu_rating_w``:
  what sizes a circuit, never the draw), a switch block from the interfaces, and
  ``needs_data`` listing what NetBox cannot say (GPUs, power draw, cooling, price);
- a **rack type** keeps its NetBox fields with a source naming the file;
- a **module type** with network interfaces becomes a NIC (``components/`` table
  ``nics``); other module types (power supplies, ...) have no table and are skipped
  with a reason.

An entry whose slug the shipped catalog already has, or a file already in the user
folder, is not replaced unless ``replace=True``: a richer shipped entry or data a user
added to an earlier import is never overwritten silently.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import BaseModel, ValidationError

from planner.base.fileio import atomic_write_bytes, field_path, regular_file_problem, validation_message
from planner.base.progress import CancelFn, ProgressFn
from planner.catalog.loader import (
    DEVICE_TABLE,
    MAX_FILES_PER_LAYER,
    RACK_TABLE,
    CatalogError,
    Layer,
    load_catalog,
    shipped_catalog_dir,
    user_catalog_dir,
)
from planner.catalog.models import DeviceType, Nic, RackType
from planner.catalog.yamlsafe import LineMap, YamlRefused, read_yaml_file
from planner.fabric.ports import _device_ports_cached, interface_speed_gbps
from planner.i18n import N_, Np_, _, message_text, tf, tmsg
from planner.netbox.schema import netbox_problems

if TYPE_CHECKING:
    from planner.catalog import Catalog

FILE_KINDS = ("device-type", "module-type", "rack-type")
SWITCH_MIN_PORTS = 16  # data interfaces (not management) that make a device type a switch

# what a status means to a user
IMPORTED, REPLACED, SKIPPED, FAILED = "imported", "replaced", "skipped", "failed"
_VALID = "valid"  # checked, not yet written
STATUS_WORDS = {IMPORTED: N_("imported"), REPLACED: N_("replaced"), SKIPPED: N_("skipped"), FAILED: N_("failed")}


@dataclass
class FileResult:
    """What happened to one input file."""

    path: Path
    kind: str = ""  # device-type, module-type, rack-type ("" when the file could not be read)
    status: str = FAILED
    slug: str | None = None
    table: str | None = None  # catalog table written: device-types, rack-types, nics
    target: Path | None = None  # the file written in the user catalog
    errors: list[CatalogError] = field(default_factory=list)
    message: str = ""
    needs_data: list[str] = field(default_factory=list)
    payload: bytes = field(default=b"", repr=False)  # the catalog file to write, once validated
    replaceable: bool = False  # skipped only because the slug exists (``replace=True`` would write it)

    @property
    def ok(self) -> bool:
        return self.status in (IMPORTED, REPLACED)

    def lines(self) -> list[str]:
        """One line per outcome (and one per error), for the CLI and the result dialog."""
        if self.errors:
            return [str(e) for e in self.errors]
        status = _(STATUS_WORDS[self.status]) if self.status in STATUS_WORDS else self.status
        message = message_text(self.message)
        item = f"{self.table}/{self.slug}"
        if self.slug and message:
            return [tf("{path}: {status} {item}: {message}", path=self.path, status=status, item=item,
                       message=message)]
        if self.slug:
            return [tf("{path}: {status} {item}", path=self.path, status=status, item=item)]
        if message:
            return [tf("{path}: {status}: {message}", path=self.path, status=status, message=message)]
        return [tf("{path}: {status}", path=self.path, status=status)]


@dataclass
class ImportReport:
    results: list[FileResult] = field(default_factory=list)
    dest: Path | None = None
    cancelled: bool = False  # stopped before the last file (what is listed was done)

    @property
    def imported(self) -> list[FileResult]:
        return [r for r in self.results if r.ok]

    @property
    def failed(self) -> list[FileResult]:
        return [r for r in self.results if r.status == FAILED]

    @property
    def skipped(self) -> list[FileResult]:
        return [r for r in self.results if r.status == SKIPPED]

    def summary(self) -> str:
        counts = dict(imported=len(self.imported), skipped=len(self.skipped), failed=len(self.failed),
                      n=len(self.results), dest=self.dest)
        if self.cancelled:
            return tf(Np_("{imported} imported, {skipped} skipped, {failed} failed (of {n} file) into {dest} "
                          "(cancelled)", "{imported} imported, {skipped} skipped, {failed} failed (of {n} files) into "
                          "{dest} (cancelled)"), **counts)
        return tf(Np_("{imported} imported, {skipped} skipped, {failed} failed (of {n} file) into {dest}",
                      "{imported} imported, {skipped} skipped, {failed} failed (of {n} files) into {dest}"), **counts)


# --------------------------------------------------------------------------- helpers


def slugify(text: str) -> str:
    """A NetBox slug from free text: lower case, runs of other characters -> '-'."""
    s = re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-_")
    return (s or "unnamed")[:100]


def _safe_folder(name: str) -> str:
    """A manufacturer as a folder name: no separators, no '..', no control characters."""
    s = re.sub(r"[\x00-\x1f/\\:*?\"<>|]+", "-", name).strip(" .")
    return s[:80] or "Unknown"


def input_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[FileResult]]:
    """The YAML files named by ``paths`` (folders searched recursively), and a result for
    each path that is neither."""
    files: list[Path] = []
    missing: list[FileResult] = []
    for p in map(Path, paths):
        if p.is_dir():
            # hidden files and folders (a library checkout's .github workflows, .yamllint) are no types
            found = sorted(q for q in p.rglob("*") if q.suffix.lower() in (".yaml", ".yml") and q.is_file()
                           and not any(part.startswith(".") for part in q.relative_to(p).parts))
            if not found:
                none = tmsg("folder holds no .yaml or .yml files")
                missing.append(FileResult(p, message=none, errors=[CatalogError(str(p), None, None, none, p)]))
            files.extend(found)
        elif p.is_file():
            files.append(p)
        else:  # a named pipe or a device is said as such (it was "no such file"), never read
            why = regular_file_problem(p) if p.exists() else None
            missing.append(FileResult(p, errors=[CatalogError(str(p), None, None,
                                                              why or tmsg("no such file or folder"), p)]))
    return files[:MAX_FILES_PER_LAYER], missing


def file_kind(path: Path, data: Any) -> str:
    """device-type, module-type or rack-type: from the library folder the file sits in
    (``device-types/``, ``module-types/``, ``rack-types/``), else from its keys."""
    parts = [p.lower() for p in path.parts[:-1]]
    for kind in FILE_KINDS:
        if f"{kind}s" in parts:
            return kind
    if isinstance(data, dict):
        if "form_factor" in data or ("width" in data and "is_full_depth" not in data):
            return "rack-type"
        if "slug" in data or "u_height" in data or "is_full_depth" in data:
            return "device-type"
    return "module-type"


def _errors(path: Path, lines: LineMap, problems: Iterable[tuple[tuple[Any, ...], str]]) -> list[CatalogError]:
    return [CatalogError(str(path), lines.line_for(loc), field_path(loc) or None, msg, path)
            for loc, msg in problems]


def _model_errors(path: Path, lines: LineMap, model: type[BaseModel], entry: dict[str, Any],
                  prefix: tuple[Any, ...] = ()) -> tuple[Any, list[CatalogError]]:
    try:
        obj = model.model_validate(entry)
    except ValidationError as exc:
        probs = []
        for err in exc.errors(include_url=False)[:20]:
            loc = (*prefix, *(p for p in err["loc"] if not (isinstance(p, str) and "[" in p)))
            msg: str = validation_message(err)
            if type(msg) is str:
                msg = msg.removeprefix("Value error, ")
            if err["type"] == "missing":
                msg = tmsg("required field is missing")
            probs.append((loc, msg))
        return None, _errors(path, lines, probs)
    return obj, []


def _source_title(path: Path) -> str:
    tail = "/".join(path.parts[-2:])
    return f"NetBox device-type library file {tail}"


# --------------------------------------------------------------------------- conversion


def _data_ports(data: dict[str, Any]) -> list[tuple[str, float]]:
    out = []
    for iface in data.get("interfaces") or []:
        if iface.get("mgmt_only"):
            continue
        speed = interface_speed_gbps(iface.get("type"))
        if speed is not None and speed > 0:
            out.append((iface["type"], speed))
    return out


def _switch_block(data: dict[str, Any]) -> dict[str, Any] | None:
    ports = _data_ports(data)
    if len(ports) < SWITCH_MIN_PORTS:
        return None
    groups: Counter[tuple[str, float]] = Counter(ports)
    fabric = "infiniband" if any(t.startswith("infiniband-") for t, _s in ports) else "ethernet"
    return {"fabric": fabric, "ports": [{"count": n, "speed_gbps": s, "connector": t}
                                        for (t, s), n in groups.items()]}


def device_planning(data: dict[str, Any], path: Path, today: str) -> dict[str, Any]:
    """The ``planning`` block a NetBox device type gets on import (see the module doc)."""
    needs: list[str] = []
    covers = ["u_height"]
    if data.get("weight") is not None:
        covers.append("weight")
    pl: dict[str, Any] = {}
    switch = _switch_block(data)
    if switch is not None:
        pl["kind"] = "switch"
        pl["switch"] = switch
        covers.append("switch")
    elif data.get("power-outlets"):
        pl["kind"] = "other"  # most likely a PDU, but NetBox has no voltage, phases or amps
        needs.append("kind")
    elif data.get("module-bays") and not data.get("console-server-ports") and float(data.get("u_height") or 0) > 0:
        pl["kind"] = "server"
        needs.append("accelerators")
    else:
        pl["kind"] = "other"
        needs.append("kind")
    note = (f"Imported from {path} on {today} by rackwright catalog import-netbox. NetBox has no GPU, power "
            "draw, cooling or price fields: fill in the planning items listed in needs_data.")
    draws = [int(p["maximum_draw"]) for p in data.get("power-ports") or []
             if p.get("type") != "dc-terminal" and int(p.get("maximum_draw") or 0) > 0]
    if draws:
        pl["power"] = {"psu_count": len(draws), "psu_rating_w": max(draws)}
        covers += ["power.psu_count", "power.psu_rating_w"]
        note += (f" The power ports' maximum_draw ({', '.join(map(str, draws))} W) is taken as the PSU "
                 "nameplate (psu_count x psu_rating_w), which sizes circuits; it is not the device's draw.")
    needs += ["power", "cooling", "price"]
    pl["needs_data"] = needs
    pl["sources"] = [{"title": _source_title(path), "covers": covers, "verification": "unchecked", "note": note}]
    return pl


def nic_entry(data: dict[str, Any], path: Path, today: str) -> tuple[dict[str, Any] | None, str]:
    """A ``nics`` table entry for a NetBox module type with network interfaces, or
    (None, why not)."""
    ifaces = [i for i in data.get("interfaces") or [] if not i.get("mgmt_only")]
    speeds = [(i.get("type"), interface_speed_gbps(i.get("type"))) for i in ifaces]
    speeds = [(t, s) for t, s in speeds if s]
    if not speeds:
        return None, tmsg("a module type without network interfaces (power supply, drive, ...): Rackwright's "
                          "catalog has no table for it")
    if len({s for _t, s in speeds}) > 1:
        return None, tmsg("a module type with ports of different speeds: Rackwright's NIC table needs one port "
                          "speed")
    t0 = speeds[0][0] or ""
    connector = t0.rsplit("-", 1)[-1] if "-" in t0 else t0
    entry = {
        "slug": slugify(f"{data['manufacturer']}-{data['model']}"),
        "vendor": data["manufacturer"],
        "model": data["model"],
        "ports": len(speeds),
        "speed_gbps": speeds[0][1],
        "protocols": ["infiniband" if t0.startswith("infiniband-") else "ethernet"],
        "connector": connector,
        "sources": [{"title": _source_title(path), "covers": ["ports", "speed_gbps", "protocols", "connector"],
                     "verification": "unchecked",
                     "note": f"Imported from {path} on {today} by rackwright catalog import-netbox; NetBox has "
                             "no PCIe or power figures for the card."}],
    }
    return entry, ""


def rack_entry(data: dict[str, Any], path: Path, today: str) -> dict[str, Any]:
    out = dict(data)
    covers = [k for k in ("u_height", "width", "weight", "max_weight", "outer_width", "outer_height",
                          "outer_depth", "mounting_depth") if data.get(k) is not None]
    out["planning"] = {"sources": [{"title": _source_title(path), "covers": covers, "verification": "unchecked",
                                    "note": f"Imported from {path} on {today} by rackwright catalog "
                                            "import-netbox."}]}
    return out


# --------------------------------------------------------------------------- the import


def _dump(entry: dict[str, Any], header: str) -> bytes:
    text = yaml.safe_dump(entry, sort_keys=False, allow_unicode=True, width=110)
    return (header + text).encode("utf-8")


def _existing(dest: Path) -> dict[tuple[str, str], Path]:
    cat = load_catalog([Layer("user", dest)]) if dest.is_dir() else None
    if cat is None:
        return {}
    return {k: o.path for k, o in cat.origins.items()}


def import_netbox(paths: Sequence[str | Path], dest: Path | None = None, *, replace: bool = False,
                  shipped: Path | None = None, today: str | None = None, progress: ProgressFn | None = None,
                  cancelled: CancelFn | None = None) -> ImportReport:
    """Import NetBox YAML files (or folders of them) into ``dest`` (default: the user
    catalog folder). Never raises for a bad file: each gets a :class:`FileResult`.

    ``progress(fraction, stage)`` is told after each file; when ``cancelled()`` turns
    true the import stops between files and the report (``cancelled`` set) lists what
    was written until then: each written entry is complete."""
    dest = Path(dest) if dest is not None else user_catalog_dir()
    today = today or _dt.date.today().isoformat()
    report = ImportReport(dest=dest)
    files, missing = input_files(paths)
    report.results.extend(missing)
    shipped_dir = shipped if shipped is not None else shipped_catalog_dir()
    shipped_cat = load_catalog([Layer("shipped", shipped_dir)]) if shipped_dir.is_dir() else None
    existing = _existing(dest)
    seen: dict[tuple[str, str], Path] = {}
    for n, path in enumerate(files):
        if cancelled is not None and cancelled():
            report.cancelled = True
            break
        if progress is not None:
            progress(n / max(len(files), 1), path.name)
        res = _import_one(path, dest, today)
        report.results.append(res)
        if res.status != _VALID:
            continue
        key = (res.table or "", res.slug or "")
        if key in seen:
            res.status = FAILED
            res.errors = [CatalogError(str(path), None, "slug",
                                       tmsg("{slug!r} is also imported from {other} in this batch", slug=res.slug,
                                            other=str(seen[key])), path)]
            continue
        seen[key] = path
        if shipped_cat is not None and res.slug in shipped_cat.tables.get(key[0], {}) and not replace:
            res.status = SKIPPED
            res.message = tmsg("the shipped catalog already has this slug; not replaced")
            res.replaceable = True
            continue
        # a valid entry with this slug anywhere in the folder, or any file (even a broken
        # one the user is still editing) at the path we would write
        old = existing.get(key) or (res.target if res.target is not None and res.target.exists() else None)
        if old is not None:
            if not replace:
                res.status = SKIPPED
                res.message = tmsg("already in your catalog ({old}); not replaced", old=str(old))
                res.replaceable = True
                continue
            res.target = old
        assert res.target is not None  # _import_one sets it with the payload
        try:
            res.target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(res.target, res.payload)
        except OSError as exc:
            res.status = FAILED
            res.errors = [CatalogError(str(path), None, None,
                                       tmsg("cannot write {target}: {error}", target=str(res.target),
                                            error=exc.strerror or str(exc)), path)]
            continue
        res.status = REPLACED if (old is not None or (shipped_cat is not None and res.slug in
                                                       shipped_cat.tables.get(key[0], {}))) else IMPORTED
        if res.needs_data:
            res.message = tmsg("needs data: {fields}", fields=", ".join(res.needs_data))
    return report


def _import_one(path: Path, dest: Path, today: str) -> FileResult:
    res = FileResult(path)
    try:
        data, lines = read_yaml_file(path)
    except YamlRefused as exc:
        res.errors = [CatalogError(str(path), exc.line, None, exc.message, path)]
        return res
    kind = res.kind = file_kind(path, data)
    problems = netbox_problems(data, kind)
    if problems:
        res.errors = _errors(path, lines, problems)
        return res
    header = (f"# Imported from NetBox ({kind} {path.name}) on {today} by rackwright catalog import-netbox.\n"
              "# NetBox fields as in the source; the planning block is Rackwright's (docs/netbox.md).\n")
    if kind == "device-type":
        entry = dict(data)
        entry["planning"] = device_planning(data, path, today)
        obj, errs = _model_errors(path, lines, DeviceType, entry)
        if not errs and obj.uncovered():
            errs = _errors(path, lines, [((k,), tmsg("figure has no source")) for k in obj.uncovered()])
        if errs:
            res.errors = errs
            return res
        res.table, res.slug, res.needs_data = DEVICE_TABLE, obj.slug, obj.needs_data
        res.target = dest / "device-types" / _safe_folder(obj.manufacturer) / f"{obj.slug}.yaml"
        res.payload = _dump(entry, header)
    elif kind == "rack-type":
        entry = rack_entry(data, path, today)
        obj, errs = _model_errors(path, lines, RackType, entry)
        if errs:
            res.errors = errs
            return res
        res.table, res.slug = RACK_TABLE, obj.slug
        res.target = dest / "rack-types" / f"{obj.slug}.yaml"
        res.payload = _dump(entry, header)
    else:
        nic, why = nic_entry(data, path, today)
        if nic is None:
            res.status = SKIPPED
            res.message = why
            return res
        obj, errs = _model_errors(path, lines, Nic, nic)
        if errs:
            res.errors = errs
            return res
        res.table, res.slug = "nics", obj.slug
        res.target = dest / "components" / f"netbox-{obj.slug}.yaml"
        res.payload = _dump({"table": "nics", "entries": [nic]}, header)
    res.status = _VALID
    return res


def add_to_catalog(catalog: Catalog, report: ImportReport) -> list[tuple[str, str]]:
    """Put what ``report`` wrote into an already loaded ``catalog`` (the app's), in place:
    only slugs the catalog does not have yet (an import never replaces an entry in use),
    validated by loading the catalog's layers plus the import folder. Returns the
    (table, slug) pairs added."""
    roots = [layer.root for layer in catalog.layers]
    layers = list(catalog.layers)
    if report.dest is not None and report.dest not in roots:
        layers.append(Layer("user", report.dest))
    fresh = load_catalog(layers)
    added = []
    for r in report.imported:
        key = (r.table or "", r.slug or "")
        if key[1] in catalog.tables.get(key[0], {}) or key[1] not in fresh.tables.get(key[0], {}):
            continue
        catalog.tables[key[0]][key[1]] = fresh.tables[key[0]][key[1]]
        catalog.origins[key] = fresh.origins[key]
        added.append(key)
    if added:
        _device_ports_cached.cache_clear()  # it remembers slugs it did not find
    return added
