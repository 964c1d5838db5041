"""Joining a host: an asyncio ``Client``, and ``ClientThread`` for a program with a frame loop.

``Client`` is one connection to a host (``await Client.open(url, password)``).
It takes seats (``join``), gets them back after a drop (``rejoin``, done by
itself when ``reconnect`` is on), watches boards, sends moves, resignations
and draw offers, and keeps a ``BoardView`` of every board it sits at or
watches, up to date with the host's events.  Everything the host says, and
the connection's own news, arrives as plain dicts on ``messages`` (an
``asyncio.Queue``): the host's messages as ``docs/network.md`` lists them,
plus ``{"type": "connection", "state": "lost" | "back" | "closed", "reason": text}``.

``ClientThread`` runs a ``Client`` on an event loop of its own thread, for a
screen that polls: its methods return at once, and ``poll()`` gives the
messages that arrived since the last call, in order.  ``board(n)`` gives a
copy of a board's view to draw from.
"""

from __future__ import annotations

import asyncio
import copy
import ipaddress
import logging
import queue
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .protocol import (CLOSE_POLICY, MAX_HOST_MESSAGE, VERSION, Refusal, read_host_message)

log = logging.getLogger("callidus.net")

DEFAULT_PORT = 8765


class NetError(Exception):
    """The host refused a request, or could not be reached; ``str()`` says why in one line."""


def check_url(text: str) -> str:
    """A host address as ``ws://HOST:PORT`` (``HOST:PORT`` alone is taken as ws://);
    ValueError naming what is wrong otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("a host address is ws://HOST:PORT")
    text = text.strip()
    if "://" not in text:
        text = "ws://" + text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as exc:
        raise ValueError(f"{text!r} is not a host address ({exc})") from None
    if parts.scheme not in ("ws", "wss"):
        raise ValueError(f"{text!r} is not a host address: it starts ws://")
    if not parts.hostname:
        raise ValueError(f"{text!r} names no host")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(f"{text!r} is not a host address: write ws://HOST:PORT")
    host = parts.hostname
    try:
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:
        pass
    return f"{parts.scheme}://{host}:{port or DEFAULT_PORT}{parts.path or ''}"


@dataclass
class Ticket:
    """A seat held: what is needed to get it back after a drop."""

    board: int
    seat: int
    token: str


@dataclass
class BoardView:
    """A board as a client knows it from the host's events (read it, never change it).

    ``clocks`` are the milliseconds left per seat when the last event came
    (``at``, this computer's monotonic seconds); ``clock_left(seat)`` runs
    the running one down from there.
    """

    board: int
    game: str = ""
    variant: str = ""
    options: dict = field(default_factory=dict)
    time_control: str = "none"
    names: list = field(default_factory=list)
    position: dict | None = None
    ply: int = 0
    moves: list = field(default_factory=list)        # move texts in order
    turn: int | None = None                         # the seat to move
    clocks: list | None = None
    running: int | None = None
    timer_ms: int | None = None
    at: float = 0.0
    started: bool = False
    paused: bool = False
    away: dict = field(default_factory=dict)         # seat -> monotonic second it left
    draw_offer: int | None = None                    # the seat offering a draw
    result: dict | None = None                       # the ``ended`` event
    seq: int = 0
    seat: int | None = None                          # this client's seat, if it sits here

    @property
    def over(self) -> bool:
        return self.result is not None

    def clock_left(self, seat: int, now: float | None = None) -> float | None:
        """Seconds left on ``seat``'s clock now (None when untimed)."""
        if self.clocks is None or not 0 <= seat < len(self.clocks):
            return None
        left = self.clocks[seat] / 1000
        if seat == self.running and not self.paused and not self.over:
            left -= (time.monotonic() if now is None else now) - self.at
        return max(0.0, left)

    def state(self):
        """The game state shown (``spec.from_position`` of the host's position), or None."""
        from .. import GAMES
        spec = GAMES.get(self.game)
        if spec is None or self.position is None:
            return None
        try:
            return spec.from_position(self.position)
        except ValueError:
            return None

    def apply(self, message: dict, now: float) -> None:
        """Take in one ``event`` message of this board (older ones are ignored)."""
        seq = message.get("seq")
        if not isinstance(seq, int) or seq <= self.seq:
            return
        self.seq = seq
        kind = message.get("kind")
        if "clocks" in message:
            clocks = message["clocks"]
            self.clocks = list(clocks) if isinstance(clocks, list) else None
            self.at = now
        for name in ("running", "timer_ms", "turn"):
            if name in message:
                setattr(self, name, message[name])
        if "position" in message and isinstance(message["position"], dict):
            self.position = message["position"]
        if kind == "created":
            self.game = _text(message.get("game"))
            self.variant = _text(message.get("variant"))
            self.options = message.get("options") if isinstance(message.get("options"),
                                                                dict) else {}
            self.time_control = _text(message.get("time_control")) or "none"
            names = message.get("names")
            self.names = list(names) if isinstance(names, list) else []
        elif kind == "seated":
            seat = message.get("seat")
            if isinstance(seat, int) and 0 <= seat < len(self.names):
                self.names[seat] = _text(message.get("name"))
        elif kind == "started":
            self.started = True
        elif kind == "move":
            self.moves.append(_text(message.get("move")))
            self.ply = len(self.moves)
            if message.get("seat") != self.draw_offer:
                self.draw_offer = None      # an offer lapses when the other side moves
        elif kind == "draw_offered":
            self.draw_offer = message.get("seat")
        elif kind == "away":
            self.away[message.get("seat")] = now
        elif kind == "back":
            self.away.pop(message.get("seat"), None)
        elif kind == "paused":
            self.paused = True
        elif kind == "resumed":
            self.paused = False
        elif kind == "ended":
            self.result = message
            self.turn = None
            self.running = None
            self.draw_offer = None

    def apply_now(self, message: dict, now: float) -> None:
        """Take in a ``now`` message: the clocks and absences as they stand."""
        clocks = message.get("clocks")
        self.clocks = list(clocks) if isinstance(clocks, list) else None
        self.running = message.get("running")
        self.timer_ms = message.get("timer_ms")
        self.paused = bool(message.get("paused"))
        self.at = now
        self.away = {}
        for entry in message.get("away") or []:
            if isinstance(entry, dict) and isinstance(entry.get("seconds"), (int, float)):
                self.away[entry.get("seat")] = now - entry["seconds"]


def _text(value) -> str:
    return value if isinstance(value, str) else ""


class Client:
    """One connection to a host, used from one asyncio event loop.

    ``reconnect``: after a dropped connection (not a refusal), connect again
    with growing pauses, take back every seat held (token and last event
    seen) and watch again every board watched.
    """

    #: Pauses between attempts to reconnect, in seconds (the last repeats).
    BACKOFF = (0.2, 0.5, 1.0, 2.0, 4.0)

    def __init__(self, url: str, password: str | None = None, reconnect: bool = True,
                 open_timeout: float = 10.0):
        self.url = check_url(url)
        self.password = password
        self.reconnect = reconnect
        self.open_timeout = open_timeout
        self.messages: asyncio.Queue = asyncio.Queue()
        self.boards: dict[int, BoardView] = {}
        self.tickets: dict[int, Ticket] = {}
        #: Every seat held, both of a board when one table holds both: taken back after a drop.
        self.held: list[Ticket] = []
        self.watched: set[int] = set()
        self.welcome: dict | None = None
        self._ws = None
        self._reader: asyncio.Task | None = None
        self._pending: dict[int, asyncio.Future] = {}
        self._next_id = 0
        self._closing = False
        self._connected = asyncio.Event()
        #: Called with each message the moment it arrives (before ``messages`` has it).
        self.on_message = None

    # --- connecting -----------------------------------------------------------------------
    @classmethod
    async def open(cls, url: str, password: str | None = None, **kwargs) -> "Client":
        client = cls(url, password, **kwargs)
        await client.connect()
        return client

    async def connect(self) -> dict:
        """Connect and say hello; the host's ``welcome``.  NetError if refused or unreachable."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
        try:
            ws = await asyncio.wait_for(
                connect(self.url, max_size=MAX_HOST_MESSAGE, proxy=None, compression=None,
                        open_timeout=self.open_timeout, user_agent_header=None),
                self.open_timeout + 1)
        except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI,
                ValueError) as exc:     # ValueError: a host name no resolver takes (IDNA)
            raise NetError(f"cannot reach {self.url}: {_why(exc)}") from None
        hello = {"type": "hello", "version": VERSION}
        if self.password is not None:
            hello["password"] = self.password
        try:
            await ws.send(_json(hello))
            first = read_host_message(await asyncio.wait_for(ws.recv(), self.open_timeout))
        except ConnectionClosed as exc:
            raise NetError(f"{self.url} refused: {_close_reason(exc)}") from None
        except (Refusal, asyncio.TimeoutError, OSError) as exc:
            await ws.close()
            raise NetError(f"{self.url} did not answer as a Callidus host ({_why(exc)})") from None
        if first.get("type") != "welcome":
            await ws.close()
            raise NetError(f"{self.url} did not welcome this client")
        self._ws = ws
        self.welcome = first
        self._connected.set()
        self._reader = asyncio.create_task(self._read(ws))
        return first

    async def close(self) -> None:
        """Leave the host (seats stay the client's: a later ``rejoin`` gets them back)."""
        self._closing = True
        ws = self._ws
        if ws is not None:
            await ws.close()
        if self._reader is not None:
            try:
                await self._reader
            except asyncio.CancelledError:
                pass
        self._fail_pending("the connection was closed")

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    # --- requests -------------------------------------------------------------------------
    async def list_boards(self) -> list:
        answer = await self._request({"type": "list"})
        return answer.get("boards") or []

    async def join(self, name: str, board: int | None = None, seat: int | None = None) -> Ticket:
        """Take a seat: on ``board`` (or the first with a free seat), ``seat`` (or the
        one kept for ``name``, or the first free one).  NetError if none is free."""
        message = {"type": "join", "name": name}
        if board is not None:
            message["board"] = board
        if seat is not None:
            message["seat"] = seat
        answer = await self._request(message)
        return self._seated(answer)

    async def rejoin(self, board: int, token: str, since: int | None = None) -> Ticket:
        """Take back a seat held before (after a drop, or from another run of the program)."""
        if since is None:
            since = self.boards[board].seq if board in self.boards else 0
        answer = await self._request({"type": "rejoin", "board": board, "token": token,
                                      "since": since})
        return self._seated(answer)

    async def watch(self, board: int) -> None:
        since = self.boards[board].seq if board in self.boards else 0
        await self._request({"type": "watch", "board": board, "since": since})
        self.watched.add(board)
        self.boards.setdefault(board, BoardView(board))

    async def unwatch(self, board: int) -> None:
        self.watched.discard(board)
        await self._send({"type": "unwatch", "board": board})

    async def move(self, board: int, text: str, think_ms: int | None = None) -> None:
        """Send a move of this client's seat; the host answers with a ``move`` event to
        everyone, or an ``error`` to this client."""
        view = self.boards.get(board)
        message = {"type": "move", "board": board, "move": text,
                   "ply": view.ply if view is not None else 0}
        if think_ms is not None:
            message["think_ms"] = max(0, int(think_ms))
        await self._send(message)

    async def resign(self, board: int) -> None:
        await self._send({"type": "resign", "board": board})

    async def offer_draw(self, board: int) -> None:
        await self._send({"type": "offer_draw", "board": board})

    async def accept_draw(self, board: int) -> None:
        await self._send({"type": "accept_draw", "board": board})

    def _seated(self, answer: dict) -> Ticket:
        board, seat, token = answer.get("board"), answer.get("seat"), answer.get("token")
        if not (isinstance(board, int) and isinstance(seat, int) and isinstance(token, str)):
            raise NetError("the host's answer to a join was not understood")
        ticket = Ticket(board, seat, token)
        self.tickets[board] = ticket
        self.held = [t for t in self.held if (t.board, t.seat) != (board, seat)] + [ticket]
        self.boards.setdefault(board, BoardView(board)).seat = seat
        return ticket

    async def _request(self, message: dict, timeout: float = 15.0) -> dict:
        self._next_id += 1
        ident = message["id"] = self._next_id
        future = asyncio.get_running_loop().create_future()
        self._pending[ident] = future
        try:
            await self._send(message)
            answer = await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            raise NetError("the host did not answer in time") from None
        finally:
            self._pending.pop(ident, None)
        if answer.get("type") == "error":
            raise NetError(_text(answer.get("reason")) or "refused")
        return answer

    async def _send(self, message: dict) -> None:
        from websockets.exceptions import ConnectionClosed
        if not self._connected.is_set():
            if self._closing or not self.reconnect:
                raise NetError("not connected")
            try:
                await asyncio.wait_for(self._connected.wait(), 30)
            except asyncio.TimeoutError:
                raise NetError("not connected") from None
        try:
            await self._ws.send(_json(message))
        except ConnectionClosed as exc:
            raise NetError(f"the connection was lost ({_close_reason(exc)})") from None

    # --- receiving ------------------------------------------------------------------------
    async def _read(self, ws) -> None:
        from websockets.exceptions import ConnectionClosed
        reason = "closed"
        refused = False
        try:
            async for data in ws:
                try:
                    message = read_host_message(data)
                except Refusal as exc:
                    log.warning("a message from the host was not understood: %s", exc)
                    continue
                try:
                    self._take(message)
                except Exception as exc:    # a field of the wrong kind: that message only
                    log.warning("a message from the host could not be read: %r", exc)
        except ConnectionClosed as exc:
            reason = _close_reason(exc)
        finally:
            refused = ws.close_code == CLOSE_POLICY
            if ws.close_reason:
                reason = ws.close_reason
            self._connected.clear()
            self._fail_pending(f"the connection was lost ({reason})")
        if self._closing:
            self.messages.put_nowait({"type": "connection", "state": "closed",
                                      "reason": "closed"})
            return
        if refused or not self.reconnect:
            self.messages.put_nowait({"type": "connection", "state": "closed",
                                      "reason": reason})
            return
        self.messages.put_nowait({"type": "connection", "state": "lost", "reason": reason})
        asyncio.create_task(self._reconnect())

    def _take(self, message: dict) -> None:
        now = time.monotonic()
        kind = message.get("type")
        board = message.get("board")
        if kind == "event" and isinstance(board, int):
            self.boards.setdefault(board, BoardView(board)).apply(message, now)
        elif kind == "now" and isinstance(board, int) and board in self.boards:
            self.boards[board].apply_now(message, now)
        if self.on_message is not None:
            self.on_message(message)
        ident = message.get("id")
        if isinstance(ident, int) and ident in self._pending:
            future = self._pending.pop(ident)
            if not future.done():
                future.set_result(message)
        self.messages.put_nowait(message)

    def _fail_pending(self, reason: str) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_result({"type": "error", "reason": reason})
        self._pending.clear()

    async def _reconnect(self) -> None:
        attempt = 0
        while not self._closing:
            await asyncio.sleep(self.BACKOFF[min(attempt, len(self.BACKOFF) - 1)])
            attempt += 1
            if self._closing:
                return
            try:
                await self.connect()
            except NetError as exc:
                if "refused" in str(exc):
                    self.messages.put_nowait({"type": "connection", "state": "closed",
                                              "reason": str(exc)})
                    return
                continue
            try:
                for ticket in list(self.held):
                    await self.rejoin(ticket.board, ticket.token)
                for board in list(self.watched):
                    await self.watch(board)
            except NetError as exc:
                self.messages.put_nowait({"type": "error", "reason": str(exc)})
            self.messages.put_nowait({"type": "connection", "state": "back", "reason": ""})
            return

    async def next_message(self, timeout: float | None = None) -> dict:
        """The next message (``asyncio.TimeoutError`` after ``timeout`` seconds)."""
        return await asyncio.wait_for(self.messages.get(), timeout)


def _json(message: dict) -> str:
    import json
    return json.dumps(message, separators=(",", ":"))


def _why(exc) -> str:
    text = str(exc) or type(exc).__name__
    return text.splitlines()[0][:200]


def _close_reason(exc) -> str:
    frame = getattr(exc, "rcvd", None)
    if frame is not None and frame.reason:
        return frame.reason
    if frame is not None:
        return f"closed with code {frame.code}"
    return "the connection dropped"


class _Arrivals(queue.Queue):
    """What ``ClientThread.poll()`` gives; each message put in calls the thread's
    ``on_arrival`` (a failing hook is the caller's to mind, never the connection's)."""

    def __init__(self, owner):
        super().__init__()
        self.owner = owner

    def put(self, item, block: bool = True, timeout=None) -> None:
        super().put(item, block, timeout)
        hook = self.owner.on_arrival
        if hook is not None:
            try:
                hook()
            except Exception:
                log.exception("on_arrival failed")


class ClientThread:
    """A ``Client`` on an event loop of its own thread, for a program with a frame loop.

    Every method returns at once; what comes of it (a seat, an error, the
    host's events) arrives through ``poll()``.  ``close()`` ends the thread.
    A connection that cannot be made arrives as ``{"type": "connection",
    "state": "closed", "reason": ...}``.
    """

    def __init__(self, url: str, password: str | None = None, reconnect: bool = True):
        self.url = check_url(url)
        #: Called with no argument, on the client's own thread, as each message arrives for
        #: ``poll()``: a frame loop asleep until its next frame wakes itself with it.
        self.on_arrival = None
        self._queue: queue.Queue = _Arrivals(self)
        self._loop = asyncio.new_event_loop()
        self._client: Client | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, args=(password, reconnect),
                                        name="callidus-client", daemon=True)
        self._thread.start()
        self._ready.wait(5)

    def _run(self, password, reconnect) -> None:
        asyncio.set_event_loop(self._loop)

        async def main():
            self._stop = asyncio.Event()
            self._client = Client(self.url, password, reconnect=reconnect)
            self._ready.set()
            pump = asyncio.create_task(self._pump())
            try:
                await self._client.connect()
            except NetError as exc:
                self._queue.put({"type": "connection", "state": "closed", "reason": str(exc)})
            else:
                self._queue.put({"type": "connection", "state": "open", "reason": ""})
            await self._stop.wait()
            await self._client.close()
            await asyncio.sleep(0)            # the last messages reach the pump
            pump.cancel()
            for task in asyncio.all_tasks() - {asyncio.current_task()}:
                task.cancel()

        try:
            self._loop.run_until_complete(main())
        finally:
            self._loop.close()

    async def _pump(self) -> None:
        while True:
            self._queue.put(await self._client.messages.get())

    def _call(self, make) -> None:
        async def run():
            try:
                await make(self._client)
            except NetError as exc:
                self._queue.put({"type": "error", "reason": str(exc)})
        try:
            asyncio.run_coroutine_threadsafe(run(), self._loop)
        except RuntimeError:       # closed: a request after close() is dropped
            self._queue.put({"type": "error", "reason": "not connected"})

    # --- the face a screen uses ---------------------------------------------------------
    def poll(self) -> list[dict]:
        """Every message since the last call, oldest first (never waits)."""
        found = []
        while True:
            try:
                found.append(self._queue.get_nowait())
            except queue.Empty:
                return found

    def board(self, board: int) -> BoardView | None:
        """A copy of what is known of ``board`` (safe to keep and draw from)."""
        try:
            future = asyncio.run_coroutine_threadsafe(self._copy(board), self._loop)
            return future.result(2)
        except Exception:          # closed, or the loop is gone: nothing more is known
            return None

    async def _copy(self, board: int):
        view = self._client.boards.get(board) if self._client else None
        return copy.deepcopy(view)

    def tickets(self) -> dict:
        """The seats held, ``{board: Ticket}`` (keep them to rejoin from a later run)."""
        return dict(self._client.tickets) if self._client else {}

    def list_boards(self) -> None:
        async def run(client):
            boards = await client.list_boards()
            self._queue.put({"type": "boards", "boards": boards})
        self._call(run)

    def join(self, name: str, board: int | None = None, seat: int | None = None) -> None:
        self._call(lambda c: c.join(name, board, seat))

    def rejoin(self, board: int, token: str, since: int = 0) -> None:
        self._call(lambda c: c.rejoin(board, token, since))

    def watch(self, board: int) -> None:
        self._call(lambda c: c.watch(board))

    def unwatch(self, board: int) -> None:
        self._call(lambda c: c.unwatch(board))

    def move(self, board: int, text: str, think_ms: int | None = None) -> None:
        self._call(lambda c: c.move(board, text, think_ms))

    def resign(self, board: int) -> None:
        self._call(lambda c: c.resign(board))

    def offer_draw(self, board: int) -> None:
        self._call(lambda c: c.offer_draw(board))

    def accept_draw(self, board: int) -> None:
        self._call(lambda c: c.accept_draw(board))

    def close(self) -> None:
        """Leave the host and end the thread (seats stay held: ``tickets()`` rejoin them)."""
        if self._loop.is_closed() or self._stop is None:
            return
        try:
            self._loop.call_soon_threadsafe(self._stop.set)
        except RuntimeError:        # the loop already ended
            return
        self._thread.join(5)
