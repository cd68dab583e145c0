"""Levels: how close a figure is to its limit, classified once, in the engine.

A level is one of :data:`NONE` (no figure to compare: no limit and no load, an
unknown CDU), :data:`OK`, :data:`WARN` (above the warning fraction of the limit, from
the user-settable ``EngineSettings`` thresholds) or :data:`OVER` (above the limit).
The engine's results carry a level next to each utilisation (racks, feeds, loops,
workloads, NVLink domains); views only map a level to a colour. The same comparisons
raise the engine's findings, so a rack turns amber exactly when a warning about it
appears (docs/engine.md, "Levels").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

Level = Literal["none", "ok", "warn", "over"]

NONE: Level = "none"
OK: Level = "ok"
WARN: Level = "warn"
OVER: Level = "over"
LEVELS: tuple[Level, ...] = (NONE, OK, WARN, OVER)  # least to most severe
_RANK = {lvl: i for i, lvl in enumerate(LEVELS)}


def classify(load: float, limit: float, warn_fraction: float) -> Level:
    """The level of ``load`` against ``limit``: over above the limit, warn above
    ``warn_fraction`` of it (strictly, as the findings test), else ok. A load without a
    limit is over; no load and no limit is none."""
    if limit <= 0:
        return OVER if load > 0 else NONE
    if load > limit:
        return OVER
    if load > limit * warn_fraction:
        return WARN
    return OK


def utilisation(load: float, limit: float) -> float | None:
    """``load / limit``; infinity for a load without a limit, None for neither."""
    if limit > 0:
        return load / limit
    return float("inf") if load > 0 else None


def rank(level: str) -> int:
    """0 for none .. 3 for over."""
    return _RANK.get(level, 0)  # type: ignore[call-overload]  # a str that is not a level ranks 0


def worst(levels: Iterable[str]) -> Level:
    """The most severe of ``levels`` (none for no levels)."""
    out: Level = NONE
    for lvl in levels:
        if rank(lvl) > _RANK[out]:
            out = lvl  # type: ignore[assignment]
    return out
