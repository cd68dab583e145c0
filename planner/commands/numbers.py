"""Number arguments of the subcommands (``type=`` of argparse), read by the one parser,
:func:`planner.i18n.parse_number`, in the command's language (``--lang``): German
``2.000`` is 2000 and ``0,15`` is 0.15, English ``2,000`` and ``0.15``; ``2e12``, ``2T``,
``500k`` and ``2_000`` in both. What the other language would read differently (German
``1,500``) is refused with a one-line message (exit 2). The app's fields and the price import read numbers
through the same function."""

from __future__ import annotations

import argparse


def _read(text: str, integer: bool) -> float | int:
    from planner.i18n import error_text, parse_number

    try:
        return parse_number(text, integer=integer)
    except ValueError as e:
        raise argparse.ArgumentTypeError(error_text(e)) from None


def number(text: str) -> float:
    """A number: ``2e12``, ``1.5`` (German ``1,5``), ``2T``."""
    return float(_read(text, False))


def count(text: str) -> int:
    """A whole number: ``1024``, ``2,000`` (German ``2.000``), ``4k``."""
    return int(_read(text, True))


def positive_count(text: str) -> int:
    """A whole number of at least 1."""
    from planner.i18n import tf

    n = count(text)
    if n < 1:
        raise argparse.ArgumentTypeError(tf("must be at least 1 (got {n})", n=n))
    return n


__all__ = ["count", "number", "positive_count"]
