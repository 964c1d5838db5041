"""Whole numbers given on a command line: ASCII digits, within bounds; errors on one line.

Python's ``int()`` reads ``" 7 "``, ``1_000`` and digits of any script (``٣``,
an Arabic-Indic three) as numbers, and any number of digits; a flag takes
none of those.  ``number(low, high)`` makes an ``argparse`` type whose error
names the value and the range, which the command lines print as their one
line.
"""

from __future__ import annotations

import argparse
import re

#: Seeds are stored as signed 64-bit integers (SQLite's INTEGER).
SEED_LIMIT = 2**63
#: Digits read at most: more than any bound here needs, few enough to convert at once.
MAX_DIGITS = 30

_WHOLE = re.compile(r"-?[0-9]+")


def whole_number(text: str, what: str, low: int | None = 0, high: int | None = None) -> int:
    """``text`` as a whole number from ``low`` to ``high`` (either may be None);
    ValueError naming ``what`` otherwise."""
    return _whole(text, low, high, f"{what} ")


def _whole(text, low, high, what: str = "") -> int:
    if not isinstance(text, str) or not _WHOLE.fullmatch(text):
        raise ValueError(f"{what}must be a whole number written in the digits 0-9 "
                         f"({_range(low, high)}), not {text!r}")
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ValueError(f"{what}must be {_range(low, high)}, not a number of {digits} digits")
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{what}must be {_range(low, high)}, not {value}")
    return value


def _range(low, high) -> str:
    if high is None:
        return f"{low:,} or more"
    if low is None:
        return f"{high:,} or less"
    return f"from {low:,} to {high:,}"


def number(low: int | None = 0, high: int | None = None, name: str = "number"):
    """An ``argparse`` type: a whole number from ``low`` to ``high``; argparse
    puts the flag's name before the message."""
    def parse(text: str) -> int:
        try:
            return _whole(text, low, high)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    parse.__name__ = name
    return parse


def one_line(message) -> str:
    """An error ``message`` on one line: line breaks and other control characters
    (a file name may hold them) written as escapes."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(message))


#: ``--seed``: any number from 0 to 2**63 - 1.
seed = number(0, SEED_LIMIT - 1, "seed")
