"""Rackwright desktop app (PySide6). Shows and edits the plan; never computes totals:
figures come from planner.engine through ui.document.Document."""
