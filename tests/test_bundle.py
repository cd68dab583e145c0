"""The PyInstaller bundle, built: it starts, checks a plan headless, keeps the GUI up, and
carries the notices, replaceable Qt libraries, icons and translations (docs/packaging.md).

Slow (building takes about a minute), so it runs on a bundle built beforehand and only when
RACKWRIGHT_BUNDLE names it: ``.ci/bundle`` builds dist/rackwright and runs this file, after
the default test suite in ``.ci/run``. Without RACKWRIGHT_BUNDLE it is skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
BUNDLE = os.environ.get("RACKWRIGHT_BUNDLE")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not BUNDLE, reason="set RACKWRIGHT_BUNDLE to a built bundle folder (.ci/bundle does)"),
    pytest.mark.skipif(sys.platform != "linux", reason="the Linux bundle"),
]


@pytest.fixture(scope="module")
def bundle() -> Path:
    path = Path(BUNDLE).resolve()
    assert (path / "rackwright").is_file(), f"no bundle at {path}"
    return path


def _env(tmp: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RACKWRIGHT_", "PYTHON"))}
    env.update(XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "data"),
               RACKWRIGHT_USER_CATALOG=str(tmp / "no-user-catalog"), **extra)
    return env


def test_version(bundle, tmp_path):
    from planner import __version__

    t0 = time.perf_counter()
    proc = subprocess.run([bundle / "rackwright", "--version"], capture_output=True, text=True,
                          env=_env(tmp_path), cwd=tmp_path, timeout=60)
    took = time.perf_counter() - t0
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"rackwright {__version__}"
    print(f"bundle --version: {took:.2f} s")
    # the headless path never loads Qt (our PySide6 run-time hook defers it; glibc lists what it loads)
    traced = subprocess.run([bundle / "rackwright", "--version"], capture_output=True, text=True,
                            env=_env(tmp_path, LD_DEBUG="files"), cwd=tmp_path, timeout=60)
    assert "libpython" in traced.stderr  # the trace works
    assert "libQt6Core" not in traced.stderr


def test_check_gives_the_source_trees_figures(bundle, tmp_path):
    plan = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, plan)
    frozen = subprocess.run([bundle / "rackwright", "check", str(plan), "--json"], capture_output=True,
                            text=True, env=_env(tmp_path), cwd=tmp_path, timeout=120)
    assert frozen.returncode == 0, frozen.stderr[-2000:]
    source = subprocess.run([sys.executable, "-m", "rackwright", "check", str(plan), "--json"],
                            capture_output=True, text=True, env=_env(tmp_path, PYTHONPATH=str(ROOT)),
                            cwd=tmp_path, timeout=120)
    assert source.returncode == 0, source.stderr[-2000:]
    assert json.loads(frozen.stdout) == json.loads(source.stdout)


def test_gui_stays_up_offscreen(bundle, tmp_path):
    plan = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, plan)
    proc = subprocess.Popen([bundle / "rackwright", str(plan)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=_env(tmp_path, QT_QPA_PLATFORM="offscreen"), cwd=tmp_path)
    try:
        time.sleep(6)
        assert proc.poll() is None, proc.communicate()[1][-3000:]  # still running: window up, no crash
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err, err[-3000:]
    assert (tmp_path / "pod.json").read_bytes() == EXAMPLE.read_bytes()  # nothing written over it


def test_notices_list_everything_bundled(bundle):
    from planner.notices import runtime_distributions

    text = (bundle / "_internal" / "resources" / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    for d in runtime_distributions():
        assert f"\n{d.metadata['Name']} {d.version}\nLicence: " in text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "no licence file shipped" not in text


def test_qt_libraries_are_separate_replaceable_files(bundle):
    """LGPL: the user can swap the Qt libraries; they are plain shared libraries in the folder."""
    qt = bundle / "_internal" / "PySide6" / "Qt" / "lib"
    assert (qt / "libQt6Core.so.6").is_file() and (qt / "libQt6Widgets.so.6").is_file()
    assert list((bundle / "_internal" / "PySide6").glob("QtCore*.so"))


def test_icons_and_translations_travel(bundle):
    res = bundle / "_internal" / "resources"
    for rel in ("icons/rackwright.svg", "icons/rackwright.ico", "icons/hicolor/256x256/apps/rackwright.png",
                "licenses/LGPL-3.0.txt"):
        assert (res / rel).is_file(), rel
    qm = {p.name for p in (ROOT / "resources").glob("translations/*.qm")}
    assert qm == {p.name for p in res.glob("translations/*.qm")}
    # the planner's gettext catalogs: committed .mo files and .po files the spec compiles
    locale = ROOT / "planner" / "locale"
    mo = {p.relative_to(ROOT).as_posix() for p in locale.glob("**/*.mo")}
    mo |= {p.relative_to(ROOT).with_suffix(".mo").as_posix() for p in locale.glob("**/*.po")}
    assert mo == {p.relative_to(bundle / "_internal").as_posix()
                  for p in (bundle / "_internal" / "planner" / "locale").glob("**/*.mo")}


def test_installs_with_the_linux_script(bundle, tmp_path):
    prefix = tmp_path / "prefix"
    proc = subprocess.run(["sh", str(ROOT / "packaging" / "install-linux.sh"), str(prefix), str(bundle)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([prefix / "bin" / "rackwright", "--version"], capture_output=True, text=True,
                         env=_env(tmp_path), timeout=60)
    assert run.returncode == 0 and run.stdout.startswith("rackwright ")
    assert (prefix / "share" / "icons" / "hicolor" / "48x48" / "apps" / "rackwright.png").is_file()


def test_windows_version_resource_builds(tmp_path, monkeypatch):
    """PyInstaller's version-resource classes are plain Python: the resource the spec writes on
    Windows reads back with the same fields and packs into the binary VS_VERSIONINFO
    (PyInstaller and pefile are installed wherever the bundle is built: the package extra)."""
    pytest.importorskip("PyInstaller")
    import PyInstaller.compat

    # the module imports win32api (only used to write a resource into an .exe, on Windows)
    monkeypatch.setattr(PyInstaller.compat, "win32api", getattr(PyInstaller.compat, "win32api", None), raising=False)
    sys.path.insert(0, str(ROOT / "packaging" / "windows"))
    from PyInstaller.utils.win32.versioninfo import load_version_info_from_text_file
    from version_info import version_info

    from planner import __version__

    text = str(version_info(__version__, "rackwright"))
    path = tmp_path / "version.txt"
    path.write_text(text, encoding="utf-8")
    back = load_version_info_from_text_file(str(path))
    assert str(back) == text
    assert f"StringStruct('ProductVersion', '{__version__}')" in text
    assert "StringStruct('OriginalFilename', 'rackwright.exe')" in text
    raw = back.toRaw()
    assert "ProductVersion".encode("utf-16-le") in raw and __version__.encode("utf-16-le") in raw
