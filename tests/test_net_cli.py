"""``python -m game serve`` and ``bot`` from the command line, and finding hosts by mDNS."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("argv, message", [
    (["serve", "--game", "chess"], "unknown game 'chess'"),
    (["serve", "--variant", "standard"], "--variant needs --game"),
    (["serve", "--boards", "3"], "--boards needs --game"),
    (["serve", "--game", "calla", "--time-control", "5x"], "time control '5x' is not understood"),
    (["serve", "--game", "calla", "--variant", "big"], "big"),
    (["serve", "--port", "70000"], "from 0 to 65,535"),
    (["serve", "--port", "٣"], "digits 0-9"),
    (["serve", "--bind", "nowhere"], "--bind 'nowhere' is not an address"),
    (["serve", "--game", "calla", "--name", "a\nb"], "--name holds the control character"),
    (["bot", "ftp://example.org"], "it starts ws://"),
    (["bot", "ws://127.0.0.1:1", "--level", "godlike"], "unknown level 'godlike'"),
    (["bot", "ws://127.0.0.1:1"], "cannot reach ws://127.0.0.1:1"),
    (["bot"], "the following arguments are required: URL"),
])
def test_a_bad_flag_is_one_line_and_exit_status_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("error: ")


def test_serve_leaves_a_file_that_is_not_its_database_as_it_was(tmp_path, capsys):
    notes = tmp_path / "notes.sqlite3"
    notes.write_bytes(b"my notes, not a database" * 10)
    assert main(["serve", "--game", "calla", "--port", "0", "--db", str(notes),
                 "--no-announce"]) == 2
    assert "is damaged or is not a host database" in capsys.readouterr().err
    assert notes.read_bytes() == b"my notes, not a database" * 10


def test_serve_with_nothing_to_resume_says_so(tmp_path, capsys):
    assert main(["serve", "--port", "0", "--db", str(tmp_path / "empty.sqlite3"),
                 "--no-announce"]) == 2
    assert "holds no unfinished board" in capsys.readouterr().err


def test_a_served_game_is_played_to_the_end_by_two_bots_one_thinking_in_a_worker(tmp_path):
    host = subprocess.Popen([sys.executable, "-m", "game", "serve", "--game", "calla",
                             "--time-control", "5+3", "--port", "0", "--no-announce",
                             "--db", str(tmp_path / "host.sqlite3")],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    bots = []
    try:
        info = json.loads(host.stdout.readline())
        assert info["url"].startswith("ws://127.0.0.1:") and len(info["code"]) == 7
        for level in ("random", "easy"):
            bots.append(subprocess.Popen(
                [sys.executable, "-m", "game", "bot", info["url"], "--level", level,
                 "--password", info["code"].lower().replace("-", "")],
                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        answers = [json.loads(bot.communicate(timeout=120)[0]) for bot in bots]
        out, err = host.communicate(timeout=30)
    finally:
        for process in [host, *bots]:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert host.returncode == 0 and all(bot.returncode == 0 for bot in bots)
    finished = json.loads(out.splitlines()[-1])
    assert {a["moves"] for a in answers} == {finished["moves"]}
    assert sorted(a["seat"] for a in answers) == [0, 1]
    assert all(a["result"] == ("draw" if finished["winner"] is None else
                               "win" if a["seat"] == finished["winner"] else "loss")
               for a in answers)
    assert "players join at ws://127.0.0.1:" in err


def test_a_host_announced_on_the_network_is_found_by_browsing():
    from game.net.discovery import Announcer, browse_async

    async def look():
        announcer = Announcer("Friday club", 8765, "127.0.0.1", game="calla", password=True)
        if not await announcer.start():
            pytest.skip("no multicast on this machine's loopback")
        try:
            for _ in range(10):        # heard within a few tries; never a race on time
                found = await browse_async(1.0, interfaces=["127.0.0.1"])
                ours = [h for h in found if h.event == "Friday club" and h.port == 8765]
                if ours:
                    return ours[0]
            return None
        finally:
            await announcer.stop()

    host = asyncio.run(look())
    assert host is not None
    assert (host.url, host.game, host.password) == ("ws://127.0.0.1:8765", "calla", True)
