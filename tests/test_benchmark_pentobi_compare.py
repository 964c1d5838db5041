"""The comparison with Pentobi's moves: how a judge's values are read and summed up, and the
options it refuses (Pentobi itself is not needed: a stand-in answers as its engine does)."""

import argparse
import json
from pathlib import Path

import pytest

from helpers import load_script

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "pentobi_compare.py"


@pytest.fixture(scope="module")
def bench():
    return load_script(SCRIPT, "bench_pentobi_compare")


class Judge:
    """Answers as Pentobi's engine: a board of moves, ``reg_genmove`` searching without
    playing, ``move_values`` listing the replies best first (visits, count, value, move)."""

    def __init__(self, value, blocked=False):
        self.board, self.value, self.blocked = [], value, blocked

    def send(self, command):
        word, _, rest = command.partition(" ")
        if word == "play":
            self.board.append(rest)
        elif word == "undo":
            self.board.pop()
        elif word == "reg_genmove":
            if self.blocked:
                raise RuntimeError("? player failed to generate a move")
            return "a1"
        elif word == "move_values":
            return f"900 901.0 {self.value:.3f} [I5]a1,a2,a3,a4,a5\n40 41.0 0.500 [V3]b1,b2,b3"
        return ""


def test_the_movers_chance_is_one_less_the_best_replys_value_and_the_board_is_restored(bench):
    judge = Judge(0.64)
    judge.board = ["b e9", "w k7"]
    assert bench.judged(judge, "w", "b", "c1,c2") == pytest.approx(0.36)
    assert judge.board == ["b e9", "w k7"]


def test_a_blocked_reply_is_no_judgement_and_the_board_is_still_restored(bench):
    judge = Judge(0.5, blocked=True)
    assert bench.judged(judge, "b", "w", "c1") is None
    assert judge.board == []


def test_the_summary_pairs_each_position_with_pentobis_move(bench):
    rows = [{"chance": {"ours": 0.30, "pentobi": 0.40, "search": 0.40}},
            {"chance": {"ours": 0.50, "pentobi": 0.50, "search": 0.55}},
            {"chance": {"ours": None, "pentobi": 0.50, "search": 0.45}}]
    ours, search = bench.summary_lines(rows, 5, "hard")
    assert ours.startswith("our recorded move against Pentobi level 5's: -0.0500 a move")
    assert "over 2 positions" in ours
    assert search.startswith("hard's search now against Pentobi level 5's: +0.0000 a move")
    assert "over 3 positions" in search


def test_the_standard_error_is_of_the_mean(bench):
    mean, se = bench.mean_se([0.0, 0.2, 0.4, 0.6])
    assert mean == pytest.approx(0.3)
    assert se == pytest.approx((((0.09 + 0.01 + 0.01 + 0.09) / 3) / 4) ** 0.5)


@pytest.mark.parametrize("argv, said", [
    (["--work", "4"], "--work needs --search"),
    (["--search", "hard", "--work", "0"], "--work needs --search"),
    (["--judge", "12"], "--judge takes one of Pentobi's levels"),
    (["--moves", "6:2"], "need 0 <= LO <= HI"),
])
def test_bad_options_are_named(bench, capsys, tmp_path, argv, said):
    with pytest.raises(SystemExit):
        bench.main([str(tmp_path / "record.jsonl")] + argv)
    assert said in capsys.readouterr().err


def test_without_pentobi_the_comparison_says_what_is_missing(bench, tmp_path, capsys):
    record = tmp_path / "record.jsonl"
    record.write_text("")
    assert bench.main([str(record), "--pentobi-dir", str(tmp_path), "--judge", "7"]) == 2
    assert "Pentobi is not here" in capsys.readouterr().out


def test_a_record_or_kept_file_that_is_not_json_lines_is_named_before_anything_runs(
        bench, tmp_path, capsys):
    record = tmp_path / "record.jsonl"
    record.write_text('{"game": 0}\n[1, 2]\n')
    assert bench.main([str(record), "--pentobi-dir", str(tmp_path)]) == 2
    said = capsys.readouterr().out
    assert "record.jsonl, line 2: not a JSON object" in said
    record.write_text('{"game": 0}\n')
    kept = tmp_path / "kept.jsonl"
    kept.write_text('{"seed": 1, "ply": 4}\n{"seed": 1, "ply"\n')
    assert bench.main([str(record), "--out", str(kept), "--pentobi-dir", str(tmp_path)]) == 2
    assert "kept.jsonl, line 2: not a JSON object" in capsys.readouterr().out
    assert kept.read_text() == '{"seed": 1, "ply": 4}\n{"seed": 1, "ply"\n'


def test_several_searches_read_as_levels_with_their_work(bench):
    assert bench._searches("hard,hard*3,expert") == [
        ("hard", "hard", None), ("hard*3", "hard", 3.0), ("expert", "expert", None)]
    assert bench._key(0, "hard") == "search" and bench._key(1, "hard*3") == "search hard*3"
    for bad in ("hardest", "hard*0", "hard*x", "random", "hard*1e9", "", "hard,\u202e"):
        with pytest.raises(argparse.ArgumentTypeError, match="is not a level"):
            bench._searches(bad)


FAKE_GTP = '''
"""Answers as Pentobi's engine would, with the first legal move of the position."""
import sys
sys.path.insert(0, {root!r})
from game.callisto import SPEC


class GtpError(Exception):
    pass


class Gtp:
    def __init__(self, args, name="pentobi"):
        self.name = name
        self.state = SPEC.new_game("callisto_2")

    def send(self, command):
        word, _, rest = command.partition(" ")
        if word == "play":
            self.state = self.state.play(SPEC.parse(self.state, rest.split(" ", 1)[1]))
        elif word == "clear_board":
            self.state = SPEC.new_game("callisto_2")
        elif word == "reg_genmove":
            return SPEC.format_move(self.state, self.state.legal_moves()[0])
        return ""

    def close(self):
        pass
'''

#: A second-seat game's first ten plies (Pentobi's level 5 as the first player).
PLIES = "e9 k7 k10 g11 g7,g8,f9,g9,h9 d9,d10,e10,e11,f11 c8,d8,e8,c9 j4,j5,i6,j6,k6 " \
        "l7,m7,k8,l8,k9 f5,h5,f6,g6,h6".split()


@pytest.mark.parametrize("mover, ply", [("pentobi", 7), ("project", 9)])
def test_the_mover_chooses_whose_positions_are_compared_and_each_search_is_counted(
        bench, tmp_path, capsys, mover, ply):
    """A record of ``pentobi.py --moves`` holds the seat's moves of both programs: the
    positions compared are those of the mover asked for, in the seat's moves asked for."""
    root = Path(__file__).resolve().parent.parent
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "pentobi-gtp").write_text("")
    (tmp_path / "gtp.py").write_text(FAKE_GTP.format(root=str(root)))
    who = {7: "pentobi", 9: "project"}        # the seat's moves 3 and 4
    moves = [dict(colour=i % 2, who=who.get(i, "pentobi"), move=m, wall=0.1, cpu=0.1)
             for i, m in enumerate(PLIES)]
    row = dict(game=1, seed=50001, variant="callisto_2", level="hard", pentobi=5, book=True,
               project_player=1, scores=[0, 0], result="win", error=None, plies=10,
               project_moves=[4, 5], moves=moves)
    record = tmp_path / "phase.jsonl"
    record.write_text(json.dumps(row) + "\n")
    out = tmp_path / "kept.jsonl"
    assert bench.main([str(record), "--games", "1", "--mover", mover, "--moves", "3:6",
                       "--pentobi", "8", "--search", "hard*0.01,medium*0.1",
                       "--out", str(out), "--pentobi-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert f"ply  {ply}:" in said and "1 positions: Pentobi level 8 chose" in said
    assert "hard*0.01's search now chose Pentobi's move in" in said
    assert "medium*0.1's search now chose Pentobi's move in" in said
    [kept] = [json.loads(line) for line in out.read_text().splitlines()]
    assert kept["ply"] == ply and kept["moves"]["ours"] == PLIES[ply]
    assert set(kept["moves"]) == {"ours", "pentobi", "search", "search medium*0.1"}
