"""Calla knowledge: a fast private copy of the sowing rules for alpha-beta.

The model's position is ``(pits, mover, free_turn, time_called)``.  Turns
need not be stored: player A always starts, so the completed turns are
equal exactly when A is about to start a turn, which is all the game clock
rule asks (time called ends the game at the start of a turn with equal
turns).  Values are player A's: the calla difference while the game runs,
``WIN`` plus the final difference for a finished game won, ``-WIN`` plus it
for one lost, the difference alone for a draw... which for a draw is 0.
"""

from __future__ import annotations

WIN_CUBES = 17
WIN = 1000
SCORE_SCALE = 4.0

#: Easy and medium search with MCTS (the shared settings); hard and expert
#: with alpha-beta, which is exact once the tree closes.  Hard looks 10 plies
#: ahead at most: within 1.5 s an unlimited search reaches about 20 plies from
#: the opening, where Calla is already close to solved, and two searches that
#: deep play alike.  The cap leaves Expert (5 s, 22-25 plies, exact near the
#: end) something to win by, and Hard still outplays Medium.
LEVELS = {
    "hard": {"searcher": "alphabeta", "depth": 10, "iterations": 700_000},
    "expert": {"searcher": "alphabeta", "iterations": 2_300_000},
}


def sow(pits, mover, move):
    """``(pits, landing)`` after ``mover`` sows shield ``move`` (1-5), captures made."""
    p = list(pits)
    origin = 6 * mover + move - 1
    count = p[origin]
    p[origin] = 0
    skip = 11 if mover == 0 else 5
    index = origin
    for _ in range(count):
        index += 1
        if index == 12:
            index = 0
        if index == skip:
            index = 0 if skip == 11 else 6
        p[index] += 1
    calla = 5 if mover == 0 else 11
    if index != calla and (index < 5 if mover == 0 else 6 <= index <= 10) \
            and p[index] == 1 and p[10 - index]:
        p[calla] += p[10 - index] + 1
        p[10 - index] = 0
        p[index] = 0
    return tuple(p), index


class CallaModel:
    """The game for ``alphabeta``; see the module docstring for values."""

    WIN = WIN

    def __init__(self, state):
        self.sweep = state.options.get("end_sweep") == "owner_takes"
        self.root = (state.pits, state.mover, state.free_turn, state.time_called)

    @staticmethod
    def maximizing(s):
        return s[1] == 0

    @staticmethod
    def moves(s):
        pits, mover = s[0], s[1]
        base = 6 * mover
        calla = base + 5
        free, capture, other = [], [], []
        for m in range(1, 6):
            i = base + m - 1
            n = pits[i]
            if not n:
                continue
            if i + n == calla:              # last cube in the own calla: a free turn
                free.append(m)
            elif n < 5 and i + n < calla and not pits[i + n] and pits[10 - i - n]:
                capture.append(m)
            else:
                other.append(m)
        # Free turns nearest the calla first: they leave the others in place.
        free.reverse()
        return free + capture + other

    @staticmethod
    def play(s, move):
        pits, mover, _free, called = s
        new, landing = sow(pits, mover, move)
        calla = 5 if mover == 0 else 11
        if landing == calla and new[calla] < WIN_CUBES:
            return (new, mover, True, called)
        return (new, 1 - mover, False, called)

    def terminal(self, s):
        pits, mover, free, called = s
        a, b = pits[5], pits[11]
        if a >= WIN_CUBES or b >= WIN_CUBES:
            return (WIN if a > b else -WIN) + a - b
        base = 6 * mover
        if not (pits[base] or pits[base + 1] or pits[base + 2] or pits[base + 3]
                or pits[base + 4]):
            return self.final(pits)
        if called and not free and mover == 0:
            return self.final(pits)
        return None

    def final(self, pits):
        a, b = pits[5], pits[11]
        if self.sweep:
            a += sum(pits[0:5])
            b += sum(pits[6:11])
        if a == b:
            return 0
        return (WIN if a > b else -WIN) + a - b

    @staticmethod
    def evaluate(s):
        return s[0][5] - s[0][11]


def alphabeta_model(state):
    return CallaModel(state)


#: An opening is even when a search this deep finds neither side this many cubes ahead.
EVEN_DEPTH = 10
EVEN_MARGIN = 2


def even(state) -> bool:
    """True when neither side is clearly ahead (for balanced match openings)."""
    import random
    from ..alphabeta import search
    value = search(CallaModel(state), random.Random(0), max_depth=EVEN_DEPTH).value
    return abs(value) <= EVEN_MARGIN


def prior(state, moves):
    """Free turns, then captures, then the rest (the model's order)."""
    s = (state.pits, state.mover, state.free_turn, state.time_called)
    order = CallaModel.moves(s)
    rank = {m: len(order) - i for i, m in enumerate(order)}
    return [rank.get(m, 0) for m in moves]
