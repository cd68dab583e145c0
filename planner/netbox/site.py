"""Start a plan from an existing hall: NetBox's CSV export of a site (brownfield).

``rackwright import-netbox-site --racks racks.csv --devices devices.csv
[--device-types device-types.csv] -o plan.json`` and File > New from NetBox Site...
read NetBox's CSV exports (the object lists' Export > CSV, whose headers are the table's
column names such as ``Name``, ``Height (U)``, ``Facility ID``, or the bulk-import
headers ``name``, ``u_height``, ``facility_id``: both are understood, case and spacing
ignored) and build a new plan with the racks and the devices as they stand, so the
architect plans the new AI rows into the hall.

- Locations become rooms; racks whose facility ID reads ``<row>/<position>`` (as
  Rackwright's own export writes it) are put into those rows, the others of a location
  into one row in name order. A rack type is matched by name or slug in the catalog,
  else by height (``rack-48u-600x1200`` for 48U, ...).
- A device is placed when its rack is imported, it has a position (or its type is 0U,
  mounted on a side) and its device type is in the catalog: by slug (from the
  device-types export) or by manufacturer and model. Everything else is listed by file
  and line with the reason (:attr:`SiteImport.problems`): an unknown type names the
  NetBox device type to import first (``rackwright catalog import-netbox``).
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from planner.i18n import Np_, message_text, tf, tmsg
from planner.model.plan import Placement, Plan, Rack, Room, Row, Site
from planner.netbox.importer import slugify

if TYPE_CHECKING:
    from planner.catalog import Catalog

MAX_CSV_BYTES = 50 * 1024 * 1024
RACK_PITCH_M = 0.6
ROW_PITCH_M = 2.4  # a 1.2 m deep rack and a 1.2 m aisle

# header spellings (lower case, spaces and '_' dropped) -> our key
_ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("name",),
    "site": ("site",),
    "location": ("location",),
    "rack": ("rack",),
    "facility_id": ("facilityid",),
    "u_height": ("uheight", "height(u)", "height", "heightu"),
    "rack_type": ("racktype", "type"),
    "position": ("position", "position(u)"),
    "face": ("face", "rackface"),
    "manufacturer": ("manufacturer",),
    "device_type": ("devicetype", "type", "model"),
    "slug": ("slug",),
    "model": ("model", "devicetype", "name"),
    "serial": ("serial", "serialnumber"),
    "asset_tag": ("assettag",),
    "status": ("status",),
    "full_depth": ("isfulldepth", "fulldepth"),
}
_WANT = {
    "racks": ("name", "site", "location", "facility_id", "u_height", "rack_type", "status"),
    "devices": ("name", "site", "location", "rack", "position", "face", "manufacturer", "device_type", "serial",
                "asset_tag", "status"),
    "device-types": ("manufacturer", "model", "slug", "u_height", "full_depth"),
}


class SiteImportError(ValueError):
    """The export cannot be used at all (unreadable, no racks, a column missing)."""


@dataclass
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:  # the message in the active language (a planner Message)
        return f"{self.file}:{self.line}: {message_text(self.message)}"


@dataclass
class SiteImport:
    plan: Plan
    racks: int = 0
    devices: int = 0
    problems: list[Problem] = field(default_factory=list)
    rack_type_guesses: list[str] = field(default_factory=list)

    def summary(self) -> str:
        racks = tf(Np_("{n} rack", "{n} racks"), n=self.racks)
        devices = tf(Np_("{n} device", "{n} devices"), n=self.devices)
        return tf(Np_("{racks} and {devices} imported into site {site!r}; {n} line left out",
                      "{racks} and {devices} imported into site {site!r}; {n} lines left out"),
                  racks=racks, devices=devices, site=self.plan.site.name, n=len(self.problems))


def _norm(h: str) -> str:
    return re.sub(r"[\s_]+", "", h.strip().lstrip("\ufeff").lower())


def read_export(path: str | Path, kind: str) -> list[tuple[int, dict[str, str]]]:
    """(line, row) pairs of a NetBox CSV export, with our keys (:data:`_ALIASES`)."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_CSV_BYTES:
            raise SiteImportError(f"{p}: larger than {MAX_CSV_BYTES // 2**20} MB")
        text = p.read_bytes().decode("utf-8-sig")
    except OSError as e:
        raise SiteImportError(f"{p}: cannot read ({e.strerror or e})") from None
    except UnicodeDecodeError as e:
        raise SiteImportError(f"{p}: not UTF-8 text (bad byte at offset {e.start})") from None
    if kind == "device-types" and _looks_like_yaml(p, text):
        return _device_types_yaml(p, text)
    delim = _delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delim)
    try:
        header = next(reader)
    except StopIteration:
        raise SiteImportError(f"{p}: empty file") from None
    except csv.Error as e:
        raise SiteImportError(f"{p}:1: not CSV ({e})") from None
    cols: dict[str, int] = {}
    normed = [_norm(h) for h in header]
    for key in _WANT[kind]:
        for alias in _ALIASES[key]:
            if alias in normed and key not in cols and normed.index(alias) not in cols.values():
                cols[key] = normed.index(alias)
                break
    need = {"racks": ("name",), "devices": ("rack", "device_type"), "device-types": ("model",)}[kind]
    missing = [k for k in need if k not in cols]
    if missing:
        raise SiteImportError(f"{p}:1: no {', '.join(missing)} column (found: {', '.join(header[:12])})")
    if kind == "devices" and "position" not in cols:
        # NetBox's "Current View" export of the device list has no Position column
        raise SiteImportError(tf("{path}:1: no Position column: this is NetBox's \"Current View\" export of the "
                                 "devices; choose Export > All Data (CSV) in NetBox's device list instead",
                                 path=p))
    rows = []
    try:
        for fields in reader:
            if not any(f.strip() for f in fields):
                continue
            rows.append((reader.line_num, {k: (fields[i].strip() if i < len(fields) else "") for k, i in cols.items()}))
    except csv.Error as e:
        raise SiteImportError(f"{p}:{reader.line_num}: not CSV ({e})") from None
    return rows


DELIMITERS = (",", ";", "\t", "|")  # NetBox's user preference "CSV delimiter" offers these


def _delimiter(text: str) -> str:
    """The delimiter of a CSV export: the one of :data:`DELIMITERS` that splits the header line
    into the most cells (outside quotes)."""
    first = text.split("\n", 1)[0]
    best, best_n = ",", 0
    for d in DELIMITERS:
        try:
            n = len(next(csv.reader([first], delimiter=d)))
        except (csv.Error, StopIteration):
            continue
        if n > best_n:
            best, best_n = d, n
    return best


def _looks_like_yaml(p: Path, text: str) -> bool:
    if p.suffix.lower() in (".yaml", ".yml"):
        return True
    head = text.lstrip()[:200]
    return head.startswith("---") or bool(re.match(r"^(manufacturer|model|slug):\s", head))


def _device_types_yaml(p: Path, text: str) -> list[tuple[int, dict[str, str]]]:
    """(line, row) pairs from NetBox's "All Data" export of the device types (YAML documents
    joined by ``---``) or library files, read with the catalog's safe YAML loader."""
    from planner.catalog.yamlsafe import YamlRefused, parse_yaml_text

    rows = []
    chunks, start = [], 1  # (first line, text) per document
    lines = text.split("\n")
    cur: list[str] = []
    for i, ln in enumerate(lines, start=1):
        if re.match(r"^---\s*$", ln):
            chunks.append((start, "\n".join(cur)))
            cur, start = [], i + 1
        else:
            cur.append(ln)
    chunks.append((start, "\n".join(cur)))
    for line, chunk in chunks:
        if not chunk.strip():
            continue
        try:
            doc, _lines = parse_yaml_text(chunk)
        except YamlRefused as e:
            raise SiteImportError(f"{p}:{line + (e.line or 1) - 1}: {e.message}") from None
        if isinstance(doc, dict) and doc.get("model"):
            rows.append((line, {"manufacturer": str(doc.get("manufacturer") or ""), "model": str(doc["model"]),
                                "slug": str(doc.get("slug") or ""), "u_height": str(doc.get("u_height") or ""),
                                "full_depth": str(doc.get("is_full_depth") or "")}))
    if not rows:
        raise SiteImportError(tf("{path}: no device types (a YAML export needs manufacturer, model and slug)",
                                 path=p))
    return rows


def rack_cell_names(name: str, facility_id: str) -> tuple[str, ...]:
    """How a rack is written in other exports: NetBox shows a rack with a facility ID as
    ``NAME (FACILITY)`` (its ``Rack.__str__``), so the device export's Rack column holds that."""
    return (name, f"{name} ({facility_id})") if facility_id else (name,)


def _number(text: str) -> float | None:
    """The first number in a NetBox cell (``42``, ``12.5``, ``42U``; a decimal comma too),
    read by planner.i18n.parse_number as NetBox writes it (English)."""
    from planner.i18n import parse_number

    m = re.search(r"-?\d+(?:[.,]\d+)?", text or "")
    if m is None:
        return None
    # a machine-written mark is a decimal one: a fourth place keeps 12.125 from reading as grouping
    return float(parse_number(m.group(0) + ("0" if "." in m.group(0) or "," in m.group(0) else ""), "en",
                              lenient=True))


def _id(prefix: str, n: int) -> str:
    return f"{prefix}-{n}"


def _match_rack_type(catalog: Catalog | None, text: str, u_height: float | None, guesses: list[str], name: str) -> str:
    rts = catalog.rack_types if catalog is not None else {}
    t = (text or "").strip().lower()
    if t:
        for slug, rt in rts.items():
            if t in (slug, rt.model.lower(), f"{rt.manufacturer} {rt.model}".lower()):
                return slug
    u = int(u_height) if u_height else 48
    for pref in (f"rack-{u}u-600x1200", f"rack-{u}u-800x1200"):
        if pref in rts:
            guesses.append(tmsg("{rack}: {u}U, rack type {type}", rack=name, u=u, type=pref))
            return pref
    fits = sorted((rt.u_height, slug) for slug, rt in rts.items() if rt.u_height >= u and "nvl72" not in slug)
    slug = fits[0][1] if fits else "rack-48u-600x1200"
    guesses.append(tmsg("{rack}: {u}U, no such rack type in the catalog; {type} used", rack=name, u=u, type=slug))
    return slug


def _device_index(catalog: Catalog | None) -> dict[str, str]:
    out: dict[str, str] = {}
    devices = sorted(catalog.devices.items()) if catalog is not None else []
    for slug, d in devices:
        out[slug] = slug
        out[f"{d.manufacturer}|{d.model}".lower()] = slug
        out.setdefault(f"|{d.model}".lower(), slug)
    for slug, d in devices:  # "PowerEdge R660" for "PowerEdge R660 (login / management node)"
        base = d.model.split(" (")[0]
        out.setdefault(f"{d.manufacturer}|{base}".lower(), slug)
        out.setdefault(f"|{base}".lower(), slug)
    return out


def import_site(racks_csv: str | Path, devices_csv: str | Path | None, catalog: Catalog,
                device_types_csv: str | Path | None = None, site: str | None = None) -> SiteImport:
    """Build a new plan from NetBox's CSV exports; see the module doc."""
    rack_rows = read_export(racks_csv, "racks")
    if not rack_rows:
        raise SiteImportError(f"{racks_csv}: no racks")
    dev_rows = read_export(devices_csv, "devices") if devices_csv else []
    type_rows = read_export(device_types_csv, "device-types") if device_types_csv else []
    rname, dname = Path(racks_csv).name, Path(devices_csv).name if devices_csv else ""
    problems: list[Problem] = []
    sites = [r["site"] for _n, r in rack_rows if r.get("site")]
    site_name = site or (max(set(sites), key=sites.count) if sites else "Site")
    # model -> slug from the device-types export (its slug may be the catalog's)
    by_model: dict[str, str] = {}
    for _n, r in type_rows:
        if r.get("slug"):
            by_model[f"{r.get('manufacturer', '')}|{r['model']}".lower()] = r["slug"]
            by_model.setdefault(f"|{r['model']}".lower(), r["slug"])
    index = _device_index(catalog)

    # ---- racks into rooms and rows
    rooms: dict[str, dict[str, list[tuple[int, str, Rack]]]] = defaultdict(lambda: defaultdict(list))
    racks_by_name: dict[str, Rack] = {}
    rack_alias: dict[str, Rack] = {}  # "R01 (Row A/01)": NetBox's name of a rack with a facility ID
    guesses: list[str] = []
    for n, (line, r) in enumerate(rack_rows, start=1):
        if r.get("site") and r["site"] != site_name:
            problems.append(Problem(rname, line, tmsg("rack {name!r} is in site {site!r}, not {wanted!r}",
                                                       name=r.get("name"), site=r["site"], wanted=site_name)))
            continue
        name = (r.get("name") or "").strip()
        if not name:
            problems.append(Problem(rname, line, tmsg("rack without a name")))
            continue
        if name in racks_by_name:
            problems.append(Problem(rname, line, tmsg("rack {name!r} appears twice; the first is kept", name=name)))
            continue
        rt = _match_rack_type(catalog, r.get("rack_type", ""), _number(r.get("u_height", "")), guesses, name)
        row_name, pos = "", 10_000 + n
        m = re.match(r"^(.+?)\s*/\s*(\d+)$", r.get("facility_id", ""))
        if m:
            row_name, pos = m.group(1), int(m.group(2))
        rack = Rack(id=_id("rack", n), name=name[:200], rack_type=rt)
        racks_by_name[name] = rack
        for alias in rack_cell_names(name, r.get("facility_id", "").strip())[1:]:
            rack_alias.setdefault(alias, rack)
        rooms[r.get("location") or site_name][row_name].append((pos, name, rack))

    plan_rooms = []
    for i, (loc, rows) in enumerate(rooms.items(), start=1):
        plan_rows = []
        for j, (row_name, members) in enumerate(sorted(rows.items(), key=lambda kv: kv[0]), start=1):
            members.sort(key=lambda t: (t[0], t[1]))
            racks = []
            for k, (_pos, _name, member) in enumerate(members):
                member.position = k
                racks.append(member)
            plan_rows.append(Row(id=f"row-{i}-{j}", name=row_name or f"Row {j}", x_m=1.2,
                                 y_m=1.2 + (j - 1) * ROW_PITCH_M, racks=racks))
        longest = max(len(r.racks) for r in plan_rows)
        plan_rooms.append(Room(id=f"room-{i}", name=loc[:200], width_m=max(10.0, math.ceil(longest * RACK_PITCH_M + 2.4)),
                               depth_m=max(8.0, math.ceil(len(plan_rows) * ROW_PITCH_M + 2.4)), rows=plan_rows))

    # ---- devices
    placed = 0
    side_next: dict[str, int] = defaultdict(int)
    used_u: dict[str, dict[tuple[int, str], str]] = defaultdict(dict)
    for n, (line, r) in enumerate(dev_rows, start=1):
        what = r.get("name") or tmsg("device on line {line}", line=line)
        in_rack = racks_by_name.get(r.get("rack", "")) or rack_alias.get(r.get("rack", ""))
        if in_rack is None:
            if not r.get("rack"):
                problems.append(Problem(dname, line, tmsg("{device} has no rack; not placed", device=what)))
            else:
                problems.append(Problem(dname, line, tmsg("{device} is in rack {rack!r}, which was not imported; not "
                                                          "placed", device=what, rack=r["rack"])))
            continue
        model, maker = r.get("device_type", ""), r.get("manufacturer", "")
        key, any_key = f"{maker}|{model}".lower(), f"|{model}".lower()
        slug = next((index[k] for k in (by_model.get(key), by_model.get(any_key), slugify(f"{maker}-{model}"),
                                        key, any_key, model.lower()) if k and k in index), None)
        if slug is None:
            model_txt = f"{model!r} ({maker})" if maker else repr(model)
            problems.append(Problem(dname, line, tmsg("{device}: device type {model} is not in the catalog; import its "
                                                      "NetBox device type first (rackwright catalog import-netbox); "
                                                      "not placed", device=what, model=model_txt)))
            continue
        dev = catalog.device(slug)
        position = _number(r.get("position", ""))
        face = "rear" if r.get("face", "").strip().lower() == "rear" else "front"
        common = {"id": _id("nb", n), "device": slug, "name": (r.get("name") or "")[:200],
                  "serial": (r.get("serial") or "")[:50], "asset_tag": (r.get("asset_tag") or "")[:50]}
        in_type = catalog.get("rack-types", in_rack.rack_type)
        height = in_type.u_height if in_type is not None else 48
        if position is None:
            if dev.u_height == 0:
                side = "left" if side_next[in_rack.id] % 2 == 0 else "right"
                side_next[in_rack.id] += 1
                in_rack.placements.append(Placement(**common, u=None, side=side, face="rear"))
                placed += 1
            else:
                problems.append(Problem(dname, line, tmsg("{device} has no rack position (non-racked in NetBox); "
                                                          "not placed", device=what)))
            continue
        u = int(math.floor(position))
        top = u + max(int(math.ceil(dev.u_height)), 1) - 1
        if u < 1 or top > height:
            problems.append(Problem(dname, line, tmsg("{device} at U{u} does not fit the {height}U rack {rack!r}; not "
                                                      "placed", device=what, u=u, height=height, rack=in_rack.name)))
            continue
        faces = ("front", "rear") if dev.is_full_depth else (face,)
        clash = next((used_u[in_rack.id][(k, f)] for k in range(u, top + 1) for f in faces
                      if (k, f) in used_u[in_rack.id]), None)
        if clash is not None:
            problems.append(Problem(dname, line, tmsg("{device} at U{u} overlaps {other} in rack {rack!r}; not placed",
                                                      device=what, u=u, other=clash, rack=in_rack.name)))
            continue
        for k in range(u, top + 1):
            for f in faces:
                used_u[in_rack.id][(k, f)] = what
        in_rack.placements.append(Placement(**common, u=u, face=face))
        placed += 1

    plan = Plan(site=Site(name=site_name[:200], rooms=plan_rooms))
    plan.metadata.notes = ("Started from a NetBox site export (" + ", ".join(
        Path(p).name for p in (racks_csv, devices_csv, device_types_csv) if p) + ").")
    plan.reindex()
    out = SiteImport(plan, racks=len(racks_by_name), devices=placed, problems=problems, rack_type_guesses=guesses)
    return out


def report_lines(result: SiteImport) -> Iterable[str]:
    yield result.summary()
    for g in result.rack_type_guesses:
        yield tf("  rack type by height: {guess}", guess=message_text(g))
    for p in result.problems:
        yield f"  {p}"
