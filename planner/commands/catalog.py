"""`rackwright catalog list|validate|import-prices|import-netbox`: what the catalog holds, which
files fail, importing a distributor price list into the user catalog (docs/catalog.md, Price
lists) and NetBox device-, module- and rack-type YAML (files or folders) into the user catalog
(planner.netbox.importer, docs/netbox.md)."""

from __future__ import annotations

import json

from planner.i18n import N_

NAME = "catalog"
HELP = N_("list or validate the hardware catalog (shipped + user folder), or import a price list")


def register(sub) -> None:
    """One sub-command per action, each with only its own options, so
    ``rackwright catalog import-netbox --help`` shows what import-netbox takes (issue 31)."""
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP))
    acts = p.add_subparsers(dest="action", metavar="list|validate|import-prices|import-netbox", required=True)

    def folders(q):
        q.add_argument("paths", nargs="*", metavar="FOLDER",
                       help=_("catalog folders to load instead of the default layers"))

    def as_json(q):
        q.add_argument("--json", action="store_true", help=_("machine-readable output"))

    q = acts.add_parser("list", help=_("list the catalog's entries"))
    folders(q)
    q.add_argument("--kind", help=_("only device types of this kind (server, switch, ...)"))
    as_json(q)
    q = acts.add_parser("validate", help=_("only validate the catalog files"))
    folders(q)
    as_json(q)
    q = acts.add_parser("import-prices", help=_("import a CSV/XLSX price list into the user catalog"))
    q.add_argument("paths", nargs="*", metavar="FILE", help=_("the price list file (CSV or XLSX)"))
    q.add_argument("--name", help=_("the price list's name (default: the file name); "
                                    "importing a list of the same name again replaces it"))
    q.add_argument("--dry-run", action="store_true", help=_("report only, write nothing"))
    as_json(q)
    q = acts.add_parser("import-netbox", help=_("import NetBox device-, module- and rack-type YAML into the user catalog"))
    q.add_argument("paths", nargs="*", metavar="PATH", help=_("the NetBox YAML files or folders to import"))
    q.add_argument("--replace", action="store_true",
                   help=_("overwrite entries already in the user catalog and override shipped ones"))
    q.add_argument("--into", metavar="FOLDER",
                   help=_("the catalog folder to write to (default: the user catalog)"))
    as_json(q)
    p.set_defaults(func=run)


def run(args) -> int:
    if args.action == "import-prices":
        return run_import(args)
    if args.action == "import-netbox":
        return _import_netbox(args)
    from planner.catalog import catalog_summary, load_catalog

    cat = load_catalog(args.paths or None)
    if args.json:
        out = {
            "errors": [{"file": e.file, "line": e.line, "field": e.field, "message": e.message}
                       for e in cat.errors],
            "entries": [
                {"table": t, "slug": s, "kind": getattr(e, "kind", t), "layer": cat.origins[(t, s)].layer,
                 "price_list": cat.price_origins[(t, s)].file if (t, s) in cat.price_origins else None}
                for t, s, e in cat.items()
                if not getattr(args, "kind", None) or getattr(e, "kind", None) == args.kind
            ] if args.action == "list" else [],
        }
        print(json.dumps(out, indent=1))
    elif args.action == "list" and args.kind:
        for d in cat.devices_of_kind(args.kind):
            print(f"{d.slug:40s} {d.u_height:>4g}U  {d.manufacturer} {d.model}")
    else:
        print(catalog_summary(cat, verbose=args.action == "list"))
    return 1 if cat.errors else 0


def run_import(args) -> int:
    """Exit 0: every row matched; 1: some rows were not matched or could not be read (the
    matched ones are imported); 2: the file cannot be read (nothing written)."""
    from planner.catalog import load_catalog, user_catalog_dir
    from planner.catalog.pricelist import PriceListError, import_price_list, list_name
    from planner.commands.cli import UserError
    from planner.i18n import _, tf

    if len(args.paths) != 1:
        raise UserError(_("catalog import-prices: give exactly one price list file (CSV or XLSX)"))
    name = args.name
    if name is not None and list_name(name + ".x") != name:
        raise UserError(tf("--name: {name!r} is not a usable list name (lower-case letters, digits, '-', '_', '.'); "
                           "e.g. {example!r}", name=name, example=list_name(name + ".x")))
    cat = load_catalog()
    try:
        result, written = import_price_list(args.paths[0], cat, user_catalog_dir(), name=name,
                                            dry_run=args.dry_run)
    except PriceListError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        out = result.to_dict()
        out["written"] = str(written) if written else None
        print(json.dumps(out, indent=1, ensure_ascii=False))
    else:
        print("\n".join(result.report_lines(written)))
    return 0 if result.complete and result.matched else 1


def _import_netbox(args) -> int:
    from pathlib import Path

    from planner.commands.cli import UserError
    from planner.i18n import _
    from planner.netbox.importer import import_netbox

    if not args.paths:
        raise UserError(_("catalog import-netbox: name the NetBox YAML files or folders to import"))
    report = import_netbox(args.paths, Path(args.into) if args.into else None, replace=args.replace)
    if args.json:
        print(json.dumps({"dest": str(report.dest), "files": [
            {"file": str(r.path), "kind": r.kind, "status": r.status, "table": r.table, "slug": r.slug,
             "written": str(r.target) if r.ok and r.target else None, "needs_data": r.needs_data,
             "message": r.message,
             "errors": [{"line": e.line, "field": e.field, "message": e.message} for e in r.errors]}
            for r in report.results]}, indent=1))
    else:
        for r in report.results:
            for line in r.lines():
                print(line)
        print(report.summary())
        if any(r.replaceable for r in report.results):
            print(_("(import again with --replace to overwrite the entries skipped because their slug exists)"))
    return 2 if report.failed else 0
