"""Workload verdicts inside the engine (``Results.workloads``) and their findings.

Each ``plan.workloads`` entry is sized by :mod:`planner.workloads` on the cluster
``cluster_from_plan`` builds from the servers of its group (or every GPU server), with
two inputs only the engine knows:

* the inter-node bandwidth per GPU from the compute fabric
  (:func:`planner.fabric.analysis.inter_node_from` over the cached fabric results:
  each server's link bandwidth / its GPUs / the fabric's oversubscription, the slowest
  server sets the pace), where the plan has a wired compute fabric; otherwise the
  servers' compute NICs;
* power and cooling verdicts for the racks holding those servers: an error finding on
  such a rack (power, cooling), on a PDU it plugs into, on the feed of that PDU or on
  its CDU loop makes the workload unmet with bottleneck ``power`` or ``cooling``.

Severity (docs/engine.md, "Workloads"): the workload target is the requirement the
build is sold against, so an unmet target is an error (``WORKLOAD_UNMET``, exit 1 in
``rackwright check``) like an overloaded feed; a target met by less than
``workload_margin_warn`` (default 10 %, about the workload model's median error against
published measurements, docs/validation.md) is a warning; a workload that cannot be
evaluated is a warning.

Verdicts are memoised on (workload, cluster, power/cooling verdicts): an edit that
changes none of them costs one pass over the placements.
"""

from __future__ import annotations

from typing import Any

from planner.engine.findings import Finding
from planner.engine.network import make_workload_finding, spec_key
from planner.workloads.cluster import PlanHardwareError, cluster_from_plan
from planner.workloads.evaluate import (
    WorkloadVerdict,
    _llm,
    evaluate_inference,
    evaluate_storage,
    evaluate_training,
)
from planner.workloads.specs import FinetuneSpec, InferenceSpec, PretrainSpec, SpecError, parse_spec

POWER_PREFIXES = ("POWER_", "PDU_", "PSU_")
COOLING_PREFIXES = ("COOLING_", "LOOP_")
_MEMO_MAX = 512


def _errors(findings: Any, prefixes: tuple[str, ...]) -> bool:
    return any(f.severity == "error" and f.code.startswith(prefixes) for f in findings)


def infrastructure_ok(results: Any, rack_ids: set[str]) -> tuple[bool, bool]:
    """(power ok, cooling ok) for the racks holding a workload's servers."""
    power = cooling = True
    pdus: set[str] = set()
    loops: set[str] = set()
    for rid in rack_ids:
        rr = results.racks.get(rid)
        if rr is None:
            continue
        power = power and not _errors(rr.findings, POWER_PREFIXES)
        cooling = cooling and not _errors(rr.findings, COOLING_PREFIXES)
        pdus.update(rr.pdu_refs)
        if rr.loop is not None:
            loops.add(rr.loop)
    feeds: set[str] = set()
    for pid in pdus:
        pr = results.pdus.get(pid)
        if pr is None:
            continue
        power = power and not _errors(pr.findings, POWER_PREFIXES)
        if pr.feed:
            feeds.add(pr.feed)
    for fid in feeds:
        fr = results.feeds.get(fid)
        if fr is not None:
            power = power and not _errors(fr.findings, POWER_PREFIXES)
    for lid in loops:
        lr = results.loops.get(lid)
        if lr is not None:
            cooling = cooling and not _errors(lr.findings, COOLING_PREFIXES)
    return power, cooling


class WorkloadState:
    def __init__(self, catalog: Any, settings: Any) -> None:
        self.catalog = catalog
        self.settings = settings
        self.reset()

    def reset(self) -> None:
        self._memo: dict[Any, WorkloadVerdict] = {}
        self._inputs: dict[str, tuple[Any, ...]] | None = None  # workload id -> (spec key, spec, cluster, members)

    def evaluate(self, plan: Any, results: Any, net: Any, change: Any = None) -> tuple[dict[str, WorkloadVerdict],
                                                                                      tuple[Finding, ...]]:
        """Verdicts for every workload. With ``change`` (an incremental update), the clusters
        are rebuilt only when what they are made of changed: workloads, groups, metadata,
        links, fabrics, or a placement that appeared, vanished or changed device. A device
        moving between racks only re-checks the power and cooling of the workload's racks."""
        if not plan.workloads:
            self._inputs = None
            return {}, ()
        if (change is None or self._inputs is None or net.devices_changed or change.workloads or change.groups
                or change.metadata or change.links or change.fabrics):
            self._inputs = self._build_inputs(plan, net)
        out: dict[str, WorkloadVerdict] = {}
        findings: list[Finding] = []
        if len(self._memo) > _MEMO_MAX:
            self._memo.clear()
        pr = plan.index.placement_rack
        for w in plan.workloads:
            key, spec, cl, members, err = self._inputs[w.id]
            if err is not None:
                v = WorkloadVerdict(w.id, w.name, w.kind, w.group, None, None, None, error=err)
            else:
                racks = {pr[pid] for pid in members if pid in pr}
                v = self._verdict(w, key, spec, cl, *infrastructure_ok(results, racks))
            out[w.id] = v
            f = make_workload_finding(v, w.spec, self.settings.workload_margin_warn)
            if f is not None:
                findings.append(f)
        return out, tuple(findings)

    def _build_inputs(self, plan: Any, net: Any) -> dict[str, tuple[Any, ...]]:
        cat = self.catalog
        idx = plan.index
        gpu_servers: dict[str, int] = {}
        for pid, p in idx.placements.items():
            d = cat.get("device-types", p.device) if cat is not None else None
            if d is not None and d.gpu_count > 0:
                gpu_servers[pid] = d.gpu_count
        groups = {g.id: g for g in plan.groups}
        return {w.id: self._inputs_of(plan, net, w, gpu_servers, groups) for w in plan.workloads}

    def _inputs_of(self, plan: Any, net: Any, w: Any, gpu_servers: dict[str, int],
                   groups: dict[str, Any]) -> tuple[Any, ...]:
        try:
            spec = parse_spec(w.kind, w.spec)
            cl = cluster_from_plan(plan, self.catalog, w.group)
        except (SpecError, PlanHardwareError, ValueError) as e:
            return None, None, None, (), str(e)
        if w.group is not None:
            members = [(pid, gpu_servers[pid]) for pid in groups[w.group].members if pid in gpu_servers]
        else:
            members = list(gpu_servers.items())
        # servers of the GPU model the cluster is sized on
        gpu_slug = cl.gpu.slug if hasattr(cl.gpu, "slug") else None
        if gpu_slug is not None:
            members = [(pid, g) for pid, g in members
                       if self.catalog.get("device-types", plan.index.placements[pid].device).gpu_slug == gpu_slug]
        inter = net.inter_node_gbps_per_gpu(members)
        if inter is not None:
            if inter > 0:
                cl = cl.with_(internode_gb_per_s=inter / 8.0,
                              notes=cl.notes + (f"inter-node bandwidth from the compute fabric: {inter:g} Gb/s per "
                                                "GPU (links / GPUs / oversubscription, slowest server)",))
            else:
                cl = cl.with_(notes=cl.notes + ("some servers are not wired to the compute fabric: inter-node "
                                                "bandwidth from their compute NICs",))
        return spec_key(w), spec, cl, tuple(pid for pid, _ in members), None

    def _verdict(self, w: Any, skey: str, spec: Any, cl: Any, power_ok: bool, cooling_ok: bool) -> WorkloadVerdict:
        v = WorkloadVerdict(w.id, w.name, w.kind, w.group, None, None, None)
        key = (skey, cl, power_ok, cooling_ok)
        got = self._memo.get(key)
        if got is not None:
            return got
        try:
            if isinstance(spec, InferenceSpec):
                met, margin, bn, fig = evaluate_inference(spec, _llm(self.catalog, spec.model), cl)
            elif isinstance(spec, (PretrainSpec, FinetuneSpec)):
                met, margin, bn, fig = evaluate_training(spec, _llm(self.catalog, spec.model), cl)
            else:
                met, margin, bn, fig = evaluate_storage(spec, self.catalog, cl)
        except (SpecError, PlanHardwareError, ValueError) as e:
            v.error = str(e)
            self._memo[key] = v
            return v
        if not power_ok:
            met, bn = False, "power"
        elif not cooling_ok:
            met, bn = False, "cooling"
        v.met, v.margin, v.bottleneck, v.figures = met, round(margin, 4), bn, fig
        self._memo[key] = v
        return v
