"""Growing an existing plan into a next growth phase (`rackwright plan-for --grow`, issue 32).

:func:`grow_plan` takes an existing plan and a candidate of :func:`planner.design.search.search`
for the workloads the grown build must carry (its server model and cooling those of the existing
plan's GPU servers) and returns a copy of the plan with one more growth phase that adds what the
candidate needs beyond what the plan has (docs/plan-for.md, "Growing a plan"):

* everything the plan had stays as it was, in its phase (a plan without phases gets a first
  phase holding all of it); nothing of it is moved, renamed or re-cabled;
* the servers and storage appliances the candidate has beyond the plan's own, in new racks of
  the generator's rack type and fill (:func:`planner.design.generate.rack_fit`), in new rows
  behind the plan's rows (the room grows to hold them, never a footprint moves);
* the plan's fabrics extended with :func:`planner.fabric.extend.extend_fabric` (free leaf ports
  first, new leaves on free spine ports; no existing link changes); a fabric the candidate has
  and the plan lacks (a compute fabric when a single pilot server grows to several) designed
  with auto-wire over the old and the new servers; new switches only in the phase's new racks;
* PDUs and feeds for the new racks as the generator sizes them, and cooling loops of their own
  for the new rows (direct liquid) or the new racks (rear doors, immersion);
* the new servers join the plan's server group; the spec's workloads are added as the new
  phase's targets (the earlier phases' targets stay theirs; one restated unchanged is not added
  again, one of the same name with other figures gets the phase's name after its own).

Everything added names the new phase (``growth_phase``); the engine then computes each phase as
the separate plan of its content (docs/phases.md). Qt-free; raises :class:`GrowError` (one line)
when the plan cannot grow.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from planner.design import generate as gen
from planner.design.model import COOLING_METHODS
from planner.i18n import N_, Message, gettext, tf, tmsg
from planner.model.edits import AddItem, EditRefused
from planner.model.placement import PlacementChecker
from planner.model.plan import (
    CoolingChoice,
    CoolingLoop,
    GrowthPhase,
    Placement,
    Plan,
    PowerConnection,
    Rack,
    Row,
    ServerGroup,
)

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.design.search import Candidate, PlanForSpec
    from planner.engine.results import Results

AISLE_M = 1.2  # between the plan's last row and the first new one: a hot or cold aisle (planner.design.synthetic)
METHOD_COOLING = {v: k for k, v in COOLING_METHODS.items()}


class GrowError(ValueError):
    """The plan cannot grow as asked (one line, a Message)."""


@dataclass
class Existing:
    """What the existing plan has for the growth: its GPU server model, how many, its cooling,
    the storage appliances by model and its fabrics by kind."""

    server: str | None
    servers: list[str]
    cooling: str | None
    storage: Counter[str] = field(default_factory=Counter)
    fabrics: dict[str, str] = field(default_factory=dict)  # kind -> the first fabric of that kind
    oversubscription: float | None = None  # the compute fabric's


def existing_build(plan: Plan, catalog: Catalog) -> Existing:
    """The plan's GPU servers (the model most of them are), their racks' cooling, storage and
    fabrics. GrowError when it has no GPU servers or they are not of one model."""
    from planner.engine.specs import SpecCache

    spec = SpecCache(catalog)
    gpu: dict[str, list[str]] = {}
    storage: Counter[str] = Counter()
    cooling: Counter[str] = Counter()
    for rack in plan.racks():
        for p in rack.placements:
            dev = catalog.get("device-types", p.device)
            if dev is None:
                continue
            if dev.kind == "storage":
                storage[p.device] += 1
            elif (spec.device(p.device).gpu_count or 0) > 0:
                gpu.setdefault(p.device, []).append(p.id)
                if rack.cooling is not None:
                    cooling[rack.cooling.method] += 1
    if not gpu:
        raise GrowError(tmsg("it has no GPU servers to grow from"))
    if len(gpu) > 1:
        raise GrowError(tmsg("its GPU servers are of {n} models ({models}); growing needs one",
                             n=len(gpu), models=", ".join(sorted(gpu))))
    server, ids = next(iter(gpu.items()))
    if server == gen.NVL_TRAY:
        raise GrowError(tmsg("growing a GB200 NVL72 plan is not built yet"))
    method = cooling.most_common(1)[0][0] if cooling else "air-containment"
    fabrics: dict[str, str] = {}
    for f in plan.fabrics:
        fabrics.setdefault(f.kind, f.id)
    compute = next((f for f in plan.fabrics if f.kind == "compute"), None)
    return Existing(server=server, servers=ids, cooling=METHOD_COOLING.get(method, "air"), storage=storage,
                    fabrics=fabrics, oversubscription=float(compute.oversubscription) if compute else None)


def pick_candidate(cands: list[Candidate], have: Existing) -> Candidate | None:
    """The best-ranked candidate that meets everything with the plan's server model and cooling and
    at least its servers (at the compute fabric's oversubscription when the plan has one and a
    candidate keeps it)."""
    mine = [c for c in cands if c.meets and c.design.server == have.server and c.cooling == have.cooling]
    ok = [c for c in mine if c.servers >= len(have.servers)]
    if mine and not ok:
        raise GrowError(tmsg("its {n} servers already carry the workloads (the best build has {best}); there is "
                             "nothing to add", n=len(have.servers), best=mine[0].servers))
    if have.oversubscription is not None:
        same = [c for c in ok if c.oversubscription in (None, have.oversubscription)]
        ok = same or ok
    return ok[0] if ok else None


@dataclass
class GrowResult:
    plan: Plan
    phase_id: str
    servers_added: int
    storage_added: int
    racks_added: int
    extended: list[str]  # fabric names extended
    designed: list[str]  # fabric names new in this phase
    servers_filled: int = 0  # of servers_added, those in the free space of the plan's racks


def _unique(plan: Plan, taken: set[str], stem: str, start: int = 1) -> str:
    n = start
    while f"{stem}{n}" in taken or plan.index.id_exists(f"{stem}{n}"):
        n += 1
    taken.add(f"{stem}{n}")
    return f"{stem}{n}"


def grow_plan(existing: Plan, cand: Candidate, spec: PlanForSpec, catalog: Catalog, *, phase_name: str,
              phase_start: str = "", first_phase_name: str | None = None) -> GrowResult:
    """The existing plan grown by the phase ``phase_name`` to the candidate's build (module
    docstring). The existing plan is not changed. New servers first take the free space of
    the plan's racks that hold its servers (up to the generator's servers per rack, cords into
    their PDUs' free outlets); when that leaves the grown plan with more errors or warnings
    than new racks alone, the grown plan is the one with new racks only."""
    from planner.engine import Engine
    from planner.i18n import message_text

    engine = Engine(catalog)
    filled = _grow(existing, cand, spec, catalog, phase_name, phase_start, first_phase_name, fill=True)
    res = engine.compute(filled[0].plan)
    if filled[0].servers_filled:
        alone = _grow(existing, cand, spec, catalog, phase_name, phase_start, first_phase_name, fill=False)
        res_alone = engine.compute(alone[0].plan)
        c, ca = res.counts(), res_alone.counts()
        if (ca["error"], ca["warning"]) < (c["error"], c["warning"]):
            filled, res = alone, res_alone
    grown, note = filled
    extra = explain(grown.plan, res, grown.phase_id, catalog)
    text = " ".join([note] + [message_text(m) for m in extra])
    grown.plan.metadata = grown.plan.metadata.model_copy(
        update={"notes": "\n".join(t for t in (grown.plan.metadata.notes, text) if t)})
    return grown


def _grow(existing: Plan, cand: Candidate, spec: PlanForSpec, catalog: Catalog, phase_name: str,
          phase_start: str, first_phase_name: str | None, *, fill: bool) -> tuple[GrowResult, str]:
    from planner.fabric.autowire import autowire
    from planner.fabric.extend import extend_fabric
    from planner.model.geometry import row_footprints

    plan = Plan.model_validate(existing.model_dump())
    have = existing_build(plan, catalog)
    name = " ".join(phase_name.split())
    if not name:
        raise GrowError(tmsg("a growth phase needs a name"))
    if any(p.name.casefold() == name.casefold() for p in plan.growth_phases):
        raise GrowError(tmsg("there is already a growth phase named {name!r}", name=name))
    design = gen.effective_design(cand.design, catalog)
    region = plan.metadata.site_region or design.region
    if region != design.region:  # the site's power, not the one the search assumed (its PDU too)
        design = replace(design, region=region, pdu=None)
    n_new = design.servers - len(have.servers)
    sto = design.storage
    sto_new = max(0, sto.count - have.storage.get(sto.device, 0)) if sto is not None else 0
    if n_new <= 0 and sto_new <= 0:
        raise GrowError(tmsg("its {n} servers already carry the workloads; there is nothing to add",
                             n=len(have.servers)))

    # the phases: the plan's (or one first phase for all it has) and the new one
    phases = [p.model_dump() for p in plan.growth_phases]
    if not phases:
        first = " ".join((first_phase_name or gettext(N_("Existing build"))).split())
        if first.casefold() == name.casefold():
            raise GrowError(tmsg("there is already a growth phase named {name!r}", name=name))
        phases.append({"id": plan.new_id("phase"), "name": first, "start": ""})
    later = [p for p in phases if p["start"] and phase_start and p["start"][:7] > phase_start[:7]]
    if later:
        raise GrowError(tmsg("the new phase would start ({start}) before {name} ({other})", start=phase_start,
                             name=later[-1]["name"], other=later[-1]["start"]))
    taken_ids: set[str] = {p["id"] for p in phases}
    phase_id = _unique(plan, taken_ids, "phase-")
    phases.append({"id": phase_id, "name": name, "start": phase_start})
    try:
        plan.growth_phases = [GrowthPhase.model_validate(p) for p in phases]
    except ValueError as e:
        raise GrowError(tmsg("growth phase: {error}", error=str(e).splitlines()[-1])) from None
    before = _ids(plan)

    ch = gen.choices(design, catalog)
    per_rack = ch.fit.servers_per_rack
    rack_w, rack_d = gen._rack_dims(catalog, ch.rack_type)
    net_w, net_d = gen._rack_dims(catalog, ch.network_rack_type)
    depth = max(rack_d, net_d)
    method = COOLING_METHODS[design.cooling]
    room = plan.index.rooms[plan.index.row_room[plan.index.rack_row[plan.rack_of(have.servers[0]).id]]]
    y_end = 0.0
    x0 = min((r.x_m for r in room.rows), default=gen.MARGIN_M)
    last: Row | None = None
    for row in room.rows:
        for fp in row_footprints(row, catalog):
            if fp.bounds[3] >= y_end:
                y_end, last = fp.bounds[3], row
    # the new rows go on with the hot/cold-aisle pairs (planner.design.generate._row_place): after a
    # row facing +y (180) comes one facing it across a cold aisle, after one facing -y a row back to
    # back with it across a hot aisle
    offset = 1 if last is not None and round(last.orientation_deg) % 360 == 180 else 0

    s_height = max(1, math.ceil(catalog.device(design.server).u_height or 1))
    slots: list[tuple[str, int]] = []
    if fill and n_new > 0:
        from planner.engine import Engine

        unit_w = gen._specs(catalog).device(design.server).max_w + gen.OPTICS_W * (
            gen._link_ends(catalog, design.server, design) + 1)  # its fabrics' ports and its BMC
        slots = _fill_slots(plan, catalog, design.server, method, per_rack, s_height, Engine(catalog).compute(existing),
                            unit_w, design.max_rack_kw)[:n_new]
    n_racks = math.ceil((n_new - len(slots)) / per_rack) if n_new > len(slots) else 0
    compute_rows = [min(gen.RACKS_PER_ROW, n_racks - k) for k in range(0, n_racks, gen.RACKS_PER_ROW)]
    sdev = catalog.device(sto.device) if sto is not None and sto_new else None
    stor_per_rack = 0
    if sdev is not None and sto is not None:
        sspec = gen._specs(catalog).device(sto.device)
        h = max(1, math.ceil(sdev.u_height or 1))
        sto_ends = len(gen._role_ports(catalog, sto.device, "storage"))
        limit = [(catalog.rack_type(ch.network_rack_type).u_height - 2) // h,
                 int((gen._settings().air_containment_limit_kw * 1000 * gen.FILL - 200.0)
                     // (sspec.max_w + gen.OPTICS_W * sto_ends))]
        if design.max_rack_kw is not None:
            limit.append(int((design.max_rack_kw * 1000 - 200.0) // (sspec.max_w + gen.OPTICS_W * sto_ends)))
        stor_per_rack = max(1, min(limit))
    n_sto_racks = math.ceil(sto_new / stor_per_rack) if sto_new else 0
    # network racks for the new switches: the generator's estimate for the whole build, one more
    # for what extending needs; those left empty are removed again
    est = 0
    for fc, sw, role in ((design.compute, ch.compute_switch, "compute"),
                         (design.storage_fabric or (gen._storage_fabric(design, catalog) if sto else None),
                          ch.storage_switch, "storage"), (design.frontend, ch.frontend_switch, "frontend")):
        if fc is not None and sw is not None:
            n = gen._estimate_switches(catalog, design, sw, role, design.servers, fc)
            est += math.ceil(n / gen._switches_per_rack(catalog, sw, ch.network_rack_type, design))
    n_net = est + 1
    row_len = max([c * rack_w for c in compute_rows] + [(n_sto_racks + n_net) * net_w])

    b = gen._Build(plan, catalog, PlacementChecker(catalog))
    taken: set[str] = set()
    names = {r.name for r in plan.racks()}
    rack_no = 0
    loops: dict[int, str] = {}
    new_loops: list[CoolingLoop] = []
    facility = None
    if design.cooling in ("rdhx", "immersion"):
        facility = _unique(plan, taken, "loop-facility-")
        new_loops.append(CoolingLoop(id=facility, name=tf(N_("Facility water ({phase})"), phase=name),
                                     kind="facility", supply_temp_c=gen.FACILITY_SUPPLY_C[design.cooling],
                                     delta_t_k=gen.FACILITY_DELTA_T_K, capacity_kw=1.0))

    def rack_name(prefix: str) -> str:
        nonlocal rack_no
        while True:
            rack_no += 1
            n = f"{prefix}-{rack_no:02d}"
            if n not in names:
                names.add(n)
                return n

    def place_row(i: int, row_name: str) -> Row:
        x, y, orient = gen._row_place(i + offset, row_len, depth)
        return Row(id=_unique(plan, taken, "row-"), name=row_name, x_m=round(x + x0 - gen.MARGIN_M, 3),
                   y_m=y, orientation_deg=orient)

    rows_before = sum(1 for r in plan.index.rows)
    for i, count in enumerate(compute_rows):
        row = place_row(i, tf(N_("Row {n}"), n=rows_before + i + 1))
        if design.cooling == "dlc":
            loops[i] = _unique(plan, taken, "loop-row-")
            new_loops.append(CoolingLoop(id=loops[i], name=tf(N_("CDU loop {row}"), row=row.name), kind="in-row",
                                         cdu="placeholder", cdu_count=1, supply_temp_c=gen.CDU_SUPPLY_C,
                                         delta_t_k=10.0))
        for pos in range(count):
            unit = ch.cooling_unit if design.cooling in ("rdhx", "immersion") else None
            row.racks.append(Rack(id=_unique(plan, taken, "rack-"), name=rack_name("GPU"), rack_type=ch.rack_type,
                                  position=pos, tags=["gpu"],
                                  cooling=CoolingChoice(method=method, unit=unit, loop=loops.get(i) or facility)))
        b.rows.append(row)
        b.compute_racks += row.racks
    net_row = place_row(len(compute_rows), tf(N_("Network row ({phase})"), phase=name))
    sto_no = 0
    for k in range(n_sto_racks):
        sto_no += 1
        while f"STO-{sto_no:02d}" in names:
            sto_no += 1
        names.add(f"STO-{sto_no:02d}")
        net_row.racks.append(Rack(id=_unique(plan, taken, "rack-sto-"), name=f"STO-{sto_no:02d}",
                                  rack_type=ch.network_rack_type, position=k, tags=["storage"],
                                  cooling=CoolingChoice(method="air-containment")))
    b.storage_racks = list(net_row.racks)
    net_racks = []
    for k in range(n_net):
        rk = Rack(id=_unique(plan, taken, "rack-net-"), name=rack_name("NET"), rack_type=ch.network_rack_type,
                  position=n_sto_racks + k, tags=["network"], cooling=CoolingChoice(method="air-containment"))
        net_row.racks.append(rk)
        net_racks.append(rk.id)
    b.rows.append(net_row)
    # moved behind the plan's rows: an aisle after its last footprint
    y_new = min(fp.bounds[1] for row in b.rows for fp in row_footprints(row, catalog))
    for row in b.rows:
        row.y_m = round(row.y_m + y_end + AISLE_M - y_new, 3)
    plan.cooling_loops = list(plan.cooling_loops) + new_loops
    room.rows = list(room.rows) + b.rows
    plan.reindex()

    # servers and storage appliances: first the free space of the plan's racks, then the new racks
    left = n_new
    srv_names = {p.name for rk in plan.racks() for p in rk.placements}
    node_no = len(have.servers)
    filled = 0
    for rack_id, u in slots:
        node_no += 1
        while f"node{node_no:03d}" in srv_names:
            node_no += 1
        sid = _unique(plan, taken, "srv-", len(have.servers) + 1)
        try:
            b.place(rack_id, Placement(id=sid, device=design.server, name=f"node{node_no:03d}", u=u))
        except gen.DesignError:
            break
        plan.reindex()
        if not _plug(plan, catalog, rack_id, sid):  # no free outlets: not into this rack
            plan.rack(rack_id).placements = [p for p in plan.rack(rack_id).placements if p.id != sid]
            plan.reindex()
            break
        b.servers.append(sid)
        filled += 1
        left -= 1
    for rack in b.compute_racks:
        for slot in range(min(per_rack, left)):
            node_no += 1
            while f"node{node_no:03d}" in srv_names:
                node_no += 1
            sid = _unique(plan, taken, "srv-", len(have.servers) + 1)
            b.place(rack.id, Placement(id=sid, device=design.server, name=f"node{node_no:03d}", u=2 + slot * s_height))
            b.servers.append(sid)
        left -= min(per_rack, left)
    if sdev is not None and sto is not None:
        h = max(1, math.ceil(sdev.u_height or 1))
        have_sto = have.storage.get(sto.device, 0)
        for k in range(sto_new):
            pid = _unique(plan, taken, "sto-", have_sto + k + 1)
            rack = b.storage_racks[k // stor_per_rack]
            b.place(rack.id, Placement(id=pid, device=sto.device, name=f"storage{have_sto + k + 1:02d}",
                                       u=2 + (k % stor_per_rack) * h))
            b.storage.append(pid)

    # fabrics: the plan's extended, what it lacks designed over old and new members
    extended: list[str] = []
    designed: list[str] = []
    old_servers = list(have.servers)

    def fabric_name(fid: str) -> str:
        return next(f.name for f in plan.fabrics if f.id == fid)

    def grow_fabric(kind: str, fc: Any, sw: str | None, new: list[str], old: list[str], title: str) -> None:
        if fc is None or sw is None:
            return
        try:
            if kind in have.fabrics:
                members = [s for s in new if kind == "compute" or gen._has_role(catalog, plan, s, kind)]
                if not members:
                    return
                # one extension per port speed: extend_fabric wires a call's ports at the slowest one's speed
                # (a server's 200G storage ports beside an appliance's 100G would run at 100G)
                for group in _by_speed(catalog, plan, members, kind):
                    res = extend_fabric(plan, catalog, have.fabrics[kind], group, switch_racks=net_racks)
                    res.edit.apply(plan)
                    plan.reindex()
                extended.append(fabric_name(have.fabrics[kind]))
            else:
                members = [s for s in old + new if kind == "compute" or gen._has_role(catalog, plan, s, kind)
                           or s in b.storage or plan.placement(s).device == (sto.device if sto else None)]
                if not members:
                    return
                fid = _unique(plan, taken, f"fab-{kind}-")
                res2 = autowire(plan, catalog, members, sw, kind=kind, oversubscription=fc.oversubscription,
                                rail_optimised=fc.rail_optimised if kind == "compute" else False,
                                rack_type=ch.network_rack_type, fabric_id=fid, fabric_name=title,
                                switch_racks=net_racks, network_row=net_row.id, growable=True)
                res2.edit.apply(plan)
                designed.append(title)
        except EditRefused as e:
            raise GrowError(tmsg("{kind} fabric: {reason}", kind=kind, reason=gen.reason_of(e))) from None
        plan.reindex()

    if design.compute is not None:
        fc = design.compute
        grow_fabric("compute", fc, ch.compute_switch, b.servers, old_servers,
                    tf(N_("Compute ({technology}, {speed:g}G, rail-optimised)") if fc.rail_optimised
                       else N_("Compute ({technology}, {speed:g}G)"), technology=gen._technology(fc.technology),
                       speed=fc.speed_gbps))
    if sto is not None:
        fc = design.storage_fabric or gen._storage_fabric(design, catalog)
        old_sto = [p.id for rk in existing.racks() for p in rk.placements if p.device == sto.device]
        grow_fabric("storage", fc, ch.storage_switch, b.servers + b.storage, old_servers + old_sto,
                    tf(N_("Storage ({technology}, {speed:g}G)"), technology=gen._technology(fc.technology),
                       speed=fc.speed_gbps))
    if design.frontend is not None:
        fc = design.frontend
        grow_fabric("frontend", fc, ch.frontend_switch, b.servers, old_servers,
                    tf(N_("Front-end ({technology}, {speed:g}G)"), technology=gen._technology(fc.technology),
                       speed=fc.speed_gbps))
    # the network racks that took no switch are not needed
    net_row_obj = plan.index.rows[net_row.id]
    net_row_obj.racks = [rk for rk in net_row_obj.racks if rk.placements or "network" not in rk.tags]
    for pos, rk in enumerate(net_row_obj.racks):
        rk.position = pos
    if not net_row_obj.racks:
        room.rows = [r for r in room.rows if r.id != net_row.id]
        b.rows = [r for r in b.rows if r.id != net_row.id]
    else:
        b.rows = [r if r.id != net_row.id else net_row_obj for r in b.rows]
    plan.reindex()
    if ch.mgmt_switch is not None:
        new_members = [p.id for rk in plan.racks() for p in rk.placements
                       if p.id not in before and gen._mgmt_member(catalog, p.device)]
        if new_members:
            res = None
            if "management" in have.fabrics:
                try:
                    res = extend_fabric(plan, catalog, have.fabrics["management"], new_members,
                                        switch_racks=[rk.id for row in reversed(b.rows) for rk in row.racks])
                except EditRefused:
                    res = None
                # a one-switch management network that would need a spine tier: the phase's racks get a
                # management network of their own instead (an access network; the generator too gives
                # each row its own where one does not reach)
                if res is not None and res.tiers_before == 1 and res.tiers_after > 1:
                    res = None
            if res is not None:
                res.edit.apply(plan)
                extended.append(fabric_name(have.fabrics["management"]))
            else:
                title = tf(N_("Management {phase} (1 GbE)"), phase=name)
                try:
                    gen._wire_management(plan, catalog, ch, ch.mgmt_switch, b.rows,
                                         fabric_id=_unique(plan, taken, "fab-mgmt-"), name=title)
                except (EditRefused, gen.DesignError) as e:
                    raise GrowError(tmsg("management fabric: {reason}", reason=gen.reason_of(e))) from None
                designed.append(title)
            plan.reindex()

    # power: the new racks' PDUs and feeds, sized for their maximum draw
    optics = gen._optics_w(plan, catalog)
    pdus = ([gen._pdu_model(catalog, ch.pdu)] if design.pdu or design.region != "eu"
            else [gen._pdu_model(catalog, slug) for slug in gen.region_pdus(catalog, "eu")])
    for row in b.rows:
        for rack in row.racks:
            gen._power_rack(plan, catalog, plan.rack(rack.id), pdus, design.redundancy, b.checker, optics)
    ends: dict[str, int] = {}
    for lk in plan.links:
        for end in (lk.a.placement, lk.b.placement):
            ends[end] = ends.get(end, 0) + 1
    b.compute_racks = [plan.rack(r.id) for r in b.compute_racks]
    b.rows = [plan.index.rows[r.id] for r in b.rows]
    gen._size_loops(plan, catalog, design, ch, b, ends, loops, facility)

    # the room around its rows
    x1 = y1 = 0.0
    for row in room.rows:
        for fp in row_footprints(row, catalog):
            x1, y1 = max(x1, fp.bounds[2]), max(y1, fp.bounds[3])
    room.width_m = round(max(room.width_m, x1 + gen.MARGIN_M), 3)
    room.depth_m = round(max(room.depth_m, y1 + gen.MARGIN_M), 3)

    # everything new names the phase
    plan.reindex()
    for rk in plan.racks():
        if rk.id not in before:
            rk.growth_phase = phase_id
        for p in rk.placements:
            if p.id not in before:
                p.growth_phase = phase_id
    for items in (plan.links, plan.feeds, plan.cooling_loops):
        for it in items:
            if it.id not in before:
                it.growth_phase = phase_id

    # the servers' group and the workloads
    group = next((g for g in plan.groups if set(have.servers) & set(g.members)), None)
    if group is None:
        group = ServerGroup(id=_unique(plan, taken, "grp-servers-"), name=gettext(N_("GPU servers")),
                            members=list(have.servers))
        AddItem(group).apply(plan)
        group = next(g for g in plan.groups if g.id == group.id)
    group.members = list(group.members) + [s for s in b.servers if s not in group.members]
    # the spec's targets are the new phase's (docs/plan-for.md, "Growing a plan"): the targets
    # of the phases before stay theirs, so each phase is judged by its own; a spec target that
    # restates an earlier one unchanged is not added twice, one that shares its name but not its
    # figures is added with the phase's name after its own
    new_w = []
    for w in spec.plan_workloads():
        w = w.model_copy(update={"group": w.group or group.id})
        same = [x for x in plan.workloads if x.name.casefold() == w.name.casefold()]
        if any((x.kind, x.spec, x.group) == (w.kind, w.spec, w.group) for x in same):
            continue
        tail = f" ({name})"
        wname = w.name[:max(0, 200 - len(tail))] + tail if same else w.name  # a Name holds 200 characters
        wname = wname[:200]
        new_w.append(w.model_copy(update={"id": _unique(plan, taken, "wl-"), "name": wname,
                                          "growth_phase": phase_id}))
    plan.workloads = list(plan.workloads) + new_w
    # a title plan-for wrote ("1 x <server>") follows the grown count; the user's own stays
    server_name = cand.server_name
    if plan.metadata.project == f"{len(have.servers)} x {server_name}":
        plan.metadata = plan.metadata.model_copy(update={"project": f"{design.servers} x {server_name}"})
    note = tf(N_("Growth phase {phase}: {servers} more {server} ({gpus} GPUs in all), {filled} of them in the "
                 "free space of racks the phases before have, {racks} new racks, generated by rackwright plan-for "
                 "--grow; what the phases before it have stays as it was."),
              phase=name, servers=len(b.servers), server=gen._model_name(catalog, "device-types", design.server),
              gpus=cand.gpus, filled=filled, racks=sum(len(r.racks) for r in b.rows))
    grown = Plan.model_validate(plan.model_dump())
    return GrowResult(plan=grown, phase_id=phase_id, servers_added=len(b.servers), storage_added=len(b.storage),
                      racks_added=sum(len(r.racks) for r in b.rows), extended=extended, designed=designed,
                      servers_filled=filled), note


def _fill_slots(plan: Plan, catalog: Catalog, server: str, method: str, per_rack: int, height: int, results: Results,
                unit_w: float, max_rack_kw: float | None) -> list[tuple[str, int]]:
    """(rack, U) where new servers can go into the plan's racks: racks of the same cooling with
    PDUs that hold servers of the model, up to ``per_rack`` of them (the generator's fill), as
    many as the feeds of each side carry when the other side fails (``unit_w`` each, within the
    engine's warning fraction of their capacity; ``results``: the plan's before the growth) and
    the rack-kW limit allows, at the free U from the bottom."""
    specs = gen._specs(catalog)
    checker = PlacementChecker(catalog)
    warn = gen._settings().feed_warn_fraction
    out: list[tuple[str, int]] = []
    for rack in plan.racks():
        n = sum(1 for p in rack.placements if p.device == server)
        if not n or n >= per_rack or (rack.cooling is not None and rack.cooling.method != method):
            continue
        pdus = [p for p in rack.placements if specs.device(p.device).pdu is not None]
        by_side: dict[str, float] = {}
        for p in pdus:
            fr = results.feeds.get(p.feed) if p.feed else None
            if fr is None:
                by_side = {}
                break
            by_side[fr.side] = by_side.get(fr.side, 0.0) + max(0.0, fr.capacity_w * warn - fr.failover_w)
        if not by_side:
            continue
        room = min(per_rack - n, int(min(by_side.values()) // unit_w))
        rr = results.racks.get(rack.id)
        if max_rack_kw is not None and rr is not None:
            room = min(room, int((max_rack_kw * 1000.0 - rr.max_w) // unit_w))
        for start, length in checker.free_blocks(rack):
            for k in range(length // height):
                if room > 0:
                    out.append((rack.id, start + k * height))
                    room -= 1
    return out


def _plug(plan: Plan, catalog: Catalog, rack_id: str, pid: str) -> bool:
    """The cords of device ``pid`` into free outlets of its rack's PDUs, alternating the feed
    sides, each on the least-loaded phase (its devices' maximum draw spread over their cords);
    False when the outlets run out. The rack's other devices keep their cords."""
    specs = gen._specs(catalog)
    rack = plan.rack(rack_id)
    dev = next(p for p in rack.placements if p.id == pid)
    cords = specs.device(dev.device).cords
    feeds = {f.id: f for f in plan.feeds}
    pdus = [p for p in rack.placements if specs.device(p.device).pdu is not None]
    if not pdus or not cords:
        return False
    info = {p.id: specs.device(p.device).pdu for p in pdus}
    side = {p.id: (feeds[p.feed].side if p.feed in feeds and feeds[p.feed].side else
                   ("A" if p.side == "left" else "B")) for p in pdus}
    used: set[tuple[str, int]] = set()
    load: dict[tuple[str, int], float] = {}
    for p in rack.placements:
        if not p.power:
            continue
        w = specs.device(p.device).max_w / len(p.power)
        for c in p.power:
            pi = info.get(c.pdu)
            if pi is None or c.outlet is None:
                continue
            used.add((c.pdu, c.outlet))
            key = (c.pdu, pi.phase_of(c.outlet))
            load[key] = load.get(key, 0.0) + w
    sides = sorted(set(side.values()))
    w = specs.device(dev.device).max_w / cords
    conns = []
    for k in range(cords):
        want = sides[k % len(sides)]
        best: tuple[float, int, int, str] | None = None
        for n, p in enumerate(pdus):
            pi = info[p.id]
            if side[p.id] != want or pi is None:
                continue
            for o in range(1, pi.outlets + 1):
                if (p.id, o) not in used:
                    cand = (load.get((p.id, pi.phase_of(o)), 0.0), n, o, p.id)
                    best = cand if best is None or cand < best else best
        if best is None:
            return False
        _l, _n, outlet, pdu_id = best
        used.add((pdu_id, outlet))
        phase = info[pdu_id].phase_of(outlet)  # type: ignore[union-attr]
        load[(pdu_id, phase)] = load.get((pdu_id, phase), 0.0) + w
        conns.append(PowerConnection(pdu=pdu_id, outlet=outlet))
    dev.power = conns
    return True


def _by_speed(catalog: Catalog, plan: Plan, members: list[str], kind: str) -> list[list[str]]:
    """``members`` grouped by the slowest of their ``kind`` ports, fastest group first."""
    from planner.fabric.ports import device_ports

    groups: dict[float, list[str]] = {}
    for m in members:
        dp = device_ports(catalog, plan.placement(m).device)
        ports = dp.role(kind) if dp is not None else []
        groups.setdefault(min((p.speed_gbps for p in ports), default=0.0), []).append(m)
    return [groups[k] for k in sorted(groups, reverse=True)]


def _ids(plan: Plan) -> set[str]:
    out = {rk.id for rk in plan.racks()}
    out |= {p.id for rk in plan.racks() for p in rk.placements}
    out |= {lk.id for lk in plan.links} | {f.id for f in plan.feeds} | {lp.id for lp in plan.cooling_loops}
    return out


def why_not_grown(have: Existing, catalog: Catalog) -> Message:
    return tmsg("no candidate with its {server} ({cooling}) meets every target and constraint",
                server=gen._model_name(catalog, "device-types", have.server or "?"), cooling=have.cooling or "?")


def explain(plan: Plan, results: Results, phase_id: str, catalog: Catalog) -> list[Message]:
    """What the grown plan's description says about the findings the growth leaves: the
    phase before it lacks what the new fabrics need (its findings this phase clears; the
    grown build's workload targets are the new phase's, not checked before it), and a storage fabric whose single switch grew a spine tier
    reads oversubscribed (the engine counts the new uplinks at the fabric's lane speed)."""
    out: list[Message] = []
    ph = results.phases
    if ph is not None and len(ph.phases) >= 2 and ph.phases[-1].id == phase_id:
        cleared = sorted({f.code for f in ph.phases[-1].resolved_findings if f.severity in ("error", "warning")})
        if cleared:
            # (the grown build's workload targets are the new phase's, so they are not among them)
            out.append(tmsg("In {before} the engine reports {codes}: what this phase completes is not there yet; "
                            "{phase} clears them.", before=ph.phases[-2].name, codes=", ".join(cleared),
                            phase=ph.phases[-1].name))
    from planner.engine.settings import EngineSettings

    need = EngineSettings().min_storage_gb_per_s_per_gpu * 8.0  # GB/s -> Gb/s
    fabs = {f.id: f for f in plan.fabrics}
    for f in results.findings:
        if f.code != "FABRIC_OVERSUBSCRIBED" or f.id not in fabs or fabs[f.id].kind != "storage":
            continue
        fr = results.fabrics.get(f.id)
        if fr is None:
            continue
        out.append(tmsg("Intended warning FABRIC_OVERSUBSCRIBED on {fabric}: the one switch of the phases before "
                        "grew a spine tier, whose uplinks the engine counts at the fabric's {speed:g}G lanes while "
                        "the servers' storage ports run faster, so it reads {ratio:.2f}:1. Each GPU still has "
                        "{eff:.0f} Gb/s of storage network, {times:.0f} times the {need:g} Gb/s the engine asks "
                        "(min_storage_gb_per_s_per_gpu).", fabric=fabs[f.id].name,
                        speed=fabs[f.id].speed_gbps, ratio=fr.oversubscription, eff=fr.effective_per_gpu_gbps,
                        times=fr.effective_per_gpu_gbps / need if need else 0.0, need=need))
    return out
