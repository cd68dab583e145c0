"""The Charts dock in the main window's default layout."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("size", [(1920, 1050), (1310, 1000), (1366, 740)])
def test_chart_tabs_are_not_cut_off_in_the_default_layout(qtbot, tmp_path, size):
    """Beside the Findings at 1920 px the Charts dock was narrower than its tab bar and the
    last tab read "Arbeitsla" behind scroll arrows: every tab is shown whole."""
    from pathlib import Path

    from PySide6.QtWidgets import QApplication

    from tests.fixtures.ui_app.support import make_window
    from ui import i18n

    ts_dir = Path(__file__).resolve().parents[1] / "resources" / "translations"
    i18n.install(QApplication.instance(), "de", ts_dir)  # the longest tab texts
    try:
        win = make_window(qtbot, tmp_path)
    finally:
        i18n.install(QApplication.instance(), "en", ts_dir)
    assert win.panels["chartsDock"].tabs.tabText(2) == "Arbeitslasten"
    win.resize(*size)
    win.docks["chartsDock"].show()
    win.docks["chartsDock"].raise_()
    qtbot.waitUntil(lambda: win.panels["chartsDock"].isVisible())
    bar = win.panels["chartsDock"].tabs.tabBar()
    findings, charts = win.docks["findingsDock"], win.docks["chartsDock"]
    if findings.isVisible() and charts.isVisible() and not charts.visibleRegion().isEmpty() \
            and win.tabifiedDockWidgets(charts) == []:  # side by side: squeeze the Charts (as seen at 1920)
        win.resizeDocks([findings, charts], [findings.width() + charts.width() - 150, 150], Qt.Orientation.Horizontal)
    qtbot.wait(20)
    for i in range(bar.count()):
        assert bar.rect().contains(bar.tabRect(i)), (bar.tabText(i), bar.tabRect(i), bar.rect())
