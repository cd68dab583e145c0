"""Findings of the fabric checks.

Same shape as the engine's findings (severity, code, message, where): ``severity``
is ``error``, ``warning`` or ``info``; ``code`` a stable dotted identifier
(``fabric.cable-too-long``); ``where`` the ids of the plan entities concerned
(link, placement, fabric), so the app can select them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Finding:
    severity: str
    code: str
    message: str
    where: tuple[str, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict:
        return {"severity": self.severity, "code": self.code, "message": self.message, "where": list(self.where)}
