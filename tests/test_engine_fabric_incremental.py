"""The fabric model the engine keeps (planner.fabric.analysis.FabricModel): after any
sequence of link adds, removals and edits, every fabric's result equals a fresh analysis
of the same links, bit for bit — tiers, oversubscription, bisection, connectivity,
findings (port reuse within and across fabrics included). Small fabrics where single
links matter: removing one cable can drop a tier, split the fabric or free a port."""

from __future__ import annotations

import json
import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.fabric.analysis import FabricModel, analyse_fabrics, check_links
from planner.model.edits import AddItem, EditRefused, RemoveItem, SetProperty
from planner.model.plan import Endpoint, Fabric, Link

FIXTURE = Path(__file__).parent / "fixtures" / "engine_catalog"
CAT = load_catalog([FIXTURE, Path(__file__).parent / "fixtures" / "engine_fibre"])  # + fibre, optics


def bare_plan():
    """9 GPU servers, leaves and spines, a management switch per rack; no links; two fabrics."""
    plan = synthetic_plan(72, CAT)
    plan.links = []
    plan.fabrics.append(Fabric(id="fab-2", name="Second", kind="storage", speed_gbps=400))
    plan.reindex()
    return plan


def snapshot(model, plan):
    return json.dumps({f.id: model.result(f.id)[0].as_dict() for f in plan.fabrics}, sort_keys=True)


def fresh(plan):
    m = FabricModel(CAT, 3.0)
    m.load(plan)
    return m


def pick_edit(plan, data, n):
    servers = sorted(p for p in plan.index.placements if p.startswith("srv-"))[:5]
    switches = sorted(p for p, q in plan.index.placements.items()
                      if q.device == "nvidia-quantum-2-qm9700")[:5]
    nodes = servers + switches
    kind = data.draw(st.sampled_from(["add", "add", "add", "add", "remove", "remove", "prop"]))
    if kind == "add" or not plan.links:
        a, b = data.draw(st.sampled_from(nodes)), data.draw(st.sampled_from(nodes))

        def port(p):
            return (f"compute{data.draw(st.integers(0, 8))}" if p.startswith("srv-")
                    else f"p{data.draw(st.integers(1, 66))}")

        return AddItem(Link(id=f"lk-{n:03d}", fabric=data.draw(st.sampled_from(["fab-compute", "fab-2"])),
                            a=Endpoint(placement=a, port=port(a)), b=Endpoint(placement=b, port=port(b)),
                            cable=data.draw(st.sampled_from([None, "test-dac-400g-3m", "test-mmf-om4"])),
                            length_m=data.draw(st.sampled_from([None, 2.0, 7.0, 30.0]))))
    lk = data.draw(st.sampled_from([x.id for x in plan.links]))
    if kind == "remove":
        return RemoveItem("link", lk)
    field, value = data.draw(st.sampled_from([("cable", "test-mmf-om4"), ("cable", None), ("length_m", 60.0),
                                              ("label", f"L{n}"), ("fabric", "fab-2"), ("fabric", "fab-compute")]))
    return SetProperty("link", lk, field, value)


@settings(max_examples=int(os.environ.get("ENGINE_EXAMPLES", "40")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fabric_model_incremental_equals_fresh(data):
    plan = bare_plan()
    model = fresh(plan)
    done = []
    for n in range(data.draw(st.integers(5, 40))):
        if done and data.draw(st.integers(0, 4)) == 0:
            change = done.pop().revert(plan)
        else:
            edit = pick_edit(plan, data, n)
            try:
                change = edit.apply(plan)
            except EditRefused:
                continue
            done.append(edit)
        present = {lk.id: lk for lk in plan.links}
        for lid in change.links:
            if lid in present:
                model.add_link(plan, present[lid])
            else:
                model.remove_link(lid)
        assert snapshot(model, plan) == snapshot(fresh(plan), plan)


def test_leaf_spine_tiers_and_splits_follow_single_links():
    plan = bare_plan()
    model = fresh(plan)
    leaves = sorted(p for p, q in plan.index.placements.items() if q.device == "nvidia-quantum-2-qm9700")[:3]
    srv = ["srv-000001", "srv-000002"]

    def add(lid, a, pa, b, pb):
        lk = Link(id=lid, fabric="fab-compute", a=Endpoint(placement=a, port=pa), b=Endpoint(placement=b, port=pb))
        AddItem(lk).apply(plan)
        model.add_link(plan, lk)

    add("l1", srv[0], "compute0", leaves[0], "p1")
    add("l2", srv[1], "compute0", leaves[1], "p1")
    r = model.result("fab-compute")[0]
    assert (r.tiers, r.connected, r.servers) == (1, False, 2)
    assert any(f.code == "FABRIC_DISCONNECTED" for f in r.findings)
    add("l3", leaves[0], "p2", leaves[2], "p1")  # a spine joins the two leaves
    add("l4", leaves[1], "p2", leaves[2], "p2")
    r = model.result("fab-compute")[0]
    assert (r.tiers, r.connected, r.switches_by_tier) == (2, True, {"leaf": 2, "spine": 1})
    assert r.oversubscription_by_tier == {"leaf": 1.0} and r.bisection_tbps == 0.4
    RemoveItem("link", "l4").apply(plan)
    model.remove_link("l4")
    r = model.result("fab-compute")[0]
    assert not r.connected and r.bisection_tbps == 0
    assert snapshot(model, plan) == snapshot(fresh(plan), plan)


def test_port_in_two_fabrics_is_an_error_on_the_later_link():
    plan = bare_plan()
    leaf = next(p for p, q in plan.index.placements.items() if q.device == "nvidia-quantum-2-qm9700")
    AddItem(Link(id="lk-a", fabric="fab-compute", a=Endpoint(placement="srv-000001", port="compute0"),
                 b=Endpoint(placement=leaf, port="p1"))).apply(plan)
    AddItem(Link(id="lk-b", fabric="fab-2", a=Endpoint(placement="srv-000001", port="compute0"),
                 b=Endpoint(placement=leaf, port="p2"))).apply(plan)
    found = [f for f in check_links(plan, CAT) if f.code == "FABRIC_PORT_CROSS_FABRIC"]
    assert len(found) == 1 and found[0].severity == "error"
    assert found[0].entities == ("lk-b", "lk-a", "srv-000001")
    assert "Compute fabric" in found[0].message and "Second" in found[0].message
    by_id = {r.id: r for r in analyse_fabrics(plan, CAT)}
    assert any(f.code == "FABRIC_PORT_CROSS_FABRIC" for f in by_id["fab-2"].findings)
    assert not any(f.code.startswith("FABRIC_PORT") for f in by_id["fab-compute"].findings)
    # within one fabric it stays FABRIC_PORT_REUSED
    SetProperty("link", "lk-b", "fabric", "fab-compute").apply(plan)
    codes = [f.code for f in check_links(plan, CAT)]
    assert "FABRIC_PORT_REUSED" in codes and "FABRIC_PORT_CROSS_FABRIC" not in codes


def _state(model):
    """A fabric model's aggregates, comparable across models (not only its results)."""
    out = {}
    for fid, fs in sorted(model.states.items()):
        out[fid] = (
            sorted(fs.links), dict(sorted(fs.cable_types.items())), fs.transceivers, fs.optics, fs.mass, fs.length,
            fs.gpus, fs.gpu_bw, fs.inj, fs.switch_power, fs.switch_ports_total, fs.switch_ports_used,
            list(fs.nodes), {x: (n.slug, n.is_end, n.degree, n.bw, n.end_nbrs, n.limit) for x, n in fs.nodes.items()},
            {x: {y: list(p) for y, p in sorted(nb.items())} for x, nb in sorted(fs.adj.items())},
            {k: v for k, v in sorted(fs.link_findings.items())}, dict(sorted(fs.switch_findings.items())))
    ports = {k: dict([v]) if type(v) is tuple else dict(v) for k, v in model.port_links.items()}
    return (out, dict(sorted(ports.items())), dict(sorted(model.port_findings.items())),
            {p: [f.id for f in lst] for p, lst in sorted(model.by_placement.items())},
            dict(sorted(model.cable_counts.items())), dict(sorted(model.transceiver_counts.items())))


@settings(max_examples=int(os.environ.get("ENGINE_EXAMPLES", "40")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_bulk_load_equals_links_added_one_by_one_and_edits_on_it_stay_exact(data):
    """FabricModel.load adds each fabric's links in bulk (FabricState.add_all, ports in
    tuples until shared): its aggregates equal adding the same links one at a time
    (self-loops, reused ports, both fabrics), and edits made after a bulk load still
    give the fresh analysis."""
    plan = bare_plan()
    for n in range(data.draw(st.integers(1, 30))):
        edit = pick_edit(plan, data, n)
        if isinstance(edit, AddItem):
            edit.apply(plan)
    bulk = fresh(plan)
    one_by_one = FabricModel(CAT, 3.0)
    one_by_one.load(plan, links=[])
    for lk in plan.links:
        one_by_one.add_link(plan, lk)
    assert _state(bulk) == _state(one_by_one)
    assert snapshot(bulk, plan) == snapshot(one_by_one, plan)
    for n in range(100, 100 + data.draw(st.integers(1, 10))):
        edit = pick_edit(plan, data, n)
        try:
            change = edit.apply(plan)
        except EditRefused:
            continue
        present = {lk.id: lk for lk in plan.links}
        for lid in change.links:
            if lid in present:
                bulk.add_link(plan, present[lid])
            else:
                bulk.remove_link(lid)
        assert snapshot(bulk, plan) == snapshot(fresh(plan), plan)
