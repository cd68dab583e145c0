"""`rackwright schema`: print the JSON Schema of the plan format (``--plan-for``: of
`rackwright plan-for`'s SPEC.json)."""

from __future__ import annotations

import json

from planner.i18n import N_

NAME = "schema"
HELP = N_("print the JSON Schema of the plan file format")


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP))
    p.add_argument("--plan-for", action="store_true",
                   help=_("the schema of rackwright plan-for's SPEC.json instead (docs/plan-for.schema.json)"))
    p.set_defaults(func=run)


def run(args) -> int:
    if getattr(args, "plan_for", False):
        from planner.design.search import plan_for_json_schema

        print(json.dumps(plan_for_json_schema(), indent=2))
        return 0
    from planner.files.plan_io import plan_json_schema

    print(json.dumps(plan_json_schema(), indent=2))
    return 0
