"""Cable schedule: one row per cable, for the build sheets and CSV export."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from planner.base.fileio import atomic_write_bytes
from planner.fabric.media import MediaChooser, transceiver_for
from planner.fabric.ports import port_lookup
from planner.fabric.progress import without_gc
from planner.model.naming import display_name
from planner.model.plan import Link, Plan

if TYPE_CHECKING:
    from planner.catalog import Catalog

COLUMNS = ("id", "label", "fabric", "from_rack", "from_u", "from_device", "from_port", "to_rack", "to_u",
           "to_device", "to_port", "speed_gbps", "media", "cable", "transceiver", "length_m")


@dataclass(frozen=True)
class CableRow:
    id: str
    label: str
    fabric: str
    from_rack: str
    from_u: str
    from_device: str
    from_port: str
    to_rack: str
    to_u: str
    to_device: str
    to_port: str
    speed_gbps: float
    media: str
    cable: str
    transceiver: str
    length_m: float | None


@without_gc
def cable_schedule(plan: Plan, catalog: Catalog | None, links: Iterable[Link] | None = None) -> list[CableRow]:
    """Rows in plan order (the order links were made: node-leaf, leaf-spine, ...);
    ``links`` (links of ``plan``) gives the rows of just those, in their order (the
    cable list redoes only the rows an edit touched).

    One pass over the links; what repeats across them (a device's rack, U and name, a
    port's speed per device type, a cable's catalog entry, the transceiver per cable,
    speed and length) is looked up once, with the cyclic GC paused: ~49k rows of a
    2,048-node fabric in ~0.3 s.
    """
    idx = plan.index
    fabrics = {f.id: f for f in plan.fabrics}
    chooser = MediaChooser(catalog)
    ends: dict[str, tuple[str, str, str, str]] = {}  # placement -> (rack, U, name, device)
    speeds: dict[tuple[str, str], float | None] = {}  # (device type, port) -> speed
    cables: dict[str, Any] = {}
    xcvrs: dict[tuple[str, float, float], str] = {}

    def end_of(pid: str) -> tuple[str, str, str, str]:
        e = ends.get(pid)
        if e is None:
            p = idx.placements[pid]
            rack = idx.racks[idx.placement_rack[pid]]
            e = ends[pid] = (rack.name, "" if p.u is None else f"U{p.u}", display_name(p, catalog), p.device)
        return e

    def speed_of(device: str, port: str) -> float | None:
        key = (device, port)
        if key not in speeds:
            found = port_lookup(catalog, device, port)
            speeds[key] = found.speed_gbps if found is not None else None
        return speeds[key]

    rows = []
    for lk in plan.links if links is None else links:
        a, b = end_of(lk.a.placement), end_of(lk.b.placement)
        fab = fabrics[lk.fabric]
        sa, sb = speed_of(a[3], lk.a.port), speed_of(b[3], lk.b.port)
        speed = fab.speed_gbps if sa is None and sb is None else min(x for x in (sa, sb) if x is not None)
        cable = None
        xcvr = ""
        if catalog is not None and lk.cable:
            if lk.cable not in cables:
                cables[lk.cable] = catalog.get("cables", lk.cable)
            cable = cables[lk.cable]
            if cable is not None:
                key = (lk.cable, speed, lk.length_m or 0.0)
                if key not in xcvrs:
                    x = transceiver_for(chooser, cable, speed, lk.length_m or 0.0)
                    xcvrs[key] = x.slug if x else ""
                xcvr = xcvrs[key]
        rows.append(CableRow(lk.id, lk.label, fab.name, a[0], a[1], a[2], lk.a.port, b[0], b[1], b[2], lk.b.port,
                             speed, cable.kind if cable is not None else "", lk.cable or "", xcvr, lk.length_m))
    return rows


def schedule_csv(rows: list[CableRow]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    w.writeheader()
    for r in rows:
        d = asdict(r)
        d["length_m"] = "" if r.length_m is None else f"{r.length_m:g}"
        d["speed_gbps"] = f"{r.speed_gbps:g}"
        w.writerow(d)
    return buf.getvalue()


def write_schedule_csv(rows: list[CableRow], path: str | Path) -> None:
    """Write atomically through :func:`planner.base.fileio.atomic_write_bytes`, with the
    permissions of an ordinary document (the old file's, or 0666 less the umask)."""
    atomic_write_bytes(path, schedule_csv(rows).encode("utf-8"))
