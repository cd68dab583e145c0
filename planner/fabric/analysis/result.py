"""What the analysis of one fabric reports (:class:`FabricResult`), and the tier names."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from planner.fabric.findings import Finding

TIER_NAMES = {1: "leaf", 2: "spine", 3: "core"}


class FabricInfo(Protocol):
    """What the analysis reads of a fabric: a plan's ``planner.model.plan.Fabric``, or the stand-in
    for a fabric id a link names that the plan does not have (``model._UnknownFabric``)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def technology(self) -> str: ...
    @property
    def speed_gbps(self) -> float: ...
    @property
    def oversubscription(self) -> float: ...


@dataclass
class FabricResult:
    id: str
    name: str
    kind: str
    technology: str
    speed_gbps: float
    servers: int = 0
    gpus: int = 0
    switches: int = 0
    switches_by_tier: dict[str, int] = field(default_factory=dict)
    tiers: int = 0
    links: int = 0
    cables: int = 0
    cables_by_type: dict[str, int] = field(default_factory=dict)
    transceivers: int = 0
    per_gpu_gbps: float = 0.0
    effective_per_gpu_gbps: float = 0.0
    oversubscription: float = 1.0
    oversubscription_by_tier: dict[str, float] = field(default_factory=dict)
    bisection_tbps: float = 0.0
    hops: int = 0
    switch_ports_used: int = 0
    switch_ports_total: int = 0
    unconnected_ports: list[tuple[str, str]] = field(default_factory=list)
    switch_power_kw: float = 0.0
    optics_power_w: float = 0.0
    cable_mass_kg: float = 0.0
    cable_length_m: float = 0.0
    connected: bool = True
    findings: list[Finding] = field(default_factory=list)
    # kind "nvlink": the NVLink domain (planner.fabric.nvlink.fabric_domain): domain_gpus,
    # design_gpus, per_gpu_gb_per_s (bidirectional), switch_trays(_required), ...
    nvlink: dict[str, Any] | None = None

    def as_dict(self) -> dict:
        d = asdict(self)
        d["unconnected_ports"] = [{"placement": p, "port": n} for p, n in self.unconnected_ports]
        d["findings"] = [f.to_dict() for f in self.findings]
        return d
