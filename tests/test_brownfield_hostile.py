"""Brownfield (`rackwright brownfield`, planner.netbox.site) given what no NetBox exports
(issue 29, items 7 and 10): names longer than a plan holds, a hall more than 10 km across, a
named pipe or a device instead of a file, a million racks. Each is one line naming the file
(and the line and column), exit 2, and no plan written; never a traceback, a hang or a
truncated name. Plus a bounded fuzz of the exports' cells."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.catalog import load_catalog
from planner.files.documents import load_plan
from planner.netbox.site import FIELD_MAX, MAX_ROWS, SiteImportError, import_site
from tests.test_fuzz_inputs import _run

ROOT = Path(__file__).resolve().parents[1]


def _refused(tmp_path: Path, argv: list[str], *expect: str) -> str:
    """Run brownfield writing tmp_path/plan.json; assert one error line holding ``expect``,
    exit 2 and no plan; return the line."""
    out = tmp_path / "plan.json"
    rc, said, err = _run(["brownfield", *argv, "-o", str(out)])
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert rc == 2 and len(lines) == 1, (rc, said, err)
    assert "Traceback" not in err
    for text in expect:
        assert text in lines[0], lines[0]
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(("plan", ".plan"))]  # no temp file either
    return lines[0]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


RACK = "Name,Site,Location,Facility ID,Height (U)\n"
DEVICE = "Name,Rack,Manufacturer,Device Type,Position,Face,Serial,Asset tag\n"


# --------------------------------------------------------------------------- names longer than a plan holds

@pytest.mark.parametrize("racks,devices,column", [
    (RACK + "R1,DC1,Hall,,42\n{long},DC1,Hall,,42\n", None, "Name"),
    (RACK + "R1,{long},Hall,,42\n", None, "Site"),
    (RACK + "R1,DC1,{long},,42\n", None, "Location"),
    (RACK + "R1,DC1,Hall,{long}/01,42\n", None, "Facility ID"),  # became the row's name: was a traceback
    (RACK + "R1,DC1,Hall,,42\n", DEVICE + "sw1,R1,Nvidia,SN2201,3,front,,\n{long},R1,Nvidia,SN2201,5,front,,\n",
     "Name"),
    (RACK + "R1,DC1,Hall,,42\n", DEVICE + "sw1,R1,Nvidia,SN2201,3,front,{serial},\n", "Serial"),
    (RACK + "R1,DC1,Hall,,42\n", DEVICE + "sw1,R1,Nvidia,SN2201,3,front,,{serial}\n", "Asset tag"),
])
def test_a_name_longer_than_a_plan_holds_is_refused_with_its_line_and_column(tmp_path, racks, devices, column):
    long, serial = "x" * (FIELD_MAX["name"] + 1), "7" * (FIELD_MAX["serial"] + 1)
    (tmp_path / "racks.csv").write_text(racks.format(long=long), encoding="utf-8")
    argv = ["--racks", str(tmp_path / "racks.csv")]
    file = "racks.csv"
    if devices:
        (tmp_path / "devices.csv").write_text(devices.format(long=long, serial=serial), encoding="utf-8")
        argv += ["--devices", str(tmp_path / "devices.csv")]
        file = "devices.csv"
    bad_line = 3 if column == "Name" else 2
    line = _refused(tmp_path, argv, f"{file}:{bad_line}: {column} is ")
    assert "at most" in line and len(line) < 300  # the value itself is not echoed


def test_names_at_the_limit_are_kept_whole(catalog, tmp_path):
    name, serial = "n" * FIELD_MAX["name"], "s" * FIELD_MAX["serial"]
    (tmp_path / "racks.csv").write_text(RACK + f"{name},DC1,{name},{'r' * 196}/01,42\n", encoding="utf-8")
    (tmp_path / "devices.csv").write_text(DEVICE + f"{name},{name},Nvidia,SN2201,3,front,{serial},{serial}\n",
                                          encoding="utf-8")
    r = import_site(tmp_path / "racks.csv", tmp_path / "devices.csv", catalog)
    room, = r.plan.site.rooms
    row, = room.rows
    rack, = row.racks
    p, = rack.placements
    assert (room.name, row.name, rack.name, p.name, p.serial, p.asset_tag) == (
        name, "r" * 196, name, name, serial, serial)
    assert not r.problems


def test_a_site_name_longer_than_a_plan_holds_is_refused(catalog, tmp_path):
    (tmp_path / "racks.csv").write_text(RACK + "R1,DC1,Hall,,42\n", encoding="utf-8")
    with pytest.raises(SiteImportError, match="at most 200"):
        import_site(tmp_path / "racks.csv", None, catalog, site="s" * 201)


# --------------------------------------------------------------------------- a hall more than 10 km across

def _one_row(n: int) -> str:
    return RACK + "".join(f"R{i},DC1,Hall,A/{i},42\n" for i in range(1, n + 1))


def _rows(n: int) -> str:
    return RACK + "".join(f"R{i},DC1,Hall,Row {i:05d}/1,42\n" for i in range(1, n + 1))


def test_a_row_longer_than_10_km_is_refused_naming_the_first_rack_past_it(tmp_path):
    # 16,662 racks at 0.6 m plus 2.4 m of margin are 9,999.6 m; one more is over 10 km
    (tmp_path / "racks.csv").write_text(_one_row(16_663), encoding="utf-8")
    _refused(tmp_path, ["--racks", str(tmp_path / "racks.csv")],
             "racks.csv:16664: row 'A' of 'Hall' has 16,663 racks", "10 km")


def test_more_rows_than_10_km_hold_are_refused(tmp_path):
    # 4,165 rows at 2.4 m plus 2.4 m of margin are 9,998.4 m; the 4,166th is over 10 km
    (tmp_path / "racks.csv").write_text(_rows(4_166), encoding="utf-8")
    _refused(tmp_path, ["--racks", str(tmp_path / "racks.csv")],
             "racks.csv:4167: 'Hall' has 4,166 rows of racks", "10 km")


def test_a_hall_just_under_10_km_is_imported(catalog, tmp_path):
    (tmp_path / "deep.csv").write_text(_rows(4_165), encoding="utf-8")
    room, = import_site(tmp_path / "deep.csv", None, catalog).plan.site.rooms
    assert len(room.rows) == 4_165 and room.depth_m <= 10_000


# --------------------------------------------------------------------------- not a file: never a hang

def _cli(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess:
    # a subprocess with a timeout: a hang fails this test instead of stopping the suite
    return subprocess.run([sys.executable, "-m", "planner", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("flag", ["--racks", "--devices", "--device-types"])
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path, flag):
    (tmp_path / "racks.csv").write_text(RACK + "R1,DC1,Hall,,42\n", encoding="utf-8")
    fifo = tmp_path / "export.csv"
    os.mkfifo(fifo)
    args = {"--racks": str(tmp_path / "racks.csv"), flag: str(fifo)}
    argv = [a for k, v in args.items() for a in (k, v)]
    r = _cli("brownfield", *argv, "-o", str(tmp_path / "plan.json"), timeout=60)
    assert r.returncode == 2, r
    assert r.stderr.strip().splitlines() == [f"rackwright: error: {fifo}: not a regular file (a named pipe (FIFO))"]
    assert not (tmp_path / "plan.json").exists()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_refused_before_it_is_read(tmp_path):
    _refused(tmp_path, ["--racks", "/dev/zero"], "/dev/zero: not a regular file (a device)")


def test_a_folder_is_refused(tmp_path):
    _refused(tmp_path, ["--racks", str(tmp_path)], f"{tmp_path}: is a folder")


# --------------------------------------------------------------------------- a million racks

def test_a_million_rack_export_is_refused_at_the_first_line_past_the_limit(tmp_path):
    big = tmp_path / "racks.csv"
    with big.open("w", encoding="utf-8") as f:
        f.write("Name,Site,Height (U)\n")
        f.writelines(f"R{i},DC1,42\n" for i in range(1_000_000))
    assert big.stat().st_size < 50 * 2**20  # under the size limit: the line count refuses it
    r = _cli("brownfield", "--racks", str(big), "-o", str(tmp_path / "plan.json"))
    n = MAX_ROWS["racks"]
    assert r.returncode == 2, r
    assert r.stderr.strip().splitlines() == [
        f"rackwright: error: {big}:{n + 2}: more than {n:,} racks; export one site's racks (filter NetBox's rack "
        "list by site) or split the hall"]
    assert not (tmp_path / "plan.json").exists()


def test_a_device_export_past_its_limit_is_refused(tmp_path):
    (tmp_path / "racks.csv").write_text(RACK + "R1,DC1,Hall,,42\n", encoding="utf-8")
    n = MAX_ROWS["devices"]
    with (tmp_path / "devices.csv").open("w", encoding="utf-8") as f:
        f.write("Name,Rack,Device Type,Position\n")
        f.writelines(f"d{i},R1,SN2201,1\n" for i in range(n + 1))
    _refused(tmp_path, ["--racks", str(tmp_path / "racks.csv"), "--devices", str(tmp_path / "devices.csv")],
             f"devices.csv:{n + 2}: more than {n:,} devices")


# --------------------------------------------------------------------------- numbers no rack has

def test_numbers_beyond_any_float_are_lines_left_out_not_a_crash(catalog, tmp_path):
    huge = "9" * 400  # float() reads it as infinity; math.floor(inf) raised OverflowError
    (tmp_path / "racks.csv").write_text(RACK + f"R1,DC1,Hall,,{huge}\nR2,DC1,Hall,,42\n", encoding="utf-8")
    (tmp_path / "devices.csv").write_text(
        DEVICE + f"a,R2,Nvidia,SN2201,{huge},front,,\nb,R2,Nvidia,SN2201,-{huge},front,,\n", encoding="utf-8")
    r = import_site(tmp_path / "racks.csv", tmp_path / "devices.csv", catalog)
    assert {(p.file, p.line) for p in r.problems} == {("devices.csv", 2), ("devices.csv", 3)}
    assert all("does not fit" in str(p) for p in r.problems)


# --------------------------------------------------------------------------- bounded fuzz

N = int(os.environ.get("RACKWRIGHT_FUZZ_EXAMPLES", "25"))
FUZZ = settings(max_examples=N, derandomize="RACKWRIGHT_FUZZ_EXAMPLES" not in os.environ, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
cell = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\r\n"), max_size=12),
    st.sampled_from(["R1", "R2", "DC1", "Hall", "Row A/01", "A/99999999999", "SN2201", "Nvidia", "front", "rear",
                     "42", "0", "-3", "1,5", "1e400", "9" * 400, "x" * 201, "s" * 51, "\ufeff", "\x00", '"',
                     "R1 (Row A/01)", "/", ";"]))
table = st.lists(st.lists(cell, min_size=1, max_size=8), max_size=6)


def _csv(header: str, rows: list[list[str]], delim: str) -> str:
    import csv

    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delim, lineterminator="\n")
    w.writerow(header.strip().split(","))
    w.writerows(rows)
    return buf.getvalue()


@FUZZ
@given(racks=table, devices=table, delim=st.sampled_from([",", ";", "\t"]), rackplan=st.booleans())
def test_hostile_exports_are_imported_or_refused_in_one_line(tmp_path, racks, devices, delim, rackplan):
    work = tmp_path / f"w{abs(hash((str(racks), str(devices), delim))) % 10**9}"
    work.mkdir()
    (work / "racks.csv").write_text(_csv(RACK, racks, delim), encoding="utf-8")
    (work / "devices.csv").write_text(_csv(DEVICE, devices, delim), encoding="utf-8")
    out = work / ("plan.rackplan" if rackplan else "plan.json")
    rc, said, err = _run(["brownfield", "--racks", str(work / "racks.csv"), "--devices", str(work / "devices.csv"),
                          "-o", str(out)])
    assert "Traceback" not in err and rc in (0, 1, 2), (rc, said, err)
    if rc == 2:
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) == 1 and ".csv" in lines[0], err
        assert sorted(p.name for p in work.iterdir()) == ["devices.csv", "racks.csv"]  # nothing written
    else:
        plan = load_plan(out)  # what was written opens, and holds every rack it says it imported
        assert f"wrote {out}" in said
        assert sum(len(row.racks) for room in plan.site.rooms for row in room.rows) == int(
            said.split(" rack", 1)[0].strip())


def test_a_refusal_in_german_keeps_the_line_number_as_written(tmp_path):
    (tmp_path / "racks.csv").write_text(_rows(4_166), encoding="utf-8")
    rc, _out, err = _run(["--lang", "de", "brownfield", "--racks", str(tmp_path / "racks.csv"), "-o",
                          str(tmp_path / "plan.json")])
    assert rc == 2
    assert "racks.csv:4167: 'Hall' hat 4.166 Rack-Reihen" in err  # 4.167 would be no line number
