"""`rackwright templates [--json]`: the reference designs `rackwright new --template` builds.

One line per template: its name, the GPUs it holds and its title. ``--json`` prints a list
of ``{name, title, description, workload, gpus}``. No plan is built (docs/templates.md
describes each template and the sources of its choices).
"""

from __future__ import annotations

import json
import sys

NAME = "templates"
HELP = "list the reference designs (`rackwright new --template NAME -o PLAN` builds one)"


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP, description=__doc__.split("\n\n", 1)[1] if __doc__ else None)
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    from planner.design.templates import list_templates

    infos = list_templates()
    if args.json:
        sys.stdout.write(json.dumps([{"name": t.name, "title": t.title, "description": t.description,
                                      "workload": t.workload, "gpus": t.gpus} for t in infos],
                                    indent=1, ensure_ascii=False) + "\n")
        return 0
    width = max(len(t.name) for t in infos)
    print(f"{'NAME':<{width}}  {'GPUS':>5}  TITLE")
    for t in infos:
        print(f"{t.name:<{width}}  {t.gpus:>5}  {t.title}")
    return 0
