"""Settings > OK redoes only what a changed setting touches: units repaint the unit
figures from the same results (no engine run), the theme leaves the engine alone,
new thresholds bring a new engine; OK without changes does nothing."""

from __future__ import annotations

import pytest

from tests.fixtures.ui_app.support import make_window
from ui import units

pytestmark = pytest.mark.gui


@pytest.fixture
def win(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path)
    yield w
    units.set_current("metric")


def _weight(win) -> str:
    return win.panels["totalsDock"].rows["weight"][0].text()


def test_units_change_repaints_figures_without_an_engine_run(win):
    doc = win.doc
    engine, results, rack_items = doc.engine, doc.results, list(win.rack_view.scene.items())
    assert _weight(win).endswith(" kg")
    win.settings.units = "imperial"
    win.apply_settings()
    assert not doc.busy and doc.engine is engine and doc.results is results  # no recompute
    kg = results.totals.agg.sums["mass_kg"]
    assert kg > 0 and _weight(win) == units.fmt_mass(kg) and _weight(win).endswith(" lb")
    assert list(win.rack_view.scene.items()) == rack_items  # the rack scene shows no units: untouched


def test_theme_change_keeps_engine_and_results(win):
    doc = win.doc
    engine, results = doc.engine, doc.results
    win.settings.theme = "dark"
    try:
        win.apply_settings()
        assert doc.engine is engine and doc.results is results and not doc.busy
    finally:
        win.settings.theme = "light"
        win.apply_settings()


def test_ok_without_changes_does_nothing_and_thresholds_swap_the_engine(win, qtbot):
    doc = win.doc
    engine, rack_items = doc.engine, list(win.rack_view.scene.items())
    win.apply_settings()
    assert doc.engine is engine and list(win.rack_view.scene.items()) == rack_items
    win.settings.engine_overrides = {"continuous_derating": 1.0}
    with qtbot.waitSignal(doc.resultsChanged, timeout=10000):
        win.apply_settings()
    assert doc.engine is not engine and doc.engine.settings.continuous_derating == 1.0


def test_threshold_labels_name_their_units(win, qtbot):
    """Every engine threshold in Settings has a written label with its unit (kW, K, m,
    Gb/s...), not the field name with 'kw' tacked on; the tooltip keeps its source."""
    from PySide6.QtWidgets import QFormLayout, QLabel

    from planner.engine import EngineSettings
    from ui.settings import ENGINE_LABELS, SettingsDialog

    assert set(ENGINE_LABELS) == set(EngineSettings.model_fields)  # a new field needs a label
    dlg = SettingsDialog(win.settings, win)
    qtbot.addWidget(dlg)
    for name, field in dlg.engine_fields.items():
        form = field.parentWidget().layout()
        assert isinstance(form, QFormLayout)
        label = form.labelForField(field)
        assert isinstance(label, QLabel)
        text = label.text()
        assert text == ENGINE_LABELS[name]
        assert not any(text.lower().endswith(s) for s in (" kw", " m", " k", " w", " gbps"))
        assert field.toolTip() == (EngineSettings.model_fields[name].description or "")
    assert dlg.engine_fields["air_limit_kw"] is not None
    assert "kW" in form.labelForField(dlg.engine_fields["air_limit_kw"]).text()
