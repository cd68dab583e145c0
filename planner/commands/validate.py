"""`rackwright validate PLAN`: the file is a well-formed plan, every slug is in the
catalog and every placement obeys the rack rules. (Engineering checks are
`rackwright check`.)"""

from __future__ import annotations

NAME = "validate"
HELP = "check that a plan file is well formed and its placements are possible"


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP)
    p.add_argument("plan", help="plan file (.json or .rackplan)")
    p.set_defaults(func=run)


def plan_problems(plan, catalog) -> list[str]:
    from planner.placement import PlacementChecker

    checker = PlacementChecker(catalog)
    problems: list[str] = []
    for rack in plan.racks():
        if catalog.get("rack-types", rack.rack_type) is None:
            problems.append(f"rack {rack.name} ({rack.id}): rack type {rack.rack_type!r} is not in the catalog")
        for p in rack.placements:
            if catalog.get("device-types", p.device) is None:
                problems.append(f"device {p.name or p.id} in {rack.name}: {p.device!r} is not in the catalog")
            reason = checker.check(plan, rack.id, p, ignore=p.id)
            if reason:
                problems.append(f"device {p.name or p.id} in {rack.name}: {reason}")
    return problems


def run(args) -> int:
    from planner.catalog import load_catalog
    from planner.documents import load_plan

    plan = load_plan(args.plan)
    catalog = load_catalog()
    problems = plan_problems(plan, catalog)
    for line in problems:
        print(line)
    n = len(plan.index.placements)
    print(f"{args.plan}: {len(plan.index.racks)} racks, {n} devices, "
          + (f"{len(problems)} problem(s)" if problems else "no problems"))
    return 1 if problems else 0
