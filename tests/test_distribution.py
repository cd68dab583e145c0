"""The files the Windows, macOS and Linux packages need are in the repository and well-formed
(docs/packaging.md): icons rendered from the one SVG at the sizes each system uses, the
Linux desktop entry, shared-mime-info type and AppStream metadata, the macOS Info.plist with
an exported type for .rackplan, the Windows installer script and version resource, and the
third-party notices. Windows and macOS cannot be built here: these checks are what can be
checked on Linux. The bundle itself: tests/test_bundle.py (.ci/bundle)."""

from __future__ import annotations

import configparser
import io
import os
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


def test_icns_holds_every_iconset_size():
    """The ten images of a macOS iconset (16, 32, 128, 256, 512 pt at 1x and @2x), each a PNG
    of its pixel size in an entry of its OSType, the lengths adding up; Pillow reads them too."""
    from PIL import Image

    data = (ICONS / "rackwright.icns").read_bytes()
    entries = make_icons.read_icns(data)
    want = {"icp4": 16, "ic11": 32, "icp5": 32, "ic12": 64, "ic07": 128, "ic13": 256, "ic08": 256,
            "ic14": 512, "ic09": 512, "ic10": 1024}
    assert set(entries) == set(want)
    for kind, px in want.items():
        assert entries[kind][:8] == b"\x89PNG\r\n\x1a\n", kind
        with Image.open(io.BytesIO(entries[kind])) as png:
            assert png.size == (px, px), kind
    with Image.open(ICONS / "rackwright.icns") as icns:
        assert {(w, scale) for w, _, scale in icns.info["sizes"]} == {
            (pt, scale) for _, pt, scale in make_icons.ICNS_TYPES}
    with pytest.raises(ValueError):
        make_icons.read_icns(data[:-1])  # a truncated file is caught


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
def _tool(name: str, package: str) -> str:
    """A validator from Debian's packages (.ci/run installs them): skipped without it, except
    under CI=true, where a missing tool fails instead of passing unchecked."""
    found = shutil.which(name)
    if found is None:
        reason = f"needs {name} (Debian package {package})"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true: {reason}", pytrace=False)
        pytest.skip(reason)
    return found


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


def test_update_mime_database_maps_rackplan_to_our_type(tmp_path):
    tool = _tool("update-mime-database", "shared-mime-info")
    (tmp_path / "packages").mkdir()
    shutil.copy(PKG / "rackwright-mime.xml", tmp_path / "packages" / "rackwright.xml")
    proc = subprocess.run([tool, str(tmp_path)], capture_output=True, text=True)
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


def test_appstreamcli_validates_the_metadata():
    tool = _tool("appstreamcli", "appstream")
    proc = subprocess.run([tool, "validate", "--no-net", str(PKG / "rackwright.metainfo.xml")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_desktop_file_validate_accepts_the_entry(tmp_path):
    tool = _tool("desktop-file-validate", "desktop-file-utils")
    proc = subprocess.run([tool, str(PKG / "rackwright.desktop")], capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr
    broken = tmp_path / "rackwright.desktop"  # the validator does catch a broken entry
    broken.write_text((PKG / "rackwright.desktop").read_text().replace("Type=Application\n", ""))
    assert subprocess.run([tool, str(broken)], capture_output=True, text=True).returncode != 0


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


def _iss_defines() -> dict[str, str]:
    text = (PKG / "windows" / "rackwright.iss").read_text(encoding="utf-8")
    return dict(re.findall(r"^\s*#define\s+(\w+)\s+(.+?)\s*$", text, re.M))


def test_inno_setup_script_installs_per_user_with_icon_and_start_menu():
    s = _iss()
    assert {"Setup", "Files", "Icons", "Registry", "Run"} <= set(s)
    setup = dict(line.split("=", 1) for line in s["Setup"])
    assert setup["PrivilegesRequired"] == "lowest"  # no administrator rights
    assert setup["ChangesAssociations"] == "yes"
    assert setup["DefaultDirName"].startswith("{autopf}")
    assert setup["AppVersion"] == "{#AppVersion}"
    # the version comes from the executable's version resource (written from planner.__version__)
    defines = _iss_defines()
    exe = re.fullmatch(r'AddBackslash\(SourcePath\) \+ "(.+)"', defines["AppExe"])
    assert exe and _iss_path(exe.group(1)) == ROOT / "dist" / "rackwright" / "rackwright.exe"
    assert defines["AppVersion"] == 'GetStringFileInfo(AppExe, "ProductVersion")'
    assert defines["AppNumericVersion"] == "GetVersionNumbersString(AppExe)"
    assert setup["VersionInfoVersion"] == "{#AppNumericVersion}"
    assert setup["OutputBaseFilename"] == "rackwright-{#AppVersion}-setup"
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
    from planner import __version__

    nums = version_info.version_tuple(__version__)
    assert all(0 <= n <= 0xFFFF for n in nums)  # each part of a VS_FIXEDFILEINFO version is 16 bits
    assert __version__.startswith(".".join(map(str, nums[:2])))


def test_windows_version_resource_carries_the_package_version(tmp_path, monkeypatch):
    """The resource the spec writes on Windows (packaging/windows/version_info.py) reads back
    with PyInstaller's parser, names the package version and the executable, and packs into the
    VS_VERSIONINFO whose fixed block the installer script reads its version from.
    PyInstaller's version-resource classes are plain Python (PyInstaller and pefile are the
    "package" extra: .ci/bundle runs this file with them installed)."""
    pytest.importorskip("PyInstaller")
    import PyInstaller.compat

    # the module imports win32api (only used to write a resource into an .exe, on Windows)
    monkeypatch.setattr(PyInstaller.compat, "win32api", getattr(PyInstaller.compat, "win32api", None), raising=False)
    from PyInstaller.utils.win32.versioninfo import load_version_info_from_text_file

    from planner import __version__

    for exe in ("rackwright", "rackwright-cli"):
        text = str(version_info.version_info(__version__, exe))
        path = tmp_path / f"version-{exe}.txt"
        path.write_text(text, encoding="utf-8")
        back = load_version_info_from_text_file(str(path))
        assert str(back) == text
        assert f"StringStruct('ProductVersion', '{__version__}')" in text
        assert f"StringStruct('FileVersion', '{__version__}')" in text
        assert f"StringStruct('OriginalFilename', '{exe}.exe')" in text
        raw = back.toRaw()
        assert "ProductVersion".encode("utf-16-le") in raw and __version__.encode("utf-16-le") in raw
        # VS_FIXEDFILEINFO, the binary block Explorer and the installer script read the version from
        # (its raw packing uses the C long of the building system, so read the fields, not bytes)
        ffi = back.ffi
        nums = version_info.version_tuple(__version__)
        for ms, ls in ((ffi.fileVersionMS, ffi.fileVersionLS), (ffi.productVersionMS, ffi.productVersionLS)):
            assert (ms >> 16, ms & 0xFFFF, ls >> 16, ls & 0xFFFF) == nums


# -- licences --------------------------------------------------------------------------------
def test_notices_carry_a_licence_text_for_every_runtime_distribution():
    from planner.base.notices import licence_texts, notices_text, runtime_distributions

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


def test_notices_cover_the_bundled_postgres_driver(monkeypatch):
    """The bundle ships the "postgres" extra (psycopg, LGPL-3.0, with libpq in psycopg-binary):
    it is listed with its licence, its native libraries and the LGPL statement; the same list
    comes out without the packaging module (a frozen app may lack it)."""
    pytest.importorskip("psycopg")
    from planner.base import notices

    names = [d.metadata["Name"].lower() for d in notices.runtime_distributions()]
    assert {"psycopg", "psycopg-binary"} <= set(names)
    assert "psycopg" not in [d.metadata["Name"].lower() for d in notices.runtime_distributions(extras=())]
    text = notices.notices_text(ROOT / "resources")
    binary = next(d for d in notices.runtime_distributions() if d.metadata["Name"].lower() == "psycopg-binary")
    libs = notices.native_libraries(binary)
    assert any(lib.startswith("libpq") for lib in libs) or sys.platform == "win32"
    assert ", ".join(libs) in text
    assert f"psycopg {next(d.version for d in notices.runtime_distributions() if d.metadata['Name'] == 'psycopg')}" in text
    assert "_internal/psycopg/" in text
    monkeypatch.setitem(sys.modules, "packaging.requirements", None)  # import fails: the hand parser
    assert [d.metadata["Name"].lower() for d in notices.runtime_distributions()] == names


def test_system_library_notices_name_package_and_licence(tmp_path):
    """packaging/system_notices.py: the libraries PyInstaller copies from the build machine get
    their Debian package, its copyright file and the common licence texts it points to; the
    wheels' own libraries and Python's are left to their own notices."""
    _tool("dpkg", "dpkg")
    import ctypes.util

    import system_notices

    libz = next((p for p in ("/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1",
                             "/lib/aarch64-linux-gnu/libz.so.1") if Path(p).exists()), None)
    if libz is None:
        pytest.skip(f"no libz where Debian puts it ({ctypes.util.find_library('z')})")
    import PySide6

    wheel_lib = next(Path(PySide6.__file__).parent.glob("Qt/lib/libQt6Core.so*"))
    stray = tmp_path / "libstray.so.1"
    stray.write_bytes(b"\x7fELF")
    binaries = [("libz.so.1", libz, "BINARY"), ("PySide6/Qt/lib/libQt6Core.so.6", str(wheel_lib), "BINARY"),
                ("libstray.so.1", str(stray), "BINARY"), ("base_library.zip", libz, "DATA")]
    assert [d for d, _ in system_notices.system_binaries(binaries)] == ["libstray.so.1", "libz.so.1"]
    text = system_notices.notices(binaries)
    assert re.search(r"^  libz\.so\.1 +zlib1g \S+$", text, re.M)
    assert re.search(rf"^  libstray\.so\.1 +not from a package: {re.escape(str(stray))}$", text, re.M)
    assert (Path("/usr/share/doc/zlib1g/copyright").read_text()[:200]) in text
    assert "libQt6Core" not in text  # PySide6's own, in its notices


def test_system_libraries_count_with_a_distributions_python():
    """Debian's own python3 has sys.base_prefix /usr: the libraries under /usr/lib are still the
    system's, not Python's (issue 29: every system library left the notices). Run with Debian's
    interpreter itself, not a stand-in."""
    debian_python = Path("/usr/bin/python3")
    libz = next((p for p in ("/usr/lib/x86_64-linux-gnu/libz.so.1", "/lib/x86_64-linux-gnu/libz.so.1",
                             "/usr/lib/aarch64-linux-gnu/libz.so.1") if Path(p).exists()), None)
    if not debian_python.exists() or libz is None:
        if os.environ.get("CI") == "true" and Path("/etc/debian_version").exists():
            pytest.fail("Debian's /usr/bin/python3 or libz is missing on a Debian CI machine")
        pytest.skip("no distribution Python with libz here")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import system_notices; "
            "print([d for d, _ in system_notices.system_binaries([('libz.so.1', sys.argv[2], 'BINARY')])])")
    out = subprocess.run([str(debian_python), "-I", "-c", code, str(ROOT / "packaging"), libz],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    prefix = subprocess.run([str(debian_python), "-I", "-c", "import sys; print(sys.base_prefix)"],
                            capture_output=True, text=True, timeout=60).stdout.strip()
    assert out.stdout.strip() == "['libz.so.1']", (prefix, out.stdout)


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


# -- the documented Windows and macOS steps ----------------------------------------------------
def _doc_section(title: str) -> str:
    text = (ROOT / "docs" / "packaging.md").read_text(encoding="utf-8")
    start = text.index(f"\n## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def _commands(section: str) -> list[str]:
    return [line for block in re.findall(r"```\n(.*?)```", section, re.S) for line in block.splitlines() if line.strip()]


@pytest.mark.parametrize("system", ["Windows", "macOS"])
def test_documented_build_steps_name_what_the_repository_has(system):
    """docs/packaging.md gives the Windows and macOS steps as commands to paste: every file they
    name exists, the executables and the .app are those the spec builds, the extra they install
    exists, and no version number is written into them (it would go stale)."""
    from planner import __version__

    section = _doc_section(system)
    lines = _commands(section)
    assert len(lines) >= 6, lines
    text = "\n".join(lines)
    spec = (PKG / "rackwright.spec").read_text()
    for rel in re.findall(r"(?<![\w/\\.])((?:packaging|examples|resources)[\\/][\w./\\-]+)", text):
        assert (ROOT / rel.replace("\\", "/")).exists(), rel
    assert '-e ".[package]"' in text
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r"^package = \[.*\"pyinstaller.*psycopg\[binary\]", pyproject, re.M)
    assert __version__ not in text and not re.search(r"\b\d+\.\d+\.\d+\b", text.replace("Inno Setup 6", ""))
    if system == "Windows":
        exes = set(re.findall(r"dist\\rackwright\\([\w-]+)\.exe", text))
        assert exes == {"rackwright", "rackwright-cli"}
        for exe in exes:
            assert f'name="{exe}"' in spec, exe
        assert r"packaging\windows\rackwright.iss" in text and "ISCC.exe" in text
        assert r"dist\rackwright-$v-setup.exe" in text  # OutputBaseFilename, version from the exe
    else:
        assert 'name="Rackwright.app"' in spec and "dist/Rackwright.app/Contents/MacOS/rackwright --version" in text
        assert "plutil -lint dist/Rackwright.app/Contents/Info.plist" in text
        assert "mdls -name kMDItemContentType /tmp/pod.rackplan" in text
        assert "`com.rackwright.plan`" in section  # what mdls must report: the plist's exported type
