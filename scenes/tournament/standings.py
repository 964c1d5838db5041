"""Standings and crosstable, and the export of both (CSV) and of the tournament (JSON)."""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UITextEntryLine

from game.tournament.files import crosstable_csv, standings_csv, write_free
from game.tournament.model import TIEBREAK_TITLES
from game.tournament.standings import crosstable_matrix, number_text, standings
from game.tournament.store import StoreError

from .. import assets, ui
from ..stack import Scene
from .common import counted, export_dir, message, points_text
from .printable import save_pages

LINE = 30


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

    @property
    def tournament(self):
        return self.stored.tournament

    def build(self) -> None:
        w, h = self.app.size
        self.table_rect = pygame.Rect(60, 130, w - 120, h - 130 - 200)
        y = h - 140
        self.folder_entry = self.add(UITextEntryLine(pygame.Rect(200, y + 5, w - 260 - 210, 36),
                                                     manager=self.app.ui,
                                                     initial_text=self.folder))
        self.print_button = ui.button(self, (w - 60 - 200, y + 2, 200, 42), "Printable PNGs",
                                      tooltip="The standings and the latest round's pairings, "
                                              "as pages to print")
        y += 56
        self.back_button = ui.button(self, (60, y, 140, 46), "Back")
        self.toggle_button = ui.button(self, (215, y, 200, 46),
                                       "Standings" if self.crosstable else "Crosstable")
        # the three export buttons share what is right of Back and the toggle
        bw = min(200, (w - 60 - 430 - 20) // 3)
        short = bw < 190               # a narrow window: the labels without "Export"
        self.csv_button = ui.button(self, (w - 60 - 3 * bw - 20, y, bw, 46),
                                    "Standings CSV" if short else "Export standings", "#primary")
        self.cross_button = ui.button(self, (w - 60 - 2 * bw - 10, y, bw, 46),
                                      "Crosstable CSV" if short else "Export crosstable")
        self.json_button = ui.button(self, (w - 60 - bw, y, bw, 46), "Export JSON")

    def handle(self, event) -> None:
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
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def export(self, what: str) -> Path | None:
        """Write one export into the folder typed (made if missing), beside any file of the
        same name rather than over it ("name (2).csv"); the message names the file."""
        self.folder = self.folder_entry.get_text().strip()
        if not self.folder:
            self.notice, self.notice_ok = "Type the folder to export to first.", False
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
            self.notice, self.notice_ok = f"Nothing was written: {exc}", False
            return None
        self.written.append(path)
        self.notice, self.notice_ok = f"Written: {path}", True
        return path

    def print_pages(self) -> list[Path]:
        """The standings and the latest pairings as PNG pages in the folder typed."""
        self.folder = self.folder_entry.get_text().strip()
        if not self.folder:
            self.notice, self.notice_ok = "Type the folder to save the pages in first.", False
            return []
        try:
            paths = save_pages(self.tournament, self.folder, file_stem(self.tournament.name))
        except (StoreError, OSError, pygame.error) as exc:
            self.notice, self.notice_ok = f"Nothing was written: {exc}", False
            return []
        self.written.extend(paths)
        self.notice, self.notice_ok = f"Written: {', '.join(p.name for p in paths)} in " \
                                      f"{paths[0].parent}", True
        return paths

    # --- drawing ---------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        t = self.tournament
        ui.heading(surface, t.name, (w // 2, 46), size=40)
        done = ("final" if t.is_complete else
                f"after {self._rounds_done()} of {counted(t.total_rounds, 'round')}")
        assets.text(surface, f"{'Crosstable' if self.crosstable else 'Standings'} ({done})",
                    (w // 2, 90), size=19, colour=ui.MUTED, anchor="center", width=w - 40)
        ui.panel(surface, self.table_rect.inflate(20, 16))
        if self.crosstable:
            self._draw_crosstable(surface)
        else:
            self._draw_standings(surface)
        assets.text(surface, "Export to folder:", (60, h - 128), size=16, colour=ui.INK,
                    bold=True)
        message(surface, self.notice, (w // 2, h - 172), ok=self.notice_ok)

    def _rounds_done(self) -> int:
        t = self.tournament
        return sum(1 for r in range(1, t.rounds_paired + 1) if t.round_complete(r))

    def _columns(self, surface, headers, cols, y):
        for text, (x, width) in zip(headers, cols):
            assets.text(surface, text, (x, y), size=15, bold=True, colour=ui.MUTED, width=width)

    def _line(self) -> int:
        """The height of a row: every entrant's row where that leaves it readable."""
        rows = max(1, len(self.tournament.entrants))
        return max(20, min(LINE, (self.table_rect.height - 36 - 24) // rows))

    def _rows_fit(self) -> int:
        return max(1, (self.table_rect.height - 36 - 24) // self._line())

    def _draw_standings(self, surface) -> None:
        t = self.tournament
        r = self.table_rect
        tb = [TIEBREAK_TITLES[n] for n in t.tiebreaks]
        # the name has a column of its own, the rest as wide as their figures need
        cols = ui.columns(r.x + 16, r.width - 32, [50, None, 64, 64, 100] + [110] * len(tb))
        self._columns(surface, ["Rank", "Name", "Points", "Played", "W / D / L"] + tb, cols,
                      r.y + 6)
        line = self._line()
        size = 17 if line >= 28 else 15 if line >= 22 else 14
        for i, s in enumerate(standings(t)[:self._rows_fit()]):
            y = r.y + 36 + i * line
            colour = ui.TITLE if s.rank == 1 and s.played else ui.INK
            cells = [str(s.rank), s.name, points_text(s.points), str(s.played),
                     f"{s.wins} / {s.draws} / {s.losses}"]
            cells += [number_text(v) for v in s.tiebreaks]
            for text, (cx, cw) in zip(cells, cols):
                assets.text(surface, text, (cx, y), size=size, colour=colour, width=cw)

    def _draw_crosstable(self, surface) -> None:
        """The player-against-player grid: a row and a column per entrant (numbered in
        standings order), each cell what the row scored against the column, then totals."""
        t = self.tournament
        r = self.table_rect
        tb = [TIEBREAK_TITLES[n] for n in t.tiebreaks]
        table = standings(t)
        rows = crosstable_matrix(t, table)
        cell = 44 if t.format != "round-robin" or len(rows) < 2 or max(
            len(s or ()) for s in rows[0]["scores"]) <= 1 else 60
        room = r.width - 32 - 200          # at least 200 pixels for the names
        fixed = 36 + 60 + len(tb) * 90 + 14 * (3 + len(tb))
        cell = max(26, min(cell, (room - fixed) // max(1, len(rows)) - 4))
        cols = ui.columns(r.x + 16, r.width - 32, [36, None] + [cell] * len(rows)
                          + [60] + [90] * len(tb), gap=4)
        headers = ["No.", "Name"] + [str(n) for n in range(1, len(rows) + 1)] + ["Points"] + tb
        self._columns(surface, headers, cols, r.y + 6)
        line = self._line()
        size = 17 if line >= 28 else 15 if line >= 22 else 14
        for i, row in enumerate(rows[:self._rows_fit()]):
            y = r.y + 36 + i * line
            cells = [str(row["line"]), row["name"]]
            cells += ["\u00d7" if scores is None
                      else " ".join(mark or points_text(v) for v, mark in zip(scores, marks))
                      for scores, marks in zip(row["scores"], row["marks"])]
            cells += [points_text(row["points"])]
            cells += [number_text(v) for v in table[i].tiebreaks]
            for text, (cx, cw) in zip(cells, cols):
                assets.text(surface, text, (cx, y), size=size, colour=ui.INK, width=cw)
        assets.text(surface, "Each cell: the points the row's entrant scored against the "
                             "column's (+ \u2212 won, lost by forfeit); empty where they have "
                             "not met.",
                    (r.x + 16, r.bottom - 24), size=14, colour=ui.MUTED, width=r.width - 32)

