"""The files the Windows, macOS and Linux packages need are in the repository and well-formed
(docs/packaging.md): icons rendered from the one SVG at the sizes each system uses, the
Linux desktop entry, shared-mime-info type and AppStream metadata, the macOS Info.plist with
an exported type for .rackplan, the Windows installer script and version resource, and the
third-party notices. Windows and macOS cannot be built here: these checks are what can be
checked on Linux. The bundle itself: tests/test_bundle.py (.ci/bundle)."""

from __future__ import annotations

import configparser
import plistlib
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "packaging"
ICONS = ROOT / "resources" / "icons"
MIME_TYPE = "application/x-rackwright-plan"
sys.path.insert(0, str(PKG))
sys.path.insert(0, str(PKG / "windows"))
import make_icons  # noqa: E402
import version_info  # noqa: E402


# -- icons -----------------------------------------------------------------------------------
def test_icons_are_rendered_from_the_current_svg():
    assert make_icons.stale() == []


def test_ico_has_every_size_windows_uses():
    from PIL import Image

    with Image.open(ICONS / "rackwright.ico") as ico:
        sizes = sorted(ico.ico.sizes())
        assert sizes == [(s, s) for s in sorted(make_icons.ICO_SIZES)]
        for s in (16, 32, 48, 256):
            frame = ico.ico.getimage((s, s)).convert("RGBA")
            assert frame.size == (s, s)
            alpha = frame.getchannel("A")
            assert alpha.getextrema() == (0, 255)  # transparent corners, an opaque rack


def test_ico_frames_are_the_svg_rendered_at_that_size():
    """Each size is rendered from the SVG, not one image scaled down (blurry at 16 px)."""
    from PIL import Image, ImageChops

    with Image.open(ICONS / "rackwright.ico") as ico:
        for s in (16, 48):
            frame = ico.ico.getimage((s, s)).convert("RGBA")
            diff = ImageChops.difference(frame, make_icons.render(s))
            assert max(hi for _, hi in diff.getextrema()) <= 8, s


def test_icns_holds_16_to_1024_px():
    from PIL import Image

    with Image.open(ICONS / "rackwright.icns") as icns:
        assert icns.size == (1024, 1024)
        have = {w * scale for w, _, scale in icns.info["sizes"]}
        assert {32, 64, 128, 256, 512, 1024} <= have


def test_hicolor_pngs_have_their_sizes():
    from PIL import Image

    for s in make_icons.HICOLOR_SIZES:
        with Image.open(ICONS / "hicolor" / f"{s}x{s}" / "apps" / "rackwright.png") as png:
            assert png.format == "PNG" and png.size == (s, s)


def test_make_icons_check_fails_when_the_svg_changes(tmp_path, monkeypatch):
    svg = tmp_path / "rackwright.svg"
    svg.write_text(make_icons.SVG.read_text().replace("#3d7cc9", "#3d7cca"))
    monkeypatch.setattr(make_icons, "SVG", svg)
    assert any("changed" in p for p in make_icons.stale())


# -- Linux -----------------------------------------------------------------------------------
def _desktop() -> configparser.SectionProxy:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(PKG / "rackwright.desktop", encoding="utf-8")
    return entry["Desktop Entry"]


def test_shared_mime_info_defines_rackplan():
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    root = ET.parse(PKG / "rackwright-mime.xml").getroot()
    types = root.findall("m:mime-type", ns)
    assert [t.get("type") for t in types] == [MIME_TYPE]
    assert [g.get("pattern") for g in types[0].findall("m:glob", ns)] == ["*.rackplan"]
    assert types[0].find("m:icon", ns).get("name") == _desktop()["Icon"]


@pytest.mark.skipif(shutil.which("update-mime-database") is None, reason="needs shared-mime-info")
def test_update_mime_database_maps_rackplan_to_our_type(tmp_path):
    (tmp_path / "packages").mkdir()
    shutil.copy(PKG / "rackwright-mime.xml", tmp_path / "packages" / "rackwright.xml")
    proc = subprocess.run(["update-mime-database", str(tmp_path)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    globs = (tmp_path / "globs2").read_text()
    assert f"{MIME_TYPE}:*.rackplan" in globs


def test_appstream_metadata_matches_the_desktop_entry():
    from planner import __version__

    root = ET.parse(PKG / "rackwright.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == "com.rackwright.Rackwright"
    assert root.findtext("launchable") == "rackwright.desktop"
    assert root.find("launchable").get("type") == "desktop-id"
    assert root.findtext("name") == _desktop()["Name"]
    assert [m.text for m in root.iter("mediatype")] == [MIME_TYPE]
    assert root.findtext("provides/binary") == "rackwright"
    assert root.find("releases/release").get("version") == __version__
    assert root.findtext("metadata_license") and root.find("description/p") is not None


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="needs appstreamcli")
def test_appstreamcli_validates_the_metadata():
    proc = subprocess.run(["appstreamcli", "validate", "--no-net", str(PKG / "rackwright.metainfo.xml")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# -- macOS -----------------------------------------------------------------------------------
def test_info_plist_exports_the_rackplan_type():
    info = plistlib.loads((PKG / "macos" / "Info.plist").read_bytes())
    exported = info["UTExportedTypeDeclarations"]
    assert len(exported) == 1
    uti = exported[0]
    assert uti["UTTypeIdentifier"] == "com.rackwright.plan"
    assert "public.data" in uti["UTTypeConformsTo"] and "public.json" not in uti["UTTypeConformsTo"]
    tags = uti["UTTypeTagSpecification"]
    assert tags["public.filename-extension"] == ["rackplan"]
    assert tags["public.mime-type"] == [MIME_TYPE]
    assert (ICONS / uti["UTTypeIconFile"]).is_file()  # the spec gives the .app this .icns
    docs = {tuple(d["LSItemContentTypes"]): d for d in info["CFBundleDocumentTypes"]}
    assert docs[("com.rackwright.plan",)]["LSHandlerRank"] == "Owner"
    assert docs[("public.json",)]["LSHandlerRank"] == "Alternate"  # not every JSON file
    for d in info["CFBundleDocumentTypes"]:
        assert "CFBundleTypeExtensions" not in d  # the UTI carries the extension
        assert d["CFBundleTypeRole"] == "Editor"


def test_spec_uses_the_plist_and_the_committed_icons():
    spec = (PKG / "rackwright.spec").read_text()
    assert '"packaging", "macos", "Info.plist"' in spec
    assert "rackwright.icns" in spec and "rackwright.ico" in spec
    assert "argv_emulation=True" not in spec  # the QFileOpenEvent handler does the job


# -- Windows ---------------------------------------------------------------------------------
def _iss() -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = None
    for line in (PKG / "windows" / "rackwright.iss").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(";") or line.startswith("#"):
            continue
        m = re.fullmatch(r"\[(\w+)\]", line)
        if m:
            current = m.group(1)
            sections.setdefault(current, [])
        else:
            assert current is not None, line
            sections[current].append(line)
    return sections


def _params(line: str) -> dict[str, str]:
    """Inno Setup's parameters: Name: value; Name: \"quoted, \"\"doubled\"\" quotes\"."""
    out = {}
    for m in re.finditer(r'(\w+):\s*("(?:[^"]|"")*"|[^;]*)\s*(?:;|$)', line):
        value = m.group(2).strip()
        if value.startswith('"'):
            assert value.endswith('"') and len(value) >= 2, line
            value = value[1:-1].replace('""', '"')
        out[m.group(1)] = value
    return out


def _iss_path(rel: str) -> Path:
    return (PKG / "windows" / rel.replace("\\", "/")).resolve()


def test_inno_setup_script_installs_per_user_with_icon_and_start_menu():
    s = _iss()
    assert {"Setup", "Files", "Icons", "Registry", "Run"} <= set(s)
    setup = dict(line.split("=", 1) for line in s["Setup"])
    assert setup["PrivilegesRequired"] == "lowest"  # no administrator rights
    assert setup["ChangesAssociations"] == "yes"
    assert setup["DefaultDirName"].startswith("{autopf}")
    assert setup["AppVersion"] == "{#AppVersion}"
    assert _iss_path(setup["SetupIconFile"]) == ICONS / "rackwright.ico"
    files = [_params(line) for line in s["Files"]]
    assert _iss_path(files[0]["Source"]) == ROOT / "dist" / "rackwright" / "*"  # where the spec builds
    assert "recursesubdirs" in files[0]["Flags"]
    icons = [_params(line) for line in s["Icons"]]
    assert any(i["Name"] == r"{autoprograms}\Rackwright" and i["Filename"] == r"{app}\rackwright.exe" for i in icons)


def test_inno_setup_script_registers_rackplan_for_this_user():
    reg = [_params(line) for line in _iss()["Registry"]]
    assert all(r["Root"] == "HKA" for r in reg)  # HKCU in a per-user install
    by_key = {(r["Subkey"], r["ValueName"]): r["ValueData"] for r in reg}
    assert by_key[(r"Software\Classes\.rackplan", "")] == "Rackwright.Plan"
    assert by_key[(r"Software\Classes\.rackplan", "Content Type")] == MIME_TYPE
    assert by_key[(r"Software\Classes\Rackwright.Plan\shell\open\command", "")] == r'"{app}\rackwright.exe" "%1"'
    assert by_key[(r"Software\Classes\Rackwright.Plan\DefaultIcon", "")].startswith(r"{app}\rackwright.exe")
    uninstall = {r["Subkey"] for r in reg if "uninsdelete" in r.get("Flags", "")}
    assert r"Software\Classes\Rackwright.Plan" in uninstall and r"Software\Classes\.rackplan" in uninstall


def test_windows_version_numbers():
    assert version_info.version_tuple("0.1.0") == (0, 1, 0, 0)
    assert version_info.version_tuple("1.2.3.dev4") == (1, 2, 3, 0)
    assert version_info.version_tuple("2.0rc1") == (2, 0, 0, 0)


# -- licences --------------------------------------------------------------------------------
def test_notices_carry_a_licence_text_for_every_runtime_distribution():
    from planner.notices import licence_texts, notices_text, runtime_distributions

    dists = runtime_distributions()
    names = {d.metadata["Name"].lower().replace("_", "-") for d in dists}
    assert {"pyside6-essentials", "shiboken6", "sqlalchemy", "reportlab", "pyyaml", "pillow", "pyqtgraph",
            "numpy"} <= names
    text = notices_text(ROOT / "resources")
    assert "no licence file shipped" not in text
    for d in dists:
        assert f"\n{d.metadata['Name']} {d.version}\nLicence: " in text
        for fname, body in licence_texts(d):
            assert body.strip()[:300] in text, (d.metadata["Name"], fname)
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 3, 29 June 2007" in text
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in text or "PSF" in text
    assert (ROOT / "resources" / "fonts" / "LICENSE-DejaVu.txt").read_text()[:200] in text


def test_pyside6_runtime_hook_replaces_pyinstallers():
    """packaging/pyinstaller-hooks: PyInstaller reads rthooks.dat (a dict literal) and takes the
    first hook directory's entry for a module; the spec passes the folder as hookspath."""
    import ast

    hooks = PKG / "pyinstaller-hooks"
    table = ast.literal_eval((hooks / "rthooks.dat").read_text())
    assert set(table) == {"PySide6"}
    for name in table["PySide6"]:
        code = (hooks / "rthooks" / name).read_text()
        compile(code, name, "exec")
        assert "create_embedded_qt_conf" in code and "QT_PLUGIN_PATH" in code
    assert '"packaging", "pyinstaller-hooks"' in (PKG / "rackwright.spec").read_text()
