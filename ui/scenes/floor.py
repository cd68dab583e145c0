"""Floor plan: rooms to scale with their tile grid, rows with hot/cold aisles, racks
coloured by power or cooling utilisation.

The scene mirrors the plan. Positions come from :mod:`planner.geometry` (the same
footprints the PDF draws); the view never works out where a rack is. Every change
goes through a planner edit pushed on the :class:`~ui.document.Document`; the scene
follows ``Document.changed`` and updates only the rows and racks the change
touched (rows are updated in place, so a drag in progress survives its own edits).

Interaction (KiCad-like):

* wheel / Ctrl+= / Ctrl+- zoom about the pointer, Ctrl+0 or F fits the floor;
  middle-drag or Space+drag pans; left-drag on the floor rubber-band selects.
* drag a rack along its row to reorder it (one undo step on release);
  drag a row by its aisle band or label (or Shift+drag one of its racks) to move
  it, snapped to floor tiles (Alt: 5 cm steps) -- live, merged into one undo step.
* R rotates the selected row by 90 degrees, Del removes the selected racks,
  right-click on the floor adds a row there, on a row adds racks to it.

Level of detail (the Qt 40000-chips idea): each item asks
``QStyleOptionGraphicsItem.levelOfDetailFromTransform`` how many device pixels a
millimetre is; far out, racks are plain filled rectangles (no pen, no text) and the
grid thins out; closer in they get outlines and the front edge, their names as soon as
a name (or its short form, or the name turned along the rack) fits at a legible size,
and their figures.
Text is drawn in device space so it stays crisp and never scales with the floor.
"""

from __future__ import annotations

import itertools
import math
import re
from typing import Any

from PySide6.QtCore import QEvent, QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QColor,
    QFont,
    QFontMetricsF,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QMenu,
    QSizePolicy,
    QStyleOptionGraphicsItem,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from planner.edits import AddRack, AddRow, Compound, RemoveRack, SetProperty
from planner.engine import Results, levels
from planner.geometry import RackFootprint, row_footprints
from planner.plan import Rack, Row
from ui import style, units

SCALE = 1000.0  # scene units per metre: the scene is drawn in millimetres
ROOM_GAP_M = 4.0  # rooms are laid side by side, this far apart
AISLE_BAND_M = 0.6  # half an aisle drawn in front of / behind a row (one standard tile)
MIN_ZOOM = 0.002  # device px per mm (a 500 m floor on a screen)
MAX_ZOOM = 2.0  # a 600 mm rack 1200 px wide

# level-of-detail thresholds, in device pixels per metre
LOD_OUTLINE = 18.0  # racks get outlines and the front edge
LOD_TEXT = 70.0  # racks get a heavier front edge (names: whenever they fit legibly, RackItem.label_layout)
LOD_FIGURES = 120.0  # ... and their figures

_gesture_counter = itertools.count(1)


def _px_per_m(option: QStyleOptionGraphicsItem, painter: QPainter) -> float:
    return QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform()) * SCALE


def _font(px: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


def _colors(item: QGraphicsItem) -> style.FloorColors:
    """The theme colours of the floor scene an item is in (light outside a floor scene)."""
    sc = item.scene()
    return getattr(sc, "colors", style.LIGHT_FLOOR)


LABEL_MIN_PX = 8.0  # smallest bold label that stays legible on screen
LABEL_MAX_PX = 13.0


def short_name(name: str) -> str:
    """The last part of a rack name ('Rack A-12' -> '12', 'R01' -> 'R01')."""
    parts = [p for p in re.split(r"[\s\-_/.:]+", name.strip()) if p]
    return parts[-1] if parts else name


def _label_layout(name: str, w: float, h: float) -> tuple[str, float, bool] | None:
    if w < 4 or h < 4:
        return None
    short = short_name(name)
    candidates = [(name, False), (name, True)]
    if short != name:
        candidates += [(short, False), (short, True)]
    for text, rotated in candidates:
        across, room = (h, w) if rotated else (w, h)
        px = LABEL_MAX_PX
        while px >= LABEL_MIN_PX:
            fm = QFontMetricsF(_font(px, bold=True))
            if fm.horizontalAdvance(text) <= across and fm.height() <= room:
                return text, px, rotated
            px -= 1.0
    return None


def rack_gauge(results: Results | None, rack_id: str, mode: str) -> tuple[float | None, str, str]:
    """(utilisation, level, figure text e.g. '38.4 / 60.0 kW') of a rack in ``mode``
    ('power' or 'cooling'), as the engine's results give them (nothing is computed here)."""
    rr = results.racks.get(rack_id) if results is not None else None
    if rr is None:
        return None, levels.NONE, ""
    if mode == "power":
        load, limit, util, lvl = rr.power_load_w, rr.power_capacity_w, rr.power_utilisation, rr.power_level
    else:
        load, limit, util, lvl = rr.heat_w, rr.cooling_capacity_w, rr.cooling_utilisation, rr.cooling_level
    return util, lvl, (f"{load / 1000:.1f} / {limit / 1000:.1f} kW" if limit > 0 else f"{load / 1000:.1f} kW")


# --------------------------------------------------------------------------- items


class RoomItem(QGraphicsItem):
    """A room: floor, tile grid (thinned by level of detail), walls, name, size."""

    def __init__(self, room: Any, origin: QPointF) -> None:
        super().__init__()
        self.room_id = room.id
        self.setZValue(-10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.set_room(room, origin)

    def set_room(self, room: Any, origin: QPointF) -> None:
        self.prepareGeometryChange()
        self.name = room.name
        self.w = room.width_m * SCALE
        self.d = room.depth_m * SCALE
        self.tile = room.tile_m * SCALE
        self.setPos(origin)
        self.update()

    def floor_rect(self) -> QRectF:
        return QRectF(0, 0, self.w, self.d)

    def dimension_text(self) -> str:
        """'10 m × 8 m · tiles 0.6 m', in the display units."""
        return (f"{units.fmt_span_m(self.w / SCALE)} × {units.fmt_span_m(self.d / SCALE)} · "
                f"tiles {units.fmt_span_m(self.tile / SCALE)}")

    def boundingRect(self) -> QRectF:
        m = 1.2 * SCALE  # room for the name and the tile labels outside the walls
        return QRectF(-m, -m, self.w + 2 * m, self.d + 2 * m)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        ppm = _px_per_m(option, painter)
        c = _colors(self)
        r = self.floor_rect()
        painter.fillRect(r, c.room_floor)
        tile_px = self.tile / SCALE * ppm
        exposed = option.exposedRect.intersected(r)
        if tile_px >= 4 and not exposed.isEmpty():
            step = 1 if tile_px >= 9 else 5
            minor = QPen(c.tile_minor, 0)
            major = QPen(c.tile_major, 0)
            i0 = max(0, int(exposed.left() // self.tile))
            i1 = int(exposed.right() // self.tile) + 1
            lines_minor, lines_major = [], []
            for i in range(i0, i1 + 1):
                if i % step:
                    continue
                x = i * self.tile
                if 0 < x < self.w:
                    (lines_major if i % 5 == 0 else lines_minor).append(
                        QLineF(x, exposed.top(), x, exposed.bottom()))
            j0 = max(0, int(exposed.top() // self.tile))
            j1 = int(exposed.bottom() // self.tile) + 1
            for j in range(j0, j1 + 1):
                if j % step:
                    continue
                y = j * self.tile
                if 0 < y < self.d:
                    (lines_major if j % 5 == 0 else lines_minor).append(
                        QLineF(exposed.left(), y, exposed.right(), y))
            if lines_minor:
                painter.setPen(minor)
                painter.drawLines(lines_minor)
            if lines_major:
                painter.setPen(major)
                painter.drawLines(lines_major)
        border = QPen(c.room_border)
        border.setCosmetic(True)
        border.setWidthF(2.0)
        painter.setPen(border)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(r)
        # labels in device space
        tr = painter.worldTransform()
        dev = tr.mapRect(r)
        painter.save()
        painter.resetTransform()
        if dev.width() > 80:
            painter.setPen(c.label)
            painter.setFont(_font(13, bold=True))
            title = f"{self.name}"
            fm = QFontMetricsF(painter.font())
            painter.drawText(QPointF(dev.left(), dev.top() - 8), title)
            painter.setFont(_font(11))
            painter.setPen(c.label_muted)
            painter.drawText(QPointF(dev.left() + fm.horizontalAdvance(title) + 10, dev.top() - 8),
                             self.dimension_text())
        if tile_px >= 16:
            # raised-floor tile coordinates: columns A, B, ... along the bottom; rows 1, 2, ... down the left
            painter.setFont(_font(9))
            painter.setPen(c.label_muted)
            fm = QFontMetricsF(painter.font())
            every = 1 if tile_px >= 22 else 2
            for i in range(0, int(round(self.w / self.tile)), every):
                p = tr.map(QPointF((i + 0.5) * self.tile, 0))
                label = _col_name(i)
                painter.drawText(QPointF(p.x() - fm.horizontalAdvance(label) / 2, dev.bottom() + 13), label)
            for j in range(0, int(round(self.d / self.tile)), every):
                p = tr.map(QPointF(0, (j + 0.5) * self.tile))
                label = str(j + 1)
                painter.drawText(QPointF(dev.left() - fm.horizontalAdvance(label) - 5, p.y() + 4), label)
        painter.restore()


def _col_name(i: int) -> str:
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


class RowItem(QGraphicsItem):
    """A row's aisle bands (cold in front of the racks, hot behind) and its label.

    The bands are the row's handle: dragging them moves the row. Positions come from
    the row's rack footprints (planner.geometry)."""

    def __init__(self, view_scene: FloorScene, row: Row, room_id: str) -> None:
        super().__init__()
        self.fscene = view_scene
        self.row_id = row.id
        self.room_id = room_id
        self.setZValue(-5)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.SizeAllCursor)
        self._cold = QPolygonF()
        self._hot = QPolygonF()
        self._body = QPolygonF()
        self._label_anchor = QPointF()
        self._shape = QPainterPath()
        self._bounds = QRectF()
        self.name = row.name
        self.cold_front = True
        self._drag: dict[str, Any] | None = None

    def set_geometry(self, row: Row, fps: list[RackFootprint], origin: QPointF) -> None:
        self.prepareGeometryChange()
        self.name = row.name
        self.cold_front = row.cold_aisle_side == "front"
        self.setPos(origin)
        if fps:
            first, last = fps[0], fps[-1]
            fl = QPointF(first.corners[0][0], first.corners[0][1]) * SCALE
            fr = QPointF(last.corners[1][0], last.corners[1][1]) * SCALE
            rr = QPointF(last.corners[2][0], last.corners[2][1]) * SCALE
            rl = QPointF(first.corners[3][0], first.corners[3][1]) * SCALE
        else:  # an empty row: a placeholder one rack long, from the row's own origin
            o = QPointF(row.x_m, row.y_m) * SCALE
            t = QTransform().rotate(row.orientation_deg)
            fl = o
            fr = o + t.map(QPointF(600, 0))
            rr = o + t.map(QPointF(600, 1200))
            rl = o + t.map(QPointF(0, 1200))
        # unit vector from rear to front (the front faces away from the rack's depth)
        depth_vec = rl - fl
        n = math.hypot(depth_vec.x(), depth_vec.y()) or 1.0
        out_front = QPointF(-depth_vec.x() / n, -depth_vec.y() / n) * (AISLE_BAND_M * SCALE)
        front_band = QPolygonF([fl + out_front, fr + out_front, fr, fl])
        rear_band = QPolygonF([rl, rr, rr - out_front, rl - out_front])
        self._cold, self._hot = (front_band, rear_band) if self.cold_front else (rear_band, front_band)
        self._body = QPolygonF([fl, fr, rr, rl])
        self._label_anchor = fl + out_front  # outer corner of the front band
        self._along = fr - fl
        path = QPainterPath()
        path.addPolygon(front_band)
        path.addPolygon(rear_band)
        path.addPolygon(self._body)
        path.setFillRule(Qt.FillRule.WindingFill)
        self._shape = path
        self._bounds = path.boundingRect().adjusted(-800, -800, 800, 800)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._shape

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        ppm = _px_per_m(option, painter)
        c = _colors(self)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(c.cold_aisle)
        painter.drawPolygon(self._cold)
        painter.setBrush(c.hot_aisle)
        painter.drawPolygon(self._hot)
        if self.isSelected():
            pen = QPen(style.SELECTION, 2.0, Qt.PenStyle.DashLine)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self._shape.simplified())
        if ppm < 6:
            return
        tr = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        # aisle words along the band when there is room
        if ppm >= 30:
            painter.setFont(_font(9, bold=True))
            for poly, word, color in ((self._cold, "COLD AISLE", c.cold_text), (self._hot, "HOT AISLE", c.hot_text)):
                dev = tr.map(poly).boundingRect()
                fm = QFontMetricsF(painter.font())
                if dev.width() > fm.horizontalAdvance(word) + 50 and dev.height() >= fm.height():
                    painter.setPen(color)
                    painter.drawText(dev.adjusted(28, 0, 0, 0),
                                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, word)
        # row label at the outer corner of its front band
        painter.setFont(_font(12 if ppm >= 30 else 10, bold=True))
        fm = QFontMetricsF(painter.font())
        a = tr.map(self._label_anchor)
        text = self.name
        box = QRectF(a.x(), a.y() - fm.height() - 2, fm.horizontalAdvance(text) + 10, fm.height() + 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(c.label_box)
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(style.SELECTION if self.isSelected() else c.label)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    # -- dragging the row: live edits that merge into one undo step --------------------
    def mousePressEvent(self, event: Any) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)  # selection
            self.fscene.begin_row_drag(self.row_id, event.scenePos())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: Any) -> None:
        if self.fscene.row_drag_active():
            self.fscene.row_drag_to(event.scenePos(), event.modifiers())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: Any) -> None:
        self.fscene.end_row_drag()
        super().mouseReleaseEvent(event)

    def hoverEnterEvent(self, event: Any) -> None:
        self.setToolTip(f"Row {self.name} — drag to move, R to rotate")


class RackItem(QGraphicsItem):
    """One rack, placed and turned as its footprint says; coloured by utilisation."""

    def __init__(self, fscene: FloorScene, rack: Rack) -> None:
        super().__init__()
        self.fscene = fscene
        self.rack_id = rack.id
        self.row_id = ""
        self.name = rack.name
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setAcceptHoverEvents(True)
        self._rect = QRectF(0, 0, 600, 1200)
        self.fill = QColor(style.NONE)
        self.text_color = style.text_on(self.fill)
        self.util: float | None = None
        self.level: str = levels.NONE
        self.figure = ""
        self._hover = False
        self._drag: dict[str, Any] | None = None

    def set_footprint(self, rack: Rack, fp: RackFootprint, origin: QPointF) -> None:
        self.prepareGeometryChange()
        self.name = rack.name
        self.row_id = fp.row_id
        self._rect = QRectF(0, 0, fp.width_m * SCALE, fp.depth_m * SCALE)
        self.setPos(origin + QPointF(fp.x_m, fp.y_m) * SCALE)
        self.setRotation(fp.rotation_deg)
        self.update()

    def set_utilisation(self, util: float | None, level: str, figure: str) -> None:
        if util == self.util and level == self.level and figure == self.figure:
            return
        self.util = util
        self.level = level
        self.figure = figure
        self.fill = style.level_fill(level, util)
        self.text_color = style.text_on(self.fill)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-20, -20, 20, 20)

    def shape(self) -> QPainterPath:
        p = QPainterPath()
        p.addRect(self._rect)
        return p

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        ppm = _px_per_m(option, painter)
        r = self._rect
        sel = self.isSelected()
        if ppm < LOD_OUTLINE and not sel:
            painter.fillRect(r, self.fill)  # far out: a plain filled rectangle, nothing else
            return
        c = _colors(self)
        edge = QPen(c.rack_edge, 1.0)
        edge.setCosmetic(True)
        painter.setPen(edge)
        painter.setBrush(self.fill)
        painter.drawRect(r)
        # front edge (the door, facing the cold aisle side of the row)
        front = QPen(c.rack_front, 3.0 if ppm >= LOD_TEXT else 2.0)
        front.setCosmetic(True)
        front.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(front)
        painter.drawLine(r.topLeft(), r.topRight())
        if sel or self._hover:
            hl = QPen(style.SELECTION if sel else style.SELECTION.lighter(150), 3.0 if sel else 2.0)
            hl.setCosmetic(True)
            hl.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(hl)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(r)
        dev = painter.worldTransform().mapRect(r).adjusted(3, 4, -3, -3)
        layout = self.label_layout(dev.width(), dev.height())
        if layout is None:
            return
        text, name_px, rotated = layout
        painter.save()
        painter.resetTransform()
        painter.setPen(self.text_color)
        painter.setFont(_font(name_px, bold=True))
        fm = QFontMetricsF(painter.font())
        if rotated:  # read bottom to top along the rack's long side
            painter.translate(dev.center())
            painter.rotate(-90)
            painter.drawText(QRectF(-dev.height() / 2, -dev.width() / 2, dev.height(), dev.width()),
                             Qt.AlignmentFlag.AlignCenter, text)
            painter.restore()
            return
        painter.drawText(dev, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)
        if ppm >= LOD_FIGURES and dev.height() > 3 * fm.height():
            painter.setFont(_font(max(8.0, name_px - 2)))
            lines = []
            if self.util is not None:
                lines.append(f"{self.util * 100:.0f} %")
            if self.figure:
                lines.append(self.figure)
            if lines:
                body = dev.adjusted(0, fm.height() + 2, 0, 0)
                painter.drawText(body, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, "\n".join(lines))
        painter.restore()

    def label_layout(self, width_px: float, height_px: float) -> tuple[str, float, bool] | None:
        """(text, pixel size, rotated) of the rack's name in a device box of this size:
        the full name across the rack at the largest legible size (8-13 px) that fits,
        else along the rack (rotated), else a short name (the last part of the name,
        e.g. '12' of 'Rack A-12') across or along; None when nothing fits legibly."""
        key = (self.name, round(width_px), round(height_px))
        cache = getattr(self, "_label_cache", None)
        if cache is not None and cache[0] == key:
            return cache[1]
        out = _label_layout(self.name, width_px, height_px)
        self._label_cache = (key, out)
        return out

    def hoverEnterEvent(self, event: Any) -> None:
        self._hover = True
        util = "no figures yet" if self.util is None else f"{self.util * 100:.0f} % of its limit"
        mode = self.fscene.mode
        self.setToolTip(f"{self.name} ({self.rack_id}) — {mode}: {util}"
                        + (f", {self.figure}" if self.figure else "")
                        + "\nDrag along the row to reorder; Shift+drag moves the row")
        self.update()

    def hoverLeaveEvent(self, event: Any) -> None:
        self._hover = False
        self.update()

    # -- dragging: along the row to reorder (preview, one edit on release) --------------
    def mousePressEvent(self, event: Any) -> None:
        super().mousePressEvent(event)  # selection
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.fscene.begin_row_drag(self.row_id, event.scenePos())
            self._drag = {"row": True}
        else:
            self._drag = {"row": False, "press": event.scenePos(), "pos": self.pos(), "moved": False}
        event.accept()

    def mouseMoveEvent(self, event: Any) -> None:
        d = self._drag
        if d is None:
            return
        if d["row"]:
            self.fscene.row_drag_to(event.scenePos(), event.modifiers())
            return
        delta = event.scenePos() - d["press"]
        if not d["moved"] and math.hypot(delta.x(), delta.y()) < 40 / max(self.fscene.current_zoom(), 1e-6) / 10:
            return
        d["moved"] = True
        a = math.radians(self.rotation())
        ux, uy = math.cos(a), math.sin(a)
        along = delta.x() * ux + delta.y() * uy
        self.setZValue(5)
        self.setOpacity(0.75)
        self.setPos(d["pos"] + QPointF(ux * along, uy * along))
        self.fscene.show_drop_hint(self, along)

    def mouseReleaseEvent(self, event: Any) -> None:
        d, self._drag = self._drag, None
        super().mouseReleaseEvent(event)
        if d is None:
            return
        if d["row"]:
            self.fscene.end_row_drag()
            return
        if d["moved"]:
            a = math.radians(self.rotation())
            delta = event.scenePos() - d["press"]
            along = delta.x() * math.cos(a) + delta.y() * math.sin(a)
            self.setOpacity(1.0)
            self.setZValue(0)
            self.setPos(d["pos"])  # the model decides where it ends up
            self.fscene.show_drop_hint(None, 0)
            self.fscene.reorder_rack(self.rack_id, along)


class DropHintItem(QGraphicsItem):
    """The insertion bar shown while a rack is dragged along its row."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(10)
        self.line = QLineF()

    def set_line(self, line: QLineF) -> None:
        self.prepareGeometryChange()
        self.line = line
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(self.line.p1(), self.line.p2()).normalized().adjusted(-200, -200, 200, 200)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        pen = QPen(style.SELECTION, 4.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawLine(self.line)


# --------------------------------------------------------------------------- scene


class FloorScene(QGraphicsScene):
    """The plan's floor as graphics items, kept in step with ``Document.changed``."""

    modeChanged = Signal(str)

    def __init__(self, doc: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.mode = "power"
        self.rooms: dict[str, RoomItem] = {}
        self.rows: dict[str, RowItem] = {}
        self.racks: dict[str, RackItem] = {}
        self.origins: dict[str, QPointF] = {}
        self._syncing_selection = False
        self._row_drag: dict[str, Any] | None = None
        self._zoom = 0.05
        self.hint = DropHintItem()
        self.hint.setVisible(False)
        self.colors: style.FloorColors = style.LIGHT_FLOOR
        self.setBackgroundBrush(self.colors.bg)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.rebuild()
        doc.changed.connect(self.on_changed)
        doc.resultsChanged.connect(self.on_results)
        doc.selectionChanged.connect(self.on_doc_selection)
        if hasattr(doc, "planReset"):
            doc.planReset.connect(self.rebuild)
        self.selectionChanged.connect(self.on_scene_selection)

    def set_colors(self, colors: style.FloorColors) -> None:
        """Switch the floor to another theme's colours (items read them when painting)."""
        if colors == self.colors:
            return
        self.colors = colors
        self.setBackgroundBrush(colors.bg)
        self.update()

    # -- building ---------------------------------------------------------------------
    def _room_origins(self) -> dict[str, QPointF]:
        out: dict[str, QPointF] = {}
        x = 0.0
        for room in self.doc.plan.site.rooms:
            out[room.id] = QPointF(x, 0.0)
            x += (room.width_m + ROOM_GAP_M) * SCALE
        return out

    def rebuild(self) -> None:
        """Drop every item and build the floor from the plan (load, room changes)."""
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
            self.origins = self._room_origins()
            for room in self.doc.plan.site.rooms:
                item = RoomItem(room, self.origins[room.id])
                self.addItem(item)
                self.rooms[room.id] = item
                for row in room.rows:
                    self._sync_row(row, room.id)
        finally:
            self._syncing_selection = False
        self._update_scene_rect()
        self.on_results(self.doc.results)
        self.on_doc_selection(self.doc.selection)

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
        by_id = {r.id: r for r in row.racks}
        for fp in fps:
            rack_item = self.racks.get(fp.rack_id)
            if rack_item is None:
                rack_item = RackItem(self, by_id[fp.rack_id])
                self.addItem(rack_item)
                self.racks[fp.rack_id] = rack_item
                self._color_rack(rack_item)
            rack_item.set_footprint(by_id[fp.rack_id], fp, origin)

    def _remove_rack_item(self, rack_id: str) -> None:
        item = self.racks.pop(rack_id, None)
        if item is not None:
            self.removeItem(item)

    def on_changed(self, change: Any) -> None:
        """Mirror an applied or reverted edit: update only the touched rows/racks."""
        plan = self.doc.plan
        idx = plan.index
        if change.rooms and (set(change.rooms) & set(self.rooms) or any(r not in self.rooms for r in idx.rooms)):
            # room size/tiles moved other rooms' origins: rebuild (rare, and cheap enough)
            if any(r not in self.rooms for r in idx.rooms) or set(self.rooms) - set(idx.rooms) \
                    or self._room_origins() != self.origins:
                self.rebuild()
                return
            for rid in change.rooms:
                if rid in idx.rooms:
                    self.rooms[rid].set_room(idx.rooms[rid], self.origins[rid])
        rows = set(change.rows)
        for rack_id in change.racks:
            if rack_id in idx.rack_row:
                rows.add(idx.rack_row[rack_id])
        for rack_id in list(change.racks):
            if rack_id not in idx.racks:
                self._remove_rack_item(rack_id)
        if change.structure:
            # racks that vanished from a row that still exists (or rows that vanished)
            for row_id in list(rows):
                if row_id not in idx.rows:
                    item = self.rows.pop(row_id)
                    self.removeItem(item)
                    for rid in [k for k, v in self.racks.items() if v.row_id == row_id]:
                        self._remove_rack_item(rid)
                    rows.discard(row_id)
        for row_id in rows:
            if row_id in idx.rows:
                self._sync_row(idx.rows[row_id], idx.row_room[row_id])
        if change.structure and self._row_drag is None:
            self._update_scene_rect()

    # -- results ------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode not in ("power", "cooling") or mode == self.mode:
            return
        self.mode = mode
        self.on_results(self.doc.results)
        self.modeChanged.emit(mode)

    def _color_rack(self, item: RackItem) -> None:
        item.set_utilisation(*rack_gauge(self.doc.results, item.rack_id, self.mode))

    def on_results(self, results: Results | None) -> None:
        for item in self.racks.values():
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

    def on_doc_selection(self, selection: Any) -> None:
        if self._syncing_selection:
            return
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

    # -- row drag (live, merged) ----------------------------------------------------------
    def begin_row_drag(self, row_id: str, scene_pos: QPointF) -> None:
        row = self.doc.plan.index.rows.get(row_id)
        if row is None:
            return
        self._row_drag = {"row": row_id, "press": scene_pos, "x": row.x_m, "y": row.y_m,
                          "gesture": f"drag-{next(_gesture_counter)}", "last": (row.x_m, row.y_m)}

    def row_drag_active(self) -> bool:
        return self._row_drag is not None

    def row_drag_to(self, scene_pos: QPointF, modifiers: Any = Qt.KeyboardModifier.NoModifier) -> None:
        d = self._row_drag
        if d is None:
            return
        plan = self.doc.plan
        room = plan.index.rooms[plan.index.row_room[d["row"]]]
        step = 0.05 if modifiers & Qt.KeyboardModifier.AltModifier else room.tile_m
        delta = (scene_pos - d["press"]) / SCALE
        nx = round((d["x"] + delta.x()) / step) * step
        ny = round((d["y"] + delta.y()) / step) * step
        nx, ny = round(nx, 4), round(ny, 4)
        if (nx, ny) == d["last"]:
            return
        g = d["gesture"]
        rid = d["row"]
        edit = Compound([SetProperty("row", rid, "x_m", nx, gesture=g), SetProperty("row", rid, "y_m", ny, gesture=g)],
                        text="Move row", merge_id=f"move-row:{rid}:{g}")
        if self.doc.push(edit):
            d["last"] = (nx, ny)

    def end_row_drag(self) -> None:
        if self._row_drag is not None:
            self._row_drag = None
            self._update_scene_rect()

    # -- rack reorder ---------------------------------------------------------------------
    def _reorder_target(self, rack_id: str, along_mm: float) -> tuple[Row, list[Rack], int]:
        plan = self.doc.plan
        row = plan.row_of(rack_id)
        order = sorted(row.racks, key=lambda r: r.position)
        fps = {f.rack_id: f for f in row_footprints(row, self.doc.catalog)}
        me = fps[rack_id]
        # rack centres measured along the row from the row's start, in metres
        a = math.radians(row.orientation_deg)
        ux, uy = math.cos(a), math.sin(a)

        def along_of(fp: RackFootprint) -> float:
            cx, cy = fp.center
            return (cx - row.x_m) * ux + (cy - row.y_m) * uy

        my_centre = along_of(me) + along_mm / SCALE
        others = [r for r in order if r.id != rack_id]
        index = sum(1 for r in others if along_of(fps[r.id]) < my_centre)
        return row, others, index

    def show_drop_hint(self, item: RackItem | None, along_mm: float) -> None:
        if item is None:
            self.hint.setVisible(False)
            return
        row, others, index = self._reorder_target(item.rack_id, along_mm)
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
        row, others, index = self._reorder_target(rack_id, along_mm)
        order = sorted(row.racks, key=lambda r: r.position)
        me = next(r for r in order if r.id == rack_id)
        new_order = others[:index] + [me] + others[index:]
        if [r.id for r in new_order] == [r.id for r in order]:
            return False
        edits = [SetProperty("rack", r.id, "position", i) for i, r in enumerate(new_order) if r.position != i]
        return self.doc.push(Compound(edits, text=f"Move rack {me.name}"))

    # -- adding, rotating, removing ---------------------------------------------------------
    def default_rack_type(self, row: Row | None = None) -> str:
        if row is not None and row.racks:
            return sorted(row.racks, key=lambda r: r.position)[-1].rack_type
        counts: dict[str, int] = {}
        for r in self.doc.plan.racks():
            counts[r.rack_type] = counts.get(r.rack_type, 0) + 1
        if counts:
            return max(counts, key=lambda k: counts[k])
        cat = self.doc.catalog
        known = set()
        try:
            known = set(cat.rack_types()) if cat is not None else set()
        except Exception:  # a catalog without rack types
            known = set()
        for slug in ("rack-48u-600x1200", "rack-42u-600x1200", "rack-48u-800x1200", "rack-52u-800x1200"):
            if slug in known:
                return slug
        return sorted(known)[0] if known else "rack-42u-600x1200"

    def room_at(self, scene_pos: QPointF) -> tuple[str, QPointF] | None:
        """(room id, position in metres in that room) under a scene point."""
        for rid, item in self.rooms.items():
            local = (scene_pos - self.origins[rid]) / SCALE
            if 0 <= local.x() <= item.w / SCALE and 0 <= local.y() <= item.d / SCALE:
                return rid, local
        return None

    def add_row_at(self, scene_pos: QPointF, n_racks: int) -> bool:
        hit = self.room_at(scene_pos)
        if hit is None:
            self.doc.refused.emit("Rows go inside a room: right-click on a room's floor")
            return False
        room_id, local = hit
        plan = self.doc.plan
        room = plan.index.rooms[room_id]
        t = room.tile_m
        row_id = plan.new_id("row")
        name = f"Row {_col_name(len(plan.index.rows))}"
        rack_type = self.default_rack_type()
        racks = []
        taken: set[str] = set()
        for i in range(n_racks):
            rid = plan.new_id("rack")
            while rid in taken:
                rid = plan.new_id("rack")
            taken.add(rid)
            racks.append(Rack(id=rid, name=f"{name.split()[-1]}{i + 1:02d}", rack_type=rack_type, position=i))
        row = Row(id=row_id, name=name, x_m=round(round(local.x() / t) * t, 4), y_m=round(round(local.y() / t) * t, 4),
                  racks=racks)
        return self.doc.push(AddRow(room_id, row))

    def add_racks_to_row(self, row_id: str, n: int = 1) -> bool:
        plan = self.doc.plan
        row = plan.index.rows[row_id]
        rack_type = self.default_rack_type(row)
        start = max((r.position for r in row.racks), default=-1) + 1
        prefix = row.name.split()[-1] if row.name.split() else "R"
        edits = []
        taken: set[str] = set()
        for i in range(n):
            rid = plan.new_id("rack")
            while rid in taken:
                rid = plan.new_id("rack")
            taken.add(rid)
            rack = Rack(id=rid, name=f"{prefix}{len(row.racks) + i + 1:02d}", rack_type=rack_type, position=start + i)
            edits.append(AddRack(row_id, rack))
        return self.doc.push(Compound(edits, text=f"Add {n} rack{'s' if n > 1 else ''} to {row.name}"))

    def selected_rows(self) -> list[str]:
        rows: list[str] = []
        for it in self.selectedItems():
            rid = it.row_id if isinstance(it, RowItem | RackItem) else None
            if rid and rid not in rows:
                rows.append(rid)
        return rows

    def rotate_selected(self) -> bool:
        rows = self.selected_rows()
        if not rows:
            return False
        plan = self.doc.plan
        edits = [SetProperty("row", r, "orientation_deg", (plan.index.rows[r].orientation_deg + 90) % 360)
                 for r in rows]
        return self.doc.push(Compound(edits, text="Rotate row" + ("s" if len(rows) > 1 else "")))

    def remove_selected_racks(self) -> bool:
        ids = [it.rack_id for it in self.selectedItems() if isinstance(it, RackItem)]
        if not ids:
            return False
        return self.doc.push(Compound([RemoveRack(i) for i in ids],
                                      text=f"Remove {len(ids)} rack{'s' if len(ids) > 1 else ''}"))

    def current_zoom(self) -> float:
        views = self.views()
        return views[0].transform().m11() if views else 1.0


# --------------------------------------------------------------------------- view


class FloorGraphicsView(QGraphicsView):
    """Zoom about the pointer, pan with the middle button or Space+drag, rubber-band
    select; legend and scale bar drawn over the floor."""

    zoomChanged = Signal(float)

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
        for item in self.fscene.rows.values():
            r = r.united(item.sceneBoundingRect())
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

    def resizeEvent(self, event: Any) -> None:
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

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self._fitted_once:
            self._fitted_once = True
            self.fit()

    def wheelEvent(self, event: Any) -> None:
        dy = event.angleDelta().y() or event.pixelDelta().y()
        if dy:
            self.zoom_by(1.0015 ** dy, event.position())
        event.accept()

    # -- pan ----------------------------------------------------------------------------
    def keyPressEvent(self, event: Any) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: Any) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event: Any) -> None:
        if event.button() == Qt.MouseButton.MiddleButton or (
                self._space and event.button() == Qt.MouseButton.LeftButton):
            self._pan = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: Any) -> None:
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

    def mouseReleaseEvent(self, event: Any) -> None:
        if self._pan is not None and event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.LeftButton):
            self._pan = None
            if self._space:
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def contextMenuEvent(self, event: Any) -> None:
        scene_pos = self.mapToScene(event.pos())
        item = self.itemAt(event.pos())
        menu = QMenu(self)
        row_id = item.row_id if isinstance(item, RowItem | RackItem) else None
        if row_id:
            row = self.fscene.doc.plan.index.rows.get(row_id)
            name = row.name if row else row_id
            for n in (1, 2, 4):
                menu.addAction(f"Add {n} rack{'s' if n > 1 else ''} to {name}",
                               lambda n=n: self.fscene.add_racks_to_row(row_id, n))
            menu.addAction(f"Rotate {name} 90°", lambda: (self._select_row(row_id), self.fscene.rotate_selected()))
            if isinstance(item, RackItem):
                menu.addSeparator()
                menu.addAction(f"Remove rack {item.name}",
                               lambda: (item.setSelected(True), self.fscene.remove_selected_racks()))
        elif self.fscene.room_at(scene_pos) is not None:
            for n in (4, 8, 12):
                menu.addAction(f"Add row of {n} racks here", lambda n=n: self.fscene.add_row_at(scene_pos, n))
        if menu.isEmpty():
            return
        menu.exec(event.globalPos())

    def _select_row(self, row_id: str) -> None:
        self.fscene.doc.select([("row", row_id)])

    # -- overlay: legend and scale bar ---------------------------------------------------------
    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
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

    def _draw_scale_bar(self, painter: QPainter, vp: Any, legend: QRectF | None = None) -> None:
        bar = self.scale_bar()
        if bar is None:
            return
        w, label = bar
        x0, y0 = 16, vp.height() - 22
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

    def _draw_legend(self, painter: QPainter, vp: Any) -> QRectF:
        mode = self.fscene.mode
        title = "Rack power vs. limit" if mode == "power" else "Rack heat vs. cooling"
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


# --------------------------------------------------------------------------- widget


class FloorView(QWidget):
    """The floor-plan panel: a toolbar (colour mode, zoom, add/rotate/remove) over the
    floor. ``FloorView(doc)``; ``.scene`` and ``.view`` for the main window and tests."""

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.scene = FloorScene(doc, self)
        self.view = FloorGraphicsView(self.scene, self)
        self.toolbar = QToolBar("Floor", self)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.setIconSize(self.toolbar.iconSize())
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
        doc.refused.connect(self._show_refusal)
        self.follow_palette()

    def follow_palette(self) -> None:
        """Floor colours for the current theme (called again on every palette change)."""
        self.scene.set_colors(style.floor_colors(self.palette()))
        self.status.setStyleSheet(f"color: {self.scene.colors.label_muted.name()}; padding-right: 6px;")
        self.view.viewport().update()

    def changeEvent(self, event: Any) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.follow_palette()

    def units_changed(self) -> None:
        """Room dimensions and the scale bar are drawn in the display units: repaint."""
        self.scene.update()
        self.view.viewport().update()

    def _act(self, text: str, keys: list[Any], slot: Any, tip: str = "") -> QAction:
        a = QAction(text, self)
        a.setShortcuts([QKeySequence(k) for k in keys])
        a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        a.setToolTip(tip or text)
        a.triggered.connect(slot)
        self.addAction(a)
        return a

    def _build_actions(self) -> None:
        tb = self.toolbar
        group = QActionGroup(self)
        self.act_power = QAction("Power", self, checkable=True, checked=True)
        self.act_power.setToolTip("Colour racks by power draw against the rack's power limit")
        self.act_cooling = QAction("Cooling", self, checkable=True)
        self.act_cooling.setToolTip("Colour racks by heat against the rack's cooling capacity")
        for a in (self.act_power, self.act_cooling):
            group.addAction(a)
            tb.addAction(a)
        self.act_power.triggered.connect(lambda: self.set_mode("power"))
        self.act_cooling.triggered.connect(lambda: self.set_mode("cooling"))
        tb.addSeparator()
        self.act_zoom_in = self._act("Zoom in", ["Ctrl+=", "Ctrl++"], lambda: self.view.zoom_by(1.25))
        self.act_zoom_out = self._act("Zoom out", ["Ctrl+-"], lambda: self.view.zoom_by(0.8))
        self.act_fit = self._act("Fit", ["Ctrl+0", "F"], self.view.fit, "Fit the floor in the view (Ctrl+0, F)")
        for a in (self.act_zoom_in, self.act_zoom_out, self.act_fit):
            tb.addAction(a)
        tb.addSeparator()
        self.act_add_rack = self._act("Add rack", ["Ctrl+Shift+R"], self._add_rack,
                                      "Add a rack at the end of the selected row")
        self.act_rotate = self._act("Rotate row", ["R"], self.scene.rotate_selected, "Turn the selected row 90° (R)")
        self.act_remove = self._act("Remove rack", [QKeySequence.StandardKey.Delete], self.scene.remove_selected_racks,
                                    "Remove the selected racks (Del)")
        for a in (self.act_add_rack, self.act_rotate, self.act_remove):
            tb.addAction(a)
        tb.addWidget(self.status)

    def set_mode(self, mode: str) -> None:
        self.scene.set_mode(mode)
        (self.act_power if mode == "power" else self.act_cooling).setChecked(True)
        self.view.viewport().update()

    def _add_rack(self) -> None:
        rows = self.scene.selected_rows()
        if not rows:
            self.doc.refused.emit("Select a row (or one of its racks) to add a rack to")
            return
        self.scene.add_racks_to_row(rows[0], 1)

    def _show_zoom(self, z: float) -> None:
        self.status.setText(f"{z * SCALE:.0f} px/m")

    def _show_refusal(self, reason: str) -> None:
        self.status.setText(reason)
