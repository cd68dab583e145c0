"""Progress and cooperative cancellation for long fabric designs (auto-wire).

The design functions take the same two optional callbacks as the build-plan export
(:func:`planner.reports.build_plan_pdf`): ``progress(fraction, stage)`` and
``cancel() -> bool``. Both are called from the thread running the design. The design
checks ``cancel`` between units of work (a batch of cables, a rack, a placement
pass) and stops with :class:`Cancelled`; it is pure (it only reads the plan and
returns one ``Compound`` edit at the end), so a cancelled design changes nothing.

:func:`without_gc` runs a function that builds tens of thousands of objects (links,
schedule rows) with the cyclic garbage collector paused: otherwise it rescans the
whole plan several times per call (30-50 % of the time, and pauses of 100-200 ms during
which a design thread holds the GIL and the GUI cannot repaint). Nothing those
functions build is cyclic garbage. Before returning it sweeps the young objects it
left once (generations 0 and 1), in the calling thread, so the GUI thread applying
the edit does not.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import Any, TypeVar

from planner.base.progress import CancelFn, Cancelled, ProgressFn  # noqa: F401  (re-exported here)

F = TypeVar("F", bound=Callable[..., Any])
YOUNG_SWEEP = 50_000  # young objects left by a paused-GC call above which it sweeps them itself


def without_gc(fn: F) -> F:
    """``fn`` with the cyclic GC paused while it runs (restored as it was after)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            result = fn(*args, **kwargs)
            if was_enabled and gc.get_count()[0] > YOUNG_SWEEP:
                # sweep the young objects made here now, in this (often a worker) thread,
                # and promote them to the old generation as incremental collections would
                # have: else the first allocations after gc.enable() walk them, e.g. the
                # GUI thread applying the edit (0.3 s instead of 0.12 s for 49k links),
                # and again when they leave generation 1 (the analysis, +0.2 s)
                gc.collect(1)
            return result
        except Cancelled as e:
            # drop the cancelled design's frames (and the half-built links they hold)
            # while the GC is still paused: re-enabled with them alive, its first pass
            # would walk them all (~0.1-0.2 s at 49k links) before Cancel takes effect
            message = str(e)
        finally:
            if was_enabled:
                gc.enable()
        raise Cancelled(message)

    return wrapper  # type: ignore[return-value]


class Steps:
    """Reports ``fraction`` in ``[start, start + span]`` of the caller's whole and checks
    ``cancel``. Fractions only go up (a smaller one is reported as the last one), small
    steps (< 0.5 %) are not reported unless the stage text changes, and 1.0 is reported
    only by :meth:`finish` of the outermost ``Steps``, once the result exists."""

    def __init__(self, progress: ProgressFn | None = None, cancel: CancelFn | None = None, *,
                 start: float = 0.0, span: float = 1.0, _root: Steps | None = None) -> None:
        self.progress, self.cancel = progress, cancel
        self.start, self.span = start, span
        self.root = _root or self
        self.last = -1.0
        self.stage = ""

    def check(self) -> None:
        if self.cancel is not None and self.cancel():
            raise Cancelled("the design was cancelled")

    def report(self, fraction: float, stage: str | None = None) -> None:
        """``fraction`` (0..1) of this step's span is done; checks ``cancel`` first."""
        self.check()
        root = self.root
        if root.progress is None:
            return
        f = self.start + self.span * min(1.0, max(0.0, fraction))
        f = min(f, 0.999)  # 1.0 means "the result exists": only finish() says that
        new_stage = stage is not None and stage != root.stage
        if new_stage:
            root.stage = stage  # type: ignore[assignment]
        f = max(f, root.last)  # never backwards
        if new_stage or f - root.last >= 0.005:
            root.last = f
            root.progress(f, root.stage)

    def sub(self, start: float, span: float) -> Steps:
        """The part ``[start, start + span]`` of this step (both relative to it)."""
        return Steps(self.progress, self.cancel, start=self.start + self.span * start, span=self.span * span,
                     _root=self.root)

    def finish(self, stage: str = "done") -> None:
        self.check()
        if self is self.root and self.progress is not None:
            self.root.last = 1.0
            self.progress(1.0, stage)


__all__ = ["CancelFn", "Cancelled", "ProgressFn", "Steps", "without_gc"]
