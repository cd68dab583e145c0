"""The app on a real X server (Xvfb), driven with real mouse and keyboard events (xdotool)
and looked at through the X server's own framebuffer (ImageMagick's import).

Offscreen grabs render the whole scene afresh and so hide partial-repaint bugs: a rack's
front frame vanished on every move on X while every offscreen grab showed it. Here, after
each gesture, the screen as X shows it must equal the screen after a full repaint.

Needs Xvfb, xdotool and import; skipped without them, except in CI (CI=true), where
.ci/run installs them and a skip would hide a regression.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("Xvfb", "xdotool", "import")
pytestmark = [pytest.mark.gui, pytest.mark.slow]


def _need_tools() -> None:
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI must provide {', '.join(missing)} (.ci/run installs them)")
        pytest.skip(f"no {', '.join(missing)} on this machine")


@pytest.fixture
def xserver():
    _need_tools()
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1920x1080x24", "-nolisten", "tcp",
                             "-noreset"],  # no server reset between clients (a client then is refused)
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        display = ":" + f.readline().strip()
    try:
        yield display
    finally:
        proc.terminate()
        proc.wait(10)


class App:
    """The child process of tests/x11_child.py and the X tools that drive and watch it."""

    def __init__(self, display: str, plan: Path, tmp: Path, size: tuple[int, int]) -> None:
        self.env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "XDG_CONFIG_HOME": str(tmp / "cfg"),
                    "XDG_DATA_HOME": str(tmp / "data"), "XDG_CACHE_HOME": str(tmp / "cache"),
                    "QT_SCALE_FACTOR": "1"}
        self.env.pop("QT_QPA_PLATFORM_PLUGIN_PATH", None)
        # the child imports the tree this test belongs to
        self.env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        self.tmp = tmp
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "x11_child.py"), str(plan), *map(str, size)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=self.env,
                                     cwd=ROOT)
        self.info = json.loads(self._expect("READY"))

    def _expect(self, word: str) -> str:
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(f"the app under X ended before {word} (exit {self.proc.wait()})")
            if line.startswith(word):
                return line[len(word):].strip()

    def ask(self, cmd: str, answer: str) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()
        return self._expect(answer)

    def xdotool(self, *args: object) -> None:
        subprocess.run(["xdotool", *map(str, args)], env=self.env, check=True, timeout=30)

    def shot_root(self, name: str) -> Path:
        out = self.tmp / f"{name}.png"
        subprocess.run(["import", "-window", "root", str(out)], env=self.env, check=True, timeout=30)
        return out

    def shot(self, name: str) -> Path:
        out = self.tmp / f"{name}.png"
        x, y, w, h = self.info["rack_view"]
        subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage", str(out)],
                       env=self.env, check=True, timeout=30)
        return out

    def close(self) -> None:
        try:
            self.ask("QUIT", "\x00") if self.proc.poll() is None else None
        except AssertionError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _pixels(shot: Path, points: list[list]) -> dict[tuple[str, str], tuple[int, int, int]]:
    from PIL import Image

    with Image.open(shot) as im:
        rgb = im.convert("RGB")
        return {(name, face): rgb.getpixel((x, y)) for name, face, x, y in points}


def _frames_intact(app: App, reference: dict, when: str) -> None:
    """Every rack face's frame band shows the colour it showed before any gesture."""
    points = json.loads(app.ask("POINTS", "POINTS"))
    now = _pixels(app.shot_root(when), points)
    lost = [f"{name} {face}" for (name, face), c in now.items()
            if (name, face) in reference and max(abs(a - b) for a, b in zip(c, reference[(name, face)])) > 40]
    assert not lost, f"after {when} X no longer shows the frame of {', '.join(lost)} (see {app.tmp / when}.png)"


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_frames_stay_on_screen_when_devices_move_with_key_and_mouse(xserver, tmp_path, size):
    plan = tmp_path / "pod.json"
    shutil.copy(ROOT / "examples" / "xe9680-h100-pod.json", plan)
    app = App(xserver, plan, tmp_path, size)
    try:
        info = app.info
        app.ask("SETTLE", "SETTLED")
        points = json.loads(app.ask("POINTS", "POINTS"))
        assert len(points) >= 4, "the rack faces should be on screen"
        reference = _pixels(app.shot_root("start"), points)
        dx, dy = info["device"]
        ux, uy = info["two_u_up"]
        # the Up key on the selected device
        app.xdotool("mousemove", dx, dy, "click", 1)
        app.ask("SETTLE", "SETTLED")
        app.xdotool("key", "Up")
        app.ask("SETTLE", "SETTLED")
        state = json.loads(app.ask("STATE", "STATE"))
        assert state["u"] == info["u"] + 1, "the Up key did not move the device"
        _frames_intact(app, reference, "the Up key")
        # a drag with the mouse, in small steps as a hand moves
        app.xdotool("mousemove", dx, dy - 2)
        app.xdotool("mousedown", 1)
        for i in range(1, 9):
            app.xdotool("mousemove", ux, dy - 2 + (uy - dy) * i // 8)
        app.xdotool("mouseup", 1)
        app.ask("SETTLE", "SETTLED")
        state = json.loads(app.ask("STATE", "STATE"))
        assert state["u"] != info["u"] + 1, "the drag did not move the device"
        assert not state["status"].startswith("Refused"), state["status"]
        _frames_intact(app, reference, "a drag")
    finally:
        app.close()


def test_escape_cancels_a_mouse_drag_on_x(xserver, tmp_path):
    """A device dragged with a real mouse, Esc pressed before the button comes up: it goes
    back where it was, nothing is left on the undo stack, and the frames are drawn."""
    plan = tmp_path / "pod.json"
    shutil.copy(ROOT / "examples" / "xe9680-h100-pod.json", plan)
    app = App(xserver, plan, tmp_path, (1366, 768))
    try:
        info = app.info
        app.ask("SETTLE", "SETTLED")
        points = json.loads(app.ask("POINTS", "POINTS"))
        reference = _pixels(app.shot_root("start"), points)
        before = json.loads(app.ask("STATE", "STATE"))
        dx, dy = info["device"]
        ux, uy = info["two_u_up"]
        app.xdotool("mousemove", dx, dy - 2)
        app.xdotool("mousedown", 1)
        for i in range(1, 9):
            app.xdotool("mousemove", ux, dy - 2 + (uy - dy) * i // 8)
        app.ask("SETTLE", "SETTLED")
        moving = json.loads(app.ask("STATE", "STATE"))
        assert moving["u"] != info["u"], "the drag did not move the device"
        app.xdotool("key", "Escape")
        app.ask("SETTLE", "SETTLED")
        app.xdotool("mousemove", ux, uy - 40)  # the button still down: nothing follows
        app.xdotool("mouseup", 1)
        app.ask("SETTLE", "SETTLED")
        after = json.loads(app.ask("STATE", "STATE"))
        assert after["u"] == info["u"], "Esc did not put the device back"
        assert after["undo"] == before["undo"] and not after["redo"], "the cancelled drag left an undo step"
        _frames_intact(app, reference, "a cancelled drag")
    finally:
        app.close()


def test_floor_plan_follows_a_live_theme_switch_on_x(xserver, tmp_path):
    """Dark, then back to light, from the running app: on X the floor plan stayed dark."""
    from PIL import Image

    plan = tmp_path / "pod.json"
    shutil.copy(ROOT / "examples" / "xe9680-h100-pod.json", plan)
    app = App(xserver, plan, tmp_path, (1366, 768))
    try:
        for theme, dark in (("dark", True), ("light", False), ("dark", True), ("light", False)):
            x, y = json.loads(app.ask(f"THEME {theme}", "THEMED"))["floor_point"]
            shot = app.shot_root(f"theme-{theme}")
            with Image.open(shot) as im:
                r, g, b = im.convert("RGB").getpixel((x, y))[:3]
            lightness = (max(r, g, b) + min(r, g, b)) / 2
            assert (lightness < 80) if dark else (lightness > 170), f"floor after {theme}: {(r, g, b)} ({shot})"
    finally:
        app.close()
