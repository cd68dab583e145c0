"""Shared visual vocabulary: level colours (green/amber/red), severity colours and
icons, floor-plan palette.

One place decides what "amber" means so the floor plan, the totals, the charts and
the rack elevations agree -- as a colour only. Whether a figure is ok, near its limit
or over it is the engine's call: its results carry a level next to each utilisation
(:mod:`planner.engine.levels`: ``"ok"``, ``"warn"``, ``"over"``, ``"none"``), computed
from the user-settable thresholds of ``EngineSettings``; views map that level to a
colour here and never compare a figure with a threshold themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPainterPath, QPalette, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QApplication, QWidget

from planner.engine import levels

OK = QColor("#3fa34d")
WARN = QColor("#e8a317")
BAD = QColor("#d64541")
NONE = QColor("#9aa3ad")  # no figure (empty rack, no limit known)
INFO = QColor("#3b7dd8")
# what a later growth phase adds, when the views show the plan up to an earlier one: faint
RESERVED_OPACITY = 0.25

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
# Secondary text (details under a figure, summaries, empty-state hints). Each reaches at
# least the WCAG 2 AA contrast of 4.5:1 for small text on its theme's window colour:
# #5b6570 on white 5.9:1; #a0a8b1 on the dark window #2b2d31 5.7:1 (the light grey on the
# dark theme was 2.3:1, hard to read on a projector).
MUTED_LIGHT = QColor("#5b6570")
MUTED_DARK = QColor("#a0a8b1")
LABEL_MUTED = MUTED_LIGHT


@dataclass(frozen=True)
class FloorColors:
    """The floor plan's colours for one theme. Utilisation fills (green/amber/red) are
    the same in both themes; only the floor, lines, text and overlays change."""

    bg: QColor
    room_floor: QColor
    room_border: QColor
    tile_minor: QColor
    tile_major: QColor
    cold_aisle: QColor
    hot_aisle: QColor
    cold_text: QColor
    hot_text: QColor
    rack_edge: QColor
    rack_front: QColor
    label: QColor
    label_muted: QColor
    label_box: QColor  # behind row labels
    overlay_box: QColor  # legend and scale bar
    overlay_border: QColor
    dark: bool = False


LIGHT_FLOOR = FloorColors(
    bg=FLOOR_BG, room_floor=ROOM_FLOOR, room_border=ROOM_BORDER, tile_minor=TILE_MINOR, tile_major=TILE_MAJOR,
    cold_aisle=COLD_AISLE, hot_aisle=HOT_AISLE, cold_text=COLD_TEXT, hot_text=HOT_TEXT, rack_edge=RACK_EDGE,
    rack_front=RACK_FRONT, label=LABEL, label_muted=LABEL_MUTED, label_box=QColor(255, 255, 255, 215),
    overlay_box=QColor(255, 255, 255, 230), overlay_border=QColor(0, 0, 0, 40))

DARK_FLOOR = FloorColors(
    bg=QColor("#17191c"), room_floor=QColor("#24272b"), room_border=QColor("#aeb6bf"),
    tile_minor=QColor("#2e3237"), tile_major=QColor("#3b4047"), cold_aisle=QColor(80, 150, 235, 62),
    hot_aisle=QColor(235, 100, 70, 58), cold_text=QColor("#86b8f2"), hot_text=QColor("#f29a80"),
    rack_edge=QColor("#0c0d0f"), rack_front=QColor("#050607"), label=QColor("#e6e8eb"),
    label_muted=MUTED_DARK, label_box=QColor(36, 39, 43, 225), overlay_box=QColor(36, 39, 43, 235),
    overlay_border=QColor(255, 255, 255, 50), dark=True)


def is_dark(palette: object) -> bool:
    """True when a QPalette's window colour is dark (the app runs in a dark theme)."""
    from PySide6.QtGui import QPalette

    if not isinstance(palette, QPalette):
        return False
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def floor_colors(palette: object) -> FloorColors:
    """The floor colours that go with a QPalette (dark or light)."""
    return DARK_FLOOR if is_dark(palette) else LIGHT_FLOOR




def muted_color(palette: object) -> QColor:
    return MUTED_DARK if is_dark(palette) else MUTED_LIGHT


class _MutedText(QObject):
    """Keeps a widget's text colour the theme's muted colour when the application palette
    changes (switching theme at run time), without a stylesheet colour that cannot follow it."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if (event.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.PaletteChange)
                and isinstance(obj, QWidget)):
            # after the event loop settles: a theme switch changes the colour scheme hint and
            # then the application palette, and the widget hears of the first before the second
            QTimer.singleShot(0, obj, lambda w=obj: _apply_muted(w))
        return False


_MUTED_FILTER: _MutedText | None = None


def _apply_muted(w: QWidget) -> None:
    want = muted_color(QApplication.palette(w))
    if w.palette().color(QPalette.ColorRole.WindowText) != want:  # setPalette posts PaletteChange
        # only the text roles are set: the others keep resolving from the parent, so a theme
        # switch still reaches the widget (as a PaletteChange) and the filter re-applies this
        pal = QPalette()
        pal.setColor(QPalette.ColorRole.WindowText, want)
        pal.setColor(QPalette.ColorRole.Text, want)
        w.setPalette(pal)


def mute(w: QWidget) -> QWidget:
    """Draw ``w``'s text in the muted colour of the current theme, following theme changes.
    ``w`` must not have a style sheet of its own (the style-sheet style re-applies its
    palette over this one); use fonts and contents margins instead."""
    global _MUTED_FILTER
    if _MUTED_FILTER is None:
        _MUTED_FILTER = _MutedText()
    w.installEventFilter(_MUTED_FILTER)
    _apply_muted(w)
    return w


@dataclass(frozen=True)
class ChartColors:
    """Background, text and reference-line colours of the pyqtgraph charts."""

    background: QColor
    foreground: QColor
    muted: QColor
    reference: QColor  # limit ticks, the 100 % line
    bar_edge: QColor
    dark: bool = False


LIGHT_CHART = ChartColors(QColor("#ffffff"), QColor("#1f2328"), MUTED_LIGHT, QColor("#1f2328"),
                          QColor(0, 0, 0, 60))
DARK_CHART = ChartColors(QColor("#1f2124"), QColor("#e6e8eb"), MUTED_DARK, QColor("#f0f2f4"),
                         QColor(255, 255, 255, 70), dark=True)


def chart_colors(palette: object) -> ChartColors:
    return DARK_CHART if is_dark(palette) else LIGHT_CHART


def level_color(lvl: str) -> QColor:
    """The colour of an engine level (planner.engine.levels)."""
    colors: dict[str, QColor] = {levels.OK: OK, levels.WARN: WARN, levels.OVER: BAD}
    return QColor(colors.get(lvl, NONE))


def level_fill(lvl: str, utilisation: float | None) -> QColor:
    """Fill colour for an engine level: the level's colour, and for ``ok`` lighter with
    a lower utilisation so a floor of racks reads as a heat map while the three bands
    stay unmistakable (the level decides the band, the utilisation only the shade)."""
    base = level_color(lvl)
    if lvl != levels.OK or utilisation is None:
        return base
    t = max(0.0, min(1.0, utilisation))  # 0 % -> pale green, the limit -> full green
    pale = QColor("#cfe9d3")
    return QColor(
        round(pale.red() + (base.red() - pale.red()) * t),
        round(pale.green() + (base.green() - pale.green()) * t),
        round(pale.blue() + (base.blue() - pale.blue()) * t),
    )


def level_tip(lvl: str) -> str:
    """A short tooltip for an engine level."""
    tr = QCoreApplication.translate
    if lvl == levels.OK:
        return tr("Levels", "within limits")
    if lvl == levels.WARN:
        return tr("Levels", "close to the limit")
    if lvl == levels.OVER:
        return tr("Levels", "over the limit")
    return tr("Levels", "no limit to compare")


def text_on(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    lum = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF()
    return QColor("#111111") if lum > 0.55 else QColor("#ffffff")


SEVERITIES = ("error", "warning", "info")


def severity_rank(sev: str) -> int:
    """0 for error (most severe) .. 2 for info; unknown severities sort last."""
    s = str(sev).lower()
    return SEVERITIES.index(s) if s in SEVERITIES else len(SEVERITIES)


def severity_color(sev: str | None) -> QColor:
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


def band_labels(warn_fraction: float | None) -> list[tuple[str, str]]:
    """(level, legend text) for the three bands and 'no figures', with the engine's
    warning fraction (``EngineSettings``) where the results give it."""
    tr = QCoreApplication.translate
    over, none = tr("Levels", "> 100 %"), tr("Levels", "no figures")
    if warn_fraction is None:
        return [(levels.OK, tr("Levels", "ok")), (levels.WARN, tr("Levels", "near limit")), (levels.OVER, over),
                (levels.NONE, none)]
    w = f"{warn_fraction * 100:.0f}"  # a whole percentage: the same in German and English
    return [(levels.OK, tr("Levels", "≤ {0} %").format(w)), (levels.WARN, tr("Levels", "> {0} %").format(w)),
            (levels.OVER, over), (levels.NONE, none)]
