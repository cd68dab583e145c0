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


# --------------------------------------------------------------------------- an incomplete capex
# Every BOM line of the shipped examples has a catalog price (issue 25). Tests of what an
# incomplete capex does (COST_NO_PRICE, INCOMPLETE on the cover and in the Totals dock, the
# workbook's note, a price set for this plan) take this catalog instead: the shipped one with a
# user layer that leaves the XE9680 example's rear door and 800G active copper without a price.

UNPRICED = (("cooling", "cooling.yaml", "rdhx-passive-35kw"), ("cables", "cables.yaml", "acc-800g-osfp"))


@pytest.fixture(scope="session")
def unpriced_user_catalog(tmp_path_factory) -> Path:
    """A user catalog folder whose entries are shipped ones without their price (UNPRICED)."""
    import yaml

    from planner.catalog import shipped_catalog_dir

    root = tmp_path_factory.mktemp("unpriced-user-catalog")
    (root / "components").mkdir()
    for table, file, slug in UNPRICED:
        data = yaml.safe_load((shipped_catalog_dir() / "components" / file).read_text(encoding="utf-8"))
        entry = next(e for e in data["entries"] if e["slug"] == slug)
        entry.pop("price")
        (root / "components" / f"unpriced-{slug}.yaml").write_text(
            yaml.safe_dump({"table": table, "entries": [entry]}, sort_keys=False), encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def unpriced_catalog(unpriced_user_catalog):
    """The shipped catalog with the UNPRICED entries left without a price."""
    from planner.catalog import Layer, load_catalog, shipped_catalog_dir

    cat = load_catalog([Layer("shipped", shipped_catalog_dir()), Layer("user", unpriced_user_catalog)])
    assert not cat.errors, [str(e) for e in cat.errors]
    assert all(cat.get(t, s).price is None for t, _f, s in UNPRICED)
    return cat


# The two servers' prices are left out (a user catalog layer without them), so that the
# comparison's marking of an incomplete capex is tested: every shipped BOM line has a price.
UNPRICED_SERVERS = ("dell-poweredge-r760-l40s", "dell-poweredge-r760xa-l40s-100gbe")


@pytest.fixture(scope="session")
def unpriced_servers(tmp_path_factory):
    import yaml

    from planner.catalog import shipped_catalog_dir

    root = tmp_path_factory.mktemp("unpriced-servers")
    (root / "device-types").mkdir()
    for slug in UNPRICED_SERVERS:
        data = yaml.safe_load((shipped_catalog_dir() / "device-types" / "Dell" / f"{slug}.yaml").read_text(encoding="utf-8"))
        assert data["planning"].pop("price", None) is not None, slug
        (root / "device-types" / f"{slug}.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return root


# --------------------------------------------------------------------------- garbage
# Once a background task exists the automatic cyclic collector is off and the GUI thread
# collects on a timer (ui.tasks.GuiThreadCollector); tests that spin no event loop still
# get their collections, on this (the GUI) thread, after each test.


@pytest.fixture(autouse=True)
def _collect_on_gui_thread():
    yield
    tasks = sys.modules.get("ui.tasks")
    collector = getattr(tasks, "_COLLECTOR", None) if tasks is not None else None
    if collector is not None:
        collector.collect()
    if os.environ.get("RACKWRIGHT_GC_STRESS"):
        # a full collection after every test: a Qt wrapper whose collection crashes (CI saw a
        # segfault in this teardown once) then crashes at the test that left it
        import gc
        gc.collect()


# --------------------------------------------------------------------------- worker groups
# dev.py runs the suite with --dist loadgroup so the tests of one xdist_group (the real NetBox)
# share a worker and one server. pytest-xdist tags such a test's id with "@group" on the
# worker; when a pytest release stops that from working (9.2 did) the groups fall apart
# silently and every worker starts its own NetBox. Say so instead.


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    if not getattr(config.option, "loadgroup", False):
        return
    loose = [item.nodeid for item in items if item.get_closest_marker("xdist_group") and "@" not in item.nodeid]
    if loose:
        import xdist

        raise pytest.UsageError(f"pytest-xdist {xdist.__version__} did not group {len(loose)} tests marked "
                                f"xdist_group under pytest {pytest.__version__} (e.g. {loose[0]}): "
                                "pin a pytest that it supports (pyproject.toml)")


# --------------------------------------------------------------------------- collection
# What the test modules build at import (catalogs, plans, parametrize tables: ~250k objects
# per worker) lives for the whole run: out of the cyclic collector's sight from the start
# (reference counting still frees it; tests/test_ui_document_gc.py unfreezes for its own
# checks). And a worker's heap grows to ~2.4M objects of caches and results: a full
# collection walks them all (0.2-2.5 s; 86 of them, 23 s, in one worker of one run), so the
# full collections come ten times less often here than in the app (the third threshold:
# planner code and ui.tasks.GuiThreadCollector follow whatever gc.get_threshold() says).


def pytest_collection_finish(session):
    import gc

    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, max(old, 100))
