"""Totals, findings and charts panels, and floor colours, driven by the real engine."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine, levels
from planner.model.edits import RemovePlacement, SetProperty, SetRackCooling
from planner.model.plan import CoolingChoice
from ui import style
from ui.document import Document
from ui.panels.charts import ChartsPanel
from ui.panels.findings import FindingsPanel
from ui.panels.totals import TotalsPanel
from ui.scenes.floor import FloorView

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture
def doc(qtbot, catalog):
    d = Document(synthetic_plan(64, catalog), catalog, engine=Engine(catalog))
    d.recompute(background=False)
    assert d.results is not None
    return d


def gpu_rack(doc) -> str:
    return next(rid for rid, rr in doc.results.racks.items() if rr.gpu_count > 0)


def test_totals_show_engine_numbers_and_follow_edits(qtbot, doc):
    panel = TotalsPanel(doc)
    qtbot.addWidget(panel)
    t = doc.results.totals
    value = panel.rows["gpus"][0]
    assert value.text() == f"{t.gpus:,}" and t.gpus > 0
    # the GPUs by the catalog's model, as the build plan names them, not by slug
    detail = panel.rows["gpus"][1].text()
    for slug, n in t.agg.gpus.items():
        assert f"{n:,} × {doc.catalog.gpu(slug).model}" in detail and f"× {slug}" not in detail
    assert panel.rows["it_power"][0].text().replace(",", "") == f"{t.agg.sums['max_w'] / 1000:.1f} kW"
    # remove one GPU server of the plan (whichever the synthetic plan uses): the panel
    # shows the engine's new total, short of exactly that server's GPUs (catalog figure)
    cat = doc.catalog
    server, gpus = next((p.id, d.gpu_count) for p in doc.plan.index.placements.values()
                        if (d := cat.get("device-types", p.device)) is not None and d.gpu_count > 0)
    assert gpus > 0
    with qtbot.waitSignal(doc.resultsChanged, timeout=5000):
        doc.push(RemovePlacement(server))
    assert doc.results.totals.gpus == t.gpus - gpus
    assert value.text() == f"{doc.results.totals.gpus:,}"
    doc.undo_stack.undo()
    doc.flush()
    assert value.text() == f"{t.gpus:,}"


def test_cooling_colour_follows_utilisation_on_floor_totals_and_charts(qtbot, doc):
    floor = FloorView(doc)
    totals = TotalsPanel(doc)
    charts = ChartsPanel(doc)
    for w in (floor, totals, charts):
        qtbot.addWidget(w)
    floor.set_mode("cooling")
    rid = gpu_rack(doc)
    item = floor.scene.racks[rid]
    rr = doc.results.racks[rid]
    assert item.util == pytest.approx(rr.heat_w / rr.cooling_capacity_w)
    assert rr.cooling_level == item.level == levels.OK, "a liquid-cooled 4 x XE9680 rack is well within DLC capacity"
    assert item.fill == style.level_fill(levels.OK, rr.cooling_utilisation)
    # move the rack to plain air: ~45 kW of servers against an air-cooled limit -> red
    with qtbot.waitSignal(doc.resultsChanged, timeout=5000):
        doc.push(SetRackCooling(rid, CoolingChoice(method="air")))
    rr = doc.results.racks[rid]
    assert rr.heat_w > rr.cooling_capacity_w and rr.cooling_level == levels.OVER
    assert item.util == pytest.approx(rr.heat_w / rr.cooling_capacity_w) and item.fill == style.BAD
    assert totals.levels["cooling"] == levels.OVER
    # the Cooling tab is not in view: it is drawn when the user opens it, with the new results
    assert charts.tabs.currentWidget() is charts.power
    charts.tabs.setCurrentWidget(charts.cooling)
    i = charts.cooling.rack_ids.index(rid)
    assert charts.cooling.heights[i] == pytest.approx(rr.heat_w / 1000)
    assert charts.cooling.levels[i] == levels.OVER
    # power colouring is a toggle: the same rack's power utilisation is unchanged
    floor.act_power.trigger()
    assert item.util == pytest.approx(rr.power_load_w / rr.power_capacity_w)
    assert item.level == rr.power_level
    doc.undo_stack.undo()
    doc.flush()
    floor.set_mode("cooling")
    assert item.level == levels.OK


def test_double_click_on_a_finding_selects_its_rack(qtbot, doc):
    rid = gpu_rack(doc)
    doc.push(SetRackCooling(rid, CoolingChoice(method="air")))
    doc.flush()
    floor = FloorView(doc)
    panel = FindingsPanel(doc)
    for w in (floor, panel):
        qtbot.addWidget(w)
    panel.resize(900, 400)
    panel.show()
    qtbot.waitExposed(panel)
    table = panel.table
    row = next(r for r in range(panel.proxy.rowCount())
               if panel.proxy.index(r, 1).data() == "COOLING_OVER_CAPACITY")
    idx = panel.proxy.index(row, 2)
    table.scrollTo(idx)
    rect = table.visualRect(idx)
    assert doc.selection == ()
    # a real double-click: press/release, then the double-click event at the same spot
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    assert doc.selection == (), "a single click only highlights the finding"
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    assert doc.selection == (("rack", rid),)
    assert floor.scene.racks[rid].isSelected()


def test_findings_sort_and_filter_by_severity(qtbot, doc):
    rid = gpu_rack(doc)
    doc.push(SetRackCooling(rid, CoolingChoice(method="air")))
    doc.flush()
    panel = FindingsPanel(doc)
    qtbot.addWidget(panel)
    sevs = [panel.proxy.index(r, 0).data().lower() for r in range(panel.proxy.rowCount())]
    counts = doc.results.counts()
    assert len(sevs) == sum(counts.values())
    assert sevs == sorted(sevs, key=style.severity_rank), "errors first"
    assert panel.buttons["error"].text() == f"Errors {counts['error']}"
    panel.buttons["error"].click()  # hide errors
    shown = {panel.proxy.index(r, 0).data().lower() for r in range(panel.proxy.rowCount())}
    assert "error" not in shown and panel.proxy.rowCount() == counts["warning"] + counts["info"]
    panel.buttons["error"].click()
    panel.search.setText("COOLING_OVER")
    assert {panel.proxy.index(r, 1).data() for r in range(panel.proxy.rowCount())} == {"COOLING_OVER_CAPACITY"}
    # clicking the severity header reverses the order (info first)
    panel.search.clear()
    panel.resize(900, 400)
    panel.show()
    qtbot.waitExposed(panel)
    hdr = panel.table.horizontalHeader()
    QTest.mouseClick(hdr.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(hdr.sectionViewportPosition(0) + 20, hdr.height() // 2))
    sevs2 = [panel.proxy.index(r, 0).data().lower() for r in range(panel.proxy.rowCount())]
    assert sevs2 == sorted(sevs, key=style.severity_rank, reverse=True)


def test_a_chart_makes_its_plot_when_first_on_screen(qtbot, doc):
    """Built as the main window builds it, no chart has a plot (pyqtgraph and numpy stay
    unimported until then, issue 30); shown, the chart in view makes its plot after its first
    frame and draws the engine's bars, a tab not yet chosen makes its own when chosen."""
    charts = ChartsPanel(doc)
    qtbot.addWidget(charts)
    assert not any(c.plot_built() for c in (charts.power, charts.cooling, charts.workloads))
    charts.resize(600, 400)
    charts.show()
    qtbot.waitUntil(charts.power.plot_built, timeout=3000)
    assert charts.power.plot_area.isVisible() and not charts.cooling.plot_built()
    assert len(charts.power.bars.opts["height"]) == len(doc.plan.index.racks)
    bar = charts.tabs.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, bar.tabRect(1).center())
    qtbot.waitUntil(charts.cooling.plot_built, timeout=3000)
    rid = gpu_rack(doc)
    heights = list(charts.cooling.bars.opts["height"])
    assert heights[charts.cooling.rack_ids.index(rid)] == pytest.approx(doc.results.racks[rid].heat_w / 1000)


def test_charts_one_bar_per_rack_with_engine_heights(qtbot, doc):
    charts = ChartsPanel(doc)
    qtbot.addWidget(charts)
    assert charts.power.bar_count() == 0  # not on screen: nothing drawn yet
    charts.show()
    qtbot.waitExposed(charts)
    assert charts.power.bar_count() == len(doc.results.racks) == len(doc.plan.index.racks)
    for rid, h in zip(charts.power.rack_ids, charts.power.heights):
        assert h == pytest.approx(doc.results.racks[rid].power_load_w / 1000)
    # the document's selection outlines the rack's bar
    rid = charts.power.rack_ids[1]
    doc.select([("rack", rid)])
    assert list(charts.power.sel.opts["x"]) == [1.0]


def test_the_selected_finding_stays_selected_when_its_rack_is_renamed(qtbot, doc):
    """A rename moves the renamed rack's rows out and in again: the selection slid onto the
    next finding (seen on a real X server); it stays on the same one."""
    panel = FindingsPanel(doc)
    qtbot.addWidget(panel)
    panel.resize(900, 400)
    panel.show()
    qtbot.waitExposed(panel)
    rid = gpu_rack(doc)
    name = doc.plan.index.racks[rid].name
    row = next(r for r in range(panel.proxy.rowCount())
               if panel.proxy.index(r, 3).data().endswith(")") and f" in {name} " in f"{panel.proxy.index(r, 3).data()} ")
    idx = panel.proxy.index(row, 2)
    rect = panel.table.visualRect(idx)
    QTest.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    before = panel._selected_finding()
    assert before is not None and before[3]
    doc.push(SetProperty("rack", rid, "name", "Renamed rack"))
    doc.flush()
    assert panel._selected_finding() == before
    sel = panel.table.selectionModel().selectedRows()
    assert len(sel) == 1 and "Renamed rack" in panel.proxy.index(sel[0].row(), 3).data()


def test_charts_and_floor_follow_a_rename_and_a_load_change(qtbot, doc):
    """The bars are drawn again only when a rack's figures change (issue 30), so what an edit
    does change must still show: a renamed rack's name under its bar, a removed server's
    power in its bar and in the floor plan's figure."""
    charts, floor = ChartsPanel(doc), FloorView(doc)
    for w in (charts, floor):
        qtbot.addWidget(w)
    charts.show()
    qtbot.waitExposed(charts)
    rid = gpu_rack(doc)
    doc.push(SetProperty("rack", rid, "name", "Renamed rack"))
    doc.flush()
    assert charts.power.names[charts.power.rack_ids.index(rid)] == "Renamed rack"
    before = floor.scene.racks[rid].figure
    server = next(p for p in doc.plan.index.racks[rid].placements if p.u is not None)
    doc.push(RemovePlacement(server.id))
    doc.flush()
    rr = doc.results.racks[rid]
    assert charts.power.heights[charts.power.rack_ids.index(rid)] == pytest.approx(rr.power_load_w / 1000)
    assert floor.scene.racks[rid].figure != before and f"{rr.power_load_w / 1000:.1f}" in floor.scene.racks[rid].figure


def test_totals_say_a_rack_has_no_power_capacity_yet_instead_of_infinite_percent(qtbot, catalog):
    """Servers placed before any PDU: the fullest rack read 'at ∞ %'."""
    plan = synthetic_plan(8, catalog)
    for rack in list(plan.racks()):
        for p in list(rack.placements):
            if catalog.get("device-types", p.device).planning.kind == "pdu":
                RemovePlacement(p.id).apply(plan)
    d = Document(plan, catalog, engine=Engine(catalog))
    d.recompute(background=False)
    assert d.results.rack_summary("power").utilisation == float("inf")
    panel = TotalsPanel(d)
    qtbot.addWidget(panel)
    detail = panel.rows["it_power"][1].text()
    worst = d.results.rack_summary("power").worst.name
    assert f"rack {worst} has load but no power capacity yet" in detail and "∞" not in detail


def test_no_percent_sign_is_left_to_wrap_alone_in_totals(qtbot, doc):
    """'… at 68 %' wrapped its '%' onto a line of its own in a narrow dock (real X server):
    every percentage in the Totals is joined to its number by a no-break space."""
    panel = TotalsPanel(doc)
    qtbot.addWidget(panel)
    texts = [w.text() for v, d, _bar in panel.rows.values() for w in (v, d)]
    assert any("\u00a0%" in t for t in texts)
    assert not [t for t in texts if " %" in t]


def test_findings_where_names_each_thing_once(qtbot, catalog):
    """'Where' reads 'PDU NVL72-1 A1 (id)', not 'PDU PDU NVL72-1 A1 (id)', when the
    device's name already says what it is; other rows keep their kind label."""
    from pathlib import Path

    from planner.files.documents import load_plan

    plan = load_plan(Path(__file__).resolve().parents[1] / "examples" / "gb200-nvl72.json")
    d = Document(plan, catalog, engine=Engine(catalog))
    d.recompute(background=False)
    panel = FindingsPanel(d)
    qtbot.addWidget(panel)
    wheres = [panel.proxy.index(r, 3).data() for r in range(panel.proxy.rowCount())]
    assert wheres
    assert not [w for w in wheres if w.lower().startswith("pdu pdu")]
    pdu_rows = [w for w in wheres if w.startswith("PDU ")]
    assert pdu_rows  # the example's PDU findings still say PDU


def _fresh_rows(qtbot, doc) -> list:
    """The rows a Findings panel made now, from nothing, shows."""
    fresh = FindingsPanel(doc)
    qtbot.addWidget(fresh)
    return list(fresh.model.rows)


def test_findings_follow_each_edit_row_by_row_as_a_fresh_panel_shows_them(qtbot, doc):
    """The panel redoes only the rows an edit touched (issue 30: a rack rename in a 16k-GPU
    hall rebuilt all 5,000 rows): after a rename, a device removed, a cooling change, undo
    and redo its rows are those of a panel made afresh, the renamed rack's PDU rows say the
    new name (their findings did not change, only the place), and a rename moves rows
    instead of resetting the table."""
    panel = FindingsPanel(doc)
    qtbot.addWidget(panel)
    resets: list[int] = []
    panel.model.modelReset.connect(lambda: resets.append(1))
    rid = gpu_rack(doc)
    rack = doc.plan.index.racks[rid]
    old_name = rack.name
    assert any(r[3] == "pdu" and old_name in r[5] for r in panel.model.rows), "the rack's PDUs have findings"
    doc.push(SetProperty("rack", rid, "name", "Renamed hall rack"))
    doc.flush()
    assert panel.model.rows == _fresh_rows(qtbot, doc)
    assert not any(old_name in r[5] for r in panel.model.rows if r[3] == "pdu" and "Renamed" not in r[5])
    assert any(r[3] == "pdu" and "Renamed hall rack" in r[5] for r in panel.model.rows)
    assert not resets, "a rename moves the rows it changed"
    server = next(p for p in rack.placements if p.u is not None)
    for edit in (RemovePlacement(server.id), SetRackCooling(rid, CoolingChoice(method="air"))):
        doc.push(edit)
        doc.flush()
        assert panel.model.rows == _fresh_rows(qtbot, doc)
    counts = doc.results.counts()
    assert panel.buttons["error"].text() == f"Errors {counts['error']}"
    assert all(panel.buttons[sev].text().endswith(f" {counts[sev]}") for sev in counts)
    assert len(panel.model.rows) == sum(counts.values())
    for step in ("undo", "undo", "undo", "redo"):
        getattr(doc.undo_stack, step)()
        doc.flush()
        assert panel.model.rows == _fresh_rows(qtbot, doc), step
    assert any("Renamed hall rack" in r[5] for r in panel.model.rows)
    doc.undo_stack.undo()
    doc.flush()
    assert panel.model.rows == _fresh_rows(qtbot, doc)
    assert not any("Renamed hall rack" in r[5] for r in panel.model.rows)


def test_chart_titles_shorten_to_fit_a_narrow_dock(qtbot, doc):
    """A narrow Charts dock shows 'Rack power vs. limit' (or 'Power'), never a title cut
    off at the edge; given room it says what the bars and ticks are."""
    panel = ChartsPanel(doc)
    qtbot.addWidget(panel)
    panel.show()
    for width in (700, 260, 200, 120):
        panel.resize(width, 400)
        for i, chart in enumerate((panel.power, panel.cooling, panel.workloads)):
            panel.tabs.setCurrentIndex(i)  # a hidden tab gets its size when raised
            qtbot.waitUntil(lambda c=chart, w=width: c.isVisible() and c.width() <= max(w, panel.width()))
            item = chart.plot.getPlotItem()
            room = chart.width() - item.getAxis("left").width()  # the title's column, above the plot
            assert item.titleLabel.item.boundingRect().width() <= room or chart.title in ("Power", "Heat",
                                                                                          "Workloads")
    panel.tabs.setCurrentIndex(0)
    panel.resize(700, 400)
    qtbot.waitUntil(lambda: panel.power.title == "Rack power (bars) vs. limit (ticks)")
    panel.resize(260, 400)
    qtbot.waitUntil(lambda: panel.power.title == "Rack power vs. limit")


@pytest.mark.parametrize("width", [330, 520, 900])
def test_rack_names_under_the_bars_never_overlap(qtbot, catalog, width):
    """148 racks (the 4,096-GPU plan) in a Charts dock: every n-th rack is named, as many as
    fit side by side at their own width; the subset follows the dock's width (a laptop's dock
    drew a dozen names over each other)."""
    from PySide6.QtGui import QFont, QFontMetricsF

    d = Document(synthetic_plan(4096, catalog), catalog, engine=Engine(catalog))
    d.recompute(background=False)
    panel = ChartsPanel(d)
    qtbot.addWidget(panel)
    panel.show()
    panel.resize(width, 300)
    chart = panel.power
    qtbot.waitUntil(lambda: chart.width() <= width)
    qtbot.wait(50)
    axis = chart.plot.getAxis("bottom")
    labels = [t for _x, t in axis._tickLevels[0]]  # what the axis was told to draw
    xs = [x for x, _t in axis._tickLevels[0]]
    assert len(labels) >= 2
    f = QFont()
    f.setPointSize(7)
    widest = max(QFontMetricsF(f).horizontalAdvance(t) for t in labels)
    vb = chart.plot.getPlotItem().getViewBox()
    px_per_bar = vb.width() / (len(chart.rack_ids))
    assert (xs[1] - xs[0]) * px_per_bar >= widest + 4, (xs[1] - xs[0], px_per_bar, widest)


def test_totals_follow_a_rename_of_the_rack_they_name_and_stay_put_for_another(qtbot, doc):
    """The Totals skip an update whose figures are the engine's same figures (a rename at 16k
    GPUs formatted ~150 numbers for nothing); a rename of the rack the IT-load row names as
    the fullest is not such an update."""
    totals = TotalsPanel(doc)
    qtbot.addWidget(totals)
    worst = doc.results.rack_summary("power").worst
    assert worst is not None and worst.name in totals.rows["it_power"][1].text()
    other = next(r for r in doc.plan.racks() if r.id != worst.id)
    before = {k: (v.text(), d.text()) for k, (v, d, _b) in totals.rows.items()}
    assert doc.push(SetProperty("rack", other.id, "name", "Zeta-9"))
    doc.flush()
    assert {k: (v.text(), d.text()) for k, (v, d, _b) in totals.rows.items()} == before
    assert doc.push(SetProperty("rack", worst.id, "name", "Omega-1"))
    doc.flush()
    assert "Omega-1" in totals.rows["it_power"][1].text() and worst.name not in totals.rows["it_power"][1].text()
    doc.undo_stack.undo()
    doc.flush()
    assert worst.name in totals.rows["it_power"][1].text()


def test_charts_leave_room_right_of_the_plot(qtbot, doc):
    """Without a right axis the Charts' frame and bars ran to the dock's edge (German walk at
    1366x768): each chart keeps a margin right of its plot."""
    from ui.panels.rent_chart import RentOwnChart

    charts = ChartsPanel(doc)
    rent = RentOwnChart()
    for w in (charts, rent):
        qtbot.addWidget(w)
        w.resize(600, 280)
        w.show()
    rent.set_results(doc.results)
    for host in (charts.power, rent):
        plot = host.plot
        qtbot.waitUntil(lambda plot=plot: plot.isVisible() and plot.width() > 300)
        qtbot.wait(20)
        vb = plot.getPlotItem().getViewBox()
        right = vb.mapRectToScene(vb.boundingRect()).right()
        assert plot.width() - right >= 8, (type(host).__name__, plot.width(), right)
