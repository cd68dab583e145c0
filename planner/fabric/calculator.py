"""Fabric calculator without a plan (``rackwright fabric``): quick sizes for a workshop.

Uses exactly the code auto-wiring uses: the server's ports by role
(:func:`planner.fabric.ports.device_ports`), link speed and switch radix
(:func:`planner.fabric.ports.link_and_radix`), the fat-tree rules
(:func:`planner.fabric.topology.design_fat_tree`) and the media rules
(:class:`planner.fabric.media.MediaChooser`). Without a floor plan, cable lengths
per tier are assumptions the user can change (defaults: node-leaf 10 m, leaf-spine
30 m, spine-core 60 m).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planner.fabric.media import MediaChooser
from planner.fabric.names import device_kind_text, role_ports_text
from planner.fabric.ports import device_ports, link_and_radix
from planner.fabric.topology import FabricDesignError, design_fat_tree
from planner.i18n import tmsg

if TYPE_CHECKING:
    from planner.catalog import Catalog

DEFAULT_LENGTHS_M = {"node_leaf": 10.0, "leaf_spine": 30.0, "spine_core": 60.0}


class CalculatorInputError(ValueError):
    """Bad calculator input (unknown slug, not a switch, ...); message for the user."""


def calculate(catalog: Catalog, nodes: int, server: str, switch: str, oversubscription: float = 1.0,
              role: str = "compute", rail_optimised: bool = True,
              lengths_m: dict[str, float] | None = None) -> dict:
    if nodes <= 0:
        raise CalculatorInputError(tmsg("--nodes must be at least 1 (got {nodes})", nodes=nodes))
    if oversubscription < 1:
        raise CalculatorInputError(tmsg("--oversubscription must be 1 or more (got {value:g})", value=oversubscription))
    srv = catalog.get("device-types", server)
    if srv is None:
        raise CalculatorInputError(tmsg("unknown server {server!r} (not in the catalog)", server=server))
    if srv.kind not in ("server", "storage"):
        raise CalculatorInputError(tmsg("{server!r} is a {kind}, not a server", server=server, kind=device_kind_text(srv.kind)))
    sw = catalog.get("device-types", switch)
    if sw is None:
        raise CalculatorInputError(tmsg("unknown switch {switch!r} (not in the catalog)", switch=switch))
    if sw.kind != "switch":
        raise CalculatorInputError(tmsg("{switch!r} is a {kind}, not a switch", switch=switch, kind=device_kind_text(sw.kind)))
    ports = device_ports(catalog, server).role(role)  # type: ignore[union-attr]
    if not ports:
        raise CalculatorInputError(tmsg("{server!r} has no {ports} on its NICs", server=server, ports=role_ports_text(role)))
    nic_speed = min(p.speed_gbps for p in ports)
    link, sw_ports = link_and_radix(catalog, nic_speed, switch)
    try:
        t = design_fat_tree(nodes, len(ports), len(sw_ports), link, oversubscription, rail_optimised)
    except FabricDesignError as e:
        raise CalculatorInputError(str(e)) from None
    lengths = {**DEFAULT_LENGTHS_M, **(lengths_m or {})}
    chooser = MediaChooser(catalog)
    tiers = {"node_leaf": t.cables_node_leaf, "leaf_spine": t.cables_leaf_spine, "spine_core": t.cables_spine_core}
    by_type: dict[str, int] = {}
    transceivers = 0
    optics_w = 0.0
    unrouted = 0
    for tier, n in tiers.items():
        if not n:
            continue
        m = chooser.choose(link, lengths[tier])
        if m is None:
            unrouted += n
            continue
        by_type[m.cable] = by_type.get(m.cable, 0) + n
        transceivers += n * m.transceivers
        optics_w += n * 2 * m.power_w_per_end
    gpus = srv.gpu_count * nodes
    sw_max = sw.max_power_w or 0.0
    sw_typ = sw.typical_power_w or sw_max
    return {
        "nodes": nodes, "server": server, "switch": switch, "gpus": gpus, "rails": t.rails,
        "link_gbps": link, "radix": t.radix, "tiers": t.tiers,
        "leaves": t.leaves, "spines": t.spines, "cores": t.cores, "switches": t.switches,
        "down_per_leaf": t.down_per_leaf, "up_per_leaf": t.up_per_leaf,
        "nodes_per_su": t.nodes_per_su, "sus": t.sus, "pods": t.pods if t.tiers == 3 else 0,
        "cables": t.cables, "cables_by_tier": tiers, "cables_by_type": by_type, "cables_without_media": unrouted,
        "cable_lengths_m": lengths, "transceivers": transceivers,
        "per_gpu_gbps": round(t.rails * link / srv.gpu_count, 3) if srv.gpu_count else None,
        "oversubscription": round(t.leaf_oversubscription, 4),
        "oversubscription_target": oversubscription,
        "bisection_tbps": round(t.bisection_gbps() / 1000.0, 4),
        "hops": t.hops, "max_endpoints_two_tier": t.max_endpoints_two_tier,
        "switch_power_kw": round(t.switches * sw_max / 1000.0, 3),
        "switch_power_typical_kw": round(t.switches * sw_typ / 1000.0, 3),
        "optics_power_kw": round(optics_w / 1000.0, 3),
    }
