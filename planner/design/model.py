"""A build in a few choices: which server, how many, how cooled, which fabric and storage.

:class:`BuildDesign` is what the workload search (:mod:`planner.design.search`) proposes
and what the plan generator (:func:`planner.design.generate.generate_plan`) turns into a
complete plan: room sized, rows on hot/cold aisles, A/B feeds and PDUs sized with
derating, cooling (and CDU loops for direct liquid), fabrics auto-wired, workloads
attached. Everything left ``None`` is chosen by the generator from the catalog and the
design's limits; the choice it made is visible in the plan.

Cooling uses the constraint names of `rackwright plan-for` (``air``, ``rdhx``, ``dlc``,
``immersion``); :data:`COOLING_METHODS` maps them to the plan's cooling methods.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from planner.model.plan import COOLING_OPTIONS as COOLING_OPTIONS
from planner.model.plan import RequirementCooling

CoolingOption = RequirementCooling  # the codes are the model's (planner.model.plan.COOLING_OPTIONS)
# constraint name -> the planner.model.plan.CoolingMethod a generated design uses (one of
# planner.model.plan.COOLING_OPTION_METHODS[name])
COOLING_METHODS: dict[str, str] = {"air": "air-containment", "rdhx": "rdhx", "dlc": "direct-liquid",
                                   "immersion": "immersion"}


@dataclass(frozen=True, slots=True)
class FabricChoice:
    """A fabric the generator auto-wires (planner.fabric.autowire)."""

    kind: Literal["compute", "storage", "frontend", "management"] = "compute"
    technology: Literal["infiniband", "ethernet", "nvlink"] = "infiniband"
    speed_gbps: float = 400.0
    oversubscription: float = 1.0
    rail_optimised: bool = True
    switch: str | None = None  # catalog device-type slug of the leaf (and spine) switch


@dataclass(frozen=True, slots=True)
class StorageChoice:
    device: str  # catalog device-type slug of the storage appliance / node
    count: int = 1


@dataclass(frozen=True, slots=True)
class BuildDesign:
    server: str  # catalog device-type slug (for rack-scale platforms: the compute tray)
    servers: int
    cooling: CoolingOption = "air"
    name: str = ""
    # rack-scale platform instead of servers in standard racks: "gb200-nvl72" (servers
    # then counts compute trays, rounded up to whole racks of 18)
    platform: Literal["servers", "gb200-nvl72"] = "servers"
    max_rack_kw: float | None = None  # a hard per-rack limit (maximum draw)
    servers_per_rack: int | None = None  # None: as many as the U, max_rack_kw and cooling allow
    rack_type: str | None = None
    pdu: str | None = None
    # the rear door (rdhx), immersion tank (immersion) or CDU (dlc): a catalog cooling slug
    cooling_unit: str | None = None
    compute: FabricChoice | None = field(default_factory=FabricChoice)
    storage: StorageChoice | None = None
    storage_fabric: FabricChoice | None = None  # None with storage: a non-blocking fabric at the ports' speed
    frontend: FabricChoice | None = None
    management: bool = True  # a management (BMC) switch per rack, wired
    redundancy: Literal["2N", "N"] = "2N"  # A+B feeds, or one feed per PDU
    # the site's power (planner.model.regions): "eu" 400 V 50 Hz feeds of 16/32/63 A and EU PDUs,
    # "na" 208/415 V 60 Hz; the generated plan's metadata.site_region
    region: Literal["eu", "na"] = "na"

    def __post_init__(self) -> None:
        if self.servers < 1:
            raise ValueError("a build needs at least one server")
        if self.cooling not in COOLING_OPTIONS:
            raise ValueError(f"unknown cooling {self.cooling!r} (one of {', '.join(COOLING_OPTIONS)})")
        if self.region not in ("eu", "na"):
            raise ValueError(f"unknown region {self.region!r} (eu or na)")
