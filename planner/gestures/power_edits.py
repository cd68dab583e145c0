"""Gesture -> edit builders for the power chain (issue #11): feeds and power sources
(UPS, panels) added, deleted with what hangs on them, A+B feed pairs for racks, and PSU
cords pinned to PDU outlets.

Pure Python, no Qt: the app's power dialog and Inspector call these and push the result
on the document (one undo step each); tests call them headless. Refusals are
:class:`planner.model.edits.EditRefused` with a reason for the user.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, get_args

from planner.i18n import N_, Np_, deferred, tf, tmsg
from planner.model.edits import AddItem, Compound, Edit, EditRefused, RemoveItem, SetProperty
from planner.model.naming import unique_name
from planner.model.plan import Placement, Plan, PowerConnection, PowerFeed, PowerSource, PowerSourceKind

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.engine.rack import CordResult
    from planner.engine.results import Results
    from planner.engine.specs import PduInfo

SOURCE_KINDS: tuple[str, ...] = get_args(PowerSourceKind)  # the model's, in its order


def _names(items: Iterable[PowerFeed | PowerSource]) -> set[str]:
    return {x.name for x in items}


def new_feed(plan: Plan, side: str = "A", name: str | None = None, upstream: str | None = None,
             claimed: set[str] | None = None, **fields: Any) -> PowerFeed:
    """A feed with a fresh id (``feed-N``) and a free name ("Feed A1", "Feed B2", ...)."""
    claimed = claimed if claimed is not None else set()
    fid = plan.new_id("feed")
    while fid in claimed:
        fid = plan.new_id("feed")
    claimed.add(fid)
    taken = _names(plan.feeds)
    if name is None:
        n = 1
        while _feed_name(side, n) in taken:
            n += 1
        name = _feed_name(side, n)
    return PowerFeed(id=fid, name=unique_name(taken, name), side=side, upstream=upstream, **fields)


def _feed_name(side: str, n: int) -> str:
    """'Feed A1' in the active language ('Einspeisung A1' in German): names are made once, as data."""
    return tf(N_("Feed {side}{n}"), side=side, n=n)


# a new source's name in the active language (names are data: made once, in the plan's language)
_SOURCE_NAMES = {"ups": N_("UPS {n}"), "panel": N_("Panel {n}"), "switchboard": N_("Switchboard {n}"),
                 "generator": N_("Generator {n}")}


def new_source(plan: Plan, kind: str = "ups", name: str | None = None, **fields: Any) -> PowerSource:
    """A power source with a fresh id (``ups-N``, ``panel-N``, ...) and a free name ("UPS 1")."""
    sid = plan.new_id(kind)
    taken = _names(plan.power_sources)
    if name is None:
        template = _SOURCE_NAMES[kind]
        n = 1
        while tf(template, n=n) in taken:
            n += 1
        name = tf(template, n=n)
    return PowerSource(id=sid, name=unique_name(taken, name), kind=kind, **fields)


_ADD_SOURCE = {"ups": N_("Add UPS {name}"), "panel": N_("Add panel {name}"),
               "switchboard": N_("Add switchboard {name}"), "generator": N_("Add generator {name}")}


def add_feed_edit(plan: Plan, **kw: Any) -> AddItem:
    feed = new_feed(plan, **{**region_feed_fields(plan), **kw})
    e = AddItem(feed)
    e.text = deferred(N_("Add feed {name}"), name=feed.name)
    return e


def add_source_edit(plan: Plan, kind: str = "ups", **kw: Any) -> AddItem:
    source = new_source(plan, kind, **kw)
    e = AddItem(source)
    e.text = deferred(_ADD_SOURCE.get(kind, N_("Add power source {name}")), name=source.name)
    return e


def feed_users(plan: Plan, feed_id: str) -> list[str]:
    """The PDUs (placement ids) hanging on a feed."""
    return [p.id for p, _ in plan.index.iter_placements() if p.feed == feed_id]


def delete_feed_edit(plan: Plan, feed_id: str, disconnect: bool = False) -> Edit:
    """Delete a feed. With PDUs on it: refused (naming them) unless ``disconnect``, which
    takes them off the feed in the same undo step."""
    try:
        feed = plan.feed(feed_id)
    except KeyError:
        raise EditRefused(tmsg("feed {id!r} does not exist", id=feed_id)) from None
    users = feed_users(plan, feed_id)
    if users and not disconnect:
        names = [plan.placement(u).name or u for u in users]
        listed = ", ".join(names[:5]) + (" ..." if len(names) > 5 else "")
        raise EditRefused(tmsg(Np_("feed {name} still powers {n} PDU: {pdus}; disconnect it first",
                                   "feed {name} still powers {n} PDUs: {pdus}; disconnect them first"),
                               name=feed.name, n=len(users), pdus=listed))
    edits: list[Edit] = [SetProperty("placement", u, "feed", None) for u in users]
    edits.append(RemoveItem("feed", feed_id))
    return Compound(edits, deferred(N_("Delete feed {name}"), name=feed.name))


def source_users(plan: Plan, source_id: str) -> tuple[list[str], list[str]]:
    """(feeds, sources) hanging directly off a power source."""
    return ([f.id for f in plan.feeds if f.upstream == source_id],
            [s.id for s in plan.power_sources if s.upstream == source_id])


def delete_source_edit(plan: Plan, source_id: str, detach: bool = False) -> Edit:
    """Delete a power source. With feeds or sources under it: refused unless ``detach``,
    which hangs them on the deleted source's own upstream (or on nothing) in the same step."""
    try:
        src = plan.power_source(source_id)
    except KeyError:
        raise EditRefused(tmsg("power source {id!r} does not exist", id=source_id)) from None
    feeds, subs = source_users(plan, source_id)
    if (feeds or subs) and not detach:
        names = [plan.feed(f).name for f in feeds] + [plan.power_source(s).name for s in subs]
        listed = ", ".join(names[:5]) + (" ..." if len(names) > 5 else "")
        raise EditRefused(tmsg("{name} still supplies {users}; move them to another source first", name=src.name,
                               users=listed))
    edits: list[Edit] = [SetProperty("feed", f, "upstream", src.upstream) for f in feeds]
    edits += [SetProperty("source", s, "upstream", src.upstream) for s in subs]
    edits.append(RemoveItem("source", source_id))
    return Compound(edits, deferred(N_("Delete {name}"), name=src.name))


def _pdus_of(plan: Plan, catalog: Catalog | None, rack_id: str) -> list[Placement]:
    out = []
    for p in plan.rack(rack_id).placements:
        dev = catalog.get("device-types", p.device) if catalog is not None else None
        if dev is not None and getattr(dev, "kind", None) == "pdu":
            out.append(p)
    return out


def region_feed_fields(plan: Plan) -> dict[str, Any]:
    """A new feed's fields for the plan's site region (planner.model.regions): in the EU 400 V
    three-phase at its rating (no 80 % rule, IEC 60364-4-43); in North America the feed's
    defaults (415 V, the engine's NEC 80 %)."""
    from planner.model.regions import CONTINUOUS_DERATING, FEED_VOLTAGE_V

    if plan.metadata.site_region == "eu":
        return {"voltage_v": FEED_VOLTAGE_V["eu"], "phases": 3, "continuous_derating": CONTINUOUS_DERATING["eu"]}
    return {}


def _pdu_rating(catalog: Catalog | None, pdus: list[Placement]) -> dict[str, Any]:
    """The feed fields the PDUs' catalog inputs ask for: the largest rated current, and
    voltage and phases where the PDUs agree, and an EU PDU's continuous rating (1.0: IEC
    practice, planner.model.regions) when all are EU PDUs (nothing for PDUs without a rating)."""
    from planner.model.regions import CONTINUOUS_DERATING

    specs = [d.planning.pdu for p in pdus
             if (d := catalog.get("device-types", p.device) if catalog is not None else None) is not None
             and d.planning is not None and d.planning.pdu is not None]
    if not specs:
        return {}
    out: dict[str, Any] = {"breaker_a": max(s.amps for s in specs)}
    if len({(s.voltage_v, s.phases) for s in specs}) == 1:
        out.update(voltage_v=specs[0].voltage_v, phases=specs[0].phases)
    regions = {s.site_region for s in specs}
    out["continuous_derating"] = CONTINUOUS_DERATING["eu"] if regions == {"eu"} else None
    return out


def ab_feeds_edit(plan: Plan, catalog: Catalog, rack_ids: Iterable[str], upstream_a: str | None = None,
                  upstream_b: str | None = None, **fields: Any) -> Compound:
    """For each rack: feeds "<rack> A" (side A) and "<rack> B" (side B), optionally hung off
    sources, and the rack's PDUs that hang on no feed connected to them: left-side PDUs to
    A and right-side ones to B (others alternate). Each feed takes the rated input of the
    PDUs it carries (breaker, voltage, phases; an EU PDU's feed its rating, no 80 % rule), else
    the plan's region's (:func:`region_feed_fields`), unless ``fields`` say otherwise. One undo
    step for all racks."""
    edits: list[Edit] = []
    claimed: set[str] = set()
    taken = _names(plan.feeds)
    racks = [r for r in rack_ids if r in plan.index.racks]
    if not racks:
        raise EditRefused(tmsg("select one or more racks first"))
    for rid in racks:
        rack = plan.rack(rid)
        free = [p for p in _pdus_of(plan, catalog, rid) if p.feed is None]
        order = sorted(free, key=lambda p: ({"left": 0, "right": 1}.get(p.side or "", 2), p.face, p.id))
        left = [p for p in order if p.side == "left"]
        right = [p for p in order if p.side == "right"]
        rest = [p for p in order if p.side not in ("left", "right")]
        if not left or not right:  # all on one side (or none): alternate A, B
            pairs = [(p, "AB"[i % 2]) for i, p in enumerate(order)]
        else:
            pairs = [(p, "A") for p in left] + [(p, "B") for p in right] + [(p, "AB"[i % 2]) for i, p in enumerate(rest)]
        made = {}
        for side, up in (("A", upstream_a), ("B", upstream_b)):
            name = unique_name(taken, f"{rack.name} {side}")
            taken.add(name)
            # a feed sized for the PDUs it will carry (their rated input), unless told otherwise
            rated = _pdu_rating(catalog, [p for p, s in pairs if s == side])
            f = new_feed(plan, side=side, name=name, upstream=up, claimed=claimed,
                         **{**region_feed_fields(plan), **rated, **fields})
            made[side] = f
            edits.append(AddItem(f))
        for p, side in pairs:
            edits.append(SetProperty("placement", p.id, "feed", made[side].id))
    n = len(racks)
    text = deferred(N_("Add A+B feeds for {name}"), name=plan.rack(racks[0]).name) if n == 1 else \
        deferred(N_("Add A+B feeds for {n} racks"), n=n)
    return Compound(edits, text)


# -- cords -------------------------------------------------------------------------------------


def phase_name(wiring: str, phases: int, phase: int) -> str:
    """The outlet's phase as an electrician labels it: L1/L2/L3, L1-L2/L2-L3/L3-L1 for delta
    PDUs (the engine's phase index is the branch there), L for single phase."""
    if phases == 1:
        return "L"
    if wiring == "delta":
        return ("L1-L2", "L2-L3", "L3-L1")[phase]
    return ("L1", "L2", "L3")[phase]


def pdu_info(catalog: Catalog | None, plan: Plan, pdu_id: str) -> PduInfo | None:
    """The engine's PDU figures (outlets, phases, wiring, per-outlet phase) of a PDU placement,
    or None when it is not a PDU the catalog knows."""
    from planner.engine.specs import SpecCache

    p = plan.index.placements.get(pdu_id)
    if p is None or catalog is None:
        return None
    return SpecCache(catalog).device(p.device).pdu


def current_cords(plan: Plan, results: Results | None, placement_id: str) -> list[tuple[str, int | None]]:
    """A device's cords as (PDU, outlet): its own connections (outlets the engine chose filled
    in), else the engine's spread; empty when neither knows any."""
    p = plan.placement(placement_id)
    engine: list[CordResult] = []
    if results is not None:
        rack = plan.index.placement_rack.get(placement_id)
        rr = results.racks.get(rack) if rack is not None else None
        if rr is not None:
            engine = list(rr.cords.get(placement_id, ()))
    if p.power:
        out = []
        for k, c in enumerate(p.power):
            outlet = c.outlet
            if outlet is None and k < len(engine) and engine[k].pdu == c.pdu:
                outlet = engine[k].outlet
            out.append((c.pdu, outlet))
        return out
    return [(c.pdu, c.outlet) for c in engine]


def pin_cord_edit(plan: Plan, catalog: Catalog, results: Results | None, placement_id: str, index: int, pdu_id: str,
                  outlet: int) -> SetProperty:
    """Pin cord ``index`` of a device to ``outlet`` of PDU ``pdu_id``. The device's other cords
    keep where they are now (pinned as well), so nothing else moves. Refused when the PDU is
    not a PDU, the outlet does not exist on it, or a pinned cord (this device's or another's)
    already uses it; a cord the engine spread there gives way (it is spread again)."""
    if placement_id not in plan.index.placements:
        raise EditRefused(tmsg("device {id!r} does not exist", id=placement_id))
    dev = plan.placement(placement_id)
    cords = current_cords(plan, results, placement_id)
    if not 0 <= index < len(cords):
        raise EditRefused(tmsg("{device} has no cord {cord}", device=dev.name or dev.id, cord=index + 1))
    info = pdu_info(catalog, plan, pdu_id)
    if info is None:
        raise EditRefused(tmsg("{id!r} is not a PDU", id=pdu_id))
    pdu = plan.placement(pdu_id)
    pname = pdu.name or pdu.id
    if not 1 <= outlet <= info.outlets:
        raise EditRefused(tmsg("outlet {outlet} does not exist on {pdu}: it has outlets 1 to {outlets}",
                               outlet=outlet, pdu=pname, outlets=info.outlets))
    for k, (other_pdu, other_outlet) in enumerate(cords):
        if k != index and other_pdu == pdu_id and other_outlet == outlet:
            raise EditRefused(tmsg("outlet {outlet} of {pdu} already takes cord {cord} of {device}", outlet=outlet,
                                   pdu=pname, cord=k + 1, device=dev.name or dev.id))
    for other, _ in plan.index.iter_placements():
        if other.id == placement_id:
            continue
        for c in other.power:
            if c.pdu == pdu_id and c.outlet == outlet:
                raise EditRefused(tmsg("outlet {outlet} of {pdu} is taken by {other}", outlet=outlet, pdu=pname,
                                       other=other.name or other.id))
    new = list(cords)
    new[index] = (pdu_id, outlet)
    value = [PowerConnection(pdu=d, outlet=o).model_dump() for d, o in new]
    e = SetProperty("placement", placement_id, "power", value)
    e.text = deferred(N_("Plug {device} cord {cord} into {pdu} outlet {outlet}"), device=dev.name or dev.id,
                      cord=index + 1, pdu=pname, outlet=outlet)
    return e


def spread_cords_edit(plan: Plan, placement_id: str) -> SetProperty:
    """Let the engine spread the device's cords again (no pinned connections)."""
    dev = plan.placement(placement_id)
    if not dev.power:
        raise EditRefused(tmsg("the cords of {device} are already spread automatically", device=dev.name or dev.id))
    e = SetProperty("placement", placement_id, "power", [])
    e.text = deferred(N_("Spread cords of {device} automatically"), device=dev.name or dev.id)
    return e


def delete_power_edit(plan: Plan, selection: Iterable[tuple[str, str]]) -> Edit | None:
    """Edit > Delete with feeds or power sources selected: one step deleting them; refused
    (EditRefused, naming what still hangs on them) while PDUs, feeds or sources use them.
    None when nothing of the kind is selected."""
    edits: list[Edit] = []
    for kind, eid in selection:
        if kind == "feed":
            edits.append(delete_feed_edit(plan, eid))
        elif kind == "source":
            edits.append(delete_source_edit(plan, eid))
    if not edits:
        return None
    return edits[0] if len(edits) == 1 else Compound(edits, deferred(N_("Delete {n} power items"), n=len(edits)))
