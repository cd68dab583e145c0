"""The plan's hand-off tables: BOM, cable schedule, racks, power sources and feeds, PDUs, workloads.

``plan_tables(plan, catalog, results, imperial=False) -> list[Sheet]`` gives the tables
the Excel workbook (:mod:`planner.reports.xlsx`) and the CSV files
(:mod:`planner.reports.csvout`) are written from: one :class:`Sheet` per table, typed
columns, rows of plain values (str, int, float or None for "no figure").

Nothing is computed here. Every figure comes from the engine's ``Results`` (the same
snapshot the app shows, the PDF prints and ``rackwright check`` reports), the cable rows
from :func:`planner.fabric.schedule.cable_schedule` (the PDF's and the Cables panel's
schedule), rack positions from :mod:`planner.geometry`; this module only converts units
at the edge (W -> kW, kg -> lb, m -> ft in imperial) and names things. Percentages stay
fractions (0.85); the writers show them as percent.

Totals are not values in the rows: a column marked ``total`` gets a sum in the workbook
(an ``=SUM(...)`` formula below the rows), so an edited quantity updates it there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from planner.fabric.schedule import cable_schedule
from planner.geometry import plan_footprints
from planner.plan import cooling_method_name
from planner.units import LB_KG

FOOT_M = 0.3048  # exact (international foot, 1959)

# kinds of columns; the writers choose number formats by kind
TEXT, INT, FLOAT, MONEY, PERCENT = "text", "int", "float", "money", "percent"

BOM_CATEGORIES = {"device-types": "Equipment", "rack-types": "Racks", "cooling": "Cooling", "cables": "Cables",
                  "nics": "NICs"}
PRICE_BASIS = {"list": "list", "street-estimate": "street estimate", "quote": "quote", "estimate": "estimate"}


@dataclass(frozen=True)
class Column:
    title: str
    kind: str = TEXT
    decimals: int = 0  # FLOAT: digits after the decimal point (MONEY: 2, PERCENT: 1)
    total: bool = False  # the workbook sums this column below the rows


@dataclass
class Sheet:
    """One table: ``name`` is the sheet name (<= 31 characters, Excel's limit) and,
    lower-cased with dashes, the CSV file name. ``highlight`` holds the indexes of rows
    to mark (a BOM line without a price); ``notes`` are lines shown under the table in
    the workbook (the CSV files hold the rows only)."""

    name: str
    columns: tuple[Column, ...]
    rows: list[tuple[Any, ...]] = field(default_factory=list)
    highlight: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)

    @property
    def file_stem(self) -> str:
        return self.name.lower().replace(" ", "-")


ProgressFn = Callable[[float, str], Any]


def plan_tables(plan: Any, catalog: Any, results: Any, imperial: bool = False,
                progress: ProgressFn | None = None) -> list[Sheet]:
    """Every table of ``plan``; ``results`` is ``Engine(catalog, settings).compute(plan)``
    for this very plan."""
    t = _Tables(plan, catalog, results, imperial)
    steps = (("bill of materials", t.bom), ("cable schedule", t.cables), ("racks", t.racks),
             ("power sources", t.sources), ("power feeds", t.feeds), ("rack PDUs", t.pdus),
             ("workloads", t.workloads))
    out = []
    for i, (stage, make) in enumerate(steps):
        if progress is not None:
            progress(i / len(steps), stage)
        out.append(make())
    return out


def document_info(plan: Any) -> dict[str, str]:
    """Who and what the files are for, from the plan's metadata: the workbook's document
    properties (title, subject, creator, ...) and the first note of the BOM."""
    import planner

    md = plan.metadata
    title = " \u2013 ".join(x for x in (md.customer, md.project) if x) or (plan.site.name or "Rackwright plan")
    return {"title": title, "subject": "Bill of materials, cable schedule, racks, power and workloads",
            "creator": md.author or "Rackwright", "revision": md.revision or "",
            "generator": f"Rackwright {planner.__version__}"}


def _kw(w: float | None) -> float | None:
    return None if w is None else w / 1000.0


class _Tables:
    def __init__(self, plan: Any, catalog: Any, results: Any, imperial: bool) -> None:
        self.plan, self.catalog, self.results = plan, catalog, results
        self.imperial = imperial
        self.mass_unit = "lb" if imperial else "kg"
        self.length_unit = "ft" if imperial else "m"
        self.names: dict[tuple[str, str], str] = {}
        for room in plan.site.rooms:
            self.names[("room", room.id)] = room.name
            for row in room.rows:
                self.names[("row", row.id)] = row.name
                for rack in row.racks:
                    self.names[("rack", rack.id)] = rack.name
        for coll, kind in ((plan.feeds, "feed"), (plan.cooling_loops, "loop"), (plan.power_sources, "source")):
            for x in coll:
                self.names[(kind, x.id)] = x.name

    def mass(self, kg: float | None) -> float | None:
        return None if kg is None else (kg / LB_KG if self.imperial else kg)

    def length(self, m: float | None) -> float | None:
        return None if m is None else (m / FOOT_M if self.imperial else m)

    # -- BOM ------------------------------------------------------------------------------------
    def _item(self, table: str, slug: str) -> Any:
        return self.catalog.get(table, slug) if self.catalog is not None else None

    @staticmethod
    def _price(item: Any) -> Any:
        if item is None:
            return None
        price = getattr(item, "price", None)
        if price is None and getattr(item, "planning", None) is not None:
            price = getattr(item.planning, "price", None)
        return price

    def bom(self) -> Sheet:
        r = self.results
        cur = r.totals.currency
        cols = (Column("Category"), Column("Manufacturer"), Column("Model"), Column("Part number"),
                Column("Catalog slug"), Column("Quantity", INT, total=True), Column("Unit price", MONEY),
                Column("Currency"), Column(f"Extended ({cur})", MONEY, total=True), Column("Price basis"),
                Column("Price source"), Column("Price date"), Column("Note"))
        sheet = Sheet("BOM", cols)
        unpriced = no_rate = 0
        for i, b in enumerate(r.bom):
            item = self._item(b.table, b.slug)
            price = self._price(item)
            maker = getattr(item, "manufacturer", None) or getattr(item, "vendor", None) or ""
            model = getattr(item, "model", None) or b.name
            part = getattr(item, "part_number", None) or ""
            note = "" if b.known else "Not in the catalog."
            if b.unit_price is None:
                unpriced += 1
                note = (note + " " if note else "") + "No price: not in the total."
                sheet.highlight.add(i)
            elif b.extended_plan is None:
                no_rate += 1
                note = f"No {b.currency} to {cur} exchange rate: not in the total."
                sheet.highlight.add(i)
            elif b.currency != cur:
                note = f"Converted at 1 {b.currency} = {b.rate:g} {cur}."
            sheet.rows.append((
                BOM_CATEGORIES.get(b.table, b.table), maker, model, part, b.slug, b.quantity, b.unit_price,
                b.currency or "", b.extended_plan,
                PRICE_BASIS.get(getattr(price, "basis", ""), getattr(price, "basis", "")) if price else "",
                getattr(price, "source", "") if price else "", getattr(price, "date", "") if price else "",
                note))
        info = document_info(self.plan)
        rev = f", revision {info['revision']}" if info["revision"] else ""
        sheet.notes.append(f"{info['title']}{rev}. {info['generator']}.")
        sheet.notes.append(f"Prices in {cur}: planning figures, not a quote. Price basis, source and date per line "
                           "from the catalog.")
        if unpriced:
            sheet.notes.append(f"Incomplete: {unpriced} line(s) without a price are not in the total.")
        if no_rate:
            sheet.notes.append(f"Incomplete: {no_rate} line(s) in a currency without an exchange rate are not in "
                               "the total (set one in Plan Settings).")
        return sheet

    # -- cables ---------------------------------------------------------------------------------
    def cables(self) -> Sheet:
        lu = self.length_unit
        cols = (Column("ID"), Column("Label"), Column("Fabric"), Column("From rack"), Column("From U", INT),
                Column("From device"), Column("From port"), Column("To rack"), Column("To U", INT), Column("To device"),
                Column("To port"), Column("Speed Gb/s", FLOAT, 0), Column("Media"), Column("Cable"),
                Column("Optics"), Column(f"Length {lu}", FLOAT, 1, total=True))
        sheet = Sheet("Cables", cols)
        length = self.length
        append = sheet.rows.append
        for c in cable_schedule(self.plan, self.catalog):
            append((c.id, c.label, c.fabric, c.from_rack, _u(c.from_u), c.from_device, c.from_port, c.to_rack,
                    _u(c.to_u), c.to_device, c.to_port, c.speed_gbps, c.media, c.cable, c.transceiver, length(c.length_m)))
        missing = sum(1 for row in sheet.rows if row[-1] is None)
        if missing:
            sheet.notes.append(f"{missing} cable(s) without a length are not in the length total.")
        return sheet

    # -- racks ----------------------------------------------------------------------------------
    def racks(self) -> Sheet:
        r = self.results
        mu, lu = self.mass_unit, self.length_unit
        cols = (Column("Room"), Column("Row"), Column("Position", INT), Column(f"X {lu}", FLOAT, 2),
                Column(f"Y {lu}", FLOAT, 2), Column("Rack"), Column("Rack type"), Column("U height", INT),
                Column("U used", INT, total=True), Column("U free", INT, total=True),
                Column("Largest free block U", INT), Column("Devices", INT, total=True),
                Column("GPUs", INT, total=True), Column("Typical kW", FLOAT, 2, total=True),
                Column("Max kW", FLOAT, 2, total=True), Column("Nameplate kW", FLOAT, 2, total=True),
                Column("PDU capacity kW", FLOAT, 2), Column("Cooling"), Column("Cooling unit"), Column("Loop"),
                Column("Heat kW", FLOAT, 2, total=True), Column("Cooling capacity kW", FLOAT, 2),
                Column("Cooling margin kW", FLOAT, 2), Column(f"Mass {mu}", FLOAT, 0, total=True),
                Column(f"Max load {mu}", FLOAT, 0), Column("Level"))
        sheet = Sheet("Racks", cols)
        fps = plan_footprints(self.plan, self.catalog)
        for room in self.plan.site.rooms:
            for row in room.rows:
                for pos, rack in enumerate(sorted(row.racks, key=lambda x: x.position), 1):
                    res = r.racks.get(rack.id)
                    if res is None:
                        continue
                    fp = fps.get(rack.id)
                    sheet.rows.append((
                        room.name, row.name, pos, self.length(fp.x_m) if fp else None,
                        self.length(fp.y_m) if fp else None, res.name, res.rack_type, res.u_height, res.u_used,
                        res.u_free, res.largest_free_block_u, res.devices, res.gpu_count, _kw(res.typical_w),
                        _kw(res.max_w), _kw(res.nameplate_w), _kw(res.power_capacity_w),
                        cooling_method_name(res.cooling), res.cooling_unit or "",
                        self.names.get(("loop", res.loop), res.loop or "") if res.loop else "",
                        _kw(res.heat_w), _kw(res.cooling_capacity_w), _kw(res.cooling_headroom_w),
                        self.mass(res.mass_kg), self.mass(res.max_load_kg) if res.max_load_kg else None,
                        str(res.level)))
        sheet.notes.append("Position: the rack's place in its row, from the row's start; X, Y: its front-left "
                           "corner in the room. Level: the worst of power, cooling, weight and floor load.")
        return sheet

    # -- power ----------------------------------------------------------------------------------
    SOURCE_KINDS = {"ups": "UPS", "panel": "Panel", "switchboard": "Switchboard", "generator": "Generator"}

    def sources(self) -> Sheet:
        """UPSs, panels, switchboards and generators with what hangs off them (the engine's roll-up)."""
        r = self.results
        found = getattr(r, "sources", {})
        cols = (Column("Source"), Column("Kind"), Column("Side"), Column("Hangs off"), Column("Capacity kW", FLOAT, 2),
                Column("Typical kW", FLOAT, 2), Column("Max kW", FLOAT, 2), Column("Failover kW", FLOAT, 2),
                Column("Failed side"), Column("Utilisation", PERCENT), Column("Feeds", INT),
                Column("Sources", INT), Column("Level"))
        sheet = Sheet("Power sources", cols)
        for src in self.plan.power_sources:
            sr = found.get(src.id)
            if sr is None:
                continue
            sheet.rows.append((sr.name, self.SOURCE_KINDS.get(sr.kind, sr.kind), sr.side or "",
                               self.names.get(("source", sr.upstream), sr.upstream) if sr.upstream else "",
                               _kw(sr.capacity_w), _kw(sr.typical_w), _kw(sr.max_w), _kw(sr.failover_w),
                               sr.failover_side or "", sr.utilisation, len(sr.feeds), len(sr.sources),
                               str(sr.level)))
        sheet.notes.append("Each source carries the feeds and sources under it (not summed here: a source's load "
                           "includes those below it). Failover: with the worst other feed side failed; "
                           "utilisation = failover load / capacity (docs/engine.md, Power sources)."
                           if sheet.rows else "The plan has no UPSs, panels, switchboards or generators.")
        return sheet

    def feeds(self) -> Sheet:
        r = self.results
        cols = (Column("Feed"), Column("Side"), Column("Hangs off"), Column("Voltage V", FLOAT, 0), Column("Phases", INT),
                Column("Breaker A", FLOAT, 0), Column("Derating", FLOAT, 2), Column("Capacity kW", FLOAT, 2),
                Column("Typical kW", FLOAT, 2, total=True), Column("Max kW", FLOAT, 2, total=True),
                Column("Failover kW", FLOAT, 2), Column("Failed side"), Column("Utilisation", PERCENT),
                Column("PDUs", INT, total=True), Column("Level"))
        sheet = Sheet("Power feeds", cols)
        for f in self.plan.feeds:
            fr = r.feeds.get(f.id)
            if fr is None:
                continue
            up = getattr(fr, "upstream", None)
            sheet.rows.append((fr.name, fr.side, self.names.get(("source", up), up) if up else "", f.voltage_v,
                               f.phases, f.breaker_a, fr.derating,
                               _kw(fr.capacity_w), _kw(fr.typical_w), _kw(fr.max_w), _kw(fr.failover_w),
                               fr.failover_side or "", fr.utilisation, len(fr.pdus), str(fr.level)))
        sheet.notes.append("Failover: the feed's load with the worst other side failed; utilisation = failover "
                           "load / derated capacity (docs/engine.md).")
        return sheet

    def pdus(self) -> Sheet:
        r = self.results
        cols = (Column("Rack"), Column("PDU"), Column("Feed"), Column("Side"), Column("Voltage V", FLOAT, 0),
                Column("Wiring"), Column("Rated A", FLOAT, 0), Column("Limit A", FLOAT, 1),
                Column("Typical kW", FLOAT, 2, total=True), Column("Max kW", FLOAT, 2, total=True),
                Column("L1 A", FLOAT, 1), Column("L2 A", FLOAT, 1), Column("L3 A", FLOAT, 1),
                Column("Failover L1 A", FLOAT, 1), Column("Failover L2 A", FLOAT, 1),
                Column("Failover L3 A", FLOAT, 1), Column("Neutral A", FLOAT, 1), Column("Imbalance", PERCENT),
                Column("Cords", INT, total=True))
        sheet = Sheet("PDUs", cols)
        order = {rid: i for i, rid in enumerate(rk.id for rk in self.plan.racks())}
        pdus = sorted(r.pdus.values(), key=lambda p: (order.get(p.rack_id, 1 << 30), p.side, p.name))
        for p in pdus:
            a, fa = p.phase_a, p.failover_phase_a
            sheet.rows.append((self.names.get(("rack", p.rack_id), p.rack_id), p.name,
                               self.names.get(("feed", p.feed), p.feed or "") if p.feed else "", p.side,
                               p.voltage_v, p.wiring, p.rating_a, p.derated_a, _kw(p.typical_w), _kw(p.max_w),
                               a[0], a[1], a[2], fa[0], fa[1], fa[2], p.neutral_a, p.imbalance_percent / 100.0,
                               p.cords))
        sheet.notes.append("Limit: min(PDU rating, feed breaker) x continuous derating. Phase currents at the load "
                           "basis in normal operation; failover: the worst case with another side failed. Delta "
                           "PDUs show line currents.")
        return sheet

    # -- workloads ------------------------------------------------------------------------------
    # the verdict's figures as columns, where any workload has them (planner.workloads)
    WORKLOAD_FIGURES = (("model", "Model", TEXT, 0), ("gpu", "GPU", TEXT, 0), ("gpus", "GPUs", INT, 0),
                        ("gpus_needed", "GPUs needed", INT, 0), ("precision", "Precision", TEXT, 0),
                        ("days", "Days", FLOAT, 2), ("gpu_hours", "GPU-hours", FLOAT, 0),
                        ("mfu", "MFU", PERCENT, 1), ("tokens_per_s", "Tokens/s", FLOAT, 0),
                        ("tokens_per_s_per_user", "Tokens/s per user", FLOAT, 1), ("ttft_s", "TTFT s", FLOAT, 2),
                        ("replicas", "Replicas", INT, 0), ("tp", "Tensor parallel", INT, 0),
                        ("max_concurrent_sequences", "Max concurrent sequences", INT, 0),
                        ("memory_per_gpu_gib", "GiB per GPU", FLOAT, 1), ("method", "Method", TEXT, 0))

    def workloads(self) -> Sheet:
        r = self.results
        verdicts = [r.workloads[w.id] for w in self.plan.workloads if w.id in r.workloads]
        figs = [f for f in self.WORKLOAD_FIGURES
                if any(_figure(v.figures.get(f[0]), f[2]) is not None for v in verdicts)]
        cols = (Column("Workload"), Column("Kind"), Column("Group"), Column("Verdict"), Column("Margin", PERCENT),
                Column("Bottleneck")) + tuple(Column(title, kind, dec) for _k, title, kind, dec in figs) \
            + (Column("Error"),)
        sheet = Sheet("Workloads", cols)
        for i, v in enumerate(verdicts):
            verdict = "not evaluated" if v.met is None else ("met" if v.met else "NOT MET")
            if v.met is not True:
                sheet.highlight.add(i)
            sheet.rows.append((v.name, v.kind, v.group or "", verdict, v.margin, v.bottleneck or "")
                              + tuple(_figure(v.figures.get(k), kind) for k, _t, kind, _d in figs)
                              + (v.error or "",))
        if not verdicts:
            sheet.notes.append("No workload targets are defined in this plan.")
        else:
            sheet.notes.append("Margin: how far the plan is above (+) or below (-) the target; figures from the "
                               "workload sizing (docs/workloads.md).")
        return sheet


def _u(where: str) -> int | None:
    """The schedule's "U12" as the number 12 (sorts as a number in a spreadsheet); None for a
    0U device (the schedule's empty U)."""
    return int(where[1:]) if where[:1] == "U" and where[1:].isdigit() else None


def _figure(v: Any, kind: str) -> Any:
    """A workload figure as a cell value of ``kind`` (None where it has no such value)."""
    if v is None or isinstance(v, (dict, list, tuple)):
        return None
    if kind == TEXT:
        return str(v)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return int(round(v)) if kind == INT else float(v)


__all__ = ["FLOAT", "INT", "MONEY", "PERCENT", "TEXT", "Column", "Sheet", "document_info", "plan_tables"]
