"""`rackwright catalog list|validate|import-prices`: what the catalog holds, which files fail,
and importing a distributor price list into the user catalog (docs/catalog.md, Price lists)."""

from __future__ import annotations

import json

NAME = "catalog"
HELP = "list or validate the hardware catalog (shipped + user folder), or import a price list"


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP)
    p.add_argument("action", choices=["list", "validate", "import-prices"],
                   help="list entries, only validate, or import a CSV/XLSX price list into the user catalog")
    p.add_argument("paths", nargs="*",
                   help="list/validate: catalog folders to load instead of the default layers; "
                        "import-prices: the price list file (CSV or XLSX)")
    p.add_argument("--kind", help="with list: only device types of this kind (server, switch, ...)")
    p.add_argument("--name", help="with import-prices: the price list's name (default: the file name); "
                                  "importing a list of the same name again replaces it")
    p.add_argument("--dry-run", action="store_true", help="with import-prices: report only, write nothing")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.action == "import-prices":
        return run_import(args)
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
                if not args.kind or getattr(e, "kind", None) == args.kind
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
    from planner.cli import UserError

    if len(args.paths) != 1:
        raise UserError("catalog import-prices: give exactly one price list file (CSV or XLSX)")
    name = args.name
    if name is not None and list_name(name + ".x") != name:
        raise UserError(f"--name: {name!r} is not a usable list name (lower-case letters, digits, '-', '_', '.'); "
                        f"e.g. {list_name(name + '.x')!r}")
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
