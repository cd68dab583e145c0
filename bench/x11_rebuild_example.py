"""Rebuild the bundled 32-GPU example (examples/xe9680-h100-pod.json) from File > New on a
real X server, with xdotool's mouse moves, clicks, drags and key presses only, as a user
does (issue 31, last "Done when" point). Screenshots of every stage (ImageMagick's
``import -window root``), then `rackwright check` on the saved plan and on the example.

    python bench/x11_rebuild_example.py [--size 1920x1080] [--out /tmp/x11-rebuild] [--display :77]

Without --display it starts its own Xvfb. The app runs in a child process of this script
(``--child``), started as ``rackwright`` starts it (ui.shell.app.open_window with no plan:
File > New's plan), with one addition: a thread answering "where is X on the screen"
(a widget's centre, a menu item, a U of a rack) and "what does it show" on stdin/stdout.
Those answers stand in for the user's eyes; nothing in the child changes the plan. Every
change comes from an X event sent with xdotool, counted as gestures: a click, a drag, a
key press, a typed value (one gesture per field).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"


# ================================================================================================
# child: the app, and a thread that answers where things are
# ================================================================================================

def child_main() -> int:
    from PySide6.QtCore import QObject, QPoint, QRect, Qt, Signal
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QAbstractScrollArea,
        QApplication,
        QComboBox,
        QDialogButtonBox,
        QListWidget,
        QMenu,
        QMenuBar,
        QTabBar,
        QTreeWidget,
        QWidget,
    )

    from ui.shell.app import application, open_window

    app = application()
    win = open_window(None)
    win.raise_()
    win.activateWindow()

    def centre(w: QWidget, rect: QRect | None = None) -> list[int]:
        r = rect if rect is not None else w.rect()
        g = w.mapToGlobal(r.center())
        return [g.x(), g.y()]

    def visible(w: QWidget) -> bool:
        try:
            return w.isVisible()
        except RuntimeError:  # closed and deleted
            return False

    def geometry(w: QWidget) -> list[int]:
        g = w.mapToGlobal(QPoint(0, 0))
        return [g.x(), g.y(), w.width(), w.height()]

    def clean(t: str) -> str:
        return t.replace("&", "").rstrip("\u2026").rstrip(".").strip()

    def menubar(text: str) -> list[int]:
        mb: QMenuBar = win.menuBar()
        for a in mb.actions():
            if clean(a.text()) == text:
                return centre(mb, mb.actionGeometry(a))
        raise KeyError(text)

    def menu_item(text: str) -> list[int]:
        """An item of the menu open on screen (the last popup)."""
        m = QApplication.activePopupWidget()
        if not isinstance(m, QMenu):
            raise LookupError(f"no menu open (popup {m!r})")
        for a in m.actions():
            if clean(a.text()) == text or clean(a.text()).startswith(text):
                return centre(m, m.actionGeometry(a))
        raise KeyError(f"{text!r} not in {[a.text() for a in m.actions()]}")

    def popup_item(text: str) -> list[int]:
        """An item of an open combo box's list."""
        m = QApplication.activePopupWidget()
        if m is None:
            raise LookupError("no popup open")
        views = m.findChildren(QAbstractItemView)
        for v in views:
            model = v.model()
            for r in range(model.rowCount()):
                ix = model.index(r, 0)
                if str(ix.data()).startswith(text):
                    v.scrollTo(ix)
                    return centre(v.viewport(), v.visualRect(ix))
        raise KeyError(text)

    def combo_texts(c: QComboBox) -> list[str]:
        return [c.itemText(i) for i in range(c.count())]

    def catalog_row(slug: str) -> list[int]:
        from ui.panels.catalog import SLUG_ROLE

        t = win.catalog_panel.table
        p = t.model()
        for r in range(p.rowCount()):
            ix = p.index(r, 0)
            if ix.data(SLUG_ROLE) == slug:
                rect = t.visualRect(ix)
                if not t.viewport().rect().contains(rect.center()):
                    raise LookupError(f"{slug} is not in view")
                return centre(t.viewport(), rect)
        raise KeyError(slug)

    def rack_id(name: str) -> str:
        return next(r.id for r in win.doc.plan.racks() if r.name == name)

    def rack_pt(name: str, face: str, u: int, side: str | None = None) -> list[int]:
        view = win.rack_view.view
        rid = rack_id(name)
        pt = view.viewport_point(rid, face, u)
        if side is not None:
            frame = view.mapFromScene(win.rack_view.scene.frames[(rid, face)].sceneBoundingRect()).boundingRect()
            pt.setX(frame.left() + frame.width() // 8 if side == "left" else frame.right() - frame.width() // 8)
        if not view.viewport().rect().contains(pt):
            raise LookupError(f"{name} {face} U{u} is not in view")
        g = view.viewport().mapToGlobal(pt)
        return [g.x(), g.y()]

    def pdu_pt(name: str, face: str, side: str) -> list[int]:
        """The middle of the side channel of a rack face (where a 0U PDU is dropped)."""
        return rack_pt(name, face, 24, side)

    def tree_item(tree: QTreeWidget, text: str) -> list[int]:
        its = tree.findItems(text, Qt.MatchFlag.MatchStartsWith | Qt.MatchFlag.MatchRecursive)
        if not its:
            raise KeyError(text)
        tree.scrollToItem(its[0])
        return centre(tree.viewport(), tree.visualItemRect(its[0]))

    def list_item(lst: QListWidget, text: str) -> list[int]:
        its = lst.findItems(text, Qt.MatchFlag.MatchStartsWith)
        if not its:
            raise KeyError(text)
        lst.scrollToItem(its[0])
        r = lst.visualItemRect(its[0])
        g = lst.viewport().mapToGlobal(QPoint(r.left() + 10, r.center().y()))  # the check box
        return [g.x(), g.y()]

    def button(parent: QWidget, text: str) -> list[int]:
        """A visible push or tool button by its text (without '&' and '...')."""
        for b in parent.findChildren(QAbstractButton):
            if b.isVisible() and clean(b.text()) == text:
                return centre(b)
        raise KeyError(text)

    def scroll_need(w: QWidget):
        """None when ``w`` is shown whole inside the scroll area it is in; else a point on that
        area's scroll bar and the wheel button (4 up, 5 down) that brings it into view."""
        p = w.parentWidget()
        while p is not None and not isinstance(p, QAbstractScrollArea):
            p = p.parentWidget()
        if p is None:
            return None
        vp = p.viewport()
        top = w.mapTo(vp, QPoint(0, 0)).y()
        if top >= 0 and top + w.height() <= vp.height():
            return None
        bar = p.verticalScrollBar()
        return [centre(bar), 5 if top > 0 else 4]

    def tab(text: str, which: str = "first") -> list[int]:
        """A visible tab (of the dock tab bars and tab widgets) by its text."""
        hits = []
        for bar in win.findChildren(QTabBar):
            if not bar.isVisible():
                continue
            for i in range(bar.count()):
                if clean(bar.tabText(i)) == text:
                    hits.append(centre(bar, bar.tabRect(i)))
        if not hits:
            raise KeyError(text)
        return sorted(hits)[-1 if which == "last" else 0]

    def windows() -> list[list]:
        return [[w.objectName() or type(w).__name__, w.windowTitle(), *geometry(w)]
                for w in QApplication.topLevelWidgets() if w.isVisible()]

    def active() -> str:
        w = QApplication.activeModalWidget() or QApplication.activeWindow()
        return "" if w is None else f"{type(w).__name__}:{w.windowTitle()}"

    def placed(rack: str) -> list[list]:
        r = win.doc.plan.rack(rack_id(rack))
        return [[p.device, p.u, p.face, p.side, p.name] for p in r.placements]

    ns = dict(scroll_need=scroll_need, tab=tab, button=button, win=win, app=app, centre=centre, geometry=geometry, menubar=menubar, menu_item=menu_item,
              popup_item=popup_item, catalog_row=catalog_row, rack_pt=rack_pt, pdu_pt=pdu_pt, tree_item=tree_item,
              list_item=list_item, windows=windows, active=active, placed=placed, combo_texts=combo_texts,
              visible=visible, rack_id=rack_id, QApplication=QApplication,
              QDialogButtonBox=QDialogButtonBox)

    class Asker(QObject):
        ask = Signal(str)

    asker = Asker()

    def answer(line: str) -> None:
        try:
            out = eval(line, ns)  # noqa: S307 - the parent is this script
            print("ANS " + json.dumps(out, default=str), flush=True)
        except Exception as e:  # noqa: BLE001 - the parent prints it
            print("ERR " + json.dumps(f"{type(e).__name__}: {e}"), flush=True)

    asker.ask.connect(answer, Qt.ConnectionType.QueuedConnection)

    def reader() -> None:
        for line in sys.stdin:
            if line.strip() == "QUIT":
                break
            asker.ask.emit(line.strip())
        asker.ask.emit("app.exit(0)")

    threading.Thread(target=reader, daemon=True).start()
    print("READY", flush=True)
    return app.exec()


# ================================================================================================
# parent: the gestures
# ================================================================================================

class Driver:
    def __init__(self, display: str, out: Path, size: tuple[int, int]) -> None:
        self.out = out
        self.size = size
        self.gestures = 0
        self.log: list[str] = []
        cfg = out / "home"
        self.env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "QT_SCALE_FACTOR": "1",
                    "XDG_CONFIG_HOME": str(cfg / ".config"), "XDG_DATA_HOME": str(cfg / ".local/share"),
                    "XDG_CACHE_HOME": str(cfg / ".cache"), "HOME": str(cfg), "LANGUAGE": "en", "LANG": "C.UTF-8",
                    "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
        self.env.pop("QT_QPA_PLATFORM_PLUGIN_PATH", None)
        (cfg / "Documents").mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen([sys.executable, __file__, "--child"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=self.env, cwd=ROOT)
        self._expect("READY")
        self.t0 = time.monotonic()

    # -- eyes -----------------------------------------------------------------------------------
    def _expect(self, word: str) -> str:
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the app ended (exit {self.proc.wait()})")
            if line.startswith(word):
                return line[len(word):].strip()
            if line.startswith("ERR "):
                raise LookupError(json.loads(line[4:]))
            sys.stdout.write("  app: " + line)

    def q(self, expr: str, wait: float = 0.0):
        """What the screen shows (a point, a text), asked of the child."""
        assert self.proc.stdin is not None
        deadline = time.monotonic() + wait
        while True:
            self.proc.stdin.write(expr.replace("\n", " ") + "\n")
            self.proc.stdin.flush()
            try:
                return json.loads(self._expect("ANS "))
            except LookupError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.2)

    def until(self, expr: str, timeout: float = 20.0) -> None:
        end = time.monotonic() + timeout
        while not self.q(expr):
            if time.monotonic() > end:
                raise TimeoutError(expr)
            time.sleep(0.15)

    def shot(self, name: str) -> Path:
        time.sleep(0.4)
        p = self.out / f"{name}.png"
        subprocess.run(["import", "-window", "root", str(p)], env=self.env, check=True, timeout=30)
        self.log.append(f"shot {p.name}")
        return p

    # -- hands ----------------------------------------------------------------------------------
    def x(self, *args: object) -> None:
        subprocess.run(["xdotool", *map(str, args)], env=self.env, check=True, timeout=30)

    def _g(self, what: str) -> None:
        self.gestures += 1
        self.log.append(f"{self.gestures:3d} {time.monotonic() - self.t0:7.1f}s {what}")

    def click(self, pt, what: str = "", button: int = 1, mods: str = "") -> None:
        x, y = pt
        self.x("mousemove", x, y)
        time.sleep(0.08)
        if mods:
            self.x("keydown", mods)
        self.x("click", button)
        if mods:
            self.x("keyup", mods)
        self._g(f"click {what} at {x},{y}" + (f" with {mods}" if mods else ""))
        time.sleep(0.25)

    def drag(self, a, b, what: str = "", steps: int = 12, shot: str = "") -> None:
        (x0, y0), (x1, y1) = a, b
        self.x("mousemove", x0, y0)
        time.sleep(0.1)
        self.x("mousedown", 1)
        for i in range(1, steps + 1):
            self.x("mousemove", x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps)
            time.sleep(0.03)
        time.sleep(0.2)
        self.x("mousemove", x1, y1 + 1)
        time.sleep(0.15)
        if shot:  # what the user sees before letting go
            self.shot(shot)
        self.x("mouseup", 1)
        self._g(f"drag {what} {x0},{y0} -> {x1},{y1}")
        time.sleep(0.4)

    def key(self, *keys: str) -> None:
        self.x("key", "--delay", "60", *keys)
        self._g("key " + " ".join(keys))
        time.sleep(0.2)

    def type(self, text: str, field: str = "") -> None:
        """Select what the focused field shows and type over it: one gesture."""
        self.x("key", "ctrl+a")
        self.x("type", "--delay", "30", text)
        self._g(f"type {text!r} {field}")
        time.sleep(0.15)

    def into_view(self, expr: str) -> None:
        """Scroll with the wheel on the scroll bar until the widget is shown (one gesture)."""
        turns = 0
        while (need := self.q(f"scroll_need({expr})", wait=3)) is not None and turns < 60:
            (x, y), button = need
            self.x("mousemove", x, y, "click", "--repeat", 2, button)
            turns += 1
            time.sleep(0.1)
        if turns:
            self._g(f"wheel x{turns * 2} to show {expr}")

    def field(self, expr: str, text: str, enter: bool = True) -> None:
        """Click into a field (its centre), type the value, Return (or Tab)."""
        self.into_view(expr)
        self.click(self.q(f"centre({expr})", wait=3), expr)
        self.type(text, expr)
        self.key("Return" if enter else "Tab")

    def menu(self, top: str, *path: str) -> None:
        self.click(self.q(f"menubar({top!r})"), f"menu {top}")
        for item in path:
            self.click(self.q(f"menu_item({item!r})", wait=3), f"menu item {item}")

    def choose(self, combo: str, text: str) -> None:
        """Open a combo box and click its item starting with ``text``."""
        self.into_view(combo)
        self.click(self.q(f"centre({combo})", wait=3), combo)
        self.click(self.q(f"popup_item({text!r})", wait=3), f"item {text}")

    def close(self) -> None:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write("QUIT\n")
            self.proc.stdin.flush()
            self.proc.wait(15)
        except Exception:  # noqa: BLE001
            self.proc.kill()


# ================================================================================================
# the build
# ================================================================================================

SERVER = "dell-poweredge-xe9680"
IB_SWITCH = "nvidia-quantum-2-qm9700"
MGMT_SWITCH = "nvidia-sn2201"
STORAGE = "ddn-ai400x2"
PDU = "raritan-px3-415v-60a"
RACK_TYPE = "rack-48u-600x1200"
REAR_DOOR = "rdhx-passive-35kw"


def from_catalog(d: Driver, search: str, slug: str, target, what: str, shot: str = "") -> None:
    """Type into the catalog's search field (when the row is not in view) and drag the row."""
    try:
        src = d.q(f"catalog_row({slug!r})")
    except LookupError:
        d.field("win.catalog_panel.search", search, enter=False)
        src = d.q(f"catalog_row({slug!r})", wait=3)
    d.drag(src, target, what, shot=shot)


def build(d: Driver, until: str | None) -> Path:
    # File > New (the app opened with a new plan; a user still starts from File > New)
    d.menu("File", "New")
    d.shot("01-file-new")

    # the room: Floor > Room Properties, then the Inspector's fields
    d.menu("Floor", "Room Properties")
    d.field('win.inspector.fields["name"]', "Data hall 1")
    d.field('win.inspector.fields["width_m"]', "7.2")
    d.field('win.inspector.fields["depth_m"]', "6")
    d.field('win.inspector.fields["floor_load_limit_kg_per_m2"]', "1200")
    d.shot("02-room")

    # the first rack: click it, choose its type, name it; two more by Floor > Add Rack
    d.click(d.q("rack_pt('A01', 'front', 20)"), "rack A01")
    d.choose('win.inspector.fields["rack_type"]', "APC NetShelter SX 48U 600 mm x 1200")
    d.field('win.inspector.fields["name"]', "R01")
    for name in ("R02", "R03"):
        d.menu("Floor", "Add Rack")
        d.field('win.inspector.fields["name"]', name)
    d.menu("View", "Fit Elevations")
    d.shot("03-racks")
    if until == "racks":
        return Path()

    # PDUs into the rear side channels
    for r in ("R01", "R02", "R03"):
        for side in ("left", "right"):
            from_catalog(d, "PX3", PDU, d.q(f"pdu_pt({r!r}, 'rear', {side!r})"), f"PDU to {r} {side}")
    d.shot("04-pdus")
    # servers, storage, switches into the fronts
    for r in ("R01", "R02"):
        for u in (4, 12):
            # the pointer on the U where the device's bottom goes (the drop shows its outline)
            from_catalog(d, "XE9680", SERVER, d.q(f"rack_pt({r!r}, 'front', {u})"), f"XE9680 to {r} U{u}",
                         shot="04b-dragging-server" if (r, u) == ("R01", 4) else "")
    from_catalog(d, "AI400X2", STORAGE, d.q("rack_pt('R03', 'front', 20)"), "AI400X2 to R03 U20")
    for slug, search, u in ((IB_SWITCH, "QM9700", 40), (IB_SWITCH, "QM9700", 38), (MGMT_SWITCH, "SN2201", 42)):
        from_catalog(d, search, slug, d.q(f"rack_pt('R03', 'front', {u})"), f"{search} to R03 U{u}")
    d.shot("05-devices")
    print(json.dumps({r: d.q(f"placed({r!r})") for r in ("R01", "R02", "R03")}, indent=0))
    if until == "devices":
        return Path()

    # power: Plan > Power Feeds and Sources; the three racks clicked (Ctrl for the others),
    # A+B feeds for them (their PDUs connected: left on A, right on B)
    # (the racks first: the window opens over the elevations)
    select_racks(d, ["R01", "R02", "R03"])
    d.menu("Plan", "Power Feeds and Sources")
    d.until("visible(win.power_dialog)")
    d.shot("06-power-dialog")
    d.click(d.q("centre(win.power_dialog.ab_btn)"), "Add A+B Feeds")
    d.shot("07-feeds")
    print("feeds:", d.q("[(f.name, f.side, f.breaker_a, f.voltage_v) for f in win.doc.plan.feeds]"))
    d.click(d.q("button(win.power_dialog, 'Close')"), "Close")
    if until == "power":
        return Path()

    # cooling: R01 and R02 selected, Plan > Cooling Loops, a new facility (chilled) water loop
    # of 70 kW at 16 degC supply, assigned to them; each rack's rear door in the Inspector
    select_racks(d, ["R01", "R02"])
    d.menu("Plan", "Cooling Loops")
    d.until("visible(win.cooling_dialog)")
    d.click(d.q("centre(win.cooling_dialog.btn_new_facility)"), "New facility water loop")
    d.until("visible(win.cooling_dialog.editor)")
    d.shot("08-loop-editor")
    ed = "win.cooling_dialog.editor.form"
    d.field(f"{ed}.name", "Chilled water (rear doors)", enter=False)
    d.field(f"{ed}.supply", "16", enter=False)
    d.field(f"{ed}.ret", "21", enter=False)
    d.field(f"{ed}.capacity", "70")  # Return: OK
    d.until("not visible(win.cooling_dialog.editor)")
    d.click(d.q("centre(win.cooling_dialog.table.viewport(), win.cooling_dialog.table.visualRect("
                "win.cooling_dialog.table.model().index(0, 0)))"), "the loop's row")
    d.click(d.q("centre(win.cooling_dialog.btn_assign)"), "Assign selected racks")
    d.shot("09-loop-assigned")
    d.click(d.q("button(win.cooling_dialog, 'Close')"), "Close")
    for r in ("R01", "R02"):
        select_racks(d, [r])
        d.choose('win.inspector.fields["cooling_unit"]', "Vertiv Liebert DCD passive")
    d.shot("10-rear-doors")
    print("cooling:", d.q("[(r.name, r.cooling and r.cooling.model_dump()) for r in win.doc.plan.racks()]"),
          d.q("[l.model_dump() for l in win.doc.plan.cooling_loops]"))
    if until == "cooling":
        return Path()

    # the three networks by Plan > Auto-wire Fabric, on the switches racked in R03
    for n, (kind, label) in enumerate((("compute", "Compute"), ("storage", "Storage"), ("management", "Management"))):
        d.menu("Plan", "Auto-wire Fabric")
        d.until("visible(win.autowire_dialog)")
        aw = "win.autowire_dialog"
        d.choose(f"{aw}.source", "All servers and storage")
        d.choose(f"{aw}.kind", label)
        d.shot(f"{11 + 3 * n}-autowire-{kind}")
        print(kind, d.q(f"({aw}.switch.currentText(), {aw}.leaves.currentText(), "
                        f"[({aw}.racks.item(i).text(), int({aw}.racks.item(i).checkState().value)) "
                        f"for i in range({aw}.racks.count())])"))
        d.click(d.q(f"centre({aw}.wire_button)"), "Preview")
        d.until(f"not {aw}.running and {aw}.preview is not None", timeout=60)
        d.shot(f"{12 + 3 * n}-autowire-{kind}-preview")
        print(kind, "status:", d.q(f"{aw}.status.text()"))
        d.click(d.q(f"centre({aw}.apply_button)"), "Apply")
        d.until("not visible(win.autowire_dialog)")
        d.shot(f"{13 + 3 * n}-autowire-{kind}-applied")
    print("R03:", d.q("placed('R03')"))
    print("fabrics:", d.q("[(f.name, f.kind, sum(1 for l in win.doc.plan.links if l.fabric == f.id)) "
                          "for f in win.doc.plan.fabrics]"))
    if until == "wire":
        return Path()

    # the workloads: the Workloads tab beside the Inspector, Add target > Inference serving,
    # its fields typed; then the LoRA fine-tune on a group of the four servers
    d.click(d.q("tab('Workloads', 'last')"), "Workloads tab")
    wp = "win.workloads_panel"
    d.click(d.q(f"centre({wp}.add_button)"), "Add target")
    d.click(d.q("menu_item('Inference serving')", wait=3), "Inference serving")
    d.shot("20-workload-added")
    d.field(f"{wp}.name_edit", "Serve Llama-3.1-70B: 1,000 users at 20 tok/s, TTFT < 1 s")
    d.choose(f'{wp}.fields["precision"].editor', "fp8")
    for name, value in (("users", "1000"), ("input_tokens", "1024"), ("output_tokens", "256")):
        d.field(f'{wp}.fields["{name}"].editor', value)
        moved(d, f'{wp}.fields["target_ttft_s"].editor', name)
    d.shot("21-workload-serving")
    print("serving:", d.q("[(w.name, w.kind, w.group, w.spec) for w in win.doc.plan.workloads]"))
    # the fine-tune: the four servers selected (Ctrl+click), Group from selection, then LoRA
    servers = [("R01", 6), ("R01", 14), ("R02", 6), ("R02", 14)]  # inside each XE9680
    for k, (r, u) in enumerate(servers):
        d.click(d.q(f"rack_pt({r!r}, 'front', {u})"), f"server in {r} U{u}", mods="ctrl" if k else "")
    d.click(d.q(f"centre({wp}.add_button)"), "Add target")
    d.click(d.q("menu_item('Fine-tuning (LoRA)')", wait=3), "Fine-tuning (LoRA)")
    d.click(d.q(f"centre({wp}.group_button)"), "Group from selection")
    d.field(f"{wp}.name_edit", "Fine-tune Llama-3-70B (LoRA): 2B tokens in 1 day")
    d.field(f'{wp}.fields["tokens"].editor', "2e9")
    d.field(f'{wp}.fields["target_days"].editor', "1")
    d.shot("22-workload-finetune")
    print("workloads:", d.q("[(w.name, w.kind, w.group, w.spec) for w in win.doc.plan.workloads]"),
          d.q("[(g.name, g.members) for g in win.doc.plan.groups]"))
    if until == "workloads":
        return Path()

    # File > Save As: the file dialog, a name typed, Return
    d.menu("File", "Save As")
    time.sleep(1.0)
    d.shot("23-save-as")
    print("save dialog:", d.q("active()"), d.q("windows()"))
    target = d.out / "rebuilt-pod.json"
    d.type(str(target), "file name")
    d.key("Return")
    time.sleep(1.5)
    d.shot("24-saved")
    return target
    return Path()


def moved(d: Driver, expr: str, after: str) -> None:
    """Where a field is right after an edit and a second later (the form moving under the pointer)."""
    a = d.q(f"centre({expr})")
    time.sleep(1.2)
    b = d.q(f"centre({expr})")
    if a != b:
        print(f"after {after}: {expr} moved {a} -> {b}")
        d.log.append(f"    after {after}: {expr} moved {a} -> {b}")


def select_racks(d: Driver, names: list[str], u: int = 46) -> None:
    """Click the first rack's frame at a free U, Ctrl+click the others."""
    for k, r in enumerate(names):
        d.click(d.q(f"rack_pt({r!r}, 'front', {u})"), f"rack {r}", mods="ctrl" if k else "")


def check(path: Path) -> dict:
    """`rackwright check PLAN --json`, as a user runs it."""
    out = subprocess.run([sys.executable, "-m", "planner", "check", str(path), "--json"], capture_output=True, text=True,
                         timeout=300, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    if out.returncode not in (0, 1):
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout)


def compare(ours: dict, theirs: dict) -> list[str]:
    """The figures side by side; the lines that differ are marked."""
    def findings(r: dict, sev: str) -> list[str]:
        return sorted({f["code"] for f in r["findings"] if f["severity"] == sev})

    def wl(r: dict) -> dict:
        return {w["kind"]: (w.get("met"), round(w.get("margin") or 0, 3)) for w in r.get("workloads", [])}

    rows = []
    for label, get in (
            ("errors", lambda r: findings(r, "error")), ("warnings", lambda r: findings(r, "warning")),
            ("notes", lambda r: findings(r, "info")),
            ("GPUs", lambda r: r["totals"]["gpus"]), ("IT kW", lambda r: r["totals"]["it_power_kw"]),
            ("heat kW", lambda r: r["totals"]["heat_kw"]), ("liquid kW", lambda r: r["totals"]["liquid_heat_kw"]),
            ("cooling tons", lambda r: r["totals"]["cooling_tons"]),
            ("feeds (load, failover)", lambda r: sorted((round(f["load_kw"], 1), round(f["failover_load_kw"], 1))
                                                         for f in r["feeds"])),
            ("loops (heat, level)", lambda r: [(round(lp["heat_kw"], 1), lp["level"]) for lp in r["loops"]]),
            ("fabrics (kind, links, Gb/s/GPU)", lambda r: sorted((f["kind"], f["links"], f["per_gpu_gbps"])
                                                                  for f in r["fabrics"])),
            ("workloads (met, margin)", wl)):
        a, b = get(ours), get(theirs)
        rows.append(f"{'  ' if a == b else '!='} {label:34s} rebuilt {a}  example {b}")
    return rows


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--child", action="store_true")
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--out", default="/tmp/x11-rebuild")
    ap.add_argument("--display")
    ap.add_argument("--until")
    a = ap.parse_args()
    if a.child:
        return child_main()
    for tool in ("Xvfb", "xdotool", "import"):
        if shutil.which(tool) is None:
            print(f"needs {tool}", file=sys.stderr)
            return 2
    out = Path(a.out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    w, h = (int(v) for v in a.size.split("x"))
    xvfb = None
    display = a.display
    if display is None:
        r, wfd = os.pipe()
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(wfd), "-screen", "0", f"{w}x{h}x24", "-nolisten", "tcp",
                                 "-noreset"], pass_fds=(wfd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(wfd)
        with os.fdopen(r) as f:
            display = ":" + f.readline().strip()
    d = Driver(display, out, (w, h))
    try:
        d.shot("00-start")
        target = build(d, a.until)
        elapsed, gestures = time.monotonic() - d.t0, d.gestures
        if target.name and target.exists():
            rows = compare(check(target), check(EXAMPLE))
            print("\n".join(rows))
            (out / "compare.txt").write_text("\n".join(rows) + f"\n{gestures} gestures, {elapsed:.0f} s\n")
    except Exception:
        d.shot("zz-failure")  # what the screen showed when a step could not be done
        print("windows:", d.q("windows()"))
        raise
    finally:
        (out / "gestures.log").write_text("\n".join(d.log) + "\n")
        print(f"{d.gestures} gestures, {time.monotonic() - d.t0:.0f} s; log and shots in {out}")
        d.close()
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
