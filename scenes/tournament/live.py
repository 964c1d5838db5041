"""The director's live boards: every board of the round being played over the network.

Each board is a tile: its number and table state, the board itself drawn by the
game's own view at a small size (a game whose view does not fit that size is
shown as words: the move reached and the scores), the two names with their
clocks (the one to move marked), and the last move.  The tiles follow the
host's events as they come (``network.Hosting``), and the screen is drawn only
when something changed or a running clock shows its next second: an idle
screen costs nothing.

A board whose table dropped reads "waiting for Ann (reconnecting, 1:32)"; once
it has been away the hosting's limit, its tile asks the director what happens:
pause the board, let it run (the clock goes on), or forfeit the absent player
(the forfeit goes into the round as such).  A paused board offers Resume.
"""

from __future__ import annotations

import math
import time

import pygame

from game import GAMES
from game.i18n import _, digits, isolated, ngettext, number, rtl
from game.net.tournament import current_round

from .. import assets, ui
from ..scroll_list import BAR, BAR_GAP, ScrollList
from ..stack import Scene
from . import network
from .common import ERROR, StoreError

TOP = 112
BOTTOM = 96           # the buttons' row and the notice above it
GAP = 12
TILE_W = 280          # the narrowest tile
TILE_H = (176, 420)   # the lowest and highest tile
HEAD = 28             # the tile's first line: its number and state
NAMES = 50            # the two names and clocks under it
BUTTON_H = 27
LINE = 22             # a line of the tile's small print
#: How far beyond its room a view may draw (labels, rims) to be shown, a little smaller.
OVERFLOW = 1.25
#: Tile pictures kept (per board, place and position); many more boards than a screen shows.
PICTURES = 64


def tile_grid(area: pygame.Rect, count: int) -> tuple[int, int, int, int]:
    """(columns, tile width, tile height, rows in view) of ``count`` tiles in ``area``: as
    many tiles in view as fit, then the largest (a few boards get large pictures)."""
    rows_fit = max(1, (area.height + GAP) // (TILE_H[0] + GAP))
    best, chosen = None, None
    for cols in range(1, max(1, count) + 1):
        width = (area.width - GAP * (cols - 1)) // cols
        if width < TILE_W and cols > 1:
            break
        rows = max(1, math.ceil(count / cols))
        shown = min(rows_fit, rows)
        height = min(TILE_H[1], (area.height + GAP) // shown - GAP)
        width = min(width, height * 5 // 2)       # not a strip: a wide tile gains nothing
        score = (min(count, cols * shown), min(width, height * 2) * height)
        if best is None or score > best:
            best, chosen = score, (cols, width, height, shown)
    return chosen


class LiveScene(Scene):
    title = "live boards"

    def __init__(self, app, stored):
        super().__init__(app)
        self.stored = stored
        self.seen = None            # (the hosting's version, the questions) last shown
        self.dirty = True
        self.recorded = -1
        self.pictures: dict = {}    # (board, seq, size) -> Surface or None (words instead)
        self.tile_list: ScrollList | None = None
        self.buttons: dict = {}     # widget -> (what, board, seat)
        self.notice = ""

    @property
    def hosting(self):
        return network.find(self.app, self.stored.id)

    def boards(self) -> list:
        hosting = self.hosting
        if hosting is None:
            return []
        return hosting.round_boards(current_round(self.stored.tournament))

    # --- widgets --------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.buttons = {}
        boards = self.boards()
        self.area = pygame.Rect(40, TOP, w - 80, h - TOP - BOTTOM - 8)
        cols, tw, th, shown = tile_grid(self.area, len(boards))
        if shown * cols < len(boards):       # they scroll: the tiles leave the bar its room
            room = pygame.Rect(self.area.x, self.area.y, self.area.width - BAR - BAR_GAP,
                               self.area.height)
            cols, tw, th, shown = tile_grid(room, len(boards))
        self.grid = (cols, tw, th)
        first = self.tile_list.first if self.tile_list is not None else 0
        rows = math.ceil(len(boards) / cols) if boards else 0
        self.tile_list = ScrollList(self, (self.area.x, self.area.y, self.area.width,
                                           shown * (th + GAP)), th + GAP, rows, first=first,
                                    make_row=self._row_widgets, drop_row=self._drop_row)
        self.back_button = ui.button(self, (40, h - 66, 140, 46), _("Back"))
        self.hosting_button = ui.button(self, (w - 40 - 200, h - 66, 200, 46), _("Hosting"),
                                        tooltip=_("The address, the password and every "
                                                  "board's table"))

    def tile_rect(self, index: int, row=None) -> pygame.Rect | None:
        """Where tile ``index`` is (in its ``row`` of tiles, when given), or None while out
        of view."""
        cols, tw, th = self.grid
        row = self.tile_list.row_rect(index // cols) if row is None else row
        if row is None:
            return None
        pad = max(0, (row.width - cols * tw - (cols - 1) * GAP) // 2)    # centred
        # in a language written right to left the tiles run from the right
        return ui.mirrored((row.x + pad + (index % cols) * (tw + GAP), row.y, tw, th), row)

    def _row_widgets(self, row: int, rect) -> list:
        """The decisions asked on the tiles of ``row``: Pause, Let it run, Forfeit, Resume."""
        boards = self.boards()
        cols = self.grid[0]
        made = []
        hosting = self.hosting
        for index in range(row * cols, min(len(boards), (row + 1) * cols)):
            live = boards[index]
            tile = self.tile_rect(index, rect)
            choices = []
            if live.overdue and not live.view.over:
                seat, name = sorted(live.overdue.items())[0]
                if not live.view.paused:
                    choices.append(("pause", _("Pause the board"), seat))
                choices.append(("run", _("Let it run"), seat))
                choices.append(("forfeit", _("Forfeit {name}").format(name=isolated(name)), seat))
            elif live.view.paused and live.paused_why == "director" and not live.view.over:
                choices.append(("resume", _("Resume"), None))
                away = sorted(s for s in live.view.away if isinstance(s, int))
                if away:
                    name = live.view.names[away[0]] if away[0] < len(live.view.names) else ""
                    choices.append(("forfeit", _("Forfeit {name}").format(name=isolated(name)),
                                    away[0]))
            if not choices or hosting is None:
                continue
            # under the names, across the tile, in the picture's place
            box = pygame.Rect(tile.x + 10, self.picture_rect(tile).y, tile.width - 20, 0)
            y = box.y
            for what, text, seat in choices:
                widget = ui.button(self, (box.x, y, box.width, BUTTON_H),
                                   assets.ellipsized(text, 15, box.width - 24))
                self.buttons[widget] = (what, live.number, seat)
                made.append(widget)
                y += BUTTON_H + 3
        return made

    def _drop_row(self, row: int, widgets) -> None:
        for widget in widgets:
            self.buttons.pop(widget, None)

    @staticmethod
    def _picture_at_left(tile: pygame.Rect) -> pygame.Rect:
        top = tile.y + HEAD + NAMES + 4
        height = tile.bottom - 6 - top
        width = min(tile.width * 11 // 20, height * 3 // 2)
        return pygame.Rect(tile.x + 8, top, width, height)

    def picture_rect(self, tile: pygame.Rect) -> pygame.Rect:
        """The board's picture: under the names, on the left (the right in a language
        written right to left)."""
        return ui.mirrored(self._picture_at_left(tile), tile)

    def info_rect(self, tile: pygame.Rect) -> pygame.Rect:
        """Beside the picture: the last move, and the director's buttons when asked."""
        pic = self._picture_at_left(tile)
        return ui.mirrored((pic.right + 10, pic.y, tile.right - 10 - pic.right - 10,
                            tile.bottom - 8 - pic.y), tile)

    # --- events ---------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.tile_list.handle(event):
            self.dirty = True
            return
        for widget, (what, board_no, seat) in list(self.buttons.items()):
            if ui.pressed(event, widget):
                self.decide(what, board_no, seat)
                return
        if ui.pressed(event, self.hosting_button):
            self.app.stack.push("tournament.hosting", stored=self.stored)
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def decide(self, what: str, board_no: int, seat) -> None:
        hosting = self.hosting
        live = hosting.boards.get(board_no) if hosting is not None else None
        if live is None:
            return
        name = live.view.names[seat] if seat is not None and seat < len(live.view.names) \
            else ""
        board, name = number(live.board), isolated(name)
        if what == "pause":
            hosting.pause(live)
            self.notice = _("Board {board}: paused; Resume lets the clocks run again.").format(
                board=board)
        elif what == "run":
            hosting.let_run(live, seat)
            self.notice = _("Board {board}: {name}'s clock runs on.").format(board=board,
                                                                            name=name)
        elif what == "forfeit":
            hosting.forfeit(live, seat)
            self.notice = _("Board {board}: {name} forfeits; the result goes into the "
                            "round.").format(board=board, name=name)
        elif what == "resume":
            hosting.resume(live)
            self.notice = _("Board {board}: the clocks run again.").format(board=board)
        self.dirty = True

    # --- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        hosting = self.hosting
        if hosting is not None and hosting.recorded != self.recorded:
            self.recorded = hosting.recorded
            try:
                self.stored = self.stored.store.open(self.stored.id)   # the results kept
            except StoreError:
                pass
        boards = self.boards()
        asked = tuple((b.number, tuple(sorted(b.overdue)), b.view.paused, b.paused_why,
                       b.view.over) for b in boards)
        seen = (None if hosting is None else hosting.version, asked, len(boards))
        if seen != self.seen:
            if self.seen is None or seen[1:] != self.seen[1:]:
                self.resize()        # a question came or went: its buttons with it
            self.seen = seen
            self.dirty = True

    def next_frame_in(self) -> float | None:
        if self.dirty:
            return 0.0
        now = time.monotonic()
        due = None
        for live in self.boards():
            for wait in self._ticks(live, now):
                due = wait if due is None else min(due, wait)
        return due

    @staticmethod
    def _ticks(live, now: float) -> list[float]:
        """Seconds until each counting figure of the tile shows its next second."""
        v = live.view
        waits = []
        if v.over:
            return waits
        if v.running is not None and not v.paused and v.clocks:
            left = v.clock_left(v.running, now)
            if left:
                waits.append((left % 1.0) or 1.0)
        if v.timer_ms is not None and v.started and not v.paused:
            left = v.timer_ms / 1000 - (now - v.at)
            if left > 0:
                waits.append((left % 1.0) or 1.0)
        if v.away:
            since = min(t for t in v.away.values() if isinstance(t, (int, float)))
            waits.append(1.0 - ((now - since) % 1.0))
        return waits

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.dirty = False
        ui.table(surface)
        w, h = surface.get_size()
        t = self.stored.tournament
        ui.heading(surface, t.name, (w // 2, 40), size=38)
        hosting = self.hosting
        boards = self.boards()
        assets.text(surface, self.summary(hosting, boards), (w // 2, 80), size=17,
                    colour=ui.MUTED, anchor="center", width=w - 80)
        if not boards:
            box = pygame.Rect(40, TOP, w - 80, 80)
            ui.panel(surface, box)
            what = (_("Not hosting: press Hosting to start.") if hosting is None or
                    not hosting.running else _("No board of the round is played over the "
                                               "network now."))
            assets.text(surface, what, box.center, size=19, colour=ui.INK, anchor="center",
                        width=box.width - 20)
        now = time.monotonic()
        for index, live in enumerate(boards):
            tile = self.tile_rect(index)
            if tile is not None:
                self.draw_tile(surface, tile, live, now)
        self.tile_list.draw(surface)
        if self.tile_list.scrolls:
            cols = self.grid[0]
            first = self.tile_list.first * cols + 1
            last = min(len(boards), self.tile_list.last * cols)
            assets.text(surface, _("Boards {first}-{last} of {n}").format(
                first=number(first), last=number(last), n=number(len(boards))),
                (w // 2, h - 94), size=14, colour=ui.MUTED, anchor="midtop")
        note, ok = self.notice, True
        if not note and hosting is not None and hosting.notes:
            note, ok = hosting.notes[-1]
        if note:
            assets.text(surface, note, (w // 2, h - 66 + 14), size=16,
                        colour=(170, 230, 150) if ok else ERROR, anchor="midtop",
                        width=w - 2 * (40 + 200 + 20))

    @staticmethod
    def summary(hosting, boards) -> str:
        if hosting is None or not hosting.running:
            return _("Live boards: not hosting")
        if hosting.state == "starting":
            return _("Live boards: starting the host\u2026")
        playing = sum(1 for b in boards if b.view.started and not b.view.over)
        over = sum(1 for b in boards if b.view.over)
        waiting = len(boards) - playing - over
        round_no = boards[0].round if boards else None
        # TRANSLATORS: how the boards of a round played over the network stand; the
        # parts are joined by ", " into "3 playing, 2 waiting, 1 over"
        parts = [ngettext("{n} playing", "{n} playing", playing).format(n=number(playing))]
        if waiting:
            parts.append(ngettext("{n} waiting", "{n} waiting", waiting).format(
                n=number(waiting)))
        if over:
            parts.append(ngettext("{n} over", "{n} over", over).format(n=number(over)))
        boards_said = _(", ").join(parts)
        if round_no:
            return _("Round {n}: {boards} - tables join at {address}").format(
                n=number(round_no), boards=boards_said, address=isolated(hosting.url))
        return _("{boards} - tables join at {address}").format(boards=boards_said,
                                                               address=isolated(hosting.url))

    def draw_tile(self, surface, tile: pygame.Rect, live, now: float) -> None:
        v = live.view
        asked = bool(live.overdue) and not v.over
        ui.panel(surface, tile, border=(230, 120, 90) if asked else (176, 138, 90))
        flip = rtl()        # written right to left: the tile read from its right edge

        def at(x: int, anchor: str) -> tuple[int, str]:
            """``x`` and ``anchor`` of a tile laid out from its left, where they go."""
            if not flip:
                return x, anchor
            return (tile.left + tile.right - x,
                    anchor.replace("left", "_").replace("right", "left").replace("_", "right"))

        x, anchor = at(tile.x + 10, "topleft")
        head = assets.text(surface, _("Board {n}").format(n=number(live.board)),
                           (x, tile.y + 6), size=16, bold=True, colour=ui.TITLE,
                           anchor=anchor)
        room = tile.width - 20 - head.width - 10
        state = network.fitted_state(live, room, 15, now)
        colour = ERROR if (v.away and not v.over) or asked else \
            ui.MUTED if v.over else ui.INK
        x = head.left - 10 - room if flip else head.right + 10
        assets.text(surface, state, (x, tile.y + 7), size=15, colour=colour, width=room)
        # the names across the tile, each with its clock; the one to move marked
        x, right = tile.x + 10, tile.right - 10
        y = tile.y + HEAD
        for seat in range(min(2, len(v.names))):
            name = str(v.names[seat] or _("Seat {n}").format(n=number(seat + 1)))
            left = v.clock_left(seat, now)
            clock = network.clock_text(left) if left is not None else ""
            to_move = v.turn == seat and v.started and not v.over
            room = right - x - 14 - (assets.measure(clock, 17, True) + 12 if clock else 0)
            if to_move:
                points = [(x, y + 6), (x, y + 16), (x + 8, y + 11)]
                pygame.draw.polygon(surface, ui.TITLE, [(at(px, "")[0], py)
                                                        for px, py in points])
            gone = seat in v.away and not v.over        # its table dropped
            # a room from its left edge: drawn against its right in such a language
            name_x = right - 14 - room if flip else x + 14
            assets.text(surface, name, (name_x, y), size=17, bold=to_move,
                        colour=ERROR if gone else ui.TITLE if to_move else ui.INK, width=room)
            if clock:
                clock_x, clock_anchor = at(right, "topright")
                assets.text(surface, clock, (clock_x, y), size=17, bold=True,
                            colour=ui.TITLE if to_move and v.running == seat else ui.INK,
                            anchor=clock_anchor)
            y += NAMES // 2
        if any(b[1] == live.number for b in self.buttons.values()):
            return          # the director's question takes the picture's place
        pic = self.picture_rect(tile)
        self.draw_picture(surface, pic, live)
        info = self.info_rect(tile)
        y = info.y + 2
        lines = []
        if v.timer_ms is not None:
            left = v.timer_ms / 1000
            if v.started and not v.paused and not v.over:
                left -= now - v.at
            lines.append(_("Game timer {time}").format(
                time=network.clock_text(max(0.0, left))))
        if live.last_move:
            lines.append(_("Last move: {move}").format(move=live.last_move))
        if v.ply:
            lines.append(ngettext("{n} move played", "{n} moves played", v.ply).format(
                n=number(v.ply)))
        for line in lines:
            if y + LINE > info.bottom:
                break
            assets.text(surface, line, (info.x, y), size=15, colour=ui.MUTED,
                        width=info.width)      # against the right in right to left
            y += LINE

    def draw_picture(self, surface, rect: pygame.Rect, live) -> None:
        """The board drawn by its game's view, or the move and scores in words."""
        picture = self.picture(live, rect.size)
        if picture is not None:
            surface.blit(picture, picture.get_rect(center=rect.center))
            return
        v = live.view
        state = v.state()
        box = rect.inflate(-4, -4)
        pygame.draw.rect(surface, (52, 40, 31), box, border_radius=8)
        spec = GAMES.get(v.game)
        lines = [spec.title if spec else v.game,
                 _("move {n}").format(n=number(v.ply + (0 if v.over else 1)))]
        scores = getattr(state, "scores", None) if state is not None else None
        if isinstance(scores, (list, tuple)) and len(scores) == len(v.names):
            from game.core import score_text
            lines.append(digits(" - ".join(score_text(s) for s in scores)))
        y = box.centery - 14 * len(lines)
        for i, line in enumerate(lines):
            assets.text(surface, line, (box.centerx, y), size=22 if i == 2 else 17,
                        bold=i == 2, colour=ui.INK if i else ui.MUTED, anchor="midtop",
                        width=box.width - 12)
            y += 28

    def picture(self, live, size) -> pygame.Surface | None:
        v = live.view
        key = (live.number, v.seq, tuple(size))
        if key in self.pictures:
            return self.pictures[key]
        for old in [k for k in self.pictures if k[0] == live.number]:
            del self.pictures[old]
        if len(self.pictures) >= PICTURES:
            self.pictures.clear()
        self.pictures[key] = picture = board_picture(self.app, v, size)
        return picture


def board_picture(app, view, size) -> pygame.Surface | None:
    """``view``'s board (a client's ``BoardView``) drawn by its game's own view into
    ``size``; None when the game's view draws outside that size or cannot draw it."""
    from ..views import view_class
    from ..views.base import render_static
    state = view.state()
    spec = GAMES.get(view.game)
    if state is None or spec is None:
        return None
    margin = 40
    layer = pygame.Surface((size[0] + 2 * margin, size[1] + 2 * margin), pygame.SRCALPHA)
    place = pygame.Rect(margin, margin, *size)
    # the names in full are beside the picture: the board's own labels take them short
    seats = [{"name": _short(str(n or _("Seat {n}").format(n=number(i + 1)))), "kind": "human"}
             for i, n in enumerate(view.names)]
    try:
        render_static(app, view_class(spec.name), spec, layer, place, state,
                      variant=view.variant or None, seats=seats)
    except (pygame.error, ValueError, TypeError, AttributeError, KeyError, IndexError,
            ZeroDivisionError):
        return None          # a view that cannot draw so small: words instead
    drawn = layer.get_bounding_rect()
    if drawn.width == 0 or drawn.width > size[0] * OVERFLOW or \
            drawn.height > size[1] * OVERFLOW:
        return None          # it draws far beyond its room (trays, panels): words instead
    picture = layer.subsurface(drawn)
    scale = min(1.0, size[0] / drawn.width, size[1] / drawn.height)
    if scale < 1.0:          # a label or a rim a little beyond: the whole, a little smaller
        picture = pygame.transform.smoothscale(
            picture, (max(1, int(drawn.width * scale)), max(1, int(drawn.height * scale))))
    return picture.copy()


def _short(name: str, most: int = 10) -> str:
    return name if len(name) <= most else name[:most - 1].rstrip() + "\u2026"
