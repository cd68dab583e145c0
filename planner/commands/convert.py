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

NAME = "convert"
HELP = "convert a plan between JSON (.json) and the project file (.rackplan)"


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP,
                       description=__doc__.split("\n\n", 1)[1] if __doc__ else None)
    p.add_argument("input", metavar="IN", help="plan file to read (.json or .rackplan)")
    p.add_argument("output", metavar="OUT", help="file to write; its suffix (.json or .rackplan) picks the format")
    p.add_argument("--force", action="store_true", help="replace OUT if it exists")
    p.set_defaults(func=run)


def run(args) -> int:
    from planner.catalog import load_catalog
    from planner.cli import UserError
    from planner.documents import format_for_suffix, open_document, repository_link
    from planner.plan_io import save_plan_json
    from planner.storage import merge_catalogs, save_rackplan

    src, dst = Path(args.input), Path(args.output)
    fmt = format_for_suffix(dst)
    if fmt is None:
        raise UserError(f"{dst}: unknown output format {dst.suffix or '(no suffix)'!r}; "
                        "name it .json or .rackplan")
    if not src.exists():
        raise UserError(f"{src}: no such file")
    if dst.exists() and dst.resolve() == src.resolve():
        raise UserError(f"{dst}: input and output are the same file")
    if dst.is_dir():
        raise UserError(f"{dst}: is a folder")
    if dst.exists() and not args.force:
        raise UserError(f"{dst}: already exists (use --force to replace it)")
    if not dst.parent.resolve().is_dir():
        raise UserError(f"{dst.parent}: no such folder")

    opened = open_document(src)  # PlanFormatError -> exit 2 with file and reason
    link = repository_link(src) if opened.kind == "rackplan" else {}
    try:
        if fmt == "json":
            save_plan_json(opened.plan, dst)
            n = len(opened.embedded)
            if n:
                print(f"note: {n} catalog entr{'y' if n == 1 else 'ies'} stored in {src.name} "
                      "are not part of the JSON form", file=sys.stderr)
            print(f"wrote {dst} ({dst.stat().st_size / 1024:.0f} KiB, JSON)")
            if link:
                print(f"note: {src.name} is revision {link['repo_revision']} of {link['repo_plan']!r} in "
                      f"{link['repo_url']}; a JSON plan cannot remember that: push it with "
                      f"--name {link['repo_plan']!r} --base {link['repo_revision']}", file=sys.stderr)
        else:
            local = load_catalog()
            catalog = merge_catalogs(local, opened.embedded, prefer="file")
            # a pulled plan's copy stays linked to its repository plan (docs/repository.md)
            info = save_rackplan(opened.plan, dst, catalog, embedded=opened.embedded, extra_meta=link)
            for u in info.unknown:
                print(f"note: {u}: not in any catalog, not embedded", file=sys.stderr)
            print(f"wrote {dst} ({info.size_bytes / 1024:.0f} KiB, project file, "
                  f"{info.embedded} catalog entries embedded)")
    except ValueError as e:  # e.g. a figure that is not a finite number
        raise UserError(f"{dst}: {e}") from None
    except OSError as e:
        raise UserError(f"{dst}: cannot write: {e.strerror or e}") from None
    return 0
