"""The one finding type of every design-rule check (the engine's power, cooling, space
and balance checks and the fabric checks): severity, code, message and where (kind and
id of the entity concerned, plus any further entities in ``related``).

Codes and their severities are listed in :data:`planner.engine.findings.CODES` (and
docs/engine.md); this module holds only the type, so that :mod:`planner.fabric` can make
findings without importing the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from planner.i18n import N_

Severity = Literal["error", "warning", "info"]
SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}
# how the printed outputs (build plan, workbook) name a severity and the kind of entity a
# finding is about (translated where shown)
SEVERITY_NAMES = {"error": N_("ERROR"), "warning": N_("WARNING"), "info": N_("INFO")}
WHERE_KINDS = {"rack": N_("rack"), "placement": N_("device"), "pdu": N_("PDU"), "feed": N_("feed"),
               "loop": N_("loop"), "room": N_("room"), "device-type": N_("device type"), "plan": N_("plan"),
               "fabric": N_("fabric"), "link": N_("link"), "workload": N_("workload"), "source": N_("power source"),
               "row": N_("row")}


@dataclass(frozen=True, slots=True)
class Finding:
    severity: Severity
    code: str
    message: str
    kind: str  # where: rack, placement, pdu, feed, loop, room, device-type, plan, fabric, link, workload
    id: str | None = None
    related: tuple[str, ...] = ()  # further entities concerned (fabric findings: the other link, devices)
    # The English message's template and parameters, for translation at the edge (finding_text):
    # the engine formats ``message`` once in English; a German view formats the catalog's
    # template with the same parameters (docs/architecture.md, Languages). Not compared:
    # ``message`` already says everything.
    template: str | tuple[str, str] | None = field(default=None, compare=False, repr=False)
    params: tuple[tuple[str, Any], ...] = field(default=(), compare=False, repr=False)

    @property
    def where(self) -> dict[str, str | None]:
        return {"kind": self.kind, "id": self.id}

    @property
    def entities(self) -> tuple[str, ...]:
        """Every entity concerned: ``id`` first, then ``related``."""
        return ((self.id,) if self.id is not None else ()) + self.related

    def text(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the active language, planner.i18n)."""
        return finding_text(self, lang)

    def as_message(self) -> str:
        """The message as a :class:`planner.i18n.Message` (the English text that keeps its
        template and parameters): the one text type translated at the edge, as a workload
        note or a refusal is. A finding without a template gives its plain message."""
        if self.template is None:
            return self.message
        from planner.i18n import _message

        params = tuple(self.params.items()) if isinstance(self.params, dict) else tuple(self.params)
        return _message(self.message, self.template, params)

    def to_dict(self) -> dict[str, object]:
        d: dict[str, object] = {"severity": self.severity, "code": self.code, "message": self.message,
                                "where": self.where}
        if self.related:
            d["related"] = list(self.related)
        return d


def finding_message(template: str | tuple[str, str], params: dict[str, Any]) -> str:
    """The English message of a finding from its template (an ``Np_`` pair picks by ``n``)."""
    if isinstance(template, tuple):
        template = template[0] if params.get("n", 1) == 1 else template[1]
    return template.format(**params)


def finding_text(f: Finding, lang: str | None = None) -> str:
    """``f``'s message in ``lang`` (default: the active language): its template through the
    catalog, numbers in the language's form; the English message when there is no template
    (or the language is English). Translated as every planner Message is
    (:meth:`Finding.as_message`, :func:`planner.i18n.message_text`)."""
    from planner.i18n import message_text

    if f.template is None:
        return f.message
    return message_text(f.as_message(), lang)
