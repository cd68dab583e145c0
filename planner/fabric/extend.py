"""Extending a wired fabric: new servers on free leaf ports, switches only when needed.

:func:`extend_fabric` wires the free ports of the given servers (of the fabric's
kind: compute NICs for a compute fabric...) into an existing fabric without touching
a single existing link, and returns an :class:`ExtendResult` whose ``edit`` is one
``Compound`` (one undo step): new racks if any, new switches, one ``AddLinks``.
The rules (docs/fabrics.md, "Extending a fabric"):

1. The fabric's switches are found from its wiring: a switch linked to a server or
   storage appliance is a *leaf*, a switch linked to leaves is a *spine*, above that
   *cores*. A fabric without spines is one tier.
2. *Rail pattern*: when the fabric has two or more leaves and every leaf serves one
   NIC position only (NIC ``k`` of every server on its rail-``k`` leaves), NIC ``k``
   of a new server goes to a rail-``k`` leaf and new leaves are rail leaves
   (one per rail of a new scalable unit). Otherwise ports go to any leaf, the leaf the
   server already uses first, then leaves in plan order.
3. A leaf with uplinks takes new servers while its down links stay within the
   fabric's oversubscription (``down <= up x r``) and it has free ports at the link
   speed; a one-tier leaf takes every free port.
4. What does not fit goes to new leaves of the existing leaves' model, sized as for a
   new design (:func:`planner.fabric.topology.leaf_split`: ``d`` down, ``u`` up). Their
   uplinks go to free ports of the existing spines, spread round robin; when the
   spines have too few free ports the extension is refused (growing the spine layer
   means re-cabling every leaf). A one-tier fabric grows a spine tier: each existing
   leaf's free ports become its uplinks (``ceil(down / r)``; refused when it has too
   few), and ``ceil(uplinks / R)`` new spines take every leaf's uplinks round robin
   (each leaf's first uplink goes to the first spine, so the fabric stays connected).
5. Switches of the new switches' model that the user racked for this network and left
   unwired (:func:`planner.fabric.autowire.placed_switches`) are taken first, a name's
   tier (``spine``, ``leaf``) where it gives one (``ExtendResult.reused``). Other new
   switches go to racks holding the fabric's switches, then racks tagged
   ``network``, then any other rack with room (highest free U first; only the racks
   the caller allows), then new network racks at the end of the row of the fabric's
   leaves (a new network row behind the servers when the leaves have no row).

Nothing changes until the edit is applied; ``progress``/``cancel`` work as in
:func:`planner.fabric.autowire.autowire`. :func:`additions` dry-runs the edit on a
snapshot to list what it adds (switches per rack and U, cables by type and length,
optics, added kW from the engine) for a preview.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from planner.fabric.autowire import (
    BATCH,
    LABEL_PREFIX,
    _network_row,
    _next_position,
    _room_for,
    _switch_device,
    autowire,
    nothing_to_wire,
    placed_switches,
    take_racked,
    wires_into,
)
from planner.fabric.autowire_base import AutowireResult, NewSwitch
from planner.fabric.cabling import CableGeometry, CableRules
from planner.fabric.media import MediaChooser, transceiver_for
from planner.fabric.names import device_kind_text, role_ports_text
from planner.fabric.ports import Port, cage_lanes, device_ports, lanes_of, link_and_radix, switch_ports_at
from planner.fabric.progress import CancelFn, ProgressFn, Steps, without_gc
from planner.fabric.topology import FabricDesignError, leaf_split
from planner.fabric.wiring import AddLinks, used_ports
from planner.i18n import N_, Np_, deferred, gettext, render, tmsg
from planner.model.edits import AddPlacement, AddRack, AddRow, Compound, Edit, EditRefused
from planner.model.geometry import row_footprints
from planner.model.placement import PlacementChecker
from planner.model.plan import Endpoint, Fabric, Link, Placement, Plan, Rack, Row

if TYPE_CHECKING:
    from planner.catalog import Catalog

ENDPOINT_KINDS = ("server", "storage")


@dataclass
class FabricShape:
    """What an existing fabric is made of, read off its links."""

    fabric_id: str
    role: str  # the server port role it wires
    level: dict[str, int]  # switch placement -> tier (1 leaf, 2 spine, 3 core)
    down: Counter  # leaf -> links to servers
    up: Counter  # switch -> links to the tier above
    rails: dict[str, set[int]]  # leaf -> NIC positions it serves
    link_gbps: float

    @property
    def leaves(self) -> list[str]:
        return [s for s, t in self.level.items() if t == 1]

    @property
    def spines(self) -> list[str]:
        return [s for s, t in self.level.items() if t == 2]

    @property
    def tiers(self) -> int:
        return max(self.level.values(), default=0)

    @property
    def rail_pattern(self) -> bool:
        leaves = self.leaves
        return len(leaves) >= 2 and all(len(self.rails.get(s, ())) == 1 for s in leaves)


@dataclass
class ExtendResult:
    edit: Compound
    fabric_id: str
    servers: list[str]  # the servers that got links
    switches: list[NewSwitch] = field(default_factory=list)
    new_racks: list[Rack] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    server_links: int = 0
    uplinks: int = 0
    unrouted: int = 0  # links with no catalog media for their length
    tiers_before: int = 0
    tiers_after: int = 0
    leaves_before: int = 0
    rail_pattern: bool = False
    link_gbps: float = 0.0
    kind: str = "compute"  # the fabric's
    reused: list[NewSwitch] = field(default_factory=list)  # racked switches it wires (not in ``switches``)


def fabric_shape(plan: Plan, catalog: Catalog, fabric_id: str) -> FabricShape:
    """Leaves, spines and cores of a wired fabric, its rails and link speed."""
    fab = next((f for f in plan.fabrics if f.id == fabric_id), None)
    if fab is None:
        raise EditRefused(tmsg("fabric {id!r} does not exist", id=fabric_id))
    if fab.kind == "nvlink":
        raise EditRefused(tmsg("{fabric} is an NVLink domain: wire its rack with Auto-wire NVLink Domain",
                               fabric=fab.name))
    role = fab.kind
    pl = plan.index.placements

    def kind(pid: str) -> str:
        dp = device_ports(catalog, pl[pid].device)
        return dp.kind if dp is not None else "other"

    kinds: dict[str, str] = {}
    mgmt_ports: dict[str, set[str]] = {}
    nbrs: dict[str, set[str]] = {}
    pair_links: Counter = Counter()  # (switch, switch) -> links between them, both orders
    endpoint_links: list[tuple[str, str, str]] = []  # (switch, server, server port)

    def end_kind(x: str, port: str) -> str:
        """A device's kind at one end of a link; a switch's management port is an endpoint
        (its mgmt0 on a management leaf, as a server's BMC), not an uplink."""
        if x not in kinds:
            kinds[x] = kind(x) if x in pl else "other"
        if kinds[x] == "switch":
            slug = pl[x].device
            if slug not in mgmt_ports:
                dp = device_ports(catalog, slug)
                mgmt_ports[slug] = {p.name for p in dp.role("management")} if dp is not None else set()
            if port in mgmt_ports[slug]:
                return "server"
        return kinds[x]

    for lk in plan.links:
        if lk.fabric != fabric_id:
            continue
        a, b = lk.a.placement, lk.b.placement
        ka, kb = end_kind(a, lk.a.port), end_kind(b, lk.b.port)
        if ka == "switch" and kb == "switch":
            nbrs.setdefault(a, set()).add(b)
            nbrs.setdefault(b, set()).add(a)
            pair_links[(a, b)] += 1
            pair_links[(b, a)] += 1
        elif ka == "switch" and kb in ENDPOINT_KINDS:
            endpoint_links.append((a, b, lk.b.port))
        elif kb == "switch" and ka in ENDPOINT_KINDS:
            endpoint_links.append((b, a, lk.a.port))
    level: dict[str, int] = {}
    down: Counter = Counter()
    rails: dict[str, set[int]] = {}
    positions: dict[str, dict[str, int]] = {}
    for sw, srv, port in endpoint_links:
        level[sw] = 1
        down[sw] += 1
        slug = pl[srv].device
        if slug not in positions:
            dp = device_ports(catalog, slug)
            positions[slug] = {p.name: i for i, p in enumerate(dp.role(role))} if dp is not None else {}
        rails.setdefault(sw, set()).add(positions[slug].get(port, -1))
    frontier = [s for s in level]
    t = 1
    while frontier:
        t += 1
        nxt = []
        for s in frontier:
            for n in nbrs.get(s, ()):
                if n not in level:
                    level[n] = t
                    nxt.append(n)
        frontier = nxt
    top = max(2, max(level.values(), default=0) + 1)
    for s in nbrs:  # switches no server reaches: one tier above the rest (never leaves)
        level.setdefault(s, top)
    up: Counter = Counter()
    for (s, n), count in pair_links.items():
        if level[n] > level[s]:
            up[s] += count
    if not level:
        raise EditRefused(tmsg("{fabric} has no switches wired yet: design it with Auto-wire instead of extending it",
                               fabric=fab.name))
    return FabricShape(fabric_id, role, level, down, up, rails, float(fab.speed_gbps))


class _PortBook:
    """Free switch ports at the link speed, taken in port order; knows breakout cages."""

    def __init__(self, plan: Plan, catalog: Catalog, link: float, used: dict[tuple[str, str], str]) -> None:
        self.plan, self.catalog, self.link = plan, catalog, link
        self.used = used  # (placement, port) -> link id, as wiring.used_ports; ports taken here are added
        self._ports: dict[str, list[Port]] = {}

    def ports(self, slug: str) -> list[Port]:
        if slug not in self._ports:
            self._ports[slug] = switch_ports_at(self.catalog, slug, self.link)
        return self._ports[slug]

    def _busy(self, pid: str, p: Port) -> bool:
        u = self.used
        if (pid, p.name) in u:
            return True
        if p.parent is not None:
            return (pid, p.parent) in u
        return (pid, p.name + "*") in u

    def free(self, pid: str, slug: str) -> list[Port]:
        return [p for p in self.ports(slug) if not self._busy(pid, p)]

    def take(self, pid: str, slug: str) -> Port | None:
        for p in self.ports(slug):
            if not self._busy(pid, p):
                self.mark(pid, p)
                return p
        return None

    def mark(self, pid: str, p: Port) -> None:
        self.used[(pid, p.name)] = "new"
        if p.parent is not None:
            self.used[(pid, p.parent + "*")] = "new"


def switch_rack_order(plan: Plan, shape: FabricShape, allowed: Sequence[str] | None = None) -> list[str]:
    """Racks for new switches, best first: those holding the fabric's switches, then
    racks tagged ``network``, then the others in plan order; only ``allowed`` ones
    (all when None)."""
    if allowed is not None:
        for r in allowed:
            if r not in plan.index.racks:
                raise EditRefused(tmsg("rack {id!r} does not exist", id=r))
    ok = set(allowed) if allowed is not None else set(plan.index.racks)
    own: list[str] = []
    for s in sorted(shape.level, key=lambda s: _natural(plan.index.placements[s].name or s)):
        rack_id = plan.index.placement_rack.get(s)
        if rack_id is not None and rack_id not in own:
            own.append(rack_id)
    racks = [r.id for r in plan.racks()]
    net = [r for r in racks if "network" in plan.index.racks[r].tags and r not in own]
    rest = [r for r in racks if r not in own and r not in net]
    return [r for r in own + net + rest if r in ok]


class _Spots:
    """Free U for switches, rack by rack in the given order, the highest free U first;
    then new network racks."""

    def __init__(self, plan: Plan, catalog: Catalog, racks: list[str], height: int, prefix: str,
                 near: list[str], servers: Sequence[str]) -> None:
        self.plan, self.catalog, self.height = plan, catalog, height
        checker = PlacementChecker(catalog)
        self.free: list[tuple[str, int]] = []
        for rid in racks:
            rack = plan.index.racks[rid]
            for start, length in reversed(checker.free_blocks(rack)):
                n = length // height
                for k in reversed(range(n)):
                    self.free.append((rid, start + k * height))
        self.new_racks: list[Rack] = []
        self._new_free: list[tuple[str, int]] = []
        self.prefix = prefix
        self.servers = servers
        row = next((plan.index.rack_row[r] for r in near if r in plan.index.rack_row), None)
        self.row_id, self.new_row = (row, None) if row is not None else _network_row(plan, catalog, servers, None)
        self.rack_type = plan.index.racks[near[0]].rack_type if near else plan.rack_of(servers[0]).rack_type
        rt = catalog.get("rack-types", self.rack_type)
        self.per_rack = max(1, (rt.u_height if rt is not None else 42) // height)

    def take(self) -> tuple[str, int]:
        if self.free:
            return self.free.pop(0)
        if not self._new_free:
            rid = self.plan.new_id("rack")
            n = len(self.new_racks) + 1
            name = f"{self.prefix}-NET-{n:02d}"
            taken = {r.name for r in self.plan.racks()}
            while name in taken:
                n += 1
                name = f"{self.prefix}-NET-{n:02d}"
            pos = _next_position(self.plan, self.row_id, self.new_row, len(self.new_racks))
            self.new_racks.append(Rack(id=rid, name=name, rack_type=self.rack_type, position=pos, tags=["network"]))
            self._new_free = [(rid, 1 + k * self.height) for k in range(self.per_rack)]
        return self._new_free.pop(0)


def _leaf_capacity(shape: FabricShape, free: int, s: str, r: float) -> int:
    if shape.tiers >= 2:
        return max(0, min(free, math.floor(shape.up[s] * r + 1e-9) - shape.down[s]))
    return free


def _grow_capacity(down: int, free: int, r: float) -> int:
    """New down links a one-tier leaf can take when it also needs ceil(down / r) uplinks."""
    x = free
    while x > 0 and x + math.ceil((down + x) / r - 1e-9) > free:
        x -= 1
    return x


@without_gc
def extend_fabric(plan: Plan, catalog: Catalog, fabric_id: str, servers: Sequence[str], *,
                  switch: str | None = None, switch_racks: Sequence[str] | None = None,
                  rules: CableRules | None = None, progress: ProgressFn | None = None,
                  cancel: CancelFn | None = None) -> ExtendResult:
    """Wire the free ``fabric``-kind ports of ``servers`` into the existing fabric
    ``fabric_id`` (module docstring for the rules). ``switch`` is the model for new
    switches (default: the model of the fabric's leaves); ``switch_racks`` limits the
    racks that may take them (:func:`switch_rack_order` orders them; none: new network
    racks only). Existing links are never changed."""
    st = Steps(progress, cancel)
    st.report(0.0, gettext("Reading the fabric"))
    if not servers:
        raise EditRefused(tmsg("choose at least one server to wire"))
    if len(set(servers)) != len(servers):
        raise EditRefused(tmsg("a server is listed twice"))
    shape = fabric_shape(plan, catalog, fabric_id)
    fab = next(f for f in plan.fabrics if f.id == fabric_id)
    pl = plan.index.placements
    r = max(1.0, float(fab.oversubscription))
    leaves = shape.leaves
    if not leaves:
        raise EditRefused(tmsg("{fabric} has no leaf (no switch of it is linked to a server): design it with "
                               "Auto-wire instead of extending it", fabric=fab.name))
    leaf_models = Counter(pl[s].device for s in leaves)
    leaf_model = leaf_models.most_common(1)[0][0]
    model = switch or leaf_model
    sw_dev, sw_spec = _switch_device(catalog, model)
    sw_tech = {"management": "ethernet"}.get(sw_spec.fabric, sw_spec.fabric)
    if fab.technology in ("infiniband", "ethernet") and sw_tech != fab.technology:
        raise EditRefused(tmsg("{manufacturer} {model} is an {tech} switch; {fabric} is {fabric_tech}: choose a switch "
                               "of that kind for the new switches", manufacturer=sw_dev.manufacturer,
                               model=sw_dev.model, tech=sw_tech, fabric=fab.name, fabric_tech=fab.technology))

    # the ports to wire
    todo: list[tuple[str, Port, int]] = []  # (server, port, NIC position)
    used = used_ports(plan)
    for sid in servers:
        if sid not in pl:
            raise EditRefused(tmsg("device {id!r} does not exist", id=sid))
        dp = device_ports(catalog, pl[sid].device)
        if dp is None:
            raise EditRefused(tmsg("{name}: device type {device!r} is not in the catalog", name=pl[sid].name or sid,
                                   device=pl[sid].device))
        if dp.kind not in ENDPOINT_KINDS and not wires_into(catalog, pl[sid].device, shape.role):
            raise EditRefused(tmsg("{name} is a {kind}, not a server or storage", name=pl[sid].name or sid,
                                   kind=device_kind_text(dp.kind)))
        if sid in shape.level:  # one of the fabric's own switches (its mgmt0 is no member)
            continue
        for k, p in enumerate(dp.role(shape.role)):
            if (sid, p.name) not in used:
                todo.append((sid, p, k))
    if not todo:
        done = [sid for sid in servers if sid not in shape.level and wires_into(catalog, pl[sid].device, shape.role)]
        if done:  # every port of the kind has a link: they are wired, not portless
            raise EditRefused(nothing_to_wire(plan, shape.role, done))
        raise EditRefused(tmsg("the chosen devices have no free {ports} to wire into {fabric}", ports=role_ports_text(shape.role),
                               fabric=fab.name))
    nic_speed = min(p.speed_gbps for _, p, _ in todo)
    # the link speed is the existing leaves' (their ports are what the new servers meet)
    link, _leaf_ports = link_and_radix(catalog, nic_speed, leaf_model)
    model_ports = switch_ports_at(catalog, model, link)
    book = _PortBook(plan, catalog, link, used)

    # 1. existing leaves
    st.report(0.05, gettext("Finding free leaf ports"))
    rails = shape.rail_pattern
    leaf_order = sorted(leaves, key=lambda s: _natural(pl[s].name or s))
    free_ports = {s: book.free(s, pl[s].device) for s in leaf_order}

    # per-device link speeds (as autowire): without rails, a port as fast as a leaf's cage
    # takes a whole free cage at its own speed (a 400G appliance port on a 200G-lane fabric)
    cages = {s: cage_lanes(book.ports(pl[s].device), catalog, pl[s].device) for s in leaf_order}

    def whole_cage(leaf: str, p: Port, gone: set[str]) -> Port | None:
        k, cage_speed = cages[leaf]
        if rails or lanes_of(p.speed_gbps, cages[leaf]) != k or k <= 1:
            return None
        by_cage: dict[str, list[Port]] = {}
        for q in free_ports[leaf]:
            if q.parent is not None and q.name not in gone:
                by_cage.setdefault(q.parent, []).append(q)
        cage = next((c for c, qs in by_cage.items() if len(qs) == k), None)
        if cage is None:
            return None
        gone.update(q.name for q in by_cage[cage])
        return Port(cage, cage_speed, "fabric", by_cage[cage][0].connector, by_cage[cage][0].in_netbox)

    def fill(cap: dict[str, int]) -> tuple[list[tuple[str, Port, int, str, Port]], list[tuple[str, Port, int]]]:
        cap = dict(cap)
        gone: dict[str, set[str]] = {s: set() for s in leaf_order}  # lanes this fill took
        placed, rest = [], []
        on: dict[str, list[str]] = {}
        for sid, p, k in todo:
            cands = [s for s in leaf_order if shape.rails.get(s) == {k}] if rails else \
                on.get(sid, []) + [s for s in leaf_order if s not in on.get(sid, [])]
            leaf = port = None
            for s in cands:
                if cap[s] <= 0:
                    continue
                wide = whole_cage(s, p, gone[s]) if cap[s] >= cages[s][0] else None
                if wide is not None:
                    leaf, port = s, wide
                    cap[s] -= cages[s][0]
                    break
                port = next((q for q in free_ports[s] if q.name not in gone[s]), None)
                if port is not None:
                    leaf = s
                    gone[s].add(port.name)
                    if port.parent is not None:
                        gone[s].add(port.parent + "*")
                    cap[s] -= 1
                    break
            if leaf is None or port is None:
                rest.append((sid, p, k))
                continue
            placed.append((sid, p, k, leaf, port))
            mine = on.setdefault(sid, [])
            if leaf not in mine:
                mine.insert(0, leaf)
        return placed, rest

    cap = {s: _leaf_capacity(shape, len(free_ports[s]), s, r) for s in leaf_order}
    placed, overflow = fill(cap)
    grow = bool(overflow) and shape.tiers == 1
    if grow:  # a second tier: the leaves' free ports become uplinks
        for s in leaf_order:
            need = math.ceil(shape.down[s] / r - 1e-9)
            if len(free_ports[s]) < need:
                raise EditRefused(tmsg(
                    "{fabric} is one tier and its leaf {leaf} is nearly full: the new servers need more leaves and a "
                    "spine tier, and {leaf} would need {need} free ports for uplinks at {ratio:g}:1 (it has "
                    "{have}). Raise the fabric's oversubscription or re-design the fabric",
                    fabric=fab.name, leaf=pl[s].name or s, need=need, ratio=r, have=len(free_ports[s])))
        cap = {s: _grow_capacity(shape.down[s], len(free_ports[s]), r) for s in leaf_order}
        placed, overflow = fill(cap)
    for _, _, _, leaf, port in placed:
        book.mark(leaf, port)

    # 2. new leaves for what does not fit
    st.report(0.1, gettext("Sizing new switches"))
    prefix = LABEL_PREFIX.get(fab.kind, "NET")
    radix = len(model_ports)
    if overflow and not model_ports:
        raise EditRefused(tmsg("{manufacturer} {model} has no data ports at {speed:g} Gb/s for the new switches",
                               manufacturer=sw_dev.manufacturer, model=sw_dev.model, speed=link))
    try:
        d, u = leaf_split(radix, r) if overflow else (0, 0)
    except FabricDesignError as e:
        raise EditRefused(e.args[0] if e.args else str(e)) from None
    height = max(1, math.ceil(sw_dev.u_height))
    spots = _Spots(plan, catalog, switch_rack_order(plan, shape, switch_racks), height, prefix,
                   [plan.index.placement_rack[s] for s in leaf_order if s in plan.index.placement_rack],
                   list(servers))
    new_switches: list[NewSwitch] = []
    names = {p.name for p in pl.values()}
    # switches of the model the user racked for this network and left unwired go first
    idx = plan.index
    rooms = {idx.row_room[idx.rack_row[idx.placement_rack[sid]]] for sid in servers}
    racked = placed_switches(plan, catalog, fab.kind, switch=model, rooms=rooms,
                             exclude=set(servers) | set(shape.level))
    reused: list[NewSwitch] = []

    def add_switch(tier: str, name: str) -> NewSwitch:
        pid = take_racked(racked, tier)
        if pid is not None:
            ns = NewSwitch(pid, pl[pid].name or pid, model, tier, idx.placement_rack[pid], pl[pid].u or 0)
            reused.append(ns)
            return ns
        base, n = name, 1
        while name in names:
            n += 1
            name = f"{base} ({n})"
        names.add(name)
        rack_id, u_pos = spots.take()
        ns = NewSwitch(plan.new_id(f"{prefix.lower()}-{tier}"), name, model, tier, rack_id, u_pos)
        new_switches.append(ns)
        return ns

    node_links: list[tuple[Endpoint, Endpoint]] = [
        (Endpoint.model_construct(placement=sid, port=p.name), Endpoint.model_construct(placement=leaf, port=q.name))
        for sid, p, _k, leaf, q in placed]
    new_leaves: list[NewSwitch] = []
    if overflow:
        if rails:
            by_rail: dict[int, list[tuple[str, Port, int]]] = {}
            for item in overflow:
                by_rail.setdefault(item[2], []).append(item)
            sus_before = max(Counter(next(iter(shape.rails[s])) for s in leaf_order).values())
            for k in sorted(by_rail):
                items = by_rail[k]
                for j in range(0, len(items), d):
                    ns = add_switch("leaf", f"{prefix} Leaf SU{sus_before + j // d + 1} R{k + 1}")
                    new_leaves.append(ns)
                    for sid, p, _k in items[j:j + d]:
                        q = book.take(ns.placement_id, model)
                        assert q is not None
                        node_links.append((Endpoint.model_construct(placement=sid, port=p.name),
                                           Endpoint.model_construct(placement=ns.placement_id, port=q.name)))
        else:
            n_before = len(leaf_order)
            for j in range(0, len(overflow), d):
                ns = add_switch("leaf", f"{prefix} Leaf {n_before + j // d + 1}")
                new_leaves.append(ns)
                for sid, p, _k in overflow[j:j + d]:
                    q = book.take(ns.placement_id, model)
                    assert q is not None
                    node_links.append((Endpoint.model_construct(placement=sid, port=p.name),
                                       Endpoint.model_construct(placement=ns.placement_id, port=q.name)))
        for ns in new_leaves:  # their uplink ports come after the d down ports
            free = book.free(ns.placement_id, model)
            if len(free) < u:  # pragma: no cover - leaf_split keeps d + u <= radix
                raise EditRefused(tmsg("{model} has too few ports for {n} uplinks", model=model, n=u))

    # 3. uplinks
    st.report(0.15, gettext("Connecting new leaves to spines"))
    up_links: list[tuple[Endpoint, Endpoint]] = []
    uplinks_of: list[tuple[str, str, int]] = []  # (leaf id, leaf slug, uplinks wanted)
    if grow:
        extra = Counter(leaf for *_x, leaf, _q in placed)
        for s in leaf_order:
            uplinks_of.append((s, pl[s].device, math.ceil((shape.down[s] + extra[s]) / r - 1e-9)))
    uplinks_of += [(ns.placement_id, model, u) for ns in new_leaves]
    if grow:
        total = sum(n for *_x, n in uplinks_of)
        n_spines = max(1, math.ceil(total / radix))
        spine_ids = [add_switch("spine", f"{prefix} Spine {i + 1}").placement_id for i in range(n_spines)]
        spine_slugs = {s: model for s in spine_ids}
    else:
        spine_ids = sorted(shape.spines, key=lambda s: _natural(pl[s].name or s))
        spine_slugs = {s: pl[s].device for s in spine_ids}
        need = sum(n for *_x, n in uplinks_of)
        have = sum(len(book.free(s, spine_slugs[s])) for s in spine_ids)
        if need > have:
            raise EditRefused(tmsg(
                "{fabric}: the new servers need {leaves} more leaves with {need} uplinks, but its {spines} spines "
                "have {have} free ports. Growing the spine layer would mean re-cabling every leaf: free spine ports, "
                "choose fewer servers, or re-design the fabric",
                fabric=fab.name, leaves=len(new_leaves), need=need, spines=len(spine_ids), have=have))
    for leaf, slug, n in uplinks_of:
        for m in range(n):
            for t in range(len(spine_ids)):
                s = spine_ids[(m + t) % len(spine_ids)]
                sp = book.take(s, spine_slugs[s])
                if sp is not None:
                    break
            else:
                raise EditRefused(tmsg("{fabric}: the spines ran out of free ports for uplinks", fabric=fab.name))
            lp = book.take(leaf, slug)
            if lp is None:  # pragma: no cover - capacities were checked above
                raise EditRefused(tmsg("{leaf} has no free port for an uplink", leaf=pl[leaf].name if leaf in pl else leaf))
            up_links.append((Endpoint.model_construct(placement=leaf, port=lp.name),
                             Endpoint.model_construct(placement=s, port=sp.name)))

    # 4. geometry, switches, links
    st.report(0.2, gettext("Measuring cable routes"))
    geo = CableGeometry(plan, catalog, rules)
    edits: list[Edit] = []
    new_ids = {rk.id for rk in spots.new_racks}
    if spots.new_racks:
        room_id = _room_for(plan, servers) if spots.new_row is not None else plan.index.row_room[spots.row_id]
        if spots.new_row is not None:
            row_obj: Row = spots.new_row.model_copy(update={"racks": list(spots.new_racks)})
            edits.append(AddRow(room_id, spots.new_row))
        else:
            existing = plan.index.rows[spots.row_id]
            row_obj = existing.model_copy(update={"racks": list(existing.racks) + list(spots.new_racks)})
        fps = {f.rack_id: f for f in row_footprints(row_obj, catalog)}
        for rk in spots.new_racks:
            geo.add_rack(rk.id, rk.rack_type, room_id, fps[rk.id])
    by_rack: dict[str, list[Placement]] = {}
    for ns in new_switches:
        placement = Placement(id=ns.placement_id, device=model, name=ns.name, u=ns.u,
                              tags=[f"fabric:{fabric_id}", f"tier:{ns.tier}"])
        by_rack.setdefault(ns.rack_id, []).append(placement)
        geo.add_placement(placement.id, ns.rack_id, placement.u, placement.device)
    for rk in spots.new_racks:
        edits.append(AddRack(spots.row_id, rk.model_copy(update={"placements": by_rack.get(rk.id, [])})))
    checker = PlacementChecker(catalog)
    for rid, ps in by_rack.items():
        if rid not in new_ids:
            edits.extend(AddPlacement(rid, placement, checker) for placement in ps)

    chooser = MediaChooser(catalog)
    pairs = node_links + up_links
    # a whole-cage link runs at its device port's speed (whole_cage), every other at the fabric's
    fast = {(sid, p.name): p.speed_gbps for sid, p, _k, _leaf, q in placed
            if q.parent is None and q.speed_gbps >= p.speed_gbps > link}
    first = _next_label(plan, fabric_id, prefix)
    result = ExtendResult(edit=Compound([], text=""), fabric_id=fabric_id,
                          servers=list(dict.fromkeys(a.placement for a, _ in node_links)),
                          switches=new_switches, new_racks=list(spots.new_racks), server_links=len(node_links),
                          uplinks=len(up_links), tiers_before=shape.tiers, leaves_before=len(leaf_order),
                          tiers_after=max(shape.tiers, 2 if (grow or new_leaves) else shape.tiers),
                          rail_pattern=rails, link_gbps=link, kind=fab.kind, reused=reused)
    stage = render(N_("Choosing media and lengths for {n:,} cables"), {"n": len(pairs)})
    links: list[Link] = []
    for n, (a, b) in enumerate(pairs):
        if n % BATCH == 0:
            st.report(0.25 + 0.7 * n / max(1, len(pairs)), stage)
        route = geo.route_m(a.placement, b.placement)
        media = chooser.choose(fast.get((a.placement, a.port), link), route)
        if media is None:
            result.unrouted += 1
            cable, length = None, round(route, 2)
        else:
            cable, length = media.cable, media.length_m
        links.append(Link.model_construct(id=plan.new_id("link"), fabric=fabric_id, a=a, b=b, cable=cable,
                                          length_m=length, label=f"{prefix}-{first + n:05d}"))
    edits.append(AddLinks(links, text=deferred(N_("Add fabric links"))))
    result.links = links
    n_srv = len(result.servers)
    result.edit = Compound(edits, text=deferred(N_("Extend {name} ({servers} servers, {switches} switches)"),
                                                name=fab.name, servers=n_srv, switches=len(new_switches)))
    st.finish(render(N_("{n:,} cables designed"), {"n": len(links)}))
    return result


def _natural(text: str) -> list[int | str]:
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", text)]


def _next_label(plan: Plan, fabric_id: str, prefix: str) -> int:
    """The number after the highest ``PREFIX-nnnnn`` label of the plan (else after the
    fabric's link count), so extension labels do not repeat designed ones."""
    rx = re.compile(rf"^{re.escape(prefix)}-(\d+)$")
    top = 0
    count = 0
    for lk in plan.links:
        m = rx.match(lk.label or "")
        if m:
            top = max(top, int(m.group(1)))
        if lk.fabric == fabric_id:
            count += 1
    return (top or count) + 1


# -- preview ------------------------------------------------------------------------------------------


@dataclass
class SwitchLine:
    device: str
    model: str  # manufacturer and model for people
    rack: str  # rack name
    new_rack: bool
    units: list[int]
    tier: str


@dataclass
class Additions:
    """What an extension adds, for the preview (all figures from the catalog and engine)."""

    switches: list[SwitchLine]
    cables: list[tuple[str, str, float, int]]  # (slug, name, ordered length m, count)
    optics: list[tuple[str, str, int]]  # (transceiver slug, name, count)
    racks_with_switches: list[str]  # rack names, in order
    new_racks: list[str]
    server_links: int
    uplinks: int
    unrouted: int
    added_typical_kw: float
    added_max_kw: float
    reused: list[SwitchLine] = field(default_factory=list)  # switches already racked that the design wires

    @property
    def switch_count(self) -> int:
        return sum(len(s.units) for s in self.switches)

    @property
    def cables_total(self) -> int:
        return sum(n for *_x, n in self.cables)

    @property
    def optics_total(self) -> int:
        return sum(n for *_x, n in self.optics)


# (plan, edit) -> ((typical W, max W) before, (typical W, max W) after): the engine's IT
# power around a dry run of the edit (planner.engine.power_delta makes one; the fabric
# layer sits below the engine and does not import it)
PowerDelta = Callable[[Plan, Edit], tuple[tuple[float, float], tuple[float, float]]]


def additions(plan: Plan, catalog: Catalog, result: ExtendResult, power_delta: PowerDelta) -> Additions:
    """What ``result`` adds, from a dry run of its edit on ``plan`` (applied, measured,
    reverted: the plan is left as it was): the IT power before and after from
    ``power_delta`` (typical and max, switches and optics included). The engine's full
    compute of the plan is most of the time (~3 s for 2,048 eight-GPU servers)."""
    return _additions(plan, catalog, result.edit, result.switches, result.new_racks, result.links,
                      result.server_links, result.uplinks, result.unrouted, result.link_gbps, power_delta,
                      reused=[ns.placement_id for ns in result.reused],
                      tiers={ns.placement_id: ns.tier for ns in result.reused})


def design_additions(plan: Plan, catalog: Catalog, result: AutowireResult, power_delta: PowerDelta) -> Additions:
    """What a new fabric's design (:func:`planner.fabric.autowire.autowire`) adds, as
    :func:`additions` says it for an extension; the switches it takes that the user had
    racked are listed apart (``reused``: wired, not added)."""
    return _additions(plan, catalog, result.edit, result.added, result.new_rack_list, result.link_list,
                      result.links - result.uplinks, result.uplinks, result.unrouted, result.link_gbps, power_delta,
                      reused=result.reused,
                      tiers={pid: t for t, ids in result.switches.items() for pid in ids})


def _switch_lines(catalog: Catalog, switches: Sequence[NewSwitch], rack_names: dict[str, str],
                  new_ids: set[str]) -> list[SwitchLine]:
    lines: dict[tuple[str, str, str], SwitchLine] = {}
    for ns in switches:
        key = (ns.rack_id, ns.device, ns.tier)
        if key not in lines:
            dev = catalog.get("device-types", ns.device)
            label = f"{dev.manufacturer} {dev.model}" if dev is not None else ns.device
            lines[key] = SwitchLine(ns.device, label, rack_names[ns.rack_id], ns.rack_id in new_ids, [], ns.tier)
        lines[key].units.append(ns.u)
    for line in lines.values():
        line.units.sort()
    return sorted(lines.values(), key=lambda s: (s.tier != "leaf", s.rack, s.units))


def _additions(plan: Plan, catalog: Catalog, edit: Edit, switches: Sequence[NewSwitch], new_racks: Sequence[Rack],
               links: Sequence[Link], server_links: int, uplinks: int, unrouted: int, link_gbps: float,
               power_delta: PowerDelta, reused: Sequence[str] = (), tiers: dict[str, str] | None = None) -> Additions:
    (b_typ, b_max), (a_typ, a_max) = power_delta(plan, edit)
    rack_names = {r.id: r.name for r in plan.racks()}
    rack_names.update({r.id: r.name for r in new_racks})
    new_ids = {r.id for r in new_racks}
    pl = plan.index.placements
    kept = [NewSwitch(pid, pl[pid].name or pid, pl[pid].device, (tiers or {}).get(pid, "leaf"),
                      plan.index.placement_rack[pid], pl[pid].u or 0) for pid in reused if pid in pl]
    cables: Counter = Counter()
    optics: Counter = Counter()
    chooser = MediaChooser(catalog)
    for lk in links:
        cables[(lk.cable or "", float(lk.length_m or 0.0))] += 1
        cab = catalog.get("cables", lk.cable) if lk.cable else None
        if cab is not None:
            x = transceiver_for(chooser, cab, link_gbps, float(lk.length_m or 0.0))
            if x is not None:
                optics[x.slug] += 2

    def cname(slug: str) -> str:
        c = catalog.get("cables", slug) if slug else None
        return f"{c.vendor} {c.model}".strip() if c is not None else (slug or "no catalog media")

    racks = list(dict.fromkeys(rack_names[ns.rack_id] for ns in switches))
    return Additions(
        switches=_switch_lines(catalog, switches, rack_names, new_ids),
        cables=[(slug, cname(slug), length, n) for (slug, length), n in sorted(cables.items())],
        optics=[(slug, cname(slug), n) for slug, n in sorted(optics.items())],
        racks_with_switches=racks, new_racks=[r.name for r in new_racks],
        server_links=server_links, uplinks=uplinks, unrouted=unrouted,
        added_typical_kw=(a_typ - b_typ) / 1000.0, added_max_kw=(a_max - b_max) / 1000.0,
        reused=_switch_lines(catalog, kept, rack_names, new_ids))


@dataclass
class ExtendPreview:
    """An extension and what it adds, ready to show before its edit is pushed."""

    result: ExtendResult
    added: Additions


def extendable_fabrics(plan: Plan) -> list[Fabric]:
    """The plan's fabrics that auto-wire can extend: wired ones, NVLink domains excepted."""
    wired = {lk.fabric for lk in plan.links}
    return [f for f in plan.fabrics if f.kind != "nvlink" and f.id in wired]


def unwired_devices(plan: Plan, catalog: Catalog, fabric_id: str) -> list[str]:
    """Servers and storage appliances with a free port of the fabric's kind, for a
    management fabric also other devices' free management ports (a switch's mgmt0,
    :func:`planner.fabric.autowire.wires_into`) but the fabric's own switches': the
    candidates for extending it, in plan order."""
    fab = next((f for f in plan.fabrics if f.id == fabric_id), None)
    if fab is None or fab.kind == "nvlink":
        return []
    used = used_ports(plan)
    try:
        own = set(fabric_shape(plan, catalog, fabric_id).level)
    except EditRefused:  # no switch wired yet
        own = set()
    out = []
    for pid, p in plan.index.placements.items():
        dp = device_ports(catalog, p.device)
        if dp is not None and pid not in own and wires_into(catalog, p.device, fab.kind) \
                and any((pid, q.name) not in used for q in dp.role(fab.kind)):
            out.append(pid)
    return out


def preview_extension(plan: Plan, catalog: Catalog, fabric_id: str, servers: Sequence[str], *, power_delta: PowerDelta,
                      progress: ProgressFn | None = None, cancel: CancelFn | None = None,
                      **kw: Any) -> ExtendPreview:
    """:func:`extend_fabric` then :func:`additions` (measured with ``power_delta``), with
    one progress bar and cancel for both (the app's Preview runs this off the GUI thread)."""
    st = Steps(progress, cancel)
    # the engine's compute for the added power takes most of the time on big plans
    res = extend_fabric(plan, catalog, fabric_id, servers, progress=st.sub(0.0, 0.3).report, cancel=st.cancel, **kw)
    st.report(0.3, gettext("Measuring the added power"))
    added = additions(plan, catalog, res, power_delta)
    # the plural follows the switch count ("1 switch"), the cable count is always plural-safe
    st.finish(render(Np_("{n:,} cables and {switches} switch to add", "{n:,} cables and {switches} switches to add"),
                     {"n": len(res.links), "switches": len(res.switches)}, n=len(res.switches)))
    return ExtendPreview(res, added)


@dataclass
class DesignPreview:
    """A new fabric's design and what it adds, ready to show before its edit is pushed."""

    result: AutowireResult
    added: Additions


def preview_design(plan: Plan, catalog: Catalog, servers: Sequence[str], switch: str, *, power_delta: PowerDelta,
                   progress: ProgressFn | None = None, cancel: CancelFn | None = None, **kw: Any) -> DesignPreview:
    """:func:`planner.fabric.autowire.autowire` then :func:`design_additions`, with one
    progress bar and cancel for both, as :func:`preview_extension` for an extension."""
    st = Steps(progress, cancel)
    res = autowire(plan, catalog, servers, switch, progress=st.sub(0.0, 0.3).report, cancel=st.cancel, **kw)
    st.report(0.3, gettext("Measuring the added power"))
    added = design_additions(plan, catalog, res, power_delta)
    st.finish(render(Np_("{n:,} cables and {switches} switch to add", "{n:,} cables and {switches} switches to add"),
                     {"n": res.links, "switches": len(res.added)}, n=len(res.added)))
    return DesignPreview(res, added)
