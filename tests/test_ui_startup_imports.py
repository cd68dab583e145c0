"""The app's first window comes up without the libraries only later work needs (issue 30:
start to first window <= 1.5 s): SQLAlchemy (project files: the recovery controller makes
its store on first use), and pyqtgraph and numpy (each chart makes its plot when it is
first on screen, after the window's first frame: ui/panels/plothost.py). Each probe is
a fresh interpreter starting the app offscreen with empty settings and user data, as
``rackwright`` does; the speed itself is measured by bench/bench_startup.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
from ui import dialogs
asked = []
dialogs.ask_recover = lambda parent, d: asked.append(d) and None  # 'Later': every copy is kept
from ui.shell.app import open_window
win = open_window(sys.argv[1] if len(sys.argv) > 1 else None, background=False)
print(json.dumps({"shown": win.isVisible(), "asked": asked, "locked": win.recovery.lock is not None,
                  "loaded": sorted(m for m in ("sqlalchemy", "pyqtgraph", "numpy") if m in sys.modules)}))
"""


def probe(tmp: Path, *args: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RACKWRIGHT_")}
    env.update(QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "data"),
               RACKWRIGHT_USER_DATA=str(tmp / "user"), RACKWRIGHT_USER_CATALOG=str(tmp / "no-user-catalog"),
               PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=180)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_first_window_without_sqlalchemy(tmp_path):
    got = probe(tmp_path)
    assert got["shown"] and got["asked"] == []
    assert "sqlalchemy" not in got["loaded"]


def test_a_plan_opened_at_start_comes_up_without_sqlalchemy(tmp_path):
    """``rackwright plan.json`` takes the plan's "opened twice" lock at start: the lock is a
    file beside the plan (planner.files.filelock) and needs none of the project-file code
    (it cost 0.42 s of SQLAlchemy imports before the first window)."""
    plan = tmp_path / "pod.json"
    plan.write_bytes((ROOT / "examples" / "xe9680-h100-pod.json").read_bytes())
    got = probe(tmp_path, str(plan))
    assert got["shown"] and got["asked"] == []
    assert got["locked"]
    assert got["loaded"] == []


def test_first_window_without_pyqtgraph_or_numpy(tmp_path):
    got = probe(tmp_path)
    assert "pyqtgraph" not in got["loaded"] and "numpy" not in got["loaded"]


def test_a_copy_left_by_a_crashed_run_is_still_offered(tmp_path):
    """The start-up looks for slot files before loading the project-file code: a slot there
    loads it and is offered as before."""
    from planner.files.storage import RecoveryStore
    from tests.fixtures.ui_app.support import two_rack_plan

    store = RecoveryStore(tmp_path / "user" / "recovery", session="crashed")
    entry = store.write(two_rack_plan(), untitled_id="left-behind", title="left behind")
    meta = entry.file.with_suffix(".json")
    info = json.loads(meta.read_text())
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    info["pid"] = p.pid  # its program is gone
    meta.write_text(json.dumps(info))
    got = probe(tmp_path)
    assert got["shown"] and len(got["asked"]) == 1 and "left behind" in got["asked"][0][0]
    assert "sqlalchemy" in got["loaded"]
