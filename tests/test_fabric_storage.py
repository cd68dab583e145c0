"""Storage appliances on a storage fabric: their NetBox data interfaces are wirable
storage ports (not only the BMC), by hand and by auto-wire, mixed with GPU servers
whose storage NICs have fewer ports."""

from __future__ import annotations

from collections import Counter

import pytest

from planner.fabric.analysis import analyse_fabrics, check_links
from planner.fabric.autowire import autowire
from planner.fabric.ports import device_ports
from planner.fabric.wiring import Connect
from planner.i18n import message_text
from planner.model.edits import AddItem, EditRefused
from planner.model.plan import Fabric, Placement
from tests.test_fabric import cat, make_plan, servers  # noqa: F401  (fixture re-used)

STORAGE = "test-storage-8x400"


def _with_storage(n_nodes: int = 4):
    plan = make_plan(n_nodes, per_rack=4, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1]
    spare.placements.append(Placement(id="sto-1", device=STORAGE, name="flash1", u=10))
    spare.placements.append(Placement(id="sw-s", device="test-ib-64x400", name="stor-leaf", u=40))
    plan.reindex()
    return plan, spare.id


def test_storage_appliance_data_ports_come_from_netbox_interfaces(cat):  # noqa: F811
    dp = device_ports(cat, STORAGE)
    assert [p.name for p in dp.role("storage")] == [f"ib{i}" for i in range(1, 9)]
    assert all(p.speed_gbps == 400 and p.in_netbox for p in dp.role("storage"))
    assert [p.name for p in dp.role("management")] == ["BMC"]
    # a server's storage role still comes from its planning.nics (not every spare interface)
    assert len(device_ports(cat, "test-dgx").role("storage")) == 2


def test_storage_port_can_be_connected_by_hand_and_reuse_refused(cat):  # noqa: F811
    plan, _ = _with_storage()
    AddItem(Fabric(id="fab-s", name="Storage", kind="storage", speed_gbps=400)).apply(plan)
    Connect.between(plan, cat, "fab-s", ("sto-1", "ib3"), ("sw-s", "P0.0")).apply(plan)
    assert plan.links[-1].a.port == "ib3"
    with pytest.raises(EditRefused, match="already used"):
        Connect.between(plan, cat, "fab-s", ("sto-1", "ib3"), ("sw-s", "P0.1")).apply(plan)
    r = analyse_fabrics(plan, cat)[0]
    # the appliance's other seven data ports are reported unwired (it is a member now)
    assert sum(1 for pid, _ in r.unconnected_ports if pid == "sto-1") == 7


def test_autowire_storage_fabric_mixes_servers_and_appliance(cat):  # noqa: F811
    plan, spare = _with_storage(4)
    members = servers(plan) + ["sto-1"]
    res = autowire(plan, cat, members, "test-ib-64x400", kind="storage", switch_racks=[spare])
    before = plan.model_dump(mode="json")
    res.edit.apply(plan)
    per_device = Counter(e.placement for lk in plan.links for e in (lk.a, lk.b) if e.placement in members)
    assert per_device["sto-1"] == 8 and all(per_device[s] == 2 for s in servers(plan))
    assert {lk.a.port for lk in plan.links if lk.a.placement == "sto-1"} == {f"ib{i}" for i in range(1, 9)}
    assert plan.fabrics[-1].kind == "storage" and not plan.fabrics[-1].rail_optimised
    assert not [f for f in check_links(plan, cat) if f.severity == "error"]
    r = analyse_fabrics(plan, cat)[-1]
    assert r.unconnected_ports == [] and r.connected
    res.edit.revert(plan)
    assert plan.model_dump(mode="json") == before


def test_mixed_port_counts_refused_for_a_rail_optimised_fabric(cat):  # noqa: F811
    plan, _ = _with_storage(2)
    with pytest.raises(EditRefused, match="different numbers of storage ports") as info:
        autowire(plan, cat, servers(plan) + ["sto-1"], "test-ib-64x400", kind="storage", rail_optimised=True)
    assert "unterschiedlich viele Storage-Ports" in message_text(info.value.reason, "de")


def test_autowire_gives_each_device_its_own_link_speed(cat):  # noqa: F811
    """Issue 31: the appliance's 400G ports take whole 400G cages at 400G, the servers' 200G
    storage NICs 2 x 200G lanes of other cages; before, every port landed on a 200G lane (a
    speed mismatch on each appliance link, and a smaller bisection)."""
    from planner.fabric.ports import port_lookup

    plan, spare = _with_storage(4)
    members = servers(plan) + ["sto-1"]
    res = autowire(plan, cat, members, "test-ib-64x400", kind="storage", switch_racks=[spare])
    res.edit.apply(plan)
    fab = plan.fabrics[-1]
    assert fab.speed_gbps == 200
    speeds: dict[str, set[float]] = {}
    cages_of: dict[str, set[str]] = {}
    for lk in plan.links:
        dev_end, sw_end = (lk.a, lk.b) if lk.a.placement in members else (lk.b, lk.a)
        ends = [port_lookup(cat, plan.placement(e.placement).device, e.port, fab.speed_gbps) for e in (dev_end, sw_end)]
        assert ends[0].speed_gbps == ends[1].speed_gbps, (lk.a, lk.b)
        speeds.setdefault(dev_end.placement, set()).add(ends[0].speed_gbps)
        cages_of.setdefault(dev_end.placement, set()).add(ends[1].parent or ends[1].name)
    assert speeds["sto-1"] == {400.0} and all(speeds[s] == {200.0} for s in servers(plan))
    # no cage split two ways: the appliance's cages hold no server lane
    server_cages = set().union(*(cages_of[s] for s in servers(plan)))
    assert not cages_of["sto-1"] & server_cages
    assert not [f for f in check_links(plan, cat) if f.code in ("FABRIC_SPEED_MISMATCH", "FABRIC_SLOW_LINK")]
    r = analyse_fabrics(plan, cat)[0]
    # 8 x 400G + 8 x 200G injected: the bisection counts each link at its own speed
    assert r.bisection_tbps == pytest.approx((8 * 400 + 8 * 200) / 2 / 1000)


def test_a_switch_on_a_management_network_through_its_mgmt_port_is_an_end(cat):  # noqa: F811
    """A data switch's mgmt0 on the management leaf is a managed device, not a spine above
    the leaf (which made a one-switch management network look 4:1 oversubscribed)."""
    plan, spare = _with_storage(4)
    members = servers(plan) + ["sto-1", "sw-s"]
    assert device_ports(cat, "test-ib-64x400").role("management")
    res = autowire(plan, cat, members, "test-mgmt-48x1g", kind="management", switch_racks=[spare])
    res.edit.apply(plan)
    r = next(x for x in analyse_fabrics(plan, cat) if x.kind == "management")
    assert r.switches == 1 and r.servers == len(members)
    assert r.oversubscription == 1.0
    assert not [f for f in r.findings if f.code == "FABRIC_OVERSUBSCRIBED"]
