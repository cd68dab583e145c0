"""Findings: the engine's design-rule-check output.

Every code the engine can emit is listed in :data:`CODES` with its severity and a
one-line meaning; docs/engine.md lists the same table (a test keeps them in step).
"""

from __future__ import annotations

from typing import Any

from planner.base.findings import SEVERITY_RANK, Finding, Severity, finding_message

__all__ = ["CODES", "SEVERITY_RANK", "Finding", "Severity", "make"]


CODES: dict[str, tuple[Severity, str]] = {
    # hardware
    "UNKNOWN_DEVICE": ("error", "A placement's device slug is not in the catalog."),
    "UNKNOWN_RACK_TYPE": ("error", "A rack's type is not in the catalog (48U/600x1200 assumed for space)."),
    "UNKNOWN_GPU": ("warning", "A server's GPU model is not in the GPU table; its compute figures are missing."),
    "UNKNOWN_NIC": ("warning", "A device's NIC model is not in the NIC table."),
    "NO_POWER_DATA": ("warning", "A device type gives no power figures; it counts as 0 W."),
    "NO_MASS_DATA": ("info", "A device or rack type gives no weight; it counts as 0 kg."),
    # placement
    "PLACEMENT_OVERLAP": ("error", "Two devices occupy the same U on the same face."),
    "PLACEMENT_OUT_OF_RACK": ("error", "A device extends above the rack's top U or has no valid position."),
    # power
    "POWER_CORDS_SPREAD": ("info", "Devices without explicit power connections: their cords were spread over "
                                    "the rack's PDUs."),
    "POWER_NO_PDU": ("error", "A rack has powered devices but no PDU to plug them into."),
    "POWER_UNKNOWN_PDU": ("error", "A power connection names a placement that is not a PDU."),
    "POWER_OUTLET_INVALID": ("error", "A power connection uses an outlet number the PDU does not have."),
    "POWER_OUTLET_CONFLICT": ("error", "Two cords are plugged into the same PDU outlet."),
    "POWER_OUTLETS_EXHAUSTED": ("error", "More cords than free outlets on the rack's PDUs."),
    "POWER_SINGLE_CORDED": ("warning", "A device in a redundant (A/B) rack is fed from one side only."),
    "PSU_OVERLOAD": ("warning", "Device maximum draw exceeds its PSUs' rating with the redundant PSU(s) lost."),
    "BUSBAR_OVERLOAD": ("error", "A rack's busbar load exceeds the output of its power shelves (with their "
                                 "redundant PSUs lost)."),
    "BUSBAR_FAILOVER_OVERLOAD": ("error", "The power shelves left when a feed side fails cannot carry the rack's "
                                          "busbar load."),
    "BUSBAR_HIGH": ("warning", "A rack's busbar load is above the warning fraction of its power shelves' output."),
    "PDU_NO_FEED": ("warning", "A PDU hangs on no power feed; feed checks cannot include it."),
    "POWER_UNFED_LOAD": ("warning", "Part of a rack's load is corded to a PDU on no power feed: no feed carries "
                                    "it and the rack's capacity leaves that PDU out."),
    "PDU_PHASE_OVERLOAD": ("error", "A PDU phase current exceeds the derated rating in normal operation."),
    "PDU_FAILOVER_OVERLOAD": ("error", "A PDU phase current exceeds the derated rating when another feed side "
                                       "fails."),
    "PDU_PHASE_HIGH": ("warning", "A PDU phase is above the warning fraction of its derated rating."),
    "PDU_PHASE_IMBALANCE": ("warning", "Phase currents of a three-phase PDU differ by more than the threshold."),
    "POWER_FEED_OVERLOAD": ("error", "A feed's load exceeds its derated capacity in normal operation."),
    "POWER_FEED_FAILOVER_OVERLOAD": ("error", "A feed cannot carry its load when another side fails (2N/N+1)."),
    "POWER_FEED_HIGH": ("warning", "A feed's failover load is above the warning fraction of its capacity."),
    "POWER_FEED_NO_REDUNDANCY": ("warning", "All of a rack's PDUs hang on one feed side: no A/B redundancy."),
    "POWER_SOURCE_OVER_CAPACITY": ("error", "A power source's (UPS, panel) load exceeds its capacity in normal "
                                            "operation."),
    "POWER_SOURCE_FAILOVER_OVERLOAD": ("error", "A power source cannot carry its load when another feed side "
                                                "fails."),
    "POWER_SOURCE_HIGH": ("warning", "A power source's worst-case load is above the warning fraction of its "
                                     "capacity."),
    "POWER_SOURCE_UNUSED": ("info", "A power source has no feed or downstream source hanging off it."),
    # cooling
    "COOLING_OVER_CAPACITY": ("error", "A rack's heat exceeds the limit of its cooling method."),
    "COOLING_NEAR_CAPACITY": ("warning", "A rack's heat is above the warning fraction of its cooling limit."),
    "COOLING_RESIDUAL_AIR": ("error", "Heat left to air in a liquid-cooled rack exceeds the residual air limit."),
    "COOLING_NO_LIQUID_DEVICES": ("warning", "A rack on direct liquid cooling holds no liquid-cooled device: "
                                             "all its heat goes to room air."),
    "COOLING_LIQUID_DEVICE_ON_AIR": ("error", "A liquid-cooled device sits in a rack without liquid cooling."),
    "COOLING_NO_LOOP": ("error", "A direct-liquid rack names no (or an unknown) CDU loop."),
    "COOLING_SUPPLY_TOO_WARM": ("warning", "A rack's loop supplies warmer coolant than the rack's design "
                                           "supply temperature (its CoolingChoice.supply_temp_c)."),
    "COOLING_UNKNOWN_UNIT": ("warning", "A rack's cooling unit slug is not in the catalog; a default capacity is "
                                        "assumed."),
    "COOLING_UNIT_ASSUMED": ("info", "No cooling unit chosen: the default capacity for the method is used."),
    "LOOP_UNKNOWN_CDU": ("error", "A loop's CDU slug is not in the catalog; its capacity is unknown."),
    "LOOP_OVER_CAPACITY": ("error", "A loop's heat (with margin) exceeds its capacity (CDUs or design figure)."),
    "LOOP_NO_REDUNDANCY": ("warning", "A loop cannot carry its heat with one CDU out, or its pumps are not N+1."),
    "LOOP_FLOW_OVER_CAPACITY": ("warning", "A loop's coolant flow exceeds its rated (design, CDU or derived) flow."),
    "LOOP_UNUSED": ("info", "A cooling loop serves no rack."),
    # space and weight
    "RACK_OVERWEIGHT": ("error", "Equipment mass exceeds the rack's static load rating."),
    "FLOOR_OVERLOAD": ("error", "A rack's mass over its footprint exceeds the room's floor load limit."),
    "RACK_OUTSIDE_ROOM": ("error", "A rack's footprint reaches past the walls of its room (the row runs off the "
                                   "floor, or the room is too small)."),
    # compute balance
    "BALANCE_CPU_CORES": ("warning", "Too few CPU cores per GPU."),
    "BALANCE_RAM": ("warning", "System RAM small against GPU memory."),
    "BALANCE_NETWORK": ("warning", "Compute-fabric bandwidth per GPU below threshold."),
    "BALANCE_STORAGE": ("warning", "Storage throughput per GPU below threshold."),
    "BALANCE_NO_STORAGE": ("info", "The plan has GPUs but no storage systems."),
    # cost
    "COST_NO_PRICE": ("warning", "Items without a catalog price: capex is incomplete."),
    "PRICE_NO_EXCHANGE_RATE": ("warning", "Items priced in a currency the plan has no exchange rate for: left "
                                          "out of the capex, which is marked incomplete."),
    # rent or own (planner.engine.economics via the engine's totals)
    "RENT_NO_CLOUD_PRICE": ("info", "No cloud price per GPU-hour for the plan's GPU model (catalog or plan): "
                                    "rent or own is not computed."),
    "RENT_NO_EXCHANGE_RATE": ("warning", "The cloud price is in a currency the plan has no exchange rate for: "
                                         "rent or own is not computed."),
    "RENT_CAPEX_INCOMPLETE": ("warning", "Rent or own is costed on an incomplete capex: owning is understated and "
                                         "the break-even comes too early."),
    "RENT_MIXED_GPUS": ("info", "GPUs of several models: rent or own prices all of them at the most numerous "
                                "model's cloud price."),
    # fabrics (planner.fabric analysis, joined into the engine's findings)
    "FABRIC_UNKNOWN_PORT": ("error", "A link names a port the device type does not have."),
    "FABRIC_PORT_REUSED": ("error", "One port is used by two links of the same fabric."),
    "FABRIC_PORT_CROSS_FABRIC": ("error", "One port is wired in two different fabrics."),
    "FABRIC_SPEED_MISMATCH": ("warning", "The two ends of a link run at different speeds."),
    "FABRIC_SLOW_LINK": ("warning", "A link runs slower than its fabric's speed."),
    "FABRIC_UNKNOWN_CABLE": ("error", "A link's cable is not in the catalog."),
    "FABRIC_MEDIA_MISMATCH": ("error", "A link's cable cannot carry the link (slower, twisted pair above 10G, "
                                       "a transceiver as a cable)."),
    "FABRIC_CABLE_TOO_LONG": ("error", "A link is longer than its cable's (or transceiver's) reach."),
    "FABRIC_CABLE_TOO_SHORT": ("warning", "A link is shorter than its cable's minimum length."),
    "FABRIC_SWITCH_PORTS": ("error", "A switch has more links than ports at the fabric's speed."),
    "FABRIC_UNCONNECTED_PORTS": ("warning", "Required ports of a fabric's kind are not wired."),
    "FABRIC_DISCONNECTED": ("error", "A fabric falls apart: some servers cannot reach each other."),
    "FABRIC_OVERSUBSCRIBED": ("warning", "A fabric's oversubscription is above its target."),
    # workloads (planner.workloads verdicts on the plan's servers)
    "WORKLOAD_UNMET": ("error", "A workload target is not met by the servers it runs on (or their power or "
                                "cooling fails)."),
    "WORKLOAD_LOW_MARGIN": ("warning", "A workload target is met with less margin than the model's uncertainty."),
    "WORKLOAD_NOT_EVALUATED": ("warning", "A workload cannot be evaluated (bad spec, unknown model, no GPU servers)."),
    # energy (planner.engine.rules.energy; docs/energy.md)
    "ENERGY_NO_GRID_FACTOR": ("info", "The site's country has no shipped grid emission factor and the plan gives "
                                      "none: CO2 is not computed."),
    "ENEFG_OUT_OF_SCOPE": ("info", "A site in Germany below the 300 kW non-redundant connected load from which the "
                                   "Energy Efficiency Act's data-centre duties apply (§ 3 Nr. 24, § 11 EnEfG)."),
    "ENEFG_PUE": ("warning", "The plan's PUE is above the Energy Efficiency Act's limit for its start of operation "
                             "(§ 11 Abs. 1 and Abs. 2 Satz 1 Nr. 1 EnEfG)."),
    "ENEFG_ENERGY_REUSE": ("warning", "The energy reuse factor is not stated or below the Energy Efficiency Act's "
                                      "share for its start of operation (§ 11 Abs. 2 Satz 1 Nr. 2 EnEfG)."),
    "ENEFG_RENEWABLE": ("warning", "The renewable share of the electricity is not stated or below the Energy "
                                   "Efficiency Act's 100 % from 1 January 2027 (§ 11 Abs. 5 EnEfG)."),
    # growth phases (planner.engine.rules.phases; docs/phases.md)
    "PHASE_NEEDS_LATER": ("warning", "Something of an earlier growth phase needs what a later phase adds (a feed, a "
                                     "loop, a PDU, its rack or device): the phases before stand without it."),
    # capacity
    "STRANDED_SPACE": ("info", "Free rack units that cannot be used: no power or cooling headroom left."),
    "STRANDED_POWER": ("info", "Power and cooling headroom that cannot be used: no rack units left."),
}


def make(code: str, message: str | tuple[str, str], kind: str, entity_id: str | None = None,
         severity: Severity | None = None, **params: Any) -> Finding:
    """A finding of ``code``. With ``params``, ``message`` is a template (``"{name}: {peak:.1f} A"``,
    or an ``Np_`` plural pair chosen by ``n``): the English message is formatted here once,
    and the template and parameters travel with the finding so a view translates it
    (:func:`planner.base.findings.finding_text`). The template is a literal at the call, so the
    catalog's extractor finds it (keyword ``make``, planner.i18n.catalogs)."""
    sev, _ = CODES[code]
    if params or isinstance(message, tuple):
        return Finding(severity or sev, code, finding_message(message, params), kind, entity_id,
                       template=message, params=tuple(params.items()))
    return Finding(severity or sev, code, message, kind, entity_id)
