"""The floor plan's scene: one room of the plan as graphics items, kept in step with
``Document.changed`` (only the rows and racks a change touched are updated) and coloured
from ``Document.resultsChanged``; the selection in step with the document's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, Signal
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
)

from planner.engine import Results
from planner.model.geometry import row_footprints
from planner.model.plan import Room, Row
from ui import style
from ui.scenes.floor.gestures import FloorGestures, RowDrag
from ui.scenes.floor.items import SCALE, DropHintItem, RackItem, RoomItem, RowItem, rack_gauge, short_names

if TYPE_CHECKING:
    from planner.model.edits import Change
    from ui.document import Document


class FloorScene(FloorGestures, QGraphicsScene):
    """One room of the plan's floor as graphics items, kept in step with ``Document.changed``.

    The room shown is ``room_id`` (:meth:`show_room`); selecting something in another
    room (in any view) brings that room up."""

    modeChanged = Signal(str)
    roomChanged = Signal(str)  # the room shown now ('' when the plan has none)
    roomsChanged = Signal()  # rooms added, removed or renamed
    roomResized = Signal()  # the room shown got another width or depth

    def __init__(self, doc: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.mode = "power"
        self.rooms: dict[str, RoomItem] = {}
        self.rows: dict[str, RowItem] = {}
        # per room: (what the placement depends on, the label box of each row) (row_label_box)
        self._label_boxes: dict[str, tuple[object, dict[str, QRectF]]] = {}
        self.racks: dict[str, RackItem] = {}
        self.origins: dict[str, QPointF] = {}
        self.room_id: str | None = None
        self._names_dirty = False  # racks came, went or were renamed since the short labels were made
        self._syncing_selection = False
        self._row_drag: RowDrag | None = None
        self._zoom = 0.05
        self.hint = DropHintItem()
        self.hint.setVisible(False)
        self.colors: style.FloorColors = style.LIGHT_FLOOR
        self.setBackgroundBrush(self.colors.bg)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        # per rack, the engine result (and mode) it was last coloured from (on_results)
        self._gauge_sources: dict[str, tuple[object, str]] = {}
        self.rebuild()
        doc.changed.connect(self.on_changed)
        doc.resultsChanged.connect(self.on_results)
        doc.selectionChanged.connect(self.on_doc_selection)
        doc.planReset.connect(self._on_reset)
        doc.phaseViewChanged.connect(lambda _p: self.on_results(self.doc.results))
        self.selectionChanged.connect(self.on_scene_selection)

    def set_colors(self, colors: style.FloorColors) -> None:
        """Switch the floor to another theme's colours (items read them when painting)."""
        if colors == self.colors:
            return
        self.colors = colors
        self.setBackgroundBrush(colors.bg)
        self.update()

    # -- building ---------------------------------------------------------------------
    def current_room(self) -> Room | None:
        """The room shown, or None when the plan has no room."""
        return self.doc.plan.index.rooms.get(self.room_id) if self.room_id is not None else None

    def show_room(self, room_id: str | None) -> None:
        """Show another room of the plan (the first one for None or an unknown id)."""
        rooms = self.doc.plan.index.rooms
        want = room_id if room_id in rooms else next(iter(rooms), None)
        if want == self.room_id and (want is None or want in self.rooms):
            return
        self.room_id = want
        self.rebuild()
        self.roomChanged.emit(want or "")

    def _on_reset(self) -> None:
        """A new plan (New, Open, Recover): show its first room."""
        self.room_id = None
        self.rebuild()
        self.roomsChanged.emit()
        self.roomChanged.emit(self.room_id or "")

    def rebuild(self) -> None:
        """Drop every item and build the room shown from the plan."""
        if self.room_id not in self.doc.plan.index.rooms:
            self.room_id = next(iter(self.doc.plan.index.rooms), None)
        self._syncing_selection = True
        try:
            self.removeItem(self.hint) if self.hint.scene() is self else None
            self.clear()
            self.hint = DropHintItem()
            self.hint.setVisible(False)
            self.addItem(self.hint)
            self.rooms.clear()
            self.rows.clear()
            self.racks.clear()
            self.origins = {}
            room = self.current_room()
            if room is not None:
                self.origins[room.id] = QPointF(0.0, 0.0)
                item = RoomItem(room, self.origins[room.id])
                self.addItem(item)
                self.rooms[room.id] = item
                for row in room.rows:
                    self._sync_row(row, room.id)
        finally:
            self._syncing_selection = False
        self._refresh_short_names()
        self._update_scene_rect()
        self.on_results(self.doc.results)
        self._apply_selection(self.doc.selection)

    def _update_scene_rect(self) -> None:
        r = self.itemsBoundingRect()
        m = max(r.width(), r.height(), 10 * SCALE) * 1.0  # room to pan at the fit zoom
        self.setSceneRect(r.adjusted(-m, -m, m, m))

    def _sync_row(self, row: Row, room_id: str) -> None:
        """Create or update (in place) a row's item and its racks' items."""
        origin = self.origins[room_id]
        fps = row_footprints(row, self.doc.catalog)
        item = self.rows.get(row.id)
        if item is None:
            item = RowItem(self, row, room_id)
            self.addItem(item)
            self.rows[row.id] = item
        item.room_id = room_id
        item.set_geometry(row, fps, origin)
        item.rack_ids = [fp.rack_id for fp in fps]  # whose names it draws when they are too big for them
        by_id = {r.id: r for r in row.racks}
        for fp in fps:
            rack_item = self.racks.get(fp.rack_id)
            if rack_item is None:
                rack_item = RackItem(self, by_id[fp.rack_id])
                self.addItem(rack_item)
                self.racks[fp.rack_id] = rack_item
                self._color_rack(rack_item)
                self._names_dirty = True
            elif rack_item.name != by_id[fp.rack_id].name:
                self._names_dirty = True
            rack_item.set_footprint(by_id[fp.rack_id], fp, origin)

    def _remove_rack_item(self, rack_id: str) -> None:
        item = self.racks.pop(rack_id, None)
        self._gauge_sources.pop(rack_id, None)
        if item is not None:
            self.removeItem(item)
            self._names_dirty = True

    def _remove_row_item(self, row_id: str) -> None:
        item = self.rows.pop(row_id, None)
        if item is not None:
            self.removeItem(item)
        for rid in [k for k, v in self.racks.items() if v.row_id == row_id]:
            self._remove_rack_item(rid)

    def on_changed(self, change: Change) -> None:
        """Mirror an applied or reverted edit: update only the touched rows/racks of the
        room shown. The Change may name entities that no longer exist (a replaced plan,
        a removed room): those items just go."""
        plan = self.doc.plan
        idx = plan.index
        if change.rooms:
            self.roomsChanged.emit()  # added, removed or renamed: the room choosers refill
            if self.room_id not in idx.rooms or (self.room_id is None and idx.rooms):
                self.show_room(None)  # the room shown went away (or the first one came): show another
                return
            if self.room_id in change.rooms and self.room_id in self.rooms:
                item = self.rooms[self.room_id]
                size = (item.w, item.d)
                item.set_room(idx.rooms[self.room_id], self.origins[self.room_id])
                if (item.w, item.d) != size:
                    self._update_scene_rect()
                    self.roomResized.emit()
        rows = set(change.rows)
        for rack_id in change.racks:
            if rack_id in idx.rack_row:
                rows.add(idx.rack_row[rack_id])
        for rack_id in list(change.racks):
            if rack_id not in idx.racks:
                self._remove_rack_item(rack_id)
        for row_id in rows:
            if row_id in idx.rows and idx.row_room[row_id] == self.room_id:
                self._sync_row(idx.rows[row_id], self.room_id)
            elif row_id in self.rows:  # removed (or not in this room)
                self._remove_row_item(row_id)
        if self._names_dirty:
            self._refresh_short_names()  # racks came, went or were renamed
        if change.structure and self._row_drag is None:
            self._update_scene_rect()

    def _refresh_short_names(self) -> None:
        """Short labels that tell the racks in view apart ('NVL72-1' and 'NET-1' are not both '1')."""
        self._names_dirty = False
        shorts = short_names([it.name for it in self.racks.values()])
        for it in self.racks.values():
            short = shorts.get(it.name, it.name)
            if short != it.short:
                it.short = short
                it.update()
        for row in self.rows.values():  # a name too big for its rack is drawn by its row
            row.update()

    # -- results ------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode not in ("power", "cooling") or mode == self.mode:
            return
        self.mode = mode
        self.on_results(self.doc.results)
        self.modeChanged.emit(mode)

    def _color_rack(self, item: RackItem) -> None:
        results = self.doc.rack_results(item.rack_id)  # the growth phase shown, or the whole plan
        self._gauge_sources[item.rack_id] = (results.racks.get(item.rack_id) if results is not None else None,
                                             self.mode)
        item.set_utilisation(*rack_gauge(results, item.rack_id, self.mode))

    def apply_phase_view(self) -> None:
        """Racks a later growth phase adds than the one shown are drawn as reserved: faint,
        with the phase in their tooltip (the document's ``phase_view``; docs/phases.md)."""
        later = self.doc.later_phases()["rack"]
        names = {ph.id: ph.name for ph in self.doc.plan.growth_phases}
        for rid, item in self.racks.items():
            item.setOpacity(style.RESERVED_OPACITY if rid in later else 1.0)
            item.reserved_for = names.get(later.get(rid, ""), "")

    def on_results(self, results: Results | None) -> None:
        self.apply_phase_view()
        # a rack's colour and figure come from its result alone, which the engine keeps as the
        # same object when an edit did not touch the rack: only the others are coloured again
        # (a rename in a 16k-GPU hall re-formatted every rack's figures)
        seen = self._gauge_sources
        for rid, item in self.racks.items():
            shown = self.doc.rack_results(rid)
            src, old = shown.racks.get(rid) if shown is not None else None, seen.get(rid)
            if src is None or old is None or old[0] is not src or old[1] != self.mode:
                self._color_rack(item)
        thresholds = results.settings if results is not None else None
        if thresholds != getattr(self, "_thresholds", None):  # the legend names them: repaint it
            self._thresholds = thresholds
            self.update()

    # -- selection ----------------------------------------------------------------------
    def on_scene_selection(self) -> None:
        if self._syncing_selection:
            return
        sel: list[tuple[str, str]] = []
        for it in self.selectedItems():
            if isinstance(it, RackItem):
                sel.append(("rack", it.rack_id))
            elif isinstance(it, RowItem):
                sel.append(("row", it.row_id))
        self._syncing_selection = True
        try:
            self.doc.select(sel)
        finally:
            self._syncing_selection = False

    def _room_of(self, kind: str, eid: str) -> str | None:
        idx = self.doc.plan.index
        if kind == "room":
            return eid if eid in idx.rooms else None
        if kind == "placement":
            eid, kind = idx.placement_rack.get(eid, ""), "rack"
        if kind == "rack":
            eid, kind = idx.rack_row.get(eid, ""), "row"
        if kind == "row":
            return idx.row_room.get(eid)
        return None

    def on_doc_selection(self, selection: tuple[tuple[str, str], ...]) -> None:
        if self._syncing_selection:
            return
        rooms = [r for r in (self._room_of(k, i) for k, i in selection or ()) if r is not None]
        if rooms and self.room_id not in rooms:
            self.show_room(rooms[0])  # what was selected is in another room: show that room
        self._apply_selection(selection)

    def selection_elsewhere(self) -> bool:
        """True when the document's selection lies in rooms other than the one shown."""
        rooms = {self._room_of(k, i) for k, i in self.doc.selection} - {None}
        return bool(rooms) and self.room_id not in rooms

    def _apply_selection(self, selection: tuple[tuple[str, str], ...]) -> None:
        for rid, item in self.rooms.items():
            item.set_highlighted(("room", rid) in (selection or ()))
        idx = self.doc.plan.index
        want: list[QGraphicsItem] = []
        for kind, eid in selection or ():
            if kind == "rack" and eid in self.racks:
                want.append(self.racks[eid])
            elif kind == "row" and eid in self.rows:
                want.append(self.rows[eid])
            elif kind == "placement" and eid in idx.placement_rack:
                rid = idx.placement_rack[eid]
                if rid in self.racks:
                    want.append(self.racks[rid])
        self._syncing_selection = True
        try:
            self.clearSelection()
            for it in want:
                it.setSelected(True)
        finally:
            self._syncing_selection = False
        if want:
            for v in self.views():
                if hasattr(v, "reveal"):
                    v.reveal(want)

    def row_label_box(self, row_id: str, to_device: QTransform, ppm: float) -> QRectF | None:
        """Where a row's name goes in the viewport's pixels (``to_device``: scene -> viewport):
        all rows of its room are placed together, each at its best place unless that overlaps a
        label placed before it, then at its other end (back-to-back rows at a laptop's zoom put
        "Row 2" over "Row 1"). The same answer however much of the view is repainted."""
        item = self.rows.get(row_id)
        if item is None:
            return None
        mates = [r for r in self.rows.values() if r.room_id == item.room_id]
        floor = self.floor_of(item.room_id)
        key = (tuple(to_device.map(QPointF(x, y)).toTuple() for x, y in ((0, 0), (1, 0), (0, 1))), ppm >= 30,
               floor.getRect() if floor is not None else None,
               tuple((r.row_id, r.name, r.pos().toTuple(), r.label_anchor_key()) for r in mates))
        cache = self._label_boxes.get(item.room_id)
        if cache is None or cache[0] != key:
            placed: dict[str, QRectF] = {}
            for r in mates:
                cands = r.label_candidates(r.sceneTransform() * to_device, ppm)

                def overlap(b: QRectF) -> float:
                    return sum(b.intersected(o).width() * b.intersected(o).height()
                               for o in placed.values() if b.intersects(o))
                free = [b for b in cands if overlap(b) == 0.0]
                placed[r.row_id] = free[0] if free else min(cands, key=overlap)
            cache = (key, placed)
            self._label_boxes[item.room_id] = cache
        return cache[1].get(row_id)

    def floor_of(self, room_id: str) -> QRectF | None:
        """A room's floor (inside its walls) in scene coordinates, None when it is not shown."""
        item = self.rooms.get(room_id)
        return item.mapRectToScene(item.floor_rect()) if item is not None else None

    def current_zoom(self) -> float:
        views = self.views()
        return views[0].transform().m11() if views else 1.0
