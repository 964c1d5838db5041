"""Callisto: Pentobi's polyomino game on an octagonal board.

Each colour places its 21 pieces one at a time.  The first two pieces of a
colour are 1x1s, which go on any empty cell outside the centre; every larger
piece must share an edge with its own colour (other colours may be touched).
A colour that cannot move is skipped, and the game ends when no colour can
move.  A colour scores the squares it covers with pieces other than 1x1s; a
player's score is the sum of their colours, and a tie for the top goes to the
tied player who started later (in ``callisto_2_4``, Yellow/Green).

Move text follows Pentobi: the covered cells, column letter from the left,
row number from the bottom, in order of rows from the bottom, then columns.
A move value is an ``int`` placement id (see ``board``).
"""

from __future__ import annotations

import re

from ..core import Fields, GameSpec, GameState, shown
from ..i18n import N_, _, listed, ngettext, number, pgettext
from ..errors import IllegalMoveError, InvalidMoveError
from .board import (BOARD_SHAPE, COLOURS, FULL_SET, ONE, PIECE_INDEX, PIECES, PLAYERS, SIZES,
                    VARIANTS, Geometry, Piece, board_cells, ids_in, board_size, cell_label, centre_cells,
                    colour_names, colours_of_player, find_move, geometry, move_cells,
                    move_for_cells, move_piece, orientation, parse_cell, piece_title, piece_words,
                    player_names, player_of_colour, colour_words, side_names)

__all__ = [
    "SPEC", "CallistoState", "VARIANTS", "BOARD_SHAPE", "COLOURS", "PLAYERS", "PIECES",
    "PIECE_INDEX", "Piece", "Geometry", "geometry", "board_size", "board_cells", "centre_cells",
    "cell_label", "parse_cell", "colour_names", "player_names", "player_of_colour",
    "colours_of_player", "orientation", "find_move", "move_for_cells", "move_cells", "move_piece",
    "piece_words", "piece_title", "colour_words", "side_names",
]

VARIANT_TITLES = {
    "callisto_2": N_("Callisto: two colours"),
    "callisto_3": N_("Callisto: three colours"),
    "callisto": N_("Callisto: four colours"),
    "callisto_2_4": N_("Callisto: four colours, two each"),
}


class CallistoState(GameState):
    """A Callisto position: the moves so far, and the board they built.

    ``colour`` is the colour to move (None once the game is over) and
    ``to_move`` the player owning it.  ``moves`` is a tuple of
    ``(colour, placement id)``.  ``board`` maps each covered cell to its
    colour; ``colour_scores`` holds the points of each colour; ``out`` is the
    bit set of colours that can no longer move.

    ``last`` describes the move that produced this state, for the board view:
    ``colour``, ``player``, ``move`` (placement id), ``piece`` (name),
    ``cells`` (covered cells), ``points`` (squares scored: 0 for a 1x1),
    ``skipped`` (colours then passed over because they could not move, in
    turn order; empty when the game ended), ``out`` (colours found unable to
    move for the first time, which stays so for the rest of the game) and
    ``over``.  ``last`` is None at the start; a position read from data
    replays its moves, so it describes the final one.
    """

    __slots__ = ("_variant", "geo", "moves", "colour", "owned", "occupied", "rims", "left",
                 "colour_scores", "out", "last", "_legal", "_board", "_free", "_touch",
                 "_allowed")

    def __init__(self, variant: str):
        n = COLOURS[variant]
        self._variant = variant
        self.geo = geometry(variant)
        self.moves = ()
        self.colour = 0
        self.owned = (0,) * n
        self.occupied = 0
        self.rims = (0,) * n
        self.left = (FULL_SET,) * n
        self.colour_scores = (0,) * n
        self.out = 0            # bit set of colours that can no longer move
        self.last = None
        self._legal = None
        self._board = None
        # Legal placements (1x1s aside) kept up to date move by move, as sets of
        # placement ids (``Geometry.covering_ids``): those free of every covered
        # cell, those touching each colour, those of pieces each colour holds.
        self._free = self.geo.all_ids
        self._touch = (0,) * n
        self._allowed = (self.geo.all_ids,) * n

    # --- the contract -------------------------------------------------
    @property
    def variant(self) -> str:
        return self._variant

    def position(self) -> dict:
        text = self.geo.text_of
        return {
            "variant": self._variant,
            "options": {},
            "moves": [[c, text[m]] for c, m in self.moves],
            "to_move": self.to_move,
            "colour": self.colour,
            "scores": list(self.scores),
        }

    @property
    def to_move(self):
        return None if self.colour is None else self.colour % PLAYERS[self._variant]

    @property
    def is_over(self) -> bool:
        return self.colour is None

    def legal_moves(self) -> list:
        if self._legal is None:
            self._legal = [] if self.colour is None else self._generate(self.colour)
        return list(self._legal)

    def play(self, move) -> "CallistoState":
        colour = self.colour
        if colour is None:
            raise IllegalMoveError(_("the game is over"))
        if isinstance(move, bool) or not isinstance(move, int) \
                or not 0 <= move < self.geo.placements:
            raise IllegalMoveError(_("{move} is not a placement on this board").format(
                move=repr(move)))
        problem = self._problem(colour, move)
        if problem:
            raise IllegalMoveError(problem)
        return self._after(colour, move)

    @property
    def scores(self) -> tuple:
        players = PLAYERS[self._variant]
        if players == len(self.colour_scores):
            return self.colour_scores
        totals = [0] * players
        for c, points in enumerate(self.colour_scores):
            totals[c % players] += points
        return tuple(totals)

    @property
    def winner(self):
        """The top scorer; among tied top scorers, the one who started later."""
        if self.colour is not None:
            return None
        scores = self.scores
        best = max(scores)
        return max(p for p, s in enumerate(scores) if s == best)

    def describe_end(self, names=None):
        if self.colour is not None:
            return None
        names = names or side_names(self._variant)
        scores = self.scores
        best = max(scores)
        top = [p for p, s in enumerate(scores) if s == best]
        if len(top) == 1:
            # TRANSLATORS: one of the players behind the winner: "Yellow with 12"
            others = pgettext("list", ", ").join(
                _("{name} with {points}").format(name=names[p], points=number(s))
                for p, s in enumerate(scores) if p != top[0])
            return _("No colour can move. {name} wins with {points}, ahead of {others}.").format(
                name=names[top[0]], points=number(best), others=others)
        return _("No colour can move. {names} tie on {points}; {last} started later and wins "
                 "the tie.").format(names=listed(names[p] for p in top), points=number(best),
                                    last=names[top[-1]])

    def __eq__(self, other) -> bool:
        return (type(other) is type(self) and self._variant == other._variant
                and self.moves == other.moves)

    def __hash__(self) -> int:
        return hash((self._variant, self.moves))

    # --- Callisto's extras ------------------------------------------------
    @property
    def board(self) -> dict:
        """{cell: colour} of every covered cell."""
        if self._board is None:
            board = {}
            for c, owned in enumerate(self.owned):
                for cell in self.geo.cells_in(owned):
                    board[cell] = c
            self._board = board
        return self._board

    def colour_at(self, cell) -> int | None:
        if not self.geo.on_board(cell):
            return None
        bit = 1 << self.geo.index(cell)
        for c, owned in enumerate(self.owned):
            if owned & bit:
                return c
        return None

    def pieces_left(self, colour: int) -> dict:
        """{piece name: pieces of that kind ``colour`` still holds}, zeros included."""
        return {p.name: n for p, n in zip(PIECES, self.left[colour])}

    def can_move(self, colour: int) -> bool:
        """Whether ``colour`` has any legal placement now (whoever is to move)."""
        return not self.out >> colour & 1 and self._has_moves(colour)

    def playable_pieces(self) -> set:
        """Names of the pieces the colour to move can place somewhere now."""
        piece_of = self.geo.piece_of
        return {PIECES[piece_of[m]].name for m in self.legal_moves()}

    def move_cells(self, move: int) -> tuple:
        return self.geo.cells_of_move[move]

    def move_piece(self, move: int) -> str:
        return PIECES[self.geo.piece_of[move]].name

    def placement_problem(self, cells, colour: int | None = None) -> str | None:
        """Why the colour to move (or ``colour``) may not cover ``cells`` now;
        None when it may.  ``cells`` is an iterable of ``(x, y)`` or a placement id."""
        colour = self.colour if colour is None else colour
        if colour is None:
            return _("the game is over")
        if isinstance(cells, int) and not isinstance(cells, bool):
            if not 0 <= cells < self.geo.placements:
                return _("not a placement on this board")
            return self._problem(colour, cells)
        cells = list(cells)
        if not all(self.geo.on_board(c) for c in cells):
            return _("a piece must lie wholly on the board")
        mask = self.geo.mask_for(cells)
        move = None if mask is None else self.geo.by_mask.get(mask)
        if move is None:
            return _("the squares must form one of the Callisto pieces")
        return self._problem(colour, move)

    # --- the rules ----------------------------------------------------------
    def _problem(self, colour: int, move: int) -> str | None:
        """Why ``colour`` may not play ``move``, stated as the rule it breaks (a player
        reads it after "Not allowed here: "); None when it may."""
        geo = self.geo
        k = geo.piece_of[move]
        mask = geo.mask_of[move]
        left = self.left[colour]
        if not left[k]:
            count = PIECES[k].count
            return ngettext("no {piece} left: each colour has only one",
                            "no {piece} left: each colour has only {n}", count).format(
                piece=piece_title(k), n=number(count))
        if k != ONE and left[ONE] > 1:
            return _("a colour's first two moves must be 1x1s")
        if mask & self.occupied:
            taken = [geo.label(c) for c in geo.cells_in(mask & self.occupied)]
            return ngettext("a piece may only cover empty squares ({cells} is taken)",
                            "a piece may only cover empty squares ({cells} are taken)",
                            len(taken)).format(cells=", ".join(taken))
        if k == ONE:
            return _("the 1x1 may not be put in the centre") if mask & geo.centre else None
        if not mask & self.rims[colour]:
            return _("a piece larger than a 1x1 must share an edge with its own colour")
        return None

    def _generate(self, colour: int) -> list:
        left = self.left[colour]
        moves = []
        if left[ONE]:
            moves = self._ones()
            if left[ONE] > 1:
                return moves
        return moves + ids_in(self._free & self._touch[colour] & self._allowed[colour])

    def _ones(self) -> list:
        """The 1x1 placements on free cells outside the centre (a colour's first two moves)."""
        free = self.geo.outside_centre & ~self.occupied
        one_at = self.geo.one_at
        moves = []
        while free:
            low = free & -free
            moves.append(one_at[low.bit_length() - 1])
            free ^= low
        return moves

    def _has_moves(self, colour: int) -> bool:
        if self.left[colour][ONE]:
            return bool(self.geo.outside_centre & ~self.occupied)
        return bool(self._free & self._touch[colour] & self._allowed[colour])

    def _generate_by_cells(self, colour: int) -> list:
        """The legal moves found afresh from the board (the tests' reference)."""
        geo = self.geo
        occupied = self.occupied
        left = self.left[colour]
        moves = []
        if left[ONE]:
            moves = self._ones()
            if left[ONE] > 1:
                return moves
        pieces = [k for k in range(1, len(PIECES)) if left[k]]
        attach = self.rims[colour] & ~occupied
        found = []
        by_cell = geo.by_cell
        while attach:
            low = attach & -attach
            attach ^= low
            at = by_cell[low.bit_length() - 1]
            for k in pieces:
                found += [m for mask, m in at[k] if not mask & occupied]
        moves += sorted(set(found))
        return moves

    def _has_moves_by_cells(self, colour: int) -> bool:
        geo = self.geo
        occupied = self.occupied
        left = self.left[colour]
        if left[ONE]:
            return bool(geo.outside_centre & ~occupied)
        pieces = [k for k in range(1, len(PIECES)) if left[k]]
        attach = self.rims[colour] & ~occupied
        by_cell = geo.by_cell
        while attach:
            low = attach & -attach
            attach ^= low
            at = by_cell[low.bit_length() - 1]
            for k in pieces:
                for mask, _ in at[k]:
                    if not mask & occupied:
                        return True
        return False

    def _after(self, colour: int, move: int) -> "CallistoState":
        geo = self.geo
        k = geo.piece_of[move]
        mask = geo.mask_of[move]
        new = object.__new__(CallistoState)
        new._variant = self._variant
        new.geo = geo
        new.moves = self.moves + ((colour, move),)
        owned = list(self.owned)
        owned[colour] |= mask
        new.owned = tuple(owned)
        new.occupied = self.occupied | mask
        rims = list(self.rims)
        grown = geo.rim_of[move] & ~rims[colour] & ~new.occupied
        rims[colour] |= geo.rim_of[move]
        new.rims = tuple(rims)
        left = list(self.left)
        row = list(left[colour])
        row[k] -= 1
        left[colour] = tuple(row)
        new.left = tuple(left)
        covering = geo.covering_ids
        free = self._free
        bits = mask
        while bits:
            low = bits & -bits
            free &= ~covering[low.bit_length() - 1]
            bits ^= low
        new._free = free
        touch = self._touch
        if grown:
            reach = touch[colour]
            while grown:
                low = grown & -grown
                reach |= covering[low.bit_length() - 1]
                grown ^= low
            touch = touch[:colour] + (reach,) + touch[colour + 1:]
        new._touch = touch
        allowed = self._allowed
        if not row[k] and k != ONE:
            allowed = allowed[:colour] + (allowed[colour] & ~geo.piece_ids[k],) \
                + allowed[colour + 1:]
        new._allowed = allowed
        points = 0 if k == ONE else SIZES[k]
        if points:
            scores = list(self.colour_scores)
            scores[colour] += points
            new.colour_scores = tuple(scores)
        else:
            new.colour_scores = self.colour_scores
        new._legal = None
        new._board = None
        # Pass the turn on, skipping every colour that cannot move.  A colour
        # that cannot move never can again (the board only fills up), so it
        # is remembered in ``out`` and not searched again.
        n = len(owned)
        out = self.out
        skipped, newly_out = [], []
        nxt = None
        for step in range(1, n + 1):
            c = (colour + step) % n
            if not out >> c & 1:
                if new._has_moves(c):
                    nxt = c
                    break
                out |= 1 << c
                newly_out.append(c)
            skipped.append(c)
        new.out = out
        new.colour = nxt
        new.last = {
            "colour": colour,
            "player": colour % PLAYERS[self._variant],
            "move": move,
            "piece": PIECES[k].name,
            "cells": list(geo.cells_of_move[move]),
            "points": points,
            "skipped": skipped if nxt is not None else [],
            "out": newly_out,
            "over": nxt is None,
        }
        return new


# --- reading and writing ------------------------------------------------------

def _new(variant: str, seed=None, options=None) -> CallistoState:
    return CallistoState(variant)


POSITION_FIELDS = ("variant", "options", "moves", "to_move", "colour", "scores")


def _from_position(data: dict) -> CallistoState:
    f = Fields.of_position(data, POSITION_FIELDS)
    variant = f.text("variant", VARIANTS, default=VARIANTS[0])
    f.options(SPEC)
    moves = f.list("moves", default=[])
    state = CallistoState(variant)
    names = colour_names(variant)
    for i, entry in enumerate(moves):
        key = f"moves[{i}]"
        if not isinstance(entry, list) or len(entry) != 2:
            raise f.bad(key, _("must be [colour index, move text]"))
        colour, text = entry
        f.whole(colour, f"{key}[0]", 0, len(names) - 1)
        if not isinstance(text, str):
            raise f.bad(key, _("must give the move as text"))
        if state.colour is None:
            raise f.bad(key, _("comes after the end of the game"))
        if colour != state.colour:
            words = colour_words(variant)
            raise f.bad(key, _("is a move of {colour} (colour {n}), but {mover} (colour {m}) is "
                               "to move").format(colour=words[colour], n=colour,
                                                 mover=words[state.colour], m=state.colour))
        try:
            state = state.play(_parse(state, text))
        except ValueError as exc:
            raise f.bad(key, _("{text} is illegal: {problem}").format(
                text=shown(text), problem=exc)) from None
    f.derived("to_move", state.to_move, _("must be {value} after these moves").format(
        value=state.to_move))
    f.derived("colour", state.colour, _("must be {value} after these moves").format(
        value=state.colour))
    f.derived("scores", state.scores, _("must be {value} after these moves").format(
        value=list(state.scores)))
    return state


def _parse(state: CallistoState, text: str) -> int:
    geo = state.geo
    words = [w for w in re.split(r"[,\s]+", text.strip()) if w]
    if not words:
        raise InvalidMoveError(_("{text} is not a Callisto move: give the covered cells "
                                 "separated by commas, like f7 or i8,j8,i9").format(
                                     text=shown(text)))
    mask = 0
    for word in words:
        bit = 1 << geo.index(geo.parse_cell(word))
        if mask & bit:
            raise InvalidMoveError(_("cell {cell} is given twice in {text}").format(
                cell=word.lower(), text=shown(text)))
        mask |= bit
    move = geo.by_mask.get(mask)
    if move is None:
        raise InvalidMoveError(_("{text} does not form one of the Callisto pieces").format(
            text=shown(text)))
    return move


def _format(state: CallistoState, move: int) -> str:
    return state.geo.text_of[move]


SPEC = GameSpec(
    name="callisto",
    title="Callisto",
    blurb=N_("Lay polyominoes on an octagon, each touching your own colour; "
             "cover the most squares."),
    variants=VARIANTS,
    player_counts=dict(PLAYERS),
    options={},
    option_choices={},
    make_new=_new,
    make_from_position=_from_position,
    parse=_parse,
    format=_format,
    variant_titles=dict(VARIANT_TITLES),
    no_draw=N_("equal scores go to the player who started later"),
)
CallistoState.spec = SPEC
