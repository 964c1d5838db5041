"""The first screen: every game with a line about it, its rules and a Play button."""

from __future__ import annotations

import pygame
import pygame_gui

from game.version import VERSION

from . import assets, sgf_files, ui
from .stack import Scene, screen_class
from .views import playable_games


class MenuScene(Scene):
    title = "menu"

    def __init__(self, app):
        super().__init__(app)
        self.games = playable_games()
        self.play_buttons = {}
        self.rules_buttons = {}
        self.notice = app.settings.problem or ""
        self.dialog = None

    def build(self) -> None:
        w, h = self.app.size
        card_w = min(760, w - 120)
        x = (w - card_w) // 2
        self.compact = h < 700          # small windows: a tighter heading and one-line blurbs
        top = 124 if self.compact else 170
        row_h = min(92, (h - top - 100) // max(1, len(self.games)))
        self.play_buttons, self.rules_buttons = {}, {}
        self.rows = []
        for i, spec in enumerate(self.games):
            y = top + i * row_h
            self.rows.append((spec, pygame.Rect(x, y, card_w, row_h - 10)))
            self.play_buttons[spec.name] = ui.button(
                self, (x + card_w - 230, y + (row_h - 10) // 2 - 20, 110, 40), "Play", "#primary")
            self.rules_buttons[spec.name] = ui.button(
                self, (x + card_w - 112, y + (row_h - 10) // 2 - 20, 100, 40), "Rules")
        bottom = h - 70
        from .saves import unfinished_path
        can_open = any(sgf_files.exportable(spec) for spec in self.games)
        # (attribute, label, width, look, tooltip) of the bottom row, shrunk to fit narrow windows
        row = []
        if self.app.writer.will_exist(unfinished_path()):
            row.append(("resume_button", "Resume unfinished game", 280, "#primary", None))
        row.append(("tournament_button", "Tournament", 160, None,
                    "Run a club tournament: entrants, rounds on the clock, standings"))
        if can_open:
            row.append(("open_button", "Open .blksgf", 180, None,
                        "Open a Callisto game saved by Callidus or Pentobi, to replay it move "
                        "by move"))
        row += [("settings_button", "Settings", 130, None, None),
                ("quit_button", "Quit", 120, None, None)]
        gap = 14
        scale = min(1.0, (w - 40 - gap * (len(row) - 1)) / sum(r[2] for r in row))
        widths = [int(r[2] * scale) for r in row]
        x = w // 2 - (sum(widths) + gap * (len(row) - 1)) // 2
        self.resume_button = self.open_button = None
        for (attr, text, _, look, tip), width in zip(row, widths):
            setattr(self, attr, ui.button(self, (x, bottom, width, 44), text, look, tooltip=tip))
            x += width + gap
        self.dialog = None

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            self.open_record(event.text)
            return
        if self.dialog is not None and self.dialog.alive():
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.kill()          # Esc closes the dialog, not the program
                self.dialog = None
            return
        if self.open_button is not None and ui.pressed(event, self.open_button):
            self.dialog = sgf_files.open_dialog(self)
            return
        if ui.pressed(event, self.tournament_button):
            self.app.stack.push("tournament.lobby")
            return
        for name, widget in self.play_buttons.items():
            if ui.pressed(event, widget):
                self.app.stack.push("setup", game_name=name)
                return
        for name, widget in self.rules_buttons.items():
            if ui.pressed(event, widget):
                self.app.stack.push("rules", game_name=name)
                return
        if self.resume_button is not None and ui.pressed(event, self.resume_button):
            self.resume_unfinished()
            return
        if ui.pressed(event, self.settings_button):
            self.app.stack.push("settings")
        elif ui.pressed(event, self.quit_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.quit()

    def open_record(self, path) -> None:
        """Open a .blksgf record at its start; a bad file is named with the reason."""
        from pathlib import Path

        from game.files import FileProblem
        try:
            scene = sgf_files.open_game(self.app, path)
        except (FileProblem, ValueError) as exc:
            self.notice = f"Could not open {Path(path).name}: {exc}"
            return
        self.notice = ""
        self.app.stack.push(scene)

    def resume_unfinished(self) -> None:
        """Open the game left unfinished; a damaged file is set aside with a message.

        Whatever the file holds, the menu carries on: a file that cannot be resumed is
        moved to a new name (never over an earlier one) so the next press does not fail
        again, and the notice says why and where it went."""
        from game.files import FileProblem, read_json, set_aside, shown
        from game.records.record import RecordProblem

        from .saves import unfinished_path

        path = unfinished_path()
        self.app.writer.flush()             # the last save of a game just left
        try:
            scene = screen_class("play").from_record(self.app, read_json(path))
        except (RecordProblem, FileProblem) as exc:
            why = str(exc)
        except Exception as exc:            # a check missed something: still never a crash
            why = f"{type(exc).__name__}: {exc}"
        else:
            self.app.log(f"resume {scene.spec.name} at ply {scene.cursor}")
            self.app.stack.push(scene)
            return
        why = shown(why, 160)       # a quoted value may be as long as the file
        try:
            kept = set_aside(path)
        except FileProblem as exc:
            self.notice = shown(f"The unfinished game could not be read ({why}); {exc}.", 600)
        else:
            self.notice = shown(f"The unfinished game could not be read and was kept as {kept} "
                                f"({why}).", 600)
        self.app.log("unfinished game set aside")
        self.resize()

    def draw(self, surface) -> None:
        ui.table(surface)
        w, _ = surface.get_size()
        compact = getattr(self, "compact", False)
        assets.text(surface, f"version {VERSION}", (w - 12, surface.get_height() - 8), size=13,
                    colour=ui.MUTED, anchor="bottomright")
        ui.heading(surface, "Callidus", (w // 2, 50 if compact else 70), size=52 if compact else 64)
        assets.text(surface, "Five abstract board games at one table. Pick a game to play.",
                    (w // 2, 94 if compact else 122), size=19, colour=ui.MUTED, anchor="center")
        for spec, rect in self.rows:
            ui.panel(surface, rect)
            if rect.height >= 76:
                assets.text(surface, spec.title, (rect.x + 22, rect.y + 6), size=26, bold=True,
                            colour=ui.TITLE)
                assets.paragraph(surface, spec.blurb,
                                 (rect.x + 22, rect.y + 40, rect.width - 280, 40),
                                 size=15, colour=ui.INK, spacing=1.1)
                continue
            # a short card: the title, then the blurb on one line
            assets.text(surface, spec.title, (rect.x + 22, rect.y + 4), size=22, bold=True,
                        colour=ui.TITLE)
            lines = assets.wrap(spec.blurb, 14, rect.width - 290)
            line = lines[0] + (" ..." if len(lines) > 1 else "")
            assets.text(surface, line, (rect.x + 22, rect.y + 36), size=14, colour=ui.INK)
        if self.notice:
            room = 3 if surface.get_height() >= 700 else 2
            lines = assets.wrap(self.notice, 15, w - 160)[:room]
            y = surface.get_height() - 92 - 20 * len(lines)
            for line in lines:
                assets.text(surface, line, (w // 2, y), size=15, colour=(255, 170, 120),
                            anchor="midtop")
                y += 20
