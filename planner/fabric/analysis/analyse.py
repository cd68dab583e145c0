"""One-shot analyses over a plan (a fresh :class:`FabricModel` each): :func:`analyse_fabrics`,
:func:`analyse_fabric`, :func:`check_links`, :func:`fabrics_json_section`, the required ports
of a fabric and the bandwidth per GPU between nodes (:func:`inter_node_gbps_per_gpu`,
:func:`inter_node_from`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from planner.fabric.analysis.lookups import _Ports
from planner.fabric.analysis.model import FabricModel
from planner.fabric.analysis.result import FabricResult
from planner.fabric.findings import Finding, fabric_finding
from planner.fabric.media import MediaChooser
from planner.fabric.names import role_port_text
from planner.fabric.ports import NVLINK_ROLE, device_ports
from planner.model.plan import Link, Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.plan import Fabric


def check_links(plan: Plan, catalog: Catalog, links: list[Link] | None = None,
                ports: _Ports | None = None) -> list[Finding]:
    """Findings on the wiring itself: ports, speeds, media, lengths (of ``links``,
    default all the plan's links; a port used twice, or in two fabrics, is found among
    those links)."""
    lks = plan.links if links is None else links
    model = FabricModel(catalog, ports=ports)
    model.load(plan, lks)
    return model.link_findings(lks)


def analyse_fabrics(plan: Plan, catalog: Catalog, default_length_m: float = 0.0) -> list[FabricResult]:
    """One result per fabric of the plan, with its findings (link findings included)."""
    model = FabricModel(catalog, default_length_m)
    model.load(plan)
    kinds_count: Counter[str] = Counter(f.kind for f in plan.fabrics)
    wired = set(model.port_links)
    results = []
    for fab in plan.fabrics:
        r, ends = model.result(fab.id)
        role = required_role(fab)
        if role is not None:
            members = set(ends)
            if kinds_count[fab.kind] == 1:
                for pid, p in plan.index.placements.items():
                    dp = device_ports(catalog, p.device)
                    if dp is not None and dp.kind in ("server", "storage") and dp.role(role):
                        members.add(pid)
            unconnected: list[tuple[str, str]] = []
            for pid in sorted(members):
                unconnected.extend((pid, name) for name in required_ports(catalog, plan.index.placements[pid].device,
                                                                          role) if (pid, name) not in wired)
            with_unconnected(r, fab, unconnected)
        results.append(r)
    return results


def required_role(fab: Fabric) -> str | None:
    """The port role every member of the fabric must wire (an NVLink fabric: the GPU
    trays' NVLink ports)."""
    return NVLINK_ROLE if fab.kind == "nvlink" else fab.kind


def required_ports(catalog: Catalog, slug: str, role: str) -> list[str]:
    """Names of a device type's ports of ``role``, in port order."""
    dp = device_ports(catalog, slug)
    return [] if dp is None else [p.name for p in dp.role(role)]


def with_unconnected(r: FabricResult, fab: Fabric, unconnected: list[tuple[str, str]]) -> FabricResult:
    """Add the unconnected required ports (and their finding) to a fabric result."""
    r.unconnected_ports = list(unconnected)
    if unconnected:
        n_dev = len({p for p, _ in unconnected})
        where = (fab.id, *sorted({p for p, _ in unconnected})[:50])
        # counted in the right plural: "1 management ports on 1 devices" read in a pilot's findings
        # the ports as one translated word with their role ("16 Compute-Ports", not "compute-Ports")
        params = {"fab_name": fab.name, "v2": len(unconnected), "v3": role_port_text(required_role(fab),
                                                                                   len(unconnected)), "n_dev": n_dev}
        if len(unconnected) == 1:
            f = fabric_finding("warning", "FABRIC_UNCONNECTED_PORTS", "{fab_name}: {v2} {v3} on {n_dev} device is "
                               "not wired", where, "fabric", **params)
        elif n_dev == 1:
            f = fabric_finding("warning", "FABRIC_UNCONNECTED_PORTS", "{fab_name}: {v2} {v3} on {n_dev} device "
                               "are not wired", where, "fabric", **params)
        else:
            f = fabric_finding("warning", "FABRIC_UNCONNECTED_PORTS", "{fab_name}: {v2} {v3} on {n_dev} devices "
                               "are not wired", where, "fabric", **params)
        r.findings.append(f)
    return r


def analyse_fabric(plan: Plan, catalog: Catalog, fab: Fabric, links: list[Link], *, ports: _Ports | None = None,
                   chooser: MediaChooser | None = None, default_length_m: float = 0.0,
                   link_findings: list[Finding] | None = None) -> tuple[FabricResult, list[str]]:
    """One fabric from its links: tiers, bandwidth, switches, media, findings (its link
    findings first; ``link_findings`` if given, else the checks over ``links``).
    Unconnected required ports are not included (:func:`with_unconnected`). Returns the
    result and the fabric's non-switch endpoints."""
    model = FabricModel(catalog, default_length_m, ports=ports, chooser=chooser)
    model.load(plan, links, fabrics=[fab])
    r, ends = model.result(fab.id)
    if link_findings is not None:
        r.findings = list(link_findings) + [f for f in r.findings if f.kind != "link"]
    return r, sorted(ends)


def fabrics_json_section(plan: Plan, catalog: Catalog) -> list[dict]:
    """The ``fabrics[]`` section for ``rackwright check --json``: one dict per fabric."""
    return [r.as_dict() for r in analyse_fabrics(plan, catalog)]


def inter_node_gbps_per_gpu(plan: Plan, catalog: Catalog, group: str | None = None) -> float:
    """Bandwidth per GPU between nodes (Gb/s, one direction) for all-reduce estimates.

    For the servers of ``group`` (a ServerGroup id; None = every GPU server): each
    server's compute-fabric bandwidth over its GPUs, divided by the oversubscription
    of the compute fabric it is on; the slowest server sets the pace. 0 when the
    servers have no compute links.
    """
    pl = plan.index.placements
    if group is None:
        members = [pid for pid, p in pl.items()
                   if (d := catalog.get("device-types", p.device)) is not None and d.gpu_count]
    else:
        g = next((x for x in plan.groups if x.id == group), None)
        if g is None:
            raise KeyError(f"server group {group!r} does not exist")
        members = list(g.members)
    if not members:
        return 0.0
    model = FabricModel(catalog)
    model.load(plan)
    compute = [f.id for f in plan.fabrics if f.kind == "compute"]
    ovs = {fid: model.result(fid)[0].oversubscription for fid in compute}
    bw = {(pid, fid): model.states[fid].node_gbps(pid) for fid in compute for pid in members}
    gpus_of = []
    for pid in members:
        dev = catalog.get("device-types", pl[pid].device)
        gpus_of.append((pid, dev.gpu_count if dev is not None else 0))
    return inter_node_from(gpus_of, bw, ovs)


def inter_node_from(members: Iterable[tuple[str, int]], bw: Mapping[tuple[str, str], float], oversubscription: dict[str, float]) -> float:
    """The formula of :func:`inter_node_gbps_per_gpu` over precomputed inputs:
    ``members`` (placement id, GPUs) pairs, ``bw[(placement, fabric)]`` the server's link
    bandwidth on each compute fabric (Gb/s), ``oversubscription[fabric]``. Each server
    takes its best fabric; the slowest server sets the pace."""
    worst = None
    for pid, gpus in members:
        if not gpus:
            continue
        best = member_best(gpus, ((bw.get((pid, fid)), ov) for fid, ov in oversubscription.items()))
        worst = best if worst is None else min(worst, best)
    return round(worst or 0.0, 3)


def member_best(gpus: int, links: Iterable[tuple[float | None, float]]) -> float:
    """One server's share in :func:`inter_node_from`: over its compute fabrics, ``links``
    (its link bandwidth there in Gb/s or None, the fabric's oversubscription), the best
    bandwidth per GPU (``gpus`` > 0). The engine keeps these per server and their minimum
    by delta (planner.engine.workloads), so both use this one formula."""
    best = 0.0
    for b, ov in links:
        if b:
            best = max(best, b / gpus / max(1.0, ov))
    return best
