"""Drawings of the build plan (reportlab graphics, which are platypus flowables): the
floor plan of a room and the front/rear elevations of a rack, both to scale.

Positions come from :mod:`planner.model.geometry` (rack footprints in the room frame, U spans),
the same numbers the app's floor and rack scenes draw; this module only maps metres
and millimetres to points and flips y (geometry's y grows downward, PDF's upward).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics

from planner.base.palette import UNKNOWN_COLOR, kind_color
from planner.base.units import U_MM
from planner.i18n import N_, _, format_number
from planner.model.geometry import rack_outer_mm, rail_width_mm, row_footprints, u_span_mm, zero_u_slots
from planner.model.placement import device_dims
from planner.model.plan import Placement, Rack, Room
from planner.reports.text import fit

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.engine.results import RentOwnResult

# device colours: planner.base.palette (the app's too); floor colours as ui/style.py's light theme
COLD = colors.Color(80 / 255, 150 / 255, 235 / 255, 0.30)
HOT = colors.Color(235 / 255, 100 / 255, 70 / 255, 0.25)
COLD_TEXT = colors.HexColor("#2f6fb8")
HOT_TEXT = colors.HexColor("#b8462f")
EDGE = colors.HexColor("#2b3138")
ROOM_FLOOR = colors.HexColor("#fbfbfc")
TILE = colors.HexColor("#e3e6ea")
LABEL = colors.HexColor("#1f2328")
MUTED = colors.HexColor("#5b6570")
AISLE_BAND_M = 0.6  # half an aisle drawn in front of / behind a row, as in the app's floor plan


def _lighter(hex_color: str, alpha: float = 0.45) -> colors.Color:
    c = colors.HexColor(hex_color)
    return colors.Color(c.red + (1 - c.red) * (1 - alpha), c.green + (1 - c.green) * (1 - alpha),
                        c.blue + (1 - c.blue) * (1 - alpha))


def _text_color(hex_color: str) -> colors.Color:
    c = colors.HexColor(hex_color)
    lum = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
    return colors.black if lum > 0.6 else colors.white


# -- floor plan ------------------------------------------------------------------------------


def floor_drawing(room: Room, catalog: Catalog, width_pt: float, height_pt: float, font: str, bold: str,
                  rack_fill: dict[str, str] | None = None, length_fmt=None) -> Drawing:
    """The room to scale inside ``width_pt`` x ``height_pt``: tile grid, aisle bands
    (cold in front of the racks, hot behind), racks with their names and front edges,
    row names, the room's dimensions and a scale bar."""
    rack_fill = rack_fill or {}
    margin_l, margin_b, margin_t, margin_r = 60.0, 40.0, 14.0, 44.0
    fps_by_row = [(row, row_footprints(row, catalog)) for row in room.rows]
    # the drawn extent: the room plus anything (aisle bands, racks) outside it
    xs, ys = [0.0, room.width_m], [0.0, room.depth_m]
    for _row, fps in fps_by_row:
        for fp in fps:
            x0, y0, x1, y1 = fp.bounds
            xs += [x0 - AISLE_BAND_M, x1 + AISLE_BAND_M]
            ys += [y0 - AISLE_BAND_M, y1 + AISLE_BAND_M]
    ex0, ex1, ey0, ey1 = min(xs), max(xs), min(ys), max(ys)
    s = min((width_pt - margin_l - margin_r) / max(ex1 - ex0, 0.1),
            (height_pt - margin_b - margin_t) / max(ey1 - ey0, 0.1))
    dw = (ex1 - ex0) * s + margin_l + margin_r
    dh = (ey1 - ey0) * s + margin_b + margin_t
    d = Drawing(dw, dh)

    def pt(x: float, y: float) -> tuple[float, float]:
        return margin_l + (x - ex0) * s, margin_b + (ey1 - y) * s

    # room floor and tiles
    rx, ry = pt(0, room.depth_m)
    d.add(Rect(rx, ry, room.width_m * s, room.depth_m * s, fillColor=ROOM_FLOOR, strokeColor=None))
    tile = room.tile_m
    if tile * s >= 4:
        n = 1
        while n * tile < room.width_m - 1e-9:
            x, _y = pt(n * tile, 0)
            d.add(Line(x, ry, x, ry + room.depth_m * s, strokeColor=TILE, strokeWidth=0.3))
            n += 1
        n = 1
        while n * tile < room.depth_m - 1e-9:
            _x, y = pt(0, n * tile)
            d.add(Line(rx, y, rx + room.width_m * s, y, strokeColor=TILE, strokeWidth=0.3))
            n += 1
    d.add(Rect(rx, ry, room.width_m * s, room.depth_m * s, fillColor=None, strokeColor=EDGE, strokeWidth=1.2))

    name_size = max(3.0, min(7.0, 0.6 * s * 0.28))
    for row, fps in fps_by_row:
        if not fps:
            continue
        first, last = fps[0], fps[-1]
        fl, fr, rr, rl = first.corners[0], last.corners[1], last.corners[2], first.corners[3]
        dx, dy = rl[0] - fl[0], rl[1] - fl[1]
        length = math.hypot(dx, dy) or 1.0
        ox, oy = -dx / length * AISLE_BAND_M, -dy / length * AISLE_BAND_M  # outward from the fronts
        front = [fl, fr, (fr[0] + ox, fr[1] + oy), (fl[0] + ox, fl[1] + oy)]
        rear = [rl, rr, (rr[0] - ox, rr[1] - oy), (rl[0] - ox, rl[1] - oy)]
        cold, hot = (front, rear) if row.cold_aisle_side == "front" else (rear, front)
        for poly, fill in ((cold, COLD), (hot, HOT)):
            pts: list[float] = []
            for x, y in poly:
                pts.extend(pt(x, y))
            d.add(Polygon(pts, fillColor=fill, strokeColor=None))
        for rack_fp in fps:
            pts = []
            for x, y in rack_fp.corners:
                pts.extend(pt(x, y))
            fill = rack_fill.get(rack_fp.rack_id, "#d9dee5")
            d.add(Polygon(pts, fillColor=colors.HexColor(fill), strokeColor=EDGE, strokeWidth=0.4))
            a, b = pt(*rack_fp.corners[0]), pt(*rack_fp.corners[1])
            d.add(Line(a[0], a[1], b[0], b[1], strokeColor=colors.black, strokeWidth=1.4))  # the front (door)
        # rack names: along the rack's width when they fit, else turned along its depth
        racks = {r.id: r for r in row.racks}
        for rack_fp in fps:
            cx, cy = pt(*rack_fp.center)
            w_pt, d_pt = rack_fp.width_m * s, rack_fp.depth_m * s
            horizontal_row = rack_fp.rotation_deg in (0, 180)
            across, along = (w_pt, d_pt) if horizontal_row else (d_pt, w_pt)  # page-x extent, page-y extent
            name = racks[rack_fp.rack_id].name
            fill = rack_fill.get(rack_fp.rack_id, "#d9dee5")
            tc = _text_color(fill)
            if pdfmetrics.stringWidth(name, bold, name_size) <= across - 2:
                d.add(String(cx, cy - name_size * 0.35, name, fontName=bold, fontSize=name_size,
                             textAnchor="middle", fillColor=tc))
            elif along > across:
                g = Group(String(0, -name_size * 0.35, fit(name, along - 3, bold, name_size), fontName=bold,
                                 fontSize=name_size, textAnchor="middle", fillColor=tc))
                g.translate(cx, cy)
                g.rotate(90)
                d.add(g)
        # row label beside the row's body: left of it (or right when there is no room) for
        # rows along x, above it for rows along y
        body = [pt(*c) for c in (fl, fr, rr, rl)]
        bx0, bx1 = min(p[0] for p in body), max(p[0] for p in body)
        by0, by1 = min(p[1] for p in body), max(p[1] for p in body)
        label = fit(row.name, 120, bold, 7.5)
        lw = pdfmetrics.stringWidth(label, bold, 7.5)
        horizontal_row = first.rotation_deg in (0, 180)
        if horizontal_row and bx0 - lw - 4 >= 0:
            d.add(String(bx0 - 3, (by0 + by1) / 2 - 2.6, label, fontName=bold, fontSize=7.5, textAnchor="end",
                         fillColor=LABEL))
        elif horizontal_row:
            d.add(String(bx1 + 3, (by0 + by1) / 2 - 2.6, label, fontName=bold, fontSize=7.5, fillColor=LABEL))
        else:
            d.add(String((bx0 + bx1) / 2, by1 + AISLE_BAND_M * s * 0 + 3, label, fontName=bold, fontSize=7.5,
                         textAnchor="middle", fillColor=LABEL))
        # aisle words when the band is long enough
        band_len = math.hypot(fr[0] - fl[0], fr[1] - fl[1]) * s
        if AISLE_BAND_M * s >= 7 and band_len > 90 and horizontal_row:
            for poly, word, color in ((cold, _("COLD AISLE"), COLD_TEXT), (hot, _("HOT AISLE"), HOT_TEXT)):
                xs_ = [pt(x, y)[0] for x, y in poly]
                ys_ = [pt(x, y)[1] for x, y in poly]
                d.add(String((min(xs_) + max(xs_)) / 2, (min(ys_) + max(ys_)) / 2 - 2.2, word, fontName=bold,
                             fontSize=6, textAnchor="middle", fillColor=color))

    # dimensions: width under the room, depth left of it
    fmt = length_fmt or (lambda m: f"{format_number(m, None, 1)} m")
    y_dim = ry - 12
    d.add(Line(rx, y_dim, rx + room.width_m * s, y_dim, strokeColor=MUTED, strokeWidth=0.5))
    for x in (rx, rx + room.width_m * s):
        d.add(Line(x, y_dim - 3, x, y_dim + 3, strokeColor=MUTED, strokeWidth=0.5))
    d.add(String(rx + room.width_m * s / 2, y_dim - 9, fmt(room.width_m), fontName=font, fontSize=7,
                 textAnchor="middle", fillColor=MUTED))
    x_dim = rx + room.width_m * s + 12  # depth: right of the room (row labels use the left side)
    d.add(Line(x_dim, ry, x_dim, ry + room.depth_m * s, strokeColor=MUTED, strokeWidth=0.5))
    for y in (ry, ry + room.depth_m * s):
        d.add(Line(x_dim - 3, y, x_dim + 3, y, strokeColor=MUTED, strokeWidth=0.5))
    g = Group(String(0, 0, fmt(room.depth_m), fontName=font, fontSize=7, textAnchor="middle", fillColor=MUTED))
    g.translate(x_dim + 9, ry + room.depth_m * s / 2)
    g.rotate(90)
    d.add(g)
    # scale bar: a round length about a fifth of the room's width
    target = (ex1 - ex0) / 5
    step = 10 ** math.floor(math.log10(max(target, 0.01)))
    bar = max(m for m in (step, 2 * step, 5 * step) if m <= max(target, step))
    bx, by = dw - margin_r - bar * s, 6
    for i in range(4):
        d.add(Rect(bx + i * bar * s / 4, by, bar * s / 4, 3, fillColor=EDGE if i % 2 == 0 else colors.white,
                   strokeColor=EDGE, strokeWidth=0.4))
    d.add(String(bx - 3, by - 0.5, "0", fontName=font, fontSize=6, textAnchor="end", fillColor=MUTED))
    d.add(String(bx + bar * s + 3, by - 0.5, fmt(bar), fontName=font, fontSize=6, fillColor=MUTED))
    return d


# -- rack elevations -----------------------------------------------------------------------

def _device_label(catalog: Catalog | None, p: Placement) -> tuple[str, str, str]:
    """(title, details, colour) as the app's rack view labels a device."""
    dev = catalog.get("device-types", p.device) if catalog is not None else None
    if dev is None:
        return p.name or p.device, _("not in the catalog"), UNKNOWN_COLOR
    model = dev.model.split(" (")[0]
    title = p.name or model
    bits = []
    if getattr(dev, "gpu_count", 0):
        gpu = catalog.get("gpus", dev.gpu_slug) if catalog is not None and dev.gpu_slug else None
        gname = (gpu.model if gpu else dev.gpu_slug or "").split()[0] if (gpu or dev.gpu_slug) else ""
        bits.append(f"{dev.gpu_count}\u00d7 {gname}".strip())
    if dev.max_power_w:
        bits.append(f"{format_number(dev.max_power_w / 1000, None, 1)} kW")
    details = f"{model} \u00b7 " + " \u00b7 ".join(bits) if p.name and bits else (model if p.name else " \u00b7 ".join(bits))
    return title, details, kind_color(getattr(dev, "kind", "other"))


def rack_scale(rack_type: str, catalog: Catalog, u_height: int, width_pt: float, height_pt: float) -> float:
    """Points per mm so that the two faces, side by side with their U scales, fit."""
    w_mm, _d = rack_outer_mm(catalog, rack_type)
    height_mm = u_height * U_MM + 2 * 40.0
    face_w = (width_pt - 2 * 14 - 10) / 2  # two U scales, a gap between the faces
    return min(face_w / w_mm, (height_pt - 14) / height_mm)


def elevation_drawing(rack: Rack, u_height: int, catalog: Catalog, scale: float, font: str, bold: str) -> Drawing:
    """Front and rear elevations of ``rack`` side by side, ``scale`` points per mm: U
    numbers, devices to scale with their labels (a full-depth device appears faded on
    the other face), 0U PDUs in the side channels of their face."""
    w_mm, _d = rack_outer_mm(catalog, rack.rack_type)
    frame_mm = 40.0
    body_mm = u_height * U_MM
    face_w = w_mm * scale
    uscale_w = 14.0
    gap = 10.0
    title_h = 12.0
    h = (body_mm + 2 * frame_mm) * scale + title_h
    d = Drawing(2 * (uscale_w + face_w) + gap, h)
    rail_w = rail_width_mm(w_mm) * scale
    chan_w = (face_w - rail_w) / 2
    y0 = frame_mm * scale  # U1 bottom edge
    u_pt = U_MM * scale
    u_font = max(3.2, min(5.5, u_pt * 0.75))
    dims = {}
    for p in rack.placements:
        dims[p.id] = device_dims(catalog, p.device)
    slots = zero_u_slots(rack, w_mm, u_height)  # 0U devices side by side in their channel
    for fi, face in enumerate(("front", "rear")):
        face_label = _(FACE_LABELS[face])
        fx = uscale_w + fi * (uscale_w + face_w + gap)
        d.add(String(fx + face_w / 2, h - 9, face_label, fontName=bold, fontSize=7, textAnchor="middle",
                     fillColor=MUTED))
        d.add(Rect(fx, 0, face_w, (body_mm + 2 * frame_mm) * scale, fillColor=colors.HexColor("#eceef1"),
                   strokeColor=EDGE, strokeWidth=0.8))
        rx = fx + chan_w
        d.add(Rect(rx, y0, rail_w, body_mm * scale, fillColor=colors.white, strokeColor=MUTED, strokeWidth=0.3))
        step = 1 if u_pt >= 5 else (2 if u_pt >= 2.6 else 5)
        for u in range(1, u_height + 1):
            yb = y0 + (u - 1) * u_pt
            if u > 1:
                d.add(Line(rx, yb, rx + rail_w, yb, strokeColor=colors.HexColor("#e6e8eb"), strokeWidth=0.2))
            if u % step == 0 or u == 1:
                d.add(String(fx - 2, yb + u_pt / 2 - u_font * 0.35, str(u), fontName=font, fontSize=u_font,
                             textAnchor="end", fillColor=MUTED))
        # devices
        for p in rack.placements:
            dm = dims[p.id]
            title, details, color = _device_label(catalog, p)
            if p.u is None:
                if p.face != face:
                    continue
                slot = slots[p.id]
                px, pw = fx + slot.x0_mm * scale, slot.width_mm * scale
                py, ph = y0 + slot.bottom_mm * scale, (slot.top_mm - slot.bottom_mm) * scale
                d.add(Rect(px, py, pw, ph, fillColor=colors.HexColor(color),
                           strokeColor=colors.HexColor("#4d5158"), strokeWidth=0.4))
                size = max(3.0, min(6.0, pw * 0.75))
                g = Group(String(0, -size * 0.35, fit(title, ph - 8, bold, size), fontName=bold,
                                 fontSize=size, textAnchor="middle", fillColor=colors.white))
                g.translate(px + pw / 2, py + ph / 2)
                g.rotate(90)
                d.add(g)
                continue
            height_u = dm.u_height if dm else 1.0
            full = p.full_depth if p.full_depth is not None else (dm.full_depth if dm else True)
            if face != p.face and not full:
                continue
            primary = face == p.face
            bottom, top = u_span_mm(p.u, max(height_u, 0.5))
            yb, yt = y0 + bottom * scale, y0 + min(top, body_mm) * scale
            fill = colors.HexColor(color) if primary else _lighter(color, 0.40)
            d.add(Rect(rx + 0.8, yb + 0.4, rail_w - 1.6, max(0.5, yt - yb - 0.8), fillColor=fill,
                       strokeColor=colors.HexColor(color) if not primary else colors.HexColor("#30343a"),
                       strokeWidth=0.4))
            box_h = yt - yb
            tsize = max(3.0, min(6.5, box_h * 0.62, u_pt * 0.95))
            tc = colors.white if primary else LABEL
            label = title if primary else _("{name} (rear)").format(name=title)
            if box_h >= 3.5:
                if details and primary and box_h >= 2 * tsize + 4:
                    d.add(String(rx + 3, yt - tsize - 1.5, fit(label, rail_w - 6, bold, tsize), fontName=bold,
                                 fontSize=tsize, fillColor=tc))
                    dsize = max(3.0, tsize - 1)
                    d.add(String(rx + 3, yt - tsize - dsize - 3, fit(details, rail_w - 6, font, dsize),
                                 fontName=font, fontSize=dsize, fillColor=tc))
                else:
                    d.add(String(rx + 3, yb + box_h / 2 - tsize * 0.35, fit(label, rail_w - 6, bold, tsize),
                                 fontName=bold, fontSize=tsize, fillColor=tc))
    return d


# --------------------------------------------------------------------------- rent or own

FACE_LABELS = {"front": N_("FRONT"), "rear": N_("REAR")}
OWN_COLOR = "#2f6db5"
RENT_COLOR = "#d9822b"


def _short_money(v: float) -> str:
    a = abs(v)
    if a >= 1e9:
        return _("{n}B").format(n=format_number(v / 1e9, None, 1))
    if a >= 1e6:
        return _("{n}M").format(n=format_number(v / 1e6, None, 1))
    if a >= 1e3:
        return _("{n}k").format(n=format_number(v / 1e3, None, 0))
    return format_number(v, None, 0)


def rent_own_chart(rvo: RentOwnResult, width_pt: float, height_pt: float, font: str, bold: str) -> Drawing:
    """Cumulative cost over time of owning and of renting (``RentOwnResult.cumulative``,
    engine figures only), with the break-even month marked."""
    from reportlab.graphics.charts.lineplots import LinePlot

    months = rvo.horizon_months()
    own, rent = rvo.cumulative(months)
    d = Drawing(width_pt, height_pt)
    lp = LinePlot()
    lp.x, lp.y = 60, 36
    lp.width, lp.height = width_pt - 230, height_pt - 56
    data = [list(enumerate(own))]
    if rent is not None:
        data.append(list(enumerate(rent)))
    lp.data = data
    lp.lines[0].strokeColor = colors.HexColor(OWN_COLOR)
    lp.lines[0].strokeWidth = 2
    if rent is not None:
        lp.lines[1].strokeColor = colors.HexColor(RENT_COLOR)
        lp.lines[1].strokeWidth = 2
    top = max([*own, *(rent or [])]) or 1.0
    lp.xValueAxis.valueMin, lp.xValueAxis.valueMax = 0, months
    step = 6 if months <= 60 else 12 if months <= 120 else 24
    lp.xValueAxis.valueSteps = list(range(0, months + 1, step))
    lp.xValueAxis.labels.fontName, lp.xValueAxis.labels.fontSize = font, 7
    lp.yValueAxis.valueMin, lp.yValueAxis.valueMax = 0, top * 1.05
    lp.yValueAxis.labelTextFormat = _short_money
    lp.yValueAxis.labels.fontName, lp.yValueAxis.labels.fontSize = font, 7
    lp.yValueAxis.visibleGrid = True
    lp.yValueAxis.gridStrokeColor = colors.HexColor("#e3e6ea")
    d.add(lp)
    d.add(String(lp.x + lp.width / 2, 8, _("months"), fontName=font, fontSize=7.5, textAnchor="middle",
                 fillColor=colors.HexColor("#3c4650")))
    d.add(String(8, lp.y + lp.height + 8, _("cumulative cost ({currency})").format(currency=rvo.currency), fontName=font, fontSize=7.5,
                 fillColor=colors.HexColor("#3c4650")))
    f = rvo.figures
    if f is not None and f.break_even_months is not None and f.break_even_months <= months:
        x = lp.x + lp.width * f.break_even_months / months
        d.add(Line(x, lp.y, x, lp.y + lp.height, strokeColor=colors.HexColor("#5b6570"), strokeWidth=0.8,
                   strokeDashArray=[3, 2]))
        label = (_("break-even {months} months") if rvo.capex_complete else
                 _("break-even {months} months \u26a0 capex incomplete")).format(
            months=format_number(f.break_even_months, None, 1))
        anchor = "end" if x > lp.x + lp.width * 0.7 else "start"
        d.add(String(x + (-4 if anchor == "end" else 4), lp.y + lp.height - 10, label, fontName=bold, fontSize=7.5,
                     textAnchor=anchor, fillColor=colors.HexColor("#1f2328")))
    # legend, right of the plot
    lx, ly = lp.x + lp.width + 16, lp.y + lp.height - 12
    entries = [(OWN_COLOR, _("Own: {cost} after {months} months").format(cost=_short_money(own[-1]), months=months))]
    if rent is not None:
        entries.append((RENT_COLOR, _("Rent: {cost} after {months} months").format(cost=_short_money(rent[-1]),
                                                                                   months=months)))
    else:
        entries.append(("#9aa3ad", _("Rent: no cloud price")))
    for k, (c, text) in enumerate(entries):
        y = ly - k * 16
        d.add(Line(lx, y + 3, lx + 18, y + 3, strokeColor=colors.HexColor(c), strokeWidth=2))
        d.add(String(lx + 24, y, text, fontName=font, fontSize=7.5, fillColor=colors.HexColor("#1f2328")))
    return d
