"""The game of a board of a host, as the play scene asks a session for it:
``RemoteSession``, with the host's clocks (``RemoteClock``) and Calla's game timer
(``RemoteTimer``) as the last event gave them.

It has the face of ``game.session.Session`` that the play scene uses (the position, the
moves, the clocks, how the game ended, its record), answered from what the host said;
its ``RemoteGame`` (``remote.py``) feeds it the host's news and sends the local
player's move.
"""

from __future__ import annotations

import time

from game.clock import default_low_time, parse_time_control
from game.errors import GameError, IllegalMoveError
from game.i18n import _, isolated
from game.session import NotYourTurn, Session


def director_words(ended: dict, names: list) -> str:
    """What a player reads of a game the director ended with a result of their own (the
    host's ``ended`` with ``end`` ``director``), in the player's language."""
    result = ended.get("result")
    if result in ("1-0", "0-1") and len(names) == 2:
        return _("The director ended the game: {name} won.").format(
            name=isolated(str(names[0 if result == "1-0" else 1])))
    if result == "1/2-1/2":
        return _("The director ended the game as a draw.")
    if result == "0-0":
        return _("The director ended the game: neither player scores.")
    return _("The director ended the game.")


class RemoteClock:
    """The host's clocks, as the sidebar and the results read a ``game.clock.Clock``: each
    seat's time as the last event gave it, the running one counted down from the moment
    that event came."""

    def __init__(self, view, control, session: "RemoteSession"):
        self.view = view          # the board as the host told it (``game.net.client.BoardView``)
        self.control = control
        self.players = len(view.names)
        self.low_time_threshold = default_low_time(control)
        self.session = session

    @property
    def running(self) -> bool:
        v = self.view
        return (v.clocks is not None and v.running is not None and v.started
                and not v.paused and not v.over)

    @property
    def active(self) -> int | None:
        return self.view.running if self.view.running is not None else self.view.turn

    @property
    def started(self) -> bool:
        return self.view.started

    @property
    def stopped(self) -> bool:
        return self.view.over

    def remaining(self, player: int) -> float:
        left = self.view.clock_left(player)
        return 0.0 if left is None else left

    def low_time(self, player: int) -> bool:
        return self.remaining(player) <= self.low_time_threshold

    def moves(self, player: int) -> int:
        """The turns ``player`` has finished."""
        s = self.session
        return sum(1 for state in s.history[:s.ply] if state.to_move == player)


class RemoteTimer:
    """Calla's game timer as the host last gave it, running down while the game runs."""

    def __init__(self, view, session: "RemoteSession"):
        self.view = view
        self.session = session

    def remaining(self) -> float:
        v = self.view
        if v.timer_ms is None:
            return 0.0
        left = v.timer_ms / 1000
        if v.started and not v.paused and not v.over \
                and not getattr(self.session.state, "time_called", False):
            left -= time.monotonic() - v.at
        return max(0.0, left)


class RemoteSession:
    """The game of a board of a host, with the face of ``game.session.Session`` the play
    scene uses.  Its history holds the host's positions; the local player's move is shown
    at once and sent (``pending``: its ply) until the host's event confirms it or the
    host's refusal takes it back.  There is no undo: the host keeps the game."""

    can_undo = False
    can_redo = False

    def __init__(self, game: "RemoteGame", spec, start, players: list, config: dict):
        self.game = game
        self.spec = spec
        self.variant = config["variant"]
        self.players = players
        self.labels = [seat["name"] for seat in players]
        self.config = config                 # the game as a record keeps it
        self.history = [start]
        self.notation: list[str] = []
        self.ply = 0
        self.times: list = []
        self.clocks: list = []
        self.time_called_ply: int | None = None
        self.flagged: int | None = None
        self.resigned: int | None = None
        self.agreed = False
        self.ended: dict | None = None       # the host's ``ended`` event
        self.pending: int | None = None      # the ply of the local move the host has not confirmed
        self.played_before = 0.0
        self._began = time.monotonic()
        view = game.view
        try:
            control = parse_time_control(view.time_control or "none")
        except ValueError:
            control = None
        self.clock = (RemoteClock(view, control, self)
                      if control is not None and view.clocks is not None else None)
        self.timer = RemoteTimer(view, self) if view.timer_ms is not None else None
        self._arriving = None                # (state, text): the host's move being shown
        self._staged_called = None           # (ply, state): time called, for check_time
        self._staged_flag = None             # the host's ``ended`` on time, for check_time

    # --- what it answers ------------------------------------------------------------
    @property
    def state(self):
        return self.history[self.ply]

    @property
    def to_move(self):
        return self.state.to_move

    @property
    def finished(self) -> bool:
        """Over once the host says so (a position over by the rules waits for its word)."""
        return self.ended is not None

    @property
    def outcome(self) -> dict | None:
        """How the game ended, as the host said; while its word is on the way, what the
        rules say of a position that is over; else None."""
        state = self.state
        if self.ended is not None:
            ended = self.ended
            winner = ended.get("winner")
            if type(winner) is not int or not 0 <= winner < len(self.players):
                winner = None
            reason = ended.get("reason") if isinstance(ended.get("reason"), str) else ""
            if ended.get("end") == "director":
                reason = director_words(ended, [p["name"] for p in self.players])
        elif state.is_over:
            winner, reason = state.winner, state.describe_end(self.labels)
        else:
            return None
        return {"winner": winner, "reason": reason or _("The game is over."),
                "flagged": self.flagged, "resigned": self.resigned,
                "scores": list(state.scores), "state_position": state.position(),
                "moves": list(self.notation[:self.ply])}

    @property
    def played(self) -> float:
        record = (self.ended or {}).get("record")
        extra = record.get("extra") if isinstance(record, dict) else None
        played = extra.get("played") if isinstance(extra, dict) else None
        if type(played) in (int, float) and played >= 0:
            return float(played)
        return time.monotonic() - self._began

    def seat_of(self, player):
        return (self.players[player] if player is not None and 0 <= player < len(self.players)
                else None)

    def computer_to_move(self) -> bool:
        return False

    def winner_without(self, lost: int) -> int | None:
        return Session.winner_without(self, lost)

    def draw_problem(self) -> str | None:
        problem = Session.draw_problem(self)
        if problem is not None:
            return problem
        view = self.game.view
        if view.draw_offer is not None and view.draw_offer == view.seat:
            others = [n for i, n in enumerate(self.game.names()) if i != view.seat]
            if len(others) == 1:
                return _("Your draw offer stands: {name} may accept it, or play on.").format(
                    name=isolated(others[0]))
            return _("Your draw offer stands: the others may accept it, or play on.")
        return None

    # --- what the scene does through it -----------------------------------------------
    def play(self, move, player=None, text: str | None = None, credit: float = 0.0) -> str:
        """The host's move being shown (staged by ``RemoteGame``), or the local player's
        move: checked with the rules, shown at once, and sent to the host."""
        if self._arriving is not None:
            state, text = self._arriving
            self._arriving = None
            self._append(state, text)
            return text
        problem = self.game.move_problem()
        if problem:
            raise NotYourTurn(problem)
        old = self.state
        try:
            if isinstance(move, str):
                move = self.spec.parse_move(old, move)
            new = old.play(move)
            text = text or self.spec.format_move(old, move)
        except GameError:
            raise                       # as the rules said it
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise IllegalMoveError(str(exc) or _("not a move of this game")) from exc
        self._append(new, text)
        self.pending = self.ply
        self.game.send_move(text)
        return text

    def check_time(self) -> bool:
        """Nothing runs out here (the host keeps the time); time called and a flag fallen,
        as the host said, are taken in now, so the scene shows them as it shows its own."""
        if self._staged_called is not None:
            ply, called = self._staged_called
            self._staged_called = None
            if ply < len(self.history):
                self.history[ply] = called
                self.time_called_ply = ply
        if self._staged_flag is not None:
            ended, self._staged_flag = self._staged_flag, None
            self.finish(ended)
        return self.finished

    def resign(self, player) -> None:
        self.game.resign()

    def agree_draw(self) -> None:
        self.game.offer_draw()

    def undo(self) -> None:
        raise ValueError("no move can be taken back in a game over the network")

    redo = undo

    def pause(self) -> None:
        """The clocks are the host's: a menu opened here stops nothing."""

    resume = start = pause

    def record(self, finished: bool = False) -> dict:
        """The host's own record once the game is over; before, the moves seen so far (kept
        with the seat's ticket: the game itself is the host's to give back)."""
        from game.records.record import make_record, result_of
        if finished and self.ended is not None and isinstance(self.ended.get("record"), dict):
            return self.ended["record"]
        result = None
        if finished and self.outcome is not None:
            outcome = self.outcome
            result = result_of(self.state, outcome["winner"], outcome["reason"],
                               flagged=self.flagged, resigned=self.resigned, agreed=self.agreed)
        return make_record(self.config, self.history[0], self.notation[:self.ply], self.ply,
                           result=result)

    # --- what the host says -------------------------------------------------------------
    def _append(self, state, text: str) -> None:
        del self.history[self.ply + 1:]
        del self.notation[self.ply:]
        self.history.append(state)
        self.notation.append(text)
        self.ply += 1

    def add_host_move(self, state, text: str) -> None:
        """A move of the host's, taken in without being shown (catching up)."""
        self._append(state, text)

    def stage_arrival(self, state, text: str) -> None:
        """The host's move, for the scene's next ``play`` (it is shown as a computer's is)."""
        self._arriving = (state, text)

    def confirm(self, ply: int, state, text: str) -> bool:
        """The host played the local move of ``ply``: its position replaces the one shown;
        True when they differ (a draw the host made)."""
        differs = self.history[ply].position() != state.position()
        self.history[ply] = state
        self.notation[ply - 1] = text
        self.pending = None
        return differs

    def take_back(self) -> None:
        """The local move the host did not play is forgotten."""
        ply, self.pending = self.pending, None
        if ply is None or ply != self.ply:
            return
        self.ply = ply - 1
        del self.history[ply:]
        del self.notation[ply - 1:]

    def call_time(self, called, live: bool) -> None:
        """The host called time (Calla's game timer ran out): its position replaces the
        confirmed one; ``live``: at the scene's next look at the time, which announces it."""
        ply = self.ply - (1 if self.pending is not None else 0)
        if live:
            self._staged_called = (ply, called)
        else:
            self.history[ply] = called
            self.time_called_ply = ply

    def take_final(self, final) -> bool:
        """The host's final position in place of the one shown; True when it is the one
        time was called in."""
        called = bool(getattr(final, "time_called", False)) \
            and not getattr(self.state, "time_called", False)
        self.history[self.ply] = final
        if called:
            self.time_called_ply = self.ply
        return called

    def stage_flag(self, ended: dict) -> None:
        self._staged_flag = ended

    def finish(self, ended: dict) -> None:
        """The host's ``ended``: who lost outside the rules comes from its record."""
        self.ended = ended
        record = ended.get("record")
        result = record.get("result") if isinstance(record, dict) else None
        result = result if isinstance(result, dict) else {}

        def seat(name):
            value = result.get(name)
            return value if type(value) is int and 0 <= value < len(self.players) else None
        end = ended.get("end")
        if end == "time":
            self.flagged = seat("flagged")
        elif end in ("resigned", "forfeit"):
            self.resigned = seat("resigned")
        elif end == "agreed":
            self.agreed = True
