"""Synthetic plans of any size, for benchmarks and tests.

``synthetic_plan(gpus, catalog)`` builds a complete, plausible AI cluster:

- liquid-cooled 8-GPU servers (``supermicro-sys-421ge-tnhr2-lcc``, direct-to-chip,
  10 kW maximum, ~80 % of the heat to liquid; else the first liquid-cooled 8-GPU server
  by slug; else ``dell-poweredge-xe9680`` on a rear-door heat exchanger: four air-cooled
  11 kW servers make 44 kW, above what containment alone removes), four per 48U rack,
  stacked from U2;
- 2N power sized for the rack's maximum draw: per feed side as many 0U three-phase
  PDUs (the catalog's largest, 415 V 60 A: 32.8 kW at 80 % continuous) as the rack's
  maximum needs, each on its own feed (sides A and B). A server's PSU cords go A1, B1,
  A2, B2, ... so either side alone carries it; each PDU's cords walk its outlets so
  consecutive cords land on successive phases (the starting phase rotates per PDU);
  the management switch has no explicit cords (the engine spreads them and says so);
- one management switch per rack at the top U;
- scalable units (SU) of 32 servers; each SU has a network rack with 8 leaf
  switches (QM9700 when present), rail-optimised: NIC k of every server goes to
  leaf k of its SU;
- spines per rail (``ceil(SUs / 2)`` per rail, 16 per spine rack): each leaf sends
  its 32 uplinks round-robin to the spines of its rail. Up to 64 SUs (16k GPUs)
  this is a non-blocking two-tier fat tree per rail; beyond it, each leaf reaches
  32 of its rail's spines, an approximation good enough for benchmarks (a real
  design would add a third tier);
- rows of up to 20 racks (two SUs and their network racks make 18), at most 10 rows
  per room, as many rooms as needed; rows come in hot/cold-aisle pairs: the first of a
  pair faces +y (orientation 180), the second -y (0), fronts facing across a 1.2 m
  cold aisle, rears across a 1.2 m hot aisle to the next pair;
- server racks on direct liquid cooling, one CDU loop per row sized N+1; network
  racks on air with containment;
- every link has its ports by name (the devices' compute ports and the switch ports
  at 400 Gb/s), a route length from the floor geometry (``planner.fabric.CableGeometry``)
  and media the way DGX SuperPOD builds are cabled: passive copper where it reaches
  (3 m), else multimode fibre with SR4 optics (50 m), else single-mode with DR4.

``synthetic_plan(gpus, catalog, platform="gb200-nvl72")`` builds NVIDIA GB200 NVL72
racks instead (rounded up to whole 72-GPU racks), laid out as
``examples/make_gb200_example.py`` does:

- per rack (``nvidia-gb200-nvl72-rack``): 18 compute trays (U6-15, U27-34), 9 NVLink
  switch trays (U17-25), 8 power shelves (U1-4, U45-48); the trays have no AC cords (they
  draw from the busbar); each shelf's six PSU cords go to outlets 1-6 of its own 415 V
  60 A PDU, on its own feed, shelves alternating A, B (N+N: four shelves per side);
- the NVLink domain of each rack wired as ``planner.fabric.nvlink_wire.autowire_nvlink_rack``
  wires it (same ports, same order, spine cartridges at the spine length), one
  ``nvlink`` fabric per rack;
- the compute fabric: the four ConnectX-7 ports of every tray, rail-optimised, to
  scalable units of 32 trays (4 leaves each, same leaf/spine rules as above with 4 rails);
- rows of 16 NVL72 racks (288 trays = 9 SUs exactly) followed by their leaf racks
  (16 leaves each, air containment, 2N PDUs), spine racks in rows of their own; one CDU
  loop per row, N+1, for the NVL72 racks' maximum draw.

Everything is deterministic: the same arguments give the same plan. Sizes up to
64k GPUs build in a few seconds (models are built without per-object validation from
trusted values, then the whole plan is validated once).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from planner.base.gcpause import no_gc
from planner.model.plan import (
    CoolingChoice,
    CoolingLoop,
    Endpoint,
    Fabric,
    Link,
    Metadata,
    Placement,
    Plan,
    PowerConnection,
    PowerFeed,
    Rack,
    Room,
    Row,
    Site,
)

if TYPE_CHECKING:
    from planner.catalog import Catalog, DeviceType
    from planner.fabric.ports import DevicePorts

_M = TypeVar("_M", bound=BaseModel)

SERVERS_PER_RACK = 4
SU_SERVERS = 32
RAILS = 8
LEAF_DOWN = 32
LEAF_UP = 32
SPINES_PER_RACK = 16
RACKS_PER_ROW = 20
ROWS_PER_ROOM = 10
COLD_AISLE_M = 1.2
HOT_AISLE_M = 1.2

PLATFORMS = ("hgx-8gpu", "gb200-nvl72")

DEFAULT_SERVER = "supermicro-sys-421ge-tnhr2-lcc"
AIR_SERVER = "dell-poweredge-xe9680"
DEFAULT_LEAF = "nvidia-quantum-2-qm9700"


_DEFAULTS: dict[type[BaseModel], tuple[tuple[str, FieldInfo | None], ...]] = {}


def _fast(cls: type[_M], **fields: Any) -> _M:
    """Build a pydantic model instance from trusted, complete field values without
    validation (what ``model_construct`` does, minus its per-call overhead). The
    plan is validated as a whole at the end."""
    obj = cls.__new__(cls)
    order = _DEFAULTS.get(cls)
    if order is None:
        order = _DEFAULTS[cls] = tuple((name, None if f.is_required() else f) for name, f in cls.model_fields.items())
    if len(fields) == len(order):
        values = fields
    else:  # fields a caller here does not name (added to the model later) get their default, in field order
        values = {}
        for name, f in order:
            if name in fields:
                values[name] = fields[name]
            elif f is not None:
                values[name] = f.get_default(call_default_factory=True)
    object.__setattr__(obj, "__dict__", values)
    object.__setattr__(obj, "__pydantic_fields_set__", set(fields))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


def _get(catalog: Catalog | None, table: str, slug: str) -> Any:
    return catalog.get(table, slug) if catalog is not None else None


def _devices(catalog: Catalog | None) -> dict[str, DeviceType]:
    return dict(catalog.devices) if catalog is not None else {}


def _liquid_fraction(d: DeviceType | None) -> float:
    c = d.planning.cooling if d is not None and d.planning else None
    return float(c.liquid_fraction) if c is not None else 0.0


def _pick_server(catalog: Catalog | None) -> str:
    if _get(catalog, "device-types", DEFAULT_SERVER) is not None:
        return DEFAULT_SERVER
    for slug, d in sorted(_devices(catalog).items()):
        if d.kind == "server" and d.gpu_count == 8 and _liquid_fraction(d) > 0:
            return slug
    if _get(catalog, "device-types", AIR_SERVER) is not None or catalog is None:
        return AIR_SERVER
    for slug, d in sorted(_devices(catalog).items()):
        if d.kind == "server" and d.gpu_count == 8:
            return slug
    return AIR_SERVER


def _pick_rdhx(catalog: Catalog | None) -> str | None:
    units = catalog.cooling_units if catalog is not None else {}
    cands = sorted((u.capacity_kw, slug) for slug, u in units.items() if u.kind.startswith("rdhx"))
    return cands[-1][1] if cands else None


def _port_names(catalog: Catalog | None, slug: str, role: str, n: int, fallback: str) -> list[str]:
    """The device's first ``n`` ports of ``role`` (switch: data ports at 400G), else synthetic names."""
    from planner.fabric.ports import device_ports, switch_ports_at

    names: list[str] = []
    if catalog is not None:
        if role == "fabric":
            names = [p.name for p in switch_ports_at(catalog, slug, 400.0)]
        else:
            dp = device_ports(catalog, slug)
            names = [p.name for p in dp.role(role)] if dp is not None else []
    if len(names) < n:
        names = [f"{fallback}{k + (1 if fallback == 'p' else 0)}" for k in range(n)]
    return names[:n]


def _pick_rack(catalog: Catalog | None) -> str:
    for slug in ("rack-48u-800x1200", "rack-48u-600x1200"):
        if _get(catalog, "rack-types", slug) is not None:
            return slug
    racks = catalog.rack_types if catalog is not None else {}
    for slug, rt in sorted(racks.items()):
        if rt.u_height == 48:
            return slug
    return "rack-48u-600x1200"


def _pick_pdu(catalog: Catalog) -> str:
    """The North-American three-phase PDU with the largest apparent power (wye preferred):
    synthetic plans are North-American (NEC 80 % derating below)."""
    best: tuple[float, int, str] | None = None
    for slug, d in sorted(_devices(catalog).items()):
        spec = d.planning.pdu if d.planning else None
        if d.kind != "pdu" or spec is None or spec.phases != 3 or spec.site_region != "na":
            continue
        key = (spec.apparent_power_va, 1 if spec.wiring == "wye" else 0, slug)
        if best is None or key[:2] > best[:2]:
            best = key
    return best[2] if best else "pdu-3ph-415v-63a"


def _pick_mgmt(catalog: Catalog) -> str:
    for slug, d in sorted(_devices(catalog).items()):
        sw = d.planning.switch if d.planning else None
        if sw is not None and sw.fabric == "management":
            return slug
    for slug, d in sorted(_devices(catalog).items()):
        sw = d.planning.switch if d.planning else None
        if sw is not None and sw.fabric == "ethernet" and d.u_height == 1:
            return slug
    return "management-switch-1g"


def _pick_leaf(catalog: Catalog) -> str:
    if _get(catalog, "device-types", DEFAULT_LEAF) is not None:
        return DEFAULT_LEAF
    for slug, d in sorted(_devices(catalog).items()):
        sw = d.planning.switch if d.planning else None
        if sw is not None and sw.fabric == "infiniband" and sw.total_ports >= 64:
            return slug
    return DEFAULT_LEAF


def _pick_cdu(catalog: Catalog | None) -> tuple[str, float]:
    units = catalog.cooling_units if catalog is not None else {}
    for kind in ("cdu-in-row", "cdu-in-rack"):
        cands = sorted((u.capacity_kw, slug) for slug, u in units.items() if u.kind == kind)
        if cands:
            return cands[-1][1], cands[-1][0]
    for slug, d in sorted(_devices(catalog).items()):
        if d.planning and d.planning.cdu is not None:
            return slug, d.planning.cdu.capacity_kw
    return "cdu-in-row", 600.0


def synthetic_plan(gpus: int, catalog: Catalog, *, name: str = "", platform: str = "hgx-8gpu") -> Plan:
    """A plan with about ``gpus`` GPUs: rounded up to whole 8-GPU servers (``platform="hgx-8gpu"``,
    the default) or to whole 72-GPU racks (``platform="gb200-nvl72"``, needs a catalog with
    the GB200 NVL72 trays, NVLink switch trays and power shelves)."""
    if gpus < 1:
        raise ValueError("gpus must be at least 1")
    if platform not in PLATFORMS:
        raise ValueError(f"platform must be one of {', '.join(PLATFORMS)}, not {platform!r}")
    # Hundreds of thousands of small objects: the cyclic GC would rescan them over and
    # over (it made 64k GPUs 3x slower); nothing built here is garbage.
    with no_gc():
        if platform == "gb200-nvl72":
            return _build_gb200(gpus, catalog, name)
        return _build(gpus, catalog, name)


class _Power:
    """2N rack PDUs, each on its own feed, and the racks that hold them (both platforms)."""

    def __init__(self, catalog: Catalog, pdu: str, mgmt: str, rack_type: str) -> None:
        self.pdu, self.mgmt, self.rack_type = pdu, mgmt, rack_type
        pdev = _get(catalog, "device-types", pdu)
        pspec = pdev.planning.pdu if pdev is not None and pdev.planning else None
        self.pdu_v = pspec.voltage_v if pspec else 415.0
        self.pdu_a = pspec.amps if pspec else 63.0
        # derated real power of one PDU (NEC 80 % continuous, PF 0.95: docs/engine.md)
        self.cap_w = math.sqrt(3) * self.pdu_v * self.pdu_a * 0.95 * 0.8
        self.feeds: list[PowerFeed] = []

    def feed(self, fid: str, name: str, letter: str) -> str:
        self.feeds.append(_fast(PowerFeed,
            id=fid, name=name, side=letter, voltage_v=self.pdu_v, phases=3, breaker_a=self.pdu_a,
            power_factor=0.95, continuous_derating=None, source=f"UPS-{letter}"))
        return fid

    def pdus_per_side(self, max_w: float, cords: int) -> int:
        """Fewest PDUs per side that carry the whole rack with the other side lost, phase by
        phase: with c equal cords on a PDU the heaviest phase carries ceil(c/3)/c of its load."""
        for n in range(1, 9):
            c = max(1, math.ceil(cords / 2 / n))
            if max_w / n * math.ceil(c / 3) / c <= self.cap_w / 3:
                return n
        return 8

    def base_rack(self, idx: int, kind: str, max_w: float, cords: int = 0) -> tuple[Rack, list[str]]:
        """A rack with 2N PDUs for ``max_w`` drawn over ``cords`` cords (0: spread evenly),
        ids pdu-<rack>a (A1), b (B1), c (A2), d (B2), ..."""
        rid = f"rack-{idx:05d}"
        placements: list[Placement] = []
        pdu_ids = []
        per_side = self.pdus_per_side(max_w, cords) if cords else max(1, math.ceil(max_w / self.cap_w))
        for k in range(per_side * 2):
            letter = "AB"[k % 2]
            tag = chr(ord("a") + k)
            n = k // 2 + 1
            fid = self.feed(f"feed-{idx:05d}{tag}", f"{rid} feed {letter}{n}", letter)
            pid = f"pdu-{idx:05d}{tag}"
            pdu_ids.append(pid)
            placements.append(_fast(Placement,
                id=pid, device=self.pdu, name=f"PDU {letter}{n}", u=None, face="rear", side=("left", "right")[k % 2],
                full_depth=None, feed=fid, power=[], tags=[]))
        placements.append(_fast(Placement,
            id=f"mgmt-{idx:05d}", device=self.mgmt, name="mgmt switch", u=48, face="rear", side=None,
            full_depth=None, feed=None, power=[], tags=[]))
        rack = _fast(Rack, id=rid, name=f"{kind}-{idx:05d}", rack_type=self.rack_type, position=0,
                     gap_before_m=0.0, placements=placements, cooling=None, tags=[kind])
        return rack, pdu_ids


class _Links:
    def __init__(self) -> None:
        self.links: list[Link] = []

    def add(self, a: str, a_port: str, b: str, b_port: str, fabric: str = "fab-compute", label: str = "") -> None:
        self.links.append(_fast(Link,
            id=f"lk-{len(self.links) + 1:07d}", fabric=fabric,
            a=_fast(Endpoint, placement=a, port=a_port),
            b=_fast(Endpoint, placement=b, port=b_port),
            cable=None, length_m=None, label=label))


def _air(unit: str | None = None, method: str = "air-containment") -> CoolingChoice:
    return _fast(CoolingChoice, method=method, unit=unit, loop=None, supply_temp_c=None, delta_t_k=None)


def _leaf_spine(links: _Links, leaf: str, su: int, rail: int, trays: list[str], node_ports: list[str],
                leaf_ports: list[str], spine_ids: list[list[str]], spine_ports: list[str]) -> None:
    """The links of one leaf: node port ``rail`` of each of its SU's nodes down, LEAF_UP uplinks
    round-robin to its rail's spines."""
    spines_per_rail = len(spine_ids[rail])
    for n, sid in enumerate(trays):
        links.add(sid, node_ports[rail], leaf, leaf_ports[n])
    for i in range(LEAF_UP):
        spine = spine_ids[rail][(su * LEAF_UP + i) % spines_per_rail]
        links.add(leaf, leaf_ports[LEAF_DOWN + i], spine,
                  spine_ports[((su * LEAF_UP + i) // spines_per_rail) % len(spine_ports)])


def _spine_racks(power: _Power, rack_idx: int, spine_ids: list[list[str]], leaf: str, l_max_w: float,
                 m_max_w: float, optics_margin_w: float) -> list[Rack]:
    racks = []
    all_spines = [s for rail in spine_ids for s in rail]
    for k in range(0, len(all_spines), SPINES_PER_RACK):
        rack_idx += 1
        group = all_spines[k:k + SPINES_PER_RACK]
        srack, _ = power.base_rack(rack_idx, "spine", len(group) * (l_max_w + 64 * optics_margin_w) + m_max_w)
        srack.cooling = _air()
        for j, sp in enumerate(group):
            srack.placements.append(_fast(Placement,
                id=sp, device=leaf, name=sp, u=10 + j, face="front", side=None, full_depth=None, feed=None,
                power=[], tags=[]))
        racks.append(srack)
    return racks


def _layout(rows_of_racks: list[list[Rack]], rack_w_m: float, rack_d_m: float,
            row_liquid_kw: Callable[[list[Rack]], float], cdu: str, cdu_kw: float,
            floor_limit_kg_per_m2: float = 1500.0) -> tuple[list[Room], list[CoolingLoop]]:
    """Rows (at most ROWS_PER_ROOM per room) in hot/cold-aisle pairs; a CDU loop (N+1) for each
    row with liquid load (``row_liquid_kw(racks)`` > 0) serving its direct-liquid racks."""
    rooms: list[Room] = []
    loops: list[CoolingLoop] = []
    row_no = 0
    pair_pitch = 2 * rack_d_m + COLD_AISLE_M + HOT_AISLE_M
    row_len = RACKS_PER_ROW * rack_w_m
    for r0 in range(0, len(rows_of_racks), ROWS_PER_ROOM):
        room_no = len(rooms) + 1
        rows: list[Row] = []
        for row_racks in rows_of_racks[r0:r0 + ROWS_PER_ROOM]:
            row_no += 1
            for pos, rk in enumerate(row_racks):
                rk.position = pos
            need = row_liquid_kw(row_racks)
            if need:
                loop_id = f"loop-{row_no:04d}"
                loops.append(_fast(CoolingLoop,
                    id=loop_id, name=f"CDU loop row {row_no}", cdu=cdu,
                    cdu_count=max(1, math.ceil(need / cdu_kw)) + 1, coolant="water", supply_temp_c=32.0,
                    delta_t_k=10.0))
                for rk in row_racks:
                    if rk.cooling is not None and rk.cooling.method == "direct-liquid":
                        rk.cooling.loop = loop_id
            # hot/cold-aisle pairs: the first row of a pair faces +y (180: it runs from its start
            # point towards -x and -y), the second faces -y, fronts across the cold aisle
            i = len(rows)
            y_pair = 1.0 + (i // 2) * pair_pitch
            if i % 2 == 0:
                x, y, orient = 1.0 + row_len, y_pair + rack_d_m, 180
            else:
                x, y, orient = 1.0, y_pair + rack_d_m + COLD_AISLE_M, 0
            rows.append(_fast(Row,
                id=f"row-{row_no:04d}", name=f"Row {row_no}", x_m=round(x, 3), y_m=round(y, 3),
                orientation_deg=orient, cold_aisle_side="front", racks=row_racks, cooling=None))
        rooms.append(_fast(Room,
            id=f"room-{room_no:02d}", name=f"Data hall {room_no}",
            width_m=round(2.0 + row_len, 3), depth_m=round(2.0 + math.ceil(len(rows) / 2) * pair_pitch, 3),
            tile_m=0.6, floor_load_limit_kg_per_m2=floor_limit_kg_per_m2, raised_floor=False, rows=rows))
    return rooms, loops


def _build(gpus: int, catalog: Catalog, name: str) -> Plan:
    server = _pick_server(catalog)
    rack_type = _pick_rack(catalog)
    pdu = _pick_pdu(catalog)
    mgmt = _pick_mgmt(catalog)
    leaf = _pick_leaf(catalog)
    cdu, cdu_kw = _pick_cdu(catalog)

    sdev = _get(catalog, "device-types", server)
    s_u = int(math.ceil(sdev.u_height)) if sdev is not None and sdev.u_height else 6
    s_max_w = (sdev.max_power_w or 11000.0) if sdev is not None else 11000.0
    s_psus = 2
    if sdev is not None and sdev.planning and sdev.planning.power and sdev.planning.power.psu_count:
        s_psus = sdev.planning.power.psu_count
    liquid = _liquid_fraction(sdev) > 0
    rdhx = None if liquid else _pick_rdhx(catalog)
    power = _Power(catalog, pdu, mgmt, rack_type)
    rdev = _get(catalog, "rack-types", rack_type)
    rack_w_m = (rdev.outer_width_mm or 600.0) / 1000.0 if rdev is not None else 0.6
    rack_d_m = (rdev.outer_depth_mm or 1200.0) / 1000.0 if rdev is not None else 1.2
    mdev = _get(catalog, "device-types", mgmt)
    m_max_w = (mdev.max_power_w or 0.0) if mdev is not None else 0.0
    ldev = _get(catalog, "device-types", leaf)
    l_max_w = (ldev.max_power_w or 0.0) if ldev is not None else 0.0
    optics_margin_w = 20.0  # per link end: a 400G transceiver draws ~8.5 W, an AOC end up to 8 W

    server_ports = _port_names(catalog, server, "compute", RAILS, "nic")
    leaf_ports = _port_names(catalog, leaf, "fabric", LEAF_DOWN + LEAF_UP, "p")

    n_servers = math.ceil(gpus / 8)
    n_su = math.ceil(n_servers / SU_SERVERS)
    spines_per_rail = max(1, math.ceil(n_su * LEAF_UP / 64))
    spine_ports = _port_names(catalog, leaf, "fabric", 64, "p")

    links = _Links()
    racks: list[Rack] = []  # in floor order
    rack_idx = 0
    server_no = 0
    spine_ids = [[f"spine-r{rail}-{s:04d}" for s in range(spines_per_rail)] for rail in range(RAILS)]

    gpu_rack_w = SERVERS_PER_RACK * (s_max_w + RAILS * optics_margin_w) + m_max_w
    for su in range(n_su):
        su_servers = []
        n_here = min(SU_SERVERS, n_servers - su * SU_SERVERS)
        for k in range(0, n_here, SERVERS_PER_RACK):
            rack_idx += 1
            rack, pdu_ids = power.base_rack(rack_idx, "gpu", gpu_rack_w, SERVERS_PER_RACK * s_psus)
            n_pdu = len(pdu_ids)
            next_outlet = {pid: 1 + j for j, pid in enumerate(pdu_ids)}  # rotate the starting phase per PDU
            for slot in range(min(SERVERS_PER_RACK, n_here - k)):
                server_no += 1
                sid = f"srv-{server_no:06d}"
                cords = []
                for c in range(s_psus):
                    target = pdu_ids[c % n_pdu]
                    cords.append(_fast(PowerConnection, pdu=target, outlet=next_outlet[target]))
                    next_outlet[target] += 1
                rack.placements.append(_fast(Placement,
                    id=sid, device=server, name=f"gpu{server_no:05d}", u=2 + slot * s_u, face="front",
                    side=None, full_depth=None, feed=None, power=cords, tags=[]))
                su_servers.append(sid)
            if liquid:
                rack.cooling = _fast(CoolingChoice, method="direct-liquid", unit=None, loop=None,
                                     supply_temp_c=None, delta_t_k=None)
            else:
                rack.cooling = _air(rdhx, "rdhx" if rdhx else "air-containment")
            racks.append(rack)
        rack_idx += 1
        nrack, _ = power.base_rack(rack_idx, "net", RAILS * (l_max_w + 64 * optics_margin_w) + m_max_w)
        nrack.cooling = _air()
        for rail in range(RAILS):
            lid = f"leaf-{su:04d}-{rail}"
            nrack.placements.append(_fast(Placement,
                id=lid, device=leaf, name=f"leaf su{su} rail{rail}", u=20 + rail, face="front", side=None,
                full_depth=None, feed=None, power=[], tags=[]))
            _leaf_spine(links, lid, su, rail, su_servers, server_ports, leaf_ports, spine_ids, spine_ports)
        racks.append(nrack)

    racks += _spine_racks(power, rack_idx, spine_ids, leaf, l_max_w, m_max_w, optics_margin_w)

    def row_liquid_kw(row_racks: list[Rack]) -> float:
        n_srv = sum(1 for rk in row_racks for p in rk.placements if p.device == server)
        return n_srv * s_max_w / 1000.0 if n_srv and liquid else 0.0

    rows = [racks[k:k + RACKS_PER_ROW] for k in range(0, len(racks), RACKS_PER_ROW)]
    rooms, loops = _layout(rows, rack_w_m, rack_d_m, row_liquid_kw, cdu, cdu_kw)

    plan = Plan(
        metadata=Metadata(project=name or f"Synthetic {gpus} GPUs", author="rackwright synthetic"),
        site=_fast(Site, name="Synthetic site", rooms=rooms),
        feeds=power.feeds,
        cooling_loops=loops,
        fabrics=[Fabric(id="fab-compute", name="Compute fabric", kind="compute", technology="infiniband",
                        speed_gbps=400.0, rail_optimised=True)],
        links=links.links,
    )
    if catalog is not None:
        _cable(plan, catalog)
    return plan


# GB200 NVL72 (examples/make_gb200_example.py: NVIDIA's rack elevation and power path)
NVL_TRAY = "nvidia-gb200-nvl72-compute-tray"
NVL_SWITCH = "nvidia-nvlink-switch"
NVL_SHELF = "nvidia-gb200-power-shelf"
NVL_RACK = "nvidia-gb200-nvl72-rack"
NVL_PDU = "raritan-px3-415v-60a"
NVL_NET_RACK = "rack-48u-600x1200"
NVL_SHELF_US = [1, 2, 3, 4, 45, 46, 47, 48]
NVL_TRAY_US = list(range(6, 16)) + list(range(27, 35))
NVL_SWITCH_US = list(range(17, 26))
NVL_PDU_SLOTS = [("left", "front"), ("left", "front"), ("left", "rear"), ("left", "rear"),
                 ("right", "front"), ("right", "front"), ("right", "rear"), ("right", "rear")]
NVL_GPUS_PER_RACK = 72
NVL_RACKS_PER_ROW = 16  # 288 trays = 9 SUs of 32 trays: a row's leaves serve only that row
LEAVES_PER_RACK = 16


def _ports_of(catalog: Catalog, slug: str) -> DevicePorts:
    from planner.fabric.ports import device_ports

    dp = device_ports(catalog, slug)
    if dp is None:
        raise ValueError(f"{slug} is not in the catalog")
    return dp


def _nvlink_plan(catalog: Catalog) -> tuple[list[str], list[str], int, float]:
    """(tray NVLink port names, switch tray fabric port names, links from each GPU to each
    switch tray, link speed) with the numbering of ``autowire_nvlink_rack``."""
    from planner.fabric.nvlink import NVLINK_DESIGN_GPUS
    from planner.fabric.ports import NVLINK_ROLE

    tray_ports = [p.name for p in _ports_of(catalog, NVL_TRAY).role(NVLINK_ROLE)]
    sw = [p for p in _ports_of(catalog, NVL_SWITCH).ports if p.role == "fabric"]
    sw_ports = [p.name for p in sw]
    dev = catalog.device(NVL_TRAY)
    per_gpu = len(tray_ports) // max(1, dev.gpu_count or 1)
    design = NVLINK_DESIGN_GPUS.get(dev.gpu_slug or "", NVL_GPUS_PER_RACK)
    need = max(1, math.ceil(design * per_gpu / len(sw_ports)))
    return tray_ports, sw_ports, max(1, per_gpu // need), min(p.speed_gbps for p in sw)


def _build_gb200(gpus: int, catalog: Catalog, name: str) -> Plan:
    missing = [slug for table, slug in (("device-types", NVL_TRAY), ("device-types", NVL_SWITCH),
                                        ("device-types", NVL_SHELF), ("rack-types", NVL_RACK))
               if _get(catalog, table, slug) is None]
    if missing:
        raise ValueError(f"the gb200-nvl72 platform needs {', '.join(missing)} in the catalog")
    pdu = NVL_PDU if _get(catalog, "device-types", NVL_PDU) is not None else _pick_pdu(catalog)
    net_rack = NVL_NET_RACK if _get(catalog, "rack-types", NVL_NET_RACK) is not None else _pick_rack(catalog)
    mgmt = _pick_mgmt(catalog)
    leaf = _pick_leaf(catalog)
    cdu, cdu_kw = _pick_cdu(catalog)
    power = _Power(catalog, pdu, mgmt, net_rack)

    tdev, swdev, shdev = (catalog.device(s) for s in (NVL_TRAY, NVL_SWITCH, NVL_SHELF))
    t_max_w, sw_max_w = tdev.max_power_w or 0.0, swdev.max_power_w or 0.0
    shelf_psus = shdev.planning.busbar.psu_count if shdev.planning and shdev.planning.busbar else None
    psus = shelf_psus if shelf_psus is not None else 6
    gpus_per_tray = max(1, tdev.gpu_count or 4)
    trays_per_rack = NVL_GPUS_PER_RACK // gpus_per_tray
    tray_cx = [p.name for p in _ports_of(catalog, NVL_TRAY).role("compute")]  # one rail per port
    if not tray_cx:
        raise ValueError(f"{NVL_TRAY} lists no compute ports in the catalog")
    rails = len(tray_cx)
    nvl_ports, sw_ports, k, nvl_gbps = _nvlink_plan(catalog)
    per_gpu = len(nvl_ports) // gpus_per_tray
    per_chip = len(sw_ports) // k
    mdev, ldev = _get(catalog, "device-types", mgmt), _get(catalog, "device-types", leaf)
    m_max_w = (mdev.max_power_w or 0.0) if mdev is not None else 0.0
    l_max_w = (ldev.max_power_w or 0.0) if ldev is not None else 0.0
    optics_margin_w = 20.0
    leaf_ports = _port_names(catalog, leaf, "fabric", LEAF_DOWN + LEAF_UP, "p")
    spine_ports = _port_names(catalog, leaf, "fabric", 64, "p")
    widths, depths = [], []
    for slug in (NVL_RACK, net_rack):
        rt = _get(catalog, "rack-types", slug)
        widths.append((rt.outer_width_mm or 600.0) / 1000.0 if rt is not None else 0.6)
        depths.append((rt.outer_depth_mm or 1200.0) / 1000.0 if rt is not None else 1.2)

    n_racks = math.ceil(gpus / NVL_GPUS_PER_RACK)
    n_trays = n_racks * trays_per_rack
    n_su = math.ceil(n_trays / SU_SERVERS)
    spines_per_rail = max(1, math.ceil(n_su * LEAF_UP / 64))
    spine_ids = [[f"spine-r{rail}-{s:04d}" for s in range(spines_per_rail)] for rail in range(rails)]

    links = _Links()
    fabrics: list[Fabric] = [Fabric(id="fab-compute", name="Compute fabric", kind="compute",
                                    technology="infiniband", speed_gbps=400.0, rail_optimised=True)]
    nvl_fabrics: set[str] = set()
    trays: list[str] = []  # every tray, in order: SU s is trays[32 s: 32 s + 32]
    rows: list[list[Rack]] = []
    rack_idx = 0
    for r0 in range(0, n_racks, NVL_RACKS_PER_ROW):
        row: list[Rack] = []
        su_first = len(trays) // SU_SERVERS
        for _ in range(min(NVL_RACKS_PER_ROW, n_racks - r0)):
            rack_idx += 1
            rid = f"rack-{rack_idx:05d}"
            rname = f"nvl-{rack_idx:05d}"
            placements: list[Placement] = []
            pdu_ids = []
            for j, (side, face) in enumerate(NVL_PDU_SLOTS):
                letter = "A" if side == "left" else "B"
                tag = chr(ord("a") + j)
                fid = power.feed(f"feed-{rack_idx:05d}{tag}", f"{rid} feed {letter}{j % 4 + 1}", letter)
                pid = f"pdu-{rack_idx:05d}{tag}"
                pdu_ids.append(pid)
                placements.append(_fast(Placement,
                    id=pid, device=pdu, name=f"PDU {letter}{j % 4 + 1}", u=None, face=face, side=side,
                    full_depth=None, feed=fid, power=[], tags=[]))
            for j, u in enumerate(NVL_SHELF_US):  # shelf j on PDU A1, B1, A2, B2, ...; PSU n on outlet n
                target = pdu_ids[(j // 2) + (4 if j % 2 else 0)]
                placements.append(_fast(Placement,
                    id=f"shelf-{rack_idx:05d}-{j + 1}", device=NVL_SHELF, name=f"PS{j + 1}", u=u, face="front",
                    side=None, full_depth=None, feed=None,
                    power=[_fast(PowerConnection, pdu=target, outlet=n) for n in range(1, psus + 1)], tags=[]))
            rack_trays = []
            for j, u in enumerate(NVL_TRAY_US[:trays_per_rack]):
                tid = f"tray-{len(trays) + 1:06d}"
                trays.append(tid)
                rack_trays.append(tid)
                placements.append(_fast(Placement,
                    id=tid, device=NVL_TRAY, name=f"{rname}-ct{j + 1:02d}", u=u, face="front", side=None,
                    full_depth=None, feed=None, power=[], tags=[]))
            switches = []
            for j, u in enumerate(NVL_SWITCH_US):
                sid = f"nvsw-{rack_idx:05d}-{j + 1}"
                switches.append(sid)
                placements.append(_fast(Placement,
                    id=sid, device=NVL_SWITCH, name=f"{rname}-sw{j + 1}", u=u, face="front", side=None,
                    full_depth=None, feed=None, power=[], tags=[]))
            placements.sort(key=lambda p: (p.u is not None, p.u or 0))
            rack = _fast(Rack, id=rid, name=rname, rack_type=NVL_RACK, position=0, gap_before_m=0.0,
                         placements=placements, tags=["gpu", "nvl72"],
                         cooling=_fast(CoolingChoice, method="direct-liquid", unit=None, loop=None,
                                       supply_temp_c=None, delta_t_k=None))
            row.append(rack)
            # the NVLink spine as autowire_nvlink_rack wires it: GPU i (tray order, then port
            # order) sends link l to switch tray l // k, chip l % k, that chip's port i
            fid = f"fab-nvl-{rack_idx:05d}"
            nvl_fabrics.add(fid)
            fabrics.append(Fabric(id=fid, name=f"NVLink {rname}", kind="nvlink", technology="nvlink",
                                  speed_gbps=nvl_gbps, oversubscription=1.0, rail_optimised=False))
            n = 0
            for i in range(len(rack_trays) * gpus_per_tray):
                tid = rack_trays[i // gpus_per_tray]
                g = i % gpus_per_tray
                for li, pname in enumerate(nvl_ports[g * per_gpu:(g + 1) * per_gpu]):
                    tray_no, chip = divmod(li, k)
                    if tray_no >= len(switches):
                        continue
                    n += 1
                    links.add(tid, pname, switches[tray_no], sw_ports[chip * per_chip + i], fabric=fid,
                              label=f"NVL-{rname}-{n:04d}")
        # the row's leaf racks: 4 leaves per SU of the row (rows hold whole SUs but the last)
        su_last = math.ceil(len(trays) / SU_SERVERS)
        leaves = [(su, rail) for su in range(su_first, su_last) for rail in range(rails)]
        for j0 in range(0, len(leaves), LEAVES_PER_RACK):
            rack_idx += 1
            group = leaves[j0:j0 + LEAVES_PER_RACK]
            nrack, _ = power.base_rack(rack_idx, "net", len(group) * (l_max_w + 64 * optics_margin_w) + m_max_w)
            nrack.cooling = _air()
            for j, (su, rail) in enumerate(group):
                lid = f"leaf-{su:04d}-{rail}"
                nrack.placements.append(_fast(Placement,
                    id=lid, device=leaf, name=f"leaf su{su} rail{rail}", u=10 + j, face="front", side=None,
                    full_depth=None, feed=None, power=[], tags=[]))
                _leaf_spine(links, lid, su, rail, trays[su * SU_SERVERS:(su + 1) * SU_SERVERS], tray_cx,
                            leaf_ports, spine_ids, spine_ports)
            row.append(nrack)
        rows.append(row)
    spine_racks = _spine_racks(power, rack_idx, spine_ids, leaf, l_max_w, m_max_w, optics_margin_w)
    rows += [spine_racks[k:k + RACKS_PER_ROW] for k in range(0, len(spine_racks), RACKS_PER_ROW)]

    nvl_rack_kw = (trays_per_rack * t_max_w + len(NVL_SWITCH_US) * sw_max_w) / 1000.0

    def row_liquid_kw(row_racks: list[Rack]) -> float:
        return nvl_rack_kw * sum(1 for rk in row_racks if rk.rack_type == NVL_RACK)

    # a populated NVL72 rack is ~1.4 t on 0.64 m2 (~2.2 t/m2): halls for it are slabs rated
    # for that, as in examples/make_gb200_example.py
    rooms, loops = _layout(rows, max(widths), max(depths), row_liquid_kw, cdu, cdu_kw,
                           floor_limit_kg_per_m2=2500.0)
    plan = Plan(
        metadata=Metadata(project=name or f"Synthetic {n_racks * NVL_GPUS_PER_RACK} GPUs (GB200 NVL72)",
                          author="rackwright synthetic"),
        site=_fast(Site, name="Synthetic site", rooms=rooms),
        feeds=power.feeds,
        cooling_loops=loops,
        fabrics=fabrics,
        links=links.links,
    )
    _cable(plan, catalog, nvl_fabrics)
    return plan


def _cable(plan: Plan, catalog: Catalog, nvlink_fabrics: set[str] | frozenset[str] = frozenset()) -> None:
    """Route length from the floor geometry and media for every link (DAC, else MMF + SR4,
    else SMF + DR4: the optics-and-fibre cabling of DGX SuperPOD builds); links of
    ``nvlink_fabrics`` get the NVLink spine cartridge at the spine length, as
    ``autowire_nvlink_rack`` gives them."""
    from planner.fabric.cabling import CableGeometry
    from planner.fabric.media import MediaChooser, nvlink_media

    geo = CableGeometry(plan, catalog)
    chooser = MediaChooser(catalog)
    spine_chooser = MediaChooser(catalog)
    chooser.cables = [c for c in chooser.cables if c.kind in ("dac", "mmf", "smf")]
    pr = plan.index.placement_rack
    pl = plan.index.placements
    memo: dict[tuple[str, str, int | None, int | None], Any] = {}
    spine_memo: dict[tuple[str, int | None, int | None], tuple[str | None, float]] = {}
    for lk in plan.links:
        a, b = lk.a.placement, lk.b.placement
        if lk.fabric in nvlink_fabrics:
            skey = (pr[a], pl[a].u, pl[b].u)
            got = spine_memo.get(skey)
            if got is None:
                length = geo.spine_m(a, b)
                m = nvlink_media(spine_chooser, length)
                got = spine_memo[skey] = (m.cable, m.length_m) if m is not None else (None, round(length, 2))
            lk.cable, lk.length_m = got
            continue
        key = (pr[a], pr[b], pl[a].u, pl[b].u)
        media = memo.get(key)
        if media is None and key not in memo:
            media = memo[key] = chooser.choose(400.0, geo.route_m(a, b))
        if media is not None:
            lk.cable = media.cable
            lk.length_m = media.length_m
