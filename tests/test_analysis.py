"""The computer's analysis of a game: chances, preferred moves, planted blunders found,
stored analyses checked, the worker, and ``python -m game analyse``."""

import json
import random
import time

import pytest

from game import GAMES
from game.ai import analysis
from game.ai.worker import Analyst
from game.calabria import square_index
from game.cli.main import main
from game.records.record import make_record

#: Calla, A to move with 9 cubes against 12 and few cubes left, so the search sees to
#: the end: shield 3 wins by force, shield 2 (or 1) loses by force.
CALLA_WIN = {"pits": [1, 3, 2, 0, 0, 9, 0, 1, 0, 0, 4, 12], "to_move": 0, "turns": [10, 10],
             "free_turn": False, "time_called": False}
#: Without a budget the alpha-beta search deepens until it has seen every line (fast here).
EXACT = {"seconds": None, "iterations": None}
#: A search whose outcome depends on its generator only.
FIXED = {"seconds": None, "iterations": 200}


def seats(n):
    return [{"name": name, "kind": "human"} for name in ("Ann", "Bob", "Cy", "Di")[:n]]


def calla_blunder_record():
    """A played from CALLA_WIN: shield 2 (the blunder), then B and A to the end."""
    spec = GAMES["calla"]
    start = spec.from_position(CALLA_WIN)
    state, moves = start, []
    for text in ("2",):
        state = state.play(spec.parse_move(state, text))
        moves.append(text)
    rng = random.Random(1)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(spec.format_move(state, move))
        state = state.play(move)
    return make_record({"game": "calla", "options": {}, "seats": seats(2)}, start, moves)


def game_of(record):
    spec, _config, states, moves, _cursor = analysis.replay_as_played(record)
    return spec, states, moves


def calabria_blunder():
    """Romans to move: e1-e4 closes the ring round the Gladiator Dux on e5 and wins;
    a8-a7 leaves the Roman Dux on j5 to the Gladiator that closes its ring with j1-j4."""
    pieces = {"d5": "r", "f5": "r", "e6": "r", "e1": "r", "a8": "r", "b2": "r", "e5": "G",
              "j5": "R", "i5": "g", "k5": "g", "j6": "g", "j1": "g", "l8": "g"}
    board = ["."] * 96
    for name, char in pieces.items():
        board[square_index(name)] = char
    rows = ["".join(board[r * 12:(r + 1) * 12]) for r in range(8)]
    return GAMES["calabria"].from_position({"board": rows, "phase": "movement", "to_move": 0,
                                            "barricades": [4, 4]})


# --- one position ---------------------------------------------------------------------

def test_a_finished_game_is_certain():
    spec = GAMES["calla"]
    over = spec.from_position({"pits": [0, 0, 0, 0, 0, 17, 1, 1, 1, 1, 1, 10], "to_move": 0,
                               "turns": [9, 9]})
    assert analysis.estimate(spec, over) == {"to_move": None, "chances": [1.0, 0.0],
                                             "best": None, "exact": True}


def test_calla_exact_search_gives_the_true_value_near_the_end():
    spec = GAMES["calla"]
    state = spec.from_position(CALLA_WIN)
    entry = analysis.estimate(spec, state, "hard", random.Random(1), **EXACT)
    assert entry == {"to_move": 0, "chances": [1.0, 0.0], "best": "3", "exact": True,
                     "margin": 3}                 # A wins by 3 with best play
    lost = analysis.estimate(spec, state.play(2), "hard", random.Random(1), **EXACT)
    assert lost["chances"] == [0.0, 1.0] and lost["exact"]


def test_calla_away_from_the_end_the_lead_becomes_a_chance_short_of_certain():
    spec = GAMES["calla"]
    entry = analysis.estimate(spec, spec.new_game(seed=1), "hard", random.Random(1),
                              seconds=None, iterations=20_000)
    assert not entry["exact"] and 0 < entry["chances"][0] < 1
    assert sum(entry["chances"]) == pytest.approx(1)
    assert entry["best"] in [str(m) for m in spec.new_game(seed=1).legal_moves()]


def test_a_forced_move_takes_the_value_of_the_position_after_it():
    spec = GAMES["calla"]
    # only shield 3 of A holds cubes
    state = spec.from_position({"pits": [0, 0, 5, 0, 0, 10, 3, 3, 3, 3, 3, 2], "to_move": 0,
                                "turns": [4, 4]})
    entry = analysis.estimate(spec, state, "hard", random.Random(1), seconds=None,
                              iterations=5000)
    after = analysis.estimate(spec, state.play(3), "hard", random.Random(1), seconds=None,
                              iterations=5000)
    assert entry["best"] == "3" and entry["chances"] == after["chances"]


def test_the_random_mover_cannot_analyse():
    spec = GAMES["calla"]
    with pytest.raises(ValueError, match="cannot analyse"):
        analysis.estimate(spec, spec.new_game(seed=1), "random")


@pytest.mark.parametrize("game", list(GAMES))
def test_tree_search_chances_sum_to_one_per_player(game):
    spec = GAMES[game]
    state = spec.new_game(seed=2)
    entry = analysis.estimate(spec, state, "medium", random.Random(3), **FIXED)
    assert len(entry["chances"]) == len(state.scores)
    assert sum(entry["chances"]) == pytest.approx(1, abs=1e-3)
    assert all(0 <= c <= 1 for c in entry["chances"]) and not entry["exact"]
    spec.parse_move(state, entry["best"])


def test_calliro_chances_never_read_the_draws_to_come():
    """Two positions that differ only in the seed of their future draws are judged alike."""
    spec = GAMES["calliro"]
    data = spec.new_game(seed=4).position()
    one = analysis.estimate(spec, spec.from_position({**data, "seed": 1}), "medium",
                            random.Random(5), **FIXED)
    two = analysis.estimate(spec, spec.from_position({**data, "seed": 99}), "medium",
                            random.Random(5), **FIXED)
    assert one == two


# --- planted blunders -------------------------------------------------------------------

def test_calla_blunder_is_found_by_the_exact_search():
    spec, states, moves = game_of(calla_blunder_record())
    data = analysis.analyse(spec, states, moves, "hard", seed=1, **EXACT)
    first = analysis.figures(data)[0]
    assert first == {"ply": 1, "player": 0, "move": "2", "before": [1.0, 0.0],
                     "after": [0.0, 1.0], "best": "3", "drop": 1.0, "mistake": True}
    # after the blunder the game is lost whatever is played: nothing else is a mistake
    assert analysis.mistakes(data) == [1]


def test_the_winning_move_is_not_a_mistake():
    spec = GAMES["calla"]
    start = spec.from_position(CALLA_WIN)
    states = [start, start.play(3)]
    data = analysis.analyse(spec, states, ["3"], "hard", seed=1, **EXACT)
    assert analysis.mistakes(data) == [] and analysis.figures(data)[0]["drop"] == 0


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_calabria_blunder_is_found_by_the_tree_search(level):
    spec = GAMES["calabria"]
    start = calabria_blunder()
    states = [start, start.play(spec.parse_move(start, "a8-a7"))]
    data = analysis.analyse(spec, states, ["a8-a7"], level, seed=1, **FIXED)
    fig = analysis.figures(data)[0]
    assert fig["mistake"] and fig["player"] == 0
    assert fig["before"][0] == 1.0 and fig["after"][0] == 0.0
    assert fig["best"] in ("e1-e4", "X@e4")     # either closes the ring


def test_calla_tree_search_finds_the_blunder_once_it_proves_the_win():
    spec, states, moves = game_of(calla_blunder_record())
    data = analysis.analyse(spec, states[:2], moves[:1], "medium", seed=1, seconds=None,
                            iterations=3000)
    assert analysis.mistakes(data) == [1]
    assert data["positions"][0]["exact"] and data["positions"][0]["best"] == "3"


def test_figures_of_a_partial_analysis_leave_unknown_moves_unmarked():
    spec, states, moves = game_of(calla_blunder_record())
    data = analysis.empty(spec, states, moves)
    data["positions"][0] = analysis.estimate(spec, states[0], "hard", random.Random(1), **EXACT)
    first = analysis.figures(data)[0]
    assert first["before"] == [1.0, 0.0] and first["after"] is None
    assert first["drop"] is None and not first["mistake"]


# --- stored analyses ----------------------------------------------------------------------

def test_a_stored_analysis_is_checked_against_its_game():
    spec, states, moves = game_of(calla_blunder_record())
    data = analysis.analyse(spec, states, moves, "hard", seed=1, **EXACT)
    stored = json.loads(json.dumps(data))            # plain JSON, as a library keeps it
    assert analysis.check(stored, spec, states, moves) == data
    partial = json.loads(json.dumps(data))
    partial["positions"][2] = None
    analysis.check(partial, spec, states, moves)
    for change, words in (
            (lambda d: d.update(game="iriri"), "another game"),
            (lambda d: d["moves"].__setitem__(0, "3"), "other moves"),
            (lambda d: d["positions"].pop(), "must hold"),
            (lambda d: d["positions"][0].update(chances=[2, -1]), "chances"),
            (lambda d: d["positions"][0].update(best="9"), "not a legal move"),
            (lambda d: d["positions"][0].update(exact="yes"), "true or false"),
            (lambda d: d.update(level="random"), "unknown level")):
        bad = json.loads(json.dumps(data))
        change(bad)
        with pytest.raises(analysis.AnalysisProblem, match=words):
            analysis.check(bad, spec, states, moves)
    with pytest.raises(analysis.AnalysisProblem):
        analysis.check([1, 2], spec, states, moves)


def test_moves_after_time_was_called_are_judged_under_the_time_rule():
    spec = GAMES["calla"]
    start = spec.new_game(seed=3)
    first = start.play(start.legal_moves()[0])
    called = first.call_time()              # B plays one last turn, and the game is over
    last = called.legal_moves()[0]
    moves = [spec.format_move(start, start.legal_moves()[0]), spec.format_move(called, last)]
    record = make_record({"game": "calla", "options": {}, "seats": seats(2)}, start, moves,
                         extra={"timer": 0, "time_called_ply": 1})
    _spec, _config, states, _moves, _cursor = analysis.replay_as_played(record)
    assert states[1].time_called and states[2].is_over
    assert not game_of(make_record({"game": "calla", "options": {}, "seats": seats(2)}, start,
                                   moves))[1][2].is_over


# --- the worker ---------------------------------------------------------------------------

def test_the_worker_reports_each_position_then_finishes():
    spec, states, moves = game_of(calla_blunder_record())
    analyst = Analyst()
    try:
        analyst.start("calla", [(i, s.position()) for i, s in enumerate(states)], "hard",
                      seed=1, **EXACT)
        arrived = []
        end = time.monotonic() + 30
        while analyst.thinking and time.monotonic() < end:
            arrived += analyst.poll()
            time.sleep(0.01)
        assert analyst.finished and analyst.error is None
        assert [i for i, _ in arrived] == list(range(len(states)))
        assert arrived[0][1]["best"] == "3" and arrived[1][1]["chances"] == [0.0, 1.0]
    finally:
        analyst.close()


def test_the_worker_reports_a_failure_instead_of_dying():
    analyst = Analyst()
    try:
        analyst.start("calla", [(0, {"pits": "nonsense"})], "hard", seed=1)
        end = time.monotonic() + 30
        while analyst.thinking and time.monotonic() < end:
            analyst.poll()
            time.sleep(0.01)
        assert not analyst.finished and "pits" in analyst.error
    finally:
        analyst.close()


# --- the command line ----------------------------------------------------------------------

def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def blunder_file(tmp_path):
    path = tmp_path / "blunder.json"
    path.write_text(json.dumps(calla_blunder_record()), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["analyse", "analyze"])
def test_analyse_prints_one_json_entry_a_move(capsys, blunder_file, command):
    code, out, err = run(capsys, command, blunder_file, "--json", "--iterations", "100000",
                         "--seed", "1")
    assert code == 0 and err == ""
    data = json.loads(out)
    record = json.loads(blunder_file.read_text())
    assert data["game"] == "calla" and data["level"] == "hard" and data["seed"] == 1
    assert data["players"] == ["Ann", "Bob"] and data["start"] == [1.0, 0.0]
    assert len(data["moves"]) == len(record["moves"])
    assert [m["move"] for m in data["moves"]] == record["moves"]
    for ply, entry in enumerate(data["moves"], start=1):
        assert set(entry) == {"ply", "player", "move", "before", "after", "best", "drop",
                              "mistake", "exact"}
        assert entry["ply"] == ply and len(entry["before"]) == len(entry["after"]) == 2
    first = data["moves"][0]
    assert first["mistake"] and first["best"] == "3" and first["drop"] == 1.0 and first["exact"]
    assert [m["ply"] for m in data["moves"] if m["mistake"]] == [1]


def test_analyse_prints_a_line_a_move(capsys, blunder_file):
    code, out, _ = run(capsys, "analyse", blunder_file, "--iterations", "100000", "--seed", "1")
    lines = out.splitlines()
    moves = json.loads(blunder_file.read_text())["moves"]
    assert code == 0 and lines[0].startswith("Calla: ") and len(lines) == len(moves) + 2
    assert "Ann" in lines[1] and "100% ->   0%" in lines[1] and "best 3" in lines[1]
    assert lines[1].endswith("mistake") and lines[-1] == "mistakes: 1"


@pytest.mark.parametrize("content, words", [
    (None, "does not exist"),
    ("{not json", "blunder.json"),
    ('{"format": "something else"}', "not a Callidus saved game"),
])
def test_analyse_refuses_a_bad_file_in_one_line(capsys, tmp_path, content, words):
    path = tmp_path / "blunder.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "analyse", path)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and words in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("flags, words", [
    (["--level", "random"], "unknown level 'random'"),
    (["--iterations", "0"], "--iterations must be 1 or more"),
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_analyse_refuses_a_bad_flag_in_one_line(capsys, blunder_file, flags, words):
    code, out, err = run(capsys, "analyse", blunder_file, *flags)
    assert code == 2 and out == "" and words in err and len(err.splitlines()) == 1


def test_a_damaged_record_is_refused_at_its_first_bad_move(capsys, tmp_path):
    record = calla_blunder_record()
    record["moves"][1] = "9"
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run(capsys, "analyse", path)
    assert code == 2 and "move 2 '9'" in err
