"""Rule family "money": the bill of materials priced (per-plan overrides before catalog
prices, converted at the plan's exchange rates) into capex, and rent or own
(:mod:`planner.engine.economics`) on that capex (docs/engine.md, Cost; Rent or own).
Pure functions of the plan's totals, its metadata and the catalog."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from planner.engine.economics import OwnInputs, rent_vs_own
from planner.engine.findings import Finding, make
from planner.engine.results import BomLine, RentOwnResult
from planner.engine.specs import cat_get
from planner.i18n import Np_

if TYPE_CHECKING:
    from collections.abc import Mapping

    from planner.catalog import Catalog
    from planner.engine.results import Aggregate
    from planner.engine.specs import SpecCache
    from planner.model.plan import Metadata

_fsum = math.fsum

# the finding codes this family emits (planner.engine.rules.PROVIDERS; docs/engine.md, Findings)
CODES: tuple[str, ...] = (
    "COST_NO_PRICE", "PRICE_NO_EXCHANGE_RATE", "RENT_NO_CLOUD_PRICE", "RENT_NO_EXCHANGE_RATE",
    "RENT_CAPEX_INCOMPLETE", "RENT_MIXED_GPUS",
)


def known(specs: SpecCache, table: str, slug: str) -> bool:
    """Whether a BOM line's item is in the catalog."""
    if table == "device-types":
        return specs.device(slug).known
    if table == "rack-types":
        return specs.rack_type(slug).known
    if table == "cooling":
        return specs.cooling(slug).known
    return specs.cable(slug) is not None


def item_name(specs: SpecCache, table: str, slug: str) -> str:
    """A BOM line's item as the catalog names it (the slug when it does not)."""
    if table == "device-types":
        return specs.device(slug).name
    if table == "rack-types":
        return specs.rack_type(slug).name
    c = specs.cable(slug) if table == "cables" else None
    if c is not None:
        return f"{c.vendor} {c.model}"
    return slug


@dataclass(slots=True)
class PricedBom:
    """The BOM lines with their prices, and the capex they add up to (plan currency)."""

    lines: list[BomLine]
    capex: float
    capex_estimated: float  # the part of the capex from estimated prices
    complete: bool  # every line priced and converted
    unconverted: tuple[str, ...]  # currencies without an exchange rate
    findings: list[Finding]


def price_bom(specs: SpecCache, md: Metadata, bom: Mapping[tuple[str, str], int]) -> PricedBom:
    """Price each BOM line (table, slug) -> quantity, in sorted order: the plan's override
    (``metadata.price_overrides``) before the catalog's, a price in another currency at the
    plan's rate (plan units per unit of it); COST_NO_PRICE and PRICE_NO_EXCHANGE_RATE for
    what stays out of the capex."""
    findings: list[Finding] = []
    lines: list[BomLine] = []
    capex_terms: list[float] = []
    estimated_terms: list[float] = []
    no_price: list[str] = []
    no_rate: dict[str, list[str]] = {}
    rates = md.exchange_rates
    overrides = md.price_overrides
    for (table, slug), qty in sorted(bom.items()):
        override = overrides.get(slug)
        price = (override.amount, override.currency) if override is not None else specs.price_of(table, slug)
        source = None if price is None else "plan" if override is not None else "catalog"
        rate = None if price is None else 1.0 if price[1] == md.currency else rates.get(price[1])
        basis = None if price is None else "plan" if override is not None else specs.price_basis(table, slug)
        line = BomLine(table, slug, item_name(specs, table, slug), qty, price[0] if price else None,
                       price[1] if price else None, known(specs, table, slug), rate, source, basis)
        lines.append(line)
        if price is None:
            no_price.append(f"{qty} x {slug}")
        elif rate is None:
            no_rate.setdefault(price[1], []).append(f"{qty} x {slug}")
        else:
            capex_terms.append(price[0] * qty * rate)
            if line.estimated:
                estimated_terms.append(price[0] * qty * rate)
    if no_price:
        findings.append(make("COST_NO_PRICE", Np_("{n} BOM line has no price and is not in the capex: {v2}{v3}", "{n} BOM lines have no price and are not in the capex: {v2}{v3}"), "plan", n=len(no_price), v2=', '.join(no_price[:5]), v3=' ...' if len(no_price) > 5 else ''))
    for cur, items in sorted(no_rate.items()):
        findings.append(make("PRICE_NO_EXCHANGE_RATE", Np_("{n} BOM line is priced in {cur} and the plan has no {cur} to {md_currency} exchange rate: it is not in the capex (set one in Plan Settings): {v5}{v6}", "{n} BOM lines are priced in {cur} and the plan has no {cur} to {md_currency} exchange rate: they are not in the capex (set one in Plan Settings): {v5}{v6}"), "plan", n=len(items), cur=cur, md_currency=md.currency, v5=', '.join(items[:5]), v6=' ...' if len(items) > 5 else ''))
    return PricedBom(lines, _fsum(capex_terms), _fsum(estimated_terms), not no_price and not no_rate,
                     tuple(sorted(no_rate)), findings)


def _cloud_price(catalog: Catalog, md: Metadata, model: str, model_name: str, findings: list[Finding]
                 ) -> tuple[float | None, str, dict[str, Any], str]:
    """The cloud price per GPU-hour of ``model`` in the plan currency: the plan's override,
    else the catalog's at the plan's rate; (price or None, source, detail, reason for none)."""
    price: float | None = None
    detail: dict[str, Any] = {}
    reason = ""
    if model in md.cloud_price_per_gpu_hour:
        price, source = md.cloud_price_per_gpu_hour[model], "plan"
        detail = {"currency": md.currency, "amount": price}
        return price, source, detail, reason
    entry = cat_get(catalog, "cloud", model)
    if entry is None:
        source = "none"
        reason = (f"no cloud price per GPU-hour for {model_name} ({model}) in the catalog or the plan: "
                  "set one in Plan Settings (Cloud price per GPU-hour) or in the user catalog")
        findings.append(make("RENT_NO_CLOUD_PRICE", "Rent or own not computed: {reason}", "plan", reason=reason))
        return price, source, detail, reason
    source = "catalog"
    detail = {"currency": entry.currency, "amount": entry.price_per_gpu_hour, "date": entry.date,
              "basis": entry.basis, "offer": f"{entry.vendor} {entry.model}", "reference": entry.source}
    rate = 1.0 if entry.currency == md.currency else md.exchange_rates.get(entry.currency)
    if rate is None:
        reason = (f"the cloud price for {model_name} is in {entry.currency} and the plan has no "
                  f"{entry.currency} to {md.currency} exchange rate (set one in Plan Settings)")
        findings.append(make("RENT_NO_EXCHANGE_RATE", "Rent or own not computed: {reason}", "plan", reason=reason))
    else:
        price = entry.price_per_gpu_hour * rate
        detail["exchange_rate"] = rate
    return price, source, detail, reason


def rent_or_own(catalog: Catalog, md: Metadata, agg: Aggregate, capex: float, capex_complete: bool,
                typical_w: float, max_w: float) -> tuple[RentOwnResult | None, list[Finding]]:
    """Rent or own (docs/engine.md): owning this build (capex from the BOM, energy at the
    typical IT draw, colocation on the maximum draw as committed power) against renting
    as many GPUs of the plan's most numerous GPU model. The cloud price per GPU-hour is
    the plan's override, else the catalog's (table ``cloud``), converted to the plan
    currency at the plan's exchange rates; without one, owning is costed alone and a
    finding says why. None when the plan has no GPUs."""
    findings: list[Finding] = []
    gpus = agg.ints.get("gpu_count", 0)
    by_model = {m: n for m, n in agg.gpus.items() if n > 0}
    if gpus <= 0 or not by_model:
        return None, findings
    model = max(sorted(by_model), key=lambda m: by_model[m])  # most GPUs; ties: first slug
    gpu = cat_get(catalog, "gpus", model)
    model_name = f"{gpu.vendor} {gpu.model}" if gpu is not None else model
    if len(by_model) > 1:
        others = ", ".join(f"{n} x {m}" for m, n in sorted(by_model.items()) if m != model)
        findings.append(make("RENT_MIXED_GPUS", "Rent or own prices all {gpus} GPUs at the cloud price of {model_name}, the most numerous model ({v3}); the others: {others}",
                             "plan", gpus=gpus, model_name=model_name, v3=by_model[model], others=others))
    price, source, detail, reason = _cloud_price(catalog, md, model, model_name, findings)
    base = OwnInputs(capex=capex, it_kw_typical=typical_w / 1000.0, it_kw_committed=max_w / 1000.0, gpus=gpus,
                     years=md.years_of_use, pue=md.pue, electricity_price_per_kwh=md.electricity_price_per_kwh,
                     utilisation=md.utilisation, support_fraction_per_year=md.support_fraction_per_year,
                     colocation_per_kw_month=md.colocation_price_per_kw_month, cloud_price_per_gpu_hour=price)
    own_only = rent_vs_own(replace(base, cloud_price_per_gpu_hour=None))
    figures = rent_vs_own(base) if price is not None else None
    if figures is not None and not capex_complete:
        be = figures.break_even_months
        if be is not None:
            findings.append(make("RENT_CAPEX_INCOMPLETE", "Rent or own uses a capex of {capex:,.0f} {md_currency} that leaves unpriced items out: owning is understated and the break-even after {be:,.1f} months is too early", "plan", capex=capex, md_currency=md.currency, be=be))
        else:
            findings.append(make("RENT_CAPEX_INCOMPLETE", "Rent or own uses a capex of {capex:,.0f} {md_currency} that leaves unpriced items out: owning is understated and the comparison favours owning", "plan", capex=capex, md_currency=md.currency))
    return RentOwnResult(inputs=base, own_only=own_only, figures=figures, gpu_model=model,
                         gpu_model_name=model_name, gpus=gpus, currency=md.currency, capex_complete=capex_complete,
                         price_source=source, price_detail=detail, reason=reason), findings
