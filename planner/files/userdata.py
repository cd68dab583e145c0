"""Where the app keeps its own files (recovery copies) and how often it autosaves: the
few facts the app needs at start-up, without importing the project-file code
(planner.files.storage and SQLAlchemy, ~0.3-0.5 s of a cold start; issue 30)."""

from __future__ import annotations

import os
from pathlib import Path

USER_DATA_ENV = "RACKWRIGHT_USER_DATA"
AUTOSAVE_ENV = "RACKWRIGHT_AUTOSAVE_SECONDS"
DEFAULT_INTERVAL_S = 120.0


def user_data_dir() -> Path:
    env = os.environ.get(USER_DATA_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("Rackwright"))


def recovery_dir() -> Path:
    """The folder of the recovery copies (planner.files.storage.recovery.RecoveryStore)."""
    return user_data_dir() / "recovery"


def has_recovery_slots(root: Path | None = None) -> bool:
    """Whether the recovery folder holds any slot at all (a ``*.json`` beside its copy):
    without one there is nothing to offer and the project-file code need not be loaded."""
    folder = root if root is not None else recovery_dir()
    try:
        return any(folder.glob("*.json"))
    except OSError:
        return True  # cannot tell: let the store look (and report) as before


def autosave_interval_s() -> float:
    """Seconds between autosaves: ``$RACKWRIGHT_AUTOSAVE_SECONDS`` or 120 (0 turns autosave off)."""
    raw = os.environ.get(AUTOSAVE_ENV)
    if raw:
        try:
            v = float(raw)
            if v >= 0:
                return v
        except ValueError:
            pass
    return DEFAULT_INTERVAL_S
