"""The play scene's panels: the status line under the board and the sidebar
beside it (seats with scores and clocks, the game timer, the moves so far).

The play scene holds a ``Sidebar`` and hands it what to show each frame (the
state, the moves, the clock...); the sidebar owns only where it sits and what
never changes in a game (the title, the seats, their colours), and changes
nothing it is shown.
"""

from __future__ import annotations

import math

import pygame

from game.core import score_text
from game.i18n import _, digits, isolated, number, rtl

from . import assets, ui
from .views.drawing import marked_dot


DOTS_MS = 400      # a computer player's "thinking..." gains a dot this often
TIMER_LOW = 60     # the game timer turns red under a minute
SCORE_W = 64       # the right-hand column of a seat: its score...
CLOCK_W = 84       # ...or its score over its clock
DOT = 24           # a seat's dot across: its mark is read at this size
LATE = 0.002       # a wait ends this much after a reading changes, so the new one shows


class MoveLine(str):
    """A line of the list of moves ("Ann: sows pit 3") keeping its two parts, the player's
    ``name`` and the ``move``, so that a list too narrow for the line shortens the name and
    never the move (``move_row``)."""

    def __new__(cls, name, move):
        # TRANSLATORS: a line of the list of moves: the player's name, then the move
        line = super().__new__(cls, _("{name}: {move}").format(name=isolated(name), move=move))
        line.name, line.move = str(name), str(move)
        return line


def move_row(line: str, n: int, suffix: str = "") -> tuple[str, str]:
    """Move ``n``'s row of a list of moves for ``line``: (the row with ``{name}`` where the
    player's name goes, the name); the row as it is and no name for a line without parts."""
    def plain(words):
        return str(words).replace("{", "{{").replace("}", "}}")
    if isinstance(line, MoveLine):
        words, name = _("{name}: {move}").format(name="{name}", move=plain(line.move)), line.name
    else:
        words, name = plain(line), ""
    # TRANSLATORS: a line of the list of moves: its number, then the move
    return _("{n}. {move}").format(n=number(n), move=words) + suffix, name


def draw_moves(surface, rows, x, y, width, height, colours=None, size=14, smallest=11) -> None:
    """``rows`` (from ``move_row``), each ``height`` high from ``y``, in room ``width`` from
    ``x`` (from its right edge in a language written right to left, whatever the name's
    script), all at one size, the largest up to ``size`` at which every move shows whole;
    a name is shortened with an ellipsis where the room is short, never the move."""
    for words, _name in rows:
        size = assets.fitting_size(words.format(name=""), size, width, smallest=smallest)
    for i, (words, name) in enumerate(rows):
        assets.text(surface, assets.fitted(words, name, size, width),
                    (x, y + i * height + height // 2), size=size, anchor="midleft",
                    colour=colours[i] if colours else ui.INK, width=width)


def refusal(message: str) -> bool:
    """Whether a status line's ``message`` refuses a move (drawn in red): it begins as
    every refusal begins, in English or in the language in use."""
    # TRANSLATORS: how every refusal of a move begins ("Not allowed: ...", "Not allowed
    # here: ..."); each of those translations begins with this, so it is shown in red
    return message.startswith(("Not allowed", _("Not allowed")))


def status_line(surface, rect, message: str, problem: bool = False, size: int = 17) -> None:
    """A status line under a board: ``message`` on a dark band, in red for a ``problem``;
    smaller, then on two lines, when it is long (from the right in a language written
    right to left: ``assets.text`` puts words given their room against its right edge)."""
    ui.panel(surface, rect, alpha=150)
    colour = (255, 170, 130) if problem else ui.INK
    size = assets.fitting_size(message, size, rect.width - 28, smallest=12)
    if assets.measure(message, size) > rect.width - 28:      # still too long: two lines
        lines = assets.wrap(message, 12, rect.width - 28)[:2]
        for i, line in enumerate(lines):
            assets.text(surface, line, (rect.x + 14, rect.centery + (i - 0.5) * 17), size=12,
                        colour=colour, anchor="midleft", width=rect.width - 28)
        return
    assets.text(surface, message, (rect.x + 14, rect.centery), size=size, colour=colour,
                anchor="midleft", width=rect.width - 28)


class Sidebar:
    def __init__(self, title: str, seats: list, colours, seat_colours=None, seat_marks=None):
        self.title = title
        self.seats = seats
        # a board of a host: the one person here is "you", the others play from elsewhere
        self.over_network = any(seat["kind"] == "network" for seat in seats)
        self.colours = colours                    # one per player, as the board view shows them
        # every colour each player plays (two each in some games), a dot for each
        self.seat_colours = seat_colours or tuple((c,) for c in colours)
        # the mark each of those colours carries on the board, cut in its dot, so that the
        # seats are told apart without colour as the pieces are
        self.seat_marks = seat_marks or ()
        self.rect = pygame.Rect(0, 0, 0, 0)       # the sidebar beside the board
        self.status_rect = pygame.Rect(0, 0, 0, 0)  # the status line under it

    def place(self, rect: pygame.Rect, status_rect: pygame.Rect) -> None:
        self.rect = rect
        self.status_rect = status_rect

    def draw_status(self, surface, message: str, problem: bool = False) -> None:
        """The status line: ``message``, in red for a ``problem`` (a move not allowed)."""
        status_line(surface, self.status_rect, message, problem)

    def draw(self, surface, state, moves, clock=None, timer=None, time_rule=None,
             flagged=None, scores=None) -> None:
        """Seats and scores for ``state`` (or the ``scores`` given), each player's ``clock``,
        the game ``timer`` with its ``time_rule``, and the ``moves`` so far (the texts shown,
        oldest first)."""
        side = self.rect
        ui.panel(surface, side)
        x, y = side.x + 16, side.y + 14
        title_size = assets.fitting_size(self.title, 24, side.width - 32, bold=True, smallest=16)
        assets.text(surface, self.title, (x, y), bold=True, colour=ui.TITLE, size=title_size,
                    width=side.width - 32)
        y += 40
        scores = state.scores if scores is None else scores
        for player, seat in enumerate(self.seats):
            turn = state.to_move == player
            row = self.seat_row(player)
            colour = self.colours[player % len(self.colours)]
            if turn:
                glow = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*colour, 60), glow.get_rect(), border_radius=8)
                surface.blit(glow, row.topleft)
                pygame.draw.rect(surface, colour, row, 2, border_radius=8)
            dots = self.seat_dots(player, row)
            for picture, at in dots:
                surface.blit(picture, at)
            span = max(at.right for _p, at in dots) - min(at.x for _p, at in dots) if dots else 0
            name_x = row.x + 14 + span
            # three columns no text crosses: the dots, the name with what the seat is doing
            # under it, and on the right the score (with the clock under it); from the
            # right in a language written right to left
            right = pygame.Rect(row.right - 10 - (CLOCK_W if clock is not None else SCORE_W),
                                row.y, CLOCK_W if clock is not None else SCORE_W, row.height)
            words = ui.mirrored((name_x, row.y, right.x - 8 - name_x, row.height), row)
            right = ui.mirrored(right, row)
            assets.text(surface, seat["name"], (words.x, row.y + 6), size=19, bold=True,
                        colour=ui.INK, width=words.width)
            assets.text(surface, self.seat_words(seat, turn), (words.x, row.y + 32), size=14,
                        colour=colour if turn else ui.MUTED, width=words.width)
            score = digits(score_text(scores[player] if player < len(scores) else ""))
            anchor, edge = ("midleft", right.left) if rtl() else ("midright", right.right)
            if clock is not None:
                size = assets.fitting_size(score, 22, right.width, bold=True, smallest=16)
                assets.text(surface, score, (edge, row.y + 15), size=size, bold=True,
                            colour=ui.TITLE, anchor=anchor)
                self._draw_clock(surface, clock, player,
                                 pygame.Rect(right.x, row.y + 30, right.width, 25), flagged)
            else:
                size = assets.fitting_size(score, 30, right.width, bold=True, smallest=16)
                assets.text(surface, score, (edge, row.centery), size=size, bold=True,
                            colour=ui.TITLE, anchor=anchor)
            y += 64
        if timer is not None:
            y += 6
            low = timer < TIMER_LOW
            assets.text(surface, _("Game timer"), (x, y), size=15, colour=ui.MUTED,
                        width=side.width - 130)
            at = ui.mirrored((side.right - 18, y - 6, 0, 0), side)
            assets.text(surface, digits(ui.clock_text(timer)), at.topleft, size=30,
                        bold=True, anchor="topleft" if rtl() else "topright",
                        colour=(255, 140, 110) if low else ui.INK)
            y += 34
            if time_rule:
                y = assets.paragraph(surface, time_rule, (x, y, side.width - 32, 40), size=14,
                                     colour=(255, 190, 150))
        y += 10
        assets.text(surface, _("Moves"), (x, y), size=16, bold=True, colour=ui.MUTED,
                    width=side.width - 32)
        y += 24
        bottom = side.bottom - 116          # above the Hint button
        fit = max(1, (bottom - y) // 20)
        first = max(0, len(moves) - fit)
        draw_moves(surface, [move_row(t, first + i + 1) for i, t in enumerate(moves[first:])],
                   x, y, side.width - 32, 20)
        if not moves:
            assets.text(surface, _("No moves yet."), (x, y), size=14, colour=ui.MUTED,
                        width=side.width - 32)

    def seat_row(self, player: int) -> pygame.Rect:
        """Where ``player``'s seat is shown: under the title, one row each."""
        return pygame.Rect(self.rect.x + 12, self.rect.y + 54 + 64 * player,
                           self.rect.width - 24, 58)

    def seat_dots(self, player: int, row: pygame.Rect) -> list:
        """``player``'s dots in the seat ``row``: (picture, where) for each colour they play,
        in its colour and carrying its mark (``drawing.marked_dot``), big enough for the
        mark to be read, at the row's start (its right in a language written right to
        left)."""
        if not self.seat_colours:
            return []
        colours = self.seat_colours[player % len(self.seat_colours)]
        marks = self.seat_marks[player] if player < len(self.seat_marks) else ()
        d = DOT if len(colours) == 1 else DOT - 4
        found = []
        for k, colour in enumerate(colours):
            mark = marks[k] if k < len(marks) else None
            at = ui.mirrored((row.x + 7 + k * (d + 3), row.y + 20 - d // 2, d, d), row)
            found.append((marked_dot(tuple(colour[:3]), mark, d), at))
        return found

    def seat_words(self, seat, turn: bool) -> str:
        """What a seat is doing, under its name: who plays it, or on its turn "to move"
        (a computer "thinking", with its dots)."""
        if turn and seat["kind"] == "computer":
            dots = 1 + pygame.time.get_ticks() // DOTS_MS % 3
            return {1: _("thinking."), 2: _("thinking.."), 3: _("thinking...")}[dots]
        if turn:
            return _("to move")
        if seat["kind"] == "human":
            return _("you") if self.over_network else _("human")
        if seat["kind"] == "network":
            return _("over the network")
        # TRANSLATORS: a computer player's seat; {level} is its level's name
        return _("computer ({level})").format(level=ui.level_title(seat.get("level")))

    def next_change(self, state, clock=None, timer=None) -> float | None:
        """Seconds until the sidebar shows something else by itself for ``state``: the
        running ``clock``'s next reading or low-time colour, the game ``timer``'s (given
        only while it runs), the dots of a computer player thinking; None if nothing does."""
        waits = []
        seat = self.seats[state.to_move] if state.to_move is not None \
            and state.to_move < len(self.seats) else None
        if seat is not None and seat["kind"] == "computer":
            waits.append((DOTS_MS - pygame.time.get_ticks() % DOTS_MS) / 1000 + LATE)
        if clock is not None and clock.running:
            left = clock.remaining(clock.active)
            waits.append(clock_wait(left))
            if left > clock.low_time_threshold:
                waits.append(left - clock.low_time_threshold + LATE)
        if timer is not None:
            waits.append(clock_wait(timer))
            if timer >= TIMER_LOW:
                waits.append(timer - TIMER_LOW + LATE)
        waits = [w for w in waits if w is not None]
        return min(waits) if waits else None

    def _draw_clock(self, surface, clock, player, box, flagged) -> None:
        left = clock.remaining(player)
        running = clock.active == player and clock.running
        low = clock.low_time(player)
        colour = (255, 120, 100) if low or flagged == player else (
            (255, 255, 255) if running else ui.MUTED)
        if running:
            pygame.draw.rect(surface, (70, 50, 30), box, border_radius=6)
            pygame.draw.rect(surface, colour, box, 2, border_radius=6)
        # TRANSLATORS: on a clock that ran out (its flag fell), in place of the time
        text = _("flag") if flagged == player else digits(ui.clock_text(left))
        assets.text(surface, text, box.center, size=17, bold=True, colour=colour,
                    anchor="center", width=box.width - 6)


def clock_wait(seconds: float) -> float | None:
    """Seconds until ``ui.clock_text`` reads differently for a clock running down from
    ``seconds`` (whole seconds, rounded up, then tenths under ten); None at zero."""
    if seconds <= 0:
        return None
    if seconds < 10:
        change = math.floor(seconds * 10) / 10            # 9.87 reads 9.8 until 9.8
    else:
        change = max(10.0, int(seconds + 0.999) - 0.999)  # 12.3 reads 13 until 12.001
    return max(0.0, seconds - change) + LATE

