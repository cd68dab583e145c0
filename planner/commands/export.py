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

from planner.i18n import N_

NAME = "export"
HELP = N_("write the plan's hand-off files: Excel workbook, CSV tables, NetBox import files")
FORMATS = ("xlsx", "csv", "netbox")


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP),
                       description=_("Write the plan's tables (BOM, cable schedule, racks, power sources and feeds, "
                                     "PDUs, workload verdicts) as an Excel workbook or as CSV files, or the plan as "
                                     "NetBox import files. Sheet names, column titles and notes follow --lang; CSV "
                                     "file names and numbers do not (numbers follow --locale). Exit status: 0 "
                                     "written, 2 bad input."))
    p.add_argument("plan", help=_("plan file (.json or .rackplan)"))
    p.add_argument("--format", "-f", required=True, choices=FORMATS, help=_("xlsx: one workbook; csv: one file per "
                   "sheet in the folder OUT; netbox: NetBox CSV and device-type YAML in the folder OUT"))
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help=_("the workbook (xlsx) or the folder (csv, netbox) to write"))
    p.add_argument("--locale", default="en", metavar="LANG",
                   help=_("csv: the spreadsheet's language settings: en (default) writes ',' between fields and "
                        "decimal points; de (de_DE, fr, ... any decimal-comma locale) writes ';' and decimal "
                        "commas, as German Excel reads them"))
    p.add_argument("--imperial", action="store_true", help=_("xlsx, csv: masses in lb and lengths in ft"))
    p.add_argument("--site", metavar="NAME",
                   help=_("netbox: the NetBox site name to write instead of the plan's (two plans side by side "
                          "in one NetBox need two names)"))
    p.add_argument("--catalog", action="append", metavar="DIR",
                   help=_("catalog folder to use instead of the shipped and user catalogs (repeatable)"))
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help=_("engine setting (see check)"))
    p.add_argument("--quiet", "-q", action="store_true", help=_("print nothing on success"))
    p.set_defaults(func=run)


def _check_output(fmt: str, out: Path) -> None:
    from planner.commands.cli import UserError
    from planner.i18n import tf

    if fmt == "xlsx":
        if out.is_dir():
            raise UserError(tf("{path}: is a folder; give the workbook's file name (e.g. plan.xlsx)", path=out))
        if not out.parent.exists() and str(out.parent) not in ("", "."):
            raise UserError(tf("{path}: the folder {folder} does not exist", path=out, folder=out.parent))
        if out.suffix.lower() != ".xlsx":
            raise UserError(tf("{path}: an Excel workbook's name ends in .xlsx", path=out))
    else:
        if out.exists() and not out.is_dir():
            raise UserError(tf("{path}: is a file; --format {format} writes into a folder", path=out, format=fmt))
        parent = out.parent
        if not out.exists() and not parent.exists() and str(parent) not in ("", "."):
            raise UserError(tf("{path}: the folder {folder} does not exist", path=out, folder=parent))


def run(args) -> int:
    from planner.base.fileio import os_error_text
    from planner.commands.check import parse_settings
    from planner.commands.cli import UserError, catalog_warning
    from planner.files.documents import load_plan_with_catalog
    from planner.i18n import Np_, message_text, tf

    out = Path(args.output)
    fmt = args.format
    _check_output(fmt, out)
    if fmt == "csv":
        from planner.reports.csvout import dialect_for

        try:
            dialect = dialect_for(args.locale)
        except ValueError as e:
            raise UserError(tf("--locale: {error}", error=e)) from None
    settings = parse_settings(args.set)
    plan, catalog = load_plan_with_catalog(args.plan, args.catalog)
    if catalog.errors:
        print(catalog_warning(len(catalog.errors)), file=sys.stderr)
    try:
        if fmt == "netbox":
            try:
                from planner.netbox.export import export_netbox
            except ImportError as e:
                raise UserError(tf("--format netbox: the NetBox export is not available in this build ({error})",
                                   error=e)) from None
            from planner.engine import Engine

            site = (args.site or "").strip() or None
            written = list(export_netbox(plan, catalog, out, site_name=site,
                                         result=Engine(catalog, settings).compute(plan)))
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
        raise UserError(tf("{path}: cannot write ({error}; is it open in another program?)", path=e.filename or out,
                           error=message_text(os_error_text(e)))) from None
    except OSError as e:
        raise UserError(tf("{path}: cannot write ({error})", path=e.filename or out, error=message_text(os_error_text(e)))) from None
    if not args.quiet:
        if fmt == "xlsx":
            print(tf("wrote {path} (sheets: {sheets})", path=out, sheets=", ".join(s.name for s in sheets)))
        else:
            names = ", ".join(Path(p).name for p in written)
            if fmt == "csv":
                print(tf(Np_("wrote {n} file to {path}, {dialect}: {files}", "wrote {n} files to {path}, {dialect}: {files}"),
                         n=len(written), path=out, dialect=dialect.name, files=names))
            else:
                print(tf(Np_("wrote {n} file to {path}: {files}", "wrote {n} files to {path}: {files}"),
                         n=len(written), path=out, files=names))
    return 0
