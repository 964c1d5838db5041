"""The review screen: a played game, move by move, and the computer's analysis of it.

Opened with a game record (``game/records/record.py``) from the results screen,
the game library or a saved file: ``stack.push("review", record=..., kept_id=...)``.
The board is the game's own view with its input off; a step forward animates
the move as in play, any other change (back, a click on a move, the chart or
the slider) shows the position at once.  Hidden information is shown as it is
now known (``view.reveal``; the view says what in ``reveal_note``).

**Analyse** judges every position in a worker process (``game.ai.worker.Analyst``)
while the board stays in use; **Stop** keeps what was judged, and Analyse goes
on from there.  The chart under the board draws each player's chance to win;
a move after which the mover's chance fell sharply is a mistake, marked on the
chart, the slider and in the move list.  While the board shows the position a
mistake was made from, the computer's preferred move is its ghost (the Hint's)
and the status line gives both chances.

The analysis is kept with the game through a small seam: when the program has
a game library (``app.library``) and the game is kept in it (``kept_id``),
``library.get_analysis(kept_id)`` gives the stored analysis (plain JSON,
``game.ai.analysis``) and ``library.set_analysis(kept_id, data)`` keeps a new one,
so a game is analysed once.
"""

from __future__ import annotations

import random

import pygame
import pygame_gui

from game.ai import analysis
from game.ai.worker import Analyst
from game.core import score_text
from game.i18n import _, digits, isolated, left_to_right, ngettext, number, rtl

from . import assets, sgf_files, ui
from .play_sidebar import MoveLine, status_line
from .review_panels import MISTAKE, Chart, MoveList, Slider, percent, proven
from .stack import Scene
from .views import view_class

SIDE_W = 300
COMPUTER_LEVEL = "medium"      # who plays the other seats in "Play from here"
NOTE_STEP = 19                 # between the lines of the note (13-pixel words are 18 high)


def continue_config(config: dict, to_move: int, against_computer: bool) -> dict:
    """The play scene's config for a new game from a reviewed position: the same game,
    variant and rules, no clock; two at one screen (everyone human), or the player to
    move against the computer in every other seat."""
    seats = []
    computers = sum(1 for i in range(len(config["seats"])) if i != to_move)
    for i, seat in enumerate(config["seats"]):
        if against_computer and i != to_move:
            name = _("Computer") if computers == 1 else _("Computer {n}").format(n=i + 1)
            seats.append({"name": name, "kind": "computer", "level": COMPUTER_LEVEL})
        else:
            name = seat["name"] if seat.get("kind") == "human" else _("Player {n}").format(
                n=i + 1)
            seats.append({"name": name, "kind": "human"})
    new = {key: value for key, value in config.items() if key not in ("tournament",)}
    new.update(seats=seats, time_control=None)
    return new


def _level_title(level: str) -> str:
    from game.ai import LEVEL_TITLES
    return LEVEL_TITLES.get(level, level)


class ReviewScene(Scene):
    title = "review"

    def __init__(self, app, record: dict, kept_id=None):
        """``record``: a game record; RecordProblem (nothing opened) when it is damaged.
        ``kept_id``: the game's id in the library, where its analysis is kept."""
        super().__init__(app)
        spec, config, states, notation, cursor = analysis.replay_as_played(record)
        self.spec, self.config, self.states, self.notation = spec, config, states, notation
        self.record = record
        self.kept_id = kept_id
        self.variant = config.get("variant") or spec.variants[0]
        self.seats = config["seats"]
        self.view = view_class(spec.name)(app, spec, self.seats, self.variant)
        self.view.reveal = True
        self.move_texts = [
            MoveLine(self._name(before.to_move),
                     self.view.describe_move(before, spec.parse_move(before, text)))
            for before, text in zip(states, notation)]
        self.cursor = cursor
        self.view.set_state(states[cursor])
        self.moves = MoveList(self.move_texts)
        self.chart = Chart(self.view.player_colours, len(states))
        self.slider = Slider(len(states))
        self.analyst = Analyst()
        #: replaces the analysis level's budget (tests: ``{"iterations": 40, "seconds": None}``)
        self.budget: dict = {}
        self.analysis: dict | None = None
        self.marks: dict = {}            # move -> (mover, chance after) of each mistake
        self.notice = ""                 # a problem to show on the status line
        self.notice_ok = False           # the notice is good news (saved)
        self.choosing = False            # the "Play from here" choice is open
        self._load_analysis()
        self._refresh_ghost()
        self.moves.follow(cursor)

    def _name(self, player) -> str:
        if player is None or player >= len(self.seats):
            return "?"
        return self.seats[player]["name"]

    @property
    def state(self):
        return self.states[self.cursor]

    @property
    def last(self) -> int:
        return len(self.states) - 1

    # --- the library seam ------------------------------------------------------------
    def _library(self):
        """The game library keeping this game, or None (a saved file, no library)."""
        if self.kept_id is None:
            return None
        library = getattr(self.app, "library", None)     # a stand-in, where one is given
        if library is None:
            from .saves import library as user_library
            library = user_library()
        return library

    def _load_analysis(self) -> None:
        library = self._library()
        if library is None:
            return
        try:
            data = library.get_analysis(self.kept_id)
        except Exception as exc:    # the library's own failure: the review goes on without
            self.notice = _("Could not read the kept analysis: {problem}").format(problem=exc)
            return
        if data is None:
            return
        try:
            self.analysis = analysis.check(data, self.spec, self.states, self.notation)
        except analysis.AnalysisProblem as exc:
            self.notice = _("The kept analysis was set aside ({problem}); Analyse makes a new "
                            "one.").format(problem=exc)
            return
        self._refresh_marks()

    def _keep_analysis(self) -> None:
        library = self._library()
        if library is None or self.analysis is None:
            return
        try:
            library.set_analysis(self.kept_id, self.analysis)
        except Exception as exc:    # the library's own failure: the analysis stays on screen
            self.notice = _("Could not keep the analysis: {problem}").format(problem=exc)

    def _save_sgf(self, path) -> None:
        """The whole game (not only as far as shown) as Pentobi's ``.blksgf``."""
        from game.files import FileProblem
        try:
            saved = sgf_files.save_state(self.app, self.states[-1], self.seats, path)
        except FileProblem as exc:
            self.notice, self.notice_ok = _("Not saved: {problem}").format(problem=exc), False
            return
        self.notice, self.notice_ok = _("Saved as {path}").format(path=saved), True

    # --- moving through the game --------------------------------------------------------
    def go(self, index: int, animate: bool = False) -> None:
        """Show position ``index``; ``animate`` a single step forward as in play."""
        index = max(0, min(self.last, index))
        if index == self.cursor:
            return
        old = self.state
        self.view.finish_animation()
        step = animate and index == self.cursor + 1
        self.cursor = index
        self.view.set_state(self.state, previous=old if step else None)
        self.moves.follow(index)
        self._refresh_ghost()
        self._refresh_buttons()

    def _refresh_ghost(self) -> None:
        """The preferred move as a ghost where a marked move is about to be played."""
        self.view.hint_move = None
        fig = self._figure(self.cursor + 1)
        if fig is None or not fig["mistake"]:
            return
        try:
            move = self.spec.parse_move(self.state, fig["best"])
        except ValueError:
            return
        self.view.show_hint(move)

    def _figure(self, move: int):
        """The analysis figures of move ``move`` (1 first), or None."""
        if self.analysis is None or not 1 <= move <= len(self.notation):
            return None
        return self._figures[move - 1]

    # --- analysis -------------------------------------------------------------------------
    @property
    def analysing(self) -> bool:
        return self.analyst.thinking

    def analyse(self) -> None:
        if self.analysing:
            return
        if self.analysis is None:
            self.analysis = analysis.empty(self.spec, self.states, self.notation)
            self._refresh_marks()
        todo = [(i, self.states[i].position())
                for i, entry in enumerate(self.analysis["positions"]) if entry is None]
        if not todo:
            return
        self.notice, self.notice_ok = "", False
        self.analyst.start(self.spec.name, todo, self.analysis["level"],
                           seed=random.randrange(2**31), **self.budget)
        self.app.log(f"analyse {self.spec.name} {len(todo)} positions")
        self._refresh_buttons()

    def stop(self) -> None:
        """Stop analysing; what was judged is kept, and Analyse goes on from there."""
        if not self.analysing:
            return
        self._take_figures()
        if self.analysing:
            self.analyst.cancel()
            self._keep_analysis()
            self._refresh_buttons()

    def _take_figures(self) -> None:
        arrived = self.analyst.poll()
        for index, entry in arrived:
            self.analysis["positions"][index] = entry
        if arrived:
            self._refresh_marks()
            self._refresh_ghost()
        if not self.analyst.thinking:
            if self.analyst.error:
                self.notice = _("The analysis stopped: {problem}").format(
                    problem=self.analyst.error.strip().splitlines()[-1])
                self.notice_ok = False
                self.app.log(f"analysis error {self.notice}")
            self._keep_analysis()
            self._refresh_buttons()

    def _refresh_marks(self) -> None:
        self._figures = analysis.figures(self.analysis)
        self.marks = {f["ply"]: (f["player"], f["after"][f["player"]])
                      for f in self._figures if f["mistake"]}
        self.moves.marked = set(self.marks)

    @property
    def judged(self) -> int:
        return sum(1 for e in self.analysis["positions"] if e is not None) if self.analysis else 0

    # --- play from here ---------------------------------------------------------------------
    def play_from_here(self, against_computer: bool) -> None:
        state = self.state
        if state.is_over or state.to_move is None:
            return
        self.choosing = False
        config = continue_config(self.config, state.to_move, against_computer)
        self.app.log(f"play from ply {self.cursor} "
                     + ("against the computer" if against_computer else "two at one screen"))
        from .saves import ask_before_replacing
        ask_before_replacing(self.app, config["game"],
                             lambda: self.app.stack.push("play", config=config, state=state))

    # --- widgets ----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        window = pygame.Rect(0, 0, w, h)
        # the sidebar (seats, moves) where the language's lines end; the board, chart and
        # controls keep their order, the game running from its start at the left
        side = ui.mirrored((w - SIDE_W - 12, 12, SIDE_W, h - 24), window)
        left_w = w - SIDE_W - 44
        x0 = ui.mirrored((16, 0, left_w, 0), window).x
        self.status_rect = pygame.Rect(x0, h - 50, left_w, 36)
        controls_y = self.status_rect.y - 50
        chart_h = max(96, min(200, int(h * 0.19)))
        self.chart.place((x0, controls_y - 10 - chart_h, left_w, chart_h))
        self.board_rect = pygame.Rect(x0, 16, left_w, self.chart.rect.y - 26)
        self.view.input_enabled = True           # laid out as in play (trays and all)
        self.view.layout(self.board_rect)
        self.view.input_enabled = False
        bw = 58
        # the game runs from the left in every language: its arrows are never mirrored
        self.first_button = ui.button(self, (x0, controls_y, bw, 40), left_to_right("|<"),
                                      tooltip=_("The start of the game (Home)"))
        self.back_button = ui.button(self, (x0 + bw + 6, controls_y, bw, 40),
                                     left_to_right("<"), tooltip=_("One move back (Left)"))
        self.last_button = ui.button(self, (x0 + left_w - bw, controls_y, bw, 40),
                                     left_to_right(">|"), tooltip=_("The end of the game (End)"))
        self.forward_button = ui.button(self, (x0 + left_w - 2 * bw - 6, controls_y, bw, 40),
                                        left_to_right(">"),
                                        tooltip=_("One move forward (Right)"))
        self.slider.place((x0 + 2 * bw + 18, controls_y, left_w - 4 * bw - 36, 40))

        self.side = side
        x, inner = side.x + 14, side.width - 28
        half = (inner - 10) // 2
        self.sgf_button = None
        play_w = half if sgf_files.exportable(self.spec) else inner
        self.play_button = ui.button(self, (x, side.bottom - 56, play_w, 42),
                                     _("Play from here"),
                                     tooltip=_("A new game from the position shown"))
        if sgf_files.exportable(self.spec):
            self.sgf_button = ui.button(self, (x + half + 10, side.bottom - 56, half, 42),
                                        _("Save .blksgf"),
                                        tooltip=_("Save the whole game as a Pentobi record"))
        self.dialog = None
        self.analyse_button = ui.button(self, (x, side.bottom - 108, half, 42), _("Analyse"),
                                        "#primary",
                                        tooltip=_("The computer judges every position of the "
                                                  "game"))
        self.close_button = ui.button(self, (x + half + 10, side.bottom - 108, half, 42),
                                      _("Back"), tooltip=_("Close the review (Esc)"))
        self.progress_rect = pygame.Rect(x, side.bottom - 152, inner, 34)
        self._place_side()
        self.choice_buttons = ()
        if self.choosing:
            box = pygame.Rect(0, 0, min(380, self.board_rect.width - 20), 236)
            box.center = self.board_rect.center
            self.choice_box = box
            bx, width = box.x + 30, box.width - 60
            self.two_button = ui.button(self, (bx, box.y + 70, width, 42),
                                        _("Two at one screen"))
            self.computer_button = ui.button(
                self, (bx, box.y + 122, width, 42), _("Against the computer"),
                tooltip=_("The computer ({level}) plays every other seat").format(
                    level=_level_title(COMPUTER_LEVEL)))
            self.cancel_button = ui.button(self, (bx, box.y + 174, width, 42), _("Cancel"))
            self.choice_buttons = (self.two_button, self.computer_button, self.cancel_button)
        self._refresh_buttons()

    def _place_side(self) -> None:
        """Where the sidebar's seats, note and move list go."""
        side = self.side
        x, inner = side.x + 14, side.width - 28
        y = side.y + 52
        self.seat_rows = []
        for _seat in self.seats:
            self.seat_rows.append(pygame.Rect(x, y, inner, 44))
            y += 50
        self.note_lines = assets.wrap(self.view.reveal_note, 13, inner) if self.view.reveal_note \
            else []
        self.note_y = y
        y += NOTE_STEP * len(self.note_lines) + (8 if self.note_lines else 0)
        self.moves_label_y = y
        top = y + 24
        bottom = self.progress_rect.y - 20
        self.moves.place((x, top, inner, max(20, (bottom - top) // 20 * 20)))
        self.moves.follow(self.cursor)

    def _refresh_buttons(self) -> None:
        if not self.widgets:
            return
        choosing = self.choosing
        for button, on in ((self.first_button, self.cursor > 0),
                           (self.back_button, self.cursor > 0),
                           (self.forward_button, self.cursor < self.last),
                           (self.last_button, self.cursor < self.last),
                           (self.play_button, not self.state.is_over),
                           (self.close_button, True),
                           (self.analyse_button, self.analysing
                            or self.analysis is None or self.judged < len(self.states))):
            if on and not choosing:
                button.enable()
            else:
                button.disable()
        text = _("Stop") if self.analysing else _("Analyse")
        if self.analyse_button.text != text:
            self.analyse_button.set_text(text)

    def _open_choice(self, open_it: bool) -> None:
        self.choosing = open_it
        self.resize()

    # --- events --------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            self._save_sgf(event.text)
            return
        if self.dialog is not None and self.dialog.alive():
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.kill()          # Esc closes the dialog, not the review
                self.dialog = None
            return
        if self.sgf_button is not None and ui.pressed(event, self.sgf_button):
            self.dialog = sgf_files.save_dialog(self, None)
            return
        if self.choosing:
            self._handle_choice(event)
            return
        if ui.pressed(event, self.first_button):
            self.go(0)
        elif ui.pressed(event, self.back_button):
            self.go(self.cursor - 1)
        elif ui.pressed(event, self.forward_button):
            self.go(self.cursor + 1, animate=True)
        elif ui.pressed(event, self.last_button):
            self.go(self.last)
        elif ui.pressed(event, self.analyse_button):
            if self.analysing:
                self.stop()
            else:
                self.analyse()
        elif ui.pressed(event, self.play_button):
            self._open_choice(True)
        elif ui.pressed(event, self.close_button):
            self.app.stack.pop()
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.slider.dragging:
            self.go(self.slider.hit(event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.slider.dragging = False
        elif event.type == pygame.MOUSEWHEEL:
            if self.moves.rect.collidepoint(self.app.mouse_pos()):
                self.moves.scroll(-event.y * 3)

    def _key(self, key) -> None:
        if key == pygame.K_LEFT:
            self.go(self.cursor - 1)
        elif key == pygame.K_RIGHT:
            self.go(self.cursor + 1, animate=True)
        elif key == pygame.K_HOME:
            self.go(0)
        elif key == pygame.K_END:
            self.go(self.last)
        elif key == pygame.K_ESCAPE:
            self.app.stack.pop()

    def _click(self, pos) -> None:
        for part in (self.moves, self.chart):
            index = part.hit(pos)
            if index is not None:
                if part is self.chart and self.analysis is None:
                    return
                self.go(index)
                return
        index = self.slider.hit(pos)
        if index is not None:
            self.slider.dragging = True
            self.go(index)

    def _handle_choice(self, event) -> None:
        if ui.pressed(event, self.two_button):
            self.play_from_here(against_computer=False)
        elif ui.pressed(event, self.computer_button):
            self.play_from_here(against_computer=True)
        elif ui.pressed(event, self.cancel_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self._open_choice(False)

    # --- lifecycle ----------------------------------------------------------------------
    def pause(self) -> None:
        # a game started from here is not slowed by an analysis behind it; Analyse goes on
        self.stop()
        self.choosing = False
        super().pause()

    def leave(self) -> None:
        self.stop()
        self.analyst.close()
        super().leave()

    def update(self, dt: float) -> None:
        self.view.update(dt)
        if self.analysing:
            self._take_figures()

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        self.view.draw(surface)
        positions = self.analysis["positions"] if self.analysis else None
        self.chart.draw(surface, positions, self.marks, self.cursor,
                        _("Analyse: the computer judges every position, and this chart shows "
                          "each player's chance to win after every move."))
        self.slider.draw(surface, self.cursor, self.marks)
        self._draw_status(surface)
        self._draw_side(surface)
        if self.choosing:
            self._draw_choice(surface)

    def status_text(self) -> str:
        """The status line: where the review stands, the chances there, and what the
        analysis says of the move about to be played or just played."""
        fig_next = self._figure(self.cursor + 1)
        if fig_next is not None and fig_next["mistake"]:
            mover = fig_next["player"]
            best = self._described(self.cursor, fig_next["best"])
            played = self._described(self.cursor, fig_next["move"])
            before, after = self._margin(self.cursor), self._margin(self.cursor + 1)
            if before is not None and after is not None:      # a proven result thrown away
                return _("Next, {name} plays {move}: a mistake (before it: {before}; after "
                         "it: {after}). The computer prefers {best}, shown on the board.").format(
                    name=isolated(self._name(mover)), move=played, best=best,
                    after=proven(after, mover), before=proven(before, mover))
            return _("Next, {name} plays {move} ({after} to win after it): a mistake. The "
                     "computer prefers {best}, shown on the board ({before}).").format(
                name=isolated(self._name(mover)), move=played, best=best,
                after=percent(fig_next["after"][mover]), before=percent(fig_next["before"][mover]))
        fig = self._figure(self.cursor)
        if fig is not None and fig["mistake"]:
            mover = fig["player"]
            before, after = self._margin(self.cursor - 1), self._margin(self.cursor)
            if before is not None and after is not None:
                text = _("Move {n}, a mistake by {name} (before it: {before}; after it: "
                         "{after}); the computer preferred {best} (one move back shows it).")
                return text.format(
                    n=number(self.cursor), name=isolated(self._name(mover)),
                    before=proven(before, mover), after=proven(after, mover),
                    best=self._described(self.cursor - 1, fig["best"]))
            return _("Move {n}, a mistake: {name}'s chance fell from {before} to {after}; the "
                     "computer preferred {best} (one move back shows it).").format(
                n=number(self.cursor), name=isolated(self._name(mover)),
                before=percent(fig["before"][mover]), after=percent(fig["after"][mover]),
                best=self._described(self.cursor - 1, fig["best"]))
        where = (_("The start of the game.") if self.cursor == 0 else
                 _("Move {n} of {total}: {move}.").format(
                     n=number(self.cursor), total=number(self.last),
                     move=self.move_texts[self.cursor - 1]))
        if self.state.is_over:
            where += " " + (self.state.end_reason or _("The game is over."))
        return where

    def _margin(self, index: int):
        """Player A's final margin with best play at position ``index``, where the
        analysis proved it (Calla's tables and exact search), else None."""
        entry = self.analysis["positions"][index] if self.analysis else None
        return entry.get("margin") if entry else None

    def _described(self, index: int, text: str) -> str:
        state = self.states[index]
        try:
            return self.view.describe_move(state, self.spec.parse_move(state, text))
        except ValueError:
            return text

    def _draw_status(self, surface) -> None:
        status_line(surface, self.status_rect, self.notice or self.status_text(),
                    problem=bool(self.notice) and not self.notice_ok,
                    size=16)

    def _draw_side(self, surface) -> None:
        side = self.side
        ui.panel(surface, side)
        x, inner = side.x + 14, side.width - 28
        title = _("Review: {game}").format(game=self.spec.variant_title(self.variant))
        assets.text(surface, title, (x, side.y + 14), bold=True, colour=ui.TITLE,
                    size=assets.fitting_size(title, 22, inner, bold=True), width=inner)
        state = self.state
        entry = self.analysis["positions"][self.cursor] if self.analysis else None
        for player, row in enumerate(self.seat_rows):
            colour = self.view.player_colours[player % len(self.view.player_colours)]
            if state.to_move == player:
                pygame.draw.rect(surface, colour, row, 2, border_radius=8)
            pygame.draw.circle(surface, colour, ui.mirrored((row.x + 14, row.y + 15, 0, 0),
                                                            row).topleft, 8)
            name = self._name(player)
            words = ui.mirrored((row.x + 28, row.y, row.width - 90, 0), row)
            assets.text(surface, name, (words.x, row.y + 4), bold=True, colour=ui.INK,
                        size=assets.fitting_size(name, 17, row.width - 90, bold=True),
                        width=words.width)
            if entry is not None and entry.get("margin") is not None:
                line = proven(entry["margin"], player)
            elif entry is not None:
                chance = percent(entry["chances"][player])
                line = (_("{percent} to win (proven)") if entry["exact"] else
                        _("{percent} to win")).format(percent=chance)
            else:
                line = _("to move") if state.to_move == player else ""
            assets.text(surface, line, (words.x, row.y + 25), size=13, width=words.width,
                        colour=colour if state.to_move == player else ui.MUTED)
            score = state.scores[player] if player < len(state.scores) else ""
            at = ui.mirrored((row.right - 8, row.centery, 0, 0), row)
            assets.text(surface, digits(score_text(score)), at.topleft, size=26, bold=True,
                        colour=ui.TITLE, anchor="midleft" if rtl() else "midright")
        y = self.note_y
        for line in self.note_lines:
            assets.text(surface, line, (x, y), size=13, colour=(240, 200, 150), width=inner)
            y += NOTE_STEP
        assets.text(surface, _("Moves"), (x, self.moves_label_y), size=16, bold=True,
                    colour=ui.MUTED, width=inner)
        self.moves.draw(surface, self.cursor)
        self._draw_progress(surface)

    def _draw_progress(self, surface) -> None:
        r = self.progress_rect
        total = len(self.states)
        judged = self.judged
        if self.analysing:
            bar = pygame.Rect(r.x, r.y + 20, r.width, 12)
            pygame.draw.rect(surface, (58, 44, 34), bar, border_radius=6)
            done = pygame.Rect(bar.x, bar.y, round(bar.width * judged / total), bar.height)
            pygame.draw.rect(surface, (216, 154, 72), done, border_radius=6)
            text = ngettext("Analysing: {judged} of {total} position",
                            "Analysing: {judged} of {total} positions", total).format(
                judged=number(judged), total=number(total))
        elif self.analysis is None:
            text = _("Not analysed yet.")
        elif judged < total:
            text = ngettext("Stopped at {judged} of {total} position; Analyse goes on.",
                            "Stopped at {judged} of {total} positions; Analyse goes on.",
                            total).format(judged=number(judged), total=number(total))
        else:
            count = len(self.marks)
            text = (_("No mistakes found.") if not count else
                    ngettext("{n} mistake marked in red.", "{n} mistakes marked in red.",
                             count).format(n=number(count)))
        colour = MISTAKE if self.marks and not self.analysing and judged == total else ui.MUTED
        assets.text(surface, text, (r.x, r.y), size=assets.fitting_size(text, 14, r.width),
                    colour=colour, width=r.width)

    def _draw_choice(self, surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 120))
        surface.blit(dim, (0, 0))
        box = self.choice_box
        ui.panel(surface, box, alpha=240)
        title = (_("Play on from the start") if self.cursor == 0 else
                 _("Play on from move {n}").format(n=number(self.cursor)))
        assets.text(surface, title, (box.centerx, box.y + 24), bold=True, colour=ui.TITLE,
                    anchor="midtop", size=assets.fitting_size(title, 24, box.width - 30,
                                                              bold=True))
