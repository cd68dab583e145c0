"""Copy/paste and Duplicate Rack x N take along the cables between the copied devices:
fresh ids, same fabric, ports and cable; lengths kept inside a rack, routed again
between racks; links with one end outside the copy stay behind; one undo step."""

from __future__ import annotations

import pytest

from planner.fabric.cabling import CableGeometry
from planner.files.plan_io import plan_to_dict
from planner.model.plan import Endpoint, Fabric, Link, Placement
from tests.fixtures.ui_app.support import fixture_catalog, make_window, two_rack_plan
from ui import dialogs

pytestmark = pytest.mark.gui


def wired_plan():
    """R01: gpu01 (U1) and a QM9700 leaf (U40) linked inside the rack; R02: gpu02 (U1)
    linked to the leaf in R01 (a cable between racks)."""
    plan = two_rack_plan()
    plan.rack("rack-1").placements.append(Placement(id="leaf-1", device="nvidia-quantum-2-qm9700", u=40))
    plan.rack("rack-2").placements.append(Placement(id="srv-2", device="dell-poweredge-xe9680", u=1, name="gpu02"))
    plan.fabrics.append(Fabric(id="fab-1", name="Compute"))
    plan.links += [
        Link(id="link-1", fabric="fab-1", a=Endpoint(placement="srv-1", port="compute0"),
             b=Endpoint(placement="leaf-1", port="p1"), cable="dac-test", length_m=3.0, label="L1"),
        Link(id="link-2", fabric="fab-1", a=Endpoint(placement="srv-2", port="compute0"),
             b=Endpoint(placement="leaf-1", port="p2"), length_m=7.5, label="L2"),
    ]
    plan.reindex()
    return plan


def _links_of(plan, placement_ids):
    return [lk for lk in plan.links if lk.a.placement in placement_ids or lk.b.placement in placement_ids]


def test_paste_rack_copies_inner_links_and_undo_restores(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, wired_plan())
    doc = win.doc
    before = plan_to_dict(doc.plan)
    doc.select([("rack", "rack-1")])
    win.act_copy.trigger()
    depth = doc.undo_stack.count()
    win.act_paste.trigger()
    assert doc.undo_stack.count() == depth + 1
    new_rack = next(r for r in doc.plan.racks() if r.id not in ("rack-1", "rack-2"))
    by_device = {p.device: p.id for p in new_rack.placements if p.device != "vertiv-pdu-test"}
    new_ids = set(by_device.values())
    copied = _links_of(doc.plan, new_ids)
    # only the link inside R01 comes along; the one to gpu02 in R02 has an end outside
    assert len(copied) == 1 and len(doc.plan.links) == 3
    lk = copied[0]
    assert lk.id not in ("link-1", "link-2") and lk.fabric == "fab-1" and lk.cable == "dac-test"
    assert (lk.a.placement, lk.a.port) == (by_device["dell-poweredge-xe9680"], "compute0")
    assert (lk.b.placement, lk.b.port) == (by_device["nvidia-quantum-2-qm9700"], "p1")
    assert lk.length_m == 3.0  # both ends in one rack at the same U: the length stays
    doc.undo_stack.undo()
    assert plan_to_dict(doc.plan) == before


def test_paste_two_racks_routes_the_cable_between_them_again(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, wired_plan())
    doc = win.doc
    before = plan_to_dict(doc.plan)
    doc.select([("rack", "rack-1"), ("rack", "rack-2")])
    win.act_copy.trigger()
    win.act_paste.trigger()
    new = [r for r in doc.plan.racks() if r.id not in ("rack-1", "rack-2")]
    assert [r.name for r in new] == ["R03", "R04"]
    new_ids = {p.id for r in new for p in r.placements}
    copied = {lk.label: lk for lk in _links_of(doc.plan, new_ids)}
    assert set(copied) == {"L1", "L2"} and len(doc.plan.links) == 4
    l2 = copied["L2"]
    assert doc.plan.index.placement_rack[l2.a.placement] == new[1].id
    assert doc.plan.index.placement_rack[l2.b.placement] == new[0].id
    # the cable between the pasted racks is measured where they now stand
    route = CableGeometry(doc.plan, fixture_catalog()).route_m(l2.a.placement, l2.b.placement)
    assert l2.length_m == round(route, 2) and l2.length_m != 7.5
    assert copied["L1"].length_m == 3.0
    doc.undo_stack.undo()
    assert plan_to_dict(doc.plan) == before
    doc.undo_stack.redo()
    assert len(doc.plan.links) == 4


def test_duplicate_rack_n_copies_inner_links_in_one_step(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(dialogs, "ask_int", lambda *a, **k: 3)
    win = make_window(qtbot, tmp_path, wired_plan())
    doc = win.doc
    before = plan_to_dict(doc.plan)
    doc.select([("rack", "rack-1")])
    depth = doc.undo_stack.count()
    win.act_dup_rack.trigger()
    assert doc.undo_stack.count() == depth + 1
    copies = [r for r in doc.plan.racks() if r.id not in ("rack-1", "rack-2")]
    assert len(copies) == 3
    for r in copies:
        ids = {p.id for p in r.placements}
        mine = _links_of(doc.plan, ids)
        assert len(mine) == 1 and {mine[0].a.placement, mine[0].b.placement} <= ids
        assert mine[0].length_m == 3.0 and mine[0].cable == "dac-test" and mine[0].fabric == "fab-1"
    assert len({lk.id for lk in doc.plan.links}) == 5
    doc.undo_stack.undo()
    assert plan_to_dict(doc.plan) == before
