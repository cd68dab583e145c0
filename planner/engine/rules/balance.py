"""Rule family "balance": whether the plan's servers are balanced around their GPUs (CPU
cores, RAM, compute-fabric bandwidth per GPU, storage throughput for the GPUs) and whether
the catalog knows their GPUs and NICs (docs/engine.md, GPU and compute totals, balance).
A pure function of the plan's totals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planner.engine.findings import Finding, make
from planner.i18n import Np_

if TYPE_CHECKING:
    from planner.engine.results import Aggregate
    from planner.engine.settings import EngineSettings
    from planner.engine.specs import DeviceSpec, SpecCache

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings)
CODES: tuple[str, ...] = (
    "UNKNOWN_GPU", "UNKNOWN_NIC", "BALANCE_CPU_CORES", "BALANCE_RAM", "BALANCE_NETWORK", "BALANCE_STORAGE",
    "BALANCE_NO_STORAGE",
)


def _device_findings(slug: str, spec: DeviceSpec, n: int, gpu_servers: int, s: EngineSettings) -> list[Finding]:
    """UNKNOWN_GPU, UNKNOWN_NIC and the per-server balance checks of one device type (``n`` in the plan)."""
    out: list[Finding] = []
    if spec.gpu_count and not spec.gpu_known:
        out.append(make("UNKNOWN_GPU", Np_("{spec_name}: GPU {spec_gpu_slug!r} is not in the GPU table; memory and FLOPS of its {n} unit are missing", "{spec_name}: GPU {spec_gpu_slug!r} is not in the GPU table; memory and FLOPS of its {n} units are missing"), "device-type", slug, spec_name=spec.name, spec_gpu_slug=spec.gpu_slug, n=n))
    for nic in spec.unknown_nics:
        out.append(make("UNKNOWN_NIC", "{spec_name}: NIC {nic!r} is not in the NIC table", "device-type",
                        slug, spec_name=spec.name, nic=nic))
    g = spec.gpu_count
    if not g:
        return out
    if spec.cpu_cores and spec.cpu_cores / g < s.min_cpu_cores_per_gpu:
        out.append(make("BALANCE_CPU_CORES", "{spec_name} ({n} in plan): {v3:.1f} CPU cores per GPU, below {s_min_cpu_cores_per_gpu:g}: data loading may starve the GPUs",
                        "device-type", slug, spec_name=spec.name, n=n, v3=spec.cpu_cores / g, s_min_cpu_cores_per_gpu=s.min_cpu_cores_per_gpu))
    if spec.ram_gb and spec.gpu_memory_gb and spec.ram_gb / spec.gpu_memory_gb < s.min_ram_to_gpu_memory:
        out.append(make("BALANCE_RAM", "{spec_name} ({n} in plan): {spec_ram_gb:.0f} GB RAM for {spec_gpu_memory_gb:.0f} GB GPU memory ({v5:.2f}x, below {s_min_ram_to_gpu_memory:g}x)", "device-type", slug, spec_name=spec.name, n=n, spec_ram_gb=spec.ram_gb, spec_gpu_memory_gb=spec.gpu_memory_gb, v5=spec.ram_gb / spec.gpu_memory_gb, s_min_ram_to_gpu_memory=s.min_ram_to_gpu_memory))
    if spec.compute_gbps / g < s.min_compute_gbps_per_gpu and gpu_servers > 1:
        out.append(make("BALANCE_NETWORK", "{spec_name} ({n} in plan): {v3:.0f} Gb/s compute-fabric bandwidth per GPU, below {s_min_compute_gbps_per_gpu:g} Gb/s",
                        "device-type", slug, spec_name=spec.name, n=n, v3=spec.compute_gbps / g, s_min_compute_gbps_per_gpu=s.min_compute_gbps_per_gpu))
    return out


def balance_findings(specs: SpecCache, agg: Aggregate, s: EngineSettings) -> list[Finding]:
    """The balance findings of the plan's totals ``agg``: per known device type, then storage."""
    out: list[Finding] = []
    # one GPU server has no server to talk to: its compute-fabric bandwidth is no balance question
    gpu_servers = sum(n for slug, n in agg.device_types.items()
                      if specs.device(slug).known and specs.device(slug).gpu_count)
    for slug, n in sorted(agg.device_types.items()):
        spec = specs.device(slug)
        if spec.known:
            out.extend(_device_findings(slug, spec, n, gpu_servers, s))
    gpus = agg.ints.get("gpu_count", 0)
    stor = agg.sums.get("storage_read_gb_per_s", 0.0)
    if gpus:
        if stor <= 0:
            out.append(make("BALANCE_NO_STORAGE", Np_("{gpus} GPU but no storage system in the plan",
                                                        "{gpus} GPUs but no storage system in the plan"), "plan",
                            gpus=gpus, n=gpus))
        elif stor / gpus < s.min_storage_gb_per_s_per_gpu:
            out.append(make("BALANCE_STORAGE", "{stor:.0f} GB/s storage read for {gpus} GPUs = {v3:.2f} GB/s per GPU, below {s_min_storage_gb_per_s_per_gpu:g}", "plan", stor=stor, gpus=gpus, v3=stor / gpus, s_min_storage_gb_per_s_per_gpu=s.min_storage_gb_per_s_per_gpu))
    return out
