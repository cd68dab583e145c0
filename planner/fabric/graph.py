"""A fabric as a layered graph for display: nodes at the bottom, then leaves, spines,
cores; big fabrics are aggregated so 2,048 nodes stay readable.

:func:`fabric_graph(plan, catalog, fabric_id, max_boxes=32)` returns a
:class:`FabricGraph`: per tier (0 = servers/storage, 1 = leaf, 2 = spine, 3 = core)
a list of :class:`Box` (one device, or a group of devices with the same wiring) and
the :class:`Edge` between boxes with the link ids they stand for. Tiers come from
the wiring, as in :mod:`planner.fabric.analysis` (switches one link from a server
are leaves, the next layer spines...).

Aggregation, per tier, only when the tier has more than ``max_boxes`` devices:
devices with the same neighbours one tier down (nodes: one tier up) form a group -
the nodes of one scalable unit share the SU's leaves, an SU's leaves share its
nodes, a pod's spines share the pod's leaf groups. If that still gives too many
boxes, groups are merged by the groups they reach one tier further up (SUs by pod).
No figures are computed here; counts are of the plan's own devices and links.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from planner.i18n import N_, tmsg
from planner.model.plan import Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog

# a group's box label (a planner Message: English here, translated where the Fabric view draws it)
GROUP_LABELS = {0: N_("Node group {n}"), 1: N_("Leaf group {n}"), 2: N_("Spine group {n}"),
                3: N_("Core group {n}")}
OTHER_GROUP_LABEL = N_("Tier {tier} group {n}")


@dataclass
class Box:
    key: str
    tier: int
    label: str  # a device's name, or a group's Message (message_text() where it is shown)
    members: list[str]  # placement ids
    gpus: int = 0
    links_down: int = 0
    links_up: int = 0
    detail: str = ""  # groups: first and last member names

    @property
    def count(self) -> int:
        return len(self.members)


@dataclass
class Edge:
    a: str  # box key, lower tier
    b: str  # box key, upper tier (or same tier for odd wiring)
    links: list[str] = field(default_factory=list)


@dataclass
class FabricGraph:
    fabric_id: str
    tiers: dict[int, list[Box]]
    edges: list[Edge]
    box_of: dict[str, str]  # placement id -> box key
    devices: dict[int, int]  # tier -> number of devices

    def box(self, key: str) -> Box:
        for boxes in self.tiers.values():
            for b in boxes:
                if b.key == key:
                    return b
        raise KeyError(key)

    def path_edges(self, key: str) -> list[Edge]:
        """The edges of a box and everything above it it reaches (its paths to the top)."""
        tier_of = {b.key: b.tier for boxes in self.tiers.values() for b in boxes}
        up: dict[str, list[Edge]] = defaultdict(list)
        for e in self.edges:
            lo, hi = (e.a, e.b) if tier_of[e.a] <= tier_of[e.b] else (e.b, e.a)
            up[lo].append(e)
        out = [e for e in self.edges if key in (e.a, e.b)]
        seen_e = {id(e) for e in out}
        frontier, seen = [key], {key}
        while frontier:
            nxt = []
            for k in frontier:
                for e in up.get(k, ()):
                    if id(e) not in seen_e:
                        out.append(e)
                        seen_e.add(id(e))
                    other = e.b if e.a == k else e.a
                    if other not in seen and tier_of[other] > tier_of[k]:
                        seen.add(other)
                        nxt.append(other)
            frontier = nxt
        return out


def natural_key(text: str) -> list[int | str]:
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", text)]


def fabric_graph(plan: Plan, catalog: Catalog | None, fabric_id: str, max_boxes: int = 32) -> FabricGraph:
    pl = plan.index.placements
    links = [lk for lk in plan.links if lk.fabric == fabric_id]
    kind_cache: dict[str, str] = {}

    def kind(pid: str) -> str:
        slug = pl[pid].device
        if slug not in kind_cache:
            dev = catalog.get("device-types", slug) if catalog is not None else None
            kind_cache[slug] = dev.kind if dev is not None else "other"
        return kind_cache[slug]

    adj: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for lk in links:
        a, b = lk.a.placement, lk.b.placement
        if a not in pl or b not in pl:
            continue
        adj[a][b].append(lk.id)
        adj[b][a].append(lk.id)
    devices = list(adj)
    is_switch = {p: kind(p) == "switch" for p in devices}
    level: dict[str, int] = {p: 0 for p in devices if not is_switch[p]}
    frontier = [p for p in devices if not is_switch[p]]
    t = 0
    while frontier:
        t += 1
        nxt = []
        for p in frontier:
            for q in adj[p]:
                if q not in level and is_switch[q]:
                    level[q] = t
                    nxt.append(q)
        frontier = nxt
    top = max(level.values(), default=0)
    for p in devices:  # switches no server reaches (islands) sit above the rest
        level.setdefault(p, top + 1)
    by_tier: dict[int, list[str]] = defaultdict(list)
    for p in devices:
        by_tier[level[p]].append(p)
    for tier in by_tier:
        by_tier[tier].sort(key=lambda p: natural_key(pl[p].name or p))

    # groups: bottom-up by the set of neighbour groups one tier down (nodes: up)
    group_of: dict[str, str] = {}
    groups: dict[int, dict[tuple, list[str]]] = {}
    for tier in sorted(by_tier):
        g: dict[tuple, list[str]] = {}
        for p in by_tier[tier]:
            if tier == 0:
                sig = tuple(sorted(q for q in adj[p] if level[q] > 0))
            else:
                sig = tuple(sorted({group_of[q] for q in adj[p] if level[q] == tier - 1}))
            g.setdefault(sig, []).append(p)
        groups[tier] = g
        for i, members in enumerate(g.values()):
            for p in members:
                group_of[p] = f"g{tier}.{i}"

    box_of: dict[str, str] = {}
    tiers: dict[int, list[Box]] = {}
    gpus_cache: dict[str, int] = {}

    def gpus(pid: str) -> int:
        slug = pl[pid].device
        if slug not in gpus_cache:
            dev = catalog.get("device-types", slug) if catalog is not None else None
            gpus_cache[slug] = (dev.gpu_count or 0) if dev is not None else 0
        return gpus_cache[slug]

    for tier in sorted(by_tier):
        members = by_tier[tier]
        if len(members) <= max_boxes:
            boxes = [Box(f"d:{p}", tier, pl[p].name or p, [p]) for p in members]
        else:
            parts = list(groups[tier].values())
            if len(parts) > max_boxes:
                parts = _merge_by_reach(parts, adj, level, group_of, tier, max_boxes)
            boxes = []
            for i, part in enumerate(parts):
                first, last = pl[part[0]].name or part[0], pl[part[-1]].name or part[-1]
                label = (tmsg(GROUP_LABELS.get(tier, OTHER_GROUP_LABEL), tier=tier, n=i + 1)
                         if len(part) > 1 else first)
                detail = f"{first} \u2026 {last}" if len(part) > 1 else ""
                boxes.append(Box(f"g:{tier}:{i}", tier, label, list(part), detail=detail))
        for box in boxes:
            for p in box.members:
                box_of[p] = box.key
        tiers[tier] = boxes
    # node boxes ordered under their leaves
    if 0 in tiers and 1 in tiers:
        pos = {b.key: i for i, b in enumerate(tiers[1])}

        def first_leaf(b: Box) -> int:
            return min((pos[box_of[q]] for p in b.members[:1] for q in adj[p] if level[q] == 1), default=0)

        tiers[0].sort(key=first_leaf)
    edges: dict[tuple[str, str], Edge] = {}
    for lk in links:
        a, b = lk.a.placement, lk.b.placement
        if a not in box_of or b not in box_of:
            continue
        ka, kb = box_of[a], box_of[b]
        if level[a] > level[b]:
            ka, kb, a, b = kb, ka, b, a
        e = edges.get((ka, kb))
        if e is None:
            e = edges[(ka, kb)] = Edge(ka, kb)
        e.links.append(lk.id)
    boxes_by_key = {b.key: b for bs in tiers.values() for b in bs}
    for box in boxes_by_key.values():
        box.gpus = sum(gpus(p) for p in box.members)
    for (ka, kb), e in edges.items():
        boxes_by_key[ka].links_up += len(e.links)
        boxes_by_key[kb].links_down += len(e.links)
    return FabricGraph(fabric_id, tiers, list(edges.values()), box_of, {t: len(m) for t, m in by_tier.items()})


def _merge_by_reach(parts: list[list[str]], adj: Mapping[str, Mapping[str, list[str]]], level: dict[str, int], group_of: dict[str, str], tier: int,
                    max_boxes: int) -> list[list[str]]:
    """Merge groups of one tier by the groups they reach two tiers up (SUs by pod), or
    else into at most ``max_boxes`` runs of consecutive whole groups."""

    def reach(part: list[str]) -> tuple[str, ...]:
        up1 = {q for q in adj[part[0]] if level[q] == tier + 1}
        up2 = {group_of[r] for q in up1 for r in adj[q] if level[r] == tier + 2}
        return tuple(sorted(up2))

    merged: dict[tuple[str, ...], list[str]] = {}
    for part in parts:
        merged.setdefault(reach(part), []).extend(part)
    out = list(merged.values())
    if len(out) <= 1 or len(out) > max_boxes:  # consecutive runs of whole groups
        per = -(-len(parts) // max_boxes)
        out = [[p for part in parts[i:i + per] for p in part] for i in range(0, len(parts), per)]
    return out
