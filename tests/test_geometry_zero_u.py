"""0U devices (PDUs) in a rack's side channels: two on one side stand side by side inside the
channel, never on top of each other (planner.model.geometry.zero_u_slots), and the PDF's
elevation drawing puts them where the geometry says (issue 31: one PDU hid the other)."""

from __future__ import annotations

import pytest
from reportlab.graphics.shapes import Group, Rect

from planner.model.geometry import RAIL_MM, rail_width_mm, side_channel_mm, zero_u_slots
from planner.model.plan import Placement, Rack
from planner.reports.drawings import elevation_drawing
from tests.fixtures.ui_app.support import fixture_catalog

WIDTH_MM = 600.0


def rack_with(*pdus: tuple[str, str, str]) -> Rack:
    return Rack(id="r", name="R01", rack_type="rack-48u-600x1200", placements=[
        Placement(id=pid, device="vertiv-pdu-test", face=face, side=side) for pid, face, side in pdus
    ] + [Placement(id="srv", device="dell-poweredge-xe9680", u=1)])


@pytest.mark.parametrize("side", ["left", "right"])
def test_two_pdus_on_one_side_stand_side_by_side_inside_the_channel(side):
    slots = zero_u_slots(rack_with(("a", "rear", side), ("b", "rear", side)), WIDTH_MM, 48)
    a, b = slots["a"], slots["b"]
    c0, c1 = side_channel_mm(WIDTH_MM, side)
    for s in (a, b):
        assert c0 < s.x0_mm < s.x1_mm < c1  # inside the channel, clear of the rails
        assert s.lanes == 2 and s.width_mm > 20
        assert (s.bottom_mm, s.top_mm) == (a.bottom_mm, a.top_mm)  # full height, both
    assert a.x1_mm < b.x0_mm or b.x1_mm < a.x0_mm  # no overlap
    assert a.lane == 0 and b.lane == 1
    # lane 0 is the outer one
    outer = a if side == "left" else b
    assert (outer.x0_mm < b.x0_mm) if side == "left" else (a.x0_mm > b.x0_mm)


def test_one_pdu_per_side_takes_the_whole_channel_and_faces_are_separate():
    slots = zero_u_slots(rack_with(("l", "rear", "left"), ("r", "rear", "right"), ("f", "front", "left")),
                         WIDTH_MM, 48)
    assert {s.lanes for s in slots.values()} == {1}
    chan = (WIDTH_MM - RAIL_MM) / 2
    assert slots["l"].width_mm > chan - 10 and slots["r"].width_mm == pytest.approx(slots["l"].width_mm)
    assert slots["l"].x1_mm < (WIDTH_MM - rail_width_mm(WIDTH_MM)) / 2 < WIDTH_MM - chan < slots["r"].x0_mm
    assert slots["f"].x0_mm == slots["l"].x0_mm  # the front has its own channel


def _rects(node, dx: float = 0.0, dy: float = 0.0):
    for c in node.contents if hasattr(node, "contents") else []:
        if isinstance(c, Group):
            t = c.transform
            yield from _rects(c, dx + t[4], dy + t[5])
        elif isinstance(c, Rect):
            yield c, dx + c.x, dy + c.y


def test_pdf_elevation_draws_two_pdus_on_one_side_side_by_side():
    cat = fixture_catalog()
    rack = rack_with(("a", "rear", "left"), ("b", "rear", "left"))
    color = None
    from planner.base.palette import kind_color

    color = kind_color(cat.device("vertiv-pdu-test").kind).lower()
    scale = 0.2
    d = elevation_drawing(rack, 48, cat, scale, "Helvetica", "Helvetica-Bold")
    pdus = [(r, x, y) for r, x, y in _rects(d) if r.fillColor is not None and r.fillColor.hexval()[2:] == color[1:]]
    assert len(pdus) == 2
    (ra, xa, ya), (rb, xb, yb) = sorted(pdus, key=lambda t: t[1])
    assert ya == pytest.approx(yb) and ra.height == pytest.approx(rb.height)  # same height, full length
    assert xa + ra.width <= xb  # side by side, not overlapping
    slots = zero_u_slots(rack, WIDTH_MM, 48)
    assert ra.width == pytest.approx(slots["a"].width_mm * scale)
