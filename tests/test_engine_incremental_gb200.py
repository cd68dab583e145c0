"""Incremental == full on a GB200 NVL72 plan: after every random edit (and every undo) the
engine's incremental result equals a fresh full recompute, bit for bit.

The sibling of tests/test_engine_incremental.py for what that one's 8-GPU plan never has:
NVLink domains (links added, removed, re-pointed, a rack's spine cleared and auto-wired
again, NVLink fabrics removed or re-kinded), compute trays and NVLink switch trays moved,
removed, added or swapped, and the busbar power path (power shelves moved, removed,
added, re-corded or swapped; a PDU moved to another feed, a feed's side changed, a PDU
removed; feeds re-hung on UPSs and panels, sources re-sized or re-sided), with an inference workload on the trays so the NVLink domain reaches the
workload results too.
"""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine
from planner.fabric.nvlink_wire import autowire_nvlink_rack
from planner.model.edits import (
    AddItem,
    AddPlacement,
    Compound,
    EditRefused,
    MovePlacement,
    RemoveItem,
    RemovePlacement,
    SetProperty,
    SetRackCooling,
)
from planner.model.placement import PlacementChecker
from planner.model.plan import (
    CoolingChoice,
    Endpoint,
    Link,
    Placement,
    PowerConnection,
    PowerSource,
    ServerGroup,
    Workload,
)
from tests.fixtures.cooling_edits import random_cooling_edit
from tests.fixtures.incremental import check_random_edits

CATALOG = load_catalog()  # the GB200 parts ship in the catalog
TRAY = "nvidia-gb200-nvl72-compute-tray"
NVSWITCH = "nvidia-nvlink-switch"
SHELF = "nvidia-gb200-power-shelf"
SPINE_CABLE = "nvlink-spine-cartridge"
NVL_PORTS = [f"gpu{g}-nvl{k}" for g in range(4) for k in range(18)]
CX_PORTS = ["cx7-1", "cx7-2", "cx7-3", "cx7-4"]


def base_plan():
    plan = synthetic_plan(144, CATALOG, platform="gb200-nvl72")  # 2 NVL72 racks, a leaf rack, a spine rack
    trays = [p.id for p, _ in plan.index.iter_placements() if p.device == TRAY]
    plan.groups.append(ServerGroup(id="grp-nvl", name="NVL72 trays", members=trays))
    plan.workloads.append(Workload(id="wl-serve", name="serve", kind="inference", group="grp-nvl",
                                   spec={"model": "llama-3.1-405b", "precision": "fp8", "users": 300,
                                         "target_tokens_per_s_per_user": 20, "tp": 8}))
    # a UPS per feed side (the busbar racks' shelves fail over across them), A's feeds via a panel
    plan.power_sources.extend([PowerSource(id="ups-a", name="UPS A", capacity_kw=400.0, side="A"),
                               PowerSource(id="ups-b", name="UPS B", capacity_kw=200.0, side="B"),
                               PowerSource(id="pnl-a", name="PP-A", kind="panel", capacity_kw=150.0, side="A",
                                           upstream="ups-a")])
    for i, f in enumerate(plan.feeds):
        f.upstream = ("pnl-a" if i % 2 else "ups-a") if f.side == "A" else "ups-b"
    plan.reindex()
    return plan


def canon(results, plan) -> str:
    return json.dumps(results.to_json(plan), sort_keys=True)


def _of(plan, *devices):
    return sorted(p.id for p, _ in plan.index.iter_placements() if p.device in devices)


def _nvl_fabrics(plan):
    return [f.id for f in plan.fabrics if f.kind == "nvlink"] or [f.id for f in plan.fabrics]


def _move(plan, data, checker, pid):
    to = data.draw(st.sampled_from(sorted(plan.index.racks)))
    p = plan.placement(pid)
    if p.u is None:
        return MovePlacement(pid, to, None)
    u = checker.first_fit(plan, to, p.device)
    return MovePlacement(pid, to, u, checker=checker) if u else None


def random_edit(plan, data, n):
    checker = PlacementChecker(CATALOG)
    trays, switches, shelves = _of(plan, TRAY), _of(plan, NVSWITCH), _of(plan, SHELF)
    pdus = sorted(p.id for p, _ in plan.index.iter_placements() if p.feed)
    leaves = sorted(p.id for p, _ in plan.index.iter_placements() if p.id.startswith("leaf-"))
    nvl_links = [lk.id for lk in plan.links if lk.fabric != "fab-compute"]
    cmp_links = [lk.id for lk in plan.links if lk.fabric == "fab-compute"]
    kind = data.draw(st.sampled_from([
        "nvl_add", "nvl_add", "nvl_rm", "nvl_rm", "nvl_clear", "nvl_autowire", "nvl_link_prop", "nvl_fabric",
        "cmp_add", "cmp_rm", "tray_move", "tray_move", "tray_rm", "tray_add", "switch_move", "switch_rm",
        "shelf_move", "shelf_rm", "shelf_add", "shelf_cords", "pdu_feed", "pdu_feed", "feed_side", "pdu_rm",
        "swap", "cooling", "group", "feed_upstream", "feed_upstream", "source", "cooling_plan", "floor",
        "floor"]))
    if kind == "floor":  # the room shrunk, a row moved or turned, a rack pushed along: RACK_OUTSIDE_ROOM
        room = plan.site.rooms[0]
        rows = sorted(plan.index.rows)
        what = data.draw(st.sampled_from(["room", "row", "rack"]))
        if what == "room":
            return SetProperty("room", room.id, data.draw(st.sampled_from(["width_m", "depth_m"])),
                               data.draw(st.sampled_from([1.5, 4.0, 60.0])))
        if what == "row" and rows:
            field, value = data.draw(st.sampled_from([("x_m", 0.2), ("y_m", 30.0), ("orientation_deg", 90),
                                                      ("orientation_deg", 0)]))
            return SetProperty("row", data.draw(st.sampled_from(rows)), field, value)
        racks = sorted(plan.index.racks)
        if racks:
            return SetProperty("rack", data.draw(st.sampled_from(racks)), "gap_before_m",
                               data.draw(st.sampled_from([0.0, 25.0])))
        return None
    if kind == "feed_upstream" and plan.feeds:
        return SetProperty("feed", data.draw(st.sampled_from(sorted(f.id for f in plan.feeds))), "upstream",
                           data.draw(st.sampled_from([None, "ups-a", "ups-b", "pnl-a"])))
    if kind == "source":
        sid = data.draw(st.sampled_from(["ups-a", "ups-b", "pnl-a"]))
        field, value = data.draw(st.sampled_from([("capacity_kw", 100.0), ("side", None), ("side", "B"),
                                                  ("upstream", None), ("upstream", "ups-b")]))
        return SetProperty("source", sid, field, value)
    if kind == "cooling_plan":  # loops added, edited, removed; racks and rows assigned
        cdus = sorted({lp.cdu for lp in plan.cooling_loops if lp.cdu} | {"nonexistent-cdu"})
        return random_cooling_edit(plan, data, n, cdus, [None, "unknown-door"])
    if kind == "nvl_add" and trays and switches:  # possibly a used port, another rack's switch, another fabric
        return AddItem(Link(id=f"lk-n-{n}", fabric=data.draw(st.sampled_from(sorted(f.id for f in plan.fabrics))),
                            a=Endpoint(placement=data.draw(st.sampled_from(trays)),
                                       port=data.draw(st.sampled_from(NVL_PORTS))),
                            b=Endpoint(placement=data.draw(st.sampled_from(switches)),
                                       port=f"acp{data.draw(st.integers(1, 144))}"),
                            cable=data.draw(st.sampled_from([SPINE_CABLE, None])),
                            length_m=data.draw(st.sampled_from([0.5, 1.2, None]))))
    if kind == "nvl_rm" and nvl_links:
        picked = data.draw(st.lists(st.sampled_from(nvl_links), min_size=1, max_size=8, unique=True))
        return Compound([RemoveItem("link", x) for x in picked])
    if kind == "nvl_clear":  # one rack's whole NVLink domain unwired (and its fabric removed)
        fid = data.draw(st.sampled_from(_nvl_fabrics(plan)))
        edits = [RemoveItem("link", lk.id) for lk in plan.links if lk.fabric == fid]
        return Compound(edits + [RemoveItem("fabric", fid)] if fid != "fab-compute" else edits)
    if kind == "nvl_autowire":  # refused while the rack's NVLink ports are in use
        rid = data.draw(st.sampled_from(sorted(plan.index.racks)))
        fid = data.draw(st.sampled_from([None] + _nvl_fabrics(plan)))
        try:
            return autowire_nvlink_rack(plan, CATALOG, rid, fabric_id=fid).edit
        except EditRefused:
            return None
    if kind == "nvl_link_prop" and nvl_links:
        lid = data.draw(st.sampled_from(nvl_links))
        field, value = data.draw(st.sampled_from([
            ("cable", None), ("cable", "fibre-mmf-om4-mpo12"), ("length_m", 3.0), ("length_m", None),
            ("fabric", "*"), ("b", "*"), ("a", "*")]))
        if field == "fabric":
            value = data.draw(st.sampled_from(sorted(f.id for f in plan.fabrics)))
        elif field == "b" and switches:
            value = {"placement": data.draw(st.sampled_from(switches)), "port": "acp1"}
        elif field == "a" and trays:
            value = {"placement": data.draw(st.sampled_from(trays)), "port": data.draw(st.sampled_from(NVL_PORTS))}
        elif field in ("a", "b"):
            return None
        return SetProperty("link", lid, field, value)
    if kind == "nvl_fabric":
        fid = data.draw(st.sampled_from(_nvl_fabrics(plan)))
        field, value = data.draw(st.sampled_from([("kind", "compute"), ("kind", "nvlink"), ("speed_gbps", 400.0),
                                                  ("technology", "infiniband")]))
        return SetProperty("fabric", fid, field, value)
    if kind == "cmp_add" and trays and leaves:
        return AddItem(Link(id=f"lk-c-{n}", fabric="fab-compute",
                            a=Endpoint(placement=data.draw(st.sampled_from(trays)),
                                       port=data.draw(st.sampled_from(CX_PORTS))),
                            b=Endpoint(placement=data.draw(st.sampled_from(leaves)),
                                       port=f"p{data.draw(st.integers(1, 64))}"),
                            cable=data.draw(st.sampled_from(["fibre-mmf-om4-mpo12", None])), length_m=12.0))
    if kind == "cmp_rm" and cmp_links:
        picked = data.draw(st.lists(st.sampled_from(cmp_links), min_size=1, max_size=4, unique=True))
        return Compound([RemoveItem("link", x) for x in picked])
    if kind == "tray_move" and trays:
        return _move(plan, data, checker, data.draw(st.sampled_from(trays)))
    if kind == "tray_rm" and trays:
        return RemovePlacement(data.draw(st.sampled_from(trays)))
    if kind in ("tray_add", "shelf_add"):
        rid = data.draw(st.sampled_from(sorted(plan.index.racks)))
        dev = TRAY if kind == "tray_add" else SHELF
        u = checker.first_fit(plan, rid, dev)
        if u is None:
            return None
        cords = []
        rack_pdus = [q.id for q in plan.rack(rid).placements if q.feed]
        if dev == SHELF and rack_pdus:
            pdu = data.draw(st.sampled_from(rack_pdus))
            cords = [PowerConnection(pdu=pdu, outlet=o) for o in range(1 + 6 * data.draw(st.integers(0, 3)),
                                                                      7 + 6 * data.draw(st.integers(0, 3)))]
        return AddPlacement(rid, Placement(id=f"new-{n}", device=dev, u=u, power=cords), checker=checker)
    if kind == "switch_move" and switches:
        return _move(plan, data, checker, data.draw(st.sampled_from(switches)))
    if kind == "switch_rm" and switches:
        return RemovePlacement(data.draw(st.sampled_from(switches)))
    if kind == "shelf_move" and shelves:
        return _move(plan, data, checker, data.draw(st.sampled_from(shelves)))
    if kind == "shelf_rm" and shelves:
        picked = data.draw(st.lists(st.sampled_from(shelves), min_size=1, max_size=4, unique=True))
        return Compound([RemovePlacement(x) for x in picked])  # four: a whole feed side's worth
    if kind == "shelf_cords" and shelves and pdus:
        sid = data.draw(st.sampled_from(shelves))
        how = data.draw(st.sampled_from(["none", "other_pdu", "fewer", "split"]))
        cur = plan.placement(sid).power
        if how == "none":
            cords = []
        elif how == "fewer":
            cords = [c.model_dump() for c in cur[:data.draw(st.integers(0, 5))]]
        else:
            a, b = data.draw(st.sampled_from(pdus)), data.draw(st.sampled_from(pdus))
            cords = [{"pdu": a if (how == "other_pdu" or k < 3) else b, "outlet": 20 + k} for k in range(6)]
        return SetProperty("placement", sid, "power", cords)
    if kind == "pdu_feed" and pdus:
        return SetProperty("placement", data.draw(st.sampled_from(pdus)), "feed",
                           data.draw(st.sampled_from(sorted(f.id for f in plan.feeds))))
    if kind == "feed_side" and plan.feeds:
        fid = data.draw(st.sampled_from(sorted(f.id for f in plan.feeds)))
        field, value = data.draw(st.sampled_from([("side", "A"), ("side", "B"), ("breaker_a", 32.0),
                                                  ("voltage_v", 400.0)]))
        return SetProperty("feed", fid, field, value)
    if kind == "pdu_rm" and pdus:
        return RemovePlacement(data.draw(st.sampled_from(pdus)))
    if kind == "swap":  # a device changes type in place: a tray becomes a shelf or a switch tray, ...
        pid = data.draw(st.sampled_from(trays + switches + shelves or pdus))
        if plan.placement(pid).u is None:
            return None
        return SetProperty("placement", pid, "device", data.draw(st.sampled_from([TRAY, NVSWITCH, SHELF])))
    if kind == "cooling":
        rid = data.draw(st.sampled_from(sorted(plan.index.racks)))
        method = data.draw(st.sampled_from(["direct-liquid", "air-containment"]))
        loop = data.draw(st.sampled_from([None] + [lp.id for lp in plan.cooling_loops]))
        return SetRackCooling(rid, CoolingChoice(method=method, loop=loop))
    if kind == "group" and trays:
        members = data.draw(st.lists(st.sampled_from(trays), min_size=1, max_size=20, unique=True))
        return SetProperty("group", "grp-nvl", "members", members)
    return None


@settings(max_examples=int(os.environ.get("ENGINE_EXAMPLES", "20")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_gb200_incremental_equals_full_after_every_edit_and_undo(data):
    check_random_edits(data, CATALOG, base_plan, random_edit, canon, 10)


def test_the_generator_reaches_every_kind_of_gb200_edit():
    """Guard against a generator that silently stops producing the edits this file is about:
    a fixed sequence of the interesting ones, each applied, checked and undone."""
    plan = base_plan()
    engine = Engine(CATALOG)
    engine.compute(plan)
    checker = PlacementChecker(CATALOG)
    nvl = plan.links[next(i for i, lk in enumerate(plan.links) if lk.fabric == "fab-nvl-00001")]
    tray = "tray-000001"
    u = checker.first_fit(plan, "rack-00002", TRAY)
    edits = [
        RemoveItem("link", nvl.id),
        Compound([RemoveItem("link", lk.id) for lk in plan.links if lk.fabric == "fab-nvl-00002"]
                 + [RemoveItem("fabric", "fab-nvl-00002")]),
        RemoveItem("link", next(lk.id for lk in plan.links if lk.fabric == "fab-compute")),
        MovePlacement(tray, "rack-00002", u, checker=checker),
        RemovePlacement("tray-000020"),
        MovePlacement("shelf-00001-1", "rack-00002", checker.first_fit(plan, "rack-00002", SHELF), checker=checker),
        RemovePlacement("shelf-00002-8"),
        SetProperty("placement", "pdu-00001a", "feed", "feed-00002b"),
        SetProperty("placement", "shelf-00001-2", "power", []),
        SetProperty("placement", "nvsw-00001-9", "device", TRAY),
    ]
    for edit in edits:
        before = canon(engine.results, plan)
        change = edit.apply(plan)
        inc = engine.update(plan, change)
        assert canon(inc, plan) == canon(Engine(CATALOG).compute(plan), plan)
        assert canon(inc, plan) != before, edit.text  # each one changes what the engine reports
        engine.update(plan, edit.revert(plan))
        assert canon(engine.results, plan) == before
    # the NVLink spine of a cleared rack comes back through the auto-wire edit
    clear = edits[1]
    engine.update(plan, clear.apply(plan))
    rewire = autowire_nvlink_rack(plan, CATALOG, "rack-00002", fabric_id="fab-nvl-00002").edit
    inc = engine.update(plan, rewire.apply(plan))
    assert canon(inc, plan) == canon(Engine(CATALOG).compute(base_plan()), base_plan())
