"""Fat-tree sizing from topology rules (no lookup tables).

One :class:`FatTree` is computed by :func:`design_fat_tree` and used by both the
calculator (``rackwright fabric``) and auto-wiring, so the two always agree. The
rules, with the NVIDIA DGX SuperPOD reference architecture checks, are in
docs/fabrics.md:

* radix ``R`` = switch ports at the link speed (breakouts counted);
* a leaf uses ``d`` ports down and ``u = ceil(d / r)`` up, with ``d`` the largest
  value with ``d + ceil(d / r) <= R`` (``r`` = oversubscription; at 1:1, R/2 + R/2);
* rail-optimised: a *scalable unit* (SU) is ``d`` nodes; each SU has one leaf per
  rail and NIC ``k`` of every node goes to the SU's rail-``k`` leaf. Leaves and
  leaf-spine cables are sized for whole SUs (the SuperPOD RA: "designed to support
  the full SU");
* two tiers: ``S`` spines, the smallest divisor of ``u`` with ``S >= L u / R`` so
  every leaf reaches every spine with the same number of links;
* three tiers when leaves exceed what two can reach (``L > R`` at one link per
  leaf-spine pair, i.e. more than ``R * d`` endpoints, ``R^2/2`` at 1:1): pods of
  ``R/2`` leaves (whole SUs) with ``u`` spines each; spines run 1:1 (``R/2`` down,
  ``R/2`` up); spine ``j`` of every pod goes to core group ``j`` of ``g`` cores, ``g``
  the smallest divisor of the spine uplinks with ``g >= pods (R/2) / R``;
* up to ``R`` endpoints fit on one switch (no tiers above it).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from functools import partial

from planner.i18n import tmsg


class FabricDesignError(ValueError):
    """The requested fabric cannot be built with these switches (message for the user)."""


@dataclass(frozen=True)
class Hop:
    """One end of an abstract link: ``("node", n, rail)`` or ``("leaf"|"spine"|"core", index, port)``."""

    role: str
    index: int
    port: int


@dataclass(frozen=True)
class FatTree:
    nodes: int
    rails: int
    endpoints: int
    radix: int
    link_gbps: float
    oversubscription_target: float
    rail_optimised: bool
    tiers: int
    down_per_leaf: int
    up_per_leaf: int
    nodes_per_su: int
    sus: int
    leaves: int
    spines: int
    cores: int
    pods: int
    leaves_per_pod: int
    spines_per_pod: int
    links_per_leaf_spine: int
    spine_up: int
    cores_per_group: int

    @property
    def switches(self) -> int:
        return self.leaves + self.spines + self.cores

    @property
    def leaf_oversubscription(self) -> float:
        if self.tiers == 1 or self.up_per_leaf == 0:
            return 1.0
        return self.down_per_leaf / self.up_per_leaf

    @property
    def cables_node_leaf(self) -> int:
        return self.endpoints

    @property
    def cables_leaf_spine(self) -> int:
        return self.leaves * self.up_per_leaf if self.tiers >= 2 else 0

    @property
    def cables_spine_core(self) -> int:
        return self.spines * self.spine_up if self.tiers >= 3 else 0

    @property
    def cables(self) -> int:
        return self.cables_node_leaf + self.cables_leaf_spine + self.cables_spine_core

    @property
    def hops(self) -> int:
        """Switches a packet crosses between the two farthest endpoints."""
        return 2 * self.tiers - 1

    @property
    def max_endpoints_two_tier(self) -> int:
        return self.radix * self.down_per_leaf

    def bisection_gbps(self) -> float:
        """Bandwidth across the worst halving cut, one direction: half the smallest of
        endpoint injection and the uplink capacity of each tier."""
        caps = [self.endpoints * self.link_gbps]
        if self.tiers >= 2:
            caps.append(self.cables_leaf_spine * self.link_gbps)
        if self.tiers >= 3:
            caps.append(self.cables_spine_core * self.link_gbps)
        return min(caps) / 2.0

    def as_dict(self) -> dict:
        d = asdict(self)
        d.update(switches=self.switches, cables=self.cables, cables_node_leaf=self.cables_node_leaf,
                 cables_leaf_spine=self.cables_leaf_spine, cables_spine_core=self.cables_spine_core,
                 hops=self.hops, leaf_oversubscription=self.leaf_oversubscription)
        return d

    # -- the wiring, as abstract links ------------------------------------------------
    def leaf_of(self, node: int, rail: int) -> tuple[int, int]:
        """(leaf index, leaf port) for NIC ``rail`` of ``node``."""
        if self.tiers == 1:
            return 0, node * self.rails + rail
        if self.rail_optimised:
            su, pos = divmod(node, self.nodes_per_su)
            return su * self.rails + rail, pos
        e = node * self.rails + rail
        return divmod(e, self.down_per_leaf)

    def links(self) -> Iterator[tuple[Hop, Hop]]:
        """Every link of the design, node-leaf first, then leaf-spine, then spine-core."""
        for n in range(self.nodes):
            for k in range(self.rails):
                leaf, port = self.leaf_of(n, k)
                yield Hop("node", n, k), Hop("leaf", leaf, port)
        if self.tiers == 2:
            per = self.links_per_leaf_spine
            for leaf in range(self.leaves):
                for m in range(self.up_per_leaf):
                    spine = m % self.spines
                    yield (Hop("leaf", leaf, self.down_per_leaf + m),
                           Hop("spine", spine, leaf * per + m // self.spines))
        elif self.tiers == 3:
            for leaf in range(self.leaves):
                pod, li = divmod(leaf, self.leaves_per_pod)
                for m in range(self.up_per_leaf):
                    yield (Hop("leaf", leaf, self.down_per_leaf + m),
                           Hop("spine", pod * self.spines_per_pod + m, li))
            g = self.cores_per_group
            per = self.spine_up // g
            for spine in range(self.spines):
                pod, j = divmod(spine, self.spines_per_pod)
                for t in range(self.spine_up):
                    yield (Hop("spine", spine, self.leaves_per_pod + t),
                           Hop("core", j * g + t % g, pod * per + t // g))


def leaf_split(radix: int, oversubscription: float) -> tuple[int, int]:
    """(down, up) ports per leaf: the most down ports with ``down + ceil(down / r) <= R``."""
    if radix < 2:
        raise FabricDesignError(tmsg("a switch needs at least 2 ports at the link speed to build a tree (has {radix})",
                                     radix=radix))
    r = float(oversubscription)
    d = radix - 1
    while d > 1 and d + math.ceil(d / r - 1e-9) > radix:
        d -= 1
    return d, math.ceil(d / r - 1e-9)


def _smallest_divisor_at_least(n: int, lo: int) -> int | None:
    for s in range(max(1, lo), n + 1):
        if n % s == 0:
            return s
    return None


def design_fat_tree(nodes: int, rails: int, radix: int, link_gbps: float, oversubscription: float = 1.0,
                    rail_optimised: bool = True, growable: bool = False) -> FatTree:
    """Size a leaf/spine(/core) fat tree for ``nodes`` servers with ``rails`` ports each.
    ``growable``: one switch only while it keeps the free ports to become a leaf of a
    two-tier tree later (``endpoints + ceil(endpoints / r) <= R``), so that a later growth
    phase extends the fabric without re-cabling (planner.fabric.extend); else two tiers."""
    if nodes <= 0:
        raise FabricDesignError(tmsg("the number of nodes must be at least 1 (got {nodes})", nodes=nodes))
    if rails <= 0:
        raise FabricDesignError(tmsg("the servers have no ports on this fabric"))
    if oversubscription < 1:
        raise FabricDesignError(tmsg("oversubscription must be 1 or more (got {value:g})", value=oversubscription))
    endpoints = nodes * rails
    tree = partial(FatTree, nodes=nodes, rails=rails, endpoints=endpoints, radix=radix, link_gbps=link_gbps,
                   oversubscription_target=float(oversubscription), rail_optimised=rail_optimised)
    if endpoints <= radix and (not growable or endpoints + math.ceil(endpoints / oversubscription - 1e-9) <= radix):
        return tree(tiers=1, down_per_leaf=endpoints, up_per_leaf=0, nodes_per_su=nodes, sus=1,
                       leaves=1, spines=0, cores=0, pods=1, leaves_per_pod=1, spines_per_pod=0,
                       links_per_leaf_spine=0, spine_up=0, cores_per_group=0)
    d, u = leaf_split(radix, oversubscription)
    if rail_optimised:
        nodes_per_su = d
        sus = math.ceil(nodes / d)
        leaves = sus * rails
    else:
        nodes_per_su = max(1, d // rails)
        leaves = math.ceil(endpoints / d)
        sus = leaves
    s_min = math.ceil(leaves * u / radix)
    spines = _smallest_divisor_at_least(u, s_min)
    if spines is not None:
        return tree(tiers=2, down_per_leaf=d, up_per_leaf=u, nodes_per_su=nodes_per_su, sus=sus,
                       leaves=leaves, spines=spines, cores=0, pods=1, leaves_per_pod=leaves, spines_per_pod=spines,
                       links_per_leaf_spine=u // spines, spine_up=0, cores_per_group=0)
    # three tiers
    half = radix // 2
    leaves_per_pod = (half // rails) * rails if rail_optimised and rails <= half else half
    if leaves_per_pod < 1:
        raise FabricDesignError(tmsg("{rails} rails do not fit a pod of {half}-port spines", rails=rails, half=half))
    if rail_optimised and sus * rails != leaves:  # pragma: no cover - defensive
        raise FabricDesignError("inconsistent rail layout")
    pods = math.ceil(leaves / leaves_per_pod)
    spine_up = leaves_per_pod  # 1:1 at the spine
    if leaves_per_pod + spine_up > radix:  # pragma: no cover - leaves_per_pod <= R/2
        raise FabricDesignError("spine ports exhausted")
    g = _smallest_divisor_at_least(spine_up, math.ceil(pods * spine_up / radix))
    if g is None:
        raise FabricDesignError(tmsg(
            "{nodes} nodes x {rails} ports need more than three tiers of {radix}-port switches (three tiers reach "
            "{reach} endpoints); use a larger radix or fewer nodes",
            nodes=nodes, rails=rails, radix=radix, reach=radix * leaves_per_pod * d))
    return tree(tiers=3, down_per_leaf=d, up_per_leaf=u, nodes_per_su=nodes_per_su, sus=sus,
                   leaves=leaves, spines=pods * u, cores=u * g, pods=pods, leaves_per_pod=leaves_per_pod,
                   spines_per_pod=u, links_per_leaf_spine=1, spine_up=spine_up, cores_per_group=g)
