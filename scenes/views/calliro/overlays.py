"""What lies over Calliro's chips for a moment: the chip in motion (flying in from
the Repository, dropping, turning over to show its underside), the lit arcs of a
point, score chips taking over while the chips that scored lift off to the
Basket, the chip in hand, the Hint button's ghost and a rules diagram's marks.

``Overlays`` is the part of ``CalliroView`` that draws these, straight onto the
screen each frame, over the ``Board`` it is given.  It keeps no state of its
own: the view passes the animation, the position and the chip in hand.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.calliro import parse_cell

from game.i18n import N_, _

from ... import assets
from ..base import GOLD, INK, pulse
from ..drawing import lighten
from .art import MOVER_PHASES, faces, ghost, pair_of, score_chip, squeezed

#: Said under a placed chip while it shows its underside, so the glimpse reads as the
#: same chip turned over, not as another chip put down.
UNDERSIDE = N_("underside")


class Overlays:
    """Drawing over the chips of ``board``, the ``Board`` that says where the cells lie
    and gives the chips' sprites."""

    def __init__(self, board):
        self.board = board

    def draw_arcs(self, surface, arcs, scorer, alpha=1.0) -> None:
        """The ``arcs`` (three cells each) that score for ``scorer``."""
        board = self.board
        rgb = lighten(faces()["BG"[scorer]], 0.55)
        w = max(3, int(board.cell * 0.16 * alpha))
        for a, n, b in arcs:
            pts = [board.cell_center(a), board.cell_center(n), board.cell_center(b)]
            pygame.draw.lines(surface, (30, 16, 6), False, pts, w + 4)
            pygame.draw.lines(surface, rgb, False, pts, w)
            for end in (pts[0], pts[2]):
                pygame.draw.circle(surface, GOLD, end, max(4, int(board.cell * 0.22)), 3)

    def draw_pending_arcs(self, surface, state, pointer=None) -> None:
        """The arcs of the point whose score chip waits for the scorer to place it, a
        breathing ring round each chip it may replace and, under ``pointer`` (the
        scorer's, when they may choose), the score chip as it would lie there."""
        if not state.pending_cells:
            return
        board = self.board
        cell = state.pending_cells[0]
        self.draw_arcs(surface, state.arcs_at(cell), state.to_move)
        targets = [tuple(m.cell) for m in state.legal_moves()]
        radius = int(board.chip_size * 0.56)
        ring = lighten(GOLD, 0.5 * pulse())
        for target in targets:
            centre = board.cell_center(target)
            pygame.draw.circle(surface, (30, 16, 6), centre, radius + 3, 2)
            pygame.draw.circle(surface, ring, centre, radius, 3)
        hover = board.cell_at(pointer) if pointer is not None else None
        if hover is not None and tuple(hover) in targets:
            img = score_chip(state.to_move, board.chip_size).copy()
            img.set_alpha(190)
            surface.blit(img, img.get_rect(center=board.cell_center(hover)))

    def draw_animation(self, surface, anim, trays, undersides: bool, floor: int) -> None:
        """The phase ``anim`` is in.  A placed chip flies in from its stack in ``trays`` (or
        from ``floor``, the bottom edge of the view, when there are none); ``undersides``:
        chips show their undersides as an inner ring."""
        board = self.board
        a = anim
        phase, duration = a["phases"][a["index"]]
        t = min(1.0, a["t"] / duration) if duration > 0 else 1.0
        cell = a["cell"]
        size = board.chip_size
        x, y = board.cell_center(cell)
        text = a["chip"]
        under = f"{text[2].upper()}/{text[0].lower()}" if text and "/" in text else text
        last = a["last"]
        before_swap = any(p == "swap" for p, _ in a["phases"][a["index"]:])
        for c, chip_text in a["swaps"]:
            if phase == "swap":
                self._draw_swap(surface, anim, c, chip_text, t, last["player"], trays, undersides)
            elif before_swap and not (c == cell and phase in MOVER_PHASES):
                img = board.sprite(chip_text, undersides=undersides)
                surface.blit(img, img.get_rect(center=board.cell_center(c)))
        if phase in ("arcs", "swap") and last and last["arcs"]:
            scorer = 0 if last["points"][0] else 1
            self.draw_arcs(surface, last["arcs"], scorer)
        if phase == "fly":
            start = trays.chip_centre(text[0]) if trays else (x, floor)
            e = 1 - (1 - t) ** 3
            hop = (1 - (2 * t - 1) ** 2) * board.cell * 1.6
            pos = (start[0] + (x - start[0]) * e, start[1] + (y - start[1]) * e - hop)
            self._blit_chip(surface, board.sprite(text), pos, hop)
        elif phase == "drop":
            self._blit_chip(surface, board.sprite(text), (x, y - 6 * (1 - t)), 6 * (1 - t))
        elif phase in ("turn", "back", "flip"):
            if phase == "flip":
                first, second = a["before"], text
            else:
                first, second = (text, under) if phase == "turn" else (under, text)
            face = first if t < 0.5 else second
            img = board.sprite(face)
            hop = math.sin(math.pi * t) * board.cell * 0.5
            squeeze = abs(math.cos(math.pi * t))
            self._blit_chip(surface, squeezed(img, squeeze), (x, y - hop), hop, squeeze)
            if phase != "flip" and face == under:
                # the glimpse is told as the same chip's other side, not as another chip
                self._draw_underside_caption(surface, (x, y - hop))
        elif phase == "glimpse":
            img = board.sprite(under)
            hop = board.cell * 0.1
            self._blit_chip(surface, img, (x, y - hop), hop)
            ring = int(size * 0.56 + 2 * pulse(0.5))
            pygame.draw.circle(surface, (255, 250, 230), (x, int(y - hop)), ring, 2)
            self._draw_underside_caption(surface, (x, y - hop))

    def _blit_chip(self, surface, img, pos, lift=0.0, squeeze=1.0) -> None:
        """The chip ``img`` at ``pos``, ``lift`` pixels above the board, ``squeeze`` its
        width while it turns over: its shadow on the board is as wide as the chip looks."""
        if lift > 1:
            size = self.board.chip_size
            shade = _shadow(max(2, int(size * squeeze)), size)
            surface.blit(shade, shade.get_rect(center=(int(pos[0] + lift * 0.4),
                                                       int(pos[1] + lift))))
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def _draw_underside_caption(self, surface, centre) -> None:
        """"underside" just under a chip shown turned over as it lands, on a dark pill."""
        size = max(12, min(21, int(self.board.cell * 0.36)))
        words = _(UNDERSIDE)
        pill = _pill(assets.measure(words, size, True) + 14,
                     assets.font(size, True).get_linesize() + 2)
        box = pill.get_rect(midtop=(int(centre[0]), int(centre[1]) + self.board.chip_size // 2))
        surface.blit(pill, box)
        assets.text(surface, words, box.center, size=size, colour=INK, bold=True,
                    anchor="center")

    def _draw_swap(self, surface, anim, cell, chip_text, t, player, trays, undersides) -> None:
        board = self.board
        x, y = board.cell_center(cell)
        scorer = 0 if anim["last"]["points"][0] else 1
        if anim["last"]["action"] == "replace":
            scorer = player
        size = board.chip_size
        grow = max(1, int(size * min(1.0, t * 1.4)))
        img = score_chip(scorer, grow)
        surface.blit(img, img.get_rect(center=(x, y)))
        # the chip that scored lifts off towards the Basket
        if trays is not None and "/" in chip_text:
            bx, by = trays.basket_centre(pair_of(chip_text))
        else:
            bx, by = x, y
        e = t * t
        pos = (x + (bx - x) * e, y + (by - y) * e - math.sin(math.pi * t) * board.cell)
        shrink = max(2, int(size * (1 - 0.5 * t)))
        body = board.sprite(chip_text, shrink, undersides=undersides)
        body.set_alpha(int(255 * (1 - t * 0.6)))
        surface.blit(body, body.get_rect(center=(int(pos[0]), int(pos[1]))))
        body.set_alpha(None)

    def draw_held(self, surface, state, held, pointer) -> None:
        """The chip with ``held`` up under the ``pointer``, its ghost on the empty cell below."""
        board = self.board
        cell = board.cell_at(pointer)
        if cell is not None and state.chip_at(cell) is None:
            g = ghost(held, board.chip_size)
            surface.blit(g, g.get_rect(center=board.cell_center(cell)))
        img = board.sprite(f"{held}/x", int(board.chip_size * 0.9))
        self._blit_chip(surface, img, (pointer[0], pointer[1] - 6), 8)

    def _ring(self, surface, cell, colour, width=3) -> None:
        x, y = self.board.cell_center(cell)
        r = int(self.board.chip_size * 0.58)
        pygame.draw.circle(surface, (0, 0, 0), (x + 1, y + 1), r, width)
        pygame.draw.circle(surface, colour, (x, y), r, width)

    def draw_hint(self, surface, move) -> None:
        """The Hint button's ``move``: a ghost chip for a placement, a pulsing ring."""
        glow = (140, 230, 255)
        if move.action == "place":
            g = ghost(move.up, self.board.chip_size)
            surface.blit(g, g.get_rect(center=self.board.cell_center(move.cell)))
        width = 2 + int(3 * pulse())
        self._ring(surface, move.cell, glow, width)

    def draw_marks(self, surface, state, marks, parse_move) -> None:
        """Ring what a rules diagram points at: moves (read by ``parse_move``) or cells."""
        for mark in marks:
            try:
                move = parse_move(state, str(mark))
            except ValueError:
                move = None
            if move is not None:
                if move.action == "place":
                    g = ghost(move.up, self.board.chip_size)
                    surface.blit(g, g.get_rect(center=self.board.cell_center(move.cell)))
                self._ring(surface, move.cell, GOLD)
                continue
            try:
                self._ring(surface, parse_cell(str(mark), self.board.radius), GOLD)
            except ValueError:
                pass

    def notice_box(self, notice, frame) -> pygame.Rect:
        """The box for ``notice`` (a title and a few lines) over a board in ``frame``."""
        title, body = self._notice_sizes(frame)
        width = min(frame.width - 40, 520)
        lines = assets.wrap(notice["text"], body, width - 32)
        height = (assets.font(title, True).get_linesize() + 8
                  + len(lines) * int(assets.font(body).get_linesize() * 1.1) + 20)
        box = pygame.Rect(0, 0, width, height)
        box.centerx = frame.centerx
        return box

    @staticmethod
    def _notice_sizes(frame) -> tuple:
        body = max(15, min(19, frame.height // 32))
        return body + 3, body

    def draw_notice(self, surface, notice, box) -> None:
        """A refusal explained in ``box``: its title, then its reason in readable lines;
        it fades in its last second."""
        fade = max(0.0, min(1.0, notice["ttl"]))
        title, body = self._notice_sizes(self.board.frame)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (24, 14, 10, int(225 * fade)), panel.get_rect(),
                         border_radius=12)
        pygame.draw.rect(panel, (235, 120, 95, int(255 * fade)), panel.get_rect(), 3,
                         border_radius=12)
        # (a language written right to left starts each line at the right: ``assets.text``
        # puts words given their room against its right edge)
        room = box.width - 32
        head = assets.text(panel, notice["title"], (16, 10), size=title, bold=True,
                           colour=(255, 170, 130), width=room)
        y = 10 + head.height + 6
        step = int(assets.font(body).get_linesize() * 1.1)
        for line in assets.wrap(notice["text"], body, room):
            assets.text(panel, line, (16, y), size=body, colour=INK, width=room)
            y += step
        panel.set_alpha(int(255 * fade))
        surface.blit(panel, box.topleft)


@lru_cache(maxsize=16)
def _shadow(width: int, height: int) -> pygame.Surface:
    """The soft shadow of a chip ``width`` pixels wide as it looks (narrower while it
    turns over) and ``height`` tall."""
    img = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.ellipse(img, (0, 0, 0, 70), img.get_rect())
    return img


@lru_cache(maxsize=8)
def _pill(width: int, height: int) -> pygame.Surface:
    """A dark pill for a caption ``width`` by ``height`` pixels."""
    pill = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = height // 2
    pygame.draw.rect(pill, (20, 12, 6, 215), pill.get_rect(), border_radius=radius)
    pygame.draw.rect(pill, (255, 250, 230, 150), pill.get_rect(), 1, border_radius=radius)
    return pill
