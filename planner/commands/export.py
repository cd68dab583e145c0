"""`rackwright export PLAN --format xlsx|csv|netbox -o OUT`: the plan's hand-off files.

- ``xlsx``: one Excel workbook (OUT, e.g. ``pod.xlsx``) with the sheets BOM, Cables,
  Racks, Power sources, Power feeds, PDUs and Workloads (planner.reports.tables / planner.reports.xlsx).
- ``csv``: the same tables as one CSV file per sheet in the folder OUT (made if missing):
  UTF-8 with a byte-order mark; ``--locale de`` (or any decimal-comma locale) writes ``;``
  between fields and decimal commas, for German Excel; default ``en``: ``,`` and ``.``.
- ``netbox``: NetBox bulk-import CSV files and device-type YAML in the folder OUT
  (planner.netbox.export).

Exit 0 written, 2 bad input (unreadable plan, an output that cannot be written, an
unknown locale). Nothing is half-written: the workbook is replaced atomically, the CSV
files are written all or none.
"""

from __future__ import annotations

import sys
from pathlib import Path

NAME = "export"
HELP = "write the plan's hand-off files: Excel workbook, CSV tables, NetBox import files"
FORMATS = ("xlsx", "csv", "netbox")


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP,
                       description="Write the plan's tables (BOM, cable schedule, racks, power sources and feeds, PDUs, workload "
                                   "verdicts) as an Excel workbook or as CSV files, or the plan as NetBox import "
                                   "files. Exit status: 0 written, 2 bad input.")
    p.add_argument("plan", help="plan file (.json or .rackplan)")
    p.add_argument("--format", "-f", required=True, choices=FORMATS, help="xlsx: one workbook; csv: one file per "
                   "sheet in the folder OUT; netbox: NetBox CSV and device-type YAML in the folder OUT")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the workbook (xlsx) or the folder (csv, netbox) to write")
    p.add_argument("--locale", default="en", metavar="LANG",
                   help="csv: the spreadsheet's language settings: en (default) writes ',' between fields and "
                        "decimal points; de (de_DE, fr, ... any decimal-comma locale) writes ';' and decimal "
                        "commas, as German Excel reads them")
    p.add_argument("--imperial", action="store_true", help="xlsx, csv: masses in lb and lengths in ft")
    p.add_argument("--catalog", action="append", metavar="DIR",
                   help="catalog folder to use instead of the shipped and user catalogs (repeatable)")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="engine setting (see check)")
    p.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    p.set_defaults(func=run)


def _check_output(fmt: str, out: Path) -> None:
    from planner.cli import UserError

    if fmt == "xlsx":
        if out.is_dir():
            raise UserError(f"{out}: is a folder; give the workbook's file name (e.g. plan.xlsx)")
        if not out.parent.exists() and str(out.parent) not in ("", "."):
            raise UserError(f"{out}: the folder {out.parent} does not exist")
        if out.suffix.lower() != ".xlsx":
            raise UserError(f"{out}: an Excel workbook's name ends in .xlsx")
    else:
        if out.exists() and not out.is_dir():
            raise UserError(f"{out}: is a file; --format {fmt} writes into a folder")
        parent = out.parent
        if not out.exists() and not parent.exists() and str(parent) not in ("", "."):
            raise UserError(f"{out}: the folder {parent} does not exist")


def run(args) -> int:
    from planner.catalog import load_catalog
    from planner.cli import UserError
    from planner.commands.check import parse_settings
    from planner.documents import load_plan

    out = Path(args.output)
    fmt = args.format
    _check_output(fmt, out)
    if fmt == "csv":
        from planner.reports.csvout import dialect_for

        try:
            dialect = dialect_for(args.locale)
        except ValueError as e:
            raise UserError(f"--locale: {e}") from None
    settings = parse_settings(args.set)
    plan = load_plan(args.plan)
    catalog = load_catalog(args.catalog) if args.catalog else load_catalog()
    if catalog.errors:
        print(f"rackwright: warning: the catalog has {len(catalog.errors)} problem(s); "
              "`rackwright catalog validate` lists them", file=sys.stderr)
    try:
        if fmt == "netbox":
            try:
                from planner.netbox.export import export_netbox
            except ImportError as e:
                raise UserError(f"--format netbox: the NetBox export is not available in this build ({e})") from None
            written = list(export_netbox(plan, catalog, out))
        else:
            from planner.engine import Engine
            from planner.reports.tables import document_info, plan_tables

            results = Engine(catalog, settings).compute(plan)
            sheets = plan_tables(plan, catalog, results, imperial=args.imperial)
            if fmt == "xlsx":
                from planner.reports.xlsx import write_workbook

                written = [write_workbook(sheets, out, info=document_info(plan))]
            else:
                from planner.reports.csvout import write_csv_files

                written = write_csv_files(sheets, out, args.locale)
    except PermissionError as e:
        raise UserError(f"{e.filename or out}: cannot write ({e.strerror or e}; is it open in another program?)") \
            from None
    except OSError as e:
        raise UserError(f"{e.filename or out}: cannot write ({e.strerror or e})") from None
    if not args.quiet:
        if fmt == "xlsx":
            print(f"wrote {out} (sheets: {', '.join(s.name for s in sheets)})")
        else:
            extra = f", {dialect.name}" if fmt == "csv" else ""
            print(f"wrote {len(written)} file(s) to {out}{extra}: {', '.join(Path(p).name for p in written)}")
    return 0
