"""The review screen's parts beside and under the board: the move list, the
chart of each player's chance to win, and the slider through the game.

Each part owns where it sits and what it shows; the review screen hands it the
game's figures and asks it where a click landed (``hit``), so the screen alone
decides what a click does.  Positions are counted from 0 (the start); move
``m`` (1 first) leads from position ``m - 1`` to position ``m``.
"""

from __future__ import annotations

import pygame

from game.i18n import _, number, rtl

from . import assets, ui
from .play_sidebar import draw_moves, move_row
from .views import palette

MISTAKE = (255, 110, 90)
CURSOR = (255, 236, 190)
ROW_H = 20


def percent(chance) -> str:
    """A chance as players read it: "45%"."""
    return _("{percent}%").format(percent=number(round(chance * 100)))


def proven(margin: int, player: int) -> str:
    """A result proven by the analysis, for ``player``, from player A's final ``margin``
    with best play: "won by 4 with best play"."""
    mine = margin if player == 0 else -margin
    if mine > 0:
        return _("won by {n} with best play").format(n=number(mine))
    if mine < 0:
        return _("lost by {n} with best play").format(n=number(-mine))
    return _("drawn with best play")


class MoveList:
    """The moves played, one row each, the position shown highlighted; marked
    moves (mistakes) in red with a "?"; scrolls with the wheel and follows the
    position shown."""

    def __init__(self, texts):
        self.texts = list(texts)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.first = 0              # the move (0 first) on the top row
        self.marked: set[int] = set()

    def place(self, rect) -> None:
        self.rect = pygame.Rect(rect)

    @property
    def rows(self) -> int:
        return max(1, self.rect.height // ROW_H)

    def follow(self, cursor: int) -> None:
        """Scroll so that move ``cursor`` (the one that led to the position shown) is seen."""
        index = cursor - 1
        if index < self.first:
            self.first = max(0, index)
        elif index >= self.first + self.rows:
            self.first = index - self.rows + 1
        self.scroll(0)

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(self.first + rows, len(self.texts) - self.rows))

    def hit(self, pos) -> int | None:
        """The position a click at ``pos`` asks for (after the move clicked), or None."""
        if not self.rect.collidepoint(pos):
            return None
        index = self.first + (pos[1] - self.rect.y) // ROW_H
        return index + 1 if 0 <= index < len(self.texts) else None

    def row_rect(self, move: int) -> pygame.Rect | None:
        """Where move ``move`` (1 first) is drawn, or None when scrolled out of sight."""
        index = move - 1 - self.first
        if not 0 <= index < self.rows or move > len(self.texts):
            return None
        return pygame.Rect(self.rect.x, self.rect.y + index * ROW_H, self.rect.width, ROW_H)

    def draw(self, surface, cursor: int) -> None:
        r = self.rect
        if not self.texts:
            assets.text(surface, _("No moves were played."), (r.x + 4, r.y), size=14,
                        colour=ui.MUTED, width=r.width - 8)
            return
        shown = range(self.first + 1, min(len(self.texts), self.first + self.rows) + 1)
        for move in shown:
            if move == cursor:
                row = self.row_rect(move)
                pygame.draw.rect(surface, (110, 78, 44), row, border_radius=5)
                pygame.draw.rect(surface, CURSOR, row, 1, border_radius=5)
        rows = [move_row(self.texts[move - 1], move, "  ?" if move in self.marked else "")
                for move in shown]
        draw_moves(surface, rows, r.x + 6, r.y, r.width - 12, ROW_H, smallest=10,
                   colours=[MISTAKE if move in self.marked else ui.INK for move in shown])
        # at the end of the lines, away from the list's heading at their start
        end, side = (r.x + 4, "left") if rtl() else (r.right - 4, "right")
        if self.first > 0:
            assets.text(surface, _("more above"), (end, r.y - 2), size=11,
                        colour=ui.MUTED, anchor="bottom" + side)
        if self.first + self.rows < len(self.texts):
            assets.text(surface, _("more below"), (end, r.bottom + 1), size=11,
                        colour=ui.MUTED, anchor="top" + side)


class Chart:
    """Each player's chance to win after every move, one line per player in the
    player's colour (the board view's, in the palette in use); mistakes marked on
    the mover's line in the palette's mistake colour (red, or reddish purple in
    the colour-blind safe palette); the position shown as an upright line.  The
    lines are drawn once per analysis, size and palette."""

    LABEL_W = 42

    def __init__(self, colours, positions: int):
        self.colours = colours
        self.count = positions               # positions in the game (moves + 1)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._layer = None
        self._key = None

    def place(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self._layer = None

    @property
    def plot(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + self.LABEL_W, r.y + 10, r.width - self.LABEL_W - 14,
                           r.height - 20)

    def x_of(self, index: int) -> int:
        p = self.plot
        return p.x + round(p.width * index / max(1, self.count - 1))

    def y_of(self, chance: float) -> int:
        p = self.plot
        return p.bottom - round(p.height * chance)

    def hit(self, pos) -> int | None:
        """The position under ``pos``, or None outside the chart."""
        if not self.rect.collidepoint(pos):
            return None
        p = self.plot
        index = round((pos[0] - p.x) / max(1, p.width) * (self.count - 1))
        return max(0, min(self.count - 1, index))

    def draw(self, surface, positions, marks, cursor: int, placeholder: str) -> None:
        """``positions``: the analysis's entries (None where not judged yet), or None for
        no analysis; ``marks``: {move: (player, chance after)} of the mistakes."""
        key = (self.rect.size, id(positions), tuple(p is not None for p in positions or ()),
               tuple(sorted(marks)), tuple(self.colours), palette.current(), placeholder,
               percent(1.0))       # words in the language and digits in use
        if self._layer is None or key != self._key:
            self._layer = self._render(positions, marks, placeholder)
            self._key = key
        surface.blit(self._layer, self.rect.topleft)
        if positions is not None:
            x = self.x_of(cursor)
            p = self.plot
            pygame.draw.line(surface, CURSOR, (x, p.y - 4), (x, p.bottom + 4), 2)

    def _render(self, positions, marks, placeholder) -> pygame.Surface:
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        offset = (-self.rect.x, -self.rect.y)
        ui.panel(layer, layer.get_rect(), alpha=170)
        p = self.plot.move(offset)
        if positions is None:
            assets.paragraph(layer, placeholder, (p.x, p.centery - 10, p.width, 40), size=15,
                             colour=ui.MUTED)
            return layer
        for chance, label in ((1.0, percent(1.0)), (0.5, percent(0.5)), (0.0, percent(0.0))):
            y = self.y_of(chance) + offset[1]
            pygame.draw.line(layer, (110, 90, 70), (p.x, y), (p.right, y), 1)
            assets.text(layer, label, (p.x - 6, y), size=11, colour=ui.MUTED,
                        anchor="midright")
        players = len(self.colours)
        for player in range(players):
            colour = self.colours[player]
            points = []
            for index, entry in enumerate(positions):
                if entry is None:
                    if len(points) > 1:
                        pygame.draw.lines(layer, colour, False, points, 2)
                    points = []
                    continue
                points.append((self.x_of(index) + offset[0],
                               self.y_of(entry["chances"][player]) + offset[1]))
            if len(points) > 1:
                pygame.draw.lines(layer, colour, False, points, 2)
            elif len(points) == 1:
                pygame.draw.circle(layer, colour, points[0], 2)
        for move, (player, chance) in marks.items():
            centre = (self.x_of(move) + offset[0], self.y_of(chance) + offset[1])
            pygame.draw.circle(layer, (20, 14, 10), centre, 6)
            pygame.draw.circle(layer, palette.current().mistake, centre, 5)
        return layer


class Slider:
    """A track through the game with a knob at the position shown; a click or a drag
    on it jumps; mistakes are ticks on the track."""

    def __init__(self, positions: int):
        self.count = positions
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False

    def place(self, rect) -> None:
        self.rect = pygame.Rect(rect)

    def x_of(self, index: int) -> int:
        r = self.rect.inflate(-24, 0)
        return r.x + round(r.width * index / max(1, self.count - 1))

    def hit(self, pos) -> int | None:
        if not self.rect.collidepoint(pos) and not self.dragging:
            return None
        r = self.rect.inflate(-24, 0)
        index = round((pos[0] - r.x) / max(1, r.width) * (self.count - 1))
        return max(0, min(self.count - 1, index))

    def draw(self, surface, cursor: int, marks) -> None:
        r = self.rect
        track = pygame.Rect(r.x + 12, r.centery - 3, r.width - 24, 6)
        pygame.draw.rect(surface, (58, 44, 34), track, border_radius=3)
        filled = pygame.Rect(track.x, track.y, self.x_of(cursor) - track.x, track.height)
        pygame.draw.rect(surface, (216, 154, 72), filled, border_radius=3)
        for move in marks:
            x = self.x_of(move)
            pygame.draw.line(surface, MISTAKE, (x, track.y - 7), (x, track.bottom + 6), 3)
        knob = (self.x_of(cursor), r.centery)
        pygame.draw.circle(surface, (30, 22, 17), knob, 11)
        pygame.draw.circle(surface, CURSOR, knob, 9)
