"""What the CLI prints to a terminal (issue #17): a mistyped command is not a missing
plan for the desktop app, names from a plan cannot drive the terminal, and an error is
one line naming the file (all of it with --verbose)."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
V2 = ROOT / "tests" / "fixtures" / "rackplan" / "v2" / "pod.rackplan"


def run(*args: str, module: str = "rackwright") -> subprocess.CompletedProcess:
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "xcb"  # if the app started, it would fail loudly here: no display
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=60)


def test_a_mistyped_command_says_so_and_suggests_the_closest():
    r = run("chek")
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "no such file or command" in lines[0] and "rackwright check" in lines[0]
    assert "Traceback" not in r.stderr and "qt" not in r.stderr.lower()
    r = run("missing-plan.rackplan")
    assert r.returncode == 2 and "missing-plan.rackplan" in r.stderr and "--help" in r.stderr


def test_control_characters_in_names_are_escaped_in_text_output(tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    rack = data["site"]["rooms"][0]["rows"][0]["racks"][0]
    rack["name"] = "R\x1b[2J\x1b]0;pwned\x07\u202eevil"
    data["metadata"]["project"] = "Pod\rOVERWRITE"
    plan = tmp_path / "hostile.json"
    plan.write_text(json.dumps(data), encoding="utf-8")
    r = run("check", str(plan), module="planner")
    assert r.returncode in (0, 1), r.stderr
    for bad in ("\x1b", "\x07", "\u202e", "\r"):
        assert bad not in r.stdout, repr(bad)
    assert "\\x1b[2J" in r.stdout and "\\u202e" in r.stdout
    js = run("check", str(plan), "--json", module="planner")  # JSON keeps the data, escaped by JSON itself
    assert json.loads(js.stdout)["racks"][0]["name"] == rack["name"]


def test_an_error_is_one_line_naming_the_file_and_whole_with_verbose(tmp_path):
    bad = tmp_path / "relabelled.rackplan"
    shutil.copy(V2, bad)
    con = sqlite3.connect(bad)
    con.execute("UPDATE rackwright_meta SET value = '1' WHERE key = 'schema_version'")  # a v2 file labelled v1
    con.commit()
    con.close()
    r = run("check", str(bad), module="planner")
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "relabelled.rackplan" in lines[0] and "http" not in lines[0] and "[SQL" not in lines[0]
    full = run("--verbose", "check", str(bad), module="planner")
    assert full.returncode == 2 and len(full.stderr.strip()) >= len(r.stderr.strip())
