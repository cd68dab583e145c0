"""Which ports a device has, at what speed and for which role.

The source of truth is the device type's NetBox ``interfaces`` list. NetBox does
not say which interface belongs to which NIC, so roles are assigned like this
(docs/fabrics.md, "Port roles"):

1. ``mgmt_only`` interfaces are ``management`` (BMC) ports.
2. For servers, the ``planning.nics`` entries are taken in the order compute,
   storage, frontend, dpu, management; each needs ``count x nic.ports`` ports at
   ``nic.speed_gbps``. Interfaces whose name or label names a role
   (``ib``/``compute``/``gpu``, ``stor``, ``fe``/``inband``/``frontend``) are used for
   that role first, then the remaining interfaces of the NIC's speed in list order.
3. NIC ports no interface covers get synthesised names ``<role><n>`` (``compute0``,
   ``storage1``...) so a device type without NetBox interfaces can still be wired;
   a server with no management interface gets ``bmc``.
4. Switch data ports are all non-management interfaces; a port faster than the
   link speed is split (breakout) into ``speed / link`` lanes named ``<port>s<k>``
   (``swp1s0``, ``swp1s1``), the Cumulus/NVIDIA convention. A switch without
   interfaces gets ``p1``..``pN`` from ``planning.switch.ports``.
5. Storage appliances: every non-management interface no ``planning.nics`` entry
   claimed is a ``storage`` data port (an AI400X2's eight NDR/400GbE ports).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from planner.catalog import Catalog, DeviceType, Nic
    from planner.catalog.models import Interface

ROLES = ("compute", "storage", "frontend", "dpu", "management")
NVLINK_ROLE = "nvlink"
# NetBox has no NVLink interface type: NVLink ports are ``other`` interfaces whose name or
# label says NVLink (GB200 tray ``gpu0-nvl0``, NVLink switch tray access ports ``acp1``,
# NVOS naming).
_NVLINK_RE = re.compile(r"(nvl|nvlink|^acp\d+$)", re.I)
MAX_BREAKOUT = 8

_IB_SPEEDS = {"sdr": 10, "ddr": 20, "qdr": 40, "fdr10": 40, "fdr": 56, "edr": 100, "hdr": 200,
              "ndr": 400, "xdr": 800}
_SPEED_RE = re.compile(r"^(\d+(?:\.\d+)?)(g|m)?base", re.I)

_ROLE_HINTS = (
    ("compute", re.compile(r"(^ib\d|compute|gpu|^cx|rail)", re.I)),
    ("storage", re.compile(r"stor", re.I)),
    ("frontend", re.compile(r"(front|inband|in-band|^fe\d)", re.I)),
    ("management", re.compile(r"(bmc|ipmi|idrac|ilo|oob|mgmt)", re.I)),
)


def interface_speed_gbps(iface_type: str | None) -> float | None:
    """Line rate of a NetBox interface type in Gb/s (``400gbase-x-osfp`` -> 400,
    ``1000base-t`` -> 1, ``infiniband-ndr`` -> 400); None when the type has no rate."""
    if not iface_type:
        return None
    t = iface_type.lower()
    if t.startswith("infiniband-"):
        return float(_IB_SPEEDS[t.split("-", 1)[1]]) if t.split("-", 1)[1] in _IB_SPEEDS else None
    m = _SPEED_RE.match(t)
    if not m:
        return None
    value = float(m.group(1))
    return value if (m.group(2) or "").lower() == "g" else value / 1000.0


@dataclass(frozen=True)
class Port:
    name: str
    speed_gbps: float
    role: str  # compute/storage/frontend/dpu/management for servers; "fabric"/"management" for switches
    connector: str = ""
    in_netbox: bool = True  # False for synthesised names
    parent: str | None = None  # breakout: the physical cage


@dataclass(frozen=True)
class DevicePorts:
    slug: str
    kind: str
    ports: tuple[Port, ...]

    def by_name(self) -> dict[str, Port]:
        return self._by_name

    @cached_property
    def _by_name(self) -> dict[str, Port]:  # built once per device type (cable schedules ask per link)
        return {p.name: p for p in self.ports}

    def role(self, role: str) -> list[Port]:
        return [p for p in self.ports if p.role == role]


def _device(catalog: Catalog | None, slug: str) -> DeviceType | None:
    if catalog is None:
        return None
    return catalog.get("device-types", slug)


def _nic(catalog: Catalog | None, slug: str) -> Nic | None:
    return catalog.get("nics", slug) if catalog is not None else None


def device_ports(catalog: Catalog | None, slug: str) -> DevicePorts | None:
    """All ports of a device type with roles (cached per catalog and slug)."""
    return _device_ports_cached(_CatalogKey(catalog), slug)


class _CatalogKey:
    """Hashable wrapper so lru_cache keys on the catalog object's identity."""

    __slots__ = ("catalog",)

    def __init__(self, catalog: Catalog | None) -> None:
        self.catalog = catalog

    def __hash__(self) -> int:
        return id(self.catalog)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _CatalogKey) and other.catalog is self.catalog


@lru_cache(maxsize=512)
def _device_ports_cached(key: _CatalogKey, slug: str) -> DevicePorts | None:
    catalog = key.catalog
    dev = _device(catalog, slug)
    if dev is None:
        return None
    kind = dev.kind
    if kind == "switch":
        return DevicePorts(slug, kind, tuple(_switch_physical_ports(dev, catalog)))
    return DevicePorts(slug, kind, tuple(_endpoint_ports(catalog, dev)))


def is_nvlink_interface(iface: Interface) -> bool:
    """An NVLink port (type ``other`` named or labelled NVLink, or an NVOS ``acp`` port)."""
    if iface.type != "other" or iface.mgmt_only:
        return False
    return bool(_NVLINK_RE.search(iface.name) or _NVLINK_RE.search(iface.label or ""))


def nvlink_port_gbps(catalog: Catalog | None, dev: DeviceType) -> float:
    """One NVLink port's speed, Gb/s each way. A switch: its ``planning.switch.ports``
    group whose connector says NVLink. A GPU tray: the GPU's catalog NVLink bandwidth
    (bidirectional GB/s) / its NVLink ports per GPU / 2 x 8 (GB200: 1,800 / 18 / 2 x 8 =
    400)."""
    pl = dev.planning
    if pl is not None and pl.switch is not None:
        for g in pl.switch.ports:
            if "nvlink" in (g.connector or "").lower():
                return float(g.speed_gbps)
        return float(pl.switch.ports[0].speed_gbps) if pl.switch.ports else 0.0
    n_ports = sum(1 for i in dev.interfaces if is_nvlink_interface(i))
    gpus = dev.gpu_count or 0
    gpu = None
    if gpus and dev.gpu_slug:
        gpu = catalog.get("gpus", dev.gpu_slug) if catalog is not None else None
    bidir = float(getattr(gpu, "nvlink_bandwidth_gb_per_s", 0.0) or 0.0) if gpu is not None else 0.0
    if not n_ports or not gpus or bidir <= 0:
        return 0.0
    return bidir / (n_ports / gpus) / 2.0 * 8.0


def _nvlink_ports(catalog: Catalog | None, dev: DeviceType) -> list[Port]:
    ifaces = [i for i in dev.interfaces if is_nvlink_interface(i)]
    if not ifaces:
        return []
    speed = nvlink_port_gbps(catalog, dev)
    return [Port(i.name, speed, NVLINK_ROLE, "nvlink") for i in ifaces]


def _switch_physical_ports(dev: DeviceType, catalog: Catalog | None = None) -> list[Port]:
    out: list[Port] = []
    nvl = _nvlink_ports(catalog, dev)
    out.extend(Port(p.name, p.speed_gbps, "fabric", p.connector) for p in nvl)
    for iface in dev.interfaces:
        speed = interface_speed_gbps(iface.type)
        if speed is None:
            continue
        out.append(Port(iface.name, speed, "management" if iface.mgmt_only else "fabric", iface.type))
    if not any(p.role == "fabric" for p in out) and dev.planning is not None and dev.planning.switch is not None:
        n = 0
        for group in dev.planning.switch.ports:
            for _ in range(group.count):
                n += 1
                out.append(Port(f"p{n}", float(group.speed_gbps), "fabric", group.connector, in_netbox=False))
    return out


def _endpoint_ports(catalog: Catalog | None, dev: DeviceType) -> list[Port]:
    ifaces = []
    for iface in dev.interfaces:
        speed = interface_speed_gbps(iface.type)
        if speed is None:
            continue
        ifaces.append((iface, speed))
    out: list[Port] = []
    used: set[str] = set()
    for iface, speed in ifaces:
        if iface.mgmt_only:
            out.append(Port(iface.name, speed, "management", iface.type))
            used.add(iface.name)
    nics = list(dev.planning.nics) if dev.planning is not None else []
    nics.sort(key=lambda n: ROLES.index(n.role) if n.role in ROLES else len(ROLES))
    synth: dict[str, int] = {}
    for ref in nics:
        nic = _nic(catalog, ref.model)
        n_ports = ref.count * (nic.ports if nic is not None else 1)
        nic_speed = float(nic.speed_gbps) if nic is not None else None
        connector = nic.connector if nic is not None else ""

        def _hint(iface: Interface, role: str = ref.role) -> bool:
            text = f"{iface.name} {iface.label or ''} {iface.description or ''}"
            return any(r == role and rx.search(text) for r, rx in _ROLE_HINTS)

        def _speed_ok(s: float, want: float | None = nic_speed) -> bool:
            return want is None or abs(s - want) < 1e-6

        picked: list[tuple[Interface, float]] = []
        for pref in (True, False):
            for iface, speed in ifaces:
                if len(picked) >= n_ports:
                    break
                if iface.name in used or not _speed_ok(speed):
                    continue
                if pref and not _hint(iface):
                    continue
                if not pref and any(_hint(iface, r) for r in ROLES if r != ref.role):
                    continue
                picked.append((iface, speed))
                used.add(iface.name)
        for iface, speed in picked:
            out.append(Port(iface.name, speed, ref.role, iface.type))
        for _ in range(n_ports - len(picked)):
            k = synth.get(ref.role, 0)
            synth[ref.role] = k + 1
            out.append(Port(f"{ref.role}{k}", nic_speed or 0.0, ref.role, connector, in_netbox=False))
    if dev.kind == "storage":
        # Storage appliances (DDN AI400X2, VAST, WEKA...) list their data ports as NetBox
        # interfaces but rarely a ``planning.nics`` entry: every data interface no NIC took
        # serves the storage network (docs/fabrics.md, "Port roles" 5).
        for iface, speed in ifaces:
            if iface.name not in used:
                out.append(Port(iface.name, speed, "storage", iface.type))
                used.add(iface.name)
    out.extend(_nvlink_ports(catalog, dev))
    if not any(p.role == "management" for p in out) and dev.kind in ("server", "storage"):
        out.append(Port("bmc", 1.0, "management", "1000base-t", in_netbox=False))
    return out


def breakout_factor(port_speed_gbps: float, link_speed_gbps: float) -> int:
    """Lanes a port splits into at ``link_speed`` (1 = no split; 0 = too slow)."""
    if link_speed_gbps <= 0 or port_speed_gbps + 1e-9 < link_speed_gbps:
        return 0
    k = int(round(port_speed_gbps / link_speed_gbps))
    if k < 1 or abs(k * link_speed_gbps - port_speed_gbps) > 1e-6 or k > MAX_BREAKOUT:
        return 1
    return k


def switch_ports_at(catalog: Catalog, slug: str, link_speed_gbps: float) -> list[Port]:
    """Switch data ports usable at ``link_speed``, breakouts expanded, in port order.

    A port exactly ``k`` times faster splits into ``k`` lanes ``<port>s0..s<k-1>``; a port
    slower than the link cannot carry it. Ports of other speeds that are not clean
    multiples are used unsplit (the link then runs at the lower speed: a finding).
    """
    dp = device_ports(catalog, slug)
    if dp is None:
        return []
    out: list[Port] = []
    fabric = [p for p in dp.ports if p.role == "fabric"]
    # prefer ports whose speed matches (or splits cleanly) over slower uplink-only ports
    for p in fabric:
        k = breakout_factor(p.speed_gbps, link_speed_gbps)
        if k == 0:
            continue
        if k == 1:
            out.append(p)
        else:
            out.extend(Port(f"{p.name}s{i}", p.speed_gbps / k, "fabric", p.connector, p.in_netbox, parent=p.name)
                       for i in range(k))
    return out


def port_lookup(catalog: Catalog | None, slug: str, name: str, link_speed_gbps: float | None = None) -> Port | None:
    """A port by name, including breakout lanes (``swp1s1``) of a device's cages.

    A lane's speed is the cage speed divided by the split that ``link_speed`` implies
    (2-way when no link speed is given); a lane index beyond that split means a finer
    split (4- or 8-way, up to MAX_BREAKOUT); beyond MAX_BREAKOUT it is no port.
    """
    dp = device_ports(catalog, slug)
    if dp is None:
        return None
    ports = dp.by_name()
    if name in ports:
        return ports[name]
    lane = breakout_lanes(name)
    if lane is None or lane[0] not in ports:
        return None
    parent = ports[lane[0]]
    if parent.role == "management":
        return None
    k = breakout_factor(parent.speed_gbps, link_speed_gbps) if link_speed_gbps else 2
    if k < 2 or lane[1] >= k:
        # the cage is split finer than this link's speed implies (a faster port on a lane
        # of a cage split for slower ones: the link runs at the lane's speed, a finding of
        # its own): the smallest split that has this lane
        k = next((n for n in (2, 4, 8) if lane[1] < n <= MAX_BREAKOUT), 0)
        if not k:
            return None
    return Port(name, parent.speed_gbps / k, parent.role, parent.connector, parent.in_netbox, parent=parent.name)


def breakout_lanes(name: str) -> tuple[str, int] | None:
    m = re.match(r"^(.*)s(\d+)$", name)
    return (m.group(1), int(m.group(2))) if m else None


def cage_lanes(sw_ports: list[Port], catalog: Catalog, switch: str) -> tuple[int, float]:
    """(lanes per cage, cage speed) when every port of ``sw_ports`` (:func:`link_and_radix`'s)
    is a lane of a cage split the same way (a QM9700's 400G ports at 200G: 2, 400.0); else
    (1, 0.0). A device port as fast as the cage takes the whole cage, unsplit, at its own
    speed (auto-wire; docs/fabrics.md, "Link speeds")."""
    if not sw_ports or any(p.parent is None for p in sw_ports):
        return 1, 0.0
    dp = device_ports(catalog, switch)
    cages = dp.by_name() if dp is not None else {}
    speeds = {cages[p.parent].speed_gbps for p in sw_ports if p.parent in cages}
    if len(speeds) != 1 or len({p.speed_gbps for p in sw_ports}) != 1:
        return 1, 0.0
    cage = speeds.pop()
    k = breakout_factor(cage, sw_ports[0].speed_gbps)
    return (k, cage) if k >= 2 else (1, 0.0)


def lanes_of(speed_gbps: float, lanes: tuple[int, float]) -> int:
    """Switch lanes one device port at ``speed_gbps`` takes (:func:`cage_lanes`): all of a
    cage for a port as fast as the cage, half of it for a port at half its speed (a cage split
    2-way), ...; one for a port at the lane speed (or one that divides no cage evenly)."""
    k, cage = lanes
    if k <= 1 or speed_gbps <= 0:
        return 1
    m = cage / speed_gbps
    if abs(m - round(m)) > 1e-6 or round(m) < 1 or k % round(m):
        return 1
    return k // round(m)


def cage_starts(widths: Sequence[int], down: int | None, cage: int) -> list[int] | None:
    """The lane each port starts on when ports taking ``widths`` lanes each (in order, widest
    first) are laid on leaves of ``down`` down lanes (None: one leaf without a limit) whose
    cages have ``cage`` lanes: a port starts on a multiple of its width, a port of another
    width starts a new cage (one split per cage), and one that would run past a leaf's down
    lanes starts the next leaf. Lanes passed over stay unused; the lanes the layout takes are
    the last start plus its width. None when a port is wider than a leaf. Auto-wire lays its
    ports out so (planner.fabric.autowire), and the generator and the search count its lanes."""
    out: list[int] = []
    q = prev = 0
    for w in widths:
        if down is not None and w > down:
            return None
        base = q - q % down if down else 0  # the first lane of the current leaf
        a = q - base
        if prev and prev != w:
            a = -(-a // cage) * cage
        a = -(-a // w) * w
        if down and a + w > down:
            a = down
        out.append(base + a)
        q = base + a + w
        prev = w
    return out


def laid_out_lanes(runs: Sequence[tuple[int, int]], down: int | None, cage: int) -> int:
    """The down lanes :func:`cage_starts` takes for ``runs`` of ports, (lanes each, how many) in
    order, counted run by run (the generator and the search size trees of thousands of ports)."""
    q = prev = 0
    for w, n in runs:
        if n <= 0:
            continue
        if down is not None and w > down:
            return sum(wi * ni for wi, ni in runs if ni > 0)
        base = q - q % down if down else 0
        a = q - base
        if prev and prev != w:
            a = -(-a // cage) * cage
        a = -(-a // w) * w
        if down and a + w > down:
            base, a = base + down, 0
        if not down:
            q = base + a + n * w
        else:
            first = (down - a) // w  # ports this leaf still takes
            if n <= first:
                q = base + a + n * w
            else:
                per = down // w
                full, last = divmod(n - first, per)
                if last == 0:  # the last leaf is full
                    full, last = full - 1, per
                q = base + down * (1 + full) + last * w
        prev = w
    return q


def link_and_radix(catalog: Catalog, nic_speed_gbps: float, switch: str) -> tuple[float, list[Port]]:
    """Link speed (the slower of the NIC and the switch's fastest data port) and the
    switch ports usable at it. Shared by the calculator and auto-wiring."""
    dp = device_ports(catalog, switch)
    speeds = [p.speed_gbps for p in dp.ports if p.role == "fabric"] if dp is not None else []
    if not speeds:
        return nic_speed_gbps, []
    link = min(nic_speed_gbps, max(speeds))
    ports = switch_ports_at(catalog, switch, link)
    # a switch with ports of two speeds (an SN2201's 48 x 1G and 4 x 100G uplinks) builds a
    # tree at the link speed on the ports of that speed: a faster port used unsplit would put
    # a leaf's 100G uplink on a spine's 1G port (a speed mismatch on every uplink)
    native = [p for p in ports if p.speed_gbps == link]
    return link, (native if len(native) >= 2 else ports)
