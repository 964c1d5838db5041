"""The ladder's summary of kept matches (``benchmarks/strength.py --summary``): what it
says of each match and load, and that a damaged record is named, never a crash."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import load_script

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "strength.py"


@pytest.fixture(scope="module")
def bench():
    return load_script(SCRIPT, "bench_strength")


#: Processor seconds a game of each level (4 moves each): 0.5 s and 0.025 s a move.
CPU = {"hard": 2.0, "medium": 0.1}


def _game(number, seated, winner, moves):
    return {"game": number, "moves": moves, "plies": len(moves), "reason": "",
            "scores": [17, 12], "seated": seated, "start": {}, "winner": winner,
            "timing": [[4, CPU[level] + 0.1, 0.9, CPU[level], 0] for level in seated]}


def _record(path, games):
    path.write_text(json.dumps({
        "balanced": True, "cap": False, "format": "callidus-match-1", "game": "calla",
        "games": {str(g["game"]): g for g in games}, "opening": 4, "options": {},
        "players": ["hard", "medium"], "seed": 1, "variant": "standard"}))


def test_each_load_kept_is_told_by_seat_with_the_games_alike(bench, tmp_path):
    load0 = bench.record_path(tmp_path, "calla", "hard", "medium", 1, 0, cap=False)
    load2 = bench.record_path(tmp_path, "calla", "hard", "medium", 1, 2, cap=False)
    _record(load0, [
        _game(0, ["hard", "medium"], 0, [1, 2, 3]),     # won as the first player
        _game(1, ["medium", "hard"], 0, [4, 5]),        # lost as the second
        _game(2, ["hard", "medium"], None, [2, 2]),     # drawn
        _game(3, ["medium", "hard"], 1, [3, 1]),        # won as the second
    ])
    _record(load2, [
        _game(0, ["hard", "medium"], 0, [1, 2, 3]),
        _game(1, ["medium", "hard"], 1, [4, 1]),        # not the same moves
    ])
    lines = bench.summary(tmp_path, ["calla"], [("hard", "medium")], 1, cap=False)
    assert lines[0] == ("calla hard v medium, load 0: 2-1-1 in 4 games (as the first player 1 "
                        "of 2, as the second 1 of 2); processor a move: hard 0.50 s, "
                        "medium 0.025 s")
    assert lines[1].startswith("calla hard v medium, load 2: 2-0-0 in 2 games "
                               "(as the first player 1 of 1, as the second 1 of 1)")
    assert lines[1].endswith("the same as at load 0: 1 of 2 games")
    assert len(lines) == 2


def test_a_match_never_played_and_one_with_other_settings_say_so(bench, tmp_path):
    # a record under another digest (levels changed since) is not counted
    (tmp_path / "calla-hard-medium-000000-nocap-seed1-load0.json").write_text("{}")
    lines = bench.summary(tmp_path, ["calla"], [("hard", "medium")], 1, cap=False)
    assert lines == [f"calla hard v medium: no games kept "
                     f"({bench.record_path(tmp_path, 'calla', 'hard', 'medium', 1, 0, False).name.rsplit('-load', 1)[0]})"]


def test_a_damaged_record_is_named_and_the_others_still_told(bench, tmp_path):
    load0 = bench.record_path(tmp_path, "calla", "hard", "medium", 1, 0, cap=False)
    load2 = bench.record_path(tmp_path, "calla", "hard", "medium", 1, 2, cap=False)
    load0.write_text("{ not json")
    _record(load2, [_game(0, ["hard", "medium"], 0, [1])])
    lines = bench.summary(tmp_path, ["calla"], [("hard", "medium")], 1, cap=False)
    assert lines[0].startswith("calla hard v medium, load 0:") and load0.name in lines[0]
    assert lines[1].startswith("calla hard v medium, load 2: 1-0-0 in 1 games")
    assert load0.read_text() == "{ not json"       # left as it was


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                          lambda inner: st.lists(inner, max_size=3)
                          | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                          max_leaves=12))
def test_any_shape_of_games_is_told_as_unreadable_never_a_crash(bench, tmp_path, games):
    load0 = bench.record_path(tmp_path, "calla", "hard", "medium", 1, 0, cap=False)
    load0.write_text(json.dumps({"format": "callidus-match-1", "players": ["hard", "medium"],
                                 "games": games}))
    lines = bench.summary(tmp_path, ["calla"], [("hard", "medium")], 1, cap=False)
    assert len(lines) == 1 and lines[0].startswith("calla hard v medium, load 0: ")


def test_a_pair_that_is_not_two_levels_is_refused(bench, capsys):
    with pytest.raises(SystemExit):
        bench.main(["calla", "--summary", "--pairs", "hard-medum"])
    assert "--pairs: 'hard-medum' is not two levels like hard-medium" in capsys.readouterr().err


def test_a_setting_added_to_the_levels_leaves_the_records_of_levels_without_it(bench):
    """A match's records are found by a digest of its levels' settings: a new setting at its
    default must not move every match to a new, empty record; set, it must."""
    from dataclasses import asdict, field, make_dataclass

    from game.ai.levels import Level, level_for
    hard = level_for("callisto", "hard", None, "callisto_2")
    newer = make_dataclass("Level", [("replies", bool, field(default=False))], bases=(Level,),
                           frozen=True)
    same = newer(**asdict(hard))
    assert bench.settings_text(same) == bench.settings_text(hard)
    assert bench.settings_text(newer(**asdict(hard), replies=True)) \
        == bench.settings_text(hard)[:-1] + ", replies=True)"
    # every setting the records began with counts, at its default or not
    assert bench.settings_text(hard.but(traps=True)) != bench.settings_text(hard)
    assert "traps=False" in bench.settings_text(hard)
    # the digest of the matches kept so far: each level's settings as its repr gave them
    if {f for f in asdict(hard)} == set(bench.DIGEST_SETTINGS):
        assert bench.settings_text(hard) == repr(hard)
