"""The floor plan's room dimensions and scale bar follow Settings > Units (the plan
stays in metres; ui.units converts at display)."""

from __future__ import annotations

import re

import pytest

from planner.base.units import INCH_MM
from tests.fixtures.ui_app.support import make_window
from ui import units
from ui.scenes.floor import RoomItem

pytestmark = pytest.mark.gui

FOOT_M = 12 * INCH_MM / 1000


@pytest.fixture
def win(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path)  # Hall 1 is 10 m x 8 m, 0.6 m tiles (the default)
    w.docks["floorDock"].show()
    w.docks["floorDock"].raise_()
    yield w
    units.set_current("metric")


def _floor(win):
    return win.panels["floorDock"]


def _room(win) -> RoomItem:
    return next(it for it in _floor(win).scene.items() if isinstance(it, RoomItem))


def test_room_dimensions_and_scale_bar_follow_the_units_setting(win, qtbot):
    view = _floor(win).view
    assert _room(win).dimension_text() == "10 m × 8 m · tiles 0.6 m"
    px_m, label_m = view.scale_bar()
    assert label_m.endswith(" m") or label_m.endswith(" cm")
    win.settings.units = "imperial"
    win.apply_settings()
    # 10 m = 32 ft 9.7 in, 8 m = 26 ft 2.96 in, 0.6 m = 23.6 in
    assert _room(win).dimension_text() == "32 ft 10 in × 26 ft 3 in · tiles 23.6 in"
    px, label = view.scale_bar()
    m = re.fullmatch(r"(\d+) ft", label)
    assert m, label
    ft = int(m.group(1))
    assert ft in (1, 2, 5, 10, 20, 50, 100)  # a round number of feet
    ppm = view.zoom() * 1000  # scene units are millimetres
    assert px == pytest.approx(ft * FOOT_M * ppm)  # the bar is that long on screen
    assert 60 < px < 200
    assert win.doc.plan.site.rooms[0].width_m == 10  # the plan stays in metres
    img = _floor(win).grab()
    assert not img.isNull()


@pytest.mark.parametrize("target_m, system, label", [
    (2.5, "metric", "2 m"), (0.04, "metric", "5 cm"), (3.0, "imperial", "10 ft"),
    (20.0, "imperial", "50 ft"), (0.1, "imperial", "3 in"), (0.25, "imperial", "12 in")])
def test_scale_bar_lengths_are_round_in_each_system(target_m, system, label):
    length_m, text = units.scale_bar(target_m, system)
    assert text == label and length_m >= 0.7 * target_m
    to, _, _ = units.converters("length_m", system)
    assert length_m == pytest.approx(float(label.split()[0]) * {"m": 1, "cm": 0.01, "ft": FOOT_M,
                                                              "in": INCH_MM / 1000}[label.split()[1]])
    assert to(length_m) > 0
