"""Callisto's board: an octagon of inset squares, and a tray of pieces per colour.

Handling is the tabletop's: pick a piece out of the tray of the colour to
move and it follows the pointer as a ghost snapped to the grid (the square
under the pointer is always one of the piece's own squares); the wheel or R
turns it, a right-click or F flips it over, a click puts it down.  Esc, or a
click on the tray, puts it back.  H switches the marks of where pieces fit on
and off: with a piece in hand, every square it could cover and, as dots, where
to click in the orientation it has now; with none, every square any piece of
the colour to move could cover.

The view holds two parts: ``board`` (where the board lies, and everything drawn
on it) and ``trays`` (each colour's pieces beside it).  It keeps the position,
the piece in hand and the animation, routes the pointer and keys, and tells
each part what to draw.
"""

from __future__ import annotations

import pygame

from game.callisto import (PIECE_INDEX, PIECES, PLAYERS, colour_names, geometry, orientation,
                           piece_words, player_names)
from game.i18n import _, isolated, number

from ..base import GOLD, BoardView, says_side, seat_label
from ..cursor import Area
from ..drawing import lighten
from ..palette import DEFAULT, current
from .board import STYLES, Board
from .pieces import flipped, grab_offset, mark_of, pieces_figure, shape_of, tray_turn, turned
from .trays import Trays, left_in_tray

#: Each colour's pieces in the game's own palette (``views/palette.py``).
COLOUR_RGB = DEFAULT.callisto
FLIGHT = 0.45      # seconds for a piece to travel from its tray to the board
DROP = 0.14        # seconds for a piece put down by hand to settle


def upper_first(text: str) -> str:
    """``text`` starting a sentence: "the L tetromino" -> "The L tetromino"."""
    return text[:1].upper() + text[1:]


def colour_word(name: str) -> str:
    """A colour (as the rules keep it: "Blue") in the language in use."""
    return {"Blue": _("Blue"), "Yellow": _("Yellow"), "Red": _("Red"),
            "Green": _("Green")}.get(name, name)


def piece_title(k: int) -> str:
    """Piece kind ``k``'s title ("domino") in the language in use."""
    return _(PIECES[k].title)


class CallistoView(BoardView):

    @classmethod
    def side_names(cls, variant=None) -> tuple:
        return tuple("/".join(colour_word(c) for c in name.split("/"))
                     for name in player_names(variant))

    @property
    def words(self) -> tuple:
        """Each colour's name as the player reads it (``names`` keeps them as the rules
        and the palette do)."""
        return tuple(colour_word(name) for name in self.names)

    @classmethod
    def figure(cls, name: str, size: tuple):
        """``"pieces"``: the 21 pieces every colour has, for the rules."""
        if name == "pieces":
            return pieces_figure(size, current().callisto["Blue"], mark_of("Blue"))
        return None

    def __init__(self, app, spec, seats=None, variant=None):
        super().__init__(app, spec, seats, variant)
        self.named_seats = seats is not None
        self.geo = geometry(self.variant)
        self.names = colour_names(self.variant)
        players = PLAYERS[self.variant]
        self.two_each = players != len(self.names)
        self.board = Board(self.geo, self.names)
        self.trays = Trays(self.names, self._tray_titles(), live=self.named_seats)
        self._fits: dict = {}                       # (state, piece, turn) -> where it fits
        self.pointer = (0, 0)
        self.held: str | None = None               # name of the piece in hand
        self.turn = 0                               # its orientation (see ``orientation``)
        self.drag_from: tuple | None = None         # where a drag began (press on the tray)
        self.ghost_anchor: tuple | None = None      # top-left cell of the snapped ghost
        self.ghost_problem: str | None = None
        self.hints_on = self.setting("show_hints", True)   # marks for the piece in hand
        self.overview = False       # marks of where any piece fits, with none in hand
        self.anim: dict | None = None
        self._placed: tuple | None = None           # (move, screen pos) of a piece put down here

    @property
    def rgbs(self) -> tuple:
        """Each colour's pieces' colour, in the palette in use."""
        palette = current()
        return tuple(palette.callisto[name] for name in self.names)

    @property
    def player_colours(self) -> tuple:
        """Each player's first colour, in the palette in use."""
        return self.rgbs[:PLAYERS[self.variant]]

    def seat_colours(self) -> tuple:
        players = PLAYERS[self.variant]
        return tuple(tuple(self.rgbs[c] for c in range(len(self.rgbs)) if c % players == p)
                     for p in range(players))

    def seat_marks(self) -> tuple:
        players = PLAYERS[self.variant]
        return tuple(tuple(self.board.marks[c] for c in range(len(self.names)) if c % players == p)
                     for p in range(players))

    def _tray_titles(self) -> list:
        """Each tray's header: the colour's name, and in a game its player's."""
        titles = []
        players = PLAYERS[self.variant]
        for colour, name in enumerate(self.words):
            player = colour % players
            if self.named_seats and player < len(self.seats) and \
                    not says_side(self.seats[player]["name"], name):
                # TRANSLATORS: a tray's header: its colour, then its player's name
                name = _("{colour}  {name}").format(colour=name,
                                                    name=isolated(self.seats[player]["name"]))
            titles.append(name)
        return titles

    # --- layout --------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        rect = self.rect
        gap = max(10, rect.width // 60)
        # a game always shows its trays; a picture (no seats) only when there is room
        show_trays = self.named_seats or rect.width >= rect.height * 1.2
        if show_trays:
            tray_w = self._tray_width(gap)
            side = max(120, min(rect.height, rect.width - tray_w - gap))
        else:
            tray_w, gap = 0, 0
            side = min(rect.width, rect.height)
        x0 = rect.x + (rect.width - side - gap - tray_w) // 2
        y0 = rect.y + (rect.height - side) // 2
        self.board.fit(pygame.Rect(x0, y0, side, side))
        self.trays.fit(pygame.Rect(x0 + side + gap, rect.y, tray_w, rect.height)
                       if show_trays else None)

    def _tray_width(self, gap: int) -> int:
        """How wide the trays are: a good third of the view, wider where that leaves the
        pieces in the trays too small beside the board's squares (three and four trays
        share the height), until they reach three quarters of a square or 20 pixels."""
        rect = self.rect
        start = int(min(max(rect.width * 0.37, 170), 480))
        best = None
        for tray_w in range(start, max(start, int(rect.width * 0.55)) + 1, 6):
            side = max(120, min(rect.height, rect.width - tray_w - gap))
            unit = self.trays.unit_for(pygame.Rect(0, 0, tray_w, rect.height))
            want = min(20.0, 0.75 * self.board.cell_for(side))
            if unit >= want:
                return tray_w
            if best is None or unit / want > best[0]:
                best = (unit / want, tray_w)
        return best[1]

    def cell_center(self, cell) -> tuple:
        """Where the square ``cell`` lies on the screen."""
        return self.board.cell_center(cell)

    # --- state and animation ------------------------------------------------------------
    def set_state(self, state, previous=None) -> None:
        super().set_state(state, previous)
        self.trays.follow(state.colour)      # the colour to move's tray takes the room
        self.held = None
        self.drag_from = None
        self.ghost_anchor = None
        self.ghost_problem = None
        self.trays.hover = None
        self.anim = None
        self._fits.clear()
        last = state.last
        placed, self._placed = self._placed, None
        if previous is None or last is None or previous.moves != state.moves[:-1]:
            return
        move, colour = last["move"], last["colour"]
        cells = self.geo.cells_of_move[move]
        shape = shape_of(cells)
        x0 = min(x for x, _ in cells)
        y0 = min(y for _, y in cells)
        end = self.board.cell_rect((x0, y0)).topleft
        if placed is not None and placed[0] == move:
            start, duration, unit, hop = (end[0] - 4, end[1] - 6), DROP, self.board.cell, 0.3
        else:
            if colour < len(self.trays):        # it flies from its pile in the tray
                tray = self.trays[colour]
                (cx, cy), unit = tray.slots[last["piece"]].center, tray.unit
            else:
                (cx, cy), unit = self.board.frame.center, self.board.cell
            w = (max(x for x, _ in shape) + 1) * unit
            h = (max(y for _, y in shape) + 1) * unit
            start, duration, hop = (cx - w // 2, cy - h // 2), FLIGHT, 1.2
        self.anim = {"move": move, "colour": colour, "shape": shape, "start": start, "end": end,
                     "unit": unit, "hop": hop, "t": 0.0, "duration": duration, "state": state}

    @property
    def busy(self) -> bool:
        return self.anim is not None

    def finish_animation(self) -> None:
        if self.anim is not None:
            self._land(quiet=True)

    def _land(self, quiet=False) -> None:
        anim, self.anim = self.anim, None
        state = anim["state"]
        last = state.last
        self.board.light(last["cells"])
        if not quiet and self.app is not None:
            self.sound("place")
        for colour in last["skipped"]:
            if colour in last["out"]:
                self.announce(_("{colour} is skipped").format(colour=self.words[colour]),
                              lighten(self.rgbs[colour], 0.35), 2.4,
                              small=_("No {colour} piece fits any more: out for the rest of "
                                      "the game").format(colour=self.words[colour]))
        if last["over"]:      # (the results screen plays the end sound)
            self.announce(_("Game over"), GOLD, 3.0, small=self._short_end(state))

    def _short_end(self, state) -> str:
        names = self._player_labels()
        scores = state.scores
        winner = state.winner
        if list(scores).count(scores[winner]) > 1:
            return _("Tie on {score}: {name} started later and wins").format(
                score=number(scores[winner]), name=names[winner])
        return _("{name} wins with {score}").format(name=names[winner],
                                                    score=number(scores[winner]))

    def _player_labels(self) -> list:
        if self.named_seats:
            return [isolated(s["name"]) for s in self.seats]
        return list(self.side_names(self.variant))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)
        if self.anim is not None:
            self.anim["t"] += dt * self.speed
            if self.anim["t"] >= self.anim["duration"]:
                self._land()

    def wants_frames(self) -> bool:
        return bool(self.board.flash) or super().wants_frames()

    # --- input -------------------------------------------------------------------------
    def can_act(self) -> bool:
        s = self.state
        return s is not None and self.input_enabled and s.colour is not None

    def takes_input(self) -> bool:
        return self.can_act()

    def on_motion(self, pos):
        if self.held is not None:
            self._track(pos)
        else:
            self._hover(pos)

    def on_wheel(self, steps):
        if self.held is not None:
            self._turn(turned(self.turn, 1 if steps > 0 else -1))

    def on_right_press(self, pos):
        self.finish_animation()
        if self.held is not None:
            self._turn(flipped(self.turn))

    def on_key(self, event):
        if event.key == pygame.K_h:
            self._toggle_marks()
        elif self.held is not None and event.key == pygame.K_r:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self._turn(turned(self.turn, step))
        elif self.held is not None and event.key == pygame.K_f:
            self._turn(flipped(self.turn))

    def key_areas(self) -> list:
        """The board's squares and the tray of the colour to move (the piles still in
        it); a piece picked up goes to the board with the cursor, which holds it by the
        square R and F turn it about."""
        state, board = self.state, self.board
        areas = [Area("board", self.geo.cells, board.cell_rect, frame=board.frame)]
        colour = state.colour
        if colour is not None and colour < len(self.trays):
            tray = self.trays[colour]
            names = tuple(name for name in tray.slots
                          if left_in_tray(state, None, colour, name) > 0)
            playable = state.playable_pieces()
            if names:
                areas.append(Area("tray", names, lambda name: tray.slots[name],
                                  home=next((n for n in names if n in playable), None),
                                  frame=tray.rect))
        return areas

    def key_home(self) -> str:
        """Each turn starts at the tray, on its first piece that fits somewhere."""
        return "tray"

    def _toggle_marks(self) -> None:
        """H: hide the marks of where pieces fit if they are shown, else show them."""
        if self.held is not None:
            self.hints_on = not self.hints_on
            self.status = (_("Hints on: squares the piece can cover are lit, dots show where "
                             "to click (H hides them).") if self.hints_on
                           else _("Hints off (H shows them)."))
            return
        self.overview = not self.overview
        if self.overview:
            self.hints_on = True
            self.status = _("Lit: every square a {colour} piece can cover now (H hides "
                            "them).").format(colour=self.words[self.state.colour])
        else:
            self.status = _("Hints off (H shows where pieces fit).")

    def on_press(self, pos):
        state = self.state
        mover = state.colour
        hit = self.trays.slot_at(pos)
        if self.held is not None:
            if self.board.cell_at(pos) is not None:
                return self._put_down(pos)
            if hit is not None:
                colour, name = hit
                if colour == mover and name and name != self.held and self._in_hand(mover, name):
                    self._pick(name)
                    self.drag_from = pos
                else:
                    self._put_back()
            return None
        if hit is not None:
            colour, name = hit
            if name is None:
                return None
            if colour != mover:
                self.status = _("That is {colour}'s tray: {mover} is to move.").format(
                    colour=self.words[colour], mover=self.words[mover])
            elif not self._in_hand(mover, name):
                self.status = _("No {piece} left in the tray.").format(
                    piece=piece_title(PIECE_INDEX[name]))
            else:
                self._pick(name)
                self.drag_from = pos
            return None
        if self.board.cell_at(pos) is not None:
            self.status = _("Pick a piece from the {colour} tray first: click it, or Tab to "
                            "the tray, arrows and Enter.").format(colour=self.words[mover])
        return None

    def on_release(self, pos):
        start, self.drag_from = self.drag_from, None
        if self.held is None or start is None or self.board.cell_at(pos) is None:
            return None
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 8:
            return None
        return self._put_down(pos)

    def _pick(self, name: str) -> None:
        self.held = name
        self.turn = tray_turn(name)          # as it lay in the tray
        self.ghost_anchor = None
        the = piece_words(name)
        state = self.state
        if name != "1" and state.left[state.colour][0] > 1:
            self.status = _("Not allowed yet: a colour's first two moves must be 1x1s - put "
                            "{piece} back.").format(piece=the)
        elif name not in state.playable_pieces():
            self.status = upper_first(_("{piece} fits nowhere now - put it back and pick "
                                        "another piece.").format(piece=the))
        else:
            self.status = ""
        self._track(self.pointer)

    def _put_back(self) -> None:
        self.held = None
        self.drag_from = None
        self.ghost_anchor = None
        self.ghost_problem = None
        self.status = _("Put back in the tray.")

    def _turn(self, turn: int) -> None:
        self.turn = turn
        self.ghost_anchor = None
        self._track(self.pointer)

    def ghost_cells(self, pos=None) -> list | None:
        """The cells the held piece would cover with the pointer at ``pos``."""
        if self.held is None:
            return None
        cell = self.board.cell_at(self.pointer if pos is None else pos)
        if cell is None:
            return None
        gx, gy = grab_offset(self.held, self.turn)
        ax, ay = cell[0] - gx, cell[1] - gy
        return [(ax + dx, ay + dy) for dx, dy in orientation(self.held, self.turn)]

    def _track(self, pos) -> None:
        """Snap the held piece to the square under the pointer and judge the spot."""
        cells = self.ghost_cells(pos)
        if cells is None:
            if self.ghost_anchor is not None:
                self.status = ""
            self.ghost_anchor = None
            self.ghost_problem = None
            return
        anchor = (min(x for x, _ in cells), min(y for _, y in cells))
        if anchor == self.ghost_anchor:
            return
        self.ghost_anchor = anchor
        self.ghost_problem = self.state.placement_problem(cells)
        self.status = (_("Not allowed here: {problem}.").format(problem=_(self.ghost_problem))
                       if self.ghost_problem else "")

    def _put_down(self, pos):
        self._track(pos)
        cells = self.ghost_cells(pos)
        problem = self.state.placement_problem(cells)
        if problem:
            self.status = _("Not allowed here: {problem}.").format(problem=_(problem))
            if self.app is not None:
                self.sound("warn")
            return None
        move = self.geo.by_mask[self.geo.mask_for(cells)]
        self._placed = (move, pos)
        self.held = None
        self.drag_from = None
        return move

    def _in_hand(self, colour: int, piece: str) -> int:
        """How many of ``piece`` still lie in ``colour``'s tray (one may be in hand)."""
        return left_in_tray(self.state, self.held, colour, piece)

    def _hover(self, pos) -> None:
        hit = self.trays.slot_at(pos) if self.can_act() else None
        if hit is not None and hit[1] is not None and hit[0] == self.state.colour \
                and self._in_hand(*hit):
            if hit != self.trays.hover:
                self.trays.hover = hit
                name = hit[1]
                the = piece_words(name)
                if name not in self.state.playable_pieces():
                    self.status = upper_first(_("{piece}: no room for it now.").format(
                        piece=the))
                else:
                    self.status = upper_first(_("{piece}: click or Enter to pick it up.").format(
                        piece=the))
        elif self.trays.hover is not None:
            self.trays.hover = None
            self.status = ""

    # --- hints -----------------------------------------------------------------------------
    def reach(self) -> frozenset:
        """Every square some piece of the colour to move could cover now."""
        key = (id(self.state), None, None)
        found = self._fits.get(key)
        if found is None:
            cells = self.geo.cells_of_move
            found = frozenset(c for m in self.state.legal_moves() for c in cells[m])
            self._fits[key] = found
        return found

    def fits(self) -> tuple:
        """(every cell the held piece could cover in any orientation, the cells to click to
        place it in its present orientation) for the colour to move."""
        key = (id(self.state), self.held, self.turn)
        found = self._fits.get(key)
        if found is None:
            geo = self.geo
            k = PIECE_INDEX[self.held]
            shape = orientation(self.held, self.turn)
            gx, gy = grab_offset(self.held, self.turn)
            cover, spots = set(), set()
            for m in self.state.legal_moves():
                if geo.piece_of[m] != k:
                    continue
                cells = geo.cells_of_move[m]
                cover.update(cells)
                if shape_of(cells) == shape:
                    x0 = min(x for x, _ in cells)
                    y0 = min(y for _, y in cells)
                    spots.add((x0 + gx, y0 + gy))
            found = (frozenset(cover), frozenset(spots))
            self._fits[key] = found
        return found

    # --- words -------------------------------------------------------------------------------
    def describe_move(self, state, move) -> str:
        title = piece_title(self.geo.piece_of[move])
        # the squares it covers, as the rules write a move down
        where = self.spec.format_move(state, move)
        if self.two_each and state.colour is not None:
            return _("{colour} {piece} at {cells}").format(colour=self.words[state.colour],
                                                           piece=title, cells=where)
        return _("{piece} at {cells}").format(piece=title, cells=where)

    def hint_words(self, state, move) -> str:
        """The piece in words, the squares it covers, and which tray it is marked in."""
        colour = state.colour
        piece = PIECES[self.geo.piece_of[move]]
        where = self.spec.format_move(state, move)
        if colour is None:
            return _("{piece} at {cells}").format(piece=piece_words(piece.name), cells=where)
        if self.two_each:       # which of the player's two colours plays it
            if self.trays:
                return _("{colour}'s {piece} at {cells} - marked in the {colour} tray").format(
                    colour=self.words[colour], piece=piece_title(self.geo.piece_of[move]),
                    cells=where)
            return _("{colour}'s {piece} at {cells}").format(
                colour=self.words[colour], piece=piece_title(self.geo.piece_of[move]),
                cells=where)
        if self.trays:
            return _("{piece} at {cells} - marked in the {colour} tray").format(
                piece=piece_words(piece.name), cells=where, colour=self.words[colour])
        return _("{piece} at {cells}").format(piece=piece_words(piece.name), cells=where)

    def tray_hint(self) -> tuple | None:
        """(colour, piece) of the Hint button's move, marked in that colour's tray."""
        state = self.state
        if self.hint_move is None or state is None or state.colour is None:
            return None
        return state.colour, PIECES[self.geo.piece_of[self.hint_move]].name

    def prompt(self, state, name) -> str:
        colour = state.colour
        if colour is None:
            return _("The game is over.")
        cname = self.words[colour]
        who = seat_label(name, cname, side_first=True)
        if self.two_each:
            who = (_("{colour} ({name}'s first colour)") if colour < PLAYERS[self.variant]
                   else _("{colour} ({name}'s second colour)")).format(colour=cname,
                                                                       name=isolated(name))
        short = self.rect.width < 800
        if self.held == "1":
            return _("{who}: click an empty square outside the dark centre for the 1x1, or "
                     "arrows and Enter.").format(who=who)
        if self.held is not None:
            the = piece_words(self.held)
            if short:
                return _("{who}: place {piece}. Click, or arrows and Enter; R turns, F "
                         "flips, Esc puts it back.").format(who=who, piece=the)
            return _("{who}: click a square to place {piece}. Arrows and Enter do too; wheel or "
                     "R turns it, right-click or F flips it, Esc puts it back.").format(
                who=who, piece=the)
        if state.left[colour][0] > 1:
            if short:
                return _("{who}: pick a 1x1 (first two moves): click, or arrows and "
                         "Enter.").format(who=who)
            return _("{who}: pick a 1x1 from the {colour} tray - the first two moves are 1x1s, "
                     "off the dark centre (click it, or arrows and Enter).").format(
                who=who, colour=cname)
        if short:
            return _("{who}: pick a piece from the {colour} tray (click, or arrows and "
                     "Enter).").format(who=who, colour=cname)
        # H switches the marks: the words say what the next press does
        return (_("{who}: pick a piece from the {colour} tray: click it, or arrows and Enter "
                  "(H hides where pieces fit).") if self.overview else
                _("{who}: pick a piece from the {colour} tray: click it, or arrows and Enter "
                  "(H shows where pieces fit).")).format(who=who, colour=cname)

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        state = self.state
        if state is None:
            return
        board = self.board
        glow = state.colour if state.colour is not None and self.named_seats else None
        board.draw_table(surface, self.board_style(STYLES), glow)
        holding = self.held is not None and self.can_act()
        if holding and self.hints_on:
            cover, spots = self.fits()
            board.draw_hints(surface, cover, spots, state.colour, dots=self.held != "1")
        elif self.overview and self.held is None and self.can_act():
            board.draw_hints(surface, self.reach(), frozenset(), state.colour, dots=False)
        # a piece in flight is not on the board yet
        board.draw_pieces(surface, state.moves[:-1] if self.anim is not None else state.moves)
        board.draw_flash(surface)
        board.draw_marks(surface, self.marks)
        if self.hint_move is not None and state.colour is not None:
            board.draw_hint_move(surface, self.hint_move, state.colour)
        if self.anim is not None:
            board.draw_flight(surface, self.anim)
        if self.trays:
            titles = self._tray_titles()
            if titles != self.trays.titles:      # the language was changed during the game
                self.trays.titles = titles
                self.trays.fit(self.trays.column)
            self.trays.draw(surface, state, self.held, self.tray_hint())
        if holding:
            board.draw_held(surface, self.held, self.turn, state.colour, self.ghost_cells(),
                            self.ghost_problem is None, self.pointer)
        super().draw(surface)

    def draw_banners(self, surface) -> None:
        rect, self.rect = self.rect, self.board.frame   # banners sit over the board, not the trays
        try:
            super().draw_banners(surface)
        finally:
            self.rect = rect
