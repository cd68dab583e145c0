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

from planner.i18n import N_

NAME = "new"
HELP = N_("write a new plan from a reference design (--template NAME -o PLAN)")


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP), description=_(
        "The format follows PLAN's suffix (.json or .rackplan); the file is written atomically (never a "
        "partial file) and an existing PLAN is replaced only with --force. The plan is built from the catalog "
        "(shipped and user layers, or --catalog); the command prints its GPUs, racks, IT load and capex, and "
        "names the BOM lines without a price (the capex leaves them out). Exit 0 when the plan has no error "
        "findings, 1 when it has (a changed user catalog can cause them), 2 on bad input. `rackwright "
        "templates` lists the names."))
    p.add_argument("--template", required=True, metavar="NAME", help=_("reference design (`rackwright templates`)"))
    p.add_argument("-o", "--output", required=True, metavar="PLAN",
                   help=_("file to write; its suffix (.json or .rackplan) picks the format"))
    p.add_argument("--region", choices=("eu", "na"), default=None,
                   help=_("the site's power: eu (230/400 V, 50 Hz, IEC 60309 16/32/63 A) or na (208/415 V, 60 Hz); "
                          "default: eu in German or a European locale, else na"))
    p.add_argument("--force", action="store_true", help=_("replace PLAN if it exists"))
    p.add_argument("--catalog", action="append", metavar="DIR",
                   help=_("catalog folder to use instead of the shipped and user catalogs (repeatable; later wins)"))
    p.set_defaults(func=run)


def run(args) -> int:
    from planner.commands.cli import UserError, catalog_warning
    from planner.design.templates import TEMPLATES
    from planner.i18n import Np_, _, error_text, format_money, tf

    if args.template not in TEMPLATES:
        raise UserError(tf("--template: unknown template {name!r} (one of {names})", name=args.template,
                           names=", ".join(TEMPLATES)))
    dst = Path(args.output)
    from planner.files.documents import format_for_suffix

    fmt = format_for_suffix(dst)
    if fmt is None:
        raise UserError(tf("{path}: unknown output format {suffix!r}; name it .json or .rackplan", path=dst,
                           suffix=dst.suffix or _("(no suffix)")))
    if dst.is_dir():
        raise UserError(tf("{path}: is a folder", path=dst))
    if dst.exists() and not args.force:
        raise UserError(tf("{path}: already exists (use --force to replace it)", path=dst))
    if not dst.parent.resolve().is_dir():
        raise UserError(tf("{path}: no such folder", path=dst.parent))

    from planner.catalog import load_catalog
    from planner.design.generate import DesignError
    from planner.design.templates import build_template
    from planner.engine import Engine

    catalog = load_catalog(args.catalog) if args.catalog else load_catalog()
    if catalog.errors:
        print(catalog_warning(len(catalog.errors)), file=sys.stderr)
    try:
        plan = build_template(args.template, catalog, region=getattr(args, "region", None))
    except DesignError as e:
        raise UserError(tf("template {name}: {error}", name=args.template, error=error_text(e))) from None
    try:
        if fmt == "json":
            from planner.files.plan_io import save_plan_json

            save_plan_json(plan, dst)
        else:
            from planner.files.storage import save_rackplan

            save_rackplan(plan, dst, catalog)
    except ValueError as e:
        raise UserError(f"{dst}: {e}") from None
    except OSError as e:
        raise UserError(tf("{path}: cannot write: {error}", path=dst, error=e.strerror or e)) from None

    results = Engine(catalog).compute(plan)
    tot = results.totals
    gpus = tot.agg.ints.get("gpu_count", 0)
    racks = tot.racks
    it_kw = tot.agg.sums.get("max_w", 0.0) / 1000.0
    errors = sum(1 for f in results.findings if f.severity == "error")
    unpriced = [(line.slug, line.quantity) for line in results.bom if line.unit_price is None]
    complete = not unpriced and tot.capex_complete
    money = format_money(tot.capex, tot.currency)
    capex = money if complete else tf("{money} (incomplete)", money=money)
    print(tf("wrote {path} ({template}: {gpus}, {racks}, {it_kw:,.1f} kW IT maximum, capex {capex}, {errors})",
             path=dst, template=args.template, gpus=tf(Np_("{n:,} GPU", "{n:,} GPUs"), n=gpus),
             racks=tf(Np_("{n:,} rack", "{n:,} racks"), n=racks), it_kw=it_kw, capex=capex,
             errors=tf(Np_("{n:,} error finding", "{n:,} error findings"), n=errors)))
    if unpriced:
        print(tf(Np_("{n:,} BOM line without a price, not in the capex:",
                     "{n:,} BOM lines without a price, not in the capex:"), n=len(unpriced)))
        for slug, qty in unpriced:
            print(f"  {qty} x {slug}")
    return 1 if errors else 0
