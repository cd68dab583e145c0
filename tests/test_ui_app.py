"""The main window as a user meets it: title and save state, opening bad files,
unsaved-changes prompt, copy/paste and duplicate as single undo steps, settings and
the remembered layout. Dialogs go through ui.dialogs, which the tests replace."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from planner.files.documents import load_plan
from planner.files.plan_io import plan_to_dict
from tests.fixtures.ui_app.support import CATALOG_DIR, fixture_catalog, make_window, two_rack_plan
from ui import dialogs

pytestmark = pytest.mark.gui


class DialogLog:
    """Stands in for ui.dialogs: records what the user would have been shown."""

    def __init__(self, monkeypatch, save_path: Path | None = None, answer: str = "cancel") -> None:
        self.errors: list[tuple[str, str, str]] = []
        self.questions: list[str] = []
        self.save_path = save_path
        self.answer = answer
        monkeypatch.setattr(dialogs, "show_error", self._error)
        monkeypatch.setattr(dialogs, "ask_save_changes", self._ask)
        monkeypatch.setattr(dialogs, "ask_save_path", lambda parent, suggested="": str(self.save_path))
        monkeypatch.setattr(dialogs, "ask_int", lambda *a, **k: 4)

    def _error(self, parent, title, text, details=""):
        self.errors.append((title, text, details))

    def _ask(self, parent, name):
        self.questions.append(name)
        return self.answer


def test_title_shows_modified_after_edit_and_clears_after_save(qtbot, tmp_path, monkeypatch):
    target = tmp_path / "pod.json"
    log = DialogLog(monkeypatch, save_path=target)
    win = make_window(qtbot, tmp_path)
    assert "Untitled[*]" in win.windowTitle() and not win.isWindowModified()
    from planner.model.edits import SetProperty

    assert win.doc.push(SetProperty("rack", "rack-2", "name", "R02-new"))
    assert win.isWindowModified()
    win.act_save.trigger()  # no path yet: Save asks for one (Save As)
    assert not log.errors
    assert not win.isWindowModified()
    assert win.windowTitle().startswith("pod.json[*]")
    assert load_plan(target).rack("rack-2").name == "R02-new"
    win.doc.undo_stack.undo()  # back past the saved state: modified again
    assert win.isWindowModified()
    assert str(target.resolve()) in win.settings.recent_files


def test_open_malformed_plan_shows_file_and_field_and_writes_nothing(qtbot, tmp_path, monkeypatch):
    log = DialogLog(monkeypatch, answer="discard")
    data = plan_to_dict(two_rack_plan())
    data["site"]["rooms"][0]["rows"][0]["racks"][0]["placements"][2]["u"] = -3
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(data))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    win = make_window(qtbot, tmp_path)
    plan_before = plan_to_dict(win.doc.plan)
    assert win.files.open(str(bad)) is False
    assert len(log.errors) == 1
    title, text, _ = log.errors[0]
    assert "broken.json" in text and "placements[2].u" in text
    assert plan_to_dict(win.doc.plan) == plan_before  # the open plan is untouched
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file() and p.name != "settings.ini"}
    before.pop("settings.ini", None)
    assert after == before  # nothing written next to the bad file


def test_app_opens_with_new_plan_when_start_file_is_bad(qtbot, tmp_path, monkeypatch):
    log = DialogLog(monkeypatch)
    bad = tmp_path / "garbage.json"
    bad.write_text('{"format": "rackwright-plan", "format_version": 1, "feeds": [{"id": 5}]')
    from ui.settings import AppSettings
    from ui.shell.app import open_window

    settings = AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win = open_window(str(bad), fixture_catalog(), settings, background=False)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    assert log.errors and "garbage.json" in log.errors[0][1]
    assert win.doc.path is None and len(list(win.doc.plan.racks())) == 1
    assert bad.read_text().startswith('{"format"')


def test_catalog_files_that_fail_validation_are_listed_and_app_opens(qtbot, tmp_path, monkeypatch):
    log = DialogLog(monkeypatch)
    shipped = tmp_path / "catalogs"
    shutil.copytree(CATALOG_DIR, shipped)
    (shipped / "device-types" / "Dell" / "broken.yaml").write_text(
        "manufacturer: Dell\nmodel: Broken\nslug: broken\nu_height: 2.3\nis_full_depth: true\n")
    monkeypatch.setenv("RACKWRIGHT_SHIPPED_CATALOG", str(shipped))
    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(tmp_path / "no-user-catalog"))
    from ui.shell.app import load_catalog_reporting

    cat = load_catalog_reporting(None)
    assert "dell-poweredge-xe9680" in cat.devices
    assert len(log.errors) == 1
    title, text, details = log.errors[0]
    assert "broken.yaml" in text and "u_height" in details


def test_new_with_unsaved_changes_asks_and_cancel_keeps_plan(qtbot, tmp_path, monkeypatch):
    log = DialogLog(monkeypatch, answer="cancel")
    win = make_window(qtbot, tmp_path)
    from planner.model.edits import RemovePlacement

    assert win.doc.push(RemovePlacement("srv-1"))
    win.act_new.trigger()
    assert log.questions == ["Untitled"]
    assert "rack-2" in win.doc.plan.index.racks and win.isWindowModified()
    log.answer = "discard"
    win.act_new.trigger()
    assert "rack-2" not in win.doc.plan.index.racks and not win.isWindowModified()
    assert win.doc.undo_stack.count() == 0
    assert len(win.rack_view.scene.frames) == 2  # one new rack, front and rear


def test_copy_paste_devices_and_racks_with_fresh_ids(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    doc.select([("placement", "srv-1")])
    win.act_copy.trigger()
    doc.select([("rack", "rack-2")])
    depth = doc.undo_stack.count()
    win.act_paste.trigger()
    pasted = [p for p in doc.plan.rack("rack-2").placements]
    assert len(pasted) == 1 and pasted[0].device == "dell-poweredge-xe9680" and pasted[0].id != "srv-1"
    assert pasted[0].u == 1 and doc.undo_stack.count() == depth + 1
    # racks: copy R01, paste into its row -> a new rack with new ids for all devices
    doc.select([("rack", "rack-1")])
    win.act_copy.trigger()
    ids_before = set(doc.plan.index.placements)
    win.act_paste.trigger()
    new_racks = [r for r in doc.plan.racks() if r.id not in ("rack-1", "rack-2")]
    assert len(new_racks) == 1 and new_racks[0].name == "R03"
    new_ids = {p.id for p in new_racks[0].placements}
    assert len(new_ids) == 3 and not (new_ids & ids_before)
    assert doc.selection == (("rack", new_racks[0].id),)
    doc.undo_stack.undo()
    assert new_racks[0].id not in doc.plan.index.racks


def test_duplicate_rack_x_n_is_one_undo_step(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)  # ask_int answers 4
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    doc.select([("rack", "rack-1")])
    depth = doc.undo_stack.count()
    win.act_dup_rack.trigger()
    doc.flush()
    names = [r.name for r in doc.plan.racks()]
    assert names == ["R01", "R02", "R03", "R04", "R05", "R06"]
    assert doc.undo_stack.count() == depth + 1
    assert len(win.rack_view.scene.frames) == 12  # the row now shows 6 racks
    copies = [r for r in doc.plan.racks() if r.name in ("R03", "R06")]
    assert all(len(r.placements) == 3 for r in copies)
    # R01's feeds serve only R01 (its own circuits): every copy gets feeds of its own, same sides
    feeds = {f.id: f for f in doc.plan.feeds}
    for r in copies:
        pdus = [p for p in r.placements if p.device == "vertiv-pdu-test"]
        assert all(p.feed not in ("feed-a", "feed-b") for p in pdus)
        assert sorted(feeds[p.feed].side for p in pdus) == ["A", "B"]
    assert len(feeds) == 2 + 4 * 2
    assert doc.results.totals.gpus == 5 * 8  # R01 and its four copies each hold one 8-GPU server
    doc.undo_stack.undo()
    doc.flush()
    assert [r.name for r in doc.plan.racks()] == ["R01", "R02"]
    assert doc.results.totals.gpus == 8
    assert [f.id for f in doc.plan.feeds] == ["feed-a", "feed-b"]


def test_inspector_edits_rack_cooling_and_pdu_feed(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)
    win = make_window(qtbot, tmp_path)
    doc, insp = win.doc, win.inspector
    doc.select([("rack", "rack-1")])
    method = insp.fields["cooling_method"]
    method.setCurrentIndex(method.findData("air-containment"))
    assert doc.plan.rack("rack-1").cooling.method == "air-containment"
    feed_box = insp.fields["feed_pdu-b1"]
    feed_box.setCurrentIndex(feed_box.findData("feed-a"))
    assert doc.plan.placement("pdu-b1").feed == "feed-a"
    doc.undo_stack.undo()
    assert doc.plan.placement("pdu-b1").feed == "feed-b"
    doc.undo_stack.undo()
    assert doc.plan.rack("rack-1").cooling is None


def test_inspector_refusal_is_shown(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)
    win = make_window(qtbot, tmp_path)
    win.doc.select([("placement", "srv-1")])
    u = win.inspector.fields["u"]
    u.setValue(45)
    u.editingFinished.emit()
    assert win.doc.plan.placement("srv-1").u == 1
    assert "beyond the top" in win.inspector.error.text() and not win.inspector.error.isHidden()


def test_imperial_units_convert_only_at_display(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)
    from ui import units

    win = make_window(qtbot, tmp_path)
    try:
        win.settings.units = "imperial"
        win.apply_settings()
        win.doc.select([("row", "row-1")])
        x = win.inspector.fields["x_m"]
        assert x.suffix() == " ft" and abs(x.value() - 1.2 / 0.3048) < 0.01
        x.setValue(10.0)
        x.editingFinished.emit()
        assert abs(win.doc.plan.index.rows["row-1"].x_m - 3.048) < 1e-9  # stored in metres
    finally:
        units.set_current("metric")


def test_engine_thresholds_from_settings_reach_the_engine(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)
    win = make_window(qtbot, tmp_path)
    from ui.settings import SettingsDialog

    dlg = SettingsDialog(win.settings, win)
    box = dlg.engine_fields["continuous_derating"]
    box.setValue(1.0)
    dlg.save()
    win.apply_settings()
    assert win.doc.engine.settings.continuous_derating == 1.0
    assert win.settings.engine_overrides == {"continuous_derating": 1.0}


def test_dock_layout_is_remembered(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)
    win = make_window(qtbot, tmp_path)
    assert win.docks["catalogDock"].isVisible()
    win.docks["catalogDock"].hide()
    win.save_layout()
    win2 = make_window(qtbot, tmp_path)
    assert not win2.docks["catalogDock"].isVisible()
    assert win2.docks["inspectorDock"].isVisible()


def test_full_recompute_runs_off_the_gui_thread(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    import threading

    seen: list[str] = []
    real = doc.engine.compute

    def spy(plan):
        seen.append(threading.current_thread().name)
        return real(plan)

    monkeypatch.setattr(doc.engine, "compute", spy)
    with qtbot.waitSignal(doc.resultsChanged, timeout=10000):
        doc.recompute()
        assert doc.busy
    assert seen and seen[0] != threading.main_thread().name
    assert not doc.busy


def test_inspector_lists_feeds_and_edits_a_feed(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)
    win = make_window(qtbot, tmp_path)
    doc, insp = win.doc, win.inspector
    from PySide6.QtWidgets import QPushButton

    links = [b for b in insp.scroll.widget().findChildren(QPushButton) if b.text().startswith("Feed B")]
    assert len(links) == 1
    links[0].click()
    assert doc.selection == (("feed", "feed-b"),)
    breaker = insp.fields["breaker_a"]
    breaker.setValue(63)
    breaker.editingFinished.emit()
    assert doc.plan.feed("feed-b").breaker_a == 63


def test_burst_of_edits_costs_one_incremental_engine_update(qtbot, tmp_path, monkeypatch):
    DialogLog(monkeypatch)
    win = make_window(qtbot, tmp_path)
    doc = win.doc
    calls: list[set[str]] = []
    real = doc.engine.update

    def spy(plan, change):
        calls.append(set(change.racks))
        return real(plan, change)

    monkeypatch.setattr(doc.engine, "update", spy)
    from planner.model.edits import SetProperty

    for i in range(5):
        assert doc.push(SetProperty("rack", "rack-2", "name", f"R02-{i}"))
    assert doc.push(SetProperty("rack", "rack-1", "name", "R01-x"))
    with qtbot.waitSignal(doc.resultsChanged, timeout=5000):
        pass
    assert calls == [{"rack-1", "rack-2"}]  # one update with the accumulated change
    assert doc.results.racks["rack-2"].name == "R02-4"


def test_switching_to_dark_theme_redraws_rack_and_fabric_text_light(qtbot, tmp_path):
    """Regression: the scenes took the widgets' palette before the palette-change events
    arrived, so after Settings > Dark the rack labels and U numbers stayed black on dark."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QApplication

    from ui import units
    from ui.settings import apply_theme

    win = make_window(qtbot, tmp_path)
    try:
        win.settings.theme = "dark"
        win.apply_settings()  # what the settings dialog's OK does; no event processing before the rebuild
        for scene in (win.rack_view.scene, win.fabric_view.scene):
            assert scene.palette.color(QPalette.ColorRole.WindowText).lightness() > 180
        texts = [it for it in win.rack_view.scene.items() if callable(getattr(it, "text", None)) and it.text() == "R01"]
        assert texts and texts[0].brush().color().lightness() > 180
    finally:
        win.settings.theme = "light"
        apply_theme(QApplication.instance(), "light")
        units.set_current("metric")


@pytest.mark.parametrize("damage", ["fifo", "loader-bug"])
def test_any_failure_to_read_a_plan_ends_in_the_same_dialog(qtbot, tmp_path, monkeypatch, damage):
    """Not only the loader's own errors: a FIFO (which used to hang) and an exception the
    loader never meant to raise both give the 'Cannot open plan' dialog naming the file."""
    import os

    log = DialogLog(monkeypatch, answer="discard")
    win = make_window(qtbot, tmp_path)
    plan_before = plan_to_dict(win.doc.plan)
    if damage == "fifo":
        if os.name != "posix":
            pytest.skip("FIFOs are POSIX")
        path = tmp_path / "pipe.json"
        os.mkfifo(path)
    else:
        path = tmp_path / "pod.json"
        path.write_text(json.dumps(plan_to_dict(two_rack_plan())))

        def broken(p):  # what a bug deep in a reader would raise
            raise RecursionError("maximum recursion depth exceeded")

        monkeypatch.setattr("ui.shell.controllers.load_plan", broken)
    assert win.files.open(str(path)) is False
    assert len(log.errors) == 1
    title, text, _ = log.errors[0]
    assert title == "Cannot open plan" and path.name in text
    assert plan_to_dict(win.doc.plan) == plan_before
