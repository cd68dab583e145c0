"""Scaling chart in the workloads panel: real widgets, the real engine, sweeps in the
background, the example pod."""

from __future__ import annotations

import math
import threading
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRunnable, Qt

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.model.edits import SetProperty
from planner.workloads.sweep import sweep_workload
from ui import style
from ui.document import Document
from ui.panels.workloads import WorkloadsPanel

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture
def doc(qtbot, catalog):
    d = Document(load_plan(EXAMPLE), catalog, engine=Engine(catalog))
    d.recompute(background=False)
    return d


@pytest.fixture
def panel(qtbot, doc):
    p = WorkloadsPanel(doc)
    qtbot.addWidget(p)
    p.resize(500, 1100)
    p.show()
    qtbot.waitExposed(p)
    yield p
    p.scaling.cancel()
    p.scaling.wait()


def plan_gpus(doc, catalog) -> int:
    """GPUs in the plan, counted here from the catalog (not by the planner's cluster)."""
    return sum(catalog.get("device-types", p.device).gpu_count for p in doc.plan.index.placements.values()
               if catalog.get("device-types", p.device) is not None)


def type_into(qtbot, field, text: str) -> None:
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def wait_for_target(qtbot, chart, value: float) -> None:
    qtbot.waitUntil(lambda: chart.target_line is not None and chart.target_line.value() == pytest.approx(value)
                    and chart.message.isHidden(), timeout=15000)


def test_selected_workload_is_charted_with_target_and_plan_marker(qtbot, panel, doc, catalog):
    panel.select_workload("wl-serve")
    chart = panel.scaling.chart
    qtbot.waitUntil(lambda: chart.result is not None, timeout=15000)
    assert panel.scaling.workload_id == "wl-serve" and chart.result.kind == "inference"
    assert chart.plot.isVisible() and chart.metric_key == "tokens_per_s_per_user"
    # the chart shows the planner's sweep, nothing of its own
    w = next(x for x in doc.plan.workloads if x.id == "wl-serve")
    want = sweep_workload(doc.plan, catalog, w)
    gpus, vals = chart.series()
    assert list(gpus) == [p.gpus for p in want.points if p.tokens_per_s_per_user is not None]
    assert np.allclose(vals, [p.tokens_per_s_per_user for p in want.points if p.tokens_per_s_per_user is not None])
    xs, ys = chart.curve.getData()
    assert np.allclose(xs, np.log10(gpus)) and np.allclose(ys, vals)
    # log GPU axis spans the sweep; the target at 20 tokens/s per user
    lo, hi = chart.plot.getPlotItem().getViewBox().viewRange()[0]
    assert lo < math.log10(gpus[0]) and hi > math.log10(gpus[-1])
    assert chart.target_line.value() == pytest.approx(20)
    # the plan's own count: the marker line and the diamond on the curve at the verdict's figure
    n = plan_gpus(doc, catalog)
    assert chart.result.plan_gpus == n
    assert chart.plan_line.isVisible() and chart.plan_line.value() == pytest.approx(math.log10(n))
    dx, dy = chart.plan_dot.getData()
    assert dx[0] == pytest.approx(math.log10(n))
    assert dy[0] == pytest.approx(doc.results.workloads["wl-serve"].figures["tokens_per_s_per_user"])
    # bottleneck bands and their legend
    assert chart.bands == want.bottleneck_ranges() and len(chart.band_items) == len(chart.bands)
    for bn, _a, _z in chart.bands:
        assert {"compute": "compute", "memory_bandwidth": "memory bandwidth"}.get(bn, bn) in chart.legend.text()
    assert f"Plan: {n:,} GPUs" in chart.summary.text()


def test_editing_the_spec_in_the_panel_updates_the_chart(qtbot, panel, doc):
    panel.select_workload("wl-serve")
    chart = panel.scaling.chart
    wait_for_target(qtbot, chart, 20)
    before_min = chart.result.min_gpus_met
    type_into(qtbot, panel.fields["target_tokens_per_s_per_user"].editor, "35")
    assert doc.plan.workloads[1].spec["target_tokens_per_s_per_user"] == 35
    wait_for_target(qtbot, chart, 35)
    assert chart.result.targets["tokens_per_s_per_user"] == 35
    assert chart.result.min_gpus_met > before_min  # a faster target needs more GPUs
    # twice the users: the plan's GPUs serve each of them slower, and the curve shows it
    n = chart.result.plan_gpus
    before = chart.result.point_at(n).tokens_per_s_per_user
    type_into(qtbot, panel.fields["users"].editor, "2000")
    qtbot.waitUntil(lambda: chart.message.isHidden() and chart.result.point_at(n).tokens_per_s_per_user < before,
                    timeout=15000)
    _dx, dy = chart.plan_dot.getData()
    assert dy[0] == pytest.approx(chart.result.point_at(n).tokens_per_s_per_user)
    # undo brings the earlier chart back
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    wait_for_target(qtbot, chart, 20)
    assert chart.result.min_gpus_met == before_min


def test_metric_combo_switches_the_plotted_figure(qtbot, panel):
    panel.select_workload("wl-serve")
    chart = panel.scaling.chart
    wait_for_target(qtbot, chart, 20)
    combo = chart.metric_combo
    combo.setCurrentIndex(combo.findData("ttft_s"))
    combo.activated.emit(combo.currentIndex())
    assert chart.metric_key == "ttft_s"
    _g, vals = chart.series()
    assert np.allclose(vals, [p.ttft_s for p in chart.result.points if p.ttft_s is not None])
    assert chart.target_line.value() == pytest.approx(1.0)
    combo.setCurrentIndex(combo.findData("tokens_per_s"))
    combo.activated.emit(combo.currentIndex())
    assert chart.target_line is None  # no target on system throughput


def test_training_workload_and_switching_workloads(qtbot, panel, doc, catalog):
    panel.select_workload("wl-finetune")
    chart = panel.scaling.chart
    qtbot.waitUntil(lambda: chart.result is not None and chart.result.kind == "training", timeout=15000)
    assert chart.metric_key == "days" and chart.target_line is not None
    assert chart.target_line.value() == pytest.approx(math.log10(1.0))  # log days axis
    n = doc.results.workloads["wl-finetune"].figures["gpus"]
    assert chart.result.plan_gpus == n
    assert chart.plan_line.value() == pytest.approx(math.log10(n))
    panel.select_workload("wl-serve")
    assert chart.result is None  # never the other workload's curve
    qtbot.waitUntil(lambda: chart.result is not None and chart.result.kind == "inference", timeout=15000)


class _Gate(QRunnable):
    """Holds the section's one pool thread until released (queues the next sweep behind it)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def run(self) -> None:
        self.release.wait(10)


def test_a_stale_sweep_never_overwrites_a_newer_one(qtbot, panel, doc):
    panel.select_workload("wl-serve")
    section = panel.scaling
    chart = section.chart
    wait_for_target(qtbot, chart, 20)
    shown = []
    section.resultReady.connect(lambda r: shown.append(r.targets.get("tokens_per_s_per_user")))
    gate = _Gate()
    section.pool.start(gate)
    runs = section.runs
    type_into(qtbot, panel.fields["target_tokens_per_s_per_user"].editor, "35")
    qtbot.waitUntil(lambda: section.runs == runs + 1, timeout=5000)  # the 35 sweep is queued
    gate.release.set()
    section.wait()  # ...and has finished; its result waits in the event queue, undelivered
    # a newer edit lands before that result is delivered
    doc.push(SetProperty("workload", "wl-serve", "spec", {**doc.plan.workloads[1].spec,
                                                          "target_tokens_per_s_per_user": 40}))
    wait_for_target(qtbot, chart, 40)
    qtbot.wait(DEBOUNCE_SETTLE)
    assert shown == [40]
    assert chart.target_line.value() == pytest.approx(40)


DEBOUNCE_SETTLE = 400


def test_storage_target_has_no_chart_and_theme_follows(qtbot, panel, doc):
    panel.add_actions["storage"].trigger()
    chart = panel.scaling.chart
    assert chart.result is None and not chart.plot.isVisible()
    assert "do not scale" in chart.message.text()
    panel.select_workload("wl-serve")
    qtbot.waitUntil(lambda: chart.result is not None, timeout=15000)
    from ui.settings import dark_palette

    panel.setPalette(dark_palette())
    qtbot.waitUntil(lambda: chart.colors == style.DARK_CHART, timeout=3000)
    assert chart.plot.backgroundBrush().color() == style.DARK_CHART.background
