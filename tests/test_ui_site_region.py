"""The site region chosen in Plan Settings like a user would (the combo box by keyboard, OK),
one undo step, and what follows from it: a new feed of an EU plan is 400 V at its rating."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox

from planner.catalog import load_catalog
from planner.gestures.power_edits import add_feed_edit
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
    win.show()
    win.doc.recompute(background=False)
    return win


def open_settings(win):
    for a in win.menuBar().actions():
        if a.text() == "&Plan":
            for b in a.menu().actions():
                if b.text() == "Plan &Settings\u2026":
                    b.trigger()
    dlg = win.plan_settings_dialog
    assert dlg is not None and dlg.isVisible()
    return dlg


def test_region_chosen_in_plan_settings_sets_the_plan_and_new_feeds(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    assert doc.plan.metadata.site_region == "na"  # RACKWRIGHT_REGION=na in the tests (conftest)
    depth = doc.undo_stack.count()
    dlg = open_settings(win)
    combo = dlg.findChild(QComboBox, "siteRegion")
    assert combo is dlg.region and combo.currentData() == "na"
    assert [combo.itemData(i) for i in range(combo.count())] == ["eu", "na"]
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Up)  # Europe is listed first
    assert combo.currentData() == "eu" and combo.currentText().startswith("Europe")
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    doc.flush()
    assert not dlg.isVisible()
    assert doc.plan.metadata.site_region == "eu"
    assert doc.undo_stack.count() == depth + 1
    feed = add_feed_edit(doc.plan).item
    assert (feed.voltage_v, feed.phases, feed.continuous_derating) == (400.0, 3, 1.0)

    # opened again, the dialog shows the plan's region; undo brings North America back
    dlg = open_settings(win)
    assert dlg.region.currentData() == "eu"
    dlg.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    doc.undo_stack.undo()
    doc.flush()
    assert doc.plan.metadata.site_region == "na"
    feed = add_feed_edit(doc.plan).item
    assert (feed.voltage_v, feed.continuous_derating) == (415.0, None)
