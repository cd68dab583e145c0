"""Launcher package: routes `rackwright` to the headless CLI or the desktop app.

Kept tiny and separate so that `planner` never has to know the UI exists.
"""
