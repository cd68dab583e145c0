"""Growth-phase gestures as edits (docs/phases.md): add, rename, date, reorder and remove a
phase, and put a selection into a phase, each one edit (one undo step).

Pure Python (no Qt), tested headless; Plan Settings > Phases and the Inspector only collect
the values and push what these return. Bad input raises :class:`EditRefused` with one line
the user understands.
"""

from __future__ import annotations

from collections.abc import Iterable

from planner.i18n import N_, tmsg
from planner.model.edits import Compound, Edit, EditRefused, SetGrowthPhases, SetProperty, phase_users
from planner.model.plan import GrowthPhase, Plan, phase_start

# the kinds of entity that belong to a phase, as SetProperty names them
PHASED_KINDS = ("rack", "placement", "feed", "loop", "link")


def _phase(plan: Plan, phase_id: str) -> GrowthPhase:
    for ph in plan.growth_phases:
        if ph.id == phase_id:
            return ph
    raise EditRefused(tmsg("there is no growth phase {id!r}", id=phase_id))


def _clean_name(name: str) -> str:
    name = " ".join(str(name).split())
    if not name:
        raise EditRefused(tmsg("a growth phase needs a name"))
    return name


def add_phase(plan: Plan, name: str, start: str = "") -> SetGrowthPhases:
    """A new phase after the last one (the first phase of a plan that had none)."""
    name = _clean_name(name)
    ph = {"id": plan.new_id("phase"), "name": name, "start": _start(name, start)}
    return SetGrowthPhases([*(p.model_dump() for p in plan.growth_phases), ph], N_("Add growth phase"))


def _with(plan: Plan, phase_id: str, **changes: str) -> list[dict[str, str]]:
    _phase(plan, phase_id)
    return [{**p.model_dump(), **(changes if p.id == phase_id else {})} for p in plan.growth_phases]


def rename_phase(plan: Plan, phase_id: str, name: str) -> SetGrowthPhases:
    return SetGrowthPhases(_with(plan, phase_id, name=_clean_name(name)), N_("Rename growth phase"))


def _start(name: str, start: str) -> str:
    """``start`` as stored (``Q3 2027`` -> ``2027-07``, planner.model.plan.phase_start), or one
    line naming the phase and the forms taken (it was "2.start: String should match pattern
    '^(\\d{4}-...'", issue 32)."""
    try:
        return phase_start(start)
    except ValueError as e:
        raise EditRefused(tmsg("start of growth phase {name!r}: {reason}", name=name, reason=e.args[0])) from None


def set_phase_start(plan: Plan, phase_id: str, start: str) -> SetGrowthPhases:
    """Date a phase: any form :func:`planner.model.plan.phase_start` takes, stored as ISO."""
    when = _start(_phase(plan, phase_id).name, start)
    return SetGrowthPhases(_with(plan, phase_id, start=when), N_("Set growth phase start"))


def move_phase(plan: Plan, phase_id: str, delta: int) -> SetGrowthPhases:
    """The phase ``delta`` places earlier (negative) or later in the build order."""
    phases = [p.model_dump() for p in plan.growth_phases]
    i = next(i for i, p in enumerate(plan.growth_phases) if p.id == _phase(plan, phase_id).id)
    j = i + delta
    if not 0 <= j < len(phases):
        raise EditRefused(tmsg("growth phase {name!r} cannot move further", name=phases[i]["name"]))
    phases.insert(j, phases.pop(i))
    return SetGrowthPhases(phases, N_("Reorder growth phases"))


def remove_phase(plan: Plan, phase_id: str) -> Edit:
    """Removes a phase; what it added joins the phase before it (the first phase's joins the
    next; with no phase left, the one build)."""
    _phase(plan, phase_id)
    ids = [p.id for p in plan.growth_phases]
    i = ids.index(phase_id)
    heir: str | None = ids[i - 1] if i > 0 else (ids[1] if len(ids) > 1 else None)
    moves: list[Edit] = [SetProperty(kind, item, "growth_phase", heir) for kind, item in phase_users(plan, phase_id)]
    keep = [p.model_dump() for p in plan.growth_phases if p.id != phase_id]
    return Compound([*moves, SetGrowthPhases(keep)], N_("Remove growth phase"))


def phased_kinds(plan: Plan) -> dict[str, str]:
    """The phased kind (rack, placement, feed, loop, link) of the plan's entities by id."""
    out = dict.fromkeys(plan.index.racks, "rack")
    out.update(dict.fromkeys(plan.index.placements, "placement"))
    for kind, coll in (("feed", plan.feeds), ("loop", plan.cooling_loops), ("link", plan.links)):
        out.update((x.id, kind) for x in coll)
    return out


def set_phase(plan: Plan, entity_ids: Iterable[str], phase_id: str | None) -> Edit:
    """Put the given racks, devices, feeds, loops and links into ``phase_id`` (None: the first
    phase, as an entity that names none) as one undo step."""
    if phase_id is not None:
        _phase(plan, phase_id)
    kinds = phased_kinds(plan)
    edits: list[Edit] = []
    for eid in dict.fromkeys(entity_ids):
        kind = kinds.get(eid)
        if kind is None:
            raise EditRefused(tmsg("{id!r} is not a rack, device, feed, cooling loop or link", id=eid))
        edits.append(SetProperty(kind, eid, "growth_phase", phase_id))
    if not edits:
        raise EditRefused(tmsg("nothing selected to put into a growth phase"))
    return Compound(edits, N_("Set growth phase"))
