"""One link: :class:`LinkFacts` (speed, media and the link's own checks), computed once per
version of the link, of its fabric and of its end devices."""

from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

from planner.fabric.analysis.lookups import _media, _Ports, link_speed
from planner.fabric.findings import Finding, fabric_finding
from planner.fabric.media import TWISTED_PAIR, MediaChooser
from planner.fabric.ports import Port
from planner.model.plan import Fabric, Link


class LinkFacts(NamedTuple):
    """What one link contributes, computed once per version of the link (and of its
    fabric and end devices): speed, media, and its own checks. Port reuse depends on
    the other links and is kept by :class:`FabricModel`."""

    id: str
    fabric: str
    a: str  # placement ids of the two ends
    b: str
    a_port: str
    b_port: str
    cable: str | None
    length_m: float | None
    speed_gbps: float
    end_power_w: float  # transceiver / active cable power at an end on a whole port
    mass_kg: float  # whole cable (half to each end's rack)
    transceiver: str | None  # catalog slug, one at each end (fibre)
    label: str  # label, else id
    a_name: str
    b_name: str
    a_dev: str | None  # device slugs (None: the placement does not exist)
    b_dev: str | None
    findings: tuple[Finding, ...]  # the link's own checks
    # what each end draws of the media: end_power_w, or on a breakout lane its share of the
    # one module its cage holds for all its lanes (:func:`lane_share`)
    a_power_w: float = 0.0
    b_power_w: float = 0.0

    @property
    def transceivers(self) -> int:
        return 2 if self.transceiver is not None else 0

    @property
    def power_w(self) -> float:
        """The media power of the link, both ends."""
        return self.a_power_w + self.b_power_w

    def power_at(self, pid: str) -> float:
        """The media power the end at placement ``pid`` draws (end a for a loop)."""
        return self.a_power_w if pid == self.a else self.b_power_w


def lane_share(port: Port | None, speed_gbps: float, media_speed_gbps: float) -> float:
    """The share of an end's media power a link draws at ``port``: 1 on a whole port; on a
    breakout lane (a 400G cage split into 2x 200G) the lane's part of the one module in its
    cage, ``speed / media speed`` (at most 1). A split cage holds one transceiver (or one
    splitter cable end) for all its lanes, not one per lane: the QM9700's twin-port OSFP
    cage takes one 800G 2xSR4 module, 17 W, for its two 400G ports (NVIDIA MMA4Z00-NS
    product specification, catalogs/components/cables.yaml) and four NDR200 lanes, 4.25 W
    each; a 200G lane on a 400G part's end draws half of it. A lane on a part of its own
    speed (a 200G module per lane) draws all of it: the cage's module then is the faster
    part, about the lanes' modules together."""
    if port is None or port.parent is None or media_speed_gbps <= 0 or speed_gbps <= 0:
        return 1.0
    return min(1.0, speed_gbps / media_speed_gbps)


_F = {name: i for i, name in enumerate(LinkFacts._fields)}
_F_ID = itemgetter(_F["id"])
_F_FABRIC = itemgetter(_F["fabric"])
_F_END_A = itemgetter(_F["a"], _F["a_port"])
_F_END_B = itemgetter(_F["b"], _F["b_port"])
_F_CABLE = itemgetter(_F["cable"])
_F_XCVR = itemgetter(_F["transceiver"])
_F_POWER = itemgetter(_F["a_power_w"], _F["b_power_w"])
_F_MASS = itemgetter(_F["mass_kg"])
_F_LENGTH = itemgetter(_F["length_m"])
_F_GRAPH = itemgetter(*(_F[n] for n in ("a", "b", "speed_gbps", "a_dev", "b_dev", "a_name", "b_name")))
_new_facts = tuple.__new__


def link_facts(cache: _Ports, chooser: MediaChooser, pl: dict[str, Any], fab: Fabric | None, lk: Link,
               default_length_m: float = 0.0) -> LinkFacts:
    """The :class:`LinkFacts` of ``lk`` in fabric ``fab`` (``pl``: the plan's placements by id).
    Port pairs and media are looked up once per distinct (devices, ports) and (cable,
    length, speed); messages are only built for links that have findings."""
    A, B = lk.a, lk.b
    a_pid, b_pid = A.placement, B.placement
    pa_obj, pb_obj = pl.get(a_pid), pl.get(b_pid)
    fs = fab.speed_gbps if fab is not None else 0.0
    if pa_obj is None or pb_obj is None:
        da = pa_obj.device if pa_obj is not None else None
        db = pb_obj.device if pb_obj is not None else None
        na = (pa_obj.name or a_pid) if pa_obj is not None else a_pid
        nb = (pb_obj.name or b_pid) if pb_obj is not None else b_pid
        speed, ok = fs, True
        pa = pb = None
    else:
        da, db = pa_obj.device, pb_obj.device
        na, nb = pa_obj.name or a_pid, pb_obj.name or b_pid
        a_port, b_port, cable, length = A.port, B.port, lk.cable, lk.length_m
        clean_key = (da, a_port, db, b_port, fs, cable, length, default_length_m)
        hit = cache._clean.get(clean_key)
        if hit is not None:  # each attribute read once: this is the path of nearly every link
            lid = lk.id
            return _new_facts(LinkFacts, (lid, lk.fabric, a_pid, b_pid, a_port, b_port, cable, length, hit[0], hit[1],
                                          hit[2], hit[3], lk.label or lid, na, nb, da, db, (), hit[4], hit[5]))
        key = (da, A.port, db, B.port, fs)
        pair = cache._pairs.get(key)
        if pair is None:
            pa, pb = cache.port_pair(da, A.port, db, B.port, fs)
            pair = cache._pairs[key] = (pa, pb, link_speed(pa, pb, 0.0) if (pa or pb) else None,
                                        pa is not None and pb is not None
                                        and abs(pa.speed_gbps - pb.speed_gbps) <= 1e-6)
        pa, pb, speed, ok = pair
        if speed is None or speed <= 0:
            speed = fs
        ok = ok and not (fab is not None and speed + 1e-6 < fs)
    mkey = (lk.cable, lk.length_m, speed, default_length_m)
    media = cache._media.get(mkey)
    if media is None:
        per_end, xcvr, mass = _media(cache, chooser, lk.cable, lk.length_m, speed, default_length_m)
        media = cache._media[mkey] = (per_end, xcvr, mass, not _cable_findings(cache, lk, "", speed),
                                      _media_speed(cache, lk.cable, xcvr))
    per_end, xcvr, mass, media_ok, media_speed = media
    a_w = per_end * lane_share(pa, speed, media_speed) if per_end else 0.0
    b_w = per_end * lane_share(pb, speed, media_speed) if per_end else 0.0
    findings: tuple[Finding, ...] = ()
    label = lk.label or lk.id
    if not ok or not media_ok:
        out: list[Finding] = []
        if pa_obj is not None and pb_obj is not None:
            if pa is None:
                out.append(fabric_finding("error", "FABRIC_UNKNOWN_PORT",
                                   "{na} ({da}) has no port {A_port!r} (link {label})", (lk.id, A.placement), na=na, da=da, A_port=A.port, label=label))
            if pb is None:
                out.append(fabric_finding("error", "FABRIC_UNKNOWN_PORT",
                                   "{nb} ({db}) has no port {B_port!r} (link {label})", (lk.id, B.placement), nb=nb, db=db, B_port=B.port, label=label))
            if pa is not None and pb is not None and abs(pa.speed_gbps - pb.speed_gbps) > 1e-6:
                out.append(fabric_finding("warning", "FABRIC_SPEED_MISMATCH",
                                   "link {label}: {na} {A_port} runs at {pa_speed_gbps:g} Gb/s, {nb} {B_port} at {pb_speed_gbps:g} Gb/s; the link runs at {v8:g} Gb/s", (lk.id,), label=label, na=na, A_port=A.port, pa_speed_gbps=pa.speed_gbps, nb=nb, B_port=B.port, pb_speed_gbps=pb.speed_gbps, v8=min(pa.speed_gbps, pb.speed_gbps)))
            if fab is not None and speed + 1e-6 < fs:
                out.append(fabric_finding("warning", "FABRIC_SLOW_LINK", "link {label} runs at {speed:g} Gb/s in the {fs:g} Gb/s fabric {fab_name}", (lk.id, fab.id), label=label, speed=speed, fs=fs, fab_name=fab.name))
        if not media_ok:
            out.extend(_cable_findings(cache, lk, label, speed))
        findings = tuple(out)
    elif pa_obj is not None and pb_obj is not None:  # what follows from clean_key alone: reuse it
        if len(cache._clean) > 500_000:
            cache._clean.clear()
        cache._clean[clean_key] = (speed, per_end, mass, xcvr, a_w, b_w)
    return _new_facts(LinkFacts, (lk.id, lk.fabric, A.placement, B.placement, A.port, B.port, lk.cable, lk.length_m,
                                  speed, per_end, mass, xcvr, label, na, nb, da, db, findings, a_w, b_w))


def _media_speed(cache: _Ports, cable_slug: str | None, xcvr: str | None) -> float:
    """The speed of the part whose power an end draws: the transceiver's for fibre, else the
    (active) cable's; 0 when unknown."""
    part = cache.cable(xcvr) if xcvr is not None else (cache.cable(cable_slug) if cable_slug is not None else None)
    return float(part.speed_gbps or 0.0) if part is not None else 0.0


def _cable_findings(cache: _Ports, lk: Link, label: str, speed: float) -> list[Finding]:
    """Checks of a link's cable against its speed and length."""
    out: list[Finding] = []
    if lk.cable is None:
        return out
    cable = cache.cable(lk.cable)
    if cable is None:
        out.append(fabric_finding("error", "FABRIC_UNKNOWN_CABLE", "link {label}: cable {lk_cable!r} is not in the catalog", (lk.id,), label=label, lk_cable=lk.cable))
        return out
    if cable.kind == "transceiver":
        out.append(fabric_finding("error", "FABRIC_MEDIA_MISMATCH", "link {label}: {lk_cable} is a transceiver, not a cable", (lk.id,), label=label, lk_cable=lk.cable))
    elif cable.kind in TWISTED_PAIR:
        if speed > cable.speed_gbps + 1e-6:
            out.append(fabric_finding("error", "FABRIC_MEDIA_MISMATCH",
                               "link {label}: {lk_cable} carries {cable_speed_gbps:g} Gb/s, the ports run at {speed:g}", (lk.id,), label=label, lk_cable=lk.cable, cable_speed_gbps=cable.speed_gbps, speed=speed))
    elif cable.speed_gbps + 1e-6 < speed:
        out.append(fabric_finding("error", "FABRIC_MEDIA_MISMATCH",
                           "link {label}: {lk_cable} is a {cable_speed_gbps:g} Gb/s cable on a {speed:g} Gb/s link", (lk.id,), label=label, lk_cable=lk.cable, cable_speed_gbps=cable.speed_gbps, speed=speed))
    if lk.length_m is not None and lk.length_m > cable.max_reach_m + 1e-9:
        out.append(fabric_finding("error", "FABRIC_CABLE_TOO_LONG",
                           "link {label}: {lk_length_m:g} m is beyond the {cable_max_reach_m:g} m reach of {lk_cable} ({cable_kind})", (lk.id,), label=label, lk_length_m=lk.length_m, cable_max_reach_m=cable.max_reach_m, lk_cable=lk.cable, cable_kind=cable.kind))
    if lk.length_m is not None and cable.min_reach_m and lk.length_m + 1e-9 < cable.min_reach_m:
        out.append(fabric_finding("warning", "FABRIC_CABLE_TOO_SHORT",
                           "link {label}: {lk_length_m:g} m is shorter than the {cable_min_reach_m:g} m minimum of {lk_cable}", (lk.id,), label=label, lk_length_m=lk.length_m, cable_min_reach_m=cable.min_reach_m, lk_cable=lk.cable))
    return out
