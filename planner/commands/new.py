"""`rackwright new --template NAME -o PLAN`: write a reference design as a new plan.

The format follows PLAN's suffix (``.json`` or ``.rackplan``); the file is written
atomically (never a partial file) and an existing PLAN is replaced only with ``--force``.
The plan is built from the catalog (shipped and user layers, or ``--catalog``); the
command prints its GPUs, racks, IT load and capex, and names the BOM lines without a
price (the capex leaves them out). Exit 0 when the plan has no error findings, 1 when it has
(a changed user catalog can cause them), 2 on bad input. `rackwright templates` lists the
names.
"""

from __future__ import annotations

import sys
from pathlib import Path

NAME = "new"
HELP = "write a new plan from a reference design (--template NAME -o PLAN)"


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP, description=__doc__.split("\n\n", 1)[1] if __doc__ else None)
    p.add_argument("--template", required=True, metavar="NAME", help="reference design (`rackwright templates`)")
    p.add_argument("-o", "--output", required=True, metavar="PLAN",
                   help="file to write; its suffix (.json or .rackplan) picks the format")
    p.add_argument("--force", action="store_true", help="replace PLAN if it exists")
    p.add_argument("--catalog", action="append", metavar="DIR",
                   help="catalog folder to use instead of the shipped and user catalogs (repeatable; later wins)")
    p.set_defaults(func=run)


def run(args) -> int:
    from planner.cli import UserError
    from planner.design.templates import TEMPLATES

    if args.template not in TEMPLATES:
        raise UserError(f"--template: unknown template {args.template!r} (one of {', '.join(TEMPLATES)})")
    dst = Path(args.output)
    from planner.documents import format_for_suffix

    fmt = format_for_suffix(dst)
    if fmt is None:
        raise UserError(f"{dst}: unknown output format {dst.suffix or '(no suffix)'!r}; name it .json or .rackplan")
    if dst.is_dir():
        raise UserError(f"{dst}: is a folder")
    if dst.exists() and not args.force:
        raise UserError(f"{dst}: already exists (use --force to replace it)")
    if not dst.parent.resolve().is_dir():
        raise UserError(f"{dst.parent}: no such folder")

    from planner.catalog import load_catalog
    from planner.design.generate import DesignError
    from planner.design.templates import build_template
    from planner.engine import Engine

    catalog = load_catalog(args.catalog) if args.catalog else load_catalog()
    if catalog.errors:
        print(f"rackwright: warning: the catalog has {len(catalog.errors)} problem(s); "
              "`rackwright catalog validate` lists them", file=sys.stderr)
    try:
        plan = build_template(args.template, catalog)
    except DesignError as e:
        raise UserError(f"template {args.template}: {e}") from None
    try:
        if fmt == "json":
            from planner.plan_io import save_plan_json

            save_plan_json(plan, dst)
        else:
            from planner.storage import save_rackplan

            save_rackplan(plan, dst, catalog)
    except ValueError as e:
        raise UserError(f"{dst}: {e}") from None
    except OSError as e:
        raise UserError(f"{dst}: cannot write: {e.strerror or e}") from None

    results = Engine(catalog).compute(plan)
    tot = results.totals
    gpus = tot.agg.ints.get("gpu_count", 0)
    racks = tot.racks
    it_kw = tot.agg.sums.get("max_w", 0.0) / 1000.0
    errors = sum(1 for f in results.findings if f.severity == "error")
    unpriced = [(line.slug, line.quantity) for line in results.bom if line.unit_price is None]
    capex = f"{tot.capex:,.0f} {tot.currency}" + (" (incomplete)" if unpriced or not tot.capex_complete else "")
    print(f"wrote {dst} ({args.template}: {_count(gpus, 'GPU')}, {_count(racks, 'rack')}, {it_kw:,.1f} kW IT maximum, "
          f"capex {capex}, {_count(errors, 'error finding')})")
    if unpriced:
        print(f"{_count(len(unpriced), 'BOM line')} without a price, not in the capex:")
        for slug, qty in unpriced:
            print(f"  {qty} x {slug}")
    return 1 if errors else 0


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
