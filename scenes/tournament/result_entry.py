"""Entering or correcting one board's result by hand, over the round view."""

from __future__ import annotations

import pygame

from game import GAMES
from game.i18n import _, isolated, ngettext, number
from game.tournament.model import Result

from .. import assets, ui
from ..stack import Scene
from . import network
from .common import score_text

#: How a game ended when it was played out here (on screen, or by the computers).
PLAYED_HERE = ("played", "time", "resignation")


class ResultEntryScene(Scene):
    """Enter or correct one board's result by hand (a game played on a real table, a
    forfeit or a double forfeit), or clear it where the tournament allows
    (``Tournament.clear_problem``).  Only results the game can have are offered (no draw
    in a game that cannot end drawn); throwing away a game in progress, ending one played
    over the network (its board on the host ends with this result), or changing the
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
        # a game being played over the network: keeping a result ends it there
        self.remote = self.current is None and network.playing(
            app, round_scene.stored, round_no, board)
        self.detail = round_scene.played_detail(round_no, board)
        earlier = [e.result for e in round_scene.history.get((round_no, board), [])[:-1]
                   if e.result is not None]
        self.earlier = ", ".join(score_text(r.score) for r in earlier)
        self.earlier_count = len(earlier)
        self.asking = None        # (question, the result to keep or None to clear) awaiting Yes

    def question(self, result) -> str | None:
        """What to ask before ``result`` (None: clear) is kept, or None to keep it at once."""
        if self.remote and result is not None:
            return _("This board is being played over the network. End its game there and "
                     "keep {score}? Its players are told the result.").format(
                score=score_text(result.score))
        if self.live and self.current is None:
            if result is None:
                return _("A game is in progress on this board. Throw it away and keep no "
                         "result?")
            return _("A game is in progress on this board. Throw it away and keep "
                     "{score}?").format(score=score_text(result.score))
        if self.current is not None and self.current.how in PLAYED_HERE:
            now = score_text(self.current.score)
            if result is None:
                return _("This board was played here and ended {score}. Clear that "
                         "result?").format(score=now)
            if result == self.current:
                return None
            return _("This board was played here and ended {score}. Change it to {new}? "
                     "The earlier result is kept in the board's history.").format(
                score=now, new=score_text(result.score))
        return None

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(w // 2 - 300, h // 2 - 274, 600, 548)
        x, y = self.box.x + 40, self.box.y + 136
        self.choices = {}
        self.yes_button = self.no_button = None
        if self.asking is not None:
            keep = self.asking[1]
            yes = (_("Yes, clear the result") if keep is None
                   else _("Yes, keep {score}").format(score=score_text(keep.score)))
            self.yes_button = ui.button(self, (x, self.box.bottom - 130, 520, 44), yes,
                                        "#primary")
            self.no_button = ui.button(self, (x, self.box.bottom - 76, 520, 44),
                                       _("No, go back"))
            self.clear_button = self.cancel_button = None
            return
        def said(words, name):      # the name shortened to what the button leaves it
            room = 520 - 26 - assets.measure(words.format(name=""), 17, True)
            return words.format(name=isolated(assets.ellipsized(_fit(name, 34), 17, room,
                                                                True)))
        won, forfeit = _("{name} won"), _("{name} won by forfeit")
        for text, result in ((said(won, self.first), Result("1-0", "manual")),
                             (_("Draw"), Result("1/2-1/2", "manual")),
                             (said(won, self.second), Result("0-1", "manual")),
                             (said(forfeit, self.first), Result("1-0", "forfeit")),
                             (said(forfeit, self.second), Result("0-1", "forfeit")),
                             (_("Double forfeit: neither played"), Result("0-0", "forfeit"))):
            button = ui.button(self, (x, y, 520, 40), text,
                               "#primary" if result.how == "manual" else None,
                               tooltip=(f"{self.no_draw[0].upper()}{self.no_draw[1:]}."
                                        if result.score == "1/2-1/2" and self.no_draw else None))
            if result.score == "1/2-1/2" and self.no_draw:
                button.disable()
            self.choices[button] = result
            y += 48
        self.clear_button = ui.button(self, (x, y + 10, 250, 42), _("Clear the result"))
        if self.current is None or self.no_clear:
            self.clear_button.disable()
        self.cancel_button = ui.button(self, (x + 270, y + 10, 250, 42), _("Cancel"))

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
        assets.text(surface, _("Round {n}, board {board}").format(n=number(self.round_no),
                                                                  board=number(self.board)),
                    (self.box.centerx, self.box.y + 22), size=28, bold=True, colour=ui.TITLE,
                    anchor="midtop")
        names = {"first": isolated(_fit(self.first, 24)), "second": isolated(_fit(self.second, 24))}
        if self.current is None and (self.live or self.remote):
            line = _("{first} (first) against {second} - a game in progress")
        elif self.current is None:
            line = _("{first} (first) against {second} - no result yet")
        else:
            line = _("{first} (first) against {second} - now {score}")
            names["score"] = score_text(self.current.score)
        assets.text(surface, line.format(**names),
                    (self.box.centerx, self.box.y + 62), size=16, colour=ui.MUTED,
                    anchor="midtop", width=self.box.width - 20)
        past = []
        if self.detail:
            past.append(_("Played here, {how}").format(how=self.detail))
        if self.earlier:
            past.append(ngettext("Corrected; earlier result: {results}",
                                 "Corrected; earlier results: {results}",
                                 self.earlier_count).format(results=self.earlier))
        for i, line in enumerate(past):
            assets.text(surface, _fit(line, 70), (self.box.centerx, self.box.y + 86 + 20 * i),
                        size=15, colour=ui.MUTED, anchor="midtop", width=self.box.width - 20)
        if self.asking is not None:
            assets.paragraph(surface, self.asking[0],
                             (self.box.x + 40, self.box.y + 140, 520, 200), size=20,
                             colour=ui.INK, spacing=1.45)
            return
        if self.no_clear:
            assets.paragraph(surface, f"{self.no_clear[0].upper()}{self.no_clear[1:]}.",
                             (self.box.x + 40, self.clear_button.rect.bottom + 10, 520, 50),
                             size=14, colour=ui.MUTED, spacing=1.45)


def _fit(text: str, most: int) -> str:
    """``text`` cut to ``most`` characters (long entrant names on a button or a line)."""
    return text if len(text) <= most else text[:most - 3].rstrip() + "..."
