"""A big plan's long-lived objects leave the cyclic GC after each full compute (the first
edits after opening a 16k-GPU plan stalled 0.25-1.5 s in one full collection,
bench/bench_gc_pause.py); replacing the plan hands them back; small plans are left alone."""

from __future__ import annotations

import gc

import pytest

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine
from ui import document as document_module
from ui.document import Document

pytestmark = pytest.mark.gui


@pytest.fixture
def unfrozen():
    gc.unfreeze()
    yield
    gc.unfreeze()  # never leave this test process's objects frozen


def test_big_plans_freeze_after_a_full_compute_and_release_on_replace(qtbot, monkeypatch, unfrozen):
    cat = load_catalog()
    small = synthetic_plan(64, cat)
    size = len(small.links) + len(small.index.placements)
    doc = Document(small, cat, engine=Engine(cat))
    doc.recompute(background=False)
    assert gc.get_freeze_count() == 0  # below FREEZE_GC_AT: nothing frozen
    assert size < document_module.FREEZE_GC_AT

    monkeypatch.setattr(document_module, "FREEZE_GC_AT", size)  # this plan counts as big now
    doc.recompute(background=False)
    assert gc.get_freeze_count() > 0
    doc.replace_plan(synthetic_plan(64, cat), None)  # Open: the old plan may go
    assert gc.get_freeze_count() == 0
    qtbot.waitUntil(lambda: doc.results is not None and not doc.busy, timeout=20000)  # background compute
    assert gc.get_freeze_count() > 0
