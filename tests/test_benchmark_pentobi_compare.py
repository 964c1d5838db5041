"""The comparison with Pentobi's moves: how a judge's values are read and summed up, and the
options it refuses (Pentobi itself is not needed: a stand-in answers as its engine does)."""

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
