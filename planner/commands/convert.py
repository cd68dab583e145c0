"""`rackwright convert IN OUT`: between the JSON form and the .rackplan project file.

The output format follows OUT's suffix (``.json`` or ``.rackplan``); the input is
recognised by its content. OUT is written atomically (never a partial file) and
an existing OUT is replaced only with ``--force``. Catalog entries stored in a
.rackplan input are kept when writing a .rackplan; entries the input lacks come
from the local catalog. The JSON form holds the plan only, so converting to JSON
says how many stored catalog entries it leaves behind.
"""

from __future__ import annotations

import sys
from pathlib import Path

from planner.i18n import N_

NAME = "convert"
HELP = N_("convert a plan between JSON (.json) and the project file (.rackplan)")


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP), description=_(
        "The output format follows OUT's suffix (.json or .rackplan); the input is recognised by its content. "
        "OUT is written atomically (never a partial file) and an existing OUT is replaced only with --force. "
        "Catalog entries stored in a .rackplan input are kept when writing a .rackplan; entries the input lacks "
        "come from the local catalog. The JSON form holds the plan only, so converting to JSON says how many "
        "stored catalog entries it leaves behind."))
    p.add_argument("input", metavar="IN", help=_("plan file to read (.json or .rackplan)"))
    p.add_argument("output", metavar="OUT", help=_("file to write; its suffix (.json or .rackplan) picks the format"))
    p.add_argument("--force", action="store_true", help=_("replace OUT if it exists"))
    p.set_defaults(func=run)


def run(args) -> int:
    from planner.catalog import load_catalog
    from planner.commands.cli import UserError
    from planner.files.documents import format_for_suffix, open_document, repository_link
    from planner.files.plan_io import save_plan_json
    from planner.files.storage import merge_catalogs, save_rackplan
    from planner.i18n import Np_, _, tf

    src, dst = Path(args.input), Path(args.output)
    fmt = format_for_suffix(dst)
    if fmt is None:
        raise UserError(tf("{path}: unknown output format {suffix!r}; name it .json or .rackplan", path=dst,
                           suffix=dst.suffix or _("(no suffix)")))
    if not src.exists():
        raise UserError(tf("{path}: no such file", path=src))
    if dst.exists() and dst.resolve() == src.resolve():
        raise UserError(tf("{path}: input and output are the same file", path=dst))
    if dst.is_dir():
        raise UserError(tf("{path}: is a folder", path=dst))
    if dst.exists() and not args.force:
        raise UserError(tf("{path}: already exists (use --force to replace it)", path=dst))
    if not dst.parent.resolve().is_dir():
        raise UserError(tf("{path}: no such folder", path=dst.parent))

    opened = open_document(src)  # PlanFormatError -> exit 2 with file and reason
    link = repository_link(src) if opened.kind == "rackplan" else {}
    try:
        if fmt == "json":
            save_plan_json(opened.plan, dst)
            n = len(opened.embedded)
            if n:
                print(tf(Np_("note: {n} catalog entry stored in {file} is not part of the JSON form",
                             "note: {n} catalog entries stored in {file} are not part of the JSON form"),
                         n=n, file=src.name), file=sys.stderr)
            print(tf("wrote {path} ({kib:.0f} KiB, JSON)", path=dst, kib=dst.stat().st_size / 1024))
            if link:
                print(tf("note: {file} is revision {revision} of {name!r} in {url}; a JSON plan cannot remember "
                         "that: push it with --name {name!r} --base {revision}", file=src.name,
                         revision=link["repo_revision"], name=link["repo_plan"], url=link["repo_url"]),
                      file=sys.stderr)
        else:
            local = load_catalog()
            catalog = merge_catalogs(local, opened.embedded, prefer="file")
            # a pulled plan's copy stays linked to its repository plan (docs/repository.md)
            info = save_rackplan(opened.plan, dst, catalog, embedded=opened.embedded, extra_meta=link)
            for u in info.unknown:
                print(tf("note: {slug}: not in any catalog, not embedded", slug=u), file=sys.stderr)
            print(tf(Np_("wrote {path} ({kib:.0f} KiB, project file, {n} catalog entry embedded)",
                         "wrote {path} ({kib:.0f} KiB, project file, {n} catalog entries embedded)"),
                     path=dst, kib=info.size_bytes / 1024, n=info.embedded))
    except ValueError as e:  # e.g. a figure that is not a finite number
        raise UserError(f"{dst}: {e}") from None
    except OSError as e:
        raise UserError(tf("{path}: cannot write: {error}", path=dst, error=e.strerror or e)) from None
    return 0
