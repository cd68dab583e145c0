"""Display units (metric or imperial). The plan stays SI; these helpers convert at the
edge only, with the constants of :mod:`planner.base.units`."""

from __future__ import annotations

import math
from collections.abc import Callable

from planner.base.units import FOOT_M, INCH_MM, LB_KG

_current = "metric"


def current() -> str:
    return _current


def set_current(system: str) -> None:
    global _current
    if system not in ("metric", "imperial"):
        raise ValueError(f"unknown unit system {system!r}")
    _current = system


def _ident(v: float) -> float:
    return v


def converters(quantity: str | None, system: str | None = None) -> tuple[Callable[[float], float],
                                                                         Callable[[float], float], str]:
    """(SI -> display, display -> SI, suffix) for a quantity."""
    system = system or _current
    if quantity == "length_m":
        if system == "imperial":
            return (lambda m: m / FOOT_M), (lambda ft: ft * FOOT_M), "ft"
        return _ident, _ident, "m"
    if quantity == "length_mm":
        if system == "imperial":
            return (lambda mm: mm / INCH_MM), (lambda i: i * INCH_MM), "in"
        return _ident, _ident, "mm"
    if quantity == "mass_kg":
        if system == "imperial":
            return (lambda kg: kg / LB_KG), (lambda lb: lb * LB_KG), "lb"
        return _ident, _ident, "kg"
    if quantity == "load_kg_per_m2":  # floor load: kg/m2 -> lb/ft2 = kg / LB_KG * FOOT_M^2
        if system == "imperial":
            k = FOOT_M * FOOT_M / LB_KG
            return (lambda kgm2: kgm2 * k), (lambda lbft2: lbft2 / k), "lb/ft\u00b2"
        return _ident, _ident, "kg/m\u00b2"
    return _ident, _ident, ""


def fmt_mass(kg: float) -> str:
    to, _, suffix = converters("mass_kg")
    return f"{fnum(to(kg), ',.0f')} {suffix}" if to(kg) >= 100 else f"{fnum(to(kg), '.1f')} {suffix}"


def fmt_length_mm(mm: float) -> str:
    to, _, suffix = converters("length_mm")
    return f"{fnum(to(mm), '.0f')} {suffix}" if suffix == "mm" else f"{fnum(to(mm), '.1f')} {suffix}"


def fmt_length_m(m: float) -> str:
    to, _, suffix = converters("length_m")
    return f"{fnum(to(m), '.2f')} {suffix}"


def fmt_span_m(m: float, system: str | None = None) -> str:
    """A drawn dimension (room size, tile): metric as given ('12.5 m'); imperial in feet
    and whole inches ('41 ft 0 in' -> '41 ft', '32 ft 10 in'), under 3 ft in inches."""
    system = system or _current
    if system != "imperial":
        return f"{fnum(m, 'g')} m"
    inches = m * 1000.0 / INCH_MM
    if inches < 36:
        return f"{inches:.1f} in".replace(".0 in", " in")
    total = round(inches)
    ft, inch = divmod(total, 12)
    return f"{ft} ft" if inch == 0 else f"{ft} ft {inch} in"


def scale_bar(target_m: float, system: str | None = None) -> tuple[float, str]:
    """A round length for a scale bar near ``target_m`` (at least 0.7 of it) in the
    display units: (its length in metres, its label). 1-2-5 steps of metres or feet;
    centimetres or inches below one of those."""
    system = system or _current
    if system == "imperial":
        ft = target_m / FOOT_M
        if ft >= 1.0:
            mag = 10 ** math.floor(math.log10(ft))
            n = next(k * mag for k in (1, 2, 5, 10) if k * mag >= ft * 0.7)
            return n * FOOT_M, f"{n:g} ft"
        inch = target_m * 1000.0 / INCH_MM
        n = next((k for k in (1, 2, 3, 6, 12) if k >= inch * 0.7), 12)
        return n * INCH_MM / 1000.0, f"{n:g} in"
    mag = 10 ** math.floor(math.log10(target_m))
    length = next(k * mag for k in (1, 2, 5, 10) if k * mag >= target_m * 0.7)
    return length, (f"{length:g} m" if length >= 1 else f"{length * 100:g} cm")


# -- numbers in the app's language (ui.i18n.install picks it; planner.i18n formats) --------

def _lang() -> str:
    from ui import i18n

    return i18n.current()


def fnum(value: float | int, spec: str = ",.0f") -> str:
    """``value`` formatted with the Python format ``spec`` ('',.1f', '.0f', ',') in the app's
    language: German ``1.356.256`` / ``1,30``, English ``1,356,256`` / ``1.30``."""
    from planner import i18n as pi18n

    return pi18n.format_field(value, spec, _lang())


def fmt_int(n: float) -> str:
    return fnum(int(round(n)), ",")


def fmt_money(amount: float, currency: str) -> str:
    """``1.356.256 €`` (German), ``€1,356,256`` (English): planner.i18n.format_money."""
    from planner import i18n as pi18n

    return pi18n.format_money(amount, currency, _lang())


def lformat(template: str, **fields: object) -> str:
    """``template.format(**fields)`` with numeric fields (``{x:.1f}``) in the app's language."""
    from planner import i18n as pi18n

    return pi18n.format_template(template, _lang(), **fields)


def parse_number(text: str, integer: bool = False) -> float | int:
    """A typed number in the app's language (German ``1,5`` = 1.5, ``2.000`` = 2000);
    ``ValueError`` with a message for the field (ambiguous entries are refused)."""
    from planner import i18n as pi18n

    return pi18n.parse_number(text, _lang(), integer=integer)


# a large count's abbreviation in a German field (CLDR's, as planner.i18n.format_count writes
# it short): "2B" would read as 2 Billionen (10^12) to a German reader
_DE_SUFFIX = {"M": " Mio.", "B": " Mrd.", "T": " Bio."}


def format_entry(v: object) -> str:
    """A value for an input field, in a form :func:`parse_number` reads back in the app's
    language: ``2e9`` -> ``2B`` (German ``2 Mrd.``), ``1e12`` -> ``1T`` (German ``1 Bio.``),
    ``1.5`` -> ``1,5`` (German); a decimal with exactly three places gets a fourth
    (``1,1250``) so it cannot be mistaken for thousands."""
    import re

    from planner.base.units import format_number

    text = format_number(v)
    if not isinstance(v, int | float) or isinstance(v, bool):
        return text
    m = re.fullmatch(r"(-?)(\d+)(?:\.(\d+))?([MBT]?)", text)
    if m is None:
        return text
    sign, whole, frac, suf = m.groups()
    german = _lang() == "de"
    if german:
        suf = _DE_SUFFIX.get(suf, suf)
    if frac is None:
        return f"{sign}{whole}{suf}"
    if len(frac) == 3 and 1 <= len(whole) <= 3 and whole[0] != "0":
        frac += "0"
    return f"{sign}{whole}{',' if german else '.'}{frac}{suf}"
