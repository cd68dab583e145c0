"""Engine thresholds and assumptions. Every default cites its rationale; change them per
project or jurisdiction (``EngineSettings(continuous_derating=1.0)`` for IEC markets that
rate breakers for 100 % continuous load). Values are validated, never clamped."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from planner.i18n import N_

Frac = Annotated[float, Field(gt=0, le=1)]
PosF = Annotated[float, Field(gt=0)]
NonNegF = Annotated[float, Field(ge=0)]


class EngineSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # -- power
    continuous_derating: Frac = Field(
        0.8, description=N_("Continuous load <= this fraction of the breaker rating (NEC 210.19(A)/210.20(A): 80 %; "
                         "use 1.0 for assemblies listed for 100 % or IEC practice). A feed may override it."))
    load_basis: Literal["max", "typical"] = Field(
        "max", description=N_("Which device draw the capacity checks use; 'max' is the worst case the system "
                           "really pulls (not the PSU nameplate)."))
    power_factor: Frac = Field(0.95, description=N_("PF for PDUs without a feed (modern server PSUs: >0.95 at load, "
                                                 "80 PLUS Titanium/Platinum)."))
    feed_warn_fraction: Frac = Field(0.9, description=N_("Warn when a feed or PDU phase is above this fraction of "
                                                      "its derated capacity."))
    phase_imbalance_warn_percent: PosF = Field(
        20.0, description=N_("Warn above this phase current imbalance on a three-phase PDU (max deviation from the "
                          "mean). Vendors (e.g. Raritan, APC) recommend keeping phases within ~10-20 %."))
    phase_imbalance_min_load: Frac = Field(
        0.5, description=N_("Check a three-phase PDU's phase imbalance only when its worst-case phase (after a feed "
                         "side fails) carries at least this share of its derated current: below it the imbalance "
                         "strands no capacity (one switch cord on one phase of a 32 A PDU is 170 % imbalanced "
                         "and harmless)."))
    default_cords: Annotated[int, Field(ge=1, le=16)] = Field(
        2, description=N_("Power cords assumed for a device whose catalog entry gives neither PSU count nor power "
                       "ports."))
    # -- cooling (per-rack limits by method, kW)
    air_limit_kw: PosF = Field(25.0, description=N_("Practical limit of a plainly air-cooled rack (~20-25 kW; "
                                                 "ASHRAE TC9.9 datacom series, Uptime Institute surveys)."))
    air_containment_limit_kw: PosF = Field(
        40.0, description=N_("Air with hot/cold-aisle containment (~40 kW; NVIDIA's air-cooled DGX H100 reference "
                          "rack holds 4 systems at 40.8 kW)."))
    rdhx_default_kw: PosF = Field(35.0, description=N_("Rear-door HX without a catalog unit: passive doors carry "
                                                    "~10-35 kW."))
    direct_liquid_limit_kw: PosF = Field(
        140.0, description=N_("Rack limit with direct-to-chip liquid cooling (DLC racks 50-140 kW; GB200 NVL72 "
                           "~120-132 kW)."))
    immersion_default_kw: PosF = Field(100.0, description=N_("Immersion tank without a catalog unit (>=100 kW)."))
    residual_air_limit_kw: PosF = Field(
        40.0, description=N_("Heat a liquid-cooled rack may still reject to room air (containment-class air)."))
    cooling_warn_fraction: Frac = Field(0.9, description=N_("Warn above this fraction of a cooling capacity."))
    air_delta_t_k: PosF = Field(11.0, description=N_("Server air temperature rise used for airflow (20-30 degF = "
                                                  "11-17 K typical; the low end is conservative)."))
    loop_margin: Annotated[float, Field(ge=1.0, le=2.0)] = Field(
        1.1, description=N_("CDU sizing margin: liquid heat x margin <= CDU capacity (engineering notes)."))
    # -- space and weight
    cable_length_default_m: PosF = Field(3.0, description=N_("Cable length assumed for cable mass when a link has "
                                                          "none."))
    # -- balance (per GPU)
    min_cpu_cores_per_gpu: NonNegF = Field(
        8.0, description=N_("NVIDIA DGX H100 ships 112 cores for 8 GPUs (14/GPU); data loading and "
                         "pre-processing starve GPUs below ~8."))
    min_ram_to_gpu_memory: NonNegF = Field(
        1.5, description=N_("System RAM / GPU memory. NVIDIA reference systems: DGX H100 2 TB for 640 GB HBM (3.2x); "
                         "NVIDIA-Certified Systems guidance is >= 1.5-2x so pinned host buffers fit."))
    min_compute_gbps_per_gpu: NonNegF = Field(
        200.0, description=N_("Compute-fabric bandwidth per GPU. DGX SuperPOD: one 400 Gb/s NIC per GPU; below half "
                           "of it, all-reduce traffic starves the GPUs."))
    min_storage_gb_per_s_per_gpu: NonNegF = Field(
        0.5, description=N_("Storage read throughput per GPU. DGX SuperPOD storage guidance: ~4 GB/s per 8-GPU "
                         "node for standard training (much more for checkpoint-heavy/multimodal work)."))
    # -- workloads
    workload_margin_warn: NonNegF = Field(
        0.1, description=N_("Warn when a workload target without a validated error band (storage) is met by less "
                         "than this margin (achieved/required - 1). Training and inference targets are judged "
                         "against their figure's error band (docs/validation.md)."))
    # -- stranded capacity
    stranded_min_power_kw: NonNegF = Field(
        5.0, description=N_("Power/cooling headroom considered stranded when the rack has no room left to use it."))


DEFAULT_SETTINGS = EngineSettings()
