"""Headless entry points: `rackwright --version`, `python -m planner --help`, and the
documented JSON Schema staying in step with the model."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import planner
from planner.files.plan_io import plan_json_schema

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)  # prove no display is needed at all
    env.update(env_extra or {})
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)


def test_version_without_display_and_without_qt():
    code = ("import sys; from rackwright.entry import main\n"
            "try:\n    main(['--version'])\nexcept SystemExit as e:\n    assert e.code == 0\n"
            "assert 'PySide6' not in sys.modules, 'Qt was imported'\n")
    r = _run("-c", code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"rackwright {planner.__version__}"


def test_python_m_planner_help_lists_subcommands():
    r = _run("-m", "planner", "--help")
    assert r.returncode == 0, r.stderr
    for name in ("catalog", "validate", "schema"):
        assert name in r.stdout


def test_bad_plan_path_is_exit_2_with_a_message(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "rackwright-plan", "format_version": 1, "site": {"rooms": "x"}}')
    r = _run("-m", "planner", "validate", str(bad))
    assert r.returncode == 2
    assert "broken.json" in r.stderr and "site.rooms" in r.stderr
    assert "Traceback" not in r.stderr
    r = _run("-m", "planner", "validate", str(tmp_path / "missing.json"))
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_documented_schema_matches_the_model():
    documented = json.loads((ROOT / "docs" / "plan.schema.json").read_text())
    assert documented == plan_json_schema(), "run `python -m planner schema > docs/plan.schema.json`"


@pytest.mark.parametrize("action, own, other", [
    ("import-netbox", "--replace", "--kind"),
    ("list", "--kind", "--replace"),
    ("import-prices", "--dry-run", "--into"),
])
def test_catalog_help_per_action_shows_only_that_actions_options(action, own, other):
    """Issue 31: `rackwright catalog import-netbox --help` printed every option of every
    catalog action; each action is a sub-command with its own help."""
    r = _run("-m", "planner", "catalog", action, "--help", env_extra={"RACKWRIGHT_LANG": "en"})
    assert r.returncode == 0, r.stderr
    assert f"rackwright catalog {action}" in r.stdout
    assert own in r.stdout and other not in r.stdout


def test_catalog_without_an_action_names_the_actions():
    r = _run("-m", "planner", "catalog", env_extra={"RACKWRIGHT_LANG": "en"})
    assert r.returncode == 2 and "list|validate|import-prices|import-netbox" in r.stderr
    assert "Traceback" not in r.stderr
