"""The round view: the boards of a round, their state, and what the director does next.

A board between two computers is played out in the background (another
process) as soon as its round is shown; a board with a human is started
with Play (the play scene with the clocks, back here when it ends) or its
result is entered by hand (games played on a real table).
"""

from __future__ import annotations

import pygame

from game.core import score_text as points_text
from game.files import FileProblem
from game.i18n import N_, _, digits, isolated, ngettext, number, pgettext, rtl
from game.tournament.model import Result
from game.tournament.store import keep_live

from .. import assets, ui
from ..scroll_list import ScrollList
from ..stack import Scene, screen_class
from . import network, projector
from .background import BackgroundGames
from .common import (ERROR, GOOD, StoreError, button_width, count_text, export_dir,
                     game_title, mirror_columns, score_text, time_control_title)
from .printing import Printing
from .kept_game import KeptGameProblem, copy_aside, damage_notice, resume
from .pairing_job import POLL, PairingJob
from .round_tools import RoundTools

ROW = 44
HEADER = 32           # the column titles above the boards
TABLE_TOP = 134
NOTICE_LINE = 22      # a line of the notice above the buttons
NOTICE_LINES = 3      # the most a notice takes; its last line ends in an ellipsis then
STEP_ROOM = 30        # the line saying what to do next, under the table
PROGRESS_ROOM = 34    # the computer games' bar, when the buttons leave it no room
NARROWEST_BAR = 240   # the bar between the buttons: at least this wide, else above them
NARROW = 1150         # a window narrower than this gives the names room from the buttons
BACKGROUND_POLL = 0.25    # seconds between looks for the results of computer games
HEAD_BUTTON = 170     # Print round and Projector, under the heading's corners
HEAD_BUTTONS_Y = 80
NET_BUTTON = 140      # Host and Live boards, in the corners beside the heading
NET_BUTTONS_Y = 24
CHANGED = N_("changed by the director")     # a board's state after the director's change
HOW_TITLES = {"played": "", "time": N_("on time"), "resignation": N_("by resignation"),
              "forfeit": N_("by forfeit"), "manual": N_("entered")}


def result_of_outcome(outcome: dict) -> Result:
    """The Result, from the first seat's side, of a PlayScene outcome (player 0 = first seat)."""
    for loser, how in ((outcome.get("flagged"), "time"), (outcome.get("resigned"), "resignation")):
        if loser is not None:
            return Result("0-1" if loser == 0 else "1-0", how)
    winner = outcome.get("winner")
    if winner is None:
        return Result("1/2-1/2")
    return Result("1-0" if winner == 0 else "0-1")


def board_score(outcome: dict) -> str:
    """The score on the board at the end of a game played here ("18 - 14"), or ""."""
    scores = outcome.get("scores")
    if not isinstance(scores, (list, tuple)) or len(scores) != 2:
        return ""
    return digits(" - ".join(points_text(s) for s in scores))


def outcome_detail(outcome: dict) -> str:
    """How a game played here ended, for the board's history: its score on the board
    and the reason ("18 - 14: Ann (A) has 17 cubes in her calla.")."""
    reason = str(outcome.get("reason") or "")
    score = board_score(outcome)
    return f"{score}: {reason}" if score and reason else score or reason


class RoundScene(Scene):
    title = "round"

    def __init__(self, app, stored, background: bool = True):
        super().__init__(app)
        self.stored = stored
        self.shown = max(1, stored.tournament.rounds_paired)
        self.notice = ""
        self.notice_ok = False
        self.background_enabled = background
        from ..saves import library_path
        self.background = BackgroundGames(stored.store.path, stored.id,
                                          library_path=library_path())
        self.playing: tuple[int, int] | None = None   # the board a human game was started on
        self.live: set = set()    # (round, board) of the games kept half-played
        self.history: dict = {}   # (round, board): every result it has had, oldest first
        self.board_list: ScrollList | None = None
        self.reserved = None      # (notice lines, bar above the buttons) the layout left room for
        self.pairing = PairingJob()    # a Swiss round paired in another process
        self.tools = RoundTools(self)  # a Swiss's late entries, byes, withdrawals, swaps
        self.printing = Printing()     # the printouts asked for, written in the background
        self.hosted_seen = None        # (the network's boards, their version) when drawn
        self.hosted_recorded = 0       # results the network had kept when last read
        self.dirty = False

    @property
    def tournament(self):
        return self.stored.tournament

    # --- data --------------------------------------------------------------------
    def reload(self) -> None:
        """Read the tournament again: background workers commit results on their own."""
        self.app.writer.flush(timeout=10)      # the boards' games kept by the writer, first
        try:
            self.stored = self.stored.store.open(self.stored.id)
            self.live = self.stored.live_boards()
            self.history = self.stored.history()
        except StoreError as exc:
            self.notice, self.notice_ok = str(exc), False

    def boards(self):
        t = self.tournament
        if not t.rounds:
            return []
        return t.rounds[self.shown - 1]

    def is_computer_game(self, pairing) -> bool:
        t = self.tournament
        return (not pairing.is_bye and t.entrants[pairing.first].is_computer
                and t.entrants[pairing.second].is_computer)

    def computer_games(self):
        """(done, total) of the computer-only games of the rounds paired."""
        t = self.tournament
        games = [p for boards in t.rounds for p in boards if self.is_computer_game(p)]
        done = sum(1 for p in games if t.result(p.round, p.board) is not None)
        return done, len(games)

    def start_background(self) -> None:
        """Send every pending computer-only board to the worker processes."""
        if not self.background_enabled:
            return
        for p in self.tournament.pending():
            if self.is_computer_game(p) and not self.background.is_running(p.round, p.board):
                self.background.start(p.round, p.board)

    # --- widgets ------------------------------------------------------------------
    def build(self) -> None:
        self.reload()
        self.start_background()
        w, h = self.app.size
        t = self.tournament
        boards = self.boards()
        # the boards take what the notice, the next step and the buttons leave, and scroll
        self.reserved = self.room_needed(w)
        self.status_top = h - 96 - NOTICE_LINE * self.reserved[0]
        below = self.status_top - (self.tools.room() or STEP_ROOM) - (
            PROGRESS_ROOM if self.reserved[1] else 0)
        fit = max(1, (below - 18 - TABLE_TOP - HEADER) // ROW)
        # (Play, result) button widths: a narrow window keeps more for the names
        self.button_widths = (90, 134) if w < NARROW else (110, 140)
        rows = min(max(1, len(boards)), fit)
        self.table = pygame.Rect(60, TABLE_TOP, w - 120, HEADER + rows * ROW)
        first = self.board_list.first if self.board_list is not None else 0
        self.play_buttons, self.result_buttons = {}, {}
        self.board_list = ScrollList(self, (self.table.x, self.table.y + HEADER,
                                            self.table.width - 4, rows * ROW), ROW, len(boards),
                                     first=first, make_row=self._board_widgets,
                                     drop_row=self._drop_board)
        self.tools.build(self.table.bottom + 12 + (PROGRESS_ROOM if self.reserved[1] else 0))
        bottom = h - 76
        self.lobby_button = ui.button(self, (60, bottom, 140, 46), _("Lobby"))
        # the earlier round is where a line starts: at the right in Persian
        self.prev_button = ui.button(self, ui.mirrored((215, bottom, 60, 46), (215, 0, 125, 1)),
                                     ">" if rtl() else "<", tooltip=_("Previous round"))
        self.next_button = ui.button(self, ui.mirrored((280, bottom, 60, 46), (215, 0, 125, 1)),
                                     "<" if rtl() else ">", tooltip=_("Next round"))
        if self.shown <= 1:
            self.prev_button.disable()
        if self.shown >= t.rounds_paired:
            self.next_button.disable()
        self.standings_button = ui.button(self, (w - 60 - 470, bottom, 200, 46), _("Standings"))
        if t.is_complete or t.rounds_paired >= t.total_rounds:
            # the last round paired: what comes next is the podium, once its games are done
            self.pair_button = ui.button(self, (w - 60 - 255, bottom, 255, 46),
                                         _("Final results"), "#primary")
            if not t.is_complete:
                self.pair_button.disable()
        else:
            self.pair_button = ui.button(self, (w - 60 - 255, bottom, 255, 46),
                                         _("Pair round {n}").format(
                                             n=number(t.rounds_paired + 1)), "#primary")
            if self.pairing.busy:
                self.pair_button.set_text(_("Pairing round {n}\u2026").format(
                    n=number(self.pairing.round_no)))
            if not t.can_pair_next() or self.pairing.busy:
                self.pair_button.disable()
        # under the heading's corners: the round shown printed, the projector view; their
        # words and the network's buttons' are as long as the language makes them
        printing = _("Print round {n}").format(n=number(self.shown))
        projecting = projector.button_text(self.app, self.stored)
        head_w = self.head_w = max(button_width(printing, HEAD_BUTTON),
                                   button_width(_("Close projector"), HEAD_BUTTON))
        hosting = network.find(self.app, self.stored.id)
        net_w = self.net_w = max(button_width(_("Hosting"), NET_BUTTON),
                                 button_width(_("Host"), NET_BUTTON),
                                 button_width(_("Live boards"), NET_BUTTON))
        self.print_button = ui.button(
            self, (60, HEAD_BUTTONS_Y, head_w, 34), printing,
            tooltip=_("Standings and crosstable after round {n}, its pairings, a "
                      "find-your-board list and result slips: a PDF and PNG pages in "
                      "{folder}").format(n=number(self.shown), folder=isolated(export_dir())))
        if not t.rounds:
            self.print_button.disable()
        self.projector_button = ui.button(
            self, (w - 60 - head_w, HEAD_BUTTONS_Y, head_w, 34), projecting,
            tooltip=_("The pairings and the standings in large type, in a window of their own"))
        # over the network: hosting the boards for tables on other computers, and them live
        self.host_button = ui.button(
            self, (60, NET_BUTTONS_Y, net_w, 34), _("Hosting") if hosting else _("Host"),
            tooltip=_("Tables on other computers play the round's boards; their results come "
                      "in by themselves"))
        self.live_button = ui.button(
            self, (w - 60 - net_w, NET_BUTTONS_Y, net_w, 34), _("Live boards"),
            tooltip=_("Every board played over the network: the boards, clocks and last moves"))
        if hosting is None:
            self.live_button.disable()

    def _board_widgets(self, index: int, rect) -> list:
        """The Play and result buttons of the board on row ``index``, placed in ``rect``."""
        p = self.boards()[index]
        if p.is_bye:
            return []
        finished = self.tournament.result(p.round, p.board) is not None
        y = rect.y + (ROW - 36) // 2
        play_w, result_w = self.button_widths
        result = ui.mirrored((rect.right - 10 - result_w, y, result_w, 36), rect)
        if self.is_computer_game(p):   # played in the background; a result may be corrected
            if not finished:
                return []
            self.result_buttons[p.board] = ui.button(self, result, _("Change result"))
            return [self.result_buttons[p.board]]
        play = ui.button(self, ui.mirrored((rect.right - 20 - result_w - play_w, y, play_w, 36),
                                           rect), _("Play"), "#primary")
        if finished or self.hosted(p) is not None:
            play.disable()      # a board played over the network is not played here too
        self.play_buttons[p.board] = play
        self.result_buttons[p.board] = ui.button(
            self, result, _("Change result") if finished else _("Enter result"))
        return [play, self.result_buttons[p.board]]

    def _drop_board(self, index: int, widgets) -> None:
        board = self.boards()[index].board
        self.play_buttons.pop(board, None)
        self.result_buttons.pop(board, None)

    def room_needed(self, width: int) -> tuple[int, bool]:
        """The lines the notice takes, and whether the computer games' bar goes above the
        buttons (a narrow window has no room for it between them)."""
        lines = len(self.notice_lines(width))
        above = bool(self.computer_games()[1]) and width - 910 < NARROWEST_BAR
        return lines, above

    def notice_lines(self, width: int) -> list[str]:
        """The notice wrapped to the window, in NOTICE_LINES lines at most (the last one
        holds the rest, shortened: the pointer over it shows it whole)."""
        lines = assets.wrap(self.notice, 16, width - 80) if self.notice else []
        if len(lines) > NOTICE_LINES:
            lines = lines[:NOTICE_LINES - 1] + [" ".join(lines[NOTICE_LINES - 1:])]
        return lines

    def show_round(self, round_no: int) -> None:
        """Show round ``round_no`` from its first board."""
        self.shown = round_no
        self.board_list = None
        self.resize()

    # --- events -------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.tools.handle(event) or self.board_list.handle(event):
            return
        for board, widget in self.play_buttons.items():
            if ui.pressed(event, widget):
                self.play(self.shown, board)
                return
        for board, widget in self.result_buttons.items():
            if ui.pressed(event, widget):
                self.app.stack.push("tournament.result", round_scene=self, round_no=self.shown,
                                    board=board)
                return
        if ui.pressed(event, self.pair_button):
            if self.tournament.is_complete:
                self.app.stack.push("tournament.podium", stored=self.stored)
            else:
                self.pair_next()
        elif ui.pressed(event, self.standings_button):
            self.app.stack.push("tournament.standings", stored=self.stored)
        elif ui.pressed(event, self.print_button):
            self.notice = self.printing.start(self.tournament, self.shown, export_dir())
            self.notice_ok = True
        elif ui.pressed(event, self.host_button):
            self.app.stack.push("tournament.hosting", stored=self.stored)
        elif ui.pressed(event, self.live_button):
            self.app.stack.push("tournament.live", stored=self.stored)
        elif ui.pressed(event, self.projector_button):
            self.notice, self.notice_ok = projector.toggle(self.app, self.stored)
            projector.follow(self.projector_button, self.app, self.stored)
        elif ui.pressed(event, self.prev_button):
            self.show_round(self.shown - 1)
        elif ui.pressed(event, self.next_button):
            self.show_round(self.shown + 1)
        elif ui.pressed(event, self.lobby_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def pair_next(self) -> None:
        """A Swiss round is paired in another process (``update`` keeps it when it comes);
        a round robin's comes from its table at once."""
        if self.tournament.format == "swiss":
            try:
                self.pairing.start(self.tournament)
            except OSError as exc:      # no process could be started (out of memory...)
                self.notice, self.notice_ok = _("Could not pair the next round: {problem}").format(
                    problem=exc), False
                return
            self.notice = ""
            self.resize()
            return
        try:
            boards = self.stored.pair_next_round()
        except (StoreError, ValueError) as exc:
            self.notice, self.notice_ok = _("Could not pair the next round: {problem}").format(
                problem=exc), False
            return
        self.notice, self.notice_ok = _("Round {n} is paired.").format(
            n=number(boards[0].round)), True
        self.show_round(boards[0].round)

    def _paired(self) -> None:
        """Keep the round paired in the other process, once it has come."""
        if not self.pairing.busy:
            return
        outcome = self.pairing.poll(self._current)
        if outcome is None:
            return
        self.notice, self.notice_ok = outcome.notice, outcome.ok
        if outcome.round_no is not None:
            self.show_round(outcome.round_no)
        else:
            self.resize()

    def record(self, round_no: int, board: int, result: Result | None, detail: str = "") -> bool:
        """Enter, correct (or with None clear) a result; it is on disk when this returns.
        ``detail``: how a game played here ended, kept in the board's history."""
        self.reload()
        try:
            if result is None:
                self.stored.clear_result(round_no, board)
            else:
                self.stored.record(round_no, board, result, detail=detail)
        except (StoreError, ValueError) as exc:
            self.notice, self.notice_ok = _("The result was not kept: {problem}").format(
                problem=exc), False
            return False
        self.notice, self.notice_ok = "", True
        self.reload()
        hosting = network.find(self.app, self.stored.id)
        if hosting is not None:
            hosting.look()          # its board over the network, if still played, ends now
        return True

    def played_detail(self, round_no: int, board: int) -> str:
        """How the game on this board ended, when its result is the one played out here."""
        entries = self.history.get((round_no, board), [])
        result = self.tournament.result(round_no, board)
        if entries and result is not None and entries[-1].result == result:
            return entries[-1].detail
        return ""

    def corrected(self, round_no: int, board: int) -> bool:
        """Whether the board's result was changed after it was first kept."""
        return sum(1 for e in self.history.get((round_no, board), []) if e.result) > 1

    # --- playing a board -------------------------------------------------------------------
    def game_config(self, round_no: int, board: int) -> dict:
        """What the play scene needs: the first seat is player 0 (moves first)."""
        t = self.tournament
        p = t.pairing(round_no, board)
        choice = t.game_for_round(round_no).to_dict()
        seats = []
        for who in (p.first, p.second):
            e = t.entrants[who]
            seat = {"name": e.name, "kind": e.kind}
            if e.is_computer:
                seat["level"] = e.level
            seats.append(seat)
        return {"game": choice["game"], "variant": choice["variant"],
                "options": dict(choice["options"]), "seats": seats, "starter": "0",
                "time_control": choice["time_control"],
                "tournament": {"id": self.stored.id, "round": round_no, "board": board}}

    def play(self, round_no: int, board: int) -> None:
        play_scene = screen_class("play")
        config = self.game_config(round_no, board)
        self.playing = (round_no, board)
        seed = self.tournament.pairing(round_no, board).seed
        finish = lambda outcome: self.game_finished(round_no, board, outcome)  # noqa: E731

        def keep(record):
            # written by the app's writer, off the frame loop, through its own connection
            path, tid = self.stored.store.path, self.stored.id

            def job():
                try:
                    keep_live(path, tid, round_no, board, record)
                except StoreError as exc:
                    raise FileProblem(str(exc)) from None
            self.app.writer.call(keep.key, job)
        keep.key = ("tournament game", self.stored.id, round_no, board)

        self.app.writer.flush(timeout=10)      # a game kept a moment ago is read back whole

        scene = None
        live = self.stored.live_game(round_no, board)
        if live is not None:     # a game left when the program was closed: carry on
            try:
                scene = resume(play_scene, self.app, live, config, seed, on_finish=finish,
                               keeper=keep)
                self.notice, self.notice_ok = _("Round {n}, board {board}: the game goes on "
                                                "where it was left.").format(
                    n=number(round_no), board=number(board)), True
            except KeptGameProblem as exc:     # kept aside first; the next Play starts anew
                self.playing = None
                self.set_aside_live(round_no, board, live, str(exc))
                return
        if scene is None:
            try:
                scene = play_scene(self.app, config, seed=seed, on_finish=finish, keeper=keep)
            except (KeyError, ValueError) as exc:   # a game this program has no board for
                self.playing = None
                self.notice, self.notice_ok = _("Round {n}, board {board} cannot be played "
                                                "here: {problem}").format(
                    n=number(round_no), board=number(board), problem=exc), False
                return
        self.app.stack.push(scene)

    def set_aside_live(self, round_no: int, board: int, live, why: str) -> None:
        """Copy a kept game that cannot go on to the data folder, drop it from the board,
        and tell the director why and where the copy is."""
        from ..saves import data_dir
        try:
            copy = copy_aside(self.app.writer, data_dir(), self.stored.store.path,
                              self.stored.id, round_no, board, live.raw)
        except FileProblem as exc:
            self.notice = damage_notice(round_no, board, why, problem=str(exc))
        else:
            self.notice = damage_notice(round_no, board, why, copy)
        self.notice_ok = False
        self.reload()
        self.resize()

    def game_finished(self, round_no: int, board: int, outcome: dict) -> None:
        """Called by the play scene when the game ends: keep the result at once."""
        self.playing = None
        result = result_of_outcome(outcome)
        if self.record(round_no, board, result, detail=outcome_detail(outcome)):
            self.app.log(f"tournament round {round_no} board {board}: {result.score} "
                         f"({result.how})")
            self.notice, self.notice_ok = _("Round {n}, board {board}: {score} was kept.").format(
                n=number(round_no), board=number(board), score=score_text(result.score)), True

    # --- per frame -----------------------------------------------------------------------------
    def _current(self):
        self.reload()       # results the computer players' workers kept meanwhile too
        return self.stored

    def hosted(self, pairing, width: int | None = None) -> str | None:
        """The table state of a board played over the network (fitted to ``width``
        pixels when given), or None."""
        if pairing.is_bye or self.tournament.result(pairing.round, pairing.board) is not None:
            return None
        return network.state_for(self.app, self.stored, pairing, width)

    def _follow_network(self) -> None:
        """Results the network's boards kept: read again; their tables' states: drawn."""
        hosting = network.find(self.app, self.stored.id)
        if hosting is None:
            seen, version = None, None
        else:
            if hosting.recorded != self.hosted_recorded:
                self.hosted_recorded = hosting.recorded
                self.reload()
            seen = (hosting.state, hosting.recorded, len(hosting.boards))
            version = hosting.version
        if seen != (self.hosted_seen or (None,))[0]:
            self.resize()           # its buttons follow (Play, Hosting, Live boards)
        if (seen, version) != self.hosted_seen:
            self.hosted_seen = (seen, version)
            self.dirty = True       # the tables' states are drawn again

    def update(self, dt: float) -> None:
        self._follow_network()
        self._paired()
        printed = self.printing.poll()
        if printed:
            self.notice, self.notice_ok = printed
        projector.follow(self.projector_button, self.app, self.stored)
        answers = self.background.poll()
        if self.background.errors:
            self.notice, self.notice_ok = self.background.errors.pop(0), False
        if answers:
            self.reload()
            self.resize()
        elif self.reserved != self.room_needed(self.app.size[0]):
            self.resize()       # a notice came, went or grew: the boards make room for it

    def next_frame_in(self) -> float | None:
        if self.dirty:
            return 0.0
        # computer games and printouts are done in other processes: look for their
        # results now and then
        if self.pairing.busy:
            return POLL
        hosting = network.find(self.app, self.stored.id)
        if hosting is not None and any(b.view.away and not b.view.over
                                       for b in hosting.boards.values()):
            return 1.0              # "reconnecting, 1:32" counts up
        return BACKGROUND_POLL if self.background.busy or self.printing.busy else None

    def leave(self) -> None:
        self.background.close()
        self.pairing.close()        # a round not yet paired stays unpaired
        super().leave()

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.dirty = False
        ui.table(surface)
        w, h = surface.get_size()
        t = self.tournament
        ui.heading(surface, t.name, (w // 2, 50), size=44, width=w - 2 * (60 + self.net_w + 12))
        if t.rounds:
            choice = t.game_for_round(self.shown).to_dict()
            sub = _("Round {n} of {rounds} - {game}, {clock}").format(
                n=number(self.shown), rounds=number(t.total_rounds),
                game=game_title(choice['game'], choice['variant']),
                clock=time_control_title(choice['time_control']))
        else:
            sub = ngettext("{entrants} entrants, {n} round. Press Pair round 1 to begin.",
                           "{entrants} entrants, {n} rounds. Press Pair round 1 to begin.",
                           t.total_rounds).format(entrants=number(len(t.entrants)),
                                                  n=number(t.total_rounds))
        assets.text(surface, sub, (w // 2, 96), size=19, colour=ui.MUTED, anchor="center",
                    width=w - 2 * (60 + self.head_w + 10))
        ui.panel(surface, self.table.inflate(20, 16))
        rows = self.board_list
        x = self.table.x + 16
        buttons = sum(self.button_widths) + 40
        cols = self.board_columns()
        self.tools.draw_chosen(surface)
        for text, (cx, cw) in zip((pgettext("tournament", "Board"), _("First (moves first)"), _("Second"),
                                   _("State")), cols):
            assets.text(surface, text, (cx, self.table.y + 6), size=15, bold=True,
                        colour=ui.MUTED, width=cw)
        if not t.rounds:
            assets.text(surface, _("No round paired yet."), (x, self.table.y + HEADER + 8),
                        size=18, colour=ui.INK, width=self.table.width - 32)
        else:
            counts = ui.mirrored((rows.view.right - buttons, self.table.y + 6, buttons - 10, 20),
                                 rows.view)
            assets.text(surface, count_text(rows, "board"), counts.topright if not rtl()
                        else counts.topleft, size=15, bold=True, colour=ui.MUTED,
                        anchor="topleft" if rtl() else "topright", width=buttons - 10)
        boards = self.boards()
        for i in rows.shown():
            p = boards[i]
            y = rows.row_rect(i).y + 11
            first = t.entrants[p.first]
            assets.text(surface, digits(p.board), (cols[0][0] + 10, y), size=18, colour=ui.INK,
                        width=cols[0][1] - 10)
            assets.text(surface, _entrant_text(first), (cols[1][0], y), size=18, colour=ui.INK,
                        width=cols[1][1])
            if p.is_bye:
                assets.text(surface, pgettext("pairing", "bye"), (cols[2][0], y), size=18,
                            colour=ui.MUTED, width=cols[2][1])
                state = _("a point for the bye") if t.bye_points else _("rests this round")
                assets.text(surface, state, (cols[3][0], y), size=17, colour=ui.MUTED,
                            width=cols[3][1])
                continue
            assets.text(surface, _entrant_text(t.entrants[p.second]), (cols[2][0], y), size=18,
                        colour=ui.INK, width=cols[2][1])
            state = self.state_text(p)
            if state == _(CHANGED) and assets.measure(state, 17) > cols[3][1]:
                state = _("changed")        # a narrow window: the word that says it
            elif assets.measure(state, 17) > cols[3][1]:
                state = self.hosted(p, cols[3][1]) or state    # the time away in view
            assets.text(surface, state, (cols[3][0], y), size=17,
                        colour=ui.TITLE if t.result(p.round, p.board) else ui.MUTED,
                        width=cols[3][1])
        rows.draw(surface)
        step = self.table.bottom + 16
        if self.reserved[1]:
            self._draw_progress(surface, pygame.Rect(60, step, w - 120, 26))
            step += PROGRESS_ROOM
        else:
            self._draw_progress(surface, pygame.Rect(360, h - 66, w - 360 - 60 - 490, 26))
        if self.tools.active:
            self.tools.draw_step(surface, self.next_step())
        else:
            assets.text(surface, self.next_step(), (w // 2, step), size=17,
                        colour=ui.INK, anchor="midtop", width=w - 40)
        for i, line in enumerate(self.notice_lines(w)[:self.reserved[0]]):
            # a long notice (a file's path) wraps, the boards above making room for it
            assets.text(surface, line, (w // 2, self.status_top + NOTICE_LINE * i), size=16,
                        colour=GOOD if self.notice_ok else ERROR, anchor="midtop",
                        width=w - 80)

    def board_columns(self) -> list:
        """(x, width) of the columns Board, First, Second and State.  The names have their
        own columns, shortened to them; the others keep to theirs (the Play and result
        buttons take the row's end)."""
        buttons = sum(self.button_widths) + 40
        view = self.board_list.view
        cols = ui.columns(view.x + 16, view.width - 16 - buttons,
                          (56, None, None, 150 if self.app.size[0] < NARROW else 230))
        # in Persian the board at the right, then the first seat, the second, the state
        return mirror_columns(cols, view.x, view.right)

    def next_step(self) -> str:
        """One line telling the director what to do now."""
        t = self.tournament
        if t.is_complete:
            return _("The tournament is over: press Final results for the podium.")
        if self.pairing.busy:
            return _("Pairing round {n}\u2026 Its boards are shown here as soon as they are "
                     "ready.").format(n=number(self.pairing.round_no))
        if not t.rounds:
            return _("Press Pair round 1 to begin.")
        if self.shown != t.rounds_paired:
            return _("This is an earlier round; round {n} is the current one.").format(
                n=number(t.rounds_paired))
        hint = self.tools.hint()
        if hint:
            return hint
        waiting = [p for p in t.pending() if p.round == self.shown]
        if any(self.hosted(p) is not None for p in waiting):
            return _("The tables play this round over the network: Live boards follows them, "
                     "and each result comes in by itself.")
        if any(not self.is_computer_game(p) for p in waiting):
            return _("Press Play to play a board on this screen, or Enter result for a game "
                     "played on a real table.")
        if waiting:
            return _("The computer players are playing their games...")
        if t.can_pair_next():
            return _("Round {n} is complete: press Pair round {next}.").format(
                n=number(self.shown), next=number(self.shown + 1))
        return ""

    def state_text(self, p) -> str:
        result = self.tournament.result(p.round, p.board)
        if result is not None:
            how = (_("double forfeit") if result.is_double_forfeit
                   else _(HOW_TITLES[result.how]) if HOW_TITLES.get(result.how)
                   else "" if result.how in HOW_TITLES else result.how)
            detail = self.played_detail(p.round, p.board)
            on_board = detail.split(": ", 1)[0] if detail[:1].isdigit() or detail[:1] == "½" \
                else ""
            if on_board and result.how == "played":
                how = _("{score} on the board").format(score=digits(on_board))
            elif on_board:
                # TRANSLATORS: how a game ended and its score on the board: "on time, 18 - 14"
                how = _("{how}, {score}").format(how=how, score=digits(on_board))
            score = score_text(result.score)
            corrected = self.corrected(p.round, p.board)
            if how and corrected:
                return _("{score}  ({how}), corrected").format(score=score, how=how)
            if how:
                return _("{score}  ({how})").format(score=score, how=how)
            return _("{score}, corrected").format(score=score) if corrected else score
        if self.is_computer_game(p):
            return (_("playing in the background...")
                    if self.background.is_running(p.round, p.board) else _("waiting"))
        hosted = self.hosted(p)
        if hosted is not None:
            return hosted
        if self.playing == (p.round, p.board) or (p.round, p.board) in self.live:
            return _("being played")    # a half-played game is kept, across restarts too
        if p.board in self.tools.changed():
            return _(CHANGED)
        return _("to play")

    def _draw_progress(self, surface, bar) -> None:
        done, total = self.computer_games()
        if not total:
            return
        pygame.draw.rect(surface, (30, 22, 17), bar, border_radius=6)
        fill = bar.copy()
        fill.width = int(bar.width * done / total)
        if fill.width:
            pygame.draw.rect(surface, (176, 138, 90), fill, border_radius=6)
        pygame.draw.rect(surface, (176, 138, 90), bar, 1, border_radius=6)
        assets.text(surface, self.progress_text(), bar.center, size=15, colour=ui.INK,
                    anchor="center", width=bar.width - 8)

    def progress_text(self) -> str:
        done, total = self.computer_games()
        t = self.tournament
        # a game whose result is already kept is done, even before its worker is polled
        running = sum(1 for r, b in self.background.running if t.result(r, b) is None)
        if running:
            return ngettext("Computer games: {done} of {n} done, {running} playing now",
                            "Computer games: {done} of {n} done, {running} playing now",
                            total).format(done=number(done), n=number(total),
                                          running=number(running))
        return ngettext("Computer games: {done} of {n} done",
                        "Computer games: {done} of {n} done", total).format(
            done=number(done), n=number(total))


def _entrant_text(entrant) -> str:
    if entrant.is_computer:
        return _("{name} (computer)").format(name=isolated(entrant.name))
    return isolated(entrant.name)
