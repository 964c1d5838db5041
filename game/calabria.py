"""Calabria: a 12x8 custodial capture game, a relative of Ludus Latrunculorum.

Romans (player 0, rank 1) and Gladiators (player 1, rank 8) each have twelve
pieces (vagi), one Dux and four barricades.  The game opens with a positioning
phase (single placements, Romans first) and goes on with rook moves, Dux jump
chains and barricades until a Dux or the last piece of a side is captured.

Squares are numbered 0-95 in reading order of the position's board rows:
index ``row * 12 + file`` where row 0 is rank 8 and file 0 is ``a``, so the
board string of a state is exactly the position's eight rows joined.  Use
``square_name``, ``square_index`` and ``square_at`` to convert.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .core import Fields, GameSpec, GameState, changed_options

FILES = "abcdefghijkl"
WIDTH, HEIGHT = 12, 8
SIZE = WIDTH * HEIGHT
PIECES_EACH = 12
BARRICADES_EACH = 4
SIDE_NAMES = ("Romans", "Gladiators")
DUX_NAMES = ("Roman Dux", "Gladiator Dux")

EMPTY = "."
PIECE = ("r", "g")
DUX = ("R", "G")
BARRICADE = ("X", "Y")
UNITS = ("rR", "gG")
BOARD_CHARS = ".rRgGXY"

OPTIONS = {"barricade_hostility": "both", "dux_edge_sides": 3,
           "repetition_limit": 3, "quiet_ply_limit": 100}
OPTION_CHOICES = {"barricade_hostility": ("both", "owner_only"), "dux_edge_sides": (3, 4),
                  "repetition_limit": (0, 2, 3, 4, 5), "quiet_ply_limit": (int, 0, 1000)}


class Move(NamedTuple):
    """One action.  ``kind``: ``V`` or ``D`` place a piece or the Dux (positioning),
    ``M`` moves the piece on ``frm`` to ``to``, ``X`` places a barricade.
    Placements have ``frm`` None."""
    kind: str
    frm: int | None
    to: int


# --- geometry -----------------------------------------------------------------

def square_at(file: int, rank: int) -> int:
    """Index of the square on ``file`` (0 = a) and ``rank`` (1-8)."""
    return (HEIGHT - rank) * WIDTH + file


def file_rank(square: int) -> tuple[int, int]:
    """(file 0-11, rank 1-8) of a square index."""
    return square % WIDTH, HEIGHT - square // WIDTH


def square_name(square: int) -> str:
    return FILES[square % WIDTH] + str(HEIGHT - square // WIDTH)


def square_index(name: str) -> int:
    """The square named like ``e4`` (any case); ValueError for anything else."""
    text = name.strip().lower()
    m = re.fullmatch(r"([a-z])(\d+)", text)
    if not m or m.group(1) not in FILES or not 1 <= int(m.group(2)) <= HEIGHT:
        raise ValueError(f"{name!r} is not a square: files run a-l and ranks 1-8")
    return square_at(FILES.index(m.group(1)), int(m.group(2)))


def _on(f: int, r: int) -> bool:
    return 0 <= f < WIDTH and 0 <= r < HEIGHT


def _sq(f: int, r: int) -> int:
    return r * WIDTH + f


_DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: Squares outward from each square in each direction (up, right, down, left).
RAYS = []
#: On-board orthogonal neighbours of each square.
NEIGHBOURS = []
#: Pairs of opposite neighbours (both on board): the lines a piece can be flanked on.
LINES = []
#: Per square t: (neighbour n, square beyond n or -1, other neighbour of n if n is a corner or -1).
CAPTURE_TABLE = []
#: Squares within Chebyshev distance 1, the square itself included.
NEAR = []
for _i in range(SIZE):
    _f, _r = _i % WIDTH, _i // WIDTH
    RAYS.append(tuple(tuple(_sq(_f + dx * k, _r + dy * k) for k in range(1, 13)
                            if _on(_f + dx * k, _r + dy * k)) for dx, dy in _DIRS))
    NEIGHBOURS.append(tuple(_sq(_f + dx, _r + dy) for dx, dy in _DIRS if _on(_f + dx, _r + dy)))
    LINES.append(tuple((_sq(_f + dx, _r + dy), _sq(_f - dx, _r - dy)) for dx, dy in _DIRS[:2]
                       if _on(_f + dx, _r + dy) and _on(_f - dx, _r - dy)))
    NEAR.append(frozenset(_sq(_f + dx, _r + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                          if _on(_f + dx, _r + dy)))
CORNERS = frozenset(i for i in range(SIZE) if len(NEIGHBOURS[i]) == 2)
for _i in range(SIZE):
    _f, _r = _i % WIDTH, _i // WIDTH
    _rows = []
    for dx, dy in _DIRS:
        if not _on(_f + dx, _r + dy):
            continue
        n = _sq(_f + dx, _r + dy)
        beyond = _sq(_f + 2 * dx, _r + 2 * dy) if _on(_f + 2 * dx, _r + 2 * dy) else -1
        other = next(o for o in NEIGHBOURS[n] if o != _i) if n in CORNERS else -1
        _rows.append((n, beyond, other))
    CAPTURE_TABLE.append(tuple(_rows))
NEIGHBOUR_SETS = [frozenset(ns) for ns in NEIGHBOURS]
RAYS = tuple(RAYS)

# Every possible action exists once, so move generation only indexes tables.
_STEP = [Move("M", f, t) for f in range(SIZE) for t in range(SIZE)]
_PLACE = {k: [Move(k, None, t) for t in range(SIZE)] for k in "VDX"}


def _hostile(options: dict, side: int) -> str:
    """Board characters hostile to ``side``'s pieces and Dux."""
    enemy = UNITS[1 - side]
    if options["barricade_hostility"] == "owner_only":
        return enemy + BARRICADE[1 - side]
    return enemy + "XY"


def _pinned(board: str, square: int, enemy: str) -> bool:
    for a, b in LINES[square]:
        if board[a] in enemy and board[b] in enemy:
            return True
    return False


def _jumps(board: str, start: int, own_piece: str) -> dict:
    """End square -> chain of squares (start first) for every Dux jump chain end.

    The start square counts as empty while jumping; chains found breadth first,
    so each end keeps one shortest chain.
    """
    parent = {start: None}
    queue = [start]
    for here in queue:
        for ray in RAYS[here]:
            k = 0
            while k < len(ray) and board[ray[k]] == own_piece:
                k += 1
            if k == 0 or k == len(ray):
                continue
            land = ray[k]
            if (board[land] == EMPTY or land == start) and land not in parent:
                parent[land] = here
                queue.append(land)
    chains = {}
    for end in parent:
        if end == start:
            continue
        chain = [end]
        while parent[chain[-1]] is not None:
            chain.append(parent[chain[-1]])
        chains[end] = chain[::-1]
    return chains


def _unit_moves(board: str, side: int, jump_paths: dict | None) -> list:
    """Moves of ``side``'s unpinned pieces and Dux; Dux jump-only chains go to ``jump_paths``."""
    own_piece, own_dux = PIECE[side], DUX[side]
    enemy = UNITS[1 - side]
    moves = []
    for i, c in enumerate(board):
        if c != own_piece and c != own_dux:
            continue
        if _pinned(board, i, enemy):
            continue
        base = i * SIZE
        slides = []
        for ray in RAYS[i]:
            for j in ray:
                if board[j] != EMPTY:
                    break
                slides.append(j)
        if c == own_dux:
            chains = _jumps(board, i, own_piece)
            for end, chain in chains.items():
                if end not in slides:
                    slides.append(end)
                    if jump_paths is not None:
                        jump_paths[(i, end)] = chain
            slides.sort()
        moves.extend(_STEP[base + j] for j in slides)
    return moves


def _barricade_targets(board: str) -> list:
    blocked = set()
    for i, c in enumerate(board):
        if c == "X" or c == "Y":
            blocked |= NEAR[i]
    return [i for i, c in enumerate(board) if c == EMPTY and i not in blocked]


class CalabriaState(GameState):
    """A Calabria position.

    ``last`` describes the action that produced this state, for the board view
    (None for a position read from data): ``mover`` (player), ``kind`` (``V``,
    ``D``, ``M`` or ``X`` as in ``Move``), ``from`` (square or None), ``to``,
    ``path`` (squares visited: ``[to]`` for a placement, ``[from, to]`` for a
    slide, the whole chain for a Dux jump), ``captured`` (squares of pieces
    removed), ``dux_captured`` (square of the enemy Dux taken, or None) and
    ``barricade`` (square of a barricade placed, or None).

    Squares in every helper are indices (see the module docstring); helpers
    that take a square also accept its name such as ``"e4"``.
    """

    __slots__ = ("board", "phase", "mover", "barricades_left", "in_hand", "quiet_plies", "history",
                 "options", "last", "_gen", "_legal_set", "_end")

    def __init__(self, board: str, phase: str, mover: int, barricades_left=(4, 4),
                 in_hand=((12, 1), (12, 1)), quiet_plies: int = 0, history=(), options=None,
                 last=None):
        self.board = board
        self.phase = phase
        self.mover = mover
        self.barricades_left = tuple(barricades_left)
        self.in_hand = tuple(tuple(h) for h in in_hand)
        self.quiet_plies = quiet_plies
        self.history = tuple(history)
        self.options = dict(OPTIONS) if options is None else options
        self.last = last
        self._gen = None
        self._legal_set = None
        self._end = False  # False: not computed yet

    # --- the contract -------------------------------------------------
    def position(self) -> dict:
        return {
            "options": changed_options(SPEC, self.options),
            "board": [self.board[r * WIDTH:(r + 1) * WIDTH] for r in range(HEIGHT)],
            "phase": self.phase,
            "to_move": self.mover,
            "barricades": list(self.barricades_left),
            "in_hand": [{"pieces": p, "dux": d} for p, d in self.in_hand],
            "quiet_plies": self.quiet_plies,
            "history": list(self.history),
            "scores": list(self.scores),
        }

    def _identity(self) -> tuple:
        return (self.board, self.phase, self.mover, self.barricades_left, self.in_hand,
                self.quiet_plies, self.history, tuple(sorted(self.options.items())))

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    @property
    def key(self) -> str:
        """The repetition key: board, barricades left, side to move."""
        return f"{self.board}|{self.barricades_left[0]},{self.barricades_left[1]}|{self.mover}"

    @property
    def to_move(self):
        return None if self.is_over else self.mover

    @property
    def is_over(self) -> bool:
        return self._outcome() is not None

    @property
    def winner(self):
        end = self._outcome()
        return None if end is None else end[1]

    @property
    def scores(self) -> tuple:
        return (self.board.count("r"), self.board.count("g"))

    def legal_moves(self) -> list:
        if self.is_over:
            return []
        return list(self._generate()[0])

    def play(self, move) -> "CalabriaState":
        try:
            legal = move in self._moves()
        except TypeError:
            legal = False
        if not legal:
            raise ValueError(f"illegal action {_describe(move)}: "
                             f"{self.action_problem(move) or 'not a legal action'}")
        side, kind, to = self.mover, move[0], move[2]
        board = list(self.board)
        if self.phase == "positioning":
            board[to] = PIECE[side] if kind == "V" else DUX[side]
            hand = list(self.in_hand)
            pieces, dux = hand[side]
            hand[side] = (pieces - 1, dux) if kind == "V" else (pieces, 0)
            phase = "movement" if hand == [(0, 0), (0, 0)] else "positioning"
            last = {"mover": side, "kind": kind, "from": None, "to": to, "path": [to],
                    "captured": [], "dux_captured": None, "barricade": None}
            return CalabriaState("".join(board), phase, 1 - side, self.barricades_left, hand, 0, (),
                                 self.options, last)
        left = self.barricades_left
        if kind == "X":
            board[to] = BARRICADE[side]
            left = (left[0] - 1, left[1]) if side == 0 else (left[0], left[1] - 1)
            path = [to]
        else:
            frm = move[1]
            board[to] = board[frm]
            board[frm] = EMPTY
            path = self._generate()[1].get((frm, to)) or [frm, to]
        opp = 1 - side
        hostile = _hostile(self.options, opp)
        target = PIECE[opp]
        captured = []
        for n, beyond, other in CAPTURE_TABLE[to]:
            if board[n] != target:
                continue
            if ((beyond >= 0 and board[beyond] in hostile)
                    or (other >= 0 and board[other] in hostile)):
                captured.append(n)
        dux_captured = None
        dux_at = self.board.find(DUX[opp])
        if dux_at >= 0 and dux_at in NEIGHBOUR_SETS[to]:
            around = NEIGHBOURS[dux_at]
            edge_safe = len(around) == 3 and self.options["dux_edge_sides"] == 4
            if not edge_safe and all(board[s] in hostile for s in around):
                dux_captured = dux_at
                board[dux_at] = EMPTY
        for n in captured:
            board[n] = EMPTY
        if captured or dux_captured is not None:
            quiet, history = 0, ()
        elif kind == "X":
            quiet, history = self.quiet_plies + 1, ()
        else:
            quiet, history = self.quiet_plies + 1, self.history + (self.key,)
        last = {"mover": side, "kind": kind, "from": move[1], "to": to, "path": list(path),
                "captured": sorted(captured), "dux_captured": dux_captured,
                "barricade": to if kind == "X" else None}
        return CalabriaState("".join(board), "movement", opp, left, self.in_hand, quiet, history,
                             self.options, last)

    # --- rules ----------------------------------------------------------
    def _generate(self) -> tuple:
        """(moves of the side to move ignoring game end, {(from, to): jump chain})."""
        if self._gen is None:
            side, board = self.mover, self.board
            paths = {}
            if self.phase == "positioning":
                empty = [i for i, c in enumerate(board) if c == EMPTY]
                pieces, dux = self.in_hand[side]
                moves = [_PLACE["V"][i] for i in empty] if pieces else []
                if dux:
                    moves += [_PLACE["D"][i] for i in empty]
            else:
                moves = _unit_moves(board, side, paths)
                if self.barricades_left[side]:
                    moves += [_PLACE["X"][i] for i in _barricade_targets(board)]
            self._gen = (moves, paths)
        return self._gen

    def _outcome(self):
        """(reason, winner) once the game is over, else None.

        Reasons: ``dux``, ``pieces``, ``stuck``, ``repetition``, ``quiet``.
        """
        if self._end is False:
            self._end = self._compute_outcome()
        return self._end

    def _compute_outcome(self):
        if self.phase != "movement":
            return None
        board = self.board
        for side in (0, 1):
            if DUX[side] not in board:
                return ("dux", 1 - side)
            if PIECE[side] not in board:
                return ("pieces", 1 - side)
        if not self._generate()[0]:
            return ("stuck", 1 - self.mover)
        limit = self.options["repetition_limit"]
        if limit and self.history.count(self.key) + 1 >= limit:
            return ("repetition", None)
        quiet_limit = self.options["quiet_ply_limit"]
        if quiet_limit and self.quiet_plies >= quiet_limit:
            a, b = self.scores
            return ("quiet", None if a == b else (0 if a > b else 1))
        return None

    @property
    def end_reason(self):
        end = self._outcome()
        if end is None:
            return None
        reason, winner = end
        if reason == "dux":
            return f"{SIDE_NAMES[winner]} captured the {DUX_NAMES[1 - winner]}."
        if reason == "pieces":
            return f"{SIDE_NAMES[winner]} captured every {SIDE_NAMES[1 - winner][:-1]} piece."
        if reason == "stuck":
            return (f"{SIDE_NAMES[1 - winner]} had no legal action left, "
                    f"so {SIDE_NAMES[winner]} win.")
        if reason == "repetition":
            times = {2: "twice", 3: "three times"}.get(self.options["repetition_limit"],
                                                       f"{self.options['repetition_limit']} times")
            return f"The same position occurred {times}: a draw."
        a, b = self.scores
        lead = f"{self.options['quiet_ply_limit']} moves passed without a capture"
        if winner is None:
            return f"{lead}; both sides have {a} pieces: a draw."
        return f"{lead}; {SIDE_NAMES[winner]} win with {max(a, b)} pieces to {min(a, b)}."

    # --- for the board view -----------------------------------------------
    def piece_at(self, square):
        """The board character on ``square`` (``r R g G X Y``), or None when empty."""
        c = self.board[_square(square)]
        return None if c == EMPTY else c

    def destinations(self, square) -> list:
        """Legal target squares of the mover's piece or Dux on ``square`` (empty if none)."""
        frm = _square(square)
        return [m.to for m in self.legal_moves() if m.kind == "M" and m.frm == frm]

    def jump_path(self, frm, to):
        """Squares the piece passes through for the legal move ``frm``-``to``.

        A Dux jump chain gives every landing square, start and end included;
        a slide gives ``[frm, to]``; an illegal move gives None.
        """
        frm, to = _square(frm), _square(to)
        if self.is_over or self.phase != "movement" or _STEP[frm * SIZE + to] not in self._moves():
            return None
        return list(self._generate()[1].get((frm, to), [frm, to]))

    def _moves(self) -> set:
        if self._legal_set is None:
            self._legal_set = set(self.legal_moves())
        return self._legal_set

    def pinned(self) -> list:
        """Squares of pieces and Duxes of either side held in Alligatus."""
        board = self.board
        out = []
        for i, c in enumerate(board):
            for side in (0, 1):
                if c in UNITS[side] and _pinned(board, i, UNITS[1 - side]):
                    out.append(i)
        return out

    def barricade_squares(self) -> list:
        """Squares where the side to move may place a barricade now."""
        return [m.to for m in self.legal_moves() if m.kind == "X"]

    def threatened_dux(self) -> list:
        """Squares of Duxes (either side) that one action of their enemy would capture."""
        if self.is_over or self.phase != "movement":
            return []
        out = []
        for side in (0, 1):
            dux_at = self.board.find(DUX[side])
            if dux_at >= 0 and self._dux_in_danger(side, dux_at):
                out.append(dux_at)
        return out

    def _dux_in_danger(self, side: int, dux_at: int) -> bool:
        board, enemy = self.board, 1 - side
        around = NEIGHBOURS[dux_at]
        if len(around) == 3 and self.options["dux_edge_sides"] == 4:
            return False
        hostile = _hostile(self.options, side)
        gaps = [s for s in around if board[s] not in hostile]
        if len(gaps) != 1 or board[gaps[0]] != EMPTY:
            return False
        gap = gaps[0]
        if self.barricades_left[enemy] and gap in _barricade_targets(board):
            return True
        return any(m.to == gap and m.frm not in NEIGHBOUR_SETS[dux_at]
                   for m in _unit_moves(board, enemy, None))

    def action_problem(self, move):
        """Why ``move`` (a Move or its text) is illegal now, or None when it is legal."""
        if isinstance(move, str):
            try:
                move = _parse(self, move)
            except ValueError as exc:
                return str(exc)
        if self.is_over:
            return "the game is over"
        if not isinstance(move, tuple) or len(move) != 3 or move[0] not in "VDMX":
            return "not a Calabria action"
        kind, frm, to = move
        if not _is_square(to) or (kind == "M" and not _is_square(frm)):
            return "that square is not on the board"
        if move in self._moves():
            return None
        side, board = self.mover, self.board
        if self.phase == "positioning":
            if kind in "MX":
                return "no moves or barricades until every piece has been placed"
            pieces, dux = self.in_hand[side]
            if kind == "V" and not pieces:
                return "all your pieces are placed; place your Dux"
            if kind == "D" and not dux:
                return "your Dux is already on the board"
            return "that square is taken"
        if kind in "VD":
            return "every piece is placed; move a piece or place a barricade"
        if kind == "X":
            if not self.barricades_left[side]:
                return "you have no barricades left"
            if board[to] != EMPTY:
                return "that square is taken"
            return "barricades must stand two squares apart"
        c = board[frm]
        if c == EMPTY:
            return "there is no piece there"
        if c in "XY":
            return "barricades never move"
        if c not in UNITS[side]:
            return "that is not your piece"
        if _pinned(board, frm, UNITS[1 - side]):
            return "that piece is pinned (Alligatus)"
        if frm == to:
            return ("a jump chain may not end where it began" if c == DUX[side]
                    else "a move must end on another square")
        if board[to] != EMPTY:
            return "that square is taken"
        if c == DUX[side]:
            return "the Dux cannot reach that square by a slide or a chain of jumps"
        (f1, r1), (f2, r2) = file_rank(frm), file_rank(to)
        if f1 != f2 and r1 != r2:
            return "pieces move in straight lines, like a rook"
        return "the way is blocked"


def _is_square(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SIZE


def _square(square) -> int:
    if isinstance(square, str):
        return square_index(square)
    if not _is_square(square):
        raise ValueError(f"{square!r} is not a square")
    return square


def _describe(move) -> str:
    try:
        return _format(None, move)
    except (TypeError, ValueError, IndexError):
        return repr(move)


# --- reading and writing ------------------------------------------------------

def _new(variant: str, seed: int, options: dict) -> CalabriaState:
    return CalabriaState(EMPTY * SIZE, "positioning", 0, options=options)


POSITION_FIELDS = ("options", "board", "phase", "to_move", "barricades", "in_hand",
                   "quiet_plies", "history", "scores")
_KEY = re.compile(r"[.rRgGXY]{96}\|[0-4],[0-4]\|[01]")


def _from_position(data: dict) -> CalabriaState:
    f = Fields(data, POSITION_FIELDS)
    options = f.options(SPEC)
    rows = f.list("board", ["." * WIDTH] * HEIGHT, length=HEIGHT)
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != WIDTH:
            raise f.bad("board", f"row {r + 1} (rank {HEIGHT - r}) must be text of {WIDTH} squares")
        bad = set(row) - set(BOARD_CHARS)
        if bad:
            raise f.bad("board", f"row {r + 1} holds {sorted(bad)[0]!r}; use one of {BOARD_CHARS}")
    board = "".join(rows)
    for c, most in (("r", PIECES_EACH), ("g", PIECES_EACH), ("R", 1), ("G", 1),
                    ("X", BARRICADES_EACH), ("Y", BARRICADES_EACH)):
        if board.count(c) > most:
            raise f.bad("board", f"holds {board.count(c)} {c!r}, at most {most}")
    walls = [i for i, c in enumerate(board) if c in "XY"]
    if any(b in NEAR[a] for a in walls for b in walls if a < b):
        raise f.bad("board", "has barricades closer than two squares apart")
    phase = f.str("phase", "positioning", ("positioning", "movement"))
    to_move = f.int("to_move", 0, 0, 1)
    on_board = [(board.count(PIECE[s]), board.count(DUX[s])) for s in (0, 1)]
    if phase == "positioning":
        default_hand = [{"pieces": PIECES_EACH - p, "dux": 1 - d} for p, d in on_board]
    else:
        default_hand = [{"pieces": 0, "dux": 0}, {"pieces": 0, "dux": 0}]
    hand = []
    for s, entry in enumerate(f.list("in_hand", default_hand, length=2)):
        sub = Fields(entry, ("pieces", "dux"), where=f"position: field 'in_hand'[{s}]")
        pieces = sub.int("pieces", default_hand[s]["pieces"], 0, PIECES_EACH)
        dux = sub.int("dux", default_hand[s]["dux"], 0, 1)
        hand.append((pieces, dux))
    placed = [0, 0]
    for s in (0, 1):
        p, d = on_board[s]
        placed[s] = p + d
        if phase == "positioning" and (p + hand[s][0] != PIECES_EACH or d + hand[s][1] != 1):
            raise f.bad("in_hand", f"with the board must make {PIECES_EACH} pieces and one Dux "
                                   f"for the {SIDE_NAMES[s]}")
    if phase == "positioning":
        if hand == [(0, 0), (0, 0)]:
            raise f.bad("phase", "is positioning but every piece is placed")
        if "X" in board or "Y" in board:
            raise f.bad("board", "holds a barricade during positioning")
        if placed[0] - placed[1] not in (0, 1):
            raise f.bad("board", "does not match alternate placements with the Romans first")
        if placed[0] - placed[1] != to_move:
            raise f.bad("to_move", f"must be {placed[0] - placed[1]}: the "
                                   f"{SIDE_NAMES[placed[0] - placed[1]]} place next")
    elif hand != [(0, 0), (0, 0)]:
        raise f.bad("in_hand", "must be empty in the movement phase")
    default_left = [BARRICADES_EACH - board.count(c) for c in "XY"]
    left = f.int_list("barricades", default_left, length=2, low=0, high=BARRICADES_EACH)
    if left != default_left:
        raise f.bad("barricades", f"with the barricades on the board must make "
                                  f"{BARRICADES_EACH} per side; expected {default_left}")
    quiet = f.int("quiet_plies", 0, 0)
    history = f.list("history", [])
    for i, key in enumerate(history):
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise f.bad("history", f"entry {i} is not a position key")
        if key.split("|")[1] != f"{left[0]},{left[1]}":
            raise f.bad("history", f"entry {i} has other barricade counts than the board")
    if phase == "positioning" and (quiet or history):
        raise f.bad("quiet_plies" if quiet else "history", "must be empty during positioning")
    if len(history) > quiet:
        raise f.bad("history", f"holds {len(history)} positions, "
                               f"but only {quiet} quiet plies passed")
    if phase == "movement":
        lost = [s for s in (0, 1) if on_board[s][1] == 0 or on_board[s][0] == 0]
        if len(lost) == 2:
            raise f.bad("board", "shows both sides beaten")
        if lost and lost[0] != to_move:
            raise f.bad("to_move", f"must be the {SIDE_NAMES[lost[0]]}: they were just beaten")
    state = CalabriaState(board, phase, to_move, left, hand, quiet, history, options)
    if f.has("scores"):
        scores = f.list("scores", None, length=2)
        if tuple(scores) != state.scores:
            raise f.bad("scores", f"must equal the pieces on the board {list(state.scores)}")
    return state


def _parse(state, text: str) -> Move:
    word = "".join(text.split()).lower()
    m = re.fullmatch(r"([vdx])@([a-z]\d+)", word)
    if m:
        return _PLACE[m.group(1).upper()][square_index(m.group(2))]
    m = re.fullmatch(r"([a-z]\d+)-([a-z]\d+)", word)
    if m:
        return _STEP[square_index(m.group(1)) * SIZE + square_index(m.group(2))]
    raise ValueError(f"{text!r} is not a Calabria action: write V@e4 or D@e4 to place, "
                     f"e4-e7 to move and X@f4 for a barricade")


def _format(state, move) -> str:
    kind, frm, to = move
    if kind == "M":
        return f"{square_name(frm)}-{square_name(to)}"
    if kind not in "VDX" or not _is_square(to):
        raise ValueError(f"{move!r} is not a Calabria action")
    return f"{kind}@{square_name(to)}"


SPEC = GameSpec(
    name="calabria",
    title="Calabria",
    blurb="Romans against Gladiators: place your army, then trap pieces between two of yours.",
    variants=("standard",),
    player_counts={"standard": 2},
    options=OPTIONS,
    option_choices=OPTION_CHOICES,
    make_new=_new,
    make_from_position=_from_position,
    parse=_parse,
    format=_format,
)
