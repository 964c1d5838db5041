"""Drawing helpers more than one board view uses: colours mixed and shaded, a word
made into a cached picture, a translucent rectangle, and the marks that tell a
piece's colour without colour.

A view's package keeps its own pictures (``art.py``, ``pieces.py``); what two
packages need lives here, so that no view's package imports another's.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from .. import assets


def mix(a, b, t):
    """The colour ``t`` of the way from ``a`` to ``b`` (``t`` held to 0..1)."""
    t = max(0.0, min(1.0, t))
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def shade(c, k):
    """Colour ``c`` with each channel times ``k``: darker below 1, lighter above."""
    return tuple(max(0, min(255, int(v * k))) for v in c[:3])


def lighten(c, f):
    """Colour ``c`` the fraction ``f`` of the way to white."""
    return tuple(int(v + (255 - v) * f) for v in c[:3])


def luminance(c) -> float:
    """The relative luminance of colour ``c`` (0 black .. 1 white), as WCAG reckons it."""
    def linear(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def readable(c, least: float = 0.18):
    """Colour ``c`` lightened just enough to be read as words on the dark table (a
    relative luminance of at least ``least``); a light colour comes back as it is."""
    f = 0.0
    while luminance(lighten(c, f)) < least and f < 1:
        f += 0.05
    return lighten(c, f)


@lru_cache(maxsize=512)
def label(words: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
    """``words`` drawn once in the program's font and kept for the next frame."""
    return assets.render(words, size, colour, bold)


def blend_rect(surface, colour, rect, width=0, radius=0) -> None:
    """``pygame.draw.rect`` that blends a translucent colour instead of replacing pixels."""
    rect = pygame.Rect(rect)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), width, border_radius=radius)
    surface.blit(layer, rect.topleft)


#: The mark a piece of each colour carries whatever the palette, the same in every game,
#: so that no player has to tell a piece by its colour alone: a ring for orange, two bars
#: for yellow, a diamond for blue, a cross for green, four dots for red.  Chosen to differ
#: where they lie on a piece, not only in outline, so that they stay apart at the size of
#: a square in Callisto's smallest tray (7 pixels).
MARKS = {"orange": "ring", "yellow": "bars", "blue": "diamond", "green": "cross",
         "red": "dots"}


def mark_strokes(kind: str, centre, radius: float, clear: float = 0.0) -> list:
    """Mark ``kind`` reaching ``radius`` from ``centre``, as ``(points, closed)`` lines (a
    dot as a line of one point): a ring, two level bars, a diamond on its corners, a
    cross, or four dots; a cross keeps ``clear`` of the radius round the middle plain."""
    cx, cy = centre
    r = radius
    if kind == "ring":
        n = 48
        return [([(cx + r * 0.76 * math.cos(2 * math.pi * k / n),
                   cy + r * 0.76 * math.sin(2 * math.pi * k / n)) for k in range(n)], True)]
    if kind == "bars":
        h = r * 0.55
        return [([(cx - r * 0.9, cy + dy * h), (cx + r * 0.9, cy + dy * h)], False)
                for dy in (-1, 1)]
    if kind == "diamond":
        return [([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], True)]
    if kind == "cross":
        a = r * clear
        if a <= 0:
            return [([(cx - r, cy), (cx + r, cy)], False), ([(cx, cy - r), (cx, cy + r)], False)]
        return [([(cx + dx * a, cy + dy * a), (cx + dx * r, cy + dy * r)], False)
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    h = r * 0.62                                                     # four dots
    return [([(cx + dx * h, cy + dy * h)], False) for dx in (-1, 1) for dy in (-1, 1)]


def engrave(surface, kind: str, centre, radius: float, face, width: float,
            clear: float = 0.0, depth: float = 1.0) -> None:
    """Mark ``kind`` (``mark_strokes``) cut into a face of colour ``face``: a dark groove
    whose lower right lip catches the light from the top left, as a carved line does;
    a shallower ``depth`` (below 1) keeps both nearer the face's colour."""
    lip, groove = lighten(face, 0.45 * depth), shade(face, 1 - 0.58 * depth)
    off = max(1.0, width / 3)
    strokes = mark_strokes(kind, centre, radius, clear)
    for colour, d in ((lip, off), (groove, 0.0)):
        for pts, closed in strokes:
            pts = [(x + d, y + d) for x, y in pts]
            if len(pts) == 1:                       # a dot: a round dimple
                pygame.draw.circle(surface, colour, pts[0], max(width * 0.8, radius * 0.3))
                continue
            pygame.draw.lines(surface, colour, closed, pts, max(1, round(width)))
            if width > 2:
                for p in pts:                       # round joins and ends on a thick line
                    pygame.draw.circle(surface, colour, p, width / 2 - 0.5)


#: A side's mark that is a shape of its own rather than lines cut in a disc: Calabria's
#: armies carry their shield, oblong for the Romans and round for the Gladiators.
SHIELDS = ("oblong shield", "round shield")


@lru_cache(maxsize=128)
def marked_dot(colour: tuple, mark, diameter: int) -> pygame.Surface:
    """A small token of a side in ``colour`` carrying the ``mark`` its pieces carry on the
    board, ``diameter`` pixels across (a seat in the sidebar, a place on a track): a disc
    with a kind of ``mark_strokes`` cut in it, a shield of ``SHIELDS``, or a disc with a
    letter on it (Calla's A and B); a plain disc for None.  Drawn three times too large
    and smoothed down, as the pieces are."""
    ss = 3
    d = max(6, int(diameter))
    big = pygame.Surface((d * ss, d * ss), pygame.SRCALPHA)
    c, r = (d * ss / 2 - 0.5, d * ss / 2 - 0.5), d * ss / 2
    rim = shade(colour, 0.5)
    if mark == SHIELDS[0]:                   # an upright rounded oblong with a metal rim
        plate = pygame.Rect(0, 0, int(d * ss * 0.7), d * ss)
        plate.center = (int(c[0]) + 1, int(c[1]) + 1)
        pygame.draw.rect(big, rim, plate, border_radius=d * ss // 6)
        pygame.draw.rect(big, colour, plate.inflate(-2 * ss, -2 * ss), border_radius=d * ss // 7)
        pygame.draw.line(big, rim, (plate.centerx, plate.y + 3 * ss),
                         (plate.centerx, plate.bottom - 3 * ss), ss)
    else:
        pygame.draw.circle(big, rim, c, r)
        pygame.draw.circle(big, colour, c, r - ss)
        if mark in MARKS.values():
            engrave(big, mark, c, (r - ss) * 0.78, colour, max(ss, r * 0.15), clear=0.35)
        elif mark == SHIELDS[1]:             # a round shield's band and boss
            pygame.draw.circle(big, rim, c, r * 0.62, max(ss, int(r * 0.16)))
            pygame.draw.circle(big, lighten(colour, 0.5), c, r * 0.2)
        elif mark:
            ink = (28, 20, 14) if luminance(colour) > 0.25 else (250, 244, 232)
            img = assets.render(str(mark), max(6, int(d * 0.72)), ink, True)
            img = pygame.transform.smoothscale_by(img, ss)
            big.blit(img, img.get_rect(center=(int(c[0]), int(c[1]) + ss)))
    return pygame.transform.smoothscale(big, (d, d))


#: The least a place a player clicks, or a count they read, measures across, in pixels.
MIN_TARGET = 24
#: The least text size of a count on a pill, in pixels.
PILL_TEXT = 13


@lru_cache(maxsize=128)
def count_pill(words: str, size: int, edge: tuple) -> pygame.Surface:
    """A count ("x3") in light words on a dark pill edged in ``edge``: at least
    ``MIN_TARGET`` pixels wide and its words at least ``PILL_TEXT`` pixels, so that it
    reads at the smallest window; its owner puts it in a corner of the piece's own place."""
    img = assets.render(words, max(PILL_TEXT, size), (245, 238, 224), True)
    pad = max(4, size // 3)
    w, h = max(MIN_TARGET, img.get_width() + 2 * pad), img.get_height()
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, (20, 14, 10, 225), out.get_rect(), border_radius=h // 2)
    pygame.draw.rect(out, (*edge[:3], 255), out.get_rect(), 1, border_radius=h // 2)
    out.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return out
