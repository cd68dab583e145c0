"""Fabric analysis over a plan: bandwidth, tiers, ports, cables, findings.

Entry points for the engine and the workload model:

* :func:`analyse_fabrics(plan, catalog) -> list[FabricResult]`
* :func:`check_links(plan, catalog) -> list[Finding]`
* :func:`link_media(catalog, chooser, link, speed) -> (W per end, transceivers, kg)`:
  the one implementation of a link's transceiver/active-cable power and cable mass.
  The engine (``planner.engine``) adds it to the device at each end (power) and
  half to the rack at each end (mass), incrementally; the fabric results only sum
  it per fabric.
* :func:`analyse_fabric(plan, catalog, fabric, links, ...)` one fabric
* :func:`inter_node_gbps_per_gpu(plan, catalog, group=None) -> float`
* :class:`FabricModel`: the incremental form the engine keeps. Every link is turned
  once into :class:`LinkFacts` (speed, media, its own checks); each fabric keeps
  aggregates (:class:`FabricState`: link counts per node and switch pair, port use,
  media sums, tier levels, bandwidth down/up per tier, connectivity, findings keyed
  by link id) that adding or removing one link patches by delta. Derived figures
  are read off the aggregates in O(tiers); a full analysis adds every link in bulk
  (:meth:`FabricState.add_all`: the same aggregates as adding them one by one, summed
  per distinct (ends, speed)). Sums are exact (integers in units of 2**-1074, see :func:`_exact`) so
  the result does not depend on the order links were added: incremental == full,
  bit for bit, and equal to ``math.fsum`` of the same terms.

Formulas (docs/fabrics.md): tiers are found from the wiring (switches one link
from a server are leaves, the next layer spines, then cores); a tier's
oversubscription is its bandwidth down over its bandwidth up; the fabric's is the
product over the tiers; bisection is half the smallest of server injection and
each tier's uplink capacity (zero if the fabric falls apart in pieces); hops is
``2 x tiers - 1`` switches between the farthest servers.

The parts, one module each (lower ones never import higher ones; an import-linter contract in
pyproject.toml checks it): :mod:`.sums` (exact sums) < :mod:`.result` (:class:`FabricResult`) <
:mod:`.lookups` (catalog look-ups, link speed and media) < :mod:`.links` (one link's facts) <
:mod:`.state` (one fabric kept by delta) < :mod:`.model` (all fabrics of a plan) <
:mod:`.analyse` (one-shot analyses and bandwidth per GPU). Import the public names from here.
"""

from __future__ import annotations

from planner.fabric.analysis.analyse import (
    analyse_fabric,
    analyse_fabrics,
    check_links,
    fabrics_json_section,
    inter_node_from,
    inter_node_gbps_per_gpu,
    member_best,
    required_ports,
    required_role,
    with_unconnected,
)
from planner.fabric.analysis.links import LinkFacts, link_facts
from planner.fabric.analysis.lookups import _Ports, link_media, link_speed
from planner.fabric.analysis.model import FabricModel
from planner.fabric.analysis.result import TIER_NAMES, FabricResult
from planner.fabric.analysis.state import FabricState

__all__ = [
    "TIER_NAMES", "FabricModel", "FabricResult", "FabricState", "LinkFacts", "_Ports", "analyse_fabric",
    "analyse_fabrics", "check_links", "fabrics_json_section", "inter_node_from", "inter_node_gbps_per_gpu",
    "link_facts", "link_media", "link_speed", "member_best", "required_ports", "required_role", "with_unconnected",
]
