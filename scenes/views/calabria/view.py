"""Calabria's board view: twelve files of stone squares between two army trays.

The Romans sit at the bottom (rank 1) with their tray below the board, the
Gladiators at the top with theirs above it; a player alone at the board with the
Gladiators sees it turned round, their own side nearest (a setting).  A tray holds the pieces still to
be placed, the four barricades in reserve and the enemy pieces taken.

Input is the same everywhere: press on a thing and drag it to a square, or
click it and then click the square.  A thing is a piece in the tray
(positioning), a piece on the board, or the barricade stack (movement).

The view holds its parts: the ``board`` (squares, the table picture, what is
drawn on the squares), the ``trays``, its ``words`` and, while a move is shown
landing, the ``anim``.  It owns the state it is shown, what the player holds
and points at, and the facts of the state the parts share (pinned pieces, a
threatened Dux); it hands these to the parts and turns input into moves.
"""

from __future__ import annotations

import math

from game.calabria import DUX, HEIGHT, PIECE, WIDTH, Move, square_name
from game.i18n import _, ngettext, number

from . import art
from ..base import GOLD, BoardView
from ..cursor import Area
from ..drawing import SHIELDS
from ..palette import current
from .animation import Animation
from .board import Board
from .trays import Trays
from .words import Words, side_word

DRAG_START = 6          # pixels the pointer moves before a press becomes a drag


class CalabriaView(BoardView):

    @property
    def player_colours(self) -> tuple:
        """The Romans' and the Gladiators' colours for words on the dark table, in the
        palette in use."""
        return current().calabria_sides

    def seat_marks(self) -> tuple:
        """Each army's shield, as its pieces and barricades bear it."""
        return tuple((shield,) for shield in SHIELDS)

    @classmethod
    def side_names(cls, variant=None) -> tuple:
        return side_word(0), side_word(1)

    def __init__(self, app, spec, seats=None, variant=None):
        super().__init__(app, spec, seats, variant)
        self.board = Board()
        # Rules diagrams and the results screen pass no seats: they show the board alone.
        self.trays = Trays(shown=seats is not None)
        self.words = Words()
        # input
        self.held = None           # ("hand", "V"/"D") | ("barricade",) | ("piece", square)
        self.dragging = False      # the held thing follows the pointer
        self.press_pos = None
        self.pressed_again = False  # the press was on what was already held (a toggle)
        self.pointer = (0, 0)
        self.hover = None          # square under the pointer
        self.preview = ()          # squares of pieces the hovered action would capture
        self._dropped = None       # (kind, to) of a move dropped by drag: no travel animation
        # per-state facts
        self.pinned = frozenset()
        self.threatened = frozenset()
        # the move being shown landing
        self.anim: Animation | None = None

    def layout(self, rect) -> None:
        super().layout(rect)
        self.board.turned = self.turned()
        self.board.layout(self.rect, margin=self.trays.room)
        self.trays.layout(self.board.frame, self.board.cell, self.board.turned)

    def turned(self) -> bool:
        """Whether the board is drawn from the Gladiators' side: when the one human at it
        plays the Gladiators (against the computer), unless the settings say not to."""
        return self.faces_far_side()

    def _follow_settings(self) -> None:
        """Turn the board when the setting has changed (from the pause menu)."""
        if self.turned() != self.board.turned:
            self.layout(self.rect)

    # --- state and animation ---------------------------------------------------------
    def set_state(self, state, previous=None) -> None:
        super().set_state(state, previous)
        self.held = None
        self.preview = ()
        self.dragging = False
        self.press_pos = None
        self.anim = None
        self.pinned = frozenset(state.pinned()) if state.phase == "movement" else frozenset()
        self.threatened = frozenset(state.threatened_dux())
        last = getattr(state, "last", None)
        dropped, self._dropped = self._dropped, None
        if previous is None or last is None:
            return
        self.anim = Animation(previous, last, dropped, self.board, self.trays)

    @property
    def busy(self) -> bool:
        return self.anim is not None

    def finish_animation(self) -> None:
        if self.anim is not None:
            self.anim.arrive()
            self._conclude()
            self.anim = None

    def update(self, dt: float) -> None:
        super().update(dt)
        a = self.anim
        if a is None:
            return
        a.advance(dt * self.speed)
        if a.landing:
            a.arrive()
            self.sound("place" if a.kind != "M" else "sow")
            if a.captured:
                self.sound("capture")
        if a.over:
            self._conclude()
            self.anim = None

    def _conclude(self) -> None:
        """What is said once a move has landed: captures, the battle starting, the end."""
        a, s = self.anim, self.state
        last = a.last
        reason = _(s.end_reason) if s.end_reason else ""
        if s.is_over:
            self.sound("end")
            if s.winner is None:
                self.announce(_("A draw"), GOLD, 3.0, small=reason)
            else:
                self.announce(_("Romans win!") if s.winner == 0 else _("Gladiators win!"),
                              self.player_colours[s.winner], 3.0, small=reason)
        elif last["captured"]:
            where = " ".join(square_name(sq) for sq in last["captured"])
            n = len(last["captured"])
            # the side that moved took the other's pieces
            taken = (ngettext("{n} Gladiator taken: {squares}", "{n} Gladiators taken: {squares}",
                              n) if a.side == 0 else
                     ngettext("{n} Roman taken: {squares}", "{n} Romans taken: {squares}", n))
            self.announce(_("Capture!"), (255, 140, 100), 1.3,
                          small=taken.format(n=number(n), squares=where))
        elif last["kind"] in "VD" and s.phase == "movement":
            self.announce(_("To battle!"), GOLD, 2.2, small=_("The Romans move first"))

    # --- input -------------------------------------------------------------------------
    def _move_for(self, held, square):
        if held[0] == "hand":
            return Move(held[1], None, square)
        if held[0] == "barricade":
            return Move("X", None, square)
        return Move("M", held[1], square)

    def _legal(self, move) -> bool:
        return self.state.action_problem(move) is None

    def handle_event(self, event):
        self._follow_settings()       # the board turns before the click finds its square
        return super().handle_event(event)

    def on_motion(self, pos):
        self.hover = self.board.square_at(pos)
        if (self.held is not None and self.press_pos is not None and not self.dragging
                and math.dist(pos, self.press_pos) > DRAG_START):
            self.dragging = True
        if self.held is not None:
            self._say_held()
        else:
            self._say_pointing(pos)

    def on_press(self, pos):
        self.hover = self.board.square_at(pos)
        if not self.can_act():
            return None
        return self._press(pos)

    def on_right_press(self, pos):
        self.cancel_input()

    def _press(self, pos):
        s = self.state
        side = s.mover
        square = self.board.square_at(pos)
        hand = self.trays.hand_at(pos, s)
        supply = self.trays.supply_at(pos)
        self.press_pos = pos
        self.dragging = False
        self.pressed_again = False
        if square is not None:
            if self.held is not None:
                move = self._move_for(self.held, square)
                if self._legal(move):
                    self.held = None
                    self.press_pos = None
                    return move
                if self.held == ("piece", square):
                    self.pressed_again = True
                    return None
            c = s.board[square]
            if s.phase == "movement" and c in (PIECE[side], DUX[side]) and s.destinations(square):
                self.held = ("piece", square)
                self._say_held()
                return None
            if s.phase == "positioning" and c == "." and self.held is None:
                pieces = s.in_hand[side][0]
                move = Move("V" if pieces else "D", None, square)
                self.press_pos = None
                return move
            if self.held is not None and c not in (PIECE[side], DUX[side]):
                self.status = self.words.problem(s, self._move_for(self.held, square))
            else:
                self.status = self.words.refusal(s, square, self.pinned)
            self.held = None
            self.press_pos = None
            return None
        if hand is not None:
            owner, kind = hand
            if owner != side:
                self.status = (_("Not allowed: it is the Romans' turn to place a piece.")
                               if side == 0 else
                               _("Not allowed: it is the Gladiators' turn to place a piece."))
                self.press_pos = None
            elif kind is None:
                self.press_pos = None
            else:
                self.pressed_again = self.held == ("hand", kind)
                self.held = ("hand", kind)
                self._say_held()
            return None
        if supply is not None:
            if supply != side:
                self.status = (_("Not allowed: those barricades belong to the Romans.")
                               if supply == 0 else
                               _("Not allowed: those barricades belong to the Gladiators."))
            elif s.phase != "movement":
                self.status = _("Not allowed: barricades come out once every piece is placed.")
            elif not s.barricades_left[side]:
                self.status = _("Not allowed: you have no barricades left.")
            elif not s.barricade_squares():
                self.status = _("Not allowed: no square is two squares away from every "
                                "barricade.")
            else:
                self.pressed_again = self.held == ("barricade",)
                self.held = ("barricade",)
                self._say_held()
                return None
            self.press_pos = None
            return None
        self.cancel_input()
        return None

    def on_release(self, pos):
        pressing, self.press_pos = self.press_pos, None
        if self.held is None or pressing is None:
            self.dragging = False
            return None
        if not self.dragging:
            if self.pressed_again:   # a second click on what is held puts it back
                self.held = None
                self.status = ""
            return None
        self.dragging = False
        square = self.board.square_at(pos)
        held = self.held
        if square is None:
            self.held = None
            self.status = ""
            return None
        if held == ("piece", square):
            return None   # put back where it was: still held, for a click on a target
        move = self._move_for(held, square)
        self.held = None
        if self._legal(move):
            self._dropped = (move.kind, square)
            return move
        self.status = self.words.problem(self.state, move)
        return None

    def key_areas(self) -> list:
        """The board's squares and the mover's tray: the barricades in reserve and, while
        the armies are positioned, the Dux and the pieces still to place."""
        s, board, trays = self.state, self.board, self.trays
        areas = [Area("board", tuple(range(WIDTH * HEIGHT)), board.square_rect,
                      frame=board.frame)]
        if trays.rects and s.mover is not None:
            side = s.mover
            spots = ["supply"]
            if s.phase == "positioning":
                pieces, dux = s.in_hand[side]
                spots += ["D"] * bool(dux) + ["V"] * bool(pieces)
            places = {"supply": trays.supply_rect(side), "D": trays.slot_rect(side, 0),
                      "V": trays.slot_rect(side, 1)}
            home = "D" if "D" in spots else spots[-1]
            areas.append(Area("tray", tuple(spots), places.get, home=home,
                              frame=trays.rects[side]))
        return areas

    def key_home(self) -> str:
        return "board"

    def cancel_input(self) -> bool:
        had = self.held is not None
        self.held = None
        self.preview = ()
        self.dragging = False
        self.press_pos = None
        return had

    def _say_held(self) -> None:
        """Say what the held thing would do on the square under the pointer."""
        square = self.hover
        move = self._move_for(self.held, square) if square is not None else None
        said = self.words.about_held(self.state, self.held, square, move, self.dragging)
        if said is not None:     # None: the pointer moved within the same square
            self.status, self.preview = said

    def _say_pointing(self, pos) -> None:
        """With nothing held, say what the thing under the pointer would do."""
        self.status = self.words.about_pointer(
            self.status, self.state, self.hover, active=self.can_act() and not self.busy,
            pinned=self.pinned, supply=self.trays.supply_at(pos))

    # --- words -------------------------------------------------------------------------
    def prompt(self, state, name) -> str:
        return self.words.prompt(state, name)

    def describe_move(self, state, move) -> str:
        return self.words.describe(state, move)

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface) -> None:
        s, a, board, held = self.state, self.anim, self.board, self.held
        if s is None:
            return
        self._follow_settings()
        style = self.board_style(tuple(art.STYLES))
        surface.blit(board.layer(self.rect, style, self.trays), self.rect.topleft)
        quiet = a is None
        shown = a.before if a is not None and not a.arrived else s.board
        board.draw_under(surface, s, quiet=quiet, marks=self.marks, hint=self.hint_move,
                         held=held, preview=self.preview)
        board.draw_pieces(surface, shown, held, self.dragging, a.fading if a else set())
        if quiet:
            board.draw_dangers(surface, self.threatened, self.pinned)
        if (held is None and s.phase == "positioning" and self.hover is not None and self.can_act()
                and s.board[self.hover] == "." and quiet):
            # a click here places a piece: show which one
            board.draw_ghost(surface, s.mover, not s.in_hand[s.mover][0], self.hover)
        if held is not None and self.show_hints():
            board.draw_reach(surface, s, held, self.hover, self.dragging)
        board.draw_marked_moves(surface, s, self.marks)
        self.trays.draw(surface, s, seats=self.seats, colours=self.player_colours, held=held,
                        enabled=self.input_enabled, warnings=self.words.counters(s), anim=a)
        if a is not None:
            a.draw(surface, board)
        if held is not None and self.dragging:
            if held[0] == "piece":
                ch = s.board[held[1]]
            elif held[0] == "hand":
                ch = DUX[s.mover] if held[1] == "D" else PIECE[s.mover]
            else:
                ch = "XY"[s.mover]
            board.draw_carried(surface, ch, self.pointer)
        super().draw(surface)
