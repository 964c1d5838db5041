"""A large ``.blksgf`` record being read in another process: the screen says so,
and opens the game once it is read (or says what is wrong with the file)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.i18n import _, number

from . import assets, sgf_files, ui
from .stack import Scene


class RecordReadingScene(Scene):
    opaque = False
    title = "reading a record"

    def __init__(self, app, path, size: int = 0):
        super().__init__(app)
        self.path = Path(path)
        self.size = size
        self.elapsed = 0.0
        self.problem = ""
        # a .blksgf record is a Callisto game: the menu asks before it replaces one kept
        from game import GAMES
        self.spec = GAMES["callisto"]
        # reading starts once the screen is shown, so a player who keeps the unfinished
        # game instead leaves no reader behind
        self.reader = None

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(620, w - 80), 220)
        self.box.center = (w // 2, h // 2)
        self.button = ui.button(self, (self.box.centerx - 70, self.box.bottom - 64, 140, 44),
                                _("Back") if self.problem else _("Cancel"))

    def leave(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        super().leave()

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.problem:
            return
        if self.reader is None:
            self.reader = sgf_files.BackgroundRead(self.path)
        answer = self.reader.poll()
        if answer is None:
            return
        if answer[0] == "read":
            try:
                scene = sgf_files.opened(self.app, self.path, answer[1], answer[2])
            except ValueError as exc:
                answer = ("problem", str(exc))
            else:
                self.app.stack.replace(scene)
                return
        self.problem = _("Could not open {name}: {problem}").format(name=self.path.name,
                                                                     problem=answer[1])
        self.resize()

    def handle(self, event) -> None:
        if ui.pressed(event, self.button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def draw(self, surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 140))
        surface.blit(dim, (0, 0))
        ui.panel(surface, self.box, alpha=235)
        x, y = self.box.centerx, self.box.y + 24
        if self.problem:
            assets.text(surface, _("The record cannot be opened"), (x, y), size=24, bold=True,
                        colour=ui.TITLE, anchor="midtop", width=self.box.width - 40)
            for i, line in enumerate(assets.wrap(self.problem, 15, self.box.width - 40)[:4]):
                assets.text(surface, line, (x, y + 44 + 20 * i), size=15,
                            colour=(255, 170, 120), anchor="midtop")
            return
        dots = "." * (1 + int(self.elapsed * 2) % 3)
        assets.text(surface, _("Reading {name}").format(name=self.path.name) + dots, (x, y),
                    size=24, bold=True, colour=ui.TITLE, anchor="midtop",
                    width=self.box.width - 40)
        megabytes = number(round(self.size / 2**20, 1))
        assets.text(surface, _("{size} MB: a large record takes a few seconds to check.").format(
            size=megabytes), (x, y + 48), size=15, colour=ui.INK, anchor="midtop",
            width=self.box.width - 40)
