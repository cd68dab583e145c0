"""Gestures on the floor plan (a mix-in of :class:`~ui.scenes.floor.scene.FloorScene`): a row
dragged live (edits merged into one undo step), a rack dragged along its row (a drop hint,
one edit on release), adding rows and racks, rotating and removing. The edits are built in
:mod:`planner.gestures.builders`; this module only turns pointer positions into their arguments."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLineF, QPointF, Qt

from planner.gestures.builders import (
    add_racks_edit,
    add_row_edit,
    delete_edit,
    move_row_edit,
    new_gesture,
    remove_racks_edit,
    reorder_rack_edit,
    reorder_slot,
    rotate_rows_edit,
    snap_row_position,
)
from planner.model.edits import AddRack, AddRow, Compound, Edit
from planner.model.geometry import row_footprints
from ui.scenes.floor.items import SCALE, DropHintItem, RackItem, RoomItem, RowItem
from ui.scenes.undo import drop_steps_since

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsItem

    from ui.document import Document


@dataclass
class RowDrag:
    """A row being dragged: where the press was, the row's position then (metres), the
    gesture its edits merge under, and the position last pushed."""

    row: str
    press: QPointF
    x_m: float
    y_m: float
    gesture: str
    last: tuple[float, float]
    undo_index: int = 0  # the undo stack's index when the drag began (Esc goes back to it)


class FloorGestures:
    """Gestures of :class:`~ui.scenes.floor.scene.FloorScene` (``self`` is the scene)."""

    # what the scene provides
    doc: Document
    hint: DropHintItem
    rooms: dict[str, RoomItem]
    origins: dict[str, QPointF]
    room_id: str | None
    _row_drag: RowDrag | None

    if TYPE_CHECKING:  # declared for the type checker only: at run time the scene's own
        def selectedItems(self) -> list[QGraphicsItem]: ...  # noqa: N802 - QGraphicsScene's
        def mouseGrabberItem(self) -> QGraphicsItem: ...  # noqa: N802 - QGraphicsScene's
        def _update_scene_rect(self) -> None: ...

    # -- row drag (live, merged) ----------------------------------------------------------
    def begin_row_drag(self, row_id: str, scene_pos: QPointF) -> None:
        row = self.doc.plan.index.rows.get(row_id)
        if row is None:
            return
        self._row_drag = RowDrag(row_id, scene_pos, row.x_m, row.y_m, new_gesture(), (row.x_m, row.y_m),
                                 self.doc.undo_stack.index())

    def row_drag_active(self) -> bool:
        return self._row_drag is not None

    def row_drag_to(self, scene_pos: QPointF, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        d = self._row_drag
        if d is None:
            return
        delta = (scene_pos - d.press) / SCALE
        nx, ny = snap_row_position(self.doc.plan, d.row, d.x_m + delta.x(), d.y_m + delta.y(),
                                   fine=bool(modifiers & Qt.KeyboardModifier.AltModifier))
        if (nx, ny) == d.last:
            return
        if self.doc.push(move_row_edit(self.doc.plan, d.row, nx, ny, d.gesture)):
            d.last = (nx, ny)

    def end_row_drag(self) -> None:
        if self._row_drag is not None:
            self._row_drag = None
            self._update_scene_rect()

    def cancel_drag(self) -> bool:
        """Esc during a drag: a row goes back where it was (the drag's merged step taken
        back and forgotten), a rack dragged along its row goes back to its slot; nothing
        stays on the undo stack. False when no drag was on."""
        cancelled = False
        grabber = self.mouseGrabberItem()
        if isinstance(grabber, RackItem) and grabber.cancel_drag():
            grabber.ungrabMouse()
            cancelled = True
        d, self._row_drag = self._row_drag, None
        if d is not None:
            drop_steps_since(self.doc, d.undo_index)
            self._update_scene_rect()
            cancelled = True
        if cancelled:
            self.hint.setVisible(False)
        return cancelled

    # -- rack reorder ---------------------------------------------------------------------
    def show_drop_hint(self, item: RackItem | None, along_mm: float) -> None:
        if item is None:
            self.hint.setVisible(False)
            return
        row, others, index = reorder_slot(self.doc.plan, self.doc.catalog, item.rack_id, along_mm / SCALE)
        fps = {f.rack_id: f for f in row_footprints(row, self.doc.catalog)}
        origin = self.origins[self.doc.plan.index.row_room[row.id]]
        if not others:
            self.hint.setVisible(False)
            return
        if index < len(others):
            fp = fps[others[index].id]
            p1, p2 = fp.corners[0], fp.corners[3]  # left edge of the rack it goes before
        else:
            fp = fps[others[-1].id]
            p1, p2 = fp.corners[1], fp.corners[2]  # right edge of the last rack
        self.hint.set_line(QLineF(origin + QPointF(*p1) * SCALE, origin + QPointF(*p2) * SCALE))
        self.hint.setVisible(True)

    def reorder_rack(self, rack_id: str, along_mm: float) -> bool:
        """Move a rack to the slot nearest ``along_mm`` along its row (one undo step)."""
        edit = reorder_rack_edit(self.doc.plan, self.doc.catalog, rack_id, along_mm / SCALE)
        return edit is not None and self.doc.push(edit)

    # -- adding, rotating, removing ---------------------------------------------------------
    def room_at(self, scene_pos: QPointF) -> tuple[str, QPointF] | None:
        """(room id, position in metres in that room) under a scene point."""
        for rid, item in self.rooms.items():
            local = (scene_pos - self.origins[rid]) / SCALE
            if 0 <= local.x() <= item.w / SCALE and 0 <= local.y() <= item.d / SCALE:
                return rid, local
        return None

    def _push_built(self, build: Callable[[], Edit]) -> Edit | None:
        """Build an edit (planner.gestures.builders) and push it; a refusal reaches the user
        through the document (Document.push_built)."""
        return self.doc.push_built(build)

    def add_row_at(self, scene_pos: QPointF | None, n_racks: int) -> bool:
        """A row of ``n_racks`` racks at a point of the room shown (None: behind the other
        rows); it becomes the selection, so Add rack goes on from there."""
        if scene_pos is None:
            room_id, x, y = self.room_id, None, None
            if room_id is None:
                self.doc.refuse(QCoreApplication.translate("FloorScene",
                                                                 "Add a room first: rows go inside a room"))
                return False
        else:
            hit = self.room_at(scene_pos)
            if hit is None:
                self.doc.refuse(QCoreApplication.translate(
                    "FloorScene", "Rows go inside a room: right-click on a room's floor"))
                return False
            room_id, local = hit
            x, y = local.x(), local.y()
        edit = self._push_built(lambda: add_row_edit(self.doc.plan, self.doc.catalog, room_id, n_racks, x, y))
        if edit is None:
            return False
        add = edit.edits[0] if isinstance(edit, Compound) else edit  # the AddRow, then its racks
        if isinstance(add, AddRow):
            self.doc.select([("row", add.row.id)])
        return True

    def add_racks_to_row(self, row_id: str, n: int = 1) -> bool:
        """``n`` empty racks at the end of a row (planner.gestures.builders.add_racks_edit: named as the
        rack view names them); the last one becomes the selection."""
        edit = self._push_built(lambda: add_racks_edit(self.doc.plan, self.doc.catalog, row_id, n))
        if edit is None:
            return False
        last = edit.edits[-1] if isinstance(edit, Compound) else edit
        if isinstance(last, AddRack):
            self.doc.select([("rack", last.rack.id)])
        return True

    def selected_rows(self) -> list[str]:
        rows: list[str] = []
        for it in self.selectedItems():
            rid = it.row_id if isinstance(it, RowItem | RackItem) else None
            if rid and rid not in rows:
                rows.append(rid)
        return rows

    def rotate_selected(self) -> bool:
        edit = rotate_rows_edit(self.doc.plan, self.selected_rows())
        return edit is not None and self.doc.push(edit)

    def remove_selected_racks(self) -> bool:
        edit = remove_racks_edit(self.doc.plan, [it.rack_id for it in self.selectedItems() if isinstance(it, RackItem)])
        return edit is not None and self.doc.push(edit)

    def delete_selected(self) -> bool:
        """Delete the selected rows (with their racks) and racks, as one undo step."""
        sel = tuple(("rack", it.rack_id) if isinstance(it, RackItem) else ("row", it.row_id)
                    for it in self.selectedItems() if isinstance(it, RackItem | RowItem))
        edit = delete_edit(self.doc.plan, sel)
        return edit is not None and self.doc.push(edit)
