"""`rackwright catalog list|validate`: what the catalog holds and which files fail.

`rackwright catalog import-netbox PATH...`: NetBox device-, module- and rack-type YAML
(files or folders) into the user catalog (planner.netbox.importer, docs/netbox.md)."""

from __future__ import annotations

import json

NAME = "catalog"
HELP = "list or validate the hardware catalog (shipped + user folder)"


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP)
    p.add_argument("action", choices=["list", "validate", "import-netbox"],
                   help="list entries, only validate, or import NetBox YAML files into the user catalog")
    p.add_argument("paths", nargs="*", help="catalog folders to load instead of the default layers "
                   "(import-netbox: the NetBox YAML files or folders to import)")
    p.add_argument("--replace", action="store_true",
                   help="with import-netbox: overwrite entries already in the user catalog and override shipped ones")
    p.add_argument("--into", metavar="FOLDER",
                   help="with import-netbox: the catalog folder to write to (default: the user catalog)")
    p.add_argument("--kind", help="with list: only device types of this kind (server, switch, ...)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.action == "import-netbox":
        return _import_netbox(args)
    from planner.catalog import catalog_summary, load_catalog

    cat = load_catalog(args.paths or None)
    if args.json:
        out = {
            "errors": [{"file": e.file, "line": e.line, "field": e.field, "message": e.message}
                       for e in cat.errors],
            "entries": [
                {"table": t, "slug": s, "kind": getattr(e, "kind", t), "layer": cat.origins[(t, s)].layer}
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


def _import_netbox(args) -> int:
    from pathlib import Path

    from planner.cli import UserError
    from planner.netbox.importer import import_netbox

    if not args.paths:
        raise UserError("catalog import-netbox: name the NetBox YAML files or folders to import")
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
            print("(import again with --replace to overwrite the entries skipped because their slug exists)")
    return 2 if report.failed else 0
