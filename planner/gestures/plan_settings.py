"""Plan Settings as one edit: the dialog's values checked field by field, then one
``Compound`` of ``SetProperty`` edits (one undo step) for what changed.

Pure Python (no Qt), so the checks and the edit are tested headless; the dialog in
``ui/dialogs/plan_settings.py`` only collects the values and shows the message.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Any

from planner.base.fileio import validation_message
from planner.i18n import N_, _message, deferred, error_text, parse_number, tmsg
from planner.model.edits import Compound, Edit, EditRefused, SetProperty
from planner.model.logo import LogoError, read_logo
from planner.model.naming import pattern_error
from planner.model.plan import (
    COOLING_OPTIONS,
    NAMING_KINDS,
    SITE_REGIONS,
    Logo,
    Metadata,
    Plan,
    PriceOverride,
    Requirements,
)

# field -> what the user sees it called (messages name the field)
FIELD_LABELS = {
    "site": N_("Site"), "customer": N_("Customer"), "project": N_("Project"), "author": N_("Author"),
    "revision": N_("Revision"), "notes": N_("Notes"), "currency": N_("Currency"), "exchange_rates": N_("Exchange rates"),
    "exchange_rates_date": N_("Rates as of"), "electricity_price_per_kwh": N_("Electricity price"), "pue": N_("PUE"),
    "utilisation": N_("Utilisation"), "naming": N_("Name patterns"),
    "years_of_use": N_("Years of use"), "support_fraction_per_year": N_("Support and maintenance per year"),
    "colocation_price_per_kw_month": N_("Colocation price"), "cloud_price_per_gpu_hour": N_("Cloud price per GPU-hour"),
    "logo": N_("Cover logo"), "internal_notes": N_("Internal notes"), "site_region": N_("Site region"),
    "requirements": N_("Requirements"),
    "site_country": N_("Site country"), "operation_start": N_("Start of operation"),
    "grid_co2_g_per_kwh": N_("Grid emission factor"), "renewable_share": N_("Renewable share"),
    "heat_customer": N_("Heat customer"), "heat_reuse_share": N_("Heat reuse share"),
    "heat_reuse_mwh_per_year": N_("Heat reuse per year"), "wue_l_per_kwh": N_("Water use (WUE)"),
}
# Energy settings that may be left blank (not stated): field -> (scale of the typed text, lowest,
# highest, what it is). A typed text is in the unit the dialog shows (per cent for shares: 80 is
# 0.8); a number is in the model's unit (docs/energy.md).
OPTIONAL_NUMBERS = {
    "grid_co2_g_per_kwh": (1.0, 0.0, 2000.0, N_("g CO2 per kWh")),
    "renewable_share": (100.0, 0.0, 1.0, N_("a share in per cent")),
    "heat_reuse_share": (100.0, 0.0, 1.0, N_("a share in per cent")),
    "heat_reuse_mwh_per_year": (1.0, 0.0, 1e8, N_("MWh per year")),
    "wue_l_per_kwh": (1.0, 0.0, 100.0, N_("litres per kWh")),
}
KIND_LABELS = {"room": N_("rooms"), "row": N_("rows"), "rack": N_("racks"), "server": N_("servers"),
               "switch": N_("switches"), "storage": N_("storage"), "pdu": N_("PDUs"), "power": N_("power shelves"),
               "cooling": N_("cooling units"), "other": N_("other devices")}


def _label(table: dict[str, str], key: str) -> str:
    """A field's or kind's name as a Message (translated where the message is shown)."""
    text = table.get(key)
    return _message(text, text, ()) if text else key
_CODE = re.compile(r"^[A-Z]{3}$")


class SettingsInvalid(EditRefused):
    """A value the plan cannot take; ``field`` names it (a FIELD_LABELS key; for a name
    pattern also ``kind``), ``str(e)`` is the message with the field's name."""

    def __init__(self, field: str, message: str, kind: str | None = None) -> None:
        self.field = field
        self.kind = kind
        super().__init__(message)

    def text(self) -> str:
        """The message in the active language (it is a planner Message)."""
        return error_text(self)


def _number(text: object) -> float:
    """A rate or price as typed: planner.i18n.parse_number in the active language (German
    ``1.500`` is 1500), lenient about the other decimal mark where it cannot be grouping
    (``0,92`` and ``0.92`` alike)."""
    if isinstance(text, int | float):
        return float(text)
    return float(parse_number(str(text), lenient=True))


def parse_rates(rows: list[tuple[str, Any]], currency: str) -> dict[str, float]:
    """Exchange-rate table rows (currency code, rate as typed) -> {code: rate}. Blank
    rows are skipped. Raises SettingsInvalid naming the row's currency."""
    out: dict[str, float] = {}
    for i, (code_text, rate_text) in enumerate(rows, start=1):
        code = (code_text or "").strip().upper()
        raw = "" if rate_text is None else str(rate_text).strip()
        if not code and not raw:
            continue
        if not _CODE.match(code):
            raise SettingsInvalid("exchange_rates", tmsg("Exchange rates, row {i}: {code!r} is not a three-letter currency "
                                                       "code (ISO 4217, e.g. USD)", i=i, code=code_text.strip()))
        if code == currency:
            raise SettingsInvalid("exchange_rates", tmsg("Exchange rate for {code}: {code} is the plan currency (its rate is 1)",
                                                       code=code))
        if code in out:
            raise SettingsInvalid("exchange_rates", tmsg("Exchange rates: {code} is listed twice", code=code))
        try:
            rate = _number(raw)
        except ValueError:
            raise SettingsInvalid("exchange_rates", tmsg("Exchange rate for {code}: {raw!r} is not a number", code=code,
                                                       raw=raw)) from None
        if not math.isfinite(rate) or rate <= 0 or rate > 1e6:
            raise SettingsInvalid("exchange_rates", tmsg("Exchange rate for {code}: must be above 0 (how many {currency} one "
                                                       "{code} buys), not {raw}", code=code, currency=currency, raw=raw))
        out[code] = rate
    return out


_SLUG = re.compile(r"^[a-z0-9][a-z0-9._+-]{0,99}$")


def parse_cloud_prices(rows: list[tuple[str, Any]], currency: str) -> dict[str, float]:
    """Cloud price rows (GPU slug, price per GPU-hour as typed, in the plan currency) ->
    {slug: price}. A blank price means "the catalog's" and is skipped. Raises
    SettingsInvalid naming the GPU."""
    out: dict[str, float] = {}
    for slug, text in rows:
        slug = (slug or "").strip()
        raw = "" if text is None else str(text).strip()
        if not raw:
            continue
        if not _SLUG.match(slug):
            raise SettingsInvalid("cloud_price_per_gpu_hour", tmsg("Cloud price per GPU-hour: {slug!r} is not a GPU slug of the "
                                                                 "catalog (e.g. h100-sxm)", slug=slug))
        try:
            v = _number(raw)
        except ValueError:
            raise SettingsInvalid("cloud_price_per_gpu_hour", tmsg("Cloud price per GPU-hour for {slug}: {raw!r} is not a "
                                                                 "number", slug=slug, raw=raw)) from None
        if not math.isfinite(v) or not 0 < v <= 10_000:
            raise SettingsInvalid("cloud_price_per_gpu_hour", tmsg("Cloud price per GPU-hour for {slug}: must be above 0 and "
                                                                 "up to {most:,} {currency}, not {raw}", slug=slug,
                                                                 most=10_000, currency=currency, raw=raw))
        out[slug] = v
    return out


# a requirement field -> what the user sees it called (messages name the field)
REQUIREMENT_LABELS = {
    "statement": N_("Request in the customer's words"), "budget": N_("Budget"), "currency": N_("Budget currency"),
    "max_rack_kw": N_("Power per rack at most"), "cooling": N_("Cooling allowed"), "max_racks": N_("Racks at most"),
    "floor_m2": N_("Floor area at most"), "vendors": N_("Server vendors"), "gpu_models": N_("GPU models"),
    "years": N_("Years of use (as asked)"),
}
_REQ_LIMITS = {"budget": (1e13, False), "max_rack_kw": (10_000.0, False), "max_racks": (100_000, True),
               "floor_m2": (1e8, False), "years": (50.0, False)}


def _names(raw: Any) -> list[str]:
    """"Dell, Supermicro" (commas or semicolons) or a list -> the names, blanks dropped."""
    items = raw if isinstance(raw, list | tuple) else re.split(r"[,;]", str(raw or ""))
    return [str(x).strip() for x in items if str(x).strip()]


def parse_requirements(raw: Any, plan_currency: str) -> Requirements | None:
    """The Requirements tab's fields (numbers as typed in the active language, lists as
    comma-separated text) -> ``Requirements``, or None when nothing is stated. Raises
    SettingsInvalid naming the field ("Requirements, budget: ..."); field = ``requirements``,
    kind = the requirement's field."""
    if raw is None or isinstance(raw, Requirements):
        return raw
    vals: dict[str, Any] = {}
    for key, (most, integer) in _REQ_LIMITS.items():
        text = raw.get(key)
        if text is None or (isinstance(text, str) and not text.strip()):
            continue
        label = _label(REQUIREMENT_LABELS, key)
        try:
            v = float(text) if isinstance(text, int | float) else parse_number(str(text), integer=integer)
        except ValueError as e:
            raise SettingsInvalid("requirements", tmsg("Requirements, {field}: {problem}", field=label,
                                                       problem=str(e)), key) from None
        if not math.isfinite(v) or not 0 < v <= most:
            raise SettingsInvalid("requirements", tmsg("Requirements, {field}: {v:g} is not above 0 and up to {most:,g}",
                                                       field=label, v=v, most=most), key)
        vals[key] = int(v) if integer else v
    cur = str(raw.get("currency") or plan_currency).strip().upper()
    if not _CODE.match(cur):
        raise SettingsInvalid("requirements", tmsg("Requirements, {field}: {code!r} is not a three-letter currency code "
                                                   "(ISO 4217, e.g. EUR)", field=_label(REQUIREMENT_LABELS, "currency"),
                                                   code=cur), "currency")
    cooling = [c for c in raw.get("cooling") or [] if c]
    bad = [c for c in cooling if c not in COOLING_OPTIONS]
    if bad:
        raise SettingsInvalid("requirements", tmsg("Requirements, {field}: unknown cooling {code!r}",
                                                   field=_label(REQUIREMENT_LABELS, "cooling"), code=bad[0]), "cooling")
    gpus = [g.lower() for g in _names(raw.get("gpu_models"))]
    for g in gpus:
        if not _SLUG.match(g):
            raise SettingsInvalid("requirements", tmsg("Requirements, {field}: {slug!r} is not a GPU slug of the catalog "
                                                       "(e.g. h100-sxm)", field=_label(REQUIREMENT_LABELS, "gpu_models"),
                                                       slug=g), "gpu_models")
    vendors = _names(raw.get("vendors"))
    statement = str(raw.get("statement") or "").strip()
    if not vals and not cooling and not gpus and not vendors and not statement:
        return None
    try:
        return Requirements(currency=cur, cooling=cooling, gpu_models=gpus, vendors=vendors, statement=statement,
                            **vals)
    except Exception as e:  # pydantic.ValidationError: lengths
        errs: list[Any] = getattr(e, "errors", lambda: [])()
        key = str(errs[0]["loc"][0]) if errs and errs[0].get("loc") else "statement"
        msg = validation_message(errs[0]) if errs else str(e)
        raise SettingsInvalid("requirements", tmsg("Requirements, {field}: {problem}",
                                                   field=_label(REQUIREMENT_LABELS, key), problem=msg), key) from None


def parse_date(text: str, months: bool = False) -> str:
    """A date as the user typed it -> ISO ``YYYY-MM-DD`` (``""`` for blank): the active
    language's form (German ``28.11.2026``, also ``28.11.26``; English as Babel's locale
    writes it) or ISO in either language; ``months``: ``YYYY-MM`` (German ``11.2026``) too,
    kept as ``YYYY-MM``. Raises ValueError for anything else (2026-02-30 too)."""
    from babel.dates import parse_date as babel_parse_date

    from planner.i18n import active_language, babel_locale

    t = (text or "").strip()
    if not t:
        return ""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        return dt.date.fromisoformat(t).isoformat()
    if months:
        m = re.fullmatch(r"(\d{4})-(\d{2})", t) or None
        if m and 1 <= int(m.group(2)) <= 12:
            return t
        m = re.fullmatch(r"(\d{1,2})[./](\d{4})", t) if active_language() == "de" else None
        if m and 1 <= int(m.group(1)) <= 12:
            return f"{m.group(2)}-{int(m.group(1)):02d}"
    # the language's own short form only: German 28.11.2026, English (US) 11/28/2026; the
    # other's is refused, not guessed (01.02.2026 is a different day in each)
    sep = "." if active_language() == "de" else "/"
    if not re.fullmatch(rf"\d{{1,2}}{re.escape(sep)}\d{{1,2}}{re.escape(sep)}(\d{{2}}|\d{{4}})", t):
        raise ValueError(t)
    day = babel_parse_date(t, locale=babel_locale(), format="short")
    if day.year < 100:
        day = day.replace(year=2000 + day.year)
    return day.isoformat()


def date_example() -> str:
    """A date as the active language writes it (28.11.2026 / 2026-11-28): the hint under a
    date field and in its error message."""
    from planner.i18n import format_date

    return format_date(dt.date(2026, 11, 28))


def date_text(iso: str) -> str:
    """A stored date (ISO ``YYYY-MM-DD`` or ``YYYY-MM``) as a date field shows it in the
    active language: German ``28.11.2026`` / ``11.2026``, English ISO."""
    from planner.i18n import format_date

    t = (iso or "").strip()
    return format_date(t) if t else ""


def _optional_number(field: str, raw: Any) -> float | None:
    """A blank-able energy figure (:data:`OPTIONAL_NUMBERS`): None for blank, else checked."""
    scale, lo, hi, what = OPTIONAL_NUMBERS[field]
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    try:
        v = float(raw) if isinstance(raw, int | float) else _number(str(raw).strip().rstrip("%").strip()) / scale
    except ValueError:
        raise SettingsInvalid(field, tmsg("{field}: {raw!r} is not a number", field=_label(FIELD_LABELS, field),
                                          raw=str(raw).strip())) from None
    if not math.isfinite(v) or not lo <= v <= hi:
        raise SettingsInvalid(field, tmsg("{field}: {v:g} is not {what} between {lo:g} and {hi:g}",
                                          field=_label(FIELD_LABELS, field), v=v * scale,
                                          what=_message(what, what, ()), lo=lo * scale, hi=hi * scale))
    return v


def _energy_values(values: dict[str, Any]) -> dict[str, Any]:
    """The Energy tab's fields checked: the site country (ISO 3166-1 alpha-2 or blank), the
    start of operation (a date or a month), the blank-able figures, the heat customer; a share
    and an amount of heat reuse together are refused."""
    out: dict[str, Any] = {}
    if "site_country" in values:
        code = str(values["site_country"] or "").strip().upper()
        if code and not re.fullmatch(r"[A-Z]{2}", code):
            raise SettingsInvalid("site_country", tmsg("Site country: {code!r} is not a two-letter country code "
                                                       "(ISO 3166-1, e.g. DE)", code=str(values["site_country"]).strip()))
        out["site_country"] = code
    if "operation_start" in values:
        date = str(values["operation_start"] or "").strip()
        try:
            out["operation_start"] = parse_date(date, months=True)
        except ValueError:
            raise SettingsInvalid("operation_start", tmsg("Start of operation: {date!r} is not a date or a month (e.g. "
                                                          "{example})", date=date, example=date_example())) from None
    for field in OPTIONAL_NUMBERS:
        if field in values:
            out[field] = _optional_number(field, values[field])
    if out.get("heat_reuse_share") is not None and out.get("heat_reuse_mwh_per_year") is not None:
        raise SettingsInvalid("heat_reuse_share", tmsg("Heat reuse: give either the share of the liquid-cooled heat or "
                                                       "the energy per year, not both"))
    if "heat_customer" in values:
        out["heat_customer"] = str(values["heat_customer"] or "").strip()
    return out


def check_values(plan: Plan, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` (the dialog's: 'site' and Metadata fields; 'exchange_rates' as table rows
    or a dict; 'naming' as {kind: pattern}, blank patterns dropped) checked and
    normalised. Raises SettingsInvalid for the first bad field."""
    out: dict[str, Any] = {}
    md = plan.metadata
    if "site" in values:
        site = str(values["site"]).strip()
        if not site:
            raise SettingsInvalid("site", tmsg("Site: give the site a name"))
        if len(site) > 200:
            raise SettingsInvalid("site", tmsg("Site: at most {n} characters", n=200))
        out["site"] = site
    currency = md.currency
    if "currency" in values:
        currency = str(values["currency"]).strip().upper()
        if not _CODE.match(currency):
            raise SettingsInvalid("currency", tmsg("Currency: {code!r} is not a three-letter currency code (ISO 4217, "
                                                 "e.g. EUR)", code=str(values["currency"]).strip()))
        out["currency"] = currency
    if "exchange_rates" in values:
        rates = values["exchange_rates"]
        rows = list(rates.items()) if isinstance(rates, dict) else list(rates)
        out["exchange_rates"] = parse_rates(rows, currency)
    if "exchange_rates_date" in values:
        date = str(values["exchange_rates_date"]).strip()
        try:
            iso = parse_date(date)
        except ValueError:
            raise SettingsInvalid("exchange_rates_date", tmsg("Rates as of: {date!r} is not a date (e.g. {example})",
                                                              date=date, example=date_example())) from None
        out["exchange_rates_date"] = iso
    if "years_of_use" in values:
        try:
            years = _number(values["years_of_use"])
        except ValueError:
            raise SettingsInvalid("years_of_use", tmsg("Years of use: {raw!r} is not a number",
                                                               raw=values["years_of_use"])) from None
        if not math.isfinite(years) or not 0 < years <= 50:
            raise SettingsInvalid("years_of_use", tmsg("Years of use: {years:g} is not a number of years above 0 and up to "
                                                     "50", years=years))
        out["years_of_use"] = years
    if "cloud_price_per_gpu_hour" in values:
        prices = values["cloud_price_per_gpu_hour"]
        rows = list(prices.items()) if isinstance(prices, dict) else list(prices)
        out["cloud_price_per_gpu_hour"] = parse_cloud_prices(rows, currency)
    for field, lo, hi, what in (("electricity_price_per_kwh", 0.0, 100.0, N_("a price per kWh")),
                                ("pue", 1.0, 5.0, N_("a PUE")), ("utilisation", 0.0, 1.0, N_("a share of the year")),
                                ("support_fraction_per_year", 0.0, 1.0, N_("a share of the capex")),
                                ("colocation_price_per_kw_month", 0.0, 100_000.0, N_("a price per kW and month"))):
        if field in values:
            try:
                v = _number(values[field])
            except ValueError:
                raise SettingsInvalid(field, tmsg("{field}: {raw!r} is not a number", field=_label(FIELD_LABELS, field),
                                                 raw=values[field])) from None
            if not math.isfinite(v) or not lo <= v <= hi:
                raise SettingsInvalid(field, tmsg("{field}: {v:g} is not {what} between {lo:g} and {hi:g}",
                                                 field=_label(FIELD_LABELS, field), v=v,
                                                 what=_message(what, what, ()), lo=lo, hi=hi))
            out[field] = v
    if "naming" in values:
        naming: dict[str, str] = {}
        for kind, pattern in values["naming"].items():
            pattern = (pattern or "").strip()
            if not pattern:
                continue
            if kind not in NAMING_KINDS:
                raise SettingsInvalid("naming", tmsg("Name patterns: unknown kind {kind!r}", kind=kind), kind)
            reason = pattern_error(pattern)
            if reason is not None:
                raise SettingsInvalid("naming", tmsg("Name pattern for {kind}: {reason}",
                                                        kind=_label(KIND_LABELS, kind), reason=reason), kind)
            naming[kind] = pattern
        out["naming"] = naming
    if "requirements" in values:
        out["requirements"] = parse_requirements(values["requirements"], currency)
    for field in ("customer", "project", "author", "revision", "notes", "internal_notes"):
        if field in values:
            out[field] = str(values[field]).strip()
    if "site_region" in values:  # "eu" or "na": the PDUs, feeds and derating of generation (planner.model.regions)
        region = str(values["site_region"] or "").strip().lower()
        if region not in SITE_REGIONS:
            raise SettingsInvalid("site_region", tmsg("Site region: {value!r} is not a region (eu or na)",
                                                     value=values["site_region"]))
        out["site_region"] = region
    out.update(_energy_values(values))
    if "logo" in values:  # a Logo, None (no logo) or the path of an image file to embed
        logo = values["logo"]
        if logo is not None and not isinstance(logo, Logo):
            try:
                logo = read_logo(str(logo))
            except LogoError as e:
                raise SettingsInvalid("logo", tmsg("Cover logo: {error}", error=str(e))) from None
        out["logo"] = logo
    # whatever the model checks beyond the above (lengths), with the field's name
    meta = {k: v for k, v in out.items() if k != "site"}
    try:
        Metadata.model_validate({**md.model_dump(), **meta})
    except Exception as e:  # pydantic.ValidationError
        errs: list[Any] = getattr(e, "errors", lambda: [])()
        loc = errs[0]["loc"][0] if errs and errs[0].get("loc") else "notes"
        msg = validation_message(errs[0]) if errs else str(e)
        raise SettingsInvalid(str(loc), tmsg("{field}: {problem}", field=_label(FIELD_LABELS, str(loc)),
                                             problem=msg)) from None
    return out


def plan_settings_edit(plan: Plan, values: dict[str, Any]) -> Compound | None:
    """One undo step setting what changed among ``values`` (see :func:`check_values`), or
    None when nothing did. Raises SettingsInvalid, and then nothing is applied."""
    new = check_values(plan, values)
    edits: list[Edit] = []
    if "site" in new and new["site"] != plan.site.name:
        edits.append(SetProperty("site", None, "name", new["site"]))
    md = plan.metadata
    changed = [f for f in Metadata.model_fields if f in new and new[f] != getattr(md, f)]
    # what becomes blank first: a heat reuse share replaced by an amount (or back) is never both at once
    for field in sorted(changed, key=lambda f: new[f] is not None):
        edits.append(SetProperty("metadata", None, field, new[field]))
    if not edits:
        return None
    return Compound(edits, deferred(N_("Change plan settings")))


def price_override_edit(plan: Plan, slug: str, amount: str | float | None = None, currency: str | None = None, date: str = "",
                        source: str = "", note: str = "") -> SetProperty | None:
    """"Price for this plan": one undo step setting (or, with ``amount`` None or blank,
    removing) the per-plan price of a catalog item (``metadata.price_overrides[slug]``).
    ``currency`` defaults to the plan's. None when nothing changes. Raises SettingsInvalid
    naming the field (``amount``, ``currency``, ``date``, ``source``, ``note``)."""
    md = plan.metadata
    current = dict(md.price_overrides)
    label = deferred(N_("Price for this plan ({slug})"), slug=slug)
    if amount is None or (isinstance(amount, str) and not amount.strip()):
        if slug not in current:
            return None
        del current[slug]
        edit = SetProperty("metadata", None, "price_overrides", current)
        edit.text = deferred(N_("Remove price for this plan ({slug})"), slug=slug)
        return edit
    try:  # as the language writes it: German 250.000 is 250000, not 250
        value = float(amount) if isinstance(amount, int | float) else float(parse_number(str(amount)))
    except ValueError:
        raise SettingsInvalid("amount", tmsg("Price: {raw!r} is not a number", raw=str(amount).strip())) from None
    if not math.isfinite(value) or not 0 <= value <= 1e12:
        raise SettingsInvalid("amount", tmsg("Price: {raw} is not a price between 0 and {most:,}", raw=amount,
                                                   most=10**12))
    cur = (currency or md.currency).strip().upper()
    if not _CODE.match(cur):
        raise SettingsInvalid("currency", tmsg("Currency: {code!r} is not a three-letter currency code (ISO 4217, "
                                                 "e.g. EUR)", code=str(currency).strip()))
    typed = (date or "").strip()
    try:
        date = parse_date(typed, months=True)
    except ValueError:
        raise SettingsInvalid("date", tmsg("Date: {date!r} is not a date (e.g. {example}, or a month)", date=typed,
                                           example=date_example())) from None
    source, note = (source or "").strip(), (note or "").strip()
    if len(source) > 200:
        raise SettingsInvalid("source", tmsg("Source: at most {n} characters", n=200))
    if len(note) > 2000:
        raise SettingsInvalid("note", tmsg("Note: at most {n:,} characters", n=2000))
    new = PriceOverride(amount=value, currency=cur, date=date, source=source, note=note)
    if current.get(slug) == new:
        return None
    current[slug] = new
    edit = SetProperty("metadata", None, "price_overrides", current)
    edit.text = label
    return edit
