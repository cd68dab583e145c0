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
def no_gc() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
