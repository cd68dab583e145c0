"""planner.model.naming: pattern checks, running numbers, defaults and copies' names."""

from __future__ import annotations

import pytest

from planner.catalog import load_catalog
from planner.model.edits import EditRefused, SetProperty
from planner.model.naming import (
    Namer,
    PatternError,
    Place,
    check_pattern,
    pattern_error,
    rename_names,
    short_model,
)
from planner.model.plan import Plan


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def plan_with(naming: dict[str, str] | None = None) -> Plan:
    return Plan.model_validate({
        "metadata": {"naming": naming or {}},
        "site": {"rooms": [{"id": "room-1", "name": "Hall 1", "rows": [
            {"id": "row-1", "name": "A", "racks": [
                {"id": "rack-1", "name": "RA01", "rack_type": "rack-48u-600x1200", "placements": [
                    {"id": "dev-1", "device": "dell-poweredge-xe9680", "name": "gpu01", "u": 2},
                    {"id": "dev-2", "device": "dell-poweredge-xe9680", "name": "gpu07", "u": 8},
                ]},
            ]},
            {"id": "row-2", "name": "B", "racks": []},
        ]}]},
    })


@pytest.mark.parametrize("pattern, fragment", [
    ("R{row}{nn}", "unknown placeholder {nn}"),
    ("R{}", "empty placeholder"),
    ("R{n!r}", "conversions"),
    ("R{n:q}", "{n:q}"),
    ("R{n", "brace"),
    ("R{rack.__class__}", "unknown placeholder"),
    ("R{row}", "needs {n}"),
    ("   ", "empty"),
])
def test_bad_patterns_say_why(pattern, fragment):
    reason = pattern_error(pattern)
    assert reason is not None and fragment in reason
    with pytest.raises(PatternError):
        check_pattern(pattern)


def test_good_patterns_pass():
    for p in ("R{row}{n:02}", "{rack}-gpu{n}", "Hall {n}", "{{literal}} {n:03d}"):
        assert pattern_error(p) is None, p
    assert pattern_error("spare", need_n=False) is None


def test_model_refuses_bad_patterns_through_setproperty():
    plan = plan_with()
    with pytest.raises(EditRefused, match="naming"):
        SetProperty("metadata", None, "naming", {"rack": "R{rack.__class__}{n}"}).apply(plan)
    assert plan.metadata.naming == {}


def test_pattern_continues_after_highest_number_in_the_same_place(cat):
    plan = plan_with({"rack": "R{row}{n:02}", "server": "gpu{n:02}"})
    namer = Namer(plan, cat)
    # row A has RA01: the next is RA02; row B starts at RB01
    assert namer.rack("row-1") == "RA02"
    assert namer.rack("row-1") == "RA03"
    assert namer.rack("row-2") == "RB01"
    # gpu01 and gpu07 exist: gaps are not refilled
    place = namer.place_of_rack("rack-1")
    assert [namer.device("dell-poweredge-xe9680", place) for _ in range(2)] == ["gpu08", "gpu09"]


def test_default_device_names_are_short_model_and_number_never_ids(cat):
    plan = plan_with()
    namer = Namer(plan, cat)
    place = namer.place_of_rack("rack-1")
    first = namer.device("dell-poweredge-xe9680", place)
    second = namer.device("dell-poweredge-xe9680", place)
    assert (first, second) == ("XE9680-01", "XE9680-02")
    assert namer.device("raritan-px3-415v-60a", place) == "PDU RA01-1"
    for slug, dev in cat.devices.items():
        name = Namer(plan, cat).device(slug, place)
        assert name and not name.startswith("dev-") and len(name) <= 40, (slug, name)
        assert short_model(dev.model) in name or dev.kind == "pdu"


@pytest.mark.parametrize("model, short", [
    ("PowerEdge XE9680 (8x H100 SXM5 80GB)", "XE9680"),
    ("DGX B200", "DGX-B200"),
    ("Quantum-2 QM9700 (64x NDR 400G, managed)", "QM9700"),
    ("ProLiant DL380a Gen11 (4x L40S)", "DL380a"),
    ("In-rack CDU 250 kW (LCS-SCDU-250L4001, 4U)", "CDU"),
    ("Ceres DBox (1U NVMe enclosure)", "Ceres"),
])
def test_short_model(model, short):
    assert short_model(model) == short


def test_copies_replace_the_rack_name_or_take_the_next_number(cat):
    plan = plan_with()
    namer = Namer(plan, cat)
    new_place = Place(room="Hall 1", row="A", rack="RA02")
    assert namer.device_copy("dell-poweredge-xe9680", "RA01-gpu1", new_place, old_rack="RA01") == "RA02-gpu1"
    assert namer.device_copy("dell-poweredge-xe9680", "gpu01", new_place, old_rack="RA01") == "gpu08"
    assert namer.device_copy("dell-poweredge-xe9680", "gpu01", new_place, old_rack="RA01") == "gpu09"
    # with a pattern for the kind, the pattern wins
    plan2 = plan_with({"server": "{rack}-n{n}"})
    assert Namer(plan2, cat).device_copy("dell-poweredge-xe9680", "gpu01", new_place) == "RA02-n1"


def test_rename_names_run_from_start_and_need_n_for_several():
    places = [Place(rack="R1"), Place(rack="R2")]
    assert rename_names("{rack}-gpu{n:02}", places, start=5) == ["R1-gpu05", "R2-gpu06"]
    with pytest.raises(PatternError, match="needs"):
        rename_names("gpu", places)
    assert rename_names("gpu", places[:1]) == ["gpu"]


def test_display_name_of_unnamed_device_is_its_model_never_its_id(cat):
    from planner.model.naming import display_name
    from planner.model.plan import Placement

    p = Placement(id="dev-17", device="dell-poweredge-xe9680", u=1)
    assert display_name(p, cat) == "XE9680"
    assert display_name(Placement(id="dev-18", device="no-such-thing", u=1), cat) == "no-such-thing"
    assert display_name(Placement(id="dev-19", device="x", u=1, name="gpu01"), cat) == "gpu01"


def test_a_huge_width_is_refused_before_it_is_built(tmp_path, capsys):
    """issue 29 item 8: {n:4000000000} made validate build a 3.8 GiB string; it is refused by its
    width, with one line naming the field, before anything is formatted."""
    import json
    from pathlib import Path

    from planner.commands.cli import main
    from planner.model.naming import pattern_error

    assert "width over 200" in pattern_error("gpu{n:4000000000}")
    assert "width over 200" in pattern_error("{n:.99999999999}")
    assert pattern_error("gpu{n:03}") is None and pattern_error("{rack}-{n:>200}") is None
    plan = json.loads((Path(__file__).resolve().parents[1] / "examples" / "xe9680-h100-pod.json").read_text())
    plan["metadata"]["naming"] = {"server": "gpu{n:4000000000}"}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(plan), encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "metadata.naming" in err[0] and "4000000000" in err[0]
