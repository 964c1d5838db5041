"""A game's rules in our own words, a section a page, with board diagrams.

The text lives in ``assets/rules/<game>.json``; a diagram is a position the
game's own board view draws, so pictures always match the real board.
"""

from __future__ import annotations

import json

import pygame

from game import GAMES

from . import assets, ui
from .stack import Scene
from .views import view_class
from .views.base import render_static


def load_rules(name: str) -> dict:
    with open(assets.path("rules", f"{name}.json"), encoding="utf-8") as handle:
        return json.load(handle)


class RulesScene(Scene):
    title = "rules"

    def __init__(self, app, game_name: str, page: int = 0):
        super().__init__(app)
        self.spec = GAMES[game_name]
        self.rules = load_rules(game_name)
        self.sections = self.rules["sections"]
        self.page = max(0, min(page, len(self.sections) - 1))
        self._diagram_state = {}

    def build(self) -> None:
        w, h = self.app.size
        section = self.sections[self.page]
        has_diagram = "diagram" in section
        text_w = int((w - 80) * (0.5 if has_diagram else 1.0))
        self.text_rect = pygame.Rect(30, 110, text_w, h - 200)
        self.diagram_rect = pygame.Rect(self.text_rect.right + 30, 120, w - text_w - 100, h - 260)
        html = "<br><br>".join(section["paragraphs"])
        ui.text_box(self, self.text_rect, html)
        y = h - 70
        self.back_button = ui.button(self, (30, y, 140, 46), "Back")
        self.prev_button = ui.button(self, (w - 330, y, 140, 46), "Previous")
        self.next_button = ui.button(self, (w - 170, y, 140, 46), "Next", "#primary")
        if self.page == 0:
            self.prev_button.disable()
        if self.page == len(self.sections) - 1:
            self.next_button.disable()

    def turn(self, delta: int) -> None:
        page = max(0, min(self.page + delta, len(self.sections) - 1))
        if page != self.page:
            self.page = page
            self.resize()

    def handle(self, event) -> None:
        if ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE)):
            self.app.stack.pop()
        elif ui.pressed(event, self.prev_button) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_PAGEUP)):
            self.turn(-1)
        elif ui.pressed(event, self.next_button) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN)):
            self.turn(1)

    def diagram_state(self, index: int):
        if index not in self._diagram_state:
            data = self.sections[index]["diagram"]["position"]
            self._diagram_state[index] = self.spec.from_position(data)
        return self._diagram_state[index]

    def draw(self, surface) -> None:
        ui.table(surface)
        w, _ = surface.get_size()
        section = self.sections[self.page]
        ui.heading(surface, f"{self.rules['title']}: {section['heading']}", (w // 2, 44), size=34)
        assets.text(surface, f"Page {self.page + 1} of {len(self.sections)}", (w // 2, 84),
                    size=15, colour=ui.MUTED, anchor="center")
        diagram = section.get("diagram")
        if diagram:
            rect = self.diagram_rect
            ui.panel(surface, rect.inflate(20, 20), alpha=120)
            state = self.diagram_state(self.page)
            variant = diagram.get("position", {}).get("variant")
            render_static(self.app, view_class(self.spec.name), self.spec, surface,
                          rect.inflate(-20, -20), state, diagram.get("marks", ()),
                          variant=variant)
            assets.paragraph(surface, diagram.get("caption", ""),
                             (rect.x, rect.bottom + 20, rect.width, 60), size=15,
                             colour=ui.INK)
