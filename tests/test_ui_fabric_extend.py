"""Plan > Auto-wire Fabric... extending a wired fabric, driven like a user on a copy of the
bundled example: a fifth XE9680 dropped from the catalog into a rack with room, the
dialog's Extend mode, Preview (what will be added; nothing changes yet), Apply (one
undo step), Cancel (nothing added), a stale preview dropped when an input changes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtTest import QTest

from planner.catalog import load_catalog
from planner.fabric.ports import device_ports
from planner.files.documents import load_plan
from planner.model.placement import PlacementChecker

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"
XE9680 = "dell-poweredge-xe9680"


@pytest.fixture(scope="module")
def catalog():
    c = load_catalog()
    assert not c.errors
    return c


def open_example(qtbot, tmp_path, catalog):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    path = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, path)
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(load_plan(path), catalog, None)
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    doc.recompute(background=False)
    return win


def drop_server(win, catalog) -> str:
    """Drag an XE9680 from the catalog into the first rack with room (a real drop event
    on the rack view); returns the new placement's id."""
    doc = win.doc
    checker = PlacementChecker(catalog)
    rack, u = next((r.id, u) for r in doc.plan.racks() if (u := checker.first_fit(doc.plan, r.id, XE9680)))
    before = set(doc.plan.index.placements)
    view = win.rack_view.view
    pos = QPointF(view.viewport_point(rack, "front", u))
    mime = win.catalog_panel.mime_for(XE9680)  # kept alive: the event only points at it
    ev = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    view.dropEvent(ev)
    new = set(doc.plan.index.placements) - before
    assert ev.isAccepted() and len(new) == 1
    return new.pop()


def menu_action(win, menu: str, text: str):
    for top in win.menuBar().actions():
        if top.text().replace("&", "") == menu:
            for act in top.menu().actions():
                if act.text().replace("&", "").startswith(text):
                    return act
    raise AssertionError(f"no {menu} > {text}")


def open_extend(qtbot, win, fabric_id: str):
    menu_action(win, "Plan", "Auto-wire Fabric").trigger()
    dlg = win.autowire_dialog
    assert dlg is not None and dlg.isVisible()
    dlg.mode.setCurrentIndex(dlg.mode.findData(fabric_id))  # the Fabric: combo, as a user picks it
    assert dlg.wire_button.text() == "Preview" and not dlg.kind.isEnabled()
    return dlg


def preview(qtbot, dlg):
    QTest.mouseClick(dlg.wire_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.running and dlg.preview is not None, timeout=30000)
    assert dlg.preview_tree.isVisible() and dlg.apply_button.isVisible()


def tree_text(dlg) -> list[str]:
    out = []
    for i in range(dlg.preview_tree.topLevelItemCount()):
        top = dlg.preview_tree.topLevelItem(i)
        out.append(top.text(0))
        out.extend("  " + top.child(j).text(0) for j in range(top.childCount()))
    return out


def unwired(doc, fabric_id, pid) -> bool:
    return any(f.code == "FABRIC_UNCONNECTED_PORTS" and f.id == fabric_id and pid in f.related
               for f in doc.results.findings)


def test_fifth_xe9680_preview_then_apply_is_one_undo_step(qtbot, tmp_path, catalog):
    win = open_example(qtbot, tmp_path, catalog)
    doc = win.doc
    new = drop_server(win, catalog)
    doc.flush()
    assert unwired(doc, "fab-compute", new)
    errors_before = {(f.code, f.id) for f in doc.results.findings if f.severity == "error"}
    links_before = {lk.id: lk.model_dump(mode="json") for lk in doc.plan.links}
    plan_before = doc.plan.model_dump(mode="json")
    depth = doc.undo_stack.count()

    dlg = open_extend(qtbot, win, "fab-compute")
    # the servers offered first are those with free compute ports: the new one
    assert dlg.source.currentText() == "Not yet wired into Compute (NDR InfiniBand) (1)"
    assert dlg.source.currentData() == [new]
    preview(qtbot, dlg)
    text = tree_text(dlg)
    assert "Switches to add: 0" in text and "Racks receiving switches: none" in text
    assert "Cables to add: 8 (8 to servers, 0 uplinks)" in text
    assert any(t.startswith("Added power:") for t in text)
    assert doc.plan.model_dump(mode="json") == plan_before and doc.undo_stack.count() == depth  # nothing yet

    with qtbot.waitSignal(dlg.extended, timeout=10000):
        QTest.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    assert doc.undo_stack.count() == depth + 1
    now = {lk.id: lk.model_dump(mode="json") for lk in doc.plan.links}
    assert all(now[i] == v for i, v in links_before.items())  # nothing disconnected or re-cabled
    compute = {p.name for p in device_ports(catalog, XE9680).role("compute")}
    mine = [lk for lk in doc.plan.links if lk.a.placement == new]
    assert {lk.a.port for lk in mine} == compute and all(lk.fabric == "fab-compute" for lk in mine)
    doc.flush()
    assert not unwired(doc, "fab-compute", new)
    assert {(f.code, f.id) for f in doc.results.findings if f.severity == "error"} <= errors_before
    assert doc.results.fabrics["fab-compute"].cables == 40
    doc.undo_stack.undo()
    assert doc.plan.model_dump(mode="json") == plan_before


def test_preview_of_a_grown_fabric_lists_switches_racks_and_cancel_adds_nothing(qtbot, tmp_path, catalog):
    win = open_example(qtbot, tmp_path, catalog)
    doc = win.doc
    for _ in range(5):
        drop_server(win, catalog)
    plan_before = doc.plan.model_dump(mode="json")
    depth = doc.undo_stack.count()
    dlg = open_extend(qtbot, win, "fab-compute")
    preview(qtbot, dlg)
    text = tree_text(dlg)
    assert "Switches to add: 4" in text and "Racks receiving switches: R03" in text
    leaf_lines = [t for t in text if "QM9700" in t and "(leaf) in R03: U" in t]
    spine_lines = [t for t in text if "QM9700" in t and "(spine) in R03: U" in t]
    assert len(leaf_lines) == 1 and leaf_lines[0].strip().startswith("2 \u00d7")
    assert len(spine_lines) == 1 and spine_lines[0].strip().startswith("2 \u00d7")
    assert "Cables to add: 136 (40 to servers, 96 uplinks)" in text
    assert "The fabric grows from 1 to 2 tiers; existing links stay" in text
    # changing an input drops the preview: Apply needs a fresh one; an Ethernet model for
    # the new switches of an InfiniBand fabric is refused in the dialog, which stays open
    qm9700 = dlg.switch.currentIndex()
    eth = next(i for i in range(dlg.switch.count()) if dlg.switch.itemText(i).endswith("(ethernet)"))
    dlg.switch.setCurrentIndex(eth)
    assert dlg.preview is None and not dlg.apply_button.isVisible()
    QTest.mouseClick(dlg.wire_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.running, timeout=30000)
    assert dlg.isVisible() and dlg.preview is None and "ethernet switch" in dlg.status.text()
    dlg.switch.setCurrentIndex(qm9700)
    preview(qtbot, dlg)
    QTest.mouseClick(dlg.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.isVisible(), timeout=5000)
    assert doc.plan.model_dump(mode="json") == plan_before and doc.undo_stack.count() == depth


def test_design_mode_is_still_the_default(qtbot, tmp_path, catalog):
    win = open_example(qtbot, tmp_path, catalog)
    menu_action(win, "Plan", "Auto-wire Fabric").trigger()
    dlg = win.autowire_dialog
    # a new design previews too (issue 31: it applied at once)
    assert dlg.extending is None and dlg.wire_button.text() == "Preview" and dlg.kind.isEnabled()
    assert not dlg.apply_button.isVisible()
    # every wired fabric of the example can be extended; none is offered twice
    offered = [dlg.mode.itemData(i) for i in range(1, dlg.mode.count())]
    assert offered == ["fab-compute", "fab-storage", "fab-mgmt"]
    n = dlg.source.count()
    dlg.mode.setCurrentIndex(1)
    assert dlg.source.count() == n + 1 and dlg.source.currentText().startswith("Not yet wired into Compute")
    dlg.mode.setCurrentIndex(2)  # one such entry, for the fabric chosen
    assert dlg.source.count() == n + 1 and dlg.source.currentText().startswith("Not yet wired into Storage")
    dlg.mode.setCurrentIndex(0)
    assert dlg.source.count() == n
    assert dlg.kind.isEnabled() and dlg.wire_button.text() == "Preview"
    dlg.reject()
