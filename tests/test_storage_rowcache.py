"""The autosave's incremental snapshot (planner.files.storage.rowcache, issue 30): after any
sequence of edits and undos, each marked, the cached snapshot equals a fresh full one row
for row, embeds the same catalog entries and writes the same file bytes; and it really
reuses rows (an edit left unmarked is not seen, which is why every Change must reach it)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.files.storage import rackplan_bytes, snapshot
from planner.files.storage.rowcache import RowCache
from planner.model.edits import Change, EditRefused, RemoveItem, SetProperty
from tests.test_engine_incremental import CATALOG, base_plan, random_edit

FIXED = {"saved_at": "2026-01-01T00:00:00+00:00"}


def assert_same(cache: RowCache, plan) -> None:
    got, want = cache.snapshot(plan, CATALOG).numbered(), snapshot(plan, CATALOG)
    assert list(got.rows) == list(want.rows)
    for table in want.rows:
        assert got.rows[table] == want.rows[table], table
    assert got.catalog_rows == want.catalog_rows
    assert got.unknown == want.unknown


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_cached_snapshot_equals_a_full_one_after_random_edits_and_undos(data):
    plan = base_plan()
    cache = RowCache()
    assert_same(cache, plan)
    done: list = []
    counter = [0]
    for _ in range(data.draw(st.integers(1, 12))):
        if done and data.draw(st.integers(0, 3)) == 0:
            cache.mark(done.pop().revert(plan))
        else:
            edit = random_edit(plan, data, counter)
            if edit is None:
                continue
            try:
                change = edit.apply(plan)
            except EditRefused:
                continue
            done.append(edit)
            cache.mark(change)
        if data.draw(st.booleans()):  # autosaves come now and then: changes accumulate between them
            assert_same(cache, plan)
    assert_same(cache, plan)
    snap = cache.snapshot(plan, CATALOG)
    assert rackplan_bytes(snap, extra_meta=FIXED) == rackplan_bytes(snapshot(plan, CATALOG), extra_meta=FIXED)


def test_rows_are_reused_so_every_change_must_be_marked():
    plan = base_plan()
    cache = RowCache()
    cache.snapshot(plan, CATALOG)
    rack = next(plan.racks())
    SetProperty("rack", rack.id, "name", "unmarked").apply(plan)  # its Change never reaches the cache
    stale = cache.snapshot(plan, CATALOG)
    assert next(r for r in stale.rows["racks"] if r["id"] == rack.id)["name"] != "unmarked"
    cache.mark(SetProperty("rack", rack.id, "name", "marked").apply(plan))
    assert next(r for r in cache.snapshot(plan, CATALOG).rows["racks"] if r["id"] == rack.id)["name"] == "marked"
    assert cache.made < 40  # the rack's block and the few always-made rows, not the plan


def test_a_removed_link_shifts_the_rest_without_making_them_again():
    plan = base_plan()
    cache = RowCache()
    first = cache.snapshot(plan, CATALOG)
    kept = first.numbered().rows["links"]
    mid = plan.links[len(plan.links) // 2].id
    cache.mark(RemoveItem("link", mid).apply(plan))
    after = cache.snapshot(plan, CATALOG)
    assert cache.made < 40  # no link row made again
    numbered = after.numbered().rows["links"]
    assert [r["seq"] for r in numbered] == list(range(len(plan.links)))
    assert mid not in {r["id"] for r in numbered}
    assert after.numbered().rows == snapshot(plan, CATALOG).rows
    # the earlier snapshot is untouched (it may be being written on another thread)
    assert first.numbered().rows["links"] == kept and len(kept) == len(plan.links) + 1


def test_another_plan_starts_from_nothing():
    cache = RowCache()
    a, b = base_plan(), base_plan()
    cache.snapshot(a, CATALOG)
    SetProperty("rack", next(b.racks()).id, "name", "other plan").apply(b)  # unmarked: a different plan
    assert cache.snapshot(b, CATALOG).numbered().rows == snapshot(b, CATALOG).rows


def test_a_figure_sql_cannot_hold_is_refused_and_the_cache_stays_usable():
    plan = base_plan()
    cache = RowCache()
    cache.snapshot(plan, CATALOG)
    link = plan.links[0]
    old, link.length_m = link.length_m, math.nan  # the model refuses NaN; a plan built in code may not
    cache.mark(Change(links={link.id}))
    with pytest.raises(ValueError, match=f"links {link.id}: length_m is nan"):
        cache.snapshot(plan, CATALOG)
    link.length_m = old  # unmarked: the failed snapshot kept nothing, the Change is still pending
    assert_same(cache, plan)


def test_links_named_around_a_removal_in_one_autosave_are_made_again():
    """Head and tail of the link list keep their rows across a removal, except the links the
    same autosave's edits named (their positions are followed through the shift)."""
    plan = base_plan()
    cache = RowCache()
    cache.snapshot(plan, CATALOG)
    n = len(plan.links)
    head, mid, tail = plan.links[1].id, plan.links[n // 2].id, plan.links[-1].id
    cache.mark(SetProperty("link", head, "label", "head-renamed").apply(plan))
    cache.mark(RemoveItem("link", mid).apply(plan))
    cache.mark(SetProperty("link", tail, "label", "tail-renamed").apply(plan))
    assert_same(cache, plan)
    cache.mark(SetProperty("link", tail, "label", "tail-again").apply(plan))  # positions found again
    assert_same(cache, plan)
