"""Test setup: no display in CI, so Qt runs offscreen; the user catalog folder is
pointed at an empty temporary folder so a developer's own catalog never leaks into
test results."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("RACKWRIGHT_USER_CATALOG", str(Path(__file__).parent / "fixtures" / "empty-user-catalog"))
# the suite asserts English texts unless a test asks for German (planner.i18n, tests/test_ui_i18n.py)
os.environ.setdefault("RACKWRIGHT_LANG", "en")
# new plans' power region no matter the machine's locale (tests of the default clear it)
os.environ.setdefault("RACKWRIGHT_REGION", "na")
# no team catalog layer (one pulled from a repository) unless a test makes one
os.environ.setdefault("RACKWRIGHT_TEAM_CATALOG", str(Path(__file__).parent / "fixtures" / "no-team-catalog"))

# recovery files, settings and locks of the app go to a throwaway folder
os.environ.setdefault("RACKWRIGHT_USER_DATA", tempfile.mkdtemp(prefix="rackwright-test-"))
# the parsed-catalog cache (planner.catalog.parsecache) too, never the developer's own
os.environ.setdefault("RACKWRIGHT_CACHE", tempfile.mkdtemp(prefix="rackwright-test-cache-"))

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# --------------------------------------------------------------------------- PostgreSQL
# The repository tests run against a real PostgreSQL server (tests/pgserver.py): one per
# test process, started on first use, removed at the end; each test gets a new database.

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def pg_server():
    from tests.pgserver import session_server, stop_session_server

    try:
        yield session_server()
    finally:
        stop_session_server()


@pytest.fixture
def pg_url(pg_server):
    """A SQLAlchemy URL (superuser) of an empty database of its own."""
    return pg_server.url(pg_server.new_database())


# --------------------------------------------------------------------------- NetBox
# A real NetBox 4.6.8 (tests/netbox_server.py): one per test process, started on first use.


@pytest.fixture(scope="session")
def netbox_server():
    from tests.netbox_server import session_netbox, stop_session_netbox

    try:
        yield session_netbox()
    finally:
        stop_session_netbox()
