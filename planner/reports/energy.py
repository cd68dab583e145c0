"""The build plan's section "Energy efficiency" (*Energieeffizienz*) as lines of text: the
plan's energy figures, each with how it is made or where it is from, and, for a site in
Germany, the Energy Efficiency Act's thresholds against the plan (docs/energy.md).

``energy_rows(plan, results, units)`` and ``enefg_rows(results)`` return rows of texts in the
active language (:func:`planner.i18n.use_language`); every figure is the engine's
(``Results.energy``, planner.engine.rules.energy) or the plan's own statement. Nothing is
computed here but display units.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from planner.engine.energy import COUNTRY_NAMES
from planner.i18n import _, active_language, format_date, message_text
from planner.reports.display import num

if TYPE_CHECKING:
    from planner.engine.energy import EnefgAssessment, EnergyResult
    from planner.reports.display import Units


@dataclass(frozen=True)
class EnergyRow:
    """One line of the figures table: what, its value, how it is made (or why it is blank)."""

    term: str
    value: str
    basis: str
    missing: bool = False  # not stated: printed in grey


@dataclass(frozen=True)
class EnefgRow:
    """One EnEfG threshold against the plan: ``met`` True, False or None (not stated)."""

    requirement: str
    limit: str
    plan: str
    paragraph: str
    applies: str
    met: bool | None


def _pct(v: float | None, digits: int = 0) -> str:
    return "\u2013" if v is None else f"{num(v * 100, digits)} %"


def _temp(c: float, units: Units) -> str:
    return f"{num(c * 9 / 5 + 32, 0)} °F" if units.imperial else f"{num(c, 0)} °C"


def start_text(iso: str) -> str:
    """A start of operation as the language writes it: a day (``01.09.2027``) or a month
    (``09.2027`` in German, ``2027-09`` in English)."""
    if len(iso) == 7:
        return f"{iso[5:]}.{iso[:4]}" if active_language() == "de" else iso
    return format_date(iso)


def legal(text: str) -> str:
    """``§ 11 Abs. 2 Nr. 1`` kept on one line (no break after §, Abs., Nr., Satz)."""
    for word in ("§ ", "Abs. ", "Nr. ", "Satz "):
        text = text.replace(word, word[:-1] + "\u00a0")
    return text


def country_name(code: str) -> str:
    """A country code as the build plan names it (the code itself when the table has none)."""
    name = COUNTRY_NAMES.get(code)
    return _(name) if name else code


def _heat_rows(e: EnergyResult, units: Units) -> list[EnergyRow]:
    if e.reusable_heat_w <= 0:
        return [EnergyRow(_("Reusable waste heat"), "\u2013", _("none: no rack is on direct liquid or immersion "
                                                               "cooling, so no heat is captured in liquid"), True)]
    share = e.reusable_kwh_per_year / e.it_kwh_per_year if e.it_kwh_per_year > 0 else 0.0
    rows = [EnergyRow(_("Reusable waste heat"),
                      _("{kw} kW · {mwh} MWh/year").format(kw=num(e.reusable_heat_w / 1000, 1),
                                                          mwh=num(e.reusable_kwh_per_year / 1000, 0)),
                      _("heat captured by direct liquid and immersion cooling at the load basis; per year: IT energy "
                        "× its share of the heat ({share})").format(share=_pct(share)))]
    for h in e.heat_loops:
        rows.append(EnergyRow(_("· at loop {loop}").format(loop=h.name),
                              _("{kw} kW · {mwh} MWh/year").format(kw=num(h.heat_w / 1000, 1),
                                                                  mwh=num(h.kwh_per_year / 1000, 0)),
                              _("supply {supply}, return {ret} (the loop's design temperatures)").format(
                                  supply=_temp(h.supply_temp_c, units), ret=_temp(h.return_temp_c, units))))
    if e.reusable_heat_without_loop_w > 0:
        rows.append(EnergyRow(_("· on no loop"), _("{kw} kW").format(kw=num(e.reusable_heat_without_loop_w / 1000, 1)),
                              _("racks that name no cooling loop: temperature not stated"), True))
    return rows


def _reuse_rows(e: EnergyResult) -> list[EnergyRow]:
    customer = e.heat_customer or _("heat customer (not named)")
    if e.reuse_basis == "none" or e.reused_kwh_per_year is None:
        reuse = EnergyRow(_("Heat reuse"), _("not stated"),
                          _("no heat customer stated (Plan Settings > Energy)") if not e.heat_customer else
                          _("{customer}: no share or amount stated").format(customer=e.heat_customer), True)
    elif e.reuse_basis == "share":
        reuse = EnergyRow(_("Heat reuse"), _("{mwh} MWh/year").format(mwh=num(e.reused_kwh_per_year / 1000, 0)),
                          _("{customer} takes {share} of the reusable waste heat (as stated)").format(
                              customer=customer, share=_pct(e.reused_kwh_per_year / e.reusable_kwh_per_year
                                                            if e.reusable_kwh_per_year > 0 else None)))
    else:
        reuse = EnergyRow(_("Heat reuse"), _("{mwh} MWh/year").format(mwh=num(e.reused_kwh_per_year / 1000, 0)),
                          _("delivered to {customer} (as stated)").format(customer=customer))
    erf = EnergyRow(_("Energy reuse factor (ERF)"), _pct(e.erf, 1),
                    _("reused energy / facility energy (DIN EN 50600-4-6)") if e.erf is not None else
                    _("not computed: no heat reuse stated"), e.erf is None)
    return [reuse, erf]


def _co2_rows(e: EnergyResult) -> list[EnergyRow]:
    if e.grid_g_per_kwh is None:
        why = (_("no grid emission factor for {country}: give one in Plan Settings > Energy").format(
            country=country_name(e.site_country)) if e.site_country else
            _("site country not stated: set it (or a factor) in Plan Settings > Energy"))
        return [EnergyRow(_("Grid emission factor"), "\u2013", why, True),
                EnergyRow(_("CO₂ per year"), "\u2013", _("not computed without a grid emission factor"), True)]
    if e.grid_source == "plan":
        source = _("as stated in the plan")
    else:
        source = _("default for {country}: {reference} ({year})").format(
            country=country_name(e.site_country), reference=e.grid_reference, year=e.grid_year)
    rows = [EnergyRow(_("Grid emission factor"), _("{g} g CO₂/kWh").format(g=num(e.grid_g_per_kwh, 0)), source)]
    co2 = e.co2_t_per_year or 0.0
    if e.renewable_share:
        basis = _("facility energy × factor × (1 − renewable share {share}); the grid mix for all of it: {loc} t"
                  ).format(share=_pct(e.renewable_share), loc=num(e.co2_location_t_per_year or 0.0, 1))
    else:
        basis = _("facility energy × factor (grid mix, no renewable share stated)")
    rows.append(EnergyRow(_("CO₂ per year"), _("{t} t").format(t=num(co2, 1)), basis))
    for tk in e.tokens:
        if tk.g_co2_per_million_tokens is None:
            continue
        rows.append(EnergyRow(_("CO₂ per million tokens"),
                              _("{g} g ({kwh} kWh)").format(g=num(tk.g_co2_per_million_tokens, 0),
                                                            kwh=num(tk.kwh_per_million_tokens, 2)),
                              _("{name}: output tokens at the sized rate; server power × PUE / tokens per second"
                                ).format(name=tk.name)))
    return rows


def energy_rows(results_energy: EnergyResult, units: Units) -> list[EnergyRow]:
    """The figures table of the section, in the active language."""
    e = results_energy
    rows = [
        EnergyRow(_("IT energy per year"), _("{mwh} MWh").format(mwh=num(e.it_kwh_per_year / 1000, 0)),
                  _("typical IT power × 8,760 h × utilisation {util}").format(util=_pct(e.utilisation))),
        EnergyRow(_("Facility energy per year"), _("{mwh} MWh").format(mwh=num(e.facility_kwh_per_year / 1000, 0)),
                  _("IT energy × PUE")),
        EnergyRow(_("PUE"), num(e.pue, 2), _("the plan's design value (Plan Settings)")),
    ]
    rows += _heat_rows(e, units)
    rows += _reuse_rows(e)
    if e.wue_l_per_kwh is not None and e.water_m3_per_year is not None:
        rows.append(EnergyRow(_("Water use (WUE)"), _("{wue} l/kWh · {m3} m³/year").format(
            wue=num(e.wue_l_per_kwh, 2), m3=num(e.water_m3_per_year, 0)),
            _("as stated for the site's cooling; per year: WUE × IT energy")))
    else:
        rows.append(EnergyRow(_("Water use (WUE)"), _("not stated"),
                              _("the catalog's cooling units state no water use; state the site's WUE in Plan "
                                "Settings > Energy"), True))
    rows.append(EnergyRow(_("Renewable share"), _pct(e.renewable_share) if e.renewable_share is not None
                          else _("not stated"), _("of the electricity, as stated (green tariff, PPA, own generation)"),
                          e.renewable_share is None))
    rows += _co2_rows(e)
    return rows


def enefg_rows(a: EnefgAssessment) -> list[EnefgRow]:
    """The EnEfG thresholds against the plan (empty out of scope)."""
    out = []
    for c in a.checks:
        if c.key == "pue":
            req, limit, plan = _("PUE (annual average)"), "≤ " + num(c.limit, 1), num(c.value, 2)
        elif c.key == "energy_reuse":
            req, limit = _("Energy reuse factor"), "≥ " + _pct(c.limit)
            plan = _pct(c.value, 1) if c.value is not None else _("not stated")
        else:
            req, limit = _("Renewable electricity"), "≥ " + _pct(c.limit)
            plan = _pct(c.value) if c.value is not None else _("not stated")
        out.append(EnefgRow(req, limit, plan, c.paragraph, message_text(c.applies), c.met))
    return out


__all__ = ["EnefgRow", "EnergyRow", "country_name", "enefg_rows", "energy_rows", "legal", "start_text"]
