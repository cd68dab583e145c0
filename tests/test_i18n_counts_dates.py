"""Large counts and dates in the language's words and form (issue 25, seen in a German walk):
"1 Milliarde Tokens" (the English billion is a German Milliarde, the German Billion 10^12),
a field's "2 Mrd." read back, and catalog price dates (YYYY-MM) in the German form in the
build plan's bill of materials and the workbook, as every other date is."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from planner.i18n import format_count, format_date, parse_number, use_language

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"


@pytest.mark.parametrize(("value", "lang", "text"), [
    (1e9, "de", "1 Milliarde"), (2e9, "de", "2 Milliarden"), (2.5e9, "de", "2,5 Milliarden"),
    (1e12, "de", "1 Billion"), (1.5e12, "de", "1,5 Billionen"), (5e8, "de", "500 Millionen"),
    (1e9, "en", "1 billion"), (1e12, "en", "1 trillion"), (2.5e9, "en", "2.5 billion"),
    (250_000, "de", "250.000"), (4096, "en", "4,096"),
])
def test_a_large_count_in_the_languages_words(value, lang, text):
    assert format_count(value, lang) == text


def test_the_short_form_is_the_languages_abbreviation():
    assert format_count(2e9, "de", short=True).replace("\xa0", " ") == "2 Mrd."
    assert format_count(1e12, "de", short=True).replace("\xa0", " ") == "1 Bio."
    assert format_count(2e9, "en", short=True) == "2B"


@pytest.mark.parametrize(("text", "lang", "value"), [
    ("2 Mrd.", "de", 2e9), ("2 Milliarden", "de", 2e9), ("1 Milliarde", "de", 1e9), ("1,5 Mrd", "de", 1.5e9),
    ("1 Bio.", "de", 1e12), ("1 Billion", "de", 1e12), ("500 Mio.", "de", 5e8), ("2B", "de", 2e9),
    ("2 billion", "en", 2e9), ("1 trillion", "en", 1e12), ("1.5B", "en", 1.5e9),
])
def test_the_words_and_abbreviations_read_back(text, lang, value):
    """Each language reads its own words: a German "Billion" is 10^12, an English one 10^9."""
    assert parse_number(text, lang) == pytest.approx(value)


@pytest.mark.parametrize("text", ["1 Blah", "Mrd.", "1 Mrd. Mrd."])
def test_a_word_that_is_no_count_is_refused(text):
    with pytest.raises(ValueError):
        parse_number(text, "de")


def test_a_month_date_in_the_languages_form():
    """Most catalog prices are dated by month: the German form is 06.2025 (it printed 2025-06)."""
    assert format_date("2025-06", "de") == "06.2025"
    assert format_date("2025-06", "en") == "2025-06"
    assert format_date("2026-11-28", "de") == "28.11.2026"
    assert format_date("2026-11-28", "en") == "2026-11-28"
    assert format_date("soon", "de") == "soon"


def test_the_requirement_states_tokens_in_german_words():
    """The build plan's requirements section printed "1 Milliarden Tokens" (a plural for one)
    and "1.000 Milliarden" for a trillion."""
    from planner.model.plan import Workload
    from planner.reports.requirements import workload_asked

    def asked(tokens: float, lang: str) -> str:
        w = Workload(id="wl-1", name="t", kind="pretrain", spec={"model": "llama-3.1-8b", "tokens": tokens,
                                                                  "target_days": 30})
        with use_language(lang):
            return workload_asked(w, None)

    assert "1 Milliarde Tokens" in asked(1e9, "de")
    assert "2 Milliarden Tokens" in asked(2e9, "de")
    assert "1 Billion Tokens" in asked(1e12, "de")
    assert "1 trillion tokens" in asked(1e12, "en")
    assert "2 billion tokens" in asked(2e9, "en")


@pytest.fixture(scope="module")
def example():
    from planner.catalog import load_catalog
    from planner.engine import Engine
    from planner.files.documents import load_plan

    catalog = load_catalog()
    plan = load_plan(EXAMPLE)
    return plan, catalog, Engine(catalog).compute(plan)


def _price_dates(example) -> set[str]:
    plan, catalog, results = example
    dates = set()
    for b in results.bom:
        item = catalog.get(b.table, b.slug)
        price = getattr(item, "price", None) or getattr(getattr(item, "planning", None), "price", None)
        if price is not None and b.unit_price is not None and b.price_source != "plan":
            dates.add(price.date)
    return dates


def test_the_german_pdf_bill_of_materials_dates_prices_in_german(example, tmp_path):
    from planner.reports import ReportOptions, build_plan_pdf

    if shutil.which("pdftotext") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("pdftotext (poppler-utils) is missing")
        pytest.skip("needs pdftotext (poppler-utils)")
    plan, catalog, results = example
    months = {d for d in _price_dates(example) if re.fullmatch(r"\d{4}-\d{2}", d)}
    assert months  # the example has month-dated prices
    texts = {}
    for lang in ("de", "en"):
        out = tmp_path / f"plan-{lang}.pdf"
        build_plan_pdf(plan, catalog, results, out, ReportOptions(lang=lang, sections=("bom",), date="2026-12-01"))
        texts[lang] = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True,
                                     check=True).stdout.decode()
    for d in months:
        assert f"{d[5:]}.{d[:4]}" in texts["de"], d
        assert d not in texts["de"], d  # no ISO month left in the German bill of materials
        assert d in texts["en"], d


def test_the_german_workbook_dates_prices_in_german(example):
    from planner.reports.tables import plan_tables

    plan, catalog, results = example
    with use_language("de"):
        sheets = plan_tables(plan, catalog, results)
    bom = next(s for s in sheets if s.key == "BOM")
    col = next(i for i, c in enumerate(bom.columns) if c.title == "Preisdatum")
    dates = {row[col] for row in bom.rows if row[col]}
    assert dates and all(re.fullmatch(r"(\d{2}\.)?\d{2}\.\d{4}", d) for d in dates), dates
