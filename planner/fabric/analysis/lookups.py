"""Catalog look-ups cached per slug (:class:`_Ports`: ports, devices, cables, transceivers,
switch port counts) and a link's speed and media (:func:`link_media`: the one implementation
of a link's transceiver/active-cable power and cable mass)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from planner.fabric.media import MediaChooser, transceiver_for
from planner.fabric.ports import NVLINK_ROLE, Port, device_ports, port_lookup, switch_ports_at
from planner.model.plan import Link, Plan

if TYPE_CHECKING:
    from planner.catalog import Cable, Catalog


class _Ports:
    """Catalog lookups cached per slug: ports (device slug, port name, link speed), device
    kind/GPUs/power, cables, transceivers, switch port counts."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._memo: dict[tuple[str, str, float | None], Port | None] = {}
        self._dev: dict[str, tuple[str, int, float]] = {}
        self._cables: dict[str, Cable | None] = {}
        self._xcvr: dict[tuple[str, float, float], Cable | None] = {}
        self._sw: dict[tuple[str, float], tuple[int, int | None]] = {}
        self._nvl: dict[str, tuple[str | None, int]] = {}  # nvlink_ports by device slug
        self._pairs: dict[tuple[str, str, str, str, float], tuple[Any, ...]] = {}  # ports of both ends, speed, speeds agree
        self._media: dict[tuple[Any, ...], tuple[Any, ...]] = {}  # (cable, length, speed) -> media, no findings
        # (devices, ports, fabric speed, cable, length, default length) -> (speed, media, each end's share) of a link
        # without findings: one lookup for the 1,296 NVLink links an NVL72 rack repeats
        self._clean: dict[tuple[Any, ...], tuple[float, float, float, str | None, float, float]] = {}

    def get(self, slug: str, name: str, speed: float | None = None) -> Port | None:
        key = (slug, name, speed)
        try:
            return self._memo[key]
        except KeyError:
            got = self._memo[key] = port_lookup(self.catalog, slug, name, speed)
            return got

    def ends(self, plan: Plan, lk: Link) -> tuple[Port | None, Port | None]:
        return self.ends_of(plan.index.placements, lk)

    def ends_of(self, pl: dict[str, Any], lk: Link) -> tuple[Port | None, Port | None]:
        return self.port_pair(pl[lk.a.placement].device, lk.a.port, pl[lk.b.placement].device, lk.b.port)

    def port_pair(self, da: str, a: str, db: str, b: str, fabric_speed: float | None = None
                  ) -> tuple[Port | None, Port | None]:
        pa, pb = self.get(da, a), self.get(db, b)
        # two lanes (a leaf's 100G uplink lane on a spine's lane): split as the fabric's speed
        # implies, not the 2-way split the names alone suggest
        if fabric_speed and pa is not None and pb is not None and pa.parent is not None and pb.parent is not None:
            pa = self.get(da, a, fabric_speed) or pa
            pb = self.get(db, b, fabric_speed) or pb
            return pa, pb
        # a breakout lane (swp1s0) runs at the split its cable makes: a 400G cage split for
        # a 100G NIC is four 100G lanes, not the two 200G lanes its name alone suggests
        if pa is not None and pb is not None and (pa.parent is None) != (pb.parent is None):
            if pb.parent is not None:
                pb = self.get(db, b, pa.speed_gbps) or pb
            else:
                pa = self.get(da, a, pb.speed_gbps) or pa
        if pa is None and pb is not None:
            pa = self.get(da, a, pb.speed_gbps)
        if pb is None and pa is not None:
            pb = self.get(db, b, pa.speed_gbps)
        return pa, pb

    def device(self, slug: str | None) -> tuple[str, int, float]:
        """(kind, GPUs, maximum draw W) of a device type; ("other", 0, 0) when unknown."""
        if slug is None:
            return ("other", 0, 0.0)
        got = self._dev.get(slug)
        if got is None:
            dev = self.catalog.get("device-types", slug) if self.catalog is not None else None
            got = ("other", 0, 0.0) if dev is None else (dev.kind, dev.gpu_count or 0, float(dev.max_power_w or 0.0))
            self._dev[slug] = got
        return got

    def cable(self, slug: str) -> Cable | None:
        try:
            return self._cables[slug]
        except KeyError:
            got = self._cables[slug] = self.catalog.get("cables", slug) if self.catalog is not None else None
            return got

    def transceiver(self, chooser: MediaChooser, cable: Cable, speed: float, length: float) -> Cable | None:
        key = (cable.slug, speed, length)
        try:
            return self._xcvr[key]
        except KeyError:
            got = self._xcvr[key] = transceiver_for(chooser, cable, speed, length)
            return got

    def nvlink_ports(self, slug: str | None) -> tuple[str | None, int]:
        """(GPU slug, NVLink ports) of a device type (a GB200 tray: gb200, 72)."""
        key = slug or ""
        got = self._nvl.get(key)
        if got is None:
            dev = self.catalog.get("device-types", slug) if (self.catalog is not None and slug) else None
            dp = device_ports(self.catalog, slug) if (dev is not None and slug) else None
            got = (dev.gpu_slug if dev is not None else None, len(dp.role(NVLINK_ROLE)) if dp is not None else 0)
            self._nvl[key] = got
        return got

    def switch_ports(self, slug: str, speed: float) -> tuple[int, int | None]:
        """(ports counted as the switch's total, port limit for FABRIC_SWITCH_PORTS or None)."""
        key = (slug, speed)
        got = self._sw.get(key)
        if got is None:
            at = len(switch_ports_at(self.catalog, slug, speed))
            dp = device_ports(self.catalog, slug)
            total = at or (len(dp.role("fabric")) if dp is not None else 0)
            got = self._sw[key] = (total, at or None)
        return got


def _kind(catalog: Catalog | None, slug: str) -> str:
    dev = catalog.get("device-types", slug) if catalog is not None else None
    return dev.kind if dev is not None else "other"


def link_speed(pa: Port | None, pb: Port | None, fabric_speed: float) -> float:
    speeds = [p.speed_gbps for p in (pa, pb) if p is not None and p.speed_gbps > 0]
    return min(speeds) if speeds else fabric_speed


def link_media(catalog: Catalog, chooser: MediaChooser, lk: Link, speed: float,
               default_length_m: float = 0.0) -> tuple[float, int, float]:
    """(power per end W, transceivers, cable mass kg) of a link's media: the active
    cable's ``power_w`` at each end plus, for fibre, the transceiver's; mass =
    ``mass_kg_per_m`` x length (``default_length_m`` when the link has none). The one
    implementation: the engine counts it in device/rack power and rack mass, the
    fabric results sum it per fabric."""
    per_end, xcvr, mass = _media(_Ports(catalog), chooser, lk.cable, lk.length_m, speed, default_length_m)
    return per_end, 2 if xcvr is not None else 0, mass


def _media(cache: _Ports, chooser: MediaChooser, cable_slug: str | None, length_m: float | None, speed: float,
           default_length_m: float) -> tuple[float, str | None, float]:
    if cable_slug is None:
        return 0.0, None, 0.0
    cable = cache.cable(cable_slug)
    if cable is None or cable.kind == "transceiver":
        return 0.0, None, 0.0
    length = length_m if length_m is not None else default_length_m
    per_end = float(cable.power_w or 0.0)
    xcvr = cache.transceiver(chooser, cable, speed, length)
    if xcvr is not None:
        per_end += float(xcvr.power_w)
    return per_end, (xcvr.slug if xcvr is not None else None), (cable.mass_kg_per_m or 0.0) * length
