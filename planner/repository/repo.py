"""A team repository: many plans with their revisions in one PostgreSQL database.

Tables (SQLAlchemy Core, generic types; every statement is built by SQLAlchemy with bound
parameters, so plan names and messages are data, never SQL):

- ``rackwright_repo_meta`` (key, value): ``format`` = ``rackwright-repository``,
  ``schema_version``;
- ``repo_plans``: one row per plan (``name`` unique, ``head`` = newest revision number);
- ``repo_revisions``: (plan, number) with author (the server's ``current_user``: the role
  that pushed, not something a client claims), time (the server's clock), message, the base
  revision it was made from, the revision it was merged with, the difference report to the
  previous revision (JSON, :mod:`planner.repository.merge`) and the plan itself as a
  ``.rackplan`` project file (bytes written by :mod:`planner.storage`: the same ORM tables
  and converters, catalog entries embedded, so a revision opens exactly as a file does);
- ``repo_catalog_files``: the team's catalog layer (YAML files of a catalog folder).

Concurrency is optimistic: a push names the revision it started from. In one transaction
the plan's row is locked (``SELECT ... FOR UPDATE``), the head compared, the revision
inserted and the head moved; a push from an older base is merged three-way with the head
when the changes do not collide, otherwise refused (:class:`RepoConflict`). Nothing is
overwritten; a killed push rolls back as a whole.

Who may read and write is the server's business (GRANTs); a refusal becomes one clear
:class:`RepoError`. Passwords come from libpq (``~/.pgpass``, ``PGPASSWORD``, service files)
or from the caller for one connection; they are never written anywhere by this module, and
URLs are shown and stored without them (:func:`safe_url`).
"""

from __future__ import annotations

import datetime as _dt
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Identity,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError

from planner.catalog import Catalog
from planner.plan import Plan
from planner.plan_io import PlanFormatError
from planner.storage import EmbeddedCatalog, OpenedPlan, open_rackplan_bytes, rackplan_bytes, snapshot
from planner.storage.convert import plan_to_rows
from planner.storage.project import KEPT_META_KEYS

from .merge import MergeResult, PlanDiff, diff_items, diff_plans, flatten, merge_items

REPO_FORMAT = "rackwright-repository"
REPO_SCHEMA_VERSION = 1
EXTRA = "postgres"  # pip install 'rackwright[postgres]'
# keys a pulled .rackplan file carries in its rackwright_meta table
ORIGIN_KEYS = KEPT_META_KEYS  # ("repo_url", "repo_plan", "repo_revision")

md = MetaData()
repo_meta = Table("rackwright_repo_meta", md,
                  Column("key", String(64), primary_key=True),
                  Column("value", Text, nullable=False))
repo_plans = Table("repo_plans", md,
                   Column("id", Integer, Identity(), primary_key=True),
                   Column("name", String(200), nullable=False),
                   Column("head", Integer, nullable=False),
                   Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
                   UniqueConstraint("name", name="repo_plans_name_key"))
repo_revisions = Table("repo_revisions", md,
                       Column("plan_id", Integer, ForeignKey("repo_plans.id"), primary_key=True),
                       Column("number", Integer, primary_key=True),
                       Column("author", String(200), nullable=False),
                       Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
                       Column("message", Text, nullable=False),
                       Column("base", Integer),
                       Column("merged_with", Integer),
                       Column("changes", JSON, nullable=False),
                       Column("gpus", Integer, nullable=False),
                       Column("size_bytes", Integer, nullable=False),
                       Column("content", LargeBinary, nullable=False))
repo_catalog_files = Table("repo_catalog_files", md,
                           Column("path", String(300), primary_key=True),
                           Column("text", Text, nullable=False),
                           Column("author", String(200), nullable=False),
                           Column("updated_at", DateTime(timezone=True), nullable=False,
                                  server_default=func.now()))

# schema migrations of the repository, like those of the project file: MIGRATIONS[n] takes
# a repository at version n to n + 1 (none yet: version 1 is the first)
MIGRATIONS: dict[int, Callable[[Connection], None]] = {}


class RepoError(Exception):
    """Bad URL, unreachable server, refused login or permission, not a repository: one line."""


class NeedPassword(RepoError):
    """The server asks for a password and libpq found none (.pgpass, PGPASSWORD, service)."""


class RepoConflict(RepoError):
    """A push from a base that is no longer the head, whose changes collide with the head's."""

    def __init__(self, name: str, base: int | None, head: int, merge: MergeResult | None) -> None:
        self.name, self.base, self.head, self.merge = name, base, head, merge
        if base is None:
            msg = (f"plan {name!r} already exists in the repository (revision {head}); pull it, or push "
                   "under another name")
        else:
            first = merge.conflicts[0] if merge and merge.conflicts else ""
            more = len(merge.conflicts) - 1 if merge else 0
            msg = (f"plan {name!r} was changed by someone else: this copy is based on revision {base}, the "
                   f"repository is at revision {head}, and the changes collide ({first}"
                   + (f"; and {more} more" if more > 0 else "") + "). Nothing was written.")
        super().__init__(msg)


@dataclass
class PlanInfo:
    name: str
    head: int
    author: str
    time: _dt.datetime
    message: str
    gpus: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "head": self.head, "author": self.author, "time": self.time.isoformat(),
                "message": self.message, "gpus": self.gpus}


@dataclass
class RevisionInfo:
    number: int
    author: str
    time: _dt.datetime
    message: str
    base: int | None
    merged_with: int | None
    changes: PlanDiff
    gpus: int
    size_bytes: int

    def to_json(self) -> dict[str, Any]:
        return {"revision": self.number, "author": self.author, "time": self.time.isoformat(),
                "message": self.message, "base": self.base, "merged_with": self.merged_with,
                "changes": self.changes.to_json(), "summary": self.changes.summary(), "gpus": self.gpus,
                "size_bytes": self.size_bytes}


@dataclass
class Pulled:
    name: str
    revision: RevisionInfo
    opened: OpenedPlan
    content: bytes


@dataclass
class PushResult:
    name: str
    revision: int
    created: bool  # the plan was new
    merged_with: int | None  # the head it was merged with (None: pushed as it was)
    changes: PlanDiff
    plan: Plan  # what was stored (the merged plan after a merge)
    content: bytes
    unchanged: bool = False  # nothing to push: the plan equals the head it is based on
    notes: list[str] = field(default_factory=list)


def safe_url(url: str | URL) -> str:
    """The URL without its password, for messages, settings and pulled files."""
    try:
        u = make_url(url) if isinstance(url, str) else url
    except ArgumentError:
        return "(not a database URL)"
    return URL.create(u.drivername, u.username, None, u.host, u.port, u.database, u.query).render_as_string(
        hide_password=False)


def _count_gpus(plan: Plan, catalog: Catalog | None) -> int:
    if catalog is None:
        return 0
    n = 0
    for room in plan.site.rooms:
        for row in room.rows:
            for rack in row.racks:
                for p in rack.placements:
                    dev = catalog.tables.get("device-types", {}).get(p.device)
                    n += dev.gpu_count if dev is not None else 0
    return n


def _db_message(e: BaseException) -> str:
    orig = getattr(e, "orig", None) or e
    text = str(orig).strip().splitlines()
    first = text[0].removeprefix("connection failed: ") if text else type(orig).__name__
    return first.replace("FATAL:  ", "")


def _sqlstate(e: BaseException) -> str | None:
    orig = getattr(e, "orig", None)
    return getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)


class Repository:
    """A connection to one repository. Cheap to make; connects on first use."""

    def __init__(self, url: str, password: str | None = None, *, connect_timeout_s: int = 10) -> None:
        try:
            self.url = make_url(url)
        except ArgumentError:
            raise RepoError(f"not a database URL: {url!r} (expected e.g. "
                            "postgresql+psycopg://user@host:5432/database)") from None
        self.display_url = safe_url(self.url)
        self._cache: OrderedDict[tuple[int, int], OpenedPlan] = OrderedDict()
        self._items: OrderedDict[tuple[int, int], dict[Any, Any]] = OrderedDict()  # revisions' rows, flattened
        if self.url.get_backend_name() != "postgresql":
            raise RepoError(f"{self.display_url}: a repository is a PostgreSQL database "
                            "(postgresql+psycopg://user@host:port/database)")
        if self.url.drivername == "postgresql":
            self.url = self.url.set(drivername="postgresql+psycopg")
        args: dict[str, Any] = {"connect_timeout": connect_timeout_s, "application_name": "rackwright"}
        if password is not None:
            args["password"] = password
        try:
            self.engine: Engine = create_engine(self.url, connect_args=args, pool_pre_ping=True,
                                                pool_size=2, max_overflow=2)
        except (ModuleNotFoundError, ImportError, NoSuchModuleError):
            raise RepoError(f"the PostgreSQL driver ({self.url.drivername.partition('+')[2] or 'psycopg'}) is not "
                            f"installed; install Rackwright with its '{EXTRA}' extra: "
                            f"pip install 'rackwright[{EXTRA}]'") from None

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Repository:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ errors

    def _error(self, e: BaseException, doing: str) -> RepoError:
        state = _sqlstate(e)
        msg = _db_message(e)
        low = msg.lower()
        if isinstance(e, DBAPIError) and e.connection_invalidated is False and state is None and (
                "connection" in low or "connect" in low or "timeout" in low or "host" in low):
            if "no password supplied" in low or "password" in low and "supplied" in low:
                return NeedPassword(f"{self.display_url}: the server asks for a password (none in ~/.pgpass, "
                                    "PGPASSWORD or the service file)")
            if "password authentication failed" in low or "authentication failed" in low:
                return RepoError(f"{self.display_url}: the server refused the login: wrong user name or "
                                 "password")
            return RepoError(f"cannot reach the repository at {self.display_url}: {msg}")
        if state == "42501":  # insufficient_privilege
            user = self.url.username or "this user"
            return RepoError(f"{self.display_url}: {user} may not {doing} in this repository (the server "
                             f"refused: {msg}); nothing was written")
        if state == "42P01":  # undefined_table
            return RepoError(f"{self.display_url} is not a Rackwright repository (no repository tables); "
                             "create one with: rackwright repo init URL")
        if state in ("28P01", "28000"):
            return RepoError(f"{self.display_url}: the server refused the login: wrong user name or password")
        if state == "3D000":
            return RepoError(f"{self.display_url}: no such database on the server")
        if state is None and isinstance(e, DBAPIError):
            if "password" in low and ("no password" in low or "supplied" in low):
                return NeedPassword(f"{self.display_url}: the server asks for a password (none in ~/.pgpass, "
                                    "PGPASSWORD or the service file)")
            if "authentication failed" in low:
                return RepoError(f"{self.display_url}: the server refused the login: wrong user name or "
                                 "password")
            return RepoError(f"cannot reach the repository at {self.display_url}: {msg}")
        return RepoError(f"{self.display_url}: cannot {doing}: {msg}")

    def _begin(self):
        return _Txn(self)

    # ------------------------------------------------------------------ schema

    def _check_schema(self, conn: Connection) -> int:
        try:
            meta = dict(conn.execute(select(repo_meta.c.key, repo_meta.c.value)).all())
        except DBAPIError as e:
            raise self._error(e, "read") from None
        if meta.get("format") != REPO_FORMAT:
            raise RepoError(f"{self.display_url} is not a Rackwright repository "
                            f"(rackwright_repo_meta.format is {meta.get('format')!r})")
        raw = meta.get("schema_version", "")
        if not raw.isdigit():
            raise RepoError(f"{self.display_url}: damaged repository (schema_version {raw!r})")
        version = int(raw)
        if version > REPO_SCHEMA_VERSION:
            by = f" by Rackwright {meta['app_version']}" if meta.get("app_version") else ""
            raise RepoError(f"{self.display_url}: the repository was upgraded{by} to schema {version}; this "
                            f"build reads up to schema {REPO_SCHEMA_VERSION}. Update Rackwright to use it.")
        if version < REPO_SCHEMA_VERSION:
            raise RepoError(f"{self.display_url}: repository schema {version} is older than this build's "
                            f"({REPO_SCHEMA_VERSION}); upgrade it with: rackwright repo init URL")
        return version

    def init(self) -> str:
        """Create the tables (or upgrade an older repository). Returns what was done."""
        import planner

        with self._begin() as conn:
            tables = set(inspect(conn).get_table_names())
            if "rackwright_repo_meta" not in tables:
                md.create_all(conn)
                conn.execute(insert(repo_meta), [
                    {"key": "format", "value": REPO_FORMAT},
                    {"key": "schema_version", "value": str(REPO_SCHEMA_VERSION)},
                    {"key": "app_version", "value": planner.__version__}])
                return f"created a repository (schema {REPO_SCHEMA_VERSION}) at {self.display_url}"
            meta = dict(conn.execute(select(repo_meta.c.key, repo_meta.c.value)).all())
            raw = meta.get("schema_version", "")
            version = int(raw) if raw.isdigit() else -1
            if meta.get("format") != REPO_FORMAT or version < 1:
                raise RepoError(f"{self.display_url}: holds a rackwright_repo_meta table that is not a "
                                "Rackwright repository's; nothing was changed")
            if version > REPO_SCHEMA_VERSION:
                self._check_schema(conn)
            if version == REPO_SCHEMA_VERSION:
                return f"{self.display_url} is already a repository (schema {version})"
            start = version
            while version < REPO_SCHEMA_VERSION:
                MIGRATIONS[version](conn)
                version += 1
            conn.execute(update(repo_meta).where(repo_meta.c.key == "schema_version")
                         .values(value=str(version)))
            return f"upgraded the repository from schema {start} to {version}"

    # ------------------------------------------------------------------ reading

    def list(self, search: str = "") -> list[PlanInfo]:
        """The plans, by name; ``search``: a case-insensitive part of the name."""
        p, r = repo_plans, repo_revisions
        q = (select(p.c.name, p.c.head, r.c.author, r.c.created_at, r.c.message, r.c.gpus)
             .join(r, (r.c.plan_id == p.c.id) & (r.c.number == p.c.head)).order_by(p.c.name))
        if search:
            esc = search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            q = q.where(p.c.name.ilike(f"%{esc}%", escape="\\"))
        with self._begin() as conn:
            self._check_schema(conn)
            return [PlanInfo(*row) for row in conn.execute(q)]

    def _plan_id(self, conn: Connection, name: str, lock: bool = False) -> tuple[int, int] | None:
        q = select(repo_plans.c.id, repo_plans.c.head).where(repo_plans.c.name == name)
        if lock:
            q = q.with_for_update()
        row = conn.execute(q).first()
        return (row[0], row[1]) if row else None

    _REV_COLS = (repo_revisions.c.number, repo_revisions.c.author, repo_revisions.c.created_at,
                 repo_revisions.c.message, repo_revisions.c.base, repo_revisions.c.merged_with,
                 repo_revisions.c.changes, repo_revisions.c.gpus, repo_revisions.c.size_bytes)

    @staticmethod
    def _rev(row: Any) -> RevisionInfo:
        n, author, time, message, base, merged, changes, gpus, size = row
        return RevisionInfo(n, author, time, message, base, merged, PlanDiff.from_json(changes), gpus, size)

    def log(self, name: str) -> list[RevisionInfo]:
        """Every revision of ``name``, newest first."""
        with self._begin() as conn:
            self._check_schema(conn)
            ident = self._plan_id(conn, name)
            if ident is None:
                raise RepoError(f"{self.display_url}: no plan named {name!r}")
            q = (select(*self._REV_COLS).where(repo_revisions.c.plan_id == ident[0])
                 .order_by(repo_revisions.c.number.desc()))
            return [self._rev(r) for r in conn.execute(q)]

    def pull(self, name: str, revision: int | None = None) -> Pulled:
        with self._begin() as conn:
            self._check_schema(conn)
            ident = self._plan_id(conn, name)
            if ident is None:
                raise RepoError(f"{self.display_url}: no plan named {name!r}")
            number = ident[1] if revision is None else revision
            row = conn.execute(select(*self._REV_COLS, repo_revisions.c.content).where(
                (repo_revisions.c.plan_id == ident[0]) & (repo_revisions.c.number == number))).first()
            if row is None:
                raise RepoError(f"{self.display_url}: plan {name!r} has no revision {number} "
                                f"(its revisions are 1 to {ident[1]})")
        info = self._rev(row[:-1])
        content = bytes(row[-1])
        opened = open_rackplan_bytes(content, f"{name}@{number}")
        return Pulled(name, info, opened, content)

    # ------------------------------------------------------------------ writing

    def push(self, name: str, plan: Plan, *, base: int | None, message: str,
             catalog: Catalog | None = None, embedded: EmbeddedCatalog | None = None,
             gpu_catalog: Catalog | None = None, merge: bool = True, prefer: str | None = None) -> PushResult:
        """Store ``plan`` as the next revision of ``name``.

        ``base`` is the revision this plan was pulled from (None: a new plan). When the head
        has moved past it, the plan is merged with the head (``merge``) or :class:`RepoConflict`
        is raised; the repository is unchanged by a refused or failed push. ``prefer="ours"``
        settles what both sides changed with this plan's values (the user chose so).
        """
        name = name.strip()
        if not name:
            raise RepoError("a plan in the repository needs a name")
        if len(name) > 200:
            raise RepoError(f"plan name is {len(name)} characters long; at most 200")
        if any(ord(c) < 0x20 for c in name):
            raise RepoError("a plan name cannot hold control characters (line breaks, tabs, ...)")
        try:
            snap = snapshot(plan, catalog, embedded)  # the rows, once: for the file and for the diff
        except ValueError as e:
            raise RepoError(f"cannot store the plan: {e}") from None
        content = rackplan_bytes(snap)
        ours_items = flatten(snap.rows)
        lookup = gpu_catalog or catalog or (embedded.catalog if embedded is not None else None)
        cat_for_merge = catalog if catalog is not None else (embedded.catalog if embedded is not None else None)

        def prepare(ident: tuple[int, int] | None) -> tuple[Plan, bytes, int | None, PlanDiff, list[str]]:
            """What to store on top of the head ``ident`` names: this plan, or it merged with the head."""
            if ident is None and base is not None:
                raise RepoError(f"{self.display_url}: no plan named {name!r} (this copy says it came from "
                                f"revision {base} of it)")
            head = ident[1] if ident else 0
            if head and base is None:
                raise RepoConflict(name, None, head, None)
            if head and base is not None and (base > head or base < 1):
                raise RepoError(f"{self.display_url}: plan {name!r} has no revision {base} (its head is {head})")
            if not (ident and head and base is not None and base != head):
                changes = diff_items(self._items_of(ident[0], head, name), ours_items) if ident and head else \
                    diff_plans(None, plan)
                return plan, content, None, changes, []
            head_items = self._items_of(ident[0], head, name)
            result = merge_items(self._items_of(ident[0], base, name), ours_items, head_items, prefer) \
                if merge else None
            if result is None or not result.ok:
                raise RepoConflict(name, base, head, result)
            assert result.plan is not None
            merged = rackplan_bytes(result.plan, cat_for_merge, self._load(ident[0], head, name).embedded)
            note = (f"merged with revision {head}: {result.theirs_diff.summary()} from the repository, "
                    f"{result.ours_diff.summary()} from this copy")
            return result.plan, merged, head, diff_items(head_items, flatten(plan_to_rows(result.plan))), [note]

        # 1. without a lock: merging is slow, other pushes need not wait for it
        with self._begin() as conn:
            self._check_schema(conn)
            seen = self._plan_id(conn, name)
        prepared = prepare(seen)
        head = seen[1] if seen else 0
        if head and prepared[3].empty and prepared[2] is None:
            return PushResult(name, head, False, None, prepared[3], plan, content, unchanged=True,
                              notes=[f"no changes since revision {head}; nothing pushed"])
        # 2. locked: store it; if someone pushed meanwhile, merge again while holding the lock
        with self._begin() as conn:
            self._check_schema(conn)
            now = self._plan_id(conn, name, lock=True)
            created = False
            if now is None:
                pid = conn.execute(pg_insert(repo_plans).values(name=name, head=0)
                                   .on_conflict_do_nothing(index_elements=["name"])
                                   .returning(repo_plans.c.id)).scalar()
                if pid is None:  # someone else's first push of this name won
                    raise RepoConflict(name, None, 1, None)
                created = True
            else:
                pid = now[0]
                if now != seen:
                    prepared = prepare(now)
            stored, stored_content, merged_with, changes, notes = prepared
            head = now[1] if now else 0
            number = head + 1
            author = conn.execute(select(func.current_user())).scalar_one()
            conn.execute(insert(repo_revisions).values(
                plan_id=pid, number=number, author=author, message=message, base=base,
                merged_with=merged_with, changes=changes.to_json(), gpus=_count_gpus(stored, lookup),
                size_bytes=len(stored_content), content=stored_content))
            conn.execute(update(repo_plans).where(repo_plans.c.id == pid).values(head=number))
        self._remember_items(pid, number, ours_items if merged_with is None else None)
        return PushResult(name, number, created, merged_with, changes, stored, stored_content, notes=notes)

    def _content(self, conn: Connection, pid: int, number: int) -> bytes:
        row = conn.execute(select(repo_revisions.c.content).where(
            (repo_revisions.c.plan_id == pid) & (repo_revisions.c.number == number))).first()
        if row is None:
            raise RepoError(f"{self.display_url}: damaged repository: revision {number} is missing")
        return bytes(row[0])

    def _items_of(self, pid: int, number: int, name: str) -> dict[Any, Any]:
        """A revision's rows as :func:`planner.repository.merge.flatten` gives them (cached)."""
        hit = self._items.get((pid, number))
        if hit is None:
            hit = flatten(plan_to_rows(self._load(pid, number, name).plan))
            self._remember_items(pid, number, hit)
        return hit

    def _remember_items(self, pid: int, number: int, items: dict[Any, Any] | None) -> None:
        if items is None:
            return
        self._items[(pid, number)] = items
        while len(self._items) > 4:
            self._items.popitem(last=False)

    def _load(self, pid: int, number: int, name: str) -> OpenedPlan:
        """A revision as read (cached: revisions never change). Callers must not edit it."""
        key = (pid, number)
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        with self._begin() as conn:
            data = self._content(conn, pid, number)
        opened = open_rackplan_bytes(data, f"{name}@{number}")
        self._cache[key] = opened
        while len(self._cache) > 6:
            self._cache.popitem(last=False)
        return opened

    # ------------------------------------------------------------------ the team catalog

    def catalog_files(self) -> dict[str, str]:
        """The team catalog layer: {relative path: YAML text}."""
        with self._begin() as conn:
            self._check_schema(conn)
            return dict(conn.execute(select(repo_catalog_files.c.path, repo_catalog_files.c.text)
                                     .order_by(repo_catalog_files.c.path)).all())

    def put_catalog_files(self, files: dict[str, str], replace: bool = True) -> int:
        """Replace the team catalog layer with ``files`` (one transaction)."""
        with self._begin() as conn:
            self._check_schema(conn)
            author = conn.execute(select(func.current_user())).scalar_one()
            if replace:
                conn.execute(repo_catalog_files.delete())
            if files:
                conn.execute(insert(repo_catalog_files), [
                    {"path": p, "text": t, "author": author} for p, t in sorted(files.items())])
        return len(files)


class _Txn:
    """``with repo._begin() as conn``: one transaction; database errors become RepoError."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self.cm: Any = None

    def __enter__(self) -> Connection:
        try:
            self.cm = self.repo.engine.begin()
            return self.cm.__enter__()
        except (DBAPIError, SQLAlchemyError) as e:
            raise self.repo._error(e, "connect") from None

    def __exit__(self, et: Any, ev: Any, tb: Any) -> bool:
        try:
            self.cm.__exit__(et, ev, tb)
        except (DBAPIError, SQLAlchemyError) as e:
            raise self.repo._error(e, "write" if et is None else "read") from None
        if isinstance(ev, RepoError | PlanFormatError):
            return False
        if isinstance(ev, DBAPIError | SQLAlchemyError):
            raise self.repo._error(ev, "write") from None
        return False


def origin_meta(url: str | URL, name: str, revision: int) -> dict[str, str]:
    """What a pulled .rackplan remembers (``rackwright_meta``); no password."""
    return {"repo_url": safe_url(url), "repo_plan": name, "repo_revision": str(revision)}


def origin_of(meta: dict[str, str]) -> tuple[str, str, int] | None:
    """(url, name, base revision) a pulled file remembers, or None."""
    url, name, rev = (meta.get(k) for k in ORIGIN_KEYS)
    if not (url and name and rev and rev.isdigit()):
        return None
    return url, name, int(rev)

