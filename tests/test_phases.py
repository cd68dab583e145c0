"""Growth phases (docs/phases.md): the model, its edits, JSON and .rackplan, and the engine's
per-phase figures against separate plans of the same content (issue 32)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.plan_io import (
    PlanFormatError,
    load_plan_json,
    plan_from_dict,
    plan_to_dict,
    save_plan_json,
)
from planner.files.storage import open_rackplan, save_rackplan
from planner.gestures import phases as gp
from planner.model.edits import EditRefused, SetGrowthPhases, SetProperty
from planner.model.phases import phase_map, phase_plan

SERVER = "dell-poweredge-xe9680"  # 8x H100 SXM
PHASES = [{"id": "ph-pilot", "name": "Pilot Q1", "start": "2027-01"},
          {"id": "ph-prod", "name": "Production Q3", "start": "2027-07"},
          {"id": "ph-exp", "name": "Expansion 2028"}]

# (rack, row, phase index, servers of each phase in it): the pilot's rack gets three more
# servers in production, so its feeds (32.8 kW each after derating) carry four XE9680s
# (about 11 kW maximum each) when a side is lost
RACKS = [("R01", "row-a", 0, {0: 1, 1: 3})] + [(f"R{n:02}", "row-a", 1, {1: 2}) for n in (2, 3)] + [
    (f"R{n:02}", "row-b", 2, {2: 2}) for n in range(4, 16)]


# a target per phase (format 5): pretraining an 8B model in 30 days, 2e10 tokens take one XE9680
WORKLOADS = [{"id": f"wl-{k}", "name": f"Pretrain {k}", "kind": "pretrain", "spec": {
    "model": "llama-3.1-8b", "tokens": tokens, "target_days": 30, "precision": "bf16"}}
    for k, tokens in enumerate((2e10, 5e11, 4.2e12))]


def content(upto: int, tagged: bool, workloads: bool = False) -> dict[str, Any]:
    """The plan of phases 0..upto as a plan dict: ``tagged`` names each entity's phase (and
    lists the phases), else a plain plan of that content; ``workloads``: with the targets of
    phases 0..upto."""
    def tag(d: dict[str, Any], phase: int) -> dict[str, Any]:
        if tagged and phase > 0:
            d["growth_phase"] = PHASES[phase]["id"]
        return d

    rows: dict[str, list[dict[str, Any]]] = {"row-a": [], "row-b": []}
    feeds: list[dict[str, Any]] = []
    links: list[dict[str, Any]] = []
    n_server = 0
    for pos, (name, row, rack_phase, servers) in enumerate(RACKS):
        if rack_phase > upto:
            continue
        rid = name.lower()
        placements = []
        for side in "ab":
            feed = tag({"id": f"feed-{rid}-{side}", "name": f"Feed {name}-{side.upper()}", "side": side.upper(),
                        "voltage_v": 415.0, "phases": 3, "breaker_a": 60.0}, rack_phase)
            feeds.append(feed)
            placements.append({"id": f"pdu-{rid}-{side}", "device": "raritan-px3-415v-60a", "name": f"PDU {name}-{side}",
                               "face": "rear", "side": "left" if side == "a" else "right", "feed": feed["id"]})
        if name == "R01":
            placements.append({"id": "leaf-1", "device": "nvidia-quantum-2-qm9700", "name": "leaf1", "u": 42})
        u = 2
        for phase, count in sorted(servers.items()):
            for _ in range(count):
                if phase > upto:
                    break
                n_server += 1
                sid = f"gpu-{n_server}"
                placements.append(tag({"id": sid, "device": SERVER, "name": f"gpu{n_server:02}", "u": u}, phase))
                links.append(tag({"id": f"ln-{n_server}", "fabric": "fab-ib", "a": {"placement": sid, "port": "cx7-1"},
                                  "b": {"placement": "leaf-1", "port": f"ib{n_server}"}, "cable": "aoc-400g-qsfp112",
                                  "length_m": 10.0}, phase))
                u += 8
        rows[row].append(tag({"id": rid, "name": name, "rack_type": "rack-48u-600x1200",
                              "position": pos, "placements": placements}, rack_phase))
    d: dict[str, Any] = {
        "format": "rackwright-plan", "format_version": 4,
        "site": {"name": "Site", "rooms": [{"id": "room-1", "name": "Hall", "width_m": 14.0, "depth_m": 10.0, "rows": [
            {"id": "row-a", "name": "Row A", "x_m": 1.0, "y_m": 1.0, "racks": rows["row-a"]},
            {"id": "row-b", "name": "Row B", "x_m": 1.0, "y_m": 5.0, "racks": rows["row-b"]}]}]},
        "feeds": feeds,
        "fabrics": [{"id": "fab-ib", "name": "Compute", "kind": "compute", "speed_gbps": 400.0}],
        "links": links,
    }
    if workloads:
        d["workloads"] = [tag(copy.deepcopy(w), k) for k, w in enumerate(WORKLOADS) if k <= upto]
    if tagged:
        d["growth_phases"] = copy.deepcopy(PHASES)
    return d


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def phased(catalog):
    return plan_from_dict(content(2, tagged=True))


@pytest.fixture(scope="module")
def phased_results(catalog, phased):
    return Engine(catalog).compute(phased)


@pytest.mark.parametrize("workloads", [False, True])
def test_three_phases_equal_three_separate_plans(catalog, phased, phased_results, workloads):
    if workloads:  # each phase with its own workload target (and those of the phases before)
        phased = plan_from_dict(content(2, tagged=True, workloads=True))
        phased_results = Engine(catalog).compute(phased)
    ph = phased_results.phases
    assert ph is not None and [p.name for p in ph.phases] == ["Pilot Q1", "Production Q3", "Expansion 2028"]
    assert [p.results.totals.gpus for p in ph.phases] == [8, 64, 256]
    if workloads:  # a phase is judged by its targets and the earlier phases', not the later ones'
        assert [sorted(p.results.workloads) for p in ph.phases] == [["wl-0"], ["wl-0", "wl-1"],
                                                                     ["wl-0", "wl-1", "wl-2"]]
        assert ph.phases[0].results.workloads["wl-0"].met
        assert "WORKLOAD_UNMET" not in {f.code for f in ph.phases[0].results.findings}
    phases_json = phased_results.to_json(phased, catalog)["phases"]["phases"]
    before = plan_to_dict(phased)
    for k, figures in enumerate(ph.phases):
        separate = plan_from_dict(content(k, tagged=False, workloads=workloads))
        derived = phase_plan(phased, k, catalog)
        assert plan_to_dict(derived) == plan_to_dict(separate)  # the phase is the separate plan
        alone = Engine(catalog).compute(separate)
        got = figures.results.to_json(derived, catalog)
        want = alone.to_json(separate, catalog)
        assert got["totals"] == want["totals"]
        assert got["racks"] == want["racks"] and got["feeds"] == want["feeds"]
        assert got["fabrics"] == want["fabrics"] and got["bom"] == want["bom"]
        # the last phase is the whole plan, whose findings also name the phase that breaks each
        assert [{k: v for k, v in f.items() if k != "phase"} for f in got["findings"]] == want["findings"]
        assert got["summary"] == want["summary"] and got["workloads"] == want["workloads"]
        assert got["rent_vs_own"] == want["rent_vs_own"] and got["energy"] == want["energy"]
        assert phases_json[k]["rent_vs_own"] == want["rent_vs_own"]  # rent or own per phase
        assert phases_json[k]["energy"] == want["energy"] is not None  # energy per phase
    assert plan_to_dict(phased) == before  # deriving the phases leaves the plan as it was
    caps = [p.results.totals.capex for p in ph.phases]
    assert [p.capex_added for p in ph.phases] == pytest.approx([caps[0], caps[1] - caps[0], caps[2] - caps[1]])
    assert caps[0] < caps[1] < caps[2]
    assert [p.added["gpus"] for p in ph.phases] == [8, 56, 192]
    assert [p.added["racks"] for p in ph.phases] == [1, 2, 12]


def test_feed_overloaded_in_production_names_production(phased, phased_results):
    overloads = [f for f in phased_results.findings if f.code == "POWER_FEED_FAILOVER_OVERLOAD"]
    assert {f.id for f in overloads} == {"feed-r01-a", "feed-r01-b"}
    for f in overloads:
        assert phased_results.phases.phase_of(f) == "ph-prod"
    pilot, prod, _ = phased_results.phases.phases
    assert not [f for f in pilot.results.findings if f.code == "POWER_FEED_FAILOVER_OVERLOAD"]
    assert {f.id for f in prod.new_findings if f.code == "POWER_FEED_FAILOVER_OVERLOAD"} == {"feed-r01-a",
                                                                                            "feed-r01-b"}
    js = phased_results.to_json(phased)
    assert {f["phase"] for f in js["findings"] if f["code"] == "POWER_FEED_FAILOVER_OVERLOAD"} == {"ph-prod"}
    assert [p["totals"]["gpus"] for p in js["phases"]["phases"]] == [8, 64, 256]


def test_reserved_capacity(catalog, phased_results):
    pilot, prod, last = phased_results.phases.phases
    # the pilot's rack keeps the room of production's three servers; nothing is reserved after the last phase
    server = catalog.get("device-types", SERVER)
    assert pilot.reserved["u"] == 3 * server.u_height
    # the power those servers and the later cables' optics on the leaf will draw in the pilot's rack
    r01 = [p.results.racks["r01"] for p in (pilot, last)]
    assert pilot.reserved["power_kw"] == pytest.approx((r01[1].max_w - r01[0].max_w) / 1000)
    assert pilot.reserved["power_kw"] > 3 * 10
    # the leaf switch stands in the pilot's rack: the later 31 servers' cables take 31 of its ports
    assert pilot.reserved["ports"] == 31 and prod.reserved["ports"] == 24
    assert prod.reserved["u"] == 0 and last.reserved == {}


def test_incremental_update_equals_compute(catalog):
    plan = plan_from_dict(content(2, tagged=True))
    eng = Engine(catalog)
    eng.compute(plan)
    edit = gp.set_phase(plan, ["r02", "r03"], "ph-exp")
    res = eng.update(plan, edit.apply(plan))
    fresh = Engine(catalog).compute(plan)
    assert res.to_json(plan, catalog)["phases"] == fresh.to_json(plan, catalog)["phases"]
    assert [p.results.totals.gpus for p in res.phases.phases] == [8, 32, 256]
    res = eng.update(plan, edit.revert(plan))
    assert [p.results.totals.gpus for p in res.phases.phases] == [8, 64, 256]


def test_edit_sequence_updates_as_a_fresh_compute(catalog):
    """Edits inside later phases, across phases and of the phases themselves, and their undo:
    every update's phases equal a fresh compute's; an edit only inside the expansion leaves the
    earlier phases' results as they were (not derived again)."""
    from planner.model.edits import MovePlacement, RemovePlacement

    plan = plan_from_dict(content(2, tagged=True))
    eng = Engine(catalog)
    first = eng.compute(plan)
    edits = [
        SetProperty("rack", "r10", "name", "R10-x"),  # only the expansion
        MovePlacement("gpu-20", "r10", 30),  # a device of the expansion within its racks
        RemovePlacement("gpu-5"),  # a production server
        SetProperty("placement", "gpu-1", "growth_phase", "ph-exp"),  # the pilot's server moves out
        gp.add_phase(plan, "Expansion 2029"),
        gp.move_phase(plan, "ph-exp", -1),
    ]
    done = []
    for i, e in enumerate(edits):
        if i >= 4:  # built against the plan as it is now
            e = gp.add_phase(plan, "Expansion 2029") if i == 4 else gp.move_phase(plan, "ph-exp", -1)
        res = eng.update(plan, e.apply(plan))
        done.append(e)
        if i == 0:  # nothing of the pilot or production changed: their results are kept
            assert [p.results for p in res.phases.phases[:2]] == [p.results for p in first.phases.phases[:2]]
            assert all(a.results is b.results for a, b in zip(res.phases.phases[:2], first.phases.phases[:2]))
        assert res.to_json(plan, catalog)["phases"] == Engine(catalog).compute(plan).to_json(plan, catalog)["phases"]
    for e in reversed(done):
        res = eng.update(plan, e.revert(plan))
        assert res.to_json(plan, catalog)["phases"] == Engine(catalog).compute(plan).to_json(plan, catalog)["phases"]
    assert [p.results.totals.gpus for p in res.phases.phases] == [8, 64, 256]


def test_plan_without_phases_has_none(catalog):
    res = Engine(catalog).compute(plan_from_dict(content(2, tagged=False)))
    assert res.phases is None and "phases" not in res.to_json()


# --------------------------------------------------------------------------- model and files


def test_unknown_phase_and_duplicate_names_refused():
    d = content(1, tagged=True)
    d["links"][0]["growth_phase"] = "ph-nope"
    with pytest.raises(PlanFormatError, match="link 'ln-1': unknown growth phase 'ph-nope'"):
        plan_from_dict(d)
    d = content(1, tagged=True)
    d["growth_phases"][1]["name"] = "pilot q1"
    with pytest.raises(PlanFormatError, match="duplicate phase name 'pilot q1'"):
        plan_from_dict(d)


def test_format_3_plan_opens_unchanged(tmp_path):
    old = content(1, tagged=False)
    old["format_version"] = 3
    plan = plan_from_dict(old)
    assert plan.format_version == 5 and plan.growth_phases == []
    assert plan_to_dict(plan) == {**plan_to_dict(plan_from_dict(content(1, tagged=False)))}


def pilot_and_production(catalog, pilot_wl_phase: str | None = None) -> dict[str, Any]:
    """Two phases that break no limit: a pilot of one XE9680 (8 GPUs) and production with four
    more in two racks (40 GPUs); the pilot's target (2e10 tokens) takes one server, production's
    (5e11) all five."""
    d = content(1, tagged=True, workloads=True)
    d["growth_phases"] = d["growth_phases"][:2]
    drop = {"gpu-2", "gpu-3", "gpu-4"}  # the pilot's rack keeps its one server
    for rk in (rk for room in d["site"]["rooms"] for row in room["rows"] for rk in row["racks"]):
        rk["placements"] = [p for p in rk["placements"] if p["id"] not in drop]
    d["links"] = [lk for lk in d["links"] if lk["a"]["placement"] not in drop]
    if pilot_wl_phase is not None:
        d["workloads"][0]["growth_phase"] = pilot_wl_phase
    return d


def test_each_phase_is_judged_by_its_own_targets(catalog, tmp_path, capsys):
    """Issue 32: a pilot was judged against production's target (WORKLOAD_UNMET in the pilot
    although the pilot met its own); a target applies from its phase on."""
    d = pilot_and_production(catalog)
    assert [w.get("growth_phase") for w in d["workloads"]] == [None, "ph-prod"]
    plan = plan_from_dict(d)
    res = Engine(catalog).compute(plan)
    ph = res.phases
    assert ph is not None and [p.results.totals.gpus for p in ph.phases] == [8, 40]
    pilot, prod = ph.phases[0].results, ph.phases[1].results
    assert list(pilot.workloads) == ["wl-0"] and pilot.workloads["wl-0"].met
    assert pilot.counts()["error"] == 0 and "WORKLOAD_UNMET" not in {f.code for f in pilot.findings}
    assert sorted(prod.workloads) == ["wl-0", "wl-1"] and all(w.met for w in prod.workloads.values())
    assert res.counts()["error"] == 0
    # the same plan with production's target in the first phase: the pilot cannot meet it
    d["workloads"][1].pop("growth_phase")
    early = Engine(catalog).compute(plan_from_dict(d)).phases
    assert early is not None and not early.phases[0].results.workloads["wl-1"].met
    assert "WORKLOAD_UNMET" in {f.code for f in early.phases[0].results.findings}
    # `check` (per phase, as the Phases window shows them): no error in either phase
    save_plan_json(plan, tmp_path / "p.json")
    from planner.commands.cli import main
    assert main(["--lang", "en", "check", "--json", str(tmp_path / "p.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["summary"]["error"] for p in out["phases"]["phases"]] == [0, 0]
    assert [sorted(p["workloads"]) for p in out["phases"]["phases"]] == [["wl-0"], ["wl-0", "wl-1"]]


def test_workload_phase_refused_when_unknown_and_kept_in_files(catalog, tmp_path):
    d = pilot_and_production(catalog, pilot_wl_phase="ph-nope")
    with pytest.raises(PlanFormatError, match="workload 'wl-0': unknown growth phase 'ph-nope'"):
        plan_from_dict(d)
    plan = plan_from_dict(pilot_and_production(catalog))
    save_plan_json(plan, tmp_path / "p.json")
    assert json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))["format_version"] == 5
    assert load_plan_json(tmp_path / "p.json").workloads[1].growth_phase == "ph-prod"
    save_rackplan(plan, tmp_path / "p.rackplan", catalog)
    opened = open_rackplan(tmp_path / "p.rackplan")
    assert plan_to_dict(opened.plan) == plan_to_dict(plan) and opened.plan.workloads[1].growth_phase == "ph-prod"
    # a format-4 plan (before workloads had a phase): every target of the first phase
    old = pilot_and_production(catalog)
    old["format_version"] = 4
    old["workloads"][1].pop("growth_phase")
    assert [w.growth_phase for w in plan_from_dict(old).workloads] == [None, None]


def test_workload_phase_edits_and_undo(catalog):
    plan = plan_from_dict(pilot_and_production(catalog))
    before = plan_to_dict(plan)
    with pytest.raises(EditRefused, match="there is no growth phase 'ph-x'"):
        SetProperty("workload", "wl-0", "growth_phase", "ph-x").apply(plan)
    eng = Engine(catalog)
    eng.compute(plan)
    to_pilot = SetProperty("workload", "wl-1", "growth_phase", None)
    change = to_pilot.apply(plan)
    res = eng.update(plan, change)  # the pilot is derived again: production's target now applies to it
    assert res.phases is not None and not res.phases.phases[0].results.workloads["wl-1"].met
    fresh = Engine(catalog).compute(plan)
    assert res.phases.phases[0].results.to_json(phase_plan(plan, 0, catalog), catalog) == \
        fresh.phases.phases[0].results.to_json(phase_plan(plan, 0, catalog), catalog)
    res = eng.update(plan, to_pilot.revert(plan))
    assert res.phases is not None and list(res.phases.phases[0].results.workloads) == ["wl-0"]
    assert plan_to_dict(plan) == before
    with pytest.raises(EditRefused, match="growth phase 'ph-prod' is still used by"):
        SetGrowthPhases(plan.growth_phases[:1]).apply(plan)
    rm = gp.remove_phase(plan, "ph-prod")  # production's target joins the pilot, the phase before
    rm.apply(plan)
    assert [w.growth_phase for w in plan.workloads] == [None, "ph-pilot"]
    rm.revert(plan)
    assert plan_to_dict(plan) == before


def test_json_and_rackplan_keep_phases(tmp_path, catalog, phased):
    save_plan_json(phased, tmp_path / "p.json")
    assert plan_to_dict(load_plan_json(tmp_path / "p.json")) == plan_to_dict(phased)
    save_rackplan(phased, tmp_path / "p.rackplan", catalog)
    opened = open_rackplan(tmp_path / "p.rackplan")
    assert plan_to_dict(opened.plan) == plan_to_dict(phased) and opened.notes == []
    assert opened.plan.rack("r04").growth_phase == "ph-exp"


def test_phase_edits_and_undo(catalog):
    plan = plan_from_dict(content(2, tagged=True))
    before = plan_to_dict(plan)
    e = gp.add_phase(plan, "  Expansion   2029 ", "2029-01")
    e.apply(plan)
    assert plan.growth_phases[-1].name == "Expansion 2029" and plan.growth_phases[-1].id == "phase-1"
    with pytest.raises(EditRefused, match="already a growth phase named 'pilot Q1'"):
        gp.add_phase(plan, "pilot Q1").apply(plan)
    with pytest.raises(EditRefused, match="needs a name"):
        gp.add_phase(plan, "  ")
    with pytest.raises(EditRefused, match="there is no growth phase 'ph-x'"):
        gp.set_phase(plan, ["r02"], "ph-x")
    with pytest.raises(EditRefused, match="there is no growth phase 'ph-x'"):
        SetProperty("rack", "r02", "growth_phase", "ph-x").apply(plan)
    with pytest.raises(EditRefused, match="'row-a' is not a rack, device, feed, cooling loop or link"):
        gp.set_phase(plan, ["r02", "row-a"], "ph-exp")
    sel = gp.set_phase(plan, ["r02", "gpu-5", "feed-r02-a", "ln-5"], "phase-1")
    sel.apply(plan)
    assert plan.rack("r02").growth_phase == "phase-1" and plan.feed("feed-r02-a").growth_phase == "phase-1"
    with pytest.raises(EditRefused, match="growth phase 'phase-1' is still used by r02"):
        SetGrowthPhases(plan.growth_phases[:-1]).apply(plan)
    mv = gp.move_phase(plan, "phase-1", -3)
    mv.apply(plan)
    assert [p.id for p in plan.growth_phases] == ["phase-1", "ph-pilot", "ph-prod", "ph-exp"]
    with pytest.raises(EditRefused, match="cannot move further"):
        gp.move_phase(plan, "phase-1", -1)
    rm = gp.remove_phase(plan, "phase-1")  # the first: what it added joins the next one
    rm.apply(plan)
    assert plan.rack("r02").growth_phase == "ph-pilot" and len(plan.growth_phases) == 3
    rn = gp.rename_phase(plan, "ph-prod", "Production Q4")
    rn.apply(plan)
    for edit in (rn, rm, mv, sel, e):
        edit.revert(plan)
    assert plan_to_dict(plan) == before


def test_early_reference_reported_and_left_out(catalog):
    d = content(1, tagged=True)
    # a pilot PDU on a production feed: in the pilot it is on no feed
    d["feeds"][0]["growth_phase"] = "ph-prod"
    plan = plan_from_dict(d)
    m = phase_map(plan)
    assert [(e.kind, e.id, e.needs_id, e.needs_phase) for e in m.early] == [("placement", "pdu-r01-a", "feed-r01-a", 1)]
    assert phase_plan(plan, 0, catalog).placement("pdu-r01-a").feed is None
    res = Engine(catalog).compute(plan)
    early = [f for f in res.findings if f.code == "PHASE_NEEDS_LATER"]
    assert len(early) == 1 and early[0].id == "pdu-r01-a" and "Production Q3" in early[0].message
    assert res.phases.phase_of(early[0]) == "ph-pilot"
    pilot = res.phases.phases[0]
    assert any(f.code == "PDU_NO_FEED" for f in pilot.new_findings)
    assert not any(f.code == "PDU_NO_FEED" for f in res.findings)
    assert any(f.code == "PDU_NO_FEED" for f in res.phases.phases[1].resolved_findings)


def test_later_rack_keeps_its_place(catalog):
    d = content(1, tagged=True)
    d["site"]["rooms"][0]["rows"][0]["racks"][1]["growth_phase"] = "ph-exp"  # R02, between R01 and R03
    d["growth_phases"] = copy.deepcopy(PHASES)
    plan = plan_from_dict(d)
    from planner.model.geometry import plan_footprints

    full = plan_footprints(plan, catalog)
    sub = phase_plan(plan, 1, catalog)
    assert "r02" not in sub.index.racks
    assert plan_footprints(sub, catalog)["r03"].x_m == pytest.approx(full["r03"].x_m)


# --------------------------------------------------------------------------- check and the build plan


def test_check_text_and_json_name_the_phase(tmp_path, capsys, phased):
    from planner.commands import cli

    path = tmp_path / "phased.json"
    save_plan_json(phased, path)
    assert cli.main(["check", str(path), "--lang", "en", "--max-findings", "500"]) == 1
    out = capsys.readouterr().out
    block = out[out.index("Growth phases"):out.index("\nRacks\n")]
    assert "1 Pilot Q1" in block and "2 Production Q3" in block and "3 Expansion 2028" in block
    assert "Production Q3 brings: POWER_FEED_FAILOVER_OVERLOAD feed-r01-a" in block
    line = next(x for x in out.splitlines() if "POWER_FEED_FAILOVER_OVERLOAD" in x and "feed feed-r01-a" in x)
    assert line.endswith("(from Production Q3)")
    assert cli.main(["check", str(path), "--lang", "de"]) == 1
    de = capsys.readouterr().out
    assert "Ausbaustufen" in de and "(ab Production Q3)" in de and "Production Q3 bringt" in de
    assert cli.main(["check", str(path), "--json"]) == 1
    js = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in js["phases"]["phases"]] == ["Pilot Q1", "Production Q3", "Expansion 2028"]
    assert js["phases"]["phases"][1]["totals"]["capex_added"] > 0
    assert all("phase" in f for f in js["findings"])


def test_build_plan_prints_each_phase_in_both_languages(tmp_path, catalog, phased, phased_results):
    from planner.reports import ReportOptions, build_plan_pdf
    from tests.test_report import pdf_text

    for lang, words in (("en", ("Growth phases", "3 phases: from Pilot Q1 to Expansion 2028", "Capex added",
                                "Findings that phase Production Q3 brings and clears", "From phase", "Free rack kW",
                                "Own or rent, per phase", "Energy per phase")),
                        ("de", ("Ausbaustufen", "3 Ausbaustufen: von Pilot Q1 bis Expansion 2028", "Capex neu",
                                "Befunde, die Ausbaustufe Production Q3 bringt und behebt", "Ab Stufe",
                                "Freie Rack-kW", "Mieten oder kaufen, je Ausbaustufe", "Energie je Ausbaustufe"))):
        out = tmp_path / f"phases-{lang}.pdf"
        build_plan_pdf(phased, catalog, phased_results, out, ReportOptions(sections=("phases", "energy", "findings"), lang=lang,
                                                                           toc=False))
        text = " ".join(pdf_text(out).split())
        for w in words:
            assert w in text, (lang, w)
        for p in phased_results.phases.phases:
            assert f"{p.number}. {p.name}" in text
    plain = plan_from_dict(content(2, tagged=False))  # no phases: no section
    out = tmp_path / "plain.pdf"
    build_plan_pdf(plain, catalog, Engine(catalog).compute(plain), out, ReportOptions(sections=("phases",), toc=False))
    assert "Growth phases" not in pdf_text(out)


def test_repository_diff_and_merge_know_phases():
    from planner.files.repository.merge import diff_plans, merge_plans
    from planner.i18n import message_text

    base = plan_from_dict(content(2, tagged=True))
    ours, theirs = base.snapshot(), base.snapshot()
    gp.rename_phase(ours, "ph-prod", "Production Q4").apply(ours)
    gp.set_phase(theirs, ["r04"], "ph-prod").apply(theirs)
    d = diff_plans(base, ours)
    assert [message_text(x) for x in d.lines] == ["growth phase 'ph-prod': name 'Production Q3' -> 'Production Q4'"]
    merged = merge_plans(base, ours, theirs)
    assert merged.conflicts == []
    assert merged.plan.growth_phases[1].name == "Production Q4" and merged.plan.rack("r04").growth_phase == "ph-prod"


def test_repository_diff_and_merge_know_workload_phases(catalog):
    """A changed workload phase is a change to the repository's diff and merge (they work on
    the project file's rows, planner.files.storage.convert)."""
    from planner.files.repository.merge import diff_plans, merge_plans
    from planner.i18n import message_text

    base = plan_from_dict(pilot_and_production(catalog))
    ours, theirs = base.snapshot(), base.snapshot()
    SetProperty("workload", "wl-1", "growth_phase", None).apply(ours)
    gp.rename_phase(theirs, "ph-prod", "Production Q4").apply(theirs)
    lines = [message_text(x) for x in diff_plans(base, ours).lines]
    assert len(lines) == 1 and "wl-1" in lines[0] and "ph-prod" in lines[0], lines
    merged = merge_plans(base, ours, theirs)
    assert merged.conflicts == []
    assert merged.plan.workloads[1].growth_phase is None and merged.plan.growth_phases[1].name == "Production Q4"
    both = base.snapshot()
    SetProperty("workload", "wl-1", "growth_phase", "ph-pilot").apply(both)
    assert merge_plans(base, ours, both).conflicts  # the same target into two phases: a conflict
