"""Rule family "energy": the plan's energy figures (energy per year, PUE, the waste heat the
liquid cooling captures and its temperatures, the energy reuse factor, water use, renewable
share, CO2 per year and per million tokens) and, for a site in Germany, the thresholds of the
Energieeffizienzgesetz for data centres (docs/energy.md). A pure function of the engine's
totals, loops and workload verdicts and of the plan's own statements (``Metadata``).

Nothing is estimated that the plan does not state: without a heat customer there is no reuse
factor, without a water figure no WUE, without a country or a factor no CO2.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from planner.engine import levels, physics
from planner.engine.energy import EnefgAssessment, EnefgCheck, EnergyResult, HeatLoop, TokenCo2, grid_factor
from planner.engine.findings import Finding, make
from planner.i18n import tmsg

if TYPE_CHECKING:
    from collections.abc import Iterable

    from planner.engine.results import LoopResult, Totals
    from planner.model.plan import Metadata
    from planner.workloads.evaluate import WorkloadVerdict

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings)
CODES: tuple[str, ...] = (
    "ENERGY_NO_GRID_FACTOR", "ENEFG_OUT_OF_SCOPE", "ENEFG_PUE", "ENEFG_ENERGY_REUSE", "ENEFG_RENEWABLE",
)

# -- the Energieeffizienzgesetz (EnEfG) of 13 November 2023, BGBl. 2023 I Nr. 309, in force since
# 18 November 2023 (docs/energy.md, "EnEfG": each threshold with its paragraph) -------------------
ENEFG = "EnEfG"
# § 3 Nr. 24 with § 11: data centres from 300 kW non-redundant nominal connected load (IT and
# the building services it needs; BAFA FAQ of 11 June 2024)
SCOPE_KW = 300.0
NEW_FROM = "2026-07-01"  # § 11 Abs. 2: start of operation on or after 1 July 2026
PUE_NEW = 1.2  # § 11 Abs. 2 Satz 1 Nr. 1
PUE_2027, PUE_2030 = 1.5, 1.3  # § 11 Abs. 1 Nr. 1 (from 1 July 2027) and Nr. 2 (from 1 July 2030)
# § 11 Abs. 2 Satz 1 Nr. 2: energy reuse factor (DIN EN 50600-4-6) by start of operation
ERF_TIERS = (("2028-07-01", 0.20), ("2027-07-01", 0.15), ("2026-07-01", 0.10))
RENEWABLE = 1.0  # § 11 Abs. 5: 50 % from 1 January 2024, 100 % from 1 January 2027
ASSUMED_START = "2028-07-01"  # start of operation not stated: the strictest tier


def _start(text: str) -> tuple[str, bool]:
    """The start of operation as an ISO day (a month means its first day), and whether stated."""
    t = (text or "").strip()
    if not t:
        return ASSUMED_START, False
    return (t + "-01" if len(t) == 7 else t), True


def _heat(totals: Totals, loops: Iterable[LoopResult], it_kwh: float) -> tuple[float, float, tuple[HeatLoop, ...], float]:
    """Reusable heat: the liquid-captured heat (W, load basis), its energy per year (the IT
    energy times the liquid share of the heat), the loops carrying it, and what is on no loop."""
    sums = totals.agg.sums
    liquid = sums.get("liquid_heat_w", 0.0)
    heat = sums.get("heat_w", 0.0)
    share = liquid / heat if heat > 0 else 0.0
    out = []
    on_loops = 0.0
    for lp in loops:
        if lp.liquid_heat_w > 0:
            on_loops += lp.liquid_heat_w
            out.append(HeatLoop(lp.id, lp.name, lp.kind, lp.liquid_heat_w, lp.supply_temp_c, lp.return_temp_c,
                                it_kwh * lp.liquid_heat_w / heat if heat > 0 else 0.0))
    return liquid, it_kwh * share, tuple(out), max(0.0, liquid - on_loops)


def _tokens(workloads: Iterable[WorkloadVerdict], g_per_kwh: float | None, renewable: float) -> tuple[TokenCo2, ...]:
    """Per serving workload with a token rate: facility kWh and g CO2 per million output tokens
    from the sizing's energy per token (server power x PUE / tokens per second)."""
    out = []
    for v in workloads:
        j = v.figures.get("energy_j_per_token") if v.kind == "inference" else None
        if not isinstance(j, int | float) or not math.isfinite(j) or j <= 0:
            continue
        kwh = j * 1e6 / 3.6e6
        g = None if g_per_kwh is None else kwh * g_per_kwh * (1.0 - renewable)
        out.append(TokenCo2(v.id, v.name, kwh, g))
    return tuple(out)


def energy_figures(md: Metadata, totals: Totals, loops: Iterable[LoopResult],
                   workloads: Iterable[WorkloadVerdict]) -> EnergyResult:
    """The plan's energy figures (docs/energy.md, "Figures"). The facility energy is the
    engine's (``Totals.energy_kwh_per_year``: typical IT power x PUE x 8,760 h x utilisation)."""
    it_kwh = physics.annual_energy_kwh(totals.agg.sums.get("typical_w", 0.0)) * totals.utilisation
    fac_kwh = totals.energy_kwh_per_year
    liquid, reusable_kwh, heat_loops, no_loop = _heat(totals, loops, it_kwh)
    if md.heat_reuse_mwh_per_year is not None:
        basis, reused = "mwh", md.heat_reuse_mwh_per_year * 1000.0
    elif md.heat_reuse_share is not None:
        basis, reused = "share", md.heat_reuse_share * reusable_kwh
    else:
        basis, reused = "none", None
    erf = reused / fac_kwh if reused is not None and fac_kwh > 0 else None
    factor = grid_factor(md.site_country)
    if md.grid_co2_g_per_kwh is not None:
        g, source, ref, year = md.grid_co2_g_per_kwh, "plan", "", None
    elif factor is not None:
        g, source, ref, year = factor.g_per_kwh, "default", factor.source, factor.year
    else:
        g, source, ref, year = None, "none", "", None
    renewable = md.renewable_share or 0.0
    co2_loc = None if g is None else fac_kwh * g / 1e6
    return EnergyResult(
        pue=totals.pue, utilisation=totals.utilisation, it_kwh_per_year=it_kwh, facility_kwh_per_year=fac_kwh,
        reusable_heat_w=liquid, reusable_kwh_per_year=reusable_kwh, heat_loops=heat_loops,
        reusable_heat_without_loop_w=no_loop, heat_customer=md.heat_customer, reuse_basis=basis,
        reused_kwh_per_year=reused, erf=erf, renewable_share=md.renewable_share, wue_l_per_kwh=md.wue_l_per_kwh,
        water_m3_per_year=None if md.wue_l_per_kwh is None else md.wue_l_per_kwh * it_kwh / 1000.0,
        site_country=md.site_country, grid_g_per_kwh=g, grid_source=source, grid_reference=ref, grid_year=year,
        co2_t_per_year=None if co2_loc is None else co2_loc * (1.0 - renewable), co2_location_t_per_year=co2_loc,
        tokens=_tokens(workloads, g, renewable),
        enefg=enefg_assessment(md, totals, erf) if md.site_country == "DE" else None)


def enefg_assessment(md: Metadata, totals: Totals, erf: float | None) -> EnefgAssessment:
    """The plan against § 11 EnEfG (docs/energy.md, "EnEfG"). The connected load is estimated
    as the facility's maximum draw (IT maximum x PUE); the contracted load may be higher."""
    connected = totals.facility_max_w / 1000.0
    start, stated = _start(md.operation_start)
    new = start >= NEW_FROM
    shown = md.operation_start if stated else ASSUMED_START  # as stated (a month stays a month)
    if connected < SCOPE_KW:
        return EnefgAssessment(False, connected, SCOPE_KW, new, shown, stated, (), levels.NONE)
    pue = totals.pue
    checks: list[EnefgCheck] = []
    if new:
        checks.append(EnefgCheck("pue", pue, PUE_NEW, True, pue <= PUE_NEW, "§ 11 Abs. 2 Satz 1 Nr. 1 EnEfG",
                                 tmsg("within two years of a start of operation on or after 1 July 2026")))
        limit = next(v for day, v in ERF_TIERS if start >= day)
        checks.append(EnefgCheck("energy_reuse", erf, limit, False, None if erf is None else erf >= limit - 1e-12,
                                 "§ 11 Abs. 2 Satz 1 Nr. 2 EnEfG", _erf_applies(start)))
    else:
        checks.append(EnefgCheck("pue", pue, PUE_2027, True, pue <= PUE_2027, "§ 11 Abs. 1 Nr. 1 EnEfG",
                                 tmsg("from 1 July 2027 (start of operation before 1 July 2026)")))
        checks.append(EnefgCheck("pue", pue, PUE_2030, True, pue <= PUE_2030, "§ 11 Abs. 1 Nr. 2 EnEfG",
                                 tmsg("from 1 July 2030 (start of operation before 1 July 2026)")))
    ren = md.renewable_share
    checks.append(EnefgCheck("renewable", ren, RENEWABLE, False, None if ren is None else ren >= RENEWABLE - 1e-12,
                             "§ 11 Abs. 5 EnEfG", tmsg("from 1 January 2027 (50 % since 1 January 2024)")))
    ok = all(c.met for c in checks)
    return EnefgAssessment(True, connected, SCOPE_KW, new, shown, stated, tuple(checks),
                           levels.OK if ok else levels.WARN)


def _erf_applies(start: str) -> str:
    if start >= "2028-07-01":
        return tmsg("a start of operation on or after 1 July 2028")
    if start >= "2027-07-01":
        return tmsg("a start of operation on or after 1 July 2027")
    return tmsg("a start of operation on or after 1 July 2026")


def energy_findings(md: Metadata, e: EnergyResult) -> list[Finding]:
    """ENERGY_NO_GRID_FACTOR, and for a German site the EnEfG findings: out of scope (info), or
    each threshold not met or not stated (warning), its paragraph in the message."""
    out: list[Finding] = []
    if md.site_country and e.grid_g_per_kwh is None:
        out.append(make("ENERGY_NO_GRID_FACTOR", "No grid emission factor for {country}: CO2 is not computed; "
                        "give one in Plan Settings > Energy (g CO2 per kWh)", "plan", country=md.site_country))
    a = e.enefg
    if a is None:
        return out
    if not a.in_scope:
        out.append(make("ENEFG_OUT_OF_SCOPE", "Energy Efficiency Act (EnEfG): the plan draws at most {kw:.0f} kW "
                        "with cooling, below the {scope:.0f} kW non-redundant connected load from which a data "
                        "centre's duties apply (§ 3 Nr. 24, § 11 EnEfG); its thresholds are not checked. If the hall "
                        "the racks stand in is larger, its operator must meet them.", "plan",
                        kw=a.connected_kw, scope=a.scope_kw))
        return out
    assumed = "" if a.start_stated else tmsg(" (start of operation not stated: taken as on or after 1 July 2028; "
                                             "set it in Plan Settings > Energy)")
    for c in a.checks:
        if c.met:
            continue
        when = c.applies
        if c.key == "pue":
            out.append(make("ENEFG_PUE", "PUE {pue:.2f} is above the {limit:.1f} the Energy Efficiency Act requires "
                            "as an annual average {when} ({paragraph}, in force since 18 November 2023){assumed}",
                            "plan", pue=c.value, limit=c.limit, when=when, paragraph=c.paragraph, assumed=assumed))
        elif c.key == "energy_reuse" and c.value is None:
            out.append(make("ENEFG_ENERGY_REUSE", "No heat reuse stated: the Energy Efficiency Act requires an energy "
                            "reuse factor (ERF, DIN EN 50600-4-6) of at least {limit:.0%} for {when} ({paragraph}), "
                            "unless an exception of § 11 Abs. 3 applies; state the heat customer in Plan Settings > "
                            "Energy{assumed}", "plan", limit=c.limit, when=when, paragraph=c.paragraph,
                            assumed=assumed))
        elif c.key == "energy_reuse":
            out.append(make("ENEFG_ENERGY_REUSE", "Energy reuse factor {erf:.1%} is below the {limit:.0%} the Energy "
                            "Efficiency Act requires for {when} ({paragraph}), unless an exception of § 11 Abs. 3 "
                            "applies{assumed}", "plan", erf=c.value, limit=c.limit, when=when, paragraph=c.paragraph,
                            assumed=assumed))
        elif c.value is None:
            out.append(make("ENEFG_RENEWABLE", "No renewable share stated: the Energy Efficiency Act requires a data "
                            "centre's electricity to be covered by unsubsidised renewable electricity, 100 % from "
                            "1 January 2027 and 50 % since 1 January 2024 ({paragraph}); state the share in Plan "
                            "Settings > Energy", "plan", paragraph=c.paragraph))
        else:
            out.append(make("ENEFG_RENEWABLE", "Renewable share {share:.0%} is below the {limit:.0%} the Energy "
                            "Efficiency Act requires from 1 January 2027 (50 % since 1 January 2024) ({paragraph})",
                            "plan", share=c.value, limit=c.limit, paragraph=c.paragraph))
    return out


__all__ = ["CODES", "SCOPE_KW", "energy_figures", "energy_findings", "enefg_assessment"]
