"""The measurement against Pentobi: its phase option and what its summary says of a record
(Pentobi itself is not needed: the records are written here)."""

import argparse
import json
from pathlib import Path

import pytest

from helpers import load_script

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "pentobi.py"


@pytest.fixture(scope="module")
def bench():
    return load_script(SCRIPT, "bench_pentobi")


def test_phases_read_as_move_numbers_and_bad_ones_are_named(bench):
    assert bench._phase("2:6") == (2, 6)
    assert bench._phase("14:") == (14, None)
    assert bench._phase("0:0") == (0, 0)
    for bad in ("2", "a:b", "6:2", "-1:3", ""):
        with pytest.raises(argparse.ArgumentTypeError, match="LO"):
            bench._phase(bad)


def test_moves_without_a_seat_is_refused(bench, capsys):
    with pytest.raises(SystemExit):
        bench.main(["--moves", "2:6"])
    assert "--moves needs --seat" in capsys.readouterr().err


def _row(game, seat, scores, result, phase=None):
    moves = [dict(colour=0, who="project" if seat == 0 else "pentobi", move="e9", wall=0.5,
                  cpu=0.4),
             dict(colour=1, who="project" if seat == 1 else "pentobi", move="k7", wall=1.5,
                  cpu=1.2)]
    row = dict(game=game, seed=50000 + game, variant="callisto_2", level="hard", pentobi=5,
               book=True, project_player=seat, scores=scores, result=result, error=None,
               plies=2, seconds=3.0, moves=moves)
    if phase is not None:
        row["project_moves"] = list(phase)
    return json.dumps(row)


def test_a_summary_counts_each_seat_and_the_points(bench, tmp_path):
    record = tmp_path / "match.jsonl"
    record.write_text("\n".join([
        _row(0, 0, [65, 60], "win"),
        _row(1, 1, [66, 58], "loss"),
        _row(3, 1, [61, 61], "win_tiebreak"),
    ]) + "\n")
    text = bench.summary(record)
    assert "3 games, won 2, lost 1 (1 decided by the tie rule" in text
    assert "as the first player 1 of 1, as the second player 1 of 2" in text
    # +5, -8 and 0 points for our seat
    assert "points -1.00 a game" in text
    assert "our level playing" not in text


def test_a_phase_record_says_which_moves_our_level_played(bench, tmp_path):
    record = tmp_path / "phase.jsonl"
    record.write_text(_row(1, 1, [60, 64], "win", (2, 6)) + "\n")
    assert "our level playing its seat's moves 2 to move 5 only" in bench.summary(record)
    record.write_text(_row(1, 1, [60, 64], "win", (14, None)) + "\n")
    assert "moves 14 to the end only" in bench.summary(record)
    record.write_text(_row(1, 1, [60, 64], "win", (0, 0)) + "\n")
    assert "Pentobi in both seats" in bench.summary(record)


def test_the_games_to_play_alternate_seats_or_keep_one_seats_half(bench):
    assert bench.schedule("both", 5, 0) == [(0, 0), (1, 1), (2, 0), (3, 1), (4, 0)]
    assert bench.schedule("both", 5, 3) == [(3, 1), (4, 0)]
    # one seat: that seat's games of the alternating match, on the same game numbers
    assert bench.schedule("first", 3, 0) == [(0, 0), (2, 0), (4, 0)]
    assert bench.schedule("second", 3, 1) == [(3, 1), (5, 1)]
    assert bench.schedule("second", 2, 2) == []


def test_without_pentobi_the_measurement_names_what_is_missing(bench, tmp_path, capsys):
    assert bench.main(["--pentobi-dir", str(tmp_path), "--games", "1",
                       "--out", str(tmp_path / "x.jsonl")]) == 2
    said = capsys.readouterr().out
    assert "Pentobi is not here" in said and "pentobi-gtp" in said and "gtp.py" in said
    assert not (tmp_path / "x.jsonl").exists()


def test_a_summary_of_what_is_not_a_record_says_so_and_fails(bench, tmp_path, capsys):
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 5000 + "]" * 5000 + "\n")
    other = tmp_path / "other.jsonl"
    other.write_text('{"game": 0}\n')
    assert bench.main(["--summary", str(deep), str(other)]) == 2
    said = capsys.readouterr().out
    assert "deep.jsonl, line 1: not a JSON object" in said and "nested more than" in said
    assert "other.jsonl: not a record of this script" in said
