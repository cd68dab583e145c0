"""Catalog figures the engine needs, flattened once per slug.

The engine reads the catalog only through :class:`SpecCache`: one lookup per slug,
memoised, so a rack recompute touches plain floats. Unknown slugs give a spec with
``known=False`` (never an exception).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, overload

from planner.engine import physics

if TYPE_CHECKING:
    from planner.catalog import Cable, Catalog, CloudPrice, CoolingUnit, DeviceType, Gpu, Nic, RackType
    from planner.model.plan import CoolingLoop

DEFAULT_RACK_U = 48
DEFAULT_RACK_MM = (600.0, 1200.0)


@overload
def cat_get(catalog: Catalog | None, table: Literal["device-types"], slug: str | None) -> DeviceType | None: ...
@overload
def cat_get(catalog: Catalog | None, table: Literal["rack-types"], slug: str | None) -> RackType | None: ...
@overload
def cat_get(catalog: Catalog | None, table: Literal["gpus"], slug: str | None) -> Gpu | None: ...
@overload
def cat_get(catalog: Catalog | None, table: Literal["nics"], slug: str | None) -> Nic | None: ...
@overload
def cat_get(catalog: Catalog | None, table: Literal["cables"], slug: str | None) -> Cable | None: ...
@overload
def cat_get(catalog: Catalog | None, table: Literal["cooling"], slug: str | None) -> CoolingUnit | None: ...
@overload
def cat_get(catalog: Catalog | None, table: Literal["cloud"], slug: str | None) -> CloudPrice | None: ...


def cat_get(catalog: Catalog | None, table: str, slug: str | None) -> object:
    """Entry or None (no catalog, no slug, or not in the catalog)."""
    if catalog is None or slug is None:
        return None
    return catalog.get(table, slug)


@dataclass(frozen=True, slots=True)
class PduInfo:
    voltage_v: float
    phases: int
    amps: float
    outlets: int
    wiring: str  # wye, delta, single
    legs: tuple[int, ...]  # phase index (0..2) per outlet from the catalog, may be shorter than outlets

    def phase_of(self, outlet: int) -> int:
        if self.phases == 1:
            return 0
        if 1 <= outlet <= len(self.legs):
            return self.legs[outlet - 1]
        return (outlet - 1) % 3


@dataclass(frozen=True, slots=True)
class DeviceSpec:
    slug: str
    known: bool
    name: str
    kind: str = "other"
    u_height: float = 1.0
    has_power: bool = False
    idle_w: float = 0.0
    typical_w: float = 0.0
    max_w: float = 0.0
    nameplate_w: float | None = None
    psu_count: int | None = None
    psu_rating_w: float | None = None
    psus_needed: int | None = None
    cords: int = 0
    liquid_fraction: float = 0.0
    mass_kg: float = 0.0
    has_mass: bool = False
    gpu_slug: str | None = None
    gpu_count: int = 0
    gpu_known: bool = False
    gpu_memory_gb: float = 0.0
    gpu_bw_tb_per_s: float = 0.0
    bf16_tflops: float = 0.0
    fp8_tflops: float = 0.0
    cpu_cores: int = 0
    ram_gb: float = 0.0
    compute_gbps: float = 0.0
    unknown_nics: tuple[str, ...] = ()
    storage_read_gb_per_s: float = 0.0
    pdu: PduInfo | None = None
    price: tuple[float, str] | None = None
    # busbar power shelf (``planning.busbar``): output W (all PSUs), output W with the
    # redundant PSUs lost, conversion efficiency; 0 W = not a shelf
    busbar_w: float = 0.0
    busbar_usable_w: float = 0.0
    busbar_efficiency: float = 1.0
    # no AC inlet in the catalog (power ports all DC, or none): draws from a rack busbar
    dc_input: bool = True


# NetBox power-port types that are DC terminals (planner.catalog.netbox_enums)
DC_PORT_TYPES = frozenset({"dc-terminal"})


@dataclass(frozen=True, slots=True)
class RackTypeSpec:
    slug: str
    known: bool
    name: str
    u_height: int = DEFAULT_RACK_U
    width_mm: float = DEFAULT_RACK_MM[0]
    depth_mm: float = DEFAULT_RACK_MM[1]
    mass_kg: float = 0.0
    max_load_kg: float | None = None
    price: tuple[float, str] | None = None


@dataclass(frozen=True, slots=True)
class CoolingSpec:
    slug: str
    known: bool
    kind: str = ""
    capacity_w: float = 0.0
    flow_l_per_min: float | None = None
    pumps: int | None = None
    pump_redundancy: str | None = None
    price: tuple[float, str] | None = None


@dataclass(frozen=True, slots=True)
class LoopRating:
    """What a plan's cooling loop can carry (:func:`loop_rating`): capacity and rated flow,
    each with where it comes from: ``design`` (the loop's own ``capacity_kw`` /
    ``flow_l_per_min``), ``catalog`` (its CDUs' figures x ``cdu_count``), ``derived``
    (flow only: from the capacity and the loop's temperature rise) or ``unknown``."""

    capacity_w: float  # 0.0 when unknown
    capacity_basis: str
    capacity_n_minus_1_w: float  # with one CDU out; the whole capacity for a loop without CDUs
    flow_l_per_min: float | None
    flow_basis: str
    cdu: CoolingSpec | None  # the loop's CDU model (None: a loop without CDUs, e.g. facility water)

    @property
    def capacity_known(self) -> bool:
        return self.capacity_basis != "unknown"


def loop_rating(specs: SpecCache, loop: CoolingLoop) -> LoopRating:
    """Capacity and rated flow of a ``planner.model.plan.CoolingLoop`` (docs/engine.md, "CDU
    and facility loops"): capacity = ``capacity_kw`` when set (a facility loop always
    has it), else the CDUs' catalog capacity x ``cdu_count``; rated flow =
    ``flow_l_per_min`` when set, else the CDUs' catalog flow x count, else the flow that
    carries the capacity at the loop's ``delta_t_k`` (:func:`physics.liquid_flow_l_per_min`)."""
    n = loop.cdu_count
    cu = specs.cooling(loop.cdu) if loop.cdu else None
    if loop.capacity_kw is not None:
        cap, cap_basis = loop.capacity_kw * 1000.0, "design"
    elif cu is not None and cu.known:
        cap, cap_basis = cu.capacity_w * n, "catalog"
    else:
        cap, cap_basis = 0.0, "unknown"
    # N-1: the loop's CDUs share its capacity equally; a loop without CDUs (building water)
    # has no unit to lose here (the plant's own redundancy is outside the plan)
    cap_n1 = cap * (n - 1) / n if cu is not None else cap
    if loop.flow_l_per_min is not None:
        flow, flow_basis = float(loop.flow_l_per_min), "design"
    elif cu is not None and cu.known and cu.flow_l_per_min:
        flow, flow_basis = cu.flow_l_per_min * n, "catalog"
    elif cap_basis != "unknown":
        flow, flow_basis = physics.liquid_flow_l_per_min(cap, loop.delta_t_k, loop.coolant), "derived"
    else:
        flow, flow_basis = None, "unknown"
    return LoopRating(cap, cap_basis, cap_n1, flow, flow_basis, cu)


def _price(obj: object) -> tuple[float, str] | None:
    p = getattr(obj, "price", None)
    if p is None:
        return None
    return float(p.amount), str(p.currency)


@dataclass
class SpecCache:
    catalog: Catalog | None
    default_cords: int = 2
    _devices: dict[str, DeviceSpec] = field(default_factory=dict)
    _racks: dict[str, RackTypeSpec] = field(default_factory=dict)
    _cooling: dict[str, CoolingSpec] = field(default_factory=dict)
    _cables: dict[str, Cable | None] = field(default_factory=dict)
    _optics: dict[tuple[int, float], tuple[DeviceSpec, DeviceSpec]] = field(default_factory=dict)

    def with_optics(self, spec: DeviceSpec, optics_w: float) -> DeviceSpec:
        """``spec`` with ``optics_w`` (its links' media power) added to its idle, typical and
        maximum draw; one object per (spec, optics) (``dataclasses.replace`` of a 40-field
        spec for each of a rack's 27 NVL72 trays was a quarter of a rack's recompute)."""
        key = (id(spec), optics_w)
        got = self._optics.get(key)
        if got is None or got[0] is not spec:
            if len(self._optics) > 4096:
                self._optics.clear()
            got = self._optics[key] = (spec, replace(spec, idle_w=spec.idle_w + optics_w,
                                                     typical_w=spec.typical_w + optics_w,
                                                     max_w=spec.max_w + optics_w))
        return got[1]

    def device(self, slug: str) -> DeviceSpec:
        s = self._devices.get(slug)
        if s is None:
            s = self._devices[slug] = self._build_device(slug)
        return s

    def rack_type(self, slug: str) -> RackTypeSpec:
        s = self._racks.get(slug)
        if s is None:
            s = self._racks[slug] = self._build_rack(slug)
        return s

    def cooling(self, slug: str) -> CoolingSpec:
        s = self._cooling.get(slug)
        if s is None:
            s = self._cooling[slug] = self._build_cooling(slug)
        return s

    def cable(self, slug: str | None) -> Cable | None:
        if slug is None:
            return None
        if slug not in self._cables:
            self._cables[slug] = cat_get(self.catalog, "cables", slug)
        return self._cables[slug]

    def price_basis(self, table: str, slug: str) -> str | None:
        """The catalog price's ``basis`` (list, street-estimate, estimate, quote) or None."""
        item = self.catalog.get(table, slug) if self.catalog is not None else None
        if item is None:
            return None
        price = getattr(item, "price", None)
        if price is None:
            price = getattr(getattr(item, "planning", None), "price", None)
        basis = getattr(price, "basis", None)
        return str(basis) if basis else None

    def price_of(self, table: str, slug: str) -> tuple[float, str] | None:
        if table == "device-types":
            return self.device(slug).price
        if table == "rack-types":
            return self.rack_type(slug).price
        if table == "cooling":
            return self.cooling(slug).price
        return _price(self.cable(slug))

    # -- builders -----------------------------------------------------------------------
    def _build_device(self, slug: str) -> DeviceSpec:
        d = cat_get(self.catalog, "device-types", slug)
        if d is None:
            return DeviceSpec(slug=slug, known=False, name=slug)
        pl = d.planning
        kw: dict[str, Any] = {
            "slug": slug, "known": True, "name": f"{d.manufacturer} {d.model}", "kind": d.kind,
            "u_height": float(d.u_height),
        }
        mass = d.mass_kg
        kw["mass_kg"] = float(mass or 0.0)
        kw["has_mass"] = mass is not None
        ps = pl.power if pl is not None else None
        mx = d.max_power_w
        if mx is not None:
            kw["has_power"] = True
            kw["max_w"] = float(mx)
            typ = d.typical_power_w
            kw["typical_w"] = float(typ if typ is not None else mx)
            idle = ps.idle_w if ps is not None and ps.idle_w is not None else None
            kw["idle_w"] = float(idle if idle is not None else kw["typical_w"])
        if ps is not None:
            kw["nameplate_w"] = ps.nameplate_w
            kw["psu_count"] = ps.psu_count
            kw["psu_rating_w"] = ps.psu_rating_w
            kw["psus_needed"] = ps.psus_needed
        cords = (ps.psu_count if ps is not None and ps.psu_count else None) or len(d.power_ports) \
            or self.default_cords
        kw["cords"] = int(cords) if d.kind != "pdu" else 0
        kw["dc_input"] = all(getattr(pp, "type", None) in DC_PORT_TYPES for pp in d.power_ports)
        bb = getattr(pl, "busbar", None) if pl is not None else None
        if bb is not None:
            kw["busbar_w"] = float(bb.output_kw) * 1000.0
            kw["busbar_usable_w"] = float(bb.usable_output_w)
            kw["busbar_efficiency"] = float(bb.efficiency)
            kw["dc_input"] = False
            if bb.psu_count:
                kw["cords"] = int(bb.psu_count)  # one cord per PSU, spread over the input's phases
            if bb.psu_count and bb.psu_rating_w:
                kw["nameplate_w"] = float(bb.psu_count * bb.psu_rating_w)
        if pl is not None:
            if pl.cooling is not None:
                kw["liquid_fraction"] = float(pl.cooling.liquid_fraction)
            if pl.accelerators is not None:
                kw["gpu_slug"] = pl.accelerators.model
                kw["gpu_count"] = pl.accelerators.count
                g = cat_get(self.catalog, "gpus", pl.accelerators.model)
                if g is not None:
                    n = pl.accelerators.count
                    kw["gpu_known"] = True
                    kw["gpu_memory_gb"] = g.memory_gb * n
                    kw["gpu_bw_tb_per_s"] = g.hbm_bandwidth_tb_per_s * n
                    kw["bf16_tflops"] = g.bf16_tflops_dense * n
                    kw["fp8_tflops"] = (g.fp8_tflops_dense or 0.0) * n
            if pl.cpu is not None:
                kw["cpu_cores"] = pl.cpu.cores
            if pl.memory_gb is not None:
                kw["ram_gb"] = float(pl.memory_gb)
            gbps = 0.0
            unknown = []
            for ref in pl.nics:
                nic = cat_get(self.catalog, "nics", ref.model)
                if nic is None:
                    unknown.append(ref.model)
                    continue
                if ref.role == "compute":
                    gbps += ref.count * nic.total_gbps
            kw["compute_gbps"] = gbps
            kw["unknown_nics"] = tuple(unknown)
            if pl.storage is not None:
                kw["storage_read_gb_per_s"] = float(pl.storage.read_gb_per_s)
            if pl.pdu is not None:
                legs = tuple("ABC".index(o.feed_leg) for o in d.power_outlets if o.feed_leg) \
                    if all(o.feed_leg for o in d.power_outlets) else ()
                kw["pdu"] = PduInfo(float(pl.pdu.voltage_v), int(pl.pdu.phases), float(pl.pdu.amps),
                                    int(pl.pdu.outlets), pl.pdu.wiring, legs)
            kw["price"] = _price(pl)
        return DeviceSpec(**kw)

    def _build_rack(self, slug: str) -> RackTypeSpec:
        r = cat_get(self.catalog, "rack-types", slug)
        if r is None:
            return RackTypeSpec(slug=slug, known=False, name=slug)
        return RackTypeSpec(
            slug=slug, known=True, name=f"{r.manufacturer} {r.model}", u_height=int(r.u_height),
            width_mm=float(r.outer_width_mm or DEFAULT_RACK_MM[0]),
            depth_mm=float(r.outer_depth_mm or DEFAULT_RACK_MM[1]),
            mass_kg=float(r.mass_kg or 0.0), max_load_kg=r.max_load_kg, price=_price(r))

    def _build_cooling(self, slug: str) -> CoolingSpec:
        u = cat_get(self.catalog, "cooling", slug)
        if u is not None:
            return CoolingSpec(slug=slug, known=True, kind=u.kind, capacity_w=u.capacity_kw * 1000.0,
                               flow_l_per_min=u.flow_l_per_min, pumps=u.pumps,
                               pump_redundancy=u.pump_redundancy, price=_price(u))
        d = cat_get(self.catalog, "device-types", slug)
        if d is not None and d.planning is not None and d.planning.cdu is not None:
            c = d.planning.cdu
            return CoolingSpec(slug=slug, known=True, kind="cdu-device", capacity_w=c.capacity_kw * 1000.0,
                               flow_l_per_min=c.flow_l_per_min, pumps=c.pumps, pump_redundancy=c.pump_redundancy,
                               price=_price(d.planning))
        return CoolingSpec(slug=slug, known=False)
