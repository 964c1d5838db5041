"""The end of a game: who won and how, the scores, the final board; save the game."""

from __future__ import annotations

import pygame
import pygame_gui

from game.core import score_text
from game.i18n import _, digits, isolated, rtl

from . import assets, record_files, ui
from .results_summary import GameSummary
from .stack import Scene
from .views import view_class
from .views.base import render_static


def rematch_config(config: dict) -> dict:
    """The same game again with the seats swapped: whoever moved first now moves second
    (with more players, each moves one place on).  A seat nobody named, and so called by
    its side ("Blue"), takes the name of the side it plays now."""
    config = dict(config)
    seats = [dict(s) for s in config["seats"]]
    n = len(seats)
    try:
        names = view_class(config["game"]).seat_names(config.get("variant"))
    except (ImportError, KeyError):
        names = ()
    seats = seats[1:] + seats[:1]
    if len(names) == n:
        for i, seat in enumerate(seats):
            if seat["name"] == names[(i + 1) % n]:
                seat["name"] = names[i]
    config["seats"] = seats
    order = config.get("seat_order")
    if order and len(order) == n:
        config["seat_order"] = list(order[1:]) + list(order[:1])
    return config


class ResultsScene(Scene):
    title = "results"

    def __init__(self, app, config: dict, state, move_texts=(), outcome=None, history=None,
                 played=None, clock=None, record=None, kept_id=None):
        """``history``: every state of the game, first to last; ``played``: seconds of play;
        ``clock``: the players' clocks, when they ran; ``record``: the finished game as a
        record (for Save game); ``kept_id``: its id in the game library, where the play scene
        keeps it, or None."""
        super().__init__(app)
        self.record = record
        self.kept_id = kept_id
        self.dialog = None
        self.notice = ""
        self.notice_problem = False      # the notice says what went wrong
        self.saved_to = None
        self.config = config
        self.record = record         # the game as played, for Review
        self.kept_id = kept_id       # its id in the game library, where its analysis is kept
        self.outcome = outcome or {"winner": state.winner, "reason": state.end_reason}
        self.in_tournament = "tournament" in config
        self.over_network = "network" in config     # a rematch is hosted anew, from the setup
        from game import GAMES
        self.spec = GAMES[config["game"]]
        self.state = state
        self.move_texts = list(move_texts)
        self.seats = config["seats"]
        self.view_class = view_class(self.spec.name)
        self.variant = config.get("variant")
        # each player named as the play screen's end text names them: "Ann (Blue)"
        self.labels = self.view_class.player_labels(self.seats, self.variant)
        if outcome is None:
            self.outcome["reason"] = state.describe_end(self.labels)
        # history: every state of the game, first to last; played: seconds of play;
        # clock: the players' clocks, when they ran
        view = self.view_class(app, self.spec, self.seats, self.variant)
        self.summary = GameSummary(history or [state], len(self.move_texts), played, clock,
                                   [seat["name"] for seat in self.seats], view.player_colours)
        app.sounds.play("end")

    def headline_words(self) -> str:
        """The headline with ``{name}`` where the winner's name goes."""
        winner = self.outcome["winner"]
        if winner is None:
            return _("A draw")
        name = self.seats[winner]["name"]
        if name in self.view_class.side_names(self.variant) and name.endswith("s"):
            # TRANSLATORS: a side of more than one player has won: "Romans win!"
            return _("{name} win!")
        return _("{name} wins!")

    @property
    def headline(self) -> str:
        """"Ann wins!", "Romans win!", "A draw"."""
        winner = self.outcome["winner"]
        name = self.seats[winner]["name"] if winner is not None else ""
        return self.headline_words().format(name=isolated(name))

    def build(self) -> None:
        w, h = self.app.size
        window = pygame.Rect(0, 0, w, h)
        # the panel where the language's lines end, the board where they start
        self.panel_rect = ui.mirrored((w - 400, 40, 370, h - 80), window)
        self.board_rect = ui.mirrored((30, 90, w - 460, h - 140), window)
        x = self.panel_rect.x + 20
        self.rematch_button = self.save_button = self.review_button = None
        bottom = self.panel_rect.bottom - (120 if self.in_tournament else 176)
        self.buttons_top = bottom if self.record is not None else bottom + 56
        if self.record is not None:
            self.save_button = ui.button(self, ui.mirrored((x, bottom, 160, 46),
                                                           self.panel_rect), _("Save game"),
                                         tooltip=_("Save the game to a file, to open again "
                                                   "later or on another computer"))
            self.review_button = ui.button(self, ui.mirrored((x + 170, bottom, 160, 46),
                                                             self.panel_rect), _("Review"),
                                           tooltip=_("Step through the game and have the "
                                                     "computer analyse it"))
        self.dialog = None
        if self.in_tournament:
            self.menu_button = ui.button(self, (x, self.panel_rect.bottom - 64, 330, 46),
                                         _("Back to the round"), "#primary")
        else:
            if not self.over_network:
                self.rematch_button = ui.button(self, (x, self.panel_rect.bottom - 120, 330,
                                                       46), _("Rematch"), "#primary")
            self.menu_button = ui.button(self, (x, self.panel_rect.bottom - 64, 330, 46),
                                         _("Back to menu"))

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            self._save(event.text)
            return
        if self.dialog is not None and self.dialog.alive():
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.kill()          # Esc closes the dialog, not the results
                self.dialog = None
            return
        if self.save_button is not None and ui.pressed(event, self.save_button):
            self.dialog = record_files.save_dialog(self, self.spec)
            return
        if self.review_button is not None and ui.pressed(event, self.review_button):
            self.app.stack.push("review", record=self.record, kept_id=self.kept_id)
            return
        if self.in_tournament:
            if ui.pressed(event, self.menu_button) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                   pygame.K_ESCAPE)):
                self.app.stack.pop()
            return
        if self.rematch_button is not None and (ui.pressed(event, self.rematch_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN)):
            from .saves import ask_before_replacing
            self.app.log("rematch")
            config = rematch_config(self.config)
            ask_before_replacing(self.app, config["game"],
                                 lambda: self.app.stack.replace("play", config=config))
        elif ui.pressed(event, self.menu_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.reset("menu")

    def _save(self, path) -> None:
        from game.files import FileProblem
        try:
            self.saved_to = record_files.save_record(self.app, self.record, path)
        except FileProblem as exc:
            self.saved_to = None
            self.notice, self.notice_problem = _("Not saved: {problem}").format(problem=exc), True

    def update(self, dt: float) -> None:
        if self.saved_to is not None:
            self.notice = record_files.save_notice(self.app, self.saved_to)
            self.notice_problem = record_files.save_failed(self.app, self.saved_to)
        elif self.kept_id is not None and not self.notice:
            from .saves import library_job
            problem = self.app.writer.problem(library_job(self.kept_id))
            if problem:
                self.notice = _("Not kept in the game library: {problem}").format(
                    problem=problem)
                self.notice_problem = True

    def draw(self, surface) -> None:
        ui.table(surface)
        assets.text(surface, _("Final position"), (self.board_rect.centerx, 50), size=22,
                    colour=ui.MUTED, anchor="center")
        render_static(self.app, self.view_class, self.spec, surface, self.board_rect,
                      self.state, variant=self.variant, seats=self.seats)
        p = self.panel_rect
        ui.panel(surface, p)
        x, y = p.x + 20, p.y + 20
        size = assets.fitting_size(self.headline, 34, p.width - 30, bold=True, smallest=22)
        headline = self.headline
        room = p.width - 30
        if assets.measure(headline, size, True) > room and self.outcome["winner"] is not None:
            # a long name is cut, never the "wins!" around it
            name = self.seats[self.outcome["winner"]]["name"]
            headline = assets.fitted(self.headline_words(), name, size, room, bold=True)
        assets.text(surface, headline, (p.centerx, y + 20), size=size, bold=True,
                    colour=ui.TITLE, anchor="center", width=p.width - 30)
        y += 60
        y = assets.paragraph(surface, self.outcome["reason"] or "", (x, y, p.width - 40, 80),
                             size=16, colour=ui.INK) + 14
        for player, label in enumerate(self.labels):
            score = self.state.scores[player]
            win = self.outcome["winner"] == player
            room = ui.mirrored((x, y, p.width - 110, 0), p)     # the score has the rest
            assets.text(surface, label, room.topleft, bold=win, colour=ui.TITLE if win else ui.INK,
                        size=assets.fitting_size(label, 20, p.width - 110, bold=win,
                                                 smallest=15), width=p.width - 110)
            at = ui.mirrored((p.right - 24, y, 0, 0), p)
            assets.text(surface, digits(score_text(score)), at.topleft, size=22, bold=True,
                        anchor="topleft" if rtl() else "topright",
                        colour=ui.TITLE if win else ui.INK)
            y += 34
        y += 10
        self.summary.draw(surface, pygame.Rect(x, y, p.width - 40, self.buttons_top - 14 - y))
        if self.notice:     # under the board, one line
            colour = (255, 170, 130) if self.notice_problem else ui.INK
            assets.text(surface, assets.ellipsized(self.notice, 15, self.board_rect.width),
                        (self.board_rect.x, surface.get_height() - 34), size=15, colour=colour)
