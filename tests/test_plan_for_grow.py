"""`rackwright plan-for --grow` (issue 32, docs/plan-for.md "Growing a plan"): a pilot of 8
GPUs grown by plan-for to 64 and then to 256 GPUs, each growth a new phase; the pilot's
objects unchanged, each phase's figures those of the plan of its content, bad input one line
and exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.engine import Engine
from planner.fabric.topology import design_fat_tree
from planner.files.plan_io import load_plan_json
from planner.model.geometry import row_footprints
from planner.model.phases import phase_plan

CONSTRAINTS = {"cooling": ["air"], "vendors": ["Dell"], "gpu_models": ["h100-sxm"], "max_rack_kw": 40, "years": 4,
               "currency": "EUR", "exchange_rates": {"USD": 0.9605}, "exchange_rates_date": "2025-02-28",
               "region": "eu"}


def spec(path: Path, name: str, tokens: float) -> Path:
    """Pretraining an 8B model in 30 days: 2e10 tokens take one XE9680 (8 GPUs), 1e12 eight,
    4.2e12 thirty-two (the search's verdicts, planner.workloads)."""
    path.write_text(json.dumps({"workloads": [{"name": name, "kind": "pretrain", "spec": {
        "model": "llama-3.1-8b", "tokens": tokens, "target_days": 30, "precision": "bf16"}}],
        "constraints": CONSTRAINTS}), encoding="utf-8")
    return path


def run(*argv: str) -> int:
    return main(["--lang", "en", *argv])


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def grown(tmp_path_factory) -> dict[str, Any]:
    d = tmp_path_factory.mktemp("grow")
    pilot, p64, p256 = d / "pilot.json", d / "grown64.json", d / "grown256.json"
    assert run("plan-for", str(spec(d / "pilot-spec.json", "Pilot", 2e10)), "-o", str(pilot)) == 0
    assert run("plan-for", str(spec(d / "prod-spec.json", "Production", 1e12)), "--grow", str(pilot),
               "--phase", "Production Q3", "--phase-start", "Q3 2027", "-o", str(p64)) == 0
    assert run("plan-for", str(spec(d / "exp-spec.json", "Expansion", 4.2e12)), "--grow", str(p64),
               "--phase", "Expansion 2028", "--phase-start", "2028-01", "-o", str(p256)) == 0
    return {"dir": d, "pilot": pilot, "p64": p64, "p256": p256}


def entities(d: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every rack, device, link, feed and loop of a plan dict by id (a device with its rack)."""
    out: dict[str, dict[str, Any]] = {}
    for room in d["site"]["rooms"]:
        for row in room["rows"]:
            for rack in row["racks"]:
                out[rack["id"]] = {k: v for k, v in rack.items() if k != "placements"} | {"row": row["id"]}
                for p in rack["placements"]:
                    out[p["id"]] = p | {"rack": rack["id"]}
    for key in ("links", "feeds", "cooling_loops"):
        for x in d.get(key, []):
            out[x["id"]] = x
    return out


def test_pilot_grows_to_64_then_256_gpus(grown, catalog):
    plan = load_plan_json(grown["p256"])
    res = Engine(catalog).compute(plan)
    ph = res.phases
    assert ph is not None
    assert [p.name for p in ph.phases] == ["Existing build", "Production Q3", "Expansion 2028"]
    # "Q3 2027" as the architect wrote it is stored as its first month (issue 32)
    assert [p.start for p in ph.phases] == ["", "2027-07", "2028-01"]
    assert [p.results.totals.gpus for p in ph.phases] == [8, 64, 256]
    assert [p.added["gpus"] for p in ph.phases] == [8, 56, 192]
    # production puts servers into the pilot's rack as far as its feeds carry them within 90 % when
    # a side fails (two on the EU 63 A feeds at their rating), the rest three to a new rack; with
    # storage and network racks
    assert [p.results.totals.racks for p in ph.phases] == [1, 5, 15]
    pilot_rack = next(rk for rk in plan.racks() if rk.growth_phase is None)
    added = [p for p in pilot_rack.placements if p.growth_phase == ph.phases[1].id]
    assert added and all(p.device == "dell-poweredge-xe9680" and len(p.power) == 6 for p in added)
    assert f"{len(added)} of them in the free space of racks the phases before have" in plan.metadata.notes
    pilot_feeds = {p.feed for p in pilot_rack.placements if p.feed}
    assert pilot_feeds and all(res.feeds[f].failover_w <= 0.9 * res.feeds[f].capacity_w for f in pilot_feeds)
    # the whole plan: no error; the one warning is named and explained in its description
    counts = res.counts()
    assert counts["error"] == 0
    warnings = {f.code for f in res.findings if f.severity == "warning"}
    assert warnings <= {"FABRIC_OVERSUBSCRIBED"}
    for code in warnings:
        assert f"Intended warning {code}" in plan.metadata.notes
    # every workload is met by the grown build
    assert all(w.met for w in res.workloads.values())
    # the fabrics are extended, not duplicated: one compute and one storage fabric, each of
    # them holding every server
    kinds = [f.kind for f in plan.fabrics]
    assert kinds.count("compute") == 1 and kinds.count("storage") == 1
    servers = {p.id for rk in plan.racks() for p in rk.placements if p.device == "dell-poweredge-xe9680"}
    assert len(servers) == 32
    for kind in ("compute", "storage"):
        fid = next(f.id for f in plan.fabrics if f.kind == kind)
        wired = {e.placement for lk in plan.links if lk.fabric == fid for e in (lk.a, lk.b)}
        assert servers <= wired, kind
    # the check command on the result
    assert run("check", str(grown["p256"])) == 0


def test_the_existing_objects_are_unchanged(grown):
    pilot = json.loads(grown["pilot"].read_text(encoding="utf-8"))
    p64 = json.loads(grown["p64"].read_text(encoding="utf-8"))
    p256 = json.loads(grown["p256"].read_text(encoding="utf-8"))
    for before, after in ((pilot, p64), (p64, p256), (pilot, p256)):
        old, new = entities(before), entities(after)
        for eid, d in old.items():
            assert new[eid] == d, eid  # ids, rows, positions, U, ports, cables, phases
        added = set(new) - set(old)
        if before is not pilot or after is p64:  # one growth: all it adds names its phase
            assert added and all(new[e].get("growth_phase") == after["growth_phases"][-1]["id"] for e in added)
        rows_before = {r["id"]: (r["x_m"], r["y_m"], r.get("orientation_deg")) for room in before["site"]["rooms"]
                       for r in room["rows"]}
        rows_after = {r["id"]: (r["x_m"], r["y_m"], r.get("orientation_deg")) for room in after["site"]["rooms"]
                      for r in room["rows"]}
        assert all(rows_after[r] == xy for r, xy in rows_before.items())


def test_no_footprints_overlap(grown, catalog):
    plan = load_plan_json(grown["p256"])
    for room in plan.site.rooms:
        fps = [fp for row in room.rows for fp in row_footprints(row, catalog)]
        for i, a in enumerate(fps):
            ax0, ay0, ax1, ay1 = a.bounds
            assert 0 <= ax0 and ax1 <= room.width_m and 0 <= ay0 and ay1 <= room.depth_m
            for b in fps[i + 1:]:
                bx0, by0, bx1, by1 = b.bounds
                assert ax1 <= bx0 + 1e-6 or bx1 <= ax0 + 1e-6 or ay1 <= by0 + 1e-6 or by1 <= ay0 + 1e-6, \
                    (a.rack_id, b.rack_id)
        # hot and cold aisles: front to front, then back to back, the new rows going on from the pilot's
        rows = sorted(room.rows, key=lambda r: r.y_m)
        turns = [round(r.orientation_deg) % 360 for r in rows]
        assert all(x != y for x, y in zip(turns, turns[1:])), turns


def _figures(results, plan, catalog) -> dict[str, Any]:
    j = results.to_json(plan, catalog)
    return {"racks": j["racks"], "feeds": j["feeds"], "bom": j["bom"],
            "fabrics": {f["id"]: f for f in j["fabrics"] if f["links"]},
            "totals": {k: j["totals"][k] for k in ("gpus", "racks", "capex", "it_power_kw", "heat_kw")
                       if k in j["totals"]}}


def test_each_phase_equals_the_separate_plan_it_grew_from(grown, catalog):
    """Phase 1 of the 256-GPU plan is the pilot as plan-for wrote it, phase 2 the 64-GPU plan:
    their racks, feeds, BOM, wired fabrics and totals as the engine computes each alone."""
    p256 = load_plan_json(grown["p256"])
    ph = Engine(catalog).compute(p256).phases
    assert ph is not None
    for k, name in ((0, "pilot"), (1, "p64")):
        separate = load_plan_json(grown[name])
        alone = Engine(catalog).compute(separate)
        derived = phase_plan(p256, k, catalog)
        got = _figures(ph.phases[k].results, derived, catalog)
        want = _figures(alone.phases.phases[-1].results if alone.phases else alone, separate, catalog)
        assert got == want, name
    # the capex of each phase is what it adds to the one before
    caps = [p.results.totals.capex for p in ph.phases]
    assert caps[0] < caps[1] < caps[2]
    assert [p.capex_added for p in ph.phases] == pytest.approx([caps[0], caps[1] - caps[0], caps[2] - caps[1]])
    # each phase is judged by its own targets and the earlier phases' (issue 32): no earlier
    # phase reports the grown build's targets unmet, and the description does not need to say so
    assert [w.growth_phase for w in p256.workloads] == [None, ph.phases[1].id, ph.phases[2].id]
    for k, phase in enumerate(ph.phases):
        assert [w.name for w in phase.results.workloads.values()] == ["Pilot", "Production", "Expansion"][:k + 1]
        assert all(w.met for w in phase.results.workloads.values()), phase.name
        assert phase.results.counts()["error"] == 0, phase.name
        assert "WORKLOAD_UNMET" not in {f.code for f in phase.results.findings}
    assert "WORKLOAD_UNMET" not in p256.metadata.notes
    # the earlier phases' findings the growth clears are still named (a fabric designed in a phase)
    assert "In Existing build the engine reports FABRIC_UNCONNECTED_PORTS" in p256.metadata.notes


def test_json_output(grown, capsys):
    d = grown["dir"]
    capsys.readouterr()
    assert run("plan-for", str(d / "prod-spec.json"), "--grow", str(grown["pilot"]), "--phase", "Prod",
               "-o", str(d / "j.json"), "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["phase"] == "Prod" and out["servers_added"] == 7
    assert [(p["phase"], p["gpus"]) for p in out["phases"]] == [("Existing build", 8), ("Prod", 64)]
    assert out["phases"][-1]["errors"] == 0 and out["phases"][-1]["warnings"] == 0


@pytest.mark.parametrize("args, words", [
    (["--grow", "{d}/missing.json", "--phase", "X"], "missing.json: no such file"),
    (["--grow", "{p64}", "--phase", "production q3"], "there is already a growth phase named 'production q3'"),
    (["--grow", "{p64}", "--phase", "Existing Build"], "there is already a growth phase named"),
    (["--grow", "{p64}"], "--grow needs --phase NAME"),
    (["--phase", "X"], "need --grow EXISTING"),
    (["--grow", "{p64}", "--phase", "X", "--pick", "2"], "--pick does not go with --grow"),
    (["--grow", "{p64}", "--phase", "X", "--phase-start", "Q3"],
     "--phase-start: 'Q3' is not a month or a date: write 2027-07, 2027-07-15, Q3 2027, 07.2027 or July 2027"),
    (["--grow", "{p64}", "--phase", "X", "--phase-start", "Q1 2027"],
     "the new phase would start (2027-01) before Production Q3 (2027-07)"),
    (["--grow", "{nogpu}", "--phase", "X"], "cannot grow: it has no GPU servers to grow from"),
    (["--grow", "{p64}", "--phase", "X", "--phase-start", "2027-03"],
     "the new phase would start (2027-03) before Production Q3 (2027-07)"),
    (["--grow", "{p256}", "--phase", "X", "--spec", "{d}/prod-spec.json"], "already carry the workloads"),
])
def test_bad_input_one_line_exit_2(grown, capsys, args, words):
    d = grown["dir"]
    nogpu = d / "nogpu.json"
    nogpu.write_text(json.dumps({"format": "rackwright-plan", "format_version": 4, "site": {"name": "S", "rooms": [
        {"id": "room-1", "name": "Hall", "width_m": 5.0, "depth_m": 5.0, "rows": [
            {"id": "row-1", "name": "A", "x_m": 1.0, "y_m": 1.0, "racks": [
                {"id": "r1", "name": "R1", "rack_type": "rack-48u-600x1200", "position": 0}]}]}]}}), encoding="utf-8")
    fmt = {"d": str(d), "p64": str(grown["p64"]), "p256": str(grown["p256"]), "nogpu": str(nogpu)}
    argv = [a.format(**fmt) for a in args]
    spec_path = str(d / "exp-spec.json")
    if "--spec" in argv:
        i = argv.index("--spec")
        spec_path = argv[i + 1]
        del argv[i:i + 2]
    out = d / "bad.json"
    capsys.readouterr()
    assert run("plan-for", spec_path, *argv, "-o", str(out)) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err, err
    assert not out.exists()


def test_a_growable_tree_keeps_room_for_a_spine_tier():
    # 8 servers x 8 rails on 64-port switches: one switch would be full, so growable gives
    # the leaves and spines a later phase extends; a quarter of it stays one switch
    assert design_fat_tree(8, 8, 64, 400.0).tiers == 1
    tree = design_fat_tree(8, 8, 64, 400.0, growable=True)
    assert tree.tiers == 2 and tree.leaves == 8
    assert design_fat_tree(2, 8, 64, 400.0, growable=True).tiers == 1
    # at 2:1 a one-switch fabric of 48 ports needs 24 more to become a leaf (64 are not enough)
    assert design_fat_tree(6, 8, 64, 400.0, oversubscription=2.0, growable=True).tiers == 2
    assert design_fat_tree(6, 8, 64, 400.0, oversubscription=2.0).tiers == 1


def test_spec_targets_named_as_earlier_ones(grown, tmp_path, catalog):
    """The spec's workloads are the new phase's targets: one that restates the pilot's unchanged
    is not added twice; one with the pilot's name and a bigger target is added with the phase's
    name after its own, and the pilot keeps its own target (docs/plan-for.md)."""
    restated = tmp_path / "restated.json"
    data = json.loads(spec(tmp_path / "a.json", "Pilot", 2e10).read_text(encoding="utf-8"))
    data["workloads"] += json.loads(spec(tmp_path / "b.json", "Production", 1e12).read_text(encoding="utf-8"))[
        "workloads"]
    restated.write_text(json.dumps(data), encoding="utf-8")
    for path, names in ((restated, ["Pilot", "Production"]),
                        (spec(tmp_path / "bigger.json", "Pilot", 1e12), ["Pilot", "Pilot (Production Q3)"])):
        out = tmp_path / f"out-{path.stem}.json"
        assert run("plan-for", str(path), "--grow", str(grown["pilot"]), "--phase", "Production Q3", "-o", str(out)) == 0
        plan = load_plan_json(out)
        assert [w.name for w in plan.workloads] == names, path.stem
        assert plan.workloads[0].growth_phase is None and plan.workloads[1].growth_phase == plan.growth_phases[1].id
        assert plan.workloads[0].spec["tokens"] == 2e10
        ph = Engine(catalog).compute(plan).phases
        assert ph is not None and [w.name for w in ph.phases[0].results.workloads.values()] == ["Pilot"]
        assert ph.phases[0].results.counts()["error"] == 0
