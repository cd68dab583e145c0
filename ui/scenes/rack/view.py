"""The rack elevations' graphics view: zoom and fit, the refusal overlay and the drop ghost,
look-ups of the item under a point, the context menu."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QPainter,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsRectItem,
    QGraphicsView,
    QLabel,
    QMenu,
    QRubberBand,
    QWidget,
)

from planner.fabric.ports import Port
from planner.fabric.wiring import Disconnect
from planner.gestures.builders import (
    delete_edit,
    disconnect_all_edit,
    duplicate_device_edit,
    duplicate_rack_edit,
)
from planner.model.geometry import u_span_mm
from ui import dialogs
from ui.scenes.rack.gestures import BandSelect, DeviceDrag, RackGestures, WireDrag
from ui.scenes.rack.items import PORT_MIN_PX, DeviceItem, RackFrameItem, Target
from ui.scenes.rack.scene import RackScene

if TYPE_CHECKING:
    from ui.dialogs.wiring import ConnectDialog
    from ui.document import Document


class RackGraphicsView(RackGestures, QGraphicsView):
    """The view: drop target, drag of devices, keyboard moves, context menu."""

    propertiesRequested = Signal()
    refusalCleared = Signal()  # the refusal shown is out of date (a later move or drop went well)

    def __init__(self, doc: Document, scene: RackScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.doc = doc
        doc.changed.connect(lambda _c: self.hide_refusal())  # any edit that went through
        self.rack_scene = scene
        self.setAcceptDrops(True)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.user_zoomed = False
        self._drag: DeviceDrag | None = None
        self._wire: WireDrag | None = None
        self._band: BandSelect | None = None
        self._rubber: QRubberBand | None = None
        self._ghost: QGraphicsRectItem | None = None
        self.connect_dialog_open: ConnectDialog | None = None  # the Connect dialog opened last (tests)
        self.overlay = QLabel(self.viewport())
        self.overlay.setObjectName("refusalOverlay")
        self.overlay.setWordWrap(True)
        self.overlay.setMaximumWidth(460)
        self.overlay.setStyleSheet("QLabel#refusalOverlay { background: rgba(176, 40, 40, 235); color: white;"
                                   " border-radius: 6px; padding: 8px 10px; font-weight: 600; }")
        self.overlay.hide()
        self._overlay_timer = QTimer(self)
        self._overlay_timer.setSingleShot(True)
        self._overlay_timer.setInterval(5000)
        self._overlay_timer.timeout.connect(self.overlay.hide)

    # -- overlay and ghost ---------------------------------------------------------------
    def show_refusal(self, reason: str, at: QPoint | None = None) -> None:
        self.overlay.setText(reason)
        self.overlay.adjustSize()
        vp = self.viewport().rect()
        pos = at if at is not None else QPoint(vp.width() // 2 - self.overlay.width() // 2, 12)
        x = min(max(4, pos.x() + 16), max(4, vp.width() - self.overlay.width() - 4))
        y = min(max(4, pos.y() + 16), max(4, vp.height() - self.overlay.height() - 4))
        self.overlay.move(x, y)
        self.overlay.show()
        self.overlay.raise_()
        self._overlay_timer.start()

    def hide_refusal(self) -> None:
        if self.overlay.isVisible() or self._overlay_timer.isActive():
            self._overlay_timer.stop()
            self.overlay.hide()
            self.refusalCleared.emit()

    def _show_ghost(self, target: Target, u_height: float, ok: bool, rect: QRectF | None = None) -> None:
        """Where a drop would land: ``u_height`` U at the target's U, or ``rect`` (a 0U
        device's lane in its side channel)."""
        sc = self.rack_scene
        frame = sc.frames.get((target.rack_id, target.face))
        if frame is None or (target.u is None and rect is None):
            self._hide_ghost()
            return
        if rect is None:
            fr = frame.rect()
            bottom, top = u_span_mm(target.u or 1, max(u_height, 1.0))
            rect = QRectF(fr.left(), -top, fr.width(), top - bottom)
        if self._ghost is None:
            self._ghost = QGraphicsRectItem()
            self._ghost.setZValue(10)
            sc.addItem(self._ghost)
        color = QColor(60, 180, 90, 90) if ok else QColor(210, 50, 50, 90)
        self._ghost.setBrush(QBrush(color))
        self._ghost.setPen(QPen(color.darker(140), 3, Qt.PenStyle.DashLine))
        self._ghost.setRect(rect)
        self._ghost.show()

    def _hide_ghost(self) -> None:
        if self._ghost is not None:
            if self._ghost.scene() is not None:
                self.rack_scene.removeItem(self._ghost)
            self._ghost = None

    # -- geometry for callers and tests ------------------------------------------------
    def viewport_point(self, rack_id: str, face: str, u: int) -> QPoint:
        return self.mapFromScene(self.rack_scene.point_for(rack_id, face, u))

    def fit(self) -> None:
        r = self.rack_scene.sceneRect()
        if not r.isEmpty():
            self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
        self.user_zoomed = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self.user_zoomed:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            f = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
            self.scale(f, f)
            self.user_zoomed = True
            event.accept()
            return
        super().wheelEvent(event)

    def _device_at(self, pos: QPoint) -> DeviceItem | None:
        # Only DeviceItems are looked at: a device's labels and ports are clipped to it, so
        # the device is under the point whenever they are. Never call parentItem() on the
        # items found here: on PySide6 6.11 parentItem() of a top-level item (a rack's outer
        # frame, a U number) hands it to Python, and the item is deleted from the scene as
        # soon as the temporary wrapper goes (the rack's frame vanished on the first click).
        for it in self.items(pos):
            if isinstance(it, DeviceItem):
                return it
        return None

    def _frame_at(self, pos: QPoint) -> RackFrameItem | None:
        hit = self.rack_scene.rack_at(self.mapToScene(pos))
        return self.rack_scene.frames.get(hit) if hit else None

    # -- ports and wiring ----------------------------------------------------------------
    def port_at(self, pos: QPoint) -> tuple[str, Port] | None:
        """(placement, port) under a viewport point, when ports are drawn at this zoom."""
        scene_pos = self.mapToScene(pos)
        scale = self.transform().m11()
        for dev in self.items(pos):  # DeviceItems only: see _device_at
            if not isinstance(dev, DeviceItem):
                continue
            ports = self.rack_scene.ports.get(dev.placement_id)
            if ports is None or ports.device is not dev or scale * ports.port_width() < PORT_MIN_PX:
                continue
            port = ports.port_at(scene_pos)
            if port is not None:
                return dev.placement_id, port
        return None

    def port_point(self, placement_id: str, port: str) -> QPoint:
        """Viewport point at the middle of a drawn port (tests, tools)."""
        return self.mapFromScene(self.rack_scene.ports[placement_id].port_rect(port).center())

    def zoom_to(self, placement_id: str, scale: float = 1.2) -> None:
        """Zoom so ports show, centred on a device."""
        self.resetTransform()
        self.scale(scale, scale)
        self.user_zoomed = True
        items = self.rack_scene.devices.get(placement_id)
        if items:
            self.centerOn(self.rack_scene.ports[placement_id].device if placement_id in self.rack_scene.ports
                          else items[0])

    # -- context menu ------------------------------------------------------------------
    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        pos = event.pos()
        dev = self._device_at(pos)
        frame = self._frame_at(pos)
        menu = QMenu(self)
        doc = self.doc
        hit = self.port_at(pos)
        if hit is not None:
            pid, port = hit
            doc.select([("placement", pid)])
            link = self.rack_scene.port_used(pid, port.name)
            if link is not None:
                menu.addAction(self.tr("Disconnect {port}").format(port=port.name), lambda: self.disconnect_port(pid, port.name))
            menu.addAction(self.tr("Connect {port}\u2026").format(port=port.name), lambda: self.connect_dialog(pid, port.name))
            menu.exec(event.globalPos())
            return
        if dev is not None:
            key = ("placement", dev.placement_id)
            if key not in doc.selection:
                doc.select([key])
            if dev.placement_id in self.rack_scene.ports:
                menu.addAction(self.tr("Connect\u2026"), lambda: self.connect_dialog(dev.placement_id))
                wired = [lk.id for lk in doc.plan.links if dev.placement_id in (lk.a.placement, lk.b.placement)]
                if wired:
                    menu.addAction(self.tr("Disconnect all (%n cable(s))", "", len(wired)),
                                   partial(self.disconnect_all, dev.placement_id))
                menu.addSeparator()
            menu.addAction(self.tr("Delete"), self.delete_selection)
            menu.addAction(self.tr("Duplicate"), self.duplicate_selection)
            menu.addSeparator()
            menu.addAction(self.tr("Properties"), self.propertiesRequested.emit)
        elif frame is not None:
            doc.select([("rack", frame.rack_id)])
            menu.addAction(self.tr("Duplicate rack x N\u2026"), lambda: self.duplicate_rack(frame.rack_id))
            menu.addAction(self.tr("Delete rack"), self.delete_selection)
            menu.addSeparator()
            menu.addAction(self.tr("Properties"), self.propertiesRequested.emit)
        else:
            return
        menu.exec(event.globalPos())

    def disconnect_port(self, pid: str, port: str) -> bool:
        link = self.rack_scene.port_used(pid, port)
        if link is None:
            return False
        return self.doc.push(Disconnect(link))

    def disconnect_all(self, pid: str) -> bool:
        """Remove every cable of a device, as one undo step (False when it has none)."""
        wired = sum(1 for lk in self.doc.plan.links if pid in (lk.a.placement, lk.b.placement))
        edit = disconnect_all_edit(self.doc.plan, pid, self.tr("Disconnect %n cable(s)", "", wired))
        return edit is not None and self.doc.push(edit)

    def connect_dialog(self, pid: str, port: str | None = None) -> ConnectDialog:
        from ui.dialogs.wiring import ConnectDialog

        dlg = ConnectDialog(self.doc, pid, port, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dlg.open()
        self.connect_dialog_open = dlg
        return dlg

    def delete_selection(self) -> None:
        edit = delete_edit(self.doc.plan, self.doc.selection)
        if edit is not None:
            self.doc.push(edit)

    def duplicate_selection(self) -> None:
        pids = self.doc.selected("placement")
        if pids and not self.doc.push(duplicate_device_edit(self.doc.plan, self.doc.checker, pids)):
            self.show_refusal(self.doc.last_refusal)

    def duplicate_rack(self, rack_id: str) -> None:
        n = dialogs.ask_int(self, self.tr("Duplicate rack"),
                            self.tr("Copies of {rack}:").format(rack=self.doc.plan.rack(rack_id).name), 3, 1, 200)
        if n:
            self.doc.push(duplicate_rack_edit(self.doc.plan, rack_id, n, self.doc.catalog))
