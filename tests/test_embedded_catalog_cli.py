"""Catalog entries stored in a .rackplan count in every command (issue 29 item 2): a
colleague's own server, which this machine's catalog lacks, keeps its GPUs, watts and mass in
check, report, export and validate instead of '0 GPUs, 0 W, UNKNOWN_DEVICE'."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.files.documents import load_plan
from planner.files.storage import save_rackplan

ROOT = Path(__file__).resolve().parents[1]
XE = "dell-poweredge-xe9680"
OWN = "acme-gpu-box-8x-h100"


@pytest.fixture(scope="module")
def own_server_plan(tmp_path_factory):
    """The example with its servers replaced by a colleague's own catalog entry, saved as a
    project file that embeds it."""
    cat = load_catalog()
    own = cat.device(XE).model_copy(update={"slug": OWN, "model": "ACME GPU Box"})
    cat.tables["device-types"][OWN] = own
    plan = load_plan(ROOT / "examples" / "xe9680-h100-pod.json")
    n = 0
    for rack in plan.racks():
        for p in rack.placements:
            if p.device == XE:
                p.device = OWN
                n += 1
    assert n == 4
    path = tmp_path_factory.mktemp("own") / "own.rackplan"
    save_rackplan(plan, path, cat)
    assert OWN not in load_catalog().tables["device-types"]  # this machine does not know it
    return path


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(argv)
    return rc, out.getvalue(), err.getvalue()


def test_check_counts_the_embedded_server(own_server_plan):
    rc, out, _ = _run(["check", str(own_server_plan), "--json"])
    data = json.loads(out)
    assert data["totals"]["gpus"] == 32
    assert not [f for f in data["findings"] if f["code"] == "UNKNOWN_DEVICE"]


def test_validate_report_and_export_know_it_too(own_server_plan, tmp_path):
    rc, out, err = _run(["validate", str(own_server_plan)])
    assert rc == 0 and OWN not in out + err
    rc, out, err = _run(["report", str(own_server_plan), "-o", str(tmp_path / "p.pdf"), "--sections", "bom"])
    assert rc == 0
    rc, out, err = _run(["export", str(own_server_plan), "--format", "csv", "-o", str(tmp_path / "csv")])
    assert rc == 0
    bom = next((tmp_path / "csv").glob("*bom*.csv")).read_text(encoding="utf-8-sig")
    assert "ACME GPU Box" in bom


@pytest.mark.gui
def test_the_app_opens_counts_and_saves_as_with_the_embedded_server(own_server_plan, qtbot, tmp_path, monkeypatch):
    """Opened in the app (at start and through File > Open), the colleague's server counts;
    File > Save As to another file keeps its entry, so the copy opens with it elsewhere."""
    from PySide6.QtCore import QSettings

    from planner.files.storage import open_rackplan
    from ui import dialogs
    from ui.settings import AppSettings
    from ui.shell.app import application, open_window

    application()
    settings = AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win = open_window(str(own_server_plan), load_catalog(), settings, background=False)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    assert win.doc.results is not None and win.doc.results.totals.gpus == 32
    copy = tmp_path / "copy.rackplan"
    monkeypatch.setattr(dialogs, "ask_save_path", lambda parent, suggested: str(copy))
    assert win.files.save_as()
    assert OWN in open_rackplan(copy).catalog.tables["device-types"]
    # File > Open of the copy in a window that started on a plain catalog
    win2 = open_window(None, load_catalog(), settings, background=False)
    qtbot.addWidget(win2, before_close_func=lambda w: w.doc.undo_stack.setClean())
    assert win2.files.open(str(copy))
    win2.doc.recompute(background=False)
    assert win2.doc.results.totals.gpus == 32
