"""Callisto over GTP: the subset Pentobi's engine speaks, answered as GTP requires."""

import subprocess
import sys
from pathlib import Path

import pytest

from game import GAMES
from game.cli.gtp import GtpEngine

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def engine():
    return GtpEngine("callisto_2", level="random", seed=3)


def test_every_answer_ends_with_a_blank_line_and_repeats_the_id(engine):
    assert engine.handle("protocol_version") == "= 2\n\n"
    assert engine.handle("7 name") == "=7 Callidus\n\n"
    assert engine.handle("8 nonsense") == "?8 unknown command\n\n"
    assert engine.handle("# a comment") is None


def test_known_and_listed_commands(engine):
    listed = engine.handle("list_commands")[2:].strip().split("\n")
    for command in ("play", "genmove", "reg_genmove", "undo", "showboard", "final_score",
                    "set_game", "clear_board", "quit"):
        assert command in listed
        assert engine.handle(f"known_command {command}") == "= true\n\n"
    assert engine.handle("known_command fly") == "= false\n\n"


def test_play_checks_turn_and_legality(engine):
    assert engine.handle("play b f7") == "= \n\n"
    assert engine.handle("play b k10").startswith("? it is color w's turn")
    assert engine.handle("play w f8").startswith("? illegal move")
    assert engine.handle("play w k10") == "= \n\n"
    assert engine.handle("play x k10").startswith("? invalid color")
    state = engine.state
    assert state.position()["moves"] == [[0, "f7"], [1, "k10"]]


def test_genmove_plays_a_legal_move_and_undo_takes_it_back(engine):
    engine.handle("play b f7")
    before = engine.state
    answer = engine.handle("genmove w")
    text = answer[2:].strip()
    assert GAMES["callisto"].parse_move(before, text) in before.legal_moves()
    assert engine.state == before.play(GAMES["callisto"].parse_move(before, text))
    assert engine.handle("undo") == "= \n\n" and engine.state == before
    suggestion = engine.handle("reg_genmove w")[2:].strip()
    assert engine.state == before and suggestion


def test_set_game_switches_variant_and_colours(engine):
    assert engine.handle("set_game Callisto").startswith("=")
    assert engine.variant == "callisto"
    assert engine.handle("play b f7").startswith("? invalid color")
    assert engine.handle("set_game Chess").startswith("? unsupported game")
    assert engine.handle("set_game Callisto Two-Player Four-Color").startswith("=")
    assert engine.variant == "callisto_2_4"


def test_final_score_and_showboard(engine):
    assert engine.handle("final_score") == "= 0\n\n"
    engine.handle("play b f7")
    board = engine.handle("showboard")
    assert "X" in board and board.endswith("\n\n")


def test_over_a_pipe_until_quit():
    script = "protocol_version\nplay b f7\ngenmove w\nfinal_score\nquit\nname\n"
    result = subprocess.run([sys.executable, "-m", "game", "gtp", "--level", "random",
                             "--seed", "1"], cwd=ROOT, input=script, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    answers = result.stdout.split("\n\n")
    assert answers[0] == "= 2" and answers[1] == "= " and answers[2].startswith("= ")
    assert answers[4] == "= " and "Callidus" not in result.stdout  # nothing after quit


def test_bad_level_is_refused():
    result = subprocess.run([sys.executable, "-m", "game", "gtp", "--level", "godlike"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "unknown level" in result.stderr


class TwoGtpLikeClient:
    """Talks to an engine the way Pentobi's twogtp does: one command a line; the answer's first
    line must start with "= " or "? " (a bare "=" is refused), and a blank line ends it."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, "-m", "game", "gtp", "--level", "random",
                                         "--seed", "5"], cwd=ROOT, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def send(self, command: str) -> str:
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        first = self.process.stdout.readline().rstrip("\n")
        assert len(first) >= 2 and first[0] in "=?" and first[1] == " ", f"malformed: {first!r}"
        lines = [first[2:]]
        while (line := self.process.stdout.readline().rstrip("\n")) != "":
            lines.append(line)
        assert first[0] == "=", f"{command} failed: {lines}"
        return "\n".join(lines)

    def cputime(self) -> float:
        return float(self.send("cputime"))


def test_a_whole_game_driven_as_twogtp_drives_two_engines():
    spec = GAMES["callisto"]
    black, white = TwoGtpLikeClient(), TwoGtpLikeClient()
    try:
        for client in (black, white):
            client.send("set_game Callisto Two-Player")
            client.send("clear_board")
        start = [black.cputime(), white.cputime()]
        state = spec.new_game(variant="callisto_2")
        while not state.is_over:
            colour = "bw"[state.colour]
            mover, other = (black, white) if colour == "b" else (white, black)
            text = mover.send(f"genmove {colour}")
            move = spec.parse_move(state, text)
            assert move in state.legal_moves()
            state = state.play(move)
            assert other.send(f"play {colour} {text}") == ""
        used = [black.cputime() - start[0], white.cputime() - start[1]]
        assert all(seconds >= 0 for seconds in used)  # processor seconds never run backwards
        assert black.send("final_score") == white.send("final_score")
        for client in (black, white):
            assert client.send("quit") == ""
            assert client.process.wait(30) == 0
    finally:
        for client in (black, white):
            client.process.kill()
