"""Rackwright desktop app (PySide6). Shows and edits the plan; never computes totals:
figures come from planner.engine through ui.document.Document.

Note: PySide6 6.12.0 corrupts None's reference count on CPython 3.11 (every void
method call drops one reference); pyproject.toml keeps that release out and
tests/test_qt_runtime.py guards against it.
"""
