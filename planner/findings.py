"""The one finding type of every design-rule check (the engine's power, cooling, space
and balance checks and the fabric checks): severity, code, message and where (kind and
id of the entity concerned, plus any further entities in ``related``).

Codes and their severities are listed in :data:`planner.engine.findings.CODES` (and
docs/engine.md); this module holds only the type, so that :mod:`planner.fabric` can make
findings without importing the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "info"]
SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True, slots=True)
class Finding:
    severity: Severity
    code: str
    message: str
    kind: str  # where: rack, placement, pdu, feed, loop, room, device-type, plan, fabric, link, workload
    id: str | None = None
    related: tuple[str, ...] = ()  # further entities concerned (fabric findings: the other link, devices)

    @property
    def where(self) -> dict[str, str | None]:
        return {"kind": self.kind, "id": self.id}

    @property
    def entities(self) -> tuple[str, ...]:
        """Every entity concerned: ``id`` first, then ``related``."""
        return ((self.id,) if self.id is not None else ()) + self.related

    def to_dict(self) -> dict[str, object]:
        d: dict[str, object] = {"severity": self.severity, "code": self.code, "message": self.message,
                                "where": self.where}
        if self.related:
            d["related"] = list(self.related)
        return d
