"""Findings of the fabric checks: :class:`planner.base.findings.Finding`, the engine's one
finding type (severity, code, message, where: {kind, id}, related); codes are
upper-case like the engine's and start with ``FABRIC_``. :func:`fabric_finding` makes
one from every entity concerned (the first is ``id``, of ``kind`` link, fabric or
placement; the others go to ``related``) so the app can select them.

Codes: FABRIC_UNKNOWN_PORT (error), FABRIC_PORT_REUSED (error), FABRIC_PORT_CROSS_FABRIC
(error), FABRIC_SPEED_MISMATCH
(warning), FABRIC_SLOW_LINK (warning), FABRIC_UNKNOWN_CABLE (error),
FABRIC_MEDIA_MISMATCH (error), FABRIC_CABLE_TOO_LONG (error), FABRIC_CABLE_TOO_SHORT
(warning), FABRIC_SWITCH_PORTS (error), FABRIC_UNCONNECTED_PORTS (warning),
FABRIC_DISCONNECTED (error), FABRIC_OVERSUBSCRIBED (warning).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from planner.base.findings import Finding, Severity, finding_message

__all__ = ["Finding", "fabric_finding"]


def fabric_finding(severity: Severity, code: str, message: str | tuple[str, str], where: Sequence[str] = (),
                   kind: str = "link", **params: Any) -> Finding:
    """A finding about ``where[0]`` (of ``kind``), with the other entities of ``where`` related.
    With ``params``, ``message`` is a template translated at the edge (see
    :func:`planner.engine.findings.make`)."""
    if params or isinstance(message, tuple):
        return Finding(severity, code, finding_message(message, params), kind, where[0] if where else None,
                       tuple(where[1:]), template=message, params=tuple(params.items()))
    return Finding(severity, code, message, kind, where[0] if where else None, tuple(where[1:]))
