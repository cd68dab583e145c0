"""The rack elevations' scene: the racks of one row side by side, front and rear, drawn to
scale from :mod:`planner.model.geometry`, rebuilt per rack when ``Document.changed`` names it; the
rack header's figures come from the engine's results."""

from __future__ import annotations

from typing import TYPE_CHECKING, overload

from PySide6.QtCore import QCoreApplication, QObject, QPointF, QRectF
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

from planner.base.palette import UNKNOWN_COLOR, kind_color
from planner.base.units import U_MM
from planner.engine import Results, levels
from planner.fabric.ports import device_ports
from planner.fabric.wiring import used_ports
from planner.model.geometry import (
    SideSlot,
    rack_outer_mm,
    rail_width_mm,
    u_bottom_mm,
    u_span_mm,
    zero_u_slots,
)
from planner.model.placement import device_dims, rack_dims
from planner.model.plan import Placement, Rack, cooling_method_name
from ui import style
from ui.scenes.rack.items import (
    FACE_GAP,
    FRAME,
    HEADER_H,
    HEADER_SHARE,
    LABEL_MARGIN,
    RACK_GAP,
    DeviceItem,
    LodText,
    PortsItem,
    RackFrameItem,
    RunLabel,
    SideLabel,
    Target,
)
from ui.units import fnum

if TYPE_CHECKING:
    from ui.document import Document


class RackScene(QGraphicsScene):
    """Builds items for the racks of one row from the plan."""

    # the view's palette, kept here for the items; it shadows QGraphicsScene.palette(), which
    # nothing here calls
    palette: QPalette  # type: ignore[assignment]

    def __init__(self, doc: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.row_id: str | None = None
        self.frames: dict[tuple[str, str], RackFrameItem] = {}
        self.outers: dict[tuple[str, str], QGraphicsRectItem] = {}  # the dark frame around each face
        # each rack's header (name, type, figures, FRONT/REAR) above its faces, in scene coordinates
        self.headers: dict[str, QRectF] = {}
        self.devices: dict[str, list[DeviceItem]] = {}
        # per device, the rack and PDU results its tooltip was written from (refresh_tooltips)
        self._tip_sources: dict[str, tuple[object, object] | None] = {}
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
        """The rack face, U and side under a scene point: anywhere across the face, rails
        and both side channels (a 0U device dropped into a channel goes on that side)."""
        for (rack_id, face), frame in self.frames.items():
            r = frame.sceneBoundingRect()
            outer = self.outers[(rack_id, face)].rect()
            if outer.left() <= pos.x() <= outer.right() and r.top() - FRAME <= pos.y() <= r.bottom() + FRAME:
                u = int((-pos.y()) // U_MM) + 1 - grab_offset_u
                u = max(1, u)
                side = "left" if pos.x() < r.center().x() else "right"
                return Target(rack_id, face, u, side)
        return None

    def rack_at(self, pos: QPointF) -> tuple[str, str] | None:
        """(rack, face) of the face or the header (name, type, figures) under a scene point: a
        click on a rack's name selects the rack as a click inside its frame does."""
        t = self.target_at(pos)
        if t is not None:
            return t.rack_id, t.face
        for rack_id, r in self.headers.items():
            if r.contains(pos):
                return rack_id, "front" if pos.x() < r.center().x() else "rear"
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
        self.headers.clear()
        self.devices.clear()
        self._tip_sources.clear()
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

    @overload
    def _text(self, text: str, size_mm: float, color: QColor, bold: bool = ...,
              parent: QGraphicsItem | None = ..., room: None = ...) -> QGraphicsSimpleTextItem: ...

    @overload
    def _text(self, text: str, size_mm: float, color: QColor, bold: bool = ...,
              parent: QGraphicsItem | None = ..., *, room: QRectF, skip_lines: int = ...,
              above: list[LodText] | None = ..., reserve_lines: int = ...) -> LodText: ...

    def _text(self, text: str, size_mm: float, color: QColor, bold: bool = False,
              parent: QGraphicsItem | None = None, room: QRectF | None = None,
              skip_lines: int = 0, above: list[LodText] | None = None,
              reserve_lines: int = 0) -> QGraphicsSimpleTextItem:
        """A text item; with ``room``, a :class:`LodText` that stays legible zoomed out."""
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
            rail_w = rail_width_mm(width)
            rail_x = fx + (width - rail_w) / 2
            frame = RackFrameItem(rack, face, QRectF(rail_x, -height, rail_w, height), h_u)
            frame.setBrush(QBrush(base))
            frame.setPen(QPen(mid, 1))
            self.addItem(frame)
            self.frames[(rack.id, face)] = frame
            grid = QPen(mid, 0.6)
            grid.setCosmetic(True)
            for u in range(1, h_u + 1):
                y = self.u_y(u)
                if u > 1:
                    line = self.addLine(rail_x, y, rail_x + rail_w, y, grid)
                    line.setZValue(0.5)
                if u == 1 or u % 2 == 0 or h_u <= 24:
                    t = self._text(str(u), 30, text_c)
                    br = t.boundingRect()
                    t.setPos(fx - 12 - br.width(), y - U_MM / 2 - br.height() / 2)
            # the face's name painted above it (capitals, as on a rack's own labels)
            label = self._text(self.tr("FRONT") if face == "front" else self.tr("REAR"), 44, text_c, bold=False)
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
        # the whole band above the faces, down to the outer frames, is the rack's to click
        self.headers[rack.id] = QRectF(fx, top - grow, head_w, (-height - FRAME) - (top - grow))
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
        name.stack = [name, sub, fig]
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
            return (p.name or p.device, self.tr("not in the catalog"))
        model = dev.model.split(" (")[0]
        title = p.name or model
        bits = []
        if dev.gpu_count:
            gpu = self.doc.catalog.get("gpus", dev.gpu_slug) if dev.gpu_slug else None
            gname = (gpu.model if gpu else dev.gpu_slug or "").split()[0]
            bits.append(f"{dev.gpu_count}\u00d7 {gname}")
        if dev.max_power_w:
            bits.append(f"{fnum(dev.max_power_w / 1000, '.1f')} kW")
        details = "  \u00b7  ".join(bits)
        if p.name:
            details = f"{model}\n{details}" if details else model
        return title, details

    def zero_u_slots(self, rack: Rack) -> dict[str, SideSlot]:
        """The side-channel slots of the rack's 0U devices (planner.model.geometry)."""
        return zero_u_slots(rack, self.rack_width(rack), self.rack_height_u(rack))

    def zero_u_rect(self, rack_id: str, p: Placement, slot: SideSlot | None = None) -> QRectF:
        """Scene rect of the 0U placement ``p`` in its lane of rack ``rack_id`` (``p`` need
        not be placed yet: where a drop would put it, beside what hangs there)."""
        rack = self.doc.plan.rack(rack_id)
        if slot is None:
            others = [q for q in rack.placements if q.id != p.id]
            slot = zero_u_slots(rack.model_copy(update={"placements": [*others, p]}), self.rack_width(rack),
                                self.rack_height_u(rack))[p.id]
        fx = self.face_x(rack_id, p.face)
        return QRectF(fx + slot.x0_mm, -slot.top_mm, slot.width_mm, slot.top_mm - slot.bottom_mm)

    def _build_devices(self, rack: Rack) -> None:
        items: list[QGraphicsItem] = []
        slots = self.zero_u_slots(rack)
        for p in rack.placements:
            items.extend(self._device_items(rack, p, slots.get(p.id)))
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

    def _device_items(self, rack: Rack, p: Placement, slot: SideSlot | None = None) -> list[DeviceItem]:
        dims = device_dims(self.doc.catalog, p.device)
        color = self._device_color(p.device)
        out: list[DeviceItem] = []
        title, sub = self._label(p)
        if p.u is None:  # 0U: its lane of the side channel of its face (planner.model.geometry)
            if slot is None:
                slot = self.zero_u_slots(rack)[p.id]
            rect = self.zero_u_rect(rack.id, p, slot)
            item = DeviceItem(p.id, p.face, rect, True)
            self._style(item, color, True)
            item.setZValue(3)  # over the outer frame and the rails' edge
            self.addItem(item)
            SideLabel(item, title, style.text_on(color), min(26.0, slot.width_mm * 0.62))
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
                t = self._text(title if primary else self.tr("{name} (rear)").format(name=title), size,
                               QColor("white") if primary else self._rear_text(color), bold=primary, parent=item,
                               room=QRectF(room.left(), room.top(), room.width(), min(room.height(), 240)))
                if not primary:
                    t.short = title  # the faded colour says it is the other face
                t.setPos(rect.left() + 14, rect.top() + max(1.0, (min(rect.height(), 52) - size * 1.2) / 2))
                if sub and primary and rect.height() >= 100:
                    lines = sub.split("\n")[: max(1, int((rect.height() - 56) // 36))]
                    s = self._text("\n".join(lines), 30, QColor(255, 255, 255, 225), parent=item,
                                   room=room, skip_lines=1)
                    s.setPos(rect.left() + 14, rect.top() + 50)
                out.append(item)
        self.devices.setdefault(p.id, []).extend(out)
        self._tip_sources.pop(p.id, None)
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
        dp = rr.device_power.get(pid) if rr is not None else None
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
                    pr = results.pdus.get(pdu_id) if results is not None else None
                    pdu_name = pr.name if pr is not None else pdu_id
                    feed = next((f.name for f in plan.feeds if pr is not None and f.id == pr.feed), None)
                    feeds.append(tr("RackScene", "{feed} via {pdu}").format(feed=feed, pdu=pdu_name) if feed
                                 else tr("RackScene", "{pdu} (no feed)").format(pdu=pdu_name))
                lines.append(tr("RackScene", "Feed: {feeds}").format(feeds="; ".join(feeds)))
            else:
                lines.append(tr("RackScene", "Feed: no power cords"))
        return "\n".join(lines)

    def refresh_tooltips(self) -> None:
        """Each device's tooltip again where its figures may have changed: the engine keeps
        the results of a rack (and of a PDU) that an edit did not touch as the same object,
        and a device's tooltip reads only those (a rename elsewhere in a 16k-GPU hall
        redid 1,500 tooltips)."""
        idx = self.doc.plan.index
        results = self.doc.results
        seen = self._tip_sources
        for pid, items in self.devices.items():
            if pid not in idx.placements:
                continue
            if results is None:
                src = None
            else:
                rack_id = idx.placement_rack.get(pid)
                src = (results.racks.get(rack_id) if rack_id is not None else None, results.pdus.get(pid))
            old = seen.get(pid)
            if src is not None and old is not None and old[0] is src[0] and old[1] is src[1]:
                continue
            seen[pid] = src
            tip = self.device_tooltip(pid)
            for it in items:
                it.setToolTip(tip)

    def update_figures(self) -> None:
        self.refresh_tooltips()
        text_c = self.palette.color(QPalette.ColorRole.WindowText)
        for rack_id, item in self.figures.items():
            results = self.doc.rack_results(rack_id)  # the phase shown, or the whole plan
            item.setText(rack_figures_text(results, rack_id))
            lvl = rack_level(results, rack_id)
            item.setBrush(QBrush(text_c if lvl == levels.NONE else style.level_color(lvl)))
        self.apply_phase_view()

    def apply_phase_view(self) -> None:
        """Racks and devices a later growth phase adds than the one the views show are drawn
        as reserved: faint (docs/phases.md; the document's ``phase_view``)."""
        later = self.doc.later_phases()
        racks, devices = later["rack"], later["placement"]
        for (rid, _face), frame in self.frames.items():
            frame.setOpacity(style.RESERVED_OPACITY if rid in racks else 1.0)
        for (rid, _face), outer in self.outers.items():
            outer.setOpacity(style.RESERVED_OPACITY if rid in racks else 1.0)
        for rid, item in (*self.figures.items(), *self.names.items()):
            item.setOpacity(style.RESERVED_OPACITY if rid in racks else 1.0)
        for pid, items in self.devices.items():
            for it in items:
                it.setOpacity(style.RESERVED_OPACITY if pid in devices else 1.0)

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
    gpus = tr("RackScene", "1 GPU") if r.gpu_count == 1 else tr("RackScene", "{n} GPUs").format(n=r.gpu_count)
    extra = [gpus, tr("RackScene", "{used}/{height} U").format(used=r.u_used, height=r.u_height)
             if r.u_height else tr("RackScene", "{used} U").format(used=r.u_used)]
    if r.cooling:
        extra.append(cooling_method_name(r.cooling, lower=True, translate=True))
    lines.append("  \u00b7  ".join(extra))
    return "\n".join(lines)


def rack_level(results: Results | None, rack_id: str) -> str:
    """The engine's level of a rack (the worst of its power, cooling, weight and floor
    levels), or none without results."""
    r = results.racks.get(rack_id) if results is not None else None
    return r.level if r is not None else levels.NONE
