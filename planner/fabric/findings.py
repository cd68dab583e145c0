"""Findings of the fabric checks, in the engine's shape.

``to_dict()`` gives the same JSON as :class:`planner.engine.findings.Finding`
(severity, code, message, where: {kind, id}); codes are upper-case like the
engine's and start with ``FABRIC_``. ``where`` keeps every entity concerned (the
first is ``id``, of ``kind`` link, fabric or placement) so the app can select them.

Codes: FABRIC_UNKNOWN_PORT (error), FABRIC_PORT_REUSED (error), FABRIC_PORT_CROSS_FABRIC
(error), FABRIC_SPEED_MISMATCH
(warning), FABRIC_SLOW_LINK (warning), FABRIC_UNKNOWN_CABLE (error),
FABRIC_MEDIA_MISMATCH (error), FABRIC_CABLE_TOO_LONG (error), FABRIC_CABLE_TOO_SHORT
(warning), FABRIC_SWITCH_PORTS (error), FABRIC_UNCONNECTED_PORTS (warning),
FABRIC_DISCONNECTED (error), FABRIC_OVERSUBSCRIBED (warning).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Finding:
    severity: str
    code: str
    message: str
    where: tuple[str, ...] = field(default_factory=tuple)
    kind: str = "link"

    @property
    def id(self) -> str | None:
        return self.where[0] if self.where else None

    def to_dict(self) -> dict:
        return {"severity": self.severity, "code": self.code, "message": self.message,
                "where": {"kind": self.kind, "id": self.id}, "related": list(self.where[1:])}

    as_dict = to_dict
