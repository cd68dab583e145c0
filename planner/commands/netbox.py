"""`rackwright netbox push PLAN --url URL --token-env VAR [--site NAME] [--dry-run]` and
`rackwright netbox pull --url URL --token-env VAR --site NAME -o PLAN`: a plan into a live
NetBox through its REST API and a live site back as a plan (planner.netbox.api, docs/netbox.md).

The token is read from the environment variable VAR, never from the command line (where other
users of the machine see it) and never printed or stored. Exit 0 done, 2 bad input (wrong URL,
token or permission, unreachable server, a site that exists with other content, NetBox refusing
an object: the line says what NetBox kept).
"""

from __future__ import annotations

import os
import sys

from planner.i18n import N_

NAME = "netbox"
HELP = N_("push a plan into a live NetBox, or pull a NetBox site into a new plan (REST API)")


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP), description=_(HELP))
    actions = p.add_subparsers(dest="netbox_action", required=True, metavar="push|pull")

    def common(q) -> None:
        q.add_argument("--url", required=True, help=_("NetBox's address, e.g. https://netbox.example.com"))
        q.add_argument("--token-env", required=True, metavar="VAR",
                       help=_("environment variable holding the API token (never given on the command line)"))
        q.add_argument("--no-verify-tls", action="store_true",
                       help=_("do not verify NetBox's TLS certificate (a test server with a self-signed one)"))
        q.add_argument("--catalog", action="append", metavar="DIR",
                       help=_("catalog folder to use instead of the shipped and user catalogs (repeatable)"))

    push = actions.add_parser("push", help=_("create or update the plan's objects in NetBox"),
                              description=_("Create or update manufacturers, device and rack types, the site, its "
                                            "locations, racks, devices, cables, power panels, feeds and cords. "
                                            "A second push changes nothing; nothing outside the plan's site is "
                                            "touched. The changes are listed before they are made."))
    push.add_argument("plan", help=_("plan file (.json or .rackplan)"))
    common(push)
    push.add_argument("--site", metavar="NAME", help=_("the NetBox site name (default: the plan's)"))
    push.add_argument("--dry-run", action="store_true", help=_("list the changes and make none"))
    push.set_defaults(func=run_push)
    pull = actions.add_parser("pull", help=_("start a plan from a live NetBox site"),
                              description=_("A new plan from a NetBox site's racks, rack types and devices (as "
                                            "brownfield reads them from export files)."))
    common(pull)
    pull.add_argument("--site", required=True, metavar="NAME", help=_("the NetBox site to read"))
    pull.add_argument("-o", "--output", required=True, metavar="PLAN", help=_("plan file to write (.json or "
                                                                               ".rackplan)"))
    pull.add_argument("--force", action="store_true", help=_("replace PLAN if it exists"))
    pull.set_defaults(func=run_pull)


def _connect(args):
    from planner.commands.cli import UserError
    from planner.i18n import tf
    from planner.netbox.api import NetBoxError, connect

    token = os.environ.get(args.token_env, "").strip()
    if not token:
        raise UserError(tf("--token-env {var}: the environment variable is not set or empty", var=args.token_env))
    try:
        return connect(args.url, token, verify=not args.no_verify_tls)
    except NetBoxError as e:
        raise UserError(str(e)) from None


def _catalog(args):
    from planner.catalog import load_catalog

    return load_catalog(args.catalog) if args.catalog else load_catalog()


def run_push(args) -> int:
    from planner.commands.cli import UserError
    from planner.files.documents import load_plan_with_catalog
    from planner.i18n import tf
    from planner.netbox.api import NetBoxError, apply_push, plan_cables, plan_push
    from planner.netbox.export import netbox_tables

    plan, catalog = load_plan_with_catalog(args.plan, args.catalog)
    nt = netbox_tables(plan, catalog, site_name=(args.site or "").strip() or None)
    api = _connect(args)
    try:
        pp, st = plan_push(api, nt)
        creates_devices = any(c.kind in ("devices", "sites") and c.action == "create" for c in pp.changes)
        if creates_devices:
            n_cables = sum(len(nt.rows(s)) for s in ("-cables", "-power-cables", "-feed-cables"))
            cables_line = tf("cables: up to {n} to create once the devices exist", n=n_cables)
            cable_changes = None
        else:
            cable_changes, _missing = plan_cables(api, nt, st)
            cables_line = None
    except NetBoxError as e:
        raise UserError(str(e)) from None
    counts = pp.counts()
    if cable_changes:
        for c in cable_changes:
            counts[(c.action, "cables")] = counts.get((c.action, "cables"), 0) + 1
    total = sum(counts.values())
    print(tf("NetBox site {site!r} at {url}:", site=nt.site, url=args.url))
    for (action, kind), n in sorted(counts.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if action == "create":
            print(tf("  {kind}: {n} to create", kind=kind, n=n))
        else:
            print(tf("  {kind}: {n} to update", kind=kind, n=n))
    if cables_line:
        print("  " + cables_line)
    if pp.extra:
        print(tf("  {n} objects in the site are not in the plan (left as they are): {first}", n=len(pp.extra),
                 first=", ".join(pp.extra[:5])))
    if total == 0 and not cables_line:
        print(tf("0 changes: NetBox already holds the plan"))
        return 0
    if args.dry_run:
        print(tf("dry run: nothing changed"))
        return 0
    last = [0.0]

    def progress(done: int, of: int) -> None:
        import time

        now = time.monotonic()
        if now - last[0] > 2 or done == of:
            last[0] = now
            print(tf("  {done} of {total} changes made", done=done, total=of), file=sys.stderr, flush=True)

    try:
        made, missing = apply_push(pp, st, nt, progress=progress)
    except NetBoxError as e:
        raise UserError(str(e)) from None
    print(tf("{n} changes made in NetBox", n=made))
    for m in missing[:20]:
        print(tf("  cable left out, a termination is not in NetBox: {cable}", cable=m))
    return 0


def run_pull(args) -> int:
    from planner.commands.brownfield import check_output, write_site_plan
    from planner.commands.cli import UserError
    from planner.netbox.api import NetBoxError
    from planner.netbox.pull import pull_site  # pull reads through the API module, never the reverse
    from planner.netbox.site import SiteImportError

    out = check_output(args.output, args.force)
    catalog = _catalog(args)
    api = _connect(args)
    try:
        result = pull_site(api, args.site, catalog)
    except (NetBoxError, SiteImportError) as e:
        raise UserError(str(e)) from None
    return write_site_plan(result, out, catalog)
