"""The team repository against a real PostgreSQL server (tests/pgserver.py; never SQLite).

Two clients pull, edit and push the same plan (merged or refused with exit 3), read-only
roles, passwords, a killed push, a newer schema, and 8 concurrent clients pushing 50
revisions each.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.design.synthetic import synthetic_plan
from planner.files.plan_io import plan_to_json
from planner.files.repository import (
    REPO_SCHEMA_VERSION,
    NeedPassword,
    RepoConflict,
    RepoError,
    Repository,
    origin_of,
)
from planner.files.storage import open_rackplan, save_rackplan
from tests.pgserver import PW_PASSWORD, PW_ROLE

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _edit(path: Path, change) -> None:
    """What the app does: open the pulled file, change the plan, save it over itself."""
    opened = open_rackplan(path)
    change(opened.plan)
    save_rackplan(opened.plan, path)


def _revisions(url: str, name: str) -> list[dict]:
    return [r for r in json.loads(_out(["repo", "log", url, name, "--json"]))]


def _out(argv: list[str]) -> str:
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(argv) == 0
    return buf.getvalue()


def test_two_clients_pull_and_push_merged_or_refused(pg_url, tmp_path, capsys):
    assert main(["repo", "init", pg_url]) == 0
    assert main(["repo", "push", str(EXAMPLE), pg_url, "--name", "acme pod", "-m", "first cut"]) == 0
    a, b = tmp_path / "a.rackplan", tmp_path / "b.rackplan"
    assert main(["repo", "pull", pg_url, "acme pod", "-o", str(a)]) == 0
    assert main(["repo", "pull", pg_url, "acme pod", "-o", str(b)]) == 0
    assert origin_of(open_rackplan(a).meta)[1:] == ("acme pod", 1)
    # the app's save of a pulled file keeps its link to the repository
    _edit(a, lambda p: setattr(p.metadata, "customer", "ACME from Alice"))
    assert origin_of(open_rackplan(a).meta)[1:] == ("acme pod", 1)
    _edit(b, lambda p: setattr(p.site.rooms[0].rows[0].racks[0], "name", "R01-bob"))
    capsys.readouterr()

    assert main(["repo", "push", str(a), pg_url, "-m", "customer name"]) == 0
    # Bob's base (1) is no longer the head (2): the changes do not collide, so they are merged
    assert main(["repo", "push", str(b), pg_url, "-m", "rack name"]) == 0
    out = capsys.readouterr().out
    assert "merged with revision 2" in out and "revision 3" in out
    merged = open_rackplan(b)
    assert merged.plan.metadata.customer == "ACME from Alice"
    assert merged.plan.site.rooms[0].rows[0].racks[0].name == "R01-bob"
    assert origin_of(merged.meta)[1:] == ("acme pod", 3)

    # Alice (still on 2) changes the rack name as well: a collision, refused, nothing written
    _edit(a, lambda p: setattr(p.site.rooms[0].rows[0].racks[0], "name", "R01-alice"))
    before = a.read_bytes()
    assert main(["repo", "push", str(a), pg_url, "-m", "my rack name"]) == 3
    err = capsys.readouterr().err
    assert "revision 2" in err and "revision 3" in err and "rack 'rack-1'" in err
    assert a.read_bytes() == before
    log = _revisions(pg_url, "acme pod")
    assert [r["revision"] for r in log] == [3, 2, 1]
    assert [r["message"] for r in log] == ["rack name", "customer name", "first cut"]
    assert log[0]["merged_with"] == 2 and log[0]["base"] == 1
    assert "~1 rack" in log[0]["summary"] and "~1 plan setting" in log[1]["summary"]
    # every revision stays retrievable, exactly
    first = tmp_path / "r1.rackplan"
    assert main(["repo", "pull", pg_url, "acme pod", "-r", "1", "-o", str(first)]) == 0
    from planner.files.documents import load_plan

    assert plan_to_json(open_rackplan(first).plan) == plan_to_json(load_plan(EXAMPLE))
    listed = json.loads(_out(["repo", "list", pg_url, "--json"]))
    assert [(p["name"], p["head"], p["gpus"]) for p in listed] == [("acme pod", 3, 32)]


def test_second_push_of_a_new_plan_under_a_taken_name_is_refused(pg_url, capsys):
    assert main(["repo", "init", pg_url]) == 0
    assert main(["repo", "push", str(EXAMPLE), pg_url, "--name", "pod"]) == 0
    assert main(["repo", "push", str(EXAMPLE), pg_url, "--name", "pod"]) == 3
    assert "already exists" in capsys.readouterr().err
    assert len(_revisions(pg_url, "pod")) == 1


def test_names_are_data_not_sql(pg_url, tmp_path, catalog):
    name = "x'); DROP TABLE repo_revisions; -- 100%_"
    with Repository(pg_url) as repo:
        repo.init()
        repo.push(name, synthetic_plan(8, catalog), base=None, message="'; DELETE FROM repo_plans; --",
                  catalog=catalog)
        repo.push("other", synthetic_plan(8, catalog), base=None, message="", catalog=catalog)
        assert [p.name for p in repo.list()] == ["other", name]
        assert [p.name for p in repo.list(search="100%_")] == [name]  # LIKE wildcards are literal
        assert repo.list(search="o_her") == []  # "_" would match the t of "other"
        assert repo.log(name)[0].message == "'; DELETE FROM repo_plans; --"


def test_read_only_role_is_refused_and_nothing_is_half_written(pg_server, pg_url, catalog, tmp_path):
    db = pg_url.rsplit("/", 1)[1]
    with Repository(pg_url) as repo:
        repo.init()
        repo.push("pod", synthetic_plan(8, catalog), base=None, message="", catalog=catalog)
    pg_server.admin("DROP ROLE IF EXISTS reader", "CREATE ROLE reader LOGIN")
    pg_server.admin("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader", db=db)
    ro = Repository(pg_server.url(db, "reader"))
    assert [p.name for p in ro.list()] == ["pod"]
    pulled = ro.pull("pod")
    pulled.opened.plan.metadata.customer = "changed"
    with pytest.raises(RepoError, match="reader may not write"):
        ro.push("pod", pulled.opened.plan, base=1, message="", embedded=pulled.opened.embedded)
    with pytest.raises(RepoError, match="reader may not write"):
        ro.push("new plan", pulled.opened.plan, base=None, message="", embedded=pulled.opened.embedded)
    ro.close()
    with Repository(pg_url) as repo:
        assert [(p.name, p.head) for p in repo.list()] == [("pod", 1)]
    # and through the command line: one line, exit 2
    out = tmp_path / "p.rackplan"
    url = pg_server.url(db, "reader")
    assert main(["repo", "pull", url, "pod", "-o", str(out)]) == 0
    _edit(out, lambda p: setattr(p.metadata, "notes", "x"))
    proc = subprocess.run([sys.executable, "-m", "rackwright", "repo", "push", str(out), url], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "may not write" in proc.stderr and "Traceback" not in proc.stderr


def test_logins_and_bad_urls_get_one_clear_line(pg_server, pg_url, monkeypatch, capsys):
    db = pg_url.rsplit("/", 1)[1]
    Repository(pg_url).init()
    pg_server.admin(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {PW_ROLE}", db=db)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", "/nonexistent")
    with pytest.raises(NeedPassword):
        Repository(pg_server.url(db, PW_ROLE)).list()
    with pytest.raises(RepoError, match="wrong user name or password") as e:
        Repository(pg_server.url(db, PW_ROLE, "wrong")).list()
    assert "wrong@" not in str(e.value) and ":wrong" not in str(e.value)  # never shown
    assert Repository(pg_server.url(db, PW_ROLE), password=PW_PASSWORD).list() == []
    monkeypatch.setenv("PGPASSWORD", PW_PASSWORD)  # libpq's own mechanism
    assert Repository(pg_server.url(db, PW_ROLE)).list() == []
    for url, expect in [
        (f"postgresql+psycopg://{PW_ROLE}@127.0.0.1:1/x", "cannot reach the repository"),
        (pg_server.url("no_such_db"), 'database "no_such_db" does not exist'),
        ("sqlite:///x.db", "a repository is a PostgreSQL database"),
        ("not a url", "not a database URL"),
        (pg_server.url(pg_server.new_database()), "not a Rackwright repository"),
    ]:
        assert main(["repo", "list", url]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and expect in err, err


def test_newer_repository_schema_is_refused(pg_url, catalog):
    with Repository(pg_url) as repo:
        repo.init()
        repo.push("pod", synthetic_plan(8, catalog), base=None, message="", catalog=catalog)
    Repository(pg_url).engine.dispose()
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(pg_url)
    with psycopg.connect(host=u.host, port=u.port, user=u.username, dbname=u.database, autocommit=True) as c:
        c.execute("UPDATE rackwright_repo_meta SET value = %s WHERE key = 'schema_version'",
                  (str(REPO_SCHEMA_VERSION + 1),))
    with Repository(pg_url) as repo:
        for call in (repo.list, lambda: repo.pull("pod"), repo.init,
                     lambda: repo.push("pod", synthetic_plan(8, catalog), base=1, message="", catalog=catalog)):
            with pytest.raises(RepoError, match=f"schema {REPO_SCHEMA_VERSION + 1}; this build reads up to"):
                call()


def test_missing_driver_names_the_extra(monkeypatch, capsys):
    import builtins

    real = builtins.__import__

    def no_psycopg(name, *a, **kw):
        if name == "psycopg" or name.startswith("psycopg."):
            raise ModuleNotFoundError("No module named 'psycopg'")
        return real(name, *a, **kw)

    monkeypatch.setattr(builtins, "__import__", no_psycopg)
    for mod in [m for m in sys.modules if m == "psycopg" or m.startswith("psycopg.")]:
        monkeypatch.delitem(sys.modules, mod)
    assert main(["repo", "list", "postgresql+psycopg://u@127.0.0.1:1/db"]) == 2
    err = capsys.readouterr().err
    assert "rackwright[postgres]" in err and err.count("\n") == 1


_KILLED_PUSH = r"""
import sys
from planner.catalog import load_catalog
from planner.files.repository import Repository
from planner.design.synthetic import synthetic_plan
cat = load_catalog()
plan = synthetic_plan(1024, cat)
repo = Repository(sys.argv[1])
print("ready", flush=True)
n = 0
while True:
    base = repo.log("big")[0].number
    plan.metadata.notes = f"push {n}"
    repo.push("big", plan, base=base, message=f"push {n}", catalog=cat)
    n += 1
"""


@pytest.mark.slow
def test_killed_push_leaves_the_repository_consistent(pg_url, catalog):
    with Repository(pg_url) as repo:
        repo.init()
        repo.push("big", synthetic_plan(1024, catalog), base=None, message="start", catalog=catalog)
    rng = random.Random(18)
    for _ in range(4):
        proc = subprocess.Popen([sys.executable, "-c", _KILLED_PUSH, pg_url], cwd=ROOT, stdout=subprocess.PIPE,
                                text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.5, 2.5))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
    with Repository(pg_url) as repo:
        head = repo.list()[0].head
        log = repo.log("big")
        assert [r.number for r in log] == list(range(head, 0, -1))  # no gap, no half revision
        for r in (log[0], log[-1]):
            assert repo.pull("big", r.number).opened.plan.metadata.notes == ("" if r.number == 1 else
                                                                            f"push {r.message.split()[-1]}")


def _client(url: str, i: int, device: str, pushes: int) -> tuple[list[tuple[int, str]], list[str]]:
    """One client with its own connection: renames its device ``pushes`` times, each time from
    the revision it last saw; a refused push is reported and the client starts again from the head."""
    accepted: list[tuple[int, str]] = []
    refused: list[str] = []
    with Repository(url) as repo:
        pulled = repo.pull("shared")
        plan, base, embedded = pulled.opened.plan, pulled.revision.number, pulled.opened.embedded
        for k in range(pushes):
            name = f"c{i}-v{k}"
            plan.index.placements[device].name = name
            try:
                res = repo.push("shared", plan, base=base, message=name, embedded=embedded)
            except RepoConflict as e:
                refused.append(str(e))
                pulled = repo.pull("shared")
                plan, base = pulled.opened.plan, pulled.revision.number
                continue
            accepted.append((res.revision, name))
            plan, base = res.plan, res.revision
    return accepted, refused


@pytest.mark.slow
def test_eight_clients_twenty_revisions_each_lose_nothing(pg_url, catalog):
    """8 clients, each renaming its own device 20 times: pushes from old bases merge.

    (50 each until the suite outgrew its 6 minutes: 160 pushes still keep 8 clients pushing
    at once for most of the test, which is what the row lock is tested by; 400 took 44 s.)

    The clients are threads, each with its own connection and transactions (the server sees
    8 clients; what keeps revisions apart is its row lock): processes would spend most of
    the test importing Rackwright (the test took 70 s so, on 2 busy cores)."""
    from concurrent.futures import ThreadPoolExecutor

    with Repository(pg_url) as repo:
        repo.init()
        repo.push("shared", synthetic_plan(64, catalog), base=None, message="start", catalog=catalog)
        start = repo.pull("shared")
    devices = [p.id for p in start.opened.plan.site.rooms[0].rows[0].racks[0].placements][:8]
    with ThreadPoolExecutor(8) as pool:
        futures = [pool.submit(_client, pg_url, i, devices[i], 20) for i in range(8)]
        results = [f.result(timeout=600) for f in futures]
    accepted = dict(enumerate(r[0] for r in results))
    refused = dict(enumerate(r[1] for r in results))
    n_accepted = sum(len(v) for v in accepted.values())
    n_refused = sum(len(v) for v in refused.values())
    assert n_accepted + n_refused == 160
    assert n_refused == 0  # every client changes only its own device: all merge
    assert all("changes collide" in m for v in refused.values() for m in v)
    with Repository(pg_url) as repo:
        log = repo.log("shared")
        info = repo.list()[0]
        assert info.head == len(log) == n_accepted + 1
        assert [r.number for r in log] == list(range(info.head, 0, -1))
        numbers = [n for v in accepted.values() for n, _ in v]
        assert len(set(numbers)) == len(numbers)  # no two pushes got one revision
        # every accepted revision holds that client's name for its device
        by_number = {n: (i, name) for i, v in accepted.items() for n, name in v}
        for n in random.Random(1).sample(sorted(by_number), 20):
            i, name = by_number[n]
            assert repo.pull("shared", n).opened.plan.index.placements[devices[i]].name == name
        # the head holds every client's last name
        head = repo.pull("shared").opened.plan
        for i in range(8):
            assert head.index.placements[devices[i]].name == accepted[i][-1][1]


def test_team_catalog_layer_sits_between_shipped_and_user(pg_url, tmp_path, monkeypatch, capsys):
    """catalog-push stores a validated folder; catalog-pull writes it where the catalog loads it."""
    shipped = ROOT / "catalogs" / "rack-types" / "rack-42u-600x1200.yaml"
    team = tmp_path / "team-src" / "rack-types"
    team.mkdir(parents=True)
    (team / "rack.yaml").write_text(shipped.read_text(encoding="utf-8").replace("amount: 2100", "amount: 1750"),
                                    encoding="utf-8")
    assert main(["repo", "init", pg_url]) == 0
    bad = tmp_path / "bad"
    (bad / "rack-types").mkdir(parents=True)
    (bad / "rack-types" / "x.yaml").write_text("slug: [unclosed\n", encoding="utf-8")
    assert main(["repo", "catalog-push", str(bad), pg_url]) == 2
    assert "nothing was pushed" in capsys.readouterr().err
    assert main(["repo", "catalog-push", str(tmp_path / "team-src"), pg_url]) == 0
    dest = tmp_path / "team-catalog"
    monkeypatch.setenv("RACKWRIGHT_TEAM_CATALOG", str(dest))
    assert load_catalog().rack_types["rack-42u-600x1200"].planning.price.amount == 2100  # not pulled yet
    assert main(["repo", "catalog-pull", pg_url]) == 0
    cat = load_catalog()
    assert cat.rack_types["rack-42u-600x1200"].planning.price.amount == 1750
    assert cat.origins[("rack-types", "rack-42u-600x1200")].layer == "team"


def test_remove_restore_rename_and_purge(pg_server, pg_url, tmp_path, capsys, monkeypatch):
    """rm hides a plan and keeps its revisions; mv keeps the history; --purge needs a
    confirmation and the server's DELETE right; names are data."""
    assert main(["repo", "init", pg_url]) == 0
    assert main(["repo", "push", str(EXAMPLE), pg_url, "--name", "pod", "-m", "one"]) == 0
    pulled = tmp_path / "pod.rackplan"
    assert main(["repo", "pull", pg_url, "pod", "-o", str(pulled)]) == 0
    _edit(pulled, lambda p: setattr(p.metadata, "notes", "two"))
    assert main(["repo", "push", str(pulled), pg_url, "-m", "two"]) == 0
    assert main(["repo", "push", str(EXAMPLE), pg_url, "--name", "other"]) == 0
    capsys.readouterr()

    def names(*extra):
        return [p["name"] for p in json.loads(_out(["repo", "list", pg_url, "--json", *extra]))]

    assert main(["repo", "rm", pg_url, "pod"]) == 0
    assert names() == ["other"] and names("--deleted") == ["pod"]
    removed = json.loads(_out(["repo", "list", pg_url, "--json", "--deleted"]))[0]
    assert removed["deleted_by"] == "rw_admin" and removed["head"] == 2
    assert [r["revision"] for r in _revisions(pg_url, "pod")] == [2, 1]  # kept, retrievable
    first = tmp_path / "r1.rackplan"
    assert main(["repo", "pull", pg_url, "pod", "-r", "1", "-o", str(first)]) == 0
    capsys.readouterr()
    # a removed plan takes no pushes, and its name stays taken
    _edit(pulled, lambda p: setattr(p.metadata, "notes", "three"))
    assert main(["repo", "push", str(pulled), pg_url]) == 2
    assert "was removed by rw_admin" in capsys.readouterr().err
    assert main(["repo", "push", str(EXAMPLE), pg_url, "--name", "pod"]) == 2
    assert main(["repo", "rm", pg_url, "no such plan"]) == 2
    assert "no plan named 'no such plan'" in capsys.readouterr().err
    assert main(["repo", "restore", pg_url, "pod"]) == 0
    assert names() == ["other", "pod"]
    assert main(["repo", "push", str(pulled), pg_url, "-m", "three"]) == 0

    # rename: the history goes with it; a taken name is refused; hostile names are data
    hostile = "pod'); DROP TABLE repo_revisions; --"
    assert main(["repo", "mv", pg_url, "pod", "other"]) == 2
    assert "already is a plan named 'other'" in capsys.readouterr().err
    assert main(["repo", "mv", pg_url, "pod", hostile]) == 0
    assert names() == ["other", hostile]
    assert [r["message"] for r in _revisions(pg_url, hostile)] == ["three", "two", "one"]
    _edit(pulled, lambda p: setattr(p.metadata, "notes", "four"))
    assert main(["repo", "push", str(pulled), pg_url, "--name", hostile, "--base", "3", "-m", "four"]) == 0
    assert origin_of(open_rackplan(pulled).meta)[1:] == (hostile, 4)

    # purge: asks (no terminal here: refused without --yes), and needs the server's DELETE right
    db = pg_url.rsplit("/", 1)[1]
    pg_server.admin("DROP ROLE IF EXISTS writer", "CREATE ROLE writer LOGIN")
    pg_server.admin("GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO writer",
                    "GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO writer", db=db)
    writer = pg_server.url(db, "writer")
    capsys.readouterr()
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    assert main(["repo", "rm", writer, "other", "--purge"]) == 2
    assert "confirm with --yes" in capsys.readouterr().err
    assert main(["repo", "rm", writer, "other", "--purge", "--yes"]) == 2
    err = capsys.readouterr().err
    assert "writer may not delete plans for good" in err and err.count("\n") == 1
    assert main(["repo", "rm", writer, "other"]) == 0  # removing (and keeping) is the writers' right
    assert main(["repo", "restore", writer, "other"]) == 0
    assert [r["revision"] for r in _revisions(pg_url, "other")] == [1]
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt="": "not the name")
    assert main(["repo", "rm", pg_url, "other", "--purge"]) == 2
    assert "nothing was deleted" in capsys.readouterr().err
    monkeypatch.setattr("builtins.input", lambda prompt="": "other")
    assert main(["repo", "rm", pg_url, "other", "--purge"]) == 0
    assert "its 1 revision for good" in capsys.readouterr().out
    assert names() == [hostile] and names("--deleted") == []
    assert main(["repo", "log", pg_url, "other"]) == 2
    # a reader may do none of it
    pg_server.admin("DROP ROLE IF EXISTS reader2", "CREATE ROLE reader2 LOGIN")
    pg_server.admin("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader2", db=db)
    capsys.readouterr()
    assert main(["repo", "rm", pg_server.url(db, "reader2"), hostile]) == 2
    assert "reader2 may not remove plans" in capsys.readouterr().err
    assert main(["repo", "mv", pg_server.url(db, "reader2"), hostile, "x"]) == 2
    assert "reader2 may not rename plans" in capsys.readouterr().err
    assert names() == [hostile]


def test_schema_1_repository_is_upgraded_by_init(pg_url, catalog, capsys):
    with Repository(pg_url) as repo:
        repo.init()
        repo.push("pod", synthetic_plan(8, catalog), base=None, message="", catalog=catalog)
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(pg_url)
    with psycopg.connect(host=u.host, port=u.port, user=u.username, dbname=u.database, autocommit=True) as c:
        c.execute("ALTER TABLE repo_plans DROP COLUMN deleted_at, DROP COLUMN deleted_by")
        c.execute("UPDATE rackwright_repo_meta SET value = '1' WHERE key = 'schema_version'")
    assert main(["repo", "list", pg_url]) == 2
    assert "upgrade it with: rackwright repo init URL" in capsys.readouterr().err
    assert main(["repo", "init", pg_url]) == 0
    assert "from schema 1 to 2" in capsys.readouterr().out
    with Repository(pg_url) as repo:
        repo.remove("pod")
        assert [p.name for p in repo.list(deleted=True)] == ["pod"]
    with psycopg.connect(host=u.host, port=u.port, user=u.username, dbname=u.database) as c:
        method = c.execute("SELECT attcompression FROM pg_attribute WHERE attrelid = 'repo_revisions'::regclass "
                           "AND attname = 'content'").fetchone()[0]
    assert method in ("l", "")  # lz4 where the server has it


def test_rows_read_from_a_file_equal_the_plans_rows(catalog):
    """The repository reads stored revisions as rows without building the plan: they must be
    the rows the plan gives (a column that does not round-trip would show as a change)."""
    from planner.files.documents import load_plan
    from planner.files.repository.merge import flatten
    from planner.files.storage import rackplan_bytes
    from planner.files.storage.convert import plan_to_rows
    from planner.files.storage.project import read_project_rows

    for plan in [load_plan(p) for p in sorted((ROOT / "examples").glob("*.json"))] + [synthetic_plan(64, catalog)]:
        rows, cat_rows, meta = read_project_rows(rackplan_bytes(plan, catalog), "x.rackplan")
        assert flatten(rows) == flatten(plan_to_rows(plan))
        assert cat_rows and meta["format"] == "rackwright-project"


def test_merged_revision_is_stored_exactly_as_the_merged_plan(pg_url, catalog):
    """Both add a rack to the same row (same position) and each renames a device: the stored
    revision (the head's file with the changed rows replaced) opens as the merged plan, with
    positions renumbered as a save would."""
    from planner.model.plan import Rack

    with Repository(pg_url) as repo:
        repo.init()
        repo.push("p", synthetic_plan(64, catalog), base=None, message="", catalog=catalog)
        mine, theirs = repo.pull("p").opened.plan, repo.pull("p").opened.plan
    for plan, who in ((theirs, "theirs"), (mine, "mine")):
        row = plan.site.rooms[0].rows[0]
        row.racks.insert(1, Rack(id=f"rack-{who}", name=f"R-{who}", rack_type=row.racks[0].rack_type))
        row.racks[0].placements[0 if who == "mine" else 1].name = f"by {who}"
    with Repository(pg_url) as other:
        other.push("p", theirs, base=1, message="theirs", catalog=catalog)
    with Repository(pg_url) as repo:
        res = repo.push("p", mine, base=1, message="mine", catalog=catalog)
        assert res.merged_with == 2
        stored = repo.pull("p").opened.plan
    assert plan_to_json(stored) == plan_to_json(res.plan)
    racks = stored.site.rooms[0].rows[0].racks
    assert sorted(r.id for r in racks[1:3]) == ["rack-mine", "rack-theirs"]
    assert [p.name for p in racks[0].placements[:2]] == ["by mine", "by theirs"]
    assert "+1 rack" in res.changes.summary()


def test_convert_keeps_a_pulled_plans_link(tmp_path, catalog, capsys):
    """`rackwright convert` of a pulled plan: a .rackplan copy stays linked (pushable later
    as the same plan); a JSON copy cannot be, and the command says how to push it."""
    from planner.files.repository import origin_meta
    from planner.files.storage.project import read_file_meta

    pulled = tmp_path / "pulled.rackplan"
    save_rackplan(synthetic_plan(8, catalog), pulled, catalog,
                  extra_meta=origin_meta("postgresql+psycopg://alice:pw@db/team", "acme pod", 4))
    assert main(["convert", str(pulled), str(tmp_path / "copy.rackplan")]) == 0
    assert origin_of(read_file_meta(tmp_path / "copy.rackplan")) == ("postgresql+psycopg://alice@db/team",
                                                                      "acme pod", 4)
    capsys.readouterr()
    assert main(["convert", str(pulled), str(tmp_path / "copy.json")]) == 0
    assert "push it with --name 'acme pod' --base 4" in capsys.readouterr().err
    # a plan that was never pulled gets no link, also when written over a linked file
    plain = tmp_path / "plain.json"
    plain.write_text(plan_to_json(synthetic_plan(8, catalog)), encoding="utf-8")
    assert main(["convert", str(plain), str(tmp_path / "copy.rackplan"), "--force"]) == 0
    assert origin_of(read_file_meta(tmp_path / "copy.rackplan")) is None


def test_catalog_pull_removes_what_the_team_removed_and_nothing_of_the_users(pg_url, tmp_path, capsys):
    """catalog-pull remembers what it wrote (a manifest); a later pull removes those files the
    team removed, unless changed here; the user's own files are never removed or overwritten."""
    shipped = ROOT / "catalogs" / "rack-types" / "rack-42u-600x1200.yaml"
    src = tmp_path / "team-src"
    (src / "rack-types").mkdir(parents=True)
    (src / "racks").mkdir()
    text = shipped.read_text(encoding="utf-8")

    def variant(slug: str) -> str:
        return text.replace("slug: rack-42u-600x1200", f"slug: rack-{slug}")

    for rel in ("rack-types/a.yaml", "rack-types/b.yaml", "racks/c.yaml", "rack-types/d.yaml"):
        (src / rel).write_text(variant(rel.split("/")[1][0]), encoding="utf-8")
    assert main(["repo", "init", pg_url]) == 0
    assert main(["repo", "catalog-push", str(src), pg_url]) == 0
    dest = tmp_path / "team-catalog"
    (dest / "rack-types").mkdir(parents=True)
    own = dest / "rack-types" / "mine.yaml"  # the user's own file, never from the repository
    own.write_text(text, encoding="utf-8")
    assert main(["repo", "catalog-pull", pg_url, "-o", str(dest)]) == 0
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.yaml")) == [
        "rack-types/a.yaml", "rack-types/b.yaml", "rack-types/d.yaml", "rack-types/mine.yaml", "racks/c.yaml"]
    # the team removes b, c and d; here d was changed since the pull
    for rel in ("rack-types/b.yaml", "racks/c.yaml", "rack-types/d.yaml"):
        (src / rel).unlink()
    (src / "rack-types" / "mine.yaml").write_text(variant("team-mine"), encoding="utf-8")
    assert main(["repo", "catalog-push", str(src), pg_url]) == 0
    (dest / "rack-types" / "d.yaml").write_text(variant("d") + "# my note\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["repo", "catalog-pull", pg_url, "-o", str(dest)]) == 0
    out, err = capsys.readouterr()
    assert "removed 2 the team removed: rack-types/b.yaml, racks/c.yaml" in out
    assert "kept rack-types/d.yaml: the team removed it, but it was changed here" in err
    assert "kept rack-types/mine.yaml: your own file" in err
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.yaml")) == [
        "rack-types/a.yaml", "rack-types/d.yaml", "rack-types/mine.yaml"]
    assert not (dest / "racks").exists()  # emptied by the removal
    assert own.read_text(encoding="utf-8") == text  # not overwritten by the team's file of that name
    # once d is as pulled again, the next pull removes it
    (dest / "rack-types" / "d.yaml").write_text(variant("d"), encoding="utf-8")
    assert main(["repo", "catalog-pull", pg_url, "-o", str(dest)]) == 0
    assert not (dest / "rack-types" / "d.yaml").exists() and own.exists()


def test_merge_and_conflict_lines_in_german(pg_url, tmp_path, capsys):
    """The change summaries, the merge note and the conflict lines are German with --lang de,
    English without (and in --json)."""
    assert main(["repo", "init", pg_url]) == 0
    assert main(["repo", "push", str(EXAMPLE), pg_url, "--name", "acme pod", "-m", "first cut"]) == 0
    a, b = tmp_path / "a.rackplan", tmp_path / "b.rackplan"
    assert main(["repo", "pull", pg_url, "acme pod", "-o", str(a)]) == 0
    assert main(["repo", "pull", pg_url, "acme pod", "-o", str(b)]) == 0
    _edit(a, lambda p: setattr(p.metadata, "customer", "ACME from Alice"))
    _edit(b, lambda p: setattr(p.site.rooms[0].rows[0].racks[0], "name", "R01-bob"))
    assert main(["--lang", "de", "repo", "push", str(a), pg_url, "-m", "customer name"]) == 0
    out = capsys.readouterr().out
    assert "als Revision 2 gespeichert: ~1 Planeinstellung" in out, out
    assert main(["--lang", "de", "repo", "push", str(b), pg_url, "-m", "rack name"]) == 0
    out = capsys.readouterr().out
    assert "mit Revision 2 zusammengeführt: ~1 Planeinstellung aus dem Repository, ~1 Rack aus dieser Kopie" in out, out
    _edit(a, lambda p: setattr(p.site.rooms[0].rows[0].racks[0], "name", "R01-alice"))
    assert main(["--lang", "de", "repo", "push", str(a), pg_url, "-m", "my rack name"]) == 3
    err = capsys.readouterr().err
    assert "Plan 'acme pod' wurde von jemand anderem geändert" in err and "Nichts wurde geschrieben" in err
    assert "  Rack 'rack-1': in beiden geändert" in err, err
    assert "changed in both" not in err and "was changed by someone else" not in err
    assert main(["repo", "push", str(a), pg_url, "-m", "my rack name"]) == 3
    err = capsys.readouterr().err
    assert "  rack 'rack-1': changed in both" in err and "was changed by someone else" in err
    assert main(["--lang", "de", "repo", "log", pg_url, "acme pod"]) == 0
    out = capsys.readouterr().out
    assert "    ~1 Rack" in out and "    ~1 Planeinstellung" in out and "plan setting" not in out, out
    assert "~1 plan setting" in _revisions(pg_url, "acme pod")[1]["summary"]  # JSON stays English


def test_a_pulled_file_pushed_with_another_url_spelling_is_the_same_plan(pg_url, tmp_path, capsys):
    """issue 29 item 9: the same database is the same repository whatever the URL says about the
    driver (postgresql:// or postgresql+psycopg://) or the host's spelling; a pulled file pushed
    so became a new plan with exit 0. A push under another name says so."""
    from sqlalchemy.engine import make_url

    from planner.files.repository import same_database

    assert main(["repo", "init", pg_url]) == 0
    assert main(["repo", "push", str(EXAMPLE), pg_url, "--name", "acme pod"]) == 0
    pulled = tmp_path / "acme.rackplan"
    assert main(["repo", "pull", pg_url, "acme pod", "-o", str(pulled)]) == 0
    _edit(pulled, lambda p: setattr(p.metadata, "customer", "ACME"))
    u = make_url(pg_url)
    other = u.set(drivername="postgresql", host="localhost" if u.host == "127.0.0.1" else u.host)
    other_url = other.render_as_string(hide_password=False)
    assert other_url != pg_url and same_database(other_url, pg_url)
    capsys.readouterr()
    assert main(["repo", "push", str(pulled), other_url, "-m", "customer"]) == 0
    assert [r["revision"] for r in _revisions(pg_url, "acme pod")] == [2, 1]
    listed = json.loads(_out(["repo", "list", pg_url, "--json"]))
    assert [p["name"] for p in listed] == ["acme pod"]  # no new plan 'acme'
    # another name: pushed as that plan, and said
    capsys.readouterr()
    assert main(["repo", "push", str(pulled), pg_url, "--name", "acme copy"]) == 0
    err = capsys.readouterr().err
    assert "'acme pod'" in err and "'acme copy'" in err
    assert not same_database(pg_url, u.set(database="otherdb"))
