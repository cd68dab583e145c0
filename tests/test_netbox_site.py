"""Brownfield: a new plan from NetBox's CSV export of a site (planner.netbox.site,
`rackwright brownfield`)."""

from __future__ import annotations

import shutil

import pytest
import yaml

from planner.catalog import load_catalog, shipped_catalog_dir
from planner.commands.cli import main
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.netbox.importer import import_netbox
from planner.netbox.site import SiteImportError, import_site
from tests.netbox_ref import FIXTURES

SITE = FIXTURES / "site"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _placements(plan):
    return {p.name: (rack.name, p) for room in plan.site.rooms for row in room.rows for rack in row.racks
            for p in rack.placements}


def test_racks_and_devices_as_they_stand(catalog):
    r = import_site(SITE / "racks.csv", SITE / "devices.csv", catalog, SITE / "device-types.csv")
    plan = r.plan
    assert plan.site.name == "DC1 Frankfurt"
    rooms = {room.name: room for room in plan.site.rooms}
    assert set(rooms) == {"Hall 2", "MMR"}
    rows = {row.name: [k.name for k in row.racks] for row in rooms["Hall 2"].rows}
    assert rows == {"Row A": ["A01", "A02"], "Row B": ["B01"]}  # from the facility IDs
    racks = {k.name: k for room in plan.site.rooms for row in room.rows for k in row.racks}
    assert racks["A01"].rack_type == "rack-42u-600x1200"  # by height
    assert racks["A02"].rack_type == "rack-48u-600x1200"  # by the rack type's model
    placed = _placements(plan)
    assert set(placed) == {"pdu-a01-a", "pdu-a01-b", "mgmt-sw1", "login1", "infer1"}
    rack, sw = placed["mgmt-sw1"]
    assert (rack, sw.device, sw.u, sw.face, sw.serial, sw.asset_tag) == (
        "A01", "nvidia-sn2201", 42, "front", "MT2233X01234", "INV-0042")
    assert placed["infer1"][1].device == "dell-poweredge-r760-l40s"  # via the device-types export's slug
    assert placed["login1"][1].device == "dell-poweredge-r660"  # model without the catalog's note
    assert {placed["pdu-a01-a"][1].side, placed["pdu-a01-b"][1].side} == {"left", "right"}
    # what could not be imported, by file and line, with the reason
    left = {(p.file, p.line): p.message for p in r.problems}
    assert set(left) == {("racks.csv", 6), ("racks.csv", 7), ("devices.csv", 6), ("devices.csv", 7),
                         ("devices.csv", 8), ("devices.csv", 10), ("devices.csv", 11)}
    assert "'C9300-48P' (Cisco) is not in the catalog" in left[("devices.csv", 7)]
    assert "overlaps login1" in left[("devices.csv", 6)]
    assert "does not fit the 42U rack" in left[("devices.csv", 11)]
    # the plan is a plan: the engine takes it without unknown devices
    res = Engine(catalog).compute(plan)
    assert not [f for f in res.findings if f.code == "UNKNOWN_DEVICE"]
    assert res.totals.to_dict()["gpus"] == 1  # the R760 with one L40S


def test_unknown_type_imports_once_its_netbox_device_type_is_in_the_catalog(tmp_path):
    data = {"manufacturer": "Cisco", "model": "C9300-48P", "slug": "cisco-c9300-48p", "u_height": 1,
            "is_full_depth": False, "interfaces": [{"name": f"Gi1/0/{i}", "type": "1000base-t"} for i in range(1, 49)]}
    f = tmp_path / "C9300-48P.yaml"
    f.write_text(yaml.safe_dump(data))
    assert import_netbox([f], tmp_path / "user").results[0].ok
    cat = load_catalog([shipped_catalog_dir(), tmp_path / "user"])
    r = import_site(SITE / "racks.csv", SITE / "devices.csv", cat, SITE / "device-types.csv")
    assert _placements(r.plan)["core1"][1].device == "cisco-c9300-48p"
    assert ("devices.csv", 7) not in {(p.file, p.line) for p in r.problems}


def test_bulk_import_headers_and_semicolons_are_read_too(catalog, tmp_path):
    (tmp_path / "racks.csv").write_text("name;site;u_height\nR1;Lab;42\n", encoding="utf-8")
    (tmp_path / "devices.csv").write_text(
        "\ufeffname;rack;manufacturer;device_type;position;face\nsw;R1;Nvidia;SN2201;3;rear\n", encoding="utf-8")
    r = import_site(tmp_path / "racks.csv", tmp_path / "devices.csv", catalog)
    (rack, p), = _placements(r.plan).values()
    assert (rack, p.device, p.u, p.face) == ("R1", "nvidia-sn2201", 3, "rear") and not r.problems


@pytest.mark.parametrize("text,message", [
    ("", "empty file"),
    ("Site,Status\nDC1,Active\n", "no name column"),
    ("Name,Site\n", "no racks"),
])
def test_unusable_exports_are_one_clear_error(catalog, tmp_path, text, message):
    (tmp_path / "racks.csv").write_text(text, encoding="utf-8")
    with pytest.raises(SiteImportError, match=message):
        import_site(tmp_path / "racks.csv", None, catalog)


def test_cli_brownfield(tmp_path, capsys):
    out = tmp_path / "hall.json"
    code = main(["brownfield", "--racks", str(SITE / "racks.csv"), "--devices", str(SITE / "devices.csv"),
                 "--device-types", str(SITE / "device-types.csv"), "-o", str(out)])
    said = capsys.readouterr().out
    assert code == 1  # written, with lines left out
    assert "devices.csv:7:" in said and "4 racks and 5 devices" in said
    assert len(_placements(load_plan(out))) == 5
    # an existing plan is not replaced without --force
    assert main(["brownfield", "--racks", str(SITE / "racks.csv"), "-o", str(out)]) == 2
    assert "exists" in capsys.readouterr().err
    bad = tmp_path / "bad.csv"
    shutil.copy(SITE / "device-types.csv", bad)  # no Name column for racks
    assert main(["brownfield", "--racks", str(bad), "-o", str(tmp_path / "x.json")]) == 2
    assert not (tmp_path / "x.json").exists()


# --------------------------------------------------------------------------- what a real NetBox exports
# tests/fixtures/netbox/real-4.6.8/: NetBox 4.6.8's own exports (tests/netbox_server.py) of the
# xe9680-h100-pod example after its NetBox import files were imported through the Import forms:
# the racks and devices lists' "All Data (CSV)" and "Current View" exports, the device types'
# "All Data" (YAML) and "Current View" (CSV).

REAL = FIXTURES / "real-4.6.8"  # see its README.md


def test_a_real_netbox_export_places_every_device(catalog):
    from planner.files.documents import load_plan
    from tests.netbox_ref import ROOT

    r = import_site(REAL / "xe9680-racks-all-data.csv", REAL / "xe9680-devices-all-data.csv", catalog,
                    REAL / "xe9680-device-types-all-data.yaml")
    assert not r.problems
    # NetBox writes the rack of a device as "R01 (Row A/01)" (a rack with a facility ID)
    original = load_plan(ROOT / "examples" / "xe9680-h100-pod.json")
    want = {(rack.name, p.u, p.face if p.u is not None else None, p.device)
            for room in original.site.rooms for row in room.rows for rack in row.racks for p in rack.placements}
    got = {(rack, p.u, p.face if p.u is not None else None, p.device) for rack, p in _placements(r.plan).values()}
    assert got == want and r.devices == 14
    rows = [(row.name, [k.name for k in row.racks]) for room in r.plan.site.rooms for row in room.rows]
    assert rows == [("Row A", ["R01", "R02", "R03"])]


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_every_delimiter_netbox_offers_is_read(catalog, tmp_path, delimiter):
    import csv

    for name in ("racks-all-data", "devices-all-data"):
        rows = list(csv.reader((REAL / f"xe9680-{name}.csv").read_text(encoding="utf-8").splitlines()))
        with open(tmp_path / f"{name}.csv", "w", encoding="utf-8", newline="") as fh:
            csv.writer(fh, delimiter=delimiter).writerows(rows)
    r = import_site(tmp_path / "racks-all-data.csv", tmp_path / "devices-all-data.csv", catalog)
    assert r.devices == 14 and not r.problems


def test_the_current_view_export_names_the_export_to_choose(catalog):
    with pytest.raises(SiteImportError, match=r"xe9680-devices-current-view.csv:1: no Position column.*Current "
                                              r"View.*All Data \(CSV\)"):
        import_site(REAL / "xe9680-racks-current-view.csv", REAL / "xe9680-devices-current-view.csv", catalog)
    # the racks' Current View is enough (name, site, location, facility ID, type and height are in it)
    r = import_site(REAL / "xe9680-racks-current-view.csv", REAL / "xe9680-devices-all-data.csv", catalog,
                    REAL / "xe9680-device-types-current-view.csv")
    assert r.devices == 14


def test_device_types_all_data_is_yaml_and_read_as_such(catalog, tmp_path):
    from planner.netbox.site import read_export

    rows = read_export(REAL / "xe9680-device-types-all-data.yaml", "device-types")
    assert {r["slug"] for _n, r in rows} == {"ddn-ai400x2", "dell-poweredge-xe9680", "nvidia-quantum-2-qm9700",
                                            "nvidia-sn2201", "raritan-px3-415v-60a"}
    bad = tmp_path / "types.yaml"
    bad.write_text("model: [unclosed\n", encoding="utf-8")
    with pytest.raises(SiteImportError, match=r"types.yaml:\d+: YAML syntax error"):
        read_export(bad, "device-types")


def test_rack_types_come_back_from_a_real_netbox(catalog):
    """A GB200 NVL72 rack comes back as one (it came back as a 48U air rack with 6 errors before
    the export wrote rack types), with every tray at its U."""
    from collections import Counter

    from planner.files.documents import load_plan
    from tests.netbox_ref import ROOT

    r = import_site(REAL / "gb200-racks-all-data.csv", REAL / "gb200-devices-all-data.csv", catalog,
                    REAL / "device-types-all-data.yaml")
    original = load_plan(ROOT / "examples" / "gb200-nvl72.json")

    def racks(plan):
        return {k.name: k.rack_type for room in plan.site.rooms for row in room.rows for k in row.racks}

    def placed(plan):
        return Counter((k.name, p.u, p.face if p.u is not None else None, p.device)
                       for room in plan.site.rooms for row in room.rows for k in row.racks for p in k.placements)

    assert not r.problems and not r.rack_type_guesses
    assert racks(r.plan) == racks(original) and "nvl72" in next(iter(racks(r.plan).values()))
    assert placed(r.plan) == placed(original)
