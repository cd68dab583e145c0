"""Pause Python's cyclic garbage collector around work that builds many objects and no
garbage (loading, copying or computing a big plan).

Each allocation burst otherwise triggers collections that walk every live object of the
plan again and again: it made opening a 16k-GPU plan about 4x slower, a full engine
compute 40 % slower and a plan snapshot 3-4x slower. Reference counting still frees
everything that is not in a cycle; the collector runs again once it is re-enabled.
The collector is process-wide: a paused section re-enables it only if it was enabled
when the section began.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_gc(keep: bool = False) -> Iterator[None]:
    """Pause the collector for the block. ``keep``: what the block built is mostly there to
    stay (a full engine compute's results and caches): the objects alive at its end go
    straight to the oldest generation (``gc.freeze`` then ``gc.unfreeze``, a list splice)
    instead of being walked by the young collection the first allocation after it would
    run (0.36 s after a 16k GB200 compute, ~10 % of it). Not done while objects are frozen
    (:func:`freeze_long_lived`): unfreezing would hand those back too."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if keep and not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def freeze_long_lived() -> None:
    """Take every object alive now out of the cyclic collector's sight (``gc.freeze``).

    For an application holding a big plan: after a full engine compute the plan, the
    engine's caches and the results are millions of long-lived objects, and the next
    full collection walks them all (a 1.5 s stall of the first edits at 16k GB200 GPUs,
    0.25 s at 16k HGX GPUs; bench/bench_gc_pause.py). Frozen objects are still freed
    by reference counting when they go; only cyclic garbage among them waits for
    :func:`release_long_lived`."""
    gc.freeze()


def release_long_lived() -> None:
    """Give frozen objects back to the collector (a plan was replaced or closed)."""
    gc.unfreeze()
