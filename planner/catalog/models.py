"""Pydantic v2 models of the hardware catalog.

Conventions: internal figures are SI floats with the unit in the field name
(``power_w``, ``mass_kg``, ``hbm_bandwidth_tb_per_s``, ``airflow_m3_per_h``).
NetBox fields keep NetBox's own names and units (``weight`` + ``weight_unit``,
``u_height``); conversions happen in properties (``DeviceType.mass_kg``).

Rule "every figure carries its source": every figure-bearing key of a planning
block or component entry, and the NetBox ``weight``/``u_height``, must be named in
the ``covers`` list of at least one source. ``price`` carries its own ``source``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from . import netbox_enums as nb

SLUG_RE = re.compile(r"^[a-z0-9][-a-z0-9_.]*$")
# NetBox's own slug rule for device and rack types (devicetype-library schema: ^[-a-z0-9_]+$):
# no '.', which the component tables (``llama-3.1-8b``) keep
NETBOX_SLUG_RE = re.compile(r"^[a-z0-9][-a-z0-9_]*$")
NETBOX_NAME_MAX = 64  # NetBox's limit for component names and labels

NonNeg = Annotated[float, Field(ge=0)]
Pos = Annotated[float, Field(gt=0)]
PosInt = Annotated[int, Field(ge=1)]
NonNegInt = Annotated[int, Field(ge=0)]

KINDS = ("server", "switch", "storage", "pdu", "cdu", "cooling", "patch", "other")
Kind = Literal["server", "switch", "storage", "pdu", "cdu", "cooling", "patch", "other"]

# One set of unit factors for the whole planner (planner/base/units.py).
from planner.base.units import LENGTH_TO_MM, WEIGHT_TO_KG  # noqa: E402
from planner.base.units import m3_per_h_from_cfm as cfm_to_m3_per_h  # noqa: E402,F401


class Strict(BaseModel):
    """Our own blocks: unknown keys are errors (catches typos)."""

    model_config = ConfigDict(extra="forbid", protected_namespaces=(), frozen=False, allow_inf_nan=False)


def _check_slug(v: str) -> str:
    if not SLUG_RE.match(v):
        raise ValueError(f"slug must be lower-case letters, digits, '-', '_' or '.' (got {v!r})")
    return v


def _check_netbox_slug(v: str) -> str:
    if not NETBOX_SLUG_RE.match(v):
        raise ValueError(f"slug must be lower-case letters, digits, '-' or '_' as NetBox requires (got {v!r})")
    return v


Slug = Annotated[str, Field(min_length=1, max_length=100)]


# --------------------------------------------------------------------------- sources, price


class Source(Strict):
    title: str = Field(min_length=1)
    url: str | None = None
    covers: list[str] = Field(min_length=1)
    note: str | None = None
    date: str | None = None
    verification: Literal["checked", "unchecked", "estimate"] = "unchecked"

    @field_validator("url")
    @classmethod
    def _url(cls, v: str | None) -> str | None:
        if v is not None and not re.match(r"^(https?|file)://", v):
            raise ValueError(f"url must start with http:// or https:// (got {v!r})")
        return v


DATE_RE = re.compile(r"^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$")
PRICE_FOLDER = "prices"  # a catalog layer's imported price lists (planner.catalog.pricelist)


class Price(Strict):
    # at most 1e12 in any currency: a price of 1e300 validated and then broke every check of a
    # plan using the device (issue 29)
    amount: Annotated[float, Field(ge=0, le=1e12)]
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    date: str
    source: str = Field(min_length=1)
    # "included": the part is sold inside another entry's price (``included_in``), so its own
    # amount is 0 and the BOM line is priced, not missing (a GB200 NVL72 rack's power shelves)
    basis: Literal["list", "street-estimate", "quote", "estimate", "included"] = "estimate"
    included_in: str | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _included(self) -> Price:
        if self.basis == "included":
            if self.amount != 0:
                raise ValueError("a price with basis 'included' has amount 0 (its cost is in included_in's price)")
            if not self.included_in:
                raise ValueError("a price with basis 'included' names the entry whose price includes it (included_in)")
        else:
            if self.amount <= 0:
                raise ValueError("amount must be greater than 0 (a part sold inside another's price: basis 'included')")
            if self.included_in is not None:
                raise ValueError("included_in is only for a price with basis 'included'")
        return self

    @field_validator("date", mode="before")
    @classmethod
    def _date(cls, v: Any) -> str:
        v = str(v)
        if not DATE_RE.match(v):
            raise ValueError(f"date must be YYYY-MM-DD or YYYY-MM (got {v!r})")
        return v


class Sourced(Strict):
    """Mixin logic for the covers rule."""

    # keys never needing a cover (identity, prose, the sources themselves)
    UNSOURCED_KEYS: ClassVar[frozenset[str]] = frozenset(
        {"slug", "vendor", "model", "name", "kind", "notes", "sources", "price", "part_number"}
    )

    sources: list[Source] = Field(default_factory=list)
    notes: str | None = None

    def covered_keys(self) -> set[str]:
        out: set[str] = set()
        for s in self.sources:
            for c in s.covers:
                out.add(c)
                out.add(c.split(".", 1)[0])
        return out

    def figure_keys(self) -> list[str]:
        keys = []
        for name in type(self).model_fields:
            if name in self.UNSOURCED_KEYS or name not in self.model_fields_set:
                continue
            v = getattr(self, name)
            if v is None or v == [] or v == {}:
                continue
            keys.append(name)
        return keys

    def uncovered(self) -> list[str]:
        cov = self.covered_keys()
        return [k for k in self.figure_keys() if k not in cov]

    def unknown_covers(self) -> list[tuple[int, int, str]]:
        """(source index, cover index, key) for covers naming no known key."""
        known = set(type(self).model_fields) | self.extra_cover_keys()
        bad = []
        for i, s in enumerate(self.sources):
            for j, c in enumerate(s.covers):
                if c.split(".", 1)[0] not in known:
                    bad.append((i, j, c))
        return bad

    def extra_cover_keys(self) -> set[str]:
        return set()


# --------------------------------------------------------------------------- NetBox components


class NetboxComponent(BaseModel):
    model_config = ConfigDict(extra="allow", protected_namespaces=(), allow_inf_nan=False)
    name: str = Field(min_length=1, max_length=NETBOX_NAME_MAX)
    label: str | None = Field(default=None, max_length=NETBOX_NAME_MAX)
    description: str | None = None


class PowerPort(NetboxComponent):
    type: str
    maximum_draw: NonNegInt | None = None
    allocated_draw: NonNegInt | None = None

    @field_validator("type")
    @classmethod
    def _type(cls, v: str) -> str:
        if v not in nb.POWER_PORT_TYPES:
            raise ValueError(f"unknown NetBox power-port type {v!r}")
        return v

    @field_validator("allocated_draw")
    @classmethod
    def _alloc(cls, v: int | None, info: ValidationInfo) -> int | None:
        mx = info.data.get("maximum_draw")
        if v is not None and mx is not None and v > mx:
            raise ValueError(f"must be <= maximum_draw (got {v} > {mx})")
        return v


class PowerOutlet(NetboxComponent):
    type: str
    power_port: str | None = None
    feed_leg: Literal["A", "B", "C"] | None = None

    @field_validator("type")
    @classmethod
    def _type(cls, v: str) -> str:
        if v not in nb.POWER_OUTLET_TYPES:
            raise ValueError(f"unknown NetBox power-outlet type {v!r}")
        return v


class Interface(NetboxComponent):
    type: str
    mgmt_only: bool = False

    @field_validator("type")
    @classmethod
    def _type(cls, v: str) -> str:
        if v not in nb.INTERFACE_TYPES:
            raise ValueError(f"unknown NetBox interface type {v!r}")
        return v


class ModuleBay(NetboxComponent):
    position: str | None = None

    @field_validator("position", mode="before")
    @classmethod
    def _pos(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int | float) else v


class OtherComponent(NetboxComponent):
    type: str | None = None


# --------------------------------------------------------------------------- planning blocks


class Accelerators(Strict):
    model: str = Field(min_length=1)
    count: PosInt


class Cpu(Strict):
    model: str = Field(min_length=1)
    sockets: PosInt
    cores_per_socket: PosInt

    @property
    def cores(self) -> int:
        return self.sockets * self.cores_per_socket


class PowerSpec(Strict):
    idle_w: NonNeg | None = None
    typical_w: NonNeg | None = None
    # required unless the device lists "power" in planning.needs_data (a NetBox import
    # knows the PSU nameplate, not the draw)
    max_w: Pos | None = None
    psu_count: NonNegInt | None = None
    psu_rating_w: Pos | None = None
    psu_redundancy: str | None = Field(default=None, pattern=r"^(N|2N|N\+N|N\+[1-9])$")

    @field_validator("typical_w")
    @classmethod
    def _typ(cls, v: float | None, info: ValidationInfo) -> float | None:
        idle = info.data.get("idle_w")
        if v is not None and idle is not None and idle > v:
            raise ValueError(f"must be >= idle_w (got {v:g})")
        return v

    @field_validator("max_w")
    @classmethod
    def _max(cls, v: float | None, info: ValidationInfo) -> float | None:
        if v is None:
            return v
        typ = info.data.get("typical_w")
        idle = info.data.get("idle_w")
        if typ is not None and typ > v:
            raise ValueError(f"must be >= typical_w (got {v:g})")
        if idle is not None and idle > v:
            raise ValueError(f"must be >= idle_w (got {v:g})")
        return v

    @property
    def nameplate_w(self) -> float | None:
        """PSU nameplate: count x rating (sizes circuits; not the draw)."""
        if self.psu_count is None or self.psu_rating_w is None:
            return None
        return self.psu_count * self.psu_rating_w

    @property
    def psus_needed(self) -> int | None:
        """PSUs that must stay alive for the load (from the redundancy scheme)."""
        n = self.psu_count
        if n is None or self.psu_redundancy is None:
            return None
        r = self.psu_redundancy
        if r == "N":
            return n
        if r in ("N+N", "2N"):
            return max(n // 2, 1)
        return max(n - int(r[2:]), 1)


class CoolingSpec(Strict):
    method: Literal["air", "liquid", "hybrid"]
    liquid_fraction: float = Field(default=0.0, ge=0.0, le=1.0)
    airflow_m3_per_h: NonNeg | None = None

    @model_validator(mode="after")
    def _consistent(self) -> CoolingSpec:
        if self.method == "air" and self.liquid_fraction != 0:
            raise ValueError("air-cooled device must have liquid_fraction 0")
        return self


class NicRef(Strict):
    model: str = Field(min_length=1)
    count: PosInt
    role: Literal["compute", "storage", "frontend", "management", "dpu"]


class SwitchPorts(Strict):
    count: PosInt
    speed_gbps: Pos
    connector: str
    note: str | None = None


class SwitchSpec(Strict):
    fabric: Literal["infiniband", "ethernet", "nvlink", "management"]
    ports: list[SwitchPorts] = Field(min_length=1)
    switching_capacity_tbps: Pos | None = None
    asic: str | None = None

    @property
    def total_ports(self) -> int:
        return sum(p.count for p in self.ports)


class StorageSpec(Strict):
    raw_capacity_tb: Pos
    usable_capacity_tb: Pos | None = None
    read_gb_per_s: Pos
    write_gb_per_s: Pos
    protocol: str
    system: str

    @field_validator("usable_capacity_tb")
    @classmethod
    def _usable(cls, v: float | None, info: ValidationInfo) -> float | None:
        raw = info.data.get("raw_capacity_tb")
        if v is not None and raw is not None and v > raw:
            raise ValueError(f"must be <= raw_capacity_tb (got {v:g})")
        return v


class PduSpec(Strict):
    voltage_v: Pos
    phases: Literal[1, 3]
    amps: Pos
    outlets: PosInt
    outlet_types: list[str] = Field(min_length=1)
    wiring: Literal["wye", "delta", "single"]
    voltage_note: str | None = None
    # the power system the PDU is built for (docs/catalog.md): "eu" 230/400 V 50 Hz on IEC 60309
    # plugs, "na" 120/208 V or 240/415 V 60 Hz; without it, taken from the voltage (site_region)
    region: Literal["eu", "na"] | None = None
    frequency_hz: Literal[50, 60] | None = None

    @property
    def site_region(self) -> str:
        """``region`` if given, else ``"eu"`` for 230 V single phase or 380-400 V line-line,
        ``"na"`` for anything else (120/208 V, 240/415 V, 277/480 V)."""
        if self.region is not None:
            return self.region
        v = self.voltage_v
        return "eu" if (self.phases == 3 and 380 <= v <= 400) or (self.phases == 1 and 220 <= v <= 230) else "na"

    @model_validator(mode="after")
    def _wiring(self) -> PduSpec:
        if (self.phases == 1) != (self.wiring == "single"):
            raise ValueError("wiring 'single' goes with phases 1, wye/delta with phases 3")
        return self

    @property
    def apparent_power_va(self) -> float:
        """Nominal S: single phase V x I; three phase sqrt(3) x V(line-line) x I."""
        if self.phases == 3:
            return 3**0.5 * self.voltage_v * self.amps
        return self.voltage_v * self.amps


class CduSpec(Strict):
    capacity_kw: Pos
    approach_k: Pos | None = None
    pumps: PosInt | None = None
    pump_redundancy: Literal["N", "N+1", "2N"] | None = None
    flow_l_per_min: Pos | None = None
    conditions: str | None = None


class BusbarSpec(Strict):
    """A power shelf feeding the rack's DC busbar (NVIDIA GB200 NVL72, OCP ORv3): every
    device of the rack without AC cords draws from the busbar; the shelves share that
    load and take it / ``efficiency`` from their AC cords (docs/engine.md "Busbar")."""

    output_kw: Pos
    efficiency: float = Field(gt=0.0, le=1.0)
    psu_count: PosInt | None = None
    psu_rating_w: Pos | None = None
    psu_redundancy: str | None = Field(default=None, pattern=r"^(N|2N|N\+N|N\+[1-9])$")

    @property
    def usable_output_w(self) -> float:
        """Output with the redundant PSUs lost: min(output, PSUs needed x rating)."""
        out = self.output_kw * 1000.0
        n, r = self.psu_count, self.psu_redundancy
        if n is None or r is None or self.psu_rating_w is None:
            return out
        need = n if r == "N" else max(n // 2, 1) if r in ("N+N", "2N") else max(n - int(r[2:]), 1)
        return min(out, need * self.psu_rating_w)


# What ``planning.needs_data`` may name: the figures NetBox has no field for
NEEDS_DATA = ("kind", "accelerators", "power", "cooling", "depth_mm", "price")
NeedsData = Literal["kind", "accelerators", "power", "cooling", "depth_mm", "price"]


class Planning(Sourced):
    kind: Kind = "other"
    depth_mm: Pos | None = None
    accelerators: Accelerators | None = None
    cpu: Cpu | None = None
    memory_gb: Pos | None = None
    # local NVMe flash of a server as configured (TB raw, 1 TB = 1e12 B); shared storage is
    # a storage device's ``storage`` block
    local_nvme_tb: Pos | None = None
    power: PowerSpec | None = None
    cooling: CoolingSpec | None = None
    nics: list[NicRef] = Field(default_factory=list)
    switch: SwitchSpec | None = None
    storage: StorageSpec | None = None
    pdu: PduSpec | None = None
    cdu: CduSpec | None = None
    busbar: BusbarSpec | None = None
    price: Price | None = None
    # What the planner still lacks for this device (an import from NetBox, which knows
    # racks and watts but not GPUs or cooling): shown as "needs data" in the app
    needs_data: list[NeedsData] = Field(default_factory=list)

    UNSOURCED_KEYS: ClassVar[frozenset[str]] = Sourced.UNSOURCED_KEYS | {"needs_data"}

    def extra_cover_keys(self) -> set[str]:
        return set(DEVICE_NETBOX_COVER_KEYS)

    @model_validator(mode="after")
    def _kind_blocks(self) -> Planning:
        if self.power is not None and self.power.max_w is None and "power" not in self.needs_data:
            raise ValueError("planning.power.max_w is required (or list 'power' in planning.needs_data)")
        if len(set(self.needs_data)) != len(self.needs_data):
            raise ValueError("planning.needs_data names an item twice")
        need = {"switch": "switch", "storage": "storage", "pdu": "pdu", "cdu": "cdu"}
        for kind, block in need.items():
            if self.kind == kind and getattr(self, block) is None:
                raise ValueError(f"kind {kind!r} needs a planning.{block} block")
        return self


DEVICE_NETBOX_COVER_KEYS = (
    "weight",
    "u_height",
    "is_full_depth",
    "airflow",
    "interfaces",
    "power-ports",
    "power-outlets",
    "module-bays",
    "part_number",
)


# --------------------------------------------------------------------------- device type


class _NetboxEntry:
    """What device and rack types share: a NetBox weight with its unit, and our
    ``planning`` block's sources and price."""

    weight: float | None
    weight_unit: str | None
    planning: Any

    @field_validator("weight_unit")
    @classmethod
    def _wu(cls, v: str | None) -> str | None:
        if v is not None and v not in WEIGHT_TO_KG:
            raise ValueError(f"must be one of kg, g, lb, oz (got {v!r})")
        return v

    @property
    def mass_kg(self) -> float | None:
        if self.weight is None or self.weight_unit is None:
            return None
        return self.weight * WEIGHT_TO_KG[self.weight_unit]

    @property
    def sources(self) -> list[Source]:
        return self.planning.sources if self.planning else []

    @property
    def price(self) -> Price | None:
        return self.planning.price if self.planning else None


class DeviceType(_NetboxEntry, BaseModel):
    """A NetBox device type plus our optional ``planning`` block.

    Unknown NetBox keys (console-ports, comments, front-ports, ...) are kept
    (``model_extra``) and otherwise ignored.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, protected_namespaces=(), allow_inf_nan=False)

    manufacturer: str = Field(min_length=1)
    model: str = Field(min_length=1)
    slug: Slug
    part_number: str | None = None
    u_height: float = Field(ge=0)
    is_full_depth: bool
    airflow: str | None = None
    weight: NonNeg | None = None
    weight_unit: str | None = None
    description: str | None = None
    comments: str | None = None
    subdevice_role: Literal["parent", "child"] | None = None
    power_ports: list[PowerPort] = Field(default_factory=list, alias="power-ports")
    power_outlets: list[PowerOutlet] = Field(default_factory=list, alias="power-outlets")
    interfaces: list[Interface] = Field(default_factory=list)
    module_bays: list[ModuleBay] = Field(default_factory=list, alias="module-bays")
    console_ports: list[OtherComponent] = Field(default_factory=list, alias="console-ports")
    planning: Planning | None = None

    @field_validator("slug")
    @classmethod
    def _v_slug(cls, v: str) -> str:
        return _check_netbox_slug(v)

    @field_validator("part_number", mode="before")
    @classmethod
    def _pn(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int | float) else v

    @field_validator("u_height")
    @classmethod
    def _u(cls, v: float) -> float:
        if (v * 2) != int(v * 2):
            raise ValueError(f"must be a multiple of 0.5 (got {v:g})")
        if v > 60:
            raise ValueError(f"must be <= 60 (got {v:g})")
        return v

    @field_validator("airflow")
    @classmethod
    def _airflow(cls, v: str | None) -> str | None:
        if v is not None and v not in nb.AIRFLOW:
            raise ValueError(f"unknown NetBox airflow {v!r} (use one of {', '.join(sorted(nb.AIRFLOW))})")
        return v

    @model_validator(mode="after")
    def _weight_unit_needed(self) -> DeviceType:
        if self.weight is not None and self.weight_unit is None:
            raise ValueError("weight_unit is required when weight is given")
        if self.u_height == 0 and self.kind in ("server", "switch", "storage"):
            raise ValueError(f"u_height: a {self.kind} takes rack units; 0 is for side-mounted (0U) equipment")
        return self

    # ---- derived figures
    @property
    def kind(self) -> str:
        return self.planning.kind if self.planning else "other"

    @property
    def needs_data(self) -> list[str]:
        """What the planner still lacks for this device (``planning.needs_data``): empty
        for a complete entry, e.g. ``["accelerators", "power", "cooling", "price"]`` for a
        device type imported from NetBox."""
        return list(self.planning.needs_data) if self.planning else []

    @property
    def max_power_w(self) -> float | None:
        """Maximum draw: planning.power.max_w, else the sum of NetBox maximum_draw; None
        when the entry says its power still needs data (its maximum_draw is then the PSU
        nameplate, planning.power.psu_rating_w, never the draw)."""
        if self.planning and self.planning.power and self.planning.power.max_w is not None:
            return self.planning.power.max_w
        if self.planning and "power" in self.planning.needs_data:
            return None
        draws = [p.maximum_draw for p in self.power_ports if p.maximum_draw]
        return float(sum(draws)) if draws else None

    @property
    def typical_power_w(self) -> float | None:
        if self.planning and self.planning.power and self.planning.power.typical_w is not None:
            return self.planning.power.typical_w
        if self.planning and "power" in self.planning.needs_data:
            return None
        alloc = [p.allocated_draw for p in self.power_ports if p.allocated_draw]
        return float(sum(alloc)) if alloc else self.max_power_w

    @property
    def depth_mm(self) -> float | None:
        return self.planning.depth_mm if self.planning else None

    @property
    def gpu_count(self) -> int:
        acc = self.planning.accelerators if self.planning else None
        return acc.count if acc else 0

    @property
    def gpu_slug(self) -> str | None:
        acc = self.planning.accelerators if self.planning else None
        return acc.model if acc else None

    @property
    def notes(self) -> str | None:
        return self.planning.notes if self.planning else None

    def uncovered(self) -> list[str]:
        """Figure keys (planning keys, weight, u_height) not named in any source's covers."""
        if self.planning is None:
            return []
        cov = self.planning.covered_keys()
        missing = [f"planning.{k}" for k in self.planning.uncovered()]
        for k in ("weight", "u_height"):
            if getattr(self, k) is not None and k not in cov:
                missing.append(k)
        return missing


# --------------------------------------------------------------------------- rack type


class RackPlanning(Sourced):
    max_device_depth_mm: Pos | None = None  # deepest device the cabinet takes (doors closed)
    max_static_load_kg: Pos | None = None
    max_dynamic_load_kg: Pos | None = None
    price: Price | None = None

    def extra_cover_keys(self) -> set[str]:
        return {
            "weight",
            "max_weight",
            "u_height",
            "outer_width",
            "outer_height",
            "outer_depth",
            "mounting_depth",
            "width",
        }


class RackType(_NetboxEntry, BaseModel):
    model_config = ConfigDict(extra="allow", protected_namespaces=(), allow_inf_nan=False)

    manufacturer: str = Field(min_length=1)
    model: str = Field(min_length=1)
    slug: Slug
    description: str | None = None
    form_factor: Literal[
        "wall-cabinet",
        "4-post-frame",
        "2-post-frame",
        "4-post-cabinet",
        "wall-frame",
        "wall-frame-vertical",
        "wall-cabinet-vertical",
    ]
    width: Literal[10, 19, 20, 23]
    u_height: int = Field(ge=1, le=100)
    starting_unit: int = Field(default=1, ge=1)
    outer_width: Pos | None = None
    outer_height: Pos | None = None
    outer_depth: Pos | None = None
    outer_unit: Literal["mm", "in"] | None = None
    mounting_depth: Pos | None = None
    weight: NonNeg | None = None
    max_weight: Pos | None = None
    weight_unit: str | None = None
    desc_units: bool = False
    comments: str | None = None
    planning: RackPlanning | None = None

    @field_validator("slug")
    @classmethod
    def _v_slug(cls, v: str) -> str:
        return _check_netbox_slug(v)

    @model_validator(mode="after")
    def _units(self) -> RackType:
        if (self.weight is not None or self.max_weight is not None) and self.weight_unit is None:
            raise ValueError("weight_unit is required when weight or max_weight is given")
        dims = (self.outer_width, self.outer_height, self.outer_depth, self.mounting_depth)
        if any(d is not None for d in dims) and self.outer_unit is None:
            raise ValueError("outer_unit is required when outer dimensions are given")
        return self

    def _mm(self, v: float | None) -> float | None:
        if v is None:
            return None
        return v * LENGTH_TO_MM[self.outer_unit or "mm"]

    @property
    def outer_width_mm(self) -> float | None:
        return self._mm(self.outer_width)

    @property
    def outer_depth_mm(self) -> float | None:
        return self._mm(self.outer_depth)

    @property
    def outer_height_mm(self) -> float | None:
        return self._mm(self.outer_height)

    @property
    def mounting_depth_mm(self) -> float | None:
        return self._mm(self.mounting_depth)

    @property
    def max_load_kg(self) -> float | None:
        """NetBox max_weight converted to kg (the static load rating)."""
        if self.max_weight is None or self.weight_unit is None:
            return None
        return self.max_weight * WEIGHT_TO_KG[self.weight_unit]

    def uncovered(self) -> list[str]:
        if self.planning is None:
            return []
        cov = self.planning.covered_keys()
        missing = [f"planning.{k}" for k in self.planning.uncovered()]
        for k in ("weight", "max_weight", "u_height", "outer_width", "outer_depth"):
            if getattr(self, k) is not None and k not in cov:
                missing.append(k)
        return missing


# --------------------------------------------------------------------------- component tables


class Component(Sourced):
    slug: Slug
    vendor: str = Field(min_length=1)
    model: str = Field(min_length=1)
    price: Price | None = None

    @field_validator("slug")
    @classmethod
    def _v_slug(cls, v: str) -> str:
        return _check_slug(v)

    @model_validator(mode="after")
    def _needs_sources(self) -> Component:
        if not self.sources:
            raise ValueError("entry has figures but no sources")
        return self


class Gpu(Component):
    family: Literal["volta", "ampere", "hopper", "blackwell", "ada", "cdna2", "cdna3", "cdna4"]
    form_factor: str
    memory_gb: Pos
    # GPU memory as the driver reports it (nvidia-smi / NVML total, in MiB): marketing
    # capacities mix decimal and binary units ("80 GB" H100 = 81,559 MiB = 85.5e9 B).
    # The workload model budgets memory from it; absent, from memory_gb x 1e9.
    memory_reported_mib: Pos | None = None
    memory_type: str
    hbm_bandwidth_tb_per_s: Pos
    bf16_tflops_dense: Pos
    fp16_tflops_dense: Pos
    fp8_tflops_dense: Pos | None = None
    fp4_tflops_dense: Pos | None = None
    tf32_tflops_dense: Pos | None = None
    fp64_tflops: Pos | None = None
    tdp_w: Pos
    nvlink_bandwidth_gb_per_s: NonNeg | None = Field(
        default=None, description="GPU-to-GPU link bandwidth, bidirectional, per GPU"
    )
    # Clocks (MHz) where the vendor publishes them. peak_clock_mhz: the engine clock the
    # datasheet's peak TFLOPS assume. gemm_clock_mhz: the median clock the GPU holds under
    # a sustained dense matrix multiply at its power limit (tdp_w), as the vendor measured
    # it (AMD's hipBLASLt "max-achievable FLOPs" runs). The workload model scales a GPU's
    # math speed by gemm / peak clock against its family's reference GPU (docs/workloads.md).
    peak_clock_mhz: Pos | None = None
    gemm_clock_mhz: Pos | None = None
    # GPUs in one scale-up domain (NVLink / NVSwitch, NVLink bridge, Infinity Fabric) by
    # design: 8 on an HGX or OAM baseboard, 72 in an NVL72 rack, 4 with a 4-way NVLink
    # bridge. Absent: the server's GPUs.
    scale_up_domain_gpus: PosInt | None = None

    @model_validator(mode="after")
    def _clocks(self) -> Gpu:
        if self.gemm_clock_mhz is not None and self.peak_clock_mhz is None:
            raise ValueError("gemm_clock_mhz needs peak_clock_mhz (the clock the peak TFLOPS assume)")
        if self.gemm_clock_mhz is not None and self.peak_clock_mhz is not None \
                and self.gemm_clock_mhz > self.peak_clock_mhz:
            raise ValueError(f"gemm_clock_mhz {self.gemm_clock_mhz:g} > peak_clock_mhz {self.peak_clock_mhz:g}")
        return self

    @property
    def gemm_clock_share(self) -> float | None:
        """Sustained dense-GEMM clock / peak clock, or None where not published."""
        if self.gemm_clock_mhz is None or self.peak_clock_mhz is None:
            return None
        return float(self.gemm_clock_mhz) / float(self.peak_clock_mhz)

    @property
    def memory_bandwidth_gb_per_s(self) -> float:
        return self.hbm_bandwidth_tb_per_s * 1000.0

    @property
    def memory_bytes(self) -> float:
        """Usable GPU memory in bytes: the driver's figure when the catalog has it,
        else the datasheet's decimal gigabytes."""
        if self.memory_reported_mib:
            return float(self.memory_reported_mib) * 1024.0 * 1024.0
        return float(self.memory_gb) * 1e9


class Nic(Component):
    ports: PosInt
    speed_gbps: Pos = Field(description="per port")
    protocols: list[Literal["infiniband", "ethernet"]] = Field(min_length=1)
    pcie_gen: PosInt | None = None
    pcie_lanes: PosInt | None = None
    power_w: Pos | None = None
    connector: str
    form_factor: str | None = None
    dpu: bool = False

    @property
    def total_gbps(self) -> float:
        return self.ports * self.speed_gbps


class Cable(Component):
    kind: Literal["dac", "acc", "aec", "aoc", "mmf", "smf", "transceiver", "cat6a", "cat6"]
    speed_gbps: Pos
    max_reach_m: Pos
    min_reach_m: NonNeg | None = None
    power_w: NonNeg = Field(description="per end")
    mass_kg_per_m: NonNeg | None = None
    connector: str
    fibre_type: str | None = None
    lengths_m: list[Pos] = Field(default_factory=list)
    UNSOURCED_KEYS: ClassVar[frozenset[str]] = Sourced.UNSOURCED_KEYS | {"kind"}

    @model_validator(mode="after")
    def _min_max(self) -> Cable:
        if self.min_reach_m is not None and self.min_reach_m > self.max_reach_m:
            raise ValueError(f"min_reach_m {self.min_reach_m:g} > max_reach_m {self.max_reach_m:g}")
        return self


class CoolingUnit(Component):
    kind: Literal[
        "crah", "inrow", "rdhx-passive", "rdhx-active", "cdu-in-rack", "cdu-in-row", "immersion-tank"
    ]
    capacity_kw: Pos
    conditions: str = Field(min_length=1, description="conditions the capacity is rated at")
    approach_k: Pos | None = None
    flow_l_per_min: Pos | None = None
    airflow_m3_per_h: Pos | None = None
    pumps: NonNegInt | None = None
    pump_redundancy: Literal["N", "N+1", "2N"] | None = None
    power_w: NonNeg | None = None
    footprint_mm: list[Pos] | None = Field(default=None, description="[width, depth] in mm")
    u_height: NonNeg | None = None
    mass_kg: Pos | None = None
    UNSOURCED_KEYS: ClassVar[frozenset[str]] = Sourced.UNSOURCED_KEYS | {"kind"}

    @field_validator("footprint_mm")
    @classmethod
    def _fp(cls, v: list[float] | None) -> list[float] | None:
        if v is not None and len(v) != 2:
            raise ValueError("footprint_mm is [width, depth]")
        return v


class Moe(Strict):
    experts: PosInt
    experts_per_token: PosInt
    shared_experts: NonNegInt = 0
    expert_ffn_size: PosInt | None = None
    # the first dense_layers layers have a dense FFN of ffn_size (DeepSeek first_k_dense_replace)
    dense_layers: NonNegInt = 0
    # after them, every interleave-th layer is a MoE layer and the others dense
    # (Llama 4 Maverick interleave_moe_layer_step 2; 1 = every layer)
    interleave: PosInt = 1

    @model_validator(mode="after")
    def _k(self) -> Moe:
        if self.experts_per_token > self.experts:
            raise ValueError("experts_per_token > experts")
        return self


class Llm(Component):
    name: str | None = None
    family: str
    params_b: Pos
    active_params_b: Pos | None = None
    layers: PosInt
    hidden_size: PosInt
    heads: PosInt
    kv_heads: PosInt
    head_dim: PosInt
    ffn_size: PosInt
    vocab_size: PosInt
    attention: Literal["mha", "gqa", "mqa", "mla"]
    kv_lora_rank: PosInt | None = None
    qk_rope_head_dim: PosInt | None = None
    qk_nope_head_dim: PosInt | None = None
    v_head_dim: PosInt | None = None
    q_lora_rank: PosInt | None = None  # MLA query compression (DeepSeek-V3/R1: 1536)
    moe: Moe | None = None
    # Local attention on some layers: "sliding" (a window of the last sliding_window
    # tokens, gpt-oss) or "chunked" (attention within chunks of sliding_window tokens,
    # Llama 4's attention_chunk_size); local_attention_layers of the layers use it, the
    # others attend to the full context. Such a layer caches at most sliding_window tokens.
    local_attention: Literal["sliding", "chunked"] | None = None
    sliding_window: PosInt | None = None
    local_attention_layers: NonNegInt = 0
    tie_word_embeddings: bool = False
    max_context: PosInt
    training_tokens: Pos | None = None
    training_gpu_hours: Pos | None = None
    training_gpu: str | None = None
    license: str

    @model_validator(mode="after")
    def _arch(self) -> Llm:
        if self.kv_heads > self.heads:
            raise ValueError(f"kv_heads {self.kv_heads} > heads {self.heads}")
        if self.attention == "mha" and self.kv_heads != self.heads:
            raise ValueError("attention 'mha' needs kv_heads == heads")
        if self.attention == "mqa" and self.kv_heads != 1:
            raise ValueError("attention 'mqa' needs kv_heads == 1")
        if self.attention == "gqa" and self.kv_heads >= self.heads:
            raise ValueError("attention 'gqa' needs kv_heads < heads")
        if self.attention == "mla" and (self.kv_lora_rank is None or self.qk_rope_head_dim is None):
            raise ValueError("attention 'mla' needs kv_lora_rank and qk_rope_head_dim")
        if self.active_params_b is not None and self.active_params_b > self.params_b:
            raise ValueError("active_params_b > params_b")
        if self.moe is not None and self.active_params_b is None:
            raise ValueError("a MoE model needs active_params_b")
        if self.moe is not None and self.moe.dense_layers > self.layers:
            raise ValueError(f"moe.dense_layers {self.moe.dense_layers} > layers {self.layers}")
        if self.local_attention is not None and (self.sliding_window is None or not self.local_attention_layers):
            raise ValueError("local_attention needs sliding_window and local_attention_layers")
        if self.local_attention is None and (self.sliding_window is not None or self.local_attention_layers):
            raise ValueError("sliding_window and local_attention_layers need local_attention ('sliding' or 'chunked')")
        if self.local_attention_layers > self.layers:
            raise ValueError(f"local_attention_layers {self.local_attention_layers} > layers {self.layers}")
        return self

    @property
    def active_b(self) -> float:
        return self.active_params_b if self.active_params_b is not None else self.params_b

    def kv_cache_bytes_per_token(self, bytes_per_element: float = 2.0) -> float:
        """KV cache per token over all layers.

        MHA/GQA/MQA: 2 x layers x kv_heads x head_dim x bytes. MLA (DeepSeek-V2/V3)
        caches the compressed latent plus the decoupled RoPE key:
        layers x (kv_lora_rank + qk_rope_head_dim) x bytes.
        """
        if self.attention == "mla":
            assert self.kv_lora_rank is not None and self.qk_rope_head_dim is not None
            return self.layers * (self.kv_lora_rank + self.qk_rope_head_dim) * bytes_per_element
        return 2 * self.layers * self.kv_heads * self.head_dim * bytes_per_element


class CloudPrice(Component):
    """What renting one GPU for an hour costs in a public cloud: an indicative, dated
    figure for rent-or-own (planner.engine.economics), never a quote. ``slug`` is the GPU's slug
    in the ``gpus`` table (one entry per GPU model; the user layer overrides it like any
    entry, a plan's ``metadata.cloud_price_per_gpu_hour`` wins over both). ``vendor`` and
    ``model`` name the offer the figure is from (provider, instance)."""

    UNSOURCED_KEYS: ClassVar[frozenset[str]] = Component.UNSOURCED_KEYS | frozenset(
        {"currency", "date", "basis", "source"})

    price_per_gpu_hour: Pos
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    date: str
    basis: Literal["indicative"] = "indicative"
    source: str = Field(min_length=1)  # the offer the figure is, in a few words (shown with it)
    gpus_per_instance: PosInt | None = None

    @field_validator("date", mode="before")
    @classmethod
    def _date(cls, v: Any) -> str:
        v = str(v)
        if not DATE_RE.match(v):
            raise ValueError(f"date must be YYYY-MM-DD or YYYY-MM (got {v!r})")
        return v


# any entry of a catalog table
CatalogEntry = DeviceType | RackType | Component

TABLE_MODELS: dict[str, type[Component]] = {
    "gpus": Gpu,
    "nics": Nic,
    "cables": Cable,
    "cooling": CoolingUnit,
    "llms": Llm,
    "cloud": CloudPrice,
}
