"""The last screen of a tournament: the podium, then the standings and the exports."""

from __future__ import annotations

import pygame

from game.i18n import _, digits, isolated, ngettext, rtl
from game.tournament.standings import standings

from .. import assets, ui
from ..stack import Scene
from .common import points_text

PLACES = ((2, -1, 150, (192, 192, 200)), (1, 0, 210, (230, 190, 80)),
          (3, 1, 110, (200, 130, 70)))   # (place, slot left/centre/right, height, colour)


class PodiumScene(Scene):
    title = "podium"

    def __init__(self, app, stored):
        super().__init__(app)
        self.stored = stored

    def build(self) -> None:
        w, h = self.app.size
        bottom = h - 76
        self.standings_button = ui.button(self, (w // 2 - 330, bottom, 320, 46),
                                          _("Standings and export"), "#primary")
        self.lobby_button = ui.button(self, (w // 2 + 10, bottom, 320, 46),
                                      _("Back to the lobby"))

    def handle(self, event) -> None:
        if ui.pressed(event, self.standings_button):
            self.app.stack.push("tournament.standings", stored=self.stored)
        elif ui.pressed(event, self.lobby_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            lobby = self.app.stack.find("tournament.lobby")
            if lobby is None:
                self.app.stack.pop()
                return
            while self.app.stack.top is not lobby:
                self.app.stack.pop()

    def podium(self) -> dict:
        """place -> names on it (shared ranks share a step)."""
        places = {}
        for s in standings(self.stored.tournament):
            if s.rank <= 3:
                places.setdefault(s.rank, []).append(s)
        return places

    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        t = self.stored.tournament
        ui.heading(surface, t.name, (w // 2, 60), size=48)
        assets.text(surface, _("Final results"), (w // 2, 108), size=20, colour=ui.MUTED,
                    anchor="center")
        places = self.podium()
        base = h - 150
        step_w = 280
        for place, slot, height, colour in PLACES:
            rect = pygame.Rect(0, base - height, step_w - 20, height)
            # the second step on the side a line starts from: the right in Persian
            rect.centerx = w // 2 + (-slot if rtl() else slot) * step_w
            pygame.draw.rect(surface, colour, rect, border_top_left_radius=10,
                             border_top_right_radius=10)
            assets.text(surface, digits(place), rect.center, size=64, bold=True, colour=(40, 30, 20),
                        anchor="center")
            y = rect.y - 34
            for s in reversed(places.get(place, [])):
                # TRANSLATORS: a name on the podium and its points, "Ann - 4½ pts"
                words = ngettext("{name} - {points} pt", "{name} - {points} pts",
                                 2 if s.points != 1 else 1)
                points = words.replace("{name}", "").format(points=points_text(s.points))
                room = step_w - 20 - assets.measure(points, 22, True)
                name = assets.ellipsized(s.name, 22, room, bold=True)
                assets.text(surface, words.format(name=isolated(name),
                                                  points=points_text(s.points)),
                            (rect.centerx, y), size=22, bold=True,
                            colour=ui.TITLE, anchor="midtop", shadow=True, width=step_w - 20)
                y -= 30
