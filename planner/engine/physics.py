"""Engineering formulas of the engine, each with its source (details in docs/engine.md).

Pure functions over SI floats. Nothing here knows about plans or catalogs, so each
formula can be pinned by a test to a published figure.
"""

from __future__ import annotations

import math

from planner.base.units import CFM_TO_M3_PER_H, TON_REFRIGERATION_W, W_TO_BTU_PER_H

SQRT3 = math.sqrt(3.0)

# -- heat (Schneider Electric white paper 25: all IT power becomes heat) -------------


def btu_per_h(power_w: float) -> float:
    """1 W = 3.412 BTU/h (Schneider Electric WP25; NIST SP 811 1 BTU_IT/h = 0.29307107 W)."""
    return power_w * W_TO_BTU_PER_H


def refrigeration_tons(power_w: float) -> float:
    """1 ton of refrigeration = 12,000 BTU/h = 3.517 kW (Schneider Electric WP25)."""
    return power_w / TON_REFRIGERATION_W


# -- air --------------------------------------------------------------------------------

# Sensible heat of standard air: q[BTU/h] = 1.08 x CFM x dT[degF]
# (1.08 = 60 min/h x 0.075 lb/ft3 x 0.24 BTU/(lb degF); ASHRAE Fundamentals, sea-level air).
AIR_SENSIBLE_BTU_PER_H_CFM_F = 1.08
AIR_DENSITY_KG_PER_M3 = 1.2  # dry air at 20 degC, 101.325 kPa
AIR_CP_J_PER_KG_K = 1006.0


def airflow_cfm(heat_w: float, delta_t_k: float) -> float:
    """Airflow needed to carry ``heat_w`` away at a given air temperature rise.

    CFM = W x 3.412 / (1.08 x dT[degF]) = 3.16 x W / dT[degF]
    (Schneider Electric WP25 / ASHRAE sensible-heat equation)."""
    if delta_t_k <= 0:
        raise ValueError("delta-T must be positive")
    return btu_per_h(heat_w) / (AIR_SENSIBLE_BTU_PER_H_CFM_F * delta_t_k * 1.8)


def airflow_m3_per_h(heat_w: float, delta_t_k: float) -> float:
    return airflow_cfm(heat_w, delta_t_k) * CFM_TO_M3_PER_H


# -- liquid -------------------------------------------------------------------------------

# Coolant properties near 30 degC (typical secondary-loop return).
# Water: 995.7 kg/m3, cp 4.178 kJ/(kg K) (NIST Chemistry WebBook, saturated water, 30 degC).
# PG25 (25 % propylene glycol by mass): ~1020 kg/m3, cp ~3.93 kJ/(kg K) at 30 degC
# (ASHRAE Handbook Fundamentals 2021, ch. 31 "Physical properties of secondary coolants";
# Dow "Dowfrost" propylene glycol property tables agree within 1 %).
COOLANTS: dict[str, tuple[float, float]] = {
    # name: (density kg/L, specific heat kJ/(kg K))
    "water": (0.9957, 4.178),
    "pg25": (1.020, 3.93),
}


def liquid_flow_l_per_min(heat_w: float, delta_t_k: float, coolant: str = "water") -> float:
    """Coolant flow to carry ``heat_w`` at a supply/return difference of ``delta_t_k``.

    Q[L/min] = P[kW] x 60 / (rho[kg/L] x cp[kJ/(kg K)] x dT[K]);
    water ~ 14.4 x kW / dT, PG25 ~ 15.0 x kW / dT."""
    if delta_t_k <= 0:
        raise ValueError("delta-T must be positive")
    rho, cp = COOLANTS[coolant]
    return heat_w / 1000.0 * 60.0 / (rho * cp * delta_t_k)


# -- electrical ----------------------------------------------------------------------------


def feed_capacity_w(voltage_v: float, breaker_a: float, phases: int, power_factor: float,
                    derating: float) -> float:
    """Real power a circuit may carry continuously.

    Single phase P = V x I x PF; three phase P = sqrt(3) x V_LL x I x PF; times the
    continuous-load factor (NEC 210.19(A)/210.20(A): continuous load <= 80 % of the
    breaker rating unless the assembly is listed for 100 %)."""
    s = voltage_v * breaker_a * (SQRT3 if phases == 3 else 1.0)
    return s * power_factor * derating


def wye_phase_currents(phase_w: tuple[float, float, float], v_ll: float, power_factor: float
                       ) -> tuple[float, float, float]:
    """Wye: I_phase = P_phase / (V_LN x PF), V_LN = V_LL / sqrt(3)."""
    v_ln = v_ll / SQRT3
    return tuple(p / (v_ln * power_factor) for p in phase_w)  # type: ignore[return-value]


def wye_neutral_current(ia: float, ib: float, ic: float) -> float:
    """Neutral current of a wye load with equal power factors on all phases:
    I_N = sqrt(Ia^2 + Ib^2 + Ic^2 - Ia Ib - Ib Ic - Ic Ia) (phasors 120 degrees apart)."""
    v = ia * ia + ib * ib + ic * ic - ia * ib - ib * ic - ic * ia
    return math.sqrt(max(v, 0.0))


def delta_line_currents(branch_w: tuple[float, float, float], v_ll: float, power_factor: float
                        ) -> tuple[float, float, float]:
    """Delta: outlets sit across line pairs (AB, BC, CA). Branch currents
    I_xy = P_xy / (V_LL x PF); line currents by phasor sum
    I_A = I_AB - I_CA, I_B = I_BC - I_AB, I_C = I_CA - I_BC, with the branch phasors at
    30, -90 and 150 degrees (positive sequence). Balanced: I_line = sqrt(3) x I_branch."""
    i_ab, i_bc, i_ca = (p / (v_ll * power_factor) for p in branch_w)
    ph = {
        "ab": complex(math.cos(math.radians(30)), math.sin(math.radians(30))) * i_ab,
        "bc": complex(math.cos(math.radians(-90)), math.sin(math.radians(-90))) * i_bc,
        "ca": complex(math.cos(math.radians(150)), math.sin(math.radians(150))) * i_ca,
    }
    return abs(ph["ab"] - ph["ca"]), abs(ph["bc"] - ph["ab"]), abs(ph["ca"] - ph["bc"])


def single_phase_current(power_w: float, voltage_v: float, power_factor: float) -> float:
    return power_w / (voltage_v * power_factor)


def imbalance_percent(currents: tuple[float, ...]) -> float:
    """Maximum deviation from the average, in % of the average (NEMA MG 1 definition of
    unbalance, applied to currents). 0 when there is no load. Rounded to 1e-9 %: four equal
    cords and three and three are 20 % apart, not 20.000000000000018 % (the float noise of
    amperes from watts put it above a 20 % warning limit in one computation and not in the
    other: the generator's phase loads in W and the engine's currents in A)."""
    avg = sum(currents) / len(currents)
    if avg <= 0:
        return 0.0
    return round(max(abs(i - avg) for i in currents) / avg * 100.0, 9)


def annual_energy_kwh(power_w: float, hours: float = 8760.0) -> float:
    return power_w / 1000.0 * hours
