"""The floor-plan dock: a toolbar (room, colour mode, zoom, add/rotate/remove) over the
floor, the Floor menu's actions and the context menu."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QKeySequence,
    QPalette,
)
from PySide6.QtWidgets import (
    QComboBox,
    QGraphicsItem,
    QLabel,
    QMenu,
    QSizePolicy,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from planner.gestures.builders import (
    add_room_edit,
    delete_edit,
)
from ui import dialogs, style
from ui.scenes.floor.items import SCALE, RackItem, RowItem
from ui.scenes.floor.scene import FloorScene
from ui.scenes.floor.view import FloorGraphicsView
from ui.units import fnum

if TYPE_CHECKING:
    from ui.document import Document


class FloorView(QWidget):
    """The floor-plan panel: a toolbar (room, colour mode, zoom, add/rotate/remove) over
    the floor. ``FloorView(doc)``; ``.scene`` and ``.view`` for the main window and tests.

    Every action is also in :meth:`fill_menu` (the main window's Floor menu) and in the
    floor's context menu, so nothing hides behind the toolbar's overflow on a narrow dock."""

    propertiesRequested = Signal()  # show the Inspector (the selection is what to show)

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.scene = FloorScene(doc, self)
        self.view = FloorGraphicsView(self.scene, self)
        self.view.menu_provider = self.context_menu
        self.toolbar = QToolBar(self.tr("Floor"), self)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.setIconSize(self.toolbar.iconSize())
        self.room_box = QComboBox(self)
        self.room_box.setObjectName("roomChooser")
        self.room_box.setToolTip(self.tr("The room shown on the floor plan"))
        self.room_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.room_box.currentIndexChanged.connect(self._room_picked)
        self.status = QLabel(self)
        self.status.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.status.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.status.setContentsMargins(0, 0, 6, 0)
        style.mute(self.status)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.toolbar)
        lay.addWidget(self.view, 1)
        self._build_actions()
        self.view.zoomChanged.connect(self._show_zoom)
        self.view.roomActivated.connect(self.room_properties)
        doc.refused.connect(self._show_refusal)
        self.scene.roomsChanged.connect(self._fill_rooms)
        self.scene.roomChanged.connect(self._room_shown)
        self.scene.roomResized.connect(self._room_resized)
        self._fill_rooms()
        self.follow_palette()

    def follow_palette(self, palette: QPalette | None = None) -> None:
        """Floor colours for the current theme (called again on every palette change; the
        main window passes the application palette on a live theme switch)."""
        self.scene.set_colors(style.floor_colors(palette if palette is not None else self.palette()))
        self.status.setStyleSheet(f"color: {self.scene.colors.label_muted.name()}; padding-right: 6px;")
        self.view.viewport().update()

    def _room_resized(self) -> None:
        if self.view.auto_fit:  # the user has not zoomed or panned since the last fit
            self.view.fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.follow_palette()

    def units_changed(self) -> None:
        """Room dimensions and the scale bar are drawn in the display units: repaint."""
        self.scene.update()
        self.view.viewport().update()

    def _act(self, text: str, keys: list[str | QKeySequence.StandardKey], slot: Callable[[], object],
             tip: str = "") -> QAction:
        a = QAction(text, self)
        a.setShortcuts([QKeySequence(k) for k in keys])
        a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        a.setToolTip(tip or text)
        a.setStatusTip(tip or text)
        a.triggered.connect(lambda _checked=False: slot())
        self.addAction(a)
        return a

    def _build_actions(self) -> None:
        tb = self.toolbar
        tb.addWidget(self.room_box)
        tb.addSeparator()
        group = QActionGroup(self)
        self.act_power = QAction(self.tr("Colour by Power"), self, checkable=True, checked=True)
        self.act_power.setIconText(self.tr("Power"))
        self.act_power.setToolTip(self.tr("Colour racks by power draw against the rack's power limit"))
        self.act_cooling = QAction(self.tr("Colour by Cooling"), self, checkable=True)
        self.act_cooling.setIconText(self.tr("Cooling"))
        self.act_cooling.setToolTip(self.tr("Colour racks by heat against the rack's cooling capacity"))
        for a in (self.act_power, self.act_cooling):
            group.addAction(a)
            tb.addAction(a)
        self.act_power.triggered.connect(lambda: self.set_mode("power"))
        self.act_cooling.triggered.connect(lambda: self.set_mode("cooling"))
        tb.addSeparator()
        self.act_zoom_in = self._act(self.tr("Zoom In"), ["Ctrl+=", "Ctrl++"], lambda: self.view.zoom_by(1.25))
        self.act_zoom_out = self._act(self.tr("Zoom Out"), ["Ctrl+-"], lambda: self.view.zoom_by(0.8))
        self.act_fit = self._act(self.tr("Fit Floor"), ["Ctrl+0", "F"], self.view.fit,
                                 self.tr("Fit the floor in the view (Ctrl+0, F)"))
        for a, short in ((self.act_zoom_in, self.tr("Zoom in")), (self.act_zoom_out, self.tr("Zoom out")),
                         (self.act_fit, self.tr("Fit"))):
            a.setIconText(short)  # the toolbar's short label; menus show the full text
            tb.addAction(a)
        tb.addSeparator()
        self.act_add_room = self._act(self.tr("Add Room"), [], self.add_room,
                                      self.tr("Add an empty room to the site and show it"))
        self.act_remove_room = self._act(self.tr("Delete Room\u2026"), [], self.remove_room,
                                         self.tr("Delete the room shown, with its rows and racks (undo restores)"))
        self.act_room_props = self._act(self.tr("Room Properties"), [], self.room_properties,
                                        self.tr("Name, size, tiles and floor of the room shown, in the Inspector"))
        self.act_add_row = self._act(self.tr("Add Row\u2026"), [], self.add_row,
                                     self.tr("Add a row of racks behind the rows of the room shown"))
        self.act_add_rack = self._act(self.tr("Add Rack"), ["Ctrl+Shift+R"], self._add_rack,
                                      self.tr("Add a rack at the end of the selected row"))
        self.act_rotate = self._act(self.tr("Rotate Row"), ["R"], self.scene.rotate_selected,
                                    self.tr("Turn the selected row 90\u00b0 (R)"))
        self.act_remove = self._act(self.tr("Delete"), [QKeySequence.StandardKey.Delete], self.scene.delete_selected,
                                    self.tr("Delete the selected racks and rows (Del)"))
        self.act_properties = self._act(self.tr("Properties"), [], self.propertiesRequested.emit,
                                        self.tr("Show the selection in the Inspector"))
        for a, short in ((self.act_add_row, self.tr("Add row")), (self.act_add_rack, self.tr("Add rack")),
                         (self.act_rotate, self.tr("Rotate row")), (self.act_remove, self.tr("Delete"))):
            a.setIconText(short)
            tb.addAction(a)
        self.room_menu = QMenu(self.tr("Show Room"), self)
        self.room_menu.aboutToShow.connect(lambda: self._fill_room_menu(self.room_menu))
        tb.addWidget(self.status)

    def fill_menu(self, menu: QMenu) -> QMenu:
        """Put every floor action in ``menu`` (the main window's Floor menu). Keys the window
        already uses for itself (Del for Edit > Delete, Ctrl+0) are left to the window: the
        same key on a floor action made both ambiguous, and Qt then ran neither."""
        taken = {k.toString() for a in self.window().actions() for k in a.shortcuts()}
        for a in self.actions():
            keep = [k for k in a.shortcuts() if k.toString() not in taken]
            if len(keep) != len(a.shortcuts()):
                a.setShortcuts(keep)
        for a in (self.act_add_room, self.act_room_props, self.act_remove_room):
            menu.addAction(a)
        menu.addMenu(self.room_menu)
        menu.addSeparator()
        for a in (self.act_add_row, self.act_add_rack, self.act_rotate, self.act_remove, self.act_properties):
            menu.addAction(a)
        menu.addSeparator()
        for a in (self.act_power, self.act_cooling):
            menu.addAction(a)
        menu.addSeparator()
        for a in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            menu.addAction(a)
        menu.aboutToShow.connect(self._update_actions)
        return menu

    def _update_actions(self) -> None:
        has_room = self.scene.room_id is not None
        for a in (self.act_remove_room, self.act_room_props, self.act_add_row):
            a.setEnabled(has_room)
        self.room_menu.setEnabled(len(self.doc.plan.site.rooms) > 1)

    # -- rooms ----------------------------------------------------------------------------
    def _fill_rooms(self) -> None:
        box = self.room_box
        box.blockSignals(True)
        box.clear()
        for room in self.doc.plan.site.rooms:
            box.addItem(room.name, room.id)
        box.setCurrentIndex(max(0, box.findData(self.scene.room_id)))
        box.setEnabled(box.count() > 0)
        box.blockSignals(False)
        self._update_actions()

    def _fill_room_menu(self, menu: QMenu) -> None:
        menu.clear()
        group = QActionGroup(menu)
        for room in self.doc.plan.site.rooms:
            a = menu.addAction(room.name)
            a.setCheckable(True)
            a.setChecked(room.id == self.scene.room_id)
            a.setData(room.id)
            group.addAction(a)
            a.triggered.connect(lambda _c=False, rid=room.id: self.switch_room(rid))

    def _room_picked(self, _i: int) -> None:
        rid = self.room_box.currentData()
        if rid is not None:
            self.switch_room(rid)

    def _room_shown(self, room_id: str) -> None:
        i = self.room_box.findData(room_id)
        if i >= 0 and i != self.room_box.currentIndex():
            self.room_box.blockSignals(True)
            self.room_box.setCurrentIndex(i)
            self.room_box.blockSignals(False)
        self._update_actions()
        self.view.fit()

    def switch_room(self, room_id: str) -> None:
        """Show another room (room chooser, Floor > Show Room); a selection left in the
        room before is dropped."""
        if room_id == self.scene.room_id:
            return
        self.scene.show_room(room_id)
        if self.scene.selection_elsewhere():
            self.doc.select([])

    def add_room(self) -> bool:
        """A new empty room, like the one shown in size and floor; it is shown and selected."""
        edit = add_room_edit(self.doc.plan, like=self.scene.room_id)
        if not self.doc.push(edit):
            return False
        self.scene.show_room(edit.room.id)
        self.doc.select([("room", edit.room.id)])
        self.propertiesRequested.emit()
        return True

    def room_properties(self, room_id: str | None = None) -> None:
        rid = room_id or self.scene.room_id
        if rid is None:
            self.doc.refuse(self.tr("There is no room: add one first"))
            return
        self.doc.select([("room", rid)])
        self.propertiesRequested.emit()

    def remove_room(self, room_id: str | None = None) -> bool:
        """Delete a room; one that holds rows only after the user confirms, with its
        content, as one undo step."""
        rid = room_id or self.scene.room_id
        if rid is None or rid not in self.doc.plan.index.rooms:
            self.doc.refuse(self.tr("There is no room to delete"))
            return False
        return dialogs.confirm_and_delete_rooms(self.doc, self.window(), [rid])

    def add_row(self) -> bool:
        """Floor > Add Row...: how many racks, then a row behind the others in the room shown."""
        if self.scene.room_id is None:
            self.doc.refuse(self.tr("Add a room first: rows go inside a room"))
            return False
        n = dialogs.ask_int(self.window(), self.tr("Add row"), self.tr("Racks in the new row:"), 4, 0, 200)
        if n is None:
            return False
        return self.scene.add_row_at(None, n)

    # -- context menu -----------------------------------------------------------------------
    def context_menu(self, scene_pos: QPointF, item: QGraphicsItem | None) -> QMenu:
        """What a right-click offers: on a rack or row, that row's actions; on the floor,
        a row there; always the room's actions."""
        menu = QMenu(self)
        row_id = item.row_id if isinstance(item, RowItem | RackItem) else None
        plan = self.doc.plan
        if row_id and row_id in plan.index.rows:
            name = plan.index.rows[row_id].name
            for n in (1, 2, 4):
                text = (self.tr("Add a rack to {row}") if n == 1 else self.tr("Add {n} racks to {row}")).format(
                    n=n, row=name)
                menu.addAction(text, partial(self.scene.add_racks_to_row, row_id, n))
            menu.addAction(self.tr("Rotate {row} 90\u00b0").format(row=name),
                           partial(self._rotate_row, row_id))
            menu.addSeparator()
            if isinstance(item, RackItem):
                rack_id = item.rack_id
                menu.addAction(self.tr("Properties of {rack}").format(rack=item.name),
                               partial(self._properties_of, "rack", rack_id))
                menu.addAction(self.tr("Delete rack {rack}").format(rack=item.name),
                               lambda: self._delete([("rack", rack_id)]))
            menu.addAction(self.tr("Properties of {row}").format(row=name),
                           partial(self._properties_of, "row", row_id))
            menu.addAction(self.tr("Delete {row} with its racks").format(row=name),
                           lambda: self._delete([("row", row_id)]))
        elif self.scene.room_at(scene_pos) is not None:
            for n in (4, 8, 12):
                menu.addAction(self.tr("Add row of {n} racks here").format(n=n),
                               partial(self.scene.add_row_at, scene_pos, n))
        menu.addSeparator()
        room = self.scene.current_room()
        if room is not None:
            menu.addAction(self.tr("Properties of {room}").format(room=room.name),
                           lambda: self.room_properties(room.id))
            menu.addAction(self.tr("Delete {room}\u2026").format(room=room.name), lambda: self.remove_room(room.id))
        menu.addAction(self.act_add_room)
        if len(plan.site.rooms) > 1:
            self._fill_room_menu(menu.addMenu(self.tr("Show Room")))
        return menu

    def _rotate_row(self, row_id: str) -> None:
        self.doc.select([("row", row_id)])
        self.scene.rotate_selected()

    def _properties_of(self, kind: str, eid: str) -> None:
        self.doc.select([(kind, eid)])
        self.propertiesRequested.emit()

    def _delete(self, selection: list[tuple[str, str]]) -> bool:
        edit = delete_edit(self.doc.plan, tuple(selection))
        return edit is not None and self.doc.push(edit)

    def set_mode(self, mode: str) -> None:
        self.scene.set_mode(mode)
        (self.act_power if mode == "power" else self.act_cooling).setChecked(True)
        self.view.viewport().update()

    def _add_rack(self) -> None:
        rows = self.scene.selected_rows()
        if not rows:
            self.doc.refuse(self.tr("Select a row (or one of its racks) to add a rack to"))
            return
        self.scene.add_racks_to_row(rows[0], 1)

    def _show_zoom(self, z: float) -> None:
        self.status.setText(f"{fnum(z * SCALE, '.0f')} px/m")

    def _show_refusal(self, reason: str) -> None:
        self.status.setText(reason)
