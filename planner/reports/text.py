"""Text helpers for the PDF: escaping user strings for platypus paragraph markup,
fitting plain strings into a column width, and the fonts the report uses.

Every string that comes from a plan or catalog (customer, rack names, finding
messages, ...) goes through :func:`esc` before it enters a ``Paragraph`` (whose text is
a mini-markup: ``<b>`` or a bare ``&`` in a customer name would otherwise change the
layout or make the parser raise) and through :func:`clean` before it is drawn on the
canvas or put in a plain table cell.
"""

from __future__ import annotations

import os
import re
import sys
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape as _xml_escape

from reportlab.pdfbase import pdfmetrics

# control characters, lone surrogates, non-characters, and the bidi and zero-width format
# characters: reportlab lays text out left to right without the Unicode bidi algorithm,
# so an RLO/LRE/isolate mark would only print as an empty box or reorder nothing
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff"
                      r"\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]")
_SPACES = re.compile(r"[\t\n\r\u2028\u2029]+")

ELLIPSIS = "\u2026"
MISSING = "\ufffd"  # printed for a character the report's font has no glyph for (CJK, emoji, ...)

# code points the registered report font can draw; None: not known (builtin fonts), keep all
_coverage: frozenset[int] | None = None


def clean(text: object, keep_newlines: bool = False) -> str:
    """A string safe to draw: control characters, lone surrogates and bidi marks
    removed, line breaks turned into spaces (unless kept), and every character the
    report font cannot draw replaced by a visible U+FFFD (instead of an empty box or a
    glyph-less gap)."""
    s = "" if text is None else str(text)
    if keep_newlines:
        s = s.replace("\r\n", "\n").replace("\r", "\n")
        s = "\n".join(_SPACES.sub(" ", _CONTROL.sub("", line)) for line in s.split("\n"))
    else:
        s = _SPACES.sub(" ", _CONTROL.sub("", s))
    cov = _coverage
    if cov is not None and not s.isascii():
        s = "".join(c if ord(c) in cov or c == "\n" else MISSING for c in s)
    return s


def unsupported(text: object) -> str:
    """The distinct characters of ``text`` the report font cannot draw (empty if all can,
    or if the font's coverage is unknown)."""
    s = "" if text is None else str(text)
    cov = _coverage
    if cov is None or s.isascii():
        return ""
    return "".join(dict.fromkeys(c for c in _SPACES.sub(" ", _CONTROL.sub("", s)) if ord(c) not in cov))


def esc(text: object, keep_newlines: bool = False) -> str:
    """``text`` escaped for platypus paragraph markup (after :func:`clean`)."""
    s = _xml_escape(clean(text, keep_newlines), {'"': "&quot;"})
    if keep_newlines:
        s = s.replace("\n", "<br/>")
    return s


def fit(text: object, width: float, font: str, size: float) -> str:
    """``text`` cut with an ellipsis so it is at most ``width`` points wide."""
    s = clean(text)
    if not s or pdfmetrics.stringWidth(s, font, size) <= width:
        return s
    # binary search the longest prefix that fits with the ellipsis
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if pdfmetrics.stringWidth(s[:mid] + ELLIPSIS, font, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + ELLIPSIS


def wrap_lines(text: object, width: float, font: str, size: float, max_lines: int = 4) -> list[str]:
    """``text`` broken into lines at most ``width`` points wide, never cut: at the last
    space that fits; in a line without one, after ``-``, ``/``, ``_``, ``.`` or ``:``;
    only a word wider than ``width`` breaks inside (callers size columns to their longest
    word, :func:`longest_word`). The last of ``max_lines`` lines takes what is left
    (callers size columns so that never happens)."""
    s = clean(text)
    lines: list[str] = []
    sw = pdfmetrics.stringWidth
    while s and sw(s, font, size) > width and len(lines) < max_lines - 1:
        lo, hi = 1, len(s)  # longest prefix that fits (at least one character)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if sw(s[:mid], font, size) <= width:
                lo = mid
            else:
                hi = mid - 1
        cut = s.rfind(" ", 0, lo + 1)  # a space right after the prefix is a break too
        if cut <= 0:
            cut = max((s.rfind(ch, 0, lo) for ch in "-/_.:"), default=-1)
        n = cut + 1 if cut > 0 else lo
        lines.append(s[:n].rstrip())
        s = s[n:].lstrip()
    if s or not lines:
        lines.append(s)
    return lines


def longest_word(text: object, font: str, size: float) -> float:
    """The width in points of the widest word of ``text`` (words: split at white space):
    a column at least this wide wraps ``text`` at word boundaries only."""
    words = clean(text).split()
    return max((pdfmetrics.stringWidth(w, font, size) for w in words), default=0.0)


def truncate(text: object, limit: int) -> str:
    s = clean(text)
    return s if len(s) <= limit else s[: max(0, limit - 1)].rstrip() + ELLIPSIS


# -- fonts ---------------------------------------------------------------------------------

# Unicode TrueType fonts, first found wins: the DejaVu Sans Rackwright bundles in
# resources/fonts (Latin, Greek, Cyrillic, Hebrew, Arabic letters; no CJK), so a plan
# prints the same on every OS; then a system DejaVu (Linux), Arial (Windows, macOS),
# then Bitstream Vera, which reportlab itself ships (Latin-1 only).
FONT_DIR_NAME = "fonts"


def bundled_font_dirs() -> list[Path]:
    """Where the bundled fonts are looked for, as the shipped catalog is
    (docs/packaging.md): ``sys._MEIPASS/resources/fonts`` in a PyInstaller bundle,
    ``ui/resources/fonts`` in an installed wheel (setup.py maps ``resources/`` there),
    ``<repo>/resources/fonts`` in the source tree. Paths only: ``ui`` is not imported."""
    out: list[Path] = []
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        out.append(Path(meipass) / "resources" / FONT_DIR_NAME)
    here = Path(__file__).resolve()  # <site>/planner/reports/text.py
    out += [here.parents[2] / "ui" / "resources" / FONT_DIR_NAME, here.parents[2] / "resources" / FONT_DIR_NAME]
    return out


_FONT_CANDIDATES = [
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu",
                                               "/usr/share/fonts/TTF", "/usr/local/share/fonts"]),
    ("arial.ttf", "arialbd.ttf", [os.path.join(os.environ.get("WINDIR", r"C:\Windows"), "Fonts")]),
    ("Arial.ttf", "Arial Bold.ttf", ["/System/Library/Fonts/Supplemental", "/Library/Fonts"]),
]


@lru_cache(maxsize=1)
def fonts() -> tuple[str, str]:
    """(regular, bold) font names registered with reportlab; Helvetica if no TrueType
    font can be found. Also records which characters the font covers (:func:`clean`
    substitutes the others)."""
    global _coverage, FONT_FILE
    from reportlab.pdfbase.ttfonts import TTFont

    candidates = [("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", [str(d) for d in bundled_font_dirs()])]
    candidates += _FONT_CANDIDATES
    import reportlab

    rl_fonts = Path(reportlab.__file__).parent / "fonts"
    candidates.append(("Vera.ttf", "VeraBd.ttf", [str(rl_fonts)]))
    if getattr(sys, "frozen", False):  # a PyInstaller build may bundle DejaVu next to the app
        candidates.insert(0, ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", [str(Path(sys.executable).parent / "fonts")]))
    for regular, bold, folders in candidates:
        for folder in folders:
            r, b = Path(folder) / regular, Path(folder) / bold
            if r.is_file() and b.is_file():
                try:
                    reg, bld = TTFont("RW-Regular", str(r)), TTFont("RW-Bold", str(b))
                    pdfmetrics.registerFont(reg)
                    pdfmetrics.registerFont(bld)
                    from reportlab.lib.fonts import addMapping

                    addMapping("RW-Regular", 0, 0, "RW-Regular")
                    addMapping("RW-Regular", 1, 0, "RW-Bold")
                    addMapping("RW-Regular", 0, 1, "RW-Regular")
                    addMapping("RW-Regular", 1, 1, "RW-Bold")
                    FONT_FILE = str(r)
                    # BMP only: reportlab's TrueType subsetting keeps 16 bits of a code point,
                    # so an astral character (emoji) the font has would print as another glyph
                    _coverage = frozenset(c for c in set(reg.face.charToGlyph) & set(bld.face.charToGlyph)
                                          if c < 0x10000)
                    return "RW-Regular", "RW-Bold"
                except Exception:  # a broken font file: try the next one
                    continue
    return "Helvetica", "Helvetica-Bold"


FONT_FILE: str | None = None  # the TrueType file :func:`fonts` registered
