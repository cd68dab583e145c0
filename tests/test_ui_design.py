"""Reference designs and workload sizing in the app (ui.design): the floor thumbnail and
headline figures, File > New from Template and File > New from Workload, driven through
the real menus and widgets."""

from __future__ import annotations

from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QSize

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.model.geometry import plan_footprints
from ui import style
from ui.design.thumbnail import Headline, floor_thumbnail

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.mark.parametrize("name", ["xe9680-h100-pod", "gb200-nvl72"])
def test_thumbnail_draws_each_rack_where_geometry_puts_it(qtbot, catalog, name):
    plan = load_plan(EXAMPLES / f"{name}.json")
    results = Engine(catalog).compute(plan)
    size = QSize(400, 260)
    img = floor_thumbnail(plan, catalog, size, results)
    assert img.size() == size
    room = plan.site.rooms[0]
    # the scale the thumbnail uses: the room fitted into the picture less its margins
    scale = min((size.width() - 12) / room.width_m, (size.height() - 12) / room.depth_m)
    ox = 6 + (size.width() - 12 - room.width_m * scale) / 2
    oy = 6 + (size.height() - 12 - room.depth_m * scale) / 2
    fps = plan_footprints(plan, catalog)
    gpu_racks = [rid for rid, rr in results.racks.items() if rr.gpu_count > 0]
    other = [rid for rid in fps if rid not in gpu_racks]
    assert gpu_racks and other
    for rid in gpu_racks:
        cx, cy = fps[rid].center
        px = img.pixelColor(int(ox + cx * scale), int(oy + cy * scale))
        assert px.name() == style.INFO.name(), rid
    for rid in other:
        cx, cy = fps[rid].center
        px = img.pixelColor(int(ox + cx * scale), int(oy + cy * scale))
        assert px.name() == style.LIGHT_FLOOR.tile_major.name(), rid
    # an empty spot of the room is floor, the margin outside it background
    assert img.pixelColor(int(ox + room.width_m * scale - 4), int(oy + room.depth_m * scale - 4)).name() \
        == style.LIGHT_FLOOR.room_floor.name()
    assert img.pixelColor(2, 2).name() == style.LIGHT_FLOOR.bg.name()
    # on a 200 % screen: twice the pixels, the same drawing
    sharp = floor_thumbnail(plan, catalog, size, results, dpr=2.0)
    assert sharp.size() == size * 2 and sharp.devicePixelRatio() == 2.0
    for rid in gpu_racks:
        cx, cy = fps[rid].center
        assert sharp.pixelColor(int(2 * (ox + cx * scale)), int(2 * (oy + cy * scale))).name() == style.INFO.name()


def test_headline_reads_the_engine_totals_and_marks_an_incomplete_capex(catalog):
    plan = load_plan(EXAMPLES / "xe9680-h100-pod.json")
    results = Engine(catalog).compute(plan)
    h = Headline.from_results(results)
    t = results.totals
    assert h.gpus == t.gpus == 32
    assert h.it_kw == pytest.approx(t.to_dict()["it_power_kw"]["max"])
    assert h.racks == t.racks
    assert (("incomplete" in h.capex_text()) is (not t.capex_complete))
    assert f"{h.gpus}" in h.summary() and h.it_text() in h.summary()


# ----------------------------------------------------------------------------- the app


@pytest.fixture
def window(qtbot, tmp_path, catalog):
    """The main window on the shipped catalog with a copy of the XE9680 example open."""
    import shutil

    from PySide6.QtCore import QSettings

    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    path = tmp_path / "pod.json"
    shutil.copy(EXAMPLES / "xe9680-h100-pod.json", path)
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    doc = Document(load_plan(path), catalog, path)
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.mark_saved(w.doc.path))
    win.resize(1400, 900)
    win.show()
    doc.recompute(background=False)
    return win


def menu_action(win, menu_text: str, name: str):
    """The action ``name`` (object name) of the menu bar's ``menu_text`` menu."""
    for a in win.menuBar().actions():
        if a.menu() is not None and a.text().replace("&", "") == menu_text:
            for b in a.menu().actions():
                if b.objectName() == name:
                    return b
    raise AssertionError(f"no {name} in {menu_text}")


def open_wizard(qtbot, win, menu: str = "File", name: str = "actNewFromWorkload"):
    menu_action(win, menu, name).trigger()
    wiz = win.design_dialog
    qtbot.waitUntil(wiz.isVisible)
    return wiz


def type_into(qtbot, edit, text: str) -> None:
    """Replace a field's text as a user does and leave it with Tab (Return would also press
    the wizard's default button, Next)."""
    from PySide6.QtCore import Qt

    seen: list[bool] = []
    edit.editingFinished.connect(lambda: seen.append(True))
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Tab)
    if not seen:  # an offscreen window that never got the focus: the editor is left as on Tab
        edit.editingFinished.emit()


def test_wizard_names_a_bad_workload_field_and_does_not_go_on(qtbot, window):
    from PySide6.QtWidgets import QLineEdit

    wiz = open_wizard(qtbot, window)
    page = wiz.workloads_page
    assert wiz.currentPage() is page and len(page.items) == 1  # a new wizard starts with one target
    users = page.fields["users"].editor
    assert isinstance(users, QLineEdit)
    type_into(qtbot, users, "lots")
    err = page.fields["users"].error
    assert err.isVisible() and "lots" in err.text()
    wiz.next()
    assert wiz.currentPage() is page  # refused: the field is named, nothing moves on
    type_into(qtbot, users, "-5")
    assert err.isVisible() and err.text()  # the spec model's own words for users
    wiz.next()
    assert wiz.currentPage() is page
    type_into(qtbot, users, "200")
    assert not err.isVisible()
    assert page.items[0]["spec"]["users"] == 200
    wiz.next()
    assert wiz.currentPage() is wiz.limits_page


def test_wizard_names_a_constraint_it_cannot_read(qtbot, window):
    wiz = open_wizard(qtbot, window)
    wiz.next()
    limits = wiz.limits_page
    assert wiz.currentPage() is limits
    type_into(qtbot, limits.edits["budget"], "a lot")
    type_into(qtbot, limits.edits["utilisation"], "150")
    for cb in limits.cooling.values():
        cb.setChecked(False)
    wiz.next()
    assert wiz.currentPage() is limits
    assert limits.errors["budget"].isVisible() and "a lot" in limits.errors["budget"].text()
    assert limits.errors["utilisation"].isVisible()
    assert limits.errors["cooling"].isVisible()
    # readable text the search's own parser refuses: its message, under the field its path names
    type_into(qtbot, limits.edits["budget"], "2M")
    type_into(qtbot, limits.edits["utilisation"], "70")
    limits.cooling["air"].setChecked(True)
    type_into(qtbot, limits.edits["pue"], "0.5")
    wiz.next()
    assert wiz.currentPage() is limits
    assert limits.errors["pue"].isVisible() and limits.errors["pue"].text()
    assert not limits.errors["budget"].isVisible()
    from planner.design.search import PlanForSpecError, parse_plan_for_spec

    with pytest.raises(PlanForSpecError) as e:
        parse_plan_for_spec(wiz.spec_dict())
    assert e.value.path == "constraints.pue" and limits.errors["pue"].text() == e.value.message
    type_into(qtbot, limits.edits["pue"], "1.4")
    limits.currency.setCurrentText("dollars")
    wiz.next()
    assert wiz.currentPage() is limits and limits.errors["currency"].isVisible()


def run_search(qtbot, wiz):
    """Next from the limits page: the search runs in the background; wait for its table."""
    wiz.next()
    page = wiz.builds_page
    assert wiz.currentPage() is page
    qtbot.waitUntil(lambda: not page.busy, timeout=120_000)
    return page


def test_wizard_sizes_a_small_inference_target_into_a_plan_that_meets_it(qtbot, window, monkeypatch):
    from ui import dialogs

    monkeypatch.setattr(dialogs, "ask_save_changes", lambda *a: "discard")
    wiz = open_wizard(qtbot, window)
    page1 = wiz.workloads_page
    f = page1.fields
    model = f["model"].editor
    model.setCurrentIndex(model.findData("llama-3.1-8b"))
    model.activated.emit(model.currentIndex())
    type_into(qtbot, f["users"].editor, "20")
    type_into(qtbot, f["target_tokens_per_s_per_user"].editor, "20")
    assert page1.items[0]["spec"]["model"] == "llama-3.1-8b" and page1.items[0]["spec"]["users"] == 20
    wiz.next()
    limits = wiz.limits_page
    type_into(qtbot, limits.edits["max_rack_kw"], "20")
    page = run_search(qtbot, wiz)
    assert page.table.rowCount() >= 1, page.status.text()
    meets_col = [k for k, _h, _f in __import__("ui.design.wizard", fromlist=["COLUMNS"]).COLUMNS].index("meets")
    first = page.rows[0]
    # the mark is the search's level (the engine's rule): warn when met within the model's uncertainty
    mark = "\u26a0" if first["level"] == "warn" else "\u2714"
    assert first["meets"] and mark in page.table.item(0, meets_col).text()
    assert first["it_kw"] <= 20 * first["racks"]
    # rent or own in the comparison: the search's figures for the same GPUs rented
    keys = [k for k, _h, _f in __import__("ui.design.wizard", fromlist=["COLUMNS"]).COLUMNS]
    ro = page.result.candidates[0].rent_vs_own
    assert ro and ro["cloud_cost_per_year"] > 0
    rent_col = keys.index("cloud_cost_per_year")
    assert not page.table.isColumnHidden(rent_col)
    assert f"{ro['cloud_cost_per_year']:,.0f}" in page.table.item(0, rent_col).text()
    be_col = keys.index("break_even_months")
    assert page.table.item(0, be_col).text() == (
        "–" if ro["break_even_months"] is None else f"{ro['break_even_months']:,.0f} months")
    assert not page.binding.isVisible()
    assert page.isComplete()
    old_plan = window.doc.plan
    wiz.button(wiz.WizardButton.FinishButton).click()
    qtbot.waitUntil(lambda: window.doc.plan is not old_plan, timeout=120_000)
    doc = window.doc
    # unsaved work: the title says so and New, Open and Quit ask before dropping it
    assert doc.path is None and doc.modified and window.isWindowModified() and "Untitled" in window.windowTitle()
    assert [w.name for w in doc.plan.workloads] == [page1.items[0]["name"]]
    qtbot.waitUntil(lambda: doc.results is not None and not doc.busy, timeout=120_000)
    res = doc.results
    assert res.totals.gpus == first["gpus"]
    verdict = res.workloads[doc.plan.workloads[0].id]
    assert verdict.met, verdict
    assert res.counts()["error"] == 0, [f.message for f in res.findings if f.severity == "error"]


def test_new_from_template_opens_the_chosen_design_as_a_new_document(qtbot, window, monkeypatch, catalog):
    from PySide6.QtCore import Qt

    from planner.design.templates import build_template, list_templates
    from ui import dialogs

    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda _p, name: asked.append(name) or "discard")
    window.doc.push(__import__("planner.model.edits", fromlist=["SetProperty"]).SetProperty(
        "rack", window.doc.plan.site.rooms[0].rows[0].racks[0].id, "name", "changed"))
    menu_action(window, "File", "actNewFromTemplate").trigger()
    dlg = window.design_dialog
    qtbot.waitUntil(dlg.isVisible)
    names = [i.name for i in list_templates()]
    assert dlg.list.count() == len(names) >= 7
    want = "inference-small-enterprise"
    row = names.index(want)
    dlg.list.setCurrentRow(row)
    qtbot.waitUntil(lambda: want in dlg.built, timeout=120_000)
    # the detail pane shows the engine's figures of the built plan, the thumbnail drawn
    plan, results = dlg.built[want]
    assert dlg.title.text() == list_templates()[row].title
    assert dlg.fig["gpus"].text() == f"{results.totals.gpus:,}"
    assert dlg.fig["workload"].text() == list_templates()[row].workload
    assert not dlg.preview.pixmap().isNull()
    assert ("incomplete" in dlg.fig["capex"].text()) is (not results.totals.capex_complete)
    assert not dlg.list.item(row).icon().isNull()
    old_plan = window.doc.plan
    qtbot.mouseClick(dlg.create_button, Qt.MouseButton.LeftButton)
    assert asked  # the changed plan was not dropped without asking
    doc = window.doc
    assert doc.plan is not old_plan and doc.path is None and doc.modified
    expected = build_template(want, catalog)
    assert sorted(r.name for r in doc.plan.racks()) == sorted(r.name for r in expected.racks())
    assert [(w.name, w.kind, w.spec) for w in doc.plan.workloads] == \
        [(w.name, w.kind, w.spec) for w in expected.workloads]
    qtbot.waitUntil(lambda: doc.results is not None and not doc.busy, timeout=60_000)
    assert doc.results.totals.gpus == results.totals.gpus
    assert not shiboken6.isValid(dlg) or not dlg.isVisible()


def test_keeping_the_unsaved_plan_keeps_the_template_dialog_open(qtbot, window, monkeypatch):
    from planner.model.edits import SetProperty
    from ui import dialogs

    monkeypatch.setattr(dialogs, "ask_save_changes", lambda *_a: "cancel")
    rack = window.doc.plan.site.rooms[0].rows[0].racks[0]
    assert window.doc.push(SetProperty("rack", rack.id, "name", "changed"))
    menu_action(window, "File", "actNewFromTemplate").trigger()
    dlg = window.design_dialog
    names = [dlg.list.item(i).data(256) for i in range(dlg.list.count())]
    dlg.list.setCurrentRow(names.index("inference-small-enterprise"))
    qtbot.waitUntil(lambda: "inference-small-enterprise" in dlg.built, timeout=120_000)
    plan = window.doc.plan
    dlg.create_button.click()
    assert window.doc.plan is plan and window.doc.plan.rack(rack.id).name == "changed"
    assert dlg.isVisible() and dlg.create_button.isEnabled()
    dlg.reject()


def test_when_nothing_meets_the_wizard_says_which_limit_binds(qtbot, window):
    from planner.design.search import parse_plan_for_spec, search, select_options

    wiz = open_wizard(qtbot, window)
    f = wiz.workloads_page.fields
    type_into(qtbot, f["users"].editor, "2000")
    wiz.next()
    limits = wiz.limits_page
    for opt, cb in limits.cooling.items():
        cb.setChecked(opt == "air")
    type_into(qtbot, limits.edits["max_rack_kw"], "15")
    type_into(qtbot, limits.edits["max_racks"], "2")
    page = run_search(qtbot, wiz)
    # the same SPEC through the search directly: its sentence is what the wizard shows
    expected = search(parse_plan_for_spec(wiz.spec_data), window.doc.catalog)
    assert expected.meeting == 0 and expected.binding
    assert page.binding.isVisible() and page.binding.text() == expected.binding
    # the distinct options (nothing meets: the closest per GPU model and cooling); all on request
    options = select_options(expected.candidates)
    assert page.table.rowCount() == len(options) > 0
    page.show_all.click()
    assert page.table.rowCount() == len(expected.candidates) > len(options)
    meets_col = 0
    assert all("\u2718" in page.table.item(r, meets_col).text() for r in range(page.table.rowCount()))
    assert "none meets" in page.status.text()


def test_size_this_workload_prefills_the_selected_plan_workload(qtbot, window):
    doc = window.doc
    assert doc.plan.workloads, "the example plan has workloads"
    panel = window.panels["workloadsDock"]
    target = doc.plan.workloads[-1]
    panel.select_workload(target.id)
    assert panel.size_button.isEnabled() is (target.kind != "storage")
    menu_action(window, "Plan", "actSizeWorkload").trigger()
    wiz = window.design_dialog
    qtbot.waitUntil(wiz.isVisible)
    items = wiz.workloads_page.items
    assert items == [{"name": target.name, "kind": target.kind, "spec": target.spec}]
    # the plan's running-cost figures are the wizard's starting point
    md = doc.plan.metadata
    assert wiz.limits_page.edits["pue"].text() == f"{md.pue:g}"
    assert wiz.limits_page.currency.currentText() == md.currency
    assert wiz.limits_page.edits["years"].text() == f"{md.years_of_use:g}"
    # the plan it makes is for the same customer, over the years asked for
    type_into(qtbot, wiz.limits_page.edits["years"], "6")
    wiz.next()
    assert wiz.check_spec()
    made = wiz.plan_metadata()
    assert (made.customer, made.project, made.years_of_use, made.pue) == (md.customer, md.project, 6, md.pue)
    wiz.reject()
    # the Workloads panel's Size... button asks for the same, for the workload selected there
    first = doc.plan.workloads[0]
    panel.select_workload(first.id)
    panel.size_button.click()
    wiz2 = window.design_dialog
    assert wiz2 is not wiz and wiz2.isVisible()
    assert [w["name"] for w in wiz2.workloads_page.items] == [first.name]
    wiz2.reject()


def test_the_guide_names_the_design_menus_as_they_are(qtbot, window):
    window.act_guide.trigger()
    text = window.help_window.browser.toPlainText().replace("\u2026", "")
    for act in (window.act_new_template, window.act_new_workload, window.act_size_workload):
        assert act.text().replace("&", "").rstrip("\u2026") in text
    window.help_window.close()


def test_cancel_stops_the_search_and_keeps_what_it_ranked(qtbot, window):
    wiz = open_wizard(qtbot, window)
    wiz.next()
    wiz.next()
    page = wiz.builds_page
    assert page.busy and page.cancel_button.isVisible()
    page.cancel_button.click()
    qtbot.waitUntil(lambda: not page.busy, timeout=60_000)
    assert "cancelled" in page.status.text().lower()
    assert page.again_button.isVisible() and not page.cancel_button.isVisible()
    page.again_button.click()  # and it can run again to the end
    qtbot.waitUntil(lambda: not page.busy, timeout=120_000)
    assert "cancelled" not in page.status.text().lower() and page.table.rowCount() > 0


def test_a_build_met_within_the_models_uncertainty_is_not_shown_as_plainly_met(qtbot, window):
    """The wizard takes the level from the search (the engine's WORKLOAD_LOW_MARGIN rule), as
    the Workloads panel does: a first choice with 4 % margin no longer reads "meets"."""
    from ui.design.wizard import cell_text, workload_tip

    row = {"meets": True, "level": "warn", "workloads": [{"name": "chat", "met": True, "margin": 0.04,
                                                          "level": "warn", "bottleneck": "compute"}]}
    assert cell_text(True, "meets", row, "USD").startswith("\u26a0")
    assert "uncertainty" in workload_tip(row)
    row_ok = dict(row, level="ok", workloads=[dict(row["workloads"][0], level="ok", margin=0.4)])
    assert cell_text(True, "meets", row_ok, "USD").startswith("\u2714")
    assert "uncertainty" not in workload_tip(row_ok)


def test_a_eur_budget_gives_distinct_eur_options_and_a_plan_priced_as_shown(qtbot, window, monkeypatch):
    """In EUR with a USD rate: the comparison shows the distinct options (per GPU model and
    cooling, margin steps) with complete EUR capex, filters and sorts them, and the plan made
    from the chosen one has the capex shown, to the cent, with the currency, rates and ask."""
    from planner.design.search import MARGIN_STEPS
    from ui import dialogs
    from ui.design.wizard import COLUMNS

    monkeypatch.setattr(dialogs, "ask_save_changes", lambda *a: "discard")
    wiz = open_wizard(qtbot, window)
    f = wiz.workloads_page.fields
    model = f["model"].editor
    model.setCurrentIndex(model.findData("llama-3.1-8b"))
    model.activated.emit(model.currentIndex())
    type_into(qtbot, f["users"].editor, "200")
    wiz.next()
    limits = wiz.limits_page
    limits.currency.setCurrentText("EUR")
    assert limits.rates_hint.isVisible() and "EUR" in limits.rates_hint.text()
    type_into(qtbot, limits.edits["exchange_rates"], "USD 0.92")
    type_into(qtbot, limits.edits["exchange_rates_date"], "2026-11-30")
    type_into(qtbot, limits.edits["budget"], "1500000")
    page = run_search(qtbot, wiz)
    assert page.result is not None and page.result.meeting > 0, page.status.text()
    shown = page.shown
    assert shown and all(c.meets and c.capex_exact and c.currency == "EUR" for c in shown)
    assert any(c.capex_complete for c in shown)
    # distinct: at most one row per GPU model, cooling and margin step
    assert len(shown) < len(page.result.candidates)
    for key in {(c.gpu, c.cooling) for c in shown}:
        assert sum(1 for c in shown if (c.gpu, c.cooling) == key) <= len(MARGIN_STEPS)
    keys = [k for k, _h, _f in COLUMNS]
    capex_col = keys.index("capex")
    assert all("€" in page.table.item(r, capex_col).text() or "EUR" in page.table.item(r, capex_col).text()
               for r in range(page.table.rowCount()))
    # sort by capex: complete ones first, cheapest first; filter one GPU model
    page.sort_by.setCurrentIndex(page.sort_by.findData("capex"))
    complete = [c.capex for c in page.shown if c.capex_complete]
    assert complete == sorted(complete) and page.shown[:len(complete)] == [c for c in page.shown if c.capex_complete]
    gpu = page.shown[0].gpu
    page.filter_gpu.setCurrentIndex(page.filter_gpu.findData(gpu))
    assert page.shown and {c.gpu for c in page.shown} == {gpu}
    page.show_all.click()
    assert len(page.shown) == sum(1 for c in page.result.candidates if c.gpu == gpu)
    page.show_all.click()
    page.table.selectRow(0)
    chosen = page.chosen_candidate()
    assert chosen is not None and chosen.capex_complete and chosen.capex <= 1_500_000
    old_plan = window.doc.plan
    wiz.button(wiz.WizardButton.FinishButton).click()
    qtbot.waitUntil(lambda: window.doc.plan is not old_plan, timeout=120_000)
    doc = window.doc
    qtbot.waitUntil(lambda: doc.results is not None and not doc.busy, timeout=120_000)
    t = doc.results.totals
    assert round(t.capex, 2) == round(chosen.capex, 2) and t.capex_complete and t.currency == "EUR"
    md = doc.plan.metadata
    assert (md.currency, md.exchange_rates, md.exchange_rates_date) == ("EUR", {"USD": 0.92}, "2026-11-30")
    assert md.requirements is not None and md.requirements.budget == 1_500_000
    assert md.requirements.currency == "EUR"
    # cost per token in the plan currency at its electricity price (the Workloads panel's figures)
    v = next(iter(doc.results.workloads.values()))
    assert v.figures["currency"] == "EUR"


def test_a_bad_exchange_rate_is_named_under_its_field(qtbot, window):
    wiz = open_wizard(qtbot, window)
    wiz.next()
    limits = wiz.limits_page
    limits.currency.setCurrentText("EUR")
    type_into(qtbot, limits.edits["exchange_rates"], "USD zero")
    wiz.next()
    assert wiz.currentPage() is limits and limits.errors["exchange_rates"].isVisible()
    assert "USD" in limits.errors["exchange_rates"].text()
    type_into(qtbot, limits.edits["exchange_rates"], "USD 0.92")
    type_into(qtbot, limits.edits["exchange_rates_date"], "2026-02-30")
    wiz.next()
    assert wiz.currentPage() is limits and limits.errors["exchange_rates_date"].isVisible()
    wiz.reject()


def test_figures_from_an_incomplete_capex_carry_the_mark(qtbot):
    """Break-even, opex, total cost and cost per token from a capex that leaves items out are
    marked; the same figures from a complete capex are not; an estimate says it is one."""
    from ui.design.wizard import cell_text

    row = {"capex_complete": False, "cost_complete": False, "currency": "EUR", "capex_exact": True}
    ok = dict(row, capex_complete=True, cost_complete=True)
    assert "\u26a0" in cell_text(2.0, "months", row, "EUR") and "\u26a0" not in cell_text(2.0, "months", ok, "EUR")
    assert cell_text(1.0, "months", ok, "EUR") == "1 month"
    assert "\u26a0" in cell_text(100.0, "money_capex", row, "EUR")
    assert "\u26a0" not in cell_text(100.0, "money_capex", ok, "EUR")
    assert cell_text(0.34, "token_cost", ok, "USD") == "0.34 EUR"
    assert "\u26a0" in cell_text(0.34, "token_cost", row, "EUR")
    assert cell_text(1000.0, "capex", dict(ok, capex_exact=False), "EUR").startswith("\u2248")
def file_menu_action(win, text: str):
    """The File menu's action whose text (without the & accelerator) starts with ``text``."""
    for a in win.menuBar().actions():
        if a.menu() is not None and a.text().replace("&", "") == "File":
            for b in a.menu().actions():
                if b.text().replace("&", "").startswith(text):
                    return b
    raise AssertionError(f"no {text} in File")


def test_a_plan_made_from_a_template_prompts_on_new_open_and_quit(qtbot, window, monkeypatch, tmp_path):
    """A plan just made from a template is unsaved work though nobody edited it: File > New,
    File > Open and File > Quit ask as for an edited plan; Cancel keeps it, Save writes it,
    and after the save nothing asks any more."""
    from ui import dialogs

    asked: list[str] = []
    answer = ["cancel"]
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda _p, name: asked.append(name) or answer[0])
    opened: list[str] = []
    monkeypatch.setattr(dialogs, "ask_open_path", lambda *_a: opened.append("asked") or "")
    target = tmp_path / "from-template.json"
    monkeypatch.setattr(dialogs, "ask_save_path", lambda *_a: str(target))
    window.doc.mark_saved(window.doc.path)
    menu_action(window, "File", "actNewFromTemplate").trigger()
    dlg = window.design_dialog
    qtbot.waitUntil(dlg.isVisible)
    names = [dlg.list.item(i).data(256) for i in range(dlg.list.count())]
    dlg.list.setCurrentRow(names.index("inference-small-enterprise"))
    qtbot.waitUntil(lambda: "inference-small-enterprise" in dlg.built, timeout=120_000)
    dlg.create_button.click()
    assert not asked  # the example was saved: nothing to ask before the template replaced it
    made = window.doc.plan
    assert window.doc.path is None and window.doc.modified and window.isWindowModified()
    file_menu_action(window, "New").trigger()  # File > New
    assert asked == ["Untitled"] and window.doc.plan is made
    file_menu_action(window, "Open").trigger()  # File > Open...
    assert len(asked) == 2 and not opened and window.doc.plan is made
    file_menu_action(window, "Quit").trigger()  # File > Quit: the close event asks too
    assert len(asked) == 3 and window.isVisible() and window.doc.plan is made
    answer[0] = "save"
    file_menu_action(window, "New").trigger()  # Save: written, then the new plan
    assert len(asked) == 4 and target.exists() and window.doc.plan is not made
    assert load_plan(target).site.name == made.site.name
    assert not window.doc.modified  # an empty New plan is not unsaved work
    file_menu_action(window, "New").trigger()
    assert len(asked) == 4
