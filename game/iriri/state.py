"""The rules of Iriri: the state and its moves.

Part of ``game.iriri``, whose docstring describes the game and its modules.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import NamedTuple

from ..core import GameState, leader, rng_for, score_text
from ..errors import IllegalMoveError
from ..i18n import N_, _, ngettext, number
from .words import Word, dictionary, placements, touches, word_text, words_through

TYPES = ("Ys", "Ym", "Yl", "Bs", "Bm", "Bl")
#: The sides as files name them (English); ``side_names`` gives them in the language in use.
PLAYER_NAMES = (N_("Yellow"), N_("Blue"))
OWN_TYPES = (TYPES[:3], TYPES[3:])
PER_TYPE = 5
HAND_SIZE = 3
SIZE_ORDER = {"s": 0, "m": 1, "l": 2}

OPTIONS: dict = {}
OPTION_CHOICES: dict = {}



def side_names(variant=None) -> tuple:
    """What each player commands ("Yellow", "Blue"), in the language in use."""
    return tuple(_(name) for name in PLAYER_NAMES)


def colour_of(piece: str) -> int:
    """The player owning pieces of this type: 0 Yellow, 1 Blue."""
    return 0 if piece[0] == "Y" else 1


def sort_hand(pieces) -> tuple:
    return tuple(sorted(pieces, key=lambda t: SIZE_ORDER[t[1]]))


def cell_label(cell) -> str:
    return f"{cell[0]},{cell[1]}"


# --- moves ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Place:
    """Pieces put down this turn: ``((row, col, type), ...)`` in row, then column order."""
    pieces: tuple

    @property
    def cells(self) -> tuple:
        return tuple((r, c) for r, c, _ in self.pieces)


@dataclass(frozen=True, slots=True)
class Take:
    """Ring indices taken, ascending, as the ring stood before the take."""
    indices: tuple


@dataclass(frozen=True, slots=True)
class Pass:
    """No placement was possible."""


PASS = Pass()



class Takeable(NamedTuple):
    """What the player to move may take from the ring.

    ``indices``: own-colour ring indices any one of which may be taken;
    ``last``: own-colour indices holding the last ring piece of their type
    (never takeable); ``limits``: {type: most pieces of it one may take};
    ``need``: how many pieces a take move must hold for the current hand.
    """
    indices: tuple
    last: tuple
    limits: dict
    need: int


# --- the state --------------------------------------------------------------------------

class IririState(GameState):
    """An Iriri position.

    ``last`` describes the move that produced this state, for the board view
    (None for a position read from data):

    * ``player``: who moved; ``kind``: ``place``, ``take`` or ``pass``;
    * ``cells``: placed cells ``[(row, col), ...]`` and ``pieces``: their types;
    * ``words``: ``[{"cells", "types", "start", "step", "points"}]`` for every
      word the placement formed, with the ring run it matched (ring index of
      its first piece and the reading direction, +1 or -1);
    * ``points``: what the move scored (``3n + 0.5`` for the first word);
      ``first``: it was the first placement of the game;
    * ``taken``: ring indices taken (before the take) and ``taken_types``;
    * ``take_skipped``: the placement left nothing to take, so the turn passed;
    * ``game_over``: this move ended the game (a second pass in a row).
    """

    __slots__ = ("ring", "board", "hands", "halves", "mover", "phase", "passes",
                 "first_done", "seed", "last", "_table", "_key")

    def __init__(self, ring, board, hands, halves, mover, phase="place", passes=0,
                 first_done=False, seed=0, last=None):
        self.ring = ring
        self.board = board
        self.hands = hands
        self.halves = halves
        self.mover = mover
        self.phase = phase
        self.passes = passes
        self.first_done = first_done
        self.seed = seed
        self.last = last
        self._table = None
        self._key = None

    # --- the contract -------------------------------------------------
    def position(self) -> dict:
        return {
            "options": {},
            "ring": list(self.ring),
            "board": {cell_label(cell): self.board[cell] for cell in sorted(self.board)},
            "hands": [list(self.hands[0]), list(self.hands[1])],
            "scores": list(self.scores),
            "to_move": self.mover,
            "phase": self.phase,
            "passes": self.passes,
            "first_done": self.first_done,
            "seed": self.seed,
        }

    def key(self) -> tuple:
        """Everything the position holds, as one hashable value."""
        if self._key is None:
            self._key = (self.ring, tuple(sorted(self.board.items())), self.hands, self.halves,
                         self.mover, self.phase, self.passes, self.first_done, self.seed)
        return self._key

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    @property
    def to_move(self):
        return None if self.is_over else self.mover

    @property
    def is_over(self) -> bool:
        return self.passes >= 2

    @property
    def winner(self):
        return leader(self.scores) if self.is_over else None

    @property
    def scores(self) -> tuple:
        return tuple(h // 2 if h % 2 == 0 else h / 2 for h in self.halves)

    def describe_end(self, names=None):
        if not self.is_over:
            return None
        names = names or side_names()
        a, b = self.scores
        if a == b:
            return _("Both players passed in a row; the scores are level at {a} to {b}.").format(
                a=number(score_text(a)), b=number(score_text(b)))
        win = 0 if a > b else 1
        return _("Both players passed in a row; {name} wins {a} to {b}.").format(
            name=names[win], a=number(score_text(max(a, b))), b=number(score_text(min(a, b))))

    def legal_moves(self) -> list:
        if self.is_over:
            return []
        if self.phase == "take":
            return self._takes()
        table = self._placements()
        return list(table) if table else [PASS]

    def play(self, move) -> "IririState":
        if self.is_over:
            raise IllegalMoveError(_("the game is over"))
        if isinstance(move, Place):
            return self._play_place(move)
        if isinstance(move, Take):
            return self._play_take(move)
        if isinstance(move, Pass):
            if self.phase != "place":
                raise IllegalMoveError(_("a pass is only possible instead of a placement"))
            if self._placements():
                raise IllegalMoveError(_("you may pass only when no placement is possible"))
            passes = self.passes + 1
            last = _last(self.mover, "pass", game_over=passes >= 2)
            return IririState(self.ring, self.board, self.hands, self.halves, 1 - self.mover,
                              "place", passes, self.first_done, self.seed, last)
        raise IllegalMoveError(_("{move} is not an Iriri move").format(move=repr(move)))

    # --- placing -------------------------------------------------------------
    def _play_place(self, move: Place) -> "IririState":
        if self.phase != "place":
            raise IllegalMoveError(_("it is the take phase: take pieces from the ring"))
        try:
            halves = self._table.get(move) if self._table is not None else None
        except TypeError:  # a hand-made move holding lists
            raise IllegalMoveError(_("{move} is not an Iriri move").format(move=repr(move))) \
                from None
        if halves is None:
            problem, __, halves = self._assess(move.pieces)
            if problem:
                raise IllegalMoveError(problem)
        board = dict(self.board)
        for r, c, t in move.pieces:
            board[(r, c)] = t
        hand = list(self.hands[self.mover])
        for __, __, t in move.pieces:
            hand.remove(t)
        hand = tuple(hand)
        hands = (hand, self.hands[1]) if self.mover == 0 else (self.hands[0], hand)
        scores = list(self.halves)
        scores[self.mover] += halves
        need = take_need(self.ring, hand, self.mover)
        cells = move.cells
        found = dictionary(self.ring).find
        words = []
        for run in words_through(board, cells):
            types = tuple(board[cell] for cell in run)
            start, step = found(types)
            words.append({"cells": list(run), "types": list(types), "start": start,
                          "step": step, "points": len(run)})
        last = _last(self.mover, "place", cells=list(cells),
                     pieces=[t for _, _, t in move.pieces], words=words,
                     points=halves // 2 if halves % 2 == 0 else halves / 2,
                     first=not self.first_done, take_skipped=need == 0)
        mover, phase = (self.mover, "take") if need else (1 - self.mover, "place")
        return IririState(self.ring, board, hands, tuple(scores), mover, phase, 0, True,
                          self.seed, last)

    def _placements(self) -> dict:
        """{legal place move: half points it scores}, worked out once per state."""
        if self._table is None:
            if self.phase != "place" or self.is_over:
                return {}
            self._table = placements(self.board, self.ring, self.hands[self.mover], Place)
        return self._table

    def _assess(self, pieces) -> tuple:
        """(problem or None, words, half points) of putting ``pieces`` down now.

        The plain reading of the rules, one placement at a time: what the
        board view asks about, and the check behind ``play`` for a move the
        move list was not consulted for.
        """
        if self.is_over:
            return _("the game is over"), [], 0
        if self.phase != "place":
            return _("it is the take phase: take pieces from the ring"), [], 0
        if not isinstance(pieces, (tuple, list)) or not pieces:
            return _("place at least one piece"), [], 0
        for piece in pieces:
            if not (isinstance(piece, (tuple, list)) and len(piece) == 3
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in piece[:2])):
                return _("{piece} is not a piece placement (row, col, type)").format(
                    piece=repr(piece)), [], 0
        cells = [(r, c) for r, c, _ in pieces]
        if len(set(cells)) != len(cells):
            return _("two pieces on one cell"), [], 0
        hand = list(self.hands[self.mover])
        for r, c, t in pieces:
            if t not in TYPES:
                return _("{piece} is not a piece type").format(piece=repr(t)), [], 0
            if t not in hand:
                text = (_("{side} holds no more {piece}") if t in self.hands[self.mover]
                        else _("{side} holds no {piece}"))
                return text.format(side=side_names()[self.mover], piece=t), [], 0
            hand.remove(t)
        board = self.board
        for cell in cells:
            if cell in board:
                return _("cell {cell} is already taken").format(cell=cell_label(cell)), [], 0
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        if len(rows) > 1 and len(cols) > 1:
            return _("pieces must lie in one row or column"), [], 0
        ordered = sorted(cells)
        if len(cells) > 1:
            dr, dc = (0, 1) if len(rows) == 1 else (1, 0)
            r, c = ordered[0]
            placed = set(cells)
            while (r, c) != ordered[-1]:
                r, c = r + dr, c + dc
                if (r, c) not in board and (r, c) not in placed:
                    return _("gap between placed pieces"), [], 0
        if not board:
            if len(cells) < 2:
                return _("the first word needs at least 2 pieces"), [], 0
            if ordered[0] != (0, 0) or not (rows == {0} or cols == {0}):
                return _("first word must cover 0,0 and run right or down"), [], 0
        elif not any(touches(board, cell) for cell in cells):
            return _("must touch a piece already on the board"), [], 0
        words = self.words_for(pieces)
        for word in words:
            if not word.valid:
                return _("word {word} matches no run of the ring").format(
                    word=word_text(word.types)), words, 0
        if not board:
            return None, words, 6 * len(cells) + 1
        return None, words, 2 * sum(word.points for word in words)

    # --- taking ----------------------------------------------------------------
    def _takes(self) -> list:
        if self._table is None:
            info = self.takeable()
            ring = self.ring
            table = {}
            for combo in itertools.combinations(sorted(info.indices), info.need):
                counts: dict = {}
                for i in combo:
                    counts[ring[i]] = counts.get(ring[i], 0) + 1
                if all(n <= info.limits[t] for t, n in counts.items()):
                    table[Take(combo)] = 0
            self._table = table
        return list(self._table)

    def _play_take(self, move: Take) -> "IririState":
        if self.phase != "take":
            raise IllegalMoveError(_("it is the place phase: place pieces or pass"))
        self._takes()
        try:
            legal = move in self._table
        except TypeError:  # a hand-made move holding lists
            legal = False
        if not legal:
            raise IllegalMoveError(self.take_problem(move.indices)
                                   or _("that take is not allowed"))
        taken = set(move.indices)
        types = [self.ring[i] for i in move.indices]
        ring = tuple(t for i, t in enumerate(self.ring) if i not in taken)
        hand = sort_hand(self.hands[self.mover] + tuple(types))
        hands = (hand, self.hands[1]) if self.mover == 0 else (self.hands[0], hand)
        last = _last(self.mover, "take", taken=list(move.indices), taken_types=types)
        return IririState(ring, self.board, hands, self.halves, 1 - self.mover, "place", 0,
                          self.first_done, self.seed, last)

    # --- for the board view ----------------------------------------------------------
    def words_for(self, placement) -> list:
        """Every word ``placement`` (a Place or ``[(row, col, type), ...]``) would form,
        as ``Word``s, valid or not, the word along its own line first."""
        pieces = placement.pieces if isinstance(placement, Place) else placement
        board = dict(self.board)
        cells = []
        for r, c, t in pieces:
            board[(r, c)] = t
            cells.append((r, c))
        cells.sort()
        found = dictionary(self.ring).find
        words = []
        for run in words_through(board, cells):
            types = tuple(board[cell] for cell in run)
            words.append(Word(run, types, found(types), len(run)))
        return words

    def placement_problem(self, move) -> str | None:
        """Why ``move`` (a Place or a list of pieces) may not be played now, or None."""
        pieces = move.pieces if isinstance(move, Place) else tuple(move)
        return self._assess(pieces)[0]

    def placement_points(self, move) -> float | int | None:
        """What a legal placement would score, or None when it is not legal."""
        pieces = move.pieces if isinstance(move, Place) else tuple(move)
        problem, __, halves = self._assess(pieces)
        if problem:
            return None
        return halves // 2 if halves % 2 == 0 else halves / 2

    def takeable(self) -> Takeable:
        """What the player to move may take from the ring (see ``Takeable``)."""
        mover = self.mover
        counts: dict = {}
        for t in self.ring:
            if colour_of(t) == mover:
                counts[t] = counts.get(t, 0) + 1
        indices = tuple(i for i, t in enumerate(self.ring)
                        if colour_of(t) == mover and counts[t] > 1)
        last = tuple(i for i, t in enumerate(self.ring)
                     if colour_of(t) == mover and counts[t] == 1)
        limits = {t: counts.get(t, 0) - 1 if counts.get(t, 0) else 0 for t in OWN_TYPES[mover]}
        need = min(HAND_SIZE - len(self.hands[mover]), sum(limits.values()))
        return Takeable(indices, last, limits, max(need, 0))

    def take_problem(self, indices) -> str | None:
        """Why taking these ring indices is not allowed now, or None."""
        if self.is_over:
            return _("the game is over")
        if self.phase != "take":
            return _("it is the place phase: place pieces or pass")
        indices = list(indices)
        if len(set(map(repr, indices))) != len(indices):
            return _("a ring index is named twice")
        for i in indices:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self.ring):
                return ngettext("the ring has no index {index} (it holds {n} piece)",
                                "the ring has no index {index} (it holds {n} pieces)",
                                len(self.ring)).format(index=repr(i), n=number(len(self.ring)))
            if colour_of(self.ring[i]) != self.mover:
                return _("ring piece {index} ({piece}) is not {side}'s").format(
                    index=number(i), piece=self.ring[i], side=side_names()[self.mover])
        info = self.takeable()
        counts: dict = {}
        for i in indices:
            counts[self.ring[i]] = counts.get(self.ring[i], 0) + 1
        for t, n in counts.items():
            if n > info.limits[t]:
                if info.limits[t] == 0:
                    return _("ring piece {index} is the last {piece}: it must stay").format(
                        index=number(self.ring.index(t)), piece=t)
                return ngettext("only {n} {piece} may be taken: the last one must stay",
                                "only {n} {piece} may be taken: the last one must stay",
                                info.limits[t]).format(n=number(info.limits[t]), piece=t)
        if len(indices) != info.need:
            return ngettext("take exactly {n} piece", "take exactly {n} pieces",
                            info.need).format(n=number(info.need))
        return None


def take_need(ring, hand, player) -> int:
    """How many pieces ``player`` must take with ``hand``: up to 3 in hand, as many as allowed."""
    counts: dict = {}
    for t in ring:
        if colour_of(t) == player:
            counts[t] = counts.get(t, 0) + 1
    spare = sum(n - 1 for n in counts.values())
    return min(HAND_SIZE - len(hand), spare)


def _last(player, kind, cells=(), pieces=(), words=(), points=0, first=False, taken=(),
          taken_types=(), take_skipped=False, game_over=False) -> dict:
    return {"player": player, "kind": kind, "cells": list(cells), "pieces": list(pieces),
            "words": list(words), "points": points, "first": first, "taken": list(taken),
            "taken_types": list(taken_types), "take_skipped": take_skipped,
            "game_over": game_over}


# --- reading and writing ---------------------------------------------------------------

def start_ring(seed: int) -> tuple:
    """The shuffled ring of a new game: every piece but the three in each hand."""
    pieces = [t for t in TYPES for _ in range(PER_TYPE - 1)]
    rng_for(seed, 0).shuffle(pieces)
    return tuple(pieces)


