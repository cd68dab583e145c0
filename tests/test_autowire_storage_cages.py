"""Storage auto-wire with per-device link speeds on leaves whose down lanes do not line up
with the cages (issue 31, "Storage auto-wire puts 400G storage ports on 200G half-cages").

The example's own storage fabric (one QM9700 leaf) is wired right on main since the
whole-cage rule (15d1363). What still failed: when the design needs more than one leaf and a
DDN AI400X2's 400G port would start on the last lane of a leaf or on the second lane of a
cage (2:1 leaves of a QM9700 have 85 down lanes; per-rack leaves start mid-way), auto-wire
fell back to one 200G lane for every port: every appliance link a speed mismatch and the
appliances' injection halved. Here the example grows to twelve AI400X2 and its storage fabric
is auto-wired again at 2:1."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.fabric.autowire import autowire
from planner.fabric.ports import port_lookup
from planner.files.documents import load_plan
from planner.model.edits import AddPlacement, RemoveItem, RemovePlacement
from planner.model.placement import PlacementChecker
from planner.model.plan import Placement

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"
SWITCH = "nvidia-quantum-2-qm9700"
SERVERS = ["gpu-1", "gpu-2", "gpu-3", "gpu-4"]
DDNS = ["stor-1"] + [f"stor-{n}" for n in range(2, 13)]


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def _pod(cat):
    """The example with eleven more AI400X2 (2U each) in R03 and its storage fabric removed."""
    plan = load_plan(EXAMPLE)
    checker = PlacementChecker(cat)
    for pid, u in zip(DDNS[1:], [1, 3, 5, 7, 9, 11, 13, 15, 17, 22, 24], strict=True):
        AddPlacement("rack-3", Placement(id=pid, device="ddn-ai400x2", name=pid, u=u), checker).apply(plan)
    RemovePlacement("ib-stor-1").apply(plan)
    RemoveItem("fabric", "fab-storage").apply(plan)
    return plan


@pytest.mark.parametrize("leaf_per", [None, "rack"])
def test_appliance_ports_keep_their_400g_on_leaves_that_split_cages(cat, leaf_per):
    plan = _pod(cat)
    res = autowire(plan, cat, SERVERS + DDNS, SWITCH, kind="storage", rail_optimised=False, leaf_per=leaf_per,
                   oversubscription=2.0)
    assert res.design.tiers == 2 and res.design.down_per_leaf % 2 == 1  # 85 down lanes: cages straddle
    res.edit.apply(plan)
    fab = next(f for f in plan.fabrics if f.id == res.fabric_id)
    results = Engine(cat).compute(plan)
    assert not [f for f in results.findings if f.code in ("FABRIC_SPEED_MISMATCH", "FABRIC_SLOW_LINK")]
    # every device port on the switch at its own speed: 96 appliance ports on whole 400G cages,
    # 8 server NICs on 200G lanes
    speeds: dict[str, set[float]] = {}
    for lk in plan.links:
        if lk.fabric != fab.id or lk.a.placement not in SERVERS + DDNS:
            continue
        dev = port_lookup(cat, plan.placement(lk.a.placement).device, lk.a.port, fab.speed_gbps)
        sw = port_lookup(cat, plan.placement(lk.b.placement).device, lk.b.port, fab.speed_gbps)
        assert dev.speed_gbps == sw.speed_gbps, (lk.a, lk.b)
        speeds.setdefault("ddn" if lk.a.placement in DDNS else "server", set()).add(dev.speed_gbps)
    assert speeds == {"ddn": {400.0}, "server": {200.0}}
    down = sum(1 for lk in plan.links if lk.fabric == fab.id and lk.a.placement in SERVERS + DDNS)
    assert down == 12 * 8 + 4 * 2
    # bisection: half the least of what the devices inject (each port at its own speed) and the
    # leaves' uplinks (200G lanes, as the design sizes them)
    inject = 12 * 8 * 400 + 4 * 2 * 200
    uplinks = res.design.leaves * res.design.up_per_leaf * 200
    r = results.fabrics[fab.id]
    assert r.bisection_tbps == pytest.approx(min(inject, uplinks) / 2 / 1000)
    if leaf_per is None:
        # three 2:1 leaves (42 appliance ports each fill 84 of 85 down lanes) under 43 uplinks
        # each; main: one leaf, every port on a 200G lane, 96 mismatches, 10.4 Tb/s
        assert res.design.leaves == 3 and r.bisection_tbps == pytest.approx(12.9)


def test_the_generators_estimate_sizes_the_tree_auto_wire_builds(cat):
    """The generator and the search size a storage fabric with laid_out_tree: for the pod above
    it is the tree auto-wire builds (main counted 200 lanes: two leaves, not three)."""
    from planner.fabric.autowire import laid_out_tree
    from planner.fabric.ports import cage_lanes, link_and_radix

    link, sw_ports = link_and_radix(cat, 200, SWITCH)
    k = cage_lanes(sw_ports, cat, SWITCH)[0]
    est = laid_out_tree([(2, 12 * 8), (1, 4 * 2)], k, len(sw_ports), link, 2.0)
    plan = _pod(cat)
    res = autowire(plan, cat, SERVERS + DDNS, SWITCH, kind="storage", rail_optimised=False, oversubscription=2.0)
    assert (est.leaves, est.spines, est.switches) == (res.design.leaves, res.design.spines, res.design.switches)
    assert est.leaves == 3


@settings(max_examples=300, deadline=None)
@given(runs=st.lists(st.tuples(st.sampled_from([1, 2, 4]), st.integers(0, 70)), min_size=1, max_size=4),
       down=st.one_of(st.none(), st.integers(4, 130)))
def test_lanes_counted_by_runs_are_the_lanes_laid_out_port_by_port(runs, down):
    from planner.fabric.ports import cage_starts, laid_out_lanes

    runs = sorted(runs, key=lambda r: -r[0])
    widths = [w for w, n in runs for _ in range(n)]
    starts = cage_starts(widths, down, 4)
    assert starts is not None and laid_out_lanes(runs, down, 4) == (starts[-1] + widths[-1] if widths else 0)
    prev = None
    for a, w in zip(starts, widths, strict=True):
        r = a % down if down else a  # the lane on its leaf (each leaf's lanes from its first cage)
        assert r % w == 0 and (down is None or r + w <= down)  # inside one cage of one leaf
        assert prev in (None, w) or r % 4 == 0  # another split starts a new cage
        prev = w
    assert all(b >= a + w for a, b, w in zip(starts, starts[1:], widths, strict=False))
