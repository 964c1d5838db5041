"""How Callisto's pieces look and turn: raised squares joined into one body,
each square carved with its colour's mark (a diamond for Blue, two bars for
Yellow, four dots for Red, a cross for Green: ``drawing.MARKS``), so that a
piece tells its colour without colour; their shadows and the see-through ghost
of a held piece; and the quarter turns and flips that take one orientation
(see ``game.callisto.orientation``) to another.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import i18n
from game.callisto import PIECES, orientation

from ... import assets
from ..base import INK
from ..drawing import MARKS, engrave, lighten

ILLEGAL = (214, 48, 40)
SHORT_NAMES = {"1": "1x1", "2": "domino", "O": "square"}


# --- turning pieces -------------------------------------------------------------

def turned(turn: int, step: int = 1) -> int:
    """The orientation after ``step`` quarter turns clockwise (see ``orientation``)."""
    return (turn & 4) | ((turn + step) & 3)


def flipped(turn: int) -> int:
    """The orientation after flipping the piece over, left to right."""
    return (~turn & 4) | (-turn & 3)


def shape_of(cells) -> tuple:
    """``cells`` moved to the top-left corner, in ``orientation``'s order."""
    low_x = min(x for x, _ in cells)
    low_y = min(y for _, y in cells)
    return tuple(sorted(((x - low_x, y - low_y) for x, y in cells), key=lambda c: (c[1], c[0])))


@lru_cache(maxsize=128)
def grab_offset(piece: str, turn: int) -> tuple:
    """The square of ``piece`` (in orientation ``turn``) that the pointer holds: the one
    nearest the middle, so the piece turns about the pointer."""
    cells = orientation(piece, turn)
    cx = max(x for x, _ in cells) / 2
    cy = max(y for _, y in cells) / 2
    return min(cells, key=lambda c: ((c[0] - cx) ** 2 + (c[1] - cy) ** 2, c[1], c[0]))


@lru_cache(maxsize=32)
def tray_turn(piece: str) -> int:
    """The orientation ``piece`` lies in, in its tray and when first picked up: lying
    down (at least as wide as tall), so that piles stay low."""
    for turn in range(8):
        cells = orientation(piece, turn)
        if max(x for x, _ in cells) >= max(y for _, y in cells):
            return turn
    return 0


def short_name(piece: str) -> str:
    return SHORT_NAMES.get(piece, piece)


# --- sprites --------------------------------------------------------------------

def sink(rgb, f):
    return tuple(int(c * (1 - f)) for c in rgb)


def _gap(u: int) -> int:
    return max(1, u // 16)


def _bevel(u: int) -> int:
    return max(1, u // 6)


def mark_of(name: str) -> str:
    """The mark carved in each square of the colour called ``name`` ("Blue"...)."""
    return MARKS[name.lower()]


#: Marks are carved this many times too large and smoothed down, for clean small lines.
MARK_SS = 4


@lru_cache(maxsize=64)
def _tile(rgb: tuple, u: int, mark: str | None = None) -> pygame.Surface:
    """One raised square of a piece: lit from the top left, with a soft gloss and its
    colour's ``mark`` carved in the middle of its face."""
    s = pygame.Surface((u, u), pygame.SRCALPHA)
    m, b = _gap(u), _bevel(u)
    r = pygame.Rect(m, m, u - 2 * m, u - 2 * m)
    pygame.draw.rect(s, rgb, r)
    l, t, rt, bt = r.left, r.top, r.right - 1, r.bottom - 1
    pygame.draw.polygon(s, lighten(rgb, 0.45), [(l, t), (rt, t), (rt - b, t + b), (l + b, t + b)])
    pygame.draw.polygon(s, lighten(rgb, 0.22), [(l, t), (l + b, t + b), (l + b, bt - b), (l, bt)])
    pygame.draw.polygon(s, sink(rgb, 0.38), [(l, bt), (l + b, bt - b), (rt - b, bt - b), (rt, bt)])
    pygame.draw.polygon(s, sink(rgb, 0.22), [(rt, t), (rt, bt), (rt - b, bt - b), (rt - b, t + b)])
    face = r.inflate(-2 * b, -2 * b)
    if face.height > 2:
        gloss = pygame.Rect(face.x, face.y, face.width, face.height // 2)
        pygame.draw.rect(s, lighten(rgb, 0.08), gloss)
    pygame.draw.rect(s, sink(rgb, 0.5), r, 1)
    if mark is not None:
        s.blit(_carving(rgb, u, mark), (0, 0))
    return s


@lru_cache(maxsize=64)
def _carving(rgb: tuple, u: int, mark: str) -> pygame.Surface:
    """``mark`` carved in the face of a ``u``-pixel square of colour ``rgb``, on its own
    see-through layer: as large as the face allows, its lines at least a pixel wide."""
    k = MARK_SS
    big = pygame.Surface((u * k, u * k), pygame.SRCALPHA)
    face = u - 2 * _gap(u) - 2 * _bevel(u)
    reach = max(2.0, face * 0.5) * k
    # carved no deeper than keeps the piece one body of its colour, not squares cut apart
    engrave(big, mark, (u * k / 2 - 0.5, u * k / 2 - 0.5), reach, rgb,
            max(k, u * k / 11), depth=0.58)
    return pygame.transform.smoothscale(big, (u, u))


@lru_cache(maxsize=2048)
def piece_surface(rgb: tuple, shape: tuple, u: int, mark: str | None = None) -> pygame.Surface:
    """A piece drawn at ``u`` pixels a square, its squares joined into one body, each
    carved with ``mark``."""
    w = (max(x for x, _ in shape) + 1) * u
    h = (max(y for _, y in shape) + 1) * u
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    tile = _tile(rgb, u, mark)
    for x, y in shape:
        s.blit(tile, (x * u, y * u))
    cells = set(shape)
    m, b = _gap(u), _bevel(u)
    j = m + b
    light, dark = lighten(rgb, 0.45), sink(rgb, 0.38)
    left_light, right_dark = lighten(rgb, 0.22), sink(rgb, 0.22)
    for x, y in shape:
        if (x + 1, y) in cells:        # join to the right
            sx = (x + 1) * u
            top, bottom = y * u, (y + 1) * u
            pygame.draw.rect(s, rgb, (sx - j, top + j, 2 * j, u - 2 * j))
            open_top = (x, y - 1) not in cells and (x + 1, y - 1) not in cells
            open_bottom = (x, y + 1) not in cells and (x + 1, y + 1) not in cells
            pygame.draw.rect(s, light if open_top else rgb, (sx - j, top + m, 2 * j, b))
            pygame.draw.rect(s, dark if open_bottom else rgb, (sx - j, bottom - j, 2 * j, b))
        if (x, y + 1) in cells:        # join downwards
            sy = (y + 1) * u
            left, right = x * u, (x + 1) * u
            pygame.draw.rect(s, rgb, (left + j, sy - j, u - 2 * j, 2 * j))
            open_left = (x - 1, y) not in cells and (x - 1, y + 1) not in cells
            open_right = (x + 1, y) not in cells and (x + 1, y + 1) not in cells
            pygame.draw.rect(s, left_light if open_left else rgb, (left + m, sy - j, b, 2 * j))
            pygame.draw.rect(s, right_dark if open_right else rgb, (right - j, sy - j, b, 2 * j))
    return s


@lru_cache(maxsize=512)
def shadow_surface(shape: tuple, u: int, alpha: int = 90) -> pygame.Surface:
    w = (max(x for x, _ in shape) + 1) * u
    h = (max(y for _, y in shape) + 1) * u
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    m = _gap(u)
    for x, y in shape:
        pygame.draw.rect(s, (0, 0, 0, alpha), (x * u + m - 1, y * u + m - 1, u - 2 * m + 2,
                                               u - 2 * m + 2), border_radius=max(1, u // 8))
    return s


@lru_cache(maxsize=256)
def ghost_surface(rgb: tuple, shape: tuple, u: int, legal: bool,
                  mark: str | None = None) -> pygame.Surface:
    """The held piece over the board: see-through with its colour's ``mark``, and red
    and crossed out where it may not go."""
    s = piece_surface(rgb if legal else ILLEGAL, shape, u, mark if legal else None).copy()
    s.set_alpha(205 if legal else 165)
    if not legal:
        m = _gap(u)
        for x, y in shape:
            r = pygame.Rect(x * u + m, y * u + m, u - 2 * m, u - 2 * m)
            pygame.draw.line(s, (255, 235, 225), r.topleft, r.bottomright, max(1, u // 14))
            pygame.draw.line(s, (255, 235, 225), r.topright, r.bottomleft, max(1, u // 14))
    return s


def geo_piece(geo, move: int) -> str:
    return PIECES[geo.piece_of[move]].name


@lru_cache(maxsize=4096)
def turn_of_shape(piece: str, shape: tuple) -> int:
    for turn in range(8):
        if orientation(piece, turn) == shape:
            return turn
    return 0


def turn_of(geo, move: int) -> int:
    """The orientation of placement ``move`` (the first of equal ones)."""
    return turn_of_shape(geo_piece(geo, move), shape_of(geo.cells_of_move[move]))


# --- the rules' picture of a colour's pieces ------------------------------------------

GAP = 0.6           # between the copies of a piece, in squares


def _copies_width(piece) -> float:
    """The width of all the copies of ``piece`` side by side, in squares."""
    w = max(x for x, _ in piece.shape) + 1
    return piece.count * w + (piece.count - 1) * GAP


def pieces_figure(size: tuple, rgb: tuple, mark: str | None = None) -> pygame.Surface:
    """Every piece of one colour in ``rgb`` with its ``mark`` (all 21: each kind as many
    times as a colour has it, named underneath), laid out as large as fits in ``size``."""
    width, height = size
    best = None
    for cols in (2, 3, 4, 6):
        rows = -(-len(PIECES) // cols)
        col_w = [max(_copies_width(p) for p in PIECES[c::cols]) + 1.2 for c in range(cols)]
        label = max(12, min(16, height // (rows * 6)))
        u = min(width / sum(col_w), (height - rows * (label + 6)) / (rows * 3.8))
        if best is None or u > best[0]:
            best = (u, cols, rows, col_w, label)
    u, cols, rows, col_w, label = best
    unit = max(4, int(u))
    surf = pygame.Surface(size, pygame.SRCALPHA)
    font = assets.font(label)
    row_h = height / rows
    x0 = (width - sum(col_w) * unit) / 2
    for i, piece in enumerate(PIECES):
        col, row = i % cols, i // cols
        left = x0 + sum(col_w[:col]) * unit
        cell_w = col_w[col] * unit
        if i18n.rtl():              # the smallest first, where a line starts: at the right
            left = 2 * x0 + sum(col_w) * unit - left - cell_w
        body = piece_surface(rgb, piece.shape, unit, mark)
        bw, bh = body.get_size()
        total = piece.count * bw + (piece.count - 1) * GAP * unit
        top = row * row_h + (row_h - label - 6 - 3 * unit) / 2
        x = left + (cell_w - total) / 2
        y = top + (3 * unit - bh) / 2
        for _ in range(piece.count):
            surf.blit(shadow_surface(piece.shape, unit, 90), (x + max(1, unit // 5),
                                                                y + max(1, unit // 4)))
            surf.blit(body, (x, y))
            x += bw + GAP * unit
        title = i18n._(piece.title)     # marked where the pieces are named (game.callisto)
        name = (font if font.size(title)[0] <= cell_w else assets.font(
            assets.fitting_size(title, label, int(cell_w), smallest=9))).render(title, True, INK)
        surf.blit(name, name.get_rect(midtop=(left + cell_w / 2, top + 3 * unit + 6)))
    return surf
