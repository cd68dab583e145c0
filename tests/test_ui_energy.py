"""The energy settings and figures in the app (issue 32): Plan Settings > Energy typed into as a
user does, applied as one undo step, and the Totals dock's Energy rows showing the engine's
figures (``Results.energy``); the German texts of both."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialogButtonBox

from planner.catalog import load_catalog
from planner.files.documents import load_plan
from tests.test_ui_plan_settings import open_settings, type_into
from ui.panels.totals import fmt_power

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[1]
POD = ROOT / "examples" / "xe9680-h100-pod.json"
TS_DIR = ROOT / "resources" / "translations"


@pytest.fixture(scope="module")
def shipped():
    return load_catalog()


def window(qtbot, tmp_path, catalog, path: Path = POD):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(Document(load_plan(path), catalog, None), settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.resize(1400, 900)
    win.show()
    win.doc.recompute(background=False)
    return win


def _energy_tab(dlg):
    for i in range(dlg.tabs.count()):
        if dlg.tabs.tabText(i) in ("Energy", "Energie"):
            dlg.tabs.setCurrentIndex(i)
            return dlg.tabs.widget(i)
    raise AssertionError("no Energy tab")


def test_energy_settings_through_the_dialog_and_the_totals(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    rows = win.panels["totalsDock"].rows
    e = doc.results.energy
    # before: the engine's figures, and no country stated
    assert rows["energy_year"][0].text() == "467 MWh/year"
    assert rows["co2"][0].text() == "–" and rows["enefg"][0].text() == "not checked"
    assert "water" not in rows["energy_year"][1].text()  # no WUE stated: none shown, none estimated
    depth = doc.undo_stack.count()

    dlg = open_settings(win)
    page = _energy_tab(dlg)
    assert page.isVisible()
    dlg.country.setCurrentIndex(dlg.country.findData("DE"))
    assert "363" in dlg.grid_hint.text() and "Umweltbundesamt" in dlg.grid_hint.text()
    type_into(qtbot, dlg.renewable, "80")
    dlg.heat_customer.setText("Stadtwerke Süd")  # QTest types ASCII only
    type_into(qtbot, dlg.heat_mwh, "50")
    type_into(qtbot, dlg.wue, "0.3")
    type_into(qtbot, dlg.operation_start, "2027-09")
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert not dlg.isVisible()
    doc.flush()
    assert doc.undo_stack.count() == depth + 1  # one undo step
    md = doc.plan.metadata
    assert (md.site_country, md.renewable_share, md.heat_reuse_mwh_per_year, md.wue_l_per_kwh,
            md.operation_start) == ("DE", 0.8, 50.0, 0.3, "2027-09")
    e = doc.results.energy
    assert e.grid_g_per_kwh == 363.0 and e.erf == pytest.approx(50_000 / e.facility_kwh_per_year)
    # the dock shows the engine's figures as they are
    assert rows["co2"][0].text() == f"{e.co2_t_per_year:,.1f} t/year"
    assert "363 g CO₂/kWh" in rows["co2"][1].text() and "80\u00a0% renewable" in rows["co2"][1].text()
    # the rear doors' heat reaches the chilled water: shown with the loop's temperatures
    assert rows["waste_heat"][0].text() == fmt_power(e.reusable_heat_w) and "ERF 10.7\u00a0%" in rows["waste_heat"][1].text()
    (loop,) = e.heat_loops
    assert f"{loop.name} {loop.supply_temp_c:g}/{loop.return_temp_c:g} °C" in rows["waste_heat"][1].text()
    assert rows["enefg"][0].text() == "not applicable" and "below 300 kW" in rows["enefg"][1].text()
    assert any(f.code == "ENEFG_OUT_OF_SCOPE" for f in doc.results.findings)
    # the water the stated WUE gives (issue 32 walk-through: the dock did not show it)
    assert e.water_m3_per_year == pytest.approx(0.3 * e.it_kwh_per_year / 1000)
    assert f"water {e.water_m3_per_year:,.0f} m³/year (WUE 0.3 l/kWh)" in rows["energy_year"][1].text()

    # an untouched dialog changes nothing (the shown numbers read back as the plan's own)
    dlg = open_settings(win)
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    doc.flush()
    assert doc.undo_stack.count() == depth + 1

    doc.undo_stack.undo()
    doc.flush()
    assert doc.plan.metadata.site_country == "" and doc.plan.metadata.heat_reuse_mwh_per_year is None
    assert rows["enefg"][0].text() == "not checked"


def test_share_and_amount_together_are_refused_in_the_dialog(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    depth = doc.undo_stack.count()
    dlg = open_settings(win)
    _energy_tab(dlg)
    type_into(qtbot, dlg.heat_share, "40")
    type_into(qtbot, dlg.heat_mwh, "50")
    dlg.tabs.setCurrentIndex(0)
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dlg.isVisible() and dlg.error.isVisible() and "not both" in dlg.error.text()
    assert dlg.tabs.tabText(dlg.tabs.currentIndex()) == "Energy"  # its tab comes up
    assert doc.undo_stack.count() == depth and doc.plan.metadata.heat_reuse_share is None
    dlg.reject()


def test_energy_tab_and_rows_in_german(qtbot, tmp_path, shipped):
    from PySide6.QtWidgets import QApplication, QLabel

    from planner.i18n import set_default_language
    from ui import i18n

    i18n.install(QApplication.instance(), "de", TS_DIR)
    set_default_language("de")
    try:
        win = window(qtbot, tmp_path, shipped)
        win.act_plan_settings.trigger()  # Plan > Planeinstellungen…
        dlg = win.plan_settings_dialog
        page = _energy_tab(dlg)
        labels = {w.text() for w in page.findChildren(QLabel)}
        for text in ("Land des Standorts", "Betriebsaufnahme", "Anteil erneuerbarer Energien (%)", "Wärmeabnehmer",
                     "Wassernutzung (WUE, l/kWh)"):
            assert text in labels, text
        assert dlg.country.itemText(dlg.country.findData("DE")) == "Deutschland"
        dlg.reject()
        rows = win.panels["totalsDock"].rows
        assert rows["energy_year"][0].text() == "467 MWh/Jahr"
        assert rows["enefg"][0].text() == "nicht geprüft"
    finally:
        i18n.install(QApplication.instance(), "en", TS_DIR)
        set_default_language("en")


def test_a_one_gpu_build_shows_its_memory_and_compute(qtbot, tmp_path, shipped):
    """Issue 32 walk-through (the small-enterprise template, one L40S): the Totals said
    "GPU memory 0.0 TB", "Dense compute 0 PFLOPS", "HBM bandwidth 1 TB/s"."""
    from planner.design.templates import build_template
    from planner.files.plan_io import save_plan_json

    path = tmp_path / "small.json"
    save_plan_json(build_template("inference-small-enterprise", shipped), path)
    win = window(qtbot, tmp_path, shipped, path)
    rows = win.panels["totalsDock"].rows
    s = win.doc.results.totals.agg.sums
    assert 0 < s["gpu_memory_gb"] < 1000 and 0 < s["bf16_pflops"] < 1
    assert rows["gpu_memory"][0].text() == f"{s['gpu_memory_gb']:,.0f} GB"
    assert rows["compute"][0].text() == f"{s['bf16_pflops']:.2f} PFLOPS"
    assert f"HBM bandwidth {s['gpu_bw_tb_per_s']:.2f} TB/s" in rows["gpu_memory"][1].text()
    # the example pod (2.6 TB, 32 PFLOPS) keeps its units
    big = window(qtbot, tmp_path, shipped)
    pod, ps = big.panels["totalsDock"].rows, big.doc.results.totals.agg.sums
    assert ps["gpu_memory_gb"] >= 1000 and ps["bf16_pflops"] >= 10
    assert pod["gpu_memory"][0].text() == f"{ps['gpu_memory_gb'] / 1000:,.1f} TB"
    assert pod["compute"][0].text() == f"{ps['bf16_pflops']:,.0f} PFLOPS"
