"""Excel and CSV hand-off files (issue 14): the workbook's sheets, formats, frozen header
and SUM totals; the CSV files' encoding and separators; permissions; all or nothing;
`rackwright export`."""

from __future__ import annotations

import csv
import io
import os
import shutil
import stat
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from planner.commands.cli import main
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.reports.csvout import dialect_for, write_csv_files
from planner.reports.tables import plan_tables
from planner.reports.xlsx import ExportCancelled, write_workbook

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
POD = EXAMPLES / "xe9680-h100-pod.json"
SHEETS = ["BOM", "Cables", "Racks", "Power sources", "Power feeds", "PDUs", "Cooling loops", "Workloads", "Rent or own",
          "Findings"]


@pytest.fixture(scope="module")
def catalog(unpriced_catalog):
    # the shipped catalog with the example's rear door and active copper unpriced
    # (tests/conftest.py): these tests show what an incomplete capex does
    return unpriced_catalog


@pytest.fixture(scope="module")
def pod(catalog):
    plan = load_plan(POD)
    results = Engine(catalog).compute(plan)
    return plan, results, plan_tables(plan, catalog, results)


@pytest.fixture(scope="module")
def workbook(pod, tmp_path_factory):
    path = tmp_path_factory.mktemp("xlsx") / "pod.xlsx"
    write_workbook(pod[2], path)
    return load_workbook(path)


def _header(ws) -> list[str]:
    return [c.value for c in ws[1]]


def _col(ws, title: str) -> int:
    return _header(ws).index(title) + 1


def test_the_workbook_has_one_sheet_per_table_with_a_frozen_header(workbook):
    assert workbook.sheetnames == SHEETS
    for ws in workbook:
        assert ws.freeze_panes == "A2", ws.title
        assert all(c.font.b for c in ws[1] if c.value), ws.title
        widths = [ws.column_dimensions[get_column_letter(j)].width for j in range(1, ws.max_column + 1)]
        assert all(w and 6 <= w <= 60 for w in widths), (ws.title, widths)


def test_bom_rows_are_the_engines_bom_with_numbers_and_a_sum(workbook, pod, catalog):
    _plan, results, _sheets = pod
    ws = workbook["BOM"]
    qty, unit, ext = _col(ws, "Quantity"), _col(ws, "Unit price"), _col(ws, f"Extended ({results.totals.currency})")
    slug, note = _col(ws, "Catalog slug"), _col(ws, "Note")
    n = len(results.bom)
    assert n > 3
    for i, line in enumerate(results.bom, start=2):
        assert ws.cell(i, slug).value == line.slug
        q = ws.cell(i, qty)
        assert q.value == line.quantity and isinstance(q.value, int) and q.number_format == "#,##0"
        u = ws.cell(i, unit)
        if line.unit_price is None:
            assert u.value is None
            assert "No price" in ws.cell(i, note).value  # the visible note of an unpriced line
            assert ws.cell(i, slug).fill.fgColor.rgb.endswith("FFF4E0")
        else:
            assert isinstance(u.value, (int, float)) and u.value == pytest.approx(line.unit_price)
            assert u.number_format == "#,##0.00"
            if line.extended_plan is not None:
                assert ws.cell(i, ext).value == pytest.approx(line.extended_plan)
    # the pod's catalog has unpriced items (e.g. the DDN appliance): the note names them
    unpriced = [b for b in results.bom if b.unit_price is None]
    assert unpriced
    # the totals row sums exactly the rows above it
    total_row = n + 2
    assert ws.cell(total_row, 1).value == "Total"
    q_letter, e_letter = get_column_letter(qty), get_column_letter(ext)
    assert ws.cell(total_row, qty).value == f"=SUM({q_letter}2:{q_letter}{n + 1})"
    assert ws.cell(total_row, ext).value == f"=SUM({e_letter}2:{e_letter}{n + 1})"
    # what the formula will compute is the engine's capex (only lines it could price)
    assert sum(ws.cell(i, ext).value or 0 for i in range(2, n + 2)) == pytest.approx(results.totals.capex)
    notes = [ws.cell(r, 1).value for r in range(total_row + 1, ws.max_row + 1)]
    n_unpriced = len(unpriced)
    line = "line without a price is" if n_unpriced == 1 else "lines without a price are"
    assert any(v and v.startswith(f"Incomplete: {n_unpriced} {line}") for v in notes)


def test_other_sheets_hold_numbers_from_the_results(workbook, pod):
    plan, results, _sheets = pod
    ws = workbook["Racks"]
    racks = [r for r in plan.racks() if r.id in results.racks]
    assert ws.max_row >= len(racks) + 2
    names = {ws.cell(i, _col(ws, "Rack")).value: i for i in range(2, len(racks) + 2)}
    for rack in racks:
        res = results.racks[rack.id]
        i = names[rack.name]
        assert ws.cell(i, _col(ws, "U used")).value == res.u_used
        assert ws.cell(i, _col(ws, "Max kW")).value == pytest.approx(res.max_w / 1000)
        assert ws.cell(i, _col(ws, "Mass kg")).value == pytest.approx(res.mass_kg)
        assert ws.cell(i, _col(ws, "Max kW")).number_format == "#,##0.00"
    ws = workbook["PDUs"]
    pdu = next(iter(results.pdus.values()))
    row = next(i for i in range(2, ws.max_row + 1) if ws.cell(i, _col(ws, "PDU")).value == pdu.name)
    assert ws.cell(row, _col(ws, "Failover L1 A")).value == pytest.approx(pdu.failover_phase_a[0])
    ws = workbook["Cables"]
    assert ws.max_row >= len(plan.links) + 1
    assert ws.cell(2, _col(ws, "ID")).value == plan.links[0].id
    # U positions are numbers (U9 sorts before U10), as the link's placement has them
    link = plan.links[0]
    u = ws.cell(2, _col(ws, "From U"))
    assert u.value == plan.index.placements[link.a.placement].u and isinstance(u.value, int)
    ws = workbook["Workloads"]
    verdicts = {v.name: v for v in results.workloads.values()}
    assert {ws.cell(i, 1).value for i in range(2, 2 + len(verdicts))} == set(verdicts)
    margin = ws.cell(2, _col(ws, "Margin"))
    v = verdicts[ws.cell(2, 1).value]
    assert margin.value == pytest.approx(v.margin) and margin.number_format == "0.0%"


@pytest.mark.parametrize("name, shown", [
    ("=HYPERLINK(\"http://x\")", "=HYPERLINK(\"http://x\")"),  # text that looks like a formula stays text
    ("<b>R&D</b> \u00fc\u00df \u2013 \u4e2d", "<b>R&D</b> \u00fc\u00df \u2013 \u4e2d"),  # markup characters, non-ASCII
    ("  padded  ", "  padded  "),  # spaces kept
    ("bell\x07tab\x1b[31m", "belltab[31m"),  # characters XML cannot hold are dropped, not an unreadable file
    ("lone \ud800 surrogate", "lone  surrogate"),  # possible in a JSON plan; not UTF-8
    ("x" * 40_000, "x" * 32_766 + "\u2026"),  # Excel's limit per cell: 32,767 characters
])
def test_hostile_names_are_written_as_text(catalog, tmp_path, name, shown):
    plan = load_plan(POD)
    rack = next(plan.racks())
    rack.name = name
    results = Engine(catalog).compute(plan)
    path = tmp_path / "p.xlsx"
    write_workbook(plan_tables(plan, catalog, results), path)
    ws = load_workbook(path)["Racks"]
    col = _col(ws, "Rack")
    cell = next(ws.cell(i, col) for i in range(2, ws.max_row + 1) if ws.cell(i, col).value == shown)
    assert cell.data_type == "s"
    write_csv_files(plan_tables(plan, catalog, results), tmp_path / "csv")  # writes, whatever the name
    assert (tmp_path / "csv" / "racks.csv").stat().st_size > 0


def test_german_csv_uses_semicolons_and_decimal_commas(pod, tmp_path):
    _plan, results, sheets = pod
    written = write_csv_files(sheets, tmp_path / "out", "de")
    assert [p.name for p in written] == ["bom.csv", "cables.csv", "racks.csv", "power-sources.csv",
                                         "power-feeds.csv", "pdus.csv", "cooling-loops.csv", "workloads.csv",
                                         "rent-or-own.csv", "findings.csv"]
    raw = (tmp_path / "out" / "pdus.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw[3:].decode("utf-8")), delimiter=";"))
    header = rows[0]
    assert len(header) > 10 and "," not in raw.split(b"\r\n")[0].decode()
    pdu = next(p for p in results.pdus.values() if p.name == rows[1][1])
    cell = rows[1][header.index("Typical kW")]
    assert "," in cell and "." not in cell
    assert float(cell.replace(",", ".")) == pytest.approx(pdu.typical_w / 1000, abs=0.005)
    assert header[-2] == "Imbalance %"
    # English: commas between fields, decimal points
    write_csv_files(sheets, tmp_path / "en", "en")
    rows = list(csv.reader(io.StringIO((tmp_path / "en" / "pdus.csv").read_text("utf-8-sig"))))
    assert rows[0] == header
    assert float(rows[1][header.index("Typical kW")]) == pytest.approx(pdu.typical_w / 1000, abs=0.005)


def test_csv_text_that_a_spreadsheet_would_run_is_quoted(catalog, tmp_path):
    plan = load_plan(POD)
    racks = list(plan.racks())
    racks[0].name = "=cmd|' /C calc'!A0"
    racks[1].name = "@SUM(1+1)"
    results = Engine(catalog).compute(plan)
    write_csv_files(plan_tables(plan, catalog, results), tmp_path, "en")
    rows = list(csv.reader(io.StringIO((tmp_path / "racks.csv").read_text("utf-8-sig"))))
    names = [r[rows[0].index("Rack")] for r in rows[1:]]
    assert "'=cmd|' /C calc'!A0" in names and "'@SUM(1+1)" in names
    assert all(not n.startswith(("=", "@", "+", "-")) for n in names)
    # numbers stay numbers, negative ones included (a margin below zero is not text)
    margins = [r[rows[0].index("Cooling margin kW")] for r in rows[1:]]
    assert all(float(m) == pytest.approx(float(m)) for m in margins)


def test_csv_locale_codes():
    assert dialect_for("de_DE.UTF-8").delimiter == ";" and dialect_for("de-AT").decimal == ","
    assert dialect_for("fr").delimiter == ";"
    assert dialect_for("en_US").delimiter == "," and dialect_for("C").decimal == "."
    for bad in ("", "1;", "de;rm -rf"):
        with pytest.raises(ValueError):
            dialect_for(bad)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_exported_files_have_ordinary_document_permissions(pod, tmp_path):
    old = os.umask(0o022)
    try:
        write_workbook(pod[2], tmp_path / "pod.xlsx")
        files = write_csv_files(pod[2], tmp_path / "csv")
    finally:
        os.umask(old)
    for p in [tmp_path / "pod.xlsx", *files]:
        assert stat.S_IMODE(p.stat().st_mode) == 0o644, p


def test_a_failed_csv_export_writes_none_and_keeps_the_old_files(pod, tmp_path, monkeypatch):
    from planner.base import fileio

    out = tmp_path / "csv"
    write_csv_files(pod[2], out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    real = fileio._write_temp

    def full_disk(target, data):
        if target.name == "pdus.csv":
            raise OSError(28, "No space left on device", str(target))
        return real(target, data)

    monkeypatch.setattr(fileio, "_write_temp", full_disk)
    with pytest.raises(OSError):
        write_csv_files(pod[2], out, "de")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    # a new folder is not left behind empty
    with pytest.raises(OSError):
        write_csv_files(pod[2], tmp_path / "new", "de")
    assert not (tmp_path / "new").exists()


def test_a_cancelled_workbook_writes_nothing(pod, tmp_path):
    target = tmp_path / "pod.xlsx"
    target.write_bytes(b"previous")
    with pytest.raises(ExportCancelled):
        write_workbook(pod[2], target, cancel=lambda: True)
    assert target.read_bytes() == b"previous"


# -- the command --------------------------------------------------------------------------------------------


def test_cli_export_xlsx_and_csv(tmp_path, capsys):
    plan = tmp_path / "pod.json"
    shutil.copy(POD, plan)
    assert main(["export", str(plan), "--format", "xlsx", "-o", str(tmp_path / "pod.xlsx")]) == 0
    wb = load_workbook(tmp_path / "pod.xlsx")
    assert wb.sheetnames == SHEETS
    md = load_plan(POD).metadata
    assert md.project and md.project in wb.properties.title  # the document properties name the plan
    bom = wb["BOM"]
    assert any(md.project in str(c.value) for c in bom["A"] if c.value)  # and so does the BOM sheet
    assert main(["export", str(plan), "--format", "csv", "--locale", "de", "-o", str(tmp_path / "csv")]) == 0
    assert (tmp_path / "csv" / "bom.csv").read_text("utf-8-sig").startswith("Category;Manufacturer;")
    out = capsys.readouterr().out
    assert "pod.xlsx" in out and "10 files" in out


@pytest.mark.parametrize("args, message", [
    (["--format", "xlsx", "-o", "{tmp}/missing/pod.xlsx"], "does not exist"),
    (["--format", "xlsx", "-o", "{tmp}"], "is a folder"),
    (["--format", "xlsx", "-o", "{tmp}/pod.txt"], ".xlsx"),
    (["--format", "csv", "-o", "{tmp}/file.txt"], "is a file"),
    (["--format", "csv", "--locale", "x;y", "-o", "{tmp}/csv"], "--locale"),
])
def test_cli_bad_input_exits_2_with_one_line(tmp_path, capsys, args, message):
    plan = tmp_path / "pod.json"
    shutil.copy(POD, plan)
    (tmp_path / "file.txt").write_text("not a folder")
    argv = ["export", str(plan)] + [a.replace("{tmp}", str(tmp_path)) for a in args]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err
    assert not (tmp_path / "csv").exists() and not (tmp_path / "pod.txt").exists()


def test_cli_netbox_without_the_netbox_package_exits_2(tmp_path, capsys, monkeypatch):
    import sys

    plan = tmp_path / "pod.json"
    shutil.copy(POD, plan)
    monkeypatch.setitem(sys.modules, "planner.netbox.export", None)  # as if not installed
    assert main(["export", str(plan), "--format", "netbox", "-o", str(tmp_path / "nb")]) == 2
    err = capsys.readouterr().err.strip()
    assert "netbox" in err.lower() and "\n" not in err


def test_power_sources_sheet_and_the_feeds_they_carry(catalog, tmp_path):
    from planner.model.plan import PowerSource

    plan = load_plan(POD)
    plan.power_sources = [PowerSource(id="ups-a", name="UPS A", capacity_kw=200.0, side="A"),
                          PowerSource(id="pnl-a", name="Panel A1", kind="panel", capacity_kw=80.0, side="A",
                                      upstream="ups-a")]
    feed = next(f for f in plan.feeds if f.side == "A")
    feed.upstream = "pnl-a"
    plan = load_plan_from(plan)
    results = Engine(catalog).compute(plan)
    path = tmp_path / "p.xlsx"
    write_workbook(plan_tables(plan, catalog, results), path)
    wb = load_workbook(path)
    ws = wb["Power sources"]
    rows = {ws.cell(i, 1).value: i for i in range(2, 4)}
    assert set(rows) == {"UPS A", "Panel A1"}
    panel = results.sources["pnl-a"]
    i = rows["Panel A1"]
    assert ws.cell(i, _col(ws, "Hangs off")).value == "UPS A"
    assert ws.cell(i, _col(ws, "Kind")).value == "Panel"
    assert ws.cell(i, _col(ws, "Failover kW")).value == pytest.approx(panel.failover_w / 1000)
    assert ws.cell(i, _col(ws, "Utilisation")).value == pytest.approx(panel.utilisation)
    ws = wb["Power feeds"]
    row = next(i for i in range(2, ws.max_row + 1) if ws.cell(i, 1).value == feed.name)
    assert ws.cell(row, _col(ws, "Hangs off")).value == "Panel A1"


def load_plan_from(plan):
    """The plan through its own validation (what a saved and reopened plan is)."""
    from planner.files.plan_io import plan_from_dict, plan_to_dict

    return plan_from_dict(plan_to_dict(plan))


def test_cli_a_file_that_cannot_be_replaced_exits_2(tmp_path, capsys, monkeypatch):
    """As on Windows when Excel has the workbook open: the old file stays, one line says why."""
    import os as _os

    plan = tmp_path / "pod.json"
    shutil.copy(POD, plan)
    target = tmp_path / "pod.xlsx"
    target.write_bytes(b"open in Excel")

    def locked(src, dst):
        raise PermissionError(13, "Permission denied", str(dst))

    monkeypatch.setattr(_os, "replace", locked)
    assert main(["export", str(plan), "--format", "xlsx", "-o", str(target)]) == 2
    err = capsys.readouterr().err.strip()
    assert "pod.xlsx" in err and "open in another program" in err and "\n" not in err
    assert target.read_bytes() == b"open in Excel"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pod.json", "pod.xlsx"]  # no temp file left


def test_the_new_sheets_carry_the_engines_loops_rent_and_findings(pod):
    """Cooling loops, rent or own and findings are in the hand-off too (the workbook had
    none of them): each row from the engine's results for this very plan."""
    plan, results, sheets = pod
    by = {s.key: s for s in sheets}
    loops = by["Cooling loops"]
    assert [r[0] for r in loops.rows] == [results.loops[lp.id].name for lp in plan.cooling_loops if lp.id in results.loops]
    findings = by["Findings"]
    assert len(findings.rows) == len(results.findings)
    assert [r[1] for r in findings.rows] == [f.code for f in sorted(results.findings,
                                                                     key=lambda f: {"error": 0, "warning": 1}.get(f.severity, 2))]
    rent = by["Rent or own"]
    ro = results.totals.rent_vs_own
    assert ro is not None
    values = {r[0]: r[1] for r in rent.rows}
    assert values["Owning per year"] == pytest.approx(ro.own_cost_per_year)
    assert values["Capex"] == pytest.approx(results.totals.capex)


def test_hostile_names_reach_neither_csv_nor_workbook_raw(tmp_path):
    """issue 29 item 10: a rack named with NUL, ESC and BEL went raw into the CSV files, and a
    customer named with an ESC made the workbook unreadable (its document properties are XML)."""
    import json
    import re
    from pathlib import Path

    import openpyxl

    from planner.commands.cli import main

    plan = json.loads((Path(__file__).resolve().parents[1] / "examples" / "xe9680-h100-pod.json").read_text())
    plan["site"]["rooms"][0]["rows"][0]["racks"][0]["name"] = "R\x1b[31mred\x00x\x07"
    plan["metadata"]["customer"] = "ACME\x1b[2J"
    src = tmp_path / "hostile.json"
    src.write_text(json.dumps(plan), encoding="utf-8")
    assert main(["export", str(src), "--format", "csv", "-o", str(tmp_path / "csv")]) == 0
    for f in (tmp_path / "csv").glob("*.csv"):
        text = f.read_text(encoding="utf-8-sig")
        assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", text), f.name
    assert "R\ufffd[31mred\ufffdx\ufffd" in (tmp_path / "csv" / "racks.csv").read_text(encoding="utf-8-sig")
    assert main(["export", str(src), "--format", "xlsx", "-o", str(tmp_path / "p.xlsx")]) == 0
    wb = openpyxl.load_workbook(tmp_path / "p.xlsx")
    assert wb["Racks"]["F2"].value == "R[31mredx" and "\x1b" not in (wb.properties.title or "")
