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
import os
import re
import stat
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from planner.i18n import N_, Np_, message_text, tf, tmsg
from planner.model.plan import Placement, Plan, Rack, Room, Row, Site
from planner.netbox.importer import slugify

if TYPE_CHECKING:
    from planner.catalog import Catalog

MAX_CSV_BYTES = 50 * 1024 * 1024
RACK_PITCH_M = 0.6
ROW_PITCH_M = 2.4  # a 1.2 m deep rack and a 1.2 m aisle
ROOM_MARGIN_M = 2.4  # around the rows, as :func:`import_site` lays a room out
MAX_ROOM_M = 10_000.0  # the plan's RoomSize and Coord limit (planner.model.plan): a room is at most 10 km across
# Lines an export may have. The largest halls have a few thousand racks and some tens of thousands of
# devices; an export of a whole NetBox instance is filtered by site in NetBox first. Reading stops at the
# first line past the limit, so a million-rack file is refused in well under a second.
MAX_ROWS = {"racks": 20_000, "devices": 250_000, "device-types": 20_000}
# What a field may hold: the plan's limits (planner.model.plan: Name 200 characters, serial and asset tag 50,
# NetBox's own limits are lower) for what becomes part of the plan. A longer value is no NetBox export;
# it is refused with its line and column, never cut short silently.
FIELD_MAX = {"name": 200, "site": 200, "location": 200, "facility_id": 200, "serial": 50, "asset_tag": 50}

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
    notices: list[str] = field(default_factory=list)  # what the plan could not take from the source (messages)

    def summary(self) -> str:
        racks = tf(Np_("{n} rack", "{n} racks"), n=self.racks)
        devices = tf(Np_("{n} device", "{n} devices"), n=self.devices)
        return tf(Np_("{racks} and {devices} imported into site {site!r}; {n} line left out",
                      "{racks} and {devices} imported into site {site!r}; {n} lines left out"),
                  racks=racks, devices=devices, site=self.plan.site.name, n=len(self.problems))


def _norm(h: str) -> str:
    return re.sub(r"[\s_]+", "", h.strip().lstrip("\ufeff").lower())


def _read_bytes(p: Path) -> bytes:
    """The bytes of an export file, at most :data:`MAX_CSV_BYTES`. A named pipe, a device or a
    socket is refused before it is read (it would wait for a writer or never end): the file
    is opened without blocking and checked on the open descriptor."""
    from planner.base.fileio import regular_file_problem

    if p.is_dir():
        raise SiteImportError(tf("{path}: is a folder, not an export file", path=p))
    problem = regular_file_problem(p)
    if problem:
        raise SiteImportError(tf("{path}: {problem}", path=p, problem=message_text(problem)))
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped for a pipe since the check
                raise SiteImportError(tf("{path}: not a regular file", path=p))
            data = f.read(MAX_CSV_BYTES + 1)
    except OSError as e:
        raise SiteImportError(tf("{path}: cannot read ({error})", path=p, error=e.strerror or e)) from None
    if len(data) > MAX_CSV_BYTES:
        raise SiteImportError(tf("{path}: larger than {mb} MB", path=p, mb=MAX_CSV_BYTES // 2**20))
    return data


def read_export(path: str | Path, kind: str) -> list[tuple[int, dict[str, str]]]:
    """(line, row) pairs of a NetBox CSV export, with our keys (:data:`_ALIASES`).

    Raises :class:`SiteImportError` (one line naming the file, and the line and column where
    there is one) for a file that is no export: not a regular file, over :data:`MAX_CSV_BYTES`
    or :data:`MAX_ROWS` lines, not UTF-8 CSV, a needed column missing, or a field longer than
    the plan can hold (:data:`FIELD_MAX`)."""
    p = Path(path)
    try:
        text = _read_bytes(p).decode("utf-8-sig")
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
    limits = [(k, i, FIELD_MAX[k]) for k, i in cols.items() if k in FIELD_MAX]
    most = MAX_ROWS[kind]
    rows: list[tuple[int, dict[str, str]]] = []
    try:
        for fields in reader:
            if not any(f.strip() for f in fields):
                continue
            if len(rows) == most:
                raise SiteImportError(tf(_TOO_MANY[kind], path=p, line=str(reader.line_num), n=most))
            row = {k: (fields[i].strip() if i < len(fields) else "") for k, i in cols.items()}
            for k, i, limit in limits:
                if len(row[k]) > limit:
                    raise SiteImportError(tf("{path}:{line}: {column} is {length:,} characters long; at most "
                                             "{limit} fit a plan", path=p, line=str(reader.line_num),
                                             column=header[i].strip() or k, length=len(row[k]), limit=limit))
            rows.append((reader.line_num, row))
    except csv.Error as e:
        raise SiteImportError(f"{p}:{reader.line_num}: not CSV ({e})") from None
    return rows


_TOO_MANY = {
    "racks": N_("{path}:{line}: more than {n:,} racks; export one site's racks (filter NetBox's rack list by "
                "site) or split the hall"),
    "devices": N_("{path}:{line}: more than {n:,} devices; export one site's devices (filter NetBox's device list "
                  "by site)"),
    "device-types": N_("{path}:{line}: more than {n:,} device types; export only the types the site uses"),
}


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

    rows: list[tuple[int, dict[str, str]]] = []
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
            if len(rows) == MAX_ROWS["device-types"]:
                raise SiteImportError(tf(_TOO_MANY["device-types"], path=p, line=str(line), n=len(rows)))
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
    read by planner.i18n.parse_number as NetBox writes it (English), kept within +-1e9 (a
    400-digit "position" reads as infinity, which no U or height can be)."""
    from planner.i18n import parse_number

    m = re.search(r"-?\d+(?:[.,]\d+)?", text or "")
    if m is None:
        return None
    s = m.group(0)
    try:
        # a machine-written mark is a decimal one: a fourth place keeps 12.125 from reading as grouping
        v = float(parse_number(s + ("0" if "." in s or "," in s else ""), "en", lenient=True))
    except ValueError:  # beyond any float
        v = -math.inf if s.startswith("-") else math.inf
    return max(-1e9, min(1e9, v))


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


def _room_width_m(racks_in_row: int) -> float:
    return math.ceil(racks_in_row * RACK_PITCH_M + ROOM_MARGIN_M)


def _room_depth_m(rows: int) -> float:
    return math.ceil(rows * ROW_PITCH_M + ROOM_MARGIN_M)


def _check_room_size(file: str, location: str, rows: dict[str, list[tuple[int, str, Rack, int]]]) -> None:
    """Refuse a location whose rows, laid out as :func:`import_site` does, would make a room over
    :data:`MAX_ROOM_M` across (no hall is 10 km long: the export is not one site's racks),
    naming the line of the first rack that does not fit."""
    for row_name, members in rows.items():
        if _room_width_m(len(members)) > MAX_ROOM_M:
            k = int((MAX_ROOM_M - ROOM_MARGIN_M) // RACK_PITCH_M)  # racks that fit in one row
            line = sorted(members, key=lambda t: (t[0], t[1]))[k][3]
            raise SiteImportError(tf(
                "{path}:{line}: row {row!r} of {location!r} has {n:,} racks, {m:,} m long at {pitch} m a rack; a "
                "room is at most {limit:,} m (10 km) across", path=file, line=str(line), row=row_name or "Row 1",
                location=location, n=len(members), m=_room_width_m(len(members)), pitch=RACK_PITCH_M,
                limit=int(MAX_ROOM_M)))
    if _room_depth_m(len(rows)) > MAX_ROOM_M:
        k = int((MAX_ROOM_M - ROOM_MARGIN_M) // ROW_PITCH_M)  # rows that fit in one room
        row_name = sorted(rows)[k]
        line = min(t[3] for t in rows[row_name])
        raise SiteImportError(tf(
            "{path}:{line}: {location!r} has {n:,} rows of racks, {m:,} m deep at {pitch} m a row; a room is at most "
            "{limit:,} m (10 km) across", path=file, line=str(line), location=location, n=len(rows),
            m=_room_depth_m(len(rows)), pitch=ROW_PITCH_M, limit=int(MAX_ROOM_M)))


def import_site(racks_csv: str | Path, devices_csv: str | Path | None, catalog: Catalog,
                device_types_csv: str | Path | None = None, site: str | None = None) -> SiteImport:
    """Build a new plan from NetBox's CSV exports; see the module doc."""
    if site is not None and len(site) > FIELD_MAX["site"]:
        raise SiteImportError(tf("the site's name is {length:,} characters long; at most {limit} fit a plan",
                                 length=len(site), limit=FIELD_MAX["site"]))
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
    rooms: dict[str, dict[str, list[tuple[int, str, Rack, int]]]] = defaultdict(lambda: defaultdict(list))
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
        rack = Rack(id=_id("rack", n), name=name, rack_type=rt)
        racks_by_name[name] = rack
        for alias in rack_cell_names(name, r.get("facility_id", "").strip())[1:]:
            rack_alias.setdefault(alias, rack)
        rooms[r.get("location") or site_name][row_name].append((pos, name, rack, line))

    plan_rooms = []
    for i, (loc, rows) in enumerate(rooms.items(), start=1):
        _check_room_size(str(racks_csv), loc, rows)
        plan_rows = []
        for j, (row_name, members) in enumerate(sorted(rows.items(), key=lambda kv: kv[0]), start=1):
            members.sort(key=lambda t: (t[0], t[1]))
            racks = []
            for k, (_pos, _name, member, _line) in enumerate(members):
                member.position = k
                racks.append(member)
            plan_rows.append(Row(id=f"row-{i}-{j}", name=row_name or f"Row {j}", x_m=1.2,
                                 y_m=1.2 + (j - 1) * ROW_PITCH_M, racks=racks))
        longest = max(len(r.racks) for r in plan_rows)
        plan_rooms.append(Room(id=f"room-{i}", name=loc, width_m=max(10.0, _room_width_m(longest)),
                               depth_m=max(8.0, _room_depth_m(len(plan_rows))), rows=plan_rows))

    # ---- devices
    placed = 0
    side_next: dict[str, int] = defaultdict(int)
    used_u: dict[str, dict[tuple[int, str], str]] = defaultdict(dict)
    for n, (line, r) in enumerate(dev_rows, start=1):
        what = r.get("name") or tmsg("device on line {line}", line=str(line))
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
        common = {"id": _id("nb", n), "device": slug, "name": r.get("name") or "",
                  "serial": r.get("serial") or "", "asset_tag": r.get("asset_tag") or ""}
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

    plan = Plan(site=Site(name=site_name, rooms=plan_rooms))
    plan.metadata.notes = ("Started from a NetBox site export (" + ", ".join(
        Path(p).name for p in (racks_csv, devices_csv, device_types_csv) if p) + ").")
    plan.reindex()
    out = SiteImport(plan, racks=len(racks_by_name), devices=placed, problems=problems, rack_type_guesses=guesses)
    return out


def report_lines(result: SiteImport) -> Iterable[str]:
    yield result.summary()
    for g in result.rack_type_guesses:
        yield tf("  rack type by height: {guess}", guess=message_text(g))
    for n in result.notices:
        yield tf("  note: {notice}", notice=message_text(n))
    for p in result.problems:
        yield f"  {p}"
