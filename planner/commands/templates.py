"""`rackwright templates [--json]`: the reference designs `rackwright new --template` builds.

One line per template: its name, the GPUs it holds and its title. ``--json`` prints a list
of ``{name, title, description, workload, gpus}``. No plan is built (docs/templates.md
describes each template and the sources of its choices).
"""

from __future__ import annotations

import json
import sys

from planner.i18n import N_

NAME = "templates"
HELP = N_("list the reference designs (`rackwright new --template NAME -o PLAN` builds one)")


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP), description=_(
        "One line per template: its name, the GPUs it holds and its title. --json prints a list of "
        "{name, title, description, workload, gpus} (in English). No plan is built (docs/templates.md "
        "describes each template and the sources of its choices)."))
    p.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    p.set_defaults(func=run)


def run(args) -> int:
    from planner.design.templates import list_templates
    from planner.i18n import _, format_number

    infos = list_templates()
    if args.json:
        sys.stdout.write(json.dumps([{"name": t.name, "title": t.title, "description": t.description,
                                      "intended_warnings": t.intended,
                                      "intended_warnings_na": t.intended_na, "workload": t.workload, "gpus": t.gpus} for t in infos],
                                    indent=1, ensure_ascii=False) + "\n")
        return 0
    # TRANSLATORS: column headings of `rackwright templates`, upper case like a terminal table
    name, gpus, title = _("NAME"), _("GPUS"), _("TITLE")
    width = max(len(name), *(len(t.name) for t in infos))
    print(f"{name:<{width}}  {gpus:>5}  {title}")
    for t in infos:
        print(f"{t.name:<{width}}  {format_number(t.gpus):>5}  {_(t.title)}")
    return 0
