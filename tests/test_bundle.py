"""The PyInstaller bundle, built: it starts, checks a plan headless, keeps the GUI up, talks
to a team repository on PostgreSQL, and carries the notices, replaceable LGPL libraries, the
metadata Help > About reads, icons and translations (docs/packaging.md).

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
    from planner.base.notices import runtime_distributions

    text = (bundle / "_internal" / "resources" / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    names = set()
    for d in runtime_distributions():
        assert f"\n{d.metadata['Name']} {d.version}\nLicence: " in text
        names.add(d.metadata["Name"].lower())
    assert {"psycopg", "psycopg-binary"} <= names  # the bundled PostgreSQL driver (LGPL too)
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "no licence file shipped" not in text
    assert "_internal/psycopg/" in text and "libpq" in text


def test_lgpl_libraries_are_separate_replaceable_files(bundle):
    """LGPL (THIRD-PARTY-NOTICES.txt, docs/packaging.md): the user can swap Qt, PySide6 and
    psycopg. The libraries are plain shared libraries in the folder (the links beside
    _internal/ point at them), and the Python parts are source files there, not in the
    executable's archive (the spec's module_collection_mode)."""
    internal = bundle / "_internal"
    qt = internal / "PySide6" / "Qt" / "lib"
    assert (qt / "libQt6Core.so.6").is_file() and (qt / "libQt6Widgets.so.6").is_file()
    assert not (qt / "libQt6Core.so.6").is_symlink()
    link = internal / "libQt6Core.so.6"
    if link.exists():
        assert link.resolve() == (qt / "libQt6Core.so.6").resolve()
    assert list((internal / "PySide6").glob("QtCore*.so")) and list((internal / "shiboken6").glob("Shiboken*.so"))
    for pkg in ("PySide6", "shiboken6", "psycopg"):
        assert (internal / pkg / "__init__.py").is_file(), pkg
    assert (internal / "psycopg" / "pq" / "__init__.py").is_file()
    assert list((internal / "psycopg_binary").glob("pq*.so"))
    assert list((internal / "psycopg_binary.libs").glob("libpq*.so*"))


def test_notices_cover_the_libraries_from_the_build_system(bundle):
    """Every shared library in _internal/ that no wheel brought (PyInstaller took it from this
    machine) is listed with its package in the notices; the GTK platform theme, which pulled in
    GIO, Cairo and Pango without GTK, and GPL readline are left out."""
    internal = bundle / "_internal"
    text = (internal / "resources" / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    section = text[text.index("Libraries copied from the build system"):]
    listed = set()
    for line in section.splitlines():
        parts = line.split()
        if line.startswith("  ") and parts and ".so" in parts[0]:
            listed.add(parts[0])
            assert "not from a package" not in line, line
    top = {p.name for p in internal.glob("*.so*") if p.is_file() and not p.is_symlink()}
    assert top - {n for n in top if n.startswith("libpython")} == listed
    assert "zlib1g" in section and "/usr/share/common-licenses/LGPL-2.1" in section
    assert not list(internal.glob("PySide6/Qt/plugins/platformthemes/*gtk*"))
    for gone in ("libgio-2.0.so*", "libcairo.so*", "libpango-1.0.so*", "libatk-1.0.so*", "libreadline*"):
        assert not list(internal.glob(gone)), gone  # libglib stays: libQt6Core needs it
    assert list(internal.glob("PySide6/Qt/plugins/platforms/libqxcb.so"))


def test_about_box_finds_every_distributions_metadata(bundle):
    """Help > About lists versions and licences from the installed metadata, which the frozen
    app finds in _internal/ (on sys.path there): the spec copies every distribution's."""
    import re
    from importlib import metadata

    from planner.base.notices import runtime_distributions

    def norm(s: str) -> str:
        return re.sub(r"[-_.]+", "-", s).lower()

    found = {norm(d.metadata["Name"]): d.version for d in metadata.distributions(path=[str(bundle / "_internal")])}
    for d in [*runtime_distributions(), metadata.distribution("rackwright")]:
        assert found.get(norm(d.metadata["Name"])) == d.version, d.metadata["Name"]


def test_team_repository_from_the_bundle(bundle, pg_url, tmp_path):
    """The bundle carries the PostgreSQL driver (psycopg with libpq): `repo init`, `push` and
    `list` against a throwaway server (tests/pgserver.py)."""
    plan = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, plan)

    def rw(*args: str) -> subprocess.CompletedProcess:
        proc = subprocess.run([bundle / "rackwright", *args], capture_output=True, text=True,
                              env=_env(tmp_path), cwd=tmp_path, timeout=120)
        assert proc.returncode == 0, (args[:2], proc.stdout[-1000:], proc.stderr[-2000:])
        return proc

    rw("repo", "init", pg_url)
    rw("repo", "push", str(plan), pg_url, "--name", "bundle-pod", "-m", "from the bundle")
    listed = json.loads(rw("repo", "list", pg_url, "--json").stdout)
    assert [(p["name"], p["head"], p["message"]) for p in listed] == [("bundle-pod", 1, "from the bundle")]
    assert listed[0]["gpus"] > 0


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
