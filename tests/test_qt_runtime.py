"""The Qt binding we run on must not corrupt Python's reference counts.

PySide6 6.12.0 drops one reference to None on every call of a void C++ method; on
CPython 3.11 the app then aborts after a few painted frames. pyproject.toml keeps
that release out; this test fails if such a binding is installed anyway."""

from __future__ import annotations

import sys

import pytest


@pytest.mark.gui
def test_void_method_calls_keep_none_alive():
    from PySide6.QtGui import QColor

    color = QColor(1, 2, 3)
    before = sys.getrefcount(None)
    for _ in range(2000):
        color.setRed(5)
    after = sys.getrefcount(None)
    assert after >= before - 50, f"None lost {before - after} references in 2000 void calls"
