"""Calabria knowledge: captures first, a material and Dux-safety evaluation.

Captures decide Calabria, and a uniformly random game mostly drifts until the
quiet-ply rule ends it, so playouts take a capture when one is on the board,
rarely spend a barricade, and stop after a few plies; the evaluation then
weighs pieces on the board and how closely each Dux is surrounded.  The
capture test mirrors the engine's rule (``CAPTURE_TABLE``) on the board
string, without playing the move.  The prior ranks captures first, then quiet
moves that would end the game in a draw by repetition: the side behind wants
them, and the side ahead must see them coming to avoid allowing them.
"""

from __future__ import annotations

import math

from game.calabria.board import CORNERS

SCORE_SCALE = 3.0

LEVELS = {
    "easy": {"iterations": 60, "policy": True, "playout_depth": 12, "prior": True},
    # Medium stops at 300 playouts (about 0.3 s), a quarter of what hard's
    # 1.5 s buys: with the whole 0.6 s it won 5 of 14 games against hard.
    "medium": {"playout_depth": 24, "widen": (4, 2.0, 0.5), "iterations": 300},
    "hard": {"playout_depth": 24, "widen": (4, 2.0, 0.5), "iterations": 2300},
    # Expert also leaves out moves that let the enemy set a Dux trap (``trap``).
    "expert": {"playout_depth": 24, "widen": (4, 2.0, 0.5), "traps": True,
               "iterations": 7800},
}

_ENGINE = None


def _engine():
    global _ENGINE
    if _ENGINE is None:
        from game.calabria import state      # the rules and, through them, the board's tables
        _ENGINE = state
    return _ENGINE


def edge_safe(state, around) -> bool:
    """Whether a Dux with the neighbours ``around`` cannot be surrounded: on an
    edge when the option asks for four hostile sides there."""
    return len(around) == 3 and state.options["dux_edge_sides"] == 4


def gains(state, move) -> tuple:
    """(enemy pieces captured, 1 if the enemy Dux is captured) by ``move``."""
    cb = _engine()
    kind, frm, to = move
    if state.phase != "movement":
        return 0, 0
    side = state.mover
    board = state.board
    opp = 1 - side
    hostile = cb._hostile(state.options, opp)
    target = cb.PIECE[opp]
    mover_char = board[frm] if kind == "M" else cb.BARRICADE[side]

    def at(i):
        if i == to:
            return mover_char
        if i == frm:
            return cb.EMPTY
        return board[i]

    captured = 0
    for n, beyond, other in cb.CAPTURE_TABLE[to]:
        if board[n] != target:
            continue
        if (beyond >= 0 and at(beyond) in hostile) or (other >= 0 and at(other) in hostile):
            captured += 1
    dux = 0
    dux_at = board.find(cb.DUX[opp])
    if dux_at >= 0 and dux_at in cb.NEIGHBOUR_SETS[to]:
        around = cb.NEIGHBOURS[dux_at]
        if not edge_safe(state, around) and all(at(s) in hostile for s in around):
            dux = 1
    return captured, dux


def capture_map(state) -> dict:
    """{square: gain} for the side to move: what a unit arriving there (or a
    barricade placed there) captures, as ``100 * dux + pieces``.

    Read from the enemy's pieces rather than from every move, so a playout
    pays for it once per position.  It ignores that a Dux jump chain may
    start from one of the hostile squares it relies on (``gains`` is exact).
    """
    cb = _engine()
    if state.phase != "movement":
        return {}
    side = state.mover
    opp = 1 - side
    board = state.board
    hostile = cb._hostile(state.options, opp)
    target = cb.PIECE[opp]
    out = {}
    n = board.find(target)
    while n >= 0:
        for a, b in cb.LINES[n]:
            if board[a] in hostile and board[b] == ".":
                out[b] = out.get(b, 0) + 1
            elif board[b] in hostile and board[a] == ".":
                out[a] = out.get(a, 0) + 1
        if n in CORNERS:
            x, y = cb.NEIGHBOURS[n]
            if board[x] in hostile and board[y] == ".":
                out[y] = out.get(y, 0) + 1
            elif board[y] in hostile and board[x] == ".":
                out[x] = out.get(x, 0) + 1
        n = board.find(target, n + 1)
    d = board.find(cb.DUX[opp])
    if d >= 0:
        around = cb.NEIGHBOURS[d]
        if not edge_safe(state, around):
            gaps = [q for q in around if board[q] not in hostile]
            if len(gaps) == 1 and board[gaps[0]] == ".":
                out[gaps[0]] = out.get(gaps[0], 0) + 100
    return out


def dux_pressure(state, side: int) -> float:
    """How surrounded ``side``'s Dux is: hostile neighbours over neighbours needed."""
    cb = _engine()
    board = state.board
    at = board.find(cb.DUX[side])
    if at < 0:
        return 1.0
    around = cb.NEIGHBOURS[at]
    hostile = cb._hostile(state.options, side)
    n = sum(1 for s in around if board[s] in hostile)
    return n / len(around)


def evaluate(state) -> list:
    r, g = state.scores
    diff = (r - g) + 2.0 * (dux_pressure(state, 1) ** 2 - dux_pressure(state, 0) ** 2)
    a = 0.5 + 0.5 * math.tanh(diff / SCORE_SCALE)
    return [a, 1.0 - a]


def _placement_rank(state, move) -> float:
    cb = _engine()
    kind, _, to = move
    side = state.mover
    board = state.board
    around = cb.NEIGHBOURS[to]
    own = sum(1 for s in around if board[s] in cb.UNITS[side])
    enemy = sum(1 for s in around if board[s] in cb.UNITS[1 - side])
    _, rank = cb.file_rank(to)
    home = rank <= 4 if side == 0 else rank >= 5
    if kind == "D":
        edge = 4 - len(around)
        return 2.0 * own - 1.5 * enemy - 3.0 * edge - 1.0
    return 1.0 + 0.5 * own - 0.3 * enemy + (0.5 if home else 0.0)


def repeating_boards(state) -> set:
    """Boards that a quiet move of the side to move would make a draw by
    repetition: positions already seen ``repetition_limit - 1`` times with the
    same barricades left and the opponent to move."""
    limit = state.options["repetition_limit"]
    history = state.history
    if not limit or len(history) < 2 * (limit - 1):
        return set()
    left = state.barricades_left
    tail = f"|{left[0]},{left[1]}|{1 - state.mover}"
    counts = {}
    for key in history:
        if key.endswith(tail):
            counts[key] = counts.get(key, 0) + 1
    return {key[:-len(tail)] for key, n in counts.items() if n + 1 >= limit}


def _moved(board, frm, to) -> str:
    """``board`` after a unit's quiet move from ``frm`` to ``to``."""
    cells = list(board)
    cells[to], cells[frm] = cells[frm], "."
    return "".join(cells)


#: Prior of a move that ends the game in a draw by repetition: after captures,
#: before quiet moves, so the search looks at every such draw early, for the
#: side that wants it and for the side that must avoid allowing it.
REPEAT_PRIOR = 5.0


def prior(state, moves) -> list:
    if state.phase != "movement":
        return [_placement_rank(state, m) for m in moves]
    gain = capture_map(state)
    boards = repeating_boards(state)
    out = []
    for m in moves:
        value = 10.0 * gain.get(m[2], 0)
        if m[0] == "X":
            value -= 1.0
        elif boards and not value and _moved(state.board, m[1], m[2]) in boards:
            value = REPEAT_PRIOR
        out.append(value)
    return out


def playout(state, moves, rng):
    """A capture when there is one (the biggest), else a random move, rarely a barricade."""
    if state.phase == "movement":
        gain = capture_map(state)
        if gain and rng.random() < 0.9:
            best, best_gain = None, 0
            for m in moves:
                g = gain.get(m[2], 0)
                if g > best_gain:
                    best, best_gain = m, g
            if best is not None:
                return best
        for _ in range(3):
            m = moves[int(rng.random() * len(moves))]
            if m[0] != "X":
                return m
    return moves[int(rng.random() * len(moves))]


def reply_takes(state, least: int, enough) -> bool:
    """Whether the side to move has a move whose ``gains`` satisfy
    ``enough(captured, dux)``, looked for only when ``capture_map`` promises at
    least ``least`` somewhere."""
    threats = capture_map(state)
    if not threats or max(threats.values()) < least:
        return False
    return any(m[2] in threats and enough(*gains(state, m)) for m in state.legal_moves())


def blunder(state, move) -> bool:
    """True when ``move`` lets the enemy capture our Dux or last piece at once."""
    if state.phase != "movement":
        return False
    after = state.play(move)
    if after.is_over:
        return after.winner is not None and after.winner != state.mover
    left = after.scores[state.mover]
    return reply_takes(after, min(left, 100), lambda captured, dux: dux or captured >= left)


def dux_falls(state) -> bool:
    """True when the side to move in ``state`` can capture the enemy Dux at once."""
    return reply_takes(state, 100, lambda captured, dux: dux)


def _defences(state, dux: int) -> list:
    """The moves of the side to move, likeliest saviours of its Dux on ``dux`` first:
    Dux moves, then moves onto its neighbours, then the rest."""
    near = _engine().NEIGHBOUR_SETS[dux]
    first, second, rest = [], [], []
    for m in state.legal_moves():
        if m[1] == dux:
            first.append(m)
        elif m[2] in near:
            second.append(m)
        else:
            rest.append(m)
    return first + second + rest


def trap(state, move) -> bool:
    """True when ``move`` lets the enemy set a Dux trap: a reply that closes all but
    one side of our Dux, after which every answer of ours still lets the ring be
    closed (a Dux lost two moves later).  Only replies onto the Dux's open sides
    are tried; the answer that saves the Dux is usually a Dux move, so those are
    tried first."""
    cb = _engine()
    if state.phase != "movement":
        return False
    side = state.mover
    after = state.play(move)
    if after.is_over:
        return False
    board = after.board
    dux = board.find(cb.DUX[side])
    if dux < 0:
        return False
    around = cb.NEIGHBOURS[dux]
    if edge_safe(state, around):
        return False
    hostile = cb._hostile(state.options, side)
    open_sides = [q for q in around if board[q] not in hostile]
    if len(open_sides) > 2 or not any(board[q] == cb.EMPTY for q in open_sides):
        return False
    for reply in after.legal_moves():
        if reply[2] not in open_sides:
            continue
        threat = after.play(reply)
        if threat.is_over:
            if threat.winner is not None and threat.winner != side:
                return True
            continue
        moved_dux = threat.board.find(cb.DUX[side])
        if moved_dux < 0:
            return True
        saved = False
        for answer in _defences(threat, moved_dux):
            final = threat.play(answer)
            if final.is_over:
                if final.winner == side or final.winner is None:
                    saved = True
                    break
                continue
            if not dux_falls(final):
                saved = True
                break
        if not saved:
            return True
    return False
