"""A question over the screen below it, answered with one of two buttons.

The safe answer (``no``: nothing changes) is the primary button and Esc's; the other
answer takes the question away first and then calls ``on_yes``, which may open another
screen (a new game) on the stack.
"""

from __future__ import annotations

import pygame

from . import assets, ui
from .stack import Scene

BOX_W = 640
WORDS_SIZE = 17


class QuestionScene(Scene):
    title = "question"
    opaque = False

    def __init__(self, app, heading: str, words: str, yes: str, no: str, on_yes):
        super().__init__(app)
        self.heading = heading
        self.words = words
        self.yes = yes
        self.no = no
        self.on_yes = on_yes

    def build(self) -> None:
        w, h = self.app.size
        width = min(BOX_W, w - 60)
        lines = assets.wrap(self.words, WORDS_SIZE, width - 60)
        height = 150 + 24 * len(lines)
        self.box = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        half = (width - 30 * 2 - 20) // 2
        y = self.box.bottom - 64
        self.yes_button = ui.button(self, (self.box.x + 30, y, half, 44), self.yes)
        self.no_button = ui.button(self, (self.box.right - 30 - half, y, half, 44), self.no,
                                   "#primary")

    def handle(self, event) -> None:
        if ui.pressed(event, self.yes_button):
            self.app.stack.pop()
            self.on_yes()
        elif ui.pressed(event, self.no_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def draw(self, surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        ui.panel(surface, self.box, alpha=240)
        room = self.box.width - 60
        assets.text(surface, self.heading, (self.box.centerx, self.box.y + 20), size=24,
                    bold=True, colour=ui.TITLE, anchor="midtop", width=room)
        assets.paragraph(surface, self.words, (self.box.x + 30, self.box.y + 64, room,
                                               24 * 4), size=WORDS_SIZE, colour=ui.INK,
                         spacing=1.3)        # lines 24 pixels apart, as the box is measured
