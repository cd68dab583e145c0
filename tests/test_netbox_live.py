"""Against a real NetBox 4.6.8 (tests/netbox_server.py; skipped without one, failed under CI=true):
both bundled examples' export files imported side by side through NetBox's own Import forms,
then read back from NetBox's own exports by brownfield, and compared with the plans.

The GB200 plan's 100 devices and 3,224 cables take about 7 minutes to import on the 2-core test
machine (0.7 s a device, 0.1-0.2 s a cable), more than the whole suite may take: by default its
racks, rack types, panels and feeds are imported and read back, and ``RACKWRIGHT_NETBOX_FULL=1``
imports and compares everything."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from planner.catalog import load_catalog
from planner.files.documents import load_plan
from planner.netbox.export import export_netbox, slugify
from planner.netbox.site import import_site
from tests.netbox_ref import ROOT

pytestmark = pytest.mark.xdist_group("netbox")  # one server for these tests (dev.py: --dist loadgroup)

EXAMPLES = {"H100 pod": ROOT / "examples" / "xe9680-h100-pod.json",
            "GB200 hall": ROOT / "examples" / "gb200-nvl72.json"}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


FULL = os.environ.get("RACKWRIGHT_NETBOX_FULL") == "1"
LEAVE_OUT = {"H100 pod": (), "GB200 hall": () if FULL else ("09-devices", "10-cables", "11-power-cables",
                                                           "12-feed-cables")}


def _placements(plan):
    return Counter((rack.name, p.u, p.face if p.u is not None else None, p.device)
                   for room in plan.site.rooms for row in room.rows for rack in row.racks for p in rack.placements)


def _racks(plan):
    return {rack.name: rack.rack_type for room in plan.site.rooms for row in room.rows for rack in row.racks}


@pytest.fixture(scope="session")
def imported(netbox_server, tmp_path_factory):
    """Both examples' files imported through the forms, in the README's order, each without the
    manufacturers, roles, rack types and device types NetBox already has (a push test may have
    run first and made them; docs/netbox.md says to leave those rows out). Once per
    server (session scope: pytest-xdist may run this module's tests apart, and a second import
    into the same NetBox is refused)."""
    from tests.netbox_server import FormSession, import_folder

    catalog = load_catalog()
    session = FormSession(netbox_server)
    done = {}
    for site, path in EXAMPLES.items():
        out = tmp_path_factory.mktemp(slugify(site))
        export_netbox(load_plan(path), catalog, out, site_name=site)
        done[site] = import_folder(session, out, skip_existing=True, leave_out=LEAVE_OUT[site])
    return session, done


def test_both_examples_import_side_by_side_through_the_forms(imported, netbox_server):
    from tests.netbox_server import WORKER_TIMEOUT_S, api_get

    _session, done = imported
    for site, path in EXAMPLES.items():
        plan = load_plan(path)
        sid = api_get(netbox_server, f"dcim/sites/?name={site.replace(' ', '%20')}")["results"][0]["id"]
        racks = api_get(netbox_server, f"dcim/racks/?site_id={sid}&limit=1000")["results"]
        assert len(racks) == len(_racks(plan)) and all(r["rack_type"] for r in racks)
        feeds = api_get(netbox_server, f"dcim/power-feeds/?site_id={sid}&limit=1000")["results"]
        assert len(feeds) == len(plan.feeds)
        if LEAVE_OUT[site]:
            continue
        devices = api_get(netbox_server, f"dcim/devices/?site_id={sid}&limit=1")["count"]
        assert devices == sum(_placements(plan).values())
        cables = api_get(netbox_server, f"dcim/cables/?site_id={sid}&limit=1")["count"]
        files = done[site]
        want = sum(n for name, (n, _s) in files.items() if "cables" in name)
        assert cables == want and want >= len(plan.links)
        assert all(f["cable"] for f in feeds)  # every feed is cabled to its PDU
        # no file ran into the worker timeout (NetBox would have ended the request); how near
        # one came is a figure, not a test: it doubles on a loaded machine (docs/netbox.md)
        slowest = max(s for _n, s in files.values())
        assert slowest < WORKER_TIMEOUT_S, files
        print(f"{site}: {len(files)} files, slowest {slowest:.1f} s")


def test_netbox_exports_read_back_into_the_same_plan(imported, catalog, tmp_path):
    """NetBox -> brownfield -> plan: the same racks, rack types and placements as the original."""
    session, _done = imported
    types = tmp_path / "device-types.yaml"
    types.write_text(session.export("dcim/device-types", "export"), encoding="utf-8")
    for site, path in EXAMPLES.items():
        racks, devices = tmp_path / f"{slugify(site)}-racks.csv", tmp_path / f"{slugify(site)}-devices.csv"
        racks.write_text(session.export("dcim/racks", f"site={slugify(site)}&export"), encoding="utf-8")
        devices.write_text(session.export("dcim/devices", f"site={slugify(site)}&export"), encoding="utf-8")
        r = import_site(racks, devices, catalog, types)
        original = load_plan(path)
        assert not r.problems and not r.rack_type_guesses
        assert r.plan.site.name == site
        assert _racks(r.plan) == _racks(original)  # the GB200 NVL72 racks stay NVL72 racks
        if not LEAVE_OUT[site]:
            assert _placements(r.plan) == _placements(original)


# --------------------------------------------------------------------------- the REST API (rackwright netbox push/pull)


def _need_pynetbox() -> None:
    try:
        import pynetbox  # noqa: F401
    except ImportError:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true needs pynetbox for the NetBox API tests (pip install 'rackwright[netbox]')",
                        pytrace=False)
        pytest.skip("pynetbox is not installed (pip install 'rackwright[netbox]')")


def _cli(netbox_server, monkeypatch, capsys, *args):
    from planner.commands.cli import main

    monkeypatch.setenv("RW_TEST_NETBOX_TOKEN", netbox_server.token)
    code = main(["netbox", *args])
    out = capsys.readouterr()
    assert netbox_server.token not in out.out + out.err  # never printed
    return code, out.out, out.err


def test_push_is_idempotent_updates_only_what_changed_and_pulls_back(netbox_server, catalog, tmp_path, monkeypatch,
                                                                     capsys):
    from tests.netbox_server import api_get

    _need_pynetbox()
    url = ["--url", netbox_server.url, "--token-env", "RW_TEST_NETBOX_TOKEN"]
    plan_path = EXAMPLES["H100 pod"]
    code, out, _err = _cli(netbox_server, monkeypatch, capsys, "push", str(plan_path), *url, "--site", "API pod",
                           "--dry-run")
    assert code == 0 and "devices: 14 to create" in out and "dry run" in out
    assert api_get(netbox_server, "dcim/sites/?name=API%20pod")["count"] == 0  # nothing written
    code, out, _err = _cli(netbox_server, monkeypatch, capsys, "push", str(plan_path), *url, "--site", "API pod")
    assert code == 0, out
    plan = load_plan(plan_path)
    sid = api_get(netbox_server, "dcim/sites/?name=API%20pod")["results"][0]["id"]
    assert api_get(netbox_server, f"dcim/devices/?site_id={sid}&limit=1")["count"] == sum(_placements(plan).values())
    assert api_get(netbox_server, f"dcim/cables/?site_id={sid}&limit=1")["count"] >= len(plan.links)
    feeds = api_get(netbox_server, f"dcim/power-feeds/?site_id={sid}&limit=100")["results"]
    assert len(feeds) == len(plan.feeds) and all(f["cable"] for f in feeds)
    # a second push changes nothing
    code, out, _err = _cli(netbox_server, monkeypatch, capsys, "push", str(plan_path), *url, "--site", "API pod")
    assert code == 0 and "0 changes" in out
    # an edited plan updates only what changed: one server moved up by 1 U
    moved = next(p for room in plan.site.rooms for row in room.rows for r in row.racks for p in r.placements
                 if p.device == "dell-poweredge-xe9680")
    rack = next(r for room in plan.site.rooms for row in room.rows for r in row.racks if moved in r.placements)
    top = max((p.u or 0) + 6 for p in rack.placements)
    moved.u = top + 1
    from planner.files.documents import save_plan

    edited = tmp_path / "edited.json"
    save_plan(plan, edited, catalog)
    code, out, _err = _cli(netbox_server, monkeypatch, capsys, "push", str(edited), *url, "--site", "API pod")
    assert code == 0 and "devices: 1 to update" in out and "to create" not in out, out
    # pull: the same racks, rack types, placements, links, feeds and cords, and the same check totals
    _pull_equals(netbox_server, monkeypatch, capsys, tmp_path, "API pod", edited, catalog)


@pytest.mark.skipif(not FULL, reason="the GB200 hall's push takes 9-15 minutes (3,130 cables through the API, "
                    "docs/netbox.md): RACKWRIGHT_NETBOX_FULL=1 runs it")
@pytest.mark.timeout(1800)  # the push alone took 525-871 s on the 2-core machine (docs/netbox.md)
def test_gb200_pushes_beside_the_pod_and_pulls_back(netbox_server, catalog, tmp_path, monkeypatch, capsys):
    """The GB200 hall (100 devices, 3,130 cables, liquid-cooled NVL72 racks on a CDU loop) into
    the same NetBox under its own site name, and back: its NVL72 racks stay direct-liquid on
    their loop, every NVLink cable is a link again."""
    import time

    _need_pynetbox()
    url = ["--url", netbox_server.url, "--token-env", "RW_TEST_NETBOX_TOKEN"]
    t0 = time.monotonic()
    code, out, _err = _cli(netbox_server, monkeypatch, capsys, "push", str(EXAMPLES["GB200 hall"]), *url, "--site",
                           "API hall")
    assert code == 0, out
    print(f"GB200 push {time.monotonic() - t0:.0f} s")
    _pull_equals(netbox_server, monkeypatch, capsys, tmp_path, "API hall", EXAMPLES["GB200 hall"], catalog)


def test_pull_of_a_site_the_import_files_made_says_what_it_assumed(netbox_server, imported, tmp_path, monkeypatch,
                                                                  capsys):
    """The files' site row has no comments, so the forms' H100 pod has no plan data: pull still
    brings back its racks, placements, links and feeds, and notes the cooling and fabrics it
    could not know."""
    _need_pynetbox()
    url = ["--url", netbox_server.url, "--token-env", "RW_TEST_NETBOX_TOKEN"]
    code, out, _err = _cli(netbox_server, monkeypatch, capsys, "pull", *url, "--site", "H100 pod", "-o",
                           str(tmp_path / "pulled.json"))
    assert code == 0, out
    assert "no plan data from a Rackwright push: every rack is air-cooled" in out
    assert "named in cable descriptions only" in out
    pulled, original = load_plan(tmp_path / "pulled.json"), load_plan(EXAMPLES["H100 pod"])
    assert _racks(pulled) == _racks(original) and _placements(pulled) == _placements(original)
    assert _links(pulled) == Counter({k[:4] + ("fab-" + slugify(k[4]),) + k[5:]: n for k, n in _links_named(original)
                                      .items()})
    feed_of = [{pid: next(f.name for f in plan.feeds if f.id == fid) for pid, fid in _feeds(plan)[1].items()}
               for plan in (pulled, original)]
    assert feed_of[0] == feed_of[1] and len(pulled.feeds) == len(original.feeds)
    assert all(r.cooling is None for r in pulled.racks())  # what NetBox cannot say: air


def _links_named(plan):
    """_links with the fabric's name for its id (a fabric NetBox does not know is named by it)."""
    name = {fb.id: fb.name for fb in plan.fabrics}
    return Counter(k[:4] + (name[k[4]],) + k[5:] for k in _links(plan).elements())


def _links(plan):
    return Counter((lk.a.placement, lk.a.port, lk.b.placement, lk.b.port, lk.fabric, lk.cable, lk.length_m,
                    lk.label or lk.id) for lk in plan.links)


def _feeds(plan):
    feeds = {f.id: f.model_dump(exclude={"upstream"}) for f in plan.feeds}
    pdus = {p.id: p.feed for r in plan.racks() for p in r.placements if p.feed}
    return feeds, pdus


def _cords(plan, catalog):
    """Each device's PSU cords as the engine connects them (pinned or spread over the PDUs)."""
    from planner.engine import Engine

    res = Engine(catalog).compute(plan)
    return {pid: [(c.pdu, c.outlet) for c in cords] for rr in res.racks.values() for pid, cords in rr.cords.items()}


def _cooling(plan):
    """Cooling, fabrics, sources and the floor: what NetBox has no field for (the site's plan data)."""
    rooms = [room.model_dump(exclude={"id", "rows"}) for room in plan.site.rooms]
    rows = [row.model_dump(exclude={"id", "racks"}) for room in plan.site.rooms for row in room.rows]
    return ({r.name: (plan.effective_cooling(r), r.gap_before_m) for r in plan.racks()}, plan.cooling_loops,
            plan.fabrics, plan.power_sources, rooms, rows)


def _check(monkeypatch, capsys, path):
    import json

    from planner.commands.cli import main

    before = capsys.readouterr()  # what the test printed so far (figures)
    main(["check", str(path), "--json"])
    out = capsys.readouterr().out
    with capsys.disabled():
        print(before.out, end="")
    return json.loads(out)


def _pull_equals(netbox_server, monkeypatch, capsys, tmp_path, site, original_path, catalog):
    import time

    url = ["--url", netbox_server.url, "--token-env", "RW_TEST_NETBOX_TOKEN"]
    pulled_path = tmp_path / f"{slugify(site)}-pulled.json"
    t0 = time.monotonic()
    code, out, _err = _cli(netbox_server, monkeypatch, capsys, "pull", *url, "--site", site, "-o", str(pulled_path))
    took = time.monotonic() - t0
    assert code == 0 and "note:" not in out, out  # nothing left out, nothing assumed
    print(f"{site}: pull {took:.1f} s")
    pulled, original = load_plan(pulled_path), load_plan(original_path)
    assert _racks(pulled) == _racks(original) and _placements(pulled) == _placements(original)
    assert {p.id for r in pulled.racks() for p in r.placements} == {p.id for r in original.racks() for p in r.placements}
    assert _links(pulled) == _links(original) and len(pulled.links) == len(original.links)
    assert _feeds(pulled) == _feeds(original)
    assert _cords(pulled, catalog) == _cords(original, catalog)
    assert _cooling(pulled) == _cooling(original)
    a, b = _check(monkeypatch, capsys, original_path), _check(monkeypatch, capsys, pulled_path)
    assert b["totals"] == a["totals"]
    assert len(b["feeds"]) == len(a["feeds"]) and len(b["racks"]) == len(a["racks"])
    assert [(f["name"], f["links"]) for f in b["fabrics"]] == [(f["name"], f["links"]) for f in a["fabrics"]]
    worse = Counter((f["severity"], f["code"]) for f in b["findings"] if f["severity"] in ("error", "warning")) - \
        Counter((f["severity"], f["code"]) for f in a["findings"] if f["severity"] in ("error", "warning"))
    assert not worse, worse  # no new errors or warnings


def test_bad_input_is_one_line_and_exit_2(netbox_server, imported, monkeypatch, capsys):
    _need_pynetbox()
    plan = str(EXAMPLES["H100 pod"])
    cases = [
        (["--url", netbox_server.url, "--token-env", "RW_WRONG"], "refused the token"),
        (["--url", "http://127.0.0.1:9", "--token-env", "RW_TEST_NETBOX_TOKEN"], "cannot be reached"),
        (["--url", netbox_server.url + "/nothing", "--token-env", "RW_TEST_NETBOX_TOKEN"], "no NetBox API there"),
        (["--url", netbox_server.url, "--token-env", "RW_UNSET"], "not set"),
        # the forms' import of this site: racks and devices Rackwright's push did not write
        (["--url", netbox_server.url, "--token-env", "RW_TEST_NETBOX_TOKEN", "--site", "H100 pod"],
         "exists in NetBox with 3 racks and 14 devices"),
    ]
    monkeypatch.setenv("RW_WRONG", "0" * 40)
    monkeypatch.delenv("RW_UNSET", raising=False)
    for args, said in cases:
        code, out, err = _cli(netbox_server, monkeypatch, capsys, "push", plan, *args)
        assert code == 2 and said in err and len(err.strip().splitlines()) == 1, (args, err)


# --------------------------------------------------------------------------- the app: File > Push to NetBox...


@pytest.mark.gui
def test_file_push_to_netbox_in_the_app(qtbot, netbox_server, tmp_path, monkeypatch):
    """The real main window pushes its plan off the GUI thread; a wrong token is an error
    dialog with the CLI's line, and nothing is written."""
    _need_pynetbox()
    from tests.netbox_server import api_get
    from tests.test_ui_export_tables import file_action
    from ui import dialogs
    from ui.exports import netbox_push as ui_push

    cat = load_catalog()
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text, **kw: errors.append((title, text)))
    targets = [ui_push.PushTarget(netbox_server.url, "0" * 40, "App pod"),
               ui_push.PushTarget(netbox_server.url, netbox_server.token, "App pod")]
    monkeypatch.setattr(ui_push, "ask_netbox_push", lambda parent, site: targets.pop(0))
    # the app's side of a push (dialog, background task, errors, status); what NetBox makes of
    # a whole plan is the CLI push test's: the example's first rack (two servers, two PDUs on
    # their feeds) keeps this test short
    from PySide6.QtCore import QSettings

    from planner.model.plan import Plan, Room, Row, Site
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    example = load_plan(EXAMPLES["H100 pod"])
    rack = next(iter(example.racks()))
    feeds = {p.feed for p in rack.placements if p.feed}
    plan = Plan(site=Site(rooms=[Room(id="room-1", name="Hall 1", width_m=10, depth_m=8, rows=[
        Row(id="row-1", name="Row A", racks=[rack])])]), feeds=[f for f in example.feeds if f.id in feeds],
        cooling_loops=example.cooling_loops)
    win = MainWindow(Document(plan, cat, None), settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.show()
    win.doc.recompute(background=False)
    action = file_action(win, "Push to NetBox")
    with qtbot.waitSignal(win.netbox_pusher.failed, timeout=120_000):
        action.trigger()
    assert errors and "refused the token" in errors[0][1]
    assert api_get(netbox_server, "dcim/sites/?name=App%20pod")["count"] == 0
    with qtbot.waitSignal(win.netbox_pusher.finished, timeout=300_000) as blocker:
        action.trigger()
    made, missing = blocker.args[0]
    assert made > 0 and not missing
    sid = api_get(netbox_server, "dcim/sites/?name=App%20pod")["results"][0]["id"]
    assert api_get(netbox_server, f"dcim/devices/?site_id={sid}&limit=1")["count"] == \
        sum(len(r.placements) for r in win.doc.plan.racks())
    assert "App pod" in win.statusBar().currentMessage()


@pytest.mark.gui
def test_file_new_from_live_netbox_in_the_app(qtbot, netbox_server, imported, tmp_path, monkeypatch):
    """File > New from Live NetBox reads the forms' H100 pod off the GUI thread into a new,
    unsaved plan with every placement, and the result lists what the pull assumed (the site
    has no plan data); a wrong token is an error dialog with the CLI's line, the plan kept."""
    _need_pynetbox()
    from PySide6.QtCore import QSettings

    from tests.test_ui_export_tables import file_action
    from ui import dialogs
    from ui.document import Document
    from ui.exports import netbox_push as ui_push
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    cat = load_catalog()
    errors: list[tuple[str, str]] = []
    results: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text, **kw: errors.append((title, text)))
    monkeypatch.setattr(dialogs, "show_netbox_site_result",
                        lambda parent, summary, lines: results.append((summary, lines)))
    targets = [ui_push.PushTarget(netbox_server.url, "0" * 40, "H100 pod"),
               ui_push.PushTarget(netbox_server.url, netbox_server.token, "H100 pod")]
    monkeypatch.setattr(ui_push, "ask_netbox_pull", lambda parent: targets.pop(0))
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win = MainWindow(Document(load_plan(EXAMPLES["GB200 hall"]), cat, None), settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.mark_saved(w.doc.path))
    win.show()
    action = file_action(win, "New from Live NetBox")
    before = win.doc.plan
    action.trigger()
    qtbot.waitUntil(lambda: bool(errors), timeout=120_000)
    assert "refused the token" in errors[0][1] and win.doc.plan is before
    action.trigger()
    qtbot.waitUntil(lambda: bool(results), timeout=120_000)
    assert _placements(win.doc.plan) == _placements(load_plan(EXAMPLES["H100 pod"]))
    assert win.doc.path is None and win.doc.plan.site.name == "H100 pod"
    summary, lines = results[0]
    assert "H100 pod" in summary
    assert any("no plan data from a Rackwright push" in line for line in lines), lines
