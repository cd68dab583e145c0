"""The workload wizard's site-power field (constraints.region) driven like a user: the combo
box by keyboard on the limits page, the search, Finish; the plan it opens is an EU plan on
EU PDUs and 400 V feeds."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from planner.catalog import load_catalog
from planner.files.documents import load_plan

pytestmark = pytest.mark.gui
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture
def window(qtbot, tmp_path, catalog):
    import shutil

    from PySide6.QtCore import QSettings

    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    path = tmp_path / "pod.json"
    shutil.copy(EXAMPLES / "xe9680-h100-pod.json", path)
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(Document(load_plan(path), catalog, path), settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.show()
    win.doc.recompute(background=False)
    return win


def test_wizard_region_field_builds_an_eu_plan(qtbot, window, monkeypatch, catalog):
    from ui import dialogs

    monkeypatch.setattr(dialogs, "ask_save_changes", lambda *a: "discard")
    for a in window.menuBar().actions():
        if a.menu() is not None and a.text().replace("&", "") == "File":
            next(b for b in a.menu().actions() if b.objectName() == "actNewFromWorkload").trigger()
    wiz = window.design_dialog
    qtbot.waitUntil(wiz.isVisible)
    f = wiz.workloads_page.fields
    model = f["model"].editor
    model.setCurrentIndex(model.findData("llama-3.1-8b"))
    model.activated.emit(model.currentIndex())
    wiz.next()
    combo = wiz.limits_page.region
    assert combo.objectName() == "constraint_region"
    assert combo.currentData() == "na"  # RACKWRIGHT_REGION=na in the tests, no plan to take it from
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    assert combo.currentData() == "eu"
    assert wiz.limits_page.constraints()["region"] == "eu"
    wiz.next()
    page = wiz.builds_page
    qtbot.waitUntil(lambda: not page.busy, timeout=120_000)
    assert page.table.rowCount() >= 1, page.status.text()
    assert page.result.candidates[0].design.region == "eu"
    old = window.doc.plan
    wiz.button(wiz.WizardButton.FinishButton).click()
    qtbot.waitUntil(lambda: window.doc.plan is not old, timeout=120_000)
    plan = window.doc.plan
    assert plan.metadata.site_region == "eu"
    pdus = {catalog.device(p.device).planning.pdu.site_region for p, _ in plan.index.iter_placements()
            if catalog.device(p.device).kind == "pdu"}
    assert pdus == {"eu"}
    assert plan.feeds and all(f.voltage_v == 400.0 and f.continuous_derating == 1.0 for f in plan.feeds)
