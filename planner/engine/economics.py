"""Rent or own: what a build costs per year owned, what the same GPUs cost rented, and
where the two cross. Pure arithmetic on figures the caller supplies (the engine passes
the plan's totals, the workload search its candidate's); docs/engine.md ("Rent or own")
states every formula and default.

Owning, per year of use (all in one currency):

* capital: capex / years (straight line, no residual value, no interest);
* energy: IT kW (typical) x PUE x 8,760 h x utilisation x price per kWh;
* support and maintenance: ``support_fraction_per_year`` x capex;
* space and power in a colocation: ``colocation_per_kw_month`` x IT kW (committed, the
  maximum draw) x 12. Zero for a customer's own hall (the default); a colocation price
  that includes energy goes with an electricity price of 0.

Renting: GPUs x cloud price per GPU-hour x 8,760 h x utilisation (a rented GPU is paid
for the hours it is used; reserved capacity is paid for all hours: utilisation 1).

Break-even utilisation: the utilisation at which both cost the same per year (renting
scales with utilisation; owning only in its energy term). Break-even months: from a
standing start (capex paid in month 0), the month in which the cumulative rent passes the
cumulative cost of owning. None where they never cross (renting stays cheaper).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

HOURS_PER_YEAR = 8760.0
DEFAULT_YEARS = 4.0
DEFAULT_SUPPORT_FRACTION = 0.10
DEFAULT_COLOCATION_PER_KW_MONTH = 0.0


@dataclass(frozen=True, slots=True)
class OwnInputs:
    capex: float
    it_kw_typical: float
    it_kw_committed: float
    gpus: int
    years: float = DEFAULT_YEARS
    pue: float = 1.3
    electricity_price_per_kwh: float = 0.12
    utilisation: float = 1.0
    support_fraction_per_year: float = DEFAULT_SUPPORT_FRACTION
    colocation_per_kw_month: float = DEFAULT_COLOCATION_PER_KW_MONTH
    cloud_price_per_gpu_hour: float | None = None  # None: no cloud price for this GPU


@dataclass(frozen=True, slots=True)
class RentVsOwn:
    own_cost_per_year: float
    cloud_cost_per_year: float | None
    capital_per_year: float
    energy_per_year: float
    support_per_year: float
    colocation_per_year: float
    break_even_utilisation: float | None  # 0..1, None: renting is cheaper at any utilisation
    break_even_months: float | None  # None: cumulative rent never passes owning
    years: float

    def to_dict(self) -> dict[str, float | None]:
        return {"own_cost_per_year": self.own_cost_per_year, "cloud_cost_per_year": self.cloud_cost_per_year,
                "capital_per_year": self.capital_per_year, "energy_per_year": self.energy_per_year,
                "support_per_year": self.support_per_year, "colocation_per_year": self.colocation_per_year,
                "break_even_utilisation": self.break_even_utilisation,
                "break_even_months": self.break_even_months, "years": self.years}

    def cumulative(self, months: int) -> tuple[list[float], list[float]]:
        """Cumulative cost at the end of each month 0..``months``: (own, rent). Owning pays
        the capex in month 0, then its running cost (energy, support, colocation) monthly."""
        running = (self.energy_per_year + self.support_per_year + self.colocation_per_year) / 12.0
        capex = self.capital_per_year * self.years
        own = [capex + running * m for m in range(months + 1)]
        rent_m = (self.cloud_cost_per_year or 0.0) / 12.0
        rent = [rent_m * m for m in range(months + 1)]
        return own, rent


def energy_per_year(it_kw: float, pue: float, price_per_kwh: float, utilisation: float) -> float:
    return it_kw * pue * HOURS_PER_YEAR * utilisation * price_per_kwh


def rent_vs_own(x: OwnInputs) -> RentVsOwn:
    years = x.years if x.years > 0 else DEFAULT_YEARS
    capital = x.capex / years
    energy = energy_per_year(x.it_kw_typical, x.pue, x.electricity_price_per_kwh, x.utilisation)
    support = x.support_fraction_per_year * x.capex
    colo = x.colocation_per_kw_month * x.it_kw_committed * 12.0
    own = capital + energy + support + colo
    cloud = None
    be_util = be_months = None
    if x.cloud_price_per_gpu_hour is not None:
        rent_full = x.gpus * x.cloud_price_per_gpu_hour * HOURS_PER_YEAR  # at utilisation 1
        cloud = rent_full * x.utilisation
        # own(u) = fixed + energy_full * u ; rent(u) = rent_full * u
        energy_full = energy_per_year(x.it_kw_typical, x.pue, x.electricity_price_per_kwh, 1.0)
        fixed = capital + support + colo
        slope = rent_full - energy_full
        if slope > 0:
            u = fixed / slope
            be_util = u if u <= 1.0 else None
        running_month = (energy + support + colo) / 12.0
        gain = cloud / 12.0 - running_month
        if gain > 0 and math.isfinite(gain):
            be_months = x.capex / gain
    return RentVsOwn(own_cost_per_year=own, cloud_cost_per_year=cloud, capital_per_year=capital,
                     energy_per_year=energy, support_per_year=support, colocation_per_year=colo,
                     break_even_utilisation=be_util, break_even_months=be_months, years=years)


# -- cost over time across growth phases (docs/phases.md, "Cost over time") --------------------


@dataclass
class PhaseCost:
    """One growth phase for :func:`cost_timeline`: when it goes into operation (a month index,
    year x 12 + month - 1), what it buys (its capex added) and the running cost and rent per year
    of the build as it stands after it (the phase's own rent-or-own figures)."""

    id: str
    start_month: int
    capex_added: float
    running_per_year: float  # energy, support and colocation of the build after this phase
    rent_per_year: float | None  # renting that build's GPUs; None: no cloud price


@dataclass
class CostYear:
    """One calendar year of the timeline: what is bought in it, what running the builds in
    operation costs, renting them instead, and both summed from the start."""

    year: int
    months: dict[str, int]  # phase id -> months its build runs in this year
    capex: float
    running: float
    own_cumulative: float
    rent: float | None
    rent_cumulative: float | None

    def to_dict(self) -> dict[str, object]:
        return {"year": self.year, "months": dict(self.months), "capex": self.capex, "running": self.running,
                "own": self.capex + self.running, "own_cumulative": self.own_cumulative, "rent": self.rent,
                "rent_cumulative": self.rent_cumulative}


def month_index(date: str) -> int | None:
    """``YYYY-MM`` or ``YYYY-MM-DD`` -> year x 12 + month - 1 (None for an empty date)."""
    if not date:
        return None
    y, m = date.split("-")[:2]
    return int(y) * 12 + int(m) - 1


def month_text(index: int) -> str:
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def cost_timeline(phases: list[PhaseCost], end_month: int) -> tuple[list[CostYear], int | None]:
    """Owning against renting, month by month from the first phase's start to ``end_month``
    (exclusive), summed per calendar year. Each phase's capex is paid in the month it starts;
    from then until the next phase starts, the build after it runs (its running cost, or its
    rent, a twelfth a month). Returns the years and the break-even month: the first month from
    whose end on owning's cumulative cost stays at or below renting's to the end (None when it
    does not, or without a rent for every phase)."""
    phases = sorted(phases, key=lambda p: p.start_month)
    if not phases:
        return [], None
    start = phases[0].start_month
    has_rent = all(p.rent_per_year is not None for p in phases)
    years: dict[int, CostYear] = {}
    own = rent = 0.0
    below_since: int | None = None
    k = 0
    for m in range(start, end_month):
        while k + 1 < len(phases) and phases[k + 1].start_month <= m:
            k += 1
        y = years.setdefault(m // 12, CostYear(m // 12, {}, 0.0, 0.0, 0.0, 0.0 if has_rent else None,
                                                 0.0 if has_rent else None))
        bought = sum(p.capex_added for p in phases if p.start_month == m)
        run = phases[k].running_per_year / 12.0
        y.capex += bought
        y.running += run
        y.months[phases[k].id] = y.months.get(phases[k].id, 0) + 1
        own += bought + run
        y.own_cumulative = own
        if has_rent:
            r = (phases[k].rent_per_year or 0.0) / 12.0
            rent += r
            y.rent = (y.rent or 0.0) + r
            y.rent_cumulative = rent
            if own <= rent + 1e-9:
                below_since = m if below_since is None else below_since
            else:
                below_since = None
    return [years[y] for y in sorted(years)], below_since if has_rent else None
