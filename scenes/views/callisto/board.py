"""Callisto's board as it lies on the table: the octagon of inset squares cut
into a wooden (or marble) rim, the centre region darker, Pentobi's column
letters and row numbers, and the pieces already placed with a dot on the last.

``BoardMixin`` gives ``CallistoView`` these two layers, each drawn once and
kept until the window, the board style or the position changes.
"""

from __future__ import annotations

import pygame

from ... import assets
from .pieces import (geo_piece, grab_offset, lift, piece_surface, shadow_surface,
                              shape_of, sink, turn_of)

CELLS = {"wood": ((216, 202, 174), (150, 130, 102)), "stone": ((206, 206, 200), (140, 140, 138))}


class BoardMixin:
    """Needs ``geo``, ``size``, ``cell``, ``grid``, ``frame``, ``rgbs``, ``state`` and
    ``anim`` from the view, and the caches ``_board_cache``, ``_board_key`` and
    ``_pieces_layer``."""

    def _style(self) -> str:
        return self.board_style(tuple(CELLS))

    def _octagon(self, margin: float) -> list:
        """The rim around the cells: an octagon ``margin`` pixels outside the stepped edge."""
        c, s = self.cell, self.size
        e0 = (s - self.geo.edge) // 2
        k = margin * (2 ** 0.5 - 1)
        gx, gy = self.grid.x - self.frame.x, self.grid.y - self.frame.y
        pts = [(e0 * c - k, -margin), (s * c - e0 * c + k, -margin),
               (s * c + margin, e0 * c - k), (s * c + margin, s * c - e0 * c + k),
               (s * c - e0 * c + k, s * c + margin), (e0 * c - k, s * c + margin),
               (-margin, s * c - e0 * c + k), (-margin, e0 * c - k)]
        return [(gx + x, gy + y) for x, y in pts]

    def _board_surface(self) -> pygame.Surface:
        key = (self._style(), self.frame.size, self.cell)
        if self._board_cache is not None and self._board_key == key:
            return self._board_cache
        self._board_key = key
        style = key[0]
        c = self.cell
        pad = 12
        surf = pygame.Surface((self.frame.width + pad, self.frame.height + pad), pygame.SRCALPHA)
        margin = (self.grid.x - self.frame.x) * 0.92
        outline = self._octagon(margin)
        shadow = [(x + 6, y + 8) for x, y in outline]
        pygame.draw.polygon(surf, (0, 0, 0, 110), shadow)
        # the rim: the table's wood (or marble) cut to the octagon
        texture = assets.scaled("marble.png" if style == "stone" else "wood.png",
                                self.frame.size)
        mask = pygame.Surface(self.frame.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), outline)
        rim = texture.copy().convert_alpha() if pygame.display.get_surface() else texture.copy()
        rim.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(rim, (0, 0))
        pygame.draw.polygon(surf, (255, 236, 200, 90), outline, 2)
        inner = self._octagon(margin - 3)
        pygame.draw.polygon(surf, (0, 0, 0, 70), inner, 2)
        # the bed the squares are sunk into
        gx, gy = self.grid.x - self.frame.x, self.grid.y - self.frame.y
        bed = pygame.Surface(self.frame.size, pygame.SRCALPHA)
        for x, y in self.geo.cells:
            pygame.draw.rect(bed, (40, 28, 18, 200), (gx + x * c - 1, gy + y * c - 1, c + 2, c + 2))
        surf.blit(bed, (0, 0))
        plain, centre = CELLS[style]
        centre_cells = set(self.geo.centre_cells)
        m = max(1, c // 18)
        b = max(1, c // 9)
        for x, y in self.geo.cells:
            base = centre if (x, y) in centre_cells else plain
            r = pygame.Rect(gx + x * c + m, gy + y * c + m, c - 2 * m, c - 2 * m)
            pygame.draw.rect(surf, base, r)
            # sunk in: shadow along the top and left, light along the bottom and right
            l, t, rt, bt = r.left, r.top, r.right - 1, r.bottom - 1
            pygame.draw.polygon(surf, sink(base, 0.32), [(l, t), (rt, t), (rt - b, t + b),
                                                          (l + b, t + b)])
            pygame.draw.polygon(surf, sink(base, 0.2), [(l, t), (l + b, t + b), (l + b, bt - b),
                                                         (l, bt)])
            pygame.draw.polygon(surf, lift(base, 0.3), [(l, bt), (l + b, bt - b),
                                                         (rt - b, bt - b), (rt, bt)])
            pygame.draw.polygon(surf, lift(base, 0.18), [(rt, t), (rt, bt), (rt - b, bt - b),
                                                          (rt - b, t + b)])
        self._draw_labels(surf, gx, gy)
        self._board_cache = surf
        return surf

    def _draw_labels(self, surf, gx, gy) -> None:
        """Column letters along the bottom and row numbers along the left, as in Pentobi."""
        c = self.cell
        if c < 14:
            return
        f = assets.font(max(9, int(c * 0.36)))
        ink, shade = (255, 240, 214), (30, 18, 10)
        room = (self.grid.x - self.frame.x) * 0.45
        for x in range(self.size):
            for colour, dx in ((shade, 1), (ink, 0)):
                img = f.render(chr(ord("a") + x), True, colour)
                surf.blit(img, img.get_rect(center=(gx + x * c + c // 2 + dx,
                                                    gy + self.size * c + room + dx)))
        for y in range(self.size):
            for colour, dx in ((shade, 1), (ink, 0)):
                img = f.render(str(self.size - y), True, colour)
                surf.blit(img, img.get_rect(center=(gx - room + dx, gy + y * c + c // 2 + dx)))

    def _build_pieces(self, moves, last=None) -> pygame.Surface:
        c = self.cell
        layer = pygame.Surface(self.grid.size, pygame.SRCALPHA)
        geo = self.geo
        placed = []
        for colour, move in moves:
            cells = geo.cells_of_move[move]
            shape = shape_of(cells)
            x0 = min(x for x, _ in cells)
            y0 = min(y for _, y in cells)
            placed.append((colour, shape, x0 * c, y0 * c))
        lift = max(1, c // 12)
        for _colour, shape, x, y in placed:
            layer.blit(shadow_surface(shape, c, 80), (x + lift, y + lift))
        for colour, shape, x, y in placed:
            layer.blit(piece_surface(self.rgbs[colour], shape, c), (x, y))
        if last is not None:
            cells = geo.cells_of_move[last]
            x0 = min(x for x, _ in cells)
            y0 = min(y for _, y in cells)
            gx, gy = grab_offset(geo_piece(geo, last), turn_of(geo, last))
            centre = ((x0 + gx) * c + c // 2, (y0 + gy) * c + c // 2)
            pygame.draw.circle(layer, (255, 255, 255, 210), centre, max(2, c // 7))
            pygame.draw.circle(layer, (0, 0, 0, 90), centre, max(2, c // 7), 1)
        return layer

    def _pieces(self) -> pygame.Surface:
        if self._pieces_layer is None:
            moves = self.state.moves
            if self.anim is not None:
                moves = moves[:-1]
                last = moves[-1][1] if moves else None
            else:
                last = moves[-1][1] if moves else None
            self._pieces_layer = self._build_pieces(moves, last)
        return self._pieces_layer
