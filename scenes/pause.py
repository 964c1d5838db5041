"""Esc during a game: resume, read the rules, save the game, resign or offer a draw,
restart or leave.

Resign and a draw offered at a shared screen ask first, in the menu's own box: who
resigns (the player to move; against the computer, the human) and who wins; the other
player accepts or declines the draw.  A computer opponent answers a draw offer itself,
in the play scene's status line."""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import N_, _, isolated, ngettext, number

from . import assets, record_files, sgf_files, ui
from .stack import Scene

NOTICE_ROOM = 56     # pixels kept under the menu for two lines of notice
BOX_W = 380          # the menu's width: a pair of buttons has room for "Remis anbieten"


class PauseScene(Scene):
    opaque = False
    title = "pause"

    def __init__(self, app):
        super().__init__(app)
        self.notice = ""
        self.notice_problem = False      # the notice says what went wrong
        self.dialog = None
        # "restart", "resign" or "draw": the menu asks before acting (moves would be lost,
        # the game would end), or asks the other player about a draw
        self.asking: str | None = None
        self.dialog_kind = None      # "game" (.callidus) or "sgf" (.blksgf)
        self.saved_to = None         # the .callidus file last handed to the writer

    @property
    def confirming(self) -> bool:
        return self.asking is not None

    def build(self) -> None:
        if self.asking:
            self._build_confirm()
            return
        w, h = self.app.size
        play = self._play()
        can_save = play is not None and sgf_files.exportable(play.spec)
        # a tournament game is not restarted at will; leaving it keeps it for later
        self.in_tournament = play is not None and "tournament" in play.config
        # a game over the network is the host's: not restarted, saved once it is over
        online = play is not None and "network" in play.config
        rows = [("resume_button", _("Resume"), "#primary", None),
                ("rules_button", _("Rules"), None, None),
                ("settings_button", _("Settings"), None, None),
                ("save_game_button", _("Save game"), None,
                 _("The host keeps this game: save it from the results once it is over")
                 if online else
                 _("Save the game to a file, to open again later or on another computer"))]
        if can_save:
            rows.append(("save_button", _("Save as .blksgf"), None,
                         _("Save the game as a Pentobi record")))
        resign_why = play.resign_problem() if play is not None else _("No game.")
        draw_why = play.draw_problem() if play is not None else _("No game.")
        rows += [[("resign_button", _("Resign"), None, resign_why or _(
                   "End the game now: {what}").format(what=play.resign_words())),
                  ("draw_button", _("Offer a draw"), None,
                   draw_why or _("Offer {name} a draw").format(
                       name=isolated(play.draw_parties()[1]["name"])))],
                 ("restart_button", _("Restart"), None, _(
                     "A tournament game is not started again; it is played to its end, "
                     "resigned or drawn") if self.in_tournament
                  else _("A game over the network is played to its end, resigned or drawn")
                  if online else None),
                 ("quit_button", _("Back to the round") if self.in_tournament
                  else _("Quit to menu"), None,
                  _("The game is kept; start the board again from the round view to carry on")
                  if self.in_tournament else None)]
        # small windows: tighter rows, so a notice under the box still fits
        step, tall, top = (60, 46, 80) if h >= 700 else (54, 42, 72)
        self.box = pygame.Rect(0, 0, BOX_W, top + step * (len(rows) - 1) + tall + 14)
        # centred with two lines of notice under it: a save's path, why a button is out
        self.box.midtop = (w // 2, max(12, (h - self.box.height - NOTICE_ROOM) // 2))
        x, y = self.box.x + 40, self.box.y + top
        self.save_button = None
        for row in rows:
            row = row if isinstance(row, list) else [row]
            width = (BOX_W - 80 - 10 * (len(row) - 1)) // len(row)     # a pair shares the row
            for i, (attr, text, look, tip) in enumerate(row):
                setattr(self, attr, ui.button(self, (x + i * (width + 10), y, width, tall), text,
                                              look, tooltip=tip))
            y += step
        if self.in_tournament or online:
            self.restart_button.disable()
        if online:
            for button in (self.save_game_button, self.save_button):
                if button is not None:
                    button.disable()
        if resign_why:
            self.resign_button.disable()
        if draw_why:
            self.draw_button.disable()
        self.dialog = None

    #: The question asked: its title, the button that keeps playing and the one that acts.
    ASKING = {"restart": (N_("Restart?"), N_("Keep playing"), N_("Restart")),
              "resign": (N_("Resign?"), N_("Keep playing"), N_("Resign")),
              "draw": (N_("Draw offered"), N_("Decline"), N_("Accept draw"))}

    def _build_confirm(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, 400, 250)
        self.box.center = (w // 2, h // 2)
        x, y = self.box.x + 30, self.box.bottom - 76
        _title, keep, act = self.ASKING[self.asking]
        self.keep_button = ui.button(self, (x, y, 160, 46), _(keep))
        self.confirm_button = ui.button(self, (self.box.right - 190, y, 160, 46), _(act),
                                        "#primary")

    def _asking_words(self) -> str:
        play = self._play()
        if self.asking == "resign":
            return play.resign_words()
        if self.asking == "draw":
            offerer, other = (isolated(seat["name"]) for seat in play.draw_parties())
            return _("{offerer} offers a draw. {other}, do you accept?").format(
                offerer=offerer, other=other)
        return self._confirm_words()

    def _confirm_words(self) -> str:
        play = self._play()
        moves = play.cursor if play is not None else 0
        if moves == 0:
            return _("Start this game again from the beginning?")
        return ngettext("Start again from the beginning? The move made so far will be lost.",
                        "Start again from the beginning? The {n} moves made so far will be "
                        "lost.", moves).format(n=number(moves))

    def _play(self):
        return self.app.stack.find("play")

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            if self.dialog_kind == "game":
                self._save_game(event.text)
            else:
                self._save(event.text)
            return
        if self.dialog is not None and self.dialog.alive():
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.kill()          # Esc closes the dialog, not the pause menu
                self.dialog = None
            return
        if self.asking:
            if ui.pressed(event, self.confirm_button) or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
                self._act()
            elif ui.pressed(event, self.keep_button) or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                if self.asking == "draw":        # declined: back to the game, which says so
                    self.app.stack.pop()
                    play = self._play()
                    if play is not None:
                        play.decline_draw()
                    return
                self.asking = None               # back to the pause menu
                self.resize()
            return
        if ui.pressed(event, self.save_game_button):
            self.dialog_kind = "game"
            self.dialog = record_files.save_dialog(self, self._play().spec)
            return
        if self.save_button is not None and ui.pressed(event, self.save_button):
            self.dialog_kind = "sgf"
            self.dialog = sgf_files.save_dialog(self, self._play())
            return
        if ui.pressed(event, self.resume_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()
        elif ui.pressed(event, self.rules_button):
            self.app.stack.push("rules", game_name=self._play().spec.name)
        elif ui.pressed(event, self.settings_button):
            self.app.stack.push("settings")
        elif ui.pressed(event, self.restart_button):
            self.asking = "restart"
            self.resize()
        elif ui.pressed(event, self.resign_button):
            self.asking = "resign"
            self.resize()
        elif ui.pressed(event, self.draw_button):
            play = self._play()
            if play.draw_parties()[1]["kind"] != "human":
                self.app.stack.pop()             # the computer (or over the network, the
                                                 # other player) answers in the status line
                play.offer_draw()
            else:
                self.asking = "draw"             # the other player answers here
                self.resize()
        elif ui.pressed(event, self.quit_button) and self.in_tournament:
            self.app.log("back to the round")
            self.app.stack.pop()
            self.app.stack.pop()
        elif ui.pressed(event, self.quit_button):
            self.app.log("quit to menu")
            self.app.stack.reset("menu")

    def _act(self) -> None:
        """Do what the question asked about, once it was answered yes."""
        if self.asking == "restart":
            self._restart()
            return
        play = self._play()
        self.app.stack.pop()                     # back to the board, which ends the game
        if self.asking == "resign":
            play.resign()
        else:
            play.agree_draw()

    def _restart(self) -> None:
        play = self._play()
        self.app.stack.pop()
        self.app.log("restart")
        self.app.stack.replace("play", config=play.config)

    def _save(self, path) -> None:
        from game.files import FileProblem
        try:
            saved = sgf_files.save_game(self._play(), path)
        except FileProblem as exc:
            self.notice, self.notice_problem = _("Not saved: {problem}").format(problem=exc), True
            return
        self.saved_to = None
        self.notice, self.notice_problem = _("Saved as {path}").format(path=saved), False
        self.app.log(f"saved record {saved}")

    def _save_game(self, path) -> None:
        """Hand the game as it stands to the writer; ``update`` says if it failed."""
        from game.files import FileProblem
        try:
            self.saved_to = record_files.save_record(self.app, self._play().record(), path)
        except FileProblem as exc:
            self.saved_to = None
            self.notice, self.notice_problem = _("Not saved: {problem}").format(problem=exc), True
            return
        self.notice = record_files.save_notice(self.app, self.saved_to)
        self.notice_problem = record_files.save_failed(self.app, self.saved_to)

    def update(self, dt: float) -> None:
        if self.saved_to is not None:
            self.notice = record_files.save_notice(self.app, self.saved_to)
            self.notice_problem = record_files.save_failed(self.app, self.saved_to)

    def _pointed_reason(self) -> str:
        """Why the disabled button under the pointer is out (its tooltip): pygame_gui shows
        no tooltip on a disabled button, and a player should learn why Resign, Offer a draw
        or Restart cannot be pressed."""
        pos = self.app.mouse_pos()
        for widget in self.widgets:
            if (isinstance(widget, pygame_gui.elements.UIButton) and not widget.is_enabled
                    and widget.tool_tip_text and widget.rect.collidepoint(pos)):
                return widget.tool_tip_text
        return ""

    def draw(self, surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 140))
        surface.blit(dim, (0, 0))
        ui.panel(surface, self.box, alpha=255)     # opaque: nothing under it shows through
        if self.asking:
            assets.text(surface, _(self.ASKING[self.asking][0]), (self.box.centerx,
                                                                   self.box.y + 40), size=32,
                        bold=True, colour=ui.TITLE, anchor="center", width=self.box.width - 40)
            assets.paragraph(surface, self._asking_words(),
                             (self.box.x + 30, self.box.y + 76, self.box.width - 60, 80),
                             size=17, colour=ui.INK, spacing=1.3)
            return
        assets.text(surface, _("Paused"), (self.box.centerx, self.box.y + 40), size=32,
                    bold=True, colour=ui.TITLE, anchor="center", width=self.box.width - 40)
        reason = self._pointed_reason()
        notice = reason or self.notice
        if notice:
            colour = (255, 170, 130) if self.notice_problem and not reason else ui.INK
            w, h = surface.get_size()
            width = min(w - 40, 760)
            room = max(1, (h - 8 - (self.box.bottom + 12) - 6) // 22)
            lines = assets.wrap(notice, 15, width - 30)
            if len(lines) > room:
                lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
            # the last line, and a word wider than a line (a long path), are cut to fit
            lines = [assets.ellipsized(line, 15, width - 30) for line in lines]
            y = self.box.bottom + 12
            back = pygame.Rect(0, y - 6, width, 22 * len(lines) + 12)
            back.centerx = self.box.centerx
            ui.panel(surface, back, alpha=220)
            for line in lines:
                assets.text(surface, line, (self.box.centerx, y), size=15, colour=colour,
                            anchor="midtop")
                y += 22
