"""A throwaway PostgreSQL server for the repository tests (a real server, never SQLite).

``RACKWRIGHT_TEST_PG`` (a SQLAlchemy URL of a superuser on a server you run, e.g.
``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``) is used when given; the tests
create databases and roles on it (``rw_pw`` with a known password among them). Otherwise the server programs (``initdb``, ``pg_ctl``: Debian's ``postgresql``
package, or on PATH) start a cluster in a temporary folder, bound to 127.0.0.1 on a free
port, and remove it afterwards. Run as root, the cluster belongs to the ``postgres`` user
(``initdb`` refuses root). Without the programs the tests skip with the reason, and fail
under ``CI=true``.

A cluster's folder (``rw-pg-*`` in the temporary folder) records the process that started it
(``owner``: its id and start time). A test run killed before its clean-up leaves the server
running; the next start stops and removes every such cluster whose owner is gone
(:func:`remove_stale_clusters`). A folder without that record (older test code) counts as
stale after :data:`UNOWNED_STALE_S`.

Logins: the cluster's superuser ``rw_admin`` and any other role log in without a password
(trust), except ``rw_pw``, which needs the password ``s3cret`` (scram-sha-256): the tests of
wrong and missing passwords use it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ENV_URL = "RACKWRIGHT_TEST_PG"
SUPERUSER = "rw_admin"
PW_ROLE, PW_PASSWORD = "rw_pw", "s3cret"
PREFIX = "rw-pg-"
OWNER_FILE = "owner"  # "PID START_TIME" of the process that started the cluster
UNOWNED_STALE_S = 6 * 3600


def find_bindir() -> Path | None:
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True):
        if (Path(d) / "initdb").exists() and (Path(d) / "pg_ctl").exists():
            return Path(d)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PgServer:
    """A running server: ``url(db, user)`` gives SQLAlchemy URLs."""

    host: str
    port: int
    admin_url: str  # the superuser on the maintenance database
    admin_user: str = SUPERUSER
    admin_password: str | None = None  # only from RACKWRIGHT_TEST_PG; never printed

    def url(self, db: str, user: str | None = None, password: str | None = None) -> str:
        if user is None:
            user, password = self.admin_user, self.admin_password
        auth = f"{user}:{password}" if password is not None else user
        return f"postgresql+psycopg://{auth}@{self.host}:{self.port}/{db}"

    def admin(self, *sql: str, db: str = "postgres") -> None:
        """Run statements as the superuser (autocommit: CREATE DATABASE cannot run in a transaction)."""
        import psycopg

        with psycopg.connect(host=self.host, port=self.port, user=self.admin_user, password=self.admin_password,
                             dbname=db, autocommit=True) as c:
            for s in sql:
                c.execute(s)

    def new_database(self) -> str:
        name = "t_" + uuid.uuid4().hex[:12]
        self.admin(f'CREATE DATABASE "{name}"')
        return name


def _as_owner(cmd: list[str], owner: str | None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, user=owner, check=True, capture_output=True, text=True, **kw)


def _owner_alive(folder: Path) -> bool:
    """Whether the process that started the cluster in ``folder`` still runs."""
    from planner.files.filelock import pid_alive, process_start_time

    try:
        pid_s, _, started_s = (folder / OWNER_FILE).read_text(encoding="ascii").strip().partition(" ")
        pid, started = int(pid_s), float(started_s) if started_s else None
    except FileNotFoundError:
        try:
            return time.time() - folder.stat().st_mtime < UNOWNED_STALE_S
        except OSError:
            return False
    except (OSError, ValueError):
        return False
    if not pid_alive(pid):
        return False
    now_started = process_start_time(pid)
    # the id was reused by a later process: the owner is gone
    return started is None or now_started is None or abs(now_started - started) < 2.0


def remove_stale_clusters(tmpdir: str | None = None, bindir: Path | None = None) -> list[Path]:
    """Stop and remove the clusters of test runs that died without cleaning up; returns them."""
    bindir = bindir or find_bindir()
    removed = []
    for folder in sorted(Path(tmpdir or tempfile.gettempdir()).glob(PREFIX + "*")):
        if not folder.is_dir() or _owner_alive(folder):
            continue
        data = folder / "data"
        if bindir is not None and (data / "postmaster.pid").exists():
            owner = "postgres" if os.geteuid() == 0 else None
            with contextlib.suppress(subprocess.CalledProcessError, OSError, subprocess.TimeoutExpired):
                _as_owner([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "-t", "20", "stop"],
                          owner, timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


def _record_owner(folder: Path) -> None:
    from planner.files.filelock import process_start_time

    started = process_start_time(os.getpid())
    (folder / OWNER_FILE).write_text(f"{os.getpid()} {started if started is not None else ''}".strip(),
                                     encoding="ascii")


@contextlib.contextmanager
def start_server() -> Iterator[PgServer]:
    """A fresh cluster for as long as the context lasts."""
    bindir = find_bindir()
    if bindir is None:
        raise FileNotFoundError("PostgreSQL server programs (initdb, pg_ctl) not found; install Debian's "
                                "'postgresql' package or set RACKWRIGHT_TEST_PG to a server's URL")
    owner = "postgres" if os.geteuid() == 0 else None
    remove_stale_clusters(bindir=bindir)
    tmp = Path(tempfile.mkdtemp(prefix=PREFIX))
    data = tmp / "data"
    try:
        _record_owner(tmp)
        if owner:
            shutil.chown(tmp, owner)
        _as_owner([str(bindir / "initdb"), "-D", str(data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
                   "--locale=C", "--no-sync"], owner)
        (data / "pg_hba.conf").write_text(
            f"host all {PW_ROLE} 127.0.0.1/32 scram-sha-256\n"
            "host all all 127.0.0.1/32 trust\n")
        port = _free_port()
        opts = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories='{tmp}' "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60 "
                "-c shared_buffers=32MB")
        _as_owner([str(bindir / "pg_ctl"), "-D", str(data), "-o", opts, "-l", str(tmp / "log"), "-w", "-t", "60",
                   "start"], owner)
        try:
            srv = PgServer("127.0.0.1", port, f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{port}/postgres")
            srv.admin(f"CREATE ROLE {PW_ROLE} LOGIN PASSWORD '{PW_PASSWORD}'")
            yield srv
        finally:
            with contextlib.suppress(subprocess.CalledProcessError):
                _as_owner([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"], owner)
    except subprocess.CalledProcessError as e:
        raise RuntimeError(f"starting the test PostgreSQL server failed: {' '.join(e.cmd[:2])}: "
                           f"{(e.stderr or e.stdout or '').strip()[-500:]}") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def server_from_env(url: str) -> PgServer:
    from sqlalchemy.engine import make_url

    u = make_url(url)
    return PgServer(u.host or "127.0.0.1", u.port or 5432, url, u.username or SUPERUSER, u.password)


_started: list[tuple[contextlib.ExitStack, PgServer]] = []


def session_server() -> PgServer:
    """The server for this test process (started once, stopped at exit), or skip/fail."""
    if _started:
        return _started[0][1]
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("the PostgreSQL driver psycopg is not installed (pip install 'rackwright[postgres]')")
    url = os.environ.get(ENV_URL)
    if url:
        srv = server_from_env(url)
        # the password tests' role (their server's pg_hba.conf must ask it for a password)
        srv.admin(f"DO $$ BEGIN CREATE ROLE {PW_ROLE} LOGIN PASSWORD '{PW_PASSWORD}'; "
                  "EXCEPTION WHEN duplicate_object THEN NULL; END $$")
        _started.append((contextlib.ExitStack(), srv))
        return srv
    if find_bindir() is None:
        _missing("PostgreSQL server programs (initdb, pg_ctl) not found: install Debian's 'postgresql' "
                 f"package or set {ENV_URL}")
    stack = contextlib.ExitStack()
    import atexit

    atexit.register(stop_session_server)  # also when pytest ends without the fixture's teardown
    t0 = time.perf_counter()
    srv = stack.enter_context(start_server())
    srv.start_seconds = time.perf_counter() - t0  # type: ignore[attr-defined]
    _started.append((stack, srv))
    return srv


def stop_session_server() -> None:
    while _started:
        stack, _ = _started.pop()
        stack.close()


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true needs a PostgreSQL server for the repository tests: {reason}", pytrace=False)
    pytest.skip(reason)
