"""planner.base.gcpause.no_gc(keep=True): what the paused block built goes to the oldest
generation unwalked (a full engine compute's results; the young collection after a 16k
GB200 compute took ~0.36 s), and frozen objects stay frozen."""

from __future__ import annotations

import gc

import pytest

from planner.base.gcpause import no_gc


@pytest.fixture(autouse=True)
def unfrozen():
    """tests/conftest.py freezes the session's objects; these tests need none frozen, and
    freeze what there is again afterwards. A test before them in the worker may have made the
    app's GUI-thread collector, which switches the automatic collector off: on here, as it is
    where the engine runs without a Qt app, and back as it was."""
    was = gc.isenabled()
    gc.enable()
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.freeze()
    if not was:
        gc.disable()


class _Box:
    pass


def _in_generation(obj: object, gen: int) -> bool:
    return any(o is obj for o in gc.get_objects(generation=gen))


def test_keep_moves_what_the_block_built_to_the_oldest_generation():
    gc.collect()
    with no_gc(keep=True):
        kept = _Box()
    assert gc.isenabled()
    assert _in_generation(kept, 2)
    with no_gc():
        young = _Box()
    assert _in_generation(young, 0)  # without keep: left to the young collections


def test_keep_leaves_frozen_objects_frozen():
    gc.collect()
    frozen = _Box()
    gc.freeze()
    try:
        count = gc.get_freeze_count()
        with no_gc(keep=True):
            _Box()
        assert gc.get_freeze_count() == count
        assert not _in_generation(frozen, 2)
    finally:
        gc.unfreeze()  # the fixture freezes again
