"""Shared visual vocabulary: utilisation colours (green/amber/red), severity colours
and icons, floor-plan palette.

One place decides what "amber" means so the floor plan, the totals, the charts and
the rack elevations agree. Thresholds, as fractions of a capacity the engine reports
(power capacities are already derated to the 80 % continuous-load rule of NEC
210.19/210.20 by the engine):

* below :data:`WARN_AT` (90 %): green;
* from 90 % up to the limit: amber -- the engine's default warning fractions
  (``EngineSettings.feed_warn_fraction`` and ``cooling_warn_fraction``), so a rack
  turns amber exactly when the findings start warning about it;
* above the limit (:data:`BAD_AT` = 100 %): red.

Nothing here computes a figure: callers pass a utilisation the engine produced.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

WARN_AT = 0.90
BAD_AT = 1.00

OK = QColor("#3fa34d")
WARN = QColor("#e8a317")
BAD = QColor("#d64541")
NONE = QColor("#9aa3ad")  # no figure (empty rack, no limit known)
INFO = QColor("#3b7dd8")

# floor plan palette
FLOOR_BG = QColor("#eef0f3")  # outside rooms
ROOM_FLOOR = QColor("#fbfbfc")
ROOM_BORDER = QColor("#3c4650")
TILE_MINOR = QColor("#e3e6ea")
TILE_MAJOR = QColor("#cfd4da")
COLD_AISLE = QColor(80, 150, 235, 48)
HOT_AISLE = QColor(235, 100, 70, 40)
COLD_TEXT = QColor("#2f6fb8")
HOT_TEXT = QColor("#b8462f")
RACK_EDGE = QColor("#2b3138")
RACK_FRONT = QColor("#1b1f24")
SELECTION = QColor("#1f6feb")
LABEL = QColor("#1f2328")
LABEL_MUTED = QColor("#5b6570")


def level(fraction: float | None) -> str:
    """'none', 'ok', 'warn' or 'bad' for a utilisation fraction (load / limit)."""
    if fraction is None or fraction != fraction:  # None or NaN
        return "none"
    if fraction > BAD_AT + 1e-9:
        return "bad"
    if fraction >= WARN_AT:
        return "warn"
    return "ok"


def level_color(lvl: str) -> QColor:
    return QColor({"ok": OK, "warn": WARN, "bad": BAD}.get(lvl, NONE))


def util_color(fraction: float | None) -> QColor:
    """Fill colour for a utilisation: the level's colour, lighter for low loads so a
    floor of racks reads as a heat map while the three bands stay unmistakable."""
    lvl = level(fraction)
    base = level_color(lvl)
    if lvl != "ok" or fraction is None:
        return base
    # 0 % -> pale green, WARN_AT -> full green
    t = max(0.0, min(1.0, fraction / WARN_AT))
    pale = QColor("#cfe9d3")
    return QColor(
        round(pale.red() + (base.red() - pale.red()) * t),
        round(pale.green() + (base.green() - pale.green()) * t),
        round(pale.blue() + (base.blue() - pale.blue()) * t),
    )


def text_on(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    lum = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF()
    return QColor("#111111") if lum > 0.55 else QColor("#ffffff")


SEVERITIES = ("error", "warning", "info")


def severity_rank(sev: str) -> int:
    """0 for error (most severe) .. 2 for info; unknown severities sort last."""
    s = str(sev).lower()
    return SEVERITIES.index(s) if s in SEVERITIES else len(SEVERITIES)


def severity_color(sev: str) -> QColor:
    return QColor({"error": BAD, "warning": WARN, "info": INFO}.get(str(sev).lower(), NONE))


@lru_cache(maxsize=16)
def severity_icon(sev: str, size: int = 16) -> QIcon:
    """A drawn icon (no image files to ship): red octagon with a bar for errors,
    amber triangle with "!" for warnings, blue disc with "i" for info."""
    s = str(sev).lower()
    pm = QPixmap(size * 2, size * 2)  # drawn at 2x for high-dpi screens
    pm.setDevicePixelRatio(2.0)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    c = severity_color(s)
    r = QRectF(1, 1, size - 2, size - 2)
    p.setPen(QPen(c.darker(130), 1))
    p.setBrush(QBrush(c))
    if s == "warning":
        poly = QPolygonF([QPointF(r.center().x(), r.top()), QPointF(r.right(), r.bottom()),
                          QPointF(r.left(), r.bottom())])
        p.drawPolygon(poly)
    elif s == "error":
        path = QPainterPath()
        k = r.width() * 0.29
        pts = [(r.left() + k, r.top()), (r.right() - k, r.top()), (r.right(), r.top() + k),
               (r.right(), r.bottom() - k), (r.right() - k, r.bottom()), (r.left() + k, r.bottom()),
               (r.left(), r.bottom() - k), (r.left(), r.top() + k)]
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in pts]))
        path.closeSubpath()
        p.drawPath(path)
    else:
        p.drawEllipse(r)
    p.setPen(QPen(QColor("white") if s != "warning" else QColor("#3a2a00"), max(1.5, size / 9)))
    cx = r.center().x()
    if s == "error":
        p.drawLine(QPointF(r.left() + r.width() * 0.28, r.center().y()),
                   QPointF(r.right() - r.width() * 0.28, r.center().y()))
    elif s == "warning":
        p.drawLine(QPointF(cx, r.top() + r.height() * 0.38), QPointF(cx, r.top() + r.height() * 0.68))
        p.drawPoint(QPointF(cx, r.top() + r.height() * 0.82))
    else:
        p.drawLine(QPointF(cx, r.top() + r.height() * 0.45), QPointF(cx, r.top() + r.height() * 0.75))
        p.drawPoint(QPointF(cx, r.top() + r.height() * 0.27))
    p.end()
    return QIcon(pm)


def level_icon(lvl: str, size: int = 12) -> QIcon:
    """A small filled dot in a level's colour (totals rows, legends)."""
    pm = QPixmap(size * 2, size * 2)
    pm.setDevicePixelRatio(2.0)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    c = level_color(lvl)
    p.setPen(QPen(c.darker(130), 1))
    p.setBrush(c)
    p.drawEllipse(QRectF(1.5, 1.5, size - 3, size - 3))
    p.end()
    return QIcon(pm)


def band_labels() -> list[tuple[str, str]]:
    """(level, legend text) for the three bands and 'no figures'."""
    w = f"{WARN_AT * 100:.0f} %"
    return [("ok", f"< {w}"), ("warn", f"{w}–100 %"), ("bad", "> 100 %"), ("none", "no figures")]
