"""The kill measurement (``benchmarks/kill_autosave.py``): a rerun goes on from the kills its file
keeps, a kept file that is not one of its files is named before anything is run or written, and
the moves the program noted are read whatever else a line holds (the kills themselves are
stand-ins here: no program is started)."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from helpers import (any_file_goes_on_or_is_named, bad_file_is_named, folder_is_named,
                     load_script)

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "kill_autosave.py"


@pytest.fixture(scope="module")
def bench():
    return load_script(SCRIPT, "bench_kill_autosave")


def _kill(index, lost=0, oldest=None):
    return {"index": index, "game": "calla", "target": 3, "delay": 0.1, "shown": 3,
            "over": False, "killed": True, "kept": 3 - lost, "lost": lost,
            "oldest_lost": oldest, "differs": False, "disk_load": False}


def _stand_ins(patch, bench):
    """The kills run, each noted by number: none loses a move."""
    run = []

    def one_kill(index, seed, bound, work):
        run.append(index)
        row = _kill(index)
        del row["disk_load"]
        return row

    patch.setattr(bench, "one_kill", one_kill)
    return run


def test_a_rerun_goes_on_from_the_kills_kept(bench, monkeypatch, tmp_path, capsys):
    run = _stand_ins(monkeypatch, bench)
    kept = tmp_path / "kept.jsonl"
    old = [json.dumps(_kill(0, 2, 0.25)), json.dumps(_kill(1))]
    kept.write_text("\n".join(old) + "\n")
    assert bench.main(["--games", "3", "--out", str(kept)]) == 0
    assert run == [2]
    lines = kept.read_text().splitlines()
    assert lines[:2] == old and json.loads(lines[2])["index"] == 2
    out = capsys.readouterr().out
    assert "3 kills (0 games left out" in out
    assert "kills that lost a move shown for longer than 100 ms: 1" in out
    assert ("largest loss: 2 move(s), the oldest shown 250 ms before the kill (calla, kill 0)"
            in out)
    assert bench.main(["--games", "3", "--out", str(kept)]) == 0
    assert run == [2]


@pytest.mark.parametrize("content, said", [
    (json.dumps(_kill(0)).encode() + b"\n[1]\n", "kept.jsonl, line 2: not a JSON object"),
    (b"3\n", "kept.jsonl, line 1: not a JSON object"),
    (json.dumps(_kill(0)).encode() + b'\n{"index": 1, "ga\n',
     "kept.jsonl, line 2: not a JSON object"),
    (b"\xff\xfe\x00garbage\n", "kept.jsonl is not a text file"),
    (b'{"index": "0"}\n', "kept.jsonl, line 1: not a kill"),
    # a kill that lost a move but not when it was shown
    (json.dumps(_kill(0, 1, None)).encode() + b"\n", "kept.jsonl, line 1: not a kill"),
    (json.dumps({**_kill(0), "lost": "none"}).encode() + b"\n", "kept.jsonl, line 1: not a kill"),
], ids=["a list", "a number", "cut short", "not text", "a named kill", "no age",
        "lost no number"])
def test_a_kept_file_that_is_not_one_is_named_and_left_as_it_was(
        bench, monkeypatch, tmp_path, capsys, content, said):
    run = _stand_ins(monkeypatch, bench)
    kept = tmp_path / "kept.jsonl"
    bad_file_is_named(capsys, kept, content, lambda: (
        bench.main(["--games", "3", "--out", str(kept)]), run), said)


def test_a_kept_file_that_is_a_folder_is_named(bench, monkeypatch, tmp_path, capsys):
    run = _stand_ins(monkeypatch, bench)
    kept = tmp_path / "kept.jsonl"
    folder_is_named(capsys, kept, lambda: (bench.main(["--games", "2", "--out", str(kept)]), run))


def test_the_moves_shown_are_read_past_lines_that_are_not_the_programs(bench, tmp_path):
    shown = tmp_path / "shown.jsonl"
    shown.write_text('[1]\n3\n"over"\nnull\n{"ply": 1, "at": 5.0, "move": "e9"}\n'
                     '{"over": true, "at": 6.0}\n{"ply": 2, "at"')
    moves, over = bench.read_shown(shown)
    assert moves == [{"ply": 1, "at": 5.0, "move": "e9"}] and over
    assert bench.read_shown(tmp_path / "absent.jsonl") == ([], False)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.binary(max_size=40).map(repr),
                          st.sampled_from([json.dumps(_kill(0)), json.dumps(_kill(1, 1, 0.5)),
                                           '{"index": 1}', '{"index": 2, "killed": true}',
                                           '{"index": 1, "killed": true, "error": "ended"}',
                                           "[]", "null"])),
                max_size=4))
def test_any_kept_file_is_gone_on_from_or_named_never_an_exception(bench, tmp_path_factory,
                                                                   lines):
    kept = tmp_path_factory.mktemp("k") / "kept.jsonl"

    def run(patch):
        kills = _stand_ins(patch, bench)
        return bench.main(["--games", "3", "--out", str(kept)]), kills
    any_file_goes_on_or_is_named(
        kept, lines, run, "kill_autosave: cannot go on from the kills kept: ")
