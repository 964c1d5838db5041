"""Iriri's pictures, drawn once per size and cached: Icehouse pyramids seen from
above, the cloth the words are laid on, and the small marks of the interface.

A pyramid from above is its square base cut into four triangular faces that
meet at the apex; the light comes from the top left, so the top and left
faces are bright and the bottom and right ones dark.  Sizes differ by the
width of the base and by their pips (one, two or three dots on the face
turned to the player), as on the real pieces.  Round its apex each side's
pyramids carry a mark that tells the side without colour: two bars for
Yellow, a diamond for Blue (``drawing.MARKS``).  The colours come from the
palette in use (``views/palette.py``), part of every cached sprite's key.
Each sprite is drawn three times too large and smoothed down for clean edges.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..drawing import MARKS, blend_rect, engrave, label, mix
from ..palette import DEFAULT, current

SS = 3  # supersampling factor

#: Each side's shades in the game's own palette; ``schemes()`` gives the palette in use.
YELLOW, BLUE = DEFAULT.iriri
#: The mark round each side's apexes, yellow's then blue's.
SIDE_MARKS = (MARKS["yellow"], MARKS["blue"])
BASE = {"s": 0.52, "m": 0.7, "l": 0.88}   # width of the base, in cells
PIPS = {"s": 1, "m": 2, "l": 3}
#: A colour per word of a pending placement: outline on the board, glow on the ring.
WORD_COLOURS = ((236, 92, 206), (96, 226, 130), (255, 146, 64), (90, 220, 246),
                (250, 250, 250), (190, 150, 255))
BAD = (255, 72, 56)
HINT = (130, 225, 255)
CLOTH = {"wood": ((92, 84, 72), (112, 103, 90)), "stone": ((78, 82, 88), (100, 105, 112))}


def _grey(colour):
    v = int(0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2])
    return mix(colour, (v, v, v), 0.85)


def schemes() -> tuple:
    """Yellow's and Blue's shades in the palette in use."""
    return current().iriri


def player_rgb() -> tuple:
    """Yellow's and Blue's colour in the palette in use (trays, banners, the sidebar)."""
    return tuple(scheme["main"] for scheme in current().iriri)


def side_of(piece: str) -> int:
    return 0 if piece[0] == "Y" else 1


def pyramid(piece: str, cell: int, look: str = "solid") -> pygame.Surface:
    """A pyramid of type ``piece`` centred in a ``cell``-pixel square.

    ``look``: ``solid``; ``pending`` (not yet confirmed: see-through);
    ``ghost`` (a hint: pale and see-through); ``grey`` (may not be taken)."""
    return _pyramid(piece, max(6, int(cell)), look, current())


@lru_cache(maxsize=512)
def _pyramid(piece, cell, look, palette) -> pygame.Surface:
    S = cell * SS
    img = pygame.Surface((S, S), pygame.SRCALPHA)
    m = palette.iriri[side_of(piece)]
    if look == "grey":
        m = {k: _grey(v) for k, v in m.items()}
    elif look == "ghost":
        m = {k: mix(v, (255, 255, 255), 0.25) for k, v in m.items()}
    b = S * BASE[piece[1]]
    x0, y0 = (S - b) / 2, (S - b) / 2
    x1, y1 = x0 + b, y0 + b
    apex = (S / 2 - b * 0.02, S / 2 - b * 0.03)
    # the shadow it casts on the cloth, down and to the right
    shade = pygame.Surface((S, S), pygame.SRCALPHA)
    off = b * 0.07
    pygame.draw.polygon(shade, (0, 0, 0, 70), [(x0 + off, y0 + off * 1.6), (x1 + off * 1.6, y0 + off),
                                              (x1 + off * 1.6, y1 + off * 1.6),
                                              (x0 + off, y1 + off * 1.6)])
    img.blit(shade, (0, 0))
    top = [(x0, y0), (x1, y0), apex]
    right = [(x1, y0), (x1, y1), apex]
    bottom = [(x1, y1), (x0, y1), apex]
    left = [(x0, y1), (x0, y0), apex]
    faces = ((top, mix(m["light"], m["main"], 0.25)), (left, mix(m["main"], m["light"], 0.35)),
             (right, m["dark"]), (bottom, mix(m["dark"], m["deep"], 0.45)))
    for points, colour in faces:
        pygame.draw.polygon(img, colour, points)
    # each face a little lighter toward the apex, where the plastic is thick
    for points, colour in faces:
        inner = [(apex[0] + (x - apex[0]) * 0.45, apex[1] + (y - apex[1]) * 0.45)
                 for x, y in points[:2]] + [apex]
        pygame.draw.polygon(img, mix(colour, m["light"], 0.28), inner)
    line = max(1, S // 60)
    # ridges: lit on the upper left, in shadow on the lower right
    pygame.draw.line(img, m["edge"], (x0, y0), apex, line + 1)
    pygame.draw.line(img, mix(m["edge"], m["main"], 0.4), (x1, y0), apex, line)
    pygame.draw.line(img, mix(m["edge"], m["main"], 0.4), (x0, y1), apex, line)
    pygame.draw.line(img, m["deep"], (x1, y1), apex, line)
    pygame.draw.polygon(img, m["deep"], [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], line + 1)
    pygame.draw.line(img, m["edge"], (x0, y0), (x1, y0), line)
    pygame.draw.line(img, m["edge"], (x0, y0), (x0, y1), line)
    # the side's mark round the apex, clear of the pips; the apex's glint stays on top
    engrave(img, SIDE_MARKS[side_of(piece)], apex, b * 0.27, m["main"],
            max(SS * 1.2, b * 0.05))
    pygame.draw.circle(img, m["edge"], apex, max(2, b * 0.03))
    # pips on the face turned to the player
    n = PIPS[piece[1]]
    r = max(2.5, b * 0.05)
    gap = b * 0.14
    y = y1 - b * 0.14
    for k in range(n):
        x = S / 2 + (k - (n - 1) / 2) * gap
        pygame.draw.circle(img, m["pip"], (x, y), r)
        pygame.draw.circle(img, mix(m["pip"], m["deep"], 0.5), (x, y), r, max(1, line // 2 + 1))
    out = pygame.transform.smoothscale(img, (cell, cell))
    if look == "pending":
        out.set_alpha(175)
    elif look == "ghost":      # pale, yet its colour and size read at a glance
        out.set_alpha(200)
    elif look == "grey":
        out.set_alpha(170)
    return out


@lru_cache(maxsize=8)
def grid_tile(cell: int, style: str) -> pygame.Surface:
    """One cell of the cloth with its faint grid lines on two sides."""
    base, line = CLOTH.get(style, CLOTH["wood"])
    img = pygame.Surface((cell, cell))
    img.fill(base)
    pygame.draw.line(img, line, (0, 0), (cell - 1, 0))
    pygame.draw.line(img, line, (0, 0), (0, cell - 1))
    return img


@lru_cache(maxsize=16)
def start_mark(cell: int) -> pygame.Surface:
    """Cell 0,0 on the empty board: where the first word must begin."""
    img = pygame.Surface((cell, cell), pygame.SRCALPHA)
    r = cell * 0.32
    c = cell / 2
    pygame.draw.circle(img, (255, 226, 150, 60), (c, c), r)
    pygame.draw.circle(img, (255, 226, 150, 200), (c, c), r, max(2, cell // 24))
    pygame.draw.line(img, (255, 226, 150, 200), (c - r * 0.5, c), (c + r * 0.5, c), max(2, cell // 24))
    pygame.draw.line(img, (255, 226, 150, 200), (c, c - r * 0.5), (c, c + r * 0.5), max(2, cell // 24))
    return img


@lru_cache(maxsize=16)
def frontier_dot(cell: int) -> pygame.Surface:
    """An empty cell beside the pieces: where a held piece may go."""
    img = pygame.Surface((cell, cell), pygame.SRCALPHA)
    pygame.draw.circle(img, (255, 236, 190, 70), (cell / 2, cell / 2), max(2, cell * 0.09))
    return img


@lru_cache(maxsize=32)
def glow_ring(size: int, colour: tuple, width: int) -> pygame.Surface:
    """A round highlight behind a ring piece."""
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(img, (*colour, 70), (c, c), size * 0.48)
    pygame.draw.circle(img, (*colour, 255), (c, c), size * 0.48, width)
    return img


def outline(surface, rect, colour, width=3, radius=6, dashed=False) -> None:
    """A rounded outline with a dark edge so it reads on any background."""
    rect = pygame.Rect(rect)
    if not dashed:
        pygame.draw.rect(surface, (20, 12, 8), rect.inflate(2, 2), width + 2, border_radius=radius)
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)
        return
    dash = max(6, rect.height // 5)
    for x0, y0, x1, y1 in ((rect.left, rect.top, rect.right, rect.top),
                           (rect.left, rect.bottom - 1, rect.right, rect.bottom - 1),
                           (rect.left, rect.top, rect.left, rect.bottom),
                           (rect.right - 1, rect.top, rect.right - 1, rect.bottom)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for k in range(0, length, dash * 2):
            e = min(length, k + dash)
            if x0 == x1:
                pygame.draw.line(surface, colour, (x0, y0 + k), (x0, y0 + e), width)
            else:
                pygame.draw.line(surface, colour, (x0 + k, y0), (x0 + e, y0), width)


def button(surface, rect, words, enabled=True, primary=False, hot=False) -> None:
    """A button drawn by the view itself (Confirm, Pass, Centre)."""
    rect = pygame.Rect(rect)
    if enabled:
        fill = (70, 120, 60) if primary else (82, 62, 44)
        if hot:
            fill = mix(fill, (255, 255, 255), 0.15)
        edge, ink = ((190, 240, 160) if primary else (210, 172, 120)), (250, 244, 230)
    else:
        fill, edge, ink = (56, 50, 46), (110, 100, 92), (150, 140, 130)
    radius = max(4, rect.height // 4)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    blend_rect(surface, (255, 255, 255, 28), (rect.x + 2, rect.y + 2, rect.width - 4,
                                              rect.height // 2), 0, radius)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=radius)
    size = max(11, min(int(rect.height * 0.46), 22))
    img = label(words, size, ink, True)
    while img.get_width() > rect.width - 8 and size > 10:
        size -= 1
        img = label(words, size, ink, True)
    surface.blit(img, img.get_rect(center=rect.center))
