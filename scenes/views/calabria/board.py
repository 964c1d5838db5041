"""Calabria's board as it lies on the table: the framed twelve-by-eight board of
stone or marble squares with its files and ranks cut into the frame, and all
that is drawn on its squares.

``Board`` owns the board's geometry (the cell size, the squares, the frame)
and the picture of the table under everything, drawn once per window size and
board style.  For everything else (the pieces, the marks under and over them,
the held thing on its way) the view hands it the state and what the player
holds and points at.
"""

from __future__ import annotations

import math

import pygame

from game.calabria import FILES, HEIGHT, WIDTH, square_index

from ... import assets
from . import art
from ..base import pulse
from ..drawing import blend_rect, label
from ..palette import current
from .words import is_slide

HIGHLIGHT = (255, 226, 140)
DANGER = (255, 70, 50)
HINT = (130, 225, 255)
PIECE_SIZE = 1.0        # sprite sizes in cells: the Dux stands taller
DUX_SIZE = 1.18
FRAME = 0.48            # the frame's width, in cells


class Board:
    def __init__(self):
        self.cell = 40
        self.rect = pygame.Rect(0, 0, 480, 320)    # the 96 squares
        self.frame = self.rect                     # the squares and the frame around them
        self._layer = None
        self._layer_key = None
        self.turned = False     # drawn from the Gladiators' side: rank 8 nearest, file l left

    # --- geometry ----------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, margin: float = 0.0) -> None:
        """Fit the framed board in ``rect``, ``margin`` cells kept free above and below."""
        across = WIDTH + 2 * FRAME
        down = HEIGHT + 2 * FRAME + 2 * margin
        self.cell = max(12, int(min(rect.width / across, rect.height / down)))
        c = self.cell
        fm = int(c * FRAME)
        total_h = HEIGHT * c + 2 * fm + 2 * int(c * margin)
        top = rect.centery - total_h // 2 + int(c * margin)
        self.rect = pygame.Rect(0, 0, WIDTH * c, HEIGHT * c)
        self.rect.midtop = (rect.centerx, top + fm)
        self.frame = self.rect.inflate(2 * fm, 2 * fm)
        self._layer = None

    def _turn(self, square: int) -> int:
        """The square drawn where ``square`` would be on the unturned board (and back: a
        half turn is its own inverse)."""
        return WIDTH * HEIGHT - 1 - square if self.turned else square

    def square_rect(self, square) -> pygame.Rect:
        c = self.cell
        place = self._turn(square)
        return pygame.Rect(self.rect.x + (place % WIDTH) * c,
                           self.rect.y + (place // WIDTH) * c, c, c)

    def square_at(self, pos):
        """The square under ``pos``, or None off the board."""
        if not self.rect.collidepoint(pos):
            return None
        c = self.cell
        return self._turn(((pos[1] - self.rect.y) // c) * WIDTH + (pos[0] - self.rect.x) // c)

    # --- the table, drawn once -----------------------------------------------------------
    def layer(self, area: pygame.Rect, style: str, trays) -> pygame.Surface:
        """The table under everything in ``area``: the frame, the squares, the names
        of files and ranks, and the empty ``trays``."""
        key = (style, tuple(area), self.cell, self.turned, current())
        if self._layer is not None and self._layer_key == key:
            return self._layer
        spec = art.STYLES[style]
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        ox, oy = area.topleft
        f = self.frame.move(-ox, -oy)
        radius = max(4, self.cell // 6)
        # the frame, its drop shadow and bevel
        pygame.draw.rect(layer, (0, 0, 0, 120), f.move(5, 8), border_radius=radius)
        frame = pygame.Surface(f.size, pygame.SRCALPHA)
        tex = assets.tiled(spec["frame_texture"], f.size, tile=max(128, f.height))
        frame.blit(tex, (0, 0))
        if spec["frame"] is not None:
            tint = pygame.Surface(f.size)
            tint.fill(spec["frame"])
            frame.blit(tint, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        mask = pygame.Surface(f.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        frame.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        blend_rect(frame, (255, 240, 210, 90), frame.get_rect(), 2, radius)
        blend_rect(frame, (0, 0, 0, 90), frame.get_rect().inflate(-4, -4), 2, radius)
        layer.blit(frame, f.topleft)
        b = self.rect.move(-ox, -oy)
        pygame.draw.rect(layer, (20, 14, 10), b.inflate(6, 6))
        blend_rect(layer, (255, 240, 210, 80), b.inflate(8, 8), 1)
        c = self.cell
        for square in range(WIDTH * HEIGHT):
            fi, row = square % WIDTH, square // WIDTH
            light = (fi + row) % 2 == 0          # the same on a turned board (even sides)
            layer.blit(art.tile(style, light, c, square * 7 + 3),
                       self.square_rect(square).move(-ox, -oy).topleft)
        # files and ranks cut into the frame
        size = max(11, int(c * 0.3))
        fm = (f.width - b.width) // 2
        for fi, letter in enumerate(FILES):
            x = b.x + (WIDTH - 1 - fi if self.turned else fi) * c + c // 2
            for y in (b.y - fm // 2, b.bottom + fm // 2):
                self._engrave(layer, letter, (x, y), size, spec)
        for row in range(HEIGHT):
            y = b.y + (HEIGHT - 1 - row if self.turned else row) * c + c // 2
            for x in (b.x - fm // 2, b.right + fm // 2):
                self._engrave(layer, str(HEIGHT - row), (x, y), size, spec)
        trays.draw_boxes(layer, area.topleft)
        self._layer = layer
        self._layer_key = key
        return layer

    @staticmethod
    def _engrave(layer, words, centre, size, spec) -> None:
        light = label(words, size, spec["engrave"], True)
        dark = label(words, size, spec["ink"], True)
        r = dark.get_rect(center=centre)
        layer.blit(light, r.move(1, 1))
        layer.blit(dark, r)

    # --- pieces ------------------------------------------------------------------------
    def draw_unit(self, surface, ch, cx, cy, scale=1.0, alpha=None) -> None:
        """The piece, Dux or barricade ``ch`` standing at (cx, cy)."""
        c = self.cell
        if ch in "XY":
            img = art.barricade("XY".index(ch), int(c * 0.92 * scale))
        else:
            side = 0 if ch in "rR" else 1
            dux = ch in "RG"
            img = art.figure(side, dux, int(c * (DUX_SIZE if dux else PIECE_SIZE) * scale))
        if alpha is not None:
            img = img.copy()
            img.set_alpha(alpha)
        rect = img.get_rect(center=(cx, cy - (c * 0.04 if ch not in "XY" else 0)))
        surface.blit(img, rect)

    def draw_pieces(self, surface, board, held, dragging, fading) -> None:
        """Everything standing on ``board``, but the pieces in ``fading`` (taken, and
        drawn by the animation) and a held piece while it is dragged; a piece held by
        a click stands a little lifted."""
        c = self.cell
        held_sq = held[1] if held and held[0] == "piece" else None
        for square, ch in enumerate(board):
            if ch == "." or square in fading:
                continue
            if square == held_sq and dragging:
                continue
            r = self.square_rect(square)
            lift = int(c * 0.07) if square == held_sq else 0
            self.draw_unit(surface, ch, r.centerx, r.centery - lift)

    def draw_ghost(self, surface, side, dux, square, standing=True) -> None:
        """A see-through piece of ``side`` where it would be placed."""
        c = self.cell
        r = self.square_rect(square)
        img = art.ghost(side, dux, int(c * (DUX_SIZE if dux else PIECE_SIZE)))
        centre = (r.centerx, r.centery - c * 0.04) if standing else r.center
        surface.blit(img, img.get_rect(center=centre))

    def draw_carried(self, surface, ch, pos) -> None:
        """A piece or barricade carried under the pointer, its shadow on the board."""
        c = self.cell
        x, y = pos
        shadow = art.shadow(c)
        surface.blit(shadow, shadow.get_rect(center=(x + c * 0.08, y + c * 0.35)))
        self.draw_unit(surface, ch, x, y - c * 0.08, 1.1)

    # --- marks -------------------------------------------------------------------------
    def _tint(self, surface, square, colour, alpha) -> None:
        r = self.square_rect(square)
        glow = art.square_glow(r.width, colour, alpha)
        surface.blit(glow, r.topleft)

    def draw_under(self, surface, state, *, quiet, marks, hint, held, preview) -> None:
        """Marks that lie on the stone, under the pieces: the last move (once ``quiet``,
        no animation running), a diagram's squares, the ``hint`` move, what the held
        thing would capture (``preview``) and the square of a held piece."""
        last = getattr(state, "last", None)
        if last is not None and quiet:
            for sq in (last["from"], last["to"]):
                if sq is not None:
                    self._tint(surface, sq, (255, 214, 120), 95)
        for mark in self._mark_squares(marks):
            self._tint(surface, mark, HIGHLIGHT, 90)
        if hint is not None:
            for sq in (hint[1], hint[2]):
                if sq is not None:
                    r = self.square_rect(sq)
                    pygame.draw.rect(surface, HINT, r.inflate(-4, -4), 3, border_radius=6)
        if held is not None:
            for sq in preview:
                self._tint(surface, sq, DANGER, 110)
        if held is not None and held[0] == "piece":
            r = self.square_rect(held[1])
            pygame.draw.rect(surface, HIGHLIGHT, r.inflate(-2, -2), 3, border_radius=5)

    def draw_dangers(self, surface, threatened, pinned) -> None:
        """A red ring that breathes round a threatened Dux, wider than its square, and
        a shackle on each pinned piece."""
        c = self.cell
        glow = int(110 + 140 * pulse(0.9))
        for sq in threatened:
            r = self.square_rect(sq).inflate(c // 5, c // 5)
            ring = art.ring(r.width, DANGER)
            ring.set_alpha(glow)
            surface.blit(ring, r.topleft)
        chain = art.shackle(max(12, int(c * 0.42)))
        for sq in pinned:
            r = self.square_rect(sq)
            surface.blit(chain, chain.get_rect(topright=(r.right + c // 10, r.top + c // 6)))

    def draw_reach(self, surface, state, held, hover, dragging) -> None:
        """Where the held thing may go: a piece's targets (and the jump chain to the
        square under the pointer), the squares open to a barricade, or a ghost of
        the piece from the tray on the empty square under the pointer."""
        s, c = state, self.cell
        if held[0] == "piece":
            frm = held[1]
            for sq in s.destinations(frm):
                r = self.square_rect(sq)
                jump = not is_slide(s.board, frm, sq)
                surface.blit(art.target(c, jump), r.topleft)
            if hover is not None and hover in s.destinations(frm):
                r = self.square_rect(hover)
                if not dragging:   # a ghost of the piece where it would stand
                    self.draw_unit(surface, s.board[frm], r.centerx, r.centery, alpha=130)
                pygame.draw.rect(surface, HIGHLIGHT, r.inflate(-3, -3), 3, border_radius=5)
                path = s.jump_path(frm, hover)
                if path and not is_slide(s.board, frm, hover):
                    self.draw_chain(surface, path, HIGHLIGHT)
        elif held[0] == "barricade":
            peg = art.barricade_spot(c)
            for sq in s.barricade_squares():
                surface.blit(peg, self.square_rect(sq).topleft)
        elif held[0] == "hand" and hover is not None and s.board[hover] == "." \
                and not dragging:
            self.draw_ghost(surface, s.mover, held[1] == "D", hover, standing=False)

    def draw_chain(self, surface, path, colour) -> None:
        """Hops drawn as arcs from landing to landing, with a dot on each landing."""
        c = self.cell
        points = [self.square_rect(sq).center for sq in path]
        for k, (a, b) in enumerate(zip(points, points[1:])):
            # bow each hop sideways: upward along a rank, to the right along a file
            nx, ny = (0, -1) if a[1] == b[1] else (1, 0)
            arc = []
            for i in range(17):
                t = i / 16
                bow = math.sin(math.pi * t) * c * 0.42
                arc.append((a[0] + (b[0] - a[0]) * t + nx * bow,
                            a[1] + (b[1] - a[1]) * t + ny * bow))
            pygame.draw.lines(surface, (40, 20, 0), False, [(x + 1, y + 2) for x, y in arc], 7)
            pygame.draw.lines(surface, colour, False, arc, 4)
            # an arrowhead at each landing
            (x1, y1), (x2, y2) = arc[-3], arc[-1]
            ang = math.atan2(y2 - y1, x2 - x1)
            size = c * 0.16
            head = [(x2, y2), (x2 - size * math.cos(ang - 0.45), y2 - size * math.sin(ang - 0.45)),
                    (x2 - size * math.cos(ang + 0.45), y2 - size * math.sin(ang + 0.45))]
            pygame.draw.polygon(surface, colour, head)
        for k, p in enumerate(points[1:-1], start=1):
            pygame.draw.circle(surface, (40, 20, 0), p, c * 0.13)
            pygame.draw.circle(surface, colour, p, c * 0.11)
            img = label(str(k), max(9, int(c * 0.18)), (40, 20, 0), True)
            surface.blit(img, img.get_rect(center=p))

    @staticmethod
    def _mark_squares(marks) -> list:
        out = []
        for mark in marks:
            try:
                if isinstance(mark, int):
                    out.append(mark)
                elif "-" not in str(mark):
                    out.append(square_index(str(mark)))
            except ValueError:
                continue
        return out

    def draw_marked_moves(self, surface, state, marks) -> None:
        """Moves named in a rules diagram: the path drawn as an arrow (a chain for a jump)."""
        for mark in marks:
            if not isinstance(mark, str) or "-" not in mark:
                continue
            try:
                frm, to = (square_index(part) for part in mark.split("-"))
            except ValueError:
                continue
            for sq in (frm, to):
                r = self.square_rect(sq)
                pygame.draw.rect(surface, HIGHLIGHT, r.inflate(-3, -3), 3, border_radius=5)
            path = state.jump_path(frm, to) or [frm, to]
            if is_slide(state.board, frm, to):
                self._draw_arrow(surface, self.square_rect(frm).center,
                                 self.square_rect(to).center)
            else:
                self.draw_chain(surface, path, HIGHLIGHT)

    def _draw_arrow(self, surface, a, b) -> None:
        c = self.cell
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        tip = (b[0] - math.cos(ang) * c * 0.2, b[1] - math.sin(ang) * c * 0.2)
        pygame.draw.line(surface, (40, 20, 0), (a[0] + 1, a[1] + 2), (tip[0] + 1, tip[1] + 2), 7)
        pygame.draw.line(surface, HIGHLIGHT, a, tip, 4)
        size = c * 0.25
        head = [(b[0], b[1]), (tip[0] - size * math.cos(ang - 0.6) + math.cos(ang) * size * 0.2,
                               tip[1] - size * math.sin(ang - 0.6) + math.sin(ang) * size * 0.2),
                (tip[0] - size * math.cos(ang + 0.6) + math.cos(ang) * size * 0.2,
                 tip[1] - size * math.sin(ang + 0.6) + math.sin(ang) * size * 0.2)]
        pygame.draw.polygon(surface, HIGHLIGHT, head)
