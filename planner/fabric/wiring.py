"""Wiring edits: connect and disconnect device ports, add many links at once.

``Connect`` refuses (``EditRefused``) what cannot be built: an unknown fabric or
device, a port the device type does not have, a port already in use (a breakout
lane and its whole cage count as the same port), a device wired to itself.
What can be built but is probably wrong (speed or media mismatch, a cable too
long for its media) is left to :func:`planner.fabric.analysis.check_links`, which
reports findings.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from planner.fabric.cabling import CableGeometry
from planner.fabric.media import MediaChooser, nvlink_media
from planner.fabric.ports import Port, breakout_lanes, port_lookup
from planner.i18n import N_, deferred, gettext, tmsg
from planner.model.edits import AddItem, Change, Compound, Edit, EditRefused
from planner.model.plan import Endpoint, Fabric, Link, Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog


def used_ports(plan: Plan, ignore_link: str | None = None) -> dict[tuple[str, str], str]:
    """(placement, port) -> link id for every wired port; a lane also marks its cage
    as ``(placement, cage + "*")``."""
    used: dict[tuple[str, str], str] = {}
    for lk in plan.links:
        if lk.id == ignore_link:
            continue
        for end in (lk.a, lk.b):
            used[(end.placement, end.port)] = lk.id
            lane = breakout_lanes(end.port)
            if lane is not None:
                used[(end.placement, lane[0] + "*")] = lk.id
    return used


def _port_conflict(used: dict[tuple[str, str], str], end: Endpoint, port: Port) -> str | None:
    if (end.placement, end.port) in used:
        return used[(end.placement, end.port)]
    if port.parent is not None and (end.placement, port.parent) in used:
        return used[(end.placement, port.parent)]
    if port.parent is None and (end.placement, end.port + "*") in used:
        return used[(end.placement, end.port + "*")]
    return None


def resolve_ends(plan: Plan, catalog: Catalog | None, a: Endpoint, b: Endpoint) -> tuple[Port, Port]:
    """The two ports of a would-be link, or EditRefused naming what is wrong."""
    idx = plan.index
    for end in (a, b):
        if end.placement not in idx.placements:
            raise EditRefused(tmsg("device {id!r} does not exist", id=end.placement))
    if a.placement == b.placement:
        raise EditRefused(tmsg("a cable cannot connect a device to itself"))
    da, db = idx.placements[a.placement], idx.placements[b.placement]
    if catalog is not None:
        for p in (da, db):
            if catalog.get("device-types", p.device) is None:
                raise EditRefused(tmsg("{name}: device type {device!r} is not in the catalog", name=p.name or p.id,
                                       device=p.device))
    pa = port_lookup(catalog, da.device, a.port)
    pb = port_lookup(catalog, db.device, b.port)
    # a breakout lane's speed follows the other end
    if pa is None and pb is not None:
        pa = port_lookup(catalog, da.device, a.port, pb.speed_gbps)
    if pb is None and pa is not None:
        pb = port_lookup(catalog, db.device, b.port, pa.speed_gbps)
    for port, end, dev in ((pa, a, da), (pb, b, db)):
        if port is None:
            raise EditRefused(tmsg("{name} ({device}) has no port {port!r}", name=dev.name or dev.id, device=dev.device,
                                   port=end.port))
    assert pa is not None and pb is not None
    return pa, pb


class Connect(Edit):
    """Connects a device port to another in a fabric (one new link)."""

    def __init__(self, catalog: Catalog | None, link: Link) -> None:
        self.catalog = catalog
        self.link = link
        self.text = deferred(N_("Connect {a} to {b}"), a=link.a.port, b=link.b.port)

    @classmethod
    def between(cls, plan: Plan, catalog: Catalog | None, fabric: str, a: tuple[str, str], b: tuple[str, str],
                cable: str | None = None, length_m: float | None = None, label: str = "") -> Connect:
        link = Link(id=plan.new_id("link"), fabric=fabric, a=Endpoint(placement=a[0], port=a[1]),
                    b=Endpoint(placement=b[0], port=b[1]), cable=cable, length_m=length_m, label=label)
        return cls(catalog, link)

    def _apply(self, plan: Plan) -> Change:
        lk = self.link
        if plan.index.id_exists(lk.id):
            raise EditRefused(tmsg("id {id!r} is already used", id=lk.id))
        if lk.fabric not in {f.id for f in plan.fabrics}:
            raise EditRefused(tmsg("fabric {id!r} does not exist", id=lk.fabric))
        if lk.cable is not None and self.catalog is not None and self.catalog.get("cables", lk.cable) is None:
            raise EditRefused(tmsg("cable {cable!r} is not in the catalog", cable=lk.cable))
        pa, pb = resolve_ends(plan, self.catalog, lk.a, lk.b)
        used = used_ports(plan)
        for end, port in ((lk.a, pa), (lk.b, pb)):
            other = _port_conflict(used, end, port)
            if other is not None:
                dev = plan.placement(end.placement)
                raise EditRefused(tmsg("port {port} of {name} is already used by link {link}", port=end.port,
                                       name=dev.name or dev.id, link=other))
        plan.links.append(lk)
        plan.index.add_id(lk.id)
        return _link_change(lk)

    def _revert(self, plan: Plan) -> Change:
        lk = self.link
        plan.links = [x for x in plan.links if x.id != lk.id]
        plan.index.remove_id(lk.id)
        return _link_change(lk)


def _link_change(lk: Link) -> Change:
    """A link and its two ends; not its fabric: the fabric object is unchanged, and the
    engine rebuilds every link of a fabric named in a Change (10-20 s for a 2,048-node
    fabric), where a link named by id is added or removed on its own (as AddLinks)."""
    return Change(links={lk.id}, placements={lk.a.placement, lk.b.placement})


class Disconnect(Edit):
    """Removes one link (restored at the same position on undo)."""

    def __init__(self, link_id: str) -> None:
        self.link_id = link_id
        self.text = deferred(N_("Disconnect"))
        self._saved: tuple[int, Link] | None = None

    def _apply(self, plan: Plan) -> Change:
        pos = next((i for i, x in enumerate(plan.links) if x.id == self.link_id), None)
        if pos is None:
            raise EditRefused(tmsg("link {id!r} does not exist", id=self.link_id))
        lk = plan.links.pop(pos)
        self._saved = (pos, lk)
        plan.index.remove_id(lk.id)
        return _link_change(lk)

    def _revert(self, plan: Plan) -> Change:
        assert self._saved is not None
        pos, lk = self._saved
        plan.links.insert(pos, lk)
        plan.index.add_id(lk.id)
        return _link_change(lk)


class AddLinks(Edit):
    """Adds many links in one step (auto-wiring); ids, fabrics and devices are checked
    at apply time, so it can follow edits that add the switches."""

    def __init__(self, links: Iterable[Link], text: str = N_("Add links")) -> None:
        self.links = list(links)
        self.text = text

    def _change(self) -> Change:
        # the links and their ends; not ``fabrics``: the fabric objects stay as they were
        # (a fabric added in the same step says so itself), and the engine rebuilds every
        # link of a fabric named there (~20 s for 2,048 nodes), where new links are added one by one
        ch = Change(links={lk.id for lk in self.links})
        for lk in self.links:
            ch.placements.add(lk.a.placement)
            ch.placements.add(lk.b.placement)
        return ch

    def _apply(self, plan: Plan) -> Change:
        idx = plan.index
        fabrics = {f.id for f in plan.fabrics}
        seen: set[str] = set()
        for lk in self.links:
            if lk.id in seen or idx.id_exists(lk.id):
                raise EditRefused(tmsg("id {id!r} is already used", id=lk.id))
            seen.add(lk.id)
            if lk.fabric not in fabrics:
                raise EditRefused(tmsg("fabric {id!r} does not exist", id=lk.fabric))
            for end in (lk.a, lk.b):
                if end.placement not in idx.placements:
                    raise EditRefused(tmsg("link end {id!r} does not exist", id=end.placement))
        plan.links.extend(self.links)
        for lk in self.links:
            idx.add_id(lk.id)
        return self._change()

    def _revert(self, plan: Plan) -> Change:
        n = len(self.links)
        ids = {lk.id for lk in self.links}
        tail = plan.links[len(plan.links) - n:] if n else []
        if n and all(a is b for a, b in zip(tail, self.links)):
            del plan.links[len(plan.links) - n:]
        else:
            plan.links = [x for x in plan.links if x.id not in ids]
        for i in ids:
            plan.index.remove_id(i)
        return self._change()


# a new fabric's name, made in the active language (names are data: stored as made)
FABRIC_NAMES = {"compute": N_("Compute fabric"), "storage": N_("Storage fabric"), "frontend": N_("Front-end network"),
                "management": N_("Management network"), "dpu": N_("Front-end network"), "nvlink": N_("NVLink domain")}


def fabric_name(kind: str) -> str:
    """The default name of a new ``kind`` fabric in the active language."""
    return gettext(FABRIC_NAMES.get(kind, N_("Fabric")))


def fabric_for(plan: Plan, catalog: Catalog | None, a: Endpoint, b: Endpoint) -> tuple[str | None, str]:
    """The fabric a hand-drawn cable belongs to: the one either device is already wired
    into for that role, else the plan's fabric of the port's kind. Returns (fabric id or
    None when there is none yet, the kind the ports call for)."""
    idx = plan.index
    role = None
    for end in (a, b):
        if end.placement in idx.placements:
            p = port_lookup(catalog, idx.placements[end.placement].device, end.port)
            if p is not None and p.role not in ("fabric",):
                role = p.role
                break
    kind = {"dpu": "frontend"}.get(role or "", role or "compute")
    fabrics = {f.id: f for f in plan.fabrics}
    for end in (a, b):  # a fabric either device is already wired into, of the same kind
        for lk in plan.links:
            if end.placement in (lk.a.placement, lk.b.placement) and fabrics[lk.fabric].kind == kind:
                return lk.fabric, kind
    for f in plan.fabrics:
        if f.kind == kind:
            return f.id, kind
    return None, kind


def connect_edit(plan: Plan, catalog: Catalog | None, a: tuple[str, str], b: tuple[str, str], fabric: str | None = None,
                 label: str = "") -> Edit:
    """A ready-to-push edit for one hand-drawn cable: the fabric (:func:`fabric_for`, a
    new one of the ports' kind when the plan has none), the cable media and ordered
    length for the route (as auto-wiring chooses them). Ports are checked when the edit
    is applied (``Connect`` refuses unknown or used ports)."""
    ea, eb = Endpoint(placement=a[0], port=a[1]), Endpoint(placement=b[0], port=b[1])
    pa, pb = resolve_ends(plan, catalog, ea, eb)  # refuses unknown devices and ports early
    speed = min(pa.speed_gbps, pb.speed_gbps)
    edits: list[Edit] = []
    kind = next((f.kind for f in plan.fabrics if f.id == fabric), "compute")
    if fabric is None:
        fabric, kind = fabric_for(plan, catalog, ea, eb)
    if fabric is None:
        fabric = plan.new_id("fabric")
        tech = "ethernet" if kind in ("management", "frontend") or speed <= 100 else "infiniband"
        if kind == "nvlink":
            tech = "nvlink"
        edits.append(AddItem(Fabric(id=fabric, name=fabric_name(kind), kind=kind, technology=tech,
                                    speed_gbps=speed, rail_optimised=False)))
    cable, length = None, None
    if catalog is not None:
        geo = CableGeometry(plan, catalog)
        route = geo.spine_m(a[0], b[0]) if kind == "nvlink" else geo.route_m(a[0], b[0])
        chooser = MediaChooser(catalog)
        media = nvlink_media(chooser, route) if kind == "nvlink" else chooser.choose(speed, route)
        if media is not None:
            cable, length = media.cable, media.length_m
        else:
            length = round(route, 2)
    if not label:
        pl = plan.index.placements
        label = f"{pl[a[0]].name or a[0]} {a[1]} \u2013 {pl[b[0]].name or b[0]} {b[1]}"
    link = Link(id=plan.new_id("link"), fabric=fabric, a=ea, b=eb, cable=cable, length_m=length, label=label)
    conn = Connect(catalog, link)
    if not edits:
        return conn
    edits.append(conn)
    return Compound(edits, text=conn.text)
