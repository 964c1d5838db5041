"""Calliro move notation: reading a move from text and writing it back.

Part of ``game.calliro``: the rules (``state.py``) and the positions (``records.py``) both
use it, and it needs only the board.
"""

from __future__ import annotations

import re

from ..errors import IllegalMoveError, InvalidMoveError
from ..i18n import _
from .board import Move, cell_label, parse_cell


def describe_move(state, move) -> str:
    try:
        return format_move(state, move)
    except (TypeError, ValueError, IndexError, AttributeError):
        return repr(move)


def parse_move(state, text: str) -> Move:
    radius = state.geo.radius if state is not None else 4
    t = " ".join(text.split()).lower()
    m = re.fullmatch(r"([obg]) ?(?:/ ?([obg]) ?)?@ ?([a-z][0-9]+)", t)
    if m:
        up, under, label = m.groups()
        if under == up:
            raise InvalidMoveError(_("{text}: a chip has two different colours").format(
                text=repr(text)))
        return Move("place", parse_cell(label, radius), up.upper(),
                    under.upper() if under else None)
    m = re.fullmatch(r"(flip|replace) ?([a-z][0-9]+)", t)
    if m:
        return Move(m.group(1), parse_cell(m.group(2), radius))
    raise InvalidMoveError(_("{text} is not a Calliro action: write O@e5 (or B/g@d4 to ask "
                             "for a particular chip) to place, flip e5 to flip, replace f4 for a "
                             "score chip").format(text=repr(text)))


def format_move(state, move) -> str:
    radius = state.geo.radius if state is not None else 4
    action, cell, up, under = move
    label = cell_label(cell, radius)
    if action == "place":
        return f"{up.upper()}{'/' + under.lower() if under else ''}@{label}"
    if action in ("flip", "replace"):
        return f"{action} {label}"
    raise IllegalMoveError(_("{move} is not a Calliro action").format(move=repr(move)))
