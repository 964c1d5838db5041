"""A board of a host played in the play scene: ``RemoteGame`` and its ``RemoteSession``.

The play scene plays every game through a session; a board of a host (``game.net``) is
played through a ``RemoteSession`` instead, which answers the scene's questions (the
position, the moves, the clocks, how the game ended, its record) from what the host
said, and sends the local player's move to the host instead of deciding it.

``RemoteGame`` is the part the play scene holds for such a board and asks every frame,
as it polls a computer player's worker: it reads the client's messages, shows the other
seat's moves as a computer's move is shown, puts back a move the host refused with the
host's reason, ends the game when the host says it ended, and says in the status line
what the connection and the other players are doing.  The host is the authority: the
board always comes back to the host's positions (in a game of chance the draws are not
known here before the host makes them).

A board is caught up before its scene is made: ``take`` the messages of a join, a
rejoin or a watch until ``ready`` (the host's ``now``), then
``stack.replace("play", config=game.config, remote=game)``; the scene plays through
``game.session`` (a ``RemoteSession``, ``remote_session.py``) and keeps the seat's
ticket through ``game.keeper``.
"""

from __future__ import annotations

import time
from collections import deque

import pygame

from game import GAMES
from game.i18n import N_, _, isolated, number
from game.net.client import BoardView

from ..play_sidebar import MoveLine
from .common import failure_words
from .remote_session import RemoteSession, director_words

#: Seconds between looks at the connection while the host's news is awaited or shown (a
#: move on its way, the connection lost, a player away); otherwise each message wakes the
#: frame loop as it comes (``WAKE``), and a look every ``IDLE_POLL`` seconds is only a net.
POLL = 0.1
IDLE_POLL = 1.0
#: The event that wakes a frame loop asleep when a message of the host has come.
WAKE = pygame.event.custom_type()
#: The banner each way a game ends away from this screen, and its colour.
END_BANNERS = {"resigned": N_("Resigned"), "agreed": N_("Draw agreed"), "forfeit": N_("Forfeit"),
               "director": N_("Ended by the director")}
BANNER = (255, 150, 110)


def minutes_text(seconds: float) -> str:
    """``1:32``: whole minutes and seconds, as a time away is counted."""
    whole = max(0, int(seconds))
    return number(f"{whole // 60}:{whole % 60:02d}")


class NetKeeper:
    """Keeps the seat's ticket with the moves in the game's unfinished-game file, so that a
    restarted program offers to rejoin; drops the file once the game is over (the play
    scene's ``keeper``).  A watcher keeps nothing."""

    def __init__(self, app, game: str, ticket):
        from ..saves import unfinished_path
        self.app = app
        self.ticket = ticket
        self.key = unfinished_path(game) if ticket() is not None else None
        self.wrote = False

    def __call__(self, record: dict | None) -> None:
        if self.key is None:
            return
        if record is None:
            if self.wrote:
                self.app.writer.remove(self.key)
            return
        ticket = self.ticket()
        if ticket is None:
            return
        self.app.writer.write_json(self.key, {**record, "network": ticket}, quick_copy=True)
        self.wrote = True


class RemoteGame:
    """A board of a host as the play scene holds it (see the module docstring).

    ``net`` is the ``ClientThread`` that joined, rejoined or watches ``board``; ``host``
    the ``HostThread`` when this program hosts the board (stopped with the game);
    ``password``, ``name`` and ``host_info`` (the host's port, code and event name) go
    into the seat's ticket.
    """

    def __init__(self, app, net, board: int, *, password=None, name=None, host=None,
                 host_info=None):
        self.app = app
        self.net = net
        self.board = board
        self.host = host
        self.host_info = host_info
        self.password = password
        self.name = name
        self.view = BoardView(board)
        self.token: str | None = None
        self.ready = False              # caught up: the host's ``now`` came
        self.problem = ""               # why this board cannot be shown (before ``ready``)
        self.spec = None
        self.session: RemoteSession | None = None
        self.config: dict | None = None
        self.keeper: NetKeeper | None = None
        self.scene = None               # the play scene, once it holds this game
        self.queue: deque = deque()     # the host's news still to be shown, oldest first
        self.connection = "open"        # "open", "lost" (reconnecting) or "closed"
        self.lost_at = 0.0
        self.closed_reason = ""
        self.refresh = False            # the board shows a position the host replaced
        self.turn_began = time.monotonic()
        self.closed = False
        self._woken = False             # a WAKE is on its way to the frame loop

    # --- what the screens ask -----------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.view.seat

    @property
    def watching(self) -> bool:
        return self.view.seat is None

    def names(self) -> list[str]:
        return [seat["name"] for seat in self.config["seats"]] if self.config else []

    def ticket(self) -> dict | None:
        """What takes this seat back after the program was closed (None for a watcher)."""
        if self.seat is None or self.token is None:
            return None
        return {"url": self.net.url, "board": self.board, "seat": self.seat,
                "token": self.token, "since": self.view.seq, "name": self.name,
                "password": self.password, "host": self.host_info}

    def poll(self) -> None:
        """Take in what the client heard since the last look."""
        if not self.closed:
            for message in self.net.poll():
                self.take(message)

    def take(self, message: dict) -> None:
        """One message of the client (the host's, or the connection's own news)."""
        kind = message.get("type")
        board = message.get("board")
        now = time.monotonic()
        if kind == "connection":
            state = message.get("state")
            if state == "lost":
                self.connection, self.lost_at = "lost", now
            elif state in ("open", "back"):
                self.connection = "open"
            elif state == "closed":
                self.connection = "closed"
                self.closed_reason = failure_words(message.get("reason"), self.net.url)
        elif kind == "seated" and board == self.board:
            seat = message.get("seat")
            if type(seat) is int and 0 <= seat <= 3:
                self.view.seat = seat
            token = message.get("token")
            self.token = token if isinstance(token, str) else self.token
        elif kind == "error" and board in (None, self.board):
            self._error(message)
        elif kind == "event" and board == self.board:
            seq = message.get("seq")
            if type(seq) is int and seq > self.view.seq:
                message = readable(message)
                self.view.apply(message, now)
                self._event(message)
        elif kind == "now" and board == self.board:
            self.view.apply_now(readable(message), now)
            self._now()

    def _error(self, message: dict) -> None:
        request = message.get("request")
        reason = message.get("reason") if isinstance(message.get("reason"), str) else ""
        if request == "move":
            self.queue.append(("refused", reason))
        elif not self.ready and request in ("join", "rejoin", "watch"):
            self.problem = failure_words(reason, self.net.url)
        elif request == "rejoin":      # the seat was taken back from elsewhere
            self.connection = "closed"
            self.closed_reason = _("This seat was taken back from another window or "
                                   "computer.")
        elif not self.ready:
            self.problem = failure_words(reason, self.net.url)
        elif self.scene is not None:
            if request is None and self.session.pending is not None:
                # TRANSLATORS: after "Not allowed: "; the reason is the host's own words
                self.queue.append(("refused", _("the move did not reach the host ({reason})")
                                   .format(reason=reason)))
            else:
                self.scene.view.status = failure_words(reason, self.net.url)

    def _state_of(self, position):
        try:
            return self.spec.from_position(position)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None

    def _event(self, message: dict) -> None:
        kind = message.get("kind")
        if kind == "created":
            self._created()
            return
        if self.session is None:
            return
        live = self.scene is not None
        if kind in ("move", "time_called", "ended"):
            if live:
                self.queue.append((kind, message))
            else:
                self._take_in(kind, message)
        elif kind == "seated":
            seat = message.get("seat")
            name = self.view.names[seat] if type(seat) is int \
                and 0 <= seat < len(self.view.names) else None
            if name and seat < len(self.session.players):
                self.session.players[seat]["name"] = _shown_name(name, seat)
                self.session.labels[seat] = self.session.players[seat]["name"]
        elif kind == "started" and live:
            self.scene.view.announce(_("The game begins"), seconds=2.0)
        if self.view.turn == self.seat and kind in ("move", "started", "resumed"):
            self.turn_began = time.monotonic()

    def _created(self) -> None:
        """The board as the host made it: the game, its seats and clocks."""
        view = self.view
        spec = GAMES.get(view.game)
        if spec is None:
            self.problem = _("This host plays a game this program does not have ({game}).").format(
                game=view.game)
            return
        self.spec = spec
        variant = view.variant if view.variant in spec.variants else spec.variants[0]
        start = self._state_of(view.position)
        if start is None:
            self.problem = _("The host sent a position this program cannot read.")
            return
        seats = [{"name": _shown_name(name, i),
                  "kind": "human" if i == view.seat else "network"}
                 for i, name in enumerate(view.names)]
        control = view.time_control if view.time_control not in ("", "none") else None
        self.config = {"game": spec.name, "variant": variant, "options": dict(view.options),
                       "seats": seats, "time_control": control, "hints": False,
                       "network": {"url": self.net.url, "board": self.board}}
        record_config = {"game": spec.name, "variant": variant, "options": dict(view.options),
                         "seats": [{"name": s["name"], "kind": "human"} for s in seats],
                         "time_control": control}
        self.session = RemoteSession(self, spec, start, seats, record_config)
        self.keeper = NetKeeper(self.app, spec.name, self.ticket)

    def _take_in(self, kind: str, message: dict) -> None:
        """The host's news taken in without showing it (catching up)."""
        session = self.session
        if kind == "move":
            state = self._state_of(message.get("position"))
            text = message.get("move") if isinstance(message.get("move"), str) else "?"
            if state is not None:
                session.add_host_move(state, text)
        elif kind == "time_called":
            called = self._state_of(message.get("position"))
            if called is not None:
                session.call_time(called, live=False)
        elif kind == "ended":
            final = self._state_of(message.get("position"))
            if final is not None and final.position() != session.state.position():
                session.take_final(final)
            session.finish(message)

    def _now(self) -> None:
        """The host's ``now``: caught up (the first time), or back after a drop."""
        if not self.ready:
            self.ready = True
            if self.session is None and not self.problem:
                self.problem = _("The host sent no game for this board.")
            return
        session = self.session
        if session is not None and session.pending is not None \
                and self.view.ply < session.pending and self.view.turn == self.seat:
            # the move was sent as the connection dropped: the host never had it
            # TRANSLATORS: after "Not allowed: "
            self.queue.append(("refused", _("your move did not reach the host; play it "
                                            "again")))

    # --- the play scene's part -------------------------------------------------------------
    def attach(self, scene) -> None:
        """The play scene now shows this board: the moves so far, worded as it words them."""
        self.scene = scene
        self.net.on_arrival = self._wake
        session, view = self.session, scene.view
        texts = []
        for before, text in zip(session.history, session.notation):
            try:
                words = view.describe_move(before, self.spec.parse_move(before, text))
            except (ValueError, TypeError, KeyError, IndexError):
                words = text
            name = session.players[before.to_move]["name"] \
                if before.to_move is not None and before.to_move < len(session.players) else "?"
            texts.append(MoveLine(name, words))
        scene.move_texts = texts
        who = "watching" if self.watching else f"seat {self.seat}"
        self.app.log(f"network {self.spec.name} board {self.board} {who} {self.net.url}")

    def _wake(self) -> None:
        """On the client's thread, as a message comes: wake the frame loop (once until it
        looks)."""
        if not self._woken and not self.closed:
            self._woken = True
            try:
                pygame.event.post(pygame.event.Event(WAKE))
            except pygame.error:        # the window is gone: nobody to wake
                pass

    def frame(self, scene) -> None:
        """Each frame: take in what came, and show the host's news in order, each move
        once the board has finished showing the one before."""
        self._woken = False
        self.poll()
        while self.queue:
            kind, data = self.queue[0]
            if kind == "refused":
                self.queue.popleft()
                self._refused(scene, data)
                continue
            if scene.view.busy:
                break
            self.queue.popleft()
            if kind == "move":
                self._show_move(scene, data)
            elif kind == "time_called":
                called = self._state_of(data.get("position"))
                if called is not None:
                    self.session.call_time(called, live=True)
                break          # the scene's look at the time shows it, this frame
            elif kind == "ended":
                self._end(scene, data)
        if self.refresh and not scene.view.busy:
            self.refresh = False
            scene.view.set_state(self.session.state)

    def _show_move(self, scene, message: dict) -> None:
        session = self.session
        ply, seat = message.get("ply"), message.get("seat")
        text = message.get("move") if isinstance(message.get("move"), str) else "?"
        state = self._state_of(message.get("position"))
        if state is None or type(ply) is not int:
            scene.view.status = _("The host sent a move this program cannot show.")
            return
        if session.pending is not None and seat == self.seat and ply == session.pending:
            if session.confirm(ply, state, text):
                self.refresh = True
            scene.autosave()
            return
        if session.pending is not None:     # the host moved on: the local move is void
            session.take_back()
            del scene.move_texts[len(session.notation):]
            scene.view.set_state(session.state)
        if ply <= session.ply:              # already shown
            return
        old = session.state
        try:
            move = self.spec.parse_move(old, text) if ply == session.ply + 1 else None
        except (ValueError, TypeError, KeyError, IndexError):
            move = None
        if move is None:                    # out of step: show the host's position as it is
            session.add_host_move(state, text)
            scene.move_texts.append(text)
            scene.view.set_state(state)
            scene.autosave()
            return
        session.stage_arrival(state, text)
        scene.apply(move, text)

    def _refused(self, scene, reason: str) -> None:
        """The host did not play the local move: it is taken back, with the host's reason."""
        session = self.session
        session.take_back()
        del scene.move_texts[len(session.notation):]
        scene.view.cancel_input()
        scene.view.set_state(session.state)
        scene.landing = None
        scene.view.status = (_("Not allowed: {problem}").format(problem=reason) if reason
                             else _("Not allowed."))
        scene.autosave()

    def _end(self, scene, ended: dict) -> None:
        """The host's word that the game is over."""
        session = self.session
        if session.pending is not None:
            session.take_back()
            del scene.move_texts[len(session.notation):]
            scene.view.set_state(session.state)
        final = self._state_of(ended.get("position"))
        if final is not None and final.position() != session.state.position():
            # the host's last word on the position: time called as the game ended, or the
            # draws of a game of chance, hidden until now
            called = session.take_final(final)
            scene.view.set_state(final)
            if called:
                scene.app.sounds.play("warn")
                scene.view.announce(_("Time!"), BANNER, 3.0,
                                    small=scene.time_rule_text() or "")
        end = ended.get("end")
        if end == "time":           # shown as a flag falling here is (PlayScene._time_news)
            session.stage_flag(ended)
            return
        session.finish(ended)
        reason = ended.get("reason") if isinstance(ended.get("reason"), str) else ""
        if end == "director":
            reason = director_words(ended, [p["name"] for p in session.players])
        if end in END_BANNERS:
            scene.view.announce(_(END_BANNERS[end]), BANNER, 3.0, small=reason)
        scene._end_now()            # what the scene does when a game ends where it stands

    # --- the local player ----------------------------------------------------------------
    def move_problem(self) -> str:
        """Why the local player may not move now, or ""."""
        session, view = self.session, self.view
        if self.seat is None:
            return "you are watching this board"
        if self.connection != "open":
            return "the connection to the host is lost"
        if session is None or session.finished or session.state.is_over:
            return "the game is over"
        if not view.started:
            return "the game has not started: a seat is still free"
        if view.paused:
            return "the game is paused"
        if session.pending is not None:
            return "your move is on its way to the host"
        if session.state.to_move != self.seat:
            return f"it is {self.names()[session.state.to_move]}'s turn"
        if self.queue:
            return "the host's news is still being shown"
        return ""

    def may_move(self) -> bool:
        return not self.move_problem()

    def send_move(self, text: str) -> None:
        think = max(0, int((time.monotonic() - self.turn_began) * 1000))
        self.net.move(self.board, text, think)

    def resign(self) -> None:
        if self.seat is None or self.session.finished:
            return
        self.net.resign(self.board)
        self.app.log(f"resign {self.seat} over the network")
        if self.scene is not None:
            self.scene.view.status = _("Resigning...")

    def offer_draw(self) -> None:
        if self.seat is None or self.session.finished:
            return
        self.net.offer_draw(self.board)
        standing = self.view.draw_offer
        self.app.log("draw offered over the network")
        if self.scene is not None:
            self.scene.view.status = (_("Accepting the draw...") if standing is not None
                                      and standing != self.seat else _("Offering a draw..."))

    # --- the status line and time ----------------------------------------------------------
    def status_words(self) -> str | None:
        """What the status line says of the connection and the other players, or None
        (the scene's own words then: a refusal, the board's words, whose move it is)."""
        session, view = self.session, self.view
        if session is None or session.finished:
            return None
        now = time.monotonic()
        if self.connection == "closed":
            return _("Disconnected: {problem}").format(problem=self.closed_reason)
        if self.connection == "lost":
            return _("The connection to the host is lost: reconnecting ({time})...").format(
                time=minutes_text(now - self.lost_at))
        names = self.names()
        away = [(seat, since) for seat, since in view.away.items()
                if seat != self.seat and type(seat) is int and 0 <= seat < len(names)]
        if away:
            seat, since = min(away, key=lambda item: item[1])
            return _("Waiting for {name} (reconnecting, {time})").format(
                name=isolated(names[seat]), time=minutes_text(now - since))
        if view.paused:
            return _("Paused by the host: the clocks stand still.")
        if not view.started:
            return _("Waiting for every seat to be taken: the game starts then.")
        if session.state.is_over:
            return _("The game is over: waiting for the host's result...")
        if view.draw_offer is not None and view.draw_offer != self.seat and self.seat is not None:
            return _("{name} offers a draw: accept with Offer a draw in the menu (Esc), or play "
                     "on.").format(name=isolated(names[view.draw_offer]))
        to_move = session.state.to_move
        if self.seat is None:
            return (_("Watching: {name} to move.").format(name=isolated(names[to_move]))
                    if to_move is not None else None)
        if to_move != self.seat and to_move is not None and not scene_landing(self.scene):
            return _("Waiting for {name} to move.").format(name=isolated(names[to_move]))
        return None

    def next_poll(self) -> float | None:
        """Seconds until this board must be looked at again without a message coming: soon
        while news waits to be shown or a wait is counted in the status line."""
        if self.closed:
            return None
        session = self.session
        if self.queue or self.refresh or self.connection != "open" or self.view.away \
                or (session is not None and session.pending is not None):
            return POLL
        return IDLE_POLL

    def close(self) -> None:
        """Leave the host (the seat stays ours: the ticket rejoins it) and, when this
        program hosts the board, stop the host."""
        if self.closed:
            return
        self.closed = True
        self.net.close()
        if self.host is not None:
            self.host.stop()


def readable(message: dict) -> dict:
    """``message`` without the fields the board would read that are not of their kind (a
    host's message is checked field by field where it is used: a clock that is no number
    must not reach the sidebar)."""
    def seat(value):
        return value is None or (type(value) is int and 0 <= value <= 3)

    def number(value):
        return type(value) in (int, float) and 0 <= value < 10**12
    checks = {"clocks": lambda v: v is None or (isinstance(v, list) and len(v) <= 4
                                                and all(number(x) for x in v)),
              "running": seat, "turn": seat, "seat": seat,
              "timer_ms": lambda v: v is None or number(v),
              "names": lambda v: isinstance(v, list) and len(v) <= 4,
              "away": lambda v: isinstance(v, list) and all(
                  isinstance(e, dict) and seat(e.get("seat")) and number(e.get("seconds"))
                  for e in v)}
    return {key: value for key, value in message.items()
            if key not in checks or checks[key](value)}


def scene_landing(scene) -> bool:
    """Whether the scene still plays out the last move (its own words say what it does)."""
    return scene is not None and scene.panel_ply < scene.cursor


def _shown_name(name, seat: int) -> str:
    """A seat's name as the host gave it, or "Seat 2" when it gave none that can be shown."""
    from game.files import name_problem
    if isinstance(name, str) and name_problem(name) is None:
        return name
    return _("Seat {n}").format(n=number(seat + 1))
