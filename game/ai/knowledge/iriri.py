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
    "medium": {"playout_depth": 30, "widen": (3, 1.5, 0.5), "iterations": 120},
    "hard": {"playout_depth": 30, "widen": (3, 1.5, 0.5), "iterations": 300},
    "expert": {"playout_depth": 30, "widen": (3, 1.5, 0.5), "iterations": 1050},
}


#: Medium, Hard and Expert search more iterations as the pieces still to play run
#: out: an iteration's playout ends sooner, so it costs less (at Hard about 5 ms with
#: 27 pieces in the ring and hands, 2.5 ms with 18, 0.7 ms with 12; games end with
#: some 9 pieces that found no place).  Each level's iterations are its budget with
#: ``WORK_FULL`` pieces left, and grow as ``(WORK_FULL - WORK_AT_END) / (left -
#: WORK_AT_END)`` up to ``WORK_CAP`` times, so that a move takes about the level's
#: time all game.  Easy keeps its 60 playouts.
WORK_FULL = 27
WORK_AT_END = 9
WORK_CAP = 6.0


def work_weight(state, level) -> float:
    if level.name == "easy":
        return 1.0
    left = len(state.ring) + len(state.hands[0]) + len(state.hands[1])
    share = (WORK_FULL - WORK_AT_END) / max(1, left - WORK_AT_END)
    return min(WORK_CAP, max(1.0, share))


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
