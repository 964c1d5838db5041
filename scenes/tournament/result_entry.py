"""Entering or correcting one board's result by hand, over the round view."""

from __future__ import annotations

import pygame

from game import GAMES
from game.tournament.model import Result

from .. import assets, ui
from ..stack import Scene
from .common import score_text

#: How a game ended when it was played out here (on screen, or by the computers).
PLAYED_HERE = ("played", "time", "resignation")


class ResultEntryScene(Scene):
    """Enter or correct one board's result by hand (a game played on a real table, a
    forfeit or a double forfeit), or clear it where the tournament allows
    (``Tournament.clear_problem``).  Only results the game can have are offered (no draw
    in a game that cannot end drawn); throwing away a game in progress, or changing the
    result of a game played out here, is asked first."""

    title = "enter result"
    opaque = False

    def __init__(self, app, round_scene, round_no: int, board: int):
        super().__init__(app)
        self.round_scene = round_scene
        self.round_no = round_no
        self.board = board
        t = round_scene.tournament
        p = t.pairing(round_no, board)
        self.first = t.entrants[p.first].name
        self.second = t.entrants[p.second].name
        self.current = t.result(round_no, board)
        self.no_clear = t.clear_problem(round_no, board) if self.current else None
        self.no_draw = t.result_problem(round_no, Result("1/2-1/2", "manual"), GAMES)
        self.live = (round_no, board) in round_scene.live
        self.detail = round_scene.played_detail(round_no, board)
        earlier = [e.result for e in round_scene.history.get((round_no, board), [])[:-1]
                   if e.result is not None]
        self.earlier = ", ".join(score_text(r.score) for r in earlier)
        self.asking = None        # (question, the result to keep or None to clear) awaiting Yes

    def question(self, result) -> str | None:
        """What to ask before ``result`` (None: clear) is kept, or None to keep it at once."""
        if self.live and self.current is None:
            return ("A game is in progress on this board. Throw it away and keep "
                    + ("no result" if result is None else score_text(result.score)) + "?")
        if self.current is not None and self.current.how in PLAYED_HERE:
            now = score_text(self.current.score)
            if result is None:
                return f"This board was played here and ended {now}. Clear that result?"
            if result == self.current:
                return None
            return (f"This board was played here and ended {now}. Change it to "
                    f"{score_text(result.score)}? The earlier result is kept in the "
                    "board's history.")
        return None

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(w // 2 - 300, h // 2 - 274, 600, 548)
        x, y = self.box.x + 40, self.box.y + 136
        self.choices = {}
        self.yes_button = self.no_button = None
        if self.asking is not None:
            keep = self.asking[1]
            yes = ("Yes, clear the result" if keep is None
                   else f"Yes, keep {score_text(keep.score)}")
            self.yes_button = ui.button(self, (x, self.box.bottom - 130, 520, 44), yes,
                                        "#primary")
            self.no_button = ui.button(self, (x, self.box.bottom - 76, 520, 44),
                                       "No, go back")
            self.clear_button = self.cancel_button = None
            return
        first, second = _fit(self.first, 34), _fit(self.second, 34)
        for text, result in ((f"{first} won", Result("1-0", "manual")),
                             ("Draw", Result("1/2-1/2", "manual")),
                             (f"{second} won", Result("0-1", "manual")),
                             (f"{first} won by forfeit", Result("1-0", "forfeit")),
                             (f"{second} won by forfeit", Result("0-1", "forfeit")),
                             ("Double forfeit: neither played", Result("0-0", "forfeit"))):
            button = ui.button(self, (x, y, 520, 40), text,
                               "#primary" if result.how == "manual" else None,
                               tooltip=(f"{self.no_draw[0].upper()}{self.no_draw[1:]}."
                                        if result.score == "1/2-1/2" and self.no_draw else None))
            if result.score == "1/2-1/2" and self.no_draw:
                button.disable()
            self.choices[button] = result
            y += 48
        self.clear_button = ui.button(self, (x, y + 10, 250, 42), "Clear the result")
        if self.current is None or self.no_clear:
            self.clear_button.disable()
        self.cancel_button = ui.button(self, (x + 270, y + 10, 250, 42), "Cancel")

    def handle(self, event) -> None:
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if self.asking is not None:
            if ui.pressed(event, self.yes_button):
                self._keep(self.asking[1])
            elif ui.pressed(event, self.no_button) or escape:
                self.asking = None
                self.resize()
            return
        for widget, result in self.choices.items():
            if ui.pressed(event, widget):
                self._done(result)
                return
        if ui.pressed(event, self.clear_button):
            self._done(None)
        elif ui.pressed(event, self.cancel_button) or escape:
            self.app.stack.pop()

    def _done(self, result) -> None:
        question = self.question(result)
        if question is not None:
            self.asking = (question, result)
            self.resize()
            return
        self._keep(result)

    def _keep(self, result) -> None:
        self.round_scene.record(self.round_no, self.board, result)
        self.app.stack.pop()

    def draw(self, surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        ui.panel(surface, self.box, alpha=240)
        assets.text(surface, f"Round {self.round_no}, board {self.board}",
                    (self.box.centerx, self.box.y + 22), size=28, bold=True, colour=ui.TITLE,
                    anchor="midtop")
        now = "no result yet" if self.current is None else (
            f"now {score_text(self.current.score)}")
        if self.current is None and self.live:
            now = "a game in progress"
        assets.text(surface, f"{_fit(self.first, 24)} (first) against {_fit(self.second, 24)} "
                             f"- {now}",
                    (self.box.centerx, self.box.y + 62), size=16, colour=ui.MUTED,
                    anchor="midtop")
        past = []
        if self.detail:
            past.append(f"Played here, {self.detail}")
        if self.earlier:
            past.append(f"Corrected; earlier result{'s' if ',' in self.earlier else ''}: "
                        f"{self.earlier}")
        for i, line in enumerate(past):
            assets.text(surface, _fit(line, 70), (self.box.centerx, self.box.y + 86 + 20 * i),
                        size=15, colour=ui.MUTED, anchor="midtop")
        if self.asking is not None:
            assets.paragraph(surface, self.asking[0],
                             (self.box.x + 40, self.box.y + 140, 520, 200), size=20,
                             colour=ui.INK)
            return
        if self.no_clear:
            assets.paragraph(surface, f"{self.no_clear[0].upper()}{self.no_clear[1:]}.",
                             (self.box.x + 40, self.clear_button.rect.bottom + 10, 520, 50),
                             size=14, colour=ui.MUTED)


def _fit(text: str, most: int) -> str:
    """``text`` cut to ``most`` characters (long entrant names on a button or a line)."""
    return text if len(text) <= most else text[:most - 3].rstrip() + "..."
