"""The measurement against Pentobi: its phase option, what its summary says of a record and
how a run goes on from a record a stopped run left (Pentobi itself is not needed: the
records are written here)."""

import argparse
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

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


# --- going on from a record a stopped run left ---------------------------------------

ROWS = st.lists(st.dictionaries(st.sampled_from(["game", "seed", "result", "moves"]),
                                st.one_of(st.integers(-5, 10 ** 6), st.text(max_size=8),
                                          st.lists(st.integers(0, 9), max_size=3)),
                                min_size=1),
                min_size=1, max_size=5)


@settings(max_examples=80, deadline=None)
@given(rows=ROWS, data=st.data())
def test_a_record_cut_anywhere_goes_on_from_its_whole_lines_and_keeps_the_rest_aside(
        bench, tmp_path_factory, rows, data):
    """A run stopped while appending leaves its record cut anywhere in its last line: the
    next run goes on from the lines before it, the record as it was is kept beside it byte
    for byte, and what the next run appends reads as a line of its own."""
    folder = tmp_path_factory.mktemp("cut")
    record = folder / "match.jsonl"
    lines = [json.dumps(row) + "\n" for row in rows]
    text = "".join(lines)
    cut = data.draw(st.integers(len(text) - len(lines[-1]), len(text)), label="cut")
    record.write_text(text[:cut])
    kept, said = bench.resume_records(record)
    aside = [p for p in folder.iterdir() if p != record]
    whole_lines = len(lines) if cut >= len(text) - 1 else len(lines) - 1
    # the last line cut before its newline only is whole: it gets its newline
    assert [row for _, row in kept] == rows[:whole_lines]
    assert [n for n, _ in kept] == list(range(1, whole_lines + 1))
    if cut == len(text):
        assert said is None and aside == []
    elif cut == len(text) - 1:
        assert "lacked its newline" in said and aside == []
    elif cut == len(text) - len(lines[-1]):
        assert said is None and aside == []     # the run stopped between two lines
    else:
        assert f"line {len(lines)} was cut short" in said
        [copy] = aside
        assert copy.name.startswith("match.damaged-") and copy.name.endswith(".jsonl")
        assert copy.name in said and copy.read_text() == text[:cut]
    assert record.read_text() == "".join(lines[:whole_lines])
    with open(record, "a") as f:
        f.write(json.dumps({"game": 99}) + "\n")
    assert bench.read_records(record) == rows[:whole_lines] + [{"game": 99}]


@pytest.mark.parametrize("content, said", [
    (b'{"game": 0}\n[1]\n{"game": 2, "se', "match.jsonl, line 2: not a JSON object"),
    (b'{"game": 0}\n{"game": "x"}\n{"game": 2', "match.jsonl, line 2: not a game"),
    (b'{"game": "x"}', "match.jsonl, line 1: not a game"),
], ids=["a bad line before the cut", "a line the check refuses", "a whole last line refused"])
def test_a_record_with_a_bad_line_besides_a_cut_one_is_refused_and_left_as_it_was(
        bench, tmp_path, content, said):
    record = tmp_path / "match.jsonl"
    record.write_bytes(content)
    with pytest.raises(ValueError, match=said):
        bench.resume_records(record, lambda row: type(row["game"]) is int, "a game")
    assert record.read_bytes() == content and list(tmp_path.iterdir()) == [record]


def test_no_record_yet_is_nothing_to_go_on_from(bench, tmp_path):
    assert bench.resume_records(tmp_path / "none.jsonl") == ([], None)
    assert list(tmp_path.iterdir()) == []


def test_a_summary_gives_the_processor_by_the_seats_move_number(bench, tmp_path):
    """Only our level's own moves count, numbered among its seat's moves (a phase record's
    stand-in moves hold the numbers they take but give no seconds)."""
    record = tmp_path / "match.jsonl"
    first = json.loads(_row(0, 0, [65, 60], "win"))
    second = json.loads(_row(1, 1, [60, 65], "loss"))
    second["moves"].append(dict(colour=0, who="pentobi", move="e10", wall=0.1, cpu=0.1))
    second["moves"].append(dict(colour=1, who="project", move="k8", wall=3.0, cpu=2.0))
    phase = json.loads(_row(3, 1, [60, 65], "loss"))
    phase["moves"][1]["who"] = "pentobi"       # the seat's move 0 played by the stand-in
    phase["moves"].append(dict(colour=1, who="project", move="k8", wall=1.0, cpu=1.0))
    record.write_text("".join(json.dumps(r) + "\n" for r in (first, second, phase)))
    line = bench.summary(record).splitlines()[1]
    # move 0: 0.4 (first seat) and 1.2 (second); move 1: 2.0 and 1.0
    assert line.endswith("processor a move by the seat's move number (seconds): "
                         "0: 0.80, 1: 1.50")


@pytest.mark.parametrize("content", [
    '\ufeff{"game": 0}\n{"game": 1, "se'.encode(),
    '{"game": 0}\n{"name": "\u200b\u202eAnn'.encode(),
    b'{"game": 0}\n\x00\x00',
    b'{"game": 0}\n' + b"[" * 5000 + b"]" * 5000,
], ids=["a byte order mark", "format characters", "nul bytes", "nested too deep"])
def test_a_last_line_left_out_is_kept_aside_byte_for_byte(bench, tmp_path, content):
    record = tmp_path / "match.jsonl"
    record.write_bytes(content)
    kept, said = bench.resume_records(record)
    assert [row for _, row in kept] == [{"game": 0}] and "line 2 was cut short" in said
    [copy] = [p for p in tmp_path.iterdir() if p != record]
    assert copy.read_bytes() == content and bench.read_records(record) == [{"game": 0}]


def test_a_stand_in_of_another_level_is_named_and_needs_a_phase(bench, tmp_path, capsys):
    record = tmp_path / "opening.jsonl"
    row = json.loads(_row(1, 1, [62, 61], "win", (6, None)))
    row["stand_in"] = 8
    record.write_text(json.dumps(row) + "\n")
    assert "moves 6 to the end only, Pentobi level 8 its others" in bench.summary(record)
    with pytest.raises(SystemExit):
        bench.main(["--seat", "second", "--stand-in", "8"])
    assert "--stand-in needs --moves" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main(["--seat", "second", "--moves", "6:", "--stand-in", "10"])
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize("argv, named", [
    (["--level", "expert", "--pentobi", "5", "--seed", "50"],
     "game 1 was played with our level hard, this run asks for expert"),
    (["--level", "hard", "--pentobi", "6", "--seed", "50"],
     "game 1 was played with Pentobi's level 5, this run asks for 6"),
    (["--level", "hard", "--pentobi", "5", "--seed", "33"],
     "game 1 was played with the seed 50001, this run asks for 33001"),
    (["--level", "hard", "--pentobi", "5", "--seed", "50", "--seat", "first"],
     "game 1 was played with our seat 1, this run asks for 0"),
    (["--level", "hard", "--pentobi", "5", "--seed", "50", "--seat", "second",
      "--moves", "6:", "--stand-in", "8"],
     "game 1 was played with --moves (none), this run asks for 6:"),
], ids=["another level", "another Pentobi", "another seed", "another seat", "a phase"])
def test_a_run_refuses_to_append_games_of_another_kind_to_a_record(
        bench, tmp_path, capsys, monkeypatch, argv, named):
    """A record holds one kind of match: a run asked to go on from it with other options
    would mix games its summary then counts as one match; it is refused, naming the option
    and the line, before any game is played or the record touched."""
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "pentobi-gtp").write_text("")
    (tmp_path / "gtp.py").write_text("")
    record = tmp_path / "match.jsonl"
    content = _row(1, 1, [60, 64], "win") + "\n"
    record.write_text(content)
    played = []
    monkeypatch.setattr(bench, "play_games", lambda *args: played.append(args) or 0)
    assert bench.main(["--pentobi-dir", str(tmp_path), "--games", "2", "--out", str(record)]
                      + argv) == 2
    said = capsys.readouterr().out
    assert f"match.jsonl, line 1: {named}" in said and "give another --out" in said
    assert played == [] and record.read_text() == content
    # the same options the game was played with go on from it
    assert bench.main(["--pentobi-dir", str(tmp_path), "--games", "2", "--out", str(record),
                       "--level", "hard", "--pentobi", "5", "--seed", "50"]) == 0
    assert len(played) == 1 and played[0][3] == 1


def test_a_summary_shows_what_a_record_holds_without_its_invisible_characters(bench, tmp_path):
    record = tmp_path / "odd.jsonl"
    row = json.loads(_row(1, 1, [62, 61], "win", (6, None)))
    row["level"] = "hard\u202e\u200b"
    row["stand_in"] = "8" * 5000
    record.write_text(json.dumps(row) + "\n")
    text = bench.summary(record)
    assert "odd.jsonl: hard\\u202e\\u200b against Pentobi level 5" in text
    assert "8" * 5000 not in text and "Pentobi level 888" in text
