"""The tournament lobby: the kept tournaments, a new one, an imported one."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextEntryLine

from .. import assets, ui
from ..stack import Scene
from .common import StoreError, db_path, export_dir, message, open_store

ROWS_SHOWN = 6
FORMAT_TITLES = {"swiss": "Swiss", "round-robin": "Round robin"}


class LobbyScene(Scene):
    title = "tournaments"

    def __init__(self, app, store_path=None):
        super().__init__(app)
        self.store_path = db_path() if store_path is None else store_path
        self.store = None
        self.problem = ""
        self.notice = ""
        self.notice_ok = False
        self.infos = []
        self.import_text = str(export_dir() / "tournament.json")
        self._open()

    def _open(self) -> None:
        try:
            self.store = open_store(self.store_path)
        except StoreError as exc:
            self.store = None
            self.problem = (f"The tournament database cannot be used: {exc}. Move or repair "
                            "the file, then open this screen again.")

    def _refresh(self) -> None:
        self.infos = []
        if self.store is None:
            return
        try:
            self.infos = self.store.list()
        except StoreError as exc:
            self.problem = str(exc)

    # --- widgets ---------------------------------------------------------------
    def build(self) -> None:
        self._refresh()
        w, h = self.app.size
        self.card = pygame.Rect((w - min(900, w - 80)) // 2, 150, min(900, w - 80), 0)
        row_h = 70
        self.rows = []
        self.open_buttons = {}
        for i, info in enumerate(self.infos[:ROWS_SHOWN]):
            rect = pygame.Rect(self.card.x, self.card.y + i * row_h, self.card.width, row_h - 8)
            self.rows.append((info, rect))
            self.open_buttons[info.id] = ui.button(
                self, (rect.right - 130, rect.y + 12, 116, 38),
                "Results" if info.complete else "Continue", "#primary")
        self.card.height = max(1, len(self.rows)) * row_h
        y = h - 150
        x = self.card.x
        self.new_button = ui.button(self, (x, y, 260, 46), "New tournament", "#primary")
        self.import_entry = self.add(UITextEntryLine(pygame.Rect(x + 280, y + 5, self.card.width
                                                                 - 280 - 170, 36),
                                                     manager=self.app.ui,
                                                     initial_text=self.import_text))
        self.import_button = ui.button(self, (self.card.right - 160, y, 160, 46), "Import JSON")
        self.back_button = ui.button(self, (x, h - 80, 160, 46), "Back")
        if self.store is None:
            for widget in (self.new_button, self.import_button, self.import_entry):
                widget.disable()

    # --- events ------------------------------------------------------------------
    def handle(self, event) -> None:
        for tid, widget in self.open_buttons.items():
            if ui.pressed(event, widget):
                self.open_tournament(tid)
                return
        if ui.pressed(event, self.new_button):
            self.notice = ""
            self.app.stack.push("tournament.new", store=self.store)
        elif ui.pressed(event, self.import_button):
            self.import_file(self.import_entry.get_text().strip())
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def open_tournament(self, tid: int) -> None:
        try:
            stored = self.store.open(tid)
        except StoreError as exc:
            self.notice, self.notice_ok = str(exc), False
            return
        self.notice = ""
        self.app.stack.push("tournament.round", stored=stored)

    def import_file(self, text: str) -> None:
        """Keep the tournament of an export file as a new one; a bad file changes nothing."""
        from pathlib import Path
        self.import_text = text
        if not text:
            self.notice, self.notice_ok = "Type the path of a tournament JSON file first.", False
            return
        try:
            tid = self.store.import_json(Path(text).expanduser())
        except StoreError as exc:
            self.notice, self.notice_ok = f"Nothing was imported: {exc}", False
            self.resize()
            return
        name = next((i.name for i in self.store.list() if i.id == tid), "the tournament")
        self.notice, self.notice_ok = f"Imported {name}.", True
        self.resize()

    def leave(self) -> None:
        super().leave()
        if self.store is not None:
            self.store.close()
            self.store = None

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        ui.heading(surface, "Tournaments", (w // 2, 60), size=52)
        assets.text(surface, "Continue a tournament, start a new one, or import one from a file.",
                    (w // 2, 108), size=18, colour=ui.MUTED, anchor="center")
        if self.problem:
            ui.panel(surface, self.card.inflate(20, 40))
            message(surface, self.problem, (w // 2, self.card.y - 6), width=self.card.width - 40)
        elif not self.rows:
            ui.panel(surface, self.card.inflate(20, 20))
            assets.text(surface, "No tournaments yet: press New tournament to set one up.",
                        self.card.center, size=18, colour=ui.INK, anchor="center")
        for info, rect in self.rows:
            ui.panel(surface, rect)
            assets.text(surface, info.name, (rect.x + 18, rect.y + 8), size=21, bold=True,
                        colour=ui.TITLE)
            if info.complete:
                state = "finished"
            elif info.rounds_paired == 0:
                state = "not started"
            else:
                state = (f"round {info.rounds_paired} of {info.rounds}, "
                         f"{info.games_finished}/{info.games_total} games played")
            assets.text(surface, f"{FORMAT_TITLES.get(info.format, info.format)}, "
                                 f"{info.entrants} entrants - {state}",
                        (rect.x + 18, rect.y + 36), size=15, colour=ui.MUTED)
        if len(self.infos) > ROWS_SHOWN:
            assets.text(surface, f"(the {ROWS_SHOWN} most recent of {len(self.infos)} shown)",
                        (w // 2, self.card.bottom + 4), size=14, colour=ui.MUTED, anchor="midtop")
        if self.store is not None:
            assets.text(surface, "File to import:", (self.card.x + 280, h - 172), size=15,
                        colour=ui.MUTED)
        message(surface, self.notice, (w // 2, h - 96 + 0), ok=self.notice_ok)
