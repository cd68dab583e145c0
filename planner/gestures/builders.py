"""Builders that turn a user gesture (delete, paste, duplicate, add, drag, nudge, rotate,
reorder) into one planner edit.

Pure Python, no Qt: the main window and the views call these, then push the result on
the document. Positions for pasted and duplicated items are found by dry-running the
edits on the plan (and reverting them), so the placement rules that judge the real
edit also pick the spots.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from planner.fabric.cabling import CableGeometry
from planner.fabric.media import ordered_length
from planner.fabric.wiring import AddLinks, Disconnect
from planner.i18n import N_, Np_, deferred, gettext, tmsg
from planner.model.edits import (
    AddItem,
    AddPlacement,
    AddRack,
    AddRoom,
    AddRow,
    Compound,
    Edit,
    EditRefused,
    MovePlacement,
    RemovePlacement,
    RemoveRack,
    RemoveRoom,
    RemoveRow,
    SetProperty,
)
from planner.model.geometry import row_footprints
from planner.model.naming import Namer, PatternError, letters, rename_names, unique_name
from planner.model.placement import PlacementChecker, device_dims, rack_dims
from planner.model.plan import Endpoint, Link, Placement, Plan, PowerConnection, PowerFeed, Rack, Room, Row

if TYPE_CHECKING:
    from planner.catalog import Catalog

CLIPBOARD_MIME = "application/x-rackwright-items"
DEVICE_MIME = "application/x-rackwright-device"


def _id_prefix(entity_id: str, default: str) -> str:
    m = re.match(r"^(.*?)[-_.]?\d+$", entity_id)
    stem = m.group(1) if m and m.group(1) else default
    return stem


def new_placement(plan: Plan, catalog: Catalog | None, slug: str, u: int | None, face: str = "front",
                  side: str | None = None, name: str = "") -> Placement:
    dev = catalog.get("device-types", slug) if catalog is not None else None
    if dev is not None and dev.u_height <= 0 and u is not None:
        side, u = side or "left", None
    return Placement(id=plan.new_id("dev"), device=slug, name=name, u=u, face=face,
                     side=side if u is None else None)


def add_device_edit(plan: Plan, checker: PlacementChecker[Catalog | None], rack_id: str, slug: str, u: int | None,
                    face: str = "front", namer: Namer | None = None, name: str | None = None) -> AddPlacement:
    """The edit a catalog drop makes: the device named by the plan's pattern for its kind
    (or the default name, planner.model.naming), unless ``name`` is given (a drag's hover check,
    which asks only where the device would go, passes "": naming reads every device
    name, 20-30 ms at 16k GPUs, on every mouse move). A 0U device (PDU) goes on the first
    free side."""
    if rack_id not in plan.index.racks:
        raise EditRefused(tmsg("rack {id!r} does not exist", id=rack_id))
    if name is None:
        namer = namer or Namer(plan, checker.catalog)
        name = namer.device(slug, namer.place_of_rack(rack_id))
    p = new_placement(plan, checker.catalog, slug, u, face, name=name)
    if p.u is None:
        for side in ("left", "right"):
            cand = p.model_copy(update={"side": side})
            if checker.check(plan, rack_id, cand, ignore=cand.id) is None:
                p = cand
                break
    return AddPlacement(rack_id, p, checker)


def delete_edit(plan: Plan, selection: tuple[tuple[str, str], ...], rooms: bool = False) -> Edit | None:
    """One edit deleting the selected devices, racks and rows, and with ``rooms`` the
    selected rooms with their content (the UI asks the user first, so it is off unless
    asked for). Whatever lies inside another selected item is left to it."""
    idx = plan.index
    rooms_sel = [i for k, i in selection if k == "room" and i in idx.rooms] if rooms else []
    return _delete_edit(plan, selection, rooms_sel)


def _delete_edit(plan: Plan, selection: tuple[tuple[str, str], ...], rooms: list[str]) -> Edit | None:
    idx = plan.index
    room_set = set(rooms)
    rows = [i for k, i in selection if k == "row" and i in idx.rows and idx.row_room[i] not in room_set]
    row_set = set(rows)
    racks = [i for k, i in selection if k == "rack" and i in idx.racks and idx.rack_row[i] not in row_set
             and idx.row_room[idx.rack_row[i]] not in room_set]
    rack_set = set(racks)
    devices = [i for k, i in selection if k == "placement" and i in idx.placements
               and idx.placement_rack[i] not in rack_set and idx.rack_row[idx.placement_rack[i]] not in row_set
               and idx.row_room[idx.rack_row[idx.placement_rack[i]]] not in room_set]
    edits: list[Edit] = [RemovePlacement(p) for p in devices] + [RemoveRack(r) for r in racks]
    edits += [RemoveRow(r) for r in rows] + [RemoveRoom(r, with_content=True) for r in rooms]
    if not edits:
        return None
    if len(edits) == 1:
        return edits[0]
    n = len(edits)
    return Compound(edits, deferred(N_("Delete {n} items"), n=n))


def _links_within(plan: Plan, placement_ids: set[str]) -> list[Link]:
    """Links whose both ends are among ``placement_ids`` (the cables a copy takes along)."""
    return [lk for lk in plan.links if lk.a.placement in placement_ids and lk.b.placement in placement_ids]


def _is_pdu(catalog: Catalog | None, p: Placement) -> bool:
    dev = catalog.get("device-types", p.device) if catalog is not None else None
    if dev is None:
        return p.feed is not None  # without the catalog: a placement that hangs on a feed
    return dev.kind == "pdu"


def _side_of(plan: Plan, pdu: Placement, feed_sides: dict[str, str] | None = None) -> str:
    """The feed side a PDU is on ('A', 'B', ...), or '?<id>' on no (known) feed: its own
    failure domain, as the engine counts it."""
    if pdu.feed is not None:
        if feed_sides is not None and pdu.feed in feed_sides:
            return feed_sides[pdu.feed]
        for f in plan.feeds:
            if f.id == pdu.feed:
                return f.side
    return f"?{pdu.id}"


def _pdus_by_side(plan: Plan, catalog: Catalog | None, placements: list[Placement],
                  feed_sides: dict[str, str] | None = None) -> dict[str, list[Placement]]:
    """A rack's PDUs per feed side, each side's in name order (A1 before A2)."""
    out: dict[str, list[Placement]] = {}
    for p in sorted((p for p in placements if _is_pdu(catalog, p)), key=lambda p: (p.name, p.id)):
        out.setdefault(_side_of(plan, p, feed_sides), []).append(p)
    return out


def copy_payload(plan: Plan, selection: tuple[tuple[str, str], ...], catalog: Catalog | None = None) -> dict[str, Any] | None:
    """What Copy puts on the clipboard (JSON-able): whole racks, single devices and the
    links between copied devices (a link with one end outside the copy stays behind).
    For single devices also where their cords went (``pdus``: PDU id -> [feed side, n-th
    PDU of that side in its rack]) and their racks' names, so paste can plug them into the
    target rack's matching PDUs and rename them for it."""
    rack_ids = [i for k, i in selection if k == "rack" and i in plan.index.racks]
    racks = [plan.rack(i).model_dump(mode="json") for i in rack_ids]
    rack_set = set(rack_ids)
    device_ids = [i for k, i in selection if k == "placement" and i in plan.index.placements
                  and plan.index.placement_rack[i] not in rack_set]
    devices = [plan.placement(i).model_dump(mode="json") for i in device_ids]
    if not racks and not devices:
        return None
    copied = set(device_ids) | {p.id for i in rack_ids for p in plan.rack(i).placements}
    # each link's rack at copy time, so paste can tell whether its ends stay together
    links = []
    for lk in _links_within(plan, copied):
        d = lk.model_dump(mode="json")
        d["same_rack"] = plan.index.placement_rack[lk.a.placement] == plan.index.placement_rack[lk.b.placement]
        links.append(d)
    pdus: dict[str, list[str | int]] = {}  # JSON: [feed side, n-th PDU of that side]
    for rid in {plan.index.placement_rack[i] for i in device_ids}:
        for side, lst in _pdus_by_side(plan, catalog, plan.rack(rid).placements).items():
            for k, pdu in enumerate(lst):
                pdus[pdu.id] = [side, k]
    device_racks = {i: plan.rack_of(i).name for i in device_ids}
    return {"format": "rackwright-clipboard", "racks": racks, "placements": devices, "links": links,
            "pdus": pdus, "device_racks": device_racks}


class _Cords:
    """Plugs copied devices into the PDUs of the rack they land in (never the source
    rack's): a cord to the source's k-th PDU of feed side S goes to the target's k-th PDU
    of side S (wrapping round when the target has fewer); a side the target lacks takes
    a side no other cord of the device uses, so A/B stays A/B. The outlet number is kept
    when it is free on the target PDU, else left to the engine (least-loaded phase).
    A device copied without explicit cords stays without (the engine spreads them); a
    target rack without PDUs leaves the cords out (the engine reports POWER_NO_PDU)."""

    def __init__(self, plan: Plan, catalog: Catalog | None) -> None:
        self.plan = plan
        self.catalog = catalog
        self._used: dict[str, set[int]] | None = None

    def used(self) -> dict[str, set[int]]:
        if self._used is None:
            self._used = {}
            for p, _r in self.plan.index.iter_placements():
                for c in p.power:
                    if c.outlet is not None:
                        self._used.setdefault(c.pdu, set()).add(c.outlet)
        return self._used

    def outlets_of(self, pdu: Placement) -> int | None:
        dev = self.catalog.get("device-types", pdu.device) if self.catalog is not None else None
        info = getattr(getattr(dev, "planning", None), "pdu", None)
        return getattr(info, "outlets", None)

    def map(self, cords: list[PowerConnection], source: dict[str, tuple[str, int]],
            target: dict[str, list[Placement]], identity: dict[str, str] | None = None) -> list[PowerConnection]:
        """``cords`` of a source device; ``source``: source PDU id -> (side, n-th of side);
        ``target``: the target rack's PDUs per side; ``identity``: source PDU id -> its copy
        (a PDU copied along keeps its cords)."""
        if not cords or not any(target.values()) and not identity:
            return []
        identity = identity or {}
        sides = sorted(s for s, lst in target.items() if lst)
        out: list[PowerConnection] = []
        used_sides: set[str] = set()
        side_for: dict[str, str] = {}
        for i, c in enumerate(cords):
            if c.pdu in identity:
                out.append(PowerConnection(pdu=identity[c.pdu], outlet=c.outlet))
                self.used().setdefault(identity[c.pdu], set()).update([c.outlet] if c.outlet else [])
                continue
            if not sides:
                continue
            side, k = source.get(c.pdu, (None, i // max(1, len(sides))))
            if side not in target or not target[side]:
                if side is not None and side in side_for:
                    side = side_for[side]
                else:
                    free = [s for s in sides if s not in used_sides]
                    pick = free[0] if free else sides[i % len(sides)]
                    if side is not None:
                        side_for[side] = pick
                    side = pick
            used_sides.add(side)
            lst = target[side]
            pdu = lst[k % len(lst)]
            taken = self.used().setdefault(pdu.id, set())
            outlet = c.outlet
            limit = self.outlets_of(pdu)
            if outlet is not None and (outlet in taken or (limit is not None and outlet > limit)):
                outlet = None
            if outlet is not None:
                taken.add(outlet)
            out.append(PowerConnection(pdu=pdu.id, outlet=outlet))
        return out


def _copy_links(plan: Plan, catalog: Catalog | None, links: list[Link], ids: dict[str, str], keep_length: set[str],
                claimed: set[str]) -> AddLinks | None:
    """Copies of ``links`` between the copied devices (``ids`` maps old to new placement
    ids; the copies must already be in ``plan``): fresh ids, same fabric, ports and cable.
    Lengths of links in ``keep_length`` stay (both ends moved together in one rack); the
    others are routed again from where the copies now stand. Links whose fabric is not
    in ``plan`` (pasted into another plan) are left out."""
    fabrics = {f.id for f in plan.fabrics}
    todo = [lk for lk in links if lk.fabric in fabrics and lk.a.placement in ids and lk.b.placement in ids]
    if not todo:
        return None
    geo: CableGeometry | None = None
    out: list[Link] = []
    for lk in todo:
        a, b = ids[lk.a.placement], ids[lk.b.placement]
        length = lk.length_m
        if lk.id not in keep_length and length is not None:
            if geo is None:
                geo = CableGeometry(plan, catalog)
            route = geo.route_m(a, b)
            cable = catalog.get("cables", lk.cable) if (catalog is not None and lk.cable) else None
            ordered = ordered_length(route, list(cable.lengths_m) if cable is not None else None)
            length = ordered if (ordered is not None and lk.cable) else round(route, 2)
        out.append(lk.model_copy(deep=True, update={
            "id": _fresh_id(plan, _id_prefix(lk.id, "link"), claimed),
            "a": Endpoint(placement=a, port=lk.a.port), "b": Endpoint(placement=b, port=lk.b.port),
            "length_m": length}))
    return AddLinks(out, text=deferred(N_("Copy links")))


def _feed_racks(plan: Plan) -> dict[str, set[str]]:
    """Feed id -> the racks with PDUs on it."""
    out: dict[str, set[str]] = {}
    for p, rid in plan.index.iter_placements():
        if p.feed is not None:
            out.setdefault(p.feed, set()).add(rid)
    return out


class _RackCopier:
    """Copies of racks for paste and Duplicate Rack x N: fresh ids, names from the naming
    patterns (planner.model.naming), PDU cords kept inside the copy, and feeds of their own.

    Feeds (docs/plan-format.md "Copies and feeds"): a feed only the source rack's PDUs hang
    on is that rack's own circuit, so each copy gets a new feed like it (same side,
    voltage, breaker, upstream source; the rack's name in the feed's name and source
    replaced by the copy's, else the next free number) in the same undo step. A feed
    shared with other racks (a busway, a row feed) is shared by the copy too: the engine
    then checks it with the copy's load. A feed nobody uses any more (the rack was cut) is
    taken back by the paste (cut and paste moves the rack). A feed the plan does not have
    (pasted from another plan) leaves the PDU unconnected, which PDU_NO_FEED reports."""

    def __init__(self, plan: Plan, catalog: Catalog | None, claimed: set[str], namer: Namer) -> None:
        self.plan = plan
        self.catalog = catalog
        self.claimed = claimed
        self.namer = namer
        self.cords = _Cords(plan, catalog)
        self.feeds = {f.id: f for f in plan.feeds}
        self.feed_racks = _feed_racks(plan)
        self.new_feeds: list[PowerFeed] = []
        self.feed_sides = {f.id: f.side for f in plan.feeds}

    def _feed_for_copy(self, feed_id: str, src: Rack, new_name: str, made: dict[str, str | None]) -> str | None:
        if feed_id in made:
            return made[feed_id]
        feed = self.feeds.get(feed_id)
        users = self.feed_racks.get(feed_id, set())
        if feed is None:
            out = None
        elif not users:
            out = feed_id
            self.feed_racks[feed_id] = {"(pasted)"}  # the next copy must not take it too
        elif users <= {src.id}:
            old = src.name
            name = (feed.name.replace(old, new_name) if old and old in feed.name
                    else self.namer.next_numbered("feed", feed.name))
            if name in self.namer.taken("feed"):
                name = self.namer.next_numbered("feed", name)
            self.namer.claim("feed", name)
            source = feed.source.replace(old, new_name) if old and old in feed.source else feed.source
            fid = _fresh_id(self.plan, "feed", self.claimed)
            copy = feed.model_copy(deep=True, update={"id": fid, "name": name, "source": source})
            self.new_feeds.append(copy)
            self.feed_sides[fid] = copy.side
            out = fid
        else:
            out = feed_id
        made[feed_id] = out
        return out

    def copy(self, src: Rack, row_id: str, name: str, position: int, ids: dict[str, str] | None = None) -> Rack:
        """A copy of ``src`` named ``name`` for ``row_id``; ``ids`` receives old -> new
        placement ids."""
        ids = {} if ids is None else ids
        for p in src.placements:
            ids[p.id] = _fresh_id(self.plan, _id_prefix(p.id, "dev"), self.claimed)
        place = self.namer.place_in_row(row_id, name)
        made: dict[str, str | None] = {}
        new_pdus: list[Placement] = []
        placements: list[Placement] = []
        for p in src.placements:
            feed = self._feed_for_copy(p.feed, src, name, made) if p.feed is not None else None
            new_name = self.namer.device_copy(p.device, p.name, place, old_rack=src.name)
            q = p.model_copy(deep=True, update={"id": ids[p.id], "name": new_name, "feed": feed, "power": []})
            placements.append(q)
            if _is_pdu(self.catalog, q) or any(c.pdu == p.id for o in src.placements for c in o.power):
                new_pdus.append(q)
        target = _pdus_by_side(self.plan, self.catalog, new_pdus, self.feed_sides)
        source = _source_pdus(self.plan, self.catalog, [c.pdu for p in src.placements for c in p.power
                                                         if c.pdu not in ids])
        for p, q in zip(src.placements, placements):
            q.power = self.cords.map(p.power, source, target, ids)
        rid = _fresh_id(self.plan, _id_prefix(src.id, "rack"), self.claimed)
        return src.model_copy(deep=True, update={"id": rid, "name": name, "position": position,
                                                 "placements": placements})

    def feed_edits(self) -> list[Edit]:
        return [AddItem(f) for f in self.new_feeds]


def _source_pdus(plan: Plan, catalog: Catalog | None, pdu_ids: list[str]) -> dict[str, tuple[str, int]]:
    """PDU id -> (feed side, n-th PDU of that side in its rack) for PDUs in ``plan``."""
    out: dict[str, tuple[str, int]] = {}
    for rid in {plan.index.placement_rack[i] for i in pdu_ids if i in plan.index.placement_rack}:
        for side, lst in _pdus_by_side(plan, catalog, plan.rack(rid).placements).items():
            for k, pdu in enumerate(lst):
                out[pdu.id] = (side, k)
    return out


def _fresh_id(plan: Plan, prefix: str, claimed: set[str]) -> str:
    while True:
        i = plan.new_id(prefix)
        if i not in claimed:
            claimed.add(i)
            return i


def duplicate_rack_edit(plan: Plan, rack_id: str, count: int, catalog: Catalog | None = None) -> Compound:
    """``count`` copies of a rack (devices, cooling, PDU cords, the links between its own
    devices at their lengths; fresh ids; names and feeds as :class:`_RackCopier` makes
    them), appended to its row as one undo step."""
    src = plan.rack(rack_id)
    row = plan.row_of(rack_id)
    pos = max((r.position for r in row.racks), default=0)
    claimed: set[str] = set()
    namer = Namer(plan, catalog)
    copier = _RackCopier(plan, catalog, claimed, namer)
    racks: list[Edit] = []
    name = src.name
    inside = _links_within(plan, {p.id for p in src.placements})
    fabrics = {f.id for f in plan.fabrics}
    links: list[Link] = []
    for _ in range(count):
        name = namer.rack(row.id, after=name)
        pos += 1
        ids: dict[str, str] = {}
        racks.append(AddRack(row.id, copier.copy(src, row.id, name, pos, ids)))
        for lk in inside:
            if lk.fabric in fabrics:
                links.append(lk.model_copy(deep=True, update={
                    "id": _fresh_id(plan, _id_prefix(lk.id, "link"), claimed),
                    "a": Endpoint(placement=ids[lk.a.placement], port=lk.a.port),
                    "b": Endpoint(placement=ids[lk.b.placement], port=lk.b.port)}))
    edits = copier.feed_edits() + racks
    if links:
        edits.append(AddLinks(links, text=deferred(N_("Copy links"))))
    return Compound(edits, deferred(N_("Duplicate {name} x {count}"), name=src.name, count=count))


def _place_device(plan: Plan, checker: PlacementChecker[Catalog | None], rack_id: str, p: Placement) -> Placement | None:
    """``p`` at its own U (or side) in ``rack_id`` if free, else the lowest free U."""
    if checker.check(plan, rack_id, p, ignore=p.id) is None:
        return p
    if p.u is None:
        other = "right" if p.side == "left" else "left"
        cand = p.model_copy(update={"side": other})
        return cand if checker.check(plan, rack_id, cand, ignore=p.id) is None else None
    rd = rack_dims(checker.catalog, plan.rack(rack_id).rack_type)
    height = rd.u_height if rd else 42
    for u in range(1, height + 1):
        cand = p.model_copy(update={"u": u})
        if checker.check(plan, rack_id, cand, ignore=p.id) is None:
            return cand
    return None


def paste_edit(plan: Plan, checker: PlacementChecker[Catalog | None], payload: dict[str, Any], target_rack: str | None,
               target_row: str | None) -> Compound:
    """Paste clipboard racks into ``target_row`` and devices into ``target_rack``, with
    fresh ids and names (planner.model.naming), devices plugged into the target rack's own PDUs
    and racks given feeds of their own (:class:`_RackCopier`). Raises EditRefused with the
    reason when nothing can be placed."""
    racks = [Rack.model_validate(r) for r in payload.get("racks", [])]
    devices = [Placement.model_validate(p) for p in payload.get("placements", [])]
    raw_links = payload.get("links", [])
    links = [Link.model_validate({k: v for k, v in d.items() if k != "same_rack"}) for d in raw_links]
    same_rack = {d["id"] for d in raw_links if d.get("same_rack")}
    pdu_info = {k: (str(v[0]), int(v[1])) for k, v in (payload.get("pdus") or {}).items()}
    device_racks: dict[str, str] = payload.get("device_racks") or {}
    claimed: set[str] = set()
    done: list[Edit] = []
    ids: dict[str, str] = {}  # copied placement id -> pasted id
    kept: dict[str, Placement] = {}  # pasted id -> the copied placement (to see whether it moved)
    catalog = checker.catalog
    namer = Namer(plan, catalog)
    copier = _RackCopier(plan, catalog, claimed, namer)
    try:
        if racks:
            row_id = target_row or next(iter(plan.index.rows), None)
            if row_id is None:
                raise EditRefused(tmsg("there is no row to paste racks into"))
            row = plan.index.rows[row_id]
            pos = max((r.position for r in row.racks), default=0)
            new_racks: list[Edit] = []
            for r in racks:
                pos += 1
                new_racks.append(AddRack(row_id, copier.copy(r, row_id, namer.rack_copy(row_id, r.name), pos, ids)))
            for e in copier.feed_edits() + new_racks:
                e.apply(plan)
                done.append(e)
        if devices:
            if target_rack is None:
                raise EditRefused(tmsg("select a rack to paste devices into"))
            pasted = {p.id: _fresh_id(plan, _id_prefix(p.id, "dev"), claimed) for p in devices}
            feeds = {f.id for f in plan.feeds}
            place = namer.place_of_rack(target_rack)
            cords = _Cords(plan, catalog)
            later: list[tuple[Placement, Placement]] = []
            for p in devices:
                name = namer.device_copy(p.device, p.name, place, old_rack=device_racks.get(p.id, ""))
                fresh = p.model_copy(deep=True, update={"id": pasted[p.id], "name": name, "power": [],
                                                        "feed": p.feed if p.feed in feeds else None})
                spot = _place_device(plan, checker, target_rack, fresh)
                if spot is None:
                    raise EditRefused(tmsg("{rack} has no room for {device}", rack=plan.rack(target_rack).name,
                                           device=fresh.name or fresh.device))
                e = AddPlacement(target_rack, spot, checker)
                e.apply(plan)
                done.append(e)
                ids[p.id] = spot.id
                kept[spot.id] = p
                if p.power:
                    later.append((p, spot))
            # cords once every pasted PDU is in: to the pasted PDUs they went to, else to the
            # target rack's PDUs of the same feed side
            target = _pdus_by_side(plan, catalog, plan.rack(target_rack).placements)
            # (the dry run is reverted below and the Compound applied anew: the cords go in
            # with the placement)
            for p, spot in later:
                src = {c.pdu: pdu_info[c.pdu] for c in p.power if c.pdu in pdu_info}
                spot.power = cords.map(p.power, src, target, {k: v for k, v in pasted.items() if k != p.id})
        if links:
            # a link keeps its length when its ends were in one rack and still are, at
            # the same U (whole racks always; devices when pasted at their own U)
            keep = {lk.id for lk in links if lk.id in same_rack
                    and all(ids.get(x) not in kept or kept[ids[x]].u == plan.placement(ids[x]).u
                            for x in (lk.a.placement, lk.b.placement))}
            e2 = _copy_links(plan, catalog, links, ids, keep, claimed)
            if e2 is not None:
                e2.apply(plan)
                done.append(e2)
    finally:
        for e in reversed(done):
            e.revert(plan)
    n = sum(isinstance(e, AddRack | AddPlacement) for e in done)
    return Compound(done, deferred(Np_("Paste {n} item", "Paste {n} items"), n=n))


def duplicate_device_edit(plan: Plan, checker: PlacementChecker[Catalog | None], placement_ids: list[str]) -> Compound:
    """Copies of devices in their own racks, at the lowest free U, named by the plan's
    patterns (else the next free number) and plugged into the rack's PDUs as the
    originals are (same feed sides; free outlets)."""
    done: list[Edit] = []
    claimed: set[str] = set()
    catalog = checker.catalog
    namer = Namer(plan, catalog)
    cords = _Cords(plan, catalog)
    try:
        for pid in placement_ids:
            p = plan.placement(pid)
            rack_id = plan.index.placement_rack[pid]
            rack = plan.rack(rack_id)
            target = _pdus_by_side(plan, catalog, rack.placements)
            source = {pdu.id: (side, k) for side, lst in target.items() for k, pdu in enumerate(lst)}
            name = namer.device_copy(p.device, p.name, namer.place_of_rack(rack_id))
            fresh = p.model_copy(deep=True, update={"id": _fresh_id(plan, _id_prefix(pid, "dev"), claimed),
                                                     "name": name, "power": cords.map(p.power, source, target)})
            spot = _place_device(plan, checker, rack_id, fresh)
            if spot is None:
                raise EditRefused(tmsg("{rack} has no room for another {device}", rack=rack.name,
                                       device=p.name or p.device))
            add = AddPlacement(rack_id, spot, checker)
            add.apply(plan)
            done.append(add)
    finally:
        for e in reversed(done):
            e.revert(plan)
    return Compound(done, deferred(Np_("Duplicate device", "Duplicate {n} devices"), n=len(done)))


# -- rooms, rows and racks: one place for default types, ids and names --------------------

PREFERRED_RACK_TYPES = ("rack-48u-600x1200", "rack-42u-600x1200", "rack-48u-800x1200", "rack-52u-800x1200")
ROW_SPACING_M = 1.2  # a new row behind the others leaves a 1.2 m aisle (two 600 mm tiles)


def default_rack_type(plan: Plan, catalog: Catalog | None, row_id: str | None = None) -> str:
    """The rack type a new rack gets: the type of the last rack of its row, else the
    plan's most used type, else a common catalog type (PREFERRED_RACK_TYPES first)."""
    row = plan.index.rows.get(row_id) if row_id is not None else None
    if row is not None and row.racks:
        return max(row.racks, key=lambda r: r.position).rack_type
    counts: dict[str, int] = {}
    for r in plan.racks():
        counts[r.rack_type] = counts.get(r.rack_type, 0) + 1
    if counts:
        return max(counts, key=lambda k: counts[k])
    known = list(catalog.rack_types) if catalog is not None else []
    return next((t for t in PREFERRED_RACK_TYPES if t in known), known[0] if known else PREFERRED_RACK_TYPES[0])


def _row_letter(row_name: str) -> str:
    """'Row B' -> 'B': the short tag rack names of a row start with (else 'R')."""
    words = row_name.split()
    tag = words[-1] if words else ""
    return tag if tag.isalpha() and len(tag) <= 3 else "R"


def new_rack_name(plan: Plan, row_id: str) -> str:
    """The name of a rack added at the end of a row: the next number after the row's last
    rack ('R03' -> 'R04', 'NVL72-2' -> 'NVL72-3'), or '<row letter>01' in an empty row
    ('Row B' -> 'B01'); never a name another rack of the plan has."""
    row = plan.index.rows[row_id]
    last = max(row.racks, key=lambda r: r.position, default=None)
    namer = Namer(plan)
    if last is not None:
        return namer.next_numbered("rack", last.name)
    first = f"{_row_letter(row.name)}01"
    return first if first not in namer.taken("rack") else namer.next_numbered("rack", first)


def add_rack_edit(plan: Plan, catalog: Catalog, row_id: str, rack_type: str | None = None) -> AddRack:
    """An empty rack at the end of a row, of the row's last rack type (see
    :func:`default_rack_type`), named by :func:`new_rack_name`. The rack view's "Add rack"
    and the floor plan's both use this, so they name racks alike."""
    row = plan.index.rows[row_id]
    last = max(row.racks, key=lambda r: r.position, default=None)
    if rack_type is None:
        rack_type = default_rack_type(plan, catalog, row_id)
    pos = (last.position + 1) if last is not None else 0
    name = (Namer(plan, catalog).rack(row_id, after=last.name if last is not None else None)
            if plan.metadata.naming.get("rack") else new_rack_name(plan, row_id))
    return AddRack(row_id, Rack(id=plan.new_id("rack"), name=name, rack_type=rack_type, position=pos))


def _dry_run(plan: Plan, make: Callable[[], Edit], n: int) -> list[Edit]:
    """``n`` edits from ``make()``, each built on the plan as the ones before left it
    (so ids and names never repeat), then all reverted: the plan is unchanged."""
    done: list[Edit] = []
    try:
        for _ in range(n):
            e = make()
            e.apply(plan)
            done.append(e)
    finally:
        for e in reversed(done):
            e.revert(plan)
    return done


def add_racks_edit(plan: Plan, catalog: Catalog, row_id: str, n: int = 1) -> Edit:
    """``n`` empty racks at the end of a row, as one undo step (one :func:`add_rack_edit` each)."""
    if row_id not in plan.index.rows:
        raise EditRefused(tmsg("row {id!r} does not exist", id=row_id))
    edits = _dry_run(plan, lambda: add_rack_edit(plan, catalog, row_id), n)
    if n == 1:
        return edits[0]
    return Compound(edits, deferred(N_("Add {n} racks to {name}"), n=n, name=plan.index.rows[row_id].name))


def new_row_name(plan: Plan) -> str:
    """'Row A', 'Row B', ... ('Reihe A' in German) the first letter no row of the plan uses yet (rows named
    'A' or 'Row A' both take 'A'), so the new row's racks ('B01', ...) are new names too."""
    taken = {r.name for r in plan.index.rows.values()}
    taken |= {r.name.split()[-1] for r in plan.index.rows.values() if r.name.split()}
    i = 0
    while True:
        tag = letters(i)
        # in the active language ("Reihe A" in a German plan); English names count as taken too
        name = gettext(N_("Row {letters}")).format(letters=tag)
        if tag not in taken and name not in taken and f"Row {tag}" not in taken:
            return name
        i += 1


def free_row_spot(plan: Plan, catalog: Catalog, room_id: str) -> tuple[float, float]:
    """Where a new row goes when the user did not point at a spot: two tiles in from the
    room's left wall, one aisle (ROW_SPACING_M) behind the deepest row, on the tile grid."""
    from planner.model.geometry import row_footprints

    room = plan.index.rooms[room_id]
    t = room.tile_m
    bottom = None
    for row in room.rows:
        fps = row_footprints(row, catalog)
        ys = [c[1] for fp in fps for c in fp.corners] or [row.y_m]
        bottom = max(ys) if bottom is None else max(bottom, max(ys))
    y = 3 * t if bottom is None else bottom + ROW_SPACING_M
    return _snap(2 * t, t), _snap(y, t, up=True)


def _snap(v: float, tile: float, up: bool = False) -> float:
    import math

    n = math.ceil(v / tile - 1e-9) if up else round(v / tile)
    return round(n * tile, 4)


def add_row_edit(plan: Plan, catalog: Catalog, room_id: str, n_racks: int, x_m: float | None = None,
                 y_m: float | None = None) -> Edit:
    """A new row of ``n_racks`` empty racks in a room, snapped to the room's tiles (at
    :func:`free_row_spot` without a position): the row, then its racks named as
    :func:`add_rack_edit` names them, as one undo step."""
    if room_id not in plan.index.rooms:
        raise EditRefused(tmsg("room {id!r} does not exist", id=room_id))
    room = plan.index.rooms[room_id]
    if x_m is None or y_m is None:
        x_m, y_m = free_row_spot(plan, catalog, room_id)
    else:
        x_m, y_m = _snap(x_m, room.tile_m), _snap(y_m, room.tile_m)
    rack_type = default_rack_type(plan, catalog)
    name = Namer(plan, catalog).row(room_id) if plan.metadata.naming.get("row") else new_row_name(plan)
    row = Row(id=plan.new_id("row"), name=name, x_m=x_m, y_m=y_m)
    add = AddRow(room_id, row)
    add.apply(plan)
    try:
        racks = _dry_run(plan, lambda: add_rack_edit(plan, catalog, row.id, rack_type), n_racks)
    finally:
        add.revert(plan)
    if not racks:
        return add
    return Compound([add, *racks], deferred(Np_("Add {name} ({n} rack)", "Add {name} ({n} racks)"), n=n_racks,
                                            name=row.name))


def new_room_name(plan: Plan) -> str:
    """'Room 1', 'Room 2', ... the first that no room of the plan is called."""
    taken = {r.name for r in plan.site.rooms}
    n = 1
    while gettext(N_("Room {n}")).format(n=n) in taken:
        n += 1
    return gettext(N_("Room {n}")).format(n=n)


def add_room_edit(plan: Plan, name: str | None = None, like: str | None = None) -> AddRoom:
    """An empty room at the end of the site. Size, tiles, floor load limit and raised
    floor are copied from the room ``like`` (the one the user is looking at), else the
    model's defaults (10 m x 8 m, 0.6 m tiles, 1200 kg/m2, slab)."""
    src = plan.index.rooms.get(like) if like is not None else None
    fields = {k: getattr(src, k) for k in ("width_m", "depth_m", "tile_m", "floor_load_limit_kg_per_m2",
                                           "raised_floor")} if src is not None else {}
    if name is None:
        name = Namer(plan).room() if plan.metadata.naming.get("room") else new_room_name(plan)
    return AddRoom(Room(id=plan.new_id("room"), name=name, **fields))


def room_content(plan: Plan, room_id: str) -> dict[str, int]:
    """What deleting a room takes with it: counts of rows, racks, devices and links."""
    room = plan.index.rooms[room_id]
    racks = [k for r in room.rows for k in r.racks]
    devices = {p.id for k in racks for p in k.placements}
    links = sum(1 for lk in plan.links if lk.a.placement in devices or lk.b.placement in devices)
    return {"rows": len(room.rows), "racks": len(racks), "devices": len(devices), "links": links}



# -- Rename Selection -------------------------------------------------------------------------------


def rename_targets(plan: Plan, selection: tuple[tuple[str, str], ...] | list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The selected racks and devices that Rename Selection renames, in selection order."""
    out = []
    for kind, i in selection:
        if (kind == "rack" and i in plan.index.racks) or (kind == "placement" and i in plan.index.placements):
            out.append((kind, i))
    return out


def rename_preview(plan: Plan, targets: list[tuple[str, str]], pattern: str,
                   start: int = 1) -> list[tuple[str, str, str, str]]:
    """(kind, id, old name, new name) for each target. ``{n}`` runs from ``start`` in
    selection order; ``{rack}`` etc. are each item's own place. Raises PatternError for
    a bad pattern, and when a new name is given twice or is taken by another rack
    (racks) or device (devices) outside the selection."""
    namer = Namer(plan)
    places = []
    for kind, i in targets:
        places.append(namer.place_of_rack(i) if kind == "rack" else namer.place_of_rack(plan.index.placement_rack[i]))
    names = rename_names(pattern, places, start)
    out = []
    seen: dict[tuple[str, str], str] = {}
    renamed = {i for _k, i in targets}
    for (kind, i), new in zip(targets, names):
        if not new.strip():
            raise PatternError(f"the pattern gives an empty name for {_entity_name(plan, kind, i)}")
        cls = "rack" if kind == "rack" else "device"
        if (cls, new) in seen:
            raise PatternError(f"{new!r} would name both {seen[(cls, new)]} and {_entity_name(plan, kind, i)}")
        seen[(cls, new)] = _entity_name(plan, kind, i)
        out.append((kind, i, _entity_name(plan, kind, i), new))
    # names of racks / devices that are not being renamed
    others = {"rack": {r.name: r.id for r in plan.index.racks.values() if r.id not in renamed},
              "device": {p.name: p.id for p in plan.index.placements.values() if p.id not in renamed and p.name}}
    for kind, _i, _old, new in out:
        cls = "rack" if kind == "rack" else "device"
        if new in others[cls]:
            raise PatternError(f"{new!r} is already the name of another {'rack' if cls == 'rack' else 'device'}")
    return out


def _entity_name(plan: Plan, kind: str, i: str) -> str:
    if kind == "rack":
        return plan.rack(i).name
    p = plan.placement(i)
    return p.name or p.device


def feeds_following(plan: Plan, renames: dict[str, str]) -> list[Edit]:
    """The feed renames that follow rack renames (``rack id -> new name``): a feed whose name
    was made from its rack's ("R01 A1", as plan-for and the templates name them) and that
    powers PDUs of that rack only takes the new name ("R07 A1"). Feeds named otherwise, or
    shared with another rack, keep their names."""
    if not renames:
        return []
    users: dict[str, set[str]] = {}  # feed id -> the racks whose PDUs hang on it
    for room in plan.site.rooms:
        for row in room.rows:
            for rack in row.racks:
                for p in rack.placements:
                    if p.feed:
                        users.setdefault(p.feed, set()).add(rack.id)
    moving: list[tuple[PowerFeed, str]] = []
    for feed in plan.feeds:
        racks = users.get(feed.id, set())
        if len(racks) != 1:
            continue
        (rack_id,) = racks
        old = plan.rack(rack_id).name if rack_id in renames else ""
        if old and feed.name.startswith(old + " ") and renames[rack_id] != old:
            moving.append((feed, renames[rack_id] + feed.name[len(old):]))
    taken = {f.name for f in plan.feeds} - {feed.name for feed, _ in moving}  # racks may swap names
    edits: list[Edit] = []
    for feed, wanted in moving:
        name = unique_name(taken, wanted)
        taken.add(name)
        edits.append(SetProperty("feed", feed.id, "name", name))
    return edits


def set_name_edit(plan: Plan, kind: str, entity_id: str, name: str) -> Edit:
    """Typing a new name into the Inspector: one undo step; a rack's feeds named after it follow
    (:func:`feeds_following`)."""
    edit = SetProperty(kind, entity_id, "name", name)
    follow = feeds_following(plan, {entity_id: name}) if kind == "rack" else []
    return Compound([edit, *follow], edit.text) if follow else edit


def rename_edit(plan: Plan, targets: list[tuple[str, str]], pattern: str, start: int = 1) -> Compound | None:
    """Rename Selection as one undo step (None when no name changes); a renamed rack's feeds
    named after it follow. Raises PatternError as :func:`rename_preview`."""
    rows = rename_preview(plan, targets, pattern, start)
    edits: list[Edit] = [SetProperty(kind, i, "name", new) for kind, i, old, new in rows
                         if new != (plan.rack(i).name if kind == "rack" else plan.placement(i).name)]
    if not edits:
        return None
    n = len(edits)
    edits += feeds_following(plan, {i: new for kind, i, _old, new in rows if kind == "rack"})
    return Compound(edits, deferred(Np_("Rename {n} item", "Rename {n} items"), n=n))


# -- gestures in the views: drags, nudges, rotation, reordering ------------------------------------
_gestures = itertools.count(1)
FINE_STEP_M = 0.05  # a row dragged with Alt held moves in 5 cm steps instead of floor tiles


def new_gesture(prefix: str = "drag") -> str:
    """A fresh gesture id: the edits of one drag share it, so they merge into one undo step.
    The one generator for every view (the rack view and the floor plan had one each)."""
    return f"{prefix}-{next(_gestures)}"


def snap_row_position(plan: Plan, row_id: str, x_m: float, y_m: float, fine: bool = False) -> tuple[float, float]:
    """Where a row dragged to (``x_m``, ``y_m``) lands: on the floor tiles of its room, or on
    5 cm steps when ``fine`` (Alt held)."""
    room = plan.index.rooms[plan.index.row_room[row_id]]
    step = FINE_STEP_M if fine else room.tile_m
    return round(round(x_m / step) * step, 4), round(round(y_m / step) * step, 4)


def move_row_edit(plan: Plan, row_id: str, x_m: float, y_m: float, gesture: str) -> Compound:
    """One step of a row drag: the row's corner to (``x_m``, ``y_m``). The steps of one
    gesture merge into one undo step."""
    if row_id not in plan.index.rows:
        raise EditRefused(tmsg("row {id!r} does not exist", id=row_id))
    return Compound([SetProperty("row", row_id, "x_m", x_m, gesture=gesture),
                     SetProperty("row", row_id, "y_m", y_m, gesture=gesture)],
                    text=deferred(N_("Move row")), merge_id=f"move-row:{row_id}:{gesture}")


def reorder_slot(plan: Plan, catalog: Catalog, rack_id: str, along_m: float) -> tuple[Row, list[Rack], int]:
    """A rack dragged ``along_m`` metres along its row (+ towards the row's end): (the row,
    its other racks in order, the index among them the rack would go before)."""
    row = plan.row_of(rack_id)
    order = sorted(row.racks, key=lambda r: r.position)
    fps = {f.rack_id: f for f in row_footprints(row, catalog)}
    a = math.radians(row.orientation_deg)
    ux, uy = math.cos(a), math.sin(a)

    def along_of(rid: str) -> float:  # a rack's centre measured along the row from its start
        cx, cy = fps[rid].center
        return (cx - row.x_m) * ux + (cy - row.y_m) * uy

    mine = along_of(rack_id) + along_m
    others = [r for r in order if r.id != rack_id]
    return row, others, sum(1 for r in others if along_of(r.id) < mine)


def reorder_rack_edit(plan: Plan, catalog: Catalog, rack_id: str, along_m: float) -> Compound | None:
    """Move a rack to the slot nearest ``along_m`` metres along its row (one undo step);
    None when it stays where it is."""
    row, others, index = reorder_slot(plan, catalog, rack_id, along_m)
    order = sorted(row.racks, key=lambda r: r.position)
    me = next(r for r in order if r.id == rack_id)
    new_order = others[:index] + [me] + others[index:]
    if [r.id for r in new_order] == [r.id for r in order]:
        return None
    return Compound([SetProperty("rack", r.id, "position", i) for i, r in enumerate(new_order) if r.position != i],
                    text=deferred(N_("Move rack {name}"), name=me.name))


def rotate_rows_edit(plan: Plan, row_ids: list[str]) -> Compound | None:
    """Turn rows by 90 degrees (one undo step); None without rows."""
    rows = [r for r in row_ids if r in plan.index.rows]
    if not rows:
        return None
    return Compound([SetProperty("row", r, "orientation_deg", (plan.index.rows[r].orientation_deg + 90) % 360)
                     for r in rows], text=deferred(Np_("Rotate {n} row", "Rotate {n} rows"), n=len(rows)))


def remove_racks_edit(plan: Plan, rack_ids: list[str]) -> Compound | None:
    """Remove racks with their devices (one undo step); None without racks."""
    ids = [i for i in rack_ids if i in plan.index.racks]
    if not ids:
        return None
    return Compound([RemoveRack(i) for i in ids], text=deferred(Np_("Remove {n} rack", "Remove {n} racks"), n=len(ids)))


def nudge_edit(plan: Plan, checker: PlacementChecker[Catalog | None], placement_ids: list[str], step: int) -> Edit | None:
    """Move devices ``step`` U up (+) or down (-) in their racks, as one undo step (0U devices
    stay). None when none of them has a U; refused below U1."""
    pids = [i for i in placement_ids if i in plan.index.placements and plan.placement(i).u is not None]
    if not pids:
        return None
    lowest = min(plan.placement(i).u or 1 for i in pids)
    if lowest + step < 1:
        name = plan.placement(pids[0]).name or plan.placement(pids[0]).device
        raise EditRefused(tmsg("{name} is already at U{u}, the bottom of the rack", name=name, u=lowest))
    # move the leading device first so a block of devices can shift together
    pids.sort(key=lambda i: plan.placement(i).u or 0, reverse=step > 0)
    edits: list[Edit] = [MovePlacement(i, plan.index.placement_rack[i], (plan.placement(i).u or 1) + step,
                                       checker=checker) for i in pids]
    return edits[0] if len(edits) == 1 else Compound(edits, deferred(Np_("Move {n} device", "Move {n} devices"), n=len(edits)))


def drag_device_edit(plan: Plan, catalog: Catalog, checker: PlacementChecker[Catalog | None], placement_id: str, rack_id: str,
                     u: int | None, face: str, side: str | None, gesture: str) -> MovePlacement | None:
    """One step of a device drag to a slot (rack, U, face; a 0U device: face and side
    channel). A full-depth device keeps its face. None when the device is already there."""
    p = plan.placement(placement_id)
    cur_rack = plan.index.placement_rack[placement_id]
    if p.u is None:  # 0U (PDU): the side channel under the pointer, on that face
        if (rack_id, face, side) == (cur_rack, p.face, p.side):
            return None
        return MovePlacement(placement_id, rack_id, None, face, checker=checker, gesture=gesture, side=side)
    dims = device_dims(catalog, p.device)
    full = p.full_depth if p.full_depth is not None else (dims.full_depth if dims else True)
    face = p.face if full else face
    if (rack_id, u, face) == (cur_rack, p.u, p.face):
        return None
    return MovePlacement(placement_id, rack_id, u, face, checker=checker, gesture=gesture)


def disconnect_all_edit(plan: Plan, placement_id: str, text: str) -> Compound | None:
    """Remove every link of a device (one undo step named ``text``); None when it has none."""
    wired = [lk.id for lk in plan.links if placement_id in (lk.a.placement, lk.b.placement)]
    return Compound([Disconnect(i) for i in wired], text) if wired else None
