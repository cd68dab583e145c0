"""The planner's code words as sentences and reports name them: port roles, device kinds,
workload kinds and workload bottlenecks, power-source kinds and workload verdicts. One table each (English source texts, marked
with ``N_`` for the catalog), used by the fabric refusals, the engine's findings, the PDF
and the CLI, so a word is translated once and the same everywhere.

Each ``*_text`` function returns a :class:`planner.i18n.Message`: English as the code
itself reads in a sentence (so English findings and ``--json`` read as before), translated
at the edge (:func:`planner.i18n.message_text`; a report rendered in a language calls it
right away). An unknown code is returned as it is."""

from __future__ import annotations

from typing import get_args

from planner.i18n import N_, tmsg
from planner.model.plan import PowerSourceKind

# port role -> its ports (planner.fabric.ports.ROLES)
ROLE_PORTS = {"compute": N_("compute ports"), "storage": N_("storage ports"), "frontend": N_("frontend ports"),
              "management": N_("management ports"), "dpu": N_("dpu ports")}
# and one of them (a finding's "1 compute port on 1 device"; German writes the role and the
# port as one word, "Compute-Port", which a role code put before "-Port" could not: "compute-Ports")
ROLE_PORT = {"compute": N_("compute port"), "storage": N_("storage port"), "frontend": N_("frontend port"),
             "management": N_("management port"), "dpu": N_("dpu port")}
# a GPU tray's NVLink ports (planner.fabric.ports.NVLINK_ROLE: no role of ROLES)
NVLINK_PORTS = (N_("NVLink port"), N_("NVLink ports"))
# device type kind (planner.catalog.models.KINDS)
DEVICE_KINDS = {"server": N_("server"), "switch": N_("switch"), "storage": N_("storage"), "pdu": N_("pdu"),
                "cdu": N_("cdu"), "cooling": N_("cooling"), "patch": N_("patch"), "other": N_("other")}
# fabric kind (planner.model.plan.FabricKind)
FABRIC_KINDS = {"compute": N_("compute"), "storage": N_("storage"), "frontend": N_("frontend"),
                "management": N_("management"), "nvlink": N_("NVLink")}
# workload kind (planner.workloads.specs)
WORKLOAD_KINDS = {"pretrain": N_("pretrain"), "finetune": N_("finetune"), "inference": N_("inference"),
                  "storage": N_("storage"), "vision": N_("vision"), "recommendation": N_("recommendation"),
                  "analytics": N_("analytics")}
# what limits a workload (planner.workloads.evaluate.BOTTLENECKS, plus ttft from the sizing)
BOTTLENECKS = {"compute": N_("compute"), "interconnect": N_("interconnect"), "gpu_memory": N_("GPU memory"),
               "memory_bandwidth": N_("memory bandwidth"), "ttft": N_("time to first token"),
               "storage": N_("storage"), "power": N_("power"), "cooling": N_("cooling"), "memory": N_("memory")}


# power source kind (planner.model.plan.PowerSourceKind, in its order: the power dialog's choices)
SOURCE_KINDS = {"ups": N_("UPS"), "panel": N_("Panel"), "switchboard": N_("Switchboard"), "generator": N_("Generator")}
assert tuple(SOURCE_KINDS) == get_args(PowerSourceKind), "a power source kind without its word"
# a workload's (or a requirement's) verdict: met (True), not met (False), unknown (None)
VERDICTS = {True: N_("met"), False: N_("NOT MET"), None: N_("not evaluated")}
MET_WITHIN_UNCERTAINTY = N_("met within the model's uncertainty")  # met, by less than the error band
NOT_DETERMINED = N_("not determined")  # a requirement the plan cannot answer (no target, no figure)


def role_ports_text(role: str) -> str:
    """``compute ports``, ``storage ports``, ... (a port role's ports, translated at the edge)."""
    template = ROLE_PORTS.get(role)
    return tmsg(template) if template is not None else tmsg("{role} ports", role=role)


def role_port_text(role: str | None, n: int) -> str:
    """``compute port`` for one, ``compute ports`` for more (translated at the edge)."""
    if role == "nvlink":
        return tmsg(NVLINK_PORTS[0 if n == 1 else 1])
    if n == 1:
        template = ROLE_PORT.get(role or "")
        return tmsg(template) if template is not None else tmsg("{role} port", role=role or "")
    return role_ports_text(role or "")


def device_kind_text(kind: str) -> str:
    """A device type's kind (``server``, ``switch``, ...) as a noun, translated at the edge."""
    template = DEVICE_KINDS.get(kind)
    return tmsg(template) if template is not None else kind


def fabric_kind_text(kind: str) -> str:
    """A fabric's kind (``compute``, ``management``, ...) as a table cell names it."""
    template = FABRIC_KINDS.get(kind)
    return tmsg(template) if template is not None else kind


def workload_kind_text(kind: str) -> str:
    """A workload's kind (``pretrain``, ``inference``, ...) as a sentence names it."""
    template = WORKLOAD_KINDS.get(kind)
    return tmsg(template) if template is not None else kind


def bottleneck_text(code: str | None) -> str:
    """What limits a workload (``gpu_memory`` -> ``GPU memory``); "" for None."""
    template = BOTTLENECKS.get(code or "")
    return tmsg(template) if template is not None else (code or "")


def source_kind_text(kind: str) -> str:
    """A power source's kind (``ups`` -> ``UPS``), translated at the edge."""
    template = SOURCE_KINDS.get(kind)
    return tmsg(template) if template is not None else kind


def verdict_text(met: bool | None, level: str | None = None, unknown: str = VERDICTS[None]) -> str:
    """A verdict as reports print it: ``met``, ``NOT MET``, ``not evaluated`` (``unknown``:
    another word for None, e.g. :data:`NOT_DETERMINED`); with ``level`` ``"warn"`` a met one is
    ``met within the model's uncertainty`` (the engine's: met by less than the error band)."""
    if met is None:
        return tmsg(unknown)
    if met and level == "warn":
        return tmsg(MET_WITHIN_UNCERTAINTY)
    return tmsg(VERDICTS[met])


def bottleneck_word(code: str | None) -> str:
    """A bottleneck in a command's text output: the code in English (as it always printed),
    the translated word in other languages (as the PDF and the findings name it)."""
    from planner.i18n import active_language, message_text

    if not code or active_language() == "en":
        return code or ""
    return message_text(bottleneck_text(code))
