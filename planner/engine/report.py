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
from typing import Any

from planner.engine.results import Results

Provider = Callable[[Results, Any, Any], Any]


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


def _rack_order(results: Results, plan: Any) -> list[str]:
    if plan is None:
        return list(results.racks)
    return [r.id for r in plan.racks() if r.id in results.racks]


def _racks(results: Results, plan: Any, catalog: Any) -> list[dict[str, Any]]:
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


def _nvlink_domains(results: Results, plan: Any, catalog: Any) -> list[dict[str, Any]] | None:
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
def _power_sources(results: Results, plan: Any, catalog: Any) -> list[dict[str, Any]]:
    """``power_sources[]``: each UPS/panel with its normal and worst-case failover load against
    its capacity (plan order)."""
    return _ordered(results.sources, [s.id for s in plan.power_sources] if plan is not None else None)


def _totals_with_currency(results: Results, plan: Any, catalog: Any) -> dict[str, Any]:
    """``totals`` as before, plus ``money``: every money figure as ``{"value", "currency"}``
    (the flat ``capex``, ``cost_<cur>`` and ``opex_per_year_<cur>`` keys stay)."""
    t = results.totals
    out = t.to_dict()
    out["money"] = {"capex": {"value": t.capex, "currency": t.currency, "complete": t.capex_complete},
                    "opex_per_year": {"value": t.opex_per_year, "currency": t.currency},
                    "electricity_price_per_kwh": {"value": t.electricity_price_per_kwh, "currency": t.currency}}
    return out


def _rent_vs_own(results: Results, plan: Any, catalog: Any) -> dict[str, Any] | None:
    """``rent_vs_own``: owning the build against renting its GPUs (docs/engine.md, "Rent or
    own"); left out when the plan has no GPUs. Without a usable cloud price the cloud and
    break-even figures are null and ``reason`` says why."""
    rvo = results.totals.rent_vs_own
    return None if rvo is None else rvo.to_dict()


register_section("totals", _totals_with_currency)
register_section("rent_vs_own", _rent_vs_own, after="totals")
register_section("power_sources", _power_sources, after="feeds")
register_section("findings", lambda r, p, c: [f.to_dict() for f in r.findings])
register_section("summary", lambda r, p, c: r.counts())


def build_json(results: Results, plan: Any = None, catalog: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"format": "rackwright-check", "format_version": 1}
    for sec in SECTION_PROVIDERS:
        value = sec.provider(results, plan, catalog)
        if value is not None:
            out[sec.name] = value
    return out


def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for n, r in enumerate(rows):
        cells = [c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(r)]
        out.append("  " + "  ".join(cells).rstrip())
        if n == 0:
            out.append("  " + "  ".join("-" * w for w in widths))
    return out


def _power_lines(results: Results, plan: Any) -> list[str]:
    """Feeds and power sources for the text report: capacity (derated for feeds), normal and
    worst-case failover load, utilisation (failover / capacity)."""
    out: list[str] = []
    names = {s.id: s.name for s in getattr(plan, "power_sources", ())}
    if results.feeds:
        out.append("Power feeds")
        rows = [["feed", "side", "source", "capacity kW", "load kW", "failover kW", "util %"]]
        for f in results.feeds.values():
            rows.append([f.name, f.side, names.get(f.upstream, f.upstream) if f.upstream else "-",
                         f"{f.capacity_w / 1000:.1f}", f"{f.load_w / 1000:.1f}", f"{f.failover_w / 1000:.1f}",
                         f"{f.utilisation * 100:.0f}"])
        out.extend(_table(rows, right={3, 4, 5, 6}))
        out.append("")
    if results.sources:
        out.append("Power sources")
        rows = [["source", "kind", "side", "upstream", "capacity kW", "load kW", "failover kW", "util %"]]
        for s in results.sources.values():
            rows.append([s.name, s.kind, s.side or "-", names.get(s.upstream, "-") if s.upstream else "-",
                         f"{s.capacity_w / 1000:.1f}", f"{s.load_w / 1000:.1f}", f"{s.failover_w / 1000:.1f}",
                         f"{s.utilisation * 100:.0f}"])
        out.extend(_table(rows, right={4, 5, 6, 7}))
        out.append("")
    return out


def _loops_text(results: Results, plan: Any) -> list[str]:
    """The cooling loops table of the text report (nothing when the plan has none)."""
    loops = [r for r in ([results.loops[x.id] for x in plan.cooling_loops if x.id in results.loops]
                         if plan is not None else results.loops.values())]
    if not loops:
        return []
    rows = [["loop", "kind", "supply/return C", "load kW", "capacity kW", "L/min", "rated L/min", "racks"]]
    for lr in loops:
        cap = f"{lr.capacity_w / 1000:,.0f}" if lr.capacity_basis != "unknown" else "?"
        rated = f"{lr.rated_flow_l_per_min:,.0f}" if lr.rated_flow_l_per_min is not None else "?"
        rows.append([lr.name, lr.kind, f"{lr.supply_temp_c:g}/{lr.return_temp_c:g}", f"{lr.heat_w / 1000:,.1f}", cap,
                     f"{lr.flow_l_per_min:,.0f}", rated, str(lr.racks)])
    return ["Cooling loops", *_table(rows, right=set(range(3, 8))), ""]


def _months(m: float | None) -> str:
    if m is None:
        return "never (renting stays cheaper)"
    return f"{m:,.1f} months ({m / 12:,.1f} years)"


def rent_vs_own_lines(results: Results) -> list[str]:
    """The rent-or-own block of the text report (nothing when the plan has no GPUs)."""
    rvo = results.totals.rent_vs_own
    if rvo is None:
        return []
    cur, i = rvo.currency, rvo.inputs
    own = rvo.own_only
    out = ["Rent or own"]
    capex = f"{i.capex:,.0f} {cur}" + ("" if rvo.capex_complete else " (INCOMPLETE: owning is understated)")
    out.append(f"  Own               {own.own_cost_per_year:,.0f} {cur}/year over {own.years:g} years: capex "
               f"{capex} / {own.years:g} = {own.capital_per_year:,.0f}, energy {own.energy_per_year:,.0f}, "
               f"support {own.support_per_year:,.0f}, colocation {own.colocation_per_year:,.0f}")
    f = rvo.figures
    if f is None or f.cloud_cost_per_year is None:
        out.append(f"  Rent              not computed: {rvo.reason}")
        out.append("")
        return out
    d = rvo.price_detail
    src = ("plan override" if rvo.price_source == "plan" else
           f"catalog, {d.get('offer', '')}, {d.get('basis', '')} {d.get('date', '')}".strip())
    conv = (f", {d['amount']:g} {d['currency']} at {d['exchange_rate']:g}"
            if d.get("currency") not in (None, cur) and "exchange_rate" in d else "")
    out.append(f"  Rent              {f.cloud_cost_per_year:,.0f} {cur}/year: {rvo.gpus} x {rvo.gpu_model_name} at "
               f"{i.cloud_price_per_gpu_hour:,.2f} {cur}/GPU-hour ({src}{conv}) x 8,760 h x utilisation "
               f"{i.utilisation:g}")
    be_u = "renting is cheaper at any utilisation" if f.break_even_utilisation is None else \
        f"{f.break_even_utilisation * 100:.0f} %"
    out.append(f"  Break-even        {_months(f.break_even_months)}; utilisation {be_u}")
    out.append("")
    return out


def text_report(results: Results, plan: Any = None, max_findings: int = 200) -> str:
    t = results.totals.to_dict()
    cur = results.totals.currency
    lines = []
    title = getattr(getattr(plan, "metadata", None), "project", "") or "Plan"
    lines.append(f"Rackwright check: {title}")
    lines.append("")
    lines.append("Totals")
    gpus = ", ".join(f"{n} x {m}" for m, n in t["gpus_by_model"].items()) or "none"
    lines.append(f"  GPUs              {t['gpus']} ({gpus}), {t['gpu_memory_gb']:,.0f} GB GPU memory, "
                 f"{t['bf16_pflops_dense']:,.1f} PFLOPS BF16 dense")
    lines.append(f"  IT power          {t['it_power_kw']['typical']:,.1f} kW typical, "
                 f"{t['it_power_kw']['max']:,.1f} kW max")
    lines.append(f"  Facility power    {t['facility_power_kw']:,.1f} kW at PUE {t['pue']:g}")
    lines.append(f"  Heat              {t['heat_btu_per_h']:,.0f} BTU/h ({t['cooling_tons']:,.1f} tons), "
                 f"{t['liquid_heat_kw']:,.1f} kW to liquid")
    lines.append(f"  Racks             {t['racks']} in {t['rooms']} room(s), {t['u_used']} U used, {t['u_free']} U free")
    lines.append(f"  Mass              {t['mass_kg']:,.0f} kg")
    capex_note = "" if t["capex_complete"] else " INCOMPLETE: items without a price or exchange rate are left out"
    lines.append(f"  Capex             {t['capex']:,.0f} {cur}{capex_note}")
    lines.append(f"  Energy            {t['energy_mwh_per_year']:,.0f} MWh/year, "
                 f"{t[f'opex_per_year_{cur.lower()}']:,.0f} {cur}/year")
    lines.append("")
    lines.extend(rent_vs_own_lines(results))
    lines.append("Racks")
    rows = [["rack", "typ kW", "max kW", "cooling", "limit kW", "CFM", "L/min", "kg", "U used", "U free", "GPUs"]]
    for rid in _rack_order(results, plan):
        r = results.racks[rid]
        rows.append([r.name, f"{r.typical_w / 1000:.1f}", f"{r.max_w / 1000:.1f}", r.cooling,
                     f"{r.cooling_capacity_w / 1000:.0f}", f"{r.airflow_cfm:,.0f}", f"{r.liquid_flow_l_per_min:.1f}",
                     f"{r.mass_kg:,.0f}", str(r.u_used), str(r.u_free), str(r.gpu_count)])
    lines.extend(_table(rows, right=set(range(1, 11)) - {3}))
    lines.append("")
    lines.extend(_power_lines(results, plan))
    lines.extend(_loops_text(results, plan))
    if results.fabrics:
        lines.append("Fabrics")
        rows = [["fabric", "kind", "Gb/s/GPU", "oversub", "bisection Tb/s", "switches", "cables", "optics kW"]]
        for fr in results.fabrics.values():
            rows.append([fr.name, fr.kind, f"{fr.per_gpu_gbps:g}", f"{fr.oversubscription:g}:1",
                         f"{fr.bisection_tbps:,.1f}", str(fr.switches), str(fr.cables), f"{fr.optics_power_w / 1000:.1f}"])
        lines.extend(_table(rows, right=set(range(2, 8))))
        lines.append("")
    if results.workloads:
        lines.append("Workloads")
        rows = [["workload", "kind", "met", "margin", "bottleneck"]]
        for v in results.workloads.values():
            met = "n/a" if v.met is None else ("yes" if v.met else "NO")
            rows.append([v.name, v.kind, met, "" if v.margin is None else f"{v.margin * 100:+.0f} %",
                         v.bottleneck or (v.error or "")[:60]])
        lines.extend(_table(rows, right={3}))
        lines.append("")
    counts = results.counts()
    lines.append(f"Findings: {counts['error']} error(s), {counts['warning']} warning(s), {counts['info']} info")
    fs = results.findings
    for f in fs[:max_findings]:
        where = f"{f.kind} {f.id}" if f.id else f.kind
        lines.append(f"  {f.severity.upper():7s} {f.code:28s} {where}: {f.message}")
    if len(fs) > max_findings:
        lines.append(f"  ... and {len(fs) - max_findings} more (use --json for all)")
    return "\n".join(lines) + "\n"
