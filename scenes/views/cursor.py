"""The keyboard cursor every board view holds: a ring the arrow keys move over
the places a game is played from, so that a whole game can be played without
a mouse.

A view names its *areas* (``Area``): the board, a tray, the ring, the supply,
each a set of *spots* the cursor stops on with where each lies on the screen.
The arrow keys move the cursor within the area in focus, by the area's own
shape: on a board or in a tray (``"plane"``) to the nearest spot in the arrow's
direction, keeping to a straight line (so that on a hexagon board Up zigzags up
a column rather than drifting sideways); round a ring (``"ring"``) to the
neighbour on the loop that lies that way; and on a board without edges
(``"scroll"``) the board slides one cell under a cursor that stays in the
middle of the view.  Tab and Shift+Tab move the focus from area to area.

``KeyCursor`` keeps where the cursor is: the area in focus and, per area, the
spot it was last on, so that Tab back finds it where it was.  It is shown from
the first key and hidden again when the mouse moves (``BoardView`` tells it),
so a mouse player sees nothing of it.  What Enter does on a spot is the view's
(``BoardView.key_choose``); this module only moves and draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

#: Arrow keys and the way each moves the cursor on the screen.
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}
#: Keys that pick up, put down and choose where the cursor is.
CHOOSE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
TAB = pygame.K_TAB
#: The cursor's own colours: a light ring on a dark edge reads on every board and piece.
RING = (250, 246, 232)
EDGE = (16, 10, 6)


@dataclass
class Area:
    """One part of a board view the cursor moves over.

    ``spots`` are what the cursor stops on (cells, tray places, ring places), in the
    area's order (a ring's in ring order); ``rect(spot)`` where one lies on the screen.
    ``geometry`` says how the arrows move: ``"plane"``, ``"ring"`` or ``"scroll"`` (a
    board without edges: ``spots`` holds only the spot in the middle of the view and
    ``scroll(dx, dy)`` slides the board one cell under it).  ``shape`` draws the cursor
    as a ``"rect"`` or a ``"circle"``; ``home`` is the spot the cursor starts on when
    the area comes into focus after a move (None: where it was); ``frame`` is marked
    round the area in focus."""

    name: str
    spots: tuple
    rect: Callable
    geometry: str = "plane"
    shape: str = "rect"
    home: object = None
    frame: pygame.Rect | None = None
    scroll: Callable | None = None

    def centre(self, spot) -> tuple:
        return pygame.Rect(self.rect(spot)).center


class KeyCursor:
    """Where the keyboard cursor is, and whether it is shown."""

    def __init__(self):
        self.shown = False
        self.area: str | None = None     # the area in focus, by name
        self.spots: dict = {}            # area name -> the spot the cursor was last on there
        self.places: dict = {}           # area name -> where that spot lay on the screen
        self.line: tuple | None = None   # (axis, coordinate) kept while moving straight on
        self.rehome: str | None = None   # after a move: the area to come back to

    # --- where it is -------------------------------------------------------------------
    def moved_on(self, home: str | None) -> None:
        """A new position: the cursor comes back to the area ``home`` (and its home spot)
        the next time it is asked where it is."""
        self.rehome = home
        self.line = None

    def where(self, areas: list) -> tuple | None:
        """(area, spot) of the cursor among ``areas``, or None when there is nowhere."""
        if not areas:
            return None
        if self.rehome is not None:
            home, self.rehome = self.rehome, None
            area = _named(areas, home)
            if area is not None:
                self.area = area.name
                if area.home is not None and area.home in area.spots:
                    self._keep(area, area.home)
        area = _named(areas, self.area) or areas[0]
        self.area = area.name
        if not area.spots:
            return area, None
        spot = self.spots.get(area.name)
        if spot is None or spot not in area.spots:
            spot = self._nearest(area, self.places.get(area.name))
            self._keep(area, spot)
        return area, spot

    def _keep(self, area: Area, spot) -> None:
        self.spots[area.name] = spot
        self.places[area.name] = area.centre(spot)

    @staticmethod
    def _nearest(area: Area, place):
        """The spot nearest ``place``; with nowhere to be near, the area's home, else the
        spot in the middle of its frame (the middle of a board), else its first."""
        if place is None:
            if area.home in area.spots:
                return area.home
            if area.frame is None:
                return area.spots[0]
            place = pygame.Rect(area.frame).center
        return min(area.spots, key=lambda s: math.dist(area.centre(s), place))

    def go(self, areas: list, name: str) -> None:
        """Put the focus on the area ``name`` (where the cursor was last there)."""
        if _named(areas, name) is not None:
            self.area = name
            self.line = None

    # --- keys --------------------------------------------------------------------------
    def tab(self, areas: list, step: int) -> None:
        """Tab (``step`` 1) or Shift+Tab (-1): the focus to the next or previous area."""
        found = self.where(areas)
        if found is None:
            return
        names = [a.name for a in areas]
        self.area = names[(names.index(found[0].name) + step) % len(names)]
        self.line = None

    def step(self, areas: list, direction: tuple) -> None:
        """An arrow key: the cursor one spot on in ``direction`` in the area's own shape
        (it stays where it is when nothing lies that way)."""
        found = self.where(areas)
        if found is None or found[1] is None:
            return
        area, spot = found
        if area.geometry == "scroll":
            area.scroll(*direction)
            return
        if area.geometry == "ring":
            to = self._along_ring(area, spot, direction)
        else:
            to = self._in_plane(area, spot, direction)
        if to is not None:
            self._keep(area, to)

    def _in_plane(self, area: Area, spot, direction):
        """The nearest spot in ``direction``, within a wide cone, preferring the line
        the cursor has been moving along (a column climbed on a hexagon board)."""
        x, y = area.centre(spot)
        dx, dy = direction
        axis = 0 if dx else 1            # the coordinate that changes
        across_axis = 1 - axis
        if self.line is None or self.line[0] != across_axis:
            self.line = (across_axis, (x, y)[across_axis])
        keep = self.line[1]
        best = None
        for other in area.spots:
            if other == spot:
                continue
            ox, oy = area.centre(other)
            along = (ox - x) * dx + (oy - y) * dy
            across = abs((ox - x) * dy - (oy - y) * dx)
            if along <= 0 or across > 2 * along:
                continue
            score = along + 2 * abs((ox, oy)[across_axis] - keep)
            if best is None or score < best[0]:
                best = (score, other)
        return None if best is None else best[1]

    @staticmethod
    def _along_ring(area: Area, spot, direction):
        """The neighbour on the loop (the next or the one before) that lies more
        ``direction``'s way, if either does."""
        spots = area.spots
        i = spots.index(spot)
        x, y = area.centre(spot)
        best = None
        for other in (spots[(i + 1) % len(spots)], spots[i - 1]):
            ox, oy = area.centre(other)
            along = (ox - x) * direction[0] + (oy - y) * direction[1]
            if along > 0 and (best is None or along > best[0]):
                best = (along, other)
        return None if best is None else best[1]

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface, areas: list, breath: float) -> None:
        """The cursor round its spot and, when there is more than one area, corner marks
        round the area in focus; ``breath`` (0..1) is how brightly they show now."""
        found = self.where(areas) if self.shown else None
        if found is None or found[1] is None:
            return
        area, spot = found
        colour = tuple(int(EDGE[i] + (RING[i] - EDGE[i]) * (0.7 + 0.3 * breath))
                       for i in range(3))
        if len(areas) > 1 and area.frame is not None:
            draw_corners(surface, pygame.Rect(area.frame), colour)
        draw_ring(surface, pygame.Rect(area.rect(spot)), area.shape, colour)


def around(centre, size: int) -> pygame.Rect:
    """A square ``size`` pixels across centred on ``centre`` (a spot given by its middle)."""
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (int(centre[0]), int(centre[1]))
    return rect


def _named(areas: list, name):
    return next((a for a in areas if a.name == name), None)


def draw_ring(surface, rect: pygame.Rect, shape: str, colour) -> None:
    """The cursor: a ring outside ``rect`` (light on a dark edge, so that it reads on light
    and dark squares alike), clear of what is inside and, round a large spot, of the
    highlights the view draws just outside it (a shield lit under the pointer)."""
    width = max(2, min(5, min(rect.size) // 14))
    gap = width + 1 + (4 if min(rect.size) >= 40 else 0)
    if shape == "circle":
        centre = rect.center
        radius = max(rect.width, rect.height) // 2 + gap
        pygame.draw.circle(surface, EDGE, centre, radius + 1, width + 2)
        pygame.draw.circle(surface, colour, centre, radius, width)
        return
    ring = rect.inflate(2 * gap, 2 * gap)
    radius = max(3, min(ring.size) // 6)
    pygame.draw.rect(surface, EDGE, ring.inflate(2, 2), width + 2, border_radius=radius + 1)
    pygame.draw.rect(surface, colour, ring, width, border_radius=radius)


def draw_corners(surface, frame: pygame.Rect, colour) -> None:
    """Corner marks round the area in focus: where Tab has put the keyboard."""
    frame = frame.inflate(8, 8)
    arm = max(10, min(28, min(frame.size) // 6))
    for cx, cy, sx, sy in ((frame.left, frame.top, 1, 1), (frame.right, frame.top, -1, 1),
                           (frame.left, frame.bottom, 1, -1), (frame.right, frame.bottom, -1, -1)):
        points = [(cx, cy + sy * arm), (cx, cy), (cx + sx * arm, cy)]
        pygame.draw.lines(surface, EDGE, False, points, 6)
        pygame.draw.lines(surface, colour, False, points, 3)
