"""`rackwright validate PLAN`: the file is a well-formed plan, every slug is in the
catalog and every placement obeys the rack rules. (Engineering checks are
`rackwright check`.)"""

from __future__ import annotations

from planner.i18n import N_

NAME = "validate"
HELP = N_("check that a plan file is well formed and its placements are possible")


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP))
    p.add_argument("plan", help=_("plan file (.json or .rackplan)"))
    p.set_defaults(func=run)


def plan_problems(plan, catalog) -> list[str]:
    from planner.i18n import message_text, tf
    from planner.model.placement import PlacementChecker

    checker = PlacementChecker(catalog)
    problems: list[str] = []
    for rack in plan.racks():
        if catalog.get("rack-types", rack.rack_type) is None:
            problems.append(tf("rack {name} ({id}): rack type {type!r} is not in the catalog", name=rack.name,
                               id=rack.id, type=rack.rack_type))
        for p in rack.placements:
            if catalog.get("device-types", p.device) is None:
                problems.append(tf("device {name} in {rack}: {device!r} is not in the catalog", name=p.name or p.id,
                                   rack=rack.name, device=p.device))
            reason = checker.check(plan, rack.id, p, ignore=p.id)
            if reason:
                problems.append(tf("device {name} in {rack}: {reason}", name=p.name or p.id, rack=rack.name,
                                   reason=message_text(reason)))
    return problems


def run(args) -> int:
    from planner.files.documents import load_plan_with_catalog
    from planner.i18n import Np_, tf

    plan, catalog = load_plan_with_catalog(args.plan, None)
    problems = plan_problems(plan, catalog)
    for line in problems:
        print(line)
    racks, devices = len(plan.index.racks), len(plan.index.placements)
    if problems:
        print(tf(Np_("{plan}: {racks} racks, {devices} devices, {n} problem",
                     "{plan}: {racks} racks, {devices} devices, {n} problems"),
                 plan=args.plan, racks=racks, devices=devices, n=len(problems)))
    else:
        print(tf("{plan}: {racks} racks, {devices} devices, no problems", plan=args.plan, racks=racks,
                 devices=devices))
    return 1 if problems else 0
