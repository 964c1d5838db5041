"""Game clocks: per-player clocks and Calla's shared game timer.

A ``TimeControl`` says how much time a player has: sudden death, a Fischer
increment (added after every move) or a Bronstein delay (time used in a move,
up to the delay, is given back after it).  ``Clock`` runs one clock per
player; ``GameTimer`` is the single countdown Calla plays against, after which
the caller applies the engine's ``state.call_time()``.

Time is read from an injected monotonic source (``now``, by default
``time.monotonic``), never from the wall clock: tests drive clocks with a fake
source and no sleeping, and setting the computer's clock does not move them.
A source that steps backwards is treated as standing still.

Time-control text (``parse_time_control`` / ``format_time_control``)::

    control  :=  main [ "+" seconds | "d" seconds ]   |   "none"
    main     :=  number [ "m" | "s" ]       minutes unless marked "s"
    seconds  :=  number [ "s" ]
    number   :=  digits [ "." digits ]

``5+3`` is 5 minutes with a 3 s increment, ``10`` is 10 minutes sudden death,
``3d2`` is 3 minutes with a 2 s Bronstein delay, ``90s+0`` is 90 seconds
sudden death (a zero increment is no increment).  Spaces and case are ignored.
``none`` (or ``untimed``) means no clock and parses to None.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass

from .core import Fields, seconds_value
from .i18n import _, number

#: Largest main time and largest increment or delay, in seconds.
MAX_MAIN = 600 * 60
MAX_EXTRA = 3600

_CONTROL = re.compile(
    r"^(?P<main>\d+(?:\.\d+)?)(?P<unit>m|min|s)?"
    r"(?:(?P<sep>[+d])(?P<extra>\d+(?:\.\d+)?)s?)?$", re.ASCII)   # digits 0-9 only

_EXAMPLES = ("e.g. 5+3 (5 min + 3 s increment), 10 (10 min sudden death), "
             "3d2 (3 min with a 2 s Bronstein delay), 90s+0 or none")


@dataclass(frozen=True)
class TimeControl:
    """How much time each player has, in seconds.

    At most one of ``increment`` (Fischer) and ``delay`` (Bronstein) is set;
    with neither the control is sudden death.
    """

    main: float
    increment: float = 0.0
    delay: float = 0.0

    def __post_init__(self):
        for name in ("main", "increment", "delay"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
                raise ValueError(f"time control {name} must be a number of seconds, not {value!r}")
        if not 0 < self.main <= MAX_MAIN:
            raise ValueError(f"main time must be more than 0 and at most {MAX_MAIN // 60} minutes")
        for name in ("increment", "delay"):
            if not 0 <= getattr(self, name) <= MAX_EXTRA:
                raise ValueError(f"{name} must be between 0 and {MAX_EXTRA} seconds")
        if self.increment and self.delay:
            raise ValueError("a time control has an increment or a delay, not both")

    @property
    def kind(self) -> str:
        """``"sudden death"``, ``"fischer"`` or ``"bronstein"``."""
        if self.increment:
            return "fischer"
        if self.delay:
            return "bronstein"
        return "sudden death"

    def describe(self) -> str:
        """A phrase for the setup screen, e.g. ``5 min + 3 s per move``, in the language
        in use."""
        minutes = self.main % 60 == 0
        main = _said(self.main / 60 if minutes else self.main)
        if self.increment:
            text = (_("{main} min + {extra} s per move") if minutes
                    else _("{main} s + {extra} s per move"))
            return text.format(main=main, extra=_said(self.increment))
        if self.delay:
            text = _("{main} min, {extra} s delay") if minutes else _("{main} s, {extra} s delay")
            return text.format(main=main, extra=_said(self.delay))
        return (_("{main} min sudden death") if minutes
                else _("{main} s sudden death")).format(main=main)

    def __str__(self) -> str:
        return format_time_control(self)


def parse_time_control(text: str) -> TimeControl | None:
    """Read a time control written as in the module docstring; None for ``none``.

    Raises ValueError naming the text and showing the accepted forms.
    """
    if not isinstance(text, str):
        raise ValueError(f"time control must be text, not {type(text).__name__}")
    word = re.sub(r"\s+", "", text).lower()
    if word in ("none", "untimed"):
        return None
    match = _CONTROL.match(word)
    if not match:
        raise ValueError(f"time control {text!r} is not understood; write it {_EXAMPLES}")
    main = float(match["main"])
    if match["unit"] != "s":
        main *= 60
    extra = float(match["extra"]) if match["extra"] else 0.0
    increment = extra if match["sep"] == "+" else 0.0
    delay = extra if match["sep"] == "d" else 0.0
    try:
        return TimeControl(round(main, 3), round(increment, 3), round(delay, 3))
    except ValueError as exc:
        raise ValueError(f"time control {text!r}: {exc}") from None


def format_time_control(control: TimeControl | None) -> str:
    """The canonical text of a control: ``parse_time_control`` reads it back equal."""
    if control is None:
        return "none"
    if control.main % 60 == 0:
        text = _number(control.main / 60)
    else:
        text = f"{_number(control.main)}s"
    if control.increment:
        text += f"+{_number(control.increment)}"
    elif control.delay:
        text += f"d{_number(control.delay)}"
    return text


def _number(value: float) -> str:
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _said(value: float) -> str:
    """A number of a time control as a player reads it (the language's decimal sign and
    digits)."""
    text = _number(value)
    return number(float(text)) if "." in text else number(int(text))


def default_low_time(control: TimeControl) -> float:
    """The warning threshold when none is given: a tenth of the main time, 10 s to 60 s."""
    return max(10.0, min(60.0, control.main / 10))


class Clock:
    """One clock per player; the clock of the player to move runs.

    ``start(player)`` sets the first player's clock going; ``press(player)``
    ends that player's turn (the increment or delay is applied) and starts the
    next player's clock.  When a running clock reaches zero its flag falls:
    ``flagged()`` names the player, who loses, and the clock stops.  A press
    after the flag fell does not count.  Bronstein delay is the true Bronstein
    form: the clock counts down from the start of the turn and, after the move,
    gives back the time used up to the delay, so the flag can fall within the
    delay when less time is left than the delay.
    """

    def __init__(self, control: TimeControl, players: int = 2, now=time.monotonic,
                 low_time: float | None = None):
        if not isinstance(control, TimeControl):
            raise ValueError("a clock needs a TimeControl (parse text with parse_time_control)")
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise ValueError(f"players must be a whole number of at least 1, not {players!r}")
        self.control = control
        self.players = players
        self.low_time_threshold = default_low_time(control) if low_time is None else float(low_time)
        self._now = now
        self._stored = [float(control.main)] * players  # time left when each turn began
        self._moves = [0] * players
        self._active: int | None = None
        self._turn_used = 0.0   # time used this turn before the running stretch
        self._since: float | None = None  # source reading when the running stretch began
        self._flag: int | None = None
        self._started = False
        self._stopped = False

    # --- state ----------------------------------------------------------
    @property
    def active(self) -> int | None:
        """The player whose turn the clock is timing (also while paused)."""
        return self._active

    @property
    def started(self) -> bool:
        return self._started

    @property
    def stopped(self) -> bool:
        return self._stopped

    @property
    def running(self) -> bool:
        self._check_flag()
        return self._since is not None

    @property
    def paused(self) -> bool:
        self._check_flag()
        return (self._started and not self._stopped and self._flag is None
                and self._since is None)

    def moves(self, player: int) -> int:
        """Number of completed turns (presses) of ``player``."""
        return self._moves[self._player(player)]

    def remaining(self, player: int) -> float:
        """Seconds left on ``player``'s clock, never below 0."""
        player = self._player(player)
        self._check_flag()
        if player != self._active:
            return self._stored[player]
        return max(0.0, self._stored[player] - self._used())

    def flagged(self) -> int | None:
        """The player whose flag has fallen, or None."""
        self._check_flag()
        return self._flag

    def low_time(self, player: int) -> bool:
        """True when ``player`` has no more than the warning threshold left."""
        return self.remaining(player) <= self.low_time_threshold

    # --- actions ----------------------------------------------------------
    def start(self, player: int = 0) -> None:
        """Start the clock of ``player``, who moves first."""
        player = self._player(player)
        if self._started:
            raise ValueError("the clock has already been started")
        self._started = True
        self._active = player
        self._since = self._read()

    def press(self, player: int, next_player: int | None = None) -> bool:
        """End ``player``'s turn and start ``next_player``'s clock (default: the next index).

        Returns False, changing nothing, when ``player``'s flag has already
        fallen.  Pressing while paused ends the turn and leaves the clock paused.
        """
        player = self._player(player)
        if not self._started:
            raise ValueError("the clock has not been started")
        if self._stopped:
            raise ValueError("the clock has been stopped")
        if player != self._active:
            raise ValueError(f"it is player {self._active}'s clock that runs, not player {player}'s")
        nxt = (player + 1) % self.players if next_player is None else self._player(next_player)
        if self._check_flag() is not None:
            return False
        used = self._used()
        left = self._stored[player] - used + self.control.increment + min(used, self.control.delay)
        self._stored[player] = round(left, 6)
        self._moves[player] += 1
        self._active = nxt
        self._turn_used = 0.0
        self._since = self._read() if self._since is not None else None
        return True

    def give_back(self, seconds: float) -> float:
        """Give the player whose clock runs back up to ``seconds`` of this turn (never more
        than the turn has used), as a move's network lag is given back; returns the seconds
        given.  A flag that has already fallen stays fallen: nothing is given then."""
        if (self._flag is not None or self._active is None or self._stopped
                or not seconds > 0):
            return 0.0
        used = self._used()
        back = min(float(seconds), used)
        self._turn_used = used - back
        if self._since is not None:
            self._since = self._read()
        return back

    def pause(self) -> None:
        """Stop time running; the player to move keeps the turn.  Pausing twice is harmless."""
        if self._check_flag() is not None or self._since is None:
            return
        self._turn_used = self._used()
        self._since = None

    def resume(self) -> None:
        """Let time run again after ``pause``."""
        if self.paused:
            self._since = self._read()

    def stop(self) -> None:
        """The game is over: freeze every clock as it stands."""
        self.pause()
        self._stopped = True

    # --- saving -------------------------------------------------------------
    def snapshot(self) -> dict:
        """A JSON-able dict that ``Clock.restore`` turns back into this clock."""
        self._check_flag()
        return {
            "control": format_time_control(self.control),
            "players": self.players,
            "stored": list(self._stored),
            "moves": list(self._moves),
            "active": self._active,
            "turn_used": round(self._used(), 6) if self._active is not None else 0.0,
            "running": self._since is not None,
            "flag": self._flag,
            "started": self._started,
            "stopped": self._stopped,
            "low_time": self.low_time_threshold,
        }

    @classmethod
    def restore(cls, data: dict, now=time.monotonic) -> "Clock":
        """The clock saved by ``snapshot``; a clock saved running runs on from now.

        Time while the program was not running is not charged.  Raises
        ValueError naming the bad field.
        """
        if not isinstance(data, dict):
            raise ValueError("clock: expected an object")
        unknown = sorted(str(k) for k in set(data) - {"control", "players", "stored", "moves",
                                                      "active", "turn_used", "running", "flag",
                                                      "started", "stopped", "low_time"})
        if unknown:
            raise ValueError(f"clock: unknown field {unknown[0]!r}")
        control = parse_time_control(_field(data, "control", str))
        if control is None:
            raise ValueError("clock: field 'control' must be a time control, not none")
        players = _field(data, "players", int)
        stored = _field(data, "stored", list)
        moves = _field(data, "moves", list)
        if len(stored) != players or len(moves) != players:
            raise ValueError(f"clock: fields 'stored' and 'moves' need {players} entries")
        low_time = _number_field(data, "low_time")
        if low_time > MAX_MAIN:
            raise ValueError("clock: field 'low_time' is longer than any main time")
        clock = cls(control, players, now=now, low_time=low_time)
        for i, value in enumerate(moves):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**6:
                raise ValueError(f"clock: field 'moves[{i}]' must be a whole number")
        for i, value in enumerate(stored):
            seconds = _seconds(value)
            if seconds is None:
                raise ValueError(f"clock: field 'stored[{i}]' must be a number of seconds")
            # no turn leaves more than the main time and the increments of the turns played
            if seconds > control.main + moves[i] * control.increment + 1e-3:
                raise ValueError(f"clock: field 'stored[{i}]' is more time than "
                                 f"{format_time_control(control)} gives after {moves[i]} moves")
        clock._stored = [float(v) for v in stored]
        clock._moves = list(moves)
        clock._started = _field(data, "started", bool)
        clock._stopped = _field(data, "stopped", bool)
        active = data.get("active")
        flag = data.get("flag")
        for name, value in (("active", active), ("flag", flag)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not 0 <= value < players):
                raise ValueError(f"clock: field {name!r} must be a player index or null")
        turn_used = _number_field(data, "turn_used")
        if clock._started:
            if active is None:
                raise ValueError("clock: field 'active' is missing for a started clock")
            if flag is not None and flag != active:
                raise ValueError("clock: field 'flag' names a player whose clock did not run")
            if flag is None and turn_used >= clock._stored[active]:
                raise ValueError("clock: field 'turn_used' is all the time left, yet no flag fell")
            if turn_used > clock._stored[active]:
                raise ValueError("clock: field 'turn_used' is more than the time left")
        elif any(moves) or turn_used or flag is not None:
            raise ValueError("clock: a clock that never started has no moves, time used or flag")
        clock._active = active if clock._started else None
        clock._flag = flag
        clock._turn_used = turn_used
        if _field(data, "running", bool) and clock._started and not clock._stopped and flag is None:
            clock._since = clock._read()
        return clock

    # --- inside -------------------------------------------------------------
    def _player(self, player) -> int:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise ValueError(f"no player {player!r} on a {self.players}-player clock")
        return player

    def _read(self) -> float:
        return float(self._now())

    def _used(self) -> float:
        used = self._turn_used
        if self._since is not None:
            used += max(0.0, self._read() - self._since)
        return used

    def _check_flag(self) -> int | None:
        if self._flag is None and self._active is not None and not self._stopped:
            if self._stored[self._active] - self._used() <= 0:
                self._flag = self._active
                self._turn_used = self._stored[self._active]
                self._since = None
        return self._flag


class GameTimer:
    """A single countdown shared by all players, as Calla plays against.

    When ``expired`` turns true the caller applies ``state.call_time()`` once;
    the engine then decides how play finishes (``game.session`` does both).
    Per-player ``Clock``s may run alongside it.  ``left`` starts a timer with
    only that much of its ``seconds`` left (a game carried on from a file).
    """

    def __init__(self, seconds: float, now=time.monotonic, low_time: float | None = None,
                 left: float | None = None):
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
            raise ValueError(f"a game timer needs a positive number of seconds, not {seconds!r}")
        self.total = float(seconds)
        if left is not None and (_seconds(left) is None or left > self.total):
            raise ValueError(f"a game timer of {self.total:g} seconds cannot have {left!r} left")
        self.low_time_threshold = (max(10.0, min(60.0, self.total / 10)) if low_time is None
                                   else float(low_time))
        self._now = now
        self._left = self.total if left is None else float(left)  # when the stretch began
        self._since: float | None = None
        self._started = False

    @property
    def started(self) -> bool:
        return self._started

    @property
    def running(self) -> bool:
        return self._since is not None and not self.expired

    @property
    def expired(self) -> bool:
        return self.remaining() <= 0

    def remaining(self) -> float:
        left = self._left
        if self._since is not None:
            left -= max(0.0, float(self._now()) - self._since)
        return max(0.0, left)

    def low_time(self) -> bool:
        return self.remaining() <= self.low_time_threshold

    def start(self) -> None:
        if self._started:
            raise ValueError("the game timer has already been started")
        self._started = True
        self._since = float(self._now())

    def pause(self) -> None:
        if self._since is not None:
            self._left = self.remaining()
            self._since = None

    def resume(self) -> None:
        if self._started and self._since is None and not self.expired:
            self._since = float(self._now())

    def snapshot(self) -> dict:
        return {"total": self.total, "used": round(self.total - self.remaining(), 6),
                "running": self._since is not None, "started": self._started,
                "low_time": self.low_time_threshold}

    @classmethod
    def restore(cls, data: dict, now=time.monotonic) -> "GameTimer":
        """The timer saved by ``snapshot``; one saved running runs on from now."""
        if not isinstance(data, dict):
            raise ValueError("game timer: expected an object")
        unknown = sorted(set(data) - {"total", "used", "running", "started", "low_time"})
        if unknown:
            raise ValueError(f"game timer: unknown field {unknown[0]!r}")
        timer = cls(_number_field(data, "total", "game timer"), now=now,
                    low_time=_number_field(data, "low_time", "game timer"))
        timer._left = timer.total - min(timer.total, _number_field(data, "used", "game timer"))
        timer._started = _field(data, "started", bool, "game timer")
        if _field(data, "running", bool, "game timer") and timer._started:
            timer._since = float(now())
        return timer


def _field(data: dict, name: str, kind, where: str = "clock"):
    """``data[name]`` as ``kind`` (text, a whole number, true or false, a list), read by the
    program's one field reader (``core.Fields``); ValueError naming the field.  The callers
    refuse unknown fields themselves."""
    fields = Fields(data, data, where)
    read = {str: fields.text, int: fields.int, bool: fields.bool, list: fields.list}[kind]
    return read(name, default=None)


def _number_field(data: dict, name: str, where: str = "clock") -> float:
    """``data[name]`` as a finite number of seconds, not below 0 (``core.Fields.seconds``)."""
    return Fields(data, data, where).seconds(name, default=None)


_seconds = seconds_value
