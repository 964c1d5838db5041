"""The openings measurement of ``benchmarks/callisto.py``: what the search's playouts say of the
openings of kept games, and a record that is not one named by its line."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from helpers import load_script

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "callisto.py"


@pytest.fixture(scope="module")
def bench():
    return load_script(SCRIPT, "bench_callisto")


def _game(first, second, scores):
    moves = [dict(colour=i % 2, move=m) for i, m in enumerate(first[:1] + second[:1]
                                                             + first[1:] + second[1:])]
    return json.dumps(dict(variant="callisto_2", scores=scores, moves=moves))


def test_the_openings_of_kept_games_are_judged_and_their_results_counted(bench, tmp_path):
    record = tmp_path / "record.jsonl"
    record.write_text("\n".join([_game(["e9", "j6"], ["k7", "g11"], [60, 55]),
                                 _game(["e9", "g6"], ["k7", "g11"], [61, 61]), ""]) + "\n")
    said = bench.openings(record, 20)
    assert said.startswith("record.jsonl: from the openings of 2 games, 20 playouts each")
    assert said.endswith("the first player won 1 of those 2 games")


def test_an_opening_that_breaks_the_rules_is_named_by_its_line(bench, tmp_path):
    record = tmp_path / "record.jsonl"
    record.write_text(_game(["e9", "j6"], ["k7", "g11"], [60, 55]) + "\n"
                      + _game(["e9", "e9"], ["k7", "g11"], [60, 55]) + "\n")
    with pytest.raises(ValueError, match=r"^record\.jsonl, line 2: not a game"):
        bench.openings(record, 5)


def test_a_record_that_is_not_one_ends_the_run_naming_it(bench, tmp_path, capsys):
    record = tmp_path / "record.jsonl"
    record.write_bytes(b'{"variant": "callisto_2"}\n\xff\xfe[1]\n')
    assert bench.cli(["--openings", str(record), "--playouts", "2"]) == 2
    err = capsys.readouterr().err
    assert "cannot judge the openings" in err and "record.jsonl" in err
    assert record.read_bytes() == b'{"variant": "callisto_2"}\n\xff\xfe[1]\n'


def test_bad_options_are_refused_with_their_reason(bench, tmp_path, capsys):
    with pytest.raises(SystemExit):
        bench.cli(["--openings", str(tmp_path / "absent.jsonl")])
    assert "no such record" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.cli(["--openings", str(tmp_path), "--playouts", "0"])
    assert "not a positive whole number" in capsys.readouterr().err


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.binary(max_size=40).map(repr),
                          st.just('{"variant": "callisto_2", "moves": [1, 2, 3, 4]}'),
                          st.just('{"variant": "callisto_2", "scores": ["a", 1], "moves": '
                                  '[{"move": "f10"}, {"move": "k7"}, {"move": "g9"}, '
                                  '{"move": "j8"}]}'),
                          st.just("[]"), st.just("null")), max_size=4))
def test_any_record_gets_a_sentence_never_an_exception(bench, tmp_path_factory, lines):
    record = tmp_path_factory.mktemp("r") / "record.jsonl"
    record.write_text("\n".join(lines))
    try:
        said = bench.openings(record, 2)
    except ValueError as exc:
        said = str(exc)
    assert said.startswith("record.jsonl")
