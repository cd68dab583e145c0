"""The Windows version resource of rackwright.exe and rackwright-cli.exe (Explorer's
Properties > Details: product name, version, description), built from planner.__version__
by packaging/rackwright.spec on Windows. Needs PyInstaller (its versioninfo classes are plain
Python, so tests/test_bundle.py builds one on Linux too)."""

from __future__ import annotations


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """'0.1.0' -> (0, 1, 0, 0); a suffix such as '.dev3' or 'rc1' is dropped."""
    nums: list[int] = []
    for part in version.split(".")[:4]:
        digits = ""
        for ch in part:
            if not ch.isdigit():
                break
            digits += ch
        if not digits:
            break
        nums.append(int(digits))
    return tuple((nums + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


def version_info(version: str, exe_name: str):
    from PyInstaller.utils.win32.versioninfo import (
        FixedFileInfo,
        StringFileInfo,
        StringStruct,
        StringTable,
        VarFileInfo,
        VarStruct,
        VSVersionInfo,
    )

    nums = version_tuple(version)
    return VSVersionInfo(
        ffi=FixedFileInfo(filevers=nums, prodvers=nums),
        kids=[
            StringFileInfo([StringTable("040904B0", [
                StringStruct("CompanyName", "Rackwright developers"),
                StringStruct("FileDescription", "Rackwright - AI/GPU datacenter build planner"),
                StringStruct("FileVersion", version),
                StringStruct("InternalName", exe_name),
                StringStruct("OriginalFilename", f"{exe_name}.exe"),
                StringStruct("ProductName", "Rackwright"),
                StringStruct("ProductVersion", version),
            ])]),
            VarFileInfo([VarStruct("Translation", [0x0409, 1200])]),
        ],
    )
