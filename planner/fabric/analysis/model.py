"""All fabrics of a plan: :class:`FabricModel`, the incremental form the engine keeps (one
:class:`FabricState` per fabric, link facts by id and by placement, ports used by several
links plan-wide)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from itertools import chain
from typing import TYPE_CHECKING, Any

from planner.fabric.analysis.links import (
    _F_CABLE,
    _F_END_A,
    _F_END_B,
    _F_FABRIC,
    _F_ID,
    _F_XCVR,
    LinkFacts,
    link_facts,
)
from planner.fabric.analysis.lookups import _Ports
from planner.fabric.analysis.result import FabricResult
from planner.fabric.analysis.state import FabricState
from planner.fabric.findings import Finding, fabric_finding
from planner.fabric.media import MediaChooser
from planner.model.plan import Fabric, Link, Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog


class FabricModel:
    """Every fabric of a plan, kept by link: :meth:`load` (full), then :meth:`add_link`,
    :meth:`remove_link`, :meth:`refresh_fabric` after edits; :meth:`result` per fabric
    (recomputed only when that fabric changed). Ports used by several links are kept
    plan-wide so reuse within a fabric (``FABRIC_PORT_REUSED``) and across fabrics
    (``FABRIC_PORT_CROSS_FABRIC``) is found whichever link came first: the link with the
    smallest id owns the port, the others get the finding."""

    def __init__(self, catalog: Catalog, default_length_m: float = 0.0, ports: _Ports | None = None,
                 chooser: MediaChooser | None = None) -> None:
        self.catalog = catalog
        self.default_length_m = default_length_m
        self.cache = ports or _Ports(catalog)
        self.chooser = chooser or MediaChooser(catalog)
        self.reset()

    def reset(self) -> None:
        self.fabric_objs: dict[str, Fabric] = {}
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
    def load(self, plan: Plan, links: list[Link] | None = None, fabrics: list[Fabric] | None = None) -> None:
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
            got = self._end_sums[pid] = (math.fsum(lk.power_at(pid) for lk in lks), [lk.mass_kg / 2 for lk in lks])
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
            if users is None or (isinstance(users, tuple) and users[0] == f.id):
                port_links[k] = (f.id, f.fabric)
            elif isinstance(users, tuple):
                port_links[k] = {users[0]: users[1], f.id: f.fabric}
            else:
                users[f.id] = f.fabric
        if f.cable:
            self.cable_counts[f.cable] += 1
        if f.transceiver is not None:
            self.transceiver_counts[f.transceiver] += 2

    def add_link(self, plan: Plan, link: Link) -> LinkFacts:
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
            if isinstance(users, tuple):
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


def _users(users: tuple[str, str] | dict[str, str] | None) -> Iterable[str]:
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
