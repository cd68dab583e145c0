"""Rule family "fabric": links, ports, cables and media, switch ports, connectivity and
oversubscription of each fabric, and the NVLink domains of multi-node NVLink racks
(docs/fabrics.md; docs/engine.md, Fabrics). The checks are planner.fabric's pure
functions (:func:`planner.fabric.analysis.analyse_fabric` for one fabric, the per-link
checks in :func:`planner.fabric.analysis.link_facts`, the unwired required ports in
:func:`planner.fabric.analysis.with_unconnected`, the NVLink domain checks in
:mod:`planner.fabric.nvlink`); the engine keeps them incrementally
(:class:`planner.engine.network.Network`, over :class:`planner.fabric.analysis.FabricModel`)
and joins their findings to its own. This module names them and their codes."""

from __future__ import annotations

from planner.fabric.analysis import analyse_fabric, link_facts, with_unconnected
from planner.fabric.nvlink import CODES as NVLINK_CODES
from planner.fabric.nvlink import fabric_domain

__all__ = ["CHECKS", "CODES", "NVLINK_CODES", "analyse_fabric", "fabric_domain", "link_facts", "with_unconnected"]

# the pure functions the fabric findings come from (FabricModel runs the first two by delta)
CHECKS = (link_facts, analyse_fabric, with_unconnected, fabric_domain)

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings):
# the link and fabric checks' (planner.fabric.findings), then the NVLink domains' (planner.fabric.nvlink)
CODES: tuple[str, ...] = (
    "FABRIC_UNKNOWN_PORT", "FABRIC_PORT_REUSED", "FABRIC_PORT_CROSS_FABRIC", "FABRIC_SPEED_MISMATCH",
    "FABRIC_SLOW_LINK", "FABRIC_UNKNOWN_CABLE", "FABRIC_MEDIA_MISMATCH", "FABRIC_CABLE_TOO_LONG",
    "FABRIC_CABLE_TOO_SHORT", "FABRIC_SWITCH_PORTS", "FABRIC_UNCONNECTED_PORTS", "FABRIC_DISCONNECTED",
    "FABRIC_OVERSUBSCRIBED", *NVLINK_CODES,
)
