"""A fabric's own properties in the Inspector (the issue #11 rebuild found no way to rename
a fabric auto-wire made or correct its oversubscription target): reached from the Fabric
dock's Properties button, edited in real fields, one undo step per field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from planner.catalog import load_catalog
from planner.files.documents import load_plan

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


def test_fabric_properties_are_edited_in_the_inspector_and_undo(qtbot, tmp_path):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    path = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, path)
    catalog = load_catalog()
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(load_plan(path), catalog, None)
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.show()
    qtbot.waitExposed(win)
    doc.recompute(background=False)
    fv = win.fabric_view
    fv.set_fabric("fab-mgmt")
    qtbot.mouseClick(fv.properties, Qt.MouseButton.LeftButton)
    assert doc.selection == (("fabric", "fab-mgmt"),)
    name = win.inspector.fields["name"]
    name.selectAll()
    qtbot.keyClicks(name, "Management (BMC, 1 GbE)")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert next(f for f in doc.plan.fabrics if f.id == "fab-mgmt").name == "Management (BMC, 1 GbE)"
    over = win.inspector.fields["oversubscription"]
    over.lineEdit().selectAll()
    qtbot.keyClicks(over.lineEdit(), "3")
    qtbot.keyClick(over.lineEdit(), Qt.Key.Key_Return)
    assert next(f for f in doc.plan.fabrics if f.id == "fab-mgmt").oversubscription == 3.0
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    fab = next(f for f in doc.plan.fabrics if f.id == "fab-mgmt")
    assert (fab.name, fab.oversubscription) == ("Management (1 GbE)", 5.0)
