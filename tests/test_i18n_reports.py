"""Issue 13 on the planner side: the PDF build plan and the CLI's text in German and
English, the gettext catalog complete, and no user-visible text of the reports or the
findings left unmarked for translation."""

from __future__ import annotations

import ast
import io
import os
import re
import shutil
import subprocess
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.engine.findings import make
from planner.files.documents import load_plan
from planner.i18n import catalogs, format_money, format_number
from planner.reports import ReportOptions, build_plan_pdf
from tests.source_trees import source_tree

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
PLANNER = ROOT / "planner"


def _pdftotext(path: Path) -> str:
    if shutil.which("pdftotext") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("pdftotext (poppler-utils) is missing")
        pytest.skip("needs pdftotext (poppler-utils)")
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True)
    return re.sub(r"[ \t]+", " ", out.stdout.decode("utf-8", "replace"))


@pytest.fixture(scope="module")
def example():
    catalog = load_catalog()
    plan = load_plan(EXAMPLE)
    return plan, catalog, Engine(catalog).compute(plan)


@pytest.fixture(scope="module")
def pdf_texts(example, tmp_path_factory):
    plan, catalog, results = example
    tmp = tmp_path_factory.mktemp("i18n-pdf")
    texts, pages = {}, {}
    for lang in ("de", "en"):
        out = tmp / f"plan-{lang}.pdf"
        summary = build_plan_pdf(plan, catalog, results, out, ReportOptions(lang=lang, date="2026-12-01"))
        texts[lang] = _pdftotext(out)
        pages[lang] = (summary.pages, out.read_bytes())
    return texts, pages


SECTION_TITLES = {
    "de": ["AUFBAUPLAN", "Raumplan", "Rackansichten", "Stromversorgung", "Kühlung", "Stückliste",
           "Mieten oder kaufen", "Kabelplan", "Befunde und Arbeitslasten", "Inhalt"],
    "en": ["BUILD PLAN", "Floor plan", "Rack elevations", "Power", "Cooling", "Bill of materials", "Rent or own",
           "Cable schedule", "Findings and workloads", "Contents"],
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_pdf_has_translated_titles_rack_names_and_bom_lines(pdf_texts, example, lang):
    plan, _catalog, results = example
    text = pdf_texts[0][lang]
    for title in SECTION_TITLES[lang]:
        assert title in text, (lang, title)
    for rack in plan.racks():
        assert rack.name in text
    for b in results.bom[:8]:  # every BOM line's catalog slug is printed in its row
        assert b.slug in text, b.slug
    other = "en" if lang == "de" else "de"
    for title in ("Stückliste", "Kabelplan", "Befunde und Arbeitslasten") if lang == "en" else \
            ("Bill of materials", "Cable schedule", "Findings and workloads"):
        assert title not in text, (lang, other, title)


def test_german_pdf_prints_german_numbers_money_and_dates(pdf_texts, example):
    _plan, _catalog, results = example
    de, en = pdf_texts[0]["de"], pdf_texts[0]["en"]
    capex = results.totals.capex
    assert capex > 1000
    de_capex = format_money(capex, results.totals.currency, "de").replace("\xa0", " ")
    assert re.search(r"\d{1,3}(\.\d{3})+ \$", de_capex)  # 1.356.256 $: points group thousands
    assert f"Investitionskosten gesamt: {de_capex}" in de
    assert "01.12.2026" in de and "2026-12-01" not in de
    assert f"Total capex: {format_money(capex, results.totals.currency, 'en')}" in en
    assert "2026-12-01" in en
    typical = results.totals.agg.sums["typical_w"] / 1000
    assert f"{format_number(typical, 'de', 1)} kW typisch" in de  # decimal comma
    assert "," in format_number(typical, "de", 1)
    assert "Seite 1 von" in de and "Page 1 of" in en


def test_paper_follows_the_language(pdf_texts):
    # A4 landscape is 842 x 595 pt, US Letter landscape 792 x 612 pt
    pages = pdf_texts[1]
    assert re.search(rb"/MediaBox \[ ?0 0 841\.88", pages["de"][1])
    assert re.search(rb"/MediaBox \[ ?0 0 792 612", pages["en"][1])


def test_metric_report_has_no_imperial_units_and_imperial_has_them(example, tmp_path):
    plan, catalog, results = example
    texts = {}
    for units in ("metric", "imperial"):
        out = tmp_path / f"{units}.pdf"
        build_plan_pdf(plan, catalog, results, out, ReportOptions(lang="de", imperial=units == "imperial"))
        texts[units] = _pdftotext(out)
    for word in ("CFM", "BTU/h", "Tonnen", "tons", " lb"):
        assert word not in texts["metric"], word
    assert "m³/h" in texts["metric"] and " kg" in texts["metric"]
    for word in ("CFM", "BTU/h", "Tonnen", "lb"):
        assert word in texts["imperial"], word


def test_cli_report_lang_and_check_text_in_german(tmp_path, monkeypatch, unpriced_user_catalog):
    from planner.commands.cli import main

    # a user catalog that leaves the example's rear door unpriced (tests/conftest.py), so that
    # the check gives a finding with parameters to translate (COST_NO_PRICE)
    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(unpriced_user_catalog))

    buf = io.StringIO()
    with redirect_stdout(buf):
        rc = main(["check", str(EXAMPLE), "--lang", "de"])
    text = buf.getvalue()
    assert rc == 0
    assert "Rackwright-Prüfung" in text and "Befunde:" in text and "HE belegt" in text
    assert re.search(r"\d\.\d{3} GB GPU-Speicher", text)  # 2.560 GB
    assert "Stücklistenpositionen ohne Preis" in text  # a finding's message, translated at the edge
    assert "BTU/h" not in text and "CFM" not in text
    buf = io.StringIO()
    with redirect_stdout(buf):
        main(["check", str(EXAMPLE), "--lang", "en", "--units", "imperial"])
    en = buf.getvalue()
    assert "Findings:" in en and "BTU/h" in en and "CFM" in en and "Befunde" not in en
    # --json stays locale-independent
    buf = io.StringIO()
    with redirect_stdout(buf):
        main(["check", str(EXAMPLE), "--lang", "de", "--json"])
    assert "Phasenströme" not in buf.getvalue() and '"message"' in buf.getvalue()
    out = tmp_path / "de.pdf"
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["report", str(EXAMPLE), "-o", str(out), "--lang", "de"]) == 0
    assert "geschrieben" in buf.getvalue() and out.exists()


def test_findings_are_computed_once_and_translated_at_the_edge():
    # the engine's template (planner/engine/core.py), as the catalog holds it
    f = make("PDU_PHASE_OVERLOAD", "{name}: phase current {peak:.1f} A exceeds {derated:.1f} A ({v4:.0f} % of "
             "{rating:.0f} A)", "pdu", "p1", name="PDU A", peak=1234.56, derated=25.6, v4=80.0, rating=32.0)
    assert f.message == "PDU A: phase current 1234.6 A exceeds 25.6 A (80 % of 32 A)"  # as before: English
    assert f.to_dict()["message"] == f.message  # JSON: English, whatever the language
    assert f.text("de") == "PDU A: Phasenstrom 1234,6 A übersteigt 25,6 A (80 % von 32 A)"
    assert f.text("en") == f.message


# ------------------------------------------------------------------ catalogs and marking

def test_german_catalog_is_complete():
    problems = catalogs.check("de")
    assert problems == [], "\n".join(problems[:20])


def test_catalog_compiles_and_is_read_from_the_mo(tmp_path):
    shutil.copytree(catalogs.LOCALE_DIR, tmp_path / "locale")
    written = catalogs.compile_catalogs(tmp_path / "locale")
    assert [p.name for p in written] == ["rackwright.mo"]
    import gettext

    with written[0].open("rb") as fh:
        t = gettext.GNUTranslations(fh)
    assert t.gettext("Bill of materials") == "Stückliste"
    assert t.ngettext("{n} cable", "{n} cables", 2) == "{n} Kabel"


def _finding_messages() -> list[tuple[str, int, str]]:
    """make(...) / fabric_finding(...) calls whose message is not a literal template."""
    bad = []
    for path in sorted(PLANNER.rglob("*.py")):
        tree = source_tree(path)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            idx = {"make": 1, "fabric_finding": 2}.get(node.func.id)
            if idx is None or len(node.args) <= idx:
                continue
            msg = node.args[idx]
            literal = isinstance(msg, ast.Constant) and isinstance(msg.value, str)
            plural = isinstance(msg, ast.Call) and isinstance(msg.func, ast.Name) and msg.func.id == "Np_"
            if not (literal or plural):
                bad.append((str(path.relative_to(ROOT)), node.lineno, ast.unparse(msg)[:80]))
    return bad


def test_every_finding_message_is_a_template_the_catalog_can_hold():
    """A finding built from an f-string (or glued fragments) cannot be translated: its
    message must be a literal template with named parameters."""
    bad = _finding_messages()
    assert bad == [], "\n".join(f"{p}:{n}: {m}" for p, n, m in bad)


WORDS = re.compile(r"[A-Za-z]{2,}[^<>]*\s+[A-Za-z]{2,}")
MARKERS = {"_", "N_", "ngettext", "Np_", "gettext"}
# texts in these modules that are not printed for the user: exceptions for programmers,
# progress stages (the app shows its own words) and notes in the summary
NOT_USER_TEXT = {
    "the report was cancelled", "laying out pages", "fonts must be 'auto' or 'builtin'",
    "racks_per_page must be 2, 3 or 4", "unknown report sections:  (known: )", "unknown page size  (a4 or letter)",
    "rack sheets summarised:  racks,  layouts", "cable schedule summarised:  cables",
}
PRINTED = ["reports/pdf.py", "reports/drawings.py", "reports/flowables.py", "reports/display.py", "engine/report.py"]


def unmarked_texts(path: Path) -> list[tuple[int, str]]:
    """String literals with words in ``path`` that no translation marker wraps."""
    tree = source_tree(path)
    parents = {ch: node for node in ast.walk(tree) for ch in ast.iter_child_nodes(node)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            lit, parent = node.value, parents.get(node)
            if isinstance(parent, ast.JoinedStr | ast.Expr):  # part of an f-string / a docstring
                continue
        elif isinstance(node, ast.JoinedStr):
            lit = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        else:
            continue
        q = parents.get(node)
        while q is not None:
            if isinstance(q, ast.Call) and isinstance(q.func, ast.Name) and q.func.id in MARKERS:
                break
            q = parents.get(q)
        else:
            if WORDS.search(re.sub(r"<[^>]*>", "", lit)) and lit not in NOT_USER_TEXT:
                out.append((node.lineno, lit))
    return out


def test_no_unmarked_user_text_in_the_printed_reports():
    bad = [f"{rel}:{n}: {t!r}" for rel in PRINTED for n, t in unmarked_texts(PLANNER / rel)]
    assert bad == [], "\n".join(bad)


def test_the_marking_check_can_fail(tmp_path):
    src = tmp_path / "mod.py"
    src.write_text('from planner.i18n import _\n\ndef f(x):\n    a = _("Bill of materials")\n'
                   '    return a + f"{x} racks in the room"\n', encoding="utf-8")
    assert [t for _n, t in unmarked_texts(src)] == [" racks in the room"]


# words the glossary (docs/glossary-de.md) replaces: a German text using one of them is off-glossary
OFF_GLOSSARY = ["Schrank", "Materialliste", "Verkabelungsplan", "Kältegang", "Heißgang", "Stromzufuhr",
                "Rücktür-Wärmetauscher", "Workload", "Erkenntnis"]


def test_german_texts_use_the_glossary_terms():
    from babel.messages.pofile import read_po

    glossary = (ROOT / "docs" / "glossary-de.md").read_text(encoding="utf-8")
    for term in ("Stückliste", "Kabelplan", "Höheneinheit, HE", "Warmgang / Kaltgang", "Einspeisung",
                 "Kühlkreislauf, CDU", "Rückkühltür"):
        assert term in glossary
    with catalogs.po_path("de").open("rb") as fh:
        cat = read_po(fh, locale="de")
    texts = [s for m in cat if m.id for s in (m.string if isinstance(m.string, tuple | list) else [m.string])]
    bad = [(w, t) for t in texts for w in OFF_GLOSSARY if w in t]
    assert bad == []
    joined = "\n".join(texts)
    for term in ("Stückliste", "Kabelplan", "HE", "Warmgang", "Kaltgang", "Einspeisung", "Kühlkreislauf",
                 "Rückkühltür"):
        assert term in joined, term


def test_a_checkout_without_compiled_catalogs_reads_the_po():
    t = catalogs._PoTranslations(catalogs.po_path("de"))
    assert t.gettext("Bill of materials") == "Stückliste"
    assert t.ngettext("{n} cable", "{n} cables", 1) == "{n} Kabel"
    assert t.ngettext("{n} warning", "{n} warnings", 1) == "{n} Warnung"
    assert t.ngettext("{n} warning", "{n} warnings", 3) == "{n} Warnungen"
    assert t.gettext("not a catalog text") == "not a catalog text"


def test_pdf_workloads_carry_the_error_band_and_say_met_within_uncertainty(example, tmp_path):
    """Every workload row of the build plan carries the model's validated error band (issue 15),
    and a verdict the engine levels 'met within the model's uncertainty' says so instead of a
    bare 'met' (here: both targets tightened to within their figures' bands)."""
    from tests.fixtures.workload_targets import tighten_to_band

    plan, catalog, results = example
    bands = {w.id: results.workloads[w.id].figures.get("error_band") for w in plan.workloads}
    assert all(bands.values()), bands
    en = tmp_path / "en.pdf"
    build_plan_pdf(plan, catalog, results, en, ReportOptions(lang="en"))
    text = _pdftotext(en)
    for band in set(bands.values()):
        assert f"uncertainty ±{band * 100:.0f} %" in text
    assert "within the model's uncertainty" not in text  # both are met with room to spare

    tight, wide = tighten_to_band(plan, catalog, results)
    assert all(wide.workloads[w.id].level == "warn" for w in tight.workloads)
    de = tmp_path / "de.pdf"
    build_plan_pdf(tight, catalog, wide, de, ReportOptions(lang="de"))
    _pdftotext(de)  # skips without poppler
    raw = subprocess.run(["pdftotext", str(de), "-"], capture_output=True, check=True).stdout.decode()
    text = re.sub(r"\s+", " ", raw)  # the verdict wraps inside its narrow cell
    assert text.count("innerhalb der Modellunsicherheit erfüllt") == len(plan.workloads)
    assert "Unsicherheit ±" in text


def test_finding_sentences_translate_their_nested_parts(example):
    """A finding whose parameters are themselves planner texts (the place it names, the
    workload kind, the reason a target is missed) reads German through and through, while the
    English message (and so --json) stays English."""
    import copy

    from planner.base.findings import finding_text

    plan, catalog, results = example
    unmet = copy.deepcopy(plan)
    for w in unmet.workloads:
        if w.kind == "inference":
            w.spec["users"] = 100_000
    res = Engine(catalog).compute(unmet)
    f = next(f for f in res.findings if f.code == "WORKLOAD_UNMET")
    de = finding_text(f, "de")
    assert de.startswith("Arbeitslast ") and "(Inferenz): Ziel nicht erfüllt" in de and "begrenzt durch" in de
    assert "workload" not in de and "limited by" not in de
    assert f.message.startswith("workload ") and "(inference): target not met" in f.message
    from tests.fixtures.workload_targets import tighten_to_band

    _tight, wide = tighten_to_band(plan, catalog, results)
    low = [finding_text(f, "de") for f in wide.findings if f.code == "WORKLOAD_LOW_MARGIN"]
    assert low and all("(Feintuning)" in t or "(Inferenz)" in t for t in low)
    assert all("innerhalb der Modellunsicherheit (±" in t for t in low)


def test_code_words_have_one_table_covering_every_code():
    """Bottlenecks, workload kinds, device kinds and port roles are named in one table each
    (planner.fabric.names), used by the findings, the PDF and the CLI: a new code gets its
    word there or this fails."""
    from typing import get_args

    from planner.catalog.models import KINDS
    from planner.fabric import names
    from planner.fabric.ports import ROLES
    from planner.model.plan import WorkloadKind
    from planner.workloads.evaluate import BOTTLENECKS

    assert set(BOTTLENECKS) <= set(names.BOTTLENECKS)
    assert set(names.WORKLOAD_KINDS) == set(get_args(WorkloadKind))
    assert set(names.DEVICE_KINDS) == set(KINDS)
    assert set(names.ROLE_PORTS) == set(ROLES)
    from planner.i18n import message_text

    for code in names.BOTTLENECKS:
        text = names.bottleneck_text(code)
        assert text == names.BOTTLENECKS[code]  # English: the table's text
        assert message_text(text, "de") != text, code  # German: from the catalog
    assert names.bottleneck_text("new_limit") == "new_limit" and names.bottleneck_text(None) == ""


def test_pdf_and_finding_name_a_bottleneck_alike(example, tmp_path):
    """The German PDF's workload table and the WORKLOAD_UNMET finding use the same word for
    what limits a workload (once two tables that could drift apart)."""
    import copy

    from planner.base.findings import finding_text
    from planner.fabric.names import bottleneck_text, workload_kind_text
    from planner.i18n import message_text

    plan, catalog, _results = example
    unmet = copy.deepcopy(plan)
    for w in unmet.workloads:
        if w.kind == "inference":
            w.spec["users"] = 100_000
    res = Engine(catalog).compute(unmet)
    v = next(v for v in res.workloads.values() if v.met is False)
    word = message_text(bottleneck_text(v.bottleneck), "de")
    kind = message_text(workload_kind_text(v.kind), "de")
    assert word != v.bottleneck and kind != v.kind  # translated
    f = next(f for f in res.findings if f.code == "WORKLOAD_UNMET" and f.id == v.id)
    assert f"begrenzt durch {word}" in finding_text(f, "de") and f"({kind})" in finding_text(f, "de")
    out = tmp_path / "unmet-de.pdf"
    build_plan_pdf(unmet, catalog, res, out, ReportOptions(lang="de", sections=("findings",)))
    text = _pdftotext(out)
    assert word in text and kind in text
