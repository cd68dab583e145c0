"""Rack elevations, the editor's second pass (issue 31), driven like a user with real events:
two 0U PDUs on one side stand side by side (each can be clicked), a PDU dropped into the side
channel lands there, a dropped device takes the keyboard (Up/Down nudge it, not the catalog's
selection), and Esc cancels a device drag without leaving an undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from planner.model.plan import Placement, Plan
from tests.fixtures.ui_app.support import make_window, two_rack_plan

pytestmark = pytest.mark.gui


def plan_with_two_pdus_left():
    data = two_rack_plan().model_dump()
    data["site"]["rooms"][0]["rows"][0]["racks"][0]["placements"].insert(1, Placement(
        id="pdu-a2", device="vertiv-pdu-test", side="left", face="rear", feed="feed-a").model_dump())
    return Plan.model_validate(data)


def drop_at(win, slug: str, scene_pt: QPointF) -> bool:
    """Drop what the catalog drags for ``slug`` at a scene point; True when accepted."""
    view = win.rack_view.view
    mime = win.catalog_panel.mime_for(slug)  # held: the event does not own it
    ev = QDropEvent(QPointF(view.mapFromScene(scene_pt)), Qt.DropAction.CopyAction, mime,
                    Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    view.dropEvent(ev)
    return ev.isAccepted()


def test_two_pdus_on_one_side_stand_side_by_side_and_each_can_be_clicked(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, plan_with_two_pdus_left())
    doc, view, scene = win.doc, win.rack_view.view, win.rack_view.scene
    a = scene.devices["pdu-a1"][0].sceneBoundingRect()
    b = scene.devices["pdu-a2"][0].sceneBoundingRect()
    assert not a.intersects(b)  # neither hides the other
    assert a.height() == pytest.approx(b.height()) and a.top() == pytest.approx(b.top())
    # both inside the rear face's left side channel, clear of the rails
    outer = scene.outers[("rack-1", "rear")].sceneBoundingRect()
    rails = scene.frames[("rack-1", "rear")].sceneBoundingRect()
    for r in (a, b):
        assert outer.left() < r.left() and r.right() < rails.left()
    for pid, r in (("pdu-a1", a), ("pdu-a2", b)):
        view.centerOn(r.center())
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         view.mapFromScene(r.center()))
        assert doc.selection == (("placement", pid),)


def test_a_pdu_dropped_into_the_side_channel_goes_on_that_side(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, scene = win.doc, win.rack_view.scene
    outer = scene.outers[("rack-2", "rear")].sceneBoundingRect()
    rails = scene.frames[("rack-2", "rear")].sceneBoundingRect()
    for side, x in (("right", (rails.right() + outer.right()) / 2), ("left", (outer.left() + rails.left()) / 2)):
        before = {p.id for p in doc.plan.rack("rack-2").placements}
        assert drop_at(win, "vertiv-pdu-test", QPointF(x, rails.center().y())), win.rack_view.view.overlay.text()
        (new,) = [p for p in doc.plan.rack("rack-2").placements if p.id not in before]
        assert new.u is None and new.side == side and new.face == "rear"


def test_a_dropped_device_takes_the_keyboard_up_nudges_it(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, view, table = win.doc, win.rack_view.view, win.catalog_panel.table
    win.activateWindow()
    table.setFocus()
    table.selectRow(2)
    qtbot.waitUntil(table.hasFocus)
    row0 = table.currentIndex().row()
    assert drop_at(win, "dell-poweredge-r760", win.rack_view.scene.point_for("rack-2", "front", 10))
    (pid,) = doc.selected("placement")
    assert doc.plan.placement(pid).u == 10
    qtbot.waitUntil(view.hasFocus)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up)
    assert doc.plan.placement(pid).u == 11
    assert table.currentIndex().row() == row0  # the catalog's selection stayed


def test_escape_cancels_a_device_drag_and_leaves_no_undo_step(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, view = win.doc, win.rack_view.view
    depth = doc.undo_stack.count()
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.viewport_point("rack-1", "front", 2))
    for rack, u in (("rack-1", 10), ("rack-2", 14), ("rack-2", 21)):
        QTest.mouseMove(vp, view.viewport_point(rack, "front", u))
    assert doc.plan.index.placement_rack["srv-1"] == "rack-2"  # moved live
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)  # the press gave it the keyboard
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert doc.plan.index.placement_rack["srv-1"] == "rack-1" and doc.plan.placement("srv-1").u == 1
    assert "srv-1" in {it.placement_id for it in win.rack_view.scene.rack_items["rack-1"]}
    QTest.mouseMove(vp, view.viewport_point("rack-2", "front", 30))  # button still down: nothing follows
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       view.viewport_point("rack-2", "front", 30))
    assert doc.plan.placement("srv-1").u == 1 and doc.plan.index.placement_rack["srv-1"] == "rack-1"
    assert doc.undo_stack.count() == depth and not doc.undo_stack.canRedo()
    assert QPoint(0, 0) != view.viewport_point("rack-1", "front", 2)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_rack_titles_of_a_long_row_sit_just_above_their_racks(qtbot, size):
    """A 4,096-GPU plan's row of 20 racks: zoomed out, the names and figures grow to stay
    legible and sit at the foot of the header, just above the rack (they floated a rack's
    height above it, at the top of the grown header)."""
    from planner.catalog import load_catalog
    from planner.design.synthetic import synthetic_plan
    from ui.document import Document
    from ui.scenes.rack import FRAME, RackView

    catalog = load_catalog()
    doc = Document(synthetic_plan(4096, catalog), catalog, engine=None)
    w = RackView(doc)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    scene, view = w.scene, w.view
    view.fit()
    assert len(scene.names) >= 16
    lod = view.transform().m11()
    w.grab()
    for rack_id, name in scene.names.items():
        (y, text), = name.grown_lines(lod)
        assert text == doc.plan.rack(rack_id).name
        outer_top = scene.outers[(rack_id, "front")].sceneBoundingRect().top()
        name_y = name.mapToScene(0, y).y()
        gap_px = (outer_top - name_y) * lod
        # the name's baseline, then the type and two lines of figures, then the rack
        assert 0 < gap_px < 4 * 12 + 16, (rack_id, gap_px)
        sub_bottom = scene.figures[rack_id].bottom_at(lod)
        assert sub_bottom < outer_top + FRAME


def _luminance(c) -> float:
    def ch(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_pdu_names_are_legible_at_the_fitted_zoom_in_both_themes(qtbot, tmp_path, theme):
    """A PDU's name along its strip: drawn at a legible size when the rack view is fitted
    (it was 22 mm, ~6 px, unbolded), with WCAG-level contrast on its fill."""
    from ui.scenes.rack import MIN_SINGLE_LINE_PX
    from ui.scenes.rack.items import SideLabel

    win = make_window(qtbot, tmp_path)
    win.settings.theme = theme
    win.apply_settings()
    win.resize(1920, 1080)
    view, scene = win.rack_view.view, win.rack_view.scene
    view.fit()
    win.rack_view.grab()
    lod = view.transform().m11()
    for pid in ("pdu-a1", "pdu-b1"):
        item = scene.devices[pid][0]
        (label,) = [c for c in item.childItems() if isinstance(c, SideLabel)]
        assert label.text  # its name (or the model)
        assert label.shown, pid
        f = label.font_for(lod)
        assert f is not None and f.pixelSize() * lod >= MIN_SINGLE_LINE_PX and f.bold()
        a, b = _luminance(label.color), _luminance(item.brush().color())
        assert (max(a, b) + 0.05) / (min(a, b) + 0.05) >= 3.9


def test_a_long_device_name_is_elided_not_cut_and_the_rear_label_shortens_first(qtbot, tmp_path):
    """At its own size a label wider than its device was cut at the device's edge (the item
    clips its children); now it ends in an ellipsis inside the device. On the other face the
    name drops its "(rear)" before it is elided."""
    from PySide6.QtGui import QFontMetricsF

    from planner.model.edits import SetProperty
    from ui.scenes.rack import LodText

    win = make_window(qtbot, tmp_path)
    doc, view, scene = win.doc, win.rack_view.view, win.rack_view.scene
    long = "gpu01-training-pod-a-hall-1-row-a-rack-r01-slot-1"
    assert doc.push(SetProperty("placement", "srv-1", "name", long))
    front, rear = sorted(scene.devices["srv-1"], key=lambda it: it.face != "front")
    label = next(c for c in front.childItems() if isinstance(c, LodText) and c.text() == long)
    lines = label.elided_lines()
    assert lines is not None and lines[0].endswith("\u2026") and lines[0] != long
    fm = QFontMetricsF(label.font())
    right = label.mapToScene(fm.horizontalAdvance(lines[0]), 0).x()
    assert right <= front.sceneBoundingRect().right()  # inside the device: nothing cut
    back = next(c for c in rear.childItems() if isinstance(c, LodText))
    assert back.short == long and back.text() != long  # "... (rear)"
    back_lines = back.elided_lines()
    assert back_lines is not None and back_lines[0].startswith(long[:10]) and "(" not in back_lines[0]
    # zoomed out (grown), the short form too
    view.fit()
    lod = view.transform().m11()
    assert doc.push(SetProperty("placement", "srv-1", "name", "gpu01"))
    back = next(c for it in scene.devices["srv-1"] if it.face == "rear" for c in it.childItems()
                if isinstance(c, LodText))
    if back.grown(lod):
        (_y, text), = back.grown_lines(lod)[:1]
        assert text in (back.text(), "gpu01")
        assert not text.endswith("\u2026")


def test_dragging_a_pdu_over_a_side_channel_shows_where_it_will_hang(qtbot, tmp_path):
    """Over the rear left channel of R01, which holds PDU A already: the ghost shows the lane the
    new PDU gets beside it, and the drop puts it exactly there."""
    from PySide6.QtGui import QDragMoveEvent

    win = make_window(qtbot, tmp_path)
    doc, view, scene = win.doc, win.rack_view.view, win.rack_view.scene
    outer = scene.outers[("rack-1", "rear")].sceneBoundingRect()
    rails = scene.frames[("rack-1", "rear")].sceneBoundingRect()
    at = QPointF((outer.left() + rails.left()) / 2, rails.center().y())
    mime = win.catalog_panel.mime_for("vertiv-pdu-test")
    ev = QDragMoveEvent(view.mapFromScene(at), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                        Qt.KeyboardModifier.NoModifier)
    view.dragMoveEvent(ev)
    ghost = view._ghost
    assert ghost is not None and ghost.isVisible()
    lane = ghost.rect()
    assert outer.left() < lane.left() and lane.right() < rails.left()  # in the channel
    assert lane.width() < (rails.left() - outer.left()) / 2  # a lane beside PDU A, not the whole channel
    before = {p.id for p in doc.plan.rack("rack-1").placements}
    assert drop_at(win, "vertiv-pdu-test", at)
    (new,) = [p for p in doc.plan.rack("rack-1").placements if p.id not in before]
    assert new.side == "left" and new.face == "rear"
    assert scene.devices[new.id][0].mapRectToScene(scene.devices[new.id][0].rect()) == lane
    assert not scene.devices[new.id][0].sceneBoundingRect().intersects(scene.devices["pdu-a1"][0].sceneBoundingRect())
