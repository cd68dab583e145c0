"""Headless command line: `rackwright SUBCOMMAND ...` and `python -m planner ...`.

Never imports Qt. Each subcommand lives in ``planner/commands/<name>.py`` with a
``register(subparsers)`` function that adds its parser and sets ``func`` to a
callable ``(args) -> int``. Exit codes: 0 success, 1 the command ran and found
errors (e.g. error findings), 2 bad input (unreadable file, unknown model, ...).
"""

from __future__ import annotations

import argparse
import importlib
import sys

import planner

# One line per subcommand module; add yours here.
COMMAND_MODULES = [
    "planner.commands.catalog",
    "planner.commands.validate",
    "planner.commands.check",
    "planner.commands.schema",
    "planner.commands.convert",
    "planner.commands.fabric",
    "planner.commands.size",
    "planner.commands.report",
]


class UserError(Exception):
    """Bad input: printed as one line without a traceback, exit code 2."""


def _modules():
    return [importlib.import_module(m) for m in COMMAND_MODULES]


def subcommand_names() -> set[str]:
    return {m.NAME for m in _modules()}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rackwright",
        description="Rackwright: plan AI/GPU datacenter builds. Without a subcommand, "
                    "`rackwright [PLAN]` opens the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"rackwright {planner.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in _modules():
        mod.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from planner.catalog import CatalogError
    from planner.plan_io import PlanFormatError

    try:
        return int(args.func(args) or 0)
    except (UserError, PlanFormatError, CatalogError, FileNotFoundError, IsADirectoryError,
            PermissionError) as e:
        print(f"rackwright: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rackwright: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
