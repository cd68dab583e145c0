"""The libraries a Linux bundle copies from the build machine rather than from a wheel, and
their licences, for THIRD-PARTY-NOTICES.txt (packaging/rackwright.spec appends this after
PyInstaller's analysis; planner/base/notices.py covers the Python distributions).

PyInstaller follows the shared-library dependencies of Python's own extension modules
(libssl, libsqlite3, libffi, ...) and of Qt's platform plugins (libxcb-*, libxkbcommon,
fontconfig, ...) to the system's files and copies them. On Debian and Ubuntu each comes from
a package whose /usr/share/doc/PACKAGE/copyright states its licence; the texts that file
points to in /usr/share/common-licenses are added once. Standard library only.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

COMMON = Path("/usr/share/common-licenses")


def _python_dirs() -> set[str]:
    """The folders of the Python installation itself: its standard library (with lib-dynload)
    and its site-packages. Not its prefix: Debian's python3 has sys.base_prefix /usr, and
    every system library under /usr/lib would then count as Python's."""
    import sysconfig

    dirs = set()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            dirs.add(os.path.realpath(path))
    for prefix in {sys.prefix, sys.base_prefix, sys.exec_prefix}:
        # a relocatable Python (pyenv, python.org, CI's) keeps everything under its prefix;
        # a distribution's Python shares its prefix with the system, so only its own folders count
        if os.path.realpath(prefix) not in ("/usr", "/usr/local", "/"):
            dirs.add(os.path.realpath(prefix))
    return dirs


def system_binaries(binaries) -> list[tuple[str, str]]:
    """(name in the bundle, source path) of the shared libraries PyInstaller took from outside
    the Python installation and its site-packages (the wheels' own libraries are covered by
    their distributions' notices; libpython by Python's licence)."""
    python = _python_dirs()
    out = []
    for entry in binaries:
        dest, src = entry[0], entry[1]
        real = os.path.realpath(src)
        if not re.search(r"\.so(\.|$)", os.path.basename(dest)):
            continue
        if any(real.startswith(p + os.sep) for p in python) or "site-packages" in real or "dist-packages" in real:
            continue
        if re.match(r"libpython\d", os.path.basename(real)):  # Python's own licence covers it
            continue
        out.append((dest, real))
    return sorted(set(out))


def _variants(path: str) -> list[str]:
    """The path as dpkg may have registered it (merged /usr: /lib and /usr/lib are one)."""
    out = [path]
    if path.startswith("/usr/lib/"):
        out.append(path[len("/usr"):])
    elif path.startswith("/lib/"):
        out.append("/usr" + path)
    return out


def debian_packages(paths: list[str]) -> dict[str, str]:
    """path -> the Debian package that installed it (without the architecture), for those
    dpkg knows; {} without dpkg."""
    asked = {v: p for p in paths for v in _variants(p)}
    if not asked:
        return {}
    try:
        proc = subprocess.run(["dpkg", "-S", *asked], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return {}
    found: dict[str, str] = {}
    for line in proc.stdout.splitlines():
        pkgs, sep, path = line.partition(": ")
        if sep and path in asked and "," not in pkgs:
            found.setdefault(asked[path], pkgs.split(":")[0])
    return found


def _version(pkg: str) -> str:
    try:
        return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", pkg], capture_output=True, text=True,
                              timeout=30).stdout.strip() or "?"
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def notices(binaries) -> str:
    """The section of THIRD-PARTY-NOTICES.txt for the libraries copied from the system."""
    libs = system_binaries(binaries)
    if not libs:
        return ""
    pkgs = debian_packages([src for _, src in libs])
    rule = "=" * 78
    out = ["", rule, "Libraries copied from the build system", rule,
           "The bundle carries these shared libraries of the operating system it was built on",
           "(Python's extension modules and Qt's platform plugins load them). Each is listed with",
           "the package it came from; the packages' copyright files follow, then the licence texts",
           "they refer to. Those under the LGPL are separate files in _internal/ that you may",
           "replace with your own build of the same library.", ""]
    width = max(len(os.path.basename(d)) for d, _ in libs) + 2
    versions = {p: _version(p) for p in sorted(set(pkgs.values()))}
    for dest, src in libs:
        pkg = pkgs.get(src)
        where = f"{pkg} {versions[pkg]}" if pkg else f"not from a package: {src}"
        out.append(f"  {os.path.basename(dest):<{width}}{where}")
    referred: set[str] = set()
    for pkg in sorted(versions):
        copyright_file = Path("/usr/share/doc") / pkg / "copyright"
        out += ["", rule, f"{pkg} {versions[pkg]}: {copyright_file}", rule]
        if copyright_file.is_file():
            text = copyright_file.read_text(encoding="utf-8", errors="replace")
            out.append(text.rstrip())
            referred |= set(re.findall(r"/usr/share/common-licenses/([A-Za-z0-9.+_-]+[A-Za-z0-9+])", text))
        else:
            out.append("(no copyright file installed)")
    for name in sorted(referred):
        path = COMMON / name
        if path.is_file():
            out += ["", rule, f"{path}", rule, path.read_text(encoding="utf-8", errors="replace").rstrip()]
    return "\n".join(out) + "\n"
