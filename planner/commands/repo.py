"""`rackwright repo init|push|list|log|pull|rm|mv|restore|catalog-push|catalog-pull`: a team repository of
plans with their revision history on a PostgreSQL server (docs/repository.md).

URL is a SQLAlchemy URL, e.g. postgresql+psycopg://alice@db.example:5432/plans. Passwords
come from libpq: ~/.pgpass, PGPASSWORD or a service file (postgresql+psycopg:///?service=NAME);
on a terminal the command asks when the server wants one. A password is never written to a
plan or a settings file.

A pulled plan (.rackplan) remembers the repository, the plan's name and the revision it was
pulled at; `repo push` of that file sends it as the next revision. When someone else pushed
in between, the two sets of changes are merged when they do not collide (the merged plan is
pushed and written back to the file); otherwise nothing is written and the exit code is 3.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

NAME = "repo"
HELP = "share plans through a team repository on a PostgreSQL server (push, pull, list, log)"
EXIT_CONFLICT = 3


def register(sub) -> None:
    p = sub.add_parser(NAME, help=HELP, description=__doc__.split("\n\n", 1)[1] if __doc__ else None)
    acts = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    a = acts.add_parser("init", help="create the repository tables in an empty database (or upgrade them)")
    a.add_argument("url", metavar="URL")
    a = acts.add_parser("push", help="store a plan as the next revision")
    a.add_argument("plan", metavar="PLAN", help="the plan file (.rackplan or .json)")
    a.add_argument("url", metavar="URL")
    a.add_argument("--name", help="the plan's name in the repository (default: the name it was pulled as, "
                                  "else the file name without suffix)")
    a.add_argument("--message", "-m", default="", help="what changed, for the revision history")
    a.add_argument("--base", type=int, metavar="N",
                   help="the revision this plan was made from (default: what the pulled file remembers)")
    a.add_argument("--no-merge", action="store_true",
                   help="refuse instead of merging when someone else pushed since the base revision")
    a = acts.add_parser("list", help="the plans: name, head revision, author, time")
    a.add_argument("url", metavar="URL")
    a.add_argument("--search", default="", help="only names containing this (any case)")
    a.add_argument("--deleted", action="store_true", help="the removed plans (repo rm) instead")
    a.add_argument("--json", action="store_true", help="machine-readable output")
    a = acts.add_parser("log", help="every revision of a plan, newest first, with what changed")
    a.add_argument("url", metavar="URL")
    a.add_argument("name", metavar="NAME")
    a.add_argument("--json", action="store_true", help="machine-readable output")
    a = acts.add_parser("pull", help="write a revision of a plan (default: the newest) to a .rackplan file")
    a.add_argument("url", metavar="URL")
    a.add_argument("name", metavar="NAME")
    a.add_argument("--revision", "-r", type=int, metavar="N")
    a.add_argument("-o", "--output", required=True, metavar="PLAN", help="the .rackplan file to write")
    a.add_argument("--force", action="store_true", help="replace PLAN if it exists")
    a = acts.add_parser("rm", help="remove a plan from the list; its revisions are kept (repo restore brings it "
                                   "back); --purge deletes it and every revision for good")
    a.add_argument("url", metavar="URL")
    a.add_argument("name", metavar="NAME")
    a.add_argument("--purge", action="store_true",
                   help="delete the plan and all its revisions for good (needs the DELETE right on the server; "
                        "asks for the plan's name unless --yes)")
    a.add_argument("--yes", action="store_true", help="do not ask before --purge")
    a = acts.add_parser("mv", help="rename a plan; its history goes with it")
    a.add_argument("url", metavar="URL")
    a.add_argument("old", metavar="OLD")
    a.add_argument("new", metavar="NEW")
    a = acts.add_parser("restore", help="bring back a plan removed with repo rm")
    a.add_argument("url", metavar="URL")
    a.add_argument("name", metavar="NAME")
    a = acts.add_parser("catalog-push", help="make a catalog folder the team's catalog layer")
    a.add_argument("folder", metavar="FOLDER")
    a.add_argument("url", metavar="URL")
    a = acts.add_parser("catalog-pull", help="write the team's catalog layer to a folder "
                                             "(default: the team catalog folder the app loads)")
    a.add_argument("url", metavar="URL")
    a.add_argument("-o", "--output", metavar="FOLDER")
    for a in acts.choices.values():
        a.set_defaults(func=run, json=getattr(a, "json", False))
    p.set_defaults(func=run)


def _connect(url: str):
    from planner.cli import UserError
    from planner.repository import NeedPassword, RepoError, Repository

    try:
        repo = Repository(url)
    except RepoError as e:
        raise UserError(str(e)) from None

    def call(fn, *a, **kw):
        nonlocal repo
        try:
            return fn(repo, *a, **kw)
        except NeedPassword as e:
            if not sys.stdin.isatty():
                raise UserError(f"{e}; put it in ~/.pgpass or PGPASSWORD") from None
            import getpass

            pw = getpass.getpass(f"password for {repo.display_url}: ")
            repo.close()
            repo = Repository(url, password=pw)
            try:
                return fn(repo, *a, **kw)
            except RepoError as e2:
                raise UserError(str(e2)) from None
        except RepoError as e:
            if type(e).__name__ == "RepoConflict":
                raise
            raise UserError(str(e)) from None

    return call


def run(args) -> int:
    from planner.cli import UserError

    act = args.action
    call = _connect(args.url)
    if act == "init":
        print(call(lambda r: r.init()))
        return 0
    if act == "list":
        plans = call(lambda r: r.list(args.search, deleted=args.deleted))
        if args.json:
            print(json.dumps([p.to_json() for p in plans], indent=1))
        else:
            for p in plans:
                gone = f"  removed by {p.deleted_by} {p.deleted_at:%Y-%m-%d %H:%M}" if p.deleted_at else ""
                print(f"{p.name:30s} r{p.head:<5d} {p.author:16s} {p.time:%Y-%m-%d %H:%M} {p.gpus:>6d} GPUs  "
                      f"{p.message.splitlines()[0] if p.message else ''}{gone}")
            if not plans:
                print(("no removed plans" if args.deleted else "no plans")
                      + (f" matching {args.search!r}" if args.search else ""))
        return 0
    if act == "rm":
        return _rm(args, call)
    if act == "mv":
        call(lambda r: r.rename(args.old, args.new))
        print(f"renamed {args.old!r} to {args.new!r} (with its history); push a copy pulled under the old name "
              f"with --name {args.new!r} --base N (N: the revision it was pulled at)")
        return 0
    if act == "restore":
        call(lambda r: r.restore(args.name))
        print(f"restored {args.name!r}")
        return 0
    if act == "log":
        revs = call(lambda r: r.log(args.name))
        if args.json:
            print(json.dumps([x.to_json() for x in revs], indent=1))
        else:
            for x in revs:
                how = f" (merged with r{x.merged_with})" if x.merged_with else ""
                print(f"r{x.number}  {x.time:%Y-%m-%d %H:%M}  {x.author}{how}: {x.message}")
                print(f"    {x.changes.summary()}")
        return 0
    if act == "pull":
        return _pull(args, call)
    if act == "push":
        return _push(args, call)
    if act == "catalog-push":
        folder = Path(args.folder)
        if not folder.is_dir():
            raise UserError(f"{folder}: no such folder")
        files = {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
                 for p in sorted(folder.rglob("*")) if p.suffix in (".yaml", ".yml") and p.is_file()}
        from planner.catalog import load_catalog

        cat = load_catalog([folder])
        if cat.errors:
            raise UserError(f"{folder}: the catalog has {len(cat.errors)} error(s), first: {cat.errors[0]}; "
                            "nothing was pushed")
        n = call(lambda r: r.put_catalog_files(files))
        print(f"the team catalog is now {n} file(s) from {folder}")
        return 0
    if act == "catalog-pull":
        return _catalog_pull(args, call)
    raise UserError(f"repo: unknown action {act!r}")


MANIFEST = ".rackwright-team-catalog.json"  # what the last catalog-pull wrote to the folder


def _catalog_pull(args, call) -> int:
    """Write the team's catalog files; remove the files an earlier pull wrote that the team
    has since removed (the manifest says which), unless changed here since; a file the
    repository never wrote (the user's own) is neither removed nor overwritten."""
    import hashlib

    from planner.catalog import team_catalog_dir
    from planner.cli import UserError
    from planner.fileio import atomic_write_bytes
    from planner.repository import safe_url

    def digest(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()

    out = Path(args.output) if args.output else team_catalog_dir()
    files = call(lambda r: r.catalog_files())
    root = out.resolve()
    targets = {}
    for rel in files:
        target = (out / rel).resolve()
        if root not in target.parents:
            raise UserError(f"team catalog file {rel!r} would be written outside {out}; nothing was written")
        targets[rel] = target
    manifest_path = out / MANIFEST
    pulled: dict[str, str] = {}
    if manifest_path.is_file():
        try:
            data = json.loads(manifest_path.read_text(encoding="utf-8"))
            pulled = {str(k): str(v) for k, v in data.get("files", {}).items()}
        except (OSError, ValueError, AttributeError):
            print(f"note: {manifest_path} is unreadable; no file is removed this time", file=sys.stderr)
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, str] = {}  # the next manifest: path -> sha256 of what the repository wrote
    kept, removed, n = [], [], 0
    for rel, text in files.items():
        target, data = targets[rel], text.encode("utf-8")
        if target.is_file() and rel not in pulled and target.read_bytes() != data:
            kept.append(f"kept {rel}: your own file (not from the repository); the team's version was not written")
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, data)
        written[rel] = digest(data)
        n += 1
    for rel, sha in sorted(pulled.items()):
        if rel in files:
            continue
        target = (out / rel).resolve()
        if root not in target.parents or not target.is_file():
            continue
        if digest(target.read_bytes()) != sha:
            kept.append(f"kept {rel}: the team removed it, but it was changed here since it was pulled")
            written[rel] = sha  # still the team's to remove once it matches again
            continue
        target.unlink()
        removed.append(rel)
        parent = target.parent
        while parent != root and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
    atomic_write_bytes(manifest_path, json.dumps({"url": safe_url(args.url), "files": written}, indent=1,
                                                 sort_keys=True).encode("utf-8"))
    for line in kept:
        print(f"note: {line}", file=sys.stderr)
    print(f"wrote {n} team catalog file(s) to {out}"
          + (f"; removed {len(removed)} the team removed: {', '.join(removed)}" if removed else ""))
    return 0


def _rm(args, call) -> int:
    from planner.cli import UserError

    if not args.purge:
        call(lambda r: r.remove(args.name))
        print(f"removed {args.name!r} from the list; its revisions are kept (rackwright repo restore URL NAME "
              "brings it back)")
        return 0
    if not args.yes:
        if not sys.stdin.isatty():
            raise UserError(f"--purge deletes {args.name!r} and all its revisions for good: confirm with --yes")
        answer = input(f"delete {args.name!r} and every revision of it for good? Type its name to confirm: ")
        if answer.strip() != args.name.strip():
            raise UserError("not confirmed; nothing was deleted")
    n = call(lambda r: r.purge(args.name))
    print(f"deleted {args.name!r} and its {n} revision(s) for good")
    return 0


def _pull(args, call) -> int:
    from planner.cli import UserError
    from planner.plan_io import PlanFormatError
    from planner.repository import origin_meta
    from planner.storage.project import write_rackplan_bytes

    out = Path(args.output)
    if out.suffix.lower() != ".rackplan":
        raise UserError(f"{out}: name it .rackplan (a pulled plan remembers where it came from, which a JSON "
                        "plan cannot; `rackwright convert` makes a JSON copy)")
    if out.exists() and not args.force:
        raise UserError(f"{out}: already exists (use --force to replace it)")
    if not out.parent.resolve().is_dir():
        raise UserError(f"{out.parent}: no such folder")
    info, content = call(lambda r: r.fetch(args.name, args.revision))
    try:  # the stored project file as it is, with its origin recorded (nothing written again)
        write_rackplan_bytes(content, out, origin_meta(args.url, args.name, info.number))
    except OSError as e:
        raise UserError(f"{out}: cannot write: {e.strerror or e}") from None
    except (PlanFormatError, ValueError) as e:
        raise UserError(f"{args.name} revision {info.number} in the repository is damaged: {e}") from None
    print(f"wrote {out}: {args.name} revision {info.number} ({info.author}, {info.time:%Y-%m-%d %H:%M})")
    return 0


def _push(args, call) -> int:
    from planner.catalog import load_catalog
    from planner.cli import UserError
    from planner.documents import open_document
    from planner.repository import RepoConflict, origin_meta, origin_of, safe_url
    from planner.storage import merge_catalogs
    from planner.storage.project import write_rackplan_bytes

    src = Path(args.plan)
    if not src.exists():
        raise UserError(f"{src}: no such file")
    opened = open_document(src)
    origin = origin_of(opened.meta) if opened.kind == "rackplan" else None
    same_repo = origin is not None and origin[0] == safe_url(args.url)
    name = args.name or (origin[1] if same_repo and origin else src.stem)
    base = args.base
    if base is None and same_repo and origin and origin[1] == name:
        base = origin[2]
    catalog = merge_catalogs(load_catalog(), opened.embedded, prefer="file")
    try:
        res = call(lambda r: r.push(name, opened.plan, base=base, message=args.message, catalog=catalog,
                                    embedded=opened.embedded, merge=not args.no_merge))
    except RepoConflict as e:
        print(f"rackwright: conflict: {e}", file=sys.stderr)
        for c in (e.merge.conflicts if e.merge else [])[:20]:
            print(f"  {c}", file=sys.stderr)
        return EXIT_CONFLICT
    for n in res.notes:
        print(n)
    if res.unchanged:
        return 0
    print(f"pushed {name} as revision {res.revision}" + (" (a new plan)" if res.created else "")
          + f": {res.changes.summary()}")
    if opened.kind == "rackplan":
        # the file now stands for the pushed revision (the merged plan after a merge)
        try:  # the revision's project file as stored, with its origin recorded
            write_rackplan_bytes(res.content, src, origin_meta(args.url, name, res.revision))
        except (OSError, ValueError) as e:
            raise UserError(f"{src}: pushed, but cannot record it in the file: {e}") from None
        if res.merged_with:
            print(f"{src} now holds the merged plan (revision {res.revision})")
    else:
        print(f"note: {src} is a JSON plan and cannot remember the revision; next time push with "
              f"--base {res.revision}, or pull a .rackplan", file=sys.stderr)
    return 0
