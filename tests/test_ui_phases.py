"""Growth phases in the app (docs/phases.md), driven through the real widgets: Plan > Growth
Phases lists the phases with the engine's figures, adds, renames (a duplicate name refused in
the window), reorders and removes phases; the selection goes into a phase as one undo step
(from the window and from the Inspector); the rack view's phase chooser draws what later
phases add as reserved, on the elevations and the floor plan."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt

from planner.catalog import load_catalog
from planner.files.plan_io import plan_from_dict
from tests.test_phases import content

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture
def win(qtbot, tmp_path, catalog):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(plan_from_dict(content(2, tagged=True)), catalog, None)
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


def cell(dlg, row: int, col: int) -> str:
    return dlg.table.item(row, col).text()


def test_phases_window_edits_each_one_undo_step(qtbot, win):
    from ui.dialogs.phases import GPUS, NAME

    doc, stack = win.doc, win.doc.undo_stack
    menu_action(win, "Plan", "Growth Phases").trigger()
    dlg = win.phases_dialog
    assert dlg.isVisible() and dlg.table.rowCount() == 3
    assert [cell(dlg, r, NAME) for r in range(3)] == ["Pilot Q1", "Production Q3", "Expansion 2028"]
    assert [cell(dlg, r, GPUS) for r in range(3)] == ["8", "64", "256"]  # the engine's figures

    qtbot.mouseClick(dlg.add_button, Qt.MouseButton.LeftButton)
    assert [ph.name for ph in doc.plan.growth_phases][-1] == "Phase 4" and dlg.table.rowCount() == 4
    dlg.table.item(3, NAME).setText("pilot q1")  # as typed into the cell: a duplicate name
    assert dlg.error.isVisible() and "pilot q1" in dlg.error.text()
    assert doc.plan.growth_phases[3].name == "Phase 4" and cell(dlg, 3, NAME) == "Phase 4"
    dlg.table.item(3, NAME).setText("Expansion 2029")
    assert doc.plan.growth_phases[3].name == "Expansion 2029" and not dlg.error.isVisible()
    dlg.table.selectRow(3)
    qtbot.mouseClick(dlg.up_button, Qt.MouseButton.LeftButton)
    assert [ph.name for ph in doc.plan.growth_phases][2:] == ["Expansion 2029", "Expansion 2028"]
    qtbot.mouseClick(dlg.remove_button, Qt.MouseButton.LeftButton)
    assert [ph.name for ph in doc.plan.growth_phases] == ["Pilot Q1", "Production Q3", "Expansion 2028"]
    for _ in range(4):  # remove, move, rename, add: one step each
        stack.undo()
    assert [ph.name for ph in doc.plan.growth_phases] == ["Pilot Q1", "Production Q3", "Expansion 2028"]
    assert not stack.canUndo()


def test_selection_into_a_phase_from_window_and_inspector(qtbot, win):
    doc, stack = win.doc, win.doc.undo_stack
    menu_action(win, "Plan", "Growth Phases").trigger()
    dlg = win.phases_dialog
    doc.select([("rack", "r02"), ("rack", "r03"), ("row", "row-a")])  # the row has no phase: left out
    dlg.table.selectRow(2)
    qtbot.mouseClick(dlg.assign_button, Qt.MouseButton.LeftButton)
    assert doc.plan.rack("r02").growth_phase == "ph-exp" and doc.plan.rack("r03").growth_phase == "ph-exp"
    doc.flush()
    assert doc.results.phases.phases[1].results.totals.gpus == 32  # production without R02, R03
    stack.undo()  # both racks in one step
    assert doc.plan.rack("r02").growth_phase == "ph-prod" and doc.plan.rack("r03").growth_phase == "ph-prod"

    # the Inspector: one rack's phase, and a phase for a multiple selection
    doc.select([("rack", "r02")])
    combo = win.inspector.fields["growth_phase"]
    combo.setCurrentIndex(combo.findData("ph-pilot"))
    assert doc.plan.rack("r02").growth_phase == "ph-pilot"
    doc.select([("placement", "gpu-2"), ("placement", "gpu-3")])
    combo = win.inspector.fields["selection_phase"]
    combo.setCurrentIndex(combo.findData("ph-exp"))
    assert {doc.plan.placement(p).growth_phase for p in ("gpu-2", "gpu-3")} == {"ph-exp"}
    stack.undo()
    assert {doc.plan.placement(p).growth_phase for p in ("gpu-2", "gpu-3")} == {"ph-prod"}


def test_show_phase_draws_later_phases_as_reserved(qtbot, win):
    from ui import style

    doc = win.doc
    view = win.rack_view
    box = view.phase_box
    assert box.isVisible() and box.count() == 4  # all, and up to each phase
    box.setCurrentIndex(box.findData("ph-pilot"))
    assert doc.phase_view == "ph-pilot"
    scene = view.scene
    assert scene.devices["gpu-1"][0].opacity() == 1.0  # the pilot's server
    assert scene.devices["gpu-2"][0].opacity() == pytest.approx(style.RESERVED_OPACITY)  # production's, same rack
    assert scene.frames[("r02", "front")].opacity() == pytest.approx(style.RESERVED_OPACITY)
    assert scene.frames[("r01", "front")].opacity() == 1.0
    floor = win.floor_view.scene
    assert floor.racks["r02"].opacity() == pytest.approx(style.RESERVED_OPACITY)
    assert floor.racks["r01"].opacity() == 1.0
    box.setCurrentIndex(box.findData(None))
    assert doc.phase_view is None and scene.devices["gpu-2"][0].opacity() == 1.0


def test_show_phase_gives_the_racks_the_figures_and_colours_of_that_phase(qtbot, win):
    """A walk-through (issue 32): with *Up to Pilot Q1* shown, R01's header still said the
    whole plan's load and GPUs in the overload colour and the floor plan drew it red, though
    the pilot's R01 carries one server; the pilot is judged by what the pilot has."""
    from ui.scenes.rack.scene import rack_figures_text

    doc = win.doc
    doc.flush()
    whole = doc.results
    pilot = whole.phases.phases[0].results
    assert pilot.racks["r01"].gpu_count < whole.racks["r01"].gpu_count
    view, floor = win.rack_view, win.floor_view.scene
    view.phase_box.setCurrentIndex(view.phase_box.findData("ph-pilot"))
    header = view.scene.figures["r01"].text()
    assert header == rack_figures_text(pilot, "r01") != rack_figures_text(whole, "r01")
    assert floor.racks["r01"].util == pytest.approx(pilot.racks["r01"].power_utilisation)
    assert floor.racks["r01"].level == pilot.racks["r01"].power_level
    # a rack a later phase adds keeps its figures of the whole plan (drawn faint)
    assert view.scene.figures["r02"].text() == rack_figures_text(whole, "r02")
    view.phase_box.setCurrentIndex(view.phase_box.findData(None))
    assert view.scene.figures["r01"].text() == rack_figures_text(whole, "r01")
    assert floor.racks["r01"].util == pytest.approx(whole.racks["r01"].power_utilisation)


def test_the_rack_power_chart_follows_the_phase_shown(qtbot, win):
    """The Charts' rack bars drew the whole plan's load while the rack view and the floor
    plan showed *Up to Pilot Q1* (walk-through, issue 32): the bars follow the phase shown."""
    from ui.panels.charts import ChartsPanel

    doc = win.doc
    doc.flush()
    whole = doc.results
    pilot = whole.phases.phases[0].results
    charts = ChartsPanel(doc)
    qtbot.addWidget(charts)
    charts.show()
    bars = charts.power
    i = bars.rack_ids.index("r01")
    assert bars.heights[i] == pytest.approx(whole.racks["r01"].power_load_w / 1000)
    view = win.rack_view
    view.phase_box.setCurrentIndex(view.phase_box.findData("ph-pilot"))
    assert bars.heights[i] == pytest.approx(pilot.racks["r01"].power_load_w / 1000) != whole.racks["r01"].power_load_w / 1000
    j = bars.rack_ids.index("r02")  # a rack a later phase adds: the whole plan's figure
    assert bars.heights[j] == pytest.approx(whole.racks["r02"].power_load_w / 1000)
    view.phase_box.setCurrentIndex(view.phase_box.findData(None))
    assert bars.heights[i] == pytest.approx(whole.racks["r01"].power_load_w / 1000)


def test_findings_panel_names_the_phase_that_breaks_each_limit(qtbot, win):
    from ui.panels.findings import FindingsPanel

    panel = win.panels["findingsDock"]
    assert isinstance(panel, FindingsPanel)
    win.doc.flush()
    rows = {(r[1], r[4]): r[2] for r in panel.model.rows}
    assert rows[("POWER_FEED_FAILOVER_OVERLOAD", "feed-r01-a")].endswith("(from Production Q3)")
    assert rows[("FABRIC_UNCONNECTED_PORTS", "fab-ib")].endswith("(from Pilot Q1)")


def test_a_phase_start_typed_as_a_quarter_is_taken_and_a_year_alone_is_one_clear_line(qtbot, win):
    """A German walk-through (issue 32): "Q3 2027" typed into the Start cell was refused with
    pydantic's pattern, ``String should match pattern '^(\\d{4}-(0[1-9]|1[0-2])...'``. The
    quarter is taken (stored as its first month); a year alone is one line that names the phase
    and the forms taken."""
    from ui.dialogs.phases import START

    doc, stack = win.doc, win.doc.undo_stack
    menu_action(win, "Plan", "Growth Phases").trigger()
    dlg = win.phases_dialog
    dlg.table.item(2, START).setText("Q3 2028")  # as typed into the cell
    assert doc.plan.growth_phases[2].start == "2028-07" and cell(dlg, 2, START) == "2028-07"
    assert not dlg.error.isVisible() and stack.count() == 1
    assert "Q3 2027" in dlg.table.item(2, START).toolTip()
    dlg.table.item(1, START).setText("2028")
    assert dlg.error.isVisible()
    assert dlg.error.text() == ("start of growth phase 'Production Q3': '2028' is not a month or a date: write "
                                "2027-07, 2027-07-15, Q3 2027, 07.2027 or July 2027")
    assert doc.plan.growth_phases[1].start == "2027-07" and cell(dlg, 1, START) == "2027-07"
    assert stack.count() == 1
    stack.undo()
    assert doc.plan.growth_phases[2].start == ""


def test_a_phases_findings_are_listed_from_the_phases_window(qtbot, win):
    """A German walk-through (issue 32): the Phases window counted findings for the pilot that
    the Findings panel, the whole plan's, did not have (the pilot's PDUs hang on feeds that come
    with production: no feed in the pilot). *Show Findings* and a double-click on a phase's
    figures list that phase's findings there, with its counts; a finding leads to its PDU;
    *All phases* is the whole plan again."""
    from ui.dialogs.phases import FINDINGS
    from ui.panels.findings import FindingsPanel

    doc = win.doc
    doc.select([("feed", "feed-r01-a"), ("feed", "feed-r01-b")])
    menu_action(win, "Plan", "Growth Phases").trigger()
    dlg = win.phases_dialog
    dlg.table.selectRow(1)
    qtbot.mouseClick(dlg.assign_button, Qt.MouseButton.LeftButton)  # the pilot's feeds into production
    doc.flush()
    panel = win.panels["findingsDock"]
    assert isinstance(panel, FindingsPanel)
    whole = {(r[1], r[4]) for r in panel.model.rows}
    assert ("PDU_NO_FEED", "pdu-r01-a") not in whole  # the whole plan has the feed
    assert panel.phase_box.isVisible() and panel.phase_box.count() == 4

    dlg.table.selectRow(0)
    qtbot.mouseClick(dlg.findings_button, Qt.MouseButton.LeftButton)
    pilot = doc.results.phases.phases[0].results
    assert panel.phase == "ph-pilot" and panel.phase_box.currentData() == "ph-pilot"
    assert panel.phase_box.currentText() == "Up to Pilot Q1"
    assert {(r[1], r[4]) for r in panel.model.rows} == {(f.code, f.id) for f in pilot.findings}
    assert ("PDU_NO_FEED", "pdu-r01-a") in {(r[1], r[4]) for r in panel.model.rows}
    counts = pilot.counts()
    assert panel.buttons["warning"].text().endswith(f" {counts['warning']}")
    assert panel.buttons["error"].text().endswith(f" {counts['error']}")
    assert win.docks["findingsDock"].isVisible() and not win.docks["findingsDock"].visibleRegion().isEmpty()
    row = next(i for i, r in enumerate(panel.model.rows) if r[1] == "PDU_NO_FEED" and r[4] == "pdu-r01-a")
    panel.show_finding(panel.proxy.mapFromSource(panel.model.index(row, 0)))
    assert doc.selection == (("placement", "pdu-r01-a"),)

    # the production row's Errors count, double-clicked: production's findings
    item = dlg.table.item(1, FINDINGS)
    dlg.table.itemDoubleClicked.emit(item)
    prod = doc.results.phases.phases[1].results
    assert panel.phase == "ph-prod" and int(item.text()) == prod.counts()["error"] > 0
    assert sum(1 for r in panel.model.rows if r[0] == "error") == prod.counts()["error"]
    doc.flush()  # an edit later: still production's
    assert panel.phase == "ph-prod" and {(r[1], r[4]) for r in panel.model.rows} == {(f.code, f.id) for f in
                                                                                 doc.results.phases.phases[1].results.findings}

    # the chooser leaves the window within a 1366 px laptop screen (its first cut made the
    # Findings dock 150 px wider and the window 1,440 px)
    win.resize(1366, 740)
    qtbot.wait(20)
    assert win.width() <= 1366 and panel.minimumSizeHint().width() <= 480

    panel.phase_box.setCurrentIndex(0)
    panel.phase_box.activated.emit(0)  # as chosen by the user
    assert panel.phase is None and {(r[1], r[4]) for r in panel.model.rows} == whole


def test_a_workload_added_while_a_later_phase_is_shown_is_that_phases_target(qtbot, win):
    """Issue 32 walk-through: a workload added in the app always started in the first phase,
    so an architect looking at production (Show phase) who added production's target found it
    checked against the pilot. It starts in the phase shown; with all phases shown, the first."""
    doc, panel = win.doc, win.panels["workloadsDock"]
    view = win.rack_view
    view.phase_box.setCurrentIndex(view.phase_box.findData("ph-prod"))
    panel.add_actions["vision"].trigger()
    w = next(x for x in doc.plan.workloads if x.id == panel.current_id())
    assert w.kind == "vision" and w.growth_phase == "ph-prod"
    assert panel.phase_combo is not None and panel.phase_combo.currentData() == "ph-prod"
    doc.undo_stack.undo()  # one step
    assert w.id not in {x.id for x in doc.plan.workloads}
    view.phase_box.setCurrentIndex(view.phase_box.findData(None))
    panel.add_actions["analytics"].trigger()
    assert next(x for x in doc.plan.workloads if x.id == panel.current_id()).growth_phase is None


def test_a_device_that_names_no_phase_is_shown_with_its_racks_phase(qtbot, win):
    """Issue 32 walk-through: the Inspector offered a device "Pilot (not named: the first)"
    where a device naming no phase comes with its rack (docs/phases.md): in production's R02
    that is production."""
    from planner.model.edits import SetProperty

    doc = win.doc
    rack = doc.plan.rack("r02")
    assert rack.growth_phase == "ph-prod"
    pid = rack.placements[0].id
    assert doc.push(SetProperty("placement", pid, "growth_phase", None))
    doc.select([("placement", pid)])
    combo = win.inspector.fields["growth_phase"]
    assert combo.currentData() is None
    assert combo.currentText() == "Production Q3 (not named: with its rack)"
    doc.select([("rack", "r02")])  # a rack naming no phase is the first's: said so
    combo = win.inspector.fields["growth_phase"]
    assert combo.itemText(0) == "Pilot Q1 (not named: the first)"
