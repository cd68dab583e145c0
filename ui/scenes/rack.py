"""Rack elevations: the racks of one row side by side, front and rear, drawn to scale.

Scene units are millimetres; U positions come from :mod:`planner.geometry`. The scene
mirrors the model: it never moves an item on its own. A drag pushes MovePlacement
edits that share a gesture id (one undo step per drag) and the items are redrawn
from the plan when ``Document.changed`` names their rack. Catalog drops push
AddPlacement with the document's PlacementChecker; a refusal is shown in an overlay
at the pointer (and in the status bar through ``Document.refused``).

Ports (from :func:`planner.fabric.device_ports`) are drawn on each device's rear
face (its own face for half-depth devices) once the zoom makes them big enough
(level of detail, as in Qt's 40000-chips demo): green when wired, dark when free.
Dragging from a port to another pushes a ``Connect`` (through
``planner.fabric.wiring.connect_edit``); a refusal (port in use...) shows at the
pointer. 0U PDUs drag between sides and racks (MovePlacement with a side); a drag
on empty space selects devices with a rubber band.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QMenu,
    QRubberBand,
    QSizePolicy,
    QStyleOptionGraphicsItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.builders import (
    DEVICE_MIME,
    add_device_edit,
    add_rack_edit,
    delete_edit,
    duplicate_device_edit,
    duplicate_rack_edit,
)
from planner.edits import Change, Compound, EditRefused, MovePlacement
from planner.engine import Results, levels
from planner.fabric import Disconnect, Port, device_ports
from planner.fabric.wiring import connect_edit, used_ports
from planner.geometry import rack_outer_mm, u_bottom_mm, u_span_mm
from planner.palette import UNKNOWN_COLOR, kind_color
from planner.placement import device_dims, rack_dims
from planner.plan import Placement, Rack, cooling_method_name
from planner.units import INCH_MM, U_MM
from ui import dialogs, style
from ui.units import fnum

RAIL_W = 19 * INCH_MM  # 482.6 mm between the rails' outer edges
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


_gestures = itertools.count(1)
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
            return room.top()
        return max(room.top(), max(self.mapFromParent(QPointF(0, a.bottom_at(lod))).y() for a in self.above))

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
        return [(y0 + i * line_h + fm.ascent(), fm.elidedText(line, Qt.TextElideMode.ElideRight, width))
                for i, line in enumerate(lines[:n])]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())  # type: ignore[attr-defined]
        if not self.grown(lod):
            self.shown_lines = self.text().count("\n") + 1
            super().paint(painter, option, widget)
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

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())  # type: ignore[attr-defined]
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


PORT_MIN_PX = 7.0  # ports are drawn (and can be grabbed) when a port is this wide on screen
PORT_USED = QColor("#2fbf64")
PORT_FREE = QColor("#24282d")
PORT_MGMT = QColor("#5b8fd6")


class PortsItem(QGraphicsItem):
    """All ports of one device face, painted in one item (cheap at any device count);
    hidden below a zoom level. Hit-testing goes through :meth:`port_at`."""

    def __init__(self, parent: DeviceItem, ports: tuple[Port, ...], used: Any) -> None:
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

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())  # type: ignore[attr-defined]
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


class RackScene(QGraphicsScene):
    """Builds items for the racks of one row from the plan."""

    def __init__(self, doc: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.row_id: str | None = None
        self.frames: dict[tuple[str, str], RackFrameItem] = {}
        self.outers: dict[tuple[str, str], QGraphicsRectItem] = {}  # the dark frame around each face
        self.devices: dict[str, list[DeviceItem]] = {}
        self.rack_items: dict[str, list[QGraphicsItem]] = {}  # per rack: device items + figure text
        self.figures: dict[str, QGraphicsSimpleTextItem] = {}
        self.names: dict[str, QGraphicsSimpleTextItem] = {}  # rack id -> its name in the header
        self.origin_x: dict[str, float] = {}
        self.header_h = HEADER_H  # rack header height for the row shown (grows with the row's width)
        self.palette = QPalette()
        self.ports: dict[str, PortsItem] = {}  # placement -> its ports item
        self._used: dict[tuple[str, str], str] | None = None

    def port_used(self, pid: str, port: str) -> str | None:
        if self._used is None:
            self._used = used_ports(self.doc.plan)
        return self._used.get((pid, port)) or self._used.get((pid, port + "*"))

    def links_changed(self) -> None:
        self._used = None
        for item in self.ports.values():
            item.update()

    # -- geometry helpers ------------------------------------------------------------
    def rack_height_u(self, rack: Rack) -> int:
        rd = rack_dims(self.doc.catalog, rack.rack_type)
        return rd.u_height if rd else 42

    def rack_width(self, rack: Rack) -> float:
        return rack_outer_mm(self.doc.catalog, rack.rack_type)[0]

    def face_x(self, rack_id: str, face: str) -> float:
        """Left edge of a face's frame."""
        rack = self.doc.plan.rack(rack_id)
        x = self.origin_x[rack_id] + LABEL_MARGIN
        return x if face == "front" else x + self.rack_width(rack) + FACE_GAP + LABEL_MARGIN

    @staticmethod
    def u_y(u: int) -> float:
        """Scene y of the bottom edge of U ``u`` (U1 bottom at y=0, up is negative)."""
        return -u_bottom_mm(u)

    def target_at(self, pos: QPointF, grab_offset_u: int = 0) -> Target | None:
        for (rack_id, face), frame in self.frames.items():
            r = frame.sceneBoundingRect()
            if r.left() - 1 <= pos.x() <= r.right() + 1 and r.top() - FRAME <= pos.y() <= r.bottom() + FRAME:
                u = int((-pos.y()) // U_MM) + 1 - grab_offset_u
                u = max(1, u)
                rel = (pos.x() - r.left()) / max(r.width(), 1.0)
                side = "left" if rel < 0.5 else "right"
                return Target(rack_id, face, u, side)
        return None

    def point_for(self, rack_id: str, face: str, u: int) -> QPointF:
        """Scene point in the middle of U ``u`` on a face."""
        frame = self.frames[(rack_id, face)]
        return QPointF(frame.sceneBoundingRect().center().x(), self.u_y(u) - U_MM / 2)

    # -- building ------------------------------------------------------------------
    def show_row(self, row_id: str | None) -> None:
        self.row_id = row_id
        self.rebuild()

    def racks(self) -> list[Rack]:
        if self.row_id is None or self.row_id not in self.doc.plan.index.rows:
            return []
        return sorted(self.doc.plan.index.rows[self.row_id].racks, key=lambda r: r.position)

    def rebuild(self) -> None:
        self.clear()
        self.frames.clear()
        self.outers.clear()
        self.devices.clear()
        self.ports.clear()
        self._used = None
        self.rack_items.clear()
        self.figures.clear()
        self.names.clear()
        self.origin_x.clear()
        racks = self.racks()
        row_w = sum(2 * (LABEL_MARGIN + self.rack_width(r)) + FACE_GAP + RACK_GAP for r in racks)
        self.header_h = max(HEADER_H, HEADER_SHARE * row_w)
        x = 0.0
        for rack in racks:
            self.origin_x[rack.id] = x
            self._build_frame(rack)
            self._build_devices(rack)
            x += 2 * (LABEL_MARGIN + self.rack_width(rack)) + FACE_GAP + RACK_GAP
        self.update_figures()
        r = self.itemsBoundingRect()
        self.setSceneRect(r.adjusted(-60, -60, 60, 60))

    def _text(self, text: str, size_mm: float, color: QColor, bold: bool = False,
              parent: QGraphicsItem | None = None, room: QRectF | None = None,
              skip_lines: int = 0, above: list[Any] | None = None, reserve_lines: int = 0) -> QGraphicsSimpleTextItem:
        item = (LodText(text, parent, room, skip_lines, above, reserve_lines) if room is not None
                else QGraphicsSimpleTextItem(text, parent))
        f = QFont()
        f.setPixelSize(max(1, round(size_mm)))
        f.setBold(bold)
        item.setFont(f)
        item.setBrush(QBrush(color))
        if parent is None:
            self.addItem(item)
        return item

    def _build_frame(self, rack: Rack) -> None:
        pal = self.palette
        text_c = pal.color(QPalette.ColorRole.WindowText)
        mid = pal.color(QPalette.ColorRole.Mid)
        base = pal.color(QPalette.ColorRole.Base)
        dark = pal.color(QPalette.ColorRole.Window).lightness() < 128
        h_u = self.rack_height_u(rack)
        height = u_bottom_mm(h_u + 1)
        width = self.rack_width(rack)
        for face in ("front", "rear"):
            fx = self.face_x(rack.id, face)
            outer = QGraphicsRectItem(QRectF(fx, -height - FRAME, width, height + 2 * FRAME))
            outer.setBrush(QBrush(QColor("#2b2e33") if not dark else QColor("#15171a")))
            outer.setPen(QPen(mid, 2))
            self.addItem(outer)
            self.outers[(rack.id, face)] = outer
            rail_x = fx + (width - RAIL_W) / 2
            frame = RackFrameItem(rack, face, QRectF(rail_x, -height, RAIL_W, height), h_u)
            frame.setBrush(QBrush(base))
            frame.setPen(QPen(mid, 1))
            self.addItem(frame)
            self.frames[(rack.id, face)] = frame
            grid = QPen(mid, 0.6)
            grid.setCosmetic(True)
            for u in range(1, h_u + 1):
                y = self.u_y(u)
                if u > 1:
                    line = self.addLine(rail_x, y, rail_x + RAIL_W, y, grid)
                    line.setZValue(0.5)
                if u == 1 or u % 2 == 0 or h_u <= 24:
                    t = self._text(str(u), 30, text_c)
                    br = t.boundingRect()
                    t.setPos(fx - 12 - br.width(), y - U_MM / 2 - br.height() / 2)
            label = self._text(face.upper(), 44, text_c, bold=False)
            label.setPos(fx, -height - FRAME - 64)
        fx = self.face_x(rack.id, "front")
        head_w = self.face_x(rack.id, "rear") + width - fx
        top = -height - FRAME - HEADER_H
        grow = max(0.0, self.header_h - HEADER_H)
        # Zoomed out (many racks in a row, a laptop screen) the header's lines grow to stay
        # legible; they share the whole header in priority order: the name first, then the
        # type, then the figures (each skips the grown lines above it), and each line is
        # elided to the header's width before anything is dropped.
        header = QRectF(fx, top - grow, head_w, HEADER_H - 70 + grow)
        name = self._text(rack.name, 64, text_c, bold=True, room=header, above=[])
        name.setPos(fx, top)
        self.names[rack.id] = name
        rt = rack_dims(self.doc.catalog, rack.rack_type)
        # the type gives way to the engine's two lines of figures when both do not fit
        sub = self._text(f"{rt.name if rt else rack.rack_type}", 40, text_c, room=header, above=[name],
                         reserve_lines=2)
        sub.setPos(fx, top + 84)
        fig = self._text("", 40, text_c, bold=True, room=header, above=[name, sub])
        fig.setPos(fx, top + 140)
        self.figures[rack.id] = fig

    def _device_color(self, slug: str) -> QColor:
        dev = self.doc.catalog.get("device-types", slug) if self.doc.catalog is not None else None
        if dev is None:
            return QColor(UNKNOWN_COLOR)
        return QColor(kind_color(dev.kind))

    def _label(self, p: Placement) -> tuple[str, str]:
        """(title, details): the user's name or the model; short model, GPUs and max kW."""
        dev = self.doc.catalog.get("device-types", p.device) if self.doc.catalog is not None else None
        if dev is None:
            return (p.name or p.device, "not in the catalog")
        model = dev.model.split(" (")[0]
        title = p.name or model
        bits = []
        if dev.gpu_count:
            gpu = self.doc.catalog.get("gpus", dev.gpu_slug)
            gname = (gpu.model if gpu else dev.gpu_slug or "").split()[0]
            bits.append(f"{dev.gpu_count}\u00d7 {gname}")
        if dev.max_power_w:
            bits.append(f"{fnum(dev.max_power_w / 1000, '.1f')} kW")
        details = "  \u00b7  ".join(bits)
        if p.name:
            details = f"{model}\n{details}" if details else model
        return title, details

    def _build_devices(self, rack: Rack) -> None:
        items: list[QGraphicsItem] = []
        for p in rack.placements:
            items.extend(self._device_items(rack, p))
        items.extend(self._run_labels(rack))
        self.rack_items[rack.id] = items

    def _run_labels(self, rack: Rack) -> list[QGraphicsItem]:
        """A RunLabel over each run of two or more identical devices stacked without a gap."""
        placed = sorted((p for p in rack.placements if p.u is not None), key=lambda p: (p.face, p.u or 0))
        runs: list[list[Placement]] = []
        for p in placed:
            prev = runs[-1][-1] if runs else None
            if prev is not None and prev.device == p.device and prev.face == p.face:
                dims = device_dims(self.doc.catalog, prev.device)
                if (prev.u or 0) + max(1, int((dims.u_height if dims else 1.0) + 0.99)) == p.u:
                    runs[-1].append(p)
                    continue
            runs.append([p])
        out: list[QGraphicsItem] = []
        for run in runs:
            if len(run) < 2:
                continue
            rects = [it.sceneBoundingRect() for p in run for it in self.devices.get(p.id, []) if it.primary]
            if not rects:
                continue
            area = rects[0]
            for r in rects[1:]:
                area = area.united(r)
            dev = self.doc.catalog.get("device-types", run[0].device) if self.doc.catalog is not None else None
            model = dev.model.split(" (")[0] if dev is not None else run[0].device
            text = QCoreApplication.translate("RackScene", "{n}\u00d7 {model}").format(n=len(run), model=model)
            label = RunLabel(text, area.adjusted(14, 4, -8, -4), rects[0].height() - 2)
            f = QFont()
            f.setPixelSize(36)
            f.setBold(True)
            label.setFont(f)
            label.setBrush(QBrush(QColor("white")))
            label.setPos(area.left() + 14, area.top() + 4)
            self.addItem(label)
            out.append(label)
        return out

    def _device_items(self, rack: Rack, p: Placement) -> list[DeviceItem]:
        dims = device_dims(self.doc.catalog, p.device)
        color = self._device_color(p.device)
        out: list[DeviceItem] = []
        title, sub = self._label(p)
        height_mm_total = u_bottom_mm(self.rack_height_u(rack) + 1)
        if p.u is None:  # 0U, in the side channel of its face
            fx = self.face_x(rack.id, p.face)
            width = self.rack_width(rack)
            chan = (width - RAIL_W) / 2
            x = fx + 6 if p.side == "left" else fx + width - chan + 6
            rect = QRectF(x, -height_mm_total + 60, chan - 12, height_mm_total - 120)
            item = DeviceItem(p.id, p.face, rect, True)
            self._style(item, color, True)
            self.addItem(item)
            t = self._text(title, 22, QColor("white"), parent=item)
            t.setRotation(-90)
            t.setPos(rect.left() + 6, rect.bottom() - 20)
            out.append(item)
        else:
            height = dims.u_height if dims else 1.0
            full = p.full_depth if p.full_depth is not None else (dims.full_depth if dims else True)
            faces = ["front", "rear"] if full else [p.face]
            for face in faces:
                frame = self.frames[(rack.id, face)]
                fr = frame.rect()
                bottom, top = u_span_mm(p.u, max(height, 0.5))
                rect = QRectF(fr.left() + 3, -top + 1.5, fr.width() - 6, top - bottom - 3)
                primary = face == p.face
                item = DeviceItem(p.id, face, rect, primary)
                self._style(item, color, primary)
                self.addItem(item)
                size = min(36.0, max(12.0, rect.height() * 0.78))
                room = rect.adjusted(14, 1, -8, -1)
                t = self._text(title if primary else f"{title} (rear)", size,
                               QColor("white") if primary else self._rear_text(color), bold=primary, parent=item,
                               room=QRectF(room.left(), room.top(), room.width(), min(room.height(), 240)))
                t.setPos(rect.left() + 14, rect.top() + max(1.0, (min(rect.height(), 52) - size * 1.2) / 2))
                if sub and primary and rect.height() >= 100:
                    lines = sub.split("\n")[: max(1, int((rect.height() - 56) // 36))]
                    s = self._text("\n".join(lines), 30, QColor(255, 255, 255, 225), parent=item,
                                   room=room, skip_lines=1)
                    s.setPos(rect.left() + 14, rect.top() + 50)
                out.append(item)
        self.devices.setdefault(p.id, []).extend(out)
        tip = self.device_tooltip(p.id)
        for it in out:
            it.setToolTip(tip)
        dp = device_ports(self.doc.catalog, p.device) if self.doc.catalog is not None else None
        if dp is not None and dp.ports and p.u is not None:
            host = next((it for it in out if it.face == "rear"), out[0] if out else None)
            if host is not None:
                self.ports[p.id] = PortsItem(host, dp.ports, self.port_used)
        return out

    def _rear_text(self, color: QColor) -> QColor:
        """Text on a device's other face (its colour at low alpha over the rail): white is
        unreadable on the light tint of the light theme, so a dark shade of the colour."""
        if self.palette.color(QPalette.ColorRole.Window).lightness() < 128:
            return QColor(255, 255, 255, 215)
        return QColor(color).darker(260)

    def _style(self, item: DeviceItem, color: QColor, primary: bool) -> None:
        c = QColor(color)
        if not primary:
            c.setAlpha(110)
        item.setBrush(QBrush(c))
        pen = QPen(c.darker(150), 2)
        item.setPen(pen)

    def refresh_rack(self, rack_id: str) -> None:
        """Redraw the devices of one rack from the plan."""
        for it in self.rack_items.pop(rack_id, []):
            if isinstance(it, DeviceItem):
                if it.placement_id in self.ports and self.ports[it.placement_id].device is it:
                    del self.ports[it.placement_id]
                lst = self.devices.get(it.placement_id, [])
                if it in lst:
                    lst.remove(it)
                if not lst:
                    self.devices.pop(it.placement_id, None)
            self.removeItem(it)
        if rack_id in self.doc.plan.index.racks and rack_id in self.origin_x:
            rack = self.doc.plan.rack(rack_id)
            if rack_id in self.names and self.names[rack_id].text() != rack.name:  # renamed
                self.names[rack_id].setText(rack.name)
            self._build_devices(rack)

    def device_tooltip(self, pid: str) -> str:
        """Name, model, U, power (the engine's figures) and the feeds its cords go to."""
        tr = QCoreApplication.translate
        plan = self.doc.plan
        p = plan.placement(pid)
        dev = self.doc.catalog.get("device-types", p.device) if self.doc.catalog is not None else None
        model = dev.model if dev is not None else tr("RackScene", "{slug} (not in the catalog)").format(slug=p.device)
        lines = [p.name or model]
        if p.name:
            lines.append(model)
        dims = device_dims(self.doc.catalog, p.device)
        face = tr("RackScene", "front") if p.face == "front" else tr("RackScene", "rear")
        if p.u is None:
            side = tr("RackScene", "left") if p.side == "left" else tr("RackScene", "right")
            lines.append(tr("RackScene", "0U, {side} side of the {face}").format(side=side, face=face))
        else:
            top = p.u + max(1, int((dims.u_height if dims else 1.0) + 0.99)) - 1
            span = f"U{p.u}" if top == p.u else f"U{p.u}\u2013U{top}"
            lines.append(tr("RackScene", "{span}, {face}").format(span=span, face=face))
        results = self.doc.results
        rack_id = plan.index.placement_rack.get(pid)
        rr = results.racks.get(rack_id) if results is not None and rack_id is not None else None
        dp = getattr(rr, "device_power", {}).get(pid) if rr is not None else None
        pdu = results.pdus.get(pid) if results is not None else None
        if rr is None:
            lines.append(tr("RackScene", "Power: not calculated yet"))
        elif pdu is not None:  # a PDU: the load it carries, and its own feed
            lines.append(tr("RackScene", "Load: {typical} kW typical, {max} kW max").format(
                typical=f"{fnum(pdu.typical_w / 1000, '.2f')}", max=f"{fnum(pdu.max_w / 1000, '.2f')}"))
            feed = next((f.name for f in plan.feeds if f.id == pdu.feed), None)
            lines.append(tr("RackScene", "Feed: {feed}").format(feed=feed) if feed
                         else tr("RackScene", "Feed: none assigned"))
        elif dp is None:
            lines.append(tr("RackScene", "Power: none counted"))
        else:
            lines.append(tr("RackScene", "Power: {typical} kW typical, {max} kW max").format(
                typical=f"{fnum(dp.typical_w / 1000, '.2f')}", max=f"{fnum(dp.max_w / 1000, '.2f')}"))
            if dp.busbar:
                lines.append(tr("RackScene", "Feed: the rack's DC busbar (power shelves)"))
            elif dp.pdus:
                feeds = []
                for pdu_id in dict.fromkeys(dp.pdus):
                    pr = results.pdus.get(pdu_id)
                    pdu_name = pr.name if pr is not None else pdu_id
                    feed = next((f.name for f in plan.feeds if pr is not None and f.id == pr.feed), None)
                    feeds.append(tr("RackScene", "{feed} via {pdu}").format(feed=feed, pdu=pdu_name) if feed
                                 else tr("RackScene", "{pdu} (no feed)").format(pdu=pdu_name))
                lines.append(tr("RackScene", "Feed: {feeds}").format(feeds="; ".join(feeds)))
            else:
                lines.append(tr("RackScene", "Feed: no power cords"))
        return "\n".join(lines)

    def refresh_tooltips(self) -> None:
        for pid, items in self.devices.items():
            if pid in self.doc.plan.index.placements:
                tip = self.device_tooltip(pid)
                for it in items:
                    it.setToolTip(tip)

    def update_figures(self) -> None:
        self.refresh_tooltips()
        results = self.doc.results
        text_c = self.palette.color(QPalette.ColorRole.WindowText)
        for rack_id, item in self.figures.items():
            item.setText(rack_figures_text(results, rack_id))
            lvl = rack_level(results, rack_id)
            item.setBrush(QBrush(text_c if lvl == levels.NONE else style.level_color(lvl)))

    def shown_racks(self) -> set[str]:
        return set(self.origin_x)


def rack_figures_text(results: Results | None, rack_id: str) -> str:
    """The engine's per-rack figures as two short lines (nothing is computed here)."""
    r = results.racks.get(rack_id) if results is not None else None
    if r is None:
        return ""
    tr = QCoreApplication.translate
    power = fnum(r.power_load_w / 1000, ".1f")
    lines = [tr("RackScene", "{load} kW of {cap} kW").format(load=power, cap=fnum(r.power_capacity_w / 1000, ".1f"))
             if r.power_capacity_w > 0 else tr("RackScene", "{load} kW (no PDU capacity)").format(load=power)]
    extra = [f"{r.gpu_count} GPUs", tr("RackScene", "{used}/{height} U").format(used=r.u_used, height=r.u_height)
             if r.u_height else tr("RackScene", "{used} U").format(used=r.u_used)]
    if r.cooling:
        extra.append(cooling_method_name(r.cooling, lower=True))
    lines.append("  \u00b7  ".join(extra))
    return "\n".join(lines)


def rack_level(results: Results | None, rack_id: str) -> str:
    """The engine's level of a rack (the worst of its power, cooling, weight and floor
    levels), or none without results."""
    r = results.racks.get(rack_id) if results is not None else None
    return r.level if r is not None else levels.NONE


class RackGraphicsView(QGraphicsView):
    """The view: drop target, drag of devices, keyboard moves, context menu."""

    propertiesRequested = Signal()
    refusalCleared = Signal()  # the refusal shown is out of date (a later move or drop went well)

    def __init__(self, doc: Any, scene: RackScene, parent: QWidget | None = None) -> None:
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
        self._drag: dict[str, Any] | None = None
        self._wire: dict[str, Any] | None = None
        self._band: dict[str, Any] | None = None
        self._rubber: QRubberBand | None = None
        self._ghost: QGraphicsRectItem | None = None
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

    def _show_ghost(self, target: Target, u_height: float, ok: bool) -> None:
        sc = self.rack_scene
        frame = sc.frames.get((target.rack_id, target.face))
        if frame is None or target.u is None:
            self._hide_ghost()
            return
        fr = frame.rect()
        bottom, top = u_span_mm(target.u, max(u_height, 1.0))
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

    def resizeEvent(self, event: Any) -> None:
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

    # -- catalog drops -----------------------------------------------------------------
    def _drop_target(self, pos: QPoint, slug: str) -> tuple[Target | None, Placement | None, str | None]:
        target = self.rack_scene.target_at(self.mapToScene(pos))
        if target is None:
            return None, None, "Drop the device on a rack"
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
        else:
            self._hide_ghost()
        if reason:
            self.show_refusal(reason, pos)
        else:
            self.hide_refusal()
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()

    def dragLeaveEvent(self, event: Any) -> None:
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
            self.show_refusal("Drop the device on a rack", pos)
            self.doc.refused.emit("Drop the device on a rack")
            event.ignore()
            return
        edit = add_device_edit(self.doc.plan, self.doc.checker, target.rack_id, slug, target.u, target.face)
        if edit.placement.u is None and target.side:
            edit.placement = edit.placement.model_copy(update={"side": target.side})
        if self.doc.push(edit):
            self.hide_refusal()
            self.doc.select([("placement", edit.placement.id)])
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        else:
            self.show_refusal(self.doc.last_refusal, pos)
            event.ignore()

    # -- selection and device drags ------------------------------------------------------
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
        t = self.rack_scene.target_at(self.mapToScene(pos))
        return self.rack_scene.frames.get((t.rack_id, t.face)) if t else None

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
        self._wire = {"pid": pid, "port": port.name, "line": line, "start": start}
        self.viewport().setCursor(Qt.CursorShape.CrossCursor)

    def _end_wire(self, pos: QPoint) -> bool:
        w = self._wire
        assert w is not None
        self._wire = None
        if w["line"].scene() is not None:
            self.rack_scene.removeItem(w["line"])
        self.viewport().unsetCursor()
        self._set_hot(None)
        hit = self.port_at(pos)
        if hit is None or (hit[0] == w["pid"] and hit[1].name == w["port"]):
            return False
        return self.connect_ports((w["pid"], w["port"]), (hit[0], hit[1].name), pos)

    def connect_ports(self, a: tuple[str, str], b: tuple[str, str], at: QPoint | None = None) -> bool:
        """Push a Connect between two ports; show the reason at ``at`` when refused."""
        try:
            edit = connect_edit(self.doc.plan, self.doc.catalog, a, b)
        except EditRefused as e:
            self.doc.last_refusal = str(e)
            self.doc.refused.emit(str(e))
            self.show_refusal(str(e), at)
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
                self._drag = {"pid": dev.placement_id, "offset": offset, "gesture": f"drag{next(_gestures)}",
                              "press": pos, "active": False, "last": None}
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
            self._band = {"origin": pos, "multi": multi, "base": list(self.doc.selection) if multi else []}
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._wire is not None:
            end = self.mapToScene(pos)
            st = self._wire["start"]
            self._wire["line"].setLine(st.x(), st.y(), end.x(), end.y())
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
        if not d["active"]:
            if (pos - d["press"]).manhattanLength() < 4:
                return
            d["active"] = True
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        self._drag_to(pos)
        event.accept()

    def _rubber_to(self, pos: QPoint) -> None:
        b = self._band
        assert b is not None
        if self._rubber is None:
            if (pos - b["origin"]).manhattanLength() < 6:
                return
            self._rubber = QRubberBand(QRubberBand.Shape.Rectangle, self.viewport())
        rect = QRect(b["origin"], pos).normalized()
        self._rubber.setGeometry(rect)
        self._rubber.show()
        area = self.mapToScene(rect).boundingRect()
        picked = [("placement", pid) for pid, items in self.rack_scene.devices.items()
                  if any(it.primary and area.intersects(it.sceneBoundingRect()) for it in items)]
        sel = list(b["base"]) + [k for k in picked if k not in b["base"]]
        self.doc.select(sel)

    def _drag_to(self, pos: QPoint) -> None:
        d = self._drag
        assert d is not None
        plan = self.doc.plan
        pid = d["pid"]
        if pid not in plan.index.placements:
            return
        p = plan.placement(pid)
        target = self.rack_scene.target_at(self.mapToScene(pos), d["offset"] if p.u is not None else 0)
        if target is None:
            return
        key = (target.rack_id, target.u, target.face, target.side)
        if key == d["last"]:
            return
        d["last"] = key
        dims = device_dims(self.doc.catalog, p.device)
        full = p.full_depth if p.full_depth is not None else (dims.full_depth if dims else True)
        face = p.face if full else target.face
        cur_rack = plan.index.placement_rack[pid]
        if p.u is None:  # 0U (PDU): the side channel under the pointer, on that face
            if (target.rack_id, target.face, target.side) == (cur_rack, p.face, p.side):
                d["refused"] = False
                self.hide_refusal()
                return
            edit = MovePlacement(pid, target.rack_id, None, target.face, checker=self.doc.checker,
                                 gesture=d["gesture"], side=target.side)
        else:
            if (target.rack_id, target.u, face) == (cur_rack, p.u, p.face):
                d["refused"] = False
                self.hide_refusal()
                return
            edit = MovePlacement(pid, target.rack_id, target.u, face, checker=self.doc.checker, gesture=d["gesture"])
        if self.doc.push(edit):
            d["refused"] = False
            self.hide_refusal()
        else:
            d["refused"] = True
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
            if d["active"] and not d.get("refused"):  # the drag ended well: its refusals are history
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
        if key == Qt.Key.Key_Escape:
            self.hide_refusal()
            self.doc.select([])
            event.accept()
            return
        super().keyPressEvent(event)

    def nudge(self, step: int) -> bool:
        """Move the selected devices ``step`` U up (+) or down (-): one undo step."""
        from planner.edits import Compound

        plan = self.doc.plan
        pids = [i for i in self.doc.selected("placement") if i in plan.index.placements
                and plan.placement(i).u is not None]
        if not pids:
            return False
        lowest = min(plan.placement(i).u or 1 for i in pids)
        if lowest + step < 1:
            name = plan.placement(pids[0]).name or plan.placement(pids[0]).device
            reason = f"{name} is already at U{lowest}, the bottom of the rack"
            self.doc.last_refusal = reason
            self.doc.refused.emit(reason)
            self.show_refusal(reason)
            return False
        # move the leading device first so a block of devices can shift together
        pids.sort(key=lambda i: plan.placement(i).u or 0, reverse=step > 0)
        edits = [MovePlacement(i, plan.index.placement_rack[i], (plan.placement(i).u or 1) + step,
                               checker=self.doc.checker) for i in pids]
        edit = edits[0] if len(edits) == 1 else Compound(edits, f"Move {len(edits)} devices")
        if not self.doc.push(edit):
            self.show_refusal(self.doc.last_refusal)
            return False
        return True

    # -- context menu ------------------------------------------------------------------
    def contextMenuEvent(self, event: Any) -> None:
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
                                   lambda: doc.push(Compound([Disconnect(i) for i in wired],
                                                             self.tr("Disconnect %n cable(s)", "", len(wired)))))
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

    def connect_dialog(self, pid: str, port: str | None = None) -> Any:
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
        n = dialogs.ask_int(self, "Duplicate rack", f"Copies of {self.doc.plan.rack(rack_id).name}:", 3, 1, 200)
        if n:
            self.doc.push(duplicate_rack_edit(self.doc.plan, rack_id, n, self.doc.catalog))


class RackView(QWidget):
    """The rack elevation panel: a row chooser, zoom buttons and the elevations."""

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.scene = RackScene(doc, self)
        self.scene.palette = self.palette()
        self.view = RackGraphicsView(doc, self.scene, self)
        self.view.setObjectName("rackGraphicsView")
        self.row_box = QComboBox(self)
        self.row_box.setObjectName("rowChooser")
        self.row_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        fit = QToolButton(self)
        fit.setText(self.tr("Fit"))
        fit.setToolTip(self.tr("Zoom to fit the row (Ctrl+wheel zooms)"))
        fit.clicked.connect(self.view.fit)
        add = QToolButton(self)
        add.setObjectName("addRackButton")
        add.setText(self.tr("Add rack"))
        add.setToolTip(self.tr("Add an empty rack at the end of this row"))
        add.clicked.connect(self.add_rack)
        self.hint = QLabel(self.tr("Drag devices from the catalog into a rack; Up/Down moves the selection 1U"), self)
        self.hint.setEnabled(False)
        # a hint, not a layout constraint: on a 1366 px laptop screen it gives way to the racks
        self.hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 0)
        bar.addWidget(QLabel(self.tr("Row:"), self))
        bar.addWidget(self.row_box)
        bar.addWidget(fit)
        bar.addWidget(add)
        bar.addStretch(1)
        bar.addWidget(self.hint)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addLayout(bar)
        lay.addWidget(self.view, 1)
        self._syncing = False
        self.row_box.currentIndexChanged.connect(self._row_chosen)
        doc.changed.connect(self._on_changed)
        doc.selectionChanged.connect(self._on_selection)
        doc.resultsChanged.connect(lambda _r: self.scene.update_figures())
        doc.planReset.connect(self._on_reset)
        self._fill_rows()
        self._show_row(self._first_row())

    # -- rows --------------------------------------------------------------------
    def _first_row(self) -> str | None:
        return next(iter(self.doc.plan.index.rows), None)

    def _fill_rows(self) -> None:
        self._syncing = True
        cur = self.scene.row_id
        self.row_box.clear()
        for room in self.doc.plan.site.rooms:
            for row in room.rows:
                label = row.name if len(self.doc.plan.site.rooms) == 1 else f"{room.name} / {row.name}"
                self.row_box.addItem(f"{label} ({len(row.racks)} racks)", row.id)
        i = self.row_box.findData(cur)
        self.row_box.setCurrentIndex(max(i, 0))
        self._syncing = False

    def _row_chosen(self, _i: int) -> None:
        if not self._syncing:
            self._show_row(self.row_box.currentData())

    def _show_row(self, row_id: str | None) -> None:
        self.view._hide_ghost()
        self.scene.show_row(row_id)
        self._sync_selection()
        i = self.row_box.findData(row_id)
        if i >= 0 and i != self.row_box.currentIndex():
            self._syncing = True
            self.row_box.setCurrentIndex(i)
            self._syncing = False
        self.view.fit()

    def current_row(self) -> str | None:
        return self.scene.row_id

    def rebuild_scene(self) -> None:
        """Redraw every item (a theme change) and show the selection on the new items."""
        self.view._hide_ghost()
        self.scene.rebuild()
        self._sync_selection()

    def add_rack(self) -> bool:
        row = self.scene.row_id
        if row is None:
            self.view.show_refusal("There is no row: add one on the floor plan first")
            return False
        edit = add_rack_edit(self.doc.plan, self.doc.catalog, row)
        if self.doc.push(edit):
            self.doc.select([("rack", edit.rack.id)])
            return True
        self.view.show_refusal(self.doc.last_refusal)
        return False

    # -- model -> scene --------------------------------------------------------------------
    def _on_reset(self) -> None:
        self.scene.row_id = None
        self._fill_rows()
        self._show_row(self._first_row())

    def _on_changed(self, change: Change) -> None:
        shown = self.scene.shown_racks()
        plan = self.doc.plan
        wanted = {r.id for r in self.scene.racks()}
        if change.structure or change.rows:
            self._fill_rows()
            if self.scene.row_id not in plan.index.rows:
                self._show_row(self._first_row())
                return
        if wanted != shown or (change.structure and change.racks & shown):
            self.view._hide_ghost()
            self.scene.rebuild()
            self._sync_selection()
            if not self.view.user_zoomed:
                self.view.fit()
            return
        if change.links:
            self.scene.links_changed()
        for rack_id in change.racks & shown:
            self.scene.refresh_rack(rack_id)
        if change.racks & shown:
            self._sync_selection()

    def _on_selection(self, sel: Any) -> None:
        plan = self.doc.plan
        rows = []
        for kind, i in sel:
            if kind == "placement" and i in plan.index.placements:
                rows.append(plan.index.rack_row[plan.index.placement_rack[i]])
            elif kind == "rack" and i in plan.index.racks:
                rows.append(plan.index.rack_row[i])
            elif kind == "row" and i in plan.index.rows:
                rows.append(i)
        if rows and self.scene.row_id not in rows:
            self._show_row(rows[0])
        self._sync_selection()

    def _sync_selection(self) -> None:
        sel = set(self.doc.selection)
        pal = self.palette()
        hl = pal.color(QPalette.ColorRole.Highlight)
        for pid, items in self.scene.devices.items():
            on = ("placement", pid) in sel
            for it in items:
                it.setSelected(on)
                if on:
                    pen = QPen(QColor("#ffc21a"), 3)
                    pen.setCosmetic(True)
                    it.setPen(pen)
                    it.setZValue(5 if it.primary else 4)
                else:
                    it.setPen(QPen(it.brush().color().darker(150), 2))
                    it.setZValue(2 if it.primary else 1)
        for (rack_id, _face), frame in self.scene.frames.items():
            on = ("rack", rack_id) in sel
            pen = QPen(hl, 4) if on else QPen(pal.color(QPalette.ColorRole.Mid), 1)
            pen.setCosmetic(True)
            frame.setPen(pen)
