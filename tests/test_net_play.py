"""A host and its clients on loopback, in one process: whole games, drops, bad clients, clocks.

No test here waits on the wall clock to decide anything: clocks that matter are
the host's injected time source, and every wait has a generous bound that only
a hung test would reach.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random

import pytest

from game import GAMES
from game.net.bot import play_bot
from game.net.client import Client, NetError
from game.net.host import Host
from game.net.store import HostStore

#: The longest any test here may take before it is called hung.
BOUND = 60


def run(coroutine):
    async def bounded():
        return await asyncio.wait_for(coroutine, BOUND)
    return asyncio.run(bounded())


class FakeTime:
    """The host's clock, stepped by the test."""

    def __init__(self):
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


async def until(client: Client, test, what: str = "a message"):
    """Read messages until ``test(message)`` holds; that message."""
    while True:
        message = await asyncio.wait_for(client.next_message(), 20)
        if test(message):
            return message


def moves_in_store(path, board: int) -> list[str]:
    store = HostStore(path)
    try:
        events = store.events(board)
    finally:
        store.close()
    assert [seq for seq, _, _ in events] == list(range(1, len(events) + 1))
    return [data["move"] for _, kind, data in events if kind == "move"]


async def caught_up(client: Client, board: int, ply: int) -> None:
    """Wait until ``client``'s board has reached ``ply``: a table moves once it has seen the
    last move (a move from a table a move behind carries the old ply and is refused as late)."""
    async def wait():
        while client.boards[board].ply < ply:
            await asyncio.sleep(0.005)
    await asyncio.wait_for(wait(), 20)


async def random_move(client: Client, board: int, rng: random.Random,
                      ply: int | None = None) -> str:
    """A random legal move of ``client``'s, once its board has reached ``ply`` (when given)."""
    if ply is not None:
        await caught_up(client, board, ply)
    view = client.boards[board]
    spec = GAMES[view.game]
    state = view.state()
    text = spec.format_move(state, rng.choice(state.legal_moves()))
    await client.move(board, text)
    return text


def test_ten_boards_and_twenty_clients_play_whole_games_with_a_watcher(tmp_path):
    db = tmp_path / "host.sqlite3"
    results = {}

    async def main():
        host = Host(db, announce=False, on_result=lambda b, r: results.setdefault(b, r))
        await host.start()
        boards = [host.create_board("calla", time_control="5+3") for _ in range(10)]
        watcher = await Client.open(host.url)
        await watcher.watch(boards[0])
        bots = [play_bot(host.url, "random", seed=i, pace=0.005) for i in range(20)]
        outcomes = await asyncio.gather(*bots)
        await until(watcher, lambda m: watcher.boards[boards[0]].over)
        seen = list(watcher.boards[boards[0]].moves)
        await watcher.close()
        await host.close()
        return boards, outcomes, seen

    boards, outcomes, seen = run(main())
    assert sorted(results) == boards
    by_board = {}
    for outcome in outcomes:
        by_board.setdefault(outcome["board"], []).append(outcome)
    assert sorted(by_board) == boards
    for board, pair in by_board.items():
        assert sorted(o["seat"] for o in pair) == [0, 1]
        assert {o["moves"] for o in pair} == {results[board]["moves"]}
        assert sorted(o["result"] for o in pair) in (["loss", "win"], ["draw", "draw"])
        winner = results[board]["winner"]
        assert all((o["result"] == "win") == (o["seat"] == winner) for o in pair)
        assert len(moves_in_store(db, board)) == results[board]["moves"]
    assert seen == moves_in_store(db, boards[0]) == results[boards[0]]["record"]["moves"]


def test_a_client_killed_mid_game_rejoins_with_its_token_and_finishes(tmp_path):
    db = tmp_path / "host.sqlite3"

    async def main():
        host = Host(db, announce=False)
        await host.start()
        board = host.create_board("calla", time_control="5+3")
        ann = await Client.open(host.url, reconnect=False)
        bob = await Client.open(host.url, reconnect=False)
        ann_seat = await ann.join("Ann", board=board)
        await bob.join("Bob", board=board)
        rng = random.Random(5)
        players = {ann_seat.seat: ann}
        players[1 - ann_seat.seat] = bob
        view = bob.boards[board]
        await until(bob, lambda m: view.started)
        # play until it is Bob's turn after a few moves
        while view.ply < 4 or view.turn == ann_seat.seat:
            mover = players[view.turn]
            await random_move(mover, board, rng, view.ply)
            await until(bob, lambda m: m.get("kind") == "move")
        assert not view.over
        seq_seen = ann.boards[board].seq
        ann._ws.transport.abort()                       # Ann's program dies
        away = await until(bob, lambda m: m.get("kind") == "away")
        assert away["name"] == "Ann" and away["seat"] == ann_seat.seat
        # Bob moves while Ann is gone; her clock runs
        while view.turn != ann_seat.seat and not view.over:
            await random_move(bob, board, rng)
            await until(bob, lambda m: m.get("kind") in ("move", "ended"))
        ann2 = await Client.open(host.url, reconnect=False)
        ann2.boards[board] = copy.deepcopy(ann.boards[board])   # the board as Ann's program kept it
        with pytest.raises(NetError):                   # not with someone else's token
            spare = await Client.open(host.url, reconnect=False)
            await spare.rejoin(board, "B" * 32, 0)
        again = await ann2.rejoin(board, ann_seat.token)          # since the last event seen
        assert again.seat == ann_seat.seat
        back = await until(bob, lambda m: m.get("kind") == "back")
        assert back["name"] == "Ann"
        got = []
        while True:
            message = await ann2.next_message(20)
            if message.get("type") == "event":
                got.append(message["seq"])
            if message.get("type") == "now":
                break
        # exactly the events Ann missed, then her own return: the board is whole again
        assert got == list(range(seq_seen + 1, view.seq + 1))
        assert ann2.boards[board].moves == view.moves
        assert ann2.boards[board].position == view.position
        players[ann_seat.seat] = ann2
        while not view.over:
            mover = players[view.turn]
            await random_move(mover, board, rng, view.ply)
            await until(bob, lambda m: m.get("kind") in ("move", "ended"))
        result = view.result
        await until(ann2, lambda m: ann2.boards[board].over)
        await ann2.close()
        await bob.close()
        await host.close()
        return result

    result = run(main())
    assert result["end"] == "rules"
    assert moves_in_store(db, 1) == result["record"]["moves"]


def test_bad_clients_are_closed_with_a_reason_while_other_boards_play_on(tmp_path):
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    async def closed_by_host(url, *sends, hello=True):
        async with connect(url, proxy=None, max_size=None) as ws:
            if hello:
                await ws.send(json.dumps({"type": "hello", "version": 1, "password": "secret"}))
                await ws.recv()
            try:
                for data in sends:
                    await ws.send(data)
                while True:
                    await ws.recv()
            except ConnectionClosed:
                pass
            return ws.close_code, ws.close_reason

    async def main():
        host = Host(tmp_path / "host.sqlite3", announce=False, password="secret")
        await host.start()
        for _ in range(3):
            host.create_board("calla", time_control="5+3")
        bots = asyncio.gather(*[play_bot(host.url, "random", password="secret", seed=i,
                                         pace=0.01) for i in range(6)])
        url = host.url
        answers = await asyncio.gather(
            closed_by_host(url, "this is not JSON"),
            closed_by_host(url, "x" * 100_000),
            closed_by_host(url, b"\x00\x01binary"),
            closed_by_host(url, json.dumps({"type": "launch", "missiles": True})),
            closed_by_host(url, json.dumps({"type": "rejoin", "board": 1,
                                            "token": "forged" * 5, "since": 0})),
            closed_by_host(url, *[json.dumps({"type": "list"})] * 500),
            closed_by_host(url, json.dumps({"type": "hello", "version": 1,
                                            "password": "guess"}), hello=False),
            closed_by_host(url, json.dumps({"type": "list"}), hello=False),
        )
        outcomes = await bots
        await host.close()
        return answers, outcomes

    answers, outcomes = run(main())
    garbage, oversized, binary, unknown, forged, flood, wrong, rude = answers
    assert garbage == (1008, garbage[1]) and "not JSON" in garbage[1]
    assert oversized[0] == 1009                        # websockets' own size cap
    assert binary == (1008, "messages are JSON text, not binary")
    assert unknown == (1008, "unknown message type")
    assert forged == (1008, "the token does not match a seat of that board")
    assert flood == (1008, "too many messages")
    assert wrong == (1008, "wrong password")
    assert rude == (1008, "say hello first")
    assert len(outcomes) == 6 and all(o["result"] in ("win", "loss", "draw") for o in outcomes)


def test_the_lag_given_back_is_what_the_client_did_not_think_and_at_most_a_second(tmp_path):
    from game.session import LAG_CREDIT_MAX
    clock = FakeTime()

    async def main():
        host = Host(tmp_path / "host.sqlite3", announce=False, now=clock, schedule=False)
        await host.start()
        board = host.create_board("calla", time_control="1+0")     # 60 s each, no increment
        ann = await Client.open(host.url)
        bob = await Client.open(host.url)
        first = await ann.join("Ann", board=board, seat=0)
        await bob.join("Bob", board=board, seat=1)
        view = ann.boards[board]
        await until(ann, lambda m: view.started and m.get("type") == "now")
        spec = GAMES["calla"]

        async def move_after(client, seconds, think_ms):
            await caught_up(client, board, view.ply)
            state = client.boards[board].state()
            text = spec.format_move(state, state.legal_moves()[0])
            clock.t += seconds          # what the move took on the host's clock, network too
            ply = client.boards[board].ply + 1
            await client.move(board, text, think_ms=think_ms)
            return await until(client, lambda m: m.get("kind") == "move" and m["ply"] == ply)

        # 10 s on the host's clock, 9.7 s of it thinking: 0.3 s of lag given back
        moved = await move_after(ann, 10.0, 9700)
        assert moved["clocks"][0] == 60_000 - 9_700 and moved["credit_ms"] == 300
        # a 15 s network delay: never more than LAG_CREDIT_MAX given back
        mover = view.turn
        client = ann if mover == first.seat else bob
        moved = await move_after(client, 20.0, 5000)
        assert moved["credit_ms"] == LAG_CREDIT_MAX * 1000
        left = 60_000 - (9_700 if mover == 0 else 0) - (20_000 - LAG_CREDIT_MAX * 1000)
        assert moved["clocks"][mover] == left
        # the flag falls on the host's clock, whoever's connection is slow
        clock.t += 120.0
        host.check_clocks()
        ended = await until(ann, lambda m: m.get("kind") == "ended")
        await ann.close()
        await bob.close()
        await host.close()
        return ended, mover

    ended, mover = run(main())
    assert ended["end"] == "time"
    assert ended["winner"] == mover               # the one who did not move ran out
    assert "ran out of time" in ended["reason"]


def test_a_draw_is_offered_and_accepted_and_a_table_may_hold_both_seats(tmp_path):
    async def main():
        host = Host(tmp_path / "host.sqlite3", announce=False)
        await host.start()
        board = host.create_board("calabria", time_control="5+3", names=["Ann", "Bob"])
        table = await Client.open(host.url)
        for name in ("Bob", "Ann"):                     # a seat kept for a name goes to it
            ticket = await table.join(name, board=board)
            assert ticket.seat == ["Ann", "Bob"].index(name)
        view = table.boards[board]
        await until(table, lambda m: view.started)
        rng = random.Random(3)
        for _ in range(2):                              # one connection moves both sides
            await random_move(table, board, rng)
            await until(table, lambda m: m.get("kind") == "move")
        watcher = await Client.open(host.url)
        await watcher.watch(board)
        with pytest.raises(NetError, match="no free seat"):
            await watcher.join("Carl", board=board)
        await watcher.move(board, "a1")
        refused = await until(watcher, lambda m: m.get("type") == "error"
                              and m.get("request") == "move")
        assert refused["reason"] == f"you hold no seat on board {board}"
        await table.offer_draw(board)                   # both seats here: agreed at once
        ended = await until(watcher, lambda m: m.get("kind") == "ended")
        await table.close()
        await watcher.close()
        await host.close()
        return ended, watcher.boards[board]

    ended, seen = run(main())
    assert ended["end"] == "agreed" and ended["winner"] is None
    assert seen.names == ["Ann", "Bob"] and seen.ply == 2


def test_an_offer_stands_until_the_other_side_accepts_or_moves(tmp_path):
    async def main():
        host = Host(tmp_path / "host.sqlite3", announce=False)
        await host.start()
        board = host.create_board("calabria")
        ann = await Client.open(host.url)
        bob = await Client.open(host.url)
        await ann.join("Ann", board=board, seat=0)
        await bob.join("Bob", board=board, seat=1)
        view = bob.boards[board]
        await until(bob, lambda m: view.started)
        await ann.offer_draw(board)
        offered = await until(bob, lambda m: m.get("kind") == "draw_offered")
        assert offered["name"] == "Ann" and view.draw_offer == 0
        await ann.accept_draw(board)                     # not one's own offer
        refused = await until(ann, lambda m: m.get("type") == "error")
        assert refused["reason"] == "no draw is offered to you"
        await bob.resign(board)
        ended = await until(ann, lambda m: m.get("kind") == "ended")
        await ann.close()
        await bob.close()
        await host.close()
        return ended

    ended = run(main())
    assert ended["end"] == "resigned" and ended["winner"] == 0
    assert ended["reason"] == "Bob resigned."


def test_a_join_code_is_read_without_regard_to_case_or_dashes(tmp_path):
    async def main():
        host = Host(tmp_path / "host.sqlite3", announce=False, password="K7Q-F2M", code=True)
        await host.start()
        host.create_board("calla")
        welcome = (await Client.open(host.url, "k7qf2m")).welcome
        with pytest.raises(NetError, match="wrong password"):
            await Client.open(host.url, "K7Q-F2N")
        with pytest.raises(NetError, match="password needed"):
            await Client.open(host.url)
        await host.close()
        return welcome

    welcome = run(main())
    assert welcome["type"] == "welcome" and welcome["boards"] == 1


def test_the_director_hears_of_a_seat_away_too_long_and_pauses_resumes_or_forfeits(tmp_path):
    overdue = []

    async def main():
        host = Host(tmp_path / "host.sqlite3", announce=False, away_limit=0.0,
                    on_overdue=lambda board, seat, name: overdue.append((board, seat, name)))
        await host.start()
        board = host.create_board("calla", time_control="5+3", names=["Ann", "Bob"])
        ann = await Client.open(host.url, reconnect=False)
        bob = await Client.open(host.url, reconnect=False)
        await ann.join("Ann", board=board)
        await bob.join("Bob", board=board)
        view = bob.boards[board]
        await until(bob, lambda m: view.started)
        host.pause(board)
        paused = await until(bob, lambda m: m.get("kind") == "paused")
        await bob.resign(board)
        refused = await until(bob, lambda m: m.get("type") == "error")
        host.resume(board)
        await until(bob, lambda m: m.get("kind") == "resumed")
        ann._ws.transport.abort()
        away = await until(bob, lambda m: m.get("kind") == "away")
        while not overdue:                       # the host calls the director at away_limit
            await asyncio.sleep(0.01)
        host.forfeit(board, away["seat"])
        ended = await until(bob, lambda m: m.get("kind") == "ended")
        await bob.close()
        await host.close()
        return paused, refused, ended

    paused, refused, ended = run(main())
    assert paused["why"] == "director" and refused["reason"] == "board 1 is paused"
    assert overdue == [(1, 0, "Ann")]
    assert ended["end"] == "forfeit" and ended["winner"] == 1
    assert ended["reason"] == "Ann forfeited the game."


def test_a_frame_loop_hosts_joins_and_plays_through_the_thread_wrappers(tmp_path):
    """What a screen does: HostThread to host, ClientThread to join, poll() each frame."""
    import time
    from game.net.background import HostThread
    from game.net.client import ClientThread

    def frames(until_true, what):
        for _ in range(2000):                 # a bound on frames, not on time
            if until_true():
                return
            time.sleep(0.005)
        raise AssertionError(f"never: {what}")

    host = HostThread(db=tmp_path / "host.sqlite3", announce=False, name="Ann's game",
                      password="K7Q-F2M", code=True)
    url = host.start()
    tables = []
    try:
        board = host.create_board("calliro", time_control="10+5")
        secret_seed = host.host.boards[board].session.state.position()["seed"]
        ann, bob = ClientThread(url, password="k7q f2m"), ClientThread(url, password="K7QF2M")
        tables = [ann, bob]
        ann.join("Ann")
        bob.join("Bob")
        got = {id(t): [] for t in tables}

        def poll_all():
            for t in tables:
                got[id(t)].extend(t.poll())

        def started():
            poll_all()
            view = ann.board(board)
            return view is not None and view.started and view.seat is not None

        frames(started, "both seats taken")
        rng = random.Random(7)
        for _ in range(6):
            view = ann.board(board)
            mover = ann if view.seat == view.turn else bob
            state = view.state()
            mover.move(board, GAMES["calliro"].format_move(state, rng.choice(state.legal_moves())))
            # both tables see the move before the next: a move sent from a table that has
            # not seen the last one yet is refused as late (the host checks its ply)
            frames(lambda: (poll_all() or True)
                   and all(t.board(board).ply > view.ply for t in tables), "a move")
        assert ann.board(board).position == bob.board(board).position
        ann.resign(board)
        frames(lambda: (poll_all() or True) and bob.board(board).over, "the end")
        news = host.poll()
    finally:
        for t in tables:
            t.close()
        host.stop()
    kinds = [m.get("kind") for m in got[id(bob)] if m.get("type") == "event"]
    assert kinds[:2] == ["created", "seated"] and kinds[-1] == "ended"
    created = next(m for m in got[id(bob)] if m.get("kind") == "created")
    assert created["position"]["seed"] == 0 != secret_seed      # no client foresees a draw
    ended = next(m for m in got[id(bob)] if m.get("kind") == "ended")
    assert ended["record"]["start"]["seed"] == secret_seed      # the kept game has it all
    assert {"type": "connection", "state": "open", "reason": ""} in got[id(ann)]
    results = [n for n in news if n[0] == "result"]
    assert len(results) == 1 and results[0][2]["end"] == "resigned"
    assert results[0][2]["reason"] == "Ann resigned."
