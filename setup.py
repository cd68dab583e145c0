"""Package layout for setuptools; everything else is in pyproject.toml.

Only here because pyproject.toml cannot both *discover* the code packages and *map*
data folders that live outside them: the shipped hardware catalog stays at the
repository root in ``catalogs/`` and the icons in ``resources/``, and a wheel carries
them as ``planner/catalogs/`` and ``ui/resources/`` (their files are listed as package
data in pyproject.toml). ``planner.catalog.shipped_catalog_dir()`` and
``ui.app.resources_dir()`` find them there; see docs/packaging.md.
"""

from setuptools import find_packages, setup

# installed package name -> folder in the repository
DATA_PACKAGES = {"planner.catalogs": "catalogs", "ui.resources": "resources"}

setup(
    packages=find_packages(include=["planner", "planner.*", "ui", "ui.*", "rackwright", "rackwright.*"])
    + list(DATA_PACKAGES),
    package_dir=DATA_PACKAGES,
)
