"""The ``match`` command (computer levels against each other, with seats rotated)
and the levels offered by the GTP engine."""

from __future__ import annotations

import io
import json

import pytest

from game import GAMES
from game.ai import LEVELS
from game.cli.main import main


def run_cli(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_match_prints_json_per_player_in_given_order(capsys):
    code, out, err = run_cli(["match", "calla", "--players", "random,easy", "--games", "4",
                              "--seed", "5", "--json"], capsys)
    assert code == 0, err
    players = json.loads(out)["players"]
    assert [p["spec"] for p in players] == ["random", "easy"]
    for p in players:
        assert set(p) == {"spec", "wins", "draws", "losses", "mean_score", "mean_seconds",
                          "max_seconds"}
        assert p["wins"] + p["draws"] + p["losses"] == 4
        assert p["max_seconds"] >= p["mean_seconds"] >= 0
    assert players[0]["wins"] == players[1]["losses"]


def test_match_table_and_seats_rotate(capsys):
    from game.ai.match import run_match
    seen = []
    run_match(GAMES["calla"], ["random", "random"], 4, seed=2,
              progress=lambda g, seated, winner, scores: seen.append(seated))
    assert seen == [["random", "random"]] * 4
    code, out, _ = run_cli(["match", "calla", "--players", "easy,random", "--games", "2",
                            "--seed", "1"], capsys)
    assert code == 0
    assert "easy" in out and "random" in out and "wins" in out


def test_match_seats_three_players(capsys):
    code, out, err = run_cli(["match", "callisto", "--variant", "callisto_3", "--players",
                              "random,random,random", "--games", "3", "--seed", "4", "--json"],
                             capsys)
    assert code == 0, err
    players = json.loads(out)["players"]
    assert [p["spec"] for p in players] == ["random"] * 3
    for p in players:
        assert p["wins"] + p["draws"] + p["losses"] == 3
    # Each game has one winner or is a draw for all three.
    assert sum(p["wins"] for p in players) + players[0]["draws"] == 3


@pytest.mark.parametrize("argv, message", [
    (["match", "nogame", "--players", "easy,easy", "--games", "2"], "unknown game"),
    (["match", "calla", "--games", "2"], "--players"),
    (["match", "calla", "--players", "easy,easy", "--games", "two"], "--games"),
    (["match", "calla", "--players", "easy,easy", "--games", "2", "--seed", "x"], "--seed"),
    (["match", "calla", "--players", "easy,easy", "--games", "2", "--fast"],
     "unrecognized arguments"),
    (["match", "calla", "--players", "easy,genius", "--games", "2"], "unknown player"),
    (["match", "calla", "--players", "easy", "--games", "2"], "seats 2 players"),
    (["match", "calla", "--players", "easy,easy", "--games", "0"], "--games"),
    (["match", "calla", "--variant", "huge", "--players", "easy,easy", "--games", "1"],
     "unknown variant"),
    (["match", "calla", "--players", "easy,easy", "--games", "2", "--balanced"],
     "--balanced needs --opening"),
    (["match", "iriri", "--players", "easy,easy", "--games", "2", "--opening", "2",
      "--balanced"], "not available for Iriri"),
    (["match", "calla", "--players", "easy,easy", "--games", "2", "--jobs", "0"],
     "argument --jobs: must be from 1 to 64, not 0"),
])
def test_match_bad_input_is_one_line_and_status_2(argv, message, capsys):
    code, out, err = run_cli(argv, capsys)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1


def test_balanced_openings_are_the_ones_the_judge_calls_even():
    import random

    from game.ai.alphabeta import search
    from game.ai.knowledge.calla import CallaModel, even
    from game.ai.match import random_opening
    spec = GAMES["calla"]
    lopsided = balanced = 0
    for seed in range(12):
        plain = random_opening(spec.new_game(seed=seed), 4, seed)
        fair = random_opening(spec.new_game(seed=seed), 4, seed, even)
        assert not fair.is_over and even(fair)
        value = search(CallaModel(fair), random.Random(0), max_depth=10).value
        assert abs(value) <= 2
        lopsided += not even(plain)
        balanced += fair.position() != plain.position()
    # Random openings are often lopsided; those are the ones drawn again.
    assert lopsided >= 3 and balanced == lopsided


def test_a_judge_that_is_never_satisfied_still_gives_an_opening(monkeypatch):
    from game.ai import match
    monkeypatch.setattr(match, "BALANCE_TRIES", 5)
    calls = []
    state = match.random_opening(GAMES["calla"].new_game(seed=1), 3, 1,
                                 lambda s: calls.append(s) and False)
    assert len(calls) == 5 and not state.is_over


# --- recorded matches and games in parallel ----------------------------------------------------

RECORDED = ["match", "calla", "--players", "random,easy", "--seed", "5", "--opening", "2",
            "--json"]


def test_a_recorded_match_resumes_without_replaying_the_games_it_kept(tmp_path, capsys,
                                                                      monkeypatch):
    from game.ai import match
    path = tmp_path / "match.json"
    played = []
    real = match.play_one

    def watch(name, specs, g, *rest):
        played.append(g)
        return real(name, specs, g, *rest)

    monkeypatch.setattr(match, "play_one", watch)
    code, out, err = run_cli(RECORDED + ["--games", "4", "--record", str(path)], capsys)
    assert code == 0, err
    first = json.loads(out)["players"]
    kept = json.loads(path.read_text())
    assert sorted(kept["games"]) == ["0", "1", "2", "3"] and kept["seed"] == 5
    assert kept["games"]["1"]["seated"] == ["easy", "random"]      # seats rotate
    spec = GAMES["calla"]
    for entry in kept["games"].values():                           # every game replays
        state = spec.from_position(entry["start"])
        for text in entry["moves"]:
            state = state.play(spec.parse_move(state, text))
        assert state.is_over and list(state.scores) == entry["scores"]
        assert state.winner == entry["winner"]
    # Stopped after four games: the same match asked for six plays only games 5 and 6,
    # and the seed is read from the record when it is not given.
    played.clear()
    argv = [a for a in RECORDED if a not in ("--seed", "5")]
    code, out, err = run_cli(argv + ["--games", "6", "--record", str(path)], capsys)
    assert code == 0, err
    assert played == [4, 5]
    six = json.loads(out)["players"]
    assert sum(p["wins"] + p["draws"] + p["losses"] for p in six) == 12
    # The four kept games count the same as when they were played.
    played.clear()
    code, out, _ = run_cli(RECORDED + ["--games", "4", "--record", str(path)], capsys)
    assert played == [] and json.loads(out)["players"] == first


def test_a_record_of_another_match_or_a_damaged_one_is_refused(tmp_path, capsys):
    path = tmp_path / "match.json"
    assert run_cli(RECORDED + ["--games", "2", "--record", str(path)], capsys)[0] == 0
    before = path.read_text()
    code, out, err = run_cli(["match", "calla", "--players", "easy,random", "--seed", "5",
                              "--opening", "2", "--games", "2", "--record", str(path)], capsys)
    assert code == 2 and "records another match" in err and "players" in err
    assert path.read_text() == before                     # nothing kept is lost
    data = json.loads(before)
    data["games"]["1"]["winner"] = 7
    path.write_text(json.dumps(data))
    code, out, err = run_cli(RECORDED + ["--games", "2", "--record", str(path)], capsys)
    assert code == 2 and "game 2 in the record is damaged" in err
    path.write_text('{"format": "callidus-match-1", "game": ')
    code, out, err = run_cli(RECORDED + ["--games", "2", "--record", str(path)], capsys)
    assert code == 2 and "damaged" in err and len(err.strip().splitlines()) == 1
    path.write_text('["not", "a", "record"]')
    code, out, err = run_cli(RECORDED + ["--games", "2", "--record", str(path)], capsys)
    assert code == 2 and "is not a match record" in err
    # A record that cannot be written is reported before a game is played.
    blocked = tmp_path / "a-file" / "match.json"
    (tmp_path / "a-file").write_text("in the way")
    code, out, err = run_cli(RECORDED + ["--games", "2", "--record", str(blocked)], capsys)
    assert code == 2 and "could not write" in err and len(err.strip().splitlines()) == 1
    code, out, err = run_cli(RECORDED + ["--games", "2", "--record", str(tmp_path)], capsys)
    assert code == 2 and "is a folder, not a file" in err


def test_games_played_in_parallel_count_as_when_played_one_by_one(capsys):
    argv = ["match", "calla", "--players", "random,random", "--games", "4", "--seed", "9",
            "--opening", "2", "--json"]
    code, out, err = run_cli(argv, capsys)
    assert code == 0, err
    code, parallel, err = run_cli(argv + ["--jobs", "2"], capsys)
    assert code == 0, err
    strip = lambda rows: [{k: v for k, v in p.items() if "seconds" not in k} for p in rows]
    assert strip(json.loads(parallel)["players"]) == strip(json.loads(out)["players"])


# --- the GTP engine's levels ------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_gtp_accepts_every_level(level, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1 name\nquit\n"))
    assert main(["gtp", "--level", level]) == 0
    assert capsys.readouterr().out.startswith("=1 Callidus\n\n")


def test_gtp_hard_genmove_answers_a_legal_placement(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("play b f7\ngenmove w\nquit\n"))
    assert main(["gtp", "--level", "hard", "--seed", "3"]) == 0
    answers = capsys.readouterr().out.split("\n\n")
    assert answers[0] == "= " and answers[1].startswith("= ")
    spec = GAMES["callisto"]
    state = spec.new_game("callisto_2").play(spec.parse_move(spec.new_game("callisto_2"), "f7"))
    assert spec.parse_move(state, answers[1][2:]) in state.legal_moves()


def test_a_random_opening_is_shared_by_seat_orders_and_differs_between_them(monkeypatch):
    import game.ai.match as match
    spec = GAMES["calla"]
    start = spec.new_game()
    opened = match.random_opening(start, 4, seed=7)
    assert opened == match.random_opening(start, 4, seed=7)        # the same for both seat orders
    assert opened != start and opened != match.random_opening(start, 4, seed=8)
    assert match.random_opening(start, 0, seed=7) == start
    starts = []
    real = match.play_game

    def watch(spec, state, *rest):
        starts.append(state)
        return real(spec, state, *rest)

    monkeypatch.setattr(match, "play_game", watch)
    match.run_match(spec, ["random", "random"], 4, seed=3, opening=4)
    assert starts[0] == starts[1] and starts[2] == starts[3]     # one opening per rotation
    assert starts[0] != starts[2] and starts[0] != start


def test_match_refuses_a_negative_opening(capsys):
    code, out, err = run_cli(["match", "calla", "--players", "random,random", "--games", "2",
                              "--opening", "-1"], capsys)
    assert code == 2 and "argument --opening: must be from 0 to 1,000, not -1" in err


def test_a_calliro_match_makes_and_keeps_the_scorers_choices(tmp_path, capsys):
    """At the default rules every point's score chip is a ``replace`` move of the scorer's,
    made by the computer players and kept in the record so that each game replays."""
    path = tmp_path / "calliro.json"
    code, out, err = run_cli(["match", "calliro", "--players", "random,easy", "--games", "2",
                              "--seed", "3", "--opening", "2", "--json", "--record", str(path)],
                             capsys)
    assert code == 0, err
    spec = GAMES["calliro"]
    replaced = 0
    for entry in json.loads(path.read_text())["games"].values():
        state = spec.from_position(entry["start"])
        for text in entry["moves"]:
            chooser = state.to_move
            if state.pending_cells:
                assert text.startswith("replace "), "a pending point is chosen first"
                replaced += 1
            state = state.play(spec.parse_move(state, text))
            if text.startswith("replace "):
                assert state.chip_at(state.last["cell"]) == f"S{chooser}"
        assert state.is_over and list(state.scores) == entry["scores"]
    assert replaced >= 2
