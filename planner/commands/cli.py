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

Language (docs/i18n-cli.md): one rule for every command. ``--lang de|en`` anywhere on the
line (before or after the subcommand), else ``RACKWRIGHT_LANG``, else the system's language.
It applies to the help (argparse's own words too), the human-readable output and the error
messages; ``--json`` output is never translated.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterable
from typing import NoReturn

import planner
from planner.i18n import N_, Np_, _, active_language, ngettext

# One line per subcommand module (planner/commands/<name>.py, NAME == <name> with - for _); add yours here.
COMMAND_MODULES = [
    "planner.commands.catalog",
    "planner.commands.validate",
    "planner.commands.check",
    "planner.commands.schema",
    "planner.commands.convert",
    "planner.commands.fabric",
    "planner.commands.size",
    "planner.commands.report",
    "planner.commands.export",
    "planner.commands.brownfield",
    "planner.commands.netbox",
    "planner.commands.templates",
    "planner.commands.new",
    "planner.commands.plan_for",
    "planner.commands.repo",
    "planner.commands.compare",
]


class UserError(Exception):
    """Bad input: printed as one line without a traceback, exit code 2. Raise it with the
    message already in the active language (``_("...").format(...)``)."""


# argparse's own words (usage, options, its error messages), translated through the planner's
# catalog: argparse looks them up with the module-level ``_``/``ngettext`` it imported from
# gettext, which :func:`_install_argparse_words` points at the catalog. Listed here so the
# catalog extracts them.
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"), N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"), N_("can't open '%(filename)s': %(error)s"),
    N_("unexpected option string: %s"),
)
ARGPARSE_PLURALS = (Np_("expected %s argument", "expected %s arguments"),)


def _install_argparse_words() -> None:
    """argparse's texts in the active language (English: unchanged)."""
    argparse._ = lambda message: _(message)  # type: ignore[attr-defined]
    argparse.ngettext = lambda s, p, n: ngettext(s, p, n)  # type: ignore[attr-defined]


def _language_from_argv(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` / ``--lang=X`` anywhere before ``--``: (X, argv without it)."""
    lang, rest, i = None, [], 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            rest += argv[i:]
            break
        if a == "--lang":
            if i + 1 >= len(argv):
                raise UserError(_("--lang needs a language: de or en"))
            lang, i = argv[i + 1], i + 2
            continue
        if a.startswith("--lang="):
            lang, i = a.partition("=")[2], i + 1
            continue
        rest.append(a)
        i += 1
    if lang is not None and lang not in ("de", "en"):
        raise UserError(_("--lang: {lang!r} is not a language of Rackwright (de or en)").format(lang=lang))
    return lang, rest


def _add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang`` in the help of ``parser`` and every subcommand under it (main() takes it
    off the line before parsing, wherever it stands)."""
    if "--lang" not in parser._option_string_actions:
        parser.add_argument("--lang", choices=("de", "en"), default=None,
                            help=_("language of the help, messages and text output (default: RACKWRIGHT_LANG, "
                                   "else the system's); --json is never translated"))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                if sub._actions:  # a placeholder (add_help=False, no options) stays bare
                    _add_lang_option(sub)


def catalog_warning(problems: int) -> str:
    """The warning every command prints when the catalog it loaded has problems."""
    from planner.i18n import tf

    return tf(Np_("rackwright: warning: the catalog has {n} problem; `rackwright catalog validate` lists it",
                  "rackwright: warning: the catalog has {n} problems; `rackwright catalog validate` lists them"),
              n=problems)



# characters a terminal acts on instead of showing: C0/C1 controls (escape sequences, bell,
# carriage return) and the bidirectional overrides that reorder what is shown
_UNSAFE = {c for c in range(0x20) if c not in (0x09, 0x0A)} | {0x7F} | set(range(0x80, 0xA0)) \
    | {0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069}
_ESCAPES = {c: f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" for c in _UNSAFE}


def terminal_safe(text: str) -> str:
    """``text`` with control characters and bidi overrides shown as escapes (``\\x1b``), so
    a name in a plan cannot move the cursor, recolour the terminal or reorder a line."""
    return text.translate(_ESCAPES)


class _SafeWriter:
    """A text stream that writes through :func:`terminal_safe` (human-readable output)."""

    def __init__(self, stream) -> None:  # noqa: ANN001
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(terminal_safe(text))
        return len(text)

    def __getattr__(self, name: str):  # noqa: ANN204 - flush, isatty, encoding, ...
        return getattr(self._stream, name)


def one_line(message: str, verbose: bool = False) -> str:
    """An error for the terminal: its first line (the file and what is wrong), unless
    ``verbose``; control characters escaped either way."""
    message = str(message).strip()
    if not verbose and "\n" in message:
        message = _("{line} (more with --verbose)").format(line=message.splitlines()[0].rstrip(" :"))
    return terminal_safe(message)


def suggest(word: str) -> str | None:
    """The subcommand closest to a mistyped one, if any is close."""
    import difflib

    close = difflib.get_close_matches(word, sorted(subcommand_names()), n=1, cutoff=0.6)
    return close[0] if close else None


def unknown_word_message(word: str) -> str:
    """The launcher's one line for `rackwright WORD` when WORD is neither a file nor a
    command (in the system's language: RACKWRIGHT_LANG, else the system's)."""
    from planner.i18n import current_language, tf, use_language

    close = suggest(word)
    safe = terminal_safe(word)
    with use_language(current_language()):
        if close:
            return tf("rackwright: error: no such file or command: {word!r}; did you mean 'rackwright {close}'?",
                      word=safe, close=close)
        return tf("rackwright: error: no such file or command: {word!r}; `rackwright --help` lists the commands",
                  word=safe)


def _modules():
    return [importlib.import_module(m) for m in COMMAND_MODULES]


def subcommand_names() -> set[str]:
    """The subcommands' names, without importing them (module ``plan_for`` is the
    command ``plan-for``)."""
    return {m.rpartition(".")[2].replace("_", "-") for m in COMMAND_MODULES}


class _Parser(argparse.ArgumentParser):
    """argparse with its errors on one line (no usage block): ``rackwright size infer:
    error: argument --input-tokens: 'abc' is not a number (see rackwright size infer --help)``.
    Subcommands' parsers are of this class too (argparse makes them ``type(parent)``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("%(prog)s: error: %(message)s\n") % {
            "prog": self.prog, "message": _("{message} (see `{prog} --help`)").format(message=message, prog=self.prog)})


def build_parser(full: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The parser; ``full``: the subcommands that register their whole parser (default:
    all); the others get a placeholder with their ``HELP`` line."""
    _install_argparse_words()
    parser = _Parser(
        prog="rackwright",
        description=_("Rackwright: plan AI/GPU datacenter builds. Without a subcommand, "
                      "`rackwright [PLAN]` opens the desktop app."),
    )
    parser.add_argument("--version", action="version", version=f"rackwright {planner.__version__}",
                        help=_("show the version and exit"))
    parser.add_argument("--verbose", action="store_true", help=_("errors in full, not their first line only"))
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    wanted = None if full is None else set(full)
    for mod in _modules():  # the command modules import only the standard library at the top
        if wanted is None or mod.NAME in wanted:
            mod.register(sub)
        else:
            sub.add_parser(mod.NAME, help=_(mod.HELP), add_help=False)
    _add_lang_option(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from planner.i18n import current_language, use_language

    try:
        lang, argv = _language_from_argv(argv)
    except UserError as e:
        with use_language(current_language()):
            print(_("rackwright: error: {message}").format(message=one_line(str(e))), file=sys.stderr)
        return 2
    # the language of this command (a context, not the process: main() called twice in one
    # process, as the tests do, does not leak the first call's language into the second)
    with use_language(lang or current_language()):
        return _run(argv)


def _run(argv: list[str]) -> int:
    # the subcommand is the first word that is not an option (the top level's options,
    # --help and --version, take no value)
    command = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(full=[command] if command in subcommand_names() else [])
    args, extra = parser.parse_known_args(argv)
    # positionals after an option (`catalog import-netbox --replace DIR`): argparse has closed
    # a trailing nargs="*" list by then; words that are not options belong to it
    if extra and isinstance(getattr(args, "paths", None), list) and not any(a.startswith("-") for a in extra):
        args.paths.extend(extra)
    elif extra:
        parser.parse_args(argv)  # the usual message and exit 2 for what nothing takes
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    if hasattr(args, "lang"):
        args.lang = active_language()
    from planner.catalog import CatalogError
    from planner.files.plan_io import PlanFormatError

    out = sys.stdout
    if not getattr(args, "json", False):  # machine output (JSON) escapes for itself
        sys.stdout = _SafeWriter(out)
    try:
        return int(args.func(args) or 0)
    except (UserError, PlanFormatError, CatalogError) as e:
        print(_("rackwright: error: {message}").format(message=one_line(str(e), args.verbose)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_("rackwright: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except RuntimeError as e:
        if not str(e).startswith("Symlink loop"):  # Path.resolve() of Python < 3.13 on a loop
            raise
        import errno
        import os

        loop = OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(e).rpartition(" from ")[2].strip("'"))
        print(_("rackwright: error: {message}").format(message=one_line(_os_error_line(loop), args.verbose)),
              file=sys.stderr)
        return 2
    except OSError as e:  # a file that cannot be read or written (name too long, symlink loop, disk full, ...)
        print(_("rackwright: error: {message}").format(message=one_line(_os_error_line(e), args.verbose)),
              file=sys.stderr)
        return 2
    finally:
        sys.stdout = out


def _os_error_line(e: OSError) -> str:
    """``PATH: why`` for an OSError, in the language of the moment (no '[Errno 36]')."""
    from planner.base.fileio import os_error_text
    from planner.i18n import message_text

    why = message_text(os_error_text(e))
    name = e.filename if e.filename is not None else ""
    name = str(name)
    if len(name) > 120:  # a 4,000-character name is not worth printing whole
        name = name[:60] + "…" + name[-40:]
    return f"{name}: {why}" if name else why


if __name__ == "__main__":
    sys.exit(main())
