"""The host: boards played over the network, kept in SQLite, the authority on every move.

``Host`` serves WebSocket connections (``websockets``' asyncio server) on one
address and port.  Each board is a ``game.session.Session``: the host checks
every move with the rules, runs the clocks on its own monotonic time (giving
a mover back the network's lag, capped by the session), numbers every event
of a board from 1, commits each event to its database before telling anyone
(``store.HostStore``), and on ``start()`` resumes every unfinished board
kept there.

Who may do what:

- A connection first says ``hello`` (with the password, when the host has
  one); anything else first, or a wrong password, closes it.
- ``join`` takes a free seat and gives its token (``secrets.token_urlsafe``);
  only a connection that joined, or came back with the token (``rejoin``),
  moves that seat.  One connection may hold both seats of a board (two
  players at one table): it then moves for whichever is to move.
- Anyone connected may ``watch`` a board: its events, no moves.
- Every message is checked (``protocol.read_client_message``), bounded in
  size (``max_size``) and in rate (a token bucket per connection).  A
  malformed message, a forged token, a flood or a wrong password closes that
  connection with a reason; a move that is merely illegal, late or out of
  turn is answered with an ``error`` and changes nothing.

Time: a seat whose connection is lost keeps its clock running; the others
get an ``away`` event at once (and ``back`` when it returns), and
``on_overdue`` is called once it has been away ``away_limit`` seconds, for
whoever directs the event to decide (``pause``, ``resume``, ``forfeit``).
A host that restarts resumes each board paused where its last event left
it: the outage is charged to nobody, and the clocks run again as soon as every
seat is back, or after ``restart_grace`` seconds.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
import secrets
import time
from dataclasses import dataclass, field

from .board import Board, Seat
from .protocol import (CLOSE_GOING_AWAY, CLOSE_POLICY, MAX_CLIENT_MESSAGE, VERSION, Refusal,
                       TokenBucket, encode, read_client_message)
from .store import HostStore, HostStoreError, normalise_code, token_digest

log = logging.getLogger("callidus.net")

#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 10.0
#: Messages a connection may send at once, and then per second.
BURST = 60
RATE = 30.0
#: Failed passwords and forged tokens one address may try at once, then one per this
#: many seconds.
FAILURE_BURST = 10
FAILURE_EVERY = 6.0
#: Bytes waiting to be sent to one connection before it is closed as too slow.
MAX_BUFFER = 4 * 1024 * 1024
#: The connections served at once; more are answered "503 the host is full".
MAX_CONNECTIONS = 2000
#: Seconds a board resumed after a restart waits for its players before its clocks run.
RESTART_GRACE = 60.0
#: The results a director may end a board with, and who wins by each.
DECIDED = {"1-0": 0, "0-1": 1, "1/2-1/2": None, "0-0": None}
#: Join codes: no 0/O, 1/I/L look-alikes.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def new_code() -> str:
    """A short join code to read out, such as ``K7Q-F2M``."""
    text = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
    return f"{text[:3]}-{text[3:]}"


def resolve_bind(bind: str | None) -> tuple[str | None, str]:
    """``(address to listen on, address to tell players)`` for ``--bind``.

    ``loopback`` (the default: this computer only), ``lan`` (this computer's
    address on its local network), ``all`` (every interface), or an address.
    ValueError when ``lan`` finds no network or an address is not one.
    """
    from .discovery import lan_address
    word = (bind or "loopback").strip().lower()
    if word in ("loopback", "localhost", "local"):
        return "127.0.0.1", "127.0.0.1"
    if word == "lan":
        found = lan_address()
        if found is None:
            raise ValueError("--bind lan: this computer has no local network address")
        return found, found
    if word in ("all", "any"):
        return None, lan_address() or "127.0.0.1"
    try:
        address = ipaddress.ip_address(bind.strip().strip("[]"))
    except ValueError:
        raise ValueError(f"--bind {bind!r} is not an address; give loopback, lan, all "
                         "or an IP address") from None
    shown = str(address)
    if address.is_unspecified:
        return shown, lan_address() or "127.0.0.1"
    return shown, shown


@dataclass(eq=False)
class Connection:
    """One client's connection: its socket, its rate, what it watches."""

    ws: object
    bucket: TokenBucket
    address: str
    watching: set = field(default_factory=set)
    boards: set = field(default_factory=set)        # boards where it holds a seat


class Host:
    """Boards played over the network (see the module docstring).

    ``await start()`` opens the database, resumes its boards and listens;
    ``url`` then says where (``ws://ADDRESS:PORT``).  ``create_board`` adds a
    board; ``on_result(board_id, result)`` is called once when a board ends
    and ``on_event(board_id, kind, data)`` after every event.  ``now`` is the
    clock every game is timed by (monotonic seconds; tests step a fake one and
    call ``check_clocks``).  ``password``: None keeps the one in the database,
    ``""`` asks none, any other text asks it (``code``: a join code, matched
    without regard to case and dashes).
    """

    def __init__(self, db=None, *, name: str = "Callidus", password: str | None = None,
                 code: bool = False, bind: str | None = "loopback", port: int = 0,
                 announce: bool = True, game: str | None = None, on_result=None,
                 on_event=None, on_overdue=None, away_limit: float | None = None,
                 restart_grace: float = RESTART_GRACE, now=time.monotonic,
                 rate: float = RATE, burst: int = BURST,
                 max_connections: int = MAX_CONNECTIONS, schedule: bool = True):
        self.db_path = db
        self.name = name
        self._password = password
        self._code = code
        self.listen_on, self.address = resolve_bind(bind)
        self.requested_port = port
        self.announce = announce
        self.game = game
        self.on_result = on_result
        self.on_event = on_event
        self.on_overdue = on_overdue
        self.away_limit = away_limit
        self.restart_grace = restart_grace
        self.now = now
        self.rate = rate
        self.burst = burst
        self.max_connections = max_connections
        self.schedule = schedule
        self.store: HostStore | None = None
        self.boards: dict[int, Board] = {}
        self.port: int | None = None
        self._server = None
        self._announcer = None
        self._connections: set[Connection] = set()
        self._failures: dict[str, TokenBucket] = {}
        self._loop = None

    # --- starting and stopping ---------------------------------------------------------
    async def start(self) -> None:
        """Open the database, resume its boards and listen.  Raises ``HostStoreError``
        for a database that cannot be used and ``OSError`` for an address or port that
        cannot be listened on."""
        from websockets.asyncio.server import serve
        self._loop = asyncio.get_running_loop()
        self.store = HostStore(self.db_path)
        try:
            if self._password is not None:
                self.store.set_password(self._password or None, self._code)
            kept = self.store.setting("name")
            if self.name and self.name != kept:
                self.store.set_setting("name", self.name)
            self._resume()
            self._server = await serve(
                self._serve_connection, self.listen_on, self.requested_port,
                max_size=MAX_CLIENT_MESSAGE, max_queue=16, compression=None,
                process_request=self._admit, server_header=None, ping_interval=20,
                ping_timeout=20, close_timeout=5, open_timeout=HELLO_TIMEOUT)
        except BaseException:
            self.store.close()
            self.store = None
            raise
        sockets = list(self._server.sockets)
        self.port = sockets[0].getsockname()[1] if sockets else self.requested_port
        if self.announce and not ipaddress.ip_address(self.address).is_loopback:
            from .discovery import Announcer
            self._announcer = Announcer(self.name, self.port, self.address, self.game,
                                        self.store.password_set())
            self._loop.create_task(self._announcer.start())

    @property
    def url(self) -> str:
        address = f"[{self.address}]" if ":" in self.address else self.address
        return f"ws://{address}:{self.port}"

    async def close(self) -> None:
        """Stop listening and close every connection (the boards stay in the database)."""
        for board in self.boards.values():
            if board.timer is not None:
                board.timer.cancel()
        if self._announcer is not None:
            await self._announcer.stop()
        if self._server is not None:
            self._server.close(close_connections=True)
            await self._server.wait_closed()
        if self.store is not None:
            self.store.close()
            self.store = None

    async def serve_forever(self) -> None:
        await self._server.serve_forever()

    # --- boards -------------------------------------------------------------------------
    def create_board(self, game: str, variant: str | None = None, options: dict | None = None,
                     time_control=None, names=None, seed: int | None = None, tag=None) -> int:
        """Add a board and return its number.  ``names``: one per seat, the name a seat is
        kept for (None: open to anyone).  ``tag``: anything JSON the caller wants back in
        ``on_result`` (a tournament's round and board).  ValueError for a bad game, variant,
        option or time control."""
        from ..session import Session
        from .. import GAMES
        spec = GAMES.get(game)
        if spec is None:
            raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
        variant = spec.check_variant(variant)
        count = spec.players(variant)
        names = list(names) if names is not None else [None] * count
        if len(names) != count:
            raise ValueError(f"{spec.title} ({variant}) has {count} seats, not {len(names)}")
        seed = secrets.randbelow(2**63) if seed is None else seed
        players = [n if n else f"Seat {i + 1}" for i, n in enumerate(names)]
        session = Session(spec, variant=variant, options=options, players=players,
                          time_control=time_control, seed=seed, now=self.now)
        session.pause()                      # nothing runs before every seat is taken
        control = session.config["time_control"] or "none"
        board_id = self.store.add_board(spec.name, variant, session.config["options"],
                                        control, seed, names, tag)
        board = Board(board_id, session, [Seat(kept=n) for n in names], tag)
        self.boards[board_id] = board
        self._emit(board, "created", board.created_data())
        return board_id

    def summaries(self) -> list[dict]:
        return [b.summary() for b in sorted(self.boards.values(), key=lambda b: b.id)]

    def results(self) -> list[dict]:
        """Every finished board kept in the database, for a caller catching up after a
        restart: ``{"board", "tag", "winner", "end", "scores", "reason", "names"}``."""
        found = []
        for stored in self.store.boards():
            if stored.status == "over" and isinstance(stored.result, dict):
                found.append({"board": stored.id, "tag": stored.tag, **stored.result})
        return found

    def pause(self, board_id: int) -> None:
        """The director stops a board's clocks (ValueError for a board not playing)."""
        board = self._board_or_fail(board_id)
        if board.status != "playing":
            raise ValueError(f"board {board_id} is not being played")
        self._pause(board, "director")

    def resume(self, board_id: int) -> None:
        """The director lets a paused board's clocks run again."""
        board = self._board_or_fail(board_id)
        if board.status != "paused":
            raise ValueError(f"board {board_id} is not paused")
        self._resume_board(board)

    def forfeit(self, board_id: int, seat: int, reason: str | None = None) -> None:
        """The director ends a board: ``seat`` loses (did not come back, broke a rule)."""
        board = self._board_or_fail(board_id)
        if board.over:
            raise ValueError(f"board {board_id} is over")
        if board.status == "paused":
            board.session.resume()
        board.session.resign(seat)
        name = board.names[seat] or f"Seat {seat + 1}"
        self._end(board, "forfeit", reason or f"{name} forfeited the game.")

    def decide(self, board_id: int, result: str, reason: str | None = None) -> None:
        """The director ends a board with a result of their own (``1-0``, ``0-1``,
        ``1/2-1/2`` or ``0-0``: one entered by hand, as the players reported it): the game
        stops where it stands, and its players and watchers are told (``ended``, ``end``
        ``director``).  ValueError for a board over, not here, or a result not one of those."""
        if result not in DECIDED:
            raise ValueError(f"{result!r} is not a result; give one of {', '.join(DECIDED)}")
        board = self._board_or_fail(board_id)
        if board.over:
            raise ValueError(f"board {board_id} is over")
        if len(board.seats) != 2:
            raise ValueError(f"board {board_id} has {len(board.seats)} seats: a result such "
                             "as 1-0 is for two")
        winner = DECIDED[result]
        names = [n or f"Seat {i + 1}" for i, n in enumerate(board.names)]
        if reason is None:
            reason = ("The director ended the game as a draw." if result == "1/2-1/2" else
                      "The director ended the game: neither player scores." if winner is None
                      else f"The director ended the game: {names[winner]} won.")
        board.session.pause()              # its clocks stop where they stand
        self._end(board, "director", data=board.decided_data(winner, result, reason))

    def check_clocks(self) -> None:
        """End every board whose flag fell or whose game timer ran out (the host does it by
        itself at the right moment; a test with a fake clock calls it)."""
        for board in list(self.boards.values()):
            self._check_time(board)

    def _board_or_fail(self, board_id) -> Board:
        board = self.boards.get(board_id)
        if board is None:
            raise ValueError(f"no board {board_id} on this host")
        return board

    # --- resuming from the database -----------------------------------------------------
    def _resume(self) -> None:
        from ..session import Session
        now = self.now()
        for stored in self.store.boards(unfinished_only=True):
            if stored.problem or stored.session is None:
                log.warning("board %s is not resumed: %s", stored.id,
                            stored.problem or "its game was never kept")
                continue
            try:
                session = Session.from_record(stored.session, now=self.now)
            except Exception as exc:     # a record no check foresaw: leave that board alone
                log.warning("board %s is not resumed: %s", stored.id, exc)
                continue
            seats = []
            for i in range(len(session.players)):
                kept = stored.names[i] if i < len(stored.names) else None
                seat = Seat(kept=kept if isinstance(kept, str) else None)
                if i in stored.seats:
                    seat.name, seat.digest = stored.seats[i]
                    seat.away_since = now
                seats.append(seat)
            board = Board(stored.id, session, seats, stored.tag, seq=stored.seq)
            for seq, kind, data in self.store.events(stored.id):
                board.texts.append(board.event_text(seq, kind, data))
            if len(board.texts) != stored.seq:
                log.warning("board %s is not resumed: its events are incomplete", stored.id)
                continue
            self.boards[board.id] = board
            session.pause()
            if stored.status == "waiting":
                board.status = "waiting"
                for seat in seats:
                    seat.away_since = None
            elif stored.status == "paused":
                board.status = "paused"
                board.paused_by = "director"
            else:
                board.status = "paused"
                board.paused_by = "restart"
                self._emit(board, "paused", {"why": "restart", **board.clocks()})
                if self.restart_grace is not None:
                    self._later(self.restart_grace, self._grace_over, board)

    def _grace_over(self, board: Board) -> None:
        if board.status == "paused" and board.paused_by == "restart":
            self._resume_board(board)

    # --- connections -------------------------------------------------------------------
    def _admit(self, connection, request):
        from http import HTTPStatus
        if len(self._connections) >= self.max_connections:
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "the host is full\n")
        return None

    async def _serve_connection(self, ws) -> None:
        from websockets.exceptions import ConnectionClosed
        address = ws.remote_address[0] if ws.remote_address else "?"
        conn = Connection(ws, TokenBucket(self.rate, self.burst), address)
        self._connections.add(conn)
        try:
            first = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            self._hello(conn, read_client_message(first))
            async for data in ws:
                if not conn.bucket.take():
                    raise Refusal("too many messages")
                self._dispatch(conn, read_client_message(data))
        except Refusal as exc:
            self._refuse(ws, exc.reason)
        except asyncio.TimeoutError:
            self._refuse(ws, "no hello")
        except ConnectionClosed:
            pass
        finally:
            self._connections.discard(conn)
            self._gone(conn)

    @staticmethod
    def _refuse(ws, reason: str) -> None:
        """Close with ``reason`` at once, without waiting for the client's half of the
        closing handshake (RFC 6455 7.1.7): a flooding client may never read it."""
        from websockets.protocol import State
        if ws.protocol.state is State.OPEN:
            ws.protocol.fail(CLOSE_POLICY, reason)
            ws.send_data()
        if ws.transport is not None:
            # what it sent meanwhile is discarded unread; reading on lets its end close
            ws.transport.resume_reading()

    def _hello(self, conn: Connection, message: dict) -> None:
        if message["type"] != "hello":
            raise Refusal("say hello first")
        if message["version"] != VERSION:
            raise Refusal(f"this host speaks protocol {VERSION}, not {message['version']}")
        if not self._allowed(conn):
            raise Refusal("too many failed attempts; wait a minute")
        if not self.store.password_matches(message.get("password")):
            self._failed(conn)
            raise Refusal("wrong password" if message.get("password") else "password needed")
        self._send(conn, encode("welcome", version=VERSION, event=self.name, game=self.game,
                                boards=len(self.boards), id=message.get("id")))

    def _allowed(self, conn: Connection) -> bool:
        bucket = self._failures.get(conn.address)
        return bucket is None or bucket.available() >= 1

    def _failed(self, conn: Connection) -> None:
        if len(self._failures) > 10_000:     # bounded: forget the oldest addresses
            self._failures.clear()
        bucket = self._failures.setdefault(
            conn.address, TokenBucket(1 / FAILURE_EVERY, FAILURE_BURST))
        bucket.take()

    def _send(self, conn: Connection, text: str) -> None:
        self._broadcast([conn], text)

    def _broadcast(self, conns, text: str) -> None:
        from websockets.asyncio.server import broadcast
        sockets = [c.ws for c in conns]
        if not sockets:
            return
        broadcast(sockets, text)
        for conn in conns:
            transport = conn.ws.transport
            if transport is not None and transport.get_write_buffer_size() > MAX_BUFFER:
                transport.abort()        # it reads too slowly to keep up: let it come back

    def _error(self, conn: Connection, message: dict, reason: str) -> None:
        fields = {"reason": reason, "request": message.get("type")}
        if "id" in message:
            fields["id"] = message["id"]
        if "board" in message:
            fields["board"] = message["board"]
        self._send(conn, encode("error", **fields))

    def _dispatch(self, conn: Connection, message: dict) -> None:
        kind = message["type"]
        try:
            if kind == "hello":
                raise Refusal("hello twice")
            if kind == "list":
                self._send(conn, encode("boards", boards=self.summaries(), id=message.get("id")))
                return
            handler = getattr(self, f"_on_{kind}")
            handler(conn, message)
        except _Answer as answer:
            self._error(conn, message, str(answer))
        except HostStoreError as exc:
            log.error("%s", exc)
            self._error(conn, message, "the host cannot keep this board's events")

    # --- what clients ask --------------------------------------------------------------
    def _find(self, number) -> Board:
        board = self.boards.get(number)
        if board is None:
            raise _Answer(f"no board {number} on this host")
        if board.problem:
            raise _Answer(f"board {number} cannot be played: {board.problem}")
        return board

    def _on_join(self, conn: Connection, message: dict) -> None:
        name = message["name"]
        if "board" in message:
            board = self._find(message["board"])
            if board.over:
                raise _Answer(f"board {board.id} is over")
        else:
            # the board keeping a seat for this name (a tournament's pairing), else the
            # first with a seat kept for nobody: never a seat kept for another player
            open_boards = [b for b in sorted(self.boards.values(), key=lambda b: b.id)
                           if not b.over and not b.problem and b.free_seats()]
            wanted = name.casefold()
            board = next((b for b in open_boards for i in b.free_seats()
                          if (b.seats[i].kept or "").casefold() == wanted), None) or next(
                (b for b in open_boards for i in b.free_seats() if b.seats[i].kept is None),
                None)
            if board is None:
                raise _Answer("no board has a free seat" if not open_boards else
                              f"no seat is kept for {name}: join with your board's number")
        free = board.free_seats()
        if "seat" in message:
            seat = message["seat"]
            if seat >= len(board.seats):
                raise _Answer(f"board {board.id} has no seat {seat}")
            if seat not in free:
                raise _Answer(f"seat {seat} of board {board.id} is taken")
        else:
            if not free:
                raise _Answer(f"board {board.id} has no free seat")
            wanted = name.casefold()
            kept = [i for i in free if (board.seats[i].kept or "").casefold() == wanted]
            open_ = [i for i in free if board.seats[i].kept is None]
            seat = (kept or open_ or free)[0]
        place = board.seats[seat]
        token = secrets.token_urlsafe(24)
        place.name = place.kept or name
        place.digest = token_digest(token)
        self._rename(board, seat, place.name)
        self._emit(board, "seated", {"seat": seat, "name": place.name},
                   seat_row=(seat, place.name, place.digest))
        place.conn = conn
        conn.boards.add(board.id)
        self._send(conn, encode("seated", board=board.id, seat=seat, token=token,
                                name=place.name, id=message.get("id")))
        self._replay(conn, board, 0)
        if board.status == "waiting" and not board.free_seats():
            self._start(board)
        self._send_now(conn, board)

    def _on_rejoin(self, conn: Connection, message: dict) -> None:
        board = self.boards.get(message["board"])
        digest = token_digest(message["token"])
        seat = None
        if board is not None:
            for i, place in enumerate(board.seats):
                if place.digest is not None and hmac.compare_digest(place.digest, digest):
                    seat = i
        if seat is None:
            if not self._allowed(conn):
                raise Refusal("too many failed attempts; wait a minute")
            self._failed(conn)
            raise Refusal("the token does not match a seat of that board")
        place = board.seats[seat]
        old = place.conn
        if old is not None and old is not conn:
            place.conn = None
            if board.seat_of(old) is None:
                old.boards.discard(board.id)
            self._send(old, encode("error", board=board.id, request="rejoin",
                                   reason="this seat was taken back by another connection"))
        place.conn = conn
        conn.boards.add(board.id)
        self._send(conn, encode("seated", board=board.id, seat=seat, token=message["token"],
                                name=place.name, id=message.get("id")))
        self._replay(conn, board, message["since"])
        if place.away_since is not None and not board.over:
            place.away_since = None
            if board.paused_by != "restart":
                self._emit(board, "back", {"seat": seat, "name": place.name})
        place.away_since = None
        if board.paused_by == "restart" and all(s.conn is not None for s in board.seats
                                                if s.taken):
            self._resume_board(board)
        self._send_now(conn, board)

    def _on_watch(self, conn: Connection, message: dict) -> None:
        board = self._find(message["board"])
        board.watchers.add(conn)
        conn.watching.add(board.id)
        self._send(conn, encode("watching", board=board.id, id=message.get("id")))
        self._replay(conn, board, message.get("since", 0))
        self._send_now(conn, board)

    def _on_unwatch(self, conn: Connection, message: dict) -> None:
        board = self.boards.get(message["board"])
        if board is not None:
            board.watchers.discard(conn)
        conn.watching.discard(message["board"])

    def _seats_of(self, conn: Connection, board: Board) -> list[int]:
        seats = [i for i, s in enumerate(board.seats) if s.conn is conn]
        if not seats:
            raise _Answer(f"you hold no seat on board {board.id}")
        return seats

    def _playing(self, board: Board) -> None:
        if board.over:
            raise _Answer(f"board {board.id} is over")
        if board.status == "waiting":
            raise _Answer(f"board {board.id} has not started: a seat is free")
        if board.status == "paused":
            raise _Answer(f"board {board.id} is paused")

    def _on_move(self, conn: Connection, message: dict) -> None:
        from ..errors import GameError
        from ..session import LAG_CREDIT_MAX, GameOver
        board = self._find(message["board"])
        seats = self._seats_of(conn, board)
        self._playing(board)
        session = board.session
        mover = session.to_move
        if mover not in seats:
            raise _Answer("it is not your turn")
        if message["ply"] != session.ply:
            raise _Answer(f"move {message['ply'] + 1} is late: the board is at move "
                          f"{session.ply + 1}")
        credit = self._credit(conn, board, message.get("think_ms"))
        called_before = session.time_called_ply
        try:
            text = session.play(message["move"], player=mover, credit=credit)
        except GameOver:
            self._settle(board, called_before)
            return
        except GameError as exc:            # not its turn, unreadable, or illegal
            raise _Answer(str(exc)) from None
        if session.time_called_ply is not None and called_before is None:
            self._emit(board, "time_called", {"position": self._position_at(
                board, session.time_called_ply), **board.clocks()})
        if board.draw_offer is not None and board.draw_offer != mover:
            board.draw_offer = None
        board.turn_began = self.now()
        self._emit(board, "move", {"ply": session.ply, "seat": mover, "move": text,
                                   "position": board.position(),
                                   "credit_ms": round(min(credit, LAG_CREDIT_MAX) * 1000),
                                   **board.clocks()})
        self._settle(board, session.time_called_ply)
        self._reschedule(board)

    def _credit(self, conn: Connection, board: Board, think_ms) -> float:
        """Seconds of the move's time that were the network's: the time since the mover
        was told, less what its client says it thought; else the measured round trip.
        The session caps it."""
        if think_ms is not None:
            return max(0.0, self.now() - board.turn_began - think_ms / 1000)
        latency = getattr(conn.ws, "latency", 0.0) or 0.0
        return max(0.0, float(latency))

    def _position_at(self, board: Board, ply: int) -> dict:
        position = board.session.history[ply].position()
        if board.spec.chance and "seed" in position:
            position["seed"] = 0
        return position

    def _acting_seat(self, conn: Connection, board: Board, message: dict) -> int:
        seats = self._seats_of(conn, board)
        if len(seats) == 1:
            return seats[0]
        mover = board.session.to_move
        return mover if mover in seats else seats[0]

    def _on_resign(self, conn: Connection, message: dict) -> None:
        board = self._find(message["board"])
        seat = self._acting_seat(conn, board, message)
        self._playing(board)
        board.session.resign(seat)
        self._end(board, "resigned")

    def _on_offer_draw(self, conn: Connection, message: dict) -> None:
        board = self._find(message["board"])
        seats = self._seats_of(conn, board)
        self._playing(board)
        problem = board.session.draw_problem()
        if problem:
            raise _Answer(problem)
        if (board.draw_offer is not None and board.draw_offer not in seats) or \
                len(seats) == len(board.seats):
            board.session.agree_draw()
            self._end(board, "agreed")
            return
        seat = self._acting_seat(conn, board, message)
        if board.draw_offer == seat:
            raise _Answer("your draw offer stands")
        board.draw_offer = seat
        self._emit(board, "draw_offered", {"seat": seat, "name": board.names[seat]})

    def _on_accept_draw(self, conn: Connection, message: dict) -> None:
        board = self._find(message["board"])
        seats = self._seats_of(conn, board)
        self._playing(board)
        if board.draw_offer is None or board.draw_offer in seats:
            raise _Answer("no draw is offered to you")
        problem = board.session.draw_problem()
        if problem:
            raise _Answer(problem)
        board.session.agree_draw()
        self._end(board, "agreed")

    # --- what happens to a board -------------------------------------------------------
    def _start(self, board: Board) -> None:
        board.status = "playing"
        board.session.resume()
        board.session.start()
        board.turn_began = self.now()
        self._emit(board, "started", board.clocks())
        self._reschedule(board)

    def _pause(self, board: Board, why: str) -> None:
        board.session.pause()
        board.status = "paused"
        board.paused_by = why
        self._cancel_timer(board)
        self._emit(board, "paused", {"why": why, **board.clocks()})

    def _resume_board(self, board: Board) -> None:
        restarted = board.paused_by == "restart"
        board.paused_by = None
        if not any(s.taken for s in board.seats) or board.free_seats():
            board.status = "waiting"
            return
        board.status = "playing"
        board.session.resume()
        board.session.start()
        board.turn_began = self.now()
        self._emit(board, "resumed", board.clocks())
        now = self.now()
        for i, seat in enumerate(board.seats):      # a seat still missing is away from now on
            if restarted and seat.taken and seat.conn is None:
                seat.away_since = now
                self._emit(board, "away", {"seat": i, "name": seat.name})
                if self.away_limit is not None:
                    self._later(self.away_limit, self._overdue, board, i, now)
        self._reschedule(board)

    def _settle(self, board: Board, called_before) -> None:
        """After anything that may have ended the game or called time, say so."""
        session = board.session
        if session.time_called_ply is not None and called_before is None and not board.over \
                and not session.finished:
            self._emit(board, "time_called", {"position": board.position(), **board.clocks()})
        if session.finished and not board.over:
            self._end(board, None)

    def _end(self, board: Board, end: str | None, reason: str | None = None,
             data: dict | None = None) -> None:
        board.status = "over"
        board.draw_offer = None
        self._cancel_timer(board)
        data = data or board.ended_data(end, reason)
        result = {"winner": data["winner"], "end": data["end"], "scores": data["scores"],
                  "reason": data["reason"], "names": board.names, "moves": board.session.ply}
        if "result" in data:               # the director's own result
            result["result"] = data["result"]
        self._emit(board, "ended", data, result=result)
        if self.on_result is not None:
            try:
                self.on_result(board.id, {"tag": board.tag, **result,
                                          "record": data["record"]})
            except Exception:          # a caller's mistake must not stop the host
                log.exception("on_result failed for board %s", board.id)

    def _check_time(self, board: Board) -> None:
        if board.status != "playing":
            return
        session = board.session
        called_before = session.time_called_ply
        ended = session.check_time()
        if ended or session.time_called_ply != called_before:
            self._settle(board, called_before)
        self._reschedule(board)

    def _rename(self, board: Board, seat: int, name: str) -> None:
        # the game's own words for the end ("Ann ran out of time.") name the seat's player
        session = board.session
        session.players[seat] = {"name": name, "kind": "human"}
        session.labels[seat] = name

    def _gone(self, conn: Connection) -> None:
        now = self.now()
        for number in list(conn.watching):
            board = self.boards.get(number)
            if board is not None:
                board.watchers.discard(conn)
        for number in list(conn.boards):
            board = self.boards.get(number)
            if board is None:
                continue
            for i, place in enumerate(board.seats):
                if place.conn is not conn:
                    continue
                place.conn = None
                if board.over or board.problem:
                    continue
                place.away_since = now
                try:
                    self._emit(board, "away", {"seat": i, "name": place.name})
                except HostStoreError as exc:
                    log.error("%s", exc)
                if self.away_limit is not None:
                    self._later(self.away_limit, self._overdue, board, i, now)

    def _overdue(self, board: Board, seat: int, since: float) -> None:
        place = board.seats[seat]
        if board.over or place.conn is not None or place.away_since != since:
            return
        if self.on_overdue is not None:
            try:
                self.on_overdue(board.id, seat, place.name)
            except Exception:
                log.exception("on_overdue failed for board %s", board.id)

    # --- events --------------------------------------------------------------------------
    def _emit(self, board: Board, kind: str, data: dict, seat_row=None, result=None) -> None:
        """Number an event, commit it, then tell the board's players and watchers."""
        if board.problem:
            raise HostStoreError(f"board {board.id}: {board.problem}")
        seq = board.seq + 1
        try:
            self.store.add_event(board.id, seq, kind, data, board.status,
                                 board.session.snapshot(), result, seat_row)
        except Exception as exc:
            board.problem = f"its events cannot be kept ({exc})"
            raise HostStoreError(f"board {board.id}: {board.problem}") from None
        board.seq = seq
        text = board.event_text(seq, kind, data)
        board.texts.append(text)
        self._broadcast(board.members(), text)
        if self.on_event is not None:
            try:
                self.on_event(board.id, kind, data)
            except Exception:
                log.exception("on_event failed for board %s", board.id)

    def _replay(self, conn: Connection, board: Board, since: int) -> None:
        for text in board.texts[max(0, since):]:
            self._send(conn, text)

    def _send_now(self, conn: Connection, board: Board) -> None:
        self._send(conn, encode("now", **board.now_data(self.now())))

    # --- timing -----------------------------------------------------------------------------
    def _later(self, delay: float, callback, *args):
        if self._loop is None or not self.schedule:
            return None
        return self._loop.call_later(max(0.0, delay), self._guarded, callback, *args)

    @staticmethod
    def _guarded(callback, *args) -> None:
        try:
            callback(*args)
        except HostStoreError as exc:
            log.error("%s", exc)

    def _cancel_timer(self, board: Board) -> None:
        if board.timer is not None:
            board.timer.cancel()
            board.timer = None

    def _reschedule(self, board: Board) -> None:
        """Check the board's clocks again the moment a flag can fall or its timer run out."""
        self._cancel_timer(board)
        if board.status != "playing":
            return
        session = board.session
        waits = []
        clock = session.clock
        if clock is not None and clock.running and clock.active is not None:
            waits.append(clock.remaining(clock.active))
        timer = session.timer
        if timer is not None and timer.running and not session.state.time_called:
            waits.append(timer.remaining())
        if waits:
            board.timer = self._later(min(waits) + 0.005, self._check_time, board)


class _Answer(Exception):
    """A request refused with an ``error`` message; the connection stays open."""
