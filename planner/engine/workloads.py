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

Verdicts are memoised on (workload, cluster, power/cooling verdicts). What an edit costs:

* the cluster (``cluster_from_plan``, O(placements)) is rebuilt only when workloads,
  groups or metadata changed, or a placement appeared, vanished or changed device type
  where the old or new type is a GPU server, a storage system or a CPU-only server with
  known CPU figures (what a cluster, or the hardware of a non-LLM workload, is made of:
  planner.workloads.nonllm); a PDU, switch or cable edit never rebuilds it;
* the inter-node bandwidth from the compute fabric is re-read (O(members)) when links or
  fabrics changed;
* power and cooling: a per-rack flag (an error with a power or cooling code on the rack,
  a PDU it plugs into, that PDU's feed or a power source above the feed, or its CDU loop)
  is refreshed for the racks the update recomputed or that depend on a recomputed PDU,
  feed, power source or loop; each workload keeps
  how many of its servers sit in each rack, patched when a member moves. A move costs
  O(touched racks + racks with such errors), not O(the workload's racks).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from planner.engine.findings import Finding
from planner.engine.rules.workloads import make_workload_finding, spec_key
from planner.engine.rules.workloads import verdict_level as verdict_level  # the old home
from planner.i18n import tmsg
from planner.workloads.cluster import PlanHardwareError, cluster_from_counts, nvlink_domain_of
from planner.workloads.evaluate import (
    WorkloadVerdict,
    _llm,
    evaluate_inference,
    evaluate_storage,
    evaluate_training,
)
from planner.workloads.nonllm import (
    PlanUnits,
    cpu_server_unit,
    evaluate_llm_on_cpu,
    evaluate_nonllm,
    plan_units,
)
from planner.workloads.specs import (
    NONLLM_KINDS,
    FinetuneSpec,
    InferenceSpec,
    PretrainSpec,
    SpecError,
    StorageWorkloadSpec,
    parse_spec,
)

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.engine.network import Network
    from planner.engine.results import Results
    from planner.engine.settings import EngineSettings
    from planner.model.edits import Change
    from planner.model.plan import Plan, ServerGroup, Workload
    from planner.workloads.cluster import ClusterSpec
    from planner.workloads.specs import WorkloadSpec

POWER_PREFIXES = ("POWER_", "PDU_", "PSU_", "BUSBAR_")
COOLING_PREFIXES = ("COOLING_", "LOOP_")
_MEMO_MAX = 512


def _errors(findings: Iterable[Finding], prefixes: tuple[str, ...]) -> bool:
    return any(f.severity == "error" and f.code.startswith(prefixes) for f in findings)


def infrastructure_ok(results: Results, rack_ids: set[str]) -> tuple[bool, bool]:
    """(power ok, cooling ok) for the racks holding a workload's servers."""
    power = cooling = True
    for rid in rack_ids:
        p, c = rack_flags(results, rid)
        power, cooling = power and p, cooling and c
    return power, cooling


def _sources_ok(results: Results, sid: str | None) -> bool:
    """No power error on the source ``sid`` nor on any source above it (a UPS over capacity
    takes down what hangs off it)."""
    sources = getattr(results, "sources", {})
    seen: set[str] = set()
    while sid is not None and sid not in seen:
        seen.add(sid)
        sr = sources.get(sid)
        if sr is None:
            return True
        if _errors(sr.findings, POWER_PREFIXES):
            return False
        sid = sr.upstream
    return True


def rack_flags(results: Results, rid: str) -> tuple[bool, bool]:
    """(power ok, cooling ok) of one rack: its own findings, the PDUs it plugs into and
    their feeds (power), its CDU loop (cooling)."""
    rr = results.racks.get(rid)
    if rr is None:
        return True, True
    power = not _errors(rr.findings, POWER_PREFIXES)
    cooling = not _errors(rr.findings, COOLING_PREFIXES)
    if power:
        for pid in rr.pdu_refs:
            pr = results.pdus.get(pid)
            if pr is None:
                continue
            if _errors(pr.findings, POWER_PREFIXES):
                power = False
                break
            fr = results.feeds.get(pr.feed) if pr.feed else None
            if fr is not None and _errors(fr.findings, POWER_PREFIXES):
                power = False
                break
            if fr is not None and not _sources_ok(results, fr.upstream):
                power = False
                break
    if cooling and rr.loop is not None:
        lr = results.loops.get(rr.loop)
        if lr is not None and _errors(lr.findings, COOLING_PREFIXES):
            cooling = False
    return power, cooling


class _Base(NamedTuple):
    """What a workload's verdict needs from the plan: its spec (and the key its verdicts are
    memoised by), the cluster its servers make and those servers (placement, GPUs)."""

    key: str
    spec: WorkloadSpec
    cluster: ClusterSpec | PlanUnits  # PlanUnits: a non-LLM kind (planner.workloads.nonllm)
    members: tuple[tuple[str, int], ...]


class _Inputs(NamedTuple):
    """:class:`_Base` with the compute fabric's bandwidth in the cluster; members by id."""

    key: str
    spec: WorkloadSpec
    cluster: ClusterSpec | PlanUnits
    members: tuple[str, ...]


class _InterNode:
    """One workload's inter-node bandwidth kept by delta (WorkloadState._inter_node): its
    members as last seen, the compute fabrics' oversubscription it was computed for, each
    member's best bandwidth per GPU and those values sorted (the first sets the pace)."""

    __slots__ = ("best", "compute", "gpus", "members", "vals")

    def __init__(self, members: tuple[tuple[str, int], ...], compute: dict[str, float]) -> None:
        self.members = members
        self.gpus: dict[str, int] = dict(members)
        self.compute = dict(compute)
        self.best: dict[str, float] = {}
        self.vals: list[float] = []


class WorkloadState:
    def __init__(self, catalog: Catalog, settings: EngineSettings) -> None:
        self.catalog = catalog
        self.settings = settings
        self.reset()

    def reset(self) -> None:
        self._memo: dict[Any, WorkloadVerdict] = {}
        # workload id -> its inputs, or the error that keeps it from being evaluated
        self._base: dict[str, _Base | str] | None = None
        self._inputs: dict[str, _Inputs | str] | None = None  # the same with the fabric's inter-node bandwidth
        self._power_bad: set[str] = set()  # racks whose power fails (rack_flags)
        self._cool_bad: set[str] = set()
        self._rack_count: dict[str, dict[str, int]] = {}  # workload id -> rack -> members in it
        self._member_of: dict[str, list[str]] = {}  # placement -> workloads it serves
        self._member_rack: dict[str, str | None] = {}
        self._relevant: dict[str, bool] = {}
        # hardware by delta: GPU servers (pid -> slug, GPUs, GPU model) and storage systems
        self._srv: dict[str, tuple[str, int, str | None]] = {}
        self._sto: dict[str, str] = {}
        self._srv_counts: dict[str, int] = {}
        self._sto_counts: dict[str, int] = {}
        # CPU-only servers with known CPU figures (non-LLM kinds run on them): pid -> slug
        self._cpu: dict[str, str] = {}
        self._cpu_counts: dict[str, int] = {}
        self._kind: dict[str, tuple[int, int, str | None]] = {}  # slug -> (0 other/1 server/2 storage, GPUs, GPU)
        self._hw_ready = False
        self._inter: dict[str, _InterNode] = {}  # workload id -> its inter-node bandwidth, kept by delta
        self._inter_members: dict[str, tuple[tuple[str, int], ...]] = {}  # the members its inputs were made for

    def _cluster_device(self, slug: str | None) -> bool:
        """Is a device type part of what a cluster is built from (GPU server, storage)?"""
        if slug is None:
            return False
        got = self._relevant.get(slug)
        if got is None:
            d = self.catalog.get("device-types", slug) if self.catalog is not None else None
            got = d is not None and (d.gpu_count > 0 or (d.kind == "storage" and d.planning is not None
                                                            and d.planning.storage is not None)
                                     or (d.kind == "server" and cpu_server_unit(d) is not None))
            self._relevant[slug] = got
        return got

    def _slug_kind(self, slug: str) -> tuple[int, int, str | None]:
        got = self._kind.get(slug)
        if got is None:
            d = self.catalog.get("device-types", slug) if self.catalog is not None else None
            if d is None:
                got = (0, 0, None)
            elif d.kind == "storage" and d.planning is not None and d.planning.storage is not None:
                got = (2, 0, None)
            elif d.gpu_count > 0:
                got = (1, d.gpu_count, d.gpu_slug)
            elif d.kind == "server" and cpu_server_unit(d) is not None:
                got = (3, 0, None)
            else:
                got = (0, 0, None)
            self._kind[slug] = got
        return got

    def _hw_set(self, pid: str, slug: str | None) -> None:
        """Move placement ``pid`` to device type ``slug`` (None: gone) in the counts."""
        old = self._srv.pop(pid, None)
        if old is not None:
            self._srv_counts[old[0]] -= 1
            if not self._srv_counts[old[0]]:
                del self._srv_counts[old[0]]
        olds = self._sto.pop(pid, None)
        if olds is not None:
            self._sto_counts[olds] -= 1
            if not self._sto_counts[olds]:
                del self._sto_counts[olds]
        oldc = self._cpu.pop(pid, None)
        if oldc is not None:
            self._cpu_counts[oldc] -= 1
            if not self._cpu_counts[oldc]:
                del self._cpu_counts[oldc]
        if slug is None:
            return
        k, gpus, gslug = self._slug_kind(slug)
        if k == 1:
            self._srv[pid] = (slug, gpus, gslug)
            self._srv_counts[slug] = self._srv_counts.get(slug, 0) + 1
        elif k == 2:
            self._sto[pid] = slug
            self._sto_counts[slug] = self._sto_counts.get(slug, 0) + 1
        elif k == 3:
            self._cpu[pid] = slug
            self._cpu_counts[slug] = self._cpu_counts.get(slug, 0) + 1

    def _hw_full(self, plan: Plan) -> None:
        self._srv, self._sto, self._srv_counts, self._sto_counts = {}, {}, {}, {}
        self._cpu, self._cpu_counts = {}, {}
        for pid, p in plan.index.placements.items():
            self._hw_set(pid, p.device)
        self._hw_ready = True

    def _hw_update(self, plan: Plan, pids: set[str]) -> bool:
        """Patch the counts for the changed placements; True if a GPU server or storage
        system appeared, vanished or changed type."""
        pl = plan.index.placements
        changed = False
        for pid in pids:
            p = pl.get(pid)
            slug = p.device if p is not None else None
            before = self._srv.get(pid, (self._sto.get(pid, self._cpu.get(pid)),))[0]
            if before == slug:
                continue
            if not (self._cluster_device(before) or self._cluster_device(slug)):
                continue
            self._hw_set(pid, slug)
            changed = True
        return changed

    def evaluate(self, plan: Plan, results: Results, net: Network, change: Change | None = None,
                 dirty_racks: set[str] | None = None) -> tuple[dict[str, WorkloadVerdict], tuple[Finding, ...]]:
        """Verdicts for every workload. With ``change`` (an incremental update) and
        ``dirty_racks`` (racks whose power/cooling verdict may have changed), only what the
        edit can have changed is redone (module docstring)."""
        if not plan.workloads:
            self._base = self._inputs = None
            self._inter, self._inter_members = {}, {}
            return {}, ()
        full = change is None or self._base is None or dirty_racks is None
        pr = plan.index.placement_rack
        if full:
            self._power_bad, self._cool_bad = set(), set()
            dirty_racks = set(results.racks)
        if full or not self._hw_ready:
            self._hw_full(plan)
            hw = True
        else:
            hw = change is not None and bool(change.placements) \
                and any(self._cluster_device(a) or self._cluster_device(b) for a, b in net.device_changes) \
                and self._hw_update(plan, change.placements)
        rebuild = full or hw or change is None or bool(change.workloads or change.groups or change.metadata)
        old_base = self._base
        if rebuild:
            self._base = self._build_inputs(plan, net)
        assert self._base is not None  # built above on a full evaluation (rebuild)
        # placements whose bandwidth may differ from what the kept inter-node figures saw
        # (None: any): the network's word for links, plus (below, per workload) the members
        # that came, went or changed their GPU count
        bw_pids = None if full else net.bw_pids
        if rebuild or net.links_changed or self._inputs is None:
            compute = net.compute_oversubscription()
            prev = self._inputs or {}
            self._inputs = {wid: b if isinstance(b, str) else self._with_fabric(net, wid, b, compute, bw_pids,
                                                                                prev.get(wid))
                            for wid, b in self._base.items()}
            for wid in [w for w in self._inter_members if w not in self._base or isinstance(self._base[w], str)]:
                self._inter.pop(wid, None)
                del self._inter_members[wid]
        if rebuild:
            if full or old_base is None or old_base.keys() != self._base.keys():
                self._index_members(pr)
            else:
                self._patch_members(old_base, pr)
                if change is not None and change.placements:
                    self._move_members(change.placements, pr)
        elif change is not None and change.placements:
            self._move_members(change.placements, pr)
        assert dirty_racks is not None  # all racks on a full evaluation (above)
        for rid in dirty_racks:
            p, c = rack_flags(results, rid)
            (self._power_bad.discard if p else self._power_bad.add)(rid)
            (self._cool_bad.discard if c else self._cool_bad.add)(rid)
        out: dict[str, WorkloadVerdict] = {}
        findings: list[Finding] = []
        if len(self._memo) > _MEMO_MAX:
            self._memo.clear()
        for w in plan.workloads:
            got = self._inputs[w.id]
            if isinstance(got, str):
                v = WorkloadVerdict(w.id, w.name, w.kind, w.group, None, None, None, error=got)
            else:
                rc = self._rack_count.get(w.id, {})
                power_ok = not any(r in rc for r in self._power_bad)
                cooling_ok = not any(r in rc for r in self._cool_bad)
                v = self._verdict(w, got.key, got.spec, got.cluster, power_ok, cooling_ok)
            out[w.id] = v
            f = make_workload_finding(v, w.spec, self.settings.workload_margin_warn)
            if f is not None:
                findings.append(f)
        return out, tuple(findings)

    def _index_members(self, pr: dict[str, str]) -> None:
        self._rack_count, self._member_of, self._member_rack = {}, {}, {}
        for wid, base in (self._base or {}).items():
            counts: dict[str, int] = {}
            if not isinstance(base, str):
                for pid, _gpus in base.members:
                    rid = pr.get(pid)
                    self._member_of.setdefault(pid, []).append(wid)
                    self._member_rack[pid] = rid
                    if rid is not None:
                        counts[rid] = counts.get(rid, 0) + 1
            self._rack_count[wid] = counts

    def _patch_members(self, old_base: dict[str, _Base | str], pr: dict[str, str]) -> None:
        """:meth:`_index_members` by delta after the bases were rebuilt for the same workloads:
        each workload's members that came or went (a set difference of its members before and
        now, in C) are taken out of or put into the index; the rest stay where they were
        (O(workloads x members) in C, O(members that changed) in Python)."""
        for wid, base in (self._base or {}).items():
            before = old_base.get(wid)
            old_m = before.members if isinstance(before, _Base) else ()
            new_m = base.members if isinstance(base, _Base) else ()
            if old_m is new_m:
                continue
            old_ids = {pid for pid, _g in old_m}
            new_ids = {pid for pid, _g in new_m}
            counts = self._rack_count.setdefault(wid, {})
            for pid in old_ids - new_ids:
                wids = self._member_of.get(pid)
                if wids is None or wid not in wids:
                    continue
                wids.remove(wid)
                rid = self._member_rack.get(pid)
                if not wids:
                    del self._member_of[pid]
                    self._member_rack.pop(pid, None)
                if rid is not None:
                    counts[rid] -= 1
                    if not counts[rid]:
                        del counts[rid]
            for pid in new_ids - old_ids:
                wids = self._member_of.setdefault(pid, [])
                if not wids:
                    self._member_rack[pid] = pr.get(pid)
                wids.append(wid)
                rid = self._member_rack[pid]
                if rid is not None:
                    counts[rid] = counts.get(rid, 0) + 1

    def _move_members(self, pids: set[str], pr: dict[str, str]) -> None:
        for pid in pids:
            wids = self._member_of.get(pid)
            if not wids:
                continue
            old, new = self._member_rack.get(pid), pr.get(pid)
            if old == new:
                continue
            self._member_rack[pid] = new
            for wid in wids:
                counts = self._rack_count[wid]
                if old is not None:
                    counts[old] -= 1
                    if not counts[old]:
                        del counts[old]
                if new is not None:
                    counts[new] = counts.get(new, 0) + 1

    def _build_inputs(self, plan: Plan, net: Network) -> dict[str, _Base | str]:
        groups = {g.id: g for g in plan.groups}
        return {w.id: self._inputs_of(plan, w, groups) for w in plan.workloads}

    def _inputs_of(self, plan: Plan, w: Workload, groups: dict[str, ServerGroup]) -> _Base | str:
        """The workload's :class:`_Base` (the cluster from the hardware counts), or the error. The
        cluster costs O(device types) for a plan-wide workload (the counts are kept by
        delta), O(group members) for a group."""
        srv = self._srv
        try:
            spec = parse_spec(w.kind, w.spec)
            if w.group is not None:
                grp = groups.get(w.group)
                if grp is None:
                    raise PlanHardwareError(tmsg("unknown server group {group!r}", group=w.group))
                pids = [pid for pid in grp.members if pid in srv]
                counts: dict[str, int] = {}
                for pid in pids:
                    counts[srv[pid][0]] = counts.get(srv[pid][0], 0) + 1
            else:
                pids = None
                counts = self._srv_counts
            if w.kind in NONLLM_KINDS or (w.kind == "inference" and not counts and self._cpu_counts):
                # non-LLM kinds, and LLM serving on a CPU-only plan (nonllm.evaluate_llm_on_cpu)
                cpus = dict(self._cpu_counts)
                if w.group is not None:
                    grp_members = set(groups[w.group].members)
                    in_group: dict[str, int] = {}
                    for pid, slug in self._cpu.items():
                        if pid in grp_members:
                            in_group[slug] = in_group.get(slug, 0) + 1
                    cpus = in_group or cpus
                hw = plan_units(self.catalog, dict(counts), cpus)
                if hw.unit.kind == "gpu":
                    mem = tuple((pid, v[1]) for pid, v in srv.items() if (pids is None or pid in pids)
                                and v[2] == hw.unit.name)
                else:
                    mem = tuple((pid, 0) for pid, slug in self._cpu.items() if slug == hw.unit.name)
                return _Base(spec_key(w), spec, hw, mem)
            cl = cluster_from_counts(self.catalog, counts, self._sto_counts, plan.metadata, group=w.group)
        except (SpecError, PlanHardwareError, ValueError) as e:
            return str(e)
        gpu_slug = cl.gpu.slug if hasattr(cl.gpu, "slug") else None
        if pids is None:
            members = tuple((pid, v[1]) for pid, v in srv.items() if gpu_slug is None or v[2] == gpu_slug)
        else:
            members = tuple((pid, srv[pid][1]) for pid in pids if gpu_slug is None or srv[pid][2] == gpu_slug)
        return _Base(spec_key(w), spec, cl, members)

    def _with_fabric(self, net: Network, wid: str, base: _Base, compute: dict[str, float],
                     bw_pids: set[str] | None, prev: _Inputs | str | None) -> _Inputs:
        """The base inputs with the compute fabric's inter-node bandwidth, where wired
        (``compute``: the wired compute fabrics' oversubscription; ``bw_pids``: placements
        whose links changed since the last call, None for any; ``prev``: the inputs before)."""
        cl, members = base.cluster, base.members
        ids = prev.members if isinstance(prev, _Inputs) and self._inter_members.get(wid) is members \
            else tuple(pid for pid, _ in members)
        self._inter_members[wid] = members
        if isinstance(cl, PlanUnits):  # non-LLM kinds: no collective traffic modelled
            self._inter.pop(wid, None)
            return _Inputs(base.key, base.spec, cl, ids)
        trays = net.nvlink_trays
        if trays:
            gm = dict(members)
            nv = nvlink_domain_of([pid for pid in trays if pid in gm], trays, net.nvlink_domains(),
                                  lambda pid: gm.get(pid, 1))
            if nv is not None:
                cl = cl.with_(nvlink_domain_gpus=min(nv[0], cl.gpus), nvlink_gb_per_s=nv[1],
                              notes=cl.notes + (nv[2],))
        inter = self._inter_node(net, wid, members, compute, bw_pids)
        if inter is not None:
            if inter > 0:
                cl = cl.with_(internode_gb_per_s=inter / 8.0,
                              notes=cl.notes + (tmsg("inter-node bandwidth from the compute fabric: {gbps:g} Gb/s per "
                                                     "GPU (links / GPUs / oversubscription, slowest server)",
                                                     gbps=inter),))
            else:
                cl = cl.with_(notes=cl.notes + (tmsg("some servers are not wired to the compute fabric: inter-node "
                                                     "bandwidth from their compute NICs"),))
        return _Inputs(base.key, base.spec, cl, ids)

    def _inter_node(self, net: Network, wid: str, members: tuple[tuple[str, int], ...], compute: dict[str, float],
                    bw_pids: set[str] | None) -> float | None:
        """:meth:`Network.inter_node_gbps_per_gpu` for one workload's members, kept by delta:
        each member's best bandwidth per GPU (``Network.member_best``) in a sorted list whose
        first is the figure. Redone whole when the wired compute fabrics or their
        oversubscription changed or ``bw_pids`` is None; else only for the placements in
        ``bw_pids`` and the members that came, went or changed GPUs since the last call."""
        if not compute:
            self._inter.pop(wid, None)
            return None
        st = self._inter.get(wid)
        if st is None or bw_pids is None or st.compute != compute:
            st = self._inter[wid] = _InterNode(members, compute)
            for pid, gpus in members:
                if gpus:
                    b = net.member_best(pid, gpus, compute)
                    st.best[pid] = b
                    st.vals.append(b)
            st.vals.sort()
        else:
            now = st.gpus if st.members is members else dict(members)
            redo = set(bw_pids)
            if now is not st.gpus:
                redo.update(pid for pid, _g in st.gpus.items() ^ now.items())
            best, vals = st.best, st.vals
            for pid in redo:
                old = best.pop(pid, None)
                if old is not None:
                    del vals[bisect.bisect_left(vals, old)]
                g = now.get(pid)
                if g:
                    b = best[pid] = net.member_best(pid, g, compute)
                    bisect.insort(vals, b)
            st.members, st.gpus = members, now
        return round(st.vals[0] if st.vals else 0.0, 3)

    def _verdict(self, w: Workload, skey: str, spec: WorkloadSpec, cl: ClusterSpec | PlanUnits, power_ok: bool,
                 cooling_ok: bool) -> WorkloadVerdict:
        v = WorkloadVerdict(w.id, w.name, w.kind, w.group, None, None, None)
        key = (skey, cl, power_ok, cooling_ok)
        got = self._memo.get(key)
        if got is not None:
            return got
        try:
            if isinstance(cl, PlanUnits) and isinstance(spec, InferenceSpec):
                met, margin, bn, fig = evaluate_llm_on_cpu(spec, _llm(self.catalog, spec.model).params, cl,
                                                           self.catalog)
            elif isinstance(cl, PlanUnits):
                met, margin, bn, fig = evaluate_nonllm(spec, w.kind, cl, self.catalog)
            elif isinstance(spec, InferenceSpec):
                met, margin, bn, fig = evaluate_inference(spec, _llm(self.catalog, spec.model), cl)
            elif isinstance(spec, (PretrainSpec, FinetuneSpec)):
                met, margin, bn, fig = evaluate_training(spec, _llm(self.catalog, spec.model), cl)
            elif isinstance(spec, StorageWorkloadSpec):
                met, margin, bn, fig = evaluate_storage(spec, self.catalog, cl)
            else:
                raise SpecError(tmsg("workload kind {kind!r} needs the plan's servers", kind=w.kind))
        except (SpecError, PlanHardwareError, ValueError) as e:
            v.error = str(e)
            self._memo[key] = v
            return v
        if not power_ok:
            met, bn = False, "power"
        elif not cooling_ok:
            met, bn = False, "cooling"
        v.met, v.margin, v.bottleneck, v.figures = met, round(margin, 4), bn, fig
        v.level = verdict_level(v, make_workload_finding(v, w.spec, self.settings.workload_margin_warn))
        self._memo[key] = v
        return v
