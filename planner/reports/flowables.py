"""Platypus pieces the build plan needs beyond the stock ones.

:class:`RowsTable` is a long table that splits across pages in linear time with its
header row repeated on every page. (A stock ``Table`` re-measures the whole remainder
at every page break, which is quadratic: minutes for a 30,000-cable schedule.) Row
heights are measured once; each page gets a small ``Table`` of the rows that fit.

:func:`numbered_canvas` makes the canvas class that draws the header and footer of
every page once the page count is known ("page X of Y").

The table of contents and the PDF outline take no second layout pass. The entries are
known before layout (sections, rooms, rack sheets: an :class:`Anchor` in the story per
entry), so the contents pages are reserved up front as :class:`TocSlot` flowables of a
known height. Layout records the page every anchor lands on; the canvas keeps every
page until ``save`` anyway (for "of Y"), and then draws the entries with their page
numbers and links into the reserved slots, and sets the bookmarks and outline entries
while it replays the pages. See docs/reports.md.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from planner.base.progress import Cancelled
from planner.i18n import _
from planner.reports.text import fit


class ReportCancelled(Cancelled):
    """The caller asked to stop the build plan (the ``cancel`` callback returned True);
    a :class:`planner.base.progress.Cancelled`, like a cancelled auto-wire design."""


class Ticker:
    """Progress and cancel for the build: ``tick(n)`` adds n units of work done."""

    def __init__(self, total: float, progress: Callable[[float, str], Any] | None,
                 cancel: Callable[[], bool] | None, start: float = 0.0, span: float = 1.0) -> None:
        self.total = max(total, 1.0)
        self.done = 0.0
        self.progress = progress
        self.cancel = cancel
        self.start = start
        self.span = span
        self.stage = ""
        self._last = -1.0

    def check(self) -> None:
        if self.cancel is not None and self.cancel():
            raise ReportCancelled("the report was cancelled")

    def tick(self, n: float = 1.0, stage: str | None = None) -> None:
        self.done += n
        if stage is not None:
            self.stage = stage
        self.check()
        if self.progress is not None:
            f = self.start + self.span * min(1.0, self.done / self.total)
            if f - self._last >= 0.005 or stage is not None:
                self._last = f
                self.progress(f, self.stage)


BASE_TABLE_STYLE = [
    ("FONTSIZE", (0, 0), (-1, -1), 7),
    ("LEADING", (0, 0), (-1, -1), 8.4),
    ("TOPPADDING", (0, 0), (-1, -1), 1.6),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
    ("LEFTPADDING", (0, 0), (-1, -1), 3),
    ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#2b3440")),
    ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
    ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#d5d9de")),
]
PAD_V = 3.2  # top + bottom padding
PAD_H = 6.0
LEADING = 8.4


class Lines(str):
    """A table cell already broken into lines (``\\n``): printed whole, never cut."""


class SpanText(str):
    """A table cell that spans its whole row (a group heading inside a table; set in bold)."""


class RowsTable(Flowable):
    """A table of ``rows`` (lists of str or Paragraph) under ``header``, split across
    pages with the header repeated. ``numeric`` columns are right-aligned; ``row_styles``
    maps a row index to extra TableStyle commands (with row 0 meaning that row) for
    highlights. Plain strings are cut to their column width with an ellipsis."""

    def __init__(self, header: list[str], rows: list[list[Any]], col_widths: list[float], font: str, bold: str,
                 numeric: set[int] | None = None, row_styles: dict[int, list[tuple]] | None = None,
                 ticker: Ticker | None = None, zebra: bool = True, _shared: dict | None = None,
                 _start: int = 0, fitted: bool = False) -> None:
        super().__init__()
        self.header = header
        self.rows = rows
        self.col_widths = col_widths
        self.font, self.bold = font, bold
        self.numeric = numeric or set()
        self.row_styles = row_styles or {}
        self.ticker = ticker
        self.zebra = zebra
        self.start = _start
        self.fitted = fitted  # the cells are clean and fit their columns already (no fit() per cell)
        self._shared = _shared if _shared is not None else {}
        if "cum" not in self._shared:
            self._measure()

    # -- measuring (once, shared by every piece of the split table)
    def _cell_height(self, cell: Any, col: int) -> float:
        if isinstance(cell, Flowable):
            _w, h = cell.wrap(self.col_widths[col] - PAD_H, 10_000)
            return h
        if isinstance(cell, Lines):
            return LEADING * (cell.count("\n") + 1)
        return LEADING

    def _measure(self) -> None:
        cum = [0.0]
        for row in self.rows:
            h = max((self._cell_height(c, i) for i, c in enumerate(row)), default=LEADING)
            cum.append(cum[-1] + h + PAD_V)
        self._shared["cum"] = cum
        # a header title given as Lines (broken at word boundaries by the caller) is printed
        # whole on as many lines as it has; a plain one is cut to its column
        header_lines = max((h.count("\n") + 1 for h in self.header if isinstance(h, Lines)), default=1)
        self._shared["header_h"] = LEADING * header_lines + PAD_V
        header = [h if isinstance(h, Lines) else fit(h, self.col_widths[i] - PAD_H, self.bold, 7)
                  for i, h in enumerate(self.header)]
        cells = []
        if self.fitted:
            self._shared["cells"] = self.rows
            self._shared["header"] = header
            return
        for row in self.rows:
            cells.append([c if isinstance(c, (Flowable, Lines)) else
                          fit(c, sum(self.col_widths) - PAD_H, self.bold, 7) if isinstance(c, SpanText) else
                          fit(c, self.col_widths[i] - PAD_H, self.font, 7) for i, c in enumerate(row)])
        self._shared["cells"] = cells
        self._shared["header"] = header

    def _height(self, start: int, end: int) -> float:
        cum = self._shared["cum"]
        return self._shared["header_h"] + cum[end] - cum[start]

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width = sum(self.col_widths)
        self.height = self._height(self.start, len(self.rows))
        return self.width, self.height

    def _table(self, start: int, end: int) -> Table:
        cum = self._shared["cum"]
        data = [self._shared["header"]] + self._shared["cells"][start:end]
        heights = [self._shared["header_h"]] + [cum[i + 1] - cum[i] for i in range(start, end)]
        style = list(BASE_TABLE_STYLE)
        style.append(("FONTNAME", (0, 0), (-1, 0), self.bold))
        style.append(("FONTNAME", (0, 1), (-1, -1), self.font))
        for c in self.numeric:
            style.append(("ALIGN", (c, 0), (c, -1), "RIGHT"))
        if self.zebra:
            for i in range(start, end):
                if i % 2 == 1:
                    style.append(("BACKGROUND", (0, i - start + 1), (-1, i - start + 1), colors.HexColor("#f3f5f7")))
        for i in range(start, end):
            for cmd in self.row_styles.get(i, ()):
                name, rest = cmd[0], cmd[1:]
                style.append((name, (0, i - start + 1), (-1, i - start + 1), *rest))
        t = Table(data, colWidths=self.col_widths, rowHeights=heights, style=TableStyle(style), hAlign="LEFT")
        return t

    def _heading(self, i: int) -> bool:
        row = self.rows[i]
        return bool(row) and isinstance(row[0], SpanText)

    def split(self, aw: float, ah: float) -> list[Flowable]:
        cum = self._shared["cum"]
        base = cum[self.start]
        room = ah - self._shared["header_h"] - 0.5
        # the last row index n with cum[n] - base <= room
        end = bisect.bisect_right(cum, base + room) - 1
        end = min(end, len(self.rows))
        # a group heading (a row spanning the table) goes with the rows under it: never the
        # last row of a page (the comparison's "Racks, links, feeds and loops" stood alone
        # at the foot of a page, its rows on the next)
        while self.start < end - 1 and end < len(self.rows) and self._heading(end - 1):
            end -= 1
        if end <= self.start:
            return []  # not even one row fits: the frame moves to the next page
        if self.ticker is not None:
            self.ticker.tick(end - self.start)
        rest = RowsTable(self.header, self.rows, self.col_widths, self.font, self.bold, self.numeric,
                         self.row_styles, self.ticker, self.zebra, self._shared, end)
        return [self._table(self.start, end), rest]

    def draw(self) -> None:
        if self.ticker is not None:
            self.ticker.tick(len(self.rows) - self.start)
        t = self._table(self.start, len(self.rows))
        t.wrapOn(self.canv, self.width, self.height)
        t.drawOn(self.canv, 0, 0)


def para_cell(text: str, style: Any) -> Paragraph:
    """A wrapping table cell; ``text`` must already be escaped markup."""
    return Paragraph(text, style)


# -- table of contents and outline ------------------------------------------------------------

TOC_L0_LINE = 17.0  # a section line
TOC_L1_LINE = 11.5  # a row of sub-entries (rooms, rack sheets)
TOC_L1_COLS = 3
TOC_WIDTH = 600.0  # at most; the frame may be narrower


@dataclass
class TocEntry:
    level: int  # 0 section, 1 part of a section (room, rack sheet)
    title: str  # plain text (already cleaned), not markup
    key: str  # bookmark name, unique in the document
    in_toc: bool = True  # False: outline only (the cover, the contents pages themselves)
    page: int | None = None  # set during layout


class Anchor(Flowable):
    """A zero-size mark in the story; ``afterFlowable`` records the page it lands on
    into each of its entries."""

    _ZEROSIZE = 1

    def __init__(self, *entries: TocEntry) -> None:
        super().__init__()
        self.entries = entries

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        pass


@dataclass
class TocRow:
    height: float
    entries: list[TocEntry]  # one level-0 entry, or up to TOC_L1_COLS level-1 entries


class TocSlot(Flowable):
    """Room reserved on a contents page for ``rows``; drawn by the canvas at save time,
    when every entry's page is known. Records where on which page it landed."""

    def __init__(self, rows: list[TocRow], width: float) -> None:
        super().__init__()
        self.rows = rows
        self.width = width
        self.height = sum(r.height for r in rows)
        self.page: int | None = None
        self.origin: tuple[float, float] | None = None  # page coordinates of the top left corner

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.origin = self.canv.absolutePosition(0, self.height)


def toc_rows(entries: list[TocEntry]) -> list[TocRow]:
    """The contents' lines: a line per section, sub-entries in rows of ``TOC_L1_COLS``."""
    rows: list[TocRow] = []
    for e in entries:
        if not e.in_toc:
            continue
        if e.level == 0:
            rows.append(TocRow(TOC_L0_LINE, [e]))
        elif rows and rows[-1].entries[0].level == 1 and len(rows[-1].entries) < TOC_L1_COLS:
            rows[-1].entries.append(e)
        else:
            rows.append(TocRow(TOC_L1_LINE, [e]))
    return rows


def paginate_toc(rows: list[TocRow], first_room: float, room: float, width: float) -> list[TocSlot]:
    """Slots of rows: the first under the "Contents" heading (``first_room`` high), the
    others a page each."""
    slots: list[TocSlot] = []
    cur: list[TocRow] = []
    avail = first_room
    for r in rows:
        if cur and sum(x.height for x in cur) + r.height > avail:
            slots.append(TocSlot(cur, width))
            cur, avail = [], room
        cur.append(r)
    slots.append(TocSlot(cur, width))
    return slots


@dataclass
class TocState:
    """What the canvas needs at save time: every entry (outline order) and the slots."""

    entries: list[TocEntry] = field(default_factory=list)
    slots: list[TocSlot] = field(default_factory=list)


def _draw_toc_slot(c: rl_canvas.Canvas, slot: TocSlot, font: str, bold: str) -> None:
    if slot.origin is None:
        return
    x0, top = slot.origin
    w = slot.width
    y = top
    leader = colors.HexColor("#9aa3ad")
    for row in slot.rows:
        y -= row.height
        if row.entries[0].level == 0:
            cells = [(x0, w, row.entries[0], bold, 10.0)]
        else:
            indent = 16.0
            cw = (w - indent) / TOC_L1_COLS
            cells = [(x0 + indent + i * cw, cw - 14.0, e, font, 8.0) for i, e in enumerate(row.entries)]
        for cx, cw, e, f, size in cells:
            base = y + row.height * 0.3
            num = str(e.page) if e.page is not None else "\u2013"
            nw = pdfmetrics.stringWidth(num, f, size)
            title = fit(e.title, cw - nw - 18, f, size)
            tw = pdfmetrics.stringWidth(title, f, size)
            c.setFillColor(colors.HexColor("#1f2328"))
            c.setFont(f, size)
            c.drawString(cx, base, title)
            c.drawRightString(cx + cw, base, num)
            if cx + tw + 4 < cx + cw - nw - 4:
                c.saveState()
                c.setStrokeColor(leader)
                c.setLineWidth(0.6)
                c.setDash(0.6, 2.4)
                c.line(cx + tw + 4, base + 0.5, cx + cw - nw - 4, base + 0.5)
                c.restoreState()
            if e.page is not None:
                c.linkRect("", e.key, (cx, y, cx + cw, y + row.height), relative=0, thickness=0)


def numbered_canvas(header_left: str, header_right: str, footer_left: str, font: str, bold: str,
                    ticker: Ticker | None = None, skip_header_on_first: bool = True, toc: TocState | None = None):
    """A canvas class that keeps every page until ``save`` and then draws header and
    footer with "Page X of Y" on each, the contents into their reserved slots, and the
    bookmarks and outline entries of ``toc``."""

    class NumberedCanvas(rl_canvas.Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._saved_pages: list[dict] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._saved_pages.append(dict(self.__dict__))
            self._rw_bare = False  # a label stock page sets it (no header or footer there)
            self._startPage()

        def save(self) -> None:
            total = len(self._saved_pages)
            self.page_count = total
            marks: dict[int, list[TocEntry]] = {}
            slots: dict[int, list[TocSlot]] = {}
            if toc is not None:
                for e in toc.entries:
                    if e.page is not None:
                        marks.setdefault(e.page, []).append(e)
                for s in toc.slots:
                    if s.page is not None:
                        slots.setdefault(s.page, []).append(s)
            level = -1
            for n, state in enumerate(self._saved_pages, start=1):
                self.__dict__.update(state)
                for slot in slots.get(n, ()):
                    _draw_toc_slot(self, slot, font, bold)
                for e in marks.get(n, ()):
                    self.bookmarkPage(e.key, fit="XYZ", top=self._pagesize[1])
                    lv = min(e.level, level + 1)  # an outline level may only grow by one
                    self.addOutlineEntry(e.title, e.key, level=lv)
                    level = lv
                self._decorate(n, total)
                rl_canvas.Canvas.showPage(self)
                if ticker is not None and n % 20 == 0:
                    ticker.check()
            if marks:
                self.showOutline()
            rl_canvas.Canvas.save(self)

        def _decorate(self, n: int, total: int) -> None:
            if getattr(self, "_rw_bare", False):
                return
            w, h = self._pagesize
            m = 28.0
            self.saveState()
            self.setStrokeColor(colors.HexColor("#9aa3ad"))
            self.setLineWidth(0.4)
            self.setFillColor(colors.HexColor("#3c4650"))
            if not (skip_header_on_first and n == 1):
                self.setFont(bold, 7.5)
                right = fit(header_right, (w - 2 * m) * 0.35, font, 7.5)
                rw = self.stringWidth(right, font, 7.5)
                self.drawString(m, h - 22, fit(header_left, w - 2 * m - rw - 20, bold, 7.5))
                self.setFont(font, 7.5)
                self.drawRightString(w - m, h - 22, right)
                self.line(m, h - 26, w - m, h - 26)
            self.line(m, 24, w - m, 24)
            self.setFont(font, 7)
            self.drawString(m, 14, fit(footer_left, (w - 2 * m) * 0.7, font, 7))
            self.setFont(bold, 7)
            self.drawRightString(w - m, 14, _("Page {n} of {total}").format(n=n, total=total))
            self.restoreState()

    return NumberedCanvas
