"""The main window on a laptop screen: it fits 1366x768, and no dock tab bar is left
floating over another dock after the window changes size (a Qt 6.11 quirk the main
window works around)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QTabBar

from tests.fixtures.ui_app.support import make_window

pytestmark = pytest.mark.gui
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


def _open_example(qtbot, tmp_path):
    """The window as `rackwright PLAN` opens it (the path where Qt left a stale bar)."""
    from PySide6.QtCore import QSettings

    from ui.settings import AppSettings
    from ui.shell.app import open_window

    settings = AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    path = tmp_path / EXAMPLE.name  # a copy: the app locks what it opens (parallel tests)
    shutil.copyfile(EXAMPLE, path)
    win = open_window(str(path), None, settings, background=False)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    return win


def _misplaced_tab_bars(win) -> list[str]:
    titles = {d.windowTitle(): d for d in win.docks.values()}
    bad = []
    for bar in win.findChildren(QTabBar):
        if bar.parent() is not win or not bar.isVisible() or bar.count() == 0:
            continue
        dock = titles[bar.tabText(bar.currentIndex())]
        g, b = dock.geometry(), bar.geometry()
        if not (abs(b.top() - g.bottom()) <= 8 or abs(g.top() - b.bottom()) <= 8):
            bad.append(f"{bar.tabText(0)} bar at {b.getRect()}, its dock at {g.getRect()}")
    return bad


def test_window_fits_a_1366_pixel_laptop_screen(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    assert win.minimumSizeHint().width() <= 1366
    win.resize(1366, 768)
    qtbot.waitUntil(lambda: win.width() == 1366)


@pytest.mark.parametrize("sizes", [[(1366, 768), (1920, 1080)], [(1920, 1080), (1366, 768), (1600, 960)]])
def test_no_stale_tab_bar_after_resizing(qtbot, tmp_path, sizes):
    win = _open_example(qtbot, tmp_path)
    for w, h in sizes:
        win.resize(w, h)
        qtbot.wait(30)
        assert _misplaced_tab_bars(win) == []


def test_a_tab_bar_beside_its_dock_is_taken_for_stale(qtbot, tmp_path):
    """On X11 at 1366x768 a plan with growth phases opened with a second Inspector/Workloads
    tab bar 38 px left of the live one, under the same dock row: it overlapped the dock, so
    the check took it for live and "Insp" showed beside the tabs (issue 32). A bar that does
    not start where its dock starts is hidden."""
    win = _open_example(qtbot, tmp_path)
    win.resize(1366, 768)
    qtbot.wait(30)
    titles = {d.windowTitle(): d for d in win.docks.values()}
    live = [b for b in win.findChildren(QTabBar) if b.parent() is win and b.isVisible() and b.count()]
    assert live, "no dock tab bar to look at"
    bar = live[0]
    dock = titles[bar.tabText(bar.currentIndex())]
    assert abs(bar.x() - dock.x()) <= 8  # the live one starts with its dock
    bar.move(bar.x() - 38, bar.y())  # where the stale one stood
    win.arrangement.hide_stale_tab_bars()
    assert not bar.isVisible()
