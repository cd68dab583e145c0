"""The site's power region (``Metadata.site_region``) and what follows from it.

``"eu"``: 230/400 V 50 Hz, three-phase rack feeds of 16, 32 or 63 A on IEC 60309 plugs
(3P+N+E, 6h), C13/C19 outlets; no continuous-load derating in the installation rules
(IEC 60364-4-43 clause 433.1 sizes the protective device to the design current,
I_B <= I_n <= I_z), so an EU feed carries its rating (``continuous_derating`` 1.0).
``"na"``: 120/208 V or 240/415 V 60 Hz, NEC 210.19(A)/210.20(A): a continuous load at most
80 % of the breaker (``continuous_derating`` 0.8, the engine's default). docs/engine.md,
"Site region", gives the sources.

A new plan's region follows the user's language and locale (:func:`default_region`): German
-> EU; else the locale's territory (``en_GB`` -> EU, ``en_US`` -> North America); else North
America. Qt-free; the app and the CLI call it with their language.
"""

from __future__ import annotations

import locale as _pylocale
import os

from planner.model.plan import SiteRegion

# ISO 3166 territories on 230/400 V 50 Hz with IEC 60309 industrial plugs: the EU/EEA, the UK and
# Switzerland (the markets of a European integrator)
EU_TERRITORIES = frozenset({
    "AT", "BE", "BG", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GR", "HR", "HU", "IE", "IS",
    "IT", "LI", "LT", "LU", "LV", "MT", "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK", "UK",
})
EU_LANGUAGES = frozenset({"de", "fr", "it", "nl", "pl", "cs", "sk", "da", "sv", "fi", "nb", "no", "pt", "hu",
                          "ro", "bg", "hr", "sl", "et", "lv", "lt", "el", "ga", "mt"})

# what a feed's breaker may carry continuously, by region (see the module docstring)
CONTINUOUS_DERATING: dict[str, float] = {"eu": 1.0, "na": 0.8}
# the breaker ratings a rack feed has in each region (IEC 60309: 16/32/63 A; NEC: 20/30/50/60 A)
FEED_BREAKERS_A: dict[str, tuple[float, ...]] = {"eu": (16.0, 32.0, 63.0), "na": (20.0, 30.0, 50.0, 60.0)}
FREQUENCY_HZ: dict[str, int] = {"eu": 50, "na": 60}
# the three-phase voltage (line-line) of a generated feed when no PDU says otherwise
FEED_VOLTAGE_V: dict[str, float] = {"eu": 400.0, "na": 415.0}


def _system_locale() -> str | None:
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        val = os.environ.get(var)
        if val:
            return val.split(":")[0]
    try:
        return _pylocale.getlocale()[0]
    except (ValueError, TypeError):
        return None


def region_for_locale(locale_name: str | None) -> SiteRegion | None:
    """``"de_DE.UTF-8"`` -> ``"eu"``, ``"en_US"`` -> ``"na"``, ``"en"`` -> None (no territory,
    language not European)."""
    if not locale_name:
        return None
    base = locale_name.split(".")[0].split("@")[0].replace("-", "_")
    parts = base.split("_")
    lang = parts[0].lower()
    territory = parts[1].upper() if len(parts) > 1 else ""
    if territory:
        return "eu" if territory in EU_TERRITORIES else "na"
    if lang in EU_LANGUAGES or lang.startswith("german"):
        return "eu"
    return None


def default_region(language: str | None = None, locale_name: str | None = None) -> SiteRegion:
    """The region a new plan starts with: ``RACKWRIGHT_REGION`` (``eu``/``na``) if set and no
    ``locale_name`` is given; else German (``language`` "de") -> EU; else the territory of
    ``locale_name`` (default: the system's locale); else North America."""
    forced = os.environ.get("RACKWRIGHT_REGION")
    if forced and locale_name is None:
        try:
            return normalize_region(forced)
        except ValueError:
            pass  # a wrong value is ignored like an unknown RACKWRIGHT_LANG
    if language and language.strip().lower().startswith(("de", "german")):
        return "eu"
    found = region_for_locale(locale_name if locale_name is not None else _system_locale())
    return found or "na"


def normalize_region(value: str | None) -> SiteRegion:
    """``"EU"``/``"eu"``/``"europe"`` -> ``"eu"``; ``"na"``/``"us"``/... -> ``"na"``; ValueError otherwise."""
    low = (value or "").strip().lower()
    if low in ("eu", "europe", "emea"):
        return "eu"
    if low in ("na", "us", "north-america", "north america", "usa"):
        return "na"
    raise ValueError(f"unknown region {value!r} (eu or na)")


__all__ = ["CONTINUOUS_DERATING", "EU_TERRITORIES", "FEED_BREAKERS_A", "FEED_VOLTAGE_V", "FREQUENCY_HZ",
           "default_region", "normalize_region", "region_for_locale"]
