"""Calabria move notation: reading a move from text and writing it back.

Part of ``game.calabria``: the rules (``state.py``) and the positions (``records.py``) both
use it, and it needs only the board.
"""

from __future__ import annotations

import re

from ..errors import IllegalMoveError, InvalidMoveError
from ..i18n import _
from .board import SIZE, _PLACE, _STEP, Move, square_index, square_name


def is_square(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SIZE


def square_of(square) -> int:
    if isinstance(square, str):
        return square_index(square)
    if not is_square(square):
        raise ValueError(f"{square!r} is not a square")
    return square


def describe_move(move) -> str:
    try:
        return format_move(None, move)
    except (TypeError, ValueError, IndexError):
        return repr(move)


def parse_move(state, text: str) -> Move:
    word = "".join(text.split()).lower()
    m = re.fullmatch(r"([vdx])@([a-z][0-9]+)", word)
    if m:
        return _PLACE[m.group(1).upper()][square_index(m.group(2))]
    m = re.fullmatch(r"([a-z][0-9]+)-([a-z][0-9]+)", word)
    if m:
        return _STEP[square_index(m.group(1)) * SIZE + square_index(m.group(2))]
    raise InvalidMoveError(_("{text} is not a Calabria action: write V@e4 or D@e4 to place, "
                             "e4-e7 to move and X@f4 for a barricade").format(text=repr(text)))


def format_move(state, move) -> str:
    kind, frm, to = move
    if kind == "M":
        return f"{square_name(frm)}-{square_name(to)}"
    if kind not in "VDX" or not is_square(to):
        raise IllegalMoveError(_("{move} is not a Calabria action").format(move=repr(move)))
    return f"{kind}@{square_name(to)}"
