"""The plan's tables as one Excel workbook (openpyxl), written atomically.

``write_workbook(sheets, path)`` writes the :class:`planner.reports.tables.Sheet` list of
:func:`planner.reports.tables.plan_tables`: one worksheet each, a bold header row frozen
at the top with a filter on it, numbers as numbers with Excel number formats (``#,##0``,
``#,##0.00``, ``0.0%``: Excel shows them with the reader's own separators), column
widths that fit the longest entry (within limits), a totals row of ``=SUM(...)``
formulas under the columns marked ``total``, rows to be noticed (a BOM line without a
price) filled amber, and the sheet's notes under the table.

openpyxl makes the workbook in write-only mode (styles, sheet views, widths, filter,
header row); the rows under the header are written as SpreadsheetML text and put into
the package afterwards (see :func:`_body_xml`: ~20 times faster than a cell object per
value, the 16k-GPU plan's 600k cells in about a second). The workbook is built in
memory and written through :func:`planner.base.fileio.atomic_write_bytes`: a failed or
cancelled export leaves an existing file as it was. Formulas are stored without a
cached result (openpyxl computes nothing): Excel and LibreOffice compute them on
opening.
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from planner.base.fileio import atomic_write_bytes
from planner.base.progress import Cancelled
from planner.i18n import _
from planner.reports.tables import FLOAT, INT, MONEY, PERCENT, Column, Sheet

MIN_WIDTH, MAX_WIDTH = 6, 60  # characters
HIGHLIGHT = "FFF4E0"  # the PDF's amber for a line without a price
NOTE_COLOR = "8A5A00"

ProgressFn = Callable[[float, str], Any]
CancelFn = Callable[[], bool]


class ExportCancelled(Cancelled):
    """The export was cancelled; nothing was written."""


def number_format(col: Column) -> str:
    if col.kind == INT:
        return "#,##0"
    if col.kind == MONEY:
        return "#,##0.00"
    if col.kind == PERCENT:
        return "0.0%"
    if col.kind == FLOAT:
        return "#,##0" + ("." + "0" * col.decimals if col.decimals > 0 else "")
    return "General"


def _width(col: Column, values: Sequence[Any]) -> float:
    """Characters for the column: its header or longest entry, as Excel shows it."""
    longest = math.ceil(len(col.title) * 1.2) + 3  # bold, and room for the filter button
    if col.kind in (INT, FLOAT, MONEY, PERCENT):
        longest += 1  # right-aligned: a gap before the next column's left-aligned text
        nums = [abs(v) for v in values if isinstance(v, (int, float)) and math.isfinite(v)]
        if nums:
            big = max(nums)
            if col.kind == PERCENT:
                text = f"{big * 100:.1f}%"
            else:
                dec = 2 if col.kind == MONEY else col.decimals if col.kind == FLOAT else 0
                text = f"-{big:,.{dec}f}" if any(v < 0 for v in values if isinstance(v, (int, float))) \
                    else f"{big:,.{dec}f}"
            longest = max(longest, len(text) + 2)
    else:
        strs = [v for v in values if isinstance(v, str)]
        if strs:
            longest = max(longest, max(map(len, strs)))
    return float(min(MAX_WIDTH, max(MIN_WIDTH, longest + 1)))


def render_workbook(sheets: Sequence[Sheet], progress: ProgressFn | None = None,
                    cancel: CancelFn | None = None, info: dict[str, str] | None = None) -> bytes:
    """The workbook as bytes (nothing is written). ``info``: document properties
    (:func:`planner.reports.tables.document_info`)."""
    from openpyxl import Workbook

    wb = Workbook(write_only=True)
    if info:
        props = wb.properties

        def clean(key: str) -> str | None:  # a customer named with an ESC made the whole file unreadable
            return _ILLEGAL.sub("", info.get(key) or "")[:1000] or None

        props.title = clean("title")
        props.subject = clean("subject")
        props.creator = clean("creator")
        props.version = clean("revision")
        props.description = clean("generator")
    try:
        return _render(wb, sheets, progress, cancel)
    except BaseException:
        _discard(wb)
        raise


def _discard(wb: Any) -> None:
    """Close and delete the temp files of an unfinished write-only workbook (else their
    row writers are closed by the garbage collector, after their files, and complain)."""
    for ws in wb.worksheets:
        rows, writer = getattr(ws, "_rows", None), getattr(ws, "_writer", None)
        try:
            if rows is not None:
                rows.close()
        except Exception:  # a half-written sheet: its temp file goes anyway
            pass
        try:
            if writer is not None:
                writer.close()
                writer.cleanup()
        except Exception:
            pass


def _render(wb: Any, sheets: Sequence[Sheet], progress: ProgressFn | None, cancel: CancelFn | None) -> bytes:
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter

    # the workbook's default font (openpyxl's Calibri 11), bold or italic: a Font without a
    # name falls back to the reader's default (a serif in LibreOffice)
    bold = Font(name="Calibri", family=2, sz=11, bold=True)
    fill = PatternFill("solid", start_color=HIGHLIGHT, end_color=HIGHLIGHT)
    note_font = Font(name="Calibri", family=2, sz=11, italic=True, color=NOTE_COLOR)
    total_rows = sum(len(s.rows) for s in sheets) or 1
    done = 0
    bodies: list[bytes] = []

    def style_id(ws: Any, **attrs: Any) -> int:
        c = WriteOnlyCell(ws)
        for k, v in attrs.items():
            setattr(c, k, v)
        return c.style_id  # registers the style with the workbook

    for sheet in sheets:
        ws = wb.create_sheet(_sheet_title(sheet.name))
        ncols = len(sheet.columns)
        letters = [get_column_letter(i + 1) for i in range(ncols)]
        for j, col in enumerate(sheet.columns):
            ws.column_dimensions[letters[j]].width = _width(col, [row[j] for row in sheet.rows])
        ws.freeze_panes = "A2"
        # printed: landscape, as wide as the page, the header row on every page
        ws.page_setup.orientation = "landscape"
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_title_rows = "1:1"
        last = len(sheet.rows) + 1
        if ncols:
            ws.auto_filter.ref = f"A1:{letters[-1]}{max(last, 1)}"
        header = []
        for col in sheet.columns:
            c = WriteOnlyCell(ws, value=col.title)
            c.font = bold
            c.alignment = Alignment(horizontal="right" if col.kind != "text" else "left", vertical="bottom")
            header.append(c)
        ws.append(header)
        fmts = [number_format(col) for col in sheet.columns]
        plain = [style_id(ws, number_format=f) if f != "General" else 0 for f in fmts]
        marked = [style_id(ws, number_format=f, fill=fill) for f in fmts]
        styles = _Styles(plain, marked, [style_id(ws, number_format=f, font=bold) for f in fmts],
                         style_id(ws, font=bold), style_id(ws, font=note_font))

        def tick(i: int, _name: str = sheet.name, _done: int = done) -> None:
            if cancel is not None and cancel():
                raise ExportCancelled("the export was cancelled")
            if progress is not None:
                progress(0.9 * (_done + i) / total_rows, _name)

        bodies.append(_body_xml(sheet, letters, styles, tick))
        done += len(sheet.rows)
    if cancel is not None and cancel():
        raise ExportCancelled("the export was cancelled")
    if progress is not None:
        progress(0.92, "saving")
    buf = io.BytesIO()
    wb.save(buf)
    return _splice(buf.getvalue(), bodies)


# -- the rows below the header, as SpreadsheetML --------------------------------------------------------
#
# openpyxl writes the workbook (styles, sheet views with the frozen pane, column widths, the
# filter, the header row); the data rows, the totals row and the notes are written here as
# the <row> elements of each sheet's <sheetData> and put in place in the package by
# :func:`_splice`. openpyxl's write-only mode costs ~15 us per cell on the machine the
# benchmark ran on (a cell object, a value check and an XML element per value: ~10 s for
# the 16k-GPU plan's 600k cells); a string per cell is ~20 times cheaper. The markup is what
# openpyxl writes for the same cells (inline strings, <v> numbers, <f> formulas, s= style
# ids it registered), and the tests read every sheet back with openpyxl.

_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_XML_SPECIAL = re.compile(r"[&<>\x00-\x1f\ud800-\udfff\ufffe\uffff]")


@dataclass(frozen=True)
class _Styles:
    plain: list[int]  # per column: the number format (0: General)
    marked: list[int]  # per column: number format and the amber fill
    total: list[int]  # per column: number format, bold
    bold: int
    note: int


EXCEL_CELL_CHARS = 32_767  # Excel refuses a file with a longer cell ("Excel specifications and limits")


def _text(v: str) -> str:
    if len(v) > EXCEL_CELL_CHARS:
        v = v[:EXCEL_CELL_CHARS - 1] + "\u2026"
    if _XML_SPECIAL.search(v):
        v = _ILLEGAL.sub("", v).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return v


def _inline(ref: str, sid: int, v: str) -> str:
    s = f' s="{sid}"' if sid else ""
    space = ' xml:space="preserve"' if v != v.strip() else ""
    return f'<c r="{ref}"{s} t="inlineStr"><is><t{space}>{_text(v)}</t></is></c>'


def _body_xml(sheet: Sheet, letters: list[str], st: _Styles, tick: Callable[[int], None]) -> bytes:
    out: list[str] = []
    add = out.append
    highlight = sheet.highlight
    r = 1
    for i, row in enumerate(sheet.rows):
        if i & 0x3FF == 0:
            tick(i)
        r = i + 2
        sids = st.marked if i in highlight else st.plain
        cells = []
        for j, v in enumerate(row):
            sid = sids[j]
            ref = f"{letters[j]}{r}"
            if v is None or v == "" or (isinstance(v, float) and not math.isfinite(v)):
                if sids is st.marked:
                    cells.append(f'<c r="{ref}" s="{sid}"/>')
            elif isinstance(v, str):
                cells.append(_inline(ref, sid, v))
            elif isinstance(v, bool) or not isinstance(v, (int, float)):
                cells.append(_inline(ref, sid, str(v)))
            else:
                s = f' s="{sid}"' if sid else ""
                cells.append(f'<c r="{ref}"{s} t="n"><v>{v!r}</v></c>')
        add(f'<row r="{r}">{"".join(cells)}</row>')
    last = len(sheet.rows) + 1
    r = last
    if sheet.rows and any(c.total for c in sheet.columns):
        r += 1
        cells = [_inline(f"A{r}", st.bold, _("Total"))]
        for j, col in enumerate(sheet.columns):
            if col.total and j:
                L = letters[j]
                cells.append(f'<c r="{L}{r}" s="{st.total[j]}"><f>SUM({L}2:{L}{last})</f><v></v></c>')
        add(f'<row r="{r}">{"".join(cells)}</row>')
    if sheet.notes:
        r += 1  # an empty row between the table and its notes
        for note in sheet.notes:
            r += 1
            add(f'<row r="{r}">{_inline(f"A{r}", st.note, note)}</row>')
    return "".join(out).encode("utf-8")


def _splice(package: bytes, bodies: list[bytes]) -> bytes:
    """``package`` with ``bodies[k]`` put at the end of the <sheetData> of the (k+1)-th
    worksheet (openpyxl names them xl/worksheets/sheet1.xml, ... in order)."""
    src = zipfile.ZipFile(io.BytesIO(package))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            m = re.fullmatch(r"xl/worksheets/sheet(\d+)\.xml", info.filename)
            if m is not None and int(m.group(1)) <= len(bodies):
                body = bodies[int(m.group(1)) - 1]
                end = data.rfind(b"</sheetData>")
                if end < 0:
                    raise ValueError(f"{info.filename}: no sheetData")  # not what openpyxl writes
                data = data[:end] + body + data[end:]
            # level 1: the big sheets compress ~3x faster than at the default 6, ~15 % larger
            dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=1)
    return out.getvalue()


def _sheet_title(name: str) -> str:
    bad = set('[]:*?/\\')
    return "".join("_" if ch in bad else ch for ch in name)[:31] or "Sheet"


def write_workbook(sheets: Sequence[Sheet], path: str | Path, progress: ProgressFn | None = None,
                   cancel: CancelFn | None = None, info: dict[str, str] | None = None) -> Path:
    """Write the workbook of ``sheets`` to ``path`` atomically; returns the path.
    ``cancel()`` returning True stops it with :class:`ExportCancelled`, nothing written.
    Raises ``OSError`` if the file cannot be written (an existing file is kept)."""
    data = render_workbook(sheets, progress, cancel, info)
    if cancel is not None and cancel():
        raise ExportCancelled("the export was cancelled")
    atomic_write_bytes(path, data)
    if progress is not None:
        progress(1.0, "written")
    return Path(path)


__all__ = ["ExportCancelled", "number_format", "render_workbook", "write_workbook"]
