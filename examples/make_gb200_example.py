#!/usr/bin/env python3
"""Build examples/gb200-nvl72.json through the plan model and check it.

Two NVIDIA GB200 NVL72 racks (144 Blackwell GPUs) serving Llama-3.1-405B:

* each rack (catalog rack type ``nvidia-gb200-nvl72-rack``, 48U MGX): 18 compute trays
  (``nvidia-gb200-nvl72-compute-tray``, 4 GPUs each), 9 NVLink switch trays
  (``nvidia-nvlink-switch``) in the middle of the rack as in NVIDIA's layout, and 8 power
  shelves (``nvidia-gb200-power-shelf``);
* the NVLink domain of each rack auto-wired (``planner.fabric.nvlink_wire``, one
  Compound edit): 72 GPUs x 18 NVLink 5 links = 1,296 spine links per rack, copper
  cartridges, 0 W;
* direct liquid cooling on one CDU loop (two in-row CDUs, N+1) for both racks;
* power, as in NVIDIA's rack: the compute and switch trays have no AC cords; they draw
  from the rack's DC busbar, fed by the eight 1U power shelves (6 x 5.5 kW PSUs, 33 kW
  each), which share the busbar load. The AC side is one 415 V 60 A three-phase circuit
  per shelf: eight 0U rack PDUs per rack, each on its own feed, shelves alternating A, B,
  A, B top and bottom so that either side's four shelves (132 kW) carry the whole rack
  (N+N). Each shelf's six PSU cords go to outlets 1-6 of its PDU, two per phase;
* the compute fabric: each tray's four ConnectX-7 ports (400G NDR) auto-wired,
  rail-optimised, to NVIDIA Quantum-2 QM9700 switches in a network rack on air
  containment with its own A/B PDUs;
* the workload target: serve Llama-3.1-405B at FP8 to 1,500 users at 20 tokens/s each,
  1 s to first token, with tensor parallelism inside the 72-GPU NVLink domain.

    python examples/make_gb200_example.py          # writes the JSON next to this script
    python examples/make_gb200_example.py --check  # only verify the file is current

Every slug is looked up in the shipped catalog; placements and links go through the same
edits the app uses.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from examples._common import write_or_check  # noqa: E402
from planner.catalog import load_catalog  # noqa: E402
from planner.fabric.autowire import autowire  # noqa: E402
from planner.fabric.nvlink_wire import autowire_nvlink_rack  # noqa: E402
from planner.model.edits import AddItem, AddPlacement, EditRefused  # noqa: E402
from planner.model.placement import PlacementChecker  # noqa: E402
from planner.model.plan import (  # noqa: E402
    CoolingChoice,
    CoolingLoop,
    Metadata,
    Placement,
    Plan,
    PowerConnection,
    PowerFeed,
    Rack,
    Room,
    Row,
    ServerGroup,
    Site,
    Workload,
)

OUT = Path(__file__).resolve().parent / "gb200-nvl72.json"

TRAY = "nvidia-gb200-nvl72-compute-tray"
NVSWITCH = "nvidia-nvlink-switch"
SHELF = "nvidia-gb200-power-shelf"
NVL_RACK = "nvidia-gb200-nvl72-rack"
NET_RACK = "rack-48u-600x1200"
IB_SWITCH = "nvidia-quantum-2-qm9700"
PDU = "raritan-px3-415v-60a"
CDU = "cdu-in-row-700kw"
RACKS = 2
PDU_SLOTS = [("left", "front"), ("left", "front"), ("left", "rear"), ("left", "rear"),
             ("right", "front"), ("right", "front"), ("right", "rear"), ("right", "rear")]

# NVL72 layout (NVIDIA GB200 NVL72 rack elevation): power shelves top and bottom, ten
# compute trays, the nine NVLink switch trays, then eight compute trays.
SHELF_US = [1, 2, 3, 4, 45, 46, 47, 48]
TRAY_US = list(range(6, 16)) + list(range(27, 35))
SWITCH_US = list(range(17, 26))


def _slugs_exist(catalog) -> None:
    for table, slug in [("device-types", TRAY), ("device-types", NVSWITCH), ("device-types", SHELF),
                        ("device-types", IB_SWITCH), ("device-types", PDU), ("rack-types", NVL_RACK),
                        ("rack-types", NET_RACK), ("cooling", CDU), ("llms", "llama-3.1-405b")]:
        if catalog.get(table, slug) is None:
            raise SystemExit(f"make_gb200_example: {slug} is not in the catalog ({table})")


def build(catalog) -> Plan:
    _slugs_exist(catalog)
    checker = PlacementChecker(catalog)
    dlc = CoolingChoice(method="direct-liquid", loop="loop-1")
    racks = [Rack(id=f"nvl-{i}", name=f"NVL72-{i}", rack_type=NVL_RACK, position=i - 1, cooling=dlc)
             for i in range(1, RACKS + 1)]
    racks.append(Rack(id="net-1", name="NET-1", rack_type=NET_RACK, position=RACKS,
                      cooling=CoolingChoice(method="air-containment"), tags=["network"]))
    row = Row(id="row-a", name="Row A", x_m=1.2, y_m=2.4, racks=racks)
    room = Room(id="room-1", name="Data hall 1", width_m=7.2, depth_m=7.2, tile_m=0.6,
                floor_load_limit_kg_per_m2=2500, rows=[row])
    feeds = []
    for r in racks:
        n = 4 if r.id.startswith("nvl") else 1
        for side in ("A", "B"):
            for k in range(1, n + 1):
                feeds.append(PowerFeed(id=f"feed-{r.id}-{side.lower()}{k}", name=f"{r.name} {side}{k}", side=side,
                                       voltage_v=415, phases=3, breaker_a=60,
                                       source=f"UPS-{side} panel, {r.name} circuit {k}"))
    plan = Plan(
        metadata=Metadata(customer="Example customer", project="GB200 NVL72 inference (144 GPUs)",
                          author="Rackwright example", revision="A",
                          notes="Generated by examples/make_gb200_example.py. Two GB200 NVL72 racks, NVLink "
                                "domains auto-wired, NDR compute fabric, one CDU loop. Intended warnings: "
                                "BALANCE_RAM (the compute tray's 960 GB of CPU memory for 744 GB of GPU memory, "
                                "as NVIDIA builds it, below the engine's 1.5x rule of thumb); POWER_FEED_HIGH and "
                                "PDU_PHASE_HIGH (with one side lost, each rack's four remaining 60 A shelf circuits "
                                "carry about 94 % of their capacity; the catalog has no larger rack PDU)."),
        site=Site(name="Example site", rooms=[room]),
        feeds=feeds,
        cooling_loops=[CoolingLoop(id="loop-1", name="CDU loop 1 (N+1)", cdu=CDU, cdu_count=2, coolant="water",
                                   supply_temp_c=30.0, delta_t_k=10.0)],
    )

    def place(rack_id: str, p: Placement) -> Placement:
        try:
            AddPlacement(rack_id, p, checker).apply(plan)
        except EditRefused as e:
            raise SystemExit(f"make_gb200_example: {p.id} in {rack_id}: {e}") from None
        return p

    trays: list[str] = []
    for i in range(1, RACKS + 1):
        rid = f"nvl-{i}"
        pdus = []
        for k, (side, face) in enumerate(PDU_SLOTS):
            feed_side = "a" if side == "left" else "b"
            pdus.append(place(rid, Placement(id=f"pdu-{i}-{k + 1}", device=PDU,
                                             name=f"PDU NVL72-{i} {feed_side.upper()}{k % 4 + 1}", side=side,
                                             face=face, feed=f"feed-{rid}-{feed_side}{k % 4 + 1}")))
        psus = catalog.device(SHELF).planning.busbar.psu_count
        for k, u in enumerate(SHELF_US):
            # shelf k on PDU A1, B1, A2, B2, ... (pdus[0:4] are side A, pdus[4:8] side B);
            # PSU n on outlet n: outlets cycle phases A, B, C, so two PSUs per phase
            pdu = pdus[(k // 2) + (4 if k % 2 else 0)]
            place(rid, Placement(id=f"shelf-{i}-{k + 1}", device=SHELF, name=f"PS{k + 1} NVL72-{i}", u=u,
                                 power=[PowerConnection(pdu=pdu.id, outlet=n) for n in range(1, psus + 1)]))
        devices = [Placement(id=f"tray-{i}-{k + 1:02d}", device=TRAY, name=f"nvl{i}-ct{k + 1:02d}", u=u)
                   for k, u in enumerate(TRAY_US)]
        devices += [Placement(id=f"nvsw-{i}-{k + 1}", device=NVSWITCH, name=f"nvl{i}-sw{k + 1}", u=u)
                    for k, u in enumerate(SWITCH_US)]
        for p in sorted(devices, key=lambda p: p.u):
            place(rid, p)  # no cords: busbar-powered
            if p.device == TRAY:
                trays.append(p.id)
    for side, face, k in (("left", "rear", "a"), ("right", "rear", "b")):
        place("net-1", Placement(id=f"pdu-net-{k}", device=PDU, name=f"PDU NET-1 {k.upper()}", side=side, face=face,
                                 feed=f"feed-net-1-{k}1"))

    for i in range(1, RACKS + 1):  # the NVLink spine of each rack: one undo step each
        autowire_nvlink_rack(plan, catalog, f"nvl-{i}", fabric_id=f"fab-nvl-{i}",
                             fabric_name=f"NVLink NVL72-{i}").edit.apply(plan)
    res = autowire(plan, catalog, trays, IB_SWITCH, kind="compute", switch_racks=["net-1"],
                   fabric_id="fab-compute", fabric_name="Compute (NDR InfiniBand)")
    if res.unrouted:
        raise SystemExit(f"make_gb200_example: {res.unrouted} compute links without media")
    res.edit.apply(plan)
    AddItem(ServerGroup(id="grp-serve", name="NVL72 trays", members=trays)).apply(plan)
    return plan


def add_workload_targets(plan: Plan) -> None:
    """The target the build is sold against (the engine's verdict, ``rackwright check``)."""
    AddItem(Workload(id="wl-serve-405b", name="Serve Llama-3.1-405B (FP8): 1,500 users at 20 tok/s, TTFT < 1 s",
                     kind="inference", group="grp-serve",
                     spec={"model": "llama-3.1-405b", "precision": "fp8", "users": 1500, "input_tokens": 2048,
                           "output_tokens": 512, "target_tokens_per_s_per_user": 20, "target_ttft_s": 1.0,
                           "tp": 8})
            ).apply(plan)


def main(argv: list[str]) -> int:
    catalog = load_catalog()
    if catalog.errors:
        print(f"make_gb200_example: warning: {len(catalog.errors)} catalog problems", file=sys.stderr)
    plan = build(catalog)
    add_workload_targets(plan)
    return write_or_check("make_gb200_example.py", OUT, plan, catalog, argv)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
