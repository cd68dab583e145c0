"""The sizing wizard and the panels around it in the app's language (issue 25, leftovers of a
German walk), driven as a user drives them: File > New from Workload from the open plan.

- the exchange-rate date ("Kurse vom") shows and reads the language's date form (German
  28.11.2026), with a hint as the language writes a date, and refuses the other form in words;
- a new plan from the workload wizard starts in the open plan's currency and its rates;
- token counts read in the language's words under their field ("1 Billion Tokens" is 10^12 in
  German) and the field takes the language's abbreviations ("2 Mrd.");
- the presets' target names are the language's and follow the model chosen until the user
  names the target;
- a build without storage says so, and why, in its storage cell;
- the Workloads panel's groups count their servers with a real plural;
- the Inspector says a part priced inside another's price is included, not "0 USD each".
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
TS_DIR = ROOT / "resources" / "translations"
EUR = {"currency": "EUR", "exchange_rates": {"USD": 0.92}, "exchange_rates_date": "2026-11-28",
       "electricity_price_per_kwh": 0.21}


def open_app(qtbot, tmp_path, monkeypatch, lang: str, example: str = "xe9680-h100-pod", **metadata):
    """The app in ``lang`` on a copy of an example plan (its metadata updated by ``metadata``)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from ui.settings import AppSettings
    from ui.shell.app import open_window

    monkeypatch.setenv("RACKWRIGHT_LANG", lang)
    path = tmp_path / f"{example}.json"
    shutil.copy(EXAMPLES / f"{example}.json", path)
    if metadata:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["metadata"].update(metadata)
        path.write_text(json.dumps(data), encoding="utf-8")
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win = open_window(str(path), None, settings, background=False)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.resize(1366, 768)
    QApplication.processEvents()
    return win


@pytest.fixture
def english_after():
    """Every test leaves the app in English, as the rest of the suite expects it."""
    from PySide6.QtWidgets import QApplication

    from ui import i18n

    yield
    i18n.install(QApplication.instance(), "en", TS_DIR)


def new_from_workload(qtbot, win, action: str = "actNewFromWorkload"):
    """File > New from Workload... (or Plan > Size This Workload...: ``actSizeWorkload``) from the
    menu bar."""
    menus = [a.menu() for a in win.menuBar().actions() if a.menu() is not None]
    next(a for m in menus for a in m.actions() if a.objectName() == action).trigger()
    wiz = win.design_dialog
    qtbot.waitUntil(wiz.isVisible)
    return wiz


def type_into(qtbot, edit, text: str) -> None:
    """Replace a field's text as a user does and leave it with Tab."""
    seen: list[bool] = []
    edit.editingFinished.connect(lambda: seen.append(True))
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Tab)
    if not seen:  # an offscreen window that never got the focus
        edit.editingFinished.emit()


def choose_model(field, slug: str) -> None:
    box = field.editor
    box.setCurrentIndex(box.findData(slug))
    box.activated.emit(box.currentIndex())


# -- dates and currency ----------------------------------------------------------------------

DATES = {  # lang -> (the stored date as shown, its hint, another date typed, the other language's form)
    "de": ("28.11.2026", "z. B. 28.11.2026", "01.12.2026", "12/01/2026"),
    "en": ("2026-11-28", "e.g. 2026-11-28", "12/01/2026", "01.12.2026"),
}


@pytest.mark.parametrize("action", ["actNewFromWorkload", "actSizeWorkload"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_rates_date_is_shown_and_read_as_the_language_writes_it(qtbot, tmp_path, monkeypatch, english_after,
                                                                    lang, action):
    shown, hint, typed, other = DATES[lang]
    win = open_app(qtbot, tmp_path, monkeypatch, lang, **EUR)
    wiz = new_from_workload(qtbot, win, action)
    wiz.next()
    page = wiz.limits_page
    assert wiz.currentPage() is page
    date = page.edits["exchange_rates_date"]
    assert date.text() == shown  # German: "Kurse vom 28.11.2026", not 2026-11-28
    assert date.placeholderText() == hint
    box = date.parentWidget()
    label = box.parentWidget().layout().labelForField(box)
    assert label.text() == ("Kurse vom" if lang == "de" else "Rates as of")
    assert page.constraints()["exchange_rates_date"] == "2026-11-28"
    type_into(qtbot, date, typed)
    assert page.constraints()["exchange_rates_date"] == "2026-12-01"
    # the other language's form is refused, not guessed (01.12. is a different day in each)
    type_into(qtbot, date, other)
    assert page.constraints() is None
    error = page.errors["exchange_rates_date"]
    assert error.isVisibleTo(page)
    want = (f"{other} ist kein Datum (z. B. 28.11.2026)" if lang == "de"
            else f"{other} is not a date (e.g. 2026-11-28)")
    assert error.text() == want
    wiz.next()
    assert wiz.currentPage() is page  # the wizard does not go on with it
    wiz.reject()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_new_plan_from_the_wizard_starts_in_the_open_plans_currency(qtbot, tmp_path, monkeypatch, english_after,
                                                                      lang):
    """A second File > New from Workload from a plan in EUR offered USD (and no rate), so its
    capex was incomplete: it starts in the open plan's currency, its rates and its electricity
    price; who the plan is for stays the open plan's."""
    win = open_app(qtbot, tmp_path, monkeypatch, lang, **EUR)
    wiz = new_from_workload(qtbot, win)
    wiz.next()
    page = wiz.limits_page
    assert page.currency.currentText() == "EUR"
    assert page.edits["exchange_rates"].text() == ("USD 0,92" if lang == "de" else "USD 0.92")
    assert page.edits["electricity_price_per_kwh"].text() == ("0,21" if lang == "de" else "0.21")
    c = page.constraints()
    assert c is not None and (c["currency"], c["exchange_rates"], c["exchange_rates_date"]) == \
        ("EUR", {"USD": 0.92}, "2026-11-28")
    assert c["electricity_price_per_kwh"] == pytest.approx(0.21)
    assert wiz.check_spec()
    md = wiz.plan_metadata()
    assert (md.currency, md.exchange_rates, md.exchange_rates_date) == ("EUR", {"USD": 0.92}, "2026-11-28")
    assert md.customer == "" and win.doc.plan.metadata.customer  # a new plan: not the open plan's customer
    wiz.reject()


# -- token counts ----------------------------------------------------------------------------

TOKENS = {  # lang -> (the pretrain preset's 1e12 in its field, in words, typed, in words, model choice)
    "de": ("1\u00a0Bio.", "1 Billion Tokens", "2 Mrd.", "2 Milliarden Tokens", "1 Milliarde Tokens",
           "8,03\u00a0Mrd. Parameter"),
    "en": ("1T", "1 trillion tokens", "2 billion", "2 billion tokens", "1 billion tokens", "8.03B parameters"),
}


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_token_counts_read_in_the_languages_words(qtbot, tmp_path, monkeypatch, english_after, lang):
    entry, words, typed, typed_words, one_words, params = TOKENS[lang]
    win = open_app(qtbot, tmp_path, monkeypatch, lang)
    wiz = new_from_workload(qtbot, win)
    page = wiz.workloads_page
    page.add_actions["pretrain"].trigger()
    field = page.fields["tokens"]
    assert _plain(field.editor.text()) == _plain(entry)
    assert field.reading is not None
    qtbot.waitUntil(lambda: field.reading.isVisibleTo(page))  # a new form's rows show on the next event
    assert _plain(field.reading.text()) == words
    type_into(qtbot, field.editor, typed)
    assert page.items[page.list.currentRow()]["spec"]["tokens"] == 2e9
    assert _plain(field.reading.text()) == typed_words
    type_into(qtbot, field.editor, "1 Milliarde" if lang == "de" else "1B")
    assert page.items[page.list.currentRow()]["spec"]["tokens"] == 1e9
    assert _plain(field.reading.text()) == one_words
    # the model list names the parameter count in the language's form too
    model = page.fields["model"].editor
    assert _plain(model.itemText(model.findData("llama-3.1-8b"))) == f"Llama 3.1 8B ({_plain(params)})"  # the catalog model
    wiz.reject()


# -- preset names ----------------------------------------------------------------------------

NAMES = {"de": ("Bereitstellung {m}", "Pre-Training {m}"), "en": ("Serve {m}", "Pre-train {m}")}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_preset_names_are_the_languages_and_follow_the_model(qtbot, tmp_path, monkeypatch, english_after, lang):
    serve, pretrain = NAMES[lang]
    win = open_app(qtbot, tmp_path, monkeypatch, lang)
    wiz = new_from_workload(qtbot, win)
    page = wiz.workloads_page
    first = page.items[0]
    assert first["name"] == serve.format(m="llama-3.1-70b")
    assert page.list.item(0).text().splitlines()[0] == first["name"]
    choose_model(page.fields["model"], "llama-3.1-8b")
    assert first["name"] == serve.format(m="llama-3.1-8b")
    assert page.name_edit.text() == first["name"]
    assert page.list.item(0).text().splitlines()[0] == first["name"]
    # a target the user named keeps its name
    type_into(qtbot, page.name_edit, "Chat assistant")
    choose_model(page.fields["model"], "llama-3.1-70b")
    assert first["name"] == "Chat assistant" and first["spec"]["model"] == "llama-3.1-70b"
    page.add_actions["pretrain"].trigger()
    assert page.items[1]["name"] == pretrain.format(m="llama-3.1-8b")
    wiz.reject()


# -- a build without storage -----------------------------------------------------------------

STORAGE = {"de": ("kein Speicher", "Dieser Aufbau hat kein Speichersystem: ", "hat keine Storage-Netzwerkports",
                  "Modellgewichte, Checkpoints und Logs"),
           "en": ("no storage", "No storage system in this build: ", "has no storage-network ports",
                  "weights, checkpoints and logs")}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_build_without_storage_says_why_in_its_storage_cell(qtbot, tmp_path, monkeypatch, english_after, lang):
    from ui.design.wizard import COLUMNS

    none_text, lead, reason, with_text = STORAGE[lang]
    win = open_app(qtbot, tmp_path, monkeypatch, lang)
    wiz = new_from_workload(qtbot, win)
    choose_model(wiz.workloads_page.fields["model"], "llama-3.1-8b")
    wiz.next()
    wiz.next()
    page = wiz.builds_page
    qtbot.waitUntil(lambda: not page.busy, timeout=120_000)
    page.show_all.click()  # every candidate: some servers have no storage-network ports
    col = [k for k, _h, _f in COLUMNS].index("storage")
    assert not page.table.isColumnHidden(col)
    assert page.table.horizontalHeaderItem(col).text() == ("Speicher" if lang == "de" else "Storage")
    rows = {bool(row.get("storage")): r for r, row in enumerate(page.rows)}
    assert set(rows) == {True, False}, "the list has builds with and without storage"
    bare = page.table.item(rows[False], col)
    assert bare.text() == none_text
    assert bare.toolTip().startswith(lead) and reason in bare.toolTip(), bare.toolTip()
    stored = page.table.item(rows[True], col)
    assert stored.text().startswith("1 \u00d7 ") or "\u00d7" in stored.text()
    assert with_text in stored.toolTip()
    wiz.reject()


# -- plurals in the Workloads panel ----------------------------------------------------------

@pytest.mark.parametrize("lang", ["de", "en"])
def test_server_groups_count_their_servers_with_a_real_plural(qtbot, tmp_path, monkeypatch, english_after, lang):
    """The panel read "GPU-Server (1 servers)"."""
    win = open_app(qtbot, tmp_path, monkeypatch, lang)
    doc, panel = win.doc, win.panels["workloadsDock"]
    serve = doc.plan.workloads[0]
    panel.select_workload(serve.id)
    cat = doc.catalog
    servers = [p.id for p in doc.plan.index.placements.values() if cat.get("device-types", p.device).gpu_count > 0]
    for members in (servers[:1], servers[1:3]):
        doc.select([("placement", s) for s in members])
        qtbot.mouseClick(panel.group_button, Qt.MouseButton.LeftButton)
    one, two = doc.plan.groups[-2:]
    texts = [panel.groups_combo.itemText(i) for i in range(panel.groups_combo.count())]
    runs_on = [panel.group_combo.itemText(i) for i in range(panel.group_combo.count())]
    if lang == "de":
        want = [f"{one.name} (1 Server)", f"{two.name} (2 Server)"]
    else:
        want = [f"{one.name} (1 server)", f"{two.name} (2 servers)"]
    assert texts[-2:] == want
    assert runs_on[-2:] == want  # the "Runs on" choice of the workload's form too


# -- a part included in another's price ------------------------------------------------------

@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_inspector_says_a_part_is_included_in_anothers_price(qtbot, tmp_path, monkeypatch, english_after, lang):
    """A GB200 NVL72 rack's power shelves are sold inside the compute trays' price (catalog
    price basis "included"): the Inspector read "0 USD each"."""
    win = open_app(qtbot, tmp_path, monkeypatch, lang, example="gb200-nvl72")
    doc = win.doc
    shelf = next(p for p, _ in doc.plan.index.iter_placements() if p.device == "nvidia-gb200-power-shelf")
    line = next(b for b in doc.results.bom if b.slug == "nvidia-gb200-power-shelf")
    assert line.basis == "included" and line.unit_price == 0
    doc.select([("placement", shelf.id)])
    text = win.inspector.price_label.text()
    tray = doc.catalog.entry_name("device-types", "nvidia-gb200-nvl72-compute-tray")
    from ui.units import fnum

    qty = fnum(line.quantity, ",")
    if lang == "de":
        assert text == f"Im Preis von {tray} inbegriffen, {qty} im Plan"
    else:
        assert text == f"Included in the price of {tray}, {qty} in the plan"
    assert "0 USD" not in text and "0 $" not in text
