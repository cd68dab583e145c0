"""A plan as NetBox bulk-import files (``rackwright export PLAN --format netbox -o FOLDER``).

:func:`export_netbox` writes, into one folder, the CSV files NetBox's bulk import takes
(Import on each object list, or ``/api/.../`` with the same columns), numbered in the
order they must be imported, and the device-type YAML of every type the plan uses
(NetBox: Device Types > Import, or the devicetype-library importer):

====================  =================================================================
01-manufacturers.csv  name, slug
device-types/         <Manufacturer>/<slug>.yaml: the catalog entries without Rackwright's
                      ``planning`` block, plus the interfaces and power ports the plan's
                      cables use that the catalog type does not list (see below)
02-device-roles.csv   name, slug, color (one role per catalog kind)
03-sites.csv          the plan's site
04-locations.csv      one per room
05-racks.csv          name, site, location, status planned, facility_id (row/position),
                      width, u_height, form_factor, outer dimensions, mounting_depth,
                      airflow (from the row's cold aisle), weight (empty rack type),
                      max_weight, comments (row, position, cooling)
06-power-panels.csv   one per power source (UPS, panel), plus one per feed side
                      without a source
07-power-feeds.csv    name, panel, status planned, type primary (side A) / redundant,
                      supply ac, phase, voltage, amperage, rack (of the PDU on it)
08-devices.csv        name, role, manufacturer, device_type, status planned, site,
                      location, rack, position, face, asset_tag, serial, comments
09-cables.csv         fabric links: both terminations (dcim.interface), type, status
                      planned, label, length in m, description (fabric, catalog cable)
10-power-cables.csv   device power port -> PDU outlet for the cords the plan connects
====================  =================================================================

**Interface names.** NetBox creates a device's interfaces from its device type, and a
cable import fails on a name the device lacks. The planner names some ports the catalog
type does not list: NIC ports without a NetBox interface (``storage0``, ``compute3``,
``bmc``) and breakout lanes of a switch cage (``ib9s0``, ``swp1s1``). Each such name a
cable uses is added to the exported device type as a physical interface (a lane gets its
cage's type and a description naming the cage), so every cable termination exists.
PDU outlets and device power ports are added the same way (``PSU3``, ``outlet17``).

NetBox's cable import needs a device on both sides, so a PDU's connection to its power
feed is written as the feed's ``rack`` and the PDU named in the feed's description, not
as a cable. The files are written all or none (:func:`planner.base.fileio.atomic_write_files`).
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from planner.base.fileio import atomic_write_files
from planner.catalog import netbox_enums as nb
from planner.fabric.ports import port_lookup
from planner.model.naming import display_name
from planner.model.plan import Link, Plan, cooling_method_name

if TYPE_CHECKING:
    from planner.catalog import Catalog, DeviceType
    from planner.engine.results import Results

NAME_MAX = 64  # NetBox device, rack and component names

ROLE_COLORS = {  # NetBox role colours (hex without '#'), one per catalog kind
    "server": ("Server", "2196f3"), "switch": ("Switch", "4caf50"), "storage": ("Storage", "9c27b0"),
    "pdu": ("PDU", "ff9800"), "cdu": ("CDU", "00bcd4"), "cooling": ("Cooling", "00bcd4"),
    "patch": ("Patch panel", "9e9e9e"), "other": ("Other", "607d8b"),
}

# catalog cable kind -> NetBox cable type (dcim CableTypeChoices)
CABLE_TYPES = {"dac": "dac-passive", "acc": "dac-active", "aec": "dac-active", "aoc": "aoc", "mmf": "mmf",
               "smf": "smf", "cat6a": "cat6a", "cat6": "cat6"}
_FIBRE = {"om3": "mmf-om3", "om4": "mmf-om4", "om5": "mmf-om5", "os1": "smf-os1", "os2": "smf-os2"}


def slugify(text: str) -> str:
    s = re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-_")
    return (s or "x")[:100]


def _csv(header: list[str], rows: Iterable[dict[str, Any]]) -> bytes:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    known = set(header)
    for r in rows:
        if not known.issuperset(r):  # a column typo would silently drop data
            raise ValueError(f"columns not in the header: {sorted(set(r) - known)}")
        w.writerow([_cell(r.get(k)) for k in header])
    return buf.getvalue().encode("utf-8")


def _cell(v: object) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


# --------------------------------------------------------------------------- interface types


_SPEED_TYPES = {  # (speed Gb/s, connector hint) -> NetBox interface type
    800: ("800gbase-x-osfp", {"qsfp": "800gbase-x-qsfpdd"}),
    400: ("400gbase-x-osfp", {"qsfp112": "400gbase-x-qsfp112", "qsfpdd": "400gbase-x-qsfpdd"}),
    200: ("200gbase-x-qsfp56", {}),
    100: ("100gbase-x-qsfp28", {}),
    50: ("50gbase-x-sfp56", {}),
    40: ("40gbase-x-qsfpp", {}),
    25: ("25gbase-x-sfp28", {}),
    10: ("10gbase-x-sfpp", {"t": "10gbase-t", "rj45": "10gbase-t"}),
    1: ("1000base-t", {}),
}
_IB = {800: "infiniband-xdr", 400: "infiniband-ndr", 200: "infiniband-hdr", 100: "infiniband-edr"}


def interface_type(speed_gbps: float, connector: str = "", infiniband: bool = False) -> str:
    """A NetBox interface type for a port the catalog type does not list."""
    if connector in nb.INTERFACE_TYPES:
        return connector
    sp = int(round(speed_gbps or 0))
    if infiniband and sp in _IB:
        return _IB[sp]
    if sp in _SPEED_TYPES:
        default, by_conn = _SPEED_TYPES[sp]
        c = (connector or "").lower().replace("-", "").replace(" ", "")
        for hint, t in by_conn.items():
            if hint in c:
                return t
        return default
    return "other"


# --------------------------------------------------------------------------- device types


class _TypeExport:
    """The exported YAML of one device type: the catalog entry without ``planning``, with
    the ports the plan uses added."""

    def __init__(self, dev: DeviceType) -> None:
        self.kind = dev.kind  # the catalog kind: the device role
        data = dev.model_dump(mode="json", by_alias=True, exclude_none=True, exclude={"planning"})
        self.data: dict[str, Any] = {k: v for k, v in data.items() if v != [] and v != {}}
        if isinstance(self.data.get("u_height"), float) and self.data["u_height"].is_integer():
            self.data["u_height"] = int(self.data["u_height"])
        self.added: list[str] = []
        self._sets: dict[str, set[str]] = {}  # names per component list, kept in step by ensure()

    def _names(self, key: str) -> set[str]:
        names = self._sets.get(key)
        if names is None:
            names = self._sets[key] = {c["name"] for c in self.data.get(key, [])}
        return names

    def ensure(self, key: str, name: str, **fields: Any) -> None:
        if name in self._names(key):
            return
        self.data.setdefault(key, []).append({"name": name, **fields})
        self._sets[key].add(name)
        self.added.append(f"{key}: {name}")

    def first_type(self, key: str, default: str) -> str:
        """The type of the first component of ``key`` (a new PSU cord like the others)."""
        items = self.data.get(key, [])
        return items[0].get("type") or default if items else default

    def component_name(self, key: str, index: int, default: str) -> str:
        items = self.data.get(key, [])
        return items[index]["name"] if 0 <= index < len(items) else default


def _device_type_yaml(t: _TypeExport) -> bytes:
    header = "# Exported by Rackwright: the catalog device type without its planning block"
    if t.added:
        header += ";\n# added for the plan's cables: " + ", ".join(t.added[:20]) + (" ..." if len(t.added) > 20 else "")
    text = yaml.safe_dump(t.data, sort_keys=False, allow_unicode=True, width=110)
    return (header + "\n---\n" + text).encode("utf-8")


# --------------------------------------------------------------------------- export


def _unique_names(plan: Plan, catalog: Catalog | None) -> dict[str, str]:
    """Placement id -> NetBox device name, unique in the site and at most 64 characters."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for room in plan.site.rooms:
        for row in room.rows:
            for rack in row.racks:
                for p in rack.placements:
                    name = display_name(p, catalog).strip()[:NAME_MAX] or p.id
                    if name.lower() in used:
                        name = f"{name[:NAME_MAX - len(p.id) - 1]}-{p.id}"
                    used.add(name.lower())
                    out[p.id] = name
    return out


# Rows per CSV file, so that one import request stays well inside NetBox's recommended 120 s
# worker timeout (gunicorn ``timeout = 120``). Measured on NetBox 4.6.8 (tests/netbox_server.py,
# 2-core machine under load): a cable row takes 0.10-0.21 s (100-row parts of the GB200 cables
# took 10-21 s), a device row up to 0.7 s (a GB200 compute tray creates ~100 components);
# 200 cable rows and 50 device rows stay under 45 s at the slowest rate seen.
ROW_LIMIT = 200
DEVICE_ROW_LIMIT = 50


@dataclass
class NetBoxTables:
    """What the plan is in NetBox: the rows of each import table (``stem`` -> rows, in import
    order, the columns of NetBox's CSV import) and the device types (slug -> YAML data)."""

    site: str
    tables: list[tuple[str, list[str], list[dict[str, Any]]]]
    types: dict[str, _TypeExport]
    unknown: set[str]
    plan_data: dict[str, Any] = field(default_factory=dict)  # what NetBox has no field for (plan_data())

    def rows(self, stem: str) -> list[dict[str, Any]]:
        return next(rows for s, _h, rows in self.tables if s.endswith(stem))


def export_netbox(plan: Plan, catalog: Catalog | None, out_dir: str | Path, *, site_name: str | None = None,
                  row_limit: int = ROW_LIMIT, result: Results | None = None) -> list[Path]:
    """Write the plan as NetBox bulk-import files into ``out_dir`` (created if needed);
    returns the files written, in import order.

    ``site_name`` overrides the plan's site name (two plans side by side in one NetBox);
    a CSV of more than ``row_limit`` rows is split into ``NN-name-001.csv``, ``-002`` ...
    ``result`` is the engine's result of the plan (computed when not given): the PSU cords the
    engine spreads over the PDUs are exported with the outlets it chose."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nt = netbox_tables(plan, catalog, site_name=site_name, result=result)
    files: list[tuple[Path, bytes]] = []
    for stem, header, rows in nt.tables:
        limit = min(row_limit, DEVICE_ROW_LIMIT) if stem == "09-devices" else row_limit
        files += [(out / name, _csv(header, chunk)) for name, chunk in _chunks(stem, rows, limit)]
        if stem == "01-manufacturers":
            for slug, t in sorted(nt.types.items()):
                folder = re.sub(r"[\x00-\x1f/\\:*?\"<>|]+", "-", t.data["manufacturer"]).strip(" .") or "Unknown"
                files.append((out / "device-types" / folder / f"{slug}.yaml", _device_type_yaml(t)))
    order = [p.relative_to(out).as_posix() for p, _d in files]
    files.append((out / "README.txt", _readme(nt.site, order).encode("utf-8")))
    if nt.unknown:
        files.append((out / "NOT-EXPORTED.txt", ("Device types not in the catalog (their devices are in "
                                                  "09-devices.csv with the slug as device_type; add the type "
                                                  "to NetBox by hand):\n" + "\n".join(sorted(nt.unknown)) + "\n")
                      .encode("utf-8")))
    for path, _data in files:
        path.parent.mkdir(parents=True, exist_ok=True)
    return atomic_write_files(files)  # all of them or none


def netbox_tables(plan: Plan, catalog: Catalog | None, *, site_name: str | None = None,
                  result: Results | None = None) -> NetBoxTables:
    """The plan as NetBox objects (see :func:`export_netbox`); ``rackwright netbox push`` sends
    the same rows through the REST API."""
    site = (site_name or plan.site.name or "Site").strip()[:100] or "Site"
    idx = plan.index
    site = (site_name or plan.site.name or "Site").strip()[:100] or "Site"
    site_slug = slugify(site)
    names = _unique_names(plan, catalog)
    types: dict[str, _TypeExport] = {}
    unknown: set[str] = set()

    def type_of(slug: str) -> _TypeExport | None:
        if slug not in types:
            dev = catalog.get("device-types", slug) if catalog is not None else None
            if dev is None:
                unknown.add(slug)
                return None
            types[slug] = _TypeExport(dev)
            if dev.kind == "switch":
                _add_breakout_lanes(types[slug])
        return types[slug]

    # ---- sites, locations, racks, devices
    locations, racks, devices = [], [], []
    rack_types: dict[str, dict[str, Any]] = {}
    for room in plan.site.rooms:
        locations.append({"site": site, "name": room.name, "slug": slugify(f"{room.id}-{room.name}"),
                          "status": "planned", "description": f"{room.width_m:g} m x {room.depth_m:g} m"})
        for row in room.rows:
            airflow = "front-to-rear" if row.cold_aisle_side == "front" else "rear-to-front"
            for pos, rack in enumerate(row.racks, start=1):
                rt = catalog.get("rack-types", rack.rack_type) if catalog is not None else None
                cool = plan.effective_cooling(rack)
                cooling = cooling_method_name(cool.method)
                if cool.unit:
                    cooling += f" ({cool.unit})"
                if cool.loop:
                    cooling += f", loop {cool.loop}"
                r = {"site": site, "location": room.name, "name": rack.name, "status": "planned",
                     "facility_id": f"{row.name}/{pos:02d}", "airflow": airflow,
                     "comments": f"{_row_words(row.name)}, position {pos}. Cooling: {cooling}. Rack type {rack.rack_type}.",
                     "width": 19, "u_height": 42, "form_factor": "4-post-cabinet"}
                if rt is not None:
                    rack_types.setdefault(rt.slug, _rack_type_row(rt))
                    r["rack_type"] = rt.model
                    r.update({"width": rt.width, "u_height": rt.u_height, "form_factor": rt.form_factor,
                              "desc_units": rt.desc_units, "outer_width": rt.outer_width,
                              "outer_depth": rt.outer_depth, "outer_unit": rt.outer_unit,
                              "mounting_depth": rt.mounting_depth, "weight": rt.weight,
                              "max_weight": int(rt.max_weight) if rt.max_weight is not None else None,
                              "weight_unit": rt.weight_unit if (rt.weight is not None or rt.max_weight is not None)
                              else None})
                racks.append(r)
                for p in rack.placements:
                    t = type_of(p.device)
                    dev = catalog.get("device-types", p.device) if catalog is not None else None
                    devices.append({
                        "name": names[p.id], "role": ROLE_COLORS.get(dev.kind if dev else "other",
                                                                     ROLE_COLORS["other"])[0],
                        "manufacturer": t.data["manufacturer"] if t else "", "device_type": t.data["model"] if t else
                        p.device, "status": "planned", "site": site, "location": room.name, "rack": rack.name,
                        "position": p.u if p.u is not None else None,
                        "face": p.face if p.u is not None else None,
                        "asset_tag": p.asset_tag or None, "serial": p.serial,
                        "comments": f"Rackwright placement {p.id}" + (f", 0U {p.side} side" if p.u is None else ""),
                    })

    # ---- power panels and feeds
    panels: dict[str, dict[str, Any]] = {}
    first_room = plan.site.rooms[0].name if plan.site.rooms else None
    for src in plan.power_sources:
        panels[src.id] = {"site": site, "location": first_room, "name": src.name,
                          "description": f"{src.kind}, {src.capacity_kw:g} kW"}
    feed_pdus: dict[str, list[tuple[str, str]]] = defaultdict(list)  # feed id -> [(pdu name, rack name)]
    for room in plan.site.rooms:
        for row in room.rows:
            for rack in row.racks:
                for p in rack.placements:
                    if p.feed:
                        feed_pdus[p.feed].append((names[p.id], rack.name))
    feeds = []
    for f in plan.feeds:
        if f.upstream and f.upstream in panels:
            panel = panels[f.upstream]["name"]
        else:
            panel = f"Panel {f.side}"
            panels.setdefault(f"side-{f.side}", {"site": site, "location": first_room, "name": panel,
                                                 "description": f"feeds of side {f.side} (no source in the plan)"})
        pdus = feed_pdus.get(f.id, [])
        feeds.append({"site": site, "power_panel": panel, "rack": pdus[0][1] if pdus else None,
                      "location": first_room if pdus else None, "name": f.name, "status": "planned",
                      "type": "primary" if f.side == "A" else "redundant", "supply": "ac",
                      "phase": "three-phase" if f.phases == 3 else "single-phase", "voltage": int(round(f.voltage_v)),
                      "amperage": int(round(f.breaker_a)), "max_utilization": 80,
                      "description": (f"feeds {', '.join(n for n, _r in pdus)}" if pdus else "")
                      + (f"; source: {f.source}" if f.source else "")})
    # a feed's rack must be in its location: keep the location of that rack
    rack_room = {r["name"]: r["location"] for r in racks}
    for fe in feeds:
        if fe["rack"]:
            fe["location"] = rack_room.get(fe["rack"])

    # ---- data cables: every termination must exist in the exported device type
    cables = []
    for lk in plan.links:
        ends = []
        for ep in (lk.a, lk.b):
            end = idx.placements.get(ep.placement)
            if end is None:
                break
            t = type_of(end.device)
            if t is not None:
                _ensure_interface(catalog, t, end.device, ep.port, plan, lk)
            ends.append((names[end.id], ep.port))
        if len(ends) != 2:
            continue
        cab = catalog.get("cables", lk.cable) if catalog is not None and lk.cable else None
        ctype = None
        if cab is not None:
            ctype = _FIBRE.get((cab.fibre_type or "").lower()) or CABLE_TYPES.get(cab.kind)
        fabric = next((fb.name for fb in plan.fabrics if fb.id == lk.fabric), lk.fabric)
        cables.append({"side_a_site": site, "side_a_device": ends[0][0], "side_a_type": "dcim.interface",
                       "side_a_name": ends[0][1], "side_b_site": site, "side_b_device": ends[1][0], "side_b_type": "dcim.interface", "side_b_name": ends[1][1],
                       "type": ctype, "status": "planned", "label": lk.label[:100] or lk.id,
                       "length": lk.length_m, "length_unit": "m" if lk.length_m is not None else None,
                       "description": f"{fabric}" + (f", {lk.cable}" if lk.cable else "")})

    # ---- power cords: device power port -> PDU outlet, where the plan pins them or the engine spreads them
    if result is None and catalog is not None:
        from planner.engine import Engine

        result = Engine(catalog).compute(plan)
    power_cables = []
    for room in plan.site.rooms:
        for row in room.rows:
            for rack in row.racks:
                rres = result.racks.get(rack.id) if result is not None else None
                for p in rack.placements:
                    t = type_of(p.device)
                    if t is None:
                        continue
                    cords: list[tuple[str, int]] = [(c.pdu, c.outlet) for c in rres.cords.get(p.id, ())] \
                        if rres is not None else [(c.pdu, c.outlet) for c in p.power if c.outlet is not None]
                    for i, (pdu_id, outlet_no) in enumerate(cords):
                        pdu = idx.placements.get(pdu_id)
                        pt = type_of(pdu.device) if pdu is not None else None
                        if pdu is None or pt is None:
                            continue
                        port = t.component_name("power-ports", i, f"PSU{i + 1}")
                        t.ensure("power-ports", port, type=t.first_type("power-ports", "iec-60320-c20"))
                        outlet = pt.component_name("power-outlets", outlet_no - 1, f"outlet{outlet_no}")
                        pt.ensure("power-outlets", outlet, type=pt.first_type("power-outlets", "iec-60320-c19"))
                        power_cables.append({
                            "side_a_site": site, "side_a_device": names[p.id], "side_a_type": "dcim.powerport",
                            "side_a_name": port, "side_b_site": site, "side_b_device": names[pdu.id],
                            "side_b_type": "dcim.poweroutlet", "side_b_name": outlet, "type": "power",
                            "status": "planned", "label": f"{names[p.id]} {port}"[:100]})

    # ---- feed -> PDU inlet (cable import takes power-feed terminations by panel since NetBox 4.5.8)
    feed_cables = []
    feed_panel = {f["name"]: f["power_panel"] for f in feeds}
    feed_name = {f.id: f.name for f in plan.feeds}
    for room in plan.site.rooms:
        for row in room.rows:
            for rack in row.racks:
                for p in rack.placements:
                    if not p.feed or p.feed not in feed_name:
                        continue
                    pt = type_of(p.device)
                    if pt is None:
                        continue
                    inlet = pt.component_name("power-ports", 0, "inlet")
                    pt.ensure("power-ports", inlet, type=pt.first_type("power-ports", "iec-60309-3p-n-e-6h"))
                    fname = feed_name[p.feed]
                    feed_cables.append({
                        "side_a_site": site, "side_a_power_panel": feed_panel[fname], "side_a_type": "dcim.powerfeed",
                        "side_a_name": fname, "side_b_site": site, "side_b_device": names[p.id],
                        "side_b_type": "dcim.powerport", "side_b_name": inlet, "type": "power", "status": "planned",
                        "label": f"{fname} {names[p.id]}"[:100]})
    # a feed takes one cable: a second PDU on the same feed keeps the feed's description only
    seen_feeds: set[tuple[str, str]] = set()
    one_each = []
    for c in feed_cables:
        key = (c["side_a_power_panel"], c["side_a_name"])
        if key not in seen_feeds:
            seen_feeds.add(key)
            one_each.append(c)
    feed_cables = one_each

    # ---- write
    manufacturers = sorted({t.data["manufacturer"] for t in types.values()})
    manufacturers_extra: set[str] = set()
    roles = {ROLE_COLORS.get(t.kind, ROLE_COLORS["other"]) for t in types.values()}
    if unknown:
        roles.add(ROLE_COLORS["other"])
    for rt_row in rack_types.values():
        manufacturers_extra.add(rt_row["manufacturer"])
    manufacturers = sorted(set(manufacturers) | manufacturers_extra)
    tables: list[tuple[str, list[str], list[dict[str, Any]]]] = [
        ("01-manufacturers", ["name", "slug"], [{"name": m, "slug": slugify(m)} for m in manufacturers]),
        ("02-device-roles", ["name", "slug", "color"],
         [{"name": n, "slug": slugify(n), "color": c} for n, c in sorted(roles)]),
        ("03-sites", ["name", "slug", "status", "description"],
         [{"name": site, "slug": site_slug, "status": "planned", "description": _site_description(plan)}]),
        ("04-locations", ["site", "name", "slug", "status", "description"], locations),
        ("05-rack-types", _RACK_TYPE_COLUMNS, list(rack_types.values())),
        ("06-racks", ["site", "location", "name", "facility_id", "status", "rack_type", "form_factor", "width",
                      "u_height", "desc_units", "outer_width", "outer_depth", "outer_unit", "mounting_depth",
                      "airflow", "weight", "max_weight", "weight_unit", "comments"], racks),
        ("07-power-panels", ["site", "location", "name", "description"], list(panels.values())),
        ("08-power-feeds", ["site", "power_panel", "location", "rack", "name", "status", "type", "supply", "phase",
                            "voltage", "amperage", "max_utilization", "description"], feeds),
        ("09-devices", ["name", "role", "manufacturer", "device_type", "status", "site", "location", "rack",
                        "position", "face", "asset_tag", "serial", "comments"], devices),
        ("10-cables", _CABLE_COLUMNS, cables),
        ("11-power-cables", _CABLE_COLUMNS, power_cables),
        ("12-feed-cables", _FEED_CABLE_COLUMNS, feed_cables),
    ]
    return NetBoxTables(site, tables, types, unknown, plan_data(plan, panels, feed_panel))


_CABLE_COLUMNS = ["side_a_site", "side_a_device", "side_a_type", "side_a_name", "side_b_site", "side_b_device",
                  "side_b_type", "side_b_name", "type", "status", "label", "length", "length_unit", "description"]
_FEED_CABLE_COLUMNS = ["side_a_site", "side_a_power_panel", "side_a_type", "side_a_name", "side_b_site",
                       "side_b_device", "side_b_type", "side_b_name", "type", "status", "label"]
_RACK_TYPE_COLUMNS = ["manufacturer", "model", "slug", "form_factor", "width", "u_height", "starting_unit",
                      "desc_units", "outer_width", "outer_height", "outer_depth", "outer_unit", "mounting_depth",
                      "weight", "max_weight", "weight_unit", "description", "comments"]


PLAN_DATA_VERSION = 1
# economics of the plan's metadata that the check's totals use (facility power, energy, opex)
_METADATA_KEYS = ("currency", "electricity_price_per_kwh", "pue", "utilisation", "site_region", "years_of_use",
                  "support_fraction_per_year", "colocation_price_per_kw_month")


def plan_data(plan: Plan, panels: dict[str, dict[str, Any]], feed_panel: dict[str, str]) -> dict[str, Any]:
    """What the plan holds that NetBox has no field for, for ``rackwright netbox pull`` (the push
    writes it into the site's comments, :func:`planner.netbox.api.site_comments`): the rooms'
    size and floor, the rows' place on it, the cooling of rows and racks and the cooling loops, the fabrics (technology, speed: a cable's
    description names only its fabric), the power sources behind the panels, the feeds' side,
    power factor and derating, and the metadata's economics. Keys are NetBox's names (a row by
    location and row name, a rack by name, a feed by panel and name); only what differs from
    the defaults is written. Never the notes, internal notes, prices or the customer's logo."""
    def dump(m: Any) -> dict[str, Any]:
        return m.model_dump(mode="json", exclude_defaults=True)

    rooms: dict[str, Any] = {}
    rows: dict[str, Any] = {}
    racks: dict[str, Any] = {}
    for room in plan.site.rooms:
        bits = {k: v for k, v in dump(room).items() if k not in ("id", "name", "rows")}
        if bits:
            rooms[room.name] = bits
        for row in room.rows:
            bits = {k: v for k, v in dump(row).items() if k not in ("id", "name", "racks")}
            if bits:
                rows[f"{room.name}/{row.name}"] = bits
            for rack in row.racks:
                bits = {k: v for k, v in dump(rack).items() if k in ("cooling", "gap_before_m")}
                if bits:
                    racks[rack.name] = bits
    feeds = {}
    for f in plan.feeds:
        panel = feed_panel.get(f.name)
        if panel is None:
            continue
        feeds[f"{panel}/{f.name}"] = {"id": f.id, "side": f.side} | {
            k: v for k, v in dump(f).items() if k in ("power_factor", "continuous_derating", "upstream")}
    sources = [dump(s) | {"panel": panels[s.id]["name"]} for s in plan.power_sources if s.id in panels]
    meta = {k: v for k, v in dump(plan.metadata).items() if k in _METADATA_KEYS}
    out: dict[str, Any] = {"v": PLAN_DATA_VERSION}
    for key, value in (("metadata", meta), ("fabrics", [dump(fb) | {"id": fb.id, "name": fb.name}
                                                       for fb in plan.fabrics]),
                       ("cooling_loops", [dump(lp) | {"id": lp.id, "name": lp.name} for lp in plan.cooling_loops]),
                       ("power_sources", sources), ("rooms", rooms), ("rows", rows), ("racks", racks),
                       ("feeds", feeds)):
        if value:
            out[key] = value
    return out


def _rack_type_row(rt: Any) -> dict[str, Any]:
    """A catalog rack type as a row of NetBox's rack-type import (Racks > Rack Types > Import)."""
    has_weight = rt.weight is not None or rt.max_weight is not None
    return {"manufacturer": rt.manufacturer, "model": rt.model, "slug": rt.slug, "form_factor": rt.form_factor,
            "width": rt.width, "u_height": rt.u_height, "starting_unit": rt.starting_unit,
            "desc_units": rt.desc_units, "outer_width": rt.outer_width, "outer_height": rt.outer_height,
            "outer_depth": rt.outer_depth, "outer_unit": rt.outer_unit, "mounting_depth": rt.mounting_depth,
            "weight": rt.weight, "max_weight": int(rt.max_weight) if rt.max_weight is not None else None,
            "weight_unit": rt.weight_unit if has_weight else None, "description": (rt.description or "")[:200],
            "comments": f"Rackwright catalog rack type {rt.slug}"}


def _chunks(stem: str, rows: list[dict[str, Any]], limit: int) -> list[tuple[str, list[dict[str, Any]]]]:
    """``stem.csv``, or ``stem-001.csv``, ``stem-002.csv`` ... of at most ``limit`` rows each."""
    if len(rows) <= limit or limit < 1:
        return [(f"{stem}.csv", rows)]
    return [(f"{stem}-{i // limit + 1:03d}.csv", rows[i:i + limit]) for i in range(0, len(rows), limit)]


def _readme(site: str, names: list[str]) -> str:
    lines = [f"NetBox bulk-import files of site {site!r}, written by Rackwright.",
             "Import them in this order (each on its object list: Import, format CSV; the device types",
             "on Devices > Device Types > Import, format YAML, one file at a time or with the",
             "devicetype-library importer):", ""]
    for n in names:
        lines.append(f"  {n}")
    return "\n".join(lines) + "\n"


def _site_description(plan: Plan) -> str:
    m = plan.metadata
    bits = [b for b in (m.customer, m.project) if b]
    return " - ".join(bits) + (f" (revision {m.revision})" if m.revision and bits else "")


def _ensure_interface(catalog: Catalog | None, t: _TypeExport, slug: str, name: str, plan: Plan, lk: Link) -> None:
    """Add ``name`` to the exported type unless it is already one of its interfaces."""
    if name in t._names("interfaces"):
        return
    fabric = next((fb for fb in plan.fabrics if fb.id == lk.fabric), None)
    ib = fabric is not None and fabric.technology == "infiniband"
    speed = fabric.speed_gbps if fabric is not None else 0.0
    port = port_lookup(catalog, slug, name, speed or None)
    if port is not None and port.parent is not None:
        parent = next((i for i in t.data.get("interfaces", []) if i["name"] == port.parent), None)
        ptype = parent["type"] if parent else interface_type(port.speed_gbps, port.connector, ib)
        lane = name[len(port.parent) + 1:] if name.startswith(port.parent + "s") else "?"
        t.ensure("interfaces", name, type=ptype,
                 description=f"breakout lane {lane} of cage {port.parent} ({port.speed_gbps:g} Gb/s)")
        return
    if port is not None:
        t.ensure("interfaces", name, type=interface_type(port.speed_gbps, port.connector, ib),
                 mgmt_only=port.role == "management",
                 description=f"{port.role} port ({port.speed_gbps:g} Gb/s), named by Rackwright")
        return
    t.ensure("interfaces", name, type=interface_type(speed, "", ib),
             description="port named in the plan, not in the catalog device type")


BREAKOUT_MIN_GBPS = 200  # cages this fast are twin-port (2 x NDR200, 2 x 400G): their lanes are exported


def _add_breakout_lanes(t: _TypeExport) -> None:
    """The 2-way breakout lanes (``<cage>s0``, ``<cage>s1``) of every data cage of a switch of at
    least :data:`BREAKOUT_MIN_GBPS`, whether this plan splits the cage or not: a device type's
    exported interfaces are then the same for every plan (a QM9700 of one plan with lanes and of
    another without would collide in one NetBox)."""
    from planner.fabric.ports import interface_speed_gbps

    for iface in list(t.data.get("interfaces", [])):
        speed = interface_speed_gbps(iface.get("type"))
        if iface.get("mgmt_only") or not speed or speed < BREAKOUT_MIN_GBPS:
            continue
        for lane in range(2):
            t.ensure("interfaces", f"{iface['name']}s{lane}", type=iface["type"],
                     description=f"breakout lane {lane} of cage {iface['name']} ({speed / 2:g} Gb/s)")


def _row_words(name: str) -> str:
    """'Row A' for a row called 'A' or 'Row A'."""
    return name if name.lower().startswith("row") else f"Row {name}"
