"""File > Export Workbook (Excel)... and File > Export Tables (CSV)... in the real main
window: found in the File menu, run off the GUI thread, write what `rackwright export`
writes, can be cancelled (nothing written) and show failures in a dialog."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from openpyxl import load_workbook
from PySide6.QtCore import QSettings, Qt

from planner.catalog import load_catalog
from planner.files.documents import load_plan
from ui import dialogs
from ui.exports import export_tables

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture()
def errors(monkeypatch):
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text, details="": seen.append((title, text)))
    monkeypatch.setattr(dialogs, "show_info", lambda parent, title, text: seen.append((title, text)))
    return seen


def make_window(qtbot, tmp_path, catalog):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(load_plan(EXAMPLE), catalog, None)
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.show()
    doc.recompute(background=False)
    return win


def file_action(win, text: str):
    menu = win.menuBar().actions()[0].menu()
    found = [a for a in menu.actions() if text in a.text().replace("&", "")]
    assert len(found) == 1, [a.text() for a in menu.actions()]
    return found[0]


def test_file_export_workbook_writes_the_engines_bom(qtbot, tmp_path, monkeypatch, catalog, errors):
    target = tmp_path / "pod.xlsx"
    asked: list[str] = []
    monkeypatch.setattr(export_tables, "ask_xlsx_path", lambda parent, suggested: asked.append(suggested)
                        or str(target))
    win = make_window(qtbot, tmp_path, catalog)
    action = file_action(win, "Export Workbook (Excel)")
    with qtbot.waitSignal(win.table_exporter.finished, timeout=60_000) as blocker:
        action.trigger()
        assert win.table_exporter.busy
    assert blocker.args[0] == [target]
    assert asked and asked[0].endswith(".xlsx")
    assert win.table_exporter.last_thread_id not in (None, threading.get_ident())
    wb = load_workbook(target)
    assert wb.sheetnames == ["BOM", "Cables", "Racks", "Power sources", "Power feeds", "PDUs", "Cooling loops", "Workloads",
                             "Rent or own", "Findings"]
    ws = wb["BOM"]
    assert ws.freeze_panes == "A2"
    bom = win.doc.results.bom
    slugs = [ws.cell(i, 5).value for i in range(2, len(bom) + 2)]
    assert slugs == [b.slug for b in bom]
    assert [ws.cell(i, 6).value for i in range(2, len(bom) + 2)] == [b.quantity for b in bom]
    assert str(target) in win.statusBar().currentMessage()
    assert not errors and not win.table_exporter.busy


def test_file_export_csv_for_german_excel(qtbot, tmp_path, monkeypatch, catalog, errors):
    folder = tmp_path / "tables"
    monkeypatch.setattr(export_tables, "ask_csv_folder", lambda parent, suggested: str(folder))
    win = make_window(qtbot, tmp_path, catalog)
    with qtbot.waitSignal(win.table_exporter.finished, timeout=60_000) as blocker:
        file_action(win, "Export Tables (CSV)").trigger()
        dlg = win.table_exporter.options_dialog
        assert dlg is not None and dlg.isVisible()
        combo = dlg.dialect
        combo.setCurrentIndex(combo.findData("de"))
        qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    paths = blocker.args[0]
    assert {p.name for p in paths} == {"bom.csv", "cables.csv", "racks.csv", "power-sources.csv", "power-feeds.csv",
                                       "pdus.csv", "cooling-loops.csv", "workloads.csv", "rent-or-own.csv",
                                       "findings.csv"}
    text = (folder / "racks.csv").read_text("utf-8-sig")
    header, first = text.splitlines()[:2]
    assert header.startswith("Room;Row;Position;")
    typical = first.split(";")[header.split(";").index("Typical kW")]
    assert "," in typical and "." not in typical
    assert win.settings.csv_locale == "de"  # remembered for next time
    assert not errors


def test_cancel_writes_nothing(qtbot, tmp_path, catalog, errors):
    target = tmp_path / "pod.xlsx"
    target.write_bytes(b"the previous export")
    win = make_window(qtbot, tmp_path, catalog)
    with qtbot.waitSignal(win.table_exporter.cancelled, timeout=60_000):
        assert win.table_exporter.export_xlsx(str(target))
        from PySide6.QtWidgets import QPushButton

        button = win.table_exporter.dialog.findChild(QPushButton)
        assert button is not None and button.text() == "Cancel"
        button.click()  # the progress dialog's Cancel button
    assert target.read_bytes() == b"the previous export"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".ini") == ["pod.xlsx"]
    assert "cancelled" in win.statusBar().currentMessage()
    assert not errors


def test_edits_after_start_do_not_reach_the_running_export(qtbot, tmp_path, catalog, errors):
    from planner.model.edits import SetProperty

    target = tmp_path / "pod.xlsx"
    win = make_window(qtbot, tmp_path, catalog)
    before = next(win.doc.plan.racks()).name
    with qtbot.waitSignal(win.table_exporter.finished, timeout=60_000):
        assert win.table_exporter.export_xlsx(str(target))
        assert win.doc.push(SetProperty("rack", "rack-1", "name", "RENAMED-AFTER"))
    names = {c.value for c in load_workbook(target)["Racks"]["F"]}
    assert before in names and "RENAMED-AFTER" not in names


def test_a_failed_export_shows_an_error(qtbot, tmp_path, catalog, errors):
    win = make_window(qtbot, tmp_path, catalog)
    blocked = tmp_path / "file"
    blocked.write_text("a file, not a folder")
    with qtbot.waitSignal(win.table_exporter.failed, timeout=60_000):
        assert win.table_exporter.export_xlsx(str(blocked / "pod.xlsx"))  # its folder is a file
    assert errors and errors[0][0] == "Cannot export tables"
    assert not win.table_exporter.busy


def test_csv_dialog_defaults_to_german_excel_in_the_german_app(qtbot, monkeypatch):
    from PySide6.QtCore import QLocale

    from ui import i18n
    from ui.dialogs.table_export import CsvOptionsDialog

    monkeypatch.setattr(i18n, "_current", "de")
    dlg = CsvOptionsDialog(None)
    qtbot.addWidget(dlg)
    assert dlg.csv_locale() == "de"
    monkeypatch.setattr(i18n, "_current", "en")
    dlg = CsvOptionsDialog(None)
    qtbot.addWidget(dlg)
    assert dlg.csv_locale() == ("de" if QLocale.system().decimalPoint() == "," else "en")
