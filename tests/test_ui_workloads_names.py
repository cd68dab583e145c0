"""The Workloads panel names models and hardware as the catalog does (issue 32 walk-through):
the real panel on the example pod, the real engine (fixtures as tests/test_ui_workloads.py makes them)."""

from __future__ import annotations

from pathlib import Path

import pytest

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
def doc(qtbot, catalog):
    d = Document(load_plan(EXAMPLE), catalog, engine=Engine(catalog))
    d.recompute(background=False)
    return d


@pytest.fixture
def panel(qtbot, doc):
    p = WorkloadsPanel(doc)
    qtbot.addWidget(p)
    p.resize(560, 900)
    p.show()
    qtbot.waitExposed(p)
    return p


def test_layout_names_the_gpu_by_its_model(qtbot, panel, doc, catalog):
    """Issue 32 walk-through: the Layout row read "on 32 × h100-sxm" where the Totals and the
    build plan say the model ("H100 SXM5 80GB")."""
    for kind in ("inference", "finetune"):
        w = next(x for x in doc.plan.workloads if x.kind == kind)
        panel.select_workload(w.id)
        v = doc.results.workloads[w.id]
        model = catalog.get("gpus", v.figures["gpu"]).model
        text = panel.figures["Layout"].text()
        assert text.endswith(f" on {v.figures['gpus']} × {model}") and v.figures["gpu"] not in text


def test_an_analytics_target_reads_as_a_user_writes_it(qtbot, panel, doc):
    """Issue 32 walk-through: the Algorithm choice said "xgboost" and the CPU row
    "1 × Dell PowerEdge R660 (login / management node) (25,000 USD)", two brackets in a row."""
    panel.add_actions["analytics"].trigger()
    doc.flush()
    panel.select_workload(panel.current_id())
    assert panel.fields["algorithm"].editor.currentText() == "XGBoost (hist)"
    v = doc.results.workloads[panel.current_id()]
    assert v.figures["cpu_enough"]
    text = panel.figures["CPU is enough"].text()
    assert text.startswith(f"{v.figures['cpu_servers']} × {v.figures['cpu_server_name']}, ") and ") (" not in text


def test_the_model_choice_names_the_llm_as_the_catalog_does(qtbot, panel, doc, catalog):
    """Issue 32 walk-through: the Model choice read "llama-3.1-70b (70.6B parameters)", the
    catalog slug, where the catalog names it "Llama 3.1 70B"."""
    w = next(x for x in doc.plan.workloads if x.kind == "inference")
    panel.select_workload(w.id)
    llm = catalog.get("llms", w.spec["model"])
    text = panel.fields["model"].editor.currentText()
    assert llm.model and text.startswith(f"{llm.model} (") and w.spec["model"] not in text
