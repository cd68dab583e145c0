"""`rackwright` console entry point.

- `rackwright SUBCOMMAND ...`, `--version`, `--help`: headless, handled by
  :mod:`planner.commands.cli`, Qt is never imported.
- `rackwright` or `rackwright PLAN`: opens the desktop app.
"""

from __future__ import annotations

import os
import sys


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
    import importlib

    app = importlib.import_module("ui.shell.app")
    return app.run(args[0] if args else None)


if __name__ == "__main__":
    sys.exit(main())
