"""One board of a host: a game in progress (``game.session.Session``), its seats and events.

A ``Board`` knows nothing of sockets: the host tells it who sits where and
asks it what an event says.  Events are numbered from 1 in the order they
happen; each is kept as the text sent (``texts``), so a client that comes
back is sent exactly what it missed.

What a client is shown of the game is its position, with one thing held
back: in a game of chance (``GameSpec.chance``) the position's ``seed``,
which fixes every future draw, is sent as 0 until the game is over, so no
client can foresee a draw.  A client shows the host's positions and never
plays a move on its own copy to learn what follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..clock import format_time_control
from .protocol import encode

#: The board's life: waiting for its seats, playing, paused (by the director, or after
#: the host restarted until its players are back), over.
STATUSES = ("waiting", "playing", "paused", "over")


@dataclass
class Seat:
    """A seat at a board.  ``kept`` is the name it is kept for (a tournament's pairing)."""

    kept: str | None = None
    name: str | None = None          # set when taken
    digest: str | None = None        # the SHA-256 of its token, when taken
    conn: object = None              # the connection sitting there now, if any
    away_since: float | None = None  # host seconds when its connection was lost

    @property
    def taken(self) -> bool:
        return self.digest is not None


@dataclass
class Board:
    id: int
    session: object                  # game.session.Session
    seats: list
    tag: object = None
    seq: int = 0
    status: str = "waiting"
    texts: list = field(default_factory=list)      # every event sent, as JSON text
    watchers: set = field(default_factory=set)
    draw_offer: int | None = None
    turn_began: float = 0.0          # host seconds when the player to move was told
    paused_by: str | None = None     # "director" or "restart" while paused
    timer: object = None             # the scheduled check of its clocks
    problem: str = ""                # set when its events can no longer be kept

    @property
    def spec(self):
        return self.session.spec

    @property
    def over(self) -> bool:
        return self.status == "over"

    @property
    def names(self) -> list:
        return [s.name if s.name is not None else s.kept for s in self.seats]

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.taken]

    def members(self) -> list:
        """The connections told of its events: its seated players and its watchers."""
        found = [s.conn for s in self.seats if s.conn is not None]
        found.extend(c for c in self.watchers if c not in found)
        return found

    def seat_of(self, conn) -> int | None:
        for i, s in enumerate(self.seats):
            if s.conn is conn:
                return i
        return None

    # --- what events say -------------------------------------------------------------
    def position(self, reveal: bool = False) -> dict:
        position = self.session.state.position()
        if self.spec.chance and not reveal and "seed" in position:
            position["seed"] = 0
        return position

    def clocks(self) -> dict:
        """The clocks as they stand: milliseconds left per seat, which one runs, the game
        timer's milliseconds left, and whose turn it is."""
        session = self.session
        clock = session.clock
        data = {"clocks": None, "running": None, "timer_ms": None, "turn": session.to_move
                if not session.finished else None}
        if clock is not None:
            data["clocks"] = [round(clock.remaining(p) * 1000) for p in range(clock.players)]
            data["running"] = clock.active if clock.running else None
        if session.timer is not None:
            data["timer_ms"] = round(session.timer.remaining() * 1000)
        return data

    def created_data(self) -> dict:
        session = self.session
        control = session.clock.control if session.clock is not None else None
        return {"game": self.spec.name, "variant": session.variant,
                "options": dict(session.config.get("options") or {}),
                "time_control": format_time_control(control),
                "names": [s.kept for s in self.seats], "position": self.position(),
                **self.clocks()}

    def ended_data(self, end: str | None = None, reason: str | None = None) -> dict:
        outcome = self.session.outcome or {}
        record = self.session.record(finished=True)
        result = record.get("result") or {}
        return {"winner": outcome.get("winner"), "scores": outcome.get("scores"),
                "end": end or result.get("end", "rules"),
                "reason": reason or outcome.get("reason", ""),
                "position": self.position(reveal=True), "record": record, **self.clocks()}

    def decided_data(self, winner: int | None, result: str, reason: str) -> dict:
        """``ended`` for a game the director stopped with a result of their own (entered by
        hand: the players reported it, or a table's computer broke down): ``end`` is
        ``director``, ``result`` the round's result; the record is the game as it stood,
        without a result of its own, since its position was not played to an end."""
        return {"winner": winner, "result": result, "scores": list(self.session.state.scores),
                "end": "director", "reason": reason, "position": self.position(reveal=True),
                "record": self.session.record(), **self.clocks(), "turn": None,
                "running": None}

    def summary(self) -> dict:
        """One line of the host's list of boards."""
        return {"board": self.id, "game": self.spec.name, "variant": self.session.variant,
                "time_control": self.created_data()["time_control"], "names": self.names,
                "free": self.free_seats(), "status": self.status, "ply": self.session.ply,
                "seq": self.seq}

    def now_data(self, now: float) -> dict:
        away = [{"seat": i, "name": s.name, "seconds": round(max(0.0, now - s.away_since), 1)}
                for i, s in enumerate(self.seats) if s.taken and s.away_since is not None]
        return {"board": self.id, "seq": self.seq, "paused": self.status == "paused",
                "away": away, "draw_offer": self.draw_offer, **self.clocks()}

    def event_text(self, seq: int, kind: str, data: dict) -> str:
        return encode("event", board=self.id, seq=seq, kind=kind, **data)
