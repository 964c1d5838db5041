"""Computer players, written once against the engine contract.

``choose_move(spec_name, state, level, rng)`` returns a legal move of the
player to move.  Levels: ``random`` (a uniformly random legal move) and the
strength levels listed in ``LEVELS``.
"""

from __future__ import annotations

import random

#: Levels offered to players, weakest first.
LEVELS = ("random",)

LEVEL_TITLES = {"random": "Random mover"}


def choose_move(spec_name: str, state, level: str = "random", rng: random.Random | None = None):
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    rng = rng or random.Random()
    return rng.choice(moves)
