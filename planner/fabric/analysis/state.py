"""One fabric kept by delta: :class:`FabricState`, the aggregates of its links (counts per node
and switch pair, port use, media sums, tier levels, bandwidth per tier, connectivity, findings
keyed by link id) that adding or removing one link patches."""

from __future__ import annotations

from collections import Counter

from planner.fabric.analysis.links import _F_CABLE, _F_GRAPH, _F_LENGTH, _F_MASS, _F_POWER, _F_XCVR, LinkFacts
from planner.fabric.analysis.lookups import _Ports
from planner.fabric.analysis.result import TIER_NAMES, FabricInfo, FabricResult
from planner.fabric.analysis.sums import _exact, _float
from planner.fabric.findings import Finding, fabric_finding
from planner.fabric.nvlink import fabric_domain


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

    def __init__(self, fab: FabricInfo, cache: _Ports) -> None:
        self.fab = fab
        self.cache = cache
        # on a management network, devices reached through their own management port (a data
        # switch's mgmt0): managed devices, ends of the tree, not a tier above its leaves
        self.managed: set[str] = set()
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
        is_end = kind != "switch" or pid in self.managed
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
    def _mark_managed(self, f: LinkFacts) -> None:
        for pid, dev, port in ((f.a, f.a_dev, f.a_port), (f.b, f.b_dev, f.b_port)):
            if pid not in self.nodes and dev is not None:
                got = self.cache.get(dev, port)
                if got is not None and got.role == "management":
                    self.managed.add(pid)

    def add(self, f: LinkFacts, port_findings: tuple[Finding, ...] = ()) -> None:
        self.version += 1
        if self.fab.kind == "management":
            self._mark_managed(f)
        self.links[f.id] = f
        self.cable_types[f.cable or "unassigned"] += 1
        if f.transceiver is not None:
            self.transceivers += 2
        if f.end_power_w:
            self.optics += _exact(f.power_w)
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
        if na is None:
            na = self._node(a, f.a_dev)[0]
        nb = nodes.get(b)
        b_new = nb is None
        if nb is None:
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
        if self.fab.kind == "management":
            for f in facts:
                self._mark_managed(f)
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
        self.optics += sum(n * _exact(a + b) for (a, b), n in Counter(map(_F_POWER, facts)).items() if a or b)
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
                self.optics += sign * _exact(x.power_w)
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
            self.optics -= _exact(f.power_w)
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
