"""Calla's Perfect level: best play wherever it is proven, Expert's search elsewhere.

A position's value is the best final margin the player to move can force (see
``game/calla/perfect.py``).  Perfect proves it in one of two ways:

- the shipped tables hold every position with few cubes on the board: when every move
  leads into them (or ends the game), each move's value is read off at once;
- above them, an exact search (MTD(f): null-window alpha-beta passes over a table of
  proven bounds, the shipped tables at its leaves) within part of its budget.

It then plays a move of the best value.  When the search runs out of nodes it still knows
a lower bound on the value and a move that secures it; if that bound is a win or a draw,
it plays that move, so a result once proven is never thrown away.  Each proven move also
leaves its value as a floor for every position the opponent can reach from it, where the
next search starts (the value of a position is the same however it was reached, so
these floors serve later games too).  Otherwise, and while the game timer has been called
(the tables are values of the game played to its end), it plays Expert's search
(alpha-beta, the tables at its leaves) with the rest of its budget.  The budget is work,
as every level's is (``budget()``): about Expert's processor time in all, under Expert's
wall-clock cap, so it answers within Expert's time.  Missing or damaged tables are said in
``info["problem"]``; the level then plays as Expert.

The table of bounds is kept between moves, within one process, up to ``MOST_ENTRIES``
(about 110 bytes each): the positions after a proven move were part of its proof, so the
next move is usually proven again in a moment.
"""

from __future__ import annotations

import random
import sys
import time

from game.calla.board import TOTAL, WIN_CUBES
from game.calla.perfect import TableProblem, flip, load, sow, view

#: Share of the budget spent proving before Expert's search takes the rest.
PROOF_SHARE = 0.6
#: A node of the proof costs about this many of Expert's (2.2 against 5 microseconds of
#: processor here, at load 3 to 10 on two cores): 600,000 nodes, about 3 s.
NODE_COST = 2.3
#: Entries of the table of bounds kept between moves before it is emptied.
MOST_ENTRIES = 1_000_000
#: Floors kept (positions the opponent could reach from a proven move).
MOST_FLOORS = 200_000
#: How often (in nodes) the search looks at the clock.
CHECK_EVERY = 512
#: The mover's calla count as the last byte of a key (board bytes + this).
_A = [bytes((a,)) for a in range(TOTAL + 1)]
_DEFAULT = object()


class _OutOfTime(Exception):
    pass


def _pack(lo: int, hi: int, move) -> int:
    """A bounds entry as one small number: lower bound, upper bound, best move (or none)."""
    return (lo + 64) << 10 | (hi + 64) << 3 | (7 if move is None else move)


def _unpack(entry: int):
    move = entry & 7
    return (entry >> 10) - 64, ((entry >> 3) & 127) - 64, None if move == 7 else move


class Prover:
    """Exact values above the tables, for one setting (``end_sweep``)."""

    def __init__(self, tables):
        self.tables = tables
        self.at = tables.at
        self.top = tables.top
        self.sweep = tables.sweep
        self.bounds: dict = {}
        self.history: dict = {}
        self.nodes = 0
        self.deadline = None
        self.clock = time.perf_counter
        self.stop_at = None

    # --- one position -----------------------------------------------------------------
    def prove(self, x, a: int, deadline: float | None = None, max_nodes: int | None = None,
              floor: int | None = None, clock=None):
        """``(value, lower, move)`` for board ``x`` (ten bytes) with ``a`` cubes in the
        mover's calla: the relative value (None when time ran out first), the best lower
        bound proven on it, and a move (shield 0-4) proven to reach that bound (None when
        none is).  ``floor``, a relative value known to be reachable, is where the search
        starts."""
        if len(self.bounds) > MOST_ENTRIES:
            self.bounds.clear()
            self.history.clear()
        self.deadline = deadline
        self.clock = clock or time.perf_counter
        self.stop_at = None if max_nodes is None else self.nodes + max_nodes
        x = bytes(x)
        n = sum(x)
        key = x + _A[a]
        lower, upper, lower_move = -n - 1, n + 1, None
        entry = self.bounds.get(key)
        if entry is not None:
            lo, hi, _ = _unpack(entry)
            guess = lo if lo > -n else hi
        else:
            guess = 0
        if floor is not None and floor > guess:
            guess = floor
        guess = max(-n, min(n, guess))
        try:
            while lower < upper:
                beta = guess + 1 if guess == lower else guess
                guess, move = self._root(x, n, a, beta)
                if guess >= beta:
                    lower, lower_move = guess, move
                else:
                    upper = guess
        except _OutOfTime:
            if lower_move is None:
                return None, None, None
            return None, lower, lower_move
        self.bounds[key] = _pack(lower, lower, lower_move)
        return lower, lower, lower_move

    def _root(self, x, n, a, beta):
        """One null-window pass at the root: its value (or bound) and the best move."""
        best, best_move = -TOTAL - 1, None
        children = []
        for i in range(5):
            if x[i]:
                y, gain, free = sow(x, i)
                children.append((self._score(x, i, gain, free), i, y, gain, free))
        children.sort(reverse=True)
        for _, i, y, gain, free in children:
            if a + gain >= WIN_CUBES:
                value = gain
            elif free:
                value = gain + self._value(y, n - gain, a + gain, beta - 1 - gain, beta - gain)
            else:
                value = gain - self._value(flip(y), n - gain, TOTAL - n - a, gain - beta,
                                           gain - beta + 1)
            if value > best:
                best, best_move = value, i
                if best >= beta:
                    break
        return best, best_move

    # --- the search -------------------------------------------------------------------
    def _score(self, x, i, gain, free):
        """Free turns first, nearest the calla first (they leave the other shields as they
        are), then by cubes gained, then by how often the move refuted a position before."""
        return (1_000_000 + i if free else 0) + gain * 100_000 \
            + min(99_999, self.history.get((i, x[i]), 0) >> 4)

    def _value(self, x, n, a, alpha, beta):
        """Fail-soft alpha-beta: the value when it lies in (alpha, beta), else a bound.
        Children whose value is known (a win, a position in the tables) come first and may
        settle the position at once, as may a child's bound already proven (an enhanced
        transposition cut-off); the rest are searched in ``_score``'s order."""
        self.nodes += 1
        if not self.nodes % CHECK_EVERY:
            if self.deadline is not None and self.clock() >= self.deadline:
                raise _OutOfTime
            if self.stop_at is not None and self.nodes >= self.stop_at:
                raise _OutOfTime
        top = self.top
        if n <= top:
            return self.at(x, n, a)
        if not (x[0] or x[1] or x[2] or x[3] or x[4]):
            return -n if self.sweep else 0
        bounds = self.bounds
        key = x + _A[a]
        entry = bounds.get(key)
        if entry is None:
            lo, hi, first = -n, n, None
        else:
            lo, hi, first = _unpack(entry)
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        alpha0 = alpha
        best, best_move = -TOTAL - 1, None
        b = TOTAL - n - a
        history = self.history
        pending = []
        for i in range(5):
            if not x[i]:
                continue
            y, gain, free = sow(x, i)
            n2 = n - gain
            if a + gain >= WIN_CUBES:
                value = gain
            elif n2 <= top:
                value = gain + self.at(y, n2, a + gain) if free \
                    else gain - self.at(flip(y), n2, b)
            else:
                board, calla = (y, a + gain) if free else (flip(y), b)
                known = bounds.get(board + _A[calla])
                if known is not None:
                    c_lo, c_hi, _ = _unpack(known)
                    value = gain + c_lo if free else gain - c_hi
                    if value >= beta:
                        bounds[key] = _pack(max(lo, value), hi, i)
                        return value
                score = (1_000_000 + i if free else 0) + gain * 100_000 \
                    + min(99_999, history.get((i, x[i]), 0) >> 4)
                if i == first:
                    score += 1 << 30
                pending.append((score, i, board, calla, gain, free))
                continue
            if value > best:
                best, best_move = value, i
            if value >= beta:
                bounds[key] = _pack(max(lo, value), hi, i)
                return value
            if value > alpha:
                alpha = value
        pending.sort(reverse=True)
        for _, i, board, calla, gain, free in pending:
            if alpha >= beta:
                break
            if free:
                value = gain + self._value(board, n - gain, calla, alpha - gain, beta - gain)
            else:
                value = gain - self._value(board, n - gain, calla, gain - beta, gain - alpha)
            if value > best:
                best, best_move = value, i
                if value > alpha:
                    alpha = value
        if best >= beta:
            move = (best_move, x[best_move])
            history[move] = history.get(move, 0) + 1
        if best <= alpha0:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        bounds[key] = _pack(lo, hi, best_move)
        return best


_PROVERS: dict = {}
_SAID: set = set()
#: ``(setting, pits, mover)`` -> the final margin the mover is proven to reach at least.
_FLOORS: dict = {}


def prover_for(setting: str) -> Prover:
    """The prover of one setting, kept for the life of the process (TableProblem when its
    tables cannot be read: said once a process on standard error, in one line)."""
    if setting not in _PROVERS:
        try:
            _PROVERS[setting] = Prover(load(setting))
        except TableProblem as exc:
            if setting not in _SAID:
                _SAID.add(setting)
                print(f"callidus: {exc}; Calla's Perfect level plays as Expert", file=sys.stderr)
            raise
    return _PROVERS[setting]


def forget() -> None:
    """Drop the provers and what they proved (tests)."""
    _PROVERS.clear()
    _FLOORS.clear()
    _SAID.clear()


def move_margins(state, tables):
    """Each legal move's final margin for the mover with best play after it, when every
    position after a move is in the tables (or over); else None."""
    x, a, b = view(state.pits, state.mover)
    found = {}
    for move in state.legal_moves():
        margin = tables.child_margin(x, a, b, move - 1)
        if margin is None:
            return None
        found[move] = margin
    return found


def solve(state, deadline: float | None = None, max_nodes: int | None = None, clock=None):
    """``(margin, moves, lower, move)`` for a Calla position not over whose time is not
    called: the best final margin for the player to move (None unless proven) and the
    moves of that margin; when no margin is proven in ``max_nodes`` (or by ``deadline`` on
    ``clock``), a lower bound proven on it and a move that secures it (None, None when
    none is).  TableProblem when the tables cannot be read."""
    setting = state.options.get("end_sweep", "none")
    prover = prover_for(setting)
    margins = move_margins(state, prover.tables)
    if margins is not None:
        best = max(margins.values())
        return best, sorted(m for m, v in margins.items() if v == best), None, None
    x, a, b = view(state.pits, state.mover)
    floor = _FLOORS.get((setting, state.pits, state.mover))
    value, lower, move = prover.prove(x, a, deadline, max_nodes,
                                      None if floor is None else floor - (a - b), clock)
    if value is not None:
        return a - b + value, [move + 1], None, None
    if lower is None:
        return None, [], None, None
    return None, [], a - b + lower, move + 1


def remember(state, move: int, margin: int) -> None:
    """After the mover plays ``move`` reaching at least ``margin``: that floor for every
    position the opponent can bring about before the mover's next turn."""
    setting = state.options.get("end_sweep", "none")
    mover = state.mover
    if len(_FLOORS) > MOST_FLOORS:
        _FLOORS.clear()
    waiting = [state.play(move)]
    seen = 0
    while waiting and seen < 2000:
        now = waiting.pop()
        seen += 1
        if now.is_over:
            continue
        if now.mover == mover:
            key = (setting, now.pits, mover)
            _FLOORS[key] = max(margin, _FLOORS.get(key, margin))
            continue
        waiting.extend(now.play(m) for m in now.legal_moves())


def budget():
    """``(proof nodes, search nodes, seconds)``: Perfect's default budget.  Like Expert's,
    it is work, not time: about Expert's processor time in all (``PROOF_SHARE`` of it
    proving, at ``NODE_COST`` of Expert's node each, the rest Expert's search), and the
    same wall-clock cap, ``levels.WALL_CAP`` times Expert's seconds."""
    from .levels import level_for
    expert = level_for("calla", "expert")
    proof = round(expert.iterations * PROOF_SHARE / NODE_COST)
    return proof, round(expert.iterations * (1 - PROOF_SHARE)), expert.seconds


def choose(state, rng: random.Random | None = None, info: dict | None = None, *,
           proof_nodes=_DEFAULT, search_nodes=_DEFAULT, seconds=_DEFAULT, clock=None):
    """Perfect's move in Calla position ``state``.

    It proves for at most ``proof_nodes`` nodes, and if it must, searches as Expert for
    ``search_nodes`` more (both by default ``budget()``'s); ``seconds`` sets the wall-clock
    cap (``levels.WALL_CAP`` times it; by default Expert's seconds; None: no cap), read on
    ``clock`` (``time.perf_counter``).  The same position, generator and budget give the
    same move however busy the machine is, unless the cap stops it.  ``info`` gets
    ``proven`` (the final margin for the mover it proved, or None), ``lower`` (a lower
    bound it proved and kept to, when the margin is not), ``searcher``, ``capped`` and,
    when the tables cannot be read, ``problem``."""
    from .levels import WALL_CAP
    rng = rng or random.Random()
    info = {} if info is None else info
    clock = clock or time.perf_counter
    started = clock()
    default_proof, default_search, default_seconds = budget()
    proof_nodes = default_proof if proof_nodes is _DEFAULT else proof_nodes
    search_nodes = default_search if search_nodes is _DEFAULT else search_nodes
    seconds = default_seconds if seconds is _DEFAULT else seconds
    cap = started + WALL_CAP * seconds if seconds else None
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    info.update(proven=None, lower=None, searcher="perfect", capped=False)
    if not state.time_called:
        try:
            proof_cap = None if cap is None else started + PROOF_SHARE * (cap - started)
            margin, best, lower, secure = solve(state, proof_cap, proof_nodes, clock)
        except TableProblem as exc:
            info["problem"] = str(exc)
        else:
            if margin is not None:
                move = rng.choice(best)
                info["proven"] = margin
                remember(state, move, margin)
                return move
            if lower is not None and lower >= 0:
                # not every move's value is known, but this one keeps a proven result
                info["lower"] = lower
                remember(state, secure, lower)
                return secure
    return expert_move(state, rng, cap, search_nodes, info, clock)


def expert_move(state, rng, deadline, nodes, info: dict, clock=None):
    """Expert's search of ``nodes`` (stopped at ``deadline`` on ``clock`` whatever is
    left), with the tables at its leaves when they can be read."""
    from .alphabeta import search
    from .knowledge.calla import CallaModel
    model = CallaModel(state)
    if not state.time_called:
        try:
            model = TableModel(state, prover_for(state.options.get("end_sweep", "none")).tables)
        except TableProblem:
            pass
    result = search(model, rng, deadline, nodes, None, clock, info)
    info.update(searcher="alphabeta", iterations=result.nodes, depth=result.depth,
                exact=result.exact, value=result.value)
    return result.move


class TableModel:
    """Expert's model of Calla with every position in the tables final, at its exact value."""

    def __init__(self, state, tables):
        from .knowledge.calla import CallaModel
        base = CallaModel(state)
        self.base = base
        self.root = base.root
        self.tables = tables
        self.WIN = base.WIN
        self.maximizing = base.maximizing
        self.moves = base.moves
        self.play = base.play
        self.evaluate = base.evaluate

    def terminal(self, s):
        final = self.base.terminal(s)
        if final is not None:
            return final
        pits, mover = s[0], s[1]
        if TOTAL - pits[5] - pits[11] > self.tables.top:
            return None
        x, a, b = view(pits, mover)
        margin = self.tables.margin(x, a, b)
        if mover == 1:
            margin = -margin
        if margin == 0:
            return 0
        return (self.WIN if margin > 0 else -self.WIN) + margin


#: Proof nodes a second of a level's time (processor, on the reference machine): what
#: the analysis spends proving a position at a level (Expert's 5 s: 600,000 nodes, 60 %).
NODES_A_SECOND = 200_000


def judge(state, seconds: float | None, iterations: int | None, clock=None):
    """The analysis's exact judgement of a Calla position not over: ``(margin, move)``,
    player A's final margin with best play and a move of that value, when the tables or
    the exact search prove it within the budget of a level of ``seconds`` (or of
    ``iterations`` nodes when it has no seconds); else None (also while time is called,
    and without readable tables)."""
    if state.is_over or state.time_called:
        return None
    from .levels import WALL_CAP
    clock = clock or time.perf_counter
    nodes = round(seconds * PROOF_SHARE * NODES_A_SECOND) if seconds else iterations
    deadline = clock() + WALL_CAP * seconds * PROOF_SHARE if seconds else None
    try:
        margin, moves, _, _ = solve(state, deadline, nodes, clock)
    except TableProblem:
        return None
    if margin is None:
        return None
    return (margin if state.mover == 0 else -margin), moves[0]
