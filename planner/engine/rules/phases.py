"""Rule family "phases": the growth phases' figures (docs/phases.md). The engine computes the
plan after each phase (planner.model.phases.phase_plan: everything of the phases up to it, a
plan of its own) with the same rules as any plan; this module compares the phases' results:
what each phase adds (devices, GPUs, capex), which findings it brings and which it clears,
the phase that first breaks each limit of the whole plan, and the capacity each phase keeps
free for the later ones. It also reports the references to something a later phase adds
(``PHASE_NEEDS_LATER``), which the phases before stand without.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from planner.engine.findings import Finding, make
from planner.engine.results import CostTimeline, FindingKey, PhaseFigures, PhasesResult, Results, finding_key

if TYPE_CHECKING:
    from planner.model.phases import EarlyReference, PhaseMap
    from planner.model.plan import Plan

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings)
CODES: tuple[str, ...] = ("PHASE_NEEDS_LATER",)

def early_findings(plan: Plan, pmap: PhaseMap) -> list[Finding]:
    """One ``PHASE_NEEDS_LATER`` warning per reference to something a later phase adds."""
    names = [ph.name for ph in plan.growth_phases]
    idx = plan.index

    def name_of(kind: str, eid: str) -> str:
        if kind in ("placement", "pdu") and eid in idx.placements:
            return idx.placements[eid].name or eid
        if kind == "rack" and eid in idx.racks:
            return idx.racks[eid].name or eid
        if kind == "row" and eid in idx.rows:
            return idx.rows[eid].name or eid
        if kind == "feed":
            return next((x.name or eid for x in plan.feeds if x.id == eid), eid)
        if kind == "loop":
            return next((x.name or eid for x in plan.cooling_loops if x.id == eid), eid)
        return eid

    out: list[Finding] = []
    for e in pmap.early:
        kind = "pdu" if e.needs_kind == "feed" else e.kind
        out.append(_early(e, kind, name_of(e.kind, e.id), name_of(e.needs_kind, e.needs_id), names))
    return out


def _early(e: EarlyReference, kind: str, name: str, needs: str, names: Sequence[str]) -> Finding:
    """What an early reference means until the later phase comes (each template a literal, for
    the catalog)."""
    p: dict[str, Any] = {"name": name, "phase": names[e.phase], "needs": needs, "later": names[e.needs_phase]}
    match (e.kind, e.needs_kind):
        case ("placement", "feed"):
            return make("PHASE_NEEDS_LATER", "{name} ({phase}) hangs on feed {needs} of the later phase {later}: until then it is "
                        "on no feed", kind, e.id, **p)
        case ("rack", "loop"):
            return make("PHASE_NEEDS_LATER", "{name} ({phase}) is cooled by loop {needs} of the later phase {later}: until then it "
                        "has no loop", kind, e.id, **p)
        case ("row", "loop"):
            return make("PHASE_NEEDS_LATER", "row {name} is cooled by loop {needs} of the later phase {later}: until then its racks "
                        "have no loop", kind, e.id, **p)
        case ("placement", "pdu"):
            return make("PHASE_NEEDS_LATER", "{name} ({phase}) has a cord into PDU {needs} of the later phase {later}: until then "
                        "that cord is not there", kind, e.id, **p)
        case ("placement", "rack"):
            return make("PHASE_NEEDS_LATER", "{name} is set to {phase}, its rack {needs} comes in the later phase {later}: it comes "
                        "with its rack", kind, e.id, **p)
        case _:
            return make("PHASE_NEEDS_LATER", "cable {name} is set to {phase}, its device {needs} comes in the later phase {later}: "
                        "it comes with the device", kind, e.id, **p)


def _keys(r: Results) -> dict[FindingKey, Finding]:
    out: dict[FindingKey, Finding] = {}
    for f in r.findings:
        if f.code != "PHASE_NEEDS_LATER":
            out.setdefault(finding_key(f), f)
    return out


def _added(plan: Plan, pmap: PhaseMap, k: int, gpus: int) -> dict[str, int]:
    return {
        "racks": sum(1 for v in pmap.racks.values() if v == k),
        "devices": sum(1 for v in pmap.placements.values() if v == k),
        "gpus": gpus,
        "links": sum(1 for v in pmap.links.values() if v == k),
        "feeds": sum(1 for v in pmap.feeds.values() if v == k),
        "loops": sum(1 for v in pmap.loops.values() if v == k),
    }


def _reserved(plan: Plan, pmap: PhaseMap, k: int, now: Results, final: Results) -> dict[str, float]:
    """What the later phases add to the racks, feeds and loops this phase already has, and the
    ports of its devices that later phases' cables take."""
    u = power = heat = 0.0
    for rid, rr in now.racks.items():
        fr = final.racks.get(rid)
        if fr is not None:
            u += max(0, fr.u_used - rr.u_used)
            power += max(0.0, fr.max_w - rr.max_w)
            heat += max(0.0, fr.heat_w - rr.heat_w)
    feed = sum(max(0.0, final.feeds[fid].failover_w - fr_.failover_w)
               for fid, fr_ in now.feeds.items() if fid in final.feeds)
    loop = sum(max(0.0, final.loops[lid].heat_w - lr.heat_w) for lid, lr in now.loops.items() if lid in final.loops)
    places = pmap.placements
    ports = sum((places.get(lk.a.placement, 0) <= k) + (places.get(lk.b.placement, 0) <= k)
                for lk in plan.links if pmap.links[lk.id] > k)
    return {"u": u, "power_kw": power / 1000, "heat_kw": heat / 1000, "feed_kw": feed / 1000, "loop_kw": loop / 1000,
            "ports": float(ports)}


def summarise(plan: Plan, pmap: PhaseMap, results: Sequence[Results]) -> PhasesResult:
    """The phases' figures from their cumulative results (``results[k]``: the plan after phase
    k; the last is the whole plan's)."""
    phases: list[PhaseFigures] = []
    keyed = [_keys(r) for r in results]
    final = results[-1]
    prev: Results | None = None
    for k, (ph, r) in enumerate(zip(plan.growth_phases, results)):
        before = keyed[k - 1] if k > 0 else {}
        now = keyed[k]
        capex_before = prev.totals.capex if prev is not None else 0.0
        gpus_before = prev.totals.gpus if prev is not None else 0
        phases.append(PhaseFigures(
            id=ph.id, name=ph.name, start=ph.start, number=k + 1, results=r,
            capex_added=r.totals.capex - capex_before,
            added=_added(plan, pmap, k, r.totals.gpus - gpus_before),
            new_findings=tuple(f for key, f in now.items() if key not in before),
            resolved_findings=tuple(f for key, f in before.items() if key not in now),
            reserved=_reserved(plan, pmap, k, r, final) if k < len(results) - 1 else {}))
        prev = r
    first: dict[FindingKey, str] = {}
    for key in keyed[-1]:
        k = len(keyed) - 1
        while k > 0 and key in keyed[k - 1]:
            k -= 1
        first[key] = plan.growth_phases[k].id
    for f in final.phase_findings:
        e_phase = next((e.phase for e in pmap.early if e.id == f.id), 0)
        first[finding_key(f)] = plan.growth_phases[e_phase].id
    timeline, reason = _timeline(plan, phases)
    return PhasesResult(phases, first, timeline, reason)


def _timeline(plan: Plan, phases: Sequence[PhaseFigures]) -> tuple[CostTimeline | None, Any]:
    """The cost over time (planner.engine.economics.cost_timeline) from each phase's start (the
    first phase's, when it has none, the plan's operation start) and its own rent-or-own figures:
    over the plan's years of use from the first start, at least twelve months of the last phase."""
    from planner.engine.economics import PhaseCost, cost_timeline, month_index, month_text
    from planner.i18n import tmsg

    costs: list[PhaseCost] = []
    for k, p in enumerate(phases):
        start = month_index(p.start or (plan.metadata.operation_start if k == 0 else ""))
        if start is None:
            return None, tmsg("phase {name} has no start date", name=p.name)
        if costs and start < costs[-1].start_month:
            return None, tmsg("phase {name} starts before the phase before it", name=p.name)
        rvo = p.results.totals.rent_vs_own
        if rvo is None:
            return None, tmsg("phase {name} has no rent-or-own figures (no GPUs)", name=p.name)
        own = rvo.own_only
        costs.append(PhaseCost(p.id, start, p.capex_added, own.energy_per_year + own.support_per_year
                               + own.colocation_per_year,
                               rvo.figures.cloud_cost_per_year if rvo.figures is not None else None))
    years = plan.metadata.years_of_use
    end = max(costs[0].start_month + round(years * 12), costs[-1].start_month + 12)
    rows, be = cost_timeline(costs, end)
    t = phases[-1].results.totals
    return CostTimeline(start=month_text(costs[0].start_month), end=month_text(end), years=rows,
                        break_even=None if be is None else month_text(be), currency=t.currency,
                        complete=all(p.results.totals.capex_complete for p in phases), years_of_use=years), ""
