"""Where the app finds its resources (icons, the offline guide): one place for the
launcher, the Help menu and the packaging tests."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """Icons and other resources: ``sys._MEIPASS/resources`` in a PyInstaller bundle,
    ``ui/resources`` in an installed wheel (setup.py maps the repository's
    ``resources/`` there), else ``<repo>/resources`` (docs/packaging.md)."""
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        return Path(meipass) / "resources"
    here = Path(__file__).resolve().parent
    installed = here / "resources"
    return installed if installed.is_dir() else here.parent / "resources"
