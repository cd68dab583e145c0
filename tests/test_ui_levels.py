"""The views show the engine's levels, from the user's thresholds: with the cooling
warning set to 58 % in Settings, a rack the engine warns about (COOLING_NEAR_CAPACITY)
turns amber on the floor plan, in the Totals, the Charts and its elevation header -- no
view keeps thresholds of its own. And the Totals' headline values follow a live switch
to the dark theme (issue #11)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from planner.engine import levels
from ui import style

pytestmark = pytest.mark.gui
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _open(qtbot, tmp_path: Path, example: str = "xe9680-h100-pod.json"):
    from ui.settings import AppSettings
    from ui.shell.app import open_window

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    path = tmp_path / example  # a copy: the app locks the file it opens
    shutil.copyfile(EXAMPLES / example, path)
    win = open_window(str(path), None, settings, background=False)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    return win


@pytest.fixture
def restore_theme():
    app = QApplication.instance()
    palette, style_name = app.palette(), app.style().name()
    yield app
    app.setStyle(style_name)
    app.setPalette(palette)
    hints = QGuiApplication.styleHints()
    if hasattr(hints, "unsetColorScheme"):
        hints.unsetColorScheme()


def test_cooling_warn_fraction_from_settings_turns_the_rack_amber_everywhere(qtbot, tmp_path):
    from ui.settings import SettingsDialog

    win = _open(qtbot, tmp_path)
    doc = win.doc
    floor = win.panels["floorDock"]
    totals = win.panels["totalsDock"]
    charts = win.panels["chartsDock"]
    floor.act_cooling.trigger()
    # the example's rear-door racks run at ~63 % of their cooling: fine at the default 90 %
    rid = "rack-1"
    item = floor.scene.racks[rid]
    assert doc.results.racks[rid].cooling_level == levels.OK
    assert item.level == levels.OK and item.fill != style.WARN
    assert "COOLING_NEAR_CAPACITY" not in {f.code for f in doc.results.findings}

    # Settings: cooling warning at 58 % of capacity (the dialog's own field, then OK's path)
    dlg = SettingsDialog(win.settings, win)
    qtbot.addWidget(dlg)
    dlg.engine_fields["cooling_warn_fraction"].setValue(0.58)
    dlg.save()
    with qtbot.waitSignal(doc.resultsChanged, timeout=10000):
        win.apply_settings()
    doc.flush()
    res = doc.results
    assert res.settings is not None and res.settings.cooling_warn_fraction == 0.58
    warned = {f.id for f in res.findings if f.code == "COOLING_NEAR_CAPACITY"}
    assert rid in warned
    # the engine's level, and every view shows it
    rr = res.racks[rid]
    assert rr.cooling_level == levels.WARN and 0.58 < rr.cooling_utilisation <= 0.9
    assert item.level == levels.WARN and item.fill == style.WARN
    assert totals.levels["cooling"] == levels.WARN
    assert f"{len(warned)} racks near capacity" in totals.rows["cooling"][1].text()
    charts.tabs.setCurrentWidget(charts.cooling)  # the user opens the Cooling tab: drawn then
    i = charts.cooling.rack_ids.index(rid)
    assert charts.cooling.levels[i] == levels.WARN
    header = win.rack_view.scene.figures[rid]
    assert header.brush().color() == style.WARN
    doc.select([("rack", rid)])
    qtbot.waitUntil(lambda: getattr(win.inspector, "results_label", None) is not None, timeout=3000)
    shown = win.inspector.results_label.text()
    assert f"Cooling: {rr.cooling_utilisation * 100:.0f} % of its limit, close to the limit" in shown
    assert style.WARN.name() in shown
    # a rack the engine does not warn about stays green
    calm = next(r for r in res.racks.values() if r.id not in warned and r.cooling_utilisation)
    assert floor.scene.racks[calm.id].level == levels.OK
    assert floor.scene.racks[calm.id].fill not in (style.WARN, style.BAD)


def test_totals_values_follow_a_live_switch_to_the_dark_theme(qtbot, tmp_path, restore_theme):
    win = _open(qtbot, tmp_path)
    totals = win.panels["totalsDock"]
    win.docks["totalsDock"].show()
    win.docks["totalsDock"].raise_()
    value = totals.rows["it_power"][0]
    qtbot.waitExposed(value)
    assert value.text() not in ("", "–")
    win.settings.theme = "light"
    win.apply_settings()
    qtbot.waitUntil(lambda: value.palette().color(QPalette.ColorRole.WindowText).lightness() < 100, timeout=3000)

    win.settings.theme = "dark"  # what Settings > OK does
    win.apply_settings()
    window = QApplication.palette().color(QPalette.ColorRole.Window)
    assert window.lightness() < 100

    def readable() -> bool:
        text = value.palette().color(QPalette.ColorRole.WindowText)
        return text.lightness() > 150

    qtbot.waitUntil(readable, timeout=3000)
    # and what is painted: the value's text pixels are light on the dark panel
    img = value.grab().toImage()
    lightest = max(img.pixelColor(x, y).lightness() for x in range(img.width()) for y in range(img.height()))
    assert lightest > 150
    assert value.font().weight() >= 600  # still bold, by font
    win.settings.theme = "light"
    win.apply_settings()
