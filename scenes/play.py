"""The play scene: one game in progress, for any game of the contract.

The game itself (its moves, undo and redo, the clocks, Calla's game timer, how it
ended, its record) is a ``game.session.Session``, which the scene asks for all of
it; the board belongs to the game's view; the scene owns what is about the screen:
the workers thinking for computer seats, hints and draw offers, the moves as the
move list words them, banners, sounds, and keeping the game on disk.  It holds a
``Sidebar`` (``play_sidebar``) that draws the sidebar and the status line.
Data flows one way: input -> view -> move -> ``session.play`` -> new state
-> ``view.set_state``.
"""

from __future__ import annotations

import random

import pygame

from game import GAMES
from game.ai.worker import Thinker
from game.i18n import _, isolated
from game.session import Session

from . import ui
from .play_sidebar import MoveLine, Sidebar, refusal
from .stack import Scene
from .views import view_class

SIDEBAR_W = 300
COMPUTER_PAUSE = 0.6   # seconds a computer's move waits, so people can follow
RESULTS_PAUSE = 1.4    # seconds the finished board stays before the results come
WORKER_POLL = 0.05     # seconds between looks at a worker thinking (a computer seat, a hint)
#: A computer accepts a draw offer when its own chance to win, as the analysis judges the
#: position at its level, is at most this: the game is close to even, or worse for it.
DRAW_ACCEPT = 0.55


def board_area(size) -> pygame.Rect:
    """Where the board view goes in a window of ``size`` (the rest is the sidebar and status)."""
    w, h = size
    return pygame.Rect(16, 16, w - SIDEBAR_W - 44, h - 72)


def hints_allowed(config: dict) -> bool:
    """Whether the Hint button is offered: a hint is a training aid, so never in a tournament
    game, and in a game with clocks only when the setup allowed it."""
    if "tournament" in config:
        return False
    if config.get("time_control"):
        return config.get("hints") is True
    return config.get("hints", True) is not False


class PlayTime:
    """The play scene's own time, the source its session reads: it runs only while the
    scene is updated (not under the pause menu) and stands still while a computer weighs
    a draw offer, so no clock or game timer runs then."""

    def __init__(self):
        self.seconds = 0.0

    def __call__(self) -> float:
        return self.seconds


class PlayScene(Scene):
    title = "play"

    def __init__(self, app, config: dict, state=None, seed: int | None = None, on_finish=None,
                 keeper=None, save_path=None, session: Session | None = None,
                 play_time: PlayTime | None = None, remote=None):
        super().__init__(app)
        # a board of a host (scenes/net/remote.py): its session and its keeper are the
        # network's, and it is asked every frame as a computer's worker is polled
        self.remote = remote
        if remote is not None:
            session, keeper = remote.session, remote.keeper
        self.config = config
        self.on_finish = on_finish   # called with the outcome when the game ends (tournaments)
        # keeper(record) keeps the game in progress, keeper(None) drops it when it is over;
        # by default the game goes to its game's unfinished-game file, which the menu resumes
        self.keeper = keeper
        from .saves import unfinished_path
        self.save_path = (save_path or unfinished_path(config["game"])) if keeper is None else None
        # the file holds this game (it was resumed from it, or this game has written it): only
        # then does the end of this game remove it
        self.owns_save = False
        self.spec = GAMES[config["game"]]
        self.variant = config.get("variant") or self.spec.variants[0]
        self.seats = config["seats"]
        # Clocks and the game timer run on the scene's own play time, so a pause stops them
        # (``session``: a game carried on, made on ``play_time``).
        self.time = play_time or PlayTime()
        self.session = session or Session.from_config(config, state=state, seed=seed,
                                                      now=self.time)
        # move_texts[i] (what the move list shows) words the move from history[i]
        self.move_texts: list[str] = []
        # the ply whose move the board is still playing out: until it lands, the sidebar and
        # the status line show the position before it
        self.landing: int | None = None
        self.played_here = False     # a move was made (or a flag fell) here, not only redone
        self.kept_id: str | None = None   # the finished game's id in the game library
        self.final_record: dict | None = None   # the finished game as kept and offered to save
        self.view = view_class(self.spec.name)(app, self.spec, self.seats, self.variant)
        self.view.set_state(self.state)
        # each player as the end of the game names them: "Ann (Blue)"
        self.labels = self.view.player_labels(self.seats, self.variant)
        self.session.labels = self.labels
        self.sidebar = Sidebar(self.spec.variant_title(self.variant), self.seats,
                               self.view.player_colours, self.view.seat_colours(),
                               self.view.seat_marks())
        self.thinker = Thinker()
        self.hinter = Thinker()      # a separate worker, so a hint never delays a computer seat
        self.hint_for = None         # the ply a hint is being worked out for
        self.hints_allowed = hints_allowed(config)
        self.computer_wait = 0.0
        self.pending_computer_move = None
        self.end_delay = 0.0
        self.notice = ""
        self.save_notice = ""        # the writer's last failure to keep the game, if any
        self.draw_offer = None             # (offerer, ply) while a computer weighs a draw offer
        self.draw_words = None             # (ply, text): the answer to the last offer, that ply
        self.draw_declined: int | None = None   # the ply a draw offer was declined at
        self.judge = None                  # the worker that weighs a draw offer, once asked
        self.warned: set[int] = set()
        if remote is not None:
            remote.attach(self)
        self.app.log(f"start {self.spec.name} {self.variant} " + " vs ".join(
            s["name"] + (f" (computer {s.get('level', 'random')})" if s.get("kind") == "computer"
                         else "") for s in self.seats))

    # --- the game, as its session has it ------------------------------------------------
    @property
    def state(self):
        return self.session.state

    @property
    def cursor(self) -> int:
        """The ply shown: the index of ``state`` in ``history``."""
        return self.session.ply

    @cursor.setter
    def cursor(self, ply: int) -> None:
        self.session.ply = ply

    @property
    def history(self) -> list:
        return self.session.history

    @history.setter
    def history(self, states: list) -> None:
        self.session.history = states

    @property
    def notation(self) -> list:
        """The canonical text of each move in ``history``."""
        return self.session.notation

    @notation.setter
    def notation(self, texts: list) -> None:
        self.session.notation = texts

    @property
    def clock(self):
        return self.session.clock

    @property
    def timer(self) -> float | None:
        """Seconds left on the game timer, None without one."""
        timer = self.session.timer
        return None if timer is None else timer.remaining()

    @property
    def clocks(self) -> list:
        return self.session.clocks

    @property
    def times(self) -> list:
        return self.session.times

    @property
    def time_called_ply(self) -> int | None:
        return self.session.time_called_ply

    @property
    def flagged(self) -> int | None:
        return self.session.flagged

    @flagged.setter
    def flagged(self, player: int | None) -> None:
        self.session.flagged = player

    @property
    def resigned(self) -> int | None:
        return self.session.resigned

    @property
    def agreed(self) -> bool:
        return self.session.agreed

    @property
    def played_before(self) -> float:
        """Seconds the game was played in the sittings before this one."""
        return self.session.played_before

    @property
    def play_time(self) -> float:
        """Seconds this scene has been played (the time its clocks run on)."""
        return self.time.seconds

    @property
    def panel_ply(self) -> int:
        """The ply the sidebar and status line show: the one before the move the board is
        still animating, so scores and turns change when the move lands, not before."""
        if self.landing is not None and self.landing == self.cursor > 0 and self.view.busy:
            return self.cursor - 1
        return self.cursor

    @property
    def finished(self) -> bool:
        """The game is over: by the rules, a flag fall, a resignation or an agreed draw."""
        return self.session.finished

    def outcome(self) -> dict:
        """How the game ended (``Session.outcome``), naming the players by ``labels``."""
        return self.session.outcome

    # --- widgets -----------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        side = pygame.Rect(w - SIDEBAR_W - 12, 12, SIDEBAR_W, h - 24)
        board = board_area((w, h))
        self.view.layout(board)
        # the seats' colours as the board draws them now (the palette may have changed in
        # the settings while this game was paused)
        self.sidebar.colours = self.view.player_colours
        self.sidebar.seat_colours = self.view.seat_colours()
        self.sidebar.place(side, pygame.Rect(16, h - 50, board.width, 36))
        bx, by = side.x + 14, side.bottom - 56
        bw = (SIDEBAR_W - 28 - 20) // 3
        # Undo, Redo, Menu: from the right in a language written right to left
        self.undo_button = ui.button(self, ui.mirrored((bx, by, bw, 42), side), _("Undo"),
                                     tooltip=_("Take back a move"))
        self.redo_button = ui.button(self, ui.mirrored((bx + bw + 10, by, bw, 42), side),
                                     _("Redo"))
        self.menu_button = ui.button(self, ui.mirrored((bx + 2 * (bw + 10), by, bw, 42), side),
                                     _("Menu"), tooltip=_("Pause: rules, restart, quit (Esc)"))
        self.hint_button = ui.button(self, (bx, by - 52, SIDEBAR_W - 28, 42), _("Hint"),
                                     tooltip=_("Show the move a Medium computer player would "
                                               "make"))
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        if not self.widgets:
            return
        if not self.hints_allowed:
            self.hint_button.hide()
        elif self._can_hint():
            self.hint_button.enable()
        else:
            self.hint_button.disable()
        if self._can_undo():
            self.undo_button.enable()
        else:
            self.undo_button.disable()
        if self._can_redo():
            self.redo_button.enable()
        else:
            self.redo_button.disable()

    # --- seats -------------------------------------------------------------------
    def seat_of(self, player):
        return self.seats[player] if player is not None and player < len(self.seats) else None

    def computer_to_move(self) -> bool:
        seat = self.seat_of(self.state.to_move)
        return seat is not None and seat["kind"] == "computer"

    def has_computer(self) -> bool:
        return any(s["kind"] == "computer" for s in self.seats)

    # --- moves, undo, redo -------------------------------------------------------
    def apply(self, move, text: str | None = None) -> bool:
        """Play ``move`` (from the board, or a computer's answer with its ``text``); a move
        the session refuses is said in the status line."""
        was_over, before = self.finished, self.state
        try:
            text = self.session.play(move, text=text)
        except ValueError as exc:
            self.view.status = _("Not allowed: {problem}").format(problem=exc)
            if self.finished and not was_over:      # a flag fell as the move was made
                self._time_news(before)
            return False
        old, new = self.history[self.cursor - 1], self.state
        del self.move_texts[self.cursor - 1:]
        self.move_texts.append(self.move_words(old, move))
        self._drop_hint()
        self.view.set_state(new, previous=old)
        self.landing = self.cursor
        self.app.log(f"move {len(self.move_texts)} {self.spec.name} player {old.to_move} {text}")
        self.played_here = True
        if new.is_over:
            self._log_result(new)
        self._refresh_buttons()
        self.autosave()
        return True

    def move_words(self, before, move) -> str:
        """A line of the move list: who played ``move`` from ``before``, and the move."""
        return MoveLine(self.seats[before.to_move]["name"], self.view.describe_move(before, move))

    def _word_moves(self) -> list[str]:
        """The move list's lines of every move played, worded anew (a game read from a
        file, a change of language)."""
        return [self.move_words(before, self.spec.parse_move(before, text))
                for before, text in zip(self.history, self.notation)]

    def relabel(self) -> None:
        """The language was changed: the players' labels and the move list in its words."""
        self.labels = self.view.player_labels(self.seats, self.variant)
        self.session.labels = self.labels
        try:
            self.move_texts = self._word_moves()
        except (ValueError, TypeError, KeyError, IndexError):
            pass        # kept as they were worded (the game was read and checked)

    def _drop_hint(self) -> None:
        if self.hint_for is not None:
            self.hinter.cancel()
            self.hint_for = None

    def _follow_moves(self) -> None:
        """Forget the words of moves the session forgot (taken back, then replaced)."""
        del self.move_texts[len(self.notation):]

    # --- the unfinished game on disk ---------------------------------------------
    def record(self, finished: bool = False) -> dict:
        """The game as a record; ``finished``: up to the position shown, with the result."""
        return self.session.record(finished=finished)

    def _report_finish(self, outcome=None) -> None:
        """Hand the outcome to whoever waits for it (a tournament's round), once, as soon as
        the game is over: the board's kept game is cleared at the same moment, so a player who
        leaves before the results come must not take the result with them."""
        if self.on_finish is not None:
            finish, self.on_finish = self.on_finish, None
            finish(outcome or self.outcome())

    def _keep_finished(self) -> None:
        """Keep the game in the game library, once, when it is over (a game only replayed
        with Redo from a file is not a new game)."""
        if self.kept_id is not None or not self.played_here:
            return
        from .saves import keep_in_library
        self.final_record = self.record(finished=True)
        self.kept_id = keep_in_library(self.app, self.final_record)
        self.app.log(f"kept {self.spec.name} in the game library")

    def autosave(self) -> None:
        """Keep the game on disk after every change, so a crash or a closed window loses nothing.

        The unfinished-game file (or, for a tournament board, the keeper's row) is handed to
        the app's background writer: the frame that plays a move never waits for the disk (a
        failure shows up in ``update``).  The writer puts the move in the file's quick copy at
        once, never behind the disk's flush of this or an earlier write, so a kill a moment
        later still finds it (``game.writer``).  A game over removes the file only if it
        holds this game: a game that ends before its first move leaves the older one there."""
        from game.files import FileProblem
        from game.tournament.store import StoreError
        if self.finished:
            self._keep_finished()
            self._report_finish()
        try:
            if self.keeper is not None:
                self.keeper(None if self.finished else self.record())
            elif self.finished:
                if self.owns_save:
                    self.app.writer.remove(self.save_path)
            elif not self.notation:     # no move made: nothing to resume, an older game stays
                pass
            else:
                self.app.writer.write_json(self.save_path, self.record(), quick_copy=True)
                self.owns_save = True
        except (FileProblem, StoreError, OSError) as exc:   # say so, and keep playing
            self.notice = _("Could not keep the game on disk: {problem}").format(problem=exc)

    def _check_saved(self) -> None:
        """Show (or clear) a failure of the background writer to keep the game."""
        key = self.save_path if self.keeper is None else getattr(self.keeper, "key", None)
        if key is None:
            return
        problem = self.app.writer.problem(key)
        text = (_("Could not keep the game on disk: {problem}").format(problem=problem)
                if problem else "")
        if text != self.save_notice:
            if self.notice == self.save_notice:
                self.notice = text
            self.save_notice = text

    @classmethod
    def from_record(cls, app, record: dict, on_finish=None, keeper=None, save_path=None):
        """The play scene of a saved game, exactly where it was left; ``save_path``: the
        unfinished-game file it was read from, where the game goes on being kept.

        Everything is checked before the scene is built (``Session.from_record``: the game,
        its config and every move, the timer, the clock and the time played); a damaged
        record raises ``RecordProblem`` naming the field, and nothing fails later.
        """
        from game.records.record import RecordProblem
        play_time = PlayTime()
        session = Session.from_record(record, now=play_time)
        scene = cls(app, session.config, on_finish=on_finish, keeper=keeper,
                    save_path=save_path, session=session, play_time=play_time)
        scene.owns_save = save_path is not None
        try:
            scene.move_texts = scene._word_moves()
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise RecordProblem(f"a move cannot be shown: {exc}") from None
        return scene

    def _log_result(self, state) -> None:
        winner = self.outcome()["winner"]
        who = "draw" if winner is None else f"winner {winner} {self.seats[winner]['name']}"
        self.app.log(f"over {self.spec.name} {who} scores {list(state.scores)}")

    def _can_hint(self) -> bool:
        seat = self.seat_of(self.state.to_move)
        return (self.hints_allowed and seat is not None and seat["kind"] == "human"
                and self.hint_for is None)

    def ask_hint(self) -> None:
        if not self._can_hint():
            return
        from game.ai import LEVELS
        level = "medium" if "medium" in LEVELS else LEVELS[-1]
        self.hint_for = self.cursor
        self.hinter.start(self.spec.name, self.state.position(), level,
                          seed=random.randrange(2**31))
        self.view.status = _("Looking for a good move...")
        self._refresh_buttons()

    def _poll_hint(self) -> None:
        if self.hint_for is None:
            return
        answer = self.hinter.poll()
        if answer is None:
            return
        text, error = answer
        asked, self.hint_for = self.hint_for, None
        self._refresh_buttons()
        if error or asked != self.cursor or text is None:
            return
        try:
            move = self.spec.parse_move(self.state, text)
        except ValueError:
            return
        self.view.show_hint(move)
        self.view.status = _("Hint: {move}").format(move=self.view.hint_words(self.state, move))

    def _can_undo(self) -> bool:
        return self.session.can_undo

    def _can_redo(self) -> bool:
        return self.session.can_redo

    def undo(self) -> None:
        if not self._can_undo():
            return
        self.thinker.cancel()
        self._drop_hint()
        self.pending_computer_move = None
        # against the computer, back to the last position where a human was to move
        self.session.undo()
        self.view.cancel_input()
        self.view.set_state(self.state)
        self.landing = None
        self.view.status = _("Move taken back.")
        self.app.log(f"undo to ply {self.cursor}")
        self._refresh_buttons()
        self.autosave()

    def redo(self) -> None:
        if not self._can_redo():
            return
        self.thinker.cancel()
        self._drop_hint()
        self.pending_computer_move = None
        previous = self.state
        self.session.redo()
        self.view.set_state(self.state, previous=previous if self.cursor else None)
        self.landing = self.cursor
        self.app.log(f"redo to ply {self.cursor}")
        self._refresh_buttons()
        self.autosave()

    # --- events --------------------------------------------------------------------
    def handle(self, event) -> None:
        self.view.stir()
        if ui.pressed(event, self.undo_button):
            self.undo()
            return
        if ui.pressed(event, self.redo_button):
            self.redo()
            return
        if ui.pressed(event, self.hint_button):
            self.ask_hint()
            return
        if ui.pressed(event, self.menu_button):
            self.app.stack.push("pause")
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if not self.view.cancel_input():
                    self.app.stack.push("pause")
                return
            if event.mod & pygame.KMOD_CTRL and event.key == pygame.K_z:
                self.undo()
                return
            if event.mod & pygame.KMOD_CTRL and event.key == pygame.K_y:
                self.redo()
                return
        self._sync_input()
        move = self.view.handle_event(event)
        if move is not None and self.view.input_enabled:
            self.apply(move)

    def focus_part(self):
        """The board and its trays come first in Tab order, then the sidebar's buttons."""
        return self.view

    def _sync_input(self) -> None:
        """Tell the view whether the player to move may act: kept up every frame, so a
        computer's move or a fallen flag shows at once, not when the mouse next moves."""
        self.view.input_enabled = (not self.computer_to_move() and not self.finished
                                   and self.draw_offer is None
                                   and (self.remote is None or self.remote.may_move()))

    def enter(self) -> None:
        super().enter()
        self.autosave()

    def leave(self) -> None:
        self.thinker.close()
        self.hinter.close()
        self._drop_judge()
        if not self.finished:
            self.autosave()   # keeps the timer's latest reading too
        if self.remote is not None:
            self.remote.close()
        super().leave()

    # --- time ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._advance(dt)
        self._sync_input()

    def _advance(self, dt: float) -> None:
        if self.remote is not None:
            self.remote.frame(self)
        self.view.update(dt)
        if not self.view.busy:
            self.landing = None
        self._poll_hint()
        self._poll_draw()
        self._check_saved()
        if self.draw_offer is None:     # a computer weighs a draw offer on nobody's time
            self.time.seconds += dt
        self._check_time()
        if self.finished:
            if not self.view.busy:
                self.end_delay += dt
                if self.end_delay > RESULTS_PAUSE:
                    self._show_results()
            return
        self.end_delay = 0.0
        if self.computer_to_move() and self.draw_offer is None:   # it answers the offer first
            self._computer_turn(dt)

    def next_frame_in(self) -> float | None:
        if self.view.wants_frames():
            return 0.0
        waits = [self.sidebar.next_change(
            self.state, clock=None if self.finished else self.clock,
            timer=self.timer if self.timer is not None and not self.finished else None)]
        if self.hint_for is not None or self.draw_offer is not None:
            waits.append(WORKER_POLL)
        if self.remote is not None:
            waits.append(self.remote.next_poll())
        if self.finished:
            waits.append(max(0.0, RESULTS_PAUSE - self.end_delay) + 0.01)
        elif self.computer_to_move():
            if self.pending_computer_move is not None:
                waits.append(max(0.0, self.computer_wait))
            else:
                waits.append(WORKER_POLL if self.thinker.thinking else 0.0)
        waits = [w for w in waits if w is not None]
        return min(waits) if waits else None

    def _check_time(self) -> None:
        """Let the session look at the time (its clocks start with the first look), warn a
        player whose clock runs low, and show a flag fall or time called."""
        if self.finished:
            return
        before = self.state
        self.session.check_time()
        clock = self.clock
        if clock is not None:
            for player in range(len(self.seats)):
                if clock.low_time(player) and player not in self.warned and clock.active == player:
                    self.warned.add(player)
                    self.app.sounds.play("warn")
        self._time_news(before)

    def _time_news(self, before) -> None:
        """Show what the time did since the position was ``before``: a flag fell, or the
        game timer ran out and time was called (the position is the time-called one)."""
        if self.flagged is not None:
            flagged = self.flagged
            self.thinker.cancel()
            self._drop_hint()
            self.pending_computer_move = None
            self.view.cancel_input()
            self.view.announce(_("Flag fell!"), (255, 130, 100), 3.0,
                               small=_("{name} ran out of time").format(
                                   name=isolated(self.seats[flagged]["name"])))
            self.app.log(f"flag {flagged} {self.seats[flagged]['name']}")
        elif self.state is not before:
            called = self.state
            self._follow_moves()
            self.thinker.cancel()
            self.pending_computer_move = None
            self.view.set_state(called)
            self.landing = None
            self.app.sounds.play("warn")
            self.view.announce(_("Time!"), (255, 150, 110), 3.0,
                               small=self.time_rule_text() or "")
            self.app.log("time called")
        else:
            return
        self.played_here = True
        if self.finished:
            self._log_result(self.state)
        self._refresh_buttons()
        self.autosave()

    def time_rule_text(self) -> str | None:
        state = self.state
        if not self.spec.game_timer or not state.time_called:
            return None
        if state.is_over:
            return _("Time was called: the game is over.")
        name = isolated(self.seats[state.to_move]["name"])
        if getattr(state, "free_turn", False):
            return _("Time called: {name} finishes this turn.").format(name=name)
        return _("Time called: {name} plays one last turn.").format(name=name)

    def _computer_turn(self, dt: float) -> None:
        if self.view.busy:
            return
        if self.pending_computer_move is not None:
            self.computer_wait -= dt
            if self.computer_wait <= 0:
                text = self.pending_computer_move
                self.pending_computer_move = None
                try:
                    move = self.spec.parse_move(self.state, text)
                except ValueError as exc:
                    self.notice = _("The computer player failed: {problem}").format(
                        problem=exc)
                    return
                self.apply(move, text)
            return
        if not self.thinker.thinking:
            seat = self.seat_of(self.state.to_move)
            self.thinker.start(self.spec.name, self.state.position(), seat.get("level", "random"),
                               seed=random.randrange(2**31))
            self.computer_wait = COMPUTER_PAUSE
            return
        self.computer_wait -= dt
        answer = self.thinker.poll()
        if answer is None:
            return
        text, error = answer
        if error:
            self.notice = _("The computer player failed; you may undo or restart.")
            self.app.log(f"computer error {error.strip().splitlines()[-1]}")
            return
        self.pending_computer_move = text

    def _show_results(self) -> None:
        self.thinker.close()
        self.hinter.close()
        self._drop_judge()
        outcome = self.outcome()
        self._report_finish(outcome)
        self._keep_finished()
        self.app.stack.replace("results", config=self.config, state=self.state,
                               move_texts=self.move_texts[:self.cursor], outcome=outcome,
                               history=self.history[:self.cursor + 1],
                               played=self.session.played, clock=self.clock,
                               record=self.final_record or self.record(finished=True),
                               kept_id=self.kept_id)

    # --- resigning and draws (from the pause menu) ---------------------------------------
    def conceder(self) -> int | None:
        """The player who resigns or offers a draw from the pause menu: at a shared screen
        the player to move, who has the board in hand; against the computer the human (with
        several people, the one who moved last).  None when nobody at the board can."""
        humans = [p for p, seat in enumerate(self.seats) if seat["kind"] == "human"]
        to_move = self.state.to_move
        if self.finished or not humans or to_move is None:
            return None
        n = len(self.seats)
        return next((to_move - k) % n for k in range(n) if (to_move - k) % n in humans)

    def resign_problem(self) -> str | None:
        """Why nobody can resign now, or None."""
        if self.finished:
            return _("The game is over.")
        if self.conceder() is None:
            return _("Only a player at the board can resign.")
        return None

    def resign_words(self) -> str:
        """What resigning now means, naming who resigns and who wins."""
        player = self.conceder()
        name = isolated(self.seats[player]["name"])
        winner = self.session.winner_without(player)
        if winner is None:
            return _("{name} resigns: the game ends with no winner.").format(name=name)
        return _("{name} resigns: {winner} wins.").format(
            name=name, winner=isolated(self.seats[winner]["name"]))

    def resign(self) -> None:
        """The conceding player resigns: the game ends at once and the opponent wins."""
        player = self.conceder()
        if player is None:
            return
        if self.remote is not None:      # the host ends the game, and says so
            self.remote.resign()
            return
        self.session.resign(player)
        name = self.seats[player]["name"]
        self.app.log(f"resign {player} {name}")
        self._end_now()
        self.view.announce(_("Resigned"), (255, 150, 110), 3.0,
                           small=_("{name} resigned").format(name=isolated(name)))

    def _no_draw_now(self) -> str | None:
        """Why this game cannot be drawn by agreement now, or None."""
        problem = self.session.draw_problem()
        if problem is not None:
            return problem
        if self.conceder() is None:
            return _("Only a player at the board can offer a draw.")
        return None

    def draw_problem(self) -> str | None:
        """Why no draw can be offered now, or None."""
        problem = self._no_draw_now()
        if problem is not None:
            return problem
        other = isolated(self.seats[1 - self.conceder()]["name"])
        if self.draw_offer is not None:
            return _("{name} is considering the draw offer.").format(name=other)
        if self.draw_declined == self.cursor:
            return _("{name} declined a draw this move; offer again after a move.").format(
                name=other)
        return None

    def draw_parties(self) -> tuple:
        """``(offerer, answerer)``: the seats of who offers a draw now and who answers."""
        offerer = self.conceder()
        return self.seats[offerer], self.seats[1 - offerer]

    def offer_draw(self) -> None:
        """Offer a computer opponent a draw: it weighs the position in a worker process,
        never in the frame loop, and answers in the status line (``_poll_draw``).
        At a shared screen the pause menu asks the other player instead."""
        if self.draw_problem() is not None:
            return
        offerer = self.conceder()
        seat = self.seats[1 - offerer]
        if self.remote is not None:      # the other player answers through the host
            self.remote.offer_draw()
            return
        if seat["kind"] != "computer":
            return
        from game.ai.analysis import ANALYSIS_LEVELS
        from game.ai.worker import Analyst
        level = seat.get("level") if seat.get("level") in ANALYSIS_LEVELS else "easy"
        if self.judge is None:
            self.judge = Analyst()
        self.judge.start(self.spec.name, [(self.cursor, self.state.position())], level,
                         seed=random.randrange(2**31))
        self.draw_offer = (offerer, self.cursor)
        self._say_draw(_("{name} is considering the draw offer...").format(
            name=isolated(seat["name"])))
        self.view.cancel_input()
        self.app.log(f"draw offered by {offerer} to {seat['name']}")

    def _poll_draw(self) -> None:
        if self.draw_offer is None:
            return
        offerer, ply = self.draw_offer
        if ply != self.cursor or self.finished:     # the game moved on: the offer lapsed
            self.draw_offer = self.draw_words = None
            self.judge.cancel()
            return
        entries = self.judge.poll()
        chances = next((entry.get("chances") for index, entry in entries if index == ply), None)
        if chances is None and not self.judge.error and not self.judge.finished:
            return          # still weighing
        self.draw_offer = None
        name = self.seats[1 - offerer]["name"]
        if chances is not None and chances[1 - offerer] <= DRAW_ACCEPT:
            self.agree_draw()
            self._say_draw(_("{name} accepts the draw.").format(name=isolated(name)))
        else:
            self.decline_draw()
            if chances is None:
                error = (self.judge.error or "no answer").strip().splitlines()[-1]
                self.app.log(f"draw judge error {error}")

    def decline_draw(self) -> None:
        """The other player declines the draw offered: play on (no new offer this move)."""
        offerer = self.conceder()
        if offerer is None:
            return
        name = self.seats[1 - offerer]["name"]
        self._say_draw(_("{name} declines the draw.").format(name=isolated(name)))
        self.draw_declined = self.cursor
        self.app.log(f"draw declined by {name}")

    def agree_draw(self) -> None:
        """The players agree a draw: the game ends at once as a draw by agreement."""
        if self._no_draw_now() is not None:
            return
        self.session.agree_draw()
        self.app.log("draw agreed")
        self._end_now()
        self.view.announce(_("Draw agreed"), seconds=3.0)

    def _say_draw(self, text: str) -> None:
        """Say ``text`` in the status line now (as a hint is said) and, once the board's own
        words are gone, for the rest of this move."""
        self.draw_words = (self.cursor, text)
        self.view.status = text

    def _end_now(self) -> None:
        """The game the session has just ended where it stands (a resignation, an agreed
        draw; the clocks stopped, moves undone forgotten): the computer stops thinking, and
        the result is kept."""
        self.thinker.cancel()
        self._drop_hint()
        self.draw_offer = None
        self.pending_computer_move = None
        self._follow_moves()
        self.view.cancel_input()
        self.played_here = True
        self._log_result(self.state)
        self._refresh_buttons()
        self.autosave()

    def _drop_judge(self) -> None:
        if self.judge is not None:
            self.judge.close()
            self.judge = None
        self.draw_offer = None

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        self.view.draw(surface)
        ply = self.panel_ply
        text = self.status_text()
        self.sidebar.draw_status(surface, text, problem=bool(self.notice) or refusal(text))
        self.sidebar.draw(surface, self.history[ply], self.move_texts[:ply], clock=self.clock,
                          timer=self.timer, time_rule=self.time_rule_text(),
                          flagged=self.flagged,
                          scores=self.view.scores_so_far() if ply < self.cursor else None)

    def status_text(self) -> str:
        """The status line: a problem, else what the board says, else while a move is
        played out that move, else what to do now."""
        words = self.remote.status_words() if self.remote is not None else None
        if self.notice or words or self.view.status:
            return self.notice or words or self.view.status
        if self.draw_words is not None and self.draw_words[0] == self.cursor:
            return self.draw_words[1]
        if self.panel_ply < self.cursor:
            return self.view.landing_words(self.move_texts[self.cursor - 1])
        return self.prompt()

    def prompt(self) -> str:
        state = self.state
        if self.finished:
            return self.outcome()["reason"]
        seat = self.seat_of(state.to_move)
        if seat["kind"] == "computer":
            return self.view.thinking_words(state, seat["name"])
        return getattr(self.view, "prompt", lambda s, n: _("{name} to move.").format(
            name=isolated(n)))(state, seat["name"])
