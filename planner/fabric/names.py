"""Port roles and device kinds as a refusal's sentence names them: the English is the code
itself (so the English sentences read as before), the German a noun from the catalog."""

from __future__ import annotations

from planner.i18n import tmsg


def role_ports_text(role: str) -> str:
    """``compute ports``, ``storage ports``, ... (a port role's ports, translated at the edge)."""
    return {"compute": tmsg("compute ports"), "storage": tmsg("storage ports"), "frontend": tmsg("frontend ports"),
            "management": tmsg("management ports"), "dpu": tmsg("dpu ports")}.get(role) or tmsg(
        "{role} ports", role=role)


def device_kind_text(kind: str) -> str:
    """A device type's kind (``server``, ``switch``, ...) as a noun, translated at the edge."""
    return {"server": tmsg("server"), "switch": tmsg("switch"), "storage": tmsg("storage"), "pdu": tmsg("pdu"),
            "cdu": tmsg("cdu"), "cooling": tmsg("cooling"), "patch": tmsg("patch"), "other": tmsg("other")
            }.get(kind, kind)
