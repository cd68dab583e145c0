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

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_SPACES = re.compile(r"[\t\n\r\u2028\u2029]+")

ELLIPSIS = "\u2026"


def clean(text: object, keep_newlines: bool = False) -> str:
    """A string safe to draw: control characters and lone surrogates removed, line
    breaks turned into spaces (unless kept)."""
    s = "" if text is None else str(text)
    if keep_newlines:
        s = s.replace("\r\n", "\n").replace("\r", "\n")
        s = "\n".join(_SPACES.sub(" ", _CONTROL.sub("", line)) for line in s.split("\n"))
    else:
        s = _SPACES.sub(" ", _CONTROL.sub("", s))
    return s


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


def truncate(text: object, limit: int) -> str:
    s = clean(text)
    return s if len(s) <= limit else s[: max(0, limit - 1)].rstrip() + ELLIPSIS


# -- fonts ---------------------------------------------------------------------------------

# Unicode TrueType fonts, first found wins: DejaVu (Linux, broad coverage), Arial
# (Windows, macOS), then Bitstream Vera, which reportlab itself ships (Latin-1 only).
_FONT_CANDIDATES = [
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu",
                                               "/usr/share/fonts/TTF", "/usr/local/share/fonts"]),
    ("arial.ttf", "arialbd.ttf", [os.path.join(os.environ.get("WINDIR", r"C:\Windows"), "Fonts")]),
    ("Arial.ttf", "Arial Bold.ttf", ["/System/Library/Fonts/Supplemental", "/Library/Fonts"]),
]


@lru_cache(maxsize=1)
def fonts() -> tuple[str, str]:
    """(regular, bold) font names registered with reportlab; Helvetica if no TrueType
    font can be found."""
    from reportlab.pdfbase.ttfonts import TTFont

    candidates = list(_FONT_CANDIDATES)
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
                    pdfmetrics.registerFont(TTFont("RW-Regular", str(r)))
                    pdfmetrics.registerFont(TTFont("RW-Bold", str(b)))
                    from reportlab.lib.fonts import addMapping

                    addMapping("RW-Regular", 0, 0, "RW-Regular")
                    addMapping("RW-Regular", 1, 0, "RW-Bold")
                    addMapping("RW-Regular", 0, 1, "RW-Regular")
                    addMapping("RW-Regular", 1, 1, "RW-Bold")
                    return "RW-Regular", "RW-Bold"
                except Exception:  # a broken font file: try the next one
                    continue
    return "Helvetica", "Helvetica-Bold"
