"""Calabria's board as it lies on the table: the framed twelve-by-eight board of
stone or marble squares with its files and ranks cut into the frame, and the two
army trays, drawn once per window size and board style.  ``BoardMixin`` gives
``CalabriaView`` this layer."""

from __future__ import annotations

import pygame

from game.calabria import FILES, HEIGHT, WIDTH

from ... import assets
from . import art
from .trays import label


class BoardMixin:
    """Needs ``rect``, ``frame_rect``, ``board_rect``, ``cell``, ``trays`` and
    ``_style`` from the view, and the cache ``_static``/``_static_key``."""

    def _static_layer(self) -> pygame.Surface:
        key = (self._style(), tuple(self.rect), self.cell)
        if self._static is not None and self._static_key == key:
            return self._static
        style = self._style()
        spec = art.STYLES[style]
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        ox, oy = self.rect.topleft
        f = self.frame_rect.move(-ox, -oy)
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
        art.blend_rect(frame, (255, 240, 210, 90), frame.get_rect(), 2, radius)
        art.blend_rect(frame, (0, 0, 0, 90), frame.get_rect().inflate(-4, -4), 2, radius)
        layer.blit(frame, f.topleft)
        b = self.board_rect.move(-ox, -oy)
        pygame.draw.rect(layer, (20, 14, 10), b.inflate(6, 6))
        art.blend_rect(layer, (255, 240, 210, 80), b.inflate(8, 8), 1)
        c = self.cell
        for square in range(WIDTH * HEIGHT):
            fi, row = square % WIDTH, square // WIDTH
            light = (fi + row) % 2 == 0
            layer.blit(art.tile(style, light, c, square * 7 + 3), (b.x + fi * c, b.y + row * c))
        # files and ranks cut into the frame
        size = max(11, int(c * 0.3))
        fm = (f.width - b.width) // 2
        for fi, letter in enumerate(FILES):
            x = b.x + fi * c + c // 2
            for y in (b.y - fm // 2, b.bottom + fm // 2):
                self._engrave(layer, letter, (x, y), size, spec)
        for row in range(HEIGHT):
            y = b.y + row * c + c // 2
            for x in (b.x - fm // 2, b.right + fm // 2):
                self._engrave(layer, str(HEIGHT - row), (x, y), size, spec)
        for side, tray in enumerate(self.trays):
            self._draw_tray_box(layer, tray.move(-ox, -oy), side)
        self._static = layer
        self._static_key = key
        return layer

    @staticmethod
    def _engrave(layer, words, centre, size, spec) -> None:
        light = label(words, size, spec["engrave"], True)
        dark = label(words, size, spec["ink"], True)
        r = dark.get_rect(center=centre)
        layer.blit(light, r.move(1, 1))
        layer.blit(dark, r)
