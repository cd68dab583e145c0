"""Fabric analysis over a plan: bandwidth, tiers, ports, cables, findings.

Entry points for the engine and the workload model:

* :func:`analyse_fabrics(plan, catalog) -> list[FabricResult]`
* :func:`check_links(plan, catalog) -> list[Finding]`
* :func:`link_media(catalog, chooser, link, speed) -> (W per end, transceivers, kg)`:
  the one implementation of a link's transceiver/active-cable power and cable mass.
  The engine (``planner.engine``) adds it to the device at each end (power) and
  half to the rack at each end (mass), incrementally; the fabric results only sum
  it per fabric.
* :func:`analyse_fabric(plan, catalog, fabric, links, ...)` one fabric
* :func:`inter_node_gbps_per_gpu(plan, catalog, group=None) -> float`
* :class:`FabricModel`: the incremental form the engine keeps. Every link is turned
  once into :class:`LinkFacts` (speed, media, its own checks); each fabric keeps
  aggregates (:class:`FabricState`: link counts per node and switch pair, port use,
  media sums, tier levels, bandwidth down/up per tier, connectivity, findings keyed
  by link id) that adding or removing one link patches by delta. Derived figures
  are read off the aggregates in O(tiers); a full analysis adds every link in bulk
  (:meth:`FabricState.add_all`: the same aggregates as adding them one by one, summed
  per distinct (ends, speed)). Sums are exact (integers in units of 2**-1074, see :func:`_exact`) so
  the result does not depend on the order links were added: incremental == full,
  bit for bit, and equal to ``math.fsum`` of the same terms.

Formulas (docs/fabrics.md): tiers are found from the wiring (switches one link
from a server are leaves, the next layer spines, then cores); a tier's
oversubscription is its bandwidth down over its bandwidth up; the fabric's is the
product over the tiers; bisection is half the smallest of server injection and
each tier's uplink capacity (zero if the fabric falls apart in pieces); hops is
``2 x tiers - 1`` switches between the farthest servers.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import asdict, dataclass, field
from itertools import chain
from operator import itemgetter
from typing import Any, NamedTuple

from planner.fabric.findings import Finding, fabric_finding
from planner.fabric.media import TWISTED_PAIR, MediaChooser, transceiver_for
from planner.fabric.nvlink import fabric_domain
from planner.fabric.ports import NVLINK_ROLE, Port, device_ports, port_lookup, switch_ports_at
from planner.plan import Link, Plan

TIER_NAMES = {1: "leaf", 2: "spine", 3: "core"}

# -- exact, order-independent sums ------------------------------------------------------------------
_SHIFT = 1074  # every finite float is an integer multiple of 2**-1074
_ONE = 1 << _SHIFT
_EXACT: dict[float, int] = {}


def _exact(x: float) -> int:
    """``x`` as an integer number of 2**-1074 (exact for every finite float)."""
    got = _EXACT.get(x)
    if got is None:
        if not math.isfinite(x):
            return 0
        n, d = float(x).as_integer_ratio()
        got = n << (_SHIFT - d.bit_length() + 1)
        if len(_EXACT) > 200_000:
            _EXACT.clear()
        _EXACT[x] = got
    return got


def _float(n: int) -> float:
    """The float nearest an exact sum (int / int true division is correctly rounded, as
    ``math.fsum`` is: the same value whatever the order of the terms)."""
    return n / _ONE if n else 0.0


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
    # kind "nvlink": the NVLink domain (planner.fabric.nvlink.fabric_domain): domain_gpus,
    # design_gpus, per_gpu_gb_per_s (bidirectional), switch_trays(_required), ...
    nvlink: dict[str, Any] | None = None

    def as_dict(self) -> dict:
        d = asdict(self)
        d["unconnected_ports"] = [{"placement": p, "port": n} for p, n in self.unconnected_ports]
        d["findings"] = [f.to_dict() for f in self.findings]
        return d


class _Ports:
    """Catalog lookups cached per slug: ports (device slug, port name, link speed), device
    kind/GPUs/power, cables, transceivers, switch port counts."""

    def __init__(self, catalog: Any) -> None:
        self.catalog = catalog
        self._memo: dict[tuple[str, str, float | None], Port | None] = {}
        self._dev: dict[str, tuple[str, int, float]] = {}
        self._cables: dict[str, Any] = {}
        self._xcvr: dict[tuple[str, float, float], Any] = {}
        self._sw: dict[tuple[str, float], tuple[int, int | None]] = {}
        self._pairs: dict[tuple[str, str, str, str], tuple[Any, ...]] = {}  # ports of both ends, speed, speeds agree
        self._media: dict[tuple[Any, ...], tuple[Any, ...]] = {}  # (cable, length, speed) -> media, no findings
        # (devices, ports, fabric speed, cable, length, default length) -> (speed, media) of a link
        # without findings: one lookup for the 1,296 NVLink links an NVL72 rack repeats
        self._clean: dict[tuple[Any, ...], tuple[float, float, float, str | None]] = {}

    def get(self, slug: str, name: str, speed: float | None = None) -> Port | None:
        key = (slug, name, speed)
        try:
            return self._memo[key]
        except KeyError:
            got = self._memo[key] = port_lookup(self.catalog, slug, name, speed)
            return got

    def ends(self, plan: Plan, lk: Link) -> tuple[Port | None, Port | None]:
        return self.ends_of(plan.index.placements, lk)

    def ends_of(self, pl: dict[str, Any], lk: Any) -> tuple[Port | None, Port | None]:
        return self.port_pair(pl[lk.a.placement].device, lk.a.port, pl[lk.b.placement].device, lk.b.port)

    def port_pair(self, da: str, a: str, db: str, b: str) -> tuple[Port | None, Port | None]:
        pa, pb = self.get(da, a), self.get(db, b)
        if pa is None and pb is not None:
            pa = self.get(da, a, pb.speed_gbps)
        if pb is None and pa is not None:
            pb = self.get(db, b, pa.speed_gbps)
        return pa, pb

    def device(self, slug: str | None) -> tuple[str, int, float]:
        """(kind, GPUs, maximum draw W) of a device type; ("other", 0, 0) when unknown."""
        if slug is None:
            return ("other", 0, 0.0)
        got = self._dev.get(slug)
        if got is None:
            dev = self.catalog.get("device-types", slug) if self.catalog is not None else None
            got = ("other", 0, 0.0) if dev is None else (dev.kind, dev.gpu_count or 0, float(dev.max_power_w or 0.0))
            self._dev[slug] = got
        return got

    def cable(self, slug: str) -> Any:
        try:
            return self._cables[slug]
        except KeyError:
            got = self._cables[slug] = self.catalog.get("cables", slug) if self.catalog is not None else None
            return got

    def transceiver(self, chooser: MediaChooser, cable: Any, speed: float, length: float) -> Any:
        key = (cable.slug, speed, length)
        try:
            return self._xcvr[key]
        except KeyError:
            got = self._xcvr[key] = transceiver_for(chooser, cable, speed, length)
            return got

    def nvlink_ports(self, slug: str | None) -> tuple[str | None, int]:
        """(GPU slug, NVLink ports) of a device type (a GB200 tray: gb200, 72)."""
        key = ("nvlink", slug or "")
        got = self._sw.get(key)  # type: ignore[arg-type]
        if got is None:
            dev = self.catalog.get("device-types", slug) if (self.catalog is not None and slug) else None
            dp = device_ports(self.catalog, slug) if dev is not None else None
            got = (dev.gpu_slug if dev is not None else None, len(dp.role(NVLINK_ROLE)) if dp is not None else 0)
            self._sw[key] = got  # type: ignore[index]
        return got

    def switch_ports(self, slug: str, speed: float) -> tuple[int, int | None]:
        """(ports counted as the switch's total, port limit for FABRIC_SWITCH_PORTS or None)."""
        key = (slug, speed)
        got = self._sw.get(key)
        if got is None:
            at = len(switch_ports_at(self.catalog, slug, speed))
            dp = device_ports(self.catalog, slug)
            total = at or (len(dp.role("fabric")) if dp is not None else 0)
            got = self._sw[key] = (total, at or None)
        return got


def _kind(catalog: Any, slug: str) -> str:
    dev = catalog.get("device-types", slug) if catalog is not None else None
    return dev.kind if dev is not None else "other"


def link_speed(pa: Port | None, pb: Port | None, fabric_speed: float) -> float:
    speeds = [p.speed_gbps for p in (pa, pb) if p is not None and p.speed_gbps > 0]
    return min(speeds) if speeds else fabric_speed


def link_media(catalog: Any, chooser: MediaChooser, lk: Any, speed: float,
               default_length_m: float = 0.0) -> tuple[float, int, float]:
    """(power per end W, transceivers, cable mass kg) of a link's media: the active
    cable's ``power_w`` at each end plus, for fibre, the transceiver's; mass =
    ``mass_kg_per_m`` x length (``default_length_m`` when the link has none). The one
    implementation: the engine counts it in device/rack power and rack mass, the
    fabric results sum it per fabric."""
    per_end, xcvr, mass = _media(_Ports(catalog), chooser, lk.cable, lk.length_m, speed, default_length_m)
    return per_end, 2 if xcvr is not None else 0, mass


def _media(cache: _Ports, chooser: MediaChooser, cable_slug: str | None, length_m: float | None, speed: float,
           default_length_m: float) -> tuple[float, str | None, float]:
    if cable_slug is None:
        return 0.0, None, 0.0
    cable = cache.cable(cable_slug)
    if cable is None or cable.kind == "transceiver":
        return 0.0, None, 0.0
    length = length_m if length_m is not None else default_length_m
    per_end = float(cable.power_w or 0.0)
    xcvr = cache.transceiver(chooser, cable, speed, length)
    if xcvr is not None:
        per_end += float(xcvr.power_w)
    return per_end, (xcvr.slug if xcvr is not None else None), (cable.mass_kg_per_m or 0.0) * length


# -- one link ---------------------------------------------------------------------------------------
class LinkFacts(NamedTuple):
    """What one link contributes, computed once per version of the link (and of its
    fabric and end devices): speed, media, and its own checks. Port reuse depends on
    the other links and is kept by :class:`FabricModel`."""

    id: str
    fabric: str
    a: str  # placement ids of the two ends
    b: str
    a_port: str
    b_port: str
    cable: str | None
    length_m: float | None
    speed_gbps: float
    end_power_w: float  # transceiver / active cable power at each end
    mass_kg: float  # whole cable (half to each end's rack)
    transceiver: str | None  # catalog slug, one at each end (fibre)
    label: str  # label, else id
    a_name: str
    b_name: str
    a_dev: str | None  # device slugs (None: the placement does not exist)
    b_dev: str | None
    findings: tuple[Finding, ...]  # the link's own checks

    @property
    def transceivers(self) -> int:
        return 2 if self.transceiver is not None else 0


_F = {name: i for i, name in enumerate(LinkFacts._fields)}
_F_ID = itemgetter(_F["id"])
_F_FABRIC = itemgetter(_F["fabric"])
_F_END_A = itemgetter(_F["a"], _F["a_port"])
_F_END_B = itemgetter(_F["b"], _F["b_port"])
_F_CABLE = itemgetter(_F["cable"])
_F_XCVR = itemgetter(_F["transceiver"])
_F_POWER = itemgetter(_F["end_power_w"])
_F_MASS = itemgetter(_F["mass_kg"])
_F_LENGTH = itemgetter(_F["length_m"])
_F_GRAPH = itemgetter(*(_F[n] for n in ("a", "b", "speed_gbps", "a_dev", "b_dev", "a_name", "b_name")))
_new_facts = tuple.__new__


def link_facts(cache: _Ports, chooser: MediaChooser, pl: dict[str, Any], fab: Any, lk: Any,
               default_length_m: float = 0.0) -> LinkFacts:
    """The :class:`LinkFacts` of ``lk`` in fabric ``fab`` (``pl``: the plan's placements by id).
    Port pairs and media are looked up once per distinct (devices, ports) and (cable,
    length, speed); messages are only built for links that have findings."""
    A, B = lk.a, lk.b
    a_pid, b_pid = A.placement, B.placement
    pa_obj, pb_obj = pl.get(a_pid), pl.get(b_pid)
    fs = fab.speed_gbps if fab is not None else 0.0
    if pa_obj is None or pb_obj is None:
        da = pa_obj.device if pa_obj is not None else None
        db = pb_obj.device if pb_obj is not None else None
        na = (pa_obj.name or a_pid) if pa_obj is not None else a_pid
        nb = (pb_obj.name or b_pid) if pb_obj is not None else b_pid
        speed, ok = fs, True
        pa = pb = None
    else:
        da, db = pa_obj.device, pb_obj.device
        na, nb = pa_obj.name or a_pid, pb_obj.name or b_pid
        a_port, b_port, cable, length = A.port, B.port, lk.cable, lk.length_m
        clean_key = (da, a_port, db, b_port, fs, cable, length, default_length_m)
        hit = cache._clean.get(clean_key)
        if hit is not None:  # each attribute read once: this is the path of nearly every link
            lid = lk.id
            return _new_facts(LinkFacts, (lid, lk.fabric, a_pid, b_pid, a_port, b_port, cable, length, hit[0], hit[1],
                                          hit[2], hit[3], lk.label or lid, na, nb, da, db, ()))
        key = (da, A.port, db, B.port)
        pair = cache._pairs.get(key)
        if pair is None:
            pa, pb = cache.port_pair(da, A.port, db, B.port)
            pair = cache._pairs[key] = (pa, pb, link_speed(pa, pb, 0.0) if (pa or pb) else None,
                                        pa is not None and pb is not None
                                        and abs(pa.speed_gbps - pb.speed_gbps) <= 1e-6)
        pa, pb, speed, ok = pair
        if speed is None or speed <= 0:
            speed = fs
        ok = ok and not (fab is not None and speed + 1e-6 < fs)
    mkey = (lk.cable, lk.length_m, speed, default_length_m)
    media = cache._media.get(mkey)
    if media is None:
        per_end, xcvr, mass = _media(cache, chooser, lk.cable, lk.length_m, speed, default_length_m)
        media = cache._media[mkey] = (per_end, xcvr, mass, not _cable_findings(cache, lk, "", speed))
    per_end, xcvr, mass, media_ok = media
    findings: tuple[Finding, ...] = ()
    label = lk.label or lk.id
    if not ok or not media_ok:
        out: list[Finding] = []
        if pa_obj is not None and pb_obj is not None:
            if pa is None:
                out.append(fabric_finding("error", "FABRIC_UNKNOWN_PORT",
                                   "{na} ({da}) has no port {A_port!r} (link {label})", (lk.id, A.placement), na=na, da=da, A_port=A.port, label=label))
            if pb is None:
                out.append(fabric_finding("error", "FABRIC_UNKNOWN_PORT",
                                   "{nb} ({db}) has no port {B_port!r} (link {label})", (lk.id, B.placement), nb=nb, db=db, B_port=B.port, label=label))
            if pa is not None and pb is not None and abs(pa.speed_gbps - pb.speed_gbps) > 1e-6:
                out.append(fabric_finding("warning", "FABRIC_SPEED_MISMATCH",
                                   "link {label}: {na} {A_port} runs at {pa_speed_gbps:g} Gb/s, {nb} {B_port} at {pb_speed_gbps:g} Gb/s; the link runs at {v8:g}", (lk.id,), label=label, na=na, A_port=A.port, pa_speed_gbps=pa.speed_gbps, nb=nb, B_port=B.port, pb_speed_gbps=pb.speed_gbps, v8=min(pa.speed_gbps, pb.speed_gbps)))
            if fab is not None and speed + 1e-6 < fs:
                out.append(fabric_finding("warning", "FABRIC_SLOW_LINK", "link {label} runs at {speed:g} Gb/s in the {fs:g} Gb/s fabric {fab_name}", (lk.id, fab.id), label=label, speed=speed, fs=fs, fab_name=fab.name))
        if not media_ok:
            out.extend(_cable_findings(cache, lk, label, speed))
        findings = tuple(out)
    elif pa_obj is not None and pb_obj is not None:  # what follows from clean_key alone: reuse it
        if len(cache._clean) > 500_000:
            cache._clean.clear()
        cache._clean[clean_key] = (speed, per_end, mass, xcvr)
    return _new_facts(LinkFacts, (lk.id, lk.fabric, A.placement, B.placement, A.port, B.port, lk.cable, lk.length_m,
                                  speed, per_end, mass, xcvr, label, na, nb, da, db, findings))


def _cable_findings(cache: _Ports, lk: Any, label: str, speed: float) -> list[Finding]:
    """Checks of a link's cable against its speed and length."""
    out: list[Finding] = []
    if lk.cable is None:
        return out
    cable = cache.cable(lk.cable)
    if cable is None:
        out.append(fabric_finding("error", "FABRIC_UNKNOWN_CABLE", "link {label}: cable {lk_cable!r} is not in the catalog", (lk.id,), label=label, lk_cable=lk.cable))
        return out
    if cable.kind == "transceiver":
        out.append(fabric_finding("error", "FABRIC_MEDIA_MISMATCH", "link {label}: {lk_cable} is a transceiver, not a cable", (lk.id,), label=label, lk_cable=lk.cable))
    elif cable.kind in TWISTED_PAIR:
        if speed > cable.speed_gbps + 1e-6:
            out.append(fabric_finding("error", "FABRIC_MEDIA_MISMATCH",
                               "link {label}: {lk_cable} carries {cable_speed_gbps:g} Gb/s, the ports run at {speed:g}", (lk.id,), label=label, lk_cable=lk.cable, cable_speed_gbps=cable.speed_gbps, speed=speed))
    elif cable.speed_gbps + 1e-6 < speed:
        out.append(fabric_finding("error", "FABRIC_MEDIA_MISMATCH",
                           "link {label}: {lk_cable} is a {cable_speed_gbps:g} Gb/s cable on a {speed:g} Gb/s link", (lk.id,), label=label, lk_cable=lk.cable, cable_speed_gbps=cable.speed_gbps, speed=speed))
    if lk.length_m is not None and lk.length_m > cable.max_reach_m + 1e-9:
        out.append(fabric_finding("error", "FABRIC_CABLE_TOO_LONG",
                           "link {label}: {lk_length_m:g} m is beyond the {cable_max_reach_m:g} m reach of {lk_cable} ({cable_kind})", (lk.id,), label=label, lk_length_m=lk.length_m, cable_max_reach_m=cable.max_reach_m, lk_cable=lk.cable, cable_kind=cable.kind))
    if lk.length_m is not None and cable.min_reach_m and lk.length_m + 1e-9 < cable.min_reach_m:
        out.append(fabric_finding("warning", "FABRIC_CABLE_TOO_SHORT",
                           "link {label}: {lk_length_m:g} m is shorter than the {cable_min_reach_m:g} m minimum of {lk_cable}", (lk.id,), label=label, lk_length_m=lk.length_m, cable_min_reach_m=cable.min_reach_m, lk_cable=lk.cable))
    return out


# -- one fabric, kept by delta ------------------------------------------------------------------------
class _Node:
    __slots__ = ("bw", "degree", "end_nbrs", "gpus", "is_end", "limit", "max_w", "slug")

    def __init__(self, slug: str | None, is_end: bool, gpus: int, max_w: float) -> None:
        self.slug = slug
        self.limit: int | None = None  # switch ports at the fabric speed (FABRIC_SWITCH_PORTS)
        self.is_end = is_end
        self.gpus = gpus
        self.max_w = max_w
        self.degree = 0
        self.bw = 0  # exact sum of its links' speeds
        self.end_nbrs = 0  # distinct non-switch neighbours (switches only)


class FabricState:
    """Aggregates of one fabric's links, patched by :meth:`add` / :meth:`remove`.

    Levels (tiers) and connectivity are kept by delta where an edit provably leaves
    them alone (a link between nodes one tier apart, a removed link whose ends stay
    connected by another path, ...); otherwise they are marked stale and rebuilt from
    the per-pair aggregates (O(switch pairs), not O(links)) when the result is read.
    """

    def __init__(self, fab: Any, cache: _Ports) -> None:
        self.fab = fab
        self.cache = cache
        self.links: dict[str, LinkFacts] = {}
        self.nodes: dict[str, _Node] = {}
        self.adj: dict[str, dict[str, list[int]]] = {}  # node -> neighbour -> [links, exact bandwidth]
        self.ends: set[str] = set()
        self.switches: set[str] = set()
        self.cable_types: Counter[str] = Counter()
        self.transceivers = 0
        self.optics = 0  # exact W (both ends)
        self.mass = 0  # exact kg
        self.length = 0  # exact m
        self.gpus = 0
        self.gpu_bw = 0
        self.inj = 0
        self.switch_power = 0  # exact W
        self.switch_ports_total = 0
        self.switch_ports_used = 0
        self.level: dict[str, int] = {}  # switch -> tier
        self.tier_count: Counter[int] = Counter()
        self.down: Counter[int] = Counter()  # tier -> exact bandwidth down
        self.up: Counter[int] = Counter()
        self.levels_stale = True
        self.has_islands = False
        self.parent: dict[str, str] = {}
        self.comp_ends: dict[str, int] = {}
        self.end_comps = 0
        self.gone: set[str] = set()  # nodes that left while the union-find was valid
        self.conn_stale = True
        self.link_findings: dict[str, tuple[Finding, ...]] = {}  # own + port findings, non-empty only
        self.switch_findings: dict[str, Finding] = {}
        self.version = 0  # bumped on every change (result caching)

    # -- levels ------------------------------------------------------------------------------------
    def _lv(self, x: str) -> int:
        return 0 if self.nodes[x].is_end else self.level[x]

    def _set_level(self, s: str, t: int) -> None:
        self.level[s] = t
        self.tier_count[t] += 1

    def _drop_level(self, s: str) -> None:
        t = self.level.pop(s, None)
        if t is not None:
            self.tier_count[t] -= 1
            if not self.tier_count[t]:
                del self.tier_count[t]

    def _bw_by_level(self, u: str, v: str, bw: int, sign: int) -> None:
        lu, lv = self._lv(u), self._lv(v)
        if lu == lv:
            return
        if lu > lv:
            u, v, lu, lv = v, u, lv, lu
        self.down[lv] += sign * bw  # v is a switch (ends are level 0)
        if not self.nodes[u].is_end:
            self.up[lu] += sign * bw

    def _relevel(self) -> None:
        self.level, self.tier_count = {}, Counter()
        self.down, self.up = Counter(), Counter()
        nodes, adj = self.nodes, self.adj
        self.has_islands = False
        if not self.ends:
            for s in self.switches:
                self._set_level(s, 0)
        else:
            frontier = [s for s in self.switches if nodes[s].end_nbrs]
            for s in frontier:
                self._set_level(s, 1)
            t = 1
            while frontier:
                t += 1
                nxt = []
                for s in frontier:
                    for q in adj[s]:
                        if q not in self.level and not nodes[q].is_end:
                            self._set_level(q, t)
                            nxt.append(q)
                frontier = nxt
            rest = [s for s in self.switches if s not in self.level]
            if rest:  # switches no server reaches: one tier above the others
                self.has_islands = True
                top = max(self.level.values(), default=0) + 1
                for s in rest:
                    self._set_level(s, top)
        for s in self.switches:
            ls = self.level[s]
            for q, pair in adj[s].items():
                lq = 0 if nodes[q].is_end else self.level[q]
                if lq < ls:
                    self.down[ls] += pair[1]
                elif lq > ls:
                    self.up[ls] += pair[1]
        self.levels_stale = False

    # -- connectivity (union-find over nodes, ends counted per component) ---------------------------------
    def _find(self, x: str) -> str:
        parent = self.parent
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    def _uf_node(self, x: str, is_end: bool) -> None:
        if x in self.gone:
            self.conn_stale = True
        if self.conn_stale:
            return
        self.parent[x] = x
        self.comp_ends[x] = 1 if is_end else 0
        if is_end:
            self.end_comps += 1

    def _union(self, a: str, b: str) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra == rb:
            return
        self.parent[ra] = rb
        ea = self.comp_ends.pop(ra)
        eb = self.comp_ends[rb]
        if ea and eb:
            self.end_comps -= 1
        self.comp_ends[rb] = ea + eb

    def _rebuild_uf(self) -> None:
        self.parent, self.comp_ends, self.end_comps, self.gone = {}, {}, 0, set()
        self.conn_stale = False
        for x, n in self.nodes.items():
            self._uf_node(x, n.is_end)
        for x, nbrs in self.adj.items():
            for y in nbrs:
                if x < y:
                    self._union(x, y)

    def _path(self, u: str, v: str) -> bool:
        """Is there still a path between u and v (breadth first from u, stops on v)?"""
        adj = self.adj
        seen = {u}
        frontier = [u]
        while frontier:
            nxt = []
            for x in frontier:
                for y in adj[x]:
                    if y == v:
                        return True
                    if y not in seen:
                        seen.add(y)
                        nxt.append(y)
            frontier = nxt
        return False

    # -- nodes ---------------------------------------------------------------------------------------
    def _node(self, pid: str, slug: str | None) -> tuple[_Node, bool]:
        n = self.nodes.get(pid)
        if n is not None:
            return n, False
        kind, gpus, max_w = self.cache.device(slug)
        is_end = kind != "switch"
        n = self.nodes[pid] = _Node(slug, is_end, gpus, max_w)
        self.adj[pid] = {}
        if is_end:
            self.ends.add(pid)
            self.gpus += gpus
        else:
            self.switches.add(pid)
            self.switch_power += _exact(max_w)
            if slug:
                total, n.limit = self.cache.switch_ports(slug, self.fab.speed_gbps)
                self.switch_ports_total += total
        self._uf_node(pid, is_end)
        return n, True

    def _drop_node(self, pid: str) -> None:
        n = self.nodes.pop(pid)
        del self.adj[pid]
        if n.is_end:
            self.ends.discard(pid)
            self.gpus -= n.gpus
        else:
            self.switches.discard(pid)
            self.switch_power -= _exact(n.max_w)
            self.switch_ports_total -= self.cache.switch_ports(n.slug, self.fab.speed_gbps)[0] if n.slug else 0
            self._drop_level(pid)
            self.switch_findings.pop(pid, None)
        if not self.conn_stale:
            r = self._find(pid)
            if n.is_end:
                self.comp_ends[r] -= 1
                if not self.comp_ends[r]:
                    self.end_comps -= 1
            self.gone.add(pid)

    def _switch_check(self, s: str, n: _Node, name: str) -> None:
        limit = n.limit
        if limit is not None and n.degree > limit:
            self.switch_findings[s] = fabric_finding("error", "FABRIC_SWITCH_PORTS", "{name} has more links than ports",
                                              (s,), "placement", name=name)
        else:
            self.switch_findings.pop(s, None)

    # -- links ---------------------------------------------------------------------------------------
    def add(self, f: LinkFacts, port_findings: tuple[Finding, ...] = ()) -> None:
        self.version += 1
        self.links[f.id] = f
        self.cable_types[f.cable or "unassigned"] += 1
        if f.transceiver is not None:
            self.transceivers += 2
        if f.end_power_w:
            self.optics += _exact(2 * f.end_power_w)
        if f.mass_kg:
            self.mass += _exact(f.mass_kg)
        if f.length_m:
            self.length += _exact(f.length_m)
        fnd = f.findings + port_findings
        if fnd:
            self.link_findings[f.id] = fnd
        a, b = f.a, f.b
        had_ends = bool(self.ends)
        nodes = self.nodes
        na = nodes.get(a)
        a_new = na is None
        if a_new:
            na = self._node(a, f.a_dev)[0]
        nb = nodes.get(b)
        b_new = nb is None
        if b_new:
            nb = self._node(b, f.b_dev)[0]
        bw = _exact(f.speed_gbps)
        new_pair = self._add_pair(a, b, na, nb, 1, bw)
        na.degree += 1
        na.bw += bw
        nb.degree += 1
        nb.bw += bw
        if na.is_end:
            self.inj += bw
            if na.gpus:
                self.gpu_bw += bw
        else:
            self.switch_ports_used += 1
            if na.limit is not None and na.degree > na.limit:
                self._switch_check(a, na, f.a_name)
        if nb.is_end:
            self.inj += bw
            if nb.gpus:
                self.gpu_bw += bw
        else:
            self.switch_ports_used += 1
            if nb.limit is not None and nb.degree > nb.limit:
                self._switch_check(b, nb, f.b_name)
        if not self.conn_stale and new_pair and a != b:
            self._union(a, b)
        if not self.levels_stale:
            self._levels_after_add(a, b, na, nb, a_new, b_new, bw, had_ends)

    def _add_pair(self, a: str, b: str, na: _Node, nb: _Node, n: int, bw: int) -> bool:
        """Count ``n`` links of ``bw`` (exact units) between ``a`` and ``b``; True when they
        are the first between them (an end's switch neighbours are counted then)."""
        adj_a = self.adj[a]
        pair = adj_a.get(b)
        if pair is not None:
            pair[0] += n
            pair[1] += bw
            return False
        pair = [n, bw]
        adj_a[b] = pair
        self.adj[b][a] = pair
        if a != b:
            if na.is_end and not nb.is_end:
                nb.end_nbrs += 1
            if nb.is_end and not na.is_end:
                na.end_nbrs += 1
        return True

    def add_all(self, facts: list[LinkFacts], port_findings: dict[str, tuple[Finding, ...]]) -> None:
        """:meth:`add` of each of ``facts`` in turn (with its ``port_findings``), for a state
        that has no links yet: the same aggregates, node order and findings, but summed per
        distinct (ends, speed) rather than per link (an NVL72 rack's 1,296 NVLink links are
        162 tray/switch pairs). Levels and connectivity are stale on a fresh state, so
        :meth:`add` would not patch them either; they are rebuilt when the result is read."""
        if self.links or not (self.levels_stale and self.conn_stale) or self.gone:
            for f in facts:
                self.add(f, port_findings.get(f.id, ()))
            return
        self.version += len(facts)
        links = self.links
        link_findings = self.link_findings
        for f in facts:
            links[f.id] = f
            fnd = f.findings
            if f.id in port_findings:
                fnd = fnd + port_findings[f.id]
            if fnd:
                link_findings[f.id] = fnd
        self.cable_types.update(c or "unassigned" for c in map(_F_CABLE, facts))
        xcvrs = Counter(map(_F_XCVR, facts))
        self.transceivers += 2 * (len(facts) - xcvrs.get(None, 0))
        # exact sums: each distinct value once, times its count
        self.optics += sum(n * _exact(2 * v) for v, n in Counter(map(_F_POWER, facts)).items() if v)
        self.mass += sum(n * _exact(v) for v, n in Counter(map(_F_MASS, facts)).items() if v)
        self.length += sum(n * _exact(v) for v, n in Counter(map(_F_LENGTH, facts)).items() if v)
        nodes = self.nodes
        names: dict[str, str] = {}
        exact: dict[float, int] = {}
        for (a, b, speed, a_dev, b_dev, a_name, b_name), n in Counter(map(_F_GRAPH, facts)).items():
            na = nodes.get(a)
            if na is None:
                na = self._node(a, a_dev)[0]
                names[a] = a_name
            nb = nodes.get(b)
            if nb is None:
                nb = self._node(b, b_dev)[0]
                names[b] = b_name
            e = exact.get(speed)
            if e is None:
                e = exact[speed] = _exact(speed)
            bw = n * e
            self._add_pair(a, b, na, nb, n, bw)
            for x in (na, nb):
                x.degree += n
                x.bw += bw
                if x.is_end:
                    self.inj += bw
                    if x.gpus:
                        self.gpu_bw += bw
                else:
                    self.switch_ports_used += n
        for s in self.switches:
            x = nodes[s]
            if x.limit is not None and x.degree > x.limit:
                # a switch's name is the same on each of its links (its placement's)
                self._switch_check(s, x, names[s])

    def _levels_after_add(self, a: str, b: str, na: _Node, nb: _Node, a_new: bool, b_new: bool, bw: int,
                          had_ends: bool) -> None:
        if self.has_islands or not had_ends or a == b:
            self.levels_stale = True
            return
        if na.is_end and nb.is_end:
            return
        if a_new and b_new:
            if na.is_end or nb.is_end:  # a new server on a new switch: a new leaf
                self._set_level(b if na.is_end else a, 1)
                self.down[1] += bw
            else:  # two new switches: an island
                self.levels_stale = True
            return
        if a_new or b_new:
            x, y, nx = (a, b, na) if a_new else (b, a, nb)
            if nx.is_end:  # a new server: its switch must be a leaf already
                if self.level[y] != 1:
                    self.levels_stale = True
                    return
                self.down[1] += bw
                return
            self._set_level(x, self._lv(y) + 1)  # a new switch hangs below nothing: one tier above y
            self._bw_by_level(x, y, bw, 1)
            return
        la, lb = self._lv(a), self._lv(b)
        if abs(la - lb) > 1:
            self.levels_stale = True
            return
        self._bw_by_level(a, b, bw, 1)

    def replace(self, old: LinkFacts, f: LinkFacts, port_findings: tuple[Finding, ...] = ()) -> None:
        """Swap a link's facts for new ones with the same ends, ports, speed and fabric:
        only its media sums and findings change."""
        self.version += 1
        self.links[f.id] = f
        for x, sign in ((old, -1), (f, 1)):
            c = x.cable or "unassigned"
            self.cable_types[c] += sign
            if not self.cable_types[c]:
                del self.cable_types[c]
            if x.transceiver is not None:
                self.transceivers += 2 * sign
            if x.end_power_w:
                self.optics += sign * _exact(2 * x.end_power_w)
            if x.mass_kg:
                self.mass += sign * _exact(x.mass_kg)
            if x.length_m:
                self.length += sign * _exact(x.length_m)
        fnd = f.findings + port_findings
        if fnd:
            self.link_findings[f.id] = fnd
        else:
            self.link_findings.pop(f.id, None)

    def remove(self, lid: str) -> LinkFacts | None:
        f = self.links.pop(lid, None)
        if f is None:
            return None
        self.version += 1
        c = f.cable or "unassigned"
        self.cable_types[c] -= 1
        if not self.cable_types[c]:
            del self.cable_types[c]
        if f.transceiver is not None:
            self.transceivers -= 2
        if f.end_power_w:
            self.optics -= _exact(2 * f.end_power_w)
        if f.mass_kg:
            self.mass -= _exact(f.mass_kg)
        if f.length_m:
            self.length -= _exact(f.length_m)
        self.link_findings.pop(lid, None)
        a, b = f.a, f.b
        na, nb = self.nodes[a], self.nodes[b]
        bw = _exact(f.speed_gbps)
        pair = self.adj[a][b]
        if not self.levels_stale:
            self._bw_by_level(a, b, bw, -1)
        pair[0] -= 1
        pair[1] -= bw
        pair_gone = pair[0] == 0
        if pair_gone:
            del self.adj[a][b]
            if a != b:
                del self.adj[b][a]
                if na.is_end and not nb.is_end:
                    nb.end_nbrs -= 1
                if nb.is_end and not na.is_end:
                    na.end_nbrs -= 1
        for n in (na, nb):
            n.degree -= 1
            n.bw -= bw
            if n.is_end:
                self.inj -= bw
                if n.gpus:
                    self.gpu_bw -= bw
            else:
                self.switch_ports_used -= 1
        a_gone, b_gone = na.degree <= 0, nb.degree <= 0
        if not self.levels_stale and pair_gone:
            self._levels_after_remove(a, b, na, nb, a_gone, b_gone)
        for x, n, gone, name in ((a, na, a_gone, f.a_name), (b, nb, b_gone, f.b_name)):
            if gone:
                if x in self.nodes:
                    self._drop_node(x)
            elif not n.is_end:
                self._switch_check(x, n, name)
        if not self.ends and not self.levels_stale:
            self.levels_stale = True
        if pair_gone and not self.conn_stale and not a_gone and not b_gone and a != b and not self._path(a, b):
            self.conn_stale = True
        return f

    def _levels_after_remove(self, a: str, b: str, na: _Node, nb: _Node, a_gone: bool, b_gone: bool) -> None:
        if self.has_islands or a == b:
            self.levels_stale = True
            return
        if na.is_end and nb.is_end:
            return
        la, lb = self._lv(a), self._lv(b)
        if la == lb:
            return
        lo, hi, n_hi, hi_gone = (a, b, nb, b_gone) if la < lb else (b, a, na, a_gone)
        if hi_gone:
            return  # its only link: nothing hung below it
        l_hi = self._lv(hi)
        if l_hi == 1:
            if n_hi.end_nbrs > 0:
                return
        elif any(not self.nodes[w].is_end and self.level.get(w) == l_hi - 1 for w in self.adj[hi]):
            return
        self.levels_stale = True

    # -- result --------------------------------------------------------------------------------------
    def findings(self) -> list[Finding]:
        out: list[Finding] = []
        for lid in sorted(self.link_findings):
            out.extend(self.link_findings[lid])
        for s in sorted(self.switch_findings):
            out.append(self.switch_findings[s])
        return out

    def result(self) -> FabricResult:
        fab = self.fab
        if self.levels_stale:
            self._relevel()
        if self.conn_stale:
            self._rebuild_uf()
        r = FabricResult(id=fab.id, name=fab.name, kind=fab.kind, technology=fab.technology,
                         speed_gbps=fab.speed_gbps)
        r.links = r.cables = len(self.links)
        r.cables_by_type = dict(sorted(self.cable_types.items()))
        r.transceivers = self.transceivers
        r.optics_power_w = round(_float(self.optics), 1)
        r.cable_mass_kg = round(_float(self.mass), 2)
        r.cable_length_m = _float(self.length)
        r.tiers = max((t for t, n in self.tier_count.items() if n), default=0) if self.switches else 0
        r.switches = len(self.switches)
        r.switches_by_tier = {TIER_NAMES.get(t, f"tier{t}"): n for t, n in sorted(self.tier_count.items()) if n}
        total = 1.0
        for tier in range(1, r.tiers):
            if self.up[tier] > 0:
                ratio = self.down[tier] / self.up[tier]
                r.oversubscription_by_tier[TIER_NAMES.get(tier, f"tier{tier}")] = round(ratio, 4)
                total *= max(1.0, ratio)
        r.oversubscription = round(total, 4)
        r.gpus = self.gpus
        r.servers = len(self.ends)
        if r.gpus:
            r.per_gpu_gbps = round(_float(self.gpu_bw) / r.gpus, 3)
            r.effective_per_gpu_gbps = round(r.per_gpu_gbps / r.oversubscription, 3)
        r.connected = self.end_comps <= 1
        caps = [self.inj] + [self.up[t] for t in range(1, r.tiers)]
        r.bisection_tbps = round((_float(min(caps)) / 2.0) / 1000.0, 4) if r.connected and self.ends else 0.0
        r.hops = 2 * r.tiers - 1 if r.tiers else (1 if self.links else 0)
        r.switch_ports_total = self.switch_ports_total
        r.switch_ports_used = self.switch_ports_used
        r.switch_power_kw = round(_float(self.switch_power) / 1000.0, 3)
        r.findings = self.findings()
        if fab.kind == "nvlink":
            nodes = self.nodes
            gpu_nodes = [(pid, nodes[pid].slug, nodes[pid].gpus, _float(nodes[pid].bw), nodes[pid].degree)
                         for pid in sorted(self.ends) if nodes[pid].gpus]
            switches = [(pid, nodes[pid].slug) for pid in sorted(self.switches)]
            r.nvlink, extra = fabric_domain(
                fab, self.cache.catalog, gpu_nodes, switches,
                lambda slug: self.cache.switch_ports(slug, fab.speed_gbps)[0], self.cache.nvlink_ports)
            r.findings.extend(extra)
        if self.ends and not r.connected:
            r.findings.append(fabric_finding("error", "FABRIC_DISCONNECTED",
                                      "{fab_name} falls apart into {end_comps} pieces: some servers cannot reach each other", (fab.id,), "fabric", fab_name=fab.name, end_comps=self.end_comps))
        if r.oversubscription > fab.oversubscription + 1e-6:
            r.findings.append(fabric_finding("warning", "FABRIC_OVERSUBSCRIBED",
                                      "{fab_name} is {r_oversubscription:g}:1 oversubscribed; the target is {fab_oversubscription:g}:1", (fab.id,), "fabric", fab_name=fab.name, r_oversubscription=r.oversubscription, fab_oversubscription=fab.oversubscription))
        return r

    def node_gbps(self, pid: str) -> float:
        """A node's link bandwidth on this fabric (Gb/s, 0 when not on it)."""
        n = self.nodes.get(pid)
        return _float(n.bw) if n is not None else 0.0


# -- all fabrics of a plan ----------------------------------------------------------------------------
class FabricModel:
    """Every fabric of a plan, kept by link: :meth:`load` (full), then :meth:`add_link`,
    :meth:`remove_link`, :meth:`refresh_fabric` after edits; :meth:`result` per fabric
    (recomputed only when that fabric changed). Ports used by several links are kept
    plan-wide so reuse within a fabric (``FABRIC_PORT_REUSED``) and across fabrics
    (``FABRIC_PORT_CROSS_FABRIC``) is found whichever link came first: the link with the
    smallest id owns the port, the others get the finding."""

    def __init__(self, catalog: Any, default_length_m: float = 0.0, ports: _Ports | None = None,
                 chooser: MediaChooser | None = None) -> None:
        self.catalog = catalog
        self.default_length_m = default_length_m
        self.cache = ports or _Ports(catalog)
        self.chooser = chooser or MediaChooser(catalog)
        self.reset()

    def reset(self) -> None:
        self.fabric_objs: dict[str, Any] = {}
        self.states: dict[str, FabricState] = {}
        self.links: dict[str, LinkFacts] = {}
        self.by_placement: dict[str, list[LinkFacts]] = {}
        # (placement, port) -> the links using it: (link id, fabric) for one link (one tuple per
        # port, not a dict: 656k ports at 16k GB200 GPUs), {link id: fabric} once several have
        # used it (see _users)
        self.port_links: dict[tuple[str, str], tuple[str, str] | dict[str, str]] = {}
        self.port_findings: dict[str, tuple[Finding, ...]] = {}
        self.cable_counts: Counter[str] = Counter()
        self.transceiver_counts: Counter[str] = Counter()
        self._results: dict[str, tuple[int, FabricResult]] = {}
        self._end_sums: dict[str, tuple[float, list[float]]] = {}  # placement -> end_sums(), until its links change
        # fabrics whose state (and so maybe its result) changed since the caller last cleared this
        self.touched: set[str] = set()

    # -- loading -------------------------------------------------------------------------------------
    def load(self, plan: Plan, links: list[Link] | None = None, fabrics: list[Any] | None = None) -> None:
        self.reset()
        self.fabric_objs = {f.id: f for f in (plan.fabrics if fabrics is None else fabrics)}
        for fid, fab in self.fabric_objs.items():
            self.states[fid] = FabricState(fab, self.cache)
        pl = plan.index.placements
        cache, chooser, dflt, fabs = self.cache, self.chooser, self.default_length_m, self.fabric_objs
        facts = [link_facts(cache, chooser, pl, fabs.get(lk.fabric), lk, dflt)
                 for lk in (plan.links if links is None else links)]
        by_placement = self.by_placement
        self.links = dict(zip(map(_F_ID, facts), facts))  # a duplicate id: first position, last facts, as in turn
        by_fabric: dict[str, list[LinkFacts]] = {}
        for f in facts:
            a, b, fid = f.a, f.b, f.fabric
            lst = by_placement.get(a)
            if lst is None:
                by_placement[a] = [f]
            else:
                lst.append(f)
            if b != a:
                lst = by_placement.get(b)
                if lst is None:
                    by_placement[b] = [f]
                else:
                    lst.append(f)
            group = by_fabric.get(fid)
            if group is None:
                by_fabric[fid] = [f]
            else:
                group.append(f)
        # (placement, port) -> {link: fabric}: one dict per end built in C; a port several links
        # share (rare) is then rebuilt from those links in order
        ids, fids = list(map(_F_ID, facts)), list(map(_F_FABRIC, facts))
        ends_a = list(map(_F_END_A, facts))
        ends_b = list(map(_F_END_B, facts))
        port_links = self.port_links = dict(zip(chain(ends_a, ends_b), zip(chain(ids, ids), chain(fids, fids))))
        if len(port_links) != 2 * len(facts):
            shared_ports = {k for k, n in Counter(chain(ends_a, ends_b)).items() if n > 1}
            for k in shared_ports:
                port_links[k] = {}
            for ka, kb, lid, fid in zip(ends_a, ends_b, ids, fids):
                if ka in shared_ports:
                    port_links[ka][lid] = fid
                if kb in shared_ports:
                    port_links[kb][lid] = fid
        self.cable_counts = Counter(filter(None, map(_F_CABLE, facts)))
        self.transceiver_counts = Counter()
        for x, n in Counter(map(_F_XCVR, facts)).items():
            if x is not None:
                self.transceiver_counts[x] = 2 * n
        shared = ({lid for users in port_links.values() if type(users) is dict and len(users) > 1 for lid in users}
                  if len(port_links) != 2 * len(facts) else ())
        for lid in shared:
            pf = self._port_findings(self.links[lid])
            if pf:
                self.port_findings[lid] = pf
        for fid, group in by_fabric.items():
            st = self.states.get(fid)
            if st is None:
                st = self.states[fid] = FabricState(_UnknownFabric(fid), self.cache)
            st.add_all(group, self.port_findings)
        self.touched.update(self.states)

    def end_sums(self, pid: str) -> tuple[float, list[float]]:
        """(``math.fsum`` of the media power per end of a placement's links, half of each of
        their cable masses in ``by_placement`` order): what a rack adds per device, kept until
        a link of that placement is added, replaced or removed (a tray's 72 NVLink links are
        not re-summed when a neighbour moves)."""
        got = self._end_sums.get(pid)
        if got is None:
            lks = self.by_placement.get(pid, ())
            got = self._end_sums[pid] = (math.fsum(lk.end_power_w for lk in lks), [lk.mass_kg / 2 for lk in lks])
        return got

    # -- port use --------------------------------------------------------------------------------------
    def _port_findings(self, f: LinkFacts) -> tuple[Finding, ...]:
        out: list[Finding] = []
        for pid, port, name in ((f.a, f.a_port, f.a_name), (f.b, f.b_port, f.b_name)):
            users = self.port_links.get((pid, port))
            if type(users) is not dict or len(users) < 2:
                continue
            same = [lid for lid, fid in users.items() if fid == f.fabric]
            owner = min(same)
            if owner != f.id:
                out.append(fabric_finding("error", "FABRIC_PORT_REUSED",
                                   "port {port} of {name} is used by links {owner} and {f_id}", (f.id, owner, pid), port=port, name=name, owner=owner, f_id=f.id))
            first = min(users)
            if users[first] != f.fabric:
                fo = self.fabric_objs.get(users[first])
                fm = self.fabric_objs.get(f.fabric)
                out.append(fabric_finding("error", "FABRIC_PORT_CROSS_FABRIC",
                                   "port {port} of {name} is wired in two fabrics: link {first} in {v4} and link {f_label} in {v6}", (f.id, first, pid), port=port, name=name, first=first, v4=fo.name if fo is not None else users[first], f_label=f.label, v6=fm.name if fm is not None else f.fabric))
        return tuple(out)

    def _refresh_ports(self, keys: set[tuple[str, str]]) -> None:
        lids = {lid for k in keys for lid in _users(self.port_links.get(k))}
        for lid in lids:
            f = self.links[lid]
            new = self._port_findings(f)
            if new != self.port_findings.get(lid, ()):
                if new:
                    self.port_findings[lid] = new
                else:
                    self.port_findings.pop(lid, None)
                st = self.states[f.fabric]
                if lid not in st.links:
                    continue
                st.version += 1
                self.touched.add(f.fabric)
                fnd = f.findings + new
                if fnd:
                    st.link_findings[lid] = fnd
                else:
                    st.link_findings.pop(lid, None)

    # -- edits ---------------------------------------------------------------------------------------
    def _index_add(self, f: LinkFacts) -> None:
        self.links[f.id] = f
        for end in ((f.a,) if f.a == f.b else (f.a, f.b)):
            self.by_placement.setdefault(end, []).append(f)
            self._end_sums.pop(end, None)
        port_links = self.port_links
        for k in ((f.a, f.a_port), (f.b, f.b_port)):
            users = port_links.get(k)
            if users is None or (type(users) is tuple and users[0] == f.id):
                port_links[k] = (f.id, f.fabric)
            elif type(users) is tuple:
                port_links[k] = {users[0]: users[1], f.id: f.fabric}
            else:
                users[f.id] = f.fabric
        if f.cable:
            self.cable_counts[f.cable] += 1
        if f.transceiver is not None:
            self.transceiver_counts[f.transceiver] += 2

    def add_link(self, plan: Plan, link: Any) -> LinkFacts:
        """Add a plan link (or replace the one with its id) and return its facts. A link
        whose ends, ports, speed and fabric stay (a cable, length or label edit) is patched
        in place: media sums and its findings only."""
        pl = plan.index.placements
        f = link_facts(self.cache, self.chooser, pl, self.fabric_objs.get(link.fabric), link, self.default_length_m)
        old = self.links.get(link.id)
        if old is not None:
            if _structure(old) == _structure(f) and f.fabric in self.states:
                self._replace(old, f)
                return f
            self.remove_link(link.id)
        self._index_add(f)
        st = self.states.get(f.fabric)
        if st is None:
            st = self.states[f.fabric] = FabricState(_UnknownFabric(f.fabric), self.cache)
        st.add(f, ())
        self.touched.add(f.fabric)
        self._refresh_ports({(f.a, f.a_port), (f.b, f.b_port)})
        return f

    def _replace(self, old: LinkFacts, f: LinkFacts) -> None:
        self.links[f.id] = f
        for end in ((f.a,) if f.a == f.b else (f.a, f.b)):
            lst = self.by_placement[end]
            lst[:] = [f if x.id == f.id else x for x in lst]
            self._end_sums.pop(end, None)
        for counts, before, after, n in ((self.cable_counts, old.cable, f.cable, 1),
                                         (self.transceiver_counts, old.transceiver, f.transceiver, 2)):
            if before:
                counts[before] -= n
                if not counts[before]:
                    del counts[before]
            if after:
                counts[after] += n
        pf = self._port_findings(f) if f.id in self.port_findings else ()
        if pf:
            self.port_findings[f.id] = pf
        self.states[f.fabric].replace(old, f, pf)
        self.touched.add(f.fabric)

    def remove_link(self, lid: str) -> LinkFacts | None:
        f = self.links.pop(lid, None)
        if f is None:
            return None
        for end in ((f.a,) if f.a == f.b else (f.a, f.b)):
            lst = self.by_placement.get(end)
            self._end_sums.pop(end, None)
            if lst is not None:
                lst[:] = [x for x in lst if x.id != lid]
                if not lst:
                    del self.by_placement[end]
        keys = {(f.a, f.a_port), (f.b, f.b_port)}
        for k in keys:
            users = self.port_links.get(k)
            if type(users) is tuple:
                if users[0] == lid:
                    del self.port_links[k]
            elif users is not None:
                users.pop(lid, None)
                if not users:
                    del self.port_links[k]
        self.port_findings.pop(lid, None)
        if f.cable:
            self.cable_counts[f.cable] -= 1
            if not self.cable_counts[f.cable]:
                del self.cable_counts[f.cable]
        if f.transceiver is not None:
            self.transceiver_counts[f.transceiver] -= 2
            if not self.transceiver_counts[f.transceiver]:
                del self.transceiver_counts[f.transceiver]
        st = self.states.get(f.fabric)
        if st is not None:
            st.remove(lid)
            self.touched.add(f.fabric)
        self._refresh_ports(keys)
        return f

    def set_fabrics(self, plan: Plan, changed: set[str]) -> list[tuple[LinkFacts, LinkFacts]]:
        """The plan's fabrics changed (``changed`` ids: added, removed or edited): rebuild
        those fabrics from their links. Returns (old, new) facts of the links re-read."""
        self.fabric_objs = {f.id: f for f in plan.fabrics}
        out = []
        for fid in sorted(changed):
            st = self.states.get(fid)
            lids = sorted(st.links) if st is not None else []
            olds = {lid: self.links[lid] for lid in lids if lid in self.links}
            for lid in lids:  # all out first: a node's kind is read when it first appears
                self.remove_link(lid)
            self._results.pop(fid, None)
            self.states.pop(fid, None)
            self.touched.add(fid)
            fab = self.fabric_objs.get(fid)
            if fab is not None:
                self.states[fid] = FabricState(fab, self.cache)
            if lids:
                current = {lk.id: lk for lk in plan.links if lk.id in olds}
                for lid in lids:
                    if lid in current:
                        out.append((olds[lid], self.add_link(plan, current[lid])))
        return out

    # -- results -------------------------------------------------------------------------------------
    def result(self, fid: str) -> tuple[FabricResult, set[str]]:
        """The fabric's result (without unconnected ports) and its non-switch endpoints."""
        st = self.states[fid]
        got = self._results.get(fid)
        if got is None or got[0] != st.version or got[1].name != st.fab.name:
            got = (st.version, st.result())
            self._results[fid] = got
        return got[1], st.ends

    def link_findings(self, links: list[Any]) -> list[Finding]:
        """Findings of the given links (own checks and port reuse), in their order."""
        out: list[Finding] = []
        for lk in links:
            f = self.links.get(lk.id)
            if f is not None:
                out.extend(f.findings)
                out.extend(self.port_findings.get(lk.id, ()))
        return out


def _users(users: tuple[str, str] | dict[str, str] | None) -> Any:
    """The link ids of a ``FabricModel.port_links`` value."""
    if users is None:
        return ()
    return (users[0],) if type(users) is tuple else users


def _structure(f: LinkFacts) -> tuple[Any, ...]:
    """What a link contributes to a fabric's graph (ends, ports, speed, devices, names)."""
    return (f.fabric, f.a, f.b, f.a_port, f.b_port, f.speed_gbps, f.a_dev, f.b_dev, f.a_name, f.b_name)


class _UnknownFabric:
    """Stand-in for a fabric id the plan does not have (links are validated against it;
    only reachable with a hand-made plan)."""

    def __init__(self, fid: str) -> None:
        self.id = self.name = fid
        self.kind = "compute"
        self.technology = "unknown"
        self.speed_gbps = 0.0
        self.oversubscription = 1.0


def check_links(plan: Plan, catalog: Any, links: list[Link] | None = None,
                ports: _Ports | None = None) -> list[Finding]:
    """Findings on the wiring itself: ports, speeds, media, lengths (of ``links``,
    default all the plan's links; a port used twice, or in two fabrics, is found among
    those links)."""
    lks = plan.links if links is None else links
    model = FabricModel(catalog, ports=ports)
    model.load(plan, lks)
    return model.link_findings(lks)


def analyse_fabrics(plan: Plan, catalog: Any, default_length_m: float = 0.0) -> list[FabricResult]:
    """One result per fabric of the plan, with its findings (link findings included)."""
    model = FabricModel(catalog, default_length_m)
    model.load(plan)
    kinds_count: Counter[str] = Counter(f.kind for f in plan.fabrics)
    wired = set(model.port_links)
    results = []
    for fab in plan.fabrics:
        r, ends = model.result(fab.id)
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
    """The port role every member of the fabric must wire (an NVLink fabric: the GPU
    trays' NVLink ports)."""
    return NVLINK_ROLE if fab.kind == "nvlink" else fab.kind


def required_ports(catalog: Any, slug: str, role: str) -> list[str]:
    """Names of a device type's ports of ``role``, in port order."""
    dp = device_ports(catalog, slug)
    return [] if dp is None else [p.name for p in dp.role(role)]


def with_unconnected(r: FabricResult, fab: Any, unconnected: list[tuple[str, str]]) -> FabricResult:
    """Add the unconnected required ports (and their finding) to a fabric result."""
    r.unconnected_ports = list(unconnected)
    if unconnected:
        n_dev = len({p for p, _ in unconnected})
        where = (fab.id, *sorted({p for p, _ in unconnected})[:50])
        r.findings.append(fabric_finding("warning", "FABRIC_UNCONNECTED_PORTS",
                                         "{fab_name}: {v2} {v3} ports on {n_dev} devices are not wired", where,
                                         "fabric", fab_name=fab.name, v2=len(unconnected), v3=required_role(fab),
                                         n_dev=n_dev))
    return r


def analyse_fabric(plan: Plan, catalog: Any, fab: Any, links: list[Link], *, ports: _Ports | None = None,
                   chooser: MediaChooser | None = None, default_length_m: float = 0.0,
                   link_findings: list[Finding] | None = None) -> tuple[FabricResult, list[str]]:
    """One fabric from its links: tiers, bandwidth, switches, media, findings (its link
    findings first; ``link_findings`` if given, else the checks over ``links``).
    Unconnected required ports are not included (:func:`with_unconnected`). Returns the
    result and the fabric's non-switch endpoints."""
    model = FabricModel(catalog, default_length_m, ports=ports, chooser=chooser)
    model.load(plan, links, fabrics=[fab])
    r, ends = model.result(fab.id)
    if link_findings is not None:
        r.findings = list(link_findings) + [f for f in r.findings if f.kind != "link"]
    return r, sorted(ends)


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
    model = FabricModel(catalog)
    model.load(plan)
    compute = [f.id for f in plan.fabrics if f.kind == "compute"]
    ovs = {fid: model.result(fid)[0].oversubscription for fid in compute}
    bw = {(pid, fid): model.states[fid].node_gbps(pid) for fid in compute for pid in members}
    gpus_of = []
    for pid in members:
        dev = catalog.get("device-types", pl[pid].device)
        gpus_of.append((pid, dev.gpu_count if dev is not None else 0))
    return inter_node_from(gpus_of, bw, ovs)


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

