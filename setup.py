"""Package layout for setuptools; everything else is in pyproject.toml.

Only here because pyproject.toml cannot both *discover* the code packages and *map*
data folders that live outside them: the shipped hardware catalog stays at the
repository root in ``catalogs/`` and the icons, fonts, guide and translations in
``resources/``, and a wheel carries them as ``planner/catalogs/`` and ``ui/resources/``.
``planner.catalog.shipped_catalog_dir()`` and ``ui.shell.app.resources_dir()`` find them there;
see docs/packaging.md.

Every data folder whose name could be imported (``ui/resources/icons``) is declared as a
package of its own, with the patterns of the files it ships: setuptools otherwise warns,
once per folder and file, that it "is absent from the packages configuration" (some 130
lines on the first ``python3 dev.py app``). Folders whose names are not identifiers
(``device-types/Server Technology``) are never taken for packages; their parent ships them
with a recursive pattern. The folders are read when the wheel is built, so a folder added
later (``resources/translations``, ``planner/locale/de/LC_MESSAGES``) ships without an edit.
"""

from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

# installed package name -> (folder in the repository, patterns of the files that ship)
DATA_TREES = {
    "planner.catalogs": ("catalogs", ["*.yaml", "*.yml", "*.md"]),
    "ui.resources": ("resources", ["*"]),  # icons, fonts, help, translations/*.qm
    "planner.locale": ("planner/locale", ["*.mo"]),  # gettext catalogs: planner/locale/LANG/LC_MESSAGES/*.mo
}


def data_packages() -> tuple[list[str], dict[str, str], dict[str, list[str]]]:
    packages: list[str] = []
    package_dir: dict[str, str] = {}
    package_data: dict[str, list[str]] = {}

    def walk(name: str, folder: Path, patterns: list[str]) -> None:
        packages.append(name)
        package_dir[name] = folder.relative_to(HERE).as_posix()
        data = list(patterns)
        for child in sorted(p for p in folder.iterdir() if p.is_dir() and p.name != "__pycache__"):
            if child.name.isidentifier():
                walk(f"{name}.{child.name}", child, patterns)
            else:  # not importable: the parent ships it
                data += [f"{child.name}/**/{pat}" for pat in patterns]
        package_data[name] = data

    for name, (folder, patterns) in DATA_TREES.items():
        if (HERE / folder).is_dir():
            walk(name, HERE / folder, patterns)
    return packages, package_dir, package_data


DATA_PACKAGES, PACKAGE_DIR, PACKAGE_DATA = data_packages()
CODE = [p for p in find_packages(include=["planner", "planner.*", "ui", "ui.*", "rackwright", "rackwright.*"])
        if p not in DATA_PACKAGES]

class BuildPyWithTranslations(build_py):
    """Compiles the gettext catalogs planner/locale/<lang>/LC_MESSAGES/*.po into the
    wheel's .mo files (issue 13; planner.i18n.catalogs reads them)."""

    def run(self):
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        src = Path(__file__).resolve().parent / "planner" / "locale"
        for po in sorted(src.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as fh:
                cat = read_po(fh, locale=po.parent.parent.name)
            mo = Path(self.build_lib) / "planner" / "locale" / po.relative_to(src).with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with mo.open("wb") as fh:
                write_mo(fh, cat, use_fuzzy=False)


setup(
    cmdclass={"build_py": BuildPyWithTranslations},
    packages=CODE + DATA_PACKAGES,
    package_dir=PACKAGE_DIR,
    package_data=PACKAGE_DATA,
)
