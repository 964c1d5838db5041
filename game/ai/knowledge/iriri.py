"""Iriri knowledge: playouts that prefer placements scoring most at once.

A turn is two moves by the same player (place, then take); the search's
reward vectors need nothing special for that.  The ring is public and
``play()`` draws nothing after the setup (its spec declares no ``chance``),
so Iriri is searched as a deterministic game.
"""

from __future__ import annotations

from ..mcts import greedy_playout

SCORE_SCALE = 6.0

LEVELS = {
    "easy": {"policy": True},
    "medium": {"playout_depth": 30, "widen": (3, 1.5, 0.5)},
    "hard": {"playout_depth": 30, "widen": (3, 1.5, 0.5)},
    "expert": {"playout_depth": 30, "widen": (3, 1.5, 0.5)},
}


def playout(state, moves, rng):
    return greedy_playout(state, moves, rng, sample=4)


def prior(state, moves) -> list:
    """Immediate gain of the mover over the other player (a pass or take: 0)."""
    mover = state.to_move
    before = state.scores
    out = []
    for move in moves:
        after = state.play(move)
        if after.is_over:
            win = after.winner
            out.append(1000.0 if win == mover else -1000.0 if win is not None else 0.0)
            continue
        s = after.scores
        out.append((s[mover] - before[mover]) - (s[1 - mover] - before[1 - mover]))
    return out
