"""File > Export Build Plan (PDF)... in the real main window: the export runs in a pool
thread, reports back on the GUI thread, can be cancelled (nothing written, the old
file kept) and shows failures in a dialog."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QPushButton

from planner.catalog import load_catalog
from planner.files.documents import load_plan
from ui import dialogs
from ui.exports import export

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


def test_export_runs_off_the_gui_thread_and_reports_back(qtbot, tmp_path, monkeypatch, catalog, errors):
    target = tmp_path / "pod.pdf"
    asked: list[str] = []
    monkeypatch.setattr(export, "ask_pdf_path", lambda parent, suggested: asked.append(suggested) or str(target))
    win = make_window(qtbot, tmp_path, catalog)
    assert win.act_export_pdf in win.menuBar().actions()[0].menu().actions()
    with qtbot.waitSignal(win.exporter.finished, timeout=60_000) as blocker:
        win.act_export_pdf.trigger()
        dlg = win.exporter.options_dialog  # the options come first, then the file dialog
        assert dlg is not None and dlg.isVisible() and not asked
        qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
        assert win.exporter.busy
    summary = blocker.args[0]
    assert asked and asked[0].endswith(".pdf")
    assert summary.path == target and summary.pages >= 8
    assert target.read_bytes().startswith(b"%PDF-")
    job_thread = win.exporter.last_thread_id
    assert job_thread is not None and job_thread != threading.get_ident()
    assert not win.exporter.busy and win.exporter.dialog is None
    assert str(target) in win.statusBar().currentMessage()
    assert not errors


def test_cancel_writes_nothing_and_keeps_the_old_file(qtbot, tmp_path, monkeypatch, catalog, errors):
    target = tmp_path / "pod.pdf"
    target.write_bytes(b"the previous export")
    win = make_window(qtbot, tmp_path, catalog)
    with qtbot.waitSignal(win.exporter.cancelled, timeout=60_000):
        assert win.exporter.export(str(target))
        from PySide6.QtWidgets import QPushButton

        button = win.exporter.dialog.findChild(QPushButton)
        assert button is not None and button.text() == "Cancel"
        button.click()  # the dialog's Cancel button
    assert target.read_bytes() == b"the previous export"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".ini") == ["pod.pdf"]
    assert "cancelled" in win.statusBar().currentMessage()
    assert not errors


def test_failure_is_shown_in_a_dialog(qtbot, tmp_path, catalog, errors):
    win = make_window(qtbot, tmp_path, catalog)
    target = tmp_path / "missing-folder" / "pod.pdf"
    with qtbot.waitSignal(win.exporter.failed, timeout=60_000):
        assert win.exporter.export(str(target))
    assert errors and errors[0][0] == "Cannot export build plan" and "pod.pdf" in errors[0][1]
    assert not target.exists()
    assert not win.exporter.busy


def test_edits_after_start_do_not_reach_the_running_export(qtbot, tmp_path, catalog, errors):
    from planner.model.edits import SetProperty

    target = tmp_path / "pod.pdf"
    win = make_window(qtbot, tmp_path, catalog)
    with qtbot.waitSignal(win.exporter.finished, timeout=60_000):
        assert win.exporter.export(str(target))
        assert win.doc.push(SetProperty("rack", "rack-1", "name", "RENAMED-AFTER"))
    assert b"%PDF-" == target.read_bytes()[:5]
    import shutil
    import subprocess

    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(target), "-"], capture_output=True, check=True).stdout.decode()
        assert "RENAMED-AFTER" not in text and "R01" in text


def pdf_pages_text(path: Path) -> list[str]:
    import subprocess

    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True).stdout
    return out.decode("utf-8", "replace").split("\f")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
def test_options_dialog_chooses_sections_and_paper_and_remembers(qtbot, tmp_path, monkeypatch, catalog, errors):
    """Untick two sections and pick US Letter in the dialog: the PDF has only the ticked
    sections (in its contents too) on Letter paper, and the next export offers the same."""
    from PySide6.QtWidgets import QCheckBox, QComboBox

    target = tmp_path / "chosen.pdf"
    monkeypatch.setattr(export, "ask_pdf_path", lambda parent, suggested: str(target))
    win = make_window(qtbot, tmp_path, catalog)
    assert win.exporter.export()
    dlg = win.exporter.options_dialog
    qtbot.waitExposed(dlg)
    boxes = {k: dlg.findChild(QCheckBox, f"section_{k}") for k in ("cover", "racks", "bom", "cables", "findings")}
    assert all(b is not None and b.isChecked() for b in boxes.values())  # all sections by default
    assert not dlg.findChild(QCheckBox, "section_labels").isChecked()  # but labels, for label stock
    for key in ("bom", "cables"):
        qtbot.mouseClick(boxes[key], Qt.MouseButton.LeftButton, pos=QPoint(8, boxes[key].height() // 2))
        assert not boxes[key].isChecked()
    combo = dlg.findChild(QComboBox, "pageSizeCombo")
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # A4 -> US Letter
    assert combo.currentData() == "letter"
    assert "Metric" in dlg.units_label.text()
    with qtbot.waitSignal(win.exporter.finished, timeout=60_000) as blocker:
        qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    summary = blocker.args[0]
    assert summary.sections == ("cover", "requirements", "floor", "racks", "power", "cooling", "energy", "rent",
                                "phases", "pull", "findings")
    assert "Internal checklist" not in "\n".join(pdf_pages_text(target))  # not in the customer's PDF by default
    data = target.read_bytes()
    assert b"/MediaBox [ 0 0 792 612 ]" in data  # US Letter landscape
    pages = pdf_pages_text(target)
    text = "\n".join(pages)
    assert "Bill of materials" not in text and "Cable schedule" not in text and "From rack" not in text
    contents = pages[1]
    assert "Contents" in contents and "Power" in contents and "Findings and workloads" in contents
    assert "Bill of materials" not in contents
    # the choice is remembered: the next dialog starts from it, and Cancel exports nothing
    assert win.settings.report_sections == summary.sections and win.settings.report_page_size == "letter"
    assert win.exporter.export()
    again = win.exporter.options_dialog
    assert not again.findChild(QCheckBox, "section_bom").isChecked()
    assert again.findChild(QCheckBox, "section_power").isChecked()
    assert again.findChild(QComboBox, "pageSizeCombo").currentData() == "letter"
    # no section at all: the dialog does not let the user go on
    qtbot.mouseClick(again.findChild(QPushButton, "sectionsNone"), Qt.MouseButton.LeftButton)
    assert not again.ok_button.isEnabled() and again.hint.text()
    again.reject()
    qtbot.waitUntil(lambda: win.exporter.options_dialog is None)
    assert not win.exporter.busy and not errors


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
def test_internal_checklist_is_appended_only_when_ticked_and_not_remembered(qtbot, tmp_path, monkeypatch, catalog,
                                                                             errors):
    """The export dialog's "Append the internal checklist" is off by default; ticked, the
    PDF ends with the checklist (the plan's internal notes in it); the next dialog starts
    with it off again, so the next customer PDF does not carry it by accident."""
    from PySide6.QtWidgets import QCheckBox

    target = tmp_path / "with-checklist.pdf"
    monkeypatch.setattr(export, "ask_pdf_path", lambda parent, suggested: str(target))
    win = make_window(qtbot, tmp_path, catalog)
    win.doc.plan.metadata.internal_notes = "Price the NICs before the customer sees this"
    assert win.exporter.export()
    dlg = win.exporter.options_dialog
    qtbot.waitExposed(dlg)
    box = dlg.findChild(QCheckBox, "checklistCheck")
    assert box is not None and not box.isChecked()
    for key, cb in dlg.section_boxes.items():  # the cover alone, and the checklist
        if cb.isChecked() != (key == "cover"):
            qtbot.mouseClick(cb, Qt.MouseButton.LeftButton, pos=QPoint(8, cb.height() // 2))
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    assert box.isChecked()
    with qtbot.waitSignal(win.exporter.finished, timeout=60_000) as blocker:
        qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert blocker.args[0].sections == ("cover", "checklist")
    pages = [p for p in pdf_pages_text(target) if p.strip()]
    assert "Internal checklist" in pages[-1] and "Price the NICs before the customer sees this" in pages[-1]
    assert "Price the NICs" not in pages[0]
    assert win.exporter.export()
    again = win.exporter.options_dialog
    assert not again.findChild(QCheckBox, "checklistCheck").isChecked()
    again.reject()
    qtbot.waitUntil(lambda: win.exporter.options_dialog is None)
    assert not errors


def test_remembered_export_choices_survive_bad_values(tmp_path):
    """What the settings file holds is checked: unknown sections are dropped, the order is
    the document's, an unknown paper falls back to A4; nothing stored means everything."""
    from planner.reports import DEFAULT_SECTIONS, SECTIONS
    from ui.settings import AppSettings

    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    s = AppSettings(store)
    assert s.report_sections == DEFAULT_SECTIONS and s.report_page_size == "a4" and s.report_toc is True
    store.setValue("report/sections", "findings,nonsense,cover")
    store.setValue("report/page_size", "a3")
    store.setValue("report/toc", "false")
    # a choice saved before the Rent or own section existed gets it added (nobody unticked it)
    # (and the pull list, the requirements, energy efficiency and growth phases, added since)
    assert s.report_sections == ("cover", "requirements", "energy", "rent", "phases", "pull", "findings")
    store.setValue("report/sections_known", ",".join(SECTIONS))
    assert s.report_sections == ("cover", "findings")
    assert s.report_page_size == "a4" and s.report_toc is False
    s.report_sections = ("power",)
    s.report_page_size = "letter"
    store.sync()
    again = AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert again.report_sections == ("power",) and again.report_page_size == "letter"


def test_a_long_build_name_in_the_comparison_list_wraps_instead_of_running_out(qtbot):
    """Issue 32 walk-through: the wizard's export options listed "B: Build 2: 1 x Nvidia DGX H100,
    rear-door heat exchan" cut off, with a horizontal scroll bar under one line."""
    from ui.dialogs.export_options import ExportOptionsDialog

    name = "Build 2: 1 x Nvidia DGX H100, rear-door heat exchanger"
    dlg = ExportOptionsDialog(None, None, compared=[name])
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    lst = dlg.compare_list
    lst.doItemsLayout()
    item = lst.item(0)
    assert item.text() == f"B: {name}" and item.toolTip() == name
    rect = lst.visualItemRect(item)
    assert rect.width() <= lst.viewport().width()  # within the list: wrapped, nothing under a scroll bar
    assert rect.height() > lst.fontMetrics().height() * 1.5  # on more than one line
    assert lst.horizontalScrollBar().maximum() == 0
