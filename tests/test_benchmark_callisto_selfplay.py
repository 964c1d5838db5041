"""Two search settings against each other (``benchmarks/callisto_selfplay.py``): a rerun plays
only the games its file does not keep, a kept file that is not one of its files is named before
anything is played or written, and a side's settings that are not a JSON object are refused
(the games themselves are stand-ins here, played in this process)."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from helpers import (any_file_goes_on_or_is_named, bad_file_is_named, folder_is_named,
                     load_script)

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "callisto_selfplay.py"
SIDES = ["--a", '{"iterations": 5}', "--b", '{"iterations": 5, "c": 0.3}']


@pytest.fixture(scope="module")
def bench():
    return load_script(SCRIPT, "bench_callisto_selfplay")


class InProcess:
    """Stands in for the pool of processes: the games are played here, one after another."""

    def __init__(self, jobs):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map(self, play, jobs):
        return map(play, jobs)


def _stand_ins(patch, bench):
    """The games played, each noted by number: A (moving first in even games) always wins."""
    played = []

    def play(job):
        g, a, b, base, seed = job
        played.append(g)
        return {"game": g, "a_seat": g % 2, "winner": g % 2, "scores": [60, 50]}

    patch.setattr(bench, "ProcessPoolExecutor", InProcess)
    patch.setattr(bench, "play", play)
    return played


def _kept(game):
    return json.dumps({"game": game, "a_seat": game % 2, "winner": 1, "scores": [50, 60]})


def test_a_rerun_plays_only_the_games_not_kept_and_adds_them(bench, monkeypatch, tmp_path,
                                                             capsys):
    played = _stand_ins(monkeypatch, bench)
    kept = tmp_path / "kept.jsonl"
    kept.write_text(_kept(0) + "\n\n" + _kept(2) + "\n")
    assert bench.main(SIDES + ["--games", "4", "--out", str(kept)]) == 0
    assert played == [1, 3]
    lines = kept.read_text().splitlines()
    assert lines[:3] == [_kept(0), "", _kept(2)]
    assert [json.loads(line)["game"] for line in lines[3:]] == [1, 3]
    # the kept games count: A lost games 0 and 2, won 1 and 3
    assert "4 games: A won 2 (as the first player 0 of 2, as the second 2 of 2)" in \
        capsys.readouterr().out
    assert bench.main(SIDES + ["--games", "4", "--out", str(kept)]) == 0
    assert played == [1, 3]


def test_a_game_cut_short_by_a_stopped_run_is_played_again_and_the_file_kept_aside(
        bench, monkeypatch, tmp_path, capsys):
    played = _stand_ins(monkeypatch, bench)
    kept = tmp_path / "kept.jsonl"
    content = _kept(0) + "\n" + _kept(2)[:17]
    kept.write_text(content)
    assert bench.main(SIDES + ["--games", "3", "--out", str(kept)]) == 0
    assert played == [1, 2]
    said = capsys.readouterr().out
    assert "kept.jsonl: line 2 was cut short" in said
    [aside] = [p for p in tmp_path.iterdir() if p != kept]
    assert aside.name in said and aside.read_text() == content
    assert [json.loads(line)["game"] for line in kept.read_text().splitlines()] == [0, 1, 2]


@pytest.mark.parametrize("content, said", [
    (_kept(0).encode() + b"\n[1]\n", "kept.jsonl, line 2: not a JSON object"),
    (b"3\n", "kept.jsonl, line 1: not a JSON object"),
    (_kept(0).encode() + b'\n{"game": 1, "a_seat"\n', "kept.jsonl, line 2: not a JSON object"),
    (b"\xff\xfe\x00garbage\n", "kept.jsonl is not a text file"),
    (b"[" * 5000 + b"]" * 5000 + b"\n", "nested more than"),
    (b'{"game": "1", "a_seat": 1, "winner": 1}\n', "kept.jsonl, line 1: not a game"),
    (b'{"game": 1, "winner": 1}\n', "kept.jsonl, line 1: not a game"),
], ids=["a list", "a number", "cut short", "not text", "too deep", "a named game",
        "no seat"])
def test_a_kept_file_that_is_not_one_is_named_and_left_as_it_was(
        bench, monkeypatch, tmp_path, capsys, content, said):
    played = _stand_ins(monkeypatch, bench)
    kept = tmp_path / "kept.jsonl"
    bad_file_is_named(capsys, kept, content, lambda: (
        bench.main(SIDES + ["--games", "4", "--out", str(kept)]), played), said)


def test_a_kept_file_that_is_a_folder_is_named(bench, monkeypatch, tmp_path, capsys):
    played = _stand_ins(monkeypatch, bench)
    kept = tmp_path / "kept.jsonl"
    folder_is_named(capsys, kept, lambda: (
        bench.main(SIDES + ["--games", "2", "--out", str(kept)]), played))


@pytest.mark.parametrize("argv, said", [
    (["--a", '{"iterations": ', "--b", "{}"], "argument --a: the JSON is damaged"),
    (["--a", "{}", "--b", "[1]"], "argument --b: not a JSON object"),
    (["--a", "{}", "--b", "3"], "argument --b: not a JSON object"),
    (["--a", "[" * 100000, "--b", "{}"], "argument --a: the JSON is damaged: nested"),
    (["--a", '{"speed": 2}', "--b", "{}"], "argument --a: level 'hard': unknown level setting"),
    (["--a", "{}", "--b", '{"iterations": "many"}'], "argument --b: invalid literal"),
], ids=["cut short", "a list", "a number", "too deep", "no such setting", "not a number"])
def test_a_side_that_is_not_a_json_object_of_settings_is_refused_by_its_flag(
        bench, monkeypatch, tmp_path, capsys, argv, said):
    played = _stand_ins(monkeypatch, bench)
    kept = tmp_path / "kept.jsonl"
    with pytest.raises(SystemExit) as stop:
        bench.main(argv + ["--out", str(kept)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert said in err and err.startswith("usage:")
    assert played == [] and not kept.exists()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.binary(max_size=40).map(repr),
                          st.sampled_from([_kept(0), _kept(3), '{"game": 1}', "[]", "null",
                                           '{"game": 2, "a_seat": [], "winner": {}}',
                                           '{"game": 1e5, "a_seat": 0, "winner": 0}'])),
                max_size=4))
def test_any_kept_file_is_resumed_or_named_never_an_exception(bench, tmp_path_factory, lines):
    kept = tmp_path_factory.mktemp("k") / "kept.jsonl"

    def run(patch):
        played = _stand_ins(patch, bench)
        return bench.main(SIDES + ["--games", "4", "--out", str(kept)]), played
    any_file_goes_on_or_is_named(
        kept, lines, run, "callisto_selfplay: cannot go on from the games kept: ")
