"""Links, fabrics and workloads inside the engine, kept incrementally.

Links: one :class:`LinkSnap` per plan link (a snapshot, because edits mutate Link objects
in place and removal must undo what was added) with the link's speed and its media
figures from :func:`planner.fabric.analysis.link_media`, the one implementation of
transceiver/active-cable power (per end) and cable mass. The rack module adds the power
to the device at each end and half the mass to the rack at each end.

Fabrics: the analysis of one fabric (:func:`planner.fabric.analysis.analyse_fabric`,
~1.5 s for the compute fabric of 16k GPUs) is cached per fabric and redone only when its
inputs change: the fabric itself, one of its links, or an endpoint of its links whose
device type or name changed (or that appeared/vanished). A device moving between racks
changes none of them (the analysis works on the links' stored lengths, not on geometry).
Unconnected required ports depend on every placement; they are kept per placement
(``_unwired``) and overlaid on the cached analysis after every edit that touches
placements, links or fabrics, at a cost proportional to the unwired ports.

Workloads: :func:`evaluate_workloads` after every edit (they depend on almost
everything), memoised on (spec, cluster, power/cooling verdicts), so an edit that does
not change what a workload sees costs one pass over the plan's placements.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any, NamedTuple

from planner.engine.findings import Finding, make
from planner.fabric.analysis import (
    _Ports,
    analyse_fabric,
    inter_node_from,
    link_media,
    link_speed,
    required_role,
    with_unconnected,
)
from planner.fabric.media import MediaChooser
from planner.fabric.ports import device_ports
from planner.plan import Plan

_ROLES = ("compute", "storage", "frontend", "management")


class LinkSnap(NamedTuple):
    id: str
    fabric: str
    a: str  # placement ids of the two ends
    b: str
    a_port: str
    b_port: str
    cable: str | None
    length_m: float | None
    speed_gbps: float
    end_power_w: float  # transceiver / active cable power at each end
    mass_kg: float  # whole cable (half to each end's rack)


def convert(f: Any) -> Finding:
    """A ``planner.fabric`` finding in the engine's shape (its severity is the same as CODES)."""
    where = tuple(f.where)
    return Finding(f.severity, f.code, f.message, f.kind, where[0] if where else None, where[1:])


class _Fabric:
    __slots__ = ("core", "ends", "final", "findings", "unconnected")

    def __init__(self, core: Any, ends: set[str]) -> None:
        self.core = core
        self.ends = ends
        self.unconnected: list[tuple[str, str]] | None = None
        self.final: Any = None
        self.findings: tuple[Finding, ...] = ()


class Network:
    def __init__(self, catalog: Any, default_length_m: float) -> None:
        self.catalog = catalog
        self.default_length_m = default_length_m
        self.ports = _Ports(catalog)
        self.chooser = MediaChooser(catalog)
        self.reset()

    def reset(self) -> None:
        self.links: dict[str, LinkSnap] = {}
        self.by_placement: dict[str, list[LinkSnap]] = {}
        self.cable_counts: Counter[str] = Counter()
        self.fabric_objs: dict[str, Any] = {}
        self._by_fabric: dict[str, set[str]] = {}
        self._wired: Counter[tuple[str, str]] = Counter()
        self._sig: dict[str, tuple[str, str] | None] = {}  # placement -> (device, name) the cache saw
        self._role_ports: dict[str, tuple[str, dict[str, list[str]]]] = {}  # pid -> (kind, role -> ports)
        self._unwired: dict[str, dict[str, list[str]]] = {}  # pid -> role -> unwired ports (non-empty only)
        self._fabrics: dict[str, _Fabric] = {}
        self._dirty_fabrics: set[str] = set()
        self._overlay_dirty = True
        self.results: dict[str, Any] = {}
        self.findings: tuple[Finding, ...] = ()
        self.devices_changed = True  # a placement appeared, vanished or changed device/name in the last update

    # -- links ------------------------------------------------------------------------------------
    def _snap(self, plan: Plan, link: Any) -> LinkSnap:
        pl = plan.index.placements
        fab = self.fabric_objs.get(link.fabric)
        fs = fab.speed_gbps if fab is not None else 0.0
        if link.a.placement in pl and link.b.placement in pl:
            pa, pb = self.ports.ends(plan, link)
            speed = link_speed(pa, pb, fs)
        else:
            speed = fs
        w, _n, mass = link_media(self.catalog, self.chooser, link, speed, self.default_length_m)
        return LinkSnap(link.id, link.fabric, link.a.placement, link.b.placement, link.a.port, link.b.port,
                        link.cable, link.length_m, speed, w, mass)

    def _add(self, lk: LinkSnap) -> None:
        self.links[lk.id] = lk
        if lk.cable:
            self.cable_counts[lk.cable] += 1
        for end in (lk.a, lk.b):
            self.by_placement.setdefault(end, []).append(lk)
        self._by_fabric.setdefault(lk.fabric, set()).add(lk.id)
        self._wired[(lk.a, lk.a_port)] += 1
        self._wired[(lk.b, lk.b_port)] += 1

    def _drop(self, lid: str) -> LinkSnap | None:
        lk = self.links.pop(lid, None)
        if lk is None:
            return None
        if lk.cable:
            self.cable_counts[lk.cable] -= 1
            if not self.cable_counts[lk.cable]:
                del self.cable_counts[lk.cable]
        for end in (lk.a, lk.b):
            lst = self.by_placement.get(end)
            if lst is not None:
                lst[:] = [x for x in lst if x.id != lid]
                if not lst:
                    del self.by_placement[end]
        ids = self._by_fabric.get(lk.fabric)
        if ids is not None:
            ids.discard(lid)
        for key in ((lk.a, lk.a_port), (lk.b, lk.b_port)):
            self._wired[key] -= 1
            if not self._wired[key]:
                del self._wired[key]
        return lk

    # -- placements (role ports for unconnected-port checks) ----------------------------------------
    def _ports_of(self, pid: str, device: str) -> None:
        dp = device_ports(self.catalog, device)
        roles = {r: [p.name for p in dp.role(r)] for r in _ROLES} if dp is not None else {}
        roles = {r: v for r, v in roles.items() if v}
        if roles:
            self._role_ports[pid] = (dp.kind if dp is not None else "", roles)
        else:
            self._role_ports.pop(pid, None)

    def _refresh_unwired(self, pid: str) -> None:
        got = self._role_ports.get(pid)
        if got is None:
            self._unwired.pop(pid, None)
            return
        un = {r: [n for n in names if (pid, n) not in self._wired] for r, names in got[1].items()}
        un = {r: v for r, v in un.items() if v}
        if un:
            self._unwired[pid] = un
        else:
            self._unwired.pop(pid, None)

    # -- full and incremental -------------------------------------------------------------------------
    def full(self, plan: Plan) -> None:
        self.reset()
        self.fabric_objs = {f.id: f for f in plan.fabrics}
        for link in plan.links:
            self._add(self._snap(plan, link))
        for pid, p in plan.index.placements.items():
            self._sig[pid] = (p.device, p.name)
            self._ports_of(pid, p.device)
            self._refresh_unwired(pid)
        self._dirty_fabrics = set(self.fabric_objs)

    def update(self, plan: Plan, change: Any, racks: set[str]) -> None:
        """Apply a Change; adds to ``racks`` the racks whose link power or cable mass changed."""
        idx = plan.index
        pr = idx.placement_rack
        touched_pids: set[str] = set()
        self.devices_changed = False

        def dirty_ends(lk: LinkSnap) -> None:
            for end in (lk.a, lk.b):
                if end in pr:
                    racks.add(pr[end])

        if change.fabrics:
            self.fabric_objs = {f.id: f for f in plan.fabrics}
            self._dirty_fabrics |= change.fabrics
            self._overlay_dirty = True
            # link speeds fall back to the fabric speed: refresh its links
            ids = set().union(*(self._by_fabric.get(f, set()) for f in change.fabrics))
            for link in plan.links:
                if link.id in ids:
                    old = self.links[link.id]
                    new = self._snap(plan, link)
                    if new != old:
                        self._drop(link.id)
                        self._add(new)
                        if (new.end_power_w, new.mass_kg) != (old.end_power_w, old.mass_kg):
                            dirty_ends(new)
        if change.links:
            self._overlay_dirty = True
            for lid in change.links:
                old = self._drop(lid)
                if old is not None:
                    dirty_ends(old)
                    self._dirty_fabrics.add(old.fabric)
                    touched_pids.update((old.a, old.b))
            for link in plan.links:  # O(links) scan, only when links changed
                if link.id in change.links:
                    new = self._snap(plan, link)
                    self._add(new)
                    dirty_ends(new)
                    self._dirty_fabrics.add(new.fabric)
                    touched_pids.update((new.a, new.b))
        if change.placements:
            self._overlay_dirty = True
            link_map: dict[str, Any] | None = None
            for pid in change.placements:
                p = idx.placements.get(pid)
                sig = (p.device, p.name) if p is not None else None
                if self._sig.get(pid) != sig:
                    self.devices_changed = True
                    if sig is None:
                        self._sig.pop(pid, None)
                    else:
                        self._sig[pid] = sig
                    for lk in list(self.by_placement.get(pid, ())):
                        self._dirty_fabrics.add(lk.fabric)
                        if link_map is None:
                            link_map = {x.id: x for x in plan.links}
                        link = link_map.get(lk.id) if p is not None else None
                        if link is not None:
                            new = self._snap(plan, link)
                            if new != lk:
                                self._drop(lk.id)
                                self._add(new)
                                if (new.end_power_w, new.mass_kg) != (lk.end_power_w, lk.mass_kg):
                                    dirty_ends(new)
                    if p is None:
                        self._role_ports.pop(pid, None)
                    else:
                        self._ports_of(pid, p.device)
                touched_pids.add(pid)
        for pid in touched_pids:
            self._refresh_unwired(pid)

    # -- fabric results ----------------------------------------------------------------------------------
    def compute_fabrics(self, plan: Plan) -> None:
        fabs = self.fabric_objs
        for fid in list(self._fabrics):
            if fid not in fabs:
                del self._fabrics[fid]
        dirty = {f for f in self._dirty_fabrics if f in fabs}
        if dirty:
            links: dict[str, list[Any]] = {f: [] for f in dirty}
            for lk in plan.links:
                lst = links.get(lk.fabric)
                if lst is not None:
                    lst.append(lk)
            for fid in dirty:
                core, ends = analyse_fabric(plan, self.catalog, fabs[fid], links[fid], ports=self.ports,
                                            chooser=self.chooser, default_length_m=self.default_length_m)
                self._fabrics[fid] = _Fabric(core, set(ends))
        self._dirty_fabrics = set()
        if not (dirty or self._overlay_dirty):
            return
        self._overlay_dirty = False
        kinds = Counter(f.kind for f in plan.fabrics)
        kind_of = {pid: v[0] for pid, v in self._role_ports.items()}
        results: dict[str, Any] = {}
        findings: list[Finding] = []
        for fab in plan.fabrics:
            st = self._fabrics[fab.id]
            role = required_role(fab)
            unconnected: list[tuple[str, str]] = []
            if role is not None:
                only = kinds[fab.kind] == 1
                for pid in sorted(p for p, un in self._unwired.items() if role in un):
                    if pid in st.ends or (only and kind_of.get(pid) in ("server", "storage")):
                        unconnected.extend((pid, n) for n in self._unwired[pid][role])
            if st.final is None or unconnected != st.unconnected:
                final = dataclasses.replace(st.core, findings=list(st.core.findings))
                if role is not None:
                    with_unconnected(final, fab, unconnected)
                st.final, st.unconnected = final, unconnected
                st.findings = tuple(convert(f) for f in final.findings)
            results[fab.id] = st.final
            findings.extend(st.findings)
        self.results = results
        self.findings = tuple(findings)

    # -- inter-node bandwidth for workloads ----------------------------------------------------------------
    def inter_node_gbps_per_gpu(self, members: list[tuple[str, int]]) -> float | None:
        """The fabric module's formula over the cached results; None when the plan has no
        wired compute fabric."""
        compute = {fid: r.oversubscription for fid, r in self.results.items()
                   if self.fabric_objs[fid].kind == "compute" and r.links}
        if not compute:
            return None
        bw: dict[tuple[str, str], float] = {}
        for pid, _g in members:
            for lk in self.by_placement.get(pid, ()):
                if lk.fabric in compute:
                    bw[(pid, lk.fabric)] = bw.get((pid, lk.fabric), 0.0) + lk.speed_gbps
        return inter_node_from(members, bw, compute)


def spec_key(w: Any) -> str:
    return json.dumps([w.id, w.name, w.kind, w.group, w.spec], sort_keys=True, default=str)


def make_workload_finding(v: Any, spec: dict[str, Any], margin_warn: float) -> Finding | None:
    label = f"workload {v.name}"
    if v.met is None:
        return make("WORKLOAD_NOT_EVALUATED", f"{label}: {v.error}", "workload", v.id)
    if not v.met:
        if v.bottleneck in ("power", "cooling"):
            why = f"the {v.bottleneck} of its servers fails (see the {v.bottleneck} findings)"
        else:
            short = f"{-v.margin * 100:.0f} % short" if v.margin is not None and v.margin < 0 else "not met"
            why = f"{short}, limited by {v.bottleneck}"
            need = v.figures.get("gpus_needed")
            if need:
                why += f"; about {need} GPUs would meet it"
        return make("WORKLOAD_UNMET", f"{label} ({v.kind}): target not met: {why}", "workload", v.id)
    has_target = v.kind not in ("pretrain", "finetune") or spec.get("target_days") is not None
    if has_target and v.margin is not None and v.margin < margin_warn:
        return make("WORKLOAD_LOW_MARGIN", f"{label} ({v.kind}): met with {v.margin * 100:.0f} % margin, within "
                    f"the model's uncertainty ({margin_warn * 100:.0f} %)", "workload", v.id)
    return None
