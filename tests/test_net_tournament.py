"""A club's Swiss played over the network: the director's computer hosts the round, tables
on other computers play its boards at once, and every result reaches the standings by
itself, exactly once, whatever dies on the way (a table's program, the host itself).

All on loopback, ports chosen by the system, no display: the tables are clients playing
random legal moves; the host is ``python3 -m game serve --tournament`` in a process of its
own (killed with SIGKILL and started again), or the director's program hosting from its
screens (``scenes.tournament.network``).
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest

from game import GAMES
from game.clock import parse_time_control
from game.net.client import Client, NetError
from game.net.host import Host
from game.net.store import HostStore
from game.net.tournament import TournamentHost, host_db_path, record_result
from game.records.library import Library
from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.standings import standings
from game.tournament.store import TournamentStore
from helpers import click, frames, make_app, move_pointer, press, wait_until
from scenes import assets
from scenes.tournament.common import score_text

ROOT = Path(__file__).resolve().parent.parent
#: The longest any test here may take before it is called hung.
BOUND = 90
#: Seconds a table leaves between its moves: well inside the host's rate of messages.
PACE = 0.04
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]


def run(coroutine):
    async def bounded():
        return await asyncio.wait_for(coroutine, BOUND)
    return asyncio.run(bounded())


def kept_tournament(path, entrants, name="Friday club", game="calla", control="5+3",
                    rounds=3) -> int:
    """A Swiss kept in ``path`` with its round 1 paired; its id."""
    people = [e if isinstance(e, Entrant) else Entrant(e) for e in entrants]
    t = Tournament(name, people, "swiss",
                   [GameChoice(game, None, parse_time_control(control) if control else None)],
                   rounds=rounds, seed=7)
    with TournamentStore(path) as store:
        stored = store.create(t)
        stored.pair_next_round()
        return stored.id


def load(path, tid):
    with TournamentStore(path) as store:
        return store.load(tid), store.history(tid)


def round_one(tournament) -> list[tuple[int, str, str]]:
    """(board, first, second) of round 1."""
    e = tournament.entrants
    return [(p.board, e[p.first].name, e[p.second].name) for p in tournament.rounds[0]
            if not p.is_bye]


class Table:
    """One computer at a club's table: the players of a board sit at it (one connection;
    both seats when both names are given, joined by their names) and it plays random legal
    moves for whichever of them is to move.  ``hold`` stops it at that many moves until
    ``go`` is set."""

    def __init__(self, url, names, seed, hold=None, reconnect=True):
        self.url = url
        self.names = names
        self.rng = random.Random(seed)
        self.hold = hold
        self.reconnect = reconnect
        self.go = asyncio.Event()
        self.held = asyncio.Event()       # set once it stands at ``hold``
        self.client = None
        self.board = None
        self.seats = set()

    async def sit(self):
        self.client = await Client.open(self.url, reconnect=self.reconnect)
        for name in self.names:                 # no board number: the seat kept for the name
            ticket = await self.client.join(name)
            self.board = ticket.board
            self.seats.add(ticket.seat)
        return self

    @property
    def view(self):
        return self.client.boards[self.board]

    async def play(self):
        sent = None
        loop = asyncio.get_running_loop()
        last = 0.0
        while not self.view.over:
            view = self.view
            if self.hold is not None and view.ply >= self.hold and not self.go.is_set():
                self.held.set()
                await self.go.wait()
                continue
            if view.started and not view.paused and view.turn in self.seats and \
                    sent != view.ply and self.client.connected:
                wait = last + PACE - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                    continue                    # the board as it is after the pause
                sent, last = view.ply, loop.time()
                spec = GAMES[view.game]
                state = view.state()
                move = spec.format_move(state, self.rng.choice(state.legal_moves()))
                try:
                    await self.client.move(self.board, move)
                except NetError:
                    sent = None                 # sent again once the connection is back
                continue
            message = await asyncio.wait_for(self.client.next_message(), 30)
            kind = message.get("type")
            if (kind == "error" and "late" not in str(message.get("reason"))) or (
                    kind == "connection" and message.get("state") == "back"):
                sent = None        # refused, or lost as the host went down (not one seen late)
        return self.view.result


def serve(store, *flags) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "game", "serve", "--tournament",
                             "Friday club", "--store", str(store), "--no-announce", *flags],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


async def line_of(process) -> dict:
    line = await asyncio.get_running_loop().run_in_executor(None, process.stdout.readline)
    assert line, process.stderr.read()
    return json.loads(line)


# --- the done-when: five boards at once, a table and the host killed ---------------------------
def test_five_boards_of_a_swiss_played_at_once_lose_nothing_when_a_table_and_the_host_die(
        tmp_path):
    store = tmp_path / "club.sqlite3"
    tid = kept_tournament(store, NAMES)
    pairs = round_one(load(store, tid)[0])
    assert len(pairs) == 5
    processes = []

    async def main():
        first = serve(store, "--port", "0")
        processes.append(first)
        info = await line_of(first)
        url = info["url"]
        assert info["round"] == 1 and [b["names"] for b in info["boards"]] == \
            [[a, b] for _, a, b in pairs]
        # five tables; the last plays its game out before the host dies, the others stop
        # after a few moves; Ann's table runs without reconnecting (its program will die)
        tables = [Table(url, [a, b], seed=n, hold=None if n == 4 else 4,
                        reconnect=n != 0) for n, (_, a, b) in enumerate(pairs)]
        await asyncio.gather(*[t.sit() for t in tables])
        assert [t.board for t in tables] == [1, 2, 3, 4, 5]
        watcher = await Client.open(url)
        await watcher.watch(1)
        games = [asyncio.create_task(t.play()) for t in tables[1:]]
        ann = tables[0]
        first_game = asyncio.create_task(ann.play())
        await ann.held.wait()
        first_game.cancel()
        seen = ann.view.seq
        ann.client._ws.transport.abort()           # the table's program dies mid-game
        away = await until(watcher, 1, lambda m: m.get("kind") == "away")
        # it starts again and takes both its seats back with their tokens
        again = await Client.open(url)
        again.boards[1] = copy.deepcopy(ann.client.boards[1])
        seats = [(await again.rejoin(t.board, t.token, since=seen)).seat
                 for t in ann.client.held]
        back = await until(watcher, 1, lambda m: m.get("kind") == "back")
        ann.client = again
        await asyncio.gather(*[t.held.wait() for t in tables[1:4]])
        finished = await games[3]                  # board 5 played to its end
        kept_before = await line_of(first)
        assert (kept_before["board"], kept_before["kept"]) == (5, True)
        # the host dies in the middle of four games, and is started again on its database
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        port = url.rsplit(":", 1)[1]
        second = serve(store, "--port", port)
        processes.append(second)
        info = await line_of(second)
        assert info["url"] == url and info["round"] == 1
        for t in tables:
            t.go.set()
        results = list(await asyncio.gather(ann.play(), *games[:3])) + [finished]
        kept_after = [await line_of(second) for _ in range(4)]
        second.send_signal(signal.SIGTERM)
        out, err = await asyncio.get_running_loop().run_in_executor(None, second.communicate)
        await asyncio.gather(watcher.close(), *[t.client.close() for t in tables])
        return away, back, seats, results, kept_before, kept_after, out, second.returncode

    try:
        away, back, seats, results, kept_before, kept_after, out, code = run(main())
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert away["name"] in pairs[0][1:] and back["name"] in pairs[0][1:]
    assert sorted(seats) == [0, 1]
    assert all(r is not None for r in results)
    assert code == 0 and out == ""            # nothing more was kept twice on the way out
    assert sorted(k["board"] for k in kept_after) == [1, 2, 3, 4]
    assert all(k["kept"] for k in kept_after)
    tournament, history = load(store, tid)
    # the round is complete: each board's result, as its game ended, kept once
    for board, first, second in pairs:
        result = tournament.result(1, board)
        ended = results[board - 1]
        winner = ended["winner"]
        assert result.score == ("1/2-1/2" if winner is None else "1-0" if winner == 0
                                else "0-1")
        assert [e.result for e in history[(1, board)]] == [result]
        assert "over the network" in history[(1, board)][0].detail
    assert tournament.round_complete(1) and tournament.can_pair_next()
    table = standings(tournament)
    assert sum(s.points for s in table) == 5 and sum(s.played for s in table) == 10
    # every game is in the game library once, with the tournament's board
    games = Library(tmp_path / "data" / "games.sqlite3").list()
    assert sorted(g.players for g in games) == sorted((a, b) for _, a, b in pairs)
    # the host's database holds each board's every move, as the tables saw them
    host = HostStore(host_db_path(store, tid))
    try:
        kept = {b.id: b for b in host.boards()}
    finally:
        host.close()
    assert all(kept[n].status == "over" for n in range(1, 6))
    assert [kept[n].result["moves"] for n in range(1, 6)] == [len(r["record"]["moves"])
                                                             for r in results]


async def until(client, board, test):
    while True:
        message = await asyncio.wait_for(client.next_message(), 30)
        if message.get("board") == board and test(message):
            return message


# --- catching up after a restart, exactly once -----------------------------------------------
def test_a_board_that_ended_unrecorded_is_caught_up_once_when_hosting_starts_again(tmp_path):
    store = tmp_path / "club.sqlite3"
    tid = kept_tournament(store, ["Ann", "Bob"], control=None, rounds=1)
    db = host_db_path(store, tid)
    library = tmp_path / "games.sqlite3"
    told = []

    async def host_round(on_result=True):
        hosting = None
        host = Host(db, announce=False,
                    on_result=(lambda b, r: hosting.on_result(b, r)) if on_result else None)
        await host.start()
        hosting = TournamentHost(host, store, tid, library_path=library, on_recorded=told.append)
        await hosting.start()
        return host, hosting

    async def main():
        # the host's side keeps nothing: as if it died the moment the board ended
        host, hosting = await host_round(on_result=False)
        assert [b.names for b in host.boards.values()] == [["Ann", "Bob"]]
        table = await Table(host.url, ["Ann", "Bob"], seed=3).sit()
        ended = await table.play()
        await table.client.close()
        await hosting.close()
        await host.close()
        assert load(store, tid)[0].result(1, 1) is None
        for _ in range(2):                     # hosted again, twice: kept the first time only
            host, hosting = await host_round()
            assert len(host.store.boards()) == 1     # the board is not made again
            host.on_result(1, {**host.results()[0], "record": None})  # told again: nothing
            await hosting.close()
            await host.close()
        return ended

    ended = run(main())
    tournament, history = load(store, tid)
    winner = ended["winner"]
    assert tournament.result(1, 1).score == ("1/2-1/2" if winner is None else
                                             "1-0" if winner == 0 else "0-1")
    assert len(history[(1, 1)]) == 1
    assert [(d.round, d.board, d.kept) for d in told] == [(1, 1, True)]
    assert len(Library(library).list()) == 1
    # a result told for a board whose players changed is not counted
    t = load(store, tid)[0]
    stray = record_result(store, tid, 9, {"tag": {"tournament": tid, "seed": t.seed,
                                                  "round": 1, "board": 1},
                                          "winner": 0, "end": "rules", "names": ["X", "Y"]})
    assert stray is not None and not stray.kept


def test_a_board_ended_by_a_result_entered_by_hand_never_reports_one_even_after_a_restart(
        tmp_path):
    store = tmp_path / "club.sqlite3"
    tid = kept_tournament(store, ["Ann", "Bob"], control=None, rounds=1)
    db = host_db_path(store, tid)
    told = []

    async def host_round():
        hosting = None
        host = Host(db, announce=False, on_result=lambda b, r: hosting.on_result(b, r))
        await host.start()
        hosting = TournamentHost(host, store, tid, on_recorded=told.append, look_every=0.05)
        await hosting.start()
        return host, hosting

    async def main():
        host, hosting = await host_round()
        table = await Table(host.url, ["Ann", "Bob"], seed=3, hold=2).sit()
        game = asyncio.create_task(table.play())
        await table.held.wait()
        with TournamentStore(store) as kept:          # the director's entry, from elsewhere
            kept.open(tid).record(1, 1, "0-1", "manual")
        ended = await until(table.client, 1, lambda m: m.get("kind") == "ended")
        table.go.set()
        await game
        await table.client.close()
        await hosting.close()
        await host.close()
        with TournamentStore(store) as kept:          # and takes it back while nobody hosts
            kept.open(tid).clear_result(1, 1)
        host, hosting = await host_round()            # hosted again: nothing is caught up
        await asyncio.sleep(0.2)
        boards = len(host.store.boards())
        await hosting.close()
        await host.close()
        return ended, boards

    ended, boards = run(main())
    assert (ended["end"], ended["result"], ended["winner"]) == ("director", "0-1", 1)
    assert boards == 1 and told == []
    tournament, history = load(store, tid)
    assert tournament.result(1, 1) is None         # the director's to enter again
    assert [e.result and e.result.score for e in history[(1, 1)]] == ["0-1", None]


def test_a_computer_entrant_is_played_by_the_hosts_bot_which_takes_its_seat_back(tmp_path):
    store = tmp_path / "club.sqlite3"
    tid = kept_tournament(store, ["Ann", Entrant("Robo", "computer", "random")],
                          game="calabria", control=None, rounds=1)
    db = host_db_path(store, tid)

    async def host_round():
        hosting = None
        host = Host(db, announce=False, restart_grace=None,
                    on_result=lambda b, r: hosting.on_result(b, r))
        await host.start()
        hosting = TournamentHost(host, store, tid, bot_pace=0.0)
        await hosting.start()
        return host, hosting

    async def main():
        host, hosting = await host_round()
        t = load(store, tid)[0]
        human = next(name for _, *names in round_one(t) for name in names if name == "Ann")
        ann = await Table(host.url, [human], seed=5, hold=6).sit()
        game = asyncio.create_task(ann.play())
        await ann.held.wait()
        token = host.store.setting(f"bot:1:{1 - ann.view.seat}")
        tickets = dict(ann.client.tickets)
        await hosting.close()                  # the director's program closes mid-game
        await host.close()
        game.cancel()
        await ann.client.close()
        host, hosting = await host_round()     # and hosts again: the bot comes back
        ann = Table(host.url, [human], seed=6)
        ann.client = await Client.open(host.url)
        ann.board = 1
        ann.seats = {(await ann.client.rejoin(1, tickets[1].token, since=0)).seat}
        ended = await ann.play()
        await asyncio.sleep(0.1)
        await ann.client.close()
        await hosting.close()
        await host.close()
        return token, ended

    token, ended = run(main())
    assert token is not None                   # the bot's seat can be taken back
    tournament, history = load(store, tid)
    assert tournament.result(1, 1) is not None and len(history[(1, 1)]) == 1
    assert ended["end"] in ("rules", "agreed")


@pytest.mark.parametrize("no_bots", [False, True])
def test_serve_plays_a_computer_entrants_seat_unless_no_bots_leaves_it_to_a_tables_bot(
        tmp_path, no_bots):
    store = tmp_path / "club.sqlite3"
    tid = kept_tournament(store, ["Ann", Entrant("Robo", "computer", "random")],
                          game="calabria", control=None, rounds=1)
    processes = []

    async def free_seats(client) -> list:
        return next(b["free"] for b in await client.list_boards() if b["board"] == 1)

    async def main():
        host = serve(store, "--port", "0", *(["--no-bots"] if no_bots else []))
        processes.append(host)
        url = (await line_of(host))["url"]
        ann = await Table(url, ["Ann"], seed=5, hold=2).sit()
        robo = 1 - next(iter(ann.seats))
        looks, free = 0, await free_seats(ann.client)
        # the host's bot takes Robo's seat at once; with --no-bots it is still free after
        # many looks (30 of them, 0.1 s apart)
        while free and looks < 30:
            await asyncio.sleep(0.1)
            looks, free = looks + 1, await free_seats(ann.client)
        table_bot = None
        if no_bots:
            assert free == [robo] and not ann.view.started
            table_bot = subprocess.Popen(
                [sys.executable, "-m", "game", "bot", url, "--board", "1", "--name", "Robo"],
                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            processes.append(table_bot)
        else:
            assert free == []
        game = asyncio.create_task(ann.play())
        await asyncio.wait_for(ann.held.wait(), 30)     # Robo's seat has moved too
        await ann.client.resign(1)
        ann.go.set()
        ended = await game
        kept = await line_of(host)
        await ann.client.close()
        out = None
        if table_bot is not None:
            out = await asyncio.get_running_loop().run_in_executor(
                None, lambda: table_bot.communicate(timeout=60)[0])
        return ended, kept, out, robo

    try:
        ended, kept, out, robo = run(main())
        for process in processes:
            process.wait(30)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert kept["kept"] and (kept["round"], kept["board"]) == (1, 1)
    assert ended["end"] == "resigned" and len(ended["record"]["moves"]) >= 2
    if no_bots:                          # the table's bot played Robo's seat
        answer = json.loads(out)
        assert (answer["board"], answer["seat"], answer["result"]) == (1, robo, "win")
    tournament, history = load(store, tid)
    assert tournament.result(1, 1) is not None and len(history[(1, 1)]) == 1


# --- the director's screens ----------------------------------------------------------------
@pytest.fixture
def director(tmp_path, monkeypatch):
    """The program at its tournament lobby, hosting on loopback on a port the system picks."""
    from scenes.tournament import network
    from scenes.tournament.common import db_path
    monkeypatch.setattr(network, "DEFAULT_PORT", 0)
    monkeypatch.setattr(network, "DEFAULT_BIND", "loopback")
    app = make_app(tmp_path)
    app.stack.push("menu")
    frames(app, 2)
    holder = {"app": app, "store": db_path()}
    yield holder
    hosting = network.find(app)
    if hosting is not None:
        hosting.close()
    app.close()


class TablesThread:
    """Tables playing from a thread of their own while the frame loop runs in the test's:
    ``go()`` lets them past their ``hold``, ``stop()`` ends them (their games left as
    they stand); ``results`` once every game is over."""

    def __init__(self, url, names, seed, hold=None):
        self.tables = [Table(url, pair, seed + i, hold=hold) for i, pair in enumerate(names)]
        self.results = None
        self.loop = None
        self._task = None
        ready = threading.Event()

        def main():
            async def play():
                await asyncio.gather(*[t.sit() for t in self.tables])
                ready.set()
                try:
                    self.results = await asyncio.gather(*[t.play() for t in self.tables])
                finally:
                    await asyncio.gather(*[t.client.close() for t in self.tables],
                                         return_exceptions=True)

            async def bounded():
                self.loop = asyncio.get_running_loop()
                self._task = asyncio.ensure_future(play())
                try:
                    await asyncio.wait_for(self._task, BOUND)
                except (asyncio.CancelledError, asyncio.TimeoutError):
                    pass
            asyncio.run(bounded())

        self.thread = threading.Thread(target=main, daemon=True)
        self.thread.start()
        assert ready.wait(30), "the tables did not sit down"

    def call(self, function, *args) -> None:
        self.loop.call_soon_threadsafe(function, *args)

    def go(self) -> None:
        for table in self.tables:
            self.call(table.go.set)

    def finish(self) -> list:
        """Let them play their games out; the games' ends."""
        self.go()
        self.thread.join(BOUND)
        assert self.results is not None, "the tables did not finish their games"
        return self.results

    def stop(self) -> None:
        if self.thread.is_alive():
            self.call(self._task.cancel)
            self.thread.join(BOUND)


def drawn_texts(app) -> list[str]:
    with assets.TextRecorder() as recorder:
        frames(app, 1)
    return [words for _rect, words in recorder.on(app.screen)]


def host_from_lobby(app):
    """Host the tournament from the lobby's Host (the round view's in a window too narrow
    for it beside the lobby's other buttons)."""
    from scenes.tournament import network
    app.stack.push("tournament.lobby")
    frames(app, 2)
    if app.size[0] < 1000:
        press(app, "Continue")
    press(app, "Host")
    assert type(app.stack.top).__name__ == "HostingScene"
    press(app, "Start hosting")
    hosting = network.find(app)
    assert hosting is not None and hosting.wait_started(), hosting and hosting.problem
    frames(app, 2)
    return hosting


def test_the_lobbys_host_button_hosts_and_the_round_screen_shows_each_boards_table(director):
    app = director["app"]
    tid = kept_tournament(director["store"], NAMES)
    pairs = round_one(load(director["store"], tid)[0])
    hosting = host_from_lobby(app)
    texts = drawn_texts(app)
    assert hosting.url in texts and any("No password" in t for t in texts)
    assert texts.count("no table yet") == 5     # the panel: every board, no table yet
    # one table sits at board 2 and plays; board 1's first player alone sits at another
    tables = TablesThread(hosting.url, [list(pairs[1][1:])], seed=1, hold=2)
    lone = TablesThread(hosting.url, [[pairs[0][1]]], seed=9)
    assert wait_until(app, lambda: hosting.boards[2].view.ply >= 2 and 0 in
                      hosting.boards[1].seated)
    press(app, "Back")
    press(app, "Continue")
    round_scene = app.stack.top
    assert type(round_scene).__name__ == "RoundScene"
    t = round_scene.tournament
    assert round_scene.state_text(t.pairing(1, 2)) == "playing, move 3"
    assert round_scene.state_text(t.pairing(1, 1)) == f"waiting for {pairs[0][2]}"
    assert round_scene.state_text(t.pairing(1, 3)) == "no table yet"
    assert not round_scene.play_buttons[2].is_enabled      # played over the network
    texts = drawn_texts(app)
    assert "playing, move 3" in texts and f"waiting for {pairs[0][2]}" in texts
    # board 2's game is played out: its result comes into the round by itself
    tables.finish()
    assert wait_until(app, lambda: round_scene.tournament.result(1, 2) is not None)
    result = round_scene.tournament.result(1, 2)
    assert result.score in ("1-0", "0-1", "1/2-1/2")
    frames(app, 2)
    assert round_scene.state_text(round_scene.tournament.pairing(1, 2)).startswith(
        score_text(result.score))
    lone.stop()


def test_the_live_screen_shows_each_boards_last_move_and_both_clocks(director):
    from scenes.tournament import network
    app = director["app"]
    tid = kept_tournament(director["store"], NAMES)
    pairs = round_one(load(director["store"], tid)[0])
    hosting = host_from_lobby(app)
    press(app, "Live boards")
    live = app.stack.top
    assert type(live).__name__ == "LiveScene"
    tables = TablesThread(hosting.url, [list(pairs[0][1:])], seed=4, hold=3)
    assert wait_until(app, lambda: hosting.boards[1].view.ply >= 3)
    frames(app, 2)
    view = hosting.boards[1].view
    texts = drawn_texts(app)
    assert f"Last move: {view.moves[-1]}" in texts
    assert "playing, move 4" in texts and "3 moves played" in texts
    assert pairs[0][1] in texts and pairs[0][2] in texts
    assert texts.count("5:00") == 8            # the boards without a table: untouched clocks
    running = [network.clock_text(view.clock_left(seat)) for seat in (0, 1)]
    assert all(clock in texts for clock in running) and running != ["5:00", "5:00"]
    assert 0 < live.next_frame_in() <= 1.0      # drawn again when the clock shows a second
    # once the game is over nothing counts on the screen: it waits for news, undrawn
    tables.finish()
    assert wait_until(app, lambda: hosting.boards[1].view.over)
    frames(app, 2)
    assert live.next_frame_in() is None
    assert network.table_state(hosting.boards[1]).startswith("over: ")


def test_a_table_away_too_long_is_forfeited_by_the_director_and_counted(director):
    from scenes.tournament import network
    app = director["app"]
    tid = kept_tournament(director["store"], NAMES)
    pairs = round_one(load(director["store"], tid)[0])
    hosting = host_from_lobby(app)
    hosting.set_away_limit(0.2)
    press(app, "Live boards")
    tables = TablesThread(hosting.url, [list(pairs[2][1:])], seed=2, hold=2)
    assert wait_until(app, lambda: hosting.boards[3].view.ply >= 2)
    table = tables.tables[0]
    table.client.reconnect = False             # its computer is gone for good
    tables.call(table.client._ws.transport.abort)
    assert wait_until(app, lambda: hosting.boards[3].overdue)
    texts = drawn_texts(app)
    assert any(t.startswith(f"waiting for {pairs[2][1]} (reconnecting, 0:0") for t in texts)
    absent = next(iter(hosting.boards[3].overdue.values()))
    press(app, f"Forfeit {absent}")
    store = director["store"]
    assert wait_until(app, lambda: load(store, tid)[0].result(1, 3) is not None)
    result = load(store, tid)[0].result(1, 3)
    assert result.how == "forfeit" and result.score == "0-1"    # both seats were away
    assert network.table_state(hosting.boards[3]).startswith("over: ")
    tables.stop()


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("count", [5, 20])
def test_the_hosting_panel_live_boards_and_round_fit_long_names(director, size, count):
    app = director["app"]
    pygame.display.set_mode(size)
    app.on_resize()
    long = ["Alexandra Konstantinopoulou-Smythe", "Wolfeschlegelsteinhausenbergerdorff Jr."]
    names = long + [f"Player number {i}" for i in range(2 * count - 2)]
    tid = kept_tournament(director["store"], names)
    hosting = host_from_lobby(app)
    pairs = round_one(load(director["store"], tid)[0])
    with_long = next(p for p in pairs if set(p[1:]) & set(long))
    tables = TablesThread(hosting.url, [list(with_long[1:])], seed=1, hold=2)
    assert wait_until(app, lambda: hosting.boards[with_long[0]].view.ply >= 2)
    for screen in ("hosting", "live", "round"):
        if screen == "live":
            press(app, "Live boards")
        elif screen == "round":            # the round screen: each board's table
            while type(app.stack.top).__name__ not in ("RoundScene", "LobbyScene"):
                press(app, "Back")
            if type(app.stack.top).__name__ == "LobbyScene":
                press(app, "Continue")
        move_pointer(app, (size[0] - 2, size[1] // 2))   # no name under it shown whole
        frames(app, 2)
        with assets.TextRecorder() as recorder:
            frames(app, 1)
        shots = os.environ.get("CALLIDUS_SHOTS")
        if shots:
            pygame.image.save(app.screen, str(Path(shots) /
                                              f"net-{screen}-{count}-{size[0]}.png"))
        drawn = [(rect, words) for rect, words in recorder.on(app.screen)
                 if rect.width and rect.height]
        bounds = app.screen.get_rect()
        tiles = []
        if screen == "live":
            scene = app.stack.top
            tiles = [scene.tile_rect(i) for i in range(len(scene.boards()))]
            tiles = [t for t in tiles if t is not None]
            assert tiles
        for rect, words in drawn:
            assert bounds.contains(rect), f"{words!r} leaves the screen ({rect})"
            for tile in tiles:
                if tile.collidepoint(rect.topleft):
                    assert tile.contains(rect), f"{words!r} leaves its tile {tile} ({rect})"
        for i, (a, first) in enumerate(drawn):
            for b, second in drawn[i + 1:]:
                assert not a.colliderect(b), f"{first!r} {a} overprints {second!r} {b}"
        words = [w for _, w in drawn]
        if screen == "round":
            assert "playing, move 3" in words and "no table yet" in words
        for name in long:          # whole, or shortened with an ellipsis
            assert any(w == name or (w.endswith("\u2026") and name.startswith(w[:-1]))
                       for w in words), f"{name} is not shown"
    tables.stop()


def test_a_result_entered_by_hand_ends_its_board_on_the_host_for_players_and_watchers(
        director):
    from game.net.client import ClientThread
    from scenes.tournament import network
    from scenes.tournament.result_entry import ResultEntryScene
    app = director["app"]
    store = director["store"]
    tid = kept_tournament(store, NAMES)
    board, first, second = round_one(load(store, tid)[0])[0]
    hosting = host_from_lobby(app)
    # one table holds both seats of board 1 (its computer will break down); a watcher
    table, watcher = ClientThread(hosting.url), ClientThread(hosting.url)
    try:
        table.join(first)
        table.join(second)
        watcher.watch(board)
        rng = random.Random(5)
        for ply in range(2):
            assert wait_until(app, lambda: (table.board(board) or None) is not None and
                              table.board(board).started and table.board(board).ply == ply)
            view = table.board(board)
            state = view.state()
            table.move(board, GAMES[view.game].format_move(state,
                                                           rng.choice(state.legal_moves())))
        assert wait_until(app, lambda: hosting.boards[board].view.ply == 2)
        # the players report the result to the director, who enters it by hand
        press(app, "Back")
        press(app, "Continue")
        round_scene = app.stack.top
        click(app, round_scene.result_buttons[board].rect.center, settle=2)
        entry = app.stack.top
        assert isinstance(entry, ResultEntryScene)
        press(app, f"{first} won")
        assert entry.asking is not None and "played over the network" in entry.asking[0]
        press(app, f"Yes, keep {score_text('1-0')}")
        assert app.stack.top is round_scene
        # the board ends on the host: the players and the watcher are told the director's
        # result, and the board takes no more moves
        assert wait_until(app, lambda: (watcher.board(board).result or {}).get("end") ==
                          "director")
        for client in (table, watcher):
            ended = client.board(board).result
            assert (ended["result"], ended["winner"]) == ("1-0", 0)
            assert ended["reason"] == f"The director ended the game: {first} won."
        table.poll()
        view = table.board(board)
        table.move(board, GAMES[view.game].format_move(view.state(),
                                                       view.state().legal_moves()[0]))
        refused = []
        assert wait_until(app, lambda: refused.extend(table.poll()) or any(
            m.get("type") == "error" and m.get("request") == "move" for m in refused))
        assert any(m.get("reason") == f"board {board} is over" for m in refused)
        assert wait_until(app, lambda: hosting.boards[board].view.over)
        assert network.table_state(hosting.boards[board]) == "over: ended by the director"
        # the round keeps the director's result once; the host reports none of its own
        frames(app, 30)
        tournament, history = load(store, tid)
        assert tournament.result(1, board).score == "1-0"
        assert [e.result.score for e in history[(1, board)]] == ["1-0"]
        assert hosting.recorded == 0 and not any(str(board) in note for note, _ in
                                                 hosting.notes)
        # the director corrects it by hand: the round takes it, the host says nothing more
        click(app, round_scene.result_buttons[board].rect.center, settle=2)
        press(app, f"{second} won")
        assert wait_until(app, lambda: load(store, tid)[0].result(1, board).score == "0-1")
        frames(app, 30)
        assert [e.result.score for e in load(store, tid)[1][(1, board)]] == ["1-0", "0-1"]
        assert hosting.recorded == 0
    finally:
        table.close()
        watcher.close()


# --- the command line -----------------------------------------------------------------------
@pytest.mark.parametrize("argv, message", [
    (["serve", "--store", "x.sqlite3"], "--store needs --tournament"),
    (["serve", "--tournament", "X", "--game", "calla"], "--game is not for --tournament"),
    (["serve", "--tournament", "Nobody's", "--store", "{store}"], "no tournament is called"),
])
def test_serve_tournament_refuses_a_bad_flag_in_one_line(tmp_path, capsys, argv, message):
    from game.cli.main import main
    store = tmp_path / "club.sqlite3"
    kept_tournament(store, NAMES[:4])
    code = main([a.replace("{store}", str(store)) for a in argv])
    err = capsys.readouterr().err.strip()
    assert code == 2 and message in err and len(err.splitlines()) == 1


def test_a_host_that_cannot_start_says_why_and_leaves_nothing_running(director, monkeypatch):
    from scenes.tournament import network
    monkeypatch.setattr(network, "BINDS", (("Nowhere at all", "nowhere"),))
    monkeypatch.setattr(network, "DEFAULT_BIND", "nowhere")
    app = director["app"]
    kept_tournament(director["store"], NAMES)
    app.stack.push("tournament.lobby")
    frames(app, 2)
    press(app, "Host")
    press(app, "Start hosting")
    assert wait_until(app, lambda: any(t.startswith("The host could not start:")
                                       for t in drawn_texts(app)))
    assert any("nowhere" in t for t in drawn_texts(app))
    assert network.find(app) is None
    assert "Start hosting" in [w.text for w in app.stack.top.widgets if hasattr(w, "text")]
