"""On a bare Linux the app said nothing of its own when Qt's xcb platform could not load
libxcb-cursor0 (Qt's raw plugin message, then an abort): `rackwright` now prints one line
naming the library and the package per distribution, before Qt is loaded (issue 31)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rackwright import entry

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's X11 libraries")
MISSING = (("libnot-there-rackwright.so.0", "libnot-there0", "not-there", "not-there"),)


def test_a_missing_xcb_library_is_named_with_its_packages(monkeypatch):
    monkeypatch.setattr(entry, "XCB_LIBRARIES", MISSING)
    line = entry.missing_window_library({"DISPLAY": ":0"})
    assert line is not None and "\n" not in line
    assert "libnot-there-rackwright.so.0" in line and "sudo apt install libnot-there0" in line
    assert "dnf install not-there" in line


def test_other_platforms_and_present_libraries_pass(monkeypatch):
    assert entry.missing_window_library({"DISPLAY": ":0"}) is None  # this machine has libxcb-cursor0 (.ci/run)
    monkeypatch.setattr(entry, "XCB_LIBRARIES", MISSING)
    assert entry.missing_window_library({"QT_QPA_PLATFORM": "offscreen"}) is None
    assert entry.missing_window_library({"WAYLAND_DISPLAY": "wayland-0"}) is None
    assert entry.missing_window_library({"QT_QPA_PLATFORM": "xcb"}) is not None


def test_the_app_stops_with_the_line_and_imports_no_qt(tmp_path):
    code = ("import sys; from rackwright import entry; "
            f"entry.XCB_LIBRARIES = {MISSING!r}; rc = entry.main([]); "
            "assert 'PySide6' not in sys.modules, 'Qt was loaded'; sys.exit(rc)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "QT_QPA_PLATFORM": "xcb",
                               "PYTHONPATH": str(entry.__file__).rsplit("/rackwright/", 1)[0]})
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "libnot-there-rackwright.so.0" in lines[0], proc.stderr
