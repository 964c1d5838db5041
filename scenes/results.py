"""The end of a game: who won and how, the scores, the final board."""

from __future__ import annotations

import random

import pygame

from game.core import counted

from . import assets, ui
from .stack import Scene
from .views import view_class
from .views.base import render_static


def rematch_config(config: dict, rng=None) -> dict:
    """The same game again; a random first player is drawn anew."""
    config = dict(config)
    if config.get("starter", "random") == "random":
        rng = rng or random.Random()
        seats = list(config["seats"])
        k = rng.randrange(len(seats))
        config["seats"] = seats[k:] + seats[:k]
    return config


class ResultsScene(Scene):
    title = "results"

    def __init__(self, app, config: dict, state, move_texts=(), outcome=None, record=None,
                 kept_id=None):
        super().__init__(app)
        self.config = config
        self.record = record         # the game as played, for Review
        self.kept_id = kept_id       # its id in the game library, where its analysis is kept
        self.outcome = outcome or {"winner": state.winner, "reason": state.end_reason}
        self.in_tournament = "tournament" in config
        from game import GAMES
        self.spec = GAMES[config["game"]]
        self.state = state
        self.move_texts = list(move_texts)
        self.seats = config["seats"]
        app.sounds.play("end")

    @property
    def headline(self) -> str:
        winner = self.outcome["winner"]
        if winner is None:
            return "A draw"
        return f"{self.seats[winner]['name']} wins!"

    def build(self) -> None:
        w, h = self.app.size
        self.panel_rect = pygame.Rect(w - 400, 40, 370, h - 80)
        self.board_rect = pygame.Rect(30, 90, w - 460, h - 140)
        x = self.panel_rect.x + 20
        self.rematch_button = None
        self.review_button = None
        if self.record is not None:
            self.review_button = ui.button(self, (x, self.panel_rect.bottom - (
                120 if self.in_tournament else 176), 330, 46), "Review",
                tooltip="Step through the game and have the computer analyse it")
        if self.in_tournament:
            self.menu_button = ui.button(self, (x, self.panel_rect.bottom - 64, 330, 46),
                                         "Back to the round", "#primary")
        else:
            self.rematch_button = ui.button(self, (x, self.panel_rect.bottom - 120, 330, 46),
                                            "Rematch", "#primary")
            self.menu_button = ui.button(self, (x, self.panel_rect.bottom - 64, 330, 46),
                                         "Back to menu")

    def handle(self, event) -> None:
        if self.review_button is not None and ui.pressed(event, self.review_button):
            self.app.stack.push("review", record=self.record, kept_id=self.kept_id)
            return
        if self.in_tournament:
            if ui.pressed(event, self.menu_button) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                   pygame.K_ESCAPE)):
                self.app.stack.pop()
            return
        if ui.pressed(event, self.rematch_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
            self.app.log("rematch")
            self.app.stack.replace("play", config=rematch_config(self.config))
        elif ui.pressed(event, self.menu_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.reset("menu")

    def draw(self, surface) -> None:
        ui.table(surface)
        assets.text(surface, "Final position", (self.board_rect.centerx, 50), size=22,
                    colour=ui.MUTED, anchor="center")
        render_static(self.app, view_class(self.spec.name), self.spec, surface, self.board_rect,
                      self.state, variant=self.config.get("variant"))
        p = self.panel_rect
        ui.panel(surface, p)
        x, y = p.x + 20, p.y + 20
        assets.text(surface, self.headline, (p.centerx, y + 20), size=34, bold=True,
                    colour=ui.TITLE, anchor="center")
        y += 60
        y = assets.paragraph(surface, self.outcome["reason"] or "", (x, y, p.width - 40, 80),
                             size=16, colour=ui.INK) + 14
        for player, seat in enumerate(self.seats):
            score = self.state.scores[player]
            win = self.outcome["winner"] == player
            assets.text(surface, seat["name"], (x, y), size=20, bold=win,
                        colour=ui.TITLE if win else ui.INK)
            assets.text(surface, f"{score:g}" if isinstance(score, float) else str(score),
                        (p.right - 24, y), size=22, bold=True, anchor="topright",
                        colour=ui.TITLE if win else ui.INK)
            y += 34
        y += 10
        assets.text(surface, f"{counted(len(self.move_texts), 'move')} played", (x, y), size=15,
                    colour=ui.MUTED)
