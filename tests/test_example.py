"""The bundled example plan (examples/xe9680-h100-pod.json): current with its
generator, every slug in the shipped catalog, `rackwright check` runs on it, and
planner.files.documents.load_plan and the app open it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.commands import cli
from planner.files.documents import load_plan

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"


@pytest.fixture(scope="module")
def shipped():
    from planner.catalog import shipped_catalog_dir

    return load_catalog([shipped_catalog_dir()])


def test_example_is_what_the_generator_builds():
    r = subprocess.run([sys.executable, str(ROOT / "examples" / "make_example.py"), "--check"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


def test_example_opens_and_every_slug_is_in_the_catalog(shipped):
    plan = load_plan(EXAMPLE)
    missing = [p.device for p, _ in plan.index.iter_placements() if shipped.get("device-types", p.device) is None]
    missing += [r.rack_type for r in plan.racks() if shipped.get("rack-types", r.rack_type) is None]
    missing += [r.cooling.unit for r in plan.racks() if r.cooling and r.cooling.unit
                and shipped.get("cooling", r.cooling.unit) is None]
    missing += [lk.cable for lk in plan.links if lk.cable and shipped.get("cables", lk.cable) is None]
    assert missing == []
    servers = [p for p, _ in plan.index.iter_placements() if p.device == "dell-poweredge-xe9680"]
    assert len(servers) == 4
    assert sum(shipped.device(p.device).gpu_count for p in servers) == 32
    assert {f.side for f in plan.feeds} == {"A", "B"}
    assert any(f.kind == "compute" for f in plan.fabrics)
    # the XE9680 is air-cooled: its liquid cooling is a rear door on each GPU rack
    assert {r.cooling.method for r in plan.racks() if r.cooling} == {"rdhx"}
    # every cable has media and a length, as the cable schedule needs
    assert plan.links and all(lk.cable and lk.length_m for lk in plan.links)


def test_rackwright_check_runs_on_example(capsys):
    code = cli.main(["check", str(EXAMPLE)])
    out = capsys.readouterr().out
    assert code == 0, out  # no error findings in the showcase plan
    # GPUs and servers by the catalog's model, as the app's Totals and the build plan name them
    # (issue 32 walk-through: the check said "32 x h100-sxm" and "in one dell-poweredge-xe9680")
    assert "32 (32 x H100 SXM5 80GB)" in out and "h100-sxm" not in out
    assert "4 x 8 GPUs on NVLink/NVSwitch in one Dell PowerEdge XE9680" in out


@pytest.mark.gui
def test_app_opens_example_without_dialogs(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings

    from ui import dialogs
    from ui.settings import AppSettings
    from ui.shell.app import open_window

    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(tmp_path / "no-user-catalog"))
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda *a, **k: shown.append(a[2]))
    settings = AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    path = tmp_path / EXAMPLE.name  # a copy: the app locks what it opens (parallel tests)
    shutil.copyfile(EXAMPLE, path)
    win = open_window(str(path), None, settings, background=False)
    qtbot.addWidget(win)
    assert shown == []
    assert win.windowTitle().startswith("xe9680-h100-pod.json")
    assert win.doc.results.totals.gpus == 32
    assert len(win.rack_view.scene.frames) == 6  # three racks, front and rear
