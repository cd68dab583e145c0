"""planner.i18n: formats per language, parsing that never reads a number silently as
something else, and the gettext catalogs (issue 13)."""

from __future__ import annotations

import datetime as dt

import pytest

from planner import i18n
from planner.i18n import (
    AmbiguousNumber,
    format_date,
    format_money,
    format_number,
    parse_number,
    render,
    use_language,
)


def test_numbers_money_dates_per_language():
    assert format_number(1356256, "de") == "1.356.256"
    assert format_number(1356256, "en") == "1,356,256"
    assert format_number(1.3, "de", decimals=2) == "1,30"
    assert format_number(1.3, "en", decimals=2) == "1.30"
    assert format_money(1356256.4, "EUR", "de") == "1.356.256\xa0€"
    assert format_money(1356256.4, "USD", "en") == "$1,356,256"
    assert format_money(1356256.4, "EUR", "en") == "€1,356,256"
    assert format_date(dt.date(2026, 12, 1), "de") == "01.12.2026"
    assert format_date(dt.date(2026, 12, 1), "en") == "2026-12-01"
    assert format_date("2026-12-01", "de") == "01.12.2026"


@pytest.mark.parametrize(("lang", "text", "value"), [
    ("de", "1,5", 1.5), ("de", "2.000", 2000), ("de", "1.234.567,89", 1234567.89), ("de", "12,3456", 12.3456),
    ("de", "0,125", 0.125), ("de", "-3", -3), ("de", "500k", 500000), ("de", "2 000", 2000),
    ("en", "1.5", 1.5), ("en", "2,000", 2000), ("en", "1,234,567.89", 1234567.89), ("en", "0.125", 0.125),
    ("en", "2e3", 2000), ("en", "2B", 2e9),
])
def test_parse_reads_the_languages_form(lang, text, value):
    assert parse_number(text, lang) == pytest.approx(value)


@pytest.mark.parametrize(("lang", "text"), [("en", "1.234"), ("de", "1,234"), ("en", "12.500"), ("de", "999,000")])
def test_parse_refuses_ambiguous_entries(lang, text):
    with pytest.raises(AmbiguousNumber, match="ambiguous|mehrdeutig"):
        parse_number(text, lang)


@pytest.mark.parametrize(("lang", "text"), [("de", "1.5"), ("en", "1,5"), ("de", "1.23.4"), ("en", "1,2,3"),
                                            ("de", "1,2,3"), ("en", "abc"), ("de", ""), ("en", "1.5.6")])
def test_parse_refuses_the_other_languages_form(lang, text):
    with pytest.raises(ValueError):
        parse_number(text, lang)


def test_parse_integer_refuses_fractions():
    assert parse_number("2.000", "de", integer=True) == 2000
    with pytest.raises(ValueError):
        parse_number("2,5", "de", integer=True)


def test_templates_format_numbers_per_language():
    tpl = "{a:.1f} A of {b:,.0f} ({p:.0%})"
    params = {"a": 12.34, "b": 1356256.0, "p": 0.5}
    assert render(tpl, params, "en") == tpl.format(**params)
    # the German catalog may not know this made-up text: it stays English, numbers German
    assert render(tpl, params, "de") == "12,3 A of 1.356.256 (50\xa0%)"


def test_format_field_and_template_use_the_languages_separators():
    """The public form of render's number fields (ui/units.py's fnum and lformat use it)."""
    assert i18n.format_field(1356256.4, ",.0f", "de") == "1.356.256"
    assert i18n.format_field(1.3, ".2f", "de") == "1,30"
    assert i18n.format_field(1356256.4, ",.0f", "en") == "1,356,256"
    assert i18n.format_field("n/a", ">5", "de") == "  n/a"  # not a number: str.format's rules
    assert i18n.format_field(True, "", "de") == "True"
    tpl = "{a:.1f} kW for {room}, {n:d} racks"
    assert i18n.format_template(tpl, "de", a=12.25, room="Hall 1", n=12000) == "12,2 kW for Hall 1, 12.000 racks"
    assert i18n.format_template(tpl, "en", a=12.25, room="Hall 1", n=12000) == tpl.format(a=12.25, room="Hall 1",
                                                                                            n=12000)
    assert i18n.format_template("{lang} {template}", "de", lang="x", template="y") == "x y"


def test_active_language_is_per_context(monkeypatch):
    monkeypatch.setenv("RACKWRIGHT_LANG", "de_AT.UTF-8")
    assert i18n.current_language() == "de"
    monkeypatch.setenv("RACKWRIGHT_LANG", "")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.current_language() == "de"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert i18n.current_language() == "en"
    with use_language("de"):
        assert i18n.active_language() == "de"
        assert format_number(1.5) == "1,5"
        with use_language("en"):
            assert format_number(1.5) == "1.5"
    assert i18n.active_language() == "en"


def test_german_numbers_round_as_the_english_ones():
    """The same figure prints the same digits in both languages: Babel would round the
    shortest repr of 23.15 (half-even: 23.2) where Python's format rounds the float's exact
    value (23.149999...: 23.1)."""
    from planner.i18n import format_number, render

    for v in (23.15, 2.675, 0.125, 1234567.891, 2.5):
        for d in (0, 1, 2):
            assert format_number(v, "de", d).replace(".", "").replace(",", ".") == format(v, f".{d}f")
            assert render("{v:." + str(d) + "f}", {"v": v}, "de").replace(".", "").replace(",", ".") == format(v, f".{d}f")
