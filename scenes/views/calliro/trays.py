"""Beside Calliro's board: the race to 11, the Repository the chips are drawn
from (by the colour on top, with counts) and the Basket of chips that have
scored, out of play until the Repository runs dry.

Everything here is drawn into one cached layer, rebuilt only when a count, a
score or the chip in hand changes.
"""

from __future__ import annotations

import pygame

from game.calliro import COLOURS, WIN_POINTS
from game.i18n import _, ngettext, number

from ... import assets
from ..base import GOLD, INK
from ..drawing import count_pill, lighten, marked_dot, shade
from ..palette import current
from .art import MARKS, PAIR_SIDES, basket_chip, chip, faces, score_chip

MUTED = (190, 176, 156)


def chips(n: int) -> str:
    """A count of chips under a tray's title: "12 chips"."""
    return ngettext("{n} chip", "{n} chips", n).format(n=number(n))


class Trays:
    """The column beside the board and where each of its parts lies."""

    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        w, h = self.rect.size
        gap = max(6, h // 60)
        self.head = max(16, min(24, h // 30))
        self.chip = max(18, min(int((w - 24) / 3.6), int(h * 0.085)))
        # the race: for each player a line naming them and their score, under it the track
        self.pip = max(8, int(min(self.chip * 0.7, (w - 20) / WIN_POINTS - 2)))
        self.label_size = max(11, self.head - 7)
        self.row_h = assets.font(self.label_size, True).get_linesize() + self.pip + 10
        score_h = self.head + 8 + 2 * self.row_h
        repo_h = self.head + int(self.chip * 2.0) + 18
        basket_h = self.head + int(self.chip * 1.7) + 3 * max(12, self.head - 4) + 8
        total = score_h + repo_h + basket_h + 2 * gap
        y = self.rect.y + max(0, (h - total) // 2)
        self.score_rect = pygame.Rect(self.rect.x, y, w, score_h)
        y += score_h + gap
        self.repo_rect = pygame.Rect(self.rect.x, y, w, repo_h)
        y += repo_h + gap
        self.basket_rect = pygame.Rect(self.rect.x, y, w, basket_h)
        third = (w - 16) / 3
        self.slots = {}
        for k, up in enumerate(COLOURS):
            self.slots[up] = pygame.Rect(int(self.rect.x + 8 + k * third),
                                         self.repo_rect.y + self.head + 8, int(third) - 4,
                                         self.repo_rect.height - self.head - 14)
        self.basket_slots = []
        for k in range(3):
            self.basket_slots.append(pygame.Rect(int(self.rect.x + 8 + k * third),
                                                 self.basket_rect.y + self.head + 6,
                                                 int(third) - 4, int(self.chip * 1.5)))
        self._layer = None
        self._key = None

    # --- where things are ------------------------------------------------------
    def slot_at(self, pos) -> str | None:
        """The up colour of the Repository stack under ``pos``, or None."""
        for up, slot in self.slots.items():
            if slot.collidepoint(pos):
                return up
        return None

    def chip_centre(self, up: str) -> tuple:
        """Where the top chip of a Repository stack lies (a placed chip flies from here)."""
        slot = self.slots[up]
        return (slot.centerx, slot.y + int(self.chip * 0.72))

    def basket_centre(self, pair: int) -> tuple:
        slot = self.basket_slots[pair]
        return (slot.centerx, slot.y + int(self.chip * 0.62))

    def pip_centre(self, player: int, points: int) -> tuple:
        """The centre of the ``points``-th pip (1-11) of a player's score track."""
        x0, step, y = self._track(player)
        return (int(x0 + (points - 0.5) * step), y)

    def label_rect(self, player) -> pygame.Rect:
        """Where the line naming ``player`` and their score goes, above their track."""
        r = self.score_rect
        top = r.y + self.head + 6 + self.row_h * player
        line = assets.font(self.label_size, True).get_linesize()
        return pygame.Rect(r.x + 10, top, r.width - 20, line)

    def track_rect(self, player) -> pygame.Rect:
        """The row of ``player``'s pips (the goal's ring round the last one included)."""
        x0, step, y = self._track(player)
        ring = self.pip // 2 + 4
        return pygame.Rect(int(x0), y - ring, int(step * WIN_POINTS), 2 * ring)

    def _track(self, player):
        r = self.score_rect
        y = self.label_rect(player).bottom + 4 + self.pip // 2 + 2
        x0 = r.x + 10
        step = (r.width - 20) / WIN_POINTS
        return x0, step, y

    # --- the counts -------------------------------------------------------------
    def _repository_pill(self, up: str, count: int):
        """(picture, rectangle) of a Repository stack's count: a pill at the foot of its
        place, under the chips."""
        edge = faces()[up] if count else MUTED
        pill = count_pill(f"x{number(count)}", int(self.chip * 0.34), edge)
        slot = self.slots[up]
        return pill, pill.get_rect(midbottom=(slot.centerx, slot.bottom - 2))

    def _basket_pill(self, pair: int, count: int):
        """(picture, rectangle) of a Basket pile's count, under its chips."""
        pill = count_pill(f"x{number(count)}", int(self.chip * 0.3),
                          (150, 130, 110) if count else (90, 76, 62))
        cx, cy = self.basket_centre(pair)
        return pill, pill.get_rect(midtop=(cx, cy + int(self.chip * 0.8) // 2 + 2))

    def stack_rect(self, up: str) -> pygame.Rect:
        """Where a Repository stack's chips are drawn (up to three, each a little up)."""
        cx, cy = self.chip_centre(up)
        rect = pygame.Rect(0, 0, self.chip, self.chip)
        rect.center = (cx, cy)
        return rect.union(rect.move(4, -6))

    def badges(self, state) -> list:
        """Where each count lies, as ``(pill, its place, its chips)`` rectangles on the
        screen and the pill's picture: the Repository's three stacks and the Basket's
        three piles as last drawn (the drawing puts them exactly there)."""
        counts = state.repository_counts()
        found = []
        for up, slot in self.slots.items():
            pill, tag = self._repository_pill(up, counts[up])
            found.append((tag, slot, self.stack_rect(up), pill))
        size = int(self.chip * 0.8)
        basket = self._key[1] if self._key is not None else (0, 0, 0)
        for pair, slot in enumerate(self.basket_slots):
            cx, cy = self.basket_centre(pair)
            pile = pygame.Rect(0, 0, size, size)
            pile.center = (cx, cy)
            pill, tag = self._basket_pill(pair, basket[pair])
            found.append((tag, slot, pile.union(pile.move(4, -6)), pill))
        return found

    # --- drawing ----------------------------------------------------------------
    def layer(self, state, scores, basket, held, mover, names, live) -> pygame.Surface:
        """The column for ``state`` showing ``scores`` and ``basket`` (counts by pair) as
        they stand so far in an animation; ``held``: the up colour in hand; ``live``: the
        player to move may take chips."""
        counts = state.repository_counts()
        key = (tuple(counts.items()), tuple(basket), tuple(scores), held, mover,
               tuple(names), live, current())
        if self._layer is not None and key == self._key:
            return self._layer
        self._key = key
        rect = self.rect
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        off = (-rect.x, -rect.y)
        self._draw_scores(layer, off, scores, names, mover)
        self._draw_repository(layer, off, counts, held, live)
        self._draw_basket(layer, off, basket, counts)
        self._layer = layer
        return layer

    def _panel(self, layer, r, title, off, note="", colour=INK):
        r = r.move(off)
        pygame.draw.rect(layer, (28, 20, 15, 205), r, border_radius=10)
        pygame.draw.rect(layer, (120, 92, 60, 255), r, 2, border_radius=10)
        assets.text(layer, title, (r.x + 10, r.y + 4), size=self.head - 4, bold=True,
                    colour=colour)
        if note:
            f = assets.font(max(10, self.head - 8))
            room = r.right - 10 - (r.x + 16 + assets.font(self.head - 4, True).size(title)[0])
            if f.size(note)[0] <= room:
                img = f.render(note, True, MUTED)
                layer.blit(img, img.get_rect(topright=(r.right - 10, r.y + 7)))

    def _draw_scores(self, layer, off, scores, names, mover):
        self._panel(layer, self.score_rect, _("Race to {n}").format(n=number(WIN_POINTS)), off)
        ox, oy = off
        pip = self.pip
        for player in (0, 1):
            x0, step, y = self._track(player)
            side = "B" if player == 0 else "G"
            rgb = faces()[side]
            line = self.label_rect(player).move(off)
            goal = assets.font(self.label_size, True).render(str(WIN_POINTS), True, GOLD)
            last = int(x0 + (WIN_POINTS - 0.5) * step) + ox      # over the goal's ring
            layer.blit(goal, goal.get_rect(midtop=(last, line.y)))
            line.width = goal.get_rect(midtop=(last, line.y)).x - line.x
            # the name is shortened with an ellipsis where the room is short, never the score
            words = _("{name}: {score}").format(name="{name}", score=number(scores[player]))
            room = line.width - 8
            size = assets.fitting_size(words.format(name=names[player]), self.label_size, room,
                                       bold=True, smallest=10)
            assets.text(layer, assets.fitted(words, names[player], size, room, bold=True),
                        (line.x, line.centery), size=size, bold=True, anchor="midleft",
                        colour=lighten(rgb, 0.45) if mover == player else lighten(rgb, 0.15))
            for n in range(1, WIN_POINTS + 1):
                cx = int(x0 + (n - 0.5) * step) + ox
                cy = y + oy
                if n == WIN_POINTS:
                    pygame.draw.circle(layer, GOLD, (cx, cy), pip // 2 + 3, 2)
                if n <= scores[player]:
                    img = score_chip(player, pip, shadow=False)
                    layer.blit(img, img.get_rect(center=(cx, cy)))
                else:       # a place to come, dim, carrying the side's mark as its chips do
                    img = marked_dot(shade(rgb, 0.6), MARKS[side], pip)
                    layer.blit(img, img.get_rect(center=(cx, cy)))

    def _draw_repository(self, layer, off, counts, held, live):
        total = sum(counts.values())
        self._panel(layer, self.repo_rect, _("Repository"), off, note=chips(total))
        for up, slot in self.slots.items():
            n = counts[up] - (1 if held == up else 0)
            cx, cy = self.chip_centre(up)
            cx, cy = cx + off[0], cy + off[1]
            if counts[up] == 0:
                pygame.draw.circle(layer, (*faces()[up], 90), (cx, cy), self.chip // 2, 2)
            else:
                img = chip(up, self.chip)
                for k in range(min(n, 3) - 1, -1, -1):
                    layer.blit(img, img.get_rect(center=(cx + k * 2, cy - k * 3)))
                if not live:
                    veil = pygame.Surface((self.chip + 10, self.chip + 16), pygame.SRCALPHA)
                    pygame.draw.circle(veil, (0, 0, 0, 90), (veil.get_width() // 2,
                                                             veil.get_height() // 2 - 2),
                                       self.chip // 2 + 2)
                    layer.blit(veil, veil.get_rect(center=(cx, cy)))
            pill, tag = self._repository_pill(up, counts[up])
            layer.blit(pill, tag.move(off))

    def _draw_basket(self, layer, off, basket, counts):
        waiting = any(counts.values())
        note = chips(sum(basket))
        self._panel(layer, self.basket_rect, _("Basket"), off, note=note,
                    colour=MUTED if waiting else INK)
        size = int(self.chip * 0.8)
        for pair, slot in enumerate(self.basket_slots):
            cx, cy = self.basket_centre(pair)
            cx, cy = cx + off[0], cy + off[1]
            a, b = PAIR_SIDES[pair]
            n = basket[pair]
            if n:
                img = basket_chip(a, b, size)
                for k in range(min(n, 3) - 1, -1, -1):
                    layer.blit(img, img.get_rect(center=(cx + k * 2, cy - k * 3)))
            else:
                pygame.draw.circle(layer, (120, 100, 80), (cx, cy), size // 2, 1)
            pill, tag = self._basket_pill(pair, n)
            layer.blit(pill, tag.move(off))
        r = self.basket_rect.move(off)
        line_h = max(12, self.head - 4)
        words = (_("Out of play until the Repository is empty.") if waiting
                 else _("Goes back into the Repository now."))
        y = self.basket_slots[0].bottom + off[1] + max(12, self.head - 6)
        assets.paragraph(layer, words, (r.x + 10, y, r.width - 20, line_h * 2),
                         size=max(10, self.head - 8), colour=MUTED)
        if waiting:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (10, 8, 6, 120), veil.get_rect(), border_radius=10)
            layer.blit(veil, r.topleft)
