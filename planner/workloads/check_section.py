"""The ``workloads`` section of ``rackwright check --json``.

Registered with the engine's extension point (:func:`planner.engine.report.register_section`)
when this module is imported; ``planner.commands.size`` imports it, and the CLI imports
every command module, so ``rackwright check`` carries the section.

Power and cooling come from the engine's findings: an error finding about power
(feeds, PDUs, breakers) or cooling (racks, loops) makes every workload on the plan unmet
with bottleneck ``power`` or ``cooling`` (plan-wide: the engine does not yet say which
servers an overloaded feed or loop serves).
"""

from __future__ import annotations

from typing import Any

from planner.engine.report import register_section

from .evaluate import evaluate_plan

_POWER_PREFIXES = ("POWER_", "FEED_", "PDU_", "BREAKER_", "PSU_")
_COOLING_PREFIXES = ("COOLING_", "LOOP_", "CDU_")


def _errors_with(results: Any, prefixes: tuple[str, ...]) -> bool:
    for f in getattr(results, "findings", ()):
        if getattr(f, "severity", None) == "error" and str(getattr(f, "code", "")).startswith(prefixes):
            return True
    return False


def workloads_section(results: Any, plan: Any, catalog: Any) -> list[dict[str, Any]] | None:
    if plan is None or catalog is None or not plan.workloads:
        return [] if plan is not None else None
    power_ok = not _errors_with(results, _POWER_PREFIXES)
    cooling_ok = not _errors_with(results, _COOLING_PREFIXES)
    out = []
    for v in evaluate_plan(plan, catalog, power_ok=power_ok, cooling_ok=cooling_ok):
        d = v.to_dict()
        d["name"] = v.name
        out.append(d)
    return out


register_section("workloads", workloads_section, after="racks")
