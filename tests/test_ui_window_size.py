"""First start fits the main window to the screen it opens on; a remembered geometry wins.

The screens are the offscreen platform's: the test session's own (800x800), and in a child
process screens configured like a 1366x768 laptop, full HD, a 4K monitor and high-DPI panels
at 150 % and 200 % (Qt's offscreen plugin reads them from a JSON ``configfile``; sizes are in
device-independent pixels). The high-DPI cases once crashed the app on show: the scaling
chart's ``metric`` attribute hid QWidget.metric(), which Qt calls when the pixel ratio
changes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings

from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan
from ui.shell.mainwindow import first_start_geometry

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parent.parent


def _window(qtbot, ini: Path):
    from ui.document import Document
    from ui.settings import AppSettings
    from ui.shell.mainwindow import MainWindow

    settings = AppSettings(QSettings(str(ini), QSettings.Format.IniFormat))
    win = MainWindow(Document(two_rack_plan(), fixture_catalog(), None), settings)
    qtbot.addWidget(win, before_close_func=lambda w: w.doc.undo_stack.setClean())
    return win


def test_a_screen_smaller_than_the_minimum_keeps_the_nominal_size(qtbot, tmp_path):
    win = _window(qtbot, tmp_path / "s.ini")
    avail = win.screen().availableGeometry()
    assert avail.width() < 1024  # the offscreen screen is 800x800
    assert win.size().toTuple() == (1600, 960)


def test_remembered_geometry_wins_over_the_screen_fit(qtbot, tmp_path):
    ini = tmp_path / "s.ini"
    first = _window(qtbot, ini)
    first.show()
    # a size the screen fit would not choose (the 800x800 test screen is narrower than the docks need)
    want = QRect(0, 60, first.minimumSizeHint().width(), 500)
    first.setGeometry(want)
    qtbot.waitUntil(lambda: first.geometry() == want)
    first.save_layout()
    second = _window(qtbot, ini)
    assert second.geometry() == want
    assert second.geometry() != QRect(first_start_geometry(second.screen().availableGeometry()))


SCRIPT = """
import json, sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan
from ui.shell.mainwindow import first_start_geometry
from ui.document import Document
from ui.shell.mainwindow import MainWindow
from ui.settings import AppSettings
win = MainWindow(Document(two_rack_plan(), fixture_catalog(), None),
                 AppSettings(QSettings(sys.argv[1], QSettings.Format.IniFormat)))
win.show()
app.processEvents()
s = win.screen()
print(json.dumps({"avail": s.availableGeometry().getRect(), "geo": win.geometry().getRect(),
                  "dpr": s.devicePixelRatio(), "narrow": win._narrow}))
win.doc.undo_stack.setClean()
"""


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height", "dpr", "logical"), [
    (1366, 768, 1, (1366, 768)),
    (1920, 1080, 1, (1920, 1080)),
    (3840, 2160, 1, (3840, 2160)),  # a 4K monitor at 100 %
    (1920, 1080, 2, (1920, 1080)),  # a 4K panel at 200 % (sizes are device-independent)
    (2560, 1440, 1.5, (2560, 1440)),  # a 4K laptop at 150 %
])
def test_first_start_on_laptop_full_hd_and_4k_screens(tmp_path, width, height, dpr, logical):
    cfg = tmp_path / "screens.json"
    cfg.write_text(json.dumps({"screens": [{"name": "S", "x": 0, "y": 0, "width": width, "height": height,
                                            "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": dpr}]}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={cfg}", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "s.ini")], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout.strip().splitlines()[-1])
    ax, ay, aw, ah = res["avail"]
    x, y, w, h = res["geo"]
    assert (aw, ah) == logical
    assert res["dpr"] == dpr
    # about 90 % of the available area, inside it and centred
    assert w == round(aw * 0.9) and h == round(ah * 0.9)
    assert ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah
    assert abs((x + w / 2) - (ax + aw / 2)) <= 1 and abs((y + h / 2) - (ay + ah / 2)) <= 1
    # a laptop screen gets the narrow arrangement (Charts tabbed with Findings)
    assert res["narrow"] == (w < 1700)


# virtuals Qt itself calls on widgets, scenes and objects (besides every ...Event handler);
# a plain method shadowed by an attribute (``self.scroll``, ``self.palette``) is harmless
QT_CALLS = {"event", "eventFilter", "metric", "devType", "paintEngine", "initPainter", "redirected",
            "sharedPainter", "sizeHint", "minimumSizeHint", "heightForWidth", "hasHeightForWidth",
            "setVisible", "inputMethodQuery", "focusNextPrevChild", "drawBackground", "drawForeground",
            "connectNotify", "disconnectNotify", "viewportEvent", "scrollContentsBy", "viewportSizeHint"}


def test_no_widget_attribute_hides_a_qt_method(qtbot, tmp_path):
    """A Python attribute named like a Qt virtual (``metric``, ``event``, ``sizeHint``...)
    is called by Qt in its place and crashes the app (shiboken cannot even print why)."""
    from PySide6.QtCore import QObject, Signal, SignalInstance

    win = _window(qtbot, tmp_path / "s.ini")
    bad = []
    for obj in [win, *win.findChildren(QObject)]:
        qt_base = next(c for c in type(obj).__mro__ if c.__module__.startswith("PySide6"))
        for name, value in getattr(obj, "__dict__", {}).items():
            qt = getattr(qt_base, name, None)
            virtual = name in QT_CALLS or name.endswith("Event")
            if virtual and callable(qt) and not isinstance(qt, Signal) and not isinstance(value, SignalInstance):
                bad.append(f"{type(obj).__name__}.{name} hides {qt_base.__name__}.{name}()")
    assert bad == []


MOVE_SCRIPT = """
import json, sys, time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan
from ui.document import Document
from ui.shell.mainwindow import MainWindow
from ui.settings import AppSettings
win = MainWindow(Document(two_rack_plan(), fixture_catalog(), None),
                 AppSettings(QSettings(sys.argv[1], QSettings.Format.IniFormat)))
win.show()
end = time.monotonic() + 1.0
while time.monotonic() < end:
    app.processEvents()
docks = {n: [d.width(), d.height()] for n, d in win.docks.items() if d.isVisible() and not d.isFloating()}
print(json.dumps({"avail": win.screen().availableGeometry().getRect(), "geo": win.geometry().getRect(), "docks": docks}))
win.save_layout()
win.doc.undo_stack.setClean()
"""


def _run_on_screen(tmp_path, ini, width, height):
    cfg = tmp_path / f"screens-{width}.json"
    cfg.write_text(json.dumps({"screens": [{"name": "S", "x": 0, "y": 0, "width": width, "height": height,
                                            "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={cfg}", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", MOVE_SCRIPT, str(ini)], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_a_layout_saved_on_a_laptop_grows_with_a_full_hd_screen(tmp_path):
    """Saved at 1366x768 and opened at 1920x1080 the window came back at the laptop's size,
    its panels cramped; it takes this screen's first-start size and the docks grow with it,
    keeping the user's arrangement (issue 31). And back on the laptop it fits again."""
    ini = tmp_path / "s.ini"
    laptop = _run_on_screen(tmp_path, ini, 1366, 768)
    big = _run_on_screen(tmp_path, ini, 1920, 1080)
    _, _, w, h = big["geo"]
    assert (w, h) == (round(1920 * 0.9), round(1080 * 0.9))
    assert set(big["docks"]) == set(laptop["docks"])  # the arrangement kept
    ratio = w / laptop["geo"][2]
    grown = [n for n in laptop["docks"] if n in ("catalogDock", "inspectorDock")]
    assert grown
    for name in grown:
        assert big["docks"][name][0] >= 0.85 * ratio * laptop["docks"][name][0], (name, laptop["docks"], big["docks"])
    back = _run_on_screen(tmp_path, ini, 1366, 768)
    ax, ay, aw, ah = back["avail"]
    x, y, bw, bh = back["geo"]
    assert ax <= x and ay <= y and x + bw <= ax + aw and y + bh <= ay + ah
