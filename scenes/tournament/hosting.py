"""Hosting a tournament over the network: the director's settings, then the address
the tables join and every board's table.

Before hosting: who may join (the computers of this network, or this computer
only), the event's password (optional), how long a table may be away before
the director is asked what happens, and whether the computer entrants play
on this computer or at a table.  Start hosting starts the host in the
background (``network.Hosting``); the screens stay usable, and the results
go into the round by themselves.  While hosting: the address and the
password to give the tables, and each board of the round with its table's
state; Live boards shows the games themselves.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.i18n import N_, _, isolated, ngettext, number, pgettext
from game.net.tournament import current_round

from .. import assets, ui
from ..scroll_list import ScrollList
from ..stack import Scene
from . import network
from .common import ERROR, GOOD, StoreError, mirror_columns

ROW = 34
TOP = 134
FORM_W = 760
COMPUTERS = ((N_("On this computer"), "host"), (N_("At a table, by its bot"), "table"))


class HostingScene(Scene):
    title = "hosting"

    def __init__(self, app, stored):
        super().__init__(app)
        self.stored = stored
        self.notice = ""
        self.notice_ok = True
        self.choices = {"bind": network.DEFAULT_BIND, "away": network.DEFAULT_AWAY,
                        "computers": "host"}
        self.password = ""
        self.board_list: ScrollList | None = None
        self.seen = None          # (the hosting's state and boards, its version) last drawn
        self.started = None       # the hosting started here, until it is up (or failed)
        self.recorded = 0         # results the hosting had kept when the tournament was read
        self.dirty = True

    @property
    def hosting(self):
        return network.find(self.app, self.stored.id)

    @property
    def tournament(self):
        return self.stored.tournament

    # --- widgets --------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.controls = {}
        self.password_entry = None
        self.start_button = self.stop_button = self.live_button = None
        self.board_list = None
        self.back_button = ui.button(self, (60, h - 76, 140, 46), _("Back"))
        hosting = self.hosting
        if hosting is None:
            self._build_form(w, h)
        else:
            self._build_hosting(w, h, hosting)

    def _form_rect(self, w: int) -> pygame.Rect:
        width = min(FORM_W, w - 120)
        return pygame.Rect((w - width) // 2, TOP + 10, width, 4 * 56 + 20)

    def _build_form(self, w: int, h: int) -> None:
        box = self._form_rect(w)
        x = box.x + box.width // 2
        right = box.width // 2 - 20
        y = box.y + 10

        def m(rect):        # the labels at the right in Persian, the choices left of them
            return ui.mirrored(rect, box)
        self.controls["bind"] = self._menu("bind", network.BINDS, m((x, y, right, 38)))
        self.password_entry = self.add(UITextEntryLine(m((x, y + 56, right, 38)),
                                                       manager=self.app.ui,
                                                       initial_text=self.password))
        self.password_entry.set_text_length_limit(64)
        self.controls["away"] = self._menu("away", network.AWAY_LIMITS,
                                           m((x, y + 112, right, 38)))
        self.controls["computers"] = self._menu("computers", COMPUTERS,
                                                m((x, y + 168, right, 38)))
        self.start_button = ui.button(self, (w - 60 - 240, h - 76, 240, 46), _("Start hosting"),
                                      "#primary")

    def _menu(self, key, options, rect):
        titles = [(_(title), str(value)) for value, title in options] if key == "away" \
            else [(_(title), value) for title, value in options]
        chosen = next((t for t in titles if t[1] == str(self.choices[key])), titles[0])
        self.choices[key] = int(chosen[1]) if key == "away" else chosen[1]
        return ui.dropdown(self, rect, titles, chosen)

    def _build_hosting(self, w: int, h: int, hosting) -> None:
        self.stop_button = ui.button(self, (215, h - 76, 180, 46), _("Stop hosting"),
                                     tooltip=_("The tables are let go; their boards wait in "
                                               "the host's database until you host again"))
        self.live_button = ui.button(self, (w - 60 - 200, h - 76, 200, 46), _("Live boards"),
                                     "#primary")
        if hosting.state != "hosting":
            self.live_button.disable()
        top = self.list_top()
        rows = max(1, (h - 112 - top - 28) // ROW)
        boards = self.board_rows()
        rows = min(rows, max(1, len(boards)))
        first = 0
        self.table = pygame.Rect(60, top, w - 120, 28 + rows * ROW)
        self.board_list = ScrollList(self, (self.table.x, self.table.y + 28,
                                            self.table.width - 4, rows * ROW), ROW,
                                     len(boards), first=first)

    def list_top(self) -> int:
        return TOP + 118

    def board_rows(self) -> list:
        hosting = self.hosting
        if hosting is None:
            return []
        return hosting.round_boards(current_round(self.tournament))

    # --- events ------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.board_list is not None and self.board_list.handle(event):
            self.dirty = True
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for key, widget in self.controls.items():
                if event.ui_element is widget:
                    value = widget.selected_option[1]
                    self.choices[key] = int(value) if key == "away" else value
            return
        if ui.pressed(event, self.start_button):
            self.start()
        elif ui.pressed(event, self.stop_button):
            self.stop()
        elif ui.pressed(event, self.live_button):
            self.app.stack.push("tournament.live", stored=self.stored)
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def start(self) -> None:
        if self.password_entry is not None:
            self.password = self.password_entry.get_text().strip()
        try:
            self.stored = self.stored.store.open(self.stored.id)   # as it is now
        except StoreError as exc:
            self.notice, self.notice_ok = str(exc), False
            return
        hosting, said = network.start(self.app, self.stored, bind=self.choices["bind"],
                                      password=self.password,
                                      away_limit=self.choices["away"],
                                      bots=self.choices["computers"] == "host")
        self.notice, self.notice_ok = said, hosting is not None
        self.started = hosting
        self.resize()

    def stop(self) -> None:
        hosting = self.hosting
        if hosting is not None:
            hosting.close()
        self.notice, self.notice_ok = _("Hosting stopped. Its boards wait in the host's "
                                        "database: Start hosting takes them up again."), True
        self.resize()

    # --- per frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        started = self.started
        if started is not None and started.state != "starting":
            self.started = None
            if started.state == "failed":
                self.notice, self.notice_ok = _("The host could not start: {problem}").format(
                    problem=started.problem), False
            elif self.notice == _("Starting the host\u2026"):
                self.notice = ""
        hosting = self.hosting
        if hosting is not None and hosting.recorded != self.recorded:
            self.recorded = hosting.recorded
            try:
                self.stored = self.stored.store.open(self.stored.id)   # the results kept
            except StoreError:
                pass
        seen = None if hosting is None else (hosting.state, len(self.board_rows()))
        version = None if hosting is None else hosting.version
        if seen != (self.seen or (None,))[0]:
            self.resize()          # hosting began or ended, or the round's boards changed
        if (seen, version) != self.seen:
            self.seen = (seen, version)
            self.dirty = True

    def next_frame_in(self) -> float | None:
        if self.dirty:
            return 0.0
        hosting = self.hosting
        if hosting is not None and any(b.view.away and not b.view.over
                                       for b in hosting.boards.values()):
            return 1.0            # the time away counts up
        return None

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.dirty = False
        ui.table(surface)
        w, h = surface.get_size()
        t = self.tournament
        ui.heading(surface, t.name, (w // 2, 50), size=44)
        assets.text(surface, _("Boards on other computers: each table's result goes into the "
                               "round by itself."), (w // 2, 96), size=18, colour=ui.MUTED,
                    anchor="center", width=w - 80)
        hosting = self.hosting
        if hosting is None:
            self._draw_form(surface)
        else:
            self._draw_hosting(surface, hosting)
        if self.notice:
            assets.text(surface, self.notice, (w // 2, h - 104), size=16,
                        colour=GOOD if self.notice_ok else ERROR, anchor="midtop",
                        width=w - 80)

    def _draw_form(self, surface) -> None:
        box = self._form_rect(surface.get_width())
        ui.panel(surface, box.inflate(20, 10))
        labels = (_("Who can join"), _("Event password (optional)"),
                  _("Ask me when a table is away for"), _("The computer entrants play"))
        for i, label in enumerate(labels):
            place = ui.mirrored((box.x + 16, box.y + 18 + 56 * i, box.width // 2 - 36, 20), box)
            assets.text(surface, label, place.topleft, size=17,
                        colour=ui.INK, width=box.width // 2 - 36)
        assets.paragraph(surface, _("Each table joins with its player's name (Join a table, "
                                    "on its menu); the host plays every board of the round, "
                                    "and the rounds you pair next."),
                         (box.x, box.bottom + 24, box.width, 60), size=16, colour=ui.MUTED,
                         spacing=1.45)

    def _draw_hosting(self, surface, hosting) -> None:
        w, h = surface.get_size()
        top = TOP
        box = pygame.Rect(60, top, w - 120, 100)
        ui.panel(surface, box)
        if hosting.state == "starting":
            assets.text(surface, _("Starting the host\u2026"), box.center, size=24,
                        colour=ui.INK, anchor="center")
            return
        if hosting.state != "hosting":
            assets.text(surface, _("Not hosting."), box.center, size=22, colour=ui.MUTED,
                        anchor="center")
            return
        first = ui.mirrored((box.x + 20, 0, box.width // 2 - 30, 1), box).x
        assets.text(surface, _("Tables join at"), (first, box.y + 10), size=16,
                    colour=ui.MUTED, width=box.width // 2 - 30)
        assets.text(surface, hosting.url, (first, box.y + 34), size=28, bold=True,
                    colour=ui.TITLE, width=box.width // 2 - 30)
        word = (_("Password: {password}").format(password=isolated(hosting.password))
                if hosting.password else _("No password"))
        half = ui.mirrored((box.x + box.width // 2 + 10, 0, box.width // 2 - 26, 1), box).x
        room = box.width // 2 - 26
        assets.text(surface, word, (half, box.y + 14), size=18, colour=ui.INK, width=room)
        minutes = next((_(title) for value, title in network.AWAY_LIMITS
                        if value == hosting.away_limit), None)
        if minutes is None:
            seconds = round(hosting.away_limit)
            minutes = ngettext("{n} second", "{n} seconds", seconds).format(n=number(seconds))
        lines = assets.wrap(_("A table away {time}: you are asked what happens, on Live "
                              "boards.").format(time=minutes), 15, room)
        for i, line in enumerate(lines[:2]):
            assets.text(surface, line, (half, box.y + 42 + 22 * i), size=15, colour=ui.MUTED,
                        width=room)
        t = self.tournament
        boards = self.board_rows()
        table = self.table
        ui.panel(surface, table.inflate(20, 16))
        cols = mirror_columns(ui.columns(table.x + 16, table.width - 36, (110, None, None, None)),
                              table.x + 16, table.right - 20)
        for text, (cx, cw) in zip((pgettext("tournament", "Board"), _("First (moves first)"), _("Second"),
                                   _("Table")), cols):
            assets.text(surface, text, (cx, table.y + 6), size=15, bold=True, colour=ui.MUTED,
                        width=cw)
        if not boards:
            what = (_("Every game of the round has its result.") if t.rounds else
                    _("No round is paired yet: pair one on the round screen."))
            assets.text(surface, what, (table.x + 16, table.y + 36), size=17, colour=ui.INK,
                        width=table.width - 36)
        rows = self.board_list
        for i in rows.shown():
            live = boards[i]
            y = rows.row_rect(i).y + 7
            # TRANSLATORS: a board of the round and the host's number for it: "3 (no. 12)"
            said = (number(live.board) if live.board == live.number
                    else _("{board} (no. {n})").format(board=number(live.board),
                                                        n=number(live.number)))
            assets.text(surface, said, (cols[0][0], y), size=17, colour=ui.INK,
                        width=cols[0][1])
            for seat in (0, 1):
                name = live.view.names[seat] if seat < len(live.view.names) else ""
                assets.text(surface, name or "", (cols[1 + seat][0], y), size=17,
                            colour=ui.INK, width=cols[1 + seat][1])
            state = network.fitted_state(live, cols[3][1], 16)
            colour = ERROR if live.overdue else ui.TITLE if live.view.over else ui.INK
            assets.text(surface, state, (cols[3][0], y), size=16, colour=colour,
                        width=cols[3][1])
        rows.draw(surface)
        if hosting.notes and not self.notice:
            text, ok = hosting.notes[-1]
            assets.text(surface, text, (w // 2, h - 104), size=16,
                        colour=GOOD if ok else ERROR, anchor="midtop", width=w - 80)
