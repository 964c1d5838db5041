"""What Calabria's view says: the prompt for the side to move, each move as the
move list tells it, why an action is refused, the counters that matter, and
what the thing under the pointer (or in hand) would do there.

``Words`` is the view's voice.  It is handed the state and what the player
holds or points at, and hands back text; the view puts it on the status line.
It remembers only what it said last about the pointer, so that a move within
one square says nothing new and a refusal is not wiped by the next hint.
"""

from __future__ import annotations

from game.calabria import DUX, PIECE, SIDE_NAMES, WIDTH, Move, square_name
from game.core import counted

from ..base import seat_label


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


def hand_words(pieces: int, dux: int) -> str:
    """'9 pieces and the Dux', '1 piece', 'the Dux'."""
    parts = []
    if pieces:
        parts.append(counted(pieces, "piece"))
    if dux:
        parts.append("the Dux")
    return " and ".join(parts) or "nothing"


class Words:
    def __init__(self):
        self._held_said = None     # (held, square, dragging, state id) last told about
        self._hint = ""            # the pointer hint now on the status line, if any

    # --- for the move list and the sidebar -------------------------------------------
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

    def describe(self, state, move) -> str:
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

    def counters(self, state) -> str:
        """The draw counters of a battle once they come near their limits, else ''."""
        s = state
        if s.phase != "movement" or s.is_over:
            return ""
        words = []
        limit = s.options.get("quiet_ply_limit", 0)
        if limit and s.quiet_plies > limit // 2:
            words.append(f"quiet moves: {s.quiet_plies}/{limit}")
        if s.options.get("repetition_limit", 0) and s.key in s.history:
            seen = s.history.count(s.key) + 1
            words.append("position seen twice" if seen == 2 else f"position seen {seen} times")
        return "  |  ".join(words)

    # --- refusals --------------------------------------------------------------------
    def problem(self, state, move) -> str:
        problem = state.action_problem(move) or "not a legal action"
        extra = ""
        if "pinned" in problem:
            extra = ": it stands between two enemies on one line"
        elif "two squares apart" in problem:
            extra = " (none of the eight squares around a barricade)"
        return f"Not allowed: {problem}{extra}."

    def refusal(self, state, square, pinned) -> str:
        """Why a press on ``square`` picks nothing up."""
        s = state
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
        if square in pinned:
            return self.problem(s, Move("M", square, square))
        return "Not allowed: that piece is boxed in: it has nowhere to go."

    # --- the pointer -----------------------------------------------------------------
    def about_held(self, state, held, square, move, dragging):
        """What the held thing would do on ``square`` (``move`` is that action, or None
        off the board): (status line, squares it would capture), or None when the
        pointer only moved within the square last told about."""
        s = state
        key = (held, square, dragging, id(s))
        if key == self._held_said:
            return None
        self._held_said = key
        preview = ()
        act = "release" if dragging else "click"
        legal = move is not None and s.action_problem(move) is None
        if legal and move.kind in "MX":
            last = s.play(move).last
            preview = tuple(last["captured"]) + (
                (last["dux_captured"],) if last["dux_captured"] is not None else ())
        gain = ""
        if preview:
            gain = " - " + self.describe(s, move).split(", ", 1)[1]
        if held[0] == "piece":
            frm = held[1]
            what = "Dux" if s.board[frm] in DUX else "piece"
            if not legal:
                status = (f"{what.capitalize()} on {square_name(frm)}: take it to a marked "
                          "square" + (" (rings are jump landings)" if what == "Dux" else ""))
            elif is_slide(s.board, frm, square):
                status = (f"{what.capitalize()} {square_name(frm)}-{square_name(square)}"
                          f"{gain}: {act} to move there")
            else:
                jumps = len(s.jump_path(frm, square)) - 1
                chain = f"a chain of {jumps} jumps" if jumps > 1 else "a jump"
                status = (f"Dux {square_name(frm)}-{square_name(square)}: {chain} over its "
                          f"own pieces{gain} - {act} to jump")
        elif held[0] == "hand":
            status = ("The Dux" if held[1] == "D" else "A piece") + \
                ": put it on any empty square."
        elif legal:
            status = f"Barricade {square_name(square)}{gain}: {act} to place it"
        else:
            status = "A barricade: put it on a marked square (two squares from every other)."
        return status, preview

    def about_pointer(self, status, state, square, *, active, pinned, supply) -> str:
        """With nothing held, the status line once the pointer is over ``square``
        (``supply``: whose barricade stack it is over, if any).

        A refusal stays on the status line until the next click: only a hint
        written here is replaced or wiped by the next hint.
        """
        if status and status != self._hint:
            return status
        s, words = state, ""
        if active:
            side = s.mover
            if square is not None and s.phase == "positioning" and s.board[square] == ".":
                what = "a piece" if s.in_hand[side][0] else "your Dux"
                words = (f"Click to put {what} on {square_name(square)}, "
                         "or drag one from your tray")
            elif square is not None and s.board[square] in (PIECE[side], DUX[side]):
                if square in pinned:
                    words = "Pinned (Alligatus) between two enemies: it cannot move"
                elif s.destinations(square):
                    words = "Drag it to a marked square, or click it and then the square"
            elif (supply == side and s.phase == "movement"
                    and s.barricades_left[side]):
                words = (f"{s.barricades_left[side]} barricade"
                         f"{'s' if s.barricades_left[side] > 1 else ''} left: drag one onto "
                         "the board")
        self._hint = words
        return words
