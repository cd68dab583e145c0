"""NetBox device-, module- and rack-type YAML into the user catalog (planner.netbox.importer,
`rackwright catalog import-netbox`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import yaml

from planner.catalog import load_catalog, shipped_catalog_dir
from planner.engine import Engine
from planner.engine.specs import SpecCache
from planner.model.plan import Placement, Plan, Rack, Room, Row, Site
from planner.netbox import importer
from planner.netbox.importer import FAILED, IMPORTED, REPLACED, SKIPPED, import_netbox
from planner.netbox.schema import netbox_problems
from tests.netbox_ref import FIXTURES, ROOT, full_reference, reference_dir, schema_errors, schema_validators

SWITCH = FIXTURES / "device-types" / "Dell" / "PowerSwitch-N3248TE-ON.yaml"


def _by_name(report):
    return {r.path.name: r for r in report.results}


def test_valid_files_import_and_invalid_ones_are_reported_with_the_field(tmp_path):
    report = import_netbox([FIXTURES / "device-types", FIXTURES / "invalid", FIXTURES / "module-types",
                            FIXTURES / "rack-types"], tmp_path)
    res = _by_name(report)
    # the broken files: one message each, naming the field (and line) at fault
    long_label = res["long-label.yaml"]
    assert long_label.status == FAILED and not long_label.ok
    assert [(e.field, e.line) for e in long_label.errors] == [("power-ports[0].label", 10)]
    assert "64" in long_label.errors[0].message
    assert [e.field for e in res["dotted-slug.yaml"].errors] == ["slug"]
    assert [e.field for e in res["bad-interface.yaml"].errors] == ["interfaces[0].type"]
    assert res["broken-syntax.yaml"].status == FAILED and res["broken-syntax.yaml"].errors[0].line is not None
    # the valid ones in the same batch still imported, and the loader takes them without errors
    assert {r.slug for r in report.imported} == {
        "dell-powerswitch-n3248te-on", "dell-poweredge-r760", "mellanox-sn2010", "intel-e810-cqda2", "apc-ar3300"}
    assert res["PWS-2K20A-1R.yml"].status == SKIPPED and "no table" in res["PWS-2K20A-1R.yml"].message
    for r in report.failed:
        assert r.target is None or not r.target.exists()
    cat = load_catalog([shipped_catalog_dir(), tmp_path])
    assert cat.errors == []
    for r in report.imported:
        assert cat.origin(r.slug, r.table).path == r.target
    # no temp files or stray folders left by the atomic writes
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


def test_maximum_draw_becomes_the_nameplate_never_the_draw(tmp_path):
    report = import_netbox([SWITCH], tmp_path)
    assert [r.status for r in report.results] == [IMPORTED]
    source = yaml.safe_load(SWITCH.read_text())
    draws = [p["maximum_draw"] for p in source["power-ports"]]
    dev = load_catalog([shipped_catalog_dir(), tmp_path]).device("dell-powerswitch-n3248te-on")
    assert dev.planning.power.nameplate_w == sum(draws) and dev.planning.power.psu_count == len(draws)
    # the draw is unknown, not the nameplate in disguise
    assert dev.max_power_w is None and dev.typical_power_w is None
    assert dev.needs_data == ["power", "cooling", "price"]
    assert dev.kind == "switch" and dev.planning.switch.total_ports == 54
    spec = SpecCache(load_catalog([shipped_catalog_dir(), tmp_path])).device(dev.slug)
    assert spec.has_power is False and spec.typical_w == 0.0 and spec.nameplate_w == sum(draws)


def test_an_imported_device_in_a_rack_says_its_power_needs_data(tmp_path):
    import_netbox([SWITCH], tmp_path)
    cat = load_catalog([shipped_catalog_dir(), tmp_path])
    rack = Rack(id="r1", name="R1", rack_type="rack-48u-600x1200",
                placements=[Placement(id="sw", device="dell-powerswitch-n3248te-on", u=40)])
    plan = Plan(site=Site(rooms=[Room(id="h", name="Hall", rows=[Row(id="row", name="Row", racks=[rack])])]))
    res = Engine(cat).compute(plan)
    found = [f for f in res.findings if f.code == "NO_POWER_DATA"]
    assert found and "dell-powerswitch-n3248te-on" in found[0].message
    assert res.racks["r1"].typical_w == 0.0


def test_a_server_needs_its_gpus_and_a_pdu_its_kind(tmp_path):
    ref = reference_dir()
    report = import_netbox([ref / "device-types" / "Dell" / "PowerEdge-R760.yml",
                            ref / "device-types" / "Raritan" / "PX3-5724V.yaml"], tmp_path)
    cat = load_catalog([shipped_catalog_dir(), tmp_path])
    assert [r.status for r in report.results] == [IMPORTED, IMPORTED]
    assert cat.device("dell-poweredge-r760").kind == "server"
    assert cat.device("dell-poweredge-r760").needs_data == ["accelerators", "power", "cooling", "price"]
    assert cat.device("raritan-px3-5724v").needs_data[0] == "kind"


def test_shipped_and_existing_entries_are_not_replaced_unless_asked(tmp_path):
    ref = reference_dir()
    r660 = ref / "device-types" / "Dell" / "PowerEdge-R660.yaml"  # the shipped catalog has this slug
    first = import_netbox([r660, SWITCH], tmp_path)
    assert [r.status for r in first.results] == [SKIPPED, IMPORTED]
    assert "shipped catalog" in first.results[0].message
    assert load_catalog().device("dell-poweredge-r660").needs_data == []
    # the user filled in data after the first import: a second import leaves it alone
    target = first.results[1].target
    text = target.read_text().replace("  - price\n", "")
    target.write_text(text)
    again = import_netbox([SWITCH], tmp_path)
    assert again.results[0].status == SKIPPED and target.read_text() == text
    assert load_catalog([tmp_path]).device("dell-powerswitch-n3248te-on").needs_data == ["power", "cooling"]
    target.write_text(text + "  oops: [\n")  # a broken file at the target is not overwritten either
    assert import_netbox([SWITCH], tmp_path).results[0].status == SKIPPED
    text += "  oops: [\n"
    assert target.read_text() == text
    forced = import_netbox([SWITCH, r660], tmp_path, replace=True)
    assert [r.status for r in forced.results] == [REPLACED, REPLACED]
    assert "  - price\n" in target.read_text()
    cat = load_catalog([shipped_catalog_dir(), tmp_path])
    assert cat.origin("dell-poweredge-r660").layer != "shipped" and cat.device("dell-poweredge-r660").needs_data


def test_the_same_slug_twice_in_one_batch_is_refused(tmp_path):
    copy = tmp_path / "in" / "copy.yaml"
    copy.parent.mkdir()
    copy.write_bytes(SWITCH.read_bytes())
    report = import_netbox([SWITCH, copy], tmp_path / "cat")
    assert [r.status for r in report.results] == [IMPORTED, FAILED]
    assert report.results[1].errors[0].field == "slug"


def test_a_write_that_fails_reports_the_file_and_the_rest_still_import(tmp_path, monkeypatch):
    real = importer.atomic_write_bytes

    def failing(path, data):
        if "mellanox" in str(path):
            raise OSError(28, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(importer, "atomic_write_bytes", failing)
    report = import_netbox([FIXTURES / "device-types"], tmp_path)
    res = _by_name(report)
    assert res["SN2010.yml"].status == FAILED and "No space left" in res["SN2010.yml"].errors[0].message
    assert res["PowerEdge-R760.yml"].ok and res["PowerEdge-R760.yml"].target.exists()
    assert not list(tmp_path.rglob("*sn2010*"))


def test_every_reference_file_imports_exactly_when_netbox_schema_accepts_it(tmp_path):
    """The real library files: what the JSON Schema accepts imports (or is skipped for a
    reason), what it rejects fails with the field the schema names; and our NetBox rules
    agree with the schema file by file."""
    ref = reference_dir()
    validators = schema_validators()
    report = import_netbox([ref / "device-types", ref / "module-types", ref / "rack-types", ref / "pending"],
                           tmp_path)
    full = full_reference()  # else the in-repo copy: the same checks over its 9 files
    assert len(report.results) >= (50 if full else 9)
    for r in report.results:
        data = yaml.safe_load(r.path.read_text(encoding="utf-8"))
        errs = schema_errors(validators[r.kind], data)
        assert bool(errs) == bool(netbox_problems(data, r.kind)), (r.path, errs)
        if errs:
            assert r.status == FAILED, (r.path, errs)
        else:
            assert r.status in (IMPORTED, SKIPPED), (r.path, r.lines())
    failed = {r.path.name: r for r in report.failed}
    assert set(failed) == {"LCS-SCDU-250L4001.yml"} and failed["LCS-SCDU-250L4001.yml"].errors[0].field == "is_full_depth"
    cat = load_catalog([shipped_catalog_dir(), tmp_path])
    assert cat.errors == []
    assert sum(1 for r in report.imported if r.table == "device-types") >= (40 if full else 3)


def test_our_rules_reject_what_the_schema_rejects():
    validators = schema_validators()
    for f in sorted((FIXTURES / "invalid").glob("*.yaml")):
        try:
            data = yaml.safe_load(f.read_text())
        except yaml.YAMLError:
            continue
        assert schema_errors(validators["device-type"], data), f
        assert netbox_problems(data, "device-type"), f
    data = yaml.safe_load(SWITCH.read_text())
    for broken in ({**data, "planning": {}}, {**data, "u_height": 1.25}, {k: v for k, v in data.items() if k != "model"},
                   {**data, "airflow": "sideways"}, {**data, "weight": -1, "weight_unit": "kg"}):
        assert schema_errors(validators["device-type"], broken)
        assert netbox_problems(broken, "device-type")


def _cli(*args, user):
    env = {**os.environ, "RACKWRIGHT_USER_CATALOG": str(user)}
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)


def test_cli_import_netbox(tmp_path):
    user = tmp_path / "user-catalog"
    r = _cli("catalog", "import-netbox", str(FIXTURES / "device-types"), str(FIXTURES / "invalid" / "long-label.yaml"),
             user=user)
    assert r.returncode == 2, r.stderr  # a bad file is bad input; the good ones are in
    assert "long-label.yaml:10: power-ports[0].label:" in r.stdout
    assert "3 imported, 0 skipped, 1 failed" in r.stdout
    assert (user / "device-types" / "Dell" / "dell-powerswitch-n3248te-on.yaml").is_file()
    ok = _cli("catalog", "validate", user=user)
    assert ok.returncode == 0, ok.stdout
    again = _cli("catalog", "import-netbox", str(SWITCH), "--json", user=user)
    assert again.returncode == 0
    out = json.loads(again.stdout)
    assert out["files"][0]["status"] == "skipped" and out["files"][0]["slug"] == "dell-powerswitch-n3248te-on"
    none = _cli("catalog", "import-netbox", user=user)
    assert none.returncode == 2 and "name the NetBox YAML files" in none.stderr
    missing = _cli("catalog", "import-netbox", str(tmp_path / "nope"), user=user)
    assert missing.returncode == 2 and "no such file or folder" in missing.stdout
    # an option before the paths (argparse had closed the path list there)
    first = _cli("catalog", "import-netbox", "--replace", "--json", str(SWITCH), user=user)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["files"][0]["status"] == "replaced"
    typo = _cli("catalog", "import-netbox", "--replce", str(SWITCH), user=user)
    assert typo.returncode == 2 and "unrecognized arguments: --replce" in typo.stderr


@pytest.mark.parametrize("name", ["CON", "../evil", "a/b"])
def test_manufacturer_never_escapes_the_catalog_folder(tmp_path, name):
    data = yaml.safe_load(SWITCH.read_text())
    data["manufacturer"] = name
    f = tmp_path / "in.yaml"
    f.write_text(yaml.safe_dump(data))
    report = import_netbox([f], tmp_path / "cat")
    assert report.results[0].ok
    target = report.results[0].target.resolve()
    assert (tmp_path / "cat" / "device-types").resolve() in target.parents


def test_a_library_checkout_skips_hidden_files(tmp_path):
    lib = tmp_path / "devicetype-library"
    (lib / ".github" / "workflows").mkdir(parents=True)
    (lib / ".github" / "workflows" / "tests.yml").write_text("on: [push]\njobs: {}\n")
    (lib / ".pre-commit-config.yaml").write_text("repos: []\n")
    (lib / "device-types" / "Dell").mkdir(parents=True)
    (lib / "device-types" / "Dell" / SWITCH.name).write_bytes(SWITCH.read_bytes())
    report = import_netbox([lib], tmp_path / "cat")
    assert [(r.path.name, r.status) for r in report.results] == [(SWITCH.name, IMPORTED)]


def test_a_power_block_without_a_draw_must_say_it_needs_data():
    from pydantic import ValidationError

    from planner.catalog.models import DeviceType

    base = {"manufacturer": "Acme", "model": "Box", "slug": "acme-box", "u_height": 1, "is_full_depth": True}
    src = [{"title": "t", "covers": ["power"]}]
    with pytest.raises(ValidationError, match="max_w is required"):
        DeviceType.model_validate({**base, "planning": {"power": {"psu_count": 2, "psu_rating_w": 800},
                                                        "sources": src}})
    d = DeviceType.model_validate({**base, "power-ports": [{"name": "A", "type": "iec-60320-c14", "maximum_draw": 800}],
                                   "planning": {"power": {"psu_count": 2, "psu_rating_w": 800},
                                                "needs_data": ["power"], "sources": src}})
    assert d.max_power_w is None and d.typical_power_w is None and d.planning.power.nameplate_w == 1600
    with pytest.raises(ValidationError, match="needs_data"):
        DeviceType.model_validate({**base, "planning": {"needs_data": ["gpus"]}})


def test_cli_import_netbox_lines_in_german(tmp_path, monkeypatch, capsys):
    """Every per-file line (status, reason, the field at fault) is German with --lang de."""
    from planner.commands.cli import main

    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(tmp_path / "user-catalog"))
    psu = FIXTURES / "module-types" / "Supermicro" / "PWS-2K20A-1R.yml"
    long_label = FIXTURES / "invalid" / "long-label.yaml"
    nope = tmp_path / "nope"
    code = main(["--lang", "de", "catalog", "import-netbox", str(SWITCH), str(psu), str(long_label), str(nope)])
    out = capsys.readouterr().out
    assert code == 2
    assert f"{SWITCH}: device-types/dell-powerswitch-n3248te-on importiert" in out, out
    assert f"{psu}: übersprungen: ein Modultyp ohne Netzwerkschnittstellen" in out, out
    assert f"{nope}: keine solche Datei und kein solcher Ordner" in out, out
    label_line = next(ln for ln in out.splitlines() if "long-label.yaml:10: power-ports[0].label:" in ln)
    assert label_line.endswith("NetBox erlaubt 64 Zeichen (angegeben: 81)"), label_line
    assert " imported" not in out and "skipped" not in out and "no such file" not in out
    code = main(["--lang", "de", "catalog", "import-netbox", str(SWITCH)])
    out = capsys.readouterr().out
    assert f"{SWITCH}: device-types/dell-powerswitch-n3248te-on übersprungen: schon in Ihrem Katalog (" in out, out
    code = main(["catalog", "import-netbox", str(SWITCH)])
    out = capsys.readouterr().out
    assert f"{SWITCH}: skipped device-types/dell-powerswitch-n3248te-on: already in your catalog (" in out, out


def test_enumerations_are_netbox_4_6_8s_and_name_their_release(tmp_path):
    """The types NetBox 4.6.8 accepts and the old enumerations refused import; port-mappings
    (NetBox 4.6: front ports mapped to rear ports) are understood; the module says its release."""
    from planner.catalog import netbox_enums as nb

    assert nb.NETBOX_RELEASE == "4.6.8"
    assert {"800gbase-dr8", "1.6tbase-x-osfp1600", "400gbase-sr4"} <= nb.INTERFACE_TYPES
    assert "iec-60320-c18" in nb.POWER_PORT_TYPES
    data = yaml.safe_load(SWITCH.read_text())
    data.update(slug="test-osfp-switch", model="Test OSFP switch")
    data["interfaces"] = [{"name": f"p{i}", "type": t} for i, t in
                          enumerate(["800gbase-dr8", "1.6tbase-x-osfp1600", "400gbase-sr4"] * 6)]
    data["power-ports"] = [{"name": "PSU1", "type": "iec-60320-c18", "maximum_draw": 900}]
    data["front-ports"] = [{"name": "F1", "type": "lc", "positions": 1}]
    data["rear-ports"] = [{"name": "R1", "type": "mpo", "positions": 4}]
    data["port-mappings"] = [{"front_port": "F1", "front_port_position": 1, "rear_port": "R1",
                              "rear_port_position": 1}]
    assert netbox_problems(data, "device-type") == []
    f = tmp_path / "in" / "device-types" / "Test" / "osfp.yaml"
    f.parent.mkdir(parents=True)
    f.write_text(yaml.safe_dump(data), encoding="utf-8")
    report = import_netbox([f], tmp_path / "user")
    assert [r.status for r in report.results] == [IMPORTED], report.results[0].lines()
    bad = {**data, "port-mappings": [{"front_port": "F1"}]}
    assert [p for _loc, p in netbox_problems(bad, "device-type")]


def test_the_enumerations_are_generated_from_netbox_choices(tmp_path):
    """planner/netbox/gen_enums.py writes the committed module from NetBox's choices.py."""
    from planner.netbox.gen_enums import main, render
    from tests.netbox_server import vendor_dir

    vendor = vendor_dir()
    if vendor is None:
        pytest.skip("NetBox's source (../shared/vendor/netbox) is not here")
    committed = (ROOT / "planner" / "catalog" / "netbox_enums.py").read_text(encoding="utf-8")
    assert render(vendor / "netbox", "4.6.8") == committed
    assert main([str(tmp_path / "nowhere"), "-o", str(tmp_path / "x.py")]) == 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_or_a_device_is_said_as_such_never_read(tmp_path):
    """issue 29 item 10: a FIFO given to import-netbox was "no such file or folder"."""
    fifo = tmp_path / "C9300.yaml"
    os.mkfifo(fifo)
    paths = [fifo] + ([os.devnull] if os.path.exists(os.devnull) else [])
    report = import_netbox(paths, tmp_path / "user")
    lines = [line for r in report.results for line in r.lines()]
    assert lines[0] == f"{fifo}: not a regular file (a named pipe (FIFO))"
    assert lines[1:] == ([f"{os.devnull}: not a regular file (a device)"] if len(paths) == 2 else [])
    assert [r.status for r in report.results] == [FAILED] * len(paths)
    assert not (tmp_path / "user").exists()
