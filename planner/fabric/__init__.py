"""Fabrics: ports, wiring edits, fat-tree sizing and auto-wiring, cable media and
schedules, bandwidth analysis. Pure Python (no Qt). See docs/fabrics.md.

Public API::

    from planner.fabric import (design_fat_tree, calculate, autowire, Connect, Disconnect,
                                analyse_fabrics, check_links, cable_schedule,
                                link_media, analyse_fabric, inter_node_gbps_per_gpu)
"""

from __future__ import annotations

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

__all__ = [
    "AddLinks", "AutowireResult", "CableGeometry", "CableRow", "CableRules", "CalculatorInputError", "Cancelled",
    "Connect",
    "DevicePorts", "Disconnect", "FabricDesignError", "FabricResult", "FatTree", "Finding", "Media",
    "MediaChooser", "Port", "analyse_fabric", "analyse_fabrics", "autowire", "cable_schedule", "calculate",
    "check_links", "design_fat_tree", "device_ports", "fabrics_json_section", "inter_node_gbps_per_gpu", "link_media",
    "port_lookup", "schedule_csv", "switch_ports_at", "write_schedule_csv",
]
