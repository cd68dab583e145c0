"""A real NetBox server on 127.0.0.1 for the NetBox tests (never a mock of NetBox).

NetBox's source is ``../shared/vendor/netbox`` beside the checkout (NetBox 4.6.8, see its
README; ``$RACKWRIGHT_NETBOX_SOURCE`` overrides). :func:`start_netbox` starts, for as long as
its context lasts:

- a throwaway PostgreSQL cluster (:mod:`tests.pgserver`) with the migrated empty database
  restored from ``netbox-4.6.8-empty-migrated.pgdump`` (``pg_restore``: saves the 4 CPU-minutes
  of the first ``migrate``);
- Debian's ``redis-server`` on a free port of its own, no persistence;
- NetBox itself, copied to a temporary folder (the vendor folder is read-only in CI) with a
  ``configuration.py`` of its own, a superuser ``rw`` and a v1 API token, served by gunicorn
  on 127.0.0.1 with NetBox's recommended worker timeout of 120 s
  (docs/installation/4-gunicorn.md of NetBox: ``timeout = 120`` in ``contrib/gunicorn.py``).

The Python environment NetBox runs in (Python 3.12+, ``pip install -r requirements.txt``) is
``$RACKWRIGHT_NETBOX_VENV`` when set, else a cached venv in ``~/.cache/rackwright/`` made on
first use from pyenv's or the system's python3.12 (a few minutes, once).

Run as a script it starts a server and prints its URL and token until Ctrl+C:
``python -m tests.netbox_server``.

Without what it needs the tests skip with the reason; under ``CI=true`` they fail.
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NETBOX_VERSION = "4.6.8"
DUMP = f"netbox-{NETBOX_VERSION}-empty-migrated.pgdump"
USER, PASSWORD = "rw", "rw-test-password-1"
WORKER_TIMEOUT_S = 120  # NetBox's contrib/gunicorn.py


class NetBoxUnavailable(RuntimeError):
    """Something the server needs is missing (the reason names it)."""


def vendor_dir() -> Path | None:
    env = os.environ.get("RACKWRIGHT_NETBOX_SOURCE")
    cands = [Path(env)] if env else []
    cands += [p / "shared" / "vendor" for p in (ROOT.parent, *ROOT.parents[1:3])]
    for c in cands:
        if (c / "netbox" / "netbox" / "manage.py").is_file():
            return c
        if (c / "netbox" / "manage.py").is_file():
            return c.parent
    return None


def _python312() -> str | None:
    cands = [os.environ.get("RACKWRIGHT_NETBOX_PYTHON", "")]
    cands += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[2-9]*/bin/python")), reverse=True)
    cands += sorted(glob.glob("/root/.pyenv/versions/3.1[2-9]*/bin/python"), reverse=True)
    cands += [shutil.which(n) or "" for n in ("python3.13", "python3.12")]
    if sys.version_info >= (3, 12):
        cands.append(sys.executable)
    return next((c for c in cands if c and os.access(c, os.X_OK)), None)


def netbox_python(vendor: Path) -> Path:
    """The interpreter of a venv with NetBox's requirements (made and cached on first use)."""
    env = os.environ.get("RACKWRIGHT_NETBOX_VENV")
    venv = Path(env) if env else Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "rackwright" / \
        f"netbox-{NETBOX_VERSION}-venv"
    py = venv / "bin" / "python"
    if (venv / ".complete").exists() or (env and py.exists()):
        return py
    base = _python312()
    if base is None:
        raise NetBoxUnavailable("NetBox 4.6 needs Python 3.12 or newer; none found (set RACKWRIGHT_NETBOX_PYTHON)")
    venv.parent.mkdir(parents=True, exist_ok=True)
    import fcntl

    # one process makes it: pytest-xdist's workers (and a second suite) wait for the first
    with open(venv.parent / f"{venv.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (venv / ".complete").exists():
            return py
        shutil.rmtree(venv, ignore_errors=True)
        try:
            subprocess.run([base, "-m", "venv", str(venv)], check=True, capture_output=True, text=True)
            subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", str(vendor / "netbox" / "requirements.txt")],
                           check=True, capture_output=True, text=True, timeout=1800)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
            raise NetBoxUnavailable(f"installing NetBox's requirements failed: {str(e.stderr or e)[-400:]}") from None
        (venv / ".complete").write_text("ok\n")
    return py


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 90.0) -> None:
    t_end = time.monotonic() + timeout
    while time.monotonic() < t_end:
        if proc.poll() is not None:
            raise NetBoxUnavailable(f"{what} exited with {proc.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        time.sleep(0.2)
    raise NetBoxUnavailable(f"{what} did not listen on 127.0.0.1:{port} within {timeout:g} s")


@dataclass
class NetBox:
    url: str  # http://127.0.0.1:PORT
    token: str  # a v1 API token of the superuser
    user: str = USER
    password: str = PASSWORD
    version: str = NETBOX_VERSION
    start_seconds: float = 0.0


_CONFIG = """\
ALLOWED_HOSTS = ['127.0.0.1', 'localhost']
DATABASES = {{'default': {{'ENGINE': 'django.db.backends.postgresql', 'NAME': 'netbox', 'USER': {pguser!r},
    'PASSWORD': '', 'HOST': '127.0.0.1', 'PORT': {pgport}, 'CONN_MAX_AGE': 300}}}}
REDIS = {{
    'tasks': {{'HOST': '127.0.0.1', 'PORT': {rport}, 'USERNAME': '', 'PASSWORD': '', 'DATABASE': 0, 'SSL': False}},
    'caching': {{'HOST': '127.0.0.1', 'PORT': {rport}, 'USERNAME': '', 'PASSWORD': '', 'DATABASE': 1, 'SSL': False}},
}}
SECRET_KEY = {secret!r}
API_TOKEN_PEPPERS = {{1: {pepper!r}}}
MAX_PAGE_SIZE = 5000
LOGIN_REQUIRED = True
CENSUS_REPORTING_ENABLED = False
RELEASE_CHECK_URL = None
ISOLATED_DEPLOYMENT = True
"""

_SETUP = """
from django.core.management import call_command
call_command('migrate', interactive=False, verbosity=0)
from users.models import Token, User
u = User.objects.create_superuser({user!r}, 'rw@example.invalid', {password!r})
Token.objects.create(user=u, version=1, token={token!r}, write_enabled=True)
"""


@contextlib.contextmanager
def start_netbox() -> Iterator[NetBox]:
    """PostgreSQL, Redis and NetBox for as long as the context lasts (see the module doc)."""
    from tests import pgserver

    t0 = time.perf_counter()
    vendor = vendor_dir()
    if vendor is None:
        raise NetBoxUnavailable("NetBox's source not found (../shared/vendor/netbox; set RACKWRIGHT_NETBOX_SOURCE)")
    redis = shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists()
                                             else None)
    if redis is None:
        raise NetBoxUnavailable("redis-server not found: install Debian's 'redis-server' package")
    bindir = pgserver.find_bindir()
    if bindir is None:
        raise NetBoxUnavailable("PostgreSQL server programs not found: install Debian's 'postgresql' package")
    py = netbox_python(vendor)
    procs: list[subprocess.Popen] = []
    tmp = Path(tempfile.mkdtemp(prefix="rw-netbox-"))
    try:
        with pgserver.start_server() as pg:
            pg.admin("CREATE DATABASE netbox")
            restore = subprocess.run([_pg_restore(bindir), "--no-owner", "--no-privileges", "-h", pg.host,
                                      "-p", str(pg.port), "-U", pg.admin_user, "-d", "netbox",
                                      str(vendor / DUMP)], capture_output=True, text=True)
            if restore.returncode != 0:
                raise NetBoxUnavailable(f"pg_restore failed: {restore.stderr.strip()[-400:]}")
            rport = _free_port()
            rproc = subprocess.Popen([redis, "--bind", "127.0.0.1", "--port", str(rport), "--save", "",
                                      "--appendonly", "no", "--dir", str(tmp)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            procs.append(rproc)
            src = tmp / "netbox"
            shutil.copytree(vendor / "netbox" / "netbox", src, ignore=shutil.ignore_patterns("__pycache__"))
            (src / "netbox" / "configuration.py").write_text(_CONFIG.format(
                pguser=pg.admin_user, pgport=pg.port, rport=rport, secret=secrets.token_urlsafe(60),
                pepper=secrets.token_urlsafe(60)))
            env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
            env.pop("PYTHONPATH", None)
            env.pop("DJANGO_SETTINGS_MODULE", None)
            _wait_port(rport, rproc, "redis-server", 30)

            def manage(*args: str) -> None:
                r = subprocess.run([str(py), "manage.py", *args], cwd=src, env=env, capture_output=True, text=True,
                                   timeout=600)
                if r.returncode != 0:
                    raise NetBoxUnavailable(f"manage.py {args[0]} failed: {(r.stderr or r.stdout).strip()[-600:]}")

            token = secrets.token_hex(20)
            manage("shell", "-c", _SETUP.format(user=USER, password=PASSWORD, token=token))  # one Django start
            port = _free_port()
            nproc = subprocess.Popen([str(py), "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "1",
                                      "--threads", "4", "--timeout", str(WORKER_TIMEOUT_S), "netbox.wsgi"],
                                     cwd=src, env=env, stdout=open(tmp / "gunicorn.log", "wb"),
                                     stderr=subprocess.STDOUT)
            procs.append(nproc)
            _wait_port(port, nproc, "NetBox (gunicorn)", 120)
            nb = NetBox(f"http://127.0.0.1:{port}", token)
            _wait_api(nb)
            nb.start_seconds = time.perf_counter() - t0
            try:
                yield nb
            finally:
                # gunicorn's SIGTERM waits out its keep-alive connections (a 15-20 s stop at
                # the end of every run); SIGINT is its quick shutdown
                nproc.send_signal(signal.SIGINT)
                for p in reversed(procs):
                    if p is not nproc:
                        p.terminate()
                for p in reversed(procs):
                    try:
                        p.wait(15)
                    except subprocess.TimeoutExpired:
                        p.kill()
                procs.clear()
    finally:
        for p in procs:
            p.kill()
        shutil.rmtree(tmp, ignore_errors=True)


def _pg_restore(bindir: Path) -> str:
    """pg_restore beside the server programs (PATH may hold only symlinks to initdb and pg_ctl)."""
    real = Path(os.path.realpath(bindir / "pg_ctl")).parent / "pg_restore"
    if real.exists():
        return str(real)
    found = shutil.which("pg_restore")
    if found is None:
        raise NetBoxUnavailable("pg_restore not found: install Debian's 'postgresql-client' package")
    return found


def _wait_api(nb: NetBox, timeout: float = 120.0) -> None:
    import urllib.request

    t_end = time.monotonic() + timeout
    last = ""
    while time.monotonic() < t_end:
        req = urllib.request.Request(nb.url + "/api/status/", headers={"Authorization": f"Token {nb.token}",
                                                                        "Accept": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:  # noqa: S310 (127.0.0.1 only)
                if r.status == 200:
                    return
        except OSError as e:
            last = str(e)
        time.sleep(0.5)
    raise NetBoxUnavailable(f"NetBox's API did not answer: {last}")


_started: list[tuple[contextlib.ExitStack, NetBox]] = []


def session_netbox() -> NetBox:
    """The server for this test process (started once, stopped at exit), or skip/fail."""
    import pytest

    if _started:
        return _started[0][1]
    stack = contextlib.ExitStack()
    import atexit

    atexit.register(stop_session_netbox)
    try:
        nb = stack.enter_context(start_netbox())
    except NetBoxUnavailable as e:
        stack.close()
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true needs the real NetBox server for the NetBox tests: {e}", pytrace=False)
        pytest.skip(str(e))
    _started.append((stack, nb))
    return nb


def stop_session_netbox() -> None:
    while _started:
        stack, _ = _started.pop()
        stack.close()


if __name__ == "__main__":
    import signal

    signal.signal(signal.SIGTERM, lambda *_a: sys.exit(0))  # kill PID tears everything down too
    signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started in the background
    with start_netbox() as _nb:
        print(f"NetBox {_nb.version} at {_nb.url}  token {_nb.token}  user {_nb.user}/{_nb.password}  "
              f"(started in {_nb.start_seconds:.1f} s); Ctrl+C stops it", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)


# --------------------------------------------------------------------------- the import forms, as a user uses them

# file name prefix -> the object list whose Import form takes it
IMPORT_PAGES = {
    "manufacturers": "dcim/manufacturers", "device-types": "dcim/device-types", "device-roles": "dcim/device-roles",
    "sites": "dcim/sites", "locations": "dcim/locations", "rack-types": "dcim/rack-types", "racks": "dcim/racks",
    "power-panels": "dcim/power-panels", "power-feeds": "dcim/power-feeds", "devices": "dcim/devices",
    "cables": "dcim/cables", "power-cables": "dcim/cables", "feed-cables": "dcim/cables",
}


class ImportRefused(AssertionError):
    pass


class FormSession:
    """A logged-in browser session: the bulk-import forms and the list exports."""

    def __init__(self, nb: NetBox) -> None:
        import requests

        self.nb = nb
        self.s = requests.Session()
        self.s.trust_env = False  # 127.0.0.1 only, never a proxy
        r = self.s.get(nb.url + "/login/", timeout=60)
        r.raise_for_status()
        r = self.s.post(nb.url + "/login/", data={"username": nb.user, "password": nb.password,
                                                  "csrfmiddlewaretoken": self.s.cookies["csrftoken"]},
                        headers={"Referer": nb.url + "/login/"}, timeout=60)
        if "sessionid" not in self.s.cookies:
            raise NetBoxUnavailable(f"logging in to NetBox failed ({r.status_code})")

    def import_text(self, page: str, text: str, fmt: str = "auto", timeout: float = WORKER_TIMEOUT_S + 30) -> int:
        """Submit ``text`` to ``page``'s Import form; the number of objects NetBox reports, or ImportRefused
        with its error text."""
        import re

        url = f"{self.nb.url}/{page}/import/"
        self.s.get(url, timeout=60)
        r = self.s.post(url, data={"data": text, "format": fmt, "csv_delimiter": "auto", "import_method": "direct",
                                   "csrfmiddlewaretoken": self.s.cookies["csrftoken"]},
                        headers={"Referer": url}, timeout=timeout)
        if r.status_code >= 500:
            raise ImportRefused(f"{page}: HTTP {r.status_code}: {r.text[:300]}")
        m = re.search(r"Imported (\d+)", r.text)
        if m:
            return int(m.group(1))
        import html

        errors = [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", e)).split())
                  for e in re.findall(r'class="toast-body">(.*?)</div>', r.text, re.S)]
        errors += [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", e)).split())
                   for e in re.findall(r'class="[^"]*(?:errorlist|invalid-feedback)[^"]*"[^>]*>(.*?)</', r.text, re.S)]
        raise ImportRefused(f"{page}: HTTP {r.status_code}: {'; '.join(e for e in errors if e)[:1000] or 'refused'}")

    def export(self, page: str, query: str = "") -> str:
        r = self.s.get(f"{self.nb.url}/{page}/?{query}", timeout=120)
        r.raise_for_status()
        return r.content.decode("utf-8-sig")


SHARED = {"manufacturers": ("dcim/manufacturers", "name"), "device-roles": ("dcim/device-roles", "name"),
          "rack-types": ("dcim/rack-types", "slug")}


def api_get(nb: NetBox, path: str) -> dict:
    import json
    import urllib.request

    req = urllib.request.Request(f"{nb.url}/api/{path}", headers={"Authorization": f"Token {nb.token}",
                                                                   "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:  # noqa: S310 (127.0.0.1 only)
        return json.loads(r.read())


def import_folder(session: FormSession, folder: Path, skip_existing: bool = False,
                  leave_out: tuple[str, ...] = ()) -> dict[str, tuple[int, float]]:
    """Import an export folder through the forms in the order of its README.txt (device types
    after the manufacturers). ``skip_existing`` leaves out the rows of objects NetBox already has
    that several sites share (manufacturers, roles, rack types, device types), as a user importing
    a second plan does: NetBox's import refuses an existing name. Returns (objects, seconds) per file."""
    import csv
    import io

    folder = Path(folder)
    done: dict[str, tuple[int, float]] = {}
    order = [ln.strip() for ln in (folder / "README.txt").read_text("utf-8").splitlines() if ln.startswith("  ")]
    for name in order:
        if name.startswith(leave_out):
            continue
        f = folder / name
        text = f.read_text(encoding="utf-8")
        if name.startswith("device-types/"):
            if skip_existing:
                import yaml

                slug = yaml.safe_load(text.split("---\n", 1)[1])["slug"]
                if api_get(session.nb, f"dcim/device-types/?slug={slug}")["count"]:
                    continue
            t0 = time.perf_counter()
            done[name] = (session.import_text("dcim/device-types", text, "yaml"), time.perf_counter() - t0)
            continue
        stem = f.stem.split("-", 1)[1]
        stem = stem.rsplit("-", 1)[0] if stem.rsplit("-", 1)[-1].isdigit() else stem
        if skip_existing and stem in SHARED:
            page, key = SHARED[stem]
            have = {o[key] for o in api_get(session.nb, f"{page}/?limit=1000")["results"]}
            rows = list(csv.DictReader(io.StringIO(text)))
            keep = [r for r in rows if r[key] not in have]
            buf = io.StringIO()
            w = csv.DictWriter(buf, fieldnames=list(rows[0]) if rows else [], lineterminator="\n")
            w.writeheader()
            w.writerows(keep)
            text = buf.getvalue()
        if text.count("\n") > 1:
            t0 = time.perf_counter()
            done[name] = (session.import_text(IMPORT_PAGES[stem], text, "csv"), time.perf_counter() - t0)
    return done
