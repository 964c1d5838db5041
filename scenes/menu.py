"""The first screen: every game with a line about it, its rules and a Play button (and
Resume, with who plays and how far it got, for a game left unfinished); the kept games,
saved games, tournaments and settings."""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import _, isolated, left_to_right, number
from game.version import VERSION

from . import assets, record_files, sgf_files, ui
from .stack import Scene, screen_class
from .tournament.common import button_width
from .views import playable_games

#: The colour of a card's line about its unfinished game.
UNFINISHED = (255, 200, 130)


def _line_height(size: int) -> int:
    """The height of a line of text at ``size``, as drawn."""
    return assets.font(size).get_height()


class MenuScene(Scene):
    title = "menu"

    def __init__(self, app):
        super().__init__(app)
        self.games = playable_games()
        self.play_buttons = {}
        self.rules_buttons = {}
        self.resume_buttons = {}     # game name -> its Resume button, for an unfinished game
        self.computer_buttons = {}   # game name -> its Play the computer button
        self.unfinished = {}         # game name -> saves.Unfinished
        self.legacy = None           # an earlier version's unfinished game, if still there
        self.notice = app.settings.problem or ""
        self.dialog = None
        self.dialog_kind = None      # "game" (.callidus) or "sgf" (.blksgf)

    def build(self) -> None:
        w, h = self.app.size
        card_w = min(980, w - 60)
        x = (w - card_w) // 2
        self.compact = h < 700          # small windows: a tighter heading and one-line blurbs
        top = 124 if self.compact else 170
        from .saves import legacy_unfinished_path, read_unfinished, unfinished_games
        can_open = any(sgf_files.exportable(spec) for spec in self.games)
        self.unfinished = unfinished_games(self.app)
        # the one unfinished game of an earlier version, where it could not take its game's
        # file (that is taken, or it cannot be read): still offered, down here
        legacy = legacy_unfinished_path()
        self.legacy = read_unfinished(legacy) if self.app.writer.will_exist(legacy) else None
        # (attribute, label, width, look, tooltip) of the bottom buttons
        row = []
        if self.legacy is not None:
            labels = self.legacy_labels()
            # the fullest words that fit a button of at most about half the window
            font = assets.font(17, bold=True)
            widest = max(280, int(w * 0.45))
            resume = next((t for t in labels if font.size(t)[0] + 40 <= widest), labels[-1])
            row.append(("resume_button", resume, max(280, font.size(resume)[0] + 40),
                        "#primary", _("Carry on with the game left unfinished by an earlier "
                                      "version")))
        row.append(("tournament_button", _("Tournament"), 160, None,
                    _("Run a club tournament: entrants, rounds on the clock, standings")))
        row.append(("join_button", _("Join a table"), 160, None,
                    _("Play or watch a game hosted on another computer, over the network")))
        row.append(("games_button", _("Games"), 120, None,
                    _("Every finished game, to look through again")))
        row.append(("open_game_button", _("Open game"), 150, None,
                    _("Open a game saved with Save game (.callidus)")))
        if can_open:
            # the file's ending kept as written inside a sentence read right to left
            row.append(("open_button", _("Open {ending}").format(
                ending=left_to_right(".blksgf")), 180, None,
                        _("Open a Callisto game saved by Callidus or Pentobi, to replay it "
                          "move by move")))
        row += [("settings_button", _("Settings"), 130, None, None),
                ("quit_button", _("Quit"), 120, None, None)]
        gap = 14

        def scale_of(buttons):
            return min(1.0, (w - 40 - gap * (len(buttons) - 1)) / sum(b[2] for b in buttons))

        # one row, shrunk a little to fit; two rows where one would squeeze the labels
        lines = [row] if scale_of(row) >= 0.9 else [row[:(len(row) + 1) // 2],
                                                     row[(len(row) + 1) // 2:]]
        row_h = min(92, (h - top - 100 - 54 * (len(lines) - 1)) // max(1, len(self.games)))
        self.play_buttons, self.rules_buttons, self.resume_buttons = {}, {}, {}
        self.computer_buttons = {}
        self.rows = []
        # a card: the title (and the unfinished game) beside the buttons, the whole blurb on
        # the card's width under them, so no Resume words can cut the blurb short
        card_h = row_h - 10
        button_h, offset = (40, 8) if card_h >= 80 else ((34, 6) if card_h >= 62 else (28, 4))
        for i, spec in enumerate(self.games):
            y = top + i * row_h
            card = pygame.Rect(x, y, card_w, row_h - 10)
            self.rows.append((spec, card))
            middle = y + offset
            right = x + card_w - 10
            # laid out from the card's right end, each button as wide as its words; in a
            # language written right to left, from its left end, the title then at the right
            # where such a reader starts
            edge = [right]

            def card_button(text, least, look=None, tooltip=None):
                width = button_width(text, least)
                edge[0] -= width
                made = ui.button(self, ui.mirrored((edge[0], middle, width, button_h), card),
                                 text, look, tooltip=tooltip)
                edge[0] -= 8
                return made

            self.rules_buttons[spec.name] = card_button(_("Rules"), 90)
            self.play_buttons[spec.name] = card_button(
                _("Play"), 90,
                tooltip=_("Choose who plays {game} and how, then start").format(game=spec.title))
            level = self.app.settings["setups"].get(spec.name, {}).get("level", "medium")
            self.computer_buttons[spec.name] = card_button(
                _("Play the computer"), 180, "#primary",
                tooltip=_("A game of {game} against the computer ({level}) at once, set up as "
                          "last time").format(game=spec.title,
                                              level=ui.level_title(level)))
            kept = self.unfinished.get(spec.name)
            if kept is not None:
                self.resume_buttons[spec.name] = card_button(
                    _("Rejoin") if kept.network else _("Resume"), 100, "#primary",
                    tooltip=self.resume_tip(spec, kept))
        self.resume_button = self.open_button = None
        bottom = h - 70 - 54 * (len(lines) - 1)
        window = pygame.Rect(0, 0, w, h)
        for line in lines:
            scale = scale_of(line)
            widths = [int(b[2] * scale) for b in line]
            x = w // 2 - (sum(widths) + gap * (len(line) - 1)) // 2
            for (attr, text, _width, look, tip), width in zip(line, widths):
                setattr(self, attr, ui.button(self, ui.mirrored((x, bottom, width, 44), window),
                                              text, look, tooltip=tip))
                x += width + gap
            bottom += 54
        self.bottom_rows = len(lines)
        self.dialog = None

    @staticmethod
    def resume_tip(spec, kept) -> str:
        """The tooltip of a card's Resume (or Rejoin) button: whose game, how far it got."""
        if not kept.readable:
            return (_("Take your seat back in your {game} game over the network")
                    if kept.network else _("Carry on with your unfinished {game} game")).format(
                        game=spec.title)
        return (_("Take your seat back in your {game} game over the network: {players}, "
                  "move {n}") if kept.network else
                _("Carry on with your unfinished {game} game: {players}, move {n}")).format(
                    game=spec.title, players=kept.players(), n=number(kept.moves))

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
        if ui.pressed(event, self.join_button):
            self.app.stack.push("net.join")
            return
        for name, widget in self.play_buttons.items():
            if ui.pressed(event, widget):
                self.app.stack.push("setup", game_name=name)
                return
        for name, widget in self.rules_buttons.items():
            if ui.pressed(event, widget):
                self.app.stack.push("rules", game_name=name)
                return
        for name, widget in self.resume_buttons.items():
            if ui.pressed(event, widget):
                self.resume_unfinished(name)
                return
        for name, widget in self.computer_buttons.items():
            if ui.pressed(event, widget):
                self.play_computer(name)
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

        from .saves import ask_before_replacing
        try:
            scene = sgf_files.open_game(self.app, path)
        except (FileProblem, ValueError) as exc:
            self.notice = _("Could not open {name}: {problem}").format(
                name=isolated(Path(path).name), problem=exc)
            return
        self.notice = ""
        # the record plays on in its game's unfinished-game file, as a new game would
        ask_before_replacing(self.app, scene.spec.name, lambda: self.app.stack.push(scene))

    def open_saved_game(self, path) -> None:
        """Show a saved game (.callidus) move by move; a bad file is named with the reason
        and left as it is."""
        from pathlib import Path

        from game.core import shown
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
        self.notice = shown(_("Could not open {name}: {problem}").format(
            name=isolated(Path(path).name), problem=shown(why, 300, quoted=False)),
            600, quoted=False)

    def legacy_labels(self) -> list[str]:
        """The words of the button resuming an earlier version's unfinished game, fullest
        first ("Resume Calla (earlier): Ann v Blue (Hard), move 12"), then shorter ones for
        a small window; a file that cannot be read is offered all the same, so that Resume
        can set it aside and say why."""
        kept = self.legacy
        if kept is None or not kept.readable:
            return [_("Resume unfinished game")]
        n = number(kept.moves)
        return [_("Resume {game} (earlier): {players}, move {n}").format(
                    game=kept.title, players=kept.players(), n=n),
                _("Resume {game} (earlier): {players}, move {n}").format(
                    game=kept.title, players=kept.players(levels=False), n=n),
                _("Resume {game} (earlier), move {n}").format(game=kept.title, n=n)]

    def resume_unfinished(self, game: str | None = None) -> None:
        """Open the game left unfinished of ``game`` (None: the earlier version's file); a
        damaged file is set aside with a message.

        Whatever the file holds, the menu carries on: a file that cannot be resumed is
        moved to a new name (never over an earlier one) so the next press does not fail
        again, and the notice says why and where it went."""
        from game import GAMES
        from game.core import shown
        from game.files import FileProblem, read_json, set_aside
        from game.records.record import RecordProblem

        from .net.common import TicketProblem, read_ticket
        from .saves import legacy_unfinished_path, unfinished_path

        path = legacy_unfinished_path() if game is None else unfinished_path(game)
        self.app.writer.flush()             # the last save of a game just left
        try:
            record = read_json(path)
            if game is not None and isinstance(record, dict) and record.get("game") != game:
                other = shown(str(record.get("game")), 40, quoted=False)
                raise RecordProblem(_("it holds a game of {other}, not of {game}").format(
                    other=other, game=game))
            if game is not None and isinstance(record, dict) and "network" in record:
                # a seat at a board of a host: taken back from the host, which has the game
                ticket = read_ticket(record["network"])
                self.app.log(f"rejoin {game} board {ticket['board']}")
                if ticket["host"] is not None:
                    self.app.stack.push("net.hosting", resume=ticket, game_name=game)
                else:
                    self.app.stack.push("net.join", ticket=ticket)
                return
            scene = screen_class("play").from_record(self.app, record, save_path=path)
        except (RecordProblem, FileProblem, TicketProblem) as exc:
            why = str(exc)
        except Exception as exc:            # a check missed something: still never a crash
            why = f"{type(exc).__name__}: {exc}"
        else:
            self.app.log(f"resume {scene.spec.name} at ply {scene.cursor}")
            self.app.stack.push(scene)
            return
        why = shown(why, 160, quoted=False)   # a quoted value may be as long as the file
        title = None if game is None else GAMES[game].title
        try:
            kept = set_aside(path)
        except FileProblem as exc:
            text = (_("The unfinished game could not be read ({problem}); {trouble}.")
                    if title is None else
                    _("The unfinished {game} game could not be read ({problem}); {trouble}."))
            self.notice = shown(text.format(game=title, problem=why, trouble=exc), 600,
                                quoted=False)
        else:
            text = (_("The unfinished game could not be read and was kept as {name} "
                      "({problem}).") if title is None else
                    _("The unfinished {game} game could not be read and was kept as {name} "
                      "({problem})."))
            self.notice = shown(text.format(game=title, name=isolated(kept), problem=why), 600,
                                quoted=False)
        self.app.log("unfinished game set aside")
        self.resize()

    def play_computer(self, game: str) -> None:
        """Start a game of ``game`` against the computer at once: its last setup, at the
        computer's level last used for it (Medium the first time)."""
        from .saves import ask_before_replacing
        config = screen_class("setup").computer_game(self.app, game)
        self.app.log(f"play the computer at {game}")
        ask_before_replacing(self.app, game, lambda: self.app.stack.push("play", config=config))

    def unfinished_line(self, game: str, size: int, room: int) -> str:
        """What the card of ``game`` says of its unfinished game: the fullest words that fit
        ``room`` pixels at ``size``."""
        lines = self.unfinished[game].lines()
        fits = next((t for t in lines if assets.measure(t, size) <= room), None)
        if fits is not None:
            return fits
        # none fits: the fullest cut with an ellipsis (never mid-word against the buttons),
        # a name cut inside its isolation closed again so the words after it keep their place
        cut = assets.ellipsized(lines[0], size, max(0, room))
        opened = sum(cut.count(mark) for mark in "\u2066\u2067\u2068") - cut.count("\u2069")
        return cut + "\u2069" * max(0, opened)

    def _draw_card(self, surface, spec, rect) -> None:
        """A game's card: its title and (for a game left unfinished) who plays and how far
        it got, left of the buttons; under them the whole blurb, on the card's width."""
        buttons = [self.computer_buttons.get(spec.name), self.resume_buttons.get(spec.name)]
        # measured as laid out from the left (mirrored back in a language written right to
        # left), then placed from the right in such a language
        left = min(ui.mirrored(b.rect, rect).x for b in buttons if b is not None) \
            if any(buttons) else rect.right
        top = self.play_buttons[spec.name].rect
        title_size, size = (26, 15) if rect.height >= 76 else (
            (22, 14) if rect.height >= 62 else (20, 13))
        title_w = min(assets.measure(spec.title, title_size, bold=True), left - rect.x - 40)
        assets.text(surface, spec.title,
                    (ui.mirrored((rect.x + 22, 0, title_w, 0), rect).x, top.centery),
                    size=title_size, bold=True, colour=ui.TITLE, width=title_w, anchor="midleft")
        if spec.name in self.unfinished:
            room = left - rect.x - 22 - title_w - 16 - 12
            at = ui.mirrored((rect.x + 22 + title_w + 16, 0, room, 0), rect).x
            assets.text(surface, self.unfinished_line(spec.name, size, room),
                        (at, top.centery), size=size, colour=UNFINISHED, width=room,
                        anchor="midleft")
        width = rect.width - 44
        blurb = _(spec.blurb)      # marked where each game is described (N_)
        blurb_size = assets.fitting_size(blurb, size, width, smallest=11)
        blurb_y = top.bottom + (rect.bottom - top.bottom) // 2
        assets.text(surface, blurb, (rect.x + 22, blurb_y), size=blurb_size,
                    colour=ui.INK, anchor="midleft", width=width)

    def draw(self, surface) -> None:
        ui.table(surface)
        w = surface.get_width()
        compact = getattr(self, "compact", False)
        assets.text(surface, _("version {version}").format(version=VERSION),
                    (w - 12, surface.get_height() - 8), size=13, colour=ui.MUTED,
                    anchor="bottomright")
        ui.heading(surface, "Callidus", (w // 2, 44 if compact else 64), size=52 if compact else 64)
        assets.text(surface, _("Five abstract board games at one table. Pick a game to play."),
                    (w // 2, 94 if compact else 122), size=19, colour=ui.MUTED, anchor="center")
        for spec, rect in self.rows:
            ui.panel(surface, rect)
            self._draw_card(surface, spec, rect)
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
