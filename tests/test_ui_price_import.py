"""File > Import Price List... in the real main window: the list is read off the GUI thread, the
result dialog lists matched, unmatched and unreadable rows with their lines, and the capex the
engine shows uses the imported prices; an unreadable file is a dialog and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from planner.catalog import load_catalog
from planner.files.documents import load_plan
from ui import dialogs

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"
XE = "dell-poweredge-xe9680"


@pytest.fixture()
def user(tmp_path, monkeypatch) -> Path:
    d = tmp_path / "user-catalog"
    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(d))
    return d


@pytest.fixture()
def errors(monkeypatch):
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text, details="": seen.append((title, text)))
    return seen


def make_window(qtbot, tmp_path):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(load_plan(EXAMPLE), load_catalog(), None)
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.show()
    doc.recompute(background=False)
    return win


def import_action(win):
    file_menu = win.menuBar().actions()[0].menu()
    return next(a for a in file_menu.actions() if a.objectName() == "actImportPrices")


def bom_price(win, slug):
    return next(b.unit_price for b in win.doc.results.bom if b.slug == slug)


def test_import_from_the_file_menu_updates_capex_and_reports_rows(qtbot, tmp_path, monkeypatch, user, errors):
    win = make_window(qtbot, tmp_path)
    before_capex = win.doc.results.totals.capex
    before_xe = bom_price(win, XE)
    qty = next(b.quantity for b in win.doc.results.bom if b.slug == XE)
    lst = tmp_path / "Distributor Nov.csv"
    lst.write_text("Hersteller;Modell;Preis;Währung;Datum\n"
                   f"Dell;PowerEdge XE9680 (8x H100 SXM5 80GB);{before_xe - 25000:.0f},00;USD;01.11.2026\n"
                   "Acme;Flux Capacitor;1.000,00;USD;01.11.2026\n"
                   "DDN;AI400X2;viel;USD;01.11.2026\n", encoding="utf-8")
    asked: list[bool] = []
    monkeypatch.setattr(dialogs, "ask_price_list_path", lambda parent, directory="": asked.append(True) or str(lst))
    with qtbot.waitSignal(win.price_importer.finished, timeout=30_000):
        import_action(win).trigger()
    assert asked == [True]
    qtbot.waitUntil(lambda: win.doc.results is not None and not win.doc._busy, timeout=30_000)
    assert bom_price(win, XE) == before_xe - 25000
    assert win.doc.results.totals.capex == pytest.approx(before_capex - 25000 * qty)
    assert win.doc.catalog.device(XE).price.source.startswith("Distributor Nov.csv line 2")
    assert (user / "prices" / "distributor-nov.yaml").is_file()

    dlg = win.price_importer.dialog
    assert dlg is not None and dlg.isVisible()
    assert "3 rows read: 1 matched, 1 not matched, 1 could not be read" in dlg.summary.text()
    assert dlg.rows(dlg.matched) == [["2", f"device-types/{XE}", f"{before_xe - 25000:,.2f}", "USD", "2026-11-01",
                                      "'Dell' / 'PowerEdge XE9680 (8x H100 SXM5 80GB)'"]]
    assert dlg.rows(dlg.unmatched)[0][:2] == ["3", "'Acme' / 'Flux Capacitor'"]
    assert dlg.rows(dlg.bad) == [["4", "price", "not a number ('viel')"]]
    assert dlg.tabs.currentWidget() is dlg.bad  # opens where there is something to fix
    assert errors == []


def test_unreadable_list_shows_an_error_and_changes_nothing(qtbot, tmp_path, monkeypatch, user, errors):
    win = make_window(qtbot, tmp_path)
    catalog = win.doc.catalog
    capex = win.doc.results.totals.capex
    bad = tmp_path / "prices.csv"
    bad.write_bytes("Modell;Preis;Währung;Datum\nX;1;EUR;2026-11\n".encode("cp1252"))
    monkeypatch.setattr(dialogs, "ask_price_list_path", lambda parent, directory="": str(bad))
    with qtbot.waitSignal(win.price_importer.finished, timeout=30_000):
        import_action(win).trigger()
    assert len(errors) == 1 and "prices.csv: line 1: not UTF-8" in errors[0][1]
    assert win.doc.catalog is catalog and win.doc.results.totals.capex == capex
    assert win.price_importer.dialog is None
    assert not (user / "prices").exists()


def test_cancelled_file_dialog_does_nothing(qtbot, tmp_path, monkeypatch, user, errors):
    win = make_window(qtbot, tmp_path)
    monkeypatch.setattr(dialogs, "ask_price_list_path", lambda parent, directory="": None)
    import_action(win).trigger()
    assert not win.price_importer.task.running and win.price_importer.dialog is None
    assert errors == []
