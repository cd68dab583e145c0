"""Cooling in the app, as a user builds it: a plan with a rear-door rack and a direct-
liquid rack gets a facility chilled-water loop and an in-row CDU loop through Plan >
Cooling Loops, racks are put on them from the Inspector and from the loop window,
COOLING_NO_LOOP goes away in the engine's results, a row's cooling is set in one step,
a used loop is deleted only with its racks unassigned, and every step undoes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialogButtonBox

from planner.catalog import load_catalog
from planner.model.plan import CoolingChoice, Placement, Plan, PowerFeed, Rack, Room, Row, Site

pytestmark = pytest.mark.gui

FIXTURE = Path(__file__).parent / "fixtures" / "engine_catalog"
XE = "dell-poweredge-xe9680"  # 11 kW max, air
LIQ = "test-liquid-8gpu"  # 10 kW max, 80 % to liquid


@pytest.fixture(scope="module")
def catalog():
    c = load_catalog([FIXTURE])
    assert not c.errors
    return c


def rack(rid: str, name: str, devices: list[str], choice: CoolingChoice | None, position: int) -> Rack:
    ps = [Placement(id=f"{rid}-pa", device="test-pdu-3ph-80a", side="left", face="rear", feed="fa"),
          Placement(id=f"{rid}-pb", device="test-pdu-3ph-80a", side="right", face="rear", feed="fb")]
    ps += [Placement(id=f"{rid}-d{n}", device=d, u=1 + 8 * n) for n, d in enumerate(devices)]
    return Rack(id=rid, name=name, rack_type="rack-48u-600x1200", placements=ps, cooling=choice, position=position)


def cooling_plan() -> Plan:
    """Row A: R01 two XE9680 behind an active rear door (no loop), R02 two liquid-cooled
    servers on direct liquid without a loop, R03 one XE9680 on air."""
    racks = [rack("r1", "R01", [XE, XE], CoolingChoice(method="rdhx", unit="test-rdhx-active-50"), 0),
             rack("r2", "R02", [LIQ, LIQ], CoolingChoice(method="direct-liquid"), 1),
             rack("r3", "R03", [XE], None, 2)]
    return Plan(feeds=[PowerFeed(id="fa", name="A", side="A", breaker_a=125.0),
                       PowerFeed(id="fb", name="B", side="B", breaker_a=125.0)],
                site=Site(rooms=[Room(id="hall", name="Hall", width_m=12, depth_m=8,
                                      rows=[Row(id="row-a", name="A", x_m=1.2, y_m=1.8, racks=racks)])]))


@pytest.fixture
def win(qtbot, tmp_path, catalog):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(cooling_plan(), catalog, None)
    w = MainWindow(doc, settings)
    qtbot.addWidget(w, before_close_func=lambda x: x.doc.undo_stack.setClean())
    w.resize(1400, 900)
    w.show()
    doc.recompute(background=False)
    return w


def menu_action(win, menu_title: str, text: str):
    for top in win.menuBar().actions():
        if top.text().replace("&", "") == menu_title:
            for a in top.menu().actions():
                if a.text().replace("&", "").rstrip("\u2026") == text:
                    return a
    raise AssertionError(f"no {menu_title} > {text}")


def codes(doc, rid: str) -> set[str]:
    doc.flush()
    return {f.code for f in doc.results.racks[rid].findings}


def ok(editor) -> None:
    editor.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def pick(combo, value) -> None:
    i = combo.findData(value)
    assert i >= 0, (value, [combo.itemData(k) for k in range(combo.count())])
    combo.setCurrentIndex(i)


def test_build_cooling_loops_assign_racks_and_undo(qtbot, win):
    doc, insp = win.doc, win.inspector
    stack = doc.undo_stack
    assert "COOLING_NO_LOOP" in codes(doc, "r2")
    menu_action(win, "Plan", "Cooling Loops").trigger()
    dlg = win.cooling_dialog
    assert dlg.isVisible() and dlg.table.rowCount() == 0

    # a facility chilled-water loop, 100 kW at 18/24 C, through the dialog's real fields
    dlg.btn_new_facility.click()
    ed = dlg.editor
    assert ed.isVisible() and not ed.form.cdu.isVisible()  # building water: no CDU model
    ed.form.name.selectAll()
    qtbot.keyClicks(ed.form.name, "Chilled water")
    ed.form.capacity.setValue(100)
    ed.form.supply.setValue(18)
    ed.form.ret.setValue(17)  # colder than the supply: refused in the dialog, which stays open
    ok(ed)
    assert "Return" in ed.form.error.text() and ed.isVisible() and not doc.plan.cooling_loops
    ed.form.ret.setValue(24)
    ok(ed)
    assert not ed.isVisible() and stack.count() == 1
    chw = doc.plan.cooling_loops[0]
    assert (chw.name, chw.kind, chw.cdu, chw.capacity_kw, chw.supply_temp_c, chw.delta_t_k) == \
        ("Chilled water", "facility", None, 100.0, 18.0, 6.0)

    # an in-row CDU loop: two test-cdu-600 (600 kW each in the fixture catalog)
    dlg.btn_new_inrow.click()
    ed = dlg.editor
    pick(ed.form.cdu, "test-cdu-600")
    ed.form.count.setValue(2)
    ok(ed)
    assert stack.count() == 2
    cdu = doc.plan.cooling_loops[1]
    assert (cdu.kind, cdu.cdu, cdu.cdu_count, cdu.capacity_kw) == ("in-row", "test-cdu-600", 2, None)
    assert dlg.table.rowCount() == 2

    # R01's rear door onto the chilled water, from the rack's Inspector
    doc.select([("rack", "r1")])
    pick(insp.fields["cooling_loop"], chw.id)
    assert doc.plan.rack("r1").cooling == CoolingChoice(method="rdhx", unit="test-rdhx-active-50", loop=chw.id)
    # R02 onto the CDU loop: COOLING_NO_LOOP goes away
    doc.select([("rack", "r2")])
    pick(insp.fields["cooling_loop"], cdu.id)
    assert "COOLING_NO_LOOP" not in codes(doc, "r2")
    assert stack.count() == 4
    loops = doc.results.loops
    assert loops[chw.id].heat_w == pytest.approx(22_000)  # R01: 2 x 11 kW through its door
    assert loops[cdu.id].heat_w == pytest.approx(16_000)  # R02: 2 x 10 kW x 0.8
    assert dlg.table.item(0, 3).text() == "22.0 kW"  # the window shows the engine's load

    # R03 (air) selected in the plan, "Assign selected racks" on the chilled water: a rear door
    dlg.select_loop(chw.id)
    doc.select([("rack", "r3")])
    assert dlg.btn_assign.isEnabled() and "(1)" in dlg.btn_assign.text()
    dlg.btn_assign.click()
    assert doc.plan.rack("r3").cooling == CoolingChoice(method="rdhx", loop=chw.id)
    doc.flush()
    assert doc.results.loops[chw.id].heat_w == pytest.approx(33_000) and stack.count() == 5

    # undo each step: R03, R02 (the finding comes back), R01, the two loops
    stack.undo()
    assert doc.plan.rack("r3").cooling is None
    stack.undo()
    assert "COOLING_NO_LOOP" in codes(doc, "r2")
    stack.undo()
    assert doc.plan.rack("r1").cooling.loop is None
    stack.undo()
    stack.undo()
    assert not doc.plan.cooling_loops and dlg.table.rowCount() == 0
    doc.flush()
    assert not doc.results.loops


def test_new_loop_from_the_rack_and_rack_parameters(qtbot, win):
    doc, insp = win.doc, win.inspector
    doc.select([("rack", "r2")])
    insp.fields["cooling_new_loop"].click()
    ed = insp.loop_editor
    assert ed.form.kind.currentData() == "in-row" and ed.assign_racks == ["r2"]
    pick(ed.form.cdu, "test-cdu-600")
    ok(ed)
    assert doc.undo_stack.count() == 1  # the loop and R02 on it: one step
    lid = doc.plan.cooling_loops[0].id
    assert doc.plan.rack("r2").cooling.loop == lid and "COOLING_NO_LOOP" not in codes(doc, "r2")
    # the rack's own design supply temperature, below the loop's 32 C: a warning
    sup = insp.fields["cooling_supply_temp_c"]
    sup.lineEdit().selectAll()
    qtbot.keyClicks(sup, "25")
    qtbot.keyClick(sup, Qt.Key.Key_Return)
    assert doc.plan.rack("r2").cooling.supply_temp_c == 25.0
    assert "COOLING_SUPPLY_TOO_WARM" in codes(doc, "r2")
    # a rear door's unit: only rear doors offered
    doc.select([("rack", "r1")])
    unit = insp.fields["cooling_unit"]
    assert {unit.itemData(i) for i in range(unit.count())} == {None, "test-rdhx-active-50"}
    pick(unit, None)
    assert doc.plan.rack("r1").cooling.unit is None
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert not doc.plan.cooling_loops and doc.plan.rack("r2").cooling == CoolingChoice(method="direct-liquid")


def test_row_cooling_in_one_step_and_delete_a_used_loop(qtbot, win):
    doc, insp = win.doc, win.inspector
    stack = doc.undo_stack
    menu_action(win, "Plan", "Cooling Loops").trigger()
    win.cooling_dialog.btn_new_inrow.click()
    ed = win.cooling_dialog.editor
    pick(ed.form.cdu, "test-cdu-600")
    ok(ed)
    lid = doc.plan.cooling_loops[0].id
    # the row's default: direct liquid on the loop (one step each)
    doc.select([("row", "row-a")])
    pick(insp.fields["row_cooling_method"], "direct-liquid")
    pick(insp.fields["row_cooling_loop"], lid)
    assert doc.plan.index.rows["row-a"].cooling == CoolingChoice(method="direct-liquid", loop=lid)
    assert stack.count() == 3
    # R03 follows the row already; R01 and R02 have their own choice until "Apply to all racks"
    assert doc.plan.effective_cooling(doc.plan.rack("r3")).loop == lid
    apply_all = insp.fields["row_cooling_apply_all"]
    assert apply_all.isEnabled()
    apply_all.click()
    assert stack.count() == 4  # the whole row in one step
    assert all(r.cooling is None for r in doc.plan.racks())
    assert "COOLING_NO_LOOP" not in codes(doc, "r2")
    assert doc.results.loops[lid].racks == 3
    stack.undo()
    assert doc.plan.rack("r1").cooling.method == "rdhx" and doc.plan.rack("r2").cooling.loop is None
    stack.redo()

    # delete the loop from its Inspector: refused with the reason, then unassign and delete
    doc.select([("loop", lid)])
    win.act_delete.trigger()  # Edit > Delete on the selected loop: refused, the status bar says why
    assert doc.plan.cooling_loops and stack.count() == 4
    assert "used by row A" in win.statusBar().currentMessage()
    insp.fields["loop_delete"].click()
    assert "used by row A" in insp.error.text() and doc.plan.cooling_loops
    insp.fields["loop_unassign_delete"].click()
    assert not doc.plan.cooling_loops and stack.count() == 5
    assert doc.plan.index.rows["row-a"].cooling == CoolingChoice(method="direct-liquid")
    assert "COOLING_NO_LOOP" in codes(doc, "r2")
    stack.undo()
    assert doc.plan.cooling_loops and doc.plan.index.rows["row-a"].cooling.loop == lid


def test_loop_inspector_switches_kind_in_one_step(qtbot, win):
    doc, insp = win.doc, win.inspector
    menu_action(win, "Plan", "Cooling Loops").trigger()
    win.cooling_dialog.btn_new_inrow.click()
    ed = win.cooling_dialog.editor
    pick(ed.form.cdu, "test-cdu-600")
    ok(ed)
    lid = doc.plan.cooling_loops[0].id
    doc.select([("loop", lid)])
    form = insp.loop_form
    pick(form.kind, "facility")  # CDUs go, today's 600 kW stays as the design capacity
    loop = doc.plan.cooling_loop(lid)
    assert (loop.kind, loop.cdu, loop.capacity_kw) == ("facility", None, 600.0)
    assert doc.undo_stack.count() == 2
    form = insp.loop_form  # rebuilt after the change
    form.ret.setValue(form.supply.value() + 5)
    form.ret.editingFinished.emit()
    assert doc.plan.cooling_loop(lid).delta_t_k == 5.0
    doc.flush()
    assert "600 kW" in insp.loop_results_label.text()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.plan.cooling_loop(lid).cdu == "test-cdu-600"
    # a loop no rack uses goes with Edit > Delete, one undo step
    doc.select([("loop", lid)])
    win.act_delete.trigger()
    assert not doc.plan.cooling_loops
    doc.undo_stack.undo()
    assert doc.plan.cooling_loops[0].id == lid


def test_loop_window_looks_right(qtbot, win, tmp_path):
    """Grab the window and the rack/loop Inspector for a look (saved beside the test's tmp)."""
    doc = win.doc
    menu_action(win, "Plan", "Cooling Loops").trigger()
    dlg = win.cooling_dialog
    dlg.btn_new_facility.click()
    dlg.editor.form.capacity.setValue(100)
    dlg.editor.grab().save(str(tmp_path / "editor.png"))
    ok(dlg.editor)
    doc.select([("rack", "r1")])
    win.inspector.fields["cooling_loop"].setCurrentIndex(1)
    doc.flush()
    dlg.grab().save(str(tmp_path / "loops.png"))
    win.inspector.grab().save(str(tmp_path / "inspector_rack.png"))
    doc.select([("loop", doc.plan.cooling_loops[0].id)])
    win.inspector.grab().save(str(tmp_path / "inspector_loop.png"))
    doc.select([("row", "row-a")])
    win.inspector.grab().save(str(tmp_path / "inspector_row.png"))
    assert dlg.table.item(0, 0).text() == "Facility water 1"
    assert Qt.AlignmentFlag.AlignRight & dlg.table.item(0, 3).textAlignment()


def test_new_in_row_loop_starts_on_a_cdu_sized_for_the_selected_racks(qtbot, tmp_path):
    """Plan > Cooling Loops > New in-row CDU loop with R02 (16 kW of liquid heat) selected:
    the form starts on the smallest CDU that covers it, not the first (biggest) in-row unit."""
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    layer = tmp_path / "layer" / "components"
    layer.mkdir(parents=True)
    (layer / "cooling.yaml").write_text("table: cooling\nentries:\n" + "".join(
        f"  - slug: {slug}\n    vendor: Test\n    model: CDU {kw} kW\n    kind: cdu-in-row\n"
        f"    capacity_kw: {kw}\n    conditions: test\n    sources:\n      - title: test\n        covers: [capacity_kw, conditions]\n"
        for slug, kw in (("a-cdu-1350", 1350), ("b-cdu-12", 12), ("c-cdu-40", 40))))
    cat = load_catalog([FIXTURE, tmp_path / "layer"])
    assert not cat.errors, cat.errors
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    w = MainWindow(Document(cooling_plan(), cat, None), settings)
    qtbot.addWidget(w, before_close_func=lambda x: x.doc.undo_stack.setClean())
    w.show()
    w.doc.recompute(background=False)
    w.doc.select([("rack", "r2")])
    menu_action(w, "Plan", "Cooling Loops").trigger()
    w.cooling_dialog.btn_new_inrow.click()
    ed = w.cooling_dialog.editor
    assert ed.form.cdu.currentData() == "c-cdu-40" and ed.form.count.value() == 1
    ok(ed)
    assert w.doc.plan.cooling_loops[0].cdu == "c-cdu-40"
    # the loop list and the Bill of Materials and Prices name the CDU by its catalog model
    kind_cell = w.cooling_dialog.table.item(0, 1).text()
    assert "Test CDU 40 kW" in kind_cell and "c-cdu-40" not in kind_cell
    w.doc.flush()
    totals = w.panels["totalsDock"]
    totals.prices_button.click()
    bom = totals.prices_dialog
    row = bom.slugs.index("c-cdu-40")
    assert bom.table.item(row, 0).text() == "Test CDU 40 kW"
    bom.close()


def test_assign_racks_picked_in_the_loop_window(qtbot, win):
    """With no rack selected, "Assign selected racks" offers the plan's racks in its menu;
    picking R02 puts it on the loop in one undo step, and Ctrl+Z in the window takes it back."""
    from PySide6.QtTest import QTest

    doc = win.doc
    menu_action(win, "Plan", "Cooling Loops").trigger()
    dlg = win.cooling_dialog
    dlg.btn_new_inrow.click()
    ok(dlg.editor)
    lid = doc.plan.cooling_loops[0].id
    dlg.select_loop(lid)
    doc.select([])
    assert dlg.btn_assign.isEnabled()
    dlg.btn_assign.click()
    qtbot.waitUntil(dlg.assign_menu.isVisible)
    dlg.assign_menu.close()
    dlg.assign_menu.findChild(QAction, "rackMenuRack_r2").trigger()
    assert doc.plan.rack("r2").cooling.loop == lid
    n = doc.undo_stack.index()
    dlg.activateWindow()
    qtbot.waitUntil(dlg.isActiveWindow)
    dlg.table.setFocus()
    QTest.keyClick(dlg.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.undo_stack.index() == n - 1 and doc.plan.rack("r2").cooling.loop is None
