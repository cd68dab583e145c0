"""Cooling gestures -> planner edits (the cooling part of :mod:`planner.gestures.builders`).

Pure Python, no Qt: the Inspector and the Cooling Loops dialog call these and push the
edit they return, so every gesture is one undo step and can be tested headless:

- create a loop (optionally assigning racks to it in the same step), edit a loop's
  fields together (switching a loop between in-row CDUs and facility water changes
  several fields at once), delete a loop (refused while racks use it, or unassigning
  them in the same step);
- assign racks to a loop; change one rack's cooling choice;
- set a row's cooling default, optionally clearing its racks' own choices so they all
  inherit it ("apply to all racks").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from planner.i18n import N_, Np_, deferred, tf, tmsg
from planner.model.edits import (
    AddItem,
    Change,
    Compound,
    Edit,
    EditRefused,
    RemoveItem,
    SetProperty,
    SetRackCooling,
)
from planner.model.plan import CoolingChoice, CoolingLoop, Plan

if TYPE_CHECKING:
    from collections.abc import Mapping

    from planner.catalog import Catalog
    from planner.engine.results import RackResult

# methods whose racks sit on a plan loop (as planner.engine.rack.LOOP_METHODS)
LOOP_METHODS = ("rdhx", "direct-liquid", "immersion")
# catalog cooling-unit kinds a rack's ``unit`` may be, per method (catalogs/components/cooling.yaml)
UNIT_KINDS = {"rdhx": ("rdhx",), "immersion": ("immersion",), "air-containment": ("inrow", "crah")}
# what a rack on air becomes when it is assigned to a loop of this kind
METHOD_FOR_LOOP = {"in-row": "direct-liquid", "facility": "rdhx"}
LOOP_FIELDS = ("name", "kind", "cdu", "cdu_count", "coolant", "supply_temp_c", "delta_t_k", "capacity_kw",
               "flow_l_per_min")


def unit_fits(catalog: Catalog | None, method: str, unit: str | None) -> bool:
    """Whether a catalog cooling unit belongs to a rack cooling method (a rear door for
    ``rdhx``, a tank for ``immersion``, an in-row/CRAH unit for contained air)."""
    if unit is None:
        return True
    kinds = UNIT_KINDS.get(method)
    if not kinds:
        return False
    u = catalog.get("cooling", unit) if catalog is not None else None
    return u is None or any(u.kind.startswith(k) for k in kinds)  # unknown slugs stay (a finding says so)


@dataclass(frozen=True)
class CduOption:
    """A CDU model a loop can name: a catalog cooling unit of a ``cdu*`` kind, or a device
    type with a ``planning.cdu`` block (an in-rack CDU that also takes rack units)."""

    slug: str
    name: str
    capacity_kw: float
    kind: str = "cdu-device"  # the cooling unit's kind (cdu-in-row, cdu-in-rack) or a device type


def cdu_options(catalog: Catalog | None) -> list[CduOption]:
    """Every CDU model of the catalog, sorted by slug."""
    if catalog is None:
        return []
    out = [CduOption(c.slug, f"{c.vendor} {c.model}", float(c.capacity_kw), c.kind)
           for c in catalog.cooling_units.values() if c.kind.startswith("cdu")]
    for d in catalog.tables.get("device-types", {}).values():
        cdu = getattr(d.planning, "cdu", None) if d.planning is not None else None
        if cdu is not None:
            out.append(CduOption(d.slug, f"{d.manufacturer} {d.model}", float(cdu.capacity_kw)))
    return sorted(out, key=lambda c: c.slug)


def default_cdu(catalog: Catalog) -> str | None:
    """The CDU a new in-row loop starts with: the first in-row CDU, else any."""
    opts = cdu_options(catalog)
    return next((c.slug for c in opts if c.kind == "cdu-in-row"), opts[0].slug if opts else None)


def sized_cdu(catalog: Catalog, heat_w: float, margin: float = 1.0) -> tuple[str, int] | None:
    """The CDU model and count a new loop starts with for ``heat_w`` of liquid heat (times the
    engine's ``loop_margin``): the smallest catalog CDU unit whose capacity covers it (ties by slug;
    device types with a CDU block only when the catalog has no CDU unit);
    when no single CDU does, the largest model, as many as cover it. None: no CDU in the catalog.
    A 24 kW rack no longer starts on a 1,350 kW unit (and its placeholder price)."""
    every = [c for c in cdu_options(catalog) if c.capacity_kw > 0]
    # catalog cooling units first: a device-type CDU also has to be placed in a rack by hand
    opts = [c for c in every if c.kind != "cdu-device"] or every
    if not opts:
        return None
    need_kw = max(heat_w, 0.0) * margin / 1000
    covering = [c for c in opts if c.capacity_kw >= need_kw]
    if covering:
        return min(covering, key=lambda c: (c.capacity_kw, c.slug)).slug, 1
    big = max(opts, key=lambda c: (c.capacity_kw, c.slug))
    return big.slug, max(1, math.ceil(need_kw / big.capacity_kw - 1e-9))


def loop_heat_w(racks: Mapping[str, RackResult], rack_ids: Iterable[str]) -> float:
    """The heat the engine says ``rack_ids`` would put on a liquid loop: each rack's loop heat,
    or its devices' liquid (cold-plate) heat while it is still on another cooling method."""
    return sum(max(r.loop_heat_w, r.liquid_heat_w) for r in (racks.get(rid) for rid in rack_ids) if r is not None)


def unlooped_liquid_racks(plan: Plan, racks: Mapping[str, RackResult]) -> list[str]:
    """Racks with liquid heat that are on no loop yet (what a new loop is for when the user
    has selected none)."""
    return [rid for rid, r in racks.items() if r.loop is None and r.liquid_heat_w > 0 and rid in plan.index.racks]


def unit_name(catalog: Catalog | None, slug: str | None) -> str:
    """A cooling unit's or CDU's catalog name ('Vertiv Liebert XDU1350 in-row CDU') for lists
    and dialogs; the slug when the catalog does not know it ('?' for none)."""
    if slug is None:
        return "?"
    if catalog is None:
        return slug
    # a CDU is a cooling unit, or a device type with a planning.cdu block (cdu_options)
    return catalog.entry_name("cooling" if catalog.get("cooling", slug) is not None else "device-types", slug)


def cdu_capacity_kw(catalog: Catalog, slug: str | None) -> float | None:
    """Catalog capacity of one CDU model (None: not a CDU the catalog knows)."""
    return next((c.capacity_kw for c in cdu_options(catalog) if c.slug == slug), None)


def new_loop(plan: Plan, kind: str = "in-row", **values: Any) -> CoolingLoop:
    """A fresh loop with a new id and a name not used by another loop ('CDU loop 2',
    'Facility water 1'); ``values`` are CoolingLoop fields. Raises EditRefused naming the
    field when they are not a valid loop."""
    # in the active language ('CDU-Kreislauf 1' in German): a name is data, made once
    template = N_("CDU loop {n}") if kind == "in-row" else N_("Facility water {n}")
    taken = {c.name for c in plan.cooling_loops}
    n = 1
    while tf(template, n=n) in taken:
        n += 1
    data: dict[str, Any] = {"id": plan.new_id("loop"), "name": tf(template, n=n), "kind": kind}
    if kind == "facility":
        data["cdu"] = None
        data["supply_temp_c"] = 18.0  # chilled water for rear doors (passive doors: 14-18 C)
        data["delta_t_k"] = 6.0
    data.update({k: v for k, v in values.items() if k != "id"})
    return _validated(data)


def _validated(data: dict[str, Any]) -> CoolingLoop:
    from pydantic import ValidationError

    from planner.base.fileio import validation_message

    if not str(data.get("name") or "").strip():
        raise EditRefused(tmsg("name: a cooling loop needs a name"))
    if data.get("kind") == "facility" and data.get("capacity_kw") is None:
        raise EditRefused(tmsg("capacity_kw: a facility water loop needs its design capacity"))
    try:
        return CoolingLoop.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err.get("loc", ())) or "loop"
        raise EditRefused(tmsg("{field}: {problem}", field=loc,
                               problem=validation_message(err) or "invalid value")) from None


def add_loop_edit(plan: Plan, loop: CoolingLoop, assign_racks: Iterable[str] = ()) -> Edit:
    """Add ``loop``; with ``assign_racks``, those racks go on it in the same undo step."""
    add = AddItem(loop)
    racks = list(assign_racks)
    if not racks:
        return add
    return Compound([add, *_assign(plan, loop, racks)], deferred(Np_("Add {name} and assign {n} rack", "Add {name} and assign {n} racks"),
                                                                    n=len(racks), name=loop.name))


def edit_loop_edit(plan: Plan, loop_id: str, values: dict[str, Any]) -> Edit | None:
    """Set several fields of a loop as one undo step (None: nothing changes). The result
    is validated as a whole first; fields are set non-empty values first, so a loop
    switching from CDUs to facility water (capacity set, CDU cleared) is valid at every
    step."""
    try:
        loop = plan.cooling_loop(loop_id)
    except KeyError:
        raise EditRefused(tmsg("cooling loop {id!r} does not exist", id=loop_id)) from None
    unknown = set(values) - set(LOOP_FIELDS)
    if unknown:
        raise EditRefused(tmsg("a cooling loop has no field {field!r}", field=sorted(unknown)[0]))
    data = loop.model_dump()
    data.update(values)
    checked = _validated(data)
    changed = [f for f in LOOP_FIELDS if getattr(checked, f) != getattr(loop, f)]
    if not changed:
        return None
    changed.sort(key=lambda f: getattr(checked, f) is None)
    edits = [SetProperty("loop", loop_id, f, getattr(checked, f)) for f in changed]
    if len(edits) == 1:
        return edits[0]
    return Compound(edits, deferred(N_("Edit {name}"), name=checked.name))


def loop_kind_values(plan: Plan, catalog: Catalog, loop_id: str, kind: str) -> dict[str, Any]:
    """The fields a loop switches to when its kind changes: to ``facility`` it drops its
    CDUs and keeps today's capacity as its design capacity; to ``in-row`` it takes a CDU
    (the first in the catalog when it had none) and catalog figures."""
    loop = plan.cooling_loop(loop_id)
    if kind == loop.kind:
        return {}
    if kind == "facility":
        cap = loop.capacity_kw
        if cap is None and loop.cdu is not None:
            one = cdu_capacity_kw(catalog, loop.cdu)
            cap = one * loop.cdu_count if one is not None else None
        return {"kind": "facility", "cdu": None, "cdu_count": 1, "capacity_kw": cap or 100.0}
    cdu = loop.cdu or default_cdu(catalog)
    return {"kind": "in-row", "cdu": cdu, "capacity_kw": None, "flow_l_per_min": None}


def loop_users(plan: Plan, loop_id: str) -> tuple[list[str], list[str]]:
    """(rack ids, row ids) whose own cooling choice names the loop."""
    racks = [r.id for r in plan.racks() if r.cooling is not None and r.cooling.loop == loop_id]
    rows = [r.id for r in plan.index.rows.values() if r.cooling is not None and r.cooling.loop == loop_id]
    return racks, rows


def racks_on_loop(plan: Plan, loop_id: str) -> list[str]:
    """Racks whose effective cooling (own, else their row's) names the loop."""
    return [r.id for r in plan.racks() if plan.effective_cooling(r).loop == loop_id]


def loop_in_use_reason(plan: Plan, loop_id: str) -> str | None:
    """Why a loop cannot simply be deleted, naming what uses it (None: nothing does)."""
    racks, rows = loop_users(plan, loop_id)
    if not racks and not rows:
        return None
    names: list[str] = [plan.rack(r).name for r in racks]
    names += [tmsg("row {name}", name=plan.index.rows[r].name) for r in rows]
    shown = names[0]
    for name in names[1:5]:  # a list of Messages stays translatable item by item
        shown = tmsg("{a}, {b}", a=shown, b=name)
    listed = (tmsg(Np_("{shown} and {n} more", "{shown} and {n} more"), shown=shown, n=len(names) - 5)
              if len(names) > 5 else shown)
    return tmsg("{loop} is used by {users}; unassign them to delete it", loop=plan.cooling_loop(loop_id).name,
                users=listed)


class RemoveLoop(RemoveItem):
    """Delete a loop; while racks or rows use it, refused with their names (not ids)."""

    def __init__(self, loop_id: str) -> None:
        super().__init__("loop", loop_id)
        self.text = deferred(N_("Delete cooling loop"))

    def _apply(self, plan: Plan) -> Change:
        if any(c.id == self.item_id for c in plan.cooling_loops):
            reason = loop_in_use_reason(plan, self.item_id)
            if reason:
                raise EditRefused(reason)
        return super()._apply(plan)


def remove_loop_edit(plan: Plan, loop_id: str, unassign: bool = False) -> Edit:
    """Delete a loop. While racks or rows use it the plain delete is refused (with the
    reason, naming them); with ``unassign`` they lose the loop in the same undo step
    (a direct-liquid rack then reports that it needs a loop)."""
    racks, rows = loop_users(plan, loop_id)
    remove = RemoveLoop(loop_id)
    if not unassign or not (racks or rows):
        return remove
    edits: list[Edit] = []
    for rid in racks:
        c = plan.rack(rid).cooling
        assert c is not None
        edits.append(SetRackCooling(rid, c.model_copy(update={"loop": None})))
    for row_id in rows:
        c = plan.index.rows[row_id].cooling
        assert c is not None
        edits.append(SetProperty("row", row_id, "cooling", c.model_copy(update={"loop": None}).model_dump()))
    name = plan.cooling_loop(loop_id).name
    return Compound([*edits, remove], deferred(Np_("Delete {name} and unassign {n} rack", "Delete {name} and unassign {n} racks"),
                                                n=len(racks) + len(rows), name=name))


def _assign(plan: Plan, loop: CoolingLoop, rack_ids: list[str]) -> list[Edit]:
    edits: list[Edit] = []
    for rid in rack_ids:
        rack = plan.rack(rid)
        eff = plan.effective_cooling(rack)
        data = eff.model_dump()
        data["loop"] = loop.id
        if eff.method not in LOOP_METHODS:
            data["method"] = METHOD_FOR_LOOP[loop.kind]
            data["unit"] = None
        new = CoolingChoice.model_validate(data)
        if new != rack.cooling:
            edits.append(SetRackCooling(rid, new))
    return edits


def assign_loop_edit(plan: Plan, loop_id: str, rack_ids: Iterable[str]) -> Edit | None:
    """Put racks on a loop, one undo step. A rack keeps its method when it is one that
    uses a loop (rear door, direct liquid, immersion); a rack on air becomes direct liquid
    on an in-row CDU loop and a rear door on a facility water loop. None: nothing to do."""
    try:
        loop = plan.cooling_loop(loop_id)
    except KeyError:
        raise EditRefused(tmsg("cooling loop {id!r} does not exist", id=loop_id)) from None
    ids = [r for r in dict.fromkeys(rack_ids) if r in plan.index.racks]
    edits = _assign(plan, loop, ids)
    if not edits:
        return None
    return Compound(edits, deferred(Np_("Assign {n} rack to {name}", "Assign {n} racks to {name}"), n=len(edits),
                                    name=loop.name))


def rack_cooling_choice(plan: Plan, catalog: Catalog, rack_id: str, **changes: Any) -> CoolingChoice | None:
    """The rack's own cooling choice after a change of some CoolingChoice fields
    (``method=None`` alone: follow the row again). Starts from what the rack has in
    effect; a new method drops a unit that does not belong to it and a loop it does not
    use."""
    rack = plan.rack(rack_id)
    return _changed_choice(catalog, rack.cooling or plan.effective_cooling(rack), changes)


def rack_cooling_edit(plan: Plan, catalog: Catalog, rack_id: str, **changes: Any) -> Edit | None:
    """One rack's cooling change as an edit (None when nothing changes)."""
    new = rack_cooling_choice(plan, catalog, rack_id, **changes)
    if new == plan.rack(rack_id).cooling:
        return None
    return SetRackCooling(rack_id, new)


def row_cooling_choice(plan: Plan, catalog: Catalog, row_id: str, **changes: Any) -> CoolingChoice | None:
    """The row's cooling default after a change (``method=None``: no default, plain air)."""
    return _changed_choice(catalog, plan.index.rows[row_id].cooling or CoolingChoice(), changes)


def _changed_choice(catalog: Catalog, base: CoolingChoice, changes: dict[str, Any]) -> CoolingChoice | None:
    """``base`` with ``changes``; ``method=None`` alone means no choice of its own. A new
    method drops a unit that does not belong to it and a loop it does not use."""
    if "method" in changes and changes["method"] is None:
        return None
    data = base.model_dump()
    data.update(changes)
    method = data["method"]
    if "method" in changes:
        if not unit_fits(catalog, method, data.get("unit")):
            data["unit"] = None
        if method not in LOOP_METHODS:
            data["loop"] = None
    return CoolingChoice.model_validate(data)


def row_overrides(plan: Plan, row_id: str) -> list[str]:
    """Racks of the row with a cooling choice of their own (they ignore the row's)."""
    return [r.id for r in plan.index.rows[row_id].racks if r.cooling is not None]


def set_row_cooling_edit(plan: Plan, row_id: str, choice: CoolingChoice | None,
                         apply_to_racks: bool = False) -> Edit | None:
    """Set a row's cooling default; with ``apply_to_racks`` also clear every rack's own
    choice so the whole row follows it: one undo step either way. None: no change."""
    if row_id not in plan.index.rows:
        raise EditRefused(tmsg("row {id!r} does not exist", id=row_id))
    row = plan.index.rows[row_id]
    edits: list[Edit] = []
    if choice != row.cooling:
        edits.append(SetProperty("row", row_id, "cooling", choice.model_dump() if choice is not None else None))
    if apply_to_racks:
        edits.extend(SetRackCooling(rid, None) for rid in row_overrides(plan, row_id))
    if not edits:
        return None
    text = deferred(N_("Set cooling of row {name} and all its racks") if apply_to_racks
                    else N_("Set cooling of row {name}"), name=row.name)
    return Compound(edits, text)
