"""Third-party notices: what Rackwright redistributes, under which licence, with the licence
texts, read from the installed distributions' metadata (standard library only).

``packaging/rackwright.spec`` writes the text into the bundle at build time
(``resources/THIRD-PARTY-NOTICES.txt``: a bundle does not carry every dist-info folder);
Help > About shows that file, or the same text made from the installed metadata when run
from a wheel or the source tree. ``python -m planner.base.notices [OUT]`` writes it by hand.

Distributions that ship no licence file of their own (PySide6 and shiboken6 wheels carry
none) get the texts their declared licence names from ``resources/licenses/``.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

# the libraries the app is built on, as in pyproject.toml: used when rackwright's own
# metadata cannot be read (a frozen bundle without it)
MAIN_LIBRARIES = ("PySide6-Essentials", "shiboken6", "pyqtgraph", "numpy", "SQLAlchemy", "reportlab",
                  "PyYAML", "pydantic", "pydantic-core", "platformdirs", "openpyxl")
NOTICES_NAME = "THIRD-PARTY-NOTICES.txt"
# the extras the desktop bundle ships (packaging/rackwright.spec): the PostgreSQL driver for the
# team repository; their distributions are listed when installed
BUNDLED_EXTRAS = ("postgres",)
# licence texts kept in resources/licenses/ for distributions that ship none
BUNDLED_TEXTS = {"LGPL-3.0": "LGPL-3.0.txt", "GPL-3.0": "GPL-3.0.txt"}
_LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)

QT_LGPL = """\
Qt for Python (PySide6, shiboken6) and the Qt libraries it loads, and the PostgreSQL driver
psycopg (psycopg, psycopg-binary), are used under the GNU Lesser General Public License v3
(LGPL-3.0; its text and the GPL-3.0 it extends follow below). Rackwright links to them
dynamically and does not modify them. What that means for you, the user of this copy:

- They are separate, replaceable files. In the one-folder bundle (the folder with the
  rackwright executable):
  - Linux: the Qt libraries are _internal/PySide6/Qt/lib/libQt6*.so.6 (the same names
    directly in _internal/ are symbolic links to them) with Qt's plugins in
    _internal/PySide6/Qt/plugins; the bindings are _internal/PySide6/*.so,
    _internal/shiboken6/*.so and the Python files beside them;
  - Windows: the Qt libraries _internal\\PySide6\\Qt6*.dll and plugins\\, the bindings
    _internal\\PySide6\\*.pyd, _internal\\shiboken6\\ and the Python files beside them;
  - macOS: the same folders under Rackwright.app/Contents/Frameworks/ (replacing a file
    there invalidates the app's signature: sign it again, or run it unsigned);
  - psycopg is _internal/psycopg/ (Python source files), its compiled part and the libpq
    it loads are _internal/psycopg_binary/ and _internal/psycopg_binary.libs/.
  To use a modified Qt, PySide6 or psycopg, build the same version (PySide6 {pyside},
  psycopg {psycopg}) from its sources and put your files in place of these; nothing else
  in Rackwright needs changing.
- A wheel install (pip install rackwright) uses whatever PySide6 and psycopg pip installed;
  replace them with pip as usual.
- The sources of Qt are at https://download.qt.io/official_releases/qt/ and
  https://code.qt.io/cgit/qt/, those of Qt for Python at
  https://download.qt.io/official_releases/QtForPython/ and
  https://code.qt.io/cgit/pyside/pyside-setup.git/ (tag v{pyside}), those of psycopg at
  https://github.com/psycopg/psycopg (tag {psycopg}). On request the distributor of your
  copy of Rackwright gives you the same sources.
- You may reverse-engineer Rackwright to the extent needed to debug such modifications.
"""


def _dist(name: str) -> metadata.Distribution | None:
    try:
        return metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return None


def _req_name(req: str, extras: frozenset[str] = frozenset()) -> tuple[str, frozenset[str]] | None:
    """The distribution a requirement string names and the extras it asks of it, if the
    requirement applies here with none or one of ``extras`` requested."""
    try:
        from packaging.requirements import Requirement

        r = Requirement(req)
        wanted = r.marker is None or any(r.marker.evaluate({"extra": e}) for e in ("", *extras))
        return (r.name, frozenset(r.extras)) if wanted else None
    except Exception:  # no packaging (a frozen bundle) or an odd string: read it by hand
        pass
    spec, _, marker = req.partition(";")
    asked = re.search(r"""extra\s*==\s*['"]([^'"]+)['"]""", marker)
    if asked and asked.group(1) not in extras:
        return None
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?", spec)
    if not m:
        return None
    return m.group(1), frozenset(e.strip() for e in (m.group(2) or "").split(",") if e.strip())


def runtime_distributions(extras: tuple[str, ...] = BUNDLED_EXTRAS) -> list[metadata.Distribution]:
    """Rackwright's run-time dependencies and theirs (from the installed metadata), with those
    of ``extras`` that are installed (the bundle ships the PostgreSQL driver), sorted by name;
    the main libraries when rackwright's own metadata is not there."""
    root = _dist("rackwright")
    todo: list[tuple[str, frozenset[str]]]
    if root is not None:
        todo = [(r, frozenset(extras)) for r in root.requires or []]
    else:
        todo = [(n, frozenset()) for n in MAIN_LIBRARIES]
    found: dict[str, metadata.Distribution] = {}
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        req, asked = todo.pop()
        named = _req_name(req, asked)
        if named is None:
            continue
        name, sub_extras = named
        key = re.sub(r"[-_.]+", "-", name).lower()
        if (key, sub_extras) in seen:
            continue
        seen.add((key, sub_extras))
        d = found.get(key) or _dist(name)
        if d is None:
            continue
        found[key] = d
        todo.extend((r, sub_extras) for r in d.requires or [])
    return sorted(found.values(), key=lambda d: d.metadata["Name"].lower())


def native_libraries(dist: metadata.Distribution) -> list[str]:
    """The shared libraries a binary wheel carries for itself (auditwheel's ``NAME.libs/``
    folder on Linux, delocate's ``.dylibs/`` on macOS): libpq and OpenSSL in psycopg-binary,
    OpenBLAS in numpy. Their licences are those of the projects they come from."""
    return sorted({f.name for f in dist.files or []
                   if len(f.parts) >= 2 and (f.parts[-2].endswith(".libs") or f.parts[-2] == ".dylibs")})


def _field(md: metadata.PackageMetadata, name: str) -> str | None:
    """The first value of a metadata field, None when it is absent (PackageMetadata promises
    get_all, not Message.get)."""
    values = md.get_all(name)
    return values[0] if values else None


def licence_of(dist: metadata.Distribution, not_stated: str = "not stated") -> str:
    """The licence a distribution declares: License-Expression, else a short License field,
    else its 'License ::' classifiers."""
    md = dist.metadata
    expr = _field(md, "License-Expression")
    if expr:
        return expr.strip()
    lic = (_field(md, "License") or "").strip()
    if lic and "\n" not in lic and len(lic) <= 80 and lic.upper() != "UNKNOWN":
        return lic
    classifiers = [c.split("::")[-1].strip() for c in md.get_all("Classifier") or []
                   if c.startswith("License ::") and c.strip() != "License :: OSI Approved"]
    if classifiers:
        return ", ".join(classifiers)
    if lic:
        return lic.splitlines()[0][:80]
    return not_stated


def licence_texts(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """(file name, text) of the licence files a distribution ships: its License-File entries,
    else the LICENSE/COPYING/NOTICE/AUTHORS files in its dist-info folder."""
    found: dict[str, str] = {}
    declared = dist.metadata.get_all("License-File") or []
    for entry in dist.files or []:
        parts = entry.parts
        if not parts or not parts[0].endswith(".dist-info"):
            continue
        inner = "/".join(parts[2:] if len(parts) > 2 and parts[1] == "licenses" else parts[1:])
        if inner in declared or (len(parts) >= 2 and _LICENCE_FILE.search(parts[-1])):
            try:
                text = Path(str(dist.locate_file(entry))).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            found.setdefault(inner, text)
    return sorted(found.items())


def _bundled_texts(licence: str, resources: Path | None) -> list[tuple[str, str]]:
    out = []
    for spdx, fname in BUNDLED_TEXTS.items():
        if re.search(rf"\b{re.escape(spdx)}\b", licence) and resources is not None:
            p = resources / "licenses" / fname
            if p.is_file():
                out.append((f"resources/licenses/{fname}", p.read_text(encoding="utf-8")))
    return out


def _python_licence() -> str | None:
    import sysconfig

    p = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    return p.read_text(encoding="utf-8", errors="replace") if p.is_file() else None


def notices_text(resources: Path | None = None, version: str | None = None) -> str:
    """The whole notices file: a summary table, the Qt LGPL statement, then per distribution
    its name, version, licence, home page and licence texts; Python and the DejaVu fonts."""
    import platform

    if version is None:
        from planner import __version__ as version
    dists = runtime_distributions()
    rule = "=" * 78
    pyside = next((d.version for d in dists if d.metadata["Name"].lower().startswith("pyside6")), "?")
    psycopg = next((d.version for d in dists if d.metadata["Name"].lower() == "psycopg"), "not included")
    rows = [("Python", platform.python_version(), "PSF-2.0")]
    rows += [(d.metadata["Name"], d.version, licence_of(d)) for d in dists]
    rows.append(("DejaVu fonts", "2.37", "Bitstream-Vera AND LicenseRef-Arev-Fonts"))
    width = max(len(n) for n, _, _ in rows) + 2
    out = [f"Rackwright {version}: third-party notices", "",
           "Rackwright redistributes the software below. Each is listed with its version, its",
           "declared licence and the licence texts it ships (from the installed distributions'",
           "metadata when this file was made).", "",
           *(f"  {n:<{width}}{v:<12}{lic}" for n, v, lic in rows), "", rule,
           "Qt for Python, psycopg and the LGPL", rule, QT_LGPL.format(pyside=pyside, psycopg=psycopg)]
    py = _python_licence()
    out += [rule, f"Python {platform.python_version()} (PSF-2.0)", rule,
            py if py else "The Python Software Foundation License, https://docs.python.org/3/license.html", ""]
    shown: dict[str, str] = {}  # bundled licence text -> the distribution it was printed under
    for d in dists:
        lic = licence_of(d)
        home = _field(d.metadata, "Home-page") or next(
            (u.split(",", 1)[1].strip() for u in d.metadata.get_all("Project-URL") or []
             if u.split(",", 1)[0].strip().lower() in ("homepage", "home", "source", "repository")), "")
        out += [rule, f"{d.metadata['Name']} {d.version}", f"Licence: {lic}"]
        if home:
            out.append(f"Home page: {home}")
        libs = native_libraries(d)
        if libs:
            out.append("Carries these libraries of other projects, under their own licences: " + ", ".join(libs))
        out.append(rule)
        texts = licence_texts(d) or _bundled_texts(lic, resources)
        if not texts:
            out.append(f"(no licence file shipped; the declared licence is {lic})")
        for name, text in texts:
            if name.startswith("resources/") and name in shown:
                out += [f"--- {name}: the text under {shown[name]} above ---", ""]
                continue
            shown.setdefault(name, d.metadata["Name"])
            out += [f"--- {name} ---", text.rstrip(), ""]
    fonts = resources / "fonts" / "LICENSE-DejaVu.txt" if resources is not None else None
    out += [rule, "DejaVu fonts 2.37 (embedded in the PDF build plan)", rule,
            fonts.read_text(encoding="utf-8") if fonts is not None and fonts.is_file()
            else "Bitstream Vera Fonts Copyright; see https://dejavu-fonts.github.io/License.html", ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    resources = Path(__file__).resolve().parents[2] / "resources"
    text = notices_text(resources if resources.is_dir() else None)
    if argv:
        Path(argv[0]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
