"""The rack elevations' graphics items: level-of-detail text, run labels, the rack frame, a
device and its ports; the drop target under the pointer (:class:`Target`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from planner.fabric.ports import Port
from planner.model.geometry import RAIL_MM
from planner.model.plan import Rack

RAIL_W = RAIL_MM  # 482.6 mm between the rails' outer edges
LABEL_MARGIN = 80.0  # U numbers, left of each elevation
FACE_GAP = 70.0
RACK_GAP = 220.0
HEADER_H = 420.0  # rack name, type and two lines of figures, legible when zoomed out
# A long row is fitted by its width, so its scale falls with its length; the header's room
# grows upwards in proportion (a share of the row's width) so that the name, the figures and
# the type still fit at a legible size (8 racks at full HD: all four lines; on a laptop the
# type gives way first). Zoomed in, the text sits where it always did, at the header's foot.
HEADER_SHARE = 0.065
FRAME = 40.0  # top/bottom frame


MIN_LABEL_PX = 8.0  # smallest text worth drawing on screen
# a single line may shrink to this when MIN_LABEL_PX does not fit its room: a 1U device at
# a full-HD fit (~9 px tall) keeps its name ("ib-leaf1") instead of an anonymous bar
MIN_SINGLE_LINE_PX = 6.5


class LodText(QGraphicsSimpleTextItem):
    """Scene text that stays legible when zoomed out (level of detail, as in Qt's
    40000-chips demo). Below MIN_LABEL_PX on screen it is drawn at that size if ``room``
    (a rect in parent coordinates, scene coordinates for a top-level item) holds it: each
    line elided to the room's width, lines that do not fit dropped, below ``skip_lines``
    grown lines of a sibling; if not even one line fits, it is not drawn at all (the
    device's tooltip still names it) rather than as an unreadable smudge.

    Texts sharing one room in a stack (a rack's header) name the texts above them in
    ``above``: grown, a text starts below what those occupy at the same zoom, and it is
    drawn only if ``reserve_lines`` more lines (of a more important text below) still fit."""

    def __init__(self, text: str, parent: QGraphicsItem | None = None, room: QRectF | None = None,
                 skip_lines: int = 0, above: list[LodText] | None = None, reserve_lines: int = 0) -> None:
        super().__init__(text, parent)
        self.room = room
        self.skip_lines = skip_lines
        self.above = above
        self.reserve_lines = reserve_lines
        # the whole stack, top to bottom, when this is its first text: grown, the stack sits at
        # the foot of its room (just above the rack) instead of at the top of a tall room
        self.stack: list[LodText] | None = None
        self.short: str | None = None  # a shorter form shown when the text does not fit its room
        self._elided: tuple[tuple[object, ...], list[str] | None] | None = None  # elided_lines' last answer
        self.shown_lines = 0  # lines drawn by the last paint (for tests)
        self.wrap = False  # grown, break lines at spaces to the room's width (then elide)
        self._grown_px = MIN_LABEL_PX  # on-screen size grown_lines chose

    def boundingRect(self) -> QRectF:
        r = super().boundingRect()
        if self.room is not None:
            r = r.united(self.mapFromParent(self.room).boundingRect())
        return r

    def grown(self, lod: float) -> bool:
        return self.font().pixelSize() * lod < MIN_LABEL_PX

    def bottom_at(self, lod: float) -> float:
        """Where this text ends at ``lod``, in its parent's coordinates (scene for top level)."""
        if not self.grown(lod):
            return self.mapToParent(QPointF(0, super().boundingRect().bottom())).y()
        lines = self.grown_lines(lod)
        if not lines:
            return self.mapToParent(QPointF(0, self._stack_top(lod))).y()
        f = QFont(self.font())
        f.setPixelSize(max(1, round(self._grown_px / lod)))
        return self.mapToParent(QPointF(0, lines[-1][0] + QFontMetricsF(f).descent())).y()

    def _stack_top(self, lod: float) -> float:
        room = self.mapFromParent(self.room).boundingRect() if self.room is not None else QRectF()
        if not self.above:
            if self.stack:
                need = sum(t._grown_height(lod) for t in self.stack)
                return max(room.top(), room.bottom() - need)
            return room.top()
        return max(room.top(), max(self.mapFromParent(QPointF(0, a.bottom_at(lod))).y() for a in self.above))

    def elided_lines(self) -> list[str] | None:
        """At its own size, the lines elided to the room's width when one is wider (the
        short form first, "gpu01" for "gpu01 (rear)"); None when the text fits as it is."""
        if self.room is None or not self.text():
            return None
        room = self.mapFromParent(self.room).boundingRect()
        width = room.right()  # from the text's own left edge
        key = (self.text(), self.short, self.font().pixelSize(), self.font().bold(), width)
        if self._elided is not None and self._elided[0] == key:
            return self._elided[1]
        fm = QFontMetricsF(self.font())
        lines = self.text().split("\n")
        out: list[str] | None = None
        if any(fm.horizontalAdvance(line) > width for line in lines):
            if self.short and len(lines) == 1:
                lines = [self.short]
            out = [fm.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in lines]
        self._elided = (key, out)
        return out

    def _grown_height(self, lod: float) -> float:
        """Height of all this text's lines at MIN_LABEL_PX on screen (item units)."""
        if not self.text() or lod <= 0:
            return 0.0
        f = QFont(self.font())
        f.setPixelSize(max(1, round(MIN_LABEL_PX / lod)))
        return (self.text().count("\n") + 1) * QFontMetricsF(f).height()

    def grown_lines(self, lod: float) -> list[tuple[float, str]]:
        """(baseline y in item coordinates, text) of the lines drawn at ``lod`` when the
        font is too small; [] when none fits or the room is unknown."""
        if self.room is None or lod <= 0:
            return []
        room = self.mapFromParent(self.room).boundingRect()
        lines = self.text().split("\n")
        if not self.text():
            return []
        # the lines of siblings above are at most MIN_LABEL_PX on screen: skip that much
        big = QFont(self.font())
        big.setPixelSize(max(1, round(MIN_LABEL_PX / lod)))
        big_h = QFontMetricsF(big).height()
        stacked = self.above is not None
        first = self._stack_top(lod) if stacked else room.top() + self.skip_lines * big_h
        bottom = room.bottom() - self.reserve_lines * big_h
        width = room.right() - max(0.0, room.left())
        for px in (MIN_LABEL_PX, 7.0, MIN_SINGLE_LINE_PX):
            f = QFont(self.font())
            f.setPixelSize(max(1, round(px / lod)))
            fm = QFontMetricsF(f)
            line_h = fm.height()
            top = first
            if self.wrap:
                lines = _wrap(self.text(), fm, width)
            n = min(len(lines), int((bottom - top) // line_h)) if bottom > top else 0
            if n > 0:
                break
        else:
            return []
        self._grown_px = px
        y0 = top if stacked else max(top, min(0.0, room.bottom() - n * line_h))
        if self.short and len(lines) == 1 and fm.horizontalAdvance(lines[0]) > width:
            lines = [self.short]
        return [(y0 + i * line_h + fm.ascent(), fm.elidedText(line, Qt.TextElideMode.ElideRight, width))
                for i, line in enumerate(lines[:n])]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if not self.grown(lod):
            self.shown_lines = self.text().count("\n") + 1
            elided = self.elided_lines()
            if elided is not None:  # wider than its room: an ellipsis, not a cut at the device's edge
                painter.setFont(self.font())
                painter.setPen(QPen(self.brush().color()))
                fm = QFontMetricsF(self.font())
                for i, line in enumerate(elided):
                    painter.drawText(QPointF(0, i * fm.lineSpacing() + fm.ascent()), line)
                return
            # Qt passes no widget when the scene is rendered to an image or the printer; the
            # stubs type this one parameter (of QGraphicsSimpleTextItem only) as not None
            super().paint(painter, option, widget)  # type: ignore[arg-type]
            return
        lines = self.grown_lines(lod)
        self.shown_lines = len(lines)
        if not lines:
            return
        f = QFont(self.font())
        f.setPixelSize(max(1, round(self._grown_px / lod)))
        painter.setFont(f)
        painter.setPen(QPen(self.brush().color()))
        x = max(0.0, self.mapFromParent(self.room).boundingRect().left()) if self.room is not None else 0.0
        for y, text in lines:
            painter.drawText(QPointF(x, y), text)


def _wrap(text: str, fm: QFontMetricsF, width: float) -> list[str]:
    """Greedy word wrap of each line of ``text`` to ``width``."""
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            cand = f"{line} {word}" if line else word
            if line and fm.horizontalAdvance(cand) > width:
                out.append(line)
                line = word
            else:
                line = cand
        out.append(line)
    return out


class RunLabel(LodText):
    """One label over a run of identical devices stacked without a gap (the 1U trays of an
    NVL72 rack), drawn only when the devices are too thin for their own labels: "18x GB200
    compute tray" instead of eighteen anonymous bars. Zoomed in, the devices' own labels take
    over and this one stays away."""

    def __init__(self, text: str, room: QRectF, single_h: float) -> None:
        super().__init__(text, None, room, above=[])
        self.single_h = single_h  # scene height of one device's label room
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(6)
        self.wrap = True

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        f = QFont(self.font())
        f.setPixelSize(max(1, round(MIN_SINGLE_LINE_PX / lod)))
        if QFontMetricsF(f).height() <= self.single_h:  # each device shows its own name
            self.shown_lines = 0
            return
        super().paint(painter, option, widget)


@dataclass(frozen=True)
class Target:
    rack_id: str
    face: str
    u: int | None
    side: str | None = None


class RackFrameItem(QGraphicsRectItem):
    """One face of one rack (the area between the rails)."""

    def __init__(self, rack: Rack, face: str, rect: QRectF, height_u: int) -> None:
        super().__init__(rect)
        self.rack_id = rack.id
        self.face = face
        self.height_u = height_u
        self.setZValue(0)


class DeviceItem(QGraphicsRectItem):
    def __init__(self, placement_id: str, face: str, rect: QRectF, primary: bool) -> None:
        super().__init__(rect)
        self.placement_id = placement_id
        self.face = face
        self.primary = primary  # False: the back of a full-depth device seen from the other face
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape, True)
        self.setZValue(2 if primary else 1)
        self.setAcceptHoverEvents(True)


class SideLabel(QGraphicsItem):
    """The name of a 0U device (a PDU), written upwards along its strip in the side channel.
    Zoomed out it grows to MIN_LABEL_PX on screen while the strip is wide enough for that,
    elided to the strip's length; on a strip too narrow for legible text it is not drawn
    (the tooltip still names the device) rather than as a smudge."""

    def __init__(self, parent: DeviceItem, text: str, color: QColor, size_mm: float) -> None:
        super().__init__(parent)
        self.text = text
        self.color = color
        self.size_mm = size_mm
        self.shown = False  # drawn by the last paint (for tests)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        parent = self.parentItem()
        return parent.boundingRect() if parent is not None else QRectF()

    def font_for(self, lod: float) -> QFont | None:
        """The font drawn at ``lod``, or None when no legible size fits the strip's width."""
        rect = self.boundingRect()
        for min_px in (MIN_LABEL_PX, MIN_SINGLE_LINE_PX):
            px = max(self.size_mm, min_px / max(lod, 1e-9))
            f = QFont()
            f.setBold(True)
            f.setPixelSize(max(1, round(px)))
            if QFontMetricsF(f).height() <= rect.width() - 2:
                return f
        return None

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        f = self.font_for(lod)
        self.shown = f is not None
        if f is None:
            return
        rect = self.boundingRect()
        fm = QFontMetricsF(f)
        pad = fm.height() / 2
        text = fm.elidedText(self.text, Qt.TextElideMode.ElideRight, rect.height() - 2 * pad)
        painter.save()
        painter.setFont(f)
        painter.setPen(QPen(self.color))
        painter.translate(rect.center().x() + (fm.ascent() - fm.descent()) / 2, rect.bottom() - pad)
        painter.rotate(-90)
        painter.drawText(QPointF(0, 0), text)
        painter.restore()


PORT_MIN_PX = 7.0  # ports are drawn (and can be grabbed) when a port is this wide on screen
PORT_USED = QColor("#2fbf64")
PORT_FREE = QColor("#24282d")
PORT_MGMT = QColor("#5b8fd6")


class PortsItem(QGraphicsItem):
    """All ports of one device face, painted in one item (cheap at any device count);
    hidden below a zoom level. Hit-testing goes through :meth:`port_at`."""

    def __init__(self, parent: DeviceItem, ports: tuple[Port, ...],
                 used: Callable[[str, str], str | None]) -> None:
        super().__init__(parent)
        self.device = parent
        self.ports = ports
        self.used = used  # callable (placement, port) -> link id | None
        self.hot: str | None = None
        self.rects = self._layout(parent.rect(), len(ports))
        self.setZValue(3)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @staticmethod
    def _layout(r: QRectF, n: int) -> list[QRectF]:
        if n == 0:
            return []
        pad = 4.0
        rows = 1 if r.height() < 30 else (2 if r.height() < 120 else 4)
        cols = -(-n // rows)
        while rows > 1 and cols < 4:
            rows -= 1
            cols = -(-n // rows)
        pw = min(28.0, (r.width() - 2 * pad) / cols)
        ph = min(18.0, (r.height() - 2 * pad) / rows - 2)
        out = []
        x0 = r.right() - pad - cols * pw  # right-aligned: the label keeps the left
        y0 = r.bottom() - pad - rows * (ph + 2)
        for i in range(n):
            row, col = divmod(i, cols)
            out.append(QRectF(x0 + col * pw + 1, y0 + row * (ph + 2) + 1, pw - 2, ph))
        return out

    def boundingRect(self) -> QRectF:
        return self.device.rect()

    def port_width(self) -> float:
        return self.rects[0].width() + 2 if self.rects else 0.0

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if lod * self.port_width() < PORT_MIN_PX:
            return
        pid = self.device.placement_id
        for port, rect in zip(self.ports, self.rects):
            wired = self.used(pid, port.name)
            fill = PORT_USED if wired else PORT_FREE
            painter.setBrush(QBrush(fill))
            edge = QColor("#ffc21a") if port.name == self.hot else (PORT_MGMT if port.role == "management"
                                                                     else QColor(255, 255, 255, 150))
            pen = QPen(edge, 2.5 if port.name == self.hot else 1.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawRect(rect)

    def port_at(self, scene_pos: QPointF) -> Port | None:
        local = self.mapFromScene(scene_pos)
        for port, rect in zip(self.ports, self.rects):
            if rect.adjusted(-1, -1, 1, 1).contains(local):
                return port
        return None

    def port_rect(self, name: str) -> QRectF:
        for port, rect in zip(self.ports, self.rects):
            if port.name == name:
                return self.mapRectToScene(rect)
        raise KeyError(name)
