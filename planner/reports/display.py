"""Display units of the report: metric (default) or imperial. The plan and the
engine's results stay SI; values are converted here, at the edge, with the constants
of :mod:`planner.base.units`. Power stays in kW in both systems (the unit datacenter
power is specified in everywhere); heat is also shown in BTU/h (and tons) in imperial
only: metric shows kW, m³/h, L/min, kg and m, never CFM, BTU/h or tons.

Numbers are written in the active language's form (:mod:`planner.i18n`: ``1.356.256``
in German, ``1,356,256`` in English); the report sets the language for its build."""

from __future__ import annotations

from dataclasses import dataclass

from planner.base.units import CFM_TO_M3_PER_H, FOOT_M, LB_KG, US_GALLON_L, W_TO_BTU_PER_H
from planner.i18n import format_money, format_number


def _n(v: float, digits: int) -> str:
    return format_number(v, None, digits)


def num(v: float | int | None, digits: int | None = None) -> str:
    """A number in the active language (grouped thousands); ``digits`` None: as many as it
    needs (up to 3), like ``:g``."""
    if v is None:
        return "\u2013"
    return format_number(v, None, digits)


@dataclass(frozen=True)
class Units:
    imperial: bool = False

    # -- labels
    @property
    def mass_unit(self) -> str:
        return "lb" if self.imperial else "kg"

    @property
    def length_unit(self) -> str:
        return "ft" if self.imperial else "m"

    @property
    def airflow_unit(self) -> str:
        return "CFM" if self.imperial else "m\u00b3/h"

    @property
    def flow_unit(self) -> str:
        return "gpm" if self.imperial else "L/min"

    @property
    def area_unit(self) -> str:
        return "ft\u00b2" if self.imperial else "m\u00b2"

    # -- values (numbers only, for table cells under a unit header)
    def mass(self, kg: float | None, digits: int = 0) -> str:
        if kg is None:
            return "\u2013"
        return _n(kg / LB_KG if self.imperial else kg, digits)

    def length(self, m: float | None, digits: int = 1) -> str:
        if m is None:
            return "\u2013"
        return _n(m / FOOT_M if self.imperial else m, digits)

    def airflow(self, cfm: float) -> str:
        return _n(cfm if self.imperial else cfm * CFM_TO_M3_PER_H, 0)

    def flow(self, l_per_min: float | None) -> str:
        if l_per_min is None:
            return "\u2013"
        return _n(l_per_min / US_GALLON_L if self.imperial else l_per_min, 1)

    def area(self, m2: float) -> str:
        return _n(m2 / FOOT_M**2 if self.imperial else m2, 1)

    # -- values with their unit
    def mass_u(self, kg: float | None, digits: int = 0) -> str:
        return f"{self.mass(kg, digits)} {self.mass_unit}" if kg is not None else "\u2013"

    def length_u(self, m: float | None, digits: int = 1) -> str:
        return f"{self.length(m, digits)} {self.length_unit}" if m is not None else "\u2013"

    def airflow_u(self, cfm: float) -> str:
        return f"{self.airflow(cfm)} {self.airflow_unit}"

    def flow_u(self, l_per_min: float | None) -> str:
        return f"{self.flow(l_per_min)} {self.flow_unit}" if l_per_min is not None else "\u2013"

    def heat_u(self, w: float) -> str:
        kw = f"{_n(w / 1000, 1)} kW"
        return f"{kw} ({_n(w * W_TO_BTU_PER_H, 0)} BTU/h)" if self.imperial else kw


def kw(w: float | None, digits: int = 1) -> str:
    return "\u2013" if w is None else _n(w / 1000, digits)


def money(v: float | None, currency: str = "") -> str:
    if v is None:
        return "\u2013"
    return format_money(v, currency) if currency else _n(v, 0)


def pct(v: float | None, digits: int = 0) -> str:
    return "\u2013" if v is None else f"{_n(v * 100, digits)} %"
