"""The cable list (dock cablesDock) driven like a user: header clicks sort (and the
selection follows its cable), filters and search narrow the rows and the count says
so, Delete after sorting disconnects the cable that was selected, a refresh after an
edit keeps the filters and the sort, export writes every cable whatever is shown,
lengths follow the unit system."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from planner.catalog import load_catalog
from planner.fabric.autowire import autowire
from planner.fabric.wiring import Disconnect
from tests.test_fabric import make_plan, servers

pytestmark = pytest.mark.gui

FIXTURE = Path(__file__).parent / "fixtures" / "fabric_catalog"


@pytest.fixture(scope="module")
def cat():
    c = load_catalog([FIXTURE])
    assert not c.errors, c.errors
    return c


def cable_list(qtbot, cat, nodes: int = 64):
    from ui.document import Document
    from ui.panels.cables import CableList

    plan = make_plan(nodes, spare_racks=0)
    autowire(plan, cat, servers(plan), "test-ib-64x400").edit.apply(plan)
    doc = Document(plan, cat, engine=None)
    cl = CableList(doc)
    qtbot.addWidget(cl)
    cl.resize(1300, 500)
    cl.show()
    qtbot.waitExposed(cl)
    return doc, cl


def click_header(qtbot, cl, col: int) -> None:
    hh = cl.table.horizontalHeader()
    x = hh.sectionViewportPosition(col) + hh.sectionSize(col) // 2
    QTest.mouseClick(hh.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(x, hh.height() // 2))


def shown(cl, col: int) -> list[str]:
    m = cl.model
    return [m.index(r, col).data() for r in range(m.rowCount())]


def test_header_click_sorts_and_selection_follows_its_cable(qtbot, cat):
    doc, cl = cable_list(qtbot, cat)
    links = {lk.id: lk for lk in doc.plan.links}
    assert cl.visible_link_ids() == [lk.id for lk in doc.plan.links]  # plan order until a header is clicked
    cl.table.selectRow(3)
    picked = cl.selected_links()
    assert len(picked) == 1
    click_header(qtbot, cl, 8)  # Length
    lengths = [links[i].length_m for i in cl.visible_link_ids()]
    first_order = lengths == sorted(lengths)
    assert first_order or lengths == sorted(lengths, reverse=True)
    click_header(qtbot, cl, 8)  # the other way
    lengths2 = [links[i].length_m for i in cl.visible_link_ids()]
    assert lengths2 == sorted(lengths2, reverse=first_order) and lengths2 != lengths
    assert cl.selected_links() == picked  # the same cable, wherever it went
    row = cl.table.selectionModel().selectedRows()[0].row()
    assert cl.visible_link_ids()[row] == picked[0]
    click_header(qtbot, cl, 0)  # ID: labels in order
    ids = shown(cl, 0)
    assert ids in (sorted(ids, key=str.lower), sorted(ids, key=str.lower, reverse=True))
    # Delete disconnects the selected cable, not whatever sits at its old row
    cl.table.setFocus()
    QTest.keyClick(cl.table, Qt.Key.Key_Delete)
    assert picked[0] not in {lk.id for lk in doc.plan.links}
    assert len(doc.plan.links) == len(links) - 1 and doc.undo_stack.count() == 1
    # the refresh after the edit keeps the sort
    cl.refresh()
    assert shown(cl, 0) == [x for x in ids if x != links[picked[0]].label]


def test_filters_search_count_and_refresh_keep_them(qtbot, cat):
    doc, cl = cable_list(qtbot, cat)
    total = len(doc.plan.links)
    assert cl.count_label.text() == f"{total:,} cables"
    cl.set_filter(rack="R01")  # four nodes x 8 rails
    assert cl.model.rowCount() == 32 and cl.count_label.text() == f"32 of {total:,} cables"
    assert all("R01" in (cl.model.row_at(r).from_rack, cl.model.row_at(r).to_rack) for r in range(32))
    QTest.keyClicks(cl.search, "node0003 ib5")  # words are ANDed
    assert cl.model.rowCount() == 1 and shown(cl, 3) == ["ib5"]
    cl.search.clear()
    cl.set_filter(rack="")
    media = {r.media for r in cl.model.rows}
    assert len(media) > 1
    one = sorted(media)[0]
    cl.set_filter(media=one)
    n = sum(1 for r in cl.model.rows if r.media == one)
    assert cl.model.rowCount() == n < total
    click_header(qtbot, cl, 8)
    before = cl.visible_link_ids()
    gone = before[0]
    assert doc.push(Disconnect(gone))
    cl.refresh()
    assert cl.visible_link_ids() == before[1:]  # still filtered by media and sorted by length
    assert cl.count_label.text() == f"{n - 1:,} of {total - 1:,} cables"
    doc.undo_stack.undo()
    cl.refresh()
    assert cl.visible_link_ids() == before


def test_export_writes_every_cable_and_lengths_follow_units(qtbot, cat, tmp_path):
    from ui import units

    doc, cl = cable_list(qtbot, cat, nodes=16)
    cl.set_filter(rack="R01")
    out = tmp_path / "cables.csv"
    assert cl.export_csv(str(out))
    with out.open() as f:
        assert len(list(csv.DictReader(f))) == len(doc.plan.links) > cl.model.rowCount()
    metric = shown(cl, 8)
    assert all(t.endswith(" m") for t in metric)
    try:
        units.set_current("imperial")
        cl.units_changed()
        imperial = shown(cl, 8)
        assert imperial != metric and not any(t.endswith(" m") for t in imperial)
    finally:
        units.set_current("metric")
        cl.units_changed()


def test_edits_redo_only_their_rows_and_match_a_full_schedule(qtbot, cat):
    """After each edit (and each undo) the list patches the rows the edit touched; the
    patched rows equal a fresh schedule of the whole plan."""
    from planner.fabric.schedule import cable_schedule
    from planner.fabric.wiring import connect_edit
    from planner.model.edits import SetProperty

    doc, cl = cable_list(qtbot, cat)
    cl.set_filter(text="node0001")
    click_header(qtbot, cl, 8)
    lk = doc.plan.links[5]
    leaf = lk.b.placement
    edits = [
        Disconnect(lk.id),
        connect_edit(doc.plan, cat, (lk.a.placement, lk.a.port), (lk.b.placement, lk.b.port)),
        SetProperty("placement", "srv-1", "name", "gpu-one"),
        SetProperty("placement", leaf, "name", "leaf-renamed"),
        SetProperty("rack", "rack-1", "name", "A01"),
        SetProperty("fabric", doc.plan.fabrics[0].id, "name", "IB compute"),  # every row: rebuilt
    ]

    def check(e) -> None:
        patch = cl._patched_rows()
        assert (patch is None) == (isinstance(e, SetProperty) and e.kind == "fabric")  # else only its rows
        cl.ensure_current()
        assert cl.model.rows == cable_schedule(doc.plan, cat)
        hits = [r for r in cl.model.rows if "node0001" in " ".join(
            (r.id, r.label, r.from_device, r.from_port, r.to_device, r.to_port, r.cable, r.from_rack,
             r.to_rack)).lower()]
        assert cl.visible_link_ids() == [r.id for r in sorted(hits, key=lambda r: r.length_m)]

    for e in edits:
        assert doc.push(e)
        check(e)
    assert cl.model.row_at(0).fabric == "IB compute" or cl.model.rowCount() == 0
    assert any(r.from_rack == "A01" for r in cl.model.rows)
    for e in reversed(edits):
        doc.undo_stack.undo()
        check(e)
    assert cl.model.rows == cable_schedule(doc.plan, cat)


def test_an_edit_elsewhere_keeps_the_selected_cables_selected(qtbot, cat):
    """Selecting a few cables and then editing another one (here: disconnecting it)
    refreshes the list without dropping the user's selection or scroll position."""
    doc, cl = cable_list(qtbot, cat)
    cl.table.selectRow(5)
    cl.table.selectionModel().select(cl.model.index(6, 0), cl.table.selectionModel().SelectionFlag.Select
                                     | cl.table.selectionModel().SelectionFlag.Rows)
    picked = cl.selected_links()
    assert len(picked) == 2
    cl.table.verticalScrollBar().setValue(3)
    other = next(i for i in cl.visible_link_ids() if i not in picked)
    assert doc.push(Disconnect(other))
    cl.update_rows()
    assert other not in cl.visible_link_ids()
    assert cl.selected_links() == picked
    assert cl.table.verticalScrollBar().value() == 3
    doc.undo_stack.undo()
    cl.refresh()
    assert cl.selected_links() == picked


def test_a_big_export_runs_off_the_gui_thread_and_reports_back(qtbot, cat, tmp_path, monkeypatch):
    import threading

    from ui import dialogs
    from ui.panels import cables

    monkeypatch.setattr(cables, "BACKGROUND_EXPORT_ROWS", 1)  # this schedule counts as big
    errors: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text, details="": errors.append(text))
    threads: list[int] = []
    real_write = cables.write_schedule_csv
    monkeypatch.setattr(cables, "write_schedule_csv",
                        lambda rows, path: threads.append(threading.get_ident()) or real_write(rows, path))
    doc, cl = cable_list(qtbot, cat, nodes=16)
    out = tmp_path / "cables.csv"
    with qtbot.waitSignal(cl.exported, timeout=20000) as blocker:
        assert cl.export_csv(str(out))
        assert not cl.export_button.isEnabled() and "Writing" in cl.count_label.text()
    assert blocker.args == [str(out)] and cl.export_button.isEnabled()
    assert threads and threads[0] != threading.get_ident()
    with out.open() as f:
        assert len(list(csv.DictReader(f))) == len(doc.plan.links)
    # a file that cannot be written: a message naming it, the button back
    assert cl.export_csv(str(tmp_path / "missing" / "cables.csv"))
    qtbot.waitUntil(lambda: bool(errors), timeout=20000)
    assert "cables.csv could not be written" in errors[0] and cl.export_button.isEnabled()
