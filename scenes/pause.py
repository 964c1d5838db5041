"""Esc during a game: resume, read the rules, restart or leave."""

from __future__ import annotations

import pygame
import pygame_gui

from . import assets, sgf_files, ui
from .stack import Scene


class PauseScene(Scene):
    opaque = False
    title = "pause"

    def __init__(self, app):
        super().__init__(app)
        self.notice = ""
        self.dialog = None
        self.confirming = False    # Restart was pressed: the menu asks before throwing moves away

    def build(self) -> None:
        if self.confirming:
            self._build_confirm()
            return
        w, h = self.app.size
        play = self._play()
        can_save = play is not None and sgf_files.exportable(play.spec)
        self.box = pygame.Rect(0, 0, 340, 440 if can_save else 380)
        self.box.center = (w // 2, h // 2)
        x, y = self.box.x + 40, self.box.y + 80
        self.resume_button = ui.button(self, (x, y, 260, 46), "Resume", "#primary")
        self.rules_button = ui.button(self, (x, y + 60, 260, 46), "Rules")
        self.settings_button = ui.button(self, (x, y + 120, 260, 46), "Settings")
        self.save_button = None
        if can_save:
            self.save_button = ui.button(self, (x, y + 180, 260, 46), "Save as .blksgf",
                                         tooltip="Save the game as a Pentobi record")
            y += 60
        # a tournament game is not restarted at will; leaving it keeps it for later
        self.in_tournament = play is not None and "tournament" in play.config
        self.restart_button = ui.button(self, (x, y + 180, 260, 46), "Restart")
        if self.in_tournament:
            self.restart_button.disable()
        self.quit_button = ui.button(self, (x, y + 240, 260, 46),
                                     "Back to the round" if self.in_tournament else "Quit to menu",
                                     tooltip=("The game is kept; start the board again from the "
                                              "round view to carry on")
                                     if self.in_tournament else None)
        self.dialog = None

    def _build_confirm(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, 400, 250)
        self.box.center = (w // 2, h // 2)
        x, y = self.box.x + 30, self.box.bottom - 76
        self.keep_button = ui.button(self, (x, y, 160, 46), "Keep playing")
        self.confirm_button = ui.button(self, (self.box.right - 190, y, 160, 46), "Restart",
                                        "#primary")

    def _confirm_words(self) -> str:
        play = self._play()
        moves = play.cursor if play is not None else 0
        if moves == 0:
            return "Start this game again from the beginning?"
        made = "The move made" if moves == 1 else f"The {moves} moves made"
        return f"Start again from the beginning? {made} so far will be lost."

    def _play(self):
        return self.app.stack.find("play")

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            self._save(event.text)
            return
        if self.dialog is not None and self.dialog.alive():
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.kill()          # Esc closes the dialog, not the pause menu
                self.dialog = None
            return
        if self.confirming:
            if ui.pressed(event, self.confirm_button) or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
                self._restart()
            elif ui.pressed(event, self.keep_button) or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                self.confirming = False          # back to the pause menu
                self.resize()
            return
        if self.save_button is not None and ui.pressed(event, self.save_button):
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
            self.confirming = True
            self.resize()
        elif ui.pressed(event, self.quit_button) and self.in_tournament:
            self.app.log("back to the round")
            self.app.stack.pop()
            self.app.stack.pop()
        elif ui.pressed(event, self.quit_button):
            self.app.log("quit to menu")
            self.app.stack.reset("menu")

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
            self.notice = f"Not saved: {exc}"
            return
        self.notice = f"Saved as {saved}"
        self.app.log(f"saved record {saved}")

    def draw(self, surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 140))
        surface.blit(dim, (0, 0))
        ui.panel(surface, self.box, alpha=235)
        if self.confirming:
            assets.text(surface, "Restart?", (self.box.centerx, self.box.y + 40), size=32,
                        bold=True, colour=ui.TITLE, anchor="center")
            assets.paragraph(surface, self._confirm_words(),
                             (self.box.x + 30, self.box.y + 76, self.box.width - 60, 80),
                             size=17, colour=ui.INK)
            return
        assets.text(surface, "Paused", (self.box.centerx, self.box.y + 40), size=32, bold=True,
                    colour=ui.TITLE, anchor="center")
        if self.notice:
            colour = (255, 170, 130) if self.notice.startswith("Not") else ui.INK
            lines = assets.wrap(self.notice, 15, self.box.width - 30)
            y = self.box.bottom + 12
            back = pygame.Rect(self.box.x, y - 6, self.box.width, 22 * len(lines) + 12)
            ui.panel(surface, back, alpha=220)
            for line in lines:
                assets.text(surface, line, (self.box.centerx, y), size=15, colour=colour,
                            anchor="midtop")
                y += 22
