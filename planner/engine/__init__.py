"""The live engine: power, heat and cooling, space and weight, GPU and compute totals,
cost and stranded capacity, with design-rule-check findings. Pure Python, no Qt.

    from planner.engine import Engine, EngineSettings
    engine = Engine(catalog, EngineSettings())
    results = engine.compute(plan)          # full
    change = edit.apply(plan)
    results = engine.update(plan, change)   # incremental, same result as a full compute

See docs/engine.md for every formula, its source, and every finding code.
"""

from planner.engine.core import Engine
from planner.engine.findings import CODES, Finding
from planner.engine.rack import RackResult
from planner.engine.report import SECTION_PROVIDERS, build_json, register_section, text_report
from planner.engine.results import BomLine, FeedResult, LoopResult, PduResult, Results, RoomResult, Totals
from planner.engine.settings import EngineSettings

__all__ = [
    "CODES",
    "SECTION_PROVIDERS",
    "BomLine",
    "Engine",
    "EngineSettings",
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
