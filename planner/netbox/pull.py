"""A live NetBox site back as a plan (``rackwright netbox pull``; needs ``pynetbox``).

:func:`pull_site` reads the site through the REST API:

- its racks (with their rack types), devices (at their U and face) and device types, turned
  into a plan by brownfield's own reading (:func:`planner.netbox.site.import_site`: the same
  matching and the same lines for what is left out);
- its power feeds (panel, voltage, phase, amperage; side A for a primary feed, B for a
  redundant one) and the PDU each feed is cabled to (or named in the feed's description, as
  the push writes a second PDU on one feed);
- its cables: interface to interface as the plan's links (both ends, label, length, the
  fabric and catalog cable the description names), PSU to PDU outlet as the placement's power
  cords (pinned to the outlets NetBox has);
- what NetBox has no field for (the cooling of rows and racks, the cooling loops, the fabrics'
  technology and speed, the power sources, the feeds' side and power factor, the economics of
  the metadata) from the plan data a push wrote into the site's comments
  (:func:`planner.netbox.api.site_comments`). A site without it (imported from the files,
  or entered by hand) gets the defaults, and :attr:`SiteImport.notices` says so.

A device's placement id comes back from its comments (``Rackwright placement gpu-1``, as the
push writes them), so the pulled plan's ids match the pushed plan's.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from planner.i18n import tf, tmsg
from planner.netbox.export import slugify

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.plan import Placement, Plan
    from planner.netbox.site import SiteImport

MAX_PLAN_DATA_CHARS = 5_000_000  # a site's comments longer than this hold no plan data Rackwright wrote
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$")  # planner.model.plan's Id


def plan_data_of(comments: str) -> tuple[dict[str, Any] | None, str | None]:
    """The plan data in a site's comments, and what is wrong with it (None, None: there is none)."""
    from planner.netbox.api import PLAN_DATA

    text = comments or ""
    at = text.find(PLAN_DATA)
    if at < 0:
        return None, None
    if len(text) > MAX_PLAN_DATA_CHARS:
        return None, tmsg("the site's comments are over {n:,} characters; their plan data is not read",
                          n=MAX_PLAN_DATA_CHARS)
    line = text[at + len(PLAN_DATA):].split("\n", 1)[0].strip()
    try:
        data = json.loads(line)
    except ValueError as e:
        return None, tmsg("the plan data in the site's comments is not JSON ({error}); not read", error=str(e)[:80])
    if not isinstance(data, dict) or data.get("v") != 1:
        return None, tmsg("the plan data in the site's comments is of an unknown version; not read")
    return data, None


def _items(api_list: Any) -> list[Any]:
    return list(api_list)


def _number_in(name: str) -> int | None:
    m = re.search(r"(\d+)\s*$", name or "")
    return int(m.group(1)) if m else None


def pull_site(api: Any, site: str, catalog: Catalog) -> SiteImport:
    """A new plan from the live site ``site``; see the module doc."""
    import csv
    import tempfile
    from pathlib import Path

    from planner.netbox.api import NetBoxError, _value
    from planner.netbox.site import import_site

    d = api.dcim
    found = list(d.sites.filter(name=site))
    if not found:
        raise NetBoxError(tf("site {site!r} is not in NetBox", site=site))
    sid = found[0].id
    devices = _items(d.devices.filter(site_id=sid, limit=1000))
    with tempfile.TemporaryDirectory(prefix="rw-pull-") as tmp:
        racks_f, devs_f, types_f = Path(tmp) / "racks.csv", Path(tmp) / "devices.csv", Path(tmp) / "types.csv"
        with racks_f.open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["name", "site", "location", "facility_id", "u_height", "rack_type"])
            for r in d.racks.filter(site_id=sid, limit=1000):
                w.writerow([r.name, site, r.location.name if r.location else "", r.facility_id or "", r.u_height,
                            r.rack_type.model if r.rack_type else ""])
        slugs = {}
        with devs_f.open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["name", "site", "rack", "position", "face", "manufacturer", "device_type", "serial",
                        "asset_tag"])
            for dev in devices:
                dt = dev.device_type
                slugs[(dt.manufacturer.name, dt.model)] = dt.slug
                w.writerow([dev.name or "", site, dev.rack.name if dev.rack else "",
                            "" if dev.position is None else dev.position, _value(dev.face) or "",
                            dt.manufacturer.name, dt.model, dev.serial or "", dev.asset_tag or ""])
        with types_f.open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["manufacturer", "model", "slug"])
            for (m, model), slug in sorted(slugs.items()):
                w.writerow([m, model, slug])
        result = import_site(racks_f, devs_f, catalog, types_f, site=site)

    data, trouble = plan_data_of(found[0].comments or "")
    if trouble:
        result.notices.append(trouble)
    data = data or {}
    plan = result.plan
    by_name = _placements_by_device(plan, devices, result)
    _cooling_and_fabrics(plan, data, result)
    feeds = _items(d.power_feeds.filter(site_id=sid, limit=1000))
    cables = _items(d.cables.filter(site_id=sid, limit=1000))
    _feeds(plan, data, feeds, by_name, result)
    _cables(plan, catalog, data, cables, by_name, result)
    if not data:
        result.notices.append(tmsg(
            "the site's comments hold no plan data from a Rackwright push: every rack is air-cooled, there are no "
            "cooling loops, the fabrics' technology and speed are guessed and every redundant feed is side B; set "
            "them in the plan"))
    plan.metadata.notes = tf("Started from the NetBox site {site!r} (rackwright netbox pull).", site=site)
    plan.reindex()
    return result


def _placements_by_device(plan: Plan, devices: list[Any], result: SiteImport) -> dict[str, Placement]:
    """NetBox device name -> the placement it became; placement ids and 0U sides from the
    device's comments where the push wrote them."""
    by_name: dict[str, Placement] = {}
    for rack in plan.racks():
        for p in rack.placements:
            if p.name:
                by_name.setdefault(p.name, p)
    used = {p.id for rack in plan.racks() for p in rack.placements}
    for dev in devices:
        got = by_name.get(dev.name or "")
        if got is None:
            continue
        p = got
        m = re.match(r"^Rackwright placement (\S+?)(?:, 0U (left|right) side)?$", (dev.comments or "").strip())
        if m is None:
            continue
        pid, side = m.group(1), m.group(2)
        if _ID.match(pid) and pid not in used:
            used.discard(p.id)
            used.add(pid)
            p.id = pid
        if side and p.u is None:
            p.side = side  # type: ignore[assignment]
    return by_name


def _model(cls: Any, raw: Any, what: str, result: SiteImport) -> Any:
    try:
        return cls.model_validate(raw)
    except ValidationError as e:
        err = e.errors()[0]
        result.notices.append(tmsg("plan data in the site's comments: {what}: {field}: {error}; left out", what=what,
                                   field=".".join(str(x) for x in err["loc"]) or "-", error=err["msg"]))
        return None


def _cooling_and_fabrics(plan: Plan, data: dict[str, Any], result: SiteImport) -> None:
    from planner.model.plan import CoolingLoop, Fabric, Metadata, PowerSource

    meta = data.get("metadata") or {}
    if isinstance(meta, dict) and meta:
        m = _model(Metadata, plan.metadata.model_dump(mode="json") | meta, "metadata", result)
        if m is not None:
            plan.metadata = m
    for raw in data.get("cooling_loops") or []:
        lp = _model(CoolingLoop, raw, tf("cooling loop {name}", name=str(raw.get("name", "?"))
                                         if isinstance(raw, dict) else "?"), result)
        if lp is not None:
            plan.cooling_loops.append(lp)
    for raw in data.get("fabrics") or []:
        fb = _model(Fabric, raw, tf("fabric {name}", name=str(raw.get("name", "?")) if isinstance(raw, dict)
                                    else "?"), result)
        if fb is not None:
            plan.fabrics.append(fb)
    for raw in data.get("power_sources") or []:
        if isinstance(raw, dict):
            src = _model(PowerSource, {k: v for k, v in raw.items() if k != "panel"}, tf(
                "power source {name}", name=str(raw.get("name", "?"))), result)
            if src is not None:
                plan.power_sources.append(src)
    from planner.model.plan import Rack, Room, Row

    rooms: dict[str, Any] = data["rooms"] if isinstance(data.get("rooms"), dict) else {}
    rows: dict[str, Any] = data["rows"] if isinstance(data.get("rows"), dict) else {}
    racks: dict[str, Any] = data["racks"] if isinstance(data.get("racks"), dict) else {}

    def merged(cls: Any, obj: Any, bits: Any, what: str) -> None:
        """Set ``obj``'s fields from ``bits`` (checked as a whole ``cls``)."""
        if not isinstance(bits, dict) or not bits:
            return
        keep = {"rows", "racks", "placements"}
        base = obj.model_dump(mode="json", exclude=keep)
        m = _model(cls, base | {k: v for k, v in bits.items() if k not in keep}, what, result)
        if m is not None:
            for k in bits:
                if k in type(obj).model_fields and k not in keep:
                    setattr(obj, k, getattr(m, k))

    for room in plan.site.rooms:
        merged(Room, room, rooms.get(room.name), room.name)
        for row in room.rows:
            merged(Row, row, rows.get(f"{room.name}/{row.name}"), row.name)
            for rack in row.racks:
                merged(Rack, rack, racks.get(rack.name), rack.name)
    loops = {lp.id for lp in plan.cooling_loops}
    for rack in plan.racks():
        if rack.cooling is not None and rack.cooling.loop and rack.cooling.loop not in loops:
            rack.cooling.loop = None


def _feeds(plan: Plan, data: dict[str, Any], feeds: list[Any], by_name: dict[str, Placement],
           result: SiteImport) -> None:
    """The site's power feeds, and each PDU's feed (its feed cable, or named in the feed's
    description)."""
    from planner.model.plan import PowerFeed

    extra: dict[str, Any] = data["feeds"] if isinstance(data.get("feeds"), dict) else {}
    source_ids = {s.id for s in plan.power_sources}
    used: set[str] = set()
    for f in sorted(feeds, key=lambda f: f.id):
        panel = f.power_panel.name if f.power_panel else ""
        more = extra.get(f"{panel}/{f.name}") or {}
        ftype = str(getattr(f.type, "value", f.type) or "primary")
        phase = str(getattr(f.phase, "value", f.phase) or "three-phase")
        desc = f.description or ""
        source = desc.split("; source: ", 1)[1] if "; source: " in desc else ""
        fid = str(more.get("id") or "")
        if not _ID.match(fid) or fid in used:
            fid = f"feed-{slugify(panel)}-{slugify(f.name)}"[:64]
            while fid in used:
                fid = fid[:60] + f"-{len(used)}"
        used.add(fid)
        raw = {"id": fid, "name": f.name, "side": more.get("side") or ("A" if ftype == "primary" else "B"),
               "voltage_v": float(f.voltage or 415), "phases": 1 if phase == "single-phase" else 3,
               "breaker_a": float(f.amperage or 32), "source": source[:200]}
        raw |= {k: more[k] for k in ("power_factor", "continuous_derating") if k in more}
        if more.get("upstream") in source_ids:
            raw["upstream"] = more["upstream"]
        feed = _model(PowerFeed, raw, tf("feed {name}", name=f.name), result)
        if feed is None:
            continue
        plan.feeds.append(feed)
        pdus: list[str] = []
        for peer in getattr(f, "link_peers", None) or []:
            dev = getattr(peer, "device", None)
            if dev is not None and getattr(dev, "name", None):
                pdus.append(dev.name)
        if desc.startswith("feeds "):
            pdus += [n for n in desc[len("feeds "):].split("; source: ", 1)[0].split(", ") if n]
        for name in pdus:
            p = by_name.get(name)
            if p is not None and p.feed is None:
                p.feed = feed.id


def _cables(plan: Plan, catalog: Catalog, data: dict[str, Any], cables: list[Any], by_name: dict[str, Placement],
            result: SiteImport) -> None:
    """Interface cables as links, PSU -> outlet cords as the placements' power connections."""
    from planner.model.plan import Endpoint, Fabric, Link, PowerConnection

    fabric_by_name = {fb.name: fb for fb in plan.fabrics}
    cords: dict[str, list[tuple[int, str, int | None]]] = defaultdict(list)  # placement id -> (port no, pdu, outlet)
    guessed: set[str] = set()
    left_out = 0

    def end(t: Any) -> tuple[str, Placement | None, str]:
        obj = getattr(t, "object", None)
        dev = getattr(obj, "device", None)
        return str(getattr(t, "object_type", "")), by_name.get(getattr(dev, "name", "") or ""), \
            str(getattr(obj, "name", "") or "")

    for c in sorted(cables, key=lambda c: c.id):
        a, b = list(c.a_terminations or []), list(c.b_terminations or [])
        if len(a) != 1 or len(b) != 1:
            left_out += 1
            continue
        (ta, pa, na), (tb, pb, nb) = end(a[0]), end(b[0])
        if "dcim.powerfeed" in (ta, tb):
            continue  # read with the feeds
        if pa is None or pb is None:
            left_out += 1
            continue
        if ta == tb == "dcim.interface":
            desc = c.description or ""
            # "<fabric>, <cable>" (a fabric's name may hold ", " itself)
            fb = next((x for n, x in fabric_by_name.items() if desc == n or desc.startswith(n + ", ")), None)
            if fb is not None:
                fabric_name, cable = fb.name, desc[len(fb.name) + 2:]
            else:
                fabric_name, _sep, cable = desc.rpartition(", ") if ", " in desc else (desc, "", "")
            if fb is None:
                fb = Fabric(id=f"fab-{slugify(fabric_name or 'netbox')}"[:64], name=(fabric_name or "NetBox")[:200])
                plan.fabrics.append(fb)
                fabric_by_name[fabric_name] = fb
                guessed.add(fb.name)
            lid = f"link-{c.id}"
            plan.links.append(Link(
                id=lid, fabric=fb.id, a=Endpoint(placement=pa.id, port=na), b=Endpoint(placement=pb.id, port=nb),
                cable=cable if cable and catalog.get("cables", cable) is not None else None,
                length_m=float(c.length) if c.length is not None and str(_unit(c)) == "m" else None,
                label=(c.label or "")[:200]))
        elif {ta, tb} == {"dcim.powerport", "dcim.poweroutlet"}:
            (dev, port), (pdu, outlet) = ((pa, na), (pb, nb)) if ta == "dcim.powerport" else ((pb, nb), (pa, na))
            cords[dev.id].append((_component_index(catalog, dev.device, "power_ports", port),
                                  pdu.id, _outlet_number(catalog, pdu.device, outlet)))
        else:
            left_out += 1
    placements = {p.id: p for r in plan.racks() for p in r.placements}
    for pid, items in cords.items():
        items.sort(key=lambda t: t[0])
        placements[pid].power = [PowerConnection(pdu=pdu, outlet=outlet) for _i, pdu, outlet in items]
    if left_out:
        result.notices.append(tmsg("{n} cables of the site are not between two of its placed devices' interfaces or "
                                   "power ports; left out", n=left_out))
    if guessed:
        result.notices.append(tmsg("fabrics {names} are named in cable descriptions only; NetBox has no technology "
                                   "or speed for them: InfiniBand at 400 Gb/s assumed; set them in the plan",
                                   names=", ".join(sorted(guessed))))


def _unit(c: Any) -> str:
    u = getattr(c, "length_unit", None)
    return str(getattr(u, "value", u) or "")


def _component_index(catalog: Catalog, slug: str, attr: str, name: str) -> int:
    dev = catalog.get("device-types", slug)
    names = [x.name for x in getattr(dev, attr, [])] if dev is not None else []
    if name in names:
        return names.index(name)
    n = _number_in(name)
    return n - 1 if n is not None else 10_000


def _outlet_number(catalog: Catalog, slug: str, name: str) -> int | None:
    i = _component_index(catalog, slug, "power_outlets", name)
    return i + 1 if i < 10_000 else None
