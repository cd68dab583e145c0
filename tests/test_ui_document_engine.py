"""Document + the real engine: after a background full compute (Open, Recalculate, a
settings change) the engine follows the live plan, so the edits made while it ran and
every edit after it are incremental updates, not another full compute on the GUI thread
(bench/bench_first_edit.py), and their results equal a fresh full compute."""

from __future__ import annotations

import json

import pytest

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine
from planner.engine.settings import EngineSettings
from planner.model.edits import SetProperty
from planner.model.plan import Plan
from ui.document import Document

pytestmark = pytest.mark.gui

CATALOG = load_catalog()


def canon(results, plan) -> str:
    return json.dumps(results.to_json(plan), sort_keys=True)


@pytest.mark.parametrize("how", ["open", "recalculate", "settings"])
def test_edits_after_a_background_compute_are_incremental(qtbot, how):
    plan = synthetic_plan(256, CATALOG)
    doc = Document(Plan(), CATALOG, engine=Engine(CATALOG))
    if how == "open":
        doc.replace_plan(plan, None)
    else:
        doc.replace_plan(plan, None)
        qtbot.waitUntil(lambda: doc.results is not None and not doc.busy, timeout=30000)
        if how == "recalculate":
            doc.recompute()
        else:
            doc.set_engine(Engine(CATALOG, EngineSettings(feed_warn_fraction=0.5)))
    assert doc.busy
    emitted = []
    doc.resultsChanged.connect(emitted.append)
    racks = list(plan.index.racks)
    # an edit while the compute runs on its snapshot (its result is queued at the earliest)
    doc.push(SetProperty("rack", racks[0], "name", "renamed while computing"))
    qtbot.waitUntil(lambda: len(emitted) == 2, timeout=30000)  # the compute, then the pending edit
    computed, caught_up = emitted
    assert not doc.busy and doc.results is caught_up
    assert caught_up.racks[racks[0]].name == "renamed while computing"
    # incremental: only the renamed rack was recomputed; the others are the compute's objects
    assert caught_up.racks[racks[0]] is not computed.racks[racks[0]]
    assert all(caught_up.racks[r] is computed.racks[r] for r in racks[1:])
    assert canon(caught_up, doc.plan) == canon(Engine(CATALOG, doc.engine.settings).compute(doc.plan), doc.plan)

    # and the edits after it too
    assert doc.push(SetProperty("rack", racks[-1], "name", "renamed after"))
    doc.flush()
    after = doc.results
    assert after is emitted[-1] and after.racks[racks[-1]].name == "renamed after"
    assert all(after.racks[r] is computed.racks[r] for r in racks[1:-1])
    assert canon(after, doc.plan) == canon(Engine(CATALOG, doc.engine.settings).compute(doc.plan), doc.plan)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.flush()
    assert doc.results.racks[racks[0]].name == computed.racks[racks[0]].name
    assert all(doc.results.racks[r] is computed.racks[r] for r in racks[1:-1])
    assert canon(doc.results, doc.plan) == canon(Engine(CATALOG, doc.engine.settings).compute(doc.plan), doc.plan)
