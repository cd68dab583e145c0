"""CLI start-up stays light: `--version`, `--help` and `check` on a JSON plan do not
import the heavy libraries other commands need (SQLAlchemy for .rackplan files,
reportlab for the PDF, Qt), and `--help` still lists every subcommand. The speed itself
is measured by bench/bench_startup.py, not asserted here."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from planner.commands import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
HEAVY = ("sqlalchemy", "reportlab", "PySide6")

PROBE = """
import contextlib, io, json, sys
from rackwright.entry import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        rc = main(json.loads(sys.argv[1]))
    except SystemExit as e:
        rc = e.code
print(json.dumps({"rc": rc, "out": out.getvalue(),
                  "heavy": sorted(m for m in json.loads(sys.argv[2]) if m in sys.modules)}))
"""


def probe(*args: str) -> dict:
    """Run the `rackwright` entry point with ``args`` in a fresh interpreter; its exit
    code, its output and the heavy modules it imported."""
    r = subprocess.run([sys.executable, "-c", PROBE, json.dumps(list(args)), json.dumps(HEAVY)],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_version_imports_no_heavy_library():
    got = probe("--version")
    assert got["rc"] == 0 and got["heavy"] == []


def test_help_lists_every_subcommand_without_importing_them():
    got = probe("--help")
    assert got["rc"] == 0 and got["heavy"] == []
    for path in cli.COMMAND_MODULES:
        mod = importlib.import_module(path)
        assert mod.NAME == path.rpartition(".")[2].replace("_", "-")  # subcommand_names() relies on it
        assert mod.NAME in got["out"] and " ".join(mod.HELP.split()[:4]) in " ".join(got["out"].split())


def test_check_of_a_json_plan_imports_neither_sqlalchemy_nor_reportlab(tmp_path):
    plan = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, plan)
    got = probe("check", str(plan))
    assert got["rc"] in (0, 1) and "GPUs" in got["out"]  # it ran: the figures were printed
    assert got["heavy"] == []


def test_a_rackplan_still_opens_through_the_same_path(tmp_path):
    from planner.files.documents import load_plan, save_plan

    plan = load_plan(EXAMPLE)
    target = tmp_path / "pod.rackplan"
    save_plan(plan, target)
    assert load_plan(target).model_dump(mode="json") == plan.model_dump(mode="json")


@pytest.mark.parametrize("path", cli.COMMAND_MODULES)
def test_each_subcommand_gets_its_full_parser_when_run(path, capsys):
    name = path.rpartition(".")[2].replace("_", "-")
    with pytest.raises(SystemExit) as e:
        cli.main([name, "--help"])
    assert e.value.code == 0
    full = capsys.readouterr().out
    assert f"usage: rackwright {name}" in full and "-h, --help" in full  # its own options, not a placeholder


def test_the_engine_does_not_import_auto_wiring_or_the_sweep():
    code = ("import sys, planner.engine; print(' '.join(m for m in ('planner.fabric.autowire', "
            "'planner.workloads.sweep', 'planner.model.edits') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == []


@pytest.mark.parametrize("package", ["planner.fabric", "planner.workloads"])
def test_lazy_packages_export_what_their_submodules_define(package):
    pkg = importlib.import_module(package)
    for name in pkg.__all__:
        value = getattr(pkg, name)
        assert not isinstance(value, type(sys)), name  # never a submodule in place of the function
        home = importlib.import_module(f"{package}.{pkg._EXPORTS[name]}")
        assert getattr(home, name) is value
    assert set(pkg.__all__) == set(pkg._EXPORTS) and set(pkg.__all__) <= set(dir(pkg))
    with pytest.raises(AttributeError):
        pkg.no_such_name  # noqa: B018


def test_a_function_named_like_its_submodule_stays_the_function():
    code = ("import planner.fabric.autowire, planner.workloads.sweep\n"
            "from planner.fabric import autowire\nfrom planner.workloads import sweep\n"
            "import planner.fabric as f, planner.workloads as w\n"
            "assert callable(autowire) and callable(sweep) and f.autowire is autowire and w.sweep is sweep\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
