"""The power chain built in the app like a user: from a new plan, Plan > Power Feeds and
Sources..., a UPS, two feeds on it, a PDU dropped into the rack and connected to a feed in
the Inspector: PDU_NO_FEED goes away; each step is one undo step and undo takes it back.
Also: deleting a feed PDUs use, A+B feeds for a rack, pinning a cord in the Inspector."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QLabel, QPushButton, QSpinBox, QTreeWidget

from tests.fixtures.ui_app.support import fixture_catalog, make_window, two_rack_plan
from tests.test_ui_rack import drop
from ui import dialogs
from ui.shell.controllers import new_plan

pytestmark = pytest.mark.gui


def menu_action(win, menu_title: str, text: str):
    for top in win.menuBar().actions():
        if top.text().replace("&", "") == menu_title:
            for a in top.menu().actions():
                if a.text().replace("&", "").startswith(text):
                    return a
    raise AssertionError(f"no {menu_title} > {text}")


def codes(doc, kind=None):
    doc.flush()
    return {f.code for f in doc.results.findings if kind is None or f.kind == kind}


def open_power(win, qtbot):
    menu_action(win, "Plan", "Power Feeds and Sources").trigger()
    dlg = win.power_dialog
    qtbot.waitUntil(dlg.isVisible)
    assert not dlg.isModal()
    return dlg


def test_new_plan_ups_two_feeds_pdu_connected_and_undo(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, plan=new_plan(fixture_catalog()))
    doc = win.doc
    dlg = open_power(win, qtbot)
    assert dlg.tree.topLevelItemCount() == 0
    steps = []

    # 1. a UPS, capacity typed into its form
    dlg.add_source_actions["ups"].trigger()
    assert [s.name for s in doc.plan.power_sources] == ["UPS 1"]
    ups_id = doc.plan.power_sources[0].id
    assert dlg.current() == ("source", ups_id)
    steps.append(doc.undo_stack.count())
    cap = dlg.form.findChild(QDoubleSpinBox, "field_capacity_kw")
    cap.selectAll()
    qtbot.keyClicks(cap, "120")
    qtbot.keyClick(cap, Qt.Key.Key_Return)
    assert doc.plan.power_sources[0].capacity_kw == 120.0
    steps.append(doc.undo_stack.count())

    # 2. two feeds on it (the UPS selected): A, then B
    qtbot.mouseClick(dlg.add_feed_btn, Qt.MouseButton.LeftButton)
    dlg.select("source", ups_id)
    qtbot.mouseClick(dlg.add_feed_btn, Qt.MouseButton.LeftButton)
    feeds = doc.plan.feeds
    assert [(f.side, f.upstream) for f in feeds] == [("A", ups_id), ("B", ups_id)]
    steps.append(doc.undo_stack.count())
    ups_item = dlg._items[("source", ups_id)]
    assert ups_item.childCount() == 2  # the tree shows them under the UPS

    # 3. a PDU dropped from the catalog onto the rack: it hangs on no feed
    drop(win, "vertiv-pdu-test", "rack-1", "rear", 20)
    pdu = next(p for p in doc.plan.rack("rack-1").placements if p.device == "vertiv-pdu-test")
    assert pdu.feed is None
    assert "PDU_NO_FEED" in codes(doc)
    steps.append(doc.undo_stack.count())

    # 4. connect it in the Inspector: the feed list offers the two new feeds
    doc.select([("placement", pdu.id)])
    combo = win.inspector.fields[f"feed_{pdu.id}"]
    assert isinstance(combo, QComboBox)
    assert [combo.itemData(i) for i in range(combo.count())] == [None, feeds[0].id, feeds[1].id]
    assert "UPS 1" in combo.itemText(1)
    combo.setCurrentIndex(1)
    assert doc.plan.placement(pdu.id).feed == feeds[0].id
    assert "PDU_NO_FEED" not in codes(doc)
    # the engine's figures reach the UPS: the feed is under it
    assert doc.results.sources[ups_id].feeds == (feeds[0].id, feeds[1].id)
    assert doc.results.feeds[feeds[0].id].pdus == (pdu.id,)
    assert dlg.form is not None
    steps.append(doc.undo_stack.count())
    assert steps == [1, 2, 4, 5, 6]  # one undo step per gesture

    # undo walks each step back
    doc.undo_stack.undo()
    assert doc.plan.placement(pdu.id).feed is None and "PDU_NO_FEED" in codes(doc)
    doc.undo_stack.undo()
    assert pdu.id not in doc.plan.index.placements and "PDU_NO_FEED" not in codes(doc)
    doc.undo_stack.undo()
    assert len(doc.plan.feeds) == 1
    doc.undo_stack.undo()
    assert doc.plan.feeds == []
    assert dlg.tree.topLevelItemCount() == 1  # the tree follows undo
    doc.undo_stack.undo()
    assert doc.plan.power_sources[0].capacity_kw == 500.0
    doc.undo_stack.undo()
    assert doc.plan.power_sources == [] and dlg.tree.topLevelItemCount() == 0
    assert "power_sources" not in str(codes(doc))


def test_pdu_feed_list_updates_live_when_a_feed_is_added(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    doc.select([("placement", "pdu-a1")])
    combo = win.inspector.fields["feed_pdu-a1"]
    assert combo.count() == 3
    dlg = open_power(win, qtbot)
    qtbot.mouseClick(dlg.add_feed_btn, Qt.MouseButton.LeftButton)
    combo = win.inspector.fields["feed_pdu-a1"]
    assert combo.count() == 4 and combo.itemData(3) == doc.plan.feeds[-1].id


def test_delete_feed_in_use_asks_and_disconnects_in_one_step(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    dlg = open_power(win, qtbot)
    asked = []
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda parent, title, text: asked.append(text) or False)
    dlg.select("feed", "feed-a")
    qtbot.mouseClick(dlg.delete_btn, Qt.MouseButton.LeftButton)
    assert "pdu-a1" in asked[0] and len(doc.plan.feeds) == 2  # said no: nothing changed
    assert dlg.message.isVisibleTo(dlg) and "pdu-a1" in dlg.message.text()
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda parent, title, text: True)
    n = doc.undo_stack.count()
    qtbot.mouseClick(dlg.delete_btn, Qt.MouseButton.LeftButton)
    assert [f.id for f in doc.plan.feeds] == ["feed-b"] and doc.plan.placement("pdu-a1").feed is None
    assert doc.undo_stack.count() == n + 1
    assert "PDU_NO_FEED" in codes(doc)
    doc.undo_stack.undo()
    assert doc.plan.placement("pdu-a1").feed == "feed-a" and "PDU_NO_FEED" not in codes(doc)


def test_ab_feeds_for_selected_rack(qtbot, tmp_path):
    plan = two_rack_plan()
    for p in plan.rack("rack-1").placements:
        p.feed = None
    plan.feeds.clear()
    plan.reindex()
    win = make_window(qtbot, tmp_path, plan=plan)
    doc = win.doc
    assert "PDU_NO_FEED" in codes(doc)
    dlg = open_power(win, qtbot)
    doc.select([("placement", "srv-1")])  # a device in R01 stands for its rack
    n = doc.undo_stack.count()
    qtbot.mouseClick(dlg.ab_btn, Qt.MouseButton.LeftButton)
    assert doc.undo_stack.count() == n + 1
    assert {f.name: f.side for f in doc.plan.feeds} == {"R01 A": "A", "R01 B": "B"}
    assert "PDU_NO_FEED" not in codes(doc)
    assert "POWER_FEED_NO_REDUNDANCY" not in codes(doc)
    doc.undo_stack.undo()
    assert doc.plan.feeds == [] and "PDU_NO_FEED" in codes(doc)


def test_ab_feeds_for_a_selected_row_cover_its_racks(qtbot, tmp_path):
    """A selected row stands for its racks, as in Cooling Loops > Assign selected racks."""
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    dlg = open_power(win, qtbot)
    row = next(iter(doc.plan.index.rows))
    racks = [r.name for r in doc.plan.index.rows[row].racks]
    assert len(racks) >= 2
    doc.select([("row", row)])
    qtbot.mouseClick(dlg.ab_btn, Qt.MouseButton.LeftButton)
    names = {f.name for f in doc.plan.feeds}
    for r in racks:
        assert {f"{r} A", f"{r} B"} <= names


def test_inspector_shows_cords_and_pins_one(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    doc.select([("placement", "srv-1")])
    insp = win.inspector
    first = insp.scroll.widget().findChild(QLabel, "cord_1")
    assert first is not None
    res = doc.results.racks["rack-1"].cords["srv-1"]
    assert f"outlet {res[0].outlet}" in first.text() and "L1" in first.text() and "spread" in first.text()
    which = insp.fields["cord_index"]
    pdu_box, outlet_box = insp.fields["cord_pdu"], insp.fields["cord_outlet"]
    assert isinstance(which, QSpinBox) and isinstance(outlet_box, QSpinBox)
    # outlet 99 does not exist on the 36-outlet PDU: refused, shown, nothing changed
    outlet_box.setValue(99)
    qtbot.mouseClick(insp.fields["cord_pin"], Qt.MouseButton.LeftButton)
    assert insp.error.isVisibleTo(insp) and "1 to 36" in insp.error.text()
    assert doc.plan.placement("srv-1").power == []
    # pin cord 1 to outlet 35 of pdu-a1 (phase (35 - 1) % 3 -> L2)
    pdu_box.setCurrentIndex(pdu_box.findData("pdu-a1"))
    insp.fields["cord_outlet"].setValue(35)
    n = doc.undo_stack.count()
    qtbot.mouseClick(insp.fields["cord_pin"], Qt.MouseButton.LeftButton)
    assert doc.undo_stack.count() == n + 1
    assert (doc.plan.placement("srv-1").power[0].pdu, doc.plan.placement("srv-1").power[0].outlet) == ("pdu-a1", 35)
    codes(doc)
    first = insp.scroll.widget().findChild(QLabel, "cord_1")
    assert "outlet 35" in first.text() and "L2" in first.text() and "pinned" in first.text()
    spread = insp.scroll.widget().findChild(QPushButton, "cord_spread")
    qtbot.mouseClick(spread, Qt.MouseButton.LeftButton)
    assert doc.plan.placement("srv-1").power == []
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.plan.placement("srv-1").power == []


def test_source_in_inspector_and_findings(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    dlg = open_power(win, qtbot)
    dlg.add_source_actions["panel"].trigger()
    sid = doc.plan.power_sources[0].id
    assert "POWER_SOURCE_UNUSED" in codes(doc, "source")
    doc.select([("source", sid)])
    name = win.inspector.fields["name"]
    name.setText("PP-1")
    name.editingFinished.emit()
    assert doc.plan.power_source(sid).name == "PP-1"
    assert dlg._items[("source", sid)].text(0) == "PP-1"  # the window follows
    up = win.inspector.fields["upstream"]
    assert up.count() == 1  # (none): a source cannot hang off itself
    tree = dlg.findChild(QTreeWidget, "powerTree")
    assert tree is dlg.tree


def test_dialog_form_edits_a_feed_in_place_and_follows_undo(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    dlg = open_power(win, qtbot)
    dlg.add_source_actions["ups"].trigger()
    ups = doc.plan.power_sources[0].id
    orig_breaker = doc.plan.feed("feed-a").breaker_a
    assert orig_breaker != 63.0
    dlg.select("feed", "feed-a")
    form = dlg.form
    name = form.fields["name"]
    name.selectAll()
    qtbot.keyClicks(name, "PP-1 A")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert dlg.isVisible()  # Return commits the field, it does not close the window
    assert doc.plan.feed("feed-a").name == "PP-1 A"
    assert dlg._items[("feed", "feed-a")].text(0) == "PP-1 A"
    assert dlg.form is form  # the same form: the user's place in it stays
    breaker = form.fields["breaker_a"]
    breaker.selectAll()
    qtbot.keyClicks(breaker, "63")
    qtbot.keyClick(breaker, Qt.Key.Key_Return)
    assert doc.plan.feed("feed-a").breaker_a == 63.0
    assert len(doc.plan.power_sources) == 1 and len(doc.plan.feeds) == 2  # Return pressed no button
    # hang it off the UPS: the tree moves it under the UPS, still selected
    up = form.fields["upstream"]
    up.setCurrentIndex(up.findData(ups))
    up.activated.emit(up.currentIndex())
    assert doc.plan.feed("feed-a").upstream == ups
    assert dlg._items[("source", ups)].childCount() == 1
    assert dlg.current() == ("feed", "feed-a")
    # undo: upstream, breaker, name; the form shows each old value
    doc.undo_stack.undo()
    assert dlg._items[("source", ups)].childCount() == 0
    doc.undo_stack.undo()
    assert dlg.form.fields["breaker_a"].value() == orig_breaker == doc.plan.feed("feed-a").breaker_a
    doc.undo_stack.undo()
    assert dlg.form.fields["name"].text() == "Feed A" == dlg._items[("feed", "feed-a")].text(0)


def test_selected_feed_deleted_by_undo_leaves_the_selection(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    dlg = open_power(win, qtbot)
    qtbot.mouseClick(dlg.add_feed_btn, Qt.MouseButton.LeftButton)
    fid = doc.plan.feeds[-1].id
    doc.select([("feed", fid)])
    assert "name" in win.inspector.fields
    doc.undo_stack.undo()
    assert doc.selection == ()


def test_edit_delete_removes_a_selected_unused_feed_and_refuses_a_used_one(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    refusals = []
    doc.refused.connect(refusals.append)
    doc.select([("feed", "feed-a")])
    menu_action(win, "Edit", "Delete").trigger()
    assert "feed-a" in {f.id for f in doc.plan.feeds}
    assert refusals and "pdu-a1" in refusals[0]
    assert "pdu-a1" in win.statusBar().currentMessage()
    dlg = open_power(win, qtbot)
    qtbot.mouseClick(dlg.add_feed_btn, Qt.MouseButton.LeftButton)
    fid = doc.plan.feeds[-1].id
    doc.select([("feed", fid)])
    menu_action(win, "Edit", "Delete").trigger()
    assert fid not in {f.id for f in doc.plan.feeds}
    doc.undo_stack.undo()
    assert fid in {f.id for f in doc.plan.feeds}


def test_ab_feeds_pick_racks_in_the_window_and_ctrl_z_undoes_there(qtbot, tmp_path):
    """Nothing selected: the A+B button opens a menu of the plan's racks (the window no longer
    has to be closed to select them in the elevations); a row picked there gets its feeds, and
    Ctrl+Z / Ctrl+Shift+Z typed in the power window undo and redo it."""
    from PySide6.QtTest import QTest

    win = make_window(qtbot, tmp_path)
    doc = win.doc
    dlg = open_power(win, qtbot)
    doc.select([])
    n = doc.undo_stack.count()
    before = {f.name for f in doc.plan.feeds}
    qtbot.mouseClick(dlg.ab_btn, Qt.MouseButton.LeftButton)
    assert doc.undo_stack.count() == n and dlg.message.isVisible()
    qtbot.waitUntil(dlg.ab_menu.isVisible)
    row = next(iter(doc.plan.index.rows.values()))
    sub = dlg.ab_menu.findChild(type(dlg.ab_menu), f"rackMenuRow_{row.id}")
    whole = next(a for a in sub.actions() if a.objectName() == f"rackMenuRowAll_{row.id}")
    dlg.ab_menu.close()
    whole.trigger()
    assert doc.undo_stack.count() == n + 1
    names = {f.name for f in doc.plan.feeds} - before
    assert names == {f"{r.name} {s}" for r in row.racks for s in "AB"}
    dlg.activateWindow()
    qtbot.waitUntil(dlg.isActiveWindow)
    dlg.tree.setFocus()
    QTest.keyClick(dlg.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.undo_stack.count() == n + 1 and doc.undo_stack.index() == n
    assert {f.name for f in doc.plan.feeds} == before
    QTest.keyClick(dlg.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert doc.undo_stack.index() == n + 1
