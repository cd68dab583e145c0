"""Issue 32, compare: the wizard's candidates side by side (tick two to four, Compare Ticked,
the plans generated in the background and shown with the rows of File > Compare With...),
and the build plan's comparison page from the app (File > Export Build Plan against other
plan files, and the wizard comparison's own export), read back from the PDF's text."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.i18n import format_money
from tests.fixtures.ui_app.support import show_window, template_files
from ui import dialogs
from ui.exports import export

pytestmark = pytest.mark.gui

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture
def errors(monkeypatch):
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text, details="": seen.append((title, text)))
    monkeypatch.setattr(dialogs, "show_info", lambda parent, title, text: seen.append((title, text)))
    return seen


def make_window(qtbot, tmp_path, catalog, plan_path: Path):
    return show_window(qtbot, tmp_path, load_plan(plan_path), catalog, plan_path)


needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None and not os.environ.get("CI"),
                                     reason="pdftotext (poppler-utils) not installed")


def pdf_pages(path: Path) -> list[str]:
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True).stdout
    return out.decode("utf-8").split("\f")[:-1]


def pdf_text(path: Path) -> str:
    return "\n".join(pdf_pages(path))


def compare_page_text(path: Path) -> str:
    """The text of the PDF's comparison page and the one after it (a long table runs on)."""
    pages = pdf_pages(path)
    start = next(i for i, t in enumerate(pages) if "Option A is this plan" in t)
    return "\n".join(pages[start:start + 2])


def search_small_target(qtbot, win):
    """File > New from Workload: an 8B chat model for 20 users, 20 kW racks; the search run."""
    from tests.test_ui_design import open_wizard, type_into

    wiz = open_wizard(qtbot, win)
    f = wiz.workloads_page.fields
    model = f["model"].editor
    model.setCurrentIndex(model.findData("llama-3.1-8b"))
    model.activated.emit(model.currentIndex())
    type_into(qtbot, f["users"].editor, "20")
    type_into(qtbot, f["target_tokens_per_s_per_user"].editor, "20")
    wiz.next()
    type_into(qtbot, wiz.limits_page.edits["max_rack_kw"], "20")
    wiz.next()
    page = wiz.builds_page
    qtbot.waitUntil(lambda: not page.busy, timeout=180_000)
    assert page.table.rowCount() >= 3, page.status.text()
    return wiz, page


def click_tick(qtbot, table, row: int) -> None:
    """Click the check box of ``row``'s first cell, as a user does."""
    from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem

    rect = table.visualItemRect(table.item(row, 0))
    opt = QStyleOptionViewItem()
    opt.rect = rect
    opt.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    box = QApplication.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, opt, table)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=box.center())


@needs_pdftotext
def test_tick_candidates_and_compare_them_side_by_side(qtbot, tmp_path, catalog, errors, monkeypatch):
    from PySide6.QtWidgets import QDialog

    from planner.design import generate
    from planner.design.compare import compare_builds
    from ui.dialogs.compare import CompareDialog

    win = make_window(qtbot, tmp_path, catalog, EXAMPLES / "xe9680-h100-pod.json")
    wiz, page = search_small_target(qtbot, win)
    button = page.compare_button
    assert not button.isEnabled()  # none ticked
    click_tick(qtbot, page.table, 0)
    assert len(page.ticked) == 1 and page.ticked[0] is page.shown[0] and not button.isEnabled()  # one is none
    click_tick(qtbot, page.table, 2)
    assert button.isEnabled() and "2" in button.text()
    picked = [page.shown[0], page.shown[2]]
    # the ticks survive a re-sort (the rows move, the builds stay ticked)
    page.sort_by.setCurrentIndex(page.sort_by.findData("it_kw"))
    assert set(map(id, page.ticked)) == set(map(id, picked))
    assert sorted(r for r in range(page.table.rowCount())
                  if page.table.item(r, 0).checkState() == Qt.CheckState.Checked) == sorted(
        next(r for r, s in enumerate(page.shown) if s is c) for c in picked)
    page.sort_by.setCurrentIndex(page.sort_by.findData("rank"))
    # a tick the filters hide is dropped (not compared unseen); ticked again once shown
    assert picked[0].gpu != picked[1].gpu
    page.filter_gpu.setCurrentIndex(page.filter_gpu.findData(picked[1].gpu))
    assert len(page.ticked) == 1 and page.ticked[0] is picked[1] and not button.isEnabled()
    page.filter_gpu.setCurrentIndex(0)
    click_tick(qtbot, page.table, next(r for r, c in enumerate(page.shown) if c is picked[0]))
    assert button.isEnabled()
    # a fifth is refused and said
    assert page.table.rowCount() >= 5
    for r in (1, 3, 4):
        click_tick(qtbot, page.table, r)
    assert len(page.ticked) == 4 and "At most 4" in page.status.text()
    assert page.table.item(4, 0).checkState() == Qt.CheckState.Unchecked
    for r in (1, 3):
        click_tick(qtbot, page.table, r)
    assert len(page.ticked) == 2
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert page.busy and page.cancel_button.isVisible()  # in the background, with Cancel
    qtbot.waitUntil(lambda: not page.busy, timeout=180_000)
    dlg = page.compare_dialog
    assert isinstance(dlg, CompareDialog) and dlg.isVisible() and dlg.parent() is wiz
    assert wiz.findChild(QDialog, "compareDialog") is dlg
    cmp = dlg.comparison
    assert [o.name.split(":")[0] for o in cmp.options] == ["Build 1", "Build 3"]
    # the table is the planner's rows, cell for cell
    rows = [r for r in cmp.rows() if not r.heading]
    shown = [[dlg.table.item(i, j).text() for j in range(3)] for i in range(dlg.table.rowCount())
             if dlg.table.columnSpan(i, 0) == 1]
    assert shown == [[r.label, *r.cells] for r in rows]
    # ... and the figures are those of the plans the builds write (generated again here, as
    # Create Plan writes them, and computed by the engine)
    md = wiz.plan_metadata()
    for k, cand in enumerate(picked):
        plan = generate.generate_plan(cand.design, catalog, workloads=wiz.spec.plan_workloads(),
                                      metadata=md.model_copy(update={"internal_notes": ""}))
        t = Engine(catalog).compute(plan).totals
        assert t.gpus == cand.gpus
        assert dlg.cell_text("Racks", k).split(" ")[0] == str(t.racks)
        assert dlg.cell_text("Capex", k).startswith(format_money(t.capex, t.currency))
        assert dlg.cell_text("GPUs", k).startswith(f"{t.gpus} ")
    # the same figures as File > Compare With: compare_builds on those two plans gives the rows
    again = compare_builds([(n, p, r) for n, p, r in dlg.compared.builds], catalog, given_names=True)
    assert [(r.label, r.cells) for r in again.rows()] == [(r.label, r.cells) for r in cmp.rows()]
    assert "Compared:" in page.status.text() and not errors
    # the wizard is untouched: still on its builds, the selection usable for Create Plan
    assert wiz.currentPage() is page and page.isComplete()

    # Export Build Plan (PDF) from the comparison: A's build plan with the comparison page
    target = tmp_path / "builds.pdf"
    monkeypatch.setattr(export, "ask_pdf_path", lambda parent, suggested: str(target))
    with qtbot.waitSignal(dlg.exporter.finished, timeout=120_000) as blocker:
        qtbot.mouseClick(dlg.export_button, Qt.MouseButton.LeftButton)
        opts = dlg.exporter.options_dialog
        assert opts is not None and opts.compare_check.isChecked()
        assert [opts.compare_list.item(i).text() for i in range(opts.compare_list.count())] == [
            f"B: {cmp.options[1].name}"]
        qtbot.mouseClick(opts.ok_button, Qt.MouseButton.LeftButton)
    assert "compare" in blocker.args[0].sections
    text = compare_page_text(target)
    for o in cmp.options:
        assert o.name.split(":")[0] in text
    a_capex = format_money(cmp.options[0].capex, cmp.options[0].currency)
    b_capex = format_money(cmp.options[1].capex, cmp.options[1].currency)
    assert a_capex in text and b_capex in text
    assert "Build plan written" in dlg.status.text()
    dlg.close()


@pytest.fixture
def plan_files(tmp_path, catalog):
    return template_files(tmp_path, catalog)


@needs_pdftotext
def test_export_build_plan_with_a_comparison_page_against_other_files(qtbot, tmp_path, catalog, errors,
                                                                      monkeypatch, plan_files):
    a_path = tmp_path / "a.json"
    shutil.copy(plan_files["inference-small-enterprise"], a_path)
    win = make_window(qtbot, tmp_path, catalog, a_path)
    target = tmp_path / "with-compare.pdf"
    monkeypatch.setattr(export, "ask_pdf_path", lambda parent, suggested: str(target))
    asked = iter([str(plan_files["inference-production"]), str(plan_files["inference-production"])])
    monkeypatch.setattr(dialogs, "ask_open_path", lambda parent, directory="": next(asked))
    with qtbot.waitSignal(win.exporter.finished, timeout=120_000) as blocker:
        win.act_export_pdf.trigger()
        dlg = win.exporter.options_dialog
        assert not dlg.compare_check.isChecked() and dlg.compare_list.count() == 0  # none each time
        qtbot.mouseClick(dlg.compare_add, Qt.MouseButton.LeftButton)
        assert dlg.compare_check.isChecked() and dlg.compare_paths() == [str(plan_files["inference-production"])]
        qtbot.mouseClick(dlg.compare_add, Qt.MouseButton.LeftButton)  # the same file twice: listed once
        assert dlg.compare_list.count() == 1
        qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    summary = blocker.args[0]
    assert "compare" in summary.sections and not errors
    # the page: both plans' names and figures, as the planner computes them
    a = Engine(catalog).compute(load_plan(a_path))
    b_plan = load_plan(plan_files["inference-production"])
    b = Engine(catalog).compute(b_plan)
    text = compare_page_text(target)
    assert win.doc.plan.metadata.project in text and b_plan.metadata.project in text
    assert format_money(a.totals.capex, a.totals.currency) in text
    assert format_money(b.totals.capex, b.totals.currency) in text
    assert "Links (cables)" in text

    # without the page (unticked): no comparison in the next export
    with qtbot.waitSignal(win.exporter.finished, timeout=120_000) as blocker:
        win.act_export_pdf.trigger()
        dlg = win.exporter.options_dialog
        assert dlg.compare_list.count() == 0
        qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert "compare" not in blocker.args[0].sections
    assert "Options compared" not in pdf_text(target)


def test_a_comparison_file_that_cannot_be_read_is_named_and_nothing_written(qtbot, tmp_path, catalog, errors,
                                                                            monkeypatch, plan_files):
    win = make_window(qtbot, tmp_path, catalog, plan_files["inference-small-enterprise"])
    target = tmp_path / "out.pdf"
    target.write_bytes(b"the previous export")
    monkeypatch.setattr(export, "ask_pdf_path", lambda parent, suggested: str(target))
    monkeypatch.setattr(dialogs, "ask_open_path", lambda parent, directory="": str(plan_files["broken"]))
    with qtbot.waitSignal(win.exporter.failed, timeout=60_000):
        win.act_export_pdf.trigger()
        dlg = win.exporter.options_dialog
        qtbot.mouseClick(dlg.compare_add, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert len(errors) == 1 and "broken.json" in errors[0][1] and "comparison page" in errors[0][1]
    assert target.read_bytes() == b"the previous export"


def test_the_comparison_list_takes_three_files_at_most(qtbot, tmp_path, plan_files):
    from ui.dialogs.export_options import ExportOptionsDialog

    paths = iter([str(tmp_path / f"p{i}.json") for i in range(5)])
    dlg = ExportOptionsDialog(None)
    qtbot.addWidget(dlg)
    import ui.dialogs as d

    orig = d.ask_open_path
    d.ask_open_path = lambda parent, directory="": next(paths)
    try:
        for _ in range(3):
            assert dlg.compare_add.isEnabled()
            qtbot.mouseClick(dlg.compare_add, Qt.MouseButton.LeftButton)
    finally:
        d.ask_open_path = orig
    assert dlg.compare_list.count() == 3 and not dlg.compare_add.isEnabled()
    dlg.compare_list.setCurrentRow(1)
    qtbot.mouseClick(dlg.compare_remove, Qt.MouseButton.LeftButton)
    assert dlg.compare_paths() == [str(tmp_path / "p0.json"), str(tmp_path / "p2.json")]
    assert [dlg.compare_list.item(i).text() for i in range(2)] == ["B: p0.json", "C: p2.json"]
    # ticked without a file: OK is off and the hint says why
    dlg.compare_list.clear()
    dlg._update()
    assert dlg.compare_check.isChecked() and not dlg.ok_button.isEnabled() and dlg.hint.text()
    dlg.compare_check.setChecked(False)
    assert dlg.ok_button.isEnabled()


def test_cancel_stops_the_comparison_and_the_page_stays_usable(qtbot, tmp_path, catalog, errors, monkeypatch):
    """Cancel while the builds' plans are generated: the generator stops at its next check (a
    slowed generator here, so that Cancel comes while it runs), no dialog, Compare again works."""
    import time

    from planner.design import generate

    win = make_window(qtbot, tmp_path, catalog, EXAMPLES / "xe9680-h100-pod.json")
    wiz, page = search_small_target(qtbot, win)
    real = generate.generate_plan

    def slow(*args, cancel=None, **kw):
        for _ in range(3000):  # up to 30 s, until Cancel
            if cancel is not None and cancel():
                break
            time.sleep(0.01)
        return real(*args, cancel=cancel, **kw)

    monkeypatch.setattr(generate, "generate_plan", slow)
    page.set_ticked([0, 1])
    qtbot.mouseClick(page.compare_button, Qt.MouseButton.LeftButton)
    assert page.busy and page.cancel_button.isVisible() and page.progress.isVisible()
    assert not page.compare_button.isEnabled() and not page.isComplete()
    qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not page.busy, timeout=30_000)
    assert page.status.text() == "Comparison cancelled." and page.compare_dialog is None
    assert page.compare_button.isEnabled() and page.isComplete() and not errors
    monkeypatch.setattr(generate, "generate_plan", real)
    qtbot.mouseClick(page.compare_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not page.busy, timeout=120_000)
    assert page.compare_dialog is not None and page.compare_dialog.isVisible()
    page.compare_dialog.close()


def test_the_comparison_in_german(qtbot, tmp_path, monkeypatch):
    """The wizard's Compare in German: the button, the option names and the rows are the
    language's (the verdict too: it is the engine's word, translated where it is shown)."""
    from PySide6.QtWidgets import QApplication

    from tests.test_ui_wizard_locale import TS_DIR, new_from_workload, open_app
    from ui import i18n

    try:
        win = open_app(qtbot, tmp_path, monkeypatch, "de")
        wiz = new_from_workload(qtbot, win)
        f = wiz.workloads_page.fields
        model = f["model"].editor
        model.setCurrentIndex(model.findData("llama-3.1-8b"))
        model.activated.emit(model.currentIndex())
        wiz.next()
        wiz.next()
        page = wiz.builds_page
        qtbot.waitUntil(lambda: not page.busy, timeout=180_000)
        page.set_ticked([0, 1])
        assert page.compare_button.text() == "Angekreuzte vergleichen (2)"
        qtbot.mouseClick(page.compare_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not page.busy, timeout=180_000)
        dlg = page.compare_dialog
        assert dlg.windowTitle() == "Aufbauten vergleichen"
        assert dlg.cell_text("Aufbau", 0).startswith("Aufbau 1: ")
        assert dlg.cell_text("Aufbau", 1).startswith("Aufbau 2: ")
        verdicts = [dlg.table.item(i, 1).text() for i in range(dlg.table.rowCount())
                    if "Spielraum" in (dlg.table.item(i, 1).text() if dlg.table.item(i, 1) else "")]
        assert verdicts and all(v.startswith(("erfüllt", "NICHT ERFÜLLT")) for v in verdicts), verdicts
        assert re.match(r"\d{1,3}(\.\d{3})+\s\$", dlg.cell_text("Investitionskosten", 0))  # 343.324 $
        dlg.close()
        wiz.reject()
    finally:
        i18n.install(QApplication.instance(), "en", TS_DIR)
