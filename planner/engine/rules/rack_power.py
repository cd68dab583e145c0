"""Rule family "rack power": what a rack's devices draw and where it goes (PSUs, the DC
busbar of power-shelf racks, cords to outlets to phases, the rack's power capacity with a
feed side lost) and each PDU's phase currents (docs/engine.md, Power). Pure functions of
the rack or the PDU and what they refer to; the engine's core only sums and dispatches."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Any

from planner.engine import physics
from planner.engine.findings import Finding, make
from planner.engine.rackdata import Busbar, CordResult, PduContribution, RackContext, feed_side
from planner.engine.results import PduResult
from planner.i18n import Np_
from planner.model.naming import display_name

if TYPE_CHECKING:
    from planner.engine.settings import EngineSettings
    from planner.engine.specs import DeviceSpec, PduInfo, SpecCache
    from planner.model.plan import Placement, PowerFeed, Rack

_fsum = math.fsum

# a cord being placed: [PDU placement id, outlet (from 1) or None until pass 2 gives it one]
_Cords = list[tuple["Placement", "DeviceSpec", list[list[Any]]]]

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings)
CODES: tuple[str, ...] = (
    "UNKNOWN_DEVICE", "NO_POWER_DATA", "PSU_OVERLOAD", "BUSBAR_OVERLOAD", "BUSBAR_FAILOVER_OVERLOAD",
    "BUSBAR_HIGH", "POWER_CORDS_SPREAD", "POWER_NO_PDU", "POWER_UNKNOWN_PDU", "POWER_OUTLET_INVALID",
    "POWER_OUTLET_CONFLICT", "POWER_OUTLETS_EXHAUSTED", "POWER_SINGLE_CORDED", "POWER_UNFED_LOAD", "PDU_NO_FEED",
    "PDU_PHASE_OVERLOAD",
    "PDU_FAILOVER_OVERLOAD", "PDU_PHASE_HIGH", "PDU_PHASE_IMBALANCE",
)


def psu_findings(ctx: RackContext, powered: list[tuple[Placement, DeviceSpec]]) -> list[Finding]:
    """PSU_OVERLOAD for each device (with its optics) that draws more than its PSUs left
    after a PSU failure can give."""
    out: list[Finding] = []
    for p, spec in powered:
        if spec.psus_needed and spec.psu_rating_w and spec.max_w > spec.psus_needed * spec.psu_rating_w:
            out.append(make("PSU_OVERLOAD", "{v1}: {v2:.1f} kW maximum draw exceeds {spec_psus_needed} x {spec_psu_rating_w:.0f} W PSUs left after a PSU failure", "placement", p.id, v1=display_name(p, ctx.specs.catalog), v2=spec.max_w / 1000, spec_psus_needed=spec.psus_needed, spec_psu_rating_w=spec.psu_rating_w))
    return out


def busbar_findings(rack: Rack, n_shelves: int, load_w: float, out_w: float, usable_w: float,
                    s: EngineSettings) -> list[Finding]:
    """BUSBAR_OVERLOAD / BUSBAR_HIGH: the busbar load (load basis) against the shelves'
    output with their redundant PSUs lost (``usable_w``; ``out_w`` with all of them)."""
    out: list[Finding] = []
    what = f"{rack.name}: busbar load {load_w / 1000:.1f} kW"
    of = f"{n_shelves} power shelves' {usable_w / 1000:.1f} kW"
    if load_w > usable_w:
        if usable_w < out_w:
            out.append(make("BUSBAR_OVERLOAD", "{what} exceeds the {of} output with their redundant PSUs lost",
                            "rack", rack.id, what=what, of=of))
        else:
            out.append(make("BUSBAR_OVERLOAD", "{what} exceeds the {of} output", "rack", rack.id, what=what, of=of))
    elif load_w > usable_w * s.feed_warn_fraction:
        out.append(make("BUSBAR_HIGH", "{what} is {v2:.0f} % of the {of} output",
                        "rack", rack.id, what=what, v2=load_w / usable_w * 100, of=of))
    return out


def data_findings(rack: Rack, unknown: Counter[str], no_power: Counter[str]) -> list[Finding]:
    """UNKNOWN_DEVICE and NO_POWER_DATA: devices counted as 0 W for want of catalog figures."""
    out: list[Finding] = []
    for slug, n in sorted(unknown.items()):
        out.append(make("UNKNOWN_DEVICE", "{rack_name}: {n} x {slug!r} not in the catalog (counted as 1U, 0 W, 0 kg)", "rack", rack.id, rack_name=rack.name, n=n, slug=slug))
    for slug, n in sorted(no_power.items()):
        out.append(make("NO_POWER_DATA", "{rack_name}: {n} x {slug} have no power figures (counted as 0 W)",
                        "rack", rack.id, rack_name=rack.name, n=n, slug=slug))
    return out


def spread_findings(rack: Rack, spread: int) -> list[Finding]:
    """POWER_CORDS_SPREAD: devices without power connections had their cords spread."""
    if not spread:
        return []
    return [make("POWER_CORDS_SPREAD", Np_("{rack_name}: {n} device has no power connections; its cords were spread over the rack's PDUs (A/B alternating, each on the least-loaded phase)", "{rack_name}: {n} devices have no power connections; their cords were spread over the rack's PDUs (A/B alternating, each on the least-loaded phase)"), "rack", rack.id, rack_name=rack.name, n=spread)]


def rack_capacity_w(ctx: RackContext, own_pdus: list[Placement]) -> float:
    """Power capacity of the rack's own PDUs (each limited by its feed's breaker), with the
    largest feed side lost when there are two or more. A PDU on no power feed (none, or one
    the plan does not have) gives none: nothing powers it."""
    cap_by_side: defaultdict[str, float] = defaultdict(float)
    for p in own_pdus:
        spec = ctx.specs.device(p.device)
        assert spec.pdu is not None
        feed = ctx.feeds.get(p.feed) if p.feed else None
        if feed is None:
            continue
        der = feed.continuous_derating or ctx.settings.continuous_derating
        cap = min(physics.feed_capacity_w(spec.pdu.voltage_v, spec.pdu.amps, spec.pdu.phases, feed.power_factor, der),
                  physics.feed_capacity_w(feed.voltage_v, feed.breaker_a, feed.phases, feed.power_factor, der))
        cap_by_side[feed.side] += cap
    total_cap = sum(cap_by_side.values())
    return total_cap - max(cap_by_side.values()) if len(cap_by_side) >= 2 else total_cap


def unfed_load(ctx: RackContext, rack: Rack, contrib: dict[str, PduContribution]) -> tuple[float, list[Finding]]:
    """The rack's load (its load basis, W) on PDUs that hang on no power feed, which no feed
    carries, and POWER_UNFED_LOAD for each such PDU (its own or another rack's) that takes some."""
    total = 0.0
    out: list[Finding] = []
    placements = ctx.plan.index.placements
    for pid in sorted(contrib):
        pl = placements.get(pid)
        if pl is None or (pl.feed and pl.feed in ctx.feeds):
            continue
        c = contrib[pid]
        w = _fsum(c.max_w if ctx.settings.load_basis == "max" else c.typical_w)
        if w <= 0:
            continue
        total += w
        out.append(make("POWER_UNFED_LOAD", "{rack_name}: {kw:.1f} kW of its load is corded to {pdu}, which hangs on "
                        "no power feed; no feed carries it and the rack's power capacity leaves the PDU out",
                        "pdu", pid, rack_name=rack.name, kw=w / 1000, pdu=display_name(pl, ctx.specs.catalog)))
    return total, out


# -- cords, outlets and phases ---------------------------------------------------------------------


class _Outlets:
    """The outlets taken so far on each PDU a rack's cords reach, and those PDUs' placements."""

    __slots__ = ("explicit", "next_free", "pdu_placements", "pdu_refs", "used")

    def __init__(self, own_pdus: list[Placement]) -> None:
        self.pdu_refs = {p.id for p in own_pdus}
        self.pdu_placements = {p.id: p for p in own_pdus}
        self.used: dict[str, dict[int, str]] = {p.id: {} for p in own_pdus}
        self.next_free: dict[str, int] = {p.id: 1 for p in own_pdus}
        self.explicit: dict[str, dict[int, str]] = {}


def _spread_order(ctx: RackContext, own_pdus: list[Placement]) -> list[Placement]:
    """A, B, A, B, ...: the k-th PDU of each feed side in turn, so any two spread cords are on two sides."""
    by_side: dict[str, list[Placement]] = {}
    for p in sorted(own_pdus, key=lambda p: (feed_side(ctx, p), p.id)):
        by_side.setdefault(feed_side(ctx, p), []).append(p)
    return [lst[k] for k in range(max((len(v) for v in by_side.values()), default=0))
            for _side, lst in sorted(by_side.items()) if k < len(lst)]


def _explicit_cords(ctx: RackContext, p: Placement, o: _Outlets, findings: list[Finding]) -> list[list[Any]]:
    """A device's cords as ``Placement.power`` lists them (unknown PDUs left out, with a finding)."""
    specs = ctx.specs
    cords: list[list[Any]] = []
    for c in p.power:
        o.pdu_refs.add(c.pdu)
        target = o.pdu_placements.get(c.pdu)
        if target is None:
            target = ctx.plan.index.placements.get(c.pdu)
            if target is not None:
                o.pdu_placements[c.pdu] = target
        tspec = specs.device(target.device) if target is not None else None
        if target is None or tspec is None or tspec.pdu is None:
            findings.append(make("POWER_UNKNOWN_PDU", "{v1}: power connection to {c_pdu!r}, which is not a known PDU", "placement", p.id, v1=display_name(p, ctx.specs.catalog), c_pdu=c.pdu))
            continue
        if c.outlet is not None:
            if c.outlet > tspec.pdu.outlets:
                findings.append(make("POWER_OUTLET_INVALID", "{v1}: outlet {c_outlet} on {v3}, which has {pdu_outlets} outlets",
                                     "placement", p.id, v1=display_name(p, ctx.specs.catalog), c_outlet=c.outlet, v3=target.name or c.pdu, pdu_outlets=tspec.pdu.outlets))
            taken = o.used.setdefault(c.pdu, {})
            if c.outlet in taken and taken[c.outlet] != p.id:
                findings.append(make("POWER_OUTLET_CONFLICT", "{v1} outlet {c_outlet} is used by both {v3} and {p_id}", "placement", p.id, v1=target.name or c.pdu, c_outlet=c.outlet, v3=taken[c.outlet], p_id=p.id))
            taken.setdefault(c.outlet, p.id)
            o.explicit.setdefault(c.pdu, {}).setdefault(c.outlet, p.id)
        cords.append([c.pdu, c.outlet])
    return cords


def _place_cords(ctx: RackContext, rack: Rack, powered: list[tuple[Placement, DeviceSpec]], order: list[Placement],
                 o: _Outlets, findings: list[Finding]) -> tuple[_Cords, int]:
    """Pass 1: each device's cords, explicit ones with their outlet numbers, the others
    spread over ``order``; and how many devices were spread."""
    spread = 0
    cursor = 0
    cords_of: _Cords = []
    for p, spec in powered:
        if spec.pdu is not None:
            continue
        cords: list[list[Any]] = []
        if p.power:
            cords = _explicit_cords(ctx, p, o, findings)
        elif spec.cords and spec.max_w > 0:
            if not order:
                findings.append(make("POWER_NO_PDU", "{rack_name}: {v2} needs power but the rack has no PDU", "placement", p.id, rack_name=rack.name, v2=display_name(p, ctx.specs.catalog)))
                continue
            spread += 1
            # continue where the previous device stopped, so all PDUs share the spread cords
            cords = [[order[(cursor + i) % len(order)].id, None] for i in range(spec.cords)]
            cursor += spec.cords
        cords_of.append((p, spec, cords))
    return cords_of, spread


def _assign_outlets(specs: SpecCache, cords_of: _Cords, o: _Outlets) -> set[str]:
    """Pass 2: give cords without an outlet a free outlet on the PDU's least-loaded phase, as
    an installer balancing a 3-phase PDU would (taking outlets in order would load L1 first:
    PDUs group their outlets by phase). Weights are the cords' share of maximum draw. The
    PDUs that ran out of outlets."""
    pdu_placements, used, next_free = o.pdu_placements, o.used, o.next_free
    exhausted: set[str] = set()
    free_by_phase: dict[str, dict[int, list[int]]] = {}
    phase_load: dict[str, list[float]] = {}
    for _p, _spec, cords in cords_of:
        for cord in cords:
            if cord[1] is not None:
                tspec = specs.device(pdu_placements[cord[0]].device)
                if tspec.pdu is not None:
                    phase_load.setdefault(cord[0], [0.0, 0.0, 0.0])[tspec.pdu.phase_of(cord[1])] += \
                        _spec.max_w / len(cords)
    for _p, _spec, cords in cords_of:
        for cord in cords:
            if cord[1] is not None:
                continue
            pid = cord[0]
            tspec = specs.device(pdu_placements[pid].device)
            taken = used.setdefault(pid, {})
            n = None
            if tspec.pdu is not None:
                load = phase_load.setdefault(pid, [0.0, 0.0, 0.0])
                by_phase = free_by_phase.get(pid)
                if by_phase is None:
                    # the PDU's free outlets per phase, highest first (only this pass takes outlets
                    # from now on): the least (phase load, outlet) is the least of each phase's
                    # lowest free outlet, not a scan of every outlet per cord
                    by_phase = free_by_phase[pid] = {}
                    for k in range(tspec.pdu.outlets, 0, -1):
                        if k not in taken:
                            by_phase.setdefault(tspec.pdu.phase_of(k), []).append(k)
                best = min(((load[ph], lst[-1]) for ph, lst in by_phase.items() if lst), default=None)
                if best is not None:
                    n = best[1]
                    ph = tspec.pdu.phase_of(n)
                    by_phase[ph].pop()
                    load[ph] += _spec.max_w / len(cords)
            if n is None:
                n = next_free.get(pid, 1)
                while n in taken:
                    n += 1
                next_free[pid] = n + 1
                if tspec.pdu is not None:
                    exhausted.add(pid)
            taken[n] = _p.id
            cord[1] = n
    return exhausted


def _cord_map(specs: SpecCache, cords_of: _Cords, pdu_placements: dict[str, Placement]) -> dict[str, tuple[CordResult, ...]]:
    """Each device's cords as results: PDU, outlet, phase, and whether the plan pins the outlet."""
    cord_map: dict[str, tuple[CordResult, ...]] = {}
    for p, _spec, cords in cords_of:
        if cords:
            pinned = [c.outlet is not None for c in p.power if c.pdu in pdu_placements
                      and specs.device(pdu_placements[c.pdu].device).pdu is not None] if p.power else []
            out = []
            for k, (pid, outlet) in enumerate(cords):
                pspec = specs.device(pdu_placements[pid].device).pdu
                out.append(CordResult(pid, outlet, pspec.phase_of(outlet) if pspec is not None else 0,
                                      k < len(pinned) and pinned[k]))
            cord_map[p.id] = tuple(out)
    return cord_map


def _shelf_failover(rack: Rack, busbar: Busbar, cords_of: _Cords, side_of: dict[str, str | None],
                    all_sides: list[str], redundant: bool, findings: list[Finding]) -> dict[str, dict[str, float]]:
    """Busbar shelves fail over as a group: with a feed side lost, the shelves with a live
    cord (on a PDU with a feed, not on the failed side) share the whole busbar load. Failed
    side -> shelf -> basis W at its input."""
    shelf_fail: dict[str, dict[str, float]] = {}
    shelf_cords = {p.id: cords for p, _s, cords in cords_of if p.id in busbar.shelves}
    for failed in all_sides:
        live = [sid for sid in sorted(busbar.shelves)
                if not shelf_cords.get(sid) or any(side_of[c[0]] not in (failed, None) for c in shelf_cords[sid])]
        out_w = math.fsum(busbar.shelves[sid].busbar_w for sid in live)
        shelf_fail[failed] = {sid: busbar.load_w * busbar.shelves[sid].busbar_w / out_w
                              / busbar.shelves[sid].busbar_efficiency for sid in live} if out_w else {}
        if redundant and busbar.load_w > out_w:
            findings.append(make("BUSBAR_FAILOVER_OVERLOAD", "{rack_name}: when feed side {failed} fails, {v3} of {v4} power shelves are left with {v5:.1f} kW for the {v6:.1f} kW busbar load",
                                 "rack", rack.id, rack_name=rack.name, failed=failed, v3=len(live), v4=len(busbar.shelves), v5=out_w / 1000, v6=busbar.load_w / 1000))
    return shelf_fail


def _loads(ctx: RackContext, rack: Rack, own_pdus: list[Placement], cords_of: _Cords, o: _Outlets,
           busbar: Busbar | None, findings: list[Finding]) -> dict[str, PduContribution]:
    """Pass 3: each device's load split evenly over its cords, per PDU and phase, normally
    and with each feed side failed (over the cords left live). A PDU on no power feed is no
    side: its cords carry their share normally (the rack's unfed load, :func:`unfed_load`)
    but never a failed side's, and it makes no rack redundant."""
    specs = ctx.specs
    pdu_placements = o.pdu_placements
    contrib: dict[str, PduContribution] = {}
    side_of: dict[str, str | None] = {pid: feed_side(ctx, pl) if pl.feed and pl.feed in ctx.feeds else None
                                      for pid, pl in pdu_placements.items()}
    all_sides = sorted({s for s in (side_of[c[0]] for _p, _s, cords in cords_of for c in cords) if s is not None}
                       | {s for s in (side_of[p.id] for p in own_pdus) if s is not None})
    redundant = len({side_of[p.id] for p in own_pdus} - {None}) >= 2
    shelf_fail: dict[str, dict[str, float]] = {}
    if busbar is not None:
        shelf_fail = _shelf_failover(rack, busbar, cords_of, side_of, all_sides, redundant, findings)
    for p, spec, cords in cords_of:
        if not cords:
            continue
        n = len(cords)
        dev_sides = {side_of[c[0]] for c in cords} - {None}
        is_shelf = busbar is not None and p.id in busbar.shelves
        if redundant and len(dev_sides) == 1 and not is_shelf:
            findings.append(make("POWER_SINGLE_CORDED", Np_("{v1}: its {n} cord is on feed side {v3}; it goes down when that side fails", "{v1}: all {n} cords on feed side {v3}; it goes down when that side fails"), "placement", p.id, v1=display_name(p, ctx.specs.catalog), n=n, v3=next(iter(dev_sides))))
        for pid, outlet in cords:
            pspec = specs.device(pdu_placements[pid].device).pdu
            assert pspec is not None
            ph = pspec.phase_of(outlet)
            share = contrib.get(pid)
            if share is None:
                share = contrib[pid] = PduContribution([0.0, 0.0, 0.0], [0.0, 0.0, 0.0], {})
            share.typical_w[ph] += spec.typical_w / n
            share.max_w[ph] += spec.max_w / n
            share.cords += 1
        basis = spec.max_w if ctx.settings.load_basis == "max" else spec.typical_w
        for failed in all_sides:
            live_cords = [cd for cd in cords if side_of[cd[0]] not in (failed, None)]
            if is_shelf:
                basis = shelf_fail[failed].get(p.id, 0.0)
            for pid, outlet in live_cords:
                pspec = specs.device(pdu_placements[pid].device).pdu
                assert pspec is not None
                share = contrib[pid]
                arr = share.fail_w.get(failed)
                if arr is None:
                    arr = share.fail_w[failed] = [0.0, 0.0, 0.0]
                arr[pspec.phase_of(outlet)] += basis / len(live_cords)
    return contrib


def distribute(ctx: RackContext, rack: Rack, own_pdus: list[Placement], powered: list[tuple[Placement, DeviceSpec]],
               busbar: Busbar | None = None, cords_to: dict[str, tuple[str, ...]] | None = None,
               ) -> tuple[dict[str, PduContribution], set[str], int, list[Finding], dict[str, tuple[CordResult, ...]]]:
    """Cords to outlets to phases; each device's load split evenly over its live cords.
    Busbar shelves fail over as a group: with a feed side lost, the shelves with a live
    cord share the whole busbar load. ``cords_to`` receives each device's PDUs (one per cord).
    Returns the load on each PDU, the PDUs the rack depends on, the number of devices whose
    cords were spread, the findings and each device's cords."""
    memo = ctx.spread_memo
    order = _spread_order(ctx, own_pdus)
    key = _layout_key(ctx, own_pdus, powered, order, busbar) if memo is not None else None
    if key is not None:
        assert memo is not None
        tpl = memo.get(key)
        if tpl is not None:
            return _replay(tpl, own_pdus, powered, cords_to)
    findings: list[Finding] = []
    o = _Outlets(own_pdus)
    cords_of, spread = _place_cords(ctx, rack, powered, order, o, findings)
    if cords_to is not None:
        for p, _spec, cords in cords_of:
            cords_to[p.id] = tuple(c[0] for c in cords)
    exhausted = _assign_outlets(ctx.specs, cords_of, o)
    cord_map = _cord_map(ctx.specs, cords_of, o.pdu_placements)
    for pid in sorted(exhausted):
        findings.append(make("POWER_OUTLETS_EXHAUSTED", "{rack_name}: more cords than outlets on {v2}", "pdu", pid, rack_name=rack.name, v2=display_name(o.pdu_placements[pid], ctx.specs.catalog)))
    contrib = _loads(ctx, rack, own_pdus, cords_of, o, busbar, findings)
    for pid, outs in o.explicit.items():
        if pid in contrib:
            contrib[pid].outlets = outs
    if key is not None and not findings:
        assert memo is not None
        if len(memo) > 4096:
            memo.clear()
        memo[key] = _template(own_pdus, powered, spread, contrib, cord_map, cords_of)
    return contrib, o.pdu_refs, spread, findings, cord_map


# A rack's cords and loads follow from its layout alone when its devices' cords
# (``Placement.power``) go to its own PDUs and every PDU is on a known feed: the PDUs' models
# and feed sides, the order the spread takes them in, each powered device's draw, cord count
# and pinned cords (PDU by position, outlet), the busbar shelves, the load basis. Racks of one layout (592 alike at 16k HGX GPUs) get the same
# cords, outlets and phase loads, the same floats summed in the same order, with their own
# placement ids; findings name the rack and devices, so a layout with findings is never kept.
# The key holds every input, so no edit can leave an entry stale.
_Template = tuple[int, tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]


def _layout_key(ctx: RackContext, own_pdus: list[Placement], powered: list[tuple[Placement, DeviceSpec]],
                order: list[Placement], busbar: Busbar | None) -> tuple[Any, ...] | None:
    """What :func:`distribute` reads of the rack, with placements by position; None when it
    reads more (a cord to another rack's PDU, a PDU on no known feed: its side is named
    after it)."""
    feeds = ctx.feeds
    pdus = []
    pos: dict[str, int] = {}
    for k, p in enumerate(own_pdus):
        feed = feeds.get(p.feed) if p.feed else None
        if feed is None or p.id in pos:
            return None
        pos[p.id] = k
        pdus.append((p.device, feed.side))
    devs = []
    for p, spec in powered:
        pinned: tuple[tuple[int, int | None], ...] = ()
        if p.power:
            if any(c.pdu not in pos for c in p.power):
                return None
            pinned = tuple([(pos[c.pdu], c.outlet) for c in p.power])
        devs.append((spec.pdu is not None, spec.cords, spec.max_w, spec.typical_w, pinned))
    bus: tuple[Any, ...] = ()
    if busbar is not None:
        at = {p.id: k for k, (p, _s) in enumerate(powered)}
        if len(at) != len(powered) or any(sid not in at for sid in busbar.shelves):
            return None
        sh = busbar.shelves
        bus = (busbar.load_w, tuple([(at[sid], sh[sid].busbar_w, sh[sid].busbar_efficiency) for sid in sorted(sh)]))
    return (ctx.settings.load_basis, tuple(pdus), tuple([pos[p.id] for p in order]), tuple(devs), bus)


def _template(own_pdus: list[Placement], powered: list[tuple[Placement, DeviceSpec]], spread: int,
              contrib: dict[str, PduContribution], cord_map: dict[str, tuple[CordResult, ...]],
              cords_of: _Cords) -> _Template:
    """:func:`distribute`'s result with placement ids replaced by their positions."""
    pdu_at = {p.id: k for k, p in enumerate(own_pdus)}
    dev_at = {p.id: k for k, (p, _s) in enumerate(powered)}
    contrib_t = tuple([(pdu_at[pid], tuple(c.typical_w), tuple(c.max_w), c.cords,
                        tuple([(side, tuple(w)) for side, w in c.fail_w.items()]),
                        tuple([(outlet, dev_at[did]) for outlet, did in c.outlets.items()]))
                       for pid, c in contrib.items()])
    cords_t = tuple([(dev_at[did], tuple([(pdu_at[c.pdu], c.outlet, c.phase, c.pinned) for c in crs]))
                     for did, crs in cord_map.items()])
    to_t = tuple([(dev_at[p.id], tuple([pdu_at[c[0]] for c in cords])) for p, _s, cords in cords_of])
    return (spread, contrib_t, cords_t, to_t)


def _replay(tpl: _Template, own_pdus: list[Placement], powered: list[tuple[Placement, DeviceSpec]],
            cords_to: dict[str, tuple[str, ...]] | None,
            ) -> tuple[dict[str, PduContribution], set[str], int, list[Finding], dict[str, tuple[CordResult, ...]]]:
    """A kept layout's result with this rack's placement ids (fresh objects: a result is
    the rack's own)."""
    spread, contrib_t, cords_t, to_t = tpl
    ids = [p.id for p in own_pdus]
    dev_ids = [p.id for p, _s in powered]
    contrib = {ids[k]: PduContribution(list(tw), list(mw), {side: list(w) for side, w in fw}, n,
                                       {outlet: dev_ids[j] for outlet, j in outs})
               for k, tw, mw, n, fw, outs in contrib_t}
    cord_map = {dev_ids[j]: tuple([CordResult(ids[k], outlet, ph, pin) for k, outlet, ph, pin in crs])
                for j, crs in cords_t}
    if cords_to is not None:
        for j, to in to_t:
            cords_to[dev_ids[j]] = tuple([ids[k] for k in to])
    return contrib, set(ids), spread, [], cord_map


# -- PDUs ---------------------------------------------------------------------------------------------


def phase_currents(info: PduInfo, phase_w: list[float], pf: float) -> tuple[float, float, float]:
    """Line currents of a PDU from its per-phase (per-branch, for delta) load."""
    if info.phases == 1:
        return (physics.single_phase_current(_fsum(phase_w), info.voltage_v, pf), 0.0, 0.0)
    a, b, c = phase_w  # three phases (or three delta branches)
    if info.wiring == "delta":
        return physics.delta_line_currents((a, b, c), info.voltage_v, pf)
    return physics.wye_phase_currents((a, b, c), info.voltage_v, pf)


def _outlet_conflicts(pid: str, name: str, contribs: list[tuple[str, PduContribution]]) -> list[Finding]:
    """Cords from several racks into one PDU: each rack checks its own outlets, this the cross-rack ones."""
    out: list[Finding] = []
    by_outlet: dict[int, tuple[str, str]] = {}
    for r, c in contribs:
        for outlet, dev in sorted(c.outlets.items()):
            prev = by_outlet.get(outlet)
            if prev is None:
                by_outlet[outlet] = (r, dev)
            elif prev[0] != r:
                out.append(make("POWER_OUTLET_CONFLICT", "{name} outlet {outlet} is used by both {v3} (rack {v4}) and {dev} (rack {r})", "pdu", pid, name=name, outlet=outlet, v3=prev[1], v4=prev[0], dev=dev, r=r))
    return out


def _pdu_current_findings(pid: str, name: str, currents: tuple[float, float, float], worst: list[float], n_ph: int,
                          imb: float, rating: float, der: float, s: EngineSettings) -> list[Finding]:
    """PDU_PHASE_OVERLOAD / PDU_FAILOVER_OVERLOAD / PDU_PHASE_HIGH and PDU_PHASE_IMBALANCE."""
    out: list[Finding] = []
    derated = rating * der
    peak = max(currents[:n_ph])
    if peak > derated:
        out.append(make("PDU_PHASE_OVERLOAD", "{name}: phase current {peak:.1f} A exceeds {derated:.1f} A ({v4:.0f} % of {rating:.0f} A)", "pdu", pid, name=name, peak=peak, derated=derated, v4=der * 100, rating=rating))
    elif max(worst[:n_ph]) > derated:
        out.append(make("PDU_FAILOVER_OVERLOAD", "{name}: {v2:.1f} A on a phase when the other feed side fails, above {derated:.1f} A ({v4:.0f} % of {rating:.0f} A)", "pdu", pid, name=name, v2=max(worst[:n_ph]), derated=derated, v4=der * 100, rating=rating))
    elif max(worst[:n_ph]) > derated * s.feed_warn_fraction:
        out.append(make("PDU_PHASE_HIGH", "{name}: {v2:.1f} A worst-case phase current is {v3:.0f} % of the derated {derated:.1f} A",
                        "pdu", pid, name=name, v2=max(worst[:n_ph]), v3=max(worst[:n_ph]) / derated * 100, derated=derated))
    if n_ph == 3 and imb > s.phase_imbalance_warn_percent and max(worst[:n_ph]) > s.phase_imbalance_min_load * derated:
        out.append(make("PDU_PHASE_IMBALANCE", "{name}: phase currents {v2:.1f}/{v3:.1f}/{v4:.1f} A are {imb:.0f} % imbalanced; move cords to the lighter phases", "pdu", pid, name=name, v2=currents[0], v3=currents[1], v4=currents[2], imb=imb))
    return out


def compute_pdu(specs: SpecCache, s: EngineSettings, p: Placement, rack_id: str, feed: PowerFeed | None,
                contribs: list[tuple[str, PduContribution]]) -> PduResult | None:
    """One PDU: the loads the racks' cords put on it (``contribs``: rack id -> its
    contribution, in rack id order) as phase currents, normally and with each other feed
    side failed, against its rating (and its feed's breaker). None when ``p`` is no PDU."""
    spec = specs.device(p.device)
    info = spec.pdu
    if info is None:
        return None
    pid = p.id
    side = feed.side if feed is not None else f"?{pid}"
    pf = feed.power_factor if feed is not None else s.power_factor
    der = feed.continuous_derating if feed is not None and feed.continuous_derating else s.continuous_derating
    cs = [c for _r, c in contribs]
    typ_ph = [_fsum(c.typical_w[i] for c in cs) for i in range(3)]
    max_ph = [_fsum(c.max_w[i] for c in cs) for i in range(3)]
    basis_ph = max_ph if s.load_basis == "max" else typ_ph
    sides = sorted({k for c in cs for k in c.fail_w} - {side})
    fail_ph: dict[str, list[float]] = {}
    for failed in sides:
        fail_ph[failed] = [_fsum((c.fail_w[failed][i] if failed in c.fail_w else
                                  (c.max_w[i] if s.load_basis == "max" else c.typical_w[i]))
                                 for c in cs) for i in range(3)]
    name = display_name(p, specs.catalog)
    findings = _outlet_conflicts(pid, name, contribs)
    if p.feed is None or feed is None:
        if p.feed:
            findings.append(make("PDU_NO_FEED", "{name} ({pid}) hangs on no power feed (feed {feed!r} does not "
                                 "exist)", "pdu", pid, name=name, pid=pid, feed=p.feed))
        else:
            findings.append(make("PDU_NO_FEED", "{name} ({pid}) hangs on no power feed", "pdu", pid, name=name,
                                 pid=pid))
    currents = phase_currents(info, basis_ph, pf)
    neutral = physics.wye_neutral_current(*currents) if info.wiring == "wye" else 0.0
    worst = list(currents)
    for arr in fail_ph.values():
        fc = phase_currents(info, arr, pf)
        worst = [max(a, b) for a, b in zip(worst, fc, strict=True)]
    n_ph = 1 if info.phases == 1 else 3
    imb = physics.imbalance_percent(tuple(currents[:n_ph])) if n_ph == 3 else 0.0
    rating = info.amps
    if feed is not None:
        rating = min(rating, feed.breaker_a)
    findings.extend(_pdu_current_findings(pid, name, currents, worst, n_ph, imb, rating, der, s))
    return PduResult(
        id=pid, name=name, rack_id=rack_id, device=p.device, feed=p.feed, side=side, wiring=info.wiring,
        voltage_v=info.voltage_v, phases=info.phases, rating_a=rating, derated_a=rating * der,
        typical_w=_fsum(typ_ph), max_w=_fsum(max_ph), phase_w=(basis_ph[0], basis_ph[1], basis_ph[2]),
        phase_a=currents, neutral_a=neutral, imbalance_percent=imb,
        failover_phase_a=(worst[0], worst[1], worst[2]), fail_w={k: _fsum(v) for k, v in fail_ph.items()},
        cords=sum(c.cords for c in cs), findings=tuple(findings))
