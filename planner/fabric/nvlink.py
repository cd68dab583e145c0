"""NVLink domains: GPUs that share one NVLink/NVSwitch fabric (docs/fabrics.md, "NVLink").

Two kinds:

* **node**: the NVSwitch inside an HGX/DGX-class server. Its GPUs form a domain of the
  server's ``gpu_count`` at the GPU's catalog NVLink bandwidth; nothing is cabled, so
  it is reported per server model (:func:`node_domains`).
* **multi-node**: a plan fabric of kind ``nvlink`` whose links join compute-tray NVLink
  ports to NVLink switch-tray ports (GB200 NVL72: 18 trays x 4 GPUs, 9 switch trays,
  through the rack's copper spine). Its figures (:func:`fabric_domain`) are read off the
  fabric's aggregates (:class:`planner.fabric.analysis.FabricState`) whenever the fabric
  changed, so they follow every edit incrementally.

Findings (stable codes, docs/engine.md):

* ``NVLINK_DOMAIN_INCOMPLETE`` (warning): fewer GPUs than the system's design domain
  (missing or unwired compute trays: a 64-GPU "NVL72" runs TP/EP on 64).
* ``NVLINK_DOMAIN_TOO_LARGE`` (error): more GPUs than the design domain (trays of two
  racks wired into one NVLink fabric: the spine cannot leave the rack).
* ``NVLINK_SWITCH_TRAYS_MISSING`` (error): fewer NVLink switch trays than the design
  needs (design GPUs x links per GPU / ports per tray = 72 x 18 / 144 = 9): every GPU
  loses the links to the missing trays' chips.
* ``NVLINK_BANDWIDTH_LOW`` (warning): the wired NVLink bandwidth of some GPU is below its
  catalog figure (links not wired).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from planner.fabric.findings import Finding, fabric_finding
from planner.i18n import N_

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.fabric.analysis.result import FabricInfo

# GPUs in one multi-node NVLink domain by design, per GPU model. GB200 NVL72: 18 compute
# trays x 4 GPUs = 72 (NVIDIA GB200 NVL72 product page,
# https://www.nvidia.com/en-us/data-center/gb200-nvl72/). GB300 NVL72: the same 72-GPU
# domain (Verda, "NVIDIA GB300 NVL72: GPU Architecture & Performance": 72 GPUs, NVLink
# 130 TB/s; catalog gpus.yaml gb300 scale_up_domain_gpus).
NVLINK_DESIGN_GPUS: dict[str, int] = {"gb200": 72, "gb300": 72}

CODES = {
    "NVLINK_DOMAIN_INCOMPLETE": "warning",
    "NVLINK_DOMAIN_TOO_LARGE": "error",
    "NVLINK_SWITCH_TRAYS_MISSING": "error",
    "NVLINK_BANDWIDTH_LOW": "warning",
}


# The GPU-to-GPU (scale-up) interconnect of a GPU model, told from its catalog entry: vendor,
# form factor and GPU-to-GPU bandwidth (``nvlink_bandwidth_gb_per_s``, where the catalog also
# stores AMD's Infinity Fabric figure; catalogs/components/gpus.yaml). docs/engine.md, "NVLink".
#   nvlink           NVIDIA SXM/superchip parts: NVLink through NVSwitch (in the server on HGX/DGX
#                    boards; across trays in an NVL72 rack's nvlink fabric)
#   nvlink-bridge    NVIDIA PCIe cards with NVLink: a bridge joins card pairs (H100 datasheet:
#                    "NVLink bridge 600 GB/s between card pairs")
#   infinity-fabric  AMD Instinct OAM parts: Infinity Fabric links among the server's GPUs
#                    (MI300X: 7 links x 128 GB/s, the 8 OAMs fully connected; no switch)
#   other            another vendor's GPU-to-GPU link
#   none             no GPU-to-GPU link (PCIe cards without a bridge: L40S, L4): GPUs talk over PCIe
SCALE_UP_NAMES: dict[str, str] = {
    "nvlink": N_("NVLink/NVSwitch"), "nvlink-bridge": N_("NVLink bridge"), "infinity-fabric": N_("Infinity Fabric"),
    "other": N_("GPU-to-GPU link"), "none": N_("PCIe only"),
}
BRIDGE_DOMAIN_GPUS = 2  # an NVLink bridge joins two PCIe cards (NVIDIA H100 datasheet, see above)


def scale_up_interconnect(gpu: Any) -> str:
    """The key in :data:`SCALE_UP_NAMES` of a catalog GPU entry (None: ``"none"``)."""
    bw = float(getattr(gpu, "nvlink_bandwidth_gb_per_s", 0.0) or 0.0) if gpu is not None else 0.0
    if bw <= 0:
        return "none"
    vendor = str(getattr(gpu, "vendor", "") or "").strip().lower()
    form = str(getattr(gpu, "form_factor", "") or "").lower()
    if vendor == "amd":
        return "infinity-fabric"
    if vendor != "nvidia":
        return "other"
    return "nvlink-bridge" if "pcie" in form else "nvlink"


def _gpu_nvlink_gb_per_s(catalog: Catalog | None, gpu_slug: str | None) -> float:
    if not gpu_slug or catalog is None:
        return 0.0
    gpu = catalog.get("gpus", gpu_slug)
    return float(getattr(gpu, "nvlink_bandwidth_gb_per_s", 0.0) or 0.0) if gpu is not None else 0.0


def fabric_domain(fab: FabricInfo, catalog: Catalog, gpu_nodes: list[tuple[str, str | None, int, float, int]],
                  switches: list[tuple[str, str | None]], switch_ports: Callable[[str], int],
                  nvlink_ports: Callable[[str | None], tuple[str | None, int]]) -> tuple[dict[str, Any], list[Finding]]:
    """The NVLink domain of an ``nvlink`` fabric.

    ``gpu_nodes``: (placement, device slug, GPUs, wired Gb/s each way, wired links) of the
    fabric's GPU trays; ``switches``: (placement, device slug) of its switch trays;
    ``switch_ports(slug)``: NVLink ports of a switch tray; ``nvlink_ports(slug)``: (GPU
    slug, NVLink ports) of a GPU tray.
    """
    gpus = sum(g for _, _, g, _, _ in gpu_nodes)
    models: Counter[str] = Counter()
    ports_per_gpu = 0.0
    unconnected = 0
    per_gpu_min = None
    for _pid, slug, g, gbps, degree in gpu_nodes:
        gslug, ports = nvlink_ports(slug)
        if gslug:
            models[gslug] += g
        if g:
            ports_per_gpu = max(ports_per_gpu, ports / g)
            per = gbps / g
            per_gpu_min = per if per_gpu_min is None else min(per_gpu_min, per)
        unconnected += max(0, ports - degree)
    gpu_slug = models.most_common(1)[0][0] if models else None
    catalog_bidir = _gpu_nvlink_gb_per_s(catalog, gpu_slug)
    design = NVLINK_DESIGN_GPUS.get(gpu_slug or "", gpus)
    tray_ports = max((switch_ports(s) for _, s in switches if s), default=0)
    required = math.ceil(design * ports_per_gpu / tray_ports - 1e-9) if tray_ports and ports_per_gpu else None
    per_gpu_bidir = round((per_gpu_min or 0.0) * 2.0 / 8.0, 3)
    d = {
        "domain": "multi-node",
        "fabric": fab.id,
        "gpu_model": gpu_slug,
        "domain_gpus": gpus,
        "design_gpus": design,
        "compute_trays": len(gpu_nodes),
        "links_per_gpu": round(ports_per_gpu, 3),
        "per_gpu_gb_per_s": per_gpu_bidir,
        "catalog_per_gpu_gb_per_s": catalog_bidir,
        "switch_trays": len(switches),
        "switch_trays_required": required,
        "unconnected_nvlink_ports": unconnected,
        "interconnect": "nvlink",  # a cabled nvlink fabric is NVLink through NVLink switch trays
        "interconnect_name": SCALE_UP_NAMES["nvlink"],
    }
    d["complete"] = bool(gpus == design and (required is None or len(switches) >= required)
                         and unconnected == 0 and gpus > 0)
    out: list[Finding] = []
    where = (fab.id,)
    if gpus and gpus < design:
        out.append(fabric_finding("warning", "NVLINK_DOMAIN_INCOMPLETE",
                           "{fab_name}: NVLink domain of {gpus} GPUs; the {gpu_slug} design is {design} ({v5} GPUs missing or not wired)", where, "fabric", fab_name=fab.name, gpus=gpus, gpu_slug=gpu_slug, design=design, v5=design - gpus))
    elif gpus > design:
        out.append(fabric_finding("error", "NVLINK_DOMAIN_TOO_LARGE",
                           "{fab_name}: {gpus} GPUs wired into one NVLink domain; the {gpu_slug} design holds {design} (one rack)", where, "fabric", fab_name=fab.name, gpus=gpus, gpu_slug=gpu_slug, design=design))
    if gpus and (not switches or (required is not None and len(switches) < required)):
        need = required if required is not None else "some"
        out.append(fabric_finding("error", "NVLINK_SWITCH_TRAYS_MISSING",
                           "{fab_name}: {v2} NVLink switch trays of the {need} the design needs; every GPU loses the links to the missing trays", where, "fabric", fab_name=fab.name, v2=len(switches), need=need))
    if gpus and catalog_bidir > 0 and per_gpu_bidir + 1e-6 < catalog_bidir:
        out.append(fabric_finding("warning", "NVLINK_BANDWIDTH_LOW",
                           "{fab_name}: the least-wired GPU reaches {per_gpu_bidir:g} GB/s of NVLink of its {catalog_bidir:g} GB/s ({unconnected} NVLink ports not wired)", where, "fabric", fab_name=fab.name, per_gpu_bidir=per_gpu_bidir, catalog_bidir=catalog_bidir, unconnected=unconnected))
    return d, out


def node_domains(catalog: Catalog | None, device_counts: dict[str, int]) -> list[dict[str, Any]]:
    """Node-internal NVLink/NVSwitch domains per server model (no cables): the servers of
    each model whose GPU has NVLink and that have no NVLink ports to cable (those form
    multi-node domains instead)."""
    from planner.fabric.ports import NVLINK_ROLE, device_ports

    out = []
    for slug in sorted(device_counts):
        n = device_counts[slug]
        if n <= 0:
            continue
        dev = catalog.get("device-types", slug) if catalog is not None else None
        if dev is None or not dev.gpu_count:
            continue
        dp = device_ports(catalog, slug)
        if dp is not None and dp.role(NVLINK_ROLE):
            continue
        bidir = _gpu_nvlink_gb_per_s(catalog, dev.gpu_slug)
        link = scale_up_interconnect(catalog.get("gpus", dev.gpu_slug) if catalog is not None and dev.gpu_slug
                                     else None)
        size = 1 if link == "none" else min(dev.gpu_count, BRIDGE_DOMAIN_GPUS) if link == "nvlink-bridge" \
            else dev.gpu_count
        out.append({
            "domain": "node",
            "server_model": slug,
            "servers": n,
            "gpu_model": dev.gpu_slug,
            "domain_gpus": size,
            "per_gpu_gb_per_s": bidir,
            # the GPU has a GPU-to-GPU link at all (named "nvlink" before other links were told
            # apart; "interconnect" says which)
            "nvlink": link != "none",
            "interconnect": link,
            "interconnect_name": SCALE_UP_NAMES[link],
        })
    return out
