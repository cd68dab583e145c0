"""`ClusterSpec`: the hardware a workload runs on, from the catalog (headless sizing)
or from a plan's servers (plan evaluation). The same sizing functions serve both."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeGuard

from planner.fabric.nvlink import NVLINK_DESIGN_GPUS
from planner.i18n import Np_, tmsg

from . import calibration as cal
from .arch import GpuHw

if TYPE_CHECKING:
    from planner.catalog import Catalog, DeviceType
    from planner.model.plan import Metadata, Plan

# GPUs sharing one NVLink domain when it spans more than one server (GB200 NVL72:
# 18 compute trays x 4 GPUs behind NVLink switches, NVIDIA GB200 NVL72 datasheet).
NVLINK_DOMAIN_OVERRIDE = NVLINK_DESIGN_GPUS
# Achieved PCIe Gen4/5 x16 peer traffic when a GPU has no NVLink (GB/s, one direction).
PCIE_GB_PER_S = 25.0


@dataclass(frozen=True, slots=True)
class ClusterSpec:
    """GPUs and what connects them. Bandwidths in GB/s, one direction, per GPU."""

    gpu: GpuHw
    gpus: int
    gpus_per_node: int = 8  # GPUs per server (compute tray for GB200)
    internode_gb_per_s: float = 50.0  # per GPU, from the compute NICs (400 Gb/s = 50 GB/s)
    storage_write_gb_per_s: float | None = None
    storage_read_gb_per_s: float | None = None
    power_per_gpu_w: float | None = None  # server power under load / GPUs in it
    capex_per_gpu: float | None = None  # server (or GPU) price / GPUs, in ``currency``
    capex_source: str = ""
    electricity_price_per_kwh: float = 0.12  # in ``currency``
    # the currency of the two figures above and of the cost per token (a plan's currency)
    currency: str = "USD"
    # False: the capex per GPU leaves something out (a GPU's price without its server, or
    # no price at all): the cost per token is then a lower bound
    capex_complete: bool = True
    amortisation_years: float = cal.AMORTISATION_YEARS  # a plan's years of use
    pue: float = 1.3
    notes: tuple[str, ...] = field(default_factory=tuple)
    storage_note: str = ""  # where the storage figures come from (training reports it)
    # GPUs that share one NVLink/NVSwitch domain (None: the GPUs of one server). Tensor
    # and expert parallelism inside a domain run at NVLink speed; beyond it they cross
    # the inter-node fabric at ``internode_gb_per_s``. GB200 NVL72: 72.
    nvlink_domain_gpus: int | None = None
    # NVLink bandwidth per GPU inside the domain, bidirectional (NVIDIA's datasheet
    # convention, like the catalog's GPU figure); None: the GPU's catalog figure.
    nvlink_gb_per_s: float | None = None
    # GPUs without NVLink: True when a PCIe switch joins them (peer-to-peer at link
    # speed), False when they sit on the CPUs' root ports (collectives staged through
    # host memory). See :meth:`pcie_collective`.
    pcie_switch: bool = False

    def with_(self, **changes: Any) -> ClusterSpec:
        return replace(self, **changes)

    @property
    def has_nvlink(self) -> bool:
        bidir = self.nvlink_gb_per_s if self.nvlink_gb_per_s is not None else self.gpu.nvlink_gb_per_s
        return bidir > 0

    def pcie_collective(self, size: int) -> tuple[float, float]:
        """(GB/s per GPU one direction, latency s) of a ring all-reduce among ``size`` GPUs
        of one server joined only by PCIe (calibration.PCIE_*: through a switch at NCCL's
        Gen4 x16 figure, else through the CPU root complex and host memory; 2 (n - 1) ring
        steps)."""
        bw = cal.PCIE_SWITCH_GB_PER_S if self.pcie_switch else cal.PCIE_HOST_GB_PER_S
        return bw, 2 * max(1, size - 1) * cal.PCIE_RING_STEP_LATENCY_S

    @property
    def domain_gpus(self) -> int:
        """GPUs in one NVLink domain (at least 1)."""
        d = self.nvlink_domain_gpus if self.nvlink_domain_gpus is not None else self.gpus_per_node
        return max(1, int(d))

    def scale_up_gb_per_s(self) -> float:
        """One direction of the per-GPU link inside the domain (GB/s): half the
        bidirectional NVLink figure, or PCIe peer traffic for GPUs without NVLink."""
        bidir = self.nvlink_gb_per_s if self.nvlink_gb_per_s is not None else self.gpu.nvlink_gb_per_s
        if bidir <= 0:
            return PCIE_GB_PER_S
        # Infinity Fabric: the datasheet's link rate less protocol and error-correction
        # overhead (calibration.INFINITY_FABRIC_DATA_SHARE, RCCL's 48 of 64 GB/s per link)
        share = cal.INFINITY_FABRIC_DATA_SHARE if self.gpu.interconnect == "infinity-fabric" else 1.0
        return bidir / 2.0 * share

    def group_link(self, size: int) -> tuple[float, bool]:
        """(GB/s per GPU, inside the NVLink domain) for a collective over ``size`` GPUs:
        NVLink when the group fits one domain, the inter-node fabric otherwise (a ring
        that leaves the domain runs at its slowest hop)."""
        if size <= self.domain_gpus:
            return self.scale_up_gb_per_s(), True
        return max(self.internode_gb_per_s, 1e-3), False

    @property
    def nodes(self) -> int:
        return max(1, -(-self.gpus // self.gpus_per_node))

    def load_power_per_gpu_w(self) -> float:
        if self.power_per_gpu_w is not None:
            return self.power_per_gpu_w
        return self.gpu.tdp_w * cal.SERVER_POWER_PER_GPU_TDP * cal.LOAD_POWER_SHARE

    def cost_per_gpu_hour(self) -> tuple[float | None, float]:
        """(capex share or None if no price is known, energy incl. PUE) per GPU-hour."""
        energy = self.load_power_per_gpu_w() / 1000.0 * self.pue * self.electricity_price_per_kwh
        capex = None
        if self.capex_per_gpu is not None:
            capex = self.capex_per_gpu / (self.amortisation_years * cal.HOURS_PER_YEAR)
        return capex, energy


def _nic_gbps(catalog: Catalog, device: DeviceType, role: str) -> float:
    total = 0.0
    for ref in device.planning.nics if device.planning else []:
        if ref.role != role and not (role == "storage" and ref.role == "dpu"):
            continue
        nic = catalog.get("nics", ref.model)
        if nic is not None:
            total += nic.total_gbps * ref.count
    return total


def _server_power_w(device: DeviceType) -> float | None:
    typ = device.typical_power_w
    if typ is not None:
        return typ
    mx = device.max_power_w
    return mx * cal.LOAD_POWER_SHARE if mx is not None else None


def reference_server(catalog: Catalog, gpu_slug: str) -> DeviceType | None:
    """A catalog server carrying this GPU (the most GPUs per box, then the slug) used for
    NICs, power and price when sizing without a plan."""
    servers = [d for d in catalog.servers() if d.gpu_slug == gpu_slug and d.gpu_count > 0]
    if not servers:
        return None
    servers.sort(key=lambda d: (-d.gpu_count, d.slug))
    return servers[0]


def cluster_from_catalog(
    catalog: Catalog,
    gpu_slug: str,
    gpus: int,
    *,
    server: str | None = None,
    storage_write_gb_per_s: float | None = None,
    storage_read_gb_per_s: float | None = None,
    gpu_price_usd: float | None = None,
    electricity_usd_per_kwh: float = 0.12,
    pue: float = 1.3,
    nvlink_domain_gpus: int | None = None,
    nvlink_gb_per_s: float | None = None,
) -> ClusterSpec:
    """A cluster of ``gpus`` GPUs in catalog servers (headless sizing).

    NICs, node size and power come from ``server`` or a reference server with that GPU
    (for GB200: the NVL72 compute tray, 4 GPUs); without one, 8 GPUs per node, 400 Gb/s
    per GPU and TDP x 1.82 per GPU are assumed. The NVLink domain is the server unless
    ``nvlink_domain_gpus`` says otherwise (GB200 defaults to its 72-GPU rack domain).
    """
    gpu = GpuHw.from_catalog(catalog.gpu(gpu_slug))
    dev = catalog.device(server) if server else reference_server(catalog, gpu_slug)
    notes: list[str] = []
    per_node, inter, power, storage_nic = 8, 50.0, None, None
    capex, capex_source, complete = None, "", False
    if dev is not None and dev.gpu_count > 0:
        per_node = dev.gpu_count
        compute = _nic_gbps(catalog, dev, "compute")
        if compute > 0:
            inter = compute / 8.0 / per_node
        p = _server_power_w(dev)
        power = p / per_node if p is not None else None
        st = _nic_gbps(catalog, dev, "storage")
        storage_nic = st / 8.0 if st > 0 else None
        if dev.price is not None and dev.price.currency == "USD":
            capex, capex_source = dev.price.amount / per_node, tmsg("{server} price", server=dev.slug)
            complete = True
        notes.append(tmsg("node: {server}", server=dev.slug))
    else:
        notes.append(tmsg("no catalog server with this GPU: 8 GPUs/node, 400 Gb/s per GPU assumed"))
    if nvlink_domain_gpus is None:
        # a multi-node domain by design (NVL72), else the GPU's own scale-up domain where the
        # catalog gives one (H200 NVL: 4-way bridges, two domains in an 8-card server)
        nvlink_domain_gpus = NVLINK_DOMAIN_OVERRIDE.get(gpu_slug) or (gpu.scale_up_domain_gpus or None)
    if nvlink_domain_gpus is not None and nvlink_domain_gpus < 1:
        raise ValueError(tmsg("the NVLink domain needs at least 1 GPU (got {n})", n=nvlink_domain_gpus))
    if nvlink_gb_per_s is not None and nvlink_gb_per_s < 0:
        raise ValueError(tmsg("NVLink bandwidth must be >= 0"))
    if gpu_price_usd is not None:
        capex, capex_source, complete = gpu_price_usd, tmsg("given GPU price"), True
    elif capex is None and gpu.price_usd is not None:
        capex, capex_source = gpu.price_usd, tmsg("{gpu} GPU price (GPU only, no server)",
                                                   gpu=gpu.model or gpu_slug)
    nodes = max(1, -(-gpus // per_node))
    storage_note = ""
    if storage_write_gb_per_s is None and storage_nic is not None:
        storage_write_gb_per_s = storage_nic * nodes
        storage_note = tmsg("checkpoint write time is a lower bound: only the nodes' storage NICs limit it "
                            "(no storage system given; pass --storage-write-gb-per-s)")
    if storage_read_gb_per_s is None and storage_nic is not None:
        storage_read_gb_per_s = storage_nic * nodes
    return ClusterSpec(
        gpu=gpu,
        gpus=gpus,
        gpus_per_node=per_node,
        internode_gb_per_s=inter,
        storage_write_gb_per_s=storage_write_gb_per_s,
        storage_read_gb_per_s=storage_read_gb_per_s,
        power_per_gpu_w=power,
        capex_per_gpu=capex,
        capex_source=capex_source,
        electricity_price_per_kwh=electricity_usd_per_kwh,
        capex_complete=complete,
        pue=pue,
        notes=tuple(notes),
        storage_note=storage_note,
        nvlink_domain_gpus=nvlink_domain_gpus,
        nvlink_gb_per_s=nvlink_gb_per_s,
    )


class PlanHardwareError(ValueError):
    """The plan (or group) has no GPU servers to run a workload on."""


def group_members(plan: Plan, group: str | None) -> set[str] | None:
    """The placement ids of server group ``group`` (None: the whole plan); an unknown group
    is a :class:`PlanHardwareError`."""
    if group is None:
        return None
    grp = next((g for g in plan.groups if g.id == group), None)
    if grp is None:
        raise PlanHardwareError(tmsg("unknown server group {group!r}", group=group))
    return set(grp.members)


def plan_hardware(plan: Plan, catalog: Catalog, group: str | None = None) -> tuple[dict[str, int], dict[str, int],
                                                                                   list[str]]:
    """(GPU servers per device type, storage systems per device type, GPU server
    placement ids) of ``group`` (or the plan): one pass over the placements."""
    members = group_members(plan, group)
    servers: Counter[str] = Counter()
    storage: Counter[str] = Counter()
    pids: list[str] = []
    kind_of: dict[str, int] = {}  # slug -> 0 other, 1 GPU server, 2 storage
    for pid, p in plan.index.placements.items():
        slug = p.device
        k = kind_of.get(slug)
        if k is None:
            dev = catalog.get("device-types", slug)
            k = kind_of[slug] = (0 if dev is None else 2 if (dev.kind == "storage" and dev.planning
                                                              and dev.planning.storage) else 1 if dev.gpu_count > 0
                                 else 0)
        if k == 2:
            storage[slug] += 1
        elif k == 1 and (members is None or pid in members):
            servers[slug] += 1
            pids.append(pid)
    return dict(servers), dict(storage), pids


def plan_nvlink_domains(plan: Plan, catalog: Catalog) -> dict[str, tuple[int, float]]:
    """Placement -> (GPUs in its multi-node NVLink domain, per-GPU NVLink GB/s
    bidirectional as wired) for every GPU tray wired into an ``nvlink`` fabric
    (:mod:`planner.fabric.nvlink`)."""
    fabs = [f for f in plan.fabrics if f.kind == "nvlink"]
    if not fabs:
        return {}
    from planner.fabric.analysis import FabricModel

    ids = {f.id for f in fabs}
    model = FabricModel(catalog)
    model.load(plan, [lk for lk in plan.links if lk.fabric in ids], fabrics=fabs)
    out: dict[str, tuple[int, float]] = {}
    for f in fabs:
        r, ends = model.result(f.id)
        if r.nvlink:
            for pid in ends:
                out[pid] = (r.nvlink["domain_gpus"], r.nvlink["per_gpu_gb_per_s"])
    return out


def nvlink_domain_of(pids: Iterable[str], trays: Container[str], domains: dict[str, tuple[int, float]],
                     gpus_of: Callable[[str], int]) -> tuple[int, float | None, str] | None:
    """The NVLink domain a workload can count on: the smallest domain among its GPU
    trays that take part in multi-node NVLink (``trays``: their placement ids; a tray
    wired into no NVLink fabric is a domain of its own GPUs). None when no member is such
    a tray (the server is the domain). Returns (GPUs, per-GPU GB/s bidirectional or None,
    note)."""
    size = None
    bw = None
    unwired = 0
    for pid in pids:
        if pid not in trays:
            continue
        got: tuple[int, float | None] | None = domains.get(pid)
        if got is None:
            unwired += 1
            got = (gpus_of(pid), None)
        size = got[0] if size is None else min(size, got[0])
        if got[1] is not None:
            bw = got[1] if bw is None else min(bw, got[1])
    if size is None:
        return None
    # whole sentences (the translation may reorder them), one per case
    if bw is not None and unwired:
        note = tmsg(Np_("NVLink domain from the plan's NVLink wiring: {size} GPUs at {bw:g} GB/s per GPU; {n} tray "
                        "is not wired into an NVLink fabric (its own GPUs only)",
                        "NVLink domain from the plan's NVLink wiring: {size} GPUs at {bw:g} GB/s per GPU; {n} trays "
                        "are not wired into an NVLink fabric (their own GPUs only)"), size=size, bw=bw, n=unwired)
    elif unwired:
        note = tmsg(Np_("NVLink domain from the plan's NVLink wiring: {size} GPUs; {n} tray is not wired into an "
                        "NVLink fabric (its own GPUs only)",
                        "NVLink domain from the plan's NVLink wiring: {size} GPUs; {n} trays are not wired into an "
                        "NVLink fabric (their own GPUs only)"), size=size, n=unwired)
    elif bw is not None:
        note = tmsg("NVLink domain from the plan's NVLink wiring: {size} GPUs at {bw:g} GB/s per GPU", size=size, bw=bw)
    else:
        note = tmsg("NVLink domain from the plan's NVLink wiring: {size} GPUs", size=size)
    return size, bw, note


def cluster_from_plan(plan: Plan, catalog: Catalog, group: str | None = None) -> ClusterSpec:
    """The cluster a plan workload runs on: the GPU servers of ``group`` (or the plan).

    Inter-node bandwidth per GPU comes from each server's compute NICs (the engine
    overrides it with the wired compute fabric); storage throughput from the plan's
    storage devices, capped by the servers' storage NICs; prices and typical power from
    the catalog; electricity price and PUE from the plan metadata; the NVLink domain
    from the plan's NVLink fabrics (GB200 NVL72: the wired rack domain; HGX: the server).
    """
    servers, storage, pids = plan_hardware(plan, catalog, group)
    nvlink = None
    if any(f.kind == "nvlink" for f in plan.fabrics) or any(_multi_node(catalog, s) for s in servers):
        trays = {pid for pid in pids if _multi_node(catalog, plan.index.placements[pid].device)}
        if trays:
            domains = plan_nvlink_domains(plan, catalog)
            nvlink = nvlink_domain_of(pids, trays, domains,
                                      lambda pid: catalog.device(plan.index.placements[pid].device).gpu_count)
    return cluster_from_counts(catalog, servers, storage, plan.metadata, group=group, nvlink=nvlink)


def _multi_node(catalog: Catalog, slug: str) -> bool:
    """Does a device type have NVLink ports to cable (a multi-node NVLink tray)?"""
    from planner.fabric.ports import NVLINK_ROLE, device_ports

    dp = device_ports(catalog, slug)
    return dp is not None and bool(dp.role(NVLINK_ROLE))


def is_gpu_server(device: DeviceType | None) -> TypeGuard[DeviceType]:
    """What counts as a GPU server (a member of a server group, a node of a cluster): a device
    type with accelerators in its planning data. A switch, a PDU or a storage system is not one."""
    return device is not None and device.gpu_count > 0


def cluster_from_counts(catalog: Catalog, servers: dict[str, int], storage: dict[str, int], metadata: Metadata, *,
                        group: str | None = None,
                        nvlink: tuple[int, float | None, str] | None = None) -> ClusterSpec:
    """:func:`cluster_from_plan` from counts per device type (the engine keeps them by
    delta: O(device types), not O(placements)). ``nvlink``: (domain GPUs, per-GPU GB/s
    or None, note) from :func:`nvlink_domain_of`; None: the server's own domain (GB200
    without NVLink wiring in the plan: the 72-GPU design)."""
    devs = {}
    for slug in sorted(servers):
        if servers[slug] > 0:
            d = catalog.get("device-types", slug)
            if is_gpu_server(d):
                devs[slug] = d
    if not devs:
        raise PlanHardwareError(tmsg("group {group!r} has no GPU servers", group=group) if group
                                else tmsg("the plan has no GPU servers"))
    kinds: Counter[str] = Counter()
    for slug, d in devs.items():
        if d.gpu_slug is not None:  # GPU servers all have one
            kinds[d.gpu_slug] += servers[slug]
    gpu_slug = max(sorted(kinds), key=lambda k: kinds[k])
    notes: list[str] = []
    if len(kinds) > 1:
        def model(slug: str) -> str:  # as the customer reads it: the catalog's model, not the slug
            g = catalog.get("gpus", slug)
            return g.model if g is not None and g.model else slug

        notes.append(tmsg("mixed GPUs ({gpus}); sized on {gpu} servers only",
                          gpus=", ".join(sorted(model(k) for k in kinds)), gpu=model(gpu_slug)))
        devs = {s: d for s, d in devs.items() if d.gpu_slug == gpu_slug}
    gpu = GpuHw.from_catalog(catalog.gpu(gpu_slug))
    gpus = sum(d.gpu_count * servers[s] for s, d in devs.items())
    per_node = min(d.gpu_count for d in devs.values())
    inter = min(_nic_gbps(catalog, d, "compute") / 8.0 / d.gpu_count for d in devs.values())
    if inter <= 0:
        notes.append(tmsg("servers have no compute NICs: inter-node bandwidth 0"))
    power = math.fsum(servers[s] * (_server_power_w(d) or gpu.tdp_w * cal.SERVER_POWER_PER_GPU_TDP)
                      for s, d in devs.items()) / gpus
    # prices in the plan currency, converted at the plan's exchange rates (the engine's rule)
    md = metadata

    def rate(currency: str) -> float | None:
        return 1.0 if currency == md.currency else md.exchange_rates.get(currency)

    capex, src, complete = None, "", False
    def price(slug: str, d: DeviceType) -> tuple[float, str] | None:  # the plan's override first, as the BOM
        o = md.price_overrides.get(slug)
        return (o.amount, o.currency) if o is not None else (d.price.amount, d.price.currency) if d.price else None

    priced = [(servers[s], p[0] * r) for s, d in devs.items()
              if (p := price(s, d)) is not None and (r := rate(p[1])) is not None]
    usd_rate = rate("USD")
    if len(priced) == len(devs):  # every server priced in (or convertible to) the plan currency
        capex, src, complete = math.fsum(n * amount for n, amount in priced) / gpus, tmsg("server prices"), True
    elif gpu.price_usd is not None and usd_rate is not None:
        capex, src = gpu.price_usd * usd_rate, tmsg("{gpu} GPU price (GPU only)", gpu=gpu.model or gpu_slug)
    else:
        src = tmsg("no price for the servers in {currency}", currency=md.currency)
    client_nic = math.fsum(servers[s] * _nic_gbps(catalog, d, "storage") for s, d in devs.items()) / 8.0
    write = read = None
    st_specs = []  # (storage figures, count) of the plan's storage devices
    for s, n in sorted(storage.items()):
        sd = catalog.get("device-types", s)
        if n > 0 and sd is not None and sd.planning is not None and sd.planning.storage is not None:
            st_specs.append((sd.planning.storage, n))
    storage_note = tmsg("no storage devices in the plan") if not st_specs else ""
    if st_specs:
        write = math.fsum(n * st.write_gb_per_s for st, n in st_specs)
        read = math.fsum(n * st.read_gb_per_s for st, n in st_specs)
        if client_nic > 0:
            write, read = min(write, client_nic), min(read, client_nic)
    domain, nvl_bw = NVLINK_DOMAIN_OVERRIDE.get(gpu_slug), None
    if nvlink is not None:
        domain, nvl_bw = nvlink[0], nvlink[1]
        notes.append(nvlink[2])
    return ClusterSpec(
        gpu=gpu,
        gpus=gpus,
        gpus_per_node=per_node,
        internode_gb_per_s=inter,
        storage_write_gb_per_s=write,
        storage_read_gb_per_s=read,
        power_per_gpu_w=power,
        capex_per_gpu=capex,
        capex_source=src,
        electricity_price_per_kwh=md.electricity_price_per_kwh,
        currency=md.currency,
        capex_complete=complete,
        amortisation_years=md.years_of_use,
        pue=md.pue,
        notes=tuple(notes),
        storage_note=storage_note,
        nvlink_domain_gpus=min(domain, gpus) if domain is not None else None,
        nvlink_gb_per_s=nvl_bw,
    )
