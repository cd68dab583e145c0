"""Plan > Auto-wire Fabric... designing a new fabric, driven like a user (issue 31): the
example racked but not wired, as a File > New build leaves it; the dialog proposes the racked
switches' model, Preview lists what will be added (nothing changes yet), Apply is one undo
step; storage and management previews say nothing of rails; a wired server is said to be."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from planner.catalog import load_catalog
from planner.fabric.autowire import autowire
from planner.files.documents import load_plan
from planner.files.plan_io import save_plan_json
from tests.test_ui_fabric_extend import drop_server, menu_action, open_extend, preview, tree_text

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"
XE9680 = "dell-poweredge-xe9680"
QM9700 = "nvidia-quantum-2-qm9700"


@pytest.fixture(scope="module")
def catalog():
    c = load_catalog()
    assert not c.errors
    return c


def open_plan(qtbot, tmp_path, catalog, plan):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    path = tmp_path / "pod.json"
    save_plan_json(plan, path)
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(load_plan(path), catalog, None)
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    doc.recompute(background=False)
    return win


def racked(compute_wired: bool = False, catalog=None):
    plan = load_plan(EXAMPLE)
    plan.links.clear()
    plan.fabrics.clear()
    plan.reindex()
    if compute_wired:
        servers = [p.id for p in plan.index.placements.values() if p.device == XE9680]
        autowire(plan, catalog, servers, QM9700, kind="compute").edit.apply(plan)
    return plan


def open_design(win, kind: str):
    menu_action(win, "Plan", "Auto-wire Fabric").trigger()
    dlg = win.autowire_dialog
    assert dlg is not None and dlg.isVisible() and dlg.extending is None
    dlg.kind.setCurrentIndex(dlg.kind.findData(kind))
    dlg.source.setCurrentIndex(dlg.source.count() - 1)  # All servers and storage
    return dlg


def test_new_fabric_previews_on_the_racked_switch_then_apply_is_one_undo_step(qtbot, tmp_path, catalog):
    win = open_plan(qtbot, tmp_path, catalog, racked())
    doc = win.doc
    before, depth = doc.plan.model_dump(mode="json"), doc.undo_stack.count()
    dlg = open_design(win, "compute")
    assert dlg.switch.currentData() == QM9700  # the model racked for it, proposed
    assert dlg.wire_button.text() == "Preview"
    preview(qtbot, dlg)
    lines = tree_text(dlg)
    assert "Switches to add: 0" in lines and "Switches already racked, now wired: 1" in lines
    assert any(line.strip().startswith("1 \u00d7 Nvidia Quantum-2 QM9700") and "R03: U40" in line for line in lines)
    assert "Cables to add: 32 (32 to servers, 0 uplinks)" in lines
    assert doc.plan.model_dump(mode="json") == before and doc.undo_stack.count() == depth  # nothing yet
    with qtbot.waitSignal(dlg.wired, timeout=10000):
        QTest.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    assert not dlg.isVisible() and doc.undo_stack.count() == depth + 1
    assert len(doc.plan.links) == 32 and set(doc.plan.index.placements) == {p["id"] for r in _racks(before)
                                                                          for p in r["placements"]}
    doc.undo_stack.undo()
    assert doc.plan.model_dump(mode="json") == before


def _racks(dump):
    return [rk for room in dump["site"]["rooms"] for row in room["rows"] for rk in row["racks"]]


def test_cancel_after_a_design_preview_adds_nothing(qtbot, tmp_path, catalog):
    win = open_plan(qtbot, tmp_path, catalog, racked())
    doc = win.doc
    before = doc.plan.model_dump(mode="json")
    dlg = open_design(win, "compute")
    preview(qtbot, dlg)
    QTest.mouseClick(dlg.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.isVisible(), timeout=5000)
    assert doc.plan.model_dump(mode="json") == before and doc.undo_stack.count() == 0


def test_storage_and_management_designs_preview_without_rails(qtbot, tmp_path, catalog):
    win = open_plan(qtbot, tmp_path, catalog, racked(compute_wired=True, catalog=catalog))
    doc = win.doc
    dlg = open_design(win, "storage")
    assert dlg.switch.currentData() == QM9700 and dlg.leaves.currentData() == "row"  # the racked leaf serves the row
    preview(qtbot, dlg)
    lines = tree_text(dlg)
    assert "Switches to add: 0" in lines and "Cables to add: 16 (16 to servers, 0 uplinks)" in lines
    assert not [line for line in lines if "rail" in line.lower()], lines
    QTest.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.isVisible(), timeout=5000)
    dlg = open_design(win, "management")
    assert dlg.switch.currentData() == "nvidia-sn2201"
    preview(qtbot, dlg)
    lines = tree_text(dlg)
    # four BMCs, the DDN's and the two QM9700s' own mgmt0
    assert "Switches to add: 0" in lines and "Cables to add: 7 (7 to servers, 0 uplinks)" in lines, lines
    assert not [line for line in lines if "rail" in line.lower()], lines
    QTest.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.isVisible(), timeout=5000)
    assert {(lk.a.placement, lk.a.port) for lk in doc.plan.links if lk.b.placement == "mgmt-sw-1"} >= {
        ("ib-leaf-1", "mgmt0"), ("ib-stor-1", "mgmt0")}
    doc.flush()
    assert not [f.code for f in doc.results.findings if f.severity in ("error", "warning")]


@pytest.mark.parametrize("fabric", ["fab-storage", "fab-mgmt"])
def test_extend_previews_of_storage_and_management_say_nothing_of_rails(qtbot, tmp_path, catalog, fabric):
    win = open_plan(qtbot, tmp_path, catalog, load_plan(EXAMPLE))
    drop_server(win, catalog)
    dlg = open_extend(qtbot, win, fabric)
    preview(qtbot, dlg)
    lines = tree_text(dlg)
    assert "New ports take free ports of the fabric's one leaf" in lines
    assert not [line for line in lines if "rail" in line.lower()], lines
    dlg.reject()


def test_a_wired_server_is_said_to_be_wired(qtbot, tmp_path, catalog):
    win = open_plan(qtbot, tmp_path, catalog, load_plan(EXAMPLE))
    dlg = open_extend(qtbot, win, "fab-compute")  # "Not yet wired into Compute (0)"
    assert dlg.source.currentText().startswith("Not yet wired into Compute") and not dlg.source.currentData()
    QTest.mouseClick(dlg.wire_button, Qt.MouseButton.LeftButton)
    assert dlg.status.text() == "The 4 chosen devices are already wired: each of their compute ports has a link"
    dlg.reject()
    menu_action(win, "Plan", "Auto-wire Fabric").trigger()
    dlg = win.autowire_dialog
    dlg.set_values(servers=["gpu-1"], kind="compute")
    QTest.mouseClick(dlg.wire_button, Qt.MouseButton.LeftButton)
    assert dlg.status.text() == "gpu01 is already wired: each of its compute ports has a link"
    assert not dlg.running and dlg.preview is None
    dlg.reject()
