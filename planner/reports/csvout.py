"""The plan's tables as CSV files, one per sheet, for spreadsheets that are not Excel
workbooks and for scripts.

``write_csv_files(sheets, folder, locale="en")`` writes ``<folder>/<sheet>.csv`` for
every :class:`planner.reports.tables.Sheet` (``bom.csv``, ``cables.csv``, ``racks.csv``,
``power-sources.csv``, ``power-feeds.csv``, ``pdus.csv``, ``workloads.csv``): UTF-8 with a byte-order mark
(without it Excel reads UTF-8 as the machine's ANSI code page and garbles "Mü" and
"m²"), a header row, the data rows, no totals or notes (those are in the workbook).

Numbers are written plain, without thousands separators, with the column's decimals
(percentages as percent, 85.3, under a header ending in "%"). Text that a spreadsheet
would take for a formula (starting with = + - @) gets a leading apostrophe. The separators follow the
locale the files are meant for, as Excel reads CSV with the list separator and decimal
symbol of the Windows regional settings: ``en`` (and every locale with a decimal point)
writes ``,`` between fields and ``.`` in numbers; ``de`` (and the other decimal-comma
locales, :data:`DECIMAL_COMMA`) writes ``;`` and ``,``, so German Excel opens the file in
columns with numbers it can add up.

All files or none: they are written through :func:`planner.base.fileio.atomic_write_files`.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from planner.base.fileio import atomic_write_files
from planner.reports.tables import INT, MONEY, PERCENT, TEXT, Sheet

# languages whose number format uses a decimal comma (CLDR): Excel's list separator there is ";"
DECIMAL_COMMA = frozenset({"de", "fr", "es", "it", "nl", "pt", "da", "sv", "nb", "nn", "no", "fi", "pl", "cs", "sk",
                           "hu", "ro", "ru", "uk", "tr", "el", "hr", "sl", "sr", "bg", "lt", "lv", "et", "id",
                           "ca", "is"})

ProgressFn = Callable[[float, str], Any]
CancelFn = Callable[[], bool]


@dataclass(frozen=True)
class CsvDialect:
    delimiter: str = ","
    decimal: str = "."

    @property
    def name(self) -> str:
        """How the numbers and fields are written, in the active language (planner.i18n)."""
        from planner.i18n import _

        return _("decimal comma, ';' between fields") if self.decimal == "," else _("decimal point, ',' between fields")


def dialect_for(locale: str) -> CsvDialect:
    """The CSV dialect for a locale code: ``de``, ``de_DE``, ``de-AT.UTF-8``, ``en``,
    ``C`` ... Raises ValueError for something that is not a locale code."""
    code = (locale or "").strip()
    lang = code.replace("-", "_").split("_")[0].split(".")[0].lower()
    if not lang or not lang.isalpha() or len(lang) > 3:
        from planner.i18n import tf

        raise ValueError(tf("not a locale code: {locale!r} (e.g. en, de, de_DE)", locale=locale))
    return CsvDialect(";", ",") if lang in DECIMAL_COMMA else CsvDialect(",", ".")


def _number(v: object, kind: str, decimals: int, decimal: str) -> str:
    if v is None or isinstance(v, bool) or not isinstance(v, (int, float)):
        return "" if v is None else str(v)
    if isinstance(v, float) and not math.isfinite(v):
        return ""
    if kind == INT:
        text = str(int(round(v)))
    else:
        if kind == PERCENT:
            v, decimals = v * 100.0, 1
        elif kind == MONEY:
            decimals = 2
        text = f"{v:.{decimals}f}"
        if text.startswith("-") and float(text) == 0:
            text = text[1:]
    return text.replace(".", decimal) if decimal != "." else text


# a text field starting with one of these is a formula to Excel and LibreOffice when they
# open a CSV file ("CSV injection": =HYPERLINK(...), =cmd|' ...'!A1); such text gets a
# leading apostrophe, so it is shown as text (OWASP's advice). Numbers are never text here.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# C0 control characters other than tab, line feed and carriage return (and DEL): a NUL or an
# ESC from a hostile name went raw into the files (issue 29), where a terminal acts on it and
# a spreadsheet shows garbage; each becomes U+FFFD, so the cell still shows something was there
_CONTROL = {c: "\ufffd" for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F)}


def _text_field(v: object) -> str:
    s = "" if v is None else str(v).translate(_CONTROL)
    return "'" + s if s.startswith(FORMULA_START) else s


def sheet_csv(sheet: Sheet, dialect: CsvDialect = CsvDialect()) -> str:
    """One sheet as CSV text (without the byte-order mark)."""
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=dialect.delimiter, lineterminator="\r\n")
    w.writerow([c.title + (" %" if c.kind == PERCENT else "") for c in sheet.columns])
    numeric = [(j, c.kind, c.decimals) for j, c in enumerate(sheet.columns) if c.kind != TEXT]
    dec = dialect.decimal
    for row in sheet.rows:
        out = [_text_field(v) for v in row]
        for j, kind, d in numeric:
            out[j] = _number(row[j], kind, d, dec)
        w.writerow(out)
    return buf.getvalue()


def csv_paths(sheets: Sequence[Sheet], folder: str | Path) -> list[Path]:
    return [Path(folder) / f"{s.file_stem}.csv" for s in sheets]


def write_csv_files(sheets: Sequence[Sheet], folder: str | Path, locale: str = "en",
                    progress: ProgressFn | None = None, cancel: CancelFn | None = None) -> list[Path]:
    """Write one CSV file per sheet into ``folder`` (made if missing), all or none.
    Returns the paths. ``cancel()`` returning True stops before anything is written."""
    from planner.reports.xlsx import ExportCancelled

    dialect = dialect_for(locale)
    folder = Path(folder)
    files = []
    for i, (sheet, path) in enumerate(zip(sheets, csv_paths(sheets, folder))):
        if cancel is not None and cancel():
            raise ExportCancelled("the export was cancelled")
        if progress is not None:
            progress(i / max(1, len(sheets)), sheet.name)
        # a lone surrogate (possible in a JSON plan's "\ud800") cannot be UTF-8: "?" instead
        files.append((path, b"\xef\xbb\xbf" + sheet_csv(sheet, dialect).encode("utf-8", "replace")))
    if cancel is not None and cancel():
        raise ExportCancelled("the export was cancelled")
    made = not folder.exists()
    folder.mkdir(parents=True, exist_ok=True)
    try:
        written = atomic_write_files(files)
    except BaseException:
        if made:
            try:
                folder.rmdir()  # only if still empty
            except OSError:
                pass
        raise
    if progress is not None:
        progress(1.0, "written")
    return written


__all__ = ["DECIMAL_COMMA", "CsvDialect", "csv_paths", "dialect_for", "sheet_csv", "write_csv_files"]
