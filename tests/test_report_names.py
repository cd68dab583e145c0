"""The printed build plan names things as the customer reads them (walk-through items 6,
10, 11, 12): cooling units by their catalog name, not their slug; coolant and PDU wiring
in the report's language; no English section names of the repository's docs in German;
table cells and headers wrapped at word boundaries, never cut or broken inside a word;
the rack sheet's findings count covering its PDUs and feeds; the cover's mass marked
incomplete when the engine counted equipment without a weight."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from reportlab.platypus import Paragraph, Table

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.i18n import use_language
from planner.model.plan import cooling_method_name
from planner.reports import ReportOptions, build_plan_pdf
from planner.reports.flowables import Lines, RowsTable, Ticker
from planner.reports.pdf import _Builder

ROOT = Path(__file__).resolve().parent.parent
H100 = ROOT / "examples" / "xe9680-h100-pod.json"
GB200 = ROOT / "examples" / "gb200-nvl72.json"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _computed(path: Path, catalog: Any) -> tuple[Any, Any]:
    plan = load_plan(path)
    return plan, Engine(catalog).compute(plan)


def _builder(plan: Any, catalog: Any, results: Any, lang: str) -> _Builder:
    """The report's builder, its sections called one by one (``build`` sets up these two)."""
    b = _Builder(plan, catalog, results, ReportOptions(lang=lang, date="2026-12-01"), None, None)
    b.ticker = Ticker(1.0, None, None)
    b._device_rest = {}
    return b


def _cells(flowables: list[Any]) -> Iterator[tuple[str, Any]]:
    """(where, cell) for every table cell and paragraph of a story: where is "head" for
    a table header, "cell" for a table cell, "text" for a paragraph outside a table."""
    for f in flowables:
        if isinstance(f, RowsTable):
            for h in f.header:
                yield "head", h
            for row in f.rows:
                for c in row:
                    yield "cell", c
        elif isinstance(f, Table):
            for row in f._cellvalues:
                for c in row:
                    if isinstance(c, (list, tuple, Table, Paragraph)):
                        yield from _cells(list(c) if isinstance(c, (list, tuple)) else [c])
                    else:
                        yield "cell", c
        elif isinstance(f, Paragraph):
            yield "text", f
        elif isinstance(f, (list, tuple)):
            yield from _cells(list(f))


def _text(cell: Any) -> str:
    """A cell's text as printed on one line (wrapped lines joined by a space)."""
    if isinstance(cell, Paragraph):
        return cell.getPlainText()
    return str(cell).replace("\n", " ") if cell is not None else ""


def _texts(flowables: list[Any]) -> list[str]:
    return [_text(c) for _w, c in _cells(flowables)]


def _cooling_names(catalog: Any, slugs: set[str]) -> dict[str, str]:
    out = {}
    for slug in slugs:
        item = catalog.get("cooling", slug)
        out[slug] = f"{item.vendor} {item.model}"
    return out


@pytest.mark.parametrize("example", [H100, GB200])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_cooling_units_print_by_catalog_name_not_slug(catalog, example, lang):
    plan, results = _computed(example, catalog)
    units = {r.cooling_unit for r in results.racks.values() if r.cooling_unit}
    cdus = {lp.cdu for lp in results.loops.values() if lp.cdu}
    assert units | cdus, "the example has cooling units"
    names = _cooling_names(catalog, units | cdus)
    b = _builder(plan, catalog, results, lang)
    with use_language(lang):
        cooling = _texts(b.cooling())
        racks = _texts(b.racks())
        bom_story = b.bom()
    for slug, name in names.items():
        assert name in cooling, (slug, name)
        assert slug not in cooling, slug
        assert all(slug not in t for t in racks), slug
    for slug in units:  # the rack sheet's cooling unit row
        assert names[slug] in racks
    for slug in cdus:  # the BOM's item column names the CDU; its slug is in the slug column only
        rows = [r for f in bom_story if isinstance(f, RowsTable) for r in f.rows]
        row = next(r for r in rows if _text(r[2]) == slug)
        assert _text(row[1]) == names[slug]


def _pdf_text(path: Path) -> str:
    if shutil.which("pdftotext") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("pdftotext (poppler-utils) is missing")
        pytest.skip("needs pdftotext (poppler-utils)")
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True)
    return out.stdout.decode("utf-8", "replace")


@pytest.fixture(scope="module")
def gb200_texts(catalog, tmp_path_factory):
    plan, results = _computed(GB200, catalog)
    tmp = tmp_path_factory.mktemp("names")
    out = {}
    for lang in ("de", "en"):
        path = tmp / f"gb200-{lang}.pdf"
        build_plan_pdf(plan, catalog, results, path, ReportOptions(lang=lang, date="2026-12-01"))
        out[lang] = _pdf_text(path)
    return out


def test_german_pdf_names_no_english_doc_sections_coolant_or_wiring(gb200_texts):
    de, en = gb200_texts["de"], gb200_texts["en"]
    # the repository's English section names do not reach a German customer document
    for english in ("Rent or own", "Power sources", "docs/catalog.md, prices", "Price basis"):
        assert english not in de, english
    assert "Rackwright-Dokumentation" in de
    # the loop's coolant and the PDUs' wiring in German (the English report keeps its words)
    assert re.search(r"\bWasser\b", de) and not re.search(r"\bwater\b", de)
    assert re.search(r"\bwater\b", en)
    assert "415 V Stern" in de and not re.search(r"\bwye\b", de)
    assert "415 V wye" in en
    # the cloud price's basis on the rent-or-own page
    assert not re.search(r"\bindicative\b", de) and re.search(r"on-demand, Richtwert \d", de)
    assert re.search(r"on-demand, indicative \d", en)


def test_long_words_are_neither_cut_nor_broken(gb200_texts):
    de = gb200_texts["de"]
    # GB200 racks are cooled by "Direkte Flüssigkeitskühlung": the cooling table printed
    # "Flüssigkeits…" and the rack sheet "Flüssigkeit" / "skühlung"
    assert "Flüssigkeits\u2026" not in de
    assert not re.search(r"(?<!\w)skühlung", de)
    assert len(re.findall(r"Flüssigkeitskühlung", de)) >= 4  # two rack sheets, two cooling table rows


@pytest.mark.parametrize("example", [H100, GB200])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_table_cells_wrap_at_word_boundaries(catalog, example, lang):
    """Every table of the power, cooling and BOM pages prints its texts whole: no
    ellipsis, and a wrapped cell's lines joined by spaces give the text back (so the
    breaks were at spaces); the cooling method is in its cell word for word."""
    plan, results = _computed(example, catalog)
    b = _builder(plan, catalog, results, lang)
    with use_language(lang):
        story = b.power() + b.cooling() + b.bom()
        methods = {cooling_method_name(r.cooling, translate=True) for r in results.racks.values()}
    tables = [f for f in story if isinstance(f, RowsTable)]
    assert tables
    wrapped = 0
    for t in tables:
        # what the table draws (a plain text is cut with an ellipsis there, unless fitted)
        cells = list(t._shared["header"]) + [c for row in t._shared["cells"] for c in row]
        for c in cells:
            if isinstance(c, str):
                assert "\u2026" not in c, c
            if isinstance(c, Lines):
                wrapped += 1
                for line in c.split("\n"):
                    assert line == line.strip() and line, c
    texts = _texts(story)
    for m in methods:
        assert m in texts, m
    # Paragraph cells (BOM item names) fit their column's longest word: reportlab does
    # not have to split a word (splitLongWords) to lay them out
    for t in tables:
        for row in t.rows:
            for i, c in enumerate(row):
                if isinstance(c, Paragraph):
                    avail = t.col_widths[i] - 6
                    c.wrap(avail, 10_000)
                    for line in c.blPara.lines:
                        words = line[1] if isinstance(line, tuple) else [w.text for w in line.words]
                        for w in words:
                            assert w in c.getPlainText().split(), (w, c.getPlainText())
    assert wrapped >= 0


def test_narrow_columns_wrap_whole_words_and_widen_for_the_longest(catalog):
    """Texts far wider than their columns: every column ends up at least as wide as its
    longest word, cells and headers wrap only at spaces, and each line fits its column."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from planner.reports.flowables import PAD_H

    plan, results = _computed(H100, catalog)
    b = _builder(plan, catalog, results, "de")
    long = "Direkte Flüssigkeitskühlung mit Rückkühltür und Kühlverteilereinheit"
    header = ["Durchflussmenge Liter pro Minute", "Kühlverfahren", "Anmerkung"]
    rows = [[long, "Flüssigkeitskühlung", " ".join(["x"] * 200)], ["kurz", "Luft", "y"]]
    original = [list(r) for r in rows]
    t = b._rows_table(header, rows, [10, 10, 600])
    assert abs(sum(t.col_widths) - b.frame_w) < 0.01
    for i, h in enumerate(t.header):
        assert str(h).replace("\n", " ") == header[i]
    for row, orig in zip(t.rows, original, strict=True):
        for i, (cell, text) in enumerate(zip(row, orig, strict=True)):
            assert str(cell).replace("\n", " ") == text
            for line in str(cell).split("\n"):
                assert stringWidth(line, b.font, 7) <= t.col_widths[i] - PAD_H + 0.01, line
    assert isinstance(t.rows[0][0], Lines) and "Flüssigkeitskühlung" in t.rows[0][0].split("\n")[0] + \
        t.rows[0][0].split("\n")[1]
    assert stringWidth("Flüssigkeitskühlung", b.font, 7) <= t.col_widths[1] - PAD_H


def _rack_figure(b: _Builder, rack: Any, label: str) -> str:
    block = b.rack_block(rack, [rack], b.frame_w / 2 - 8, b.frame_h - 28)
    cells = [c for _w, c in _cells(block)]
    texts = [_text(c) for c in cells]
    return texts[texts.index(label) + 1]


def test_rack_sheet_counts_findings_of_its_pdus_and_feeds(catalog):
    plan, results = _computed(GB200, catalog)
    rack = next(r for r in plan.racks() if r.name == "NVL72-1")
    pdus = {p.id for p in rack.placements if p.id in results.pdus}
    feeds = {p.feed for p in rack.placements if p.id in pdus and p.feed}
    assert pdus and feeds
    # the engine puts these warnings on the rack's PDUs and feeds, none on the rack itself
    expected = [f for f in results.findings if f.severity == "warning"
                and ((f.kind == "pdu" and f.id in pdus) or (f.kind == "feed" and f.id in feeds)
                     or (f.kind == "rack" and f.id == rack.id))]
    assert len(expected) >= 8
    b = _builder(plan, catalog, results, "en")
    with use_language("en"):
        shown = _rack_figure(b, rack, "Findings")
    assert shown == f"{len(expected)} warnings"


def test_mass_marked_incomplete_when_equipment_has_no_weight(catalog):
    plan, results = _computed(H100, catalog)
    no_mass = [f for f in results.findings if f.code == "NO_MASS_DATA"]
    assert no_mass, "the H100 example has equipment without a weight (DDN appliance)"
    b = _builder(plan, catalog, results, "en")
    with use_language("en"):
        cover = " ".join(_texts(b.cover()))
        rack = next(r for r in plan.racks() if r.id == no_mass[0].id)
        other = next(r for r in plan.racks() if r.id != no_mass[0].id)
        assert "incomplete" in _rack_figure(b, rack, "Mass")
        assert "incomplete" not in _rack_figure(b, other, "Mass")
    assert re.search(r"Mass \S+ kg incomplete \(equipment without a weight in 1 rack, counted as 0 kg\)", cover)
    plan2, results2 = _computed(GB200, catalog)
    assert not any(f.code == "NO_MASS_DATA" for f in results2.findings)
    b2 = _builder(plan2, catalog, results2, "de")
    with use_language("de"):
        cover2 = " ".join(_texts(b2.cover()))
    assert re.search(r"Gewicht \S+ kg (?!unvollständig)", cover2)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rack_sheet_device_list_prints_names_and_models_whole(catalog, lang):
    """The device list beside the elevation printed "GB200 NVL72 com…" for both the
    compute tray and the power shelf: names and models now wrap, and every device is on
    the sheet or on its continuation."""
    plan, results = _computed(GB200, catalog)
    rack = next(r for r in plan.racks() if r.name == "NVL72-1")
    b = _builder(plan, catalog, results, lang)
    with use_language(lang):
        block = b.rack_block(rack, [rack], b.frame_w / 2 - 8, b.frame_h - 28)
        expected = b._device_rows(rack, 140)
        rest = b._device_rest[rack.id]
    texts = [_text(c) for _w, c in _cells(block)]
    assert not any("\u2026" in t for t in texts)
    shown = expected[:len(expected) - len(rest)]
    assert len(shown) >= 5 and rest == expected[len(shown):]
    for u, name, model in shown:
        i = texts.index(u)
        assert texts[i + 1:i + 3] == [name, model]
    assert any("compute tray" in t for t in texts) and any("power shelf" in t for t in texts)


def test_findings_name_a_device_type_by_its_catalog_name(catalog):
    plan, results = _computed(GB200, catalog)
    f = next(f for f in results.findings if f.kind == "device-type")
    dev = catalog.get("device-types", f.id)
    b = _builder(plan, catalog, results, "en")
    with use_language("en"):
        texts = _texts(b.findings())
    assert f"device type {dev.manufacturer} {dev.model}" in texts
    assert not any(t.endswith(f.id) for t in texts), f.id


def test_a_group_heading_is_never_the_last_row_of_a_page():
    """Issue 32 walk-through (German build plan, page 4): the comparison's heading "Racks,
    Verbindungen, Einspeisungen und Kühlkreisläufe" stood alone at the foot of a page, its rows
    on the next. A split that would end on a heading ends before it."""
    from planner.reports.flowables import LEADING, PAD_V, SpanText

    rows = [[f"line {i}", "1"] for i in range(5)] + [[SpanText("Group"), ""]] + [[f"x {i}", "2"] for i in range(4)]
    table = RowsTable(["", "A"], rows, [200.0, 100.0], "Helvetica", "Helvetica-Bold", fitted=True)
    row_h = LEADING + PAD_V
    header_h = table._shared["header_h"]
    # room for the header and six rows: the sixth is the heading
    first, rest = table.split(300, header_h + 6 * row_h + 1)
    assert len(first._cellvalues) - 1 == 5 and rest.start == 5 and isinstance(rest.rows[rest.start][0], SpanText)
    # room for seven: the heading and its first row stay together on this page
    first, rest = table.split(300, header_h + 7 * row_h + 1)
    assert len(first._cellvalues) - 1 == 7 and rest.start == 7
