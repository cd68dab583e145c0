"""Fabrics: ports, wiring edits, fat-tree sizing and auto-wiring, cable media and
schedules, bandwidth analysis. Pure Python (no Qt). See docs/fabrics.md.

Public API::

    from planner.fabric import (design_fat_tree, calculate, autowire, Connect, Disconnect,
                                analyse_fabrics, check_links, cable_schedule,
                                link_media, analyse_fabric, inter_node_gbps_per_gpu)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planner.base.lazy import install as install_lazy

# Public names -> the submodule that defines them, imported on first use (PEP 562): the
# engine needs only the analysis (planner.engine.network), and importing that runs this
# file; eager imports here made every `rackwright check` and app start pay for
# auto-wiring, the calculator, the schedule and the wiring edits as well.
_EXPORTS = {
    "AddLinks": "wiring",
    "analyse_fabric": "analysis",
    "analyse_fabrics": "analysis",
    "autowire": "autowire",
    "AutowireResult": "autowire",
    "cable_schedule": "schedule",
    "CableGeometry": "cabling",
    "CableRow": "schedule",
    "CableRules": "cabling",
    "calculate": "calculator",
    "CalculatorInputError": "calculator",
    "Cancelled": "progress",
    "check_links": "analysis",
    "Connect": "wiring",
    "design_fat_tree": "topology",
    "device_ports": "ports",
    "DevicePorts": "ports",
    "Disconnect": "wiring",
    "FabricDesignError": "topology",
    "FabricResult": "analysis",
    "fabrics_json_section": "analysis",
    "FatTree": "topology",
    "Finding": "findings",
    "inter_node_gbps_per_gpu": "analysis",
    "link_media": "analysis",
    "Media": "media",
    "MediaChooser": "media",
    "Port": "ports",
    "port_lookup": "ports",
    "schedule_csv": "schedule",
    "switch_ports_at": "ports",
    "write_schedule_csv": "schedule",
}

if TYPE_CHECKING:
    from planner.fabric.analysis import (
        FabricResult,
        analyse_fabric,
        analyse_fabrics,
        check_links,
        fabrics_json_section,
        inter_node_gbps_per_gpu,
        link_media,
    )
    from planner.fabric.autowire import AutowireResult, autowire
    from planner.fabric.cabling import CableGeometry, CableRules
    from planner.fabric.calculator import CalculatorInputError, calculate
    from planner.fabric.findings import Finding
    from planner.fabric.media import Media, MediaChooser
    from planner.fabric.ports import DevicePorts, Port, device_ports, port_lookup, switch_ports_at
    from planner.fabric.progress import Cancelled
    from planner.fabric.schedule import CableRow, cable_schedule, schedule_csv, write_schedule_csv
    from planner.fabric.topology import FabricDesignError, FatTree, design_fat_tree
    from planner.fabric.wiring import AddLinks, Connect, Disconnect


install_lazy(__name__, _EXPORTS)

__all__ = [
    "AddLinks", "AutowireResult", "CableGeometry", "CableRow", "CableRules", "CalculatorInputError", "Cancelled",
    "Connect",
    "DevicePorts", "Disconnect", "FabricDesignError", "FabricResult", "FatTree", "Finding", "Media",
    "MediaChooser", "Port", "analyse_fabric", "analyse_fabrics", "autowire", "cable_schedule", "calculate",
    "check_links", "design_fat_tree", "device_ports", "fabrics_json_section", "inter_node_gbps_per_gpu", "link_media",
    "port_lookup", "schedule_csv", "switch_ports_at", "write_schedule_csv",
]
