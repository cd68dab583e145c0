"""A :class:`~planner.design.model.BuildDesign` turned into a complete, editable plan.

:func:`generate_plan` builds what an architect would draw for the design, from catalog
items, through the same edits and checks the app uses:

- **compute racks**: as many servers per rack as the rack's U, the design's
  ``max_rack_kw`` (maximum draw, a hard limit) and its cooling allow
  (:func:`rack_fit`): air with containment and rear doors up to 90 % of their capacity
  (air with containment ~40 kW, rear doors the catalog door's rating, direct liquid
  140 kW with at most 40 kW left to room air, immersion the tank's rating: the engine's
  limits, :class:`planner.engine.settings.EngineSettings`, whose warning starts at
  90 %); servers stacked from U2, the top U kept for the rack's management switch.
  ``platform="gb200-nvl72"`` builds NVIDIA GB200 NVL72 racks instead (18 compute trays,
  9 NVLink switch trays, 8 power shelves, as ``examples/make_gb200_example.py``), each
  rack's NVLink domain wired;
- **storage racks** for the storage appliances and **network racks** for the fabrics'
  switches (at most as many per rack as 90 % of air with containment carries), all in a
  network row after the compute rows;
- **layout**: rows of up to 20 racks in hot/cold-aisle pairs (the first row of a pair
  faces +y, the second -y, fronts across a 1.2 m cold aisle, rears across a 1.2 m hot
  aisle, as :mod:`planner.design.synthetic` lays them out); the room sized to its rows with
  1 m around them;
- **fabrics** auto-wired with :func:`planner.fabric.autowire.autowire` (the app's
  auto-wire): the compute fabric (rail-optimised when the design says so), the storage
  fabric (the appliances' and the servers' storage ports), a front-end fabric if the
  design has one, and management: a switch per rack (top of rack) for every device's
  BMC/management port, with spines per row;
- **power**: per rack, 0U PDUs of the design's ``region`` on feeds of their own, sides A
  and B (2N: either side carries the whole rack) or one side (N), as many per side as the
  rack's maximum draw needs with every PDU phase at most 90 % of its continuous rating
  (North America: NEC 80 % derating; Europe: 400 V feeds at their 16/32/63 A rating,
  IEC 60364-4-43; PF 0.95) after a side is lost, phases balanced; in Europe each rack takes
  the smallest EU PDU that carries it (:func:`_power_rack`); every PSU cord on an explicit
  PDU and outlet (sides alternate, each cord on the side's least-loaded phase, as the
  engine would spread them); the plan's ``metadata.site_region`` is the design's region;
- **cooling**: air with containment; rear doors on one facility water loop; direct
  liquid on a CDU loop per row sized N+1 with the engine's 1.1 margin; immersion tanks
  on a facility loop; network and storage racks on air with containment;
- the servers as one server group, the workloads attached to it.

Catalog items the design leaves ``None`` are chosen deterministically (:func:`choices`:
same design and catalog, same plan). An impossible design (a slug not in the catalog, a
server that no rack or limit can hold, a liquid-cooled server on air) raises
:class:`DesignError`, a ``ValueError`` naming the field.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from planner.base.gcpause import no_gc
from planner.design.model import COOLING_METHODS, BuildDesign, FabricChoice
from planner.design.synthetic import (
    COLD_AISLE_M,
    HOT_AISLE_M,
    NVL_PDU,
    NVL_PDU_SLOTS,
    NVL_RACK,
    NVL_SHELF,
    NVL_SHELF_US,
    NVL_SWITCH,
    NVL_SWITCH_US,
    NVL_TRAY,
    NVL_TRAY_US,
    RACKS_PER_ROW,
)
from planner.fabric.progress import CancelFn, ProgressFn, Steps
from planner.i18n import N_, Message, gettext, tf, tmsg
from planner.model.edits import AddItem, AddPlacement, EditRefused
from planner.model.placement import PlacementChecker
from planner.model.plan import (
    CoolingChoice,
    CoolingLoop,
    Metadata,
    Placement,
    Plan,
    PowerConnection,
    PowerFeed,
    Rack,
    Room,
    Row,
    ServerGroup,
    Site,
    Workload,
)

if TYPE_CHECKING:
    from planner.catalog import Catalog, DeviceType
    from planner.catalog.models import SwitchSpec
    from planner.engine.settings import EngineSettings
    from planner.engine.specs import DeviceSpec, SpecCache
    from planner.fabric.ports import Port

MARGIN_M = 1.0  # room edge to the rows
FILL = 0.9  # fill a cooling or power limit to at most this share (the engine warns above it)
OPTICS_W = 20.0  # per link end: a 400G transceiver draws ~8.5-9 W, an AOC end up to 8 W (engineering notes)
FACILITY_SUPPLY_C = {"rdhx": 18.0, "immersion": 32.0}  # rear doors want chilled water (catalog conditions)
FACILITY_DELTA_T_K = 10.0
CDU_SUPPLY_C = 32.0  # warm-water direct liquid (ASHRAE W32)
MGMT_OVERSUBSCRIPTION = 8.0
MAX_PDUS_PER_SIDE = 4  # 0U mounting: two per side at the rear, two at the front (planner.model.placement)
NVL_FLOOR_KG_PER_M2 = 2500.0  # a populated NVL72 rack is ~1.36 t on 0.64 m2: a slab rated for it
# rows of up to 20 racks, 1.2 m aisles, and the GB200 NVL72 rack (NVIDIA's elevation and power
# path, as examples/make_gb200_example.py builds it): planner.design.synthetic's, so generated,
# synthetic and example plans are laid out alike


class DesignError(ValueError):
    """A design the generator cannot build; the message (a :class:`~planner.i18n.Message`,
    English as ``str(e)``, translated by ``planner.i18n.error_text(e)``) names the field and why."""


def reason_of(error: BaseException) -> str:
    """An exception's reason to put into a longer message: its first argument (a
    :class:`~planner.i18n.Message` keeps its template, so it is translated with the whole)."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, str) else str(error)


# -- choices ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RackFit:
    """How many servers one compute rack holds and what limits it."""

    servers_per_rack: int
    by_u: int
    by_power: int  # by the design's max_rack_kw (a large number without one)
    by_cooling: int
    binding: str  # "u", "max_rack_kw", "cooling", "pdu" or "design" (servers_per_rack given)
    server_kw: float  # one server's maximum draw with its optics
    cooling_kw: float  # what the rack's cooling carries
    by_pdu: int = 0  # by four PDUs per feed side, in whole cords


@dataclass(frozen=True)
class Choices:
    """The catalog items a design is built from (given or chosen)."""

    server: str
    rack_type: str
    network_rack_type: str
    pdu: str
    mgmt_switch: str | None
    compute_switch: str | None
    storage_switch: str | None
    frontend_switch: str | None
    cooling_unit: str | None  # rear door, immersion tank or CDU (cooling slug)
    fit: RackFit
    notes: tuple[str, ...] = ()


def _device(catalog: Catalog | None, slug: str, what: str) -> DeviceType:
    d = catalog.get("device-types", slug) if catalog is not None else None
    if d is None:
        raise DesignError(tmsg("{what}: {slug!r} is not in the catalog", what=what, slug=slug))
    return d


def _switch_spec(d: DeviceType | None) -> SwitchSpec | None:
    return d.planning.switch if d is not None and d.planning is not None else None


def pick_switch(catalog: Catalog, technology: str, speed_gbps: float, kind: str = "compute") -> str | None:
    """The switch for a fabric of ``technology`` at ``speed_gbps``: of the catalog's
    switches of that technology with ports that carry the speed (breakouts counted),
    the one with the lowest maximum draw (the smallest switch that does the job), then the
    most such ports, then the slug. Management networks take a management switch first."""
    from planner.fabric.ports import switch_ports_at

    wanted = {"management": ("management", "ethernet")}.get(kind, (technology,))
    best: tuple[Any, ...] | None = None
    for rank, fab in enumerate(wanted):
        for slug, d in sorted(catalog.devices.items()):
            sw = _switch_spec(d)
            if sw is None or sw.fabric != fab:
                continue
            ports = switch_ports_at(catalog, slug, speed_gbps)
            if len(ports) < 2:
                continue
            key = (rank, d.max_power_w or 0.0, -len(ports), slug)
            if best is None or key < best:
                best = key
    return best[-1] if best else None


def region_pdus(catalog: Catalog, region: str = "na") -> list[str]:
    """The catalog's three-phase PDUs for ``region`` (``PduSpec.site_region``: EU 400 V,
    North America 208/415 V), smallest apparent power first (wye before delta, then slug)."""
    found: list[tuple[float, int, str]] = []
    for slug, d in sorted(catalog.devices.items()):
        spec = d.planning.pdu if d.planning else None
        if d.kind != "pdu" or spec is None or spec.phases != 3 or spec.site_region != region:
            continue
        found.append((spec.apparent_power_va, 0 if spec.wiring == "wye" else 1, slug))
    return [slug for _va, _w, slug in sorted(found, key=lambda k: (k[0], k[1], k[2]))]


def _pick_pdu(catalog: Catalog, region: str = "na") -> str:
    """The three-phase PDU of ``region`` with the largest apparent power, wye before delta,
    then slug (what racks are sized against; an EU rack then takes the smallest EU PDU
    that carries it, :func:`_power_rack`)."""
    best: tuple[float, int, str] | None = None
    for slug in region_pdus(catalog, region):
        spec = catalog.device(slug).planning.pdu  # type: ignore[union-attr]
        assert spec is not None
        key = (-spec.apparent_power_va, 0 if spec.wiring == "wye" else 1, slug)
        if best is None or key < best:
            best = key
    if best is None:
        if region == "eu":
            raise DesignError(tmsg("pdu: the catalog has no three-phase PDU for European power (400 V)"))
        raise DesignError(tmsg("pdu: the catalog has no three-phase PDU"))
    return best[2]


def _pick_rack(catalog: Catalog, depth_mm: float) -> str:
    """A 48U rack deep enough for the server: 800 mm wide first (room for 0U PDUs and cables
    beside 8-GPU servers; NVIDIA recommends >= 48U, 800 x 1200 mm for DGX H100), then 600."""
    cands = []
    for slug, rt in sorted(catalog.rack_types.items()):
        if slug == NVL_RACK or rt.u_height < 42:
            continue
        max_depth = rt.planning.max_device_depth_mm if rt.planning else None
        if max_depth is not None and depth_mm > max_depth:
            continue
        cands.append((rt.u_height != 48, -(rt.outer_width_mm or 600.0), slug))
    if not cands:
        raise DesignError(tmsg("rack_type: the catalog has no 42U or taller rack type"))
    return min(cands)[2]


def _cooling_units(catalog: Catalog, kinds: tuple[str, ...]) -> list[tuple[float, str]]:
    return sorted((u.capacity_kw, slug) for slug, u in catalog.cooling_units.items()
                  if any(u.kind.startswith(k) for k in kinds))


def _role_ports(catalog: Catalog, slug: str, role: str) -> list[Port]:
    """The ports of ``slug`` with ``role``; none for a device without ports (:func:`choices`
    refuses a storage device without storage ports before anything is built)."""
    from planner.fabric.ports import device_ports

    dp = device_ports(catalog, slug)
    return dp.role(role) if dp is not None else []


def _settings() -> EngineSettings:
    from planner.engine.settings import DEFAULT_SETTINGS

    return DEFAULT_SETTINGS


_SPEC_CACHE: list[tuple[Catalog, SpecCache]] = []  # the last catalog's (the search asks thousands of times)


def _specs(catalog: Catalog) -> SpecCache:
    from planner.engine.specs import SpecCache

    if _SPEC_CACHE and _SPEC_CACHE[0][0] is catalog:
        return _SPEC_CACHE[0][1]
    got = SpecCache(catalog)
    _SPEC_CACHE[:] = [(catalog, got)]
    return got


def _cooling_capacity_kw(design: BuildDesign, catalog: Catalog, unit: str | None, spec: DeviceSpec) -> float:
    """The heat one compute rack may carry with the design's cooling (engine limits)."""
    s = _settings()
    if design.cooling == "air":
        return s.air_containment_limit_kw
    if design.cooling == "dlc":
        # the residual air share of each server must stay under the room-air limit too
        air_share = max(1e-9, 1.0 - spec.liquid_fraction)
        return min(s.direct_liquid_limit_kw, s.residual_air_limit_kw / air_share)
    if unit is not None:
        return float(catalog.cooling_units[unit].capacity_kw)
    return s.rdhx_default_kw if design.cooling == "rdhx" else s.immersion_default_kw


def rack_fit(design: BuildDesign, catalog: Catalog, *, rack_type: str | None = None,
             cooling_unit: str | None = None, pdu_slug: str | None = None) -> RackFit:
    """Servers per compute rack for ``design``: the fewest of what the U (top U kept for
    the management switch, U1 free), ``max_rack_kw`` and 90 % of the cooling allow (or
    ``servers_per_rack`` when the design gives it and it fits), and what four PDUs per feed
    side carry with each phase at most 90 % loaded after the other side is lost, in whole
    cords (``pdu``; 0U mounting holds four per side). For the search: a
    ``by_power``/``by_cooling`` of 0 means one server is already too much."""
    spec = _specs(catalog).device(design.server)
    dev = _device(catalog, design.server, "server")
    if design.platform == "gb200-nvl72":
        n = len(NVL_TRAY_US)
        sw = _specs(catalog).device(NVL_SWITCH)
        rack_kw = (n * spec.max_w + len(NVL_SWITCH_US) * sw.max_w) / 1000.0
        if design.max_rack_kw is not None and rack_kw > design.max_rack_kw:
            raise DesignError(tmsg("max_rack_kw: a GB200 NVL72 rack draws {rack_kw:.0f} kW at most (18 compute trays, "
                                   "9 NVLink switch trays), more than {max_kw:g} kW", rack_kw=rack_kw,
                                   max_kw=design.max_rack_kw))
        return RackFit(n, n, n, n, "design", spec.max_w / 1000.0, _settings().direct_liquid_limit_kw, n)
    rt_slug = rack_type or design.rack_type or _pick_rack(catalog, _depth_mm(dev))
    rt = catalog.get("rack-types", rt_slug)
    if rt is None:
        raise DesignError(tmsg("rack_type: {slug!r} is not in the catalog", slug=rt_slug))
    height = max(1, math.ceil(dev.u_height or 1))
    by_u = max(0, (rt.u_height - 2) // height)
    ports = _link_ends(catalog, design.server, design)
    server_w = spec.max_w + OPTICS_W * ports
    mgmt_w = 200.0 if design.management else 0.0
    unlimited = 10_000
    by_power = unlimited
    if design.max_rack_kw is not None:
        by_power = max(0, int((design.max_rack_kw * 1000.0 - mgmt_w) // server_w))
    cap_kw = _cooling_capacity_kw(design, catalog, cooling_unit, spec)
    by_cooling = max(0, int((cap_kw * 1000.0 * FILL - mgmt_w) // server_w))
    # what one side's PDUs carry alone (2N: the other side lost), phases at most 90 % loaded
    # and 10 % left for the uneven split of cords over phases
    # (cord by cord: with a side lost each of a server's cords on the other carries an equal
    # share, and a phase takes whole cords)
    pdu = _pdu_model(catalog, pdu_slug or design.pdu or _pick_pdu(catalog, design.region))
    sides = 2 if design.redundancy == "2N" else 1
    cords_per_side = max(1, spec.cords // sides) if spec.cords else 1
    per_cord_w = server_w / cords_per_side
    cords_per_phase = int(pdu.phase_cap_w * FILL // per_cord_w)
    phases = 3 if pdu.phases == 3 else 1
    outlets_per_phase = pdu.outlets // phases
    by_pdu = (MAX_PDUS_PER_SIDE * phases * min(cords_per_phase, outlets_per_phase)) // cords_per_side
    if by_pdu and mgmt_w:  # the management switch's cords take their share of the last phase
        by_pdu = min(by_pdu, int((MAX_PDUS_PER_SIDE * phases * pdu.phase_cap_w * FILL - mgmt_w) // server_w))
    n = min(by_u, by_power, by_cooling, by_pdu)
    binding = ("u" if n == by_u else "max_rack_kw" if n == by_power else "cooling" if n == by_cooling
               else "pdu")
    if design.servers_per_rack is not None and design.servers_per_rack <= n:
        n, binding = design.servers_per_rack, "design"
    elif design.servers_per_rack is not None and design.servers_per_rack > n:
        raise DesignError(tmsg("servers_per_rack: {n} x {server} do not fit one rack ({why})",
                               n=design.servers_per_rack, server=design.server,
                               why=_why(binding, by_u, by_power, by_cooling, design, cap_kw, server_w)))
    return RackFit(n, by_u, by_power, by_cooling, binding, server_w / 1000.0, cap_kw, by_pdu)


def _why(binding: str, by_u: int, by_power: int, by_cooling: int, design: BuildDesign, cap_kw: float,
         server_w: float) -> Message:
    if binding == "u":
        return tmsg("the rack's U holds {n}", n=by_u)
    if binding == "pdu":
        return tmsg("{pdus} PDUs per feed side (the most 0U mounting holds) carry no more at {kw:.1f} kW each",
                    pdus=MAX_PDUS_PER_SIDE, kw=server_w / 1000)
    if binding == "max_rack_kw":
        return tmsg("{max_kw:g} kW per rack holds {n} at {kw:.1f} kW each", max_kw=design.max_rack_kw, n=by_power,
                    kw=server_w / 1000)
    return tmsg("{cooling} cooling carries {cap_kw:.0f} kW per rack, {fill:.0%} of it holds {n} at {kw:.1f} kW each",
                cooling=design.cooling, cap_kw=cap_kw, fill=FILL, n=by_cooling, kw=server_w / 1000)


def _link_ends(catalog: Catalog, slug: str, design: BuildDesign) -> int:
    """The device's ports the design wires (compute, storage, front-end, management)."""
    from planner.fabric.ports import device_ports

    dp = device_ports(catalog, slug)
    if dp is None:
        return 0
    roles = ["compute"] if design.compute is not None else []
    roles += ["storage"] if design.storage is not None else []
    roles += ["frontend"] if design.frontend is not None else []
    return sum(len(dp.role(r)) for r in roles)


def effective_design(design: BuildDesign, catalog: Catalog) -> BuildDesign:
    """``design`` as it is built: no compute fabric for a single server (it has no server to
    talk to); the default compute fabric (``FabricChoice()``, which a
    design has unless it says otherwise) left out for a server without compute ports (an
    inference server with front-end NICs only). A compute fabric the design chose itself
    stays, and :func:`choices` refuses it for such a server."""
    from planner.fabric.ports import device_ports

    if design.servers == 1 and design.platform == "servers" and design.compute is not None:
        # right-sizing: one server has no server to talk to (docs/plan-for.md, "Right-sizing rules")
        return replace(design, compute=None)
    if design.compute == FabricChoice() and catalog.get("device-types", design.server) is not None:
        dp = device_ports(catalog, design.server)
        if dp is None or not dp.role("compute"):
            return replace(design, compute=None)
    return design


def _depth_mm(dev: DeviceType) -> float:
    """A device's depth for the rack choice (0 where the catalog gives none)."""
    return (dev.planning.depth_mm if dev.planning is not None else None) or 0.0


def choices(design: BuildDesign, catalog: Catalog) -> Choices:
    """The catalog items :func:`generate_plan` builds ``design`` from: the design's own,
    else chosen (deterministically) from the catalog."""
    notes: list[str] = []
    sdev = _device(catalog, design.server, "server")
    if sdev.kind != "server":
        raise DesignError(tmsg("server: {server!r} is a {kind}, not a server", server=design.server, kind=sdev.kind))
    spec = _specs(catalog).device(design.server)
    if design.platform == "gb200-nvl72":
        if design.server != NVL_TRAY:
            raise DesignError(tmsg("server: the gb200-nvl72 platform is built from {tray}, not {server!r}", tray=NVL_TRAY,
                                       server=design.server))
        for table, slug in (("device-types", NVL_SWITCH), ("device-types", NVL_SHELF), ("rack-types", NVL_RACK)):
            if catalog.get(table, slug) is None:
                raise DesignError(tmsg("platform: gb200-nvl72 needs {slug!r} in the catalog ({table})", slug=slug,
                                           table=table))
        if design.cooling != "dlc":
            raise DesignError(tmsg("cooling: a GB200 NVL72 rack is liquid-cooled (dlc)"))
    elif spec.liquid_fraction > 0 and design.cooling in ("air", "rdhx"):
        raise DesignError(tmsg("cooling: {server} is liquid-cooled ({fraction:.0%} of its heat to cold plates); "
                               "choose dlc or immersion, not {cooling}", server=design.server,
                               fraction=spec.liquid_fraction, cooling=design.cooling))
    elif spec.liquid_fraction == 0 and design.cooling == "dlc":
        raise DesignError(tmsg("cooling: {server} has no cold plates: direct liquid cooling would leave all its "
                               "heat to room air; choose air, rdhx or immersion, or a liquid-cooled server",
                               server=design.server))
    pdu = design.pdu or (NVL_PDU if design.platform == "gb200-nvl72" and design.region == "na"
                         and catalog.get("device-types", NVL_PDU) else _pick_pdu(catalog, design.region))
    pdev = _device(catalog, pdu, "pdu")
    if pdev.planning is None or pdev.planning.pdu is None:
        raise DesignError(tmsg("pdu: {pdu!r} is not a PDU", pdu=pdu))
    net_rack = design.rack_type or _pick_rack(catalog, 0.0)
    if design.platform == "gb200-nvl72":
        rack_type = NVL_RACK
    else:
        rack_type = design.rack_type or _pick_rack(catalog, _depth_mm(sdev))
    for slug in (rack_type, net_rack):
        if catalog.get("rack-types", slug) is None:
            raise DesignError(tmsg("rack_type: {slug!r} is not in the catalog", slug=slug))

    unit = design.cooling_unit
    want = {"rdhx": ("rdhx",), "immersion": ("immersion",), "dlc": ("cdu-in-row", "cdu-in-rack")}.get(design.cooling)
    if unit is not None:
        u = catalog.cooling_units.get(unit)
        if u is None:
            raise DesignError(tmsg("cooling_unit: {unit!r} is not in the catalog's cooling equipment", unit=unit))
        if want is None or not any(u.kind.startswith(k) for k in want):
            raise DesignError(tmsg("cooling_unit: {unit!r} is a {kind}, not for {cooling} cooling", unit=unit, kind=u.kind,
                                   cooling=design.cooling))
    fit_unit = unit
    if unit is None and design.cooling in ("rdhx", "immersion"):
        cands = _cooling_units(catalog, want or ())
        if not cands:
            notes.append(tmsg("no {cooling} unit in the catalog: the engine assumes its default capacity",
                              cooling=design.cooling))
        else:
            fit_unit = cands[-1][1]  # the largest first, then the smallest that carries the rack
    fit = rack_fit(design, catalog, rack_type=rack_type, cooling_unit=fit_unit, pdu_slug=pdu)
    if fit.servers_per_rack < 1:
        raise DesignError(tmsg("max_rack_kw: one {server} draws {kw:.1f} kW with its optics; {why}", server=design.server,
                               kw=fit.server_kw, why=_why(fit.binding, fit.by_u, fit.by_power, fit.by_cooling, design,
                                                          fit.cooling_kw, fit.server_kw * 1000)))
    if unit is None and design.cooling in ("rdhx", "immersion") and fit_unit is not None:
        rack_kw = fit.servers_per_rack * fit.server_kw + (0.2 if design.management else 0.0)
        cands = _cooling_units(catalog, want or ())
        unit = next((slug for cap, slug in cands if rack_kw <= cap * FILL), fit_unit)
        if unit != fit_unit:
            fit = replace(fit, cooling_kw=float(catalog.cooling_units[unit].capacity_kw))

    def fabric_switch(fc: FabricChoice | None, kind: str, speed: float | None = None) -> str | None:
        if fc is None:
            return None
        if fc.switch is not None:
            d = _device(catalog, fc.switch, f"{kind}.switch")
            if _switch_spec(d) is None:
                raise DesignError(tmsg("{kind}.switch: {switch!r} is not a switch", kind=kind, switch=fc.switch))
            return fc.switch
        got = pick_switch(catalog, fc.technology, speed or fc.speed_gbps, kind)
        if got is None:
            raise DesignError(tmsg("{kind}: the catalog has no {technology} switch with ports at {speed:g} Gb/s",
                                   kind=kind, technology=fc.technology, speed=speed or fc.speed_gbps))
        return got

    for kind, fc in (("compute", design.compute), ("storage_fabric", design.storage_fabric),
                     ("frontend", design.frontend)):
        if fc is not None and fc.technology == "nvlink":
            raise DesignError(tmsg("{kind}: NVLink is a rack's own domain (platform gb200-nvl72 wires it), not a "
                                   "fabric between servers; choose infiniband or ethernet", kind=kind))
    from planner.fabric.ports import device_ports

    sports = device_ports(catalog, design.server)
    for kind, role, wanted in (("compute", "compute", design.compute), ("storage", "storage", design.storage),
                               ("frontend", "frontend", design.frontend)):
        if wanted is not None and (sports is None or not sports.role(role)):
            raise DesignError(tmsg("{kind}: {server} has no {role} ports; choose a server with storage NICs, or leave "
                                   "storage out (servers reach shared storage through their storage ports)",
                                   kind=kind, server=design.server, role=role) if kind == "storage"
                              else tmsg("{kind}: {server} has no {role} ports", kind=kind, server=design.server,
                                        role=role))
    if design.storage is not None:
        _device(catalog, design.storage.device, "storage.device")
        dp = device_ports(catalog, design.storage.device)
        if dp is None or not dp.role("storage"):
            raise DesignError(tmsg("storage.device: {device!r} has no storage ports", device=design.storage.device))
    compute_sw = fabric_switch(design.compute, "compute")
    storage_sw = None
    if design.storage is not None:
        _device(catalog, design.storage.device, "storage.device")
        sfab = design.storage_fabric or _storage_fabric(design, catalog)
        storage_sw = fabric_switch(sfab, "storage_fabric")
    frontend_sw = fabric_switch(design.frontend, "frontend")
    mgmt = pick_switch(catalog, "ethernet", 1.0, "management") if design.management else None
    if design.management and mgmt is None:
        notes.append(tmsg("no management switch in the catalog: management network left out"))
    return Choices(server=design.server, rack_type=rack_type, network_rack_type=net_rack, pdu=pdu,
                   mgmt_switch=mgmt, compute_switch=compute_sw, storage_switch=storage_sw,
                   frontend_switch=frontend_sw, cooling_unit=unit, fit=fit, notes=tuple(notes))


def _storage_fabric(design: BuildDesign, catalog: Catalog) -> FabricChoice:
    """A non-blocking storage fabric at the slower of the servers' and the appliance's
    storage ports, InfiniBand when the appliance speaks it (NDR ports), else Ethernet."""
    from planner.fabric.ports import device_ports

    assert design.storage is not None
    speeds = []
    tech: Literal["infiniband", "ethernet"] = "ethernet"
    for slug in (design.server, design.storage.device):
        dp = device_ports(catalog, slug)
        ports = dp.role("storage") if dp is not None else []
        speeds += [p.speed_gbps for p in ports]
        if slug == design.storage.device:
            dev = catalog.device(slug)
            names = {p.name for p in ports}
            if any(i.name in names and (i.type or "").startswith("infiniband") for i in dev.interfaces):
                tech = "infiniband"
    return FabricChoice(kind="storage", technology=tech, speed_gbps=min(speeds) if speeds else 100.0,
                        oversubscription=1.0, rail_optimised=False)


# -- power -------------------------------------------------------------------------------------------


@dataclass
class _PduModel:
    slug: str
    voltage_v: float
    phases: int
    amps: float
    outlets: int
    phase_of: Callable[[int], int]
    phase_cap_w: float  # derated real power per phase (whole PDU for single phase)
    # the feed's continuous_derating: None for the engine's (NEC 80 %), 1.0 for an EU PDU
    # (planner.model.regions.CONTINUOUS_DERATING)
    feed_derating: float | None = None


def _pdu_model(catalog: Catalog, slug: str) -> _PduModel:
    """What the generator needs of PDU ``slug``: its phases' derated capacity at the
    continuous-load rule of its region (NEC 80 % for North America, the rating for an EU
    PDU: planner.model.regions)."""
    from planner.engine import physics
    from planner.model.regions import CONTINUOUS_DERATING

    s = _settings()
    info = _specs(catalog).device(slug).pdu
    if info is None:  # choices() refuses these first; rack_fit may be called before it
        raise DesignError(tmsg("pdu: {pdu!r} is not a PDU", pdu=slug))
    d = catalog.get("device-types", slug)
    spec = d.planning.pdu if d is not None and d.planning is not None else None
    feed_der = CONTINUOUS_DERATING["eu"] if spec is not None and spec.site_region == "eu" else None
    cap = physics.feed_capacity_w(info.voltage_v, info.amps, info.phases, s.power_factor,
                                  feed_der or s.continuous_derating)
    return _PduModel(slug, info.voltage_v, info.phases, info.amps, info.outlets, info.phase_of,
                     cap / (3 if info.phases == 3 else 1), feed_der)


IMBALANCE_PERCENT = 20.0  # the engine's phase_imbalance_warn_percent (EngineSettings)


def _assign_cords(loads: list[tuple[str, float, int]], sides: list[list[int]], pdu: _PduModel,
                  mode: str = "phase", *, pack: bool | str | None = None
                  ) -> tuple[list[list[tuple[int, int]]], float]:
    """Cords of each device ``(id, max W, cords)`` to PDUs (index into the rack's PDUs) and
    outlets: a device's cords alternate sides; each takes the least-loaded phase of its
    side's PDUs (then the first PDU, the lowest free outlet), heaviest cords first (as an
    installer balancing phases would). ``pack``: each cord on the least-loaded phase of the
    side's first PDU that still carries it after a side is lost (phases filled evenly PDU by
    PDU: eight cords on two PDUs become 2/2/2 and 1/1/0, not 2/2/1 and 1/1/1). ``pack="triples"``:
    a side's cords in threes (one per phase), each three on the first PDU that carries it after
    a side is lost, the one to two left over on a PDU of their own where one is free (sixteen
    cords on four PDUs: 6, 6, 3, 1). ``pack="heavy"``: the same with only the side's heavy
    cords (at least half the heaviest) in threes, the light ones (switches beside servers)
    then each on the least-loaded phase of the first PDU that carries it: sixteen server and
    two switch cords on four PDUs become 6, 6, 3 and 1 server cords with the switches on the
    phases they leave light, where threes of eighteen would put five servers and both
    switches on one PDU (2/2/1 heavy: imbalanced). Returns the cords, in ``loads`` order,
    and the heaviest phase load after losing a side."""
    if pack is None:  # ``mode``: "phase" spreads each cord on its side's least-loaded phase, "triples" in threes
        pack = "triples" if mode == "triples" else False
    n_pdus = sum(len(s) for s in sides)
    free: list[dict[int, list[int]]] = []
    for _ in range(n_pdus):
        by_phase: dict[int, list[int]] = {}
        for o in range(pdu.outlets, 0, -1):
            by_phase.setdefault(pdu.phase_of(o), []).append(o)
        free.append(by_phase)
    normal = [[0.0, 0.0, 0.0] for _ in range(n_pdus)]
    out: list[list[tuple[int, int]]] = [[] for _ in loads]
    order = sorted(range(len(loads)), key=lambda i: (-loads[i][1] / loads[i][2], i))
    target: dict[tuple[int, int], int] = {}
    if pack in ("triples", "heavy") and pdu.phases == 3:
        cap = pdu.phase_cap_w * FILL
        for si, side in enumerate(sides):
            seq = [(i, c, loads[i][1] / loads[i][2]) for i in order for c in range(loads[i][2]) if c % len(sides) == si]
            if pack == "heavy" and seq:
                seq = [x for x in seq if x[2] >= 0.5 * seq[0][2]]  # heaviest first
            per_phase = {k: 0.0 for k in side}
            count = {k: 0 for k in side}
            chunks = [seq[n:n + 3] for n in range(0, len(seq), 3)]
            for chunk in chunks:
                w = max(x[2] for x in chunk)
                room = [k for k in side if (per_phase[k] + w) * len(sides) <= cap and count[k] + len(chunk) <= pdu.outlets]
                if len(chunk) < 3:  # the leftover on a PDU of its own, else the least loaded
                    empty = [k for k in room if count[k] == 0]
                    room = empty or sorted(room, key=lambda k: (per_phase[k], k))
                k = room[0] if room else min(side, key=lambda k: (per_phase[k], k))
                per_phase[k] += w
                count[k] += len(chunk)
                for i, c, _w in chunk:
                    target[(i, c)] = k
    for i in order:
        _dev, max_w, cords = loads[i]
        for c in range(cords):
            side = sides[c % len(sides)]
            best = None
            if (i, c) in target:
                k = target[(i, c)]
                best = min(((normal[k][ph], 0, ph, k) for ph, lst in free[k].items() if lst), default=None)
            elif pack:  # the first PDU whose least-loaded phase still carries the cord with a side lost
                cap = pdu.phase_cap_w * FILL
                for j, k in enumerate(side):
                    opts = [(normal[k][ph], j, ph, k) for ph, lst in free[k].items() if lst]
                    if opts and (min(opts)[0] + max_w / cords) * len(sides) <= cap:
                        best = min(opts)
                        break
            if best is None:
                best = min(((normal[k][ph], j, ph, k) for j, k in enumerate(side) for ph, lst in free[k].items()
                            if lst), default=None)
            if best is None:
                raise DesignError(tmsg("pdu: more cords than outlets"))
            _load, _j, ph, k = best
            outlet = free[k][ph].pop()
            normal[k][ph] += max_w / cords
            out[i].append((k, outlet))
    # failover: a side lost, each device's draw on its cords on the other side(s)
    worst = 0.0
    side_of = {k: i for i, s in enumerate(sides) for k in s}
    for lost in range(len(sides)) if len(sides) > 1 else [None]:
        load = [[0.0, 0.0, 0.0] for _ in range(n_pdus)]
        for (_dev, max_w, _cords), mine in zip(loads, out):
            live = [(k, o) for k, o in mine if side_of[k] != lost]
            if not live:
                continue  # a single-corded device goes down with its side
            for k, o in live:
                load[k][pdu.phase_of(o)] += max_w / len(live)
        worst = max(worst, max(max(x) for x in load))
    return out, worst


def _failover_phase_loads(loads: list[tuple[str, float, int]], cords: list[list[tuple[int, int]]],
                          sides: list[list[int]], pdu: _PduModel) -> list[list[float]]:
    """Per PDU and phase, the heaviest load with either side lost (a device's load shared by
    its cords that stay live; one side: as it is)."""
    side_of = {k: i for i, x in enumerate(sides) for k in x}
    n_pdus = sum(len(x) for x in sides)
    worst = [[0.0, 0.0, 0.0] for _ in range(n_pdus)]
    for lost in range(len(sides)) if len(sides) > 1 else [None]:
        load = [[0.0, 0.0, 0.0] for _ in range(n_pdus)]
        for (_dev, max_w, _n), mine in zip(loads, cords):
            live = [(k, o) for k, o in mine if side_of[k] != lost]
            for k, o in live:
                load[k][pdu.phase_of(o)] += max_w / len(live)
        worst = [[max(a, b) for a, b in zip(w, x)] for w, x in zip(worst, load)]
    return worst


def _imbalanced_count(loads: list[tuple[str, float, int]], cords: list[list[tuple[int, int]]], sides: list[list[int]],
                      pdu: _PduModel) -> int:
    """How many PDUs of this cord assignment get the engine's PDU_PHASE_IMBALANCE: phase
    currents more than the warning's share apart while its worst phase after losing a side
    carries at least ``phase_imbalance_min_load`` of its derated current (three-phase only;
    the currents of a wye PDU are proportional to the phase loads)."""
    from planner.engine import physics

    if pdu.phases != 3:
        return 0
    s = _settings()
    normal = [[0.0, 0.0, 0.0] for _ in range(sum(len(x) for x in sides))]
    for (_dev, max_w, n), mine in zip(loads, cords):
        for k, o in mine:
            normal[k][pdu.phase_of(o)] += max_w / n
    worst = _failover_phase_loads(loads, cords, sides, pdu)
    cap = pdu.phase_cap_w  # derated real power per phase
    return sum(1 for k, ph in enumerate(normal) if physics.imbalance_percent(tuple(ph)) > s.phase_imbalance_warn_percent
               and max(worst[k]) > s.phase_imbalance_min_load * cap)


def _imbalanced(loads: list[tuple[str, float, int]], cords: list[list[tuple[int, int]]], sides: list[list[int]],
                pdu: _PduModel) -> bool:
    """Whether a PDU of this cord assignment gets the engine's PDU_PHASE_IMBALANCE
    (:func:`_imbalanced_count`)."""
    return _imbalanced_count(loads, cords, sides, pdu) > 0


def _failover_worst(loads: list[tuple[str, float, int]], cords: list[list[tuple[int, int]]], sides: list[list[int]],
                    pdu: _PduModel) -> float:
    """The heaviest phase load after losing a side (as :func:`_assign_cords` reports it)."""
    return max((max(ph) for ph in _failover_phase_loads(loads, cords, sides, pdu)), default=0.0)


def _pdu_score(ph: list[float], pdu: _PduModel) -> float:
    """How far one PDU's phases are over the engine's imbalance limit (0: within it)."""
    mean = (ph[0] + ph[1] + ph[2]) / 3
    if mean <= 0 or max(ph) <= 0.1 * pdu.phase_cap_w:
        return 0.0
    return max(0.0, max(abs(x - mean) for x in ph) / mean * 100 - (IMBALANCE_PERCENT - 1.0))


def _imbalance_score(loads: list[tuple[str, float, int]], cords: list[list[tuple[int, int]]], pdu: _PduModel
                     ) -> float:
    """How far the PDUs' phases are over the engine's imbalance limit, summed (0: none is)."""
    per: dict[int, list[float]] = {}
    for (_dev, max_w, n), mine in zip(loads, cords):
        for k, o in mine:
            per.setdefault(k, [0.0, 0.0, 0.0])[pdu.phase_of(o)] += max_w / n
    return sum(_pdu_score(ph, pdu) for ph in per.values())


def _rebalance(loads: list[tuple[str, float, int]], cords: list[list[tuple[int, int]]], sides: list[list[int]],
               pdu: _PduModel, rounds: int = 40) -> list[list[tuple[int, int]]]:
    """Move single cords to another phase of a PDU on the same side (a free outlet), or let
    two cords of a side trade places, while that brings the PDUs' phases nearer balance and
    the rack still carries a lost side (best move first, up to ``rounds``)."""
    if pdu.phases != 3:
        return cords
    cords = [list(c) for c in cords]
    phase = [0] + [pdu.phase_of(o) for o in range(1, pdu.outlets + 1)]
    side_of = {k: i for i, s in enumerate(sides) for k in s}
    n_pdus = sum(len(s) for s in sides)
    load = [[0.0, 0.0, 0.0] for _ in range(n_pdus)]
    for (_dev, max_w, n), mine in zip(loads, cords):
        for k, o in mine:
            load[k][phase[o]] += max_w / n
    pscore = [_pdu_score(ph, pdu) for ph in load]
    used = {(k, o) for mine in cords for k, o in mine}
    cap = pdu.phase_cap_w * FILL

    def trial(changes: list[tuple[int, int, float]]) -> float:
        """Score change of adding w to (pdu, phase) for each change (undone after)."""
        touched = {k for k, _ph, _w in changes}
        for k, ph, w in changes:
            load[k][ph] += w
        got = sum(_pdu_score(load[k], pdu) - pscore[k] for k in touched)
        for k, ph, w in changes:
            load[k][ph] -= w
        return got

    Move = tuple[float, int, int, tuple[int, int], int, int, tuple[int, int]]  # gain, cord, its new end, partner
    for _ in range(rounds):
        if sum(pscore) <= 0:
            break
        best: Move | None = None
        for i, mine in enumerate(cords):
            w = loads[i][1] / loads[i][2]
            for c, (k, o) in enumerate(mine):
                for k2 in sides[side_of[k]]:
                    for ph in range(3):
                        if k2 == k and ph == phase[o]:
                            continue
                        gain = trial([(k, phase[o], -w), (k2, ph, w)])
                        if gain >= -1e-9 or (best is not None and gain >= best[0]):
                            continue
                        o2 = next((x for x in range(1, pdu.outlets + 1) if phase[x] == ph and (k2, x) not in used),
                                  None)
                        if o2 is None:
                            continue
                        mine[c] = (k2, o2)
                        if _failover_worst(loads, cords, sides, pdu) <= cap:
                            best = (gain, i, c, (k2, o2), -1, -1, (k, o))
                        mine[c] = (k, o)
        flat = [(i, c) for i, mine in enumerate(cords) for c in range(len(mine))]
        for x, (i, c) in enumerate(flat):
            wi = loads[i][1] / loads[i][2]
            for j, d in flat[x + 1:]:
                wj = loads[j][1] / loads[j][2]
                a, b2 = cords[i][c], cords[j][d]
                if side_of[a[0]] != side_of[b2[0]] or abs(wi - wj) < 1e-9 \
                        or a[0] == b2[0] and phase[a[1]] == phase[b2[1]]:
                    continue
                gain = trial([(a[0], phase[a[1]], wj - wi), (b2[0], phase[b2[1]], wi - wj)])
                if gain >= -1e-9 or (best is not None and gain >= best[0]):
                    continue
                cords[i][c], cords[j][d] = b2, a
                if _failover_worst(loads, cords, sides, pdu) <= cap:
                    best = (gain, i, c, b2, j, d, a)
                cords[i][c], cords[j][d] = a, b2
        if best is None:
            break
        _gain, i, c, new_end, j, d, other = best
        wi = loads[i][1] / loads[i][2]
        if j >= 0:  # a swap: both outlets stay in use
            wj = loads[j][1] / loads[j][2]
            load[other[0]][phase[other[1]]] += wj - wi
            load[new_end[0]][phase[new_end[1]]] += wi - wj
            cords[i][c], cords[j][d] = new_end, other
        else:
            load[other[0]][phase[other[1]]] -= wi
            load[new_end[0]][phase[new_end[1]]] += wi
            cords[i][c] = new_end
            used.discard(other)
            used.add(new_end)
        pscore = [_pdu_score(ph, pdu) for ph in load]
    return cords


def choose_cords(loads: list[tuple[str, float, int]], n_sides: int, pdu: _PduModel
                 ) -> tuple[int, list[list[int]], list[list[tuple[int, int]]]] | None:
    """PDUs per side and every cord's PDU and outlet for a rack's ``loads``: the fewest PDUs
    per side (up to four) whose phases carry the rack after losing a side (each at most 90 %
    of its continuous rating) with no PDU's phases imbalanced (the engine's 20 %), trying both
    ways of spreading cords (:func:`_assign_cords`); where no count balances, the fewest that
    carry the rack. None: four per side do not carry it."""
    fallback = None
    for per_side in range(1, MAX_PDUS_PER_SIDE + 1):
        sides = [[s + n_sides * k for k in range(per_side)] for s in range(n_sides)]
        if sum(c for _, _, c in loads) > pdu.outlets * per_side * n_sides:
            continue
        last = None
        for mode in ("phase", "triples"):
            try:
                cords, worst = _assign_cords(loads, sides, pdu, mode)
            except DesignError:
                continue
            last = (per_side, sides, cords)
            if worst <= pdu.phase_cap_w * FILL:
                if _imbalanced(loads, cords, sides, pdu):
                    cords = _rebalance(loads, cords, sides, pdu)
                if not _imbalanced(loads, cords, sides, pdu):
                    return per_side, sides, cords
                if fallback is None:
                    fallback = (per_side, sides, cords)
        if per_side == MAX_PDUS_PER_SIDE and fallback is None and last is not None:
            fallback = last  # none carries it: the most there are (the engine then says so)
    return fallback


def _optics_w(plan: Plan, catalog: Catalog) -> dict[str, float]:
    """Per placement, the power of the transceivers and active cables plugged into it, as
    the engine adds it to the device's draw (the media of each link end,
    :func:`planner.fabric.analysis.link_facts`; summed as the engine's ``end_sums``)."""
    from planner.fabric.analysis import _Ports, link_facts
    from planner.fabric.media import MediaChooser

    cache, chooser = _Ports(catalog), MediaChooser(catalog)
    fabrics = {f.id: f for f in plan.fabrics}
    pl = plan.index.placements
    dflt = _settings().cable_length_default_m
    per: dict[str, list[float]] = {}
    for lk in plan.links:
        facts = link_facts(cache, chooser, pl, fabrics.get(lk.fabric), lk, dflt)
        if facts.end_power_w:
            for e in {facts.a, facts.b}:
                per.setdefault(e, []).append(facts.power_at(e))
    return {pid: math.fsum(ws) for pid, ws in per.items()}


def _power_rack(plan: Plan, catalog: Catalog, rack: Rack, pdus: _PduModel | Sequence[_PduModel], redundancy: str,
                checker: PlacementChecker, optics_w: dict[str, float]) -> int:
    """0U PDUs on feeds of their own for ``rack``, as many per side as its maximum draw needs,
    and every device's cords on them. With several ``pdus`` (an EU plan: the 16, 32 and 63 A
    PDUs, smallest first) the rack takes the first that carries it with at most two per side,
    else the last with up to four (planner.model.regions); a configuration whose phases come out
    imbalanced (the engine's PDU_PHASE_IMBALANCE) gives way to the next that is balanced."""
    cands = [pdus] if isinstance(pdus, _PduModel) else list(pdus)
    specs = _specs(catalog)
    loads = []
    for p in rack.placements:
        sp = specs.device(p.device)
        if sp.pdu is not None or not sp.cords:
            continue
        loads.append((p.id, sp.max_w + optics_w.get(p.id, 0.0), sp.cords))
    if not loads:
        return 0
    n_sides = 2 if redundancy == "2N" else 1

    # (PDU, per side) in the order an architect would pick them: the smaller PDUs (EU) at
    # most two per side, then the largest up to four, then the smaller ones up to four; the
    # first that carries the rack after losing a side with its phases balanced wins (cords
    # spread over the side's PDUs, else packed PDU by PDU), else the first that carries it
    configs = ([(c, n) for c in cands[:-1] for n in range(1, min(2, MAX_PDUS_PER_SIDE) + 1)]
               + [(cands[-1], n) for n in range(1, MAX_PDUS_PER_SIDE + 1)]
               + [(c, n) for c in cands[:-1] for n in range(3, MAX_PDUS_PER_SIDE + 1)])
    chosen = None
    pdu = cands[-1]
    fitting: tuple[_PduModel, tuple[int, list[list[int]], list[list[tuple[int, int]]]]] | None = None
    last = None
    for cand, per_side in configs:
        sides = [[s + n_sides * k for k in range(per_side)] for s in range(n_sides)]
        if sum(c for _, _, c in loads) > cand.outlets * per_side * n_sides:
            continue
        for pack in (False, True, "triples", "heavy"):
            cords, worst = _assign_cords(loads, sides, cand, pack=pack)
            if cand is cands[-1]:
                last = (cand, (per_side, sides, cords))
            if worst > cand.phase_cap_w * FILL:
                continue
            if not _imbalanced(loads, cords, sides, cand):
                chosen, pdu = (per_side, sides, cords), cand
                break
            fitting = fitting or (cand, (per_side, sides, cords))
        if chosen is not None:
            break
    if chosen is None and fitting is not None:
        pdu, chosen = fitting
        per_side, sides, cords = chosen  # the cords allow no balanced spread: move cords between PDUs
        chosen = (per_side, sides, _rebalance(loads, cords, sides, pdu))
    if chosen is None and last is not None:
        pdu, chosen = last
    if chosen is None:
        raise DesignError(tmsg("pdu: {rack} needs more than {n} {pdu} per side", rack=rack.name, n=MAX_PDUS_PER_SIDE,
                                pdu=pdu.slug))
    per_side, sides, cords = chosen
    pdu_ids = []
    for k in range(per_side * n_sides):
        letter = "AB"[k % n_sides]
        n = k // n_sides + 1
        fid = f"feed-{rack.id}-{letter.lower()}{n}"
        AddItem(PowerFeed(id=fid, name=f"{rack.name} {letter}{n}", side=letter, voltage_v=pdu.voltage_v,
                          phases=3 if pdu.phases == 3 else 1, breaker_a=pdu.amps, source=f"UPS-{letter}",
                          continuous_derating=pdu.feed_derating)).apply(plan)
        pid = f"pdu-{rack.id}-{letter.lower()}{n}"
        # side A on the left, B on the right, two at the rear (where the PSUs are), then two at the front
        AddPlacement(rack.id, Placement(id=pid, device=pdu.slug, name=f"PDU {rack.name} {letter}{n}",
                                        side="left" if letter == "A" else "right",
                                        face="rear" if n <= 2 else "front", feed=fid),
                     checker).apply(plan)
        pdu_ids.append(pid)
    by_id = {p.id: p for p in rack.placements}
    for (dev_id, _w, _c), mine in zip(loads, cords):
        by_id[dev_id].power = [PowerConnection(pdu=pdu_ids[k], outlet=o) for k, o in mine]
    return _imbalanced_count(loads, cords, sides, pdu)


# -- layout ------------------------------------------------------------------------------------------


def _row_place(i: int, row_len_m: float, rack_d_m: float) -> tuple[float, float, int]:
    """(x, y, orientation) of the i-th row: hot/cold-aisle pairs as planner.design.synthetic lays
    them out (the first of a pair faces +y and runs towards -x from its start, the second
    faces -y, fronts across the cold aisle)."""
    pair_pitch = 2 * rack_d_m + COLD_AISLE_M + HOT_AISLE_M
    y_pair = MARGIN_M + (i // 2) * pair_pitch
    if i % 2 == 0:
        return round(MARGIN_M + row_len_m, 3), round(y_pair + rack_d_m, 3), 180
    return MARGIN_M, round(y_pair + rack_d_m + COLD_AISLE_M, 3), 0


def _rack_dims(catalog: Catalog, slug: str) -> tuple[float, float]:
    rt = catalog.rack_type(slug)
    return ((rt.outer_width_mm or 600.0) / 1000.0, (rt.outer_depth_mm or 1200.0) / 1000.0)


# -- the plan ----------------------------------------------------------------------------------------


@dataclass
class _Build:
    plan: Plan
    catalog: Catalog
    checker: PlacementChecker
    servers: list[str] = field(default_factory=list)
    storage: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    compute_racks: list[Rack] = field(default_factory=list)
    storage_racks: list[Rack] = field(default_factory=list)

    def place(self, rack_id: str, p: Placement) -> None:
        try:
            AddPlacement(rack_id, p, self.checker).apply(self.plan)
        except EditRefused as e:
            raise DesignError(tmsg("{device}: cannot place {name} in {rack}: {reason}", device=p.device, name=p.name,
                                   rack=self.plan.rack(rack_id).name, reason=reason_of(e))) from None


def _as_workload(w: object, k: int, group: str) -> Workload:
    """A plan workload from ``w`` (a Workload or a ``{"name", "kind", "spec"}`` dict) on
    ``group`` unless it names its own; a bad one raises DesignError naming
    ``workloads[k].<field>``."""
    from pydantic import ValidationError

    from planner.base.fileio import field_path, validation_message
    from planner.workloads.specs import SpecError, parse_spec

    if isinstance(w, Workload):
        out = w if w.group is not None else w.model_copy(update={"group": group})
    elif isinstance(w, dict):
        data = {"id": w.get("id") or f"wl-{k + 1}", "name": w.get("name") or f"Workload {k + 1}",
                "kind": w.get("kind"), "spec": w.get("spec") or {}, "group": w.get("group") or group}
        try:
            out = Workload.model_validate(data)
        except ValidationError as e:
            err = e.errors()[0]
            bad = f"workloads[{k}].{field_path(err.get('loc', ()))}"
            raise DesignError(tmsg("{field}: {problem}", field=bad, problem=validation_message(err))) from None
    else:
        raise DesignError(tmsg("workloads[{k}]: a plan workload or a dict with name, kind and spec, not {type}", k=k,
                               type=type(w).__name__))
    if out.group != group:
        raise DesignError(tmsg("workloads[{k}].group: {got!r} is not a group of the generated plan "
                               "(leave it out: the workload runs on the servers, {group!r})", k=k, got=out.group,
                               group=group))
    try:
        parse_spec(out.kind, out.spec)
    except SpecError as e:
        msg = reason_of(e)
        raise DesignError(tmsg("workloads[{k}].{reason}", k=k, reason=msg) if msg.startswith("spec")
                          else tmsg("workloads[{k}]: {reason}", k=k, reason=msg)) from None
    return out


def generate_plan(design: BuildDesign, catalog: Catalog, *, workloads: Iterable[Any] = (),
                  metadata: Metadata | None = None, progress: ProgressFn | None = None,
                  cancel: CancelFn | None = None) -> Plan:
    """The complete plan for ``design`` (module docstring). ``workloads``: plan
    :class:`~planner.model.plan.Workload` objects or ``{"name", "kind", "spec"}`` dicts; those
    without a group get the servers' group. ``progress(fraction, stage)`` and ``cancel()``
    as for auto-wiring (:mod:`planner.fabric.progress`): a cancelled generation raises
    :class:`~planner.base.progress.Cancelled` and returns nothing."""
    st = Steps(progress, cancel)
    st.report(0.0, "Choosing catalog items")
    design = effective_design(design, catalog)
    ch = choices(design, catalog)
    with no_gc():
        plan = _generate(design, catalog, ch, list(workloads), metadata, st)
    st.finish(f"{sum(1 for _ in plan.racks())} racks generated")
    return plan


def _generate(design: BuildDesign, catalog: Catalog, ch: Choices, workloads: list[Any], metadata: Metadata | None,
              st: Steps) -> Plan:
    from planner.fabric.autowire import autowire

    gb200 = design.platform == "gb200-nvl72"
    per_rack = ch.fit.servers_per_rack
    n_servers = design.servers
    if gb200:
        n_servers = math.ceil(design.servers / per_rack) * per_rack
    n_compute_racks = math.ceil(n_servers / per_rack)
    rack_w, rack_d = _rack_dims(catalog, ch.rack_type)
    net_w, net_d = _rack_dims(catalog, ch.network_rack_type)
    rack_d_max = max(rack_d, net_d)
    method = COOLING_METHODS[design.cooling]

    # storage racks: appliances by U and 90 % of air with containment
    spec = _specs(catalog)
    stor_per_rack = 0
    storage = design.storage
    n_storage = storage.count if storage is not None else 0
    if storage is not None and n_storage:
        sdev = _device(catalog, storage.device, "storage.device")
        sspec = spec.device(storage.device)
        nrt = catalog.rack_type(ch.network_rack_type)
        h = max(1, math.ceil(sdev.u_height or 1))
        sto_ends = len(_role_ports(catalog, storage.device, "storage"))
        by_kw = int((_settings().air_containment_limit_kw * 1000 * FILL - 200.0)
                    // (sspec.max_w + OPTICS_W * sto_ends))
        limit = [(nrt.u_height - 2) // h, by_kw]
        if design.max_rack_kw is not None:
            limit.append(int((design.max_rack_kw * 1000 - 200.0) // (sspec.max_w + OPTICS_W * sto_ends)))
        stor_per_rack = min(limit)
        if stor_per_rack < 1:
            raise DesignError(tmsg("storage.device: one {device} does not fit a rack's limits", device=storage.device))
    # all the storage in one compute rack when it fits (storage_home), else storage racks
    sto_home = storage_home(design, catalog, ch, n_servers) if not gb200 else None
    n_storage_racks = math.ceil(n_storage / stor_per_rack) if n_storage and sto_home is None else 0

    # network racks: estimate them now (the same fat-tree sizing auto-wire uses) for the layout;
    # a fabric whose switches fit a compute or storage rack goes there (switch_homes)
    sw_per_rack = {}
    est_net_racks = 0
    fabs = []
    for fc, sw, role in ((design.compute, ch.compute_switch, "compute"),
                         (design.storage_fabric or (_storage_fabric(design, catalog) if n_storage else None),
                          ch.storage_switch, "storage"),
                         (design.frontend, ch.frontend_switch, "frontend")):
        if fc is None or sw is None:
            continue
        sw_per_rack[sw] = _switches_per_rack(catalog, sw, ch.network_rack_type, design)
        fabs.append((role, sw, _estimate_switches(catalog, design, sw, role, n_servers, fc)))
    homes = dict(zip([r for r, _, _ in fabs],
                     switch_homes(design, catalog, ch, n_servers, n_storage, stor_per_rack,
                                  [(sw, n) for _, sw, n in fabs], [r for r, _, _ in fabs], sto_home)))
    if sto_home is not None and homes.get("storage", sto_home) is None:
        # the storage fabric's switches do not fit beside it: storage racks, the switches with them
        sto_home = None
        stor_per_rack = stor_per_rack or 1
        n_storage_racks = math.ceil(n_storage / stor_per_rack)
        homes = dict(zip([r for r, _, _ in fabs],
                         switch_homes(design, catalog, ch, n_servers, n_storage, stor_per_rack,
                                      [(sw, n) for _, sw, n in fabs], [r for r, _, _ in fabs])))
    for role, sw, n in fabs:
        if homes[role] is None:
            est_net_racks += math.ceil(n / sw_per_rack[sw])

    compute_rows = [min(RACKS_PER_ROW, n_compute_racks - k) for k in range(0, n_compute_racks, RACKS_PER_ROW)]
    net_row_racks = n_storage_racks + est_net_racks
    row_len = max([c * rack_w for c in compute_rows] + [net_row_racks * net_w])

    room = Room(id="room-1", name=tf(N_("Data hall {n}"), n=1), width_m=round(2 * MARGIN_M + row_len, 3), depth_m=10.0,
                tile_m=0.6, floor_load_limit_kg_per_m2=NVL_FLOOR_KG_PER_M2 if gb200 else 1500.0)
    md = (metadata or Metadata()).model_copy(update={"site_region": design.region})
    if not md.project:
        md = md.model_copy(update={"project": design.name or _title(design, catalog, n_servers)})
    if not md.author:
        md = md.model_copy(update={"author": gettext(N_("Rackwright generator"))})
    plan = Plan(metadata=md, site=Site(name=gettext(N_("Site")), rooms=[room]))
    b = _Build(plan, catalog, PlacementChecker(catalog))

    # cooling loops
    loops: dict[int, str] = {}  # compute row index -> loop id
    facility = None
    if design.cooling in ("rdhx", "immersion"):
        facility = "loop-facility"
    rack_no = 0
    rack_prefix = "NVL72" if gb200 else "GPU"
    sdev = catalog.device(design.server)
    s_height = max(1, math.ceil(sdev.u_height or 1))
    for i, count in enumerate(compute_rows):
        x, y, orient = _row_place(i, row_len, rack_d_max)
        row = Row(id=f"row-{i + 1}", name=tf(N_("Row {n}"), n=i + 1), x_m=x, y_m=y, orientation_deg=orient)
        if design.cooling == "dlc":
            loops[i] = f"loop-row-{i + 1}"
        for pos in range(count):
            rack_no += 1
            loop = loops.get(i) or facility
            row.racks.append(Rack(id=f"rack-{rack_no}", name=f"{rack_prefix}-{rack_no:02d}", rack_type=ch.rack_type,
                                  position=pos, tags=["gpu"],
                                  cooling=CoolingChoice(method=method, unit=ch.cooling_unit
                                                        if design.cooling in ("rdhx", "immersion") else None,
                                                        loop=loop)))
        b.rows.append(row)
        b.compute_racks += row.racks
    net_row = None
    n_rows = len(compute_rows)
    if n_storage_racks or est_net_racks:
        x, y, orient = _row_place(n_rows, row_len, rack_d_max)
        net_row = Row(id="row-net", name=gettext(N_("Network row")), x_m=x, y_m=y, orientation_deg=orient)
        for k in range(n_storage_racks):
            net_row.racks.append(Rack(id=f"rack-sto-{k + 1}", name=f"STO-{k + 1:02d}", rack_type=ch.network_rack_type,
                                      position=k, tags=["storage"], cooling=CoolingChoice(method="air-containment")))
        b.storage_racks = list(net_row.racks)
        b.rows.append(net_row)
    # loops exist before the racks that name them
    pending_loops = []
    if facility is not None:
        pending_loops.append(CoolingLoop(id=facility, name=gettext(N_("Facility water")), kind="facility",
                                         supply_temp_c=FACILITY_SUPPLY_C[design.cooling],
                                         delta_t_k=FACILITY_DELTA_T_K, capacity_kw=1.0))
    for i, lid in loops.items():
        pending_loops.append(CoolingLoop(id=lid, name=tf(N_("CDU loop row {n}"), n=i + 1), kind="in-row", cdu="placeholder",
                                         cdu_count=1, supply_temp_c=CDU_SUPPLY_C, delta_t_k=10.0))
    plan.cooling_loops = pending_loops
    room.rows = b.rows
    plan.reindex()

    # servers (and NVL72 racks' trays, switch trays and shelves) and storage appliances
    st.report(0.05, "Placing servers")
    if gb200:
        _fill_gb200(b, design, ch)
    else:
        left = n_servers
        for rack in b.compute_racks:
            for slot in range(min(per_rack, left)):
                sid = f"srv-{len(b.servers) + 1}"
                b.place(rack.id, Placement(id=sid, device=design.server, name=f"node{len(b.servers) + 1:03d}",
                                           u=2 + slot * s_height))
                b.servers.append(sid)
            left -= min(per_rack, left)
    if storage is not None and n_storage:
        stdev = catalog.device(storage.device)
        h = max(1, math.ceil(stdev.u_height or 1))
        if sto_home is not None:  # above the servers of that compute rack
            rack = b.compute_racks[sto_home]
            base = 2 + sum(1 for p in rack.placements if p.device == design.server) * s_height
        for k in range(n_storage):
            pid = f"sto-{k + 1}"
            if sto_home is not None:
                u = base + k * h
            else:
                rack = b.storage_racks[k // stor_per_rack]
                u = 2 + (k % stor_per_rack) * h
            b.place(rack.id, Placement(id=pid, device=storage.device, name=f"storage{k + 1:02d}", u=u))
            b.storage.append(pid)

    # fabrics
    def wire(kind: str, members: list[str], sw: str, fc: FabricChoice, name: str, part: Steps, **kw: Any) -> None:
        home = homes.get(kind)
        if home is not None:
            racks = b.compute_racks + b.storage_racks
            kw["switch_racks"] = [racks[home].id]
        try:
            res = autowire(plan, catalog, members, sw, kind=kind, oversubscription=fc.oversubscription,
                           rail_optimised=fc.rail_optimised if kind == "compute" else False,
                           rack_type=ch.network_rack_type, fabric_id=f"fab-{kind}", fabric_name=name,
                           progress=part.report, cancel=part.cancel, **kw)
        except EditRefused as e:
            raise DesignError(tmsg("{kind}: {reason}", kind=kind, reason=reason_of(e))) from None
        res.edit.apply(plan)

    net_row_id = net_row.id if net_row is not None else None
    if design.compute is not None and ch.compute_switch is not None:
        st.report(0.15, "Wiring the compute fabric")
        fc = design.compute
        wire("compute", b.servers, ch.compute_switch, fc,
             tf(N_("Compute ({technology}, {speed:g}G, rail-optimised)") if fc.rail_optimised
                else N_("Compute ({technology}, {speed:g}G)"), technology=_technology(fc.technology),
                speed=fc.speed_gbps),
             st.sub(0.15, 0.45), network_row=net_row_id, switches_per_rack=sw_per_rack[ch.compute_switch])
    if n_storage and ch.storage_switch is not None:
        st.report(0.6, "Wiring the storage fabric")
        fc = design.storage_fabric or _storage_fabric(design, catalog)
        members = [s for s in b.servers if _has_role(catalog, plan, s, "storage")] + b.storage
        wire("storage", members, ch.storage_switch, fc,
             tf(N_("Storage ({technology}, {speed:g}G)"), technology=_technology(fc.technology), speed=fc.speed_gbps),
             st.sub(0.6, 0.1), network_row=net_row_id, switches_per_rack=sw_per_rack[ch.storage_switch])
    if design.frontend is not None and ch.frontend_switch is not None:
        st.report(0.7, "Wiring the front-end fabric")
        fc = design.frontend
        members = [s for s in b.servers if _has_role(catalog, plan, s, "frontend")]
        if not members:
            raise DesignError(tmsg("frontend: {server} has no front-end ports", server=design.server))
        wire("frontend", members, ch.frontend_switch, fc,
             tf(N_("Front-end ({technology}, {speed:g}G)"), technology=_technology(fc.technology), speed=fc.speed_gbps),
             st.sub(0.7, 0.05), network_row=net_row_id, switches_per_rack=sw_per_rack[ch.frontend_switch])
    net_racks = [r for r in (net_row.racks if net_row is not None else []) if "storage" not in r.tags]
    for r in net_racks:
        r.cooling = CoolingChoice(method="air-containment")
    if ch.mgmt_switch is not None:
        st.report(0.75, "Wiring the management network")
        _wire_management(plan, catalog, ch, ch.mgmt_switch, b.rows)

    # power: every rack's PDUs and cords, sized for its maximum draw
    st.report(0.85, "Sizing power")
    ends: dict[str, int] = {}
    nvl_fabrics = {f.id for f in plan.fabrics if f.kind == "nvlink"}
    for lk in plan.links:
        if lk.fabric in nvl_fabrics:
            continue
        for e in (lk.a.placement, lk.b.placement):
            ends[e] = ends.get(e, 0) + 1
    # the cords are spread on each device's draw as the engine counts it, its links' optics
    # included (a planning figure per link end would put other loads on the phases than the
    # engine checks: its PDU_PHASE_IMBALANCE on PDUs the generator had balanced)
    optics = _optics_w(plan, catalog)
    # a design's PDU, or North America's largest, for every rack; in the EU each rack the smallest
    # of the 16/32/63 A PDUs that carries it
    pdus = ([_pdu_model(catalog, ch.pdu)] if design.pdu or design.region != "eu"
            else [_pdu_model(catalog, slug) for slug in region_pdus(catalog, "eu")])
    uneven = 0
    for row in b.rows:
        for rack in row.racks:
            if gb200 and rack.rack_type == NVL_RACK:
                continue  # its PDUs and shelf cords are placed with the rack
            uneven += _power_rack(plan, catalog, rack, pdus, design.redundancy, b.checker, optics)
    intended = _intended_warnings(design, catalog, ch, n_servers, uneven, b)

    # cooling loops sized for what they carry
    st.report(0.93, "Sizing cooling")
    _size_loops(plan, catalog, design, ch, b, ends, loops, facility)

    # the room around its rows
    from planner.model.geometry import row_footprints

    x1 = y1 = 0.0
    for row in b.rows:
        for fp in row_footprints(row, catalog):
            x1, y1 = max(x1, fp.bounds[2]), max(y1, fp.bounds[3])
    room.width_m = round(max(room.width_m, x1 + MARGIN_M), 3)
    room.depth_m = round(y1 + MARGIN_M, 3)

    grp = ServerGroup(id="grp-servers", name=gettext(N_("GPU servers") if not gb200 else N_("NVL72 compute trays")),
                      members=list(b.servers))
    AddItem(grp).apply(plan)
    for k, w in enumerate(workloads):
        AddItem(_as_workload(w, k, grp.id)).apply(plan)
    # the PDUs the racks got (an EU plan: each rack the smallest that carries it), smallest first
    used = {p.device for row in b.rows for rack in row.racks for p in rack.placements
            if catalog.device(p.device).kind == "pdu"}
    pdu_models = sorted(used, key=lambda slug: (catalog.device(slug).planning.pdu.apparent_power_va  # type: ignore[union-attr]
                                                 if catalog.device(slug).planning is not None else 0.0, slug))
    notes = _notes(design, ch, n_servers, per_rack, catalog, pdu_models, intended)
    # what the catalog lacked (a cooling unit, a management switch) is for the planner, not the
    # customer's cover: the internal notes, after what the caller put there
    from planner.i18n import message_text

    internal = " ".join(message_text(note) for note in ch.notes)
    update: dict[str, str] = {}
    if not plan.metadata.notes:
        update["notes"] = notes
    if internal:
        update["internal_notes"] = "\n".join(t for t in (plan.metadata.internal_notes, internal) if t)
    if update:
        plan.metadata = plan.metadata.model_copy(update=update)
    st.report(0.97, "Checking the plan")
    return Plan.model_validate(plan.model_dump())


def mgmt_ports(catalog: Catalog, slug: str) -> int:
    """A device's management (BMC) ports the management network wires; 0 for a management switch."""
    from planner.fabric.ports import device_ports

    if not _mgmt_member(catalog, slug):
        return 0
    dp = device_ports(catalog, slug)
    return len(dp.role("management")) if dp is not None else 0


def mgmt_switch_count(catalog: Catalog, switch: str, ports_per_row: Sequence[int]) -> int:
    """Management switches for ``ports_per_row`` management ports in each row (the
    right-sizing rule, docs/plan-for.md): one switch when every port fits its downlinks at
    1 GbE, else end-of-row leaves filled port by port at 8:1 with the spines of one network
    (a network per row when two tiers do not reach). :func:`_wire_management` wires it so."""
    from planner.fabric.ports import link_and_radix
    from planner.fabric.topology import leaf_split

    _link, ports = link_and_radix(catalog, 1.0, switch)
    radix = len(ports)
    total = sum(ports_per_row)
    if radix < 2 or total <= radix:
        return 1 if total else 0
    d, u = leaf_split(radix, MGMT_OVERSUBSCRIPTION)

    def spines(leaves: int) -> int | None:
        if leaves <= 1:
            return 0
        return next((k for k in range(max(1, math.ceil(leaves * u / radix)), u + 1) if u % k == 0), None)

    leaves = [math.ceil(n / d) for n in ports_per_row if n]
    one = spines(sum(leaves))
    if one is not None:
        return sum(leaves) + one
    return sum(n + (spines(n) or 0) for n in leaves)


def _wire_management(plan: Plan, catalog: Catalog, ch: Choices, switch: str, rows: list[Row], *,
                     fabric_id: str = "fab-mgmt", name: str | None = None) -> None:
    """The management network sized to the ports in use (:func:`mgmt_switch_count`): one
    switch at the top of the first compute rack when every BMC/management port fits it,
    else leaves per row (filled port by port) and spines, in the network row's racks first;
    one network per row where two tiers do not reach. ``fabric_id``/``name``: the network's
    (planner.design.grow gives a growth phase's racks a network of their own)."""
    from planner.fabric.autowire import autowire
    from planner.fabric.ports import link_and_radix

    def members(rs: list[Row]) -> list[str]:
        return [p.id for row in rs for rk in row.racks for p in rk.placements if _mgmt_member(catalog, p.device)]

    radix = len(link_and_radix(catalog, 1.0, switch)[1])

    def wire(rs: list[Row], fid: str, name: str) -> None:
        ids = members(rs)
        if not ids:
            return
        one = sum(mgmt_ports(catalog, plan.placement(i).device) for i in ids) <= radix
        res = autowire(plan, catalog, ids, switch, kind="management", oversubscription=MGMT_OVERSUBSCRIPTION,
                       rail_optimised=False, leaf_per=None if one else "row",
                       # one switch: the first compute rack's top U; spines in the network row first
                       switch_racks=[rk.id for row in (rs if one else list(reversed(rs))) for rk in row.racks],
                       rack_type=ch.network_rack_type, network_row=rs[-1].id, fabric_id=fid, fabric_name=name)
        res.edit.apply(plan)

    try:
        wire(rows, fabric_id, name or gettext(N_("Management (1 GbE)")))
        return
    except EditRefused:
        pass  # more leaves than two tiers reach: one network per row
    for row in rows:
        try:
            wire([row], f"{fabric_id}-{row.id}", tf(N_("Management {row} (1 GbE)"), row=row.name))
        except EditRefused as e:
            raise DesignError(tmsg("management: {reason}", reason=reason_of(e))) from None


def _has_role(catalog: Catalog, plan: Plan, pid: str, role: str) -> bool:
    from planner.fabric.ports import device_ports

    dp = device_ports(catalog, plan.placement(pid).device)
    return dp is not None and bool(dp.role(role))


def _mgmt_member(catalog: Catalog, slug: str) -> bool:
    from planner.fabric.ports import device_ports

    d = catalog.get("device-types", slug)
    sw = _switch_spec(d)
    if sw is not None and sw.fabric == "management":
        return False
    dp = device_ports(catalog, slug)
    return dp is not None and bool(dp.role("management"))


def _switches_per_rack(catalog: Catalog, sw: str, rack_type: str, design: BuildDesign) -> int:
    """Switches one network rack holds: its U (top U for management, U1 free) and 90 % of air
    with containment (or the design's max_rack_kw) at the switch's draw and its ports' optics."""
    d = catalog.device(sw)
    sp = _specs(catalog).device(sw)
    rt = catalog.rack_type(rack_type)
    h = max(1, math.ceil(d.u_height or 1))
    from planner.fabric.ports import device_ports

    dp = device_ports(catalog, sw)
    ports = len([p for p in dp.ports if p.role == "fabric"]) if dp is not None else 0
    w = sp.max_w + OPTICS_W * ports
    budget = _settings().air_containment_limit_kw * 1000 * FILL - 200.0
    if design.max_rack_kw is not None:
        budget = min(budget, design.max_rack_kw * 1000 - 200.0)
    return max(1, min((rt.u_height - 2) // h, int(budget // w)))


def _compute_headroom(design: BuildDesign, catalog: Catalog, ch: Choices, n_servers: int
                      ) -> tuple[list[float], list[float], list[float]]:
    """Free U (U1 and the top U kept), power and cooling headroom (W) and room-air headroom
    (direct liquid: W) of each compute rack as the servers fill them; none for immersion
    tanks and GB200 NVL72 racks (they take no other device)."""
    free_u: list[float] = []
    free_w: list[float] = []
    free_air: list[float] = []
    if design.platform == "gb200-nvl72" or design.cooling == "immersion":
        return free_u, free_w, free_air
    fit = ch.fit
    per = fit.servers_per_rack
    s = _settings()
    sdev = catalog.device(design.server)
    spec = _specs(catalog).device(design.server)
    h = max(1, math.ceil(sdev.u_height or 1))
    rt = catalog.rack_type(ch.rack_type)
    pdu = _pdu_model(catalog, ch.pdu)
    pdu_w = MAX_PDUS_PER_SIDE * (3 if pdu.phases == 3 else 1) * pdu.phase_cap_w * FILL * FILL
    cap_w = fit.cooling_kw * 1000 * FILL
    if design.max_rack_kw is not None:
        cap_w = min(cap_w, design.max_rack_kw * 1000)
    left = n_servers
    for _ in range(math.ceil(n_servers / per)):
        k = min(per, left)
        left -= k
        free_u.append(rt.u_height - 2 - k * h)
        free_w.append(min(cap_w, pdu_w) - k * fit.server_kw * 1000 - 200.0)
        free_air.append(s.residual_air_limit_kw * 1000 * FILL - k * spec.max_w * (1 - spec.liquid_fraction) - 200.0
                        if design.cooling == "dlc" else math.inf)
    return free_u, free_w, free_air


def _storage_unit(catalog: Catalog, design: BuildDesign) -> tuple[int, float]:
    """(U, W with optics) of one storage appliance of the design."""
    assert design.storage is not None
    sdev = catalog.device(design.storage.device)
    sspec = _specs(catalog).device(design.storage.device)
    return (max(1, math.ceil(sdev.u_height or 1)),
            sspec.max_w + OPTICS_W * len(_role_ports(catalog, design.storage.device, "storage")))


def storage_home(design: BuildDesign, catalog: Catalog, ch: Choices, n_servers: int) -> int | None:
    """The right-sizing rule for storage racks (docs/plan-for.md): every storage appliance in
    one compute rack (the last first: it holds the fewest servers) when its free U and
    headroom take them all; its index, or None: storage racks in the network row."""
    if design.storage is None or not design.storage.count:
        return None
    free_u, free_w, free_air = _compute_headroom(design, catalog, ch, n_servers)
    u1, w1 = _storage_unit(catalog, design)
    u, w = u1 * design.storage.count, w1 * design.storage.count
    return next((i for i in reversed(range(len(free_u)))
                 if free_u[i] >= u and free_w[i] >= w and free_air[i] >= w), None)


def switch_homes(design: BuildDesign, catalog: Catalog, ch: Choices, n_servers: int, n_storage: int,
                 stor_per_rack: int, fabrics: Sequence[tuple[str, int]], roles: Sequence[str] = (),
                 storage_rack: int | None = None) -> list[int | None]:
    """The right-sizing rule for network racks (docs/plan-for.md): each fabric's switches
    (``(switch, count)``, in wiring order) go into one compute rack (then one storage rack)
    whose free U (U1 and the top U kept) and power and cooling headroom (90 % of the
    cooling, ``max_rack_kw``, what four PDUs per side carry) take them all, with the
    storage (``storage_rack``: the compute rack holding it, :func:`storage_home`) and the
    fabrics placed before it; index of that rack (compute racks first, then storage racks;
    the storage fabric's own rack first: the appliances' few heavy cords then share the
    PDUs' phases with the switches'), or None: a network rack. Immersion tanks and GB200
    NVL72 racks take none."""
    if not fabrics:
        return []
    s = _settings()
    free_u, free_w, free_air = _compute_headroom(design, catalog, ch, n_servers)
    n_compute = len(free_u)
    if storage_rack is not None and design.storage is not None and storage_rack < n_compute:
        u1, w1 = _storage_unit(catalog, design)
        free_u[storage_rack] -= u1 * n_storage
        free_w[storage_rack] -= w1 * n_storage
        free_air[storage_rack] -= w1 * n_storage
    elif n_storage and design.storage is not None:
        h, w = _storage_unit(catalog, design)
        nrt = catalog.rack_type(ch.network_rack_type)
        cap_w = s.air_containment_limit_kw * 1000 * FILL
        if design.max_rack_kw is not None:
            cap_w = min(cap_w, design.max_rack_kw * 1000)
        for j in range(math.ceil(n_storage / stor_per_rack)):
            k = min(stor_per_rack, n_storage - j * stor_per_rack)
            free_u.append(nrt.u_height - 2 - k * h)
            free_w.append(cap_w - k * w - 200.0)
            free_air.append(math.inf)
    from planner.fabric.ports import device_ports

    out: list[int | None] = []
    for f, (sw, count) in enumerate(fabrics):
        order = list(range(len(free_u)))
        if f < len(roles) and roles[f] == "storage":
            first = [storage_rack] if storage_rack is not None and storage_rack < n_compute else order[n_compute:]
            order = first + [i for i in order if i not in first]
        d = catalog.device(sw)
        dp = device_ports(catalog, sw)
        ports = len([p for p in dp.ports if p.role == "fabric"]) if dp is not None else 0
        u = max(1, math.ceil(d.u_height or 1)) * count
        w = (_specs(catalog).device(sw).max_w + OPTICS_W * ports) * count
        home = next((i for i in order if free_u[i] >= u and free_w[i] >= w and free_air[i] >= w), None)
        if home is not None:
            free_u[home] -= u
            free_w[home] -= w
            free_air[home] -= w
        out.append(home)
    return out


def _estimate_switches(catalog: Catalog, design: BuildDesign, sw: str, role: str, n_servers: int,
                       fc: FabricChoice) -> int:
    from planner.fabric.autowire import laid_out_tree
    from planner.fabric.ports import cage_lanes, device_ports, lanes_of, link_and_radix
    from planner.fabric.topology import FabricDesignError, design_fat_tree

    dp = device_ports(catalog, design.server)
    ports = dp.role(role) if dp is not None else []
    nodes, rails = n_servers, len(ports)
    speeds = [p.speed_gbps for p in ports]
    rail = fc.rail_optimised and role == "compute"
    sp = _role_ports(catalog, design.storage.device, "storage") if role == "storage" and design.storage else []
    speeds += [p.speed_gbps for p in sp]
    if not speeds or not nodes or not rails:
        return 0
    link, sw_ports = link_and_radix(catalog, min(speeds), sw)
    try:
        if sp and design.storage is not None:
            # each port on the lanes it takes, laid out on the leaves as auto-wire lays them (a
            # port as fast as a cage takes all of it, inside one cage of one leaf)
            lanes = cage_lanes(sw_ports, catalog, sw)
            runs: Counter[int] = Counter()
            for p in ports:
                runs[lanes_of(p.speed_gbps, lanes)] += n_servers
            for p in sp:
                runs[lanes_of(p.speed_gbps, lanes)] += design.storage.count
            return laid_out_tree(sorted(runs.items(), reverse=True), lanes[0], len(sw_ports), link,
                                 fc.oversubscription).switches
        return design_fat_tree(nodes, rails, len(sw_ports), link, fc.oversubscription, rail).switches
    except FabricDesignError as e:
        raise DesignError(tmsg("{kind}: {reason}", kind=role, reason=reason_of(e))) from None


def _size_loops(plan: Plan, catalog: Catalog, design: BuildDesign, ch: Choices, b: _Build, ends: dict[str, int],
                loops: dict[int, str], facility: str | None) -> None:
    """CDU loops N+1 with the engine's margin for the liquid heat of their racks; the facility
    loop for the rear doors' (or tanks') heat, with the same margin."""
    s = _settings()
    specs = _specs(catalog)

    def rack_heat(rack: Rack) -> tuple[float, float]:
        total = liquid = 0.0
        for p in rack.placements:
            sp = specs.device(p.device)
            if sp.pdu is not None:
                continue
            w = sp.max_w + OPTICS_W * ends.get(p.id, 0)
            total += w
            liquid += sp.max_w * sp.liquid_fraction
        return total, liquid

    by_id = {lp.id: lp for lp in plan.cooling_loops}
    for i, lid in loops.items():
        need = sum(rack_heat(rk)[1] for rk in b.rows[i].racks if rk.cooling and rk.cooling.loop == lid) / 1000.0
        cdu, count = _pick_cdu(catalog, need * s.loop_margin, ch.cooling_unit if design.cooling == "dlc" else None)
        by_id[lid].cdu, by_id[lid].cdu_count = cdu, count
    if facility is not None:
        heat = 0.0
        cap = catalog.cooling_units[ch.cooling_unit].capacity_kw * 1000 if ch.cooling_unit else 0.0
        for rk in b.compute_racks:
            total, _ = rack_heat(rk)
            heat += min(total, cap) if design.cooling == "rdhx" and cap else total
        by_id[facility].capacity_kw = float(max(10, math.ceil(heat * s.loop_margin / 1000.0 / 10.0) * 10))


def _pick_cdu(catalog: Catalog, need_kw: float, given: str | None) -> tuple[str, int]:
    """The CDU model and count for ``need_kw`` (margin included), N+1: the given one, else the
    in-row CDU with the least installed capacity (then fewest units, then slug); in-rack CDUs
    only when the catalog has no in-row one."""
    if given is not None:
        cap = catalog.cooling_units[given].capacity_kw
        return given, max(1, math.ceil(need_kw / cap)) + 1
    for kind in ("cdu-in-row", "cdu-in-rack"):
        cands = [(cap, slug) for cap, slug in _cooling_units(catalog, (kind,))]
        if cands:
            best = min(((max(1, math.ceil(need_kw / cap)) + 1) * cap, max(1, math.ceil(need_kw / cap)) + 1, slug)
                       for cap, slug in cands)
            return best[2], best[1]
    raise DesignError(tmsg("cooling_unit: the catalog has no CDU for direct liquid cooling"))


def _fill_gb200(b: _Build, design: BuildDesign, ch: Choices) -> None:
    """NVL72 racks as examples/make_gb200_example.py builds them: PDUs on eight feeds, power
    shelves corded to them (shelf k on A1, B1, A2, ...), trays and NVLink switch trays (no AC
    cords: busbar), each rack's NVLink domain wired."""
    from planner.fabric.nvlink_wire import autowire_nvlink_rack

    plan, catalog = b.plan, b.catalog
    shelf = catalog.device(NVL_SHELF).planning
    psus = shelf.busbar.psu_count if shelf is not None and shelf.busbar is not None else None
    if not psus:
        raise DesignError(tmsg("platform: {shelf!r} in the catalog gives no power-shelf PSU count (planning.busbar)",
                               shelf=NVL_SHELF))
    pdu = _pdu_model(catalog, ch.pdu)
    for rack in b.compute_racks:
        rid = rack.id
        pdus = []
        for k, (side, face) in enumerate(NVL_PDU_SLOTS):
            letter = "A" if side == "left" else "B"
            n = k % 4 + 1
            fid = f"feed-{rid}-{letter.lower()}{n}"
            AddItem(PowerFeed(id=fid, name=f"{rack.name} {letter}{n}", side=letter, voltage_v=pdu.voltage_v,
                              phases=3 if pdu.phases == 3 else 1, breaker_a=pdu.amps,
                              source=f"UPS-{letter}", continuous_derating=pdu.feed_derating)).apply(plan)
            pid = f"pdu-{rid}-{letter.lower()}{n}"
            b.place(rid, Placement(id=pid, device=ch.pdu, name=f"PDU {rack.name} {letter}{n}", side=side, face=face,
                                   feed=fid))
            pdus.append(pid)
        for k, u in enumerate(NVL_SHELF_US):
            target = pdus[(k // 2) + (4 if k % 2 else 0)]
            b.place(rid, Placement(id=f"shelf-{rid}-{k + 1}", device=NVL_SHELF, name=f"PS{k + 1} {rack.name}", u=u,
                                   power=[PowerConnection(pdu=target, outlet=n) for n in range(1, psus + 1)]))
        devices = [Placement(id=f"tray-{len(b.servers) + k + 1}", device=NVL_TRAY,
                             name=f"{rack.name.lower()}-ct{k + 1:02d}", u=u) for k, u in enumerate(NVL_TRAY_US)]
        devices += [Placement(id=f"nvsw-{rid}-{k + 1}", device=NVL_SWITCH, name=f"{rack.name.lower()}-sw{k + 1}", u=u)
                    for k, u in enumerate(NVL_SWITCH_US)]
        for p in sorted(devices, key=lambda p: p.u or 0):
            b.place(rid, p)
            if p.device == NVL_TRAY:
                b.servers.append(p.id)
        rack.tags = ["gpu", "nvl72"]
    # every rack's NVLink domain designed before any is applied: a design reads the plan's
    # wired ports, and each rack's are its own (designing against a plan of thousands of
    # links, rack after rack, was most of the time)
    edits = []
    for i, rack in enumerate(b.compute_racks, start=1):
        try:
            edits.append(autowire_nvlink_rack(plan, catalog, rack.id, fabric_id=f"fab-nvl-{i}",
                                              fabric_name=tf(N_("NVLink {rack}"), rack=rack.name)).edit)
        except EditRefused as e:
            raise DesignError(tmsg("platform: NVLink domain of {rack}: {reason}", rack=rack.name,
                                   reason=reason_of(e))) from None
    for edit in edits:
        edit.apply(plan)


def _title(design: BuildDesign, catalog: Catalog, n_servers: int) -> str:
    d = catalog.device(design.server)
    gpus = n_servers * (d.gpu_count or 0)
    model = _model_name(catalog, "device-types", design.server)
    return (tf(N_("{gpus} GPUs: {n} x {model}"), gpus=gpus, n=n_servers, model=model) if gpus
            else tf(N_("{n} x {model}"), n=n_servers, model=model))


def _technology(tech: str) -> str:
    """A fabric technology as its name is written (the same in every language)."""
    return {"infiniband": "InfiniBand", "ethernet": "Ethernet", "roce": "RoCE", "nvlink": "NVLink"}.get(tech, tech)


def _model_name(catalog: Catalog, kind: str, slug: str) -> str:
    """A catalog item as a customer reads it: manufacturer and model ("Nvidia SN2201 (...)"),
    not its slug; the slug when the catalog does not know it."""
    item = catalog.get(kind, slug)
    if item is None:
        return slug
    maker = getattr(item, "manufacturer", None) or getattr(item, "vendor", None) or ""
    model = str(getattr(item, "model", "") or slug)
    return model if not maker or model.lower().startswith(maker.lower()) else f"{maker} {model}"


# what limited the servers per rack (RackFit.binding), as the plan's notes say it
_BINDINGS = {"u": N_("limited by the rack's height units"), "max_rack_kw": N_("limited by the maximum kW per rack"),
             "cooling": N_("limited by the rack's cooling"), "pdu": N_("limited by the PDUs"),
             "design": N_("as the design gives it")}
_COOLING = {"air": N_("air cooling with containment"), "rdhx": N_("rear-door heat exchangers"),
            "dlc": N_("direct liquid cooling"), "immersion": N_("immersion cooling")}


def _intended_warnings(design: BuildDesign, catalog: Catalog, ch: Choices, n_servers: int, uneven_pdus: int,
                       b: _Build) -> list[Message]:
    """The warnings ``rackwright check`` will give that the build cannot avoid, each named by
    its code and explained (they go into the plan's notes, on the build plan's cover):
    phases its racks' few heavy cords cannot balance, servers without compute-fabric ports
    serving from more than one server, a server's own RAM below the engine's ratio, and the
    GB200 NVL72 rack's feeds above 90 % when a side is lost."""
    s = _settings()
    spec = _specs(catalog).device(design.server)
    out: list[Message] = []
    if uneven_pdus:
        out.append(tmsg("Intended warning PDU_PHASE_IMBALANCE on {n} PDUs: their racks hold a few heavy cords that "
                        "no spread over three phases balances within {limit:g} % (they were spread as evenly as "
                        "the cords allow).", n=uneven_pdus, limit=IMBALANCE_PERCENT))
    gpus = spec.gpu_count or 0
    if n_servers > 1 and gpus and spec.compute_gbps / gpus < s.min_compute_gbps_per_gpu and design.compute is None:
        out.append(tmsg("Intended warning BALANCE_NETWORK: the {server} has no compute-fabric ports; each serves "
                        "its replicas inside the server, so no compute fabric is built.",
                        server=_model_name(catalog, "device-types", design.server)))
    if spec.ram_gb and spec.gpu_memory_gb and spec.ram_gb / spec.gpu_memory_gb < s.min_ram_to_gpu_memory:
        out.append(tmsg("Intended warning BALANCE_RAM: the {server} carries {ram:.0f} GB RAM for {mem:.0f} GB GPU "
                        "memory as its maker builds it (below the engine's {ratio:g}x rule of thumb).",
                        server=_model_name(catalog, "device-types", design.server), ram=spec.ram_gb,
                        mem=spec.gpu_memory_gb, ratio=s.min_ram_to_gpu_memory))
    if design.platform == "gb200-nvl72" and b.compute_racks:
        from planner.engine import physics

        pdu = _pdu_model(catalog, ch.pdu)
        cap = physics.feed_capacity_w(pdu.voltage_v, pdu.amps, pdu.phases, s.power_factor,
                                      pdu.feed_derating or s.continuous_derating)
        shelves = len(NVL_SHELF_US)
        rack_w = len(NVL_TRAY_US) * spec.max_w + len(NVL_SWITCH_US) * _specs(catalog).device(NVL_SWITCH).max_w
        per_feed = rack_w / (shelves // 2)  # a side lost: four feeds carry the rack
        if per_feed > cap * s.feed_warn_fraction:
            out.append(tmsg("Intended warnings POWER_FEED_HIGH and PDU_PHASE_HIGH: with one side lost, each NVL72 "
                            "rack's four remaining {amps:g} A feeds carry about {pct:.0%} of their capacity (the "
                            "rack's {kw:.0f} kW on the eight feeds of NVIDIA's power path, one per 33 kW power "
                            "shelf): within their continuous rating, with little margin; circuits listed for 100 "
                            "percent of their rating, two circuits per shelf or a power cap on the rack give more.",
                            amps=pdu.amps, pct=per_feed / cap, kw=rack_w / 1000))
    return out


def _notes(design: BuildDesign, ch: Choices, n_servers: int, per_rack: int, catalog: Catalog,
           pdus: Sequence[str] = (), intended: Sequence[Message] = ()) -> str:
    """The plan's notes (printed on the cover of the build plan): what was built from what, in
    the active language, every item by its catalog model name."""
    from planner.i18n import format_list, message_text

    fit = ch.fit

    def dev(slug: str) -> str:
        return _model_name(catalog, "device-types", slug)

    cooling = gettext(_COOLING[design.cooling]) if design.cooling in _COOLING else design.cooling
    if ch.cooling_unit:
        cooling = tf(N_("{cooling} ({unit})"), cooling=cooling, unit=_model_name(catalog, "cooling", ch.cooling_unit))
    parts = [tf(N_("Generated by Rackwright from a build design: {n} x {server}, {per_rack} per rack ({kw:.1f} kW each "
                   "with optics; {binding}), {cooling}, rack {rack}, PDU {pdu}, {redundancy} feeds."),
                n=n_servers, server=dev(ch.server), per_rack=per_rack, kw=fit.server_kw,
                binding=gettext(_BINDINGS[fit.binding]) if fit.binding in _BINDINGS else fit.binding,
                cooling=cooling, rack=_model_name(catalog, "rack-types", ch.rack_type),
                pdu=format_list([dev(slug) for slug in pdus]) if pdus else dev(ch.pdu),
                redundancy=design.redundancy)]
    for template, sw in ((N_("Compute switches: {model}."), ch.compute_switch),
                         (N_("Storage switches: {model}."), ch.storage_switch),
                         (N_("Front-end switches: {model}."), ch.frontend_switch),
                         (N_("Management switches: {model}."), ch.mgmt_switch)):
        if sw:
            parts.append(tf(template, model=dev(sw)))
    if design.storage is not None:
        parts.append(tf(N_("Storage: {n} x {model}."), n=design.storage.count, model=dev(design.storage.device)))
    parts += [message_text(note) for note in intended]  # the catalog's gaps (ch.notes) go to the internal notes
    return " ".join(parts)


def gpu_count(plan: Plan, catalog: Catalog) -> int:
    """GPUs in ``plan`` (catalog accelerator counts of its placements)."""
    n = 0
    for p, _ in plan.index.iter_placements():
        d = catalog.get("device-types", p.device)
        n += (d.gpu_count or 0) if d is not None else 0
    return n


__all__: Sequence[str] = ("Choices", "DesignError", "RackFit", "choices", "effective_design", "generate_plan", "gpu_count",
                          "pick_switch", "rack_fit")
