"""Cable schedule: one row per cable, for the build sheets and CSV export."""

from __future__ import annotations

import csv
import io
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from planner.fabric.media import MediaChooser, transceiver_for
from planner.fabric.ports import port_lookup
from planner.plan import Plan

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


def cable_schedule(plan: Plan, catalog: Any) -> list[CableRow]:
    """Rows in plan order (the order links were made: node-leaf, leaf-spine, ...)."""
    idx = plan.index
    fabrics = {f.id: f for f in plan.fabrics}
    chooser = MediaChooser(catalog)
    rows = []
    for lk in plan.links:
        ends = []
        for end in (lk.a, lk.b):
            p = idx.placements[end.placement]
            rack = idx.racks[idx.placement_rack[end.placement]]
            ends.append((rack.name, "" if p.u is None else f"U{p.u}", p.name or p.id, end.port, p.device))
        fab = fabrics[lk.fabric]
        pa = port_lookup(catalog, ends[0][4], lk.a.port)
        pb = port_lookup(catalog, ends[1][4], lk.b.port)
        speeds = [x.speed_gbps for x in (pa, pb) if x is not None]
        speed = min(speeds) if speeds else fab.speed_gbps
        cable = catalog.get("cables", lk.cable) if (catalog is not None and lk.cable) else None
        xcvr = transceiver_for(chooser, cable, speed, lk.length_m or 0.0) if cable is not None else None
        rows.append(CableRow(lk.id, lk.label, fab.name, *ends[0][:4], *ends[1][:4], speed,
                             cable.kind if cable is not None else "", lk.cable or "", xcvr.slug if xcvr else "",
                             lk.length_m))
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
    """Write atomically: a temporary file in the same folder, then rename."""
    path = Path(path)
    text = schedule_csv(rows)
    fd, tmp = tempfile.mkstemp(prefix=".cables-", suffix=".csv", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
