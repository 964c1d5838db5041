"""The results screen's account of the game beside the final board: how many
moves were played and how long it took, each player's time used when clocks
ran, and a small chart of each player's score after every move.

``GameSummary`` is the part of the results screen that draws this into the
rectangle it is given; it is built from the game's history of states (the
first position to the last), the play time and the clock, and changes none
of them.
"""

from __future__ import annotations

import pygame

from game.core import score_text
from game.i18n import _, digits, ngettext, number

from . import assets, ui

GRID = (90, 72, 56)


def duration_text(seconds: float) -> str:
    """A length of time as players say it: 45 s, 12 min 5 s, 1 h 3 min."""
    seconds = int(round(max(0.0, seconds)))
    if seconds < 60:
        return _("{seconds} s").format(seconds=number(seconds))
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        if seconds:
            return _("{minutes} min {seconds} s").format(minutes=number(minutes),
                                                         seconds=number(seconds))
        return _("{minutes} min").format(minutes=number(minutes))
    hours, minutes = divmod(minutes, 60)
    if minutes:
        return _("{hours} h {minutes} min").format(hours=number(hours), minutes=number(minutes))
    return _("{hours} h").format(hours=number(hours))


def minutes_text(seconds: float) -> str:
    """m:ss, or h:mm:ss past an hour."""
    seconds = int(round(max(0.0, seconds)))
    minutes, seconds = divmod(seconds, 60)
    if minutes >= 60:
        return digits(f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}")
    return digits(f"{minutes}:{seconds:02d}")


class GameSummary:
    """What the results screen says about the game as a whole.

    ``history``: every state from the first to the last (just the last when
    unknown); ``moves``: how many moves were played; ``played``: seconds of play
    (None: unknown); ``clock``: the players' clocks when they ran; ``names`` and
    ``colours``: one per player, as the board shows them."""

    def __init__(self, history, moves: int, played, clock, names, colours):
        self.scores = [tuple(state.scores) for state in history]
        self.moves = moves
        self.played = played
        self.names = list(names)
        self.colours = list(colours)
        self.time_used = _time_used(clock, len(self.names)) if clock is not None else None

    # --- what it says -------------------------------------------------------------
    def facts(self) -> str:
        """``48 moves in 12 min 30 s``."""
        n = self.moves
        if self.played is not None and self.played >= 1:
            return ngettext("{n} move in {duration}", "{n} moves in {duration}", n).format(
                n=number(n), duration=duration_text(self.played))
        return ngettext("{n} move played", "{n} moves played", n).format(n=number(n))

    def clock_cells(self) -> list[tuple]:
        """Each player's name and time used on the clock: ``("Ann", "4:12")``."""
        if self.time_used is None:
            return []
        return [(name, minutes_text(used)) for name, used in zip(self.names, self.time_used)]

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface, rect: pygame.Rect) -> None:
        """Everything, top down in ``rect``: the facts, the time on the clocks (in as
        many columns as fit), and the chart in what room is left; the chart is left out
        when there is too little room for it to be read."""
        x, y = rect.x, rect.y
        assets.text(surface, self.facts(), (x, y), size=16, colour=ui.INK, width=rect.width)
        y += 26
        cells = self.clock_cells()
        line = 22              # a line of 14 px text, with room for taller fallback glyphs
        if cells and y + 20 + line <= rect.bottom:
            assets.text(surface, _("Time used on the clocks"), (x, y), size=14, bold=True,
                        colour=ui.MUTED, width=rect.width)
            y += 20
            width = max(assets.measure(f"{name} {used}", 14) for name, used in cells) + 18
            cols = max(1, min(len(cells), rect.width // width))
            rows = -(-len(cells) // cols)
            while y + rows * line > rect.bottom and cols < len(cells):
                cols += 1           # narrower columns, names cut to fit, rather than spill over
                rows = -(-len(cells) // cols)
            for i, (name, used) in enumerate(cells):
                cx, cy = x + (i % cols) * (rect.width // cols), y + (i // cols) * line
                room = rect.width // cols - 10 - assets.measure(used, 14) - 8
                shown = assets.text(surface, name, (cx, cy), size=14, colour=ui.INK, width=room)
                assets.text(surface, used, (shown.right + 8, cy), size=14, colour=ui.INK)
            y += rows * line + 8
        chart = pygame.Rect(x, y, rect.width, min(rect.bottom - y, 230))
        if len(self.scores) >= 2 and self.chart_area(chart).height >= 40:
            self.draw_chart(surface, chart)

    def chart_area(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the lines of the chart in ``rect`` run: room is kept for its title above,
        the scale on its left and, below, the first and last move with the key between
        them (or under them, when it does not fit between)."""
        top = max(max(max(s) for s in self.scores), 1)
        room = assets.font(12).size(digits(score_text(top)))[0] + 8
        width = rect.width - room - 6
        below = 18 if self._key_fits(width - self._axis_words(width)) else 36
        return pygame.Rect(rect.x + room, rect.y + 22, width, rect.height - 22 - below)

    def draw_chart(self, surface, rect: pygame.Rect) -> None:
        """Each player's score after every move, a line in the player's colour."""
        area = self.chart_area(rect)
        # the title starts past the scale, whose top figure rises above the chart
        assets.text(surface, _("Score after each move"), (area.x, rect.y), size=14, bold=True,
                    colour=ui.MUTED, width=area.width)
        low = min(0, min(min(s) for s in self.scores))
        high = max(max(s) for s in self.scores)
        if high <= low:
            high = low + 1
        plies = len(self.scores) - 1
        frame = pygame.Surface(area.size, pygame.SRCALPHA)
        pygame.draw.rect(frame, (20, 14, 10, 150), frame.get_rect(), border_radius=4)
        surface.blit(frame, area.topleft)
        for value in (low, high):
            y = self._y(area, value, low, high)
            pygame.draw.line(surface, GRID, (area.x, y), (area.right, y))
            assets.text(surface, digits(score_text(value)), (area.x - 5, y), size=12,
                        colour=ui.MUTED, anchor="midright")
        start, end = self._axis_ends()
        assets.text(surface, start, (area.x, area.bottom + 3), size=12, colour=ui.MUTED)
        assets.text(surface, end, (area.right, area.bottom + 3), size=12,
                    colour=ui.MUTED, anchor="topright")
        for player in range(len(self.names)):
            points = [(area.x + area.width * i / max(1, plies),
                       self._y(area, s[player] if player < len(s) else 0, low, high))
                      for i, s in enumerate(self.scores)]
            colour = self.colours[player % len(self.colours)]
            pygame.draw.lines(surface, (10, 6, 4), False, [(px + 1, py + 1) for px, py in points],
                              3)
            pygame.draw.lines(surface, colour, False, points, 3)
            pygame.draw.circle(surface, colour, points[-1], 4)
        between = area.width - self._axis_words(area.width)
        if self._key_fits(between):
            key = pygame.Rect(0, area.bottom + 2, self._key_width(), 16)
            key.centerx = area.centerx
        else:
            key = pygame.Rect(area.x, area.bottom + 20, area.width, 16)
        self._draw_key(surface, key)

    def _axis_ends(self) -> tuple[str, str]:
        """The words under the chart's first and last points."""
        # TRANSLATORS: under the left end of the chart of scores: the game's start
        return _("start"), _("move {n}").format(n=number(len(self.scores) - 1))

    def _axis_words(self, width: int) -> int:
        """The room the words under the chart's ends take (and a gap each side)."""
        f = assets.font(12)
        return 2 * max(f.size(words)[0] for words in self._axis_ends()) + 24

    def _key_width(self, size: int = 13) -> int:
        return sum(18 + assets.font(size).size(name)[0] + 12 for name in self.names) - 12

    def _key_fits(self, width: int) -> bool:
        return self._key_width(11) <= width

    def _draw_key(self, surface, rect) -> None:
        """Which line is whose: a stroke of each colour and the player's name, as large
        as fits ``rect`` (left out when even the smallest does not)."""
        for size in range(13, 10, -1):
            if self._key_width(size) <= rect.width:
                break
        else:
            return
        x = rect.x
        for name, colour in zip(self.names, self.colours):
            pygame.draw.line(surface, colour, (x, rect.centery), (x + 12, rect.centery), 3)
            assets.text(surface, name, (x + 16, rect.centery), size=size, colour=ui.INK,
                        anchor="midleft")
            x += 18 + assets.font(size).size(name)[0] + 12

    @staticmethod
    def _y(area, value, low, high) -> float:
        return area.bottom - 4 - (area.height - 8) * (value - low) / (high - low)


def _time_used(clock, players: int) -> list:
    """The seconds each player's clock took: the main time and the increments earned,
    less what is left (under a delay, the seconds within each move's delay are not
    taken, so not counted)."""
    control = clock.control
    return [max(0.0, control.main + control.increment * clock.moves(player)
                - clock.remaining(player)) for player in range(players)]
