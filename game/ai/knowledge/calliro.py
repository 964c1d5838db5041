"""Calliro knowledge: chance is sampled, never read from the state's seed.

Which chip of the chosen up colour a placement draws, and the up sides of
the Basket's chips when they return to the Repository, come from the
position's ``seed`` (the n-th draw from ``(seed, n)``).  A search that played
moves on the state it was given would therefore know every future draw.
The search's re-seeding (``mcts.generic_reseed``) gives it the same position
with a fresh random ``seed`` taken from the player's own generator (only the
seed changes).  It re-seeds the root at the start of every iteration and
replays its moves down the tree (open-loop MCTS, see ``mcts.py``), so each
draw on the way is a new sample and the tree's values average over what the
chips may turn out to be.  The answer depends on the
player's generator only, never on the state's seed.

Scoring itself is certain (arcs are read from up sides, and a flipped chip's
underside is known), so a winning 11th point is found by trying each move
once on a re-seeded copy.
"""

from __future__ import annotations

from ..mcts import greedy_playout

SCORE_SCALE = 3.0

LEVELS = {
    "easy": {"playout_depth": 40},
    "medium": {"playout_depth": 40, "iterations": 300},
    "hard": {"playout_depth": 40, "iterations": 780},
    "expert": {"playout_depth": 60, "iterations": 2700},
}


def playout(state, moves, rng):
    return greedy_playout(state, moves, rng, sample=3)
