#!/usr/bin/env python3
"""Set-up commands for a fresh machine (Windows, Linux, macOS). Standard library only.

    python3 dev.py app     # create .venv if needed, install, open the example plan
    python3 dev.py test    # create .venv if needed, install, lint, check contracts, run all tests
    python3 dev.py translations  # update resources/translations/*.ts from ui/ and compile the .qm

The tests install the PostgreSQL driver (extra "postgres") and start a throwaway PostgreSQL
server of their own when its programs (initdb, pg_ctl) are installed (tests/pgserver.py).

The environment lives in .venv beside this file and is reused; it is
re-installed whenever pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# RACKWRIGHT_VENV: another environment folder, e.g. for a second interpreter (.ci/run runs the
# suite with Debian's own python3 too, in .venv-system)
VENV = Path(os.environ["RACKWRIGHT_VENV"]).resolve() if os.environ.get("RACKWRIGHT_VENV") else ROOT / ".venv"
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"


def _bin(name: str) -> Path:
    sub = "Scripts" if os.name == "nt" else "bin"
    exe = name + (".exe" if os.name == "nt" else "")
    return VENV / sub / exe


def _run(cmd: list[str | Path], **kw) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], cwd=ROOT, **kw)


def _quiet(cmd: list[str | Path]) -> int:
    """Run an install step, showing its output only when it fails: setuptools' notes about the
    editable install read like errors to someone who only wanted to open the app."""
    proc = subprocess.run([str(c) for c in cmd], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        print("+", " ".join(str(c) for c in cmd), flush=True)
        print(proc.stdout + proc.stderr, flush=True)
    return proc.returncode


def ensure_env(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may run on an older system Python
        sys.exit(f"Rackwright needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    stamp = VENV / ".rackwright-installed"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    if not _bin("python").exists():
        print(f"Creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True, clear=False).create(VENV)
    if stamp.exists() and stamp.read_text() == want:
        return
    py = _bin("python")
    target = "." + (f"[{extras}]" if extras else "")
    print(f"Installing Rackwright{' with ' + extras + ' tools' if extras else ''} into {VENV} "
          "(the first time takes a few minutes)", flush=True)
    if _quiet([py, "-m", "pip", "install", "--quiet", "--upgrade", "pip"]) != 0:
        sys.exit("pip upgrade failed")
    if _quiet([py, "-m", "pip", "install", "--quiet", "-e", target]) != 0:
        sys.exit("installing Rackwright into .venv failed")
    stamp.write_text(want)


def build_translations(update: bool = False) -> int:
    """Compile resources/translations/*.ts to .qm with PySide6's lrelease (``update``:
    first rewrite the .ts from the marked strings in ui/, docs/i18n.md)."""
    if update:
        sys.path.insert(0, str(ROOT))
        from ui import i18n_tools

        for ts in i18n_tools.update_all(ROOT):
            print(f"updated {ts.relative_to(ROOT)}", flush=True)
    lrelease = _bin("pyside6-lrelease")
    for ts in sorted((ROOT / "resources" / "translations").glob("*.ts")):
        if _run([lrelease, "-silent", ts, "-qm", ts.with_suffix(".qm")]) != 0:
            print(f"FAILED: lrelease {ts.name}", flush=True)
            return 1
    return 0


def cmd_translations(args: list[str]) -> int:
    ensure_env("")
    return build_translations(update=True)


def cmd_app(args: list[str]) -> int:
    ensure_env("")
    if build_translations() != 0:
        return 1
    plan = args[0] if args else str(EXAMPLE)
    return _run([_bin("python"), "-m", "rackwright", plan])


def _start_netbox_env() -> subprocess.Popen | None:
    """Start making the real NetBox server's own environment (tests/netbox_server.py: a venv
    with NetBox's requirements, about 90 s of pip on a fresh machine) beside the install of
    Rackwright's, so the NetBox tests do not wait for it on their worker. It takes the same
    lock as the tests, which wait for it or find it made; its errors are theirs to report."""
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from tests import netbox_server as n; "
            "v = n.vendor_dir(); v and n.netbox_python(v)")
    try:
        return subprocess.Popen([sys.executable, "-c", code, str(ROOT)], cwd=ROOT, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        return None


def cmd_test(args: list[str]) -> int:
    # the whole suite on a POSIX machine: the NetBox tests' server environment in parallel
    netbox_env = _start_netbox_env() if not args and os.name == "posix" else None
    try:
        return _test(args)
    finally:
        if netbox_env is not None and netbox_env.poll() is None:
            # half made (a run of a few tests, or interrupted): it has no mark of completion, and
            # the next run starts it again; its pip goes with it (its own process group)
            import signal

            os.killpg(netbox_env.pid, signal.SIGTERM)


def _test(args: list[str]) -> int:
    ensure_env("test,postgres,netbox")
    if build_translations() != 0:
        return 1
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Byte code is written during the tests even where the shell asks for none (this machine's
    # and CI's set PYTHONDONTWRITEBYTECODE=1): otherwise each xdist worker rewrites the asserts
    # of all test modules again (about 14 s of each worker's collection) and every one of the
    # hundreds of `python -m rackwright` runs the tests start compiles planner/ from source
    # (about 0.3 s each). __pycache__ is in .gitignore.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    py = _bin("python")
    # planner/locale/*/LC_MESSAGES/*.po -> .mo (gettext catalogs of findings, PDF, CLI): the tests read them
    if _run([py, "-m", "planner.i18n", "compile"], env=env) != 0:
        print("FAILED: compile planner translations", flush=True)
        return 1
    checks: list[tuple[str, list]] = [
        ("lint", [py, "-m", "ruff", "check", "planner", "ui", "rackwright", "tests", "bench", "dev.py"]),
        ("import contracts", [_bin("lint-imports")]),
        # the typed seam between ui/ and planner/ (issue 16): settings in pyproject.toml [tool.mypy],
        # cache in .mypy_cache (cold ~14 s CPU, ~40 s wall on the shared 2-core machine; warm < 1 s)
        ("type check", [py, "-m", "mypy"]),
    ]
    # The static checks run beside pytest, one after another on their own thread, their output
    # held and printed after the tests: one core each would otherwise wait for them (most of
    # a minute on a clean checkout, where mypy has no cache). Any failure fails the command.
    import threading

    results: list[tuple[str, list, int, str]] = []

    def run_checks() -> None:
        for name, cmd in checks:
            proc = subprocess.run([str(c) for c in cmd], cwd=ROOT, env=env, capture_output=True, text=True)
            results.append((name, cmd, proc.returncode, proc.stdout + proc.stderr))

    checker = threading.Thread(target=run_checks, daemon=True)
    checker.start()
    # loadgroup: tests marked xdist_group("netbox") share one worker, so one real NetBox starts (tests/netbox_server.py)
    # --max-worker-restart=0: pytest-xdist 3.8 hangs for good when it replaces a crashed worker
    # under loadgroup (pytest-xdist issues 1323, 1327, 1378; CI sat 80 minutes after a segfault).
    # Without a restart the run ends at once, failed, naming the test the worker died on.
    workers = (["-n", "2", "--dist", "loadgroup", "--max-worker-restart=0"]
               if (os.cpu_count() or 1) >= 2 and "-n" not in args else [])
    rc = _run([py, "-m", "pytest", *workers, *args], env=env)
    checker.join()
    failed = []
    for name, cmd, code, out in results:
        print("+", " ".join(str(c) for c in cmd), flush=True)
        print(out.rstrip(), flush=True)
        if code != 0:
            failed.append(name)
    for name in failed:
        print(f"FAILED: {name}", flush=True)
    if rc == 5:
        print("FAILED: pytest collected no tests", flush=True)
        return 1
    return rc or (1 if failed else 0)


def main() -> int:
    cmds = {"app": cmd_app, "test": cmd_test, "translations": cmd_translations}
    if len(sys.argv) < 2 or sys.argv[1] not in cmds:
        print(__doc__)
        return 2
    return cmds[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
