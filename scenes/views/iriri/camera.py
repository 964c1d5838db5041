"""The window onto Iriri's unbounded board: which cell lies where on the screen.

The camera keeps the board point (in cells, column then row) at the centre of
its viewport and the size of a cell in pixels.  Panning moves that point,
zooming changes the cell size about the pointer, and ``frame`` glides to a
view holding a set of cells with room around them for the next word.
"""

from __future__ import annotations

import math

import pygame

MARGIN = 2.5        # empty cells kept around the pieces when the view is framed
GLIDE = 7.0         # how quickly a framing glide closes in (per second)


class Camera:
    def __init__(self):
        self.viewport = pygame.Rect(0, 0, 400, 300)
        self.cell = 48.0
        self.x = 1.0          # board point (columns) at the viewport's centre
        self.y = 0.5          # board point (rows)
        self.goal = None      # (x, y, cell) being glided to

    # --- limits ----------------------------------------------------------------
    @property
    def smallest(self) -> float:
        return max(10.0, self.viewport.height / 30)

    @property
    def largest(self) -> float:
        return max(24.0, self.viewport.height / 4)

    @property
    def natural(self) -> float:
        """The cell size a fresh board is shown at."""
        return max(self.smallest, min(self.largest, self.viewport.height / 8.5, 84.0))

    def set_viewport(self, rect) -> None:
        old = self.viewport
        self.viewport = pygame.Rect(rect)
        if old.height and old.height != self.viewport.height:
            self.cell *= self.viewport.height / old.height
        self.cell = max(self.smallest, min(self.largest, self.cell))
        self.goal = None

    # --- cells and pixels --------------------------------------------------------
    def cell_rect(self, cell) -> pygame.Rect:
        r, c = cell
        v, k = self.viewport, self.cell
        x0 = round(v.centerx + (c - self.x) * k)
        y0 = round(v.centery + (r - self.y) * k)
        x1 = round(v.centerx + (c + 1 - self.x) * k)
        y1 = round(v.centery + (r + 1 - self.y) * k)
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def cell_at(self, pos):
        """The (row, col) under ``pos``, or None outside the viewport."""
        if not self.viewport.collidepoint(pos):
            return None
        v, k = self.viewport, self.cell
        return (math.floor(self.y + (pos[1] - v.centery) / k),
                math.floor(self.x + (pos[0] - v.centerx) / k))

    def shows(self, cells, margin: float = 0.0) -> bool:
        """Every cell (with ``margin`` cells around it) lies inside the viewport."""
        if not cells:
            return True
        v, k = self.viewport, self.cell
        half_w, half_h = v.width / (2 * k), v.height / (2 * k)
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        return (min(cols) - margin >= self.x - half_w - 1e-6
                and max(cols) + 1 + margin <= self.x + half_w + 1e-6
                and min(rows) - margin >= self.y - half_h - 1e-6
                and max(rows) + 1 + margin <= self.y + half_h + 1e-6)

    # --- moving --------------------------------------------------------------------
    def pan(self, dx: float, dy: float) -> None:
        """Move the board by ``dx, dy`` pixels (it follows a dragging pointer)."""
        self.goal = None
        self.x -= dx / self.cell
        self.y -= dy / self.cell

    def zoom(self, factor: float, about=None) -> None:
        """Scale the cells by ``factor``, keeping the board point under ``about`` in place."""
        self.goal = None
        v = self.viewport
        about = about if about is not None and v.collidepoint(about) else v.center
        bx = self.x + (about[0] - v.centerx) / self.cell
        by = self.y + (about[1] - v.centery) / self.cell
        self.cell = max(self.smallest, min(self.largest, self.cell * factor))
        self.x = bx - (about[0] - v.centerx) / self.cell
        self.y = by - (about[1] - v.centery) / self.cell

    def framing(self, cells) -> tuple:
        """(x, y, cell) of a view holding ``cells`` with room around them, never
        zoomed in past the natural size."""
        if not cells:
            return 1.0, 0.5, self.natural
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        width = max(cols) - min(cols) + 1 + 2 * MARGIN
        height = max(rows) - min(rows) + 1 + 2 * MARGIN
        v = self.viewport
        cell = max(self.smallest, min(self.natural, v.width / width, v.height / height))
        return (min(cols) + max(cols) + 1) / 2, (min(rows) + max(rows) + 1) / 2, cell

    def frame(self, cells, glide: bool = True) -> None:
        goal = self.framing(cells)
        if glide:
            self.goal = goal
        else:
            self.x, self.y, self.cell = goal
            self.goal = None

    def update(self, dt: float) -> bool:
        """Advance a glide; True when the view changed."""
        if self.goal is None:
            return False
        gx, gy, gc = self.goal
        k = 1.0 - math.exp(-GLIDE * dt)
        self.x += (gx - self.x) * k
        self.y += (gy - self.y) * k
        self.cell += (gc - self.cell) * k
        if abs(gx - self.x) < 0.01 and abs(gy - self.y) < 0.01 and abs(gc - self.cell) < 0.3:
            self.x, self.y, self.cell = gx, gy, gc
            self.goal = None
        return True

    def settle(self) -> None:
        if self.goal is not None:
            self.x, self.y, self.cell = self.goal
            self.goal = None

    def key(self) -> tuple:
        return (tuple(self.viewport), round(self.x * self.cell), round(self.y * self.cell),
                round(self.cell, 2))
