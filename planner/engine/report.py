"""JSON and text output of the engine (``rackwright check``).

The JSON document is built from a list of *section providers*: callables
``(results, plan, catalog) -> value`` registered under a top-level key. The engine
registers ``totals``, ``racks``, ``fabrics``, ``workloads``, ``pdus``, ``feeds``, ``loops``,
``rooms``, ``bom``, ``findings`` and ``summary``, all built from :class:`Results` (no import
side effects: whoever builds the document, the CLI or the app, gets the same sections).
Extra sections can still be added with::

    from planner.engine.report import register_section
    register_section("name", lambda results, plan, catalog: [...], after="racks")

A provider that returns ``None`` is left out of the document.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from planner.base.findings import SEVERITY_RANK, finding_text
from planner.base.units import US_GALLON_L
from planner.engine.results import Results, set_json_builder
from planner.fabric.names import SOURCE_KINDS, bottleneck_text, fabric_kind_text, workload_kind_text
from planner.i18n import (
    N_,
    _,
    format_date,
    format_margin,
    format_money,
    format_number,
    message_text,
    ngettext,
    use_language,
)
from planner.model.plan import cooling_method_name

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.plan import Plan

    # (results, plan or None, catalog or None) -> a JSON value, or None to leave the section out
    Provider = Callable[[Results, Plan | None, Catalog | None], Any]


@dataclass(frozen=True)
class Section:
    name: str
    provider: Provider


SECTION_PROVIDERS: list[Section] = []


def register_section(name: str, provider: Provider, after: str | None = None) -> None:
    """Add (or replace) a top-level section of the JSON document."""
    for i, sec in enumerate(SECTION_PROVIDERS):
        if sec.name == name:
            SECTION_PROVIDERS[i] = Section(name, provider)
            return
    if after is not None:
        for i, sec in enumerate(SECTION_PROVIDERS):
            if sec.name == after:
                SECTION_PROVIDERS.insert(i + 1, Section(name, provider))
                return
    SECTION_PROVIDERS.append(Section(name, provider))


def _rack_order(results: Results, plan: Plan | None) -> list[str]:
    if plan is None:
        return list(results.racks)
    return [r.id for r in plan.racks() if r.id in results.racks]


def _racks(results: Results, plan: Plan | None, catalog: Catalog | None) -> list[dict[str, Any]]:
    return [results.racks[rid].to_dict() for rid in _rack_order(results, plan)]


def _ordered(coll: dict[str, Any], order: list[str] | None) -> list[dict[str, Any]]:
    keys = [k for k in order if k in coll] if order is not None else sorted(coll)
    return [coll[k].to_dict() for k in keys]


register_section("totals", lambda r, p, c: r.totals.to_dict())
register_section("racks", _racks)
register_section("fabrics", lambda r, p, c: [r.fabrics[k].as_dict() for k in
                                             ([f.id for f in p.fabrics] if p is not None else sorted(r.fabrics))
                                             if k in r.fabrics])
register_section("workloads", lambda r, p, c: [r.workloads[k].to_dict() for k in
                                               ([w.id for w in p.workloads] if p is not None else sorted(r.workloads))
                                               if k in r.workloads])


def _nvlink_domains(results: Results, plan: Plan | None, catalog: Catalog | None) -> list[dict[str, Any]] | None:
    """Every NVLink domain (``Results.nvlink``, made by the engine): the multi-node ones
    (an ``nvlink`` fabric each, figures as in its ``fabrics[].nvlink``) and the
    node-internal NVSwitch domains per server model (``planner.fabric.nvlink.node_domains``;
    nothing cabled)."""
    if plan is None or catalog is None:
        return None
    return [d.to_dict() for d in results.nvlink.domains]


register_section("nvlink_domains", _nvlink_domains, after="fabrics")
register_section("pdus", lambda r, p, c: [r.pdus[k].to_dict() for k in sorted(r.pdus)])
register_section("feeds", lambda r, p, c: _ordered(r.feeds, [f.id for f in p.feeds] if p is not None else None))
register_section("loops", lambda r, p, c: _ordered(r.loops, [x.id for x in p.cooling_loops] if p is not None
                                                   else None))
register_section("cooling_loops", lambda r, p, c: [r.loops[k].cooling_loop_dict() for k in
                                                   ([x.id for x in p.cooling_loops] if p is not None
                                                    else sorted(r.loops)) if k in r.loops], after="loops")
register_section("rooms", lambda r, p, c: _ordered(r.rooms, [x.id for x in p.site.rooms] if p is not None
                                                   else None))
register_section("bom", lambda r, p, c: [b.to_dict() for b in r.bom])


# -- power sources and money with its currency (self-contained: issue #11, power chain) -----------
def _power_sources(results: Results, plan: Plan | None, catalog: Catalog | None) -> list[dict[str, Any]]:
    """``power_sources[]``: each UPS/panel with its normal and worst-case failover load against
    its capacity (plan order)."""
    return _ordered(results.sources, [s.id for s in plan.power_sources] if plan is not None else None)


def _totals_with_currency(results: Results, plan: Plan | None, catalog: Catalog | None) -> dict[str, Any]:
    """``totals`` as before, plus ``money``: every money figure as ``{"value", "currency"}``
    (the flat ``capex``, ``cost_<cur>`` and ``opex_per_year_<cur>`` keys stay)."""
    t = results.totals
    out = t.to_dict()
    out["money"] = {"capex": {"value": t.capex, "currency": t.currency, "complete": t.capex_complete},
                    "opex_per_year": {"value": t.opex_per_year, "currency": t.currency},
                    "electricity_price_per_kwh": {"value": t.electricity_price_per_kwh, "currency": t.currency}}
    return out


def _rent_vs_own(results: Results, plan: Plan | None, catalog: Catalog | None) -> dict[str, Any] | None:
    """``rent_vs_own``: owning the build against renting its GPUs (docs/engine.md, "Rent or
    own"); left out when the plan has no GPUs. Without a usable cloud price the cloud and
    break-even figures are null and ``reason`` says why."""
    rvo = results.totals.rent_vs_own
    return None if rvo is None else rvo.to_dict()


register_section("totals", _totals_with_currency)
register_section("rent_vs_own", _rent_vs_own, after="totals")
register_section("power_sources", _power_sources, after="feeds")
register_section("energy", lambda r, p, c: None if r.energy is None else r.energy.to_dict(), after="rent_vs_own")
register_section("phases", lambda r, p, c: None if r.phases is None else r.phases.to_dict(), after="energy")


def _findings(results: Results, plan: Plan | None, catalog: Catalog | None) -> list[dict[str, Any]]:
    """``findings[]``; with growth phases each names the phase that first breaks its limit
    (``phase``, docs/phases.md)."""
    ph = results.phases
    if ph is None:
        return [f.to_dict() for f in results.findings]
    return [{**f.to_dict(), "phase": ph.phase_of(f)} for f in results.findings]


register_section("findings", _findings)
register_section("summary", lambda r, p, c: r.counts())


def build_json(results: Results, plan: Plan | None = None, catalog: Catalog | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"format": "rackwright-check", "format_version": 1}
    for sec in SECTION_PROVIDERS:
        value = sec.provider(results, plan, catalog)
        if value is not None:
            out[sec.name] = value
    return out


set_json_builder(build_json)


def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for n, r in enumerate(rows):
        cells = [c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(r)]
        out.append("  " + "  ".join(cells).rstrip())
        if n == 0:
            out.append("  " + "  ".join("-" * w for w in widths))
    return out


def _power_lines(results: Results, plan: Plan | None) -> list[str]:
    """Feeds and power sources for the text report: capacity (derated for feeds), normal and
    worst-case failover load, utilisation (failover / capacity)."""
    out: list[str] = []
    names = {s.id: s.name for s in plan.power_sources} if plan is not None else {}
    if results.feeds:
        out.append(_("Power feeds"))
        rows = [_heads(N_("feed"), N_("side"), N_("source"), N_("capacity kW"), N_("load kW"), N_("failover kW"),
                       N_("util %"))]
        for f in results.feeds.values():
            rows.append([f.name, f.side, names.get(f.upstream, f.upstream) if f.upstream else "-",
                         _n(f.capacity_w / 1000, 1), _n(f.load_w / 1000, 1), _n(f.failover_w / 1000, 1),
                         _n(f.utilisation * 100, 0)])
        unfed = results.totals.agg.sums.get("unfed_w", 0.0)
        if unfed > 0:  # corded to PDUs on no feed (POWER_UNFED_LOAD): no feed above carries it
            rows.append([_("(no feed)"), "-", "-", "-", _n(unfed / 1000, 1), "-", "-"])
        out.extend(_table(rows, right={3, 4, 5, 6}))
        out.append("")
    if results.sources:
        out.append(_("Power sources"))
        rows = [_heads(N_("source"), N_("kind"), N_("side"), N_("upstream"), N_("capacity kW"), N_("load kW"),
                       N_("failover kW"), N_("util %"))]
        for s in results.sources.values():
            rows.append([s.name, _kind(SOURCE_KINDS, s.kind), s.side or "-", names.get(s.upstream, "-") if s.upstream else "-",
                         _n(s.capacity_w / 1000, 1), _n(s.load_w / 1000, 1), _n(s.failover_w / 1000, 1),
                         _n(s.utilisation * 100, 0)])
        out.extend(_table(rows, right={4, 5, 6, 7}))
        out.append("")
    return out


# the plan's kind codes as the text tables name them (the tables export and the app say the same)
LOOP_KINDS = {"in-row": N_("in-row"), "facility": N_("facility water")}


def _kind(table: dict[str, str], code: str) -> str:
    word = table.get(code)
    return _(word) if word is not None else code


def _loops_text(results: Results, plan: Plan | None, imperial: bool = False) -> list[str]:
    """The cooling loops table of the text report (nothing when the plan has none)."""
    loops = [r for r in ([results.loops[x.id] for x in plan.cooling_loops if x.id in results.loops]
                         if plan is not None else results.loops.values())]
    if not loops:
        return []
    flow_unit, temp_unit = ("gpm", "°F") if imperial else ("L/min", "°C")
    rows = [_heads(N_("loop"), N_("kind")) + [_("supply/return {unit}").format(unit=temp_unit)]
            + _heads(N_("load kW"), N_("capacity kW")) + [flow_unit, _("rated {unit}").format(unit=flow_unit)]
            + _heads(N_("racks"))]
    for lr in loops:
        cap = _n(lr.capacity_w / 1000, 0) if lr.capacity_basis != "unknown" else "?"
        rated = _n(_flow(lr.rated_flow_l_per_min, imperial), 0) if lr.rated_flow_l_per_min is not None else "?"
        rows.append([lr.name, _kind(LOOP_KINDS, lr.kind), f"{_temp(lr.supply_temp_c, imperial)}/{_temp(lr.return_temp_c, imperial)}",
                     _n(lr.heat_w / 1000, 1), cap, _n(_flow(lr.flow_l_per_min, imperial), 0), rated, str(lr.racks)])
    return [_("Cooling loops"), *_table(rows, right=set(range(3, 8))), ""]


def _temp(c: float, imperial: bool) -> str:
    return _n(c * 9 / 5 + 32) if imperial else _n(c)


def _flow(l_per_min: float, imperial: bool) -> float:
    return l_per_min / US_GALLON_L if imperial else l_per_min


def _months(m: float | None) -> str:
    if m is None:
        return _("never (renting stays cheaper)")
    return _("{months} months ({years} years)").format(months=_n(m, 1), years=_n(m / 12, 1))


def rent_vs_own_lines(results: Results) -> list[str]:
    """The rent-or-own block of the text report (nothing when the plan has no GPUs)."""
    rvo = results.totals.rent_vs_own
    if rvo is None:
        return []
    cur, i = rvo.currency, rvo.inputs
    own = rvo.own_only
    out = [_("Rent or own")]
    capex = _money(i.capex, cur) + ("" if rvo.capex_complete else " " + _("(INCOMPLETE: owning is understated)"))
    out.append(_label(N_("Own")) + _("{own}/year over {years} years: capex {capex} / {years} = {capital}, energy "
                                     "{energy}, support {support}, colocation {colocation}").format(
        own=_money(own.own_cost_per_year, cur), years=_n(own.years), capex=capex, capital=_n(own.capital_per_year, 0),
        energy=_n(own.energy_per_year, 0), support=_n(own.support_per_year, 0),
        colocation=_n(own.colocation_per_year, 0)))
    f = rvo.figures
    if f is None or f.cloud_cost_per_year is None:
        out.append(_label(N_("Rent")) + _("not computed: {reason}").format(reason=rvo.reason))
        out.append("")
        return out
    d = rvo.price_detail
    src = (_("plan override") if rvo.price_source == "plan" else
           (_("catalog") + f", {d.get('offer', '')}, {d.get('basis', '')} {format_date(d.get('date', '') or '')}")
           .strip())
    conv = (", " + _("{amount} {currency} at {rate}").format(amount=_n(d["amount"]), currency=d["currency"],
                                                            rate=_n(d["exchange_rate"]))
            if d.get("currency") not in (None, cur) and "exchange_rate" in d else "")
    out.append(_label(N_("Rent")) + _("{rent}/year: {gpus} x {model} at {price} {currency}/GPU-hour ({source}) x "
                                      "{hours} h x utilisation {util}").format(
        rent=_money(f.cloud_cost_per_year, cur), gpus=rvo.gpus, model=rvo.gpu_model_name,
        price=_n(i.cloud_price_per_gpu_hour, 2), currency=cur, source=src + conv, hours=_n(8760),
        util=_n(i.utilisation)))
    be_u = _("renting is cheaper at any utilisation") if f.break_even_utilisation is None else \
        f"{_n(f.break_even_utilisation * 100, 0)} %"
    when = _months(f.break_even_months)
    if not rvo.capex_complete:  # from a capex that leaves unpriced items out: too early
        when = _("{when} (capex INCOMPLETE: too early)").format(when=when)
    out.append(_label(N_("Break-even")) + _("{when}; utilisation {util}").format(when=when, util=be_u))
    out.append("")
    return out


def energy_lines(results: Results) -> list[str]:
    """The energy block of the text report (docs/energy.md): energy per year, the reusable
    heat and its temperatures, reuse, water, renewable share, CO2 and, for a German site, the
    Energy Efficiency Act's thresholds (their findings are listed with the others)."""
    e = results.energy
    if e is None:
        return []
    out = [_("Energy efficiency")]
    out.append(_label(N_("Energy")) + _("IT {it} MWh/year, facility {facility} MWh/year at PUE {pue}").format(
        it=_n(e.it_kwh_per_year / 1000, 0), facility=_n(e.facility_kwh_per_year / 1000, 0), pue=_n(e.pue)))
    if e.reusable_heat_w > 0:
        temps = ", ".join(_("{loop} {supply}/{ret} °C").format(loop=h.name, supply=_n(h.supply_temp_c),
                                                                ret=_n(h.return_temp_c)) for h in e.heat_loops)
        out.append(_label(N_("Reusable heat")) + _("{kw} kW liquid-cooled, {mwh} MWh/year").format(
            kw=_n(e.reusable_heat_w / 1000, 1), mwh=_n(e.reusable_kwh_per_year / 1000, 0))
            + (f" ({temps})" if temps else ""))
    else:
        out.append(_label(N_("Reusable heat")) + _("none: no liquid-cooled heat in the plan"))
    if e.erf is not None:
        out.append(_label(N_("Heat reuse")) + _("{mwh} MWh/year to {customer}, ERF {erf} %").format(
            mwh=_n((e.reused_kwh_per_year or 0.0) / 1000, 0), customer=e.heat_customer or _("the heat customer"),
            erf=_n(e.erf * 100, 1)))
    if e.water_m3_per_year is not None and e.wue_l_per_kwh is not None:
        out.append(_label(N_("Water")) + _("WUE {wue} l/kWh, {m3} m³/year").format(
            wue=_n(e.wue_l_per_kwh, 2), m3=_n(e.water_m3_per_year, 0)))
    if e.renewable_share is not None:
        out.append(_label(N_("Renewable")) + f"{_n(e.renewable_share * 100, 0)} %")
    if e.co2_t_per_year is not None and e.grid_g_per_kwh is not None:
        out.append(_label(N_("CO2")) + _("{t} t/year at {g} g/kWh").format(
            t=_n(e.co2_t_per_year, 1), g=_n(e.grid_g_per_kwh, 0)))
        for tk in e.tokens:
            if tk.g_co2_per_million_tokens is not None:
                out.append(_label(N_("CO2 per token")) + _("{g} g per million tokens ({name})").format(
                    g=_n(tk.g_co2_per_million_tokens, 0), name=tk.name))
    a = e.enefg
    if a is not None:
        if not a.in_scope:
            out.append(_label(N_("EnEfG")) + _("not applicable: {kw} kW below {scope} kW").format(
                kw=_n(a.connected_kw, 0), scope=_n(a.scope_kw, 0)))
        else:
            met = sum(1 for c in a.checks if c.met)
            out.append(_label(N_("EnEfG")) + _("{met} of {n} thresholds met (see findings)").format(
                met=met, n=len(a.checks)))
    out.append("")
    return out


def phase_lines(results: Results) -> list[str]:
    """The growth-phase block of the text report (docs/phases.md): each phase's figures as the
    plan stands after it, what it adds, the capacity it keeps free for the later phases and the
    findings it brings or clears."""
    ph = results.phases
    if ph is None:
        return []
    cur = results.totals.currency
    out = [_("Growth phases")]
    rows = [_heads(N_("phase"), N_("start"), N_("GPUs"), N_("racks"), N_("IT max kW"), N_("facility kW"),
                   N_("capex added"), N_("capex total"), N_("errors"), N_("warnings"))]
    for p in ph.phases:
        t = p.results.totals
        counts = p.results.counts()
        rows.append([f"{p.number} {p.name}", p.start or "-", str(t.gpus), str(t.racks),
                     _n(t.agg.sums.get("max_w", 0.0) / 1000, 1), _n(t.facility_typical_w / 1000, 1),
                     _money(p.capex_added, cur), _money(t.capex, cur) + ("" if t.capex_complete else " *"),
                     str(counts["error"]), str(counts["warning"])])
    out.extend(_table(rows, right=set(range(2, 10))))
    for p in ph.phases:
        rvo = p.results.totals.rent_vs_own
        if rvo is not None and rvo.figures is not None and rvo.figures.cloud_cost_per_year is not None:
            out.append("  " + _("{phase}: own {own}/year, rent {rent}/year").format(
                phase=p.name, own=_money(rvo.own_cost_per_year, cur), rent=_money(rvo.figures.cloud_cost_per_year, cur)))
    for p in ph.phases:
        e = p.results.energy
        if e is not None:
            line = _("{phase}: {facility} MWh/year facility, {it} MWh/year IT, PUE {pue}").format(
                phase=p.name, facility=_n(e.facility_kwh_per_year / 1000, 0), it=_n(e.it_kwh_per_year / 1000, 0),
                pue=_n(e.pue, 2))
            if e.reusable_kwh_per_year:
                line += ", " + _("{mwh} MWh/year reusable heat").format(mwh=_n(e.reusable_kwh_per_year / 1000, 0))
            if e.water_m3_per_year is not None:
                line += ", " + _("{m3} m³ water/year").format(m3=_n(e.water_m3_per_year, 0))
            if e.co2_t_per_year is not None:
                line += ", " + _("{t} t CO₂/year").format(t=_n(e.co2_t_per_year, 0))
            out.append("  " + line)
    for p in ph.phases:
        r = p.reserved
        if r and (r["u"] or r["power_kw"] or r["feed_kw"] or r["loop_kw"] or r["ports"]):
            out.append("  " + _("{phase} keeps free for later phases: {u} U, {kw} kW in its racks, {feed} kW on its "
                                "feeds, {loop} kW on its loops, {ports} ports").format(
                phase=p.name, u=_n(r["u"], 0), kw=_n(r["power_kw"], 1), feed=_n(r["feed_kw"], 1),
                loop=_n(r["loop_kw"], 1), ports=_n(r["ports"], 0)))
        for label, fs in ((N_("{phase} brings"), p.new_findings),
                          (N_("{phase} clears"), p.resolved_findings)):
            shown = [f for f in fs if f.severity != "info"]
            if shown:
                codes = ", ".join(f"{f.code} {f.id or f.kind}" for f in shown[:6]) + (" ..." if len(shown) > 6 else "")
                out.append("  " + _(label).format(phase=p.name) + ": " + codes)
    if any(not p.results.totals.capex_complete for p in ph.phases):
        out.append("  " + _("* incomplete: items without a price or exchange rate are left out"))
    out.extend(timeline_lines(ph, cur))
    out.append("")
    return out


def timeline_lines(ph: Any, cur: str) -> list[str]:
    """Owning against renting across the phases, per calendar year (``PhasesResult.timeline``)."""
    tl = ph.timeline
    if tl is None:
        return ["  " + _("Cost over time: {reason}").format(reason=message_text(ph.timeline_reason))]
    names = {p.id: p.name for p in ph.phases}
    out = ["", _("Cost over time, {start} to {end} (capex when a phase starts, then the running cost of the build "
                 "in operation; renting its GPUs instead)").format(start=tl.start, end=tl.end)]
    rows = [_heads(N_("year"), N_("phases in operation"), N_("capex"), N_("running"), N_("own, summed"),
                   N_("rent"), N_("rent, summed"))]
    for y in tl.years:
        rows.append([str(y.year), ", ".join(f"{names.get(k, k)} ({n})" for k, n in y.months.items()),
                     _money(y.capex, cur) + ("" if tl.complete else " *"), _money(y.running, cur),
                     _money(y.own_cumulative, cur), "-" if y.rent is None else _money(y.rent, cur),
                     "-" if y.rent_cumulative is None else _money(y.rent_cumulative, cur)])
    out.extend(_table(rows, right=set(range(2, 7))))
    if tl.years and tl.years[-1].rent_cumulative is None:
        out.append("  " + _("No cloud price for every phase's GPUs: renting is not compared."))
    elif tl.break_even is not None:
        out.append("  " + _("Owning stays at or below renting from the end of {month} on.").format(month=tl.break_even))
    else:
        out.append("  " + _("Owning does not catch up with renting by {end}.").format(end=tl.end))
    return out


def _n(v: float | None, digits: int | None = None) -> str:
    return format_number(v, None, digits)


def _money(v: float, currency: str) -> str:
    return format_money(v, currency)


def _heads(*titles: str) -> list[str]:
    return [_(t) for t in titles]


def _label(text: str) -> str:
    """A line's label, translated, padded to the report's value column."""
    from planner.i18n import active_language

    return "  " + f"{_(text)} ".ljust(21 if active_language() == "de" else 18)


def text_report(results: Results, plan: Plan | None = None, max_findings: int = 200, lang: str | None = None,
                imperial: bool = False, catalog: Catalog | None = None) -> str:
    """The human-readable report of ``rackwright check``, in ``lang`` (default: the active
    language) with its number formats; metric (kW, m³/h, L/min, kg) or imperial (BTU/h,
    tons, CFM, gpm, lb). ``catalog``: GPUs and servers named by their model ("32 x H100 SXM5
    80GB", as the app and the build plan name them), else by slug. ``--json`` output is
    :func:`build_json`, never translated (slugs)."""
    with use_language(lang):
        return _text_report(results, plan, max_findings, imperial, catalog)


def gpu_model_name(catalog: Catalog | None, slug: str) -> str:
    """A GPU as the catalog's model names it ("H100 SXM5 80GB"), its slug without one."""
    gpu = catalog.get("gpus", slug) if catalog is not None else None
    return str(getattr(gpu, "model", "") or slug)


def device_model_name(catalog: Catalog | None, slug: str) -> str:
    """A device type as the catalog names it ("Dell PowerEdge XE9680"), its slug without one."""
    dev = catalog.get("device-types", slug) if catalog is not None else None
    if dev is None:
        return slug
    return " ".join(x for x in (getattr(dev, "manufacturer", ""), getattr(dev, "model", "")) if x) or slug


def _scale_up_text(results: Results, catalog: Catalog | None = None) -> str:
    """The plan's scale-up domains in one line, each named by its interconnect (NVLink/NVSwitch,
    Infinity Fabric, NVLink bridge: ``Results.nvlink``); "" without GPUs."""
    from planner.fabric.nvlink import SCALE_UP_NAMES

    if not results.totals.agg.ints.get("gpu_count", 0):
        return ""
    parts = []
    multi: dict[int, int] = {}  # multi-node domains by size (an NVL72 rack each: one line for all)
    for d in results.nvlink.domains:
        if d.domain == "multi-node":
            multi[d.gpus] = multi.get(d.gpus, 0) + 1
    for gpus, n in sorted(multi.items(), reverse=True):
        parts.append(_("{n} x {gpus} GPUs on {link} across trays").format(n=n, gpus=gpus,
                                                                        link=_(SCALE_UP_NAMES["nvlink"])))
    for d in results.nvlink.domains:
        link = _(SCALE_UP_NAMES.get(d.interconnect, d.interconnect))
        if d.domain != "multi-node" and d.interconnect != "none":
            parts.append(_("{servers} x {gpus} GPUs on {link} in one {server}").format(
                servers=d.servers, gpus=d.gpus, link=link, server=device_model_name(catalog, d.server_model or "")))
    return "; ".join(parts) if parts else _("none: the GPUs talk over PCIe")


def _text_report(results: Results, plan: Plan | None, max_findings: int, imperial: bool,
                 catalog: Catalog | None = None) -> str:
    from planner.base.units import CFM_TO_M3_PER_H, LB_KG

    t = results.totals.to_dict()
    cur = results.totals.currency
    lines = []
    title = (plan.metadata.project if plan is not None else "") or _("Plan")
    lines.append(_("Rackwright check: {title}").format(title=title))
    lines.append("")
    lines.append(_("Totals"))
    gpus = ", ".join(f"{n} x {gpu_model_name(catalog, m)}" for m, n in t["gpus_by_model"].items()) or _("none")
    lines.append(_label(N_("GPUs")) + _("{gpus} ({models}), {memory} GB GPU memory, {pflops} PFLOPS BF16 dense").format(
        gpus=t["gpus"], models=gpus, memory=_n(t["gpu_memory_gb"], 0), pflops=_n(t["bf16_pflops_dense"], 1)))
    scale_up = _scale_up_text(results, catalog)
    if scale_up:
        lines.append(_label(N_("Scale-up")) + scale_up)
    lines.append(_label(N_("IT power")) + _("{typical} kW typical, {max} kW max").format(
        typical=_n(t["it_power_kw"]["typical"], 1), max=_n(t["it_power_kw"]["max"], 1)))
    lines.append(_label(N_("Facility power")) + _("{kw} kW at PUE {pue}").format(
        kw=_n(t["facility_power_kw"], 1), pue=_n(t["pue"])))
    heat_kw = results.totals.agg.sums["heat_w"] / 1000
    if imperial:
        lines.append(_label(N_("Heat")) + _("{btu} BTU/h ({tons} tons), {liquid} kW to liquid").format(
            btu=_n(t["heat_btu_per_h"], 0), tons=_n(t["cooling_tons"], 1), liquid=_n(t["liquid_heat_kw"], 1)))
    else:
        lines.append(_label(N_("Heat")) + _("{heat} kW, {liquid} kW to liquid").format(
            heat=_n(heat_kw, 1), liquid=_n(t["liquid_heat_kw"], 1)))
    lines.append(_label(N_("Racks")) + ngettext("{racks} in {rooms} room, {used} U used, {free} U free",
                                                "{racks} in {rooms} rooms, {used} U used, {free} U free",
                                                t["rooms"]).format(racks=t["racks"], rooms=t["rooms"],
                                                                   used=t["u_used"], free=t["u_free"]))
    lines.append(_label(N_("Mass")) + (f"{_n(t['mass_kg'] / LB_KG, 0)} lb" if imperial else f"{_n(t['mass_kg'], 0)} kg"))
    capex_note = "" if t["capex_complete"] else " " + _("INCOMPLETE: items without a price or exchange rate are "
                                                         "left out")
    estimated = t.get("capex_estimated", 0.0)
    if estimated > 0:  # planning estimates are never quotes: said beside the figure
        capex_note += " " + _("({estimated} of it planning estimates, not quotes)").format(
            estimated=_money(estimated, cur))
    lines.append(_label(N_("Capex")) + _money(t["capex"], cur) + capex_note)
    lines.append(_label(N_("Energy")) + _("{mwh} MWh/year, {cost}/year").format(
        mwh=_n(t["energy_mwh_per_year"], 0), cost=_money(t[f"opex_per_year_{cur.lower()}"], cur)))
    lines.append("")
    lines.extend(rent_vs_own_lines(results))
    lines.extend(energy_lines(results))
    lines.extend(phase_lines(results))
    lines.append(_("Racks"))
    air_unit, flow_unit, mass_unit = ("CFM", "gpm", "lb") if imperial else ("m³/h", "L/min", "kg")
    rows = [_heads(N_("rack"), N_("typ kW"), N_("max kW"), N_("cooling"), N_("limit kW"))
            + [air_unit, flow_unit, mass_unit] + _heads(N_("U used"), N_("U free"), N_("GPUs"))]
    for rid in _rack_order(results, plan):
        r = results.racks[rid]
        air = r.airflow_cfm if imperial else r.airflow_cfm * CFM_TO_M3_PER_H
        mass = r.mass_kg / LB_KG if imperial else r.mass_kg
        rows.append([r.name, _n(r.typical_w / 1000, 1), _n(r.max_w / 1000, 1),
                     cooling_method_name(r.cooling, translate=True),
                     _n(r.cooling_capacity_w / 1000, 0), _n(air, 0), _n(_flow(r.liquid_flow_l_per_min, imperial), 1),
                     _n(mass, 0), str(r.u_used), str(r.u_free), str(r.gpu_count)])
    lines.extend(_table(rows, right=set(range(1, 11)) - {3}))
    lines.append("")
    lines.extend(_power_lines(results, plan))
    lines.extend(_loops_text(results, plan, imperial))
    if results.fabrics:
        lines.append(_("Fabrics"))
        rows = [_heads(N_("fabric"), N_("kind"), N_("Gb/s/GPU"), N_("oversub"), N_("bisection Tb/s"), N_("switches"),
                       N_("cables"), N_("optics kW"))]
        for fr in results.fabrics.values():
            rows.append([fr.name, message_text(fabric_kind_text(fr.kind)), _n(fr.per_gpu_gbps), f"{_n(fr.oversubscription)}:1",
                         _n(fr.bisection_tbps, 1), str(fr.switches), str(fr.cables), _n(fr.optics_power_w / 1000, 1)])
        lines.extend(_table(rows, right=set(range(2, 8))))
        lines.append("")
    if results.workloads:
        lines.append(_("Workloads"))
        rows = [_heads(N_("workload"), N_("kind"), N_("met"), N_("margin"), N_("bottleneck"))]
        for v in results.workloads.values():
            met = _("n/a") if v.met is None else (_("yes") if v.met else _("NO"))
            margin = "" if v.shown_margin is None else format_margin(v.shown_margin)
            why = message_text(bottleneck_text(v.bottleneck)) if v.bottleneck else message_text(v.error or "")[:60]
            rows.append([v.name, message_text(workload_kind_text(v.kind)), met, margin, why])
        lines.extend(_table(rows, right={3}))
        lines.append("")
    counts = results.counts()
    lines.append(_("Findings: {errors}, {warnings}, {infos}").format(
        errors=ngettext("{n} error", "{n} errors", counts["error"]).format(n=counts["error"]),
        warnings=ngettext("{n} warning", "{n} warnings", counts["warning"]).format(n=counts["warning"]),
        infos=ngettext("{n} note", "{n} notes", counts["info"]).format(n=counts["info"])))
    # causes first: a device, rack type, GPU or NIC missing from the catalog makes the findings
    # about its ports and figures, so within a severity they lead (the JSON keeps the engine's order)
    fs = sorted(results.findings, key=lambda f: (SEVERITY_RANK.get(f.severity, 3), not f.code.startswith("UNKNOWN_")))
    sev = {"error": _("ERROR"), "warning": _("WARNING"), "info": _("INFO")}
    width = max(7, *(len(x) for x in sev.values()))
    phases = results.phases
    for f in fs[:max_findings]:
        where = f"{f.kind} {f.id}" if f.id else f.kind
        since = ""
        if phases is not None and (first := phases.phase_of(f)) is not None:  # the phase that breaks it
            since = " " + _("(from {phase})").format(phase=phases.phase_name(first))
        lines.append(f"  {sev.get(f.severity, f.severity).ljust(width)} {f.code:28s} {where}: {finding_text(f)}{since}")
    if len(fs) > max_findings:
        lines.append("  " + _("... and {n} more (use --json for all)").format(n=len(fs) - max_findings))
    return "\n".join(lines) + "\n"
