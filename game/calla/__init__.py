"""Calla: a five-shield mancala played against a shared game timer.

Board indices: 0-4 are player A's shields from A's left, 5 is A's calla,
6-10 are B's shields from B's left and 11 is B's calla.  Shield ``i`` faces
shield ``10 - i``.  Player A (0) always moves first.

A move is the number of the mover's shield, 1-5, counted from the shield
farthest from the mover's own calla, so move ``m`` of player ``p`` empties
board index ``6 * p + m - 1``.

The rules (the state and its moves) are in ``state.py``; the board and its
geometry are in ``board.py``, positions, notation and ``SPEC`` in
``records.py``.
"""

from __future__ import annotations

from .board import (CALLA, OPTION_CHOICES, OPTIONS, PLAYER_NAMES, START, TOTAL, WIN_CUBES, facing,
                    owner, shield_index, shields, side_names, sow_path)
from .records import POSITION_FIELDS, SPEC
from .state import CallaState

__all__ = ["SPEC", "CallaState", "POSITION_FIELDS", "CALLA", "OPTION_CHOICES", "OPTIONS",
           "PLAYER_NAMES", "START", "TOTAL", "WIN_CUBES", "facing", "owner", "shield_index",
           "shields", "side_names", "sow_path"]
