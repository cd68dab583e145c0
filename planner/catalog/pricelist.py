"""Distributor price lists: read a CSV or XLSX list, match its rows to catalog entries, and
keep the matched prices as a *price layer* in the user catalog folder.

A price layer overrides only the ``price`` of entries the catalog already has; every other
figure stays the shipped (or user) entry's. On disk it is one YAML file per imported list,
``<user catalog>/prices/<list-name>.yaml`` (format in docs/catalog.md, *Price lists*), which
the loader applies after all catalog layers. Re-importing a list of the same name replaces
its file as a whole (one atomic write through :func:`planner.base.fileio.atomic_write_bytes`).

Reading is strict where a wrong figure would be silent: a number like ``1.234`` is refused
unless the list shows elsewhere which decimal mark it uses, and every row that cannot be
read is reported with its line and field instead of being guessed.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from planner.i18n import Np_, _, format_date, message_text, parse_number, tf, tmsg

from .models import DATE_RE, PRICE_FOLDER, Price

if TYPE_CHECKING:
    from planner.catalog import Catalog

MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_ROWS = 200_000
# An XLSX is a zip: what it unpacks to is bounded too (a 5 KB workbook can claim gigabytes), and
# so are the cells read (issue 29 item 6).
MAX_XLSX_UNPACKED_BYTES = 512 * 1024 * 1024
MAX_XLSX_MEMBERS = 10_000
MAX_CELLS = 5_000_000
HEADER_SCAN_ROWS = 20  # title lines a list may carry above its header row
IMPORT_BASIS = "quote"  # a distributor's price to the integrator: the user's own figure
# tables whose entries carry a price (llms describe models, not hardware)
PRICED_TABLES = ("device-types", "rack-types", "gpus", "nics", "cables", "cooling")

# header names, matched after lower-casing and collapsing spaces, '_' and '-' to one space
HEADER_ALIASES: dict[str, tuple[str, ...]] = {
    "slug": ("slug", "catalog slug", "rackwright slug", "katalog slug", "kennung"),
    "manufacturer": ("manufacturer", "vendor", "make", "brand", "mfr", "hersteller", "marke", "fabrikat"),
    "model": ("model", "model name", "product", "modell", "modellname", "typ", "produkt", "artikel",
              "part number", "part no", "mpn", "sku", "artikelnummer", "teilenummer", "herstellernummer"),
    "price": ("price", "unit price", "list price", "net price", "amount", "cost", "preis", "einzelpreis",
              "stückpreis", "stueckpreis", "listenpreis", "nettopreis", "ek", "ek preis", "betrag"),
    "currency": ("currency", "cur", "ccy", "währung", "waehrung", "wahrung"),
    "date": ("date", "price date", "valid from", "as of", "datum", "preisdatum", "stand", "gültig ab",
             "gueltig ab"),
}
_HEADER_TO_FIELD = {alias: f for f, aliases in HEADER_ALIASES.items() for alias in aliases}

# codes recognised inside a header or a price cell (a currency column may hold any three letters)
KNOWN_CURRENCIES = frozenset(
    "EUR USD GBP CHF JPY CNY SEK NOK DKK PLN CZK HUF RON BGN CAD AUD NZD SGD HKD INR KRW TWD ZAR BRL MXN "
    "AED SAR ILS TRY".split())
CURRENCY_SYMBOLS = {"€": "EUR", "$": "USD", "US$": "USD", "£": "GBP", "CHF": "CHF", "SFR.": "CHF", "FR.": "CHF"}


# --------------------------------------------------------------------------- results


class PriceListError(Exception):
    """The file as a whole cannot be read; ``str()`` is one line naming the file."""


@dataclass(frozen=True)
class MatchedRow:
    line: int
    table: str
    slug: str
    amount: float
    currency: str
    date: str
    said: str  # what the row named, for the report


@dataclass(frozen=True)
class UnmatchedRow:
    line: int
    said: str
    reason: str  # "matches nothing" or "matches several entries: a, b"


@dataclass(frozen=True)
class BadRow:
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.field}: {self.message}"


@dataclass
class PriceImport:
    """What reading one list gave: matched rows (the price layer), and what was left out."""

    name: str  # the list name (the price layer's file stem)
    file_name: str  # the file the list came from, as the sources cite it
    matched: list[MatchedRow] = field(default_factory=list)
    unmatched: list[UnmatchedRow] = field(default_factory=list)
    bad: list[BadRow] = field(default_factory=list)
    rows: int = 0  # data rows read (blank lines not counted)

    @property
    def complete(self) -> bool:
        return not self.unmatched and not self.bad

    def report_lines(self, written: Path | None = None) -> list[str]:
        """The plain-text report the CLI prints (the app shows the same lists)."""
        out = [tf(Np_("{file}: {n} row, {matched} matched, {unmatched} not matched, {bad} could not be read",
                      "{file}: {n} rows, {matched} matched, {unmatched} not matched, {bad} could not be read"),
                  file=self.file_name, n=self.rows, matched=len(self.matched), unmatched=len(self.unmatched),
                  bad=len(self.bad))]
        for m in self.matched:  # indented under the first line: the indent is layout, not text
            entry = f"{m.table}/{m.slug}"
            out.append("  " + tf("line {line}: {entry} = {amount:,.2f} {currency} ({date})", line=m.line,
                                 entry=entry, amount=m.amount, currency=m.currency, date=format_date(m.date)))
        if self.unmatched:
            out.append(_("Rows not matched to one catalog entry (nothing, several, or one already priced):"))
            out.extend("  " + tf("line {line}: {said}: {reason}", line=u.line, said=u.said,
                                 reason=message_text(u.reason)) for u in self.unmatched)
        if self.bad:
            out.append(_("Rows that could not be read:"))
            out.extend("  " + tf("line {line}: {field}: {problem}", line=b.line, field=b.field,
                                 problem=message_text(b.message)) for b in self.bad)
        if written is not None:
            out.append(tf("Price layer written: {path}", path=written))
        elif not self.matched:
            out.append(_("Nothing written: no row matched (an earlier import of this list is kept)."))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "list": self.name, "file": self.file_name, "rows": self.rows,
            "matched": [m.__dict__ for m in self.matched],
            "unmatched": [u.__dict__ for u in self.unmatched],
            "bad": [b.__dict__ for b in self.bad],
        }


# --------------------------------------------------------------------------- names


def list_name(path: str | Path) -> str:
    """The price layer's name for a list file: its stem, lower-case, reduced to slug characters."""
    stem = unicodedata.normalize("NFKD", Path(path).stem).encode("ascii", "ignore").decode()
    name = re.sub(r"[^a-z0-9._-]+", "-", stem.lower()).strip("-.")
    return name[:80] or "price-list"


def price_layer_path(user_dir: str | Path, name: str) -> Path:
    return Path(user_dir) / PRICE_FOLDER / f"{name}.yaml"


# --------------------------------------------------------------------------- cells


def _norm_header(v: Any) -> str:
    return _header(v)[0]


_HEADER_CURRENCY = re.compile(r"^(.*?)[\s_\-]*(?:\(([^()]*)\)|\[([^\[\]]*)\]|([a-z]{3}|[€$£]))$")


def _header(v: Any) -> tuple[str, str | None]:
    """A header cell as matched (lower case, one space) and the currency it names, if any:
    ``Preis (EUR)``, ``Price USD``, ``Listenpreis [€]`` -> (``preis``, ``EUR``)."""
    s = str(v or "").replace("\ufeff", "").strip().lower().rstrip(":").strip()
    s = re.sub(r"[\s_\-]+", " ", s)
    if s in _HEADER_TO_FIELD:
        return s, None
    m = _HEADER_CURRENCY.match(s)
    if m and m.group(1).strip() in _HEADER_TO_FIELD:
        code = (m.group(2) or m.group(3) or m.group(4) or "").strip()
        code = CURRENCY_SYMBOLS.get(code.upper(), code.upper())
        bracketed = m.group(2) is not None or m.group(3) is not None
        if code in KNOWN_CURRENCIES or bracketed:  # "Preis (EUR)"; "Price (net)" is still the price
            return m.group(1).strip(), code if code in KNOWN_CURRENCIES else None
    return s, None


def _cell_text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


@dataclass(frozen=True)
class _Amount:
    value: float
    comma_decimal: bool | None  # what the text shows about the list's decimal mark (None: nothing)


@dataclass(frozen=True)
class _Ambiguous:
    """``1.234`` / ``1,234``: a thousands mark or a decimal one; the list's other prices decide."""

    thousands: float  # the value read with a thousands mark (1234)
    decimal: float  # read with a decimal mark (1.234)
    mark: str  # the text's one mark, "." or ","
    text: str




# The largest price a list may give (a whole AI hall is well below it); above it, or a number
# that overflows to infinity (400 nines), the row is refused by line, never written as "inf USD".
MAX_PRICE = 1e12


def _parse_number(text: str) -> _Amount | _Ambiguous:
    """A price cell's number, at most :data:`MAX_PRICE` (see :func:`_read_number`)."""
    import math

    out = _read_number(text)
    values = (out.value,) if isinstance(out, _Amount) else (out.thousands, out.decimal)
    if any(not math.isfinite(v) or v > MAX_PRICE for v in values):
        raise ValueError(tmsg("{text} is larger than any price ({limit:,.0f})", text=repr(text.strip()[:40]),
                              limit=MAX_PRICE))
    return out


def _read_in(s: str, comma_decimal: bool, text: str) -> float:
    """``s`` read by the one parser (planner.i18n.parse_number) in the language whose decimal
    mark the list uses: a comma German, a point English."""
    try:
        return float(parse_number(s, "de" if comma_decimal else "en"))
    except ValueError:
        if len(re.sub(r"\D", "", s.split("," if comma_decimal else ".")[0])) > 308:
            return float("inf")  # overflows a float: refused as larger than any price (_parse_number)
        raise ValueError(tmsg("not a number ({text})", text=repr(text))) from None


def _read_number(text: str) -> _Amount | _Ambiguous:
    """``1234``, ``1234.5``, ``1.234,50``, ``1,234.50``, ``12,5``; ValueError if not a number.

    Which convention a cell shows is decided here (a list may be German or English); each
    reading is planner.i18n.parse_number's in that language. ``1.234`` / ``1,234`` (one
    mark, three digits after it, short integer part) can be either; they come back as
    :class:`_Ambiguous` with both readings."""
    s = re.sub(r"[\s\u00a0\u202f']", "", text)
    if s.startswith("-"):
        raise ValueError(tmsg("must be greater than 0"))
    if not re.fullmatch(r"\d[\d.,]*", s) or s[-1] in ".,":
        raise ValueError(tmsg("not a number ({text})", text=repr(text)))
    if "." in s and "," in s:  # both marks: the last one is the decimal mark
        comma = s.rfind(",") > s.rfind(".")
        return _Amount(_read_in(s, comma, text), comma)
    for mark in (",", "."):
        if mark not in s:
            continue
        whole, _sep, frac = s.partition(mark)
        if mark in frac:  # 1,234,567 or 1.234.567: grouping marks (the decimal mark is the other one)
            return _Amount(_read_in(s, mark == ".", text), mark == ".")
        if len(frac) == 3 and whole != "0" and len(whole) <= 3:
            # the decimal reading with a fourth place, as the parser asks for it (1,2340)
            return _Ambiguous(_read_in(s, mark == ".", text), _read_in(s + "0", mark == ",", text), mark,
                              text.strip())
        return _Amount(_read_in(s, mark == ",", text), mark == ",")
    return _Amount(_read_in(s, False, text), None)


def _split_currency(text: str) -> tuple[str, str | None]:
    """Strip a currency symbol or code written in the price cell (``45.000 €``, ``USD 1,200``)."""
    s = text.strip()
    for sym, code in sorted(CURRENCY_SYMBOLS.items(), key=lambda kv: -len(kv[0])):
        for cand in (sym, sym.lower()):
            if s.startswith(cand):
                return s[len(cand):].strip(), code
            if s.endswith(cand):
                return s[: -len(cand)].strip(), code
    m = re.fullmatch(r"([A-Z]{3})\s*(\d[\d.,'\s]*)|(\d[\d.,'\s]*?)\s*([A-Z]{3})", s)
    if m and (m.group(1) or m.group(4)) in KNOWN_CURRENCIES:
        return (m.group(2) or m.group(3)).strip(), m.group(1) or m.group(4)
    return s, None


def _parse_currency(text: str) -> str:
    s = text.strip()
    code = CURRENCY_SYMBOLS.get(s.upper(), s.upper())
    if not re.fullmatch(r"[A-Z]{3}", code):
        raise ValueError(tmsg("not a three-letter currency code ({text})", text=repr(text)))
    return code


def _parse_date(v: Any) -> str:
    if isinstance(v, dt.datetime):
        return v.date().isoformat()
    if isinstance(v, dt.date):
        return v.isoformat()
    s = _cell_text(v)
    if not s:
        raise ValueError(tmsg("empty"))
    m = re.fullmatch(r"(\d{4})[-/](\d{1,2})(?:[-/](\d{1,2}))?(?:[ T][\d:.]+)?", s)
    if m:
        y, mo, d = int(m.group(1)), int(m.group(2)), m.group(3)
    else:
        m = re.fullmatch(r"(?:(\d{1,2})\.)?(\d{1,2})\.(\d{4})", s)  # German 15.11.2026 / 11.2026
        if not m:
            raise ValueError(tmsg("not a date ({text}); write YYYY-MM-DD, YYYY-MM or DD.MM.YYYY", text=repr(s)))
        d, mo, y = m.group(1), int(m.group(2)), int(m.group(3))
    try:
        day = dt.date(y, mo, int(d) if d else 1)
    except ValueError:
        raise ValueError(tmsg("not a calendar date ({text})", text=repr(s))) from None
    out = day.isoformat() if d else f"{y:04d}-{mo:02d}"
    assert DATE_RE.match(out)
    return out


# --------------------------------------------------------------------------- reading files


def _sheet_rows_csv(data: bytes, display: str) -> list[tuple[int, list[Any]]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise PriceListError(f"{display}: line {line}: not UTF-8 text (save the list as 'CSV UTF-8')") from None
    if "\x00" in text:
        raise PriceListError(f"{display}: not a text file (NUL bytes); expected CSV or XLSX")
    lines = text.splitlines()
    head = [ln for ln in lines[:HEADER_SCAN_ROWS] if ln.strip()]
    if not head:
        raise PriceListError(f"{display}: the file is empty")

    def score(delim: str) -> int:
        best = 0
        try:
            for row in csv.reader(head, delimiter=delim):
                fields = {_HEADER_TO_FIELD.get(_norm_header(c)) for c in row} - {None}
                best = max(best, len(fields) * 100 + len(row))
        except csv.Error:  # a field over csv's limit (128 KiB) in the first rows: not this delimiter's header
            return 0
        return best

    delim = max((";", ",", "\t"), key=score)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delim)
    out: list[tuple[int, list[Any]]] = []
    try:
        while True:
            start = reader.line_num + 1
            try:
                row = next(reader)
            except StopIteration:
                break
            out.append((start, row))
            if len(out) > MAX_ROWS:
                raise PriceListError(f"{display}: more than {MAX_ROWS:,} rows")
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            raise PriceListError(f"{display}: line {reader.line_num}: a field is longer than "
                                 f"{csv.field_size_limit() // 1024} KiB; no price list has such a cell") from None
        raise PriceListError(f"{display}: line {reader.line_num}: not readable as CSV ({exc})") from None
    return out


def _check_xlsx_container(path: Path, display: str) -> None:
    """Refuse a workbook whose zip would unpack beyond the bounds, before openpyxl opens it."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as zf:
            members = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise PriceListError(f"{display}: not a readable XLSX workbook ({type(exc).__name__})") from None
    if len(members) > MAX_XLSX_MEMBERS:
        raise PriceListError(f"{display}: {len(members):,} parts in the workbook, more than {MAX_XLSX_MEMBERS:,}")
    unpacked = sum(m.file_size for m in members)
    if unpacked > MAX_XLSX_UNPACKED_BYTES:
        raise PriceListError(f"{display}: the workbook unpacks to {unpacked / 2**20:,.0f} MiB, more than the "
                             f"{MAX_XLSX_UNPACKED_BYTES // 2**20} MiB a price list may have")


def _sheet_rows_xlsx(path: Path, display: str) -> list[tuple[int, list[Any]]]:
    import openpyxl

    _check_xlsx_container(path, display)
    try:
        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises zipfile, KeyError, XML and its own errors
        raise PriceListError(f"{display}: not a readable XLSX workbook ({type(exc).__name__})") from None
    try:
        if not wb.worksheets:
            raise PriceListError(f"{display}: the workbook has no sheet")
        first: list[tuple[int, list[Any]]] | None = None
        for ws in wb.worksheets:  # the first sheet with a price list header (a cover sheet is skipped)
            out: list[tuple[int, list[Any]]] = []
            # the sheet's <dimension> may be stale (rows past it were dropped silently) or claim
            # the whole grid (every row padded to 16,384 cells): read the rows that are there
            ws.reset_dimensions()
            cells = 0
            for i, row in enumerate(ws.iter_rows(values_only=True), start=1):
                values = list(row)
                while values and values[-1] is None:
                    values.pop()
                out.append((i, values))
                cells += len(values)
                if len(out) > MAX_ROWS:
                    raise PriceListError(f"{display}: more than {MAX_ROWS:,} rows")
                if cells > MAX_CELLS:
                    raise PriceListError(f"{display}: more than {MAX_CELLS:,} cells")
            if first is None:
                first = out
            try:
                _find_header(out, display)
            except PriceListError:
                continue
            return out
        return first or []
    except PriceListError:
        raise
    except Exception as exc:
        raise PriceListError(f"{display}: not a readable XLSX workbook ({type(exc).__name__})") from None
    finally:
        wb.close()


def _find_header(rows: list[tuple[int, list[Any]]], display: str
                 ) -> tuple[int, dict[str, int], str | None]:
    """Index into ``rows`` of the header row, the column of each field, and the currency the
    price column's header names (``Preis (EUR)``), if any."""
    for k, (_line, row) in enumerate(rows[:HEADER_SCAN_ROWS]):
        cols: dict[str, int] = {}
        header_currency: str | None = None
        for j, c in enumerate(row):
            name, cur = _header(c)
            f = _HEADER_TO_FIELD.get(name)
            if f is not None and f not in cols:
                cols[f] = j
                if f == "price":
                    header_currency = cur
        if "price" in cols and ("slug" in cols or "model" in cols):
            missing = [f for f in ("currency", "date") if f not in cols
                       and not (f == "currency" and header_currency)]
            if missing:
                raise PriceListError(f"{display}: line {rows[k][0]}: no {' and no '.join(missing)} column "
                                     f"(looked for: {', '.join(HEADER_ALIASES[missing[0]][:4])}, ...)")
            return k, cols, header_currency
    raise PriceListError(
        f"{display}: no header row with a price column and a slug or model column in the first "
        f"{HEADER_SCAN_ROWS} lines (e.g. slug;price;currency;date or Hersteller;Modell;Preis;Währung;Datum)")


# --------------------------------------------------------------------------- matching


def _norm(s: str | None) -> str:
    return re.sub(r"\s+", " ", str(s or "")).strip().casefold()


def _tokens(s: str) -> list[str]:
    return [t for t in re.split(r"[\s,()/]+", _norm(s)) if t]


class _Index:
    """Catalog entries that carry a price, by slug, (maker, model), and part number."""

    def __init__(self, catalog: Catalog) -> None:
        self.by_slug: dict[str, list[tuple[str, str]]] = {}
        self.entries: list[tuple[str, str, str, str, str | None]] = []  # table, slug, maker, model, part
        for table in PRICED_TABLES:
            for slug, e in catalog.tables.get(table, {}).items():
                if table in ("device-types", "rack-types") and getattr(e, "planning", None) is None:
                    continue  # no planning block to carry a price
                self.by_slug.setdefault(slug.casefold(), []).append((table, slug))
                maker = getattr(e, "manufacturer", None) or getattr(e, "vendor", "")
                self.entries.append((table, slug, _norm(maker), _norm(e.model), _norm(getattr(e, "part_number", None))
                                     or None))

    @staticmethod
    def _maker_ok(want: str, have: str) -> bool:
        if not want:
            return True
        return want == have or want.startswith(have + " ") or have.startswith(want + " ")

    def match(self, slug: str, maker: str, model: str) -> list[tuple[str, str]]:
        if slug:
            return self.by_slug.get(slug.strip().casefold(), [])
        want_model, want_maker = _norm(model), _norm(maker)
        cands = [e for e in self.entries if self._maker_ok(want_maker, e[2])]
        for test in (
            lambda e: e[3] == want_model,
            lambda e: e[4] is not None and e[4] == want_model,
            lambda e: re.sub(r"\s*\(.*\)\s*$", "", e[3]) == want_model,
            lambda e: _contains(_tokens(e[3]), _tokens(want_model)),
        ):
            hits = [(e[0], e[1]) for e in cands if test(e)]
            if hits:
                return hits
        return []


def _contains(hay: Sequence[str], needle: Sequence[str]) -> bool:
    n = len(needle)
    return n > 0 and any(list(hay[i:i + n]) == list(needle) for i in range(len(hay) - n + 1))


# --------------------------------------------------------------------------- the import


def read_price_list(path: str | Path, catalog: Catalog, *, name: str | None = None) -> PriceImport:
    """Read a CSV or XLSX price list and match its rows to ``catalog``.

    Raises :class:`PriceListError` (one line) when the file as a whole cannot be read: missing,
    too large, not UTF-8 / not a workbook, or no header with the needed columns. Rows that
    cannot be read or match nothing are collected in the result, never guessed."""
    p = Path(path)
    display = p.name
    try:
        size = p.stat().st_size
        if not p.is_file():
            raise PriceListError(f"{display}: not a regular file")
    except OSError as exc:
        raise PriceListError(f"{display}: cannot be read ({exc.strerror or exc})") from None
    if size > MAX_FILE_BYTES:
        raise PriceListError(f"{display}: {size / 1e6:.0f} MB is larger than the {MAX_FILE_BYTES // 2**20} MiB a "
                             "price list may have")
    try:
        head = p.open("rb").read(4) if p.suffix.lower() != ".csv" else b""
    except OSError as exc:
        raise PriceListError(f"{display}: cannot be read ({exc.strerror or exc})") from None
    if p.suffix.lower() in (".xlsx", ".xlsm") or head.startswith(b"PK\x03\x04"):
        rows = _sheet_rows_xlsx(p, display)
    elif p.suffix.lower() in (".xls", ".ods"):
        raise PriceListError(f"{display}: {p.suffix} is not supported; save the list as XLSX or CSV (UTF-8)")
    else:
        try:
            data = p.read_bytes()
        except OSError as exc:
            raise PriceListError(f"{display}: cannot be read ({exc.strerror or exc})") from None
        rows = _sheet_rows_csv(data, display)
    k, cols, header_currency = _find_header(rows, display)
    result = PriceImport(name=name or list_name(p), file_name=display)
    index = _Index(catalog)

    def cell(row: list[Any], f: str) -> Any:
        j = cols.get(f)
        return row[j] if j is not None and j < len(row) else None

    pending: list[tuple[int, str, list[tuple[str, str]], float | _Ambiguous, str, str]] = []
    votes: set[bool] = set()  # decimal marks the list shows (True: comma)
    for line, row in rows[k + 1:]:
        if all(_cell_text(c) == "" for c in row):
            continue
        result.rows += 1
        slug = _cell_text(cell(row, "slug"))
        maker = _cell_text(cell(row, "manufacturer"))
        model = _cell_text(cell(row, "model"))
        said = repr(slug) if slug else " / ".join(repr(x) for x in (maker, model) if x) or "(no name)"
        if not slug and not model:
            result.bad.append(BadRow(line, "slug" if "slug" in cols else "model",
                                     tmsg("empty: the row names no catalog entry")))
            continue
        problems: list[BadRow] = []
        raw_price = cell(row, "price")
        cur_from_price = None
        amount: float | _Ambiguous | None = None
        if isinstance(raw_price, bool) or raw_price is None or _cell_text(raw_price) == "":
            problems.append(BadRow(line, "price", tmsg("empty")))
        elif isinstance(raw_price, int | float):
            amount = float(raw_price)
            if not amount > 0 or amount != amount or amount in (float("inf"),):
                problems.append(BadRow(line, "price", tmsg("must be greater than 0 (got {value})", value=repr(raw_price))))
            elif amount > MAX_PRICE:  # a number cell of 1e300 broke every later check of the plans using it
                problems.append(BadRow(line, "price", tmsg("{text} is larger than any price ({limit:,.0f})",
                                                           text=repr(raw_price), limit=MAX_PRICE)))
                amount = None
        else:
            text, cur_from_price = _split_currency(_cell_text(raw_price))
            try:
                parsed = _parse_number(text)
            except ValueError as exc:
                problems.append(BadRow(line, "price", _reason(exc)))
            else:
                if isinstance(parsed, _Ambiguous):
                    amount = parsed
                else:
                    amount = parsed.value
                    if parsed.comma_decimal is not None:
                        votes.add(parsed.comma_decimal)
                    if not parsed.value > 0:
                        problems.append(BadRow(line, "price", tmsg("must be greater than 0 (got {value})",
                                                                   value=repr(_cell_text(raw_price)))))
        currency = ""
        raw_cur = _cell_text(cell(row, "currency"))
        try:
            if raw_cur:
                currency = _parse_currency(raw_cur)
                if cur_from_price and cur_from_price != currency:
                    raise ValueError(tmsg("{currency} here but {other} in the price cell", currency=currency,
                                          other=cur_from_price))
            elif cur_from_price:
                currency = _parse_currency(cur_from_price)
            elif header_currency:
                currency = header_currency
            else:
                raise ValueError(tmsg("empty"))
            if header_currency and currency != header_currency:
                raise ValueError(tmsg("{currency} here but the price column is headed {header}", currency=currency,
                                      header=header_currency))
        except ValueError as exc:
            problems.append(BadRow(line, "currency", _reason(exc)))
        date = ""
        try:
            date = _parse_date(cell(row, "date"))
        except ValueError as exc:
            problems.append(BadRow(line, "date", _reason(exc)))
        if problems:
            result.bad.extend(problems)
            continue
        assert amount is not None  # a price cell that gave no amount added a problem above
        hits = index.match(slug, maker, model)
        if not hits:
            result.unmatched.append(UnmatchedRow(line, said, tmsg("matches nothing in the catalog")))
            continue
        if len(hits) > 1:
            names = ", ".join(f"{t}/{s}" for t, s in hits[:6])
            result.unmatched.append(UnmatchedRow(line, said, tmsg("matches several entries ({names}); give the slug",
                                                                  names=names)))
            continue
        pending.append((line, said, hits, amount, currency, date))

    comma = next(iter(votes)) if len(votes) == 1 else None
    seen: dict[tuple[str, str], int] = {}
    for line, said, hits, amount, currency, date in pending:
        if isinstance(amount, float):
            value = amount
        else:
            if comma is None:
                why = (tmsg("the list uses both decimal marks elsewhere") if votes else
                       tmsg("no other price in the list shows which decimal mark it uses"))
                result.bad.append(BadRow(line, "price", tmsg(
                    "{text} is ambiguous ({thousands:.0f} or {decimal:g}; {why}): write it without a thousands "
                    "separator", text=repr(amount.text), thousands=amount.thousands,
                    decimal=amount.decimal, why=why)))
                continue
            # with a decimal comma "1.234" is 1234; with a decimal point "1,234" is 1234
            thousands = (amount.mark == ".") == comma
            value = amount.thousands if thousands else amount.decimal
        table, slug = hits[0]
        first = seen.get((table, slug))
        if first is not None:
            entry = f"{table}/{slug}"
            result.unmatched.append(UnmatchedRow(
                line, said, tmsg("names {entry} again (line {first} is imported; one price per entry)",
                                 entry=entry, first=first)))
            continue
        seen[(table, slug)] = line
        result.matched.append(MatchedRow(line, table, slug, value, currency, date, said))
    result.bad.sort(key=lambda b: b.line)
    result.unmatched.sort(key=lambda u: u.line)
    return result


# --------------------------------------------------------------------------- the price layer on disk


class LayerPrice(BaseModel):
    """One price in a price layer file: which entry, and a full catalog ``price`` block."""

    model_config = ConfigDict(extra="forbid")

    table: str
    slug: str = Field(min_length=1)
    amount: float = Field(gt=0, allow_inf_nan=False)
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    date: str
    basis: str = IMPORT_BASIS
    source: str = Field(min_length=1)
    note: str | None = None

    @field_validator("table")
    @classmethod
    def _table(cls, v: str) -> str:
        if v not in PRICED_TABLES:
            raise ValueError(f"must be one of {', '.join(PRICED_TABLES)} (got {v!r})")
        return v

    def price(self) -> Price:
        return Price.model_validate({"amount": self.amount, "currency": self.currency, "date": self.date,
                                     "basis": self.basis, "source": self.source, "note": self.note})


class PriceLayerFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    price_list: str = Field(min_length=1)
    imported_from: str = Field(min_length=1)
    imported_at: str = Field(min_length=1)
    prices: list[LayerPrice]


def layer_data(result: PriceImport, imported_at: dt.datetime | None = None) -> dict[str, Any]:
    """The price layer file's content for an import (validated by :class:`PriceLayerFile`)."""
    when = (imported_at or dt.datetime.now(dt.UTC)).replace(microsecond=0).isoformat()
    prices = []
    for m in result.matched:
        prices.append({
            "table": m.table, "slug": m.slug, "amount": m.amount, "currency": m.currency, "date": m.date,
            "basis": IMPORT_BASIS, "source": f"{result.file_name} line {m.line} (price list '{result.name}')",
            "note": f"imported {when[:10]} by 'rackwright catalog import-prices'; the row named {m.said}",
        })
    data = {"price_list": result.name, "imported_from": result.file_name, "imported_at": when, "prices": prices}
    PriceLayerFile.model_validate(data)
    return data


def write_price_layer(result: PriceImport, user_dir: str | Path, *,
                      imported_at: dt.datetime | None = None) -> Path:
    """Write (or replace) the price layer of ``result.name`` in ``user_dir`` atomically; returns its path.

    Raises PriceListError if nothing matched (an earlier import is then kept) or the folder
    cannot be written."""
    import yaml

    from planner.base.fileio import atomic_write_bytes

    if not result.matched:
        raise PriceListError(f"{result.file_name}: no row matched a catalog entry; nothing written")
    target = price_layer_path(user_dir, result.name)
    header = ("# Price layer written by 'rackwright catalog import-prices' (docs/catalog.md, Price lists).\n"
              "# It overrides only the price of the entries named; importing the list again replaces this file.\n")
    text = header + yaml.safe_dump(layer_data(result, imported_at), sort_keys=False, allow_unicode=True, width=120)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, text.encode("utf-8"))
    except OSError as exc:
        raise PriceListError(f"{target}: cannot be written ({exc.strerror or exc})") from None
    return target


def import_price_list(path: str | Path, catalog: Catalog, user_dir: str | Path, *, name: str | None = None,
                      dry_run: bool = False) -> tuple[PriceImport, Path | None]:
    """Read, match and (unless ``dry_run`` or nothing matched) write one list's price layer."""
    result = read_price_list(path, catalog, name=name)
    if dry_run or not result.matched:
        return result, None
    return result, write_price_layer(result, user_dir)


def _reason(exc: ValueError) -> str:
    """An exception's text, a planner Message kept as such (translated where it is shown)."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)


def validation_messages(exc: ValidationError) -> Iterable[tuple[tuple[str | int, ...], str]]:
    for err in exc.errors(include_url=False):
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        if err["type"] == "extra_forbidden":
            msg = "unknown key (typo?)"
        elif err["type"] == "missing":
            msg = "required field is missing"
        yield tuple(err["loc"]), msg
