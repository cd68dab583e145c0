"""Differences and three-way merges of plans, over the project file's table rows.

A plan is compared as the rows :func:`planner.files.storage.convert.plan_to_rows` makes of it
(the same rows a ``.rackplan`` file and a repository revision hold), keyed by entity:

- ``plan_metadata`` and ``site`` field by field (one user edits the customer, another the
  notes: both kept);
- tables with an ``id`` row by row (a rack, a placement, a link, ...);
- ``power_connections`` and ``group_members`` as one list per placement or group (a
  device's cords, a group's members).

An entity's position in its parent list (``seq``) is merged apart from its content:
inserting a rack shifts its neighbours' positions, which is not a change to them.

:func:`diff_plans` gives the difference report stored with every revision;
:func:`merge_plans` combines two plans that started from the same base, or lists the
conflicts: the same entity (or field) changed differently on both sides, an entity deleted
on one side and changed on the other, or a merged plan that is no longer valid (e.g. a rack
deleted on one side while the other placed a device in it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from planner.base.fileio import first_validation_problem
from planner.files.storage.convert import OrphanRowError, RequiredRowError, plan_to_rows, rows_to_plan_dict
from planner.i18n import N_, _message, join_messages, tmsg
from planner.model.plan import Plan

_SINGLE = ("plan_metadata", "site")  # one row, merged field by field
_LISTS = {"power_connections": "placement_id", "group_members": "group_id"}  # one list per parent

# what one row of a table is called in a report
NOUNS = {
    "plan_metadata": N_("plan setting"), "site": N_("site"), "rooms": N_("room"), "rack_rows": N_("row"),
    "racks": N_("rack"), "power_sources": N_("power source"), "power_feeds": N_("power feed"),
    "placements": N_("device"), "power_connections": N_("power cords of"), "cooling_loops": N_("cooling loop"),
    "fabrics": N_("fabric"), "links": N_("cable"), "server_groups": N_("group"), "group_members": N_("members of"),
    "workloads": N_("workload"), "growth_phases": N_("growth phase"),
}


def _noun(table: str) -> str:
    """What one row of ``table`` is called, as a Message (translated where it is shown)."""
    noun = NOUNS.get(table)
    return _message(noun, noun, ()) if noun else table


def _what(table: str, ident: object) -> str:
    """``rack 'rack-1'``; the plan's settings and the site by field: ``site name``."""
    if table in _SINGLE:
        return tmsg("{noun} {ident}", noun=_noun(table), ident=str(ident))
    return tmsg("{noun} {ident}", noun=_noun(table), ident=repr(ident))

Key = tuple[str, Any, str]  # (table, entity id, "" for the content | "seq" for the position)
_MISSING: Any = object()


def flatten(rows: dict[str, list[dict[str, Any]]]) -> dict[Key, Any]:
    """The rows as {(table, id, part): value}; see the module docstring."""
    out: dict[Key, Any] = {}
    for table, table_rows in rows.items():
        if table in _SINGLE:
            for r in table_rows:
                for k, v in r.items():
                    if k != "id":
                        out[(table, k, "")] = v
        elif table in _LISTS:
            parent = _LISTS[table]
            grouped: dict[str, list[dict[str, Any]]] = {}
            for r in table_rows:
                grouped.setdefault(r[parent], []).append(r)
            for pid, lst in grouped.items():
                out[(table, pid, "")] = [{k: v for k, v in r.items() if k != parent} for r in
                                         sorted(lst, key=lambda r: r["seq"])]
        else:
            for r in table_rows:
                content = dict(r)
                ident = content["id"]
                out[(table, ident, "seq")] = content.pop("seq", 0)
                out[(table, ident, "")] = content
    return out


def unflatten(items: dict[Key, Any]) -> dict[str, list[dict[str, Any]]]:
    rows: dict[str, list[dict[str, Any]]] = {}
    singles: dict[str, dict[str, Any]] = {}
    for (table, ident, part), v in items.items():
        if part == "seq":
            continue
        if table in _SINGLE:
            singles.setdefault(table, {"id": 1})[ident] = v
        elif table in _LISTS:
            rows.setdefault(table, []).extend({**r, _LISTS[table]: ident} for r in v)
        else:
            rows.setdefault(table, []).append({**v, "seq": items.get((table, ident, "seq"), 0)})
    for table, row in singles.items():
        rows[table] = [row]
    for table, lst in rows.items():
        if table not in _SINGLE and table not in _LISTS:
            lst.sort(key=lambda r: (r["seq"], str(r["id"])))
    return rows


# --------------------------------------------------------------------------- differences


def _short(v: object) -> str:
    s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def _describe(table: str, ident: object, before: object, after: object) -> str:
    """One line of the difference report, a Message (English here, translated where shown)."""
    who = _what(table, ident)
    if table in _SINGLE:
        return tmsg("{what}: {before} -> {after}", what=who, before=_short(before), after=_short(after))
    if before is _MISSING:
        return tmsg("added {what}", what=who)
    if after is _MISSING:
        return tmsg("removed {what}", what=who)
    if isinstance(before, dict) and isinstance(after, dict):
        fields = [f"{k} {_short(before.get(k))} -> {_short(after.get(k))}"
                  for k in sorted(set(before) | set(after)) if before.get(k) != after.get(k)]
        if len(fields) > 4:
            return tmsg("{what}: {fields} (+{n} more)", what=who, fields="; ".join(fields[:4]), n=len(fields) - 4)
        return tmsg("{what}: {fields}", what=who, fields="; ".join(fields))
    return tmsg("{what} changed", what=who)


@dataclass
class PlanDiff:
    """What changed from one plan to another: counts per kind and readable lines."""

    added: dict[str, int] = field(default_factory=dict)
    removed: dict[str, int] = field(default_factory=dict)
    changed: dict[str, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    total_lines: int = 0

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed)

    def summary(self) -> str:
        """``+2 rack, ~1 device`` (a Message: translated where it is shown)."""
        parts: list[str] = []
        for sign, counts in (("+", self.added), ("-", self.removed), ("~", self.changed)):
            parts.extend(tmsg("{sign}{n} {noun}", sign=sign, n=n, noun=_noun(t)) for t, n in sorted(counts.items()))
        return join_messages(parts, ", ") if parts else tmsg("no changes")

    def to_json(self) -> dict[str, Any]:
        return {"added": self.added, "removed": self.removed, "changed": self.changed, "lines": self.lines,
                "total_lines": self.total_lines}

    @classmethod
    def from_json(cls, d: dict[str, Any] | None) -> PlanDiff:
        d = d or {}
        return cls(dict(d.get("added", {})), dict(d.get("removed", {})), dict(d.get("changed", {})),
                   list(d.get("lines", [])), int(d.get("total_lines", 0)))


def changed_keys(old: dict[Key, Any], new: dict[Key, Any]) -> list[Key]:
    """The keys (contents and positions) whose values differ."""
    return [k for k in (old.keys() | new.keys()) if old.get(k, _MISSING) != new.get(k, _MISSING)]


def diff_items(old: dict[Key, Any], new: dict[Key, Any], max_lines: int = 200,
               keys: list[Key] | None = None) -> PlanDiff:
    """The difference report; ``keys``: only these can differ (the rest is known to be equal)."""
    d = PlanDiff()
    changed = [k for k in (old.keys() | new.keys() if keys is None else keys)
               if k[2] != "seq" and old.get(k, _MISSING) != new.get(k, _MISSING)]
    for key in sorted(changed, key=lambda k: (k[0], str(k[1]), k[2])):  # only what changed is sorted
        table, ident, _part = key
        a, b = old.get(key, _MISSING), new.get(key, _MISSING)
        bucket = d.added if a is _MISSING else d.removed if b is _MISSING else d.changed
        bucket[table] = bucket.get(table, 0) + 1
        d.total_lines += 1
        if len(d.lines) < max_lines:
            d.lines.append(_describe(table, ident, a, b))
    return d


def diff_plans(old: Plan | None, new: Plan, max_lines: int = 200) -> PlanDiff:
    """The difference report from ``old`` (None: an empty start) to ``new``."""
    if old is None:  # a new plan: what it holds, not each of its settings
        items = {k: v for k, v in flatten(plan_to_rows(new)).items() if k[0] not in _SINGLE}
        return diff_items({}, items, max_lines)
    return diff_items(flatten(plan_to_rows(old)), flatten(plan_to_rows(new)), max_lines)


# --------------------------------------------------------------------------- merging


@dataclass
class MergeResult:
    plan: Plan | None  # None when there are conflicts
    conflicts: list[str]
    theirs_diff: PlanDiff  # what the other side changed since the base
    ours_diff: PlanDiff  # what this side changed since the base
    items: dict[Key, Any] | None = None  # the merged plan's rows, flattened (equal to flatten(plan_to_rows(plan)))
    changed_from_theirs: list[Key] = field(default_factory=list)  # the keys where the merged plan differs from theirs

    @property
    def ok(self) -> bool:
        return self.plan is not None


def merge_plans(base: Plan, ours: Plan, theirs: Plan, prefer: str | None = None) -> MergeResult:
    """Three-way merge: ``ours`` and ``theirs`` both started from ``base``. ``prefer``
    ("ours" or "theirs") settles what both changed differently; None lists it as a conflict."""
    b, o, t = (flatten(plan_to_rows(p)) for p in (base, ours, theirs))
    return merge_items(b, o, t, prefer=prefer)


def merge_items(b: dict[Key, Any], o: dict[Key, Any], t: dict[Key, Any], prefer: str | None = None) -> MergeResult:
    """:func:`merge_plans` over plans already flattened (a repository keeps them).

    One pass over the keys; the merged plan is validated once; the differences are worked
    out over the keys each side changed only."""
    merged: dict[Key, Any] = dict(t)  # theirs, with what only this side changed (or settles) on top
    conflicts: list[str] = []
    ours_changed: list[Key] = []
    theirs_changed: list[Key] = []
    from_theirs: list[Key] = []
    keys = list(b.items()) + [(k, _MISSING) for k in (o.keys() | t.keys()) - b.keys()]
    o_get, t_get = o.get, t.get
    for key, vb in keys:
        vo, vt = o_get(key, _MISSING), t_get(key, _MISSING)
        if vo == vb:  # this side left it: theirs stands
            if vt != vb:
                theirs_changed.append(key)
            continue
        ours_changed.append(key)
        if vt != vb:
            theirs_changed.append(key)
        if vo == vt:
            continue
        if vt == vb:
            v = vo
        elif key[2] == "seq":  # both moved it: an order, not content; this side's order wins
            v = vo if vo is not _MISSING else vt
        elif prefer in ("ours", "theirs"):
            v = vo if prefer == "ours" else vt
        else:
            table, ident, _ = key
            what = _what(table, ident)
            if vo is _MISSING:
                conflicts.append(tmsg("{what}: deleted in this copy, changed in the other", what=what))
            elif vt is _MISSING:
                conflicts.append(tmsg("{what}: deleted in the repository, changed in the other", what=what))
            elif vb is _MISSING:
                conflicts.append(tmsg("{what}: added in both with different contents", what=what))
            elif table in _SINGLE:
                conflicts.append(tmsg("{what}: changed in both ({here} here, {there} there)", what=what,
                                      here=_short(vo), there=_short(vt)))
            else:
                conflicts.append(tmsg("{what}: changed in both", what=what))
            continue
        if v is _MISSING:
            merged.pop(key, None)
        else:
            merged[key] = v
        if v is not vt:
            from_theirs.append(key)
    conflicts.sort()
    ours_diff, theirs_diff = diff_items(b, o, 50, ours_changed), diff_items(b, t, 50, theirs_changed)
    if conflicts:
        return MergeResult(None, conflicts, theirs_diff, ours_diff)
    # an entity kept with only its position left (content deleted on one side): drop the position
    for table, ident in {(k[0], k[1]) for k in from_theirs if k[0] not in _SINGLE and k[0] not in _LISTS}:
        if (table, ident, "") not in merged and merged.pop((table, ident, "seq"), _MISSING) is not _MISSING:
            from_theirs.append((table, ident, "seq"))
    from_theirs += _renumber(merged, t, {k[0] for k in from_theirs})
    try:
        plan = Plan.model_validate(rows_to_plan_dict(unflatten(merged)))
    except (OrphanRowError, RequiredRowError) as e:
        return MergeResult(None, [tmsg("the two sets of changes do not fit together: {error}", error=str(e))],
                           theirs_diff, ours_diff)
    except ValidationError as e:
        msg = first_validation_problem(e.errors()[:1], bare_value_errors=True)
        return MergeResult(None, [tmsg("the two sets of changes do not fit together: {error}", error=msg)],
                           theirs_diff, ours_diff)
    changed = sorted({k for k in from_theirs if merged.get(k, _MISSING) != t.get(k, _MISSING)},
                     key=lambda k: (k[0], str(k[1]), k[2]))
    return MergeResult(plan, [], theirs_diff, ours_diff, merged, changed)


_PARENT = {"rack_rows": "room_id", "racks": "row_id", "placements": "rack_id"}


def _renumber(items: dict[Key, Any], theirs: dict[Key, Any], tables: set[str]) -> list[Key]:
    """Positions 0, 1, 2, ... among siblings, in the merged order (position, then id, as
    :func:`unflatten` orders them), as saving the merged plan would number them; in
    ``tables`` only. Returns the keys whose position now differs from ``theirs``."""
    out = []
    for table in tables - set(_SINGLE) - set(_LISTS):
        parent = _PARENT.get(table)
        groups: dict[Any, list[tuple[Any, str, Any]]] = {}
        for (tb, ident, part), v in items.items():
            if tb == table and part == "":
                groups.setdefault(v.get(parent) if parent else None, []).append(
                    (items.get((tb, ident, "seq"), 0), str(ident), ident))
        for members in groups.values():
            members.sort(key=lambda m: (m[0], m[1]))
            for i, (seq, _, ident) in enumerate(members):
                if seq != i:
                    items[(table, ident, "seq")] = i
                if theirs.get((table, ident, "seq"), _MISSING) != i:
                    out.append((table, ident, "seq"))
    return out


def rows_of(items: dict[Key, Any], keys: list[Key]) -> dict[str, tuple[list[Any], list[dict[str, Any]]]]:
    """The rows the entities of ``keys`` have in ``items``, as
    :func:`planner.files.storage.project.patch_rackplan_bytes` replaces them: {table: (ids, rows)}."""
    idents: dict[str, set[Any]] = {}
    for table, ident, _ in keys:
        idents.setdefault(table, set()).add(1 if table in _SINGLE else ident)
    out: dict[str, tuple[list[Any], list[dict[str, Any]]]] = {}
    for table, ids in idents.items():
        rows: list[dict[str, Any]] = []
        if table in _SINGLE:
            rows.append({"id": 1, **{k[1]: v for k, v in items.items() if k[0] == table and k[2] == ""}})
        elif table in _LISTS:
            parent = _LISTS[table]
            for ident in ids:
                rows.extend({**r, parent: ident} for r in items.get((table, ident, ""), []))
        else:
            for ident in ids:
                content = items.get((table, ident, ""))
                if content is not None:
                    rows.append({**content, "seq": items.get((table, ident, "seq"), 0)})
        out[table] = (sorted(ids, key=str), rows)
    return out
