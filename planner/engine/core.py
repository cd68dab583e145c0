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

This module orchestrates only: the figures and findings of racks, PDUs, feeds, sources,
loops and the plan come from the rule providers' pure functions (planner.engine.rules, one
module a rule family; planner.engine.rack for a rack), which the engine runs on what an
edit touched and sums.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

from planner.base.gcpause import no_gc
from planner.engine import levels, physics
from planner.engine.findings import Finding
from planner.engine.network import Network
from planner.engine.rack import RackContext, RackResult, compute_rack
from planner.engine.results import (
    INT_FIELDS,
    PLAN_WIDE_GROUPS,
    RACK_FIGURES,
    SUM_FIELDS,
    Aggregate,
    BomLine,
    FeedResult,
    LoopResult,
    NvlinkSummary,
    PduResult,
    RackSummary,
    Results,
    RoomResult,
    SourceResult,
    SumField,
    Totals,
    feed_rank,
)
from planner.engine.rules import balance, cooling, feeds, money, rack_power, space
from planner.engine.rules import energy as rules_energy
from planner.engine.rules import phases as rules_phases
from planner.engine.rules import workloads as rules_workloads
from planner.engine.settings import EngineSettings
from planner.engine.specs import SpecCache
from planner.engine.workloads import WorkloadState
from planner.model.phases import PhaseMap, phase_map, phase_plan
from planner.model.plan import Plan, PlanIndex

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.edits import Change
    from planner.model.plan import CoolingLoop, Room

_fsum = math.fsum
_ID = attrgetter("id")
_V = TypeVar("_V")
SOURCE_KIND_NAMES = feeds.SOURCE_KIND_NAMES  # the old home



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


_SERIALS = itertools.count(1)  # Results.serial: one sequence for every engine of the process


def _carry_worst(prev: Results | None, res: Results, rack_pos: Mapping[str, int] | None = None,
                 feed_pos: Mapping[str, int] | None = None) -> None:
    """The worst rack of each figure the results before were asked for, its over/near
    counts, and the worst feed, carried over through the racks and feeds the update redid
    (a scan of 2,368 racks per figure and of 9k feeds took ~11 ms of every edit at 64k
    GPUs). A redone one that ties with the worst wins where it comes first in the results'
    order, as a scan takes the first (``rack_pos``/``feed_pos``: each rack's and feed's place
    in that order; without them a tie needs the scan: in a plan of identical racks nearly
    every edit ties). Where the worst one itself was redone, the figure is found by a scan
    on first access."""
    if prev is None or res.follows != prev.serial:
        return
    racks = [rid for part, rid in res.redone if part == "rack"]
    for figure, got in prev._rack_summaries.items():
        util_attr, level_attr = RACK_FIGURES[figure]
        over, warn, best = got.over, got.warn, got.worst
        best_key = (levels.rank(got.level), got.utilisation) if best is not None else None
        exact = True
        for rid in racks:
            if best is not None and best.id == rid:
                exact = False
                break
            new = res.racks.get(rid)
            for rr, sign in ((prev.racks.get(rid), -1), (new, 1)):
                if rr is not None:
                    lvl = getattr(rr, level_attr)
                    if lvl == levels.OVER:
                        over += sign
                    elif lvl == levels.WARN:
                        warn += sign
            if new is not None and (u := getattr(new, util_attr)) is not None:
                key = (levels.rank(getattr(new, level_attr)), u)
                if best_key is None or key > best_key:
                    best, best_key = new, key
                elif key == best_key:
                    if rack_pos is None or best is None or new.id not in rack_pos or best.id not in rack_pos:
                        exact = False
                        break
                    if rack_pos[new.id] < rack_pos[best.id]:
                        best = new
        if exact:
            res._rack_summaries[figure] = RackSummary(
                best, getattr(best, util_attr) if best is not None else None,
                getattr(best, level_attr) if best is not None else levels.NONE, over, warn)
    if prev._worst_feed_known:
        worst = prev._worst_feed
        worst_key = feed_rank(worst) if worst is not None else None
        for part, fid in res.redone:
            if part != "feed":
                continue
            if worst is not None and worst.id == fid:
                return
            new_f = res.feeds.get(fid)
            if new_f is not None:
                key = feed_rank(new_f)
                if worst_key is None or key > worst_key:
                    worst, worst_key = new_f, key
                elif key == worst_key:
                    if feed_pos is None or worst is None or fid not in feed_pos or worst.id not in feed_pos:
                        return
                    if feed_pos[fid] < feed_pos[worst.id]:
                        worst = new_f
        res._worst_feed, res._worst_feed_known = worst, True


def _carry_counts(prev: Results | None, res: Results) -> None:
    """``res.counts()`` from the counts of the results it follows, taking out the groups it
    redid as they were and putting them in as they are (O(what changed); counting all
    21k findings of a 64k-GPU plan took ~11 ms of every edit). Nothing when ``prev`` was
    never counted: ``counts()`` then counts on first access."""
    if prev is None or prev._counts is None or res.follows != prev.serial:
        return
    counts = dict(prev._counts)
    for key in res.redone.union(PLAN_WIDE_GROUPS):
        for f in prev.finding_group(key):
            counts[f.severity] -= 1
        for f in res.finding_group(key):
            counts[f.severity] += 1
    res._counts = counts


class _Order:
    """:func:`_ordered` for one results dict, remembering its key order and its last output.
    Where the order cannot have changed since the last call (the same order object, or the
    same plan index with nothing put back into it) and no key came or went, the output is
    the last one with the values of the keys the update redid (``dirty``) replaced: a copy
    of the dict in C and O(dirty) in Python, instead of a pass in plan order over every
    rack, PDU and feed of the plan on every edit (~7 dicts, ~40k entries at 64k GPUs)."""

    __slots__ = ("index", "keys", "keyset", "out", "readds", "src", "src_obj")

    def __init__(self) -> None:
        self.src: list[str] | None = None
        self.src_obj: object | None = None
        self.keys: list[str] = []
        self.keyset: set[str] = set()
        self.index: PlanIndex | None = None
        self.readds = -1
        self.out: dict[str, Any] | None = None

    def _patched(self, d: dict[str, _V], dirty: set[str] | None) -> dict[str, _V] | None:
        """The last output with the ``dirty`` keys' values from ``d``, or None when one of
        them came or went (the keys then need ordering) or there is no last output."""
        out = self.out
        if out is None or dirty is None:
            return None
        keyset = self.keyset
        for k in dirty:
            if (k in d) != (k in keyset):
                return None
        new = out.copy()
        for k in dirty:
            if k in new:
                new[k] = d[k]
        self.out = new
        return new

    def _keep(self, out: dict[str, _V]) -> dict[str, _V]:
        self.out = out
        return out

    def indexed(self, d: dict[str, _V], order: dict[str, Any], index: PlanIndex,
                dirty: set[str] | None = None) -> dict[str, _V]:
        """The same for ``order`` one of ``index``'s dicts (rooms, racks, placements), without
        a pass over it: the remembered keys serve while the dict's keys are the same and
        nothing went into the index again (``PlanIndex.readds``: the one way an edit
        reorders what stays); else ``d``'s keys are sorted by their place in the index
        (``PlanIndex.seq``: O(len(d) log len(d)) in C, not O(the index) in Python: adding a
        server to a 64k-GPU plan re-read 22k placements to order 5k PDUs)."""
        if self.index is index and self.readds == index.readds:
            got = self._patched(d, dirty)
            if got is not None:
                return got
            if d.keys() == self.keyset:
                keys = self.keys
                return self._keep(dict(zip(keys, map(d.__getitem__, keys))))
        inside = [k for k in d if k in order]
        inside.sort(key=index.seq.__getitem__)
        if len(inside) != len(d):
            inside.extend(sorted(d.keys() - set(inside)))
        self.index, self.readds, self.src, self.src_obj = index, index.readds, None, None
        self.keys, self.keyset = inside, set(inside)
        return self._keep({k: d[k] for k in inside})

    def __call__(self, d: dict[str, _V], order: Iterable[str], dirty: set[str] | None = None) -> dict[str, _V]:
        self.index = None
        if isinstance(order, dict) and order is self.src_obj:
            got = self._patched(d, dirty)
            if got is not None:
                return got
        src = list(order)
        if src != self.src or d.keys() != self.keyset:
            out = _ordered(d, src)
            self.src, self.keys, self.keyset = src, list(out), set(out)
        else:
            keys = self.keys
            out = dict(zip(keys, map(d.__getitem__, keys)))
        self.src_obj = order if isinstance(order, dict) else None
        return self._keep(out)


class Engine:
    """``Engine(catalog, settings)``; then ``compute(plan)`` once and ``update(plan, change)``
    after every edit. One engine follows one plan object; handing it another plan (or
    the same plan after edits it was not told about) needs ``compute``."""

    def __init__(self, catalog: Catalog, settings: EngineSettings | None = None) -> None:
        self.catalog = catalog
        self.settings = settings or EngineSettings()
        self.specs = SpecCache(catalog, default_cords=self.settings.default_cords)
        # rack power layouts -> their cords and loads (planner.engine.rules.rack_power.distribute)
        self._spread_memo: dict[tuple[Any, ...], Any] = {}
        self._layout_memo: dict[tuple[Any, ...], Any] = {}  # rack layout -> its U occupancy (rules.space)
        self.checker = RackContext.make_checker(catalog)
        self.net = Network(catalog, self.settings.cable_length_default_m)
        self.work = WorkloadState(catalog, self.settings)
        self._plan: Plan | None = None
        self._results: Results | None = None
        # one engine per growth phase but the last, each following the plan after its phase;
        # the phase map and order they were last derived with
        self._phase_engines: dict[str, Engine] = {}
        self._phase_map: PhaseMap | None = None
        self._phase_order: list[str] = []
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
        self._feed_pos: tuple[object, dict[str, int]] = (None, {})  # (the _feeds it was made from, positions)
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
        # row -> (its rack results, their int and count sums, their exact float sums or None):
        # reused while the row's rack results are the same objects (a room of 288 NVL72 racks
        # re-merges one row, not all)
        self._row_parts: dict[str, tuple[list[RackResult], Aggregate, dict[SumField, int] | None]] = {}
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
        # GC would rescan them again and again (40 % of the time at 64k GPUs); what survives
        # goes to the oldest generation unwalked (keep=True).
        with no_gc(keep=True):
            self._check_rows(plan, plan.index.rows)
            self.net.full(plan)
            res = self._run(plan, racks, set(self._feeds), set(self._loops), set(plan.index.rooms),
                            dirty_sources=set(self._sources))
        return self._phased(plan, res)

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
        prev = self._results
        res = self._phased(plan, self._run(plan, racks, feeds, loops, rooms, change, dirty_sources=sources), change)
        _carry_counts(prev, res)
        _carry_worst(prev, res, idx.seq, self._feed_positions())
        return res

    def _feed_positions(self) -> dict[str, int]:
        """Each feed's place in the results' feed order (``self._feeds``, the plan's), made
        again when the feeds were (a new ``self._feeds`` object)."""
        if self._feed_pos[0] is not self._feeds:
            self._feed_pos = (self._feeds, {fid: i for i, fid in enumerate(self._feeds)})
        return self._feed_pos[1]

    def _phased(self, plan: Plan, res: Results, change: Change | None = None) -> Results:
        """The growth phases' figures (docs/phases.md): the plan after each phase but the last
        is derived (planner.model.phases.phase_plan) and computed by an engine of its own, as a
        separate plan would be; one whose derived plan did not change keeps its results. The
        last phase is the whole plan, ``res``. After an edit that touched only what later
        phases add (before and after it), a phase is not derived again at all."""
        phases = plan.growth_phases
        if not phases:
            self._phase_engines.clear()
            self._phase_map = None
            return res
        pmap = phase_map(plan)
        old_map, self._phase_map = self._phase_map, pmap
        order = [ph.id for ph in phases]
        res.phase_findings = tuple(rules_phases.early_findings(plan, pmap))
        per: list[Results] = []
        engines: dict[str, Engine] = {}
        for k, ph in enumerate(phases[:-1]):
            eng = self._phase_engines.get(ph.id) or Engine(self.catalog, self.settings)
            engines[ph.id] = eng
            if (eng._results is None or change is None or old_map is None or order[:k + 1] != self._phase_order[:k + 1]
                    or not _later_only(change, k, old_map, pmap)):
                sub = phase_plan(plan, k, self.catalog, pmap)
                if eng._results is None or eng._plan != sub:
                    eng.compute(sub)
            assert eng._results is not None
            per.append(eng._results)
        self._phase_engines = engines
        self._phase_order = order
        per.append(res)
        res.phases = rules_phases.summarise(plan, pmap, per)
        return res

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
                # everything row_footprints reads, and the walls: most edits of a rack (a name, a
                # device) leave it as it was, and the footprints (~20 us a rack) are not redone
                key = (room.width_m, room.depth_m, row.x_m, row.y_m, row.orientation_deg,
                       tuple([(r.id, r.position, r.gap_before_m, r.rack_type) for r in row.racks]))
                if keys.get(row_id) == key:
                    continue
                keys[row_id] = key
                new = space.row_overhangs(row, room, catalog)
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
                          self.checker, self.net.end_sums, self._outside_m, self._spread_memo,
                          self._layout_memo)
        dirty_pdus: set[str] = set()
        dirty_rows: set[str] = set()  # rows whose rack results changed (their sums are redone)
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
                dirty_rows.add(old.row_id)
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
            dirty_rows.add(row_id)

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
                self._rooms[room_id] = self._compute_room(live_room, dirty_rows)
        totals, bom, plan_findings = self._compute_totals(plan)
        self.net.compute_fabrics(plan)
        # Results list their entries in plan order: the dicts above are refilled in the order
        # of dirty *sets*, which varies with PYTHONHASHSEED from one process to the next, and
        # "the worst feed" of two equal ones, table rows and finding order must not.
        order = self._order
        # Each dict is the last one with what this update redid replaced where the order and
        # the keys stay (_Order); the dirty sets are every key written above.
        res = Results(totals=totals, racks=order["racks"].indexed(self._racks, idx.racks, idx, dirty_racks),
                      pdus=order["pdus"].indexed(self._pdus, idx.placements, idx, dirty_pdus),
                      feeds=order["feeds"](self._feeds_r, self._feeds, dirty_feeds),
                      loops=order["loops"](self._loops_r, self._loops, dirty_loops),
                      rooms=order["rooms"].indexed(self._rooms, idx.rooms, idx, dirty_rooms),
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
        res.workload_needs = rules_workloads.workload_needs(res, self.settings)
        # energy figures and the EnEfG checks: from the totals, the loops and the verdicts (a pass
        # over loops and workloads, none over racks)
        res.energy = rules_energy.energy_figures(plan.metadata, totals, res.loops.values(), res.workloads.values())
        res.energy_findings = tuple(rules_energy.energy_findings(plan.metadata, res.energy))
        res.settings = self.settings
        # what this update redid, for views that follow results group by group (the Findings
        # panel): the results it follows and the finding groups that may differ from theirs
        # (planner.engine.results.Results.finding_groups; the plan-wide groups always may)
        res.serial = next(_SERIALS)
        if change is not None and self._results is not None:
            res.follows = self._results.serial
            res.redone = frozenset([*(("rack", r) for r in dirty_racks), *(("pdu", p) for p in dirty_pdus),
                                    *(("feed", f) for f in dirty_feeds), *(("loop", lp) for lp in dirty_loops),
                                    *(("room", r) for r in dirty_rooms),
                                    *(("source", s) for s in dirty_sources | src_done)])
        self._results = res
        return res

    # -- PDUs, feeds, sources, loops: the rule providers' pure functions over the results they sum ------
    def _compute_pdu(self, plan: Plan, pid: str) -> PduResult | None:
        p = plan.index.placements.get(pid)
        if p is None or self.specs.device(p.device).pdu is None:
            return None
        racks = self._racks
        contribs = [(r, racks[r].pdu_contrib[pid]) for r in sorted(self._pdu_contrib_racks.get(pid, ())) if r in racks]
        feed = self._feeds.get(p.feed) if p.feed else None
        return rack_power.compute_pdu(self.specs, self.settings, p, plan.index.placement_rack[pid], feed, contribs)

    def _compute_feed(self, fid: str) -> FeedResult:
        pdus = [self._pdus[p] for p in sorted(self._feed_pdus.get(fid, ())) if p in self._pdus]
        return feeds.compute_feed(self.settings, self._feeds[fid], pdus)

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
        """Load of the feeds and downstream sources under a source against its capacity
        (:func:`planner.engine.rules.feeds.compute_source`)."""
        srcs_r = self._sources_r
        fr = [self._feeds_r[f] for f in sorted(self._src_feeds.get(sid, ())) if f in self._feeds_r]
        subs = [srcs_r[c] for c in sorted(children) if c in srcs_r]
        return feeds.compute_source(self.settings, self._sources[sid], fr, subs)

    # -- loops -----------------------------------------------------------------------------------------------
    def _compute_loop(self, lid: str) -> LoopResult:
        racks = [self._racks[r] for r in self._loop_racks.get(lid, ()) if r in self._racks]
        return cooling.compute_loop(self.specs, self.settings, self._loops[lid], racks)

    # -- rooms and totals --------------------------------------------------------------------------------------
    def _compute_room(self, room: Room, dirty_rows: set[str]) -> RoomResult:
        """The room's sums from its rows' parts; a row's part is redone when its rack results
        changed (``dirty_rows``: every rack result is written in ``_run`` with its row marked)
        or its rack count did, else reused without reading its racks (O(rows), not O(racks))."""
        racks = self._racks
        parts = []
        for row in room.rows:
            part = self._row_parts.get(row.id)
            if part is None or row.id in dirty_rows or len(part[0]) != len(row.racks):
                rs = [racks[r.id] for r in row.racks]
                part = self._row_parts[row.id] = (rs, _counts(rs), _exact_sums(rs))
            parts.append(part)
        sums: dict[SumField, float] | None = None
        exact = [p[2] for p in parts]
        if all(e is not None for e in exact):
            # the rows' exact sums added and rounded once: math.fsum of every rack, bit for bit
            # (both are the correctly rounded exact sum), without re-reading the room's racks
            sums = {f: sum(e[f] for e in exact if e is not None) / _EXACT_ONE for f in SUM_FIELDS}
        agg = _aggregate([r for part in parts for r in part[0]], rack_level=True, counts=[p[1] for p in parts],
                         sums=sums)
        return RoomResult(id=room.id, name=room.name, area_m2=room.width_m * room.depth_m, agg=agg)

    def _compute_totals(self, plan: Plan) -> tuple[Totals, list[BomLine], tuple[Finding, ...]]:
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
        priced = money.price_bom(self.specs, md, bom)
        sums = agg.sums
        typ = sums.get("typical_w", 0.0)
        mx = sums.get("max_w", 0.0)
        # energy per year = typical IT power x PUE x 8,760 h x utilisation (docs/engine.md)
        energy = physics.annual_energy_kwh(typ * md.pue) * md.utilisation
        rent, rent_findings = money.rent_or_own(self.catalog, md, agg, priced.capex, priced.complete, typ, mx)
        totals = Totals(racks=agg.racks, rooms=len(rooms), agg=agg, pue=md.pue, facility_typical_w=typ * md.pue,
                        facility_max_w=mx * md.pue, energy_kwh_per_year=energy, currency=md.currency,
                        capex=priced.capex, capex_complete=priced.complete,
                        opex_per_year=energy * md.electricity_price_per_kwh,
                        electricity_price_per_kwh=md.electricity_price_per_kwh, utilisation=md.utilisation,
                        unconverted=priced.unconverted, rent_vs_own=rent,
                        capex_estimated=priced.capex_estimated)
        findings = [*priced.findings, *rent_findings, *balance.balance_findings(self.specs, agg, self.settings)]
        return totals, priced.lines, tuple(findings)


def _later_only(change: Change, k: int, before: PhaseMap, after: PhaseMap) -> bool:
    """``change`` touched only racks, devices, cables, feeds and loops that phases after ``k``
    (an index) add, before the edit and after it: the plan after phase ``k`` is the same."""
    if (change.metadata or change.rows or change.rooms or change.sources or change.fabrics or change.groups
            or change.workloads):
        return False
    for kind, ids in (("rack", change.racks), ("placement", change.placements), ("link", change.links),
                      ("feed", change.feeds), ("loop", change.loops)):
        for eid in ids:
            for m in (before, after):
                v = m.of(kind, eid)
                if v is not None and v <= k:
                    return False
    return True


_GETTERS = {f: attrgetter(f) for f in (*SUM_FIELDS, *INT_FIELDS)}
_EXACT_ONE = 1 << 1074  # every finite float is an integer multiple of 2**-1074 (the smallest subnormal)


def _exact(v: float) -> int:
    """``v`` as an exact integer count of 2**-1074 (raises for inf and nan)."""
    n, d = v.as_integer_ratio()  # d is a power of two
    return n << (1074 - (d.bit_length() - 1))


def _exact_sums(items: list[Any]) -> dict[SumField, int] | None:
    """Each sum field of some racks as an exact integer (:func:`_exact`), or None when a value
    is not finite. Integer sums are exact and ``int / 2**1074`` is correctly rounded, so a
    room's sum from its rows' parts equals ``math.fsum`` over all its racks (a room of 2,368
    racks re-read 21 fields of every rack on each edit: ~2.5 ms at 64k GPUs)."""
    out: dict[SumField, int] = {}
    try:
        for f in SUM_FIELDS:
            out[f] = sum(map(_exact, map(_GETTERS[f], items)))
    except (OverflowError, ValueError):
        return None
    return out


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


def _aggregate(items: list[Any], rack_level: bool, counts: list[Aggregate] | None = None,
               sums: dict[SumField, float] | None = None) -> Aggregate:
    """Sums over racks (``rack_level``) or over Aggregates; ``counts``: the racks' integer
    and count sums already made in parts (:func:`_counts`, in rack order); ``sums``: the
    racks' float sums already made (:func:`_exact_sums`)."""
    agg = Aggregate()
    gpus: dict[str, int] = {}
    bom: dict[tuple[str, str], int] = {}
    types: dict[str, int] = {}
    if rack_level:
        agg.racks = len(items)
        if sums is not None:
            agg.sums = dict(sums)
        else:
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
