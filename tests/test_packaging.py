"""The wheel carries the shipped catalog and the resources, and runs from where it is installed.

Builds the wheel from a copy of the sources (no build isolation, no downloads), then
checks its contents against the repository and runs the unpacked wheel in a fresh
interpreter: the catalog it finds must be the one inside the wheel, complete and
without errors, and ``rackwright check`` must work from it. docs/packaging.md.
"""

from __future__ import annotations

import configparser
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
SOURCES = ["pyproject.toml", "setup.py", "README.md", "planner", "ui", "rackwright", "catalogs", "resources"]


def _files(folder: Path) -> set[str]:
    return {
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(p, src / name)
    # translations arrive as built files in folders that may not exist yet: they ship by pattern
    for rel in TRANSLATIONS:
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_bytes(b"\x00translation")
    (src / "planner" / "locale" / "zz" / "LC_MESSAGES" / "rackwright.po").write_text("# source, not shipped\n")
    out = tmp / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "-v", "-w", str(out), str(src)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    (tmp / "build.log").write_text(proc.stdout + proc.stderr)
    wheels = list(out.glob("rackwright-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


# built translation files (other branches add them) and where the wheel must carry them
TRANSLATIONS = {
    "resources/translations/rackwright_zz.qm": "ui/resources/translations/rackwright_zz.qm",
    "planner/locale/zz/LC_MESSAGES/rackwright.mo": "planner/locale/zz/LC_MESSAGES/rackwright.mo",
}


# what setuptools says when the packaging is declared wrong (issue 19: ~130 lines of them on a
# first `python3 dev.py app`), and the lines of a build that are not about us
SETUPTOOLS_COMPLAINTS = ("is absent from the", "is absent", "matched no files", "no files found matching",
                         "SetuptoolsDeprecationWarning", "Installing '", "as data is deprecated")
HARMLESS = ("byte-compiling is disabled",  # every bdist_wheel says it
            "is ignored: it is neither a file nor a directory")  # pip's view of this machine's indexes


def build_warnings(log: str) -> list[str]:
    """The lines of a build log that warn about the package configuration."""
    return [line.strip() for line in log.splitlines()
            if (any(c in line for c in SETUPTOOLS_COMPLAINTS) or "warning" in line.lower())
            and not any(h in line for h in HARMLESS)]


def test_wheel_build_is_quiet_about_data_folders(wheel):
    """Every data folder is declared and every pattern matches: no 'Package ... is absent from
    the packages configuration', no glob that matches nothing, no other setuptools warning
    (one line per folder on every install, ~130 lines that new users read as errors)."""
    log = (wheel.parent.parent / "build.log").read_text()
    assert "rackwright" in log and "adding 'ui/resources/icons/rackwright.svg'" in log  # the verbose log
    assert build_warnings(log) == []


def test_build_warnings_are_recognised():
    """The scan above catches what setuptools printed before the data folders were declared."""
    seen = [
        "  ############################",
        "  # Package would be ignored #",
        "  ############################",
        "  Python recognizes 'ui.resources.icons' as an importable package[^1],",
        "  but it is absent from setuptools' `packages` configuration.",
        "  !!",
        "  warning: no files found matching '*.json' under directory 'planner/schema'",
        "  /tmp/x/setuptools/command/build_py.py:212: _Warning: Package 'ui.resources.icons' is absent from the "
        "`packages` configuration.",
        "  warning: install_lib: byte-compiling is disabled, skipping.",
    ]
    found = build_warnings("\n".join(seen))
    assert len(found) == 3 and all("byte-compiling" not in f for f in found)


def test_wheel_carries_translations_by_pattern(names):
    assert set(TRANSLATIONS.values()) <= names
    assert not any(n.endswith(".po") for n in names)  # sources stay out


@pytest.fixture(scope="module")
def names(wheel) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


@pytest.fixture(scope="module")
def unpacked(wheel, tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    return site


def test_wheel_carries_every_catalog_file(names):
    shipped = {f for f in _files(ROOT / "catalogs") if f.endswith((".yaml", ".yml"))}
    assert len(shipped) >= 10  # the shipped catalog, not an empty folder
    in_wheel = {n.removeprefix("planner/catalogs/") for n in names if n.startswith("planner/catalogs/")}
    assert shipped - in_wheel == set()


def test_wheel_carries_resources(names):
    resources = _files(ROOT / "resources")
    assert "icons/rackwright.svg" in resources
    in_wheel = {n.removeprefix("ui/resources/") for n in names if n.startswith("ui/resources/")}
    assert resources - in_wheel == set()


def test_wheel_carries_every_package_and_the_entry_point(names):
    packages = {
        p.parent.relative_to(ROOT).as_posix()
        for top in ("planner", "ui", "rackwright")
        for p in (ROOT / top).rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    missing = {pkg for pkg in packages if f"{pkg}/__init__.py" not in names}
    assert missing == set(), f"packages left out of the wheel (setup.py find_packages include?): {missing}"
    schemas = {f"planner/schema/{f}" for f in _files(ROOT / "planner" / "schema")}
    assert schemas <= names
    entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert entry


def test_wheel_carries_the_compiled_translations(wheel, names):
    """setup.py compiles planner/locale/*/LC_MESSAGES/*.po into the wheel's .mo files (issue 13)."""
    pos = sorted((ROOT / "planner" / "locale").glob("*/LC_MESSAGES/*.po"))
    assert pos
    for po in pos:
        mo = po.relative_to(ROOT).with_suffix(".mo").as_posix()
        assert mo in names, mo
    import gettext

    with zipfile.ZipFile(wheel) as z, z.open("planner/locale/de/LC_MESSAGES/rackwright.mo") as fh:
        assert gettext.GNUTranslations(fh).gettext("Cable schedule") == "Kabelplan"


def _run_installed(site: Path, code: list[str], tmp: Path) -> subprocess.CompletedProcess:
    """Run Python with only the unpacked wheel (plus the venv's dependencies) importable,
    from a folder outside the source tree."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RACKWRIGHT_")}
    env["PYTHONPATH"] = str(site)
    env["RACKWRIGHT_USER_CATALOG"] = str(tmp / "no-user-catalog")
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return subprocess.run([sys.executable, *code], capture_output=True, text=True, cwd=tmp, env=env,
                          timeout=300)


PROBE = """
import json, planner
from planner.catalog import load_catalog, shipped_catalog_dir
root = shipped_catalog_dir()
cat = load_catalog([root])
print(json.dumps({
    "planner": planner.__file__,
    "root": str(root),
    "errors": [str(e) for e in cat.errors],
    "slugs": sorted(f"{t}/{s}" for t, s, _ in cat.items()),
}))
"""


def test_installed_wheel_finds_the_full_catalog(unpacked, tmp_path):
    proc = _run_installed(unpacked, ["-c", PROBE], tmp_path)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert Path(got["planner"]).is_relative_to(unpacked)  # the wheel's code, not the source tree's
    assert Path(got["root"]) == unpacked / "planner" / "catalogs"
    assert got["errors"] == []

    from planner.catalog import load_catalog

    source = load_catalog([ROOT / "catalogs"])
    assert source.errors == []
    assert got["slugs"] == sorted(f"{t}/{s}" for t, s, _ in source.items())
    assert len(got["slugs"]) >= 30


def test_installed_wheel_finds_its_resources(unpacked, tmp_path):
    code = "import ui.shell.app; print(ui.shell.app.resources_dir())"
    proc = _run_installed(unpacked, ["-c", code], tmp_path)
    assert proc.returncode == 0, proc.stderr
    res = Path(proc.stdout.strip().splitlines()[-1])
    assert res == unpacked / "ui" / "resources"
    assert (res / "icons" / "rackwright.svg").is_file()
    assert (res / "help" / "guide.html").is_file()  # Help > Rackwright Guide, offline


def test_installed_wheel_checks_the_example(unpacked, tmp_path):
    plan = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, plan)
    proc = _run_installed(unpacked, ["-m", "rackwright", "check", str(plan), "--json"], tmp_path)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert report  # figures computed from the wheel's own catalog
    version = _run_installed(unpacked, ["-m", "rackwright", "--version"], tmp_path)
    assert version.returncode == 0 and version.stdout.strip()


def _desktop_entry(path: Path) -> configparser.SectionProxy:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(path, encoding="utf-8")
    return entry["Desktop Entry"]


def test_desktop_entry_matches_the_bundle():
    d = _desktop_entry(ROOT / "packaging" / "rackwright.desktop")
    assert d["Exec"].split()[0] == "rackwright"
    # the icon name is the file the spec bundles and install-linux.sh installs
    assert (ROOT / "resources" / "icons" / f"{d['Icon']}.svg").is_file()
    # it claims only its own file type, defined by our shared-mime-info file (claiming
    # application/json offered Rackwright for every JSON file on the system)
    mime = (ROOT / "packaging" / "rackwright-mime.xml").read_text(encoding="utf-8")
    claimed = list(filter(None, d["MimeType"].split(";")))
    assert claimed == ["application/x-rackwright-plan"]
    assert f'type="{claimed[0]}"' in mime


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("sh") is None, reason="POSIX shell script")
def test_linux_install_script_lays_out_bundle_entry_icon_and_mime(tmp_path):
    bundle = tmp_path / "bundle"
    (bundle / "_internal" / "resources" / "icons").mkdir(parents=True)
    shutil.copy(ROOT / "resources" / "icons" / "rackwright.svg", bundle / "_internal" / "resources" / "icons")
    shutil.copytree(ROOT / "resources" / "icons" / "hicolor", bundle / "_internal" / "resources" / "icons" / "hicolor")
    exe = bundle / "rackwright"
    exe.write_text('#!/bin/sh\necho "bundle $0 $*"\n')
    exe.chmod(0o755)
    prefix = tmp_path / "prefix with space"
    script = ROOT / "packaging" / "install-linux.sh"
    for _ in range(2):  # a second run upgrades in place
        proc = subprocess.run(["sh", str(script), str(prefix), str(bundle)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
    launcher = prefix / "bin" / "rackwright"
    assert launcher.is_symlink() and launcher.resolve() == (prefix / "lib" / "rackwright" / "rackwright").resolve()
    run = subprocess.run([str(launcher), "--version"], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.split()[-1] == "--version"
    d = _desktop_entry(prefix / "share" / "applications" / "rackwright.desktop")
    assert d["Exec"] == f'"{launcher}" %f' and d["TryExec"] == str(launcher)  # quoted: spaces
    assert (prefix / "share" / "icons" / "hicolor" / "scalable" / "apps" / f"{d['Icon']}.svg").is_file()
    for size in (16, 32, 48, 256, 512):
        assert (prefix / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{d['Icon']}.png").is_file()
    assert (prefix / "share" / "mime" / "packages" / "rackwright.xml").is_file()
    assert (prefix / "share" / "metainfo" / "com.rackwright.Rackwright.metainfo.xml").is_file()
    assert not (prefix / "lib" / "rackwright.new").exists()

    missing = subprocess.run(["sh", str(script), str(prefix), str(tmp_path / "nothing")],
                             capture_output=True, text=True)
    assert missing.returncode == 2 and "no bundle" in missing.stderr
