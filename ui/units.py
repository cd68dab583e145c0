"""Display units (metric or imperial). The plan stays SI; these helpers convert at the
edge only, with the constants of :mod:`planner.units`."""

from __future__ import annotations

from collections.abc import Callable

from planner.units import INCH_MM, LB_KG

FOOT_M = 12 * INCH_MM / 1000.0

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
    return _ident, _ident, ""


def fmt_mass(kg: float) -> str:
    to, _, suffix = converters("mass_kg")
    return f"{to(kg):,.0f} {suffix}" if to(kg) >= 100 else f"{to(kg):.1f} {suffix}"


def fmt_length_mm(mm: float) -> str:
    to, _, suffix = converters("length_mm")
    return f"{to(mm):.0f} {suffix}" if suffix == "mm" else f"{to(mm):.1f} {suffix}"


def fmt_length_m(m: float) -> str:
    to, _, suffix = converters("length_m")
    return f"{to(m):.2f} {suffix}"
