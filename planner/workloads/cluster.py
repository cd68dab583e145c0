"""`ClusterSpec`: the hardware a workload runs on, from the catalog (headless sizing)
or from a plan's servers (plan evaluation). The same sizing functions serve both."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from . import calibration as cal
from .arch import GpuHw

# GPUs sharing one NVLink domain when it spans more than one server (GB200 NVL72:
# 18 compute trays x 4 GPUs behind NVLink switches, NVIDIA GB200 NVL72 datasheet).
NVLINK_DOMAIN_OVERRIDE = {"gb200": 72}
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
    capex_per_gpu_usd: float | None = None  # server (or GPU) price / GPUs
    capex_source: str = ""
    electricity_usd_per_kwh: float = 0.12
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

    def with_(self, **changes: Any) -> ClusterSpec:
        return replace(self, **changes)

    @property
    def domain_gpus(self) -> int:
        """GPUs in one NVLink domain (at least 1)."""
        d = self.nvlink_domain_gpus if self.nvlink_domain_gpus is not None else self.gpus_per_node
        return max(1, int(d))

    def scale_up_gb_per_s(self) -> float:
        """One direction of the per-GPU link inside the domain (GB/s): half the
        bidirectional NVLink figure, or PCIe peer traffic for GPUs without NVLink."""
        bidir = self.nvlink_gb_per_s if self.nvlink_gb_per_s is not None else self.gpu.nvlink_gb_per_s
        return bidir / 2.0 if bidir > 0 else PCIE_GB_PER_S

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

    def cost_per_gpu_hour_usd(self) -> tuple[float | None, float]:
        """(capex share or None if no price is known, energy incl. PUE) per GPU-hour."""
        energy = self.load_power_per_gpu_w() / 1000.0 * self.pue * self.electricity_usd_per_kwh
        capex = None
        if self.capex_per_gpu_usd is not None:
            capex = self.capex_per_gpu_usd / (cal.AMORTISATION_YEARS * cal.HOURS_PER_YEAR)
        return capex, energy


def _nic_gbps(catalog: Any, device: Any, role: str) -> float:
    total = 0.0
    for ref in device.planning.nics if device.planning else []:
        if ref.role != role and not (role == "storage" and ref.role == "dpu"):
            continue
        nic = catalog.get("nics", ref.model)
        if nic is not None:
            total += nic.total_gbps * ref.count
    return total


def _server_power_w(device: Any) -> float | None:
    typ = device.typical_power_w
    if typ is not None:
        return typ
    mx = device.max_power_w
    return mx * cal.LOAD_POWER_SHARE if mx is not None else None


def reference_server(catalog: Any, gpu_slug: str) -> Any | None:
    """A catalog server carrying this GPU (the most GPUs per box, then the slug) used for
    NICs, power and price when sizing without a plan."""
    servers = [d for d in catalog.servers() if d.gpu_slug == gpu_slug and d.gpu_count > 0]
    if not servers:
        return None
    servers.sort(key=lambda d: (-d.gpu_count, d.slug))
    return servers[0]


def cluster_from_catalog(
    catalog: Any,
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
    capex, capex_source = None, ""
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
            capex, capex_source = dev.price.amount / per_node, f"{dev.slug} price"
        notes.append(f"node: {dev.slug}")
    else:
        notes.append("no catalog server with this GPU: 8 GPUs/node, 400 Gb/s per GPU assumed")
    if nvlink_domain_gpus is None:
        nvlink_domain_gpus = NVLINK_DOMAIN_OVERRIDE.get(gpu_slug)
    if nvlink_domain_gpus is not None and nvlink_domain_gpus < 1:
        raise ValueError(f"the NVLink domain needs at least 1 GPU (got {nvlink_domain_gpus})")
    if nvlink_gb_per_s is not None and nvlink_gb_per_s < 0:
        raise ValueError("NVLink bandwidth must be >= 0")
    if gpu_price_usd is not None:
        capex, capex_source = gpu_price_usd, "given GPU price"
    elif capex is None and gpu.price_usd is not None:
        capex, capex_source = gpu.price_usd, f"{gpu_slug} GPU price (GPU only, no server)"
    nodes = max(1, -(-gpus // per_node))
    storage_note = ""
    if storage_write_gb_per_s is None and storage_nic is not None:
        storage_write_gb_per_s = storage_nic * nodes
        storage_note = ("checkpoint write time is a lower bound: only the nodes' storage NICs limit it "
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
        capex_per_gpu_usd=capex,
        capex_source=capex_source,
        electricity_usd_per_kwh=electricity_usd_per_kwh,
        pue=pue,
        notes=tuple(notes),
        storage_note=storage_note,
        nvlink_domain_gpus=nvlink_domain_gpus,
        nvlink_gb_per_s=nvlink_gb_per_s,
    )


class PlanHardwareError(ValueError):
    """The plan (or group) has no GPU servers to run a workload on."""


def cluster_from_plan(plan: Any, catalog: Any, group: str | None = None) -> ClusterSpec:
    """The cluster a plan workload runs on: the GPU servers of ``group`` (or the plan).

    Inter-node bandwidth per GPU comes from each server's compute NICs (until the
    fabric module provides routed bandwidth); storage throughput from the plan's storage
    devices, capped by the servers' storage NICs; prices and typical power from the
    catalog; electricity price and PUE from the plan metadata.
    """
    members: set[str] | None = None
    if group is not None:
        grp = next((g for g in plan.groups if g.id == group), None)
        if grp is None:
            raise PlanHardwareError(f"unknown server group {group!r}")
        members = set(grp.members)
    servers, storage = [], []
    for p, _rack in plan.index.iter_placements():
        dev = catalog.get("device-types", p.device)
        if dev is None:
            continue
        if dev.kind == "storage" and dev.planning and dev.planning.storage:
            storage.append(dev)
        elif dev.gpu_count > 0 and (members is None or p.id in members):
            servers.append(dev)
    if not servers:
        where = f"group {group!r}" if group else "the plan"
        raise PlanHardwareError(f"{where} has no GPU servers")
    kinds = Counter(d.gpu_slug for d in servers)
    gpu_slug, _ = kinds.most_common(1)[0]
    notes: list[str] = []
    if len(kinds) > 1:
        notes.append(f"mixed GPUs ({', '.join(sorted(kinds))}); sized on {gpu_slug} servers only")
        servers = [d for d in servers if d.gpu_slug == gpu_slug]
    gpu = GpuHw.from_catalog(catalog.gpu(gpu_slug))
    gpus = sum(d.gpu_count for d in servers)
    per_node = min(d.gpu_count for d in servers)
    domain = NVLINK_DOMAIN_OVERRIDE.get(gpu_slug)
    inter = min(_nic_gbps(catalog, d, "compute") / 8.0 / d.gpu_count for d in servers)
    if inter <= 0:
        notes.append("servers have no compute NICs: inter-node bandwidth 0")
    power = sum((_server_power_w(d) or gpu.tdp_w * cal.SERVER_POWER_PER_GPU_TDP) for d in servers) / gpus
    priced = [d for d in servers if d.price is not None and d.price.currency == "USD"]
    capex, src = None, ""
    if len(priced) == len(servers):
        capex, src = sum(d.price.amount for d in priced) / gpus, "server prices"
    elif gpu.price_usd is not None:
        capex, src = gpu.price_usd, f"{gpu_slug} GPU price (GPU only)"
    client_nic = sum(_nic_gbps(catalog, d, "storage") for d in servers) / 8.0
    write = read = None
    storage_note = "no storage devices in the plan" if not storage else ""
    if storage:
        write = sum(d.planning.storage.write_gb_per_s for d in storage)
        read = sum(d.planning.storage.read_gb_per_s for d in storage)
        if client_nic > 0:
            write, read = min(write, client_nic), min(read, client_nic)
    md = plan.metadata
    return ClusterSpec(
        gpu=gpu,
        gpus=gpus,
        gpus_per_node=per_node,
        internode_gb_per_s=inter,
        storage_write_gb_per_s=write,
        storage_read_gb_per_s=read,
        power_per_gpu_w=power,
        capex_per_gpu_usd=capex,
        capex_source=src,
        electricity_usd_per_kwh=md.electricity_price_per_kwh if md.currency == "USD" else 0.12,
        pue=md.pue,
        notes=tuple(notes),
        storage_note=storage_note,
        nvlink_domain_gpus=min(domain, gpus) if domain is not None else None,
    )
