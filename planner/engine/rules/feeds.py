"""Rule family "feeds and sources": each power feed's load from the PDUs on it and each power
source's (UPS, panel, switchboard, generator) from the feeds and sources under it, normally
and with each other feed side failed, against their capacity (docs/engine.md, Power and
Power sources); and whether a rack's PDUs hang on more than one side. Pure functions."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from planner.engine import levels, physics
from planner.engine.findings import Finding, make
from planner.engine.rackdata import RackContext
from planner.engine.results import FeedResult, PduResult, SourceResult
from planner.fabric.names import SOURCE_KINDS
from planner.i18n import tmsg

if TYPE_CHECKING:
    from planner.engine.settings import EngineSettings
    from planner.model.plan import Placement, PowerFeed, PowerSource, Rack

_fsum = math.fsum
# the English word of each kind (a finding parameter, as before): the one table in planner.fabric.names
SOURCE_KIND_NAMES = dict(SOURCE_KINDS)

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings)
CODES: tuple[str, ...] = (
    "POWER_FEED_OVERLOAD", "POWER_FEED_FAILOVER_OVERLOAD", "POWER_FEED_HIGH", "POWER_FEED_NO_REDUNDANCY",
    "POWER_SOURCE_OVER_CAPACITY", "POWER_SOURCE_FAILOVER_OVERLOAD", "POWER_SOURCE_HIGH", "POWER_SOURCE_UNUSED",
)


def rack_redundancy_findings(ctx: RackContext, rack: Rack, own_pdus: list[Placement],
                             pdu_feeds: frozenset[str]) -> list[Finding]:
    """POWER_FEED_NO_REDUNDANCY: two or more PDUs in the rack, all on one feed side."""
    sides = {ctx.feeds[f].side for f in pdu_feeds if f in ctx.feeds}
    if len(own_pdus) >= 2 and len(sides) == 1:
        return [make("POWER_FEED_NO_REDUNDANCY", "{rack_name}: all PDUs hang on feed side {v2}; a feed failure takes the rack down", "rack", rack.id, rack_name=rack.name, v2=next(iter(sides)))]
    return []


def compute_feed(s: EngineSettings, f: PowerFeed, pdus: list[PduResult]) -> FeedResult:
    """One feed: its PDUs' load (``pdus`` in id order), normally and with each other side
    failed, against its derated capacity."""
    fid = f.id
    der = f.continuous_derating or s.continuous_derating
    cap = physics.feed_capacity_w(f.voltage_v, f.breaker_a, f.phases, f.power_factor, der)
    typ = _fsum(p.typical_w for p in pdus)
    mx = _fsum(p.max_w for p in pdus)
    normal = mx if s.load_basis == "max" else typ
    sides = sorted({k for p in pdus for k in p.fail_w} - {f.side})
    worst, worst_side = normal, None
    fail: dict[str, float] = {}
    for failed in sides:
        load = fail[failed] = _fsum(p.fail_w.get(failed, _fsum(p.phase_w)) for p in pdus)
        if load > worst:
            worst, worst_side = load, failed
    findings: list[Finding] = []
    label = tmsg("feed {name} ({side})", name=f.name, side=f.side)
    if normal > cap:
        findings.append(make("POWER_FEED_OVERLOAD", "{label}: {v2:.1f} kW exceeds its {v3:.1f} kW capacity ({f_breaker_a:.0f} A at {v5:.0f} %)", "feed", fid, label=label, v2=normal / 1000, v3=cap / 1000, f_breaker_a=f.breaker_a, v5=der * 100))
    elif worst > cap:
        findings.append(make("POWER_FEED_FAILOVER_OVERLOAD", "{label}: must carry {v2:.1f} kW when side {worst_side} fails, above its {v4:.1f} kW capacity ({f_breaker_a:.0f} A at {v6:.0f} %)", "feed", fid, label=label, v2=worst / 1000, worst_side=worst_side, v4=cap / 1000, f_breaker_a=f.breaker_a, v6=der * 100))
    elif worst > cap * s.feed_warn_fraction:
        findings.append(make("POWER_FEED_HIGH", "{label}: failover load {v2:.1f} kW is {v3:.0f} % of its {v4:.1f} kW capacity", "feed", fid, label=label, v2=worst / 1000, v3=worst / cap * 100, v4=cap / 1000))
    return FeedResult(id=fid, name=f.name, side=f.side, capacity_w=cap, derating=der, typical_w=typ, max_w=mx,
                      failover_w=worst, failover_side=worst_side, utilisation=worst / cap if cap else 0.0,
                      pdus=tuple(p.id for p in pdus), findings=tuple(findings),
                      level=levels.classify(worst, cap, s.feed_warn_fraction), upstream=f.upstream,
                      load_w=normal, fail_w=fail)


def _source_failover(src: PowerSource, feeds: list[FeedResult], subs: list[SourceResult],
                     normal: float) -> tuple[dict[str, float], float, str | None]:
    """A source's load with each side failed (a feed on the failed side is dead; the others
    carry their failover load for that side), and the worst of them (normal if none is more)."""
    sides: set[str] = set()
    for f in feeds:
        sides.add(f.side)
        sides.update(f.fail_w)
    for c in subs:
        sides.update(c.fail_w)
    if src.side is not None:
        sides.add(src.side)
    fail: dict[str, float] = {}
    worst, worst_side = normal, None
    for side in sorted(sides):
        if side == src.side:
            fail[side] = 0.0  # this source is on the failed side: it carries nothing
            continue
        load = fail[side] = _fsum([*(0.0 if f.side == side else f.fail_w.get(side, f.load_w) for f in feeds),
                                   *(c.fail_w.get(side, c.load_w) for c in subs)])
        if load > worst:
            worst, worst_side = load, side
    return fail, worst, worst_side


def compute_source(s: EngineSettings, src: PowerSource, feeds: list[FeedResult],
                   subs: list[SourceResult]) -> SourceResult:
    """Load of the feeds and downstream sources under a source (each in id order), normal and
    with each other side failed, against the source's capacity."""
    sid = src.id
    typ = _fsum([*(f.typical_w for f in feeds), *(c.typical_w for c in subs)])
    mx = _fsum([*(f.max_w for f in feeds), *(c.max_w for c in subs)])
    normal = _fsum([*(f.load_w for f in feeds), *(c.load_w for c in subs)])
    fail, worst, worst_side = _source_failover(src, feeds, subs, normal)
    cap = src.capacity_kw * 1000.0
    findings: list[Finding] = []
    kind = SOURCE_KIND_NAMES.get(src.kind, src.kind)
    label = (src.name if src.name.lower().startswith(kind.lower()) else f"{kind} {src.name}") \
        + (f" (side {src.side})" if src.side else "")
    if not feeds and not subs:
        findings.append(make("POWER_SOURCE_UNUSED", "{label}: no feed or power source hangs off it", "source",
                             sid, label=label))
    if normal > cap:
        findings.append(make("POWER_SOURCE_OVER_CAPACITY", "{label}: {v2:.1f} kW exceeds its {v3:.1f} kW capacity", "source", sid, label=label, v2=normal / 1000, v3=cap / 1000))
    elif worst > cap:
        findings.append(make("POWER_SOURCE_FAILOVER_OVERLOAD", "{label}: must carry {v2:.1f} kW when side {worst_side} fails, above its {v4:.1f} kW capacity", "source", sid, label=label, v2=worst / 1000, worst_side=worst_side, v4=cap / 1000))
    elif worst > cap * s.feed_warn_fraction:
        findings.append(make("POWER_SOURCE_HIGH", "{label}: {v2} load {v3:.1f} kW is {v4:.0f} % of its {v5:.1f} kW capacity", "source", sid, label=label, v2='failover' if worst_side else 'normal', v3=worst / 1000, v4=worst / cap * 100, v5=cap / 1000))
    return SourceResult(id=sid, name=src.name, kind=src.kind, side=src.side, upstream=src.upstream,
                        capacity_w=cap, typical_w=typ, max_w=mx, load_w=normal, failover_w=worst,
                        failover_side=worst_side, utilisation=worst / cap if cap else 0.0,
                        feeds=tuple(f.id for f in feeds), sources=tuple(c.id for c in subs), fail_w=fail,
                        findings=tuple(findings), level=levels.classify(worst, cap, s.feed_warn_fraction))
