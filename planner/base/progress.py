"""What long planner jobs (auto-wire designs, the PDF build plan) share with their
callers: the callback types and the one exception that says "stopped on request".

A job takes ``progress(fraction, stage)`` and ``cancel() -> bool``, both called from
the thread running it; when ``cancel()`` returns True the job raises :class:`Cancelled`
(or a subclass naming the job) and has changed nothing. A caller that runs several
kinds of jobs catches :class:`Cancelled` once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ProgressFn = Callable[[float, str], Any]
CancelFn = Callable[[], bool]


class Cancelled(Exception):
    """The caller asked to stop (its ``cancel`` callback returned True); nothing changed."""
