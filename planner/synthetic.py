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

Everything is deterministic: the same arguments give the same plan. Sizes up to
64k GPUs build in a few seconds (models are built without per-object validation from
trusted values, then the whole plan is validated once).
"""

from __future__ import annotations

import gc
import math
from typing import Any

from planner.plan import (
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

DEFAULT_SERVER = "supermicro-sys-421ge-tnhr2-lcc"
AIR_SERVER = "dell-poweredge-xe9680"
DEFAULT_LEAF = "nvidia-quantum-2-qm9700"


def _fast(cls: type, **fields: Any) -> Any:
    """Build a pydantic model instance from trusted, complete field values without
    validation (what ``model_construct`` does, minus its per-call overhead). The
    plan is validated as a whole at the end."""
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", fields)
    object.__setattr__(obj, "__pydantic_fields_set__", set(fields))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


def _get(catalog: Any, table: str, slug: str) -> Any:
    if catalog is None:
        return None
    getter = getattr(catalog, "get", None)
    if getter is not None:
        return getter(table, slug)
    return None


def _devices(catalog: Any) -> dict[str, Any]:
    return dict(getattr(catalog, "devices", {}) or {}) if catalog is not None else {}


def _liquid_fraction(d: Any) -> float:
    c = d.planning.cooling if d is not None and d.planning else None
    return float(c.liquid_fraction) if c is not None else 0.0


def _pick_server(catalog: Any) -> str:
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


def _pick_rdhx(catalog: Any) -> str | None:
    units = getattr(catalog, "cooling_units", {}) if catalog is not None else {}
    cands = sorted((u.capacity_kw, slug) for slug, u in units.items() if u.kind.startswith("rdhx"))
    return cands[-1][1] if cands else None


def _port_names(catalog: Any, slug: str, role: str, n: int, fallback: str) -> list[str]:
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


def _pick_rack(catalog: Any) -> str:
    for slug in ("rack-48u-800x1200", "rack-48u-600x1200"):
        if _get(catalog, "rack-types", slug) is not None:
            return slug
    racks = getattr(catalog, "rack_types", {}) if catalog is not None else {}
    for slug, rt in sorted(racks.items()):
        if rt.u_height == 48:
            return slug
    return "rack-48u-600x1200"


def _pick_pdu(catalog: Any) -> str:
    """The three-phase PDU with the largest apparent power (wye preferred)."""
    best: tuple[float, int, str] | None = None
    for slug, d in sorted(_devices(catalog).items()):
        spec = d.planning.pdu if d.planning else None
        if d.kind != "pdu" or spec is None or spec.phases != 3:
            continue
        key = (spec.apparent_power_va, 1 if spec.wiring == "wye" else 0, slug)
        if best is None or key[:2] > best[:2]:
            best = key
    return best[2] if best else "pdu-3ph-415v-63a"


def _pick_mgmt(catalog: Any) -> str:
    for slug, d in sorted(_devices(catalog).items()):
        sw = d.planning.switch if d.planning else None
        if sw is not None and sw.fabric == "management":
            return slug
    for slug, d in sorted(_devices(catalog).items()):
        sw = d.planning.switch if d.planning else None
        if sw is not None and sw.fabric == "ethernet" and d.u_height == 1:
            return slug
    return "management-switch-1g"


def _pick_leaf(catalog: Any) -> str:
    if _get(catalog, "device-types", DEFAULT_LEAF) is not None:
        return DEFAULT_LEAF
    for slug, d in sorted(_devices(catalog).items()):
        sw = d.planning.switch if d.planning else None
        if sw is not None and sw.fabric == "infiniband" and sw.total_ports >= 64:
            return slug
    return DEFAULT_LEAF


def _pick_cdu(catalog: Any) -> tuple[str, float]:
    units = getattr(catalog, "cooling_units", {}) if catalog is not None else {}
    for kind in ("cdu-in-row", "cdu-in-rack"):
        cands = sorted((u.capacity_kw, slug) for slug, u in units.items() if u.kind == kind)
        if cands:
            return cands[-1][1], cands[-1][0]
    for slug, d in sorted(_devices(catalog).items()):
        if d.planning and d.planning.cdu is not None:
            return slug, d.planning.cdu.capacity_kw
    return "cdu-in-row", 600.0


def synthetic_plan(gpus: int, catalog: Any, *, name: str = "") -> Plan:
    """A plan with about ``gpus`` GPUs (rounded up to whole 8-GPU servers)."""
    if gpus < 1:
        raise ValueError("gpus must be at least 1")
    # Hundreds of thousands of small objects: the cyclic GC would rescan them over and
    # over (it made 64k GPUs 3x slower); nothing built here is garbage.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _build(gpus, catalog, name)
    finally:
        if was_enabled:
            gc.enable()


def _build(gpus: int, catalog: Any, name: str) -> Plan:
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
    pdev = _get(catalog, "device-types", pdu)
    pspec = pdev.planning.pdu if pdev is not None and pdev.planning else None
    pdu_v = pspec.voltage_v if pspec else 415.0
    pdu_a = pspec.amps if pspec else 63.0
    rdev = _get(catalog, "rack-types", rack_type)
    rack_w_m = (rdev.outer_width_mm or 600.0) / 1000.0 if rdev is not None else 0.6
    rack_d_m = (rdev.outer_depth_mm or 1200.0) / 1000.0 if rdev is not None else 1.2
    mdev = _get(catalog, "device-types", mgmt)
    m_max_w = (mdev.max_power_w or 0.0) if mdev is not None else 0.0
    ldev = _get(catalog, "device-types", leaf)
    l_max_w = (ldev.max_power_w or 0.0) if ldev is not None else 0.0
    # derated real power of one PDU (NEC 80 % continuous, PF 0.95: docs/engine.md)
    pdu_cap_w = math.sqrt(3) * pdu_v * pdu_a * 0.95 * 0.8
    optics_margin_w = 20.0  # per link end: a 400G transceiver draws ~8.5 W, an AOC end up to 8 W

    server_ports = _port_names(catalog, server, "compute", RAILS, "nic")
    leaf_ports = _port_names(catalog, leaf, "fabric", LEAF_DOWN + LEAF_UP, "p")

    n_servers = math.ceil(gpus / 8)
    n_su = math.ceil(n_servers / SU_SERVERS)
    spines_per_rail = max(1, math.ceil(n_su * LEAF_UP / 64))
    spine_ports = _port_names(catalog, leaf, "fabric", 64, "p")

    feeds: list[PowerFeed] = []
    links: list[Link] = []
    counter = {"link": 0}

    def new_link(a: str, a_port: str, b: str, b_port: str) -> None:
        counter["link"] += 1
        links.append(_fast(Link,
            id=f"lk-{counter['link']:07d}", fabric="fab-compute",
            a=_fast(Endpoint, placement=a, port=a_port),
            b=_fast(Endpoint, placement=b, port=b_port),
            cable=None, length_m=None, label=""))

    def pdus_per_side(max_w: float, cords: int) -> int:
        """Fewest PDUs per side that carry the whole rack with the other side lost, phase by
        phase: with c equal cords on a PDU the heaviest phase carries ceil(c/3)/c of its load."""
        for n in range(1, 9):
            c = max(1, math.ceil(cords / 2 / n))
            if max_w / n * math.ceil(c / 3) / c <= pdu_cap_w / 3:
                return n
        return 8

    def base_rack(idx: int, kind: str, max_w: float, cords: int = 0) -> tuple[Rack, list[str]]:
        """A rack with 2N PDUs for ``max_w`` drawn over ``cords`` cords (0: spread evenly),
        ids pdu-<rack>a (A1), b (B1), c (A2), d (B2), ..."""
        rid = f"rack-{idx:05d}"
        placements: list[Placement] = []
        pdu_ids = []
        per_side = pdus_per_side(max_w, cords) if cords else max(1, math.ceil(max_w / pdu_cap_w))
        for k in range(per_side * 2):
            letter = "AB"[k % 2]
            tag = chr(ord("a") + k)
            fid = f"feed-{idx:05d}{tag}"
            n = k // 2 + 1
            feeds.append(_fast(PowerFeed,
                id=fid, name=f"{rid} feed {letter}{n}", side=letter, voltage_v=pdu_v, phases=3, breaker_a=pdu_a,
                power_factor=0.95, continuous_derating=None, source=f"UPS-{letter}"))
            pid = f"pdu-{idx:05d}{tag}"
            pdu_ids.append(pid)
            placements.append(_fast(Placement,
                id=pid, device=pdu, name=f"PDU {letter}{n}", u=None, face="rear", side=("left", "right")[k % 2],
                full_depth=None, feed=fid, power=[], tags=[]))
        placements.append(_fast(Placement,
            id=f"mgmt-{idx:05d}", device=mgmt, name="mgmt switch", u=48, face="rear", side=None,
            full_depth=None, feed=None, power=[], tags=[]))
        rack = _fast(Rack, id=rid, name=f"{kind}-{idx:05d}", rack_type=rack_type, position=0,
                                    gap_before_m=0.0, placements=placements, cooling=None, tags=[kind])
        return rack, pdu_ids

    racks: list[Rack] = []  # in floor order
    rack_idx = 0
    server_no = 0
    spine_ids: list[list[str]] = [[] for _ in range(RAILS)]
    for rail in range(RAILS):
        for s in range(spines_per_rail):
            spine_ids[rail].append(f"spine-r{rail}-{s:04d}")

    gpu_rack_w = SERVERS_PER_RACK * (s_max_w + RAILS * optics_margin_w) + m_max_w
    for su in range(n_su):
        su_servers = []
        n_here = min(SU_SERVERS, n_servers - su * SU_SERVERS)
        for k in range(0, n_here, SERVERS_PER_RACK):
            rack_idx += 1
            rack, pdu_ids = base_rack(rack_idx, "gpu", gpu_rack_w, SERVERS_PER_RACK * s_psus)
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
                rack.cooling = _fast(CoolingChoice, method="rdhx" if rdhx else "air-containment", unit=rdhx,
                                     loop=None, supply_temp_c=None, delta_t_k=None)
            racks.append(rack)
        rack_idx += 1
        nrack, _ = base_rack(rack_idx, "net", RAILS * (l_max_w + 64 * optics_margin_w) + m_max_w)
        nrack.cooling = _fast(CoolingChoice, method="air-containment", unit=None, loop=None,
                                                      supply_temp_c=None, delta_t_k=None)
        for rail in range(RAILS):
            lid = f"leaf-{su:04d}-{rail}"
            nrack.placements.append(_fast(Placement,
                id=lid, device=leaf, name=f"leaf su{su} rail{rail}", u=20 + rail, face="front", side=None,
                full_depth=None, feed=None, power=[], tags=[]))
            for n, sid in enumerate(su_servers):
                new_link(sid, server_ports[rail], lid, leaf_ports[n])
            for i in range(LEAF_UP):
                spine = spine_ids[rail][(su * LEAF_UP + i) % spines_per_rail]
                new_link(lid, leaf_ports[LEAF_DOWN + i], spine,
                         spine_ports[((su * LEAF_UP + i) // spines_per_rail) % len(spine_ports)])
        racks.append(nrack)

    all_spines = [s for rail in spine_ids for s in rail]
    for k in range(0, len(all_spines), SPINES_PER_RACK):
        rack_idx += 1
        group = all_spines[k:k + SPINES_PER_RACK]
        srack, _ = base_rack(rack_idx, "spine", len(group) * (l_max_w + 64 * optics_margin_w) + m_max_w)
        srack.cooling = _fast(CoolingChoice, method="air-containment", unit=None, loop=None,
                                                      supply_temp_c=None, delta_t_k=None)
        for j, sp in enumerate(group):
            srack.placements.append(_fast(Placement,
                id=sp, device=leaf, name=sp, u=10 + j, face="front", side=None, full_depth=None, feed=None,
                power=[], tags=[]))
        racks.append(srack)

    rooms: list[Room] = []
    loops: list[CoolingLoop] = []
    row_no = 0
    pair_pitch = 2 * rack_d_m + COLD_AISLE_M + HOT_AISLE_M
    row_len = RACKS_PER_ROW * rack_w_m
    for r0 in range(0, len(racks), RACKS_PER_ROW * ROWS_PER_ROOM):
        room_racks = racks[r0:r0 + RACKS_PER_ROW * ROWS_PER_ROOM]
        room_no = len(rooms) + 1
        rows: list[Row] = []
        for k in range(0, len(room_racks), RACKS_PER_ROW):
            row_no += 1
            row_racks = room_racks[k:k + RACKS_PER_ROW]
            for pos, rk in enumerate(row_racks):
                rk.position = pos
            n_srv = sum(1 for rk in row_racks for p in rk.placements if p.device == server)
            if n_srv and liquid:
                loop_id = f"loop-{row_no:04d}"
                need = n_srv * s_max_w / 1000.0
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
            tile_m=0.6, floor_load_limit_kg_per_m2=1500.0, raised_floor=False, rows=rows))

    plan = Plan(
        metadata=Metadata(project=name or f"Synthetic {gpus} GPUs", author="rackwright synthetic"),
        site=_fast(Site, name="Synthetic site", rooms=rooms),
        feeds=feeds,
        cooling_loops=loops,
        fabrics=[Fabric(id="fab-compute", name="Compute fabric", kind="compute", technology="infiniband",
                        speed_gbps=400.0, rail_optimised=True)],
        links=links,
    )
    if catalog is not None:
        _cable(plan, catalog)
    return plan


def _cable(plan: Plan, catalog: Any) -> None:
    """Route length from the floor geometry and media for every link (DAC, else MMF + SR4,
    else SMF + DR4: the optics-and-fibre cabling of DGX SuperPOD builds)."""
    from planner.fabric.cabling import CableGeometry
    from planner.fabric.media import MediaChooser

    geo = CableGeometry(plan, catalog)
    chooser = MediaChooser(catalog)
    chooser.cables = [c for c in chooser.cables if c.kind in ("dac", "mmf", "smf")]
    pr = plan.index.placement_rack
    pl = plan.index.placements
    memo: dict[tuple[str, str, int | None, int | None], Any] = {}
    for lk in plan.links:
        a, b = lk.a.placement, lk.b.placement
        key = (pr[a], pr[b], pl[a].u, pl[b].u)
        media = memo.get(key)
        if media is None and key not in memo:
            media = memo[key] = chooser.choose(400.0, geo.route_m(a, b))
        if media is not None:
            lk.cable = media.cable
            lk.length_m = media.length_m
