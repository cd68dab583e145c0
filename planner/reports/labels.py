"""Cable labels on Avery-style label stock: one page of the build plan's ``labels`` section.

Two stocks, one per paper size (docs/reports.md, Cable labels), both common cable-label
sheets sold by Avery and compatible makers:

* A4: **Avery L7651** (Mini address labels), 5 x 13 = 65 labels of 38.1 x 21.2 mm;
  top/bottom margin 10.7 mm, left/right 4.7 mm, column pitch 40.6 mm (2.5 mm gap),
  row pitch 21.2 mm (no gap).
* US Letter: **Avery 5167** (Return address labels), 4 x 20 = 80 labels of 1.75 x 0.5 in;
  top/bottom margin 0.5 in, left/right 0.3 in, column pitch 2.05 in (0.3 in gap), row
  pitch 0.5 in.

Geometry from Avery's templates for those products (avery.co.uk L7651, avery.com 5167).
A label: the cable label in bold, this end (rack, U, device) and its port in bold, then
"to" the other end. Every text prints whole: it shrinks (down to :data:`MIN_SIZE`) to its
label's width, then wraps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import inch, mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable

from planner.reports.text import clean, fit, wrap_lines

MIN_SIZE = 4.0  # pt: smallest text on a label before it wraps


@dataclass(frozen=True)
class LabelStock:
    name: str
    page_w: float  # points
    page_h: float
    cols: int
    rows: int
    w: float  # label width, points
    h: float
    left: float  # page edge to the first label
    top: float
    pitch_x: float  # label origin to the next one's
    pitch_y: float

    @property
    def w_mm(self) -> float:
        return self.w / mm

    @property
    def h_mm(self) -> float:
        return self.h / mm

    def origin(self, i: int) -> tuple[float, float]:
        """Bottom-left corner of label ``i`` (row by row from the top left), page coordinates."""
        r, c = divmod(i, self.cols)
        return self.left + c * self.pitch_x, self.page_h - self.top - r * self.pitch_y - self.h


LABEL_STOCK = {
    "a4": LabelStock("Avery L7651 (A4)", 210 * mm, 297 * mm, 5, 13, 38.1 * mm, 21.2 * mm, 4.7 * mm, 10.7 * mm,
                     40.6 * mm, 21.2 * mm),
    "letter": LabelStock("Avery 5167 (US Letter)", 8.5 * inch, 11 * inch, 4, 20, 1.75 * inch, 0.5 * inch,
                         0.3 * inch, 0.5 * inch, 2.05 * inch, 0.5 * inch),
}


def _shrunk(text: str, width: float, font: str, size: float) -> tuple[list[str], float]:
    """``text`` at the largest size <= ``size`` (>= MIN_SIZE) that fits ``width``; wrapped
    at MIN_SIZE when even that is too wide."""
    w = pdfmetrics.stringWidth(text, font, size)
    if w <= width:
        return [text], size
    s = max(MIN_SIZE, size * width / w)
    if pdfmetrics.stringWidth(text, font, s) <= width:
        return [text], s
    lines = wrap_lines(text, width, font, MIN_SIZE, max_lines=3)
    lines[-1] = fit(lines[-1], width, font, MIN_SIZE)  # a label is only so large: beyond 3 lines, cut
    return lines, MIN_SIZE


class LabelSheet(Flowable):
    """One sheet of labels. ``ends``: (label, this end, this port, other end, other port,
    "A"/"B") per label. Drawn in page coordinates (the labels page template's frame is
    the whole page, without padding); marks its page as bare (no header or footer)."""

    def __init__(self, ends: list[tuple[str, str, str, str, str, str]], stock: LabelStock, font: str, bold: str,
                 to_word: str) -> None:
        super().__init__()
        self.ends, self.stock, self.font, self.bold, self.to_word = ends, stock, font, bold, to_word

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return aw, ah - 1

    def draw(self) -> None:
        c: Any = self.canv
        c._rw_bare = True  # numbered_canvas: no header/footer on label stock
        st = self.stock
        c.saveState()
        ox, oy = c.absolutePosition(0, 0)  # where the frame put this flowable: back to the page's origin
        c.translate(-ox, -oy)
        for i, end in enumerate(self.ends):
            x, y = st.origin(i)
            self._label(c, x, y, end)
        c.restoreState()

    def _label(self, c: Any, x: float, y: float, end: tuple[str, str, str, str, str, str]) -> None:
        st = self.stock
        pad = min(3.0, st.h * 0.06)
        inner = st.w - 2 * pad
        label, here, port, there, there_port, side = (clean(t) for t in end)
        c.setStrokeColor(colors.HexColor("#c9ced4"))
        c.setLineWidth(0.2)
        c.rect(x, y, st.w, st.h)  # a faint outline: where the label is, for a test print on plain paper
        big = min(9.0, st.h * 0.2)
        small = min(6.5, st.h * 0.14)
        lines: list[tuple[str, str, float]] = []  # (text, font, size)
        side_w = pdfmetrics.stringWidth(side, self.bold, big) + 3
        ls, sz = _shrunk(label, inner - side_w, self.bold, big)
        lines += [(t, self.bold, sz) for t in ls]
        for text, font in ((here, self.font), (port, self.bold),
                           (f"{self.to_word} {there} \u00b7 {there_port}", self.font)):
            ls, sz = _shrunk(text, inner, font, small)
            lines += [(t, font, sz) for t in ls]
        total = sum(s * 1.12 for _t, _f, s in lines)
        scale = min(1.0, (st.h - 2 * pad) / total) if total else 1.0
        c.setFillColor(colors.black)
        cy = y + st.h - pad
        for n, (text, font, size) in enumerate(lines):
            size *= scale
            cy -= size * 1.12
            c.setFont(font, size)
            c.drawString(x + pad, cy + size * 0.2, text)
            if n == 0:
                c.setFont(self.bold, big * scale)
                c.drawRightString(x + st.w - pad, cy + size * 0.2, side)
