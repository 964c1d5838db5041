"""Callisto's board and pieces: the octagon, its centre, the 21 pieces and
every placement of every piece, with the look-ups a board view needs.

Cells are ``(x, y)`` with ``y = 0`` the top row, as a board view draws them.
Labels follow Pentobi: column letter from the left, row number from the
bottom, so the bottom-left square of the bounding square is ``a1``.

A placement (one piece in one orientation at one place) has an ``int`` id,
fixed per board size; a move of the game is such an id.  Everything here is
built once per board size, on first use, because a search asks for legal
moves thousands of times.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..core import shown
from ..errors import InvalidMoveError
from ..i18n import N_, _, number


VARIANTS = ("callisto_2", "callisto_3", "callisto", "callisto_2_4")
#: Board side ``S`` and top edge ``E`` of the octagon, per variant.
BOARD_SHAPE = {"callisto_2": (16, 2), "callisto_3": (20, 2), "callisto": (20, 6),
               "callisto_2_4": (20, 6)}
COLOURS = {"callisto_2": 2, "callisto_3": 3, "callisto": 4, "callisto_2_4": 4}
PLAYERS = {"callisto_2": 2, "callisto_3": 3, "callisto": 4, "callisto_2_4": 2}
#: The colours as files and records name them (English); ``colour_words`` gives them in
#: the language in use.
FOUR_COLOUR_NAMES = (N_("Blue"), N_("Yellow"), N_("Red"), N_("Green"))
TWO_COLOUR_NAMES = (N_("Blue"), N_("Green"))


class Piece(NamedTuple):
    """One kind of piece: ``shape`` is its cells ``(dx, dy)``, y downwards."""
    name: str
    title: str
    count: int
    shape: tuple


#: The 12 kinds of piece, 21 pieces per colour.  Index 0 is the 1x1.  ``name`` is
#: Pentobi's short name (as moves and files use it), ``title`` the piece in words, as
#: the rules and every screen name it to a player (see ``piece_words``).
PIECES = (
    Piece("1", N_("1x1"), 3, ((0, 0),)),
    Piece("2", N_("domino"), 2, ((0, 0), (1, 0))),
    Piece("I3", N_("I tromino"), 2, ((0, 0), (0, 1), (0, 2))),
    Piece("V3", N_("V tromino"), 2, ((0, 0), (0, 1), (1, 1))),
    Piece("O", N_("2x2 square"), 2, ((0, 0), (1, 0), (0, 1), (1, 1))),
    Piece("Z4", N_("Z tetromino"), 2, ((0, 0), (1, 0), (1, 1), (2, 1))),
    Piece("T4", N_("T tetromino"), 2, ((0, 0), (1, 0), (2, 0), (1, 1))),
    Piece("L4", N_("L tetromino"), 2, ((0, 0), (0, 1), (0, 2), (1, 2))),
    Piece("U", N_("U pentomino"), 1, ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1))),
    Piece("T5", N_("T pentomino"), 1, ((0, 0), (1, 0), (2, 0), (1, 1), (1, 2))),
    Piece("X", N_("X pentomino"), 1, ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2))),
    Piece("W", N_("W pentomino"), 1, ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2))),
)
#: Each piece with its article, as ``piece_words`` names it to a player.
THE_PIECES = (N_("the 1x1"), N_("the domino"), N_("the I tromino"), N_("the V tromino"),
              N_("the 2x2 square"), N_("the Z tetromino"), N_("the T tetromino"),
              N_("the L tetromino"), N_("the U pentomino"), N_("the T pentomino"),
              N_("the X pentomino"), N_("the W pentomino"))
ONE = 0
PIECE_INDEX = {p.name: i for i, p in enumerate(PIECES)}
FULL_SET = tuple(p.count for p in PIECES)
SIZES = tuple(len(p.shape) for p in PIECES)


def piece_words(piece: str) -> str:
    """A piece named for a player, in the words the rules use: ``"L4"`` -> ``"the L
    tetromino"``, ``"1"`` -> ``"the 1x1"``, ``"O"`` -> ``"the 2x2 square"``.  Every
    variant plays the same 12 kinds, so one table names them all."""
    if piece not in PIECE_INDEX:
        raise ValueError(f"unknown piece {piece!r}")
    return _(THE_PIECES[PIECE_INDEX[piece]])


def piece_title(k: int) -> str:
    """Piece kind ``k``'s title ("domino") in the language in use."""
    return _(PIECES[k].title)


def orientation(piece: str, turn: int) -> tuple:
    """The cells of ``piece`` in orientation ``turn`` (0-7), top-left at (0, 0).

    Orientations 0-3 turn the default shape clockwise by quarter turns;
    4-7 do the same to its mirror image.  Symmetric pieces repeat shapes.
    """
    if piece not in PIECE_INDEX:
        raise ValueError(f"unknown piece {piece!r}")
    if not 0 <= turn < 8:
        raise ValueError(f"orientation must be 0-7, not {turn!r}")
    cells = PIECES[PIECE_INDEX[piece]].shape
    if turn >= 4:
        cells = [(-x, y) for x, y in cells]
    for _ in range(turn % 4):
        cells = [(-y, x) for x, y in cells]
    low_x = min(x for x, _ in cells)
    low_y = min(y for _, y in cells)
    return tuple(sorted(((x - low_x, y - low_y) for x, y in cells), key=lambda c: (c[1], c[0])))


def _on_octagon(x: int, y: int, size: int, edge: int) -> bool:
    dy = min(y, size - 1 - y)
    margin = max(0, (size - edge) // 2 - dy)
    return margin <= x <= size - 1 - margin


class Geometry:
    """One board size: its cells, its centre and every placement of every piece.

    Built once per board size (see ``geometry``), because a search asks for
    legal moves thousands of times: placements are indexed by the cells they
    cover, and every set of cells is a Python int used as a bit set
    (bit ``y * size + x``).
    """

    def __init__(self, size: int, edge: int):
        self.size = size
        self.edge = edge
        self.cells = tuple((x, y) for y in range(size) for x in range(size)
                           if _on_octagon(x, y, size, edge))
        self.mask = 0
        for x, y in self.cells:
            self.mask |= 1 << (y * size + x)
        low = size // 2 - 3
        self.centre_cells = tuple((x, y) for x, y in self.cells
                                  if low <= x < low + 6 and low <= y < low + 6
                                  and _on_octagon(x - low, y - low, 6, 2))
        self.centre = 0
        for x, y in self.centre_cells:
            self.centre |= 1 << (y * size + x)
        self.outside_centre = self.mask & ~self.centre
        self._build_placements()
        self._build_id_sets()

    # --- cells ------------------------------------------------------------
    def index(self, cell) -> int:
        x, y = cell
        return y * self.size + x

    def cell(self, index: int) -> tuple:
        return (index % self.size, index // self.size)

    def on_board(self, cell) -> bool:
        x, y = cell
        return 0 <= x < self.size and 0 <= y < self.size and _on_octagon(x, y, self.size, self.edge)

    def label(self, cell) -> str:
        x, y = cell
        return f"{chr(ord('a') + x)}{self.size - y}"

    def parse_cell(self, text: str) -> tuple:
        """``(x, y)`` of a label such as ``f7``; InvalidMoveError when it is not on the board."""
        word = text.strip().lower()
        match = re.fullmatch(r"([a-z])([0-9]{1,2})", word)
        if not match:
            raise InvalidMoveError(_("{text} is not a cell: write a column letter and a row "
                                     "number, like f7").format(text=shown(text)))
        x = ord(match.group(1)) - ord("a")
        row = int(match.group(2))
        last = chr(ord("a") + self.size - 1)
        if x >= self.size or not 1 <= row <= self.size:
            raise InvalidMoveError(_("{text} is outside the board (columns a-{last}, rows "
                                     "1-{size})").format(text=shown(text), last=last,
                                                          size=number(self.size)))
        cell = (x, self.size - row)
        if not self.on_board(cell):
            raise InvalidMoveError(_("{text} is off the board (a cut-off corner)").format(
                text=shown(text)))
        return cell

    def cells_in(self, mask: int) -> list:
        out = []
        while mask:
            low = mask & -mask
            out.append(self.cell(low.bit_length() - 1))
            mask ^= low
        return out

    # --- placements ---------------------------------------------------------
    def _build_placements(self):
        size = self.size
        self.piece_of = []      # placement id -> piece index
        self.mask_of = []       # placement id -> covered cells (bit set)
        self.rim_of = []        # placement id -> on-board cells sharing an edge with it
        self.cells_of_move = []  # placement id -> covered cells in notation order
        self.text_of = []       # placement id -> move text
        self.by_mask = {}
        self.one_at = {}        # cell index -> the 1x1 placement there
        # by_cell[i][k]: (mask, id) of every placement of piece k covering cell i
        self.by_cell = [[[] for _ in PIECES] for _ in range(size * size)]
        for k, piece in enumerate(PIECES):
            shapes = []
            for turn in range(8):
                shape = orientation(piece.name, turn)
                if shape not in shapes:
                    shapes.append(shape)
            for shape in shapes:
                width = max(x for x, _ in shape) + 1
                height = max(y for _, y in shape) + 1
                for ay in range(size - height + 1):
                    for ax in range(size - width + 1):
                        cells = [(ax + dx, ay + dy) for dx, dy in shape]
                        mask = 0
                        for x, y in cells:
                            mask |= 1 << (y * size + x)
                        if mask & ~self.mask:
                            continue
                        self._add(k, cells, mask)

    def _add(self, k: int, cells: list, mask: int):
        size = self.size
        pid = len(self.mask_of)
        rim = 0
        for x, y in cells:
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if 0 <= nx < size and 0 <= ny < size:
                    rim |= 1 << (ny * size + nx)
        ordered = tuple(sorted(cells, key=lambda c: (-c[1], c[0])))
        self.piece_of.append(k)
        self.mask_of.append(mask)
        self.rim_of.append(rim & self.mask & ~mask)
        self.cells_of_move.append(ordered)
        self.text_of.append(",".join(self.label(c) for c in ordered))
        self.by_mask[mask] = pid
        for x, y in cells:
            self.by_cell[y * size + x][k].append((mask, pid))
        if k == ONE:
            self.one_at[self.index(cells[0])] = pid

    def _build_id_sets(self):
        """Sets of placement ids as Python ints (bit ``id``), for legal moves kept
        up to date move by move: a colour's legal placements (other than 1x1s)
        are those free of every covered cell, touching its colour, of a piece it
        still holds; each is an AND of three such sets."""
        covering = [[] for _ in range(self.size * self.size)]
        by_piece = [[] for _ in PIECES]
        for pid, (k, mask) in enumerate(zip(self.piece_of, self.mask_of)):
            if k == ONE:
                continue
            by_piece[k].append(pid)
            while mask:
                low = mask & -mask
                covering[low.bit_length() - 1].append(pid)
                mask ^= low
        #: cell index -> ids of the placements (1x1s aside) covering that cell
        self.covering_ids = [_id_set(ids) for ids in covering]
        #: piece index -> ids of its placements (0 for the 1x1)
        self.piece_ids = [_id_set(ids) for ids in by_piece]
        self.all_ids = 0
        for ids in self.piece_ids:
            self.all_ids |= ids

    @property
    def placements(self) -> int:
        return len(self.mask_of)

    def mask_for(self, cells) -> int | None:
        """Bit set of ``cells``, or None when one is off the board or repeated."""
        mask = 0
        for cell in cells:
            if not self.on_board(cell):
                return None
            bit = 1 << self.index(cell)
            if mask & bit:
                return None
            mask |= bit
        return mask


def _id_set(ids) -> int:
    bits = 0
    for i in ids:
        bits |= 1 << i
    return bits


_ONE_BIT = re.compile("1")


def ids_in(bits: int) -> list:
    """The ids in a set of placement ids, ascending."""
    return [m.start() for m in _ONE_BIT.finditer(bin(bits)[:1:-1])]


_GEOMETRIES: dict = {}


def check_variant(variant: str | None) -> str:
    if variant is None:
        return VARIANTS[0]
    if variant not in BOARD_SHAPE:
        raise ValueError(f"unknown Callisto variant {variant!r}; choose one of "
                         f"{', '.join(VARIANTS)}")
    return variant


def geometry(variant: str | None) -> Geometry:
    """The (cached) geometry of ``variant``'s board."""
    shape = BOARD_SHAPE[check_variant(variant)]
    if shape not in _GEOMETRIES:
        _GEOMETRIES[shape] = Geometry(*shape)
    return _GEOMETRIES[shape]


# --- helpers for board views --------------------------------------------------

def board_size(variant: str | None = None) -> int:
    return geometry(variant).size


def board_cells(variant: str | None = None) -> tuple:
    """Every cell ``(x, y)`` of the board, row by row from the top."""
    return geometry(variant).cells


def centre_cells(variant: str | None = None) -> tuple:
    """The 24 centre cells, where no 1x1 may go."""
    return geometry(variant).centre_cells


def cell_label(variant: str | None, cell) -> str:
    return geometry(variant).label(cell)


def parse_cell(variant: str | None, text: str) -> tuple:
    return geometry(variant).parse_cell(text)


def colour_names(variant: str | None = None) -> tuple:
    variant = check_variant(variant)
    return TWO_COLOUR_NAMES if COLOURS[variant] == 2 else FOUR_COLOUR_NAMES[:COLOURS[variant]]


def player_of_colour(variant: str | None, colour: int) -> int:
    variant = check_variant(variant)
    return colour % PLAYERS[variant]


def colours_of_player(variant: str | None, player: int) -> tuple:
    variant = check_variant(variant)
    return tuple(range(player, COLOURS[variant], PLAYERS[variant]))


def colour_words(variant: str | None = None) -> tuple:
    """The colours of ``variant`` as a player reads them, in the language in use."""
    return tuple(_(name) for name in colour_names(variant))


def side_names(variant: str | None = None) -> tuple:
    """What each player commands, in the language in use: "Blue"..., "Blue/Red" in
    callisto_2_4 (``player_names`` gives them as files keep them)."""
    variant = check_variant(variant)
    names = colour_words(variant)
    return tuple("/".join(names[c] for c in colours_of_player(variant, p))
                 for p in range(PLAYERS[variant]))


def player_names(variant: str | None = None) -> tuple:
    """``Blue`` ... per player; ``Blue/Red`` and ``Yellow/Green`` in callisto_2_4."""
    variant = check_variant(variant)
    names = colour_names(variant)
    return tuple("/".join(names[c] for c in colours_of_player(variant, p))
                 for p in range(PLAYERS[variant]))


def find_move(variant: str | None, piece: str, turn: int, anchor) -> int | None:
    """The placement of ``piece`` in orientation ``turn`` (see ``orientation``)
    with the top-left of its bounding box on ``anchor``; None if it leaves the board."""
    ax, ay = anchor
    return move_for_cells(variant, [(ax + dx, ay + dy) for dx, dy in orientation(piece, turn)])


def move_for_cells(variant: str | None, cells) -> int | None:
    """The placement covering exactly ``cells``, or None if they form no piece on the board."""
    geo = geometry(variant)
    mask = geo.mask_for(cells)
    return None if mask is None else geo.by_mask.get(mask)


def move_cells(variant: str | None, move: int) -> tuple:
    """Cells covered by placement ``move``, in notation order."""
    return geometry(variant).cells_of_move[move]


def move_piece(variant: str | None, move: int) -> str:
    return PIECES[geometry(variant).piece_of[move]].name
