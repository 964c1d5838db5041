"""Calliro's board as it lies on the table: the hexagon of shallow wells with its
column letters and row numbers, the chips on it (the last one ringed, a
flip-locked one with its padlock) and, while a chip is in hand or a score chip
waits for its cell, the cells it may go on lit up (red where Rule 2 refuses).

``Board`` is the part of ``CalliroView`` that owns where the board lies (its
hexagon's frame, centre and cell size, and each cell's place on the screen)
and these three layers, each drawn once and kept until the window, the board
style, the position or the chip in hand changes.  The view tells it what to
show; it never sees the player's input or changes the game.
"""

from __future__ import annotations

import pygame

from game.calliro import RULE_2, cell_label
from game.i18n import _

from ..base import GOLD, pulse
from ..drawing import lighten
from ..palette import current
from .art import SQRT3, board_surface, chip, faces, glow_cell, lock, score_chip

MARGIN = 1.8        # board rim beyond the outer cells, in cell radii
PAD = 16            # room round the hexagon in the cached layers, for shadows and glows


class Board:
    """A board of ``radius`` cells from the centre to an edge."""

    def __init__(self, radius: int):
        self.radius = radius
        self.cell = 20.0                        # a cell's outer radius in pixels
        self.centre = (0, 0)
        self.frame = pygame.Rect(0, 0, 10, 10)  # the board's hexagon, bounding box
        self.centres: dict = {}                 # cell -> its centre on the screen
        self._board = None
        self._board_key = None
        self._chips = None
        self._chips_key = None                  # (state, what else the layer shows)
        self._glow = None
        self._glow_key = None

    # --- where it lies ------------------------------------------------------------------
    def fit(self, rect: pygame.Rect, beside: int = 0) -> None:
        """The largest board that fits in ``rect`` less ``beside`` pixels kept free on its
        right (the column beside it), the two centred together."""
        n = self.radius
        outer = SQRT3 * n + MARGIN                       # board's corner radius, in cells
        s = min((rect.width - beside) / (2 * outer), rect.height / (SQRT3 * outer))
        self.cell = s = max(6.0, s)
        w, h = int(2 * outer * s), int(SQRT3 * outer * s)
        x0 = rect.x + (rect.width - w - beside) // 2
        self.frame = pygame.Rect(x0, rect.y + (rect.height - h) // 2, w, h)
        self.centre = self.frame.center
        self.centres = {}
        for r in range(-n, n + 1):
            for q in range(-n, n + 1):
                if abs(q + r) <= n:
                    self.centres[(q, r)] = self._pixel(q, r)
        self._board = self._chips = self._glow = None

    def _pixel(self, q, r) -> tuple:
        s = self.cell
        return (self.centre[0] + s * SQRT3 * (q + r / 2), self.centre[1] + s * 1.5 * r)

    def cell_center(self, cell) -> tuple:
        x, y = self._pixel(*cell)
        return (int(round(x)), int(round(y)))

    def cell_at(self, pos):
        """The cell under ``pos``, or None."""
        s = self.cell
        fy = (pos[1] - self.centre[1]) / (1.5 * s)
        fx = (pos[0] - self.centre[0]) / (SQRT3 * s) - fy / 2
        q, r, z = round(fx), round(fy), round(-fx - fy)
        dq, dr, dz = abs(q - fx), abs(r - fy), abs(z + fx + fy)
        if dq > dr and dq > dz:
            q = -r - z
        elif dr > dz:
            r = -q - z
        cell = (int(q), int(r))
        return cell if cell in self.centres else None

    @property
    def chip_size(self) -> int:
        return max(8, int(self.cell * 1.5))

    def sprite(self, text: str, size=None, undersides: bool = False):
        """The chip written ``text`` (``"O/b"``, or ``"S0"`` for a score chip), ``size``
        pixels across; ``undersides`` shows its underside as an inner ring."""
        size = size or self.chip_size
        if text.startswith("S"):
            return score_chip(int(text[1]), size)
        return chip(text[0], size, text[2].upper() if undersides else None)

    # --- what may be done now -----------------------------------------------------------
    def targets(self, state, up=None) -> tuple:
        """(cells where a chip with ``up`` on top may go, cells refused by Rule 2); with a
        choice pending, the cells the score chip may go on."""
        legal = state.legal_moves()
        if state.pending_cells:
            return tuple(m.cell for m in legal), ()
        if up is None:
            return (), ()
        good = tuple(m.cell for m in legal if m.action == "place" and m.up == up)
        if not good and not state.repository_counts()[up]:
            return (), ()
        taken = set(good)
        rule_2 = []
        for cell in self.centres:
            if cell not in taken and state.chip_at(cell) is None:
                # (the rules may say it in the language in use)
                if state.action_problem(("place", cell, up, None)) in (RULE_2, _(RULE_2)):
                    rule_2.append(cell)
        return good, tuple(rule_2)

    # --- the layers, cached ---------------------------------------------------------------
    def draw_board(self, surface, style: str) -> None:
        surface.blit(self._board_layer(style), (self.frame.x - PAD, self.frame.y - PAD))

    def draw_glow(self, surface, state, held) -> None:
        """Light the cells the chip with ``held`` up (or the pending score chip) may go on."""
        glow = self._glow_layer(state, held)
        glow.set_alpha(int(150 + 100 * pulse()))
        surface.blit(glow, (self.frame.x - PAD, self.frame.y - PAD))

    def draw_chips(self, surface, state, hidden: frozenset, undersides: bool) -> None:
        """The chips of ``state`` but those on the ``hidden`` cells (the animation draws
        them); ``undersides`` shows each chip's underside as an inner ring."""
        layer = self._chips_layer(state, hidden, undersides)
        surface.blit(layer, (self.frame.x - PAD, self.frame.y - PAD))

    def _board_layer(self, style: str):
        key = (style, self.frame.size, self.cell, self.radius)
        if self._board is None or self._board_key != key:
            self._board_key = key
            off = (PAD - self.frame.x, PAD - self.frame.y)
            size = (self.frame.width + 2 * PAD, self.frame.height + 2 * PAD)
            centres = {c: (x + off[0], y + off[1]) for c, (x, y) in self.centres.items()}
            labels = [(text, (x + off[0], y + off[1])) for text, (x, y) in self._labels()]
            outer = (SQRT3 * self.radius + MARGIN) * self.cell
            self._board = board_surface(style, size, (self.centre[0] + off[0],
                                                      self.centre[1] + off[1]),
                                        outer, self.cell, centres, labels)
        return self._board

    def _labels(self) -> list:
        """Column letters below the bottom ends of the columns, row numbers left of the rows."""
        n, out = self.radius, []
        for q in range(-n, n + 1):
            r = min(n, n - q)
            a, b = self._pixel(q, r), self._pixel(q, r + 1)
            out.append((cell_label((q, r), n)[0], _lerp(a, b, 0.68)))
        for r in range(-n, n + 1):
            q = max(-n, -n - r)
            a, b = self._pixel(q, r), self._pixel(q - 1, r)
            out.append((cell_label((q, r), n)[1:], _lerp(a, b, 0.66)))
        return out

    def _chips_layer(self, state, hidden, undersides):
        key = (state, hidden, undersides, self.frame.size, self.cell, current())
        if self._chips is not None and _same(self._chips_key, key):
            return self._chips
        self._chips_key = key
        layer = pygame.Surface(self.frame.inflate(2 * PAD, 2 * PAD).size, pygame.SRCALPHA)
        ox, oy = PAD - self.frame.x, PAD - self.frame.y
        locked = state.flip_locked if state.to_move is not None else None
        last = state.last["cell"] if state.last and state.last["action"] != "replace" else None
        for cell, (x, y) in self.centres.items():
            text = state.chip_at(cell)
            if text is None or cell in hidden:
                continue
            img = self.sprite(text, undersides=undersides)
            c = (int(x + ox), int(y + oy))
            layer.blit(img, img.get_rect(center=c))
            if cell == last:
                pygame.draw.circle(layer, (255, 250, 235), c, int(self.chip_size * 0.53), 2)
            if cell == locked:
                icon = lock(int(self.cell * 0.62))
                layer.blit(icon, icon.get_rect(center=(c[0] + self.cell * 0.5,
                                                       c[1] - self.cell * 0.48)))
        self._chips = layer
        return layer

    def _glow_layer(self, state, held):
        choosing = bool(state.pending_cells)
        key = (state, held, choosing, self.frame.size, self.cell, current())
        if self._glow is not None and _same(self._glow_key, key):
            return self._glow
        self._glow_key = key
        layer = pygame.Surface(self.frame.inflate(2 * PAD, 2 * PAD).size, pygame.SRCALPHA)
        good, bad = self.targets(state, held) if (held or choosing) else ((), ())
        colour = GOLD if choosing else lighten(faces()[held], 0.45) if held else GOLD
        ox, oy = PAD - self.frame.x, PAD - self.frame.y
        for cells, rgb in ((good, colour), (bad, (220, 50, 40))):
            img = glow_cell(self.cell, rgb, 200)
            for cell in cells:
                x, y = self.centres[cell]
                layer.blit(img, img.get_rect(center=(int(x + ox), int(y + oy))))
        self._glow = layer
        return layer


def _same(key, other) -> bool:
    """Whether two cache keys match: the same state object (not merely an equal one,
    whose last move may differ), and equal in everything else."""
    return key is not None and key[0] is other[0] and key[1:] == other[1:]


def _lerp(a, b, t) -> tuple:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
