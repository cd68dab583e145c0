"""`rackwright compare A B [C D] [--json]`: two to four builds side by side.

GPUs, racks, IT and facility power, capex (marked INCOMPLETE when it leaves items out),
energy, owning per year and over the years of use, renting, break-even, each workload's
verdict, margin, bottleneck and figures, the findings' counts, and what differs from A:
devices by model, racks, links, feeds and cooling loops (by id, the repository's
difference report). Every figure is the engine's (planner/design/compare.py).

Exit 0 when the comparison was printed (whatever the plans' findings say: they are in
it), 2 on bad input (an unreadable plan, fewer than two or more than four)."""

from __future__ import annotations

import json
import sys
import textwrap

from planner.i18n import N_

NAME = "compare"
HELP = N_("compare two to four plans side by side: figures, costs, workloads and what differs")

CELL_WIDTH = 38  # a column of the text table wraps at this many characters


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP), description=_(
        "Compare PLAN A with PLAN B (and C, D): GPUs, racks, IT and facility kW, capex, opex, TCO over the "
        "years of use, rent or own, each workload's verdict and margin, error and warning counts, and what "
        "differs from A (devices by model; racks, links, feeds and cooling loops by id). Exit status: 0 "
        "printed, 2 bad input."))
    p.add_argument("plans", nargs="+", metavar="PLAN", help=_("plan files (.json or .rackplan), two to four; the "
                                                            "first is A, the others are compared with it"))
    p.add_argument("--json", action="store_true", help=_("print the comparison as JSON (never translated)"))
    p.add_argument("--catalog", action="append", metavar="DIR",
                   help=_("catalog folder to use instead of the shipped and user catalogs (repeatable; later wins)"))
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help=_("engine setting for every plan (see check)"))
    p.set_defaults(func=run)


def load_builds(paths: list[str], catalog_dirs: list[str] | None, settings_pairs: list[str], at_least: int = 2):
    """``[(name, plan, results)]`` for the plan files, and the catalog of the first; bad
    input raises :class:`planner.commands.cli.UserError` (or the loaders' own errors).
    ``at_least``: the fewest files (2 for compare; 1 beside the report's own plan)."""
    from pathlib import Path

    from planner.commands.check import parse_settings
    from planner.commands.cli import UserError, catalog_warning
    from planner.design.compare import MAX_OPTIONS
    from planner.engine import Engine
    from planner.files.documents import load_plan_with_catalog
    from planner.i18n import tf

    if not at_least <= len(paths) <= MAX_OPTIONS:
        raise UserError(tf("compare takes 2 to {n} plans, not {got}", n=MAX_OPTIONS, got=len(paths)))
    settings = parse_settings(settings_pairs)
    builds = []
    first_catalog = None
    warned = False
    for path in paths:
        if Path(path).is_dir():
            raise UserError(tf("{path}: is a folder; give a plan file (.json or .rackplan)", path=path))
        plan, catalog = load_plan_with_catalog(path, catalog_dirs)
        if catalog.errors and not warned:
            print(catalog_warning(len(catalog.errors)), file=sys.stderr)
            warned = True
        first_catalog = first_catalog or catalog
        builds.append((Path(path).name, plan, Engine(catalog, settings).compute(plan)))
    return builds, first_catalog


def text_table(labels: list[str], rows) -> str:  # noqa: ANN001 - planner.design.compare.Row
    """The comparison as a terminal table: the row's label, then one wrapped column per option."""
    width = min(44, max(len(r.label) for r in rows))
    out = []
    head = " " * width + "   " + "  ".join(f"{x:<{CELL_WIDTH}}" for x in labels)
    out.append(head.rstrip())
    for r in rows:
        if r.heading:
            out.append("")
            out.append(r.label)
            continue
        label = textwrap.wrap(r.label, width) or [""]
        cols = [textwrap.wrap(c, CELL_WIDTH) or [""] for c in r.cells]
        mark = "*" if r.differs else " "
        for i in range(max(len(label), *(len(c) for c in cols))):
            left = label[i] if i < len(label) else ""
            cells = "  ".join(f"{(c[i] if i < len(c) else ''):<{CELL_WIDTH}}" for c in cols)
            out.append(f"{left:<{width}} {mark if i == 0 else ' '} {cells}".rstrip())
    return "\n".join(out) + "\n"


def run(args) -> int:
    from planner.commands.check import finite_or_null
    from planner.design.compare import compare_builds
    from planner.i18n import _, tf

    builds, catalog = load_builds(args.plans, args.catalog, args.set)
    comparison = compare_builds(builds, catalog)
    if args.json:
        doc = {"files": [str(p) for p in args.plans], **comparison.to_json()}
        sys.stdout.write(json.dumps(finite_or_null(doc), indent=1, ensure_ascii=False, allow_nan=False) + "\n")
        return 0
    for o, path in zip(comparison.options, args.plans, strict=True):
        print(tf("{label}: {path} ({name})", label=o.label, path=path, name=o.name))
    sys.stdout.write(text_table([o.label for o in comparison.options], comparison.rows()))
    print()
    print(_("* the options differ in this line; money in each plan's own currency"))
    return 0
