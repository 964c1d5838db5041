"""The engine command line: list, play and perft, with JSON out and one-line errors."""

import json

import pytest

from game import GAMES
from game.cli.main import main


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_list_names_every_game_with_its_variants(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    games = {g["name"]: g for g in json.loads(out)["games"]}
    assert list(games) == list(GAMES)
    assert {"name": "callisto_2_4", "players": 2} in games["callisto"]["variants"]
    assert games["calla"]["options"] == {"end_sweep": "none", "time_limit_minutes": 15}


def test_play_reports_the_position_after_the_moves(capsys):
    # Calla's shield 3 holds 4 cubes at the start: one each into shields 4 and 5, one into
    # the calla, the last into the opponent's first shield; the turn passes
    code, out, _ = run(capsys, "play", "calla", "3")
    data = json.loads(out)
    assert code == 0 and data["scores"] == [1, 0] and data["to_move"] == 1
    assert data["position"]["pits"][2:7] == [0, 4, 4, 1, 4]


def test_moves_may_come_before_or_after_the_flags(capsys):
    _, before, _ = run(capsys, "play", "calla", "3", "1", "--seed", "1")
    _, after, _ = run(capsys, "play", "calla", "--seed", "1", "3", "1")
    assert json.loads(before) == json.loads(after)
    assert json.loads(after)["to_move"] == 0 and "3" not in json.loads(after)["legal"]


def test_perft_counts_the_opening_moves(capsys):
    code, out, _ = run(capsys, "perft", "calla", "--depth", "1")
    assert code == 0 and json.loads(out)["nodes"] == 5


@pytest.mark.parametrize("argv, words", [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "calla", "3", "99"], "move 2 '99'"),
    (["play", "calla", "--bogus"], "unrecognized arguments: --bogus"),
    (["perft", "calla", "--depth", "-1"], "argument --depth: must be from 0 to 100, not -1"),
    (["play", "calla", "--position", "/nonexistent/p.json"],
     "position file /nonexistent/p.json does not exist"),
])
def test_bad_input_gets_one_line_and_exit_status_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
