"""The plan's tables as one Excel workbook (openpyxl), written atomically.

``write_workbook(sheets, path)`` writes the :class:`planner.reports.tables.Sheet` list of
:func:`planner.reports.tables.plan_tables`: one worksheet each, a bold header row frozen
at the top with a filter on it, numbers as numbers with Excel number formats (``#,##0``,
``#,##0.00``, ``0.0%``: Excel shows them with the reader's own separators), column
widths that fit the longest entry (within limits), a totals row of ``=SUM(...)``
formulas under the columns marked ``total``, rows to be noticed (a BOM line without a
price) filled amber, and the sheet's notes under the table.

openpyxl's write-only mode streams rows into the file instead of keeping a cell object
per value (the 16k-GPU plan's 33k-row cable schedule would otherwise be ~600k objects);
one styled prototype cell per column is reused for every row. The workbook is built in
memory and written through :func:`planner.fileio.atomic_write_bytes`: a failed or
cancelled export leaves an existing file as it was. Formulas are stored without a
cached result (openpyxl computes nothing): Excel and LibreOffice compute them on
opening.
"""

from __future__ import annotations

import copy
import io
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from planner.fileio import atomic_write_bytes
from planner.reports.tables import FLOAT, INT, MONEY, PERCENT, Column, Sheet

MIN_WIDTH, MAX_WIDTH = 6, 60  # characters
HIGHLIGHT = "FFF4E0"  # the PDF's amber for a line without a price
NOTE_COLOR = "8A5A00"

ProgressFn = Callable[[float, str], Any]
CancelFn = Callable[[], bool]


class ExportCancelled(Exception):
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
    longest = len(col.title) + 2  # room for the filter button
    if col.kind in (INT, FLOAT, MONEY, PERCENT):
        nums = [abs(v) for v in values if isinstance(v, (int, float)) and math.isfinite(v)]
        if nums:
            big = max(nums)
            if col.kind == PERCENT:
                text = f"{big * 100:.1f}%"
            else:
                dec = 2 if col.kind == MONEY else col.decimals if col.kind == FLOAT else 0
                text = f"-{big:,.{dec}f}" if any(v < 0 for v in values if isinstance(v, (int, float))) \
                    else f"{big:,.{dec}f}"
            longest = max(longest, len(text) + 1)
    else:
        strs = [v for v in values if isinstance(v, str)]
        if strs:
            longest = max(longest, max(map(len, strs)))
    return float(min(MAX_WIDTH, max(MIN_WIDTH, longest + 1)))


def _with(cell: Any, value: Any) -> Any:
    cell.value = value
    return cell


def _text_cell(ws: Any, v: str, like: Any = None) -> Any:
    """A cell holding ``v`` as text even when it starts with "=" (openpyxl would write a
    formula: a plan's names are data, never formulas)."""
    from openpyxl.cell import WriteOnlyCell

    c = WriteOnlyCell(ws, value=v)
    c.data_type = "s"
    if like is not None:
        c._style = copy.copy(like._style)
    return c


def render_workbook(sheets: Sequence[Sheet], progress: ProgressFn | None = None,
                    cancel: CancelFn | None = None) -> bytes:
    """The workbook as bytes (nothing is written)."""
    from openpyxl import Workbook

    wb = Workbook(write_only=True)
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

    bold = Font(bold=True)
    fill = PatternFill("solid", start_color=HIGHLIGHT, end_color=HIGHLIGHT)
    note_font = Font(italic=True, color=NOTE_COLOR)
    total_rows = sum(len(s.rows) for s in sheets) or 1
    done = 0
    for sheet in sheets:
        ws = wb.create_sheet(_sheet_title(sheet.name))
        ncols = len(sheet.columns)
        letters = [get_column_letter(i + 1) for i in range(ncols)]
        for j, col in enumerate(sheet.columns):
            ws.column_dimensions[letters[j]].width = _width(col, [row[j] for row in sheet.rows])
        ws.freeze_panes = "A2"
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

        # one styled prototype cell per numeric column, reused row after row (write-only mode
        # serialises each row as it is appended); text columns take plain values
        protos: list[Any] = []
        marked: list[Any] = []
        for col in sheet.columns:
            fmt = number_format(col)
            p = None
            if fmt != "General":
                p = WriteOnlyCell(ws)
                p.number_format = fmt
            protos.append(p)
            m = WriteOnlyCell(ws)
            m.fill = fill
            if fmt != "General":
                m.number_format = fmt
            marked.append(m)
        highlight = sheet.highlight
        plain = all(p is None for p in protos)
        for i, row in enumerate(sheet.rows):
            if i & 0x3FF == 0:
                if cancel is not None and cancel():
                    raise ExportCancelled("the export was cancelled")
                if progress is not None:
                    progress((done + i) / total_rows, sheet.name)
            if i in highlight:
                use = marked
            elif plain and not any(isinstance(v, str) and v[:1] == "=" for v in row):
                ws.append([None if v == "" else v for v in row])
                continue
            else:
                use = protos
            cells: list[Any] = []
            for v, p in zip(row, use):
                if v is None or v == "":
                    cells.append(p if use is marked else None)
                    if use is marked:
                        p.value = None
                elif isinstance(v, str):
                    cells.append(_text_cell(ws, v, p) if v[:1] == "=" else
                                 (v if p is None or use is protos else _with(p, v)))
                elif isinstance(v, float) and not math.isfinite(v):
                    cells.append(None)
                elif p is None:
                    cells.append(v)
                else:
                    p.value = v
                    cells.append(p)
            ws.append(cells)
        done += len(sheet.rows)

        if sheet.rows and any(c.total for c in sheet.columns):
            totals: list[Any] = []
            for j, col in enumerate(sheet.columns):
                if j == 0:
                    c = WriteOnlyCell(ws, value="Total")
                    c.font = bold
                elif col.total:
                    c = WriteOnlyCell(ws, value=f"=SUM({letters[j]}2:{letters[j]}{last})")
                    c.font = bold
                    c.number_format = number_format(col)
                else:
                    c = None
                totals.append(c)
            ws.append(totals)
        if sheet.notes:
            ws.append([])
            for note in sheet.notes:
                c = _text_cell(ws, note) if note[:1] == "=" else WriteOnlyCell(ws, value=note)
                c.font = note_font
                ws.append([c])
    if cancel is not None and cancel():
        raise ExportCancelled("the export was cancelled")
    if progress is not None:
        progress(0.97, "saving")
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _sheet_title(name: str) -> str:
    bad = set('[]:*?/\\')
    return "".join("_" if ch in bad else ch for ch in name)[:31] or "Sheet"


def write_workbook(sheets: Sequence[Sheet], path: str | Path, progress: ProgressFn | None = None,
                   cancel: CancelFn | None = None) -> Path:
    """Write the workbook of ``sheets`` to ``path`` atomically; returns the path.
    ``cancel()`` returning True stops it with :class:`ExportCancelled`, nothing written.
    Raises ``OSError`` if the file cannot be written (an existing file is kept)."""
    data = render_workbook(sheets, progress, cancel)
    if cancel is not None and cancel():
        raise ExportCancelled("the export was cancelled")
    atomic_write_bytes(path, data)
    if progress is not None:
        progress(1.0, "written")
    return Path(path)


__all__ = ["ExportCancelled", "number_format", "render_workbook", "write_workbook"]
