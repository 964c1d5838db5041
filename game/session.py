"""One game in progress: its moves, its clocks and Calla's game timer, how it ended, its record.

A ``Session`` holds everything about a game being played that is not about a screen,
so that the play scene, the tournament command line and a network host keep the same
rules of time and of ending, written once::

    session = Session("calla", options={"time_limit_minutes": 15}, time_control="5+3")
    session.play("3")                   # the player to move sows shield 3; returns "3"
    session.check_time()                # call often: a flag falls, the game timer calls time
    session.record()                    # the .callidus record; Session.from_record reads it

Making one::

    Session(spec, variant=None, options=None, players=None, time_control=None, seed=None,
            state=None, now=time.monotonic)

``spec`` is a ``GameSpec`` or a game's name; ``options`` the rule options (Calla's
``time_limit_minutes`` sets the game timer: a game timer runs only when the options
name it, and only in a game that declares one, ``GameSpec.game_timer``);
``players`` one seat per player, each ``{"name", "kind": "human"|"computer",
"level"}`` or just a name (a person); ``time_control`` a text such as ``"5+3"``, a
``TimeControl`` or None; ``state`` a position to start from instead of a new game
(``seed`` draws that).  ``Session.from_config(config)`` makes one from the play
scene's config (the ``config`` a record holds), ``Session.replay(spec, moves, ...)``
one played on by its moves with the clocks it had, ``Session.from_record(record)``
one from its record, clocks and all (``snapshot()`` is that record, with the result
once the game is over, and ``restore`` is ``from_record``).

Time is read from ``now`` (seconds, monotonic; the play scene hands its own play time,
which stands still while it is paused): never the wall clock, and a test steps it by
hand.  The game timer runs from the moment the session is made; each player's clock from
the first ``start()``, ``check_time()`` or ``play()``, so that time before the game is
under way (a screen being built) is nobody's.  ``pause()`` and ``resume()`` stop and
restart them all.  A game carried on from its record runs on from the moment it is
read: time while nothing held the game is not charged.

What it answers: ``spec``, ``variant``, ``config``, ``players``, ``labels`` (each player
as the end of the game names them; their names unless set), ``state`` (the position now),
``history`` (every state from the start, moves taken back and not yet replaced
included), ``notation`` (the canonical text of each move in ``history``), ``ply`` (the
index of ``state`` in ``history``), ``to_move``, ``clock`` (a ``Clock`` or None),
``timer`` (the ``GameTimer`` or None), ``times`` (seconds each move took), ``clocks``
(every clock after each move), ``time_called_ply``, ``flagged``, ``resigned``,
``agreed``, ``finished``, ``outcome`` (None while the game goes on), ``played``
(seconds the game has been played, over every sitting).

What changes it:

- ``play(move, player=None, text=None, credit=0.0) -> str`` plays a move (its text or
  the move itself) and returns its canonical text.  It refuses (``GameOver``,
  ``NotYourTurn``, both ``IllegalMoveError``s; the rules' own ``InvalidMoveError`` or
  ``IllegalMoveError``; all ``game.errors.GameError``) when the game is over, when it
  is not ``player``'s turn, or when the move is unreadable or illegal; nothing changes
  then.  It presses the mover's clock; ``credit`` is seconds of network lag given back
  to the mover, at most ``LAG_CREDIT_MAX`` a move and never more than the move took.
  A move that comes after the mover's flag fell ends the game on time instead.
- ``check_time() -> bool`` ends the game when a flag fell, and when Calla's game timer
  has run out calls time (``state.call_time()``: the game goes on under the
  time-called rule, or ends); True when the game ended now.
- ``resign(player)``, ``agree_draw()`` (``draw_problem()`` says why not), ``undo()``,
  ``redo()`` (``can_undo``, ``can_redo``: never on the clock or once the game is over;
  against the computer back to the last position a person was to move), ``pause()``,
  ``resume()``.
- ``record(finished=False)``: the game as a ``.callidus`` record (``game.records``), up
  to the last move made; ``finished``: up to ``state``, with the result.
"""

from __future__ import annotations

import math
import time

from .clock import Clock, GameTimer, TimeControl, format_time_control, parse_time_control
from .errors import GameError, IllegalMoveError
from .i18n import _, number

#: The most seconds of network lag given back to a mover per move (``play``'s ``credit``),
#: as the big online servers give: enough for a slow connection, too little to live on.
LAG_CREDIT_MAX = 1.0
#: Seconds a game may hold as played in all (far above any real game), as records check.
PLAYED_MAX = 10 ** 7


class GameOver(IllegalMoveError):
    """A move, a resignation or a draw asked for after the game ended."""


class NotYourTurn(IllegalMoveError):
    """A move made by a player who is not to move."""


class Session:
    """One game in progress (see the module docstring)."""

    def __init__(self, spec, variant=None, options=None, players=None, time_control=None,
                 seed=None, state=None, now=time.monotonic):
        from . import GAMES
        if isinstance(spec, str):
            if spec not in GAMES:
                raise ValueError(f"no game called {spec!r}; the games are {', '.join(GAMES)}")
            spec = GAMES[spec]
        self.spec = spec
        self.variant = spec.check_variant(variant)
        options = dict(options or {})
        if isinstance(time_control, str):
            time_control = parse_time_control(time_control)
        if time_control is not None and not isinstance(time_control, TimeControl):
            raise ValueError("time_control must be a text like 5+3, a TimeControl or None")
        count = spec.players(self.variant)
        self.players = _seats(players, count)
        if state is None:
            state = spec.new_game(variant=self.variant, seed=seed, **options)
        #: What a record keeps of how the game was set up (``game.records``).
        self.config = {"game": spec.name, "variant": self.variant, "options": options,
                       "seats": self.players,
                       "time_control": (None if time_control is None
                                        else format_time_control(time_control))}
        self.labels = [seat["name"] for seat in self.players]
        self._now = now
        self.history = [state]
        self.notation: list[str] = []
        self.ply = 0
        self.time_called_ply: int | None = None
        # times[i]: the seconds move i took; clocks[i]: every clock after it
        self.times: list = []
        self.clocks: list = []
        self.flagged: int | None = None
        self.resigned: int | None = None
        self.agreed = False
        self.clock = Clock(time_control, players=count, now=now) if time_control else None
        minutes = options.get("time_limit_minutes", 0)
        self.timer = None
        if spec.game_timer and minutes:
            self.timer = GameTimer(minutes * 60.0, now=now)
            self.timer.start()
        self.played_before = 0.0        # seconds played in the sittings before this one
        self._played = 0.0               # ...and in this one, up to ``_since``
        self._since: float | None = self._read()
        self._paused = False
        self._turn_began = self._read()  # when the move now awaited could first be made

    @classmethod
    def from_config(cls, config: dict, state=None, seed=None, now=time.monotonic) -> "Session":
        """The session of the play scene's ``config`` (game, variant, options, seats,
        time_control and what else it holds, which the record keeps as it is)."""
        session = cls(config["game"], variant=config.get("variant"),
                      options=config.get("options", {}), players=config["seats"],
                      time_control=config.get("time_control") or None, seed=seed,
                      state=state, now=now)
        session.config = config
        session.players = config["seats"]
        return session

    # --- what it answers -----------------------------------------------------------
    @property
    def state(self):
        return self.history[self.ply]

    @property
    def to_move(self) -> int | None:
        return self.state.to_move

    @property
    def finished(self) -> bool:
        """The game is over: by the rules, a flag fall, a resignation or an agreed draw."""
        return (self.state.is_over or self.flagged is not None or self.resigned is not None
                or self.agreed)

    @property
    def outcome(self) -> dict | None:
        """How the game ended, None while it goes on: ``winner`` (a player or None),
        ``reason`` (a sentence naming the players by ``labels``), ``flagged``,
        ``resigned``, ``scores``, ``state_position``, ``moves`` (the canonical texts)."""
        return self._outcome() if self.finished else None

    @property
    def played(self) -> float:
        """Seconds the game has been played, in every sitting, pauses left out."""
        now = self._played
        if self._since is not None:
            now += max(0.0, self._read() - self._since)
        return self.played_before + now

    def seat_of(self, player):
        """The seat of ``player`` (a player index), or None."""
        return (self.players[player] if player is not None and 0 <= player < len(self.players)
                else None)

    def computer_to_move(self) -> bool:
        seat = self.seat_of(self.to_move)
        return seat is not None and seat.get("kind") == "computer"

    def winner_without(self, lost: int) -> int | None:
        """Who wins when player ``lost`` loses outside the rules (a flag, a resignation): the
        opponent, or with more players the one ahead of the others, if one is."""
        scores = self.state.scores
        others = [p for p in range(len(self.players)) if p != lost]
        best = max(scores[p] for p in others)
        top = [p for p in others if scores[p] == best]
        return others[0] if len(others) == 1 else (top[0] if len(top) == 1 else None)

    # --- moves -----------------------------------------------------------------------
    def play(self, move, player: int | None = None, text: str | None = None,
             credit: float = 0.0) -> str:
        """Play ``move`` (its text, or a move of the game) for the player to move, or only
        if that is ``player``; return its canonical text (``text`` when given: the caller
        vouches it is the move's notation, as a computer player's answer is).  Refusals:
        see the module docstring."""
        if isinstance(credit, bool) or not isinstance(credit, (int, float)):
            raise ValueError(f"credit must be a number of seconds, not {credit!r}")
        self._refuse_if_over()
        self._call_time_if_due()
        self._refuse_if_over()
        old = self.state
        if player is not None and player != old.to_move:
            raise NotYourTurn(_("it is not {name}'s turn: {mover} is to move").format(
                name=self._name(player), mover=self._name(old.to_move)))
        try:
            if isinstance(move, str):
                move = self.spec.parse_move(old, move)
            new = old.play(move)
            text = text or self.spec.format_move(old, move)
        except GameError:
            raise                       # InvalidMoveError or IllegalMoveError, as the rules said
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise IllegalMoveError(str(exc) or _("not a move of this game")) from exc
        credit = min(LAG_CREDIT_MAX, float(credit)) if credit > 0 else 0.0   # and not NaN
        clock = self.clock
        if clock is not None:
            self.start()
            clock.give_back(credit)
            if clock.flagged() is not None:
                self._flag_fell(clock.flagged())
                self._refuse_if_over()
            if new.is_over:
                clock.stop()
            elif new.to_move != old.to_move and not clock.press(old.to_move, new.to_move):
                self._flag_fell(old.to_move)    # the flag fell as the move was made
                self._refuse_if_over()
        self._truncate()
        self.history.append(new)
        self.notation.append(text)
        self.ply += 1
        self._note_time(credit)
        self._settle()
        return text

    def check_time(self) -> bool:
        """End the game when a flag fell, call time when the game timer ran out (see the
        module docstring); True when the game ended now."""
        if self.finished:
            return False
        self.start()
        if self.clock is not None and self.clock.flagged() is not None:
            self._flag_fell(self.clock.flagged())
            return True
        self._call_time_if_due()
        return self.finished

    def start(self) -> None:
        """Set the clock of the player to move going, if it has not started (``play`` and
        ``check_time`` do it when nothing has)."""
        clock = self.clock
        if clock is not None and not clock.started and not self.finished:
            clock.start(self.to_move if self.to_move is not None else 0)
            if self._paused:
                clock.pause()

    def resign(self, player: int) -> None:
        """``player`` resigns: the game ends at once, the opponent wins."""
        self._refuse_if_over()
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < len(self.players):
            raise ValueError(f"no player {player!r} in this game")
        self.resigned = player
        self._end_now()

    def draw_problem(self) -> str | None:
        """Why this game cannot be drawn by agreement now, or None."""
        if self.finished:
            return _("The game is over.")
        if len(self.players) != 2:
            return _("A draw is agreed between two players; this game has more.")
        if self.spec.no_draw:
            return _("A game of {game} cannot end in a draw: {why}.").format(
                game=self.spec.title, why=_(self.spec.no_draw))
        return None

    def agree_draw(self) -> None:
        """The players agree a draw: the game ends at once, nobody wins."""
        problem = self.draw_problem()
        if problem is not None:
            raise (GameOver if self.finished else ValueError)(problem)
        self.agreed = True
        self._end_now()

    def pause(self) -> None:
        """Stop the clocks, the game timer and the time played.  Harmless twice."""
        if self._paused:
            return
        self._paused = True
        if self.clock is not None:
            self.clock.pause()
        if self.timer is not None:
            self.timer.pause()
        self._stop_played()

    def resume(self) -> None:
        """Let time run again after ``pause`` (not in a game over)."""
        if not self._paused:
            return
        self._paused = False
        if self.finished:
            return
        if self.clock is not None and self.clock.started:
            self.clock.resume()
        if self.timer is not None:
            self.timer.resume()
        self._since = self._read()

    # --- undo and redo ----------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """A move can be taken back: never on the clock or once the game is over; against
        the computer only to a position where a person was to move."""
        if self.ply == 0 or self.clock is not None or self.finished:
            return False
        if not any(seat.get("kind") == "computer" for seat in self.players):
            return True
        return any((self.seat_of(s.to_move) or {}).get("kind") == "human"
                   for s in self.history[:self.ply])

    @property
    def can_redo(self) -> bool:
        return self.clock is None and self.ply < len(self.history) - 1

    def undo(self) -> None:
        """Take back a move (against the computer, back to where a person was to move)."""
        if not self.can_undo:
            raise ValueError(_("no move can be taken back now"))
        self.ply -= 1
        while self.ply > 0 and self.computer_to_move():
            self.ply -= 1
        self._turn_began = self._read()

    def redo(self) -> None:
        """Play again a move taken back (and the computer's answers after it)."""
        if not self.can_redo:
            raise ValueError(_("no move taken back to play again"))
        self.ply += 1
        while self.can_redo and self.computer_to_move():
            self.ply += 1
        self._turn_began = self._read()
        self._settle()

    # --- records ----------------------------------------------------------------------
    def record(self, finished: bool = False) -> dict:
        """The game as a record (``game.records.record``): every move made, the clocks and
        the game timer as they stand; ``finished``: up to ``state``, with the result."""
        from .records.record import make_record, result_of
        moves = len(self.notation) if not finished else self.ply
        result = None
        if finished:
            outcome = self._outcome()
            result = result_of(self.state, outcome["winner"], outcome["reason"],
                               flagged=outcome["flagged"], resigned=outcome["resigned"],
                               agreed=self.agreed)
        return make_record(self.config, self.history[0], self.notation[:moves], self.ply,
                           extra={"timer": None if self.timer is None else self.timer.remaining(),
                                  "time_called_ply": self.time_called_ply,
                                  "clock": self.clock.snapshot() if self.clock else None,
                                  "played": round(self.played, 1)},
                           times=(self.times + [None] * moves)[:moves],
                           clocks=(None if self.clock is None
                                   else (self.clocks + [None] * moves)[:moves]),
                           result=result)

    def snapshot(self) -> dict:
        """The record ``restore`` makes this session again from, clocks and all: ``record``,
        with its result once the game is over."""
        return self.record(finished=self.finished)

    @classmethod
    def from_record(cls, record: dict, now=time.monotonic) -> "Session":
        """The game of ``record`` exactly where it was left, its clocks and game timer
        running on from now.  Everything is checked first (``replay`` the game, its config
        and every move; then the timer, the clock and the time played): a damaged record
        raises ``RecordProblem`` naming the field."""
        from .records.record import RecordProblem, replay
        spec, config, states, notation, cursor = replay(record)
        left, called, clock = _restored_time(record, spec, config, states, cursor)
        extra = record.get("extra") if isinstance(record.get("extra"), dict) else {}
        played = extra.get("played", 0.0)
        if type(played) not in (int, float) or not 0 <= played < PLAYED_MAX:
            raise RecordProblem("field 'extra.played' must be the seconds the game has been played")
        session = cls.from_config(config, state=states[0], now=now)
        session.history = states
        session.notation = notation
        session.ply = cursor
        session.time_called_ply = called
        session.times = list(record.get("times") or [])
        session.clocks = list(record.get("clocks") or [])
        if session.timer is not None:
            session.timer = _running_timer(session.timer.total, left, now)
        if clock is not None:
            session.clock = Clock.restore(clock, now=now)
        session.played_before = float(played)
        result = record.get("result")       # checked by ``replay``: how a game over ended
        if isinstance(result, dict):
            end = result.get("end")
            if end == "time":
                session.flagged = result["flagged"]
            elif end == "resigned":
                session.resigned = result["resigned"]
            elif end == "agreed":
                session.agreed = True
        session._settle()
        return session

    restore = from_record

    @classmethod
    def replay(cls, spec, moves, *, clock: Clock | None = None, timer: GameTimer | None = None,
               time_called_ply: int | None = None, now=time.monotonic, **setup) -> "Session":
        """The game made as ``Session(spec, **setup)`` played on by ``moves`` (texts), time
        called before move ``time_called_ply`` was made, with ``clock`` and ``timer`` (as
        restored from their snapshots on ``now``) in place of new ones.  ValueError names
        the first bad move, or a clock or timer that is not this game's."""
        session = cls(spec, now=now, **setup)
        if not isinstance(moves, list):
            raise ValueError("the moves must be a list of move texts")
        if time_called_ply is not None and (not session.spec.game_timer
                                            or type(time_called_ply) is not int
                                            or not 0 <= time_called_ply <= len(moves)):
            raise ValueError("time was called at no ply of this game on a game timer")
        state = session.state
        for ply, text in enumerate(moves):
            if ply == time_called_ply:
                state = session.history[ply] = state.call_time()
            try:
                move = session.spec.parse_move(state, text)
                session.notation.append(session.spec.format_move(state, move))
                state = state.play(move)
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                raise ValueError(f"move {ply + 1} {text!r}: {exc}") from None
            session.history.append(state)
        if time_called_ply == len(moves):
            session.history[-1] = state.call_time()
        session.ply = len(moves)
        session.time_called_ply = time_called_ply
        if clock is not None:
            if session.clock is None or clock.control != session.clock.control \
                    or clock.players != session.clock.players:
                raise ValueError("the clock is not the clock of this game's time control")
            session.clock = clock
        if timer is not None:
            if session.timer is None or timer.total != session.timer.total:
                raise ValueError("the game timer is not this game's")
            session.timer = timer
        session._settle()
        return session

    # --- inside ------------------------------------------------------------------------
    def _read(self) -> float:
        return float(self._now())

    def _name(self, player) -> str:
        seat = self.seat_of(player)
        return seat["name"] if seat is not None else _("player {n}").format(n=number(player))

    def _refuse_if_over(self) -> None:
        if self.finished:
            raise GameOver(_("the game is over: {reason}").format(
                reason=self._outcome()["reason"]))

    def _outcome(self) -> dict:
        state = self.state
        if self.flagged is not None or self.resigned is not None:
            lost = self.flagged if self.flagged is not None else self.resigned
            winner = self.winner_without(lost)
            reason = (_("{name} ran out of time.") if self.flagged is not None
                      else _("{name} resigned.")).format(name=self.labels[lost])
        elif self.agreed:
            winner, reason = None, _("Drawn by agreement.")
        else:
            winner = state.winner
            reason = state.describe_end(self.labels) or _("The game is over.")
        return {"winner": winner, "reason": reason, "flagged": self.flagged,
                "resigned": self.resigned,
                "scores": list(state.scores),
                "state_position": state.position(), "moves": list(self.notation[:self.ply])}

    def _call_time_if_due(self) -> None:
        """Call time the moment the game timer has run out, once: the position now is
        replaced by the engine's ``call_time()`` (moves taken back are forgotten)."""
        timer = self.timer
        if timer is None or self.finished or not timer.expired or self.state.time_called:
            return
        called = self.state.call_time()
        self._truncate()
        self.history[self.ply] = called
        self.time_called_ply = self.ply
        self._settle()

    def _flag_fell(self, player: int) -> None:
        self.flagged = player
        self.clock.stop()
        self._settle()

    def _end_now(self) -> None:
        """End the game where it stands (a resignation, an agreed draw): the clocks stop
        and moves taken back are forgotten."""
        if self.clock is not None:
            self.clock.stop()
        self._truncate()
        self._settle()

    def _settle(self) -> None:
        """Once the game is over, nothing runs on: the clocks, the timer, the time played."""
        if not self.finished:
            return
        if self.clock is not None and not self.clock.stopped:
            self.clock.stop()
        if self.timer is not None:
            self.timer.pause()
        self._stop_played()

    def _stop_played(self) -> None:
        if self._since is not None:
            self._played += max(0.0, self._read() - self._since)
            self._since = None

    def _truncate(self) -> None:
        """Forget the moves after ``ply`` (a new move replaces what undo took back)."""
        del self.history[self.ply + 1:]
        del self.notation[self.ply:]
        if self.time_called_ply is not None and self.time_called_ply > self.ply:
            self.time_called_ply = None

    def _note_time(self, credit: float = 0.0) -> None:
        """Note the time the move just made took (less the lag given back), and the clocks
        after it."""
        ply = self.ply - 1
        now = self._read()
        used, self._turn_began = max(0.0, now - self._turn_began - credit), now
        reading = (None if self.clock is None else
                   [round(self.clock.remaining(p), 3) for p in range(self.clock.players)])
        for log in (self.times, self.clocks):
            del log[ply:]
            log.extend([None] * (ply - len(log)))
        self.times.append(round(used, 3))
        self.clocks.append(reading)


def _seats(players, count: int) -> list:
    """One seat per player: each a seat dict as given, or a name for a person."""
    if players is None:
        return [{"name": f"Player {i + 1}", "kind": "human"} for i in range(count)]
    seats = [{"name": p, "kind": "human"} if isinstance(p, str) else p for p in players]
    if len(seats) != count or not all(isinstance(s, dict) and isinstance(s.get("name"), str)
                                      for s in seats):
        raise ValueError(f"players must name the {count} players, each by a name or a seat")
    return seats


def _running_timer(total: float, left: float, now) -> GameTimer:
    timer = GameTimer(total, now=now, left=left)
    timer.start()
    return timer


def _restored_time(record: dict, spec, config: dict, states: list, cursor: int):
    """The timer's seconds left, the ply time was called at and the clock snapshot of a
    record, checked against the game: ``(left, called, clock)``.  Raises RecordProblem
    naming the field."""
    from .records.record import RecordProblem
    extra = record.get("extra")
    extra = {} if extra is None else extra
    if not isinstance(extra, dict):
        raise RecordProblem("field 'extra' must be an object")
    unknown = sorted(str(k) for k in set(extra) - {"timer", "time_called_ply", "clock", "played"})
    if unknown:
        raise RecordProblem(f"field 'extra': unknown field {unknown[0]!r}")
    minutes = config.get("options", {}).get("time_limit_minutes", 0)
    limit = minutes * 60.0 if spec.game_timer and minutes else None

    timer = extra.get("timer")
    if limit is None and timer is not None:
        raise RecordProblem("field 'extra.timer': this game has no game timer")
    if limit is not None and (type(timer) not in (int, float) or not math.isfinite(timer)
                              or not 0 <= timer <= limit):
        raise RecordProblem(f"field 'extra.timer' must be between 0 and {limit:g} seconds")
    called = extra.get("time_called_ply")
    if called is not None:
        if limit is None or type(called) is not int or not 0 <= called <= cursor:
            raise RecordProblem("field 'extra.time_called_ply' must be a ply of the game "
                                "on a game timer")
        if timer != 0:
            raise RecordProblem("field 'extra.time_called_ply': time was called with time left")
        # (``replay`` played the moves after the timer ran out under the time-called rule)

    control = parse_time_control(config.get("time_control") or "none")
    data = extra.get("clock")
    if control is None:
        if data is not None:
            raise RecordProblem("field 'extra.clock': this game has no clock")
        return timer, called, None
    if not isinstance(data, dict):
        raise RecordProblem("field 'extra.clock' is missing for a game on the clock")
    try:
        clock = Clock.restore(data, now=lambda: 0.0)
    except ValueError as exc:
        raise RecordProblem(f"extra.{exc}") from None       # "extra.clock: field ..."
    players = len(config["seats"])
    if clock.control != control or clock.players != players:
        raise RecordProblem("field 'extra.clock' is not the clock of config.time_control "
                            f"for {players} players")
    state = states[cursor]
    if clock.started and not clock.stopped and clock.flagged() is None \
            and clock.active != state.to_move:
        raise RecordProblem(f"field 'extra.clock' runs for player {clock.active}, "
                            f"but player {state.to_move} is to move")
    for player in range(players):
        turns = sum(1 for s in states[:cursor] if s.to_move == player)
        if clock.moves(player) > turns:
            raise RecordProblem(f"field 'extra.clock' counts {clock.moves(player)} moves of "
                                f"player {player}, who made {turns}")
    return timer, called, data
