"""Damaged and hostile project files, catalogs, paths and locks (issue #17): each gets one
line naming the file and the field, exit 2 from the CLI, and nothing is read silently as
something else or half-written."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.files.documents import load_plan, save_plan
from planner.files.filelock import FileLock, lock_path_for, read_lock
from planner.files.plan_io import PlanFormatError, plan_to_dict
from planner.files.storage import open_rackplan, save_rackplan

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file types")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def rackplan(tmp_path: Path, catalog) -> Path:
    out = tmp_path / "pod.rackplan"
    save_rackplan(load_plan(EXAMPLE), out, catalog)
    return out


def edited(path: Path, *sql: str, params: tuple = ()) -> Path:
    con = sqlite3.connect(path)
    for s in sql:
        con.execute(s, params) if params else con.execute(s)
    con.commit()
    con.close()
    return path


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)


def one_line_error(r: subprocess.CompletedProcess, *words: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    for w in words:
        assert w in lines[0], lines[0]


# --------------------------------------------------------------------------- project files


def test_deeply_nested_workload_spec_is_one_line_not_a_recursion_traceback(tmp_path, catalog):
    path = rackplan(tmp_path, catalog)
    deep = "[" * 100_000 + "]" * 100_000
    edited(path, "INSERT INTO workloads (id, seq, name, kind, group_id, spec) VALUES ('wl-deep', 9, 'Deep', "
                 "'inference', NULL, ?)", params=(deep,))
    with pytest.raises(PlanFormatError) as e:
        open_rackplan(path)
    assert "wl-deep" in str(e.value) or "workloads" in str(e.value)
    for cmd in (["check", str(path)], ["validate", str(path)], ["convert", str(path), str(tmp_path / "o.json")]):
        one_line_error(cli(*cmd), path.name)
    assert not (tmp_path / "o.json").exists()


@pytest.mark.parametrize(("table", "sql", "word"), [
    ("plan_metadata", "DELETE FROM plan_metadata", "plan_metadata"),
    ("site", "DELETE FROM site", "site"),
    ("site", "INSERT INTO site (id, name) VALUES (2, 'Second site')", "site"),
    ("plan_metadata", "INSERT INTO plan_metadata SELECT 2, customer, project, author, revision, currency, "
                      "electricity_price_per_kwh, pue, notes, exchange_rates, exchange_rates_date, utilisation, naming, "
                      "years_of_use, support_fraction_per_year, colocation_price_per_kw_month, "
                      "cloud_price_per_gpu_hour, price_overrides, logo, internal_notes, site_region, requirements, "
                      "site_country, operation_start, grid_co2_g_per_kwh, renewable_share, heat_customer, "
                      "heat_reuse_share, heat_reuse_mwh_per_year, wue_l_per_kwh FROM plan_metadata", "plan_metadata"),
])
def test_missing_or_doubled_required_row_is_damage_not_a_silent_reset(tmp_path, catalog, table, sql, word):
    path = edited(rackplan(tmp_path, catalog), sql)
    with pytest.raises(PlanFormatError) as e:
        open_rackplan(path)
    assert word in str(e.value)
    one_line_error(cli("check", str(path)), path.name, word)


@pytest.mark.parametrize(("field", "value"), [
    (("site", "rooms", 0, "rows", 0, "racks", 0, "placements", 0, "u"), 1e30),
    (("site", "rooms", 0, "width_m"), 1e308),
    (("site", "rooms", 0, "rows", 0, "racks", 0, "position"), 10**20),
    (("feeds", 0, "breaker_a"), 1e12),
])
def test_impossible_numbers_are_refused_when_read(tmp_path, field, value):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    node = data
    for k in field[:-1]:
        node = node[k]
    node[field[-1]] = value
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PlanFormatError) as e:
        load_plan(path)
    assert field[-1] in str(e.value)
    one_line_error(cli("check", str(path), "--json"), path.name, field[-1])
    one_line_error(cli("convert", str(path), str(tmp_path / "big.rackplan")), field[-1])
    assert not (tmp_path / "big.rackplan").exists()


# --------------------------------------------------------------------------- catalog


@pytest.mark.parametrize(("line", "bad"), [("weight: .inf", "weight"), ("u_height: 0", "u_height"),
                                           ("weight: .nan", "weight")])
def test_catalog_refuses_non_finite_and_impossible_sizes(tmp_path, line, bad):
    src = ROOT / "catalogs" / "device-types" / "Dell" / "dell-poweredge-xe9680.yaml"
    text = src.read_text(encoding="utf-8")
    key = line.split(":")[0]
    lines = [ln for ln in text.splitlines() if not ln.startswith(key + ":")]
    lines.insert(3, line)
    folder = tmp_path / "cat" / "device-types" / "Dell"
    folder.mkdir(parents=True)
    (folder / "bad.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    cat = load_catalog([tmp_path / "cat"])
    assert cat.errors, "the damaged entry was accepted"
    msg = str(cat.errors[0])
    assert "bad.yaml" in msg and bad in msg
    r = cli("catalog", "validate", str(tmp_path / "cat"))
    assert r.returncode != 0 and "bad.yaml" in (r.stdout + r.stderr)


# --------------------------------------------------------------------------- paths


@posix_only
def test_saving_through_a_symbolic_link_writes_its_target(tmp_path, catalog):
    shared = tmp_path / "shared"
    shared.mkdir()
    target = shared / "pod.json"
    shutil.copy(EXAMPLE, target)
    link = tmp_path / "pod.json"
    link.symlink_to(target)
    plan = load_plan(link)
    plan.metadata.project = "Changed through the link"
    save_plan(plan, link, catalog)
    assert link.is_symlink(), "the link was replaced by a file"
    assert load_plan(target).metadata.project == "Changed through the link"
    rp_target = shared / "pod.rackplan"
    save_rackplan(plan, rp_target, catalog)
    rp_link = tmp_path / "pod.rackplan"
    rp_link.symlink_to(rp_target)
    plan.metadata.project = "Second change"
    save_plan(plan, rp_link, catalog)
    assert rp_link.is_symlink()
    assert open_rackplan(rp_target).plan.metadata.project == "Second change"


@posix_only
@pytest.mark.parametrize("suffix", [".json", ".rackplan"])
def test_a_fifo_is_refused_at_once(tmp_path, suffix):
    fifo = tmp_path / f"pipe{suffix}"
    os.mkfifo(fifo)
    with pytest.raises(PlanFormatError) as e:
        load_plan(fifo)
    assert "not a regular file" in str(e.value)
    one_line_error(cli("check", str(fifo)), fifo.name, "not a regular file")


# --------------------------------------------------------------------------- locks


def test_an_unreadable_lock_is_stale_after_a_grace_period(tmp_path):
    plan = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, plan)
    lock = lock_path_for(plan)
    lock.write_bytes(b"")  # a crash between creating the lock and writing it
    young = FileLock(plan)
    assert not young.acquire(), "a lock being written right now must count as held"
    old = time.time() - 120
    os.utime(lock, (old, old))
    res = FileLock(plan).acquire()
    assert res, "an empty lock from two minutes ago is stale"
    info = read_lock(lock)
    assert info is not None and info.pid == os.getpid()


@posix_only
def test_a_lock_whose_pid_now_belongs_to_another_process_is_stale(tmp_path):
    plan = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, plan)
    lock = lock_path_for(plan)
    with FileLock(plan) as res:
        assert res
        data = json.loads(lock.read_text(encoding="utf-8"))
    # the same live pid (ours), but started at another time: the pid was reused
    data["pid"] = os.getpid()
    data["started"] = (data.get("started") or 1000.0) - 86400.0
    lock.write_text(json.dumps(data), encoding="utf-8")
    assert FileLock(plan).acquire(), "a reused process id kept the plan locked"


def test_plan_to_dict_of_a_loaded_damaged_plan_is_never_reached(tmp_path, catalog):
    """Guard for the tests above: an intact file opens to the example."""
    path = rackplan(tmp_path, catalog)
    assert plan_to_dict(open_rackplan(path).plan) == plan_to_dict(load_plan(EXAMPLE))


def test_autosave_never_raises_even_on_a_figure_sql_cannot_hold(tmp_path):
    """Autosaver.maybe_save runs on a timer and is documented as never raising: an
    OverflowError (an int too large for SQLite) escaped it on every tick."""
    from planner.files.storage import Autosaver, RecoveryStore

    plan = load_plan(EXAMPLE)
    next(p for p in plan.index.placements.values() if p.u is not None).u = 10**30  # past the model's checks
    saver = Autosaver(RecoveryStore(tmp_path / "rec"), interval_s=1e-6)
    assert saver.maybe_save(plan, generation=1, untitled_id="x") is None
    assert isinstance(saver.last_error, OverflowError | ValueError)


def test_check_json_has_no_infinity_even_if_a_figure_overflows():
    """check --json wrote nothing and crashed (allow_nan=False) when a result was not finite."""
    from planner.commands.check import finite_or_null

    out = json.loads(json.dumps(finite_or_null({"a": float("inf"), "b": [1.0, float("nan")], "c": {"d": -1e400}}),
                                allow_nan=False))
    assert out == {"a": None, "b": [1.0, None], "c": {"d": None}}


def test_a_recursive_view_in_place_of_a_table_is_refused_at_once(tmp_path, catalog, capsys):
    """issue 29 item 4: a 220 KB file whose `site` table was replaced by a recursive view hung
    every command, repo push and the app's start, writing temporary files at 110 MB/s. A
    project file holds tables only: a view or trigger is refused by name before any query."""
    from planner.commands.cli import main

    path = tmp_path / "view.rackplan"
    save_rackplan(load_plan(EXAMPLE), path, catalog)
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE site")
    conn.execute("CREATE VIEW site AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) "
                 "SELECT x AS id, 'Site' AS name FROM r")
    conn.execute("CREATE TRIGGER t AFTER INSERT ON rooms BEGIN SELECT 1; END")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    start = time.monotonic()
    with pytest.raises(PlanFormatError) as e:
        open_rackplan(path)
    assert "view 'site'" in str(e.value) and "trigger 't'" in str(e.value)
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "view.rackplan" in err[0]
    assert time.monotonic() - start < 30  # it used to run until the disk was full
    assert path.read_bytes() == before


def test_deep_nesting_in_stored_catalog_entries_and_specs_is_one_line(tmp_path, catalog, capsys):
    """issue 29 item 7: a stored catalog entry nested thousands deep, and a plan-for spec of
    100,000 brackets, ended in RecursionError tracebacks."""
    from planner.commands.cli import main

    path = tmp_path / "deep.rackplan"
    save_rackplan(load_plan(EXAMPLE), path, catalog)
    conn = sqlite3.connect(path)
    table, slug = conn.execute("SELECT table_name, slug FROM catalog_entries LIMIT 1").fetchone()
    conn.execute("UPDATE catalog_entries SET data = ? WHERE table_name = ? AND slug = ?",
                 ('{"a":' * 5000 + "1" + "}" * 5000, table, slug))
    conn.commit()
    conn.close()
    spec = tmp_path / "deep-spec.json"
    spec.write_text('{"workloads": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    for argv in (["check", str(path)], ["validate", str(path)], ["plan-for", str(spec)]):
        capsys.readouterr()
        assert main(argv) == 2
        err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
        assert len(err) == 1 and "nested too deeply" in err[0], err
