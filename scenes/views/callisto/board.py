"""Callisto's board as it lies on the table: the octagon of inset squares cut
into a wooden (or marble) rim, the centre region darker, Pentobi's column
letters and row numbers, and the pieces already placed with a dot on the last;
over them, what lies on the board for a moment: the held piece as a ghost, the
lit squares of a hint, a piece in flight and the flash of one that just landed.

``Board`` is the part of ``CallistoView`` that owns where the board lies (its
frame, the grid of squares and their size) and all of this drawing.  The table
and the placed pieces are two layers, each drawn once and kept until the
window, the board style or the position changes.  The view tells it what to
show; it never sees the player's input or changes the game.
"""

from __future__ import annotations

import pygame

from game.callisto import orientation

from ... import assets
from ..base import pulse
from ..drawing import lighten
from ..palette import current
from .pieces import (geo_piece, ghost_surface, grab_offset, mark_of, piece_surface,
                     shadow_surface, shape_of, sink, turn_of)

CELLS = {"wood": ((216, 202, 174), (150, 130, 102)), "stone": ((206, 206, 200), (140, 140, 138))}
STYLES = tuple(CELLS)
HINT = (140, 230, 255)
MARK = (255, 214, 120)


class Board:
    """The board of one Callisto geometry, with pieces of the colours called ``names``
    ("Blue"...), drawn in the palette in use."""

    def __init__(self, geo, names: tuple):
        self.geo = geo
        self.size = geo.size
        self.names = names
        self.marks = tuple(mark_of(name) for name in names)
        self.cell = 20
        self.grid = pygame.Rect(0, 0, 10, 10)      # the bounding square of the cells
        self.frame = pygame.Rect(0, 0, 10, 10)     # the board with its rim
        self.bounds = pygame.Rect(0, 0, 10, 10)    # that and its labels
        self.label_size = 12
        self.flash: dict = {}                       # cell -> seconds of glow left
        self._table = None
        self._table_key = None
        self._pieces = None
        self._pieces_key = None
        self._hints = None
        self._hints_key = None
        self._rims: dict = {}                       # (colour, palette) -> the rim lit so

    @property
    def rgbs(self) -> tuple:
        """Each colour's pieces' colour, in the palette in use."""
        palette = current()
        return tuple(palette.callisto[name] for name in self.names)

    # --- where it lies ------------------------------------------------------------------
    def fit(self, square: pygame.Rect) -> None:
        """Lie in ``square``: the board with its rim, and its column letters and row
        numbers outside the rim, below it and to its left."""
        side = square.width
        self.label_size, left, below, rim, cell = self._measure(side)
        self.cell = cell
        span = cell * self.size
        x = square.x + (side - left - rim) // 2 + left
        y = square.y + (side - below - rim) // 2
        self.frame = pygame.Rect(x, y, rim, rim)
        self.bounds = pygame.Rect(x - left, y, rim + left, rim + below)
        self.grid = pygame.Rect(x + (rim - span) // 2, y + (rim - span) // 2, span, span)
        self._table = self._pieces = self._hints = None
        self._rims.clear()

    def cell_for(self, side: int) -> int:
        """The size of a square when the board lies in a square ``side`` pixels across."""
        return self._measure(side)[4]

    def _measure(self, side: int) -> tuple:
        """(label text size, room for the numbers on the left, for the letters below,
        the rim's side, a square's side) for a square ``side`` pixels across."""
        label = max(11, min(18, int(side / (self.size + 1.7) * 0.5)))
        f = assets.font(label)
        left = f.size(str(self.size))[0] + 8
        below = f.get_linesize() + 2
        rim = side - max(left, below)
        return label, left, below, rim, max(6, int(rim / (self.size + 1.7)))

    def label_rects(self) -> list:
        """(text, where it is written) of each column letter and row number, as in Pentobi:
        letters under the rim, numbers (counted from the bottom) left of it."""
        f = assets.font(self.label_size)
        c, out = self.cell, []
        for x in range(self.size):
            text = chr(ord("a") + x)
            r = pygame.Rect((0, 0), f.size(text))
            r.midtop = (self.grid.x + x * c + c // 2, self.frame.bottom + 1)
            out.append((text, r))
        for y in range(self.size):
            text = str(self.size - y)
            r = pygame.Rect((0, 0), f.size(text))
            r.midright = (self.frame.x - 4, self.grid.y + y * c + c // 2)
            out.append((text, r))
        return out

    def cell_rect(self, cell) -> pygame.Rect:
        x, y = cell
        return pygame.Rect(self.grid.x + x * self.cell, self.grid.y + y * self.cell,
                           self.cell, self.cell)

    def cell_center(self, cell) -> tuple:
        return self.cell_rect(cell).center

    def cell_at(self, pos) -> tuple | None:
        """The grid square under ``pos`` (on the octagon or in a cut-off corner), or None."""
        if not self.grid.collidepoint(pos):
            return None
        return ((pos[0] - self.grid.x) // self.cell, (pos[1] - self.grid.y) // self.cell)

    # --- what lies on it for a moment ----------------------------------------------------
    def light(self, cells) -> None:
        """Make ``cells`` flash: a piece has just landed there."""
        for cell in cells:
            self.flash[cell] = 0.7

    def update(self, dt: float) -> None:
        for cell in list(self.flash):
            self.flash[cell] -= dt
            if self.flash[cell] <= 0:
                del self.flash[cell]

    # --- the table and the placed pieces, cached -------------------------------------------
    def draw_table(self, surface, style: str, glow=None) -> None:
        """The board in ``style``; its rim glows in colour ``glow`` (the colour to move)."""
        surface.blit(self._table_surface(style), self.bounds.topleft)
        if glow is not None:
            rim = self._rim_glow(glow)
            rim.set_alpha(int(110 + 110 * pulse()))
            surface.blit(rim, self.frame.topleft)

    def draw_pieces(self, surface, moves) -> None:
        """The pieces of ``moves`` (``(colour, move)`` pairs), a dot on the last one."""
        key = (tuple(moves), self.cell, current())
        if self._pieces is None or self._pieces_key != key:
            self._pieces_key = key
            self._pieces = self._build_pieces(moves, moves[-1][1] if moves else None)
        surface.blit(self._pieces, self.grid.topleft)

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

    def _table_surface(self, style: str) -> pygame.Surface:
        """The board, its rim and its labels, to be laid at ``bounds.topleft``."""
        key = (style, self.bounds.size, self.cell)
        if self._table is not None and self._table_key == key:
            return self._table
        self._table_key = key
        c = self.cell
        pad = 12
        surf = pygame.Surface((self.bounds.width + pad, self.bounds.height + pad), pygame.SRCALPHA)
        board = pygame.Surface((self.frame.width + pad, self.frame.height + pad), pygame.SRCALPHA)
        margin = (self.grid.x - self.frame.x) * 0.92
        outline = self._octagon(margin)
        shadow = [(x + 6, y + 8) for x, y in outline]
        pygame.draw.polygon(board, (0, 0, 0, 110), shadow)
        # the rim: the table's wood (or marble) cut to the octagon
        texture = assets.scaled("marble.png" if style == "stone" else "wood.png",
                                self.frame.size)
        mask = pygame.Surface(self.frame.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), outline)
        rim = texture.copy().convert_alpha() if pygame.display.get_surface() else texture.copy()
        rim.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        board.blit(rim, (0, 0))
        pygame.draw.polygon(board, (255, 236, 200, 90), outline, 2)
        inner = self._octagon(margin - 3)
        pygame.draw.polygon(board, (0, 0, 0, 70), inner, 2)
        # the bed the squares are sunk into
        gx, gy = self.grid.x - self.frame.x, self.grid.y - self.frame.y
        bed = pygame.Surface(self.frame.size, pygame.SRCALPHA)
        for x, y in self.geo.cells:
            pygame.draw.rect(bed, (40, 28, 18, 200), (gx + x * c - 1, gy + y * c - 1, c + 2, c + 2))
        board.blit(bed, (0, 0))
        plain, centre = CELLS[style]
        centre_cells = set(self.geo.centre_cells)
        m = max(1, c // 18)
        b = max(1, c // 9)
        for x, y in self.geo.cells:
            base = centre if (x, y) in centre_cells else plain
            r = pygame.Rect(gx + x * c + m, gy + y * c + m, c - 2 * m, c - 2 * m)
            pygame.draw.rect(board, base, r)
            # sunk in: shadow along the top and left, light along the bottom and right
            l, t, rt, bt = r.left, r.top, r.right - 1, r.bottom - 1
            pygame.draw.polygon(board, sink(base, 0.32), [(l, t), (rt, t), (rt - b, t + b),
                                                           (l + b, t + b)])
            pygame.draw.polygon(board, sink(base, 0.2), [(l, t), (l + b, t + b), (l + b, bt - b),
                                                          (l, bt)])
            pygame.draw.polygon(board, lighten(base, 0.3), [(l, bt), (l + b, bt - b),
                                                          (rt - b, bt - b), (rt, bt)])
            pygame.draw.polygon(board, lighten(base, 0.18), [(rt, t), (rt, bt), (rt - b, bt - b),
                                                           (rt - b, t + b)])
        surf.blit(board, (self.frame.x - self.bounds.x, self.frame.y - self.bounds.y))
        self._draw_labels(surf)
        self._table = surf
        return surf

    def _draw_labels(self, surf) -> None:
        """The column letters and row numbers, in light ink with a dark edge."""
        f = assets.font(self.label_size)
        ink, shade = (255, 240, 214), (20, 12, 6)
        for text, rect in self.label_rects():
            rect = rect.move(-self.bounds.x, -self.bounds.y)
            dark = f.render(text, True, shade)
            for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                surf.blit(dark, rect.move(dx, dy))
            surf.blit(f.render(text, True, ink), rect)

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
        rgbs = self.rgbs
        for colour, shape, x, y in placed:
            layer.blit(piece_surface(rgbs[colour], shape, c, self.marks[colour]), (x, y))
        if last is not None:
            cells = geo.cells_of_move[last]
            x0 = min(x for x, _ in cells)
            y0 = min(y for _, y in cells)
            gx, gy = grab_offset(geo_piece(geo, last), turn_of(geo, last))
            centre = ((x0 + gx) * c + c // 2, (y0 + gy) * c + c // 2)
            pygame.draw.circle(layer, (255, 255, 255, 210), centre, max(2, c // 7))
            pygame.draw.circle(layer, (0, 0, 0, 90), centre, max(2, c // 7), 1)
        return layer

    def _rim_glow(self, colour: int) -> pygame.Surface:
        key = (colour, current())
        glow = self._rims.get(key)
        if glow is None:
            glow = pygame.Surface(self.frame.size, pygame.SRCALPHA)
            rim = self._octagon((self.grid.x - self.frame.x) * 0.92)
            pygame.draw.polygon(glow, (*lighten(self.rgbs[colour], 0.25), 255), rim, 3)
            self._rims[key] = glow
        return glow

    # --- over the pieces --------------------------------------------------------------------
    def draw_hints(self, surface, cover, spots, colour: int, dots: bool) -> None:
        """Light the squares in ``cover`` in ``colour``; with ``dots``, mark the ``spots``
        to click as well."""
        key = (cover, spots, colour, dots, self.cell, current())
        if self._hints is None or self._hints_key != key:
            self._hints_key = key
            c = self.cell
            rgb = self.rgbs[colour]
            surf = pygame.Surface(self.grid.size, pygame.SRCALPHA)
            for x, y in cover:
                pygame.draw.rect(surf, (*lighten(rgb, 0.35), 95),
                                 (x * c + 2, y * c + 2, c - 4, c - 4), border_radius=c // 6)
            if dots:
                for x, y in spots:
                    centre = (x * c + c // 2, y * c + c // 2)
                    pygame.draw.circle(surf, (255, 255, 255, 220), centre, max(2, c // 8))
                    pygame.draw.circle(surf, (*sink(rgb, 0.3), 255), centre, max(2, c // 8), 1)
            self._hints = surf
        surface.blit(self._hints, self.grid.topleft)

    def draw_flash(self, surface) -> None:
        for cell, left in self.flash.items():
            alpha = int(255 * min(1.0, left / 0.5))
            r = self.cell_rect(cell).inflate(-2, -2)
            pygame.draw.rect(surface, (255, 250, 230, alpha), r, max(1, self.cell // 12),
                             border_radius=self.cell // 6)

    def draw_marks(self, surface, marks) -> None:
        """Outline what a rules diagram points at: placements (by number) or squares
        (``"e9"``, ``"e9,f9"``)."""
        for mark in marks:
            cells = []
            if isinstance(mark, int) and not isinstance(mark, bool):
                if 0 <= mark < self.geo.placements:
                    cells = self.geo.cells_of_move[mark]
            else:
                for word in str(mark).split(","):
                    try:
                        cells.append(self.geo.parse_cell(word))
                    except ValueError:
                        pass
            for cell in cells:
                r = self.cell_rect(cell)
                pygame.draw.rect(surface, (0, 0, 0), r.move(1, 1), max(2, self.cell // 9),
                                 border_radius=self.cell // 6)
                pygame.draw.rect(surface, MARK, r, max(2, self.cell // 9),
                                 border_radius=self.cell // 6)

    def draw_hint_move(self, surface, move: int, colour: int) -> None:
        """The Hint button's placement ``move``, as a glowing ghost in ``colour``."""
        cells = self.geo.cells_of_move[move]
        shape = shape_of(cells)
        x0 = min(x for x, _ in cells)
        y0 = min(y for _, y in cells)
        ghost = ghost_surface(self.rgbs[colour], shape, self.cell, True, self.marks[colour])
        surface.blit(ghost, self.cell_rect((x0, y0)))
        glow = int(140 + 110 * pulse())
        for cell in cells:
            pygame.draw.rect(surface, (*HINT, glow), self.cell_rect(cell), 2,
                             border_radius=self.cell // 6)

    def draw_flight(self, surface, anim: dict) -> None:
        """A piece on its way from ``anim["start"]`` to its squares, growing from the tray's
        size to the board's along a low arc ``anim["hop"]`` squares high."""
        a = anim
        t = min(1.0, a["t"] / a["duration"])
        ease = 1 - (1 - t) ** 3
        unit = round(a["unit"] + (self.cell - a["unit"]) * ease)
        sx, sy = a["start"]
        ex, ey = a["end"]
        # the piece rises off the table and comes down on its squares
        height = (1 - (2 * t - 1) ** 2) * self.cell * a["hop"]
        x = sx + (ex - sx) * ease
        y = sy + (ey - sy) * ease - height
        body = piece_surface(self.rgbs[a["colour"]], a["shape"], unit, self.marks[a["colour"]])
        raised = max(2, int(height * 0.5) + 2)
        surface.blit(shadow_surface(a["shape"], unit, 70), (x + raised, y + raised + height))
        surface.blit(body, (x, y))

    def draw_held(self, surface, piece: str, turn: int, colour: int, cells, legal: bool,
                  pointer) -> None:
        """The piece in hand: snapped to ``cells`` as a ghost (red unless ``legal``), or
        floating under the ``pointer`` when it is off the board."""
        rgb = self.rgbs[colour]
        shape = orientation(piece, turn)
        c = self.cell
        if cells is not None:
            ax = min(x for x, _ in cells)
            ay = min(y for _, y in cells)
            pos = self.cell_rect((ax, ay)).topleft
            raised = max(3, c // 5)
            surface.blit(shadow_surface(shape, c, 60), (pos[0] + raised, pos[1] + raised))
            surface.blit(ghost_surface(rgb, shape, c, legal, self.marks[colour]), pos)
            return
        # off the board the piece floats under the pointer, held by its middle square
        gx, gy = grab_offset(piece, turn)
        x = pointer[0] - gx * c - c // 2
        y = pointer[1] - gy * c - c // 2
        raised = max(4, c // 3)
        surface.blit(shadow_surface(shape, c, 70), (x + raised, y + raised))
        surface.blit(piece_surface(rgb, shape, c, self.marks[colour]), (x, y))
