"""Iriri's board: the viewport onto the unbounded cloth, with its camera, its
grid, the pieces on it, the pending placement with its word outlines, hint
ghosts, the held pyramid and the pieces of a placement in flight.

``Board`` owns where the viewport lies, the camera looking through it, the cell
under the pointer, a right-button drag that pans it and the cached layer of the
cloth with its pieces, rebuilt only when what it shows changes.  The view hands
it the state, the placement being built, the hint and the animation to draw,
and routes panning and zooming to it; it never changes the state.
"""

from __future__ import annotations

import math

import pygame

from game.core import score_text
from game.i18n import _, rtl
from game.iriri import Place

from . import art
from ..base import GOLD
from ..drawing import label, mix
from ..palette import current
from .camera import Camera

MUTED = (200, 184, 160)
NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))


class Board:
    def __init__(self):
        self.camera = Camera()
        self.viewport = pygame.Rect(0, 0, 400, 300)
        self.centre_rect = pygame.Rect(0, 0, 0, 0)
        self.hover = None           # cell under the pointer
        self.panning = None         # last pointer position of a right-button drag
        self.frontier = frozenset()  # empty cells beside the pieces: where a word may go
        self._layer = self._layer_key = None

    # --- layout and cells --------------------------------------------------------------
    def layout(self, viewport: pygame.Rect) -> None:
        self.viewport = viewport
        self.camera.set_viewport(viewport)
        w = max(84, min(120, viewport.width // 6))
        h = max(26, min(34, viewport.height // 14))
        self.centre_rect = pygame.Rect(0, 0, w, h)
        # the button ends the row of controls: at the left in a language read from the right
        if rtl():
            self.centre_rect.bottomleft = (viewport.x + 8, viewport.bottom - 8)
        else:
            self.centre_rect.bottomright = (viewport.right - 8, viewport.bottom - 8)
        self._layer = None

    def cell_rect(self, cell) -> pygame.Rect:
        return self.camera.cell_rect(cell)

    def cell_at(self, pos):
        """The (row, col) under ``pos``, or None outside the viewport."""
        return self.camera.cell_at(pos)

    def show(self, state) -> None:
        """A new position: where its next word may go, and its layer drawn afresh."""
        self.frontier = frozenset(
            (r + dr, c + dc) for r, c in state.board for dr, dc in NEIGHBOURS
            if (r + dr, c + dc) not in state.board)
        self._layer = None

    def changed(self) -> None:
        """Something the cached layer shows has changed: draw it afresh next frame."""
        self._layer = None

    # --- moving the camera -------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.camera.update(dt):
            self._layer = None

    @property
    def gliding(self) -> bool:
        """The camera is on its way to a new framing."""
        return self.camera.goal is not None

    def track(self, pos) -> None:
        """Follow the pointer: a right-button drag moves the board along with it."""
        if self.panning is not None:
            self.camera.pan(pos[0] - self.panning[0], pos[1] - self.panning[1])
            self.panning = pos
            self._layer = None
        self.hover = self.camera.cell_at(pos)

    def start_pan(self, pos) -> None:
        if self.viewport.collidepoint(pos):
            self.panning = pos

    def end_pan(self) -> None:
        self.panning = None

    def zoom(self, factor: float, about=None) -> None:
        self.camera.zoom(factor, about)
        self._layer = None

    # --- drawing -----------------------------------------------------------------------
    def draw_shadow(self, layer, offset) -> None:
        """The shadow the viewport casts on the table (static layer)."""
        pygame.draw.rect(layer, (0, 0, 0, 100), self.viewport.move(-offset[0] + 4, -offset[1] + 6),
                         border_radius=6)

    def draw(self, surface, state, placement, hint, anim, style: str, show_hints: bool) -> None:
        """The cloth and its pieces, the marks over them and a landing placement's words."""
        surface.blit(self._board_layer(state, placement, hint, anim, style), self.viewport.topleft)
        clip = surface.get_clip()
        surface.set_clip(self.viewport.clip(clip))
        self._draw_marks(surface, state, placement, hint, show_hints)
        self._draw_landing(surface, anim)
        surface.set_clip(clip)
        pygame.draw.rect(surface, (38, 28, 20), self.viewport.inflate(6, 6), 3, border_radius=6)

    def draw_controls(self, surface, pointer) -> None:
        """The Centre button and, where there is room, how to move the board."""
        art.button(surface, self.centre_rect, _("Centre (C)"), True, False,
                   self.centre_rect.collidepoint(pointer))
        view = self.viewport
        mirrored = rtl()
        room = (view.right - self.centre_rect.right if mirrored
                else self.centre_rect.x - view.x) - 16
        for words in (_("Right-drag or arrow keys: move the board   Wheel or +/-: zoom"),
                      _("Right-drag: move   Wheel: zoom")):
            tip = label(words, 13, MUTED)
            if tip.get_width() <= room:
                at = ({"bottomright": (view.right - 8, view.bottom - 6)} if mirrored
                      else {"bottomleft": (view.x + 8, view.bottom - 6)})
                surface.blit(tip, tip.get_rect(**at))
                break

    @staticmethod
    def _hidden_cells(placement, anim) -> frozenset:
        hidden = placement.hidden()
        if anim is not None and anim["kind"] == "place" and not anim["landed"]:
            hidden.update(anim["cells"])
        return frozenset(hidden)

    def _board_layer(self, state, placement, hint, anim, style) -> pygame.Surface:
        hidden = self._hidden_cells(placement, anim)
        key = (self.camera.key(), state.key(), tuple(placement.pieces.items()), hidden,
               hint, style, anim is None, current())
        if self._layer is not None and self._layer_key == key:
            return self._layer
        v = self.viewport
        cam = self.camera
        base, line = art.CLOTH[style]
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
        s = state

        def at(cell):
            return cam.cell_rect(cell).move(-v.x, -v.y)

        # the centre cell's mark lies under the pieces: where a see-through pending or hint
        # pyramid stands on it, the mark is left out rather than show through (or round a
        # small pyramid) as if it were drawn over it
        covered = set(placement.pieces) - hidden
        if isinstance(hint, Place):
            covered.update(hint.cells)
        if not s.board and (0, 0) not in covered:
            layer.blit(art.start_mark(size), at((0, 0)))
        last = getattr(s, "last", None)
        if last and last["kind"] == "place" and anim is None:
            for cell in last["cells"]:
                pygame.draw.rect(layer, mix(base, GOLD, 0.35), at(tuple(cell)))
        for cell, piece in s.board.items():
            if cell not in hidden:
                r = at(cell)
                if r.colliderect(layer.get_rect()):
                    layer.blit(art.pyramid(piece, size), r)
        if isinstance(hint, Place):
            for r_, c_, piece in hint.pieces:
                layer.blit(art.pyramid(piece, size, "ghost"), at((r_, c_)))
        for cell, piece in placement.pieces.items():
            if cell not in hidden:
                layer.blit(art.pyramid(piece, size, "pending"), at(cell))
        self._layer, self._layer_key = layer, key
        return layer

    def _word_rect(self, cells, inset) -> pygame.Rect:
        a = self.camera.cell_rect(cells[0])
        b = self.camera.cell_rect(cells[-1])
        return a.union(b).inflate(-inset, -inset)

    def _draw_marks(self, surface, state, placement, hint, show_hints) -> None:
        cam = self.camera
        k = int(cam.cell)
        held = placement.held
        if held is not None and show_hints and state.board:
            dot = art.frontier_dot(max(6, k))
            for cell in self.frontier:
                if cell not in placement.pieces:
                    surface.blit(dot, cam.cell_rect(cell))
        width = max(2, k // 16)
        for n, word in enumerate(placement.words):
            colour = art.WORD_COLOURS[n % len(art.WORD_COLOURS)] if word.valid else art.BAD
            rect = self._word_rect(word.cells, 2 + 2 * (n % 3) * width)
            art.outline(surface, rect, colour, width + 1, max(4, k // 5))
        for cell in placement.pieces:
            if held is not None and held.get("cell") == cell and not placement.dragging:
                art.outline(surface, cam.cell_rect(cell).inflate(-4, -4), GOLD, width + 1,
                            max(3, k // 6))
            else:
                art.outline(surface, cam.cell_rect(cell).inflate(-6, -6), (250, 246, 236), 1,
                            dashed=True)
        if isinstance(hint, Place):
            for cell in hint.cells:
                pygame.draw.rect(surface, art.HINT, cam.cell_rect(cell).inflate(-3, -3), width,
                                 border_radius=max(3, k // 6))
        if held is not None and self.hover is not None:
            r = cam.cell_rect(self.hover)
            empty = self.hover not in state.board and (
                self.hover not in placement.pieces or self.hover == held.get("cell"))
            if empty and not placement.dragging:
                surface.blit(art.pyramid(held["type"], max(6, k), "ghost"), r)
            pygame.draw.rect(surface, GOLD if empty else art.BAD, r.inflate(-2, -2), width,
                             border_radius=max(3, k // 6))

    def _draw_landing(self, surface, anim) -> None:
        """Just after a placement lands: its words flash and the points rise."""
        a = anim
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
            # ("+6½" reads so in every language: a text of no letters is laid out left
            # to right)
            img = label(f"+{score_text(a['points'])}", max(16, int(k * 0.6)),
                        (255, 236, 160), True).copy()
            img.set_alpha(fade)
            surface.blit(img, img.get_rect(midbottom=(x, y)))

    # --- pieces in the air ---------------------------------------------------------------
    def draw_flights(self, surface, anim, start_size: int) -> None:
        """A placement played by someone else flies from its tray slots (``start_size``
        pixels wide) to its cells."""
        a = anim
        if a is None or a["kind"] != "place" or a["landed"] or not a["starts"]:
            return
        u = min(1.0, a["t"] / a["travel"])
        ease = u * u * (3 - 2 * u)
        k = self.camera.cell
        for piece, start, cell in zip(a["pieces"], a["starts"], a["cells"]):
            end = self.camera.cell_rect(cell).center
            x = start[0] + (end[0] - start[0]) * ease
            y = start[1] + (end[1] - start[1]) * ease - math.sin(math.pi * u) * k * 0.5
            size = int(start_size + (k - start_size) * ease)
            img = art.pyramid(piece, max(6, size))
            surface.blit(img, img.get_rect(center=(x, y)))

    def draw_held(self, surface, placement, pointer, hand_size: int) -> None:
        """A dragged pyramid under the pointer: cell-sized over the board, else tray-sized."""
        if placement.held is None or not placement.dragging:
            return
        over_board = self.viewport.collidepoint(pointer)
        size = int(self.camera.cell * 1.08) if over_board else hand_size
        img = art.pyramid(placement.held["type"], max(8, size))
        surface.blit(img, img.get_rect(center=pointer))
