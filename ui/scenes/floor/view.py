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
    QTransform,
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

SCALE_BAR_MAX_PX = 150.0  # the scale bar is never longer (FloorGraphicsView.scale_bar), so the fit can reserve it


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

    # pixels kept free around the fitted floor: the room's name and size above it, the tile
    # labels below and left of it (drawn outside the walls in device pixels)
    FIT_TOP_PX = 30.0
    FIT_BOTTOM_PX = 18.0
    FIT_SIDE_PX = 20.0

    def fit(self) -> None:
        """Fit the room's floor (and any row reaching past it) into the view: as large as the
        view allows with the room's title above, its tile labels around and the legend and
        scale bar below kept clear (it opened at half that size, the title under the toolbar)."""
        r = QRectF()
        for item in self.fscene.rooms.values():
            r = r.united(item.mapRectToScene(item.floor_rect()))
        for row in self.fscene.rows.values():
            r = r.united(row.mapRectToScene(row.shape().boundingRect()))
        if r.isEmpty():
            r = QRectF(0, 0, 10 * SCALE, 8 * SCALE)
        vw, vh = float(self.viewport().width()), float(self.viewport().height())
        side, top = self.FIT_SIDE_PX, self.FIT_TOP_PX
        vp = self.viewport().rect()
        legend = self._legend_box(vp)
        overlays = [legend.adjusted(-4, -4, 4, 4), self._scale_bar_box(vp, legend).adjusted(-4, -4, 4, 4)]

        def placed(area: QRectF) -> tuple[float, QRectF]:
            aw, ah = max(area.width(), 20.0), max(area.height(), 20.0)
            z = max(MIN_ZOOM, min(MAX_ZOOM, aw / r.width(), ah / r.height()))
            w, h = r.width() * z, r.height() * z
            return z, QRectF(area.left() + (aw - w) / 2, area.top() + (ah - h) / 2, w, h)  # centred in it

        bar = overlays[1]
        below = self.FIT_BOTTOM_PX
        # where the floor may go: above the band the legend and scale bar take at the bottom
        # (always clear of them), the whole view, or left of the legend above the scale bar
        # (a wide, short dock: the room twice as large as above the band)
        band = QRectF(side, top, vw - 2 * side, vh - top - below - self._overlay_reserve_px())
        z, dev = placed(band)
        for area in (QRectF(side, top, vw - 2 * side, vh - top - below),
                     QRectF(side, top, legend.left() - 2 * side, bar.top() - below - top)):
            zc, devc = placed(area)
            grown = devc.adjusted(-4, -self.FIT_TOP_PX, 4, self.FIT_BOTTOM_PX)  # with its title and labels
            if zc > z and not any(grown.intersects(o) for o in overlays):
                z, dev = zc, devc
        self.setTransform(QTransform.fromScale(z, z))
        # room to scroll the floor off-centre (beside the legend): the scene's margin is one
        # floor wide, less than half a short, wide view at this zoom
        need = r.adjusted(-vw / z, -vh / z, vw / z, vh / z)
        if not self.fscene.sceneRect().contains(need):
            self.fscene.setSceneRect(self.fscene.sceneRect().united(need))
        # the view's centre in scene coordinates, so that the floor lands on ``dev``
        self.centerOn(r.left() + (vw / 2 - dev.left()) / z, r.top() + (vh / 2 - dev.top()) / z)
        self.auto_fit = True
        self.zoomChanged.emit(self.zoom())

    def _overlay_reserve_px(self) -> float:
        """Height of the overlay band at the bottom: the legend and the scale bar (beside it,
        or stacked above it in a view too narrow for both side by side), with a margin."""
        vp = self.viewport().rect()
        legend = self._legend_box(vp)
        return vp.height() - min(legend.top(), self._scale_bar_box(vp, legend).top()) + 4

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
        if event.key() == Qt.Key.Key_Escape and self.fscene.cancel_drag():
            event.accept()
            return
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
        if length_m * ppm > SCALE_BAR_MAX_PX:  # the next round step can be 2.5 times as long
            length_m, label = units.scale_bar(60 / ppm)
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

    def _legend_entries(self) -> tuple[str, list[tuple[str, str]]]:
        mode = self.fscene.mode
        title = self.tr("Rack power vs. limit") if mode == "power" else self.tr("Rack heat vs. cooling")
        res = self.fscene.doc.results
        s = res.settings if res is not None else None
        entries = style.band_labels(None if s is None else
                                    s.feed_warn_fraction if mode == "power" else s.cooling_warn_fraction)
        return title, entries

    def _legend_layout(self, vp: QRect) -> tuple[QRectF, int]:
        """The legend's box in the viewport and how many swatches go on a row."""
        title, entries = self._legend_entries()
        fm = QFontMetricsF(_font(11))
        tw = QFontMetricsF(_font(11, bold=True)).horizontalAdvance(title)
        ew = sum(fm.horizontalAdvance(t) + 30 for _, t in entries)
        per_row = len(entries)
        bar_room = 16 + SCALE_BAR_MAX_PX + 16 + 12  # not the bar's length now: that depends on the zoom
        # narrow view: the swatches on two rows, so the scale bar still fits beside the legend
        # (stacked above it, the two took 110 px off a 200 px high floor plan)
        if max(tw, ew) + 20 > vp.width() - 24 or vp.width() - (max(tw, ew) + 32) < bar_room:
            per_row = math.ceil(len(entries) / 2)
            ew = max(sum(fm.horizontalAdvance(t) + 30 for _, t in entries[i:i + per_row])
                     for i in range(0, len(entries), per_row))
        w = max(tw, ew) + 20
        rows = math.ceil(len(entries) / per_row)
        h = 48 + 18 * (rows - 1)
        return QRectF(max(4.0, vp.width() - w - 12), vp.height() - h - 12, w, h), per_row

    def _legend_box(self, vp: QRect) -> QRectF:
        return self._legend_layout(vp)[0]

    def _scale_bar_box(self, vp: QRect, legend: QRectF) -> QRectF:
        """The most the scale bar's box takes (as _draw_scale_bar places it, at its longest:
        its length follows the zoom, the fit must not)."""
        w = SCALE_BAR_MAX_PX
        x0, y0 = 16.0, vp.height() - 22.0
        if legend.left() < x0 + max(w, 40) + 16:
            y0 = legend.top() - 12
        return QRectF(x0 - 8, y0 - 24, max(w, 40) + 16, 34)

    def _draw_legend(self, painter: QPainter, vp: QRect) -> QRectF:
        title, entries = self._legend_entries()
        box, per_row = self._legend_layout(vp)
        painter.setFont(_font(11))
        fm = QFontMetricsF(painter.font())
        tf = _font(11, bold=True)
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
