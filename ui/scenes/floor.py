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

from PySide6.QtCore import QCoreApplication, QEvent, QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QColor,
    QFont,
    QFontMetricsF,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import (
    QComboBox,
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

from planner.builders import (
    add_racks_edit,
    add_room_edit,
    add_row_edit,
    delete_edit,
)
from planner.edits import Compound, EditRefused, RemoveRack, SetProperty
from planner.engine import Results, levels
from planner.geometry import RackFootprint, row_footprints
from planner.naming import letters
from planner.plan import Rack, Row
from ui import dialogs, style, units
from ui.units import fnum

SCALE = 1000.0  # scene units per metre: the scene is drawn in millimetres
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


_PART_RE = re.compile(r"[^\s\-_/.:]+")


def _tails(name: str) -> list[str]:
    """The tails of a name at its part boundaries, shortest first:
    'Rack A-12' -> ['12', 'A-12', 'Rack A-12']."""
    name = name.strip()
    return [name[m.start():] for m in reversed(list(_PART_RE.finditer(name)))] or [name]


def short_names(names: list[str]) -> dict[str, str]:
    """For each name, the shortest label that no other of ``names`` shares: its last part
    when that is unique ('NVL72-2' -> '2'), else the shortest unique tail ('Rack A-12' ->
    'A-12' beside 'Rack B-12') or an abbreviation of the part before the number
    ('NVL72-1' -> 'NV-1' beside 'NET-1' -> 'NE-1'), whichever is shorter. A name that
    occurs twice keeps itself."""
    counts: dict[str, int] = {}
    for n in names:
        for t in set(_tails(n)):
            counts[t] = counts.get(t, 0) + 1
    out: dict[str, str] = {}
    clashing: dict[str, list[str]] = {}  # last part -> the names that end in it
    for n in dict.fromkeys(names):
        tails = _tails(n)
        out[n] = next((t for t in tails if counts.get(t, 0) == 1), n.strip())
        if len(tails) > 1 and counts.get(tails[0], 0) > 1:
            clashing.setdefault(tails[0], []).append(n)
    for last, group in clashing.items():
        if len(group) < 2:
            continue
        heads = {n: re.sub(r"[\s\-_/.:]+", "", n.strip()[: -len(last)]) for n in group}
        seps = {n: n.strip()[: -len(last)][-1:] for n in group}
        for k in range(1, max(len(h) for h in heads.values()) + 1):
            abbrev = {n: f"{heads[n][:k]}{seps[n]}{last}" for n in group}
            if len(set(abbrev.values())) == len(group) and not any(  # nor another name's tail
                    counts.get(a, 0) > (a in _tails(n)) for n, a in abbrev.items()):
                for n, a in abbrev.items():
                    if len(a) < len(out[n]):
                        out[n] = a
                break
    return out


def short_name(name: str, others: tuple[str, ...] | list[str] = ()) -> str:
    """The last part of a rack name ('Rack A-12' -> '12', 'R01' -> 'R01'), made longer
    when one of ``others`` (the other racks in view) ends the same way."""
    return short_names([name, *others])[name]


def _label_layout(name: str, w: float, h: float, short: str | None = None) -> tuple[str, float, bool] | None:
    if w < 4 or h < 4:
        return None
    short = short_name(name) if short is None else short
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
    return util, lvl, (f"{fnum(load / 1000, '.1f')} / {fnum(limit / 1000, '.1f')} kW" if limit > 0 else f"{fnum(load / 1000, '.1f')} kW")


# --------------------------------------------------------------------------- items


class RoomItem(QGraphicsItem):
    """A room: floor, tile grid (thinned by level of detail), walls, name, size."""

    def __init__(self, room: Any, origin: QPointF) -> None:
        super().__init__()
        self.room_id = room.id
        self.setZValue(-10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.highlighted = False  # the room is the document's selection (its properties in the Inspector)
        self.set_room(room, origin)

    def set_highlighted(self, on: bool) -> None:
        if on != self.highlighted:
            self.highlighted = on
            self.update()

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
        return QCoreApplication.translate("FloorScene", "{w} × {d} · tiles {tile}").format(
            w=units.fmt_span_m(self.w / SCALE), d=units.fmt_span_m(self.d / SCALE), tile=units.fmt_span_m(self.tile / SCALE))

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
        if self.highlighted:
            sel = QPen(style.SELECTION, 3.0, Qt.PenStyle.DashLine)
            sel.setCosmetic(True)
            painter.setPen(sel)
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
                label = letters(i)  # tile columns A, B, ... as spreadsheet columns
                painter.drawText(QPointF(p.x() - fm.horizontalAdvance(label) / 2, dev.bottom() + 13), label)
            for j in range(0, int(round(self.d / self.tile)), every):
                p = tr.map(QPointF(0, (j + 0.5) * self.tile))
                label = str(j + 1)
                painter.drawText(QPointF(dev.left() - fm.horizontalAdvance(label) - 5, p.y() + 4), label)
        painter.restore()


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
        self.short = rack.name  # set by the scene: a short label no other rack in view shares
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
                lines.append(f"{fnum(self.util * 100, '.0f')} %")
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
        e.g. '12' of 'Rack A-12', longer when another rack in view also ends in '12')
        across or along; None when nothing fits legibly."""
        key = (self.name, self.short, round(width_px), round(height_px))
        cache = getattr(self, "_label_cache", None)
        if cache is not None and cache[0] == key:
            return cache[1]
        out = _label_layout(self.name, width_px, height_px, self.short)
        self._label_cache = (key, out)
        return out

    def hoverEnterEvent(self, event: Any) -> None:
        self._hover = True
        util = "no figures yet" if self.util is None else f"{fnum(self.util * 100, '.0f')} % of its limit"
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
    """One room of the plan's floor as graphics items, kept in step with ``Document.changed``.

    The room shown is ``room_id`` (:meth:`show_room`); selecting something in another
    room (in any view) brings that room up."""

    modeChanged = Signal(str)
    roomChanged = Signal(str)  # the room shown now ('' when the plan has none)
    roomsChanged = Signal()  # rooms added, removed or renamed
    roomResized = Signal()  # the room shown got another width or depth

    def __init__(self, doc: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.mode = "power"
        self.rooms: dict[str, RoomItem] = {}
        self.rows: dict[str, RowItem] = {}
        self.racks: dict[str, RackItem] = {}
        self.origins: dict[str, QPointF] = {}
        self.room_id: str | None = None
        self._names_dirty = False  # racks came, went or were renamed since the short labels were made
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
            doc.planReset.connect(self._on_reset)
        self.selectionChanged.connect(self.on_scene_selection)

    def set_colors(self, colors: style.FloorColors) -> None:
        """Switch the floor to another theme's colours (items read them when painting)."""
        if colors == self.colors:
            return
        self.colors = colors
        self.setBackgroundBrush(colors.bg)
        self.update()

    # -- building ---------------------------------------------------------------------
    def current_room(self) -> Any:
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
        if item is not None:
            self.removeItem(item)
            self._names_dirty = True

    def _remove_row_item(self, row_id: str) -> None:
        item = self.rows.pop(row_id, None)
        if item is not None:
            self.removeItem(item)
        for rid in [k for k, v in self.racks.items() if v.row_id == row_id]:
            self._remove_rack_item(rid)

    def on_changed(self, change: Any) -> None:
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

    def on_doc_selection(self, selection: Any) -> None:
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

    def _apply_selection(self, selection: Any) -> None:
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
    def room_at(self, scene_pos: QPointF) -> tuple[str, QPointF] | None:
        """(room id, position in metres in that room) under a scene point."""
        for rid, item in self.rooms.items():
            local = (scene_pos - self.origins[rid]) / SCALE
            if 0 <= local.x() <= item.w / SCALE and 0 <= local.y() <= item.d / SCALE:
                return rid, local
        return None

    def _push_built(self, build: Any) -> Any:
        """Build an edit (planner.builders) and push it; a refusal reaches the user."""
        try:
            edit = build()
        except EditRefused as e:
            self.doc.last_refusal = str(e)
            self.doc.refused.emit(str(e))
            return None
        return edit if self.doc.push(edit) else None

    def add_row_at(self, scene_pos: QPointF | None, n_racks: int) -> bool:
        """A row of ``n_racks`` racks at a point of the room shown (None: behind the other
        rows); it becomes the selection, so Add rack goes on from there."""
        if scene_pos is None:
            room_id, x, y = self.room_id, None, None
            if room_id is None:
                self.doc.refused.emit(self.tr("Add a room first: rows go inside a room"))
                return False
        else:
            hit = self.room_at(scene_pos)
            if hit is None:
                self.doc.refused.emit(self.tr("Rows go inside a room: right-click on a room's floor"))
                return False
            room_id, local = hit
            x, y = local.x(), local.y()
        edit = self._push_built(lambda: add_row_edit(self.doc.plan, self.doc.catalog, room_id, n_racks, x, y))
        if edit is None:
            return False
        row = edit.edits[0].row if isinstance(edit, Compound) else edit.row
        self.doc.select([("row", row.id)])
        return True

    def add_racks_to_row(self, row_id: str, n: int = 1) -> bool:
        """``n`` empty racks at the end of a row (planner.builders.add_racks_edit: named as the
        rack view names them); the last one becomes the selection."""
        edit = self._push_built(lambda: add_racks_edit(self.doc.plan, self.doc.catalog, row_id, n))
        if edit is None:
            return False
        last = edit.edits[-1] if isinstance(edit, Compound) else edit
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

    def delete_selected(self) -> bool:
        """Delete the selected rows (with their racks) and racks, as one undo step."""
        sel = tuple(("rack", it.rack_id) if isinstance(it, RackItem) else ("row", it.row_id)
                    for it in self.selectedItems() if isinstance(it, RackItem | RowItem))
        edit = delete_edit(self.doc.plan, sel)
        return edit is not None and self.doc.push(edit)

    def current_zoom(self) -> float:
        views = self.views()
        return views[0].transform().m11() if views else 1.0


# --------------------------------------------------------------------------- view


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

    def mouseDoubleClickEvent(self, event: Any) -> None:
        """A double-click on the bare floor shows the room's properties."""
        if event.button() == Qt.MouseButton.LeftButton and not isinstance(
                self.itemAt(event.position().toPoint()), RowItem | RackItem):
            hit = self.fscene.room_at(self.mapToScene(event.position().toPoint()))
            if hit is not None:
                self.roomActivated.emit(hit[0])
                event.accept()
                return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: Any) -> None:
        """The menu of what is under the pointer (built by the FloorView: ``menu_provider``)."""
        provider = getattr(self, "menu_provider", None)
        if provider is None:
            return
        menu = provider(self.mapToScene(event.pos()), self.itemAt(event.pos()))
        if menu is None or menu.isEmpty():
            return
        self.last_menu = menu  # tests read the menu shown
        menu.exec(event.globalPos())

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


# --------------------------------------------------------------------------- widget


class FloorView(QWidget):
    """The floor-plan panel: a toolbar (room, colour mode, zoom, add/rotate/remove) over
    the floor. ``FloorView(doc)``; ``.scene`` and ``.view`` for the main window and tests.

    Every action is also in :meth:`fill_menu` (the main window's Floor menu) and in the
    floor's context menu, so nothing hides behind the toolbar's overflow on a narrow dock."""

    propertiesRequested = Signal()  # show the Inspector (the selection is what to show)

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.scene = FloorScene(doc, self)
        self.view = FloorGraphicsView(self.scene, self)
        self.view.menu_provider = self.context_menu
        self.toolbar = QToolBar("Floor", self)
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
        self.scene.roomResized.connect(lambda: self.view.auto_fit and self.view.fit())
        self._fill_rooms()
        self.follow_palette()

    def follow_palette(self, palette: QPalette | None = None) -> None:
        """Floor colours for the current theme (called again on every palette change; the
        main window passes the application palette on a live theme switch)."""
        self.scene.set_colors(style.floor_colors(palette if palette is not None else self.palette()))
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
            self.doc.refused.emit(self.tr("There is no room: add one first"))
            return
        self.doc.select([("room", rid)])
        self.propertiesRequested.emit()

    def remove_room(self, room_id: str | None = None) -> bool:
        """Delete a room; one that holds rows only after the user confirms, with its
        content, as one undo step."""
        rid = room_id or self.scene.room_id
        if rid is None or rid not in self.doc.plan.index.rooms:
            self.doc.refused.emit(self.tr("There is no room to delete"))
            return False
        return dialogs.confirm_and_delete_rooms(self.doc, self.window(), [rid])

    def add_row(self) -> bool:
        """Floor > Add Row...: how many racks, then a row behind the others in the room shown."""
        if self.scene.room_id is None:
            self.doc.refused.emit(self.tr("Add a room first: rows go inside a room"))
            return False
        n = dialogs.ask_int(self.window(), self.tr("Add row"), self.tr("Racks in the new row:"), 4, 0, 200)
        if n is None:
            return False
        return self.scene.add_row_at(None, n)

    # -- context menu -----------------------------------------------------------------------
    def context_menu(self, scene_pos: QPointF, item: Any) -> QMenu:
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
                menu.addAction(text, lambda n=n: self.scene.add_racks_to_row(row_id, n))
            menu.addAction(self.tr("Rotate {row} 90\u00b0").format(row=name),
                           lambda: (self.doc.select([("row", row_id)]), self.scene.rotate_selected()))
            menu.addSeparator()
            if isinstance(item, RackItem):
                rack_id = item.rack_id
                menu.addAction(self.tr("Properties of {rack}").format(rack=item.name),
                               lambda: (self.doc.select([("rack", rack_id)]), self.propertiesRequested.emit()))
                menu.addAction(self.tr("Delete rack {rack}").format(rack=item.name),
                               lambda: self._delete([("rack", rack_id)]))
            menu.addAction(self.tr("Properties of {row}").format(row=name),
                           lambda: (self.doc.select([("row", row_id)]), self.propertiesRequested.emit()))
            menu.addAction(self.tr("Delete {row} with its racks").format(row=name),
                           lambda: self._delete([("row", row_id)]))
        elif self.scene.room_at(scene_pos) is not None:
            for n in (4, 8, 12):
                menu.addAction(self.tr("Add row of {n} racks here").format(n=n),
                               lambda n=n: self.scene.add_row_at(scene_pos, n))
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
            self.doc.refused.emit(self.tr("Select a row (or one of its racks) to add a rack to"))
            return
        self.scene.add_racks_to_row(rows[0], 1)

    def _show_zoom(self, z: float) -> None:
        self.status.setText(f"{fnum(z * SCALE, '.0f')} px/m")

    def _show_refusal(self, reason: str) -> None:
        self.status.setText(reason)

