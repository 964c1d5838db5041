"""Esc during a game: resume, read the rules, restart or leave."""

from __future__ import annotations

import pygame

from . import assets, ui
from .stack import Scene


class PauseScene(Scene):
    opaque = False
    title = "pause"

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, 340, 380)
        self.box.center = (w // 2, h // 2)
        x, y = self.box.x + 40, self.box.y + 80
        self.resume_button = ui.button(self, (x, y, 260, 46), "Resume", "#primary")
        self.rules_button = ui.button(self, (x, y + 60, 260, 46), "Rules")
        self.settings_button = ui.button(self, (x, y + 120, 260, 46), "Settings")
        self.restart_button = ui.button(self, (x, y + 180, 260, 46), "Restart")
        self.quit_button = ui.button(self, (x, y + 240, 260, 46), "Quit to menu")

    def _play(self):
        from .play import PlayScene
        return self.app.stack.find(PlayScene)

    def handle(self, event) -> None:
        from .menu import MenuScene
        from .play import PlayScene
        from .rules import RulesScene
        from .settings_scene import SettingsScene

        if ui.pressed(event, self.resume_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()
        elif ui.pressed(event, self.rules_button):
            self.app.stack.push(RulesScene(self.app, self._play().spec.name))
        elif ui.pressed(event, self.settings_button):
            self.app.stack.push(SettingsScene(self.app))
        elif ui.pressed(event, self.restart_button):
            play = self._play()
            self.app.stack.pop()
            self.app.log("restart")
            self.app.stack.replace(PlayScene(self.app, play.config))
        elif ui.pressed(event, self.quit_button):
            self.app.log("quit to menu")
            self.app.stack.reset(MenuScene(self.app))

    def draw(self, surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 140))
        surface.blit(dim, (0, 0))
        ui.panel(surface, self.box, alpha=235)
        assets.text(surface, "Paused", (self.box.centerx, self.box.y + 40), size=32, bold=True,
                    colour=ui.TITLE, anchor="center")
