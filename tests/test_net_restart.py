"""The host as its own process, killed with SIGKILL mid-game and started again on its database."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.net.bot import play_bot
from game.net.client import Client
from game.net.store import HostStore

ROOT = Path(__file__).resolve().parent.parent
#: The longest the test may take before it is called hung.
BOUND = 90


def serve(*flags) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "game", "serve", "--no-announce", *flags],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


async def first_line(process: subprocess.Popen) -> dict:
    line = await asyncio.get_running_loop().run_in_executor(None, process.stdout.readline)
    assert line, process.stderr.read()
    return json.loads(line)


def test_a_host_killed_with_sigkill_restarts_on_its_database_with_nothing_lost(tmp_path):
    db = tmp_path / "host.sqlite3"
    processes = []

    async def main():
        first = serve("--game", "calla", "--time-control", "5+3", "--boards", "2", "--port", "0",
                      "--db", str(db), "--password", "")
        processes.append(first)
        info = await first_line(first)
        url = info["url"]
        port = url.rsplit(":", 1)[1]
        watcher = await Client.open(url)
        await watcher.watch(1)
        bots = asyncio.gather(*[play_bot(url, "random", seed=i, pace=0.03) for i in range(4)])
        view = watcher.boards[1]
        while view.ply < 6:
            await asyncio.wait_for(watcher.next_message(), 30)
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        seen_before = list(view.moves)
        assert not view.over
        second = serve("--port", port, "--db", str(db))
        processes.append(second)
        again = await first_line(second)
        assert again["url"] == url and [b["board"] for b in again["boards"]] == [1, 2]
        outcomes = await bots
        while not view.over:
            await asyncio.wait_for(watcher.next_message(), 30)
        await watcher.close()
        out, err = await asyncio.get_running_loop().run_in_executor(None, second.communicate)
        return seen_before, outcomes, view, out, second.returncode

    try:
        seen_before, outcomes, view, out, code = asyncio.run(asyncio.wait_for(main(), BOUND))
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert code == 0
    ended = [json.loads(line) for line in out.splitlines()]     # a line per board's result
    assert sorted(e["board"] for e in ended) == [1, 2]
    store = HostStore(db)
    try:
        boards = {b.id: b for b in store.boards()}
        events = store.events(1)
    finally:
        store.close()
    assert all(b.status == "over" for b in boards.values())
    kinds = [kind for _, kind, _ in events]
    assert [seq for seq, _, _ in events] == list(range(1, len(events) + 1))
    assert "paused" in kinds and "resumed" in kinds      # the restart, and its players back
    moves = [data["move"] for _, kind, data in events if kind == "move"]
    assert moves[:len(seen_before)] == seen_before        # every move seen before the kill
    assert moves == view.moves
    assert len(moves) == next(e["moves"] for e in ended if e["board"] == 1)
    for outcome in outcomes:
        finished = next(e for e in ended if e["board"] == outcome["board"])
        assert outcome["moves"] == finished["moves"]
        assert outcome["result"] == ("draw" if finished["winner"] is None else
                                     "win" if finished["winner"] == outcome["seat"] else "loss")


def test_an_event_and_its_boards_row_are_kept_together_or_not_at_all(tmp_path):
    """A program stopped between keeping an event and its board's row (here: the row cannot
    be written) keeps neither, so that the board resumes at its last whole event; were the
    event kept alone, the board would not be resumed at all ("its events are incomplete")."""
    store = HostStore(tmp_path / "host.sqlite3")
    try:
        board = store.add_board("calla", "standard", {}, "5+3", 1, [None, None])
        store.add_event(board, 1, "created", {"game": "calla"}, "waiting", {"moves": []})
        with pytest.raises(ValueError):
            store.add_event(board, 2, "move", {"ply": 1}, "playing", {"clock": float("nan")})
        assert [seq for seq, _kind, _data in store.events(board)] == [1]
        assert store.boards()[0].seq == 1
    finally:
        store.close()
