"""Plan Settings, naming and Rename Selection driven like a user: menus found from the menu
bar, the dialogs' real fields, catalog drops (real QDropEvent), undo. Money figures come
from the engine's results; the expectation is made from the shipped catalog's prices."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QLineEdit

from planner.catalog import load_catalog
from ui.shell.controllers import new_plan

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def shipped():
    return load_catalog()


def window(qtbot, tmp_path, catalog):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(Document(new_plan(catalog), catalog, None), settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.resize(1400, 900)
    win.show()
    win.doc.recompute(background=False)
    return win


def menu_action(win, menu: str, text: str):
    for a in win.menuBar().actions():
        if a.text() == menu:
            for b in a.menu().actions():
                if b.text() == text:
                    return b
    raise AssertionError(f"no {text!r} in {menu!r}")


def drop(win, slug: str, rack_id: str, u: int) -> str:
    view = win.rack_view.view
    before = set(win.doc.plan.index.placements)
    pos = QPointF(view.viewport_point(rack_id, "front", u))
    mime = win.catalog_panel.mime_for(slug)  # held: the event does not keep it alive
    ev = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    view.dropEvent(ev)
    assert ev.isAccepted(), win.doc.last_refusal
    win.doc.flush()
    (new,) = set(win.doc.plan.index.placements) - before
    return new


def type_into(qtbot, w: QLineEdit, text: str) -> None:
    w.selectAll()
    qtbot.keyClicks(w, text)


def catalog_price(cat, table: str, slug: str) -> float:
    item = cat.get(table, slug)
    price = getattr(item, "price", None) or item.planning.price
    assert price.currency == "USD"
    return price.amount


def open_settings(win):
    menu_action(win, "&Plan", "Plan &Settings\u2026").trigger()
    dlg = win.plan_settings_dialog
    assert dlg is not None and dlg.isVisible()
    return dlg


def test_currency_rate_naming_through_the_dialog_and_undo(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    rack = doc.plan.rack("rack-1")
    first = drop(win, "dell-poweredge-xe9680", "rack-1", 10)
    # no pattern yet: a readable default, never the id
    assert doc.plan.placement(first).name == "XE9680-01"
    usd = catalog_price(shipped, "rack-types", rack.rack_type) + catalog_price(
        shipped, "device-types", "dell-poweredge-xe9680")
    assert doc.results.totals.currency == "USD" and doc.results.totals.capex == pytest.approx(usd)
    depth = doc.undo_stack.count()

    dlg = open_settings(win)
    type_into(qtbot, dlg.currency.lineEdit(), "EUR")
    qtbot.mouseClick(dlg.add_rate_button, Qt.MouseButton.LeftButton)
    row = dlg.rates.rowCount() - 1
    dlg.rates.item(row, 0).setText("USD")
    dlg.rates.item(row, 1).setText("0.92")
    type_into(qtbot, dlg.rates_date, "2026-11-30")
    type_into(qtbot, dlg.naming["server"], "gpu{n:02}")
    assert dlg.naming_preview["server"].toolTip().startswith("\u2192 gpu01, gpu02")
    type_into(qtbot, dlg.site, "Frankfurt DC2")
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert not dlg.isVisible()
    doc.flush()
    assert doc.undo_stack.count() == depth + 1  # everything in one undo step
    t = doc.results.totals
    assert t.currency == "EUR" and t.capex_complete
    assert t.capex == pytest.approx(usd * 0.92)
    value, _detail, _bar = win.panels["totalsDock"].rows["capex"]
    from ui.panels.totals import fmt_money

    assert value.text() == fmt_money(usd * 0.92, "EUR")
    assert doc.plan.site.name == "Frankfurt DC2"

    # the pattern names the next drop
    second = drop(win, "dell-poweredge-xe9680", "rack-1", 20)
    assert doc.plan.placement(second).name == "gpu01"

    doc.undo_stack.undo()  # the drop
    doc.undo_stack.undo()  # the settings
    doc.flush()
    assert doc.plan.metadata.currency == "USD" and doc.plan.metadata.naming == {}
    assert doc.plan.site.name == "Site"
    assert doc.results.totals.capex == pytest.approx(usd)


def test_bad_settings_are_shown_inline_and_nothing_is_applied(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    depth = doc.undo_stack.count()
    dlg = open_settings(win)
    type_into(qtbot, dlg.project, "Changed too")
    type_into(qtbot, dlg.currency.lineEdit(), "EU")
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dlg.isVisible() and dlg.error.isVisible() and "Currency" in dlg.error.text()
    assert doc.undo_stack.count() == depth and doc.plan.metadata.project == ""
    # a bad pattern: the Names tab comes up with the field named
    type_into(qtbot, dlg.currency.lineEdit(), "USD")
    type_into(qtbot, dlg.naming["rack"], "R{row}")
    assert dlg.naming_preview["rack"].text() == "invalid"
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert "Name pattern for racks" in dlg.error.text()
    assert dlg.tabs.tabText(dlg.tabs.currentIndex()) == "Names"
    qtbot.mouseClick(dlg.add_rate_button, Qt.MouseButton.LeftButton)
    dlg.rates.item(dlg.rates.rowCount() - 1, 0).setText("GBP")
    dlg.rates.item(dlg.rates.rowCount() - 1, 1).setText("-2")
    dlg.naming["rack"].clear()
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert "Exchange rate for GBP" in dlg.error.text()
    assert doc.undo_stack.count() == depth
    dlg.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert doc.plan.metadata.project == "" and doc.plan.metadata.exchange_rates == {}


def test_rename_selection_previews_renames_in_order_and_undoes(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    a = drop(win, "dell-poweredge-xe9680", "rack-1", 10)
    b = drop(win, "dell-poweredge-xe9680", "rack-1", 20)
    act = menu_action(win, "&Edit", "Re&name Selection\u2026")
    doc.select([("placement", b), ("placement", a)])  # b first: it gets n = 1
    assert act.isEnabled()
    depth = doc.undo_stack.count()
    act.trigger()
    dlg = win.rename_dialog
    type_into(qtbot, dlg.pattern, "{rack}-gpu{n:02}")
    rack = doc.plan.rack("rack-1").name  # File > New names its first rack after its row (A01)
    assert [dlg.preview.item(r, 1).text() for r in range(dlg.preview.rowCount())] == [f"{rack}-gpu01", f"{rack}-gpu02"]
    assert dlg.preview.item(0, 0).text() == "XE9680-02"
    type_into(qtbot, dlg.pattern, "same")  # two items, no {n}: refused with the reason, OK off
    assert "needs {n}" in dlg.error.text()
    assert not dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    type_into(qtbot, dlg.pattern, "{rack}-gpu{n:02}")
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    doc.flush()
    assert (doc.plan.placement(b).name, doc.plan.placement(a).name) == (f"{rack}-gpu01", f"{rack}-gpu02")
    assert doc.undo_stack.count() == depth + 1
    doc.undo_stack.undo()
    assert (doc.plan.placement(a).name, doc.plan.placement(b).name) == ("XE9680-01", "XE9680-02")


def test_inspector_edits_asset_tag_and_serial(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    pid = drop(win, "dell-poweredge-xe9680", "rack-1", 10)
    doc.select([("placement", pid)])
    for field, text in (("asset_tag", "ACME-000123"), ("serial", "SN 9XK2")):
        w = win.inspector.fields[field]
        type_into(qtbot, w, text)
        QTest.keyClick(w, Qt.Key.Key_Return)
        assert getattr(doc.plan.placement(pid), field) == text
    doc.undo_stack.undo()
    assert doc.plan.placement(pid).serial == "" and doc.plan.placement(pid).asset_tag == "ACME-000123"
    # the plan summary shows the site and the money settings (nothing selected)
    doc.select([])
    site = win.inspector.fields["name"]
    assert site.text() == "Site"
    type_into(qtbot, site, "Hall West")
    QTest.keyClick(site, Qt.Key.Key_Return)
    assert doc.plan.site.name == "Hall West"
    money = win.inspector.findChild(QLabel, "planMoney")
    assert money is not None and money.text().startswith("USD")


def test_ok_without_changes_adds_no_undo_step_even_for_values_finer_than_the_fields(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    md = doc.plan.metadata
    md.pue, md.electricity_price_per_kwh, md.utilisation = 1.257, 0.12345, 0.8333333
    md.currency, md.exchange_rates = "EUR", {"USD": 1.0842567}
    depth = doc.undo_stack.count()
    dlg = open_settings(win)
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert not dlg.isVisible() and doc.undo_stack.count() == depth
    assert (md.pue, md.electricity_price_per_kwh, md.exchange_rates) == (1.257, 0.12345, {"USD": 1.0842567})


def test_cover_logo_chosen_in_plan_settings_is_embedded_saved_and_undone(qtbot, tmp_path, shipped, monkeypatch):
    """Plan Settings > General > Cover logo: Choose... embeds the image in the plan (one undo
    step), it survives save/load of JSON and .rackplan, and a bad file is refused inline."""
    import base64

    from PIL import Image

    from planner.files.documents import load_plan, save_plan
    from ui import dialogs

    png = tmp_path / "acme.png"
    Image.new("RGB", (120, 40), (200, 30, 30)).save(png)
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    depth = doc.undo_stack.count()
    dlg = open_settings(win)
    assert dlg.logo_name.text() == "none" and not dlg.logo_remove.isEnabled()
    bad = tmp_path / "notes.txt"
    bad.write_text("not an image")
    monkeypatch.setattr(dialogs, "ask_logo_path", lambda parent, directory="": str(bad))
    qtbot.mouseClick(dlg.logo_choose, Qt.MouseButton.LeftButton)
    assert dlg.error.isVisible() and "not a PNG or JPEG" in dlg.error.text()
    monkeypatch.setattr(dialogs, "ask_logo_path", lambda parent, directory="": str(png))
    qtbot.mouseClick(dlg.logo_choose, Qt.MouseButton.LeftButton)
    assert "acme.png" in dlg.logo_name.text() and dlg.logo_remove.isEnabled()
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    doc.flush()
    assert doc.undo_stack.count() == depth + 1
    logo = doc.plan.metadata.logo
    assert logo is not None and logo.media_type == "image/png" and logo.name == "acme.png"
    assert base64.b64decode(logo.data) == png.read_bytes()
    for name in ("p.json", "p.rackplan"):
        save_plan(doc.plan, tmp_path / name, shipped)
        assert load_plan(tmp_path / name).metadata.logo == logo
    doc.undo_stack.undo()
    doc.flush()
    assert doc.plan.metadata.logo is None


def test_requirements_tab_and_german_dates_through_the_dialog(qtbot, tmp_path, shipped, monkeypatch):
    """In German: Plan > Planeinstellungen, the Anforderungen tab typed into (2.000.000 EUR,
    40 kW, DLC ticked, internal notes) and the rates' date as 28.11.2026: one undo step; the
    plan holds the ISO date, the next dialog shows 28.11.2026 and the typed requirements;
    a bad budget is named under the tabs with its tab brought up and nothing applied."""
    from PySide6.QtWidgets import QApplication

    from tests.i18n_walk import open_main
    from ui import i18n

    ts_dir = __import__("pathlib").Path(__file__).resolve().parent.parent / "resources" / "translations"
    try:
        win = open_main(tmp_path, "de", monkeypatch)
        qtbot.addWidget(win, before_close_func=lambda w: w.doc.mark_saved(w.doc.path))
        win.show()
        doc = win.doc
        depth = doc.undo_stack.count()
        menu_action(win, "&Plan", dlg_action_text(win)).trigger()
        dlg = win.plan_settings_dialog
        tabs = [dlg.tabs.tabText(i).replace("&", "") for i in range(dlg.tabs.count())]
        assert "Anforderungen" in tabs
        assert dlg.rates_date.placeholderText().endswith("28.11.2026")
        type_into(qtbot, dlg.rates_date, "28.11.2026")
        type_into(qtbot, dlg.req_budget, "zwei Millionen")
        dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
        assert dlg.isVisible() and "Budget" in dlg.error.text() and dlg.tabs.tabText(dlg.tabs.currentIndex()) \
            .replace("&", "") == "Anforderungen"
        assert doc.undo_stack.count() == depth
        type_into(qtbot, dlg.req_budget, "2.000.000")
        dlg.req_currency.setCurrentText("EUR")
        type_into(qtbot, dlg.req_rack_kw, "40")
        qtbot.mouseClick(dlg.req_cooling["dlc"], Qt.MouseButton.LeftButton)
        dlg.req_statement.setPlainText("500 Nutzer, Antworten in 2 s")
        dlg.internal_notes.setPlainText("NICs bepreisen")
        dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
        assert not dlg.isVisible()
        assert doc.undo_stack.count() == depth + 1
        md = doc.plan.metadata
        assert md.exchange_rates_date == "2026-11-28"
        r = md.requirements
        assert (r.budget, r.currency, r.max_rack_kw, r.cooling, r.statement) == (
            2_000_000, "EUR", 40, ["dlc"], "500 Nutzer, Antworten in 2 s")
        assert md.internal_notes == "NICs bepreisen"
        menu_action(win, "&Plan", dlg_action_text(win)).trigger()
        again = win.plan_settings_dialog
        assert again.rates_date.text() == "28.11.2026" and again.req_budget.text() == "2.000.000"
        assert again.req_cooling["dlc"].isChecked() and not again.req_cooling["air"].isChecked()
        again.reject()
        doc.undo_stack.undo()
        assert doc.plan.metadata.requirements is None and doc.plan.metadata.exchange_rates_date == ""
    finally:
        i18n.install(QApplication.instance(), "en", ts_dir)


def dlg_action_text(win) -> str:
    plan_menu = next(a.menu() for a in win.menuBar().actions() if a.menu() is not None and a.text() == "&Plan")
    return next(b.text() for b in plan_menu.actions() if b.text().replace("&", "").startswith("Planeinstellungen"))
