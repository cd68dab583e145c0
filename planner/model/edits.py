"""Edit operations: the only way a plan changes.

Each :class:`Edit` has ``apply(plan) -> Change`` and ``revert(plan) -> Change``;
``revert`` undoes exactly what ``apply`` did, so applying then reverting leaves a
plan equal to the original (a property test checks this). The UI wraps each edit in
a QUndoCommand; the engine uses the returned :class:`Change` to recompute only what
depends on the touched entities.

Edits that come from one continuous gesture (a drag) can be merged into one undo
step: ``merge(other)`` returns True when ``other`` was folded into ``self``
(Qt's ``QUndoCommand.mergeWith`` idea; the UI calls it).

Edits check feasibility before they touch anything and raise :class:`EditRefused`
with a reason a user understands; a refused edit leaves the plan unchanged.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from planner.base.fileio import validation_message
from planner.i18n import N_, Np_, deferred, tmsg
from planner.model.placement import PlacementChecker
from planner.model.plan import (
    MAX_GROWTH_PHASES,
    CoolingChoice,
    CoolingLoop,
    Fabric,
    Face,
    GrowthPhase,
    Link,
    Placement,
    Plan,
    PowerConnection,
    PowerFeed,
    PowerSource,
    Rack,
    Room,
    Row,
    ServerGroup,
    Side,
    Workload,
)

# what AddItem adds and RemoveItem removes
Item = PowerSource | PowerFeed | CoolingLoop | Fabric | Link | ServerGroup | Workload


class EditRefused(ValueError):
    """The edit cannot be applied; ``str(e)`` is the reason, meant for the user, in English.
    :attr:`reason` keeps it as given (a :class:`planner.i18n.Message`), so the app shows it
    in its language with ``message_text(e.reason)``."""

    @property
    def reason(self) -> str:
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


# "<kind> 'id' does not exist" and "<kind> 'id' is still used by ..." per entity kind, whole
# sentences so a translation can inflect the noun
_MISSING = {
    "room": N_("room {id!r} does not exist"), "row": N_("row {id!r} does not exist"),
    "rack": N_("rack {id!r} does not exist"), "placement": N_("placement {id!r} does not exist"),
    "source": N_("source {id!r} does not exist"), "feed": N_("feed {id!r} does not exist"),
    "loop": N_("loop {id!r} does not exist"), "fabric": N_("fabric {id!r} does not exist"),
    "link": N_("link {id!r} does not exist"), "group": N_("group {id!r} does not exist"),
    "workload": N_("workload {id!r} does not exist"),
}
_STILL_USED = {
    "source": N_("source {id!r} is still used by {users}"), "feed": N_("feed {id!r} is still used by {users}"),
    "loop": N_("loop {id!r} is still used by {users}"), "fabric": N_("fabric {id!r} is still used by {users}"),
    "group": N_("group {id!r} is still used by {users}"),
}
_NO_SUCH = {"feed": N_("there is no feed {id!r}"), "source": N_("there is no source {id!r}"),
            "group": N_("there is no group {id!r}"), "phase": N_("there is no growth phase {id!r}")}


def _missing(kind: str, item_id: object) -> str:
    """The reason for a refusal because ``kind`` ``item_id`` is not in the plan."""
    template = _MISSING.get(kind)
    return tmsg(template, id=item_id) if template else f"{kind} {item_id!r} does not exist"


@dataclass
class Change:
    """What an edit touched, for incremental recompute and for the scene."""

    rooms: set[str] = field(default_factory=set)
    rows: set[str] = field(default_factory=set)
    racks: set[str] = field(default_factory=set)
    placements: set[str] = field(default_factory=set)
    sources: set[str] = field(default_factory=set)  # power sources (UPS, panels)
    feeds: set[str] = field(default_factory=set)
    loops: set[str] = field(default_factory=set)
    fabrics: set[str] = field(default_factory=set)
    links: set[str] = field(default_factory=set)
    groups: set[str] = field(default_factory=set)
    workloads: set[str] = field(default_factory=set)
    metadata: bool = False
    structure: bool = False  # rows/racks added or removed, or anything that moves geometry

    def update(self, other: Change) -> Change:
        for name in ("rooms", "rows", "racks", "placements", "sources", "feeds", "loops", "fabrics", "links", "groups", "workloads"):
            getattr(self, name).update(getattr(other, name))
        self.metadata |= other.metadata
        self.structure |= other.structure
        return self

    def empty(self) -> bool:
        return not (
            self.rooms or self.rows or self.racks or self.placements or self.sources or self.feeds or self.loops
            or self.fabrics or self.links or self.groups or self.workloads or self.metadata or self.structure
        )


class Edit:
    """Base class. Subclasses implement ``_apply``/``_revert`` and set ``text``."""

    text: str = N_("Edit")  # a planner.i18n.Message (deferred()) where the text has parameters
    merge_id: str | None = None  # edits with the same merge_id may merge

    def apply(self, plan: Plan) -> Change:
        return self._apply(plan)

    def revert(self, plan: Plan) -> Change:
        return self._revert(plan)

    def merge(self, other: Edit) -> bool:
        return False

    def _apply(self, plan: Plan) -> Change:  # pragma: no cover - abstract
        raise NotImplementedError

    def _revert(self, plan: Plan) -> Change:  # pragma: no cover - abstract
        raise NotImplementedError


# -- placements -------------------------------------------------------------------


class AddPlacement(Edit):
    def __init__(self, rack_id: str, placement: Placement, checker: PlacementChecker | None = None) -> None:
        self.rack_id = rack_id
        self.placement = placement
        self.checker = checker
        self.text = deferred(N_("Add {name}"), name=placement.name or placement.device)

    def _apply(self, plan: Plan) -> Change:
        if self.rack_id not in plan.index.racks:
            raise EditRefused(tmsg("rack {id!r} does not exist", id=self.rack_id))
        if plan.index.id_exists(self.placement.id):
            raise EditRefused(tmsg("id {id!r} is already used", id=self.placement.id))
        if self.checker is not None:
            reason = self.checker.check(plan, self.rack_id, self.placement)
            if reason:
                raise EditRefused(reason)
        rack = plan.rack(self.rack_id)
        rack.placements.append(self.placement)
        plan.index.add_placement(self.placement, rack.id)
        return Change(racks={rack.id}, placements={self.placement.id})

    def _revert(self, plan: Plan) -> Change:
        rack = plan.rack(self.rack_id)
        rack.placements = [p for p in rack.placements if p.id != self.placement.id]
        plan.index.remove_placement(self.placement.id)
        return Change(racks={rack.id}, placements={self.placement.id})


@dataclass
class _Removed:
    """What ``RemovePlacement`` took out, to put back where it was."""

    rack: str
    pos: int
    placement: Placement
    links: list[tuple[int, Link]]  # (position in plan.links, link)
    cords: list[tuple[str, int, PowerConnection]]  # (device, position in its power list, cord to the PDU)
    groups: list[tuple[str, int]]  # (group, position in its members)


class RemovePlacement(Edit):
    """Removes a device and the links, power connections and group memberships that
    reference it (restored on revert)."""

    def __init__(self, placement_id: str) -> None:
        self.placement_id = placement_id
        self.text = deferred(N_("Remove device"))
        self._saved: _Removed | None = None

    def _apply(self, plan: Plan) -> Change:
        if self.placement_id not in plan.index.placements:
            raise EditRefused(tmsg("device {id!r} does not exist", id=self.placement_id))
        pid = self.placement_id
        rack = plan.rack_of(pid)
        pos = next(i for i, p in enumerate(rack.placements) if p.id == pid)
        links = [(i, lk) for i, lk in enumerate(plan.links) if lk.a.placement == pid or lk.b.placement == pid]
        cords: list[tuple[str, int, PowerConnection]] = []
        for other, _ in plan.index.iter_placements():
            for j, c in enumerate(other.power):
                if c.pdu == pid:
                    cords.append((other.id, j, c))
        groups = [(g.id, g.members.index(pid)) for g in plan.groups if pid in g.members]
        self._saved = _Removed(rack.id, pos, rack.placements[pos], links, cords, groups)
        del rack.placements[pos]
        plan.index.remove_placement(pid)
        link_ids = {lk.id for _, lk in links}
        if link_ids:
            plan.links = [lk for lk in plan.links if lk.id not in link_ids]
            for lid in link_ids:
                plan.index.remove_id(lid)
        touched = {pid}
        for oid, _, c in reversed(cords):
            plan.placement(oid).power.remove(c)
            touched.add(oid)
        for gid, _ in groups:
            next(g for g in plan.groups if g.id == gid).members.remove(pid)
        ch = Change(racks={rack.id}, placements=touched, links=link_ids, groups={g for g, _ in groups})
        ch.racks.update(plan.index.placement_rack[o] for o in touched if o in plan.index.placement_rack)
        return ch

    def _revert(self, plan: Plan) -> Change:
        s = self._saved
        assert s is not None
        rack = plan.rack(s.rack)
        rack.placements.insert(s.pos, s.placement)
        plan.index.add_placement(s.placement, rack.id)
        for i, lk in s.links:
            plan.links.insert(i, lk)
            plan.index.add_id(lk.id)
        touched = {self.placement_id}
        for oid, j, c in s.cords:
            plan.placement(oid).power.insert(j, c)
            touched.add(oid)
        for gid, i in s.groups:
            next(g for g in plan.groups if g.id == gid).members.insert(i, self.placement_id)
        ch = Change(racks={rack.id}, placements=touched, links={lk.id for _, lk in s.links},
                    groups={g for g, _ in s.groups})
        ch.racks.update(plan.index.placement_rack[o] for o in touched)
        return ch


_FACE: TypeAdapter[Face] = TypeAdapter(Face)
_SIDE: TypeAdapter[Side | None] = TypeAdapter(Side | None)


class MovePlacement(Edit):
    """Moves a device to another U, face and/or rack. Consecutive moves of the same
    device within one drag merge into one undo step."""

    def __init__(self, placement_id: str, rack_id: str, u: int | None, face: str | None = None,
                 checker: PlacementChecker | None = None, gesture: str | None = None,
                 side: str | None = None) -> None:
        self.placement_id = placement_id
        self.to_rack = rack_id
        self.to_u = u
        self.to_face = face
        self.to_side = side  # 0U devices: the side channel (None keeps the current side)
        self.checker = checker
        self.text = deferred(N_("Move device"))
        self.merge_id = f"move:{placement_id}:{gesture}" if gesture else None
        self._from: tuple[str, int, int | None, Face] | None = None
        self._from_side: Side | None = None

    def _apply(self, plan: Plan) -> Change:
        pid = self.placement_id
        if pid not in plan.index.placements:
            raise EditRefused(tmsg("device {id!r} does not exist", id=pid))
        if self.to_rack not in plan.index.racks:
            raise EditRefused(tmsg("rack {id!r} does not exist", id=self.to_rack))
        p = plan.placement(pid)
        src = plan.rack_of(pid)
        # the face and side channel as the model allows them: a caller's string is checked
        # here (a bad one used to reach the plan unvalidated, and the saved plan failed to load)
        try:
            face = _FACE.validate_python(self.to_face or p.face)
        except ValidationError as e:
            raise EditRefused(_first_error(e, "face")) from None
        try:
            side = _SIDE.validate_python(self.to_side or p.side)
        except ValidationError as e:
            raise EditRefused(_first_error(e, "side")) from None
        if self.checker is not None:
            candidate = p.model_copy(update={"u": self.to_u, "face": face, "side": side})
            reason = self.checker.check(plan, self.to_rack, candidate, ignore=pid)
            if reason:
                raise EditRefused(reason)
        pos = next(i for i, q in enumerate(src.placements) if q.id == pid)
        self._from = (src.id, pos, p.u, p.face)
        self._from_side = p.side
        p.u = self.to_u
        p.face = face
        p.side = side
        if src.id != self.to_rack:
            del src.placements[pos]
            plan.rack(self.to_rack).placements.append(p)
            plan.index.placement_rack[pid] = self.to_rack
        return Change(racks={src.id, self.to_rack}, placements={pid})

    def _revert(self, plan: Plan) -> Change:
        assert self._from is not None
        src_id, pos, u, face = self._from
        pid = self.placement_id
        p = plan.placement(pid)
        p.u = u
        p.face = face
        p.side = self._from_side
        here = plan.rack_of(pid)
        here_pos = next(i for i, q in enumerate(here.placements) if q.id == pid)
        if here.id != src_id or here_pos != pos:
            del here.placements[here_pos]
            plan.rack(src_id).placements.insert(pos, p)
            plan.index.placement_rack[pid] = src_id
        return Change(racks={src_id, self.to_rack}, placements={pid})

    def merge(self, other: Edit) -> bool:
        """Fold a later move of the same drag into this one (this one keeps the origin)."""
        if not isinstance(other, MovePlacement) or self.merge_id is None or other.merge_id != self.merge_id:
            return False
        self.to_rack, self.to_u, self.to_face = other.to_rack, other.to_u, other.to_face
        self.to_side = other.to_side
        return True


# -- generic property edits ------------------------------------------------------------


def _find_entity(plan: Plan, kind: str, entity_id: str | None) -> BaseModel:
    """The model object a ``SetProperty`` edits (KeyError when there is none)."""
    if kind == "metadata":
        return plan.metadata
    if kind == "plan":
        return plan
    if kind == "site":
        return plan.site
    if entity_id is None:
        raise KeyError(f"{kind} needs an id")
    idx = plan.index
    maps: dict[str, Mapping[str, BaseModel]] = {"room": idx.rooms, "row": idx.rows, "rack": idx.racks,
                                                "placement": idx.placements}
    if kind in maps:
        return maps[kind][entity_id]
    colls: dict[str, Sequence[Item | GrowthPhase]] = {
        "source": plan.power_sources, "feed": plan.feeds, "loop": plan.cooling_loops, "fabric": plan.fabrics, "link": plan.links,
             "group": plan.groups, "workload": plan.workloads, "phase": plan.growth_phases}
    for item in colls[kind]:
        if item.id == entity_id:
            return item
    raise KeyError(f"{kind} {entity_id!r} does not exist")


_CHANGE_FIELD = {"room": "rooms", "row": "rows", "rack": "racks", "placement": "placements", "source": "sources",
                 "feed": "feeds",
                 "loop": "loops", "fabric": "fabrics", "link": "links", "group": "groups", "workload": "workloads"}


def _change_for(plan: Plan, kind: str, entity_id: str | None, structural: bool) -> Change:
    ch = Change(structure=structural)
    if kind in ("metadata", "plan", "site"):  # plan-wide settings: the totals and reports use them
        ch.metadata = True
        return ch
    getattr(ch, _CHANGE_FIELD[kind]).add(entity_id)
    if kind == "placement" and entity_id in plan.index.placement_rack:
        ch.racks.add(plan.index.placement_rack[entity_id])
    return ch


# undo texts (the app shows them translated: planner.i18n.translated)
_FIELD_TEXTS = {
    "name": N_("Rename"), "x_m": N_("Move"), "y_m": N_("Move"), "orientation_deg": N_("Rotate"),
    "position": N_("Move rack"), "u": N_("Move device"), "face": N_("Turn device"), "side": N_("Set side"),
    "feed": N_("Set feed"), "power": N_("Set power cords"), "upstream": N_("Set upstream"),
    "cooling": N_("Change cooling"), "rack_type": N_("Change rack type"), "spec": N_("Change workload"),
    "group": N_("Set server group"), "price_overrides": N_("Change prices for this plan"),
    "raised_floor": N_("Set raised floor"), "rail_optimised": N_("Set rail-optimised wiring"),
    "gap_before_m": N_("Set gap"), "width_m": N_("Set width"), "depth_m": N_("Set depth"),
    "loop": N_("Set cooling loop"), "currency": N_("Set currency"),
    "a": N_("Change link end"), "b": N_("Change link end"), "asset_tag": N_("Set asset tag"),
    "author": N_("Set author"), "breaker_a": N_("Set breaker"), "cable": N_("Set cable"),
    "capacity_kw": N_("Set capacity"), "cdu": N_("Set CDU"), "cdu_count": N_("Set CDU count"),
    "cloud_price_per_gpu_hour": N_("Set cloud price"), "cold_aisle_side": N_("Set cold aisle side"),
    "colocation_price_per_kw_month": N_("Set colocation price"), "continuous_derating": N_("Set derating"),
    "coolant": N_("Set coolant"), "customer": N_("Set customer"), "delta_t_k": N_("Set temperature difference"),
    "device": N_("Change device type"), "electricity_price_per_kwh": N_("Set electricity price"),
    "exchange_rates": N_("Set exchange rates"), "exchange_rates_date": N_("Set exchange rate date"),
    "fabric": N_("Change fabric"), "floor_load_limit_kg_per_m2": N_("Set floor load limit"),
    "flow_l_per_min": N_("Set flow"), "full_depth": N_("Set full depth"), "kind": N_("Change kind"),
    "label": N_("Set label"), "length_m": N_("Set cable length"), "logo": N_("Change logo"),
    "members": N_("Change group members"), "naming": N_("Change naming patterns"), "notes": N_("Edit notes"),
    "internal_notes": N_("Edit internal notes"), "site_region": N_("Set site region"),
    "requirements": N_("Change requirements"), "growth_phase": N_("Set growth phase"),
    "growth_phases": N_("Change growth phases"),
    "site_country": N_("Set site country"), "operation_start": N_("Set start of operation"),
    "grid_co2_g_per_kwh": N_("Set grid emission factor"), "renewable_share": N_("Set renewable share"),
    "heat_customer": N_("Set heat customer"), "heat_reuse_share": N_("Set heat reuse"),
    "heat_reuse_mwh_per_year": N_("Set heat reuse"), "wue_l_per_kwh": N_("Set water use"),
    "oversubscription": N_("Set oversubscription"), "phases": N_("Set phases"),
    "power_factor": N_("Set power factor"), "project": N_("Set project"), "pue": N_("Set PUE"),
    "revision": N_("Set revision"), "serial": N_("Set serial number"), "source": N_("Set power source"),
    "speed_gbps": N_("Set speed"), "supply_temp_c": N_("Set supply temperature"),
    "support_fraction_per_year": N_("Set support cost"), "tags": N_("Set tags"),
    "technology": N_("Change technology"), "tile_m": N_("Set tile size"), "utilisation": N_("Set utilisation"),
    "voltage_v": N_("Set voltage"), "years_of_use": N_("Set years of use"), "metadata": N_("Change plan settings"),
    "site": N_("Change site"), "power_sources": N_("Change power sources"), "feeds": N_("Change feeds"),
    "cooling_loops": N_("Change cooling loops"), "fabrics": N_("Change fabrics"), "links": N_("Change links"),
    "groups": N_("Change server groups"), "workloads": N_("Change workloads"),
}
_ADD_TEXTS = {
    "PowerSource": N_("Add power source"), "PowerFeed": N_("Add feed"), "CoolingLoop": N_("Add cooling loop"),
    "Fabric": N_("Add fabric"), "Link": N_("Add link"), "ServerGroup": N_("Add server group"),
    "Workload": N_("Add workload"),
}
_REMOVE_TEXTS = {
    "source": N_("Remove power source"), "feed": N_("Remove feed"), "loop": N_("Remove cooling loop"),
    "fabric": N_("Remove fabric"), "link": N_("Remove link"), "group": N_("Remove server group"),
    "workload": N_("Remove workload"),
}


def _field_text(field_name: str) -> str:
    known = _FIELD_TEXTS.get(field_name)
    return deferred(known) if known else deferred(N_("Set {field}"), field=field_name.replace("_", " "))


class SetProperty(Edit):
    """Sets one field of one entity, validated against the model's field type.

    ``kind`` is one of metadata, site (its name), room, row, rack, placement, source, feed,
    loop, fabric, link, group, workload. Typing into the same field in one gesture merges.
    """

    _GEOMETRY = {"x_m", "y_m", "orientation_deg", "position", "gap_before_m", "rack_type", "width_m", "depth_m",
                 "tile_m", "u", "face", "side"}

    def __init__(self, kind: str, entity_id: str | None, field_name: str, value: Any, gesture: str | None = None) -> None:
        self.kind = kind
        self.entity_id = entity_id
        self.field_name = field_name
        self.value = value
        self.text = _field_text(field_name)
        self.merge_id = f"set:{kind}:{entity_id}:{field_name}:{gesture}" if gesture else None
        self._old: Any = None

    def _apply(self, plan: Plan) -> Change:
        try:
            target = _find_entity(plan, self.kind, self.entity_id)
        except KeyError:
            raise EditRefused(_missing(self.kind, self.entity_id)) from None
        cls = type(target)
        if self.field_name not in cls.model_fields or self.field_name in ("id", "placements", "racks", "rows",
                                                                          "rooms"):
            raise EditRefused(tmsg("{kind} has no editable field {field!r}", kind=self.kind, field=self.field_name))
        # validate by building a copy with the new value
        data = target.model_dump()
        data[self.field_name] = self.value
        try:
            checked = cls.model_validate(data)
        except Exception as e:  # pydantic.ValidationError
            raise EditRefused(_first_error(e, self.field_name)) from None
        ref = _REFERENCES.get((self.kind, self.field_name))
        new_value = getattr(checked, self.field_name)
        if ref is not None and new_value is not None:
            _check_reference(plan, self.kind, self.entity_id, ref, new_value)
        if self.field_name == "cooling" and new_value is not None and new_value.loop is not None:
            _check_reference(plan, self.kind, self.entity_id, "loop", new_value.loop)  # rack or row cooling
        self._old = copy.deepcopy(getattr(target, self.field_name))
        setattr(target, self.field_name, new_value)
        return _change_for(plan, self.kind, self.entity_id, self.field_name in self._GEOMETRY)

    def _revert(self, plan: Plan) -> Change:
        target = _find_entity(plan, self.kind, self.entity_id)
        setattr(target, self.field_name, self._old)
        return _change_for(plan, self.kind, self.entity_id, self.field_name in self._GEOMETRY)

    def merge(self, other: Edit) -> bool:
        if not isinstance(other, SetProperty) or self.merge_id is None or other.merge_id != self.merge_id:
            return False
        self.value = other.value
        return True


# (entity kind, field) -> the kind of entity the field refers to by id
_REFERENCES = {("placement", "feed"): "feed", ("feed", "upstream"): "source", ("source", "upstream"): "source",
               ("workload", "group"): "group",
               **{(k, "growth_phase"): "phase" for k in ("rack", "placement", "feed", "loop", "link", "workload")}}


def _check_reference(plan: Plan, kind: str, entity_id: str | None, ref_kind: str, ref_id: str) -> None:
    try:
        _find_entity(plan, ref_kind, ref_id)
    except KeyError:
        template = _NO_SUCH.get(ref_kind)
        raise EditRefused(tmsg(template, id=ref_id) if template else f"there is no {ref_kind} {ref_id!r}") from None
    if kind == "source" and ref_kind == "source":  # a source may not end up upstream of itself
        seen = {entity_id}
        up: str | None = ref_id
        while up is not None:
            if up in seen:
                raise EditRefused(tmsg("power source {id!r} would feed itself through {through!r}", id=entity_id,
                                       through=ref_id))
            seen.add(up)
            up = plan.power_source(up).upstream


def _first_error(exc: Exception, field_name: str) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        errs = errors()
        if errs:
            e = errs[0]
            loc = ".".join(str(x) for x in e.get("loc", ()) if x != "__root__") or field_name
            # pydantic's English message; German by the error's type (fileio.validation_message)
            return tmsg("{field}: {problem}", field=loc, problem=validation_message(e) or "invalid value")
    return tmsg("{field}: {problem}", field=field_name, problem=str(exc))


class SetRackCooling(SetProperty):
    def __init__(self, rack_id: str, cooling: CoolingChoice | None) -> None:
        super().__init__("rack", rack_id, "cooling", cooling.model_dump() if cooling else None)
        self.text = deferred(N_("Change rack cooling"))


# -- racks and rows -----------------------------------------------------------------


class AddRack(Edit):
    def __init__(self, row_id: str, rack: Rack, index: int | None = None) -> None:
        self.row_id = row_id
        self.rack = rack
        self.index = index
        self.text = deferred(N_("Add rack {name}"), name=rack.name)

    def _apply(self, plan: Plan) -> Change:
        if self.row_id not in plan.index.rows:
            raise EditRefused(tmsg("row {id!r} does not exist", id=self.row_id))
        ids = [self.rack.id, *(p.id for p in self.rack.placements)]
        for i in ids:
            if plan.index.id_exists(i):
                raise EditRefused(tmsg("id {id!r} is already used", id=i))
        row = plan.index.rows[self.row_id]
        row.racks.insert(len(row.racks) if self.index is None else self.index, self.rack)
        plan.index.add_rack(self.rack, row.id)
        return Change(rows={row.id}, racks={self.rack.id}, placements={p.id for p in self.rack.placements},
                      structure=True)

    def _revert(self, plan: Plan) -> Change:
        row = plan.index.rows[self.row_id]
        row.racks = [r for r in row.racks if r.id != self.rack.id]
        plan.index.remove_rack(self.rack.id)
        return Change(rows={row.id}, racks={self.rack.id}, placements={p.id for p in self.rack.placements},
                      structure=True)


class RemoveRack(Edit):
    """Removes a rack with its devices (and, through RemovePlacement, their links)."""

    def __init__(self, rack_id: str) -> None:
        self.rack_id = rack_id
        self.text = deferred(N_("Remove rack"))
        self._inner: list[RemovePlacement] = []
        self._pos: tuple[str, int, Rack] | None = None

    def _apply(self, plan: Plan) -> Change:
        if self.rack_id not in plan.index.racks:
            raise EditRefused(tmsg("rack {id!r} does not exist", id=self.rack_id))
        rack = plan.rack(self.rack_id)
        ch = Change(structure=True, racks={rack.id})
        # remove 0U/U devices one by one so their links/cords/groups are restored on revert
        self._inner = [RemovePlacement(p.id) for p in list(rack.placements)]
        for e in self._inner:
            ch.update(e.apply(plan))
        row = plan.row_of(rack.id)
        pos = row.racks.index(rack)
        self._pos = (row.id, pos, rack)
        del row.racks[pos]
        plan.index.remove_rack(rack.id)
        ch.rows.add(row.id)
        ch.racks.discard("")
        return ch

    def _revert(self, plan: Plan) -> Change:
        assert self._pos is not None
        row_id, pos, rack = self._pos
        row = plan.index.rows[row_id]
        row.racks.insert(pos, rack)
        plan.index.add_rack(rack, row_id)  # rack has no placements now
        ch = Change(structure=True, racks={rack.id}, rows={row_id})
        for e in reversed(self._inner):
            ch.update(e.revert(plan))
        return ch


def _ids_in_row(row: Row) -> list[str]:
    return [row.id, *(i for r in row.racks for i in (r.id, *(p.id for p in r.placements)))]


def _refuse_used_ids(plan: Plan, ids: Iterable[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if plan.index.id_exists(i) or i in seen:
            raise EditRefused(tmsg("id {id!r} is already used", id=i))
        seen.add(i)


class AddRow(Edit):
    def __init__(self, room_id: str, row: Row) -> None:
        self.room_id = room_id
        self.row = row
        self.text = deferred(N_("Add row {name}"), name=row.name)

    def _apply(self, plan: Plan) -> Change:
        if self.room_id not in plan.index.rooms:
            raise EditRefused(tmsg("room {id!r} does not exist", id=self.room_id))
        _refuse_used_ids(plan, _ids_in_row(self.row))
        room = plan.index.rooms[self.room_id]
        room.rows.append(self.row)
        plan.index.add_row(self.row, room.id)
        return Change(rooms={room.id}, rows={self.row.id}, racks={r.id for r in self.row.racks}, structure=True)

    def _revert(self, plan: Plan) -> Change:
        room = plan.index.rooms[self.room_id]
        room.rows = [r for r in room.rows if r.id != self.row.id]
        plan.index.remove_row(self.row.id)
        return Change(rooms={room.id}, rows={self.row.id}, racks={r.id for r in self.row.racks}, structure=True)


class RemoveRow(Edit):
    """Removes a row with its racks and their devices (and, through RemoveRack, the
    links, power cords and group memberships that go with them; all restored on revert)."""

    def __init__(self, row_id: str) -> None:
        self.row_id = row_id
        self.text = deferred(N_("Remove row"))
        self._inner: list[RemoveRack] = []
        self._pos: tuple[str, int, Row] | None = None

    def _apply(self, plan: Plan) -> Change:
        if self.row_id not in plan.index.rows:
            raise EditRefused(tmsg("row {id!r} does not exist", id=self.row_id))
        row = plan.index.rows[self.row_id]
        self.text = deferred(N_("Remove row {name}"), name=row.name)
        room = plan.room_of(row.id)
        ch = Change(structure=True, rows={row.id}, rooms={room.id})
        self._inner = [RemoveRack(r.id) for r in list(row.racks)]
        for e in self._inner:
            ch.update(e.apply(plan))
        pos = next(i for i, r in enumerate(room.rows) if r.id == row.id)
        self._pos = (room.id, pos, row)
        del room.rows[pos]
        plan.index.remove_row(row.id)  # the row has no racks left
        return ch

    def _revert(self, plan: Plan) -> Change:
        assert self._pos is not None
        room_id, pos, row = self._pos
        room = plan.index.rooms[room_id]
        room.rows.insert(pos, row)
        plan.index.add_row(row, room_id)
        ch = Change(structure=True, rows={row.id}, rooms={room_id})
        for e in reversed(self._inner):
            ch.update(e.revert(plan))
        return ch


# -- rooms ------------------------------------------------------------------------------


class AddRoom(Edit):
    """Adds a room (with whatever rows it already holds) to the site, at the end or at
    ``index``."""

    def __init__(self, room: Room, index: int | None = None) -> None:
        self.room = room
        self.index = index
        self.text = deferred(N_("Add room {name}"), name=room.name)

    def _apply(self, plan: Plan) -> Change:
        _refuse_used_ids(plan, [self.room.id, *(i for row in self.room.rows for i in _ids_in_row(row))])
        rooms = plan.site.rooms
        rooms.insert(len(rooms) if self.index is None else self.index, self.room)
        plan.index.add_room(self.room)
        return self._change()

    def _revert(self, plan: Plan) -> Change:
        plan.site.rooms = [r for r in plan.site.rooms if r.id != self.room.id]
        plan.index.remove_room(self.room.id)
        return self._change()

    def _change(self) -> Change:
        rows = self.room.rows
        return Change(rooms={self.room.id}, rows={r.id for r in rows}, racks={k.id for r in rows for k in r.racks},
                      placements={p.id for r in rows for k in r.racks for p in k.placements}, structure=True)


class RemoveRoom(Edit):
    """Removes a room. A room that still holds rows is refused unless ``with_content``:
    then its rows, racks and devices go too, with the links, power cords and group
    memberships that reference those devices, as one edit (revert restores them all)."""

    def __init__(self, room_id: str, with_content: bool = False) -> None:
        self.room_id = room_id
        self.with_content = with_content
        self.text = deferred(N_("Remove room"))
        self._inner: list[RemoveRow] = []
        self._pos: tuple[int, Room] | None = None

    def _apply(self, plan: Plan) -> Change:
        room = plan.index.rooms.get(self.room_id)
        if room is None:
            raise EditRefused(tmsg("room {id!r} does not exist", id=self.room_id))
        if room.rows and not self.with_content:
            racks = sum(len(r.racks) for r in room.rows)
            held = tmsg(Np_("{n} rack", "{n} racks"), n=racks)
            raise EditRefused(tmsg(Np_("room {name!r} still holds {n} row with {racks}: remove them first, or delete "
                                       "the room with its content",
                                       "room {name!r} still holds {n} rows with {racks}: remove them first, or "
                                       "delete the room with its content"), n=len(room.rows), name=room.name,
                                   racks=held))
        self.text = deferred(N_("Remove room {name}"), name=room.name)
        ch = Change(structure=True, rooms={room.id})
        self._inner = [RemoveRow(r.id) for r in list(room.rows)]
        for e in self._inner:
            ch.update(e.apply(plan))
        pos = next(i for i, r in enumerate(plan.site.rooms) if r.id == room.id)
        self._pos = (pos, room)
        del plan.site.rooms[pos]
        plan.index.remove_room(room.id)  # no rows left
        return ch

    def _revert(self, plan: Plan) -> Change:
        assert self._pos is not None
        pos, room = self._pos
        plan.site.rooms.insert(pos, room)
        plan.index.add_room(room)
        ch = Change(structure=True, rooms={room.id})
        for e in reversed(self._inner):
            ch.update(e.revert(plan))
        return ch


# -- plan-level collections (feeds, loops, fabrics, links, groups, workloads) ----------

_COLLECTIONS = {
    PowerSource: ("power_sources", "sources"),
    PowerFeed: ("feeds", "feeds"),
    CoolingLoop: ("cooling_loops", "loops"),
    Fabric: ("fabrics", "fabrics"),
    Link: ("links", "links"),
    ServerGroup: ("groups", "groups"),
    Workload: ("workloads", "workloads"),
}


class AddItem(Edit):
    """Adds a power source, feed, cooling loop, fabric, link, server group or workload."""

    def __init__(self, item: Item) -> None:
        self.item = item
        self.text = deferred(_ADD_TEXTS.get(type(item).__name__, N_("Add item")))

    def _apply(self, plan: Plan) -> Change:
        attr, ch_field = _COLLECTIONS[type(self.item)]
        if plan.index.id_exists(self.item.id):
            raise EditRefused(tmsg("id {id!r} is already used", id=self.item.id))
        if isinstance(self.item, Link):
            for end in (self.item.a, self.item.b):
                if end.placement not in plan.index.placements:
                    raise EditRefused(tmsg("link end {id!r} does not exist", id=end.placement))
            if self.item.fabric not in {f.id for f in plan.fabrics}:
                raise EditRefused(tmsg("fabric {id!r} does not exist", id=self.item.fabric))
        getattr(plan, attr).append(self.item)
        plan.index.add_id(self.item.id)
        ch = Change()
        getattr(ch, ch_field).add(self.item.id)
        if isinstance(self.item, Link):  # its ends; not its fabric (see planner.fabric.wiring._link_change)
            ch.placements.update({self.item.a.placement, self.item.b.placement})
        return ch

    def _revert(self, plan: Plan) -> Change:
        attr, ch_field = _COLLECTIONS[type(self.item)]
        setattr(plan, attr, [x for x in getattr(plan, attr) if x.id != self.item.id])
        plan.index.remove_id(self.item.id)
        ch = Change()
        getattr(ch, ch_field).add(self.item.id)
        if isinstance(self.item, Link):  # its ends; not its fabric (see planner.fabric.wiring._link_change)
            ch.placements.update({self.item.a.placement, self.item.b.placement})
        return ch


class RemoveItem(Edit):
    """Removes a power source, feed, loop, fabric, link, group or workload. Refuses while something
    still refers to it (a PDU on the feed, a rack on the loop, links in the fabric)."""

    def __init__(self, kind: str, item_id: str) -> None:
        self.kind = kind
        self.item_id = item_id
        self.text = deferred(_REMOVE_TEXTS.get(kind, N_("Remove item")))
        self._saved: tuple[int, Item] | None = None

    def _attr(self) -> tuple[str, str]:
        return {"source": ("power_sources", "sources"), "feed": ("feeds", "feeds"), "loop": ("cooling_loops", "loops"), "fabric": ("fabrics", "fabrics"),
                "link": ("links", "links"), "group": ("groups", "groups"),
                "workload": ("workloads", "workloads")}[self.kind]

    def _apply(self, plan: Plan) -> Change:
        attr, ch_field = self._attr()
        items = getattr(plan, attr)
        pos = next((i for i, x in enumerate(items) if x.id == self.item_id), None)
        if pos is None:
            raise EditRefused(_missing(self.kind, self.item_id))
        users = _users_of(plan, self.kind, self.item_id)
        if users:
            listed = ", ".join(users[:5]) + (" ..." if len(users) > 5 else "")
            template = _STILL_USED.get(self.kind)
            raise EditRefused(tmsg(template, id=self.item_id, users=listed) if template
                              else f"{self.kind} {self.item_id!r} is still used by {listed}")
        self._saved = (pos, items[pos])
        del items[pos]
        plan.index.remove_id(self.item_id)
        ch = Change()
        getattr(ch, ch_field).add(self.item_id)
        return ch

    def _revert(self, plan: Plan) -> Change:
        assert self._saved is not None
        attr, ch_field = self._attr()
        pos, item = self._saved
        getattr(plan, attr).insert(pos, item)
        plan.index.add_id(item.id)
        ch = Change()
        getattr(ch, ch_field).add(self.item_id)
        return ch


def _users_of(plan: Plan, kind: str, item_id: str) -> list[str]:
    if kind == "source":
        return ([f.id for f in plan.feeds if f.upstream == item_id]
                + [s.id for s in plan.power_sources if s.upstream == item_id])
    if kind == "feed":
        return [p.id for p, _ in plan.index.iter_placements() if p.feed == item_id]
    if kind == "loop":
        racks = [r.id for r in plan.racks() if r.cooling and r.cooling.loop == item_id]
        rows = [r.id for r in plan.index.rows.values() if r.cooling and r.cooling.loop == item_id]
        return racks + rows
    if kind == "fabric":
        return [lk.id for lk in plan.links if lk.fabric == item_id]
    if kind == "group":
        return [w.id for w in plan.workloads if w.group == item_id]
    return []


# -- growth phases -------------------------------------------------------------------

_PHASES: TypeAdapter[list[GrowthPhase]] = TypeAdapter(list[GrowthPhase])


def phase_users(plan: Plan, phase_id: str) -> list[tuple[str, str]]:
    """(kind, id) of every rack, device, feed, cooling loop, link and workload that names ``phase_id``."""
    out: list[tuple[str, str]] = [("rack", r.id) for r in plan.index.racks.values() if r.growth_phase == phase_id]
    out += [("placement", p.id) for p in plan.index.placements.values() if p.growth_phase == phase_id]
    out += [("feed", f.id) for f in plan.feeds if f.growth_phase == phase_id]
    out += [("loop", c.id) for c in plan.cooling_loops if c.growth_phase == phase_id]
    out += [("link", lk.id) for lk in plan.links if lk.growth_phase == phase_id]
    out += [("workload", w.id) for w in plan.workloads if w.growth_phase == phase_id]
    return out


class SetGrowthPhases(Edit):
    """Sets the plan's list of growth phases (docs/phases.md): adds, renames, dates,
    reorders and removes phases in one step. Refuses a duplicate id or name, an id another
    entity uses, and removing a phase that racks, devices, links, feeds, loops or workloads still name
    (planner.gestures.phases moves them first)."""

    def __init__(self, phases: Sequence[GrowthPhase | dict[str, Any]], text: str = N_("Change growth phases")) -> None:
        self.phases = list(phases)
        self.text = deferred(text)
        self._old: list[GrowthPhase] | None = None

    def _apply(self, plan: Plan) -> Change:
        try:
            new = _PHASES.validate_python([p.model_dump() if isinstance(p, BaseModel) else p for p in self.phases])
        except ValidationError as e:
            raise EditRefused(_first_error(e, "growth_phases")) from None
        if len(new) > MAX_GROWTH_PHASES:
            raise EditRefused(tmsg("a plan has at most {n} growth phases", n=MAX_GROWTH_PHASES))
        ids: set[str] = set()
        names: set[str] = set()
        old_ids = {p.id for p in plan.growth_phases}
        for ph in new:
            if ph.id in ids or (ph.id not in old_ids and plan.index.id_exists(ph.id)):
                raise EditRefused(tmsg("id {id!r} is already used", id=ph.id))
            if ph.name.casefold() in names:
                raise EditRefused(tmsg("there is already a growth phase named {name!r}", name=ph.name))
            ids.add(ph.id)
            names.add(ph.name.casefold())
        for gone in old_ids - ids:
            users = phase_users(plan, gone)
            if users:
                listed = ", ".join(i for _, i in users[:5]) + (" ..." if len(users) > 5 else "")
                raise EditRefused(tmsg("growth phase {id!r} is still used by {users}", id=gone, users=listed))
        self._old = plan.growth_phases
        self._set(plan, self._old, new)
        return Change(metadata=True)

    def _revert(self, plan: Plan) -> Change:
        assert self._old is not None
        self._set(plan, plan.growth_phases, self._old)
        return Change(metadata=True)

    @staticmethod
    def _set(plan: Plan, old: list[GrowthPhase], new: list[GrowthPhase]) -> None:
        for ph in old:
            plan.index.remove_id(ph.id)
        plan.growth_phases = new
        for ph in new:
            plan.index.add_id(ph.id)


# -- composition -------------------------------------------------------------------


class Compound(Edit):
    """Several edits as one undo step (paste, duplicate rack x N, auto-wire). If one
    fails, the ones already applied are reverted and the failure is raised."""

    def __init__(self, edits: Iterable[Edit], text: str = N_("Edit"), merge_id: str | None = None) -> None:
        self.edits = list(edits)
        self.text = text
        self.merge_id = merge_id  # e.g. a row drag moving x_m and y_m together

    def merge(self, other: Edit) -> bool:
        """Fold a later compound of the same gesture into this one when every part
        merges pairwise (same shape: e.g. SetProperty x_m + y_m of one drag)."""
        if (not isinstance(other, Compound) or self.merge_id is None or other.merge_id != self.merge_id
                or len(other.edits) != len(self.edits)):
            return False
        if not all(a.merge_id is not None and a.merge_id == b.merge_id and type(a) is type(b)
                   for a, b in zip(self.edits, other.edits)):
            return False
        for a, b in zip(self.edits, other.edits):
            a.merge(b)
        return True

    def _apply(self, plan: Plan) -> Change:
        ch = Change()
        done: list[Edit] = []
        try:
            for e in self.edits:
                ch.update(e.apply(plan))
                done.append(e)
        except EditRefused:
            for e in reversed(done):
                e.revert(plan)
            raise
        return ch

    def _revert(self, plan: Plan) -> Change:
        ch = Change()
        for e in reversed(self.edits):
            ch.update(e.revert(plan))
        return ch
