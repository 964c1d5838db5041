"""Saved games: written whole, read back by replaying, damaged files refused clearly."""

import json

import pytest

from game import GAMES
from game.records.record import RecordProblem, load, make_record, replay, save

CONFIG = {"game": "calla", "variant": "standard", "options": {},
          "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]}


def calla_record(moves=("3", "1", "2"), cursor=None):
    return make_record(CONFIG, GAMES["calla"].new_game(), list(moves), cursor)


def test_round_trip_replays_to_the_same_position(tmp_path):
    path = tmp_path / "game.json"
    save(path, calla_record())
    spec, config, states, moves, cursor = load(path)
    expected = GAMES["calla"].new_game().play(3).play(1).play(2)
    assert states[-1] == expected and cursor == 3 and moves == ["3", "1", "2"]
    assert config["seats"][0]["name"] == "Ann"


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(format="other"), "format"),
    (lambda r: r.update(version=99), "version"),
    (lambda r: r.update(game="chess"), "game"),
    (lambda r: r.update(moves=["3", "9"]), "move 2 '9'"),
    (lambda r: r.update(moves=["1", "1", "1"]), "move 3 '1'"),
    (lambda r: r.update(cursor=7), "cursor"),
    (lambda r: r["config"].update(seats=[{"name": "x", "kind": "human"}]), "seats"),
    (lambda r: r.update(start={"pits": [40] + [0] * 11}), "start position"),
    (lambda r: r.update(moves="3 1"), "moves"),
])
def test_damaged_records_are_refused_with_the_reason(change, message):
    record = calla_record()
    change(record)
    with pytest.raises(RecordProblem, match=message):
        replay(record)


def test_unreadable_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ half a file")
    with pytest.raises(RecordProblem, match="damaged"):
        load(bad)
    with pytest.raises(RecordProblem, match="does not exist"):
        load(tmp_path / "missing.json")
    bad.write_text(json.dumps([1, 2]))
    with pytest.raises(RecordProblem, match="not a saved game"):
        load(bad)


def test_save_is_atomic_and_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "game.json"
    save(path, calla_record())
    save(path, calla_record(("3",)))
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert json.loads(path.read_text())["moves"] == ["3"]
