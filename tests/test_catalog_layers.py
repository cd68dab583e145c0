"""User layer overrides shipped entries; real NetBox files load; hostile input is refused quickly."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from planner.catalog import Layer, load_catalog, shipped_catalog_dir, user_catalog_dir
from planner.catalog.yamlsafe import MAX_ALIASES

FIXTURES = Path(__file__).parent / "fixtures" / "catalog"


def test_user_layer_overrides_shipped(tmp_path):
    user = tmp_path / "user"
    (user / "components").mkdir(parents=True)
    text = (shipped_catalog_dir() / "components" / "gpus.yaml").read_text()
    # a user table with one entry: the same slug, a different figure
    start = text.index("  - slug: h200")
    end = text.index("  - slug: a100-80gb")
    entry = text[start:end].replace("memory_gb: 141", "memory_gb: 144")
    (user / "components" / "my-gpus.yaml").write_text("table: gpus\nentries:\n" + entry)
    cat = load_catalog([Layer("shipped", shipped_catalog_dir()), Layer("user", user)])
    assert cat.errors == []
    assert cat.gpu("h200").memory_gb == 144
    assert cat.layer_of("h200", "gpus") == "user"
    assert cat.layer_of("h100-sxm", "gpus") == "shipped"
    assert [o.layer for o in cat.overridden[("gpus", "h200")]] == ["shipped"]
    # devices that refer to h200 still resolve against the merged table
    assert cat.device("nvidia-dgx-h200").gpu_slug == "h200"


def test_user_device_overrides_and_bad_override_keeps_shipped(tmp_path):
    user = tmp_path / "user"
    d = user / "device-types" / "Nvidia"
    d.mkdir(parents=True)
    src = (shipped_catalog_dir() / "device-types" / "Nvidia" / "nvidia-dgx-b200.yaml").read_text()
    (d / "dgx-b200.yaml").write_text(src.replace("max_w: 14300", "max_w: 14000"))
    (d / "dgx-h100.yaml").write_text(
        (shipped_catalog_dir() / "device-types" / "Nvidia" / "nvidia-dgx-h100.yaml")
        .read_text()
        .replace("model: h100-sxm", "model: h100-typo")
    )
    cat = load_catalog([Layer("shipped", shipped_catalog_dir()), Layer("user", user)])
    assert cat.device("nvidia-dgx-b200").max_power_w == 14000
    assert cat.origin("nvidia-dgx-b200").layer == "user"
    # the broken user override is reported and the shipped entry stays in use
    assert len(cat.errors) == 1 and "h100-typo" in cat.errors[0].message
    assert cat.errors[0].file == str(d / "dgx-h100.yaml")
    assert cat.origin("nvidia-dgx-h100").layer == "shipped"


def test_user_catalog_dir_env(monkeypatch, tmp_path):
    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(tmp_path))
    assert user_catalog_dir() == tmp_path
    monkeypatch.delenv("RACKWRIGHT_USER_CATALOG")
    assert user_catalog_dir().name == "catalog" and "rackwright" in str(user_catalog_dir()).lower()


def test_user_data_env_isolates_user_and_team_catalogs(monkeypatch, tmp_path):
    """RACKWRIGHT_USER_DATA alone moves the user and team catalogs (a NetBox import wrote to
    ~/.local/share/Rackwright/catalog although the variable was set)."""
    from planner.catalog import team_catalog_dir

    monkeypatch.delenv("RACKWRIGHT_USER_CATALOG", raising=False)
    monkeypatch.delenv("RACKWRIGHT_TEAM_CATALOG", raising=False)
    monkeypatch.setenv("RACKWRIGHT_USER_DATA", str(tmp_path / "data"))
    assert user_catalog_dir() == tmp_path / "data" / "catalog"
    assert team_catalog_dir() == tmp_path / "data" / "team-catalog"


def test_pyinstaller_bundle_location(monkeypatch, tmp_path):
    import sys

    monkeypatch.delenv("RACKWRIGHT_SHIPPED_CATALOG", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert shipped_catalog_dir() == tmp_path / "catalogs"


def test_real_netbox_file_loads(tmp_path):
    root = tmp_path / "cat"
    (root / "device-types" / "Dell").mkdir(parents=True)
    shutil.copy(FIXTURES / "netbox" / "PowerEdge-R660.yaml", root / "device-types" / "Dell")
    cat = load_catalog([root])
    assert cat.errors == []
    d = cat.device("dell-poweredge-r660")
    assert d.kind == "other" and d.planning is None
    assert d.mass_kg == 18.5 and d.u_height == 1
    assert len(d.module_bays) > 2


def test_netbox_power_from_maximum_draw_and_weight_units(tmp_path):
    root = tmp_path / "cat"
    (root / "device-types" / "X").mkdir(parents=True)
    (root / "device-types" / "X" / "pdu.yaml").write_text(
        "manufacturer: X\nmodel: P\nslug: x-p\nu_height: 0\nis_full_depth: false\nweight: 10\nweight_unit: lb\n"
        "console-ports:\n  - name: Serial\n    type: rj-45\n"
        "power-ports:\n  - name: A\n    type: iec-60320-c14\n    maximum_draw: 300\n    allocated_draw: 200\n"
        "  - name: B\n    type: iec-60320-c14\n    maximum_draw: 300\n"
    )
    cat = load_catalog([root])
    assert cat.errors == []
    d = cat.device("x-p")
    assert d.max_power_w == 600 and d.typical_power_w == 200
    assert d.mass_kg == pytest.approx(4.5359237)
    assert d.console_ports[0].name == "Serial"


def _hostile(tmp_path: Path, name: str, data: bytes):
    root = tmp_path / "cat"
    (root / "device-types" / "X").mkdir(parents=True, exist_ok=True)
    (root / "device-types" / "X" / name).write_bytes(data)
    (root / "device-types" / "X" / "ok.yaml").write_text(
        "manufacturer: X\nmodel: OK\nslug: x-ok\nu_height: 1\nis_full_depth: true\n"
    )
    t0 = time.perf_counter()
    cat = load_catalog([root])
    took = time.perf_counter() - t0
    # not a speed test (bench/bench_catalog.py measures): an alias bomb or a huge file that
    # were parsed would take minutes to hours and gigabytes; refused, they take milliseconds
    assert took < 30.0, f"took {took:.2f} s"
    assert "x-ok" in cat.devices
    assert len(cat.errors) == 1
    return cat.errors[0]


def test_alias_bomb_refused(tmp_path):
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for name in "bcdefghij":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
        prev = name
    e = _hostile(tmp_path, "bomb.yaml", ("\n".join(lines) + "\n").encode())
    assert "alias" in e.message and e.line is not None
    assert MAX_ALIASES < 9 * 9


def test_ten_megabyte_file_refused(tmp_path):
    e = _hostile(tmp_path, "huge.yaml", b"a: " + b"x" * (10 * 1024 * 1024) + b"\n")
    assert "MB" in e.message


def test_binary_garbage_refused(tmp_path):
    e = _hostile(tmp_path, "garbage.yaml", os.urandom(4096) + b"\x00\xff\xfe")
    assert "NUL" in e.message or "UTF-8" in e.message


def test_deep_nesting_refused(tmp_path):
    e = _hostile(tmp_path, "deep.yaml", b"[" * 50_000 + b"]" * 50_000)
    assert "nesting" in e.message


def test_python_tags_refused(tmp_path):
    e = _hostile(tmp_path, "tag.yaml", b"manufacturer: !!python/object/apply:os.system ['echo hi']\n")
    assert "YAML" in e.message
