"""`rackwright` console entry point.

- `rackwright SUBCOMMAND ...`, `--version`, `--help`: headless, handled by
  :mod:`planner.commands.cli`, Qt is never imported.
- `rackwright` or `rackwright PLAN`: opens the desktop app.
"""

from __future__ import annotations

import ctypes
import os
import sys

# what Qt's xcb platform (X11, and XWayland when no Wayland display is named) loads from the
# system, with the package that has it per distribution; without it Qt prints a raw
# message about plugins and aborts (issue 31)
XCB_LIBRARIES = (("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor"),)


def missing_window_library(env: dict[str, str] | None = None) -> str | None:
    """One line naming the system library the app's window needs and how to install it,
    or None (not Linux, another Qt platform chosen, or everything there)."""
    env = dict(os.environ) if env is None else env
    if not sys.platform.startswith("linux"):
        return None
    platform = env.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return None
    if not platform and env.get("WAYLAND_DISPLAY"):
        return None
    for soname, debian, fedora, arch in XCB_LIBRARIES:
        try:
            ctypes.CDLL(soname)
        except OSError:
            return (f"rackwright: cannot open a window: the system library {soname} is missing. Install it: "
                    f"Debian/Ubuntu 'sudo apt install {debian}', Fedora 'sudo dnf install {fedora}', "
                    f"Arch 'sudo pacman -S {arch}' (the command-line tools work without it)")
    return None


def main(argv: list[str] | None = None) -> int:
    from planner.commands import cli

    args = list(sys.argv[1:] if argv is None else argv)
    if args and (args[0].startswith("-") or args[0] in cli.subcommand_names()):
        return cli.main(args)
    if len(args) > 1:
        return cli.main(args)  # lets argparse say what is wrong
    if args and not os.path.exists(args[0]):  # a mistyped command or a missing plan: say so, no window
        msg = cli.unknown_word_message(args[0])
        print(msg, file=sys.stderr)
        return 2
    problem = missing_window_library()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    import importlib

    app = importlib.import_module("ui.shell.app")
    return app.run(args[0] if args else None)


if __name__ == "__main__":
    sys.exit(main())
