"""tests/pgserver.py cleans up after test runs that were killed: a cluster whose owner is gone
is stopped and removed when the next one starts; a live owner's cluster is left alone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests import pgserver

ROOT = Path(__file__).resolve().parent.parent

_START_AND_HANG = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from tests.pgserver import start_server
with start_server() as srv:
    print(srv.port, flush=True)
    time.sleep(600)
"""


def _postmaster_runs(port: int) -> bool:
    import socket

    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.slow
def test_clusters_of_killed_runs_are_removed_at_start():
    if pgserver.find_bindir() is None:
        pgserver._missing("PostgreSQL server programs (initdb, pg_ctl) not found")
    import shutil
    import tempfile

    # a temporary folder of its own (pytest's is private to root, where the server's user cannot go)
    tmp_path = Path(tempfile.mkdtemp(prefix="rw-pgtest-"))
    tmp_path.chmod(0o755)
    try:
        _killed_run(tmp_path)
    finally:
        shutil.rmtree(tmp_path, ignore_errors=True)


def _killed_run(tmp_path: Path) -> None:
    procs = []
    for _ in range(2):
        procs.append(subprocess.Popen([sys.executable, "-c", _START_AND_HANG, str(ROOT)], stdout=subprocess.PIPE,
                                      text=True, env={**os.environ, "TMPDIR": str(tmp_path)}))
    try:
        ports = [int(p.stdout.readline()) for p in procs]  # type: ignore[union-attr]
        folders = sorted(tmp_path.glob(pgserver.PREFIX + "*"))
        assert len(folders) == 2 and all(_postmaster_runs(port) for port in ports)
        # one test run is killed: no clean-up runs, its server goes on
        procs[0].send_signal(signal.SIGKILL)
        procs[0].wait(timeout=30)
        assert _postmaster_runs(ports[0])
        owner_of = {f: (f / pgserver.OWNER_FILE).read_text().split()[0] for f in folders}
        dead = next(f for f in folders if owner_of[f] == str(procs[0].pid))
        alive = next(f for f in folders if f != dead)
        # a user's own folder that merely looks alike, without a record, is recent: kept
        (tmp_path / (pgserver.PREFIX + "mine")).mkdir()

        removed = pgserver.remove_stale_clusters(str(tmp_path))
        assert removed == [dead]
        assert not dead.exists() and not _postmaster_runs(ports[0])
        assert alive.exists() and _postmaster_runs(ports[1])  # the running test's server is left alone
        assert (tmp_path / (pgserver.PREFIX + "mine")).exists()
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)  # the context's clean-up stops its server
                p.wait(timeout=60)
            p.stdout.close()  # type: ignore[union-attr]
    pgserver.remove_stale_clusters(str(tmp_path))
    assert not any(f.name != pgserver.PREFIX + "mine" for f in tmp_path.glob(pgserver.PREFIX + "*"))
