"""Workloads panel and workload charts: real widgets, the real engine, the example pod."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.documents import load_plan
from ui.document import Document
from ui.panels.charts import ChartsPanel
from ui.panels.workloads import WorkloadsPanel, field_errors, format_number, parse_number

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture
def doc(qtbot, catalog):
    d = Document(load_plan(EXAMPLE), catalog, engine=Engine(catalog))
    d.recompute(background=False)
    assert d.results is not None
    return d


@pytest.fixture
def panel(qtbot, doc):
    p = WorkloadsPanel(doc)
    qtbot.addWidget(p)
    p.resize(560, 900)
    p.show()
    qtbot.waitExposed(p)
    return p


def item_of(panel: WorkloadsPanel, wid: str):
    for i in range(panel.tree.topLevelItemCount()):
        it = panel.tree.topLevelItem(i)
        if it.data(0, Qt.ItemDataRole.UserRole) == wid:
            return it
    return None


def type_into(qtbot, field, text: str) -> None:
    """Replace a line edit's text as a user does: select all, type, Enter."""
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def wait_form_settled(qtbot, p: WorkloadsPanel) -> None:
    """Wait until the form's layout has held still for 0.3 s: the verdict, notes and chart
    above it grow or shrink as the engine's answer and the scaling sweep arrive, a few hundred
    ms after an edit (later on a loaded machine: CI measured mid-way once)."""
    settled = [(-1, -1, -1)]
    for _ in range(100):
        qtbot.wait(100)
        field = p.fields["users"].editor if "users" in p.fields else p.detail
        settled.append((p.detail.height(), p.detail_scroll.verticalScrollBar().value(), field.y()))
        if len(settled) >= 4 and len(set(settled[-4:])) == 1:
            return


def verdict_text(doc, wid: str) -> str:
    """The list's verdict: the engine's margin signed as the build plan and `check` print it
    ("+108 %"; it read "208 %", the share of the target, in the app alone)."""
    v = doc.results.workloads[wid]
    if not v.met and v.bottleneck in ("power", "cooling"):
        return f"NOT MET · {v.bottleneck}"
    sign = "+" if v.margin >= 0.005 else ""
    return f"{'met' if v.met else 'NOT MET'} · {sign}{v.margin * 100:,.0f} %"


def test_number_entry_and_spec_error_parsing():
    assert parse_number("2B", integer=False) == 2e9
    assert parse_number("1_000", integer=True) == 1000
    assert parse_number("2e12", integer=False) == 2e12
    with pytest.raises(ValueError):
        parse_number("lots", integer=False)
    with pytest.raises(ValueError):
        parse_number("2.5", integer=True)
    assert format_number(2e9) == "2B" and format_number(4194304) == "4194304"
    assert parse_number(format_number(1.5e12), integer=False) == 1.5e12
    errs = field_errors("spec.users: Input should be greater than 0; spec: give checkpoint_within_s")
    assert errs == {"users": "Input should be greater than 0", "": "give checkpoint_within_s"}


def test_example_targets_listed_with_engine_verdicts(panel, doc):
    ids = [w.id for w in doc.plan.workloads]
    assert ids and panel.tree.topLevelItemCount() == len(ids)
    for wid in ids:
        v = doc.results.workloads[wid]
        it = item_of(panel, wid)
        assert it.text(1) == verdict_text(doc, wid)
        assert it.text(2) == v.bottleneck.replace("_", " ").replace("gpu memory", "GPU memory")
    # the inference target's key figure is the engine's tokens/s per user
    serve = next(w.id for w in doc.plan.workloads if w.kind == "inference")
    tps = doc.results.workloads[serve].figures["tokens_per_s_per_user"]
    assert item_of(panel, serve).text(3).startswith(f"{tps:,.1f} tok/s/user")


def test_add_edit_undo_inference_target(qtbot, panel, doc):
    before = len(doc.plan.workloads)
    panel.add_actions["inference"].trigger()
    assert len(doc.plan.workloads) == before + 1
    w = doc.plan.workloads[-1]
    assert w.kind == "inference" and panel.current_id() == w.id
    doc.flush()
    v = doc.results.workloads[w.id]
    assert v.met is not None, v.error
    first = verdict_text(doc, w.id)
    assert item_of(panel, w.id).text(1) == first
    assert panel.headline.property("level") == doc.results.workloads[w.id].level
    # the key figures are the engine's
    assert panel.figures["Tokens/s per user"].text().startswith(f"{v.figures['tokens_per_s_per_user']:,.1f}")
    # with the engine's validated error band of those figures
    assert v.figures["error_band"] > 0
    assert panel.figures["Uncertainty"].text().startswith(f"±{v.figures['error_band'] * 100:.0f} %")

    # edit: 40x the users through the form -> the engine's verdict changes
    users = panel.fields["users"].editor
    old_users = w.spec["users"]
    type_into(qtbot, users, str(old_users * 40))
    assert doc.plan.workloads[-1].spec["users"] == old_users * 40
    doc.flush()
    v2 = doc.results.workloads[w.id]
    assert v2.margin < v.margin
    assert item_of(panel, w.id).text(1) == verdict_text(doc, w.id) != first

    # undo restores the spec, the field and the verdict
    doc.undo_stack.undo()
    doc.flush()
    assert doc.plan.workloads[-1].spec["users"] == old_users
    assert panel.fields["users"].editor.text() == str(old_users)
    assert item_of(panel, w.id).text(1) == first


def test_bad_value_is_shown_at_the_field_and_not_applied(qtbot, panel, doc):
    serve = next(w for w in doc.plan.workloads if w.kind == "inference")
    panel.select_workload(serve.id)
    spec = dict(serve.spec)
    steps = doc.undo_stack.count()
    users = panel.fields["users"]
    type_into(qtbot, users.editor, "-5")
    assert users.error.isVisible() and "greater than" in users.error.text()
    assert serve.spec == spec and doc.undo_stack.count() == steps
    type_into(qtbot, users.editor, "many")
    assert "not a number" in users.error.text()
    # a good value clears the error and applies
    type_into(qtbot, users.editor, "900")
    assert not users.error.isVisible() and serve.spec["users"] == 900
    assert doc.undo_stack.count() == steps + 1

    # a field the other fields constrain (storage: a checkpoint target needs a size source)
    panel.add_actions["storage"].trigger()
    st = doc.plan.workloads[-1]
    model = panel.fields["model"].editor
    model.setCurrentIndex(model.findData(None))
    model.activated.emit(model.currentIndex())
    assert "needs model or checkpoint_size_gb" in panel.fields["model"].error.text()
    assert st.spec["model"] == "llama-3-70b"


def test_remove_and_undo(qtbot, panel, doc):
    wid = panel.current_id()
    n = len(doc.plan.workloads)
    text = item_of(panel, wid).text(1)
    qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    assert len(doc.plan.workloads) == n - 1 and item_of(panel, wid) is None
    doc.flush()
    assert wid not in doc.results.workloads
    doc.undo_stack.undo()
    doc.flush()
    assert item_of(panel, wid) is not None and item_of(panel, wid).text(1) == text


def test_group_from_selected_servers(qtbot, panel, doc, catalog):
    serve = next(w for w in doc.plan.workloads if w.kind == "inference")
    assert serve.group is None
    panel.select_workload(serve.id)
    doc.flush()
    gpus_before = doc.results.workloads[serve.id].figures["gpus"]
    # nothing selected: refused with a message, no edit
    steps = doc.undo_stack.count()
    qtbot.mouseClick(panel.group_button, Qt.MouseButton.LeftButton)
    assert doc.undo_stack.count() == steps and panel.message.isVisible()
    # two servers and a switch selected; the switch is not a GPU server
    servers = [p.id for p in doc.plan.index.placements.values()
               if catalog.get("device-types", p.device).gpu_count > 0][:2]
    switch = next(p.id for p in doc.plan.index.placements.values() if p.device == "nvidia-quantum-2-qm9700")
    doc.select([("placement", servers[0]), ("placement", servers[1]), ("placement", switch)])
    qtbot.mouseClick(panel.group_button, Qt.MouseButton.LeftButton)
    assert doc.undo_stack.count() == steps + 1, "group and assignment are one undo step"
    group = doc.plan.groups[-1]
    assert group.members == servers and serve.group == group.id
    assert panel.group_combo.currentData() == group.id
    doc.flush()
    per_server = catalog.get("device-types", doc.plan.index.placements[servers[0]].device).gpu_count
    assert doc.results.workloads[serve.id].figures["gpus"] == 2 * per_server < gpus_before
    doc.undo_stack.undo()
    doc.flush()
    assert serve.group is None and group.id not in {g.id for g in doc.plan.groups}
    assert doc.results.workloads[serve.id].figures["gpus"] == gpus_before
    # and the runs-on combo puts it back on the training group
    combo = panel.group_combo
    combo.setCurrentIndex(combo.findData("grp-train"))
    combo.activated.emit(combo.currentIndex())
    assert serve.group == "grp-train"


def test_chart_bars_are_the_engine_margins(qtbot, doc, panel):
    charts = ChartsPanel(doc)
    qtbot.addWidget(charts)
    charts.show()
    qtbot.waitExposed(charts)
    charts.tabs.setCurrentWidget(charts.workloads)  # the Workloads tab, as the user opens it
    wls = doc.results.workloads
    assert charts.workloads.ids == [w.id for w in doc.plan.workloads]
    for wid, pct, lvl in zip(charts.workloads.ids, charts.workloads.percents, charts.workloads.levels):
        assert pct == pytest.approx((1 + wls[wid].margin) * 100)
        assert lvl == doc.results.workloads[wid].level
    # an unmet target: its bar falls below 100 % and turns red
    serve = next(w for w in doc.plan.workloads if w.kind == "inference")
    panel.select_workload(serve.id)
    with qtbot.waitSignal(doc.resultsChanged, timeout=10000):
        type_into(qtbot, panel.fields["users"].editor, "20000")
    i = charts.workloads.ids.index(serve.id)
    assert charts.workloads.percents[i] < 100 and charts.workloads.levels[i] == "over"
    assert charts.workloads.percents[i] == pytest.approx((1 + doc.results.workloads[serve.id].margin) * 100)
    assert item_of(panel, serve.id).text(1).startswith("NOT MET")


def test_rename_and_delete_server_group(qtbot, panel, doc, monkeypatch):
    from ui import dialogs

    train = next(w for w in doc.plan.workloads if w.group == "grp-train")
    combo = panel.groups_combo
    assert panel.groups_row.isVisible()
    combo.setCurrentIndex(combo.findData("grp-train"))
    # rename through the button (the name prompt answers), one undo step
    monkeypatch.setattr(dialogs, "ask_text", lambda *a, **k: "  Pretraining pod ")
    steps = doc.undo_stack.count()
    qtbot.mouseClick(panel.rename_group_button, Qt.MouseButton.LeftButton)
    assert doc.plan.groups[0].name == "Pretraining pod" and doc.undo_stack.count() == steps + 1
    assert combo.currentText().startswith("Pretraining pod (")
    panel.select_workload(train.id)
    assert panel.group_combo.currentText().startswith("Pretraining pod (")  # the runs-on combo follows
    doc.undo_stack.undo()
    assert combo.currentText().startswith(doc.plan.groups[0].name + " (") and doc.plan.groups[0].name != "Pretraining pod"
    # delete while a workload runs on it: refused, the reason names the workload, no edit
    steps = doc.undo_stack.count()
    qtbot.mouseClick(panel.delete_group_button, Qt.MouseButton.LeftButton)
    assert doc.undo_stack.count() == steps and any(g.id == "grp-train" for g in doc.plan.groups)
    assert panel.groups_message.isVisible() and train.name in panel.groups_message.text()
    # point the workload at the whole plan, then the delete goes through and undoes
    runs = panel.group_combo
    runs.setCurrentIndex(runs.findData(None))
    runs.activated.emit(runs.currentIndex())
    assert train.group is None
    qtbot.mouseClick(panel.delete_group_button, Qt.MouseButton.LeftButton)
    assert all(g.id != "grp-train" for g in doc.plan.groups) and not panel.groups_message.isVisible()
    assert combo.findData("grp-train") < 0 and runs.findData("grp-train") < 0
    doc.undo_stack.undo()
    assert combo.findData("grp-train") >= 0


def test_decimal_comma_is_refused_not_misread():
    """'1,5' must not become 15 in a target field (a decimal comma in many locales)."""
    with pytest.raises(ValueError, match="decimal mark is a point"):
        parse_number("1,5", integer=False)
    assert parse_number("1,024", integer=True) == 1024
    assert parse_number("2.5k", integer=True) == 2500


def test_inference_verdict_says_which_software_generation_it_assumes(qtbot, panel, doc):
    """The panel shows the planner's note naming the serving-software generation the
    inference figures assume (issue 15)."""
    from PySide6.QtWidgets import QLabel

    serve = next(w.id for w in doc.plan.workloads if w.kind == "inference")
    panel.tree.setCurrentItem(item_of(panel, serve))
    notes = panel.findChild(QLabel, "verdictNotes")
    qtbot.waitUntil(lambda: "MLPerf Inference v5.0" in notes.text())
    assert notes.isVisible()
    assert doc.results.workloads[serve].figures["software"] == "2025"


def test_training_memory_is_shown_in_gib_of_the_drivers_capacity(qtbot, panel, doc):
    """An H100's memory reads 79.6 GiB (81,559 MiB as the driver reports it), never the
    "86 GB" the decimal figure gave; the used memory is in the same unit, from the engine."""
    wid = next(w.id for w in doc.plan.workloads if w.kind in ("pretrain", "finetune"))
    panel.select_workload(wid)
    qtbot.waitUntil(lambda: "Memory per GPU" in panel.figures)
    text = panel.figures["Memory per GPU"].text()
    used = doc.results.workloads[wid].figures["memory_per_gpu_gib"]
    assert text == f"{used:,.1f} GiB of 79.6 GiB"
    assert "GB" not in text.replace("GiB", "")


def test_headline_says_met_within_the_models_uncertainty(qtbot, catalog):
    """A target met by less than the model's error band (the engine levels it warn) reads
    'Met within the model's uncertainty', not a bare 'Met' (issue 15)."""
    from PySide6.QtWidgets import QLabel

    from tests.fixtures.workload_targets import tighten_to_band

    plan, _res = tighten_to_band(load_plan(EXAMPLE), catalog, Engine(catalog).compute(load_plan(EXAMPLE)))
    d = Document(plan, catalog, engine=Engine(catalog))
    d.recompute(background=False)
    p = WorkloadsPanel(d)
    qtbot.addWidget(p)
    p.resize(560, 900)
    p.show()
    wid = plan.workloads[0].id
    assert d.results.workloads[wid].level == "warn" and d.results.workloads[wid].met
    p.select_workload(wid)
    head = p.findChild(QLabel, "verdictHeadline")
    qtbot.waitUntil(lambda: "within the model" in head.text())
    d2 = Document(load_plan(EXAMPLE), catalog, engine=Engine(catalog))
    d2.recompute(background=False)
    p2 = WorkloadsPanel(d2)
    qtbot.addWidget(p2)
    p2.show()
    p2.select_workload(wid)
    head2 = p2.findChild(QLabel, "verdictHeadline")
    qtbot.waitUntil(lambda: "Met" in head2.text())
    assert "within the model" not in head2.text()


def test_inference_form_sets_the_serving_options_size_has(qtbot, panel, doc):
    """The form offers the serving stack (SGLang too), the scheduler limit, the output-length
    spread and the MoE/PCIe switches of `rackwright size infer`, and the engine's verdict
    follows them."""
    panel.add_actions["inference"].trigger()
    w = doc.plan.workloads[-1]
    for name in ("stack", "max_seqs", "length_spread", "ep", "attention_dp", "pcie_switch"):
        assert name in panel.fields, name
    stack = panel.fields["stack"].editor
    assert [stack.itemText(i) for i in range(stack.count())] == ["TensorRT-LLM", "vLLM", "SGLang"]
    stack.setCurrentIndex(stack.findData("sglang"))
    stack.activated.emit(stack.currentIndex())
    assert doc.plan.workloads[-1].spec["stack"] == "sglang"
    type_into(qtbot, panel.fields["max_seqs"].editor, "16")
    assert doc.plan.workloads[-1].spec["max_seqs"] == 16
    doc.flush()
    v = doc.results.workloads[w.id]
    assert v.figures["stack"] == "sglang" and v.figures["max_seqs"] == 16
    assert v.figures["batch_per_replica"] <= 16
    # a switch is a yes/no choice; expert parallelism on a dense model is refused by the engine
    ep = panel.fields["ep"].editor
    assert [ep.itemText(i) for i in range(ep.count())] == ["no", "yes"]
    ep.setCurrentIndex(ep.findData(True))
    ep.activated.emit(ep.currentIndex())
    assert doc.plan.workloads[-1].spec["ep"] is True
    doc.flush()
    assert "mixture-of-experts" in (doc.results.workloads[w.id].error or "")
def test_recompute_and_fp4_are_offered_in_the_training_form(qtbot, panel, doc):
    """Issue 26: the training form offers every recompute mode by its own words (not the
    method's 'full fine-tuning') and FP4; choosing one changes the spec and the engine's
    layout, and undo restores both."""
    wid = next(w.id for w in doc.plan.workloads if w.kind in ("pretrain", "finetune"))
    panel.select_workload(wid)
    qtbot.waitUntil(lambda: "recompute" in panel.fields)
    box = panel.fields["recompute"].editor
    texts = {box.itemData(i): box.itemText(i) for i in range(box.count())}
    assert texts["full"] == "full (every layer)" and texts["selective"] == "selective (attention core)"
    assert texts[None] == "(automatic: fastest that fits)" and "none" in texts and "auto" not in texts
    assert "fp4" in [panel.fields["precision"].editor.itemData(i) for i in range(panel.fields["precision"].editor.count())]
    box.setCurrentIndex(box.findData("full"))
    box.activated.emit(box.currentIndex())
    w = next(w for w in doc.plan.workloads if w.id == wid)
    assert w.spec["recompute"] == "full"
    doc.flush()
    assert doc.results.workloads[wid].figures["layout"]["recompute"] == "full"
    doc.undo_stack.undo()
    doc.flush()
    assert "recompute" not in next(w for w in doc.plan.workloads if w.id == wid).spec
    assert panel.fields["recompute"].editor.currentData() is None


def test_the_field_being_edited_stays_in_view_after_each_edit(qtbot, doc):
    """At 1366x768 the Workloads dock is short: the form sits below the verdict and the chart,
    and each edit refilled the verdict and scrolled the form away (issue 31). The field typed
    into stays visible, edit after edit."""
    p = WorkloadsPanel(doc)
    qtbot.addWidget(p)
    p.resize(520, 420)
    p.show()
    qtbot.waitExposed(p)
    wid = next(w.id for w in doc.plan.workloads if w.kind == "inference")
    p.select_workload(wid)
    qtbot.wait(50)  # the form laid out
    field = p.fields["users"].editor
    viewport = p.detail_scroll.viewport()
    assert p.detail_scroll.verticalScrollBar().maximum() > 0, "the dock is not short enough to scroll"

    def visible() -> bool:
        top_left = field.mapTo(viewport, field.rect().topLeft())
        return 0 <= top_left.y() and top_left.y() + field.height() <= viewport.height()

    field.setFocus()  # the user clicked into the field...
    qtbot.waitUntil(lambda: (p.detail_scroll.ensureWidgetVisible(field, 0, 24), visible())[1])  # ...scrolled to it

    for users in (400, 4000, 40, 1000):
        field = p.fields["users"].editor
        type_into(qtbot, field, str(users))
        doc.flush()
        field = p.fields["users"].editor
        assert doc.plan.workloads[[w.id for w in doc.plan.workloads].index(wid)].spec["users"] == users
        # the verdict, notes and chart above the form grow or shrink as the engine's answer
        # and the scaling sweep arrive (a few hundred ms after the edit): look once the
        # form's layout has held still for 0.3 s
        wait_form_settled(qtbot, p)
        assert visible(), f"the users field scrolled out of view after entering {users}"


def test_the_form_does_not_move_under_the_pointer_after_an_edit(qtbot, doc):
    """Kept in view is not enough: on a real X server each Return moved the whole form by a
    line once the new verdict arrived, so the next click, a second later, landed on the field
    above or below (issue 31, the X11 rebuild: input tokens typed into the wrong field, "1"
    typed into the precision box). The field typed into stays where it was on the screen, and
    with it the fields around it."""
    p = WorkloadsPanel(doc)
    qtbot.addWidget(p)
    p.resize(520, 420)
    p.show()
    qtbot.waitExposed(p)
    wid = next(w.id for w in doc.plan.workloads if w.kind == "inference")
    p.select_workload(wid)
    qtbot.wait(50)
    viewport = p.detail_scroll.viewport()
    field = p.fields["users"].editor
    field.setFocus()
    qtbot.waitUntil(lambda: (p.detail_scroll.ensureWidgetVisible(field, 0, 120), True)[1])
    wait_form_settled(qtbot, p)

    def y(name: str) -> int:
        f = p.fields[name].editor
        return f.mapTo(viewport, f.rect().topLeft()).y()

    for users in (4000, 40, 100000, 1000):
        before = {n: y(n) for n in ("users", "input_tokens")}
        type_into(qtbot, p.fields["users"].editor, str(users))
        doc.flush()
        wait_form_settled(qtbot, p)
        after = {n: y(n) for n in ("users", "input_tokens")}
        assert after == before, f"the form moved under the pointer after entering {users}: {before} -> {after}"


def test_the_form_fits_the_dock_at_1366x768(qtbot, doc):
    """At 1366x768 the Workloads dock is 322 px wide; the form asked for 411 and its fields'
    right halves were cut off (no horizontal scroll bar), so a click at a field's middle fell
    outside the window and what was typed went to the Add target button (issue 31, the X11
    rebuild at 1366x768). Every field lies inside the dock's viewport."""
    p = WorkloadsPanel(doc)
    qtbot.addWidget(p)
    p.setFixedSize(322, 420)  # the dock's width there: a dock does not grow to its panel's minimum
    p.show()
    qtbot.waitExposed(p)
    for kind in ("inference", "finetune"):
        p.select_workload(next(w.id for w in doc.plan.workloads if w.kind == kind))
        qtbot.wait(50)
        viewport = p.detail_scroll.viewport()
        for name, fld in [("name", p.name_edit), *((n, f.editor) for n, f in p.fields.items())]:
            right = fld.mapTo(viewport, fld.rect().topRight()).x()
            assert right < viewport.width(), f"{kind}: the {name} field is cut off (min {p.detail.minimumSizeHint().width()}) ({right} px of {viewport.width()})"


def _wheel(widget, notches: int = -1) -> None:
    """One wheel turn over the middle of ``widget``, from the window system (QTest.wheelEvent
    goes in where the platform's events do, so QApplication hands an ignored turn on to the
    widget's parents as it does for a real mouse)."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtTest import QTest

    window = widget.window()
    pos = widget.mapTo(window, widget.rect().center())
    QTest.wheelEvent(window.windowHandle(), QPointF(pos), QPoint(0, 120 * notches))
    QTest.qWait(10)


def test_the_wheel_over_an_unfocused_choice_scrolls_the_form_not_the_value(qtbot, doc):
    """A German walk-through at 1366x768 (issue 32): scrolling the short Workloads dock with
    the wheel, each notch over the precision or model box changed it and pushed an undo step.
    Over a box without the keyboard focus the wheel scrolls the form; the plan and the undo
    stack stay as they were. Once the user has clicked into the box, the wheel chooses."""
    p = WorkloadsPanel(doc)
    qtbot.addWidget(p)
    p.resize(520, 420)
    p.show()
    qtbot.waitExposed(p)
    wid = next(w.id for w in doc.plan.workloads if w.kind == "inference")
    p.select_workload(wid)
    wait_form_settled(qtbot, p)
    bar = p.detail_scroll.verticalScrollBar()
    assert bar.maximum() > 0, "the dock is not short enough to scroll"
    box = p.fields["precision"].editor
    p.detail_scroll.ensureWidgetVisible(box, 0, 120)
    bar.setValue(max(0, bar.value() - 40))  # room to scroll on down
    p.tree.setFocus()  # the focus is elsewhere: the user only scrolls the form
    qtbot.waitUntil(lambda: not box.hasFocus())
    spec = dict(next(w for w in doc.plan.workloads if w.id == wid).spec)
    steps, index, before = doc.undo_stack.count(), box.currentIndex(), bar.value()
    for _ in range(3):
        _wheel(box)
    doc.flush()
    assert box.currentIndex() == index
    assert next(w for w in doc.plan.workloads if w.id == wid).spec == spec
    assert doc.undo_stack.count() == steps, "a wheel turn over the form pushed an undo step"
    assert bar.value() > before, "the wheel did not scroll the form"
    assert not box.hasFocus(), "the wheel gave the box the focus (it takes the next turn as a choice)"
    # the Runs-on choice and the chart's metric choice are guarded too
    for other in (p.group_combo, p.scaling.chart.metric_combo):
        assert other.focusPolicy() == Qt.FocusPolicy.StrongFocus

    # clicked into, the box takes the wheel as a choice: one undo step
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    _wheel(box, notches=-1 if index < box.count() - 1 else 1)
    doc.flush()
    assert box.currentIndex() != index
    assert doc.undo_stack.count() == steps + 1


def test_growth_phase_choice_is_one_undo_step(qtbot, panel, doc):
    """Issue 32: a workload target belongs to a growth phase; the form's choice (only in a plan
    with phases) is one undo step, and the phase before no longer checks the target."""
    from planner.gestures import phases as gp

    serve = next(w for w in doc.plan.workloads if w.kind == "inference")
    panel.select_workload(serve.id)
    assert panel.phase_combo is None  # a plan without phases: no choice
    assert doc.push(gp.add_phase(doc.plan, "Pilot Q1"))
    assert doc.push(gp.add_phase(doc.plan, "Production Q3"))
    prod = doc.plan.growth_phases[1]
    combo = panel.phase_combo
    assert combo is not None and combo.isVisible()
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Pilot Q1 (not named: the first)", "Pilot Q1", "Production Q3"]
    assert combo.currentData() is None
    steps = doc.undo_stack.count()
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_End)  # the last phase, as a user picks it with the keyboard
    assert serve.growth_phase == prod.id and doc.undo_stack.count() == steps + 1
    doc.flush()
    phases = doc.results.phases
    assert phases is not None
    assert serve.id not in phases.phases[0].results.workloads and serve.id in phases.phases[1].results.workloads
    # renaming the phase shows in the choice
    assert doc.push(gp.rename_phase(doc.plan, prod.id, "Production Q4"))
    assert panel.phase_combo.currentText() == "Production Q4"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.flush()
    assert serve.growth_phase is None and panel.phase_combo.currentData() is None
    assert serve.id in doc.results.phases.phases[0].results.workloads
