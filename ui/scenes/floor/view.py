"""The floor plan's graphics view: zoom about the pointer, fit, pan, the scale bar and the
legend drawn in the foreground."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsView,
    QMenu,
    QWidget,
)

from ui import style, units
from ui.scenes.floor.items import MAX_ZOOM, MIN_ZOOM, SCALE, RackItem, RowItem, _font
from ui.scenes.floor.scene import FloorScene


class FloorGraphicsView(QGraphicsView):
    """Zoom about the pointer, pan with the middle button or Space+drag, rubber-band
    select; legend and scale bar drawn over the floor."""

    zoomChanged = Signal(float)
    roomActivated = Signal(str)  # double-click on a room's bare floor

    def __init__(self, fscene: FloorScene, parent: QWidget | None = None) -> None:
        super().__init__(fscene, parent)
        self.fscene = fscene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self._pan: QPointF | None = None
        self._space = False
        self._fitted_once = False
        self.auto_fit = True  # refit on resize until the user zooms or pans
        self.setMouseTracking(True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        # the right-click menu for a scene point and the item there (set by the FloorView)
        self.menu_provider: Callable[[QPointF, QGraphicsItem | None], QMenu | None] | None = None
        self.last_menu: QMenu | None = None  # the menu shown last (tests read it)

    # -- zoom ---------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11() if self.transform().m12() == 0 else math.hypot(self.transform().m11(),
                                                                                       self.transform().m12())

    def zoom_by(self, factor: float, anchor_viewport: QPointF | None = None) -> None:
        z = self.zoom()
        factor = max(MIN_ZOOM / z, min(MAX_ZOOM / z, factor))
        if abs(factor - 1.0) < 1e-9:
            return
        self.auto_fit = False
        if anchor_viewport is None:
            old = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            self.scale(factor, factor)
            self.setTransformationAnchor(old)
        else:
            self.scale(factor, factor)
        self.zoomChanged.emit(self.zoom())

    def fit(self) -> None:
        """Fit all rooms (or everything, with no rooms) with a margin."""
        r = QRectF()
        for item in self.fscene.rooms.values():
            r = r.united(item.sceneBoundingRect())
        for row in self.fscene.rows.values():
            r = r.united(row.sceneBoundingRect())
        if r.isEmpty():
            r = QRectF(0, 0, 10 * SCALE, 8 * SCALE)
        r = r.adjusted(-0.02 * r.width(), -0.02 * r.height(), 0.02 * r.width(), 0.02 * r.height())
        # keep the rooms clear of the legend and scale bar drawn over the bottom of the view
        target = r
        for _ in range(3):
            self.fitInView(target, Qt.AspectRatioMode.KeepAspectRatio)
            z = self.zoom()
            if z <= 0:
                break
            target = r.adjusted(0, 0, 0, self._overlay_reserve_px() / z)
        self.auto_fit = True
        self.zoomChanged.emit(self.zoom())

    def _overlay_reserve_px(self) -> float:
        """Height of the overlay band at the bottom: the legend (48 px + margin), and the
        scale bar stacked above it when the view is too narrow to put them side by side."""
        return 64.0 if self.viewport().width() >= 560 else 110.0 if self.viewport().width() >= 330 else 128.0

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.auto_fit and self._fitted_once:
            self.fit()

    def reveal(self, items: list[QGraphicsItem]) -> None:
        """Bring items into view (selection from a finding or another view)."""
        r = QRectF()
        for it in items:
            r = r.united(it.sceneBoundingRect())
        vis = self.mapToScene(self.viewport().rect()).boundingRect()
        if not vis.contains(r):
            self.centerOn(r.center())
            vis = self.mapToScene(self.viewport().rect()).boundingRect()
            if r.width() > vis.width() or r.height() > vis.height():
                self.fitInView(r.adjusted(-r.width() * 0.2, -r.height() * 0.2, r.width() * 0.2, r.height() * 0.2),
                               Qt.AspectRatioMode.KeepAspectRatio)
        self.viewport().update()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._fitted_once:
            self._fitted_once = True
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        dy = event.angleDelta().y() or event.pixelDelta().y()
        if dy:
            self.zoom_by(1.0015 ** dy, event.position())
        event.accept()

    # -- pan ----------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton or (
                self._space and event.button() == Qt.MouseButton.LeftButton):
            self._pan = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan is not None:
            d = event.position() - self._pan
            self._pan = event.position()
            self.auto_fit = False
            self.pan_by(d.x(), d.y())
            event.accept()
            return
        super().mouseMoveEvent(event)
        self._cursor_scene = self.mapToScene(event.position().toPoint())

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the floor by (dx, dy) device pixels."""
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        z = self.zoom()
        self.translate(dx / z, dy / z)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan is not None and event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.LeftButton):
            self._pan = None
            if self._space:
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """A double-click on the bare floor shows the room's properties."""
        if event.button() == Qt.MouseButton.LeftButton and not isinstance(
                self.itemAt(event.position().toPoint()), RowItem | RackItem):
            hit = self.fscene.room_at(self.mapToScene(event.position().toPoint()))
            if hit is not None:
                self.roomActivated.emit(hit[0])
                event.accept()
                return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """The menu of what is under the pointer (built by the FloorView: ``menu_provider``)."""
        provider = self.menu_provider
        if provider is None:
            return
        menu = provider(self.mapToScene(event.pos()), self.itemAt(event.pos()))
        if menu is None or menu.isEmpty():
            return
        self.last_menu = menu  # tests read the menu shown
        menu.exec(event.globalPos())

    # -- overlay: legend and scale bar ---------------------------------------------------------
    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        vp = self.viewport().rect()
        legend = self._draw_legend(painter, vp)
        self._draw_scale_bar(painter, vp, legend)
        painter.restore()

    def scale_bar(self) -> tuple[float, str] | None:
        """The scale bar now: (its length in pixels, its label in the display units)."""
        ppm = self.zoom() * SCALE
        if ppm <= 0:
            return None
        length_m, label = units.scale_bar(120 / ppm)  # a round length of ~120 px
        return length_m * ppm, label

    def _draw_scale_bar(self, painter: QPainter, vp: QRect, legend: QRectF | None = None) -> None:
        bar = self.scale_bar()
        if bar is None:
            return
        w, label = bar
        x0, y0 = 16.0, vp.height() - 22.0
        if legend is not None and legend.left() < x0 + max(w, 40) + 16:  # narrow view: stack above the legend
            y0 = legend.top() - 12
        painter.setPen(Qt.PenStyle.NoPen)
        c = self.fscene.colors
        painter.setBrush(c.overlay_box)
        painter.drawRoundedRect(QRectF(x0 - 8, y0 - 24, max(w, 40) + 16, 34), 4, 4)
        pen = QPen(c.label, 2)
        painter.setPen(pen)
        painter.drawLine(QPointF(x0, y0), QPointF(x0 + w, y0))
        painter.drawLine(QPointF(x0, y0 - 5), QPointF(x0, y0 + 5))
        painter.drawLine(QPointF(x0 + w, y0 - 5), QPointF(x0 + w, y0 + 5))
        painter.setFont(_font(11))
        painter.drawText(QPointF(x0, y0 - 8), label)

    def _draw_legend(self, painter: QPainter, vp: QRect) -> QRectF:
        mode = self.fscene.mode
        title = self.tr("Rack power vs. limit") if mode == "power" else self.tr("Rack heat vs. cooling")
        res = self.fscene.doc.results
        s = res.settings if res is not None else None
        entries = style.band_labels(None if s is None else
                                    s.feed_warn_fraction if mode == "power" else s.cooling_warn_fraction)
        painter.setFont(_font(11))
        fm = QFontMetricsF(painter.font())
        tf = _font(11, bold=True)
        tw = QFontMetricsF(tf).horizontalAdvance(title)
        ew = sum(fm.horizontalAdvance(t) + 30 for _, t in entries)
        per_row = len(entries)
        if max(tw, ew) + 20 > vp.width() - 24:  # narrow view: the swatches on two rows
            per_row = math.ceil(len(entries) / 2)
            ew = max(sum(fm.horizontalAdvance(t) + 30 for _, t in entries[i:i + per_row])
                     for i in range(0, len(entries), per_row))
        w = max(tw, ew) + 20
        rows = math.ceil(len(entries) / per_row)
        h = 48 + 18 * (rows - 1)
        box = QRectF(max(4.0, vp.width() - w - 12), vp.height() - h - 12, w, h)
        c = self.fscene.colors
        painter.setPen(QPen(c.overlay_border, 1))
        painter.setBrush(c.overlay_box)
        painter.drawRoundedRect(box, 4, 4)
        painter.setFont(tf)
        painter.setPen(c.label)
        painter.drawText(QPointF(box.left() + 10, box.top() + 18), title)
        painter.setFont(_font(11))
        x = box.left() + 10
        y = box.top() + 28
        for n, (lvl, text) in enumerate(entries):
            if n and n % per_row == 0:
                x, y = box.left() + 10, y + 18
            painter.setPen(QPen(c.rack_edge if not c.dark else c.label_muted, 1))
            painter.setBrush(style.level_color(lvl))
            painter.drawRect(QRectF(x, y + 2, 14, 10))
            painter.setPen(c.label)
            painter.drawText(QPointF(x + 19, y + 12), text)
            x += fm.horizontalAdvance(text) + 30
        return box
