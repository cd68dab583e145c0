"""Distributor price lists (`rackwright catalog import-prices`): CSV and XLSX read, rows matched
to the catalog, unmatched and unreadable rows named by line, nothing written for an unreadable
file, re-import replaces, and the imported price reaching the engine's BOM and capex."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.catalog.pricelist import PriceListError, read_price_list
from planner.commands.cli import main
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine

XE = "dell-poweredge-xe9680"
QM = "nvidia-quantum-2-qm9700"


@pytest.fixture
def user(tmp_path, monkeypatch) -> Path:
    d = tmp_path / "user-catalog"
    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(d))
    return d


@pytest.fixture(scope="module")
def shipped():
    return load_catalog()


def run(*argv: str) -> int:
    return main(["catalog", "import-prices", *argv])


def write(path: Path, text: str, *, bom: bool = False) -> Path:
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"))
    return path


def test_csv_by_slug_reaches_the_catalog_with_its_source(user, tmp_path, shipped, capsys):
    f = write(tmp_path / "Acme Q4.csv", "slug,price,currency,date\n"
              f"{XE},285000,USD,2026-11-02\n"
              f"{QM},29950.50,USD,2026-11\n")
    assert run(str(f)) == 0
    out = capsys.readouterr().out
    assert "2 matched, 0 not matched, 0 could not be read" in out
    layer = user / "prices" / "acme-q4.yaml"
    assert layer.is_file()
    cat = load_catalog()
    assert not cat.errors, [str(e) for e in cat.errors]
    p = cat.device(XE).price
    assert (p.amount, p.currency, p.date, p.basis) == (285000, "USD", "2026-11-02", "quote")
    assert "Acme Q4.csv line 2" in p.source
    assert cat.device(QM).price.amount == pytest.approx(29950.5)
    assert cat.device(QM).price.source.startswith("Acme Q4.csv line 3")
    assert cat.price_origins[("device-types", XE)].file.endswith("acme-q4.yaml")
    assert ("device-types", "nvidia-sn2201") not in cat.price_origins
    # only the price changed: every other figure is the shipped entry's
    assert cat.device(XE).planning.power == shipped.device(XE).planning.power
    assert cat.device(XE).planning.sources == shipped.device(XE).planning.sources
    assert shipped.device(XE).price.amount != 285000


def test_german_semicolon_csv_with_bom_and_decimal_comma(user, tmp_path):
    f = write(tmp_path / "haendler.csv", "Hersteller;Modell;Preis;Währung;Datum\n"
              "Dell;PowerEdge XE9680 (8x H100 SXM5 80GB);289.500,00;EUR;15.11.2026\n"
              "Nvidia;QM9700;31.000;EUR;15.11.2026\n"
              "NVIDIA;H100 SXM5 80GB;27.250,5 €;;11.2026\n", bom=True)
    assert run(str(f)) == 0
    cat = load_catalog()
    assert cat.device(XE).price.amount == 289500.0
    assert cat.device(XE).price.currency == "EUR"
    assert cat.device(XE).price.date == "2026-11-15"
    # "31.000" is ambiguous alone; the list's "289.500,00" shows a decimal comma, so it is 31,000
    assert cat.device(QM).price.amount == 31000.0
    assert cat.gpu("h100-sxm").price.amount == 27250.5
    assert cat.gpu("h100-sxm").price.currency == "EUR"  # from the symbol in the price cell
    assert cat.gpu("h100-sxm").price.date == "2026-11"


def test_xlsx_by_manufacturer_and_model_below_a_title_row(user, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Distributor price list, valid from November 2026"])
    ws.append([])
    ws.append(["Manufacturer", "Model", "Unit price", "Currency", "Date"])
    ws.append(["Dell Technologies", "PowerEdge XE9680 (8x H100 SXM5 80GB)", 301000, "USD", dt.datetime(2026, 11, 3)])
    ws.append(["Supermicro", "SYS-821GE-TNHR", 298500.75, "usd", "2026-11-03"])
    ws.append(["Nobody", "Widget 3000", 10, "USD", "2026-11-03"])
    f = tmp_path / "list.xlsx"
    wb.save(f)
    assert run(str(f)) == 1  # one row matched nothing
    cat = load_catalog()
    assert cat.device(XE).price.amount == 301000
    assert cat.device(XE).price.date == "2026-11-03"
    assert cat.device("supermicro-sys-821ge-tnhr").price.amount == pytest.approx(298500.75)
    assert "list.xlsx line 5" in cat.device("supermicro-sys-821ge-tnhr").price.source


def test_unmatched_and_bad_rows_are_named_by_line(user, tmp_path, shipped, capsys):
    f = write(tmp_path / "mixed.csv", "slug,price,currency,date\n"
              f"{XE},280000,USD,2026-11-01\n"
              "no-such-thing,100,USD,2026-11-01\n"
              "\n"
              f"{QM},abc,USD,2026-11-01\n"
              f"{QM},1000,dollars,2026-11-01\n"
              f"{QM},1000,USD,2026-13-01\n"
              f"{QM},-5,USD,2026-11-01\n")
    assert run(str(f)) == 1
    out = capsys.readouterr().out
    assert "6 rows, 1 matched, 1 not matched, 4 could not be read" in out
    assert "line 3: 'no-such-thing': matches nothing" in out
    assert "line 5: price: not a number ('abc')" in out
    assert "line 6: currency:" in out
    assert "line 7: date:" in out
    assert "line 8: price: must be greater than 0" in out
    cat = load_catalog()
    assert cat.device(XE).price.amount == 280000
    assert cat.device(QM).price == shipped.device(QM).price  # none of its rows was read


def test_ambiguous_number_is_refused_naming_the_line(tmp_path, shipped):
    f = write(tmp_path / "amb.csv", f"slug;price;currency;date\n{XE};1.234;USD;2026-11\n{QM};45000;USD;2026-11\n")
    res = read_price_list(f, shipped)
    assert [(b.line, b.field) for b in res.bad] == [(2, "price")]
    assert "ambiguous" in res.bad[0].message and "1234 or 1.234" in res.bad[0].message
    assert [m.slug for m in res.matched] == [QM]
    # a decimal point elsewhere in the list settles it: "1,234" is then 1234
    f2 = write(tmp_path / "en.csv", f"slug,price,currency,date\n{XE},\"1,234\",USD,2026-11\n{QM},99.95,USD,2026-11\n")
    res2 = read_price_list(f2, shipped)
    assert not res2.bad
    assert {m.slug: m.amount for m in res2.matched} == {XE: 1234.0, QM: 99.95}


def test_model_matching_several_entries_is_not_guessed(tmp_path, shipped):
    f = write(tmp_path / "x.csv", "manufacturer,model,price,currency,date\nDell,XE9680,300000,USD,2026-11\n")
    res = read_price_list(f, shipped)
    assert not res.matched
    assert res.unmatched[0].line == 2 and "matches several entries" in res.unmatched[0].reason
    assert XE in res.unmatched[0].reason and "dell-poweredge-xe9680-h200" in res.unmatched[0].reason


@pytest.mark.parametrize(("name", "content", "says"), [
    ("latin1.csv", "slug;price;currency;date\nx;1;EUR;2026-11\nM\xfcller;1;EUR;2026-11\n".encode("cp1252"),
     "line 3: not UTF-8"),
    ("noheader.csv", b"foo,bar\n1,2\n", "no header row"),
    ("nocurrency.csv", b"slug,price,date\nx,1,2026-11\n", "no currency column"),
    ("broken.xlsx", b"PK\x03\x04 this is not a workbook", "not a readable XLSX workbook"),
    ("empty.csv", b"", "empty"),
])
def test_unreadable_file_exits_2_with_one_line_and_writes_nothing(user, tmp_path, capsys, name, content, says):
    good = write(tmp_path / "same.csv", f"slug,price,currency,date\n{XE},280000,USD,2026-11\n")
    assert run(str(good)) == 0
    layer = user / "prices" / "same.yaml"
    before = layer.read_bytes()
    bad = tmp_path / name
    bad.write_bytes(content)
    capsys.readouterr()
    assert run(str(bad), "--name", "same") == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and says in err and name in err
    assert layer.read_bytes() == before  # the earlier import of the list is untouched
    assert sorted(p.name for p in (user / "prices").iterdir()) == ["same.yaml"]


def test_missing_file_exits_2(user, tmp_path, capsys):
    assert run(str(tmp_path / "nope.csv")) == 2
    assert "nope.csv" in capsys.readouterr().err
    assert not (user / "prices").exists()


def test_reimport_replaces_the_earlier_import(user, tmp_path, shipped):
    f = tmp_path / "dist.csv"
    write(f, f"slug,price,currency,date\n{XE},280000,USD,2026-10\n{QM},30000,USD,2026-10\n")
    assert run(str(f)) == 0
    assert load_catalog().device(QM).price.amount == 30000
    write(f, f"slug,price,currency,date\n{XE},275000,USD,2026-11\n")
    assert run(str(f)) == 0
    cat = load_catalog()
    assert cat.device(XE).price.amount == 275000
    assert cat.device(QM).price == shipped.device(QM).price  # no longer in the list: back to the catalog's
    assert [p.name for p in (user / "prices").iterdir()] == ["dist.yaml"]


def test_dry_run_writes_nothing(user, tmp_path):
    f = write(tmp_path / "d.csv", f"slug,price,currency,date\n{XE},280000,USD,2026-10\n")
    assert run(str(f), "--dry-run") == 0
    assert not (user / "prices").exists()


def test_imported_price_reaches_bom_and_capex(user, tmp_path, shipped):
    plan = synthetic_plan(64, shipped)
    before = Engine(shipped).compute(plan)
    assert before.totals.capex_complete
    servers = {d.slug for d in shipped.servers()}
    srv = next(b for b in before.bom if b.slug in servers)
    optic = next(b for b in before.bom if b.table == "cables" and b.slug.startswith("xcvr-"))
    f = write(tmp_path / "capex.csv", "slug,price,currency,date\n"
              f"{srv.slug},{srv.unit_price + 10000:.0f},USD,2026-11\n"
              f"{optic.slug},{optic.unit_price - 100:.0f},USD,2026-11\n")
    assert run(str(f)) == 0
    cat = load_catalog()
    after = Engine(cat).compute(synthetic_plan(64, cat))
    lines = {b.slug: b for b in after.bom}
    assert lines[srv.slug].unit_price == srv.unit_price + 10000
    assert lines[optic.slug].unit_price == optic.unit_price - 100
    assert after.totals.capex == pytest.approx(
        before.totals.capex + 10000 * srv.quantity - 100 * optic.quantity)


def test_a_stale_price_layer_is_reported_with_its_line_and_the_rest_applies(user):
    (user / "prices").mkdir(parents=True)
    (user / "prices" / "old.yaml").write_text(
        "price_list: old\nimported_from: old.csv\nimported_at: '2026-11-01T00:00:00+00:00'\nprices:\n"
        f"- {{table: device-types, slug: gone-server, amount: 5, currency: USD, date: '2026-11', source: old.csv line 2}}\n"
        f"- {{table: device-types, slug: {XE}, amount: 7, currency: USD, date: '2026-11', source: old.csv line 3}}\n",
        encoding="utf-8")
    cat = load_catalog()
    assert [(e.line, e.field) for e in cat.errors] == [(5, "prices[0].slug")]
    assert "gone-server" in cat.errors[0].message
    assert cat.device(XE).price.amount == 7


def test_read_price_list_error_is_one_line(tmp_path, shipped):
    f = tmp_path / "a.ods"
    f.write_bytes(b"whatever")
    with pytest.raises(PriceListError, match=r"^a\.ods: \.ods is not supported"):
        read_price_list(f, shipped)


def test_currency_in_the_price_header_and_a_qualified_header(tmp_path, shipped):
    f = write(tmp_path / "hdr.csv", "Artikelnummer;Hersteller;Preis (EUR);Datum;Bemerkung (intern)\n"
              "SYS-821GE-TNHR;Supermicro;251.000,00;2026-11;ab Lager\n"
              "SYS-821GE-TNHR;Supermicro;251.000,00 USD;2026-11;\n")
    res = read_price_list(f, shipped)
    assert [(m.slug, m.amount, m.currency) for m in res.matched] == [("supermicro-sys-821ge-tnhr", 251000.0, "EUR")]
    assert [(b.line, b.field) for b in res.bad] == [(3, "currency")]
    assert "headed EUR" in res.bad[0].message
    # "Price (net)" is still the price column; it names no currency, so a currency column is needed
    f2 = write(tmp_path / "net.csv", f"slug,Price (net),Date\n{XE},1,2026-11\n")
    with pytest.raises(PriceListError, match="no currency column"):
        read_price_list(f2, shipped)


def test_xlsx_list_on_a_later_sheet_behind_a_cover_sheet(user, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    wb.active.title = "Cover"
    wb.active.append(["ACME Distribution", "Conditions: net 30 days"])
    ws = wb.create_sheet("Prices")
    ws.append(["slug", "price", "currency", "date"])
    ws.append([QM, "33.500,00", "EUR", "01.12.2026"])
    f = tmp_path / "two-sheets.xlsx"
    wb.save(f)
    assert run(str(f)) == 0
    p = load_catalog().device(QM).price
    assert (p.amount, p.currency, p.date) == (33500.0, "EUR", "2026-12-01")


def test_a_second_row_for_the_same_entry_is_reported_not_silently_used(tmp_path, shipped):
    f = write(tmp_path / "dup.csv", f"slug,price,currency,date\n{XE},280000,USD,2026-11\n"
              f"{QM},30000,USD,2026-11\nDell,1,USD,2026-11\n{XE},150000,USD,2026-11\n")
    res = read_price_list(f, shipped)
    assert {m.slug: m.amount for m in res.matched} == {XE: 280000, QM: 30000}
    assert [(u.line, "line 2 is imported" in u.reason) for u in res.unmatched] == [(4, False), (5, True)]


def test_catalog_list_says_which_prices_came_from_a_list(user, tmp_path, capsys):
    import json

    f = write(tmp_path / "l.csv", f"slug,price,currency,date\n{QM},30000,USD,2026-11\n")
    assert run(str(f)) == 0
    capsys.readouterr()
    assert main(["catalog", "list", "--json"]) == 0
    entries = {e["slug"]: e for e in json.loads(capsys.readouterr().out)["entries"]}
    assert entries[QM]["price_list"].endswith("l.yaml")
    assert entries[XE]["price_list"] is None


def test_report_lines_in_german(user, tmp_path, shipped, capsys):
    """Every line of the report after the first is German with --lang de: the matched rows
    with German numbers and dates, the headings and the reasons."""
    f = write(tmp_path / "mixed.csv", "slug,price,currency,date\n"
              f"{XE},280000.5,USD,2026-11-01\n"
              "no-such-thing,100,USD,2026-11-01\n"
              f"{QM},-5,USD,2026-11-01\n"
              f"{QM},1000,EUR €,2026-11-01\n")
    assert main(["--lang", "de", "catalog", "import-prices", str(f)]) == 1
    out = capsys.readouterr().out
    assert f"  Zeile 2: device-types/{XE} = 280.000,50 USD (01.11.2026)" in out, out
    assert "Zeilen ohne genau einen Katalogeintrag" in out and "Zeilen, die nicht gelesen werden konnten:" in out
    assert "  Zeile 3: 'no-such-thing': passt zu nichts im Katalog" in out
    assert "  Zeile 4: price: muss größer als 0 sein" in out and "Zeile 5: currency: kein dreibuchstabiger" in out
    assert "Preisebene geschrieben: " in out
    for english in ("line ", "matches nothing", "must be greater", "Rows ", "Price layer written"):
        assert english not in out, english
    assert run(str(f)) == 1
    out = capsys.readouterr().out
    assert f"  line 2: device-types/{XE} = 280,000.50 USD (2026-11-01)" in out
    assert "  line 4: price: must be greater than 0" in out and "line 5: currency: not a three-letter" in out


def _rewrite_member(path, member, edit):
    """Rewrite one part of a workbook's zip (as another program might have written it)."""
    import zipfile

    with zipfile.ZipFile(path) as zf:
        parts = {i.filename: zf.read(i.filename) for i in zf.infolist()}
    parts[member] = edit(parts[member])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)


def test_xlsx_with_a_stale_dimension_is_read_to_its_last_row(user, tmp_path):
    """issue 29 item 6: a <dimension ref="A1:C2"> left by another program made openpyxl stop at
    row 2 and the import drop the rest silently with exit 0."""
    import re

    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["slug", "price", "currency", "date"])
    ws.append([QM, 31000, "USD", "2026-11-03"])
    ws.append([XE, 302000, "USD", "2026-11-03"])
    f = tmp_path / "stale.xlsx"
    wb.save(f)
    _rewrite_member(f, "xl/worksheets/sheet1.xml",
                    lambda b: re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:B2"', b))
    assert run(str(f)) == 0
    cat = load_catalog()
    assert cat.device(XE).price.amount == 302000  # row 3, past the stale dimension
    assert cat.device(QM).price.amount == 31000


def test_xlsx_claiming_the_whole_grid_or_unpacking_huge_is_bounded(user, tmp_path, capsys):
    import re
    import zipfile

    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["slug", "price", "currency", "date"])
    ws.append([XE, 303000, "USD", "2026-11-03"])
    f = tmp_path / "grid.xlsx"
    wb.save(f)
    # the whole sheet grid: read-only openpyxl padded every row to 16,384 cells
    _rewrite_member(f, "xl/worksheets/sheet1.xml",
                    lambda b: re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:XFD1048576"', b))
    assert run(str(f)) == 0
    assert load_catalog().device(XE).price.amount == 303000
    # a part that unpacks to 600 MiB (a few hundred KB packed) is refused before it is unpacked
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(f) as src, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as zf:
        for i in src.infolist():
            zf.writestr(i.filename, src.read(i.filename))
        with zf.open("xl/media/padding.bin", "w") as out:
            chunk = bytes(1 << 20)
            for _ in range(600):
                out.write(chunk)
    capsys.readouterr()
    assert run(str(bomb)) == 2
    err = capsys.readouterr().err
    assert "bomb.xlsx" in err and "MiB" in err and "Traceback" not in err


def test_overflowing_prices_and_giant_fields_are_refused_by_line(user, tmp_path, capsys):
    """issue 29 item 7: a price of 400 nines overflowed to 'inf USD' (a traceback on writing,
    exit 0), a number cell of 1e300 was written and broke every later check, and a field over
    128 KiB was a csv traceback."""
    openpyxl = pytest.importorskip("openpyxl")
    f = write(tmp_path / "nines.csv", "slug,price,currency,date\n" f"{XE},{'9' * 400},USD,2026-11-01\n")
    capsys.readouterr()
    assert run(str(f)) == 1
    out = capsys.readouterr().out
    assert "line 2" in out and "larger than any price" in out
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["slug", "price", "currency", "date"])
    ws.append([XE, 1e300, "USD", "2026-11-03"])
    big = tmp_path / "big.xlsx"
    wb.save(big)
    assert run(str(big)) == 1
    assert "larger than any price" in capsys.readouterr().out
    assert load_catalog().device(XE).price.amount < 1e12
    huge = write(tmp_path / "huge.csv", "slug,price,currency,date\n" f"{XE},300000,USD," + "x" * 200_000 + "\n")
    assert run(str(huge)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "huge.csv" in err[0] and "128 KiB" in err[0]
