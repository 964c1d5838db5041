"""Calliro's board and chips: hex cells, labels, neighbours, arcs and chip codes.

Cells are axial ``(q, r)`` pairs, on the board when
``max(|q|, |r|, |q + r|) <= radius``; pointy-top layout with ``r`` growing
downwards.  ``DIRECTIONS`` lists the six neighbour steps in turning order, so
two directions ``k`` steps apart meet at ``60 * k`` degrees.  Labels: column
letter ``a + (q + radius)``, row number ``r + radius + 1`` (``e5`` is the
centre of the default board).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ..core import shown
from ..errors import InvalidMoveError
from ..i18n import N_, _, pgettext


#: The sides as files name them (English); ``side_names`` gives them in the language in use.
PLAYER_NAMES = (N_("Blue"), N_("Green"))
COLOURS = "OBG"
COLOUR_NAMES = ("orange", "blue", "green")
ORANGE, BLUE, GREEN = 0, 1, 2
WIN_POINTS = 11
CHIPS_PER_KIND = 10

OPTIONS = {"radius": 4, "triangle_arcs": False, "scorer_chooses_replacement": True,
           "idle_limit": 60}
OPTION_CHOICES = {"radius": (int, 2, 8), "triangle_arcs": bool,
                  "scorer_chooses_replacement": bool, "idle_limit": (int, 0, 10000)}

#: Neighbour steps in turning order (E, NE, NW, W, SW, SE on screen).
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Chip codes on the board: 0 empty, 1-6 playing chips (up, under) in KINDS
# order, 7 and 8 the score chips of player 0 and 1.
KINDS = ((ORANGE, BLUE), (ORANGE, GREEN), (BLUE, ORANGE), (BLUE, GREEN),
         (GREEN, ORANGE), (GREEN, BLUE))
EMPTY = 0
SCORE_CHIP = (7, 8)
UP = (-1, 0, 0, 1, 1, 2, 2, -1, -1)
UNDER = (-1, 1, 2, 0, 2, 0, 1, -1, -1)
FLIPPED = (0, 3, 5, 1, 6, 2, 4, 7, 8)
# A chip's pair of colours whatever side is up: 0 orange/blue, 1 orange/green, 2 blue/green.
PAIR = (-1, 0, 1, 0, 2, 1, 2, -1, -1)
PAIR_KINDS = ((0, 2), (1, 4), (3, 5))       # the two kind indices of each pair
UP_KINDS = ((0, 1), (2, 3), (4, 5))         # the kind indices with each up colour
PAIR_NAMES = ("orange/blue", "orange/green", "blue/green")
PAIR_COLOURS = ((ORANGE, BLUE), (ORANGE, GREEN), (BLUE, GREEN))
KIND_OF = {chip: k for k, chip in enumerate(KINDS)}

# Arcs by the 6-bit mask of a chip's orange neighbours (bit d: direction d).
_ARC_PAIRS_120 = tuple((d, (d + 2) % 6) for d in range(6))
_ARC_PAIRS_60 = tuple((d, (d + 1) % 6) for d in range(6))
ARC_120 = tuple(any(m >> a & 1 and m >> b & 1 for a, b in _ARC_PAIRS_120) for m in range(64))
ARC_ANY = tuple(ARC_120[m] or any(m >> a & 1 and m >> b & 1 for a, b in _ARC_PAIRS_60)
                for m in range(64))

#: Rule 2 as a refusal states it: ``action_problem`` gives it in the language in use, so
#: compare a problem with ``_(RULE_2)``.
RULE_2 = N_("Rule 2: blue and green would both score; an action after which chips of both "
            "players' colours sit in arcs is not allowed")


def side_names(variant=None) -> tuple:
    """What each player commands ("Blue", "Green"), in the language in use."""
    return tuple(_(name) for name in PLAYER_NAMES)


def pair_words(pair: int) -> str:
    """A chip's two colours (``PAIR`` 0, 1, 2: orange/blue, orange/green, blue/green) in the
    language in use."""
    # TRANSLATORS: a chip's two colours, as in "orange/blue chips"
    return _("{first}/{second}").format(first=colour_word(PAIR_COLOURS[pair][0]),
                                       second=colour_word(PAIR_COLOURS[pair][1]))


def colour_word(colour: int) -> str:
    """A chip's colour (ORANGE, BLUE, GREEN) as a word inside a sentence, in the language
    in use."""
    return (pgettext("chip colour", "orange"), pgettext("chip colour", "blue"),
            pgettext("chip colour", "green"))[colour]


class Move(NamedTuple):
    """One action.  ``action``: ``place`` (``up`` the up colour ``O``/``B``/``G``;
    ``under`` None to let the engine draw a chip of that up colour, or the
    underside asked for), ``flip`` or ``replace`` (the scorer's choice of the
    chip to become a score chip).  ``cell`` is ``(q, r)``."""
    action: str
    cell: tuple
    up: str | None = None
    under: str | None = None


def place(cell, up: str, under: str | None = None) -> Move:
    return Move("place", tuple(cell), up.upper(), under.upper() if under else None)


def flip(cell) -> Move:
    return Move("flip", tuple(cell))


def replace(cell) -> Move:
    return Move("replace", tuple(cell))


# --- geometry -----------------------------------------------------------------

def on_board(cell, radius: int) -> bool:
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) <= radius


def cells(radius: int = 4) -> list:
    """Every cell ``(q, r)`` of the board, row by row from the top, left to right."""
    return [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
            if abs(q + r) <= radius]


def cell_label(cell, radius: int = 4) -> str:
    q, r = cell
    return f"{chr(ord('a') + q + radius)}{r + radius + 1}"


def parse_cell(text: str, radius: int = 4) -> tuple:
    """``(q, r)`` of a label such as ``e5``; InvalidMoveError when it is not on the board."""
    m = re.fullmatch(r"\s*([a-zA-Z])([0-9]{1,2})\s*", text) if isinstance(text, str) else None
    if m:
        cell = (ord(m.group(1).lower()) - ord("a") - radius, int(m.group(2)) - radius - 1)
        if on_board(cell, radius):
            return cell
    raise InvalidMoveError(_("{text} is not a cell of the board (columns a-{last}, centre "
                             "{centre})").format(text=repr(text), last=chr(ord("a") + 2 * radius),
                                                 centre=cell_label((0, 0), radius)))


def neighbours(cell, radius: int = 4) -> list:
    """The on-board neighbours of ``cell`` in ``DIRECTIONS`` order."""
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS if on_board((q + dq, r + dr), radius)]


class Geometry:
    """Per-radius tables: cell indices, labels and neighbour indices (-1 off the board)."""

    def __init__(self, radius: int):
        self.radius = radius
        self.cells = cells(radius)
        self.size = len(self.cells)
        self.index = {c: i for i, c in enumerate(self.cells)}
        self.labels = [cell_label(c, radius) for c in self.cells]
        self.by_label = {label: i for i, label in enumerate(self.labels)}
        self.steps = tuple(tuple(self.index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS)
                           for q, r in self.cells)
        self.adjacent = tuple(tuple(j for j in row if j >= 0) for row in self.steps)
        # shared Move values, so move generation only picks them out
        self.place_moves = tuple(tuple(Move("place", c, up) for c in self.cells)
                                 for up in COLOURS)
        self.flip_moves = tuple(Move("flip", c) for c in self.cells)
        self.replace_moves = tuple(Move("replace", c) for c in self.cells)
        # for each neighbour pair, the two cells next to both (they flank the pair)
        self.flanks = {(i, j): tuple(k for k in self.adjacent[i] if k in self.adjacent[j])
                       for i in range(self.size) for j in self.adjacent[i]}

    def rule_3_chips(self, board, scorers) -> set:
        """Scoring chips that lie side by side with another scoring chip between the
        same two orange chips (Rule 3): each such pair scores 2 and both become score
        chips, with no choice.  ``board`` is the board after the action."""
        chosen = set()
        for i in scorers:
            for j in scorers:
                if (i, j) in self.flanks and UP[board[i]] == UP[board[j]]:
                    flank = self.flanks[(i, j)]
                    if len(flank) == 2 and all(UP[board[k]] == ORANGE for k in flank):
                        chosen.update((i, j))
        return chosen


@lru_cache(maxsize=None)
def geometry(radius: int) -> Geometry:
    return Geometry(radius)


def chip_text(code: int) -> str | None:
    """``"O/b"`` (up colour, underside), ``"S0"``/``"S1"`` for score chips, None when empty."""
    if code == EMPTY:
        return None
    if code >= SCORE_CHIP[0]:
        return f"S{code - SCORE_CHIP[0]}"
    up, under = KINDS[code - 1]
    return f"{COLOURS[up]}/{COLOURS[under].lower()}"


def parse_chip(text) -> int:
    if isinstance(text, str):
        t = text.strip().upper()
        if t in ("S0", "S1"):
            return SCORE_CHIP[int(t[1])]
        m = re.fullmatch(r"([OBG])/([OBG])", t)
        if m and m.group(1) != m.group(2):
            return KIND_OF[(COLOURS.index(m.group(1)), COLOURS.index(m.group(2)))] + 1
    raise ValueError(_("{text} is not a chip: write the up colour and the underside like "
                       "'O/b', or 'S0'/'S1' for a score chip").format(text=shown(text)))


def _random_sides(pair_counts, rng) -> list:
    """Repository counts per kind after turning each chip of each pair a random side up."""
    repo = [0] * 6
    for pair, count in enumerate(pair_counts):
        first = sum(rng.random() < 0.5 for _ in range(count))
        a, b = PAIR_KINDS[pair]
        repo[a] += first
        repo[b] += count - first
    return repo


# --- the state ------------------------------------------------------------------
