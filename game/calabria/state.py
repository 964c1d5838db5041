"""The rules of Calabria: the state and its moves.

Part of ``game.calabria``, whose docstring describes the game and its modules.
"""

from __future__ import annotations

from ..core import COUNT_MAX, GameState, changed_options
from ..errors import IllegalMoveError
from ..i18n import _, ngettext, number
from .board import (BARRICADE, CAPTURE_TABLE, DUX, EMPTY, HEIGHT, LINES, NEAR,
                    NEIGHBOUR_SETS, NEIGHBOURS, OPTIONS, PIECE, RAYS, SIDE_NAMES, SIZE, UNITS,
                    WIDTH, _PLACE, _STEP, file_rank, side_names)
from .notation import describe_move, is_square, parse_move, square_of



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
            "options": changed_options(OPTIONS, self.options),
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
            raise IllegalMoveError(_("illegal action {move}: {problem}").format(
                move=describe_move(move),
                problem=self.action_problem(move) or _("not a legal action")))
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
            quiet, history = self._quieter(), ()
        else:
            quiet, history = self._quieter(), self.history + (self.key,)
        last = {"mover": side, "kind": kind, "from": move[1], "to": to, "path": list(path),
                "captured": sorted(captured), "dux_captured": dux_captured,
                "barricade": to if kind == "X" else None}
        return CalabriaState("".join(board), "movement", opp, left, self.in_hand, quiet, history,
                             self.options, last)

    def _quieter(self) -> int:
        """The quiet plies after one more: without a quiet limit the count ends no game,
        so it stops at the cap rather than pass what a position may hold."""
        return min(self.quiet_plies + 1, COUNT_MAX)

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

    def describe_end(self, names=None):
        end = self._outcome()
        if end is None:
            return None
        sides = side_names()
        names = names or sides
        reason, winner = end
        # a side's own name is plural ("Romans win"); a player's is not ("Ann (Romans) wins")
        plural = winner is not None and names[winner] in (sides[winner], SIDE_NAMES[winner])
        if reason == "dux":
            text = (_("{name} captured the Gladiator Dux.") if winner == 0
                    else _("{name} captured the Roman Dux."))
            return text.format(name=names[winner])
        if reason == "pieces":
            text = (_("{name} captured every Gladiator piece.") if winner == 0
                    else _("{name} captured every Roman piece."))
            return text.format(name=names[winner])
        if reason == "stuck":
            text = (_("{loser} had no legal action left, so {name} win.") if plural
                    else _("{loser} had no legal action left, so {name} wins."))
            return text.format(loser=names[1 - winner], name=names[winner])
        if reason == "repetition":
            limit = self.options["repetition_limit"]
            if limit == 2:
                return _("The same position occurred twice: a draw.")
            if limit == 3:
                return _("The same position occurred three times: a draw.")
            return ngettext("The same position occurred {n} time: a draw.",
                            "The same position occurred {n} times: a draw.", limit).format(
                n=number(limit))
        a, b = self.scores
        quiet = number(self.options["quiet_ply_limit"])
        if winner is None:
            return ngettext("{moves} moves passed without a capture; both sides have {n} piece: "
                            "a draw.",
                            "{moves} moves passed without a capture; both sides have {n} "
                            "pieces: a draw.", a).format(moves=quiet, n=number(a))
        text = (_("{moves} moves passed without a capture; {name} win with {a} pieces to {b}.")
                if plural else
                _("{moves} moves passed without a capture; {name} wins with {a} pieces to {b}."))
        return text.format(moves=quiet, name=names[winner], a=number(max(a, b)),
                           b=number(min(a, b)))

    # --- for the board view -----------------------------------------------
    def piece_at(self, square):
        """The board character on ``square`` (``r R g G X Y``), or None when empty."""
        c = self.board[square_of(square)]
        return None if c == EMPTY else c

    def destinations(self, square) -> list:
        """Legal target squares of the mover's piece or Dux on ``square`` (empty if none)."""
        frm = square_of(square)
        return [m.to for m in self.legal_moves() if m.kind == "M" and m.frm == frm]

    def jump_path(self, frm, to):
        """Squares the piece passes through for the legal move ``frm``-``to``.

        A Dux jump chain gives every landing square, start and end included;
        a slide gives ``[frm, to]``; an illegal move gives None.
        """
        frm, to = square_of(frm), square_of(to)
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
                move = parse_move(self, move)
            except ValueError as exc:
                return str(exc)
        if self.is_over:
            return _("the game is over")
        if not isinstance(move, tuple) or len(move) != 3 or move[0] not in "VDMX":
            return _("not a Calabria action")
        kind, frm, to = move
        if not is_square(to) or (kind == "M" and not is_square(frm)):
            return _("that square is not on the board")
        if move in self._moves():
            return None
        side, board = self.mover, self.board
        if self.phase == "positioning":
            if kind in "MX":
                return _("no moves or barricades until every piece has been placed")
            pieces, dux = self.in_hand[side]
            if kind == "V" and not pieces:
                return _("all your pieces are placed; place your Dux")
            if kind == "D" and not dux:
                return _("your Dux is already on the board")
            return _("that square is taken")
        if kind in "VD":
            return _("every piece is placed; move a piece or place a barricade")
        if kind == "X":
            if not self.barricades_left[side]:
                return _("you have no barricades left")
            if board[to] != EMPTY:
                return _("that square is taken")
            return _("barricades must stand two squares apart")
        c = board[frm]
        if c == EMPTY:
            return _("there is no piece there")
        if c in "XY":
            return _("barricades never move")
        if c not in UNITS[side]:
            return _("that is not your piece")
        if _pinned(board, frm, UNITS[1 - side]):
            return _("that piece is pinned (Alligatus)")
        if frm == to:
            return (_("a jump chain may not end where it began") if c == DUX[side]
                    else _("a move must end on another square"))
        if board[to] != EMPTY:
            return _("that square is taken")
        if c == DUX[side]:
            return _("the Dux cannot reach that square by a slide or a chain of jumps")
        (f1, r1), (f2, r2) = file_rank(frm), file_rank(to)
        if f1 != f2 and r1 != r2:
            return _("pieces move in straight lines, like a rook")
        return _("the way is blocked")


