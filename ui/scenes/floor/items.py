"""The floor plan's graphics items: a room with its tile grid, a row with its aisles, a rack
coloured by utilisation, the insertion bar of a rack drag; level-of-detail thresholds and the
short rack labels."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from planner.engine import Results, levels
from planner.model.geometry import RackFootprint
from planner.model.naming import letters
from planner.model.plan import Rack, Room, Row
from ui import style, units
from ui.units import fnum

SCALE = 1000.0  # scene units per metre: the scene is drawn in millimetres
AISLE_BAND_M = 0.6  # half an aisle drawn in front of / behind a row (one standard tile)
MIN_ZOOM = 0.002  # device px per mm (a 500 m floor on a screen)
MAX_ZOOM = 2.0  # a 600 mm rack 1200 px wide

# level-of-detail thresholds, in device pixels per metre
LOD_OUTLINE = 18.0  # racks get outlines and the front edge
LOD_TEXT = 70.0  # racks get a heavier front edge (names: whenever they fit legibly, RackItem.label_layout)
LOD_FIGURES = 120.0  # ... and their figures


class FloorSceneLike(Protocol):
    """What the row and rack items ask of their scene (:class:`~ui.scenes.floor.scene.FloorScene`;
    a protocol, so the items need not import the scene that imports them)."""

    mode: str
    racks: dict[str, RackItem]

    def begin_row_drag(self, row_id: str, scene_pos: QPointF) -> None: ...
    def row_drag_active(self) -> bool: ...
    def row_drag_to(self, scene_pos: QPointF, modifiers: Qt.KeyboardModifier = ...) -> None: ...
    def end_row_drag(self) -> None: ...
    def show_drop_hint(self, item: RackItem | None, along_mm: float) -> None: ...
    def reorder_rack(self, rack_id: str, along_mm: float) -> bool: ...
    def current_zoom(self) -> float: ...
    def floor_of(self, room_id: str) -> QRectF | None: ...
    def row_label_box(self, row_id: str, to_device: QTransform, ppm: float) -> QRectF | None: ...


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
_WORD_NUMBER_RE = re.compile(r"^([^\W\d_]{3,})(\d+)$")


@lru_cache(maxsize=1 << 16)
def _tails(name: str) -> tuple[str, ...]:
    """The tails of a name at its part boundaries, shortest first:
    'Rack A-12' -> ('12', 'A-12', 'Rack A-12'). Remembered: the floor asks again for every
    rack's name after each rename (592 racks at 16,384 GPUs, a regular expression each)."""
    name = name.strip()
    tails = tuple(name[m.start():] for m in reversed(list(_PART_RE.finditer(name)))) or (name,)
    # a word of three letters or more ending in a number ('Alpha7', 'Rack12') also gives the
    # number: a rack renamed 'Alpha7' lost its label where 'R01' kept one (issue 31)
    m = _WORD_NUMBER_RE.search(tails[0])
    return (m.group(2), *tails) if m else tails


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
        if any(not re.fullmatch(r"[\s\-_/.:]", n.strip()[: -len(last)][-1:]) for n in group):
            continue  # a number split off a word ('Alpha7', 'Beta7'): no 'Aa7' beside 'Ba7'

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


class RoomItem(QGraphicsItem):
    """A room: floor, tile grid (thinned by level of detail), walls, name, size."""

    def __init__(self, room: Room, origin: QPointF) -> None:
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

    def set_room(self, room: Room, origin: QPointF) -> None:
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

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
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
            lines_minor: list[QLineF] = []
            lines_major: list[QLineF] = []
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
    the row's rack footprints (planner.model.geometry)."""

    def __init__(self, view_scene: FloorSceneLike, row: Row, room_id: str) -> None:
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
        self._out = QPointF()
        self._along = QPointF()
        self._shape = QPainterPath()
        self._bounds = QRectF()
        self.name = row.name
        self.cold_front = True
        self.rack_ids: list[str] = []  # the row's racks, set by the scene

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
        self._out = out_front  # from the row's front edge out across its front band
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

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
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
            cold = QCoreApplication.translate("FloorScene", "COLD AISLE")
            hot = QCoreApplication.translate("FloorScene", "HOT AISLE")
            for poly, word, color in ((self._cold, cold, c.cold_text), (self._hot, hot, c.hot_text)):
                dev = tr.map(poly).boundingRect()
                fm = QFontMetricsF(painter.font())
                if dev.width() > fm.horizontalAdvance(word) + 50 and dev.height() >= fm.height():
                    painter.setPen(color)
                    painter.drawText(dev.adjusted(28, 0, 0, 0),
                                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, word)
        # row label at the outer corner of its front band
        painter.setFont(_font(12 if ppm >= 30 else 10, bold=True))
        fm = QFontMetricsF(painter.font())
        text = self.name
        # the scene places every row's label at once, so that two rows' labels do not overlap
        to_device = self.sceneTransform().inverted()[0] * tr  # scene -> the viewport's pixels
        box = self.fscene.row_label_box(self.row_id, to_device, ppm)
        if box is None:
            box = self.label_candidates(tr, ppm)[0]
        self.last_label_box = box  # in the viewport's pixels (tests read it)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(c.label_box)
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(style.SELECTION if self.isSelected() else c.label)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        self._paint_outside_names(painter, to_device, ppm, c.label)
        painter.restore()

    def _paint_outside_names(self, painter: QPainter, to_device: QTransform, ppm: float, color: QColor) -> None:
        """The names of this row's racks too small to hold them, in front of each rack's
        front edge, reading away from it: at a laptop's fit zoom no rack on the floor plan
        had a name (issue 31, seen on X at 1366x768). Left out when the racks stand closer
        than a line of the smallest legible text."""
        self.last_outside_names: list[tuple[str, str]] = []  # (rack id, text): tests read it
        font = _font(LABEL_MIN_PX, bold=True)
        fm = QFontMetricsF(font)
        room = (AISLE_BAND_M + 0.7) * ppm - 1  # the front band and most of the margin the row's bounds keep
        painter.setFont(font)
        painter.setPen(color)
        for rid in self.rack_ids:
            it = self.fscene.racks.get(rid)
            if it is None or not it.isVisible():
                continue
            rt = it.sceneTransform() * to_device
            r = it.rect()
            dev = rt.mapRect(r).adjusted(3, 4, -3, -3)
            if it.label_layout(dev.width(), dev.height()) is not None:
                continue  # drawn inside the rack
            left, right = rt.map(r.topLeft()), rt.map(r.topRight())
            if math.hypot(right.x() - left.x(), right.y() - left.y()) < fm.capHeight() + 1.5:
                return  # the racks stand too close for a line each
            text = next((t for t in dict.fromkeys((it.name, it.short)) if fm.horizontalAdvance(t) <= room), None)
            if text is None:
                continue
            edge = rt.map(QPointF(r.center().x(), r.top()))
            ahead = rt.map(QPointF(r.center().x(), r.top() - 100.0)) - edge
            n = math.hypot(ahead.x(), ahead.y()) or 1.0
            ux, uy = ahead.x() / n, ahead.y() / n
            angle = math.degrees(math.atan2(uy, ux))
            start, length = 3.0, fm.horizontalAdvance(text)
            painter.save()
            if ux < -1e-6 or (abs(ux) <= 1e-6 and uy > 0):  # read left to right / bottom to top
                painter.translate(edge + QPointF(ux, uy) * (start + length))
                painter.rotate(angle + 180.0)
            else:
                painter.translate(edge + QPointF(ux, uy) * start)
                painter.rotate(angle)
            painter.drawText(QPointF(0.0, fm.capHeight() / 2), text)
            painter.restore()
            self.last_outside_names.append((it.rack_id, text))

    def label_anchor_key(self) -> tuple[float, ...]:
        """What the label's place depends on besides the view (row_label_box's cache key)."""
        return (self._label_anchor.x(), self._label_anchor.y(), self._along.x(), self._along.y(),
                self._out.x(), self._out.y())

    def label_candidates(self, tr: QTransform, ppm: float) -> list[QRectF]:
        """Where the row's name may go (device pixels, through ``tr`` from this item), the
        best first: before the row's first rack, else after its last (see label_boxes)."""
        fm = QFontMetricsF(_font(12 if ppm >= 30 else 10, bold=True))
        a = tr.map(self._label_anchor)
        floor = self.fscene.floor_of(self.room_id)
        return self.label_boxes(a, tr.map(self._label_anchor + self._out) - a,
                                tr.map(self._label_anchor + self._along) - a,
                                fm.horizontalAdvance(self.name) + 10, fm.height() + 2,
                                tr.mapRect(self.mapRectFromScene(floor)) if floor is not None else None)

    @staticmethod
    def label_box(a: QPointF, out: QPointF, along: QPointF, w: float, h: float,
                  floor: QRectF | None = None) -> QRectF:
        return RowItem.label_boxes(a, out, along, w, h, floor)[0]

    @staticmethod
    def label_boxes(a: QPointF, out: QPointF, along: QPointF, w: float, h: float,
                    floor: QRectF | None = None) -> list[QRectF]:
        """The row name's box (device pixels) level with the row's front band, before its first
        rack, else after its last when only there it stays on the room's ``floor``: ``a`` is the
        band's outer corner at the first rack, ``out`` points from the racks across the band,
        ``along`` runs the row's length. Drawn into the aisle it lay over the next row's racks
        ('Network row 1' read 'roww' across a rack edge)."""
        mid = a - out / 2  # the middle of the band's end at the first rack
        end = mid + along  # ... and at the last
        unit = along / max(math.hypot(along.x(), along.y()), 1e-9)
        boxes = []
        for at, sign in ((mid, -1.0), (end, 1.0)):  # before the start, after the end
            if abs(out.y()) >= abs(out.x()):  # a row across the screen
                x = at.x() - w - 4 if unit.x() * sign < 0 else at.x() + 4
                boxes.append(QRectF(x, at.y() - h / 2, w, h))
            else:  # a row down the screen
                y = at.y() - h - 4 if unit.y() * sign < 0 else at.y() + 4
                boxes.append(QRectF(at.x() - w / 2, y, w, h))
        if floor is not None:  # the first on the floor, else the one most on it
            def on_floor(b: QRectF) -> float:
                i = b.intersected(floor)
                return i.width() * i.height()
            inside = [b for b in boxes if floor.adjusted(-1, -1, 1, 1).contains(b)]
            best = inside[0] if inside else max(boxes, key=on_floor)
            return [best] + [b for b in boxes if b is not best]
        return boxes

    # -- dragging the row: live edits that merge into one undo step --------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)  # selection
            self.fscene.begin_row_drag(self.row_id, event.scenePos())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.fscene.row_drag_active():
            self.fscene.row_drag_to(event.scenePos(), event.modifiers())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.fscene.end_row_drag()
        super().mouseReleaseEvent(event)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.setToolTip(QCoreApplication.translate("FloorScene", "{row}: drag to move, R to rotate").format(
            row=self.name))


@dataclass
class RackDrag:
    """A rack dragged along its row to reorder it: where the press was, where the rack
    stood, whether it has moved far enough to count as a drag."""

    press: QPointF
    pos: QPointF
    moved: bool = False


class RackItem(QGraphicsItem):
    """One rack, placed and turned as its footprint says; coloured by utilisation."""

    def __init__(self, fscene: FloorSceneLike, rack: Rack) -> None:
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
        self._drag: RackDrag | None = None  # dragged along its row
        self._moving_row = False  # Shift+drag: the scene moves the whole row
        self.reserved_for = ""  # the later growth phase that adds it, when the views show an earlier one

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

    def rect(self) -> QRectF:
        """The rack's footprint in its own coordinates (front edge on top)."""
        return QRectF(self._rect)

    def shape(self) -> QPainterPath:
        p = QPainterPath()
        p.addRect(self._rect)
        return p

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
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

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = True
        tr = QCoreApplication.translate
        util = (tr("FloorScene", "no figures yet") if self.util is None
                else tr("FloorScene", "{percent} % of its limit").format(percent=fnum(self.util * 100, ".0f")))
        head = (tr("FloorScene", "{rack} ({id}) — power: {utilisation}{figure}") if self.fscene.mode == "power"
                else tr("FloorScene", "{rack} ({id}) — cooling: {utilisation}{figure}"))
        self.setToolTip(head.format(rack=self.name, id=self.rack_id, utilisation=util,
                                    figure=f", {self.figure}" if self.figure else "")
                        + ("\n" + tr("FloorScene", "Reserved: added in growth phase {phase}").format(
                            phase=self.reserved_for) if self.reserved_for else "")
                        + "\n" + tr("FloorScene", "Drag along the row to reorder; Shift+drag moves the row"))
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = False
        self.update()

    # -- dragging: along the row to reorder (preview, one edit on release) --------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mousePressEvent(event)  # selection
        if event.button() != Qt.MouseButton.LeftButton:
            return
        self._moving_row = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if self._moving_row:
            self.fscene.begin_row_drag(self.row_id, event.scenePos())
            self._drag = None
        else:
            self._drag = RackDrag(event.scenePos(), self.pos())
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._moving_row:
            self.fscene.row_drag_to(event.scenePos(), event.modifiers())
            return
        d = self._drag
        if d is None:
            return
        delta = event.scenePos() - d.press
        if not d.moved and math.hypot(delta.x(), delta.y()) < 40 / max(self.fscene.current_zoom(), 1e-6) / 10:
            return
        d.moved = True
        a = math.radians(self.rotation())
        ux, uy = math.cos(a), math.sin(a)
        along = delta.x() * ux + delta.y() * uy
        self.setZValue(5)
        self.setOpacity(0.75)
        self.setPos(d.pos + QPointF(ux * along, uy * along))
        self.fscene.show_drop_hint(self, along)

    def cancel_drag(self) -> bool:
        """Esc: a rack dragged along its row goes back to its slot, nothing is pushed; a
        Shift+drag of the row is the scene's to cancel. False when it was not dragged."""
        d, self._drag = self._drag, None
        self._moving_row = False
        if d is None:
            return False
        if d.moved:
            self.setOpacity(1.0)
            self.setZValue(0)
            self.setPos(d.pos)
        return True

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        d, self._drag = self._drag, None
        moving_row, self._moving_row = self._moving_row, False
        super().mouseReleaseEvent(event)
        if moving_row:
            self.fscene.end_row_drag()
            return
        if d is None:
            return
        if d.moved:
            a = math.radians(self.rotation())
            delta = event.scenePos() - d.press
            along = delta.x() * math.cos(a) + delta.y() * math.sin(a)
            self.setOpacity(1.0)
            self.setZValue(0)
            self.setPos(d.pos)  # the model decides where it ends up
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

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        pen = QPen(style.SELECTION, 4.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawLine(self.line)
