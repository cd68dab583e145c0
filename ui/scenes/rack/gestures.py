"""Gestures on the rack elevations (a mix-in of :class:`~ui.scenes.rack.view.RackGraphicsView`):
catalog drops, dragging devices (one undo step per drag), wiring port to port, rubber-band
selection and keyboard nudges. The edits are built in :mod:`planner.gestures.builders` (and
:func:`planner.fabric.wiring.connect_edit`); this module turns pointer positions into their
arguments and shows a refusal at the pointer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QRubberBand,
)

from planner.fabric.ports import Port
from planner.fabric.wiring import connect_edit
from planner.gestures.builders import (
    DEVICE_MIME,
    add_device_edit,
    drag_device_edit,
    new_gesture,
    nudge_edit,
)
from planner.i18n import message_text
from planner.model.placement import device_dims
from planner.model.plan import Placement
from ui.scenes.rack.items import DeviceItem, RackFrameItem, Target
from ui.scenes.undo import drop_steps_since

if TYPE_CHECKING:
    # the type checker sees the view this mixes into, so the handlers' super() calls and
    # the view's own methods (mapToScene, viewport, setFocus) are checked against Qt's
    from PySide6.QtWidgets import QGraphicsView as _ViewBase

    from ui.document import Document
    from ui.scenes.rack.scene import RackScene
else:
    _ViewBase = object


@dataclass
class DeviceDrag:
    """A device being dragged: its placement, the U under the pointer relative to its own
    U, the gesture its moves merge under, where the press was; ``active`` once it has moved
    a few pixels, ``last`` the target pushed last, ``refused`` when that move was refused."""

    pid: str
    offset: int
    gesture: str
    press: QPoint
    undo_index: int = 0  # the undo stack's index when the drag began (Esc goes back to it)
    active: bool = False
    last: tuple[str, int | None, str, str | None] | None = None
    refused: bool = False


@dataclass
class WireDrag:
    """A cable being drawn from a port: the port, the rubber line and where it starts."""

    pid: str
    port: str
    line: QGraphicsLineItem
    start: QPointF


@dataclass
class BandSelect:
    """A rubber-band selection: where it started; with Ctrl/Shift it adds to ``base``."""

    origin: QPoint
    multi: bool
    base: list[tuple[str, str]] = field(default_factory=list)


class RackGestures(_ViewBase):
    """Gestures of :class:`~ui.scenes.rack.view.RackGraphicsView` (``self`` is the view)."""

    # what the view provides
    doc: Document
    rack_scene: RackScene
    propertiesRequested: ClassVar[Signal]
    _drag: DeviceDrag | None
    _wire: WireDrag | None
    _band: BandSelect | None
    _rubber: QRubberBand | None

    if TYPE_CHECKING:  # declared for the type checker only: at run time the view's own
        def _device_at(self, pos: QPoint) -> DeviceItem | None: ...
        def _frame_at(self, pos: QPoint) -> RackFrameItem | None: ...
        def _show_ghost(self, target: Target, u_height: float, ok: bool, rect: QRectF | None = None) -> None: ...
        def _hide_ghost(self) -> None: ...
        def port_at(self, pos: QPoint) -> tuple[str, Port] | None: ...
        def show_refusal(self, reason: str, at: QPoint | None = None) -> None: ...
        def hide_refusal(self) -> None: ...
        def delete_selection(self) -> None: ...

    # -- catalog drops -----------------------------------------------------------------
    def _drop_target(self, pos: QPoint, slug: str) -> tuple[Target | None, Placement | None, str | None]:
        target = self.rack_scene.target_at(self.mapToScene(pos))
        if target is None:
            return None, None, QCoreApplication.translate("RackGraphicsView", "Drop the device on a rack")
        edit = add_device_edit(self.doc.plan, self.doc.checker, target.rack_id, slug,
                               target.u, target.face, name="")  # where it goes; named on the drop
        p = edit.placement
        if p.u is None:  # 0U: the side under the pointer
            p = p.model_copy(update={"side": target.side})
        reason = self.doc.checker.check(self.doc.plan, target.rack_id, p, ignore=p.id)
        return target, p, reason

    @staticmethod
    def _slug(event: QDropEvent | QDragMoveEvent | QDragEnterEvent) -> str | None:
        md = event.mimeData()
        if md is None or not md.hasFormat(DEVICE_MIME):
            return None
        slug = bytes(md.data(DEVICE_MIME).data()).decode("utf-8", "replace").strip()
        return slug or None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._slug(event):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        slug = self._slug(event)
        if not slug:
            event.ignore()
            return
        pos = event.position().toPoint()
        target, p, reason = self._drop_target(pos, slug)
        if target is not None and p is not None and p.u is not None:
            dims = device_dims(self.doc.catalog, slug)
            self._show_ghost(target, dims.u_height if dims else 1.0, reason is None)
        elif target is not None and p is not None:  # 0U: its lane in the side channel under the pointer
            self._show_ghost(target, 0.0, reason is None, self.rack_scene.zero_u_rect(target.rack_id, p))
        else:
            self._hide_ghost()
        if reason:
            self.show_refusal(message_text(reason), pos)
        else:
            self.hide_refusal()
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()

    def dragLeaveEvent(self, event: QEvent) -> None:
        self._hide_ghost()
        self.hide_refusal()
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        self._hide_ghost()
        slug = self._slug(event)
        if not slug:
            event.ignore()
            return
        pos = event.position().toPoint()
        target = self.rack_scene.target_at(self.mapToScene(pos))
        if target is None:
            reason = QCoreApplication.translate("RackGraphicsView", "Drop the device on a rack")
            self.show_refusal(self.doc.refuse(reason), pos)
            event.ignore()
            return
        edit = add_device_edit(self.doc.plan, self.doc.checker, target.rack_id, slug, target.u, target.face)
        if edit.placement.u is None and target.side:
            edit.placement = edit.placement.model_copy(update={"side": target.side})
        if self.doc.push(edit):
            self.hide_refusal()
            self.doc.select([("placement", edit.placement.id)])
            # the new device takes the keyboard: Up/Down nudge it, not the catalog's selection
            self.activateWindow()
            self.setFocus(Qt.FocusReason.OtherFocusReason)
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        else:
            self.show_refusal(self.doc.last_refusal, pos)
            event.ignore()

    # -- selection and device drags ------------------------------------------------------

    def _set_hot(self, hit: tuple[str, Port] | None) -> None:
        sc = self.rack_scene
        want = (hit[0], hit[1].name) if hit else None
        for pid, item in sc.ports.items():
            name = want[1] if want and want[0] == pid else None
            if item.hot != name:
                item.hot = name
                item.update()

    def _start_wire(self, pid: str, port: Port) -> None:
        line = QGraphicsLineItem()
        pen = QPen(QColor("#ffc21a"), 3, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        line.setPen(pen)
        line.setZValue(20)
        self.rack_scene.addItem(line)
        start = self.rack_scene.ports[pid].port_rect(port.name).center()
        line.setLine(start.x(), start.y(), start.x(), start.y())
        self._wire = WireDrag(pid, port.name, line, start)
        self.viewport().setCursor(Qt.CursorShape.CrossCursor)

    def _end_wire(self, pos: QPoint) -> bool:
        w = self._wire
        assert w is not None
        self._wire = None
        if w.line.scene() is not None:
            self.rack_scene.removeItem(w.line)
        self.viewport().unsetCursor()
        self._set_hot(None)
        hit = self.port_at(pos)
        if hit is None or (hit[0] == w.pid and hit[1].name == w.port):
            return False
        return self.connect_ports((w.pid, w.port), (hit[0], hit[1].name), pos)

    def connect_ports(self, a: tuple[str, str], b: tuple[str, str], at: QPoint | None = None) -> bool:
        """Push a Connect between two ports; show the reason at ``at`` when refused."""
        edit, why = self.doc.attempt(lambda: connect_edit(self.doc.plan, self.doc.catalog, a, b))
        if edit is None:
            self.show_refusal(why, at)
            return False
        if not self.doc.push(edit):
            self.show_refusal(self.doc.last_refusal, at)
            return False
        self.hide_refusal()
        return True

    # -- mouse -------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if event.button() not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            super().mousePressEvent(event)
            return
        pos = event.position().toPoint()
        multi = bool(event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier))
        if event.button() == Qt.MouseButton.LeftButton and not multi:
            hit = self.port_at(pos)
            if hit is not None:
                self.doc.select([("placement", hit[0])])
                self._start_wire(*hit)
                event.accept()
                return
        dev = self._device_at(pos)
        if dev is not None:
            key = ("placement", dev.placement_id)
            sel = list(self.doc.selection)
            if multi:
                if key in sel:
                    sel.remove(key)
                else:
                    sel.append(key)
                self.doc.select(sel)
            elif event.button() == Qt.MouseButton.LeftButton or key not in sel:
                self.doc.select([key])
            if event.button() == Qt.MouseButton.LeftButton and not multi:
                p = self.doc.plan.placement(dev.placement_id)
                t = self.rack_scene.target_at(self.mapToScene(pos))
                offset = (t.u - p.u) if (t and t.u and p.u) else 0
                self._drag = DeviceDrag(dev.placement_id, offset, new_gesture(), pos, self.doc.undo_stack.index())
            event.accept()
            return
        frame = self._frame_at(pos)
        if frame is not None:
            key = ("rack", frame.rack_id)
            if multi:
                sel = list(self.doc.selection)
                sel.remove(key) if key in sel else sel.append(key)
                self.doc.select(sel)
            elif key not in self.doc.selection or event.button() == Qt.MouseButton.LeftButton:
                self.doc.select([key])
        elif event.button() == Qt.MouseButton.LeftButton and not multi:
            self.doc.select([])
        if event.button() == Qt.MouseButton.LeftButton:
            self._band = BandSelect(pos, multi, list(self.doc.selection) if multi else [])
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._wire is not None:
            end = self.mapToScene(pos)
            st = self._wire.start
            self._wire.line.setLine(st.x(), st.y(), end.x(), end.y())
            self._set_hot(self.port_at(pos))
            event.accept()
            return
        if self._band is not None and event.buttons() & Qt.MouseButton.LeftButton:
            self._rubber_to(pos)
            event.accept()
            return
        d = self._drag
        if d is None or not (event.buttons() & Qt.MouseButton.LeftButton):
            super().mouseMoveEvent(event)
            return
        if not d.active:
            if (pos - d.press).manhattanLength() < 4:
                return
            d.active = True
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        self._drag_to(pos)
        event.accept()

    def _rubber_to(self, pos: QPoint) -> None:
        b = self._band
        assert b is not None
        if self._rubber is None:
            if (pos - b.origin).manhattanLength() < 6:
                return
            self._rubber = QRubberBand(QRubberBand.Shape.Rectangle, self.viewport())
        rect = QRect(b.origin, pos).normalized()
        self._rubber.setGeometry(rect)
        self._rubber.show()
        area = self.mapToScene(rect).boundingRect()
        picked = [("placement", pid) for pid, items in self.rack_scene.devices.items()
                  if any(it.primary and area.intersects(it.sceneBoundingRect()) for it in items)]
        sel = list(b.base) + [k for k in picked if k not in b.base]
        self.doc.select(sel)

    def _drag_to(self, pos: QPoint) -> None:
        d = self._drag
        assert d is not None
        plan = self.doc.plan
        pid = d.pid
        if pid not in plan.index.placements:
            return
        p = plan.placement(pid)
        target = self.rack_scene.target_at(self.mapToScene(pos), d.offset if p.u is not None else 0)
        if target is None:
            return
        key = (target.rack_id, target.u, target.face, target.side)
        if key == d.last:
            return
        d.last = key
        edit = drag_device_edit(plan, self.doc.catalog, self.doc.checker, pid, target.rack_id, target.u,
                                target.face, target.side, d.gesture)
        if edit is None:  # back where it is: nothing to move, nothing refused
            d.refused = False
            self.hide_refusal()
            return
        if self.doc.push(edit):
            d.refused = False
            self.hide_refusal()
        else:
            d.refused = True
            self.show_refusal(self.doc.last_refusal, pos)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._wire is not None:
            self._end_wire(event.position().toPoint())
            event.accept()
            return
        if self._band is not None:
            self._band = None
            if self._rubber is not None:
                self._rubber.hide()
                self._rubber.deleteLater()
                self._rubber = None
        if self._drag is not None:
            d, self._drag = self._drag, None
            self.viewport().unsetCursor()
            if d.active and not d.refused:  # the drag ended well: its refusals are history
                self.hide_refusal()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self._device_at(event.position().toPoint()) is not None:
            self.propertiesRequested.emit()
        event.accept()

    # -- keyboard --------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down) and self.doc.selected("placement"):
            step = 1 if key == Qt.Key.Key_Up else -1
            self.nudge(step)
            event.accept()
            return
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.doc.selection:
            self.delete_selection()
            event.accept()
            return
        if key == Qt.Key.Key_Escape and (self._drag is not None or self._wire is not None):
            self.cancel_drag()
            event.accept()
            return
        if key == Qt.Key.Key_Escape:
            self.hide_refusal()
            self.doc.select([])
            event.accept()
            return
        super().keyPressEvent(event)

    def cancel_drag(self) -> None:
        """Esc during a device drag: the device goes back where it was and the drag leaves
        nothing on the undo stack (its moves were one merged step, taken back and dropped);
        during a cable drawn from a port, no cable."""
        w, self._wire = self._wire, None
        if w is not None:  # a cable being drawn: no link
            if w.line.scene() is not None:
                self.rack_scene.removeItem(w.line)
            self._set_hot(None)
        d, self._drag = self._drag, None
        if d is not None:
            drop_steps_since(self.doc, d.undo_index)
        self.viewport().unsetCursor()
        self.hide_refusal()

    def nudge(self, step: int) -> bool:
        """Move the selected devices ``step`` U up (+) or down (-): one undo step."""
        edit, why = self.doc.attempt(lambda: nudge_edit(self.doc.plan, self.doc.checker,
                                                        self.doc.selected("placement"), step))
        if why:
            self.show_refusal(why)
            return False
        if edit is None:
            return False
        if not self.doc.push(edit):
            self.show_refusal(self.doc.last_refusal)
            return False
        return True
