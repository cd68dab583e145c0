"""planner.gestures.builders for the views' gestures, headless: a rack added from the floor plan and
from the rack view gets the same name (one rule), row drags snap and merge, racks reorder by
where they are dropped, rows rotate, devices nudge and drag; every edit reverts to the
original plan."""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.files.documents import load_plan
from planner.files.plan_io import plan_to_dict
from planner.gestures.builders import (
    add_rack_edit,
    add_racks_edit,
    disconnect_all_edit,
    drag_device_edit,
    move_row_edit,
    new_gesture,
    nudge_edit,
    remove_racks_edit,
    reorder_rack_edit,
    reorder_slot,
    rotate_rows_edit,
    snap_row_position,
)
from planner.model.edits import EditRefused
from planner.model.placement import PlacementChecker

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


@pytest.fixture
def pod():
    return load_plan(EXAMPLES / "xe9680-h100-pod.json")


def _round_trip(plan, edit):
    """Apply then revert: the plan is as it was."""
    before = plan_to_dict(plan)
    edit.apply(plan)
    after = plan_to_dict(plan)
    edit.revert(plan)
    assert plan_to_dict(plan) == before
    return after


def test_floor_plan_and_rack_view_name_a_new_rack_alike(pod, cat):
    # the floor plan's Add rack (add_racks_edit) and the rack view's (add_rack_edit) are one rule:
    # the issue saw 'A04' from the floor plan and 'R04' from the rack view in Row A
    from_rack_view = add_rack_edit(pod, cat, "row-a").rack.name
    from_floor = add_racks_edit(pod, cat, "row-a", 1).rack.name
    assert from_floor == from_rack_view == "R04"
    two = add_racks_edit(pod, cat, "row-a", 2)
    assert [e.rack.name for e in two.edits] == ["R04", "R05"]
    two.apply(pod)
    assert add_rack_edit(pod, cat, "row-a").rack.name == add_racks_edit(pod, cat, "row-a").rack.name == "R06"


def test_gesture_ids_are_unique():
    ids = {new_gesture() for _ in range(100)} | {new_gesture("wire") for _ in range(100)}
    assert len(ids) == 200


def test_row_drag_snaps_to_tiles_or_5_cm_and_merges(pod):
    # room-1 has 0.6 m tiles; Row A starts at (1.2, 2.4)
    assert snap_row_position(pod, "row-a", 1.2 + 0.35, 2.4 - 0.1) == (1.8, 2.4)
    assert snap_row_position(pod, "row-a", 1.2 + 0.35, 2.4 - 0.1, fine=True) == (1.55, 2.3)
    g = new_gesture()
    first, second = move_row_edit(pod, "row-a", 1.8, 2.4, g), move_row_edit(pod, "row-a", 2.4, 3.0, g)
    assert first.merge_id == second.merge_id
    assert move_row_edit(pod, "row-a", 1.8, 2.4, new_gesture()).merge_id != first.merge_id
    after = _round_trip(pod, second)
    row = after["site"]["rooms"][0]["rows"][0]
    assert (row["x_m"], row["y_m"]) == (2.4, 3.0)
    with pytest.raises(EditRefused):
        move_row_edit(pod, "no-such-row", 0, 0, g)


def test_reorder_by_where_the_rack_is_dropped(pod, cat):
    row, others, index = reorder_slot(pod, cat, "rack-1", 0.0)
    assert [r.id for r in others] == ["rack-2", "rack-3"] and index == 0
    assert reorder_rack_edit(pod, cat, "rack-1", 0.1) is None  # still before R02: nothing to do
    edit = reorder_rack_edit(pod, cat, "rack-1", 10.0)  # far past the row's end: last
    assert edit is not None
    edit.apply(pod)
    assert [r.id for r in sorted(pod.index.rows["row-a"].racks, key=lambda r: r.position)] == \
        ["rack-2", "rack-3", "rack-1"]
    edit.revert(pod)
    # dropped between R02 and R03 (a little more than one rack width along)
    width = reorder_slot(pod, cat, "rack-2", 0.0)
    assert width[2] == 1
    edit = reorder_rack_edit(pod, cat, "rack-1", 1.0)
    edit.apply(pod)
    assert [r.id for r in sorted(pod.index.rows["row-a"].racks, key=lambda r: r.position)] == \
        ["rack-2", "rack-1", "rack-3"]


def test_rotate_and_remove_are_one_step_each(pod):
    assert rotate_rows_edit(pod, []) is None
    after = _round_trip(pod, rotate_rows_edit(pod, ["row-a"]))
    assert after["site"]["rooms"][0]["rows"][0]["orientation_deg"] == 90
    assert remove_racks_edit(pod, ["no-such-rack"]) is None
    edit = remove_racks_edit(pod, ["rack-1", "rack-2"])
    assert len(edit.edits) == 2
    after = _round_trip(pod, edit)
    assert [r["id"] for r in after["site"]["rooms"][0]["rows"][0]["racks"]] == ["rack-3"]


def test_nudge_moves_devices_and_refuses_below_u1(pod, cat):
    checker = PlacementChecker(cat)
    edit = nudge_edit(pod, checker, ["gpu-1"], 1)
    edit.apply(pod)
    assert pod.placement("gpu-1").u == 5
    edit.revert(pod)
    assert pod.placement("gpu-1").u == 4
    with pytest.raises(EditRefused, match="U4"):
        nudge_edit(pod, checker, ["gpu-1"], -4)
    assert nudge_edit(pod, checker, ["pdu-1a"], 1) is None  # 0U: nothing to nudge


def test_drag_device_to_another_slot_and_back_to_its_own(pod, cat):
    checker = PlacementChecker(cat)
    g = new_gesture()
    assert drag_device_edit(pod, cat, checker, "gpu-1", "rack-1", 4, "front", None, g) is None
    edit = drag_device_edit(pod, cat, checker, "gpu-1", "rack-2", 30, "front", None, g)
    edit.apply(pod)
    assert (pod.index.placement_rack["gpu-1"], pod.placement("gpu-1").u) == ("rack-2", 30)
    edit.revert(pod)
    assert (pod.index.placement_rack["gpu-1"], pod.placement("gpu-1").u) == ("rack-1", 4)


def test_disconnect_all_removes_every_link_of_a_device(pod):
    wired = [lk.id for lk in pod.links if "gpu-1" in (lk.a.placement, lk.b.placement)]
    edit = disconnect_all_edit(pod, "gpu-1", "Disconnect")
    if not wired:
        assert edit is None
        return
    edit.apply(pod)
    assert not [lk for lk in pod.links if "gpu-1" in (lk.a.placement, lk.b.placement)]
    edit.revert(pod)
    assert [lk.id for lk in pod.links if "gpu-1" in (lk.a.placement, lk.b.placement)] == wired
