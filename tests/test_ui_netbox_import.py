"""Catalog panel: Import NetBox Device Types... (files and folder), the per-file result
dialog, and "needs data" in the Catalog list and the Inspector."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel

from planner.catalog import load_catalog
from planner.model.plan import Placement
from tests.fixtures.ui_app.support import CATALOG_DIR, two_rack_plan
from tests.netbox_ref import FIXTURES

pytestmark = pytest.mark.gui

SWITCH = "dell-powerswitch-n3248te-on"


def _window(qtbot, tmp_path, plan):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(plan, load_catalog([CATALOG_DIR]), None)  # its own catalog: the import adds to it
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.mark_saved(w.doc.path))
    win.resize(1400, 900)
    win.show()
    doc.recompute(background=False)
    return win


def _rows_of(panel, slug):
    for r in range(panel.model.rowCount()):
        if panel.model.index(r, 0).data(0x0101) == slug:  # SLUG_ROLE
            return [panel.model.index(r, c).data() for c in range(panel.model.columnCount())]
    return None


def test_import_files_from_the_catalog_panel(qtbot, tmp_path, monkeypatch):
    from ui import dialogs

    user = tmp_path / "user-catalog"
    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(user))
    plan = two_rack_plan()
    # a plan from elsewhere already places the switch, unknown to this catalog so far
    plan.site.rooms[0].rows[0].racks[1].placements.append(Placement(id="sw-1", device=SWITCH, u=40, name="mgmt1"))
    plan.reindex()
    win = _window(qtbot, tmp_path, plan)
    panel = win.catalog_panel
    assert _rows_of(panel, SWITCH) is None
    assert any(f.code == "UNKNOWN_DEVICE" for f in win.doc.results.findings)
    picked = [str(FIXTURES / "device-types" / "Dell" / "PowerSwitch-N3248TE-ON.yaml"),
              str(FIXTURES / "invalid" / "long-label.yaml")]
    monkeypatch.setattr(dialogs, "ask_netbox_files", lambda parent: picked)
    shown = []
    real_show = dialogs.show_netbox_import_result
    monkeypatch.setattr(dialogs, "show_netbox_import_result",
                        lambda parent, report, added: shown.append(real_show(parent, report, added)) or shown[-1])
    assert panel.import_button.menu() is not None
    panel.import_files_action.trigger()
    qtbot.waitUntil(lambda: bool(shown), timeout=20_000)
    dlg = shown[0]
    assert dlg.isVisible()
    rows = dlg.rows()
    assert rows[0][0] == "PowerSwitch-N3248TE-ON.yaml" and rows[0][1] == "imported"
    assert "needs data" in rows[0][2] and "typical and maximum power" in rows[0][2]
    assert rows[1][0] == "long-label.yaml" and rows[1][1] == "failed"
    assert "line 10: power-ports[0].label:" in rows[1][2]
    assert "1 imported, 0 skipped, 1 failed" in dlg.summary.text()
    dlg.close()
    # the new device is in the list, marked where the figures are missing
    row = _rows_of(panel, SWITCH)
    assert row is not None and row[2] == "needs data"
    assert (user / "device-types" / "Dell" / f"{SWITCH}.yaml").is_file()
    panel.search.setText("n3248")
    assert panel.visible_slugs() == [SWITCH]
    # the placed switch is known now: no UNKNOWN_DEVICE, its power needs data instead
    qtbot.waitUntil(lambda: win.doc.results is not None and not win.doc.busy, timeout=20_000)
    codes = {f.code for f in win.doc.results.findings}
    assert "UNKNOWN_DEVICE" not in codes and "NO_POWER_DATA" in codes
    # the Inspector says what the device still needs
    win.doc.select([("placement", "sw-1")])
    need = win.inspector.findChild(QLabel, "needsData")
    assert need is not None and "GPUs" not in need.text() and "price" in need.text()


def test_import_folder_reports_skips_and_cancel_keeps_the_panel_usable(qtbot, tmp_path, monkeypatch):
    from ui import dialogs

    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(tmp_path / "user-catalog"))
    win = _window(qtbot, tmp_path, two_rack_plan())
    panel = win.catalog_panel
    monkeypatch.setattr(dialogs, "ask_netbox_folder", lambda parent: str(FIXTURES / "module-types"))
    shown = []
    monkeypatch.setattr(dialogs, "show_netbox_import_result",
                        lambda parent, report, added: shown.append((report, added)))
    panel.import_folder_action.trigger()
    assert not panel.import_folder_action.isEnabled()  # one import at a time
    qtbot.waitUntil(lambda: bool(shown), timeout=20_000)
    report, added = shown[0]
    assert {r.path.name: r.status for r in report.results} == {"E810-CQDA2.yaml": "imported",
                                                                "PWS-2K20A-1R.yml": "skipped"}
    assert added == 1 and win.doc.catalog.get("nics", "intel-e810-cqda2") is not None
    assert panel.import_folder_action.isEnabled() and panel.import_files_action.isEnabled()
    # cancelling a dialog imports nothing
    monkeypatch.setattr(dialogs, "ask_netbox_files", lambda parent: [])
    panel.import_files_action.trigger()
    assert len(shown) == 1 and panel.import_files_action.isEnabled()


def _file_action(win, text):
    file_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&File")
    return next(a for a in file_menu.actions() if a.text().replace("&", "") == text)


def test_new_from_netbox_site(qtbot, tmp_path, monkeypatch):
    from tests.fixtures.ui_app.support import make_window
    from ui import dialogs

    site = FIXTURES / "site"
    win = make_window(qtbot, tmp_path)
    win.doc.catalog = load_catalog()  # the hall's devices are shipped types
    monkeypatch.setattr(dialogs, "ask_netbox_site", lambda parent: (
        str(site / "racks.csv"), str(site / "devices.csv"), str(site / "device-types.csv")))
    shown = []
    real = dialogs.show_netbox_site_result
    monkeypatch.setattr(dialogs, "show_netbox_site_result",
                        lambda parent, summary, lines: shown.append(real(parent, summary, lines)) or shown[-1])
    _file_action(win, "New from NetBox Site\u2026").trigger()
    qtbot.waitUntil(lambda: bool(shown), timeout=20_000)
    box = shown[0]
    assert box.isVisible() and "4 rack(s) and 5 device(s)" in box.text()
    assert "devices.csv:7:" in box.detailedText() and "C9300-48P" in box.detailedText()
    box.close()
    plan = win.doc.plan
    # a new untitled plan that is unsaved work: New, Open and Quit ask before dropping it
    assert plan.site.name == "DC1 Frankfurt" and win.doc.path is None and win.doc.modified
    assert sorted(r.name for r in plan.index.racks.values()) == ["A01", "A02", "B01", "M01"]
    # an unreadable export: one dialog naming the problem, the plan stays
    monkeypatch.setattr(dialogs, "ask_netbox_site", lambda parent: (str(site / "device-types.csv"), None, None))
    errors = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text, details="": errors.append(text))
    asked: list[str] = []  # the imported plan was never saved: asked before it is replaced
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda _p, name: asked.append(name) or "discard")
    _file_action(win, "New from NetBox Site\u2026").trigger()
    qtbot.waitUntil(lambda: bool(errors), timeout=20_000)
    assert asked == ["Untitled"]
    assert "no name column" in errors[0] and win.doc.plan is plan
