"""The live engine: full and incremental recompute over a plan.

``Engine.compute(plan)`` computes everything; ``Engine.update(plan, change)`` recomputes
only what depends on the ``planner.model.edits.Change`` an edit returned, and gives exactly
the result of a full recompute (a property test checks this after random edit
sequences, undo included).

Dependency model (each arrow: "recomputed when the left changes"):

- rack <- its placements, its rack type, its row's/room's settings, the feeds of the
  PDUs it plugs into, its CDU loop, the links of its devices (cable mass);
- PDU <- the racks whose devices plug into it (their per-PDU contributions);
- feed <- the PDUs hanging on it;
- loop <- the racks on it; room <- its racks; totals <- rooms, loops, links, metadata.

Sums over several contributors use ``math.fsum`` (correctly rounded, hence independent
of the order), so an incrementally patched aggregate equals a fresh one bit for bit.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

from planner.base.gcpause import no_gc
from planner.engine import levels, physics
from planner.engine.economics import OwnInputs, rent_vs_own
from planner.engine.findings import Finding, make
from planner.engine.network import Network
from planner.engine.rack import PduContribution, RackContext, RackResult, compute_rack
from planner.engine.results import (
    INT_FIELDS,
    SUM_FIELDS,
    Aggregate,
    BomLine,
    FeedResult,
    LoopResult,
    NvlinkSummary,
    PduResult,
    RentOwnResult,
    Results,
    RoomResult,
    SourceResult,
    Totals,
    WorkloadNeed,
)
from planner.engine.settings import EngineSettings
from planner.engine.specs import PduInfo, SpecCache, cat_get, loop_rating
from planner.engine.workloads import WorkloadState
from planner.i18n import Np_, tmsg
from planner.model.geometry import room_overhang_m, row_footprints
from planner.model.naming import display_name
from planner.model.plan import Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.edits import Change
    from planner.model.plan import CoolingLoop, Metadata, Room

_fsum = math.fsum
_ID = attrgetter("id")
_V = TypeVar("_V")
SOURCE_KIND_NAMES = {"ups": "UPS", "panel": "Panel", "switchboard": "Switchboard", "generator": "Generator"}



def _loop_key(loop: CoolingLoop) -> tuple[Any, ...]:
    """The fields of a cooling loop that a rack's result reads (planner.engine.rack)."""
    return (loop.name, loop.coolant, loop.delta_t_k, loop.supply_temp_c)


def _ordered(d: dict[str, _V], order: Iterable[str]) -> dict[str, _V]:
    """``d``'s entries in the key order of ``order`` (the plan's); any others after, sorted."""
    out = {k: d[k] for k in order if k in d}
    if len(out) != len(d):
        for k in sorted(d.keys() - out.keys()):
            out[k] = d[k]
    return out


class _Order:
    """:func:`_ordered` for one results dict, remembering its key order: when neither the
    plan's order (compared as a list, in C) nor the dict's keys changed since the last
    call, the remembered order is reused instead of filtering the whole plan order in
    Python (the PDUs among 10k placements: ~0.6 ms an edit at 16k GB200 GPUs)."""

    __slots__ = ("keys", "keyset", "src")

    def __init__(self) -> None:
        self.src: list[str] | None = None
        self.keys: list[str] = []
        self.keyset: set[str] = set()

    def __call__(self, d: dict[str, _V], order: Iterable[str]) -> dict[str, _V]:
        src = list(order)
        if src != self.src or d.keys() != self.keyset:
            out = _ordered(d, src)
            self.src, self.keys, self.keyset = src, list(out), set(out)
            return out
        keys = self.keys
        return dict(zip(keys, map(d.__getitem__, keys)))

class Engine:
    """``Engine(catalog, settings)``; then ``compute(plan)`` once and ``update(plan, change)``
    after every edit. One engine follows one plan object; handing it another plan (or
    the same plan after edits it was not told about) needs ``compute``."""

    def __init__(self, catalog: Catalog, settings: EngineSettings | None = None) -> None:
        self.catalog = catalog
        self.settings = settings or EngineSettings()
        self.specs = SpecCache(catalog, default_cords=self.settings.default_cords)
        self.checker = RackContext.make_checker(catalog)
        self.net = Network(catalog, self.settings.cable_length_default_m)
        self.work = WorkloadState(catalog, self.settings)
        self._plan: Plan | None = None
        self._results: Results | None = None
        self._reset()

    def _reset(self) -> None:
        self._racks: dict[str, RackResult] = {}
        self._pdus: dict[str, PduResult] = {}
        self._feeds_r: dict[str, FeedResult] = {}
        self._loops_r: dict[str, LoopResult] = {}
        self._rooms: dict[str, RoomResult] = {}
        self._pdu_contrib_racks: dict[str, set[str]] = {}
        self._pdu_ref_racks: dict[str, set[str]] = {}
        self._feed_pdus: dict[str, set[str]] = {}
        self._loop_racks: dict[str, set[str]] = {}
        self._row_racks: dict[str, set[str]] = {}
        self._room_racks: dict[str, set[str]] = {}
        self._feeds: dict[str, Any] = {}
        self._loops: dict[str, Any] = {}
        # power sources: plan objects, results, and the feeds each one's result summed
        self._sources: dict[str, Any] = {}
        self._sources_r: dict[str, SourceResult] = {}
        self._src_feeds: dict[str, set[str]] = {}
        self._loop_keys: dict[str, tuple[Any, ...]] = {}  # loop -> the fields its racks' results read
        # racks standing past their room's walls: rack -> overhang in m, and the row it was found in
        # (checked per row from the floor plan's footprints: _check_rows)
        self._outside_m: dict[str, float] = {}
        self._outside_row: dict[str, str] = {}
        self._row_outside: dict[str, dict[str, float]] = {}  # row -> its racks past the walls
        self._row_geo_key: dict[str, tuple[Any, ...]] = {}  # row -> what its footprints were made from
        # row -> (its rack results, their int and count sums): reused while the row's rack
        # results are the same objects (a room of 288 NVL72 racks re-merges one row, not all)
        self._row_parts: dict[str, tuple[list[RackResult], Aggregate]] = {}
        self._order = {k: _Order() for k in ("racks", "pdus", "feeds", "sources", "loops", "rooms", "fabrics")}
        self.net.reset()
        self.work.reset()

    @property
    def results(self) -> Results | None:
        return self._results

    # -- public API ------------------------------------------------------------------------------
    def compute(self, plan: Plan) -> Results:
        """Full recompute."""
        self._reset()
        self._plan = plan
        self._feeds = {f.id: f for f in plan.feeds}
        self._loops = {c.id: c for c in plan.cooling_loops}
        self._sources = {s.id: s for s in plan.power_sources}
        self._loop_keys = {c.id: _loop_key(c) for c in plan.cooling_loops}
        racks = set(plan.index.racks)
        # A full compute allocates ~10 objects per device, none of them garbage; the cyclic
        # GC would rescan them again and again (40 % of the time at 64k GPUs).
        with no_gc():
            self._check_rows(plan, plan.index.rows)
            self.net.full(plan)
            return self._run(plan, racks, set(self._feeds), set(self._loops), set(plan.index.rooms),
                             dirty_sources=set(self._sources))

    def adopt(self, plan: Plan) -> None:
        """Follow ``plan`` from now on, given that it equals the plan last computed
        (typically: ``compute`` ran off the GUI thread on a deep copy of the live plan;
        edits made meanwhile are then passed to ``update`` as one accumulated Change)."""
        self._plan = plan
        self._feeds = {f.id: f for f in plan.feeds}
        self._loops = {c.id: c for c in plan.cooling_loops}
        self._sources = {s.id: s for s in plan.power_sources}
        # _loop_keys stay those of the plan computed: they say what the rack results were
        # computed with, so a loop edited meanwhile is told apart by the next update

    def update(self, plan: Plan, change: Change) -> Results:
        """Incremental recompute after an edit; ``change`` is the ``Change`` it returned."""
        if self._plan is not plan or self._results is None:
            return self.compute(plan)
        idx = plan.index
        racks: set[str] = set(change.racks)
        feeds: set[str] = set(change.feeds)
        loops: set[str] = set(change.loops)
        rooms: set[str] = set(change.rooms)
        sources: set[str] = set(getattr(change, "sources", ()))
        if sources:
            self._sources = {s.id: s for s in plan.power_sources}
        if change.feeds:
            self._feeds = {f.id: f for f in plan.feeds}
            for f in change.feeds:
                for pdu in self._feed_pdus.get(f, ()):
                    racks |= self._pdu_ref_racks.get(pdu, set())
        if change.loops:
            self._loops = {c.id: c for c in plan.cooling_loops}
            for lp in change.loops:
                # its racks read its name, coolant, delta-T and supply; a new capacity, flow or
                # CDU changes only the loop's own result (a 16k-GPU loop edit: ~60 -> ~1 ms)
                now = self._loops.get(lp)
                key = _loop_key(now) if now is not None else None
                if key != self._loop_keys.get(lp):
                    racks |= self._loop_racks.get(lp, set())
                if key is None:
                    self._loop_keys.pop(lp, None)
                else:
                    self._loop_keys[lp] = key
        # where racks stand on the floor: a rack's footprint follows its row (start, rotation),
        # the racks before it in the row (widths, gaps, order) and its room's size
        geo_rows: set[str] = set(change.rows)
        rack_row = idx.rack_row
        outside_row = self._outside_row
        for rid in change.racks:
            r_row = rack_row.get(rid)
            if r_row is not None:
                geo_rows.add(r_row)
            r_row = outside_row.get(rid)
            if r_row is not None:
                geo_rows.add(r_row)
        for room_id in change.rooms:
            room = idx.rooms.get(room_id)
            if room is not None:
                geo_rows.update(row.id for row in room.rows)
        racks |= self._check_rows(plan, geo_rows)
        self.net.update(plan, change, racks)
        for pid in change.placements:
            r = idx.placement_rack.get(pid)
            if r is not None:
                racks.add(r)
            racks |= self._pdu_ref_racks.get(pid, set())
        for row_id in change.rows:
            racks |= self._row_racks.get(row_id, set())
            row = idx.rows.get(row_id)
            if row is not None:
                racks.update(r.id for r in row.racks)
                rooms.add(idx.row_room[row_id])
        for room_id in change.rooms:
            racks |= self._room_racks.get(room_id, set())
            room = idx.rooms.get(room_id)
            if room is not None:
                racks.update(r.id for row in room.rows for r in row.racks)
        return self._run(plan, racks, feeds, loops, rooms, change, dirty_sources=sources)

    def _check_rows(self, plan: Plan, rows: Iterable[str]) -> set[str]:
        """Check the racks of ``rows`` against their room's walls (RACK_OUTSIDE_ROOM, from
        :func:`planner.model.geometry.row_footprints`, the floor plan's own footprints); the racks
        whose overhang changed (came, went or grew): their results must be recomputed."""
        idx = plan.index
        catalog = self.catalog
        outside, outside_row = self._outside_m, self._outside_row
        changed: set[str] = set()
        keys = self._row_geo_key
        for row_id in rows:
            row = idx.rows.get(row_id)
            new: dict[str, float] = {}
            if row is None:
                keys.pop(row_id, None)
            else:
                room = idx.rooms[idx.row_room[row_id]]
                w, d = room.width_m, room.depth_m
                # everything row_footprints reads, and the walls: most edits of a rack (a name, a
                # device) leave it as it was, and the footprints (~20 us a rack) are not redone
                key = (w, d, row.x_m, row.y_m, row.orientation_deg,
                       tuple([(r.id, r.position, r.gap_before_m, r.rack_type) for r in row.racks]))
                if keys.get(row_id) == key:
                    continue
                keys[row_id] = key
                for fp in row_footprints(row, catalog):
                    over = room_overhang_m(fp, w, d)
                    if over:
                        new[fp.rack_id] = over
            old = self._row_outside.pop(row_id, None)
            if new:
                self._row_outside[row_id] = new
            if old:
                for rid in old:
                    # gone from this row's list (unless it moved to a row checked before this one)
                    if rid not in new and outside_row.get(rid) == row_id:
                        del outside_row[rid], outside[rid]
                        changed.add(rid)
            for rid, over in new.items():
                if outside.get(rid) != over:
                    changed.add(rid)
                outside[rid] = over
                outside_row[rid] = row_id
        return changed

    # -- the pipeline ---------------------------------------------------------------------------------
    def _run(self, plan: Plan, dirty_racks: set[str], dirty_feeds: set[str], dirty_loops: set[str],
             dirty_rooms: set[str], change: Change | None = None, dirty_sources: set[str] | None = None) -> Results:
        idx = plan.index
        ctx = RackContext(plan, self.specs, self.settings, self._feeds, self._loops, self.net.by_placement,
                          self.checker, self.net.end_sums, self._outside_m)
        dirty_pdus: set[str] = set()
        for rid in dirty_racks:
            old = self._racks.pop(rid, None)
            if old is not None:
                for pdu in old.pdu_contrib:
                    self._pdu_contrib_racks[pdu].discard(rid)
                for pdu in old.pdu_refs:
                    self._pdu_ref_racks[pdu].discard(rid)
                dirty_pdus.update(old.pdu_contrib)
                dirty_pdus.update(old.pdus)
                if old.loop is not None:
                    self._loop_racks[old.loop].discard(rid)
                    dirty_loops.add(old.loop)
                self._row_racks[old.row_id].discard(rid)
                self._room_racks[old.room_id].discard(rid)
                dirty_rooms.add(old.room_id)
            rack = idx.racks.get(rid)
            if rack is None:
                continue
            row_id = idx.rack_row[rid]
            room = idx.rooms[idx.row_room[row_id]]
            rr = compute_rack(ctx, rack, room, row_id)
            self._racks[rid] = rr
            for pdu in rr.pdu_contrib:
                self._pdu_contrib_racks.setdefault(pdu, set()).add(rid)
            for pdu in rr.pdu_refs:
                self._pdu_ref_racks.setdefault(pdu, set()).add(rid)
            dirty_pdus.update(rr.pdu_contrib)
            dirty_pdus.update(rr.pdus)
            if rr.loop is not None:
                self._loop_racks.setdefault(rr.loop, set()).add(rid)
                dirty_loops.add(rr.loop)
            self._row_racks.setdefault(row_id, set()).add(rid)
            self._room_racks.setdefault(room.id, set()).add(rid)
            dirty_rooms.add(room.id)

        for pid in dirty_pdus:
            old_p = self._pdus.pop(pid, None)
            if old_p is not None and old_p.feed is not None:
                self._feed_pdus[old_p.feed].discard(pid)
                dirty_feeds.add(old_p.feed)
            new_p = self._compute_pdu(plan, pid)
            if new_p is not None:
                self._pdus[pid] = new_p
                if new_p.feed is not None:
                    self._feed_pdus.setdefault(new_p.feed, set()).add(pid)
                    dirty_feeds.add(new_p.feed)
        dirty_sources = set(dirty_sources or ())
        for fid in dirty_feeds:
            old_f = self._feeds_r.pop(fid, None)
            if old_f is not None and old_f.upstream is not None:
                self._src_feeds.get(old_f.upstream, set()).discard(fid)
                dirty_sources.add(old_f.upstream)
            if fid in self._feeds:
                new_f = self._feeds_r[fid] = self._compute_feed(fid)
                if new_f.upstream is not None:
                    self._src_feeds.setdefault(new_f.upstream, set()).add(fid)
                    dirty_sources.add(new_f.upstream)
        src_done: set[str] = self._update_sources(dirty_sources) if dirty_sources else set()
        for lid in dirty_loops:
            self._loops_r.pop(lid, None)
            if lid in self._loops:
                self._loops_r[lid] = self._compute_loop(lid)
        for room_id in dirty_rooms:
            self._rooms.pop(room_id, None)
            live_room = idx.rooms.get(room_id)
            if live_room is not None:
                self._rooms[room_id] = self._compute_room(live_room)
        totals, bom, plan_findings = self._compute_totals(plan)
        self.net.compute_fabrics(plan)
        # Results list their entries in plan order: the dicts above are refilled in the order
        # of dirty *sets*, which varies with PYTHONHASHSEED from one process to the next, and
        # "the worst feed" of two equal ones, table rows and finding order must not.
        order = self._order
        res = Results(totals=totals, racks=order["racks"](self._racks, idx.racks),
                      pdus=order["pdus"](self._pdus, idx.placements), feeds=order["feeds"](self._feeds_r, self._feeds),
                      loops=order["loops"](self._loops_r, self._loops), rooms=order["rooms"](self._rooms, idx.rooms),
                      sources=order["sources"](self._sources_r, self._sources),
                      bom=bom, plan_findings=plan_findings,
                      fabrics=order["fabrics"](self.net.results, map(_ID, plan.fabrics)),
                      fabric_findings=self.net.findings)
        if plan.workloads and change is not None:
            # racks whose power/cooling verdict may have changed: recomputed, or hanging on a
            # recomputed PDU, feed or loop
            flag_racks = set(dirty_racks)
            ref = self._pdu_ref_racks
            for pdu in dirty_pdus:
                flag_racks |= ref.get(pdu, set())
            for fid in dirty_feeds | (self._feeds_below(src_done) if src_done else set()):
                for pdu in self._feed_pdus.get(fid, ()):
                    flag_racks |= ref.get(pdu, set())
            for lid in dirty_loops:
                flag_racks |= self._loop_racks.get(lid, set())
            res.workloads, res.workload_findings = self.work.evaluate(plan, res, self.net, change, flag_racks)
        else:
            res.workloads, res.workload_findings = self.work.evaluate(plan, res, self.net, change)
        res.nvlink = NvlinkSummary.build(res.fabrics, totals.agg.device_types, self.catalog)
        res.workload_needs = self._workload_needs(res)
        res.settings = self.settings
        self._results = res
        return res

    def _workload_needs(self, res: Results) -> dict[str, WorkloadNeed]:
        """The largest GPU and GPU-memory need of any workload against the plan's
        (``WorkloadVerdict.figures``: gpus_needed, gpu_memory_gb_needed)."""
        out: dict[str, WorkloadNeed] = {}
        if not res.workloads:
            return out
        warn = 1.0 / (1.0 + self.settings.workload_margin_warn)
        have = {"gpus": float(res.totals.agg.ints.get("gpu_count", 0)),
                "gpu_memory_gb": res.totals.agg.sums.get("gpu_memory_gb", 0.0)}
        for what, h in have.items():
            needs = [float(n) for v in res.workloads.values() if (n := v.figures.get(f"{what}_needed"))]
            if needs:
                need = max(needs)
                out[what] = WorkloadNeed(need, h, levels.utilisation(need, h), levels.classify(need, h, warn))
        return out

    # -- PDUs ---------------------------------------------------------------------------------------------
    def _compute_pdu(self, plan: Plan, pid: str) -> PduResult | None:
        p = plan.index.placements.get(pid)
        if p is None:
            return None
        spec = self.specs.device(p.device)
        info = spec.pdu
        if info is None:
            return None
        s = self.settings
        rack_id = plan.index.placement_rack[pid]
        feed = self._feeds.get(p.feed) if p.feed else None
        side = feed.side if feed is not None else f"?{pid}"
        pf = feed.power_factor if feed is not None else s.power_factor
        der = feed.continuous_derating if feed is not None and feed.continuous_derating else s.continuous_derating
        contribs: list[PduContribution] = [self._racks[r].pdu_contrib[pid]
                                           for r in self._pdu_contrib_racks.get(pid, ()) if r in self._racks]
        typ_ph = [_fsum(c.typical_w[i] for c in contribs) for i in range(3)]
        max_ph = [_fsum(c.max_w[i] for c in contribs) for i in range(3)]
        basis_ph = max_ph if s.load_basis == "max" else typ_ph
        sides = sorted({k for c in contribs for k in c.fail_w} - {side})
        fail_ph: dict[str, list[float]] = {}
        for failed in sides:
            fail_ph[failed] = [_fsum((c.fail_w[failed][i] if failed in c.fail_w else
                                      (c.max_w[i] if s.load_basis == "max" else c.typical_w[i]))
                                     for c in contribs) for i in range(3)]
        findings: list[Finding] = []
        name = display_name(p, self.specs.catalog)
        # cords from several racks into this PDU: each rack checks its own outlets, this the cross-rack ones
        by_outlet: dict[int, tuple[str, str]] = {}
        for r in sorted(self._pdu_contrib_racks.get(pid, ())):
            c = self._racks[r].pdu_contrib[pid] if r in self._racks else None
            if c is None:
                continue
            for outlet, dev in sorted(c.outlets.items()):
                prev = by_outlet.get(outlet)
                if prev is None:
                    by_outlet[outlet] = (r, dev)
                elif prev[0] != r:
                    findings.append(make("POWER_OUTLET_CONFLICT", "{name} outlet {outlet} is used by both {v3} (rack {v4}) and {dev} (rack {r})", "pdu", pid, name=name, outlet=outlet, v3=prev[1], v4=prev[0], dev=dev, r=r))
        if p.feed is None or feed is None:
            if p.feed:
                findings.append(make("PDU_NO_FEED", "{name} ({pid}) hangs on no power feed (feed {feed!r} does not "
                                     "exist)", "pdu", pid, name=name, pid=pid, feed=p.feed))
            else:
                findings.append(make("PDU_NO_FEED", "{name} ({pid}) hangs on no power feed", "pdu", pid, name=name,
                                     pid=pid))
        currents = self._currents(info, basis_ph, pf)
        neutral = physics.wye_neutral_current(*currents) if info.wiring == "wye" else 0.0
        worst = list(currents)
        for arr in fail_ph.values():
            fc = self._currents(info, arr, pf)
            worst = [max(a, b) for a, b in zip(worst, fc, strict=True)]
        n_ph = 1 if info.phases == 1 else 3
        imb = physics.imbalance_percent(tuple(currents[:n_ph])) if n_ph == 3 else 0.0
        rating = info.amps
        if feed is not None:
            rating = min(rating, feed.breaker_a)
        derated = rating * der
        peak = max(currents[:n_ph])
        if peak > derated:
            findings.append(make("PDU_PHASE_OVERLOAD", "{name}: phase current {peak:.1f} A exceeds {derated:.1f} A ({v4:.0f} % of {rating:.0f} A)", "pdu", pid, name=name, peak=peak, derated=derated, v4=der * 100, rating=rating))
        elif max(worst[:n_ph]) > derated:
            findings.append(make("PDU_FAILOVER_OVERLOAD", "{name}: {v2:.1f} A on a phase when the other feed side fails, above {derated:.1f} A ({v4:.0f} % of {rating:.0f} A)", "pdu", pid, name=name, v2=max(worst[:n_ph]), derated=derated, v4=der * 100, rating=rating))
        elif max(worst[:n_ph]) > derated * s.feed_warn_fraction:
            findings.append(make("PDU_PHASE_HIGH", "{name}: {v2:.1f} A worst-case phase current is {v3:.0f} % of the derated {derated:.1f} A",
                                 "pdu", pid, name=name, v2=max(worst[:n_ph]), v3=max(worst[:n_ph]) / derated * 100, derated=derated))
        if n_ph == 3 and imb > s.phase_imbalance_warn_percent and max(worst[:n_ph]) > s.phase_imbalance_min_load * derated:
            findings.append(make("PDU_PHASE_IMBALANCE", "{name}: phase currents {v2:.1f}/{v3:.1f}/{v4:.1f} A are {imb:.0f} % imbalanced; move cords to the lighter phases", "pdu", pid, name=name, v2=currents[0], v3=currents[1], v4=currents[2], imb=imb))
        return PduResult(
            id=pid, name=name, rack_id=rack_id, device=p.device, feed=p.feed, side=side, wiring=info.wiring,
            voltage_v=info.voltage_v, phases=info.phases, rating_a=rating, derated_a=derated,
            typical_w=_fsum(typ_ph), max_w=_fsum(max_ph), phase_w=(basis_ph[0], basis_ph[1], basis_ph[2]),
            phase_a=currents, neutral_a=neutral, imbalance_percent=imb,
            failover_phase_a=(worst[0], worst[1], worst[2]), fail_w={k: _fsum(v) for k, v in fail_ph.items()},
            cords=sum(c.cords for c in contribs), findings=tuple(findings))

    @staticmethod
    def _currents(info: PduInfo, phase_w: list[float], pf: float) -> tuple[float, float, float]:
        if info.phases == 1:
            return (physics.single_phase_current(_fsum(phase_w), info.voltage_v, pf), 0.0, 0.0)
        a, b, c = phase_w  # three phases (or three delta branches)
        if info.wiring == "delta":
            return physics.delta_line_currents((a, b, c), info.voltage_v, pf)
        return physics.wye_phase_currents((a, b, c), info.voltage_v, pf)

    # -- feeds ----------------------------------------------------------------------------------------------
    def _compute_feed(self, fid: str) -> FeedResult:
        s = self.settings
        f = self._feeds[fid]
        der = f.continuous_derating or s.continuous_derating
        cap = physics.feed_capacity_w(f.voltage_v, f.breaker_a, f.phases, f.power_factor, der)
        pdus = [self._pdus[p] for p in sorted(self._feed_pdus.get(fid, ())) if p in self._pdus]
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

    # -- power sources -------------------------------------------------------------------------------------
    def _update_sources(self, dirty: set[str]) -> set[str]:
        """Recompute the dirty sources and every source above them (before and after the
        edit), children before parents. Sources are few (tens): the parent map is rebuilt."""
        srcs = self._sources
        children = self._source_children()
        todo: set[str] = set()
        stack = list(dirty)
        while stack:
            sid = stack.pop()
            if sid in todo:
                continue
            todo.add(sid)
            old = self._sources_r.get(sid)
            if old is not None and old.upstream is not None:
                stack.append(old.upstream)
            cur = srcs.get(sid)
            if cur is not None and cur.upstream is not None:
                stack.append(cur.upstream)

        def depth(sid: str) -> int:
            d, up, seen = 0, srcs[sid].upstream, {sid}
            while up is not None and up in srcs and up not in seen:  # the model forbids loops
                seen.add(up)
                d += 1
                up = srcs[up].upstream
            return d

        for sid in todo:
            if sid not in srcs:
                self._sources_r.pop(sid, None)
                self._src_feeds.pop(sid, None)
        for sid in sorted((x for x in todo if x in srcs), key=lambda x: (-depth(x), x)):
            self._sources_r[sid] = self._compute_source(sid, children.get(sid, ()))
        return todo

    def _source_children(self) -> dict[str, list[str]]:
        """Each power source's sources directly under it (sources are few: built when asked)."""
        children: dict[str, list[str]] = {}
        for src in self._sources.values():
            if src.upstream is not None:
                children.setdefault(src.upstream, []).append(src.id)
        return children

    def _feeds_below(self, sources: set[str]) -> set[str]:
        """The feeds under these sources, directly or through downstream sources."""
        children = self._source_children()
        out: set[str] = set()
        seen: set[str] = set()
        stack = list(sources)
        while stack:
            sid = stack.pop()
            if sid in seen:
                continue
            seen.add(sid)
            out |= self._src_feeds.get(sid, set())
            stack.extend(children.get(sid, ()))
        return out

    def _compute_source(self, sid: str, children: Iterable[str]) -> SourceResult:
        """Load of the feeds and downstream sources under a source, normal and with each other
        side failed (a feed on the failed side is dead; the others carry their failover load
        for that side), against the source's capacity."""
        s = self.settings
        src = self._sources[sid]
        feeds = [self._feeds_r[f] for f in sorted(self._src_feeds.get(sid, ())) if f in self._feeds_r]
        subs = [self._sources_r[c] for c in sorted(children) if c in self._sources_r]
        typ = _fsum([*(f.typical_w for f in feeds), *(c.typical_w for c in subs)])
        mx = _fsum([*(f.max_w for f in feeds), *(c.max_w for c in subs)])
        normal = _fsum([*(f.load_w for f in feeds), *(c.load_w for c in subs)])
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

    # -- loops -----------------------------------------------------------------------------------------------
    def _compute_loop(self, lid: str) -> LoopResult:
        """One cooling loop: the heat its racks put on it (liquid heat of direct-liquid and
        immersion racks, rear doors' heat) against its capacity and rated flow
        (:func:`planner.engine.specs.loop_rating`: design figures, else catalog CDUs)."""
        s = self.settings
        lp = self._loops[lid]
        racks = [self._racks[r] for r in self._loop_racks.get(lid, ()) if r in self._racks]
        heat = _fsum(r.loop_heat_w for r in racks)
        flow = _fsum(r.loop_flow_l_per_min for r in racks)
        rating = loop_rating(self.specs, lp)
        cu = rating.cdu
        cap, cap_n1, rated_flow = rating.capacity_w, rating.capacity_n_minus_1_w, rating.flow_l_per_min
        findings: list[Finding] = []
        if cu is not None:
            of = f"{lp.cdu_count} x {cu.capacity_w / 1000:.0f} kW CDU capacity" if rating.capacity_basis == "catalog" \
                else f"{cap / 1000:.0f} kW design capacity ({lp.cdu_count} CDU(s))"
        else:
            of = f"{cap / 1000:.0f} kW design capacity"
        if not rating.capacity_known:
            findings.append(make("LOOP_UNKNOWN_CDU", "loop {lp_name}: CDU {lp_cdu!r} is not in the catalog; its capacity is unknown (give the loop a design capacity)", "loop", lid, lp_name=lp.name, lp_cdu=lp.cdu))
        else:
            need = heat * s.loop_margin
            if need > cap:
                findings.append(make("LOOP_OVER_CAPACITY", "loop {lp_name}: {v2:.0f} kW heat x {s_loop_margin:g} margin exceeds {of}", "loop", lid, lp_name=lp.name, v2=heat / 1000, s_loop_margin=s.loop_margin, of=of))
            elif cu is not None and heat > 0 and need > cap_n1 and (lp.cdu_count > 1 or cu.pump_redundancy != "N+1"):
                findings.append(make("LOOP_NO_REDUNDANCY", "loop {lp_name}: with one of {lp_cdu_count} CDU(s) out, {v3:.0f} kW is left for {v4:.0f} kW (N+1 not met)",
                                     "loop", lid, lp_name=lp.name, lp_cdu_count=lp.cdu_count, v3=cap_n1 / 1000, v4=need / 1000))
            if cu is not None and cu.known and cu.pump_redundancy == "N":
                findings.append(make("LOOP_NO_REDUNDANCY", "loop {lp_name}: CDU {lp_cdu} pumps are not redundant",
                                     "loop", lid, lp_name=lp.name, lp_cdu=lp.cdu))
            if rated_flow is not None and flow > rated_flow:
                if rating.flow_basis == "design":
                    findings.append(make("LOOP_FLOW_OVER_CAPACITY", "loop {lp_name}: {flow:.0f} L/min needed, its design flow is {rated_flow:.0f} L/min", "loop", lid, lp_name=lp.name, flow=flow, rated_flow=rated_flow))
                elif rating.flow_basis == "catalog":
                    findings.append(make("LOOP_FLOW_OVER_CAPACITY", "loop {lp_name}: {flow:.0f} L/min needed, its CDUs are rated {rated_flow:.0f} L/min", "loop", lid, lp_name=lp.name, flow=flow, rated_flow=rated_flow))
                else:
                    findings.append(make("LOOP_FLOW_OVER_CAPACITY", "loop {lp_name}: {flow:.0f} L/min needed, its capacity at {dt:g} K carries {rated_flow:.0f} L/min", "loop", lid, lp_name=lp.name, flow=flow, dt=lp.delta_t_k, rated_flow=rated_flow))
        if not racks:
            findings.append(make("LOOP_UNUSED", "loop {lp_name} serves no rack", "loop", lid, lp_name=lp.name))
        return LoopResult(id=lid, name=lp.name, cdu=lp.cdu, cdu_count=lp.cdu_count, coolant=lp.coolant,
                          capacity_w=cap, capacity_n_minus_1_w=cap_n1, heat_w=heat, flow_l_per_min=flow,
                          rated_flow_l_per_min=rated_flow, racks=len(racks),
                          utilisation=heat / cap if cap else 0.0, findings=tuple(findings),
                          kind=lp.kind, supply_temp_c=lp.supply_temp_c,
                          return_temp_c=lp.supply_temp_c + lp.delta_t_k, delta_t_k=lp.delta_t_k,
                          capacity_basis=rating.capacity_basis, flow_basis=rating.flow_basis,
                          level=levels.classify(heat * s.loop_margin, cap, s.cooling_warn_fraction)
                          if rating.capacity_known else levels.NONE)

    # -- rooms and totals --------------------------------------------------------------------------------------
    def _compute_room(self, room: Room) -> RoomResult:
        racks = self._racks
        parts = []
        for row in room.rows:
            rs = [racks[r.id] for r in row.racks]
            part = self._row_parts.get(row.id)
            if part is None or len(part[0]) != len(rs) or any(a is not b for a, b in zip(part[0], rs)):
                part = self._row_parts[row.id] = (rs, _counts(rs))
            parts.append(part)
        agg = _aggregate([r for part in parts for r in part[0]], rack_level=True, counts=[p[1] for p in parts])
        return RoomResult(id=room.id, name=room.name, area_m2=room.width_m * room.depth_m, agg=agg)

    def _compute_totals(self, plan: Plan) -> tuple[Totals, list[BomLine], tuple[Finding, ...]]:
        s = self.settings
        md = plan.metadata
        rooms = [self._rooms[r.id] for r in plan.site.rooms]
        agg = _aggregate([r.agg for r in rooms], rack_level=False)
        bom = Counter(agg.bom)
        for lp in plan.cooling_loops:
            if lp.cdu is not None:  # a facility water loop has no CDUs of its own
                bom[("cooling", lp.cdu)] += lp.cdu_count
        for cable, n in self.net.cable_counts.items():
            bom[("cables", cable)] += n
        for xcvr, n in self.net.transceiver_counts.items():  # optics of fibre links, one at each end
            bom[("cables", xcvr)] += n
        findings: list[Finding] = []
        lines: list[BomLine] = []
        capex_terms: list[float] = []
        estimated_terms: list[float] = []
        no_price: list[str] = []
        no_rate: dict[str, list[str]] = {}
        rates = md.exchange_rates
        overrides = md.price_overrides
        for (table, slug), qty in sorted(bom.items()):
            override = overrides.get(slug)
            # a per-plan price (metadata.price_overrides) before the catalog's
            price = (override.amount, override.currency) if override is not None else self.specs.price_of(table, slug)
            source = None if price is None else "plan" if override is not None else "catalog"
            known = self._known(table, slug)
            name = self._name(table, slug)
            # a price in another currency converts at the plan's rate (plan units per unit of it)
            rate = None if price is None else 1.0 if price[1] == md.currency else rates.get(price[1])
            basis = None if price is None else "plan" if override is not None else self.specs.price_basis(table, slug)
            line = BomLine(table, slug, name, qty, price[0] if price else None, price[1] if price else None,
                           known, rate, source, basis)
            lines.append(line)
            if price is None:
                no_price.append(f"{qty} x {slug}")
            elif rate is None:
                no_rate.setdefault(price[1], []).append(f"{qty} x {slug}")
            else:
                capex_terms.append(price[0] * qty * rate)
                if line.estimated:
                    estimated_terms.append(price[0] * qty * rate)
        if no_price:
            findings.append(make("COST_NO_PRICE", Np_("{n} BOM line has no price and is not in the capex: {v2}{v3}", "{n} BOM lines have no price and are not in the capex: {v2}{v3}"), "plan", n=len(no_price), v2=', '.join(no_price[:5]), v3=' ...' if len(no_price) > 5 else ''))
        for cur, items in sorted(no_rate.items()):
            findings.append(make("PRICE_NO_EXCHANGE_RATE", Np_("{n} BOM line is priced in {cur} and the plan has no {cur} to {md_currency} exchange rate: it is not in the capex (set one in Plan Settings): {v5}{v6}", "{n} BOM lines are priced in {cur} and the plan has no {cur} to {md_currency} exchange rate: they are not in the capex (set one in Plan Settings): {v5}{v6}"), "plan", n=len(items), cur=cur, md_currency=md.currency, v5=', '.join(items[:5]), v6=' ...' if len(items) > 5 else ''))
        sums = agg.sums
        typ = sums.get("typical_w", 0.0)
        mx = sums.get("max_w", 0.0)
        # energy per year = typical IT power x PUE x 8,760 h x utilisation (docs/engine.md)
        energy = physics.annual_energy_kwh(typ * md.pue) * md.utilisation
        capex = _fsum(capex_terms)
        capex_complete = not no_price and not no_rate
        rent = self._rent_vs_own(md, agg, capex, capex_complete, typ, mx, findings)
        totals = Totals(racks=agg.racks, rooms=len(rooms), agg=agg, pue=md.pue, facility_typical_w=typ * md.pue,
                        facility_max_w=mx * md.pue, energy_kwh_per_year=energy, currency=md.currency,
                        capex=capex, capex_complete=capex_complete,
                        opex_per_year=energy * md.electricity_price_per_kwh,
                        electricity_price_per_kwh=md.electricity_price_per_kwh, utilisation=md.utilisation,
                        unconverted=tuple(sorted(no_rate)), rent_vs_own=rent,
                        capex_estimated=_fsum(estimated_terms))
        findings.extend(self._balance(agg, s))
        return totals, lines, tuple(findings)

    def _rent_vs_own(self, md: Metadata, agg: Aggregate, capex: float, capex_complete: bool, typical_w: float,
                     max_w: float, findings: list[Finding]) -> RentOwnResult | None:
        """Rent or own (docs/engine.md): owning this build (capex from the BOM, energy at the
        typical IT draw, colocation on the maximum draw as committed power) against renting
        as many GPUs of the plan's most numerous GPU model. The cloud price per GPU-hour is
        the plan's override, else the catalog's (table ``cloud``), converted to the plan
        currency at the plan's exchange rates; without one, owning is costed alone and a
        finding says why. None when the plan has no GPUs."""
        gpus = agg.ints.get("gpu_count", 0)
        by_model = {m: n for m, n in agg.gpus.items() if n > 0}
        if gpus <= 0 or not by_model:
            return None
        model = max(sorted(by_model), key=lambda m: by_model[m])  # most GPUs; ties: first slug
        gpu = cat_get(self.catalog, "gpus", model)
        model_name = f"{gpu.vendor} {gpu.model}" if gpu is not None else model
        if len(by_model) > 1:
            others = ", ".join(f"{n} x {m}" for m, n in sorted(by_model.items()) if m != model)
            findings.append(make("RENT_MIXED_GPUS", "Rent or own prices all {gpus} GPUs at the cloud price of {model_name}, the most numerous model ({v3}); the others: {others}",
                                 "plan", gpus=gpus, model_name=model_name, v3=by_model[model], others=others))
        price: float | None = None
        detail: dict[str, Any] = {}
        reason = ""
        if model in md.cloud_price_per_gpu_hour:
            price, source = md.cloud_price_per_gpu_hour[model], "plan"
            detail = {"currency": md.currency, "amount": price}
        else:
            entry = cat_get(self.catalog, "cloud", model)
            if entry is None:
                source = "none"
                reason = (f"no cloud price per GPU-hour for {model_name} ({model}) in the catalog or the plan: "
                          "set one in Plan Settings (Cloud price per GPU-hour) or in the user catalog")
                findings.append(make("RENT_NO_CLOUD_PRICE", "Rent or own not computed: {reason}", "plan", reason=reason))
            else:
                source = "catalog"
                detail = {"currency": entry.currency, "amount": entry.price_per_gpu_hour, "date": entry.date,
                          "basis": entry.basis, "offer": f"{entry.vendor} {entry.model}", "reference": entry.source}
                rate = 1.0 if entry.currency == md.currency else md.exchange_rates.get(entry.currency)
                if rate is None:
                    reason = (f"the cloud price for {model_name} is in {entry.currency} and the plan has no "
                              f"{entry.currency} to {md.currency} exchange rate (set one in Plan Settings)")
                    findings.append(make("RENT_NO_EXCHANGE_RATE", "Rent or own not computed: {reason}", "plan", reason=reason))
                else:
                    price = entry.price_per_gpu_hour * rate
                    detail["exchange_rate"] = rate
        base = OwnInputs(capex=capex, it_kw_typical=typical_w / 1000.0, it_kw_committed=max_w / 1000.0, gpus=gpus,
                         years=md.years_of_use, pue=md.pue, electricity_price_per_kwh=md.electricity_price_per_kwh,
                         utilisation=md.utilisation, support_fraction_per_year=md.support_fraction_per_year,
                         colocation_per_kw_month=md.colocation_price_per_kw_month, cloud_price_per_gpu_hour=price)
        own_only = rent_vs_own(replace(base, cloud_price_per_gpu_hour=None))
        figures = rent_vs_own(base) if price is not None else None
        if figures is not None and not capex_complete:
            be = figures.break_even_months
            if be is not None:
                findings.append(make("RENT_CAPEX_INCOMPLETE", "Rent or own uses a capex of {capex:,.0f} {md_currency} that leaves unpriced items out: owning is understated and the break-even after {be:,.1f} months is too early", "plan", capex=capex, md_currency=md.currency, be=be))
            else:
                findings.append(make("RENT_CAPEX_INCOMPLETE", "Rent or own uses a capex of {capex:,.0f} {md_currency} that leaves unpriced items out: owning is understated and the comparison favours owning", "plan", capex=capex, md_currency=md.currency))
        return RentOwnResult(inputs=base, own_only=own_only, figures=figures, gpu_model=model,
                             gpu_model_name=model_name, gpus=gpus, currency=md.currency, capex_complete=capex_complete,
                             price_source=source, price_detail=detail, reason=reason)

    def _known(self, table: str, slug: str) -> bool:
        if table == "device-types":
            return self.specs.device(slug).known
        if table == "rack-types":
            return self.specs.rack_type(slug).known
        if table == "cooling":
            return self.specs.cooling(slug).known
        return self.specs.cable(slug) is not None

    def _name(self, table: str, slug: str) -> str:
        if table == "device-types":
            return self.specs.device(slug).name
        if table == "rack-types":
            return self.specs.rack_type(slug).name
        c = self.specs.cable(slug) if table == "cables" else None
        if c is not None:
            return f"{c.vendor} {c.model}"
        return slug

    def _balance(self, agg: Aggregate, s: EngineSettings) -> list[Finding]:
        out: list[Finding] = []
        # one GPU server has no server to talk to: its compute-fabric bandwidth is no balance question
        gpu_servers = sum(n for slug, n in agg.device_types.items()
                          if self.specs.device(slug).known and self.specs.device(slug).gpu_count)
        for slug, n in sorted(agg.device_types.items()):
            spec = self.specs.device(slug)
            if not spec.known:
                continue
            if spec.gpu_count and not spec.gpu_known:
                out.append(make("UNKNOWN_GPU", Np_("{spec_name}: GPU {spec_gpu_slug!r} is not in the GPU table; memory and FLOPS of its {n} unit are missing", "{spec_name}: GPU {spec_gpu_slug!r} is not in the GPU table; memory and FLOPS of its {n} units are missing"), "device-type", slug, spec_name=spec.name, spec_gpu_slug=spec.gpu_slug, n=n))
            for nic in spec.unknown_nics:
                out.append(make("UNKNOWN_NIC", "{spec_name}: NIC {nic!r} is not in the NIC table", "device-type",
                                slug, spec_name=spec.name, nic=nic))
            g = spec.gpu_count
            if not g:
                continue
            if spec.cpu_cores and spec.cpu_cores / g < s.min_cpu_cores_per_gpu:
                out.append(make("BALANCE_CPU_CORES", "{spec_name} ({n} in plan): {v3:.1f} CPU cores per GPU, below {s_min_cpu_cores_per_gpu:g}: data loading may starve the GPUs",
                                "device-type", slug, spec_name=spec.name, n=n, v3=spec.cpu_cores / g, s_min_cpu_cores_per_gpu=s.min_cpu_cores_per_gpu))
            if spec.ram_gb and spec.gpu_memory_gb and spec.ram_gb / spec.gpu_memory_gb < s.min_ram_to_gpu_memory:
                out.append(make("BALANCE_RAM", "{spec_name} ({n} in plan): {spec_ram_gb:.0f} GB RAM for {spec_gpu_memory_gb:.0f} GB GPU memory ({v5:.2f}x, below {s_min_ram_to_gpu_memory:g}x)", "device-type", slug, spec_name=spec.name, n=n, spec_ram_gb=spec.ram_gb, spec_gpu_memory_gb=spec.gpu_memory_gb, v5=spec.ram_gb / spec.gpu_memory_gb, s_min_ram_to_gpu_memory=s.min_ram_to_gpu_memory))
            if spec.compute_gbps / g < s.min_compute_gbps_per_gpu and gpu_servers > 1:
                out.append(make("BALANCE_NETWORK", "{spec_name} ({n} in plan): {v3:.0f} Gb/s compute-fabric bandwidth per GPU, below {s_min_compute_gbps_per_gpu:g} Gb/s",
                                "device-type", slug, spec_name=spec.name, n=n, v3=spec.compute_gbps / g, s_min_compute_gbps_per_gpu=s.min_compute_gbps_per_gpu))
        gpus = agg.ints.get("gpu_count", 0)
        stor = agg.sums.get("storage_read_gb_per_s", 0.0)
        if gpus:
            if stor <= 0:
                out.append(make("BALANCE_NO_STORAGE", "{gpus} GPUs but no storage system in the plan", "plan", gpus=gpus))
            elif stor / gpus < s.min_storage_gb_per_s_per_gpu:
                out.append(make("BALANCE_STORAGE", "{stor:.0f} GB/s storage read for {gpus} GPUs = {v3:.2f} GB/s per GPU, below {s_min_storage_gb_per_s_per_gpu:g}", "plan", stor=stor, gpus=gpus, v3=stor / gpus, s_min_storage_gb_per_s_per_gpu=s.min_storage_gb_per_s_per_gpu))
        return out


_GETTERS = {f: attrgetter(f) for f in (*SUM_FIELDS, *INT_FIELDS)}


def _count_into(out: dict[Any, int], counts: dict[Any, int]) -> None:
    """``Counter.update`` without its per-call overhead (same key order and values)."""
    get = out.get
    for k, v in counts.items():
        out[k] = v + get(k, 0)


def _counts(items: list[Any]) -> Aggregate:
    """The integer fields and the per-model/per-slug counts of some racks (in their order;
    sums of parts in order give the same values and key order as one pass)."""
    agg = Aggregate()
    for fi in INT_FIELDS:
        agg.ints[fi] = sum(map(_GETTERS[fi], items))
    for r in items:
        _count_into(agg.gpus, r.gpus)
        _count_into(agg.bom, r.bom)
        _count_into(agg.device_types, r.device_types)
    return agg


def _aggregate(items: list[Any], rack_level: bool, counts: list[Aggregate] | None = None) -> Aggregate:
    """Sums over racks (``rack_level``) or over Aggregates; ``counts``: the racks' integer
    and count sums already made in parts (:func:`_counts`, in rack order)."""
    agg = Aggregate()
    gpus: dict[str, int] = {}
    bom: dict[tuple[str, str], int] = {}
    types: dict[str, int] = {}
    if rack_level:
        agg.racks = len(items)
        for fs in SUM_FIELDS:
            agg.sums[fs] = _fsum(map(_GETTERS[fs], items))
        if counts is not None:
            for fi in INT_FIELDS:
                agg.ints[fi] = sum(c.ints[fi] for c in counts)
            items = counts
        else:
            for fi in INT_FIELDS:
                agg.ints[fi] = sum(map(_GETTERS[fi], items))
    else:
        agg.racks = sum(a.racks for a in items)
        for fs in SUM_FIELDS:
            agg.sums[fs] = _fsum(a.sums[fs] for a in items)
        for fi in INT_FIELDS:
            agg.ints[fi] = sum(a.ints[fi] for a in items)
    for r in items:
        _count_into(gpus, r.gpus)
        _count_into(bom, r.bom)
        _count_into(types, r.device_types)
    agg.gpus, agg.bom, agg.device_types = gpus, bom, types
    return agg
