"""What Calabria's view says: the prompt for the side to move, each move as the
move list tells it, why an action is refused, the counters that matter, and
what the thing under the pointer (or in hand) would do there.

``Words`` is the view's voice.  It is handed the state and what the player
holds or points at, and hands back text; the view puts it on the status line.
It remembers only what it said last about the pointer, so that a move within
one square says nothing new and a refusal is not wiped by the next hint.

Everything is said in the language in use, but two words stay Latin in every
language, as the rules write them: the *Dux* (each side's leader) and
*Alligatus* (a piece pinned between two enemies).  They are the game's flavour
and the names players find in the rules; where one is used, the words around it
say what it means ("Pinned (Alligatus) between two enemies: it cannot move").
Squares and moves (``e4``, ``f6-f4``) are notation and stay as they are.
"""

from __future__ import annotations

from game.calabria import DUX, PIECE, WIDTH, Move, square_name
from game.i18n import _, ngettext, number

from ..base import seat_label

#: The rules' refusals this voice explains further (compared in English and translated).
PINNED = "that piece is pinned (Alligatus)"
APART = "barricades must stand two squares apart"


def side_word(side: int) -> str:
    """The side ``side`` (Romans, Gladiators) in the language in use."""
    return _("Romans") if side == 0 else _("Gladiators")


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
    """'9 pieces and the Dux', '1 piece', 'the Dux', in the language in use."""
    if pieces and dux:
        return ngettext("{n} piece and the Dux", "{n} pieces and the Dux", pieces).format(
            n=number(pieces))
    if pieces:
        return ngettext("{n} piece", "{n} pieces", pieces).format(n=number(pieces))
    return _("the Dux") if dux else _("nothing")


def gain_words(last) -> str:
    """What an action takes, from what the rules say it did: "captures e4 f4", "takes the
    Dux", or ""."""
    squares = " ".join(square_name(sq) for sq in last["captured"])
    dux = last["dux_captured"] is not None
    if squares and dux:
        return _("captures {squares}, takes the Dux").format(squares=squares)
    if squares:
        return _("captures {squares}").format(squares=squares)
    return _("takes the Dux") if dux else ""


def _is(problem: str, english: str) -> bool:
    return problem in (english, _(english))


class Words:
    def __init__(self):
        self._held_said = None     # (held, square, dragging, state id) last told about
        self._hint = ""            # the pointer hint now on the status line, if any

    # --- for the move list and the sidebar -------------------------------------------
    def prompt(self, state, name) -> str:
        side = state.mover
        who = seat_label(name, side_word(side), side_first=True)
        if state.phase == "positioning":
            pieces, dux = state.in_hand[side]
            if not pieces:
                return _("{who}: place your Dux - the last one to go down").format(who=who)
            if dux:
                return ngettext("{who}: place a piece - {n} piece and the Dux left",
                                "{who}: place a piece - {n} pieces and the Dux left",
                                pieces).format(who=who, n=number(pieces))
            return ngettext("{who}: place a piece - {n} piece left",
                            "{who}: place a piece - {n} pieces left", pieces).format(
                who=who, n=number(pieces))
        if state.barricades_left[side]:
            return _("{who}: move a piece or place a barricade").format(who=who)
        return _("{who}: move a piece (no barricades left)").format(who=who)

    def describe(self, state, move) -> str:
        kind, frm, to = move
        if kind == "V":
            text = _("piece on {square}").format(square=square_name(to))
        elif kind == "D":
            text = _("Dux on {square}").format(square=square_name(to))
        elif kind == "X":
            text = _("barricade {square}").format(square=square_name(to))
        else:
            step = f"{square_name(frm)}-{square_name(to)}"
            if state.board[frm] not in DUX:
                text = step
            elif is_slide(state.board, frm, to):
                text = _("Dux {move}").format(move=step)
            else:
                text = _("Dux {move} (jump)").format(move=step)
        try:
            last = state.play(move).last
        except ValueError:
            return text
        gain = gain_words(last)
        # TRANSLATORS: a move and what it took: "f6-f4, captures e4"
        return _("{move}, {gain}").format(move=text, gain=gain) if gain else text

    def counters(self, state) -> str:
        """The draw counters of a battle once they come near their limits, else ''."""
        s = state
        if s.phase != "movement" or s.is_over:
            return ""
        words = []
        limit = s.options.get("quiet_ply_limit", 0)
        if limit and s.quiet_plies > limit // 2:
            words.append(_("quiet moves: {n}/{limit}").format(n=number(s.quiet_plies),
                                                               limit=number(limit)))
        if s.options.get("repetition_limit", 0) and s.key in s.history:
            seen = s.history.count(s.key) + 1
            words.append(_("position seen twice") if seen == 2 else
                         ngettext("position seen {n} time", "position seen {n} times",
                                  seen).format(n=number(seen)))
        return "  |  ".join(words)

    # --- refusals --------------------------------------------------------------------
    def problem(self, state, move) -> str:
        problem = state.action_problem(move)
        if problem is None:
            return _("Not allowed: not a legal action.")
        if _is(problem, PINNED):
            return _("Not allowed: {problem}: it stands between two enemies on one "
                     "line.").format(problem=_(problem))
        if _is(problem, APART):
            return _("Not allowed: {problem} (none of the eight squares around a "
                     "barricade).").format(problem=_(problem))
        return _("Not allowed: {problem}.").format(problem=_(problem))

    def refusal(self, state, square, pinned) -> str:
        """Why a press on ``square`` picks nothing up."""
        s = state
        c = s.board[square]
        if s.phase == "positioning":
            return _("Not allowed: that square is taken; place on an empty square.")
        if c == ".":
            return _("Pick up one of your pieces (click it, or arrows and Enter), or drag a "
                     "barricade from your stack beside the board.")
        if c in "XY":
            return _("Not allowed: barricades never move.")
        side = s.mover
        if c not in (PIECE[side], DUX[side]):
            return (_("Not allowed: that is a Gladiator piece.") if side == 0 else
                    _("Not allowed: that is a Roman piece."))
        if square in pinned:
            return self.problem(s, Move("M", square, square))
        return _("Not allowed: that piece is boxed in: it has nowhere to go.")

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
        legal = move is not None and s.action_problem(move) is None
        gain = ""
        if legal and move.kind in "MX":
            last = s.play(move).last
            preview = tuple(last["captured"]) + (
                (last["dux_captured"],) if last["dux_captured"] is not None else ())
            gain = gain_words(last) if preview else ""
        if held[0] == "piece":
            frm = held[1]
            dux = s.board[frm] in DUX
            step = f"{square_name(frm)}-{square_name(square)}" if square is not None else ""
            if gain:
                # TRANSLATORS: a move and what it would take: "f6-f4 - captures e4"
                step = _("{move} - {gain}").format(move=step, gain=gain)
            if not legal:
                status = (_("Dux on {square}: take it to a marked square (rings are jump "
                            "landings)") if dux else
                          _("Piece on {square}: take it to a marked square")).format(
                    square=square_name(frm))
            elif is_slide(s.board, frm, square):
                if dux:
                    status = (_("Dux {move}: release to move there") if dragging else
                              _("Dux {move}: click or Enter to move there"))
                else:
                    status = (_("Piece {move}: release to move there") if dragging else
                              _("Piece {move}: click or Enter to move there"))
                status = status.format(move=step)
            else:
                jumps = len(s.jump_path(frm, square)) - 1
                if jumps > 1:
                    status = (ngettext("Dux {move}: a chain of {n} jump over its own pieces - "
                                       "release to jump",
                                       "Dux {move}: a chain of {n} jumps over its own pieces - "
                                       "release to jump", jumps) if dragging else
                              ngettext("Dux {move}: a chain of {n} jump over its own pieces - "
                                       "click or Enter to jump",
                                       "Dux {move}: a chain of {n} jumps over its own pieces - "
                                       "click or Enter to jump", jumps))
                else:
                    status = (_("Dux {move}: a jump over its own pieces - release to jump")
                              if dragging else
                              _("Dux {move}: a jump over its own pieces - click or Enter to "
                                "jump"))
                status = status.format(move=step, n=number(jumps))
        elif held[0] == "hand":
            status = (_("The Dux: put it on any empty square.") if held[1] == "D" else
                      _("A piece: put it on any empty square."))
        elif legal:
            where = square_name(square)
            if gain:
                where = _("{move} - {gain}").format(move=where, gain=gain)
            status = (_("Barricade {square}: release to place it") if dragging else
                      _("Barricade {square}: click or Enter to place it")).format(square=where)
        else:
            status = _("A barricade: put it on a marked square (two squares from every "
                       "other).")
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
                words = (_("Click or Enter to put a piece on {square}, or drag one from your "
                           "tray") if s.in_hand[side][0] else
                         _("Click or Enter to put your Dux on {square}, or drag it from your "
                           "tray")).format(square=square_name(square))
            elif square is not None and s.board[square] in (PIECE[side], DUX[side]):
                if square in pinned:
                    words = _("Pinned (Alligatus) between two enemies: it cannot move")
                elif s.destinations(square):
                    words = _("Drag it to a marked square, or click it and then the square "
                              "(Enter works as a click)")
            elif (supply == side and s.phase == "movement"
                    and s.barricades_left[side]):
                n = s.barricades_left[side]
                words = ngettext("{n} barricade left: drag it onto the board, or take it with "
                                 "Enter",
                                 "{n} barricades left: drag one onto the board, or take one "
                                 "with Enter", n).format(n=number(n))
        self._hint = words
        return words
