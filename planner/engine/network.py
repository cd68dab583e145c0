"""Links, fabrics and workloads inside the engine, kept incrementally.

Links and fabrics: a :class:`planner.fabric.analysis.FabricModel` keeps one
:class:`~planner.fabric.analysis.LinkFacts` per plan link (a snapshot, because edits
mutate Link objects in place and removal must undo what was added: the link's speed, its
media figures from the one implementation of transceiver/active-cable power and cable
mass, and its own checks) and, per fabric, aggregates that one link add/remove/edit
patches by delta (docs/engine.md, "How the incremental update works"). The rack module
adds the media power to the device at each end and half the mass to the rack at each end.
A fabric's result is rebuilt from its aggregates (O(tiers + its findings)) only when one
of its links, the fabric itself or an endpoint's device type or name changed; a device
moving between racks changes none of them (the analysis works on the links' stored
lengths, not on geometry).

Unconnected required ports depend on every placement; they are kept per placement
(``_unwired``, and per role the placements that have some) and overlaid on the cached
analysis after every edit that touches placements, links or fabrics, at a cost
proportional to the placements with unwired ports of the fabric's role.

Workloads: see :mod:`planner.engine.workloads`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from planner.engine.findings import Finding
from planner.engine.rules.workloads import make_workload_finding as make_workload_finding  # the old home
from planner.engine.rules.workloads import spec_key as spec_key
from planner.fabric.analysis import (
    FabricModel,
    FabricResult,
    LinkFacts,
    inter_node_from,
    member_best,
    required_role,
    with_unconnected,
)
from planner.fabric.ports import device_ports
from planner.model.plan import Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.edits import Change
    from planner.model.plan import Fabric

_ID = attrgetter("id")
_ROLES = ("compute", "storage", "frontend", "management", "nvlink")

LinkSnap = LinkFacts  # the name the rack module and older callers know


class _Fabric:
    __slots__ = ("core", "ends", "final", "findings", "unconnected")

    def __init__(self, core: FabricResult, ends: set[str]) -> None:
        self.core = core
        self.ends = ends
        self.unconnected: list[tuple[str, str]] | None = None
        self.final: FabricResult | None = None
        self.findings: tuple[Finding, ...] = ()


class Network:
    def __init__(self, catalog: Catalog, default_length_m: float) -> None:
        self.catalog = catalog
        self.default_length_m = default_length_m
        self.model = FabricModel(catalog, default_length_m)
        self.ports = self.model.cache
        self.chooser = self.model.chooser
        self.reset()

    def reset(self) -> None:
        self.model.reset()
        self._pos: dict[str, int] = {}  # link id -> its last known index in plan.links
        self._sig: dict[str, tuple[str, str] | None] = {}  # placement -> (device, name) the cache saw
        self._role_ports: dict[str, tuple[str, dict[str, list[str]]]] = {}  # pid -> (kind, role -> ports)
        self._type_roles: dict[str, tuple[str, dict[str, list[str]]] | None] = {}  # device type -> the same
        self._unwired: dict[str, dict[str, list[str]]] = {}  # pid -> role -> unwired ports (non-empty only)
        self._unwired_role: dict[str, set[str]] = {r: set() for r in _ROLES}
        self._fabrics: dict[str, _Fabric] = {}
        self._fab_sig: Sequence[tuple[str, str]] | None = None  # (id, kind) of the plan's fabrics last time
        self._role_fabs: dict[str | None, list[str]] = {}  # required role -> fabric ids
        self._dirty_roles: set[str] = set()  # roles whose unwired ports changed since compute_fabrics
        self.results: dict[str, Any] = {}
        self.findings: tuple[Finding, ...] = ()
        self.devices_changed = True  # a placement appeared, vanished or changed device/name in the last update
        self.device_changes: list[tuple[str | None, str | None]] = []  # (old, new) device types in the last update
        self.links_changed = True  # link bandwidth or a fabric changed in the last update
        # placements whose links (so their bandwidth on a fabric) changed in the last update;
        # None: any may have (a full load, or fabrics changed)
        self.bw_pids: set[str] | None = None

    # views of the model the rack module and the engine read
    @property
    def links(self) -> dict[str, LinkFacts]:
        return self.model.links

    @property
    def by_placement(self) -> dict[str, list[LinkFacts]]:
        return self.model.by_placement

    def end_sums(self, pid: str) -> tuple[float, list[float]]:
        """(fsum of its links' media power per end, half of each link's cable mass) of a
        placement: cached until one of its links changes."""
        return self.model.end_sums(pid)

    @property
    def cable_counts(self) -> Counter[str]:
        return self.model.cable_counts

    @property
    def transceiver_counts(self) -> Counter[str]:
        return self.model.transceiver_counts

    @property
    def fabric_objs(self) -> dict[str, Any]:
        return self.model.fabric_objs

    # -- link objects by id ----------------------------------------------------------------------------
    def _links_by_id(self, plan: Plan, ids: set[str]) -> dict[str, Any]:
        """The plan's Link objects with these ids (those that exist), without scanning all
        links: each is looked for near its last known position (removals and undos shift
        positions by a few), new ones at the end; ids not found are removed links when the
        plan's link count says so. Otherwise one scan."""
        links = plan.links
        n = len(links)
        pos = self._pos
        out: dict[str, Any] = {}
        want: set[str] = set()
        for lid in ids:
            p = pos.get(lid)
            if p is not None:
                for q in (p, p - 1, p + 1, p - 2, p + 2, p - 3, p + 3, p - 4, p + 4):
                    if 0 <= q < n and links[q].id == lid:
                        out[lid] = links[q]
                        pos[lid] = q
                        break
            if lid not in out:
                want.add(lid)
        if want:
            for i in range(n - 1, max(-1, n - 1 - 4 * len(want) - 8), -1):
                lid = links[i].id
                if lid in want:
                    out[lid] = links[i]
                    pos[lid] = i
                    want.discard(lid)
                    if not want:
                        break
        if want:
            known = self.model.links
            new_found = sum(1 for lid in out if lid not in known)
            if all(lid in known for lid in want) and len(known) + new_found - n == len(want):
                return out  # the count adds up: exactly the missing ones were removed
            self._pos = pos = {lk.id: i for i, lk in enumerate(links)}
            for lid in want:
                p = pos.get(lid)
                if p is not None:
                    out[lid] = links[p]
        return out

    # -- placements (role ports for unconnected-port checks) ----------------------------------------
    def _type_ports(self, device: str) -> tuple[str, dict[str, list[str]]] | None:
        """(kind, role -> port names) of a device type, None without role ports (cached per
        type: 10k placements are a handful of types)."""
        try:
            return self._type_roles[device]
        except KeyError:
            pass
        dp = device_ports(self.catalog, device)
        roles = {r: [p.name for p in dp.role(r)] for r in _ROLES} if dp is not None else {}
        roles = {r: v for r, v in roles.items() if v}
        got = self._type_roles[device] = (dp.kind if dp is not None else "", roles) if roles else None
        return got

    def _ports_of(self, pid: str, device: str) -> None:
        got = self._type_ports(device)
        before = self._role_ports.get(pid)
        if got is not before:  # its kind decides whether its unwired ports count in a fabric of its role
            self._dirty_roles.update(before[1] if before is not None else ())
            self._dirty_roles.update(got[1] if got is not None else ())
        if got is not None:
            self._role_ports[pid] = got  # shared per type: read only
        else:
            self._role_ports.pop(pid, None)

    def _refresh_unwired(self, pid: str) -> None:
        got = self._role_ports.get(pid)
        old = self._unwired.pop(pid, None)
        if old:
            for r in old:
                self._unwired_role[r].discard(pid)
        if got is None:
            if old:
                self._dirty_roles.update(old)
            return
        wired = self.model.port_links
        un = {r: [n for n in names if (pid, n) not in wired] for r, names in got[1].items()}
        un = {r: v for r, v in un.items() if v}
        if un != (old or {}):
            self._dirty_roles.update(old or ())
            self._dirty_roles.update(un)
        if un:
            self._unwired[pid] = un
            for r in un:
                self._unwired_role[r].add(pid)

    # -- full and incremental -------------------------------------------------------------------------
    def full(self, plan: Plan) -> None:
        self.reset()  # bw_pids None: every placement's bandwidth is new
        self.model.load(plan)
        self._pos = dict(zip(map(_ID, plan.links), range(len(plan.links))))
        for pid, p in plan.index.placements.items():
            self._sig[pid] = (p.device, p.name)
            self._ports_of(pid, p.device)
            self._refresh_unwired(pid)

    def update(self, plan: Plan, change: Change, racks: set[str]) -> None:
        """Apply a Change; adds to ``racks`` the racks whose link power or cable mass changed."""
        idx = plan.index
        pr = idx.placement_rack
        touched_pids: set[str] = set()
        model = self.model
        self.devices_changed = False
        self.device_changes = []
        self.links_changed = bool(change.links or change.fabrics)

        def dirty_ends(lk: LinkFacts) -> None:
            for end in (lk.a, lk.b):
                if end in pr:
                    racks.add(pr[end])

        if change.fabrics:
            # set_fabrics drops the links of a fabric that is gone along with it (a whole NVLink
            # domain cleared in one step): their ends lose link power/mass and get unwired
            # ports, and the change.links pass below no longer finds their facts to say so
            held = {lid: model.links[lid] for fid in change.fabrics if (st := model.states.get(fid)) is not None
                    for lid in st.links if lid in model.links}
            for old, new in model.set_fabrics(plan, change.fabrics):
                if (new.a_power_w, new.b_power_w, new.mass_kg) != (old.a_power_w, old.b_power_w, old.mass_kg):
                    dirty_ends(new)
            for lid, old in held.items():
                if lid not in model.links:
                    dirty_ends(old)
                    touched_pids.update((old.a, old.b))
        if change.links:
            found = self._links_by_id(plan, change.links)
            for lid in change.links:
                known = model.links.get(lid)
                if known is not None:
                    dirty_ends(known)
                    touched_pids.update((known.a, known.b))
                    if lid not in found:
                        model.remove_link(lid)
            for link in found.values():  # added or edited (patched in place when its ends stay)
                new = model.add_link(plan, link)
                dirty_ends(new)
                touched_pids.update((new.a, new.b))
        if change.placements:
            resnap: dict[str, LinkFacts] = {}
            for pid in change.placements:
                p = idx.placements.get(pid)
                sig = (p.device, p.name) if p is not None else None
                before = self._sig.get(pid)
                if before != sig:
                    self.devices_changed = True
                    if (before[0] if before else None) != (sig[0] if sig else None):
                        self.device_changes.append((before[0] if before else None, sig[0] if sig else None))
                    if sig is None:
                        self._sig.pop(pid, None)
                    else:
                        self._sig[pid] = sig
                    for lk in model.by_placement.get(pid, ()):
                        resnap[lk.id] = lk
                    if p is None:
                        self._role_ports.pop(pid, None)
                    else:
                        self._ports_of(pid, p.device)
                touched_pids.add(pid)
            if resnap:
                # all out, then all in: a node's kind and name are read when it first appears
                self.links_changed = True
                found = self._links_by_id(plan, set(resnap))
                for lid in resnap:
                    model.remove_link(lid)
                for lid, link in found.items():
                    new = model.add_link(plan, link)
                    old = resnap[lid]
                    if (new.a_power_w, new.b_power_w, new.mass_kg) != (old.a_power_w, old.b_power_w, old.mass_kg):
                        dirty_ends(new)
                        dirty_ends(old)
        for pid in touched_pids:
            self._refresh_unwired(pid)
        self.bw_pids = None if change.fabrics else touched_pids

    # -- fabric results ----------------------------------------------------------------------------------
    def compute_fabrics(self, plan: Plan) -> None:
        """Refresh ``results``/``findings``: every fabric when the plan's fabric list (ids,
        kinds) changed, else only those whose state changed (``FabricModel.touched``) or
        whose role's unwired ports changed (a 229-fabric GB200 plan re-reads one or two)."""
        model = self.model
        sig = [(f.id, f.kind) for f in plan.fabrics]
        touched, model.touched = model.touched, set()
        dirty_roles, self._dirty_roles = self._dirty_roles, set()
        if sig != self._fab_sig or len({fid for fid, _ in sig}) != len(sig):
            self._fab_sig = sig
            self._role_fabs = {}
            for fab in plan.fabrics:
                self._role_fabs.setdefault(required_role(fab), []).append(fab.id)
            self._all_fabrics(plan)
            return
        todo = set(touched)
        for r in dirty_roles:
            todo.update(self._role_fabs.get(r, ()))
        if not todo:
            return
        kinds: Counter[str] = Counter(kind for _, kind in sig)
        changed = False
        for fab in plan.fabrics:
            if fab.id in todo:
                changed |= self._refresh_fabric(fab, kinds)
        if changed:
            self.results = {fab.id: self._fabrics[fab.id].final for fab in plan.fabrics}
            self.findings = tuple(chain.from_iterable(self._fabrics[fab.id].findings for fab in plan.fabrics))

    def _refresh_fabric(self, fab: Fabric, kinds: Counter[str]) -> bool:
        """Bring one fabric's result and unconnected-port overlay up to date; True if its
        final result object changed."""
        core, ends = self.model.result(fab.id)
        st = self._fabrics.get(fab.id)
        if st is None or st.core is not core:
            st = self._fabrics[fab.id] = _Fabric(core, ends)
        role = required_role(fab)
        unconnected: list[tuple[str, str]] = []
        if role is not None and role in self._unwired_role:
            only = kinds[fab.kind] == 1
            role_ports = self._role_ports
            for pid in sorted(self._unwired_role[role]):
                if pid in st.ends or (only and role_ports[pid][0] in ("server", "storage")):
                    unconnected.extend((pid, n) for n in self._unwired[pid][role])
        if st.final is None or unconnected != st.unconnected:
            final = dataclasses.replace(st.core, findings=list(st.core.findings))
            if role is not None:
                with_unconnected(final, fab, unconnected)
            st.final, st.unconnected = final, unconnected
            st.findings = tuple(final.findings)
            return True
        return False

    def _all_fabrics(self, plan: Plan) -> None:
        fabs = self.model.fabric_objs
        for fid in list(self._fabrics):
            if fid not in fabs:
                del self._fabrics[fid]
        kinds: Counter[str] = Counter(f.kind for f in plan.fabrics)
        results: dict[str, Any] = {}
        findings: list[Finding] = []
        for fab in plan.fabrics:
            self._refresh_fabric(fab, kinds)
            st = self._fabrics[fab.id]
            results[fab.id] = st.final
            findings.extend(st.findings)
        self.results = results
        self.findings = tuple(findings)

    # -- NVLink domains for workloads -------------------------------------------------------------------
    @property
    def nvlink_trays(self) -> set[str]:
        """Placements with NVLink ports to cable (multi-node NVLink trays, e.g. GB200)."""
        return self._unwired_role.get("nvlink", set()) | self._nvl_wired()

    def _nvl_wired(self) -> set[str]:
        return {pid for fid, r in self.results.items() if r.nvlink for pid in self.model.states[fid].ends}

    def nvlink_domains(self) -> dict[str, tuple[int, float]]:
        """Placement -> (GPUs of its NVLink domain, per-GPU GB/s bidirectional as wired),
        from the cached ``nvlink`` fabric results."""
        out: dict[str, tuple[int, float]] = {}
        for fid, r in self.results.items():
            if r.nvlink:
                for pid in self.model.states[fid].ends:
                    out[pid] = (r.nvlink["domain_gpus"], r.nvlink["per_gpu_gb_per_s"])
        return out

    # -- inter-node bandwidth for workloads ----------------------------------------------------------------
    def inter_node_gbps_per_gpu(self, members: list[tuple[str, int]]) -> float | None:
        """The fabric module's formula over the cached results; None when the plan has no
        wired compute fabric."""
        compute = self.compute_oversubscription()
        if not compute:
            return None
        states = self.model.states
        bw: dict[tuple[str, str], float] = {}
        for fid in compute:
            st = states[fid]
            for pid, _g in members:
                b = st.node_gbps(pid)
                if b:
                    bw[(pid, fid)] = b
        return inter_node_from(members, bw, compute)

    def compute_oversubscription(self) -> dict[str, float]:
        """Wired compute fabrics (with links) -> their oversubscription, from the cached results."""
        objs = self.fabric_objs
        return {fid: r.oversubscription for fid, r in self.results.items() if objs[fid].kind == "compute" and r.links}

    def member_best(self, pid: str, gpus: int, compute: dict[str, float]) -> float:
        """One server's best bandwidth per GPU over the ``compute`` fabrics
        (:func:`planner.fabric.analysis.analyse.member_best`)."""
        states = self.model.states
        return member_best(gpus, ((states[fid].node_gbps(pid), ov) for fid, ov in compute.items()))
