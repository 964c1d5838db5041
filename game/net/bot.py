"""A computer player at a seat of a host: ``await play_bot(url, level)``.

The bot joins the first free seat (or a given board), plays each of its
turns at a computer level of ``game.ai`` until the game ends, and returns
``{"result": "win" | "loss" | "draw", "moves": N, ...}``.  Any level above
``random`` thinks in another process (a spawned worker that leaves with its
parent, as ``game.ai.worker``'s do), so the connection answers pings while
it thinks.  A dropped connection is rejoined with the seat's token.
"""

from __future__ import annotations

import asyncio
import random
import time

from .client import Client, NetError, Ticket

#: Seconds a bot leaves at least between two of its moves, so that a random mover
#: stays well inside a host's rate of messages.
PACE = 0.04


def _think(game_name: str, position: dict, level: str, seed: int) -> str:
    """A move text for the player to move (run in the worker process)."""
    from game import GAMES
    from game.ai import choose_move
    spec = GAMES[game_name]
    state = spec.from_position(position)
    return spec.format_move(state, choose_move(game_name, state, level, random.Random(seed)))


def _worker_start() -> None:
    from game.ai.worker import exit_with_parent
    exit_with_parent()


class Thinking:
    """Where a bot's moves are thought: in this process for ``random``, else in one
    worker process of its own."""

    def __init__(self, level: str):
        self.level = level
        self._pool = None

    async def move(self, game_name: str, position: dict, rng: random.Random) -> str:
        seed = rng.randrange(2**63)
        if self.level == "random":
            from game import GAMES
            spec = GAMES[game_name]
            state = spec.from_position(position)
            return spec.format_move(state, rng.choice(state.legal_moves()))
        if self._pool is None:
            import multiprocessing as mp
            from concurrent.futures import ProcessPoolExecutor
            self._pool = ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"),
                                             initializer=_worker_start)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _think, game_name, position, self.level,
                                          seed)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


async def play_bot(url: str, level: str = "random", board: int | None = None,
                   name: str | None = None, password: str | None = None,
                   seed: int | None = None, pace: float = PACE, observer=None,
                   client: Client | None = None, ticket: Ticket | None = None,
                   on_seated=None, seat: int | None = None) -> dict:
    """Join and play one seat to the end of its game; the result (see the module docstring).

    ``observer(what, board, ply, seconds)``, when given, is told ``"sent"`` when the bot
    sends the move that makes ply ``ply`` and ``"seen"`` when it learns of ply ``ply``
    (``time.perf_counter`` seconds): the network benchmark's measure.  ``ticket``: a
    seat held before, taken back with its token instead of joining; ``seat``: that seat of
    ``board`` when joining; ``on_seated(ticket)`` is told the seat taken (to keep its
    token).  NetError when the host cannot be reached or has no free seat.
    """
    from ..ai import LEVEL_TITLES, LEVELS
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    rng = random.Random(seed)
    own = client is None
    if own:
        client = await Client.open(url, password)
    name = name or f"Computer ({LEVEL_TITLES[level]})"
    thinking = Thinking(level)
    if observer is not None:
        def seen(message):
            if message.get("type") == "event" and message.get("kind") == "move":
                observer("seen", message.get("board"), message.get("ply"), time.perf_counter())
        client.on_message = seen
    try:
        if ticket is not None:
            ticket = await client.rejoin(ticket.board, ticket.token, since=0)
        else:
            ticket = await client.join(name, board=board, seat=seat)
        if on_seated is not None:
            on_seated(ticket)
        view = client.boards[ticket.board]
        handled = None            # the ply whose move has been sent
        last_sent = 0.0
        while True:
            if not view.over and view.started and not view.paused and \
                    view.turn == ticket.seat and handled != view.ply and \
                    view.position is not None and client.connected:
                began = time.monotonic()
                handled = view.ply
                text = await thinking.move(view.game, view.position, rng)
                wait = last_sent + pace - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                if view.ply == handled and not view.over:
                    if observer is not None:
                        observer("sent", ticket.board, handled + 1, time.perf_counter())
                    try:
                        await client.move(ticket.board, text,
                                          think_ms=int((time.monotonic() - began) * 1000))
                    except NetError:
                        handled = None       # sent again once the connection is back
                    last_sent = time.monotonic()
                continue
            if view.over:
                break
            message = await client.next_message()
            kind = message.get("type")
            if kind == "error" and message.get("request") == "move":
                handled = None               # late or refused: think again on what stands
            elif kind == "connection" and message.get("state") == "back":
                handled = None               # a move sent as the host went down is lost
            elif kind == "connection" and message.get("state") == "closed":
                raise NetError(f"the host closed the connection: {message.get('reason')}")
        result = view.result or {}
        winner = result.get("winner")
        outcome = "draw" if winner is None else ("win" if winner == ticket.seat else "loss")
        return {"result": outcome, "moves": view.ply, "board": ticket.board,
                "seat": ticket.seat, "end": result.get("end"), "reason": result.get("reason")}
    finally:
        thinking.close()
        if own:
            await client.close()


async def play_host_computers(host, board: int, levels: dict | None = None,
                              password: str | None = None, pace: float = PACE) -> None:
    """The seats of ``board`` that ``host`` (a started ``Host`` on this event loop) plays
    with computers of its own, each played to the game's end at its level.

    ``levels`` (``{seat: level}``, for a board just made) are kept in the host's
    database (setting ``computer:BOARD:SEAT``), and so is each seat's token once taken
    (``bot:BOARD:SEAT``): called again without ``levels`` when the board is hosted again,
    each computer takes its seat back.  A computer that cannot take its seat is logged.
    """
    import logging
    for seat, level in (levels or {}).items():
        host.store.set_setting(f"computer:{board}:{seat}", level)
    found = host.boards.get(board)
    if found is None or found.over:
        return
    plays = []
    for seat, place in enumerate(found.seats):
        level = host.store.setting(f"computer:{board}:{seat}")
        if not level:
            continue
        kept = host.store.setting(f"bot:{board}:{seat}")

        def seated(taken):
            host.store.set_setting(f"bot:{taken.board}:{taken.seat}", taken.token)
        plays.append(play_bot(host.url, level, board=board, seat=None if kept else seat,
                              name=place.kept, password=password, pace=pace,
                              ticket=Ticket(board, seat, kept) if kept else None,
                              on_seated=seated))
    for done in await asyncio.gather(*plays, return_exceptions=True):
        if isinstance(done, BaseException) and not isinstance(done, asyncio.CancelledError):
            logging.getLogger("callidus.net").warning("a computer of board %s could not "
                                                      "play: %s", board, done)
