"""`rackwright report PLAN -o OUT.pdf`: write the printed build plan (PDF build sheets).

Exit 0 when the PDF was written (whatever the findings say: they are in the PDF), 2 on
bad input (unreadable plan, unknown section, an output folder that does not exist or
cannot be written)."""

from __future__ import annotations

import sys
from pathlib import Path

from planner.i18n import N_

NAME = "report"
HELP = N_("write the build plan PDF (cover, floor plan, rack sheets, power, cooling, "
          "BOM, cable schedule, findings)")


def register(sub) -> None:
    from planner.commands.numbers import count
    from planner.i18n import _, tf
    from planner.reports import SECTIONS

    p = sub.add_parser(NAME, help=_(HELP),
                       description=tf("Write the printed build plan of PLAN as a PDF. Exit status: 0 written, "
                                      "2 bad input. Sections: {sections}.", sections=", ".join(SECTIONS)))
    p.add_argument("plan", help=_("plan file (.json or .rackplan)"))
    p.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help=_("the PDF to write (replaced atomically)"))
    p.add_argument("--lang", choices=("de", "en"), default=None,
                   help=_("language of the report (default: the system's)"))
    p.add_argument("--units", choices=("metric", "imperial"), default=None,
                   help=_("metric (kW, m³/h, L/min, kg, m) or imperial (BTU/h, tons, CFM, gpm, lb, ft); default metric"))
    p.add_argument("--imperial", action="store_true", help=_("same as --units imperial"))
    p.add_argument("--sections", nargs="+", metavar="SECTION",
                   help=_("only these sections, in the document's order (space or comma separated); default: all but "
                        "labels (cable labels, printed on label stock)"))
    p.add_argument("--page-size", choices=("a4", "letter"), default=None,
                   help=_("paper, landscape (default: A4 in German, Letter in English)"))
    p.add_argument("--internal", action="store_true",
                   help=_("write the internal checklist instead of the build plan: prices to get, internal notes, "
                        "estimates to confirm, requirements open, findings to clear (for the planner, not the "
                        "customer)"))
    p.add_argument("--with-checklist", action="store_true",
                   help=_("append the internal checklist to the build plan (off by default: it is not for the "
                        "customer)"))
    p.add_argument("--no-toc", action="store_true",
                   help=_("no contents page after the cover (the PDF outline is made anyway)"))
    p.add_argument("--rack-sheet-limit", type=count, default=48, metavar="N",
                   help=_("above N racks, draw one elevation sheet per distinct rack layout (default 48)"))
    p.add_argument("--cable-schedule-limit", type=count, default=5000, metavar="N",
                   help=_("above N cables to pull, count the cable schedule and the pull list per pair of racks "
                          "(every cable stays in `rackwright export` and on the labels; default 5000)"))
    p.add_argument("--compare", nargs="+", metavar="PLAN", default=None,
                   help=_("add a page comparing PLAN (option A) with up to three other plans (B, C, D): figures, "
                          "costs, workloads and what differs (see `rackwright compare`)"))
    p.add_argument("--catalog", action="append", metavar="DIR",
                   help=_("catalog folder to use instead of the shipped and user catalogs (repeatable)"))
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help=_("engine setting (see check)"))
    p.add_argument("--quiet", "-q", action="store_true", help=_("print nothing on success"))
    p.set_defaults(func=run)


def parse_sections(values: list[str] | None) -> tuple[str, ...]:
    from planner.commands.cli import UserError
    from planner.i18n import Np_, tf
    from planner.reports import DEFAULT_SECTIONS, SECTIONS

    if not values:
        return DEFAULT_SECTIONS
    asked = [s.strip().lower() for v in values for s in v.split(",") if s.strip()]
    unknown = [s for s in asked if s not in SECTIONS]
    if unknown:
        raise UserError(tf(Np_("--sections: unknown section {sections} (known: {known})",
                               "--sections: unknown sections {sections} (known: {known})"), n=len(unknown),
                           sections=", ".join(unknown), known=", ".join(SECTIONS)))
    return tuple(s for s in SECTIONS if s in asked)


def run(args) -> int:
    from planner.base.fileio import os_error_text
    from planner.commands.check import parse_settings
    from planner.commands.cli import UserError, catalog_warning
    from planner.engine import Engine
    from planner.files.documents import load_plan_with_catalog
    from planner.i18n import _, current_language, format_number, message_text, ngettext, tf
    from planner.reports import ReportOptions, build_plan_pdf

    out = Path(args.output)
    if out.is_dir():
        raise UserError(tf("{path}: is a folder; give the PDF's file name", path=out))
    if out.suffix.lower() != ".pdf":  # a PDF under another name would open as garbage in that app
        raise UserError(tf("{path}: the build plan is a PDF; give a file name ending in .pdf (e.g. {suggest})",
                           path=out, suggest=out.with_suffix(".pdf") if out.suffix else str(out) + ".pdf"))
    if not out.parent.exists() and str(out.parent) not in ("", "."):
        raise UserError(tf("{path}: the folder {folder} does not exist", path=out, folder=out.parent))
    if args.rack_sheet_limit < 0:
        raise UserError(_("--rack-sheet-limit must be 0 or more"))
    if args.internal and args.sections:
        raise UserError(_("--internal writes the checklist alone; leave out --sections (or use --with-checklist)"))
    sections = () if args.internal else parse_sections(args.sections)
    settings = parse_settings(args.set)
    plan, catalog = load_plan_with_catalog(args.plan, args.catalog)
    if catalog.errors:
        print(catalog_warning(len(catalog.errors)), file=sys.stderr)
    results = Engine(catalog, settings).compute(plan)
    comparison = None
    if args.compare:
        from pathlib import Path as _Path

        from planner.commands.compare import load_builds
        from planner.design.compare import MAX_OPTIONS, compare_builds

        if len(args.compare) > MAX_OPTIONS - 1:
            raise UserError(tf("--compare takes 1 to {n} plans besides PLAN, not {got}", n=MAX_OPTIONS - 1,
                               got=len(args.compare)))
        others, _cat = load_builds(list(args.compare), args.catalog, args.set, at_least=1)
        comparison = compare_builds([(_Path(args.plan).name, plan, results), *others], catalog)
    if args.imperial and args.units == "metric":
        raise UserError(_("--imperial contradicts --units metric"))
    lang = args.lang or current_language()
    options = ReportOptions(imperial=args.imperial or args.units == "imperial", sections=sections,
                            page_size=args.page_size, rack_sheet_limit=args.rack_sheet_limit,
                            cable_schedule_limit=args.cable_schedule_limit,
                            toc=not args.no_toc and not args.internal, lang=lang,
                            checklist=args.internal or args.with_checklist, comparison=comparison)
    try:
        summary = build_plan_pdf(plan, catalog, results, out, options)
    except OSError as e:  # PermissionError too
        raise UserError(tf("{path}: cannot write ({error})", path=out, error=message_text(os_error_text(e)))) from None
    if summary.missing_glyphs:
        for note in summary.notes[:1]:
            print(tf("rackwright: warning: {note} (docs/reports.md, Fonts and scripts)", note=note), file=sys.stderr)
    if not args.quiet:
        size = format_number(summary.bytes / 1024, lang, 0)
        if summary.summarised:
            line = _("wrote {out} ({pages} pages, {size} KiB, sections: {sections}; rack sheets summarised: {layouts} "
                     "layouts for {racks} racks)", lang)
        else:
            line = ngettext("wrote {out} ({pages} page, {size} KiB, sections: {sections})",
                            "wrote {out} ({pages} pages, {size} KiB, sections: {sections})", summary.pages, lang)
        print(line.format(out=out, pages=summary.pages, size=size, sections=", ".join(summary.sections),
                          layouts=summary.rack_sheets, racks=summary.racks))
        if summary.cables_summarised:
            print(tf("the cable schedule and pull list count {n} cables per pair of racks (more than "
                     "--cable-schedule-limit {limit}); every cable is in `rackwright export`",
                     n=format_number(summary.cables, lang, 0), limit=args.cable_schedule_limit))
    return 0
