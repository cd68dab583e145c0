"""Auto-wiring of a multi-node NVLink rack (GB200 NVL72) as one undo step.

:func:`autowire_nvlink_rack(plan, catalog, rack_id)` joins every NVLink port of the
rack's GPU trays to the rack's NVLink switch trays through the spine (docs/fabrics.md,
"NVLink"):

* GPUs are numbered in tray order (lowest U first, then placement id) and inside a tray
  in port order (``gpu0-nvl*`` ... ``gpu3-nvl*``): GPU ``i`` of ``N``.
* The design needs ``S = ceil(design GPUs x L / P)`` switch trays (L NVLink ports per
  GPU, P ports per switch tray: 72 x 18 / 144 = 9); each GPU sends ``k = L / S`` links to
  every tray (2), one to each of the tray's ``k`` chips, so chip ``c`` of a tray uses its
  port ``i`` (``acp{c x P/k + i + 1}``; NVOS access-port naming). Link ``l`` of GPU ``i``
  goes to tray ``l // k``, chip ``l % k``: every GPU reaches every chip once, the NVL72
  all-to-all.
* Media: the NVLink spine cartridge (copper, 0 W) at the tray-to-tray vertical distance
  plus the rear stubs (:meth:`CableGeometry.spine_m`).

Links to switch trays that are missing stay unwired (the analysis reports
``NVLINK_SWITCH_TRAYS_MISSING`` and the GPUs' lower bandwidth).

``progress(fraction, stage)`` and ``cancel()`` work as in :func:`planner.fabric.autowire`
(:mod:`planner.fabric.progress`): checked every ``BATCH`` links; a cancelled design
raises ``Cancelled`` and changes nothing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from planner.fabric.autowire_base import BATCH, LABEL_PREFIX, AutowireResult, _id_block
from planner.fabric.cabling import CableGeometry, CableRules
from planner.fabric.media import MediaChooser, nvlink_media
from planner.fabric.nvlink import NVLINK_DESIGN_GPUS
from planner.fabric.ports import NVLINK_ROLE, DevicePorts, device_ports
from planner.fabric.progress import CancelFn, ProgressFn, Steps, without_gc
from planner.fabric.topology import FatTree
from planner.fabric.wiring import AddLinks, used_ports
from planner.i18n import N_, deferred, render, tmsg
from planner.model.edits import AddItem, Compound, Edit, EditRefused
from planner.model.plan import Endpoint, Fabric, Link, Placement, Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog


Tray = tuple[Placement, DevicePorts]


def nvlink_trays(plan: Plan, catalog: Catalog, rack_id: str) -> tuple[list[Tray], list[Tray]]:
    """(GPU trays with NVLink ports, NVLink switch trays) of a rack, in U order, each with
    its device type's ports."""
    rack = plan.index.racks.get(rack_id)
    if rack is None:
        raise EditRefused(tmsg("no rack {id!r}", id=rack_id))
    gpu_trays: list[Tray] = []
    switches: list[Tray] = []
    for p in sorted(rack.placements, key=lambda p: (p.u if p.u is not None else 10_000, p.id)):
        dp = device_ports(catalog, p.device)
        if dp is None:
            continue
        dev = catalog.device(p.device)  # device_ports found it
        if dp.kind == "switch" and dev.planning is not None and dev.planning.switch is not None \
                and dev.planning.switch.fabric == "nvlink":
            switches.append((p, dp))
        elif dp.role(NVLINK_ROLE):
            gpu_trays.append((p, dp))
    return gpu_trays, switches


@without_gc
def autowire_nvlink_rack(plan: Plan, catalog: Catalog, rack_id: str, *, fabric_id: str | None = None,
                         fabric_name: str | None = None, rules: CableRules | None = None,
                         progress: ProgressFn | None = None, cancel: CancelFn | None = None) -> AutowireResult:
    """Plan the NVLink spine of one rack; nothing changes until ``result.edit`` (one
    ``Compound``: the fabric, then every link) is applied. ``progress``/``cancel``: see
    the module docstring."""
    st = Steps(progress, cancel)
    rack_name = plan.index.racks[rack_id].name if rack_id in plan.index.racks else rack_id
    st.report(0.0, render(N_("{rack}: finding GPU and switch trays"), {"rack": rack_name}))
    gpu_trays, switch_trays = nvlink_trays(plan, catalog, rack_id)
    switches = [p for p, _ in switch_trays]
    if not gpu_trays:
        raise EditRefused(tmsg("the rack holds no GPU trays with NVLink ports (e.g. GB200 NVL72 compute trays)"))
    if not switches:
        raise EditRefused(tmsg("the rack holds no NVLink switch trays"))
    gpus: list[tuple[str, list[str]]] = []  # (placement, its NVLink ports) per GPU
    gpu_slug = None
    for p, dp in gpu_trays:
        dev = catalog.device(p.device)
        names = [x.name for x in dp.role(NVLINK_ROLE)]
        g = max(1, dev.gpu_count or 1)
        per = len(names) // g
        gpu_slug = gpu_slug or dev.gpu_slug
        for i in range(g):
            gpus.append((p.id, names[i * per:(i + 1) * per]))
    links_per_gpu = len(gpus[0][1])
    sw_ports = [x for x in switch_trays[0][1].ports if x.role == "fabric"]
    speed = min(x.speed_gbps for x in sw_ports)
    per_tray = len(sw_ports)
    design = NVLINK_DESIGN_GPUS.get(gpu_slug or "", len(gpus))
    need = max(1, math.ceil(design * links_per_gpu / per_tray))
    k = max(1, links_per_gpu // need)  # links from each GPU to each tray (one per chip)
    per_chip = per_tray // k
    if len(gpus) > per_chip:
        raise EditRefused(tmsg("{gpus} GPUs in the rack but each NVLink switch chip has {ports} ports", gpus=len(gpus),
                               ports=per_chip))
    used = used_ports(plan)
    for pid, names in gpus:
        for port_name in names:
            if (pid, port_name) in used:
                raise EditRefused(tmsg("NVLink port {port} of {name} is already wired (link {link}); disconnect it "
                                       "first", port=port_name, name=plan.placement(pid).name or pid,
                                       link=used[(pid, port_name)]))

    edits: list[Edit] = []
    fid = fabric_id
    rack = plan.index.racks[rack_id]
    if fid is None or not any(f.id == fid for f in plan.fabrics):
        fid = fid or plan.new_id("fabric")
        edits.append(AddItem(Fabric(id=fid, name=fabric_name or f"NVLink {rack.name or rack_id}", kind="nvlink",
                                    technology="nvlink", speed_gbps=speed, oversubscription=1.0,
                                    rail_optimised=False)))
    geo = CableGeometry(plan, catalog, rules)
    chooser = MediaChooser(catalog)
    prefix = LABEL_PREFIX["nvlink"]
    pairs: list[tuple[Endpoint, Endpoint]] = []
    st.report(0.05, render(N_("{rack}: assigning switch ports"), {"rack": rack_name}))
    for i, (pid, names) in enumerate(gpus):
        if i % 16 == 0:
            st.report(0.05 + 0.25 * i / len(gpus))
        for li, name in enumerate(names):
            tray, chip = divmod(li, k)
            if tray >= len(switches):
                continue  # a missing switch tray: this link stays unwired
            sw = switches[tray]
            port = sw_ports[chip * per_chip + i].name
            if (sw.id, port) in used:
                raise EditRefused(tmsg("port {port} of {name} is already wired; disconnect it first", port=port,
                                       name=sw.name or sw.id))
            pairs.append((Endpoint.model_construct(placement=pid, port=name),
                          Endpoint.model_construct(placement=sw.id, port=port)))
    ids = _id_block(plan, "link", len(pairs))
    links: list[Link] = []
    tree = FatTree(nodes=len(gpu_trays), rails=links_per_gpu, endpoints=len(pairs), radix=per_tray, link_gbps=speed,
                   oversubscription_target=1.0, rail_optimised=False, tiers=1, down_per_leaf=per_tray,
                   up_per_leaf=0, nodes_per_su=len(gpu_trays), sus=1, leaves=len(switches), spines=0, cores=0,
                   pods=1, leaves_per_pod=len(switches), spines_per_pod=0, links_per_leaf_spine=0, spine_up=0,
                   cores_per_group=0)
    result = AutowireResult(edit=Compound([], text=""), design=tree, fabric_id=fid,
                            switches={"leaf": [s.id for s in switches], "spine": [], "core": []})
    stage = render(N_("{rack}: choosing media for {n:,} spine links"), {"rack": rack_name, "n": len(pairs)})
    for n, (a, b) in enumerate(pairs):
        if n % BATCH == 0:
            st.report(0.3 + 0.7 * n / max(1, len(pairs)), stage)
        length = geo.spine_m(a.placement, b.placement)
        media = nvlink_media(chooser, length)
        if media is None:
            result.unrouted += 1
            cable, length = None, round(length, 2)
        else:
            cable, length = media.cable, media.length_m
            result.cables[cable] = result.cables.get(cable, 0) + 1
        links.append(Link.model_construct(id=ids[n], fabric=fid, a=a, b=b, cable=cable, length_m=length,
                                          label=f"{prefix}-{rack.name or rack_id}-{n + 1:04d}"))
    edits.append(AddLinks(links, text=deferred(N_("Add NVLink spine links"))))
    result.links = len(links)
    result.edit = Compound(edits, text=deferred(
        N_("Auto-wire NVLink domain of {rack} ({gpus} GPUs, {trays} switch trays)"), rack=rack.name or rack_id,
        gpus=len(gpus), trays=len(switches)))
    st.finish(render(N_("{rack}: {n:,} NVLink cables designed"), {"rack": rack_name, "n": len(links)}))
    return result
