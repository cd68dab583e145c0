"""Language, number, money and date formats for the Qt-free planner (issue 13).

Two languages: ``"de"`` (German, locale de_DE) and ``"en"`` (English, locale en_US).
Everything here takes the language as an argument or uses the *active* language
(:func:`use_language` for one report or command, :func:`set_default_language` for the
process, e.g. the app's setting); it never changes the process locale.

Texts: ``_("...")`` and ``ngettext(singular, plural, n)`` translate through the gettext
catalog ``planner/locale/<lang>/LC_MESSAGES/rackwright.po`` (compiled to ``.mo`` by
``python3 dev.py test`` and by the wheel build; see :mod:`planner.i18n.catalogs`).
``N_("...")`` only marks a text for extraction (module-level tables); translate it with
``_()`` where it is shown. Sentences are whole entries with named placeholders
(``"{name}: {peak} A"``), never fragments glued together, so a translation can reorder them.

Formats (decisions, docs/i18n.md):

* numbers: German ``1.356.256`` / ``1,30``; English ``1,356,256`` / ``1.30``.
* money: the currency *symbol* where the locale puts it, without cents:
  German ``1.356.256 €``, ``1.356.256 $``; English ``€1,356,256``, ``$1,356,256``.
* dates: German ``01.12.2026``; English ISO ``2026-12-01`` (unambiguous for every
  English reader, and what the reports printed before).
* :func:`parse_number` reads the language's form and refuses what the other language
  would read differently (see there).
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as _dt
import locale as _pylocale
import math
import os
import re
import string
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from decimal import Decimal

LANGUAGES = ("de", "en")
LOCALES = {"de": "de_DE", "en": "en_US"}
LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}
PAPER = {"de": "A4", "en": "Letter"}  # default paper of a report in that language

_active: contextvars.ContextVar[str | None] = contextvars.ContextVar("rackwright_language", default=None)
_default: str = "en"


# ------------------------------------------------------------------------------- language

def normalize_language(lang: str | None) -> str:
    """``"de"``, ``"de_AT.UTF-8"``, ``"German"`` -> ``"de"``; anything else -> ``"en"``."""
    if not lang:
        return "en"
    low = lang.strip().lower()
    return "de" if low.startswith("de") or low.startswith("german") else "en"


def current_language() -> str:
    """The system's language, ``"de"`` or ``"en"``: ``RACKWRIGHT_LANG`` if set, else the
    POSIX variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else the OS locale (Windows
    and macOS set no variables)."""
    forced = os.environ.get("RACKWRIGHT_LANG")
    if forced:
        return normalize_language(forced)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        val = os.environ.get(var)
        if val:
            first = val.split(":")[0]
            if first in ("C", "POSIX") or first.startswith("C."):
                return "en"
            return normalize_language(first)
    try:
        loc = _pylocale.getlocale()[0]
    except (ValueError, TypeError):
        loc = None
    return normalize_language(loc)


def set_default_language(lang: str) -> None:
    """The process-wide language (the app's setting, the CLI's ``--lang``)."""
    global _default
    _default = normalize_language(lang)


def active_language() -> str:
    return _active.get() or _default


@contextlib.contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Make ``lang`` the active language in this thread/context (one report, one command)."""
    code = normalize_language(lang) if lang else active_language()
    token = _active.set(code)
    try:
        yield code
    finally:
        _active.reset(token)


def _lang(lang: str | None) -> str:
    return normalize_language(lang) if lang else active_language()


def babel_locale(lang: str | None = None):
    return _locale_obj(LOCALES[_lang(lang)])


@lru_cache(maxsize=4)
def _locale_obj(name: str):
    from babel import Locale

    return Locale.parse(name)


# ------------------------------------------------------------------------------- texts

def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark a text for the catalog without translating it (translate where it is shown)."""
    return message


def Np_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - the gettext convention
    """Mark a plural pair for the catalog; :func:`ngettext` translates it with a count."""
    return (singular, plural)


def gettext(message: str, lang: str | None = None) -> str:
    code = _lang(lang)
    if code == "en" or not message:
        return message
    from planner.i18n.catalogs import translations

    return translations(code).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    code = _lang(lang)
    if code == "en":
        return singular if n == 1 else plural
    from planner.i18n.catalogs import translations

    return translations(code).ngettext(singular, plural, n)


_ = gettext


# ------------------------------------------------------------------------------- numbers

def format_number(value: float | int | None, lang: str | None = None, decimals: int | None = None,
                  group: bool = True) -> str:
    """``value`` with the language's separators: ``decimals`` fixed places (None: as many as
    it needs, up to 3); ``group`` False leaves out the thousands separators."""
    from babel.numbers import format_decimal

    if value is None:
        return ""
    if isinstance(value, float) and not math.isfinite(value):
        return "∞" if value > 0 else ("−∞" if value < 0 else "–")
    if abs(value) >= HUGE:
        return _scientific(value, lang)
    loc = babel_locale(lang)
    if decimals is None:
        fmt = ("#,##0.###" if group else "0.###")
    else:
        frac = ("." + "0" * decimals) if decimals > 0 else ""
        fmt = ("#,##0" if group else "0") + frac
    number: float | int | Decimal = value
    if isinstance(value, float):
        # the float's exact value, as Python's format() rounds it: Babel would round its shortest
        # repr ("23.15" -> 23.2 half-even) where English f"{23.15:.1f}" prints 23.1
        import decimal

        number = decimal.Decimal(value)
    out = format_decimal(number, format=fmt, locale=loc, decimal_quantization=True)
    if out in ("-0", "-0,0", "-0.0") or (out.startswith("-") and set(out[1:]) <= set("0.,")):
        out = out[1:]
    return out


# From here on a figure is printed in scientific form (1,2e+25): no plan holds such a figure
# honestly, the digits of a float that large are noise, and decimal's default context (28
# digits) cannot quantize it (issue 29: a UPS of 1e-300 kW or 1e308 tokens crashed every output).
HUGE = 1e18


def _scientific(value: float | int, lang: str | None) -> str:
    text = f"{float(value):.3g}"
    if _lang(lang) == "de":
        text = text.replace(".", ",")
    return text


def format_percent(fraction: float, lang: str | None = None, decimals: int = 0) -> str:
    """``0.853`` -> ``85 %`` (German, with a space as DIN 5008 wants) / ``85%`` (English)."""
    num = format_number(fraction * 100.0, lang, decimals)
    return f"{num}\u00a0%" if _lang(lang) == "de" else f"{num}%"


def format_count(value: float | int, lang: str | None = None, short: bool = False) -> str:
    """A large count (tokens) as the language names it, CLDR's words through Babel: German
    ``1 Milliarde``, ``2,5 Milliarden``, ``1 Billion`` (10^12); English ``1 billion``,
    ``2.5 billion``, ``1 trillion``. ``short``: German ``1 Mrd.``, ``1 Bio.``; English ``1B``,
    ``1T``. Below a million the number as it is (``250.000``); up to three decimals."""
    from babel.numbers import format_compact_decimal

    if not math.isfinite(value) or abs(value) >= HUGE:
        return format_number(value, lang)
    if abs(value) < 1e6:
        return format_number(value, lang, None if isinstance(value, float) and not value.is_integer() else 0)
    return format_compact_decimal(value, format_type="short" if short else "long", locale=babel_locale(lang),
                                  fraction_digits=3)


# from this margin on (achieved 11 times what is required) a margin is the factor over the target
MARGIN_FACTOR_FROM = 9.995


def format_margin(margin: float, lang: str | None = None) -> str:
    """A workload margin (achieved/required - 1) as every output prints it: signed percent,
    ``+108 %`` / ``-12 %`` (no sign for a margin that rounds to zero); from +1,000 % on the
    factor over the target to two significant figures, ``×620`` (a vision target met 623 times
    over read "+62,224 %", in German "+62.224 %", issue 32: digits the model's ±17 % does not
    carry, and a German "62.224" looks like a decimal to an English eye)."""
    if math.isfinite(margin) and margin >= MARGIN_FACTOR_FROM:
        factor = 1.0 + margin
        digits = math.floor(math.log10(factor)) + 1
        return "\u00d7" + format_number(round(factor, 2 - digits), lang, 0)
    return ("+" if margin >= 0.005 else "") + f"{format_number(margin * 100.0, lang, 0)} %"


@lru_cache(maxsize=4)
def _money_pattern(name: str) -> str:
    pat = _locale_obj(name).currency_formats["standard"].pattern
    pat = pat.split(";")[0]
    return re.sub(r"\.0+", "", pat)  # no cents: plans are priced to the unit


def format_money(value: float, currency: str, lang: str | None = None, decimals: int = 0) -> str:
    """``1356256, "EUR"`` -> ``1.356.256 €`` (German) / ``€1,356,256`` (English); the
    symbol where the locale puts it. An unknown code is printed as the code."""
    from babel.numbers import format_currency

    if not math.isfinite(value) or abs(value) >= HUGE:
        return f"{format_number(value, lang)} {currency}"
    name = LOCALES[_lang(lang)]
    pat = _money_pattern(name)
    if decimals:
        pat = pat.replace("#,##0", "#,##0." + "0" * decimals, 1)
    return format_currency(value, currency, format=pat, locale=_locale_obj(name), currency_digits=False)


def format_date(date: _dt.date | _dt.datetime | str, lang: str | None = None) -> str:
    """German ``01.12.2026``; English ISO ``2026-12-01``. A string is read as ISO first; a
    month (``YYYY-MM``, as most catalog prices are dated) is German ``06.2025``, English
    ``2025-06``; any other string is returned as it is."""
    day: _dt.date
    if isinstance(date, str):
        month = re.fullmatch(r"(\d{4})-(0[1-9]|1[0-2])", date.strip())
        if month:
            return f"{month.group(2)}.{month.group(1)}" if _lang(lang) == "de" else month.group(0)
        try:
            day = _dt.date.fromisoformat(date[:10])
        except ValueError:
            return date
    elif isinstance(date, _dt.datetime):
        day = date.date()
    else:
        day = date
    if _lang(lang) == "de":
        return f"{day.day:02d}.{day.month:02d}.{day.year:04d}"
    return day.isoformat()


def format_list(items: list[str] | tuple[str, ...], style: Literal["and", "or"] = "and", lang: str | None = None) -> str:
    """``["a", "b", "c"]`` joined as the language joins a list: ``style`` ``"and"`` (German
    ``a, b und c``) or ``"or"`` (``a, b oder c``; English ``a, b, or c`` as CLDR writes it)."""
    from babel.lists import format_list as _babel_list

    seq = [str(x) for x in items]
    if len(seq) < 2:
        return "".join(seq)
    return _babel_list(seq, style="standard" if style == "and" else "or", locale=babel_locale(lang))


# ------------------------------------------------------------------------------- parsing

class AmbiguousNumber(ValueError):
    """A typed number the two languages read differently (``1.234``: 1.234 or 1234)."""


_SUFFIX = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9, "G": 1e9, "T": 1e12}
# a count's word as each language writes it after the number (format_count's words and CLDR's
# abbreviations): German "2 Mrd." / "2 Milliarden" = 2e9, "1 Bio." / "1 Billion" = 1e12, where the
# English "billion" is 1e9 (a false friend: each language reads its own)
_WORDS = {
    "de": {"tsd": 1e3, "tausend": 1e3, "mio": 1e6, "million": 1e6, "millionen": 1e6, "mrd": 1e9,
           "milliarde": 1e9, "milliarden": 1e9, "bio": 1e12, "billion": 1e12, "billionen": 1e12},
    "en": {"thousand": 1e3, "mn": 1e6, "million": 1e6, "millions": 1e6, "bn": 1e9, "billion": 1e9,
           "billions": 1e9, "trillion": 1e12, "trillions": 1e12},
}
_SPACES = re.compile(r"[\s_\u00a0\u202f\u2009']")


def parse_number(text: str, lang: str | None = None, integer: bool = False, *, lenient: bool = False) -> float | int:
    """A number as a person writes it in ``lang``: the one parser of typed numbers (the app's
    fields, the CLI's arguments, the price import's cells).

    German: ``1,5`` = 1.5, ``2.000`` = 2000, ``1.234.567,89``; English: ``1.5``,
    ``2,000``, ``1,234,567.89``. Spaces (and ``_``, ``'``) group digits in both; a final
    ``k``/``M``/``B``/``T`` multiplies (``500k``, ``2B``), and so does the language's word or
    abbreviation (:func:`format_count`): German ``2 Mrd.``, ``2 Milliarden``, ``1 Bio.``
    (10^12), English ``2 billion``, ``1 trillion``.

    Refused with a message (``ValueError``), never read as something else:

    * the other language's decimal mark (German ``1.5``, English ``1,5``);
    * separators that do not group by three (``1.23.4``);
    * **ambiguous** (:class:`AmbiguousNumber`): one separator followed by exactly three
      digits where the language reads it as a *decimal* mark: German ``1,234`` and
      English ``1.234`` are 1.234 here but 1234 to a reader of the other language. Such an
      entry must be written unambiguously (``1234`` or ``1,2340`` / ``1.2340``). The
      grouping reading (German ``2.000``, English ``2,000``) is accepted: it is the
      language's own thousands separator and no decimal mark, so it cannot be a decimal in
      that language.

    ``lenient`` (the Plan Settings' rates and prices, which have always taken either mark): the other language's decimal mark is read as one where
    it cannot be this language's thousands grouping: German ``1.5`` and ``0.15``, English
    ``1,5`` and ``0,92``. What groups by three stays the language's own (German ``2.000``
    is 2000) and the ambiguous stay refused.
    """
    code = _lang(lang)
    raw = text.strip() if isinstance(text, str) else str(text)
    t = _SPACES.sub("", raw).replace("\u2212", "-")
    if not t:
        raise ValueError(_("Enter a number", code))
    mult = 1.0
    word = re.fullmatch(r"(.*\d)([A-Za-zÄÖÜäöü]{2,})\.?", t)
    if word and word.group(2).lower() in _WORDS[code]:
        mult = _WORDS[code][word.group(2).lower()]
        t = word.group(1)
    elif t[-1] in _SUFFIX:
        mult = _SUFFIX[t[-1]]
        t = t[:-1]
    dec, grp = (",", ".") if code == "de" else (".", ",")
    m = re.fullmatch(r"([+-]?)([\d.,]+)(?:[eE]([+-]?\d+))?", t)
    if not m:
        raise ValueError(_("{raw!r} is not a number", code).format(raw=raw))
    sign, body, exp = m.groups()
    if lenient and dec not in body and body.count(grp) == 1:
        head, tail = body.split(grp)
        if not (head.isdigit() and 1 <= len(head) <= 3 and len(tail) == 3 and tail.isdigit()):
            body = body.replace(grp, dec)  # no grouping by three: only a decimal mark
    if body.count(dec) > 1:
        raise ValueError(_("“{text}” is not a number: more than one decimal mark “{dec}”", code)
                         .format(text=raw, dec=dec))
    whole, _sep, frac = body.partition(dec)
    if grp in frac:
        raise ValueError(_("“{text}” is not a number: “{grp}” after the decimal mark", code)
                         .format(text=raw, grp=grp))
    if grp in whole:
        groups = whole.split(grp)
        if not (1 <= len(groups[0]) <= 3 and groups[0] and all(len(g) == 3 for g in groups[1:])
                and all(g.isdigit() for g in groups)):
            if code == "de":
                msg = _("“{text}” is not a number: in German the decimal mark is a comma (1,5) and a "
                        "point only groups thousands (2.000)", code)
            else:
                msg = _("“{text}” is not a number: in English the decimal mark is a point, so use a point for "
                        "decimals (1.5); a comma only groups thousands (2,000)", code)
            raise ValueError(msg.format(text=raw))
        whole = whole.replace(grp, "")
    elif (_sep and len(frac) == 3 and whole.isdigit() and 1 <= len(whole) <= 3 and whole[0] != "0"
          and not exp):
        other = whole + frac
        raise AmbiguousNumber(
            _("“{text}” is ambiguous: {mine} here, but {other} to a reader who groups thousands with "
              "“{dec}”. Write {other} without separators, or the decimal with a fourth place ({mine}0)", code)
            .format(text=raw, mine=format_number(float(f"{whole}.{frac}"), code, 3, group=False),
                    other=other, dec=dec))
    if not whole and not frac:
        raise ValueError(_("{raw!r} is not a number", code).format(raw=raw))
    try:
        v = float(f"{sign}{whole or '0'}.{frac or '0'}" + (f"e{exp}" if exp else "")) * mult
    except ValueError:
        raise ValueError(_("{raw!r} is not a number", code).format(raw=raw)) from None
    if not math.isfinite(v):
        raise ValueError(_("{raw!r} is not a finite number", code).format(raw=raw))
    if integer:
        if v != int(v):
            raise ValueError(_("{raw!r} is not a whole number", code).format(raw=raw))
        return int(v)
    return v


# ------------------------------------------------------------------------------- templates

_NUM_SPEC = re.compile(r"^(?P<sign>\+?)(?P<comma>,?)(?:\.(?P<prec>\d+))?(?P<type>[fdg%]?)$")


class _LocaleFormatter(string.Formatter):
    """``str.format`` whose numeric fields (``{x:.1f}``, ``{n:,.0f}``, ``{n:d}``, ``{r:g}``,
    ``{p:.0%}``) use the language's separators; other fields as ``str.format``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return super().format_field(value, format_spec)
        m = _NUM_SPEC.match(format_spec)
        if m is None:
            return super().format_field(value, format_spec)
        if m.group("sign") and value >= 0:  # {x:+.0%}: the sign as Python writes it, the rest in the language's form
            return "+" + self.format_field(value, format_spec[1:])
        prec = m.group("prec")
        typ = m.group("type")
        if typ == "%":
            return format_percent(value, self.lang, int(prec or 0))
        if typ == "g":
            py = format(value, format_spec)
            if "e" in py or prec is not None:  # {:.3g} of 1e11 is 1e+11, as in English: only the marks change
                dec, grp = (",", ".") if self.lang == "de" else (".", ",")
                return py.translate({ord("."): dec, ord(","): grp})
        if typ == "g" or (not typ and prec is None):
            if isinstance(value, int) or (typ == "g" and float(value).is_integer()):
                return format_number(value, self.lang, 0, group=bool(m.group("comma")) or abs(value) >= 10000)
            return format_number(value, self.lang, None, group=bool(m.group("comma")))
        return format_number(value, self.lang, int(prec) if prec is not None else 0,
                             group=bool(m.group("comma")) or abs(value) >= 10000)


@lru_cache(maxsize=4)
def _formatter(lang: str) -> _LocaleFormatter:
    return _LocaleFormatter(lang)


def format_field(value: Any, spec: str, lang: str | None = None) -> str:
    """``format(value, spec)`` (``',.0f'``, ``'.1f'``, ``','``, ``'.0%'``) with the language's
    separators, as a field of ``render`` is: German ``1.356.256`` / ``1,30``."""
    code = _lang(lang)
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) \
            and abs(value) >= HUGE and spec and spec[-1:] not in ("s", "r"):
        return _scientific(value, code) + ("\u00a0%" if code == "de" and spec.endswith("%") else
                                            "%" if spec.endswith("%") else "")
    if code == "en":
        return format(value, spec)
    return _formatter(code).format_field(value, spec)


def format_template(template: str, lang: str | None = None, /, **fields: Any) -> str:
    """``template.format(**fields)`` with the numeric fields (``{x:.1f}``) in the language's
    number format; no translation (``render`` translates first)."""
    code = _lang(lang)
    if code == "en":
        return template.format(**fields)
    return _formatter(code).format(template, **fields)


def render(template: str | tuple[str, str], params: dict[str, Any] | tuple[tuple[str, Any], ...] = (),
           lang: str | None = None, n: int | None = None) -> str:
    """Translate ``template`` (a ``N_`` text or an ``Np_`` pair with count ``n``) and fill
    in ``params`` with the language's number formats. English is ``str.format`` as is."""
    code = _lang(lang)
    kw = dict(params)
    if isinstance(template, tuple):
        count = int(n if n is not None else kw.get("n", 1))
        text = ngettext(template[0], template[1], count, code)
    else:
        text = gettext(template, code)
    if code == "en":
        return text.format(**kw)
    try:
        return _formatter(code).format(text, **kw)
    except (KeyError, IndexError, ValueError):
        # a broken translation must not lose the message: fall back to English
        src = ngettext(template[0], template[1], int(kw.get("n", 1)), "en") if isinstance(template, tuple) \
            else template
        return src.format(**kw)


def tf(template: str | tuple[str, str], /, **params: Any) -> str:
    """Translate ``template`` into the active language and fill in ``params`` (numbers in the
    language's form): ``print(tf("{n:,} racks written", n=n))``. English is ``str.format``
    as is. Babel extracts the template (keyword ``tf``); an ``Np_`` pair picks by ``n``."""
    return render(template, params)


# ------------------------------------------------------------------------------- messages

class Message(str):
    """A text the planner makes for the user (a workload note, a refusal, an undo text),
    computed once in English like a finding's message and translated at the edge: the string
    *is* the English text (so ``--json``, plan files, logs and comparisons stay English and
    locale-free), and it keeps its template and parameters for :meth:`translated`. Make one
    with :func:`tmsg` (or :func:`deferred`, the same for undo texts)."""

    template: str | tuple[str, str]
    params: tuple[tuple[str, Any], ...]

    def translated(self, lang: str | None = None) -> str:
        """The text in ``lang`` (default: the active language), a parameter that is itself a
        Message (a clause of a longer sentence) in the same language."""
        if _lang(lang) == "en":
            return str(self)
        params = tuple((k, v.translated(lang) if isinstance(v, Message) else v) for k, v in self.params)
        return render(self.template, params, lang)

    def __reduce__(self) -> tuple[Any, ...]:  # pickles and copies keep the template (worker processes, deepcopy)
        return (_message, (str(self), self.template, self.params))


def _message(text: str, template: str | tuple[str, str], params: tuple[tuple[str, Any], ...]) -> Message:
    m = Message(text)
    m.template, m.params = template, params
    return m


def tmsg(template: str | tuple[str, str], /, **params: Any) -> Message:
    """The English text of ``template`` (a literal, or an ``Np_`` pair picked by ``n``) filled
    with ``params``, remembering both for :func:`message_text` in another language. Babel extracts the
    template (keyword ``tmsg``), so it is a literal at the call, never an f-string."""
    if isinstance(template, tuple):
        src = template[0] if params.get("n", 1) == 1 else template[1]
    else:
        src = template
    return _message(src.format(**params), template, tuple(params.items()))


def message_text(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: the active language): a :class:`Message` through its
    template and the catalog; any other string as it is (names, product texts, or already
    translated)."""
    return message.translated(lang) if isinstance(message, Message) else str(message)


def error_text(error: BaseException, lang: str | None = None) -> str:
    """The reason an exception gives the user (an ``EditRefused``, a ``ValueError`` a form
    shows) in ``lang``: its first argument through :func:`message_text` when that is a text
    (a :class:`Message` keeps its template there; ``str(error)`` would be the plain English)."""
    first = error.args[0] if len(error.args) == 1 else None
    return message_text(first, lang) if isinstance(first, str) else str(error)


def join_messages(parts: list[str], sep: str = ", ") -> str:
    """``parts`` (Messages or plain strings) joined with ``sep`` as one :class:`Message`
    (a list of clauses, not a sentence: the separator stays as it is and each part is
    translated where the whole is shown)."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    template = sep.replace("{", "{{").replace("}", "}}").join(f"{{p{i}}}" for i in range(len(parts)))
    return _message(sep.join(parts), template, tuple((f"p{i}", p) for i, p in enumerate(parts)))


# ------------------------------------------------------------------------------- undo texts

def deferred(template: str | tuple[str, str], n: int | None = None, **params: Any) -> Message:
    """An edit's undo text: ``deferred(N_("Add rack {name}"), name=rack.name)``; plurals:
    ``deferred(Np_("Paste {n} item", "Paste {n} items"), n=n)``. A :class:`Message` like
    :func:`tmsg`'s (English where the Qt-free planner makes it; the app's Edit menu shows it
    in the language of the moment)."""
    if n is not None:
        params.setdefault("n", n)
    return tmsg(template, **params)


def translated(text: str, lang: str | None = None) -> str:
    """``text`` in ``lang`` (default: the active language): a :class:`Message` from its
    template, a plain one through the catalog (English if it is not there)."""
    if isinstance(text, Message):
        return text.translated(lang)
    return gettext(text, lang) if text else text


__all__ = [
    "LANGUAGES", "LANGUAGE_NAMES", "LOCALES", "PAPER", "AmbiguousNumber", "Message", "N_", "Np_", "_",
    "active_language", "babel_locale", "current_language", "deferred", "error_text", "format_count", "format_date",
    "format_field",
    "format_list", "format_margin", "format_money", "format_number", "format_percent", "format_template", "gettext", "join_messages",
    "message_text", "ngettext",
    "normalize_language", "parse_number", "render", "set_default_language", "tf", "tmsg", "translated",
    "use_language",
]
