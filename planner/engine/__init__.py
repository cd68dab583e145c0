"""The live engine: power, heat and cooling, space and weight, GPU and compute totals,
cost and stranded capacity, with design-rule-check findings. Pure Python, no Qt.

    from planner.engine import Engine, EngineSettings
    engine = Engine(catalog, EngineSettings())
    results = engine.compute(plan)          # full
    change = edit.apply(plan)
    results = engine.update(plan, change)   # incremental, same result as a full compute

See docs/engine.md for every formula, its source, and every finding code. The checks live in
planner.engine.rules, one provider module a rule family (``PROVIDERS``: family -> module, codes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from planner.engine.core import Engine
from planner.engine.findings import CODES, Finding
from planner.engine.rack import RackResult
from planner.engine.report import SECTION_PROVIDERS, build_json, register_section, text_report
from planner.engine.results import BomLine, FeedResult, LoopResult, PduResult, Results, RoomResult, Totals
from planner.engine.settings import EngineSettings

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.edits import Edit
    from planner.model.plan import Plan


# (plan, edit) -> ((typical W, max W) before, (typical W, max W) after)
PowerMeasure = Callable[["Plan", "Edit"], tuple[tuple[float, float], tuple[float, float]]]


def power_delta(catalog: Catalog, settings: EngineSettings | None = None) -> PowerMeasure:
    """A function ``(plan, edit) -> ((typical W, max W) before, (typical W, max W) after)``:
    the plan's IT power from a full compute, then an incremental update after ``edit``,
    which it reverts (the plan is left as it was). For previews of edits in layers below
    the engine (planner.fabric.extend.additions)."""

    def measure(plan: Plan, edit: Edit) -> tuple[tuple[float, float], tuple[float, float]]:
        engine = Engine(catalog, settings)
        before = engine.compute(plan).totals.agg.sums
        change = edit.apply(plan)
        try:
            after = engine.update(plan, change).totals.agg.sums
        finally:
            edit.revert(plan)
        return (before["typical_w"], before["max_w"]), (after["typical_w"], after["max_w"])

    return measure

__all__ = [
    "CODES",
    "SECTION_PROVIDERS",
    "BomLine",
    "Engine",
    "EngineSettings",
    "power_delta",
    "FeedResult",
    "Finding",
    "LoopResult",
    "PduResult",
    "RackResult",
    "Results",
    "RoomResult",
    "Totals",
    "build_json",
    "register_section",
    "text_report",
]
