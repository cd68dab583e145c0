"""Package layout for setuptools; everything else is in pyproject.toml.

Only here because pyproject.toml cannot both *discover* the code packages and *map*
data folders that live outside them: the shipped hardware catalog stays at the
repository root in ``catalogs/`` and the icons in ``resources/``, and a wheel carries
them as ``planner/catalogs/`` and ``ui/resources/`` (their files are listed as package
data in pyproject.toml). ``planner.catalog.shipped_catalog_dir()`` and
``ui.app.resources_dir()`` find them there; see docs/packaging.md.
"""

from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

# installed package name -> folder in the repository
DATA_PACKAGES = {"planner.catalogs": "catalogs", "ui.resources": "resources"}



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
    packages=find_packages(include=["planner", "planner.*", "ui", "ui.*", "rackwright", "rackwright.*"])
    + list(DATA_PACKAGES),
    package_dir=DATA_PACKAGES,
)
