"""Standings and crosstable, and the export of both (CSV) and of the tournament (JSON)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.tournament.files import crosstable_csv, standings_csv, write_free
from game.i18n import _, digits, isolated, ngettext, number, rtl
from game.tournament.standings import crosstable_matrix, number_text, standings
from game.tournament.store import StoreError

from .. import assets, ui
from ..scroll_list import BAR, BAR_GAP, ScrollList
from ..stack import Scene
from . import projector
from .common import (button_width, count_text, export_dir, message, mirror_columns,
                     points_text, tiebreak_title)
from .lifecycle import withdrawn_tags
from .printing import Printing

LINE = 28             # a row of the standings or the crosstable
HEADER = 34           # the column titles above the rows
FOOTER = 26           # the line under the rows: what a cell means, how many rows there are
NARROW = 1150         # a window narrower than this gives the names room from the figures
CELL_GAP = 6          # between the crosstable's columns
#: The crosstable keeps the tie-breaks beside the grid only where this many opponents'
#: columns still fit; otherwise they are left to the standings.
CELLS_WITH_TIEBREAKS = 12
HEAD_BUTTON = 170     # the Projector button, under the heading's corner
PRINT_POLL = 0.25     # seconds between looks whether the printouts are written


def file_stem(name: str) -> str:
    """A file name from a tournament name: letters, digits and dashes."""
    stem = "".join(c if c.isalnum() else "-" for c in name.strip().lower())
    while "--" in stem:
        stem = stem.replace("--", "-")
    return stem.strip("-") or "tournament"


class StandingsScene(Scene):
    title = "standings"

    def __init__(self, app, stored, folder=None):
        super().__init__(app)
        self.stored = stored
        self.crosstable = False
        self.folder = str(folder or export_dir())
        self.notice = ""
        self.notice_ok = False
        self.written: list[Path] = []
        self.rows: ScrollList | None = None           # the entrants, one a row
        self.opponents: ScrollList | None = None      # the crosstable's columns, sideways
        self.printing = Printing()      # the printouts asked for, written in the background
        self.print_round = stored.tournament.rounds_paired    # the round to print

    @property
    def tournament(self):
        return self.stored.tournament

    def build(self) -> None:
        w, h = self.app.size
        self.table_rect = pygame.Rect(60, 122, w - 120, h - 122 - 200)
        r = self.table_rect
        count = len(self.tournament.entrants)
        first = self.rows.first if self.rows is not None else 0
        # the crosstable's sideways scroll bar lies under its rows
        height = r.height - HEADER - FOOTER - (BAR + BAR_GAP if self.crosstable else 0)
        self.rows = ScrollList(self, (r.x + 12, r.y + HEADER, r.width - 16, height), LINE,
                               count, first=first)
        self.opponents = None
        if self.crosstable:
            self._place_crosstable()
        y = h - 140
        screen = (0, 0, w, h)        # the folder's row from the right in Persian
        self.folder_entry = self.add(UITextEntryLine(ui.mirrored((200, y + 5,
                                                                  w - 200 - 60 - 280, 36),
                                                                 screen),
                                                     manager=self.app.ui,
                                                     initial_text=self.folder))
        # the printouts of a round (the latest by default): chosen beside the button
        rounds = [(_("Round {n}").format(n=number(r)), str(r))
                  for r in range(1, self.tournament.rounds_paired + 1)]
        self.round_menu = None
        if rounds:
            self.round_menu = ui.dropdown(self, ui.mirrored((w - 60 - 270, y + 5, 110, 36),
                                                            screen),
                                          rounds, rounds[self.print_round - 1])
        self.print_button = ui.button(
            self, ui.mirrored((w - 60 - 150, y + 2, 150, 42), screen), _("Printouts"),
            tooltip=_("The standings and crosstable after the round chosen, its pairings, a "
                      "find-your-board list and result slips: a PDF and PNG pages"))
        if not rounds:
            self.print_button.disable()
        head_w = self.head_w = button_width(_("Close projector"), HEAD_BUTTON)
        self.projector_button = ui.button(
            self, (w - 60 - head_w, 74, head_w, 32),
            projector.button_text(self.app, self.stored),
            tooltip=_("The pairings and the standings in large type, in a window of their own"))
        y += 56
        self.back_button = ui.button(self, (60, y, 140, 46), _("Back"))
        self.toggle_button = ui.button(self, (215, y, 200, 46),
                                       _("Standings") if self.crosstable else _("Crosstable"))
        # the three export buttons share what is right of Back and the toggle
        bw = min(200, (w - 60 - 430 - 20) // 3)
        # a narrow window (or a language's longer words): the labels without "Export"
        short = bw < 190 or any(button_width(words, 0) > bw for words in (
            _("Export standings"), _("Export crosstable"), _("Export JSON")))
        self.csv_button = ui.button(self, (w - 60 - 3 * bw - 20, y, bw, 46),
                                    _("Standings CSV") if short else _("Export standings"),
                                    "#primary")
        self.cross_button = ui.button(self, (w - 60 - 2 * bw - 10, y, bw, 46),
                                      _("Crosstable CSV") if short else _("Export crosstable"))
        self.json_button = ui.button(self, (w - 60 - bw, y, bw, 46), _("Export JSON"))

    def handle(self, event) -> None:
        sideways = self.opponents.handle(event) if self.opponents is not None else False
        if self.rows.handle(event) or sideways:
            return
        if ui.pressed(event, self.toggle_button):
            self.folder = self.folder_entry.get_text()
            self.crosstable = not self.crosstable
            self.resize()
        elif ui.pressed(event, self.csv_button):
            self.export("standings")
        elif ui.pressed(event, self.cross_button):
            self.export("crosstable")
        elif ui.pressed(event, self.json_button):
            self.export("json")
        elif ui.pressed(event, self.print_button):
            self.print_pages()
        elif ui.pressed(event, self.projector_button):
            self.notice, self.notice_ok = projector.toggle(self.app, self.stored)
            projector.follow(self.projector_button, self.app, self.stored)
        elif (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
              and event.ui_element is self.round_menu):
            self.print_round = int(self.round_menu.selected_option[1])
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def export(self, what: str) -> Path | None:
        """Write one export into the folder typed (made if missing), beside any file of the
        same name rather than over it ("name (2).csv"); the message names the file."""
        self.folder = self.folder_entry.get_text().strip()
        if not self.folder:
            self.notice, self.notice_ok = _("Type the folder to export to first."), False
            return None
        stem = file_stem(self.tournament.name)
        names = {"standings": f"{stem}-standings.csv", "crosstable": f"{stem}-crosstable.csv",
                 "json": f"{stem}.json"}
        path = Path(self.folder).expanduser() / names[what]
        try:
            if what == "json":
                path = self.stored.store.export_json(self.stored.id, path, free=True)
            else:
                texts = {"standings": standings_csv, "crosstable": crosstable_csv}
                path = write_free(path, texts[what](self.tournament))
        except (StoreError, OSError) as exc:
            self.notice, self.notice_ok = _("Nothing was written: {problem}").format(
                problem=exc), False
            return None
        self.written.append(path)
        self.notice, self.notice_ok = _("Written: {path}").format(path=isolated(path)), True
        return path

    def print_pages(self) -> None:
        """Have the printouts of the round chosen written to the folder typed, in the
        background; the notice says when they are written, and where."""
        self.folder = self.folder_entry.get_text().strip()
        if not self.folder:
            self.notice, self.notice_ok = _("Type the folder to save the printouts in first."), \
                False
            return
        self.notice = self.printing.start(self.tournament, self.print_round, self.folder)
        self.notice_ok = True

    def update(self, dt: float) -> None:
        printed = self.printing.poll()
        if printed:
            self.notice, self.notice_ok = printed
        projector.follow(self.projector_button, self.app, self.stored)

    def next_frame_in(self) -> float | None:
        # printouts are written in another process: look now and then whether they are done
        return PRINT_POLL if self.printing.busy else None

    # --- drawing ---------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        t = self.tournament
        ui.heading(surface, t.name, (w // 2, 46), size=40)
        if t.is_complete:
            done = _("Crosstable (final)") if self.crosstable else _("Standings (final)")
        elif self.crosstable:
            done = ngettext("Crosstable (after {done} of {n} round)",
                            "Crosstable (after {done} of {n} rounds)", t.total_rounds)
        else:
            done = ngettext("Standings (after {done} of {n} round)",
                            "Standings (after {done} of {n} rounds)", t.total_rounds)
        done = done.format(done=number(self._rounds_done()), n=number(t.total_rounds))
        assets.text(surface, done,
                    (w // 2, 90), size=19, colour=ui.MUTED, anchor="center",
                    width=w - 2 * (60 + self.head_w + 10))
        ui.panel(surface, self.table_rect.inflate(20, 16))
        if self.crosstable:
            self._draw_crosstable(surface)
        else:
            self._draw_standings(surface)
        label = ui.mirrored((60, h - 128, 136, 20), (0, 0, w, h))
        assets.text(surface, _("Export to folder:"), label.topleft, size=16, colour=ui.INK,
                    bold=True, width=label.width)
        message(surface, self.notice, (w // 2, h - 186), ok=self.notice_ok, width=w - 80)

    def _rounds_done(self) -> int:
        t = self.tournament
        return sum(1 for r in range(1, t.rounds_paired + 1) if t.round_complete(r))

    def _columns(self, surface, headers, cols, y):
        for text, (x, width) in zip(headers, cols):
            assets.text(surface, text, (x, y), size=15, bold=True, colour=ui.MUTED, width=width)

    def _figures(self, crosstable: bool = False) -> tuple:
        """The standings (and the crosstable's rows), worked out once for what the tournament
        holds now, not at every frame of a scroll (a crosstable of 200 takes 70 ms)."""
        t = self.tournament
        key = (id(t), tuple(t.results.items()), t.rounds_paired, crosstable)
        if getattr(self, "_figures_key", None) != key:
            table = standings(t)
            self._figures_of = (table, crosstable_matrix(t, table) if crosstable else None)
            self._figures_key = key
        return self._figures_of

    def _stripes(self, surface) -> None:
        """Every other row shaded, so that a row is followed across a wide table."""
        for i in self.rows.shown():
            if i % 2:
                row = self.rows.row_rect(i)
                shade = pygame.Surface(row.size, pygame.SRCALPHA)
                shade.fill((255, 240, 210, 14))
                surface.blit(shade, row.topleft)

    def _footer(self, surface, note: str, counts: list[str]) -> None:
        """``note`` at the left of the line under the rows, ``counts`` at its right."""
        r = self.table_rect
        x, y = r.right - 16, r.bottom - FOOTER + 6
        if rtl():           # the counts at the left, the note from the right
            x = r.x + 16
            for text in counts:
                x = assets.text(surface, text, (x, y), size=14, bold=True,
                                colour=ui.MUTED).right + 18
            if note:
                assets.text(surface, note, (x, y), size=14, colour=ui.MUTED,
                            width=r.right - 16 - x)
            return
        for text in reversed(counts):
            x = assets.text(surface, text, (x, y), size=14, bold=True, colour=ui.MUTED,
                            anchor="topright").left - 18
        if note:
            assets.text(surface, note, (r.x + 16, y), size=14, colour=ui.MUTED,
                        width=x - r.x - 16)

    def _draw_standings(self, surface) -> None:
        t = self.tournament
        rows = self.rows
        tb = [tiebreak_title(n) for n in t.tiebreaks]
        # the name has a column of its own, the rest as wide as their figures need
        narrow = surface.get_width() < NARROW
        widths = [40, None, 56, 56, 96] + [84] * len(tb) if narrow else \
            [50, None, 64, 64, 100] + [max(110, _title_width(title)) for title in tb]
        cols = mirror_columns(ui.columns(rows.view.x + 4, rows.view.width - 8, widths, gap=12),
                              rows.view.x + 4, rows.view.right - 4)
        self._columns(surface, [_("Rank"), _("Name"), _("Points"), _("Played"),
                                # TRANSLATORS: the head of the wins / draws / losses column
                                _("W / D / L")] + tb, cols, self.table_rect.y + 8)
        self._stripes(surface)
        table = self._figures()[0]
        for i in rows.shown():
            s = table[i]
            y = rows.row_rect(i).y + 2
            colour = ui.TITLE if s.rank == 1 and s.played else ui.INK
            cells = [digits(s.rank), s.name, points_text(s.points), digits(s.played),
                     digits(f"{s.wins} / {s.draws} / {s.losses}")]
            cells += [digits(number_text(v)) for v in s.tiebreaks]
            tags = withdrawn_tags(t, s.entrant)
            if tags:        # at the end of the name's column, as short as the name needs
                cx, cw = cols[1]
                name = min(assets.measure(s.name, 17), 80)
                tag = next((g for g in tags if assets.measure(g, 13) + 10 + name <= cw),
                           tags[-1])
                if rtl():       # the tag at the name's end, which is its left
                    drawn = assets.text(surface, tag, (cx, y + 4), size=13, colour=ui.MUTED,
                                        anchor="topleft")
                    assets.text(surface, s.name, (drawn.right + 10, y), size=17, colour=colour,
                                width=max(0, cx + cw - drawn.right - 10))
                else:
                    drawn = assets.text(surface, tag, (cx + cw, y + 4), size=13,
                                        colour=ui.MUTED, anchor="topright", width=cw - 60)
                    assets.text(surface, s.name, (cx, y), size=17, colour=colour,
                                width=max(0, cw - drawn.width - 10))
                cells[1] = ""
            for text, (cx, cw) in zip(cells, cols):
                assets.text(surface, text, (cx, y), size=17, colour=colour, width=cw)
        rows.draw(surface)
        self._footer(surface, "", [count_text(rows, "entrant")])

    def _place_crosstable(self) -> None:
        """The crosstable's columns: the number, the name (as wide as the longest, up to a
        third of the table) and the points stay; the opponents' columns scroll sideways;
        the tie-breaks stay at the right where the window leaves room for them."""
        t = self.tournament
        view = self.rows.view
        double = t.format == "round-robin" and t.cycles == 2
        self.cell = 60 if double else 44
        widest = max((assets.measure(e.name, 17) for e in t.entrants), default=60)
        self.name_width = max(120, min(widest + 8, view.width // 3))
        left = [36, self.name_width, 56]
        inner = view.width - 8
        room = inner - sum(left) - CELL_GAP * len(left)

        def cells_beside(widths) -> int:
            return (room - sum(widths) - CELL_GAP * len(widths)) // (self.cell + CELL_GAP)

        # the tie-breaks' titles whole where the window is wide, shortened where it is less
        # so, and none where they would leave the grid too few columns
        enough = min(CELLS_WITH_TIEBREAKS, len(t.entrants))
        tb = [_title_width(tiebreak_title(n)) for n in t.tiebreaks]
        if cells_beside(tb) < enough + 6:
            tb = [90] * len(t.tiebreaks)
        self.show_tiebreaks = cells_beside(tb) >= enough
        if self.show_tiebreaks:
            room -= sum(tb) + CELL_GAP * len(tb)
        x = view.x + 4
        self.left_cols = []
        for width in left:
            self.left_cols.append((x, width))
            x += width + CELL_GAP
        step = self.cell + CELL_GAP
        r = self.table_rect
        first = self.opponents.first if self.opponents is not None else 0
        # in Persian the opponents' columns left of the fixed ones, the first at the right
        where = pygame.Rect(x, r.y, max(step, room - room % step),
                            self.rows.rect.bottom + BAR_GAP + BAR - r.y)
        where = ui.mirrored(where, (view.x + 4, 0, view.width - 8, 1))
        self.opponents = ScrollList(self, where, step, len(t.entrants), first=first, axis="x")
        self.right_cols = []
        x = view.x + 4 + inner
        for width in reversed(tb if self.show_tiebreaks else []):
            x -= width
            self.right_cols.insert(0, (x, width))
            x -= CELL_GAP

    def _draw_crosstable(self, surface) -> None:
        """The player-against-player grid: a row and a column per entrant (numbered in
        standings order), each cell what the row scored against the column, then totals."""
        t = self.tournament
        rows, opponents = self.rows, self.opponents
        tb = [tiebreak_title(n) for n in t.tiebreaks] if self.show_tiebreaks else []
        table, matrix = self._figures(crosstable=True)
        head_y = self.table_rect.y + 8
        view = rows.view
        left_cols = mirror_columns(self.left_cols, view.x + 4, view.right - 4)
        right_cols = mirror_columns(self.right_cols, view.x + 4, view.right - 4)
        # TRANSLATORS: the head of the crosstable's column of line numbers
        self._columns(surface, [_("No."), _("Name"), _("Points")], left_cols, head_y)
        self._columns(surface, tb, right_cols, head_y)
        self._stripes(surface)

        column = opponents.row_rect      # the first at the right in Persian
        for j in opponents.shown():
            col = column(j)
            assets.text(surface, digits(j + 1), (col.centerx, head_y), size=15, bold=True,
                        colour=ui.MUTED, anchor="midtop", width=self.cell)
        for i in rows.shown():
            row = matrix[i]
            y = rows.row_rect(i).y + 2
            cells = [digits(row["line"]), row["name"], points_text(row["points"])]
            for text, (cx, cw) in zip(cells, left_cols):
                assets.text(surface, text, (cx, y), size=17, colour=ui.INK, width=cw)
            for j in opponents.shown():
                scores, marks = row["scores"][j], row["marks"][j]
                text = "\u00d7" if scores is None else " ".join(
                    mark or points_text(v) for v, mark in zip(scores, marks))
                if text:
                    assets.text(surface, text, (column(j).centerx, y), size=17,
                                colour=ui.INK, anchor="midtop", width=self.cell)
            for text, (cx, cw) in zip([digits(number_text(v)) for v in table[i].tiebreaks],
                                      right_cols):
                assets.text(surface, text, (cx, y), size=17, colour=ui.INK, width=cw)
        rows.draw(surface)
        opponents.draw(surface)
        if not self.show_tiebreaks and t.tiebreaks:
            note = _("A cell: what the row's entrant scored against the column's (+ \u2212 "
                     "won, lost by forfeit); empty where they have not met; tie-breaks on the "
                     "standings.")
        else:
            note = _("A cell: what the row's entrant scored against the column's (+ \u2212 "
                     "won, lost by forfeit); empty where they have not met.")
        self._footer(surface, note, [count_text(rows, "entrant"),
                                     count_text(opponents, "opponent")])


def _title_width(title: str) -> int:
    """The room a column's title takes whole."""
    return assets.measure(title, 15, bold=True) + 8
