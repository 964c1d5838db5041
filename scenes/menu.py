"""The first screen: every game with a line about it, its rules and a Play button; the
kept games, saved games, tournaments and settings."""

from __future__ import annotations

import pygame
import pygame_gui

from game.version import VERSION

from . import assets, record_files, sgf_files, ui
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
        self.dialog_kind = None      # "game" (.callidus) or "sgf" (.blksgf)

    def build(self) -> None:
        w, h = self.app.size
        card_w = min(760, w - 120)
        x = (w - card_w) // 2
        self.compact = h < 700          # small windows: a tighter heading and one-line blurbs
        top = 124 if self.compact else 170
        from .saves import unfinished_path
        can_open = any(sgf_files.exportable(spec) for spec in self.games)
        # (attribute, label, width, look, tooltip) of the bottom buttons
        row = []
        labels = self.resume_labels() if self.app.writer.will_exist(unfinished_path()) else []
        if labels:
            # the fullest words that fit a button of at most about half the window
            font = assets.font(17, bold=True)
            widest = max(280, int(w * 0.45))
            resume = next((t for t in labels if font.size(t)[0] + 40 <= widest), labels[-1])
            row.append(("resume_button", resume, max(280, font.size(resume)[0] + 40),
                        "#primary", "Carry on with the game left unfinished"))
        row.append(("tournament_button", "Tournament", 160, None,
                    "Run a club tournament: entrants, rounds on the clock, standings"))
        row.append(("games_button", "Games", 120, None,
                    "Every finished game, to look through again"))
        row.append(("open_game_button", "Open game", 150, None,
                    "Open a game saved with Save game (.callidus)"))
        if can_open:
            row.append(("open_button", "Open .blksgf", 180, None,
                        "Open a Callisto game saved by Callidus or Pentobi, to replay it move "
                        "by move"))
        row += [("settings_button", "Settings", 130, None, None),
                ("quit_button", "Quit", 120, None, None)]
        gap = 14

        def scale_of(buttons):
            return min(1.0, (w - 40 - gap * (len(buttons) - 1)) / sum(b[2] for b in buttons))

        # one row, shrunk a little to fit; two rows where one would squeeze the labels
        lines = [row] if scale_of(row) >= 0.9 else [row[:(len(row) + 1) // 2],
                                                     row[(len(row) + 1) // 2:]]
        row_h = min(92, (h - top - 100 - 54 * (len(lines) - 1)) // max(1, len(self.games)))
        self.play_buttons, self.rules_buttons = {}, {}
        self.rows = []
        for i, spec in enumerate(self.games):
            y = top + i * row_h
            self.rows.append((spec, pygame.Rect(x, y, card_w, row_h - 10)))
            self.play_buttons[spec.name] = ui.button(
                self, (x + card_w - 230, y + (row_h - 10) // 2 - 20, 110, 40), "Play", "#primary")
            self.rules_buttons[spec.name] = ui.button(
                self, (x + card_w - 112, y + (row_h - 10) // 2 - 20, 100, 40), "Rules")
        self.resume_button = self.open_button = None
        bottom = h - 70 - 54 * (len(lines) - 1)
        for line in lines:
            scale = scale_of(line)
            widths = [int(b[2] * scale) for b in line]
            x = w // 2 - (sum(widths) + gap * (len(line) - 1)) // 2
            for (attr, text, _, look, tip), width in zip(line, widths):
                setattr(self, attr, ui.button(self, (x, bottom, width, 44), text, look,
                                              tooltip=tip))
                x += width + gap
            bottom += 54
        self.bottom_rows = len(lines)
        self.dialog = None

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            if self.dialog_kind == "game":
                self.open_saved_game(event.text)
            else:
                self.open_record(event.text)
            return
        if self.dialog is not None and self.dialog.alive():
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.kill()          # Esc closes the dialog, not the program
                self.dialog = None
            return
        if self.open_button is not None and ui.pressed(event, self.open_button):
            self.dialog_kind = "sgf"
            self.dialog = sgf_files.open_dialog(self)
            return
        if ui.pressed(event, self.open_game_button):
            self.dialog_kind = "game"
            self.dialog = record_files.open_dialog(self)
            return
        if ui.pressed(event, self.games_button):
            self.app.stack.push("games")
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

    def open_saved_game(self, path) -> None:
        """Show a saved game (.callidus) move by move; a bad file is named with the reason
        and left as it is."""
        from pathlib import Path

        from game.files import shown
        from game.records.record import RecordProblem
        try:
            record = record_files.read_record(self.app, path)
        except RecordProblem as exc:
            why = str(exc)
        except Exception as exc:            # a check missed something: still never a crash
            why = f"{type(exc).__name__}: {exc}"
        else:
            self.app.log(f"open saved game {Path(path).name}")
            why = record_files.review(self.app, record)
            if why is None:
                self.notice = ""
                return
        self.notice = shown(f"Could not open {Path(path).name}: {shown(why, 300)}", 600)

    def resume_labels(self) -> list[str]:
        """The Resume button's words, fullest first: which game, who plays and how far it
        got ("Resume Calla: Ann v Blue (Hard), move 12"), then shorter ones for a small
        window; none for a game in which no move was made.  A file that cannot be read is
        still offered, so that Resume can set it aside and say why."""
        from game import GAMES
        from game.ai.levels import LEVEL_TITLES
        from game.files import FileProblem, read_json

        from .saves import unfinished_path

        self.app.writer.flush()             # the last save of a game just left
        plain = ["Resume unfinished game"]
        try:
            record = read_json(unfinished_path())
            spec = GAMES[record["game"]]
            moves = len(record["moves"])
            names, levels = [], []
            for seat in record["config"]["seats"]:
                names.append(sgf_files.clean_name(str(seat.get("name", ""))) or "?")
                level = str(seat.get("level", "random"))
                levels.append(f" ({LEVEL_TITLES.get(level, sgf_files.clean_name(level))})"
                              if seat.get("kind") == "computer" else "")
        except (FileProblem, KeyError, TypeError, AttributeError):
            return plain
        except Exception:                   # whatever the file holds, the menu still shows
            return plain
        if moves == 0:
            return []
        joined = " v ".join if len(names) == 2 else ", ".join
        return [f"Resume {spec.title}: {joined([n + k for n, k in zip(names, levels)])}, "
                f"move {moves}",
                f"Resume {spec.title}: {joined(names)}, move {moves}",
                f"Resume {spec.title}, move {moves}"]

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
            # between the last card and the buttons, the end cut short where it does not fit
            buttons_top = surface.get_height() - 70 - 54 * (getattr(self, "bottom_rows", 1) - 1)
            cards_bottom = self.rows[-1][1].bottom if self.rows else 0
            room = min(3 if surface.get_height() >= 700 else 2,
                       max(1, (buttons_top - 22 - cards_bottom) // 20))
            lines = assets.wrap(self.notice, 15, w - 160)
            if len(lines) > room:
                lines = lines[:room - 1] + [assets.ellipsized(" ".join(lines[room - 1:]), 15,
                                                              w - 160)]
            y = buttons_top - 22 - 20 * len(lines)
            for line in lines:
                assets.text(surface, line, (w // 2, y), size=15, colour=(255, 170, 120),
                            anchor="midtop")
                y += 20
