"""Energy figures of a plan (docs/energy.md): the shipped grid emission factors per country
and the result types the rule family "energy" (planner.engine.rules.energy) fills in.

Data and types only, no arithmetic: the figures come from the engine's totals (IT power, PUE,
energy per year: planner.engine.core), its loops and workload verdicts, and the plan's own
statements (``Metadata``: site country, start of operation, renewable share, heat customer,
water use, grid factor).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from planner.i18n import N_

# -- grid emission factors -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GridFactor:
    """The CO2 a kWh of a country's grid electricity stands for, with where it is from."""

    country: str  # ISO 3166-1 alpha-2
    g_per_kwh: float
    year: int  # the year the factor is for
    source: str  # the publication, short
    basis: str  # what it counts: "direct CO2, consumption mix" or "life-cycle CO2e, generation"


# Umweltbundesamt for Germany (the factor German customers and auditors use); the others from one
# dataset so that they compare: Ember's yearly electricity data (CC BY 4.0), life-cycle CO2e per
# kWh generated, as transcribed in The Green Web Foundation's co2.js, data/output/
# average-intensities.json (commit 03b5e45, read 2026-12). Ember's figure for Germany in 2023 is
# 380.95 g; the UBA's direct-emission factor is lower (363 g in 2024) because it leaves out the
# fuel chains (Vorketten). Sources in full: docs/energy.md, "Grid emission factors".
_EMBER = "Ember, Yearly Electricity Data"
_EMBER_BASIS = "life-cycle CO2e per kWh generated"
GRID_FACTORS: dict[str, GridFactor] = {
    "DE": GridFactor("DE", 363.0, 2024, "Umweltbundesamt, Entwicklung der spezifischen Treibhausgas-Emissionen "
                                        "des deutschen Strommix 1990–2024",
                     "direct CO2 per kWh of the German electricity mix (2024: UBA estimate)"),
    "AT": GridFactor("AT", 110.81, 2023, _EMBER, _EMBER_BASIS),
    "CH": GridFactor("CH", 34.84, 2023, _EMBER, _EMBER_BASIS),
    "FR": GridFactor("FR", 56.04, 2023, _EMBER, _EMBER_BASIS),
    "NL": GridFactor("NL", 267.62, 2023, _EMBER, _EMBER_BASIS),
    "BE": GridFactor("BE", 138.11, 2023, _EMBER, _EMBER_BASIS),
    "LU": GridFactor("LU", 105.26, 2023, _EMBER, _EMBER_BASIS),
    "DK": GridFactor("DK", 151.65, 2023, _EMBER, _EMBER_BASIS),
    "PL": GridFactor("PL", 661.93, 2023, _EMBER, _EMBER_BASIS),
    "CZ": GridFactor("CZ", 449.72, 2023, _EMBER, _EMBER_BASIS),
    "IT": GridFactor("IT", 330.72, 2023, _EMBER, _EMBER_BASIS),
    "ES": GridFactor("ES", 174.05, 2023, _EMBER, _EMBER_BASIS),
    "SE": GridFactor("SE", 40.7, 2023, _EMBER, _EMBER_BASIS),
    "NO": GridFactor("NO", 30.08, 2023, _EMBER, _EMBER_BASIS),
    "FI": GridFactor("FI", 79.16, 2023, _EMBER, _EMBER_BASIS),
    "IE": GridFactor("IE", 290.81, 2023, _EMBER, _EMBER_BASIS),
    "GB": GridFactor("GB", 237.59, 2023, _EMBER, _EMBER_BASIS),
    "US": GridFactor("US", 385.98, 2022, _EMBER, _EMBER_BASIS),
}

# the countries as the app and the build plan name them (translated where shown)
COUNTRY_NAMES: dict[str, str] = {
    "DE": N_("Germany"), "AT": N_("Austria"), "CH": N_("Switzerland"), "FR": N_("France"), "NL": N_("Netherlands"),
    "BE": N_("Belgium"), "LU": N_("Luxembourg"), "DK": N_("Denmark"), "PL": N_("Poland"), "CZ": N_("Czechia"),
    "IT": N_("Italy"), "ES": N_("Spain"), "SE": N_("Sweden"), "NO": N_("Norway"), "FI": N_("Finland"),
    "IE": N_("Ireland"), "GB": N_("United Kingdom"), "US": N_("United States"),
}


def grid_factor(country: str) -> GridFactor | None:
    """The shipped factor of ``country`` (ISO alpha-2), or None when none is shipped."""
    return GRID_FACTORS.get(country.upper()) if country else None


# -- results -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeatLoop:
    """A cooling loop carrying heat the racks gave to liquid (direct liquid, immersion, rear doors
    on the loop), at the loop's temperatures: what a heat customer would take."""

    id: str
    name: str
    kind: str  # in-row or facility
    heat_w: float  # liquid-captured heat on the loop, at the engine's load basis
    supply_temp_c: float
    return_temp_c: float
    kwh_per_year: float

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "heat_kw": self.heat_w / 1000,
                "supply_temp_c": self.supply_temp_c, "return_temp_c": self.return_temp_c,
                "mwh_per_year": self.kwh_per_year / 1000}


@dataclass(frozen=True, slots=True)
class TokenCo2:
    """CO2 per million output tokens of a serving workload at the engine's token rate."""

    workload: str
    name: str
    kwh_per_million_tokens: float  # facility energy (the sizing's J/token, PUE included)
    g_co2_per_million_tokens: float | None  # None: no grid emission factor

    def to_dict(self) -> dict[str, Any]:
        return {"workload": self.workload, "name": self.name,
                "kwh_per_million_tokens": self.kwh_per_million_tokens,
                "g_co2_per_million_tokens": self.g_co2_per_million_tokens}


@dataclass(frozen=True, slots=True)
class EnefgCheck:
    """One threshold of the Energieeffizienzgesetz against the plan's figure."""

    key: str  # "pue", "energy_reuse", "renewable"
    value: float | None  # the plan's figure (PUE; ERF and renewable share 0..1); None: not stated
    limit: float
    at_most: bool  # the figure must be <= limit (PUE); else >= limit
    met: bool | None  # None: not stated
    paragraph: str  # "§ 11 Abs. 2 Satz 1 Nr. 1 EnEfG"
    applies: str  # when the threshold applies: a planner.i18n Message (English; message_text translates it)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value, "limit": self.limit,
                "comparison": "at most" if self.at_most else "at least", "met": self.met,
                "paragraph": self.paragraph, "applies": self.applies}


@dataclass(frozen=True, slots=True)
class EnefgAssessment:
    """The plan against the EnEfG's data-centre duties (§ 11), for a site in Germany."""

    in_scope: bool  # the estimated connected load reaches the law's 300 kW
    connected_kw: float  # estimated non-redundant connected load: the facility's maximum draw
    scope_kw: float
    new_data_centre: bool  # start of operation on or after 1 July 2026 (§ 11 Abs. 2)
    operation_start: str  # as stated (YYYY-MM-DD or YYYY-MM), or the day assumed when not stated
    start_stated: bool
    checks: tuple[EnefgCheck, ...] = ()
    level: str = "none"  # planner.engine.levels: ok, warn; none out of scope

    def to_dict(self) -> dict[str, Any]:
        return {"in_scope": self.in_scope, "connected_kw": self.connected_kw, "scope_kw": self.scope_kw,
                "new_data_centre": self.new_data_centre, "operation_start": self.operation_start,
                "operation_start_stated": self.start_stated, "level": self.level,
                "checks": [c.to_dict() for c in self.checks]}


@dataclass(frozen=True, slots=True)
class EnergyResult:
    """The plan's energy figures (docs/energy.md). Energies per year at the plan's utilisation;
    ``None``: not stated, or not computable without a statement (never invented)."""

    pue: float
    utilisation: float
    it_kwh_per_year: float
    facility_kwh_per_year: float
    # waste heat the liquid cooling captures (direct liquid, immersion) and what it is per year
    reusable_heat_w: float
    reusable_kwh_per_year: float
    heat_loops: tuple[HeatLoop, ...]
    reusable_heat_without_loop_w: float  # liquid heat of racks on no loop (its temperature unknown)
    # the heat customer, as stated
    heat_customer: str
    reuse_basis: str  # "none", "share" (of the reusable heat), "mwh" (stated energy)
    reused_kwh_per_year: float | None
    erf: float | None  # energy reuse factor (EN 50600-4-6): reused / facility energy
    renewable_share: float | None
    wue_l_per_kwh: float | None
    water_m3_per_year: float | None
    site_country: str
    grid_g_per_kwh: float | None
    grid_source: str  # "plan", "default" (GRID_FACTORS), "none"
    grid_reference: str  # the shipped factor's source ("" for none or the plan's own)
    grid_year: int | None  # the year the shipped factor is for
    co2_t_per_year: float | None  # net of the stated renewable share
    co2_location_t_per_year: float | None  # the grid mix for all of it (location-based)
    tokens: tuple[TokenCo2, ...] = ()
    enefg: EnefgAssessment | None = None  # None: the site is not in Germany (or not stated)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pue": self.pue, "utilisation": self.utilisation,
            "it_mwh_per_year": self.it_kwh_per_year / 1000, "facility_mwh_per_year": self.facility_kwh_per_year / 1000,
            "reusable_heat_kw": self.reusable_heat_w / 1000, "reusable_heat_mwh_per_year": self.reusable_kwh_per_year / 1000,
            "reusable_heat_without_loop_kw": self.reusable_heat_without_loop_w / 1000,
            "heat_loops": [h.to_dict() for h in self.heat_loops],
            "heat_customer": self.heat_customer or None, "reuse_basis": self.reuse_basis,
            "reused_mwh_per_year": None if self.reused_kwh_per_year is None else self.reused_kwh_per_year / 1000,
            "erf": self.erf, "renewable_share": self.renewable_share,
            "wue_l_per_kwh": self.wue_l_per_kwh, "water_m3_per_year": self.water_m3_per_year,
            "site_country": self.site_country or None, "grid_co2_g_per_kwh": self.grid_g_per_kwh,
            "grid_source": self.grid_source, "grid_reference": self.grid_reference or None,
            "grid_year": self.grid_year,
            "co2_t_per_year": self.co2_t_per_year, "co2_location_t_per_year": self.co2_location_t_per_year,
            "co2_per_million_tokens": [t.to_dict() for t in self.tokens],
            "enefg": None if self.enefg is None else self.enefg.to_dict(),
        }


__all__ = ["COUNTRY_NAMES", "GRID_FACTORS", "EnefgAssessment", "EnefgCheck", "EnergyResult", "GridFactor",
           "HeatLoop", "TokenCo2", "grid_factor"]
