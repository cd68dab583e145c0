"""`rackwright fabric`: fabric calculator without a plan, and a plan's cable schedule.

    rackwright fabric --nodes 127 --server nvidia-dgx-h100 --switch nvidia-quantum-2-qm9700 --json
    rackwright fabric --schedule PLAN [--csv OUT]

Same rules (same code) as auto-wiring; see docs/fabrics.md.
"""

from __future__ import annotations

import json

from planner.i18n import N_

NAME = "fabric"
HELP = N_("size a leaf/spine fabric without a plan, or print a plan's cable schedule")


def register(sub) -> None:
    from planner.commands.numbers import count, number
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP),
                       description=_("Fat-tree calculator (leaves, spines, cores, cables, transceivers, bandwidth, "
                                   "switch power) using the same rules as auto-wiring; or, with --schedule, "
                                   "the cable schedule of a plan."))
    p.add_argument("--nodes", type=count, help=_("number of servers"))
    p.add_argument("--server", metavar="SLUG", help=_("server device type (catalog slug)"))
    p.add_argument("--switch", metavar="SLUG", help=_("switch device type (catalog slug)"))
    p.add_argument("--oversubscription", type=number, default=1.0, metavar="R",
                   help=_("leaf oversubscription, down:up (default 1 = non-blocking)"))
    p.add_argument("--role", default="compute", choices=["compute", "storage", "frontend", "management"],
                   help=_("which server ports to wire (default compute)"))
    p.add_argument("--no-rails", action="store_true", help=_("not rail-optimised (fill leaves in port order)"))
    p.add_argument("--node-leaf-m", type=number, default=None, help=_("assumed node-leaf cable length (m)"))
    p.add_argument("--leaf-spine-m", type=number, default=None, help=_("assumed leaf-spine cable length (m)"))
    p.add_argument("--spine-core-m", type=number, default=None, help=_("assumed spine-core cable length (m)"))
    p.add_argument("--schedule", metavar="PLAN", help=_("print the cable schedule of PLAN instead"))
    p.add_argument("--csv", metavar="OUT", help=_("with --schedule: write the schedule as CSV to OUT"))
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.set_defaults(func=run)


def run(args) -> int:
    from planner.catalog import load_catalog
    from planner.commands.cli import UserError
    from planner.i18n import error_text, tf

    if args.schedule:
        return _schedule(args)
    missing = [f"--{n}" for n in ("nodes", "server", "switch") if getattr(args, n) is None]
    if missing:
        raise UserError(tf("fabric: {options} required (or --schedule PLAN)", options=", ".join(missing)))
    lengths = {k: v for k, v in (("node_leaf", args.node_leaf_m), ("leaf_spine", args.leaf_spine_m),
                                 ("spine_core", args.spine_core_m)) if v is not None}
    for k, v in lengths.items():
        if not v > 0:
            raise UserError(tf("fabric: --{option}-m must be a positive length (got {value:g})",
                               option=k.replace("_", "-"), value=v))
    from planner.fabric.calculator import CalculatorInputError, calculate

    catalog = load_catalog()
    try:
        res = calculate(catalog, args.nodes, args.server, args.switch, args.oversubscription, role=args.role,
                        rail_optimised=not args.no_rails, lengths_m=lengths)
    except CalculatorInputError as e:
        raise UserError(tf("fabric: {reason}", reason=error_text(e))) from None
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    print(tf("{nodes} x {server} ({gpus} GPUs, {rails} {role} ports each) on {switch} ({radix} ports at "
             "{gbps:g} Gb/s)", nodes=res["nodes"], server=res["server"], gpus=res["gpus"], rails=res["rails"],
             role=args.role, switch=res["switch"], radix=res["radix"], gbps=res["link_gbps"]))
    print(tf("  tiers {tiers}: {leaves} leaves, {spines} spines, {cores} cores ({switches} switches, "
             "{kw:g} kW max)", tiers=res["tiers"], leaves=res["leaves"], spines=res["spines"], cores=res["cores"],
             switches=res["switches"], kw=res["switch_power_kw"]))
    by_type = ", ".join(f"{k} {v}" for k, v in res["cables_by_type"].items())
    print(tf("  cables {cables} ({by_type}), transceivers {transceivers} ({kw:g} kW)", cables=res["cables"],
             by_type=by_type, transceivers=res["transceivers"], kw=res["optics_power_kw"]))
    pg = res["per_gpu_gbps"]
    rest = dict(ratio=res["oversubscription"], tbps=res["bisection_tbps"], hops=res["hops"])
    if pg is not None:
        print(tf("  per GPU {gbps:g} Gb/s, oversubscription {ratio:g}:1, bisection {tbps:g} Tb/s, {hops} switch "
                 "hops", gbps=pg, **rest))
    else:
        print(tf("  no GPUs, oversubscription {ratio:g}:1, bisection {tbps:g} Tb/s, {hops} switch hops", **rest))
    return 0


def _schedule(args) -> int:
    from planner.catalog import load_catalog
    from planner.fabric.analysis import check_links
    from planner.fabric.schedule import cable_schedule, schedule_csv, write_schedule_csv
    from planner.files.documents import load_plan

    plan = load_plan(args.schedule)
    catalog = load_catalog()
    rows = cable_schedule(plan, catalog)
    if args.csv:
        write_schedule_csv(rows, args.csv)
    elif args.json:
        from dataclasses import asdict

        print(json.dumps([asdict(r) for r in rows], indent=2))
    else:
        print(schedule_csv(rows), end="")
    errors = [f for f in check_links(plan, catalog) if f.severity == "error"]
    return 1 if errors else 0
