"""Calabria: a 12x8 custodial capture game, a relative of Ludus Latrunculorum.

Romans (player 0, rank 1) and Gladiators (player 1, rank 8) each have twelve
pieces (vagi), one Dux and four barricades.  The game opens with a positioning
phase (single placements, Romans first) and goes on with rook moves, Dux jump
chains and barricades until a Dux or the last piece of a side is captured.

Squares are numbered 0-95 in reading order of the position's board rows:
index ``row * 12 + file`` where row 0 is rank 8 and file 0 is ``a``, so the
board string of a state is exactly the position's eight rows joined.  Use
``square_name``, ``square_index`` and ``square_at`` to convert.

``state.py`` holds the rules (the state and its legal actions); the board and its
geometry tables are in ``board.py``, positions, notation and ``SPEC`` in
``records.py``.
"""

from __future__ import annotations

from .board import (BARRICADE, BARRICADES_EACH, BOARD_CHARS, CORNERS, DUX, DUX_NAMES, EMPTY, FILES,
                    HEIGHT, OPTIONS, OPTION_CHOICES, PIECE, PIECES_EACH, SIDE_NAMES, SIZE, UNITS,
                    WIDTH, Move, file_rank, side_names, square_at, square_index, square_name)
from .records import SPEC
from .state import CalabriaState

__all__ = ["BARRICADE", "BARRICADES_EACH", "BOARD_CHARS", "CORNERS", "DUX", "DUX_NAMES", "EMPTY",
           "FILES", "HEIGHT", "OPTION_CHOICES", "OPTIONS", "PIECE", "PIECES_EACH", "SIDE_NAMES",
           "SIZE", "SPEC", "UNITS", "WIDTH", "CalabriaState", "Move", "file_rank", "square_at",
           "square_index", "square_name", "side_names"]
