"""The projector view: a second window showing the current round's pairings and the
standings in large type, for the back of a club room.

It turns its pages by itself, a screenful at a time (``TURN`` seconds each): the
boards of the round paired last, with their results, then the standings as they are
now.  It reads the tournament through a connection of its own and looks, each frame
the program runs, whether anything was committed since (SQLite's ``data_version``): a
result entered, a game the computers finished in another process, a round paired.
Its picture is drawn only when its page turns or what the page shows changes, so an
idle program draws nothing between page turns (``next_frame_in``).

It is opened and closed from the round view and the standings (``toggle``); the app
drives it beside its own window (``App.windows``).  In the window: F11, F or a
double-click fills the screen it is on (drag it to the projector first), Esc leaves
the full screen (or closes the window), the arrow keys turn the pages by hand.
"""

from __future__ import annotations

import sqlite3
import time

import pygame

from game.i18n import _, pgettext
from game.tournament.store import StoreError, TournamentStore

from .layout import Column, Page, Style, Table, draw_page, table_pages
from .printable import pairings_table, standings_table

#: Seconds each page shows.
TURN = 8.0
SIZE = (1280, 720)
#: SDL's SDL_WINDOWPOS_CENTERED_DISPLAY(n) is this with the display's number.
CENTRED_ON = 0x2FFF0000
#: Light on dark, as the program's screens are.
PALETTE = {"paper": (24, 19, 15), "ink": (243, 233, 214), "grey": (200, 184, 160),
           "rule": (96, 78, 60), "title": (255, 226, 176)}


def screen_style(size: tuple[int, int]) -> Style:
    """Type for a window of ``size``: a cell's text a 30th of its height (36 pixels at
    1080), everything else in proportion."""
    text = max(14, round(min(size[1] / 30, size[0] / 44)))
    k = text / 20
    return Style(page=size, margin=round(30 * k), gap=round(16 * k), size=text,
                 head_size=round(15 * k), note_size=round(14 * k), title_size=round(26 * k),
                 subtitle_size=round(20 * k), row_pad=round(4 * k), name_room=None)


def projector_tables(tournament) -> list[Table]:
    """What the projector cycles through: the latest round's boards (when one is paired),
    then the standings; fewer columns than in print, and narrower, for larger type."""
    t = tournament
    tables = []
    if t.rounds:
        pairings = pairings_table(t, t.rounds_paired)
        keep = [0, 1, 3, 5]            # board, both names, result: the points are left out
        tables.append(Table(t.name, pairings.subtitle,
                            [Column(pgettext("tournament", "Board"), 56), Column(_("First (moves first)"), None),
                             Column(_("Second"), None), Column(_("Result"), 110)],
                            [[row[i] for i in keep] for row in pairings.rows], pairings.note))
    table = standings_table(t)
    tiebreaks = len(t.tiebreaks)
    columns = [Column(_("Rank"), 56), Column(_("Name"), None), Column(_("Points"), 70)]
    columns += [Column(c.head, 90) for c in table.columns[-tiebreaks:]] if tiebreaks else []
    tables.append(Table(t.name, table.subtitle, columns,
                        [row[:3] + (row[-tiebreaks:] if tiebreaks else []) for row in table.rows]))
    return tables


class Projector:
    """The projector's window and what it shows (see the module's notes)."""

    def __init__(self, app, store_path, tid: int, clock=time.monotonic):
        self.app = app
        self.tid = tid
        self.clock = clock
        self.store = TournamentStore(store_path)          # StoreError: nothing opened
        try:
            self.tournament = self.store.load(tid)
            self.watch = sqlite3.connect(f"file:{self.store.path}?mode=ro", uri=True)
            self.seen = self._version()
            size, position = self._place()
            self.window = pygame.Window(f"{self.tournament.name} - Callidus", size, position,
                                        resizable=True)
        except (StoreError, sqlite3.Error, pygame.error):
            self.store.close()
            raise
        self.tables = projector_tables(self.tournament)
        self.pages: list[Page] = []
        self.page = 0
        self.turn_at = clock() + TURN
        self.dirty = True
        self.draws = 0                 # pictures drawn (the tests count them)
        self.last_click = -1.0
        self.is_full_screen = False
        app.windows.append(self)

    @staticmethod
    def _place() -> tuple[tuple[int, int], tuple[int, int]]:
        """(size, position) of a new window: centred on the last display (a projector
        beside a laptop's screen is the second), and fitting it."""
        desktops = pygame.display.get_desktop_sizes() or [SIZE]
        width, height = desktops[-1]
        where = CENTRED_ON | (len(desktops) - 1)
        return (min(SIZE[0], width - 40), min(SIZE[1], height - 80)), (where, where)

    # --- what it shows --------------------------------------------------------------
    def _version(self) -> int:
        return self.watch.execute("PRAGMA data_version").fetchone()[0]

    def _look(self) -> None:
        """Read the tournament again if anything was committed since it was read; a new
        picture only if what it shows changed."""
        try:
            version = self._version()
            if version == self.seen:
                return
            self.seen = version
            self.tournament = self.store.load(self.tid)
        except (StoreError, sqlite3.Error):
            return                      # deleted or damaged meanwhile: what was read stays
        tables = projector_tables(self.tournament)
        if tables != self.tables:
            self.tables = tables
            self.pages = []             # laid out again when next drawn
            self.dirty = True

    def _lay_out(self) -> None:
        """Every page of the cycle for the window's size; the page shown kept where it
        still exists."""
        size = self.window.size
        style = screen_style(size)
        self.pages = [page for table in self.tables for page in table_pages(table, style)]
        self.page = min(self.page, len(self.pages) - 1)

    def turn(self, step: int = 1) -> None:
        """Show the next page (``step`` -1: the one before); the next turn a full
        ``TURN`` from now."""
        if self.pages:
            self.page = (self.page + step) % len(self.pages)
        self.turn_at = self.clock() + TURN
        self.dirty = True

    # --- driven by the app -------------------------------------------------------------
    def next_frame_in(self) -> float:
        return max(0.0, self.turn_at - self.clock())

    def step(self) -> None:
        self._look()
        if self.clock() >= self.turn_at:
            self.turn()
        if not self.dirty:
            return
        if not self.pages:
            self._lay_out()
        surface = self.window.get_surface()
        if surface.get_size() != self.pages[self.page].size:
            self._lay_out()
        draw_page(self.pages[self.page], surface, PALETTE)
        self.window.flip()
        self.dirty = False
        self.draws += 1

    def handle(self, event) -> None:
        if event.type == pygame.WINDOWCLOSE:
            self.close()
        elif event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED,
                            pygame.VIDEORESIZE):
            self.dirty = True
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_F11, pygame.K_f):
                self.full_screen(not self.is_full_screen)
            elif event.key == pygame.K_ESCAPE:
                if self.is_full_screen:
                    self.full_screen(False)
                else:
                    self.close()
            elif event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_PAGEDOWN):
                self.turn(1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.turn(-1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            now = self.clock()
            if now - self.last_click < 0.4:
                self.full_screen(not self.is_full_screen)
            self.last_click = now

    def full_screen(self, on: bool) -> None:
        try:
            if on:
                self.window.set_fullscreen(True)
            else:
                self.window.set_windowed()
        except pygame.error:
            return
        self.is_full_screen = on
        self.dirty = True

    def close(self) -> None:
        if self in self.app.windows:
            self.app.windows.remove(self)
            self.window.destroy()
            self.watch.close()
            self.store.close()

    @property
    def is_open(self) -> bool:
        return self in self.app.windows


def find(app) -> Projector | None:
    """The projector view open beside ``app``'s window, if any."""
    return next((w for w in getattr(app, "windows", []) if isinstance(w, Projector)), None)


def toggle(app, stored) -> tuple[str, bool]:
    """Open the projector view of ``stored`` (a ``StoredTournament``), or close it when it
    shows that one already; (what to tell the director, whether it went well)."""
    shown = find(app)
    if shown is not None:
        shown.close()
        if shown.tid == stored.id:
            return _("The projector view is closed."), True
    try:
        Projector(app, stored.store.path, stored.id)
    except (StoreError, sqlite3.Error, pygame.error) as exc:
        return _("The projector view could not be opened: {problem}").format(problem=exc), False
    return (_("The projector view is open in a window of its own: drag it to the projector's "
              "screen and press F11 (or double-click it) to fill that screen."), True)


def button_text(app, stored) -> str:
    """The label of a screen's button for the projector view of ``stored``."""
    shown = find(app)
    return (_("Close projector") if shown is not None and shown.tid == stored.id
            else _("Projector"))


def follow(button, app, stored) -> None:
    """Keep ``button``'s label true (the window may have been closed on its own)."""
    text = button_text(app, stored)
    if button.text != text:
        button.set_text(text)

