"""The engine's rule providers, one module a rule family (as KiCad keeps one design-rule
provider per family, each declaring the error codes it can raise): each module holds the
pure functions of its family's checks and figures and names, in ``CODES``, the finding
codes they emit. planner.engine.rack and planner.engine.core only run them, in order, and
sum their results.

:data:`PROVIDERS` is the one table of them: family -> module, codes. Every code the engine
can emit belongs to exactly one provider, and docs/engine.md (Findings, "Rule families")
lists each family with its codes (tests/test_engine_rules.py keeps all three in step with
the ``make``/``fabric_finding`` calls in the source). Severities and meanings stay in
:data:`planner.engine.findings.CODES`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from planner.engine.rules import (
    balance,
    cooling,
    energy,
    fabric,
    feeds,
    money,
    phases,
    rack_power,
    space,
    workloads,
)


@dataclass(frozen=True, slots=True)
class Provider:
    """One rule family: its name, the module of its pure functions, the codes they emit."""

    family: str
    module: ModuleType
    codes: tuple[str, ...]


PROVIDERS: tuple[Provider, ...] = (
    Provider("rack power", rack_power, rack_power.CODES),
    Provider("feeds and sources", feeds, feeds.CODES),
    Provider("cooling and loops", cooling, cooling.CODES),
    Provider("space and weight", space, space.CODES),
    Provider("fabric", fabric, fabric.CODES),
    Provider("workloads", workloads, workloads.CODES),
    Provider("balance", balance, balance.CODES),
    Provider("money", money, money.CODES),
    Provider("energy", energy, energy.CODES),
    Provider("phases", phases, phases.CODES),
)

# code -> its provider's family
FAMILY_OF: dict[str, str] = {code: p.family for p in PROVIDERS for code in p.codes}


def provider_of(code: str) -> Provider:
    """The provider whose checks emit ``code`` (KeyError for a code no provider names)."""
    family = FAMILY_OF[code]
    return next(p for p in PROVIDERS if p.family == family)


__all__ = ["FAMILY_OF", "PROVIDERS", "Provider", "provider_of"]
