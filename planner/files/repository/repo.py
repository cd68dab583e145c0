"""A team repository: many plans with their revisions in one PostgreSQL database.

Tables (SQLAlchemy Core, generic types; every statement is built by SQLAlchemy with bound
parameters, so plan names and messages are data, never SQL):

- ``rackwright_repo_meta`` (key, value): ``format`` = ``rackwright-repository``,
  ``schema_version``;
- ``repo_plans``: one row per plan (``name`` unique, ``head`` = newest revision number);
- ``repo_revisions``: (plan, number) with author (the server's ``current_user``: the role
  that pushed, not something a client claims), time (the server's clock), message, the base
  revision it was made from, the revision it was merged with, the difference report to the
  previous revision (JSON, :mod:`planner.files.repository.merge`) and the plan itself as a
  ``.rackplan`` project file (bytes written by :mod:`planner.files.storage`: the same ORM tables
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

import builtins
import datetime as _dt
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Literal

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

from planner.base.gcpause import no_gc
from planner.catalog import Catalog
from planner.files.plan_io import PlanFormatError
from planner.files.storage import (
    EmbeddedCatalog,
    OpenedPlan,
    PlanSnapshot,
    open_rackplan_bytes,
    rackplan_bytes,
    snapshot,
)
from planner.files.storage.embedded import catalog_from_rows
from planner.files.storage.project import (
    KEPT_META_KEYS,
    catalog_rows,
    patch_rackplan_bytes,
    read_project_rows,
)
from planner.i18n import Np_, tmsg
from planner.model.plan import Plan

from .merge import (
    _SINGLE,
    MergeResult,
    PlanDiff,
    changed_keys,
    diff_items,
    flatten,
    merge_items,
    rows_of,
    unflatten,
)

REPO_FORMAT = "rackwright-repository"
REPO_SCHEMA_VERSION = 2
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
                   # a plan removed with `repo rm`: hidden from the list, its revisions kept (schema 2)
                   Column("deleted_at", DateTime(timezone=True)),
                   Column("deleted_by", String(200)),
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

def _fast_compression(conn: Connection) -> None:
    """Revisions (project files of up to several MB) compressed with lz4 instead of pglz: a
    third of the time on push (same size). Servers built without lz4 keep pglz."""
    try:
        with conn.begin_nested():
            conn.exec_driver_sql("ALTER TABLE repo_revisions ALTER COLUMN content SET COMPRESSION lz4")
    except DBAPIError:
        pass


def _v1_to_v2(conn: Connection) -> None:
    """Plans can be removed (`repo rm`) and keep their revisions: deleted_at, deleted_by."""
    conn.exec_driver_sql("ALTER TABLE repo_plans ADD COLUMN deleted_at TIMESTAMP WITH TIME ZONE")
    conn.exec_driver_sql("ALTER TABLE repo_plans ADD COLUMN deleted_by VARCHAR(200)")
    _fast_compression(conn)


# schema migrations of the repository, like those of the project file: MIGRATIONS[n] takes
# a repository at version n to n + 1
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _v1_to_v2}


class RepoError(Exception):
    """Bad URL, unreachable server, refused login or permission, not a repository: one line."""

    def __str__(self) -> str:  # a planner Message in the active language
        from planner.i18n import message_text

        if len(self.args) == 1 and isinstance(self.args[0], str):
            return message_text(self.args[0])
        return super().__str__()


class NeedPassword(RepoError):
    """The server asks for a password and libpq found none (.pgpass, PGPASSWORD, service)."""


class RepoConflict(RepoError):
    """A push from a base that is no longer the head, whose changes collide with the head's."""

    def __init__(self, name: str, base: int | None, head: int, merge: MergeResult | None) -> None:
        self.name, self.base, self.head, self.merge = name, base, head, merge
        msg: str
        if base is None:
            msg = tmsg("plan {name!r} already exists in the repository (revision {head}); pull it, or push "
                       "under another name", name=name, head=head)
        else:
            first = merge.conflicts[0] if merge and merge.conflicts else ""
            more = len(merge.conflicts) - 1 if merge else 0
            if more > 0:
                msg = tmsg(Np_("plan {name!r} was changed by someone else: this copy is based on revision {base}, "
                               "the repository is at revision {head}, and the changes collide ({first}; and {n} "
                               "more). Nothing was written.",
                               "plan {name!r} was changed by someone else: this copy is based on revision {base}, "
                               "the repository is at revision {head}, and the changes collide ({first}; and {n} "
                               "more). Nothing was written."), name=name, base=base, head=head, first=first, n=more)
            else:
                msg = tmsg("plan {name!r} was changed by someone else: this copy is based on revision {base}, the "
                           "repository is at revision {head}, and the changes collide ({first}). Nothing was written.",
                           name=name, base=base, head=head, first=first)
        super().__init__(msg)


@dataclass
class PlanInfo:
    name: str
    head: int
    author: str
    time: _dt.datetime
    message: str
    gpus: int
    deleted_at: _dt.datetime | None = None  # removed with `repo rm` (revisions kept)
    deleted_by: str | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"name": self.name, "head": self.head, "author": self.author, "time": self.time.isoformat(),
               "message": self.message, "gpus": self.gpus}
        if self.deleted_at is not None:
            out.update(deleted_at=self.deleted_at.isoformat(), deleted_by=self.deleted_by)
        return out


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
class _Revision:
    """A stored revision as the repository works with it: its rows flattened
    (:func:`planner.files.repository.merge.flatten`), its stored catalog entries, and its bytes
    when they are of this build's project schema (then new revisions are made by patching
    them: only what changed is written again)."""

    items: dict[Any, Any]
    catalog_rows: list[dict[str, Any]]
    content: bytes | None

    def embedded(self, name: str) -> EmbeddedCatalog:
        return catalog_from_rows(self.catalog_rows, name)


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


def same_database(a: str | URL, b: str | URL) -> bool:
    """Whether two repository URLs name the same database: host, port and database, whatever
    the driver (``postgresql://`` or ``postgresql+psycopg://``), the user and the options (issue
    29: a pulled file pushed with the other spelling or by a colleague became a new plan)."""
    try:
        ua = make_url(a) if isinstance(a, str) else a
        ub = make_url(b) if isinstance(b, str) else b
    except ArgumentError:
        return False

    def key(u: URL) -> tuple[str, str, int, str]:
        host = (u.host or "localhost").lower()
        if host in ("127.0.0.1", "::1", "[::1]"):
            host = "localhost"
        return (u.get_backend_name(), host, int(u.port or 5432), u.database or "")

    return key(ua) == key(ub)


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


MAX_MESSAGE = 10_000  # characters of a revision message


def _is_text(s: str) -> bool:
    """Whether the server can store ``s``: UTF-8 without NUL. A command-line argument that
    was not UTF-8 arrives with lone surrogates (Python's surrogateescape), which no encoder
    takes: the driver raised UnicodeEncodeError from inside the query."""
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in s


def _check_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise RepoError("a plan in the repository needs a name")
    if len(name) > 200:
        raise RepoError(f"plan name is {len(name)} characters long; at most 200")
    if not _is_text(name):
        raise RepoError(tmsg("plan name {name!r} is not text (it holds bytes that are not UTF-8)", name=name))
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise RepoError("a plan name cannot hold control characters (line breaks, tabs, ...)")
    return name


def _check_message(message: str) -> str:
    if len(message) > MAX_MESSAGE:
        raise RepoError(tmsg("the revision message is {n:,} characters long; at most {limit:,}", n=len(message),
                             limit=MAX_MESSAGE))
    if not _is_text(message):
        raise RepoError(tmsg("the revision message holds a NUL character or bytes that are not UTF-8; nothing "
                             "was pushed"))
    return message


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
        self._revs: OrderedDict[tuple[int, int], _Revision] = OrderedDict()  # revisions never change
        self._schema_ok = False
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

    def _begin(self, doing: str | None = None):
        return _Txn(self, doing)

    # ------------------------------------------------------------------ schema

    def _check_schema(self, conn: Connection) -> int:
        if self._schema_ok:  # checked once per connection object (a round trip less per step)
            return REPO_SCHEMA_VERSION
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
        self._schema_ok = True
        return version

    def init(self) -> str:
        """Create the tables (or upgrade an older repository). Returns what was done."""
        import planner

        with self._begin() as conn:
            tables = set(inspect(conn).get_table_names())
            if "rackwright_repo_meta" not in tables:
                md.create_all(conn)
                _fast_compression(conn)
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

    def list(self, search: str = "", deleted: bool = False) -> list[PlanInfo]:
        """The plans, by name; ``search``: a case-insensitive part of the name; ``deleted``:
        the removed plans (``repo rm``) instead of the others."""
        p, r = repo_plans, repo_revisions
        q = (select(p.c.name, p.c.head, r.c.author, r.c.created_at, r.c.message, r.c.gpus, p.c.deleted_at,
                    p.c.deleted_by)
             .join(r, (r.c.plan_id == p.c.id) & (r.c.number == p.c.head)).order_by(p.c.name)
             .where(p.c.deleted_at.isnot(None) if deleted else p.c.deleted_at.is_(None)))
        if search and not _is_text(search):
            return []  # no name holds what is not text
        if search:
            esc = search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            q = q.where(p.c.name.ilike(f"%{esc}%", escape="\\"))
        with self._begin() as conn:
            self._check_schema(conn)
            return [PlanInfo(*row) for row in conn.execute(q)]

    def _plan_id(self, conn: Connection, name: str, lock: bool = False, live: bool = False
                 ) -> tuple[int, int] | None:
        """(id, head) of the plan ``name``; ``live``: a removed plan is refused (its name stays
        taken until it is restored, renamed or purged)."""
        if not _is_text(name):  # no plan can have this name (:func:`_check_name`)
            return None
        q = select(repo_plans.c.id, repo_plans.c.head, repo_plans.c.deleted_at, repo_plans.c.deleted_by) \
            .where(repo_plans.c.name == name)
        if lock:
            q = q.with_for_update()
        row = conn.execute(q).first()
        if row is None:
            return None
        if live and row[2] is not None:
            raise RepoError(f"{self.display_url}: plan {name!r} was removed by {row[3]} on {row[2]:%Y-%m-%d %H:%M}; "
                            "its revisions are kept: restore it first (rackwright repo restore URL NAME)")
        return row[0], row[1]

    def _need(self, conn: Connection, name: str, lock: bool = True, live: bool = True) -> tuple[int, int]:
        ident = self._plan_id(conn, name, lock=lock, live=live)
        if ident is None:
            raise RepoError(f"{self.display_url}: no plan named {name!r}")
        return ident

    # ------------------------------------------------------------------ removing and renaming

    def remove(self, name: str) -> None:
        """Hide ``name`` from the list (``repo rm``); its revisions stay retrievable, and
        :meth:`restore` brings it back. Needs the writers' UPDATE right."""
        with self._begin("remove plans") as conn:
            self._check_schema(conn)
            pid, _ = self._need(conn, name)
            conn.execute(update(repo_plans).where(repo_plans.c.id == pid)
                         .values(deleted_at=func.now(), deleted_by=func.current_user()))

    def restore(self, name: str) -> None:
        """Undo :meth:`remove`."""
        with self._begin("restore plans") as conn:
            self._check_schema(conn)
            pid, _ = self._need(conn, name, live=False)
            conn.execute(update(repo_plans).where(repo_plans.c.id == pid).values(deleted_at=None, deleted_by=None))

    def rename(self, old: str, new: str) -> None:
        """``repo mv``: the plan and its whole history go by ``new``; a pulled copy made under
        the old name must be pushed with ``--name NEW`` (its base revision still counts)."""
        new = _check_name(new)
        with self._begin("rename plans") as conn:
            self._check_schema(conn)
            pid, _ = self._need(conn, old)
            if old == new:
                return
            if self._plan_id(conn, new) is not None:
                raise RepoError(f"{self.display_url}: there already is a plan named {new!r}; nothing was renamed")
            conn.execute(update(repo_plans).where(repo_plans.c.id == pid).values(name=new))

    def purge(self, name: str) -> int:
        """Delete ``name`` and every revision of it for good (``repo rm --purge``). The server
        decides who may: it needs DELETE on the tables, which a team grants to its
        administrators only. Returns the number of revisions deleted."""
        with self._begin("delete plans for good") as conn:
            self._check_schema(conn)
            pid, _ = self._need(conn, name, live=False)
            n = conn.execute(repo_revisions.delete().where(repo_revisions.c.plan_id == pid)).rowcount
            conn.execute(repo_plans.delete().where(repo_plans.c.id == pid))
        self._revs = OrderedDict((k, v) for k, v in self._revs.items() if k[0] != pid)
        return n

    _REV_COLS = (repo_revisions.c.number, repo_revisions.c.author, repo_revisions.c.created_at,
                 repo_revisions.c.message, repo_revisions.c.base, repo_revisions.c.merged_with,
                 repo_revisions.c.changes, repo_revisions.c.gpus, repo_revisions.c.size_bytes)

    @staticmethod
    def _rev(row: Sequence[Any]) -> RevisionInfo:
        n, author, time, message, base, merged, changes, gpus, size = row
        return RevisionInfo(n, author, time, message, base, merged, PlanDiff.from_json(changes), gpus, size)

    def log(self, name: str) -> builtins.list[RevisionInfo]:  # (list is a method here)
        """Every revision of ``name``, newest first."""
        with self._begin() as conn:
            self._check_schema(conn)
            ident = self._plan_id(conn, name)
            if ident is None:
                raise RepoError(f"{self.display_url}: no plan named {name!r}")
            q = (select(*self._REV_COLS).where(repo_revisions.c.plan_id == ident[0])
                 .order_by(repo_revisions.c.number.desc()))
            return [self._rev(r) for r in conn.execute(q)]

    def fetch(self, name: str, revision: int | None = None) -> tuple[RevisionInfo, bytes]:
        """A revision (default: the head) as stored: its history entry and its project file bytes."""
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
        return self._rev(row[:-1]), bytes(row[-1])

    def pull(self, name: str, revision: int | None = None) -> Pulled:
        """A revision opened as a plan (read and checked as a project file is)."""
        info, content = self.fetch(name, revision)
        opened = open_rackplan_bytes(content, f"{name}@{info.number}")
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
        with no_gc():  # one collector pass after the push, not one per step (~10^6 objects at 16k GPUs)
            return self._push(name, plan, base=base, message=message, catalog=catalog, embedded=embedded,
                              gpu_catalog=gpu_catalog, merge=merge, prefer=prefer)

    def _push(self, name: str, plan: Plan, *, base: int | None, message: str,
             catalog: Catalog | None = None, embedded: EmbeddedCatalog | None = None,
             gpu_catalog: Catalog | None = None, merge: bool = True, prefer: str | None = None) -> PushResult:
        """See :meth:`push`."""
        name = _check_name(name)
        message = _check_message(message)
        try:
            snap = snapshot(plan, catalog, embedded)  # the rows, once: for the file and for the differences
        except ValueError as e:
            raise RepoError(f"cannot store the plan: {e}") from None
        ours_items = flatten(snap.rows)
        lookup = gpu_catalog or catalog or (embedded.catalog if embedded is not None else None)
        cat_for_merge = catalog if catalog is not None else (embedded.catalog if embedded is not None else None)

        def prepare(ident: tuple[int, int] | None, conn: Connection
                    ) -> tuple[Plan, bytes, int | None, PlanDiff, list[str], _Revision]:
            """What to store on top of the head ``ident`` names: this plan, or it merged with the
            head; the new revision's bytes are the head's with only the changed rows replaced."""
            if ident is None and base is not None:
                raise RepoError(f"{self.display_url}: no plan named {name!r} (this copy says it came from "
                                f"revision {base} of it)")
            head = ident[1] if ident else 0
            if head and base is None:
                raise RepoConflict(name, None, head, None)
            if head and base is not None and (base > head or base < 1):
                raise RepoError(f"{self.display_url}: plan {name!r} has no revision {base} (its head is {head})")
            if not (ident and head):  # a new plan: what it holds, not each of its settings
                changes = diff_items({}, {k: v for k, v in ours_items.items() if k[0] not in _SINGLE})
                content = rackplan_bytes(snap)
                return plan, content, None, changes, [], _Revision(ours_items, snap.catalog_rows, content)
            head_rev = self._revision(ident[0], head, name, conn)
            if base == head:
                keys = changed_keys(head_rev.items, ours_items)
                content = self._content(head_rev, ours_items, keys, snap.catalog_rows, name)
                return (plan, content, None, diff_items(head_rev.items, ours_items, keys=keys), [],
                        _Revision(ours_items, snap.catalog_rows, content))
            assert base is not None
            result = merge_items(self._revision(ident[0], base, name, conn).items, ours_items, head_rev.items,
                                 prefer) \
                if merge else None
            if result is None or not result.ok:
                raise RepoConflict(name, base, head, result)
            assert result.plan is not None and result.items is not None
            cat_rows, _ = catalog_rows(result.plan, [cat_for_merge] if cat_for_merge is not None else [],
                                       head_rev.embedded(f"{name}@{head}"))
            content = self._content(head_rev, result.items, result.changed_from_theirs, cat_rows, name)
            note = tmsg("merged with revision {head}: {theirs} from the repository, {ours} from this copy",
                        head=head, theirs=result.theirs_diff.summary(), ours=result.ours_diff.summary())
            changes = diff_items(head_rev.items, result.items, keys=result.changed_from_theirs)
            return result.plan, content, head, changes, [note], _Revision(result.items, cat_rows, content)

        # 1. without a lock: merging is slow, other pushes need not wait for it
        with self._begin() as conn:
            self._check_schema(conn)
            seen = self._plan_id(conn, name, live=True)
            prepared = prepare(seen, conn)  # the revisions it needs read in this transaction (no lock held)
        head = seen[1] if seen else 0
        if head and prepared[3].empty and prepared[2] is None:
            return PushResult(name, head, False, None, prepared[3], plan, prepared[1], unchanged=True,
                              notes=[tmsg("no changes since revision {head}; nothing pushed", head=head)])
        # 2. locked: store it; if someone pushed meanwhile, merge again while holding the lock
        with self._begin() as conn:
            self._check_schema(conn)
            now = self._plan_id(conn, name, lock=True, live=True)
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
                    prepared = prepare(now, conn)
            stored, stored_content, merged_with, changes, notes, new_rev = prepared
            head = now[1] if now else 0
            number = head + 1
            conn.execute(insert(repo_revisions).values(  # the author: the role that pushed (the server's word)
                plan_id=pid, number=number, author=func.current_user(), message=message, base=base,
                merged_with=merged_with, changes=changes.to_json(), gpus=_count_gpus(stored, lookup),
                size_bytes=len(stored_content), content=stored_content))
            conn.execute(update(repo_plans).where(repo_plans.c.id == pid).values(head=number))
        self._remember(pid, number, new_rev)
        return PushResult(name, number, created, merged_with, changes, stored, stored_content, notes=notes)

    def _content(self, head: _Revision, items: dict[Any, Any], keys: builtins.list[Any],
                 cat_rows: builtins.list[dict[str, Any]], name: str) -> bytes:
        """A new revision's project file: the head's bytes with the rows of ``keys`` replaced
        (a head of an older project schema: written whole)."""
        if head.content is None:
            return rackplan_bytes(PlanSnapshot(unflatten(items), cat_rows, []))
        return patch_rackplan_bytes(head.content, name, rows_of(items, keys), cat_rows)

    def _revision(self, pid: int, number: int, name: str, conn: Connection) -> _Revision:
        """A revision's rows (cached: revisions never change), read without building the plan
        when it is of this build's project schema."""
        key = (pid, number)
        hit = self._revs.get(key)
        if hit is not None:
            self._revs.move_to_end(key)
            return hit
        row = conn.execute(select(repo_revisions.c.content).where(
            (repo_revisions.c.plan_id == pid) & (repo_revisions.c.number == number))).first()
        if row is None:
            raise RepoError(f"{self.display_url}: damaged repository: revision {number} is missing")
        data, label = bytes(row[0]), f"{name}@{number}"
        read = read_project_rows(data, label)
        if read is not None:
            rows, cat_rows, _ = read
            rev = _Revision(flatten(rows), cat_rows, data)
        else:  # an older project schema: opened (migrated), rows made from the plan; not patched
            opened = open_rackplan_bytes(data, label)
            snap = snapshot(opened.plan, None, opened.embedded)
            rev = _Revision(flatten(snap.rows), snap.catalog_rows, None)
        self._remember(pid, number, rev)
        return rev

    def _remember(self, pid: int, number: int, rev: _Revision) -> None:
        self._revs[(pid, number)] = rev
        self._revs.move_to_end((pid, number))
        while len(self._revs) > 4:
            self._revs.popitem(last=False)

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

    def __init__(self, repo: Repository, doing: str | None = None) -> None:
        self.repo = repo
        self.doing = doing  # what a refused permission says the user may not do (default: write)
        self.cm: AbstractContextManager[Connection] | None = None

    def __enter__(self) -> Connection:
        try:
            self.cm = self.repo.engine.begin()
            return self.cm.__enter__()
        except (DBAPIError, SQLAlchemyError) as e:
            raise self.repo._error(e, "connect") from None

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> Literal[False]:
        assert self.cm is not None  # set by __enter__
        try:
            self.cm.__exit__(et, ev, tb)
        except (DBAPIError, SQLAlchemyError) as e:
            raise self.repo._error(e, (self.doing or "write") if et is None else "read") from None
        if isinstance(ev, RepoError | PlanFormatError):
            return False
        if isinstance(ev, DBAPIError | SQLAlchemyError):
            raise self.repo._error(ev, self.doing or "write") from None
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

