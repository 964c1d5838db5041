"""Calabria's board: its size and pieces, the options, the ``Move`` type, and
the geometry tables every rule reads (rays, neighbours, capture lines), built
once at import.  Squares are numbered 0-95 in reading order: ``row * 12 + file``
where row 0 is rank 8."""

from __future__ import annotations

import re
from typing import NamedTuple

from ..errors import InvalidMoveError
from ..i18n import N_, _

FILES = "abcdefghijkl"
WIDTH, HEIGHT = 12, 8
SIZE = WIDTH * HEIGHT
PIECES_EACH = 12
BARRICADES_EACH = 4
#: The sides as files name them (English); ``side_names`` gives them in the language in use.
SIDE_NAMES = (N_("Romans"), N_("Gladiators"))
DUX_NAMES = (N_("Roman Dux"), N_("Gladiator Dux"))

EMPTY = "."
PIECE = ("r", "g")
DUX = ("R", "G")
BARRICADE = ("X", "Y")
UNITS = ("rR", "gG")
BOARD_CHARS = ".rRgGXY"

OPTIONS = {"barricade_hostility": "both", "dux_edge_sides": 3,
           "repetition_limit": 3, "quiet_ply_limit": 100}
OPTION_CHOICES = {"barricade_hostility": ("both", "owner_only"), "dux_edge_sides": (3, 4),
                  "repetition_limit": (0, 2, 3, 4, 5), "quiet_ply_limit": (int, 0, 1000)}


class Move(NamedTuple):
    """One action.  ``kind``: ``V`` or ``D`` place a piece or the Dux (positioning),
    ``M`` moves the piece on ``frm`` to ``to``, ``X`` places a barricade.
    Placements have ``frm`` None."""
    kind: str
    frm: int | None
    to: int


# --- geometry -----------------------------------------------------------------

def square_at(file: int, rank: int) -> int:
    """Index of the square on ``file`` (0 = a) and ``rank`` (1-8)."""
    return (HEIGHT - rank) * WIDTH + file


def file_rank(square: int) -> tuple[int, int]:
    """(file 0-11, rank 1-8) of a square index."""
    return square % WIDTH, HEIGHT - square // WIDTH


def side_names(variant=None) -> tuple:
    """What each player commands ("Romans", "Gladiators"), in the language in use."""
    return tuple(_(name) for name in SIDE_NAMES)


def square_name(square: int) -> str:
    return FILES[square % WIDTH] + str(HEIGHT - square // WIDTH)


def square_index(name: str) -> int:
    """The square named like ``e4`` (any case); InvalidMoveError for anything else."""
    text = name.strip().lower()
    m = re.fullmatch(r"([a-z])([0-9]+)", text)
    if not m or m.group(1) not in FILES or not 1 <= int(m.group(2)) <= HEIGHT:
        raise InvalidMoveError(_("{text} is not a square: files run a-l and ranks 1-8").format(
            text=repr(name)))
    return square_at(FILES.index(m.group(1)), int(m.group(2)))


def _on(f: int, r: int) -> bool:
    return 0 <= f < WIDTH and 0 <= r < HEIGHT


def _sq(f: int, r: int) -> int:
    return r * WIDTH + f


_DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: Squares outward from each square in each direction (up, right, down, left).
RAYS = []
#: On-board orthogonal neighbours of each square.
NEIGHBOURS = []
#: Pairs of opposite neighbours (both on board): the lines a piece can be flanked on.
LINES = []
#: Per square t: (neighbour n, square beyond n or -1, other neighbour of n if n is a corner or -1).
CAPTURE_TABLE = []
#: Squares within Chebyshev distance 1, the square itself included.
NEAR = []
for _i in range(SIZE):
    _f, _r = _i % WIDTH, _i // WIDTH
    RAYS.append(tuple(tuple(_sq(_f + dx * k, _r + dy * k) for k in range(1, 13)
                            if _on(_f + dx * k, _r + dy * k)) for dx, dy in _DIRS))
    NEIGHBOURS.append(tuple(_sq(_f + dx, _r + dy) for dx, dy in _DIRS if _on(_f + dx, _r + dy)))
    LINES.append(tuple((_sq(_f + dx, _r + dy), _sq(_f - dx, _r - dy)) for dx, dy in _DIRS[:2]
                       if _on(_f + dx, _r + dy) and _on(_f - dx, _r - dy)))
    NEAR.append(frozenset(_sq(_f + dx, _r + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                          if _on(_f + dx, _r + dy)))
CORNERS = frozenset(i for i in range(SIZE) if len(NEIGHBOURS[i]) == 2)
for _i in range(SIZE):
    _f, _r = _i % WIDTH, _i // WIDTH
    _rows = []
    for dx, dy in _DIRS:
        if not _on(_f + dx, _r + dy):
            continue
        n = _sq(_f + dx, _r + dy)
        beyond = _sq(_f + 2 * dx, _r + 2 * dy) if _on(_f + 2 * dx, _r + 2 * dy) else -1
        other = next(o for o in NEIGHBOURS[n] if o != _i) if n in CORNERS else -1
        _rows.append((n, beyond, other))
    CAPTURE_TABLE.append(tuple(_rows))
NEIGHBOUR_SETS = [frozenset(ns) for ns in NEIGHBOURS]
RAYS = tuple(RAYS)

# Every possible action exists once, so move generation only indexes tables.
_STEP = [Move("M", f, t) for f in range(SIZE) for t in range(SIZE)]
_PLACE = {k: [Move(k, None, t) for t in range(SIZE)] for k in "VDX"}
