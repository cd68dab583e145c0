"""Headless command line: `rackwright SUBCOMMAND ...` and `python -m planner ...`.

Never imports Qt. Each subcommand lives in ``planner/commands/<name>.py`` with ``NAME``,
``HELP`` (its line in ``rackwright --help``) and a ``register(subparsers)`` function that
adds its parser and sets ``func`` to a callable ``(args) -> int``. Exit codes: 0 success,
1 the command ran and found errors (e.g. error findings), 2 bad input (unreadable file,
unknown model, ...).

Start-up: only the subcommand being run registers its full parser (``register`` may
import what its options need: the report's sections, the sizer's calibration, hence
reportlab, pydantic models, ...); the others appear by name and ``HELP`` only, so
``--version``, ``--help`` and a light command do not pay for the heavy ones
(bench/bench_startup.py).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterable

import planner

# One line per subcommand module (planner/commands/<name>.py, NAME == <name>); add yours here.
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
    """The subcommands' names, without importing them."""
    return {m.rpartition(".")[2] for m in COMMAND_MODULES}


def build_parser(full: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The parser; ``full``: the subcommands that register their whole parser (default:
    all); the others get a placeholder with their ``HELP`` line."""
    parser = argparse.ArgumentParser(
        prog="rackwright",
        description="Rackwright: plan AI/GPU datacenter builds. Without a subcommand, "
                    "`rackwright [PLAN]` opens the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"rackwright {planner.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = None if full is None else set(full)
    for mod in _modules():  # the command modules import only the standard library at the top
        if wanted is None or mod.NAME in wanted:
            mod.register(sub)
        else:
            sub.add_parser(mod.NAME, help=mod.HELP, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # the subcommand is the first word that is not an option (the top level's options,
    # --help and --version, take no value)
    command = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(full=[command] if command in subcommand_names() else [])
    args = parser.parse_args(argv)
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
