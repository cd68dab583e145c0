"""Growth phases of a plan (docs/phases.md): which phase adds what, and the plan as it
stands after each phase.

A plan lists its phases in build order (``Plan.growth_phases``); a rack, device, link, feed
or cooling loop names the phase that adds it (``growth_phase``; absent: the first), a
workload target the phase from which it applies (the pilot's target still applies in
production). What
holds something comes first: a device arrives no earlier than its rack, a link no earlier
than both its devices (:func:`phase_map`, ``effective``). Phase k of the plan is everything
of phases 1..k (:func:`phase_plan`): a plan of its own, without phases, that the engine
computes as any other, so the figures of phase k are those of a separate plan with that
content.

A reference to something a later phase adds (a PDU on a feed of phase 3, a rack on a loop
of phase 2, a cord into a later PDU, a device of phase 1 in a rack of phase 2) is kept in the
plan and listed by :func:`phase_map` (``early``): in the phases before, the reference is
left out (the PDU is on no feed, the rack on no loop, the cord is not there) and the
engine's findings say what that means; the engine also reports each one
(``PHASE_NEEDS_LATER``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from planner.model.geometry import rack_outer_mm
from planner.model.plan import Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog


@dataclass(frozen=True, slots=True)
class EarlyReference:
    """``kind`` ``id`` (of phase ``phase``, an index) needs ``needs_kind`` ``needs_id``, which
    phase ``needs_phase`` adds, later."""

    kind: str  # rack, placement, row, link
    id: str
    phase: int
    needs_kind: str  # rack, placement, feed, loop, pdu
    needs_id: str
    needs_phase: int


@dataclass
class PhaseMap:
    """The phase (an index into ``Plan.growth_phases``, 0 = the first) that adds each rack,
    device, link, feed and loop, as the plan builds it (a device with its rack at the
    earliest), and the references to something a later phase adds."""

    racks: dict[str, int] = field(default_factory=dict)
    placements: dict[str, int] = field(default_factory=dict)
    links: dict[str, int] = field(default_factory=dict)
    feeds: dict[str, int] = field(default_factory=dict)
    loops: dict[str, int] = field(default_factory=dict)
    workloads: dict[str, int] = field(default_factory=dict)  # the phase from which the target applies
    early: list[EarlyReference] = field(default_factory=list)

    def of(self, kind: str, entity_id: str) -> int | None:
        coll = {"rack": self.racks, "placement": self.placements, "link": self.links, "feed": self.feeds,
                "loop": self.loops, "workload": self.workloads}.get(kind)
        return None if coll is None else coll.get(entity_id)


def phase_map(plan: Plan) -> PhaseMap:
    order = {ph.id: i for i, ph in enumerate(plan.growth_phases)}

    def own(phase: str | None) -> int:
        return order.get(phase, 0) if phase is not None else 0

    m = PhaseMap()
    early = m.early
    m.feeds = {f.id: own(f.growth_phase) for f in plan.feeds}
    m.loops = {c.id: own(c.growth_phase) for c in plan.cooling_loops}
    m.workloads = {w.id: own(w.growth_phase) for w in plan.workloads}
    for room in plan.site.rooms:
        for row in room.rows:
            row_loop = row.cooling.loop if row.cooling is not None else None
            if row_loop is not None and m.loops.get(row_loop, 0) > 0:
                early.append(EarlyReference("row", row.id, 0, "loop", row_loop, m.loops[row_loop]))
            for rack in row.racks:
                rp = own(rack.growth_phase)
                m.racks[rack.id] = rp
                loop = rack.cooling.loop if rack.cooling is not None else None
                if loop is not None and m.loops.get(loop, 0) > rp:
                    early.append(EarlyReference("rack", rack.id, rp, "loop", loop, m.loops[loop]))
                for p in rack.placements:
                    pp = own(p.growth_phase)
                    if p.growth_phase is not None and pp < rp:  # named an earlier phase than its rack's
                        early.append(EarlyReference("placement", p.id, pp, "rack", rack.id, rp))
                    m.placements[p.id] = max(pp, rp)
    places = m.placements
    for p, _ in plan.index.iter_placements():
        pp = places[p.id]
        if p.feed is not None and m.feeds.get(p.feed, 0) > pp:
            early.append(EarlyReference("placement", p.id, pp, "feed", p.feed, m.feeds[p.feed]))
        for c in p.power:
            cp = places.get(c.pdu, 0)
            if cp > pp:
                early.append(EarlyReference("placement", p.id, pp, "pdu", c.pdu, cp))
    for lk in plan.links:
        lp = own(lk.growth_phase)
        ends = max(places.get(lk.a.placement, 0), places.get(lk.b.placement, 0))
        if lk.growth_phase is not None and lp < ends:
            end = lk.a.placement if places.get(lk.a.placement, 0) == ends else lk.b.placement
            early.append(EarlyReference("link", lk.id, lp, "placement", end, ends))
        m.links[lk.id] = max(lp, ends)
    return m


def phase_plan(plan: Plan, k: int, catalog: Catalog | None, pmap: PhaseMap | None = None) -> Plan:
    """The plan after phase ``k`` (an index; everything of phases 0..k), as a plan without
    phases. Racks a later phase adds leave their place in the row free (the next rack's gap
    grows by their width and gap), so every rack stands where it stands in the whole plan."""
    m = pmap if pmap is not None else phase_map(plan)
    feeds, loops, places, racks = m.feeds, m.loops, m.placements, m.racks
    # what is kept, as shallow copies over the plan's own objects, then cloned once: only the
    # kept part is copied (a pilot of a 4,096-GPU plan: a third of it)
    gaps: dict[str, float] = {}  # kept rack -> the width and gaps of the later racks before it
    rooms = []
    for room in plan.site.rooms:
        rows = []
        for row in room.rows:
            carry = 0.0
            for rack in sorted(row.racks, key=lambda r: r.position):
                if racks[rack.id] > k:
                    carry += rack.gap_before_m + rack_outer_mm(catalog, rack.rack_type)[0] / 1000.0
                elif carry:
                    gaps[rack.id], carry = carry, 0.0
            kept = [r.model_copy(update={"placements": [p for p in r.placements if places[p.id] <= k]})
                    for r in row.racks if racks[r.id] <= k]
            rows.append(row.model_copy(update={"racks": kept}))
        rooms.append(room.model_copy(update={"rows": rows}))
    shallow = plan.model_copy(update={
        "growth_phases": [], "site": plan.site.model_copy(update={"rooms": rooms}),
        "feeds": [f for f in plan.feeds if feeds[f.id] <= k],
        "cooling_loops": [c for c in plan.cooling_loops if loops[c.id] <= k],
        "links": [lk for lk in plan.links if m.links[lk.id] <= k],
        "workloads": [w for w in plan.workloads if m.workloads[w.id] <= k]})
    sub = shallow.snapshot()
    for room in sub.site.rooms:
        for row in room.rows:
            if row.cooling is not None and row.cooling.loop is not None and loops.get(row.cooling.loop, 0) > k:
                row.cooling = row.cooling.model_copy(update={"loop": None})
            for rack in row.racks:
                rack.growth_phase = None
                if rack.id in gaps:
                    rack.gap_before_m += gaps[rack.id]
                if rack.cooling is not None and rack.cooling.loop is not None and loops.get(rack.cooling.loop, 0) > k:
                    rack.cooling = rack.cooling.model_copy(update={"loop": None})
                for p in rack.placements:
                    p.growth_phase = None
                    if p.feed is not None and feeds.get(p.feed, 0) > k:
                        p.feed = None
                    if p.power:
                        p.power = [c for c in p.power if places.get(c.pdu, 0) <= k]
    for f in sub.feeds:
        f.growth_phase = None
    for c in sub.cooling_loops:
        c.growth_phase = None
    for lk in sub.links:
        lk.growth_phase = None
    for w in sub.workloads:
        w.growth_phase = None
    for g in sub.groups:
        g.members = [x for x in g.members if places.get(x, 0) <= k]
    return sub  # indexed by snapshot(): the entities were filtered before


def later_than(plan: Plan, phase_id: str | None, pmap: PhaseMap | None = None) -> dict[str, dict[str, str]]:
    """What a later phase than ``phase_id`` adds (None: nothing), by kind (rack, placement,
    link, feed, loop, workload): id -> the id of the phase that adds it. The views draw these
    as reserved when they show the plan up to ``phase_id``."""
    ids = [ph.id for ph in plan.growth_phases]
    if phase_id is None or phase_id not in ids:
        return {k: {} for k in ("rack", "placement", "link", "feed", "loop", "workload")}
    k = ids.index(phase_id)
    m = pmap if pmap is not None else phase_map(plan)
    return {kind: {eid: ids[v] for eid, v in coll.items() if v > k}
            for kind, coll in (("rack", m.racks), ("placement", m.placements), ("link", m.links), ("feed", m.feeds),
                               ("loop", m.loops), ("workload", m.workloads))}
