"""Auto-wiring: a fat tree for chosen servers, switches placed, every link named.

:func:`autowire` returns an :class:`AutowireResult` whose ``edit`` is one
``Compound`` (one undo step): add the fabric, add network racks if needed, place
the leaf/spine/core switches, add every link with port names, cable media and
ordered length. The sizes come from :func:`planner.fabric.topology.design_fat_tree`,
the same code the calculator uses.

Compute fabrics are rail-optimised by default. Storage, front-end and
management networks use ``rail_optimised=False`` and ``leaf_per="rack"`` or
``"row"``: a leaf (top-of-rack or end-of-row) per group of servers, filled in
port order, with spines when there is more than one leaf.

Both design functions take ``progress(fraction, stage)`` and ``cancel() -> bool``
(:mod:`planner.fabric.progress`, the same pattern as the build-plan export): the
design checks ``cancel`` between stages, every :data:`BATCH` cables and per switch
batch / NVLink rack, and stops with :class:`~planner.fabric.progress.Cancelled`.
Nothing reaches the plan either way: the edit is built, not applied.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from planner.fabric.autowire_base import BATCH, LABEL_PREFIX, AutowireResult, NewSwitch, _id_block
from planner.fabric.cabling import CableGeometry, CableRules
from planner.fabric.media import MediaChooser
from planner.fabric.names import device_kind_text, fabric_kind_text, role_ports_text
from planner.fabric.nvlink_wire import autowire_nvlink_rack
from planner.fabric.ports import (
    Port,
    cage_lanes,
    cage_starts,
    device_ports,
    laid_out_lanes,
    lanes_of,
    link_and_radix,
)
from planner.fabric.progress import CancelFn, ProgressFn, Steps, without_gc
from planner.fabric.topology import FabricDesignError, FatTree, Hop, design_fat_tree, leaf_split
from planner.fabric.wiring import AddLinks, used_ports
from planner.fabric.wiring import fabric_name as default_fabric_name
from planner.i18n import N_, Message, Np_, deferred, gettext, render, tmsg
from planner.model.edits import AddItem, AddPlacement, AddRack, AddRow, Compound, Edit, EditRefused
from planner.model.geometry import row_footprints
from planner.model.naming import Namer, Place
from planner.model.placement import PlacementChecker
from planner.model.plan import Endpoint, Fabric, Link, Placement, Plan, Rack, Row

if TYPE_CHECKING:
    from planner.catalog import Catalog, DeviceType
    from planner.catalog.models import SwitchSpec

ROLE_NAMES = {"leaf": "Leaf", "spine": "Spine", "core": "Core"}
AISLE_M = 1.2
# the switch fabrics (planning.switch.fabric) each network kind is built from, best first
SWITCH_FABRIC = {"compute": ("infiniband", "ethernet"), "storage": ("infiniband", "ethernet"),
                 "frontend": ("ethernet",), "management": ("management", "ethernet")}
# what a racked switch's name or tags say it is for (docs/fabrics.md, "Switches already racked")
_KIND_HINTS = {
    "compute": re.compile(r"(compute|gpu|rail|cmp)", re.I),
    "storage": re.compile(r"(stor|(^|[^a-z])sto([^a-z]|$))", re.I),
    "frontend": re.compile(r"(front|inband|in-band|(^|[^a-z])fe([^a-z]|$))", re.I),
    "management": re.compile(r"(mgmt|mgt|manage|oob|bmc|ipmi)", re.I),
}
_TIER_HINTS = (("core", re.compile(r"(core|super.?spine)", re.I)), ("spine", re.compile(r"spine", re.I)),
               ("leaf", re.compile(r"(leaf|(^|[^a-z])tor([^a-z]|$)|top.of.rack)", re.I)))


def _server_ports(plan: Plan, catalog: Catalog, servers: Sequence[str], role: str) -> list[list[Port]]:
    out = []
    for sid in servers:
        if sid not in plan.index.placements:
            raise EditRefused(tmsg("device {id!r} does not exist", id=sid))
        p = plan.index.placements[sid]
        dp = device_ports(catalog, p.device)
        if dp is None:
            raise EditRefused(tmsg("{name}: device type {device!r} is not in the catalog", name=p.name or sid,
                                   device=p.device))
        ports = dp.role(role)
        if not ports:
            raise EditRefused(tmsg("{name} ({device}) has no {ports}", name=p.name or sid, device=p.device,
                                   ports=role_ports_text(role)))
        out.append(ports)
    return out


def _mixed_refusal(role: str, ports: list[list[Port]]) -> EditRefused:
    return EditRefused(tmsg("the chosen servers have different numbers of {ports} ({counts}); a "
                            "rail-optimised fabric needs the same on every server: auto-wire them as separate "
                            "fabrics or without rails", ports=role_ports_text(role), counts=str(sorted({len(x) for x in ports}))))


def _switch_device(catalog: Catalog | None, slug: str) -> tuple[DeviceType, SwitchSpec]:
    """The switch's device type and its ``planning.switch`` block."""
    dev = catalog.get("device-types", slug) if catalog is not None else None
    if dev is None:
        raise EditRefused(tmsg("switch {slug!r} is not in the catalog", slug=slug))
    if dev.kind != "switch" or dev.planning is None or dev.planning.switch is None:
        # a loaded entry of kind "switch" always has the block (Planning._kind_blocks refuses one without)
        raise EditRefused(tmsg("{slug!r} is a {kind}, not a switch", slug=slug, kind=device_kind_text(dev.kind)))
    return dev, dev.planning.switch


def wires_into(catalog: Catalog | None, slug: str, kind: str) -> bool:
    """Whether auto-wiring a ``kind`` network wires this device type: a server or storage
    appliance with ports of that role; for the management network also any other device
    with management (mgmt/OOB) ports, a switch's ``mgmt0`` as a server's BMC, except a
    management switch's own (it is the network)."""
    dp = device_ports(catalog, slug)
    if dp is None or not dp.role(kind):
        return False
    if dp.kind in ("server", "storage"):
        return True
    if kind != "management":
        return False
    dev = catalog.get("device-types", slug) if catalog is not None else None
    sw = dev.planning.switch if dev is not None and dev.planning is not None else None
    return sw is None or sw.fabric != "management"


def autowire_members(plan: Plan, catalog: Catalog | None, ids: Sequence[str], kind: str,
                     switch: str | None = None) -> tuple[list[str], list[str]]:
    """Of the placements ``ids``, those auto-wiring a ``kind`` network wires
    (:func:`wires_into`; a switch of the model ``switch`` the network is built from is its
    switch, not a member) with a port of that role still free, and those whose ports of that
    role are all wired already: (to wire, already wired), each in the order given."""
    used = used_ports(plan)
    todo: list[str] = []
    done: list[str] = []
    pl = plan.index.placements
    for pid in ids:
        p = pl.get(pid)
        if p is None or (switch is not None and p.device == switch and kind == "management") \
                or not wires_into(catalog, p.device, kind):
            continue
        dp = device_ports(catalog, p.device)
        ports = dp.role(kind) if dp is not None else []
        (todo if any((pid, q.name) not in used for q in ports) else done).append(pid)
    return todo, done


def nothing_to_wire(plan: Plan, kind: str, done: Sequence[str]) -> Message:
    """Why auto-wire has nothing to do: the chosen devices are wired already (``done``, from
    :func:`autowire_members`), or none of them has ports of the kind."""
    ports = role_ports_text(kind)
    if len(done) == 1:
        p = plan.index.placements.get(done[0])
        return tmsg("{name} is already wired: each of its {ports} has a link", name=(p.name if p else None) or done[0],
                    ports=ports)
    if done:
        return tmsg(Np_("The chosen device is already wired: each of its {ports} has a link",
                        "The {n} chosen devices are already wired: each of their {ports} has a link"),
                    n=len(done), ports=ports)
    return tmsg("None of the chosen devices has {ports} to wire", ports=ports)


def _natural(text: str) -> list[int | str]:
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", text)]


def _data_wired(plan: Plan, catalog: Catalog) -> set[str]:
    """Placements with a link on a port that is not one of their management ports (a
    switch whose mgmt0 is on the management network is still free for a data fabric)."""
    out: set[str] = set()
    mgmt: dict[str, set[str]] = {}
    pl = plan.index.placements
    for lk in plan.links:
        for end in (lk.a, lk.b):
            pid = end.placement
            if pid in out or pid not in pl:
                continue
            slug = pl[pid].device
            if slug not in mgmt:
                dp = device_ports(catalog, slug)
                mgmt[slug] = {p.name for p in dp.role("management")} if dp is not None else set()
            if end.port not in mgmt[slug]:
                out.add(pid)
    return out


class Racked(NamedTuple):
    """A switch racked for a network (:func:`placed_switches`)."""

    placement: str
    tier: str | None  # what its name or tags say: leaf/spine/core, or None
    named: bool  # its name or tags name this network


def take_racked(racked: list[Racked], tier: str, rack: str | None = None,
                rack_of: Mapping[str, str] | None = None) -> str | None:
    """Take (remove and return) the best of ``racked`` for a switch of ``tier``: one named for
    the network before one that is not, within each one named for the tier before one named
    for none; in ``rack`` when given. None when none fits."""
    best: tuple[int, int] | None = None
    pick = -1
    for k, r in enumerate(racked):
        if r.tier not in (tier, None) or (rack is not None and rack_of is not None and rack_of.get(r.placement) != rack):
            continue
        rank = (0 if r.named else 1, 0 if r.tier == tier else 1)
        if best is None or rank < best:
            best, pick = rank, k
    return racked.pop(pick).placement if best is not None else None


def placed_switches(plan: Plan, catalog: Catalog, kind: str, *, switch: str | None = None,
                    rooms: set[str] | None = None, exclude: Collection[str] = ()) -> list[Racked]:
    """Switches racked for a ``kind`` network and not wired into a fabric yet, best first
    (:class:`Racked`: placement id, the tier its name or tags give, whether they name the network).

    A switch counts when it is of the model ``switch`` (else of a switch fabric the kind is
    built from, :data:`SWITCH_FABRIC`), stands in one of ``rooms`` (all when None), has no
    link but on its management ports, is tagged for no existing fabric, and its name or tags
    name no other network (``stor``, ``mgmt``, ``fe`` ...). Those naming this network come
    first, then the rest by name (``Leaf 2`` before ``Leaf 10``)."""
    pl = plan.index.placements
    fabrics = {f.id for f in plan.fabrics}
    wired = _data_wired(plan, catalog)
    want = SWITCH_FABRIC.get(kind, ())
    out: list[tuple[tuple[int, list[int | str]], Racked]] = []
    for pid, p in pl.items():
        if pid in wired or pid in exclude:
            continue
        if switch is not None:
            if p.device != switch:
                continue
            dev = catalog.get("device-types", p.device)
        else:
            dev = catalog.get("device-types", p.device)
            if dev is None or dev.planning is None or dev.planning.switch is None \
                    or dev.planning.switch.fabric not in want:
                continue
        if dev is None or dev.kind != "switch":
            continue
        if rooms is not None:
            rack = plan.index.placement_rack.get(pid)
            if rack is None or plan.index.row_room.get(plan.index.rack_row.get(rack, ""), "") not in rooms:
                continue
        if any(t.startswith("fabric:") and t[7:] in fabrics for t in p.tags):
            continue
        text = " ".join([p.name or "", *p.tags])
        mine = bool(_KIND_HINTS[kind].search(text)) if kind in _KIND_HINTS else False
        if not mine and any(rx.search(text) for k, rx in _KIND_HINTS.items() if k != kind):
            continue
        tier = next((t for t, rx in _TIER_HINTS if rx.search(text)), None)
        out.append(((0 if mine else 1, _natural(p.name or pid)), Racked(pid, tier, mine)))
    out.sort(key=lambda x: x[0])
    return [r for _key, r in out]


def placed_switch_models(plan: Plan, catalog: Catalog, kind: str) -> list[str]:
    """The models of :func:`placed_switches` for ``kind``, most racked first (the model
    the auto-wire dialog proposes)."""
    counts: dict[str, int] = {}
    for pid, _tier, _named in placed_switches(plan, catalog, kind):
        slug = plan.index.placements[pid].device
        counts[slug] = counts.get(slug, 0) + 1
    return sorted(counts, key=lambda s: -counts[s])


def proposed_leaf_layout(plan: Plan, catalog: Catalog, kind: str, members: Sequence[str],
                         switch: str | None = None) -> str | None:
    """The leaf layout the auto-wire dialog proposes for a new ``kind`` network of
    ``members``: rails (None) for compute; for the access networks a leaf per rack
    (``"rack"``), unless switches are racked for the network (:func:`placed_switches`) and
    some rack of the members has none of them, then leaves per row (``"row"``): the racked
    switches serve the row instead of new top-of-rack leaves beside them."""
    if kind == "compute":
        return None
    idx = plan.index
    members = [m for m in members if m in idx.placements and wires_into(catalog, idx.placements[m].device, kind)]
    racked = placed_switches(plan, catalog, kind, switch=switch, exclude=set(members))
    if not racked:
        return "rack"
    with_switch = {idx.placement_rack.get(r.placement) for r in racked}
    racks = {idx.placement_rack[m] for m in members if m in idx.placement_rack}
    return "rack" if racks <= with_switch else "row"


def _reuse(placed: list[Racked], plan: Plan, order: list[tuple[str, int]],
           preferred: dict[int, str]) -> dict[tuple[str, int], str]:
    """Which racked switch takes which place of the design ((tier, index) -> placement id):
    a group's leaf the one racked in that group's rack first, then every tier in turn
    (:func:`take_racked`)."""
    free = list(placed)
    out: dict[tuple[str, int], str] = {}
    for i, g_rack in preferred.items():
        pid = take_racked(free, "leaf", g_rack, plan.index.placement_rack)
        if pid is not None:
            out[("leaf", i)] = pid
    for role, count in order:
        for i in range(count):
            if (role, i) in out or not free:
                continue
            pid = take_racked(free, role)
            if pid is not None:
                out[(role, i)] = pid
    return out


class _Slots:
    """Free U positions for switches in the given racks, in rack order, each rack filled
    from the top down: switches go top-of-rack, where an installer puts them (servers
    fill racks from the bottom). New network racks are the caller's."""

    def __init__(self, plan: Plan, catalog: Catalog, racks: Sequence[str], height: int) -> None:
        self.plan = plan
        self.height = height
        self.checker = PlacementChecker(catalog)
        self.free: list[tuple[str, int]] = []
        for rack_id in racks:
            if rack_id not in plan.index.racks:
                raise EditRefused(tmsg("rack {id!r} does not exist", id=rack_id))
            rack = plan.index.racks[rack_id]
            spots = [start + length - (k + 1) * height
                     for start, length in self.checker.free_blocks(rack) for k in range(length // height)]
            self.free.extend((rack_id, u) for u in sorted(spots, reverse=True))

    def take(self, taken: set[tuple[str, int]] | None = None) -> tuple[str, int] | None:
        """The next free spot not in ``taken`` (spots another ``_Slots`` over the same rack
        handed out), which it joins."""
        while self.free:
            spot = self.free.pop(0)
            if taken is None or spot not in taken:
                if taken is not None:
                    taken.add(spot)
                return spot
        return None


@without_gc
def autowire(plan: Plan, catalog: Catalog, servers: Sequence[str], switch: str, *, kind: str = "compute",
             oversubscription: float = 1.0, rail_optimised: bool | None = None, leaf_per: str | None = None,
             switch_racks: Sequence[str] = (), rack_type: str | None = None, network_row: str | None = None,
             switches_per_rack: int | None = None, fabric_id: str | None = None, fabric_name: str | None = None,
             rules: CableRules | None = None, progress: ProgressFn | None = None,
             cancel: CancelFn | None = None, use_placed: bool = True, growable: bool = False) -> AutowireResult:
    """Plan a fat tree for ``servers`` (placement ids) on ``switch`` (catalog slug).

    ``kind`` picks the server ports (compute/storage/frontend/management) and the
    fabric kind. Switches go to free U in ``switch_racks`` (in order), then into new
    racks of ``rack_type`` appended to ``network_row`` (or a new network row behind
    the servers' rows). ``leaf_per`` (``"rack"``/``"row"``) gives each rack or row of
    servers its own leaves, placed in that rack when it has room (access networks).
    With ``use_placed`` the design takes the switches of model ``switch`` already racked
    for this network and not yet wired (:func:`placed_switches`) first, and places only
    what is missing. ``growable`` (plan-for --grow): one switch only while it keeps the free
    ports to become a leaf later, else leaves and spines (topology.design_fat_tree), so the
    next growth phase extends the fabric without re-cabling. Nothing changes until the
    returned ``edit`` is applied.

    ``progress(fraction, stage)`` is called from the calling thread as the design goes
    (fractions only rise; 1.0 once the result exists); ``cancel()`` returning True stops
    it with :class:`~planner.fabric.progress.Cancelled`.
    """
    st = Steps(progress, cancel)
    st.report(0.0, gettext("Checking servers and ports"))
    if not servers:
        raise EditRefused(tmsg("choose at least one server to wire"))
    if len(set(servers)) != len(servers):
        raise EditRefused(tmsg("a server is listed twice"))
    if kind == "nvlink":
        return _autowire_nvlink(plan, catalog, servers, fabric_id=fabric_id, fabric_name=fabric_name, rules=rules,
                                st=st)
    n_devices = len(servers)
    role = kind if kind != "nvlink" else "compute"
    sw, sw_spec = _switch_device(catalog, switch)
    ports = _server_ports(plan, catalog, servers, role)
    nic_speed = min(p.speed_gbps for srv in ports for p in srv)
    link, sw_ports = link_and_radix(catalog, nic_speed, switch)
    if not sw_ports:
        raise EditRefused(tmsg("switch {slug!r} lists no data ports", slug=switch))
    if rail_optimised is None:
        rail_optimised = kind == "compute" and leaf_per is None
    lanes = cage_lanes(sw_ports, catalog, switch)
    # a port as fast as the switch's cages takes a whole cage at its own speed (a DDN's 400G
    # port beside the servers' 200G storage NICs on 2 x 200G lanes): per-device link speeds
    wide = not rail_optimised and any(lanes_of(p.speed_gbps, lanes) > 1 for srv in ports for p in srv)
    width: list[int] = []  # lanes each design node takes (its first lane carries the link)
    if len({len(x) for x in ports}) > 1 or wide:
        # servers and storage appliances with different port counts (2 x 400G per GPU
        # server, 8 x NDR per AI400X2): without rails every port is one endpoint, filled
        # in order, so each "node" of the design below is one port.
        if rail_optimised:
            raise _mixed_refusal(role, ports)
        owners = [(sid, p) for sid, srv in zip(servers, ports) for p in srv]
        if wide:  # whole-cage ports first, so each starts a cage (checked below)
            owners.sort(key=lambda o: -lanes_of(o[1].speed_gbps, lanes))
            per_port = [lanes_of(p.speed_gbps, lanes) for _, p in owners]
            owners = [o for o, w in zip(owners, per_port) for _ in range(w)]
            width = [w for w in per_port for _ in range(w)]
        servers = [sid for sid, _ in owners]
        ports = [[p] for _, p in owners]
    rails = len(ports[0])
    used = used_ports(plan)
    for sid, srv in zip(servers, ports):
        for p in srv:
            if (sid, p.name) in used:
                raise EditRefused(tmsg("port {port} of {name} is already wired (link {link}); disconnect it first",
                                       port=p.name, name=plan.placement(sid).name or sid, link=used[(sid, p.name)]))
    st.report(0.02, gettext("Sizing the fat tree"))

    def make(srv: Sequence[str]) -> tuple[FatTree, _Groups | None]:
        try:
            if leaf_per is None:
                return design_fat_tree(len(srv), rails, len(sw_ports), link, oversubscription, rail_optimised,
                                       growable=growable), None
            grp = _groups(plan, srv, leaf_per)
            return _grouped_design(grp, rails, len(sw_ports), link, oversubscription), grp
        except FabricDesignError as e:
            raise EditRefused(e.args[0] if e.args else str(e)) from None

    # node -> lanes it takes (its own, then 0 for the lanes it covers and for unused lanes); None:
    # one lane each
    span: list[int] | None = None
    laid = _cage_layout(plan, servers, ports, width, lanes[0], leaf_per, make) if width else None
    if laid is not None:
        design, groups, servers, ports, span = laid
    elif width:  # pragma: no cover - a cage wider than a leaf's down ports: every port on a lane
        kept = _starts(width)
        servers, ports = [servers[i] for i in kept], [ports[i] for i in kept]
        design, groups = make(servers)
    else:
        design, groups = make(servers)

    edits: list[Edit] = []
    fid = fabric_id
    if fid is None or not any(f.id == fid for f in plan.fabrics):
        fid = fid or plan.new_id("fabric")
        tech = {"infiniband": "infiniband", "ethernet": "ethernet", "management": "ethernet",
                "nvlink": "nvlink"}[sw_spec.fabric]
        edits.append(AddItem(Fabric(id=fid, name=fabric_name or default_fabric_name(kind), kind=kind,
                                    technology=tech, speed_gbps=link,
                                    # the target the user asked for; what the design reaches is the
                                    # engine's to judge against it
                                    oversubscription=max(1.0, float(oversubscription)),
                                    rail_optimised=bool(rail_optimised))))

    geo = CableGeometry(plan, catalog, rules)
    height = max(1, math.ceil(sw.u_height))
    order = [("leaf", design.leaves), ("spine", design.spines), ("core", design.cores)]
    # top-of-rack leaves for access networks go in their group's rack first
    preferred: dict[int, str] = {}
    if groups is not None and leaf_per == "rack":
        leaf = 0
        for g_key, members in groups:
            n = math.ceil(len(members) * rails / design.down_per_leaf) if design.tiers > 1 else 1
            for _ in range(n):
                preferred[leaf] = g_key
                leaf += 1
    slots = _Slots(plan, catalog, list(switch_racks), height)
    taken: set[tuple[str, int]] = set()  # a group's rack can also be in switch_racks: one switch per spot
    rack_slots: dict[str, _Slots] = {}
    switch_ids: dict[str, list[str]] = {"leaf": [], "spine": [], "core": []}
    placements_by_rack: dict[str, list[Placement]] = {}
    new_racks: list[Rack] = []
    new_rack_slots: list[tuple[str, int]] = []
    rtype = rack_type or plan.rack_of(servers[0]).rack_type
    rt = catalog.get("rack-types", rtype)
    rack_u = rt.u_height if rt is not None else 42
    per_rack = switches_per_rack or max(1, rack_u // height)
    row_id, new_row = _network_row(plan, catalog, servers, network_row)
    prefix = LABEL_PREFIX.get(kind, "NET")
    # the plan's naming patterns for racks and switches, when it has them (planner.model.naming);
    # else role names (IB-NET-01, the fabric's leaf/spine names)
    namer = Namer(plan, catalog)
    room_name = plan.index.rooms[_room_for(plan, servers)].name
    row_name = new_row.name if new_row is not None else plan.index.rows[row_id].name
    rack_names: dict[str, str] = {}

    def new_rack() -> None:
        rid = plan.new_id("rack")
        while any(r.id == rid for r in new_racks):  # pragma: no cover - new_id never repeats
            rid = plan.new_id("rack")
        n = len(new_racks) + 1
        pattern = namer.pattern_for("rack")
        name = (namer.from_pattern("rack", pattern, Place(room=room_name, row=row_name)) if pattern
                else f"{prefix}-NET-{n:02d}")
        rack_names[rid] = name
        rack = Rack(id=rid, name=name, rack_type=rtype, position=_next_position(plan, row_id,
                    new_row, len(new_racks)), tags=["network"])
        new_racks.append(rack)
        for k in range(per_rack):
            new_rack_slots.append((rid, 1 + k * height))

    reuse: dict[tuple[str, int], str] = {}
    if use_placed:
        idx = plan.index
        rooms = {idx.row_room[idx.rack_row[idx.placement_rack[sid]]] for sid in set(servers)}
        racked = placed_switches(plan, catalog, kind, switch=switch, rooms=rooms, exclude=set(servers))
        if racked:
            reuse = _reuse(racked, plan, order, preferred)
    reused: list[str] = []
    added: list[NewSwitch] = []
    st.report(0.03, render(N_("Placing {n:,} switches"), {"n": design.switches}))
    placed = 0
    for role_name, count in order:
        for i in range(count):
            placed += 1
            if placed % 64 == 0:
                st.report(0.03 + 0.04 * placed / design.switches)
            if (role_name, i) in reuse:
                switch_ids[role_name].append(reuse[(role_name, i)])
                reused.append(reuse[(role_name, i)])
                continue
            spot = None
            if i in preferred and role_name == "leaf":
                g_rack = preferred[i]
                if g_rack not in rack_slots:
                    rack_slots[g_rack] = _Slots(plan, catalog, [g_rack], height)
                spot = rack_slots[g_rack].take(taken)
            if spot is None:
                spot = slots.take(taken)
            if spot is None:
                if not new_rack_slots:
                    new_rack()
                spot = new_rack_slots.pop(0)
            rack_id, u = spot
            pid = plan.new_id(f"{prefix.lower()}-{role_name}")
            if namer.pattern_for("switch"):
                place = (namer.place_of_rack(rack_id) if rack_id in plan.index.racks
                         else Place(room=room_name, row=row_name, rack=rack_names[rack_id]))
                name = namer.device(switch, place)
            else:
                name = _switch_name(design, role_name, i, prefix)
            placement = Placement(id=pid, device=switch, name=name, u=u,
                                  tags=[f"fabric:{fid}", f"tier:{role_name}"])
            placements_by_rack.setdefault(rack_id, []).append(placement)
            switch_ids[role_name].append(pid)
            added.append(NewSwitch(pid, name, switch, role_name, rack_id, u))

    # geometry of the racks and devices about to be added
    st.report(0.07, gettext("Measuring cable routes"))
    if new_racks:
        if new_row is not None:
            row_obj = new_row.model_copy(update={"racks": list(new_racks)})
            room_id = _room_for(plan, servers)
        else:
            existing = plan.index.rows[row_id]
            row_obj = existing.model_copy(update={"racks": list(existing.racks) + list(new_racks)})
            room_id = plan.index.row_room[row_id]
        fps = {f.rack_id: f for f in row_footprints(row_obj, catalog)}
        for rack in new_racks:
            geo.add_rack(rack.id, rack.rack_type, room_id, fps[rack.id])
    for rack_id, ps in placements_by_rack.items():
        for placement in ps:
            geo.add_placement(placement.id, rack_id, placement.u, placement.device)

    if new_row is not None and new_racks:
        edits.append(AddRow(_room_for(plan, servers), new_row))
    new_ids = {r.id for r in new_racks}
    for rack in new_racks:
        edits.append(AddRack(row_id, rack.model_copy(update={"placements": placements_by_rack.get(rack.id, [])})))
    checker = PlacementChecker(catalog)
    for rack_id, ps in placements_by_rack.items():
        if rack_id in new_ids:
            continue
        for placement in ps:
            edits.append(AddPlacement(rack_id, placement, checker))

    chooser = MediaChooser(catalog)
    port_names = [p.name for p in sw_ports]
    links: list[Link] = []
    result = AutowireResult(edit=Compound([], text=""), design=design, fabric_id=fid, switches=switch_ids,
                            new_racks=[r.id for r in new_racks], added=added, reused=reused, kind=kind,
                            new_rack_list=list(new_racks), link_gbps=link)

    def end(h: Hop) -> Endpoint:
        if h.role == "node":
            return Endpoint.model_construct(placement=servers[h.index], port=ports[h.index][h.port].name)
        return Endpoint.model_construct(placement=switch_ids[h.role][h.index], port=port_names[h.port])

    def speed(h: Hop) -> float:
        return ports[h.index][h.port].speed_gbps if h.role == "node" else sw_ports[h.port].speed_gbps

    def cage_end(h: Hop, w: int) -> Endpoint:  # the whole cage of a leaf lane, or its 2-way (...) split
        lane = sw_ports[h.port]
        k = lanes[0]
        name = (lane.parent or port_names[h.port]) if w >= k else f"{lane.parent}s{(h.port % k) // w}"
        return Endpoint.model_construct(placement=switch_ids[h.role][h.index], port=name)

    st.report(0.08, render(N_("Naming {n:,} cables"), {"n": design.cables}))
    link_ids = _id_block(plan, "link", design.cables, st.sub(0.08, 0.04))
    total = max(1, design.cables)
    stage = render(N_("Choosing media and lengths for {n:,} cables"), {"n": design.cables})
    for n, (ha, hb) in enumerate(design.links()):
        if n % BATCH == 0:
            st.report(0.12 + 0.87 * n / total, stage)
        a, b = end(ha), end(hb)
        run = max(link, min(speed(ha), speed(hb)))
        if span is not None and ha.role == "node":
            if not span[ha.index]:
                continue  # a lane of a cage a whole-cage port already took, or a lane left unused
            if span[ha.index] > 1:
                b, run = cage_end(hb, span[ha.index]), ports[ha.index][ha.port].speed_gbps
        # the link runs at the slower of its two ports: the fabric's speed, unless both ends
        # are faster ports (a management leaf's 100G uplink on a spine's 100G port)
        media = chooser.choose(run, geo.route_m(a.placement, b.placement))
        if media is None:
            result.unrouted += 1
            cable, length = None, round(geo.route_m(a.placement, b.placement), 2)
        else:
            cable, length = media.cable, media.length_m
            result.cables[cable] = result.cables.get(cable, 0) + 1
            result.transceivers += media.transceivers
        k = len(links)
        links.append(Link.model_construct(id=link_ids[k], fabric=fid, a=a, b=b, cable=cable, length_m=length,
                                          label=f"{prefix}-{k + 1:05d}"))
        if ha.role != "node":
            result.uplinks += 1
    edits.append(AddLinks(links, text=deferred(N_("Add fabric links"))))
    result.links = len(links)
    result.link_list = links
    servers = deferred(Np_("{n} server", "{n} servers"), n=n_devices)
    switches = deferred(Np_("{n} switch", "{n} switches"), n=design.switches)
    result.edit = Compound(edits, text=deferred(N_("Auto-wire the {kind} fabric ({servers}, {switches})"),
                                                kind=fabric_kind_text(kind), servers=servers, switches=switches))
    st.finish(render(Np_("{n:,} cable designed", "{n:,} cables designed"), {"n": result.links}))
    return result


def _autowire_nvlink(plan: Plan, catalog: Catalog, servers: Sequence[str], *, fabric_id: str | None,
                     fabric_name: str | None, rules: CableRules | None, st: Steps) -> AutowireResult:
    """NVLink: one domain per rack of the given trays (``planner.fabric.nvlink_wire``),
    all racks in one Compound (one undo step); progress and cancel per rack."""
    racks: list[str] = []
    for sid in servers:
        rid = plan.index.placement_rack.get(sid)
        if rid is None:
            raise EditRefused(tmsg("no placement {id!r}", id=sid))
        if rid not in racks:
            racks.append(rid)
    if len(racks) > 1 and fabric_id is not None:
        raise EditRefused(tmsg("an NVLink domain cannot span racks: wire one rack per fabric"))
    results = []
    for k, rid in enumerate(racks):
        part = st.sub(k / len(racks), 1 / len(racks))
        results.append(autowire_nvlink_rack(plan, catalog, rid, fabric_id=fabric_id, fabric_name=fabric_name,
                                            rules=rules, progress=part.report, cancel=st.cancel))
    if len(results) == 1:
        st.finish(render(N_("{n:,} NVLink cables designed"), {"n": results[0].links}))
        return results[0]
    first = results[0]
    for r in results[1:]:
        first.links += r.links
        first.unrouted += r.unrouted
        for c, n in r.cables.items():
            first.cables[c] = first.cables.get(c, 0) + n
        first.switches["leaf"] += r.switches["leaf"]
    # the design is a frozen FatTree: one with the racks' trays, GPUs and switch trays added up
    # (assigning first.design.leaves raised FrozenInstanceError)
    first.design = dataclasses.replace(first.design, nodes=sum(r.design.nodes for r in results),
                                       endpoints=sum(r.design.endpoints for r in results),
                                       leaves=sum(r.design.leaves for r in results))
    edits: list[Edit] = [e for r in results for e in r.edit.edits]
    first.edit = Compound(edits, text=deferred(N_("Auto-wire NVLink domains of {n} racks"), n=len(racks)))
    st.finish(render(N_("{n:,} NVLink cables designed"), {"n": first.links}))
    return first


def _switch_name(design: FatTree, role: str, i: int, prefix: str) -> str:
    if role == "leaf" and design.rail_optimised and design.tiers > 1:
        su, rail = divmod(i, design.rails)
        return f"{prefix} Leaf SU{su + 1} R{rail + 1}"
    if role == "spine" and design.tiers == 3:
        pod, j = divmod(i, design.spines_per_pod)
        return f"{prefix} Spine P{pod + 1}-{j + 1}"
    return f"{prefix} {ROLE_NAMES[role]} {i + 1}"


def _room_for(plan: Plan, servers: Sequence[str]) -> str:
    rack = plan.rack_of(servers[0])
    return plan.index.row_room[plan.index.rack_row[rack.id]]


def _network_row(plan: Plan, catalog: Catalog, servers: Sequence[str], network_row: str | None) -> tuple[str, Row | None]:
    if network_row is not None:
        if network_row not in plan.index.rows:
            raise EditRefused(tmsg("row {id!r} does not exist", id=network_row))
        return network_row, None
    room = plan.index.rooms[_room_for(plan, servers)]
    y_end = 0.0
    x0 = min((r.x_m for r in room.rows), default=0.0)
    for row in room.rows:
        for fp in row_footprints(row, catalog):
            y_end = max(y_end, fp.bounds[3])
    rid = plan.new_id("row")
    return rid, Row(id=rid, name="Network row", x_m=x0, y_m=round(y_end + AISLE_M, 3), racks=[])


def _next_position(plan: Plan, row_id: str, new_row: Row | None, k: int) -> int:
    if new_row is not None:
        return k
    row = plan.index.rows[row_id]
    return max((r.position for r in row.racks), default=-1) + 1 + k


def _starts(width: list[int]) -> list[int]:
    """The design nodes that start a port (each port repeated once per lane it takes)."""
    out, i = [], 0
    while i < len(width):
        out.append(i)
        i += width[i]
    return out


_Groups = list[tuple[str, list[int]]]
_Layout = tuple[FatTree, _Groups | None, list[str], list[list[Port]], list[int]]


def _pad(plan: Plan, owners: list[tuple[str, list[Port], int]], down: int | None, cage: int,
         leaf_per: str | None) -> tuple[list[str], list[list[Port]], list[int]] | None:
    """The design nodes of ports that take ``w`` switch lanes each (``owners``: device, its port,
    ``w``), laid on the leaves' down lanes so that every port sits inside one cage of one leaf at
    its own speed (:func:`planner.fabric.ports.cage_starts`; with ``leaf_per`` each rack's or
    row's ports from a leaf of their own). Lanes passed over stay unused. Per node: device, port,
    and the lanes it takes where it starts a port (0 for the rest); None when a port is wider
    than a leaf's down lanes."""
    groups: dict[str | None, list[tuple[str, list[Port], int]]] = {}
    idx = plan.index
    for o in owners:
        key = None if leaf_per is None else (idx.placement_rack[o[0]] if leaf_per == "rack"
                                             else idx.rack_row[idx.placement_rack[o[0]]])
        groups.setdefault(key, []).append(o)
    servers: list[str] = []
    ports: list[list[Port]] = []
    span: list[int] = []
    for members in groups.values():
        starts = cage_starts([w for _s, _p, w in members], down, cage)
        if starts is None:
            return None
        q = 0
        for (sid, port, w), a in zip(members, starts, strict=True):
            for j in range(a - q + w):
                servers.append(sid)
                ports.append(port)
                span.append(w if j == a - q else 0)
            q = a + w
    return servers, ports, span


def laid_out_tree(runs: Sequence[tuple[int, int]], cage: int, radix: int, link: float,
                  oversubscription: float) -> FatTree:
    """The tree auto-wire builds for ports of several widths without rails (``runs``: lanes a
    port takes, how many such ports, widest first): sized for the lanes they take once laid out
    on its leaves (:func:`planner.fabric.ports.laid_out_lanes`), as :func:`autowire` lays them.
    The generator and the search estimate a storage fabric's switches with it."""
    down: int | None = None
    tree = design_fat_tree(max(1, laid_out_lanes(runs, None, cage)), 1, radix, link, oversubscription, False)
    for _ in range(6):
        now = tree.down_per_leaf if tree.tiers > 1 else None
        if now == down:
            break
        down = now
        tree = design_fat_tree(max(1, laid_out_lanes(runs, down, cage)), 1, radix, link, oversubscription, False)
    return tree


def _cage_layout(plan: Plan, servers: Sequence[str], ports: list[list[Port]], width: list[int], cage: int,
                 leaf_per: str | None, make: Callable[[Sequence[str]], tuple[FatTree, _Groups | None]]) -> _Layout | None:
    """Per-device link speeds on split cages (a DDN's 400G ports beside the servers' 200G
    storage NICs on 2 x 200G lanes): the design of :func:`_pad`'s nodes, laid out for the
    leaves' down lanes of the design they make (a leaf of 2:1 has 85 down lanes: a 400G port
    may not start on the 85th). ``make(servers)`` sizes the design for a node list. None when
    the layout does not settle (then every port takes one lane)."""
    owners = [(servers[i], ports[i], width[i]) for i in _starts(width)]
    down: int | None = None
    for _ in range(6):
        laid = _pad(plan, owners, down, cage, leaf_per)
        if laid is None:
            return None
        srv, prt, span = laid
        design, groups = make(srv)
        now = design.down_per_leaf if design.tiers > 1 else None
        if now == down:
            return design, groups, srv, prt, span
        down = now
    return None  # pragma: no cover - the down lanes per leaf settle after a tier change or two


# -- access networks: leaves per rack or per row ----------------------------------------------


def _groups(plan: Plan, servers: Sequence[str], per: str) -> list[tuple[str, list[int]]]:
    if per not in ("rack", "row"):
        raise EditRefused(tmsg("leaf_per must be 'rack' or 'row' (got {value!r})", value=per))
    out: dict[str, list[int]] = {}
    for i, sid in enumerate(servers):
        rack_id = plan.index.placement_rack[sid]
        key = rack_id if per == "rack" else plan.index.rack_row[rack_id]
        out.setdefault(key, []).append(i)
    return list(out.items())


class GroupedTree(FatTree):
    """A two-tier tree whose leaves each serve one group (rack or row) of servers."""

    _leaf_map: dict[int, tuple[int, int]]

    def leaf_of(self, node: int, rail: int) -> tuple[int, int]:
        return self._leaf_map[node * self.rails + rail]


def _grouped_design(groups: list[tuple[str, list[int]]], rails: int, radix: int, link: float,
                    oversubscription: float) -> FatTree:
    nodes = sum(len(m) for _, m in groups)
    endpoints = nodes * rails
    if len(groups) == 1 and endpoints <= radix:
        return design_fat_tree(nodes, rails, radix, link, oversubscription, rail_optimised=False)
    d, u = leaf_split(radix, oversubscription)
    leaf_map: dict[int, tuple[int, int]] = {}
    leaf = 0
    for _, members in groups:
        for j, node in enumerate(members):
            for k in range(rails):
                e = j * rails + k
                leaf_map[node * rails + k] = (leaf + e // d, e % d)
        leaf += math.ceil(len(members) * rails / d)
    spines = None
    for s in range(max(1, math.ceil(leaf * u / radix)), u + 1):
        if u % s == 0:
            spines = s
            break
    if spines is None:
        raise FabricDesignError(tmsg("{leaves} leaves need more than two tiers; wire this network per row or with "
                                     "larger switches", leaves=leaf))
    tree = GroupedTree(nodes=nodes, rails=rails, endpoints=endpoints, radix=radix, link_gbps=link,
                       oversubscription_target=float(oversubscription), rail_optimised=False, tiers=2,
                       down_per_leaf=d, up_per_leaf=u, nodes_per_su=max(1, d // rails), sus=leaf, leaves=leaf,
                       spines=spines, cores=0, pods=1, leaves_per_pod=leaf, spines_per_pod=spines,
                       links_per_leaf_spine=u // spines, spine_up=0, cores_per_group=0)
    object.__setattr__(tree, "_leaf_map", leaf_map)
    return tree
