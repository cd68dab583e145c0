"""Incremental == full: after every random edit (and every undo) the engine's
incremental result equals a fresh full recompute of the same plan, bit for bit."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine
from planner.fabric.wiring import AddLinks
from planner.gestures.builders import (
    copy_payload,
    duplicate_device_edit,
    duplicate_rack_edit,
    paste_edit,
    rename_edit,
)
from planner.model.edits import (
    AddItem,
    AddPlacement,
    AddRack,
    AddRoom,
    Compound,
    EditRefused,
    MovePlacement,
    RemoveItem,
    RemovePlacement,
    RemoveRack,
    RemoveRoom,
    RemoveRow,
    SetProperty,
    SetRackCooling,
)
from planner.model.naming import PatternError
from planner.model.placement import PlacementChecker
from planner.model.plan import (
    CoolingChoice,
    CoolingLoop,
    Endpoint,
    Fabric,
    Link,
    Placement,
    PowerConnection,
    PowerFeed,
    PowerSource,
    Rack,
    Room,
    Row,
    ServerGroup,
    Workload,
)
from tests.fixtures.cooling_edits import random_cooling_edit
from tests.fixtures.incremental import check_random_edits

FIXTURE = Path(__file__).parent / "fixtures" / "engine_catalog"
# + fibre, optics; + busbar power shelves and DC trays
CATALOG = load_catalog([FIXTURE, Path(__file__).parent / "fixtures" / "engine_fibre",
                        Path(__file__).parent / "fixtures" / "engine_busbar"])
DEVICES = ["dell-poweredge-xe9680", "nvidia-dgx-h100", "test-liquid-8gpu", "test-storage", "test-mgmt-switch",
           "nvidia-quantum-2-qm9700", "mystery-box-9000", "test-busbar-shelf", "test-dc-tray", "test-ac-switch"]
METHODS = ["air", "air-containment", "rdhx", "direct-liquid", "immersion"]


def base_plan():
    plan = synthetic_plan(72, CATALOG)  # 9 servers: 3 GPU racks, a leaf rack, a spine rack
    # some variety: a cross-rack cord, a cable with mass, a second loop
    srv = plan.placement("srv-000001")
    srv.power.append(PowerConnection(pdu="pdu-00002a", outlet=30))
    plan.links[0].cable = "test-dac-400g-3m"
    plan.links[0].length_m = 2.0
    plan.cooling_loops.append(CoolingLoop(id="loop-spare", name="spare", cdu="test-cdu-600"))
    # power sources: a UPS per side, a panel under UPS A; some feeds on them, some on none
    plan.power_sources.extend([PowerSource(id="ups-a", name="UPS A", capacity_kw=60.0, side="A"),
                               PowerSource(id="ups-b", name="UPS B", capacity_kw=30.0, side="B"),
                               PowerSource(id="pnl-a", name="Panel A", kind="panel", capacity_kw=20.0,
                                           upstream="ups-a")])
    for i, f in enumerate(plan.feeds[:-1]):
        f.upstream = ("pnl-a" if i % 3 == 0 else "ups-a") if f.side == "A" else "ups-b"
    # workloads: one on every GPU server, one on a group of two
    plan.groups.append(ServerGroup(id="grp-a", name="pair", members=["srv-000001", "srv-000005"]))
    plan.workloads.append(Workload(id="wl-chat", name="chat", kind="inference",
                                   spec={"model": "llama-3.1-8b", "precision": "fp8", "users": 64,
                                         "target_tokens_per_s_per_user": 20}))
    plan.workloads.append(Workload(id="wl-tune", name="tune", kind="finetune", group="grp-a",
                                   spec={"model": "llama-3.1-8b", "tokens": 2e9, "target_days": 2,
                                         "method": "lora"}))
    plan.reindex()
    return plan


SERVER_PORTS = [f"compute{k}" for k in range(8)]


def canon(engine_results, plan) -> str:
    return json.dumps(engine_results.to_json(plan), sort_keys=True)


def random_edit(plan, data, counter):
    checker = PlacementChecker(CATALOG)
    racks = sorted(plan.index.racks)
    placements = sorted(plan.index.placements)
    kind = data.draw(st.sampled_from([
        "move", "move", "move", "add", "remove", "feed", "loop", "cooling", "room", "meta", "pdu_feed",
        "device", "add_rack", "remove_rack", "link", "unlink", "compound", "cable", "wire", "wire", "fabric",
        "add_fabric", "rename", "workload", "group", "link_prop", "link_prop", "reuse", "unlink_any",
        "switch_link", "add_room", "remove_room", "remove_row", "dup_rack", "dup_device", "paste_device",
        "rename_sel", "add_links", "source", "source", "feed_upstream", "feed_upstream", "add_source",
        "remove_source", "add_feed", "remove_feed", "cooling_plan", "cooling_plan", "disconnect",
        "room_size", "room_size", "row_geo", "row_geo", "rack_geo", "rack_geo", "rack_geo"]))
    counter[0] += 1
    n = counter[0]
    if kind == "cooling_plan":  # loops added, edited, removed; racks and rows assigned
        return random_cooling_edit(plan, data, n, ["test-cdu-600", "nonexistent-cdu"],
                                   [None, "test-rdhx-active-50", "unknown-door"])
    if kind == "move" and placements and racks:
        pid = data.draw(st.sampled_from(placements))
        p = plan.placement(pid)
        to = data.draw(st.sampled_from(racks))
        if p.u is None:
            return MovePlacement(pid, to, None)
        u = checker.first_fit(plan, to, p.device)
        return MovePlacement(pid, to, u, checker=checker) if u else None
    if kind == "add" and racks:
        dev = data.draw(st.sampled_from(DEVICES))
        to = data.draw(st.sampled_from(racks))
        u = checker.first_fit(plan, to, dev)
        if u is None:
            return None
        cords = []
        if data.draw(st.booleans()):
            pdus = [q.id for q in plan.rack(to).placements if q.device.startswith("test-pdu")]
            if pdus:
                cords = [PowerConnection(pdu=pdus[0], outlet=data.draw(st.integers(1, 40)))]
        return AddPlacement(to, Placement(id=f"new-{n}", device=dev, u=u, power=cords), checker=checker)
    if kind == "remove" and placements:
        return RemovePlacement(data.draw(st.sampled_from(placements)))
    if kind == "feed" and plan.feeds:
        f = data.draw(st.sampled_from([x.id for x in plan.feeds]))
        field, value = data.draw(st.sampled_from([
            ("breaker_a", 125.0), ("breaker_a", 32.0), ("side", "B"), ("side", "A"), ("side", "C"),
            ("continuous_derating", 1.0), ("voltage_v", 400.0), ("phases", 1)]))
        return SetProperty("feed", f, field, value)
    if kind == "loop" and plan.cooling_loops:
        lp = data.draw(st.sampled_from([x.id for x in plan.cooling_loops]))
        field, value = data.draw(st.sampled_from([("coolant", "pg25"), ("delta_t_k", 6.0), ("cdu_count", 1),
                                                  ("cdu", "nonexistent-cdu")]))
        return SetProperty("loop", lp, field, value)
    if kind == "cooling" and racks:
        rid = data.draw(st.sampled_from(racks))
        method = data.draw(st.sampled_from(METHODS))
        loop = data.draw(st.sampled_from([None] + [x.id for x in plan.cooling_loops]))
        unit = data.draw(st.sampled_from([None, "test-rdhx-active-50", "unknown-door"]))
        return SetRackCooling(rid, CoolingChoice(method=method, loop=loop, unit=unit))
    if kind == "room_size" and plan.index.rooms:  # a room shrunk or grown under its rows (RACK_OUTSIDE_ROOM)
        room = data.draw(st.sampled_from(sorted(plan.index.rooms)))
        field = data.draw(st.sampled_from(["width_m", "depth_m"]))
        return SetProperty("room", room, field, data.draw(st.sampled_from([1.0, 2.0, 3.5, 6.0, 40.0])))
    if kind == "row_geo" and plan.index.rows:  # a row moved or turned: its racks may leave the floor
        row = data.draw(st.sampled_from(sorted(plan.index.rows)))
        field, value = data.draw(st.sampled_from([("x_m", 0.0), ("x_m", 1.2), ("x_m", 9.0), ("y_m", 0.0),
                                                  ("y_m", 5.5), ("orientation_deg", 90), ("orientation_deg", 180),
                                                  ("orientation_deg", 270), ("orientation_deg", 0)]))
        return SetProperty("row", row, field, value)
    if kind == "rack_geo" and racks:  # one rack wider, further along or re-ordered: the racks after it shift
        firsts = sorted(min(row.racks, key=lambda r: r.position).id for row in plan.index.rows.values() if row.racks)
        rid = data.draw(st.sampled_from(firsts if firsts and data.draw(st.booleans()) else racks))
        field, value = data.draw(st.sampled_from([("gap_before_m", 11.0), ("gap_before_m", 0.0), ("position", 0),
                                                  ("position", 99), ("rack_type", "rack-48u-600x1200"),
                                                  ("rack_type", "odd-rack")]))
        return SetProperty("rack", rid, field, value)
    if kind == "room" and plan.index.rooms:
        room = data.draw(st.sampled_from(sorted(plan.index.rooms)))
        field, value = data.draw(st.sampled_from([("floor_load_limit_kg_per_m2", 500.0),
                                                  ("floor_load_limit_kg_per_m2", 2000.0), ("raised_floor", True),
                                                  ("width_m", 30.0), ("name", f"hall {n}")]))
        return SetProperty("room", room, field, value)
    if kind == "add_room":  # a new room with a row: a rack with a PDU on a feed and a server plugged into it
        rack = Rack(id=f"rk-room-{n}", name=f"room rack {n}", rack_type="rack-48u-600x1200", placements=[
            Placement(id=f"pd-room-{n}", device="test-pdu-3ph-32a", side="left",
                      feed=data.draw(st.sampled_from([None] + [f.id for f in plan.feeds]))),
            Placement(id=f"sv-room-{n}", device=data.draw(st.sampled_from(DEVICES[:3])), u=2,
                      power=[PowerConnection(pdu=f"pd-room-{n}", outlet=1)])])
        rows = [Row(id=f"rw-room-{n}", name=f"row {n}", racks=[rack])] if data.draw(st.booleans()) else []
        return AddRoom(Room(id=f"room-new-{n}", name=f"room {n}", floor_load_limit_kg_per_m2=600.0, rows=rows))
    if kind == "remove_room" and plan.index.rooms:
        return RemoveRoom(data.draw(st.sampled_from(sorted(plan.index.rooms))), with_content=True)
    if kind == "remove_row" and plan.index.rows:
        return RemoveRow(data.draw(st.sampled_from(sorted(plan.index.rows))))
    if kind == "meta":
        field, value = data.draw(st.sampled_from([("pue", 1.5), ("currency", "EUR"), ("electricity_price_per_kwh",
                                                                                       0.3),
                                                  ("exchange_rates", {"USD": 0.92}), ("utilisation", 0.7),
                                                  ("exchange_rates", {}), ("years_of_use", 6.0),
                                                  ("support_fraction_per_year", 0.2),
                                                  ("colocation_price_per_kw_month", 150.0),
                                                  ("cloud_price_per_gpu_hour", {"h100-sxm": 2.5}),
                                                  ("price_overrides", {"dell-poweredge-xe9680": {
                                                      "amount": 99000.0, "currency": "USD"}})]))
        return SetProperty("metadata", None, field, value)
    if kind == "pdu_feed":
        pdus = [p for p in placements if plan.placement(p).feed]
        if pdus and plan.feeds:
            return SetProperty("placement", data.draw(st.sampled_from(pdus)), "feed",
                               data.draw(st.sampled_from([x.id for x in plan.feeds])))
        return None
    if kind == "device" and placements:
        pid = data.draw(st.sampled_from(placements))
        if plan.placement(pid).u is None:
            return None
        return SetProperty("placement", pid, "device", data.draw(st.sampled_from(DEVICES)))
    if kind == "add_rack" and plan.index.rows:
        row = data.draw(st.sampled_from(sorted(plan.index.rows)))
        rid = f"rk-new-{n}"
        feed = PowerFeed(id=f"fd-new-{n}", name="new feed", side="A")
        rack = Rack(id=rid, name=f"new {n}", rack_type=data.draw(st.sampled_from(["rack-48u-600x1200", "odd-rack"])),
                    placements=[Placement(id=f"pd-new-{n}", device="test-pdu-3ph-32a", u=None, side="left",
                                          feed=feed.id)])
        return Compound([AddItem(feed), AddRack(row, rack)], "Add rack")
    if kind == "remove_rack" and racks:
        return RemoveRack(data.draw(st.sampled_from(racks)))
    if kind == "link" and len(placements) >= 2:
        a, b = data.draw(st.sampled_from(placements)), data.draw(st.sampled_from(placements))
        return AddItem(Link(id=f"lk-new-{n}", fabric="fab-compute", a=Endpoint(placement=a, port="x"),
                            b=Endpoint(placement=b, port="y"), cable="test-dac-400g-3m", length_m=3.0))
    if kind == "unlink" and plan.links:
        return RemoveItem("link", data.draw(st.sampled_from([lk.id for lk in plan.links[:5] + plan.links[-3:]])))
    if kind == "cable" and plan.links:
        lk = data.draw(st.sampled_from([lk.id for lk in plan.links[:3]]))
        field, value = data.draw(st.sampled_from([("cable", None), ("cable", "test-dac-400g-3m"),
                                                  ("length_m", 10.0)]))
        return SetProperty("link", lk, field, value)
    if kind == "wire":  # autowire-ish: a server's real compute port to a free leaf port, with media
        servers = [p for p in placements if plan.placement(p).device in ("test-liquid-8gpu", "nvidia-dgx-h100")]
        leaves = [p for p in placements if plan.placement(p).device == "nvidia-quantum-2-qm9700"]
        if not servers or not leaves:
            return None
        srv, leaf = data.draw(st.sampled_from(servers)), data.draw(st.sampled_from(leaves))
        used = {(e.placement, e.port) for lk in plan.links for e in (lk.a, lk.b)}
        sp = next((x for x in SERVER_PORTS if (srv, x) not in used), "compute0")  # may reuse: a finding
        lp = next((f"p{k}" for k in range(1, 65) if (leaf, f"p{k}") not in used), "p1")
        cable, length = data.draw(st.sampled_from([(None, None), ("test-dac-400g-3m", 2.0),
                                                   ("test-dac-400g-3m", 7.0), ("unknown-cable", 1.0)]))
        return AddItem(Link(id=f"lk-w-{n}", fabric=data.draw(st.sampled_from([f.id for f in plan.fabrics])),
                            a=Endpoint(placement=srv, port=sp), b=Endpoint(placement=leaf, port=lp),
                            cable=cable, length_m=length))
    if kind == "link_prop" and plan.links:  # one link's property: media, length, label, fabric, an end
        lk = plan.links[data.draw(st.integers(0, len(plan.links) - 1))]
        field, value = data.draw(st.sampled_from([
            ("cable", "test-mmf-om4"), ("cable", "test-xcvr-400g-sr4"), ("cable", None), ("length_m", 20.0),
            ("length_m", 80.0), ("length_m", None), ("label", f"L-{n}"), ("fabric", "*"), ("a", "*")]))
        if field == "fabric":
            value = data.draw(st.sampled_from([f.id for f in plan.fabrics]))
        elif field == "a":
            value = {"placement": data.draw(st.sampled_from(placements)),
                     "port": data.draw(st.sampled_from(SERVER_PORTS + ["p1", "bmc"]))}
        return SetProperty("link", lk.id, field, value)
    if kind == "reuse" and plan.links:  # a port already wired, again, in any fabric (same or another)
        lk = plan.links[data.draw(st.integers(0, len(plan.links) - 1))]
        other = data.draw(st.sampled_from(placements))
        return AddItem(Link(id=f"lk-r-{n}", fabric=data.draw(st.sampled_from([f.id for f in plan.fabrics])),
                            a=Endpoint(placement=lk.a.placement, port=lk.a.port),
                            b=Endpoint(placement=other, port=data.draw(st.sampled_from(["p1", "p63", "compute7"]))),
                            cable=data.draw(st.sampled_from([None, "test-mmf-om4"])), length_m=10.0))
    if kind == "disconnect" and plan.links:  # the cable list's Disconnect: the link only, not its fabric
        from planner.fabric.wiring import Disconnect

        return Disconnect(data.draw(st.sampled_from([lk.id for lk in plan.links])))
    if kind == "unlink_any" and plan.links:  # any link: leaf-spine links change tiers and connectivity
        ids = [lk.id for lk in plan.links]
        picked = data.draw(st.lists(st.sampled_from(ids), min_size=1, max_size=6, unique=True))
        return Compound([RemoveItem("link", x) for x in picked])
    if kind == "dup_rack" and racks:  # planner.gestures.builders: copies with their own feeds and names
        return duplicate_rack_edit(plan, data.draw(st.sampled_from(racks)), data.draw(st.integers(1, 2)), CATALOG)
    if kind == "dup_device" and placements:
        try:
            return duplicate_device_edit(plan, checker, [data.draw(st.sampled_from(placements))])
        except EditRefused:
            return None
    if kind == "paste_device" and placements and racks:  # plugged into the target rack's PDUs
        payload = copy_payload(plan, (("placement", data.draw(st.sampled_from(placements))),), CATALOG)
        try:
            return paste_edit(plan, checker, payload, data.draw(st.sampled_from(racks)), None)
        except EditRefused:
            return None
    if kind == "rename_sel" and placements:
        sel = [("placement", p) for p in data.draw(st.lists(st.sampled_from(placements), min_size=1, max_size=3,
                                                             unique=True))]
        try:
            return rename_edit(plan, sel, "{rack}-r" + str(n) + "-{n}")
        except PatternError:
            return None
    if kind == "switch_link":  # switch to switch (possibly a new tier, a loop between spines, a leaf island)
        switches = [p for p in placements if plan.placement(p).device in ("nvidia-quantum-2-qm9700",
                                                                          "test-mgmt-switch")]
        if len(switches) < 2:
            return None
        a, b = data.draw(st.sampled_from(switches)), data.draw(st.sampled_from(switches))
        return AddItem(Link(id=f"lk-s-{n}", fabric=data.draw(st.sampled_from([f.id for f in plan.fabrics])),
                            a=Endpoint(placement=a, port=f"p{data.draw(st.integers(1, 70))}"),
                            b=Endpoint(placement=b, port=f"p{data.draw(st.integers(1, 70))}")))
    if kind == "add_links":  # several links in one AddLinks (auto-wire, extending a fabric): ends and switches
        ends = [p for p in placements if plan.placement(p).device in ("test-liquid-8gpu", "nvidia-dgx-h100",
                                                                     "nvidia-quantum-2-qm9700")]
        if len(ends) < 2:
            return None
        links = []
        for k in range(data.draw(st.integers(1, 4))):
            a, b = data.draw(st.sampled_from(ends)), data.draw(st.sampled_from(ends))

            def port(p):
                return (f"p{data.draw(st.integers(1, 66))}" if plan.placement(p).device == "nvidia-quantum-2-qm9700"
                        else f"compute{data.draw(st.integers(0, 8))}")

            links.append(Link(id=f"lk-al-{n}-{k}", fabric=data.draw(st.sampled_from([f.id for f in plan.fabrics])),
                              a=Endpoint(placement=a, port=port(a)), b=Endpoint(placement=b, port=port(b)),
                              cable=data.draw(st.sampled_from([None, "test-dac-400g-3m"])), length_m=3.0))
        return AddLinks(links)
    if kind == "fabric":
        fid = data.draw(st.sampled_from([f.id for f in plan.fabrics]))
        field, value = data.draw(st.sampled_from([("speed_gbps", 200.0), ("oversubscription", 2.0),
                                                  ("name", "renamed"), ("kind", "storage"), ("kind", "compute")]))
        return SetProperty("fabric", fid, field, value)
    if kind == "add_fabric":
        return AddItem(Fabric(id=f"fab-new-{n}", name=f"fabric {n}",
                              kind=data.draw(st.sampled_from(["compute", "storage"]))))
    if kind == "rename" and placements:
        return SetProperty("placement", data.draw(st.sampled_from(placements)), "name", f"renamed {n}")
    if kind == "workload":
        spec = data.draw(st.sampled_from([
            {"model": "llama-3-70b", "precision": "fp8", "users": 500, "target_ttft_s": 1},
            {"model": "llama-3.1-8b", "tokens": 1e11, "target_days": 3},
            {"model": "no-such-model", "users": 1}]))
        kind_w = "pretrain" if "tokens" in spec else "inference"
        return AddItem(Workload(id=f"wl-{n}", name=f"w{n}", kind=kind_w, spec=spec))
    if kind == "group":
        servers = [p for p in placements if plan.placement(p).device in ("test-liquid-8gpu", "nvidia-dgx-h100",
                                                                        "dell-poweredge-xe9680")]
        if not servers:
            return None
        return SetProperty("group", "grp-a", "members", data.draw(st.lists(st.sampled_from(servers), min_size=1,
                                                                             max_size=3, unique=True)))
    sources = [x.id for x in plan.power_sources]
    if kind == "source" and sources:  # capacity, side, kind, upstream (a loop is refused)
        sid = data.draw(st.sampled_from(sources))
        field, value = data.draw(st.sampled_from([
            ("capacity_kw", 5.0), ("capacity_kw", 500.0), ("side", "A"), ("side", "B"), ("side", None),
            ("kind", "panel"), ("upstream", None), ("upstream", None), ("upstream", "*"), ("upstream", "*")]))
        if value == "*":
            value = data.draw(st.sampled_from(sources))
        return SetProperty("source", sid, field, value)
    if kind == "feed_upstream" and plan.feeds:
        return SetProperty("feed", data.draw(st.sampled_from([x.id for x in plan.feeds])), "upstream",
                           data.draw(st.sampled_from([None, *sources])))
    if kind == "add_source":
        return AddItem(PowerSource(id=f"src-new-{n}", name=f"src {n}", capacity_kw=data.draw(st.sampled_from([10.0, 80.0])),
                                   side=data.draw(st.sampled_from([None, "A", "B"])),
                                   upstream=data.draw(st.sampled_from([None, *sources]))))
    if kind == "remove_source" and sources:
        return RemoveItem("source", data.draw(st.sampled_from(sources)))  # refused while used
    if kind == "add_feed":  # a new feed on a source, with a PDU of some rack moved onto it
        fid = f"fd-up-{n}"
        edits = [AddItem(PowerFeed(id=fid, name=f"feed {n}", side=data.draw(st.sampled_from(["A", "B", "C"])),
                                   upstream=data.draw(st.sampled_from([None, *sources]))))]
        pdus = [p for p in placements if plan.placement(p).feed]
        if pdus and data.draw(st.booleans()):
            edits.append(SetProperty("placement", data.draw(st.sampled_from(pdus)), "feed", fid))
        return Compound(edits, "Add feed")
    if kind == "remove_feed" and plan.feeds:
        return RemoveItem("feed", data.draw(st.sampled_from([x.id for x in plan.feeds])))  # refused while used
    if kind == "compound" and len(placements) >= 2:
        a, b = data.draw(st.sampled_from(placements)), data.draw(st.sampled_from(placements))
        return Compound([RemovePlacement(a), RemovePlacement(b)] if a != b else [RemovePlacement(a)])
    return None


@settings(max_examples=int(os.environ.get("ENGINE_EXAMPLES", "40")), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_incremental_equals_full_after_every_edit_and_undo(data):
    counter = [0]  # ids of added items, unique across the sequence
    check_random_edits(data, CATALOG, base_plan, lambda plan, d, _n: random_edit(plan, d, counter), canon, 14)


def test_move_between_racks_recomputes_only_those_racks():
    plan = base_plan()
    engine = Engine(CATALOG)
    before = engine.compute(plan)
    edit = MovePlacement("srv-000009", "rack-00001", None)
    u = PlacementChecker(CATALOG).first_fit(plan, "rack-00001", "dell-poweredge-xe9680")
    edit = MovePlacement("srv-000009", "rack-00001", u)
    after = engine.update(plan, edit.apply(plan))
    src = plan.index.placement_rack["srv-000009"]
    changed = {rid for rid in after.racks if after.racks[rid] is not before.racks[rid]}
    assert changed == {"rack-00001", "rack-00003"} and src == "rack-00001"
    assert after.racks["rack-00001"].gpu_count == before.racks["rack-00001"].gpu_count + 8
    assert after.totals.gpus == before.totals.gpus
    # feeds of untouched racks are the same objects (not recomputed)
    assert after.feeds["feed-00002b"] is before.feeds["feed-00002b"]
    # rack-00001 has a cord into pdu-00002a (rack-00002): that PDU and its feed follow
    assert after.pdus["pdu-00002a"] is not before.pdus["pdu-00002a"]
    assert after.feeds["feed-00001a"] is not before.feeds["feed-00001a"]


@pytest.mark.parametrize("gpus", [8, 512])
def test_update_without_compute_falls_back_to_full(gpus):
    plan = synthetic_plan(gpus, CATALOG)
    engine = Engine(CATALOG)
    from planner.model.edits import Change

    assert canon(engine.update(plan, Change()), plan) == canon(Engine(CATALOG).compute(plan), plan)


def test_adopt_after_computing_a_snapshot():
    """The app computes a deep copy off the GUI thread while the user keeps editing."""
    live = base_plan()
    engine = Engine(CATALOG)
    snapshot = live.model_copy(deep=True)
    snapshot.reindex()
    first = engine.compute(snapshot)
    change = SetProperty("feed", "feed-00001a", "breaker_a", 32.0).apply(live)
    checker = PlacementChecker(CATALOG)
    u = checker.first_fit(live, "rack-00002", "dell-poweredge-xe9680")
    change.update(MovePlacement("srv-000001", "rack-00002", u, checker=checker).apply(live))
    engine.adopt(live)
    res = engine.update(live, change)
    assert canon(res, live) == canon(Engine(CATALOG).compute(live), live)
    assert res.racks["rack-00003"] is first.racks["rack-00003"]  # incremental, not a full recompute
    # and it keeps following the live plan
    change = SetProperty("feed", "feed-00002a", "breaker_a", 125.0).apply(live)
    assert canon(engine.update(live, change), live) == canon(Engine(CATALOG).compute(live), live)
