"""The gettext catalogs of the planner's texts: ``planner/locale/<lang>/LC_MESSAGES/rackwright.po``
(the sources, in git) and the compiled ``rackwright.mo`` beside them (built by
``python3 dev.py test`` and by the wheel build through :func:`compile_catalogs`; shipped
as package data).

    python -m planner.i18n compile    # .po -> .mo
    python -m planner.i18n extract    # the texts marked in planner/ (Babel's extractor)
    python -m planner.i18n check      # marked texts missing from a catalog, untranslated or fuzzy entries

A source checkout without compiled ``.mo`` files still runs: the ``.po`` is read
directly (slower to load, same result).
"""

from __future__ import annotations

import gettext as _gettext
from functools import lru_cache
from pathlib import Path

DOMAIN = "rackwright"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
PLANNER_DIR = LOCALE_DIR.parent

# Babel keywords: the call and which positional arguments are the text (1-based);
# (i, j) is a plural pair. make(code, template, ...) and fabric_finding(sev, code, template, ...)
# carry finding templates; tmsg(template, ...) a planner Message's.
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None, "gettext": None, "N_": None, "ngettext": (1, 2), "Np_": (1, 2),
    "make": (2,), "fabric_finding": (3,), "tmsg": (1,), "tf": (1,),
}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


class _PoTranslations(_gettext.NullTranslations):
    """A catalog read straight from its ``.po`` (source checkout without a compiled ``.mo``)."""

    def __init__(self, po: Path) -> None:
        super().__init__()
        from babel.messages.pofile import read_po

        with po.open("rb") as fh:
            cat = read_po(fh)
        self._plural_index = _gettext.c2py(cat.plural_expr or "(n != 1)")
        self._single: dict[str, str] = {}
        self._plural: dict[tuple[str, str], tuple[str, ...]] = {}
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            if isinstance(m.id, tuple | list):
                if isinstance(m.string, tuple | list) and all(m.string):
                    self._plural[(m.id[0], m.id[1])] = tuple(m.string)
            elif isinstance(m.string, str) and m.string:
                self._single[m.id] = m.string

    def gettext(self, message: str) -> str:
        return self._single.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        forms = self._plural.get((msgid1, msgid2))
        if not forms:
            return msgid1 if n == 1 else msgid2
        idx = int(self._plural_index(n))
        return forms[min(idx, len(forms) - 1)]


@lru_cache(maxsize=4)
def translations(lang: str) -> _gettext.NullTranslations:
    mo, po = mo_path(lang), po_path(lang)
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fh:
            return _gettext.GNUTranslations(fh)
    if po.exists():
        return _PoTranslations(po)
    return _gettext.NullTranslations()


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compile_catalogs(locale_dir: Path | None = None) -> list[Path]:
    """Compile every ``.po`` under ``locale_dir`` to its ``.mo`` (skipping fuzzy entries);
    returns the files written. A malformed ``.po`` raises Babel's PoFileError naming the line."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    root = locale_dir or LOCALE_DIR
    written = []
    for po in sorted(root.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as fh:
            cat = read_po(fh, locale=po.parent.parent.name, abort_invalid=True)
        # (no Babel cat.check(): it reads "5 % of" as a %-placeholder; the texts use {name}
        # placeholders, which check() below compares)
        mo = po.with_suffix(".mo")
        tmp = mo.with_suffix(".mo.tmp")
        with tmp.open("wb") as fh:
            write_mo(fh, cat, use_fuzzy=False)
        tmp.replace(mo)
        written.append(mo)
    translations.cache_clear()
    return written


def extract(root: Path | None = None) -> dict[str | tuple[str, str], list[tuple[str, int]]]:
    """Every text marked for translation in the planner's Python files (Babel's extractor
    with :data:`KEYWORDS`): msgid (or plural pair) -> [(file, line)]."""
    from babel.messages.extract import extract_from_file

    base = root or PLANNER_DIR
    out: dict[str | tuple[str, str], list[tuple[str, int]]] = {}
    for path in sorted(base.rglob("*.py")):
        if "locale" in path.parts:
            continue
        for lineno, message, _comments, _ctx in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            if isinstance(message, tuple | list):
                if not message[0]:
                    continue
                key: str | tuple[str, str] = (message[0], message[1])
            else:
                if not message:
                    continue
                key = message
            out.setdefault(key, []).append((str(path.relative_to(base.parent)), lineno))
    return out


def check(lang: str) -> list[str]:
    """Problems of one catalog: marked texts it lacks, untranslated or fuzzy entries, and
    placeholders the translation drops or invents. Empty when the catalog is complete."""
    import re

    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as fh:
        cat = read_po(fh, locale=lang)
    problems = []
    entries = {}
    for m in cat:
        if not m.id:
            continue
        key = (m.id[0], m.id[1]) if isinstance(m.id, tuple | list) else m.id
        entries[key] = m
        strings = list(m.string) if isinstance(m.string, tuple | list) else [m.string or ""]
        if m.fuzzy:
            problems.append(f"fuzzy: {key!r}")
        elif not all(strings):
            problems.append(f"untranslated: {key!r}")
        else:
            ids = list(key) if isinstance(key, tuple) else [key]
            want = {f for i in ids for f in re.findall(r"\{(\w+)", i)}
            for s in strings:
                have = set(re.findall(r"\{(\w+)", s))
                if have - want or (want - have - {"n"}):
                    problems.append(f"placeholders differ: {key!r}: {sorted(want)} vs {sorted(have)}")
    for key, where in extract().items():
        if key not in entries:
            problems.append(f"not in the {lang} catalog: {key!r} ({where[0][0]}:{where[0][1]})")
    return problems


def update_po(lang: str) -> int:
    """Add the extracted texts a catalog lacks (empty translations) and drop texts no longer
    marked; returns the number added. For translators: then fill in the empty entries."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    po = po_path(lang)
    if po.exists():
        with po.open("rb") as fh:
            cat = read_po(fh, locale=lang)
    else:
        cat = Catalog(locale=lang, domain=DOMAIN, project="Rackwright")
    template = Catalog(locale=lang, domain=DOMAIN, project="Rackwright")
    for key, where in extract().items():
        template.add(key, locations=where[:3])
    before = {m.id if isinstance(m.id, str) else tuple(m.id) for m in cat if m.id}
    cat.update(template, no_fuzzy_matching=True)
    cat.obsolete.clear()
    after = {m.id if isinstance(m.id, str) else tuple(m.id) for m in cat if m.id}
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as fh:
        write_po(fh, cat, width=100, omit_header=False, sort_output=False, include_previous=False)
    return len(after - before)
