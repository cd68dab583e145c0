"""Reference designs and workload sizing in the app (ui.design): the floor thumbnail and
headline figures, File > New from Template and File > New from Workload, driven through
the real menus and widgets."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSize

from planner.catalog import load_catalog
from planner.documents import load_plan
from planner.engine import Engine
from planner.geometry import plan_footprints
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
