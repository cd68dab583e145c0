"""`rackwright catalog list|validate`: what the catalog holds and which files fail."""

from __future__ import annotations

import json

NAME = "catalog"
HELP = "list or validate the hardware catalog (shipped + user folder)"


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP)
    p.add_argument("action", choices=["list", "validate"], help="list entries, or only validate")
    p.add_argument("paths", nargs="*", help="catalog folders to load instead of the default layers")
    p.add_argument("--kind", help="with list: only device types of this kind (server, switch, ...)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args) -> int:
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
