"""NVLink domains in the app, driven like a user: select a tray of an NVL72 rack, Plan >
Auto-wire NVLink Domain (worker thread, one undo step), the fabric view (compute and
switch trays on one spine bar, the domain's figures, a tray's links highlighted) and
the Totals panel's NVLink row, with undo/redo and refusals."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from planner.catalog import load_catalog
from tests.test_nvlink_domains import nvl72

pytestmark = pytest.mark.gui

_CAT = None


def catalog():
    global _CAT
    if _CAT is None:
        _CAT = load_catalog()
        assert not _CAT.errors
    return _CAT


def window(qtbot, tmp_path, plan):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(Document(plan, catalog()), settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.resize(1600, 1000)
    win.show()
    win.doc.recompute(background=False)
    return win


def wire_from_menu(qtbot, win):
    assert win.act_autowire_nvlink.isEnabled()
    with qtbot.waitSignal(win.nvlink_wirer.wired, timeout=30000):
        win.act_autowire_nvlink.trigger()
    win.doc.flush()
    look_at_fabric(qtbot, win)


def look_at_fabric(qtbot, win):
    """Raise the Fabric tab (behind Findings, it draws what changed once it is seen)."""
    win.docks["fabricDock"].raise_()
    qtbot.waitUntil(lambda: not win.fabric_view.pending and not win.fabric_view.visibleRegion().isEmpty())


def test_autowire_nvlink_from_menu_fabric_view_totals_and_undo(qtbot, tmp_path):
    win = window(qtbot, tmp_path, nvl72(catalog()))
    doc, fv, totals = win.doc, win.fabric_view, win.panels["totalsDock"]
    assert not win.act_autowire_nvlink.isEnabled()  # nothing selected
    assert totals.rows["nvlink"][0].text() == "none"
    doc.select([("placement", "t03")])  # a compute tray: its rack is the target
    wire_from_menu(qtbot, win)
    assert len(doc.plan.links) == 72 * 18 == 1296
    assert doc.undo_stack.count() == 1
    # the fabric view switched to the new NVLink fabric: trays, one spine, a stub per tray
    assert fv.is_nvlink() and fv.scene.spine is not None
    assert len(fv.scene.boxes) == 27 and len(fv.scene.edges) == 27
    assert sum(len(e.links) for e in fv.graph.edges) == 1296
    assert fv.figure("Domain") == "72 GPUs of the 72-GPU design"
    assert fv.figure("Per-GPU NVLink").startswith("1.80 TB/s as wired")
    assert fv.figure("Switch trays") == "9 present / 9 required"
    assert fv.figure("Complete") == "yes"
    assert "1,296 links" in fv.summary.text()
    value, detail, _bar = totals.rows["nvlink"]
    assert value.text() == "1" and "largest 72 GPUs" in detail.text() and "1 complete" in detail.text()
    # clicking a compute tray highlights its 72 links and its stub plus the switch trays' stubs
    QTest.mouseClick(fv.view.viewport(), Qt.MouseButton.LeftButton, pos=fv.box_point("d:t05"))
    assert doc.selection == (("placement", "t05"),)
    lit = fv.highlighted_links()
    assert len(lit) == 72 and all("t05" in (lk.a.placement, lk.b.placement)
                                  for lk in doc.plan.links if lk.id in lit)
    lit_stubs = {it.a for it in fv.scene.edges if id(it) in fv._highlight}
    assert lit_stubs == {"d:t05"} | {f"d:s{k}" for k in range(1, 10)}
    # the Cables list, tabbed behind Findings, is not rebuilt while hidden (the schedule of
    # 1,296 links is ~50 ms); raising its tab brings it up to date
    cl = win.cable_list
    win.docks["findingsDock"].raise_()
    doc.undo_stack.undo()
    doc.undo_stack.redo()
    assert not cl.shown and cl.model.rowCount() != 1296
    win.docks["cablesDock"].raise_()
    qtbot.waitUntil(lambda: cl.model.rowCount() == 1296, timeout=5000)
    win.docks["fabricDock"].raise_()
    # one undo removes the fabric and every link; redo brings them back
    doc.undo_stack.undo()
    doc.flush()
    assert doc.plan.links == [] and not any(f.kind == "nvlink" for f in doc.plan.fabrics)
    assert totals.rows["nvlink"][0].text() == "none"
    assert fv.scene.spine is None
    doc.undo_stack.redo()
    doc.flush()
    assert len(doc.plan.links) == 1296 and totals.rows["nvlink"][0].text() == "1"


def test_missing_switch_tray_shows_incomplete_domain_and_refusals(qtbot, tmp_path):
    win = window(qtbot, tmp_path, nvl72(catalog(), switches=8))
    doc, fv, totals = win.doc, win.fabric_view, win.panels["totalsDock"]
    doc.select([("rack", "r1")])
    wire_from_menu(qtbot, win)
    assert len(doc.plan.links) == 72 * 16
    assert fv.figure("Switch trays") == "8 present / 9 required"
    assert fv.figure("Complete") == "no"
    assert fv.figure("Per-GPU NVLink").startswith("1.60 TB/s")
    assert "INCOMPLETE" in fv.summary.text()
    codes = {fv.findings.item(i).toolTip() for i in range(fv.findings.count())}
    assert "NVLINK_SWITCH_TRAYS_MISSING" in codes
    # a missing switch tray is an error finding of the domain: the engine levels it over (red)
    assert totals.levels["nvlink"] == "over" and "0 complete" in totals.rows["nvlink"][1].text()
    # wiring the same rack again is refused (ports in use), nothing is pushed
    with qtbot.waitSignal(win.nvlink_wirer.failed, timeout=30000) as blocker:
        win.act_autowire_nvlink.trigger()
    assert "already wired" in blocker.args[0]
    assert "already wired" in win.statusBar().currentMessage()
    assert doc.undo_stack.count() == 1


def test_autowire_nvlink_refuses_a_rack_without_trays(qtbot, tmp_path):
    from tests.fixtures.ui_app.support import two_rack_plan
    from ui.document import Document

    win = window(qtbot, tmp_path, two_rack_plan())
    assert isinstance(win.doc, Document)
    value, detail, _bar = win.panels["totalsDock"].rows["nvlink"]  # the XE9680's HGX board
    assert value.text() == "1" and "largest 8 GPUs" in detail.text() and "in-server NVSwitch" in detail.text() and "PowerEdge XE9680" in detail.text()
    win.doc.select([("rack", "rack-2")])
    with qtbot.waitSignal(win.nvlink_wirer.failed, timeout=30000) as blocker:
        win.act_autowire_nvlink.trigger()
    assert "no GPU trays with NVLink ports" in blocker.args[0]
    assert win.doc.undo_stack.count() == 0



def test_nvlink_wirer_reports_progress_and_cancel_pushes_nothing(qtbot, tmp_path):
    win = window(qtbot, tmp_path, nvl72(catalog()))
    wirer, doc = win.nvlink_wirer, win.doc
    seen: list[tuple[float, str]] = []
    wirer.progress.connect(lambda f, s: seen.append((f, s)))
    # Cancel right after starting: whether the worker stops mid-design or has just
    # finished, the wirer reports "cancelled" and nothing reaches the plan
    with qtbot.waitSignal(wirer.cancelled, timeout=30000):
        assert wirer.run("r1")
        wirer.cancel()
    assert wirer.wait() and not wirer.running
    assert doc.undo_stack.count() == 0 and doc.plan.links == []
    # a full run reports rising progress ending at 1.0 with the rack's stages
    seen.clear()
    with qtbot.waitSignal(wirer.wired, timeout=30000):
        assert wirer.run("r1")
    fs = [f for f, _ in seen]
    assert fs == sorted(fs) and fs[-1] == 1.0
    assert any("spine links" in s for _, s in seen) and seen[-1][1].endswith("1,296 NVLink cables designed")
    assert doc.undo_stack.count() == 1 and len(doc.plan.links) == 1296


def test_totals_name_amd_infinity_fabric_not_nvswitch(qtbot, tmp_path):
    """12 HPE XD675 (8 x MI300X on Infinity Fabric): the Totals row says Infinity Fabric,
    its title too; an H100 server added makes it a mixed "scale-up" row naming both."""
    from PySide6.QtWidgets import QLabel

    from planner.model.edits import AddPlacement
    from planner.model.plan import Placement
    from tests.test_scale_up_interconnect import _plan

    plan = _plan("hpe-cray-xd675", 12)
    plan.reindex()
    win = window(qtbot, tmp_path, plan)
    totals = win.panels["totalsDock"]
    value, detail, _ = totals.rows["nvlink"]
    titles = {lbl.text() for lbl in totals.findChildren(QLabel)}
    assert value.text() == "12"
    assert "Infinity Fabric" in detail.text() and "NVSwitch" not in detail.text()
    assert "Infinity Fabric domains" in titles and "NVLink domains" not in titles
    win.doc.push(AddPlacement("r0", Placement(id="h100", device="dell-poweredge-xe9680", u=20)))
    win.doc.flush()
    titles = {lbl.text() for lbl in totals.findChildren(QLabel)}
    assert "Scale-up domains" in titles
    assert "NVSwitch" in detail.text() and "Infinity Fabric" in detail.text()
    win.doc.undo_stack.undo()
    win.doc.flush()
    assert "Infinity Fabric domains" in {lbl.text() for lbl in totals.findChildren(QLabel)}
