"""Floor plan view: real widgets, real mouse events (offscreen)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from planner.catalog import load_catalog
from planner.model.geometry import plan_footprints
from planner.model.plan import Placement, Plan, Rack, Room, Row, Site
from ui.document import Document
from ui.scenes.floor import AISLE_BAND_M, SCALE, FloorView, RackItem, RowItem

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def two_row_plan() -> Plan:
    rows = []
    for r, (y, deg) in enumerate(((1.8, 0), (6.6, 180))):
        racks = [
            Rack(id=f"rack-{r}{i}", name=f"{'AB'[r]}{i + 1:02d}", rack_type="rack-48u-600x1200", position=i,
                 placements=[Placement(id=f"srv-{r}{i}", device="dell-poweredge-xe9680", u=2)])
            for i in range(4)
        ]
        x = 1.8 if deg == 0 else 1.8 + 4 * 0.6
        rows.append(Row(id=f"row-{r}", name=f"Row {'AB'[r]}", x_m=x, y_m=y, orientation_deg=deg, racks=racks))
    return Plan(site=Site(rooms=[Room(id="hall", name="Hall 1", width_m=9.6, depth_m=9.6, rows=rows)]))


@pytest.fixture
def floor(qtbot, catalog):
    doc = Document(two_row_plan(), catalog)
    w = FloorView(doc)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return doc, w


def corners_in_scene(item: RackItem) -> list[tuple[float, float]]:
    r = item.shape().boundingRect()
    pts = [r.topLeft(), r.topRight(), r.bottomRight(), r.bottomLeft()]
    return [(p.x(), p.y()) for p in (item.mapToScene(q) for q in pts)]


def vp_point(w: FloorView, scene_pt: QPointF) -> QPoint:
    return w.view.mapFromScene(scene_pt)


def rack_centre_vp(w: FloorView, rack_id: str) -> QPoint:
    return vp_point(w, w.scene.racks[rack_id].sceneBoundingRect().center())


def drag(w: FloorView, a: QPoint, b: QPoint, steps: int = 8, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, modifier, a)
    for i in range(1, steps + 1):
        p = a + (b - a) * (i / steps)
        QTest.mouseMove(vp, p)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, modifier, b)


def test_one_item_per_rack_at_its_footprint(floor, catalog):
    doc, w = floor
    fps = plan_footprints(doc.plan, catalog)
    assert set(w.scene.racks) == set(fps) and len(fps) == 8
    assert set(w.scene.rows) == {"row-0", "row-1"}
    origin = w.scene.origins["hall"]
    for rid, fp in fps.items():
        got = corners_in_scene(w.scene.racks[rid])
        want = [(origin.x() + x * SCALE, origin.y() + y * SCALE) for x, y in fp.corners]
        for (gx, gy), (wx, wy) in zip(got, want):
            assert gx == pytest.approx(wx, abs=1e-6) and gy == pytest.approx(wy, abs=1e-6)
    # the 180 degree row really is turned: its first rack is right of its last
    a = w.scene.racks["rack-10"].sceneBoundingRect().center().x()
    b = w.scene.racks["rack-13"].sceneBoundingRect().center().x()
    assert a > b


def test_dragging_a_row_is_one_undo_step(floor):
    doc, w = floor
    row = doc.plan.index.rows["row-0"]
    x0, y0 = row.x_m, row.y_m
    item = w.scene.rows["row-0"]
    band = item._cold.boundingRect().center()  # the cold-aisle band is the row's handle
    a = vp_point(w, band)
    ppm = w.view.zoom() * SCALE
    b = a + QPoint(round(1.2 * ppm), round(1.8 * ppm))  # two tiles right, three down
    depth_before = doc.undo_stack.count()
    drag(w, a, b, steps=10)
    assert (row.x_m, row.y_m) == (pytest.approx(x0 + 1.2), pytest.approx(y0 + 1.8))
    assert doc.undo_stack.count() == depth_before + 1, "a drag is one undo step"
    # the racks followed (scene mirrors the model)
    fp_x = w.scene.racks["rack-00"].scenePos().x() - w.scene.origins["hall"].x()
    assert fp_x == pytest.approx((x0 + 1.2) * SCALE)
    doc.undo_stack.undo()
    assert (row.x_m, row.y_m) == (x0, y0)
    assert w.scene.racks["rack-00"].scenePos().x() - w.scene.origins["hall"].x() == pytest.approx(x0 * SCALE)


def test_dragging_a_rack_reorders_it_in_its_row(floor):
    doc, w = floor
    row = doc.plan.index.rows["row-0"]

    def order():
        return [r.id for r in sorted(row.racks, key=lambda r: r.position)]

    assert order() == ["rack-00", "rack-01", "rack-02", "rack-03"]
    a = rack_centre_vp(w, "rack-00")
    b = rack_centre_vp(w, "rack-02") + QPoint(round(0.15 * w.view.zoom() * SCALE), 0)  # past the middle of rack 3
    drag(w, a, b)
    assert order() == ["rack-01", "rack-02", "rack-00", "rack-03"]
    # the item sits at its new footprint
    fp = plan_footprints(doc.plan, doc.catalog)["rack-00"]
    assert w.scene.racks["rack-00"].scenePos().x() == pytest.approx(w.scene.origins["hall"].x() + fp.x_m * SCALE)
    doc.undo_stack.undo()
    assert order() == ["rack-00", "rack-01", "rack-02", "rack-03"]
    fp = plan_footprints(doc.plan, doc.catalog)["rack-00"]
    assert w.scene.racks["rack-00"].scenePos().x() == pytest.approx(w.scene.origins["hall"].x() + fp.x_m * SCALE)


def test_shift_dragging_a_rack_moves_its_row_then_a_plain_drag_reorders(floor):
    """Shift+drag on a rack moves the whole row (the scene's row drag, one undo step); the
    next plain drag on the same rack is a reorder again, not a row move."""
    doc, w = floor
    row = doc.plan.index.rows["row-0"]
    x0, y0 = row.x_m, row.y_m
    ppm = w.view.zoom() * SCALE
    a = rack_centre_vp(w, "rack-01")
    depth_before = doc.undo_stack.count()
    drag(w, a, a + QPoint(0, round(1.2 * ppm)), steps=10, modifier=Qt.KeyboardModifier.ShiftModifier)
    assert (row.x_m, row.y_m) == (pytest.approx(x0), pytest.approx(y0 + 1.2))
    assert [r.id for r in sorted(row.racks, key=lambda r: r.position)] == ["rack-00", "rack-01", "rack-02", "rack-03"]
    assert doc.undo_stack.count() == depth_before + 1, "a row drag is one undo step"
    # a plain drag now reorders and leaves the row where it is
    a = rack_centre_vp(w, "rack-00")
    b = rack_centre_vp(w, "rack-02") + QPoint(round(0.15 * ppm), 0)
    drag(w, a, b)
    assert (row.x_m, row.y_m) == (pytest.approx(x0), pytest.approx(y0 + 1.2))
    assert [r.id for r in sorted(row.racks, key=lambda r: r.position)] == ["rack-01", "rack-02", "rack-00", "rack-03"]
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert (row.x_m, row.y_m) == (x0, y0)


def test_context_menu_on_a_rack_rotates_its_row_and_adds_racks(floor):
    doc, w = floor
    item = w.scene.racks["rack-02"]
    menu = w.context_menu(item.sceneBoundingRect().center(), item)
    next(a for a in menu.actions() if a.text() == "Rotate Row A 90\u00b0").trigger()
    assert doc.plan.index.rows["row-0"].orientation_deg == 90
    assert doc.selection == (("row", "row-0"),)
    menu = w.context_menu(item.sceneBoundingRect().center(), item)
    next(a for a in menu.actions() if a.text() == "Add 2 racks to Row A").trigger()
    racks = doc.plan.index.rows["row-0"].racks
    assert len(racks) == 6
    assert doc.selection == (("rack", racks[-1].id),), "the last rack added is selected"
    assert racks[-1].id in w.scene.racks


def test_click_selects_in_document_and_document_selection_highlights(floor, qtbot):
    doc, w = floor
    with qtbot.waitSignal(doc.selectionChanged):
        QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         rack_centre_vp(w, "rack-12"))
    assert doc.selection == (("rack", "rack-12"),)
    doc.select([("placement", "srv-03")])  # another view selects a device: its rack lights up
    assert [i.rack_id for i in w.scene.selectedItems() if isinstance(i, RackItem)] == ["rack-03"]
    assert doc.selection == (("placement", "srv-03"),), "the floor must not overwrite a selection it follows"


def test_rotate_and_add_rack_keys(floor, qtbot):
    doc, w = floor
    doc.select([("row", "row-0")])
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key.Key_R)
    assert doc.plan.index.rows["row-0"].orientation_deg == 90
    item = w.scene.racks["rack-00"]
    assert item.rotation() == 90
    QTest.keyClick(w.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert len(doc.plan.index.rows["row-0"].racks) == 5
    new = [r.id for r in doc.plan.index.rows["row-0"].racks if r.id not in {"rack-00", "rack-01", "rack-02", "rack-03"}]
    assert len(new) == 1 and new[0] in w.scene.racks
    doc.undo_stack.undo()
    assert new[0] not in w.scene.racks
    doc.undo_stack.undo()
    assert w.scene.racks["rack-00"].rotation() == 0


def test_delete_key_removes_selected_rack_and_undo_restores(floor):
    doc, w = floor
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     rack_centre_vp(w, "rack-11"))
    QTest.keyClick(w.view, Qt.Key.Key_Delete)
    assert "rack-11" not in doc.plan.index.racks and "rack-11" not in w.scene.racks
    doc.undo_stack.undo()
    assert "rack-11" in w.scene.racks


def test_wheel_and_keys_zoom_and_fit(floor):
    doc, w = floor
    z0 = w.view.zoom()
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert w.view.zoom() == pytest.approx(z0 * 1.25)
    QTest.keyClick(w.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(w.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert w.view.zoom() < z0
    QTest.keyClick(w.view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert w.view.zoom() == pytest.approx(z0)
    # the whole room is visible after fit
    vis = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    room = w.scene.rooms["hall"]
    assert vis.contains(room.mapRectToScene(room.floor_rect()).adjusted(1, 1, -1, -1))


def test_middle_drag_pans(floor):
    doc, w = floor
    vp = w.view.viewport()
    before = w.view.mapToScene(QPoint(600, 400))
    QTest.mousePress(vp, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, QPoint(600, 400))
    QTest.mouseMove(vp, QPoint(650, 420))
    QTest.mouseMove(vp, QPoint(700, 440))
    QTest.mouseRelease(vp, Qt.MouseButton.MiddleButton, Qt.KeyboardModifier.NoModifier, QPoint(700, 440))
    after = w.view.mapToScene(QPoint(600, 400))
    z = w.view.zoom()
    assert before.x() - after.x() == pytest.approx(100 / z, rel=0.02)
    assert before.y() - after.y() == pytest.approx(40 / z, rel=0.02)
    assert doc.undo_stack.count() == 0, "panning never edits the plan"


def test_row_item_exists_per_row_and_follows_rename(floor):
    doc, w = floor
    from planner.model.edits import SetProperty

    doc.push(SetProperty("row", "row-1", "name", "Row Z"))
    assert isinstance(w.scene.rows["row-1"], RowItem) and w.scene.rows["row-1"].name == "Row Z"


def test_row_names_stay_off_the_racks_whichever_way_the_row_faces(qtbot, catalog):
    """Rows 1.2 m apart (and one turned round) in a small floor plan: each row's name went
    into the aisle, over the next row's racks ('Network row 1' read 'roww' across a rack
    edge). No name box touches a rack now, nor crosses the room's wall."""
    def racks(r: int) -> list[Rack]:
        return [Rack(id=f"rack-{r}{i}", name=f"R{r}{i}", rack_type="rack-48u-600x1200", position=i) for i in range(3)]

    rows = [Row(id="row-0", name="Network row 1", x_m=2.4, y_m=1.8, racks=racks(0)),
            Row(id="row-1", name="Network row 2", x_m=2.4, y_m=4.2, racks=racks(1)),
            Row(id="row-2", name="Row turned", x_m=2.4 + 1.8, y_m=8.4, orientation_deg=180, racks=racks(2))]
    doc = Document(Plan(site=Site(rooms=[Room(id="hall", name="Hall", width_m=9.6, depth_m=9.6, rows=rows)])),
                   catalog)
    w = FloorView(doc)
    qtbot.addWidget(w)
    w.resize(400, 330)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    w.view.grab()  # paints the rows' names
    assert w.view.zoom() * AISLE_BAND_M * SCALE < 18  # the band is narrower than the name is high
    rack_boxes = [w.view.mapFromScene(it.mapToScene(it.shape().boundingRect())).boundingRect().toRectF()
                  for it in w.scene.racks.values()]
    room = w.scene.rooms["hall"]
    floor = w.view.mapFromScene(room.mapRectToScene(room.floor_rect())).boundingRect().toRectF()
    for rid, row in w.scene.rows.items():
        box = row.last_label_box
        hit = [r for r in rack_boxes if box.intersects(r.adjusted(1, 1, -1, -1))]
        assert not hit, (rid, box, hit)
        assert floor.adjusted(-2, -2, 2, 2).contains(box), (rid, box, floor)  # not across the wall


def test_fit_fills_a_short_view_and_keeps_the_room_title_in_view(qtbot, catalog):
    """A floor plan as short as the dock at 1366x768 (437x207): the room fills the height left
    by the title, the tile labels and the legend, and its name is not cut off at the top."""
    doc = Document(two_row_plan(), catalog)
    w = FloorView(doc)
    qtbot.addWidget(w)
    w.show()
    w.resize(440, 250)
    qtbot.waitExposed(w)
    w.view.fit()
    v = w.view
    room = next(iter(w.scene.rooms.values()))
    floor_vp = v.mapFromScene(room.mapRectToScene(room.floor_rect())).boundingRect()
    assert floor_vp.top() >= v.FIT_TOP_PX - 2  # room for the title above the walls
    vp = v.viewport().rect()
    legend = v._legend_box(vp)
    bar = v._scale_bar_box(vp, legend)
    assert not floor_vp.toRectF().intersects(legend) and not floor_vp.toRectF().intersects(bar)
    # at least as large as the height above the legend allows (it was drawn at about half that)
    free_h = v.viewport().height() - v.FIT_TOP_PX - v.FIT_BOTTOM_PX - v._overlay_reserve_px()
    assert floor_vp.height() >= free_h - 3
    assert v._overlay_reserve_px() < 100  # the scale bar beside the legend, not stacked above it
