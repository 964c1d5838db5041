"""Settings: sound volume, animation speed, board look, colours, learning aids."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider

from . import assets, ui
from .stack import Scene

SPEEDS = [("Slow", "0.5"), ("Normal", "1.0"), ("Fast", "2.0"), ("Very fast", "4.0")]
STYLES = [("Wood", "wood"), ("Stone", "stone")]
ON_OFF = [("Off", "0"), ("On", "1")]
GLIMPSES = [("Blink (0.6 s)", "0.6"), ("Normal (1.2 s)", "1.2"), ("Long (2.5 s)", "2.5"),
            ("Very long (4 s)", "4.0")]


class SettingsScene(Scene):
    title = "settings"

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.settings
        step = 50 if h >= 700 else 44       # eight rows and Done fit a 600-pixel window
        self.box = pygame.Rect((w - 640) // 2, 120 if h >= 700 else 100, 640, 20 + 8 * step)
        x = self.box.x + 300
        y = self.box.y + 20
        self.rows = []
        self.volume = self.add(UIHorizontalSlider(pygame.Rect(x, y, 300, 32), s["volume"] * 100,
                                                  (0, 100), manager=self.app.ui))
        self.rows.append(("Sound volume", y))
        y += step
        self.speed = ui.dropdown(self, (x, y, 300, 34), SPEEDS,
                                 _pick(SPEEDS, str(float(s["animation_speed"]))))
        self.rows.append(("Animation speed", y))
        y += step
        self.style = ui.dropdown(self, (x, y, 300, 34), STYLES, _pick(STYLES, s["board_style"]))
        self.rows.append(("Board", y))
        y += step
        self.colour_safe = ui.dropdown(self, (x, y, 300, 34), ON_OFF,
                                       _pick(ON_OFF, "1" if s["colour_safe"] else "0"))
        self.rows.append(("Colour-blind safe colours", y))
        y += step
        self.hints = ui.dropdown(self, (x, y, 300, 34), ON_OFF,
                                 _pick(ON_OFF, "1" if s["show_hints"] else "0"))
        self.rows.append(("Mark where a piece may go", y))
        y += step
        self.undersides = ui.dropdown(self, (x, y, 300, 34), ON_OFF,
                                      _pick(ON_OFF, "1" if s["show_undersides"] else "0"))
        self.rows.append(("Calliro: show chip undersides", y))
        y += step
        self.glimpse = ui.dropdown(self, (x, y, 300, 34), GLIMPSES,
                                   _pick(GLIMPSES, str(float(s["glimpse_seconds"]))))
        self.rows.append(("Calliro: underside glimpse", y))
        y += step
        self.turn_board = ui.dropdown(self, (x, y, 300, 34), ON_OFF,
                                      _pick(ON_OFF, "1" if s["turn_board"] else "0"))
        self.rows.append(("Turn the board to face the player", y))
        self.back_button = ui.button(self, (self.box.centerx - 100, self.box.bottom + 30, 200, 46),
                                     "Done", "#primary")

    def handle(self, event) -> None:
        s = self.app.settings
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            s.set("volume", round(float(event.value) / 100, 2))
            self.app.set_volume(s["volume"])
            self.app.sounds.play("sow")
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            value = event.ui_element.selected_option[1]
            if event.ui_element is self.speed:
                s.set("animation_speed", float(value))
            elif event.ui_element is self.style:
                s.set("board_style", value)
            elif event.ui_element is self.colour_safe:
                s.set("colour_safe", value == "1")
            elif event.ui_element is self.hints:
                s.set("show_hints", value == "1")
            elif event.ui_element is self.undersides:
                s.set("show_undersides", value == "1")
            elif event.ui_element is self.glimpse:
                s.set("glimpse_seconds", float(value))
            elif event.ui_element is self.turn_board:
                s.set("turn_board", value == "1")
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def draw(self, surface) -> None:
        ui.table(surface)
        ui.heading(surface, "Settings", (surface.get_width() // 2, 60), size=42)
        ui.panel(surface, self.box)
        for text, y in self.rows:
            assets.text(surface, text, (self.box.x + 24, y + 5), colour=ui.INK, bold=True,
                        size=assets.fitting_size(text, 18, 268, bold=True, smallest=14))
        problem = self.app.settings.problem
        width = surface.get_width()
        for i, line in enumerate(assets.wrap(problem, 15, width - 80) if problem else []):
            # wrapped: the message may name a file's whole path
            assets.text(surface, line, (width // 2, self.back_button.rect.bottom + 24 + 20 * i),
                        size=15, colour=(255, 170, 120), anchor="center")


def _pick(options, value):
    return next((o for o in options if o[1] == value), options[0])
