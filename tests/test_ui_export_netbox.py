"""File > Export NetBox Import Files... in the real main window: found in the File menu,
runs off the GUI thread, writes what `rackwright export --format netbox` writes, and
refuses a file where a folder belongs."""

from __future__ import annotations

import csv
import threading

import pytest

from planner.files.documents import load_plan
from planner.netbox.export import export_netbox
from tests.test_ui_export_tables import EXAMPLE, catalog, errors, file_action, make_window  # noqa: F401
from ui.exports import export_netbox as ui_netbox

pytestmark = pytest.mark.gui


def test_file_export_netbox_writes_the_cli_files(qtbot, tmp_path, monkeypatch, catalog, errors):  # noqa: F811
    target = tmp_path / "netbox"
    asked: list[str] = []
    monkeypatch.setattr(ui_netbox, "ask_netbox_folder",
                        lambda parent, suggested: asked.append(suggested) or str(target))
    win = make_window(qtbot, tmp_path, catalog)
    action = file_action(win, "Export NetBox Import Files")
    with qtbot.waitSignal(win.netbox_exporter.finished, timeout=60_000) as blocker:
        action.trigger()
        assert win.netbox_exporter.busy
    written = blocker.args[0]
    assert asked and asked[0].endswith("-netbox")
    assert win.netbox_exporter.last_thread_id not in (None, threading.get_ident())
    # the same files and bytes as the CLI's export of the same plan
    cli = export_netbox(load_plan(EXAMPLE), catalog, tmp_path / "cli")
    assert sorted(p.relative_to(target) for p in written) == sorted(p.relative_to(tmp_path / "cli") for p in cli)
    for p in cli:
        assert (target / p.relative_to(tmp_path / "cli")).read_bytes() == p.read_bytes(), p.name
    with open(target / "09-devices.csv", encoding="utf-8") as f:
        devices = list(csv.DictReader(f))
    assert len(devices) == sum(len(r.placements) for r in win.doc.plan.racks())
    assert str(target) in win.statusBar().currentMessage()
    assert not errors and not win.netbox_exporter.busy


def test_netbox_export_refuses_a_file_for_its_folder(qtbot, tmp_path, catalog, errors):  # noqa: F811
    a_file = tmp_path / "netbox"
    a_file.write_text("not a folder", encoding="utf-8")
    win = make_window(qtbot, tmp_path, catalog)
    assert win.netbox_exporter.export(str(a_file)) is False
    assert errors and "folder" in errors[0][1]
    assert a_file.read_text(encoding="utf-8") == "not a folder"
