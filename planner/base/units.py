"""Unit constants and conversions. Internally everything is SI with the unit in the name;
convert only at the edges (display, import, export). Sources are in docs/engine.md."""

from __future__ import annotations

from typing import Any

U_MM = 44.45  # EIA-310: 1U = 1.75 in = 44.45 mm
INCH_MM = 25.4
LB_KG = 0.45359237
FOOT_M = 0.3048  # exact: 12 in (international foot, 1959)
US_GALLON_L = 3.785411784  # exact: 231 in^3 (NIST Handbook 44, appendix C)
W_TO_BTU_PER_H = 3.412141633  # 1 W = 3.412 BTU/h (Schneider Electric WP25; NIST: 1 BTU_IT/h = 0.29307107 W)
TON_REFRIGERATION_W = 3516.852842  # 12,000 BTU/h
CFM_TO_M3_PER_H = 1.6990107955  # 1 ft3/min = 0.028316846592 m3/min x 60 (exact foot)
WEIGHT_TO_KG = {"kg": 1.0, "g": 1e-3, "lb": LB_KG, "oz": LB_KG / 16.0}
LENGTH_TO_MM = {"mm": 1.0, "in": INCH_MM}


def kg_from(value: float, unit: str) -> float:
    unit = unit.lower()
    if unit not in WEIGHT_TO_KG:
        raise ValueError(f"unknown weight unit {unit!r} (expected one of {', '.join(WEIGHT_TO_KG)})")
    return value * WEIGHT_TO_KG[unit]


def mm_from(value: float, unit: str) -> float:
    unit = unit.lower()
    if unit not in LENGTH_TO_MM:
        raise ValueError(f"unknown length unit {unit!r} (expected mm or in)")
    return value * LENGTH_TO_MM[unit]


def btu_per_h(power_w: float) -> float:
    return power_w * W_TO_BTU_PER_H


def tons(power_w: float) -> float:
    return power_w / TON_REFRIGERATION_W


def cfm_from_m3_per_h(v: float) -> float:
    return v / CFM_TO_M3_PER_H


def m3_per_h_from_cfm(v: float) -> float:
    return v * CFM_TO_M3_PER_H


# ------------------------------------------------------------------- numbers typed by people
# Reading them is planner.i18n.parse_number's job (the one parser: the CLI, the app, the
# price import); format_number below writes the short form it reads back.


def format_number(v: Any) -> str:
    """Short text that planner.i18n.parse_number reads back: 2e9 -> '2B', 4194304 -> '4194304'."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return str(v)
    f = float(v)
    for suf, m in (("T", 1e12), ("B", 1e9), ("M", 1e6)):
        if abs(f) >= m and round(f / m, 3) * m == f:
            return f"{f / m:g}{suf}"
    if f == int(f) and abs(f) < 1e15:
        return str(int(f))
    return f"{f:g}"
