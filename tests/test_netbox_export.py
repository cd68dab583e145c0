"""A plan as NetBox bulk-import files (planner.netbox.export.export_netbox), and the shipped
catalog and every exported device type valid against NetBox's JSON Schema."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
import yaml

from planner.catalog import load_catalog, shipped_catalog_dir
from planner.catalog.yamlsafe import read_yaml_file
from planner.files.documents import load_plan
from planner.netbox.export import export_netbox
from planner.netbox.schema import netbox_problems
from tests.netbox_ref import ROOT, schema_errors, schema_validators

EXAMPLES = [ROOT / "examples" / "xe9680-h100-pod.json", ROOT / "examples" / "gb200-nvl72.json"]


@pytest.fixture(scope="module")
def catalog():
    cat = load_catalog()
    assert not cat.errors
    return cat


def _rows(path: Path) -> list[dict[str, str]]:
    """The rows of ``NN-name.csv``, or of its parts ``NN-name-001.csv``... when it was split."""
    parts = [path] if path.exists() else sorted(path.parent.glob(f"{path.stem}-[0-9][0-9][0-9].csv"))
    assert parts, path
    rows: list[dict[str, str]] = []
    for part in parts:
        with part.open(encoding="utf-8", newline="") as f:
            rows += list(csv.DictReader(f))
    return rows


def _types(out: Path) -> dict[tuple[str, str], dict]:
    """(manufacturer, model) -> exported device-type YAML."""
    found = {}
    for f in (out / "device-types").rglob("*.yaml"):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        found[(data["manufacturer"], data["model"])] = data
    return found


@pytest.fixture(scope="module", params=EXAMPLES, ids=lambda p: p.stem)
def exported(request, catalog, tmp_path_factory):
    plan = load_plan(request.param)
    out = tmp_path_factory.mktemp(request.param.stem)
    files = export_netbox(plan, catalog, out)
    return plan, out, files


def test_every_cable_termination_exists_in_the_exported_device_types(exported):
    plan, out, files = exported
    types = _types(out)
    devices = {d["name"]: types[(d["manufacturer"], d["device_type"])] for d in _rows(out / "09-devices.csv")}
    kinds = {"dcim.interface": "interfaces", "dcim.powerport": "power-ports", "dcim.poweroutlet": "power-outlets"}
    cables = _rows(out / "10-cables.csv") + _rows(out / "11-power-cables.csv")
    assert len(_rows(out / "10-cables.csv")) == len(plan.links)
    used: dict[tuple[str, str, str], int] = {}
    for c in cables:
        for side in ("a", "b"):
            dev = devices[c[f"side_{side}_device"]]
            key = kinds[c[f"side_{side}_type"]]
            names = {i["name"] for i in dev.get(key, [])}
            assert c[f"side_{side}_name"] in names, (c, key)
            k = (c[f"side_{side}_device"], key, c[f"side_{side}_name"])
            used[k] = used.get(k, 0) + 1
    # NetBox allows one cable per termination
    assert max(used.values()) == 1


def test_names_the_schedule_invents_are_exported_as_interfaces(catalog, tmp_path):
    """The XE9680 pod's schedule uses storage0/1 (NIC ports the catalog type does not list)
    and QM9700 breakout lanes ib9s0..: the export adds them as interfaces of the types."""
    plan = load_plan(EXAMPLES[0])
    ports = {(lk.a.port, lk.b.port) for lk in plan.links}
    flat = {p for pair in ports for p in pair}
    assert "storage0" in flat and "ib9s0" in flat  # what this test is about is in the example
    export_netbox(plan, catalog, tmp_path)
    types = {d["slug"]: d for d in _types(tmp_path).values()}
    xe = {i["name"]: i for i in types["dell-poweredge-xe9680"]["interfaces"]}
    catalog_xe = {i.name for i in catalog.device("dell-poweredge-xe9680").interfaces}
    assert "storage0" not in catalog_xe and "storage0" in xe
    qm = {i["name"]: i for i in types["nvidia-quantum-2-qm9700"]["interfaces"]}
    assert qm["ib9s0"]["type"] == qm["ib9"]["type"] and "ib9" in qm["ib9s0"]["description"]


def _parts(stem: str, rows: int, limit: int) -> list[str]:
    return [f"{stem}.csv"] if rows <= limit else [f"{stem}-{i:03d}.csv" for i in range(1, (rows + limit - 1) // limit + 1)]


def test_csv_columns_and_values_are_what_netbox_imports(exported, catalog):
    plan, out, files = exported
    devices = _rows(out / "09-devices.csv")
    assert [f.name for f in files if f.suffix == ".csv"] == [
        "01-manufacturers.csv", "02-device-roles.csv", "03-sites.csv", "04-locations.csv", "05-rack-types.csv",
        "06-racks.csv", "07-power-panels.csv", "08-power-feeds.csv", *_parts("09-devices", len(devices), 50),
        *_parts("10-cables", len(plan.links), 200), *_parts("11-power-cables", len(_rows(out / "11-power-cables.csv")),
                                                          200), "12-feed-cables.csv"]
    racks = _rows(out / "06-racks.csv")
    plan_racks = [r for room in plan.site.rooms for row in room.rows for r in row.racks]
    assert [r["name"] for r in racks] == [r.name for r in plan_racks]
    for r, pr in zip(racks, plan_racks, strict=True):
        rt = catalog.rack_type(pr.rack_type)
        assert int(r["u_height"]) == rt.u_height and r["status"] == "planned"
        assert r["airflow"] in ("front-to-rear", "rear-to-front") and "Cooling:" in r["comments"]
    devices = _rows(out / "09-devices.csv")
    placements = [p for r in plan_racks for p in r.placements]
    assert len(devices) == len(placements) and len({d["name"] for d in devices}) == len(devices)
    for d, p in zip(devices, placements, strict=True):
        assert d["status"] == "planned"
        assert d["position"] == ("" if p.u is None else str(p.u))
        assert d["face"] == ("" if p.u is None else p.face)
    roles = {r["name"] for r in _rows(out / "02-device-roles.csv")}
    assert {d["role"] for d in devices} <= roles
    feeds = _rows(out / "08-power-feeds.csv")
    assert len(feeds) == len(plan.feeds)
    panels = {p["name"] for p in _rows(out / "07-power-panels.csv")}
    assert {f["power_panel"] for f in feeds} <= panels
    for f, pf in zip(feeds, plan.feeds, strict=True):
        assert int(f["amperage"]) == round(pf.breaker_a) and f["phase"] in ("three-phase", "single-phase")
    for c in _rows(out / "10-cables.csv"):
        assert c["status"] == "planned" and c["length_unit"] in ("m", "")


def test_exported_device_types_are_netbox_valid(exported):
    plan, out, files = exported
    validators = schema_validators()
    yamls = [f for f in files if f.suffix == ".yaml"]
    assert yamls
    used = {p.device for room in plan.site.rooms for row in room.rows for r in row.racks for p in r.placements}
    assert {f.stem for f in yamls} == used
    for f in yamls:
        data, _lines = read_yaml_file(f)
        assert "planning" not in data
        assert schema_errors(validators["device-type"], data) == [], f
        assert netbox_problems(data, "device-type") == [], f


def test_shipped_catalog_is_netbox_valid_without_its_planning_block():
    validators = schema_validators()
    root = shipped_catalog_dir()
    checked = 0
    for kind, folder in (("device-type", "device-types"), ("rack-type", "rack-types")):
        for f in sorted((root / folder).rglob("*.yaml")):
            data = yaml.safe_load(f.read_text(encoding="utf-8"))
            data.pop("planning", None)
            assert schema_errors(validators[kind], data) == [], f
            assert netbox_problems(data, kind) == [], f
            checked += 1
    assert checked >= 35


def test_catalog_refuses_what_netbox_refuses(tmp_path):
    """The two rules the shipped catalog used to break: a '.' in a device slug and a label
    over 64 characters are catalog errors now."""
    src = shipped_catalog_dir() / "device-types" / "Dell" / "dell-poweredge-r660.yaml"
    layer = tmp_path / "cat"
    (layer / "device-types" / "X").mkdir(parents=True)
    text = src.read_text(encoding="utf-8")
    (layer / "device-types" / "X" / "dotted.yaml").write_text(
        text.replace("slug: dell-poweredge-r660", "slug: dell-poweredge-r660.v2"), encoding="utf-8")
    data = yaml.safe_load(text)
    data["slug"] = "dell-poweredge-r660-long"
    data.setdefault("power-ports", [{"name": "PSU1", "type": "iec-60320-c14"}])[0]["label"] = "x" * 65
    (layer / "device-types" / "X" / "long.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    shutil.copytree(shipped_catalog_dir() / "components", layer / "components")
    cat = load_catalog([layer])
    fields = sorted((Path(e.file).name, e.field) for e in cat.errors)
    assert fields == [("dotted.yaml", "slug"), ("long.yaml", "power-ports[0].label")]


def test_cli_export_format_netbox(tmp_path, capsys):
    from planner.commands.cli import main

    plan = tmp_path / "pod.json"
    shutil.copy(EXAMPLES[0], plan)
    out = tmp_path / "netbox"
    assert main(["export", str(plan), "--format", "netbox", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "10-cables.csv" in said and (out / "10-cables.csv").is_file()
    assert len(_rows(out / "10-cables.csv")) == len(load_plan(plan).links)
    assert (out / "device-types" / "Dell" / "dell-poweredge-xe9680.yaml").is_file()
    # a file where the folder should be: one line, exit 2, nothing written
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    assert main(["export", str(plan), "--format", "netbox", "-o", str(blocker)]) == 2
    assert blocker.read_text() == "x"


def test_export_is_all_or_none(catalog, tmp_path, monkeypatch):
    """A failure while writing leaves no half export: no file of the set appears."""
    import planner.base.fileio as fileio

    real = fileio._write_temp
    calls = []

    def failing(target, data):
        calls.append(target)
        if len(calls) == 5:
            raise OSError(28, "No space left on device", str(target))
        return real(target, data)

    monkeypatch.setattr(fileio, "_write_temp", failing)
    with pytest.raises(OSError):
        export_netbox(load_plan(EXAMPLES[0]), catalog, tmp_path / "out")
    assert not [p for p in (tmp_path / "out").rglob("*") if p.is_file()]


def test_rack_types_feeds_and_cords_are_exported(exported, catalog):
    """The rack type goes with each rack (a GB200 NVL72 rack stays one), every PDU hangs on its
    feed by a cable, and every PSU cord is a cable, also those the engine spreads."""
    from planner.engine import Engine

    plan, out, files = exported
    plan_racks = [r for room in plan.site.rooms for row in room.rows for r in row.racks]
    rack_types = {r["model"]: r for r in _rows(out / "05-rack-types.csv")}
    for r, pr in zip(_rows(out / "06-racks.csv"), plan_racks, strict=True):
        rt = catalog.rack_type(pr.rack_type)
        assert r["rack_type"] == rt.model and rack_types[rt.model]["slug"] == rt.slug
    assert {r["manufacturer"] for r in rack_types.values()} <= {m["name"] for m in _rows(out / "01-manufacturers.csv")}
    res = Engine(catalog).compute(plan)
    cords = sum(len(c) for rr in res.racks.values() for c in rr.cords.values())
    assert cords > 0 and len(_rows(out / "11-power-cables.csv")) == cords
    feeds = {(f["power_panel"], f["name"]) for f in _rows(out / "08-power-feeds.csv")}
    fed = [p for r in plan_racks for p in r.placements if p.feed]
    feed_cables = _rows(out / "12-feed-cables.csv")
    assert fed and len(feed_cables) == len({p.feed for p in fed})
    for c in feed_cables:
        assert (c["side_a_power_panel"], c["side_a_name"]) in feeds and c["side_a_type"] == "dcim.powerfeed"
        assert c["side_b_type"] == "dcim.powerport"


def test_a_device_type_is_the_same_in_every_plan(catalog, tmp_path):
    """The QM9700 of the H100 pod (cages split into lanes) and of the GB200 plan export the same
    interfaces, so the second plan's device type does not collide in one NetBox."""
    outs = []
    for ex in EXAMPLES:
        out = tmp_path / ex.stem
        export_netbox(load_plan(ex), catalog, out)
        outs.append(_types(out))
    shared = set(outs[0]) & set(outs[1])
    assert shared
    for key in shared:
        assert outs[0][key] == outs[1][key], key


def test_big_files_are_split_in_import_order(catalog, tmp_path):
    plan = load_plan(EXAMPLES[0])
    files = export_netbox(plan, catalog, tmp_path, row_limit=20, site_name="Pod 2")
    names = [f.name for f in files if f.name.startswith("10-cables")]
    assert names == [f"10-cables-{i:03d}.csv" for i in range(1, 4)]  # 55 links
    assert sum(len(_rows(tmp_path / n)) for n in names) == len(plan.links)
    assert [f.name for f in files if f.suffix == ".csv"] == sorted(f.name for f in files if f.suffix == ".csv")
    assert {r["site"] for r in _rows(tmp_path / "06-racks.csv")} == {"Pod 2"}
    readme = (tmp_path / "README.txt").read_text(encoding="utf-8")
    assert readme.index("01-manufacturers.csv") < readme.index("device-types/") < readme.index("02-device-roles")
