"""Where the file dialogs open (issues 25 and 31): Save As of a new plan proposes the plan's
name in the user's documents folder (not ``plan.json`` in the program's working folder),
and after a save, an open or an export the folder last used; the PDF export of an unsaved
plan does the same. The dialogs themselves are replaced (a test cannot click a native file
dialog); what is checked is the path the app hands them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths, Qt

from tests.fixtures.ui_app.support import make_window

pytestmark = pytest.mark.gui


@pytest.fixture
def documents(tmp_path, monkeypatch):
    """A documents folder of the test's own, and a working folder that is not it."""
    docs = tmp_path / "Dokumente"
    docs.mkdir()
    real = QStandardPaths.writableLocation

    def writable(loc):
        return str(docs) if loc == QStandardPaths.StandardLocation.DocumentsLocation else real(loc)

    monkeypatch.setattr(QStandardPaths, "writableLocation", staticmethod(writable))
    work = tmp_path / "program"
    work.mkdir()
    monkeypatch.chdir(work)
    return docs


def test_save_as_proposes_the_plan_name_in_documents_then_the_last_folder(qtbot, tmp_path, monkeypatch, documents):
    from ui import dialogs

    asked: list[str] = []
    chosen = tmp_path / "kunde" / "Angebot A.json"
    chosen.parent.mkdir()
    monkeypatch.setattr(dialogs, "ask_save_path", lambda parent, suggested="": asked.append(suggested) or str(chosen))
    win = make_window(qtbot, tmp_path)
    win.doc.plan.metadata.project = "Pilot: Müller/KI"
    win.act_save_as.trigger()
    qtbot.waitUntil(lambda: chosen.exists(), timeout=20_000)
    assert Path(asked[0]) == documents / "Pilot_ Müller_KI.json"
    assert Path(os.getcwd()) not in Path(asked[0]).parents

    # a second window (a new plan, no file yet) starts where the user saved last
    from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win2 = MainWindow(Document(two_rack_plan(), fixture_catalog(), None), settings)
    qtbot.addWidget(win2, before_close_func=lambda w: w.doc.mark_saved(w.doc.path))
    win2.doc.plan.metadata.project = ""
    win2.act_save_as.trigger()
    qtbot.waitUntil(lambda: len(asked) == 2, timeout=5_000)
    assert Path(asked[1]) == chosen.parent / "plan.json"


def test_the_pdf_export_of_an_unsaved_plan_proposes_the_documents_folder(qtbot, tmp_path, monkeypatch, documents):
    from ui.exports import export

    asked: list[str] = []
    monkeypatch.setattr(export, "ask_pdf_path", lambda parent, suggested: asked.append(suggested) or None)
    win = make_window(qtbot, tmp_path)
    win.doc.plan.metadata.project = "Pilot"
    win.act_export_pdf.trigger()
    dlg = win.exporter.options_dialog
    qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(asked), timeout=5_000)
    assert Path(asked[0]) == documents / "Pilot.pdf"
