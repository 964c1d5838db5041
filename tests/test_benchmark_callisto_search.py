"""The search speed measurement of ``benchmarks/callisto_search.py``: the positions it takes
from a kept record, and a record that is not one named before anything is searched (the
search itself is a stand-in here)."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from helpers import (any_file_goes_on_or_is_named, bad_file_is_named, folder_is_named,
                     load_script)

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "callisto_search.py"


@pytest.fixture(scope="module")
def bench():
    return load_script(SCRIPT, "bench_callisto_search")


def _searches(monkeypatch, bench):
    """Stand in for the search: each call noted, answering at once."""
    asked = []
    monkeypatch.setattr(bench, "choose_move",
                        lambda game, state, level, rng, **kw: asked.append(state) or "e9")
    return asked


def test_the_kept_record_gives_the_second_players_nine_positions(bench, monkeypatch, capsys):
    asked = _searches(monkeypatch, bench)
    assert bench.main(5) == 0
    assert all(state.to_move == 1 for state in bench.positions())
    # the warm-up, then each of the nine positions once
    assert len(asked) == 10
    assert "iterations a second over 9 positions" in capsys.readouterr().out


def test_a_record_of_its_own_is_read_the_same_way(bench, monkeypatch, tmp_path, capsys):
    games = [line for line in bench.RECORDS.read_text().splitlines()
             if json.loads(line)["project_player"] == 1]
    record = tmp_path / "record.jsonl"
    record.write_text(games[0] + "\n\n" + games[1] + "\n")
    monkeypatch.setattr(bench, "RECORDS", record)
    asked = _searches(monkeypatch, bench)
    assert bench.main(5) == 0
    assert len(asked) == 7              # the warm-up and three positions of each game
    assert "over 6 positions" in capsys.readouterr().out


@pytest.mark.parametrize("content, said", [
    (b'{"project_player": 1, "moves": []}\n[1]\n', "record.jsonl, line 2: not a JSON object"),
    (b"3\n", "record.jsonl, line 1: not a JSON object"),
    (b"\xff\xfe\x00garbage\n", "record.jsonl is not a text file"),
    (b'{"project_player": 1, "moves": [{"move": "zz"}]}\n', "record.jsonl, line 1: not a game"),
    (b'{"project_player": 1, "moves": [{"move": "e9"}, {"mov": "k7"}]}\n',
     "record.jsonl, line 1: not a game"),
    (b'{"project_player": 0, "moves": []}\n', "record.jsonl: no game of ten moves"),
], ids=["a list", "a number", "not text", "a bad move", "no move", "no second player"])
def test_a_record_that_is_not_one_is_named_and_nothing_is_searched(
        bench, monkeypatch, tmp_path, capsys, content, said):
    record = tmp_path / "record.jsonl"
    monkeypatch.setattr(bench, "RECORDS", record)
    asked = _searches(monkeypatch, bench)
    bad_file_is_named(capsys, record, content, lambda: (bench.main(5), asked), said)


def test_a_record_that_is_a_folder_is_named(bench, monkeypatch, tmp_path, capsys):
    folder = tmp_path / "record.jsonl"
    monkeypatch.setattr(bench, "RECORDS", folder)
    asked = _searches(monkeypatch, bench)
    folder_is_named(capsys, folder, lambda: (bench.main(5), asked))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.binary(max_size=40).map(repr),
                          st.just('{"project_player": 1, "moves": [{"move": "e9"}]}'),
                          st.just('{"project_player": 1, "moves": "e9"}'),
                          st.just('{"project_player": 1, "moves": [1, 2]}'),
                          st.just("[]"), st.just("null"), st.just("[" * 100 + "]" * 100)),
                max_size=4))
def test_any_record_is_searched_or_named_never_an_exception(bench, tmp_path_factory, lines):
    record = tmp_path_factory.mktemp("r") / "record.jsonl"

    def run(patch):
        patch.setattr(bench, "RECORDS", record)
        asked = _searches(patch, bench)
        return bench.main(5), asked
    any_file_goes_on_or_is_named(record, lines, run, "callisto_search: cannot read the record: ",
                                 grows=False)
