"""Iriri's ring, the dictionary: a loop of pyramids beside the board.

The ring is laid out as a tall rounded loop (two half circles joined by
straight sides) so the pieces stay large in a narrow column.  Ring position
0 sits at the top and the numbers run clockwise, as the move notation counts
them.  ``Ring`` owns the panel's layout, finds the piece under the pointer and
draws the ring for the state, placement and picks the view hands it: the runs
that pending words match glow in the words' colours, and in the take phase
the pieces the mover may take pulse while the last piece of a type is greyed.
When pieces are taken the others slide round to close the gap.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.core import score_text
from game.i18n import _, ngettext, number
from game.iriri import PLAYER_NAMES, Take

from ... import assets
from . import art
from ..base import GOLD, INK, pulse
from ..drawing import label

MUTED = (200, 184, 160)
RING_SLOTS = 24     # places laid out for: the full ring of a new game


@lru_cache(maxsize=64)
def _wrapped(words: str, size: int, width: int) -> tuple:
    lines = []
    for line in assets.wrap(words, size, width):
        # a language written without spaces (Chinese) breaks a line between characters
        while len(line) > 1 and assets.measure(line, size) > width:
            cut = len(line) - 1
            while cut > 1 and assets.measure(line[:cut], size) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return tuple(lines)


class Ring:
    """The ring's panel and the loop its pieces lie on, as laid out by ``layout``."""

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 10, 10)       # the whole panel
        self.centre, self.radius, self.straight = (0, 0), 50.0, 0.0
        self.slot = 20                              # the size of a ring piece
        self.info = pygame.Rect(0, 0, 0, 0)         # inside the loop: what the ring says

    def layout(self, panel: pygame.Rect) -> None:
        self.rect = panel
        head = max(22, panel.height // 26)
        slot = 40.0
        for _ in range(4):
            pad = slot * 0.5 + max(12, slot * 0.42)     # half a piece, and its number
            width = panel.width - 2 * pad
            height = panel.height - head - 2 * pad
            r = max(20.0, width / 2)
            straight = max(0.0, height - 2 * r)
            perimeter = 2 * straight + 2 * math.pi * r
            slot = max(14.0, min(72.0, perimeter / RING_SLOTS * 0.8))
        self.slot = int(slot)
        self.radius = r
        self.straight = straight
        self.centre = (panel.centerx, panel.y + head + pad + height / 2)
        inner_w = int(2 * r - slot * 1.6)
        inner_h = int(straight + 2 * r - slot * 1.6)
        self.info = pygame.Rect(0, 0, max(10, inner_w), max(10, inner_h))
        self.info.center = (round(self.centre[0]), round(self.centre[1]))

    def point(self, index: float, count: int, extra: float = 0.0) -> tuple:
        """The centre of ring place ``index`` of ``count``, ``extra`` pixels outside the loop."""
        r, straight = self.radius, self.straight
        cx, cy = self.centre
        top, bottom = cy - straight / 2, cy + straight / 2
        quarter = math.pi * r / 2
        d = (index / max(1, count)) % 1.0 * (2 * straight + 4 * quarter)
        radius = r + extra
        if d < quarter:                                   # top right quarter
            a = -math.pi / 2 + d / r
            return cx + math.cos(a) * radius, top + math.sin(a) * radius
        d -= quarter
        if d < straight:                                  # down the right side
            return cx + radius, top + d
        d -= straight
        if d < 2 * quarter:                               # round the bottom
            a = d / r
            return cx + math.cos(a) * radius, bottom + math.sin(a) * radius
        d -= 2 * quarter
        if d < straight:                                  # up the left side
            return cx - radius, bottom - d
        d -= straight
        a = math.pi + d / r                               # top left quarter
        return cx + math.cos(a) * radius, top + math.sin(a) * radius

    def piece_rect(self, index: int, count: int) -> pygame.Rect:
        """Where piece ``index`` of a ring of ``count`` pieces is drawn."""
        x, y = self.point(index, count)
        s = self.slot
        return pygame.Rect(round(x - s / 2), round(y - s / 2), s, s)

    def index_at(self, pos, count: int):
        """The index of the piece under ``pos`` in a ring of ``count``, or None."""
        if not self.rect.collidepoint(pos):
            return None
        best, best_d = None, self.slot * 0.62
        for i in range(count):
            d = math.dist(pos, self.point(i, count))
            if d < best_d:
                best, best_d = i, d
        return best

    @staticmethod
    def runs(words, count: int) -> dict:
        """{ring index: [word colours]} of the runs ``words`` match in a ring of ``count``."""
        glow: dict = {}
        for k, word in enumerate(words):
            if word.run is None:
                continue
            start, step = word.run
            colour = art.WORD_COLOURS[k % len(art.WORD_COLOURS)]
            for j in range(len(word.types)):
                i = (start + step * j) % count
                if colour not in glow.setdefault(i, []):
                    glow[i].append(colour)
        return glow

    # --- drawing -----------------------------------------------------------------------
    def _loop_rect(self, grow: float) -> pygame.Rect:
        r = self.radius + grow
        cx, cy = self.centre
        return pygame.Rect(round(cx - r), round(cy - self.straight / 2 - r), round(2 * r),
                           round(self.straight + 2 * r))

    def draw_panel(self, layer, offset) -> None:
        """The felt track the ring lies on (static layer)."""
        w = self.slot * 0.68
        outer = self._loop_rect(w).move(-offset[0], -offset[1])
        inner = self._loop_rect(-w).move(-offset[0], -offset[1])
        pygame.draw.rect(layer, (0, 0, 0, 90), outer.move(3, 5), border_radius=outer.width // 2)
        pygame.draw.rect(layer, (62, 50, 40), outer, border_radius=outer.width // 2)
        pygame.draw.rect(layer, (120, 96, 70), outer, 1, border_radius=outer.width // 2)
        pygame.draw.rect(layer, (34, 26, 20), inner, border_radius=inner.width // 2)
        pygame.draw.rect(layer, (120, 96, 70), inner, 1, border_radius=inner.width // 2)
        title = label(_("THE RING"), max(12, min(18, self.slot // 3)), (226, 206, 170), True)
        layer.blit(title, title.get_rect(midtop=(self.rect.centerx - offset[0],
                                                 self.rect.y - offset[1] + 2)))

    def draw(self, surface, state, placement, *, anim, hint, takeable, last, selected, marked,
             explain_take: bool) -> None:
        """The ring of ``state`` with what glows on it.

        ``takeable`` and ``last`` are the indices to pulse and to grey, ``selected``
        those picked so far and ``marked`` those a rules diagram points at;
        ``explain_take`` says the take phase is worth explaining here."""
        if anim is not None and anim["kind"] == "take":
            self._draw_closing(surface, anim)
            self._draw_centre(surface, state, placement, selected, explain_take)
            return
        s = state
        n = len(s.ring)
        slot = self.slot
        glow = self.runs(placement.words, n)
        hinted = set(hint.indices) if isinstance(hint, Take) else set()
        marked = set(marked)
        number = max(9, int(slot * 0.34))
        for i, piece in enumerate(s.ring):
            rect = self.piece_rect(i, n)
            for k, colour in enumerate(glow.get(i, ())):
                size = int(slot * (1.18 + 0.16 * k))
                img = art.glow_ring(size, colour, max(2, slot // 10))
                surface.blit(img, img.get_rect(center=rect.center))
            chosen = i in selected or i in marked
            look = "solid"
            if i in last:
                look = "grey"
            if i in takeable and not chosen:
                alpha = int(90 + 150 * pulse(1.4))
                img = art.glow_ring(int(slot * 1.2), GOLD, max(2, slot // 12)).copy()
                img.set_alpha(alpha)
                surface.blit(img, img.get_rect(center=rect.center))
            if i in hinted:
                img = art.glow_ring(int(slot * 1.3), art.HINT, max(2, slot // 9))
                surface.blit(img, img.get_rect(center=rect.center))
            lift = int(slot * 0.12) if chosen else 0
            sprite = art.pyramid(piece, slot, look)
            surface.blit(sprite, rect.move(0, -lift))
            if chosen:
                art.outline(surface, rect.move(0, -lift).inflate(4, 4), GOLD, 3,
                            radius=max(4, slot // 5))
            # the ring position, outside the circle
            x, y = self.point(i, n, slot * 0.5 + number * 0.9)
            colour = GOLD if (i in takeable or chosen) else MUTED
            img = label(str(i), number, colour, i in takeable or chosen)
            surface.blit(img, img.get_rect(center=(x, y)))
        self._draw_centre(surface, state, placement, selected, explain_take)

    def _draw_closing(self, surface, a) -> None:
        """The ring after a take: the others slide round, the taken ones fly to the hand."""
        u = min(1.0, a["t"] / a["travel"])
        ease = u * u * (3 - 2 * u)
        old, kept = a["old_ring"], a["kept"]
        n_old, n_new = len(old), len(kept)
        slot = self.slot
        for new_index, old_index in enumerate(kept):
            f = old_index / n_old + (new_index / n_new - old_index / n_old) * ease
            x, y = self.point(f, 1)
            surface.blit(art.pyramid(old[old_index], slot),
                         (round(x - slot / 2), round(y - slot / 2)))
        for old_index, target in zip(a["taken"], a["targets"]):
            x0, y0 = self.point(old_index, n_old)
            x = x0 + (target[0] - x0) * ease
            y = y0 + (target[1] - y0) * ease - math.sin(math.pi * u) * slot * 0.8
            size = int(slot + (a["hand_size"] - slot) * ease)
            img = art.pyramid(old[old_index], size)
            surface.blit(img, img.get_rect(center=(x, y)))

    def _draw_centre(self, surface, state, placement, selected, explain_take) -> None:
        s = state
        cx, cy = self.centre
        size = max(11, int(self.slot * 0.42))
        ring = (ngettext("{n} piece", "{n} pieces", len(s.ring)).format(n=number(len(s.ring))),
                MUTED, False)
        lines = [ring]
        if not s.is_over and s.phase == "take":
            info = s.takeable()
            left = info.need - len(selected)
            # TRANSLATORS: over the number of pieces a side takes from Iriri's ring
            who = _("{side} takes").format(side=_(PLAYER_NAMES[s.mover]))
            lines = [(who, INK, False),
                     (ngettext("{n} more", "{n} more", left).format(n=number(left))
                      if selected else number(info.need), GOLD, True),
                     (ngettext("{n} in the ring", "{n} in the ring", len(s.ring)).format(
                         n=number(len(s.ring))), MUTED, False)]
        elif placement.pieces and placement.problem is not None:
            lines = [(_("this placement"), MUTED, False), (_("no match"), art.BAD, True)
                     if any(not w.valid for w in placement.words) else
                     (_("not allowed"), art.BAD, True), ring]
        elif placement.words and placement.points is not None:
            lines = [(_("scores"), MUTED, False),
                     (number(score_text(placement.points)), GOLD, True),
                     ring]
        heights = [int(size * (1.9 if big else 1.0)) for _, _, big in lines]
        y = cy - sum(heights) / 2
        for (words, colour, big), h in zip(lines, heights):
            px = int(size * (1.8 if big else 1.0))
            img = label(words, px, colour, big)
            while img.get_width() > self.info.width + 8 and px > 10:
                px -= 2
                img = label(words, px, colour, big)
            surface.blit(img, img.get_rect(midtop=(cx, y)))
            y += h
        self._draw_info(surface, state, placement, explain_take)

    def _draw_info(self, surface, state, placement, explain_take) -> None:
        """A line or two under the ring saying how to read it."""
        r = self.info
        if r.height < 60:
            return
        size = max(11, min(15, r.width // 14))
        s = state
        if not s.is_over and s.phase == "take" and explain_take:
            words = _("Click your glowing pyramids to take them. Grey ones are the last of "
                      "their kind.")
        elif placement.words:
            words = _("Each word glows where the ring spells it: same colour, same size, "
                      "either direction.")
        else:
            words = _("Every word must appear here, read either way round the loop. Numbers "
                      "count from the top.")
        y = r.y + r.height * 0.62
        for line in _wrapped(words, size, r.width):
            img = label(line, size, MUTED)
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += size + 4
