"""The plan's hand-off tables: BOM, cable schedule, racks, power sources and feeds, PDUs,
cooling loops, workloads, rent or own, findings.

``plan_tables(plan, catalog, results, imperial=False) -> list[Sheet]`` gives the tables
the Excel workbook (:mod:`planner.reports.xlsx`) and the CSV files
(:mod:`planner.reports.csvout`) are written from: one :class:`Sheet` per table, typed
columns, rows of plain values (str, int, float or None for "no figure").

Nothing is computed here. Every figure comes from the engine's ``Results`` (the same
snapshot the app shows, the PDF prints and ``rackwright check`` reports), the cable rows
from :func:`planner.fabric.schedule.cable_schedule` (the PDF's and the Cables panel's
schedule), rack positions from :mod:`planner.model.geometry`; this module only converts units
at the edge (W -> kW, kg -> lb, m -> ft in imperial) and names things. Percentages stay
fractions (0.85); the writers show them as percent.

Totals are not values in the rows: a column marked ``total`` gets a sum in the workbook
(an ``=SUM(...)`` formula below the rows), so an edited quantity updates it there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from planner.base.findings import SEVERITY_NAMES, SEVERITY_RANK, finding_text
from planner.base.units import FOOT_M, LB_KG
from planner.fabric.names import SOURCE_KINDS, bottleneck_text, verdict_text, workload_kind_text
from planner.fabric.schedule import cable_schedule
from planner.i18n import N_, Np_, _, format_date, message_text, tf, use_language
from planner.model.geometry import plan_footprints
from planner.model.plan import coolant_name, cooling_method_name
from planner.reports.places import name_index, place_text

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.catalog.models import Price
    from planner.engine.results import Results
    from planner.model.plan import Plan


# the engine's level codes (planner.engine.levels) and PDU wiring codes (catalog) as the cells say them
LEVELS = {"none": "", "ok": N_("ok"), "warn": N_("near limit"), "over": N_("over the limit")}
WIRING = {"wye": N_("wye (star)"), "delta": N_("delta"), "single": N_("single-phase")}


def _level(code: object) -> str:
    word = LEVELS.get(str(code))
    return str(code) if word is None else (_(word) if word else "")


def _wiring(code: str) -> str:
    word = WIRING.get(code)
    return _(word) if word is not None else code


# kinds of columns; the writers choose number formats by kind
TEXT, INT, FLOAT, MONEY, PERCENT = "text", "int", "float", "money", "percent"

# texts of the cells (English catalog texts, N_; translated where a row is made)
BOM_CATEGORIES = {"device-types": N_("Equipment"), "rack-types": N_("Racks"), "cooling": N_("Cooling"),
                  "cables": N_("Cables"), "nics": N_("NICs")}
PRICE_BASIS = {"list": N_("list"), "street-estimate": N_("street estimate"), "quote": N_("quote"),
               "estimate": N_("estimate"), "included": N_("included")}


@dataclass(frozen=True)
class Column:
    title: str
    kind: str = TEXT
    decimals: int = 0  # FLOAT: digits after the decimal point (MONEY: 2, PERCENT: 1)
    total: bool = False  # the workbook sums this column below the rows


@dataclass
class Sheet:
    """One table: ``name`` is the sheet name (<= 31 characters, Excel's limit).
    ``highlight`` holds the indexes of rows to mark (a BOM line without a price);
    ``notes`` are lines shown under the table in the workbook (the CSV files hold the rows
    only). ``name``, the column titles and the notes are in the tables' language; ``key``
    is the English name, which, lower-cased with dashes, names the CSV file in every
    language (a script finds ``bom.csv`` whatever the language)."""

    name: str
    columns: tuple[Column, ...]
    rows: list[tuple[Any, ...]] = field(default_factory=list)
    highlight: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    key: str = ""

    @property
    def file_stem(self) -> str:
        return (self.key or self.name).lower().replace(" ", "-")


ProgressFn = Callable[[float, str], Any]


def plan_tables(plan: Plan, catalog: Catalog, results: Results, imperial: bool = False,
                progress: ProgressFn | None = None, lang: str | None = None) -> list[Sheet]:
    """Every table of ``plan``; ``results`` is ``Engine(catalog, settings).compute(plan)``
    for this very plan. Sheet names, column titles, fixed cell texts and notes in ``lang``
    (default: the active language, planner.i18n); the values stay numbers."""
    with use_language(lang):
        return _plan_tables(plan, catalog, results, imperial, progress)


def _plan_tables(plan: Plan, catalog: Catalog, results: Results, imperial: bool, progress: ProgressFn | None) -> list[Sheet]:
    t = _Tables(plan, catalog, results, imperial)
    steps = (("bill of materials", t.bom), ("cable schedule", t.cables), ("racks", t.racks),
             ("power sources", t.sources), ("power feeds", t.feeds), ("rack PDUs", t.pdus),
             ("cooling loops", t.loops), ("workloads", t.workloads), ("rent or own", t.rent),
             ("findings", t.findings))
    out = []
    for i, (stage, make) in enumerate(steps):
        if progress is not None:
            progress(i / len(steps), stage)
        out.append(make())
    return out


def document_info(plan: Plan) -> dict[str, str]:
    """Who and what the files are for, from the plan's metadata: the workbook's document
    properties (title, subject, creator, ...) and the first note of the BOM."""
    import planner

    md = plan.metadata
    title = " \u2013 ".join(x for x in (md.customer, md.project) if x) or (plan.site.name or _("Rackwright plan"))
    return {"title": title, "subject": _("Bill of materials, cable schedule, racks, power and workloads"),
            "creator": md.author or "Rackwright", "revision": md.revision or "",
            "generator": f"Rackwright {planner.__version__}"}


def _kw(w: float | None) -> float | None:
    return None if w is None else w / 1000.0


class _Tables:
    def __init__(self, plan: Plan, catalog: Catalog, results: Results, imperial: bool) -> None:
        self.plan, self.catalog, self.results = plan, catalog, results
        self.imperial = imperial
        self.mass_unit = "lb" if imperial else "kg"
        self.length_unit = "ft" if imperial else "m"
        self.names = name_index(plan, catalog)

    def cooling_name(self, slug: str | None) -> str:
        """A cooling unit's catalog name, "vendor model" (the slug when the catalog lacks it)."""
        if not slug:
            return ""
        return self.catalog.entry_name("cooling", slug) if self.catalog is not None else slug

    def mass(self, kg: float | None) -> float | None:
        return None if kg is None else (kg / LB_KG if self.imperial else kg)

    def length(self, m: float | None) -> float | None:
        return None if m is None else (m / FOOT_M if self.imperial else m)

    # -- BOM ------------------------------------------------------------------------------------
    def _item(self, table: str, slug: str) -> object:
        return self.catalog.get(table, slug) if self.catalog is not None else None

    @staticmethod
    def _price(item: object) -> Price | None:
        if item is None:
            return None
        price = getattr(item, "price", None)
        if price is None:
            price = getattr(getattr(item, "planning", None), "price", None)
        return price

    def bom(self) -> Sheet:
        r = self.results
        cur = r.totals.currency
        cols = (Column(_("Category")), Column(_("Manufacturer")), Column(_("Model")), Column(_("Part number")),
                Column(_("Catalog slug")), Column(_("Quantity"), INT, total=True), Column(_("Unit price"), MONEY),
                Column(_("Currency")), Column(tf("Extended ({currency})", currency=cur), MONEY, total=True), Column(_("Price basis")),
                Column(_("Price source")), Column(_("Price date")), Column(_("Note")))
        sheet = Sheet(_("BOM"), cols, key="BOM")
        unpriced = no_rate = 0
        for i, b in enumerate(r.bom):
            item = self._item(b.table, b.slug)
            price = self._price(item)
            maker = getattr(item, "manufacturer", None) or getattr(item, "vendor", None) or ""
            model = getattr(item, "model", None) or b.name
            part = getattr(item, "part_number", None) or ""
            note = "" if b.known else _("Not in the catalog.")
            if b.unit_price is None:
                unpriced += 1
                note = _("Not in the catalog. No price: not in the total.") if note else _("No price: not in the total.")
                sheet.highlight.add(i)
            elif b.extended_plan is None:
                no_rate += 1
                note = tf("No {currency} to {plan_currency} exchange rate: not in the total.", currency=b.currency,
                          plan_currency=cur)
                sheet.highlight.add(i)
            elif b.currency != cur:
                note = tf("Converted at 1 {currency} = {rate:g} {plan_currency}.", currency=b.currency, rate=b.rate,
                          plan_currency=cur)
            sheet.rows.append((
                _(BOM_CATEGORIES.get(b.table, b.table)), maker, model, part, b.slug, b.quantity, b.unit_price,
                b.currency or "", b.extended_plan,
                _(PRICE_BASIS.get(getattr(price, "basis", ""), getattr(price, "basis", ""))) if price else "",
                getattr(price, "source", "") if price else "",
                format_date(getattr(price, "date", "") or "") if price else "",  # German 06.2025
                note))
        info = document_info(self.plan)
        if info["revision"]:
            sheet.notes.append(tf("{title}, revision {revision}. {generator}.", title=info["title"],
                                  revision=info["revision"], generator=info["generator"]))
        else:
            sheet.notes.append(f"{info['title']}. {info['generator']}.")
        sheet.notes.append(tf("Prices in {currency}: planning figures, not a quote. Price basis, source and date per "
                              "line from the catalog.", currency=cur))
        if unpriced:
            sheet.notes.append(tf(Np_("Incomplete: {n} line without a price is not in the total.",
                                      "Incomplete: {n} lines without a price are not in the total."), n=unpriced))
        if no_rate:
            sheet.notes.append(tf(Np_("Incomplete: {n} line in a currency without an exchange rate is not in the "
                                      "total (set one in Plan Settings).",
                                      "Incomplete: {n} lines in a currency without an exchange rate are not in the "
                                      "total (set one in Plan Settings)."), n=no_rate))
        return sheet

    # -- cables ---------------------------------------------------------------------------------
    def cables(self) -> Sheet:
        lu = self.length_unit
        cols = (Column(_("ID")), Column(_("Label")), Column(_("Fabric")), Column(_("From rack")), Column(_("From U"), INT),
                Column(_("From device")), Column(_("From port")), Column(_("To rack")), Column(_("To U"), INT), Column(_("To device")),
                Column(_("To port")), Column(_("Speed Gb/s"), FLOAT, 0), Column(_("Media")), Column(_("Cable")),
                Column(_("Optics")), Column(tf("Length {unit}", unit=lu), FLOAT, 1, total=True))
        sheet = Sheet(_("Cables"), cols, key="Cables")
        length = self.length
        append = sheet.rows.append
        for c in cable_schedule(self.plan, self.catalog):
            append((c.id, c.label, c.fabric, c.from_rack, _u(c.from_u), c.from_device, c.from_port, c.to_rack,
                    _u(c.to_u), c.to_device, c.to_port, c.speed_gbps, c.media, c.cable, c.transceiver, length(c.length_m)))
        missing = sum(1 for row in sheet.rows if row[-1] is None)
        if missing:
            sheet.notes.append(tf(Np_("{n} cable without a length is not in the length total.",
                                      "{n} cables without a length are not in the length total."), n=missing))
        return sheet

    # -- racks ----------------------------------------------------------------------------------
    def racks(self) -> Sheet:
        r = self.results
        mu, lu = self.mass_unit, self.length_unit
        cols = (Column(_("Room")), Column(_("Row")), Column(_("Position"), INT), Column(f"X {lu}", FLOAT, 2),
                Column(f"Y {lu}", FLOAT, 2), Column(_("Rack")), Column(_("Rack type")), Column(_("U height"), INT),
                Column(_("U used"), INT, total=True), Column(_("U free"), INT, total=True),
                Column(_("Largest free block U"), INT), Column(_("Devices"), INT, total=True),
                Column(_("GPUs"), INT, total=True), Column(_("Typical kW"), FLOAT, 2, total=True),
                Column(_("Max kW"), FLOAT, 2, total=True), Column(_("Nameplate kW"), FLOAT, 2, total=True),
                Column(_("PDU capacity kW"), FLOAT, 2), Column(_("Cooling")), Column(_("Cooling unit")), Column(_("Loop")),
                Column(_("Heat kW"), FLOAT, 2, total=True), Column(_("Cooling capacity kW"), FLOAT, 2),
                Column(_("Cooling margin kW"), FLOAT, 2), Column(tf("Mass {unit}", unit=mu), FLOAT, 0, total=True),
                Column(tf("Max load {unit}", unit=mu), FLOAT, 0), Column(_("Level")))
        sheet = Sheet(_("Racks"), cols, key="Racks")
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
                        self.length(fp.y_m) if fp else None, res.name, self._rack_type_name(res.rack_type),
                        res.u_height, res.u_used,
                        res.u_free, res.largest_free_block_u, res.devices, res.gpu_count, _kw(res.typical_w),
                        _kw(res.max_w), _kw(res.nameplate_w), _kw(res.power_capacity_w),
                        cooling_method_name(res.cooling, translate=True), self.cooling_name(res.cooling_unit),
                        self.names.get(("loop", res.loop), res.loop or "") if res.loop else "",
                        _kw(res.heat_w), _kw(res.cooling_capacity_w), _kw(res.cooling_headroom_w),
                        self.mass(res.mass_kg), self.mass(res.max_load_kg) if res.max_load_kg else None,
                        _level(res.level)))
        sheet.notes.append(_("Position: the rack's place in its row, from the row's start; X, Y: its front-left "
                           "corner in the room. Level: the worst of power, cooling, weight and floor load."))
        return sheet

    def _rack_type_name(self, slug: str) -> str:
        """The rack type as the PDF names it (manufacturer and model); the slug when the catalog lacks it."""
        rt = self.catalog.get("rack-types", slug) if self.catalog is not None else None
        return f"{rt.manufacturer} {rt.model}" if rt is not None else slug

    # -- power ----------------------------------------------------------------------------------
    def sources(self) -> Sheet:
        """UPSs, panels, switchboards and generators with what hangs off them (the engine's roll-up)."""
        r = self.results
        found = getattr(r, "sources", {})
        cols = (Column(_("Source")), Column(_("Kind")), Column(_("Side")), Column(_("Hangs off")), Column(_("Capacity kW"), FLOAT, 2),
                Column(_("Typical kW"), FLOAT, 2), Column(_("Max kW"), FLOAT, 2), Column(_("Failover kW"), FLOAT, 2),
                Column(_("Failed side")), Column(_("Utilisation"), PERCENT), Column(_("Feeds"), INT),
                Column(_("Sources"), INT), Column(_("Level")))
        sheet = Sheet(_("Power sources"), cols, key="Power sources")
        for src in self.plan.power_sources:
            sr = found.get(src.id)
            if sr is None:
                continue
            sheet.rows.append((sr.name, _(SOURCE_KINDS.get(sr.kind, sr.kind)), sr.side or "",
                               self.names.get(("source", sr.upstream), sr.upstream) if sr.upstream else "",
                               _kw(sr.capacity_w), _kw(sr.typical_w), _kw(sr.max_w), _kw(sr.failover_w),
                               sr.failover_side or "", sr.utilisation, len(sr.feeds), len(sr.sources),
                               _level(sr.level)))
        sheet.notes.append(_("Each source carries the feeds and sources under it (not summed here: a source's load "
                           "includes those below it). Failover: with the worst other feed side failed; "
                           "utilisation = failover load / capacity (docs/engine.md, Power sources).")
                           if sheet.rows else _("The plan has no UPSs, panels, switchboards or generators."))
        return sheet

    def feeds(self) -> Sheet:
        r = self.results
        cols = (Column(_("Feed")), Column(_("Side")), Column(_("Hangs off")), Column(_("Voltage V"), FLOAT, 0), Column(_("Phases"), INT),
                Column(_("Breaker A"), FLOAT, 0), Column(_("Derating"), FLOAT, 2), Column(_("Capacity kW"), FLOAT, 2),
                Column(_("Typical kW"), FLOAT, 2, total=True), Column(_("Max kW"), FLOAT, 2, total=True),
                Column(_("Failover kW"), FLOAT, 2), Column(_("Failed side")), Column(_("Utilisation"), PERCENT),
                Column(_("PDUs"), INT, total=True), Column(_("Level")))
        sheet = Sheet(_("Power feeds"), cols, key="Power feeds")
        for f in self.plan.feeds:
            fr = r.feeds.get(f.id)
            if fr is None:
                continue
            up = getattr(fr, "upstream", None)
            sheet.rows.append((fr.name, fr.side, self.names.get(("source", up), up) if up else "", f.voltage_v,
                               f.phases, f.breaker_a, fr.derating,
                               _kw(fr.capacity_w), _kw(fr.typical_w), _kw(fr.max_w), _kw(fr.failover_w),
                               fr.failover_side or "", fr.utilisation, len(fr.pdus), _level(fr.level)))
        sheet.notes.append(_("Failover: the feed's load with the worst other side failed; utilisation = failover "
                           "load / derated capacity (docs/engine.md)."))
        return sheet

    def pdus(self) -> Sheet:
        r = self.results
        cols = (Column(_("Rack")), Column(_("PDU")), Column(_("Feed")), Column(_("Side")), Column(_("Voltage V"), FLOAT, 0),
                Column(_("Wiring")), Column(_("Rated A"), FLOAT, 0), Column(_("Limit A"), FLOAT, 1),
                Column(_("Typical kW"), FLOAT, 2, total=True), Column(_("Max kW"), FLOAT, 2, total=True),
                Column(_("L1 A"), FLOAT, 1), Column(_("L2 A"), FLOAT, 1), Column(_("L3 A"), FLOAT, 1),
                Column(_("Failover L1 A"), FLOAT, 1), Column(_("Failover L2 A"), FLOAT, 1),
                Column(_("Failover L3 A"), FLOAT, 1), Column(_("Neutral A"), FLOAT, 1), Column(_("Imbalance"), PERCENT),
                Column(_("Cords"), INT, total=True))
        sheet = Sheet(_("PDUs"), cols, key="PDUs")
        order = {rid: i for i, rid in enumerate(rk.id for rk in self.plan.racks())}
        pdus = sorted(r.pdus.values(), key=lambda p: (order.get(p.rack_id, 1 << 30), p.side, p.name))
        for p in pdus:
            a, fa = p.phase_a, p.failover_phase_a
            sheet.rows.append((self.names.get(("rack", p.rack_id), p.rack_id), p.name,
                               self.names.get(("feed", p.feed), p.feed or "") if p.feed else "", p.side,
                               p.voltage_v, _wiring(p.wiring), p.rating_a, p.derated_a, _kw(p.typical_w), _kw(p.max_w),
                               a[0], a[1], a[2], fa[0], fa[1], fa[2], p.neutral_a, p.imbalance_percent / 100.0,
                               p.cords))
        sheet.notes.append(_("Limit: min(PDU rating, feed breaker) x continuous derating. Phase currents at the load "
                           "basis in normal operation; failover: the worst case with another side failed. Delta "
                           "PDUs show line currents."))
        return sheet

    # -- workloads ------------------------------------------------------------------------------
    # the verdict's figures as columns, where any workload has them (planner.workloads)
    WORKLOAD_FIGURES = (("model", N_("Model"), TEXT, 0), ("gpu", N_("GPU"), TEXT, 0), ("gpus", N_("GPUs"), INT, 0),
                        ("gpus_needed", N_("GPUs needed"), INT, 0), ("precision", N_("Precision"), TEXT, 0),
                        ("days", N_("Days"), FLOAT, 2), ("gpu_hours", N_("GPU-hours"), FLOAT, 0),
                        ("mfu", N_("MFU"), PERCENT, 1), ("tokens_per_s", N_("Tokens/s"), FLOAT, 0),
                        ("tokens_per_s_per_user", N_("Tokens/s per user"), FLOAT, 1), ("ttft_s", N_("TTFT s"), FLOAT, 2),
                        ("replicas", N_("Replicas"), INT, 0), ("tp", N_("Tensor parallel"), INT, 0),
                        ("max_concurrent_sequences", N_("Max concurrent sequences"), INT, 0),
                        ("memory_per_gpu_gib", N_("GiB per GPU"), FLOAT, 1), ("method", N_("Method"), TEXT, 0),
                        ("cost_per_million_tokens", N_("Cost per million tokens"), FLOAT, 2))

    def workloads(self) -> Sheet:
        r = self.results
        verdicts = [r.workloads[w.id] for w in self.plan.workloads if w.id in r.workloads]
        figs = [f for f in self.WORKLOAD_FIGURES
                if any(_figure(v.figures.get(f[0]), f[2]) is not None for v in verdicts)]
        cols = (Column(_("Workload")), Column(_("Kind")), Column(_("Group")), Column(_("Verdict")), Column(_("Margin"), PERCENT),
                Column(_("Bottleneck"))) + tuple(Column(_(title), kind, dec) for _k, title, kind, dec in figs) \
            + (Column(_("Error")),)
        sheet = Sheet(_("Workloads"), cols, key="Workloads")
        for i, v in enumerate(verdicts):
            verdict = message_text(verdict_text(v.met))
            if v.met is not True:
                sheet.highlight.add(i)
            sheet.rows.append((v.name, message_text(workload_kind_text(v.kind)), v.group or "", verdict, v.margin,
                               message_text(bottleneck_text(v.bottleneck)))
                              + tuple(_figure(v.figures.get(k), kind) for k, _t, kind, _d in figs)
                              + (message_text(v.error) if v.error else "",))
        if not verdicts:
            sheet.notes.append(_("No workload targets are defined in this plan."))
        else:
            sheet.notes.append(_("Margin: how far the plan is above (+) or below (-) the target; figures from the "
                               "workload sizing (docs/workloads.md)."))
            costed = [v for v in verdicts if v.figures.get("cost_per_million_tokens") is not None]
            if costed:
                sheet.notes.append(tf("Cost per million tokens in {currency}: the servers' price over the years of "
                                      "use and energy at the plan's electricity price.",
                                      currency=costed[0].figures.get("currency") or self.plan.metadata.currency))
            short = [v.name for v in costed if v.figures.get("cost_complete") is False]
            if short:  # the warning stands with the figure it qualifies
                sheet.notes.append(tf("\u26a0 Capex incomplete for the cost per token of {workloads}: the servers "
                                      "have no price in the plan currency, so it is a lower bound.",
                                      workloads=", ".join(short)))
        return sheet


    # -- cooling loops --------------------------------------------------------------------------
    LOOP_KINDS = {"in-row": N_("CDU loop"), "facility": N_("facility water")}

    def loops(self) -> Sheet:
        r = self.results
        cols = (Column(_("Loop")), Column(_("Kind")), Column(_("CDU")), Column(_("CDUs"), INT, total=True),
                Column(_("Coolant")), Column(_("Supply °C"), FLOAT, 1), Column(_("Return °C"), FLOAT, 1),
                Column(_("Capacity kW"), FLOAT, 1), Column(_("Capacity N-1 kW"), FLOAT, 1),
                Column(_("Load kW"), FLOAT, 1, total=True), Column(_("Flow L/min"), FLOAT, 0),
                Column(_("Rated flow L/min"), FLOAT, 0), Column(_("Racks"), INT, total=True),
                Column(_("Utilisation"), PERCENT), Column(_("Level")))
        sheet = Sheet(_("Cooling loops"), cols, key="Cooling loops")
        for lp in self.plan.cooling_loops:
            lr = r.loops.get(lp.id)
            if lr is None:
                continue
            known = lr.capacity_basis != "unknown"
            sheet.rows.append((lr.name, _(self.LOOP_KINDS.get(lr.kind, lr.kind)), self.cooling_name(lr.cdu),
                               lr.cdu_count if lr.cdu is not None else 0, coolant_name(lr.coolant),
                               lr.supply_temp_c, lr.return_temp_c, _kw(lr.capacity_w) if known else None,
                               _kw(lr.capacity_n_minus_1_w) if known and lr.cdu is not None else None,
                               _kw(lr.heat_w), lr.flow_l_per_min, lr.rated_flow_l_per_min, lr.racks,
                               lr.utilisation if known else None, _level(lr.level)))
            if lr.level == "over":
                sheet.highlight.add(len(sheet.rows) - 1)
        sheet.notes.append(_("Load: the liquid heat of the loop's racks; utilisation = load x the loop margin / "
                             "capacity, as the engine levels it.") if sheet.rows else
                           _("The plan has no cooling loops."))
        return sheet

    # -- rent or own ----------------------------------------------------------------------------
    def rent(self) -> Sheet:
        """The engine's rent-or-own figures, one line each (the build plan's Rent or own page)."""
        t = self.results.totals
        cur = t.currency
        cols = (Column(_("Figure")), Column(_("Value"), FLOAT, 2), Column(_("Measured in")))
        sheet = Sheet(_("Rent or own"), cols, key="Rent or own")
        ro = t.rent_vs_own
        if ro is None:
            sheet.notes.append(_("The plan has no GPUs: nothing to rent."))
            return sheet
        f = ro.figures if ro.figures is not None else ro.own_only  # without a cloud price: owning only
        per_year = tf("{currency}/year", currency=cur)
        even = f.break_even_utilisation
        sheet.rows += [
            (_("GPUs"), float(ro.gpus), ro.gpu_model_name),
            (_("Capex"), ro.inputs.capex, cur),
            (_("Owning per year"), f.own_cost_per_year, per_year),
            (_("  capital"), f.capital_per_year, per_year),
            (_("  energy"), f.energy_per_year, per_year),
            (_("  support"), f.support_per_year, per_year),
            (_("  colocation"), f.colocation_per_year, per_year),
            (_("Renting per year"), f.cloud_cost_per_year, per_year),
            (_("Cloud price per GPU-hour"), ro.inputs.cloud_price_per_gpu_hour, cur),
            (_("Break-even"), f.break_even_months,
             _("months") if ro.capex_complete else _("months (capex incomplete: too early)")),
            (_("Break-even utilisation"), None if even is None else even * 100.0, "%"),
            (_("Years of use"), f.years, _("years")),
        ]
        if not t.capex_complete:
            sheet.notes.append(_("Capex is incomplete (BOM lines without a price): owning is understated."))
        if ro.figures is None and ro.reason:
            sheet.notes.append(message_text(ro.reason))
        sheet.notes.append(_("Indicative figures; the formulas are in the Rackwright documentation (docs/engine.md)."))
        return sheet

    # -- findings -------------------------------------------------------------------------------
    def findings(self) -> Sheet:
        cols = (Column(_("Severity")), Column(_("Code")), Column(_("Where")), Column(_("Message")))
        sheet = Sheet(_("Findings"), cols, key="Findings")
        fs = sorted(self.results.findings, key=lambda f: SEVERITY_RANK.get(f.severity, 3))
        for f in fs:
            if f.severity == "error":
                sheet.highlight.add(len(sheet.rows))
            sheet.rows.append((_(SEVERITY_NAMES.get(f.severity, f.severity)), f.code, place_text(self.names, self.catalog, f.kind, f.id),
                               finding_text(f)))
        sheet.notes.append(_("The engine's design-rule findings, errors first (codes in docs/engine.md).")
                           if sheet.rows else _("No findings."))
        return sheet


def _u(where: str) -> int | None:
    """The schedule's "U12" as the number 12 (sorts as a number in a spreadsheet); None for a
    0U device (the schedule's empty U)."""
    return int(where[1:]) if where[:1] == "U" and where[1:].isdigit() else None


def _figure(v: object, kind: str) -> str | int | float | None:
    """A workload figure as a cell value of ``kind`` (None where it has no such value)."""
    if v is None or isinstance(v, (dict, list, tuple)):
        return None
    if kind == TEXT:
        return str(v)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return int(round(v)) if kind == INT else float(v)


__all__ = ["FLOAT", "INT", "MONEY", "PERCENT", "TEXT", "Column", "Sheet", "document_info", "plan_tables"]
