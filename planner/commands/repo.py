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

from planner.i18n import N_

NAME = "repo"
HELP = N_("share plans through a team repository on a PostgreSQL server (push, pull, list, log)")
EXIT_CONFLICT = 3


def register(sub) -> None:
    from planner.commands.numbers import count
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP), description=_(
        "URL is a SQLAlchemy URL, e.g. postgresql+psycopg://alice@db.example:5432/plans. Passwords come from libpq: "
        "~/.pgpass, PGPASSWORD or a service file (postgresql+psycopg:///?service=NAME); on a terminal the command "
        "asks when the server wants one. A password is never written to a plan or a settings file. A pulled plan "
        "(.rackplan) remembers the repository, the plan's name and the revision it was pulled at; `repo push` of "
        "that file sends it as the next revision. When someone else pushed in between, the two sets of changes are "
        "merged when they do not collide (the merged plan is pushed and written back to the file); otherwise "
        "nothing is written and the exit code is 3."))
    acts = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    a = acts.add_parser("init", help=_("create the repository tables in an empty database (or upgrade them)"))
    a.add_argument("url", metavar="URL")
    a = acts.add_parser("push", help=_("store a plan as the next revision"))
    a.add_argument("plan", metavar="PLAN", help=_("the plan file (.rackplan or .json)"))
    a.add_argument("url", metavar="URL")
    a.add_argument("--name", help=_("the plan's name in the repository (default: the name it was pulled as, "
                                  "else the file name without suffix)"))
    a.add_argument("--message", "-m", default="", help=_("what changed, for the revision history"))
    a.add_argument("--base", type=count, metavar="N",
                   help=_("the revision this plan was made from (default: what the pulled file remembers)"))
    a.add_argument("--no-merge", action="store_true",
                   help=_("refuse instead of merging when someone else pushed since the base revision"))
    a = acts.add_parser("list", help=_("the plans: name, head revision, author, time"))
    a.add_argument("url", metavar="URL")
    a.add_argument("--search", default="", help=_("only names containing this (any case)"))
    a.add_argument("--deleted", action="store_true", help=_("the removed plans (repo rm) instead"))
    a.add_argument("--json", action="store_true", help=_("machine-readable output"))
    a = acts.add_parser("log", help=_("every revision of a plan, newest first, with what changed"))
    a.add_argument("url", metavar="URL")
    a.add_argument("name", metavar="NAME")
    a.add_argument("--json", action="store_true", help=_("machine-readable output"))
    a = acts.add_parser("pull", help=_("write a revision of a plan (default: the newest) to a .rackplan file"))
    a.add_argument("url", metavar="URL")
    a.add_argument("name", metavar="NAME")
    a.add_argument("--revision", "-r", type=count, metavar="N")
    a.add_argument("-o", "--output", required=True, metavar="PLAN", help=_("the .rackplan file to write"))
    a.add_argument("--force", action="store_true", help=_("replace PLAN if it exists"))
    a = acts.add_parser("rm", help=_("remove a plan from the list; its revisions are kept (repo restore brings it "
                                     "back); --purge deletes it and every revision for good"))
    a.add_argument("url", metavar="URL")
    a.add_argument("name", metavar="NAME")
    a.add_argument("--purge", action="store_true",
                   help=_("delete the plan and all its revisions for good (needs the DELETE right on the server; "
                          "asks for the plan's name unless --yes)"))
    a.add_argument("--yes", action="store_true", help=_("do not ask before --purge"))
    a = acts.add_parser("mv", help=_("rename a plan; its history goes with it"))
    a.add_argument("url", metavar="URL")
    a.add_argument("old", metavar="OLD")
    a.add_argument("new", metavar="NEW")
    a = acts.add_parser("restore", help=_("bring back a plan removed with repo rm"))
    a.add_argument("url", metavar="URL")
    a.add_argument("name", metavar="NAME")
    a = acts.add_parser("catalog-push", help=_("make a catalog folder the team's catalog layer"))
    a.add_argument("folder", metavar="FOLDER")
    a.add_argument("url", metavar="URL")
    a = acts.add_parser("catalog-pull", help=_("write the team's catalog layer to a folder "
                                             "(default: the team catalog folder the app loads)"))
    a.add_argument("url", metavar="URL")
    a.add_argument("-o", "--output", metavar="FOLDER")
    for a in acts.choices.values():
        a.set_defaults(func=run, json=getattr(a, "json", False))
    p.set_defaults(func=run)


def _connect(url: str):
    from planner.commands.cli import UserError
    from planner.files.repository import NeedPassword, RepoError, Repository
    from planner.i18n import tf

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
                raise UserError(tf("{error}; put it in ~/.pgpass or PGPASSWORD", error=e)) from None
            import getpass

            pw = getpass.getpass(tf("password for {url}: ", url=repo.display_url))
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
    from planner.commands.cli import UserError
    from planner.i18n import Np_, format_date, message_text, tf

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
                gpus = tf("{n:>6d} GPUs", n=p.gpus)
                gone = (tf("  removed by {who} {date} {time}", who=p.deleted_by, date=format_date(p.deleted_at),
                           time=p.deleted_at.strftime("%H:%M")) if p.deleted_at else "")
                print(f"{p.name:30s} r{p.head:<5d} {p.author:16s} {format_date(p.time)} {p.time:%H:%M} {gpus}  "
                      f"{p.message.splitlines()[0] if p.message else ''}{gone}")
            if not plans:
                if args.deleted:
                    print(tf("no removed plans matching {search!r}", search=args.search) if args.search
                          else tf("no removed plans"))
                else:
                    print(tf("no plans matching {search!r}", search=args.search) if args.search else tf("no plans"))
        return 0
    if act == "rm":
        return _rm(args, call)
    if act == "mv":
        call(lambda r: r.rename(args.old, args.new))
        print(tf("renamed {old!r} to {new!r} (with its history); push a copy pulled under the old name with "
                 "--name {new!r} --base N (N: the revision it was pulled at)", old=args.old, new=args.new))
        return 0
    if act == "restore":
        call(lambda r: r.restore(args.name))
        print(tf("restored {name!r}", name=args.name))
        return 0
    if act == "log":
        revs = call(lambda r: r.log(args.name))
        if args.json:
            print(json.dumps([x.to_json() for x in revs], indent=1))
        else:
            for x in revs:
                who = tf("{author} (merged with r{other})", author=x.author, other=x.merged_with) if x.merged_with \
                    else x.author
                print(f"r{x.number}  {format_date(x.time)} {x.time:%H:%M}  {who}: {x.message}")
                print(f"    {message_text(x.changes.summary())}")
        return 0
    if act == "pull":
        return _pull(args, call)
    if act == "push":
        return _push(args, call)
    if act == "catalog-push":
        folder = Path(args.folder)
        if not folder.is_dir():
            raise UserError(tf("{path}: no such folder", path=folder))
        files = {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
                 for p in sorted(folder.rglob("*")) if p.suffix in (".yaml", ".yml") and p.is_file()}
        from planner.catalog import load_catalog

        cat = load_catalog([folder])
        if cat.errors:
            raise UserError(tf(Np_("{path}: the catalog has {n} error, first: {first}; nothing was pushed",
                                   "{path}: the catalog has {n} errors, first: {first}; nothing was pushed"),
                               path=folder, n=len(cat.errors), first=cat.errors[0]))
        n = call(lambda r: r.put_catalog_files(files))
        print(tf(Np_("the team catalog is now {n} file from {path}", "the team catalog is now {n} files from {path}"),
                 n=n, path=folder))
        return 0
    if act == "catalog-pull":
        return _catalog_pull(args, call)
    raise UserError(tf("repo: unknown action {action!r}", action=act))


MANIFEST = ".rackwright-team-catalog.json"  # what the last catalog-pull wrote to the folder


def _catalog_pull(args, call) -> int:
    """Write the team's catalog files; remove the files an earlier pull wrote that the team
    has since removed (the manifest says which), unless changed here since; a file the
    repository never wrote (the user's own) is neither removed nor overwritten."""
    import hashlib

    from planner.base.fileio import atomic_write_bytes
    from planner.catalog import team_catalog_dir
    from planner.commands.cli import UserError
    from planner.files.repository import safe_url
    from planner.i18n import Np_, tf

    def digest(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()

    out = Path(args.output) if args.output else team_catalog_dir()
    files = call(lambda r: r.catalog_files())
    root = out.resolve()
    targets = {}
    for rel in files:
        target = (out / rel).resolve()
        if root not in target.parents:
            raise UserError(tf("team catalog file {file!r} would be written outside {path}; nothing was written",
                               file=rel, path=out))
        targets[rel] = target
    manifest_path = out / MANIFEST
    pulled: dict[str, str] = {}
    if manifest_path.is_file():
        try:
            data = json.loads(manifest_path.read_text(encoding="utf-8"))
            pulled = {str(k): str(v) for k, v in data.get("files", {}).items()}
        except (OSError, ValueError, AttributeError):
            print(tf("note: {path} is unreadable; no file is removed this time", path=manifest_path), file=sys.stderr)
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, str] = {}  # the next manifest: path -> sha256 of what the repository wrote
    kept, removed, n = [], [], 0
    for rel, text in files.items():
        target, data = targets[rel], text.encode("utf-8")
        if target.is_file() and rel not in pulled and target.read_bytes() != data:
            kept.append(tf("kept {file}: your own file (not from the repository); the team's version was not written",
                           file=rel))
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
            kept.append(tf("kept {file}: the team removed it, but it was changed here since it was pulled", file=rel))
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
        print(tf("note: {note}", note=line), file=sys.stderr)
    if removed:
        print(tf(Np_("wrote {n} team catalog file to {path}; removed {m} the team removed: {files}",
                     "wrote {n} team catalog files to {path}; removed {m} the team removed: {files}"),
                 n=n, path=out, m=len(removed), files=", ".join(removed)))
    else:
        print(tf(Np_("wrote {n} team catalog file to {path}", "wrote {n} team catalog files to {path}"),
                 n=n, path=out))
    return 0


def _rm(args, call) -> int:
    from planner.commands.cli import UserError
    from planner.i18n import Np_, tf

    if not args.purge:
        call(lambda r: r.remove(args.name))
        print(tf("removed {name!r} from the list; its revisions are kept (rackwright repo restore URL NAME "
                 "brings it back)", name=args.name))
        return 0
    if not args.yes:
        if not sys.stdin.isatty():
            raise UserError(tf("--purge deletes {name!r} and all its revisions for good: confirm with --yes",
                               name=args.name))
        answer = input(tf("delete {name!r} and every revision of it for good? Type its name to confirm: ", name=args.name))
        if answer.strip() != args.name.strip():
            raise UserError(tf("not confirmed; nothing was deleted"))
    n = call(lambda r: r.purge(args.name))
    print(tf(Np_("deleted {name!r} and its {n} revision for good", "deleted {name!r} and its {n} revisions for good"),
             name=args.name, n=n))
    return 0


def _pull(args, call) -> int:
    from planner.commands.cli import UserError
    from planner.files.plan_io import PlanFormatError
    from planner.files.repository import origin_meta
    from planner.files.storage.project import write_rackplan_bytes
    from planner.i18n import format_date, tf

    out = Path(args.output)
    if out.suffix.lower() != ".rackplan":
        raise UserError(tf("{path}: name it .rackplan (a pulled plan remembers where it came from, which a JSON "
                           "plan cannot; `rackwright convert` makes a JSON copy)", path=out))
    if out.exists() and not args.force:
        raise UserError(tf("{path}: already exists (use --force to replace it)", path=out))
    if not out.parent.resolve().is_dir():
        raise UserError(tf("{path}: no such folder", path=out.parent))
    info, content = call(lambda r: r.fetch(args.name, args.revision))
    try:  # the stored project file as it is, with its origin recorded (nothing written again)
        write_rackplan_bytes(content, out, origin_meta(args.url, args.name, info.number))
    except OSError as e:
        raise UserError(tf("{path}: cannot write: {error}", path=out, error=e.strerror or e)) from None
    except (PlanFormatError, ValueError) as e:
        raise UserError(tf("{name} revision {revision} in the repository is damaged: {error}", name=args.name,
                           revision=info.number, error=e)) from None
    print(tf("wrote {path}: {name} revision {revision} ({author}, {date} {time})", path=out, name=args.name,
             revision=info.number, author=info.author, date=format_date(info.time), time=info.time.strftime("%H:%M")))
    return 0


def _push(args, call) -> int:
    from planner.catalog import load_catalog
    from planner.commands.cli import UserError
    from planner.files.documents import open_document
    from planner.files.repository import RepoConflict, origin_meta, origin_of, same_database
    from planner.files.storage import merge_catalogs
    from planner.files.storage.project import write_rackplan_bytes
    from planner.i18n import message_text, tf

    src = Path(args.plan)
    if not src.exists():
        raise UserError(tf("{path}: no such file", path=src))
    opened = open_document(src)
    origin = origin_of(opened.meta) if opened.kind == "rackplan" else None
    same_repo = origin is not None and same_database(origin[0], args.url)
    name = args.name or (origin[1] if same_repo and origin else src.stem)
    if same_repo and origin and name != origin[1]:
        print(tf("note: {path} was pulled from plan {origin!r}; it is pushed as plan {name!r}, not as a new "
                 "revision of {origin!r}", path=src, origin=origin[1], name=name), file=sys.stderr)
    base = args.base
    if base is None and same_repo and origin and origin[1] == name:
        base = origin[2]
    catalog = merge_catalogs(load_catalog(), opened.embedded, prefer="file")
    try:
        res = call(lambda r: r.push(name, opened.plan, base=base, message=args.message, catalog=catalog,
                                    embedded=opened.embedded, merge=not args.no_merge))
    except RepoConflict as e:
        print(tf("rackwright: conflict: {error}", error=e), file=sys.stderr)
        for c in (e.merge.conflicts if e.merge else [])[:20]:
            print(f"  {message_text(c)}", file=sys.stderr)
        return EXIT_CONFLICT
    for n in res.notes:
        print(message_text(n))
    if res.unchanged:
        return 0
    if res.created:
        print(tf("pushed {name} as revision {revision} (a new plan): {changes}", name=name, revision=res.revision,
                 changes=message_text(res.changes.summary())))
    else:
        print(tf("pushed {name} as revision {revision}: {changes}", name=name, revision=res.revision,
                 changes=message_text(res.changes.summary())))
    if opened.kind == "rackplan":
        # the file now stands for the pushed revision (the merged plan after a merge)
        try:  # the revision's project file as stored, with its origin recorded
            write_rackplan_bytes(res.content, src, origin_meta(args.url, name, res.revision))
        except (OSError, ValueError) as e:
            raise UserError(tf("{path}: pushed, but cannot record it in the file: {error}", path=src,
                               error=e)) from None
        if res.merged_with:
            print(tf("{path} now holds the merged plan (revision {revision})", path=src, revision=res.revision))
    else:
        print(tf("note: {path} is a JSON plan and cannot remember the revision; next time push with --base "
                 "{revision}, or pull a .rackplan", path=src, revision=res.revision), file=sys.stderr)
    return 0
