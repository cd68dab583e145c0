"""Default names are data: made once, in the language active when they are made (the CLI's
--lang, the app's language), so a German plan's rows, sources, feeds, loops and fabrics
reach the customer's PDF in German, and an English plan stays English."""

from __future__ import annotations

import pytest

from planner.fabric.wiring import connect_edit
from planner.gestures.builders import add_room_edit, add_row_edit
from planner.gestures.cooling import add_loop_edit, new_loop
from planner.gestures.power_edits import add_feed_edit, add_source_edit
from planner.i18n import use_language
from planner.model.plan import Placement, Plan, Site
from tests.fixtures.ui_app.support import fixture_catalog

GERMAN = {"room": "Raum 1", "row": "Reihe A", "row2": "Reihe B", "ups": "USV 1", "panel": "Unterverteilung 1",
          "feed": "Einspeisung A1", "loop": "CDU-Kreislauf 1", "facility": "Gebäudewasser 1",
          "fabric": "Compute-Fabric"}
ENGLISH = {"room": "Room 1", "row": "Row A", "row2": "Row B", "ups": "UPS 1", "panel": "Panel 1",
           "feed": "Feed A1", "loop": "CDU loop 1", "facility": "Facility water 1", "fabric": "Compute fabric"}


def _build(lang: str) -> Plan:
    cat = fixture_catalog()
    with use_language(lang):
        plan = Plan(site=Site(name="x"))
        room = add_room_edit(plan)
        room.apply(plan)
        add_row_edit(plan, cat, room.room.id, 2).apply(plan)
        add_row_edit(plan, cat, room.room.id, 1).apply(plan)
        add_source_edit(plan, "ups").apply(plan)
        add_source_edit(plan, "panel").apply(plan)
        add_feed_edit(plan, side="A").apply(plan)
        add_loop_edit(plan, new_loop(plan, "in-row", cdu=None, capacity_kw=100.0)).apply(plan)
        add_loop_edit(plan, new_loop(plan, "facility", capacity_kw=100.0)).apply(plan)
        racks = list(plan.racks())
        for k, rack in enumerate(racks[:2]):
            rack.placements.append(Placement(id=f"srv-{k}", device="dell-poweredge-xe9680", u=2, name=f"gpu0{k}"))
        plan.reindex()
        connect_edit(plan, cat, ("srv-0", "compute0"), ("srv-1", "compute0")).apply(plan)
    return plan


@pytest.mark.parametrize("lang, names", [("de", GERMAN), ("en", ENGLISH)])
def test_default_names_are_made_in_the_active_language(lang, names):
    plan = _build(lang)
    room = plan.site.rooms[0]
    assert room.name == names["room"]
    assert [r.name for r in room.rows] == [names["row"], names["row2"]]
    assert [s.name for s in plan.power_sources] == [names["ups"], names["panel"]]
    assert [f.name for f in plan.feeds] == [names["feed"]]
    assert [lp.name for lp in plan.cooling_loops] == [names["loop"], names["facility"]]
    assert [f.name for f in plan.fabrics] == [names["fabric"]]


def test_a_second_name_counts_the_first_in_its_language():
    plan = _build("de")
    with use_language("de"):
        add_source_edit(plan, "ups").apply(plan)
        add_loop_edit(plan, new_loop(plan, "in-row", cdu=None, capacity_kw=100.0)).apply(plan)
    assert [s.name for s in plan.power_sources][-1] == "USV 2"
    assert [lp.name for lp in plan.cooling_loops][-1] == "CDU-Kreislauf 2"


@pytest.mark.parametrize(("lang", "site", "room"), [("de", "Standort", "Raum 1"), ("en", "Site", "Room 1")])
def test_file_new_starts_a_plan_named_in_the_language(lang, site, room):
    """File > New's empty plan: its site was "Site" in every language."""
    from ui.shell.controllers import new_plan

    with use_language(lang):
        plan = new_plan(fixture_catalog())
    assert plan.site.name == site and plan.site.rooms[0].name == room
