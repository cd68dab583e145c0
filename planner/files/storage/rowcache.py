"""The autosave's snapshot of a plan, made incrementally (issue 30).

:func:`planner.files.storage.snapshot` turns every entity of the plan into a table row on
the GUI thread: ~0.2 s at 16k GPUs, ~0.9 s at 64k, every time the autosave timer fires
after an edit. A :class:`RowCache` keeps the rows it made last time and makes again only
those of the entities the edits since then touched (their :class:`~planner.model.edits.Change`,
given to :meth:`RowCache.mark`), then joins the rest:

- a rack's row with its placements' and power cords' rows is one block, reused while the
  rack keeps its row and position, is named by no Change, holds the same placement
  objects in the same order and none of them is named;
- feeds, cooling loops, fabrics and links are kept per entity, without their ``seq``
  (their position, which :meth:`PlanSnapshot.table_rows` adds where the snapshot is
  written, off the GUI thread): a table is reused when it holds the same objects (compared
  at C speed) and no Change names one of its kind; entities added or removed in one
  stretch cost only that stretch, the head and tail are reused even though they moved;
  named entities are made again. Groups are kept per group with their members;
- the few rows of the rest (metadata, site, growth phases, rooms, rows, power sources,
  workloads) are made every time;
- the catalog entries a save embeds are looked up again only when the set of slugs the
  plan names (devices, rack types, cooling units, cables, workload specs) or the catalog
  changed, or when the plan named hardware no catalog has.

Rows are never changed once made (a new row replaces an old one), so a snapshot stays
valid while the plan is edited and can be written from another thread. The result, numbered
(:meth:`PlanSnapshot.numbered`), equals ``snapshot(plan, catalog)`` row for row (tests/test_storage_rowcache.py checks it after
random edits and undos, and that a file written from either is the same bytes).

The cache relies on every in-place change of an entity being named by the edit's Change,
as the engine's incremental update does; structural changes (entities added, removed or
moved between lists) are found by identity and position even when unnamed.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import is_ as _same
from operator import itemgetter
from typing import Any

from planner.catalog import Catalog
from planner.files.plan_io import no_gc
from planner.model import plan as pm
from planner.model.edits import Change

from . import convert as cv
from .embedded import EmbeddedCatalog, UnknownRef
from .project import PlanSnapshot, catalog_rows

Row = dict[str, Any]
# the flat tables, kept without "seq" (PlanSnapshot.table_rows adds it where it is written)
UNNUMBERED = frozenset({"power_feeds", "cooling_loops", "fabrics", "links"})


@dataclass(frozen=True)
class _RackBlock:
    rack: pm.Rack
    row_id: str
    seq: int
    placements: tuple[pm.Placement, ...]
    ids: frozenset[str]
    rack_row: Row
    placement_rows: list[Row]
    power_rows: list[Row]
    devices: frozenset[str]


@dataclass(frozen=True)
class _Table:
    objs: list[Any]  # the entities of the last snapshot, in order (a copy of the plan's list)
    rows: list[Row]
    pos: dict[str, int] | None  # id -> position in objs; None: not needed since the list last moved


@dataclass(frozen=True)
class _Group:
    group: pm.ServerGroup
    seq: int
    members: tuple[str, ...]
    row: Row
    member_rows: list[Row]


class RowCache:
    """Rows of the last snapshot of one plan; :meth:`mark` every edit's Change (and the
    undo's), :meth:`snapshot` when a copy is needed. A different plan object (Open, New)
    starts again from nothing."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self._plan: pm.Plan | None = None
        self._dirty = Change()
        self._racks: dict[str, _RackBlock] = {}
        self._tables: dict[str, _Table] = {}
        self._groups: dict[str, _Group] = {}
        self._slugs: dict[str, frozenset[Any]] = {}
        self._cat_key: tuple[Any, ...] | None = None
        self._cat: tuple[list[Row], list[UnknownRef]] | None = None
        self.made = 0  # rows made by the last snapshot (not reused): what it cost

    def mark(self, change: Change) -> None:
        """An edit (or its undo) changed the plan: the entities ``change`` names are made again."""
        self._dirty.update(change)

    # -- the snapshot -----------------------------------------------------------------
    def snapshot(self, plan: pm.Plan, catalog: Catalog | None = None,
                 embedded: EmbeddedCatalog | None = None) -> PlanSnapshot:
        """What ``planner.files.storage.snapshot(plan, catalog, embedded)`` gives, from the rows
        kept since the last call where nothing named them. Raises ValueError (as ``snapshot``)
        for a figure SQL cannot hold; the cache then stays as it was."""
        if plan is not self._plan:
            self.clear()
        with no_gc():
            try:
                return self._snapshot(plan, catalog, embedded)
            except cv.NotFinite as e:
                raise ValueError(f"cannot save the plan: {e}") from None

    def _snapshot(self, plan: pm.Plan, catalog: Catalog | None, embedded: EmbeddedCatalog | None) -> PlanSnapshot:
        dirty = self._dirty
        made: list[tuple[str, list[Row]]] = []  # (table, rows made now): checked for NaN/inf

        def fresh(table: str, rows: list[Row]) -> list[Row]:
            made.append((table, rows))
            return rows

        out: dict[str, list[Row]] = {}
        out["plan_metadata"] = fresh("plan_metadata", [cv.metadata_row(plan)])
        out["site"] = [{"id": 1, "name": plan.site.name}]
        out["growth_phases"] = fresh("growth_phases", [cv.phase_row(ph, i) for i, ph in enumerate(plan.growth_phases)])
        rooms, rack_rows, racks, placements, power = [], [], [], [], []
        blocks: dict[str, _RackBlock] = {}
        dirty_racks, dirty_pl = dirty.racks, dirty.placements
        for i, room in enumerate(plan.site.rooms):
            rooms.append(cv.room_row(room, i))
            for j, row in enumerate(room.rows):
                rack_rows.append(cv.rack_row_row(row, room.id, j))
                for k, rack in enumerate(row.racks):
                    b = self._racks.get(rack.id)
                    pls = rack.placements
                    if (b is None or b.rack is not rack or b.seq != k or b.row_id != row.id
                            or rack.id in dirty_racks or len(pls) != len(b.placements)
                            or (dirty_pl and not b.ids.isdisjoint(dirty_pl))
                            or tuple(pls) != b.placements):  # identity first, at C speed
                        b = self._rack_block(rack, row.id, k, fresh)
                    blocks[rack.id] = b
                    racks.append(b.rack_row)
                    placements.extend(b.placement_rows)
                    power.extend(b.power_rows)
        made.append(("rooms", rooms))
        made.append(("rack_rows", rack_rows))
        out["rooms"], out["rack_rows"], out["racks"] = rooms, rack_rows, racks
        out["placements"], out["power_connections"] = placements, power
        out["power_sources"] = fresh("power_sources", cv.source_rows(plan))
        tables: dict[str, _Table] = {}
        for table, items, names, row_of in (("power_feeds", plan.feeds, dirty.feeds, cv.feed_row),
                                          ("cooling_loops", plan.cooling_loops, dirty.loops, cv.loop_row),
                                          ("fabrics", plan.fabrics, dirty.fabrics, cv.fabric_row),
                                          ("links", plan.links, dirty.links, cv.link_row)):
            tables[table] = t = self._table(table, items, names, row_of, fresh)
            out[table] = t.rows
        groups: dict[str, _Group] = {}
        group_rows, members = [], []
        for i, g in enumerate(plan.groups):
            c = self._groups.get(g.id)
            if (c is None or c.group is not g or c.seq != i or g.id in dirty.groups
                    or c.members != tuple(g.members)):
                c = _Group(g, i, tuple(g.members), cv.group_row(g, i), cv.member_rows(g))
                fresh("server_groups", [c.row])
                fresh("group_members", c.member_rows)
            groups[g.id] = c
            group_rows.append(c.row)
            members.extend(c.member_rows)
        out["server_groups"], out["group_members"] = group_rows, members
        out["workloads"] = fresh("workloads", [cv.workload_row(w, i) for i, w in enumerate(plan.workloads)])
        for table, rows in made:
            cv.check_rows(table, rows)
        # the catalog entries: looked up again only when what the plan names changed
        slugs = self._slug_sets(blocks, tables, out)
        key = (catalog, embedded, *(slugs[k] for k in sorted(slugs)))
        if self._cat is not None and self._cat_key is not None and not self._cat[1] and _same_key(key, self._cat_key):
            cat = self._cat
        else:
            cat = catalog_rows(plan, [catalog] if catalog is not None else [], embedded)
        # all made: keep it
        self._plan, self._dirty = plan, Change()
        self._racks, self._tables, self._groups, self._slugs = blocks, tables, groups, slugs
        self._cat_key, self._cat = key, cat
        self.made = sum(len(r) for _t, r in made)
        return PlanSnapshot({t: r for t, r in out.items() if r}, cat[0], list(cat[1]), UNNUMBERED)

    def _rack_block(self, rack: pm.Rack, row_id: str, k: int, fresh) -> _RackBlock:
        pls = tuple(rack.placements)
        prow = [cv.placement_row(p, rack.id, n) for n, p in enumerate(pls)]
        power = [r for p in pls if p.power for r in cv.power_rows(p)]
        b = _RackBlock(rack, row_id, k, pls, frozenset(p.id for p in pls), cv.rack_row(rack, row_id, k), prow,
                       power, frozenset(p.device for p in pls))
        fresh("racks", [b.rack_row])
        fresh("placements", prow)
        fresh("power_connections", power)
        return b

    def _table(self, table: str, items: list[Any], names: set[str], row_of, fresh) -> _Table:
        """A flat table's rows without ``seq`` (the position, added where the snapshot is
        written): a row stays valid wherever its entity moves in the list."""
        prev = self._tables.get(table)
        n = len(items)
        if prev is None:
            rows = fresh(table, [_unnumbered(row_of(obj, i)) for i, obj in enumerate(items)])
            return _Table(list(items), rows, {obj.id: i for i, obj in enumerate(items)})
        objs, old = prev.objs, prev.rows
        m = len(objs)
        pos = prev.pos
        if n == m and all(map(_same, items, objs)):
            if not names:
                return prev  # nothing of this kind named, added, removed or moved
            rows = list(old)
        else:
            # entities added, removed or replaced in one stretch: the same head and tail as
            # before (compared by identity at C speed), the stretch between them made again
            # where its entities are new
            short = min(n, m)
            head = list(map(_same, items[:short], objs[:short]))
            d = head.index(False) if False in head else short
            tail = list(map(_same, reversed(items[d:]), reversed(objs[d:])))
            t = tail.index(False) if False in tail else len(tail)
            known = {id(o): r for o, r in zip(objs[d:m - t], old[d:m - t])}
            middle = []
            for i in range(d, n - t):
                obj = items[i]
                r = known.get(id(obj))
                if r is None or obj.id in names:
                    r = _unnumbered(row_of(obj, i))
                    fresh(table, [r])
                middle.append(r)
            rows = old[:d] + middle + old[m - t:]
            if names and pos is not None:
                # named entities of the head and tail: the last positions, the tail's shifted
                # (those of the stretch were made above; the stretch's old ones are gone)
                for name in names:
                    j = pos.get(name, -1)
                    i = j if 0 <= j < d else j - m + n if j >= m - t else -1
                    if 0 <= i < n and items[i].id == name and items[i] is objs[j]:
                        rows[i] = r = _unnumbered(row_of(items[i], i))
                        fresh(table, [r])
                names = set()
            elif names:
                names = names - {o.id for o in items[d:n - t]}
            pos = None  # positions moved: found again when a later edit names an entity
        if names:
            if pos is None:
                pos = {o.id: i for i, o in enumerate(items)}
            for name in names:
                i = pos.get(name, -1)
                if 0 <= i < n and items[i].id == name:
                    rows[i] = r = _unnumbered(row_of(items[i], i))
                    fresh(table, [r])
        return _Table(list(items), rows, pos)

    def _slug_sets(self, blocks: dict[str, _RackBlock], tables: dict[str, _Table],
                   out: dict[str, list[Row]]) -> dict[str, frozenset[Any]]:
        """What the plan names in the catalog, per kind (equal sets: the same entries)."""
        prev = self._slugs
        links = tables["links"]
        same_links = self._tables.get("links") is links and "cables" in prev
        return {
            "devices": frozenset().union(*(b.devices for b in blocks.values())),
            "racks": frozenset((r["rack_type"], r["cooling_unit"]) for r in out["racks"]),
            "rows": frozenset(r["cooling_unit"] for r in out["rack_rows"]),
            "loops": frozenset(r["cdu"] for r in out["cooling_loops"]),
            "cables": prev["cables"] if same_links else frozenset(map(itemgetter("cable"), links.rows)),
            "workloads": frozenset([repr([(r["id"], r["spec"]) for r in out["workloads"]])]),
        }


def _unnumbered(row: Row) -> Row:
    del row["seq"]
    return row


def _same_key(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    # the catalogs by identity (a reloaded catalog is another object), the slug sets by value
    return len(a) == len(b) and a[0] is b[0] and a[1] is b[1] and a[2:] == b[2:]
