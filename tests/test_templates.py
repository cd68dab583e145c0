"""Reference designs: every template builds a plan without error findings, holds the GPUs it
says, carries valid workloads that the engine evaluates, and its servers meet the issue's
spec ranges by the catalog's own device data; `rackwright templates` and `rackwright new`
through the CLI entry point."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.design.templates import TEMPLATES, UnknownTemplate, build_template, list_templates
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.model.plan import Plan
from planner.workloads.specs import parse_spec


@pytest.fixture(scope="module")
def catalog():
    cat = load_catalog()
    assert not cat.errors, cat.errors
    return cat


@pytest.fixture(scope="module")
def built(catalog):
    out = {}
    for name in TEMPLATES:
        plan = build_template(name, catalog)
        out[name] = (plan, Engine(catalog).compute(plan))
    return out


def test_the_seven_templates_of_the_issue_are_listed():
    names = [t.name for t in list_templates()]
    assert names == ["entry-training-32xh100", "inference-small-enterprise", "inference-production",
                     "training-enterprise", "training-cluster", "superpod-h100-1su", "gb200-nvl72"]
    for t in list_templates():
        assert t.title and t.description and t.workload and t.gpus > 0


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_template_builds_without_error_findings(built, catalog, name):
    plan, res = built[name]
    errors = [f"{f.code}: {f.message}" for f in res.findings if f.severity == "error"]
    assert errors == []
    info = TEMPLATES[name].info
    assert res.totals.agg.ints["gpu_count"] == info.gpus
    # the plan survives its own file format unchanged
    assert Plan.model_validate_json(plan.model_dump_json()) == plan
    # the workloads are the plan's own kind and spec, on the servers' group, and evaluated
    assert plan.workloads
    servers = {p.id for p, _ in plan.index.iter_placements() if catalog.device(p.device).gpu_count}
    for w in plan.workloads:
        parse_spec(w.kind, w.spec)
        group = next(g for g in plan.groups if g.id == w.group)
        assert set(group.members) == servers
        verdict = res.workloads[w.id]
        assert verdict.error is None and verdict.met is True, (w.id, verdict)


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_template_layout_power_and_cooling(built, catalog, name):
    plan, res = built[name]
    room = plan.site.rooms[0]
    for rack in plan.racks():
        r = res.racks[rack.id]
        assert r.max_w <= 140_000
        kinds = Counter(catalog.device(p.device).kind for p in rack.placements)
        if rack.rack_type != "nvidia-gb200-nvl72-rack":
            feeds = [plan.feed(p.feed) for p in rack.placements if p.feed]
            sides = Counter(f.side for f in feeds)
            assert sides["A"] == sides["B"] >= 1 and kinds["pdu"] == len(feeds)
            # every device with PSUs is corded explicitly to both sides
            for p in rack.placements:
                if catalog.device(p.device).kind != "pdu":
                    assert {plan.feed(plan.placement(c.pdu).feed).side for c in p.power} == {"A", "B"}, p.name
    # management switches sized to the ports in use (one when every BMC port fits one switch),
    # every management port wired
    from planner.design.generate import mgmt_ports, mgmt_switch_count

    mgmt = [p for p, _ in plan.index.iter_placements() if p.device == "nvidia-sn2201"]
    ports = sum(mgmt_ports(catalog, p.device) for p, _ in plan.index.iter_placements())
    assert len(mgmt) == mgmt_switch_count(catalog, "nvidia-sn2201", [ports]) if ports <= 48 else len(mgmt) >= 1
    wired = {lk.a.placement for lk in plan.links if lk.fabric.startswith("fab-mgmt")}
    assert {p.id for p, _ in plan.index.iter_placements() if mgmt_ports(catalog, p.device)} <= wired
    # rows on hot/cold aisles: orientations alternate, inside the room
    orients = [row.orientation_deg for row in room.rows]
    assert orients == [180 if i % 2 == 0 else 0 for i in range(len(orients))]
    from planner.model.geometry import row_footprints

    boxes = []
    for row in room.rows:
        for fp in row_footprints(row, catalog):
            x0, y0, x1, y1 = fp.bounds
            assert 0 <= x0 and x1 <= room.width_m and 0 <= y0 and y1 <= room.depth_m
            boxes.append(fp.bounds)
    for i, a in enumerate(boxes):  # no two racks on the same floor
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6
    for lp in plan.cooling_loops:
        loop = res.loops[lp.id]
        assert loop.racks >= 1
        if lp.cdu is not None:  # N+1 with the engine's margin
            assert loop.heat_w * 1.1 <= loop.capacity_n_minus_1_w


def _server_figures(catalog, slug):
    d = catalog.device(slug)
    pl = d.planning
    speeds = [catalog.get("nics", n.model).speed_gbps for n in pl.nics if n.role in ("compute", "frontend")]
    return {
        "cpus": pl.cpu.sockets, "cores": pl.cpu.sockets * pl.cpu.cores_per_socket, "ram_gb": pl.memory_gb,
        "gpus_per_server": pl.accelerators.count, "gpu_memory_gb": catalog.gpu(pl.accelerators.model).memory_gb,
        "nvme_tb": pl.local_nvme_tb, "nic_gbps": max(speeds),
    }


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_template_meets_the_issue_spec_ranges_by_device_data(built, catalog, name):
    plan, _ = built[name]
    t = TEMPLATES[name]
    servers = [p for p, _ in plan.index.iter_placements() if p.id in set(plan.groups[0].members)]
    slugs = {p.device for p in servers}
    assert slugs == {t.design.server}
    figures = _server_figures(catalog, t.design.server)
    figures["servers"] = len(servers)
    figures["gpus"] = len(servers) * figures["gpus_per_server"]
    figures["ram_total_tb"] = len(servers) * figures["ram_gb"] / 1000
    storage = [catalog.device(p.device) for p, _ in plan.index.iter_placements()
               if catalog.device(p.device).kind == "storage"]
    figures["shared_flash_tb"] = sum(d.planning.storage.raw_capacity_tb for d in storage)
    assert t.spec
    for key, (lo, hi) in t.spec.items():
        value = figures[key]
        assert value is not None, key
        assert lo is None or value >= lo, (key, value, lo)
        assert hi is None or value <= hi, (key, value, hi)


def test_entry_training_has_about_two_petabytes_of_flash(built, catalog):
    plan, res = built["entry-training-32xh100"]
    raw = sum(catalog.device(p.device).planning.storage.raw_capacity_tb
              for p, _ in plan.index.iter_placements() if catalog.device(p.device).kind == "storage")
    assert 1800 <= raw <= 2500
    assert any(f.kind == "storage" for f in plan.fabrics)
    # what is unpriced is what the engine's BOM says
    unpriced = {line.slug for line in res.bom if line.unit_price is None}
    assert res.totals.capex_complete is (not unpriced)


def test_unknown_template_names_the_known_ones(catalog):
    with pytest.raises(UnknownTemplate, match="entry-training-32xh100"):
        build_template("no-such-template", catalog)


# -- CLI -----------------------------------------------------------------------------------------


def test_cli_templates_lists_names_gpus_and_titles(capsys):
    assert main(["templates"]) == 0
    out = capsys.readouterr().out
    for t in list_templates():
        line = next(x for x in out.splitlines() if x.startswith(t.name + " "))
        assert str(t.gpus) in line.split() and t.title in line
    assert main(["templates", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["name"] for d in data] == list(TEMPLATES)
    assert {d["name"]: d["gpus"] for d in data}["superpod-h100-1su"] == 256


@pytest.mark.parametrize("suffix", [".json", ".rackplan"])
def test_cli_new_writes_a_plan_that_checks_clean(tmp_path, capsys, catalog, suffix):
    out = tmp_path / f"pod{suffix}"
    assert main(["new", "--template", "training-enterprise", "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "16 GPUs" in printed and out.name in printed
    plan = load_plan(out)
    assert main(["check", str(out)]) == 0
    capsys.readouterr()
    res = Engine(catalog).compute(plan)
    unpriced = [line.slug for line in res.bom if line.unit_price is None]
    for slug in unpriced:  # the unpriced items are named
        assert slug in printed
    # an existing file is kept without --force
    before = out.read_bytes()
    assert main(["new", "--template", "gb200-nvl72", "-o", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert out.read_bytes() == before


def test_cli_new_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "x.json"
    assert main(["new", "--template", "nope", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "unknown template 'nope'" in err and "gb200-nvl72" in err
    assert main(["new", "--template", "gb200-nvl72", "-o", str(tmp_path / "missing" / "x.json")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main(["new", "--template", "gb200-nvl72", "-o", str(tmp_path / "x.txt")]) == 2
    assert "unknown output format" in capsys.readouterr().err
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert main(["new", "--template", "gb200-nvl72", "-o", str(folder)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [folder] and list(folder.iterdir()) == []


# warnings a generated plan must not carry: the generator wired or chose them (links at two
# speeds, a port that is not there, a device its own PSUs cannot carry after one fails)
GENERATOR_CODES = {"FABRIC_SPEED_MISMATCH", "PSU_OVERLOAD", "FABRIC_UNKNOWN_PORT", "FABRIC_SLOW_LINK"}


def _own_warnings(plan, res, *, storage: bool) -> list[str]:
    links = {lk.id: lk for lk in plan.links}
    return [f"{f.code}: {f.message}" for f in res.findings if f.code in GENERATOR_CODES
            and (f.code != "FABRIC_SPEED_MISMATCH" or (links[f.id].fabric == "fab-storage") is storage)]


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_template_carries_no_warning_the_generator_causes(built, name):
    """The walk-through found 8 to 107 such warnings per template (management leaves' 100G
    uplinks on the 1G ports of their spine, the DDN appliance over its one remaining PSU,
    switches whose optics were counted twice)."""
    plan, res = built[name]
    assert _own_warnings(plan, res, storage=False) == []
    mgmt = [f for f in plan.fabrics if f.kind == "management"]
    assert mgmt and all(f.speed_gbps == 1.0 for f in mgmt)


@pytest.mark.parametrize("name", ["entry-training-32xh100", "superpod-h100-1su"])
def test_storage_fabric_runs_every_port_at_its_own_speed(built, catalog, name):
    """The servers' 200G storage NICs on 2 x 200G lanes of a 400G cage, each DDN AI400X2 400G
    port on a whole cage at 400G (issue 31: they landed on 200G lanes, a mismatch each)."""
    plan, res = built[name]
    assert _own_warnings(plan, res, storage=True) == []
    from planner.fabric.ports import port_lookup

    fab = next(f for f in plan.fabrics if f.kind == "storage")
    speeds = set()
    for lk in plan.links:
        if lk.fabric != fab.id:
            continue
        ends = [(plan.placement(e.placement).device, e.port) for e in (lk.a, lk.b)]
        got = [port_lookup(catalog, d, port, fab.speed_gbps).speed_gbps for d, port in ends]
        assert got[0] == got[1], (lk.id, ends, got)
        if catalog.device(ends[0][0]).kind == "storage" or catalog.device(ends[1][0]).kind == "storage":
            speeds.add(got[0])
    assert speeds == {400.0}


def test_a_german_template_is_named_in_german_and_an_english_one_in_english(catalog):
    from planner.i18n import use_language

    name = "entry-training-32xh100"
    with use_language("de"):
        de = build_template(name, catalog)
    en = build_template(name, catalog)  # the test run's language is English (conftest)
    for plan, site, room, row, group, loop in ((de, "Standort", "Rechenzentrumsraum 1", "Reihe 1", "GPU-Server",
                                                "Gebäudewasser"),
                                               (en, "Site", "Data hall 1", "Row 1", "GPU servers", "Facility water")):
        assert plan.site.name == site and plan.site.rooms[0].name == room
        assert plan.site.rooms[0].rows[0].name == row
        assert [g.name for g in plan.groups] == [group] and [lp.name for lp in plan.cooling_loops] == [loop]
    assert "Rail-optimiert" in de.fabrics[0].name and "rail-optimised" in en.fabrics[0].name
    assert de.metadata.notes.startswith("Referenzdesign") and en.metadata.notes.startswith("Reference design")
    assert {w.name for w in de.workloads} == {"Feintuning Llama-3-70B (LoRA): 2 Mrd. Tokens in 1 Tag",
                                               "Vortraining Llama-3.1-8B: 300 Mrd. Tokens in 30 Tagen"}


def test_generated_notes_name_catalog_models_not_slugs(catalog):
    """The plan notes print on the cover of the customer's build plan."""
    from planner.design.generate import generate_plan
    from planner.i18n import use_language

    design = dataclasses.replace(TEMPLATES["training-enterprise"].design, name=None)
    with use_language("de"):
        plan = generate_plan(design, catalog)
    notes = plan.metadata.notes
    assert notes.startswith("Von Rackwright aus einem Build-Entwurf erzeugt: 2 × Dell PowerEdge XE9680")
    used = {p.device for p, _ in plan.index.iter_placements()} | {r.rack_type for r in plan.racks()}
    assert [slug for slug in used if slug in notes] == []
    assert catalog.device("nvidia-sn2201").model in notes
    assert plan.metadata.project.startswith("16 GPUs: 2 × ") and plan.metadata.author == "Rackwright-Generator"
