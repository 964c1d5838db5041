"""Drawing helpers more than one board view uses: colours mixed and shaded, a word
made into a cached picture, a translucent rectangle.

A view's package keeps its own pictures (``art.py``, ``pieces.py``); what two
packages need lives here, so that no view's package imports another's.
"""

from __future__ import annotations

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
