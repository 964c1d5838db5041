"""Iriri's board viewport drawn: the cloth and its grid, the pieces on it, the
pending placement with its word outlines, hint ghosts, the held pyramid and
the pieces of a placement in flight.

``BoardMixin`` gives ``IririView`` this drawing; the view owns the state, the
camera, the pending placement and the animation it reads.  The cloth with its
pieces is one cached layer, rebuilt only when the view or what it shows changes.
"""

from __future__ import annotations

import math

import pygame

from game.iriri import Place

from . import art
from ..base import GOLD


class BoardMixin:
    def _hidden_cells(self) -> frozenset:
        hidden = set()
        a = self.anim
        if a is not None and a["kind"] == "place" and not a["landed"]:
            hidden.update(a["cells"])
        if self.held is not None and self.held["from"] == "pending" and self.dragging:
            hidden.add(self.held["cell"])
        return frozenset(hidden)

    def _board_layer(self) -> pygame.Surface:
        hidden = self._hidden_cells()
        key = (self.camera.key(), self.state.key(), tuple(self.pending.items()), hidden,
               self.hint_move, self._style(), self.anim is None)
        if self._board is not None and self._board_key == key:
            return self._board
        v = self.viewport
        cam = self.camera
        base, line = art.CLOTH[self._style()]
        layer = pygame.Surface(v.size)
        layer.fill(base)
        k = cam.cell
        half_w, half_h = v.width / (2 * k), v.height / (2 * k)
        for c in range(math.floor(cam.x - half_w), math.ceil(cam.x + half_w) + 1):
            x = round(v.width / 2 + (c - cam.x) * k)
            pygame.draw.line(layer, line, (x, 0), (x, v.height))
        for r in range(math.floor(cam.y - half_h), math.ceil(cam.y + half_h) + 1):
            y = round(v.height / 2 + (r - cam.y) * k)
            pygame.draw.line(layer, line, (0, y), (v.width, y))
        size = max(6, int(k))
        s = self.state

        def at(cell):
            return cam.cell_rect(cell).move(-v.x, -v.y)

        if not s.board:
            layer.blit(art.start_mark(size), at((0, 0)))
        last = getattr(s, "last", None)
        if last and last["kind"] == "place" and self.anim is None:
            for cell in last["cells"]:
                pygame.draw.rect(layer, art.mix(base, GOLD, 0.35), at(tuple(cell)))
        for cell, piece in s.board.items():
            if cell not in hidden:
                r = at(cell)
                if r.colliderect(layer.get_rect()):
                    layer.blit(art.pyramid(piece, size), r)
        if isinstance(self.hint_move, Place):
            for r_, c_, piece in self.hint_move.pieces:
                layer.blit(art.pyramid(piece, size, "ghost"), at((r_, c_)))
        for cell, piece in self.pending.items():
            if cell not in hidden:
                layer.blit(art.pyramid(piece, size, "pending"), at(cell))
        self._board, self._board_key = layer, key
        return layer

    def _word_rect(self, cells, inset) -> pygame.Rect:
        a = self.camera.cell_rect(cells[0])
        b = self.camera.cell_rect(cells[-1])
        return a.union(b).inflate(-inset, -inset)

    def _draw_board_marks(self, surface) -> None:
        cam = self.camera
        k = int(cam.cell)
        if self.held is not None and self.show_hints() and self.state.board:
            dot = art.frontier_dot(max(6, k))
            for cell in self._frontier:
                if cell not in self.pending:
                    surface.blit(dot, cam.cell_rect(cell))
        width = max(2, k // 16)
        for n, word in enumerate(self.pending_words):
            colour = art.WORD_COLOURS[n % len(art.WORD_COLOURS)] if word.valid else art.BAD
            rect = self._word_rect(word.cells, 2 + 2 * (n % 3) * width)
            art.outline(surface, rect, colour, width + 1, max(4, k // 5))
        for cell in self.pending:
            if self.held is not None and self.held.get("cell") == cell and not self.dragging:
                art.outline(surface, cam.cell_rect(cell).inflate(-4, -4), GOLD, width + 1,
                            max(3, k // 6))
            else:
                art.outline(surface, cam.cell_rect(cell).inflate(-6, -6), (250, 246, 236), 1,
                            dashed=True)
        if isinstance(self.hint_move, Place):
            for cell in self.hint_move.cells:
                pygame.draw.rect(surface, art.HINT, cam.cell_rect(cell).inflate(-3, -3), width,
                                 border_radius=max(3, k // 6))
        held = self.held
        if held is not None and self.hover is not None:
            r = cam.cell_rect(self.hover)
            empty = self.hover not in self.state.board and (
                self.hover not in self.pending or self.hover == held.get("cell"))
            if empty and not self.dragging:
                surface.blit(art.pyramid(held["type"], max(6, k), "ghost"), r)
            pygame.draw.rect(surface, GOLD if empty else art.BAD, r.inflate(-2, -2), width,
                             border_radius=max(3, k // 6))

    def _draw_landing(self, surface) -> None:
        """Just after a placement lands: its words flash and the points rise."""
        a = self.anim
        if a is None or a["kind"] != "place" or not a["landed"]:
            return
        u = min(1.0, (a["t"] - a["travel"]) / max(0.01, a["total"] - a["travel"]))
        k = int(self.camera.cell)
        width = max(2, k // 16)
        fade = int(255 * (1 - u))
        for n, word in enumerate(a["words"]):
            cells = [tuple(c) for c in word["cells"]]
            rect = self._word_rect(cells, 2 + 2 * (n % 3) * width)
            box = pygame.Surface(rect.inflate(8, 8).size, pygame.SRCALPHA)
            colour = art.WORD_COLOURS[n % len(art.WORD_COLOURS)]
            pygame.draw.rect(box, (*colour, fade), box.get_rect().inflate(-4, -4), width + 1,
                             border_radius=max(4, k // 5))
            surface.blit(box, rect.inflate(8, 8).topleft)
        if a["points"]:
            cells = [tuple(c) for c in a["cells"]]
            x = sum(self.camera.cell_rect(c).centerx for c in cells) / len(cells)
            y = min(self.camera.cell_rect(c).top for c in cells) - k * 0.6 * u
            img = art.label(f"+{art.half_text(a['points'])}", max(16, int(k * 0.6)),
                            (255, 236, 160), True).copy()
            img.set_alpha(fade)
            surface.blit(img, img.get_rect(midbottom=(x, y)))

    def _draw_flights(self, surface) -> None:
        a = self.anim
        if a is None or a["kind"] != "place" or a["landed"] or not a["starts"]:
            return
        u = min(1.0, a["t"] / a["travel"])
        ease = u * u * (3 - 2 * u)
        k = self.camera.cell
        start_size = self.hand_slot_rect(a["player"], 0).width
        for piece, start, cell in zip(a["pieces"], a["starts"], a["cells"]):
            end = self.camera.cell_rect(cell).center
            x = start[0] + (end[0] - start[0]) * ease
            y = start[1] + (end[1] - start[1]) * ease - math.sin(math.pi * u) * k * 0.5
            size = int(start_size + (k - start_size) * ease)
            img = art.pyramid(piece, max(6, size))
            surface.blit(img, img.get_rect(center=(x, y)))

    def _draw_held(self, surface) -> None:
        if self.held is None or not self.dragging:
            return
        over_board = self.viewport.collidepoint(self.pointer)
        size = int(self.camera.cell * 1.08) if over_board else self.hand_slot_rect(0, 0).width
        img = art.pyramid(self.held["type"], max(8, size))
        surface.blit(img, img.get_rect(center=self.pointer))
