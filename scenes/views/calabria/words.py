"""What Calabria's view says: the prompt for the side to move, each move as the
move list tells it, why an action is refused, and what the thing under the
pointer (or in hand) would do there.  ``WordsMixin`` gives ``CalabriaView``
these."""

from __future__ import annotations

from game.calabria import DUX, PIECE, SIDE_NAMES, WIDTH, Move, square_name

from ..base import seat_label
from .trays import hand_words


def is_slide(board: str, frm: int, to: int) -> bool:
    """True when ``to`` is reached by a plain rook slide over empty squares."""
    f1, r1 = frm % WIDTH, frm // WIDTH
    f2, r2 = to % WIDTH, to // WIDTH
    if f1 != f2 and r1 != r2:
        return False
    step = (1 if f2 > f1 else -1 if f2 < f1 else 0) + WIDTH * (1 if r2 > r1 else -1 if r2 < r1 else 0)
    sq = frm + step
    while sq != to:
        if board[sq] != ".":
            return False
        sq += step
    return True


class WordsMixin:
    """Needs the view's ``state``, ``held``, ``hover``, ``pinned``, ``dragging``,
    ``trays`` and its input helpers (``_move_for``, ``_legal``, ``_active``)."""

    def _problem(self, move) -> str:
        problem = self.state.action_problem(move) or "not a legal action"
        extra = ""
        if "pinned" in problem:
            extra = ": it stands between two enemies on one line"
        elif "two squares apart" in problem:
            extra = " (none of the eight squares around a barricade)"
        return f"Not allowed: {problem}{extra}."

    def _refusal(self, square) -> str:
        s = self.state
        c = s.board[square]
        if s.phase == "positioning":
            return "Not allowed: that square is taken; place on an empty square."
        if c == ".":
            return ("Pick up one of your pieces, or drag a barricade from your stack beside "
                    "the board.")
        if c in "XY":
            return "Not allowed: barricades never move."
        side = s.mover
        if c not in (PIECE[side], DUX[side]):
            return f"Not allowed: that is a {SIDE_NAMES[1 - side][:-1]} piece."
        if square in self.pinned:
            return self._problem(Move("M", square, square))
        return "Not allowed: that piece is boxed in: it has nowhere to go."

    def _hover_status(self) -> None:
        """Say what the held thing would do on the square under the pointer."""
        held, s = self.held, self.state
        square = self.hover
        key = (held, square, self.dragging, id(s))
        if key == self._hover_key:
            return      # the pointer moved within the same square
        self._hover_key = key
        self.preview = ()
        if held is None:
            return
        act = "release" if self.dragging else "click"
        move = self._move_for(held, square) if square is not None else None
        legal = move is not None and self._legal(move)
        if legal and move.kind in "MX":
            last = s.play(move).last
            self.preview = tuple(last["captured"]) + (
                (last["dux_captured"],) if last["dux_captured"] is not None else ())
        gain = ""
        if self.preview:
            gain = " - " + self.describe_move(s, move).split(", ", 1)[1]
        if held[0] == "piece":
            frm = held[1]
            what = "Dux" if s.board[frm] in DUX else "piece"
            if not legal:
                self.status = (f"{what.capitalize()} on {square_name(frm)}: take it to a marked "
                               "square" + (" (rings are jump landings)" if what == "Dux" else ""))
            elif is_slide(s.board, frm, square):
                self.status = (f"{what.capitalize()} {square_name(frm)}-{square_name(square)}"
                               f"{gain}: {act} to move there")
            else:
                jumps = len(s.jump_path(frm, square)) - 1
                chain = f"a chain of {jumps} jumps" if jumps > 1 else "a jump"
                self.status = (f"Dux {square_name(frm)}-{square_name(square)}: {chain} over its "
                               f"own pieces{gain} - {act} to jump")
        elif held[0] == "hand":
            self.status = ("The Dux" if held[1] == "D" else "A piece") + \
                ": put it on any empty square."
        elif legal:
            self.status = f"Barricade {square_name(square)}{gain}: {act} to place it"
        else:
            self.status = "A barricade: put it on a marked square (two squares from every other)."

    def _idle_status(self, pos) -> None:
        """With nothing held, say what the thing under the pointer would do.

        A refusal stays on the status line until the next click: only a hint
        written here is replaced or wiped by the next hint.
        """
        if self.status and self.status != self._idle_hint:
            return
        s, words = self.state, ""
        square = self.hover
        if self._active() and not self.busy:
            side = s.mover
            if square is not None and s.phase == "positioning" and s.board[square] == ".":
                what = "a piece" if s.in_hand[side][0] else "your Dux"
                words = (f"Click to put {what} on {square_name(square)}, "
                         "or drag one from your tray")
            elif square is not None and s.board[square] in (PIECE[side], DUX[side]):
                if square in self.pinned:
                    words = "Pinned (Alligatus) between two enemies: it cannot move"
                elif s.destinations(square):
                    words = "Drag it to a marked square, or click it and then the square"
            elif (self.trays and self.supply_at_pos(pos) == side and s.phase == "movement"
                    and s.barricades_left[side]):
                words = (f"{s.barricades_left[side]} barricade"
                         f"{'s' if s.barricades_left[side] > 1 else ''} left: drag one onto "
                         "the board")
        self._idle_hint = words
        self.status = words

    def prompt(self, state, name) -> str:
        side = state.mover
        who = seat_label(name, SIDE_NAMES[side], side_first=True)
        if state.phase == "positioning":
            pieces, dux = state.in_hand[side]
            if not pieces:
                return f"{who}: place your Dux - the last one to go down"
            return f"{who}: place a piece - {hand_words(pieces, dux)} left"
        if state.barricades_left[side]:
            return f"{who}: move a piece or place a barricade"
        return f"{who}: move a piece (no barricades left)"

    def describe_move(self, state, move) -> str:
        kind, frm, to = move
        if kind == "V":
            text = f"piece on {square_name(to)}"
        elif kind == "D":
            text = f"Dux on {square_name(to)}"
        elif kind == "X":
            text = f"barricade {square_name(to)}"
        else:
            dux = state.board[frm] in DUX
            text = f"{'Dux ' if dux else ''}{square_name(frm)}-{square_name(to)}"
            if dux and not is_slide(state.board, frm, to):
                text += " (jump)"
        try:
            last = state.play(move).last
        except ValueError:
            return text
        if last["captured"]:
            text += ", captures " + " ".join(square_name(sq) for sq in last["captured"])
        if last["dux_captured"] is not None:
            text += ", takes the Dux"
        return text
