"""Fabric analysis over a plan: bandwidth, tiers, ports, cables, findings.

Entry points for the engine and the workload model:

* :func:`analyse_fabrics(plan, catalog) -> list[FabricResult]`
* :func:`check_links(plan, catalog) -> list[Finding]`
* :func:`link_media(catalog, chooser, link, speed) -> (W per end, transceivers, kg)`:
  the one implementation of a link's transceiver/active-cable power and cable mass.
  The engine (``planner.engine``) adds it to the device at each end (power) and
  half to the rack at each end (mass), incrementally; the fabric results only sum
  it per fabric.
* :func:`analyse_fabric(plan, catalog, fabric, links, ...)` one fabric (the engine
  recomputes a fabric only when its links, endpoints or settings change)
* :func:`inter_node_gbps_per_gpu(plan, catalog, group=None) -> float`

Formulas (docs/fabrics.md): tiers are found from the wiring (switches one link
from a server are leaves, the next layer spines, then cores); a tier's
oversubscription is its bandwidth down over its bandwidth up; the fabric's is the
product over the tiers; bisection is half the smallest of server injection and
each tier's uplink capacity (zero if the fabric falls apart in pieces); hops is
``2 x tiers - 1`` switches between the farthest servers.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any

from planner.fabric.findings import Finding
from planner.fabric.media import TWISTED_PAIR, MediaChooser, transceiver_for
from planner.fabric.ports import Port, device_ports, port_lookup, switch_ports_at
from planner.plan import Link, Plan

TIER_NAMES = {1: "leaf", 2: "spine", 3: "core"}


@dataclass
class FabricResult:
    id: str
    name: str
    kind: str
    technology: str
    speed_gbps: float
    servers: int = 0
    gpus: int = 0
    switches: int = 0
    switches_by_tier: dict[str, int] = field(default_factory=dict)
    tiers: int = 0
    links: int = 0
    cables: int = 0
    cables_by_type: dict[str, int] = field(default_factory=dict)
    transceivers: int = 0
    per_gpu_gbps: float = 0.0
    effective_per_gpu_gbps: float = 0.0
    oversubscription: float = 1.0
    oversubscription_by_tier: dict[str, float] = field(default_factory=dict)
    bisection_tbps: float = 0.0
    hops: int = 0
    switch_ports_used: int = 0
    switch_ports_total: int = 0
    unconnected_ports: list[tuple[str, str]] = field(default_factory=list)
    switch_power_kw: float = 0.0
    optics_power_w: float = 0.0
    cable_mass_kg: float = 0.0
    cable_length_m: float = 0.0
    connected: bool = True
    findings: list[Finding] = field(default_factory=list)

    def as_dict(self) -> dict:
        d = asdict(self)
        d["unconnected_ports"] = [{"placement": p, "port": n} for p, n in self.unconnected_ports]
        d["findings"] = [f.as_dict() for f in self.findings]
        return d


class _Ports:
    """Cached port lookups (device slug, port name, link speed)."""

    def __init__(self, catalog: Any) -> None:
        self.catalog = catalog
        self._memo: dict[tuple[str, str, float | None], Port | None] = {}

    def get(self, slug: str, name: str, speed: float | None = None) -> Port | None:
        key = (slug, name, speed)
        if key not in self._memo:
            self._memo[key] = port_lookup(self.catalog, slug, name, speed)
        return self._memo[key]

    def ends(self, plan: Plan, lk: Link) -> tuple[Port | None, Port | None]:
        pl = plan.index.placements
        da, db = pl[lk.a.placement].device, pl[lk.b.placement].device
        pa, pb = self.get(da, lk.a.port), self.get(db, lk.b.port)
        if pa is None and pb is not None:
            pa = self.get(da, lk.a.port, pb.speed_gbps)
        if pb is None and pa is not None:
            pb = self.get(db, lk.b.port, pa.speed_gbps)
        return pa, pb


def _kind(catalog: Any, slug: str) -> str:
    dev = catalog.get("device-types", slug) if catalog is not None else None
    return dev.kind if dev is not None else "other"


def link_speed(pa: Port | None, pb: Port | None, fabric_speed: float) -> float:
    speeds = [p.speed_gbps for p in (pa, pb) if p is not None and p.speed_gbps > 0]
    return min(speeds) if speeds else fabric_speed


def check_links(plan: Plan, catalog: Any, links: list[Link] | None = None,
                ports: _Ports | None = None) -> list[Finding]:
    """Findings on the wiring itself: ports, speeds, media, lengths (of ``links``,
    default all the plan's links; a port used twice is found among those links)."""
    out: list[Finding] = []
    ports = ports or _Ports(catalog)
    fabrics = {f.id: f for f in plan.fabrics}
    seen: dict[tuple[str, str], str] = {}
    pls = plan.index.placements

    class _Names(dict):
        def __missing__(self, pid: str) -> str:
            p = pls.get(pid)
            return (p.name or pid) if p is not None else pid

    names = _Names()
    for lk in (plan.links if links is None else links):
        fab = fabrics[lk.fabric]
        pa, pb = ports.ends(plan, lk)
        for end, port in ((lk.a, pa), (lk.b, pb)):
            dev = plan.index.placements[end.placement].device
            if port is None:
                out.append(Finding("error", "FABRIC_UNKNOWN_PORT",
                                   f"{names[end.placement]} ({dev}) has no port {end.port!r} (link {lk.label or lk.id})",
                                   (lk.id, end.placement)))
            key = (end.placement, end.port)
            if key in seen:
                out.append(Finding("error", "FABRIC_PORT_REUSED",
                                   f"port {end.port} of {names[end.placement]} is used by links {seen[key]} and {lk.id}",
                                   (lk.id, seen[key], end.placement)))
            else:
                seen[key] = lk.id
        if pa is not None and pb is not None and abs(pa.speed_gbps - pb.speed_gbps) > 1e-6:
            out.append(Finding("warning", "FABRIC_SPEED_MISMATCH",
                               f"link {lk.label or lk.id}: {names[lk.a.placement]} {lk.a.port} runs at "
                               f"{pa.speed_gbps:g} Gb/s, {names[lk.b.placement]} {lk.b.port} at {pb.speed_gbps:g} Gb/s; "
                               f"the link runs at {min(pa.speed_gbps, pb.speed_gbps):g}", (lk.id,)))
        speed = link_speed(pa, pb, fab.speed_gbps)
        if speed + 1e-6 < fab.speed_gbps:
            out.append(Finding("warning", "FABRIC_SLOW_LINK",
                               f"link {lk.label or lk.id} runs at {speed:g} Gb/s in the {fab.speed_gbps:g} Gb/s "
                               f"fabric {fab.name}", (lk.id, fab.id)))
        if lk.cable is None:
            continue
        cable = catalog.get("cables", lk.cable) if catalog is not None else None
        if cable is None:
            out.append(Finding("error", "FABRIC_UNKNOWN_CABLE", f"link {lk.label or lk.id}: cable {lk.cable!r} "
                                                               "is not in the catalog", (lk.id,)))
            continue
        if cable.kind == "transceiver":
            out.append(Finding("error", "FABRIC_MEDIA_MISMATCH", f"link {lk.label or lk.id}: {lk.cable} is a "
                                                                "transceiver, not a cable", (lk.id,)))
        elif cable.kind in TWISTED_PAIR:
            if speed > cable.speed_gbps + 1e-6:
                out.append(Finding("error", "FABRIC_MEDIA_MISMATCH",
                                   f"link {lk.label or lk.id}: {lk.cable} carries {cable.speed_gbps:g} Gb/s, "
                                   f"the ports run at {speed:g}", (lk.id,)))
        elif cable.speed_gbps + 1e-6 < speed:
            out.append(Finding("error", "FABRIC_MEDIA_MISMATCH",
                               f"link {lk.label or lk.id}: {lk.cable} is a {cable.speed_gbps:g} Gb/s cable on a "
                               f"{speed:g} Gb/s link", (lk.id,)))
        if lk.length_m is not None and lk.length_m > cable.max_reach_m + 1e-9:
            out.append(Finding("error", "FABRIC_CABLE_TOO_LONG",
                               f"link {lk.label or lk.id}: {lk.length_m:g} m is beyond the {cable.max_reach_m:g} m "
                               f"reach of {lk.cable} ({cable.kind})", (lk.id,)))
        if lk.length_m is not None and cable.min_reach_m and lk.length_m + 1e-9 < cable.min_reach_m:
            out.append(Finding("warning", "FABRIC_CABLE_TOO_SHORT",
                               f"link {lk.label or lk.id}: {lk.length_m:g} m is shorter than the "
                               f"{cable.min_reach_m:g} m minimum of {lk.cable}", (lk.id,)))
    return out


def link_media(catalog: Any, chooser: MediaChooser, lk: Any, speed: float,
               default_length_m: float = 0.0) -> tuple[float, int, float]:
    """(power per end W, transceivers, cable mass kg) of a link's media: the active
    cable's ``power_w`` at each end plus, for fibre, the transceiver's; mass =
    ``mass_kg_per_m`` x length (``default_length_m`` when the link has none). The one
    implementation: the engine counts it in device/rack power and rack mass, the
    fabric results sum it per fabric."""
    if lk.cable is None:
        return 0.0, 0, 0.0
    cable = catalog.get("cables", lk.cable) if catalog is not None else None
    if cable is None or cable.kind == "transceiver":
        return 0.0, 0, 0.0
    length = lk.length_m if lk.length_m is not None else default_length_m
    per_end = float(cable.power_w or 0.0)
    xcvr = transceiver_for(chooser, cable, speed, length)
    n_x = 0
    if xcvr is not None:
        per_end += float(xcvr.power_w)
        n_x = 2
    return per_end, n_x, (cable.mass_kg_per_m or 0.0) * length


def analyse_fabrics(plan: Plan, catalog: Any, default_length_m: float = 0.0) -> list[FabricResult]:
    """One result per fabric of the plan, with its findings (link findings included)."""
    by_fabric: dict[str, list[Link]] = defaultdict(list)
    for lk in plan.links:
        by_fabric[lk.fabric].append(lk)
    ports = _Ports(catalog)
    link_findings = check_links(plan, catalog, ports=ports)
    chooser = MediaChooser(catalog)
    wired: set[tuple[str, str]] = {(e.placement, e.port) for lk in plan.links for e in (lk.a, lk.b)}
    kinds_count: dict[str, int] = defaultdict(int)
    for f in plan.fabrics:
        kinds_count[f.kind] += 1
    results = []
    for fab in plan.fabrics:
        links = by_fabric.get(fab.id, [])
        ids = {lk.id for lk in links}
        r, ends = analyse_fabric(plan, catalog, fab, links, ports=ports, chooser=chooser,
                                 default_length_m=default_length_m,
                                 link_findings=[f for f in link_findings if f.where and f.where[0] in ids])
        role = required_role(fab)
        if role is not None:
            members = set(ends)
            if kinds_count[fab.kind] == 1:
                for pid, p in plan.index.placements.items():
                    dp = device_ports(catalog, p.device)
                    if dp is not None and dp.kind in ("server", "storage") and dp.role(role):
                        members.add(pid)
            unconnected = []
            for pid in sorted(members):
                unconnected.extend((pid, name) for name in required_ports(catalog, plan.index.placements[pid].device,
                                                                          role) if (pid, name) not in wired)
            with_unconnected(r, fab, unconnected)
        results.append(r)
    return results


def required_role(fab: Any) -> str | None:
    """The port role every member of the fabric must wire (None for NVLink)."""
    return fab.kind if fab.kind != "nvlink" else None


def required_ports(catalog: Any, slug: str, role: str) -> list[str]:
    """Names of a device type's ports of ``role``, in port order."""
    dp = device_ports(catalog, slug)
    return [] if dp is None else [p.name for p in dp.role(role)]


def with_unconnected(r: FabricResult, fab: Any, unconnected: list[tuple[str, str]]) -> FabricResult:
    """Add the unconnected required ports (and their finding) to a fabric result."""
    r.unconnected_ports = list(unconnected)
    if unconnected:
        n_dev = len({p for p, _ in unconnected})
        r.findings.append(Finding("warning", "FABRIC_UNCONNECTED_PORTS",
                                  f"{fab.name}: {len(unconnected)} {required_role(fab)} ports on {n_dev} devices are "
                                  "not wired", (fab.id, *sorted({p for p, _ in unconnected})[:50]), "fabric"))
    return r


def analyse_fabric(plan: Plan, catalog: Any, fab: Any, links: list[Link], *, ports: _Ports | None = None,
                   chooser: MediaChooser | None = None, default_length_m: float = 0.0,
                   link_findings: list[Finding] | None = None) -> tuple[FabricResult, list[str]]:
    """One fabric from its links: tiers, bandwidth, switches, media, findings (its link
    findings first; ``link_findings`` if given, else :func:`check_links` over ``links``).
    Unconnected required ports are not included (:func:`with_unconnected`). Returns the
    result and the fabric's non-switch endpoints."""
    ports = ports or _Ports(catalog)
    chooser = chooser or MediaChooser(catalog)
    r, ends = _analyse_one(plan, catalog, fab, links, ports, chooser, default_length_m)
    if link_findings is None:
        link_findings = check_links(plan, catalog, links, ports=ports)
    r.findings = list(link_findings) + r.findings
    return r, ends


def _analyse_one(plan: Plan, catalog: Any, fab: Any, links: list[Link], ports: _Ports, chooser: MediaChooser,
                 default_length_m: float) -> tuple[FabricResult, list[str]]:
    pl = plan.index.placements
    r = FabricResult(id=fab.id, name=fab.name, kind=fab.kind, technology=fab.technology, speed_gbps=fab.speed_gbps)
    kind_of: dict[str, str] = {}
    adj: dict[str, list[tuple[str, float]]] = defaultdict(list)
    cable_types: dict[str, int] = defaultdict(int)
    for lk in links:
        pa, pb = ports.ends(plan, lk)
        speed = link_speed(pa, pb, fab.speed_gbps)
        adj[lk.a.placement].append((lk.b.placement, speed))
        adj[lk.b.placement].append((lk.a.placement, speed))
        for end in (lk.a, lk.b):
            if end.placement not in kind_of:
                kind_of[end.placement] = _kind(catalog, pl[end.placement].device)
        per_end, n_x, mass = link_media(catalog, chooser, lk, speed, default_length_m)
        r.optics_power_w += 2 * per_end
        r.transceivers += n_x
        r.cable_mass_kg += mass
        r.cable_length_m += lk.length_m or 0.0
        cable_types[lk.cable or "unassigned"] += 1
    r.links = r.cables = len(links)
    r.cables_by_type = dict(sorted(cable_types.items()))
    switches = [p for p, k in kind_of.items() if k == "switch"]
    ends = [p for p, k in kind_of.items() if k != "switch"]
    # tiers by breadth-first search from the servers
    level: dict[str, int] = {p: 0 for p in ends}
    frontier = list(ends)
    t = 0
    while frontier:
        t += 1
        nxt = []
        for p in frontier:
            for q, _ in adj[p]:
                if q not in level and kind_of[q] == "switch":
                    level[q] = t
                    nxt.append(q)
        frontier = nxt
    for s in switches:  # switches not reachable from a server (island): top tier + 1
        level.setdefault(s, 0 if not ends else max(level.values(), default=0) + 1)
    r.tiers = max((level[s] for s in switches), default=0)
    r.switches = len(switches)
    by_tier: dict[str, int] = defaultdict(int)
    for s in switches:
        by_tier[TIER_NAMES.get(level[s], f"tier{level[s]}")] += 1
    r.switches_by_tier = dict(by_tier)
    # oversubscription per tier (aggregate down / up)
    down: dict[int, float] = defaultdict(float)
    up: dict[int, float] = defaultdict(float)
    for s in switches:
        for q, bw in adj[s]:
            if level[q] < level[s]:
                down[level[s]] += bw
            elif level[q] > level[s]:
                up[level[s]] += bw
    total = 1.0
    for tier in range(1, r.tiers):
        if up[tier] > 0:
            ratio = down[tier] / up[tier]
            r.oversubscription_by_tier[TIER_NAMES.get(tier, f"tier{tier}")] = round(ratio, 4)
            total *= max(1.0, ratio)
    r.oversubscription = round(total, 4)
    # servers and GPUs
    gpu_bw = 0.0
    for p in ends:
        dev = catalog.get("device-types", pl[p].device) if catalog is not None else None
        bw = sum(b for _, b in adj[p])
        if dev is not None and dev.gpu_count:
            r.gpus += dev.gpu_count
            gpu_bw += bw
    r.servers = len(ends)
    inj = sum(b for p in ends for _, b in adj[p])
    if r.gpus:
        r.per_gpu_gbps = round(gpu_bw / r.gpus, 3)
        r.effective_per_gpu_gbps = round(r.per_gpu_gbps / r.oversubscription, 3)
    # connectivity
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for lk in links:
        parent[find(lk.a.placement)] = find(lk.b.placement)
    comps = {find(p) for p in ends}
    r.connected = len(comps) <= 1
    caps = [inj] + [up[t] for t in range(1, r.tiers)]
    r.bisection_tbps = round((min(caps) / 2.0) / 1000.0, 4) if r.connected and ends else 0.0
    r.hops = 2 * r.tiers - 1 if r.tiers else (1 if links else 0)
    # switch ports and power
    for s in switches:
        slug = pl[s].device
        r.switch_ports_total += len(switch_ports_at(catalog, slug, fab.speed_gbps)) or len(device_ports(catalog, slug).role("fabric"))  # type: ignore[union-attr]
        r.switch_ports_used += len(adj[s])
        dev = catalog.get("device-types", slug)
        r.switch_power_kw += (dev.max_power_w or 0.0) / 1000.0
        if r.switch_ports_used > 0 and len(adj[s]) > (len(switch_ports_at(catalog, slug, fab.speed_gbps)) or 10**9):
            r.findings.append(Finding("error", "FABRIC_SWITCH_PORTS", f"{pl[s].name or s} has more links than ports",
                                      (s,), "placement"))
    r.switch_power_kw = round(r.switch_power_kw, 3)
    r.optics_power_w = round(r.optics_power_w, 1)
    r.cable_mass_kg = round(r.cable_mass_kg, 2)
    if ends and not r.connected:
        r.findings.append(Finding("error", "FABRIC_DISCONNECTED",
                                  f"{fab.name} falls apart into {len(comps)} pieces: some servers cannot reach "
                                  "each other", (fab.id,), "fabric"))
    if r.oversubscription > fab.oversubscription + 1e-6:
        r.findings.append(Finding("warning", "FABRIC_OVERSUBSCRIBED",
                                  f"{fab.name} is {r.oversubscription:g}:1 oversubscribed; the target is "
                                  f"{fab.oversubscription:g}:1", (fab.id,), "fabric"))
    return r, ends


def fabrics_json_section(plan: Plan, catalog: Any) -> list[dict]:
    """The ``fabrics[]`` section for ``rackwright check --json``: one dict per fabric."""
    return [r.as_dict() for r in analyse_fabrics(plan, catalog)]


def inter_node_gbps_per_gpu(plan: Plan, catalog: Any, group: str | None = None) -> float:
    """Bandwidth per GPU between nodes (Gb/s, one direction) for all-reduce estimates.

    For the servers of ``group`` (a ServerGroup id; None = every GPU server): each
    server's compute-fabric bandwidth over its GPUs, divided by the oversubscription
    of the compute fabric it is on; the slowest server sets the pace. 0 when the
    servers have no compute links.
    """
    pl = plan.index.placements
    if group is None:
        members = [pid for pid, p in pl.items()
                   if (d := catalog.get("device-types", p.device)) is not None and d.gpu_count]
    else:
        g = next((x for x in plan.groups if x.id == group), None)
        if g is None:
            raise KeyError(f"server group {group!r} does not exist")
        members = list(g.members)
    if not members:
        return 0.0
    compute = {f.id: f for f in plan.fabrics if f.kind == "compute"}
    results = {r.id: r for r in analyse_fabrics(plan, catalog) if r.id in compute}
    ports = _Ports(catalog)
    bw: dict[tuple[str, str], float] = defaultdict(float)
    for lk in plan.links:
        if lk.fabric not in compute:
            continue
        pa, pb = ports.ends(plan, lk)
        s = link_speed(pa, pb, compute[lk.fabric].speed_gbps)
        bw[(lk.a.placement, lk.fabric)] += s
        bw[(lk.b.placement, lk.fabric)] += s
    gpus_of = []
    for pid in members:
        dev = catalog.get("device-types", pl[pid].device)
        gpus_of.append((pid, dev.gpu_count if dev is not None else 0))
    return inter_node_from(gpus_of, bw, {fid: r.oversubscription for fid, r in results.items()})


def inter_node_from(members: Any, bw: Any, oversubscription: dict[str, float]) -> float:
    """The formula of :func:`inter_node_gbps_per_gpu` over precomputed inputs:
    ``members`` (placement id, GPUs) pairs, ``bw[(placement, fabric)]`` the server's link
    bandwidth on each compute fabric (Gb/s), ``oversubscription[fabric]``. Each server
    takes its best fabric; the slowest server sets the pace."""
    worst = None
    for pid, gpus in members:
        if not gpus:
            continue
        best = 0.0
        for fid, ov in oversubscription.items():
            b = bw.get((pid, fid))
            if b:
                best = max(best, b / gpus / max(1.0, ov))
        worst = best if worst is None else min(worst, best)
    return round(worst or 0.0, 3)
