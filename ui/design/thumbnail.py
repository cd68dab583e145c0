"""A small picture of a plan's floor and the headline figures shown beside it.

The rack footprints come from :mod:`planner.model.geometry` (the floor scene and the PDF use
the same); the figures come from the engine's results. Nothing here computes one: it
draws and formats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF

from planner.model.geometry import plan_footprints
from planner.model.plan import Plan
from ui import style
from ui.panels.totals import fmt_money, fmt_power

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.engine.results import Results

ROOM_GAP_M = 1.0  # rooms are drawn side by side, this far apart
MARGIN_PX = 6


tr = QCoreApplication.translate


def floor_thumbnail(plan: Plan, catalog: Catalog, size: QSize, results: Results | None = None, dark: bool = False,
                    dpr: float = 1.0) -> QImage:
    """The plan's rooms side by side, their racks from planner.model.geometry: GPU racks (by the
    engine's rack results, when given) filled, other racks grey, every rack's front (its
    cold-aisle face) drawn as a heavier line. ``size`` is in device-independent pixels; the
    image has ``dpr`` device pixels to each (sharp on a high-DPI screen)."""
    dpr = max(1.0, float(dpr))
    img = QImage(QSize(round(size.width() * dpr), round(size.height() * dpr)), QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(dpr)
    colors = style.DARK_FLOOR if dark else style.LIGHT_FLOOR
    img.fill(colors.bg)
    rooms = list(plan.site.rooms)
    if not rooms:
        return img
    total_w = sum(r.width_m for r in rooms) + ROOM_GAP_M * (len(rooms) - 1)
    total_d = max(r.depth_m for r in rooms)
    avail_w, avail_h = size.width() - 2 * MARGIN_PX, size.height() - 2 * MARGIN_PX
    if total_w <= 0 or total_d <= 0 or avail_w <= 0 or avail_h <= 0:
        return img
    scale = min(avail_w / total_w, avail_h / total_d)
    ox = MARGIN_PX + (avail_w - total_w * scale) / 2
    oy = MARGIN_PX + (avail_h - total_d * scale) / 2
    fps = plan_footprints(plan, catalog)
    racks = results.racks if results is not None else {}
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    x = ox
    for room in rooms:
        p.setPen(QPen(colors.room_border, 1.2))
        p.setBrush(colors.room_floor)
        p.drawRect(QRectF(x, oy, room.width_m * scale, room.depth_m * scale))
        for row in room.rows:
            for rack in row.racks:
                fp = fps.get(rack.id)
                if fp is None:
                    continue
                poly = QPolygonF([QPointF(x + cx * scale, oy + cy * scale) for cx, cy in fp.corners])
                rr = racks.get(rack.id)
                gpu = rr is not None and rr.gpu_count > 0
                fill = QColor(style.INFO) if gpu else QColor(colors.tile_major)
                p.setPen(QPen(colors.rack_edge, 0.6))
                p.setBrush(fill)
                p.drawPolygon(poly)
                p.setPen(QPen(style.COLD_TEXT, max(1.0, scale * 0.08)))
                p.drawLine(poly.at(0), poly.at(1))
        x += (room.width_m + ROOM_GAP_M) * scale
    p.end()
    return img


@dataclass(frozen=True)
class Headline:
    """The headline figures of a plan as the engine computed them, formatted."""

    gpus: int
    it_kw: float
    capex: float
    currency: str
    capex_complete: bool
    racks: int

    @classmethod
    def from_results(cls, results: Results) -> Headline:
        t = results.totals
        return cls(gpus=t.gpus, it_kw=t.agg.sums.get("max_w", 0.0) / 1000.0, capex=t.capex, currency=t.currency,
                   capex_complete=t.capex_complete, racks=t.racks)

    def gpus_text(self) -> str:
        return f"{self.gpus:,}"

    def it_text(self) -> str:
        return fmt_power(self.it_kw * 1000.0)

    def capex_text(self) -> str:
        """The capex, with 'incomplete' in the same line when prices are missing."""
        if self.capex <= 0 and not self.capex_complete:
            return tr("Thumbnail", "no prices (incomplete)")
        money = fmt_money(self.capex, self.currency)
        if self.capex_complete:
            return money
        return tr("Thumbnail", "{money} (incomplete)").format(money=money)

    def summary(self) -> str:
        return tr("Thumbnail", "{gpus} GPUs · {racks} racks · IT {it} · capex {capex}").format(
            gpus=self.gpus_text(), racks=f"{self.racks:,}", it=self.it_text(), capex=self.capex_text())


__all__ = ["Headline", "floor_thumbnail"]
