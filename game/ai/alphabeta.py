"""Alpha-beta search with a transposition table and iterative deepening.

Written for two-player games over a small *model* interface, so a game can
plug in a fast private copy of its rules (Calla does: ``knowledge/calla.py``)
while the search stays generic.  A model has:

``root``                 the position to search from (any hashable value)
``moves(s)``             legal moves, in a good order for searching
``play(s, m)``           the position after ``m``
``maximizing(s)``        True when player 0 is to move (moves need not alternate)
``terminal(s)``          the final value (player 0's view) when the game is over, else None
``evaluate(s)``          a heuristic value (player 0's view) of a position not over
``WIN``                  values at or beyond +-WIN are proven results

Exactness: a depth limit cuts a line only when it meets a position that is not
over.  An iteration that cut nothing has seen every line to the end, so its
value is the game's value and deepening stops (``Result.exact``); this happens
on its own once few cubes are left.  Table entries made without any cut are
stored as exact and serve every later depth.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

EXACT_DEPTH = 1 << 30
LOWER, UPPER, VALUE = 1, 2, 3


class _Abort(Exception):
    pass


@dataclass
class Result:
    move: object
    value: float
    depth: int
    exact: bool
    nodes: int


class AlphaBeta:
    """``max_nodes`` is the budget (the same generator and budget give the same move
    however busy the machine is); ``deadline``, on ``clock`` (by default
    ``time.perf_counter``), is a wall-clock cap that stops a search that got too little
    of the processor for its nodes (``capped`` then says so)."""

    def __init__(self, model, rng, deadline=None, max_nodes=None, max_depth=None, clock=None):
        self.model = model
        self.rng = rng
        self.deadline = deadline
        self.clock = clock or time.perf_counter
        self.capped = False
        self.max_nodes = max_nodes
        self.max_depth = max_depth if max_depth is not None else 200
        self.table: dict = {}
        self.nodes = 0
        self.cuts = 0
        self.protect = True       # the first iteration always finishes

    def search(self) -> Result:
        model = self.model
        root = model.root
        moves = list(model.moves(root))
        if not moves:
            raise ValueError("no legal move: the game is over")
        self.rng.shuffle(moves)      # equal moves: a random one
        result = Result(moves[0], 0, 0, False, 0)
        if len(moves) == 1:
            return result
        maxing = model.maximizing(root)
        lost_at = {}                 # move -> first depth that proved it lost
        for depth in range(1, self.max_depth + 1):
            self.cuts = 0
            try:
                move, value, values = self.root_search(root, moves, depth)
            except _Abort:
                break
            self.protect = False
            for m, v in values.items():
                if m not in lost_at and (v <= -model.WIN if maxing else v >= model.WIN):
                    lost_at[m] = depth
            exact = self.cuts == 0
            if move in lost_at:
                # Lost against best play: resist longest (the move proved lost
                # last), so that a fallible opponent has the most chances to err.
                move = max(moves, key=lambda m: lost_at.get(m, depth + 1))
            result = Result(move, value, depth, exact, self.nodes)
            moves.remove(move)
            moves.insert(0, move)
            if exact or abs(value) >= model.WIN:
                break
        result.nodes = self.nodes
        return result

    def root_search(self, root, moves, depth):
        model = self.model
        maxing = model.maximizing(root)
        alpha, beta = -float("inf"), float("inf")
        best_move, best = moves[0], None
        values = {}
        for move in moves:
            value = self.value(model.play(root, move), depth - 1, alpha, beta)
            values[move] = value
            if best is None or (value > best if maxing else value < best):
                best, best_move = value, move
                if maxing:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
        return best_move, best, values

    def tick(self):
        self.nodes += 1
        if self.protect:
            return
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _Abort
        if self.deadline is not None and not self.nodes & 255 \
                and self.clock() >= self.deadline:
            self.capped = self.max_nodes is not None
            raise _Abort

    def value(self, s, depth, alpha, beta):
        self.tick()
        model = self.model
        final = model.terminal(s)
        if final is not None:
            return final
        if depth <= 0:
            self.cuts += 1
            return model.evaluate(s)
        entry = self.table.get(s)
        first = None
        if entry is not None:
            e_depth, flag, e_value, first = entry
            if e_depth >= depth:
                if flag == VALUE or (flag == LOWER and e_value >= beta) \
                        or (flag == UPPER and e_value <= alpha):
                    if e_depth != EXACT_DEPTH:
                        self.cuts += 1
                    return e_value
        cuts_before = self.cuts
        alpha0, beta0 = alpha, beta
        maxing = model.maximizing(s)
        moves = model.moves(s)
        if first is not None and first in moves and moves[0] != first:
            moves = [first] + [m for m in moves if m != first]
        best, best_move = None, None
        for move in moves:
            value = self.value(model.play(s, move), depth - 1, alpha, beta)
            if maxing:
                if best is None or value > best:
                    best, best_move = value, move
                if best > alpha:
                    alpha = best
            else:
                if best is None or value < best:
                    best, best_move = value, move
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if best <= alpha0:
            flag = UPPER
        elif best >= beta0:
            flag = LOWER
        else:
            flag = VALUE
        stored = EXACT_DEPTH if self.cuts == cuts_before else depth
        self.table[s] = (stored, flag, best, best_move)
        return best


def search(model, rng, deadline=None, max_nodes=None, max_depth=None, clock=None,
           info: dict | None = None) -> Result:
    """The search's result; ``info``, when given, gets ``capped``."""
    searcher = AlphaBeta(model, rng, deadline, max_nodes, max_depth, clock)
    result = searcher.search()
    if info is not None:
        info["capped"] = searcher.capped
    return result
