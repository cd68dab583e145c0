"""German and English in the app (issue 13): the translation sources are complete and
current, the app switches language, nothing of the other language is left on any menu,
dock, context menu or dialog the walk reaches (tests/i18n_walk.py), and number fields
read the language's form."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ui import i18n_tools

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parent.parent
TS_DIR = ROOT / "resources" / "translations"

# shown in either language as they are: product and vendor names, model numbers, unit
# symbols, abbreviations and codes (docs/i18n-app.md)
ALLOWED_WORDS = {
    "nvlink", "infiniband", "ethernet", "gpu", "gpus", "cpu", "pdu", "pdus", "cdu", "cdus", "nic", "ups",
    "lora", "qlora", "zero", "bf16", "fp8", "fp16", "hbm", "pue", "mfu", "ttft", "kv", "tp", "pp", "dp", "ep",
    "csv", "pdf", "xlsx", "excel", "netbox", "yaml", "json", "utf", "rackwright", "dejavu", "leaf", "spine",
    "switch", "switches", "fabric", "fabrics", "rack", "racks", "port", "ports", "link", "links", "server",
    "servers", "storage", "compute", "management", "frontend", "front", "end", "in-row", "row", "tokens",
    "token", "checkpoint", "checkpoints", "workload", "design", "capex", "opex", "pflops", "tflops", "ndr",
    "max", "min", "typ", "ok", "id", "code", "codes", "model", "models", "info", "web", "guide",
    "hx", "rdhx", "aoc", "acc", "dac", "cat6a", "optic", "optics", "tray", "trays", "domain",
    "tag",  # German "Tag" (day), in the templates' workload sentences
}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß][A-Za-zÄÖÜäöüß\-]+", text)}


def _ts_entries(path: Path) -> list[tuple[str, str, list[str]]]:
    out = []
    for ctx in ET.parse(path).getroot().iter("context"):
        for m in ctx.findall("message"):
            t = m.find("translation")
            forms = [f.text or "" for f in t.findall("numerusform")] or [t.text or ""]
            out.append((ctx.findtext("name") or "", m.findtext("source") or "", forms))
    return out


def _vocabularies() -> tuple[set[str], set[str]]:
    """(words only English sources use, words only German translations use)."""
    en: set[str] = set()
    de: set[str] = set()
    for _c, src, forms in _ts_entries(TS_DIR / "rackwright_de.ts"):
        en |= _words(re.sub(r"\{[^}]*\}", " ", src))
        for f in forms:
            de |= _words(re.sub(r"\{[^}]*\}", " ", f))
    return en - de - ALLOWED_WORDS, de - en - ALLOWED_WORDS


# -- the sources -----------------------------------------------------------------------------

def test_ts_files_are_current_and_finished(tmp_path):
    """Every marked string in ui/ is in the .ts, none is unfinished, none is obsolete: a new
    tr() text fails here until `python3 dev.py translations` adds it and it is translated."""
    found = i18n_tools.extract(i18n_tools.ui_sources(ROOT), ROOT)
    for lang in ("de", "en"):
        ts = TS_DIR / f"rackwright_{lang}.ts"
        fresh = tmp_path / ts.name
        fresh.write_text(i18n_tools.build_ts(found, i18n_tools.read_ts(ts), lang), encoding="utf-8")
        want = set(i18n_tools.read_ts(fresh))
        have = set(i18n_tools.read_ts(ts))
        assert want - have == set(), f"{ts.name}: new texts, run `python3 dev.py translations`"
        assert have - want == set(), f"{ts.name}: texts no longer in the code, run `python3 dev.py translations`"
        assert i18n_tools.unfinished(ts) == [], f"{ts.name}: unfinished entries"
    assert len(found) > 800


def test_translations_keep_every_placeholder():
    for _ctx, src, forms in _ts_entries(TS_DIR / "rackwright_de.ts"):
        want = set(re.findall(r"\{[^}]*\}", src))
        for f in forms:
            assert set(re.findall(r"\{[^}]*\}", f)) == want, (src, f)
            assert ("%n" in src) <= ("%n" in f or len(forms) == 1), (src, f)


def test_qm_files_match_their_sources(tmp_path):
    """The committed .qm (the wheel and the bundle ship them) are what lrelease makes of the .ts."""
    lrelease = shutil.which("pyside6-lrelease") or str(Path(__import__("sys").executable).parent / "pyside6-lrelease")
    for ts in sorted(TS_DIR.glob("*.ts")):
        out = tmp_path / ts.with_suffix(".qm").name
        subprocess.run([lrelease, "-silent", str(ts), "-qm", str(out)], check=True)
        assert out.read_bytes() == ts.with_suffix(".qm").read_bytes(), f"{ts.name}: run `python3 dev.py translations`"


def test_extractor_finds_every_kind_of_mark(tmp_path):
    ui = tmp_path / "ui"
    ui.mkdir()
    (ui / "m.py").write_text(
        "from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP\n"
        "def _t(text):\n    return QCoreApplication.translate('Mod', text)\n"
        "T = {'a': QT_TRANSLATE_NOOP('Tab', 'Table text')}\n"
        "class W:\n    def f(self, n):\n        self.tr('Own text')\n        self.tr('%n item(s)', '', n)\n"
        "        tr = QCoreApplication.translate\n        tr('Alias', 'Aliased')\n        _t('Wrapped')\n"
        "        self.tr(f'not {n} marked')\n", encoding="utf-8")
    found = i18n_tools.extract(i18n_tools.ui_sources(tmp_path), tmp_path)
    assert set(found) == {("Tab", "Table text"), ("W", "Own text"), ("W", "%n item(s)"), ("Alias", "Aliased"),
                          ("Mod", "Wrapped")}
    assert found[("W", "%n item(s)")][1] is True and found[("W", "Own text")][1] is False


# -- the app ---------------------------------------------------------------------------------

def test_language_choice(monkeypatch):
    from ui import i18n

    monkeypatch.setenv("RACKWRIGHT_LANG", "de")
    assert i18n.choose("en") == "de"  # the variable wins (tests, a one-off start)
    monkeypatch.delenv("RACKWRIGHT_LANG")
    assert i18n.choose("de") == "de" and i18n.choose("en") == "en"
    assert i18n.choose("system") == i18n.system_language()


def _walk(qtbot, tmp_path, monkeypatch, lang):
    from PySide6.QtWidgets import QApplication

    from tests.i18n_walk import open_main, walk_app
    from ui import i18n

    win = open_main(tmp_path, lang, monkeypatch)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    try:
        return win, walk_app(win, monkeypatch)
    finally:
        i18n.install(QApplication.instance(), "en", TS_DIR)


def test_german_app_shows_no_english(qtbot, tmp_path, monkeypatch):
    win, texts = _walk(qtbot, tmp_path, monkeypatch, "de")
    english, _german = _vocabularies()
    assert "Datei" in win.menuBar().actions()[0].text().replace("&", "")
    assert len(texts.items) > 300  # the walk reached the menus, docks and dialogs
    data = _data_words(win)
    left = {}
    for t, where in texts.items.items():
        if any(k in where for k in MADE_ELSEWHERE):
            continue
        w = _words(_CODE.sub(" ", re.sub(r"\{[^}]*\}", " ", t))) & english - data
        if w:
            left[t] = (where, sorted(w))
    # texts the Qt-free planner makes (findings, workload verdicts and notes, engine settings'
    # descriptions, undo texts of edits) are the planner's catalog's; the walk reports them here
    # until they are translated there
    planner_made: set[str] = set()  # the planner's texts are translated too (its gettext catalog)
    remaining = {t: v for t, v in left.items() if t not in planner_made}
    assert not remaining, "\n".join(f"{v[0]}: {t!r} {v[1]}" for t, v in sorted(remaining.items(), key=lambda kv: kv[1][0]))


# finding codes (POWER_CORDS_SPREAD) stay as they are in both languages
_CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[\w/.-]+\.(?:md|json|yaml|rackplan)\b")  # codes, file names

# texts the walk reaches that ui/scenes/ makes (the Fabric view's figures, the rack figures
# line under the Inspector's rack page): that code is being split on another branch, which
# translates them; remove these once it is merged
MADE_ELSEWHERE: tuple[str, ...] = ()  # the scenes are translated too (FRONT/REAR, fabric figures)


def _is_planner_text(text: str, where: str) -> bool:
    """Made by the Qt-free planner and translated by its gettext catalog (the i18n-planner
    work): engine settings' and workload fields' descriptions, the PDF's section titles,
    the undo texts of edits, the workload model's notes, choice values of its fields."""
    from tests.i18n_walk import planner_texts

    if text in planner_texts():
        return True
    return any(k in where for k in ("section_", "verdictNotes", "engine_load_basis item", "field_method item"))


def _data_words(win) -> set[str]:
    """Words of the plan's own names and the catalog's product and vendor names and cloud
    offers: shown as the user or the vendor wrote them."""

    out: set[str] = set()

    def walk(v):
        if isinstance(v, str):
            out.update(_words(v))
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    from planner.files.plan_io import plan_to_dict

    walk(plan_to_dict(win.doc.plan))
    for line in (ROOT / "catalogs").rglob("*.yaml"):
        for m in re.finditer(r"^\s*(?:name|manufacturer|vendor|offer|provider|model|source|- title|title):\s*(.+)$", line.read_text(encoding="utf-8"), re.M):
            out.update(_words(m.group(1)))
    out.update(_words(str(win.doc.path or "")))
    out.update(_words(str(ROOT)))
    out.update({"english", "deutsch", "hall", "indicative", "front-end"})  # language names; naming example; offer basis
    return out


def test_english_app_shows_no_german(qtbot, tmp_path, monkeypatch):
    win, texts = _walk(qtbot, tmp_path, monkeypatch, "en")
    _english, german = _vocabularies()
    assert win.menuBar().actions()[0].text().replace("&", "") == "File"
    from tests.i18n_walk import planner_texts

    data = _data_words(win)
    bad = {t: (where, sorted(_words(t) & german - data)) for t, where in texts.items.items()
           if t not in planner_texts() and (_words(t) & german - data or re.search("[äöüß]", t))}
    assert not bad, bad


# -- numbers ---------------------------------------------------------------------------------

@pytest.fixture
def german():
    from ui import i18n

    i18n.install(__import__("PySide6.QtWidgets", fromlist=["QApplication"]).QApplication.instance()
                 or _app(), "de", TS_DIR)
    yield
    i18n.install(__import__("PySide6.QtWidgets", fromlist=["QApplication"]).QApplication.instance(), "en", TS_DIR)


def _app():
    from PySide6.QtWidgets import QApplication

    return QApplication([])


def test_german_number_formats(german):
    from ui import units

    assert units.fnum(1356256, ",.0f") == "1.356.256"
    assert units.fnum(1.3, ".2f") == "1,30"
    assert units.fmt_money(1356256, "EUR") == "1.356.256\xa0€"
    assert units.parse_number("2.000") == 2000
    assert units.parse_number("1,5") == 1.5
    with pytest.raises(ValueError, match="1,234"):
        units.parse_number("1,234")  # 1.234 to a German, 1234 to an English reader
    with pytest.raises(ValueError):
        units.parse_number("1.5")  # the English decimal point
    assert units.format_entry(1.125) == "1,1250"  # reads back as itself, not ambiguous
    assert units.parse_number(units.format_entry(1.125)) == 1.125


def test_german_wizard_comparison_figures(german):
    """The sizing wizard's table printed US-style numbers (1,234.5) in German."""
    from ui.design.wizard import cell_text

    row = {"gpu_name": "H100", "currency": "EUR"}
    assert cell_text(1234.5, "kw", row, "EUR") == "1.234,5"
    assert cell_text(2560, "gpus", row, "EUR") == "2.560 \u00d7 H100"
    assert cell_text(3.456, "f2", row, "EUR") == "3,46"
    assert cell_text(1500, "months", row, "EUR") == "1.500 Monate"


def test_german_concurrent_users_field(qtbot, tmp_path, monkeypatch):
    """The issue's example: `2.000` in "Concurrent users" on a German system is 2000 users,
    and `1,234` is refused with a message in the field, the spec unchanged."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from ui import i18n

    win = _inference_window(qtbot, tmp_path, monkeypatch)
    try:
        panel = win.panels["workloadsDock"]
        wid = panel.add_workload("inference")
        assert wid is not None and panel.current_id() == wid
        edit, error = panel.fields["users"].editor, panel.fields["users"].error
        edit.selectAll()
        qtbot.keyClicks(edit, "2.000")
        qtbot.keyClick(edit, Qt.Key.Key_Return)
        assert _spec(win, wid)["users"] == 2000
        edit.selectAll()
        qtbot.keyClicks(edit, "1,234")
        qtbot.keyClick(edit, Qt.Key.Key_Return)
        assert _spec(win, wid)["users"] == 2000
        assert error.isVisibleTo(panel) and "1,234" in error.text()
        # a value the spec refuses: the spec's reason in German under the field (it was
        # pydantic's English, "Input should be greater than or equal to 1")
        edit.selectAll()
        qtbot.keyClicks(edit, "0")
        qtbot.keyClick(edit, Qt.Key.Key_Return)
        assert _spec(win, wid)["users"] == 2000
        assert error.isVisibleTo(panel) and error.text() == "Der Wert muss mindestens 1 sein", error.text()
    finally:
        i18n.install(QApplication.instance(), "en", TS_DIR)


def _spec(win, wid):
    w = next(w for w in win.doc.plan.workloads if w.id == wid)
    return w.spec


def _inference_window(qtbot, tmp_path, monkeypatch):
    from tests.i18n_walk import open_main

    win = open_main(tmp_path, "de", monkeypatch)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    return win


def _menu_actions(win) -> dict[str, list[str]]:
    """Each menu bar menu (by object name): its actions' object names or, unnamed, their
    shortcut and checkability (what stays the same in every language)."""
    from PySide6.QtWidgets import QMenu

    out = {}
    for top in win.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            out[menu.objectName()] = [a.objectName() or f"{a.shortcut().toString()}|{a.isSeparator()}|{a.isCheckable()}"
                                      for a in menu.actions()]
    return out


def test_german_menus_have_every_entry_the_english_ones_have(qtbot, tmp_path, monkeypatch):
    """The menus are the same in both languages: in German File > New from Template… and New
    from Workload… and Edit > Rename Selection… were missing (they were added to the menu
    found by its English title)."""
    from PySide6.QtWidgets import QApplication

    from tests.i18n_walk import open_main
    from ui import i18n

    menus = {}
    try:
        for lang in ("en", "de"):
            (tmp_path / lang).mkdir()
            win = open_main(tmp_path / lang, lang, monkeypatch)
            qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
            menus[lang] = _menu_actions(win)
            if lang == "de":
                assert "Datei" in win.menuBar().actions()[0].text()
                file_menu = win._menus()["menuFile"]
                assert win.act_new_template in file_menu.actions() and win.act_new_workload in file_menu.actions()
                assert win.act_rename in win._menus()["menuEdit"].actions()
                assert win.act_plan_settings in win._menus()["menuPlan"].actions()
            win.close()
    finally:
        i18n.install(QApplication.instance(), "en", TS_DIR)
    assert set(menus["de"]) == set(menus["en"]) >= {"menuFile", "menuEdit", "menuView", "menuPlan", "menuHelp"}
    assert menus["de"] == menus["en"]


@pytest.mark.parametrize("lang, one, many", [("en", "1 switch", "12 switches"), ("de", "1 Switch", "12 Switches")])
def test_auto_wire_status_line_counts_in_the_right_plural(qapp, lang, one, many):
    """'Auto-wired 1,296 links, 1 switches' said the status line; the count picks the form."""
    from pathlib import Path

    from ui import i18n
    from ui.shell import windows

    ts_dir = Path(__file__).resolve().parents[1] / "resources" / "translations"
    i18n.install(qapp, lang, ts_dir)
    try:
        assert windows._switches(1) == one and windows._switches(12) == many
        assert windows._links(1) == ("1 link" if lang == "en" else "1 Verbindung")
    finally:
        i18n.install(qapp, "en", ts_dir)
