"""The generator's rack and floor rules, counted without building the plan.

The workload search (:mod:`planner.design.search`) ranks hundreds of candidates and
cannot generate each plan; it counts racks and floor area here, with the same choices
and rules :func:`planner.design.generate.generate_plan` places by, so a candidate's
racks and floor are its plan's (tests/test_design_search.py generates candidates and
compares):

* :func:`build_choices` -- :func:`planner.design.generate.choices` (servers per compute
  rack and what limits it: U, ``max_rack_kw``, 90 % of the cooling, four PDUs per side;
  the catalog items chosen), memoised per catalog.
* :func:`rack_counts` -- compute racks, storage racks (appliances by U and 90 % of
  contained air) and network racks (fat-tree switches per fabric by U and 90 % of
  contained air, as the generator estimates its network row).
* :func:`floor_layout` -- the room: compute rows of at most
  :data:`planner.design.generate.RACKS_PER_ROW`, the network/storage row after them,
  rows in hot/cold-aisle pairs, a margin to the walls; :func:`racks_on_floor` inverts it
  for a floor area.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from planner.design import generate as gen
from planner.design.model import BuildDesign, FabricChoice, StorageChoice
from planner.i18n import tmsg

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.fabric.topology import FatTree

_T = TypeVar("_T")

LIMITERS = {"u": "space", "max_rack_kw": "max_rack_kw", "cooling": "cooling", "pdu": "pdu", "design": "design"}


@dataclass(frozen=True, slots=True)
class RackCount:
    compute: int
    network: int
    storage: int
    servers_per_rack: int
    limiter: str  # space, max_rack_kw, cooling, pdu, design
    rack_kw_limit: float  # what the limiter allows per rack (kW)
    server_kw: float  # one server's maximum draw with its optics
    # per fabric switch entry (compute, storage, front-end as fabric_switches lists them): the
    # compute/storage rack its switches go in (generate.switch_homes), None: a network rack
    homes: tuple[int | None, ...] = ()
    # the compute rack holding every storage appliance (generate.storage_home), None: storage racks
    storage_home: int | None = None

    @property
    def total(self) -> int:
        return self.compute + self.network + self.storage


def build_choices(design: BuildDesign, catalog: Catalog, memo: dict | None = None) -> gen.Choices:
    """:func:`planner.design.generate.choices` of ``design``, memoised in ``memo``: the
    choices do not depend on the server and storage counts or the oversubscription, and
    the storage device changes only the storage switch (chosen here as ``choices`` does),
    so a search calls ``choices`` once per server, cooling and fabric presence."""
    if memo is None:
        return gen.choices(design, catalog)
    fast = ("choices-fast", design.server, design.cooling, design.platform, design.max_rack_kw, design.compute,
            design.storage, design.storage_fabric, design.frontend, design.management, design.servers_per_rack,
            design.rack_type, design.pdu, design.cooling_unit, design.redundancy) \
        if design.storage is None else None
    if fast is not None and fast in memo:
        return memo[fast]
    got = _build_choices(design, catalog, memo)
    if fast is not None:
        memo[fast] = got
    return got


def _build_choices(design: BuildDesign, catalog: Catalog, memo: dict) -> gen.Choices:
    st = design.storage
    probe = replace(design, servers=1, name="", storage=None if st is None else StorageChoice(_ANY_STORAGE, 1),
                    compute=None if design.compute is None else replace(design.compute, oversubscription=1.0))
    key = ("choices", probe)
    if key not in memo:
        try:
            memo[key] = gen.choices(replace(probe, storage=None if st is None else replace(st, count=1)), catalog)
        except gen.DesignError as e:
            memo[key] = e
    got = memo[key]
    if isinstance(got, Exception):
        raise got
    if st is None or design.storage_fabric is not None:
        return got if st is None else _memo(memo, ("choices-st", probe, st.device),
                                            lambda: gen.choices(replace(probe, storage=replace(st, count=1)), catalog))

    def storage_switch() -> str | Exception:
        if catalog.get("device-types", st.device) is None:
            return gen.DesignError(tmsg("storage.device: {device!r} is not in the catalog", device=st.device))
        sfab = gen._storage_fabric(design, catalog)
        sw = gen.pick_switch(catalog, sfab.technology, sfab.speed_gbps, "storage_fabric")
        if sw is None:
            return gen.DesignError(tmsg("{kind}: the catalog has no {technology} switch with ports at {speed:g} Gb/s",
                                        kind="storage_fabric", technology=sfab.technology, speed=sfab.speed_gbps))
        return sw

    sw = _memo(memo, ("storage_switch", design.server, st.device), storage_switch)
    if isinstance(sw, Exception):
        raise sw
    return replace(got, storage_switch=sw)


_ANY_STORAGE = "-storage-"


def _memo(memo: dict | None, key: Hashable, make: Callable[[], _T]) -> _T:
    if memo is None:
        return make()
    if key not in memo:
        memo[key] = make()
    return memo[key]


def storage_per_rack(design: BuildDesign, catalog: Catalog, ch: gen.Choices, memo: dict | None = None) -> int:
    """Storage appliances per storage rack (generate_plan's rule)."""
    assert design.storage is not None
    slug = design.storage.device

    def make() -> int:
        from planner.fabric.ports import device_ports

        sdev = catalog.device(slug)
        sspec = gen._specs(catalog).device(slug)
        nrt = catalog.rack_type(ch.network_rack_type)
        h = max(1, math.ceil(sdev.u_height or 1))
        dp = device_ports(catalog, slug)
        ends = len(dp.role("storage")) if dp is not None else 0
        w = sspec.max_w + gen.OPTICS_W * ends
        limit = [(nrt.u_height - 2) // h,
                 int((gen._settings().air_containment_limit_kw * 1000 * gen.FILL - 200.0) // w)]
        if design.max_rack_kw is not None:
            limit.append(int((design.max_rack_kw * 1000 - 200.0) // w))
        return min(limit)

    return _memo(memo, ("storage_per_rack", slug, ch.network_rack_type, design.max_rack_kw), make)


def _ports(catalog: Catalog, slug: str, role: str, memo: dict | None) -> list[Any]:
    def make() -> list[Any]:
        from planner.fabric.ports import device_ports

        dp = device_ports(catalog, slug)
        return dp.role(role) if dp is not None else []

    return _memo(memo, ("ports", slug, role), make)


def link_and_radix(catalog: Catalog, speed: float, sw: str, memo: dict | None = None) -> tuple[float, int]:
    """(link speed, switch ports at it): planner.fabric.ports.link_and_radix, memoised."""
    def make() -> tuple[float, int]:
        from planner.fabric.ports import link_and_radix as lr

        link, ports = lr(catalog, speed, sw)
        return link, len(ports)

    return _memo(memo, ("link_and_radix", speed, sw), make)


def fabric_tree(catalog: Catalog, design: BuildDesign, sw: str, role: str, n_servers: int, fc: FabricChoice,
                memo: dict | None = None) -> FatTree | None:
    """The fat tree of one fabric as generate._estimate_switches sizes it (the rules
    auto-wire uses), with the port look-ups memoised; None without ports. Raises
    DesignError when it needs more tiers than the switch allows."""
    key = ("fabric_tree", design.server, sw, role, n_servers, fc,
           None if design.storage is None else (design.storage.device, design.storage.count))
    if memo is not None and key in memo:
        return memo[key]
    got = _fabric_tree(catalog, design, sw, role, n_servers, fc, memo)
    if memo is not None:
        memo[key] = got
    return got


def _fabric_tree(catalog: Catalog, design: BuildDesign, sw: str, role: str, n_servers: int, fc: FabricChoice,
                 memo: dict | None) -> FatTree | None:
    from planner.fabric.topology import FabricDesignError, design_fat_tree

    ports = _ports(catalog, design.server, role, memo)
    nodes, rails = n_servers, len(ports)
    speeds = [p.speed_gbps for p in ports]
    rail = fc.rail_optimised and role == "compute"
    sp = _ports(catalog, design.storage.device, "storage", memo) if role == "storage" and design.storage else []
    speeds += [p.speed_gbps for p in sp]
    if not speeds or not nodes or not rails:
        return None
    link, radix = link_and_radix(catalog, min(speeds), sw, memo)
    try:
        if sp and design.storage is not None:
            from planner.fabric.autowire import laid_out_tree

            # each port on the lanes it takes, laid out as auto-wire lays them (generate._estimate_switches)
            cage, srv_w, sto_w = _memo(memo, ("lanes", design.server, design.storage.device, sw, link),
                                       lambda: _lanes(catalog, sw, link, ports, sp))
            runs: dict[int, int] = {}
            for w in srv_w:
                runs[w] = runs.get(w, 0) + n_servers
            for w in sto_w:
                runs[w] = runs.get(w, 0) + design.storage.count
            return laid_out_tree(sorted(runs.items(), reverse=True), cage, radix, link, fc.oversubscription)
        return design_fat_tree(nodes, rails, radix, link, fc.oversubscription, rail)
    except FabricDesignError as e:
        raise gen.DesignError(tmsg("{kind}: {reason}", kind=role, reason=gen.reason_of(e))) from None


def _lanes(catalog: Catalog, sw: str, link: float, ports: list[Any],
           sp: list[Any]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The switch's lanes per cage, and the lanes each server and appliance port takes."""
    from planner.fabric.ports import cage_lanes, lanes_of
    from planner.fabric.ports import link_and_radix as lr

    lanes = cage_lanes(lr(catalog, link, sw)[1], catalog, sw)
    return (lanes[0], tuple(lanes_of(p.speed_gbps, lanes) for p in ports),
            tuple(lanes_of(p.speed_gbps, lanes) for p in sp))


def estimate_switches(catalog: Catalog, design: BuildDesign, sw: str, role: str, n_servers: int, fc: FabricChoice,
                      memo: dict | None = None) -> int:
    """Switches of one fabric: generate._estimate_switches with memoised look-ups (tests
    compare the two)."""
    t = fabric_tree(catalog, design, sw, role, n_servers, fc, memo)
    return 0 if t is None else t.switches


def storage_fabric_choice(design: BuildDesign, catalog: Catalog, memo: dict | None = None) -> FabricChoice | None:
    """The storage fabric the generator wires for ``design`` (its own, else the default)."""
    if design.storage is None:
        return None
    return design.storage_fabric or _memo(memo, ("storage_fabric", design.server, design.storage.device),
                                          lambda: gen._storage_fabric(design, catalog))


def fabric_switches(design: BuildDesign, catalog: Catalog, ch: gen.Choices, servers: int,
                    memo: dict | None = None) -> list[tuple[str, int]]:
    """(switch slug, count) of each fabric the generator wires (compute, storage,
    front-end), by the fat-tree rules auto-wire uses."""
    out: list[tuple[str, int]] = []
    sfab = storage_fabric_choice(design, catalog, memo)
    for fc, sw, role in ((design.compute, ch.compute_switch, "compute"), (sfab, ch.storage_switch, "storage"),
                         (design.frontend, ch.frontend_switch, "frontend")):
        if fc is None or sw is None:
            continue
        out.append((sw, estimate_switches(catalog, design, sw, role, servers, fc, memo)))
    return out


def rack_counts(design: BuildDesign, catalog: Catalog, ch: gen.Choices | None = None,
                switches: list[tuple[str, int]] | None = None, memo: dict | None = None) -> RackCount:
    """Compute, network and storage racks of ``design`` as generate_plan lays them out.
    Raises :class:`planner.design.generate.DesignError` when the design cannot be built."""
    ch = ch if ch is not None else build_choices(design, catalog)
    fit = ch.fit
    per = fit.servers_per_rack
    compute = math.ceil(design.servers / per)
    storage = 0
    sto_home = _memo(memo, ("storage_home", design.server, design.cooling, design.platform, design.max_rack_kw, ch.fit,
                            ch.rack_type, ch.pdu, design.servers, design.storage),
                     lambda: gen.storage_home(design, catalog, ch, design.servers)
                     if design.platform != "gb200-nvl72" else None)
    if design.storage is not None and design.storage.count and sto_home is None:
        spr = storage_per_rack(design, catalog, ch, memo)
        if spr < 1:
            raise gen.DesignError(tmsg("storage.device: one {device} does not fit a rack's limits",
                                        device=design.storage.device))
        storage = math.ceil(design.storage.count / spr)
    network = 0
    sws = switches if switches is not None else fabric_switches(design, catalog, ch, design.servers, memo)
    n_sto = design.storage.count if design.storage is not None else 0
    key = ("homes", design.server, design.cooling, design.platform, design.max_rack_kw, ch.fit, ch.rack_type,
           ch.network_rack_type, ch.pdu, design.servers, None if design.storage is None else design.storage.device,
           n_sto, tuple(sws), sto_home)
    sfab = storage_fabric_choice(design, catalog, memo)
    roles = [r for fc, sw, r in ((design.compute, ch.compute_switch, "compute"), (sfab, ch.storage_switch, "storage"),
                                 (design.frontend, ch.frontend_switch, "frontend")) if fc is not None and sw is not None]
    spr = storage_per_rack(design, catalog, ch, memo) if n_sto else 1
    homes = _memo(memo, key, lambda: gen.switch_homes(design, catalog, ch, design.servers, n_sto, spr, sws, roles,
                                                      sto_home))
    if sto_home is not None and "storage" in roles and homes[roles.index("storage")] is None:
        # the storage fabric's switches do not fit beside it: storage racks (generate_plan's rule)
        sto_home = None
        storage = math.ceil(n_sto / spr)
        homes = _memo(memo, key[:-1] + (None,),
                      lambda: gen.switch_homes(design, catalog, ch, design.servers, n_sto, spr, sws, roles))
    for (sw, n), home in zip(sws, homes):
        if n and home is None:
            per_net = _memo(memo, ("switches_per_rack", sw, ch.network_rack_type, design.max_rack_kw),
                            partial(gen._switches_per_rack, catalog, sw, ch.network_rack_type, design))
            network += math.ceil(n / per_net)
    limit = {"u": None, "max_rack_kw": design.max_rack_kw, "cooling": fit.cooling_kw * gen.FILL,
             "pdu": None, "design": None}.get(fit.binding)
    return RackCount(compute, network, storage, per, LIMITERS.get(fit.binding, fit.binding),
                     float(limit if limit is not None else fit.cooling_kw), fit.server_kw, tuple(homes), sto_home)


@dataclass(frozen=True, slots=True)
class FloorLayout:
    rows: int
    width_m: float
    depth_m: float

    @property
    def area_m2(self) -> float:
        return self.width_m * self.depth_m


def _dims(catalog: Catalog, slug: str) -> tuple[float, float]:
    return gen._rack_dims(catalog, slug)


def floor_layout(compute_racks: int, other_racks: int, catalog: Catalog, rack_type: str,
                 network_rack_type: str) -> FloorLayout:
    """The room generate_plan draws around ``compute_racks`` compute racks (rows of at most
    RACKS_PER_ROW) and ``other_racks`` network and storage racks (one row after them)."""
    rw, rd = _dims(catalog, rack_type)
    nw, nd = _dims(catalog, network_rack_type)
    depth_r = max(rd, nd) if other_racks else rd
    rows = [min(gen.RACKS_PER_ROW, compute_racks - k) for k in range(0, compute_racks, gen.RACKS_PER_ROW)]
    lengths = [c * rw for c in rows]
    if other_racks:
        lengths.append(other_racks * nw)
    n_rows = len(lengths)
    row_len = max(lengths) if lengths else 0.0
    pair = 2 * depth_r + gen.COLD_AISLE_M + gen.HOT_AISLE_M
    i = n_rows - 1
    y_pair = gen.MARGIN_M + (i // 2) * pair
    y1 = y_pair + depth_r if i % 2 == 0 else y_pair + 2 * depth_r + gen.COLD_AISLE_M
    return FloorLayout(n_rows, round(2 * gen.MARGIN_M + row_len, 3), round(y1 + gen.MARGIN_M, 3))


def racks_on_floor(floor_m2: float, catalog: Catalog, rack_type: str, network_rack_type: str,
                   other_racks: int = 0, limit: int = 100_000) -> int:
    """The most compute racks (beside ``other_racks``) whose :func:`floor_layout` fits
    ``floor_m2``."""
    def area(n: int) -> float:
        return floor_layout(n, other_racks, catalog, rack_type, network_rack_type).area_m2

    if area(1) > floor_m2:
        return 0
    lo, hi = 1, 2
    while hi < limit and area(hi) <= floor_m2:
        lo, hi = hi, hi * 2
    hi = min(hi, limit)
    while hi - lo > 1:  # the area grows with the count
        mid = (lo + hi) // 2
        if area(mid) <= floor_m2:
            lo = mid
        else:
            hi = mid
    return hi if area(hi) <= floor_m2 else lo


def largest_unit(catalog: Catalog, cooling: str) -> str | None:
    """The largest catalog rear door (rdhx) or tank (immersion) -- what the generator tries
    first; None for other cooling."""
    kinds = {"rdhx": ("rdhx",), "immersion": ("immersion",)}.get(cooling)
    if not kinds:
        return None
    units = gen._cooling_units(catalog, kinds)
    return units[-1][1] if units else None
