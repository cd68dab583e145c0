"""`rackwright brownfield --racks RACKS.csv --devices DEVICES.csv [--device-types TYPES.csv] -o PLAN`:
a new plan from NetBox's CSV export of a site (planner.netbox.site, docs/netbox.md).

The racks and devices of the hall as they stand, so the new AI rows are planned into
it. Lines that cannot be imported (a device type not in the catalog, a device without
a rack or position, an overlap, a rack of another site) are listed with file and line;
everything else is imported. Exit 0 all imported, 1 written with lines left out,
2 bad input (unreadable export, no racks, PLAN exists without --force).
"""

from __future__ import annotations

import sys
from pathlib import Path

from planner.i18n import N_

NAME = "brownfield"
HELP = N_("start a plan from a NetBox site export (racks, devices, device types CSV)")


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP), description=_(
        "The racks and devices of the hall as they stand, so the new AI rows are planned into it. Lines that "
        "cannot be imported (a device type not in the catalog, a device without a rack or position, an overlap, "
        "a rack of another site) are listed with file and line; everything else is imported. Exit 0 all "
        "imported, 1 written with lines left out, 2 bad input (unreadable export, no racks, PLAN exists "
        "without --force)."))
    p.add_argument("--racks", required=True, metavar="CSV", help=_("NetBox export of the site's racks"))
    p.add_argument("--devices", metavar="CSV", help=_("NetBox export of the site's devices"))
    p.add_argument("--device-types", metavar="CSV",
                   help=_("NetBox export of the device types (maps models to catalog slugs)"))
    p.add_argument("--site", help=_("the site to import when the export holds several (default: the most racks)"))
    p.add_argument("-o", "--output", required=True, metavar="PLAN", help=_("plan file to write (.json or .rackplan)"))
    p.add_argument("--force", action="store_true", help=_("replace PLAN if it exists"))
    p.add_argument("--catalog", action="append", metavar="DIR",
                   help=_("catalog folder to use instead of the shipped and user catalogs (repeatable)"))
    p.set_defaults(func=run)


def run(args) -> int:
    from planner.catalog import load_catalog
    from planner.commands.cli import UserError
    from planner.netbox.site import SiteImportError, import_site

    out = check_output(args.output, args.force)
    catalog = load_catalog(args.catalog) if args.catalog else load_catalog()
    try:
        result = import_site(args.racks, args.devices, catalog, args.device_types, site=args.site)
    except SiteImportError as e:
        raise UserError(str(e)) from None
    return write_site_plan(result, out, catalog)


def check_output(path: str, force: bool) -> Path:
    """The plan file a site import writes: a known suffix, and not over a file without --force."""
    from planner.commands.cli import UserError
    from planner.files.documents import format_for_suffix
    from planner.i18n import _, tf

    out = Path(path)
    if format_for_suffix(out) is None:
        raise UserError(tf("{path}: unknown plan format {suffix!r}; name it .json or .rackplan", path=out,
                           suffix=out.suffix or _("(no suffix)")))
    if out.exists() and not force:
        raise UserError(tf("{path}: exists; give --force to replace it", path=out))
    return out


def write_site_plan(result, out: Path, catalog) -> int:
    """Write a site import's plan and list what was left out; exit 1 when anything was."""
    from planner.commands.cli import UserError
    from planner.files.documents import save_plan
    from planner.i18n import tf
    from planner.netbox.site import report_lines

    try:
        save_plan(result.plan, out, catalog)
    except OSError as e:
        raise UserError(tf("{path}: cannot write ({error})", path=out, error=e.strerror or e)) from None
    for line in report_lines(result):
        print(line, file=sys.stdout)
    print(tf("wrote {path}", path=out))
    return 1 if result.problems else 0
