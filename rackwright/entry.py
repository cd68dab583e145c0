"""`rackwright` console entry point.

- `rackwright SUBCOMMAND ...`, `--version`, `--help`: headless, handled by
  :mod:`planner.cli`, Qt is never imported.
- `rackwright` or `rackwright PLAN`: opens the desktop app.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from planner import cli

    args = list(sys.argv[1:] if argv is None else argv)
    if args and (args[0].startswith("-") or args[0] in cli.subcommand_names()):
        return cli.main(args)
    if len(args) > 1:
        return cli.main(args)  # lets argparse say what is wrong
    import importlib

    app = importlib.import_module("ui.app")
    return app.run(args[0] if args else None)


if __name__ == "__main__":
    sys.exit(main())
