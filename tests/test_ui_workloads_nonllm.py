"""The Workloads panel's non-LLM kinds (issue 32): vision, recommendation and analytics
targets added from the kind chooser, edited in their own form, with the engine's verdict and
whether a CPU server is enough. Real widgets, the real engine, the example pod."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.documents import load_plan
from ui.document import Document
from ui.panels.workloads import WorkloadsPanel

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture
def panel(qtbot, catalog):
    d = Document(load_plan(EXAMPLE), catalog, engine=Engine(catalog))
    d.recompute(background=False)
    p = WorkloadsPanel(d)
    qtbot.addWidget(p)
    p.resize(560, 900)
    p.show()
    qtbot.waitExposed(p)
    return p


def test_vision_target_from_the_chooser_with_its_own_models_and_verdict(qtbot, panel):
    doc = panel.doc
    panel.add_actions["vision"].trigger()
    w = doc.plan.workloads[-1]
    assert w.kind == "vision" and w.spec["model"] == "resnet-50"  # not replaced by a catalog LLM
    doc.flush()
    v = doc.results.workloads[w.id]
    assert v.met is True, v.error
    box = panel.fields["model"].editor
    assert isinstance(box, QComboBox)
    assert [box.itemData(i) for i in range(box.count())] == ["resnet-50", "vit-b-16", "retinanet", "ssd300", "3d-unet"]
    # the figures are the engine's, the CPU verdict among them
    assert panel.figures["Throughput"].text().startswith(f"{v.figures['samples_per_s']:,.0f}")
    assert panel.figures["CPU is enough"].text().startswith(f"{v.figures['cpu_servers']} ×")
    # choose RetinaNet: a slower model, the margin drops; undo brings it back
    box.setCurrentIndex(box.findData("retinanet"))
    box.activated.emit(box.currentIndex())
    assert doc.plan.workloads[-1].spec["model"] == "retinanet"
    doc.flush()
    assert doc.results.workloads[w.id].margin < v.margin
    doc.undo_stack.undo()
    doc.flush()
    assert doc.plan.workloads[-1].spec["model"] == "resnet-50"


def test_analytics_target_says_cpu_is_enough(qtbot, panel):
    doc = panel.doc
    panel.add_actions["analytics"].trigger()
    w = doc.plan.workloads[-1]
    doc.flush()
    v = doc.results.workloads[w.id]
    assert v.met is True and v.figures["cpu_enough"] is True
    rows = panel.fields["rows"].editor
    rows.setFocus()
    rows.selectAll()
    qtbot.keyClicks(rows, "0")
    qtbot.keyClick(rows, Qt.Key.Key_Return)
    # zero rows is refused at its field, nothing pushed
    assert doc.plan.workloads[-1].spec["rows"] == w.spec["rows"]
    assert panel.fields["rows"].error.isVisible()


def test_the_sizing_wizard_offers_only_what_plan_for_designs():
    from ui.panels.workloads import GPU_BUILD_PRESETS, PRESETS

    assert {"vision", "recommendation", "analytics"}.isdisjoint(GPU_BUILD_PRESETS)
    assert set(GPU_BUILD_PRESETS) | {"vision", "recommendation", "analytics"} == {p[0] for p in PRESETS}


def test_vision_texts_name_the_model_and_hardware_as_the_catalog_does(qtbot, panel):
    """A German walk-through (issue 32): the workload kept "Vision resnet-50" after the model
    became a ViT, the verdict said "32 × h100-sxm" and "1 × dell-poweredge-r660", and the
    margin read "+62.224 %". The name follows the model (one undo step), the verdict names the
    catalog's GPU and server, and a margin that large is the factor over the target."""
    doc = panel.doc
    panel.add_actions["vision"].trigger()
    w = doc.plan.workloads[-1]
    doc.flush()
    assert w.name == "Vision ResNet-50" and panel.name_edit.text() == "Vision ResNet-50"
    box = panel.fields["model"].editor
    assert isinstance(box, QComboBox)
    assert [box.itemText(i) for i in range(box.count())] == ["ResNet-50", "ViT-B/16", "RetinaNet", "SSD300", "3D-UNet"]
    v = doc.results.workloads[w.id]
    assert panel.figures["Runs on"].text() == f"{v.figures['units']} × NVIDIA H100 SXM5 80GB"
    assert "h100-sxm" not in panel.notes.text() and "NVIDIA H100 SXM5 80GB" in panel.notes.text()
    cpu = panel.figures["CPU is enough"].text()
    assert cpu.startswith(f"{v.figures['cpu_servers']} × Dell PowerEdge R660") and "dell-poweredge" not in cpu
    assert v.margin > 10 and "×" in panel.headline.text() and " %" not in panel.headline.text().split("margin")[1]

    steps = doc.undo_stack.count()
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)  # the next model, as a user picks it with the keyboard
    doc.flush()
    w = doc.plan.workloads[-1]
    assert w.spec["model"] == "vit-b-16" and w.name == "Vision ViT-B/16"
    assert panel.name_edit.text() == "Vision ViT-B/16"
    assert doc.undo_stack.count() == steps + 1
    doc.undo_stack.undo()
    w = doc.plan.workloads[-1]
    assert w.spec["model"] == "resnet-50" and w.name == "Vision ResNet-50"


def test_the_german_vision_choice_says_classification_and_object_detection(qtbot, catalog):
    """"Bildverarbeitung (Erkennung, Detektion)" said the same twice (issue 32)."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from ui import i18n

    ts_dir = Path(__file__).resolve().parent.parent / "resources" / "translations"
    try:
        assert i18n.install(QApplication.instance(), "de", ts_dir) == "de"
        text = QCoreApplication.translate("Workloads", "Vision (image classification, object detection)")
    finally:
        i18n.install(QApplication.instance(), "en", ts_dir)
    assert text == "Bildverarbeitung (Klassifikation, Objekterkennung)"
