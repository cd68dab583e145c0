"""The app's language: which one (system, setting, ``RACKWRIGHT_LANG``) and Qt's translators.

German and English. The source strings in ``ui/`` are English; German comes from
``resources/translations/rackwright_de.qm`` (compiled from ``rackwright_de.ts``, see
docs/i18n-app.md) plus Qt's own ``qtbase_de.qm`` for the standard buttons and dialogs.
The choice is made once at start-up (a changed setting takes effect on the next start).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, overload

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

if TYPE_CHECKING:
    def QT_TRANSLATE_NOOP(context: str, source: str, /) -> str:
        """Qt's marker as the type checker should see it: it returns ``source`` (PySide6's
        stub says ``object``, so every marked table would read as objects)."""
        ...
else:
    from PySide6.QtCore import QT_TRANSLATE_NOOP as QT_TRANSLATE_NOOP  # re-exported, typed above

LANGUAGES = ("en", "de")
ENV = "RACKWRIGHT_LANG"

_current = "en"
_installed: list[QTranslator] = []


def system_language() -> str:
    """'de' when the system's UI language is German, else 'en'."""
    for name in QLocale.system().uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def choose(setting: str | None) -> str:
    """The language to use: ``$RACKWRIGHT_LANG`` if set to a known language, else the
    setting ('de', 'en'), else ('system' or unknown) the system's."""
    env = os.environ.get(ENV, "").strip().lower()[:2]
    if env in LANGUAGES:
        return env
    if setting in LANGUAGES:
        return str(setting)
    return system_language()


def current() -> str:
    return _current


def locale_for(lang: str) -> QLocale:
    return QLocale(QLocale.Language.German, QLocale.Country.Germany) if lang == "de" else \
        QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)


def install(app: QCoreApplication, lang: str, directory: Path | None = None) -> str:
    """Install the translators for ``lang`` from ``directory`` (``resources/translations``,
    ``ui.shell.app`` passes it; None loads none: English as written) after removing earlier ones,
    and make its locale the default; returns the language in use ('en' if the German
    catalog is missing)."""
    global _current

    for t in _installed:
        app.removeTranslator(t)
    _installed.clear()
    ours = QTranslator(app)
    if directory is not None and ours.load(str(directory / f"rackwright_{lang}.qm")):
        app.installTranslator(ours)  # English: only the plural forms
        _installed.append(ours)
        if lang == "de":
            qt = QTranslator(app)
            if qt.load("qtbase_de", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                app.installTranslator(qt)
                _installed.append(qt)
    elif lang == "de":
        lang = "en"
    _current = lang
    QLocale.setDefault(locale_for(lang))
    _tell_planner(lang)
    return lang


def _tell_planner(lang: str) -> None:
    """The Qt-free side (findings, numbers) uses the same language."""
    from planner import i18n as pi18n

    pi18n.set_default_language(lang)


class TrDict(dict[str, str]):
    """A table of texts marked ``QT_TRANSLATE_NOOP(context, "...")``: ``[key]`` and ``get``
    return the translation (in the language installed when they are read)."""

    def __init__(self, context: str, *args: object, **kw: object) -> None:
        super().__init__(*args, **kw)
        self.context = context

    def __getitem__(self, key: str) -> str:
        return QCoreApplication.translate(self.context, super().__getitem__(key))

    @overload  # type: ignore[override]
    def get(self, key: str, default: None = None) -> str | None: ...
    @overload
    def get(self, key: str, default: str) -> str: ...
    def get(self, key: str, default: str | None = None) -> str | None:
        return self[key] if key in self else default


def tr_table(context: str, texts: tuple[str, ...] | list[str]) -> list[str]:
    """Translate a tuple of ``QT_TRANSLATE_NOOP(context, ...)`` texts."""
    return [QCoreApplication.translate(context, t) for t in texts]
