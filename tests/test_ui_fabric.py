"""Fabrics in the app, driven like a user: Plan > Auto-wire (dialog, worker thread, one
undo step), the fabric view (leaf/spine boxes, click highlights a leaf's links), the
cable list (one row per link, filters, selecting both ends), port-to-port drags in the
rack view (connect, refusal on a used port, storage appliance ports), PDU drags between
sides and racks, rubber-band selection."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog

from planner.catalog import load_catalog
from planner.model.plan import Placement, Plan
from tests.test_fabric import make_plan, servers

pytestmark = pytest.mark.gui

FIXTURE = Path(__file__).parent / "fixtures" / "fabric_catalog"
_CAT = None


def catalog():
    global _CAT
    if _CAT is None:
        _CAT = load_catalog([FIXTURE])
        assert not _CAT.errors, _CAT.errors
    return _CAT


def window(qtbot, tmp_path, plan: Plan):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(plan, catalog())
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.resize(1600, 1000)
    win.show()
    doc.recompute(background=False)
    return win


def rack_view(qtbot, plan: Plan):
    """A standalone elevation (more room than the main window gives it in tests)."""
    from ui.document import Document
    from ui.scenes.rack import RackView

    doc = Document(plan, catalog(), engine=None)
    view = RackView(doc)
    qtbot.addWidget(view)
    view.resize(1300, 1100)
    view.show()
    qtbot.waitExposed(view)
    return doc, view


def autowire_from_dialog(qtbot, win, members, spare, kind="compute"):
    dlg = win.show_autowire()
    dlg.set_values(servers=members, kind=kind, switch="test-ib-64x400", racks=[spare])
    QTest.mouseClick(dlg.wire_button, Qt.MouseButton.LeftButton)  # Preview
    qtbot.waitUntil(lambda: not dlg.running and dlg.preview is not None, timeout=20000)
    with qtbot.waitSignal(dlg.wired, timeout=20000):
        QTest.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    return dlg


def test_autowire_dialog_wires_off_thread_and_one_undo_restores(qtbot, tmp_path):
    plan = make_plan(16, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1].id
    win = window(qtbot, tmp_path, plan)
    doc = win.doc
    before = doc.plan.model_dump(mode="json")
    depth = doc.undo_stack.count()
    dlg = autowire_from_dialog(qtbot, win, servers(doc.plan), spare)
    # 16 DGX x 8 rails: one SU of 8 rail leaves, 4 spines, every node port wired
    assert len(doc.plan.links) == 16 * 8 + 8 * 32 == dlg.applied.links
    # QDialog's own exit code is still there (the result of the wiring once hid result())
    assert dlg.result() == QDialog.DialogCode.Accepted
    assert len(doc.plan.rack(spare).placements) == 12
    assert doc.undo_stack.count() == depth + 1
    doc.flush()
    assert doc.results.fabrics[dlg.applied.fabric_id].switches_by_tier == {"leaf": 8, "spine": 4}
    doc.undo_stack.undo()
    assert doc.plan.model_dump(mode="json") == before
    doc.undo_stack.redo()
    assert len(doc.plan.links) == 384


def test_autowire_dialog_shows_refusal_and_stays_open(qtbot, tmp_path):
    from planner.fabric.wiring import connect_edit

    plan = make_plan(2, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1]
    spare.placements.append(Placement(id="sw-1", device="test-ib-64x400", name="leaf1", u=40))
    plan.reindex()
    win = window(qtbot, tmp_path, plan)
    doc = win.doc
    assert doc.push(connect_edit(doc.plan, doc.catalog, ("srv-1", "ib0"), ("sw-1", "P0.0")))
    dlg = win.show_autowire()
    dlg.set_values(servers=servers(plan), kind="compute", switch="test-ib-64x400")
    assert dlg.run()
    qtbot.waitUntil(lambda: not dlg.running, timeout=20000)
    assert dlg.isVisible() and "already wired" in dlg.status.text()
    assert len(doc.plan.links) == 1 and doc.undo_stack.count() == 1


def test_autowire_cancel_mid_run_stops_the_worker_and_adds_nothing(qtbot):
    """2,048 eight-GPU servers (synthetic plan, compute ports unwired): Wire, wait until
    the cables are being routed, click Cancel: the worker stops with Cancelled (it does
    not run to the end), the dialog closes, nothing is pushed."""
    from planner.design.synthetic import synthetic_plan
    from planner.fabric.ports import device_ports
    from ui import tasks
    from ui.dialogs.wiring import AutowireDialog
    from ui.document import Document

    cat = load_catalog()
    plan = synthetic_plan(16384, cat)
    plan.links.clear()  # the compute fabric is ours to wire
    plan.fabrics.clear()
    plan.reindex()
    before = plan.model_dump(mode="json")
    gpu_servers = [pid for pid, p in plan.index.placements.items()
                   if (dp := device_ports(cat, p.device)) is not None and dp.kind == "server"]
    assert len(gpu_servers) == 2048
    doc = Document(plan, cat, engine=None)
    dlg = AutowireDialog(doc)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.set_values(servers=gpu_servers, kind="compute", switch="nvidia-quantum-2-qm9700", racks=[])
    values: list[int] = []
    dlg.progress.valueChanged.connect(values.append)
    QTest.mouseClick(dlg.wire_button, Qt.MouseButton.LeftButton)
    assert dlg.running and dlg.progress.isVisible() and not dlg.wire_button.isEnabled()
    assert not dlg.kind.isEnabled()  # the form shows what is being designed
    job = dlg._job
    # hold the worker once it routes cables, as a slow machine would, so the click lands
    # mid-design however fast this one is (a direct connection runs in the worker)
    reached, gate = threading.Event(), threading.Event()

    def hold(run, fraction: float, _stage: str) -> None:
        if run is job and fraction >= 0.15 and not gate.is_set():
            reached.set()
            gate.wait(60)

    tasks.reports().progress.connect(hold, Qt.ConnectionType.DirectConnection)
    try:
        qtbot.waitUntil(reached.is_set, timeout=60000)
        qtbot.waitUntil(lambda: dlg.progress.value() >= 150, timeout=60000)
        assert dlg.running and dlg.stage.text().startswith("Choosing media and lengths for")
        QTest.mouseClick(dlg.cancel_button, Qt.MouseButton.LeftButton)
        assert dlg.isVisible() and not dlg.cancel_button.isEnabled()  # closes when the worker has stopped
        assert "Cancelling" in dlg.status.text()
    finally:
        gate.set()
        tasks.reports().progress.disconnect(hold)
    qtbot.waitUntil(lambda: not dlg.isVisible(), timeout=60000)
    assert not dlg.isVisible() and not dlg.running and dlg.applied is None
    assert dlg.wait(30000) and job.ended_at is not None
    assert job.outcome == "cancelled" and dlg.last_cancel_latency_s is not None
    assert values == sorted(values) and values[-1] < 1000
    assert doc.undo_stack.count() == 0
    assert plan.model_dump(mode="json") == before


def test_fabric_view_counts_and_click_highlights_leaf_links(qtbot, tmp_path):
    plan = make_plan(16, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1].id
    win = window(qtbot, tmp_path, plan)
    doc = win.doc
    dlg = autowire_from_dialog(qtbot, win, servers(doc.plan), spare)
    doc.flush()
    win.docks["fabricDock"].raise_()
    fv = win.fabric_view
    fv.rebuild()
    qtbot.waitExposed(fv.view)
    assert fv.fabric_id() == dlg.applied.fabric_id
    tiers = {t: len(b) for t, b in fv.graph.tiers.items()}
    assert tiers == {0: 16, 1: 8, 2: 4}
    assert "8 leaves" in fv.summary.text() and "4 spines" in fv.summary.text()
    assert fv.figure("Per-GPU bandwidth").startswith("400 Gb/s")
    # node-leaf cables use one switch port, leaf-spine cables two; 12 switches x 64 ports
    assert fv.figure("Switch ports") == f"{16 * 8 + 2 * 8 * 32} of {12 * 64} used (83 %)"
    leaf = dlg.applied.switches["leaf"][2]
    key = fv.graph.box_of[leaf]
    QTest.mouseClick(fv.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     fv.box_point(key))
    assert doc.selection == (("placement", leaf),)
    touching = {lk.id for lk in doc.plan.links if leaf in (lk.a.placement, lk.b.placement)}
    assert len(touching) == 16 + 32 and fv.highlighted_links() == touching
    # a node's paths run up through its 8 leaves to every spine
    node = servers(doc.plan)[0]
    doc.select([("placement", node)])
    hl = fv.highlighted_links()
    assert {lk.id for lk in doc.plan.links if lk.a.placement == node} <= hl
    assert len(hl) == 8 + 8 * 32


def test_fabric_tab_behind_findings_draws_the_edits_made_meanwhile_when_shown(qtbot, tmp_path):
    """The Fabric view behind the Findings tab does not redraw its graph on every edit (a
    32k-link graph took 0.25 s of each device move at 16k GPUs, issue 30); raised, it shows
    the plan as it is now."""
    from planner.fabric.graph import fabric_graph
    from planner.model.edits import RemovePlacement

    plan = make_plan(16, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1].id
    win = window(qtbot, tmp_path, plan)
    doc = win.doc
    autowire_from_dialog(qtbot, win, servers(doc.plan), spare)
    doc.flush()
    fv = win.fabric_view
    win.docks["fabricDock"].raise_()
    qtbot.waitUntil(lambda: not fv.visibleRegion().isEmpty())
    fid = fv.fabric_id()
    assert fv.graph is not None and len(fv.graph.tiers[0]) == 16
    # the narrow chooser says the whole fabric name in its tooltip (it read "Compute (NDR InfiniBanc")
    assert fv.chooser.toolTip() == fv.chooser.currentText() and fv.chooser.toolTip().endswith(")")
    win.docks["findingsDock"].raise_()
    qtbot.waitUntil(lambda: fv.visibleRegion().isEmpty())  # behind the Findings tab
    drawn = fv.graph
    for pid in servers(doc.plan)[:3]:
        assert doc.push(RemovePlacement(pid))
    doc.flush()
    qtbot.wait(20)
    assert fv.graph is drawn, "out of sight, the graph waits"
    win.docks["fabricDock"].raise_()
    qtbot.waitUntil(lambda: fv.graph is not drawn)
    fresh = fabric_graph(doc.plan, doc.catalog, fid)
    assert {t: len(b) for t, b in fv.graph.tiers.items()} == {t: len(b) for t, b in fresh.tiers.items()}
    assert len(fv.graph.tiers[0]) == 13


def test_cable_list_rows_filters_and_selection(qtbot, tmp_path):
    plan = make_plan(16, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1].id
    win = window(qtbot, tmp_path, plan)
    doc = win.doc
    autowire_from_dialog(qtbot, win, servers(doc.plan), spare)
    cl = win.cable_list
    cl.refresh()
    assert cl.model.rowCount() == len(doc.plan.links) == cl.model.total
    assert sorted(cl.visible_link_ids()) == sorted(lk.id for lk in doc.plan.links)
    cl.set_filter(rack="R01")  # four nodes x 8 ports in R01
    assert cl.model.rowCount() == 32
    cl.set_filter(rack="", text="node0002")
    ids = cl.visible_link_ids()
    assert len(ids) == 8 and all(doc.plan.placement("srv-2") for _ in ids)
    assert "8 of 384 cables" == cl.count_label.text()
    cl.table.selectRow(0)
    lk = next(x for x in doc.plan.links if x.id == cl.selected_links()[0])
    assert set(doc.selection) == {("link", lk.id), ("placement", lk.a.placement), ("placement", lk.b.placement)}
    n = len(doc.plan.links)
    cl.table.setFocus()
    QTest.keyClick(cl.table, Qt.Key.Key_Delete)
    assert len(doc.plan.links) == n - 1 and lk.id not in {x.id for x in doc.plan.links}
    doc.undo_stack.undo()
    assert len(doc.plan.links) == n
    out = tmp_path / "cables.csv"
    assert cl.export_csv(str(out))
    assert len(out.read_text().splitlines()) == n + 1


def _wired_rack():
    plan = make_plan(1, per_rack=1, spare_racks=1)
    rack = plan.site.rooms[0].rows[0].racks[0]
    rack.placements.append(Placement(id="sw-1", device="test-ib-64x400", name="leaf1", u=12))
    rack.placements.append(Placement(id="sto-1", device="test-storage-8x400", name="flash1", u=15))
    plan.reindex()
    return plan


def drag(view, a: QPoint, b: QPoint) -> None:
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(vp, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
    QTest.mouseMove(vp, b)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def test_port_drag_connects_and_used_port_is_refused_with_reason(qtbot):
    doc, rv = rack_view(qtbot, _wired_rack())
    view = rv.view
    view.zoom_to("sw-1", 0.9)
    assert view.port_at(view.port_point("srv-1", "ib0")) is not None  # ports drawn at this zoom
    drag(view, view.port_point("srv-1", "ib0"), view.port_point("sw-1", "P0.0"))
    assert len(doc.plan.links) == 1
    lk = doc.plan.links[0]
    assert (lk.a.placement, lk.a.port, lk.b.placement, lk.b.port) == ("srv-1", "ib0", "sw-1", "P0.0")
    assert doc.plan.fabrics[0].kind == "compute" and lk.cable is not None  # media chosen for the route
    assert rv.scene.port_used("sw-1", "P0.0") == lk.id
    depth = doc.undo_stack.count()
    drag(view, view.port_point("srv-1", "ib1"), view.port_point("sw-1", "P0.0"))
    assert len(doc.plan.links) == 1 and doc.undo_stack.count() == depth
    assert view.overlay.isVisible() and "already used" in view.overlay.text()
    view.disconnect_port("sw-1", "P0.0")
    assert not doc.plan.links
    doc.undo_stack.undo()
    assert len(doc.plan.links) == 1


def test_context_menu_disconnects_all_of_a_devices_cables_in_one_undo_step(qtbot):
    """Right-click on a wired device > Disconnect all: its cables go as one undo step."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QContextMenuEvent
    from PySide6.QtWidgets import QApplication, QMenu

    doc, rv = rack_view(qtbot, _wired_rack())
    view = rv.view
    view.zoom_to("sw-1", 0.9)
    drag(view, view.port_point("srv-1", "ib0"), view.port_point("sw-1", "P0.0"))
    drag(view, view.port_point("srv-1", "ib1"), view.port_point("sw-1", "P0.1"))
    assert len(doc.plan.links) == 2
    depth = doc.undo_stack.count()
    item = next(it for it in rv.scene.devices["sw-1"] if it.primary)
    r = item.sceneBoundingRect()
    pos = view.mapFromScene(r.right() - 4, r.center().y())  # on the device, clear of its ports
    assert view.port_at(pos) is None and view._device_at(pos) is not None
    shown: list[str] = []

    def pick() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        shown.extend(a.text() for a in menu.actions())
        action = next(a for a in menu.actions() if a.text().startswith("Disconnect all"))
        menu.close()
        action.trigger()

    QTimer.singleShot(0, pick)
    view.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos)))
    assert any(t.startswith("Disconnect all (2 ") for t in shown)
    assert not doc.plan.links
    assert doc.undo_stack.count() == depth + 1, "one undo step"
    doc.undo_stack.undo()
    assert len(doc.plan.links) == 2
    depth = doc.undo_stack.count()
    assert not view.disconnect_all("sto-1") and doc.undo_stack.count() == depth, "no cables: nothing pushed"


def test_storage_appliance_ports_are_wirable_by_drag(qtbot):
    doc, rv = rack_view(qtbot, _wired_rack())
    view = rv.view
    view.zoom_to("sw-1", 0.9)
    drag(view, view.port_point("sto-1", "ib3"), view.port_point("sw-1", "P5.1"))
    assert len(doc.plan.links) == 1 and doc.plan.links[0].a.port == "ib3"
    assert doc.plan.fabrics[0].kind == "storage"
    assert doc.undo_stack.count() == 1  # new storage fabric and the link: one step
    doc.undo_stack.undo()
    assert not doc.plan.fabrics and not doc.plan.links


def test_pdu_drags_between_sides_and_racks(qtbot):
    plan = make_plan(1, per_rack=1, spare_racks=1)
    rack = plan.site.rooms[0].rows[0].racks[0]
    rack.placements.append(Placement(id="pdu-1", device="test-pdu", side="left", face="rear"))
    plan.reindex()
    doc, rv = rack_view(qtbot, plan)
    view = rv.view
    item = rv.scene.devices["pdu-1"][0]
    start = view.mapFromScene(item.sceneBoundingRect().center())
    frame = rv.scene.frames[(rack.id, "rear")].sceneBoundingRect()
    right = view.mapFromScene(frame.right() - 20, frame.center().y())
    drag(view, start, right)
    p = doc.plan.placement("pdu-1")
    assert p.side == "right" and p.u is None and doc.undo_stack.count() == 1
    other = plan.site.rooms[0].rows[0].racks[1].id
    item = rv.scene.devices["pdu-1"][0]
    f2 = rv.scene.frames[(other, "rear")].sceneBoundingRect()
    drag(view, view.mapFromScene(item.sceneBoundingRect().center()), view.mapFromScene(f2.left() + 20, f2.center().y()))
    assert doc.plan.index.placement_rack["pdu-1"] == other and doc.plan.placement("pdu-1").side == "left"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.plan.index.placement_rack["pdu-1"] == rack.id and doc.plan.placement("pdu-1").side == "left"


def test_rubber_band_selects_devices(qtbot):
    plan = make_plan(3, per_rack=3, spare_racks=1)
    doc, rv = rack_view(qtbot, plan)
    view = rv.view
    rects = [it.sceneBoundingRect() for pid in ("srv-1", "srv-2") for it in rv.scene.devices[pid] if it.primary]
    top = min(r.top() for r in rects)
    frame = rv.scene.frames[(plan.site.rooms[0].rows[0].racks[0].id, "front")].sceneBoundingRect()
    a = view.mapFromScene(frame.left() - 60, frame.bottom() + 30)  # outside the rack, below U1
    b = view.mapFromScene(frame.center().x(), top + 10)
    drag(view, a, b)
    assert set(doc.selection) == {("placement", "srv-1"), ("placement", "srv-2")}


def test_fabric_view_group_labels_in_german(qtbot, tmp_path, monkeypatch):
    """A big fabric's group boxes ("Leaf group 1") are planner texts: German in the German app."""
    import functools

    from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

    from planner.fabric.graph import fabric_graph
    from planner.i18n import message_text
    from ui import i18n
    from ui.scenes import fabric as fabric_scene

    ts_dir = Path(__file__).resolve().parent.parent / "resources" / "translations"
    # groups from 4 boxes a tier on (the view's own limit is 32: this plan has 16 nodes)
    monkeypatch.setattr(fabric_scene, "fabric_graph", functools.partial(fabric_graph, max_boxes=3))
    plan = make_plan(16, spare_racks=1)
    spare = plan.site.rooms[0].rows[0].racks[-1].id
    win = window(qtbot, tmp_path, plan)
    autowire_from_dialog(qtbot, win, servers(win.doc.plan), spare)
    win.doc.flush()
    win.docks["fabricDock"].raise_()
    fv = win.fabric_view

    def texts() -> set[str]:
        fv.rebuild()
        return {it.text() for it in fv.scene.items() if isinstance(it, QGraphicsSimpleTextItem)}

    english = texts()
    assert "Node group 1" in english and "Leaf group 1" in english
    labels = [b.label for boxes in fv.graph.tiers.values() for b in boxes]
    assert "Spine group 1" in labels and message_text(labels[labels.index("Spine group 1")], "de") == \
        "Spine-Gruppe 1"
    try:
        i18n.install(QApplication.instance(), "de", ts_dir)
        german = texts()
    finally:
        i18n.install(QApplication.instance(), "en", ts_dir)
    assert "Knotengruppe 1" in german and "Leaf-Gruppe 1" in german
    assert not {t for t in german if " group " in t}, german
