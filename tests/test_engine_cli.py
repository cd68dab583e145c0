"""`rackwright check`: exit codes 0/1/2, the JSON keys, the text report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.engine.report import SECTION_PROVIDERS, register_section
from planner.files.plan_io import save_plan_json
from planner.model.plan import Metadata, Placement, Plan, PowerConnection, PowerFeed, Rack, Room, Row, Site

FIXTURE = Path(__file__).parent / "fixtures" / "engine_catalog"


def rack_plan(n_servers: int, price_currency: str = "USD") -> Plan:
    feeds = [PowerFeed(id="fa", name="A", side="A", breaker_a=80), PowerFeed(id="fb", name="B", side="B",
                                                                            breaker_a=80)]
    placements = [Placement(id="pa", device="test-pdu-3ph-80a", u=None, side="left", face="rear", feed="fa"),
                  Placement(id="pb", device="test-pdu-3ph-80a", u=None, side="right", face="rear", feed="fb"),
                  Placement(id="st", device="test-storage", u=40,
                            power=[PowerConnection(pdu="pa", outlet=30), PowerConnection(pdu="pb", outlet=30)])]
    for i in range(n_servers):
        cords = [PowerConnection(pdu="pa" if c % 2 == 0 else "pb", outlet=3 * i + c // 2 + 1) for c in range(4)]
        placements.append(Placement(id=f"s{i}", device="test-liquid-8gpu", u=2 + 4 * i, power=cords))
    rack = Rack(id="r1", name="R1", rack_type="rack-48u-600x1200", placements=placements)
    return Plan(metadata=Metadata(project="CLI test", currency=price_currency), feeds=feeds,
                site=Site(rooms=[Room(id="hall", name="Hall", rows=[Row(id="row", name="Row", racks=[rack])])]))


def run(capsys, *args):
    code = main(["check", *args, "--catalog", str(FIXTURE)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_clean_plan_exits_0_with_json_keys(tmp_path, capsys):
    # two liquid-cooled servers on air: 20 kW < 25 kW limit... but liquid devices need a loop: use 0 servers
    path = tmp_path / "ok.json"
    plan = rack_plan(0)
    save_plan_json(plan, path)
    code, out, _ = run(capsys, str(path), "--json")
    doc = json.loads(out)
    assert code == 0, [f for f in doc["findings"] if f["severity"] == "error"]
    t = doc["totals"]
    for key in ("gpus", "gpu_memory_gb", "it_power_kw", "facility_power_kw", "heat_btu_per_h", "cost_usd",
                "racks"):
        assert key in t
    assert set(t["it_power_kw"]) >= {"typical", "max"}
    rack = doc["racks"][0]
    for key in ("name", "power_kw", "cooling", "cooling_capacity_kw", "airflow_cfm", "liquid_flow_l_per_min",
                "mass_kg", "u_used", "u_free"):
        assert key in rack
    assert set(rack["power_kw"]) >= {"typical", "max"}
    assert rack["power_kw"]["max"] == pytest.approx(1.6)
    assert t["facility_power_kw"] == pytest.approx(1.2 * 1.3)
    for f in doc["findings"]:
        assert set(f) == {"severity", "code", "message", "where"} and set(f["where"]) == {"kind", "id"}


def test_error_findings_exit_1(tmp_path, capsys):
    path = tmp_path / "bad.json"
    save_plan_json(rack_plan(3), path)  # liquid-cooled servers in an air rack
    code, out, _ = run(capsys, str(path))
    assert code == 1
    assert "COOLING_LIQUID_DEVICE_ON_AIR" in out
    assert "Totals" in out and "R1" in out and "Findings:" in out
    code, out, _ = run(capsys, str(path), "--json")
    assert code == 1
    doc = json.loads(out)
    assert any(f["code"] == "COOLING_LIQUID_DEVICE_ON_AIR" and f["severity"] == "error" for f in doc["findings"])
    assert doc["totals"]["gpus"] == 24


@pytest.mark.parametrize("content, extra", [
    ("{not json", []),
    ('{"format": "rackwright-plan", "format_version": 1, "feeds": [{"id": "x"}]}', []),
    (None, []),
    ("ok", ["--set", "continuous_derating=7"]),
    ("ok", ["--set", "nonsense=1"]),
    ("ok", ["--set", "novalue"]),
])
def test_bad_input_exits_2(tmp_path, capsys, content, extra):
    path = tmp_path / "p.json"
    if content == "ok":
        save_plan_json(rack_plan(0), path)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, str(path), *extra)
    assert code == 2
    assert err.startswith("rackwright: error:") and "Traceback" not in err
    assert out == ""


def test_settings_change_the_verdict(tmp_path, capsys):
    path = tmp_path / "p.json"
    save_plan_json(rack_plan(0), path)
    code, out, _ = run(capsys, str(path), "--json", "--set", "min_storage_gb_per_s_per_gpu=1000")
    assert code == 0  # no GPUs, so no storage balance finding
    code, out, _ = run(capsys, str(path), "--json", "--set", "air_limit_kw=1")
    assert code == 1 and any(f["code"] == "COOLING_OVER_CAPACITY" for f in json.loads(out)["findings"])


def test_sections_are_extensible(tmp_path, capsys):
    path = tmp_path / "p.json"
    save_plan_json(rack_plan(0), path)
    before = list(SECTION_PROVIDERS)
    try:
        register_section("extra", lambda results, plan, catalog: [{"gpus": results.totals.gpus}], after="racks")
        code, out, _ = run(capsys, str(path), "--json")
        doc = json.loads(out)
        keys = list(doc)
        assert keys.index("extra") == keys.index("racks") + 1
        assert doc["extra"] == [{"gpus": 0}]
        # built in, from Results: present whoever builds the document (no import side effects)
        assert doc["fabrics"] == [] and doc["workloads"] == []
    finally:
        SECTION_PROVIDERS[:] = before


def test_catalog_fixture_is_clean():
    assert not load_catalog([FIXTURE]).errors


def test_json_has_feeds_power_sources_and_currency(tmp_path, capsys):
    """feeds[] and power_sources[] with capacity, normal and failover load; money with its currency."""
    from planner.model.plan import PowerSource

    plan = rack_plan(0, price_currency="EUR")
    plan.power_sources.append(PowerSource(id="ups-a", name="UPS A", capacity_kw=10.0, side="A"))
    plan.power_sources.append(PowerSource(id="pnl", name="Panel 1", kind="panel", capacity_kw=2.0, upstream="ups-a"))
    plan.feeds[0].upstream = "pnl"
    plan.feeds[1].upstream = "ups-a"
    path = tmp_path / "src.json"
    save_plan_json(plan, path)
    code, out, _ = run(capsys, str(path), "--json")
    doc = json.loads(out)
    # the storage box: 1.6 kW max over two cords, one per feed: 0.8 kW each normally, 1.6 kW
    # on the survivor; an 80 A 415 V three-phase feed: sqrt(3) x 415 x 80 x 0.95 x 0.8 W
    cap = 3 ** 0.5 * 415 * 80 * 0.95 * 0.8 / 1000
    fa = next(f for f in doc["feeds"] if f["id"] == "fa")
    assert (fa["name"], fa["side"], fa["upstream"]) == ("A", "A", "pnl")
    assert fa["capacity_kw"] == pytest.approx(cap)
    assert fa["load_kw"] == pytest.approx(0.8) and fa["failover_load_kw"] == pytest.approx(1.6)
    src = {s["id"]: s for s in doc["power_sources"]}
    assert [s["id"] for s in doc["power_sources"]] == ["ups-a", "pnl"]  # plan order
    # panel: feed A only; the UPS (side A): the panel's 0.8 + feed B's 0.8 kW, and with side B
    # failed feed A's 1.6 kW (feed B dead)
    assert src["pnl"]["capacity_kw"] == 2.0 and src["pnl"]["load_kw"] == pytest.approx(0.8)
    assert src["pnl"]["failover_load_kw"] == pytest.approx(1.6)
    assert src["ups-a"]["load_kw"] == pytest.approx(1.6) and src["ups-a"]["failover_load_kw"] == pytest.approx(1.6)
    assert src["ups-a"]["sources"] == ["pnl"] and src["ups-a"]["feeds"] == ["fb"]
    assert (src["pnl"]["kind"], src["pnl"]["upstream"]) == ("panel", "ups-a")
    money = doc["totals"]["money"]
    assert money["capex"] == {"value": doc["totals"]["capex"], "currency": "EUR",
                              "complete": doc["totals"]["capex_complete"]}
    assert money["opex_per_year"]["currency"] == "EUR"
    assert money["opex_per_year"]["value"] == doc["totals"]["opex_per_year_eur"]  # the old keys stay
    assert doc["totals"]["currency"] == "EUR"
    # text: the feeds and sources tables
    code, out, _ = run(capsys, str(path))
    assert "Power feeds" in out and "Power sources" in out
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("Panel 1"))
    assert line.split()[2:] == ["Panel", "-", "UPS", "A", "2.0", "0.8", "1.6", "80"]  # the kind in words
