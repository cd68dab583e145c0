"""Issue #11's acceptance test: the bundled 32-GPU example (examples/xe9680-h100-pod.json)
rebuilt in the app from File > New with real widgets only, saved, checked by the engine
(`rackwright check --json` on the file) and compared with the example; then a fifth server
is dropped in and the compute fabric extended by auto-wire without disconnecting anything.

Every step is a user's gesture: menu actions found from the menu bar and triggered,
Inspector fields typed into (keyClicks + Return) or chosen by the real index of the wanted
item, catalog drops as real drop events on the rack view, clicks (Ctrl+click for several)
on the rack frames, the power, cooling and auto-wire windows' own buttons and fields. The
only stand-ins are the module-level questions of ``ui.dialogs`` (the save path), as in the
other UI tests. Nothing is built through the plan model here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from planner.catalog import load_catalog
from planner.fabric.ports import device_ports
from planner.model.placement import PlacementChecker
from ui import dialogs

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"

SERVER = "dell-poweredge-xe9680"
IB_SWITCH = "nvidia-quantum-2-qm9700"
MGMT_SWITCH = "nvidia-sn2201"
STORAGE = "ddn-ai400x2"
PDU = "raritan-px3-415v-60a"
RACK_TYPE = "rack-48u-600x1200"
REAR_DOOR = "rdhx-passive-35kw"


@pytest.fixture(scope="module")
def catalog():
    c = load_catalog()
    assert not c.errors
    return c


# -- driving the widgets -------------------------------------------------------------------------


def menu_action(win, menu_title: str, text: str):
    """A menu bar action by its text without '&' and a trailing '…' (submenus too); the menu's
    aboutToShow runs first, as when the user opens it."""
    def find(menu: QMenu):
        for a in menu.actions():
            if a.text().replace("&", "").rstrip("\u2026") == text:
                return a
            if a.menu() is not None and (hit := find(a.menu())) is not None:
                return hit
        return None

    for top in win.menuBar().actions():
        if top.text().replace("&", "") == menu_title:
            top.menu().aboutToShow.emit()
            hit = find(top.menu())
            assert hit is not None, f"{menu_title} > {text} not found"
            assert hit.isEnabled(), f"{menu_title} > {text} is disabled"
            return hit
    raise AssertionError(f"no {menu_title} menu")


def trigger(win, menu_title: str, text: str) -> None:
    menu_action(win, menu_title, text).trigger()


def type_into(qtbot, widget, text: str, enter: bool = True) -> None:
    """Select what the field shows, type ``text``, press Return (a line edit or spin box);
    ``enter=False`` in a dialog where Return would press its default button (then the field
    commits when it loses focus)."""
    widget.setFocus()
    edit = widget.lineEdit() if hasattr(widget, "lineEdit") and widget.lineEdit() is not None else widget
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    if enter:
        qtbot.keyClick(edit, Qt.Key.Key_Return)
    else:
        qtbot.keyClick(edit, Qt.Key.Key_Tab)


def pick(combo, value) -> None:
    """Choose the item carrying ``value`` (its real index, as a user's click picks it)."""
    i = combo.findData(value)
    assert i >= 0, (combo.objectName(), value, [combo.itemData(k) for k in range(combo.count())])
    combo.setCurrentIndex(i)
    combo.activated.emit(i)  # a user's pick also emits activated (forms that listen to it)


def pick_text(combo, starts: str) -> None:
    i = next((k for k in range(combo.count()) if combo.itemText(k).startswith(starts)), -1)
    assert i >= 0, (combo.objectName(), starts, [combo.itemText(k) for k in range(combo.count())])
    combo.setCurrentIndex(i)
    combo.activated.emit(i)


def rack_point(win, rack_id: str, face: str, u: int, side: str | None = None):
    """The viewport point in the middle of U ``u`` of a rack face (``side``: a quarter of the
    frame's width in from its left or right edge, where a 0U PDU goes)."""
    view = win.rack_view.view
    pt = view.viewport_point(rack_id, face, u)
    if side is not None:
        frame = view.mapFromScene(win.rack_view.scene.frames[(rack_id, face)].sceneBoundingRect()).boundingRect()
        pt.setX(frame.left() + frame.width() // 4 if side == "left" else frame.right() - frame.width() // 4)
    assert view.viewport().rect().contains(pt), f"{rack_id} {face} U{u} is not in view"
    return pt


def drop(win, slug: str, rack_id: str, face: str, u: int, side: str | None = None) -> str:
    """Drag ``slug`` from the catalog onto U ``u`` of a rack face: a real drop event on the rack
    view. Returns the new placement's id."""
    doc = win.doc
    before = set(doc.plan.index.placements)
    view = win.rack_view.view
    mime = win.catalog_panel.mime_for(slug)  # kept alive: the event only points at it
    ev = QDropEvent(QPointF(rack_point(win, rack_id, face, u, side)), Qt.DropAction.CopyAction, mime,
                    Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    view.dropEvent(ev)
    new = set(doc.plan.index.placements) - before
    assert ev.isAccepted() and len(new) == 1, (slug, rack_id, u, doc.last_refusal)
    return new.pop()


def click_racks(win, rack_ids: list[str], u: int = 47) -> None:
    """Click the first rack's frame (front, at a free U), Ctrl+click the others."""
    vp = win.rack_view.view.viewport()
    for k, rid in enumerate(rack_ids):
        mod = Qt.KeyboardModifier.ControlModifier if k else Qt.KeyboardModifier.NoModifier
        QTest.mouseClick(vp, Qt.MouseButton.LeftButton, mod, rack_point(win, rid, "front", u))
    assert win.doc.selection == tuple(("rack", r) for r in rack_ids)


def context_pick(win, placement_id: str, text: str) -> None:
    """Right-click a device in the rack view and choose ``text`` from its context menu."""
    view = win.rack_view.view
    plan = win.doc.plan
    p = plan.placement(placement_id)
    pos = rack_point(win, plan.rack_of(placement_id).id, "front", p.u)
    chosen: list[str] = []

    def choose() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        act = next(a for a in menu.actions() if a.text().rstrip("\u2026") == text)
        chosen.append(act.text())
        menu.close()
        act.trigger()

    QTimer.singleShot(50, choose)
    view.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos)))
    assert chosen, f"no {text} in the context menu"


def engine_check(path: Path) -> dict:
    """`rackwright check FILE --json` as a user runs it (exit 1 only with error findings)."""
    out = subprocess.run([sys.executable, "-m", "planner", "check", str(path), "--json"], capture_output=True,
                         text=True, timeout=120, cwd=ROOT)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def new_window(qtbot, tmp_path, catalog):
    from planner.files.documents import load_plan
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    start = tmp_path / "start.json"
    start.write_bytes(EXAMPLE.read_bytes())  # the app opens with some plan; File > New replaces it
    doc = Document(load_plan(start), catalog, None)
    win = MainWindow(doc, settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    doc.undo_stack.setClean()
    return win


# -- the build, step by step ---------------------------------------------------------------------------


def build_floor(qtbot, win) -> list[str]:
    """File > New, the room's size in the Inspector, racks of the example's type named R01..R03."""
    doc, insp = win.doc, win.inspector
    trigger(win, "File", "New")
    plan = doc.plan
    assert [r.name for r in plan.racks()] == ["A01"] and not any(True for _ in plan.index.iter_placements())
    trigger(win, "Floor", "Room Properties")
    room = plan.site.rooms[0]
    assert doc.selection == (("room", room.id),)
    type_into(qtbot, insp.fields["name"], "Data hall 1")
    type_into(qtbot, insp.fields["width_m"], "7.2")
    type_into(qtbot, insp.fields["depth_m"], "6")
    type_into(qtbot, insp.fields["floor_load_limit_kg_per_m2"], "1200")
    room = doc.plan.site.rooms[0]
    assert (room.name, room.width_m, room.depth_m, room.floor_load_limit_kg_per_m2) == ("Data hall 1", 7.2, 6.0, 1200)

    first = next(doc.plan.racks()).id
    click_racks(win, [first], u=20)
    pick(insp.fields["rack_type"], RACK_TYPE)
    type_into(qtbot, insp.fields["name"], "R01")
    for name in ("R02", "R03"):  # Floor > Add Rack on the selected rack's row: the new rack is selected
        trigger(win, "Floor", "Add Rack")
        (kind, rid), = doc.selection
        assert kind == "rack" and doc.plan.rack(rid).rack_type == RACK_TYPE  # the row's type
        type_into(qtbot, win.inspector.fields["name"], name)
    racks = sorted(doc.plan.racks(), key=lambda r: r.position)
    assert [r.name for r in racks] == ["R01", "R02", "R03"]
    trigger(win, "View", "Fit Elevations")  # the three racks in view for the drops
    return [r.id for r in racks]


def place_devices(win, racks: list[str]) -> dict[str, list[str]]:
    """Two PDUs per rack (0U, dropped on the left and right of the rear face), the XE9680s at U4
    and U12 of R01 and R02, the AI400X2 at U20 of R03."""
    doc = win.doc
    out: dict[str, list[str]] = {"pdus": [], "servers": []}
    for rid in racks:
        for side in ("left", "right"):
            out["pdus"].append(drop(win, PDU, rid, "rear", 30, side))
    sides = [(doc.plan.placement(p).side, doc.plan.placement(p).face) for p in out["pdus"]]
    assert sides == [("left", "rear"), ("right", "rear")] * 3
    for rid in racks[:2]:
        for u in (4, 12):
            out["servers"].append(drop(win, SERVER, rid, "front", u))
    out["storage"] = [drop(win, STORAGE, racks[2], "front", 20)]
    assert [doc.plan.placement(s).u for s in out["servers"]] == [4, 12, 4, 12]
    return out


def build_power(qtbot, win, racks: list[str]) -> None:
    """Plan > Power Feeds and Sources: two UPSs (2N, 120 kW each), A+B feeds for the three
    racks (their PDUs connected, left to A, right to B), the B feeds re-hung on the second
    UPS, each feed's breaker set to the PDUs' 60 A."""
    doc = win.doc
    trigger(win, "Plan", "Power Feeds and Sources")
    dlg = win.power_dialog
    qtbot.waitUntil(dlg.isVisible)
    for _ in range(2):
        dlg.add_source_actions["ups"].trigger()
        sid = doc.plan.power_sources[-1].id
        assert dlg.current() == ("source", sid)
        type_into(qtbot, dlg.form.fields["capacity_kw"], "120")
    ups_a, ups_b = (s.id for s in doc.plan.power_sources)
    assert [s.capacity_kw for s in doc.plan.power_sources] == [120.0, 120.0]
    dlg.select("source", ups_a)
    click_racks(win, racks)
    qtbot.mouseClick(dlg.ab_btn, Qt.MouseButton.LeftButton)
    feeds = doc.plan.feeds
    assert len(feeds) == 6 and all(f.upstream == ups_a for f in feeds), dlg.message.text()
    for f in feeds:
        assert (f.voltage_v, f.phases) == (415.0, 3)
        dlg.select("feed", f.id)
        if f.side == "B":
            pick(dlg.form.fields["upstream"], ups_b)
        type_into(qtbot, dlg.form.fields["breaker_a"], "60")
    assert [(f.breaker_a, f.upstream) for f in doc.plan.feeds] == [(60.0, ups_a), (60.0, ups_b)] * 3
    for p, _ in doc.plan.index.iter_placements():
        if p.device == PDU:
            assert doc.plan.feed(p.feed).side == {"left": "A", "right": "B"}[p.side]
    dlg.close()


def build_cooling(qtbot, win, racks: list[str]) -> str:
    """Plan > Cooling Loops: a facility chilled-water loop; R01 and R02 (Ctrl+click) assigned
    to it, which gives them rear doors; each door's model chosen in the rack's Inspector."""
    doc = win.doc
    trigger(win, "Plan", "Cooling Loops")
    dlg = win.cooling_dialog
    qtbot.waitUntil(dlg.isVisible)
    dlg.btn_new_facility.click()
    ed = dlg.editor
    type_into(qtbot, ed.form.name, "Chilled water", enter=False)  # Return here would press OK already
    type_into(qtbot, ed.form.capacity, "80")  # the last field: Return takes the value and presses OK
    assert not ed.isVisible(), ed.form.error.text()
    (loop,) = doc.plan.cooling_loops
    assert (loop.name, loop.kind, loop.capacity_kw) == ("Chilled water", "facility", 80.0), ed.form.error.text()
    dlg.select_loop(loop.id)
    click_racks(win, racks[:2])
    dlg.btn_assign.click()
    for rid in racks[:2]:
        assert doc.plan.rack(rid).cooling.method == "rdhx" and doc.plan.rack(rid).cooling.loop == loop.id
        click_racks(win, [rid])
        pick(win.inspector.fields["cooling_unit"], REAR_DOOR)
        assert doc.plan.rack(rid).cooling.unit == REAR_DOOR
    assert doc.plan.rack(racks[2]).cooling is None
    dlg.close()
    return loop.id


def autowire(qtbot, win, kind: str, switch: str, leaves: str | None, switch_racks: list[str]) -> str:
    """Plan > Auto-wire Fabric, Design a new fabric: every server and storage device, the kind,
    switch model, leaf layout and the racks that take switches; Preview, then Apply (issue 31: a
    new design previews as an extension does). Returns the fabric's id."""
    doc = win.doc
    before = {f.id for f in doc.plan.fabrics}
    trigger(win, "Plan", "Auto-wire Fabric")
    dlg = win.autowire_dialog
    assert dlg.isVisible() and dlg.extending is None
    pick_text(dlg.source, "All servers and storage")
    pick(dlg.kind, kind)
    pick(dlg.switch, switch)
    pick(dlg.leaves, leaves)
    for i in range(dlg.racks.count()):
        it = dlg.racks.item(i)
        want = it.data(Qt.ItemDataRole.UserRole) in switch_racks
        it.setCheckState(Qt.CheckState.Checked if want else Qt.CheckState.Unchecked)
    QTest.mouseClick(dlg.wire_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.running and dlg.preview is not None, timeout=30000)
    assert {f.id for f in doc.plan.fabrics} == before  # nothing yet
    with qtbot.waitSignal(dlg.wired, timeout=30000):
        QTest.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    (fid,) = {f.id for f in doc.plan.fabrics} - before
    return fid


def test_rebuild_the_32_gpu_example_from_file_new_then_grow_it(qtbot, tmp_path, monkeypatch, catalog):
    win = new_window(qtbot, tmp_path, catalog)
    doc = win.doc
    racks = build_floor(qtbot, win)
    devices = place_devices(win, racks)
    build_power(qtbot, win, racks)
    loop = build_cooling(qtbot, win, racks)

    # the three fabrics by auto-wire, their switches in R03 as in the example
    compute = autowire(qtbot, win, "compute", IB_SWITCH, None, [racks[2]])
    storage = autowire(qtbot, win, "storage", IB_SWITCH, "row", [racks[2]])
    mgmt = autowire(qtbot, win, "management", MGMT_SWITCH, "row", [racks[2]])
    nics = {p.name for p in device_ports(catalog, SERVER).role("compute")}
    for s in devices["servers"]:  # rails: every GPU's NIC on the compute fabric
        assert {lk.a.port for lk in doc.plan.links if lk.fabric == compute and lk.a.placement == s} == nics
    switches = [p.id for p in doc.plan.rack(racks[2]).placements if p.device in (IB_SWITCH, MGMT_SWITCH)]
    assert len(switches) == 3, "one compute and one storage QM9700, one SN2201: as the example"
    fabric_of = {s: next(t[7:] for t in doc.plan.placement(s).tags if t.startswith("fabric:")) for s in switches}
    assert sorted(fabric_of.values()) == sorted([compute, storage, mgmt])
    # auto-wire stacked them from U1 up; the example keeps them at the top: each moved in its
    # Inspector (Lowest U), compute U40, storage U38, management U42
    for s, u in sorted(((s, {compute: 40, storage: 38, mgmt: 42}[fabric_of[s]]) for s in switches),
                       key=lambda su: -doc.plan.placement(su[0]).u):
        p = doc.plan.placement(s)
        QTest.mouseClick(win.rack_view.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         rack_point(win, racks[2], "front", p.u))
        assert doc.selection == (("placement", s),)
        type_into(qtbot, win.inspector.fields["u"], str(u))
        assert doc.plan.placement(s).u == u, win.inspector.error.text()

    # the InfiniBand switches' management ports are on the SN2201 already: the management
    # auto-wire wires them as it wires the servers' BMCs (issue 31; they took a Connect... each)
    mgmt_switch = next(s for s in switches if doc.plan.placement(s).device == MGMT_SWITCH)
    for sw in (s for s in switches if doc.plan.placement(s).device == IB_SWITCH):
        assert [(lk.a.port, lk.b.placement) for lk in doc.plan.links if lk.fabric == mgmt and lk.a.placement == sw] \
            == [("mgmt0", mgmt_switch)]

    # File > Save As
    target = tmp_path / "rebuilt-pod.json"
    monkeypatch.setattr(dialogs, "ask_save_path", lambda parent, suggested="": str(target))
    trigger(win, "File", "Save As")
    assert target.exists() and not win.isWindowModified()

    ours, theirs = engine_check(target), engine_check(EXAMPLE)
    errors = [f for f in ours["findings"] if f["severity"] == "error"]
    assert ours["summary"]["error"] == 0 and not errors, errors
    t, e = ours["totals"], theirs["totals"]
    assert t["gpus"] == e["gpus"] == 32
    for key in ("typical", "max"):
        assert t["it_power_kw"][key] == pytest.approx(e["it_power_kw"][key], rel=0.01), key
    assert t["heat_kw"] == pytest.approx(e["heat_kw"], rel=0.01)
    assert t["cooling_tons"] == pytest.approx(e["cooling_tons"], rel=0.01)
    # the example's rear doors hang on its chilled-water loop too: the same heat to liquid (issue 31)
    assert t["liquid_heat_kw"] == pytest.approx(e["liquid_heat_kw"], rel=0.01) and t["liquid_heat_kw"] > 40
    # 2N: each UPS carries half, and the whole IT load when the other side fails
    ups = ours["power_sources"]
    assert len(ups) == 2 and sorted(len(u["feeds"]) for u in ups) == [3, 3]
    for u in ups:
        assert u["load_kw"] == pytest.approx(t["it_power_kw"]["max"] / 2, rel=0.01)
        assert u["failover_load_kw"] == pytest.approx(t["it_power_kw"]["max"], rel=0.01)
    # the rear doors' heat goes to the chilled-water loop
    (lp,) = ours["loops"]
    door_racks = [r for r in ours["racks"] if r["id"] in racks[:2]]
    assert lp["id"] == loop and lp["racks"] == 2 and lp["level"] == "ok"
    assert all((r["cooling"], r["cooling_unit"], r["loop"]) == ("rdhx", REAR_DOOR, loop) for r in door_racks)
    door_heat = sum(r["heat_kw"] for r in door_racks)
    assert lp["heat_kw"] == pytest.approx(door_heat, rel=0.01)
    assert door_heat == pytest.approx(sum(r["heat_kw"] for r in theirs["racks"] if r["id"] in ("rack-1", "rack-2")),
                                      rel=0.01)
    by_kind = {f["kind"]: f for f in ours["fabrics"]}
    their_kind = {f["kind"]: f for f in theirs["fabrics"]}
    for kind in ("compute", "storage", "management"):
        assert by_kind[kind]["links"] == their_kind[kind]["links"], kind
    assert by_kind["compute"]["per_gpu_gbps"] == their_kind["compute"]["per_gpu_gbps"]

    # a fifth XE9680 into a rack with room (R03: R01 and R02 have no power headroom left), then
    # Auto-wire Fabric in Extend mode: Preview, Apply
    checker = PlacementChecker(catalog)
    u = checker.first_fit(doc.plan, racks[2], SERVER)
    assert u is not None
    fifth = drop(win, SERVER, racks[2], "front", u)
    links_before = {lk.id: lk.model_dump(mode="json") for lk in doc.plan.links}
    n_switches = sum(1 for p, _ in doc.plan.index.iter_placements() if p.device in (IB_SWITCH, MGMT_SWITCH))
    trigger(win, "Plan", "Auto-wire Fabric")
    dlg = win.autowire_dialog
    pick(dlg.mode, compute)
    assert dlg.source.currentData() == [fifth]
    QTest.mouseClick(dlg.wire_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.running and dlg.preview is not None, timeout=30000)
    assert dlg.apply_button.isVisible()
    with qtbot.waitSignal(dlg.extended, timeout=10000):
        QTest.mouseClick(dlg.apply_button, Qt.MouseButton.LeftButton)
    now = {lk.id: lk.model_dump(mode="json") for lk in doc.plan.links}
    assert all(now.get(i) == v for i, v in links_before.items()), "an existing link was changed or removed"
    mine = [lk for lk in doc.plan.links if fifth in (lk.a.placement, lk.b.placement)]
    assert {lk.a.port if lk.a.placement == fifth else lk.b.port for lk in mine} == nics
    assert all(lk.fabric == compute for lk in mine)
    # the compute leaf had 32 free ports: no switch added
    assert sum(1 for p, _ in doc.plan.index.iter_placements() if p.device in (IB_SWITCH, MGMT_SWITCH)) == n_switches
    doc.flush()
    assert sum(doc.results.totals.agg.gpus.values()) == 40
    assert not [f.code for f in doc.results.findings if f.severity == "error"]
    assert not [f for f in doc.results.findings if f.code == "FABRIC_UNCONNECTED_PORTS" and f.id == compute]
