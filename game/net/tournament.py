"""A kept tournament's round hosted over the network: ``TournamentHost``.

For the round being played of a tournament kept in a ``TournamentStore`` (the
first round with a game still to play), every pairing without a result gets a
board on a ``Host``: its two entrants' names on the seats kept for them (the
first seat moves first, as paired), the game, variant, options and time
control of the round's game choice, the pairing's seed (so a game of chance
draws as it would on the director's screen), and the tag ``{"tournament",
"seed", "round", "board"}`` that ties the host's board to the pairing.

A table takes its board by joining with its player's name (the seat kept for
that name) or with the board's number, as the director assigns it.  A
computer entrant's seat is taken by a bot of the host's side
(``bot.play_bot`` at the entrant's level, thinking in a process of its own);
its token is kept in the host's database (setting ``bot:BOARD:SEAT``), so a
restarted host's bot takes its seat back.  With ``bots`` off the seat waits
for a table's bot (``python3 -m game bot URL --board N --name NAME``).
``computer_games`` off leaves the boards between two computers out: the
director's program plays them in its own processes, as without a network.

A result the director enters by hand for a pairing whose board is still played (the
players reported it, a table's computer broke down) ends that board on the host
(``Host.decide``: its players and watchers are told the director's result), and the
board reports nothing of its own into the round.

When a board ends, its result goes into the round by itself (``record_result``):
``1-0``, ``0-1`` or ``1/2-1/2`` with how it ended (``played``, ``time``,
``resignation``, ``forfeit``), its score on the board and the reason as the
board's history detail, and the game itself into the game library.  Exactly
once: a pairing that already has a result (kept before, or entered by hand)
is left as it is, and the game's library id is fixed by the board, so a
result kept twice over a crash is not kept twice.  A host killed and started
again catches up on every board that ended meanwhile (``Host.results()``).

The tournament is read again whenever its database changes (SQLite's
``data_version``): a round the director pairs is hosted as soon as it is kept.

Everything here runs on the host's event loop; ``TournamentHostThread`` is
the same on a thread of its own, for a program with a frame loop.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from .background import HostThread
from .bot import play_bot
from .client import NetError, Ticket

log = logging.getLogger("callidus.net")

#: How a host's board ended, as a tournament counts it.
HOWS = {"rules": "played", "agreed": "played", "time": "time", "resigned": "resignation",
        "forfeit": "forfeit"}
#: Seconds between looks at the tournament's database for a round paired or a result.
LOOK_EVERY = 1.0
#: What the board's history says of a game played over the network.
OVER_NETWORK = "played over the network"


def data_folder() -> Path:
    """The user data folder (``CALLIDUS_DATA_DIR`` when set), as the program's own."""
    from .store import default_db_path
    return default_db_path().parent


def host_db_path(store_path, tid: int) -> Path:
    """The host database of tournament ``tid``: beside its tournament database, one per
    tournament, so that hosting one never resumes another's boards."""
    return Path(store_path).parent / f"tournament-{tid}-host.sqlite3"


def find_tournament(store, text: str) -> int:
    """The id of the kept tournament named ``text`` (or numbered so); ValueError saying
    which are kept when none or several are."""
    infos = [i for i in store.list() if not i.damaged]
    wanted = text.strip().casefold()
    found = [i for i in infos if i.name.casefold() == wanted]
    if not found and wanted.isdigit():
        found = [i for i in infos if i.id == int(wanted)]
    if len(found) == 1:
        return found[0].id
    if found:
        raise ValueError(f"{len(found)} tournaments are called {text!r}; give its number: "
                         + ", ".join(f"{i.id}" for i in found))
    names = ", ".join(repr(i.name) for i in infos[:10]) or "none"
    raise ValueError(f"no tournament is called {text!r} in {store.path} (kept: {names})")


def current_round(tournament) -> int | None:
    """The round being played: the first with a game still to play (None: none)."""
    pending = tournament.pending()
    return min(p.round for p in pending) if pending else None


def board_tag(tid: int, tournament, round_no: int, board: int) -> dict:
    return {"tournament": tid, "seed": tournament.seed, "round": round_no, "board": board}


def pairing_of(tag, tid: int, tournament) -> tuple[int, int] | None:
    """(round, board) of the pairing a host's board was made for, if it is one of this
    tournament's."""
    if not isinstance(tag, dict) or tag.get("tournament") != tid or \
            tag.get("seed") != tournament.seed:
        return None
    round_no, board = tag.get("round"), tag.get("board")
    if not (isinstance(round_no, int) and isinstance(board, int)):
        return None
    try:
        pairing = tournament.pairing(round_no, board)
    except ValueError:
        return None
    return None if pairing.is_bye else (round_no, board)


@dataclass(frozen=True)
class BoardPlan:
    """A pairing as a host's board: what ``Host.create_board`` is given."""

    round: int
    board: int
    names: tuple
    game: str
    variant: str | None
    options: dict
    time_control: str | None
    seed: int
    tag: dict

    def create(self, host) -> int:
        return host.create_board(self.game, self.variant, options=dict(self.options),
                                 time_control=self.time_control, names=list(self.names),
                                 seed=self.seed, tag=self.tag)


def plan_round(tid: int, tournament, hosted: set, computer_games: bool = True) -> list:
    """The boards to make for the round being played: every pairing without a result
    not yet on the host (``hosted``: (round, board) of the boards already there)."""
    round_no = current_round(tournament)
    if round_no is None:
        return []
    choice = tournament.game_for_round(round_no).to_dict()
    plans = []
    for p in tournament.rounds[round_no - 1]:
        if p.is_bye or tournament.result(p.round, p.board) is not None or \
                (p.round, p.board) in hosted:
            continue
        first, second = tournament.entrants[p.first], tournament.entrants[p.second]
        if not computer_games and first.is_computer and second.is_computer:
            continue
        plans.append(BoardPlan(p.round, p.board, (first.name, second.name), choice["game"],
                               choice["variant"], dict(choice["options"] or {}),
                               choice["time_control"], p.seed,
                               board_tag(tid, tournament, p.round, p.board)))
    return plans


# --- a board's end, as the round keeps it ---------------------------------------------------
def round_result(result: dict):
    """The tournament's ``Result`` of a host's board result (the first seat's side)."""
    from ..tournament.model import Result
    winner = result.get("winner")
    how = HOWS.get(result.get("end"), "played")
    if winner is None:
        return Result("1/2-1/2", "played")
    return Result("1-0" if winner == 0 else "0-1", how)


def result_detail(result: dict) -> str:
    """The board's history detail: its score on the board and why it ended, as a game
    played on the director's screen says it, and that it was played over the network."""
    from ..core import score_text
    from ..tournament.files import MAX_DETAIL
    scores = result.get("scores")
    score = (" - ".join(score_text(s) for s in scores)
             if isinstance(scores, (list, tuple)) and len(scores) == 2 else "")
    reason = str(result.get("reason") or "").strip()
    reason = f"{reason} ({OVER_NETWORK})" if reason else OVER_NETWORK
    return (f"{score}: {reason}" if score else reason)[:MAX_DETAIL]


def library_id(tag: dict, host_board: int) -> str:
    """The game library's id of a board's game: the same every time it is kept."""
    key = "callidus-net/" + json.dumps([tag, host_board], sort_keys=True)
    return uuid.uuid5(uuid.NAMESPACE_URL, key).hex


@dataclass(frozen=True)
class Recorded:
    """What became of a board's result: ``kept`` when it went into the round now;
    ``note`` says it in the director's words."""

    round: int
    board: int
    host_board: int
    score: str
    how: str
    kept: bool
    note: str


def record_result(store_path, tid: int, host_board: int, result: dict,
                  record: dict | None = None, library_path=None) -> Recorded | None:
    """Keep a host's board result in the tournament (see the module docstring); None when
    the board is not one of this tournament's.  StoreError when the tournament cannot be
    written (nothing kept)."""
    from ..tournament.store import TournamentStore
    with TournamentStore(store_path) as store:
        stored = store.open(tid)
        t = stored.tournament
        tag = result.get("tag")
        where = pairing_of(tag, tid, t)
        if where is None:
            return None
        round_no, board = where
        pairing = t.pairing(round_no, board)
        names = [t.entrants[pairing.first].name, t.entrants[pairing.second].name]
        score = round_result(result)
        head = f"Round {round_no}, board {board}"
        if t.result(round_no, board) is not None:
            return Recorded(round_no, board, host_board, score.score, score.how, False,
                            f"{head}: its result was already kept")
        if list(result.get("names") or []) != names:
            return Recorded(round_no, board, host_board, score.score, score.how, False,
                            f"{head}: the game over the network was between "
                            f"{' and '.join(map(str, result.get('names') or []))}, not "
                            f"{' and '.join(names)}; it is not counted")
        problem = None
        if record is not None and library_path is not None:
            problem = keep_game(library_path, record, t, tid, pairing, library_id(tag, host_board))
        stored.record(round_no, board, score, detail=result_detail(result))
    note = f"{head}: {score.score} was kept"
    if problem:
        note += f" (the game itself could not be kept: {problem})"
    return Recorded(round_no, board, host_board, score.score, score.how, True, note)


def keep_game(library_path, record: dict, tournament, tid: int, pairing, game_id: str):
    """Keep a board's game in the game library under ``game_id`` (nothing when it is there
    already); the problem, in words, or None.  The round's result never depends on it."""
    from ..records.library import Library, LibraryProblem
    record = json.loads(json.dumps(record))
    config = record.get("config")
    if isinstance(config, dict):
        seats = []
        for who in (pairing.first, pairing.second):
            e = tournament.entrants[who]
            seats.append({"name": e.name, "kind": e.kind, **({"level": e.level}
                                                              if e.is_computer else {})})
        config["seats"] = seats
        config["tournament"] = {"id": tid, "round": pairing.round, "board": pairing.board}
    books = Library(library_path)
    try:
        books.add(record, game_id)
    except LibraryProblem as exc:
        try:
            books.get(game_id)          # kept already, before the host went down
        except LibraryProblem:
            return str(exc)
    return None


# --- hosting ---------------------------------------------------------------------------
class TournamentHost:
    """A tournament's round on ``host`` (a started ``Host``), run on the host's event loop.

    ``await start()`` catches up on the boards that ended while nobody hosted, makes the
    round's boards and sets the host's bots on the computers' seats; then it looks at the
    tournament every ``look_every`` seconds.  The ``Host`` must call ``on_result`` with
    every board's result (``Host(on_result=...)``).  ``on_recorded(Recorded)`` hears of
    each result kept or left; ``on_complete()`` once the tournament is complete.
    """

    def __init__(self, host, store_path, tid: int, *, password: str | None = None,
                 library_path=None, bots: bool = True, computer_games: bool = True,
                 on_recorded=None, on_complete=None, look_every: float = LOOK_EVERY,
                 bot_pace: float | None = None):
        self.host = host
        self.store_path = Path(store_path)
        self.tid = tid
        self.password = password or None
        self.library_path = library_path
        self.bots = bots
        self.computer_games = computer_games
        self.on_recorded = on_recorded
        self.on_complete = on_complete
        self.look_every = look_every
        self.bot_pace = bot_pace
        self.tournament = None
        self.name = ""
        self.round_no: int | None = None
        self.problem = ""             # the last thing that went wrong, in words
        self._handled: set[int] = set()      # host boards whose result was dealt with
        self._bots: dict[tuple[int, int], asyncio.Task] = {}
        self._task: asyncio.Task | None = None
        self._watch = None
        self._seen = None
        self._complete_told = False

    # --- starting and stopping -----------------------------------------------------------
    async def start(self) -> None:
        """Read the tournament (StoreError if it cannot be), catch up, host its round."""
        from ..tournament.store import TournamentStore
        with TournamentStore(self.store_path) as store:
            self.tournament = store.load(self.tid)
        self.name = self.tournament.name
        try:
            self._watch = sqlite3.connect(f"file:{self.store_path}?mode=ro", uri=True)
            self._seen = self._version()
        except sqlite3.Error:
            self._watch = None
        self.look(force=True)
        self._task = asyncio.get_running_loop().create_task(self._looking())

    async def close(self) -> None:
        tasks = [t for t in [self._task, *self._bots.values()] if t is not None]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        self._bots.clear()
        if self._watch is not None:
            self._watch.close()
            self._watch = None

    def _version(self):
        return self._watch.execute("PRAGMA data_version").fetchone()[0]

    async def _looking(self) -> None:
        while True:
            await asyncio.sleep(self.look_every)
            try:
                changed = self._watch is None or self._version() != self._seen
            except sqlite3.Error:
                changed = True
            if changed or self._retry():
                self.look()

    def _retry(self) -> bool:
        """Whether a board's result is waiting to be kept (the database was busy)."""
        return any(b.over and b.id not in self._handled and self._ours(b.tag)
                   for b in self.host.boards.values())

    # --- looking at the tournament -------------------------------------------------------
    def look(self, force: bool = False) -> None:
        """Read the tournament again; keep the results that wait, make the boards of the
        round being played, seat the bots."""
        from ..tournament.errors import StoreError
        from ..tournament.store import TournamentStore
        try:
            if self._watch is not None:
                self._seen = self._version()
            with TournamentStore(self.store_path) as store:
                self.tournament = store.load(self.tid)
        except (StoreError, sqlite3.Error) as exc:
            self.problem = f"The tournament cannot be read: {exc}"
            log.error("%s", self.problem)
            return
        self.catch_up()
        self.end_decided()
        t = self.tournament
        self.round_no = current_round(t)
        hosted = set()
        for stored in self.host.store.boards():
            where = pairing_of(stored.tag, self.tid, t)
            if where is not None:
                hosted.add(where)
        for plan in plan_round(self.tid, t, hosted, self.computer_games):
            try:
                plan.create(self.host)
            except ValueError as exc:
                self.problem = f"Round {plan.round}, board {plan.board} cannot be hosted: {exc}"
                log.error("%s", self.problem)
        self._seat_bots()
        if t.is_complete and not self._complete_told:
            self._complete_told = True
            if self.on_complete is not None:
                self.on_complete()

    def _ours(self, tag) -> tuple[int, int] | None:
        return pairing_of(tag, self.tid, self.tournament) if self.tournament else None

    def _in_play(self):
        """``(board, (round, board number))`` for each of this tournament's boards still
        being played on the host."""
        for board in list(self.host.boards.values()):
            where = self._ours(board.tag)
            if where is not None and not board.over:
                yield board, where

    def catch_up(self) -> None:
        """Keep the result of every board that ended and is not yet in the round."""
        for found in self.host.results():
            where = self._ours(found.get("tag"))
            if found["board"] in self._handled or where is None:
                continue
            if found.get("end") == "director":
                self._handled.add(found["board"])     # its result is the director's own
                continue
            if self.tournament.result(*where) is not None:
                self._handled.add(found["board"])     # kept before, or entered by hand
                continue
            stored = self.host.store.board(found["board"])
            record = stored.session if stored is not None else None
            self._record(found["board"], found, record)

    def on_result(self, board_id: int, result: dict) -> None:
        """The host's ``on_result``: keep the result in the round at once."""
        if board_id in self._handled or self._ours(result.get("tag")) is None:
            return
        if result.get("end") == "director":
            self._handled.add(board_id)        # ended with the round's result: kept already
            return
        self._record(board_id, result, result.get("record"))

    def end_decided(self) -> None:
        """End every board still played whose pairing has a result in the round (entered by
        hand: the players reported it, a table's computer broke down): its players and
        watchers are told the director's result, and the board can no longer report one."""
        from .store import HostStoreError
        t = self.tournament
        for board, where in self._in_play():
            result = t.result(*where)
            if result is None:
                continue
            self._handled.add(board.id)
            try:
                self.host.decide(board.id, result.score)
            except (ValueError, HostStoreError) as exc:
                self.problem = f"Board {board.id} could not be ended: {exc}"
                log.error("%s", self.problem)
                continue
            log.info("Round %s, board %s: the director's %s ended board %s", *where,
                     result.score, board.id)

    def _record(self, board_id: int, result: dict, record) -> None:
        from ..tournament.errors import StoreError
        try:
            done = record_result(self.store_path, self.tid, board_id, result, record,
                                 self.library_path)
        except (StoreError, sqlite3.Error, ValueError) as exc:
            self.problem = f"Board {board_id}'s result is not yet kept ({exc}); trying again"
            log.error("%s", self.problem)
            return
        self._handled.add(board_id)
        if done is None:
            return
        log.info("%s", done.note)
        if self.on_recorded is not None:
            try:
                self.on_recorded(done)
            except Exception:          # a caller's mistake must not stop the host
                log.exception("on_recorded failed")

    # --- the host's bots -------------------------------------------------------------
    def _seat_bots(self) -> None:
        if not self.bots:
            return
        t = self.tournament
        for board, where in self._in_play():
            pairing = t.pairing(*where)
            for seat, who in enumerate((pairing.first, pairing.second)):
                entrant = t.entrants[who]
                key = (board.id, seat)
                if not entrant.is_computer or (key in self._bots and
                                               not self._bots[key].done()):
                    continue
                kept = self.host.store.setting(f"bot:{board.id}:{seat}")
                if kept is None and board.seats[seat].taken:
                    continue                    # a table's bot sits there
                ticket = Ticket(board.id, seat, kept) if kept else None
                self._bots[key] = asyncio.get_running_loop().create_task(
                    self._bot(board.id, seat, entrant, pairing.seed, ticket))

    async def _bot(self, board_id: int, seat: int, entrant, seed: int, ticket) -> None:
        def seated(taken):
            self.host.store.set_setting(f"bot:{taken.board}:{taken.seat}", taken.token)

        extra = {} if self.bot_pace is None else {"pace": self.bot_pace}
        try:
            await play_bot(self.host.url, entrant.level, board=board_id, name=entrant.name,
                           password=self.password, seed=seed * 2 + seat, ticket=ticket,
                           on_seated=seated, **extra)
        except (NetError, OSError) as exc:
            self.problem = f"{entrant.name} (computer) could not take board {board_id}: {exc}"
            log.warning("%s", self.problem)


class TournamentHostThread(HostThread):
    """A ``TournamentHost`` and its ``Host`` on a thread of their own, for a frame loop.

    ``poll()`` gives, besides ``HostThread``'s results, ``("event", board, kind, data,
    text, at, tag)`` (the event as its players got it, this process's monotonic second
    it happened, and the board's tag), ``("recorded", Recorded)`` and ``("overdue",
    board, seat, name)``.
    ``boards()`` is every board as it stands, to begin from.  The director's decisions
    (``pause``, ``resume``, ``forfeit``, and ``look`` after a result entered by hand)
    return at once; a refusal comes back through ``poll()`` as ``("problem", text)``.
    """

    def __init__(self, store_path, tid: int, *, bots: bool = True,
                 computer_games: bool = False, library_path=None, **settings):
        self.store_path = store_path
        self.tid = tid
        self.tournament_host: TournamentHost | None = None
        self._options = {"bots": bots, "computer_games": computer_games,
                         "library_path": library_path,
                         "password": settings.get("password") or None}
        settings.setdefault("db", host_db_path(store_path, tid))
        super().__init__(on_overdue=self._overdue, **settings)

    def start(self, timeout: float = 15.0) -> str:
        url = super().start(timeout)

        async def begin():
            self.tournament_host = TournamentHost(
                self.host, self.store_path, self.tid,
                on_recorded=lambda done: self._queue.put(("recorded", done)), **self._options)
            await self.tournament_host.start()
        try:
            asyncio.run_coroutine_threadsafe(begin(), self._loop).result(timeout)
        except BaseException:
            self.stop()
            raise
        return url

    # on the host's thread
    def _result(self, board: int, result: dict) -> None:
        if self.tournament_host is not None:
            self.tournament_host.on_result(board, result)
        super()._result(board, result)

    def _event(self, board: int, kind: str, data: dict) -> None:
        found = self.host.boards.get(board)
        texts = found.texts if found is not None else []
        self._queue.put(("event", board, kind, data, texts[-1] if texts else "",
                         time.monotonic(), found.tag if found is not None else None))

    def _overdue(self, board: int, seat: int, name) -> None:
        self._queue.put(("overdue", board, seat, name))

    # from the frame loop
    def boards(self) -> list[tuple]:
        """``(board, tag, texts, now)`` of every board: its events as sent, and the
        ``now`` message of it (clocks and absences as they stand)."""
        def copy():
            host = self.host
            at = host.now()
            return [(b.id, b.tag, list(b.texts), b.now_data(at)) for b in
                    sorted(host.boards.values(), key=lambda b: b.id)]
        return self._call(copy)

    def _decide(self, action, *args) -> None:
        def run():
            try:
                action(*args)
            except ValueError as exc:
                self._queue.put(("problem", str(exc)))
        try:
            self._loop.call_soon_threadsafe(run)
        except RuntimeError:
            self._queue.put(("problem", "the host has stopped"))

    def pause(self, board: int) -> None:
        self._decide(self.host.pause, board)

    def resume(self, board: int) -> None:
        self._decide(self.host.resume, board)

    def forfeit(self, board: int, seat: int, reason: str | None = None) -> None:
        self._decide(self.host.forfeit, board, seat, reason)

    def look(self) -> None:
        """Read the tournament again now, not at the next look: a result the director has
        just entered by hand ends its board at once."""
        def run():
            if self.tournament_host is not None:
                self.tournament_host.look()
        try:
            self._loop.call_soon_threadsafe(run)
        except RuntimeError:
            self._queue.put(("problem", "the host has stopped"))

    def set_away_limit(self, seconds: float | None) -> None:
        def run():
            self.host.away_limit = seconds
        self._call(run)

    def stop(self, timeout: float = 10.0) -> None:
        if self.tournament_host is not None and self._thread is not None and \
                not self._loop.is_closed():
            try:
                asyncio.run_coroutine_threadsafe(self.tournament_host.close(),
                                                 self._loop).result(timeout)
            except Exception:          # the loop already ended: nothing runs on it
                pass
        super().stop(timeout)
