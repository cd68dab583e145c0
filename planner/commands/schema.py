"""`rackwright schema`: print the JSON Schema of the plan format."""

from __future__ import annotations

import json

NAME = "schema"
HELP = "print the JSON Schema of the plan file format"


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP)
    p.set_defaults(func=run)


def run(args) -> int:
    from planner.plan_io import plan_json_schema

    print(json.dumps(plan_json_schema(), indent=2))
    return 0
