"""Rackwright planning core: plan model, catalog, engine, edits, storage, reports, CLI.

Pure Python. Never imports Qt (an import-linter contract enforces it).
"""

__version__ = "0.1.0"
