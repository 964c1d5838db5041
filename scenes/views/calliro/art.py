"""Calliro's pictures, drawn once per size and cached: the hexagonal board with
its shallow wells, the two-coloured chips, the black and white score chips,
the flip lock and the see-through ghost of a hinted chip.

Each colour of chip has its own mark engraved in its face, so that a chip tells
its colour without colour: a ring for orange, a diamond for blue, a cross for
green (``drawing.MARKS``); the underside shown in open play carries its own
mark.  The marks keep clear of the chip's middle, where its colour shows plain.
The colours come from the palette in use (``views/palette.py``), which is part
of every cached sprite's key.

Sprites are drawn three times too large and smoothed down, which gives clean
round edges without anti-aliasing every primitive by hand.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.i18n import pgettext

from ... import assets
from ..drawing import MARKS as MARK_OF, engrave, lighten, mix, shade
from ..palette import DEFAULT, current

SS = 3  # supersampling factor
SQRT3 = math.sqrt(3.0)

#: Face colours of the playing chips in the game's own palette, by the engine's colour
#: letter; ``faces()`` gives those of the palette in use.
FACE = DEFAULT.calliro
COLOUR_WORDS = {"O": "orange", "B": "blue", "G": "green"}
#: The mark engraved in each colour's face, by colour letter (the rules name them).
MARKS = {up: MARK_OF[word] for up, word in COLOUR_WORDS.items()}
#: Score chips: black for Blue (player 0), white for Green (player 1).
SCORE_FACE = DEFAULT.calliro_score
PAIR_SIDES = (("O", "B"), ("O", "G"), ("B", "G"))   # the engine's pair order
#: Animation phases in which the chip that moved is drawn in motion, not on the board.
MOVER_PHASES = ("fly", "drop", "turn", "glimpse", "back", "flip")
WELLS = {"wood": ((122, 82, 46), "wood.png"), "stone": ((128, 128, 132), "marble.png")}
#: The underside's disc in open play, as a fraction of the chip's radius.
UNDER = 0.42


def colour_word(up: str) -> str:
    """The chip colour ``up`` (``O``, ``B``, ``G``) as a player reads it, in the language in
    use: "orange"; ``COLOUR_WORDS`` keeps the English names the marks are keyed by."""
    if up == "O":
        return pgettext("chip colour", "orange")
    if up == "B":
        return pgettext("chip colour", "blue")
    return pgettext("chip colour", "green")


def faces() -> dict:
    """The chips' face colours in the palette in use, by colour letter."""
    return current().calliro


def hex_points(centre, radius, flat=False):
    """Corners of a hexagon: pointy-top (a cell) or flat-top (the board's outline)."""
    cx, cy = centre
    start = 0 if flat else 30
    return [(cx + radius * math.cos(math.radians(start + 60 * k)),
             cy + radius * math.sin(math.radians(start + 60 * k))) for k in range(6)]


# --- chips -------------------------------------------------------------------------

def _token(s, c, r, face, rim):
    """A flat round token seen from above and a little in front: its edge, a
    bevelled rim and a dished face lit from the top left (the shine goes on last)."""
    cx, cy = c
    edge = max(2, int(r * 0.13))
    dark = shade(face, 0.45)
    pygame.draw.circle(s, dark, (cx, cy + edge), r)                 # the chip's side
    pygame.draw.circle(s, shade(face, 0.62), (cx, cy + edge // 2), r)
    pygame.draw.circle(s, rim, (cx, cy), r)                          # bevel
    steps = 14
    for k in range(steps):                                           # the face, lit top-left
        t = k / (steps - 1)
        rr = r * (0.9 - 0.5 * t)
        off = r * 0.12 * t
        pygame.draw.circle(s, mix(shade(face, 0.82), lighten(face, 0.22), t ** 1.2),
                           (cx - off, cy - off), rr)
    pygame.draw.circle(s, shade(face, 0.7), (cx, cy), int(r * 0.9), max(1, int(r * 0.035)))


def _shine(s, c, r):
    shine = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, (255, 255, 255, 70),
                        (c[0] - r * 0.62, c[1] - r * 0.78, r * 0.8, r * 0.42))
    s.blit(shine, (0, 0))


def _canvas(size):
    d = max(4, int(size))
    pad = max(2, d // 6)
    big = pygame.Surface(((d + 2 * pad) * SS, (d + 2 * pad) * SS), pygame.SRCALPHA)
    return big, d, pad


def _finish(big, d, pad):
    return pygame.transform.smoothscale(big, (d + 2 * pad, d + 2 * pad))


def chip(up: str, size: int, under: str | None = None, shadow: bool = True) -> pygame.Surface:
    """A playing chip of diameter ``size`` with ``up`` on top, its colour's mark engraved;
    ``under`` adds the underside as a disc in the middle, with its own mark (open play).
    The sprite is centred on the chip."""
    return _chip(up, size, under, shadow, current())


@lru_cache(maxsize=256)
def _chip(up, size, under, shadow, palette) -> pygame.Surface:
    big, d, pad = _canvas(size)
    r = d * SS // 2
    c = (big.get_width() // 2, big.get_height() // 2)
    if shadow:
        _shadow(big, c, r)
    face = palette.calliro[up]
    _token(big, c, r, face, lighten(face, 0.18))
    engrave(big, MARKS[up], c, r * 0.84, face, max(SS + 1, r * 0.11), clear=0.5)
    if under is not None:
        below = palette.calliro[under]
        inner = int(r * UNDER)
        pygame.draw.circle(big, shade(below, 0.5), c, inner + max(2, r // 14))
        pygame.draw.circle(big, below, c, inner)
        pygame.draw.circle(big, lighten(below, 0.25), (c[0] - inner // 5, c[1] - inner // 5),
                           int(inner * 0.7))
        pygame.draw.circle(big, below, c, int(inner * 0.62))
        engrave(big, MARKS[under], c, inner * 0.84, below, max(SS, inner * 0.16), clear=0.5)
    _shine(big, c, r)
    return _finish(big, d, pad)


def score_chip(player: int, size: int, shadow: bool = True) -> pygame.Surface:
    """Blue's black or Green's white score chip, with a ring of its owner's colour."""
    return _score_chip(player, size, shadow, current())


@lru_cache(maxsize=64)
def _score_chip(player, size, shadow, palette) -> pygame.Surface:
    big, d, pad = _canvas(size)
    r = d * SS // 2
    c = (big.get_width() // 2, big.get_height() // 2)
    if shadow:
        _shadow(big, c, r)
    face = palette.calliro_score[player]
    rim = (92, 92, 100) if player == 0 else (200, 196, 186)
    _token(big, c, r, face, rim)
    _shine(big, c, r)
    owner = palette.calliro["B"] if player == 0 else palette.calliro["G"]
    pygame.draw.circle(big, owner, c, int(r * 0.62), max(2, int(r * 0.12)))
    star = _star(c, r * 0.34, r * 0.15)
    pygame.draw.polygon(big, (250, 214, 110) if player == 0 else (150, 112, 40), star)
    return _finish(big, d, pad)


def _star(c, outer, inner):
    pts = []
    for k in range(10):
        rad = outer if k % 2 == 0 else inner
        a = math.radians(-90 + 36 * k)
        pts.append((c[0] + rad * math.cos(a), c[1] + rad * math.sin(a)))
    return pts


def _shadow(big, c, r):
    shadow = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (0, 0, 0, 70), (c[0] + r * 0.1, c[1] + r * 0.2), r * 1.02)
    pygame.draw.circle(shadow, (0, 0, 0, 60), (c[0] + r * 0.06, c[1] + r * 0.14), r * 0.96)
    big.blit(shadow, (0, 0))


def basket_chip(first: str, second: str, size: int) -> pygame.Surface:
    """A chip of the Basket, shown half and half since both its sides are known."""
    return _basket_chip(first, second, size, current())


@lru_cache(maxsize=32)
def _basket_chip(first, second, size, palette) -> pygame.Surface:
    left = chip(first, size, shadow=False)
    right = chip(second, size, shadow=False)
    out = left.copy()
    half = right.get_width() // 2
    out.blit(right, (half, 0), pygame.Rect(half, 0, right.get_width() - half, right.get_height()))
    w, h = out.get_size()
    pygame.draw.line(out, (40, 30, 20), (half, h * 0.2), (half, h * 0.8), 1)
    return out


def ghost(up: str, size: int) -> pygame.Surface:
    """A see-through chip (a hint, or a legal spot under the held chip)."""
    return _ghost(up, size, current())


@lru_cache(maxsize=64)
def _ghost(up, size, palette) -> pygame.Surface:
    body = chip(up, size, shadow=False).copy()
    body.set_alpha(175)
    out = pygame.Surface(body.get_size(), pygame.SRCALPHA)
    out.blit(body, (0, 0))
    return out


@lru_cache(maxsize=16)
def lock(size: int) -> pygame.Surface:
    """A small brass padlock for a flip-locked chip."""
    s = max(8, int(size))
    big = pygame.Surface((s * SS, s * SS), pygame.SRCALPHA)
    S = s * SS
    w = max(2, S // 9)
    pygame.draw.arc(big, (60, 44, 20), (S * 0.26, S * 0.06, S * 0.48, S * 0.56), 0, math.pi, w + 2)
    pygame.draw.arc(big, (214, 214, 220), (S * 0.26, S * 0.06, S * 0.48, S * 0.56), 0, math.pi, w)
    pygame.draw.line(big, (214, 214, 220), (S * 0.27, S * 0.34), (S * 0.27, S * 0.46), w)
    pygame.draw.line(big, (214, 214, 220), (S * 0.73 - w, S * 0.34), (S * 0.73 - w, S * 0.46), w)
    body = pygame.Rect(S * 0.14, S * 0.42, S * 0.72, S * 0.52)
    pygame.draw.rect(big, (70, 48, 14), body.move(0, S // 30), border_radius=S // 10)
    pygame.draw.rect(big, (232, 182, 62), body, border_radius=S // 10)
    pygame.draw.rect(big, (255, 226, 140), body.inflate(-S * 0.2, -S * 0.3).move(0, -S * 0.06),
                     border_radius=S // 14)
    pygame.draw.rect(big, (120, 80, 20), body, max(1, S // 30), border_radius=S // 10)
    pygame.draw.circle(big, (60, 40, 12), (S * 0.5, S * 0.62), S * 0.07)
    pygame.draw.rect(big, (60, 40, 12), (S * 0.47, S * 0.64, S * 0.06, S * 0.16))
    return pygame.transform.smoothscale(big, (s, s))


def squeezed(sprite: pygame.Surface, fraction: float) -> pygame.Surface:
    """``sprite`` narrowed to ``fraction`` of its width: a chip seen turning over."""
    w, h = sprite.get_size()
    return pygame.transform.smoothscale(sprite, (max(1, int(w * fraction)), h))


# --- the board ---------------------------------------------------------------------

def board_surface(style: str, size: tuple, centre: tuple, outline_radius: float, cell: float,
                  centres: dict, labels: list) -> pygame.Surface:
    """The whole board: a flat-topped hexagon of wood (or stone) with a well for each
    cell (``centres``: cell -> pixel) and its coordinates (``labels``: text, pixel)."""
    well, texture_name = WELLS.get(style, WELLS["wood"])
    surf = pygame.Surface(size, pygame.SRCALPHA)
    outline = hex_points(centre, outline_radius, flat=True)
    pygame.draw.polygon(surf, (0, 0, 0, 100), [(x + 7, y + 10) for x, y in outline])
    texture = assets.scaled(texture_name, size)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), outline)
    top = texture.convert_alpha() if pygame.display.get_surface() else texture.copy()
    top = top.copy()
    top.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(top, (0, 0))
    # a bevelled edge: light along the top, dark along the bottom
    edge = max(3, int(cell * 0.14))
    for k in range(6):
        a, b = outline[k], outline[(k + 1) % 6]
        mid_y = (a[1] + b[1]) / 2 - centre[1]
        colour = (255, 236, 200, 90) if mid_y < 0 else (0, 0, 0, 90)
        pygame.draw.line(surf, colour, a, b, edge)
    pygame.draw.polygon(surf, (40, 24, 12, 200), outline, 2)
    inner = hex_points(centre, outline_radius - edge * 1.6, flat=True)
    pygame.draw.polygon(surf, (0, 0, 0, 60), inner, 2)
    # the cells: a faint engraved hexagon round a shallow well
    grid = pygame.Surface(size, pygame.SRCALPHA)
    for (x, y) in centres.values():
        pygame.draw.polygon(grid, (30, 18, 8, 70), hex_points((x, y), cell * 0.98), 1)
    surf.blit(grid, (0, 0))
    r = int(cell * 0.8)
    well_img = _well(well, r)
    for (x, y) in centres.values():
        surf.blit(well_img, well_img.get_rect(center=(int(x), int(y))))
    f = assets.font(label_size(cell), True)
    for text, (x, y) in labels:
        img = f.render(text, True, (255, 248, 232))
        dark = f.render(text, True, (20, 10, 4))
        for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1), (0, 2)):
            surf.blit(dark, dark.get_rect(center=(int(x) + dx, int(y) + dy)))
        surf.blit(img, img.get_rect(center=(int(x), int(y))))
    return surf


def label_size(cell: float) -> int:
    """The text size of the cell coordinates on a board of ``cell``-pixel cells: the rules
    name cells (e4), so they are written to be read."""
    return max(13, min(22, int(cell * 0.5)))


@lru_cache(maxsize=8)
def _well(colour, r) -> pygame.Surface:
    """A shallow round well: shadowed on its upper left inside, lit on its lower right rim."""
    S = (2 * r + 4) * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = (S // 2, S // 2)
    R = r * SS
    pygame.draw.circle(big, (255, 240, 210, 70), (c[0] + SS, c[1] + 2 * SS), R)   # lit lip
    pygame.draw.circle(big, (*shade(colour, 0.55), 235), c, R)
    steps = 10
    for k in range(steps):
        t = k / (steps - 1)
        off = R * 0.1 * t
        pygame.draw.circle(big, (*mix(shade(colour, 0.55), shade(colour, 1.05), t), 235),
                           (c[0] + off, c[1] + off), R * (1 - 0.14 * t) - off)
    pygame.draw.circle(big, (0, 0, 0, 80), c, R, max(1, SS * 2))
    return pygame.transform.smoothscale(big, (2 * r + 4, 2 * r + 4))


@lru_cache(maxsize=32)
def glow_cell(cell: float, rgb: tuple, alpha: int) -> pygame.Surface:
    """A lit hexagon over one cell (legal spots, choices)."""
    r = int(cell)
    s = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    c = (r + 2, r + 2)
    pygame.draw.polygon(s, (*rgb, alpha // 2), hex_points(c, r * 0.9))
    pygame.draw.polygon(s, (*rgb, alpha), hex_points(c, r * 0.9), max(2, r // 10))
    return s


def pair_of(text: str) -> int:
    """The pair index (``PAIR_SIDES``) of a chip written ``"O/b"``."""
    sides = {text[0].upper(), text[2].upper()}
    return next(k for k, (a, b) in enumerate(PAIR_SIDES) if {a, b} == sides)
