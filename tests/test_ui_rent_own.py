"""Rent or own in the app, driven like a user: Plan Settings' Rent or Own tab (years,
support, colocation, cloud price per GPU-hour), the Totals entry and the Charts tab showing
the engine's figures, and "Price for this plan…" from the Inspector (one undo step each).
The expectations are planner.engine.economics / the engine's own figures, never the widgets'."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

from planner.engine.economics import HOURS_PER_YEAR
from planner.files.documents import load_plan

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "xe9680-h100-pod.json"


@pytest.fixture(scope="module")
def shipped(unpriced_catalog):
    # the shipped catalog with the example's rear door and active copper unpriced
    # (tests/conftest.py): these tests price an unpriced line for the plan
    return unpriced_catalog


def window(qtbot, tmp_path, catalog):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(Document(load_plan(EXAMPLE), catalog, None), settings)  # a copy: no file behind it
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.resize(1400, 900)
    win.show()
    win.doc.recompute(background=False)
    return win


def menu_action(win, menu: str, text: str):
    for a in win.menuBar().actions():
        if a.text() == menu:
            for b in a.menu().actions():
                if b.text() == text:
                    return b
    raise AssertionError(f"no {text!r} in {menu!r}")


def type_into(qtbot, w: QLineEdit, text: str) -> None:
    w.selectAll()
    qtbot.keyClicks(w, text)


def type_spin(qtbot, spin, text: str) -> None:
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), text)


def test_plan_settings_rent_or_own_fields_are_one_undo_step(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    before = doc.results.totals.rent_vs_own
    assert before.price_source == "catalog"
    menu_action(win, "&Plan", "Plan &Settings\u2026").trigger()
    dlg = win.plan_settings_dialog
    assert dlg is not None and dlg.isVisible()
    tab = next(i for i in range(dlg.tabs.count()) if dlg.tabs.tabText(i) == "Rent or Own")
    dlg.tabs.setCurrentIndex(tab)
    # the table lists the plan's GPU model with the catalog's indicative price
    assert dlg._cloud_slugs == ["h100-sxm"]
    assert "3.99 USD" in dlg.cloud.item(0, 1).text() and "indicative" in dlg.cloud.item(0, 1).text()
    type_spin(qtbot, dlg.years, "5")
    type_spin(qtbot, dlg.support, "12")
    type_spin(qtbot, dlg.colocation, "180")
    dlg.cloud.item(0, 2).setText("2,75")  # a decimal comma is read too
    depth = doc.undo_stack.index()
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert not dlg.isVisible(), dlg.error.text()
    doc.flush()
    assert doc.undo_stack.index() == depth + 1
    md = doc.plan.metadata
    assert (md.years_of_use, md.support_fraction_per_year, md.colocation_price_per_kw_month) == (5.0, 0.12, 180.0)
    assert md.cloud_price_per_gpu_hour == {"h100-sxm": 2.75}
    rvo = doc.results.totals.rent_vs_own
    assert rvo.price_source == "plan" and rvo.inputs.cloud_price_per_gpu_hour == 2.75
    assert rvo.figures.cloud_cost_per_year == pytest.approx(32 * 2.75 * HOURS_PER_YEAR * md.utilisation)
    assert rvo.figures.colocation_per_year == pytest.approx(180.0 * rvo.inputs.it_kw_committed * 12)
    # the Totals entry shows the engine's break-even and says where the price comes from
    value, detail, _bar = win.panels["totalsDock"].rows["rent"]
    # from an incomplete capex (this example has unpriced items) the warning stands beside the figure
    assert not rvo.capex_complete
    assert value.text() == f"break-even {rvo.figures.break_even_months:,.1f} months \u26a0"
    assert detail.text().startswith("\u26a0 capex incomplete")
    assert "price set in this plan" in detail.text() and "capex incomplete" in detail.text()
    # the chart: both cumulative lines as the engine gives them, the break-even marked
    chart = win.panels["totalsDock"].rent_chart
    own, rent = rvo.cumulative(rvo.horizon_months())
    xs, ys = chart.own.getData()
    assert chart.scale == 1e6  # shown in M USD
    assert list(ys * chart.scale) == pytest.approx(own)
    assert list(chart.rent.getData()[1] * chart.scale) == pytest.approx(rent)
    assert chart.break_even.isVisible() and chart.break_even.value() == pytest.approx(rvo.figures.break_even_months)
    assert chart.break_even_label.isVisible() and f"{rvo.figures.break_even_months:,.1f} months" in \
        chart.break_even_label.textItem.toPlainText()
    assert "\u26a0" in chart.break_even_label.textItem.toPlainText() and "capex incomplete" in chart.toolTip()
    doc.undo_stack.undo()
    doc.flush()
    assert doc.plan.metadata.cloud_price_per_gpu_hour == {} and doc.plan.metadata.years_of_use == 4.0
    assert doc.results.totals.rent_vs_own.figures == before.figures


def test_bad_cloud_price_names_the_field_and_applies_nothing(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    menu_action(win, "&Plan", "Plan &Settings\u2026").trigger()
    dlg = win.plan_settings_dialog
    type_spin(qtbot, dlg.years, "7")
    dlg.cloud.item(0, 2).setText("cheap")
    depth = doc.undo_stack.index()
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dlg.isVisible() and "Cloud price per GPU-hour for h100-sxm" in dlg.error.text()
    assert dlg.tabs.tabText(dlg.tabs.currentIndex()) == "Rent or Own"
    assert doc.undo_stack.index() == depth and doc.plan.metadata.years_of_use == 4.0
    dlg.reject()


def test_price_for_this_plan_from_the_inspector(qtbot, tmp_path, shipped):
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    server = next(p for p, _ in doc.plan.index.iter_placements() if p.device == "dell-poweredge-xe9680")
    line = next(b for b in doc.results.bom if b.slug == "dell-poweredge-xe9680")
    capex = doc.results.totals.capex
    doc.select([("placement", server.id)])
    inspector = win.inspector
    # the XE9680's catalog price is a street estimate: the Inspector says so beside it
    assert "catalog estimate, not a quote (basis: street-estimate)" in inspector.price_label.text()
    inspector.fields["price_for_plan"].click()
    dlg = inspector.price_dialog
    qtbot.waitExposed(dlg)
    assert "Catalog price: 310,000 USD" in dlg.findChild(type(dlg.error), "catalogPrice").text()
    type_into(qtbot, dlg.amount, "abc")
    assert not dlg.apply() and "Price" in dlg.error.text() and dlg.isVisible()
    type_into(qtbot, dlg.amount, "265000")
    type_into(qtbot, dlg.date, "2026-11-20")
    type_into(qtbot, dlg.source, "Distributor quote Q-2291")
    depth = doc.undo_stack.index()
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert not dlg.isVisible()
    doc.flush()
    assert doc.undo_stack.index() == depth + 1
    new = next(b for b in doc.results.bom if b.slug == "dell-poweredge-xe9680")
    assert (new.unit_price, new.price_source) == (265000.0, "plan")
    assert doc.results.totals.capex == pytest.approx(capex + (265000.0 - line.unit_price) * line.quantity)
    assert "price set for this plan (Distributor quote Q-2291)" in win.inspector.price_label.text()
    # the Totals capex still says the capex is incomplete (other items have no price)
    value, _d, _b = win.panels["totalsDock"].rows["capex"]
    assert "INCOMPLETE" in value.text()
    doc.undo_stack.undo()
    doc.flush()
    assert doc.plan.metadata.price_overrides == {}
    assert doc.results.totals.capex == pytest.approx(capex)


def test_an_unpriced_cable_is_priced_for_this_plan_from_the_bill_of_materials(qtbot, tmp_path, shipped):
    """Items the Inspector never shows (cables, transceivers, cooling units) are priced from
    Totals > Bill of materials and prices…; the capex becomes complete when the last
    unpriced line has a price, and the Totals stop saying INCOMPLETE."""
    win = window(qtbot, tmp_path, shipped)
    doc = win.doc
    totals = win.panels["totalsDock"]
    totals.prices_button.click()
    dlg = totals.prices_dialog
    qtbot.waitExposed(dlg)
    unpriced = [b.slug for b in doc.results.bom if b.unit_price is None]
    assert unpriced and "INCOMPLETE" in dlg.summary.text()
    depth = doc.undo_stack.index()
    for slug in unpriced:
        dlg.table.selectRow(dlg.slugs.index(slug))
        assert dlg.table.item(dlg.slugs.index(slug), 5).text() == "no price"
        dlg.price_button.click()
        pd = dlg.price_dialog
        qtbot.waitExposed(pd)
        type_into(qtbot, pd.amount, "1500")
        pd.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
        doc.flush()
    assert doc.undo_stack.index() == depth + len(unpriced)  # one undo step each
    t = doc.results.totals
    assert t.capex_complete
    assert all(dlg.table.item(dlg.slugs.index(s), 5).text() == "this plan" for s in unpriced)
    assert "every line priced" in dlg.summary.text()
    value, _d, _b = totals.rows["capex"]
    assert "INCOMPLETE" not in value.text()
    assert "capex incomplete" not in totals.rows["rent"][1].text()
    assert t.rent_vs_own.inputs.capex == t.capex
    dlg.reject()


def test_a_saved_section_choice_gets_the_new_rent_section_once(tmp_path):
    from ui.settings import AppSettings

    store = QSettings(str(tmp_path / "old.ini"), QSettings.Format.IniFormat)
    store.setValue("report/sections", "cover,bom,findings")  # saved by a build before Rent or own
    s = AppSettings(store)
    # the sections added since (requirements, energy, rent, growth phases, pull) show up once; the
    # labels (label stock) only when asked for
    assert s.report_sections == ("cover", "requirements", "energy", "bom", "rent", "phases", "pull", "findings")
    s.report_sections = ("cover", "bom", "findings")  # the user unticks it: it stays off
    assert AppSettings(store).report_sections == ("cover", "bom", "findings")


def test_totals_fit_their_dock_at_1366_px(qtbot, tmp_path, shipped):
    """The rent-or-own values and chart made the Totals grid wider than the dock on a
    1366-px laptop, and every value was cut off at its right edge (seen on Xvfb)."""
    from ui.panels.totals import TotalsPanel

    win = window(qtbot, tmp_path, shipped)
    win.resize(1366, 740)
    panel = win.findChild(TotalsPanel)
    inner = panel.rent_chart.parentWidget()
    viewport = inner.parentWidget()
    qtbot.waitUntil(lambda: "INCOMPLETE" in panel.rows["capex"][0].text().upper())
    assert panel.rows["rent"][0].text()  # the long values are there
    qtbot.waitUntil(lambda: viewport.width() < 400)
    assert inner.minimumSizeHint().width() <= viewport.width(), (inner.minimumSizeHint(), viewport.size())


def test_the_legend_reads_in_the_dark_theme(qtbot):
    """The rent chart's legend ("Own", "Rent") is drawn in the theme's text colour: on the dark
    theme it stayed pyqtgraph's default grey on near-black (seen offscreen and on X)."""
    from ui import style
    from ui.panels.rent_chart import RentOwnChart

    chart = RentOwnChart()
    qtbot.addWidget(chart)
    chart.build_plot()
    for colors in (style.DARK_CHART, style.LIGHT_CHART):
        chart.set_colors(colors)
        labels = [label for _sample, label in chart.legend.items]
        assert [lb.text for lb in labels] == [chart.tr("Own"), chart.tr("Rent")]
        for lb in labels:
            assert colors.foreground.name() in lb.item.toHtml().lower(), lb.item.toHtml()
