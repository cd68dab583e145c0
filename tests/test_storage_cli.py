"""`rackwright convert`: JSON <-> .rackplan through the real command line entry."""

from __future__ import annotations

import hashlib
import os

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.design.synthetic import DEFAULT_SERVER, synthetic_plan
from planner.files.plan_io import plan_to_json, save_plan_json
from planner.files.storage import open_rackplan, save_rackplan


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_json_to_rackplan_to_json_is_identical(tmp_path, catalog, capsys):
    plan = synthetic_plan(64, catalog)
    src = tmp_path / "pod.json"
    save_plan_json(plan, src)
    assert main(["convert", str(src), str(tmp_path / "pod.rackplan")]) == 0
    opened = open_rackplan(tmp_path / "pod.rackplan")
    assert DEFAULT_SERVER in opened.catalog.devices  # embedded from the local catalog
    assert main(["convert", str(tmp_path / "pod.rackplan"), str(tmp_path / "back.json")]) == 0
    assert (tmp_path / "back.json").read_text(encoding="utf-8") == src.read_text(encoding="utf-8")
    err = capsys.readouterr().err
    assert "not part of the JSON form" in err


def test_rackplan_to_rackplan_keeps_stored_entries(tmp_path, catalog):
    plan = synthetic_plan(8, catalog)
    save_rackplan(plan, tmp_path / "a.rackplan", catalog)
    assert main(["convert", str(tmp_path / "a.rackplan"), str(tmp_path / "b.RACKPLAN")]) == 0
    a, b = open_rackplan(tmp_path / "a.rackplan"), open_rackplan(tmp_path / "b.RACKPLAN")
    assert plan_to_json(a.plan) == plan_to_json(b.plan)
    assert {s: e for s, e in a.catalog.devices.items()} == {s: e for s, e in b.catalog.devices.items()}


@pytest.mark.parametrize("content,expect", [
    (b"", "empty"),
    (b"SQLite format 3\x00" + b"\x10\x00" + b"\x00" * 50, "truncated"),
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "neither"),
    (b'{"format": "rackwright-plan", "format_version": 1, "site": {"rooms": 3}}', "site.rooms"),
])
def test_bad_input_exits_2_and_writes_nothing(tmp_path, capsys, content, expect):
    src = tmp_path / "in.rackplan"
    src.write_bytes(content)
    out = tmp_path / "out.json"
    assert main(["convert", str(src), str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rackwright: error: ") and str(src) in err and expect in err
    assert "Traceback" not in err
    assert sorted(os.listdir(tmp_path)) == ["in.rackplan"]


def test_existing_output_is_not_replaced_without_force(tmp_path, catalog, capsys):
    plan = synthetic_plan(8, catalog)
    src = tmp_path / "pod.json"
    save_plan_json(plan, src)
    out = tmp_path / "pod.rackplan"
    out.write_bytes(b"precious")
    assert main(["convert", str(src), str(out)]) == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_bytes() == b"precious"
    assert main(["convert", str(src), str(out), "--force"]) == 0
    assert open_rackplan(out).plan.model_dump() == plan.model_dump()


def test_unknown_output_suffix_and_same_file(tmp_path, catalog, capsys):
    src = tmp_path / "pod.json"
    save_plan_json(synthetic_plan(8, catalog), src)
    before = hashlib.sha256(src.read_bytes()).hexdigest()
    assert main(["convert", str(src), str(tmp_path / "pod.xlsx")]) == 2
    assert "name it .json or .rackplan" in capsys.readouterr().err
    assert main(["convert", str(src), str(src), "--force"]) == 2
    assert "same file" in capsys.readouterr().err
    assert main(["convert", str(tmp_path / "missing.json"), str(tmp_path / "x.rackplan")]) == 2
    assert hashlib.sha256(src.read_bytes()).hexdigest() == before
    assert sorted(os.listdir(tmp_path)) == ["pod.json"]
