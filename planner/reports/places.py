"""Where things are, as the printed outputs name them: the display name of every entity of a
plan by (kind, id), and a finding's place ("rack R01", "device type Dell PowerEdge
XE9680"). One source for the build plan (:mod:`planner.reports.pdf`) and the hand-off
tables (:mod:`planner.reports.tables`), so a finding reads the same in both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planner.base.findings import WHERE_KINDS
from planner.i18n import _
from planner.model.naming import display_name

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.plan import Plan


def name_index(plan: Plan, catalog: Catalog | None) -> dict[tuple[str, str], str]:
    """The display name of every room, row, rack, device ("R01 / gpu01"), PDU, feed, power
    source, cooling loop, fabric, workload and link of ``plan``, by (kind, id)."""
    out: dict[tuple[str, str], str] = {}
    for room in plan.site.rooms:
        out[("room", room.id)] = room.name
        for row in room.rows:
            out[("row", row.id)] = row.name
            for rack in row.racks:
                out[("rack", rack.id)] = rack.name
                for pl in rack.placements:
                    nm = f"{rack.name} / {display_name(pl, catalog)}"
                    out[("placement", pl.id)] = nm
                    out[("pdu", pl.id)] = nm
    for coll, kind in ((plan.feeds, "feed"), (plan.power_sources, "source"), (plan.cooling_loops, "loop"),
                       (plan.fabrics, "fabric"), (plan.workloads, "workload")):
        for x in coll:
            out[(kind, x.id)] = x.name
    for lk in plan.links:
        out[("link", lk.id)] = lk.label or lk.id
    return out


def place_text(names: dict[tuple[str, str], str], catalog: Catalog | None, kind: str, ident: str | None) -> str:
    """A finding's place in the active language: the kind of entity and its name (a device
    type by its catalog name, as the BOM names it; the id when it has no name)."""
    label = _(WHERE_KINDS[kind]) if kind in WHERE_KINDS else kind
    if not ident:
        return label
    if kind == "device-type":
        return f"{label} {catalog.entry_name('device-types', ident) if catalog is not None else ident}"
    return f"{label} {names.get((kind, ident)) or ident}"
