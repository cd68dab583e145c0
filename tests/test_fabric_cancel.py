"""Auto-wire progress and cooperative cancellation (planner.fabric.progress): progress
only rises and ends at 1.0 once the result exists; a design cancelled midway raises
Cancelled and the plan is exactly as before (the design is pure)."""

from __future__ import annotations

import pytest

from planner.catalog import load_catalog
from planner.fabric.autowire import autowire
from planner.fabric.nvlink_wire import autowire_nvlink_rack
from planner.fabric.progress import Cancelled, Steps
from planner.model.edits import EditRefused
from tests.test_fabric import FIXTURE, make_plan, servers
from tests.test_nvlink_domains import nvl72


@pytest.fixture(scope="module")
def cat():
    c = load_catalog([FIXTURE])
    assert not c.errors, c.errors
    return c


@pytest.fixture(scope="module")
def shipped():
    c = load_catalog()
    assert not c.errors
    return c


class Recorder:
    """progress() and a cancel() that says yes once progress has passed ``at``."""

    def __init__(self, at: float | None = None) -> None:
        self.at = at
        self.events: list[tuple[float, str]] = []
        self.asked = 0

    def progress(self, f: float, stage: str) -> None:
        self.events.append((f, stage))

    def cancel(self) -> bool:
        self.asked += 1
        return self.at is not None and bool(self.events) and self.events[-1][0] >= self.at

    @property
    def fractions(self) -> list[float]:
        return [f for f, _ in self.events]


def assert_monotonic_to_one(rec: Recorder) -> None:
    fs = rec.fractions
    assert len(fs) > 10
    assert all(b >= a for a, b in zip(fs, fs[1:])), fs
    assert fs[0] == 0.0 and fs[-1] == 1.0 and all(f < 1.0 for f in fs[:-1])
    assert all(stage for _, stage in rec.events)


def test_fabric_progress_rises_to_one_and_result_is_unchanged(cat):
    plan = make_plan(256, spare_racks=0)
    rec = Recorder()
    res = autowire(plan, cat, servers(plan), "test-ib-64x400", progress=rec.progress, cancel=rec.cancel)
    assert_monotonic_to_one(rec)
    assert rec.asked >= res.links // 512  # checked at least once per cable batch
    stages = [s for _, s in rec.events]
    assert stages[0] == "Checking servers and ports"
    assert any(s.startswith("Choosing media") for s in stages)
    assert stages[-1] == f"{res.links:,} cables designed"
    plain = autowire(make_plan(256, spare_racks=0), cat, servers(plan), "test-ib-64x400")
    assert res.links == plain.links and res.cables == plain.cables and res.design == plain.design


@pytest.mark.parametrize("at", [0.0, 0.05, 0.5, 0.85])
def test_fabric_cancelled_midway_raises_and_plan_untouched(cat, at):
    plan = make_plan(256, spare_racks=1)
    before = plan.model_dump(mode="json")
    rec = Recorder(at=at)
    with pytest.raises(Cancelled, match="cancelled"):
        autowire(plan, cat, servers(plan), "test-ib-64x400", progress=rec.progress, cancel=rec.cancel)
    assert plan.model_dump(mode="json") == before
    assert rec.fractions[-1] < 1.0 and rec.fractions[-1] >= at
    # the plan still wires normally afterwards
    res = autowire(plan, cat, servers(plan), "test-ib-64x400")
    res.edit.apply(plan)
    assert len(plan.links) == res.links


def test_refusal_wins_over_progress(cat):
    plan = make_plan(4)
    rec = Recorder()
    with pytest.raises(EditRefused):
        autowire(plan, cat, servers(plan), "no-such-switch", progress=rec.progress, cancel=rec.cancel)
    assert 1.0 not in rec.fractions


def test_nvlink_progress_and_cancel(shipped):
    plan = nvl72(shipped)
    before = plan.model_dump(mode="json")
    rec = Recorder(at=0.5)
    with pytest.raises(Cancelled):
        autowire_nvlink_rack(plan, shipped, "r1", progress=rec.progress, cancel=rec.cancel)
    assert plan.model_dump(mode="json") == before
    assert any("spine links" in s for _, s in rec.events)
    rec = Recorder()
    tray = next(p.id for p in plan.rack("r1").placements if p.device.endswith("compute-tray"))
    res = autowire(plan, shipped, [tray], "", kind="nvlink", progress=rec.progress, cancel=rec.cancel)
    assert_monotonic_to_one(rec)
    assert res.links == 72 * 18 and rec.events[-1][1] == "1,296 NVLink cables designed"


def test_steps_sub_ranges_never_go_back():
    got: list[float] = []
    st = Steps(lambda f, s: got.append(f))
    st.report(0.5, "a")
    st.sub(0.0, 0.5).report(1.0, "b")  # 0.5 again: reported for its new stage, not lower
    st.sub(0.5, 0.5).report(0.5)
    st.report(0.2, "c")
    st.finish()
    assert got == [0.5, 0.5, 0.75, 0.75, 1.0]


def test_one_cancelled_exception_for_every_long_job():
    """A caller running designs and exports catches planner.base.progress.Cancelled once."""
    from planner.base.progress import Cancelled as Base
    from planner.reports import ReportCancelled

    assert Cancelled is Base
    assert issubclass(ReportCancelled, Base)
