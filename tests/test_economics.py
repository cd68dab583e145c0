"""Rent or own arithmetic (planner.engine.economics): the break-even figures are where the two
costs really meet, and each term follows its documented formula."""

import math

import pytest

from planner.engine.economics import HOURS_PER_YEAR, OwnInputs, rent_vs_own


def _inputs(**kw):
    base = dict(capex=2_000_000.0, it_kw_typical=45.0, it_kw_committed=51.0, gpus=32, years=4, pue=1.3,
                electricity_price_per_kwh=0.2, utilisation=0.7, support_fraction_per_year=0.1,
                colocation_per_kw_month=150.0, cloud_price_per_gpu_hour=4.0)
    base.update(kw)
    return OwnInputs(**base)


def test_terms_follow_their_formulas():
    r = rent_vs_own(_inputs())
    assert r.capital_per_year == pytest.approx(500_000)
    assert r.energy_per_year == pytest.approx(45 * 1.3 * HOURS_PER_YEAR * 0.7 * 0.2)
    assert r.support_per_year == pytest.approx(200_000)
    assert r.colocation_per_year == pytest.approx(150 * 51 * 12)
    assert r.own_cost_per_year == pytest.approx(500_000 + r.energy_per_year + 200_000 + 150 * 51 * 12)
    assert r.cloud_cost_per_year == pytest.approx(32 * 4.0 * HOURS_PER_YEAR * 0.7)


def test_break_even_utilisation_is_where_the_costs_meet():
    r = rent_vs_own(_inputs())
    u = r.break_even_utilisation
    assert u is not None and 0 < u < 1
    at = rent_vs_own(_inputs(utilisation=u))
    assert at.own_cost_per_year == pytest.approx(at.cloud_cost_per_year, rel=1e-9)
    # above it owning is cheaper, below it renting
    assert rent_vs_own(_inputs(utilisation=min(1, u + 0.05))).own_cost_per_year < \
        rent_vs_own(_inputs(utilisation=min(1, u + 0.05))).cloud_cost_per_year
    low = rent_vs_own(_inputs(utilisation=u - 0.05))
    assert low.own_cost_per_year > low.cloud_cost_per_year


def test_break_even_months_is_where_the_cumulative_curves_cross():
    r = rent_vs_own(_inputs(utilisation=1.0))
    m = r.break_even_months
    assert m is not None and m > 0
    own, rent = r.cumulative(int(math.ceil(m)) + 1)
    k = int(math.floor(m))
    assert own[k] >= rent[k] and own[k + 1] <= rent[k + 1]


def test_cheap_cloud_never_breaks_even():
    r = rent_vs_own(_inputs(cloud_price_per_gpu_hour=0.5))
    assert r.break_even_utilisation is None and r.break_even_months is None


def test_without_a_cloud_price_only_owning_is_costed():
    r = rent_vs_own(_inputs(cloud_price_per_gpu_hour=None))
    assert r.cloud_cost_per_year is None and r.break_even_months is None and r.own_cost_per_year > 0
